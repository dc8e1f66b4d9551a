"""Import a TripleA map folder (game XML + polygons/centers/place/map.properties)
as a Warboard zone scenario on the g40 rules.

`import_map(map_dir, game=None)` returns an `Imported` holding the scenario as
plain data, an optional derived ruleset (when the XML has unit types g40 lacks)
and a `Report` of everything approximated or left out: nothing is dropped
silently. `triplea_write.write(...)` saves them as YAML. Pure: no pygame.
The parts: triplea_game (the XML), triplea_units, triplea_players,
triplea_territories (the scenario's sections), triplea_leftovers (the rest, reported).
"""
from __future__ import annotations

import re
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
from .triplea_game import as_int, is_true, map_root, pick_game, read_game
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
    root = map_root(map_dir)
    xml_path = pick_game(map_dir, game, report)
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
    units_to = read_units_to(gx)
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
    placement = {p: read_placement(p, gx, report) for p in gx.players}

    pids = {p: slug(p) for p in gx.players}
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
        entry: dict[str, Any] = {"id": pids[p], "name": player_title(p), "alliance": slug(allies[0]),
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
    base_id = variant_base(variant_of) if variant_of else BASE_RULESET
    g40 = load_base_ruleset(base_id)
    g40_units = g40["units"]
    unit_map: dict[str, str] = {}
    factory_units: dict[str, str] = {}
    base_units: dict[str, str] = {}            # TripleA airfield / harbour -> g40 facility id
    pending: dict[str, list[str]] = {}         # rules other helpers of #46 write -> what waits
    custom: dict[str, dict[str, Any]] = {}
    artillery_ids = ["artillery"] + [slug(u) for u in gx.units
                                     if is_true(gx.unit_options[u], "artillery")
                                     and G40_UNITS.get(norm(u)) is None]
    for u in gx.units:
        opts = gx.unit_options[u]
        key = norm(u)
        if key in FACTORIES or is_true(opts, "isFactory"):
            factory_units[u] = FACTORIES.get(key, "major")
            continue
        if BASES.get(key) in (g40.get("facilities") or {}):
            base_units[u] = BASES[key]
            compare_base(u, base_units[u], opts, gx.costs.get(u), g40["facilities"][base_units[u]],
                         research, report)
            continue
        g = G40_UNITS.get(key)
        if g is not None and g in g40_units:
            unit_map[u] = g
            compare_unit(u, opts, gx.costs.get(u), g, g40_units[g], report)
            unit_options(u, opts, gx, g, g40_units[g], pending, report)
            continue
        uid = slug(u)
        if uid in g40_units:
            uid = f"{uid}_triplea"
        unit_map[u] = uid
        custom[uid] = custom_unit(u, uid, opts, gx.costs.get(u), artillery_ids, xml_path.name)
        if as_int(opts.get("attack")) > 6 or as_int(opts.get("defense")) > 6:
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
    unsold = unsold_units(gx, unit_map, g40_units, report) if frontier_units or variant_of else []
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
    originals: dict[str, list[str]] = {}   # originalOwner -> territories another player holds
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
    move_cargo(gx, unit_counts, adjacency, g40_units, custom, report)
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
            s["value"] = as_int(opts.get("production"))
            owner = gx.owners.get(t)
            s["owner"] = pids[owner] if owner else None
            original = opts.get("originalOwner")
            if original in pids and pids[original] != s["owner"]:
                s["original_owner"] = pids[original]   # liberated to it, its original territory
                originals.setdefault(original, []).append(t)
            if t in factories:
                s["factory"] = True if factories[t] == "major" else "minor"
            for kind in sorted(bases.get(t, ())):
                s[kind] = True
            if as_int(opts.get("victoryCity")) > 0 or is_true(opts, "victoryCity"):
                s["victory_city"] = True
                vc_count += 1
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
            odd = sorted(set(opts) - {"production", "capital", "victoryCity", "isImpassable",
                                      "originalOwner", "unitProduction"}
                         - (ECONOMY_OPTIONS if goes_to else set()))
            if odd:
                odd_territories.setdefault(", ".join(odd), []).append(t)
        else:   # sea zones are never captured: their economy options say nothing
            odd = sorted(set(opts) - {"production", "blockadeZone"}
                         - (ECONOMY_OPTIONS if captured_for(opts, pids) else set()))
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
    for who, ts in originals.items():
        report.mapped.append(f"territoryAttachment originalOwner {who}: {', '.join(ts)} (held by another "
                             f"player at the start; space `original_owner`: liberated back to {who}, "
                             f"its original territories)")
    report.approximated.append(f"outlines simplified (tolerance {SIMPLIFY_TOLERANCE} px): "
                               f"{points_before} -> {points_after} points")
    for t, opts in gx.territory_options.items():
        if as_int(opts.get("unitProduction")) and t in factories:
            pass  # production capacity = territory value in Warboard (the same in v3)
    national, taken = national_objectives(gx, ids, pids, unit_map, report)
    turnless = [p for p in gx.players if p not in steps_of]
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
    territory_options(odd_territories, gx, pol, pending, report)
    taken |= rule_attachments(gx, ids, pids, unit_map, g40_units, taken, research, pending, report)
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
        need = min(as_int(gx.properties.get(f"{k} VCs"), VICTORY_DEFAULTS[k]) for k in enabled)
    else:
        need = vc_count
    need = max(1, min(need, vc_count)) if vc_count else 1
    alliances = []
    for entry in players:
        if entry["alliance"] not in alliances:
            alliances.append(entry["alliance"])
    # TripleA has no turn limit: a game its victory triggers end plays on until they do
    # (turn_limit 0: none); one without them needs a limit (default 10 rounds)
    if turn_limit is None:
        turn_limit = 0 if won_by else 10
    if won_by and not turn_limit:
        won_text = f"by its victory conditions ({len(won_by)} TripleA victory triggers)"
        report.mapped.append(f"victory: an alliance wins when its victory conditions hold for a "
                             f"complete round (TripleA victory triggers: scenario `victory.conditions`), "
                             f"with no turn limit, as in TripleA (games of computer players only end "
                             f"after round {MACHINE_ROUNDS}, judged by victory cities)")
    elif won_by:
        won_text = f"by its victory conditions ({len(won_by)} TripleA victory triggers)"
        report.approximated.append(f"victory: an alliance wins when its victory conditions hold "
                                   f"for a complete round (TripleA victory triggers: scenario "
                                   f"`victory.conditions`); after round {turn_limit} the alliance "
                                   f"with more victory cities wins (TripleA has no turn limit)")
    elif not turn_limit:
        raise TripleaError(xml_path, 0, "the game has no victory triggers: a game of it needs a turn "
                                        "limit (--turn-limit ROUNDS)")
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
    w = as_int(props.get("map.width")) or int(max(x for p in polys.values() for q in p for x, _ in q)) + 1
    h = as_int(props.get("map.height")) or int(max(y for p in polys.values() for q in p for _, y in q)) + 1
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
                        f"{len(alliances)} alliances, played on the g40 rules. Victory {won_text}"
                        + (f", or after round {turn_limit} to the side holding more"
                           f"{' victory cities' if won_by else ''}." if turn_limit else
                           ": no turn limit, as in the board game.")),
        "turn_limit": turn_limit or "none",
        "map": {"kind": "zone", "size": [w, h], "background": "#2b4d6e", "wrap_x": wrap},
        "players": players,
        "victory": ({"conditions": won_by} if won_by else {"victory_cities": {a: need for a in alliances}})
        | {"at_turn_limit": "victory_cities"},
        "spaces": spaces,
    }
    if factory_units and not any(as_int(gx.unit_options[u].get("canProduceXUnits")) for u in factory_units):
        # a complex places its territory's value (TripleA before Global 1940: no
        # canProduceXUnits), not the g40 facilities' 10 / 3
        scenario["factory_production"] = "value"
        report.approximated.append("industrial complexes place their territory's value a turn "
                                   "(scenario factory_production: value; no canProduceXUnits)")
    canals = read_canals(gx, ids, unit_map, g40_units, custom, report)
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
    if freed_with:   # G40: France's liberation
        scenario["capitals"]["liberation_units"] = freed_with
    convoys = read_convoys(gx, ids, pids, unit_map, report)
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


def _unit_size(props: dict[str, str]) -> float:
    try:
        return UNIT_IMAGE * float(props.get("units.scale", "1") or 1)
    except ValueError:
        return UNIT_IMAGE


def _centroid(pts: list[Point]) -> list[int]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return [round(sum(xs) / len(xs)), round(sum(ys) / len(ys))]
