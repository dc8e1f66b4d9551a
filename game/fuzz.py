"""Fuzzing Warboard's inputs (issue #47): seeded mutants of every kind of file Warboard
opens, fed to the loaders a player's files go through, each case classified as

- refused: a clean refusal (LoadError, SaveError, TripleaError) naming the file and a reason,
- unnamed: such a refusal that does not name the file (the user cannot tell which),
- accepted: it loaded (a harmless mutation),
- crash: any other exception (a traceback would reach the user),
- hang: it ran past the per-case time limit.

`python -m game fuzz --minutes N` runs at length; the test suite runs a few hundred cases.
The same seed gives the same mutants.
"""
from __future__ import annotations

import gzip
import json
import logging
import os
import random
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.io.saves import SaveError, load_session, open_save, write_save
from game.io.triplea import import_map
from game.io.triplea_files import TripleaError
from game.rules.errors import LoadError
from game.rules.ruleset import (
    RULESET_DIR,
    SCENARIO_DIR,
    find_scenario,
    load_ruleset_file,
    load_scenario,
    load_scenario_file,
)
from game.rules.session import Session
from game.rules.variant import VARIANT_DIR, load_variant_file, ruleset_for

logger = logging.getLogger(__name__)

KINDS = ("yaml", "save", "triplea")
CASE_SECONDS = 20.0                # a case running longer is a hang
REFUSALS = (LoadError, SaveError, TripleaError)
# the TripleA map mutated by the "triplea" kind: `--triplea-map`, else $WARBOARD_TRIPLEA_MAP, else
# the world_war_ii_v3 folder of the data beside a checkout
TRIPLEA_MAP = Path(os.environ.get("WARBOARD_TRIPLEA_MAP") or
                   Path(__file__).resolve().parents[2] / "shared" / "data" / "triplea" / "world_war_ii_v3")

# things attackers and careless authors put into files
_NASTY: tuple[bytes, ...] = (
    b"\x00", b"\xff\xfe", b"\xc3\x28", b"\x07", b"\r", b"\t", b"&a [*a, *a]", b"*a",
    b"!!python/object/apply:os.system [echo pwned]", b"[" * 3000, b"{" * 3000,
    b"9" * 5000, b"-1", b"1e309", b"null", b"~", b"''", b"../../etc/passwd", b"/dev/zero",
    b"\xe2\x80\xae", b"<!ENTITY a 'aaaa'>", b"&a;", b"<<: *a",
)


@dataclass
class Tally:
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    failures: list[dict[str, str]] = field(default_factory=list)   # crashes and hangs

    def add(self, kind: str, outcome: str, where: str = "", detail: str = "") -> None:
        per = self.counts.setdefault(kind, {"refused": 0, "accepted": 0, "crash": 0, "hang": 0,
                                            "unnamed": 0})
        per[outcome] += 1
        if outcome in ("crash", "hang", "unnamed"):
            self.failures.append({"kind": kind, "outcome": outcome, "input": where,
                                  "detail": detail[-2000:]})

    def total(self, outcome: str | None = None) -> int:
        return sum(n for per in self.counts.values() for k, n in per.items()
                   if outcome is None or k == outcome)

    def to_json(self) -> dict[str, Any]:
        return {"cases": self.total(), "refused": self.total("refused"),
                "accepted": self.total("accepted"), "crashes": self.total("crash"),
                "hangs": self.total("hang"), "unnamed": self.total("unnamed"),
                "by_kind": self.counts, "failures": self.failures}


