"""The standard computer player: plans each phase once, using exact battle odds.

- Purchase: infantry when its capital is threatened, otherwise a mixed army
  (infantry, artillery, armour, fighters) within factory capacity.
- Combat move: for each reachable enemy territory, most valuable first, it
  commits the fewest unit groups that give a good chance to win (exact odds),
  keeping enough defenders at home against the enemy next door.
- Battles: rolls on, retreats when the odds turn bad.
- Non-combat: reinforces threatened territories (capital first), marches the
  rest toward the front, lands aircraft where they are safest.
- Place: defenders where the threat is, the rest nearest the front.

A plan is a list of actions computed from the state at the start of the phase
and cached by (game, round, player, phase); it depends only on that state, so
the player is deterministic.
"""
from __future__ import annotations

from typing import Any

from game.rules import movement, production
from game.rules.actions import (
    Action,
    EndPhase,
    Move,
    Place,
    Purchase,
    apply,
)
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, Battle, GameState, Unit

from . import greedy

WIN_TARGET = 0.80       # add units to an attack until it wins this often
WIN_MINIMUM = 0.65      # attack only at least this likely to win
RETREAT_BELOW = 0.30    # retreat when the odds of the battle fall under this
HOLD_RATIO = 0.5        # survivors should hold against this share of the counter-attack

_PLANS: dict[tuple[Any, ...], tuple[int, list[Action]]] = {}


def choose_standard(state: GameState) -> Action:
    phase = state.phase
    if phase == "conduct_combat":
        return _combat(state)
    if phase == "collect_income":
        return EndPhase()
    key = (id(state.scenario), state.seed, state.round, state.player_idx, state.phase_idx)
    plan = _PLANS.get(key)
    if plan is None or not (0 <= state.action_count - plan[0] <= len(plan[1])):
        builders = {"purchase": _plan_purchase, "combat_move": _plan_combat_move,
                    "noncombat_move": _plan_noncombat, "place": _plan_place}
        builder = builders.get(phase)
        actions = builder(state) if builder else []
        if len(_PLANS) > 256:
            _PLANS.clear()
        plan = (state.action_count, actions)
        _PLANS[key] = plan
    start, actions = plan
    i = state.action_count - start
    if i < len(actions):
        return actions[i]
    fallback = greedy.choose_greedy(state) if phase == "noncombat_move" else EndPhase()
    return fallback


# --- evaluation helpers ---------------------------------------------------------------
def cost(state: GameState, u: Unit) -> int:
    c = state.utype(u).cost
    return c if isinstance(c, int) else 10


def threat_to(state: GameState, space: str, player: str, hops: int = 2,
              air: bool = True) -> float:
    """Attack strength of enemy land (and air) units that could reach `space` next turn."""
    dist = distances(state.scenario)[space]
    total = 0.0
    for u in state.units.values():
        if not state.at_war(u.owner, player) or u.carried_by is not None:
            continue
        ut = state.utype(u)
        if ut.domain == SEA or (ut.domain == AIR and not air):
            continue
        reach = ut.move if ut.domain == AIR else min(ut.move, hops)
        d = dist.get(u.space, 99)
        if d <= reach and (ut.domain == AIR or state.scenario.spaces[u.space].kind == LAND):
            total += ut.attack + 0.5
    return total


def defence_at(state: GameState, space: str, player: str) -> float:
    return sum(state.utype(u).defense + 0.5 for u in state.units.values()
               if u.space == space and not state.at_war(u.owner, player) and u.carried_by is None)


def odds(state: GameState, attackers: list[Unit], defenders: list[Unit], terrain: str
         ) -> tuple[float, float]:
    """(chance to win, expected defence of the attacker's survivors)."""
    from game.odds import battle_odds
    from game.odds.api import _runs, default_order
    full = sum(state.utype(u).defense + 0.5 for u in attackers if state.utype(u).domain == LAND)
    if not defenders:
        return 1.0, full
    if not attackers:
        return 0.0, 0.0
    try:
        res = battle_odds(state.ruleset, _runs(default_order(state, attackers, "attack")),
                          _runs(default_order(state, defenders, "defense")), terrain, trials=300)
    except Exception:  # noqa: BLE001 - no odds: fall back to a strength ratio
        a = sum(state.utype(u).attack for u in attackers)
        d = sum(state.utype(u).defense for u in defenders) or 1
        return min(1.0, a / (2 * d)), full / 2
    held = sum((state.ruleset.units[t].defense + 0.5) * n for t, n in res.attacker_survivors.items()
               if state.ruleset.units[t].domain == LAND)
    return res.attacker_wins, held


