"""Kamikaze strikes, before everything else in a battle (G40 2nd ed. rulebook "Kamikaze
Strikes"; TripleA suicideAttackResources, kamikazeZone; game/rules/zone/kamikaze.py):
the kamikaze player chooses the targets of its tokens (`awaiting == "kamikaze"`), then
each token rolls against its ship and hits are taken at once. The battle starts here
when a strike is possible (battle.start) and goes on with the round's first step.

The step sits after the raid steps so the places of the older steps stay as saves have
them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import kamikaze
from .. import board
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class KamikazeStrike(Step):
    name = "kamikaze"
    title = "kamikaze strikes"
    first_round_only = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        if b.kamikaze is None:
            if kamikaze.targets(state, b):
                state.zone.battle = board._replace(b, awaiting="kamikaze")
                return None
            b = board._replace(b, kamikaze=())
        return board._replace(kamikaze.strike(state, b), step=0)
