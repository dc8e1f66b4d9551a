"""How the standard zone player reads a position: what a space is worth, the enemy
threat to it and the defence in it, the last rounds before the turn limit, battle odds
(exact where the odds engine models the units), and the state a list of planned actions
leads to."""
from __future__ import annotations

import logging
from typing import Any

from game.rules import victory
from game.rules.abilities.hooks import barred_domains
from game.rules.actions import Action, apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState, Unit

from ..config import zone_config
from ..player import active

logger = logging.getLogger(__name__)


def cost(state: GameState, u: Unit) -> int:
    c = state.utype(u).cost
    return c if isinstance(c, int) else 10


def is_capital(state: GameState, space: str) -> bool:
    return any(p.capital == space for p in state.scenario.players)


def worth(state: GameState, space: str) -> float:
    """What holding a land space is worth: income, plus victory city and capital weight."""
    cfg = zone_config()
    sp = state.scenario.spaces[space]
    return (sp.value + (cfg.vc_worth if sp.victory_city else 0)
            + (cfg.capital_worth if is_capital(state, space) else 0))


def enemy_moves_again(state: GameState, player: str) -> bool:
    """Does an enemy still take a turn before the game ends (turn limit)?"""
    limit = state.scenario.turn_limit
    if not limit or state.round < limit:
        return True
    return any(state.at_war(p.id, player) for p in state.scenario.players[state.player_idx + 1:])


def still_to_move(state: GameState, player: str) -> set[str] | None:
    """In the last round, the enemies that still move before the game ends (None: any)."""
    if not final_round(state):
        return None
    return {p.id for p in state.scenario.players[state.player_idx + 1:]
            if state.at_war(p.id, player)}


def land_distances(state: GameState) -> dict[str, dict[str, int]]:
    """Hop counts between land spaces over passable land only (what a land unit walks);
    a pair missing has no land route: only a ship carries troops between them."""
    sc = state.scenario
    cache = active().land_dist   # the deciding player's, per map
    got = cache.get(id(sc))
    if got is None or got[0] is not sc:  # the entry holds the scenario: ids get reused
        if len(cache) > 16:
            cache.clear()
        sps = sc.spaces
        table: dict[str, dict[str, int]] = {}
        for start, sp in sps.items():
            if sp.kind != LAND:
                continue
            dist = {start: 0}
            queue = [start]
            for cur in queue:
                for nxt in sps[cur].adjacent:
                    if nxt not in dist and sps[nxt].kind == LAND and not sps[nxt].impassable:
                        dist[nxt] = dist[cur] + 1
                        queue.append(nxt)
            table[start] = dist
        got = cache[id(sc)] = (sc, table)
    return got[1]


def city_distance(state: GameState, player: str) -> dict[str, int]:
    """Land hops from each land space to the nearest victory city held by an enemy, over
    land the player may cross: its own side's, the enemy's, unowned (not a neutral's)."""
    sps = state.scenario.spaces
    me = state.alliance_of(player)

    def open_to(s: str) -> bool:
        owner = state.owners.get(s)
        return (sps[s].kind == LAND and not sps[s].impassable
                and (owner is None or state.at_war(owner, player) or state.alliance_of(owner) == me))

    queue = sorted(s for s, sp in sps.items() if sp.kind == LAND and sp.victory_city
                   and state.owners.get(s) is not None and state.at_war(state.owners[s], player))
    dist = {s: 0 for s in queue}
    for cur in queue:
        for nxt in sorted(sps[cur].adjacent):
            if nxt not in dist and open_to(nxt):
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


