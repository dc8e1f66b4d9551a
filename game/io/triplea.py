"""Import a TripleA map folder (game XML + polygons/centers/place/map.properties)
as a Warboard zone scenario on the g40 rules.

`import_map(map_dir, game=None)` returns an `Imported` holding the scenario as
plain data, an optional derived ruleset (when the XML has unit types g40 lacks)
and a `Report` of everything approximated or left out: nothing is dropped
silently. `write(...)` saves them as YAML. Pure: no pygame.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import triplea_rules
from .triplea_files import (
    Point,
    TripleaError,
    XNode,
    parse_xml,
    polygon_area,
    read_points,
    read_polygons,
    read_properties,
    simplify,
)
from .triplea_objectives import Context as ObjectiveContext
from .triplea_objectives import (
    RawAttachment,
    Unmapped,
    _drop_own_player,
    _lookup,
    _referenced,
    _title,
    _trigger_condition_list,
    condition,
    step_phase,
)
from .triplea_objectives import objectives as import_objectives
from .triplea_objectives import politics as import_politics
from .triplea_objectives import victories as import_victories

__all__ = ["Imported", "Report", "TripleaError", "import_map", "ruleset_yaml", "scenario_yaml", "write",
           "find_game_files"]

BASE_RULESET = "g40"
SIMPLIFY_TOLERANCE = 1.2   # world pixels: invisible at any zoom the camera allows
NAME_CHAR_W = 6.5         # TripleA's territory-name font: about 6.5 px a character
UNIT_IMAGE = 48            # TripleA unit images are 48 px; place.txt gives their top-left

# TripleA unit names (lower case, letters and digits only) -> g40 unit id
G40_UNITS = {
    "infantry": "infantry", "inf": "infantry",
    "artillery": "artillery", "art": "artillery",
    "armour": "armour", "armor": "armour", "tank": "armour", "tanks": "armour",
    "mechinfantry": "mech_infantry", "mechanizedinfantry": "mech_infantry", "mechinf": "mech_infantry",
    "fighter": "fighter",
    "tacticalbomber": "tactical_bomber", "tacbomber": "tactical_bomber",
    "bomber": "strategic_bomber", "strategicbomber": "strategic_bomber",
    "transport": "transport",
    "submarine": "submarine", "sub": "submarine",
    "destroyer": "destroyer",
    "cruiser": "cruiser",
    "carrier": "carrier", "aircraftcarrier": "carrier",
    "battleship": "battleship",
    "aagun": "aaa", "aa": "aaa", "aaa": "aaa", "antiaircraft": "aaa",
}
# TripleA unit names that are industrial complexes (a space's `factory`, not a unit)
FACTORIES = {"factory": "major", "factorymajor": "major", "industrialcomplex": "major",
             "factoryminor": "minor", "minorfactory": "minor", "factoryupgrade": "major"}
# TripleA unit names that are G40 bases (a space's `air_base` / `naval_base`, not a unit)
BASES = {"airfield": "air_base", "airbase": "air_base", "harbour": "naval_base",
         "harbor": "naval_base", "navalbase": "naval_base"}
# TripleA nation names -> the g40 power (seed 002 limits)
POWERS = {"germans": "germany", "germany": "germany", "russians": "russia", "russia": "russia",
          "soviets": "russia", "sovietunion": "russia", "ussr": "russia",
          "british": "united_kingdom", "uk": "united_kingdom", "unitedkingdom": "united_kingdom",
          "ukeurope": "united_kingdom", "japanese": "japan", "japan": "japan",
          "americans": "usa", "usa": "usa", "unitedstates": "usa", "italians": "italy",
          "italy": "italy"}
# TripleA's default victory-city counts for its three victory conditions
VICTORY_DEFAULTS = {"Projection of Power": 13, "Honorable Surrender": 15, "Total Victory": 18}
PALETTE = ["#5a5a5a", "#af2828", "#e6b937", "#916400", "#394d86", "#4a7300", "#5a5a00",
           "#6a3d9a", "#b15928", "#1f78b4"]


@dataclass
class Report:
    """What the import did: counts, approximations, and what it could not import."""
    source: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    approximated: list[str] = field(default_factory=list)
    not_imported: list[str] = field(default_factory=list)
    # TripleA rules read exactly as a Warboard rule (grouped; listed so nothing is silent)
    mapped: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"TripleA import of {self.source}"]
        lines += [f"  {k}: {v}" for k, v in self.counts.items()]
        if self.mapped:
            lines.append(f"Mapped onto Warboard rules ({len(self.mapped)}):")
            lines += [f"  - {m}" for m in self.mapped]
        approximated = list(dict.fromkeys(self.approximated))   # a row once, however often met
        lines.append(f"Approximated ({len(approximated)}):")
        lines += [f"  - {a}" for a in approximated] or ["  (nothing)"]
        lines.append(f"Not imported ({len(self.not_imported)}):")
        lines += [f"  - {a}" for a in self.not_imported] or ["  (nothing)"]
        return "\n".join(lines)


@dataclass
class Imported:
    scenario: dict[str, Any]
    ruleset: dict[str, Any] | None    # a derived ruleset (g40 + custom units), or None
    report: Report


def norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "x"
    m = re.match(r"^(\d+)_(.+)$", s)   # "54 Sea Zone" -> sea_zone_54
    if m:
        s = f"{m.group(2)}_{m.group(1)}"
    if s[0].isdigit():
        s = f"t_{s}"
    return s


# --- locating the files -------------------------------------------------------------------
def map_root(map_dir: Path) -> Path:
    """The folder holding polygons.txt: MAP_DIR itself or MAP_DIR/map (downloaded maps)."""
    if not map_dir.is_dir():
        raise TripleaError(map_dir, 0, "no such folder")
    for cand in (map_dir, map_dir / "map"):
        if (cand / "polygons.txt").exists():
            return cand
    raise TripleaError(map_dir, 0, "not a TripleA map folder: no polygons.txt here or in map/ "
                                   "(a map folder holds polygons.txt, centers.txt and games/*.xml)")


def find_game_files(map_dir: Path) -> list[Path]:
    root = map_root(map_dir)
    out: list[Path] = []
    for d in (root / "games", map_dir / "games", root):
        if d.is_dir():
            out += sorted(p for p in d.glob("*.xml") if p not in out)
    return out


def _pick_game(map_dir: Path, game: str | None, report: Report) -> Path:
    files = find_game_files(map_dir)
    if game:
        p = Path(game)
        if p.is_file():
            return p
        for f in files:
            if f.name == game or f.stem == game:
                return f
        raise TripleaError(map_dir, 0, f"no game file '{game}' (found: "
                                       f"{', '.join(f.name for f in files) or 'none'})")
    if not files:
        raise TripleaError(map_dir, 0, "no game XML (expected games/*.xml)")
    if len(files) > 1:
        report.approximated.append(f"the folder has {len(files)} games; imported {files[0].name} "
                                   f"(choose another with --game: "
                                   f"{', '.join(f.name for f in files[1:])})")
    return files[0]


# --- the game XML ---------------------------------------------------------------------------
@dataclass
class GameXml:
    path: Path
    name: str
    territories: dict[str, bool]                     # name -> is water
    connections: list[tuple[str, str]]
    players: list[str]
    alliances: dict[str, list[str]]                  # player -> alliances
    units: list[str]
    unit_options: dict[str, dict[str, str]]
    costs: dict[str, int]                            # unit -> PUs (first production rule)
    frontier_units: dict[str, list[str]]             # player -> buyable units
    territory_options: dict[str, dict[str, str]]
    other_attachments: list[tuple[str, str, int]]    # (attachment name, attached to, line)
    player_rules: dict[str, dict[str, str]]          # player -> rulesAttachment options
    owners: dict[str, str]
    placements: list[tuple[str, str, str, int]]      # (territory, owner, unit, count)
    resources: dict[str, int]                        # player -> PUs
    steps: list[tuple[str, str, str]]                # (step name, delegate class, player)
    properties: dict[str, str]
    # every rules/trigger/political attachment with its options in order (conditions)
    raw: list[RawAttachment] = field(default_factory=list)
    # player -> playerAttachment options (immuneToBlockade; the rest stays in other_attachments)
    player_options: dict[str, dict[str, str]] = field(default_factory=dict)
    frontiers: dict[str, list[str]] = field(default_factory=dict)   # productionFrontier -> units
    other_resources: dict[tuple[str, str], int] = field(default_factory=dict)   # (player, resource) -> n
    relationship_types: dict[str, str] = field(default_factory=dict)   # type -> archetype
    relationships: list[tuple[str, str, str]] = field(default_factory=list)  # relationshipInitialize
    # canalAttachment: (the sea zone it is attached to, its options, line)
    canals: list[tuple[str, dict[str, str], int]] = field(default_factory=list)
    # supportAttachment: (name, the supporting unit, its options, line)
    supports: list[tuple[str, str, dict[str, str], int]] = field(default_factory=list)
    # unit -> option -> every value given (whenCombatDamaged is repeated)
    unit_values: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    relationship_options: dict[str, dict[str, str]] = field(default_factory=dict)   # type -> options


def read_game(path: Path) -> GameXml:
    g = parse_xml(path)

    def need(node: XNode, attr: str) -> str:
        v = node.attrib.get(attr)
        if v is None:
            raise TripleaError(path, node.line, f"<{node.tag}> has no '{attr}'")
        return v

    info = g.find("info")
    mp = g.find("map")
    if mp is None:
        raise TripleaError(path, g.line, "no <map> element (territories and connections)")
    territories: dict[str, bool] = {}
    for tnode in mp.findall("territory"):
        territories[need(tnode, "name")] = tnode.attrib.get("water", "false").lower() == "true"
    if not territories:
        raise TripleaError(path, mp.line, "<map> declares no territories")
    connections = []
    for c in mp.findall("connection"):
        a, b = need(c, "t1"), need(c, "t2")
        for x in (a, b):
            if x not in territories:
                raise TripleaError(path, c.line, f"connection names unknown territory '{x}'")
        connections.append((a, b))
    players: list[str] = []
    alliances: dict[str, list[str]] = {}
    pl = g.find("playerList")
    for p in (pl.findall("player") if pl else []):
        players.append(need(p, "name"))
    for anode in (pl.findall("alliance") if pl else []):
        who = need(anode, "player")
        if who not in players:
            raise TripleaError(path, anode.line, f"alliance names unknown player '{who}'")
        alliances.setdefault(who, []).append(need(anode, "alliance"))
    if len(players) < 2:
        raise TripleaError(path, pl.line if pl else g.line, "the game needs at least two players")
    ul = g.find("unitList")
    units = [need(u, "name") for u in (ul.findall("unit") if ul else [])]
    unit_options: dict[str, dict[str, str]] = {u: {} for u in units}
    territory_options: dict[str, dict[str, str]] = {}
    other: list[tuple[str, str, int]] = []
    canals: list[tuple[str, dict[str, str], int]] = []
    player_rules: dict[str, dict[str, str]] = {}
    player_options: dict[str, dict[str, str]] = {}
    raw: list[RawAttachment] = []
    archetypes: dict[str, str] = {}
    supports: list[tuple[str, str, dict[str, str], int]] = []
    unit_values: dict[str, dict[str, list[str]]] = {}
    rel_options: dict[str, dict[str, str]] = {}
    al = g.find("attachmentList")
    for att in (al.findall("attachment") if al else []):
        to = need(att, "attachTo")
        name = att.attrib.get("name", "")
        opts = {need(o, "name"): o.attrib.get("value", "") for o in att.findall("option")}
        java = att.attrib.get("javaClass", "")
        if name == "playerAttachment" and "suicideAttackResources" in opts:   # G40 kamikaze
            hit = next((o.attrib.get("count") for o in att.findall("option")
                        if o.attrib.get("name") == "suicideAttackResources"), None)
            opts["suicideAttackValue"] = hit or "1"
        if java.endswith(("RulesAttachment", "TriggerAttachment", "PoliticalActionAttachment")):
            raw.append(RawAttachment(name, to, java, [(o.attrib.get("name", ""), o.attrib.get("value", ""),
                                                      o.attrib.get("count"))
                                                     for o in att.findall("option")], att.line))
        if java.endswith("RelationshipTypeAttachment") and opts.get("archeType"):
            rel_options[to] = opts
            archetypes[to] = opts["archeType"]
            if opts["archeType"] == "neutral" and _true(opts, "canMoveLandUnitsOverOwnedLand"):
                archetypes[to] = "neutral_open"   # land units may enter: read as allied
        if name == "unitAttachment" and to in unit_options:
            unit_options[to].update(opts)
            for o in att.findall("option"):
                unit_values.setdefault(to, {}).setdefault(o.attrib.get("name", ""), []).append(
                    o.attrib.get("value", ""))
        elif name.startswith("supportAttachment") and to in unit_options:
            supports.append((name, to, opts, att.line))
            other.append((name, to, att.line))
        elif name == "territoryAttachment" and to in territories:
            territory_options.setdefault(to, {}).update(opts)
        elif name == "playerAttachment" and to in players and set(opts) <= {
                "immuneToBlockade", "giveUnitControl", "suicideAttackResources", "suicideAttackValue"}:
            player_options.setdefault(to, {}).update(opts)
        elif name == "playerAttachment" and to in players:
            player_options.setdefault(to, {}).update(opts)
            other.append((name, to, att.line))
        elif name == "rulesAttachment" and to in players:
            player_rules.setdefault(to, {}).update(opts)
        elif name.startswith("canalAttachment") and territories.get(to):
            canals.append((to, opts, att.line))
        else:
            other.append((name, to, att.line))
    costs: dict[str, int] = {}
    rules: dict[str, str] = {}
    frontiers: dict[str, list[str]] = {}
    frontier_units: dict[str, list[str]] = {}
    prod = g.find("production")
    if prod is not None:
        for r in prod.findall("productionRule"):
            res = r.find("result")
            cost = r.find("cost")
            if res is None or cost is None:
                continue
            unit = res.attrib.get("resourceOrUnit", "")
            rules[r.attrib.get("name", "")] = unit
            if unit in unit_options and unit not in costs and cost.attrib.get("resource") == "PUs":
                try:
                    costs[unit] = int(cost.attrib.get("quantity", "0")) // max(
                        1, int(res.attrib.get("quantity", "1")))
                except ValueError:
                    raise TripleaError(path, cost.line, "cost quantity is not a number") from None
        for f in prod.findall("productionFrontier"):
            frontiers[f.attrib.get("name", "")] = [rules.get(x.attrib.get("name", ""), "")
                                                   for x in f.findall("frontierRules")]
        for pp in prod.findall("playerProduction"):
            frontier_units[pp.attrib.get("player", "")] = frontiers.get(pp.attrib.get("frontier", ""), [])
    owners: dict[str, str] = {}
    placements: list[tuple[str, str, str, int]] = []
    resources: dict[str, int] = {}
    other_resources: dict[tuple[str, str], int] = {}
    relationships: list[tuple[str, str, str]] = []
    init = g.find("initialize")
    if init is not None:
        for o in init.iter("territoryOwner"):
            t, who = need(o, "territory"), need(o, "owner")
            if t not in territories:
                raise TripleaError(path, o.line, f"territoryOwner names unknown territory '{t}'")
            if who not in players:
                raise TripleaError(path, o.line, f"territoryOwner names unknown player '{who}'")
            owners[t] = who
        for u in init.iter("unitPlacement"):
            t, ut, who = need(u, "territory"), need(u, "unitType"), u.attrib.get("owner", "")
            if t not in territories:
                raise TripleaError(path, u.line, f"unitPlacement names unknown territory '{t}'")
            if ut not in unit_options:
                raise TripleaError(path, u.line, f"unitPlacement names unknown unit type '{ut}'")
            try:
                n = int(need(u, "quantity"))
            except ValueError:
                raise TripleaError(path, u.line, "unitPlacement quantity is not a number") from None
            placements.append((t, who, ut, n))
        for r in init.iter("relationship"):
            relationships.append((r.attrib.get("player1", ""), r.attrib.get("player2", ""),
                                  r.attrib.get("type", "")))
        for r in init.iter("resourceGiven"):
            if r.attrib.get("resource") == "PUs":
                resources[r.attrib.get("player", "")] = int(r.attrib.get("quantity", "0") or 0)
            else:   # other resources (G40: Japan's SuicideAttackTokens)
                other_resources[(r.attrib.get("player", ""), r.attrib.get("resource", ""))] = \
                    _int(r.attrib.get("quantity"))
    steps: list[tuple[str, str, str]] = []
    delegates: dict[str, str] = {}
    gp = g.find("gamePlay")
    if gp is not None:
        for d in gp.findall("delegate"):
            delegates[d.attrib.get("name", "")] = d.attrib.get("javaClass", "")
        seq = gp.find("sequence")
        for s in (seq.findall("step") if seq else []):
            steps.append((s.attrib.get("name", ""), delegates.get(s.attrib.get("delegate", ""), ""),
                          s.attrib.get("player", "")))
    properties: dict[str, str] = {}
    plist = g.find("propertyList")
    for p in (plist.findall("property") if plist else []):
        v = p.attrib.get("value")
        if v is None:
            vnode = p.find("number") or p.find("value")
            v = vnode.attrib.get("value", "") if vnode is not None else ""
        properties[p.attrib.get("name", "")] = v
    return GameXml(path=path, name=(info.attrib.get("name", path.stem) if info else path.stem),
                   territories=territories, connections=connections, players=players,
                   alliances=alliances, units=units, unit_options=unit_options, costs=costs,
                   frontier_units=frontier_units, territory_options=territory_options,
                   other_attachments=other, player_rules=player_rules, owners=owners, placements=placements,
                   resources=resources, steps=steps, properties=properties, raw=raw,
                   relationship_types=archetypes, relationships=relationships, canals=canals,
                   player_options=player_options, frontiers=frontiers, other_resources=other_resources,
                   supports=supports, unit_values=unit_values, relationship_options=rel_options)


# --- units ----------------------------------------------------------------------------------
def _int(v: str | None, default: int = 0) -> int:
    try:
        return int(v) if v not in (None, "") else default
    except ValueError:
        return default


def _true(opts: dict[str, str], key: str) -> bool:
    return opts.get(key, "").lower() == "true"


# TripleA unit options the import understands (the rest is listed in the report)
KNOWN_UNIT_OPTIONS = {"movement", "attack", "defense", "hitPoints", "transportCost", "carrierCost",
                      "isSea", "isAir", "isInfantry", "isAirTransportable", "artillerySupportable",
                      "artillery", "canBlitz", "isLandTransport", "canBombard", "isSub", "isDestroyer",
                      "transportCapacity", "carrierCapacity", "isAA", "isFactory",
                      "isStrategicBomber", "isAirTransport", "blockade"}


def _domain(opts: dict[str, str]) -> str:
    if _true(opts, "isSea"):
        return "sea"
    if _true(opts, "isAir"):
        return "air"
    return "land"


def _custom_unit(name: str, uid: str, opts: dict[str, str], cost: int | None,
                 artillery_ids: list[str], source: str) -> dict[str, Any]:
    dom = _domain(opts)
    attack, defense = _int(opts.get("attack")), _int(opts.get("defense"))
    u: dict[str, Any] = {
        "name": name.replace("_", " ").title(),
        "description": (f"Imported from TripleA ({source}): "
                        + ", ".join(f"{k}={v}" for k, v in sorted(opts.items()))),
        "domain": dom, "cost": cost, "attack": min(6, attack), "defense": min(6, defense),
        "move": _int(opts.get("movement"), 1), "hits": max(1, _int(opts.get("hitPoints"), 1)),
    }
    if dom == "land":
        u["transport_cost"] = _int(opts.get("transportCost"), 2) if opts.get("transportCost") else 3
    if dom == "air" and opts.get("carrierCost"):
        u["carrier_cost"] = _int(opts.get("carrierCost"), 1)
    ab: list[Any] = []
    if _true(opts, "canBlitz"):
        ab.append("blitz")
    if _true(opts, "canBombard"):
        ab.append("bombard")
    if _true(opts, "isSub"):
        ab += [{"first_strike": {"canceled_by": ["destroyer"]}}, {"cannot_hit": {"domains": ["air"]}},
               {"evades_air": {"unless_enemy_has": ["destroyer"]}},
               {"stealthy": {"unless_enemy_has": ["destroyer"]}}]
    if dom == "sea" and _int(opts.get("transportCapacity")) > 0:
        ab.append({"transport": {"capacity": _int(opts.get("transportCapacity")), "domains": ["land"]}})
        if attack == 0 and defense == 0:
            ab += ["defenseless", "non_blocking"]
    if _int(opts.get("carrierCapacity")) > 0:
        ab.append({"carrier": {"capacity": _int(opts.get("carrierCapacity"))}})
    if _true(opts, "isAA"):
        ab += [{"anti_aircraft": {"value": 1, "shots": 3, "targets": ["air"]}}, "cannot_capture",
               "noncombat_move_only"]
    if _true(opts, "artillerySupportable") and artillery_ids:
        ab.append({"supported_by": {"units": artillery_ids, "bonus": 1, "on": ["attack"],
                                    "pairing": "one_to_one"}})
    if ab:
        u["abilities"] = ab
    return u


# --- the import -----------------------------------------------------------------------------
def import_map(map_dir: str | Path, game: str | None = None, scenario_id: str | None = None,
               turn_limit: int = 10, frontier_units: bool = False,
               variant_of: str | None = None) -> Imported:
    """`frontier_units`: the game's ruleset builds only what the XML's production frontiers
    sell (the other g40 units get cost null in a derived ruleset); `variant_of`: the id of
    a shipped scenario imported from another XML of the same map, whose ruleset this one
    is played with (so its house-rule variants apply too)."""
    map_dir = Path(map_dir)
    report = Report(source=map_dir.name)
    research: list[str] = []   # what research would use (Warboard plays without it)
    root = map_root(map_dir)
    xml_path = _pick_game(map_dir, game, report)
    gx = read_game(xml_path)
    report.source = f"{map_dir.name} ({xml_path.name}: {gx.name})"
    polys = read_polygons(root / "polygons.txt")
    centers = read_points(root / "centers.txt") if (root / "centers.txt").exists() else {}
    places = read_points(root / "place.txt") if (root / "place.txt").exists() else {}
    props = read_properties(root / "map.properties")
    names = read_points(root / "name_place.txt") if (root / "name_place.txt").exists() else {}
    missing = [t for t in gx.territories if t not in polys]
    if missing:
        raise TripleaError(root / "polygons.txt", 0,
                           f"{len(missing)} territories of {xml_path.name} have no polygon: "
                           f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''} "
                           f"(partial or mismatched map folder?)")
    for extra in sorted(set(polys) - set(gx.territories)):
        report.not_imported.append(f"polygon '{extra}' (not a territory of {xml_path.name})")
    if not (root / "centers.txt").exists():
        report.approximated.append("no centers.txt: names and counters go at each outline's centroid")
    if not (root / "place.txt").exists():
        report.approximated.append("no place.txt: counters are laid out automatically")
    if (root / "pu_place.txt").exists():
        report.approximated.append("pu_place.txt: production values are drawn above the names")
    for f in ("decorations.txt", "capitols.txt", "vc.txt", "comments.txt", "kamikaze_place.txt",
              "blockade.txt", "convoy.txt"):
        if (root / f).exists():
            report.not_imported.append(f"{f} (drawn by Warboard's own markers, or not used)")
    for d in ("baseTiles", "reliefTiles"):
        if (root / d).is_dir():
            report.not_imported.append(f"{d}/ images: territories are drawn from polygons in owner "
                                       f"colours")

    ids: dict[str, str] = {}
    used: set[str] = set()
    for t in gx.territories:
        sid = slug(t)
        while sid in used:
            sid += "_x"
        used.add(sid)
        ids[t] = sid

    # players, in turn order (the sequence's order of first appearance)
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
    units_to = _units_to(gx)
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
        report.approximated.append(
            f"player {who}: a separate economy of {to} (playerAttachment giveUnitControl; scenario "
            f"`units_to`): it buys, places and collects income in a turn of its own right after "
            f"{to}'s (TripleA interleaves its purchase and placement with {to}'s turn), and the "
            f"units it places are {to}'s")
    if any("bid" in (n + c).lower() for n, c, _ in gx.steps):
        report.not_imported.append("bidding steps (no bid)")
    if any("tech" in (n + c).lower() for n, c, _ in gx.steps):
        research.append("technology research and activation steps")
    placement = {p: _placement(p, gx, report) for p in gx.players}

    pids = {p: slug(p) for p in gx.players}
    capitals: dict[str, str] = {}
    for t, opts in gx.territory_options.items():
        holder = opts.get("capital")
        if holder is None or holder not in pids or holder in capitals:
            continue
        if _true(opts, "isImpassable"):   # a capital nobody can take: none to lose (G40 China)
            report.mapped.append(f"player {holder}: no capital (TripleA's capital {t} is impassable, "
                                 f"so it can never be taken)")
            continue
        if gx.owners.get(t) != holder:
            report.approximated.append(f"player {holder}: capital {t} is not {holder}'s at the start "
                                       f"(or is impassable); imported without a capital")
            continue
        capitals[holder] = t
    colors = {}
    for i, p in enumerate(order):
        c = props.get(f"color.{p}", "")
        if re.fullmatch(r"[0-9a-fA-F]{6}", c):
            colors[p] = f"#{c.lower()}"
        else:
            colors[p] = PALETTE[i % len(PALETTE)]
            report.approximated.append(f"player {p}: no color.{p} in map.properties; colour "
                                       f"{colors[p]} chosen")
    players = []
    for p in order:
        if p not in pids:   # a player who takes turns but is not declared among the players
            raise TripleaError(xml_path, 0, f"player '{p}' has turns in the sequence but is not "
                                            f"declared (playerList: {', '.join(gx.players) or 'none'})")
        allies = gx.alliances.get(p) or [p]
        if len(allies) > 1:
            report.approximated.append(f"player {p} is in alliances {', '.join(allies)}; "
                                       f"Warboard uses the first")
        entry: dict[str, Any] = {"id": pids[p], "name": p, "alliance": slug(allies[0]),
                                 "color": colors[p], "capital": ids[capitals[p]] if p in capitals else None,
                                 "resources": gx.resources.get(p, 0)}
        power = POWERS.get(norm(p))
        if power:
            entry["power"] = power
        if placement[p]:
            entry["placement"] = placement[p]
        if p in units_to:
            entry["units_to"] = pids[units_to[p]]
        players.append(entry)
        if p not in capitals and p in steps_of and not any(
                gx.territory_options.get(t, {}).get("capital") == p for t in gx.territories):
            report.approximated.append(f"player {p} has no capital")

    # units: g40 equivalents, factories, custom types
    base_id = _variant_base(variant_of) if variant_of else BASE_RULESET
    g40 = _load_base_ruleset(base_id)
    g40_units = g40["units"]
    unit_map: dict[str, str] = {}
    factory_units: dict[str, str] = {}
    base_units: dict[str, str] = {}            # TripleA airfield / harbour -> g40 facility id
    pending: dict[str, list[str]] = {}         # rules other helpers of #46 write -> what waits
    custom: dict[str, dict[str, Any]] = {}
    artillery_ids = ["artillery"] + [slug(u) for u in gx.units
                                     if _true(gx.unit_options[u], "artillery")
                                     and G40_UNITS.get(norm(u)) is None]
    for u in gx.units:
        opts = gx.unit_options[u]
        key = norm(u)
        if key in FACTORIES or _true(opts, "isFactory"):
            factory_units[u] = FACTORIES.get(key, "major")
            continue
        if BASES.get(key) in (g40.get("facilities") or {}):
            base_units[u] = BASES[key]
            _compare_base(u, base_units[u], opts, gx.costs.get(u), g40["facilities"][base_units[u]],
                          research, report)
            continue
        g = G40_UNITS.get(key)
        if g is not None and g in g40_units:
            unit_map[u] = g
            _compare(u, opts, gx.costs.get(u), g, g40_units[g], report)
            _unit_options(u, opts, gx, g, g40_units[g], pending, report)
            continue
        uid = slug(u)
        if uid in g40_units:
            uid = f"{uid}_triplea"
        unit_map[u] = uid
        custom[uid] = _custom_unit(u, uid, opts, gx.costs.get(u), artillery_ids, xml_path.name)
        if _int(opts.get("attack")) > 6 or _int(opts.get("defense")) > 6:
            report.approximated.append(f"unit {u}: attack/defense above the d6 capped at 6")
        report.approximated.append(f"unit {u}: no g40 equivalent; custom unit '{uid}' with the "
                                   f"XML's values (attack {custom[uid]['attack']}, defense "
                                   f"{custom[uid]['defense']}, move {custom[uid]['move']}, "
                                   f"cost {custom[uid]['cost']})")
        odd = sorted(set(opts) - KNOWN_UNIT_OPTIONS)
        if odd:
            report.not_imported.append(f"unit {u} options: {', '.join(odd)}")
    for p, buyable in gx.frontier_units.items():
        if p in gx.players:
            not_g40 = [u for u in buyable if u in unit_map and unit_map[u] not in g40_units
                       and unit_map[u] not in custom]
            if not_g40:
                report.approximated.append(f"{p} may buy {', '.join(not_g40)}")
    unsold = _unsold(gx, unit_map, g40_units, report) if frontier_units or variant_of else []
    if not (frontier_units or variant_of):
        report.approximated.append("every player buys from the full g40 unit list (TripleA "
                                   "production frontiers are not per player in Warboard)")

    # spaces
    vc_count = 0
    spaces: list[dict[str, Any]] = []
    adjacency: dict[str, set[str]] = {t: set() for t in gx.territories}
    for a, b in gx.connections:
        if a != b:
            adjacency[a].add(b)
            adjacency[b].add(a)
    neutral_impassable = gx.properties.get("Neutrals Are Impassable", "").lower() == "true"
    points_before = points_after = 0
    odd_territories: dict[str, list[str]] = {}   # options not read -> the territories with them
    unit_counts: dict[str, dict[str, dict[str, int]]] = {}
    factories: dict[str, str] = {}
    bases: dict[str, set[str]] = {}
    for t, who, ut, n in gx.placements:
        if ut in base_units and not gx.territories[t]:
            bases.setdefault(t, set()).add(base_units[ut])
            continue
        if ut in factory_units:
            if gx.territories[t]:
                report.not_imported.append(f"{ut} at sea in {t}")
            else:
                factories[t] = factory_units[ut]
            continue
        if who not in pids:
            report.not_imported.append(f"{n} {ut} in {t}: " + (f"unknown owner '{who}'" if who else
                                       "neutral units (Warboard neutrals hold no units)"))
            continue
        unit_counts.setdefault(t, {}).setdefault(who, {})
        unit_counts[t][who][unit_map[ut]] = unit_counts[t][who].get(unit_map[ut], 0) + n
    _move_cargo(gx, unit_counts, adjacency, g40_units, custom, report)
    for t, water in gx.territories.items():
        opts = gx.territory_options.get(t, {})
        outline = sorted(polys[t], key=polygon_area, reverse=True)
        simple = []
        for poly in outline:
            points_before += len(poly)
            sp = simplify(poly, SIMPLIFY_TOLERANCE)
            points_after += len(sp)
            simple.append([[round(x), round(y)] for x, y in sp])
        if t in centers:
            center = [round(centers[t][0][0]), round(centers[t][0][1])]
        else:
            center = _centroid(outline[0])
            if (root / "centers.txt").exists():
                report.approximated.append(f"{t}: not in centers.txt; centre at its outline's centroid")
        s: dict[str, Any] = {"id": ids[t], "name": t, "kind": "sea" if water else "land"}
        if not water:
            s["value"] = _int(opts.get("production"))
            owner = gx.owners.get(t)
            s["owner"] = pids[owner] if owner else None
            if t in factories:
                s["factory"] = True if factories[t] == "major" else "minor"
            for kind in sorted(bases.get(t, ())):
                s[kind] = True
            if _int(opts.get("victoryCity")) > 0 or _true(opts, "victoryCity"):
                s["victory_city"] = True
                vc_count += 1
            impassable = _true(opts, "isImpassable")
            if not impassable and owner is None and neutral_impassable:
                impassable = True
                report.approximated.append(f"{t}: neutral, impassable (the game's 'Neutrals Are "
                                           f"Impassable')")
            if impassable:
                s["impassable"] = True
            goes_to = _captured_for(opts, pids)
            if goes_to:
                s["captured_for"] = goes_to
            odd = sorted(set(opts) - {"production", "capital", "victoryCity", "isImpassable",
                                      "originalOwner", "unitProduction"}
                         - (ECONOMY_OPTIONS if goes_to else set()))
            if odd:
                odd_territories.setdefault(", ".join(odd), []).append(t)
        else:   # sea zones are never captured: their economy options say nothing
            odd = sorted(set(opts) - {"production", "blockadeZone"}
                         - (ECONOMY_OPTIONS if _captured_for(opts, pids) else set()))
            if odd:
                odd_territories.setdefault(", ".join(odd), []).append(t)
        s["center"] = center
        s["polygon"] = simple[0]
        if len(simple) > 1:
            s["extra_polygons"] = simple[1:]
        if t in names:   # TripleA draws the name from this point (left end, baseline)
            nx, ny = names[t][0]
            s["label"] = [round(nx + NAME_CHAR_W * len(t) / 2), round(ny + 2)]
        if t in places:
            half = _unit_size(props) / 2
            s["places"] = [[round(x + half), round(y + half)] for x, y in places[t]]
        s["adjacent"] = sorted(ids[a] for a in adjacency[t])
        if t in unit_counts:
            s["units"] = {pids[w]: dict(sorted(c.items())) for w, c in unit_counts[t].items() if c}
            if not s["units"]:
                del s["units"]
        spaces.append(s)
    report.approximated.append(f"outlines simplified (tolerance {SIMPLIFY_TOLERANCE} px): "
                               f"{points_before} -> {points_after} points")
    for t, opts in gx.territory_options.items():
        if _int(opts.get("unitProduction")) and t in factories:
            pass  # production capacity = territory value in Warboard (the same in v3)
    national, taken = _national_objectives(gx, ids, pids, unit_map, report)
    turnless = [p for p in gx.players if p not in steps_of]
    pol, taken_pol = _politics(gx, ids, pids, unit_map, report, turnless)
    taken |= taken_pol
    limits, taken_limits = _player_limits(gx, ids, pids, unit_map, report)
    taken |= taken_limits
    won_by, taken_won = _victories(gx, ids, pids, unit_map, report, players)
    taken |= taken_won
    kamikaze, taken_kamikaze = _kamikaze(gx, ids, pids, report)
    taken |= taken_kamikaze
    if pol is not None:
        taken |= {n for n, to, _ in gx.other_attachments if n.startswith("relationshipTypeAttachment")}
    _territory_options(odd_territories, gx, pol, pending, report)
    taken |= _rule_attachments(gx, ids, pids, unit_map, g40_units, taken, research, pending, report)
    for why_, what in pending.items():
        report.not_imported.append(f"{why_}, written by another helper: {'; '.join(what)}")
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
    why = {"techAttachment": "technologies: Warboard's g40 has none",
           "canalAttachment": "canals: the sea zones connect without them",
           "objectiveAttachment": "national objectives: no bonus income",
           "rulesAttachment": "player rules (movement/placement restrictions)",
           "triggerAttachment": "triggers", "politicalActionAttachment": "political actions",
           "relationshipTypeAttachment": "relationships", "userActionAttachment": "user actions",
           "supportAttachment": "support attachments: only artillery support is modelled"}
    for kind, where in groups.items():
        shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
        report.not_imported.append(f"{len(where)} {kind} ({why.get(kind, 'not understood')}): {shown}")

    # victory
    enabled = [k for k in VICTORY_DEFAULTS if gx.properties.get(k, "").lower() == "true"]
    if enabled:
        need = min(_int(gx.properties.get(f"{k} VCs"), VICTORY_DEFAULTS[k]) for k in enabled)
    else:
        need = vc_count
    need = max(1, min(need, vc_count)) if vc_count else 1
    alliances = []
    for entry in players:
        if entry["alliance"] not in alliances:
            alliances.append(entry["alliance"])
    if won_by:
        won_text = f"by its victory conditions ({len(won_by)} TripleA victory triggers)"
        report.approximated.append(f"victory: an alliance wins when its victory conditions hold "
                                   f"for a complete round (TripleA victory triggers: scenario "
                                   f"`victory.conditions`); after round {turn_limit} the alliance "
                                   f"with more victory cities wins (TripleA has no turn limit)")
    else:
        won_text = f"at {need} of {vc_count} victory cities"
        report.approximated.append(
            f"victory: an alliance holding {need} of {vc_count} victory cities at "
            f"the end of a round wins ({', '.join(enabled) or 'all of them'}); "
            f"also holding every enemy capital; after round {turn_limit} the "
            f"alliance with more victory cities wins (TripleA has no turn limit)")
    for k, v in sorted(gx.properties.items()):
        if k in ("Tech Development", "Low Luck", "Kamikaze Airplanes") and v.lower() == "true":
            report.not_imported.append(f"game option '{k}'")

    sid = scenario_id or slug(gx.name)
    w = _int(props.get("map.width")) or int(max(x for p in polys.values() for q in p for x, _ in q)) + 1
    h = _int(props.get("map.height")) or int(max(y for p in polys.values() for q in p for _, y in q)) + 1
    wrap = props.get("map.scrollWrapX", "false").lower() == "true"
    if wrap:
        report.approximated.append("the map wraps east-west: it pans east-west without end (copies "
                                   "side by side); the connections across the seam are kept")
    land = sum(1 for w_ in gx.territories.values() if not w_)
    starting = sum(n for t, who, ut, n in gx.placements if ut not in factory_units)
    report.counts = {
        "territories": len(gx.territories), "land": land, "sea": len(gx.territories) - land,
        "connections": len({frozenset(c) for c in gx.connections if c[0] != c[1]}),
        "players": len(gx.players), "alliances": len(alliances),
        "starting units": starting, "factories": len(factories), "victory cities": vc_count,
        "unit types": len(gx.units), "custom unit types": len(custom),
    }
    if variant_of:
        ruleset_id = base_id if not custom else f"{base_id}_{sid}"
        report.mapped.append(f"a variant of {variant_of}: played with its ruleset {base_id} "
                             f"(and the house-rule variants that extend it)")
    else:
        ruleset_id = BASE_RULESET if not custom and not unsold else f"{BASE_RULESET}_{sid}"
    scenario: dict[str, Any] = {
        "format": "warboard-scenario/1", "id": sid, "title": gx.name, "ruleset": ruleset_id,
        "description": (f"Imported from the TripleA map folder {map_dir.name} ({xml_path.name}): "
                        f"{len(gx.territories)} territories, {len(gx.players)} players in "
                        f"{len(alliances)} alliances, played on the g40 rules. Victory {won_text}, "
                        f"or after round {turn_limit} to the side holding more"
                        f"{' victory cities' if won_by else ''}."),
        "turn_limit": turn_limit,
        "map": {"kind": "zone", "size": [w, h], "background": "#2b4d6e", "wrap_x": wrap},
        "players": players,
        "victory": ({"conditions": won_by} if won_by else {"victory_cities": {a: need for a in alliances}})
        | {"at_turn_limit": "victory_cities"},
        "spaces": spaces,
    }
    if factory_units and not any(_int(gx.unit_options[u].get("canProduceXUnits")) for u in factory_units):
        # a complex places its territory's value (TripleA before Global 1940: no
        # canProduceXUnits), not the g40 facilities' 10 / 3
        scenario["factory_production"] = "value"
        report.approximated.append("industrial complexes place their territory's value a turn "
                                   "(scenario factory_production: value; no canProduceXUnits)")
    canals = _canals(gx, ids, unit_map, g40_units, custom, report)
    if canals:
        scenario["canals"] = canals
    if national:
        scenario["national_objectives"] = national
    if kamikaze:
        scenario["kamikaze"] = kamikaze
    if pol is not None:
        scenario["politics"] = pol
    # TripleA's engine: a capital retaken by an ally goes back to its owner with the
    # owner's territories the liberator holds; the G40 rulebook stops purchases meanwhile
    scenario["capitals"] = {"liberation": True, "no_purchase": True}
    convoys = _convoys(gx, ids, pids, unit_map, report)
    if convoys:
        scenario["convoys"] = convoys
    if limits:
        scenario["player_rules"] = limits
    ruleset = None
    if ruleset_id not in (BASE_RULESET, base_id):
        ruleset = dict(g40)
        ruleset["id"] = ruleset_id
        ruleset["name"] = (f"{g40.get('name', 'g40')}, as {xml_path.name} sells it" if not custom else
                           f"{g40.get('name', 'g40')} + units imported from {xml_path.name}")
        ruleset["notes"] = (f"Generated by python -m game import-triplea from {xml_path.name}: the "
                            f"{base_id} units" + (f" plus {len(custom)} custom unit(s) with the "
                                                  f"XML's values" if custom else "")
                            + (f"; {', '.join(unsold)} cannot be built (no production frontier "
                               f"sells them; a variant may give them a cost)" if unsold else "") + ".")
        ruleset.pop("seed_notes", None)
        units = {k: (dict(v, cost=None) if k in unsold else v) for k, v in g40_units.items()}
        ruleset["units"] = {**units, **custom}
    return Imported(scenario=scenario, ruleset=ruleset, report=report)


def _compare_base(u: str, kind: str, opts: dict[str, str], cost: int | None, fac: dict[str, Any],
                  research: list[str], report: Report) -> None:
    """A TripleA airfield / harbour against the g40 facility (air_base, naval_base) that plays it."""
    diff, at_work, tech = triplea_rules.facility_options(opts, cost, fac)
    if diff:
        report.approximated.append(f"unit {u} -> g40 facility {kind}: g40 values used ({', '.join(diff)})")
    else:
        report.mapped.append(f"unit {u} -> g40 facility {kind} (cost, damage and operational limit "
                             f"the same; bought, placed one a territory, bombed and repaired)")
    if at_work:
        scrambles = opts.get("maxScrambleCount")
        if scrambles is None or scrambles == str(fac.get("scramble", 0)):
            does = (f"+1 move for aircraft leaving it (air_base_move); up to {fac.get('scramble', 0)} "
                    f"aircraft scramble from it" if fac.get("scramble") else
                    "+1 move for ships leaving it (naval_base_move); capital ships repaired there")
            report.mapped.append(f"unit {u} options {', '.join(at_work)}: g40 {kind} at work ({does})")
        else:
            report.approximated.append(f"unit {u} options {', '.join(at_work)}: g40 {kind}'s values used "
                                       f"(maxScrambleCount {scrambles} -> {fac.get('scramble', 0)})")
    if tech:
        research.append(f"{u} options {', '.join(tech)} (rockets)")


def _unit_options(u: str, opts: dict[str, str], gx: GameXml, g: str, gu: dict[str, Any],
                  pending: dict[str, list[str]], report: Report) -> None:
    """TripleA unit options beyond the values, against the g40 unit's abilities."""
    odd = {k: v for k, v in opts.items() if k not in KNOWN_UNIT_OPTIONS}
    if "canBeCapturedOnEnteringBy" in odd and any("captureUnitOnEnteringBy" in o
                                                  for o in gx.territory_options.values()):
        del odd["canBeCapturedOnEnteringBy"]   # neutrals' armies raised on entry (politics)
        report.mapped.append(f"unit {u}: canBeCapturedOnEnteringBy (a pro-side neutral's {u} joins "
                             f"the power entering it: politics.raise_on_entry)")
    if "canBeGivenByTerritoryTo" in odd and any("giveUnitControl" in o for o in gx.player_options.values()):
        del odd["canBeGivenByTerritoryTo"]   # a separate economy's units are its power's (`units_to`)
        row = ("units: canBeGivenByTerritoryTo (units placed by a separate economy belong to its "
               "power: the player's `units_to`)")
        if row not in report.mapped:
            report.mapped.append(row)
    unit_map = {x: G40_UNITS.get(norm(x), slug(x)) for x in gx.units}
    mapped, waiting, different = triplea_rules.unit_options(u, odd, gx.unit_values.get(u, {}), g, gu, unit_map)
    if mapped:
        abilities = sorted({triplea_rules.ABILITY_OF_OPTION[o] for o in mapped})
        report.mapped.append(f"unit {u}: {', '.join(mapped)} (g40 {g}: {', '.join(abilities)})")
    if different:
        report.approximated.append(f"unit {u}: options {', '.join(different)} follow g40 {g}'s rules")
    for o in waiting:
        pending.setdefault(triplea_rules.PENDING_OPTIONS[o], []).append(f"{u} {o}")


