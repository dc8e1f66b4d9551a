"""The rules, triggers and options TripleA attaches to players, read into the scenario's
sections: `politics`, `victory.conditions`, `national_objectives`, `player_rules`
(switched frontiers, complexes removed or upgraded, movement restrictions), and each
player's `placement`, `units_to` and `kamikaze`.
"""
from __future__ import annotations

from typing import Any

from .triplea_game import GameXml, as_int, is_true
from .triplea_names import FACTORIES, norm
from .triplea_neutrals import capture_events, is_capture_trigger
from .triplea_objectives import Context as ObjectiveContext
from .triplea_objectives import (
    RawAttachment,
    Unmapped,
    condition,
    drop_own_player,
    lookup,
    referenced,
    step_phase,
    trigger_conditions,
    trigger_title,
)
from .triplea_objectives import objectives as import_objectives
from .triplea_objectives import politics as import_politics
from .triplea_objectives import victories as import_victories
from .triplea_relations import named_types, politics_types, tested_types
from .triplea_report import Report
from .triplea_switches import imported_switches, switch_events, switch_starts


def _type_notes(gx: GameXml) -> dict[str, str]:
    """How each relationship type that is more than its archetype is read (report rows);
    the named ones (game/io/triplea_relations.py) are read exactly."""
    out = {}
    named = named_types(gx.relationship_options, tested_types(gx.raw))
    for t, v in gx.relationship_types.items():
        if t in named:
            continue
        extra = {k: o for k, o in gx.relationship_options.get(t, {}).items() if k not in EXACT_TYPE_OPTIONS}
        if v == "neutral_open":
            out[t] = (f"relationship type {t}: neutral, but its land units may enter each other's "
                      f"territories: read as allied")
        elif extra:
            out[t] = (f"relationship type {t}: read as {v} (its archeType); "
                      + ", ".join(f"{k} {o}" for k, o in sorted(extra.items())) + " not read")
    return out


def condition_context(gx: GameXml, ids: dict[str, str], pids: dict[str, str],
                       unit_map: dict[str, str], report: Report) -> ObjectiveContext:
    named = named_types(gx.relationship_options, tested_types(gx.raw))
    ctx = ObjectiveContext(ids=ids, pids=pids, units=unit_map,
                           archetypes={k: named[k]["name"] if k in named else
                                       {"war": "war", "allied": "allied", "neutral_open": "allied"}
                                       .get(v, "neutral") for k, v in gx.relationship_types.items()},
                           by_name={}, approximated=report.approximated, properties=gx.properties,
                           exact_types={t for t, o in gx.relationship_options.items()
                                        if set(o) <= EXACT_TYPE_OPTIONS} | set(named),
                           type_notes=_type_notes(gx), switches=imported_switches(gx.raw),
                           named_bases={v["name"]: v["is"] for v in named.values()})
    for a in gx.raw:
        ctx.by_name.setdefault(a.name, []).append(a)
    return ctx


def politics(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
             report: Report, turnless: list[str], handled: set[str] | None = None
             ) -> tuple[dict[str, Any] | None, set[str]]:
    """The XML's relationshipInitialize and political actions as the scenario's `politics`:
    players without steps become neutral countries taking no turns; those whose territories
    change their units' owner on entry (changeUnitOwners, captureUnitOnEnteringBy) are
    pro-side neutrals (`raise_on_entry`). The triggers in `handled` were read elsewhere."""
    ctx = condition_context(gx, ids, pids, unit_map, report)
    alliances = {p: (gx.alliances.get(p) or [p])[0] for p in gx.players}
    raising = sorted({gx.owners[t] for t, opts in gx.territory_options.items()
                      if t in gx.owners and gx.owners[t] in turnless
                      and ({"changeUnitOwners", "captureUnitOnEnteringBy"} & set(opts))})
    steps = {name: (who, step_phase(name, java)) for name, java, who in gx.steps}
    atts = [a for a in gx.raw if a.name not in (handled or set())]
    pol, skipped, taken = import_politics(atts, ctx, gx.relationships, alliances, turnless, raising,
                                          steps)
    report.not_imported.extend(skipped)
    if pol is None:
        return None, taken
    report.approximated[:] = [a for a in report.approximated if not a.endswith("; it plays last")]
    if turnless:
        report.mapped.append(f"players without steps in the turn sequence: {', '.join(turnless)}: "
                             f"neutral countries that take no turns (politics.neutrals)")
    report.approximated.extend(ctx.type_notes.values())
    named = named_types(gx.relationship_options, tested_types(gx.raw))
    if named:
        pol["types"] = politics_types(named)
        report.mapped.append(
            "relationship types " + ", ".join(sorted(named)) + ": named relations (politics `types`: "
            "the archeType and canTakeOverOwnedTerritory, canMoveLandUnitsOverOwnedLand, "
            "canMoveAirUnitsOverOwnedLand, canLandAirUnitsOnOwnedLand, canMoveIntoDuringCombatMove; "
            "a type conditions test by name apart from its archetype's other types)")
    report.mapped.append(
        f"politics: {len(pol['relations'])} starting relations that differ from the alliances, "
        f"{len(pol['declarations'])} political actions, {len(pol['events'])} relationship triggers "
        f"(TripleA relationship types by their archeType, or as named relations); "
        f"{len(raising)} pro-side neutral players")
    taken |= _capture_triggers(gx, ctx, steps, pol, report)
    taken |= _switch_triggers(gx, ctx, steps, pol, report)
    return pol, taken


