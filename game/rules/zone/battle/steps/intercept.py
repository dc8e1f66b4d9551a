"""Interception (round one): the defender's interceptors fire at transports bringing
an airdrop, once the defender has chosen them; hits go to the transports."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import interception
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class Intercept(FireStep):
    name = "intercept"
    title = "interception"
    first_round_only = True
    unit_specials = False

    def before_roll(self, state: GameState, b: Battle) -> tuple[Battle, bool]:
        if b.drops and b.interceptors is None:
            return interception.await_interceptors(state, b)
        return b, False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "defender", interception.interception_shooters(state, b), True

    def hit_types(self, state: GameState, b: Battle) -> tuple[str, ...] | None:
        return interception.intercept_targets(state, b)
