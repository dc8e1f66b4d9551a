"""House-rules variants: a small YAML overlay on a ruleset.

    extends: g40             # the ruleset it changes (an id under scenarios/rulesets/)
    units:
      armour: {cost: 4}      # changed values of a unit

A unit entry either changes an existing unit (any unit field replaces the base value;
`add_abilities: [...]` appends abilities, `remove_abilities: [name, ...]` drops every
ability of that name, `abilities: [...]` replaces the whole list) or, for an id the
ruleset does not have, defines a new unit in full. A variant may also replace a supplied
ruleset rule (`home_guard`, `supply`, `tracks`) or switch it off with `null`, and switch
the ruleset's game options off (`options: {supply: off}`, game/rules/options.py). The merged ruleset is validated by
the ruleset loader itself, so a variant gets the same file:line:col errors; each node
remembers the file it came from (the variant or the base ruleset).
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from .errors import Diagnostic, LoadError
from .model import Ruleset, Scenario
from .options import with_options
from .ruleset import (
    SCENARIO_DIR,
    UNIT_FIELDS,
    Checker,
    did_you_mean,
    load_ruleset,
    parse_ruleset,
    ruleset_path,
)
from .yamlloc import LocDict, LocList, load_yaml, load_yaml_file

VARIANT_DIR = SCENARIO_DIR / "variants"
# supplied ruleset rules a variant may replace or switch off (`supply: null`)
VARIANT_RULE_FIELDS = ("home_guard", "supply", "tracks", "facilities", "placement_per_territory")
VARIANT_FIELDS = ("format", "extends", "id", "name", "description", "units",
                  "options") + VARIANT_RULE_FIELDS
OVERLAY_FIELDS = UNIT_FIELDS + ("add_abilities", "remove_abilities")


def is_variant(data: Any) -> bool:
    """A YAML document is a variant when it says what it extends."""
    return isinstance(data, dict) and "extends" in data


def _ability_name(entry: Any) -> str | None:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict) and len(entry) == 1:
        return str(next(iter(entry)))
    return None


def _list_from(items: list[tuple[Any, str, tuple[int, int]]], pos_of: LocList | None,
               path: str) -> LocList:
    """A LocList whose items keep the file and position they came from."""
    out = LocList(v for v, _, _ in items)
    out.path = path
    out.pos = pos_of.pos if pos_of is not None else (1, 1)
    out.item_path = [p for _, p, _ in items]
    out.item_pos = [w for _, _, w in items]
    return out


def _items(node: Any) -> list[tuple[Any, str, tuple[int, int]]]:
    if not isinstance(node, LocList):
        return []
    return [(v, node.path, node.where(i)) for i, v in enumerate(node)]


def _merge_unit(uid: str, base: LocDict, over: LocDict, path: str, chk: Checker) -> LocDict:
    """The base unit's fields with the variant's changes; keys the variant sets point
    at the variant file, the rest at the variant's entry for the unit."""
    where = f"units.{uid}"
    merged = LocDict()
    merged.path = path
    merged.pos = over.pos
    for key, value in base.items():
        if key != "abilities":
            merged[key] = value
    abilities = _items(base.get("abilities"))
    if "abilities" in over:
        if not isinstance(over["abilities"], list):
            chk.error(over, "abilities", f"{where}.abilities: expected a list of abilities")
        else:
            abilities = _items(over["abilities"])
        if "add_abilities" in over or "remove_abilities" in over:
            chk.error(over, "abilities", f"{where}: 'abilities' replaces the whole list; use it "
                      f"alone, or 'add_abilities' / 'remove_abilities' to change the list")
    remove = over.get("remove_abilities")
    if remove is not None:
        if not isinstance(remove, list) or not all(isinstance(r, str) for r in remove):
            chk.error(over, "remove_abilities", f"{where}.remove_abilities: expected a list of "
                      f"ability names")
        else:
            have = [n for n in (_ability_name(v) for v, _, _ in abilities) if n]
            for i, name in enumerate(remove):
                if name not in have:
                    chk.error(remove, i, f"{where}.remove_abilities: {uid} has no ability "
                              f"'{name}'{did_you_mean(name, have)} (it has: "
                              f"{', '.join(dict.fromkeys(have)) or 'none'})")
            abilities = [it for it in abilities if _ability_name(it[0]) not in remove]
    add = over.get("add_abilities")
    if add is not None:
        if not isinstance(add, list):
            chk.error(over, "add_abilities", f"{where}.add_abilities: expected a list of abilities")
        else:
            abilities = abilities + _items(add)
    if abilities or "abilities" in base or "abilities" in over:
        merged["abilities"] = _list_from(abilities, over.get("abilities") or base.get("abilities"),
                                         path)
    for key, value in over.items():
        if key in ("abilities", "add_abilities", "remove_abilities") or key not in UNIT_FIELDS:
            continue  # unknown fields were reported by parse_variant
        merged[key] = value
        merged.key_pos[key] = over.where(key)
    if "abilities" in over:
        merged.key_pos["abilities"] = over.where("abilities")
    return merged


