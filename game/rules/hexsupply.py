"""Supply on hex maps (conventional; seed 003 cites supply rules it does not print).

A unit is in supply when a line of at most `supply_range` hexes (the ruleset's
`hex.supply_range`) joins its hex to a supply source of its alliance: a hex marked
`supply: true` that its alliance owns and no enemy occupies, or a unit with
`supply_source` (depots 15.I, HQs 15.L, supply units 15.W) within that unit's range.
The line may not enter sea hexes, hexes with enemy units, or hexes in an enemy zone of
control unless a friendly unit is there. Checked for the phasing player in its
initial phase: a unit out of supply has `oos` counting up (attack and movement halved;
defense halved from `oos_defense_after` turns; eliminated at `oos_eliminated_after`
when that is not 0). `self_supporting` units (15.G, 15.A.3) need no line.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Set as AbstractSet
from dataclasses import replace

from . import hexmove
from .model import GameState


def _sources(state: GameState, player: str, enemy: AbstractSet[str]) -> list[tuple[str, int]]:
    """(hex, range) of every supply source of the player's alliance."""
    hr = hexmove.rules(state)
    out: list[tuple[str, int]] = []
    for hid in supply_hexes(state):
        owner = state.owners.get(hid)
        if owner is not None and not state.at_war(owner, player) and hid not in enemy:
            out.append((hid, hr.supply_range))
    for u in state.units.values():
        ab = state.utype(u).ability("supply_source")
        if ab is not None and not state.at_war(u.owner, player):
            out.append((u.space, ab.range))
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
    table = hexmove.static_table(state, "supply_steps")   # what _line_steps fills
    best: dict[str, int] = {}
    for src, rng in _sources(state, player, enemy):
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
    return set(best)


def self_supported(state: GameState, ut_id: str) -> bool:
    ab = state.ruleset.units[ut_id].ability("self_supporting")
    return ab is not None and (ab.first_turns == 0 or state.round <= ab.first_turns)


def check(state: GameState, player: str) -> None:
    """The initial-phase supply check for `player`'s units (state is a copy)."""
    hr = hexmove.rules(state)
    ok = in_supply(state, player)
    short = 0
    for uid in sorted(state.units):
        u = state.units[uid]
        if u.owner != player:
            continue
        if u.space in ok or self_supported(state, u.type):
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