def _territory_options(odd: dict[str, list[str]], gx: GameXml, pol: dict[str, Any] | None,
                       pending: dict[str, list[str]], report: Report) -> None:
    """Territory options not read into the space, one row per set of options."""
    raising = set((pol or {}).get("raise_on_entry", []))
    for opts, where in odd.items():
        if opts == "captureUnitOnEnteringBy" and all(slug(gx.owners.get(t, "")) in raising for t in where):
            report.mapped.append(f"{len(where)} territories of pro-side neutrals: captureUnitOnEnteringBy "
                                 f"(politics.raise_on_entry): {', '.join(where)}")
        else:
            shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
            report.not_imported.append(f"territory options {opts}: {shown}")


# trigger options that only say when and for whom it fires
TRIGGER_STRUCTURE = {"conditions", "trigger", "conditionType", "invert", "when", "uses", "players",
                     "notification"}


# playerAttachment options read elsewhere: a separate economy's units (`units_to`) and
# kamikaze tokens (`kamikaze`)
PLAYER_OPTIONS_READ = {"immuneToBlockade", "giveUnitControl", "suicideAttackResources", "suicideAttackValue"}


def _rule_attachments(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
                      g40_units: dict[str, Any], taken: set[str], research: list[str],
                      pending: dict[str, list[str]], report: Report) -> set[str]:
    """Support attachments, research, player attachments and the conditions and triggers
    left over: mapped, named as research or grouped by what they do. Returns the names
    handled here."""
    done: set[str] = set()
    tech = triplea_rules.research_attachments(gx.raw)
    for a in gx.raw:
        if a.name in tech and a.name not in taken:
            research.append(f"{a.name} of {a.to} (line {a.line})")
    done |= tech
    for name, to, opts, line in gx.supports:
        if name in tech:
            research.append(f"{name} of {to} (line {line})")
        elif triplea_rules.support_is_played(opts, to, g40_units, unit_map):
            report.mapped.append(f"{name}: {to} supports {opts.get('unitType', '').replace(':', ', ')} "
                                 f"(+{opts.get('bonus', '1')} on attack, one to one: g40 supported_by)")
        else:
            continue
        done.add(name)
    for name, to, line in gx.other_attachments:
        if name.startswith("techAbilityAttachment"):
            research.append(f"{name} of {to} (line {line})")
            done.add(name)
    for p, opts in gx.player_options.items():
        rest = {k: v for k, v in opts.items() if k not in PLAYER_OPTIONS_READ}
        if rest and set(rest) <= {"captureUnitOnEnteringBy"} and p in gx.players \
                and not any(p == who for _, _, who in gx.steps):
            report.mapped.append(f"player {p}: captureUnitOnEnteringBy (its army joins the power "
                                 f"entering it: politics.raise_on_entry)")
        elif rest and set(rest) <= {"shareTechnology", "helpPayTechCost"}:
            research.append(f"playerAttachment of {p}: {', '.join(sorted(rest))}")
        elif rest:
            report.not_imported.append(f"player {p} options: {', '.join(sorted(rest))}")
    done.add("playerAttachment")
    done |= _leftover_triggers(gx, taken | done, report)
    return done