def parse_variant(data: Any, path: str, chk: Checker, base: Ruleset | None = None,
                  base_text: str | None = None) -> Ruleset | None:
    """The ruleset a variant document describes (None when it cannot be built).
    `base`/`base_text`: the ruleset to extend and its YAML (a save's copies); by default
    the shipped ruleset named by `extends`."""
    if not isinstance(data, dict):
        chk.error(data, None, "a variant file must be a mapping (with 'extends: RULESET')")
        return None
    chk.unknown_keys(data, VARIANT_FIELDS, "variant")
    extends = chk.get(data, "extends", str, "variant")
    vid = chk.get(data, "id", str, "variant", default=Path(path).stem.strip("<>") or "variant")
    name = chk.get(data, "name", str, "variant", default="")
    if extends is None:
        return None
    if base is None:
        try:
            base = load_ruleset(extends)
        except LoadError as exc:
            for d in exc.diagnostics:
                if "unknown ruleset" in d.message:
                    chk.error(data, "extends", f"variant.extends: {d.message}")
                else:
                    chk.diags.append(d)
            return None
    elif base.id != extends:
        chk.error(data, "extends", f"variant.extends: '{extends}' but the rules given are "
                  f"'{base.id}'")
        return None
    if base_text is not None:
        base_data = load_yaml(base_text, base.path)
    elif base.path and os.path.exists(base.path):
        base_data = load_yaml_file(base.path)
    else:
        base_data = None
    if not isinstance(base_data, LocDict) or not isinstance(base_data.get("units"), LocDict):
        chk.error(data, "extends", f"variant.extends: the file of ruleset '{extends}' is not "
                  f"available to extend")
        return None
    units_over = chk.get(data, "units", dict, "variant", default=LocDict())
    base_units: LocDict = base_data["units"]
    units = LocDict()
    units.path, units.pos = base_units.path, base_units.pos
    for uid, node in base_units.items():
        units[uid] = node
        units.key_pos[uid] = base_units.where(uid)
    for uid, over in (units_over or {}).items():
        where = f"units.{uid}"
        if not isinstance(over, LocDict):
            chk.error(units_over, uid, f"{where}: expected a mapping of the unit's changed fields")
            continue
        if uid in base_units and isinstance(base_units[uid], LocDict):
            chk.unknown_keys(over, OVERLAY_FIELDS, where)
            units[uid] = _merge_unit(str(uid), base_units[uid], over, path, chk)
        else:
            for key in ("add_abilities", "remove_abilities"):
                if key in over:
                    chk.error(over, key, f"{where}: '{uid}' is not a unit of ruleset '{extends}'"
                              f"{did_you_mean(uid, base_units)}, so '{key}' has nothing to "
                              f"change (a new unit lists its 'abilities')")
            units[uid] = over
            if "domain" not in over:
                chk.error(units_over, uid, f"{where}: '{uid}' is not a unit of ruleset "
                          f"'{extends}'{did_you_mean(uid, base_units)}; a new unit needs at least "
                          f"domain, cost, attack, defense and move")
                del units[uid]
                continue
        units.key_pos[uid] = units_over.where(uid)
        units.key_path[uid] = path
    merged = LocDict(base_data)
    merged.path, merged.pos, merged.key_pos = base_data.path, base_data.pos, dict(base_data.key_pos)
    merged["units"] = units
    for key in VARIANT_RULE_FIELDS:   # supplied rules: replaced, or off with `null`
        if key in data:
            merged[key] = data[key]
            merged.key_pos[key] = data.where(key) if isinstance(data, LocDict) else (1, 1)
            merged.key_path[key] = path
    # parse the merged tree; the base file's own warnings (its seed notes) are its business
    sub = Checker(path)
    rs = parse_ruleset(merged, base.path, sub)
    chk.diags.extend(d for d in sub.diags if d.severity == "error" or d.path == path)
    if rs is None:
        return None
    rs = _switch_options(rs, data, chk)
    digest = hashlib.sha256((base.sha256 + "\n" + _text_sha(data, path)).encode()).hexdigest()
    return replace(rs, path=path, sha256=digest, variant=vid or "variant",
                   variant_name=name or "", base_path=base.path, _refs={})


def _switch_options(rs: Ruleset, data: Any, chk: Checker) -> Ruleset:
    """The variant's `options: {id: off | on}` applied (on: as the ruleset has it)."""
    node = chk.get(data, "options", dict, "variant", default=None)
    if not node:
        return rs
    known = [o.id for o in rs.options]
    off = []
    for oid, val in node.items():
        if oid not in known:
            chk.error(node, oid, f"variant.options: ruleset '{rs.id}' has no game option "
                      f"'{oid}'{did_you_mean(str(oid), known)} (its options: "
                      f"{', '.join(known) or 'none'})")
        elif val not in (True, False, "on", "off"):
            chk.error(node, oid, f"variant.options.{oid}: expected on or off, not {val!r}")
        elif val in (False, "off"):
            off.append(str(oid))
    return with_options(rs, off)


