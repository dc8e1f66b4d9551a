"""The computer and Global 1940's own decisions (issue #46 item 8): facilities, bombing
raids, declarations of war (game/ai/zone/build.py, bombing.py, declare.py), on the mini map.
Reference: Axis & Allies Global 1940 2nd edition as TripleA encodes it
(ww2global40_2nd_edition.xml: factory_minor canOnlyBePlacedInTerritoryValuedAtX 2,
repairRule, isStrategicBomber, politicalActionAttachment)."""
from dataclasses import replace
from pathlib import Path

from game.ai import ComputerPlayer
from game.ai.zone import attack, bombing, build, declare, greedy, purchase
from game.rules.action_types import (
    DeclareWar,
    EndPhase,
    Move,
    Place,
    Purchase,
    Raid,
    Repair,
    SelectBattle,
)
from game.rules.actions import apply
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import facilities

FIXTURES = Path(__file__).parents[1] / "fixtures"
MAJOR, MINOR = "major_industrial_complex", "minor_industrial_complex"


def mini(units, phase="purchase", player="red", money=30, extra="", turn_limit=3):
    """The mini map under g40 (a1 red major complex; a2 red; m, b2, b1 blue, b1 a blue
    major complex; c green), `extra` YAML appended (politics, objectives)."""
    if extra:
        import tempfile
        text = (FIXTURES / "mini.yaml").read_text() + extra
        p = Path(tempfile.mkdtemp()) / "mini_ai.yaml"
        p.write_text(text)
        sc, _ = load_scenario_file(p)
    else:
        sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), turn_limit=turn_limit)
    from game.rules.actions import new_game
    s = new_game(sc, load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.resources[player] = money
    return s


def planned(s, fn):
    with ComputerPlayer("standard").deciding():
        return fn(s)


# --- facilities ----------------------------------------------------------------------------
def test_a_damaged_complex_is_repaired_with_at_most_half_the_money():
    # G40 2nd ed.: damage markers are repaired in the purchase phase, 1 IPC each (repairRule)
    s = mini([("a1", "red", "infantry", 1)])
    s.facilities["a1|" + MAJOR] = 4
    assert planned(s, build.repairs) == [Repair("a1", MAJOR, 4)]
    s.facilities["a1|" + MAJOR] = 20
    assert planned(s, build.repairs) == [Repair("a1", MAJOR, 15)]


def test_a_minor_complex_goes_on_a_safe_front_territory_away_from_the_others():
    # factory_minor: a territory worth 2 or more, held since the start of the turn
    s = mini([("a1", "red", "infantry", 2), ("a2", "red", "infantry", 2), ("m", "blue", "infantry", 1)])
    assert planned(s, lambda x: build.site(x, MINOR)) is None        # a2 is one step from a1's complex
    del s.facilities["a1|" + MAJOR]
    s.factories = s.factories - {"a1"}
    assert planned(s, lambda x: build.site(x, MINOR)) == "a1"        # the most valuable front territory
    assert planned(s, build.purchases) == [Purchase(MINOR, 1)]
    s.owners["m"] = s.turn_owners["m"] = "red"                       # m held since the turn began,
    s.owners["b2"] = "red"                                           # b2 only taken this turn
    assert "b2" not in facilities.build_spaces(s, MINOR, "red")
    threatened = mini([("a2", "red", "infantry", 1), ("m", "blue", "armour", 6)])
    del threatened.facilities["a1|" + MAJOR]
    threatened.factories = threatened.factories - {"a1"}
    assert planned(threatened, lambda x: build.site(x, MINOR)) is None   # the enemy would take it


def test_a_naval_base_goes_where_the_fleet_is_and_is_placed_there():
    s = mini([("s1", "red", "destroyer", 3)], money=40)
    assert planned(s, build.purchases) == [Purchase("naval_base", 1)]
    s = apply(s, Purchase("naval_base", 1))
    s.phase_idx = s.ruleset.phases.index("place")
    assert planned(s, build.placements) == [Place("naval_base", "a2", 1)]
    few = mini([("s1", "red", "destroyer", 2)], money=40)
    assert planned(few, build.purchases) == []                       # no fleet to serve
    poor = mini([("s1", "red", "destroyer", 3)], money=30)
    assert planned(poor, build.purchases) == []                      # the money goes to units


def test_the_standard_purchase_buys_the_repair_before_its_units():
    s = mini([("a1", "red", "infantry", 1)])
    s.facilities["a1|" + MAJOR] = 4
    plan = planned(s, purchase.plan_purchase)
    assert plan[0] == Repair("a1", MAJOR, 4)
    assert any(isinstance(a, Purchase) for a in plan[1:])


# --- bombing raids -------------------------------------------------------------------------
def test_a_bomber_raids_an_undefended_complex():
    # isStrategicBomber: d6+2 damage against the complex's own AA (1 on a d6): 5.5 x 5/6
    # expected IPCs of damage against 1/6 x 12 of bomber lost
    s = mini([("a2", "red", "strategic_bomber", 1)], phase="combat_move")
    acts = planned(s, bombing.raid_moves)
    assert len(acts) == 1 and isinstance(acts[0], Raid)
    assert acts[0].path[-1] == "b1" and acts[0].facility == MAJOR
    assert bombing.raid_value(apply(s, acts[0]), "b1", "red") > 0
    plan = planned(s, attack.plan_combat_move)
    assert acts[0] in plan


def test_no_raid_into_interceptors_that_make_it_cost_more_than_it_harms():
    # four interceptors (air battle: 2 on a d6) shoot the lone bomber down 80 % of the time
    s = mini([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "fighter", 4)], phase="combat_move")
    assert planned(s, bombing.raid_moves) == []


