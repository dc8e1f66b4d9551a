"""Movement rules (g40 standard rules; see docs/interpretations.md for choices)."""
import pytest

from game.rules.actions import EndPhase, Move, apply
from game.rules.errors import IllegalAction
from game.rules.zone import movement


def units_of(state, space, owner=None):
    return [u for u in state.units.values() if u.space == space and (owner is None or u.owner == owner)]


def test_infantry_moves_one_space(mini):
    s = mini([("a1", "red", "infantry", 1)], phase="noncombat_move")
    inf = units_of(s, "a1")[0]
    assert set(movement.reachable(s, [inf])) == {"a2"}
    s2 = apply(s, Move((inf.uid,), ("a2",)))
    assert s2.units[inf.uid].space == "a2"
    assert s.units[inf.uid].space == "a1", "apply must not mutate its input"


def test_combat_move_must_attack(mini):
    s = mini([("a1", "red", "armour", 1)])
    arm = units_of(s, "a1")[0]
    with pytest.raises(IllegalAction, match="only move into enemy territory"):
        apply(s, Move((arm.uid,), ("a2",)))


def test_neutral_is_impassable(mini):
    s = mini([("a2", "red", "infantry", 1)])
    inf = units_of(s, "a2")[0]
    assert "n" not in movement.reachable(s, [inf])
    assert "neutral" in movement.explain(s, [inf], "n")


def test_blitz_through_empty_enemy_territory_captures_it(mini):
    # g40: armour may move through an empty enemy territory, taking it, and go on
    s = mini([("a2", "red", "armour", 1), ("b2", "blue", "infantry", 1)])
    arm = units_of(s, "a2")[0]
    reach = movement.reachable(s, [arm])
    assert reach["b2"] == ("m", "b2")
    s2 = apply(s, Move((arm.uid,), ("m", "b2")))
    assert s2.owners["m"] == "red"
    assert s2.units[arm.uid].space == "b2"


def test_infantry_cannot_blitz(mini):
    # (mechanized infantry blitzes only with armour: tests/rules/test_g40_xml_units.py)
    s = mini([("a2", "red", "armour", 1), ("a2", "red", "infantry", 1)])
    inf = [u for u in units_of(s, "a2") if u.type == "infantry"][0]
    arm = [u for u in units_of(s, "a2") if u.type == "armour"][0]
    assert "b2" in movement.reachable(s, [arm])
    assert "b2" not in movement.reachable(s, [inf, arm])


def test_armour_stops_in_defended_territory(mini):
    s = mini([("a2", "red", "armour", 1), ("m", "blue", "infantry", 1)])
    arm = units_of(s, "a2")[0]
    assert set(movement.reachable(s, [arm])) == {"m"}
    with pytest.raises(IllegalAction, match="must stop"):
        apply(s, Move((arm.uid,), ("m", "b2")))


def test_noncombat_cannot_enter_enemy_land(mini):
    s = mini([("a2", "red", "infantry", 1)], phase="noncombat_move")
    inf = units_of(s, "a2")[0]
    with pytest.raises(IllegalAction, match="hostile"):
        apply(s, Move((inf.uid,), ("m",)))


def test_land_needs_transport_for_sea(mini):
    s = mini([("a1", "red", "infantry", 1)], phase="noncombat_move")
    inf = units_of(s, "a1")[0]
    with pytest.raises(IllegalAction, match="No transport"):
        apply(s, Move((inf.uid,), ("s1",)))


def test_fighter_fuel_rule(mini):
    # a fighter (4 moves) must keep enough movement to reach a friendly landing place
    s = mini([("a1", "red", "fighter", 1), ("c", "green", "infantry", 1),
              ("b1", "blue", "infantry", 1), ("m", "blue", "infantry", 1)])
    ftr = units_of(s, "a1")[0]
    reach = movement.reachable(s, [ftr])
    assert "m" in reach  # 2 out, 2 back
    assert "b1" not in reach  # 4 out, nothing left to come home
    assert "fuel" in movement.explain(s, [ftr], "b1")


def test_aircraft_that_cannot_land_are_lost(mini):
    s = mini([("m", "red", "fighter", 1)], phase="noncombat_move")
    s.units[1] = s.units[1].__class__(1, "fighter", "red", "m", moved=4)
    s2 = apply(s, EndPhase())
    assert not [u for u in s2.units.values() if u.type == "fighter"]
    assert any("could not land" in line for line in s2.log())


def test_fighter_lands_on_carrier(mini):
    s = mini([("a1", "red", "fighter", 2), ("s2", "red", "carrier", 1)], phase="noncombat_move")
    f1, f2 = [u.uid for u in units_of(s, "a1")]
    s = apply(s, Move((f1, f2), ("s1", "s2")))
    s = apply(s, EndPhase())
    cv = units_of(s, "s2")
    carrier = [u for u in cv if u.type == "carrier"][0]
    assert sorted(u.carried_by for u in cv if u.type == "fighter") == [carrier.uid] * 2


def test_carrier_room_limits_landing(mini):
    s = mini([("a1", "red", "fighter", 3), ("s1", "red", "carrier", 1)], phase="noncombat_move")
    fighters = tuple(u.uid for u in units_of(s, "a1"))
    with pytest.raises(IllegalAction, match="carrier room"):
        apply(s, Move(fighters, ("s1",)))


