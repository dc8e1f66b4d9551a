"""Import a TripleA map folder (game XML + polygons/centers/place/map.properties)
as a Warboard zone scenario on the g40 rules.

`import_map(map_dir, game=None)` returns an `Imported` holding the scenario as
plain data, an optional derived ruleset (when the XML has unit types g40 lacks)
and a `Report` of everything approximated or left out: nothing is dropped
silently. `triplea_write.write(...)` saves them as YAML. Pure: no pygame.

The import is a sequence of steps, each a function below, in the order `import_map`
calls them (the report lists what each step met in that order): the map's drawing
files, the space ids, the turn order, capitals, players, unit types, the spaces,
the rules of the XML's attachments, victory, then the scenario and its ruleset.
The parts: triplea_game (the XML), triplea_units, triplea_players,
triplea_territories (the scenario's sections), triplea_leftovers (the rest, reported).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.victory import MACHINE_ROUNDS
from .triplea_economy import report_economy
from .triplea_files import (
    Point,
    TripleaError,
    polygon_area,
    read_points,
    read_polygons,
    read_properties,
    simplify,
)
from .triplea_game import GameXml, as_int, is_true, map_root, pick_game, read_game
from .triplea_handover import neutral_handovers
from .triplea_leftovers import rule_attachments, territory_options
from .triplea_liberation import liberation_units
from .triplea_names import BASES, FACTORIES, G40_UNITS, POWERS, norm, player_title, slug
from .triplea_players import (
    condition_context,
    national_objectives,
    player_limits,
    politics,
    read_kamikaze,
    read_placement,
    read_units_to,
    victories,
)
from .triplea_report import Imported, Report
from .triplea_territories import ECONOMY_OPTIONS, captured_for, read_canals, read_convoys
from .triplea_units import (
    BASE_RULESET,
    KNOWN_UNIT_OPTIONS,
    compare_base,
    compare_unit,
    custom_unit,
    load_base_ruleset,
    move_cargo,
    unit_options,
    unsold_units,
    variant_base,
)

__all__ = ["import_map"]

SIMPLIFY_TOLERANCE = 1.2   # world pixels: invisible at any zoom the camera allows
NAME_CHAR_W = 6.5         # TripleA's territory-name font: about 6.5 px a character
UNIT_IMAGE = 48            # TripleA unit images are 48 px; place.txt gives their top-left
# TripleA's default victory-city counts for its three victory conditions
VICTORY_DEFAULTS = {"Projection of Power": 13, "Honorable Surrender": 15, "Total Victory": 18}
PALETTE = ["#5a5a5a", "#af2828", "#e6b937", "#916400", "#394d86", "#4a7300", "#5a5a00",
           "#6a3d9a", "#b15928", "#1f78b4"]
# the map folder's files Warboard does not draw from
UNDRAWN_FILES = ("decorations.txt", "capitols.txt", "vc.txt", "comments.txt", "kamikaze_place.txt",
                 "blockade.txt", "convoy.txt")
# territory options a space reads (the economy options too where the territory changes hands
# by them: captured_for)
LAND_OPTIONS = {"production", "capital", "victoryCity", "isImpassable", "originalOwner",
                "unitProduction"}
SEA_OPTIONS = {"production", "blockadeZone"}   # sea zones are never captured
# why an attachment no step read is left out, by its kind
LEFTOVER_KINDS = {"techAttachment": "technologies: Warboard's g40 has none",
                  "canalAttachment": "canals: the sea zones connect without them",
                  "objectiveAttachment": "national objectives: no bonus income",
                  "rulesAttachment": "player rules (movement/placement restrictions)",
                  "triggerAttachment": "triggers", "politicalActionAttachment": "political actions",
                  "relationshipTypeAttachment": "relationships", "userActionAttachment": "user actions",
                  "supportAttachment": "support attachments: only artillery support is modelled"}
UNREAD_GAME_OPTIONS = ("Tech Development", "Low Luck", "Kamikaze Airplanes")



def import_map(map_dir: str | Path, game: str | None = None, scenario_id: str | None = None,
               turn_limit: int | None = None, frontier_units: bool = False,
               variant_of: str | None = None) -> Imported:
    """`frontier_units`: the game's ruleset builds only what the XML's production frontiers
    sell (the other g40 units get cost null in a derived ruleset); `variant_of`: the id of
    a shipped scenario imported from another XML of the same map, whose ruleset this one
    is played with (so its house-rule variants apply too)."""
    map_dir = Path(map_dir)
    report = Report(source=map_dir.name)
    research: list[str] = []   # what research would use (Warboard plays without it)
    xml_path = pick_game(map_dir, game, report)
    gx = read_game(xml_path)
    report.source = f"{map_dir.name} ({xml_path.name}: {gx.name})"
    files = _read_map_files(map_dir, gx, report)
    ids = _space_ids(gx)
    turns = _turn_order(gx, research, report)
    pids = {p: slug(p) for p in gx.players}
    capitals = _capitals(gx, pids, report)
    players = _players(gx, turns, ids, pids, capitals, files, report)
    units = _unit_types(gx, frontier_units, variant_of, research, report)
    board = _board(gx, files, ids, pids, units, report)
    rules = _attachment_rules(gx, ids, pids, units, turns, capitals, players, board, research,
                              report)
    victory = _victory(gx, players, rules.won_by, board.vc_count, turn_limit, report)
    scenario = _scenario(scenario_id or slug(gx.name), gx, files, players, units, board, rules,
                         victory, variant_of, ids, pids, report)
    ruleset = _derived_ruleset(scenario["ruleset"], gx, units)
    return Imported(scenario=scenario, ruleset=ruleset, report=report)


# --- the steps' results -------------------------------------------------------------------

@dataclass
class _MapFiles:
    """The map folder's drawing files: outlines, the points TripleA draws at, map.properties."""
    folder: str        # the map folder's name, as given
    root: Path         # the folder holding polygons.txt: the map folder or its map/
    polygons: dict[str, list[list[Point]]]
    centers: dict[str, list[Point]]
    places: dict[str, list[Point]]
    names: dict[str, list[Point]]
    properties: dict[str, str]