# --- declarations of war -------------------------------------------------------------------
WAR = """politics:
  relations:
    - {between: [red, blue], is: neutral}
  declarations:
    - {player: red, name: Red to war, on: [blue]}
    - {player: blue, name: Blue to war, on: [red]}
"""
RED_TRADE = """national_objectives:
  - {player: red, name: Trade, bonus: 5, conditions: [{at_war: [blue], count: 0}]}
"""
BLUE_WAR_AIM = """national_objectives:
  - {player: blue, name: Homeland, bonus: 5, conditions: [{at_war: [red], count: 1}]}
"""


def declared(s):
    return planned(s, lambda x: declare.declarations(x, lambda y: attack.plan_combat_move(y, raids=False)))


def test_the_axis_declares_when_its_attack_pays():
    # no turn limit: no race for victory cities
    strong = mini([("a2", "red", "armour", 6), ("m", "blue", "infantry", 1), ("b2", "blue", "infantry", 1)],
                  phase="politics", extra=WAR, turn_limit=None)
    assert declared(strong) == [DeclareWar("Red to war")]
    weak = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 3)], phase="politics", extra=WAR,
                turn_limit=None)
    assert declared(weak) == []


def test_an_alliance_behind_in_a_race_for_victory_cities_goes_to_war():
    # the imported G40 game ends after round 10 with the side holding more victory cities:
    # red (1 city against 2) cannot win it at peace
    weak = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 3)], phase="politics", extra=WAR)
    assert declared(weak) == [DeclareWar("Red to war")]


def test_a_war_that_costs_a_national_objective_waits_for_a_bigger_prize():
    # Germany's "Trade with Russia" (5 IPCs while not at war): one territory worth 3 is not worth it
    s = mini([("a2", "red", "armour", 6), ("m", "blue", "infantry", 1)], phase="politics",
             extra=WAR + RED_TRADE, turn_limit=None)
    assert declared(s) == []


def test_a_power_whose_objectives_need_the_war_declares_when_the_rules_allow():
    # the United States' objectives pay only at war (national objectives "Homeland")
    s = mini([("b1", "blue", "infantry", 1), ("a1", "red", "infantry", 3)], phase="politics",
             player="blue", extra=WAR + BLUE_WAR_AIM)
    assert declared(s) == [DeclareWar("Blue to war")]


def test_never_a_war_on_a_neutral_player():
    neutral = """politics:
  neutrals: [green]
  relations:
    - {between: [red, green], is: neutral}
  declarations:
    - {player: red, name: Red to war on Greenland, on: [green]}
"""
    s = mini([("b1", "red", "armour", 6)], phase="politics", extra=neutral)
    s.owners["b1"] = s.turn_owners["b1"] = "red"
    assert declared(s) == []


