"""Computer players for zone maps: greedy (one ply) and standard (phase plans on exact odds)."""
from __future__ import annotations

from game.rules.action_types import Action
from game.rules.model import GameState


def choose(state: GameState, level: str) -> Action:
    """The action the computer player of `level` takes on a zone map."""
    if level == "random":
        from ..randomplayer import choose_random
        return choose_random(state)
    if level == "greedy":
        from .greedy import choose_greedy
        return choose_greedy(state)
    from .standard import choose_standard
    return choose_standard(state)