@dataclass
class _Turns:
    """The players in turn order, where each has steps in the XML's sequence, who places
    whose units (a separate economy: `units_to`) and where each may place."""
    order: list[str]
    steps_of: dict[str, list[int]]
    units_to: dict[str, str]
    placement: dict[str, dict[str, Any] | None]


@dataclass
class _UnitTypes:
    """The XML's unit types on the base ruleset's: g40 equivalents, facilities, custom types."""
    base_id: str
    base: dict[str, Any]                          # the base ruleset (g40 or the variant's)
    unit_map: dict[str, str] = field(default_factory=dict)        # TripleA unit -> unit id
    factory_units: dict[str, str] = field(default_factory=dict)   # TripleA unit -> major/minor
    base_units: dict[str, str] = field(default_factory=dict)      # airfield/harbour -> facility
    custom: dict[str, dict[str, Any]] = field(default_factory=dict)
    pending: dict[str, list[str]] = field(default_factory=dict)   # rules other helpers write
    unsold: list[str] = field(default_factory=list)   # units no production frontier sells

    @property
    def g40_units(self) -> dict[str, Any]:
        return self.base["units"]


@dataclass
class _Board:
    """The spaces, the factories placed at the start, and the options no space read."""
    spaces: list[dict[str, Any]]
    factories: dict[str, str]
    odd_territories: dict[str, list[str]]   # options not read -> the territories with them

    @property
    def vc_count(self) -> int:
        return sum(1 for s in self.spaces if s.get("victory_city"))


@dataclass
class _Rules:
    """What the XML's attachments (triggers, rules, political actions) become."""
    national: Any
    politics: dict[str, Any] | None
    limits: Any
    won_by: Any
    kamikaze: Any
    freed_with: Any


@dataclass
class _Victory:
    turn_limit: int
    text: str          # "by its victory conditions ...", for the description
    need: int          # victory cities an alliance needs (no victory triggers)
    alliances: list[str]


# --- the map folder -----------------------------------------------------------------------

def _read_map_files(map_dir: Path, gx: GameXml, report: Report) -> _MapFiles:
    """Read the drawing files; every territory needs an outline."""
    root = map_root(map_dir)

    def points(name: str) -> dict[str, list[Point]]:
        return read_points(root / name) if (root / name).exists() else {}
    files = _MapFiles(map_dir.name, root, read_polygons(root / "polygons.txt"), points("centers.txt"),
                      points("place.txt"), points("name_place.txt"),
                      read_properties(root / "map.properties"))
    missing = [t for t in gx.territories if t not in files.polygons]
    if missing:
        raise TripleaError(root / "polygons.txt", 0,
                           f"{len(missing)} territories of {gx.path.name} have no polygon: "
                           f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''} "
                           f"(partial or mismatched map folder?)")
    _report_map_files(root, gx, files, report)
    return files


def _report_map_files(root: Path, gx: GameXml, files: _MapFiles, report: Report) -> None:
    for extra in sorted(set(files.polygons) - set(gx.territories)):
        report.not_imported.append(f"polygon '{extra}' (not a territory of {gx.path.name})")
    if not (root / "centers.txt").exists():
        report.approximated.append("no centers.txt: names and counters go at each outline's centroid")
    if not (root / "place.txt").exists():
        report.approximated.append("no place.txt: counters are laid out automatically")
    if (root / "pu_place.txt").exists():
        report.approximated.append("pu_place.txt: production values are drawn above the names")
    for f in UNDRAWN_FILES:
        if (root / f).exists():
            report.not_imported.append(f"{f} (drawn by Warboard's own markers, or not used)")
    for d in ("baseTiles", "reliefTiles"):
        if (root / d).is_dir():
            report.not_imported.append(f"{d}/ images: territories are drawn from polygons in owner "
                                       f"colours")


