"""The odds request's unit lines: a third number in a unit line is the hits each of
those units has already taken (["battleship", 1, 1]), so a user can ask about a battle
with a capital ship damaged in an earlier battle."""
import pytest

from game.odds.api import OddsError, compute


def sea(attacker, defender):
    return compute({"ruleset": "interwar", "attacker": attacker, "defender": defender,
                    "terrain": "sea"})


def test_damaged_battleship_fights_at_its_damaged_values():
    # seed 000: BATTLESHIP "Attack: 8 (4, if damaged)", "Capital Ship: ... require 2 hits";
    # DESTROYER "Defense: 4". One hit left each, both hit on 4 of 12 (1/3): the attacker
    # wins (1/3)(2/3) / (1 - (2/3)^2) = 0.4, a draw (1/3)^2 / (5/9) = 0.2.
    res = sea([["battleship", 1, 1]], [["destroyer", 1]])
    assert res["method"] == "exact"
    assert res["attacker_wins"] == pytest.approx(0.4) and res["draw"] == pytest.approx(0.2)
    assert sea([["battleship", 1]], [["destroyer", 1]])["attacker_wins"] > 0.9


def test_juggernaut_damaged_twice_against_damaged_defenders():
    # seed 000: JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice)", 3 hits;
    # BATTLESHIP "Defense: 7 (3, if damaged)"; CARRIER "Defense: 2*", "defends only against
    # attacking aircraft" (no dice against a ship). The juggernaut (5 of 12) must sink the
    # battleship (3 of 12) before it is hit: (5/12)(9/12) / (1 - (7/12)(9/12)) = 5/9.
    res = sea([["juggernaut", 1, 2]], [["battleship", 1, 1], ["carrier", 1, 1]])
    assert res["method"] == "exact"
    assert res["attacker_wins"] == pytest.approx(5 / 9)


@pytest.mark.parametrize("entry, message", [
    (["infantry", 1, 1], "destroyed by one hit"),
    (["battleship", 1, 2], "from 0 to 1"),
    (["battleship", 1, "x"], "from 0 to 1"),
    (["battleship", 1, 1, 0], "hits taken"),
])
def test_bad_damage_is_refused_with_a_reason(entry, message):
    with pytest.raises(OddsError, match=message):
        sea([entry], [["destroyer", 1]])


def test_bombarding_ships_take_no_damage_entry():
    req = {"ruleset": "interwar", "attacker": [["infantry", 1]], "defender": [["infantry", 1]],
           "bombard": [["battleship", 1, 1]]}
    with pytest.raises(OddsError, match="bombard"):
        compute(req)


def test_a_side_of_more_than_1000_units_is_refused_before_it_is_built():
    # a typo of 1,000,000,000 infantry used to exhaust memory (20,000: 6 GB, MemoryError)
    req = {"ruleset": "interwar", "attacker": [["infantry", 10 ** 9]], "defender": [["infantry", 2]]}
    with pytest.raises(OddsError, match="at most 1000 a side"):
        compute(req)
    with pytest.raises(OddsError, match="'defender'"):
        compute({**req, "attacker": [["infantry", 1]], "defender": [["infantry", 600], ["artillery", 401]]})


def test_probabilities_never_pass_one():
    res = compute({"ruleset": "interwar", "attacker": [["infantry", 1000]], "defender": [["infantry", 2]]})
    assert res["method"] == "exact" and 0.999 < res["attacker_wins"] <= 1.0