class _Hang(BaseException):   # not an Exception: the code under test must not catch it
    pass


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise _Hang in the main thread after `seconds` (SIGALRM; Unix)."""
    def ring(signum: int, frame: Any) -> None:
        raise _Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# values of another shape, put where a file has a quoted id or name (an item of a list of
# spaces, a player, an event's name): a loader must not look a mapping up as an id
_SHAPES: tuple[bytes, ...] = (b"{}", b"[]", b"{a: 1}", b"{is: war}", b"[[]]", b"[x, y]", b"null",
                              b"-1", b"0", b"1.5", b"true", b'""', b"9" * 30)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits: byte flips, nasty insertions, deletions, truncation,
    duplication of a slice, a quoted value replaced by one of another shape."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        if op == 6:
            _reshape_quoted(out, rng)
            continue
        i = rng.randrange(len(out) + 1)
        if op == 0 and out:
            out[min(i, len(out) - 1)] = rng.randrange(256)
        elif op == 1:
            out[i:i] = rng.choice(_NASTY)
        elif op == 2:
            del out[i:i + rng.randint(1, 200)]
        elif op == 3:
            del out[i:]
        elif op == 4:
            j = rng.randrange(len(out) + 1)
            a, b = sorted((i, j))
            out[i:i] = out[a:b][:20000] * rng.randint(1, 3)
        else:   # a line replaced by a nasty value at the same indentation
            start = out.rfind(b"\n", 0, i) + 1
            end = out.find(b"\n", i)
            end = len(out) if end < 0 else end
            line = bytes(out[start:end])
            colon = line.find(b":")
            if colon > 0:
                out[start:end] = line[:colon + 1] + b" " + rng.choice(_NASTY)
    return bytes(out)


def _reshape_quoted(out: bytearray, rng: random.Random) -> None:
    """Replace the first double-quoted value at or after a random place by a value of
    another shape (a mapping, a list, a number, null)."""
    start = out.find(b'"', rng.randrange(len(out) + 1))
    end = out.find(b'"', start + 1) if start >= 0 else -1
    if end > start >= 0 and b"\n" not in out[start:end]:
        out[start:end + 1] = rng.choice(_SHAPES)


def _run(tally: Tally, kind: str, where: str, load: Callable[[], Any], names: tuple[str, ...] = ()) -> None:
    """Load one mutant; a refusal must name one of `names` (the file, or the folder)."""
    try:
        with _deadline(CASE_SECONDS):
            load()
    except _Hang:
        tally.add(kind, "hang", where)
    except REFUSALS as exc:
        text = str(exc)
        named = bool(text.strip()) and (not names or any(n in text for n in names))
        tally.add(kind, "refused" if named else "unnamed", where, text)
    except Exception:  # noqa: BLE001 - what the fuzzer looks for
        logger.debug("fuzz: %s case %s crashed the loader; counted", kind, where, exc_info=True)
        tally.add(kind, "crash", where, traceback.format_exc())
    else:
        tally.add(kind, "accepted")


# --- the input kinds ------------------------------------------------------------------------
def _yaml_seeds(scenario: str | None = None) -> list[tuple[Path, Callable[[str], Any]]]:
    """The shipped YAML files to mutate: all of them, or `scenario`'s file, its ruleset
    (and the rulesets it extends) and their variants."""
    rulesets = sorted(RULESET_DIR.glob("*.yaml"))
    scenarios = sorted(SCENARIO_DIR.glob("*.yaml"))
    variants = sorted(VARIANT_DIR.glob("*.yaml"))
    if scenario is not None:
        sc = load_scenario(scenario)
        chain = _ruleset_chain(sc.ruleset_id)
        scenarios = [find_scenario(scenario)]
        rulesets = [p for p in rulesets if p.stem in chain]
        variants = [p for p in variants if _extends(p) in chain]
    out: list[tuple[Path, Callable[[str], Any]]] = []
    out += [(p, load_ruleset_file) for p in rulesets]
    out += [(p, load_scenario_file) for p in scenarios]
    out += [(p, load_variant_file) for p in variants]
    return out


def _ruleset_chain(ruleset_id: str) -> set[str]:
    """`ruleset_id` and the ids of the rulesets it extends."""
    chain: set[str] = set()
    rid: str | None = ruleset_id
    while rid and rid not in chain:
        chain.add(rid)
        rid = _extends(RULESET_DIR / f"{rid}.yaml")
    return chain


def _extends(path: Path) -> str | None:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return None
    return data.get("extends") if isinstance(data, dict) else None


def fuzz_yaml(tally: Tally, rng: random.Random, work: Path, seeds: list[Any]) -> None:
    path, loader = rng.choice(seeds)
    target = work / path.name
    target.write_bytes(mutate(path.read_bytes(), rng))
    _run(tally, "yaml", f"{path.name} mutant (kept as {target})", lambda: loader(str(target)),
         (target.name,))


def _save_seed(work: Path, scenario: str | None = None) -> bytes:
    """A short game of `scenario` (else the smallest zone scenario), saved: the save
    mutants start from it."""
    from game.ai import choose_action
    sc = load_scenario(scenario or "sarn_gulf_2031")
    s = Session(sc, ruleset_for(sc), 7)
    for _ in range(30):
        if s.state.over:
            break
        s.do(choose_action(s.state, "random"))
    write_save(work / "seed.json", s)
    return (work / "seed.json").read_bytes()


def _forge(data: Any, rng: random.Random) -> Any:
    """A save's JSON with one field forged: a wrong type, a huge number, a path, deep nesting."""
    if not isinstance(data, dict):
        return data
    nodes: list[tuple[Any, Any]] = []
    stack: list[Any] = [data]
    while stack and len(nodes) < 5000:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            nodes.append((node, k))
            if isinstance(v, (dict, list)):
                stack.append(v)
    if not nodes:
        return data
    parent, key = rng.choice(nodes)
    parent[key] = rng.choice([None, -1, 2**70, "x" * 100000, "../../etc/passwd", "/dev/zero",
                              [], {}, [[[[[[]]]]]], True, 1.5e308, "\x00", {"a": "b"},
                              json.loads("[" * 500 + "]" * 500)])
    return data