def _space_ids(gx: GameXml) -> dict[str, str]:
    """TripleA territory -> space id: its slug, made unique."""
    ids: dict[str, str] = {}
    used: set[str] = set()
    for t in gx.territories:
        sid = slug(t)
        while sid in used:
            sid += "_x"
        used.add(sid)
        ids[t] = sid
    return ids


# --- players ------------------------------------------------------------------------------

def _turn_order(gx: GameXml, research: list[str], report: Report) -> _Turns:
    """The players in turn order: the sequence's order of first appearance (bids left out),
    then the players with no steps."""
    order: list[str] = []
    steps_of: dict[str, list[int]] = {}
    for i, (sname, cls, who) in enumerate(gx.steps):
        low = (sname + cls).lower()
        if not who or "bid" in low:
            continue
        steps_of.setdefault(who, []).append(i)
        if who not in order:
            order.append(who)
    for p in gx.players:
        if p not in order:
            order.append(p)
            report.approximated.append(f"player {p} has no steps in the turn sequence; "
                                       f"it plays last")
    units_to = read_units_to(gx)
    _report_sequence(gx, order, steps_of, units_to, research, report)
    placement = {p: read_placement(p, gx, report) for p in gx.players}
    return _Turns(order, steps_of, units_to, placement)


def _report_sequence(gx: GameXml, order: list[str], steps_of: dict[str, list[int]],
                     units_to: dict[str, str], research: list[str], report: Report) -> None:
    """What of the XML's turn sequence Warboard plays otherwise: each player's turn is whole."""
    for who, idx in steps_of.items():
        if idx != list(range(idx[0], idx[0] + len(idx))):
            if who in units_to or who in units_to.values():
                continue   # a separate economy's purchase and placement (G40's UK Pacific)
            report.approximated.append(f"turn sequence: {who}'s steps are interleaved with another "
                                       f"player's; Warboard plays each player's whole turn in the "
                                       f"order {', '.join(order)}")
    for who, opts in gx.player_options.items():
        if "giveUnitControl" in opts and who not in units_to:
            report.not_imported.append(f"player {who} option giveUnitControl={opts['giveUnitControl']} "
                                       f"(only to one other player of its alliance)")
    for who, to in units_to.items():
        report_economy(gx, who, to, report)
    if any("bid" in (n + c).lower() for n, c, _ in gx.steps):
        report.not_imported.append("bidding steps (no bid)")
    if any("tech" in (n + c).lower() for n, c, _ in gx.steps):
        research.append("technology research and activation steps")


def _capitals(gx: GameXml, pids: dict[str, str], report: Report) -> dict[str, str]:
    """Player -> capital territory: the first one the XML names that the player holds."""
    capitals: dict[str, str] = {}
    for t, opts in gx.territory_options.items():
        holder = opts.get("capital")
        if holder is None or holder not in pids or holder in capitals:
            continue
        if is_true(opts, "isImpassable"):   # a capital nobody can take: none to lose (G40 China)
            report.mapped.append(f"player {holder}: no capital (TripleA's capital {t} is impassable, "
                                 f"so it can never be taken)")
            continue
        if gx.owners.get(t) != holder:
            report.approximated.append(f"player {holder}: capital {t} is not {holder}'s at the start "
                                       f"(or is impassable); imported without a capital")
            continue
        capitals[holder] = t
    return capitals


def _colors(order: list[str], props: dict[str, str], report: Report) -> dict[str, str]:
    """Each player's colour from map.properties, or one of the palette's."""
    colors = {}
    for i, p in enumerate(order):
        c = props.get(f"color.{p}", "")
        if re.fullmatch(r"[0-9a-fA-F]{6}", c):
            colors[p] = f"#{c.lower()}"
        else:
            colors[p] = PALETTE[i % len(PALETTE)]
            report.approximated.append(f"player {p}: no color.{p} in map.properties; colour "
                                       f"{colors[p]} chosen")
    return colors


