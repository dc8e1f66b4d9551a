"""Sea lift for the standard computer player: amphibious assaults and ferrying.

A *lift* is a stack of the player's transports in one sea zone (moved together, so
the rules' own choice of which transport takes which unit never matters): it may
sail to a pickup zone P, take on land units from the territories bordering P (loading
is a land unit's whole move, so only units that have not moved), sail on to a drop
zone D and unload into a territory bordering D. Cargo already aboard sails and lands
too. The planner sails through sea zones holding no enemy unit; only in the combat
move may its last step enter a zone enemy ships hold, behind the warships that attack
them there (`through`; the sea battle comes before the landing: rules/zone/landings.py).

Everything here reads the state and returns plans; the standard player's planners
(attack.py, noncombat.py) turn them into moves and check every move against the rules
before playing it.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game.rules.model import LAND, SEA, GameState, Unit
from game.rules.zone import movement

from ..config import zone_config
from .evaluate import city_distance


@dataclass
class Lift:
    transports: tuple[int, ...]       # the stack, all in `start`
    start: str
    to_pickup: tuple[str, ...]        # sea path start -> P (empty: load where it is)
    to_drop: tuple[str, ...]          # sea path P -> D (empty: unload at P)
    target: str                       # the land space it unloads into
    aboard: list[Unit] = field(default_factory=list)    # cargo already on the stack
    pickups: list[Unit] = field(default_factory=list)   # units boarding at P

    @property
    def pickup(self) -> str:
        return self.to_pickup[-1] if self.to_pickup else self.start

    @property
    def drop(self) -> str:
        return self.to_drop[-1] if self.to_drop else self.pickup

    @property
    def units(self) -> list[Unit]:
        return self.aboard + self.pickups


def transport_stacks(state: GameState, player: str, used: set[int]) -> dict[str, list[Unit]]:
    """The player's transports able to sail now, by sea zone (one stack a zone: those with
    the most movement left)."""
    by_zone: dict[str, list[Unit]] = {}
    for u in state.units.values():
        ut = state.utype(u)
        if (u.owner != player or ut.domain != SEA or not ut.has("transport") or u.unloaded
                or u.in_combat or u.uid in used or movement.moves_left(state, u) <= 0
                or state.scenario.spaces[u.space].kind != SEA):
            continue
        if any(k.startswith(f"offload|{u.uid}|") for k in state.zone.ro3_moves):
            continue
        if any(c.owner != player for c in movement.cargo_of(state, u.uid)):
            continue  # an ally's troops aboard: leave the ship to them
        by_zone.setdefault(u.space, []).append(u)
    out = {}
    for z, ts in by_zone.items():
        best = max(movement.moves_left(state, t) for t in ts)
        out[z] = sorted((t for t in ts if movement.moves_left(state, t) == best), key=lambda t: t.uid)
    return out


def clear_zone(state: GameState, zone: str, player: str, group: list[Unit]) -> bool:
    sp = state.scenario.spaces[zone]
    return (sp.kind == SEA and not movement.enemies_in(state, zone, player)
            and all(movement.zone_allowed(state, u, zone) for u in group))


def sea_paths(state: GameState, start: str, mp: int, player: str, group: list[Unit]
              ) -> dict[str, tuple[str, ...]]:
    """Sea zones within mp moves through zones without enemy units, with a shortest path
    (the start with the empty path)."""
    out: dict[str, tuple[str, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if len(out[cur]) >= mp:
            continue
        for nxt in sorted(state.scenario.spaces[cur].adjacent):
            if nxt in out or not clear_zone(state, nxt, player, group):
                continue
            out[nxt] = out[cur] + (nxt,)
            queue.append(nxt)
    return out


def can_board(state: GameState, u: Unit, player: str, phase: str) -> bool:
    ut = state.utype(u)
    return (u.owner == player and ut.domain == LAND and u.carried_by is None and not u.moved
            and not u.in_combat and ut.transport_cost is not None
            and not (phase == movement.COMBAT and ut.has("noncombat_move_only"))
            and movement.moves_left(state, u) > 0)


def fill(state: GameState, stack: list[Unit], candidates: list[Unit]) -> list[Unit]:
    """The candidates (in order of preference) that fit the stack's free room, first fit
    like the rules' own assignment (largest first into the fullest transport)."""
    room = {t.uid: movement.transport_room(state, t) for t in stack}
    allowed = {t.uid: state.utype(t).ability("transport").units for t in stack}
    chosen: list[Unit] = []
    for u in candidates:
        size = state.utype(u).transport_cost or 99
        for t in sorted(stack, key=lambda t: (room[t.uid], t.uid)):
            if allowed[t.uid] and not state.utype(u).matches(allowed[t.uid]):
                continue
            if room[t.uid] >= size:
                room[t.uid] -= size
                chosen.append(u)
                break
    # the rules load the largest units first: check that order fits too
    room2 = {t.uid: movement.transport_room(state, t) for t in stack}
    for u in sorted(chosen, key=lambda x: -(state.utype(x).transport_cost or 99)):
        size = state.utype(u).transport_cost or 99
        fit = next((t for t in sorted(stack, key=lambda t: (room2[t.uid], t.uid))
                    if room2[t.uid] >= size
                    and not (allowed[t.uid] and not state.utype(u).matches(allowed[t.uid]))), None)
        if fit is None:
            return chosen[:-1] if chosen else []
        room2[fit.uid] -= size
    return chosen


