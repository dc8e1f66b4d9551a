"""Computer players. They see the state and return one legal action at a time."""
from __future__ import annotations

from game.rules.actions import Action
from game.rules.model import GameState

from .greedy import choose_greedy
from .hexplayer import choose_hex
from .randomplayer import choose_random
from .standard import choose_standard

LEVELS = ("random", "greedy", "standard")


def choose_action(state: GameState, level: str = "standard") -> Action:
    if state.scenario.hexmap is not None:   # hex maps have their own players (hexplayer, hexplan)
        return choose_hex(state, level)
    if level == "random":
        return choose_random(state)
    if level == "greedy":
        return choose_greedy(state)
    return choose_standard(state)
