"""When the computer declares war (politics phase; game/rules/politics.py).

A power declares a war the rules allow now when
- it turns no neutral player against it (a true neutral's war turns the others; a
  neutral allied with the new enemy comes with it: G40's Soviet declaration on Germany
  takes in the pro-Axis neutrals, Japan's on the British the Dutch), and
- it pays: either its national objectives pay more at once (the Allies' bonuses need the
  war: the United States and the Soviet Union enter when the rules let them), or its own
  attack planner, after the declaration, attacks the new enemy's territories for at least
  the national-objective income the war costs, and for 3 PU at least (victory cities
  and capitals count at their worth to the planner), or
- its alliance is behind on victory cities in a game with a turn limit (a race for
  them: only a war can win it), the new enemy holds a victory city and its units can
  reach the new enemy. (the Axis: Germany keeps the trade with
  Russia, Japan the trade with America, until an attack on them pays), or
- in a game with no turn limit that only its victory conditions end, its alliance is
  short of them, they count cities the new enemy holds, and its attack planner would
  strike the new enemy at all: however long it waits, no other war brings those cities.
"""
from __future__ import annotations

from collections.abc import Callable

from game.rules import objectives, victory
from game.rules.action_types import Action, DeclareWar, EndPhase, Move
from game.rules.actions import apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import LAND, GameState, ObjectiveCondition

from .evaluate import worth

MIN_WORTH = 3   # a war for less income than this (one poor territory) is not worth its risk

# the player's combat-move plan in a position (the standard planner, or greedy's first move)
AttackPlanner = Callable[[GameState], list[Action]]


def declarations(state: GameState, plan_attacks: AttackPlanner) -> list[Action]:
    """The declarations the player to move makes now, in order (each still legal)."""
    from game.rules import politics
    out: list[Action] = []
    s = state
    for d in politics.options(state):
        act = DeclareWar(d.name)
        try:
            after = apply(s, act)
        except IllegalAction:
            continue
        if should_declare(s, after, plan_attacks):
            out.append(act)
            s = after
    return out


def new_enemies(before: GameState, after: GameState, player: str) -> set[str]:
    return {p.id for p in before.scenario.players
            if p.id != player and after.at_war(player, p.id) and not before.at_war(player, p.id)}


def objective_gain(before: GameState, after: GameState, player: str) -> int:
    """What the player's national objectives pay after the declaration, less before."""
    if not objectives.enabled(before):
        return 0
    return sum(objectives.payable(after, o) - objectives.payable(before, o)
               for o in objectives.of_player(before, player))


def should_declare(before: GameState, after: GameState, plan_attacks: AttackPlanner) -> bool:
    player = before.player
    enemies = new_enemies(before, after, player)
    pol = before.scenario.politics
    neutrals = set(pol.neutrals) if pol else set()
    powers = enemies - neutrals
    if not powers or any(not any(before.allied(n, e) for e in powers) for n in enemies & neutrals):
        return False
    if any(before.allied(player, e) or before.alliance_of(e) == before.alliance_of(player) for e in enemies):
        return False
    gain = objective_gain(before, after, player)
    if gain > 0:
        return True
    if not within_reach(before, enemies):
        return False
    if behind_in_race(before, player) and holds_victory_city(before, enemies):
        return True
    worth = attack_worth(after, enemies, plan_attacks)
    if worth > 0 and short_of_victory(before, player, enemies):
        return True
    return worth >= max(MIN_WORTH, -gain)


def short_of_victory(state: GameState, player: str, enemies: set[str]) -> bool:
    """In a game with no turn limit that ends only by the scenario's victory conditions,
    does a condition of the player's alliance, not met, count a city these enemies hold?
    (Global 1940 seed 202: at peace with the Soviet Union, whose cities the Axis' Europe
    condition counts, for 40 rounds, Germany piled 385 units in Holland, never within
    reach of a Soviet territory worth the trade it would lose.)"""
    sc = state.scenario
    if sc.turn_limit or not sc.victory_conditions:
        return False
    mine = state.alliance_of(player)
    return any(vc.alliance == mine and not victory.met(state, vc)
               and any(state.owners.get(s) in enemies for s in _counted_spaces(vc.when))
               for vc in sc.victory_conditions)


def _counted_spaces(conditions: tuple[ObjectiveCondition, ...]) -> set[str]:
    """The spaces the `owned` conditions of a victory condition count (through any/all)."""
    out: set[str] = set()
    for c in conditions:
        if c.kind == "owned":
            out.update(c.spaces)
        elif c.kind in ("any", "all"):
            out |= _counted_spaces(c.parts)
    return out


def holds_victory_city(state: GameState, enemies: set[str]) -> bool:
    sps = state.scenario.spaces
    return any(sp.victory_city and state.owners.get(s) in enemies for s, sp in sps.items())


def behind_in_race(state: GameState, player: str) -> bool:
    """Is the player's alliance behind on victory cities in a game decided by them at a
    turn limit? Then only a war can win it: it declares on any enemy it can reach."""
    if not state.scenario.turn_limit:
        return False
    counts = victory.victory_cities(state)
    mine = state.alliance_of(player) or ""
    return counts.get(mine, 0) < max((n for a, n in counts.items() if a != mine), default=0)


def within_reach(state: GameState, enemies: set[str]) -> bool:
    """Could any of the player's units reach a territory of these enemies this turn (a
    cheap test before the attack is planned)?"""
    dist = distances(state.scenario)
    theirs = [s for s, sp in state.scenario.spaces.items() if sp.kind == LAND and state.owners.get(s) in enemies]
    for u in state.units.values():
        if u.owner != state.player or u.carried_by is not None:
            continue
        ut = state.utype(u)
        if ut.attack > 0 and ut.move > 0 and any(dist[u.space].get(t, 99) <= ut.move for t in theirs):
            return True
    return False


def attack_worth(after: GameState, enemies: set[str], plan_attacks: AttackPlanner) -> int:
    """What the new enemies' territories the player's combat move would attack once at
    war are worth (evaluate.worth: income, victory city, capital; 0: no attack)."""
    s = after
    try:
        while s.phase != "combat_move" and not s.over:
            s = apply(s, EndPhase())
    except IllegalAction:
        return 0
    if s.over or s.player != after.player:
        return 0
    targets = {m.path[-1] for m in plan_attacks(s) if isinstance(m, Move) and m.path}
    sps = s.scenario.spaces
    return round(sum(max(1.0, worth(s, t)) for t in targets
                     if sps[t].kind == LAND and s.owners.get(t) in enemies))
