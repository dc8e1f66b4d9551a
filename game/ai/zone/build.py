"""Facilities for the computer (Global 1940: game/rules/zone/facilities.py): what it
repairs and builds in the purchase phase and where it places what it built.

- Repairs first: the damage of its industrial complexes (production lost; at most half
  the money, the capital's first), then bases out of operation where its fleet or its
  aircraft are.
- An upgrade of a safe minor complex to a major when the money is more than the
  complexes can place.
- Else one new facility a turn at most, costing at most 40 % of the money:
  a minor industrial complex on a front territory worth 2 or more, held since the start of
  the turn, out of reach of its other complexes and safe from the enemy that can reach it;
  else a naval base beside the sea zone where its fleet is (three warships or more) with
  no operative base of its side within two sea moves; else an air base where three or more of its
  aircraft stand near the front.
"""
from __future__ import annotations

from game.rules.action_types import Action, Place, Purchase, Repair
from game.rules.actions import apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState
from game.rules.zone import facilities

from .evaluate import defence_at, land_distances, threat_to

COMPLEX = facilities.COMPLEX
REPAIR_SHARE = 0.5      # at most this share of the money goes to repairs
FRONT = 2               # a front territory: an enemy territory this many land steps away or nearer
SPREAD = 3              # a new complex: no complex of ours this many land steps away or nearer
BASE_GAP = 2            # ... and no naval base of its side this many sea moves away or nearer
FLEET = 3               # warships of the player in a sea zone that make a naval base pay
WING = 3                # aircraft of the player in a territory that make an air base pay
FACILITY_SHARE = 0.4    # a new facility costs at most this share of the money (the rest: units)


def purchases(state: GameState) -> list[Action]:
    """Repairs and at most one new facility, each legal in order."""
    if not facilities.enabled(state):
        return []
    out: list[Action] = []
    s = state
    for a in repairs(state) + new_facility(state):
        try:
            s = apply(s, a)
        except IllegalAction:
            continue
        out.append(a)
    return out


