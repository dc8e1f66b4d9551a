"""Issue #41, seed 000 movement and air-transport rules: blitzes ending in friendly
territory (R3), air transports crossing hostile territory under interception (G14/R7),
cargo unloaded at the end of the flight (Cargo), tracks under Fieldcraft (G3)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import Airdrop, EndPhase, Move, apply, new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import movement

FIXTURES = Path(__file__).parents[1] / "fixtures"


def mini(units, owners=None, spaces=None, phase="combat_move", player="red", rs=None):
    """The mini map (a1 - a2 - m - b2 - b1 - c) on interwar; `owners` overrides territory
    owners, `spaces` SpaceDef fields per space; play starts at purchase and moves on to
    `phase`."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sp = dict(sc.spaces)
    for k, kw in (spaces or {}).items():
        sp[k] = replace(sp[k], **kw)
    so = {**sc.start_owners, **(owners or {})}
    sc = replace(sc, start_units=tuple(units), spaces=sp, start_owners=so, ruleset_id="interwar")
    s = new_game(sc, rs or load_ruleset("interwar"), 1)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.phase_idx = 0
    while s.phase != phase:
        s = apply(s, EndPhase())
    return s


def of(s, owner, utype):
    return [u for u in sorted(s.units.values(), key=lambda u: u.uid) if u.owner == owner and u.type == utype]


# --- blitz (seed 000 R3: CAVALRY L135, ARMORED CAR L187, ARMOR L361-363) -------------------
def test_blitz_may_end_in_a_friendly_territory():
    # seed 000 ARMOR, Blitz: "a 2-space move that can end in a friendly or hostile territory"
    s = mini([("a2", "red", "armor", 1)], owners={"b2": "red"})
    arm = of(s, "red", "armor")[0]
    assert movement.reachable(s, [arm])["b2"] == ("m", "b2")
    s2 = apply(s, Move((arm.uid,), ("m", "b2")))
    assert s2.owners["m"] == "red"                      # the empty territory is taken on the way
    assert s2.units[arm.uid].space == "b2" and not s2.units[arm.uid].in_combat
    assert "b2" not in s2.zone.battles
    s3 = apply(s2, EndPhase())                          # no battle: on to the non-combat move
    while s3.phase != "noncombat_move":
        s3 = apply(s3, EndPhase())
    assert movement.reachable(s3, [s3.units[arm.uid]]) == {}   # the blitz was its whole move


def test_blitz_may_end_where_it_started():
    # seed 000 ARMOR, Blitz: "The second territory can be friendly or hostile, or even the
    # space the tank came from."
    s = mini([("a2", "red", "armor", 1)])
    arm = of(s, "red", "armor")[0]
    s2 = apply(s, Move((arm.uid,), ("m", "a2")))
    assert s2.owners["m"] == "red" and s2.units[arm.uid].space == "a2"


def test_reachable_through_a_waypoint_offers_the_blitz_back():
    # seed 000: Cavalry/Armored car "Blitz": "or even the space the [unit] came from"; the
    # interface offers it through a waypoint (reachable's `via`), every path a legal move
    s = mini([("a2", "red", "armor", 1)], owners={"b2": "red"})
    arm = of(s, "red", "armor")[0]
    assert "a2" not in movement.reachable(s, [arm])          # no waypoint: no way back offered
    onward = movement.reachable(s, [arm], via=("m",))
    assert onward == {"m": ("m",), "a2": ("m", "a2"), "b2": ("m", "b2")}
    for path in onward.values():
        movement.check_path(s, [arm], path)
    assert movement.reachable(s, [arm], via=("a1",)) == {}   # no combat move ends in or beyond Alpha
    t = mini([("a2", "red", "armor", 1), ("m", "blue", "infantry", 1)])
    assert movement.reachable(t, [of(t, "red", "armor")[0]], via=("m",)) == {"m": ("m",)}   # must stop


