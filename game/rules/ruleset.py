"""Load and validate rulesets and scenarios from YAML.

Every problem becomes a Diagnostic naming the file, line, column and field;
unknown ids get a "did you mean". Loading collects all errors before failing.
"""
from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .abilities.base import REGISTRY, AbilityParamError, parse_ability
from .errors import Diagnostic, LoadError
from .hex import abilities as hexabilities  # noqa: F401  (registers the hex abilities)
from .hex.load import parse_hex_rules, parse_hex_scenario
from .model import (
    DOMAINS,
    LAND,
    SEA,
    CanalControl,
    FacilityType,
    GameOption,
    HomeGuard,
    PlacementRule,
    PlayerDef,
    Ruleset,
    Scenario,
    SeedNote,
    SpaceDef,
    SupplyRule,
    TrackRule,
    UnitType,
)
from .yamlloc import (
    MAX_YAML_BYTES,
    LocDict,
    LocList,
    load_yaml,
    load_yaml_file,
    paused_gc,
    read_text,
)

ROOT = Path(__file__).resolve().parents[2]   # a checkout's top folder (docs/ beside game/)


def _content_dir() -> Path:
    """The shipped scenarios, rulesets and variants: the package data `game/content` of an
    installed wheel (pyproject maps the checkout's scenarios/ there), else the checkout's
    scenarios/ folder (a source tree, an editable install)."""
    from importlib.resources import files
    packaged = files("game") / "content"
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return ROOT / "scenarios"


SCENARIO_DIR = _content_dir()
RULESET_DIR = SCENARIO_DIR / "rulesets"
# Space terrain tags (scenario `terrain:` lists; ability parameters that name terrain).
# Land: mountain, port (a territory with a harbour), riverine. Sea zones: coastal (a
# coastal sea zone), lake, riverine, port (a harbour zone). See docs/scenario-format.md.
TERRAIN_TAGS = ("mountain", "port", "riverine", "coastal", "lake", "track")
KNOWN_PHASES = ("politics", "purchase", "combat_move", "conduct_combat", "noncombat_move", "place",
                "collect_income")
# the Europa-style player-turn of hex rulesets (game/rules/hex/phases.py)
HEX_PHASES = ("initial", "movement", "combat", "exploitation")


def did_you_mean(word: str, options: Any) -> str:
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


# what a YAML author calls the kinds of value (not Python's names: LocList, NoneType)
_KIND_WORDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
               dict: "a mapping", list: "a list"}


def _kind_of(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) or isinstance(value, int) and abs(value) < 10**9:
        return f"{_KIND_WORDS[float if isinstance(value, float) else int]} ({value!r})"   # a huge int: no repr
    for kind in (int, str, dict, list):
        if isinstance(value, kind):
            return _KIND_WORDS[kind]
    return type(value).__name__


class Checker:
    """Collects diagnostics while reading a LocDict tree."""

    def __init__(self, path: str):
        self.path = path
        self.diags: list[Diagnostic] = []

    def error(self, node: Any, key: Any, message: str, severity: str = "error") -> None:
        line, col = (1, 1)
        path = self.path
        if isinstance(node, (LocDict, LocList)):
            line, col = node.where(key)
            # a variant merges nodes of two files: each names the file it came from
            src = node.source(key)
            if src != "?":
                path = src
        self.diags.append(Diagnostic(path, line, col, severity, message))

    def warn(self, node: Any, key: Any, message: str) -> None:
        self.error(node, key, message, "warning")

    def get(self, node: Any, key: str, kind: type | tuple[type, ...], where: str,
            default: Any = ..., allow_none: bool = False) -> Any:
        if not isinstance(node, dict):
            self.error(node, None, f"{where}: expected a mapping")
            return None if default is ... else default
        if key not in node:
            if default is ...:
                self.error(node, None, f"{where}: missing field '{key}'")
                return None
            return default
        value = node[key]
        if value is None and allow_none:
            return None
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind == (int, float) and isinstance(value, bool):
            ok = False
        if not ok:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = " or ".join(_KIND_WORDS.get(k, k.__name__) for k in kinds)
            self.error(node, key, f"{where}.{key}: expected {names}, got {_kind_of(value)}")
            return None if default is ... else default
        return value

    def unknown_keys(self, node: Any, allowed: tuple[str, ...], where: str) -> None:
        if isinstance(node, dict):
            for key in node:
                if key not in allowed:
                    self.error(node, key, f"{where}: unknown field '{key}'{did_you_mean(key, allowed)}")

    def fail_if_errors(self) -> None:
        if any(d.severity == "error" for d in self.diags):
            raise LoadError(self.diags)


UNIT_FIELDS = ("name", "domain", "cost", "attack", "defense", "move", "hits", "abilities",
               "transport_cost", "carrier_cost", "description", "classes", "damaged",
               "re", "move_class")
RULESET_FIELDS = ("format", "id", "name", "dice", "phases", "units", "notes", "classes",
                  "rule_of_three", "seed_notes", "powers", "hex", "home_guard", "supply",
                  "tracks", "options", "national_objectives", "facilities",
                  "placement_per_territory")
MAX_COST = 10_000          # a unit's price (a negative one would pay its buyer)
MAX_START_COUNT = 10_000   # units of one type starting in one space
# the ruleset rules a game option may switch off (model.GameOption)
OPTION_RULES = ("rule_of_three", "home_guard", "supply", "tracks", "national_objectives")
# a rule's value when the ruleset does not mention it (None: the rule is not played)
RULE_DEFAULTS: dict[str, Any] = {"national_objectives": True}