def threat_to(state: GameState, space: str, player: str, hops: int = 2,
              air: bool = True) -> float:
    """Attack strength of enemy land (and air) units that could reach `space` next turn
    (in the last round: only of enemies still to move, with their full move). Land units
    count by their walk over land; those with no land route in reach count only as far
    as the enemy's transports near `space` could bring them (two a transport, the
    strongest first)."""
    cfg = zone_config()
    dist = distances(state.scenario)[space]
    ldist = land_distances(state).get(space, {})
    movers = still_to_move(state, player)
    if movers is not None:
        hops = 99
    total = 0.0
    by_sea: list[float] = []
    lift = 0
    war: dict[str, bool] = {}   # owner -> at war with the player (asked once per owner)
    for u in state.units.values():
        foe = war.get(u.owner)
        if foe is None:
            foe = war[u.owner] = state.at_war(u.owner, player)
        if not foe or u.carried_by is not None:
            continue
        if movers is not None and u.owner not in movers:
            continue
        ut = state.utype(u)
        if ut.domain == SEA:
            if ut.has("transport") and dist.get(u.space, 99) <= cfg.sea_lift_reach:
                lift += cfg.sea_lift_units
            continue
        if (ut.domain == AIR and not air) or ut.attack <= 0 or not hits_land(ut):
            continue
        if ut.domain == AIR:
            if dist.get(u.space, 99) <= ut.move:
                total += ut.attack + 0.5
            continue
        if state.scenario.spaces[u.space].kind != LAND:
            continue
        reach = min(ut.move, hops)
        if ldist.get(u.space, 99) <= reach:
            total += ut.attack + 0.5
        elif dist.get(u.space, 99) <= cfg.sea_lift_reach:
            by_sea.append(ut.attack + 0.5)
    if lift and by_sea:
        total += sum(sorted(by_sea, reverse=True)[:lift])
    return total


def hits_land(ut: Any) -> bool:
    """Can this unit type hit land units at all (a torpedo bomber cannot, seed 000)?"""
    return LAND not in barred_domains(ut)


def defence_at(state: GameState, space: str, player: str) -> float:
    """The friendly defence that will be in `space` when the enemy moves: aircraft in a
    territory captured this turn do not count, they must land elsewhere (the rules let no
    aircraft land where the enemy ruled at the turn's start). europe_1941 seed 7021: the
    Soviet Union retook Leningrad in round 10 with three fighters, counted them as its
    defence, sent one infantry more, the fighters flew home and Italy took the city back."""
    leaving = state.scenario.spaces[space].kind == LAND and state.at_war(state.turn_owners.get(space), player)
    return sum(state.utype(u).defense + 0.5 for u in state.units.values()
               if u.space == space and not state.at_war(u.owner, player) and u.carried_by is None
               and not (leaving and state.utype(u).domain == AIR))


def ahead(state: GameState, player: str) -> bool:
    """Would the player's alliance win if the game ended now (victory cities)?"""
    counts = victory.victory_cities(state)
    mine = state.alliance_of(player)
    best = max((n for a, n in counts.items() if a != mine), default=0)
    return counts.get(mine or "", 0) > best


def rounds_left(state: GameState) -> int:
    """Rounds after this one before the turn limit (99: no limit)."""
    limit = state.scenario.turn_limit
    return max(0, limit - state.round) if limit else 99


def final_round(state: GameState) -> bool:
    limit = state.scenario.turn_limit
    return bool(limit) and state.round >= limit


def key_spaces(state: GameState, player: str) -> dict[str, float]:
    """The player's spaces worth a garrison, with the share of the threat to keep there
    (in the last round only victory cities count, and fully: its allies' too, as the
    alliance's count decides; europe_1941 seed 7021: four British fighters stayed in
    Moscow while Italy retook Leningrad from the Soviet Union in round 10)."""
    cfg = zone_config()
    out: dict[str, float] = {}
    if final_round(state):
        return {s: 1.0 for s, sp in state.scenario.spaces.items()
                if sp.kind == LAND and sp.victory_city and state.owners.get(s) is not None
                and not state.at_war(state.owners.get(s), player)}
    for s, sp in state.scenario.spaces.items():
        if sp.kind != LAND or state.owners.get(s) != player:
            continue
        if is_capital(state, s):
            out[s] = cfg.garrison_capital
        elif sp.victory_city:
            out[s] = cfg.garrison_vc
        elif s in state.factories:
            out[s] = cfg.garrison_factory
    return out


def needs_sim(state: GameState, types: list[str]) -> bool:
    """Would the odds calculator need its slow real-battle simulation for these units?"""
    from game.odds.model import unmodelled
    return any(unmodelled(state.ruleset.units[t], "mc") for t in dict.fromkeys(types))


def odds(state: GameState, attackers: list[Unit], defenders: list[Unit], terrain: str
         ) -> tuple[float, float]:
    """(chance to take the space: to win with a land unit left, expected defence of the
    attacker's land survivors)."""
    p, held, _swing = odds3(state, attackers, defenders, terrain)
    return p, held


