"""The out-of-supply log line names whose units are cut off: it is written at every
player's combat move, so "Out of supply (fight at -1): Corsica." under Germany's turn read
as if the Germans were cut off (the French garrison was)."""
from __future__ import annotations

from game.rules import actions as A
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import movement


def test_out_of_supply_line_names_the_owner():
    # seed 000 AUXILIARIES, Living off the Land: units whose "supply lines are cut" suffer
    # an effectiveness penalty (the interwar supply rule, docs/interpretations.md)
    sc = load_scenario("mediterranean_1940")
    s = Session(sc, load_ruleset(sc.ruleset_id), 1)
    while s.state.phase != movement.COMBAT:
        s.do(A.EndPhase())
    lines = [line for line in s.state.log() if "Out of supply" in line]
    assert lines and "Corsica (France)" in lines[-1], lines
