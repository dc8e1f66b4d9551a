"""Game options: the supplied rules a game is played with (issue #41).

The seeds name rules they never define (the Rule of Three, Home Guard, supply, tracks,
fleet air defence, neutral ports); Warboard supplies a version of each, and whether to
play with it is the players' choice. A ruleset lists them under `options:`; the new-game
screen shows them (all on by default); the chosen rules are the ruleset with the options
switched off (`with_options`), which a save records in its "options_off" field and a
variant in its `options:` mapping.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from .errors import Diagnostic, LoadError
from .memo import derived
from .model import GameOption, Ruleset, Scenario


def option(ruleset: Ruleset, oid: str) -> GameOption:
    """The ruleset's option `oid`; LoadError naming the known ones when there is none."""
    for o in ruleset.options:
        if o.id == oid:
            return o
    known = ", ".join(o.id for o in ruleset.options) or "none"
    raise LoadError([Diagnostic(ruleset.path or ruleset.id, 1, 1, "error",
                                f"ruleset '{ruleset.id}' has no game option '{oid}' "
                                f"(its options: {known})")])


def is_on(ruleset: Ruleset, oid: str) -> bool:
    return oid not in ruleset.options_off


def with_options(ruleset: Ruleset, off: Iterable[str]) -> Ruleset:
    """The ruleset with the options `off` switched off (their rules dropped, their
    abilities taken from every unit). Options already off stay off."""
    want = frozenset(off) - ruleset.options_off
    if not want:
        return ruleset
    chosen = [option(ruleset, oid) for oid in sorted(want)]
    # one object per choice (kept on the ruleset): games with the same options share it
    return derived(ruleset, ("options_off", want), lambda: _switched_off(ruleset, want, chosen))


def _switched_off(ruleset: Ruleset, want: frozenset[str], chosen: list[GameOption]) -> Ruleset:
    rules: dict[str, Any] = {r: None for o in chosen for r in o.rules}
    strip = {a for o in chosen for a in o.abilities}
    units = {uid: (replace(ut, abilities=tuple(a for a in ut.abilities if a.name not in strip))
                   if any(a.name in strip for a in ut.abilities) else ut)
             for uid, ut in ruleset.units.items()}
    all_off = ruleset.options_off | want
    digest = hashlib.sha256((ruleset.sha256 + "\noptions off: " + ",".join(sorted(all_off))
                             ).encode()).hexdigest()
    return replace(ruleset, units=units, options_off=all_off, sha256=digest, _refs={}, **rules)


def for_scenario(ruleset: Ruleset, scenario: Scenario) -> Ruleset:
    """The ruleset as the new-game screen offers it for a scenario: without the options
    that change nothing there (national objectives where the scenario lists none)."""
    unused = {o.id for o in ruleset.options
              if o.rules == ("national_objectives",) and not scenario.objectives}
    if not unused:
        return ruleset
    return derived(ruleset, ("offered", frozenset(unused)), lambda: replace(
        ruleset, options=tuple(o for o in ruleset.options if o.id not in unused), _refs={}))


def off_summary(ruleset: Ruleset) -> str:
    """'' when every option is on, else e.g. 'without Supply, Tracks'."""
    names = [o.name for o in ruleset.options if o.id in ruleset.options_off]
    return f"without {', '.join(names)}" if names else ""


__all__ = ["for_scenario", "is_on", "off_summary", "option", "with_options"]
