"""Computer players for hex maps: simple (greedy-level moves) and standard (plan search with
position evaluation, rollouts near the end, scenario openings)."""
from __future__ import annotations

from game.rules.action_types import Action
from game.rules.model import GameState


def choose(state: GameState, level: str) -> Action:
    """The action the computer player of `level` takes on a hex map."""
    from .simple import choose_hex
    return choose_hex(state, level)
