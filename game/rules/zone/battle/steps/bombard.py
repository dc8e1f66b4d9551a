"""Shore bombardment (round one): the ships of an amphibious assault fire; the
defender's casualties fire back later in the round."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class Bombard(FireStep):
    name = "bombard"
    title = "shore bombardment"
    first_round_only = True
    unit_specials = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        ships = [state.units[uid] for uid in b.bombard if uid in state.units]
        vals = []
        for s in ships:
            bo = state.utype(s).ability("bombard")
            vals.append((s, bo.value or state.utype(s).attack))
        return "attacker", vals, False
