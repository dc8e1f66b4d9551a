"""Coastal artillery (seed 000 FORTRESS: "A Fortress may roll 3dX each turn at enemy ships
in adjacent Sea Zones."; reading G62).

Once in each of its owner's turns, in the conduct-combat phase outside a battle, the
`coastal_artillery` units of one territory fire at the enemy ships in one bordering sea
zone: `dice` dice each, hitting on `value` (0 = the unit's defense). Nobody fires back.
The hits follow the default order of loss (multi-hit ships absorb hits first, then the
weakest and cheapest, defenceless ships last): there is no battle window to ask the
ships' owner. It is the `CoastalFire(space, zone)` action.
"""
from __future__ import annotations

from dataclasses import replace

from .. import dice
from ..errors import IllegalAction
from ..model import LAND, SEA, GameState, Unit


def guns(state: GameState, space: str, player: str) -> list[Unit]:
    """The player's coastal artillery units in `space`."""
    return sorted((u for u in state.units_in(space) if u.owner == player
                   and state.utype(u).has("coastal_artillery")), key=lambda u: u.uid)


def targets_in(state: GameState, zone: str, player: str) -> list[Unit]:
    """Enemy ships in a sea zone (not aircraft, not cargo)."""
    return [u for u in state.units_in(zone) if state.at_war(u.owner, player)
            and state.utype(u).domain == SEA]


def explain(state: GameState, space: str, zone: str) -> str:
    """Why the current player may not fire the coastal artillery of `space` at `zone` now."""
    player = state.player
    sps = state.scenario.spaces
    if state.phase != "conduct_combat":
        return "Coastal artillery fires in the conduct-combat phase."
    if state.zone.battle is not None:
        return "Finish the current battle first."
    if space not in sps or zone not in sps:
        return "Unknown space."
    if sps[space].kind != LAND or not guns(state, space, player):
        return f"You have no coastal artillery in {sps[space].name}."
    if space in state.zone.fired:
        return f"The coastal artillery of {sps[space].name} has already fired this turn."
    if sps[zone].kind != SEA or zone not in sps[space].adjacent:
        return f"{sps[zone].name} is not a sea zone bordering {sps[space].name}."
    if not targets_in(state, zone, player):
        return f"There are no enemy ships in {sps[zone].name}."
    return ""


def options(state: GameState) -> list[tuple[str, str]]:
    """Every (territory, sea zone) the current player's coastal artillery may fire at now."""
    if state.phase != "conduct_combat" or state.zone.battle is not None:
        return []
    spaces = sorted({u.space for u in state.units.values() if u.owner == state.player
                     and state.utype(u).has("coastal_artillery")})
    return [(s, z) for s in spaces for z in state.scenario.spaces[s].adjacent
            if not explain(state, s, z)]


def _order_of_loss(state: GameState, ships: list[Unit]) -> list[Unit]:
    def key(u: Unit) -> tuple[int, int, int, int, int]:
        ut = state.utype(u)
        cost = ut.cost if isinstance(ut.cost, int) else 0
        return (1 if ut.has("defenseless") else 0, 0 if ut.hits - u.damage > 1 else 1,
                ut.value("defense", u.damage), cost, u.uid)
    return sorted(ships, key=key)


def fire(state: GameState, space: str, zone: str) -> None:
    """Apply a coastal bombardment of `zone` from `space` (state is the reducer's copy)."""
    from .battle import remove_unit
    why = explain(state, space, zone)
    if why:
        raise IllegalAction(why)
    player = state.player
    faces: list[int] = []
    hits = 0
    for g in guns(state, space, player):
        ab = state.utype(g).ability("coastal_artillery")
        value = min(state.ruleset.dice, ab.value or state.utype(g).defense)
        rolled = dice.roll(state, ab.dice)
        faces.extend(rolled)
        hits += sum(1 for d in rolled if d <= value)
    state.zone.fired = tuple(sorted(set(state.zone.fired) | {space}))
    names = state.scenario.spaces
    lost: list[str] = []
    for _ in range(hits):
        ships = _order_of_loss(state, targets_in(state, zone, player))
        if not ships:
            break
        u = ships[0]
        if u.damage + 1 >= state.utype(u).hits:
            lost.append(state.utype(u).name)
            remove_unit(state, u.uid)
        else:
            state.units[u.uid] = replace(u, damage=u.damage + 1)
            lost.append(f"{state.utype(u).name} (damaged)")
    state.add_log(f"{state.scenario.player(player).name}: coastal artillery of {names[space].name} "
                  f"fires at {names[zone].name}: {' '.join(map(str, faces))} -> {hits} "
                  f"hit{'s' if hits != 1 else ''}{': ' + ', '.join(lost) if lost else ''}.")
