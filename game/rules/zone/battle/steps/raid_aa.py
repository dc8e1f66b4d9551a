"""A bombing raid's anti-aircraft fire: each raided facility fires one die at each bomber
raiding it, at its built-in `anti_aircraft` value (G40 2nd ed.: TripleA
isAAforBombingThisUnitOnly, 1 on a d6; an AAA unit in the territory does not fire at
raiders). Hits are taken among the bombers at once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import raids
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidAntiAircraft(FireStep):
    name = "raid_aa"
    title = "facility anti-aircraft fire"
    raid = True
    unit_specials = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "defender", raids.aa_shooters(state, b), True

    def hit_types(self, state: GameState, b: Battle) -> tuple[str, ...] | None:
        return raids.bomber_types(state, b)
