"""The standard computer player: plans each phase once, using exact battle odds.

Games are won on victory cities, so every plan weighs them first:
- Purchase: defenders when a victory city or factory is threatened, otherwise a
  mixed army chosen from the ruleset's own units by value for money; a transport
  when the enemy's cities lie across the sea (amphib.transport_purchase).
- Combat move: keeps a garrison in every victory city, capital and factory against
  the enemy that can reach it; then, for each reachable enemy territory, victory
  cities first, commits the fewest units that give a good chance to take it (exact
  odds) and hold it against the counter-attack. In the last round, when no enemy
  moves again before the game ends, it throws everything at victory cities.
  Transports carry troops into the attack (amphibious assaults: amphib.py), and an
  attack that destroys the enemy threatening a garrisoned city may use the garrison.
  Only units that can hurt the defenders go (battle.can_hurt). Leftover warships and
  aircraft attack enemy fleets at good odds (naval_attacks); warships are bought while
  the enemy's fleet outweighs ours on our sea lanes (naval_gap). Interwar supply: air
  transports drop supplies on cut-off front-line troops first.
- Battles: rolls on, retreats when the odds turn bad.
- Non-combat: lands aircraft where they are safest, reinforces threatened victory
  cities and capitals (when that can hold them), ferries troops cut off by the sea to
  the coast nearest the front, brings empty transports back to the troops, sends
  warships to escort threatened transports (escort_moves), marches the rest toward
  the front.
- Place: defenders where the threat is, the rest nearest the front.

A plan is a list of actions computed from the state at the start of the phase
and cached by (game, round, player, phase); it depends only on that state, so
the player is deterministic. Anything it does not understand (an unknown phase,
a ruleset without these unit ids) falls back to the greedy player's choices,
and every planned action is checked against the rules before it is used.
"""
from __future__ import annotations

import logging
from typing import Any

from game.rules import victory
from game.rules.abilities.hooks import barred_domains
from game.rules.actions import Action, EndPhase, Move, Place, Purchase, apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, Battle, GameState, Unit
from game.rules.zone import movement, production

from . import amphib, bombing, build, declare, greedy

# the battle-odds calculator loads its compiled kernels on first import (about a second):
# pay that when the computer player is loaded, not inside its first turn
import game.odds  # noqa: E402,F401  isort: skip
from ..config import zone_config
from ..player import active

logger = logging.getLogger(__name__)


def choose_standard(state: GameState) -> Action:
    phase = state.phase
    if phase == "conduct_combat":
        return _combat(state)
    if phase == "collect_income":
        return EndPhase()
    plans = active().zone_plans   # the deciding player's own phase plans
    key = (id(state.scenario), state.seed, state.round, state.player_idx, state.phase_idx)
    cached = plans.get(key)
    # the entry holds the scenario itself, so its id cannot be reused by another game
    plan = cached[1] if cached is not None and cached[0] is state.scenario else None
    if plan is None or not (0 <= state.action_count - plan[0] <= len(plan[1])):
        builders = {"purchase": _plan_purchase, "politics": _plan_politics,
                    "combat_move": _plan_combat_move,
                    "noncombat_move": _plan_noncombat, "place": _plan_place}
        builder = builders.get(phase)
        try:
            actions = builder(state) if builder else []
        except Exception:  # noqa: BLE001 - an unforeseen situation: play greedily instead
            logger.warning("the %s planner failed (round %s, %s); playing greedy this phase",
                           phase, state.round, state.player, exc_info=True)
            actions = []
        if len(plans) > 256:
            plans.clear()
        plan = (state.action_count, actions)
        plans[key] = (state.scenario, plan)
    start, actions = plan
    i = state.action_count - start
    if i < len(actions):
        try:
            apply(state, actions[i])
        except IllegalAction:  # the state is not the one planned for: replan from here
            plans.pop(key, None)
            plan_now = choose_standard(state) if cached is not None else greedy.choose_greedy(state)
            return plan_now
        return actions[i]
    return greedy.choose_greedy(state)


# --- evaluation helpers ---------------------------------------------------------------
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
    for u in state.units.values():
        if not state.at_war(u.owner, player) or u.carried_by is not None:
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


