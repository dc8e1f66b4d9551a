"""The defender's first strike (units just sunk by the attacker's still strike);
its casualties are removed at once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import values
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class DefenderFirstStrike(FireStep):
    name = "def_first_strike"
    title = "first strike"
    recon = True

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return values.defender_shots(state, b, first_strike=True)
