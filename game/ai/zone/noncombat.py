"""The standard zone player's non-combat move: ferries and escorts, a token defender
in every empty victory city, reinforcements for threatened cities, aircraft landed where
they hold a city or are safe, a march toward the enemy's victory cities, and greedy's
march toward the front for the rest."""
from __future__ import annotations

from typing import Any

from game.rules.actions import Action, EndPhase, Move, apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState, Unit
from game.rules.zone import movement, production

from . import amphib, greedy
from .evaluate import (
    ahead,
    city_distance,
    cost,
    defence_at,
    enemy_moves_again,
    final_round,
    is_capital,
    key_spaces,
    threat_to,
    worth,
)
from .garrison import deficits, garrison_units
from .navy import escort_moves


def _movable_land(state: GameState, u: Unit, player: str) -> bool:
    return (u.owner == player and state.utype(u).domain == LAND and not u.in_combat
            and u.carried_by is None and movement.moves_left(state, u) > 0)


def _reinforcers(s: GameState, player: str, target: str, deficit: dict[str, float]) -> list[Any]:
    """Land units that can reach `target` now from spaces that can spare them (their own
    space's deficit stays covered), nearest and most defensive first."""
    out = []
    for u in s.units.values():
        if not _movable_land(s, u, player) or u.space == target:
            continue
        if deficit.get(u.space, -99) > -(s.utype(u).defense + 0.5):
            continue  # its own space needs it
        path = movement.reachable(s, [u]).get(target)
        if path is not None:
            out.append((len(path), s.utype(u).attack - s.utype(u).defense, u.uid, u, path))
    out.sort()
    return out


def plan_noncombat(state: GameState) -> list[Action]:
    """Greedy's landing and march, plus: never leave a victory city empty, and in the
    last round reinforce every threatened victory city."""
    player = state.player
    moves: list[Action] = []
    s = state

    def do(a: Action) -> bool:
        nonlocal s
        try:
            s = apply(s, a)
        except IllegalAction:
            return False
        moves.append(a)
        return True

    if not enemy_moves_again(s, player):
        return _greedy_rest(s, moves)
    # troops cut off by the sea sail toward the front; empty transports go where troops
    # and a target are
    keep = garrison_units(s, player)
    for block in amphib.ferry_moves(s, player, keep):
        s0, n0 = s, len(moves)
        if not all(do(a) for a in block):
            s, moves[n0:] = s0, []
    # ... or over several turns, when the coast is farther
    for block in amphib.voyage_moves(s, player, keep):
        s0, n0 = s, len(moves)
        if not all(do(a) for a in block):
            s, moves[n0:] = s0, []
    for a in amphib.staging_moves(s, player):
        do(a)
    for a in escort_moves(s, player):
        do(a)
    # a token defender in every empty victory city or capital stops a free walk-in
    for target in sorted(key_spaces(s, player), key=lambda t: (-worth(s, t), t)):
        sp = s.scenario.spaces[target]
        if not (sp.victory_city or is_capital(s, target)) or defence_at(s, target, player) > 0:
            continue
        cands = []
        keys = key_spaces(s, player)
        for u in s.units.values():
            if not _movable_land(s, u, player):
                continue
            if u.space in keys and sum(1 for x in s.units.values() if x.space == u.space
                                       and x.owner == player
                                       and s.utype(x).domain == LAND) < 4:
                continue  # a key space gives a token only from a garrison of four or more
            path = movement.reachable(s, [u]).get(target)
            if path is not None:
                cands.append((u.space in keys, cost(s, u), len(path), u.uid, path))
        if cands:
            c = min(cands)
            do(Move((c[3],), c[4]))
    limit = s.scenario.turn_limit
    near_end = final_round(s) or (limit and s.round == limit - 1 and ahead(s, player))
    if not near_end:
        # every round: a victory city or capital the enemy next door could take gets
        # defenders from spaces that can spare them, when that is enough to hold it
        deficit = {t: d for t, d in deficits(s, player, hops=2).items()
                   if s.scenario.spaces[t].victory_city or is_capital(s, t)}
        for target in sorted((t for t in deficit if deficit[t] > 0),
                             key=lambda t: (-worth(s, t), t)):
            cands3 = _reinforcers(s, player, target, deficit)
            gain = sum(s.utype(c[3]).defense + 0.5 for c in cands3)
            if gain < 0.7 * deficit[target] and not is_capital(s, target):
                continue  # cannot be held: do not feed it
            for _n, _d, _uid, u, path in cands3:
                if deficit[target] <= 0:
                    break
                if deficit.get(u.space, -99) > -(s.utype(u).defense + 0.5):
                    continue
                if do(Move((u.uid,), path)):
                    g = s.utype(u).defense + 0.5
                    deficit[target] -= g
                    if u.space in deficit:
                        deficit[u.space] += g
    if near_end:
        # the end is near: reinforce threatened victory cities, most valuable first, from spaces that can
        # spare units
        deficit = deficits(s, player)
        for target in sorted((t for t in deficit if deficit[t] > 0),
                             key=lambda t: (-worth(s, t), t)):
            cands2 = _reinforcers(s, player, target, deficit)
            for _n, _d, _uid, u, path in cands2:
                if deficit[target] <= 0:
                    break
                if deficit.get(u.space, -99) > -(s.utype(u).defense + 0.5):
                    continue
                if do(Move((u.uid,), path)):
                    gain = s.utype(u).defense + 0.5
                    deficit[target] -= gain
                    if u.space in deficit:
                        deficit[u.space] += gain
        # nothing else counts now: every other unit goes to the nearest victory city
        vcs = set(key_spaces(s, player))
        for u in sorted(s.units.values(), key=lambda x: x.uid):
            if not _movable_land(s, u, player) or u.space in vcs:
                continue
            options = movement.reachable(s, [u])
            near = [d for d in options if d in vcs]
            if near:
                dest = min(near, key=lambda d: (-max(0.0, deficit.get(d, 0.0)), len(options[d]), d))
                if do(Move((u.uid,), options[dest])):
                    deficit[dest] = deficit.get(dest, 0.0) - (s.utype(u).defense + 0.5)
            elif options and vcs:
                # out of reach: close in on the nearest city that still needs defenders
                dist = distances(s.scenario)
                needy = [v for v in vcs if deficit.get(v, 0.0) > 0] or list(vcs)
                here = min(dist[u.space].get(v, 99) for v in needy)
                best = min(options, key=lambda d: (min(dist[d].get(v, 99) for v in needy), d))
                if min(dist[best].get(v, 99) for v in needy) < here \
                        and not movement.is_hostile(s, best, player):
                    do(Move((u.uid,), options[best]))
    _land_aircraft(lambda: s, player, do)
    if not near_end:
        for a in march_to_cities(s, player, moves):
            do(a)
    return _greedy_rest(s, moves)


