"""The engineer builds fortifications (seed 000 ENGINEERS: "May build fortifications,
air strips, and minefields."; G22, a supplied rule: docs/interpretations.md#engineers-build-fortifications-g22):
a purchased fortification or fortress may be placed without a factory in a territory
held since the start of the turn where a friendly engineer stands, one per engineer a turn."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.odds.model import unmodelled
from game.rules.actions import Place, apply, new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parents[1] / "fixtures"


def place_state(units, bought):
    """Red in its place phase on the mini map (interwar) with `bought` waiting."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), ruleset_id="interwar")
    s = new_game(sc, load_ruleset("interwar"), 1)
    s.phase_idx = s.ruleset.phases.index("place")
    s.player_idx = [p.id for p in sc.players].index("red")
    for unit, n in bought.items():
        s.zone.purchased[f"red|{unit}"] = n
    return s


def count(s, space, utype):
    return sum(1 for u in s.units.values() if u.space == space and u.type == utype)


def test_engineer_lets_a_fortification_be_placed_without_a_factory():
    # seed 000 ENGINEERS "May build fortifications" (a2 has no factory)
    s = place_state([("a2", "red", "engineer", 1)], {"fortification": 1})
    assert "red|fortification" in s.zone.purchased
    s = apply(s, Place("fortification", "a2", 1))
    assert count(s, "a2", "fortification") == 1


def test_no_engineer_no_factory_no_fortification():
    # G22: without an engineer a fortification is placed at a factory like any unit
    s = place_state([("a2", "red", "infantry", 1)], {"fortification": 1})
    with pytest.raises(IllegalAction, match="no factory"):
        apply(s, Place("fortification", "a2", 1))


def test_one_build_per_engineer_a_turn_and_fortifications_only():
    # G22 reading: each engineer builds one a turn; it builds fortifications, not troops
    s = place_state([("a2", "red", "engineer", 1)], {"fortress": 2, "infantry": 1})
    s = apply(s, Place("fortress", "a2", 1))
    with pytest.raises(IllegalAction):
        apply(s, Place("fortress", "a2", 1))
    with pytest.raises(IllegalAction):
        apply(s, Place("infantry", "a2", 1))
    s2 = place_state([("a2", "red", "engineer", 2)], {"fortress": 2})
    s2 = apply(s2, Place("fortress", "a2", 2))
    assert count(s2, "a2", "fortress") == 2


def test_engineer_builds_only_in_territory_held_since_turn_start():
    # G22 reading: "held since the start of the turn", as for factories
    s = place_state([("m", "red", "engineer", 1)], {"fortification": 1})
    s.owners["m"] = "red"          # taken this turn: turn_owners still blue
    with pytest.raises(IllegalAction):
        apply(s, Place("fortification", "m", 1))


def test_builds_has_no_battle_effect_for_the_odds():
    assert unmodelled(load_ruleset("interwar").units["engineer"], "exact") == []
