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

This module picks the phase's planner and caches its plan, and plays politics and
battles itself; the planners are purchase.py, attack.py (combat move), noncombat.py
and place.py, reading the position through evaluate.py, garrison.py and navy.py.
"""
from __future__ import annotations

import logging

from game.rules.actions import Action, EndPhase, apply
from game.rules.errors import IllegalAction
from game.rules.model import Battle, GameState

from . import declare, greedy

# the battle-odds calculator loads its compiled kernels on first import (about a second):
# pay that when the computer player is loaded, not inside its first turn
import game.odds  # noqa: E402,F401  isort: skip
from ..config import zone_config
from ..player import active
from .attack import plan_combat_move
from .evaluate import needs_sim
from .noncombat import plan_noncombat
from .place import plan_place
from .purchase import plan_purchase

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
    # the entry holds the scenario itself, so its id cannot be reused by another game, and
    # the log line the plan was made after: two games of one scenario (loaded once a
    # process) with the same seed share a key, never a log
    plan = cached[1] if cached is not None and cached[0] is state.scenario \
        and _log_descends(state, cached[2]) else None
    if plan is None or not (0 <= state.action_count - plan[0] <= len(plan[1])):
        builders = {"purchase": plan_purchase, "politics": _plan_politics,
                    "combat_move": plan_combat_move,
                    "noncombat_move": plan_noncombat, "place": plan_place}
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
        plans[key] = (state.scenario, plan, state.log_tail)
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


def _log_descends(state: GameState, cell: object) -> bool:
    """Whether `cell` (a log line) is in this game's log: the state follows the one a plan
    was made for. Walks back the lines logged since (a phase's worth)."""
    c = state.log_tail
    for _ in range(20000):
        if c is cell:
            return True
        if c is None:
            return False
        c = c.prev
    return False


def _plan_politics(state: GameState) -> list[Action]:
    """The wars the player declares (declare.py): when its national objectives gain, or
    when this planner would attack the new enemy."""
    return declare.declarations(state, lambda s: plan_combat_move(s, raids=False)) + [EndPhase()]


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