def _rounds_left(state: GameState) -> int:
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
    from game.odds.api import _runs, default_order
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
            res = battle_odds(state.ruleset, _runs(att_t), _runs(def_t), terrain, trials=300)
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
    from game.odds.api import _runs, default_order
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
            res = battle_odds(state.ruleset, _runs(att_t), _runs(def_t), SEA, trials=300)
            p, a_lost, d_lost = res.attacker_wins, res.attacker_cost_lost, res.defender_cost_lost
    except Exception:  # noqa: BLE001 - no odds: a strength ratio
        logger.debug("no sea odds; a strength ratio instead", exc_info=True)
        a = sum(state.utype(u).attack for u in attackers)
        d = sum(state.utype(u).defense for u in defenders) or 1
        return min(1.0, a / (2 * d)), 0.0
    return p, d_lost - a_lost


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


def _type_cost(state: GameState, t: str) -> int:
    c = state.ruleset.units[t].cost
    return c if isinstance(c, int) else 10


# --- purchase --------------------------------------------------------------------------
def _buyable(state: GameState, player: str, money: int) -> dict[str, int]:
    out = {}
    for t, ut in state.ruleset.units.items():
        if ut.domain not in (LAND, AIR) or ut.attack + ut.defense <= 0:
            continue
        if ut.has("self_airlift") or ut.move <= 0:
            continue  # paratroopers and fixed works are bought by hand
        try:
            c = production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            c = None
        if c is None or c <= 0 or c > money:
            continue
        out[t] = c
    return out


def _best(state: GameState, prices: dict[str, int], score: Any) -> str | None:
    if not prices:
        return None
    return max(sorted(prices), key=lambda t: (score(state.ruleset.units[t], prices[t]), -prices[t]))


def _has_greedy_units(state: GameState) -> bool:
    return all(u in state.ruleset.units for u in zone_config().buy_pattern)


def _paratroopers(state: GameState) -> list[Action]:
    """One self-airlifting unit (seed 002 paratrooper) while the player has fewer than two
    and money to spare: the airdrop planner then has something to drop."""
    from game.rules.actions import apply
    player = state.player
    money = state.resources[player]
    for t, ut in sorted(state.ruleset.units.items()):
        if not ut.has("self_airlift"):
            continue
        have = sum(1 for u in state.units.values() if u.owner == player and u.type == t)
        have += production.unplaced(state, player).get(t, 0)
        price = production.unit_cost(state, t, player)
        if have >= 2 or price is None or money < price + 12:
            continue
        try:
            apply(state, Purchase(t, 1))
        except IllegalAction:
            continue
        return [Purchase(t, 1)]
    return []


def _greedy_buys(state: GameState) -> list[Action]:
    """The purchases the greedy player would make now, in order."""
    out: list[Action] = []
    s = state
    for _ in range(80):
        a = greedy._purchase(s)
        if not isinstance(a, Purchase):
            break
        try:
            s = apply(s, a)
        except IllegalAction:
            break
        out.append(a)
    return out


def _upgrade(state: GameState, buys: list[Action]) -> list[Action]:
    """When the factories' room, not money, limits the purchase, spend what is left:
    replace the cheapest units bought with stronger ones (attack plus defence, hit
    points) of the same kind of use (land for land, air for air), while the money lasts."""
    player = state.player
    counts: dict[str, int] = {}
    for a in buys:
        if isinstance(a, Purchase):
            counts[a.unit] = counts.get(a.unit, 0) + a.count
    if not counts:
        return buys

    def price(t: str) -> int | None:
        try:
            return production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            return None

    def power(t: str) -> float:
        ut = state.ruleset.units[t]
        return (ut.attack + ut.defense) * ut.hits

    spent = sum((price(t) or 0) * n for t, n in counts.items())
    left = state.resources[player] - spent
    rs = state.ruleset.units
    options = sorted((t for t, ut in rs.items() if ut.domain in (LAND, AIR) and ut.move > 0
                      and not ut.has("self_airlift") and ut.attack > 0
                      and (price(t) or 0) > 0),
                     key=lambda t: (-power(t), t))
    for _ in range(40):
        low = min((t for t in counts if rs[t].domain in (LAND, AIR)), default=None,
                  key=lambda t: ((price(t) or 0), t))
        if low is None or left <= 0:
            break
        lp = price(low) or 0
        pick = next((t for t in options if rs[t].domain == rs[low].domain
                     and power(t) > power(low) and 0 < (price(t) or 0) - lp <= left), None)
        if pick is None:
            break
        trial = dict(counts)
        trial[low] -= 1
        if not trial[low]:
            del trial[low]
        trial[pick] = trial.get(pick, 0) + 1
        acts: list[Action] = [Purchase(t, n) for t, n in sorted(trial.items())]
        try:
            _after(state, acts)
        except IllegalAction:
            options.remove(pick)
            continue
        counts = trial
        left -= (price(pick) or 0) - lp
    return [Purchase(t, n) for t, n in sorted(counts.items())]


