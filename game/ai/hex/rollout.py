"""Monte Carlo choice among the `standard` hex player's candidate movement plans.

Near the game's end (the last `ROUNDS` rounds) the planner (hexplan.py) proposes a few
alternative plans for the movement phase (its own, without the attack pass, with the
attack pass aimed at each other target, ...). Each plan's end position is played out
to the game's end `rollouts` times with a fast one-pass version of the greedy player
for both sides; the plan with the best win rate is kept, the planner's own plan unless
another beats it by `MARGIN`.

- Common random numbers: rollout r of every candidate uses the same dice stream (a
  seed derived from the game's seed, the action count and r, never the game's own
  stream), so the candidates are compared on the same luck. The plans themselves are
  played on that stream too (an air drop's roll is never the game's).
- Deterministic and budgeted: the budget (`BUDGET`) is counted in rollout actions times
  the units on the map, not in seconds (a rollout action costs about the same per unit on
  Crete's 288 hexes as on the tutorial's 35; `SIZE_COST` counts the map's size as
  before). One rollout measures the length of a rollout; the number of rollouts per
  candidate follows, the same for all candidates. When fewer than `MIN_ROLLOUTS` fit the
  planner's plan is kept, and no alternative is made (`fits`). The same
  state gives the same choice on any machine.
- Large maps (`large`: Crete): the candidates are the planner's own plan, the plan
  without its attack pass and the greedy player's moves (hexplan.LARGE_TARGETS other
  targets), with at most `LARGE_ROLLOUTS` rollouts each within the map's own budget
  (`LARGE_BUDGET`: a round-4 rollout on Crete is about 90 actions with 27 units, so the
  tutorial's budget let no search run there; "Stop 28" and "Stop 32" in git history of docs/ai.md).
- Attacks (`combat_enabled`, the last COMBAT_ROUNDS rounds): hexplan._combat weighs its
  choice against the next best attacks and ending the phase the same way, each option a
  one-action plan whose phase is not ended (`end_phase` False), COMBAT_ROLLOUTS each.
- The opponent model (`OPPONENT_MODEL`, opponent.py): an enemy side that has made a long
  shot (an attack no sound player makes) is played out as the random player. Before
  that (`MAXIMIN`, not on a large map), every candidate is played out twice on the same
  dice, the enemy as greedy and as random, and is worth the lower of its two win rates:
  a plan that wins only because greedy walks into it is no plan against an enemy that
  has not shown how it plays ("Stop 39" in git history of docs/ai.md).
- Rollouts never call the standard player (no recursion) and never touch the game:
  every state is a copy.
"""
from __future__ import annotations

from game.rules.actions import Action, EndPhase, Move, apply
from game.rules.errors import IllegalAction
from game.rules.hex import grid as hexgrid
from game.rules.hex import move as hexmove
from game.rules.model import GameState

from ..config import hex_config


def _size(state: GameState) -> float:
    cfg = hex_config()
    if not cfg.size_cost:
        return 1.0
    return max(1.0, len(state.scenario.spaces) / cfg.ref_hexes)


def decision_budget(state: GameState) -> int:
    """The budget of one decision on this map (BUDGET; LARGE_BUDGET on a large map)."""
    cfg = hex_config()
    return cfg.large_budget if large(state) else cfg.budget


def large(state: GameState) -> bool:
    """A map where each further candidate plan of the planner costs seconds (Crete: 1-2 s)."""
    cfg = hex_config()
    return len(state.scenario.spaces) >= cfg.large_map * cfg.ref_hexes


def enabled(state: GameState) -> bool:
    """In the last ROUNDS rounds, when two candidates' MIN_ROLLOUTS short rollouts fit the
    budget."""
    cfg = hex_config()
    limit = state.scenario.turn_limit
    if not cfg.rounds or limit is None or limit - state.round >= cfg.rounds:
        return False
    return cfg.min_actions * len(state.units) * _size(state) * 2 * cfg.min_rollouts <= decision_budget(state)


