"""The defender's fire, the marked casualties of the round with it; hits are removed
at once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import values
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class DefenderFire(FireStep):
    name = "def_fire"
    title = "fires"
    verb = True
    recon = True

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return values.defender_shots(state, b, first_strike=False)
