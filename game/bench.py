"""`python -m game bench`: the performance figures of docs/architecture.md.

Benchmarks, never asserts: each figure is measured warm, in process where
that is the contract, and printed (or returned as JSON with --json).
"""
from __future__ import annotations

import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.ruleset import load_scenario_file, scenario_files

logger = logging.getLogger(__name__)


def largest_scenario(kind: str = "zone") -> str:
    """The scenario of this map kind ("zone" or "hex") with the most spaces, besides the
    Global 1940 game (its figures are the g40 group's): docs/architecture.md's targets are
    for the largest zone map; hex maps get their own figures."""
    best, size = "", -1
    g40 = g40_scenario()
    for p in scenario_files():
        if g40 is not None and str(p) == g40:
            continue
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


G40_TITLE = re.compile(r"^title:[ \t]*[\"']?[^\n]*Global 1940", re.MULTILINE | re.IGNORECASE)
G40_ROUNDS = 10   # the save figure: a game of this many rounds (the scenario's turn limit)


def g40_scenario(path: str | None = None) -> str | None:
    """The Global 1940 map the g40_* figures are measured on: `path`, else $WARBOARD_G40,
    else the largest shipped or imported scenario titled "... Global 1940 ..." (its `title:`
    line, read without parsing the map); None when there is none."""
    given = path or os.environ.get("WARBOARD_G40")
    if given:
        return given if os.path.isfile(given) else None
    best, size = None, -1
    for p in scenario_files():
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if G40_TITLE.search(text) and len(text) > size:
            best, size = str(p), len(text)
    return best


def _child(code: str, env: dict[str, str]) -> tuple[float, float]:
    """The (wall, CPU) seconds a fresh process prints (its last line), nan when it fails.
    With PYTHONPYCACHEPREFIX in `env` the child keeps compiled bytecode there, as an
    installed wheel does (pip compiles it), even where PYTHONDONTWRITEBYTECODE is set."""
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    if "PYTHONPYCACHEPREFIX" in env:
        full.pop("PYTHONDONTWRITEBYTECODE", None)
    p = subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True)
    if p.returncode != 0:
        logger.warning("bench: a child process failed:\n%s", p.stderr[-2000:])
        return float("nan"), float("nan")
    wall, cpu = p.stdout.strip().splitlines()[-1].strip("()").split(",")
    return float(wall), float(cpu)


def _cold_warm(out: dict[str, Any], key: str, code: str, env: dict[str, str], cache: Path) -> None:
    """out[key] (warm) and out[key_cold]: seconds with an empty parsed-YAML cache (the first
    open after an install or an update) and with the cache that run made (every open after
    it); *_cpu_s the CPU seconds of the same (the figure a loaded machine distorts least)."""
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    env = dict(env, WARBOARD_CACHE=str(cache))
    stem = key.removesuffix("_s")
    (out[f"{stem}_cold_s"], out[f"{stem}_cold_cpu_s"]) = _child(code, env)
    (out[key], out[f"{stem}_cpu_s"]) = _child(code, env)


