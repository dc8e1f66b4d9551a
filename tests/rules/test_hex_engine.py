"""Hex maps under the europa ruleset: geometry, loading, movement costs, zones of
control, stacking, supply, the CRT, combat results, retreats, advance, the turn
sequence and victory. The conventional rules seed 003 assumes (it cites them but
does not print them) are documented in docs/interpretations.md#europa-seed-003."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hexkit import attacked, hexgame, scenario_text, uid_of
from hypothesis import given
from hypothesis import strategies as st

from game.rules.actions import Advance, Attack, EndPhase, Move, apply, hex_legal_actions
from game.rules.errors import IllegalAction, LoadError
from game.rules.hex import (
    combat as hexcombat,
)
from game.rules.hex import (
    crt,
)
from game.rules.hex import (
    grid as hexgrid,
)
from game.rules.hex import (
    move as hexmove,
)
from game.rules.hex import (
    supply as hexsupply,
)
from game.rules.ruleset import Checker, load_ruleset, parse_scenario
from game.rules.yamlloc import load_yaml

# --- geometry ----------------------------------------------------------------------------


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_pixel_round_trip_and_neighbours(q, r):
    x, y = hexgrid.center((q, r), 30.0, (5.0, 7.0))
    assert hexgrid.pixel_to_hex(x, y, 30.0, (5.0, 7.0)) == (q, r)
    assert all(hexgrid.distance((q, r), n) == 1 for n in hexgrid.neighbours((q, r)))
    assert hexgrid.from_offset(*hexgrid.to_offset((q, r))) == (q, r)


def test_hex_ids_and_edges():
    assert hexgrid.parse_hex_id(hexgrid.hex_id(3, -1)) == (3, -1)
    assert hexgrid.distance((0, 0), (3, -1)) == 3
    assert hexgrid.direction((0, 0), (1, 0)) == 0 and hexgrid.direction((0, 0), (2, 0)) is None
    a, b = hexgrid.edge((0, 0), 0, 10.0)   # the east side is vertical
    assert a[0] == pytest.approx(b[0])


# --- loading -------------------------------------------------------------------------------


def _load(text):
    chk = Checker("t.yaml")
    sc = parse_scenario(load_yaml(text, "t.yaml"), "t.yaml", chk)
    chk.fail_if_errors()
    return sc


def test_hex_scenario_loads_as_spaces_with_hex_outlines():
    sc = _load(scenario_text())
    assert len(sc.spaces) == 35 and sc.hexmap is not None
    sp = sc.spaces["1,1"]
    assert len(sp.polygon) == 6 and set(sp.adjacent) == {"2,1", "1,2", "0,2", "0,1", "1,0", "2,0"}
    assert min(x for s in sc.spaces.values() for x, _ in s.polygon) > 0


@pytest.mark.parametrize("bad, message", [
    (("terrain: clear", "terrain: clearr", 1), "unknown base terrain 'clearr' (did you mean 'clear'?)"),
    (("features: [city]", "features: [citty]", 1), "unknown feature 'citty'"),
])
def test_hex_scenario_errors_name_the_line(bad, message):
    old, new, count = bad
    text = scenario_text(features={(0, 0): ["city"]}).replace(old, new, count)
    with pytest.raises(LoadError) as exc:
        _load(text)
    d = exc.value.diagnostics[0]
    assert message in d.message and d.line > 1 and d.path == "t.yaml"


def test_hexside_must_join_adjacent_hexes():
    with pytest.raises(LoadError) as exc:
        _load(scenario_text(sides=[((0, 0), (2, 0), "river")]))
    assert "are not adjacent" in str(exc.value)


def test_rules_json_lists_re_sizes():
    rs = load_ruleset("europa")
    js = rs.units["infantry_division"].to_json()
    assert js["re"] == 3 and js["move_class"] == "other"
    assert all(u.re is not None for u in rs.units.values())


# --- movement, ZOC, stacking -------------------------------------------------------------------


def test_terrain_costs_per_movement_column():
    # conventional TEC (docs/interpretations.md#europa-seed-003): rough 2 for infantry,
    # mountain 6 for c/m, 2 for mountain troops
    s = hexgame([(0, 2, "red", "infantry_brigade"), (0, 3, "red", "armour_brigade"),
                 (0, 1, "red", "mountain_infantry")],
                terrain={(1, 2): "rough", (1, 3): "mountain", (1, 1): "mountain"})
    inf, arm, mtn = (s.units[uid_of(s, h, t)] for h, t in
                     (("0,2", "infantry_brigade"), ("0,3", "armour_brigade"), ("0,1", "mountain_infantry")))
    assert hexmove.enter_cost(s, inf, "0,2", "1,2") == 2
    assert hexmove.enter_cost(s, arm, "0,3", "1,3") == 6
    assert hexmove.enter_cost(s, mtn, "0,1", "1,1") == 2


def test_rivers_roads_and_sea_hexsides():
    s = hexgame([(0, 2, "red", "armour_brigade"), (0, 1, "red", "infantry_brigade")],
                sides=[((0, 2), (1, 2), "river"), ((0, 1), (1, 1), "sea")],
                features={(0, 3): ["road"], (1, 3): ["road"]}, terrain={(1, 3): "rough"})
    arm = s.units[uid_of(s, "0,2", "armour_brigade")]
    inf = s.units[uid_of(s, "0,1", "infantry_brigade")]
    assert hexmove.enter_cost(s, arm, "0,2", "1,2") == 2           # clear 1 + river 1 for c/m
    assert hexmove.enter_cost(s, inf, "0,1", "1,1") is None        # all-sea hexside
    moved = s.units[uid_of(s, "0,2", "armour_brigade")]
    from dataclasses import replace
    s.units[moved.uid] = replace(moved, space="0,3")
    assert hexmove.enter_cost(s, s.units[moved.uid], "0,3", "1,3") == 1  # along the road


def test_move_spends_mps_and_stops_when_out():
    s = hexgame([(0, 2, "red", "infantry_brigade")], terrain={(1, 2): "rough", (2, 2): "rough"})
    u = uid_of(s, "0,2", "infantry_brigade")
    s2 = apply(s, Move((u,), ("1,2", "2,2")))
    assert s2.units[u].space == "2,2" and s2.units[u].moved == 4
    with pytest.raises(IllegalAction, match="MPs"):
        apply(s2, Move((u,), ("3,2",)))


def test_a_fresh_unit_may_always_move_one_hex():
    s = hexgame([(0, 3, "red", "garrison_infantry")], terrain={(1, 3): "mountain"})
    u = uid_of(s, "0,3", "garrison_infantry")   # 3 MPs, mountain costs 3... make it dearer
    s = hexgame([(0, 3, "red", "truck")], terrain={(1, 3): "mountain"})   # truck: c/m, 8 MPs
    u = uid_of(s, "0,3", "truck")
    assert "1,3" in hexmove.reachable(s, (u,))


def test_zone_of_control_costs_and_no_zoc_to_zoc():
    s = hexgame([(1, 2, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")])
    u = uid_of(s, "1,2", "infantry_brigade")
    zoc = hexmove.zoc_hexes(s, "red")
    assert {"2,2", "2,3", "3,1", "4,1", "4,2", "3,3"} == zoc
    assert hexmove.move_cost(s, s.units[u], "1,2", "2,2") == 2       # clear 1 + enemy ZOC 1
    s2 = apply(s, Move((u,), ("2,2",)))
    with pytest.raises(IllegalAction, match="zone of control to another"):
        apply(s2, Move((u,), ("2,3",)))
    assert "2,3" not in hexmove.reachable(s2, (u,))
    # the click's explanation names the rule, not a shortage of MPs (seed 003 assumes the
    # Europa ZOC rule; docs/interpretations.md)
    assert "zone of control to another" in hexmove.explain(s2, (u,), "2,3")


def test_units_without_zoc():
    # 15.L: HQs have no ZOC; 0-strength units neither
    s = hexgame([(3, 2, "blue", "army_hq"), (3, 1, "blue", "truck")])
    assert hexmove.zoc_hexes(s, "red") == set()


def test_stacking_in_reduction_equivalents():
    s = hexgame([(0, 2, "red", "infantry_division", 3), (1, 2, "red", "infantry_brigade"),
                 (1, 2, "red", "position_aa_light", 4)], terrain={(0, 3): "mountain"})
    assert hexmove.stack_re(s, "0,2", "red") == 9
    assert hexmove.stack_re(s, "1,2", "red") == 1                    # position AA: no stacking
    u = uid_of(s, "1,2", "infantry_brigade")
    with pytest.raises(IllegalAction, match="Stacking: 10 REs"):
        apply(s, Move((u,), ("0,2",)))
    assert hexmove.stacking_limit(s, "0,3") == 6


def test_enemy_hexes_cannot_be_entered_and_moving_captures_owner():
    s = hexgame([(2, 2, "red", "infantry_brigade"), (4, 2, "blue", "infantry_brigade")])
    u = uid_of(s, "2,2", "infantry_brigade")
    with pytest.raises(IllegalAction):
        apply(s, Move((u,), ("3,2", "4,2")))
    s2 = apply(s, Move((u,), ("3,1",)))
    assert s2.owners["3,1"] == "red"


# --- supply -------------------------------------------------------------------------------


def test_supply_line_range_and_enemy_zoc():
    s = hexgame([(0, 2, "red", "infantry_brigade"), (2, 2, "red", "infantry_brigade"),
                 (6, 3, "red", "infantry_brigade"), (1, 4, "blue", "infantry_brigade")],
                supply=[(0, 2)])
    ok = hexsupply.in_supply(s, "red")
    assert "2,2" in ok and "0,2" in ok
    assert "6,3" not in ok                                       # 6 hexes is the limit; 7 away
    assert "1,3" not in ok and "0,4" not in ok                   # enemy ZOC blocks the line
    hexsupply.check(s, "red")
    assert s.units[uid_of(s, "6,3", "infantry_brigade")].oos == 1
    assert s.units[uid_of(s, "2,2", "infantry_brigade")].oos == 0


def test_out_of_supply_halves_attack_and_movement():
    from dataclasses import replace
    s = hexgame([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")])
    u = uid_of(s, "2,2", "infantry_brigade")
    s.units[u] = replace(s.units[u], oos=1)
    assert hexmove.movement_allowance(s, s.units[u]) == 2
    s.phase_idx = s.ruleset.phases.index("combat")
    pv = crt.preview(s, "3,2", (u,))
    assert pv.attack == 1.5 and any("out of supply" in n for n in pv.notes)
    s.units[u] = replace(s.units[u], oos=2)
    assert crt.defense_strength(s, s.units[u]) == 2.0            # from the 2nd turn


# --- the CRT ----------------------------------------------------------------------------------


@pytest.mark.parametrize("att, dfn, label, column", [
    (6, 3, "2:1", "2:1"), (5, 3, "3:2", "3:2"), (2, 5, "1:3", "1:3"), (3, 3, "1:1", "1:1"),
    (40, 1, "40:1", "8:1"), (1, 9, "1:9", "1:4")])
def test_odds_columns_round_for_the_defender(att, dfn, label, column):
    table = load_ruleset("europa").hex.crt
    got, idx = crt.odds_column(table, att, dfn)
    assert got == label and table.columns[idx] == column


def test_preview_gives_shifts_with_reasons_and_probabilities():
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade")],
                phase="combat", terrain={(3, 2): "woods"})
    us = tuple(u.uid for u in s.units.values() if u.owner == "red")
    pv = crt.preview(s, "3,2", us)
    assert (pv.attack, pv.defense, pv.odds) == (6, 4, "3:2")
    assert [(x.columns, x.reason) for x in pv.shifts] == [(-1, "Woods in the defender's hex")]
    assert pv.column_label == "1:1"
    assert sum(pv.probabilities.values()) == pytest.approx(1.0)
    assert pv.probabilities == {"AH": pytest.approx(1 / 6), "AR": pytest.approx(2 / 6),
                                "BR": pytest.approx(1 / 6), "EX": pytest.approx(1 / 6),
                                "DR": pytest.approx(1 / 6)}


def test_cm_units_halved_into_rough_terrain():
    s = hexgame([(2, 2, "red", "armour_brigade"), (3, 2, "blue", "infantry_brigade")],
                phase="combat", terrain={(3, 2): "rough"})
    pv = crt.preview(s, "3,2", (uid_of(s, "2,2", "armour_brigade"),))
    assert pv.attack == 2.5 and not any("AEC" in x.reason for x in pv.shifts)


def test_attack_across_a_major_river_only_when_all_attackers_cross():
    # conventional (docs/interpretations.md#europa-seed-003): a major river's shift applies
    # when every attacker crosses it (a minor river halves the units crossing, 15.J.2.b.vi)
    s = hexgame([(2, 2, "red", "infantry_brigade"), (2, 3, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", sides=[((2, 2), (3, 2), "major_river")])
    a, b = uid_of(s, "2,2", "infantry_brigade"), uid_of(s, "2,3", "infantry_brigade")
    assert any("river" in x.reason for x in crt.preview(s, "3,2", (a,)).shifts)
    assert not any("river" in x.reason for x in crt.preview(s, "3,2", (a, b)).shifts)


# --- results -------------------------------------------------------------------------------------


def _fight(units, roll, target="3,2", frm=("2,2",), **kw):
    s = hexgame(units, phase="combat", dice=(roll,), **kw)
    us = tuple(u.uid for u in s.units.values() if u.owner == "red" and u.space in frm)
    return s, attacked(s, Attack(target, us))


def test_defender_eliminated_and_advance_after_combat():
    # 10 vs 2 = 5:1, +1 armour = 6:1; roll 4 = DE
    s, s2 = _fight([(2, 2, "red", "armour_brigade", 2), (3, 2, "blue", "garrison_infantry")], 4,
                   victory=[(3, 2)])
    assert s2.hexturn.last.result == "DE" and not hexmove.enemies_at(s2, "3,2", "red")
    hexid, uids = s2.hexturn.advance
    assert hexid == "3,2" and len(uids) == 2
    with pytest.raises(IllegalAction, match="advance"):
        apply(s2, Attack("3,2", uids))
    s3 = apply(s2, Advance(uids[:1], "3,2"))
    assert s3.units[uids[0]].space == "3,2" and s3.owners["3,2"] == "red"
    assert s3.hexturn.advance is None


def test_defender_retreat_and_blocked_retreat_eliminates():
    # 6 vs 4 = 3:2, roll 5 = DR
    s, s2 = _fight([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade"),
                    (4, 2, "blue", "garrison_infantry")], 5)
    u = uid_of(s, "3,2", "infantry_brigade")
    assert s2.hexturn.last.result == "DR" and s2.units[u].space != "3,2"
    assert s2.units[u].space == "4,2"            # next to friends, away from the enemy
    # surrounded by enemy ZOC with no friends: eliminated
    s, s2 = _fight([(2, 2, "red", "infantry_brigade", 2), (4, 1, "red", "infantry_brigade"),
                    (4, 2, "red", "infantry_brigade"), (3, 3, "red", "infantry_brigade"),
                    (3, 2, "blue", "infantry_brigade")], 5)
    assert s2.hexturn.last.result == "DR" and uid_of(s, "3,2", "infantry_brigade") in s2.hexturn.last.lost


def test_exchange_attacker_loses_at_least_the_defenders_strength():
    # 6 vs 4 = 3:2; roll 4 = EX: defender (4) eliminated, attacker loses >= 4 attack points
    s, s2 = _fight([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade")], 4)
    assert s2.hexturn.last.result == "EX"
    assert not [u for u in s2.units.values() if u.owner == "red"]
    assert not [u for u in s2.units.values() if u.owner == "blue"]


def test_attacker_eliminated_half_and_retreat():
    s, s2 = _fight([(2, 2, "red", "garrison_infantry"), (3, 2, "blue", "infantry_brigade")], 1)
    assert s2.hexturn.last.result == "AE" and not [u for u in s2.units.values() if u.owner == "red"]
    # 6 vs 6 = 1:1, roll 1 = AH: half the attack strength (3 of 6)
    s, s2 = _fight([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade"),
                    (3, 2, "blue", "garrison_infantry")], 1)
    assert s2.hexturn.last.result == "AH"
    assert len([u for u in s2.units.values() if u.owner == "red"]) == 1
    # 3 vs 2 = 3:2, roll 2 = AR: one hex back, away from the defender
    s, s2 = _fight([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")], 2)
    u = uid_of(s, "2,2", "infantry_brigade")
    assert s2.hexturn.last.result == "AR" and s2.units[u].space not in ("2,2", "3,2")
    assert s2.hexturn.advance is None


def test_each_unit_attacks_once_and_each_hex_once():
    s, s2 = _fight([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_division"),
                    (3, 1, "blue", "infantry_division")], 3)
    us = tuple(u.uid for u in s.units.values() if u.owner == "red")
    if s2.hexturn.advance is not None:
        s2 = apply(s2, Advance((), "3,2"))
    with pytest.raises(IllegalAction, match="already"):
        apply(s2, Attack("3,1", us))
    with pytest.raises(IllegalAction, match="Combat phase"):
        apply(hexgame([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")]),
              Attack("3,2", (1,)))


# --- turn sequence and victory --------------------------------------------------------------


def test_turn_sequence_and_exploitation_for_cm_units_only():
    s = hexgame([(0, 2, "red", "armour_brigade"), (0, 3, "red", "infantry_brigade"),
                 (6, 4, "blue", "infantry_brigade")], phase="initial")
    assert [s.phase] == ["initial"]
    s = apply(s, EndPhase())
    assert s.phase == "movement"
    arm, inf = uid_of(s, "0,2", "armour_brigade"), uid_of(s, "0,3", "infantry_brigade")
    s = apply(s, Move((arm,), ("1,2",)))
    s = apply(apply(s, EndPhase()), EndPhase())
    assert s.phase == "exploitation"
    assert hexmove.movement_allowance(s, s.units[arm]) == 4        # half of 8 MPs
    with pytest.raises(IllegalAction, match="not c/m"):
        apply(s, Move((inf,), ("1,3",)))
    s = apply(s, EndPhase())
    assert (s.player, s.phase, s.round) == ("blue", "initial", 1)


def test_victory_objectives_and_turn_limit():
    blk = "victory: {victory_cities: {axis: 1}, at_turn_limit: allies}"
    s = hexgame([(2, 2, "red", "infantry_brigade"), (6, 4, "blue", "infantry_brigade")],
                victory=[(3, 2)], victory_block=blk, turn_limit=1)
    s = apply(s, Move((uid_of(s, "2,2", "infantry_brigade"),), ("3,2",)))
    while not s.over:
        s = apply(s, EndPhase())
    assert s.winner == "axis"
    s = hexgame([(2, 2, "red", "infantry_brigade"), (6, 4, "blue", "infantry_brigade")],
                victory=[(3, 2)], victory_block=blk, turn_limit=1)
    while not s.over:
        s = apply(s, EndPhase())
    assert s.winner == "allies"


def test_reinforcements_arrive_only_while_the_hex_is_held():
    text = ("reinforcements:\n  - {turn: 1, player: red, at: [4, 2], units: {parachute: 2}, "
            "if_owned: true}\n  - {turn: 1, player: red, at: [0, 0], units: {glider: 1}}\n")
    s = hexgame([(6, 4, "blue", "infantry_brigade")], reinforcements=text, phase="initial")
    assert [u.type for u in s.units.values() if u.owner == "red"] == ["glider"]


def test_legal_actions_are_legal():
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade")])
    for a in hex_legal_actions(s)[:20]:
        apply(s, a)
    s.phase_idx = s.ruleset.phases.index("combat")
    acts = hex_legal_actions(s)
    assert any(isinstance(a, Attack) and a.target == "3,2" for a in acts)
    assert hexcombat.attack_targets(s) == ["3,2"]


@given(st.floats(0.5, 60), st.floats(0.5, 60), st.floats(0, 20))
def test_more_attack_never_lowers_the_column(att, dfn, extra):
    table = load_ruleset("europa").hex.crt
    assert crt.odds_column(table, att + extra, dfn)[1] >= crt.odds_column(table, att, dfn)[1]
    assert crt.odds_column(table, att, dfn + extra)[1] <= crt.odds_column(table, att, dfn)[1]
    assert sum(crt.probabilities(table, crt.odds_column(table, att, dfn)[1]).values()) == pytest.approx(1)


def test_lint_warns_when_an_alliance_has_no_supply_source():
    from game.tools_lint import scenario_warnings
    sc = _load(scenario_text(supply=[(0, 0)]))
    msgs = [d.message for d in scenario_warnings(sc)]
    assert any("alliance allies: no supply source" in m for m in msgs)
    assert not any("alliance axis" in m for m in msgs)


def test_reinforcements_wait_while_their_hex_is_full():
    text = "reinforcements:\n  - {turn: 1, player: red, at: [0, 0], units: {infantry_brigade: 2}}\n"
    s = hexgame([(0, 0, "red", "infantry_division", 3), (6, 4, "blue", "infantry_brigade")],
                reinforcements=text, phase="initial")
    assert not [u for u in s.units.values() if u.type == "infantry_brigade" and u.owner == "red"]
    assert any("wait" in line for line in s.log())


def test_retreat_never_overstacks_and_advance_respects_stacking():
    # the only hex away from the enemy is full (9 RE): the retreating unit is eliminated
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade"),
                 (4, 2, "blue", "infantry_division", 3), (3, 1, "red", "garrison_infantry"),
                 (4, 1, "red", "garrison_infantry"), (3, 3, "red", "garrison_infantry"),
                 (2, 3, "red", "garrison_infantry")], phase="combat", dice=(5,))
    u = uid_of(s, "3,2", "infantry_brigade")
    s2 = attacked(s, Attack("3,2", tuple(x.uid for x in s.units.values() if x.space == "2,2")))
    assert s2.hexturn.last.result == "DR" and u in s2.hexturn.last.lost
    assert hexmove.stack_re(s2, "4,2", "blue") == 9


def test_straits_and_fortified_areas():
    # conventional TEC: a strait costs +2 (+3 c/m) and shifts an attack across it -2;
    # a fortified area shifts attacks into it -2
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (2, 3, "red", "armour_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat",
                sides=[((2, 2), (3, 2), "strait"), ((2, 3), (3, 3), "strait")],
                features={(3, 2): ["fortified"]})
    inf = s.units[uid_of(s, "2,2", "infantry_brigade")]
    arm = s.units[uid_of(s, "2,3", "armour_brigade")]
    assert hexmove.enter_cost(s, inf, "2,2", "3,2") == 3 and hexmove.enter_cost(s, arm, "2,3", "3,3") == 4
    pv = crt.preview(s, "3,2", tuple(u.uid for u in s.units.values() if u.space == "2,2"))
    assert [(x.columns, x.reason) for x in pv.shifts] == [
        (-2, "Fortified area in the defender's hex"), (-2, "every attacker attacks across a strait hexside")]


def test_a_two_hex_retreat_result_moves_the_stack_two_hexes():
    from dataclasses import replace as dc_replace

    from game.rules.hex.model import CrtResult
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade")],
                phase="combat", dice=(5,))
    hx = s.ruleset.hex
    results = dict(hx.crt.results)
    results["DR"] = CrtResult("DR", "Defender retreats two", defender_retreat=2)
    s.ruleset = dc_replace(s.ruleset, hex=dc_replace(hx, crt=dc_replace(hx.crt, results=results)))
    u = uid_of(s, "3,2", "infantry_brigade")
    s2 = attacked(s, Attack("3,2", tuple(x.uid for x in s.units.values() if x.space == "2,2")))
    assert s2.hexturn.last.result == "DR"
    assert hexgrid.distance((3, 2), hexgrid.parse_hex_id(s2.units[u].space)) == 2


def test_divisions_are_reduced_to_cadres_before_they_are_eliminated():
    # 15.R's examples assume cadres: a loss step turns a division into its cadre (3-3),
    # a second step eliminates it.
    s = hexgame([(2, 2, "red", "infantry_brigade", 4), (2, 3, "red", "infantry_brigade", 4),
                 (3, 2, "blue", "infantry_division")], phase="combat", dice=(6,))
    div = uid_of(s, "3,2", "infantry_division")
    attackers = tuple(u.uid for u in s.units.values() if u.owner == "red")
    s2 = attacked(s, Attack("3,2", attackers))   # 24 vs 8 = 3:1, roll 6 = DH: lose 4 of 8
    assert s2.hexturn.last.result == "DH" and s2.hexturn.last.reduced == (div,)
    assert s2.units[div].damage == 1 and crt.defense_strength(s2, s2.units[div]) == 3
    assert s2.units[div].space != "3,2"
    from dataclasses import replace as dc_replace
    s3 = hexgame([(2, 2, "red", "armour_brigade", 2), (3, 2, "blue", "infantry_division")],
                 phase="combat", dice=(4,))
    d3 = uid_of(s3, "3,2", "infantry_division")
    s3.units[d3] = dc_replace(s3.units[d3], damage=1)
    s4 = attacked(s3, Attack("3,2", tuple(u.uid for u in s3.units.values() if u.owner == "red")))
    # 10 vs 3 = 3:1, +1 armour = 4:1, roll 4 = DH: the cadre's only step is its elimination
    assert s4.hexturn.last.result == "DH" and d3 in s4.hexturn.last.lost


def test_enter_cost_kept_per_map_matches_the_terrain_rules():
    # enter_cost keeps its answers per map and rules; every kept answer must be the one the
    # terrain and hexside rules give (seed 003 movement costs, docs/interpretations.md)
    from game.rules.model import Unit
    from game.rules.ruleset import load_scenario
    from game.rules.session import Session
    sc = load_scenario("crete_1941")
    s = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    assert s.scenario.hexmap is not None
    kinds = sorted({u.type for u in s.units.values()})
    land = [h for h in s.scenario.hexmap.hexes if not hexmove.is_water(s, h)]
    checked = 0
    for kind in kinds:
        probe = Unit(uid=-1, type=kind, owner="germany", space=land[0])
        ut = s.utype(kind)
        for frm in land:
            for to in s.scenario.spaces[frm].adjacent:
                want = hexmove._enter_cost(s, ut, frm, to)
                assert hexmove.enter_cost(s, probe, frm, to) == want
                assert hexmove.enter_cost(s, probe, frm, to) == want   # from the table
                checked += 1
    assert checked > 1000


def test_reachable_keeps_stacking_on_empty_and_occupied_hexes():
    # seed 003 (conventional stacking, docs/interpretations.md#europa-seed-003): 9 REs a
    # hex, mountain 6. reachable() checks an empty hex by the group's REs alone and a hex
    # with friends by stack_re: both must refuse an overstack and allow the rest.
    s = hexgame([(1, 2, "red", "infantry_division", 3), (2, 2, "red", "infantry_brigade"),
                 (1, 1, "red", "position_aa_light")],
                terrain={(0, 2): "mountain", (1, 3): "mountain"})
    divs = tuple(u.uid for u in s.units.values() if u.type == "infantry_division")
    got = hexmove.reachable(s, divs)
    assert "0,2" not in got and "1,3" not in got       # 9 REs into mountain (6)
    assert "2,2" not in got                            # 9 + 1 RE beside the brigade
    assert "1,1" in got and "0,1" in got              # position AA: no stacking; clear, empty
    two = divs[:2]
    got2 = hexmove.reachable(s, two)
    assert "0,2" in got2 and "2,2" in got2            # 6 REs into mountain; 6 + 1 RE


def test_every_reachable_path_is_a_legal_move():
    # reachable() is the fast search the AI asks thousands of times a turn; each path it
    # gives must be one Move accepts (seed 003: terrain, ZOC, stacking)
    s = hexgame([(1, 2, "red", "infantry_division", 2), (0, 3, "red", "armour_brigade"),
                 (2, 0, "red", "mountain_infantry"), (4, 2, "blue", "infantry_brigade"),
                 (3, 4, "blue", "infantry_division")],
                terrain={(2, 2): "rough", (1, 3): "mountain", (2, 1): "woods"},
                sides=[((1, 2), (2, 2), "river")])
    groups = [(u.uid,) for u in s.units.values() if u.owner == "red"]
    groups.append(tuple(u.uid for u in s.units.values() if u.space == "1,2"))
    seen = 0
    for g in groups:
        for dest, path in hexmove.reachable(s, g).items():
            s2 = apply(s, Move(g, path))
            assert all(s2.units[i].space == dest for i in g)
            seen += 1
    assert seen > 20


def test_zoc_and_occupied_hexes_follow_the_units_in_place():
    # the answers are kept in the units' memo: a unit moved, added or removed in the same
    # state must show at once (seed 003 assumes the Europa ZOC rule)
    s = hexgame([(1, 2, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")])
    assert "2,2" in hexmove.zoc_hexes(s, "red") and "3,2" in hexmove.occupied(s, "red")[0]
    blue = uid_of(s, "3,2", "infantry_brigade")
    s.units[blue] = replace(s.units[blue], space="5,2")
    assert "2,2" not in hexmove.zoc_hexes(s, "red") and "4,2" in hexmove.zoc_hexes(s, "red")
    assert hexmove.occupied(s, "red") == (frozenset({"5,2"}), frozenset({"1,2"}))
    del s.units[blue]
    assert hexmove.zoc_hexes(s, "red") == frozenset() and hexmove.occupied(s, "red")[0] == frozenset()


def test_a_kept_combat_preview_follows_the_phase_record_and_the_units():
    # crt.preview is kept in the units' memo; the same state changed in place (the
    # combat phase's record, a defender) must give a new answer (seed 003: CRT odds)
    s = hexgame([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")], phase="combat")
    u = uid_of(s, "2,2", "infantry_brigade")
    pv = crt.preview(s, "3,2", (u,))
    assert pv.legal == "" and crt.preview(s, "3,2", (u,)) is pv
    s.hexturn = replace(s.hexturn, attacked=("3,2",))
    assert "already been attacked" in crt.preview(s, "3,2", (u,)).legal
    s.hexturn = replace(s.hexturn, attacked=())
    blue = uid_of(s, "3,2", "garrison_infantry")
    s.units[blue] = replace(s.units[blue], oos=5)    # out of supply: defense halved
    assert crt.preview(s, "3,2", (u,)).defense < pv.defense