def march_to_cities(state: GameState, player: str, done: list[Action]) -> list[Action]:
    """The land units no garrison needs and not yet moved march toward the nearest enemy
    victory city they can walk to: games are won on those. Greedy's march goes to the
    nearest enemy land of any worth (Global 1940: Japan's armies walked into Siberia
    while India, a victory city, stood with four defenders)."""
    moved = {uid for a in done if isinstance(a, Move) for uid in a.units}
    keep = garrison_units(state, player)
    dist = city_distance(state, player)
    out: list[Action] = []
    s = state
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.uid in moved or u.uid in keep or not _movable_land(s, u, player) or u.space not in dist:
            continue
        options = movement.reachable(s, [u])
        closer = [d for d in options if dist.get(d, 99) < dist[u.space]]
        if not closer:
            continue
        dest = min(closer, key=lambda d: (dist[d], len(options[d]), d))
        try:
            s = apply(s, Move((u.uid,), options[dest]))
        except IllegalAction:
            continue
        out.append(Move((u.uid,), options[dest]))
    return out


def _greedy_rest(s: GameState, moves: list[Action]) -> list[Action]:
    for _ in range(400):
        a = greedy._noncombat(s)
        if a is None:
            break
        try:
            s = apply(s, a)
        except IllegalAction:
            break
        moves.append(a)
    return moves + [EndPhase()]


def _landing_risk(state: GameState, space: str, player: str) -> float:
    """How much the enemy that could strike a landing place next turn outweighs its
    defence (0: safe)."""
    return max(0.0, threat_to(state, space, player, hops=1) - defence_at(state, space, player))


def _needs_air_base(state: GameState, u: Unit) -> bool:
    """Does this aircraft fly its missions (airdrops, supply drops) only from an air base?"""
    ut = state.utype(u)
    at = ut.ability("air_transport")
    if at is None:
        return False
    sd = ut.ability("supply_drop")
    if sd is not None:
        return bool(sd.requires_air_base)
    # its drops need an air base when its cargo does (seed 001 helicopters: no air base)
    rs = state.ruleset
    return any((ad := rs.units[t].ability("airdroppable")) is None or ad.requires_air_base
               for t in rs.expand_all(at.units) if t in rs.units)


def pending_defence(state: GameState, player: str) -> dict[str, float]:
    """Defence the units bought this turn will add at each factory once placed (the
    place phase puts them at the most threatened factory first, up to its room)."""
    left = sorted(((state.ruleset.units[t].defense + 0.5, t, n)
                   for t, n in production.unplaced(state, player).items()
                   if state.ruleset.units[t].domain != SEA), reverse=True)
    units = [d for d, _t, n in left for _ in range(n)]
    out: dict[str, float] = {}
    factories = sorted((f for f in state.factories if state.owners.get(f) == player),
                       key=lambda f: (-(threat_to(state, f, player) - defence_at(state, f, player)), f))
    for f in factories:
        room = production.factory_capacity(state, f)
        take, units = units[:room], units[room:]
        if take:
            out[f] = sum(take)
    return out


