"""tools/hex_turns.py: the per-turn timing of the standard hex player (docs/ai.md)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))

import hex_turns  # noqa: E402


def test_turns_times_only_the_standard_players_turns():
    winner, spent = hex_turns.turns("hex_tutorial", 1, "allies", "random")
    assert winner in ("axis", "allies")
    assert spent and all(player == "commonwealth" for _, player in spent)
    assert all(t >= 0 for t in spent.values())