def _text_sha(data: Any, path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return hashlib.sha256(repr(data).encode()).hexdigest()


def load_variant_file(path: str | os.PathLike[str]) -> tuple[Ruleset, list[Diagnostic]]:
    """A variant file: the merged ruleset and the warnings; LoadError on any error."""
    path = str(path)
    chk = Checker(path)
    data = load_yaml_file(path)
    rs = parse_variant(data, path, chk)
    chk.diags.sort(key=lambda d: (d.path != path, d.path, d.line, d.col))
    chk.fail_if_errors()
    if rs is None:
        raise LoadError(chk.diags or [Diagnostic(path, 1, 1, "error", "not a usable variant")])
    return rs, chk.diags


def variant_from_text(text: str, label: str, base: Ruleset, base_text: str | None = None,
                      vid: str | None = None) -> Ruleset:
    """A variant kept as text (a save's copy) applied to `base` (whose YAML is
    `base_text` when it is not the shipped file)."""
    chk = Checker(label)
    rs = parse_variant(load_yaml(text, label), label, chk, base, base_text)
    chk.fail_if_errors()
    if rs is None:
        raise LoadError(chk.diags or [Diagnostic(label, 1, 1, "error", "not a usable variant")])
    digest = hashlib.sha256((base.sha256 + "\n" + hashlib.sha256(text.encode()).hexdigest()
                             ).encode()).hexdigest()
    return replace(rs, sha256=digest, variant=vid or rs.variant)


# Loaded variants by file (path, size, mtime): a variant loads once per change of its file.
_VARIANT_CACHE: dict[tuple[str, int, int], Ruleset] = {}


def load_variant(path: str | os.PathLike[str]) -> Ruleset:
    """A variant file (cached while the file is unchanged)."""
    p = str(path)
    try:
        st = os.stat(p)
        key = (os.path.realpath(p), st.st_mtime_ns, st.st_size)
    except OSError:
        raise LoadError([Diagnostic(p, 1, 1, "error", "cannot read file: no such variant file")]
                        ) from None
    if key not in _VARIANT_CACHE:
        _VARIANT_CACHE[key], _ = load_variant_file(p)
    return _VARIANT_CACHE[key]


def find_variant(name: str) -> Path:
    """A variant file path, or the id (file name) of one under scenarios/variants/."""
    if os.path.isfile(name):
        return Path(name)
    files = {p.stem: p for p in variant_files()}
    if name in files:
        return files[name]
    raise LoadError([Diagnostic(name, 1, 1, "error", f"no variant '{name}'"
                                f"{did_you_mean(name, files)}; give a YAML file or one of: "
                                f"{', '.join(sorted(files)) or 'none'}")])


def variant_files() -> list[Path]:
    return sorted(VARIANT_DIR.glob("*.yaml"))


def variants_for(ruleset_id: str) -> list[tuple[Path, str]]:
    """(file, title) of the shipped variants that extend a ruleset (for the menus); files
    that do not load are left out (lint reports them)."""
    out = []
    for p in variant_files():
        try:
            data = load_yaml_file(str(p))
        except LoadError:
            continue
        if is_variant(data) and data.get("extends") == ruleset_id:
            try:
                rs = load_variant(p)
            except LoadError:
                continue
            out.append((p, rs.title))
    return out


def ruleset_for(scenario: Scenario, variant: str | os.PathLike[str] | None = None,
                without: tuple[str, ...] | list[str] | frozenset[str] = ()) -> Ruleset:
    """The rules a scenario is played with: its ruleset, or a variant of it (a file or
    the id of a shipped variant) that must extend that ruleset; `without`: the ids of
    game options switched off (game/rules/options.py)."""
    return with_options(_rules_of(scenario, variant), without)


def _rules_of(scenario: Scenario, variant: str | os.PathLike[str] | None) -> Ruleset:
    if not variant:
        return load_ruleset(scenario.ruleset_id)
    path = find_variant(str(variant))
    rs = load_variant(path)
    if rs.id != scenario.ruleset_id:
        raise LoadError([Diagnostic(str(path), 1, 1, "error",
                                    f"variant '{rs.variant}' extends ruleset '{rs.id}', but "
                                    f"scenario '{scenario.id}' is played with '{scenario.ruleset_id}'")])
    return rs


def base_ruleset_of(rs: Ruleset) -> Ruleset:
    """The ruleset a variant extends (the ruleset itself when it is no variant)."""
    return load_ruleset(rs.id) if rs.variant else rs


__all__ = ["VARIANT_DIR", "base_ruleset_of", "find_variant", "is_variant", "load_variant",
           "load_variant_file", "parse_variant", "ruleset_for", "ruleset_path", "variant_files",
           "variant_from_text", "variants_for"]