def air_defence_moves(state: GameState, player: str) -> list[tuple[int, str]]:
    """Non-combat move: aircraft that should land in (or stay in) a threatened capital
    or victory city because their defence is what holds it: (aircraft, space) pairs,
    capital first. The enemy that could strike next turn (threat_to, two steps) is set
    against the land defence there plus the units about to be placed; aircraft in reach
    (those already there first, then the nearest) fill the gap, for a victory city only
    when they can fill most of it (no feeding a lost city)."""
    sps = state.scenario.spaces
    spots = movement.landing_spots(state, player)
    planes = [u for u in state.units.values() if u.owner == player
              and state.utype(u).domain == AIR and state.utype(u).defense > 0
              and u.carried_by is None and not _needs_air_base(state, u)
              and not state.utype(u).has("air_transport")]
    if not planes:
        return []
    pending = pending_defence(state, player)
    reach: dict[int, dict[str, tuple[str, ...]]] = {}
    out: list[tuple[int, str]] = []
    taken: set[int] = set()
    keys = [k for k in key_spaces(state, player) if (sps[k].victory_city or is_capital(state, k))
            and k in spots]
    for k in sorted(keys, key=lambda k: (not is_capital(state, k), -worth(state, k), k)):
        threat = threat_to(state, k, player, hops=2)
        if threat <= 0:
            continue
        base = sum(state.utype(u).defense + 0.5 for u in state.units.values()
                   if u.space == k and not state.at_war(u.owner, player) and u.carried_by is None
                   and state.utype(u).domain == LAND) + pending.get(k, 0.0)
        gap = threat - base
        if gap <= 0:
            continue
        cands = []
        for u in planes:
            if u.uid in taken:
                continue
            if u.space == k:
                cands.append((0, u.uid, u))
                continue
            if movement.moves_left(state, u) <= 0:
                continue
            if u.uid not in reach:
                reach[u.uid] = movement.reachable(state, [u])
            path = reach[u.uid].get(k)
            if path is not None:
                cands.append((len(path), u.uid, u))
        cands.sort()
        gain = sum(state.utype(u).defense + 0.5 for _n, _i, u in cands)
        if gain < 0.7 * gap and not is_capital(state, k):
            continue
        for _n, uid, u in cands:
            if gap <= 0:
                break
            taken.add(uid)
            out.append((uid, k))
            gap -= state.utype(u).defense + 0.5
    return out


def _land_aircraft(now: Any, player: str, do: Any) -> None:
    """Aircraft whose defence holds a threatened capital or victory city land there
    (air_defence_moves); the others land where the enemy cannot strike them next turn
    (the least threatened landing place in reach, then the nearest); one already safe
    stays. `now()` is the state as the plan stands, `do(action)` plays a move into it."""
    s = now()
    held: set[int] = set()
    for uid, k in air_defence_moves(s, player):
        u = s.units.get(uid)
        if u is None:
            continue
        if u.space == k:
            held.add(uid)
            continue
        path = movement.reachable(now(), [u]).get(k)
        if path is not None and do(Move((uid,), path)):
            held.add(uid)
    s = now()
    spots = movement.landing_spots(s, player)
    risk: dict[str, float] = {}

    def at(space: str) -> float:
        if space not in risk:
            risk[space] = _landing_risk(now(), space, player)
        return risk[space]

    front: dict[str, int] | None = None
    for uid in sorted(u.uid for u in s.units.values()
                      if u.owner == player and s.utype(u).domain == AIR and u.uid not in held):
        s = now()
        u = s.units.get(uid)
        if u is None or movement.moves_left(s, u) <= 0 or movement.trapped(s, u):
            continue
        sps = s.scenario.spaces
        here_ok = u.space in spots and sps[u.space].kind == LAND
        if _needs_air_base(s, u):
            # air transports fly their drops only from an air base: the safe one nearest
            # the front
            if front is None:
                front = greedy._front_distance(s, player)

            def key(d: str, fr: dict[str, int] = front, sps: Any = sps) -> tuple[Any, ...]:
                return (not sps[d].air_base, at(d) > 3, fr.get(d, 99), at(d), d)
            options = {d: p for d, p in movement.reachable(s, [u]).items()
                       if d in spots and sps[d].kind == LAND}
            if here_ok:
                options[u.space] = ()
            if not options:
                continue
            best = min(options, key=key)
            if best != u.space and do(Move((uid,), options[best])):
                risk.clear()
            continue
        if here_ok and at(u.space) <= 0:
            continue
        options = {d: p for d, p in movement.reachable(s, [u]).items() if d in spots}
        if not options:
            continue
        best = min(options, key=lambda d: (at(d) > 0, at(d), len(options[d]), d))
        if here_ok and at(best) >= at(u.space):
            continue
        if do(Move((uid,), options[best])):
            risk.clear()