def _leftover_triggers(gx: GameXml, taken: set[str], report: Report) -> set[str]:
    """Triggers not imported, grouped by what they do (with the conditions only they use);
    conditions nothing uses (they do nothing in TripleA either)."""
    by_name = {a.name: a for a in gx.raw}
    used_by: dict[str, set[str]] = {}
    for a in gx.raw:
        for key in ("conditions", "trigger"):
            for r in (a.get(key) or "").split(":"):
                if r:
                    used_by.setdefault(r, set()).add(a.name)
    ctx_refs = {a.name: _refs(a, by_name) for a in gx.raw}
    groups: dict[str, list[str]] = {}
    done: set[str] = set()
    for a in gx.raw:
        if not a.is_trigger or a.name in taken:
            continue
        actions = sorted({k for k, _, _ in a.options} - TRIGGER_STRUCTURE)
        groups.setdefault(", ".join(actions) or "nothing", []).append(f"{a.name} (line {a.line})")
        done.add(a.name)
        done |= {r for r in ctx_refs[a.name] if r not in taken}
    for does, names in groups.items():
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        report.not_imported.append(f"{len(names)} triggers setting {does} (with the conditions they "
                                   f"test): {shown}")
    # conditions of what was imported were imported with it; the rest nothing acting tests
    done |= {r for n in taken if n in ctx_refs for r in ctx_refs[n]}
    acting = [a for a in gx.raw if not (a.is_rules and not a.get("objectiveValue"))]
    reached = {r for a in acting for r in ctx_refs[a.name]}
    unused = [a.name for a in gx.raw if a.is_rules and a.name not in taken | done | reached
              and not a.get("objectiveValue") and a.name != "rulesAttachment"]   # (player rules)
    if unused:
        report.mapped.append(f"{len(unused)} conditions that no trigger, objective or action tests "
                             f"(nothing in TripleA either): {', '.join(unused[:4])}"
                             + (f" and {len(unused) - 4} more" if len(unused) > 4 else ""))
        done |= set(unused)
    return done


