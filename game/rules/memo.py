"""Answers computed once from a frozen object (a scenario, a ruleset, a CRT) and kept on
that object: they go when it goes, and a changed copy (dataclasses.replace) starts with
none. This replaces module-level caches keyed by id() (issue #42: no hidden global state).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
ATTR = "_derived"   # not a dataclass field: replace() and == never see it
_MISSING: Any = object()


def derived(obj: object, key: Any, make: Callable[[], T]) -> T:
    """make(), computed once per `obj` and `key` and kept on `obj`."""
    memo = obj.__dict__.get(ATTR)
    if memo is None:
        memo = {}
        object.__setattr__(obj, ATTR, memo)   # frozen dataclasses: a cache is not state
    got = memo.get(key, _MISSING)
    if got is _MISSING:
        got = memo[key] = make()
    return got  # type: ignore[no-any-return]


def without_derived(state: dict[str, Any]) -> dict[str, Any]:
    """An object's __dict__ for pickling, without its cached answers (worker processes
    rebuild what they need)."""
    if ATTR not in state:
        return state
    out = dict(state)
    del out[ATTR]
    return out
