"""Run a balance study: N computer-vs-computer games for the base rules and for each
variant, with common random numbers (game i of every ruleset uses seed S+i, so the
same dice stream meets each set of rules and differences come from the rules).

Games run in this process, in `jobs` processes, or on a Ray cluster (`ray_address`;
Ray is optional: `pip install 'warboard[ray]'`). A task carries the YAML texts of
the scenario, the ruleset and the variant, so a remote worker needs no files.
"""
from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.model import Ruleset, Scenario
from game.rules.ruleset import (
    Checker,
    find_scenario,
    load_scenario_file,
    parse_ruleset,
    parse_scenario,
)
from game.rules.variant import find_variant, ruleset_for, variant_from_text
from game.rules.yamlloc import load_yaml

from .record import play_recorded

LEVELS = ("random", "greedy", "standard")


class BalanceError(Exception):
    """A study that cannot run; the message says why, for a player."""


@dataclass(frozen=True)
class RulesSource:
    """What a worker needs to rebuild one set of rules."""
    label: str                     # "base" or the variant's id
    ruleset_text: str
    ruleset_label: str
    variant_text: str | None = None
    variant_label: str | None = None


@dataclass(frozen=True)
class GameSpec:
    rules_index: int
    game: int
    seed: int
    level: str
    scenario_text: str
    scenario_label: str
    rules: RulesSource


@dataclass
class Study:
    """The inputs and every game record, per set of rules (index 0: the base rules)."""
    scenario: Scenario
    rulesets: list[Ruleset]
    games: int
    seed: int
    level: str
    jobs: int
    records: list[list[dict[str, Any]]] = field(default_factory=list)
    seconds: float = 0.0
    where: str = "local"


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise BalanceError(f"cannot read {path}: {exc.strerror}") from None


def prepare(scenario: str, variants: list[str]) -> tuple[Scenario, list[Ruleset], str, list[RulesSource]]:
    """Load and check everything up front: a broken variant stops the study before any
    game is played, with the file:line errors."""
    path = str(find_scenario(scenario))
    sc, _ = load_scenario_file(path)
    base = ruleset_for(sc)
    rulesets = [base]
    sources = [RulesSource("base", _read(base.path), base.path)]
    for v in variants:
        vpath = str(find_variant(v))
        rs = ruleset_for(sc, vpath)
        rulesets.append(rs)
        sources.append(RulesSource(rs.variant, _read(base.path), base.path, _read(vpath), vpath))
    labels = [s.label for s in sources]
    if len(set(labels)) != len(labels):
        raise BalanceError(f"two variants have the same id ({', '.join(labels[1:])}): give each "
                           f"file its own name or 'id:'")
    return sc, rulesets, _read(path), sources


# --- the worker side (also runs in other processes and on Ray workers) -----------------
_WORLDS: dict[str, tuple[Scenario, Ruleset]] = {}


def _world(spec: GameSpec) -> tuple[Scenario, Ruleset]:
    r = spec.rules
    key = hashlib.sha256("\0".join((spec.scenario_text, r.ruleset_text, r.variant_text or ""))
                         .encode()).hexdigest()
    got = _WORLDS.get(key)
    if got is None:
        chk = Checker(r.ruleset_label)
        rs = parse_ruleset(load_yaml(r.ruleset_text, r.ruleset_label), r.ruleset_label, chk)
        chk.fail_if_errors()
        assert rs is not None
        if r.variant_text is not None:
            rs = variant_from_text(r.variant_text, r.variant_label or r.label, rs, r.ruleset_text,
                                   r.label)
        chk = Checker(spec.scenario_label)
        sc = parse_scenario(load_yaml(spec.scenario_text, spec.scenario_label), spec.scenario_label,
                            chk, rs)
        chk.fail_if_errors()
        assert sc is not None
        if len(_WORLDS) > 16:
            _WORLDS.clear()
        got = _WORLDS[key] = (sc, rs)
    return got


def play_spec(spec: GameSpec) -> tuple[int, int, dict[str, Any]]:
    sc, rs = _world(spec)
    return spec.rules_index, spec.game, play_recorded(sc, rs, spec.seed, spec.level)


# --- executors ---------------------------------------------------------------------------
def _local(specs: list[GameSpec], jobs: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
    if jobs <= 1:
        for s in specs:
            yield play_spec(s)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_spec, s) for s in specs]
        for f in as_completed(futures):
            yield f.result()


