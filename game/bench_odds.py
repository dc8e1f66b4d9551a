"""Odds benchmarks (docs/architecture.md performance targets).

Warm figures run in process (median of runs, the compiled kernels in). Cold figures run
in child processes with an empty numba cache (NUMBA_CACHE_DIR: a fresh install), and the
`odds` command is timed as a process. `root` (a checkout of warboard) lets the same
figures be taken of another version in the same run (issue #45's before/after).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BATTLE_B_ATTACKER = [("infantry", 20), ("artillery", 10), ("armour", 10), ("fighter", 5)]
BATTLE_B_DEFENDER = [("infantry", 30), ("armour", 5), ("fighter", 3)]
# issue #45: a small battle, where the fixed cost of a call shows
SMALL_NAVAL_ATTACKER = [("destroyer", 3), ("cruiser", 2), ("battleship", 2)]
SMALL_NAVAL_DEFENDER = [("destroyer", 4), ("cruiser", 2), ("battleship", 1)]
# one battle of each zone ruleset, each a different kind for the kernels (type tables,
# per-unit tables with first strikes and restricted hits, fortifications)
FIRST_BATTLES = [
    ("g40", BATTLE_B_ATTACKER, BATTLE_B_DEFENDER, "land"),
    ("modern-naval", [("submarine", 2), ("fighter", 2), ("helicopter", 1)],
     [("frigate", 1), ("submarine", 2), ("cruiser", 1), ("fighter", 1), ("aircraft_carrier", 1)], "sea"),
    ("interwar", [("infantry", 4), ("artillery", 2)],
     [("fortification", 1), ("infantry", 2), ("colonial_infantry", 1)], "land"),
]
Side = list[tuple[str, int]]
ODDS_REQUEST = {"ruleset": "g40", "attacker": [["infantry", 3], ["armour", 1]],
                "defender": [["infantry", 3]], "terrain": "land"}


def _scaled(side: list[tuple[str, int]], k: int) -> list[tuple[str, int]]:
    return [(t, n * k) for t, n in side]


def _median_ms(fn: Any, runs: int) -> float:
    fn()  # warm: load the ruleset
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def bench(runs: int = 15, cold: bool = True, slow: bool = False) -> dict[str, Any]:
    """Warm figures: exact odds of battle B, 4B, 8B, 16B and the small naval battle (median
    ms), 16B's peak memory (big_battle), and aacalc2's times of the same battles
    (bench_aacalc2, when WARBOARD_AACALC2 names it); with cold: the first-odds and `odds`
    command figures (first_odds, odds_process); with slow: 64B (big_battle, tens of seconds)."""
    from game.bench_aacalc2 import compare
    from game.odds import battle_odds, kernel
    from game.rules.ruleset import load_ruleset
    kernel.KERNELS.wait()   # the warm figures are the compiled kernels'
    rs = load_ruleset("g40")
    sides = {"battle_b": (BATTLE_B_ATTACKER, BATTLE_B_DEFENDER, "land"),
             "battle_4b": (_scaled(BATTLE_B_ATTACKER, 4), _scaled(BATTLE_B_DEFENDER, 4), "land"),
             "battle_8b": (_scaled(BATTLE_B_ATTACKER, 8), _scaled(BATTLE_B_DEFENDER, 8), "land"),
             "small_naval": (SMALL_NAVAL_ATTACKER, SMALL_NAVAL_DEFENDER, "sea")}
    counts = {"battle_b": runs, "battle_4b": max(3, runs // 3), "battle_8b": 3, "small_naval": runs * 20}
    digits = {"small_naval": 4}
    measured = {}
    out: dict[str, Any] = {}
    for name, (att, dfn, terrain) in sides.items():
        def call(att: Side = att, dfn: Side = dfn, terrain: str = terrain) -> Any:
            return battle_odds(rs, att, dfn, terrain)
        ms = _median_ms(call, counts[name])
        measured[name] = (ms, call())
        out[f"odds_{name}_ms"] = round(ms, digits.get(name, 3))
    b16 = (_scaled(BATTLE_B_ATTACKER, 16), _scaled(BATTLE_B_DEFENDER, 16))
    out["odds_battle_16b_ms"] = round(_median_ms(lambda: battle_odds(rs, *b16, "land"), 3), 1)
    out.update(big_battle(16, keys=("peak_mb", "method", "pruned_mass")))
    out.update(compare(rs, measured, sides))
    if slow:
        out.update(big_battle(64))
    if cold:
        out.update(first_odds())
        out.update(odds_process())
    return out


_BIG = """
import json, resource, sys, time
from game.odds import battle_odds, kernel
from game.rules.ruleset import load_ruleset
k = getattr(kernel, "KERNELS", None)
if k is not None:
    k.wait()
