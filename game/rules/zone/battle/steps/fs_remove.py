"""Removal of the attacker's first-strike casualties, once the defender's first strike
has answered; when a side is gone, on to the fire back of bombardment casualties or to
the end of the round."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .. import core as C
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class FirstStrikeRemoval(Step):
    name = "fs_remove"
    title = "removes first-strike casualties"
    verb = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        for uid in b.struck:
            b = board.remove_casualty(state, b, uid)
        b = board._replace(b, struck=(), step=b.step + 1)
        if not C._both_sides_alive(state, b):
            # bombardment casualties fire back even when no defender is left alive
            # (seed 001 "moved behind the casualty strip"; g40): only their fire is left
            b = board._replace(b, step=C.step_index("def_fire" if C._marked_fire_back(state, b) else "remove"))
        return b
