"""Carriers still to be placed as landing spaces (seed 001, Aircraft Carriers: "Any air
units that are not in an eligible landing space by the end of the Noncombat Move phase
are destroyed (note that this can include a sea zone in which a new carrier will be
placed during the Mobilize New Units phase)").

Aircraft may end the non-combat move in a sea zone bordering a factory of the player's
where a carrier bought and not yet placed can go, as far as that carrier's room reaches.
The carrier is then *awaited* there (`awaited|<zone>|<type>` counters, set by
`production.land_aircraft`): the place phase may not spend it or its factory's room
elsewhere, nor end before it is placed there, as TripleA requires; aircraft still
without a carrier when it ends are lost.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..model import AIR, SEA, GameState, Unit

AWAITED = "awaited|"


def applies(state: GameState) -> bool:
    """Placement follows the non-combat move in this ruleset's turn."""
    ph = state.ruleset.phases
    return "place" in ph and "noncombat_move" in ph and ph.index("place") > ph.index("noncombat_move")


def waiting(state: GameState, player: str) -> dict[str, int]:
    """Carrier type -> how many the player has bought and not placed."""
    from .production import pkey
    if not applies(state):
        return {}
    return {t: n for t in sorted(state.ruleset.types_with("carrier"))
            if (n := state.zone.purchased.get(pkey(player, t), 0)) > 0}


def capacity(state: GameState, carrier_type: str) -> int:
    return state.ruleset.units[carrier_type].ability("carrier").capacity


def accepts(state: GameState, carrier_type: str, aircraft: Iterable[Unit]) -> bool:
    allowed = state.ruleset.units[carrier_type].ability("carrier").units
    return not allowed or all(state.utype(u).matches(allowed) for u in aircraft)


def _aircraft_at_sea(state: GameState, player: str, exclude: frozenset[int]) -> dict[str, list[Unit]]:
    """The player's aircraft in sea zones (not aboard a carrier that holds them)."""
    from .movement import trapped
    out: dict[str, list[Unit]] = {}
    sps = state.scenario.spaces
    for u in state.units.values():
        if u.owner == player and u.uid not in exclude and state.utype(u).domain == AIR \
                and sps[u.space].kind == SEA and not trapped(state, u):
            out.setdefault(u.space, []).append(u)
    return out


def needs(state: GameState, player: str, exclude: Iterable[int] = (),
          extra: tuple[str, list[Unit]] | None = None) -> dict[str, tuple[int, list[Unit]]]:
    """Sea zone -> (carrier room lacking there, the player's aircraft there): what the
    carriers already at sea cannot take. `extra` adds a group of aircraft to a zone."""
    from .movement import carrier_room
    gone = frozenset(exclude)
    at_sea = _aircraft_at_sea(state, player, gone)
    add = 0
    if extra is not None:
        zone, group = extra
        at_sea.setdefault(zone, [])
        at_sea[zone] = at_sea[zone] + list(group)
        add = sum(state.utype(u).carrier_cost or 99 for u in group)
    out = {}
    for zone, planes in sorted(at_sea.items()):
        lack = -carrier_room(state, zone, player, exclude=gone) + (add if extra and zone == extra[0] else 0)
        if lack > 0:
            out[zone] = (lack, planes)
    return out


def allocate(state: GameState, player: str, lacking: dict[str, tuple[int, list[Unit]]]
             ) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """Give the waiting carriers to the zones that lack room (zones in name order, each
    carrier at a bordering factory of the player's with room left). Returns
    ((zone, carrier type) -> carriers, zone -> room still lacking)."""
    from .production import factory_capacity, sea_factories
    left = waiting(state, player)
    room: dict[str, int] = {}
    given: dict[tuple[str, str], int] = {}
    short: dict[str, int] = {}
    for zone, (lack, planes) in sorted(lacking.items()):
        while lack > 0:
            pick = None
            for t in left:
                if left[t] <= 0 or not accepts(state, t, planes):
                    continue
                fs = [f for f in sea_factories(state, t, zone, player)
                      if room.setdefault(f, factory_capacity(state, f)) > 0]
                if fs:
                    pick = (t, fs[0])
                    break
            if pick is None:
                short[zone] = lack
                break
            t, f = pick
            left[t] -= 1
            room[f] -= 1
            given[(zone, t)] = given.get((zone, t), 0) + 1
            lack -= capacity(state, t)
    return given, short