def _players(gx: GameXml, turns: _Turns, ids: dict[str, str], pids: dict[str, str],
             capitals: dict[str, str], files: _MapFiles, report: Report) -> list[dict[str, Any]]:
    """The scenario's players, in turn order."""
    colors = _colors(turns.order, files.properties, report)
    players = []
    for p in turns.order:
        if p not in pids:   # a player who takes turns but is not declared among the players
            raise TripleaError(gx.path, 0, f"player '{p}' has turns in the sequence but is not "
                                           f"declared (playerList: {', '.join(gx.players) or 'none'})")
        allies = gx.alliances.get(p) or [p]
        if len(allies) > 1:
            report.approximated.append(f"player {p} is in alliances {', '.join(allies)}; "
                                       f"Warboard uses the first")
        entry: dict[str, Any] = {"id": pids[p], "name": player_title(p), "alliance": slug(allies[0]),
                                 "color": colors[p], "capital": ids[capitals[p]] if p in capitals else None,
                                 "resources": gx.resources.get(p, 0)}
        power = POWERS.get(norm(p))
        if power:
            entry["power"] = power
        if turns.placement[p]:
            entry["placement"] = turns.placement[p]
        if p in turns.units_to:
            entry["units_to"] = pids[turns.units_to[p]]
        players.append(entry)
        if p not in capitals and p in turns.steps_of and not any(
                gx.territory_options.get(t, {}).get("capital") == p for t in gx.territories):
            report.approximated.append(f"player {p} has no capital")
    return players


# --- unit types ---------------------------------------------------------------------------

def _unit_types(gx: GameXml, frontier_units: bool, variant_of: str | None, research: list[str],
                report: Report) -> _UnitTypes:
    """Each XML unit type as a g40 unit, a factory, a base, or a custom unit; and what the
    production frontiers do not sell."""
    base_id = variant_base(variant_of) if variant_of else BASE_RULESET
    units = _UnitTypes(base_id, load_base_ruleset(base_id))
    artillery_ids = ["artillery"] + [slug(u) for u in gx.units
                                     if is_true(gx.unit_options[u], "artillery")
                                     and G40_UNITS.get(norm(u)) is None]
    for u in gx.units:
        _map_unit_type(u, gx, units, artillery_ids, research, report)
    for p, buyable in gx.frontier_units.items():
        if p in gx.players:
            not_g40 = [u for u in buyable if u in units.unit_map
                       and units.unit_map[u] not in units.g40_units
                       and units.unit_map[u] not in units.custom]
            if not_g40:
                report.approximated.append(f"{p} may buy {', '.join(not_g40)}")
    if frontier_units or variant_of:
        units.unsold = unsold_units(gx, units.unit_map, units.g40_units, report)
    else:
        report.approximated.append("every player buys from the full g40 unit list (TripleA "
                                   "production frontiers are not per player in Warboard)")
    return units


def _map_unit_type(u: str, gx: GameXml, units: _UnitTypes, artillery_ids: list[str],
                   research: list[str], report: Report) -> None:
    opts = gx.unit_options[u]
    key = norm(u)
    if key in FACTORIES or is_true(opts, "isFactory"):
        units.factory_units[u] = FACTORIES.get(key, "major")
        return
    facilities = units.base.get("facilities") or {}
    if BASES.get(key) in facilities:
        units.base_units[u] = BASES[key]
        compare_base(u, BASES[key], opts, gx.costs.get(u), facilities[BASES[key]], research, report)
        return
    g = G40_UNITS.get(key)
    if g is not None and g in units.g40_units:
        units.unit_map[u] = g
        compare_unit(u, opts, gx.costs.get(u), g, units.g40_units[g], report)
        unit_options(u, opts, gx, g, units.g40_units[g], units.pending, report)
        return
    _add_custom_unit(u, gx, units, artillery_ids, report)


def _add_custom_unit(u: str, gx: GameXml, units: _UnitTypes, artillery_ids: list[str],
                     report: Report) -> None:
    """A unit type with no g40 equivalent: a custom unit with the XML's values."""
    opts = gx.unit_options[u]
    uid = slug(u)
    if uid in units.g40_units:
        uid = f"{uid}_triplea"
    units.unit_map[u] = uid
    custom = units.custom[uid] = custom_unit(u, uid, opts, gx.costs.get(u), artillery_ids,
                                             gx.path.name)
    if as_int(opts.get("attack")) > 6 or as_int(opts.get("defense")) > 6:
        report.approximated.append(f"unit {u}: attack/defense above the d6 capped at 6")
    report.approximated.append(f"unit {u}: no g40 equivalent; custom unit '{uid}' with the "
                               f"XML's values (attack {custom['attack']}, defense "
                               f"{custom['defense']}, move {custom['move']}, "
                               f"cost {custom['cost']})")
    odd = sorted(set(opts) - KNOWN_UNIT_OPTIONS)
    if odd:
        report.not_imported.append(f"unit {u} options: {', '.join(odd)}")


# --- spaces -------------------------------------------------------------------------------

