"""Air drops, assault landings and air transport on hex maps (seed 003 15.A, 15.B, 15.M.2,
15.X.1-3 with a conventional version of the cited rule 23.G, docs/interpretations.md)."""
from __future__ import annotations

import pytest
from hexkit import hexgame, uid_of

from game.rules.actions import Airdrop, Attack, apply
from game.rules.errors import IllegalAction
from game.rules.hex import airdrop as hexairdrop

AIR = "air_transport:\n  red: {re: 2, glider_re: 1, range: 5}\n"


def game(units, **kw):
    return hexgame(units, features={(0, 2): ["airfield"], (5, 2): ["airfield"], **kw.pop("features", {})},
                   extra=AIR, **kw)


def test_parachute_drop_roll_and_disruption():
    # seed 003: 15.A.2 parachute units may make an air drop (23.G.2.b): roll 3 = disrupted
    s = game([(0, 2, "red", "parachute"), (6, 4, "blue", "infantry_brigade")], dice=(3,))
    u = uid_of(s, "0,2", "parachute")
    s2 = apply(s, Airdrop((u,), "3,2"))
    assert s2.units[u].space == "3,2" and s2.owners["3,2"] == "red"
    assert u in s2.hexturn.disrupted and s2.hexturn.airlift == (1.0, 0.0)
    s2.phase_idx = s2.ruleset.phases.index("combat")
    assert hexairdrop.capacity_left(s2, "red") == (1.0, 1.0)


def test_drop_into_rough_terrain_and_enemy_zoc_can_be_lost():
    # rough -1, enemy ZOC -1: a roll of 3 becomes 1 = eliminated
    s = game([(0, 2, "red", "parachute"), (4, 3, "blue", "infantry_brigade")], dice=(3,),
             terrain={(3, 3): "rough"})
    u = uid_of(s, "0,2", "parachute")
    s2 = apply(s, Airdrop((u,), "3,3"))
    assert u not in s2.units


def test_gliders_need_glider_capacity():
    # seed 003: 15.A.1 "A glider unit may only make an air drop if all of its transport are gliders"
    s = game([(0, 2, "red", "glider", 2)], dice=(6, 6))
    a, b = sorted(u.uid for u in s.units.values())
    s2 = apply(s, Airdrop((a,), "2,2"))
    assert s2.hexturn.airlift == (0.0, 1.0)
    with pytest.raises(IllegalAction, match="Gliders"):
        apply(s2, Airdrop((b,), "2,2"))


def test_air_transport_only_to_held_airfields_and_not_heavy_units():
    # seed 003: 15.B / 15.X.3: air transportable units land at an airfield, no roll;
    # heavy equipment is never flown
    s = game([(0, 2, "red", "infantry_brigade"), (0, 2, "red", "field_artillery")], owners={(5, 2): "red"})
    inf = uid_of(s, "0,2", "infantry_brigade")
    s2 = apply(s, Airdrop((inf,), "5,2"))
    assert s2.units[inf].space == "5,2" and s2.dice_used == s.dice_used
    with pytest.raises(IllegalAction, match="only on an airfield"):
        apply(s, Airdrop((inf,), "3,2"))
    with pytest.raises(IllegalAction, match="heavy equipment"):
        apply(s, Airdrop((uid_of(s, "0,2", "field_artillery"),), "5,2"))


def test_assault_landing_on_an_enemy_airfield_rolls():
    # seed 003: 15.M.2 "An air landing unit may be assault transported to an airfield that was
    # not friendly-owned at the start of the player-turn"
    s = game([(0, 2, "red", "air_landing")], dice=(5,))
    u = uid_of(s, "0,2", "air_landing")
    s2 = apply(s, Airdrop((u,), "5,2"))
    assert s2.units[u].space == "5,2" and s2.dice_used == s.dice_used + 1 and s2.owners["5,2"] == "red"


def test_only_air_landing_units_land_on_an_airfield_not_held_at_the_turn_start():
    # seed 003: 15.M.2 air landing units alone may be assault transported to an airfield not
    # friendly-owned at the start of the player-turn; mountain units (15.M.7) are assault
    # transportable but not air landing units
    s = game([(0, 2, "red", "mountain_infantry"), (0, 2, "red", "parachute"), (0, 2, "red", "air_landing")],
             dice=(6, 6))
    mtn, para, al = (uid_of(s, "0,2", t) for t in ("mountain_infantry", "parachute", "air_landing"))
    with pytest.raises(IllegalAction, match="air landing"):
        apply(s, Airdrop((mtn,), "5,2"))
    assert "5,2" not in hexairdrop.targets(s, (mtn,))
    # the parachute drop takes the airfield this turn: still not held at the turn's start,
    # so the mountain troops may not fly in yet; the air landing unit may
    s2 = apply(s, Airdrop((para,), "5,2"))
    assert s2.owners["5,2"] == "red" and "5,2" in s2.hexturn.captured
    assert hexairdrop.explain(s2, (mtn,), "5,2") and hexairdrop.mode(s2, s2.units[al], "5,2") == "assault"
    # an airfield held since the turn began: air transport, no roll
    s3 = game([(0, 2, "red", "mountain_infantry")], owners={(5, 2): "red"})
    assert hexairdrop.mode(s3, s3.units[uid_of(s3, "0,2", "mountain_infantry")], "5,2") == "transport"


