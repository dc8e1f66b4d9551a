"""The end of the round: marked casualties are removed, then the battle ends or waits
for the attacker to press on or retreat (battle.end_round)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ending
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class Removal(Step):
    name = "remove"
    title = "removes casualties"
    verb = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        state.zone.battle = b
        ending.end_round(state)
        return None