def _board(gx: GameXml, files: _MapFiles, ids: dict[str, str], pids: dict[str, str],
           units: _UnitTypes, report: Report) -> _Board:
    """Every territory as a space: outline, owner, value, markers, neighbours, units."""
    adjacency: dict[str, set[str]] = {t: set() for t in gx.territories}
    for a, b in gx.connections:
        if a != b:
            adjacency[a].add(b)
            adjacency[b].add(a)
    unit_counts, factories, bases = _starting_units(gx, pids, units, report)
    move_cargo(gx, unit_counts, adjacency, units.g40_units, units.custom, report)
    board = _Board([], factories, {})
    neutral_impassable = gx.properties.get("Neutrals Are Impassable", "").lower() == "true"
    for t, water in gx.territories.items():
        opts = gx.territory_options.get(t, {})
        outline = sorted(files.polygons[t], key=polygon_area, reverse=True)
        simple = [[[round(x), round(y)] for x, y in simplify(poly, SIMPLIFY_TOLERANCE)]
                  for poly in outline]
        center = _center(t, outline[0], files, report)
        s: dict[str, Any] = {"id": ids[t], "name": t, "kind": "sea" if water else "land"}
        if not water:
            s |= _land(t, opts, gx, pids, factories, bases.get(t, set()), neutral_impassable, report)
        read = (SEA_OPTIONS if water else LAND_OPTIONS) | (
            ECONOMY_OPTIONS if captured_for(opts, pids) else set())
        odd = sorted(set(opts) - read)
        if odd:
            board.odd_territories.setdefault(", ".join(odd), []).append(t)
        s["center"] = center
        s |= _drawing(t, simple, files)
        s["adjacent"] = sorted(ids[a] for a in adjacency[t])
        if t in unit_counts:
            s["units"] = {pids[w]: dict(sorted(c.items())) for w, c in unit_counts[t].items() if c}
            if not s["units"]:
                del s["units"]
        board.spaces.append(s)
    _report_original_owners(gx, pids, report)
    before = sum(len(poly) for t in gx.territories for poly in files.polygons[t])
    after = sum(len(poly) for s in board.spaces
                for poly in [s["polygon"], *s.get("extra_polygons", [])])
    report.approximated.append(f"outlines simplified (tolerance {SIMPLIFY_TOLERANCE} px): "
                               f"{before} -> {after} points")
    return board


def _starting_units(gx: GameXml, pids: dict[str, str], units: _UnitTypes, report: Report
                    ) -> tuple[dict[str, dict[str, dict[str, int]]], dict[str, str], dict[str, set[str]]]:
    """The XML's placements: units (territory -> player -> unit -> count), factories
    (territory -> major/minor) and bases (territory -> facilities)."""
    unit_counts: dict[str, dict[str, dict[str, int]]] = {}
    factories: dict[str, str] = {}
    bases: dict[str, set[str]] = {}
    for t, who, ut, n in gx.placements:
        if ut in units.base_units and not gx.territories[t]:
            bases.setdefault(t, set()).add(units.base_units[ut])
            continue
        if ut in units.factory_units:
            if gx.territories[t]:
                report.not_imported.append(f"{ut} at sea in {t}")
            else:
                factories[t] = units.factory_units[ut]
            continue
        if who not in pids:
            report.not_imported.append(f"{n} {ut} in {t}: " + (f"unknown owner '{who}'" if who else
                                       "neutral units (Warboard neutrals hold no units)"))
            continue
        counts = unit_counts.setdefault(t, {}).setdefault(who, {})
        uid = units.unit_map[ut]
        counts[uid] = counts.get(uid, 0) + n
    return unit_counts, factories, bases


def _center(t: str, largest: list[Point], files: _MapFiles, report: Report) -> list[int]:
    """Where the space's name and counters centre: centers.txt, else the outline's centroid."""
    if t in files.centers:
        return [round(files.centers[t][0][0]), round(files.centers[t][0][1])]
    if (files.root / "centers.txt").exists():
        report.approximated.append(f"{t}: not in centers.txt; centre at its outline's centroid")
    return _centroid(largest)


def _land(t: str, opts: dict[str, str], gx: GameXml, pids: dict[str, str],
          factories: dict[str, str], bases: set[str], neutral_impassable: bool,
          report: Report) -> dict[str, Any]:
    """A land space's value, owner, facilities, victory city and passability."""
    s: dict[str, Any] = {"value": as_int(opts.get("production"))}
    owner = gx.owners.get(t)
    s["owner"] = pids[owner] if owner else None
    original = opts.get("originalOwner")
    if original in pids and pids[original] != s["owner"]:
        s["original_owner"] = pids[original]   # liberated to it, its original territory
    if t in factories:
        s["factory"] = True if factories[t] == "major" else "minor"
    for kind in sorted(bases):
        s[kind] = True
    if as_int(opts.get("victoryCity")) > 0 or is_true(opts, "victoryCity"):
        s["victory_city"] = True
    impassable = is_true(opts, "isImpassable")
    if not impassable and owner is None and neutral_impassable:
        impassable = True
        report.approximated.append(f"{t}: neutral, impassable (the game's 'Neutrals Are "
                                   f"Impassable')")
    if impassable:
        s["impassable"] = True
    goes_to = captured_for(opts, pids)
    if goes_to:
        s["captured_for"] = goes_to
    return s


