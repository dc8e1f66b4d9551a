"""The standard zone player's fleet: how far the enemy's navy outweighs its own on its
sea lanes (naval_gap), attacks on enemy ships at good odds (naval_attacks), and warships
sent to escort threatened transports (escort_moves)."""
from __future__ import annotations

from game.rules.actions import Action, Move, apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import LAND, SEA, GameState, Unit
from game.rules.zone import movement, production

from ..config import zone_config
from . import amphib
from .evaluate import (
    contributes,
    cost,
    sea_odds,
)


def warships(state: GameState, player: str) -> list[Unit]:
    """The player's armed ships free to fight: not transports, carrying no troops."""
    out = []
    for u in state.units.values():
        ut = state.utype(u)
        if (u.owner != player or ut.domain != SEA or ut.has("transport") or ut.attack <= 0
                or u.in_combat or u.carried_by is not None
                or state.scenario.spaces[u.space].kind != SEA):
            continue
        if any(state.utype(c).domain == LAND for c in movement.cargo_of(state, u.uid)):
            continue
        out.append(u)
    return sorted(out, key=lambda x: x.uid)


def naval_attacks(state: GameState, player: str, used: set[int], air: list[Unit],
                  air_reach: dict[int, dict[str, tuple[str, ...]]]) -> list[Action]:
    """Combat move: attack enemy ships at sea where the warships and aircraft not used
    elsewhere win at good odds and the exchange favours us (most valuable fleets first;
    enemy transports count double: they carry the invasions)."""
    ships = [u for u in warships(state, player) if u.uid not in used
             and movement.moves_left(state, u) > 0]
    if not ships and not air:
        return []
    sps = state.scenario.spaces
    reach = dict(air_reach)
    for u in ships:
        reach[u.uid] = movement.reachable(state, [u])
    pool = ships + [u for u in air if u.uid not in used]

    def value(z: str) -> float:
        return sum(cost(state, e) * (2 if state.utype(e).has("transport") else 1)
                   for e in movement.enemies_in(state, z, player))

    zones = sorted((z for z, sp in sps.items() if sp.kind == SEA
                    and movement.enemies_in(state, z, player)
                    and any(z in reach.get(u.uid, {}) for u in pool)),
                   key=lambda z: (-value(z), z))
    moves: list[Action] = []
    for z in zones:
        enemy = movement.enemies_in(state, z, player)
        cands = [u for u in pool if u.uid not in used and z in reach.get(u.uid, {})
                 and contributes(state, u, enemy)]
        cands.sort(key=lambda u: (state.utype(u).domain != SEA, -state.utype(u).attack,
                                  cost(state, u), u.uid))
        chosen: list[Unit] = []
        p, swing = 0.0, 0.0
        for u in cands[:12]:
            chosen.append(u)
            p, swing = sea_odds(state, chosen, enemy)
            if p >= zone_config().win_target and swing > 0:
                break
        if p < 0.7 or swing <= 0:
            continue
        by_path: dict[tuple[str, tuple[str, ...]], list[int]] = {}
        for u in chosen:
            used.add(u.uid)
            by_path.setdefault((u.space, reach[u.uid][z]), []).append(u.uid)
        for (_s, path), uids in sorted(by_path.items()):
            moves.append(Move(tuple(uids), path))
    return moves


def landing_escort(state: GameState, player: str, zone: str, used: set[int], air: list[Unit],
                   reach: dict[int, dict[str, tuple[str, ...]]]) -> list[Move] | None:
    """Combat move: the warships and aircraft not used elsewhere that clear `zone` (enemy
    ships hold it) at the odds the player attacks at, so that transports may unload from
    it (an amphibious assault through a defended zone: the sea battle comes first); their
    moves, or None."""
    enemy = movement.enemies_in(state, zone, player)
    cands = []
    for u in warships(state, player) + [a for a in air if a.uid not in used]:
        if u.uid in used or movement.moves_left(state, u) <= 0:
            continue
        if u.uid not in reach:
            reach[u.uid] = movement.reachable(state, [u])
        if zone in reach[u.uid] and contributes(state, u, enemy):
            cands.append(u)
    cands.sort(key=lambda u: (state.utype(u).domain != SEA, -state.utype(u).attack,
                              cost(state, u), u.uid))
    chosen: list[Unit] = []
    for u in cands[:12]:
        chosen.append(u)
        if sea_odds(state, chosen, enemy)[0] >= zone_config().win_target:
            by_path: dict[tuple[str, tuple[str, ...]], list[int]] = {}
            for c in chosen:
                by_path.setdefault((c.space, reach[c.uid][zone]), []).append(c.uid)
            return [Move(tuple(uids), path) for (_s, path), uids in sorted(by_path.items())]
    return None