def odds3(state: GameState, attackers: list[Unit], defenders: list[Unit], terrain: str
          ) -> tuple[float, float, float]:
    """odds, and the expected swing in unit value (enemy's loss minus ours)."""
    from game.odds import battle_odds
    from game.odds.api import default_order, loss_runs
    full = sum(state.utype(u).defense + 0.5 for u in attackers if state.utype(u).domain == LAND)
    if not defenders:
        return 1.0, full, 0.0
    if not attackers:
        return 0.0, 0.0, 0.0
    att_t = default_order(state, attackers, "attack")
    def_t = default_order(state, defenders, "defense")
    try:
        if needs_sim(state, att_t + def_t):
            from .quickodds import quick_odds
            p, survivors = quick_odds(state.ruleset, att_t, def_t)
            a_cost = sum(cost(state, u) for u in attackers)
            a_lost = a_cost - sum(_type_cost(state, t) * n for t, n in survivors.items())
            d_lost = sum(cost(state, u) for u in defenders) * (p + (1 - p) * 0.5)
        else:
            res = battle_odds(state.ruleset, loss_runs(att_t), loss_runs(def_t), terrain, trials=300)
            p, survivors = res.attacker_wins, res.attacker_survivors
            a_lost, d_lost = res.attacker_cost_lost, res.defender_cost_lost
            if res.attacker_takes is not None:   # exact: the chance a land unit is left to take it
                held = sum((state.ruleset.units[t].defense + 0.5) * n for t, n in survivors.items()
                           if state.ruleset.units[t].domain == LAND)
                return res.attacker_takes, held, d_lost - a_lost
    except Exception:  # noqa: BLE001 - no odds: fall back to a strength ratio
        logger.debug("no land odds; a strength ratio instead", exc_info=True)
        a = sum(state.utype(u).attack for u in attackers)
        d = sum(state.utype(u).defense for u in defenders) or 1
        return min(1.0, a / (2 * d)), full / 2, 0.0
    land_left = sum(n for t, n in survivors.items() if state.ruleset.units[t].domain == LAND)
    held = sum((state.ruleset.units[t].defense + 0.5) * n for t, n in survivors.items()
               if state.ruleset.units[t].domain == LAND)
    if land_left < 1.0:  # wins often end with aircraft alone, which cannot take the space
        p *= max(0.0, land_left)
    return p, held, d_lost - a_lost


def contributes(state: GameState, u: Unit, enemy: list[Unit]) -> bool:
    """Could `u` ever hurt one of `enemy` when attacking (the rules' own test: cannot_hit,
    evasion, ...)? A unit that cannot only feeds the enemy's dice."""
    from game.rules.zone import battle
    return battle.can_hurt(state, [u], enemy, "attack")


def sea_odds(state: GameState, attackers: list[Unit], defenders: list[Unit]
             ) -> tuple[float, float]:
    """(chance to clear a sea zone, expected swing in unit value: enemy's loss minus ours)."""
    from game.odds import battle_odds
    from game.odds.api import default_order, loss_runs
    if not defenders:
        return 1.0, 0.0
    if not attackers:
        return 0.0, 0.0
    att_t = default_order(state, attackers, "attack")
    def_t = default_order(state, defenders, "defense")
    try:
        if needs_sim(state, att_t + def_t):
            from .quickodds import quick_odds
            p, survivors = quick_odds(state.ruleset, att_t, def_t)
            a_lost = sum(cost(state, u) for u in attackers) - sum(
                _type_cost(state, t) * n for t, n in survivors.items())
            d_lost = sum(cost(state, u) for u in defenders) * (p + (1 - p) * 0.5)
        else:
            res = battle_odds(state.ruleset, loss_runs(att_t), loss_runs(def_t), SEA, trials=300)
            p, a_lost, d_lost = res.attacker_wins, res.attacker_cost_lost, res.defender_cost_lost
    except Exception:  # noqa: BLE001 - no odds: a strength ratio
        logger.debug("no sea odds; a strength ratio instead", exc_info=True)
        a = sum(state.utype(u).attack for u in attackers)
        d = sum(state.utype(u).defense for u in defenders) or 1
        return min(1.0, a / (2 * d)), 0.0
    return p, d_lost - a_lost


def _type_cost(state: GameState, t: str) -> int:
    c = state.ruleset.units[t].cost
    return c if isinstance(c, int) else 10


def after(state: GameState, actions: list[Action]) -> GameState:
    for a in actions:
        state = apply(state, a)
    return state


def only_legal(state: GameState, actions: list[Action]) -> list[Action]:
    """Keep the actions that stay legal when applied in order (a plan never breaks)."""
    out = []
    for a in actions:
        try:
            state = apply(state, a)
        except IllegalAction:
            continue
        out.append(a)
    return out
