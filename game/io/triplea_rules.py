"""Which TripleA unit options and attachments a Warboard rule already plays, checked value
by value against the ruleset used for them (the import report: game/io/triplea_units.py
and triplea_leftovers.py).

An option is *mapped* when the g40 unit (or facility) has the Warboard ability that
plays it with the same values; otherwise it stays in the report as approximated or not
imported. Research (technologies and what they switch on) is named as such: Warboard
plays Global 1940 without research, as TripleA's own "Tech Development" option allows.
"""
from __future__ import annotations

from typing import Any

from .triplea_objectives import RawAttachment

# TripleA unit option -> the g40 ability that plays it
ABILITY_OF_OPTION = {
    "airAttack": "air_battle", "airDefense": "air_battle", "canEscort": "air_battle",
    "canIntercept": "air_battle", "bombingBonus": "bombing_raid", "bombingMaxDieSides": "bombing_raid",
    "bombingTargets": "bombing_raid", "isAAforCombatOnly": "anti_aircraft",
    "maxAAattacks": "anti_aircraft", "canNotMoveDuringCombatMove": "noncombat_move_only",
    "whenCombatDamaged": "grounded_when_damaged", "receivesAbilityWhenWith": "blitz_with",
    "canScramble": "scrambles", "maxScrambleDistance": "scrambles",
}
# unit options that belong to rules Warboard does not play yet (left honest in the report)
PENDING_OPTIONS: dict[str, str] = {}
# TripleA facility options that g40's facilities play (buying, placing one per territory,
# damage, operational limit, built-in anti-aircraft fire)
FACILITY_OPTIONS = {"isInfrastructure", "canBeDamaged", "maxDamage", "maxOperationalDamage",
                    "isConstruction", "constructionType", "constructionsPerTerrPerTypePerTurn",
                    "maxConstructionsPerTypePerTerr", "movement", "isAAforBombingThisUnitOnly",
                    "isAirBase"}
# facility options of the bases at work (+1 move, scramble, repairs: zone/scramble.py, movement)
BASES_AT_WORK = {"givesMovement", "maxScrambleCount", "repairsUnits"}
# facility options only a technology uses (rockets fired from air bases)
RESEARCH_OPTIONS = {"isRocket", "bombingBonus", "bombingMaxDieSides"}
BASE_TARGETS = {"airfield": "air_base", "harbour": "naval_base", "harbor": "naval_base"}


