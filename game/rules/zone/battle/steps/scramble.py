"""Before a sea battle's first round: the defender's scramble choice (G40 2nd ed.,
"Scramble"; game/rules/zone/scramble.py). `scramble.begin` opens a battle at this step,
awaiting "scramble", when aircraft may scramble; the choice moves them into the sea zone
and the round begins at its first step. Registered after the raid steps, so the places
of the steps before stay as saves have them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core as C
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class Scramble(Step):
    name = "scramble"
    title = "scramble"
    first_round_only = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        return C._replace(b, step=0)   # chosen (scramble.scramble): the round begins
