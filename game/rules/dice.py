"""Seeded, counter-based dice.

Roll number n of a game is a pure function of (seed, n): splitmix64 of the
pair. The state only carries a counter, so states stay cheap to copy and the
same seed and actions always give the same rolls. Tests can put scripted rolls
in `GameState.scripted_dice`; they are used first.
"""
from __future__ import annotations

from .model import GameState

_MASK = (1 << 64) - 1


def splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def die(seed: int, n: int, sides: int) -> int:
    """The n-th roll of a game with this seed, 1..sides."""
    return splitmix64((seed * 0x100000001B3 + n) & _MASK) % sides + 1


def roll(state: GameState, count: int) -> list[int]:
    """Roll `count` dice of the ruleset's size, advancing the state's counter (state must be a copy)."""
    sides = state.ruleset.dice
    out: list[int] = []
    for _ in range(count):
        if state.scripted_dice:
            out.append(state.scripted_dice[0])
            state.scripted_dice = state.scripted_dice[1:]
        else:
            out.append(die(state.seed, state.dice_used, sides))
        state.dice_used += 1
    return out