def ability(unit: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The parameters of a unit's ability `name` ({} for a bare flag), or None."""
    for a in unit.get("abilities") or []:
        if a == name:
            return {}
        if isinstance(a, dict) and name in a:
            return dict(a[name] or {})
    return None


def _same(opt: str, value: str, ab: dict[str, Any], unit_map: dict[str, str]) -> bool:
    """Does the ability's parameter say what the TripleA option says?"""
    def num(v: str) -> int:
        return int(v) if v.lstrip("-").isdigit() else -99
    match opt:
        case "airAttack":
            return num(value) == ab.get("attack", 1)
        case "airDefense":
            return num(value) == ab.get("defense", 0)
        case "canEscort":
            return (value.lower() == "true") == bool(ab.get("escorts"))
        case "canIntercept":
            return (value.lower() == "true") == bool(ab.get("intercepts"))
        case "bombingBonus":
            return num(value) == ab.get("bonus", 0)
        case "bombingMaxDieSides":
            return num(value) == 6
        case "bombingTargets":
            return sorted(BASE_TARGETS.get(t, t) for t in value.split(":")) == sorted(ab.get("targets", []))
        case "maxAAattacks":
            return num(value) == ab.get("shots", 3)
        case "maxScrambleDistance":   # scrambles reach the bordering sea zone only
            return num(value) == 1
        case "receivesAbilityWhenWith":   # canBlitz:armour -> blitz_with {units: [armour]}
            what, _, with_ = value.partition(":")
            return what == "canBlitz" and unit_map.get(with_, with_) in ab.get("units", [])
    return True   # flags: the ability's presence says it


def unit_options(u: str, opts: dict[str, str], all_values: dict[str, list[str]], g: str,
                 gu: dict[str, Any], unit_map: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
    """(mapped, pending, different) option names of TripleA unit `u` against g40 unit `g`.
    `all_values`: every value of a repeated option (whenCombatDamaged)."""
    mapped: list[str] = []
    pending: list[str] = []
    different: list[str] = []
    for opt in sorted(opts):
        if opt in PENDING_OPTIONS:
            pending.append(opt)
            continue
        name = ABILITY_OF_OPTION.get(opt)
        if name is None:
            different.append(opt)
            continue
        ab = ability(gu, name)
        if opt == "whenCombatDamaged":
            ok = ab is not None and set(all_values.get(opt, [])) <= {"unitsMayNotLandOnCarrier",
                                                                     "unitsMayNotLeaveAlliedCarrier"}
        else:
            ok = ab is not None and _same(opt, opts[opt], ab, unit_map)
        (mapped if ok else different).append(opt)
    return mapped, pending, different


def facility_options(opts: dict[str, str], cost: int | None, fac: dict[str, Any]
                     ) -> tuple[list[str], list[str], list[str]]:
    """(differences, bases-at-work options, research options) of a TripleA airfield or
    harbour against the g40 facility that plays it."""
    diff = []
    for key, ours in (("maxDamage", fac.get("max_damage")), ("maxOperationalDamage", fac.get("operational_damage"))):
        if key in opts and str(ours) != opts[key]:
            diff.append(f"{key} {opts[key]} -> {ours}")
    if cost is not None and cost != fac.get("cost"):
        diff.append(f"cost {cost} -> {fac.get('cost')}")
    if opts.get("isAAforBombingThisUnitOnly", "").lower() == "true" and not fac.get("anti_aircraft"):
        diff.append("its anti-aircraft fire")
    odd = sorted(set(opts) - FACILITY_OPTIONS - BASES_AT_WORK - RESEARCH_OPTIONS)
    diff += [f"option {o}" for o in odd]
    return diff, sorted(set(opts) & BASES_AT_WORK), sorted(set(opts) & RESEARCH_OPTIONS)


def research_attachments(raw: list[RawAttachment]) -> set[str]:
    """Names of the rules attachments that test a technology (`techs`), the triggers
    they fire and what those triggers grant (`support`): research."""
    tech_conditions = {a.name for a in raw if a.is_rules and a.get("techs")}
    out = set(tech_conditions)
    for a in raw:
        refs = set((a.get("conditions") or a.get("trigger") or "").split(":"))
        if a.is_trigger and refs and refs <= tech_conditions:
            out.add(a.name)
            out |= {v for k, v, _ in a.options if k == "support"}
    return out


def support_is_played(opts: dict[str, str], supporter: str, units: dict[str, Any],
                      unit_map: dict[str, str]) -> bool:
    """A TripleA supportAttachment (one supporter gives `bonus` to `number` units of
    `unitType` on offence) that each g40 target's `supported_by` plays one to one."""
    if opts.get("side", "offence") != "offence" or opts.get("dice", "strength") != "strength" \
            or opts.get("number", "1") != "1":
        return False
    bonus = int(opts.get("bonus", "1")) if opts.get("bonus", "1").isdigit() else -1
    for t in (opts.get("unitType") or "").split(":"):
        sb = ability(units.get(unit_map.get(t, ""), {}), "supported_by")
        if sb is None or unit_map.get(supporter) not in sb.get("units", []) or sb.get("bonus", 1) != bonus \
                or "attack" not in sb.get("on", ["attack"]) or sb.get("pairing", "one_to_one") != "one_to_one":
            return False
    return True


__all__ = ["ability", "facility_options", "research_attachments", "support_is_played", "unit_options"]