def _capture_triggers(gx: GameXml, ctx: ObjectiveContext, steps: dict[str, tuple[str, str | None]],
                      pol: dict[str, Any], report: Report) -> set[str]:
    """Triggers opening neutral territories' armies to a side (G40 true neutrals) as
    politics events with `raises` (game/io/triplea_neutrals.py)."""
    events, skipped, taken = capture_events(gx.raw, ctx, steps)
    report.not_imported.extend(skipped)
    if events:
        pol["events"].extend(events)
        names = sorted({a.name for a in gx.raw if is_capture_trigger(a)} & taken)
        report.mapped.append(
            f"{len(names)} triggers setting the territories' captureUnitOnEnteringBy (the true "
            f"neutrals' armies join the side that did not attack them): politics events with "
            f"`raises`: {', '.join(names[:3])}" + (f" and {len(names) - 3} more" if len(names) > 3 else ""))
    return taken


def _switch_triggers(gx: GameXml, ctx: ObjectiveContext, steps: dict[str, tuple[str, str | None]],
                     pol: dict[str, Any], report: Report) -> set[str]:
    """Switches flipped by triggers (G40: the Axis capture of London, an Axis landing in
    North America) as politics switches and events (game/io/triplea_switches.py)."""
    events, skipped, taken = switch_events(gx.raw, ctx, steps, ctx.switches)
    report.not_imported.extend(skipped)
    if events:
        pol["switches"] = switch_starts(gx.raw, ctx.switches)
        pol["events"].extend(events)
        names = sorted(ctx.switches)
        report.mapped.append(
            f"{len(names)} switches flipped by triggers ({', '.join(names)}): politics `switches`, "
            f"{len(events)} events setting them, `switch:` conditions")
    return taken


def read_kamikaze(gx: GameXml, ids: dict[str, str], pids: dict[str, str], report: Report
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
    zones = {t for t, o in gx.territory_options.items() if is_true(o, "kamikazeZone")}
    taken = set()
    for att in gx.raw:
        if att.is_trigger and att.get("territoryProperty") == "kamikazeZone":
            zones.update((att.get("territories") or "").split(":"))
            taken.add(att.name)
    tokens = gx.other_resources.get((who, opts["suicideAttackResources"]), 0)
    kzones = sorted(ids[z] for z in zones if z in ids)
    rule: dict[str, Any] = {"player": pids[who], "tokens": tokens,
                            "value": as_int(opts.get("suicideAttackValue"), 1), "zones": kzones}
    where = ("only where there is a battle (the game's option 'Kamikaze Suicide Attacks Only Where "
             "Battles Are')" if gx.properties.get("Kamikaze Suicide Attacks Only Where Battles Are",
                                                 "false").lower() == "true" else "")
    line = (f"kamikaze: {who} has {tokens} tokens, each a die at {rule['value']} against an attacking "
            f"surface warship in its {len(kzones)} kamikaze zones, " + (where or "before any battle there")
            + " (TripleA suicideAttackResources, kamikazeZone; scenario `kamikaze`)")
    # Warboard strikes only where there is a battle: exact when the game's option says so
    (report.mapped if where else report.approximated).append(line)
    return rule, taken


def victories(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
              report: Report, players: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], set[str]]:
    """The XML's victory triggers as `victory.conditions` (with "Triggered Victory" on)."""
    if gx.properties.get("Triggered Victory", "false").lower() != "true":
        return [], set()
    ctx = condition_context(gx, ids, pids, unit_map, report)
    won_by, skipped, taken = import_victories(gx.raw, ctx, {p["id"]: p["alliance"] for p in players})
    report.not_imported.extend(skipped)
    return won_by, taken


def national_objectives(gx: GameXml, ids: dict[str, str], pids: dict[str, str],
                        unit_map: dict[str, str], report: Report) -> tuple[list[dict[str, Any]], set[str]]:
    """The XML's national objectives as the scenario's `national_objectives` (with the game's
    option "National Objectives" on), and the attachments taken in."""
    ctx = condition_context(gx, ids, pids, unit_map, report)
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