def _ray_module() -> Any:
    try:
        import ray  # optional: pip install 'warboard[ray]'
    except ImportError:
        raise BalanceError("--ray needs Ray, which is not installed: pip install 'warboard[ray]' "
                           "(or run without --ray, using --jobs for the cores of this machine)"
                           ) from None
    return ray


def ray_runtime_env(package_dir: Path | None = None) -> dict[str, Any]:
    """What Ray ships to its workers so they can import `game`: from an installed package,
    the package folder itself (its content/ holds the scenarios and rulesets); from a
    checkout, the checkout (game/ and scenarios/ beside it)."""
    package_dir = package_dir or Path(__file__).resolve().parents[1]
    if (package_dir / "content" / "rulesets").is_dir():
        return {"py_modules": [str(package_dir)], "excludes": ["__pycache__", "*.pyc"]}
    return {"working_dir": str(package_dir.parent),
            "excludes": [".git", "tools/_scratch", "*.png", "balance-report*"]}


def _ray(specs: list[GameSpec], address: str) -> Iterator[tuple[int, int, dict[str, Any]]]:
    ray = _ray_module()
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False,
             runtime_env=ray_runtime_env())
    remote = ray.remote(play_spec)
    pending = [remote.remote(s) for s in specs]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast with a clear message when a Ray head does not answer (ray.init would wait
    for minutes). `auto` and `ray://` addresses are left to Ray."""
    if address == "auto":
        return
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise BalanceError(f"--ray {address}: give the head's HOST:PORT (e.g. 10.0.0.5:6379) or 'auto'")
    import socket
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise BalanceError(f"--ray {address}: no Ray head answers there ({exc.strerror or exc}); "
                           f"start one with 'ray start --head' or run without --ray") from None


class Progress:
    """A one-line progress bar on stderr: done/total, elapsed and time left."""

    def __init__(self, total: int, stream: Any = None, width: int = 30):
        self.total, self.done, self.width = total, 0, width
        self.stream = stream if stream is not None else sys.stderr
        self.t0 = time.perf_counter()
        self.shown = -1.0

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.perf_counter()
        if self.done < self.total and now - self.shown < 0.25:
            return  # a few redraws a second are enough
        self.shown = now
        el = now - self.t0
        left = el / self.done * (self.total - self.done) if self.done else 0.0
        fill = int(self.width * self.done / max(1, self.total))
        self.stream.write(f"\rbalance [{'#' * fill}{'-' * (self.width - fill)}] {self.done}/"
                          f"{self.total} games  {_clock(el)} elapsed  ~{_clock(left)} left ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _clock(s: float) -> str:
    s = int(round(s))
    return f"{s // 60}:{s % 60:02d}"


def run_study(scenario: str, variants: list[str], games: int, seed: int, jobs: int = 1,
              level: str = "greedy", ray_address: str | None = None,
              progress: Callable[[], None] | bool = True) -> Study:
    """Play the games; `progress` True draws the bar on stderr, or a callable per game."""
    if games < 1:
        raise BalanceError("--games must be at least 1")
    if level not in LEVELS:
        raise BalanceError(f"unknown computer level '{level}' (one of {', '.join(LEVELS)})")
    sc, rulesets, sc_text, sources = prepare(scenario, variants)  # LoadError: broken files
    if ray_address:
        _ray_module()  # a missing Ray is said before any progress bar
        _check_reachable(ray_address)
    jobs = max(1, jobs if jobs > 0 else (os.cpu_count() or 1))
    # game-major order: a partial run covers every ruleset evenly
    specs = [GameSpec(k, i, seed + i, level, sc_text, sc.path, src)
             for i in range(games) for k, src in enumerate(sources)]
    study = Study(sc, rulesets, games, seed, level, jobs,
                  records=[[{} for _ in range(games)] for _ in rulesets],
                  where=f"ray {ray_address}" if ray_address else f"{jobs} process(es)")
    # the bar only on a terminal: a log file or a pipe gets no carriage-return lines
    bar = Progress(len(specs)) if progress is True and sys.stderr.isatty() else None
    t0 = time.perf_counter()
    results = _ray(specs, ray_address) if ray_address else _local(specs, jobs)
    try:
        for k, i, rec in results:
            study.records[k][i] = rec
            if bar is not None:
                bar.step()
            elif callable(progress):
                progress()
    finally:
        if bar is not None:
            bar.close()
    study.seconds = time.perf_counter() - t0
    return study
