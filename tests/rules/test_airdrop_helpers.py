"""The pure airdrop helpers the interface asks (airdrop.grounded, airdrop.flyers):
who may take off now and why not, in the rules' words."""
from dataclasses import replace
from pathlib import Path

from game.rules.actions import Airdrop, Move, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import airdrop as AD

FIXTURES = Path(__file__).parents[1] / "fixtures"


def g(units, phase="combat_move"):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = new_game(replace(sc, start_units=tuple(units)), load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index(phase)
    return s


def test_flyers_lists_paratroopers_that_may_take_off_by_territory():
    # seed 002: PARATROOPER, "it must begin and end its move on land" and it flies on its own
    s = g([("a1", "red", "paratrooper", 2), ("a2", "red", "paratrooper", 1), ("a2", "red", "infantry", 1),
           ("b2", "blue", "paratrooper", 1), ("m", "blue", "infantry", 1)])
    got = {sid: [u.uid for u in us] for sid, us in AD.flyers(s).items()}
    assert got == {"a1": [1, 2], "a2": [3]}           # not infantry, not blue's (not its turn)
    assert [u.uid for u in AD.flyers(s, "a1")["a1"]] == [1, 2]
    assert AD.flyers(s, "m") == {}


def test_a_paratrooper_that_moved_is_grounded_with_the_rules_reason():
    # seed 002: PARATROOPER, "if the Paratrooper wants to move 2 spaces it must do so by air"
    # (a flight is its whole move: one that already moved cannot take off)
    s = g([("a2", "red", "paratrooper", 2), ("m", "blue", "infantry", 1)])
    assert AD.grounded(s, [s.units[1]]) == ""
    s = apply(s, Move((1,), ("m",)))
    assert "already moved" in AD.grounded(s, [s.units[1]])
    assert [u.uid for u in AD.flyers(s)["a2"]] == [2]
    s = apply(s, Airdrop((2,), "m"))
    assert AD.flyers(s) == {}
    assert "not yours" in AD.grounded(s, [u for u in s.units.values() if u.type == "infantry"])
    s = g([("a2", "red", "infantry", 1)])
    assert "only paratroopers" in AD.grounded(s, [s.units[1]])


def test_no_flights_outside_the_move_phases():
    s = g([("a1", "red", "paratrooper", 1)], phase="purchase")
    assert AD.flyers(s) == {}
    assert "combat and non-combat move" in AD.grounded(s, [s.units[1]])
