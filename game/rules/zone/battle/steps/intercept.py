"""Interception (round one): the defender's interceptors fire at transports bringing
an airdrop, once the defender has chosen them; hits go to the transports."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import core as C
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
            if C.interceptor_choices(state, b):
                state.zone.battle = C._replace(b, awaiting="intercept")
                return b, True
            b = C._replace(b, interceptors=())
        return b, False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "defender", C.interception_shooters(state, b), True

    def hit_types(self, state: GameState, b: Battle) -> tuple[str, ...] | None:
        return C.intercept_targets(state, b)