def _fleet_region(state: GameState, player: str) -> set[str]:
    """Sea zones within two moves of the player's coastal factories or its transports:
    where its lifts sail and its new ships appear."""
    sps = state.scenario.spaces
    dist = distances(state.scenario)
    seeds = {a for f in state.factories if state.owners.get(f) == player
             for a in sps[f].adjacent if sps[a].kind == SEA}
    seeds |= {u.space for u in state.units.values() if u.owner == player
              and state.utype(u).has("transport") and sps[u.space].kind == SEA}
    return {z for z, sp in sps.items() if sp.kind == SEA
            and any(dist[z].get(s0, 99) <= 2 for s0 in seeds)}


def naval_gap(state: GameState, player: str) -> float:
    """How much the enemy's fleet near the player's sea lanes outweighs the player's own
    (0: none); counts only for a player that needs the sea (transports to sail, or enemy
    cities across the water)."""
    sps = state.scenario.spaces
    if amphib.sea_only_share(state, player) < 0.34 and not any(
            u.owner == player and state.utype(u).has("transport") for u in state.units.values()):
        return 0.0
    region = _fleet_region(state, player)
    theirs = ours = 0.0
    for u in state.units.values():
        ut = state.utype(u)
        if ut.domain != SEA or ut.has("transport") or u.space not in region \
                or sps[u.space].kind != SEA:
            continue
        if state.at_war(u.owner, player):
            theirs += (max(ut.attack, ut.defense) + 0.5) * ut.hits
        elif ut.attack > 0 or ut.defense > 0:
            ours += (max(ut.attack, ut.defense) + 0.5) * ut.hits
    ours += sum((state.ruleset.units[t].attack + 0.5) * state.ruleset.units[t].hits * n
                for t, n in production.unplaced(state, player).items()
                if state.ruleset.units[t].domain == SEA)
    return max(0.0, theirs - ours)


def sea_defence(state: GameState, zone: str, player: str) -> float:
    return sum((state.utype(u).defense + 0.5) * (state.utype(u).hits - u.damage)
               for u in state.units.values()
               if u.space == zone and u.carried_by is None and not state.at_war(u.owner, player)
               and state.utype(u).domain != LAND and state.utype(u).defense > 0)


def escort_moves(state: GameState, player: str) -> list[Action]:
    """Non-combat move: warships join the transports that enemy ships and aircraft could
    strike next turn (nearest first, until the zone's defence matches the danger); a
    warship left where the enemy could sink it falls back to the safest zone in reach."""
    sps = state.scenario.spaces
    s = state
    moves: list[Action] = []
    danger: dict[str, float] = {}

    def risk(z: str) -> float:
        if z not in danger:
            danger[z] = amphib.danger(state, z, player)
        return danger[z] - sea_defence(s, z, player)

    ships = [u for u in warships(state, player) if movement.moves_left(state, u) > 0]
    reach = {u.uid: movement.reachable(state, [u]) for u in ships}
    convoy = sorted({u.space for u in state.units.values() if u.owner == player
                     and state.utype(u).has("transport") and sps[u.space].kind == SEA})
    moved: set[int] = set()
    for z in sorted(convoy, key=lambda z: (-risk(z), z)):
        if risk(z) <= 0:
            continue
        cands = sorted((len(reach[u.uid][z]), -state.utype(u).defense, u.uid) for u in ships
                       if u.uid not in moved and z in reach[u.uid]
                       and not (u.space in convoy and risk(u.space) > -state.utype(u).defense))
        for _n, _d, uid in cands:
            if risk(z) <= 0:
                break
            try:
                s = apply(s, Move((uid,), reach[uid][z]))
            except IllegalAction:
                continue
            moves.append(Move((uid,), reach[uid][z]))
            moved.add(uid)
    for u in ships:
        if u.uid in moved or u.space in convoy or risk(u.space) <= 0:
            continue
        mine = (state.utype(u).defense + 0.5) * state.utype(u).hits
        options = {d: p for d, p in reach[u.uid].items() if sps[d].kind == SEA}
        if not options:
            continue
        best = min(options, key=lambda d: (max(0.0, risk(d) - mine), len(options[d]), d))
        if max(0.0, risk(best) - mine) >= risk(u.space):
            continue
        try:
            s = apply(s, Move((u.uid,), options[best]))
        except IllegalAction:
            continue
        moves.append(Move((u.uid,), options[best]))
        moved.add(u.uid)
    return moves
