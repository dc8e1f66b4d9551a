"""Global 1940 unit rules that TripleA's ww2global40_2nd_edition.xml encodes and the g40
ruleset now plays (issue #46 item 7: the importer maps the XML's unit options onto them)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import Move, apply, new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parents[1] / "fixtures"


def g(units, phase="combat_move"):
    """The mini map under g40: red a1 - a2, blue m - b2 - b1; seas s1 (by a1, a2) - s2."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = new_game(replace(sc, start_units=tuple(units)), load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index(phase)
    return s


def test_mechanized_infantry_blitzes_only_paired_with_armour():
    # ww2global40_2nd_edition.xml unitAttachment mech_infantry: no canBlitz of its own;
    # receivesAbilityWhenWith "canBlitz:armour" (it blitzes when moving with a tank)
    s = g([("a2", "red", "mech_infantry", 1)])
    with pytest.raises(IllegalAction):
        apply(s, Move((1,), ("m", "b2")))           # through empty Middle into Beta Minor
    s = g([("a2", "red", "mech_infantry", 1), ("a2", "red", "armour", 1)])
    s = apply(s, Move((1, 2), ("m", "b2")))
    assert s.units[1].space == s.units[2].space == "b2"
    assert s.owners["m"] == "red"


def test_a_damaged_carrier_takes_no_aircraft():
    # ww2global40_2nd_edition.xml unitAttachment carrier: whenCombatDamaged
    # unitsMayNotLandOnCarrier and unitsMayNotLeaveAlliedCarrier at damage 1:2
    units = [("a1", "red", "fighter", 1), ("s1", "red", "carrier", 1)]
    s = apply(g(units, "noncombat_move"), Move((1,), ("s1",)))   # undamaged: it lands
    assert s.units[1].space == "s1"
    s = g(units, "noncombat_move")
    s.units[2] = replace(s.units[2], damage=1)
    with pytest.raises(IllegalAction):
        apply(s, Move((1,), ("s1",)))


def test_waters_closed_before_war_open_when_the_condition_holds():
    # ww2global40_2nd_edition.xml rulesAttachment Japanese: movementRestrictionTerritories
    # "1 Sea Zone:...:12 Sea Zone", movementRestrictionType disallowed; cleared by
    # triggerAttachment_Japanese_Unrestricted_Movement (conditions: at war with the Americans)
    from game.rules.model import ObjectiveCondition, PlayerRules
    s = g([("s1", "red", "destroyer", 1)], "noncombat_move")
    until = (ObjectiveCondition(kind="at_war", players=("blue",)),)
    rules = {"red": PlayerRules(player="red", keeps_out_of=("s2",), keeps_out_until=until)}
    s.scenario = replace(s.scenario, player_rules=rules)
    s.relations = {"blue|red": "neutral"}
    with pytest.raises(IllegalAction, match="may not end their move in Sea Two yet"):
        apply(s, Move((1,), ("s2",)))
    s.relations = {}                                  # at war (the alliances' default)
    assert apply(s, Move((1,), ("s2",))).units[1].space == "s2"


def test_closed_waters_may_be_crossed_but_not_ended_in():
    # the XML's comments: the Americans and the Japanese "are not allowed to end their
    # movement in" those zones ("TODO: Currently we disallow any movement into, instead of
    # just disallowing the ending of movement in"): the rulebook's rule, which we play
    from game.rules.model import ObjectiveCondition, PlayerRules
    from game.rules.zone import movement
    s = g([("s1", "red", "destroyer", 1)], "noncombat_move")
    until = (ObjectiveCondition(kind="at_war", players=("blue",)),)
    rules = {"red": PlayerRules(player="red", keeps_out_of=("s2",), keeps_out_until=until)}
    s.scenario = replace(s.scenario, player_rules=rules)
    s.relations = {"blue|red": "neutral"}
    reach = movement.reachable(s, [s.units[1]])
    assert "s2" not in reach and "s3" in reach
    assert apply(s, Move((1,), ("s2", "s3"))).units[1].space == "s3"
    with pytest.raises(IllegalAction, match="may not end their move in Sea Two yet"):
        apply(s, Move((1,), ("s2",)))


def test_a_complex_china_takes_is_destroyed_after_the_battles():
    # ww2global40_2nd_edition.xml triggerAttachment_Chinese_Destroy_Factories_Kiangsu_*:
    # trigger conditionAttachment_Chinese_Own_Kiangsu (directOwnershipTerritories Kiangsu),
    # removeUnits "Kiangsu:factory_minor:factory_major:factory_upgrade", after each battle step
    from game.rules.actions import EndPhase
    from game.rules.model import PlayerRules
    s = g([], "conduct_combat")
    rules = {"blue": PlayerRules(player="blue", destroys_complexes_in=("c", "a1"))}
    s.scenario = replace(s.scenario, player_rules=rules)
    s.owners["c"] = "blue"                            # taken from green this turn
    assert "c" in s.factories and "c|major_industrial_complex" in s.facilities
    s = apply(s, EndPhase())
    assert "c" not in s.factories and "c|major_industrial_complex" not in s.facilities
    assert "a1" in s.factories                         # red's: blue does not hold it


def test_war_production_makes_the_minor_complex_major_once_at_war():
    # ww2global40_2nd_edition.xml triggerAttachment_Americans_War_Production_Central:
    # trigger conditionAttachment_Americans_At_War_With_At_Least_One_Axis, removeUnits
    # "Central United States:factory_minor", placement "...:factory_major", after americansPolitics
    from game.rules.actions import EndPhase
    from game.rules.model import ObjectiveCondition, PlayerRules

    def blue_buys(at_war):
        s = g([], "purchase")
        s.player_idx = 1                              # blue
        rules = {"blue": PlayerRules(player="blue", upgrades_complexes_in=("b2",),
                                     upgrades_when=(ObjectiveCondition(kind="at_war", players=("red",)),))}
        s.scenario = replace(s.scenario, player_rules=rules)
        s.facilities["b2|minor_industrial_complex"] = 2
        s.factories = s.factories | {"b2"}
        s.relations = {} if at_war else {"blue|red": "neutral"}
        return apply(s, EndPhase())

    s = blue_buys(at_war=False)
    assert "b2|minor_industrial_complex" in s.facilities
    s = blue_buys(at_war=True)
    assert "b2|minor_industrial_complex" not in s.facilities
    assert s.facilities["b2|major_industrial_complex"] == 0 and "b2" in s.factories
