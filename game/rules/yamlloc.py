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


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocDict:
    loader.flatten_mapping(node)
    result = LocDict()
    result.path = loader.source_path
    result.pos = _mark(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            line, col = _mark(key_node)
            raise LoadError([Diagnostic(loader.source_path, line, col, "error",
                                        f"duplicate key '{key}'")])
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
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise LoadError([Diagnostic(path, line, col, "error",
                                    f"YAML syntax: {exc.problem or exc}")]) from None
    finally:
        loader.dispose()


def load_yaml_file(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise LoadError([Diagnostic(path, 1, 1, "error", f"cannot read file: {exc.strerror}")]) from None
    return load_yaml(text, path)