def _refs(att: RawAttachment, by_name: dict[str, RawAttachment], seen: frozenset[str] = frozenset()
          ) -> set[str]:
    out: set[str] = set()
    for key in ("conditions", "trigger"):
        for r in (att.get(key) or "").split(":"):
            if r and r in by_name and r not in seen:
                out.add(r)
                out |= _refs(by_name[r], by_name, seen | {r})
    return out


def _type_notes(gx: GameXml) -> dict[str, str]:
    """How each relationship type that is more than its archetype is read (report rows)."""
    out = {}
    for t, v in gx.relationship_types.items():
        extra = {k: o for k, o in gx.relationship_options.get(t, {}).items() if k not in EXACT_TYPE_OPTIONS}
        if v == "neutral_open":
            out[t] = (f"relationship type {t}: neutral, but its land units may enter each other's "
                      f"territories: read as allied")
        elif extra:
            out[t] = (f"relationship type {t}: read as {v} (its archeType); "
                      + ", ".join(f"{k} {o}" for k, o in sorted(extra.items())) + " not read")
    return out


def _condition_context(gx: GameXml, ids: dict[str, str], pids: dict[str, str],
                       unit_map: dict[str, str], report: Report) -> ObjectiveContext:
    ctx = ObjectiveContext(ids=ids, pids=pids, units=unit_map,
                           archetypes={k: {"war": "war", "allied": "allied", "neutral_open": "allied"}
                                       .get(v, "neutral") for k, v in gx.relationship_types.items()},
                           by_name={}, approximated=report.approximated, properties=gx.properties,
                           exact_types={t for t, o in gx.relationship_options.items()
                                        if set(o) <= EXACT_TYPE_OPTIONS},
                           type_notes=_type_notes(gx))
    for a in gx.raw:
        ctx.by_name.setdefault(a.name, []).append(a)
    return ctx