def bench_g40(path: str | None = None) -> dict[str, Any]:
    """The big-map figures (issues #45, #46 item 9) on the imported Global 1940 map: frames
    while panning and zooming, opening a game, the main menu with the map imported,
    a 10-round game's save (size, and opening it)."""
    scenario = g40_scenario(path)
    if scenario is None:
        print("bench: no Global 1940 scenario (give --g40 PATH or WARBOARD_G40, or import it: "
              "python -m game import-triplea .../world_war_ii_global --game "
              ".../ww2global40_2nd_edition.xml --out FILE.yaml); g40_* left out", file=sys.stderr)
        return {"g40_scenario": None}
    from game.io.saves import write_save
    from game.selfplay import play_out
    from game.ui.bench import pan_frames, zoom_step_frames
    out: dict[str, Any] = {"g40_scenario": scenario}
    with tempfile.TemporaryDirectory(prefix="warboard-bench-") as tmp:
        root = Path(tmp)
        _, session = play_out(scenario, 3, turns=G40_ROUNDS)
        save = root / "g40.json"
        write_save(save, session)
        out["save_g40_10_rounds_kb"] = save.stat().st_size / 1024
        out["save_g40_actions"] = len(session.actions)
        # the user data folder of a player who imported the map (scenario and its rulesets/)
        data = root / "data"
        shutil.copytree(Path(scenario).parent / "rulesets", data / "warboard" / "imported" / "rulesets",
                        dirs_exist_ok=True)
        shutil.copy(scenario, data / "warboard" / "imported" / Path(scenario).name)
        # bytecode compiled once, as an install has it (not each child compiling every module)
        env = {"XDG_DATA_HOME": str(data), "PYTHONPYCACHEPREFIX": str(root / "pycache")}
        cache = root / "cache"
        ui = "from game.ui import bench as b; print(b.{})"
        _child("import game.ui.app, game.ui.game_scene, game.ui.menu, game.io.saves, "
               "game.ui.bench; print((0, 0))", env)
        _cold_warm(out, "menu_g40_s", ui.format("menu_s('Global 1940')"), env, cache)
        _cold_warm(out, "g40_open_s", ui.format(f"open_game_s({scenario!r})"), env, cache)
        _cold_warm(out, "g40_load_s", ui.format(f"load_game_s({str(save)!r})"), env, cache)
        # then until it may be played: its replay, in slices after the first frame (warm
        # cache); the longest frame meanwhile (input waits for it)
        out["g40_load_ready_s"], out["g40_load_ready_cpu_s"] = _child(
            ui.format(f"load_game_s({str(save)!r}, ready=True)"), dict(env, WARBOARD_CACHE=str(cache)))
        out["g40_load_frame_max_ms"], out["g40_load_frame_max_cpu_ms"] = _child(
            ui.format(f"load_frame_max_ms({str(save)!r})"), dict(env, WARBOARD_CACHE=str(cache)))
        # the player's way in: the same from the main menu (the map parsed for it already)
        env["WARBOARD_CACHE"] = str(cache)
        out["g40_open_from_menu_s"], out["g40_open_from_menu_cpu_s"] = _child(
            ui.format("from_menu_s('Global 1940')"), env)
        out["g40_load_from_menu_s"], out["g40_load_from_menu_cpu_s"] = _child(
            ui.format(f"from_menu_s('Global 1940', {str(save)!r})"), env)
    out["ai_turn_g40_s"] = bench_ai_turn(scenario)   # the computer's slowest turn (target < 5 s)
    out["g40_frame_p95_ms"], out["g40_frame_p95_cpu_ms"] = pan_frames(scenario)
    zoom = zoom_step_frames(scenario)
    out["g40_zoom_p95_ms"], out["g40_zoom_p95_cpu_ms"] = zoom["p95"], zoom["cpu_p95"]
    out["g40_zoom_step_p95_ms"], out["g40_zoom_step_p95_cpu_ms"] = zoom["step_p95"], zoom["step_cpu_p95"]
    out["g40_tile_cache_peak_mb"] = zoom["peak_mb"]
    # after the last zoom step: frames (and ms) until the view is the full render (stand-ins gone)
    out["g40_zoom_settle_frames"], out["g40_zoom_settle_ms"] = zoom["settle_frames"], zoom["settle_ms"]
    return out


def _zone_figures(scenario: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
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
    return out


def _odds_figures(slow: bool = False) -> dict[str, Any]:
    try:
        from game.bench_odds import bench as odds_bench
        return dict(odds_bench(slow=slow))
    except ImportError:
        return {"odds_battle_b_ms": None, "odds_battle_4b_ms": None}


def _hex_figures() -> dict[str, Any]:
    hex_scenario = largest_scenario("hex")
    if not hex_scenario:
        return {}
    # the same figures on the largest hex map, under their own keys
    return {"hex_ai_turn_s": bench_ai_turn(hex_scenario),
            "hex_replay_actions_per_s": bench_replay(hex_scenario), "hex_scenario": hex_scenario}


GROUPS = ("odds", "zone", "hex", "g40")


def run_all(only: tuple[str, ...] = (), g40: str | None = None, slow: bool = False) -> dict[str, Any]:
    """Every figure, or those of the `only` groups (GROUPS: odds, zone: the largest zone
    map, hex, g40: the imported Global 1940 map, `g40` its file when given); slow: also
    those that take tens of seconds (odds_battle_64b_*)."""
    groups: dict[str, Callable[[], dict[str, Any]]] = {
        "odds": lambda: _odds_figures(slow), "zone": lambda: _zone_figures(largest_scenario()),
        "hex": _hex_figures, "g40": lambda: bench_g40(g40)}
    out: dict[str, Any] = {}
    for name, figures in groups.items():
        if not only or name in only:
            out.update(figures())
    return out
