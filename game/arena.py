"""Computer-vs-computer matches: `python -m game arena`.

Game i gives level A the first alliance when i is even and the second when
odd, so both levels play both sides. Seeds are S, S+1, ...: the same command
gives the same result. Each game has its own computer players (game.ai.ComputerPlayer);
level A's may be given another config (`--knob NAME=VALUE`, docs/ai.md "Knobs").
"""
from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.ai import AIConfig, ComputerPlayer
from game.rules import victory
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session

MAX_ACTIONS = 200_000


class ArenaError(Exception):
    """A game of the match could not be played (the message names the game and seed)."""


def play_match(scenario: str, levels: dict[str, str], seed: int,
               observe: Callable[[Any], None] | None = None,
               configs: dict[str, AIConfig] | None = None) -> dict[str, Any]:
    """One game; levels maps alliance -> AI level, `configs` alliance -> the config of its
    player (default: the config in force). Returns winner alliance (or None) and rounds.
    `observe`, if given, sees each state before its action is chosen (tools that study games)."""
    sc = victory.capped(load_scenario(scenario))   # a scenario with no limit: 10 rounds
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    players = {a: ComputerPlayer(level, (configs or {}).get(a)) for a, level in levels.items()}
    # a third party (g40's neutral powers) only defends: the rules' default choices (greedy's)
    others = ComputerPlayer("greedy")
    for _ in range(MAX_ACTIONS):
        st = s.state
        if st.over:
            break
        if observe is not None:
            observe(st)
        s.do(players.get(st.alliance_of(_actor(st)) or "", others).choose(st))
    st = s.state
    return {"winner": st.winner if st.over and st.winner != "draw" else None, "rounds": st.round}


def _actor(state: Any) -> str:
    from game.rules.actions import actor
    return actor(state)


def _one(args: tuple[str, str, str, int, int, AIConfig | None]) -> tuple[int, dict[str, Any], bool]:
    scenario, a, b, seed, i, config_a = args
    sc = load_scenario(scenario)
    first, second = sc.alliances[0], sc.alliances[1]
    a_side = first if i % 2 == 0 else second
    b_side = second if a_side == first else first
    try:
        result = play_match(scenario, {a_side: a, b_side: b}, seed + i,
                            configs={a_side: config_a} if config_a is not None else None)
    except IllegalAction as exc:  # a computer move the rules refused: a bug to report
        raise ArenaError(f"game {i} (seed {seed + i}, {a} plays {a_side}, {b} plays {b_side}): "
                         f"a computer move was illegal: {exc}") from exc
    result["a_side"] = a_side
    return i, result, result["winner"] == a_side


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def arena(scenario: str, a: str, b: str, games: int, seed: int, jobs: int = 1,
          config_a: AIConfig | None = None) -> dict[str, Any]:
    """`games` games of level A against level B (A's player with `config_a`, if given)."""
    t = time.perf_counter()
    tasks = [(scenario, a, b, seed, i, config_a) for i in range(games)]
    results: list[tuple[int, dict[str, Any], bool]] = []

    def progress() -> None:
        if not sys.stderr.isatty():   # a log file or a pipe gets no carriage-return lines
            return
        done = len(results)
        bar = "#" * int(30 * done / max(games, 1))
        print(f"\r[{bar:<30}] {done}/{games}", end="", file=sys.stderr, flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for r in pool.map(_one, tasks):
                results.append(r)
                progress()
    else:
        for task in tasks:
            results.append(_one(task))
            progress()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    a_wins = sum(1 for _, r, a_won in results if r["winner"] and a_won)
    draws = sum(1 for _, r, _ in results if r["winner"] is None)
    b_wins = games - a_wins - draws
    decided = a_wins + b_wins
    lo, hi = wilson(a_wins, decided)
    return {"a_wins": a_wins, "b_wins": b_wins, "draws": draws,
            "a_winrate": a_wins / decided if decided else None, "ci95": [lo, hi],
            "mean_turns": sum(r["rounds"] for _, r, _ in results) / max(games, 1),
            "seconds": time.perf_counter() - t, **by_side(results)}


def by_side(results: list[tuple[int, dict[str, Any], bool]]) -> dict[str, Any]:
    """Per-side figures: for each alliance level A played, its games, wins, losses and
    draws (`a_by_side`), and A's wins by that alliance (`a_wins_by_side`)."""
    sides: dict[str, dict[str, int]] = {}
    for _, r, a_won in sorted(results, key=lambda x: x[0]):
        row = sides.setdefault(r["a_side"], {"games": 0, "a_wins": 0, "b_wins": 0, "draws": 0})
        row["games"] += 1
        if r["winner"] is None:
            row["draws"] += 1
        elif a_won:
            row["a_wins"] += 1
        else:
            row["b_wins"] += 1
    return {"a_wins_by_side": {k: v["a_wins"] for k, v in sorted(sides.items())},
            "a_by_side": dict(sorted(sides.items()))}