def test_a_plain_combat_move_still_ends_in_hostile_territory():
    # seed 000 R3: only a blitz (through an empty hostile territory) may end in a friendly one
    s = mini([("a1", "red", "armor", 1), ("a1", "red", "infantry", 1), ("m", "blue", "infantry", 1)],
             owners={"b2": "red"})
    arm, inf = of(s, "red", "armor")[0], of(s, "red", "infantry")[0]
    with pytest.raises(IllegalAction, match="only move into enemy territory"):
        apply(s, Move((arm.uid,), ("a2",)))
    assert "blitz" in movement.explain(s, [arm], "a2")
    assert "blitz" not in movement.explain(s, [inf], "a2")
    # a defended territory cannot be blitzed through, so b2 is out of reach
    s = mini([("a2", "red", "armor", 1), ("m", "blue", "infantry", 1)], owners={"b2": "red"})
    arm = of(s, "red", "armor")[0]
    assert "b2" not in movement.reachable(s, [arm])
    with pytest.raises(IllegalAction):
        apply(s, Move((arm.uid,), ("m", "b2")))


def test_blitz_to_friendly_territory_captures_aaa_on_the_way():
    # seed 000 ARMOR, Blitz: "may blitz through a territory that contains an AAA (the AAA is
    # considered captured and immediately switches sides)"
    s = mini([("a2", "red", "armor", 1), ("m", "blue", "aaa", 1)], owners={"b2": "red"})
    arm = of(s, "red", "armor")[0]
    s2 = apply(s, Move((arm.uid,), ("m", "b2")))
    assert s2.owners["m"] == "red" and [u.owner for u in s2.units_in("m")] == ["red"]


# --- air cargo (seed 000 TRANSPORT AIRCRAFT, Cargo) -------------------------------------------
def test_cargo_is_unloaded_at_the_end_of_the_transports_move():
    # seed 000 TRANSPORT AIRCRAFT, Cargo: "Infantry are unloaded at the conclusion of an air
    # transport's movement" -- the transport does not fly on after setting them down
    s = mini([("a1", "red", "transport_aircraft", 1), ("a1", "red", "infantry", 1)],
             phase="noncombat_move")
    t, inf = of(s, "red", "transport_aircraft")[0], of(s, "red", "infantry")[0]
    s2 = apply(s, Airdrop((t.uid, inf.uid), "a2"))
    assert s2.units[inf.uid].space == "a2" and s2.units[inf.uid].carried_by is None
    assert movement.reachable(s2, [s2.units[t.uid]]) == {}
    with pytest.raises(IllegalAction):
        apply(s2, Move((t.uid,), ("a1",)))


# --- tracks (seed 000 AUXILIARIES, Fieldcraft; G3, a supplied rule) ---------------------------
def test_fieldcraft_lets_an_auxiliary_march_where_other_move_1_units_cannot():
    # seed 000 AUXILIARIES, Fieldcraft: "This unit does not suffer movement penalties when
    # using tracks." With tracks costing 1 extra movement point (G3), a Move 1 heavy
    # artillery cannot march into a track space; a Move 1 auxiliary can. A Move 2 infantry
    # enters one and stops there.
    s = mini([("a2", "red", "auxiliary", 1), ("a2", "red", "heavy_artillery", 1), ("a2", "red", "infantry", 1)],
             owners={"m": "red", "b2": "red"}, phase="noncombat_move", spaces={"m": {"terrain": ("track",)}})
    aux, art = of(s, "red", "auxiliary")[0], of(s, "red", "heavy_artillery")[0]
    inf = of(s, "red", "infantry")[0]
    assert "m" in movement.reachable(s, [aux])
    assert "m" not in movement.reachable(s, [art])
    assert "m" not in movement.reachable(s, [aux, art])      # together they pay the gun's cost
    assert "tracks" in movement.explain(s, [art], "m")
    with pytest.raises(IllegalAction, match="tracks"):
        apply(s, Move((art.uid,), ("m",)))
    assert apply(s, Move((aux.uid,), ("m",))).units[aux.uid].space == "m"
    assert "m" in movement.reachable(s, [inf]) and "b2" not in movement.reachable(s, [inf])
    s2 = apply(s, Move((inf.uid,), ("m",)))
    assert movement.moves_left(s2, s2.units[inf.uid]) == 0
