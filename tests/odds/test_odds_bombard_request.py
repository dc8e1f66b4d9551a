"""The odds request's bombardment is the game's (battle.bombarding_ships): ships bombard
an amphibious assault, at most one per unit landed from the sea. A request that lists
other ships is refused, not answered with dice the game never rolls (the exact method
counted them, the "sim" method's board did not: 0.494 against 0.138)."""
import pytest

from game.odds.api import OddsError, compute

BASE = {"ruleset": "interwar", "attacker": [["infantry", 1]], "defender": [["infantry", 2]]}


def test_bombardment_needs_an_amphibious_assault():
    # seed 000 BATTLESHIP: "Battleships can conduct offshore bombardment during an
    # amphibious assault."
    with pytest.raises(OddsError, match='"amphibious": true'):
        compute({**BASE, "bombard": [["battleship", 1]]})


def test_at_most_one_ship_per_unit_landed():
    with pytest.raises(OddsError, match="3 ships but 1 land unit landing"):
        compute({**BASE, "bombard": [["battleship", 3]], "amphibious": True})
    with pytest.raises(OddsError, match="0 land units"):
        compute({**BASE, "attacker": [["fighter", 1]], "bombard": [["cruiser", 1]], "amphibious": True})


def test_a_bombardment_the_game_fires_agrees_with_the_sim():
    # the Malta example's shape (seed 000 PARATROOPERS, Example A): paratroopers dropped
    # from air transports, an infantry and an artillery landed from a transport, a
    # battleship bombarding; the exact figure lies in the real-battle simulation's 95% interval
    req = {"ruleset": "interwar", "attacker": [["paratrooper", 2], ["transport_aircraft", 2],
                                               ["infantry", 1], ["artillery", 1]],
           "defender": [["infantry", 1], ["aaa", 1], ["fighter", 1]],
           "airborne": True, "amphibious": True, "bombard": [["battleship", 1]]}
    ex = compute(req)
    sim = compute({**req, "method": "sim", "trials": 3000, "seed": 3})
    assert ex["method"] == "exact"
    lo, hi = sim["ci95"]["attacker_wins"]
    assert lo - 0.005 <= ex["attacker_wins"] <= hi + 0.005