# --- purchase --------------------------------------------------------------------------
def _plan_purchase(state: GameState) -> list[Action]:
    player = state.player
    factories = [f for f in state.factories if state.owners.get(f) == player]
    if not factories:
        return [EndPhase()]
    cap = sum(production.factory_capacity(state, f) for f in factories)
    cap -= sum(production.unplaced(state, player).values())
    money = state.resources[player]
    capital = state.scenario.player(player).capital
    danger = 0.0
    if capital and state.owners.get(capital) == player:
        danger = threat_to(state, capital, player, hops=1) - defence_at(state, capital, player)
    pattern = ["infantry"] if danger > 0 else ["infantry", "artillery", "armour", "infantry",
                                               "armour", "fighter"]
    buys: dict[str, int] = {}
    i = 0
    while cap > 0:
        unit = pattern[i % len(pattern)]
        c = production.unit_cost(state, unit, player)
        if c is None or c > money:
            c_inf = production.unit_cost(state, "infantry", player)
            if c_inf is None or c_inf > money:
                break
            unit, c = "infantry", c_inf
        buys[unit] = buys.get(unit, 0) + 1
        money -= c
        cap -= 1
        i += 1
    return [Purchase(u, n) for u, n in sorted(buys.items())] + [EndPhase()]


# --- combat move ------------------------------------------------------------------------
def _garrison_needs(state: GameState, player: str) -> dict[str, float]:
    """Defence to keep at home: the capital and factories against what is next door."""
    needs = {}
    capital = state.scenario.player(player).capital
    for s in state.factories:
        if state.owners.get(s) != player:
            continue
        threat = threat_to(state, s, player, hops=1, air=False)
        if threat > 0:
            needs[s] = threat * (0.6 if s == capital else 0.3)
    return needs


