"""Find a TripleA map folder's game XMLs, pick one, and read it into `GameXml`: the
territories and connections, players and alliances, unit types, attachments, production,
starting position, turn sequence and properties (`as_int` / `is_true` read option
values). Pure (no pygame); every problem is a TripleaError naming file and line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .triplea_files import TripleaError, XNode, parse_xml
from .triplea_objectives import RawAttachment
from .triplea_report import Report


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


def pick_game(map_dir: Path, game: str | None, report: Report) -> Path:
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
    """The XML's sections in the order each needs the ones before: the map, the players,
    the unit types, the attachments, production, the starting position, the turn sequence
    and the properties."""
    g = parse_xml(path)
    info = g.find("info")
    territories, connections = _read_map(path, g)
    players, alliances = _read_players(path, g)
    ul = g.find("unitList")
    units = [_need(path, u, "name") for u in (ul.findall("unit") if ul else [])]
    attachments = _read_attachments(path, g, territories, players, units)
    return GameXml(path=path, name=(info.attrib.get("name", path.stem) if info else path.stem),
                   territories=territories, connections=connections, players=players,
                   alliances=alliances, units=units, **attachments,
                   **_read_production(path, g, attachments["unit_options"]),
                   **_read_setup(path, g, territories, players, attachments["unit_options"]),
                   steps=_read_sequence(g), properties=_read_properties(g))


def _need(path: Path, node: XNode, attr: str) -> str:
    """An attribute the element must have."""
    v = node.attrib.get(attr)
    if v is None:
        raise TripleaError(path, node.line, f"<{node.tag}> has no '{attr}'")
    return v


def _read_map(path: Path, g: XNode) -> tuple[dict[str, bool], list[tuple[str, str]]]:
    """<map>: the territories (name -> is water) and their connections."""
    mp = g.find("map")
    if mp is None:
        raise TripleaError(path, g.line, "no <map> element (territories and connections)")
    territories: dict[str, bool] = {}
    for tnode in mp.findall("territory"):
        territories[_need(path, tnode, "name")] = tnode.attrib.get("water", "false").lower() == "true"
    if not territories:
        raise TripleaError(path, mp.line, "<map> declares no territories")
    connections = []
    for c in mp.findall("connection"):
        a, b = _need(path, c, "t1"), _need(path, c, "t2")
        for x in (a, b):
            if x not in territories:
                raise TripleaError(path, c.line, f"connection names unknown territory '{x}'")
        connections.append((a, b))
    return territories, connections


def _read_players(path: Path, g: XNode) -> tuple[list[str], dict[str, list[str]]]:
    """<playerList>: the players and each one's alliances."""
    players: list[str] = []
    alliances: dict[str, list[str]] = {}
    pl = g.find("playerList")
    for p in (pl.findall("player") if pl else []):
        players.append(_need(path, p, "name"))
    for anode in (pl.findall("alliance") if pl else []):
        who = _need(path, anode, "player")
        if who not in players:
            raise TripleaError(path, anode.line, f"alliance names unknown player '{who}'")
        alliances.setdefault(who, []).append(_need(path, anode, "alliance"))
    if len(players) < 2:
        raise TripleaError(path, pl.line if pl else g.line, "the game needs at least two players")
    return players, alliances


# playerAttachment options read as the player's own (the rest are reported as not imported)
PLAYER_OPTIONS = {"immuneToBlockade", "giveUnitControl", "suicideAttackResources",
                  "suicideAttackValue"}


def _read_attachments(path: Path, g: XNode, territories: dict[str, bool], players: list[str],
                      units: list[str]) -> dict[str, Any]:
    """<attachmentList>, sorted by what each attachment is attached to and its kind: the
    GameXml fields they fill (unit, territory and player options, canals, supports, the
    rules/trigger/political attachments with their options in order, relationship types);
    an attachment no field takes goes to other_attachments."""
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
        to = _need(path, att, "attachTo")
        name = att.attrib.get("name", "")
        opts = _attachment_options(path, att, name)
        java = att.attrib.get("javaClass", "")
        if java.endswith(("RulesAttachment", "TriggerAttachment", "PoliticalActionAttachment")):
            raw.append(RawAttachment(name, to, java, [(o.attrib.get("name", ""), o.attrib.get("value", ""),
                                                      o.attrib.get("count"))
                                                     for o in att.findall("option")], att.line))
        if java.endswith("RelationshipTypeAttachment") and opts.get("archeType"):
            rel_options[to] = opts
            archetypes[to] = opts["archeType"]
            if opts["archeType"] == "neutral" and is_true(opts, "canMoveLandUnitsOverOwnedLand"):
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
        elif name == "playerAttachment" and to in players and set(opts) <= PLAYER_OPTIONS:
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
    return {"unit_options": unit_options, "territory_options": territory_options,
            "other_attachments": other, "canals": canals, "player_rules": player_rules,
            "player_options": player_options, "raw": raw, "relationship_types": archetypes,
            "supports": supports, "unit_values": unit_values, "relationship_options": rel_options}


