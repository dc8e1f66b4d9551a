"""Applying a Move on a zone map: unloading cargo, boarding a transport, a forced march,
and an ordinary move (blitz, Home Guard, towing, carriers' aircraft).

`movement.py` says where units may go; this module changes the state once a move is legal.
"""
from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from .. import politics
from ..action_types import Move
from ..errors import IllegalAction
from ..model import AIR, LAND, SEA, GameState, Unit, unit_replace
from . import homeguard, landings, movement, production, scramble


def move(state: GameState, a: Move, raid: bool = False) -> None:
    """Apply `a` (the phase is checked by the caller): cargo unloading onto land, land
    units boarding a transport, a forced march, or an ordinary move."""
    group = _moving_group(state, a)
    if all(u.carried_by is not None and state.utype(u).domain == LAND for u in group):
        _unload(state, a, group)
        return
    domain = movement.group_domain(state, group)
    if (domain == LAND and len(a.path) == 1 and state.scenario.spaces[a.path[0]].kind == SEA):
        _board(state, a.path[0], group)
        return
    if movement.is_forced_march(state, group, a.path):
        _forced_march(state, group, a.path)
        return
    _ordinary_move(state, a, group, domain, raid)


def _moving_group(state: GameState, a: Move) -> list[Unit]:
    """The units of the move: each listed once, existing and the player's; the path's
    spaces known."""
    if not a.units:
        raise IllegalAction("Select units to move.")
    if len(set(a.units)) != len(a.units):
        raise IllegalAction("A unit is listed twice.")
    for uid in a.units:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    for s in a.path:
        if s not in state.scenario.spaces:
            raise IllegalAction(f"Unknown space '{s}'.")
    group = [state.units[uid] for uid in a.units]
    for u in group:
        if u.owner != state.player:
            raise IllegalAction(f"That {state.utype(u).name} is not yours.")
    return group


def _unload(state: GameState, a: Move, group: list[Unit]) -> None:
    """Cargo unloading onto a bordering territory (an amphibious assault when hostile)."""
    player = state.player
    names = state.scenario.spaces
    why = movement.allied_cargo_block(state, group)
    if why:
        raise IllegalAction(why)
    for t_uid in sorted({u.carried_by for u in group if u.carried_by in state.units}):
        why = movement.offload_block(state, state.units[t_uid], a.path[-1]) if a.path else ""
        if why:
            raise IllegalAction(why)
    if len(a.path) != 1 or a.path[0] not in movement.unload_targets(state, group):
        dest = names[a.path[-1]].name if a.path else "?"
        raise IllegalAction(f"Cargo can only unload into a bordering territory: "
                            f"{dest} is not one now (hostile in combat move, friendly otherwise; "
                            f"enemy warships block unloading).")
    dest = a.path[0]
    hostile = movement.is_hostile(state, dest, player)
    contested = movement.blocking_ships(state, group[0].space, player, group)
    for u in group:
        t = state.units[u.carried_by]  # type: ignore[index]
        state.units[t.uid] = replace(t, unloaded=True)
        state.zone.ro3_moves[f"offload|{t.uid}|{dest}"] = state.zone.ro3_moves.get(f"offload|{t.uid}|{dest}", 0) + 1
        state.units[u.uid] = replace(u, space=dest, carried_by=None, moved=state.utype(u).move,
                                     in_combat=hostile, amphibious=hostile)
        if hostile:
            scramble.record_landing(state, u.uid, t.uid)
        if contested:   # the sea battle there comes first (landings.py)
            landings.record(state, u.uid, t.uid, group[0].space)
    if hostile:
        state.zone.origins.setdefault(dest, ())
        sea_from = group[0].space
        state.zone.landings[dest] = tuple(sorted(set(state.zone.landings.get(dest, ())) | {sea_from}))
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} unit(s) unload from "
                  f"{names[group[0].space].name} into {names[dest].name}"
                  f"{' (amphibious assault)' if hostile else ''}.")
    politics.enter(state, dest, player)


