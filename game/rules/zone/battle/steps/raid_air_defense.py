"""A bombing raid's air battle, the interceptors' dice: each fires once at its air_battle
defense (G40 2nd ed.: TripleA airDefense 1) at the raiders, bombers or escorts as the
raider chooses."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import raids
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidAirDefense(FireStep):
    name = "raid_air_defense"
    title = "intercepts"
    verb = True
    raid = True
    unit_specials = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "defender", raids.air_battle_shooters(state, b, "defender"), False
