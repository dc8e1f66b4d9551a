"""Save files: `{"format": "warboard-save", "version": N, ...}` as JSON
(gzip when the name ends in .gz). Written atomically: temp file, fsync,
rename. A corrupt or newer file is refused with a message and never touched.

Optional top-level field "players": {"<player id>": "human" | "human:<seat>" |
"computer:<level>"}, who played each player when the game was saved from the window
(the interface restores the computer sides and their levels on load; human players
with one seat are played by one person at the screen: no hand-off between them). Readers ignore it when
absent; it does not change the save version.

Optional top-level field "variant": {"id", "name", "sha256"} when the game is
played with a house-rules variant (game/rules/variant.py); "embedded" then also holds
"variant_yaml", so a replay uses the same rules. Older readers ignore it.

A save is self-contained data (issue #47): it never names a file for the reader to open
(saves before 0.2 carried "scenario_path" and the variant's "path"; both are ignored) and
its ids are checked as ids. The current rules are the shipped ruleset and scenario of
those ids, with the save's own copy of the variant.

Optional top-level field "game": {"id", "started"}: which game this is (chosen at
new-game time), so each game has its own autosave file. Older readers ignore it.

"snapshot" holds the final state (hashed fields, plus "exact": what a restore needs
beyond them). When the action list no longer replays to that state under the current
code (a rules fix), load_session continues the game from the snapshot instead.

Version 2 adds "base": the position a game continued from (a snapshot like the final
one); "actions" then follow it. Only saves with a base are written as version 2, so
every other save still opens in older Warboards.

Version 3 adds "options_off": the ids of the ruleset's game options switched off for
this game (game/rules/options.py). Only such saves are written as version 3: an older
Warboard would replay them with every option on, so it must refuse them.

Version 4 packs the bulky fields of a big save (issue #45: a 10-round Global 1940 game was
1.08 MB, 57 % of it the embedded map): when the plain document would exceed PACK_ABOVE,
"actions", "base", the snapshot (but for its summary fields, which the load dialog shows)
and each embedded YAML text become {"packed": codec, "data": base85 text} (codec "zlib" of
the JSON, or "xz" of the text). The content is the same, so the save replays as before and
stays self-contained. Smaller saves are written as before, in versions 1-3.

Optional top-level field "title": the scenario's title, for the load dialog.
"""
from __future__ import annotations

import base64
import functools
import gzip
import json
import logging
import lzma
import math
import os
import re
import secrets
import stat
import tempfile
import time
import zlib
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from game.rules.actions import action_from_json
from game.rules.errors import LoadError
from game.rules.model import GameState, Ruleset, Scenario
from game.rules.options import with_options
from game.rules.ruleset import (
    Checker,
    is_id,
    load_ruleset,
    load_scenario_by_id,
    parse_ruleset,
    parse_scenario,
)
from game.rules.session import Session
from game.rules.snapshot import exact, restore, snapshot, state_hash
from game.rules.yamlloc import load_yaml

logger = logging.getLogger(__name__)

FORMAT = "warboard-save"
VERSION = 4
MAX_SAVE_BYTES = 64 * 1024 * 1024   # a 10-round Global 1940 game is about 1 MB unpacked
PACK_ABOVE = 256 * 1024   # a plain save larger than this is written packed (version 4)
PACKED_VERSION = 4
# the snapshot fields a packed save keeps in the clear (the load dialog's summary)
SNAPSHOT_SUMMARY = ("state_hash", "round", "player", "phase", "over", "winner")
AUTOSAVE_KEEP = 10  # autosaved games kept (the oldest others are removed; never the current one)
# shown when a save continues from its saved position (its moves no longer replay exactly)
RESUMED_NOTICE = ("This save was made by an older Warboard; its moves no longer replay exactly, "
                  "so it continues from the saved position; undo starts here.")
# the same, when a move in the list is not an action at all (a newer Warboard's, or damage):
# "older Warboard" would send the player the wrong way
UNREADABLE_NOTICE = ("Some moves in this save cannot be read (a newer Warboard's, or a damaged file), "
                     "so it continues from the saved position; undo starts here.")