def lifts_to(state: GameState, player: str, target: str, stacks: dict[str, list[Unit]],
             free: set[int], phase: str, rank: object = None, through: str | None = None
             ) -> list[Lift]:
    """For each stack, its best way to land troops in `target` (most attack first; in the
    non-combat move, most defence), from units whose uids are in `free`. With `through`
    (a sea zone enemy ships hold, that the player's warships attack in this combat move)
    the stack unloads from there only: its last step enters it."""
    out = []
    sps = state.scenario.spaces
    role_attack = phase == movement.COMBAT
    for start, stack in sorted(stacks.items()):
        if movement.blocking_ships(state, start, player, stack):
            continue  # enemy ships hold the zone: no loading or unloading there
        mp = min(movement.moves_left(state, t) for t in stack)
        aboard = [c for t in stack for c in movement.cargo_of(state, t.uid)
                  if c.owner == player and state.utype(c).domain == LAND]
        if any(movement.allied_cargo_block(state, [c]) for c in aboard):
            continue
        first = sea_paths(state, start, mp, player, stack)
        best: Lift | None = None
        best_score = 0.0
        for pickup, p1 in sorted(first.items(), key=lambda kv: (len(kv[1]), kv[0])):
            second = sea_paths(state, pickup, mp - len(p1), player, stack)
            if through is not None:
                second = _into(state, second, through, mp - len(p1), stack)
            drops = [(len(p2), d, p2) for d, p2 in second.items() if target in sps[d].adjacent]
            if not drops:
                continue
            _, _, p2 = min(drops)
            cands = [u for u in state.units.values()
                     if u.uid in free and sps[u.space].kind == LAND and u.space in sps[pickup].adjacent
                     and can_board(state, u, player, phase)]
            cands.sort(key=lambda u: (-(state.utype(u).attack if role_attack else state.utype(u).defense),
                                      state.utype(u).transport_cost or 99, u.uid))
            picked = fill(state, stack, cands)
            units = aboard + picked
            if not units:
                continue
            score = sum((state.utype(u).attack if role_attack else state.utype(u).defense) + 0.5
                        for u in units) - 0.01 * (len(p1) + len(p2))
            if best is None or score > best_score:
                best = Lift(tuple(t.uid for t in stack), start, p1, p2, target, list(aboard), picked)
                best_score = score
        if best is not None:
            out.append(best)
    out.sort(key=lambda lf: (-sum(state.utype(u).attack + 0.5 for u in lf.units), lf.start))
    return out


