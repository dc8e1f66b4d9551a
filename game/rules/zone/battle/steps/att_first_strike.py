"""The attacker's first strike: its casualties still strike back in the defender's
first strike and are removed after it (simultaneous first strike)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import values
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class AttackerFirstStrike(FireStep):
    name = "att_first_strike"
    title = "first strike"
    recon = True
    holds_struck = True

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return values.attacker_shots(state, b, first_strike=True)