def test_a_neutral_on_the_new_enemys_side_is_no_bar_to_the_war():
    # ww2global40_2nd_edition.xml: "Russians To War With Germans" sets Russians at war with
    # Neutral_Axis too, "Japanese To War With Allies" Japanese with Dutch; the neutral is
    # allied with the power attacked and turns no one. (Global 1940 seed 202: the Soviet
    # Union never declared on Germany in 40 rounds.)
    pro_blue = """politics:
  neutrals: [green]
  relations:
    - {between: [red, blue], is: neutral}
    - {between: [red, green], is: neutral}
  declarations:
    - {player: red, name: Red to war, on: [blue], sets: [{between: [red, green], is: war}]}
"""
    s = mini([("a2", "red", "armour", 6), ("m", "blue", "infantry", 1), ("b2", "blue", "infantry", 1)],
             phase="politics", extra=pro_blue, turn_limit=None)
    assert declared(s) == [DeclareWar("Red to war")]


VICTORY = """victory:
  conditions:
    - {alliance: axis, name: Axis victory, when: [{owned: [a1, b1], of: allied}]}
    - {alliance: allies, name: Allies victory, when: [{owned: [a1, b1], of: allied}]}
"""


def no_limit_conditions(units, extra):
    """The mini map with TripleA-style victory conditions and no turn limit (the
    shipped Global 1940: `turn_limit: none`, victory.conditions)."""
    text = (FIXTURES / "mini.yaml").read_text().replace(
        "victory:\n  victory_cities: {axis: 3, allies: 4}\n  at_turn_limit: victory_cities\n", "")
    import tempfile
    p = Path(tempfile.mkdtemp()) / "mini_vc.yaml"
    p.write_text(text + VICTORY + extra)
    sc, _ = load_scenario_file(p)
    sc = replace(sc, start_units=tuple(units), turn_limit=None)
    from game.rules.actions import new_game
    s = new_game(sc, load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index("politics")
    return s


def test_a_war_the_victory_conditions_need_is_declared_when_there_is_no_turn_limit():
    # Global 1940 ends only by its victory conditions (TripleA triggerAttachmentAxisVictory1:
    # Europe cities Germany must take from the Soviet Union): a trade worth more than the
    # attack at hand must not keep the peace for good, as long as the attack strikes at all
    s = no_limit_conditions([("a2", "red", "armour", 6), ("m", "blue", "infantry", 1)], WAR + RED_TRADE)
    assert s.scenario.victory_conditions and s.scenario.turn_limit is None
    assert declared(s) == [DeclareWar("Red to war")]
    # no attack on the new enemy at all: no war yet
    weak = no_limit_conditions([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 3)], WAR + RED_TRADE)
    assert declared(weak) == []


def test_greedy_declares_by_its_first_attack():
    s = mini([("a2", "red", "armour", 6), ("m", "blue", "infantry", 1)], phase="politics", extra=WAR)
    with ComputerPlayer("greedy").deciding():
        assert greedy.choose_greedy(s) == DeclareWar("Red to war")


def test_the_computer_flies_its_bombing_raids_before_its_battles():
    # G40 2nd ed., conduct combat: strategic bombing raids first (TripleA fights them first)
    s = mini([("m", "red", "strategic_bomber", 1), ("m", "red", "armour", 3), ("b2", "blue", "infantry", 1)],
             phase="combat_move")
    s.owners["m"] = s.turn_owners["m"] = "red"
    tanks = tuple(u.uid for u in s.units.values() if u.type == "armour")
    s = apply(s, Move(tanks, ("b2",)))
    bomber = next(u.uid for u in s.units.values() if u.type == "strategic_bomber")
    s = apply(s, Raid((bomber,), ("b2", "b1", "c"), MAJOR))
    s = apply(s, EndPhase())
    s.zone.battles = ("b2", "c")          # whatever order the battles are listed in
    with ComputerPlayer("greedy").deciding():
        assert greedy.fight(s, lambda *_: False) == SelectBattle("c")