def _report_original_owners(gx: GameXml, pids: dict[str, str], report: Report) -> None:
    """The territories another player holds at the start, by their original owner."""
    originals: dict[str, list[str]] = {}
    for t, water in gx.territories.items():
        original = gx.territory_options.get(t, {}).get("originalOwner")
        owner = gx.owners.get(t)
        if not water and original in pids and pids[original] != (pids[owner] if owner else None):
            originals.setdefault(original, []).append(t)
    for who, ts in originals.items():
        report.mapped.append(f"territoryAttachment originalOwner {who}: {', '.join(ts)} (held by another "
                             f"player at the start; space `original_owner`: liberated back to {who}, "
                             f"its original territories)")


def _drawing(t: str, simple: list[list[list[int]]], files: _MapFiles) -> dict[str, Any]:
    """The space's outlines (the largest first) and where TripleA draws its name and units."""
    s: dict[str, Any] = {"polygon": simple[0]}
    if len(simple) > 1:
        s["extra_polygons"] = simple[1:]
    if t in files.names:   # TripleA draws the name from this point (left end, baseline)
        nx, ny = files.names[t][0]
        s["label"] = [round(nx + NAME_CHAR_W * len(t) / 2), round(ny + 2)]
    if t in files.places:
        half = _unit_size(files.properties) / 2
        s["places"] = [[round(x + half), round(y + half)] for x, y in files.places[t]]
    return s


# --- the XML's attachments ----------------------------------------------------------------

def _attachment_rules(gx: GameXml, ids: dict[str, str], pids: dict[str, str], units: _UnitTypes,
                      turns: _Turns, capitals: dict[str, str], players: list[dict[str, Any]],
                      board: _Board, research: list[str], report: Report) -> _Rules:
    """The rules the attachments give (objectives, politics, player rules, victory triggers,
    kamikaze zones, liberation); each reader says which attachments it took, and the ones
    none took are reported."""
    unit_map = units.unit_map
    national, taken = national_objectives(gx, ids, pids, unit_map, report)
    turnless = [p for p in gx.players if p not in turns.steps_of]
    handovers, taken_handover = neutral_handovers(gx, condition_context(gx, ids, pids, unit_map, report),
                                                  turnless, report)
    pol, taken_pol = politics(gx, ids, pids, unit_map, report, turnless, taken_handover)
    taken |= taken_pol | taken_handover
    if pol is not None:   # G40: Mongolia
        pol["events"].extend(handovers)
    limits, taken_limits = player_limits(gx, ids, pids, unit_map, report)
    taken |= taken_limits
    won_by, taken_won = victories(gx, ids, pids, unit_map, report, players)
    taken |= taken_won
    kamikaze, taken_kamikaze = read_kamikaze(gx, ids, pids, report)
    taken |= taken_kamikaze
    freed_with, taken_freed = liberation_units(gx, pids, unit_map, capitals, report)
    taken |= taken_freed
    if pol is not None:
        taken |= {n for n, to, _ in gx.other_attachments if n.startswith("relationshipTypeAttachment")}
    territory_options(board.odd_territories, gx, pol, units.pending, report)
    taken |= rule_attachments(gx, ids, pids, unit_map, units.g40_units, taken, research,
                              units.pending, report)
    for why, what in units.pending.items():
        report.not_imported.append(f"{why}, written by another helper: {'; '.join(what)}")
    _report_leftover_attachments(gx, taken, research, report)
    return _Rules(national, pol, limits, won_by, kamikaze, freed_with)


def _report_leftover_attachments(gx: GameXml, taken: set[str], research: list[str],
                                 report: Report) -> None:
    """The attachments no step read, by kind, and what research would have used."""
    groups: dict[str, list[str]] = {}
    for name, to, line in gx.other_attachments:
        if name in taken:
            continue
        if name.startswith("techAttachment"):
            research.append(f"techAttachment of {to} (line {line})")
            continue
        kind = re.sub(r"\d+$", "", name)
        groups.setdefault(kind, []).append(f"{to} (line {line})")
    if research:
        shown = "; ".join(research[:4]) + (f" and {len(research) - 4} more" if len(research) > 4 else "")
        report.not_imported.append(f"research: technologies (Warboard plays without them): "
                                   f"{len(research)} parts: {shown}")
    for kind, where in groups.items():
        shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
        report.not_imported.append(f"{len(where)} {kind} ({LEFTOVER_KINDS.get(kind, 'not understood')}): "
                                   f"{shown}")