def _board(state: GameState, sea: str, group: list[Unit]) -> None:
    """Land units boarding transports in a bordering sea zone: their whole move."""
    player = state.player
    names = state.scenario.spaces
    if sea not in names[group[0].space].adjacent:
        raise IllegalAction(f"{names[sea].name} does not border {names[group[0].space].name}.")
    if any(movement.moves_left(state, u) <= 0 or u.in_combat for u in group):
        raise IllegalAction("Those units have no movement left to board.")
    if any(u.moved for u in group):
        raise IllegalAction("Loading is a land unit's entire move: units that have moved "
                            "this turn cannot board.")
    if state.phase == movement.COMBAT:
        for u in group:
            if state.utype(u).has("noncombat_move_only"):
                raise IllegalAction(f"{state.utype(u).name} moves only in the non-combat move.")
    if len({u.space for u in group}) != 1:
        raise IllegalAction("Units moving together must start in the same space.")
    assignment = movement.pick_transports(state, group, sea, player)
    if state.phase == movement.COMBAT and (why := movement.combat_loading_block(state, assignment)):
        raise IllegalAction(why)
    for u in group:
        state.units[u.uid] = replace(u, space=sea, carried_by=assignment[u.uid],
                                     moved=state.utype(u).move)
        if state.units[assignment[u.uid]].owner != player:
            state.zone.ro3_moves[f"loaded_allied|{u.uid}"] = 1
        if state.phase == movement.COMBAT:
            state.zone.ro3_moves[f"combat_loaded|{u.uid}"] = 1   # must be offloaded this turn
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} unit(s) board a "
                  f"transport in {names[sea].name}.")


def _ordinary_move(state: GameState, a: Move, group: list[Unit], domain: str, raid: bool) -> None:
    """A move along a checked path: blitzes take what they pass, a Home Guard rising on
    the way ends the move there, cargo and carried aircraft go along."""
    player = state.player
    names = state.scenario.spaces
    bonuses: movement.BaseBonuses = {}   # found by check_path, kept below
    movement.check_path(state, group, a.path, raid=raid, bonuses=bonuses)
    dest = a.path[-1]
    hostile = movement.is_hostile(state, dest, player)
    _count_towing(state, group, a.path, domain)
    if domain == LAND and state.phase == movement.COMBAT:
        path = _stop_at_home_guard(state, a.path, player)
        if path != a.path:   # a Home Guard rose: the board changed, bonuses found anew
            bonuses.clear()
            a = dataclasses.replace(a, path=path)
            dest = a.path[-1]
            hostile = True
    # seed 000 R3: a blitz is the unit's "complete move" even when it ends in a friendly
    # territory (or back where it started): no movement is left for the non-combat move
    whole_move = (domain == LAND and state.phase == movement.COMBAT and not hostile
                  and movement.blitzes(state, tuple(a.path), player))
    if domain == LAND:
        for s in a.path[:-1]:
            if movement.is_enemy_land(state, s, player):
                production.capture(state, s, player)
                production.capture_units(state, s, player)
                state.add_log(f"  (blitz through {names[s].name})")
                bonuses.clear()   # owners changed: found anew
    spent = movement.path_cost(state, group, a.path)   # the path may have been cut short
    for u in group:
        _move_unit(state, u, dest, spent, whole_move, hostile, domain, bonuses.get(u.uid))
    if hostile and state.phase == movement.COMBAT:
        came_from = a.path[-2] if len(a.path) > 1 else group[0].space
        if domain != AIR:
            state.zone.origins[dest] = tuple(sorted(set(state.zone.origins.get(dest, ())) | {came_from}))
        else:
            state.zone.origins.setdefault(dest, ())
    counts: dict[str, int] = {}
    for u in group:
        counts[state.utype(u).name] = counts.get(state.utype(u).name, 0) + 1
    what = ", ".join(f"{n} {k}" for k, n in counts.items())
    state.add_log(f"{state.scenario.player(player).name}: {what} -> {names[dest].name}"
                  f"{' (attack)' if hostile and state.phase == movement.COMBAT else ''}.")
    if domain == LAND:
        for s in a.path:   # passing through a territory taken on entry (Custodianship) takes
            politics.enter(state, s, player)   # it too (TripleA conquers middle steps)