def repairs(state: GameState) -> list[Action]:
    player = state.player
    fts = state.ruleset.facilities
    budget = int(state.resources[player] * REPAIR_SHARE)
    cap = state.scenario.player(player).capital
    out: list[Action] = []
    damaged = sorted(facilities.repairable(state, player),
                     key=lambda t: (fts[t[1]].kind != COMPLEX, t[0] != cap, -fts[t[1]].produces, t[0]))
    for space, fid, dmg in damaged:
        ft = fts[fid]
        if ft.kind == COMPLEX:
            points = dmg
        elif ft.operational_damage is not None and dmg > ft.operational_damage and _uses_base(state, space, ft.kind):
            points = dmg - ft.operational_damage
        else:
            continue
        points = min(points, budget // max(1, ft.repair_cost))
        if points > 0:
            out.append(Repair(space, fid, points))
            budget -= points * ft.repair_cost
    return out


def _uses_base(state: GameState, space: str, kind: str) -> bool:
    """Are the player's ships (a naval base) or aircraft (an air base) where the base serves?"""
    player = state.player
    sps = state.scenario.spaces
    near = {space} | set(sps[space].adjacent)
    domain = SEA if kind == "naval_base" else AIR
    return any(u.owner == player and u.space in near and state.utype(u).domain == domain
               for u in state.units.values())


def new_facility(state: GameState) -> list[Action]:
    player = state.player
    money = state.resources[player]
    upgrade = _upgrade_id(state)
    if upgrade and money - _placeable_value(state) >= (state.ruleset.facilities[upgrade].cost or 999) \
            and site(state, upgrade) is not None:
        return [Purchase(upgrade, 1)]
    for fid in facility_order(state):
        ft = state.ruleset.facilities[fid]
        if ft.cost is None or ft.cost > FACILITY_SHARE * money:
            continue
        if site(state, fid) is not None:
            return [Purchase(fid, 1)]
    return []


def _upgrade_id(state: GameState) -> str | None:
    return next((f for f, ft in state.ruleset.facilities.items() if ft.is_upgrade), None)


def _placeable_value(state: GameState) -> int:
    """Roughly what the player's complexes can place this turn, in PU (three a unit)."""
    player = state.player
    return sum(3 * facilities.production(state, f) for f in state.factories
               if state.owners.get(f) == player)


def facility_order(state: GameState) -> list[str]:
    """The facilities worth building, in the order tried: minor complexes, naval, air bases."""
    fts = state.ruleset.facilities
    rank = {"minor": 0, "naval_base": 1, "air_base": 2}
    ids = [f for f, ft in fts.items() if not ft.is_upgrade
           and (ft.size == "minor" if ft.kind == COMPLEX else ft.kind in rank)]
    return sorted(ids, key=lambda f: rank.get(fts[f].size if fts[f].kind == COMPLEX else fts[f].kind, 9))


def site(state: GameState, fid: str) -> str | None:
    """The best place for a new facility `fid` now (None: nowhere it pays)."""
    ft = state.ruleset.facilities[fid]
    kind = ft.kind
    spaces = facilities.build_spaces(state, fid, state.player)
    if ft.is_upgrade:
        return _upgrade_site(state, spaces)
    if kind == COMPLEX:
        return _complex_site(state, spaces)
    if kind == "naval_base":
        return _naval_site(state, spaces)
    if kind == "air_base":
        return _air_site(state, spaces)
    return None


def _complex_site(state: GameState, spaces: list[str]) -> str | None:
    player = state.player
    ldist = land_distances(state)
    sps = state.scenario.spaces
    enemy_land = [s for s, sp in sps.items() if sp.kind == LAND and state.owners.get(s) is not None
                  and state.at_war(state.owners[s], player)]
    mine = [f for f in state.factories if state.owners.get(f) == player]
    best: tuple[int, int, str] | None = None
    for s in spaces:
        d = ldist.get(s, {})
        front = min((d.get(e, 99) for e in enemy_land), default=99)
        if front > FRONT or min((d.get(f, 99) for f in mine), default=99) < SPREAD:
            continue
        if threat_to(state, s, player) > defence_at(state, s, player):
            continue
        key = (sps[s].value, -front, s)
        if best is None or key > best:
            best = key
    return best[2] if best else None


def _upgrade_site(state: GameState, spaces: list[str]) -> str | None:
    """The safest, then most valuable, minor complex the rules let the player upgrade."""
    player = state.player
    safe = [s for s in spaces if threat_to(state, s, player) <= defence_at(state, s, player)]
    return max(safe, key=lambda s: (state.scenario.spaces[s].value, s), default=None)


def _naval_site(state: GameState, spaces: list[str]) -> str | None:
    player = state.player
    sps = state.scenario.spaces
    fleets: dict[str, int] = {}
    for u in state.units.values():
        ut = state.utype(u)
        if u.owner == player and ut.domain == SEA and ut.attack > 0 and not ut.has("transport"):
            fleets[u.space] = fleets.get(u.space, 0) + 1
    dist = distances(state.scenario)
    best: tuple[int, str] | None = None
    for s in spaces:
        for z in sps[s].adjacent:
            if sps[z].kind != SEA or fleets.get(z, 0) < FLEET:
                continue
            if any(facilities.operative(state, t, "naval_base") and not state.at_war(state.owners.get(t), player)
                   for y, d in dist[z].items() if d <= BASE_GAP and sps[y].kind == SEA
                   for t in sps[y].adjacent if sps[t].kind == LAND):
                continue
            key = (fleets[z], s)
            if best is None or key > best:
                best = key
    return best[1] if best else None


def _air_site(state: GameState, spaces: list[str]) -> str | None:
    player = state.player
    wings: dict[str, int] = {}
    for u in state.units.values():
        if u.owner == player and state.utype(u).domain == AIR and u.carried_by is None:
            wings[u.space] = wings.get(u.space, 0) + 1
    ldist = land_distances(state)
    sps = state.scenario.spaces
    enemy_land = [s for s, sp in sps.items() if sp.kind == LAND and state.owners.get(s) is not None
                  and state.at_war(state.owners[s], player)]
    best: tuple[int, str] | None = None
    for s in spaces:
        if wings.get(s, 0) < WING:
            continue
        if min((ldist.get(s, {}).get(e, 99) for e in enemy_land), default=99) > FRONT:
            continue
        key = (wings[s], s)
        if best is None or key > best:
            best = key
    return best[1] if best else None


def placements(state: GameState) -> list[Action]:
    """Place the facilities the player bought: each at its best site, else anywhere the
    rules allow (a bought facility is never wasted)."""
    out: list[Action] = []
    s = state
    for fid, n in sorted(facilities.unplaced(state, state.player).items()):
        for _ in range(n):
            spaces = facilities.build_spaces(s, fid, s.player)
            where = site(s, fid) or (spaces[0] if spaces else None)
            if where is None:
                break
            try:
                s = apply(s, Place(fid, where, 1))
            except IllegalAction:
                break
            out.append(Place(fid, where, 1))
    return out