def _into(state: GameState, paths: dict[str, tuple[str, ...]], zone: str, mp: int,
          stack: list[Unit]) -> dict[str, tuple[str, ...]]:
    """The shortest of `paths` extended by one step into `zone` (within mp moves), as the
    only drop zone."""
    if not all(movement.zone_allowed(state, t, zone) for t in stack):
        return {}
    ends = [(len(p), z, p) for z, p in paths.items()
            if len(p) < mp and zone in state.scenario.spaces[z].adjacent]
    if not ends:
        return {}
    _, _, p = min(ends)
    return {zone: p + (zone,)}


def reachable_targets(state: GameState, player: str, stacks: dict[str, list[Unit]]) -> set[str]:
    """Land spaces some stack could reach a drop zone of (ignoring what it can carry)."""
    out: set[str] = set()
    sps = state.scenario.spaces
    for start, stack in stacks.items():
        mp = min(movement.moves_left(state, t) for t in stack)
        for d in sea_paths(state, start, mp, player, stack):
            out.update(a for a in sps[d].adjacent if sps[a].kind == LAND)
    return out


def lift_moves(state: GameState, lift: Lift) -> list:
    """The moves of a lift: sail to P, board, sail to D, unload (one move each)."""
    from game.rules.actions import Move
    moves: list = []
    ts = lift.transports
    if lift.to_pickup:
        moves.append(Move(ts, lift.to_pickup))
    by_src: dict[str, list[int]] = {}
    for u in lift.pickups:
        by_src.setdefault(u.space, []).append(u.uid)
    for _src, uids in sorted(by_src.items()):
        moves.append(Move(tuple(sorted(uids)), (lift.pickup,)))
    if lift.to_drop:
        moves.append(Move(ts, lift.to_drop))
    moves.append(Move(tuple(sorted(u.uid for u in lift.units)), (lift.target,)))
    return moves


def danger(state: GameState, zone: str, player: str) -> float:
    """Attack of enemy warships and aircraft that could strike `zone` next turn (with the
    +1 of an operative base they stand by: Global 1940 seed 101, an Italian submarine
    from Gibraltar sank a new American transport off New York, round after round)."""
    from game.rules.board import distances
    dist = distances(state.scenario)[zone]
    total = 0.0
    for u in state.units.values():
        if not state.at_war(u.owner, player) or u.carried_by is not None:
            continue
        ut = state.utype(u)
        if ut.attack <= 0 or ut.domain == LAND:
            continue
        d = dist.get(u.space, 99)
        if d <= ut.move or (d <= ut.move + 1 and movement.base_bonus(state, u)[0] > 0):
            total += ut.attack + 0.5
    return total


def staging_moves(state: GameState, player: str) -> list:
    """Non-combat move: every empty transport stack sails (through clear zones) to the
    zone bordering most of the player's land units and factories from where enemy coast
    is within one move, away from enemy warships; a stack already there stays."""
    from game.rules.actions import Move
    sps = state.scenario.spaces
    stacks = transport_stacks(state, player, set())
    mine_land: dict[str, int] = {}
    for u in state.units.values():
        if u.owner == player and state.utype(u).domain == LAND and u.carried_by is None \
                and state.utype(u).transport_cost is not None and sps[u.space].kind == LAND:
            mine_land[u.space] = mine_land.get(u.space, 0) + 1
    factories = {f for f in state.factories if state.owners.get(f) == player}
    hostile_coast = {s for s, sp in sps.items() if sp.kind == LAND
                     and movement.is_enemy_land(state, s, player)}

    def score(zone: str, stack: list[Unit]) -> float:
        near = [a for a in sps[zone].adjacent if sps[a].kind == LAND
                and state.owners.get(a) == player]
        cargo = min(sum(mine_land.get(a, 0) for a in near), 2 * len(stack))
        fac = 3.0 if any(a in factories for a in near) else 0.0
        reach = sea_paths(state, zone, 2, player, stack)
        targets = any(a in hostile_coast for d in reach for a in sps[d].adjacent)
        own = sum(state.utype(u).defense + 0.5 for u in state.units.values()
                  if u.space == zone and not state.at_war(u.owner, player)
                  and state.utype(u).domain != LAND)
        risk = max(0.0, danger(state, zone, player) - own)
        return cargo + fac + (4.0 if targets else 0.0) - 0.5 * risk

    moves = []
    for start, stack in sorted(stacks.items()):
        if any(movement.cargo_of(state, t.uid) for t in stack) or any(t.moved for t in stack):
            continue
        mp = min(movement.moves_left(state, t) for t in stack)
        options = sea_paths(state, start, mp, player, stack)
        here = score(start, stack)
        best = max(sorted(options), key=lambda z: (score(z, stack) - 0.1 * len(options[z]), z))
        if best != start and score(best, stack) > here + 0.5:
            moves.append(Move(tuple(t.uid for t in stack), options[best]))
    return moves


