"""The end of a bombing raid: the damage rolled goes onto the facilities (at most their
maximum damage) and the raid is over; an ordinary battle in the territory comes next."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import raids
from .base import Step

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidEnd(Step):
    name = "raid_end"
    title = "damage"
    raid = True

    def run(self, state: GameState, b: Battle) -> Battle | None:
        state.zone.battle = b
        raids.apply_damage(state, b)
        raids.finish(state)
        return None
