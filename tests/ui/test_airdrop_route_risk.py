"""The airdrop step's risk lines for a flight that crosses defended enemy territory
(seed 000 PARATROOPERS, Airdrop: "If the air transport enters or moves through a hostile
territory, AAA and fighters receive one free attack")."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import EndPhase, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import airdrop as AD
from game.ui.zone import airdrop_view

FIXTURES = Path(__file__).parents[1] / "fixtures"


def crossing_state():
    """Mini map on interwar: red's transport and paratrooper at Alpha (an air base, reached
    only through blue's Alpha Minor, which holds an AAA); blue infantry in Middle."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sp = dict(sc.spaces)
    sp["a1"] = replace(sp["a1"], air_base=True, adjacent=("a2",))
    sp["s1"] = replace(sp["s1"], adjacent=("a2", "s2"))
    sc = replace(sc, spaces=sp, ruleset_id="interwar", start_owners={**sc.start_owners, "a2": "blue"},
                 start_units=(("a1", "red", "transport_aircraft", 1), ("a1", "red", "paratrooper", 1),
                              ("a2", "blue", "aaa", 1), ("m", "blue", "infantry", 1)))
    s = new_game(sc, load_ruleset("interwar"), 1)
    while s.phase != "combat_move":
        s = apply(s, EndPhase())
    return s


def test_risks_name_the_territory_crossed_and_the_odds_of_getting_there():
    s = crossing_state()
    group = sorted((u for u in s.units.values() if u.owner == "red"), key=lambda u: u.uid)
    assert AD.flight_route(s, group, "m") == ("a2", "m")
    risks = airdrop_view.drop_risks(s, group, "m")
    assert "Alpha Minor" in risks[0].text
    assert risks[0].p_safe == pytest.approx(10 / 12)          # AAA: one die at 2 of 12
    (opt,) = [o for o in AD.options(s) if o.to == "m"]
    assert opt.survival == pytest.approx(10 / 12)              # nothing in Middle intercepts
    # the battle odds are those of the drop that gets there: the preview rolls no dice
    trial = airdrop_view.dropped_state(s, group, "m")
    assert trial.dice_used == s.dice_used and [u.space for u in trial.units.values()
                                               if u.owner == "red"] == ["m", "m"]
