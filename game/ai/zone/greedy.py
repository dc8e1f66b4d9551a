"""A simple one-ply player: buys a land army, attacks where it clearly
outnumbers the defence, fights battles with the default order of loss,
marches the rest toward the front and lands its aircraft."""
from __future__ import annotations

from collections.abc import Callable

from game.rules.actions import (
    Action,
    EndPhase,
    Move,
    Place,
    Purchase,
    Retreat,
    RollDice,
    SelectBattle,
    default_casualties,
)
from game.rules.board import hops_to_nearest
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, Battle, GameState, Unit
from game.rules.zone import battle, landings, movement, production, raids

from ..config import zone_config


def strength(state: GameState, units: list[Unit], role: str) -> float:
    total = 0.0
    for u in units:
        ut = state.utype(u)
        val = ut.attack if role == "attack" else ut.defense
        total += (val + 0.5) * (ut.hits - u.damage)
    return total


def choose_greedy(state: GameState) -> Action:
    phase = state.phase
    if phase == "purchase":
        return _purchase(state)
    if phase == "combat_move":
        return _combat_move(state) or EndPhase()
    if phase == "conduct_combat":
        return _combat(state)
    if phase == "noncombat_move":
        return _noncombat(state) or EndPhase()
    if phase == "place":
        return _place(state) or EndPhase()
    if phase == "politics":
        return _politics(state)
    return EndPhase()


def _politics(state: GameState) -> Action:
    """A war the rules allow and that pays (declare.py), judged by this player's first
    attack once at war."""
    from .declare import declarations

    def first_attack(s: GameState) -> list[Action]:
        move = _combat_move(s)
        return [move] if move is not None else []
    acts = declarations(state, first_attack)
    return acts[0] if acts else EndPhase()


def _purchase(state: GameState) -> Action:
    cfg = zone_config()
    player = state.player
    has_factory = any(f in state.factories and state.owners.get(f) == player for f in state.factories)
    pattern: tuple[str, ...] = cfg.buy_pattern
    bought = sum(production.unplaced(state, player).values())
    if has_factory:
        cap = sum(production.factory_capacity(state, f) for f in state.factories
                  if state.owners.get(f) == player)
    else:  # a player `placement` rule (TripleA's Chinese): place in territories held
        rule = state.scenario.player(player).placement
        if rule is None or not rule.anywhere_owned:
            return EndPhase()
        pattern = tuple(u for u in cfg.buy_pattern if rule.allows(u) and state.ruleset.units[u].domain == LAND) \
            if all(u in state.ruleset.units for u in cfg.buy_pattern) else ()
        pattern = pattern or tuple(sorted(u for u, ut in state.ruleset.units.items()
                                          if ut.domain == LAND and rule.allows(u)))
        held = sum(1 for s, o in state.turn_owners.items()
                   if o == player and state.owners.get(s) == player
                   and state.scenario.spaces[s].kind == LAND)
        cap = held * (production.per_territory_limit(state, rule) or 3)
    if bought >= cap or not pattern:
        return EndPhase()
    for i in range(len(pattern)):
        unit = pattern[(bought + i) % len(pattern)]
        cost = production.unit_cost(state, unit, player)
        if cost is not None and cost <= state.resources[player]:
            return Purchase(unit, 1)
    return EndPhase()


def _targets(state: GameState) -> list[str]:
    player = state.player
    return sorted((s for s, sp in state.scenario.spaces.items()
                   if sp.kind == LAND and movement.is_hostile(state, s, player)),
                  key=lambda s: (-state.scenario.spaces[s].value, s))


