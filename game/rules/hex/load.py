"""Load the hex parts of rulesets (`hex:` block) and scenarios (`map: {kind: hex}`,
`hexes`, `hexsides`, `reinforcements`), with file:line errors like the rest.
The format is documented in docs/hex-format.md.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..model import LAND, SEA, SpaceDef
from ..yamlloc import LocDict, LocList
from . import grid as hexgrid
from .model import (
    AirTransport,
    Crt,
    CrtResult,
    HexDef,
    HexMap,
    HexRules,
    HexsideDef,
    Opening,
    OpeningAttack,
    OpeningMove,
    Reinforcement,
    TerrainDef,
)

if TYPE_CHECKING:
    from ..model import Ruleset
    from ..ruleset import Checker

HEX_FIELDS = ("terrain", "hexsides", "crt", "move_columns", "cm_columns", "stacking", "zoc_cost",
              "supply_range", "oos_defense_after", "oos_eliminated_after", "exploitation_fraction",
              "aec_shift", "drop_eliminated", "drop_disrupted", "aa_fire")
TERRAIN_FIELDS = ("name", "kind", "move", "shift", "halves_cm", "stacking", "fortification", "city",
                  "major", "water", "airfield", "port", "aec", "color", "symbol", "along")
HEXSIDE_FIELDS = ("name", "move", "shift", "halves_attack", "blocks_zoc", "water", "color", "width")
LOSSES = ("", "all", "half", "exchange")


def _costs(chk: Checker, node: Any, where: str, columns: tuple[str, ...]) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    if node is None:
        return out
    if not isinstance(node, dict):
        chk.error(node, None, f"{where}: expected column -> cost (null = prohibited)")
        return out
    for col, v in node.items():
        if col not in columns:
            from ..ruleset import did_you_mean
            chk.error(node, col, f"{where}: unknown movement column '{col}'{did_you_mean(col, columns)}"
                      f" (declare it in hex.move_columns)")
        elif v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            chk.error(node, col, f"{where}.{col}: expected a whole number of MPs or null")
        else:
            out[str(col)] = v
    return out


def parse_hex_rules(data: Any, chk: Checker) -> HexRules | None:
    node = chk.get(data, "hex", dict, "ruleset", default=None)
    if node is None:
        return None
    chk.unknown_keys(node, HEX_FIELDS, "hex")
    cols = tuple(str(c) for c in (chk.get(node, "move_columns", list, "hex",
                                          default=["cm", "art", "other"]) or []))
    cm_cols = tuple(str(c) for c in (chk.get(node, "cm_columns", list, "hex", default=["cm"]) or []))
    terrain: dict[str, TerrainDef] = {}
    tnode = chk.get(node, "terrain", dict, "hex", default={})
    for tid, t in (tnode or {}).items():
        w = f"hex.terrain.{tid}"
        if not isinstance(t, dict):
            chk.error(tnode, tid, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(t, TERRAIN_FIELDS, w)
        kind = chk.get(t, "kind", str, w, default="base")
        if kind not in ("base", "feature"):
            chk.error(t, "kind", f"{w}.kind: 'base' or 'feature'")
        stacking = t.get("stacking")
        if stacking is not None and (isinstance(stacking, bool) or not isinstance(stacking, (int, float))):
            chk.error(t, "stacking", f"{w}.stacking: expected a number of REs")
            stacking = None
        terrain[str(tid)] = TerrainDef(
            id=str(tid), name=chk.get(t, "name", str, w, default=str(tid)), kind=kind or "base",
            move=_costs(chk, t.get("move"), f"{w}.move", cols),
            shift=chk.get(t, "shift", int, w, default=0) or 0,
            halves_cm=bool(chk.get(t, "halves_cm", bool, w, default=False)),
            stacking=None if stacking is None else float(stacking),
            fortification=bool(chk.get(t, "fortification", bool, w, default=False)),
            city=bool(chk.get(t, "city", bool, w, default=False)),
            major=bool(chk.get(t, "major", bool, w, default=False)),
            water=bool(chk.get(t, "water", bool, w, default=False)),
            airfield=bool(chk.get(t, "airfield", bool, w, default=False)),
            port=bool(chk.get(t, "port", bool, w, default=False)),
            aec=bool(chk.get(t, "aec", bool, w, default=True)),
            color=chk.get(t, "color", str, w, default="#cccc99") or "#cccc99",
            symbol=chk.get(t, "symbol", str, w, default="") or "",
            along=bool(chk.get(t, "along", bool, w, default=False)))
    sides: dict[str, HexsideDef] = {}
    snode = chk.get(node, "hexsides", dict, "hex", default={})
    for sid, s in (snode or {}).items():
        w = f"hex.hexsides.{sid}"
        if not isinstance(s, dict):
            chk.error(snode, sid, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(s, HEXSIDE_FIELDS, w)
        sides[str(sid)] = HexsideDef(
            id=str(sid), name=chk.get(s, "name", str, w, default=str(sid)),
            move=_costs(chk, s.get("move"), f"{w}.move", cols),
            shift=chk.get(s, "shift", int, w, default=0) or 0,
            halves_attack=bool(chk.get(s, "halves_attack", bool, w, default=False)),
            blocks_zoc=bool(chk.get(s, "blocks_zoc", bool, w, default=False)),
            water=bool(chk.get(s, "water", bool, w, default=False)),
            color=chk.get(s, "color", str, w, default="#3a6ea5") or "#3a6ea5",
            width=chk.get(s, "width", int, w, default=3) or 3)
    crt = _parse_crt(chk, node)
    zoc = _costs(chk, node.get("zoc_cost"), "hex.zoc_cost", cols)
    num = (int, float)
    if crt is None:
        return None
    return HexRules(
        terrain=terrain, hexsides=sides, crt=crt, move_columns=cols, cm_columns=cm_cols,
        stacking=float(chk.get(node, "stacking", num, "hex", default=9.0) or 9.0),
        zoc_cost={k: v for k, v in zoc.items() if v is not None},
        supply_range=chk.get(node, "supply_range", int, "hex", default=6) or 6,
        oos_defense_after=chk.get(node, "oos_defense_after", int, "hex", default=2) or 2,
        oos_eliminated_after=chk.get(node, "oos_eliminated_after", int, "hex", default=0) or 0,
        exploitation_fraction=float(chk.get(node, "exploitation_fraction", num, "hex", default=0.5) or 0.5),
        aec_shift=chk.get(node, "aec_shift", int, "hex", default=1) or 1,
        drop_eliminated=chk.get(node, "drop_eliminated", int, "hex", default=1) or 0,
        drop_disrupted=chk.get(node, "drop_disrupted", int, "hex", default=3) or 0,
        **_aa_fire(chk, node))


AA_FIRE_FIELDS = ("range", "max", "abort", "shot_down")


def _aa_fire(chk: Checker, node: Any) -> dict[str, Any]:
    """The `aa_fire:` block (AA fire at air drops): {range: {light: 1, heavy: 2}, max: 6,
    abort: 7, shot_down: 9}; absent = those defaults."""
    a = chk.get(node, "aa_fire", dict, "hex", default=None)
    if a is None:
        return {}
    chk.unknown_keys(a, AA_FIRE_FIELDS, "hex.aa_fire")
    out: dict[str, Any] = {}
    rng = chk.get(a, "range", dict, "hex.aa_fire", default=None)
    if rng is not None:
        kinds: dict[str, int] = {}
        for k, v in rng.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                chk.error(rng, k, f"hex.aa_fire.range.{k}: expected a number of hexes (0 or more), got {v!r}")
                continue
            kinds[str(k)] = v
        out["aa_range"] = kinds
    for key, name in (("max", "aa_max"), ("abort", "aa_abort"), ("shot_down", "aa_shot_down")):
        v = chk.get(a, key, int, "hex.aa_fire", default=None)
        if v is not None:
            out[name] = v
    return out


def _parse_crt(chk: Checker, node: Any) -> Crt | None:
    c = chk.get(node, "crt", dict, "hex")
    if c is None:
        return None
    chk.unknown_keys(c, ("columns", "table", "results", "die"), "hex.crt")
    columns = tuple(str(x) for x in (chk.get(c, "columns", list, "hex.crt", default=[]) or []))
    for i, col in enumerate(columns):
        try:
            odds_value(col)
        except ValueError:
            chk.error(c["columns"], i, f"hex.crt.columns: '{col}' is not odds like '3:1' or '1:2'")
    die = chk.get(c, "die", int, "hex.crt", default=6) or 6
    results: dict[str, CrtResult] = {}
    rnode = chk.get(c, "results", dict, "hex.crt", default={})
    for code, r in (rnode or {}).items():
        w = f"hex.crt.results.{code}"
        if not isinstance(r, dict):
            chk.error(rnode, code, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(r, ("name", "attacker_loss", "defender_loss", "attacker_retreat",
                             "defender_retreat", "to_cadre"), w)
        al = chk.get(r, "attacker_loss", str, w, default="") or ""
        dl = chk.get(r, "defender_loss", str, w, default="") or ""
        for key, v in (("attacker_loss", al), ("defender_loss", dl)):
            if v not in LOSSES or (key == "defender_loss" and v == "exchange"):
                chk.error(r, key, f"{w}.{key}: '{v}' is not one of all, half"
                          f"{', exchange' if key == 'attacker_loss' else ''}")
        results[str(code)] = CrtResult(
            code=str(code), name=chk.get(r, "name", str, w, default=str(code)) or str(code),
            attacker_loss=al, defender_loss=dl,
            attacker_retreat=chk.get(r, "attacker_retreat", int, w, default=0) or 0,
            defender_retreat=chk.get(r, "defender_retreat", int, w, default=0) or 0,
            to_cadre=bool(chk.get(r, "to_cadre", bool, w, default=False)))
    table: dict[int, tuple[str, ...]] = {}
    tnode = chk.get(c, "table", dict, "hex.crt", default={})
    for roll, row in (tnode or {}).items():
        w = f"hex.crt.table.{roll}"
        if isinstance(roll, bool) or not isinstance(roll, int):
            chk.error(tnode, roll, f"{w}: rows are die rolls (whole numbers)")
            continue
        if not isinstance(row, list) or len(row) != len(columns):
            chk.error(tnode, roll, f"{w}: expected {len(columns)} results, one per column")
            continue
        for i, code in enumerate(row):
            if code not in results:
                from ..ruleset import did_you_mean
                chk.error(row, i, f"{w}: unknown result '{code}'{did_you_mean(code, results)}")
        table[roll] = tuple(str(x) for x in row)
    if sorted(table) != list(range(1, die + 1)):
        chk.error(c, "table", f"hex.crt.table: needs one row per die roll 1..{die}")
    if not columns:
        return None
    return Crt(columns=columns, table=table, results=results, die=die)


@lru_cache(maxsize=4096)
def odds_value(label: str) -> float:
    """'3:1' -> 3.0, '1:2' -> 0.5, '3:2' -> 1.5 (kept: the AI asks it for every column of
    every odds it weighs)."""
    a, b = str(label).split(":")
    return float(a) / float(b)


# --- scenarios ----------------------------------------------------------------------

HEX_ENTRY_FIELDS = ("at", "terrain", "features", "name", "owner", "victory", "supply", "home", "units")


def _on_map(chk: Checker, node: Any, key: Any, where: str, hexes: dict[str, HexDef],
            at: tuple[int, int] | None) -> str | None:
    """The hex id of parsed coordinates `at` (node[key]), reported if it is not on the map."""
    if at is None:
        return None
    hid = hexgrid.hex_id(*at)
    if hid not in hexes:
        chk.error(node, key, f"{where}: hex {hid} is not on the map")
        return None
    return hid


def _axial(chk: Checker, node: Any, key: Any, where: str) -> tuple[int, int] | None:
    v = node[key] if isinstance(node, (dict, list)) else None
    if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return (v[0], v[1])
    if isinstance(v, str):
        try:
            return hexgrid.parse_hex_id(v)
        except ValueError:
            pass
    chk.error(node, key, f"{where}: expected axial coordinates [q, r]")
    return None


def parse_hex_scenario(data: Any, map_node: Any, chk: Checker, ruleset: Ruleset | None,
                       pids: list[str]) -> tuple[dict[str, SpaceDef], dict[str, str | None],
                                                 list[tuple[str, str, str, int]], HexMap]:
    """The hexes become SpaceDefs (id "q,r", polygon = the hex outline) so everything
    keyed by space ids (owners, unit positions, saves, the map view) works unchanged."""
    rules = ruleset.hex if ruleset is not None else None
    if ruleset is not None and rules is None:
        chk.error(data, "ruleset", f"map.kind hex needs a hex ruleset; '{ruleset.id}' has no 'hex' block")
    size = map_node.get("hex_size", 40) if isinstance(map_node, dict) else 40
    if isinstance(size, bool) or not isinstance(size, (int, float)) or size <= 0:
        chk.error(map_node, "hex_size", "map.hex_size: expected a positive number (pixels)")
        size = 40
    hexes: dict[str, HexDef] = {}
    owners: dict[str, str | None] = {}
    start_units: list[tuple[str, str, str, int]] = []
    victory: set[str] = set()
    hnode = chk.get(data, "hexes", list, "scenario", default=LocList())
    for i, h in enumerate(hnode or []):
        w = f"hexes[{i}]"
        if not isinstance(h, dict):
            chk.error(hnode, i, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(h, HEX_ENTRY_FIELDS, w)
        at = _axial(chk, h, "at", f"{w}.at") if "at" in h else None
        if "at" not in h:
            chk.error(h, None, f"{w}: missing field 'at'")
        if at is None:
            continue
        hid = hexgrid.hex_id(*at)
        w = f"hexes[{hid}]"
        if hid in hexes:
            chk.error(h, "at", f"{w}: hex listed twice")
            continue
        terrain = chk.get(h, "terrain", str, w, default="clear") or "clear"
        if rules is not None and (terrain not in rules.terrain or rules.terrain[terrain].kind != "base"):
            from ..ruleset import did_you_mean
            bases = [t for t, d in rules.terrain.items() if d.kind == "base"]
            chk.error(h, "terrain", f"{w}.terrain: unknown base terrain '{terrain}'{did_you_mean(terrain, bases)}"
                      f" (known: {', '.join(bases)})")
        feats: list[str] = []
        fnode = chk.get(h, "features", list, w, default=LocList())
        for j, f in enumerate(fnode or []):
            if rules is not None and (f not in rules.terrain or rules.terrain[f].kind != "feature"):
                from ..ruleset import did_you_mean
                known = [t for t, d in rules.terrain.items() if d.kind == "feature"]
                chk.error(fnode, j, f"{w}.features: unknown feature '{f}'{did_you_mean(f, known)}"
                          f" (known: {', '.join(known)})")
            else:
                feats.append(str(f))
        owner = chk.get(h, "owner", str, w, default=None, allow_none=True)
        if owner is not None and owner not in pids:
            from ..ruleset import did_you_mean
            chk.error(h, "owner", f"{w}.owner: unknown player '{owner}'{did_you_mean(owner, pids)}")
            owner = None
        water = rules is not None and terrain in rules.terrain and rules.terrain[terrain].water
        if water and owner is not None:
            chk.error(h, "owner", f"{w}.owner: sea hexes have no owner")
        hexes[hid] = HexDef(id=hid, q=at[0], r=at[1], terrain=terrain, features=tuple(feats),
                            name=chk.get(h, "name", str, w, default="") or "",
                            home=chk.get(h, "home", str, w, default="") or "",
                            supply=bool(chk.get(h, "supply", bool, w, default=False)))
        owners[hid] = None if water else owner
        if chk.get(h, "victory", bool, w, default=False):
            victory.add(hid)
        _start_units(chk, h, w, hid, ruleset, pids, bool(water), start_units)
    sides = _parse_hexsides(chk, data, hexes, rules)
    reinf = _parse_reinforcements(chk, data, hexes, ruleset, pids)
    # world origin: the map's top-left hex corner sits half a hex in from (0, 0)
    xs = [x for hd in hexes.values() for x, _ in hexgrid.corners(hd.axial, float(size))] or [0.0]
    ys = [y for hd in hexes.values() for _, y in hexgrid.corners(hd.axial, float(size))] or [0.0]
    origin = (round(size / 2 - min(xs), 2), round(size / 2 - min(ys), 2))
    hexmap = HexMap(hex_size=float(size), hexes=hexes, sides=sides, reinforcements=reinf,
                    origin=origin, air_support=_parse_air_support(chk, data, pids),
                    air_transport=_parse_air_transport(chk, data, pids),
                    openings=_parse_openings(chk, data, hexes, ruleset, pids))
    spaces: dict[str, SpaceDef] = {}
    for hid, hd in hexes.items():
        water = rules is not None and hd.terrain in rules.terrain and rules.terrain[hd.terrain].water
        adj = tuple(hexgrid.hex_id(*n) for n in hexgrid.neighbours(hd.axial)
                    if hexgrid.hex_id(*n) in hexes)
        tname = rules.terrain[hd.terrain].name if rules is not None and hd.terrain in rules.terrain \
            else hd.terrain
        spaces[hid] = SpaceDef(
            id=hid, name=hd.name or f"{tname} {hid}", kind=SEA if water else LAND, value=0,
            adjacent=adj, center=hexgrid.center(hd.axial, float(size), origin),
            polygon=hexgrid.corners(hd.axial, float(size), origin), victory_city=hid in victory)
    return spaces, owners, start_units, hexmap


def _per_player(chk: Checker, data: Any, key: str, pids: list[str],
                fields: tuple[str, ...]) -> list[tuple[str, Any, str]]:
    """The entries of a per-player block (`air_support`, `air_transport`, `ai_opening`):
    (player, its mapping, where), unknown players and non-mappings reported."""
    from ..ruleset import did_you_mean
    out: list[tuple[str, Any, str]] = []
    node = chk.get(data, key, dict, "scenario", default={})
    for pid, a in (node or {}).items():
        w = f"{key}.{pid}"
        if pid not in pids:
            chk.error(node, pid, f"{w}: unknown player '{pid}'{did_you_mean(str(pid), pids)}")
        elif not isinstance(a, dict):
            chk.error(node, pid, f"{w}: expected {{{', '.join(fields)}}}")
        else:
            chk.unknown_keys(a, fields, w)
            out.append((str(pid), a, w))
    return out


def _mappings(chk: Checker, parent: Any, key: str, where: str,
              fields: tuple[str, ...]) -> list[tuple[Any, str]]:
    """The items of the list `parent[key]` that are mappings, with where each is (`where[i]`);
    other items and unknown keys reported."""
    out: list[tuple[Any, str]] = []
    node = chk.get(parent, key, list, where, default=LocList())
    for i, m in enumerate(node or []):
        w = f"{where}.{key}[{i}]"
        if not isinstance(m, dict):
            chk.error(node, i, f"{w}: expected {{{', '.join(fields)}}}")
            continue
        chk.unknown_keys(m, fields, w)
        out.append((m, w))
    return out


def _line(node: Any) -> int:
    return node.where()[0] if isinstance(node, LocDict) else 1


def _unit_counts(chk: Checker, unode: Any, w: str, ruleset: Ruleset | None) -> list[tuple[str, int]]:
    """`{unit type: count}`: unknown types and counts below 1 reported."""
    units: list[tuple[str, int]] = []
    for ut, n in (unode or {}).items():
        if ruleset is not None and ut not in ruleset.units:
            from ..ruleset import did_you_mean
            chk.error(unode, ut, f"{w}.units: unknown unit '{ut}'{did_you_mean(ut, ruleset.units)}")
        elif not isinstance(n, int) or isinstance(n, bool) or n < 1:
            chk.error(unode, ut, f"{w}.units.{ut}: count must be a positive whole number")
        else:
            units.append((str(ut), n))
    return units


def _parse_air_support(chk: Checker, data: Any, pids: list[str]) -> dict[str, tuple[int, int, str]]:
    """`air_support: {germany: {shift: 1, until_turn: 0, reason: "..."}}`."""
    return {pid: (chk.get(a, "shift", int, w, default=1) or 0,
                  chk.get(a, "until_turn", int, w, default=0) or 0,
                  chk.get(a, "reason", str, w, default="air support") or "air support")
            for pid, a, w in _per_player(chk, data, "air_support", pids, ("shift", "until_turn", "reason"))}


def _parse_openings(chk: Checker, data: Any, hexes: dict[str, HexDef], ruleset: Ruleset | None,
                    pids: list[str]) -> dict[str, Opening]:
    """`ai_opening: {germany: {note, moves: [{from, units: {type: n}, to}], attacks:
    [{target, from: [hexes]}] or none}}` (docs/hex-format.md)."""
    out: dict[str, Opening] = {}

    def at(n: Any, key: Any, where: str) -> str | None:
        return _on_map(chk, n, key, where, hexes, _axial(chk, n, key, where))

    for pid, o, w in _per_player(chk, data, "ai_opening", pids, ("note", "moves", "attacks")):
        moves: list[OpeningMove] = []
        for m, wm in _mappings(chk, o, "moves", w, ("from", "units", "to")):
            src = at(m, "from", f"{wm}.from") if "from" in m else None
            dst = at(m, "to", f"{wm}.to") if "to" in m else None
            for key in ("from", "to", "units"):
                if key not in m:
                    chk.error(m, None, f"{wm}: missing field '{key}'")
            for ut, n in _unit_counts(chk, chk.get(m, "units", dict, wm, default={}), wm, ruleset):
                if src is not None and dst is not None:
                    moves.append(OpeningMove(hex=src, unit=ut, count=n, to=dst, line=_line(m)))
        attacks: list[OpeningAttack] = []
        said = o.get("attacks")
        no_attacks = said == "none"
        if isinstance(said, str) and not no_attacks:
            chk.error(o, "attacks", f"{w}.attacks: expected a list of {{target, from}} or none, got '{said}'")
        for a, wa in [] if isinstance(said, str) else _mappings(chk, o, "attacks", w, ("target", "from")):
            target = at(a, "target", f"{wa}.target") if "target" in a else None
            fnode = chk.get(a, "from", list, wa, default=LocList())
            srcs = [at(fnode, j, f"{wa}.from[{j}]") for j in range(len(fnode or []))]
            if "target" not in a or not srcs:
                chk.error(a, None, f"{wa}: needs a target and the hexes it is attacked from")
            elif target is not None and all(srcs):
                attacks.append(OpeningAttack(target=target, hexes=tuple(h for h in srcs if h), line=_line(a)))
        out[str(pid)] = Opening(moves=tuple(moves), attacks=tuple(attacks), no_attacks=no_attacks,
                                note=chk.get(o, "note", str, w, default="") or "")
    return out


def _parse_air_transport(chk: Checker, data: Any, pids: list[str]) -> dict[str, AirTransport]:
    """`air_transport: {germany: {re: 3, glider_re: 1, range: 30}}`."""
    num = (int, float)
    return {pid: AirTransport(re=float(chk.get(a, "re", num, w, default=0) or 0),
                              glider_re=float(chk.get(a, "glider_re", num, w, default=0) or 0),
                              range=chk.get(a, "range", int, w, default=20) or 20)
            for pid, a, w in _per_player(chk, data, "air_transport", pids, ("re", "glider_re", "range"))}


def _start_units(chk: Checker, h: Any, w: str, hid: str, ruleset: Ruleset | None, pids: list[str],
                 water: bool, out: list[tuple[str, str, str, int]]) -> None:
    units_node = chk.get(h, "units", dict, w, default={})
    for upid, counts in (units_node or {}).items():
        if upid not in pids:
            from ..ruleset import did_you_mean
            chk.error(units_node, upid, f"{w}.units: unknown player '{upid}'{did_you_mean(upid, pids)}")
            continue
        if not isinstance(counts, dict):
            chk.error(units_node, upid, f"{w}.units.{upid}: expected unit id -> count")
            continue
        for ut, n in counts.items():
            if ruleset is not None and ut not in ruleset.units:
                from ..ruleset import did_you_mean
                chk.error(counts, ut, f"{w}.units.{upid}: unknown unit '{ut}'{did_you_mean(ut, ruleset.units)}")
                continue
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                chk.error(counts, ut, f"{w}.units.{upid}.{ut}: count must be a whole number")
                continue
            if water:
                chk.error(counts, ut, f"{w}.units.{upid}.{ut}: units cannot start in a sea hex")
                continue
            out.append((hid, upid, str(ut), n))


def _parse_hexsides(chk: Checker, data: Any, hexes: dict[str, HexDef], rules: HexRules | None
                    ) -> dict[tuple[str, str], tuple[str, ...]]:
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    node = chk.get(data, "hexsides", list, "scenario", default=LocList())
    for i, s in enumerate(node or []):
        w = f"hexsides[{i}]"
        if not isinstance(s, dict):
            chk.error(node, i, f"{w}: expected a mapping {{between: [[q, r], [q, r]], kind}}")
            continue
        chk.unknown_keys(s, ("between", "kind"), w)
        pair = chk.get(s, "between", list, w)
        kind = chk.get(s, "kind", str, w)
        if pair is None or kind is None:
            continue
        if len(pair) != 2:
            chk.error(s, "between", f"{w}.between: expected two hexes")
            continue
        a, b = _axial(chk, pair, 0, f"{w}.between[0]"), _axial(chk, pair, 1, f"{w}.between[1]")
        if a is None or b is None:
            continue
        if hexgrid.distance(a, b) != 1:
            chk.error(s, "between", f"{w}.between: {hexgrid.hex_id(*a)} and {hexgrid.hex_id(*b)} are not adjacent")
            continue
        ida, idb = hexgrid.hex_id(*a), hexgrid.hex_id(*b)
        for x in (ida, idb):
            if x not in hexes:
                chk.error(s, "between", f"{w}.between: hex {x} is not on the map")
        if rules is not None and kind not in rules.hexsides:
            from ..ruleset import did_you_mean
            chk.error(s, "kind", f"{w}.kind: unknown hexside '{kind}'{did_you_mean(kind, rules.hexsides)}"
                      f" (known: {', '.join(rules.hexsides)})")
            continue
        key = hexgrid.side_key(ida, idb)
        out[key] = out.get(key, ()) + (str(kind),)
    return out


def _parse_reinforcements(chk: Checker, data: Any, hexes: dict[str, HexDef], ruleset: Ruleset | None,
                          pids: list[str]) -> tuple[Reinforcement, ...]:
    out: list[Reinforcement] = []
    node = chk.get(data, "reinforcements", list, "scenario", default=LocList())
    for i, r in enumerate(node or []):
        w = f"reinforcements[{i}]"
        if not isinstance(r, dict):
            chk.error(node, i, f"{w}: expected a mapping")
            continue
        chk.unknown_keys(r, ("turn", "player", "at", "units", "if_owned", "note"), w)
        turn = chk.get(r, "turn", int, w)
        player = chk.get(r, "player", str, w)
        at = _axial(chk, r, "at", f"{w}.at") if "at" in r else None
        if "at" not in r:
            chk.error(r, None, f"{w}: missing field 'at'")
        if player is not None and player not in pids:
            chk.error(r, "player", f"{w}.player: unknown player '{player}'")
            player = None
        hid = _on_map(chk, r, "at", f"{w}.at", hexes, at)
        units = _unit_counts(chk, chk.get(r, "units", dict, w, default={}), w, ruleset)
        if turn is None or player is None or hid is None:
            continue
        out.append(Reinforcement(turn=turn, player=player, hex=hid, units=tuple(units),
                                 if_owned=bool(chk.get(r, "if_owned", bool, w, default=False)),
                                 note=chk.get(r, "note", str, w, default="") or ""))
    return tuple(out)
