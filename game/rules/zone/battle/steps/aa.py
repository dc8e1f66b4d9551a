"""Anti-aircraft fire (round one): AAA fires at attacking aircraft and at paratroopers
that flew in; hits are removed at once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import sides, values
from .base import FireStep, Shot

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState


class AntiAircraft(FireStep):
    name = "aa"
    title = "anti-aircraft fire"
    first_round_only = True
    unit_specials = False

    def shooters(self, state: GameState, b: Battle) -> Shot:
        att = sides.alive(state, sides.attackers(state, b))
        dfn_alive = sides.alive(state, sides.defenders(state, b))
        return "defender", [(u, v) for u, v, _ in values.aa_shots(state, att, dfn_alive)], True

    def shot_domains(self, state: GameState, b: Battle) -> list[str] | None:
        return [t for _, _, t in values.aa_shots(state, sides.alive(state, sides.attackers(state, b)),
                                            sides.alive(state, sides.defenders(state, b)))]
