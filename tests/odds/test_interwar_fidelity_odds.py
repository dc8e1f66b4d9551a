"""The exact odds agree with the game's own battles on seed 000's battle rules of issue
#41: damaged values counting after the round, the Rule of Three per rule (every die
outcome of the game enumerated, test_against_game.game_distribution)."""
from dataclasses import replace
from pathlib import Path

import pytest
from test_against_game import game_distribution

from game.odds import odds_for_space
from game.rules.actions import Move, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file

MINI = Path(__file__).parents[1] / "fixtures" / "mini.yaml"


def interwar_mini(units, attack_from, into):
    """The mini map under the interwar ruleset with these units (space, owner, type,
    count); red's units in `attack_from` moved into `into`."""
    sc, _ = load_scenario_file(MINI)
    s = new_game(replace(sc, start_units=tuple(units)), load_ruleset("interwar"), 1)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    red = tuple(sorted(u.uid for u in s.units.values() if u.owner == "red" and u.space == attack_from))
    return apply(s, Move(red, (into,)))


def assert_exact_equals_game(s, space, rounds):
    dist = game_distribution(s, space, rounds)
    odds = odds_for_space(s, space, "red", rounds=rounds)
    assert odds.method == "exact", odds.note
    for key, p in (("attacker", odds.attacker_wins), ("defender", odds.defender_wins),
                   ("draw", odds.draw)):
        assert sum(x for (o, _), x in dist.items() if o == key) == pytest.approx(p, abs=1e-9), key


@pytest.mark.parametrize("units", [
    [("s1", "red", "destroyer", 2), ("s2", "blue", "battleship", 1)],
    [("s1", "red", "cruiser", 1), ("s1", "red", "submarine", 1), ("s2", "blue", "juggernaut", 1)],
    [("s1", "red", "submarine", 2), ("s2", "blue", "fast_battleship", 1), ("s2", "blue", "submarine", 1)],
])
def test_damaged_values_after_the_round_exact_odds_equal_the_game(units):
    # seed 000: BATTLESHIP / JUGGERNAUT damaged values; "Don't ... move a defending
    # battleship behind the casualty strip unless it takes a second hit": a capital ship hit
    # by the attacker's fire fires back this round as it was, damaged from the next round
    assert_exact_equals_game(interwar_mini(units, "s1", "s2"), "s2", 3)


def test_rule_of_three_per_rule_exact_odds_equal_the_game():
    # seed 000: SELF-PROPELLED GUN "Support Motorized Infantry" and "Support Light Armor",
    # each "subject to the Rule of Three": a budget of three units each
    units = [("a2", "red", "motorized_infantry", 4), ("a2", "red", "light_armor", 4),
             ("a2", "red", "self_propelled_gun", 8), ("m", "blue", "infantry", 3)]
    assert_exact_equals_game(interwar_mini(units, "a2", "m"), "m", 2)