rs = load_ruleset("g40")
battle_odds(rs, [("infantry", 1)], [("infantry", 1)], "land")   # the first call's costs


def status_kb(field):
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith(field + ":"))


try:   # Linux: the peak reset to the resident size now (VmHWM), so the peak is the battle's
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")
    base, peak = status_kb("VmRSS"), lambda: status_kb("VmHWM")
except OSError:   # elsewhere: the process's peak so far (an earlier peak hides a smaller one)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t, c = time.perf_counter(), time.process_time()
r = battle_odds(rs, [tuple(x) for x in json.loads(sys.argv[1])], [tuple(x) for x in json.loads(sys.argv[2])],
                "land")
print(json.dumps({"s": time.perf_counter() - t, "cpu_s": time.process_time() - c,
                  "peak_mb": (peak() - base) / 1024,
                  "method": r.method, "pruned_mass": getattr(r, "pruned_mass", None)}))
"""


def big_battle(scale: int, root: str | Path | None = None,
               keys: tuple[str, ...] = ("s", "cpu_s", "peak_mb", "method", "pruned_mass")) -> dict[str, Any]:
    """Battle B times `scale` (issue #45: 64B, 7 M states, went to Monte Carlo) in a child
    process, the compiled kernels in: wall and CPU seconds, the peak resident memory above
    the process before the battle (MB: VmHWM reset on Linux, else ru_maxrss), the method
    and the mass the exact DP
    dropped. Keys odds_battle_<scale>b_<key>."""
    r = _root(root)
    p = subprocess.run([sys.executable, "-c", _BIG, json.dumps(_scaled(BATTLE_B_ATTACKER, scale)),
                        json.dumps(_scaled(BATTLE_B_DEFENDER, scale))], cwd=r, env=_env(r),
                       capture_output=True, text=True)
    name = f"odds_battle_{scale}b"
    if p.returncode != 0:
        return {f"{name}_error": p.stderr.strip().splitlines()[-1:]}
    res = json.loads(p.stdout.strip().splitlines()[-1])
    rounding = {"s": 2, "cpu_s": 2, "peak_mb": 1}
    return {f"{name}_{k}": round(res[k], rounding[k]) if k in rounding else res[k] for k in keys}


def _root(root: str | Path | None) -> Path:
    import game
    return Path(root) if root else Path(game.__file__).resolve().parents[1]


def _env(root: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    env["PYTHONPATH"] = os.pathsep.join([str(root)] + [p for p in [env.get("PYTHONPATH", "")] if p])
    return env


_FIRST = """
import json, sys, time
t0 = time.perf_counter()
from game.odds import battle_odds, kernel
from game.rules.ruleset import load_ruleset
imports = time.perf_counter() - t0
first = {}
for name, att, dfn, terrain in json.loads(sys.argv[1]):
    rs = load_ruleset(name)
    t = time.perf_counter()
    r = battle_odds(rs, [tuple(x) for x in att], [tuple(x) for x in dfn], terrain)
    first[name] = time.perf_counter() - t
    assert r.method == "exact", r.note
k = getattr(kernel, "KERNELS", None)
if k is not None:
    k.wait()
print(json.dumps({"imports_s": imports, "first_s": first, "kernels_s": time.perf_counter() - t0}))
"""


def first_odds(root: str | Path | None = None, frames: bool = True) -> dict[str, Any]:
    """The first exact odds in a new process, cold (an empty numba cache: a fresh install)
    and warm (the cache the cold run made): the slowest first battle of FIRST_BATTLES (one
    per zone ruleset, in one process), and seconds until the compiled kernels are in.
    frames: the battle calculator opened cold on battle B (game.ui.bench): seconds until
    its first result, its slowest frame and the frames over 100 ms until the kernels are in
    (wall; `*_cpu`: the CPU the process spent in the frame, every thread's)."""
    r = _root(root)
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="warboard-numba-") as cache:
        for kind in ("cold", "warm"):
            p = subprocess.run([sys.executable, "-c", _FIRST, json.dumps(FIRST_BATTLES)], cwd=r,
                               env=_env(r, NUMBA_CACHE_DIR=cache), capture_output=True, text=True)
            if p.returncode != 0:
                out[f"odds_first_{kind}_ms"] = None
                out[f"odds_first_{kind}_error"] = p.stderr.strip().splitlines()[-1:]
                continue
            res = json.loads(p.stdout.strip().splitlines()[-1])
            out[f"odds_first_{kind}_ms"] = round(max(res["first_s"].values()) * 1000, 1)
            out[f"odds_first_{kind}_by_ruleset_ms"] = {k: round(v * 1000, 1) for k, v in res["first_s"].items()}
            out[f"odds_kernels_ready_{kind}_s"] = round(res["kernels_s"], 2)
    if frames:
        with tempfile.TemporaryDirectory(prefix="warboard-numba-") as cache:
            # this checkout's measuring code, run on ROOT's game
            code = (Path(__file__).with_name("ui").joinpath("bench.py").read_text(encoding="utf-8")
                    + "\nimport json, sys\n"
                    "print(json.dumps(calculator_first_odds('g40', dict(json.loads(sys.argv[1])), "
                    "dict(json.loads(sys.argv[2])), until_s=600.0)))\n")
            p = subprocess.run([sys.executable, "-c", code, json.dumps(BATTLE_B_ATTACKER),
                                json.dumps(BATTLE_B_DEFENDER)], cwd=r, env=_env(r, NUMBA_CACHE_DIR=cache),
                               capture_output=True, text=True)
            if p.returncode == 0:
                res = json.loads(p.stdout.strip().splitlines()[-1])
                out["calculator_first_odds_cold_s"] = round(res["first_s"], 3)
                out["calculator_frame_max_cold_ms"] = round(res["frame_max_ms"], 1)
                out["calculator_frames_over_100ms_cold"] = int(res["frames_over_100ms"])
                out["calculator_frames_cold"] = int(res["frames"])
                out["calculator_frame_p50_cold_ms"] = round(res["frame_p50_ms"], 1)
                if "frame_max_cpu_ms" in res:   # the process's CPU per frame: a loaded machine's waits left out
                    out["calculator_frame_max_cold_cpu_ms"] = round(res["frame_max_cpu_ms"], 1)
                    out["calculator_frames_over_100ms_cold_cpu"] = int(res["frames_over_100ms_cpu"])
            else:
                out["calculator_first_odds_cold_s"] = None
                out["calculator_error"] = p.stderr.strip().splitlines()[-1:]
    return out


def odds_process(root: str | Path | None = None, runs: int = 5) -> dict[str, Any]:
    """`python -m game odds -` as a process (a small g40 battle): median wall and CPU
    seconds (user + system: the wall time of a loaded machine says little)."""
    r = _root(root)
    env = _env(r)
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed: modules compiled once
    req = json.dumps(ODDS_REQUEST).encode()
    walls, cpus = [], []
    for k in range(runs + 1):
        t = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "game", "odds", "-"], cwd=r, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert p.stdin is not None
        p.stdin.write(req)
        p.stdin.close()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        if k and p.returncode == 0:   # the first run writes the byte-code caches
            walls.append(time.perf_counter() - t)
            cpus.append(usage.ru_utime + usage.ru_stime)
    if not walls:
        return {"odds_process_s": None, "odds_process_cpu_s": None}
    return {"odds_process_s": round(statistics.median(walls), 3),
            "odds_process_cpu_s": round(statistics.median(cpus), 3)}


if __name__ == "__main__":  # pragma: no cover
    # python -m game.bench_odds [--slow] [ROOT]: the figures of this checkout, or of ROOT's
    # --slow: with 64B (big_battle)
    slow_ = "--slow" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--slow"]
    if args:
        print(json.dumps({**first_odds(args[0]), **odds_process(args[0]), **big_battle(16, args[0]),
                          **(big_battle(64, args[0]) if slow_ else {})}))
    else:
        print(json.dumps(bench(slow=slow_)))
