"""The standard zone player's place phase: units at the most threatened factory first
(ships in the safest sea zone beside it), the units with the least room first, then the
facilities bought."""
from __future__ import annotations

from game.rules.actions import Action, EndPhase, Place, apply
from game.rules.errors import IllegalAction
from game.rules.model import SEA, GameState
from game.rules.zone import movement, production

from . import amphib, build
from .evaluate import (
    defence_at,
    threat_to,
)
from .navy import sea_defence


def plan_place(state: GameState) -> list[Action]:
    player = state.player
    s = state
    actions: list[Action] = []
    factories = sorted((f for f in s.factories if s.owners.get(f) == player),
                       key=lambda f: (-(threat_to(s, f, player) - defence_at(s, f, player)), f))

    def room(unit: str) -> int:
        """Room of the factories that could build the unit now: the least first, so a ship
        is not left without room (mediterranean_1940: Germany's infantry filled Provence,
        or Occupied France, and its troopship was never placed, round after round)."""
        makers = {_producer(s, unit, sp, player) for f in factories
                  for sp in _place_spaces(s, unit, f)} - {None}
        return sum(production.factory_capacity(s, m) if m else 99 for m in makers)

    for unit in sorted(production.unplaced(s, player),
                       key=lambda u: (room(u), -s.ruleset.units[u].defense, u)):
        for _ in range(production.unplaced(s, player).get(unit, 0)):
            placed = False
            for f in factories:
                for sp in _place_spaces(s, unit, f):
                    try:
                        s = apply(s, Place(unit, sp, 1))
                    except IllegalAction:
                        continue
                    actions.append(Place(unit, sp, 1))
                    placed = True
                    break
                if placed:
                    break
            if not placed:
                break
    actions += build.placements(s)   # the facilities bought (g40), after the units
    if any(production.unplaced(s, player).values()):
        return actions  # the rest where greedy finds room (e.g. a player `placement` rule)
    return actions + [EndPhase()]


def _place_spaces(state: GameState, unit: str, factory: str) -> list[str]:
    """Where a unit built at `factory` goes: the factory, or a ship's sea zones next to it,
    safest first: none that enemy ships hold (mediterranean_1940 seed 12: Italy placed a
    destroyer and a troopship beside a French battleship), then the least danger."""
    sps = state.scenario.spaces
    if state.ruleset.units[unit].domain != SEA:
        return [factory]
    player = state.player

    def risk(z: str) -> tuple[bool, float, str]:
        held = any(state.utype(e).domain == SEA for e in movement.enemies_in(state, z, player))
        return held, amphib.danger(state, z, player) - sea_defence(state, z, player), z
    return sorted((a for a in sps[factory].adjacent if sps[a].kind == SEA), key=risk)


def _producer(state: GameState, unit: str, space: str, player: str) -> str | None:
    """The factory that would build a unit placed in `space` ("" none needed), or None."""
    try:
        return production.placement_factory(state, unit, space, player)
    except IllegalAction:
        return None