def _count_towing(state: GameState, group: list[Unit], path: tuple[str, ...], domain: str) -> None:
    """Towing: the Rule of Three counts towed units per territory of departure."""
    tow = movement.towing(state, group) if domain == LAND else {}
    spent = movement.path_cost(state, group, path)
    needed = [uid for uid in tow if movement.moves_left(state, state.units[uid]) < spent]
    if needed and any(ab.rule_of_three for u in group for ab in state.utype(u).abilities_named("tows")):
        key = f"tows|{group[0].space}"
        state.zone.ro3_moves[key] = state.zone.ro3_moves.get(key, 0) + len(needed)


def _stop_at_home_guard(state: GameState, path: tuple[str, ...], player: str) -> tuple[str, ...]:
    """Blitz: empty enemy territories passed through are taken on the way, unless a Home
    Guard rises there (seed 000 G2): then the move ends there, as an attack."""
    for i, s in enumerate(path[:-1]):
        if movement.is_enemy_land(state, s, player) and (d := homeguard.defender_if_raised(state, s)):
            homeguard.raise_guard(state, s, d)
            return path[:i + 1]
    return path


def _move_unit(state: GameState, u: Unit, dest: str, spent: int, whole_move: bool, hostile: bool,
               domain: str, bonus: tuple[int, bool] | None = None) -> None:
    """One unit of an ordinary move to `dest`, with what it carries (`bonus`: its base
    bonus as check_path found it, if kept)."""
    player = state.player
    movement.keep_base_bonus(state, u, bonus)
    upd: dict[str, Any] = {"space": dest, "moved": u.moved + spent}
    if whole_move:
        upd["moved"] = max(upd["moved"], state.utype(u).move)
    if hostile and state.phase == movement.COMBAT:
        upd["in_combat"] = True
    if domain == SEA and state.phase == movement.COMBAT:
        state.zone.ro3_moves[f"combat_moved|{u.uid}"] = 1   # no non-combat move after it
    if state.utype(u).domain == AIR:
        upd["carried_by"] = None
    state.units[u.uid] = unit_replace(u, **upd)
    carrier = state.utype(u).ability("carrier")
    for c in movement.cargo_of(state, u.uid):
        if carrier is not None and carrier.own_aircraft_launch and c.owner == player \
                and state.utype(c).domain == AIR and not movement.trapped(state, c):
            state.units[c.uid] = unit_replace(c, carried_by=None)  # launched: stays, flies on its own
        elif state.utype(u).has("transport") or c.owner != player or state.utype(c).domain == AIR:
            state.units[c.uid] = unit_replace(c, space=dest)


def _forced_march(state: GameState, group: list[Unit], path: tuple[str, ...]) -> None:
    """forced_march: a move under the non-combat rules inside the combat move; movement
    is then renewed (the units keep `moved` 0 and are marked as having marched)."""
    player = state.player
    movement.check_path(state, group, path, phase=movement.NONCOMBAT)
    start = group[0].space
    key = f"forced_march|{start}"
    cap = state.ruleset.rule_of_three
    ro3 = any(ab.rule_of_three for u in group for ab in state.utype(u).abilities_named("forced_march"))
    if ro3 and cap is not None and state.zone.ro3_moves.get(key, 0) + len(group) > cap:
        left = max(0, cap - state.zone.ro3_moves.get(key, 0))
        raise IllegalAction(f"Rule of Three: at most {cap} units may force-march from "
                            f"{state.scenario.spaces[start].name} this turn ({left} left).")
    if ro3:
        state.zone.ro3_moves[key] = state.zone.ro3_moves.get(key, 0) + len(group)
    for u in group:
        state.units[u.uid] = replace(u, space=path[-1], marched=True)
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} "
                  f"{state.utype(group[0]).name} force-march to "
                  f"{state.scenario.spaces[path[-1]].name} (movement renewed).")

