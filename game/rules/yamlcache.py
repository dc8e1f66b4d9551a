"""A disk cache of parsed YAML, so big maps open at once (issue #45).

PyYAML builds a large map's tree (an imported Global 1940 map: 600 KB, 115,000 values) in
seconds; the same tree, positions included, reads back from JSON in a fraction of that.
Entries are keyed by the SHA-256 of the text (and FORMAT), so an edited file is parsed
again; they are JSON, never code. An entry is a header line (FORMAT, its key, the SHA-256
of the rest) and the tree: one that is truncated, edited by hand or copied under another
key does not match its header and is ignored (the text is parsed anew), never trusted.
Only texts of MIN_BYTES or more are cached; at most MAX_ENTRIES entries are kept.

The shipped scenarios and rulesets bring their entries with them (`parsed/` beside them,
package data of the wheel, made by tools/gen_parsed_cache.py and checked fresh by
tests/rules/test_yaml_cache.py), so a fresh install's first start parses nothing. They
are read, never written; the user's folder is read first.

`WARBOARD_CACHE` names another folder; `WARBOARD_CACHE=off` switches the cache off (the
shipped entries too).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = "warboard-yaml-cache/2"   # /2: the header line with the checks
MIN_BYTES = 4 * 1024   # every shipped scenario and ruleset (the menu reads them all)
MAX_ENTRIES = 128


def folder() -> Path | None:
    where = os.environ.get("WARBOARD_CACHE")
    if where == "off":
        return None
    if where:
        return Path(where)
    import platformdirs
    return Path(platformdirs.user_cache_dir("warboard", appauthor=False)) / "yaml"


def shipped_folder() -> Path:
    """The shipped entries: `parsed/` in the shipped content folder (game.content)."""
    from .ruleset import SCENARIO_DIR
    return SCENARIO_DIR / "parsed"


def entry_name(text: str) -> str:
    """The file name of `text`'s entry, in the user's folder and among the shipped ones."""
    return hashlib.sha256((FORMAT + "\n" + text).encode()).hexdigest() + ".json"


def _entry(text: str) -> Path | None:
    base = folder()
    if base is None or len(text) < MIN_BYTES:
        return None
    return base / entry_name(text)


def get(text: str, path: str, dict_type: type, list_type: type) -> Any:
    """The cached tree of `text` with its nodes' `path` set, or None (not cached): the
    user's entry, else the shipped one."""
    entry = _entry(text)
    if entry is None:
        return None
    for where in (entry, shipped_folder() / entry.name):
        tree = _read(where, path, dict_type, list_type)
        if tree is not None:
            return tree
    return None


def _read(entry: Path, path: str, dict_type: type, list_type: type) -> Any:
    try:
        with open(entry, "rb") as fh:
            raw = fh.read()
        head, _, body = raw.partition(b"\n")
        if json.loads(head) != _header(entry.stem, body):
            return None   # truncated, edited, or another text's entry: not this text's parse
        return _decode(json.loads(body), path, dict_type, list_type)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
        return None   # absent or damaged: parse the text instead


def _header(key: str, body: bytes) -> dict[str, str]:
    """The first line of an entry: FORMAT, the entry's key (its name: the hash of the
    text) and the SHA-256 of the tree that follows."""
    return {"format": FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest()}


def encoded(data: Any, name: str) -> str:
    """The text of the entry `name` (entry_name): the tree `data` (as yamlloc parses it)
    in the cache's JSON, after its header line."""
    body = json.dumps(_encode(data), separators=(",", ":"))
    head = json.dumps(_header(Path(name).stem, body.encode()), separators=(",", ":"))
    return head + "\n" + body


def put(text: str, data: Any) -> None:
    """Cache the tree of `text` (quietly not when it cannot be written or encoded)."""
    entry = _entry(text)
    if entry is None:
        return
    try:
        blob = encoded(data, entry.name)
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".cache-", dir=entry.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(blob)
        os.replace(tmp, entry)
        _prune(entry.parent)
    except (OSError, TypeError, ValueError, RecursionError):
        return


def _prune(base: Path) -> None:
    files = sorted(base.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for p in files[MAX_ENTRIES:]:
        p.unlink(missing_ok=True)


# A mapping is ["d", line, col, [key, line, col, value, ...]]; a sequence ["l", line, col,
# [value, ...], [line, col, ...], scalars_only]; scalars are themselves (a scalar is never
# a JSON list).
def _encode(node: Any) -> Any:
    if isinstance(node, dict):
        flat: list[Any] = []
        for k, v in node.items():
            if isinstance(k, (dict, list)):
                raise TypeError("a mapping as a key")
            line, col = node.key_pos.get(k, node.pos)   # type: ignore[attr-defined]
            flat += [k, line, col, _encode(v)]
        return ["d", node.pos[0], node.pos[1], flat]   # type: ignore[attr-defined]
    if isinstance(node, list):
        pos: list[int] = []
        for i in range(len(node)):
            pos += node.item_pos[i] if i < len(node.item_pos) else node.pos   # type: ignore[attr-defined]
        values = [_encode(v) for v in node]
        plain = not any(isinstance(v, list) for v in values)
        return ["l", node.pos[0], node.pos[1], values, pos, plain]   # type: ignore[attr-defined]
    if node is None or isinstance(node, (str, int, float, bool)):
        return node
    raise TypeError(f"cannot cache a {type(node).__name__}")   # e.g. a YAML date


def _decode(node: Any, path: str, dict_type: type, list_type: type) -> Any:
    if node.__class__ is not list:
        return node
    if node[0] == "d":
        _, line, col, flat = node
        out: Any = dict_type()
        key_pos = out.key_pos
        for i in range(0, len(flat), 4):
            k = flat[i]
            out[k] = _decode(flat[i + 3], path, dict_type, list_type)
            key_pos[k] = (flat[i + 1], flat[i + 2])
    else:   # built without __init__: a big map has tens of thousands of [x, y] points
        _, line, col, values, pos, plain = node
        if pos.__class__ is not list or len(pos) != 2 * len(values):
            raise ValueError("damaged positions")
        out = list.__new__(list_type)
        list.extend(out, values if plain else _decode_items(values, path, dict_type, list_type))
        out._flat_pos = pos   # item_pos, made when an error message asks for it
        out.item_path = []
    out.path = path
    out.pos = (line, col)
    return out


def _decode_items(values: list[Any], path: str, dict_type: type, list_type: type) -> list[Any]:
    """A sequence's items; its lists of scalars (an outline's [x, y] points) built here,
    without a call each: they are most of a big map's nodes."""
    out = []
    for v in values:
        if v.__class__ is list and v[0] == "l" and v[5]:
            _, line, col, items, pos, _ = v
            if pos.__class__ is not list or len(pos) != 2 * len(items):
                raise ValueError("damaged positions")
            item: Any = list.__new__(list_type)
            list.extend(item, items)
            item._flat_pos = pos
            item.item_path = []
            item.path = path
            item.pos = (line, col)
            out.append(item)
        else:
            out.append(_decode(v, path, dict_type, list_type))
    return out


__all__ = ["FORMAT", "encoded", "entry_name", "folder", "get", "put", "shipped_folder"]
