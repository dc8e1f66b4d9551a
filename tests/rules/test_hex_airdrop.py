"""Air drops, assault landings and air transport on hex maps (seed 003 15.A, 15.B, 15.M.2,
15.X.1-3 with a conventional version of the cited rule 23.G, docs/interpretations.md)."""
from __future__ import annotations

import pytest
from hexkit import hexgame, uid_of

from game.rules import hexairdrop
from game.rules.actions import Airdrop, Attack, apply
from game.rules.errors import IllegalAction

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
    # seed 003: 15.M.2 / 15.X.2 assault transport to an airfield not friendly-owned
    s = game([(0, 2, "red", "mountain_infantry")], dice=(5,))
    u = uid_of(s, "0,2", "mountain_infantry")
    s2 = apply(s, Airdrop((u,), "5,2"))
    assert s2.units[u].space == "5,2" and s2.dice_used == s.dice_used + 1 and s2.owners["5,2"] == "red"


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
