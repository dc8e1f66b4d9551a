"""tools/paired_runs.py: the games standard plays for one side, game by game (docs/ai.md)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))

import paired_runs  # noqa: E402

from game import arena  # noqa: E402


def test_a_run_plays_the_arenas_games_for_one_side():
    wins = paired_runs.run("hex_tutorial", "allies", 1, 2, opponent="random")
    for i, w in enumerate(wins):
        r = arena.play_match("hex_tutorial", {"allies": "standard", "axis": "random"}, 1 + 2 * i)
        assert w == (1 if r["winner"] == "allies" else 0)


def test_compare_counts_the_games_turned():
    assert paired_runs.compare("1100", "1010") == (2, 2, 1, 1)


def test_an_unknown_override_is_refused_with_its_name():
    with pytest.raises(SystemExit, match="hexeval.NO_SUCH"):
        paired_runs._apply({"hexeval.NO_SUCH": 1})
    with pytest.raises(SystemExit, match="module"):
        paired_runs._apply({"standard.X": 1})


def test_an_opening_override_replaces_the_scenario_s(monkeypatch):
    from game.ai import hexopening
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    monkeypatch.setattr(hexopening, "opening", hexopening.opening)   # restored after the test
    sc = load_scenario("crete_1941")
    st = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    assert hexopening.opening(st) is not None          # the scenario's
    paired_runs._apply({"opening": {"germany": {"moves": [["4,5", "parachute", 1, "2,5"]],
                                                "attacks": [["2,4", ["1,4", "2,5"]]]}}})
    book = hexopening.opening(st)
    assert book is not None and [m.count for m in book.moves] == [1] and book.attacks[0].target == "2,4"
    paired_runs._apply({"opening": {"germany": {"moves": [["4,5", "parachute", 1, "2,5"]], "attacks": "none"}}})
    book = hexopening.opening(st)
    assert book is not None and book.no_attacks and not book.attacks
    paired_runs._apply({"opening": {"germany": {}}})
    assert hexopening.opening(st) is None              # none: the planner plays


def test_the_passive_opponent_never_moves_or_attacks(monkeypatch):
    # a diagnostic: the side's losses against a static defence ("Stop 37" in git history of docs/ai.md)
    monkeypatch.setattr(arena, "choose_action", arena.choose_action)
    paired_runs.passive_opponent()
    paired_runs.passive_opponent()   # once is enough: a second call wraps nothing more
    last = []
    r = arena.play_match("hex_tutorial", {"axis": "greedy", "allies": "passive"}, 7,
                         observe=lambda st: last.__setitem__(slice(None), [st]))
    log = last[0].log()
    assert r["rounds"] >= 1 and not any(line.startswith("Commonwealth attacks") for line in log)
    assert not any(line.startswith("Commonwealth: ") and " -> " in line for line in log)
    assert any(line.startswith("Germany attacks") for line in log)