# --- victory ------------------------------------------------------------------------------

def _victory(gx: GameXml, players: list[dict[str, Any]], won_by: Any, vc_count: int,
             turn_limit: int | None, report: Report) -> _Victory:
    """How a game is won: by the XML's victory triggers, else by victory cities (TripleA's
    victory-condition counts); and the turn limit."""
    enabled = [k for k in VICTORY_DEFAULTS if gx.properties.get(k, "").lower() == "true"]
    if enabled:
        need = min(as_int(gx.properties.get(f"{k} VCs"), VICTORY_DEFAULTS[k]) for k in enabled)
    else:
        need = vc_count
    need = max(1, min(need, vc_count)) if vc_count else 1
    alliances = list(dict.fromkeys(entry["alliance"] for entry in players))
    # TripleA has no turn limit: a game its victory triggers end plays on until they do
    # (turn_limit 0: none); one without them needs a limit (default 10 rounds)
    if turn_limit is None:
        turn_limit = 0 if won_by else 10
    if won_by and not turn_limit:
        text = f"by its victory conditions ({len(won_by)} TripleA victory triggers)"
        report.mapped.append(f"victory: an alliance wins when its victory conditions hold for a "
                             f"complete round (TripleA victory triggers: scenario `victory.conditions`), "
                             f"with no turn limit, as in TripleA (games of computer players only end "
                             f"after round {MACHINE_ROUNDS}, judged by victory cities)")
    elif won_by:
        text = f"by its victory conditions ({len(won_by)} TripleA victory triggers)"
        report.approximated.append(f"victory: an alliance wins when its victory conditions hold "
                                   f"for a complete round (TripleA victory triggers: scenario "
                                   f"`victory.conditions`); after round {turn_limit} the alliance "
                                   f"with more victory cities wins (TripleA has no turn limit)")
    elif not turn_limit:
        raise TripleaError(gx.path, 0, "the game has no victory triggers: a game of it needs a turn "
                                       "limit (--turn-limit ROUNDS)")
    else:
        text = f"at {need} of {vc_count} victory cities"
        report.approximated.append(
            f"victory: an alliance holding {need} of {vc_count} victory cities at "
            f"the end of a round wins ({', '.join(enabled) or 'all of them'}); "
            f"also holding every enemy capital; after round {turn_limit} the "
            f"alliance with more victory cities wins (TripleA has no turn limit)")
    for k, v in sorted(gx.properties.items()):
        if k in UNREAD_GAME_OPTIONS and v.lower() == "true":
            report.not_imported.append(f"game option '{k}'")
    return _Victory(turn_limit, text, need, alliances)


# --- the scenario and its ruleset ---------------------------------------------------------

def _scenario(sid: str, gx: GameXml, files: _MapFiles, players: list[dict[str, Any]],
              units: _UnitTypes, board: _Board, rules: _Rules, victory: _Victory,
              variant_of: str | None, ids: dict[str, str], pids: dict[str, str],
              report: Report) -> dict[str, Any]:
    """The scenario as plain data, in the order its YAML lists it."""
    map_section = _map_section(files, report)
    report.counts = _counts(gx, units, board, victory)
    ruleset_id = _ruleset_id(sid, units, variant_of, report)
    won_by, turn_limit = rules.won_by, victory.turn_limit
    scenario: dict[str, Any] = {
        "format": "warboard-scenario/1", "id": sid, "title": gx.name, "ruleset": ruleset_id,
        "description": (f"Imported from the TripleA map folder {files.folder} ({gx.path.name}): "
                        f"{len(gx.territories)} territories, {len(gx.players)} players in "
                        f"{len(victory.alliances)} alliances, played on the g40 rules. "
                        f"Victory {victory.text}"
                        + (f", or after round {turn_limit} to the side holding more"
                           f"{' victory cities' if won_by else ''}." if turn_limit else
                           ": no turn limit, as in the board game.")),
        "turn_limit": turn_limit or "none",
        "map": map_section,
        "players": players,
        "victory": ({"conditions": won_by} if won_by else
                    {"victory_cities": {a: victory.need for a in victory.alliances}})
        | {"at_turn_limit": "victory_cities"},
        "spaces": board.spaces,
    }
    if units.factory_units and not any(as_int(gx.unit_options[u].get("canProduceXUnits"))
                                       for u in units.factory_units):
        # a complex places its territory's value (TripleA before Global 1940: no
        # canProduceXUnits), not the g40 facilities' 10 / 3
        scenario["factory_production"] = "value"
        report.approximated.append("industrial complexes place their territory's value a turn "
                                   "(scenario factory_production: value; no canProduceXUnits)")
    canals = read_canals(gx, ids, units.unit_map, units.g40_units, units.custom, report)
    if canals:
        scenario["canals"] = canals
    if rules.national:
        scenario["national_objectives"] = rules.national
    if rules.kamikaze:
        scenario["kamikaze"] = rules.kamikaze
    if rules.politics is not None:
        scenario["politics"] = rules.politics
    # TripleA's engine: a capital retaken by an ally goes back to its owner with the
    # owner's territories the liberator holds; the G40 rulebook stops purchases meanwhile
    scenario["capitals"] = {"liberation": True, "no_purchase": True}
    if rules.freed_with:   # G40: France's liberation
        scenario["capitals"]["liberation_units"] = rules.freed_with
    convoys = read_convoys(gx, ids, pids, units.unit_map, report)
    if convoys:
        scenario["convoys"] = convoys
    if rules.limits:
        scenario["player_rules"] = rules.limits
    return scenario