def _plan_combat_move(state: GameState) -> list[Action]:
    player = state.player
    sc = state.scenario
    units = [u for u in state.units.values()
             if u.owner == player and u.carried_by is None and not u.in_combat
             and state.utype(u).domain in (LAND, AIR) and state.utype(u).attack > 0
             and movement.moves_left(state, u) > 0]
    reach = {u.uid: movement.reachable(state, [u]) for u in units}
    needs = _garrison_needs(state, player)
    kept: dict[str, float] = {s: 0.0 for s in needs}
    free: list[Unit] = []
    for u in sorted(units, key=lambda x: (-state.utype(x).defense, cost(state, x), x.uid)):
        if u.space in needs and state.utype(u).domain == LAND and kept[u.space] < needs[u.space]:
            kept[u.space] += state.utype(u).defense + 0.5
            continue
        free.append(u)
    targets = sorted(
        (s for s, sp in sc.spaces.items() if sp.kind == LAND and movement.is_hostile(state, s, player)
         and any(s in reach[u.uid] for u in free)),
        key=lambda s: (-(sc.spaces[s].value * (3 if sc.spaces[s].victory_city else 1)
                         + sum(cost(state, e) for e in movement.enemies_in(state, s, player)) / 3),
                       s))
    used: set[int] = set()
    moves: list[Action] = []
    for target in targets:
        enemy = movement.enemies_in(state, target, player)
        cands = [u for u in free if u.uid not in used and target in reach[u.uid]]
        land = sorted((u for u in cands if state.utype(u).domain == LAND),
                      key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        air = sorted((u for u in cands if state.utype(u).domain == AIR),
                     key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        if not land:
            continue
        # what the enemy could bring against the territory next turn, once it is ours
        counter = threat_to(state, target, player, hops=1, air=False) - sum(
            state.utype(e).attack + 0.5 for e in enemy if state.utype(e).domain == LAND)
        important = sc.spaces[target].victory_city or any(
            p.capital == target for p in sc.players)
        if not enemy:
            chosen = [min(land, key=lambda u: (cost(state, u), u.uid))]
            if counter > 2 * (state.utype(chosen[0]).defense + 0.5) and not important:
                continue
        else:
            chosen = []
            p, held = 0.0, 0.0
            for group in (land, air):
                for u in group:
                    chosen.append(u)
                    if len(chosen) % 2 == 0 or u is group[-1]:
                        p, held = odds(state, chosen, enemy, LAND)
                        if p >= WIN_TARGET and (held >= HOLD_RATIO * counter or important):
                            break
                if p >= WIN_TARGET and (held >= HOLD_RATIO * counter or important):
                    break
            if p < WIN_MINIMUM or (held < HOLD_RATIO * counter and not important):
                continue
        for u in chosen:
            used.add(u.uid)
        by_start: dict[tuple[str, str, tuple[str, ...]], list[int]] = {}
        for u in chosen:
            path = reach[u.uid][target]
            by_start.setdefault((u.space, u.type, path), []).append(u.uid)
        for (_s, _t, path), uids in sorted(by_start.items()):
            moves.append(Move(tuple(uids), path))
    return _only_legal(state, moves) + [EndPhase()]


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
    from game.odds import odds_for_space
    try:
        return odds_for_space(state, b.space, b.attacker).attacker_wins < RETREAT_BELOW
    except Exception:  # noqa: BLE001 - no odds: fight on
        return False


def _combat(state: GameState) -> Action:
    return greedy.fight(state, _bad_odds)


# --- non-combat move ------------------------------------------------------------------------
def _plan_noncombat(state: GameState) -> list[Action]:
    player = state.player
    moves: list[Action] = []
    s = state
    # reinforce threatened factories (capital first) with units that can reach them
    needs = {f: threat_to(s, f, player, hops=1) - defence_at(s, f, player)
             for f in s.factories if s.owners.get(f) == player}
    capital = s.scenario.player(player).capital
    # only the capital is reinforced from elsewhere; the front keeps its troops
    order = [capital] if capital in needs and needs[capital] > 0 else []
    for f in order:
        for u in sorted(s.units.values(), key=lambda x: x.uid):
            if needs[f] <= 0:
                break
            if (u.owner != player or s.utype(u).domain != LAND or u.in_combat or u.space == f
                    or u.carried_by is not None or movement.moves_left(s, u) <= 0):
                continue
            if u.space in needs and needs.get(u.space, 0) > -1:
                continue  # do not strip another threatened factory
            path = movement.reachable(s, [u]).get(f)
            if path is None:
                continue
            try:
                s = apply(s, Move((u.uid,), path))
            except IllegalAction:
                continue
            moves.append(Move((u.uid,), path))
            needs[f] -= s.utype(u).defense + 0.5
    # aircraft: land where the threat is lowest among reachable friendly territory
    for u in sorted(s.units.values(), key=lambda x: x.uid):
        if u.owner != player or s.utype(u).domain != AIR:
            continue
        options = movement.reachable(s, [u])
        here_ok = (u.space in movement.landing_spots(s, player)
                   and s.scenario.spaces[u.space].kind == LAND)
        if here_ok and threat_to(s, u.space, player) <= defence_at(s, u.space, player):
            continue
        land = [d for d in options if s.scenario.spaces[d].kind == LAND]
        if not land:
            continue
        dest = min(land, key=lambda d: (threat_to(s, d, player) - defence_at(s, d, player), d))
        try:
            s = apply(s, Move((u.uid,), options[dest]))
        except IllegalAction:
            continue
        moves.append(Move((u.uid,), options[dest]))
    # the rest: the greedy march toward the front
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
    for unit in sorted(production.unplaced(s, player), key=lambda u: (u != "infantry", u)):
        ut = s.ruleset.units[unit]
        for _ in range(production.unplaced(s, player).get(unit, 0)):
            placed = False
            for f in factories:
                spaces = [f] if ut.domain != SEA else sorted(
                    a for a in s.scenario.spaces[f].adjacent if s.scenario.spaces[a].kind == SEA)
                for sp in spaces:
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
    return actions + [EndPhase()]
