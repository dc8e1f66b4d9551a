"""Save files: `{"format": "warboard-save", "version": N, ...}` as JSON
(gzip when the name ends in .gz). Written atomically: temp file, fsync,
rename. A corrupt or newer file is refused with a message and never touched.

Optional top-level field "players": {"<player id>": "human" | "computer:<level>"},
who played each player when the game was saved from the window (the interface
restores the computer sides and their levels on load). Readers ignore it when
absent; it does not change the save version.

Optional top-level field "variant": {"id", "name", "path", "sha256"} when the game is
played with a house-rules variant (game/rules/variant.py); "embedded" then also holds
"variant_yaml", so a replay uses the same rules. Older readers ignore it.
"""
from __future__ import annotations

import gzip
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from game.rules.actions import action_from_json
from game.rules.model import Ruleset, Scenario
from game.rules.ruleset import Checker, load_ruleset, load_scenario, parse_ruleset, parse_scenario
from game.rules.session import Session
from game.rules.snapshot import snapshot, state_hash
from game.rules.yamlloc import load_yaml

FORMAT = "warboard-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be read; the message says why, for a player."""


def to_json(session: Session, players: dict[str, str] | None = None) -> dict[str, Any]:
    """The save document; `players` (optional) records who plays each player:
    {"<player id>": "human" | "computer:<level>"}."""
    out = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": {"id": session.ruleset.id, "sha256": session.ruleset.sha256},
        "scenario": session.scenario.id,
        "scenario_path": session.scenario.path,
        "seed": session.seed,
        "actions": [a.to_json() for a in session.actions],
        "snapshot": {"state_hash": state_hash(session.state), **snapshot(session.state)},
        # the rules and map the game was played with, so a save still replays
        # after the shipped files change (gzip makes these small)
        "embedded": session.sources or _sources(session.ruleset, session.scenario),
    }
    if session.ruleset.variant:
        rs = session.ruleset
        out["variant"] = {"id": rs.variant, "name": rs.variant_name, "path": rs.path,
                          "sha256": rs.sha256}
    if players:
        out["players"] = {str(k): str(v) for k, v in players.items()}
    return out


def players_of(data: dict[str, Any]) -> dict[str, str]:
    """The save's optional "players" field, checked: {player id: "human" | "computer:<level>"};
    {} when absent or malformed (an old save: the caller decides who plays)."""
    raw = data.get("players")
    if not isinstance(raw, dict):
        return {}
    out = {}
    for k, v in raw.items():
        if isinstance(k, str) and isinstance(v, str) and (v == "human" or v.startswith("computer:")):
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
    if var_text and ruleset is not None:
        from game.rules.variant import variant_from_text
        vid = str((data.get("variant") or {}).get("id", "") or "variant")
        ruleset = variant_from_text(var_text, f"<variant {vid} as saved>", ruleset, rs_text, vid)
    sc_path = f"<{data['scenario']} as saved>"
    chk = Checker(sc_path)
    scenario = parse_scenario(load_yaml(sc_text, sc_path), sc_path, chk, ruleset)
    chk.fail_if_errors()
    if ruleset is None or scenario is None:
        return None
    return ruleset, scenario


def write_save(path: str | os.PathLike[str], session: Session, players: dict[str, str] | None = None) -> None:
    path = Path(path)
    data = json.dumps(to_json(session, players), separators=(",", ":")).encode()
    if path.suffix == ".gz":
        data = gzip.compress(data, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".warboard-", dir=path.parent)
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


def read_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror}.") from None
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path} is not a readable Warboard save (corrupt: {exc}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Warboard save.")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{path} has no valid version number.")
    if version > VERSION:
        raise SaveError(f"{path} was written by a newer Warboard (save version {version}; "
                        f"this one reads up to {VERSION}). Update Warboard to open it.")
    for key in ("ruleset", "scenario", "seed", "actions"):
        if key not in data:
            raise SaveError(f"{path} is damaged: '{key}' is missing.")
    if not isinstance(data["actions"], list):
        raise SaveError(f"{path} is damaged: 'actions' is not a list.")
    for key in ("snapshot", "embedded"):  # optional, but read as mappings
        if data.get(key) is not None and not isinstance(data[key], dict):
            raise SaveError(f"{path} is damaged: '{key}' is not a mapping.")
    return migrate(data)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to VERSION (version 1 is the first)."""
    return data


def load_session(path: str | os.PathLike[str]) -> tuple[Session, dict[str, Any]]:
    """Rebuild a game from a save by replaying its actions."""
    data = read_save(path)
    want = (data.get("snapshot") or {}).get("state_hash")
    try:
        actions = [action_from_json(a) for a in data["actions"]]
        # the current files first (so a fixed ruleset bug applies), then the saved copies
        session = None
        try:
            sc_path = data.get("scenario_path")
            scenario = load_scenario(sc_path if sc_path and os.path.exists(sc_path)
                                     else data["scenario"])
            ruleset = _current_rules(data)
            session = Session.replay(scenario, ruleset, int(data["seed"]), actions)
        except Exception:  # noqa: BLE001 - fall back to the embedded rules and map
            session = None
        if session is None or (want and state_hash(session.state) != want):
            emb = _embedded(data)
            if emb is not None:
                session = Session.replay(emb[1], emb[0], int(data["seed"]), actions)
                session.sources = dict(data["embedded"])
        if session is None:
            raise SaveError("its scenario or ruleset is missing")
    except Exception as exc:  # noqa: BLE001 - any failure means the save cannot be used
        raise SaveError(f"{path} cannot be replayed: {exc}") from None
    return session, data


def _current_rules(data: dict[str, Any]) -> Ruleset:
    """The save's ruleset from the current files (its variant file, if it used one)."""
    ruleset = load_ruleset(data["ruleset"]["id"])
    variant = data.get("variant")
    if isinstance(variant, dict):
        from game.rules.variant import load_variant
        got = load_variant(str(variant.get("path") or ""))
        if got.id != ruleset.id:
            raise SaveError(f"variant {variant.get('id')} no longer extends {ruleset.id}")
        return got
    return ruleset


def autosave_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir("warboard", appauthor=False)) / "autosave"


def autosave(session: Session, players: dict[str, str] | None = None) -> Path:
    path = autosave_dir() / f"{session.scenario.id}.json"
    write_save(path, session, players)
    return path