def _politics(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
              report: Report, turnless: list[str]) -> tuple[dict[str, Any] | None, set[str]]:
    """The XML's relationshipInitialize and political actions as the scenario's `politics`:
    players without steps become neutral countries taking no turns; those whose territories
    change their units' owner on entry (changeUnitOwners, captureUnitOnEnteringBy) are
    pro-side neutrals (`raise_on_entry`)."""
    ctx = _condition_context(gx, ids, pids, unit_map, report)
    alliances = {p: (gx.alliances.get(p) or [p])[0] for p in gx.players}
    raising = sorted({gx.owners[t] for t, opts in gx.territory_options.items()
                      if t in gx.owners and gx.owners[t] in turnless
                      and ({"changeUnitOwners", "captureUnitOnEnteringBy"} & set(opts))})
    steps = {name: (who, step_phase(name, java)) for name, java, who in gx.steps}
    pol, skipped, taken = import_politics(gx.raw, ctx, gx.relationships, alliances, turnless, raising,
                                          steps)
    report.not_imported.extend(skipped)
    if pol is None:
        return None, taken
    report.approximated[:] = [a for a in report.approximated if not a.endswith("; it plays last")]
    if turnless:
        report.mapped.append(f"players without steps in the turn sequence: {', '.join(turnless)}: "
                             f"neutral countries that take no turns (politics.neutrals)")
    report.approximated.extend(ctx.type_notes.values())
    report.mapped.append(
        f"politics: {len(pol['relations'])} starting relations that differ from the alliances, "
        f"{len(pol['declarations'])} political actions, {len(pol['events'])} relationship triggers "
        f"(TripleA relationship types by their archeType: war, neutral or allied); "
        f"{len(raising)} pro-side neutral players")
    return pol, taken


