"""Before a sea battle's first round: the defender's scramble choice (G40 2nd ed.,
"Scramble"; game/rules/zone/scramble.py). `scramble.begin` opens a battle at this step,
awaiting "scramble", when aircraft may scramble; the choice moves them into the sea zone,
then come the kamikaze strikes where they may (steps/kamikaze.py), else the round's first
step. Registered after the raid steps, so the places of the steps before stay as saves
have them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from .. import core as C
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class Scramble(Step):
    name = "scramble"
    title = "scramble"
    first_round_only = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        # chosen (scramble.scramble): the aircraft are in; the battle goes on
        if state.scenario.kamikaze is not None and b.kamikaze is None:
            from ... import kamikaze
            if kamikaze.targets(state, b):   # scramble at the end of the combat move, kamikaze after
                return board._replace(b, step=C.step_index("kamikaze"))
        return board._replace(b, step=0)