def land_front(state: GameState, player: str) -> dict[str, int]:
    """Land hops from each land space to the nearest enemy land space, over passable
    land only (99: no land route, troops there need a ship)."""
    sps = state.scenario.spaces
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for s, sp in sorted(sps.items()):
        if sp.kind == LAND and movement.is_enemy_land(state, s, player):
            dist[s] = 0
            queue.append(s)
    while queue:
        cur = queue.popleft()
        for nxt in sps[cur].adjacent:
            sp = sps[nxt]
            if nxt in dist or sp.kind != LAND or sp.impassable or state.owners.get(nxt) is None:
                continue
            dist[nxt] = dist[cur] + 1
            queue.append(nxt)
    return {s: dist.get(s, 99) for s, sp in sps.items() if sp.kind == LAND}


def sea_only_share(state: GameState, player: str) -> float:
    """Share of the enemy's victory cities (or, without them, valuable spaces) that no
    land route joins to the land where the player's new troops appear (its factories;
    all its land for a player placing without them): how much the player needs ships to
    win. (Global 1940: the United States, holding Korea, counted Berlin as a walk from
    Washington and bought no more transports while 500 troops filled Canada.)"""
    sps = state.scenario.spaces
    mine = {s for s, sp in sps.items() if sp.kind == LAND and state.owners.get(s) == player}
    rule = state.scenario.player(player).placement
    factories = {f for f in state.factories if state.owners.get(f) == player}
    if factories and rule is None:
        mine = factories
    seen = set(mine)
    queue = deque(sorted(mine))
    while queue:
        cur = queue.popleft()
        for nxt in sps[cur].adjacent:
            sp = sps[nxt]
            if nxt in seen or sp.kind != LAND or sp.impassable or state.owners.get(nxt) is None:
                continue
            seen.add(nxt)
            queue.append(nxt)
    goals = [s for s, sp in sps.items() if sp.kind == LAND and sp.victory_city
             and movement.is_enemy_land(state, s, player)]
    if not goals:
        goals = [s for s, sp in sps.items() if sp.kind == LAND and sp.value > 0
                 and movement.is_enemy_land(state, s, player)]
    if not goals:
        return 0.0
    return sum(1 for g in goals if g not in seen) / len(goals)