def _sha256(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def parse_ruleset(data: Any, path: str, chk: Checker) -> Ruleset | None:
    if not isinstance(data, dict):
        chk.error(data, None, "a ruleset file must be a mapping")
        return None
    chk.unknown_keys(data, RULESET_FIELDS, "ruleset")
    rid = _check_id(chk, data, "id", chk.get(data, "id", str, "ruleset"), "ruleset")
    name = chk.get(data, "name", str, "ruleset", default=rid or "")
    dice = chk.get(data, "dice", int, "ruleset")
    if dice is not None and dice not in (6, 10, 12, 20):
        chk.error(data, "dice", f"ruleset.dice: {dice} is not a supported die (6, 10, 12, 20)")
    hex_rules = parse_hex_rules(data, chk)
    allowed_phases = HEX_PHASES if hex_rules is not None else KNOWN_PHASES
    phases = chk.get(data, "phases", list, "ruleset", default=list(allowed_phases))
    for i, ph in enumerate(phases or []):
        if ph not in allowed_phases:
            chk.error(phases, i, f"ruleset.phases: unknown phase '{ph}'{did_you_mean(ph, allowed_phases)}"
                      f"{' (hex rulesets use ' + ', '.join(HEX_PHASES) + ')' if hex_rules else ''}")
    class_node = chk.get(data, "classes", dict, "ruleset", default=LocDict())
    declared = [str(c) for c in (class_node or {})]
    rule_of_three = _parse_rule_of_three(data, chk)
    powers = _parse_powers(data, chk)
    units_node = chk.get(data, "units", dict, "ruleset")
    raw: dict[str, tuple[Any, list[Any]]] = {}
    units: dict[str, UnitType] = {}
    for uid, u in (units_node or {}).items():
        where = f"units.{uid}"
        if not isinstance(u, dict):
            chk.error(units_node, uid, f"{where}: expected a mapping")
            continue
        chk.unknown_keys(u, UNIT_FIELDS, where)
        domain = chk.get(u, "domain", str, where)
        if domain is not None and domain not in DOMAINS:
            chk.error(u, "domain", f"{where}.domain: '{domain}' is not one of {', '.join(DOMAINS)}")
        cost = u.get("cost")
        if "cost" not in u:
            chk.error(u, None, f"{where}: missing field 'cost' (use null when it cannot be built)")
        elif not (cost is None or (isinstance(cost, int) and not isinstance(cost, bool))
                  or (isinstance(cost, dict) and all(isinstance(v, int) for v in cost.values()))):
            chk.error(u, "cost", f"{where}.cost: expected a whole number, null, or side -> number")
        elif any(not 0 <= c <= MAX_COST for c in (cost.values() if isinstance(cost, dict)
                                                  else [cost] if cost is not None else [])):
            chk.error(u, "cost", f"{where}.cost: {cost} is outside 0..{MAX_COST} (a unit never pays "
                                 f"its buyer)")
        stats = {}
        for stat in ("attack", "defense", "move"):
            stats[stat] = chk.get(u, stat, int, where)
            if isinstance(stats[stat], int) and stats[stat] < 0:
                chk.error(u, stat, f"{where}.{stat}: must not be negative")
            if stat != "move" and isinstance(stats[stat], int) and dice and stats[stat] > dice \
                    and hex_rules is None:  # hex strengths are combat factors, not to-hit numbers
                chk.error(u, stat, f"{where}.{stat}: {stats[stat]} is more than the die ({dice})")
        hits = chk.get(u, "hits", int, where, default=1)
        classes = _parse_unit_classes(u, where, declared, chk)
        damaged = _parse_damaged(u, where, hits or 1, dice if hex_rules is None else None, chk)
        abilities = []
        ab_node = chk.get(u, "abilities", list, where, default=LocList())
        for i, entry in enumerate(ab_node or []):
            try:
                aname, params = parse_ability(entry)
            except AbilityParamError as exc:
                chk.error(ab_node, i, f"{where}.abilities[{i}]: {exc}")
                continue
            cls = REGISTRY.get(aname)
            if cls is None:
                chk.error(ab_node, i, f"{where}.abilities: unknown ability '{aname}'"
                          f"{did_you_mean(aname, REGISTRY)}")
                continue
            try:
                abilities.append(cls.from_params(params))
            except AbilityParamError as exc:
                node = next(iter(entry.values())) if isinstance(entry, dict) else ab_node
                key = exc.field if isinstance(node, LocDict) else i
                chk.error(node, key, f"{where}.abilities.{aname}: {exc}")
        re_size, move_class = _parse_hex_unit(u, where, hex_rules, chk)
        if None in stats.values() or domain is None:
            continue
        units[uid] = UnitType(
            id=str(uid), name=str(u.get("name", uid)), domain=domain, cost=cost,
            attack=stats["attack"], defense=stats["defense"], move=stats["move"], hits=hits or 1,
            transport_cost=chk.get(u, "transport_cost", int, where, default=None),
            carrier_cost=chk.get(u, "carrier_cost", int, where, default=None),
            abilities=tuple(abilities), description=str(u.get("description", "")),
            classes=classes, damaged=damaged, re=re_size, move_class=move_class)
        raw[uid] = (u, ab_node or [])
    for c in declared:
        if c in units:
            chk.error(class_node, c, f"classes.{c}: a class cannot have the name of a unit")
    # cross references: ability parameters that name units (or classes) and terrain
    for uid, ut in units.items():
        u, ab_node = raw[uid]
        for i, ab in enumerate(ut.abilities):
            for ref_field in ab.unit_refs:
                for ref in getattr(ab, ref_field):
                    if ref not in units and ref not in declared:
                        chk.error(ab_node, i, f"units.{uid}.abilities.{ab.name}.{ref_field}: "
                                  f"unknown unit '{ref}'{did_you_mean(ref, list(units) + declared)}"
                                  f"{' (nor a declared class)' if declared else ''}")
            for ref_field in getattr(ab, "hex_terrain_refs", ()):
                for ref in getattr(ab, ref_field):
                    if hex_rules is None or ref not in hex_rules.terrain:
                        known = list(hex_rules.terrain) if hex_rules else []
                        chk.error(ab_node, i, f"units.{uid}.abilities.{ab.name}.{ref_field}: "
                                  f"unknown hex terrain '{ref}'{did_you_mean(ref, known)}")
            for ref_field in ab.terrain_refs:
                for ref in getattr(ab, ref_field):
                    if ref not in TERRAIN_TAGS:
                        chk.error(ab_node, i, f"units.{uid}.abilities.{ab.name}.{ref_field}: "
                                  f"unknown terrain '{ref}'{did_you_mean(ref, TERRAIN_TAGS)}")
            for ref_field in ab.power_refs:
                for ref in getattr(ab, ref_field):
                    ref = ref[0] if isinstance(ref, tuple) else ref
                    if ref not in powers:
                        chk.error(ab_node, i, f"units.{uid}.abilities.{ab.name}.{ref_field}: "
                                  f"unknown power '{ref}'{did_you_mean(ref, powers)} (declare it "
                                  f"under the ruleset's 'powers')")
            if getattr(ab, "rule_of_three", False) and rule_of_three is None:
                chk.error(ab_node, i, f"units.{uid}.abilities.{ab.name}: marked rule_of_three but "
                          f"the ruleset defines no 'rule_of_three'")
    notes = _parse_seed_notes(data, units, chk)
    home_guard = _parse_home_guard(data, units, chk)
    supply = _parse_supply(data, chk)
    tracks = _parse_tracks(data, chk)
    options, options_off = _parse_options(data, units, chk)
    objectives_on = chk.get(data, "national_objectives", bool, "ruleset", default=True, allow_none=True)
    facilities = _parse_facilities(data, units, chk)
    per_territory = chk.get(data, "placement_per_territory", int, "ruleset", default=0)
    if not isinstance(per_territory, int) or per_territory < 0:
        chk.error(data, "placement_per_territory", "placement_per_territory: expected 0 (no limit) or more")
        per_territory = 0
    for uid, ut in units.items():   # bombing_raid targets name facilities
        for ab in ut.abilities_named("bombing_raid"):
            for t in ab.targets:
                if t not in facilities:
                    chk.error(raw[uid][0], "abilities", f"units.{uid}.abilities.bombing_raid.targets: "
                              f"unknown facility '{t}'{did_you_mean(t, facilities)}")
    if rid is None or dice is None:
        return None
    return Ruleset(id=rid, name=name, dice=dice, phases=tuple(phases or KNOWN_PHASES),
                   units=units, sha256=_sha256(path) if os.path.exists(path) else "", path=path,
                   rule_of_three=rule_of_three, seed_notes=notes, home_guard=home_guard,
                   supply=supply, tracks=tracks, classes=tuple(declared),
                   powers=powers, hex=hex_rules, options=options,
                   options_off=options_off, national_objectives=True if objectives_on else None,
                   facilities=facilities, placement_per_territory=per_territory)


def _parse_hex_unit(u: Any, where: str, hex_rules: Any, chk: Checker) -> tuple[float | None, str]:
    """`re:` (size in reduction equivalents) and `move_class:` (a terrain effects chart
    column): required in hex rulesets, not allowed elsewhere."""
    if hex_rules is None:
        for key in ("re", "move_class"):
            if key in u:
                chk.error(u, key, f"{where}.{key}: only hex rulesets (with a 'hex' block) use it")
        return None, ""
    re_size = u.get("re", 1)
    if isinstance(re_size, bool) or not isinstance(re_size, (int, float)) or re_size < 0:
        chk.error(u, "re", f"{where}.re: expected a size in REs (e.g. 1, 0.5, 3)")
        re_size = 1
    move_class = chk.get(u, "move_class", str, where, default="other") or "other"
    if move_class not in hex_rules.move_columns:
        chk.error(u, "move_class", f"{where}.move_class: unknown movement column '{move_class}'"
                  f"{did_you_mean(move_class, hex_rules.move_columns)} (known: "
                  f"{', '.join(hex_rules.move_columns)})")
    return float(re_size), move_class


def _parse_powers(data: Any, chk: Checker) -> dict[str, tuple[str, ...]]:
    """`powers: {russia: {name: Russia, players: [russia, soviet_union]}, ...}`: the powers
    a seed names (seed 002: Russia, Germany, ...); a scenario player is one when its id is
    listed, or when it says `power: russia`."""
    node = chk.get(data, "powers", dict, "ruleset", default=None)
    out: dict[str, tuple[str, ...]] = {}
    for pid, p in (node or {}).items():
        w = f"powers.{pid}"
        if not isinstance(p, dict):
            chk.error(node, pid, f"{w}: expected a mapping {{name, players}}")
            continue
        chk.unknown_keys(p, ("name", "capital", "players"), w)
        ids = chk.get(p, "players", list, w, default=[str(pid)])
        if not all(isinstance(x, str) for x in ids or []):
            chk.error(p, "players", f"{w}.players: expected a list of player ids")
            continue
        out[str(pid)] = tuple(ids or ())
    return out


def _parse_rule_of_three(data: Any, chk: Checker) -> int | None:
    """`rule_of_three: {max_units: 3, scope: side_per_battle}`: at most max_units units of
    a side benefit, at any fire step of a battle, from each rule marked
    `rule_of_three: true` (one unit type's ability: battle.ro3_rule; docs/interpretations.md,
    interwar)."""
    node = chk.get(data, "rule_of_three", dict, "ruleset", default=None)
    if node is None:
        return None
    chk.unknown_keys(node, ("max_units", "scope", "note"), "rule_of_three")
    n = chk.get(node, "max_units", int, "rule_of_three")
    scope = chk.get(node, "scope", str, "rule_of_three", default="side_per_battle")
    if scope != "side_per_battle":
        chk.error(node, "scope", f"rule_of_three.scope: only 'side_per_battle' is supported, not '{scope}'")
    if n is not None and n < 1:
        chk.error(node, "max_units", "rule_of_three.max_units: must be at least 1")
    return n


def _parse_home_guard(data: Any, units: dict[str, UnitType], chk: Checker) -> HomeGuard | None:
    """`home_guard: {unit: auxiliary, count: 1, per_turn: 1}` (seed 000 G2, a supplied
    rule: docs/interpretations.md#home-guard-g2)."""
    node = chk.get(data, "home_guard", dict, "ruleset", default=None, allow_none=True)
    if node is None:
        return None
    chk.unknown_keys(node, ("unit", "count", "per_turn", "note"), "home_guard")
    unit = chk.get(node, "unit", str, "home_guard")
    count = chk.get(node, "count", int, "home_guard", default=1)
    per_turn = chk.get(node, "per_turn", int, "home_guard", default=1)
    if unit is not None and unit not in units:
        chk.error(node, "unit", f"home_guard.unit: unknown unit '{unit}'{did_you_mean(unit, list(units))}")
        return None
    if unit is not None and units[unit].domain != LAND:
        chk.error(node, "unit", f"home_guard.unit: '{unit}' is not a land unit")
        return None
    for key, val in (("count", count), ("per_turn", per_turn)):
        if val is not None and val < 1:
            chk.error(node, key, f"home_guard.{key}: must be at least 1")
            return None
    if unit is None or count is None or per_turn is None:
        return None
    return HomeGuard(unit=unit, count=count, per_turn=per_turn)


SUPPLY_SOURCES = ("factory", "capital", "naval_base", "port")


def _parse_supply(data: Any, chk: Checker) -> SupplyRule | None:
    """`supply: {penalty: 1, sources: [factory, capital, naval_base, port]}` (seed 000 G4, a
    supplied rule: docs/interpretations.md#supply-g4). `supply: null` (a variant) = off."""
    node = chk.get(data, "supply", dict, "ruleset", default=None, allow_none=True)
    if node is None:
        return None
    chk.unknown_keys(node, ("penalty", "sources", "note"), "supply")
    penalty = chk.get(node, "penalty", int, "supply", default=1)
    if penalty is not None and penalty < 0:
        chk.error(node, "penalty", "supply.penalty: must be 0 or more")
        return None
    src = chk.get(node, "sources", list, "supply", default=LocList(SUPPLY_SOURCES))
    out: list[str] = []
    for i, s in enumerate(src or []):
        if s not in SUPPLY_SOURCES:
            chk.error(src, i, f"supply.sources: unknown source '{s}'{did_you_mean(str(s), SUPPLY_SOURCES)} "
                      f"(known: {', '.join(SUPPLY_SOURCES)})")
        else:
            out.append(str(s))
    return SupplyRule(penalty=penalty if penalty is not None else 1, sources=tuple(out))


FACILITY_KINDS = ("industrial_complex", "air_base", "naval_base")
FACILITY_FIELDS = ("name", "kind", "cost", "size", "produces", "max_damage", "operational_damage",
                   "min_value", "original_territory", "no_islands", "coastal", "replaces",
                   "becomes", "captured_as", "anti_aircraft", "repair_cost", "scramble", "note")


def _parse_facilities(data: Any, units: dict[str, UnitType], chk: Checker) -> dict[str, FacilityType]:
    """`facilities: {major_industrial_complex: {kind: industrial_complex, size: major,
    cost: 30, produces: 10, max_damage: 20, ...}, air_base: {...}}` (Global 1940: TripleA
    factory_major, factory_minor, factory_upgrade, airfield, harbour)."""
    node = chk.get(data, "facilities", dict, "ruleset", default=None, allow_none=True)
    out: dict[str, FacilityType] = {}
    for fid, f in (node or {}).items():
        w = f"facilities.{fid}"
        if not isinstance(f, dict):
            chk.error(node, fid, f"{w}: expected a mapping")
            continue
        if fid in units:
            chk.error(node, fid, f"{w}: a facility cannot have the name of a unit")
        chk.unknown_keys(f, FACILITY_FIELDS, w)
        ints = {k: chk.get(f, k, int, w, default=0) for k in
                ("produces", "max_damage", "min_value", "anti_aircraft", "scramble")}
        for k, v in ints.items():
            if v is None or v < 0:
                chk.error(f, k, f"{w}.{k}: must be 0 or more")
                ints[k] = 0
        cost = chk.get(f, "cost", int, w, default=None, allow_none=True)
        if cost is not None and not 0 <= cost <= MAX_COST:
            chk.error(f, "cost", f"{w}.cost: {cost} is outside 0..{MAX_COST}")
        kind = chk.get(f, "kind", str, w, default="industrial_complex" if "becomes" in f else None)
        if kind is not None and kind not in FACILITY_KINDS:
            chk.error(f, "kind", f"{w}.kind: '{kind}' is not one of {', '.join(FACILITY_KINDS)}"
                      f"{did_you_mean(kind, FACILITY_KINDS)}")
            kind = None
        size = chk.get(f, "size", str, w, default="")
        if size and size not in FACTORY_SIZES:
            chk.error(f, "size", f"{w}.size: expected major or minor")
        out[str(fid)] = FacilityType(
            id=str(fid), name=str(f.get("name", fid)), kind=kind or "industrial_complex", cost=cost,
            size=size or "", operational_damage=chk.get(f, "operational_damage", int, w, default=None),
            original_territory=bool(chk.get(f, "original_territory", bool, w, default=False)),
            no_islands=bool(chk.get(f, "no_islands", bool, w, default=False)),
            coastal=bool(chk.get(f, "coastal", bool, w, default=False)),
            replaces=chk.get(f, "replaces", str, w, default=""),
            becomes=chk.get(f, "becomes", str, w, default=""),
            captured_as=chk.get(f, "captured_as", str, w, default=""),
            repair_cost=chk.get(f, "repair_cost", int, w, default=1) or 0, **ints)
    for fid, ft in out.items():
        for ref in ("replaces", "becomes", "captured_as"):
            val = getattr(ft, ref)
            if val and val not in out:
                chk.error(node[fid], ref, f"facilities.{fid}.{ref}: unknown facility '{val}'"
                          f"{did_you_mean(val, out)}")
        if bool(ft.replaces) != bool(ft.becomes):
            chk.error(node, fid, f"facilities.{fid}: an upgrade names both 'replaces' and 'becomes'")
    return out


def _parse_tracks(data: Any, chk: Checker) -> TrackRule | None:
    """`tracks: {terrain: [track], extra_cost: 1}` (seed 000 G3, a supplied rule).
    `tracks: null` = off."""
    node = chk.get(data, "tracks", dict, "ruleset", default=None, allow_none=True)
    if node is None:
        return None
    chk.unknown_keys(node, ("terrain", "extra_cost", "note"), "tracks")
    extra = chk.get(node, "extra_cost", int, "tracks", default=1)
    if extra is None or extra < 1:
        chk.error(node, "extra_cost", "tracks.extra_cost: must be 1 or more")
        return None
    tnode = chk.get(node, "terrain", list, "tracks", default=LocList(["track"]))
    out: list[str] = []
    for i, t in enumerate(tnode or []):
        if t not in TERRAIN_TAGS:
            chk.error(tnode, i, f"tracks.terrain: unknown terrain '{t}'{did_you_mean(str(t), TERRAIN_TAGS)}")
        else:
            out.append(str(t))
    return TrackRule(terrain=tuple(out), extra_cost=extra)


def _parse_options(data: Any, units: dict[str, UnitType], chk: Checker
                   ) -> tuple[tuple[GameOption, ...], frozenset[str]]:
    """`options: [{id, name, explain, rules: [supply], abilities: [fleet_air_defense]}]`:
    the supplied rules the players may switch off for a game (model.GameOption), and the
    ids of those already off (a variant's `supply: null` leaves nothing to switch)."""
    node = chk.get(data, "options", list, "ruleset", default=LocList())
    have_abilities = {ab.name for ut in units.values() for ab in ut.abilities}
    out: list[GameOption] = []
    off: set[str] = set()
    for i, o in enumerate(node or []):
        w = f"options[{i}]"
        if not isinstance(o, dict):
            chk.error(node, i, f"{w}: expected {{id, name, explain, rules, abilities}}")
            continue
        chk.unknown_keys(o, ("id", "name", "explain", "rules", "abilities"), w)
        oid = chk.get(o, "id", str, w)
        if oid is not None and any(x.id == oid for x in out):
            chk.error(o, "id", f"{w}.id: option '{oid}' is listed twice")
        name = chk.get(o, "name", str, w, default=oid or "")
        explain = chk.get(o, "explain", str, w)
        rules = chk.get(o, "rules", list, w, default=LocList()) or []
        abilities = chk.get(o, "abilities", list, w, default=LocList()) or []
        for j, r in enumerate(rules):
            if r not in OPTION_RULES:
                chk.error(rules, j, f"{w}.rules: '{r}' is not a rule an option can switch off"
                          f"{did_you_mean(str(r), OPTION_RULES)} (known: {', '.join(OPTION_RULES)})")
        for j, a in enumerate(abilities):
            if a not in REGISTRY:
                chk.error(abilities, j, f"{w}.abilities: unknown ability '{a}'"
                          f"{did_you_mean(str(a), REGISTRY)}")
        if not rules and not abilities:
            chk.error(o, None, f"{w}: an option switches off at least one rule or ability")
        if oid is None or explain is None:
            continue
        out.append(GameOption(id=oid, name=name or oid, explain=explain,
                              rules=tuple(str(r) for r in rules),
                              abilities=tuple(str(a) for a in abilities)))
        if all(data.get(r, RULE_DEFAULTS.get(r)) is None for r in rules) and not have_abilities & set(abilities):
            off.add(oid)
    return tuple(out), frozenset(off)


def _parse_unit_classes(u: Any, where: str, declared: list[str], chk: Checker) -> tuple[str, ...]:
    node = chk.get(u, "classes", list, where, default=LocList())
    out: list[str] = []
    for i, c in enumerate(node or []):
        if not isinstance(c, str):
            chk.error(node, i, f"{where}.classes: expected a class name")
        elif c not in declared:
            chk.error(node, i, f"{where}.classes: undeclared class '{c}'{did_you_mean(c, declared)} "
                      f"(declare it under the ruleset's 'classes')")
        else:
            out.append(c)
    return tuple(out)


def _parse_damaged(u: Any, where: str, hits: int, dice: int | None,
                   chk: Checker) -> tuple[tuple[int, int], ...]:
    """`damaged: [{attack, defense}, ...]`: values after 1, 2, ... hits."""
    node = chk.get(u, "damaged", list, where, default=LocList())
    out: list[tuple[int, int]] = []
    for i, st in enumerate(node or []):
        w = f"{where}.damaged[{i}]"
        if not isinstance(st, dict):
            chk.error(node, i, f"{w}: expected {{attack, defense}}")
            continue
        chk.unknown_keys(st, ("attack", "defense"), w)
        att = chk.get(st, "attack", int, w)
        dfn = chk.get(st, "defense", int, w)
        if att is None or dfn is None:
            continue
        for key, v in (("attack", att), ("defense", dfn)):
            if v < 0 or (dice and v > dice):
                chk.error(st, key, f"{w}.{key}: {v} is outside 0..{dice}")
        out.append((att, dfn))
    if len(out) > max(0, hits - 1):
        chk.warn(node, None, f"{where}.damaged: {len(out)} damage state(s) but the unit takes "
                 f"{hits} hit(s): states after the last hit are never used")
    return tuple(out)


def _anchors(md: Path) -> frozenset[str]:
    """GitHub-style anchors of a Markdown file's headings (read once per file version:
    every seed note of a ruleset asks)."""
    st = md.stat()
    return _anchors_of(str(md), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=32)
def _anchors_of(md: str, _mtime_ns: int, _size: int) -> frozenset[str]:
    import re
    out: set[str] = set()
    for line in Path(md).read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#{1,6}\s+(.*)$", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(slug)
    return frozenset(out)


def _parse_seed_notes(data: Any, units: dict[str, UnitType], chk: Checker) -> tuple[SeedNote, ...]:
    """`seed_notes`: seed contradictions and gaps with the reading chosen; each becomes
    a lint warning at its line naming the unit(s) and the readings."""
    node = chk.get(data, "seed_notes", list, "ruleset", default=LocList())
    out: list[SeedNote] = []
    for i, n in enumerate(node or []):
        w = f"seed_notes[{i}]"
        if not isinstance(n, dict):
            chk.error(node, i, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(n, ("unit", "units", "ref", "readings", "chosen", "doc"), w)
        names = n.get("units", n.get("unit"))
        names = [names] if isinstance(names, str) else names
        if not isinstance(names, list) or not names:
            chk.error(n, None, f"{w}: needs 'unit' (or 'units')")
            continue
        for u in names:
            if u not in units:
                chk.error(n, "units" if "units" in n else "unit",
                          f"{w}: unknown unit '{u}'{did_you_mean(u, units)}")
        readings = chk.get(n, "readings", list, w)
        chosen = chk.get(n, "chosen", str, w)
        doc = chk.get(n, "doc", str, w)
        ref = chk.get(n, "ref", str, w, default="")
        if readings is not None and (len(readings) < 2 or not all(isinstance(r, str) for r in readings)):
            chk.error(n, "readings", f"{w}.readings: list at least two readings (what the seed says)")
            continue
        if readings is None or chosen is None or doc is None:
            continue
        file, _, anchor = doc.partition("#")
        md = ROOT / file
        if not re.fullmatch(r"docs/[A-Za-z0-9_./-]{1,200}\.md", file) or ".." in file:
            chk.error(n, "doc", f"{w}.doc: a page of docs/, e.g. 'docs/interpretations.md#heading'")
        elif not (ROOT / "docs").is_dir():
            pass   # an installed wheel ships no docs/ to check the reference against
        elif not md.is_file():
            chk.error(n, "doc", f"{w}.doc: no file '{file}'")
        elif anchor and anchor not in _anchors(md):
            chk.error(n, "doc", f"{w}.doc: '{file}' has no heading for '#{anchor}'")
        line, col = node.where(i) if isinstance(node, LocList) else (1, 1)
        note = SeedNote(units=tuple(str(x) for x in names), ref=str(ref or ""),
                        readings=tuple(readings), chosen=chosen, doc=doc, line=line, col=col)
        out.append(note)
        who = ", ".join(note.units)
        both = " / ".join(f"({k + 1}) {r}" for k, r in enumerate(note.readings))
        tag = f" {note.ref}" if note.ref else ""
        chk.warn(node, i, f"seed contradiction{tag} for unit {who}: {both}; chosen: {chosen} "
                 f"(see {doc})")
    return tuple(out)


_Parsed = TypeVar("_Parsed")


def _load_file(path: str | os.PathLike[str],
               parse: Callable[[Any, str, Checker], _Parsed | None]) -> tuple[_Parsed, list[Diagnostic]]:
    """Parse one YAML file; LoadError with every error found, else the result and the
    warnings."""
    path = str(path)
    chk = Checker(path)
    with paused_gc():
        data = load_yaml_file(path)
        out = parse(data, path, chk)
    chk.fail_if_errors()
    assert out is not None
    return out, chk.diags


def load_ruleset_file(path: str | os.PathLike[str]) -> tuple[Ruleset, list[Diagnostic]]:
    return _load_file(path, parse_ruleset)


_RULESET_CACHE: dict[str, Ruleset] = {}


# ids name things, never files: a shared scenario or save must not reach "../x" or "/etc"
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,63}$")


def is_id(value: Any) -> bool:
    return isinstance(value, str) and ID_RE.match(value) is not None


def _check_id(chk: Checker, data: Any, key: str, value: str | None, where: str) -> str | None:
    """`value` when it is an id (letters, digits, _ and -, at most 64); else an error."""
    if value is None or is_id(value):
        return value
    chk.error(data, key, f"{where}.{key}: '{value[:80]}' is not an id (letters, digits, '_' and "
                         f"'-', at most 64, starting with a letter or digit)")
    return None


def ruleset_path(rid: str) -> Path:
    if not is_id(rid):
        raise LoadError([Diagnostic(str(rid)[:80], 1, 1, "error",
                                    f"unknown ruleset '{str(rid)[:80]}': not a ruleset id")])
    return RULESET_DIR / f"{rid}.yaml"


def _register_sibling_ruleset(scenario_path: str, rid: str) -> None:
    """A scenario outside scenarios/ may bring its ruleset in `rulesets/` beside it
    (an imported TripleA map with custom units); the built-in rulesets win."""
    if not is_id(rid):
        return
    sibling = Path(scenario_path).parent / "rulesets" / f"{rid}.yaml"
    if rid in _RULESET_CACHE or ruleset_path(rid).exists() or not sibling.is_file():
        return
    _RULESET_CACHE[rid], _ = load_ruleset_file(sibling)


def load_ruleset(rid: str) -> Ruleset:
    """Load a ruleset by id from scenarios/rulesets/ (cached)."""
    if rid not in _RULESET_CACHE:
        path = ruleset_path(rid)
        if not path.exists():
            known = [p.stem for p in RULESET_DIR.glob("*.yaml")]
            raise LoadError([Diagnostic(str(path), 1, 1, "error",
                                        f"unknown ruleset '{rid}'{did_you_mean(rid, known)}")])
        _RULESET_CACHE[rid], _ = load_ruleset_file(path)
    return _RULESET_CACHE[rid]


SCENARIO_FIELDS = ("format", "id", "title", "ruleset", "description", "turn_limit", "map",
                   "players", "victory", "spaces", "hexes", "hexsides", "reinforcements", "air_support",
                   "air_transport", "canals", "ai_opening", "national_objectives", "politics",
                   "factory_production",
                   "capitals", "convoys", "player_rules", "kamikaze")
SPACE_FIELDS = ("id", "name", "kind", "value", "owner", "factory", "victory_city", "impassable",
                "center", "polygon", "adjacent", "units", "terrain", "naval_base", "home",
                "air_base", "extra_polygons", "places", "label", "true_neutral", "captured_for",
                "original_owner")
FACTORY_SIZES = ("major", "minor")


MAX_COORD = 1_000_000   # map coordinates (pixels of the map image)


_NUMBER = (int, float)   # by exact type: a bool is no coordinate


def _points(chk: Checker, node: Any, where: str) -> list[tuple[float, float]]:
    """The [x, y] points of a list (an outline), as _point reads each: checked in one loop,
    _point only for a point in error (a big map has tens of thousands)."""
    out = []
    for j, value in enumerate(node or ()):
        if isinstance(value, list) and len(value) == 2:
            x, y = value
            if type(x) in _NUMBER and type(y) in _NUMBER and 0 <= x <= MAX_COORD and 0 <= y <= MAX_COORD:
                out.append((float(x), float(y)))
                continue
        pt = _point(chk, node, j, f"{where}[{j}]")
        if pt:
            out.append(pt)
    return out


def _point(chk: Checker, node: Any, key: Any, where: str) -> tuple[float, float] | None:
    value = node[key] if isinstance(node, (dict, list)) else None
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        if not all(0 <= v <= MAX_COORD for v in value):
            chk.error(node, key, f"{where}: {value} is outside the map (0..{MAX_COORD:,})")
            return None
        return (float(value[0]), float(value[1]))
    chk.error(node, key, f"{where}: expected a point [x, y]")
    return None


def _check_side_costs(players: list[PlayerDef], pnode: Any, ruleset: Ruleset | None,
                      chk: Checker) -> None:
    """Side-dependent costs (seed 001: `cost: {allies: 30, opfor: 12}`): a player whose
    alliance (or id) has no price cannot buy the unit; warn once per player."""
    if ruleset is None:
        return
    for i, p in enumerate(players):
        missing = [u.id for u in ruleset.units.values()
                   if isinstance(u.cost, dict) and u.cost_for(p.id, p.alliance) is None]
        if missing:
            keys = sorted({k for u in ruleset.units.values() if isinstance(u.cost, dict) for k in u.cost})
            chk.warn(pnode, i, f"players[{i}] ({p.id}, alliance '{p.alliance}'): no price for "
                     f"{', '.join(missing[:4])}{'...' if len(missing) > 4 else ''} "
                     f"(costs are given for {', '.join(keys)}): it cannot buy them")


def _turn_limit(data: Any, chk: Checker) -> int:
    """The rounds a game lasts: a whole number (default 10), or `none` (0): the game ends
    only by its victory conditions, as the board game plays (TripleA's Global 1940)."""
    value = data.get("turn_limit", 10) if isinstance(data, dict) else 10
    if isinstance(value, str) and value.lower() == "none":
        return 0
    if not isinstance(value, int) or isinstance(value, bool):
        shown = f"'{value}'" if isinstance(value, str) else _kind_of(value)
        chk.error(data, "turn_limit", f"scenario.turn_limit: {shown}: a whole number of rounds, "
                                      f"or none (no limit)")
        return 10
    turn_limit = value
    if turn_limit is not None and turn_limit < 1:  # 0 used to become 10 silently, -1 passed
        chk.error(data, "turn_limit", f"scenario.turn_limit: {turn_limit} rounds; a game needs at least 1 "
                                      f"(or none: no limit)")
        return 10
    return turn_limit or 10


def parse_scenario(data: Any, path: str, chk: Checker, ruleset: Ruleset | None = None
                   ) -> Scenario | None:
    """A scenario file's data, checked section by section in the file's order (the
    diagnostics come in that order): the header, the map, the players, the spaces and the
    starting position, the victory and the rules sections."""
    if not isinstance(data, dict):
        chk.error(data, None, "a scenario file must be a mapping")
        return None
    chk.unknown_keys(data, SCENARIO_FIELDS, "scenario")
    sid = _check_id(chk, data, "id", chk.get(data, "id", str, "scenario"), "scenario")
    title = chk.get(data, "title", str, "scenario", default=sid or "")
    if title is not None and len(title) > 200:
        chk.error(data, "title", f"scenario.title: {len(title):,} characters; at most 200")
        title = title[:200]
    rid = _check_id(chk, data, "ruleset", chk.get(data, "ruleset", str, "scenario"), "scenario")
    if ruleset is None and rid is not None:
        ruleset = _scenario_ruleset(data, path, rid, chk)
    description = str(data.get("description", "") or "").strip()
    if len(description) > 20_000:
        chk.error(data, "description", f"scenario.description: {len(description):,} characters; "
                                       f"at most 20,000")
    turn_limit = _turn_limit(data, chk)
    map_node, map_kind, size, background = _parse_map(data, chk)
    players, pnode = _parse_players(data, ruleset, chk)
    pids = [p.id for p in players]
    board = _StartBoard()
    snode = chk.get(data, "spaces", list, "scenario", default=LocList())
    if map_kind == "hex":
        if "spaces" in data:
            chk.error(data, "spaces", "scenario.spaces: a hex map lists 'hexes', not 'spaces'")
        snode = LocList()
        board.spaces, board.owners, hex_units, board.hexmap = parse_hex_scenario(data, map_node, chk,
                                                                                 ruleset, pids)
        board.start_units.extend(hex_units)
        if board.hexmap.hexes and "size" not in (map_node or {}):
            xs = [x for sp in board.spaces.values() for x, _ in sp.polygon]
            ys = [y for sp in board.spaces.values() for _, y in sp.polygon]
            size = (int(max(xs) + board.hexmap.hex_size), int(max(ys) + board.hexmap.hex_size))
    adjacency_nodes: dict[str, Any] = {}
    for i, s in enumerate(snode or []):
        _parse_zone_space(s, i, snode, board, adjacency_nodes, pids, ruleset, chk)
    _check_adjacency(board.spaces, adjacency_nodes, chk)
    spaces = board.spaces
    for i, p in enumerate(players):
        if p.capital is not None and p.capital not in spaces:
            chk.error(pnode[i], "capital", f"players[{i}].capital: unknown space '{p.capital}'"
                      f"{did_you_mean(p.capital, spaces)}")
    alliances = sorted({p.alliance for p in players})
    vnode, vc, at_limit = _parse_victory_cities(data, alliances, chk)
    rules = _parse_rule_sections(data, vnode, spaces, players, alliances, ruleset, chk)
    if turn_limit == 0 and not rules["victory_conditions"]:
        chk.error(data, "turn_limit", "scenario.turn_limit: none, but the scenario has no victory.conditions: "
                                      "nothing would end the game")
    factory_production = chk.get(data, "factory_production", str, "scenario", default="complex")
    if factory_production not in ("complex", "value"):
        chk.error(data, "factory_production", "factory_production: 'complex' (the ruleset's "
                  "facilities say what a complex places) or 'value' (the territory's value)")
        factory_production = "complex"
    if sid is None or rid is None:
        return None
    return Scenario(
        id=sid, title=title, ruleset_id=rid, description=description, turn_limit=turn_limit,
        size=size, background=background, players=tuple(players), spaces=spaces,
        start_owners=board.owners, original_owners=board.original_owners,
        start_factories=frozenset(board.factories),
        start_units=tuple(board.start_units), victory_cities=dict(vc or {}),
        at_turn_limit=at_limit or "victory_cities", path=path, factory_sizes=board.factory_sizes,
        wrap_x=bool(map_node.get("wrap_x", False)) if map_node else False,
        factory_production=factory_production or "complex", hexmap=board.hexmap, **rules)


def _scenario_ruleset(data: Any, path: str, rid: str, chk: Checker) -> Ruleset | None:
    """The ruleset the scenario names (a ruleset file next to it counts); its problems are
    the scenario's."""
    try:
        _register_sibling_ruleset(path, rid)
        return load_ruleset(rid)
    except LoadError as exc:
        for d in exc.diagnostics:
            if "unknown ruleset" in d.message:
                chk.error(data, "ruleset", d.message)
            else:
                chk.diags.append(d)
    return None


def _parse_map(data: Any, chk: Checker) -> tuple[Any, str, tuple[int, int], str]:
    """`map`: (its node, kind, size, background); a zone map refuses the hex-only sections."""
    map_node = chk.get(data, "map", dict, "scenario")
    size: tuple[int, int] = (1600, 1000)
    background = "#2b4d6e"
    map_kind = "zone"
    if map_node:
        chk.unknown_keys(map_node, ("kind", "size", "background", "hex_size", "wrap_x"), "map")
        if "wrap_x" in map_node and not isinstance(map_node["wrap_x"], bool):
            chk.error(map_node, "wrap_x", "map.wrap_x: expected true or false")
        map_kind = str(map_node.get("kind", "zone"))
        if map_kind not in ("zone", "hex"):
            chk.error(map_node, "kind", f"map.kind: 'zone' or 'hex', not '{map_kind}'")
        elif map_kind == "zone":
            for key in ("hexes", "hexsides", "reinforcements", "air_support", "air_transport", "ai_opening"):
                if key in data:
                    chk.error(data, key, f"scenario.{key}: only hex maps (map.kind: hex) have it")
        if "size" in map_node:
            pt = _point(chk, map_node, "size", "map.size")
            if pt:
                size = (int(pt[0]), int(pt[1]))
        background = str(map_node.get("background", background))
    return map_node, map_kind, size, background


def _parse_players(data: Any, ruleset: Ruleset | None, chk: Checker) -> tuple[list[PlayerDef], Any]:
    """`players`, in turn order, with their node (for the diagnostics that come later)."""
    players: list[PlayerDef] = []
    pnode = chk.get(data, "players", list, "scenario", default=LocList())
    for i, p in enumerate(pnode or []):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            chk.error(pnode, i, f"{where}: expected a mapping")
            continue
        chk.unknown_keys(p, ("id", "name", "alliance", "color", "capital", "resources", "doctrines",
                             "power", "placement", "plural", "units_to"), where)
        pid = chk.get(p, "id", str, where)
        alliance = chk.get(p, "alliance", str, where)
        if pid is None or alliance is None:
            continue
        players.append(PlayerDef(
            id=pid, name=chk.get(p, "name", str, where, default=pid), alliance=alliance,
            color=chk.get(p, "color", str, where, default="#888888"),
            capital=chk.get(p, "capital", str, where, default=None, allow_none=True),
            resources=chk.get(p, "resources", int, where, default=0),
            doctrines=_parse_doctrines(p, where, ruleset, chk),
            power=_parse_power(p, where, ruleset, chk),
            placement=_parse_placement(p, where, ruleset, chk),
            plural=chk.get(p, "plural", bool, where, default=None, allow_none=True),
            units_to=chk.get(p, "units_to", str, where, default=None, allow_none=True)))
    pids = [p.id for p in players]
    if len(set(pids)) != len(pids):
        chk.error(pnode, None, "players: duplicate player id")
    _check_units_to(players, pnode, chk)
    if len({p.alliance for p in players}) < 2:
        chk.error(pnode, None, "players: need at least two alliances")
    _check_side_costs(players, pnode, ruleset, chk)
    return players, pnode


@dataclasses.dataclass
class _StartBoard:
    """The spaces (or hexes) and the starting position on them, as parse_scenario reads them."""
    spaces: dict[str, SpaceDef] = dataclasses.field(default_factory=dict)
    owners: dict[str, str | None] = dataclasses.field(default_factory=dict)
    original_owners: dict[str, str] = dataclasses.field(default_factory=dict)
    factories: set[str] = dataclasses.field(default_factory=set)
    factory_sizes: dict[str, str] = dataclasses.field(default_factory=dict)
    start_units: list[tuple[str, str, str, int]] = dataclasses.field(default_factory=list)
    hexmap: Any = None


def _parse_zone_space(s: Any, i: int, snode: Any, board: _StartBoard, adjacency_nodes: dict[str, Any],
                      pids: list[str], ruleset: Ruleset | None, chk: Checker) -> None:
    """One entry of `spaces`: its SpaceDef, starting owner, factory and units go on the
    board; its `adjacent` node waits for _check_adjacency."""
    where = f"spaces[{i}]"
    if not isinstance(s, dict):
        chk.error(snode, i, f"{where}: expected a mapping")
        return
    chk.unknown_keys(s, SPACE_FIELDS, where)
    sid_ = chk.get(s, "id", str, where)
    if sid_ is None:
        return
    where = f"spaces.{sid_}"
    if sid_ in board.spaces:
        chk.error(s, "id", f"{where}: duplicate space id")
    kind = chk.get(s, "kind", str, where)
    if kind not in (LAND, SEA):
        chk.error(s, "kind", f"{where}.kind: must be 'land' or 'sea'")
        kind = LAND
    value = chk.get(s, "value", int, where, default=0)
    center = _point(chk, s, "center", f"{where}.center") if "center" in s else None
    if "center" not in s:
        chk.error(s, None, f"{where}: missing field 'center'")
    poly_node = chk.get(s, "polygon", list, where, default=LocList())
    polygon = _points(chk, poly_node, f"{where}.polygon")
    if len(polygon) < 3:
        chk.error(s, "polygon", f"{where}.polygon: needs at least 3 points")
    extra_polygons = _parse_outlines(chk, s, where)
    places_node = chk.get(s, "places", list, where, default=LocList())
    places = _points(chk, places_node, f"{where}.places")
    adj = chk.get(s, "adjacent", list, where, default=LocList())
    adjacency_nodes[sid_] = adj
    owner = chk.get(s, "owner", str, where, default=None, allow_none=True)
    if owner is not None and owner not in pids:
        chk.error(s, "owner", f"{where}.owner: unknown player '{owner}'{did_you_mean(owner, pids)}")
    if kind == SEA and owner is not None:
        chk.error(s, "owner", f"{where}.owner: sea zones have no owner")
    board.owners[sid_] = owner if kind == LAND else None
    original = chk.get(s, "original_owner", str, where, default=None, allow_none=True)
    if original is not None and original not in pids:
        chk.error(s, "original_owner", f"{where}.original_owner: unknown player "
                  f"'{original}'{did_you_mean(original, pids)}")
    elif original is not None and kind == SEA:
        chk.error(s, "original_owner", f"{where}.original_owner: sea zones have no owner")
    elif original is not None and original != owner:
        board.original_owners[sid_] = original
    _parse_factory(s, where, sid_, kind, board, chk)
    for flag in ("naval_base", "home", "air_base", "true_neutral"):
        if flag in s and not isinstance(s[flag], bool):
            chk.error(s, flag, f"{where}.{flag}: expected true or false")
        elif s.get(flag) and kind == SEA:
            chk.error(s, flag, f"{where}.{flag}: only land territories can have it")
    if s.get("home") is True and owner is None:
        chk.error(s, "home", f"{where}.home: a home territory needs a starting owner")
    board.start_units.extend(_parse_start_units(s, where, sid_, kind, pids, ruleset, chk))
    terrain = _parse_terrain(s, where, kind, chk)
    board.spaces[sid_] = SpaceDef(
        id=sid_, name=chk.get(s, "name", str, where, default=sid_), kind=kind,
        value=value or 0, adjacent=tuple(str(a) for a in (adj or [])),
        center=center or (0.0, 0.0), polygon=tuple(polygon),
        impassable=bool(s.get("impassable", False)),
        victory_city=bool(s.get("victory_city", False)), terrain=tuple(terrain),
        home=s.get("home") is True and kind == LAND,
        naval_base=s.get("naval_base") is True and kind == LAND,
        air_base=s.get("air_base") is True and kind == LAND,
        true_neutral=s.get("true_neutral") is True and kind == LAND,
        captured_for=_parse_captured_for(s, where, kind, pids, chk),
        extra_polygons=extra_polygons, places=tuple(places),
        label=_point(chk, s, "label", f"{where}.label") if "label" in s else None)


def _parse_factory(s: Any, where: str, sid_: str, kind: str, board: _StartBoard, chk: Checker) -> None:
    """A space's `factory`: true or major, minor; on land only."""
    fac = s.get("factory")
    if fac is None or fac is False:
        return
    if fac is True:
        fac = "major"  # `factory: true` (g40 scenarios) is a major industrial complex
    if fac not in FACTORY_SIZES:
        chk.error(s, "factory", f"{where}.factory: expected true, major or minor, not {fac!r}"
                  f"{did_you_mean(fac, FACTORY_SIZES)}")
    elif kind == SEA:
        chk.error(s, "factory", f"{where}.factory: a factory must be on land")
    else:
        board.factories.add(sid_)
        if fac == "minor":
            board.factory_sizes[sid_] = "minor"


def _parse_start_units(s: Any, where: str, sid_: str, kind: str, pids: list[str],
                       ruleset: Ruleset | None, chk: Checker) -> list[tuple[str, str, str, int]]:
    """A space's `units: {player: {unit: count}}` as (space, player, unit, count)."""
    out: list[tuple[str, str, str, int]] = []
    units_node = chk.get(s, "units", dict, where, default={})
    for upid, counts in (units_node or {}).items():
        if upid not in pids:
            chk.error(units_node, upid, f"{where}.units: unknown player '{upid}'{did_you_mean(upid, pids)}")
            continue
        if not isinstance(counts, dict):
            chk.error(units_node, upid, f"{where}.units.{upid}: expected unit id -> count")
            continue
        for ut, n in counts.items():
            if ruleset is not None and ut not in ruleset.units:
                chk.error(counts, ut, f"{where}.units.{upid}: unknown unit '{ut}'"
                          f"{did_you_mean(ut, ruleset.units)}")
                continue
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                chk.error(counts, ut, f"{where}.units.{upid}.{ut}: count must be a whole number")
                continue
            if n > MAX_START_COUNT:
                chk.error(counts, ut, f"{where}.units.{upid}.{ut}: {n} units; at most "
                          f"{MAX_START_COUNT:,} of a type start in one space")
                continue
            if ruleset is not None:
                dom = ruleset.units[ut].domain
                if (dom == SEA) != (kind == SEA) and dom != "air":
                    chk.error(counts, ut, f"{where}.units.{upid}.{ut}: a {dom} unit cannot start in a {kind} space")
            out.append((sid_, upid, ut, n))
    return out


def _parse_terrain(s: Any, where: str, kind: str, chk: Checker) -> list[str]:
    """A space's `terrain` tags, each fitting its kind of space."""
    terrain_node = chk.get(s, "terrain", list, where, default=LocList())
    terrain: list[str] = []
    for j, tag in enumerate(terrain_node or []):
        if tag not in TERRAIN_TAGS:
            chk.error(terrain_node, j, f"{where}.terrain: unknown terrain '{tag}'"
                      f"{did_you_mean(tag, TERRAIN_TAGS)} (known: {', '.join(TERRAIN_TAGS)})")
        elif tag in ("coastal", "lake") and kind != SEA:
            chk.error(terrain_node, j, f"{where}.terrain: '{tag}' is a kind of sea zone")
        elif tag in ("mountain", "track") and kind != LAND:
            chk.error(terrain_node, j, f"{where}.terrain: '{tag}' is for land spaces")
        else:
            terrain.append(str(tag))
    return terrain


def _check_adjacency(spaces: dict[str, SpaceDef], adjacency_nodes: dict[str, Any], chk: Checker) -> None:
    """Every border names a known space, which lists it back; none borders itself."""
    for sid_, sp in spaces.items():
        if sid_ not in adjacency_nodes:
            continue  # a hex: adjacency is geometry
        adj = adjacency_nodes[sid_]
        for j, other in enumerate(sp.adjacent):
            if other not in spaces:
                chk.error(adj, j, f"spaces.{sid_}.adjacent: unknown space '{other}'{did_you_mean(other, spaces)}")
            elif sid_ not in spaces[other].adjacent:
                chk.error(adj, j, f"spaces.{sid_}.adjacent: '{other}' does not list '{sid_}' back")
            elif other == sid_:
                chk.error(adj, j, f"spaces.{sid_}.adjacent: a space cannot border itself")


def _parse_victory_cities(data: Any, alliances: list[str], chk: Checker) -> tuple[Any, Any, Any]:
    """`victory`: (its node, the victory cities each alliance needs, who wins at the turn
    limit); its `conditions` are read with the rules sections."""
    vnode = chk.get(data, "victory", dict, "scenario", default=LocDict())
    chk.unknown_keys(vnode, ("victory_cities", "at_turn_limit", "conditions"), "victory")
    vc = chk.get(vnode, "victory_cities", dict, "victory", default={})
    for ally in (vc or {}):
        if ally not in alliances:
            chk.error(vc, ally, f"victory.victory_cities: unknown alliance '{ally}'{did_you_mean(ally, alliances)}")
    at_limit = chk.get(vnode, "at_turn_limit", str, "victory", default="victory_cities")
    if at_limit not in ("victory_cities", "draw") and at_limit not in alliances:
        chk.error(vnode, "at_turn_limit", "victory.at_turn_limit: 'victory_cities', 'draw' or an "
                  "alliance (it wins when the limit is reached)")
    return vnode, vc, at_limit


def _parse_rule_sections(data: Any, vnode: Any, spaces: dict[str, SpaceDef], players: list[PlayerDef],
                         alliances: list[str], ruleset: Ruleset | None, chk: Checker) -> dict[str, Any]:
    """The scenario's rules sections, each read by the rules module that plays it: canals,
    national objectives, politics, capitals, convoys, player rules, kamikaze, victory
    conditions. Keys: the Scenario fields they fill."""
    pids = [p.id for p in players]
    canals, canal_control = _parse_canals(data, spaces, chk, ruleset)
    from . import objectives
    national = objectives.parse(data, spaces, pids, ruleset, chk)
    from . import politics as politics_rules
    politics = politics_rules.parse(data, pids, objectives.conditions_parser(spaces, pids, ruleset, chk, data),
                                    chk, spaces)
    from . import capitals as capital_rules
    from . import convoys as convoy_rules
    capitals = capital_rules.parse(data, chk, pids, ruleset)
    convoys = convoy_rules.parse(data, spaces, pids, ruleset, chk)
    from . import player_rules as player_rules_mod
    player_rules = player_rules_mod.parse(data, spaces, pids, ruleset,
                                          objectives.conditions_parser(spaces, pids, ruleset, chk, data), chk)
    from .zone import kamikaze as kamikaze_rules
    kamikaze = kamikaze_rules.parse(data, spaces, pids, chk)
    from . import victory as victory_rules
    victory_conditions = victory_rules.parse(vnode, players, alliances,
                                             objectives.conditions_parser(spaces, pids, ruleset, chk, data), chk)
    return {"canals": canals, "canal_control": canal_control, "objectives": national,
            "politics": politics, "capitals": capitals, "convoys": convoys,
            "player_rules": player_rules, "victory_conditions": victory_conditions,
            "kamikaze": kamikaze}


def _parse_canals(data: Any, spaces: dict[str, SpaceDef], chk: Checker, ruleset: Ruleset | None
                  ) -> tuple[dict[tuple[str, str], str], dict[str, CanalControl]]:
    """`canals: [{name: Corinth Canal, between: [zone, zone]}]` (seed 000 G49): a canal
    tags the border of two adjacent sea zones (units with `cannot_traverse` cannot cross).
    `controlled_by: [territory, ...]` (G40) closes it to sea units of a side that has not
    held them all since the start of its turn, except units listed in `open_to`."""
    node = chk.get(data, "canals", list, "scenario", default=LocList())
    out: dict[tuple[str, str], str] = {}
    control: dict[str, CanalControl] = {}
    for i, c in enumerate(node or []):
        where = f"canals[{i}]"
        if not isinstance(c, dict):
            chk.error(node, i, f"{where}: expected {{name: ..., between: [zone, zone]}}")
            continue
        chk.unknown_keys(c, ("name", "between", "controlled_by", "open_to"), where)
        name = chk.get(c, "name", str, where, default="canal")
        held = chk.get(c, "controlled_by", list, where, default=LocList()) or []
        bad_held = [t for t in held if not isinstance(t, str) or t not in spaces or spaces[t].kind == SEA]
        if bad_held:
            chk.error(c, "controlled_by", f"{where}.controlled_by: '{bad_held[0]}' is not a land "
                      f"territory{did_you_mean(str(bad_held[0]), spaces)}")
            continue
        open_to = chk.get(c, "open_to", list, where, default=LocList()) or []
        unknown = [r for r in open_to if ruleset is not None and not ruleset.expand(str(r))]
        if unknown:
            chk.error(c, "open_to", f"{where}.open_to: '{unknown[0]}' is no unit type or class of "
                      f"the ruleset{did_you_mean(str(unknown[0]), ruleset.units if ruleset else {})}")
            continue
        if held:
            control[name or "canal"] = CanalControl(tuple(str(t) for t in held),
                                                    tuple(str(u) for u in open_to))
        pair = chk.get(c, "between", list, where)
        if pair is None:
            continue
        if len(pair) != 2 or not all(isinstance(z, str) for z in pair):
            chk.error(c, "between", f"{where}.between: expected two sea zone ids")
            continue
        a, b = str(pair[0]), str(pair[1])
        bad = [z for z in (a, b) if z not in spaces]
        if bad:
            chk.error(c, "between", f"{where}.between: unknown space '{bad[0]}'{did_you_mean(bad[0], spaces)}")
            continue
        if spaces[a].kind != SEA or spaces[b].kind != SEA:
            chk.error(c, "between", f"{where}.between: a canal joins two sea zones")
            continue
        if b not in spaces[a].adjacent:
            chk.error(c, "between", f"{where}.between: {a} and {b} do not border each other (list "
                      f"them as adjacent; the canal tags that border)")
            continue
        out[(a, b) if a < b else (b, a)] = name or "canal"
    return out, control


def _parse_outlines(chk: Checker, s: Any, where: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """`extra_polygons: [[[x, y], ...], ...]`: more outlines of a space in several parts
    (island groups imported from TripleA)."""
    node = chk.get(s, "extra_polygons", list, where, default=LocList())
    out = []
    for i, poly in enumerate(node or []):
        if not isinstance(poly, list) or len(poly) < 3:
            chk.error(node, i, f"{where}.extra_polygons[{i}]: expected a list of at least 3 points")
            continue
        out.append(tuple(_points(chk, poly, f"{where}.extra_polygons[{i}]")))
    return tuple(out)


def _check_units_to(players: list[PlayerDef], pnode: Any, chk: Checker) -> None:
    """`units_to: british` (G40 UK Pacific): another player of its alliance, who is no
    separate economy itself."""
    by_id = {p.id: p for p in players}
    for i, p in enumerate(players):
        to = by_id.get(p.units_to or "")
        if p.units_to is None:
            continue
        if to is None or to.id == p.id or to.alliance != p.alliance or to.units_to:
            chk.error(pnode[i], "units_to", f"players[{i}].units_to: '{p.units_to}' is not another "
                      f"player of alliance '{p.alliance}' with units of its own")


def _parse_captured_for(s: Any, where: str, kind: str, pids: list[str], chk: Checker
                        ) -> tuple[tuple[str, str], ...]:
    """`captured_for: {british: uk_pacific}`: what the first player captures here goes to
    the second (TripleA whenCapturedByGoesTo)."""
    node = chk.get(s, "captured_for", dict, where, default=None, allow_none=True)
    if not node:
        return ()
    if kind != LAND:
        chk.error(s, "captured_for", f"{where}.captured_for: only land territories are captured")
        return ()
    out = []
    for a, b in node.items():
        if a not in pids or b not in pids:
            chk.error(node, a, f"{where}.captured_for: unknown player '{a if a not in pids else b}'")
            continue
        out.append((str(a), str(b)))
    return tuple(out)


def _parse_power(p: Any, where: str, ruleset: Ruleset | None, chk: Checker) -> str | None:
    """`power: russia`: which of the ruleset's powers this player is (seed 002 limits)."""
    power = chk.get(p, "power", str, where, default=None, allow_none=True)
    if power is not None and ruleset is not None and power not in ruleset.powers:
        chk.error(p, "power", f"{where}.power: ruleset '{ruleset.id}' has no power '{power}'"
                  f"{did_you_mean(power, list(ruleset.powers))} (known: "
                  f"{', '.join(ruleset.powers) or 'none'})")
    return power


def _parse_placement(p: Any, where: str, ruleset: Ruleset | None,
                     chk: Checker) -> PlacementRule | None:
    """`placement: {anywhere_owned: true, captured: true, per_territory: 3, units: [infantry]}`:
    the player places (those) land units in any territory it has held since the start of the
    turn, not only at factories (TripleA placementAnyTerritory; v3 Chinese)."""
    node = chk.get(p, "placement", dict, where, default=None, allow_none=True)
    if node is None:
        return None
    w = f"{where}.placement"
    chk.unknown_keys(node, ("anywhere_owned", "captured", "per_territory", "units"), w)
    anywhere = chk.get(node, "anywhere_owned", bool, w, default=True)
    captured = chk.get(node, "captured", bool, w, default=False)
    per = chk.get(node, "per_territory", int, w, default=0)
    if isinstance(per, int) and per < 0:
        chk.error(node, "per_territory", f"{w}.per_territory: expected 0 (no limit) or more")
        per = 0
    units: list[str] = []
    unode = chk.get(node, "units", list, w, default=LocList())
    for j, u in enumerate(unode or []):
        if not isinstance(u, str):
            chk.error(unode, j, f"{w}.units: expected a unit id")
            continue
        if ruleset is not None and u not in ruleset.units:
            chk.error(unode, j, f"{w}.units: unknown unit '{u}'{did_you_mean(u, list(ruleset.units))}")
            continue
        if ruleset is not None and ruleset.units[u].domain != LAND:
            chk.error(unode, j, f"{w}.units: '{u}' is not a land unit (placed on land only)")
            continue
        units.append(u)
    return PlacementRule(anywhere_owned=bool(anywhere), captured=bool(captured),
                         per_territory=per if isinstance(per, int) else 0, units=tuple(units))


def _parse_doctrines(p: Any, where: str, ruleset: Ruleset | None, chk: Checker) -> tuple[str, ...]:
    """`doctrines: [assault_tactics, ...]`: what the player may build with requires_doctrine.
    A doctrine no unit of the ruleset requires is a warning (a typo, most likely)."""
    node = chk.get(p, "doctrines", list, where, default=LocList())
    known = sorted({ab.doctrine for ut in (ruleset.units.values() if ruleset else ())
                    for ab in ut.abilities_named("requires_doctrine")})
    out: list[str] = []
    for j, d in enumerate(node or []):
        if not isinstance(d, str):
            chk.error(node, j, f"{where}.doctrines: expected a doctrine name")
            continue
        if ruleset is not None and d not in known:
            chk.warn(node, j, f"{where}.doctrines: no unit of ruleset '{ruleset.id}' requires "
                     f"doctrine '{d}'{did_you_mean(d, known)} (known: {', '.join(known) or 'none'})")
        out.append(d)
    return tuple(out)


# scenarios parsed in this process, by file and its size and modification time: the menu
# lists every scenario, then a new game or a save opens one of them again (an imported
# Global 1940 map took a second to read each time; issue #45). Scenarios are frozen.
_SCENARIO_FILES: dict[tuple[str, int, int], tuple[Scenario, list[Diagnostic]]] = {}
_SCENARIO_FILES_KEPT = 16
# the same by the hash of their text: a player who imported the Global 1940 map has the
# shipped one's text in another folder, and the menu read both (issue #45)
_SCENARIO_TEXTS: dict[str, tuple[Scenario, list[Diagnostic]]] = {}


def load_scenario_file(path: str | os.PathLike[str]) -> tuple[Scenario, list[Diagnostic]]:
    try:
        st = os.stat(path)
        key: tuple[str, int, int] | None = (os.path.realpath(path), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None   # _load_file says why it cannot be read
    hit = _SCENARIO_FILES.get(key) if key else None
    if hit is not None and hit[0].path == str(path):
        return hit[0], list(hit[1])
    digest = _text_digest(path) if key else None
    same = _SCENARIO_TEXTS.get(digest) if digest else None
    if same is not None:
        sc, diags = _moved(same[0], same[1], str(path))
    else:
        sc, diags = _load_file(path, parse_scenario)
    if key:
        _keep(_SCENARIO_FILES, key, (sc, list(diags)))
        if digest and sc.ruleset_id and ruleset_path(sc.ruleset_id).exists():
            _keep(_SCENARIO_TEXTS, digest, (sc, list(diags)))
    return sc, diags


def _keep(kept: dict[Any, Any], key: Any, value: Any) -> None:
    if key not in kept and len(kept) >= _SCENARIO_FILES_KEPT:
        kept.pop(next(iter(kept)))
    kept[key] = value


def _text_digest(path: str | os.PathLike[str]) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read(MAX_YAML_BYTES + 1)).hexdigest()
    except OSError:
        return None


def _moved(sc: Scenario, diags: list[Diagnostic], path: str) -> tuple[Scenario, list[Diagnostic]]:
    """A scenario parsed from the same text at another path, as if parsed at `path`: its
    ruleset is a built-in one (kept only then), so the folder changed nothing else."""
    return (dataclasses.replace(sc, path=path),
            [dataclasses.replace(d, path=path) if d.path == sc.path else d for d in diags])


def imported_dir() -> Path:
    """Where scenarios imported by the user (TripleA maps) live: the user data folder."""
    import platformdirs
    return Path(platformdirs.user_data_dir("warboard", appauthor=False)) / "imported"


def scenario_files() -> list[Path]:
    """The shipped scenarios, then the user's imported ones (a shipped id wins)."""
    imported = imported_dir()
    return sorted(SCENARIO_DIR.glob("*.yaml")) + (sorted(imported.glob("*.yaml")) if imported.is_dir() else [])


def find_scenario(name: str) -> Path:
    """A scenario id or a path to a scenario YAML file."""
    if os.path.exists(name) and os.path.isfile(name):
        return Path(name)
    return _scenario_file_of(name)


def load_scenario_by_id(sid: str) -> Scenario:
    """A shipped or imported scenario by its id only (never a path: a save names ids)."""
    sc, _ = load_scenario_file(_scenario_file_of(sid))
    return sc


def _scenario_file_of(name: str) -> Path:
    ids: dict[str, Path] = {}
    for p in scenario_files():
        try:
            text = read_text(str(p))
        except LoadError:
            continue   # lint and the menu report it; one bad file never hides the others
        # the top-level `id:` line is enough (parsing every file is slow with big maps)
        m = re.search(r"^id:[ \t]*[\"']?([A-Za-z0-9_\-]+)", text, re.MULTILINE)
        if m:
            ids.setdefault(m.group(1), p)
            continue
        try:
            data = load_yaml(text, str(p))
        except LoadError:
            continue
        if isinstance(data, dict) and "id" in data:
            ids.setdefault(str(data["id"]), p)
    if name in ids:
        return ids[name]
    raise LoadError([Diagnostic(name, 1, 1, "error",
                                f"no scenario '{name}'{did_you_mean(name, ids)}; "
                                f"see 'python -m game scenarios'")])


def load_scenario(name: str) -> Scenario:
    sc, _ = load_scenario_file(find_scenario(name))
    return sc