def test_gliders_only_for_the_air_drop_of_glider_units():
    # seed 003: 15.A.1 a glider unit needs gliders only to "make an air drop"; "It may also be
    # assault transported" (here: air transport to a held airfield) - by transport aircraft
    s = game([(0, 2, "red", "glider", 2)], owners={(5, 2): "red"}, dice=(6,))
    a, b = sorted(u.uid for u in s.units.values())
    s2 = apply(s, Airdrop((a,), "5,2"))
    assert s2.hexturn.airlift == (1.0, 0.0)
    s3 = apply(s2, Airdrop((b,), "3,2"))                     # the drop: by glider
    assert s3.hexturn.airlift == (1.0, 1.0)


def test_parachute_units_drop_from_gliders_or_transports():
    # seed 003: 15.A.2 "Parachute units may make an air drop using either gliders or
    # transports": with the transports spent, a parachute regiment drops from the gliders
    s = game([(0, 2, "red", "parachute", 3)], dice=(6, 6, 6))
    a, b, c = sorted(u.uid for u in s.units.values())
    s2 = apply(apply(s, Airdrop((a,), "3,2")), Airdrop((b,), "3,3"))
    assert s2.hexturn.airlift == (2.0, 0.0)                  # transports first
    s3 = apply(s2, Airdrop((c,), "2,2"))
    assert s3.hexturn.airlift == (2.0, 1.0)
    s = game([(0, 2, "red", "parachute", 3), (0, 2, "red", "glider")], dice=(6,))
    paras = tuple(sorted(u.uid for u in s.units.values() if u.type == "parachute"))
    assert "3,2" in hexairdrop.targets(s, paras)            # 3 REs: 2 transport + 1 glider
    both = paras + (uid_of(s, "0,2", "glider"),)
    assert hexairdrop.targets(s, both) == []                 # the glider unit needs that glider
    assert "Air transport and gliders: 4 REs needed, 3 left" in hexairdrop.explain(s, both, "3,2")


def test_flight_limits():
    s = game([(0, 2, "red", "parachute"), (4, 2, "blue", "infantry_brigade")])
    u = uid_of(s, "0,2", "parachute")
    assert "6,1" not in hexairdrop.targets(s, (u,)) and "5,1" in hexairdrop.targets(s, (u,))  # range 5
    with pytest.raises(IllegalAction, match="Enemy units"):
        apply(s, Airdrop((u,), "4,2"))
    s.phase_idx = s.ruleset.phases.index("combat")
    with pytest.raises(IllegalAction, match="Movement phase"):
        apply(s, Airdrop((u,), "2,2"))


def test_disrupted_units_cannot_attack():
    s = game([(0, 2, "red", "parachute"), (4, 2, "blue", "garrison_infantry")], dice=(3,))  # 3-1 ZOC
    u = uid_of(s, "0,2", "parachute")
    s2 = apply(s, Airdrop((u,), "3,2"))
    s2.phase_idx = s2.ruleset.phases.index("combat")
    with pytest.raises(IllegalAction, match="disrupted"):
        apply(s2, Attack("4,2", (u,)))


def test_a_drop_roll_cannot_be_undone_but_air_transport_can():
    from game.rules.session import Session
    s = game([(0, 2, "red", "parachute"), (0, 2, "red", "infantry_brigade")], owners={(5, 2): "red"})
    sess = Session(s.scenario, s.ruleset, 1)
    sess.state = s
    sess.do(Airdrop((uid_of(s, "0,2", "infantry_brigade"),), "5,2"))
    assert sess.can_undo()
    sess.do(Airdrop((uid_of(s, "0,2", "parachute"),), "3,2"))
    assert not sess.can_undo()


# --- AA fire at air drops (15.C; rule 25 in a conventional version) -------------------------


