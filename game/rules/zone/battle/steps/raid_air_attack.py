"""A bombing raid's air battle, the raiders' dice: bombers and escorts each fire once at
their air_battle attack (G40 2nd ed.: TripleA airAttack 1) at the interceptors. One
round; casualties on both sides are removed after both have fired."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import raids
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidAirAttack(FireStep):
    name = "raid_air_attack"
    title = "fires in the air battle"
    verb = True
    raid = True
    unit_specials = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "attacker", raids.air_battle_shooters(state, b, "attacker"), False
