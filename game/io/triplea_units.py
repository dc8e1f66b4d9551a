"""TripleA unit types against the g40 ruleset the import plays on: the g40 unit or facility
each maps onto, its values and options compared (report rows), a custom unit for the rest,
cargo placed at sea put ashore, and the units no production frontier sells.
"""
from __future__ import annotations

from typing import Any

from . import triplea_rules
from .triplea_files import TripleaError
from .triplea_game import GameXml, as_int, is_true
from .triplea_names import G40_UNITS, norm, slug
from .triplea_report import Report

BASE_RULESET = "g40"


# TripleA unit options the import understands (the rest is listed in the report)
KNOWN_UNIT_OPTIONS = {"movement", "attack", "defense", "hitPoints", "transportCost", "carrierCost",
                      "isSea", "isAir", "isInfantry", "isAirTransportable", "artillerySupportable",
                      "artillery", "canBlitz", "isLandTransport", "canBombard", "isSub", "isDestroyer",
                      "transportCapacity", "carrierCapacity", "isAA", "isFactory",
                      "isStrategicBomber", "isAirTransport", "blockade"}


def _domain(opts: dict[str, str]) -> str:
    if is_true(opts, "isSea"):
        return "sea"
    if is_true(opts, "isAir"):
        return "air"
    return "land"


def custom_unit(name: str, uid: str, opts: dict[str, str], cost: int | None,
                artillery_ids: list[str], source: str) -> dict[str, Any]:
    dom = _domain(opts)
    attack, defense = as_int(opts.get("attack")), as_int(opts.get("defense"))
    u: dict[str, Any] = {
        "name": name.replace("_", " ").title(),
        "description": (f"Imported from TripleA ({source}): "
                        + ", ".join(f"{k}={v}" for k, v in sorted(opts.items()))),
        "domain": dom, "cost": cost, "attack": min(6, attack), "defense": min(6, defense),
        "move": as_int(opts.get("movement"), 1), "hits": max(1, as_int(opts.get("hitPoints"), 1)),
    }
    if dom == "land":
        u["transport_cost"] = as_int(opts.get("transportCost"), 2) if opts.get("transportCost") else 3
    if dom == "air" and opts.get("carrierCost"):
        u["carrier_cost"] = as_int(opts.get("carrierCost"), 1)
    ab: list[Any] = []
    if is_true(opts, "canBlitz"):
        ab.append("blitz")
    if is_true(opts, "canBombard"):
        ab.append("bombard")
    if is_true(opts, "isSub"):
        ab += [{"first_strike": {"canceled_by": ["destroyer"]}}, {"cannot_hit": {"domains": ["air"]}},
               {"evades_air": {"unless_enemy_has": ["destroyer"]}},
               {"stealthy": {"unless_enemy_has": ["destroyer"]}}]
    if dom == "sea" and as_int(opts.get("transportCapacity")) > 0:
        ab.append({"transport": {"capacity": as_int(opts.get("transportCapacity")), "domains": ["land"]}})
        if attack == 0 and defense == 0:
            ab += ["defenseless", "non_blocking"]
    if as_int(opts.get("carrierCapacity")) > 0:
        ab.append({"carrier": {"capacity": as_int(opts.get("carrierCapacity"))}})
    if is_true(opts, "isAA"):
        ab += [{"anti_aircraft": {"value": 1, "shots": 3, "targets": ["air"]}}, "cannot_capture",
               "noncombat_move_only"]
    if is_true(opts, "artillerySupportable") and artillery_ids:
        ab.append({"supported_by": {"units": artillery_ids, "bonus": 1, "on": ["attack"],
                                    "pairing": "one_to_one"}})
    if ab:
        u["abilities"] = ab
    return u


def compare_base(u: str, kind: str, opts: dict[str, str], cost: int | None, fac: dict[str, Any],
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


def unit_options(u: str, opts: dict[str, str], gx: GameXml, g: str, gu: dict[str, Any],
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


def compare_unit(u: str, opts: dict[str, str], cost: int | None, g: str, gu: dict[str, Any],
                 report: Report) -> None:
    """Report where the XML's values differ from the g40 unit used for it."""
    ours = {"cost": gu.get("cost"), "attack": gu.get("attack"), "defense": gu.get("defense"),
            "move": gu.get("move"), "hits": gu.get("hits", 1)}
    theirs = {"cost": cost, "attack": as_int(opts.get("attack")), "defense": as_int(opts.get("defense")),
              "move": as_int(opts.get("movement"), 0), "hits": max(1, as_int(opts.get("hitPoints"), 1))}
    if g == "aaa":   # TripleA AA guns have no attack/defense values of their own
        theirs["attack"], theirs["defense"] = ours["attack"], ours["defense"]
    diff = [f"{k} {theirs[k]} -> {ours[k]}" for k in ours if theirs[k] is not None and theirs[k] != ours[k]]
    label = u if u == g else f"{u} -> g40 {g}"
    if diff:
        report.approximated.append(f"unit {label}: g40 values used ({', '.join(diff)})")
    elif u != g:
        report.mapped.append(f"unit {label} (same values)")


def move_cargo(gx: GameXml, counts: dict[str, dict[str, dict[str, int]]],
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
                                              -as_int(gx.territory_options.get(a, {}).get("production")), a))
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


def load_base_ruleset(rid: str = BASE_RULESET) -> dict[str, Any]:
    """A shipped ruleset (g40) as plain data (the project's YAML loader: `on:` stays a string)."""
    if rid not in _BASE_CACHE:
        from game.rules.ruleset import ruleset_path
        from game.rules.yamlloc import load_yaml_file
        _BASE_CACHE[rid] = _plain(load_yaml_file(str(ruleset_path(rid))))
    return _BASE_CACHE[rid]


def variant_base(scenario_id: str) -> str:
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


def unsold_units(gx: GameXml, unit_map: dict[str, str], units: dict[str, Any], report: Report) -> list[str]:
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
