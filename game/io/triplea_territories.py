"""Territory and sea-zone attachments read into scenario sections: `canals`
(canalAttachment), `convoys` (blockadeZone sea zones, the units' blockade values) and a
space's `captured_for` (whenCapturedByGoesTo, on a separate economy's board).
"""
from __future__ import annotations

from typing import Any

from .triplea_game import GameXml, as_int, is_true
from .triplea_report import Report


def read_convoys(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
                 report: Report) -> dict[str, Any] | None:
    """TripleA convoy blockades -> `convoys` (G40 convoy disruption): sea zones with
    territoryAttachment `blockadeZone` serve the land next to them; unitAttachment
    `blockade` is each unit's value; "Convoy Blockades Roll Dice For Cost" rolls it."""
    zones = sorted(ids[t] for t, opts in gx.territory_options.items()
                   if gx.territories.get(t) and is_true(opts, "blockadeZone") and t in ids)
    if not zones:
        return None
    raiders: dict[str, int] = {}
    for u in gx.units:
        n = as_int(gx.unit_options[u].get("blockade"))
        if n > 0 and u in unit_map:
            raiders[unit_map[u]] = max(n, raiders.get(unit_map[u], 0))
    if not raiders:
        report.approximated.append(f"{len(zones)} convoy zones, but no unit has a blockade value")
    out: dict[str, Any] = {"raiders": dict(sorted(raiders.items()))}
    if gx.properties.get("Convoy Blockades Roll Dice For Cost", "").lower() == "true":
        out.update(dice=True, counts_at_most=3)   # TripleA: a die of 3 or less costs its face
    immune = [pids[p] for p, o in gx.player_options.items() if is_true(o, "immuneToBlockade") and p in pids]
    if immune:
        out["immune"] = sorted(immune)
    out["zones"] = zones
    return out


def read_canals(gx: GameXml, ids: dict[str, str], unit_map: dict[str, str], g40_units: dict[str, Any],
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


def captured_for(opts: dict[str, str], pids: dict[str, str]) -> dict[str, str]:
    """territoryAttachment whenCapturedByGoesTo "British:UK_Pacific" -> {british: uk_pacific}."""
    a, _, b = (opts.get("whenCapturedByGoesTo") or "").partition(":")
    return {pids[a]: pids[b]} if a in pids and b in pids else {}