def player_limits(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
                  report: Report) -> tuple[list[dict[str, Any]], set[str]]:
    """`player_rules` (G40 China): a player whose production frontier a trigger switches
    buys the units common to all its frontiers, and a frontier's other units while that
    trigger's conditions hold (the Burma Road); rulesAttachment
    movementRestrictionTerritories of type allowed -> `moves_within` for such a player
    (G40's China; v3's Chinese restriction stays in the report: its shipped scenario and
    guard games play without it)."""
    ctx = condition_context(gx, ids, pids, unit_map, report)
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
                taken |= referenced(ctx, a)
        opts = gx.player_rules.get(p, {})
        if entry and _kept_in(opts):
            entry["moves_within"] = [ids[t] for t in opts.get("movementRestrictionTerritories", "").split(":")
                                     if t in ids]
        if p in destroying:
            entry["destroys_complexes_in"] = sorted(destroying[p])
        if p in upgrading:
            entry["upgrades_complexes_in"], when = upgrading[p]
            entry["upgrades_when"] = [drop_own_player(c, pids[p]) for c in when]
        lifting = _lifting_triggers(gx, p) if _kept_out(opts) else []
        if lifting:
            try:
                until = [c for a in lifting for c in trigger_conditions(ctx, a)]
            except (Unmapped, ValueError) as exc:
                report.not_imported.append(f"player {p} movement restriction: {exc}")
            else:
                entry["keeps_out_of"] = [ids[t] for t in opts["movementRestrictionTerritories"].split(":")
                                         if t in ids]
                entry["keeps_out_until"] = [drop_own_player(c, pids[p]) for c in until]
                taken |= {a.name for a in lifting} | {r for a in lifting for r in referenced(ctx, a)}
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
    complexes = {u for u in gx.units if norm(u) in FACTORIES or is_true(gx.unit_options[u], "isFactory")}
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
            when = [condition(ctx, lookup(ctx, r, a.to)) for r in kept]
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
            when = trigger_conditions(ctx, a)
        except (Unmapped, ValueError) as exc:
            report.not_imported.append(f"{a.name} of {p} (line {a.line}): {exc}")
            continue
        ref = (a.get("conditions") or a.get("trigger") or a.name).split(":")[0]
        name = trigger_title(ref, p)   # objectiveAttachment_Chinese_1_Burma_Road -> Burma Road
        extra.append({"name": name, "units": more, "when": when})
    report.mapped.append(f"player {p}: buys {', '.join(base)}"
                               + "".join(f"; {', '.join(e['units'])} while {e['name']}" for e in extra)
                               + " (TripleA production frontiers switched by triggers, read as "
                                 "conditions checked at each purchase; scenario `player_rules`)")
    return {"buys": base, "buys_when": extra} if extra else {"buys": base}


def read_units_to(gx: GameXml) -> dict[str, str]:
    """Players giving their units to one other player of their alliance (playerAttachment
    giveUnitControl; G40: UK_Pacific -> British): the scenario's `units_to`."""
    out = {}
    for p, opts in gx.player_options.items():
        to = opts.get("giveUnitControl", "")
        if to in gx.players and to != p and (gx.alliances.get(p) or [p])[0] == (gx.alliances.get(to) or [to])[0]:
            out[p] = to
    return out


# relationshipTypeAttachment options an archetype reading plays exactly (rockets: research)
EXACT_TYPE_OPTIONS = {"archeType", "rocketsCanFlyOver"}
# rulesAttachment options the import turns into a player's `placement`
PLACEMENT_OPTIONS = {"placementAnyTerritory", "placementCapturedTerritory", "placementPerTerritory"}
UNLIMITED = 10000   # TripleA writes "no limit" as a huge number (9999999)


def read_placement(who: str, gx: GameXml, report: Report) -> dict[str, Any] | None:
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
    unlimited = {"unlimitedProduction"} if is_true(opts, "placementAnyTerritory") \
        and is_true(opts, "unlimitedProduction") else set()
    odd = sorted(set(opts) - PLACEMENT_OPTIONS - kept_in - unlimited)
    if odd:
        report.not_imported.append(f"player {who} rules: {', '.join(odd)}")
    no_pu = "NoPU" in " ".join(c for _, c, p in gx.steps if p == who)
    if no_pu:
        report.approximated.append(f"{who} buy with PUs and collect income like everyone else "
                                   f"(TripleA: no-PU purchase, units per territories held)")
    if not is_true(opts, "placementAnyTerritory"):
        return None
    out: dict[str, Any] = {"anywhere_owned": True}
    if is_true(opts, "placementCapturedTerritory"):
        out["captured"] = True
    if 0 < as_int(opts.get("placementPerTerritory")) < UNLIMITED:
        out["per_territory"] = as_int(opts.get("placementPerTerritory"))
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