def _plan_purchase(state: GameState) -> list[Action]:
    """Greedy's tried mix where the ruleset has those units (it measured better on
    Europe 1941), else a mix chosen from the ruleset's units by value for money."""
    player = state.player
    fac = build.purchases(state)    # repairs and facilities first (g40)
    state = _after(state, fac)
    ship = _transport_buy(state, player)
    ship += _warship_buy(_after(state, ship), player)
    state = _after(state, ship)
    ship = fac + ship
    if _has_greedy_units(state):
        paras = _paratroopers(state)
        state = _after(state, paras)
        buys = _greedy_buys(state)
        left = state.resources[player] - sum(
            (production.unit_cost(state, a.unit, player) or 0) * a.count
            for a in buys if isinstance(a, Purchase))
        if left >= zone_config().upgrade_greedy_mix * state.resources[player]:
            # greedy's mix (cheap infantry first) measured better on europe_1941 than
            # trading it up; only money the full factories would leave idle is spent
            buys = _upgrade(state, buys)
        return ship + paras + buys + [EndPhase()]
    factories = [f for f in state.factories if state.owners.get(f) == player]
    if not factories:
        return [EndPhase()]
    cap = sum(production.factory_capacity(state, f) for f in factories)
    cap -= sum(production.unplaced(state, player).values())
    money = state.resources[player]
    danger = 0.0
    for f in factories:
        gap = threat_to(state, f, player, hops=1) - defence_at(state, f, player)
        if gap > 0:
            danger += gap
    prices = _buyable(state, player, money)
    if not prices:
        return [EndPhase()]
    # defensive value for money; attacking value with a body to take ground; a fast
    # hitter; and an aircraft
    def defend(ut: Any, c: int) -> float:
        return (ut.defense + 0.5) * ut.hits / c

    def attack(ut: Any, c: int) -> float:
        return ((ut.attack + 0.5) * ut.hits + 0.3 * ut.defense) / c if ut.domain == LAND else -1

    def mobile(ut: Any, c: int) -> float:
        return (ut.attack + ut.defense) * ut.hits / c if ut.domain == LAND and ut.move >= 2 else -1

    def plane(ut: Any, c: int) -> float:
        return (ut.attack + ut.defense) / c if ut.domain == AIR and ut.defense > 0 else -1

    d_unit, a_unit = _best(state, prices, defend), _best(state, prices, attack)
    m_unit, p_unit = _best(state, prices, mobile), _best(state, prices, plane)
    pattern = [u for u in (d_unit, a_unit, d_unit, m_unit, a_unit, d_unit, m_unit, p_unit) if u]
    if p_unit is not None and mobile(state.ruleset.units[p_unit], prices[p_unit]) < 0 and \
            plane(state.ruleset.units[p_unit], prices[p_unit]) < 0:
        pattern.remove(p_unit)
    s = state
    counts: dict[str, int] = {}
    i = 0
    while cap > 0 and prices:
        if danger > 0 and d_unit in prices:
            unit: str | None = d_unit
        else:
            unit = pattern[i % len(pattern)]
        if unit not in prices or prices[unit] > s.resources[player]:
            cheaper = {t: c for t, c in prices.items() if c <= s.resources[player]}
            unit = _best(state, cheaper, defend)
        if unit is None:
            break
        try:
            s = apply(s, Purchase(unit, 1))
        except IllegalAction:
            del prices[unit]  # a per-turn or board limit: buy something else
            continue
        if danger > 0:
            danger -= state.ruleset.units[unit].defense + 0.5
        counts[unit] = counts.get(unit, 0) + 1
        cap -= 1
        i += 1
    return ship + _upgrade(state, _only_legal(state, [Purchase(u, n) for u, n in sorted(counts.items())])) \
        + [EndPhase()]


def _plan_politics(state: GameState) -> list[Action]:
    """The wars the player declares (declare.py): when its national objectives gain, or
    when this planner would attack the new enemy."""
    return declare.declarations(state, lambda s: _plan_combat_move(s, raids=False)) + [EndPhase()]


