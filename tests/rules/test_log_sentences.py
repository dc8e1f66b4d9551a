"""QA: log lines read as sentences (TripleA names such as 'Karelia S.S.R.' end in a dot)."""
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session


def test_no_double_full_stop_after_an_abbreviated_name():
    sc = load_scenario("world_war_ii_v3_1941")
    state = Session(sc, load_ruleset(sc.ruleset_id), 1).state.copy()
    state.add_log("Russians places 1 Infantry in Karelia S.S.R..")
    state.add_log("Waiting...")
    assert state.log()[-2:] == ["Russians places 1 Infantry in Karelia S.S.R.", "Waiting..."]
