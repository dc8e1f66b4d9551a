"""YAML loading that remembers where every mapping key and list item came from.

Validation errors must name file, line and field, so mappings load as `LocDict`
and sequences as `LocList`, which carry 1-based (line, col) positions.
"""
from __future__ import annotations

import gc
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import yaml

from . import yamlcache
from .errors import Diagnostic, LoadError


class LocDict(dict):
    """A dict with the position of the mapping and of each key."""

    path: str = "?"
    pos: tuple[int, int] = (1, 1)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_pos: dict[Any, tuple[int, int]] = {}
        self.key_path: dict[Any, str] = {}  # keys merged in from another file (variants)

    def where(self, key: Any = None) -> tuple[int, int]:
        if key is not None and key in self.key_pos:
            return self.key_pos[key]
        return self.pos

    def source(self, key: Any = None) -> str:
        """The file a key (or the mapping itself) came from."""
        return self.key_path.get(key, self.path) if key is not None else self.path


class LocList(list):
    # slots, not a __dict__: the parsed-YAML cache reads back tens of thousands of [x, y]
    # points (yamlcache.py), and a dict per point made that a third of a big map's load
    __slots__ = ("path", "pos", "item_path", "_item_pos", "_flat_pos")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.path: str = "?"
        self.pos: tuple[int, int] = (1, 1)
        self.item_pos = []
        self.item_path: list[str] = []  # per item, when items come from several files (variants)
        self._flat_pos: list[int] | None = None

    @property
    def item_pos(self) -> list[tuple[int, int]]:
        """The items' (line, col); made on first use from `_flat_pos` ([line, col, ...]:
        the cache's form, which only an error message ever needs expanded)."""
        try:
            return self._item_pos
        except AttributeError:
            flat = self._flat_pos or []
            self._item_pos: list[tuple[int, int]] = list(zip(flat[::2], flat[1::2], strict=True))
            return self._item_pos

    @item_pos.setter
    def item_pos(self, value: list[tuple[int, int]]) -> None:
        self._item_pos = value

    def where(self, index: int | None = None) -> tuple[int, int]:
        if index is not None and 0 <= index < len(self.item_pos):
            return self.item_pos[index]
        return self.pos

    def source(self, index: int | None = None) -> str:
        """The file an item (or the list itself) came from."""
        if index is not None and 0 <= index < len(self.item_path):
            return self.item_path[index]
        return self.path


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


# libyaml's parser when present (4x faster on big imported maps); same nodes and marks
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):  # type: ignore[valid-type,misc]
    source_path = "?"


class _DuplicateKey(Exception):
    def __init__(self, key: Any, line: int, col: int) -> None:
        super().__init__(key)
        self.key, self.line, self.col = key, line, col


# a block mapping key on a line: its indent (a list item's "- " included) and name
_KEY_LINE = re.compile(r"^(\s*(?:-\s+)?)([^\s#:'\"{}\[\],&*!|>-][^:#{}\[\],]*?)\s*:(?:\s|$)")


def key_path_at(text: str, line: int) -> str:
    """The dotted path of block keys leading to `line` (1-based), read from the
    indentation alone, so a syntax error can name its field: "units.infantry.defense",
    "players[0].color". A line indented deeper than the key before it (or by a tab) is
    read as that key's sibling, as its writer meant it."""
    lines = text.splitlines()
    idx = min(line, len(lines)) - 1
    if idx < 0:
        return ""
    m = _KEY_LINE.match(lines[idx])
    lead = m.group(1) if m else lines[idx][:len(lines[idx]) - len(lines[idx].lstrip())]
    keys = [m.group(2)] if m else []
    limit = len(lead)
    prev = next((p for p in map(_KEY_LINE.match, reversed(lines[:idx])) if p), None)
    if prev is not None and ("\t" in lead or len(lead) > len(prev.group(1))) \
            and not _OPENS_BLOCK.search(prev.string):
        limit = len(prev.group(1))
    item = _dash(lead) if m and len(lead) == limit else None   # the line starts a list item
    before = 0                                                 # earlier items of that list
    for text_line in reversed(lines[:idx]):
        k = _KEY_LINE.match(text_line)
        if not k:
            continue
        ind, dash = len(k.group(1)), _dash(k.group(1))
        if item is None and dash is not None and ind == limit:
            item = dash            # the start of the list item holding the line
        elif item is not None and dash == item:
            before += 1
        elif ind < limit:
            if item is not None:
                keys.append(f"[{before}]")
                item, before = None, 0
            keys.append(k.group(2))
            limit = ind
            if limit == 0:
                break
    return ".".join(reversed(keys)).replace(".[", "[")


def _dash(prefix: str) -> int | None:
    """The column of a list item's dash in a key line's prefix ("  - "), else None."""
    return prefix.index("-") if "-" in prefix else None


# PyYAML's messages for a key indented too deep or too shallow
_INDENT_SYMPTOMS = ("mapping values are not allowed", "expected <block end>", "did not find expected key",
                    "could not find expected ':'")