def _kamikaze(gx: GameXml, ids: dict[str, str], pids: dict[str, str], report: Report
              ) -> tuple[dict[str, Any] | None, set[str]]:
    """G40 kamikaze strikes as the scenario's `kamikaze`: the player with
    suicideAttackResources (its count: the die needed), the tokens its resourceGiven, the
    kamikazeZone sea zones (territoryAttachment, or set by a trigger at the game's start),
    with "Use Kamikaze Suicide Attacks" on."""
    who = next((p for p, o in gx.player_options.items() if "suicideAttackResources" in o), None)
    if who is None or who not in pids:
        return None, set()
    opts = gx.player_options[who]
    if gx.properties.get("Use Kamikaze Suicide Attacks", "false").lower() != "true":
        report.not_imported.append(f"player {who}: kamikaze tokens (the game's option 'Use Kamikaze "
                                   f"Suicide Attacks' is off)")
        return None, set()
    zones = {t for t, o in gx.territory_options.items() if _true(o, "kamikazeZone")}
    taken = set()
    for att in gx.raw:
        if att.is_trigger and att.get("territoryProperty") == "kamikazeZone":
            zones.update((att.get("territories") or "").split(":"))
            taken.add(att.name)
    tokens = gx.other_resources.get((who, opts["suicideAttackResources"]), 0)
    kzones = sorted(ids[z] for z in zones if z in ids)
    rule: dict[str, Any] = {"player": pids[who], "tokens": tokens,
                            "value": _int(opts.get("suicideAttackValue"), 1), "zones": kzones}
    report.approximated.append(
        f"kamikaze: {who} has {tokens} tokens, each a die at {rule['value']} against an attacking "
        f"surface warship in its {len(kzones)} kamikaze zones, only where there is a battle "
        f"(TripleA suicideAttackResources, kamikazeZone; scenario `kamikaze`)")
    return rule, taken


def _victories(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
               report: Report, players: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], set[str]]:
    """The XML's victory triggers as `victory.conditions` (with "Triggered Victory" on)."""
    if gx.properties.get("Triggered Victory", "false").lower() != "true":
        return [], set()
    ctx = _condition_context(gx, ids, pids, unit_map, report)
    won_by, skipped, taken = import_victories(gx.raw, ctx, {p["id"]: p["alliance"] for p in players})
    report.not_imported.extend(skipped)
    return won_by, taken


def _national_objectives(gx: GameXml, ids: dict[str, str], pids: dict[str, str],
                         unit_map: dict[str, str], report: Report) -> tuple[list[dict[str, Any]], set[str]]:
    """The XML's national objectives as the scenario's `national_objectives` (with the game's
    option "National Objectives" on), and the attachments taken in."""
    ctx = _condition_context(gx, ids, pids, unit_map, report)
    national, skipped, taken = import_objectives(gx.raw, ctx)
    if national and gx.properties.get("National Objectives", "true").lower() != "true":
        report.not_imported.append(f"{len(national)} national objectives: the game's option "
                                   f"'National Objectives' is off")
        return [], set()
    report.not_imported.extend(skipped)
    if national:
        report.mapped.append(f"{len(national)} national objectives (scenario "
                                   f"`national_objectives`; TripleA objectiveValue and PU triggers)")
    return national, taken


def _player_limits(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
                   report: Report) -> tuple[list[dict[str, Any]], set[str]]:
    """`player_rules` (G40 China): a player whose production frontier a trigger switches
    buys the units common to all its frontiers, and a frontier's other units while that
    trigger's conditions hold (the Burma Road); rulesAttachment
    movementRestrictionTerritories of type allowed -> `moves_within` for such a player
    (G40's China; v3's Chinese restriction stays in the report: its shipped scenario and
    guard games play without it)."""
    ctx = _condition_context(gx, ids, pids, unit_map, report)
    switches: dict[str, list[RawAttachment]] = {}
    for att in gx.raw:
        if att.is_trigger and att.get("frontier") in gx.frontiers and att.to in pids:
            switches.setdefault(att.to, []).append(att)
    out: list[dict[str, Any]] = []
    taken: set[str] = set()
    destroying, taken_removal = _complex_removal(gx, ids, report)
    upgrading, taken_upgrade = _war_production(gx, ids, ctx, report)
    taken |= taken_removal | taken_upgrade
    for p in gx.players:
        entry: dict[str, Any] = {}
        if p in switches:
            entry.update(_frontier_rules(gx, p, switches[p], ctx, unit_map, report))
            taken |= {a.name for a in switches[p]}
            for a in switches[p]:
                taken |= _referenced(ctx, a)
        opts = gx.player_rules.get(p, {})
        if entry and _kept_in(opts):
            entry["moves_within"] = [ids[t] for t in opts.get("movementRestrictionTerritories", "").split(":")
                                     if t in ids]
        if p in destroying:
            entry["destroys_complexes_in"] = sorted(destroying[p])
        if p in upgrading:
            entry["upgrades_complexes_in"], when = upgrading[p]
            entry["upgrades_when"] = [_drop_own_player(c, pids[p]) for c in when]
        lifting = _lifting_triggers(gx, p) if _kept_out(opts) else []
        if lifting:
            try:
                until = [c for a in lifting for c in _trigger_condition_list(ctx, a)]
            except (Unmapped, ValueError) as exc:
                report.not_imported.append(f"player {p} movement restriction: {exc}")
            else:
                entry["keeps_out_of"] = [ids[t] for t in opts["movementRestrictionTerritories"].split(":")
                                         if t in ids]
                entry["keeps_out_until"] = [_drop_own_player(c, pids[p]) for c in until]
                taken |= {a.name for a in lifting} | {r for a in lifting for r in _referenced(ctx, a)}
                report.mapped.append(f"player {p}: movementRestrictionTerritories (disallowed) until "
                                     f"{', '.join(a.name for a in lifting)} fires (player_rules keeps_out_of, "
                                     f"keeps_out_until)")
        if entry:
            out.append({"player": pids[p], **entry})
    return out, taken


def _complex_removal(gx: GameXml, ids: dict[str, str], report: Report) -> tuple[dict[str, set[str]], set[str]]:
    """Triggers removing the industrial complexes of a territory once a player owns it (G40:
    triggerAttachment_Chinese_Destroy_Factories_*) -> player -> those spaces
    (`destroys_complexes_in`), and the attachments taken in."""
    complexes = {u for u in gx.units if norm(u) in FACTORIES or _true(gx.unit_options[u], "isFactory")}
    by_name = {a.name: a for a in gx.raw if a.is_rules}
    out: dict[str, set[str]] = {}
    taken: set[str] = set()
    for a in gx.raw:
        removal = [v for k, v, _ in a.options if k == "removeUnits"]
        if not a.is_trigger or len(removal) != 1 \
                or {k for k, _, _ in a.options} - {"trigger", "conditions", "removeUnits", "when", "uses"}:
            continue
        where, *units = removal[0].split(":")
        cond = by_name.get(a.get("trigger") or a.get("conditions") or "")
        if not units or set(units) - complexes or where not in ids or cond is None \
                or [(k, v) for k, v, _ in cond.options] != [("directOwnershipTerritories", where)] \
                or not all(w.startswith("after:") and "battle" in w.lower()
                           for k, w, _ in a.options if k == "when"):
            continue
        out.setdefault(cond.to, set()).add(ids[where])
        taken |= {a.name, cond.name}
    for p, spaces in out.items():
        report.mapped.append(f"player {p}: triggers removing the industrial complexes of "
                             f"{', '.join(sorted(spaces))} after a battle once it owns them "
                             f"(player_rules destroys_complexes_in)")
    return out, taken


