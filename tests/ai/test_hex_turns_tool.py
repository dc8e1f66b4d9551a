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


def test_main_times_several_seeds_with_overrides_and_rejects_unknown_ones(capsys):
    import pytest

    from game.ai import hexrollout
    before = hexrollout.ROUNDS
    try:
        assert hex_turns.main(["hex_tutorial", "1,2", "allies", "random", "--rounds",
                               "--set", '{"hexrollout.ROUNDS": 0}']) == 0
        assert hexrollout.ROUNDS == 0
    finally:
        hexrollout.ROUNDS = before
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all("by round 1:" in line for line in out)
    with pytest.raises(SystemExit):
        hex_turns.main(["hex_tutorial", "1", "allies", "random", "--set", '{"hexrollout.NOPE": 1}'])