def _combat_move(state: GameState) -> Action | None:
    cfg = zone_config()
    player = state.player
    cap = state.scenario.player(player).capital
    mine = [u for u in state.units.values() if u.owner == player and u.carried_by is None
            and state.utype(u).domain in (LAND, AIR) and not u.in_combat
            and movement.moves_left(state, u) > 0 and state.utype(u).attack > 0]
    reach = {u.uid: movement.reachable(state, [u]) for u in mine}
    for target in _targets(state):
        enemy = movement.enemies_in(state, target, player)
        defence = strength(state, enemy, "defense")
        there = [u for u in state.units.values() if u.space == target and u.owner == player]
        have = strength(state, there, "attack")
        if there and have >= cfg.attack_ratio * defence + 1:
            continue
        movers: list[tuple[Unit, tuple[str, ...]]] = []
        for u in mine:
            path = reach[u.uid].get(target)
            # only units the rules let hurt a defender (no torpedo bombers over land):
            # the others add nothing but count as strength
            if path is not None and (not enemy or battle.can_hurt(state, [u], enemy, "attack")):
                movers.append((u, path))
        # keep a garrison in the capital
        garrison = [m for m in movers if m[0].space == cap and state.utype(m[0]).domain == LAND]
        keep = max(0, len(garrison) // 2)
        if keep:
            drop = {m[0].uid for m in garrison[:keep]}
            movers = [m for m in movers if m[0].uid not in drop]
        potential = have + strength(state, [m[0] for m in movers], "attack")
        land_in = any(state.utype(m[0]).domain == LAND for m in movers) or any(
            state.utype(u).domain == LAND for u in there)
        if not land_in or potential < cfg.attack_ratio * defence + 1:
            continue
        u, path = movers[0]
        return Move((u.uid,), path)
    return None


def fight(state: GameState, should_retreat: Callable[[GameState, Battle], bool]) -> Action:
    """The battle flow every computer player shares: pick the first battle, take the
    default casualties, scramble when it helps (defending), intercept a raid with the
    fighters not worth more in a sea battle beside it (defending), roll on unless
    `should_retreat` says to leave."""
    b = state.zone.battle
    if b is None:
        if state.zone.battles:   # the bombing raids first (raids.order_block)
            ready = [s for s in state.zone.battles
                     if (not state.zone.raids or not raids.order_block(state, s))
                     and not landings.order_block(state, s)]   # the sea battle before a landing
            return SelectBattle((ready or list(state.zone.battles))[0])
        return EndPhase()
    if b.awaiting == "casualties":
        return default_casualties(state)
    if b.awaiting == "scramble":   # the defender (G40): scramble when it helps
        from .scramble import choose_scramble
        return choose_scramble(state, b)
    if b.awaiting == "intercept" and b.raid:   # the defender (G40): keep some to scramble?
        from .intercept import choose_interceptors
        return choose_interceptors(state, b)
    if b.awaiting == "continue" and b.origins:
        # units landed from the sea bar a retreat; airdropped units stay behind
        if not battle.retreat_blocker(state, b) and should_retreat(state, b):
            return Retreat(b.origins[0])
    return RollDice()


def _outmatched(state: GameState, b: Battle) -> bool:
    att = battle.alive(state, battle.attackers(state, b))
    dfn = battle.alive(state, battle.defenders(state, b))
    return strength(state, att, "attack") < 0.6 * strength(state, dfn, "defense")


def _combat(state: GameState) -> Action:
    return fight(state, _outmatched)


def _front_distance(state: GameState, player: str) -> dict[str, int]:
    """Each space's hops to the nearest hostile territory (99: none in reach)."""
    enemy_land = [s for s, sp in state.scenario.spaces.items()
                  if sp.kind == LAND and movement.is_hostile(state, s, player)]
    near = hops_to_nearest(state.scenario, enemy_land)
    return {s: near.get(s, 99) for s in state.scenario.spaces}


def _noncombat(state: GameState) -> Action | None:
    player = state.player
    spots = movement.landing_spots(state, player)
    # aircraft first: land them where they are safe
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != player or state.utype(u).domain != AIR:
            continue
        if u.space in spots and state.scenario.spaces[u.space].kind == LAND:
            continue
        options = movement.reachable(state, [u])
        if options:
            dest = min(options, key=lambda s: (len(options[s]), s))
            return Move((u.uid,), options[dest])
    front = _front_distance(state, player)
    cap = state.scenario.player(player).capital
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if (u.owner != player or state.utype(u).domain != LAND or u.carried_by is not None
                or u.in_combat or movement.moves_left(state, u) <= 0):
            continue
        here = front.get(u.space, 99)
        if here <= 1:
            continue
        if u.space == cap and sum(1 for x in state.units.values()
                                   if x.space == cap and x.owner == player) <= 3:
            continue
        options = movement.reachable(state, [u])
        better = [s for s in options if front.get(s, 99) < here]
        if better:
            dest = min(better, key=lambda s: (front[s], len(options[s]), s))
            return Move((u.uid,), options[dest])
    return None


def _place(state: GameState) -> Action | None:
    player = state.player
    cap = state.scenario.player(player).capital
    for unit in sorted(production.unplaced(state, player)):
        ut = state.ruleset.units[unit]
        spaces = sorted(state.scenario.spaces, key=lambda s: (s != cap, s))
        for s in spaces:
            if (state.scenario.spaces[s].kind == SEA) != (ut.domain == SEA):
                continue
            try:
                production.placement_factory(state, unit, s, player)
            except IllegalAction:
                continue
            return Place(unit, s, 1)
    return None