def covers(state: GameState, player: str, zone: str, group: list[Unit]) -> bool:
    """May this group of aircraft end the non-combat move in `zone`, waiting for a carrier
    to be placed there, without taking one from aircraft already waiting elsewhere?"""
    if not waiting(state, player):
        return False
    mine = [u.uid for u in group]
    _, short_before = allocate(state, player, needs(state, player, exclude=mine))
    _, short_after = allocate(state, player, needs(state, player, exclude=mine, extra=(zone, group)))
    return zone not in short_after and sum(short_after.values()) <= sum(short_before.values())


def zones(state: GameState, player: str) -> set[str]:
    """Sea zones where a waiting carrier could be placed (for the combat move's fuel rule)."""
    from .production import sea_factories
    kinds = waiting(state, player)
    if not kinds:
        return set()
    return {z for z, sp in state.scenario.spaces.items() if sp.kind == SEA
            and any(sea_factories(state, t, z, player) for t in kinds)}


# --- the place phase ------------------------------------------------------------------------
def awaited(state: GameState) -> dict[tuple[str, str], int]:
    """(zone, carrier type) -> carriers still to be placed there for waiting aircraft."""
    out = {}
    for k, n in state.zone.ro3_moves.items():
        if k.startswith(AWAITED) and n > 0:
            _, zone, t = k.split("|")
            out[(zone, t)] = n
    return out


def awaited_zones(state: GameState) -> list[str]:
    """Sea zones where aircraft waited for carriers this turn (placed or not)."""
    return sorted({k.split("|")[1] for k in state.zone.ro3_moves if k.startswith(AWAITED)})


def forget(state: GameState) -> None:
    for k in [k for k in state.zone.ro3_moves if k.startswith(AWAITED)]:
        del state.zone.ro3_moves[k]


def record(state: GameState, given: dict[tuple[str, str], int]) -> None:
    for (zone, t), n in given.items():
        state.zone.ro3_moves[f"{AWAITED}{zone}|{t}"] = n


def placed(state: GameState, unit: str, zone: str) -> None:
    """A carrier placed where aircraft wait for it."""
    key = f"{AWAITED}{zone}|{unit}"
    if state.zone.ro3_moves.get(key, 0) > 0:
        state.zone.ro3_moves[key] -= 1


def placement_block(state: GameState, unit: str, space: str, player: str, factory: str) -> str:
    """Why placing `unit` in `space` (produced by `factory`) would leave aircraft waiting
    at sea without the carrier they wait for, or ""."""
    from .production import factory_capacity, pkey, sea_factories
    want = awaited(state)
    if not want or (space, unit) in want:
        return ""
    left = {t: state.zone.purchased.get(pkey(player, t), 0) for _, t in want}
    if unit in left:
        left[unit] -= 1
    room: dict[str, int] = {}
    if factory:
        room[factory] = factory_capacity(state, factory) - 1
    for (zone, t), n in sorted(want.items()):
        for _ in range(n):
            fs = [f for f in sea_factories(state, t, zone, player)
                  if room.setdefault(f, factory_capacity(state, f)) > 0]
            if left[t] <= 0 or not fs:
                name = state.ruleset.units[t].name
                return (f"Aircraft in {state.scenario.spaces[zone].name} wait for the {name} "
                        f"to be placed there: place it there first.")
            left[t] -= 1
            room[fs[0]] -= 1
    return ""