def test_aa_near_the_drop_hex_fires_at_each_unit_flown():
    # seed 003: 15.C "Units, markers, and map features may have anti-aircraft abilities";
    # supplied rule: enemy AA within range (light 1 hex, heavy 2) fires once at each unit
    # flown: die + AA points >= 9 shot down, >= 7 turned back (docs/interpretations.md)
    units = [(0, 2, "red", "parachute", 3), (4, 2, "blue", "heavy_aa"), (5, 4, "blue", "light_aa")]
    s = game(units, dice=(6, 4))
    para = sorted(u.uid for u in s.units.values() if u.type == "parachute")
    points, firing = hexairdrop.aa_fire(s, "red", "3,2")
    assert points == 3 and [s.utype(u).name for u, _ in firing] == ["Heavy AA battalion (15.C.1.b)"]
    assert hexairdrop.aa_chances(s, "red", "3,2") == (2 / 6, 1 / 6)     # 4-5 back, 6 lost
    assert hexairdrop.aa_fire(s, "red", "1,2")[0] == 0                  # heavy AA reaches 2 hexes only
    # the light AA (2 points) at 5,4 reaches the next hex, 5,3, and adds to the heavy; not 3,4
    assert hexairdrop.aa_fire(s, "red", "5,3")[0] == 5
    assert hexairdrop.aa_fire(s, "red", "3,4")[0] == 3
    s2 = apply(s, Airdrop(tuple(para[:2]), "3,2"))   # first: AA 6+3 = 9 shot down; second: AA 4+3 = 7 back
    assert para[0] not in s2.units
    assert s2.units[para[1]].space == "0,2" and s2.units[para[1]].moved
    assert s2.hexturn.airlift == (2.0, 0.0)          # the flights are spent
    assert s2.owners["3,2"] == "blue"                # nobody landed
    s3 = apply(game(units, dice=(1, 6)), Airdrop((para[2],), "3,2"))   # AA 1+3 = 4: lands; drop roll 6
    assert s3.units[para[2]].space == "3,2" and s3.owners["3,2"] == "red"


def test_no_aa_no_roll():
    # without enemy AA in range the flight rolls only the drop die (scripted: one die)
    s = game([(0, 2, "red", "parachute")], dice=(6,))
    u = uid_of(s, "0,2", "parachute")
    s2 = apply(s, Airdrop((u,), "3,2"))
    assert s2.units[u].space == "3,2" and s2.dice_used == s.dice_used + 1


def test_a_bad_aa_fire_block_is_reported_with_its_line(tmp_path):
    from pathlib import Path

    from game.rules.ruleset import load_ruleset_file
    src = Path("scenarios/rulesets/europa.yaml").read_text()
    bad = src.replace("aa_fire: {range: {light: 1, heavy: 2}", "aa_fire: {range: {light: near, heavy: 2}")
    assert bad != src
    p = tmp_path / "europa.yaml"
    p.write_text(bad)
    try:
        _rs, diags = load_ruleset_file(p)
    except Exception as exc:   # noqa: BLE001 - LoadError carries the diagnostics
        diags = getattr(exc, "diags", None) or getattr(exc, "diagnostics", None) or [exc]
    text = "\n".join(str(d) for d in diags)
    assert "europa.yaml:" in text and "hex.aa_fire.range.light: expected a number of hexes" in text


def test_targets_are_exactly_the_hexes_explain_accepts():
    # targets() checks capacity and the group's REs once for all hexes; it must agree hex
    # by hex with explain() (seed 003 15.A-15.B: range, enemy units, airfields, stacking,
    # capacity)
    s = game([(0, 2, "red", "parachute", 2), (0, 2, "red", "infantry_brigade"), (0, 2, "red", "glider"),
              (0, 2, "red", "air_landing"),
              (2, 1, "red", "infantry_division", 3), (4, 2, "blue", "infantry_brigade"),
              (5, 2, "red", "infantry_division", 2)],
             terrain={(1, 3): "mountain", (3, 0): "sea"}, owners={(5, 2): "red"},
             features={(4, 0): ["airfield"]})   # an enemy airfield: assault landings
    units = [u.uid for u in s.units.values() if u.space == "0,2"]
    groups = [(i,) for i in units] + [tuple(units[:2]), tuple(units[:3])]
    mtn = uid_of(s, "0,2", "air_landing")
    assert "4,0" in hexairdrop.targets(s, (mtn,)) and "3,2" not in hexairdrop.targets(s, (mtn,))
    hexes = sorted(s.scenario.hexmap.hexes)
    found = 0
    for g in groups:
        want = [h for h in hexes if not hexairdrop.explain(s, g, h)]
        assert hexairdrop.targets(s, g) == want
        found += len(want)
    assert found > 20
    assert "2,1" not in hexairdrop.targets(s, (units[0],))   # 9 REs there already
    assert hexairdrop.targets(s, tuple(units[:3])) == []      # 3 REs: capacity 2