def transport_purchase(state: GameState, player: str, income: int) -> str | None:
    """A transport type to buy now, or None: when a third or more of the enemy's victory
    cities lie across the sea (or all the player's troops, or all its factories, are cut
    off by it) and the player has fewer transports than its income supports (one per 12,
    at most 4)."""
    from game.rules.zone import production
    kinds = sorted(t for t, ut in state.ruleset.units.items()
                   if ut.domain == SEA and ut.has("transport") and ut.move > 0)
    if not kinds:
        return None
    sps = state.scenario.spaces
    coastal = any(state.owners.get(f) == player
                  and any(sps[a].kind == SEA for a in sps[f].adjacent) for f in state.factories)
    if not coastal:
        return None
    share = sea_only_share(state, player)
    front = land_front(state, player)
    mine = [u for u in state.units.values() if u.owner == player and state.utype(u).domain == LAND
            and sps[u.space].kind == LAND]
    stranded = bool(mine) and all(front.get(u.space, 99) >= 99 for u in mine)
    # every factory on an island: whatever the player builds needs a ship to fight
    island = all(front.get(f, 99) >= 99 for f in state.factories if state.owners.get(f) == player)
    if share < 0.34 and not stranded and not island:
        return None
    have = sum(1 for u in state.units.values() if u.owner == player and u.type in kinds)
    have += sum(production.unplaced(state, player).get(k, 0) for k in kinds)
    # troops waiting on an island for more ships than there are (Global 1940: two dozen
    # Japanese troops sat in Japan beside three transports, round after round)
    waiting = sum(1 for u in mine if front.get(u.space, 99) >= 99 and state.utype(u).transport_cost is not None)
    if have >= min(4, 1 + income // 12) and waiting <= zone_config().sea_lift_units * have:
        return None
    priced = []
    for k in kinds:
        c = production.unit_cost(state, k, player)
        if c is not None and 0 < c <= state.resources[player] - 6:
            priced.append((c, k))
    return min(priced)[1] if priced else None


def ferry_moves(state: GameState, player: str, keep: set[int]) -> list:
    """Non-combat move: troops with no land route to the enemy (or a much longer one)
    sail to the friendly coast nearest an enemy victory city they could then walk to,
    else nearest the front (Global 1940: Japan's ferries landed troops in the empty
    Soviet Far East). Each transport stack makes at most one trip; units in `keep` stay."""
    sps = state.scenario.spaces
    front = land_front(state, player)
    goal = city_distance(state, player)
    stacks = transport_stacks(state, player, set())
    out: list = []
    taken: set[int] = set()
    for start, stack in sorted(stacks.items()):
        if any(movement.cargo_of(state, t.uid) for t in stack):
            continue
        mp = min(movement.moves_left(state, t) for t in stack)
        zones = sea_paths(state, start, mp, player, stack)
        coast = sorted({a for z in zones for a in sps[z].adjacent
                        if sps[a].kind == LAND and not movement.is_hostile(state, a, player)
                        and state.owners.get(a) is not None and not sps[a].impassable},
                       key=lambda a: (goal.get(a, 99), front.get(a, 99), -sps[a].value, a))
        for target in coast[:6]:
            tf, tg = front.get(target, 99), goal.get(target, 99)
            if tf >= 99:
                continue
            free = {u.uid for u in state.units.values()
                    if u.owner == player and u.uid not in keep and u.uid not in taken
                    and sps[u.space].kind == LAND and front.get(u.space, 99) >= tf + 2
                    and goal.get(u.space, 99) >= min(99, tg + 2)}
            lifts = lifts_to(state, player, target, {start: stack}, free, movement.NONCOMBAT)
            if lifts and lifts[0].pickups:
                lf = lifts[0]
                taken.update(u.uid for u in lf.units)
                out.append(lift_moves(state, lf))
                break
    return out


def voyage_moves(state: GameState, player: str, keep: set[int]) -> list:
    """Non-combat move, after ferry_moves: troops cut off by the sea whose nearest coast
    with a land route to the enemy lies beyond one turn's sailing go there over several
    turns. A loaded stack sails on toward that coast and unloads once it is in reach; an
    empty stack beside stranded troops (not in `keep`) takes them aboard and sets out.
    An enemy victory city on an island counts as such a coast, but the stack only closes
    in: the combat move's amphibious assaults (lifts_to) take loaded stacks in reach.
    Between turns a stack stops only where no enemy can strike harder than the ships
    there defend (an empty stack loads no one it would have to leave in danger).
    (Global 1940 seed 202: the United States' 500 troops waited in Canada for 30 rounds
    and ANZAC's 16 transports lay idle: every coast worth landing on was two turns off.)"""
    sps = state.scenario.spaces
    front = land_front(state, player)
    coasts = {a for a, sp in sps.items() if sp.kind == LAND and front.get(a, 99) < 99
              and not sp.impassable and state.owners.get(a) is not None
              and not movement.is_hostile(state, a, player)
              and any(sps[z].kind == SEA for z in sp.adjacent)}
    # enemy victory cities on islands: only an amphibious assault takes them, so a
    # loaded stack closes in and the combat move decides when to land
    islands = {a for a, sp in sps.items() if sp.kind == LAND and sp.victory_city
               and state.at_war(state.owners.get(a), player)
               and all(sps[z].kind == SEA or sps[z].impassable for z in sp.adjacent)}
    if not coasts and not islands:
        return []
    out: list = []
    for start, stack in sorted(transport_stacks(state, player, set()).items()):
        if any(t.moved for t in stack) or movement.blocking_ships(state, start, player, stack):
            continue
        aboard = [c for t in stack for c in movement.cargo_of(state, t.uid)]
        if aboard and any(c.owner != player or state.utype(c).domain != LAND for c in aboard):
            continue
        plan = _voyage(state, player, stack, start, aboard, coasts | islands, front, keep)
        if plan:
            out.append(plan)
    return out


def _voyage(state: GameState, player: str, stack: list[Unit], start: str, aboard: list[Unit],
            coasts: set[str], front: dict[str, int], keep: set[int]) -> list:
    """One stack's moves this turn (see voyage_moves), or []."""
    from game.rules.actions import Move
    sps = state.scenario.spaces
    mp = min(movement.moves_left(state, t) for t in stack)
    ts = tuple(t.uid for t in stack)
    pickup, to_pickup, boarding = start, tuple[str, ...](), list[Unit]()
    if not aboard:
        pickup, to_pickup, boarding = _stranded_pickup(state, player, stack, start, mp, front, keep)
        if not boarding:
            return []
    left = mp - len(to_pickup)
    paths = sea_paths(state, pickup, 99, player, stack)
    drops = sorted((len(p), front.get(a, 0), a, z) for z, p in paths.items()
                   for a in sps[z].adjacent if a in coasts)
    if not drops:
        return []
    _, _, coast, drop = drops[0]
    way = paths[drop]
    land = not state.at_war(state.owners.get(coast), player)   # else an island to assault
    moves: list = [Move(ts, to_pickup)] if to_pickup else []
    if boarding:
        by_src: dict[str, list[int]] = {}
        for u in boarding:
            by_src.setdefault(u.space, []).append(u.uid)
        moves += [Move(tuple(sorted(uids)), (pickup,)) for _src, uids in sorted(by_src.items())]
    cargo = aboard + boarding
    if land and len(way) <= left:   # in reach: sail there and land
        if way:
            moves.append(Move(ts, way))
        return moves + [Move(tuple(sorted(u.uid for u in cargo)), (coast,))]
    stops = [(i, z) for i, z in enumerate((pickup,) + way[:left])]
    safe = [(i, z) for i, z in stops if _at_risk(state, z, player) <= 0]
    if safe:
        i, _z = safe[-1]
    elif boarding:
        return []   # no one boards to sit in danger
    else:
        i, _z = min(stops, key=lambda iz: (_at_risk(state, iz[1], player), -iz[0]))
    if i:
        moves.append(Move(ts, way[:i]))
    return moves if moves else []


def _stranded_pickup(state: GameState, player: str, stack: list[Unit], start: str, mp: int,
                     front: dict[str, int], keep: set[int]) -> tuple[str, tuple[str, ...], list[Unit]]:
    """The zone within this turn's sailing beside the most stranded troops (no land route
    to the enemy), its path, and the troops that fit aboard (best attackers first)."""
    sps = state.scenario.spaces
    best: tuple[str, tuple[str, ...], list[Unit]] = (start, (), [])
    for zone, path in sorted(sea_paths(state, start, mp, player, stack).items(),
                             key=lambda kv: (len(kv[1]), kv[0])):
        if len(path) >= mp:
            continue   # no move left to sail on
        cands = sorted((u for u in state.units.values()
                        if u.uid not in keep and u.space in sps[zone].adjacent
                        and sps[u.space].kind == LAND and front.get(u.space, 99) >= 99
                        and can_board(state, u, player, movement.NONCOMBAT)),
                       key=lambda u: (-state.utype(u).attack, state.utype(u).transport_cost or 99, u.uid))
        picked = fill(state, stack, cands)
        if len(picked) > len(best[2]):
            best = (zone, path, picked)
    return best


def _at_risk(state: GameState, zone: str, player: str) -> float:
    """How much the enemy that can strike `zone` outweighs the ships defending it."""
    from .navy import sea_defence
    return danger(state, zone, player) - sea_defence(state, zone, player)