def test_transport_load_carry_unload_amphibious(mini):
    # two infantry (2+2) fit a transport of capacity 5; armour + infantry (3+2) too; two armour do not
    s = mini([("a1", "red", "infantry", 1), ("a1", "red", "armour", 2), ("s1", "red", "transport", 1)])
    inf, a1, a2 = [u.uid for u in sorted(units_of(s, "a1"), key=lambda u: u.uid)]
    with pytest.raises(IllegalAction, match="transport room"):
        apply(s, Move((a1, a2), ("s1",)))
    s = apply(s, Move((inf, a1), ("s1",)))
    tr = [u for u in units_of(s, "s1") if u.type == "transport"][0]
    assert s.units[inf].carried_by == tr.uid
    s = apply(s, Move((tr.uid,), ("s2",)))
    assert s.units[inf].space == "s2" and s.units[a1].space == "s2"
    s = apply(s, Move((inf, a1), ("m",)))
    assert s.units[inf].amphibious and s.units[inf].space == "m"
    assert s.units[tr.uid].unloaded
    with pytest.raises(IllegalAction, match="unloaded"):
        apply(s, Move((tr.uid,), ("s3",)))


def test_ships_stop_at_enemy_warships_but_submarines_slip_past(mini):
    # g40: submarines move through sea zones with enemy ships unless a destroyer is there
    s = mini([("s1", "red", "cruiser", 1), ("s1", "red", "submarine", 1), ("s2", "blue", "cruiser", 1)])
    cru, sub = [u for u in units_of(s, "s1")]
    assert "s3" not in movement.reachable(s, [cru])
    assert "s3" in movement.reachable(s, [sub])
    s.units[99] = s.units[cru.uid].__class__(99, "destroyer", "blue", "s2")
    assert "s3" not in movement.reachable(s, [sub])


def test_transports_do_not_block(mini):
    s = mini([("s1", "red", "cruiser", 1), ("s2", "blue", "transport", 1)], phase="noncombat_move")
    cru = units_of(s, "s1")[0]
    assert "s3" in movement.reachable(s, [cru])


def test_units_that_entered_a_battle_must_stay(mini):
    # g40: a unit that moves into an enemy-occupied space ends its combat move there
    s = mini([("a2", "red", "armour", 1), ("a1", "red", "fighter", 1), ("m", "blue", "infantry", 1)])
    arm = units_of(s, "a2")[0]
    ftr = units_of(s, "a1")[0]
    s = apply(s, Move((arm.uid,), ("m",)))
    s = apply(s, Move((ftr.uid,), ("a2", "m")))
    assert movement.reachable(s, [s.units[arm.uid]]) == {}
    with pytest.raises(IllegalAction, match="must stay"):
        apply(s, Move((arm.uid,), ("b2",)))
    with pytest.raises(IllegalAction, match="must stay"):
        apply(s, Move((ftr.uid,), ("b2",)))


def test_aaa_moves_only_in_noncombat(mini):
    # g40: anti-aircraft artillery cannot move in the combat move
    s = mini([("a2", "red", "aaa", 1), ("m", "blue", "infantry", 1)])
    aaa = units_of(s, "a2")[0]
    with pytest.raises(IllegalAction, match="non-combat move"):
        apply(s, Move((aaa.uid,), ("m",)))
    s2 = mini([("a2", "red", "aaa", 1)], phase="noncombat_move")
    assert "a1" in movement.reachable(s2, [units_of(s2, "a2")[0]])


def test_fuel_message_grammar(mini):
    s = mini([("a1", "red", "fighter", 1), ("b1", "blue", "infantry", 1), ("b2", "blue", "infantry", 1)])
    ftr = units_of(s, "a1")[0]
    s.units[ftr.uid] = s.units[ftr.uid].__class__(ftr.uid, "fighter", "red", "a1", moved=1)
    assert "within 0 moves" in movement.explain(s, [s.units[ftr.uid]], "b2")


def test_aaa_cannot_board_for_an_attack(mini):
    # g40: AAA moves only in the non-combat move, also not by transport
    s = mini([("a1", "red", "aaa", 1), ("s1", "red", "transport", 1), ("m", "blue", "infantry", 1)])
    aaa = units_of(s, "a1")[0]
    assert movement.load_targets(s, [aaa]) == []
    with pytest.raises(IllegalAction, match="non-combat move"):
        apply(s, Move((aaa.uid,), ("s1",)))


def test_aircraft_do_not_attack_empty_territory(mini):
    s = mini([("a1", "red", "fighter", 1)])
    ftr = units_of(s, "a1")[0]
    assert "m" not in movement.reachable(s, [ftr])
    assert "cannot take territory" in movement.explain(s, [ftr], "m")


def test_a_unit_without_movement_is_offered_no_transport(mini):
    # TripleA ww2global40_2nd_edition.xml: the `airfield` unit has movement=0 and a
    # transportCost; boarding is a move (rulebook: "Loading Transports", a land unit
    # spends its move), so a unit with no move may not board (moves.move refuses it)
    import dataclasses
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1)], phase="noncombat_move")
    units = dict(s.ruleset.units)
    units["infantry"] = dataclasses.replace(units["infantry"], move=0)
    s.ruleset = dataclasses.replace(s.ruleset, units=units)
    inf = units_of(s, "a1")[0]
    assert movement.load_targets(s, [inf]) == []
    with pytest.raises(IllegalAction, match="no movement left"):
        apply(s, Move((inf.uid,), ("s1",)))