def fuzz_save(tally: Tally, rng: random.Random, work: Path, seed: bytes) -> None:
    target = work / "mutant.json"
    how = rng.randrange(4)
    if how == 0:
        raw = mutate(seed, rng)
    elif how == 1:
        raw = json.dumps(_forge(json.loads(seed), rng)).encode()
    elif how == 2:
        raw = gzip.compress(seed, mtime=0)
        raw = raw[:rng.randrange(len(raw))] if rng.random() < 0.5 else mutate(raw, rng)
        target = work / "mutant.json.gz"
    else:
        raw = json.dumps(_forge(_forge(json.loads(seed), rng), rng)).encode()
    target.write_bytes(raw)
    _run(tally, "save", f"save mutant (kept as {target})", lambda: _open_both_ways(target),
         (target.name,))


def _open_both_ways(path: Path) -> None:
    """Load a save as `play --load` does (replayed), then as the menu does (shown at its
    recorded position, then replayed: saves.open_save and its finish)."""
    load_session(path)
    _, _, finish = open_save(path)
    if finish is not None:
        finish()


_TRIPLEA_FILES = ("polygons.txt", "centers.txt", "place.txt", "map.properties")
_V3_GAME = "WW2v3-1941.xml"   # the v3 map's game (it has one); another map's first game


def triplea_game(source: Path) -> str:
    """The game XML of the map folder `source` the triplea kind imports: the v3 game if
    the folder has it, else its first game file."""
    games = sorted(p.name for p in (source / "map" / "games").glob("*.xml"))
    return _V3_GAME if _V3_GAME in games or not games else games[0]


def fuzz_triplea(tally: Tally, rng: random.Random, work: Path, source: Path = TRIPLEA_MAP,
                 game: str | None = None) -> None:
    """Import the map folder `source` with one of its files mutated: a text file or the
    game XML `game` (games/NAME; default: triplea_game)."""
    folder = work / "map"
    if not folder.is_dir():
        shutil.copytree(source / "map", folder, ignore=shutil.ignore_patterns("*.png", "*.jpg"))
    game = game or triplea_game(source)
    names = [n for n in _TRIPLEA_FILES if (source / "map" / n).is_file()] + [f"games/{game}"]
    name = rng.choice(names)
    original = (source / "map" / name).read_bytes()
    (folder / name).write_bytes(mutate(original, rng))
    try:
        _run(tally, "triplea", f"{name} mutant",
             lambda: import_map(folder, game=game, scenario_id="fuzz"), (name, folder.name))
    finally:
        (folder / name).write_bytes(original)


def fuzz(cases: int | None = None, minutes: float | None = None, seed: int = 1,
         kinds: tuple[str, ...] = KINDS, keep: Path | None = None,
         triplea_map: Path = TRIPLEA_MAP, scenario: str | None = None,
         triplea_game: str | None = None) -> Tally:
    """Run `cases` mutants (or as many as fit in `minutes`) spread over `kinds`; the
    "triplea" kind mutates the map folder `triplea_map` (left out when it is absent) and
    imports its game XML `triplea_game`; `scenario`: the yaml kind mutates that scenario
    and its rulesets and variants only, the save kind a short game of it."""
    rng = random.Random(seed)
    tally = Tally()
    stop = time.monotonic() + minutes * 60 if minutes else None
    with tempfile.TemporaryDirectory(prefix="warboard-fuzz-") as tmp:
        work = Path(tmp)
        yaml_seeds = _yaml_seeds(scenario)
        save_seed = _save_seed(work, scenario) if "save" in kinds else b""
        if "triplea" in kinds and not (triplea_map / "map").is_dir():
            logger.warning("no TripleA map at %s: the triplea kind is left out", triplea_map)
            kinds = tuple(k for k in kinds if k != "triplea")
        n = 0
        while (cases is None or n < cases) and (stop is None or time.monotonic() < stop):
            kind = kinds[n % len(kinds)]
            if kind == "yaml":
                fuzz_yaml(tally, rng, work, yaml_seeds)
            elif kind == "save":
                fuzz_save(tally, rng, work, save_seed)
            else:
                fuzz_triplea(tally, rng, work, triplea_map, triplea_game)
            if keep is not None and len(tally.failures) > len(list(keep.glob("case-*"))):
                _keep(work, keep, len(tally.failures))
            n += 1
    return tally


def _keep(work: Path, keep: Path, k: int) -> None:
    """Copy the work folder's mutants, so a crash can be reproduced."""
    dest = keep / f"case-{k:04d}"
    dest.mkdir(parents=True, exist_ok=True)
    for p in work.iterdir():
        if p.is_file():
            shutil.copy(p, dest / p.name)


__all__ = ["KINDS", "Tally", "fuzz", "mutate"]
