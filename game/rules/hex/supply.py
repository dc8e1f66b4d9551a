"""Supply on hex maps (conventional; seed 003 cites supply rules it does not print).

A unit is in supply when a line of at most `supply_range` hexes (the ruleset's
`hex.supply_range`) joins its hex to a supply source of its alliance: a hex marked
`supply: true` that its alliance owns and no enemy occupies, or a unit with
`supply_source` (depots 15.I, HQs 15.L, supply units 15.W) within that unit's range.
A major depot operates only in a city (15.I.1); an army HQ supplies only while attached
to a major depot (15.L.1: a line within the depot's range joins them; `supply: true`
hexes act as major depots, as capitals do, 15.I.1.a), a command HQ only while attached
to a command depot, one per depot (15.L.1.b, 15.I.1.b).
The line may not enter sea hexes, hexes with enemy units, or hexes in an enemy zone of
control unless a friendly unit is there. Checked for the phasing player in its
initial phase: a unit out of supply has `oos` counting up (attack and movement halved;
defense halved from `oos_defense_after` turns; eliminated at `oos_eliminated_after`
when that is not 0). Being self-supporting (15.G, 15.A.3) is combat support (9.A,
hexsupport.py), not supply: such units need a line like any other.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any

from ..model import GameState, Unit
from . import move as hexmove


def _sources(state: GameState, player: str, zoc: AbstractSet[str], enemy: AbstractSet[str],
             friend: AbstractSet[str]) -> list[tuple[str, int]]:
    """(hex, range) of every supply source of the player's alliance: its `supply: true`
    hexes, and units with `supply_source` where they operate (15.I.1: a major depot only
    in a city); an HQ that must be attached to a depot (15.L.1, 15.L.1.b) only while it is."""
    hr = hexmove.rules(state)
    out: list[tuple[str, int]] = []
    depots: list[tuple[str, int, str, int]] = []   # (hex, range, kind, max HQs attached)
    for hid in supply_hexes(state):
        owner = state.owners.get(hid)
        if owner is not None and not state.at_war(owner, player) and hid not in enemy:
            out.append((hid, hr.supply_range))
            depots.append((hid, hr.supply_range, "major", 0))   # as a capital does (15.I.1.a)
    hqs: list[tuple[Unit, Any]] = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        ab = state.utype(u).ability("supply_source")
        if ab is None or state.at_war(u.owner, player):
            continue
        if ab.operational_in and not hexmove.has_terrain(state, u.space, ab.operational_in):
            continue
        if ab.attaches_to:
            hqs.append((u, ab))
            continue
        out.append((u.space, ab.range))
        if ab.depot:
            depots.append((u.space, ab.range, ab.depot, ab.max_attached))
    if hqs:
        out.extend((u.space, ab.range) for u, ab in _attached(state, hqs, depots, zoc, enemy, friend))
    return out


def _attached(state: GameState, hqs: list[tuple[Unit, Any]], depots: list[tuple[str, int, str, int]],
              zoc: AbstractSet[str], enemy: AbstractSet[str], friend: AbstractSet[str]) -> list[tuple[Unit, Any]]:
    """The HQs attached to a depot of their kind: a supply line within the depot's range
    joins them (15.L.1); a depot with `max_attached` takes that many, lowest unit id first
    (15.I.1.b.iii). Depots that take any number are traced together."""
    out: list[tuple[Unit, Any]] = []
    free = list(hqs)
    for kind in ("major", "command"):
        open_ = [(h, r) for h, r, k, m in depots if k == kind and not m]
        if open_:
            reach = _trace(state, open_, zoc, enemy, friend)
            out.extend(x for x in free if x[1].attaches_to == kind and x[0].space in reach)
            free = [x for x in free if x not in out]
        for h, r, k, m in depots:
            if k != kind or not m:
                continue
            reach = _trace(state, [(h, r)], zoc, enemy, friend)
            took = [x for x in free if x[1].attaches_to == kind and x[0].space in reach][:m]
            out.extend(took)
            free = [x for x in free if x not in took]
    return out


def supply_hexes(state: GameState) -> tuple[str, ...]:
    """The hexes marked `supply: true`, in map order."""
    table = hexmove.static_table(state, "supply_hexes")
    got = table.get("")
    if got is None:
        assert state.scenario.hexmap is not None
        got = table[""] = tuple(hid for hid, hd in state.scenario.hexmap.hexes.items() if hd.supply)
    return got


def _line_steps(state: GameState, here: str) -> tuple[str, ...]:
    """The neighbours a supply line may step to from `here` whoever holds the map: not
    sea hexes, not across a water hexside (in adjacency order)."""
    return hexmove.land_steps(state, here, "supply_steps", "water")


def in_supply(state: GameState, player: str) -> set[str]:
    """Hexes where the player's units are in supply."""
    zoc = hexmove.zoc_hexes(state, player)
    enemy, friend = hexmove.occupied(state, player)
    return set(_trace(state, _sources(state, player, zoc, enemy, friend), zoc, enemy, friend))


def _trace(state: GameState, sources: list[tuple[str, int]], zoc: AbstractSet[str],
           enemy: AbstractSet[str], friend: AbstractSet[str]) -> dict[str, int]:
    """Hex -> range left, for every hex a supply line from one of `sources` reaches."""
    table = hexmove.static_table(state, "supply_steps")   # what _line_steps fills
    best: dict[str, int] = {}
    for src, rng in sources:
        if best.get(src, -1) >= rng:
            continue
        best[src] = rng
        queue = deque([(src, rng)])
        while queue:
            here, left = queue.popleft()
            if left <= 0:
                continue
            steps = table.get(here)
            if steps is None:
                steps = _line_steps(state, here)
            for n in steps:
                if n in enemy:
                    continue
                if n in zoc and n not in friend:
                    continue
                if best.get(n, -1) >= left - 1:
                    continue
                best[n] = left - 1
                queue.append((n, left - 1))
    return best


def check(state: GameState, player: str) -> None:
    """The initial-phase supply check for `player`'s units (state is a copy)."""
    hr = hexmove.rules(state)
    ok = in_supply(state, player)
    short = 0
    for uid in sorted(state.units):
        u = state.units[uid]
        if u.owner != player:
            continue
        if u.space in ok:
            if u.oos:
                state.units[uid] = replace(u, oos=0)
            continue
        short += 1
        n = u.oos + 1
        if hr.oos_eliminated_after and n >= hr.oos_eliminated_after:
            del state.units[uid]
            state.add_log(f"  {state.utype(u).name} in {state.scenario.spaces[u.space].name} is "
                          f"eliminated after {n} turns out of supply.")
            continue
        state.units[uid] = replace(u, oos=n)
    if short:
        state.add_log(f"  {short} unit(s) of {state.scenario.player(player).name} out of supply.")