def _attachment_options(path: Path, att: XNode, name: str) -> dict[str, str]:
    """An attachment's options, name -> value (the last given wins)."""
    opts = {_need(path, o, "name"): o.attrib.get("value", "") for o in att.findall("option")}
    if name == "playerAttachment" and "suicideAttackResources" in opts:   # G40 kamikaze
        hit = next((o.attrib.get("count") for o in att.findall("option")
                    if o.attrib.get("name") == "suicideAttackResources"), None)
        opts["suicideAttackValue"] = hit or "1"
    return opts


def _read_production(path: Path, g: XNode, unit_options: dict[str, dict[str, str]]) -> dict[str, Any]:
    """<production>: each unit's cost in PUs (its first rule), the frontiers and what each
    player's frontier sells."""
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
    return {"costs": costs, "frontiers": frontiers, "frontier_units": frontier_units}


def _read_setup(path: Path, g: XNode, territories: dict[str, bool], players: list[str],
                unit_options: dict[str, dict[str, str]]) -> dict[str, Any]:
    """<initialize>: the starting owners, units, relationships and resources."""
    owners: dict[str, str] = {}
    placements: list[tuple[str, str, str, int]] = []
    resources: dict[str, int] = {}
    other_resources: dict[tuple[str, str], int] = {}
    relationships: list[tuple[str, str, str]] = []
    init = g.find("initialize")
    if init is not None:
        for o in init.iter("territoryOwner"):
            t, who = _need(path, o, "territory"), _need(path, o, "owner")
            if t not in territories:
                raise TripleaError(path, o.line, f"territoryOwner names unknown territory '{t}'")
            if who not in players:
                raise TripleaError(path, o.line, f"territoryOwner names unknown player '{who}'")
            owners[t] = who
        for u in init.iter("unitPlacement"):
            placements.append(_placement(path, u, territories, unit_options))
        for r in init.iter("relationship"):
            relationships.append((r.attrib.get("player1", ""), r.attrib.get("player2", ""),
                                  r.attrib.get("type", "")))
        for r in init.iter("resourceGiven"):
            if r.attrib.get("resource") == "PUs":
                resources[r.attrib.get("player", "")] = int(r.attrib.get("quantity", "0") or 0)
            else:   # other resources (G40: Japan's SuicideAttackTokens)
                other_resources[(r.attrib.get("player", ""), r.attrib.get("resource", ""))] = \
                    as_int(r.attrib.get("quantity"))
    return {"owners": owners, "placements": placements, "resources": resources,
            "other_resources": other_resources, "relationships": relationships}


def _placement(path: Path, u: XNode, territories: dict[str, bool],
               unit_options: dict[str, dict[str, str]]) -> tuple[str, str, str, int]:
    """A <unitPlacement>: (territory, owner, unit type, count)."""
    t, ut, who = _need(path, u, "territory"), _need(path, u, "unitType"), u.attrib.get("owner", "")
    if t not in territories:
        raise TripleaError(path, u.line, f"unitPlacement names unknown territory '{t}'")
    if ut not in unit_options:
        raise TripleaError(path, u.line, f"unitPlacement names unknown unit type '{ut}'")
    try:
        n = int(_need(path, u, "quantity"))
    except ValueError:
        raise TripleaError(path, u.line, "unitPlacement quantity is not a number") from None
    return t, who, ut, n


def _read_sequence(g: XNode) -> list[tuple[str, str, str]]:
    """<gamePlay>: the turn sequence's steps as (step name, delegate class, player)."""
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
    return steps


def _read_properties(g: XNode) -> dict[str, str]:
    """<propertyList>: the game options, name -> value."""
    properties: dict[str, str] = {}
    plist = g.find("propertyList")
    for p in (plist.findall("property") if plist else []):
        v = p.attrib.get("value")
        if v is None:
            vnode = p.find("number") or p.find("value")
            v = vnode.attrib.get("value", "") if vnode is not None else ""
        properties[p.attrib.get("name", "")] = v
    return properties


def as_int(v: str | None, default: int = 0) -> int:
    try:
        return int(v) if v not in (None, "") else default
    except ValueError:
        return default


def is_true(opts: dict[str, str], key: str) -> bool:
    return opts.get(key, "").lower() == "true"
