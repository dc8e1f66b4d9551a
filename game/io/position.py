"""A position to start from (issue #43 item 5): the current position of a game as a new
scenario file, so `balance` and `arena` can run many games from what a playtester built.

`scenario_yaml(state, new_id)` starts from the game's own scenario YAML (its map, players,
victory rules) and replaces what the format says about a position:
- each land space's `owner` and `factory` (a factory's size is kept),
- each space's `units` (owner -> unit id -> count),
- each player's `resources`,
- `turn_limit`: the rounds left (the limit less the rounds already begun, at least 1; none
  stays none).
The new scenario starts in round 1 with the first player's first phase: the format has no
start player, phase, damage or unplaced purchases, so a position holding a damaged unit,
units aboard transports, unplaced purchases or a battle in progress is refused with the
reason (repair, unload, place or finish first; edit mode can do the first). Hex maps
(`hexes:`) are not supported yet. A house-rules variant is not part of a scenario: run
`balance`/`arena` with the same `--variant`.
"""
from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import yaml

from game.rules.model import SEA, GameState
from game.rules.yamlloc import load_yaml
from game.rules.zone import facilities

ID_RE = re.compile(r"^[A-Za-z0-9_\-]+$")


def _plain(node: Any) -> Any:
    """The loader's located mappings and lists as plain ones (yaml.safe_dump writes those)."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, (list, tuple)):
        return [_plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    for t in (int, float, str):
        if isinstance(node, t):
            return t(node)
    return node


class PositionError(Exception):
    """A position that cannot be written as a scenario; the message says why."""


def refusal(state: GameState) -> str:
    """Why the position cannot become a scenario ('' = it can)."""
    sc = state.scenario
    if sc.hexmap is not None:
        return "Saving a hex-map position as a scenario is not supported yet."
    if state.over:
        return "The game is over; there is no position to play on from."
    if state.zone.battle is not None or state.zone.battles:
        return "Battles are pending; finish the combat (or end the turn) first."
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        ut = state.utype(u)
        where = sc.spaces[u.space].name
        if u.damage:
            return (f"A damaged {ut.name} in {where}: the scenario format has no damage; "
                    f"repair it (edit mode: damage 0) first.")
        if ut.domain != "air" and u.carried_by is not None:
            return (f"A {ut.name} is aboard a ship in {where}: the scenario format has no "
                    f"cargo; unload or remove it first.")
    if any(n > 0 for n in state.zone.purchased.values()):
        return "Some purchased units are not placed yet; place them first."
    for key, dmg in sorted(state.facilities.items()):
        if dmg:
            space, fid = key.split("|", 1)
            return (f"The {state.ruleset.facilities[fid].name} in {sc.spaces[space].name} is damaged: "
                    f"the scenario format has no damage; repair it first.")
    return ""


def source_text(state: GameState, sources: dict[str, Any] | None = None) -> str:
    """The scenario's YAML text: the save's embedded copy, else its file."""
    if sources and isinstance(sources.get("scenario_yaml"), str):
        return str(sources["scenario_yaml"])
    try:
        return Path(state.scenario.path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError(f"the scenario file of {state.scenario.id!r} cannot be read: {exc}") from exc


def scenario_data(state: GameState, new_id: str, title: str | None = None,
                  sources: dict[str, Any] | None = None) -> dict[str, Any]:
    why = refusal(state)
    if why:
        raise PositionError(why)
    if not ID_RE.match(new_id or ""):
        raise PositionError(f"{new_id!r} is not an id (letters, digits, _ and - only)")
    sc = state.scenario
    data = _plain(load_yaml(source_text(state, sources), sc.path or sc.id))
    if not isinstance(data, dict) or not isinstance(data.get("spaces"), list):
        raise PositionError(f"the scenario {sc.id!r} has no list of spaces")
    data["id"] = new_id
    data["title"] = title or f"{sc.title} (position of round {state.round})"
    data["description"] = (f"A position saved from {sc.title} in round {state.round} "
                           f"({state.scenario.player(state.player).name}, {state.phase.replace('_', ' ')}). "
                           + str(data.get("description") or "")).strip()
    data["turn_limit"] = max(1, sc.turn_limit - (state.round - 1)) if sc.turn_limit else "none"
    data.pop("ai_opening", None)    # scripted openings are for the original position
    for p in data.get("players") or []:
        if isinstance(p, dict) and p.get("id") in state.resources:
            p["resources"] = int(state.resources[p["id"]])
    if state.relations and isinstance(data.get("politics"), dict):   # the relations now
        data["politics"]["relations"] = [{"between": k.split("|"), "is": rel}
                                         for k, rel in sorted(state.relations.items())]
    if isinstance(data.get("politics"), dict) and isinstance(data["politics"].get("switches"), dict):
        data["politics"]["switches"] = {n: n in state.switches for n in data["politics"]["switches"]}
    units: dict[str, dict[str, dict[str, int]]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        per = units.setdefault(u.space, {}).setdefault(u.owner, {})
        per[u.type] = per.get(u.type, 0) + 1
    for s in data["spaces"]:
        if not isinstance(s, dict) or s.get("id") not in sc.spaces:
            continue
        sid = s["id"]
        if sc.spaces[sid].kind != SEA and not sc.spaces[sid].impassable:
            s["owner"] = state.owners.get(sid)
            if s["owner"] is None:
                s.pop("owner")
                s.pop("home", None)   # a home territory needs an owner
        if sid in state.factories:
            s["factory"] = facilities.factory_size(state, sid)
        else:
            s.pop("factory", None)
        if state.facilities:   # g40: bases built (or captured) in the game
            for kind in ("air_base", "naval_base"):
                if facilities.of_kind(state, sid, kind) is not None:
                    s[kind] = True
                else:
                    s.pop(kind, None)
        if sid in units:
            s["units"] = units[sid]
        else:
            s.pop("units", None)
    return data


def scenario_yaml(state: GameState, new_id: str, title: str | None = None,
                  sources: dict[str, Any] | None = None) -> str:
    """The position as a scenario YAML text with the id `new_id` (PositionError: why not)."""
    data = scenario_data(state, new_id, title, sources)
    out = io.StringIO()
    out.write(f"# A position saved from {state.scenario.id} (round {state.round}) by "
              f"'Save as scenario' (docs/saves.md).\n")
    yaml.safe_dump(data, out, sort_keys=False, allow_unicode=True, width=120,
                   default_flow_style=None)
    return out.getvalue()


def default_id(state: GameState) -> str:
    return f"{state.scenario.id}_r{state.round}_{state.action_count}"


def write_scenario(state: GameState, folder: Path, new_id: str | None = None,
                   sources: dict[str, Any] | None = None) -> Path:
    """Write the position into `folder` as <id>.yaml (a new file: never overwritten)."""
    sid = new_id or default_id(state)
    text = scenario_yaml(state, sid, sources=sources)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{sid}.yaml"
    n = 2
    while path.exists():
        sid2 = f"{sid}_{n}"
        text = scenario_yaml(state, sid2, sources=sources)
        path, n = folder / f"{sid2}.yaml", n + 1
    path.write_text(text, encoding="utf-8")
    return path


def write_from_save(save: str, out: str | None, new_id: str | None = None) -> tuple[Path, str]:
    """`python -m game position SAVE --out FILE.yaml [--id ID]`: the save's final position
    as a scenario file (PositionError or SaveError: why not). Returns (path, id)."""
    from game.io.saves import load_session
    session, _ = load_session(save)
    state = session.state
    path = Path(out) if out else None
    sid = new_id or (path.stem if path is not None and ID_RE.match(path.stem) else default_id(state))
    if path is None:
        from game.rules.ruleset import imported_dir
        path = write_scenario(state, imported_dir(), sid, session.sources)
        return path, path.stem
    text = scenario_yaml(state, sid, sources=session.sources)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path, sid
