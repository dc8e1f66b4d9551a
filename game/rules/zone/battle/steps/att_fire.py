"""The attacker's fire: its casualties are marked and fire back in the defender's fire."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import values
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class AttackerFire(FireStep):
    name = "att_fire"
    title = "fires"
    verb = True
    recon = True

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return values.attacker_shots(state, b, first_strike=False)
