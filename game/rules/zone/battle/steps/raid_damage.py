"""A bombing raid's damage rolls: each surviving bomber rolls a die; the die plus its
`bombing_raid` bonus is damage to its target (G40 2nd ed.: strategic bomber d6+2,
tactical bomber d6; TripleA bombingMaxDieSides 6, bombingBonus). Applied by raid_end."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import raids
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class RaidDamage(FireStep):
    name = "raid_damage"
    title = "bombs"
    verb = True
    raid = True
    unit_specials = False
    scores_hits = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        return "attacker", raids.damage_dice(state, b), True