def combat_enabled(state: GameState) -> bool:
    """Attacks are weighed by rollouts in the last COMBAT_ROUNDS rounds (COMBAT_ROUNDS_LARGE
    on a large map, where a rollout from the round before the last plays a whole round of
    ours with greedy's rules: Crete's Germans 276 -> 270/360 with two rounds)."""
    cfg = hex_config()
    limit = state.scenario.turn_limit
    rounds = cfg.combat_rounds_large if large(state) else cfg.combat_rounds
    return bool(rounds) and limit is not None and limit - state.round < rounds


def rollout_seed(state: GameState, r: int) -> int:
    """The dice seed of rollout r from this state: the same for every candidate (common
    random numbers), another stream than the game's."""
    return (state.seed * 0x9E3779B1 + state.action_count * 0x85EBCA6B + (r + 1) * 0xC2B2AE35 + 0x27D4EB2F) \
        & 0xFFFFFFFF


def fast_move(state: GameState) -> list[Action]:
    """The greedy player's movement (hexplayer._move) in one pass: each unit in uid order
    decides once (greedy re-asks every unit after each move)."""
    from .simple import march_score, objective_hexes, threatened
    player = state.player
    goals = [hexgrid.parse_hex_id(g) for g in objective_hexes(state, player)]
    out: list[Action] = []
    if not goals:
        return out
    s = state
    near: dict[str, int] = {}   # distances to the goals, fixed for the pass
    for uid in sorted(u.uid for u in s.units.values() if u.owner == player):
        u = s.units.get(uid)
        if u is None or u.moved or hexmove.mp_left(s, u) <= 0 or s.utype(u).move <= 0:
            continue
        sp = s.scenario.spaces[u.space]
        if sp.victory_city and s.owners.get(u.space) == player and threatened(s, u.space, player):
            here_n = sum(1 for x in s.units.values() if x.space == u.space and x.owner == player
                         and s.utype(x).defense > 0)
            if here_n <= 2:
                continue
        options = hexmove.reachable(s, (uid,))
        if not options:
            continue

        def score(hid: str, s: GameState = s) -> tuple[float, str]:
            return march_score(s, player, goals, hid, near)

        best = max(options, key=score)
        if score(best)[0] > score(u.space)[0] + 0.4:
            a = Move((uid,), options[best])
            try:
                s = apply(s, a)
            except IllegalAction:
                continue
            out.append(a)
    return out


def fast_policy(state: GameState) -> list[Action]:
    """The next actions of the rollout policy: the greedy player, movement planned in one pass."""
    from .simple import choose_hex, fly_action
    if state.phase in ("movement", "exploitation"):
        if state.phase == "movement":
            fly = fly_action(state)
            if fly is not None:
                return [fly]
        return fast_move(state) + [EndPhase()]
    return [choose_hex(state, "greedy")]


def playout(state: GameState, alliance: str, seed: int | None, limit: int | None = None,
            random_sides: frozenset[str] = frozenset()) -> tuple[float, int]:
    """Play the game out with the fast policy for every side on the dice stream `seed`
    (None: the state's own, already a rollout's), the alliances in `random_sides` as the
    random player: 1 if `alliance` wins, 0 if it loses, 0.5 for a draw or a rollout cut at
    `limit` (default: the config's max_rollout_actions); and the number of actions played."""
    from .simple import answer_decision, random_action
    if limit is None:
        limit = hex_config().max_rollout_actions
    s = state.copy()
    if seed is not None:
        s.seed = seed
        s.dice_used = 0
        s.scripted_dice = ()
    n = 0
    queue: list[Action] = []
    while not s.over and n < limit:
        d = answer_decision(s)
        if d is not None:
            queue = []
            a = d
        else:
            if not queue:
                queue = [random_action(s)] if random_sides and s.alliance_of(s.player) in random_sides \
                    else fast_policy(s)
            a = queue.pop(0)
        try:
            s = apply(s, a)
        except IllegalAction:
            queue = []
            s = apply(s, EndPhase())
        n += 1
    if not s.over or s.winner in (None, "draw"):
        return 0.5, n
    return (1.0 if s.winner == alliance else 0.0), n