def _war_production(gx: GameXml, ids: dict[str, str], ctx: ObjectiveContext, report: Report
                    ) -> tuple[dict[str, tuple[list[str], list[dict[str, Any]]]], set[str]]:
    """Triggers replacing a territory's minor complex by a major one after the player's
    politics step, once (G40: triggerAttachment_Americans_War_Production_*) -> player ->
    (spaces, conditions) for `upgrades_complexes_in` / `upgrades_when`. Their conditions
    that a complex is not major yet go: only a minor complex is upgraded anyway."""
    sizes = {u: FACTORIES.get(norm(u)) for u in gx.units if norm(u) in FACTORIES}
    out: dict[str, tuple[list[str], list[dict[str, Any]]]] = {}
    taken: set[str] = set()
    for a in gx.raw:
        opts = {k: v for k, v, _ in a.options}
        if not a.is_trigger or set(opts) - {"trigger", "conditions", "removeUnits", "placement", "uses", "when"} \
                or "removeUnits" not in opts or "placement" not in opts:
            continue
        (t1, _, old), (t2, _, new) = opts["removeUnits"].partition(":"), opts["placement"].partition(":")
        if t1 != t2 or t1 not in ids or sizes.get(old) != "minor" or sizes.get(new) != "major" \
                or not opts.get("when", "").lower().endswith("politics"):
            continue
        refs = [r for r in (opts.get("trigger") or opts.get("conditions") or "").split(":") if r]
        kept = [r for r in refs if not any(set((v or "").split(":")) & set(sizes)
                                           for a2 in ctx.by_name.get(r, []) for k, v, _ in a2.options
                                           if k == "unitPresence")]
        try:
            when = [condition(ctx, _lookup(ctx, r, a.to)) for r in kept]
        except (Unmapped, ValueError) as exc:
            report.not_imported.append(f"trigger {a.name} (line {a.line}): {exc}")
            taken.add(a.name)
            continue
        spaces, before = out.get(a.to, ([], when))
        if before != when:
            continue   # triggers of one player with different conditions: left in the report
        out[a.to] = (spaces + [ids[t1]], when)
        taken |= {a.name} | set(refs)
    for p, (spaces, _) in out.items():
        report.mapped.append(f"player {p}: war production triggers: the minor complexes of "
                             f"{', '.join(spaces)} become major (player_rules upgrades_complexes_in, "
                             f"upgrades_when)")
    return out, taken


def _kept_out(opts: dict[str, str]) -> bool:
    return opts.get("movementRestrictionType") == "disallowed" and bool(opts.get("movementRestrictionTerritories"))


def _lifting_triggers(gx: GameXml, p: str) -> list[RawAttachment]:
    """The triggers that clear player `p`'s movementRestrictionTerritories (G40: Japan's
    and the United States' waters closed until they are at war)."""
    return [a for a in gx.raw if a.is_trigger and p in (a.get("players") or a.to).split(":")
            and any(k == "playerProperty" and v == "movementRestrictionTerritories" and not (c or "")
                    for k, v, c in a.options)]


def _kept_in(opts: dict[str, str]) -> bool:
    return opts.get("movementRestrictionType") == "allowed" and bool(opts.get("movementRestrictionTerritories"))


def _frontier_rules(gx: GameXml, p: str, triggers: list[RawAttachment], ctx: ObjectiveContext,
                    unit_map: dict[str, str], report: Report) -> dict[str, Any]:
    def units(frontier: str) -> list[str]:
        return sorted({unit_map[u] for u in gx.frontiers.get(frontier, []) if u in unit_map})
    every = [set(gx.frontier_units.get(p, []))] + [set(gx.frontiers[a.get("frontier") or ""]) for a in triggers]
    base = sorted({unit_map[u] for u in set.intersection(*every) if u in unit_map})
    extra: list[dict[str, Any]] = []
    for a in triggers:
        more = [u for u in units(a.get("frontier") or "") if u not in base]
        if not more:
            continue   # the frontier without extras (the inverted trigger of the same condition)
        try:
            when = _trigger_condition_list(ctx, a)
        except (Unmapped, ValueError) as exc:
            report.not_imported.append(f"{a.name} of {p} (line {a.line}): {exc}")
            continue
        ref = (a.get("conditions") or a.get("trigger") or a.name).split(":")[0]
        name = _title(ref, p)   # objectiveAttachment_Chinese_1_Burma_Road -> Burma Road
        extra.append({"name": name, "units": more, "when": when})
    report.mapped.append(f"player {p}: buys {', '.join(base)}"
                               + "".join(f"; {', '.join(e['units'])} while {e['name']}" for e in extra)
                               + " (TripleA production frontiers switched by triggers, read as "
                                 "conditions checked at each purchase; scenario `player_rules`)")
    return {"buys": base, "buys_when": extra} if extra else {"buys": base}


def _convoys(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
             report: Report) -> dict[str, Any] | None:
    """TripleA convoy blockades -> `convoys` (G40 convoy disruption): sea zones with
    territoryAttachment `blockadeZone` serve the land next to them; unitAttachment
    `blockade` is each unit's value; "Convoy Blockades Roll Dice For Cost" rolls it."""
    zones = sorted(ids[t] for t, opts in gx.territory_options.items()
                   if gx.territories.get(t) and _true(opts, "blockadeZone") and t in ids)
    if not zones:
        return None
    raiders: dict[str, int] = {}
    for u in gx.units:
        n = _int(gx.unit_options[u].get("blockade"))
        if n > 0 and u in unit_map:
            raiders[unit_map[u]] = max(n, raiders.get(unit_map[u], 0))
    if not raiders:
        report.approximated.append(f"{len(zones)} convoy zones, but no unit has a blockade value")
    out: dict[str, Any] = {"raiders": dict(sorted(raiders.items()))}
    if gx.properties.get("Convoy Blockades Roll Dice For Cost", "").lower() == "true":
        out.update(dice=True, counts_at_most=3)   # TripleA: a die of 3 or less costs its face
    immune = [pids[p] for p, o in gx.player_options.items() if _true(o, "immuneToBlockade") and p in pids]
    if immune:
        out["immune"] = sorted(immune)
    out["zones"] = zones
    return out


def _canals(gx: GameXml, ids: dict[str, str], unit_map: dict[str, str], g40_units: dict[str, Any],
            custom: dict[str, Any], report: Report) -> list[dict[str, Any]]:
    """TripleA canalAttachments -> `canals` (G40: Suez, Panama, the Turkish and Danish
    straits, Gibraltar). A canal is attached to each sea zone it joins; every connected pair
    of them is one border. `landTerritories` -> `controlled_by`; `excludedUnits` -> `open_to`
    (only sea units matter: aircraft are never stopped by a canal in Warboard)."""
    zones: dict[str, list[tuple[str, dict[str, str], int]]] = {}
    for zone, opts, line in gx.canals:
        zones.setdefault(opts.get("canalName", "canal"), []).append((zone, opts, line))
    linked = {frozenset(c) for c in gx.connections}
    out: list[dict[str, Any]] = []
    for name, entries in zones.items():
        held = sorted({t for _, o, _ in entries for t in o.get("landTerritories", "").split(":") if t})
        unknown = [t for t in held if t not in ids or gx.territories.get(t)]
        if unknown:
            report.not_imported.append(f"canal {name} (line {entries[0][2]}): landTerritories "
                                       f"{', '.join(unknown)} are not land territories of the map")
            continue
        excluded = {u for _, o, _ in entries for u in o.get("excludedUnits", "").split(":") if u}
        units = {**g40_units, **custom}
        open_to = sorted({unit_map[u] for u in excluded if u in unit_map
                          and units.get(unit_map[u], {}).get("domain") == "sea"})
        names = [z for z, _, _ in entries]
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
                 if frozenset((a, b)) in linked]
        if not pairs:
            report.not_imported.append(f"canal {name} (line {entries[0][2]}): its sea zones "
                                       f"{', '.join(names)} do not border each other")
            continue
        for a, b in pairs:
            entry: dict[str, Any] = {"name": name, "between": [ids[a], ids[b]],
                                     "controlled_by": [ids[t] for t in held]}
            if open_to:
                entry["open_to"] = open_to
            out.append(entry)
    return out


# territoryAttachment options of a separate economy's board (G40 UK Pacific): what the
# capturer takes goes to the economy (whenCapturedByGoesTo -> `captured_for`); units placed
# there change to the capturer (changeUnitOwners: the economy's `units_to` does it)
ECONOMY_OPTIONS = {"whenCapturedByGoesTo", "changeUnitOwners"}


def _units_to(gx: GameXml) -> dict[str, str]:
    """Players giving their units to one other player of their alliance (playerAttachment
    giveUnitControl; G40: UK_Pacific -> British): the scenario's `units_to`."""
    out = {}
    for p, opts in gx.player_options.items():
        to = opts.get("giveUnitControl", "")
        if to in gx.players and to != p and (gx.alliances.get(p) or [p])[0] == (gx.alliances.get(to) or [to])[0]:
            out[p] = to
    return out


def _captured_for(opts: dict[str, str], pids: dict[str, str]) -> dict[str, str]:
    """territoryAttachment whenCapturedByGoesTo "British:UK_Pacific" -> {british: uk_pacific}."""
    a, _, b = (opts.get("whenCapturedByGoesTo") or "").partition(":")
    return {pids[a]: pids[b]} if a in pids and b in pids else {}



# relationshipTypeAttachment options an archetype reading plays exactly (rockets: research)
EXACT_TYPE_OPTIONS = {"archeType", "rocketsCanFlyOver"}
# rulesAttachment options the import turns into a player's `placement`
PLACEMENT_OPTIONS = {"placementAnyTerritory", "placementCapturedTerritory", "placementPerTerritory"}
UNLIMITED = 10000   # TripleA writes "no limit" as a huge number (9999999)


def _placement(who: str, gx: GameXml, report: Report) -> dict[str, Any] | None:
    """A player's `placement` from its TripleA rulesAttachment (placementAnyTerritory: place in
    any territory held, placementCapturedTerritory: captured ones too, placementPerTerritory:
    the most per territory). A no-PU purchase (NoPUPurchaseDelegate, v3 Chinese) yields
    infantry only in TripleA, so only infantry is placed that way."""
    opts = gx.player_rules.get(who, {})
    kept_in = {"movementRestrictionTerritories", "movementRestrictionType"} \
        if _kept_in(opts) and any(a.is_trigger and a.to == who and a.get("frontier") in gx.frontiers
                                  for a in gx.raw) else set()   # `moves_within`
    if _kept_out(opts) and _lifting_triggers(gx, who):
        kept_in = {"movementRestrictionTerritories", "movementRestrictionType"}   # `keeps_out_of`
    unlimited = {"unlimitedProduction"} if _true(opts, "placementAnyTerritory") \
        and _true(opts, "unlimitedProduction") else set()
    odd = sorted(set(opts) - PLACEMENT_OPTIONS - kept_in - unlimited)
    if odd:
        report.not_imported.append(f"player {who} rules: {', '.join(odd)}")
    no_pu = "NoPU" in " ".join(c for _, c, p in gx.steps if p == who)
    if no_pu:
        report.approximated.append(f"{who} buy with PUs and collect income like everyone else "
                                   f"(TripleA: no-PU purchase, units per territories held)")
    if not _true(opts, "placementAnyTerritory"):
        return None
    out: dict[str, Any] = {"anywhere_owned": True}
    if _true(opts, "placementCapturedTerritory"):
        out["captured"] = True
    if 0 < _int(opts.get("placementPerTerritory")) < UNLIMITED:
        out["per_territory"] = _int(opts.get("placementPerTerritory"))
    if no_pu:
        out["units"] = ["infantry"]
    units = " and ".join(out.get("units", ["land units"]))
    report.mapped.append(
        f"player {who}: places {units} in any territory it holds"
        + (" (captured ones too)" if out.get("captured") else "")
        + (f", at most {out['per_territory']} per territory" if "per_territory" in out else "")
        + (", without a factory's limit (unlimitedProduction)" if unlimited else "")
        + " (TripleA placementAnyTerritory; scenario field `placement`)")
    return out