def _after(state: GameState, actions: list[Action]) -> GameState:
    for a in actions:
        state = apply(state, a)
    return state


def _transport_buy(state: GameState, player: str) -> list[Action]:
    """One transport when the enemy's cities lie across the sea (amphib.transport_purchase)."""
    try:
        kind = amphib.transport_purchase(state, player, production.income(state, player))
        if kind is None:
            return []
        apply(state, Purchase(kind, 1))
    except IllegalAction:
        return []
    return [Purchase(kind, 1)]


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


def _warship_buy(state: GameState, player: str) -> list[Action]:
    """Warships while the enemy's fleet outweighs ours where our lifts must sail (it
    blocks the lane or can sink the transports): the best fighting value for money,
    spending at most half the treasury on ships."""
    gap = naval_gap(state, player)
    if gap <= 0:
        return []
    sps = state.scenario.spaces
    if not any(state.owners.get(f) == player and any(sps[a].kind == SEA for a in sps[f].adjacent)
               for f in state.factories):
        return []
    budget = state.resources[player] // 2
    kinds = {}
    for t, ut in state.ruleset.units.items():
        if ut.domain != SEA or ut.has("transport") or ut.attack <= 0 or ut.move <= 0:
            continue
        try:
            c = production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            c = None
        if c is not None and 0 < c:
            kinds[t] = c
    out: list[Action] = []
    s = state
    while gap > 0:
        afford = {t: c for t, c in kinds.items() if c <= budget}
        pick = _best(state, afford, lambda ut, c: (ut.attack + ut.defense) * ut.hits / c)
        if pick is None:
            break
        try:
            s = apply(s, Purchase(pick, 1))
        except IllegalAction:
            del kinds[pick]
            continue
        out.append(Purchase(pick, 1))
        budget -= kinds[pick]
        ut = state.ruleset.units[pick]
        gap -= (ut.attack + 0.5) * ut.hits
    return out


# --- combat move ------------------------------------------------------------------------
def _garrison_needs(state: GameState, player: str) -> dict[str, float]:
    """Defence to keep at home in victory cities, capitals and factories."""
    if not enemy_moves_again(state, player):
        return {}
    needs = {}
    for s, share in key_spaces(state, player).items():
        threat = threat_to(state, s, player, hops=1, air=final_round(state))
        if threat <= 0:
            continue
        need = threat * share
        if share < 1.0 and not is_capital(state, s):
            # a front-line city keeps at most half its defence: the attacks this turn
            # are what thin out the enemy next door
            half = 0.5 * sum(state.utype(u).defense + 0.5 for u in state.units.values()
                             if u.space == s and u.owner == player
                             and state.utype(u).domain == LAND)
            need = min(need, half)
        if is_capital(state, s) and zone_config().capital_loss_chance < 1.0:
            need = max(need, _capital_hold(state, s, player))
        needs[s] = need
    return needs