def start(state: GameState, plan: list[Action], seed: int, end_phase: bool = True) -> GameState:
    """The plan played on the dice stream `seed` (an air drop's roll is the rollout's, never
    the game's), its phase ended (`end_phase`): where a rollout of it begins."""
    from .simple import answer_decision
    s = state.copy()
    s.seed = seed
    s.dice_used = 0
    s.scripted_dice = ()
    for a in plan:
        if answer_decision(s) is not None:
            return s
        try:
            s = apply(s, a)
        except IllegalAction:
            break
    if end_phase and s.phase in ("movement", "exploitation") and answer_decision(s) is None:
        s = apply(s, EndPhase())
    return s


def _sized(state: GameState, plan: list[Action], candidates: int, n_roll: int, budget: int,
           end_phase: bool = True, random_sides: frozenset[str] | None = None) -> tuple[float, int]:
    """The first rollout of `plan` (its result) and how many rollouts per candidate fit the
    budget with that many candidates, sized on its length (`random_sides`: the opponent
    model if the caller has read it already)."""
    alliance = state.alliance_of(state.player) or ""
    if random_sides is None:
        random_sides = _random_sides(state, alliance)
    first, used = playout(start(state, plan, rollout_seed(state, 0), end_phase), alliance, None,
                          random_sides=random_sides)
    per = max(1.0, used * len(state.units) * _size(state))
    return first, min(n_roll, int(budget // (per * candidates)))


def _random_sides(state: GameState, alliance: str) -> frozenset[str]:
    from .opponent import random_sides
    return random_sides(state, alliance) if hex_config().opponent_model else frozenset()


def fits(state: GameState, plan: list[Action], candidates: int = 2) -> bool:
    """Whether MIN_ROLLOUTS rollouts of `candidates` plans as long as this one's fit the
    budget (checked before the alternatives are made: `enabled` may hold while the
    rollouts are too long)."""
    cfg = hex_config()
    return _sized(state, plan, candidates, cfg.rollouts, decision_budget(state))[1] >= cfg.min_rollouts


def pick_action(state: GameState, options: list[Action]) -> Action:
    """One of these actions (a choice within a phase: an attack, ending the phase, an
    advance) by rollouts, COMBAT_ROLLOUTS each, the phase not ended after it; the first
    keeps ties."""
    return options[pick(state, [[a] for a in options], rollouts=hex_config().combat_rollouts, end_phase=False)]


def pick(state: GameState, plans: list[list[Action]], rollouts: int | None = None, budget: int | None = None,
         end_phase: bool = True) -> int:
    """The index of the plan with the best rollout win rate (0, the planner's own plan,
    unless another beats it by MARGIN): each plan's end position, the phase ended (a plan
    is a whole movement phase), played out to the game's end, rollout r of every plan on
    the same dice; with two opponent models (MAXIMIN) a plan's worst of the two."""
    cfg = hex_config()
    if len(plans) <= 1:
        return 0
    alliance = state.alliance_of(state.player) or ""
    n_roll = (cfg.large_rollouts if large(state) else cfg.rollouts) if rollouts is None else rollouts
    total_budget = decision_budget(state) if budget is None else budget
    # the cost of one rollout, from the first candidate's first rollout; the rest are
    # sized to stay within the budget (deterministic: action counts, not seconds)
    rand = _random_sides(state, alliance)
    models = [rand]   # the enemy sides played as random in each model's rollouts
    if cfg.maximin and not rand and not large(state):
        models.append(frozenset(a for a in state.scenario.alliances if a != alliance))
    first, n = _sized(state, plans[0], len(plans), n_roll, total_budget, end_phase, rand)
    if n < cfg.min_rollouts:
        return 0
    per_model = []
    for m, sides in enumerate(models):
        scores = [0.0] * len(plans)
        if m == 0:
            scores[0] += first
        for r in range(n):
            seed = rollout_seed(state, r)
            for i, plan in enumerate(plans):
                if r == 0 and i == 0 and m == 0:
                    continue
                v, _ = playout(start(state, plan, seed, end_phase), alliance, None, random_sides=sides)
                scores[i] += v
        per_model.append(scores)
    scores = [min(m[i] for m in per_model) for i in range(len(plans))]
    best = 0
    for i in range(1, len(plans)):
        if scores[i] > scores[best] + cfg.rollout_margin * n + 1e-9 and scores[i] > scores[0] + cfg.rollout_margin * n + 1e-9:
            best = i
    return best