def _unit_size(props: dict[str, str]) -> float:
    try:
        return UNIT_IMAGE * float(props.get("units.scale", "1") or 1)
    except ValueError:
        return UNIT_IMAGE


def _centroid(pts: list[Point]) -> list[int]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return [round(sum(xs) / len(xs)), round(sum(ys) / len(ys))]


def _compare(u: str, opts: dict[str, str], cost: int | None, g: str, gu: dict[str, Any],
             report: Report) -> None:
    """Report where the XML's values differ from the g40 unit used for it."""
    ours = {"cost": gu.get("cost"), "attack": gu.get("attack"), "defense": gu.get("defense"),
            "move": gu.get("move"), "hits": gu.get("hits", 1)}
    theirs = {"cost": cost, "attack": _int(opts.get("attack")), "defense": _int(opts.get("defense")),
              "move": _int(opts.get("movement"), 0), "hits": max(1, _int(opts.get("hitPoints"), 1))}
    if g == "aaa":   # TripleA AA guns have no attack/defense values of their own
        theirs["attack"], theirs["defense"] = ours["attack"], ours["defense"]
    diff = [f"{k} {theirs[k]} -> {ours[k]}" for k in ours if theirs[k] is not None and theirs[k] != ours[k]]
    label = u if u == g else f"{u} -> g40 {g}"
    if diff:
        report.approximated.append(f"unit {label}: g40 values used ({', '.join(diff)})")
    elif u != g:
        report.mapped.append(f"unit {label} (same values)")


def _move_cargo(gx: GameXml, counts: dict[str, dict[str, dict[str, int]]],
                adjacency: dict[str, set[str]], g40_units: dict[str, Any],
                custom: dict[str, dict[str, Any]], report: Report) -> None:
    """Warboard scenarios start with empty transports: land units placed at sea (cargo)
    go ashore in a neighbouring territory of their owner (else an ally's)."""
    def domain(uid: str) -> str:
        u = g40_units.get(uid) or custom.get(uid) or {}
        return str(u.get("domain", "land"))

    ally = {p: set(gx.alliances.get(p, [p])) for p in gx.players}
    for t in list(counts):
        if not gx.territories[t]:
            continue
        for who, units in counts[t].items():
            for uid in [u for u in units if domain(u) in ("land", "static")]:
                n = units.pop(uid)
                lands = sorted((a for a in adjacency[t] if not gx.territories[a]),
                               key=lambda a: (gx.owners.get(a) != who,
                                              not (ally.get(gx.owners.get(a, ""), set()) & ally[who]),
                                              -_int(gx.territory_options.get(a, {}).get("production")), a))
                dest = next((a for a in lands if gx.owners.get(a) and
                             ally.get(gx.owners[a], set()) & ally[who]), None)
                if dest is None:
                    report.not_imported.append(f"{n} {uid} of {who} aboard ships in {t} "
                                               f"(no friendly territory next to it)")
                    continue
                d = counts.setdefault(dest, {}).setdefault(who, {})
                d[uid] = d.get(uid, 0) + n
                report.approximated.append(f"{n} {uid} of {who} aboard ships in {t} start ashore in "
                                           f"{dest} (Warboard scenarios start with empty transports)")


_BASE_CACHE: dict[str, Any] = {}


def _load_base_ruleset(rid: str = BASE_RULESET) -> dict[str, Any]:
    """A shipped ruleset (g40) as plain data (the project's YAML loader: `on:` stays a string)."""
    if rid not in _BASE_CACHE:
        from game.rules.ruleset import ruleset_path
        from game.rules.yamlloc import load_yaml_file
        _BASE_CACHE[rid] = _plain(load_yaml_file(str(ruleset_path(rid))))
    return _BASE_CACHE[rid]


def _variant_base(scenario_id: str) -> str:
    """The ruleset id of the shipped scenario `scenario_id` (--variant-of)."""
    from game.rules.errors import LoadError
    from game.rules.ruleset import SCENARIO_DIR
    from game.rules.yamlloc import load_yaml_file
    path = SCENARIO_DIR / f"{scenario_id}.yaml"
    try:
        rid = load_yaml_file(str(path)).get("ruleset")
    except LoadError:
        rid = None
    if not isinstance(rid, str):
        raise TripleaError(path, 0, f"--variant-of: no shipped scenario '{scenario_id}' with a ruleset")
    return rid


def _unsold(gx: GameXml, unit_map: dict[str, str], units: dict[str, Any], report: Report) -> list[str]:
    """The units no production frontier of the XML sells (they get cost null), and whether
    every player buying from its frontier is what Warboard plays."""
    sold = {unit_map[u] for f in gx.frontiers.values() for u in f if u in unit_map}
    placed = {unit_map[ut] for _, _, ut, _ in gx.placements if ut in unit_map}
    unsold = sorted(u for u, d in units.items() if u not in sold | placed and d.get("cost") is not None)
    switched = {a.to for a in gx.raw if a.is_trigger and a.get("frontier") in gx.frontiers}
    every = {p: {unit_map[u] for u in gx.frontier_units.get(p, []) if u in unit_map} for p in gx.players}
    odd = [p for p, us in every.items() if us and us != sold and p not in switched]
    if odd:
        report.approximated.append(f"{', '.join(odd)} buy every unit some frontier sells (TripleA "
                                   f"production frontiers differ per player)")
    else:
        report.mapped.append("every player buys what its TripleA production frontier sells"
                             + (f"; {', '.join(unsold)} (sold by none) cannot be built in this game"
                                if unsold else ""))
    return unsold


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


# --- writing --------------------------------------------------------------------------------
def _flow(x: Any) -> str:
    """One-line YAML (JSON is YAML) for values; keys stay bare."""
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in x.items()) + "}"
    if isinstance(x, list):
        return "[" + ", ".join(_flow(v) for v in x) + "]"
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, (int, float)):
        return str(x)
    return json.dumps(str(x), ensure_ascii=False)


def scenario_yaml(sc: dict[str, Any], report: Report) -> str:
    out = ["# Imported from TripleA by `python -m game import-triplea`; re-run the import rather",
           "# than editing this file. The import report:"]
    out += [f"#   {line}" for line in report.text().splitlines()]
    for k in ("format", "id", "title", "ruleset"):
        out.append(f"{k}: {_flow(sc[k])}")
    out.append(f"description: {_flow(sc['description'])}")
    out.append(f"turn_limit: {sc['turn_limit']}")
    if sc.get("factory_production"):
        out.append(f"factory_production: {_flow(sc['factory_production'])}")
    out.append("map:")
    out += [f"  {k}: {_flow(v)}" for k, v in sc["map"].items()]
    out.append("players:")
    for p in sc["players"]:
        out.append(f"  - {_flow(p)}")
    out.append("victory:")
    for k, v in sc["victory"].items():
        if k == "conditions":
            out.append("  conditions:")
            out += [f"    - {_flow(c)}" for c in v]
        else:
            out.append(f"  {k}: {_flow(v)}")
    if sc.get("canals"):
        out.append("canals:")
        out += [f"  - {_flow(c)}" for c in sc["canals"]]
    if sc.get("politics"):
        out.append("politics:")
        out += [f"  {k}: {_flow(v)}" for k, v in sc["politics"].items() if k in ("neutrals", "raise_on_entry")]
        for k in ("relations", "declarations", "events"):
            out.append(f"  {k}:")
            out += [f"    - {_flow(x)}" for x in sc["politics"][k]]
    if sc.get("player_rules"):
        out.append("player_rules:")
        out += [f"  - {_flow(r)}" for r in sc["player_rules"]]
    if sc.get("kamikaze"):
        out.append(f"kamikaze: {_flow(sc['kamikaze'])}")
    for k in ("capitals", "convoys"):
        if sc.get(k):
            out.append(f"{k}:")
            out += [f"  {kk}: {_flow(v)}" for kk, v in sc[k].items()]
    if sc.get("national_objectives"):
        out.append("national_objectives:")
        out += [f"  - {_flow(o)}" for o in sc["national_objectives"]]
    out.append("spaces:")
    for s in sc["spaces"]:
        out.append("")
        first = True
        for k, v in s.items():
            out.append(f"  {'- ' if first else '  '}{k}: {_flow(v)}")
            first = False
    return "\n".join(out) + "\n"


def ruleset_yaml(ruleset: dict[str, Any]) -> str:
    """The derived ruleset's file (g40 + custom units, or g40 as the XML sells it)."""
    import yaml
    return ("# Generated by python -m game import-triplea (g40 + custom units, or what the "
            "XML's frontiers sell)\n"
            + yaml.safe_dump(ruleset, sort_keys=False, allow_unicode=True, width=100))


def write(imported: Imported, out: str | Path) -> list[Path]:
    """Write the scenario to `out` and, when there is one, the derived ruleset to
    `rulesets/<id>.yaml` beside it. Returns the files written."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(scenario_yaml(imported.scenario, imported.report), encoding="utf-8")
    written = [out]
    if imported.ruleset is not None:
        rpath = out.parent / "rulesets" / f"{imported.ruleset['id']}.yaml"
        rpath.parent.mkdir(parents=True, exist_ok=True)
        rpath.write_text(ruleset_yaml(imported.ruleset), encoding="utf-8")
        written.append(rpath)
    return written
