"""YAML loading that remembers where every mapping key and list item came from.

Validation errors must name file, line and field, so mappings load as `LocDict`
and sequences as `LocList`, which carry 1-based (line, col) positions.
"""
from __future__ import annotations

import re
from typing import Any

import yaml

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
    path: str = "?"
    pos: tuple[int, int] = (1, 1)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_pos: list[tuple[int, int]] = []
        self.item_path: list[str] = []  # per item, when items come from several files (variants)

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


def load_yaml(text: str, path: str) -> Any:
    """Parse YAML text; syntax errors become a LoadError naming path:line:col."""
    loader = _Loader(text)
    loader.source_path = path
    try:
        return loader.get_single_data()
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
    finally:
        loader.dispose()


def _at(text: str, line: int, message: str) -> str:
    """Prefix a message with the field its line belongs to, as validation errors do."""
    where = key_path_at(text, line)
    return f"{where}: {message}" if where else message


def load_yaml_file(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise LoadError([Diagnostic(path, 1, 1, "error", f"cannot read file: {exc.strerror}")]) from None
    return load_yaml(text, path)