_OPENS_BLOCK = re.compile(r":\s*(#.*)?$")


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocDict:
    loader.flatten_mapping(node)
    result = LocDict()
    result.path = loader.source_path
    result.pos = _mark(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):   # `? [a, b]: x` or `{[a]: x}`: no field has such a name
            raise yaml.MarkedYAMLError(problem="a mapping key must be a name or a number, not a "
                                       f"{'list' if isinstance(key, list) else 'mapping'}",
                                       problem_mark=key_node.start_mark)
        if key in result:
            raise _DuplicateKey(key, *_mark(key_node))
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_pos[key] = _mark(key_node)
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocList:
    result = LocList(loader.construct_object(child, deep=True) for child in node.value)
    result.path = loader.source_path
    result.pos = _mark(node)
    result.item_pos = [_mark(child) for child in node.value]
    return result


# YAML 1.1 reads on/off/yes/no as booleans ("on: [attack]" would become True):
# like YAML 1.2, only true/false are booleans here.
_Loader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
                              re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


# Limits no real file reaches (the largest shipped YAML, an imported TripleA map, is well
# under 1 MB): a file beyond them is refused with a message, never parsed at length.
MAX_YAML_BYTES = 16 * 1024 * 1024
MAX_YAML_NODES = 2_000_000     # values after expanding aliases (an alias bomb stops here)


def _error(path: str, line: int, col: int, message: str) -> LoadError:
    return LoadError([Diagnostic(path, line, col, "error", message)])


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


# where an alias may start ("*name" after a space or a flow indicator): a text without one
# has no alias, so nothing to expand
_ALIAS = re.compile(r"(?:^|[\s\[{,:-])\*[^\s,\]}]")


def _expanded_size(data: Any, limit: int) -> int:
    """How many values `data` holds once every alias is written out (shared objects
    counted each time they are reached), stopping past `limit`; no recursion."""
    memo: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        node, done = stack.pop()
        if not isinstance(node, (dict, list)) or (id(node) in memo and not done):
            continue
        kids = list(node.values()) if isinstance(node, dict) else node
        if not done:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if isinstance(k, (dict, list)))
            continue
        memo[id(node)] = min(limit + 1, 1 + sum(memo.get(id(k), 0) if isinstance(k, (dict, list))
                                                 else 1 for k in kids))
    return memo.get(id(data), 1)


def load_yaml(text: str, path: str) -> Any:
    """Parse YAML text; syntax errors become a LoadError naming path:line:col. Safe tags
    only; too deep, too large or alias-bombed documents are refused the same way."""
    if len(text) > MAX_YAML_BYTES:
        raise _error(path, 1, 1, f"the file is too large for Warboard ({len(text):,} characters; "
                                 f"at most {MAX_YAML_BYTES:,})")
    cached = yamlcache.get(text, path, LocDict, LocList)
    if cached is not None:
        return cached
    loader = _Loader(text)
    loader.source_path = path
    try:
        data = loader.get_single_data()
    except RecursionError:
        raise _error(path, 1, 1, "YAML: nested too deeply") from None
    except ValueError as exc:   # e.g. an integer of thousands of digits
        raise _error(path, 1, 1, f"YAML: a value cannot be read: {exc}") from None
    except yaml.reader.ReaderError as exc:
        line, col = _line_col(text, exc.position)
        raise _error(path, line, col, f"YAML: {exc.reason} (character #x{exc.character:04x})"
                     if isinstance(exc.character, int) else f"YAML: {exc.reason}") from None
    except _DuplicateKey as dup:
        raise LoadError([Diagnostic(path, dup.line, dup.col, "error",
                                    _at(text, dup.line, f"duplicate key '{dup.key}'"))]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = str(exc.problem or exc)
        if "indentation" not in problem and any(w in problem for w in _INDENT_SYMPTOMS):
            problem += " (check the indentation)"
        raise LoadError([Diagnostic(path, line, col, "error", _at(text, line, f"YAML syntax: {problem}"))]) from None
    except yaml.YAMLError as exc:
        raise _error(path, 1, 1, f"YAML: {exc}") from None
    finally:
        loader.dispose()
    if _ALIAS.search(text) and _expanded_size(data, MAX_YAML_NODES) > MAX_YAML_NODES:
        raise _error(path, 1, 1, f"YAML: its aliases expand to more than {MAX_YAML_NODES:,} values")
    yamlcache.put(text, data)
    return data


def _at(text: str, line: int, message: str) -> str:
    """Prefix a message with the field its line belongs to, as validation errors do."""
    where = key_path_at(text, line)
    return f"{where}: {message}" if where else message


def read_text(path: str, limit: int = MAX_YAML_BYTES) -> str:
    """A regular file's text, strict UTF-8, at most `limit` bytes; LoadError otherwise
    (a FIFO or device is never opened: it could block or never end)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise _error(path, 1, 1, "cannot read file: not a regular file")
        if st.st_size > limit:
            raise _error(path, 1, 1, f"the file is too large for Warboard ({st.st_size:,} bytes; "
                                     f"at most {limit:,})")
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise _error(path, 1, 1, f"cannot read file: {why}") from None
    if len(raw) > limit:
        raise _error(path, 1, 1, f"the file is too large for Warboard (more than {limit:,} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[:exc.start].decode("utf-8")
        line, col = _line_col(good, len(good))
        raise _error(path, line, col, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} "
                                      f"at byte {exc.start})") from None


def load_yaml_file(path: str) -> Any:
    return load_yaml(read_text(path), path)


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a file's tree and model are built (issue #45):
    they are a big map's 100,000 new objects, none of them garbage, and the collector,
    run every few hundred of them, scanned the growing heap again and again (half of the
    main menu's reading time). Reference counting still frees what is dropped."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
