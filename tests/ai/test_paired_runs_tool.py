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