def _capital_hold(state: GameState, space: str, player: str) -> float:
    """Defence of the fewest home units (best defenders first) that keep the enemy able
    to strike the capital next turn under CAPITAL_LOSS_CHANCE of taking it (exact odds)."""
    dist = distances(state.scenario)[space]
    movers = still_to_move(state, player)
    foes = []
    for u in state.units.values():
        ut = state.utype(u)
        if not state.at_war(u.owner, player) or u.carried_by is not None or ut.attack <= 0 \
                or not hits_land(ut):
            continue
        if movers is not None and u.owner not in movers:
            continue
        d = dist.get(u.space, 99)
        if (ut.domain == LAND and state.scenario.spaces[u.space].kind == LAND and d <= 1) \
                or (ut.domain == AIR and d <= ut.move // 2):
            foes.append(u)
    if not foes:
        return 0.0
    home = sorted((u for u in state.units.values() if u.space == space and u.owner == player
                   and state.utype(u).domain == LAND),
                  key=lambda x: (-state.utype(x).defense, x.uid))
    lo, hi = 0, len(home)
    while lo < hi:
        mid = (lo + hi) // 2
        if odds(state, foes, home[:mid], LAND)[0] <= zone_config().capital_loss_chance:
            hi = mid
        else:
            lo = mid + 1
    return sum(state.utype(u).defense + 0.5 for u in home[:lo])


def _target_rank(state: GameState, s: str, player: str) -> float:
    return worth(state, s) + sum(cost(state, e) for e in movement.enemies_in(state, s, player)) / 3


def _supply_drops(state: GameState) -> list[Action]:
    """Interwar supply (game/rules/zone/supply.py: out-of-supply land units fight at -1): at
    the start of the combat move, air transports drop supplies on the front-line
    territories whose cut-off units would fight (or be attacked) there, most first."""
    from game.rules.actions import SupplyDrop
    from game.rules.zone import supply
    if not supply.active(state):
        return []
    player = state.player
    sps = state.scenario.spaces
    out: list[Action] = []
    s = state
    for _ in range(8):
        best: tuple[float, int, str] | None = None
        for uid, dest in supply.drop_options(s):
            front = any(movement.is_hostile(s, a, player) for a in sps[dest].adjacent
                        if sps[a].kind == LAND) or threat_to(s, dest, player, hops=1) > 0
            if not front:
                continue
            val = sum(s.utype(u).attack + s.utype(u).defense + 0.5 for u in s.units.values()
                      if u.space == dest and u.carried_by is None and not s.at_war(u.owner, player)
                      and s.utype(u).domain == LAND and not s.utype(u).has("no_supply_penalty"))
            if val >= 4 and (best is None or (-val, uid, dest) < (-best[0], best[1], best[2])):
                best = (val, uid, dest)
        if best is None:
            break
        try:
            s = apply(s, SupplyDrop(best[1], best[2]))
        except IllegalAction:
            break
        out.append(SupplyDrop(best[1], best[2]))
    return out


def _plan_combat_move(state: GameState, drops: bool = True, raids: bool = True) -> list[Action]:
    cfg = zone_config()
    if drops:
        supply = _supply_drops(state)
        if supply:
            return supply + _plan_combat_move(_after(state, supply), drops=False)
    player = state.player
    sc = state.scenario
    last_chance = not enemy_moves_again(state, player)
    # ahead on victory cities: attack only what can be held; behind: trade units too
    trade = not ahead(state, player) and _rounds_left(state) <= cfg.trade_rounds_left
    behind_at_end = final_round(state) and not ahead(state, player)
    units = [u for u in state.units.values()
             if u.owner == player and u.carried_by is None and not u.in_combat
             and state.utype(u).domain in (LAND, AIR) and state.utype(u).attack > 0
             and movement.moves_left(state, u) > 0]
    reach = {u.uid: movement.reachable(state, [u]) for u in units}
    needs = _garrison_needs(state, player)
    kept: dict[str, float] = {s: 0.0 for s in needs}
    kept_units: dict[str, list[Unit]] = {s: [] for s in needs}
    free: list[Unit] = []
    # keep the defenders that attack worst (infantry before armour)
    for u in sorted(units, key=lambda x: (state.utype(x).attack - state.utype(x).defense,
                                          cost(state, x), x.uid)):
        if u.space in needs and state.utype(u).domain == LAND and kept[u.space] < needs[u.space]:
            kept[u.space] += state.utype(u).defense + 0.5
            kept_units[u.space].append(u)
            continue
        free.append(u)
    dist = distances(sc)
    movers = still_to_move(state, player)

    def released(target: str) -> list[Unit]:
        """Garrison units an attack on `target` frees: destroying the enemy there removes
        its share of the threat to the garrisoned spaces it could have reached."""
        out: list[Unit] = []
        foes = [e for e in movement.enemies_in(state, target, player)
                if state.utype(e).attack > 0 and state.utype(e).domain != SEA
                and (movers is None or e.owner in movers)]
        for space, keepers in kept_units.items():
            if not keepers or not needs.get(space):
                continue
            ratio = needs[space] / max(1e-9, threat_to(state, space, player, hops=1,
                                                       air=final_round(state)))
            d = dist[target].get(space, 99)
            drop = sum(state.utype(e).attack + 0.5 for e in foes
                       if d <= (state.utype(e).move if movers is not None else 1)) * ratio
            for u in reversed(keepers):
                g = state.utype(u).defense + 0.5
                if drop < g:
                    break
                if u.uid not in used and target in reach[u.uid]:
                    out.append(u)
                    drop -= g
        return out
    stacks = amphib.transport_stacks(state, player, set())
    by_sea = amphib.reachable_targets(state, player, stacks) if stacks else set()
    targets = sorted(
        (s for s, sp in sc.spaces.items() if sp.kind == LAND and movement.is_hostile(state, s, player)
         and (not last_chance or sp.victory_city)
         and (s in by_sea or any(s in reach[u.uid] for u in units))),
        key=lambda s: (-_target_rank(state, s, player), s))
    free_ids = {u.uid for u in free}
    used: set[int] = set()
    used_transports: set[int] = set()
    moves: list[Action] = []
    lift_blocks: list[tuple[str, list[Action]]] = []
    for target in targets:
        enemy = movement.enemies_in(state, target, player)
        cands = [u for u in free if u.uid not in used and target in reach[u.uid]]
        cands += released(target) if enemy else []
        if enemy:  # only units the rules let hurt someone there (no torpedo bombers on land)
            cands = [u for u in cands if contributes(state, u, enemy)]
        land = sorted((u for u in cands if state.utype(u).domain == LAND),
                      key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        air = sorted((u for u in cands if state.utype(u).domain == AIR),
                     key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        lifts: list[amphib.Lift] = []
        if stacks:
            open_stacks = {z: st for z, st in stacks.items()
                           if not any(t.uid in used_transports for t in st)}
            taken: set[int] = set()
            walkers = {u.uid for u in land}
            for lf in amphib.lifts_to(state, player, target, open_stacks,
                                      free_ids - used - walkers, movement.COMBAT):
                lf.pickups = [u for u in lf.pickups if u.uid not in taken]
                if lf.units:
                    taken.update(u.uid for u in lf.units)
                    lifts.append(lf)
        if not land and not lifts:
            continue
        # blocks of units that go together: a walker, a lift's whole cargo, an aircraft
        blocks: list[tuple[list[Unit], amphib.Lift | None]] = [([u], None) for u in land]
        blocks += [(lf.units, lf) for lf in lifts]
        blocks += [([u], None) for u in air]
        # what the enemy could bring against the territory next turn, once it is ours
        counter = 0.0 if last_chance else threat_to(state, target, player, hops=1, air=False) - sum(
            state.utype(e).attack + 0.5 for e in enemy if state.utype(e).domain == LAND)
        important = (sc.spaces[target].victory_city or is_capital(state, target)) and trade
        # the last round, behind on cities: the units are worth nothing after the turn
        # limit, a victory city taken back may decide the game
        all_in = last_chance or (behind_at_end and sc.spaces[target].victory_city)
        target_p = 0.97 if all_in else cfg.win_target
        minimum = cfg.last_chance_minimum if all_in else cfg.win_minimum
        chosen_blocks: list[tuple[list[Unit], amphib.Lift | None]] = []
        if not enemy:
            first = min(blocks[:len(land)] or blocks[len(land):len(land) + len(lifts)][-1:],
                        key=lambda b: (sum(cost(state, u) for u in b[0]), b[0][0].uid))
            chosen_blocks = [first]
            dfn = sum(state.utype(u).defense + 0.5 for u in first[0])
            if counter > 2 * dfn and not important:
                continue
        else:
            chosen: list[Unit] = []
            p, held, swing = 0.0, 0.0, 0.0
            good = False
            for i, blk in enumerate(blocks):
                chosen_blocks.append(blk)
                chosen += blk[0]
                if len(chosen_blocks) % 2 == 0 or blk[1] is not None or i == len(blocks) - 1 \
                        or blocks[i + 1][1] is not None:
                    p, held, swing = odds3(state, chosen, enemy, LAND)
                    good = p >= target_p and (held >= cfg.hold_ratio * counter or important
                                              or (trade and swing > 0))
                    if good:
                        break
            if p < minimum or (held < cfg.hold_ratio * counter and not important
                               and not (trade and swing > 0) and not last_chance):
                continue
        walk = [u for b, lf in chosen_blocks if lf is None for u in b]
        for u in walk:
            used.add(u.uid)
        for _b, blk_lift in chosen_blocks:
            if blk_lift is not None:
                used.update(u.uid for u in blk_lift.units)
                used_transports.update(blk_lift.transports)
                lift_blocks.append((target, amphib.lift_moves(state, blk_lift)))
        by_start: dict[tuple[str, str, tuple[str, ...]], list[int]] = {}
        for u in walk:
            path = reach[u.uid][target]
            by_start.setdefault((u.space, u.type, path), []).append(u.uid)
        for (_s, _t, path), uids in sorted(by_start.items()):
            moves.append(Move(tuple(uids), path))
    # the sea lifts first (their cargo must not have moved); a target's lifts all or
    # nothing, and with them the rest of its attack (seed 14: two fighters attacked
    # Albania alone when the rules refused the landing planned beside them)
    lifted: list[Action] = []
    failed: set[str] = set()
    s2 = state
    for target in dict.fromkeys(t for t, _b in lift_blocks):
        block = [a for t, b in lift_blocks if t == target for a in b]
        try:
            s3 = s2
            for a in block:
                s3 = apply(s3, a)
        except IllegalAction:
            failed.add(target)
            continue
        s2 = s3
        lifted += block
    moves = lifted + [m for m in moves if not (isinstance(m, Move) and m.path[-1] in failed)]
    if not last_chance:  # sea battles take no victory city
        moves += naval_attacks(state, player, used, [u for u in free if state.utype(u).domain == AIR],
                               reach)
    moves += _airdrops(state, free, used, moves, last_chance)
    moves = _only_legal(state, moves)
    if raids:   # the bombers the attacks left over raid where it pays (bombing.py)
        moves += bombing.raid_moves(_after(state, moves))
    return moves + [EndPhase()]


def _airdrops(state: GameState, free: list[Unit], used: set[int], moves: list[Action],
              last_chance: bool) -> list[Action]:
    """Paratroopers (self_airlift) not walking into a battle: drop on a planned attack
    they can reach, else on an undefended enemy territory the enemy cannot retake."""
    from game.rules.actions import Airdrop
    from game.rules.zone import airdrop
    planned = [m.path[-1] for m in moves if isinstance(m, Move) and m.path]
    out: list[Action] = []
    player = state.player
    for u in sorted(free, key=lambda x: x.uid):
        if u.uid in used or not state.utype(u).has("self_airlift") or u.moved:
            continue
        dests = airdrop.targets(state, [u])
        if not dests:
            continue
        join = [d for d in planned if d in dests]
        empty = [d for d in dests if state.scenario.spaces[d].kind == LAND
                 and not movement.enemies_in(state, d, player)
                 and movement.is_hostile(state, d, player)
                 and (last_chance or threat_to(state, d, player, hops=1, air=False)
                      <= state.utype(u).defense + 0.5)]
        pick = (min(join, key=lambda d: (-worth(state, d), d)) if join
                else min(empty, key=lambda d: (-worth(state, d), d)) if empty else None)
        if pick is not None:
            used.add(u.uid)
            out.append(Airdrop((u.uid,), pick))
    out += _transport_drops(state, used, planned, last_chance)
    return out


def _transport_drops(state: GameState, used: set[int], planned: list[str],
                     last_chance: bool) -> list[Action]:
    """Air transports with troops (seed 000): drop onto a planned attack, or onto an
    undefended enemy territory the enemy cannot retake, when most transports survive
    the interception (airdrop.options gives the survival chance)."""
    from game.rules.zone import airdrop
    out: list[Action] = []
    player = state.player
    for opt in airdrop.options(state, self_airlift=False):
        if opt.mission != airdrop.AIRDROP or opt.survival < 0.55:
            continue
        if any(uid in used for uid in opt.transports + opt.cargo):
            continue
        to = opt.to
        empty = (not movement.enemies_in(state, to, player) and movement.is_hostile(state, to, player)
                 and (last_chance or threat_to(state, to, player, hops=1, air=False) <= 2.5))
        if to not in planned and not empty:
            continue
        act = opt.action()
        used.update(act.units)
        out.append(act)
    return out


def _only_legal(state: GameState, actions: list[Action]) -> list[Action]:
    """Keep the actions that stay legal when applied in order (a plan never breaks)."""
    out = []
    for a in actions:
        try:
            state = apply(state, a)
        except IllegalAction:
            continue
        out.append(a)
    return out


# --- battles -----------------------------------------------------------------------------
def _bad_odds(state: GameState, b: Battle) -> bool:
    cfg = zone_config()
    from game.odds import odds_for_space
    from game.rules.zone import battle
    try:
        att = battle.alive(state, battle.attackers(state, b))
        dfn = battle.alive(state, battle.defenders(state, b))
        if needs_sim(state, [u.type for u in att + dfn]):
            from game.odds.api import default_order

            from .quickodds import quick_odds
            p, _ = quick_odds(state.ruleset, default_order(state, att, "attack"),
                              default_order(state, dfn, "defense"))
            return p < cfg.retreat_below
        return odds_for_space(state, b.space, b.attacker, trials=1000).attacker_wins < cfg.retreat_below
    except Exception:  # noqa: BLE001 - no odds: fight on
        logger.debug("no odds for the battle in %s; fighting on", b.space, exc_info=True)
        return False


def _combat(state: GameState) -> Action:
    return greedy.fight(state, _bad_odds)


# --- non-combat move ------------------------------------------------------------------------
def _deficits(state: GameState, player: str, hops: int = 1) -> dict[str, float]:
    """Defence still missing in each key space (victory city, capital, factory)."""
    cfg = zone_config()
    return {s: threat_to(state, s, player, hops=hops) * min(1.0, cfg.hold_share * share / cfg.garrison_vc)
            - defence_at(state, s, player)
            for s, share in key_spaces(state, player).items()}


def _garrison_units(state: GameState, player: str) -> set[int]:
    """The land units that stay home to meet the garrison needs (best defenders first)."""
    needs = _garrison_needs(state, player)
    keep: set[int] = set()
    for space, need in needs.items():
        have = 0.0
        for u in sorted((u for u in state.units.values() if u.space == space and u.owner == player
                         and state.utype(u).domain == LAND),
                        key=lambda x: (-state.utype(x).defense, x.uid)):
            if have >= need:
                break
            keep.add(u.uid)
            have += state.utype(u).defense + 0.5
    return keep


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

def _sea_defence(state: GameState, zone: str, player: str) -> float:
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
        return danger[z] - _sea_defence(s, z, player)

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


def _plan_noncombat(state: GameState) -> list[Action]:
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
    keep = _garrison_units(s, player)
    for block in amphib.ferry_moves(s, player, keep):
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
        deficit = {t: d for t, d in _deficits(s, player, hops=2).items()
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
        deficit = _deficits(s, player)
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
    return _greedy_rest(s, moves)


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


# --- place ----------------------------------------------------------------------------------
def _plan_place(state: GameState) -> list[Action]:
    player = state.player
    s = state
    actions: list[Action] = []
    factories = sorted((f for f in s.factories if s.owners.get(f) == player),
                       key=lambda f: (-(threat_to(s, f, player) - defence_at(s, f, player)), f))

    def room(unit: str) -> int:
        """Room of the factories that could build the unit now: the least first, so a ship
        is not left without room (mediterranean_1940: Germany's infantry filled Provence,
        or Occupied France, and its troopship was never placed, round after round)."""
        makers = {_producer(s, unit, sp, player) for f in factories
                  for sp in _place_spaces(s, unit, f)} - {None}
        return sum(production.factory_capacity(s, m) if m else 99 for m in makers)

    for unit in sorted(production.unplaced(s, player),
                       key=lambda u: (room(u), -s.ruleset.units[u].defense, u)):
        for _ in range(production.unplaced(s, player).get(unit, 0)):
            placed = False
            for f in factories:
                for sp in _place_spaces(s, unit, f):
                    try:
                        s = apply(s, Place(unit, sp, 1))
                    except IllegalAction:
                        continue
                    actions.append(Place(unit, sp, 1))
                    placed = True
                    break
                if placed:
                    break
            if not placed:
                break
    actions += build.placements(s)   # the facilities bought (g40), after the units
    if any(production.unplaced(s, player).values()):
        return actions  # the rest where greedy finds room (e.g. a player `placement` rule)
    return actions + [EndPhase()]


def _place_spaces(state: GameState, unit: str, factory: str) -> list[str]:
    """Where a unit built at `factory` goes: the factory, or a ship's sea zones next to it,
    safest first: none that enemy ships hold (mediterranean_1940 seed 12: Italy placed a
    destroyer and a troopship beside a French battleship), then the least danger."""
    sps = state.scenario.spaces
    if state.ruleset.units[unit].domain != SEA:
        return [factory]
    player = state.player

    def risk(z: str) -> tuple[bool, float, str]:
        held = any(state.utype(e).domain == SEA for e in movement.enemies_in(state, z, player))
        return held, amphib.danger(state, z, player) - _sea_defence(state, z, player), z
    return sorted((a for a in sps[factory].adjacent if sps[a].kind == SEA), key=risk)


def _producer(state: GameState, unit: str, space: str, player: str) -> str | None:
    """The factory that would build a unit placed in `space` ("" none needed), or None."""
    try:
        return production.placement_factory(state, unit, space, player)
    except IllegalAction:
        return None
