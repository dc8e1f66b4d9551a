"""The candidate plans of one movement decision of the standard hex player, valued three
ways (docs/ai.md, "Stop 39"): by the rollouts with the enemy played as greedy, by the
rollouts with the enemy played as random (greedy's one-pass policy for our side in both,
as hexrollout plays them), and by whole games played on from the plan's position with
standard for our side against the real opponent, on other dice. When the rollouts'
ranking and the continuations' ranking disagree, the rollouts are misled (the opponent
model, or our own side's rollout policy); when they agree, the choice was the dice's.

    python tools/plan_values.py hex_tutorial 165784 2 axis random --rollouts 200 --games 60 --jobs 2
"""
from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game import arena
from game.ai import hexplan, hexrollout
from game.rules.actions import Action, Move, apply
from game.rules.ruleset import load_scenario

_JOB: dict[str, Any] = {}   # the position and its plans, for the worker processes (fork)


def position(scenario: str, seed: int, rnd: int, side: str, opponent: str) -> Any:
    """The state at the start of SIDE's movement phase in round RND of the arena's game
    SEED (standard on SIDE against OPPONENT), or None if the game ended before it."""
    got: list[Any] = []

    def observe(st: Any) -> None:
        if not got and st.round == rnd and st.phase == "movement" and st.alliance_of(st.player) == side:
            got.append(st)
    other = next(a for a in load_scenario(scenario).alliances if a != side)
    arena.play_match(scenario, {side: "standard", other: opponent}, seed, observe=observe)
    return got[0] if got else None


def candidates(state: Any) -> list[list[Action]]:
    """The plans hexplan._plan_search weighs in this position (the planner's own first),
    and the plan in which no unit moves if it is not among them."""
    plans: list[list[Action]] = []
    real = hexrollout.pick

    def keep(st: Any, ps: list[list[Action]], **kw: Any) -> int:
        plans.extend(ps)
        return 0
    hexrollout.pick = keep  # type: ignore[assignment]
    try:
        hexplan._plan_search(state)
    finally:
        hexrollout.pick = real  # type: ignore[assignment]
    if not plans:
        plans.append(hexplan._plan_moves(state))
    if [] not in plans:
        plans.append([])
    return plans


def rollout_value(state: Any, plan: list[Action], n: int, random_enemy: bool) -> float:
    """The plan's win rate in n rollouts (the rollouts' own dice), the enemy as greedy or random."""
    side = state.alliance_of(state.player) or ""
    sides = frozenset(a for a in state.scenario.alliances if a != side) if random_enemy else frozenset()
    total = 0.0
    for r in range(n):
        start = hexrollout.start(state, plan, hexrollout.rollout_seed(state, r))
        total += hexrollout.playout(start, side, None, random_sides=sides)[0]
    return total / n


def _continue(job: tuple[int, int]) -> tuple[int, float]:
    j, k = job
    state, plans, opponent = _JOB["state"], _JOB["plans"], _JOB["opponent"]
    side = state.alliance_of(state.player)
    s = hexrollout.start(state, plans[j], 0xABCDEF + 7919 * k)
    for _ in range(arena.MAX_ACTIONS):
        if s.over:
            break
        level = "standard" if s.alliance_of(arena._actor(s)) == side else opponent
        s = apply(s, arena.choose_action(s, level))
    if not s.over or s.winner in (None, "draw"):
        return j, 0.5
    return j, 1.0 if s.winner == side else 0.0


def continuation_values(state: Any, plans: list[list[Action]], games: int, opponent: str,
                        jobs: int = 1) -> list[float]:
    """Each plan's win rate in `games` whole games played on from its position: standard
    for our side, OPPONENT for the other, other dice for each game."""
    _JOB.update(state=state, plans=plans, opponent=opponent)
    work = [(j, k) for j in range(len(plans)) for k in range(games)]
    if jobs <= 1:
        results = [_continue(w) for w in work]
    else:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(ex.map(_continue, work, chunksize=4))
    return [sum(v for i, v in results if i == j) / games for j in range(len(plans))]


def describe(plan: list[Action]) -> str:
    moves = [f"{','.join(map(str, a.units))}->{a.path[-1]}" for a in plan if isinstance(a, Move) and a.path]
    return " ".join(moves) or "(no unit moves)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("seed", type=int)
    ap.add_argument("round", type=int)
    ap.add_argument("side", help="the alliance standard plays")
    ap.add_argument("opponent", help="random, greedy or standard")
    ap.add_argument("--rollouts", type=int, default=200)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    state = position(a.scenario, a.seed, a.round, a.side, a.opponent)
    if state is None:
        print(f"game {a.seed} ended before {a.side}'s movement in round {a.round}", file=sys.stderr)
        return 1
    plans = candidates(state)
    cont = continuation_values(state, plans, a.games, a.opponent, a.jobs) if a.games else [None] * len(plans)
    print("plan | rollouts, enemy as greedy | as random | standard against " + a.opponent)
    for j, plan in enumerate(plans):
        g = rollout_value(state, plan, a.rollouts, False)
        r = rollout_value(state, plan, a.rollouts, True)
        c = "-" if cont[j] is None else f"{cont[j]:.3f}"
        print(f"{j} {describe(plan)} | {g:.3f} | {r:.3f} | {c}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