def _map_section(files: _MapFiles, report: Report) -> dict[str, Any]:
    """The map's size (map.properties, else the outlines' extent) and east-west wrap."""
    props, polys = files.properties, files.polygons
    w = as_int(props.get("map.width")) or int(max(x for p in polys.values() for q in p for x, _ in q)) + 1
    h = as_int(props.get("map.height")) or int(max(y for p in polys.values() for q in p for _, y in q)) + 1
    wrap = props.get("map.scrollWrapX", "false").lower() == "true"
    if wrap:
        report.approximated.append("the map wraps east-west: it pans east-west without end (copies "
                                   "side by side); the connections across the seam are kept")
    return {"kind": "zone", "size": [w, h], "background": "#2b4d6e", "wrap_x": wrap}


def _counts(gx: GameXml, units: _UnitTypes, board: _Board, victory: _Victory) -> dict[str, int]:
    """The report's counts of what was imported."""
    land = sum(1 for water in gx.territories.values() if not water)
    starting = sum(n for t, who, ut, n in gx.placements if ut not in units.factory_units)
    return {
        "territories": len(gx.territories), "land": land, "sea": len(gx.territories) - land,
        "connections": len({frozenset(c) for c in gx.connections if c[0] != c[1]}),
        "players": len(gx.players), "alliances": len(victory.alliances),
        "starting units": starting, "factories": len(board.factories),
        "victory cities": board.vc_count, "unit types": len(gx.units),
        "custom unit types": len(units.custom),
    }


def _ruleset_id(sid: str, units: _UnitTypes, variant_of: str | None, report: Report) -> str:
    """The base ruleset's id, or a derived one's when the import adds or withdraws units."""
    if variant_of:
        report.mapped.append(f"a variant of {variant_of}: played with its ruleset {units.base_id} "
                             f"(and the house-rule variants that extend it)")
        return units.base_id if not units.custom else f"{units.base_id}_{sid}"
    return BASE_RULESET if not units.custom and not units.unsold else f"{BASE_RULESET}_{sid}"


def _derived_ruleset(ruleset_id: str, gx: GameXml, units: _UnitTypes) -> dict[str, Any] | None:
    """The base ruleset with the custom units added and the unsold ones without a cost; None
    when the scenario plays the base ruleset itself."""
    if ruleset_id in (BASE_RULESET, units.base_id):
        return None
    base, custom, unsold, xml_name = units.base, units.custom, units.unsold, gx.path.name
    ruleset = dict(base)
    ruleset["id"] = ruleset_id
    ruleset["name"] = (f"{base.get('name', 'g40')}, as {xml_name} sells it" if not custom else
                       f"{base.get('name', 'g40')} + units imported from {xml_name}")
    ruleset["notes"] = (f"Generated by python -m game import-triplea from {xml_name}: the "
                        f"{units.base_id} units" + (f" plus {len(custom)} custom unit(s) with the "
                                                    f"XML's values" if custom else "")
                        + (f"; {', '.join(unsold)} cannot be built (no production frontier "
                           f"sells them; a variant may give them a cost)" if unsold else "") + ".")
    ruleset.pop("seed_notes", None)
    kept = {k: (dict(v, cost=None) if k in unsold else v) for k, v in units.g40_units.items()}
    ruleset["units"] = {**kept, **custom}
    return ruleset


def _unit_size(props: dict[str, str]) -> float:
    try:
        return UNIT_IMAGE * float(props.get("units.scale", "1") or 1)
    except ValueError:
        return UNIT_IMAGE


def _centroid(pts: list[Point]) -> list[int]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return [round(sum(xs) / len(xs)), round(sum(ys) / len(ys))]
