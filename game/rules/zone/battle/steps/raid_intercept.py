"""A bombing raid, first: the defender chooses which fighters in the raided territory rise
to intercept (none: no air battle). G40 2nd ed. (TripleA canIntercept; "Raids May Be
Preceeded By Air Battles")."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import interception
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidIntercept(FireStep):
    name = "raid_intercept"
    title = "interceptors"
    raid = True
    unit_specials = False

    def before_roll(self, state: GameState, b: Battle) -> tuple[Battle, bool]:
        if b.interceptors is None:
            return interception.await_interceptors(state, b)
        return b, False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "defender", [], False   # a choice, no dice
