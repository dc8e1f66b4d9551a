"""The end of a raid's air battle: both sides' casualties are removed; the escorts' part
is over (only bombers face the anti-aircraft fire and drop bombs)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidAirRemoval(Step):
    name = "raid_air_remove"
    title = "removes air battle casualties"
    verb = True
    raid = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        for uid in b.marked:
            b = board.remove_casualty(state, b, uid)
        return board._replace(b, marked=(), hurt=(), step=b.step + 1)