class SaveError(Exception):
    """A save that cannot be read; the message says why, for a player."""


def position(state: GameState) -> dict[str, Any]:
    """A state as a save stores it: its hash, the hashed fields and the exact part."""
    return {"state_hash": state_hash(state), **snapshot(state), "exact": exact(state)}


def new_game_info(started: str | None = None) -> dict[str, str]:
    """A new game's "game" field: an id unique to it (start time and a random part)."""
    now = time.localtime()
    return {"id": time.strftime("%Y%m%d-%H%M%S", now) + "-" + secrets.token_hex(3),
            "started": started or time.strftime("%Y-%m-%d %H:%M", now)}


def game_info_of(data: dict[str, Any]) -> dict[str, str] | None:
    """The save's "game" field, checked (None when absent or malformed: an older save)."""
    g = data.get("game")
    if isinstance(g, dict) and isinstance(g.get("id"), str) and g["id"] \
            and all(c.isalnum() or c in "-_" for c in g["id"]):
        return {"id": g["id"], "started": str(g.get("started") or "")}
    return None


def to_json(session: Session, players: dict[str, str] | None = None,
            game: dict[str, str] | None = None) -> dict[str, Any]:
    """The save document; `players` (optional) records who plays each player:
    {"<player id>": "human" | "computer:<level>"}; `game` is the game's id and start."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": 3 if session.ruleset.options_off else 2 if session.resumed else 1,
        "ruleset": {"id": session.ruleset.id, "sha256": session.ruleset.sha256},
        "scenario": session.scenario.id,
        "seed": session.seed,
        "actions": [a.to_json() for a in session.actions],
        "snapshot": position(session.state),
        # the rules and map the game was played with, so a save still replays
        # after the shipped files change (gzip makes these small)
        "embedded": session.sources or _sources(session.ruleset, session.scenario),
    }
    if session.ruleset.options_off:
        out["options_off"] = sorted(session.ruleset.options_off)
    if session.ruleset.variant:
        rs = session.ruleset
        out["variant"] = {"id": rs.variant, "name": rs.variant_name, "sha256": rs.sha256}
    if session.resumed:
        out["base"] = position(session.initial)
    if players:
        out["players"] = {str(k): str(v) for k, v in players.items()}
    if game:
        out["game"] = dict(game)
    out["title"] = session.scenario.title
    return out


# --- packed fields (version 4) ----------------------------------------------------------
def pack(doc: dict[str, Any]) -> dict[str, Any]:
    """The save document with its bulky fields packed (see the module's docstring)."""
    out = dict(doc, version=max(PACKED_VERSION, int(doc.get("version") or 1)))
    out["actions"] = _pack_json(doc["actions"])
    snap = doc.get("snapshot")
    if isinstance(snap, dict):
        out["snapshot"] = {**{k: snap[k] for k in SNAPSHOT_SUMMARY if k in snap},
                           "packed": _pack_json(snap)}
    if doc.get("base"):
        out["base"] = _pack_json(doc["base"])
    emb = doc.get("embedded")
    if isinstance(emb, dict):
        out["embedded"] = {k: _pack_text(v) if isinstance(v, str) else v for k, v in emb.items()}
    return out


def _pack_json(value: Any) -> dict[str, str]:
    raw = json.dumps(value, separators=(",", ":")).encode()
    return {"packed": "zlib", "data": base64.b85encode(zlib.compress(raw, 9)).decode("ascii")}


@functools.lru_cache(maxsize=8)
def _pack_text(text: str) -> dict[str, str]:
    """An embedded YAML text, xz-compressed: a third of zlib's size on an imported map's
    outlines, but slower, so made once per text (a game's saves embed the same texts)."""
    data = base64.b85encode(lzma.compress(text.encode(), preset=6)).decode("ascii")
    return {"packed": "xz", "data": data}


def big_sources(session: Session) -> bool:
    """Whether the session's saves embed texts big enough to be packed (their sizes only)."""
    if session.sources:
        return sum(len(t) for t in session.sources.values() if isinstance(t, str)) > PACK_ABOVE
    total = 0
    for path in (session.ruleset.base_path if session.ruleset.variant else session.ruleset.path,
                 session.ruleset.path if session.ruleset.variant else None, session.scenario.path):
        try:
            total += os.path.getsize(path) if path else 0
        except OSError:
            pass
    return total > PACK_ABOVE


def prepare_packing(session: Session) -> None:
    """Pack the session's embedded texts ahead of its first save (xz takes a second on an
    imported Global 1940 map; it releases the GIL, so a thread does it while the game is
    played)."""
    try:
        texts = session.sources or _sources(session.ruleset, session.scenario)
        for t in texts.values():
            if isinstance(t, str):
                _pack_text(t)
    except Exception:  # noqa: BLE001 - only a head start: the save packs them itself
        logger.debug("save packing ahead failed", exc_info=True)


def _is_packed(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("packed"), str)


def _unpack_bytes(value: dict[str, Any]) -> bytes:
    """A packed field's bytes, within MAX_SAVE_BYTES (a compression bomb stops there);
    ValueError when damaged."""
    codec, data = value.get("packed"), value.get("data")
    if not isinstance(data, str):
        raise ValueError("a packed field without data")
    raw = base64.b85decode(data)
    unpack: Any
    if codec == "zlib":
        unpack = zlib.decompressobj()
    elif codec == "xz":
        unpack = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    else:
        raise ValueError(f"an unknown packing '{str(codec)[:20]}'")
    try:
        out = unpack.decompress(raw, MAX_SAVE_BYTES + 1)
    except (zlib.error, lzma.LZMAError) as exc:
        raise ValueError(str(exc)) from None
    if len(out) > MAX_SAVE_BYTES:
        raise ValueError(f"more than {MAX_SAVE_BYTES:,} bytes unpacked")
    if not unpack.eof:
        raise ValueError("a packed field is cut short")
    return out


def _unpack_json(value: Any) -> Any:
    return json.loads(_unpack_bytes(value)) if _is_packed(value) else value


def unpack(data: dict[str, Any], whole: bool = True) -> dict[str, Any]:
    """The save document with its packed fields read back (a plain save as it is); without
    `whole`, the embedded texts stay packed (a summary needs none of them). ValueError
    when a packed field is damaged."""
    out = dict(data)
    for key in ("actions", "base"):
        if key in data:
            out[key] = _unpack_json(data[key])
    snap = data.get("snapshot")
    if isinstance(snap, dict) and _is_packed(snap.get("packed")):
        out["snapshot"] = _unpack_json(snap["packed"])
    emb = data.get("embedded")
    if whole and isinstance(emb, dict):
        out["embedded"] = {k: _unpack_bytes(v).decode("utf-8") if _is_packed(v) else v
                           for k, v in emb.items()}
    return out


def players_of(data: dict[str, Any]) -> dict[str, str]:
    """The save's optional "players" field, checked: {player id: "human" | "human:<seat>" |
    "computer:<level>"};
    {} when absent or malformed (an old save: the caller decides who plays)."""
    raw = data.get("players")
    if not isinstance(raw, dict):
        return {}
    out = {}
    for k, v in raw.items():
        if isinstance(k, str) and isinstance(v, str) and (v == "human" or v.startswith(("computer:", "human:"))):
            out[k] = v
    return out


def _sources(ruleset: Ruleset, scenario: Scenario) -> dict[str, str | None]:
    """The YAML texts of the rules and the map (a variant: the base ruleset and the overlay)."""
    if ruleset.variant:
        return {"ruleset_yaml": _read(ruleset.base_path), "variant_yaml": _read(ruleset.path),
                "scenario_yaml": _read(scenario.path)}
    return {"ruleset_yaml": _read(ruleset.path), "scenario_yaml": _read(scenario.path)}


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError:
        return None


def _embedded(data: dict[str, Any]) -> tuple[Ruleset, Scenario] | None:
    """The ruleset and scenario stored in the save, if it has them."""
    emb = data.get("embedded") or {}
    rs_text, sc_text = emb.get("ruleset_yaml"), emb.get("scenario_yaml")
    if not rs_text or not sc_text:
        return None
    rs_path = f"<{data['ruleset']['id']} as saved>"
    chk = Checker(rs_path)
    ruleset = parse_ruleset(load_yaml(rs_text, rs_path), rs_path, chk)
    chk.fail_if_errors()
    var_text = emb.get("variant_yaml")
    if isinstance(data.get("variant"), dict) and not isinstance(var_text, str):
        raise SaveError("it was played with house rules it does not hold")
    if var_text and ruleset is not None:
        from game.rules.variant import variant_from_text
        vid = str((data.get("variant") or {}).get("id", "") or "variant")
        ruleset = variant_from_text(var_text, f"<variant {vid} as saved>", ruleset, rs_text, vid)
    if ruleset is not None:
        ruleset = _with_saved_options(ruleset, data)
    sc_path = f"<{data['scenario']} as saved>"
    chk = Checker(sc_path)
    scenario = parse_scenario(load_yaml(sc_text, sc_path), sc_path, chk, ruleset)
    chk.fail_if_errors()
    if ruleset is None or scenario is None:
        return None
    return ruleset, scenario


def write_save(path: str | os.PathLike[str], session: Session, players: dict[str, str] | None = None,
               game: dict[str, str] | None = None) -> None:
    path = Path(path)
    doc = to_json(session, players, game)
    data = json.dumps(doc, separators=(",", ":")).encode()
    if len(data) > PACK_ABOVE:
        data = json.dumps(pack(doc), separators=(",", ":")).encode()
    if path.suffix == ".gz":
        data = gzip.compress(data, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    remove_orphans(path.parent)


def _bytes_of(path: Path) -> bytes:
    """The save file's bytes, gunzipped, within MAX_SAVE_BYTES (a FIFO or device is never
    opened; a gzip bomb stops at the limit)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"Cannot read {path}: not a regular file.")
        if st.st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path} is too large to be a Warboard save ({st.st_size:,} bytes).")
        raw = path.read_bytes()
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveError(f"Cannot read {path}: {why}.") from None
    if raw[:2] != b"\x1f\x8b":
        return raw
    try:
        unzip = zlib.decompressobj(wbits=31)
        out = unzip.decompress(raw, MAX_SAVE_BYTES + 1)
    except zlib.error as exc:
        raise SaveError(f"{path} is not a readable Warboard save (corrupt gzip: {exc}).") from None
    if len(out) > MAX_SAVE_BYTES:
        raise SaveError(f"{path} is too large to be a Warboard save (more than "
                        f"{MAX_SAVE_BYTES:,} bytes unpacked).")
    return out


def read_save(path: str | os.PathLike[str], whole: bool = True) -> dict[str, Any]:
    """The save document, checked, packed fields read back (without `whole` the embedded
    texts stay packed: enough for a summary); SaveError when it cannot be read."""
    path = Path(path)
    raw = _bytes_of(path)
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveError(f"{path} is not a readable Warboard save (nested too deeply).") from None
    except (UnicodeDecodeError, json.JSONDecodeError, ValueError) as exc:
        raise SaveError(f"{path} is not a readable Warboard save (corrupt: {exc}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Warboard save.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{path} has no valid version number.")
    if version > VERSION:
        raise SaveError(f"{path} was written by a newer Warboard (save version {version}; "
                        f"this one reads up to {VERSION}). Update Warboard to open it.")
    try:
        data = unpack(data, whole)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise SaveError(f"{path} is not a readable Warboard save (corrupt: {exc}).") from None
    for key in ("ruleset", "scenario", "seed", "actions"):
        if key not in data:
            raise SaveError(f"{path} is damaged: '{key}' is missing.")
    if not isinstance(data["actions"], list):
        raise SaveError(f"{path} is damaged: 'actions' is not a list.")
    rid = data["ruleset"].get("id") if isinstance(data["ruleset"], dict) else None
    for what, value in (("scenario", data["scenario"]), ("ruleset", rid)):
        if not is_id(value):   # ids name things; a path here would point into the reader's disk
            raise SaveError(f"{path} is damaged: its {what} id {str(value)[:80]!r} is not an id.")
    for key in ("snapshot", "embedded", "base"):  # optional, but read as mappings
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise SaveError(f"{path} is damaged: '{key}' is not a mapping.")
    return migrate(data)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to VERSION (version 1 is the first)."""
    return data


def load_session(path: str | os.PathLike[str], from_snapshot: bool = True) -> tuple[Session, dict[str, Any]]:
    """Rebuild a game from a save by replaying its actions: with the current rules and
    map files first (so a fixed ruleset bug applies), then with the saved copies.
    When neither replays to the recorded state and `from_snapshot`, the game continues
    from the saved position: data["notice"] then says so (RESUMED_NOTICE). Without
    `from_snapshot` (replay --verify) a replay that differs is returned as it is."""
    return _load(path, read_save(path), from_snapshot)


class SaveCheck:
    """The replay that confirms a save shown at its recorded position (open_save): all at
    once (`check()`) or in slices between frames (`check.step(until)`), so the window takes
    input meanwhile. Its verdict: True when the actions reach the recorded position (the
    session is then what load_session would give: the replayed states, undo included),
    False when they do not or fail (load_session then opens the save)."""

    def __init__(self, session: Session, data: dict[str, Any], scenario: Scenario,
                 ruleset: Ruleset, actions: list[Any], want: str):
        self.session, self.want = session, want
        # (from the shown session's new game: the same rules and seed, made already)
        self._replay_of = (data, scenario, ruleset, actions, session.initial)
        self._replaying: Generator[None, None, Session] | None = None   # begun by the first step
        self.verdict: bool | None = None

    def __call__(self) -> bool:
        got = self.step(math.inf)
        assert got is not None
        return got

    def step(self, until: float) -> bool | None:
        """Replay actions until time.perf_counter() reaches `until` (one at least); the
        verdict once the replay has ended, None while actions are left."""
        if self.verdict is not None:
            return self.verdict
        try:
            if self._replaying is None:
                self._replaying = _replaying(*self._replay_of)
            while True:
                next(self._replaying)
                if time.perf_counter() >= until:
                    return None
        except StopIteration as done:
            replayed: Session = done.value
        except Exception:  # noqa: BLE001 - load_session tries the saved rules, then the snapshot
            logger.debug("no replay with the current rules", exc_info=True)
            self.verdict = False
            return False
        self.verdict = state_hash(replayed.state) == self.want
        if self.verdict:
            self.session.take_replay(replayed)
        return self.verdict


def open_save(path: str | os.PathLike[str]) -> tuple[Session, dict[str, Any], SaveCheck | None]:
    """A save opened to be shown before its replay (issue #45: a 10-round Global 1940 game
    replays ~4,800 actions): when its recorded position restores with the current rules
    to its recorded hash, the session is at that position, with its actions, and the
    SaveCheck replays them later. Otherwise as load_session, the check None. Nothing may be
    played before the check has given its verdict."""
    data = read_save(path)
    snap = data.get("snapshot") or {}
    want = snap.get("state_hash")
    try:
        if not want or "units" not in snap or data.get("base"):
            raise LookupError("no recorded position to show first")
        actions = [action_from_json(a) for a in data["actions"]]
        got = _current(data)
        assert got is not None
        scenario, ruleset, _ = got
        seed = int(data["seed"])
        shown = restore(snap, scenario, ruleset, seed)
        if state_hash(shown) != want:
            raise LookupError("the recorded position does not restore to its hash")
    except Exception:  # noqa: BLE001 - replay first, as load_session does (it says why not)
        logger.debug("%s: not shown before its replay", path, exc_info=True)
        session, data = _load(path, data, True)
        return session, data, None
    session = Session(scenario, ruleset, seed)
    session.actions = list(actions)
    session.state = shown
    return session, data, SaveCheck(session, data, scenario, ruleset, actions, want)


def _load(path: str | os.PathLike[str], data: dict[str, Any],
          from_snapshot: bool) -> tuple[Session, dict[str, Any]]:
    want = (data.get("snapshot") or {}).get("state_hash")
    differs: Session | None = None
    error: Exception | None = None
    try:
        actions = [action_from_json(a) for a in data["actions"]]
    except Exception as exc:  # noqa: BLE001 - an unknown action: the snapshot may still do
        logger.debug("%s: unreadable actions; trying its snapshot", path, exc_info=True)
        actions, error = None, exc
    for rules in (_current, _saved):
        if actions is None:
            break
        try:
            got = rules(data)
            if got is None:
                continue
            session = _replay(data, got[0], got[1], actions)
            session.sources = got[2]
        except Exception as exc:  # noqa: BLE001 - try the next rules, then the snapshot
            logger.debug("%s: no replay with the %s rules; trying the next", path,
                         "current" if rules is _current else "saved", exc_info=True)
            error = exc
            continue
        if not want or state_hash(session.state) == want:
            return session, data
        differs = differs or session
    why_not = ""
    if from_snapshot:
        try:
            resumed = _resume(data)
        except Exception as exc:  # noqa: BLE001 - a snapshot that does not fit: refused below
            logger.debug("%s: its snapshot does not fit either", path, exc_info=True)
            why_not = f"; nor can it continue from its saved position: {exc}"
            resumed = None
        if resumed is not None:
            data["notice"] = RESUMED_NOTICE if actions is not None else UNREADABLE_NOTICE
            return resumed, data
    if differs is not None:
        return differs, data
    raise SaveError(f"{path} cannot be replayed: {error or 'its scenario or ruleset is missing'}{why_not}")


Rules = tuple[Scenario, Ruleset, dict[str, str] | None]


def _current(data: dict[str, Any]) -> Rules | None:
    sid = data["scenario"]
    if not is_id(sid):
        raise SaveError(f"its scenario id {str(sid)[:80]!r} is not an id")
    return load_scenario_by_id(sid), _current_rules(data), None


def _saved(data: dict[str, Any]) -> Rules | None:
    emb = _embedded(data)
    return None if emb is None else (emb[1], emb[0], dict(data["embedded"]))


def _at(state: GameState, scenario: Scenario, ruleset: Ruleset, seed: int) -> Session:
    """A session that starts at `state` (a save's position) instead of a new game."""
    s = Session(scenario, ruleset, seed, state)
    s.resumed = True
    return s


def _replay(data: dict[str, Any], scenario: Scenario, ruleset: Ruleset, actions: list[Any]) -> Session:
    steps = _replaying(data, scenario, ruleset, actions)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def _replaying(data: dict[str, Any], scenario: Scenario, ruleset: Ruleset, actions: list[Any],
               new: GameState | None = None) -> Generator[None, None, Session]:
    """The save's replay, one action per step (SaveCheck runs it in slices): the session
    at its end is the generator's return value. `new`: the new game of these rules and
    seed when made already."""
    seed = int(data["seed"])
    base = data.get("base")
    if not base:
        s = Session(scenario, ruleset, seed, new)
    else:
        start = restore(base, scenario, ruleset, seed)
        if base.get("state_hash") and state_hash(start) != base["state_hash"]:
            raise SaveError("its starting position does not match its hash")
        s = _at(start, scenario, ruleset, seed)
    for a in actions:
        s.replay_do(a)
        yield
    return s


def _resume(data: dict[str, Any]) -> Session | None:
    """The game at the save's final position, with the current rules if the position
    fits them, else the saved copies; None when the save has no usable snapshot."""
    snap = data.get("snapshot") or {}
    if "units" not in snap or not snap.get("state_hash"):
        return None
    error: Exception | None = None
    finders: tuple[Callable[[dict[str, Any]], Rules | None], ...] = (_current, _saved)
    for rules in finders:
        try:
            got = rules(data)
            if got is None:
                continue
            state = restore(snap, got[0], got[1], int(data["seed"]))
        except Exception as exc:  # noqa: BLE001 - try the saved rules and map
            logger.debug("snapshot: not restored with the %s rules; trying the next",
                         "current" if rules is _current else "saved", exc_info=True)
            error = exc
            continue
        if state_hash(state) != snap["state_hash"]:
            error = SaveError("its saved position is damaged (its hash does not match)")
            continue
        s = _at(state, got[0], got[1], int(data["seed"]))
        s.sources = got[2]
        return s
    if error is not None:
        raise error
    return None


def _current_rules(data: dict[str, Any]) -> Ruleset:
    """The save's ruleset from the current files, with the save's own copy of its variant
    (a save never names a file to read)."""
    rid = (data.get("ruleset") or {}).get("id") if isinstance(data.get("ruleset"), dict) else None
    if not is_id(rid):
        raise SaveError(f"its ruleset id {str(rid)[:80]!r} is not an id")
    ruleset = load_ruleset(str(rid))
    variant = data.get("variant")
    if isinstance(variant, dict):
        text = (data.get("embedded") or {}).get("variant_yaml")
        if not isinstance(text, str):
            raise SaveError("it was played with house rules it does not hold")
        from game.rules.variant import variant_from_text
        vid = str(variant.get("id") or "variant")
        ruleset = variant_from_text(text, f"<variant {vid[:64]} as saved>", ruleset, None, vid[:64])
    return _with_saved_options(ruleset, data)


def _with_saved_options(ruleset: Ruleset, data: dict[str, Any]) -> Ruleset:
    """The rules with the game options the save switched off ("options_off")."""
    off = data.get("options_off") or []
    if not isinstance(off, list) or not all(isinstance(o, str) for o in off):
        raise SaveError("it is damaged: 'options_off' is not a list of option ids")
    try:
        return with_options(ruleset, off)
    except LoadError as exc:
        raise SaveError(f"it was played with game options these rules do not have: {exc}") from None


def autosave_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir("warboard", appauthor=False)) / "autosave"


def autosave_path(scenario_id: str, game: dict[str, str]) -> Path:
    """This game's autosave: one file per game, named by its scenario and game id."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in scenario_id)
    return autosave_dir() / f"{safe}-{game['id']}.json"


# an autosave's name: "<scenario>-<game id>.json" (autosave_path)
AUTOSAVE_NAME = re.compile(r"^[A-Za-z0-9_\-]+\.json$")


def _is_autosave(p: Path) -> bool:
    """Named as autosave_path names them and written by write_save (its first field)."""
    if not AUTOSAVE_NAME.match(p.name):
        return False
    try:
        with open(p, "rb") as fh:
            return fh.read(40).startswith(b'{"format":"' + FORMAT.encode() + b'"')
    except OSError:
        return False
TEMP_PREFIX = ".warboard-"
ORPHAN_AGE_S = 600   # a temporary file this old belongs to a save that was interrupted


def remove_orphans(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of interrupted saves (write_save's, older than
    ORPHAN_AGE_S so that a save in progress in another window is left alone)."""
    now = time.time() if now is None else now
    removed = []
    try:
        names = [p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX)]
    except OSError:
        return []
    for p in names:
        try:
            if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime > ORPHAN_AGE_S:
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed


def autosave(session: Session, players: dict[str, str] | None = None,
             game: dict[str, str] | None = None) -> Path:
    """Write this game's autosave (its own file: never another game's), then keep only
    the AUTOSAVE_KEEP most recent autosaved games."""
    game = game or new_game_info()
    path = autosave_path(session.scenario.id, game)
    write_save(path, session, players, game)
    prune_autosaves(path)
    return path


def prune_autosaves(current: Path, keep: int = AUTOSAVE_KEEP) -> list[Path]:
    """Remove the oldest autosaves beyond `keep` (the current game's file always stays)."""
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    try:
        files = [p for p in current.parent.iterdir() if p.is_file() and not p.name.startswith(".")
                 and (p.name.endswith(".json") or p.name.endswith(".json.gz")) and p != current]
    except OSError:
        return []
    files = [p for p in files if _is_autosave(p)]   # never a file the user put there
    files.sort(key=mtime, reverse=True)
    removed = []
    for p in files[max(0, keep - 1):]:
        try:
            p.unlink()
            removed.append(p)
        except OSError:
            pass
    return removed
