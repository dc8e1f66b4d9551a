"""`python -m game bench`: the performance figures of docs/architecture.md.

Benchmarks, never asserts: each figure is measured warm, in process where
that is the contract, and printed (or returned as JSON with --json).
"""
from __future__ import annotations

import logging
import os
import statistics
import subprocess
import sys
import time
from typing import Any

from game.rules.ruleset import load_scenario_file, scenario_files

logger = logging.getLogger(__name__)


def largest_scenario(kind: str = "zone") -> str:
    """The scenario of this map kind ("zone" or "hex") with the most spaces: docs/architecture.md's
    targets are for the largest zone map; hex maps get their own figures."""
    best, size = "", -1
    for p in scenario_files():
        try:
            sc, _ = load_scenario_file(p)
        except Exception:  # noqa: BLE001 - a broken file is lint's business
            logger.warning("bench: %s cannot load; left out", p, exc_info=True)
            continue
        if ("hex" if sc.hexmap is not None else "zone") != kind:
            continue
        if len(sc.spaces) > size:
            best, size = str(p), len(sc.spaces)
    return best


def bench_replay(scenario: str) -> float:
    from game.rules.actions import apply
    from game.selfplay import play_out
    _, session = play_out(scenario, 11)
    actions = session.actions
    best = 0.0
    for _ in range(3):
        st = session.initial
        t = time.perf_counter()
        for a in actions:
            st = apply(st, a)
        best = max(best, len(actions) / (time.perf_counter() - t))
    return best


def bench_history_state(scenario: str) -> tuple[float, float, int]:
    """The history browser on a whole game of `scenario` (greedy self-play to its end):
    (worst ms to build a past position once the history is open, ms to open it: the tree
    and the kept positions, number of actions)."""
    from game.history import Timeline, build
    from game.selfplay import play_out
    _, session = play_out(scenario, 11, level="greedy")
    t = time.perf_counter()
    timeline = Timeline(session)
    build(session, timeline)
    timeline.fill()
    open_ms = (time.perf_counter() - t) * 1000
    n = len(timeline)
    # the farthest from a kept position (every - 1 past it), and a spread of others
    probe = sorted({min(n, k * timeline.every - 1) for k in range(1, n // timeline.every + 2)}
                   | set(range(0, n + 1, max(1, n // 97))))
    worst = 0.0
    for at in probe:
        t = time.perf_counter()
        timeline.state(at)
        worst = max(worst, (time.perf_counter() - t) * 1000)
    return worst, open_ms, n


def g40_scenario() -> str:
    """The whole Global 1940 game (a scenario with politics: declarations of war, neutrals),
    the largest if several; "" until one ships (import it: `python -m game import-triplea`)."""
    best, size = "", -1
    for p in scenario_files():
        try:
            sc, _ = load_scenario_file(p)
        except Exception:  # noqa: BLE001 - a broken file is lint's business
            continue
        if sc.hexmap is None and sc.politics is not None and len(sc.spaces) > size:
            best, size = str(p), len(sc.spaces)
    return best


def bench_ai_turn(scenario: str) -> float:
    """Seconds for the computer to play one whole player turn (worst of round 2)."""
    from game.ai import choose_action
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario(scenario)
    s = Session(sc, load_ruleset(sc.ruleset_id), 5)
    worst = 0.0
    while not s.state.over and s.state.round <= 2:
        player, rnd = s.state.player, s.state.round
        t = time.perf_counter()
        while not s.state.over and s.state.player == player and s.state.round == rnd:
            s.do(choose_action(s.state))
        worst = max(worst, time.perf_counter() - t)
    return worst


def bench_startup() -> float:
    """Process start to first frame drawn (headless), median of 3."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code = ("import time; t=time.perf_counter(); from game.ui import bench as app; "
            "app.first_frame(); print(time.perf_counter()-t)")
    times = []
    for _ in range(3):
        t = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        if p.returncode != 0:
            return float("nan")
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run_all() -> dict[str, Any]:
    out: dict[str, Any] = {}
    scenario = largest_scenario()
    try:
        from game.bench_odds import bench as odds_bench
        out.update(odds_bench())
    except ImportError:
        out.update({"odds_battle_b_ms": None, "odds_battle_4b_ms": None})
    try:
        from game.ui.bench import frame_p95_ms
        out["frame_p95_ms"] = frame_p95_ms(scenario)
    except ImportError:
        out["frame_p95_ms"] = None
    try:  # the largest map again, zooming in and out all the time (tile cache)
        from game.ui.bench import zoom_frames
        out["frame_p95_zoom_ms"], out["tile_cache_peak_mb"] = zoom_frames(scenario)
    except ImportError:
        out["frame_p95_zoom_ms"] = out["tile_cache_peak_mb"] = None
    try:  # a generated 1000-hex map (hex rendering under load)
        from game.ui.bench import hex_frame_p95_ms
        out["hex_frame_p95_ms"] = hex_frame_p95_ms()
    except ImportError:
        out["hex_frame_p95_ms"] = None
    out["ai_turn_s"] = bench_ai_turn(scenario)
    out["replay_actions_per_s"] = bench_replay(scenario)
    out["startup_s"] = bench_startup()
    out["history_state_ms"], out["history_open_ms"], out["history_actions"] = bench_history_state(scenario)
    out["scenario"] = scenario
    g40 = g40_scenario()   # the computer's slowest turn on the Global 1940 map (target < 5 s)
    out["ai_turn_g40_s"] = bench_ai_turn(g40) if g40 else None
    out["g40_scenario"] = g40 or None
    hex_scenario = largest_scenario("hex")
    if hex_scenario:  # the same figures on the largest hex map, under their own keys
        out["hex_ai_turn_s"] = bench_ai_turn(hex_scenario)
        out["hex_replay_actions_per_s"] = bench_replay(hex_scenario)
        out["hex_scenario"] = hex_scenario
    return out
