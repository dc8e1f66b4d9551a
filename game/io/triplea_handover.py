"""TripleA triggers handing a neutral's territories and units to a power, read as
`politics.events` with `hands_over` and `cancels` (game/rules/politics.py).

G40 (ww2global40_2nd_edition.xml) encodes Mongolia so:
triggerAttachment_Japanese_Conquer_Russians_Territory_By_Mongolia_1 (after japaneseBattle,
once; Japan attacked a Soviet territory next to Mongolia this round, the Allies are not at
war with Mongolia, and conditionAttachment_Mongolia_May_Change_To_Russians_Control_Switch)
turns the Allies Friendly_Neutral to the Mongolians and activates
..._By_Mongolia_2, whose changeOwnership moves every Mongolian territory (with its units) to
the Soviets; triggerAttachment_Russians_Conquer_Japanese_Territory_By_Mongolia (the Soviets
attacked Japan next to Mongolia first) turns that switch off for good. The triggers setting
the Mongolian territories' captureUnitOnEnteringBy for the side Mongolia turns friendly to
(triggerAttachment_{Axis,Allies}_Friendly_With_Mongolians and the triggers activating them)
are what `politics.raise_on_entry` plays: only a player allied with the neutral raises it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .triplea_game import GameXml
from .triplea_objectives import Context, RawAttachment, Unmapped, relation_events, step_phase
from .triplea_report import Report

HAND_OVER_OPTIONS = {"conditions", "trigger", "when", "uses", "changeOwnership"}
CANCEL_OPTIONS = {"conditions", "trigger", "when", "uses", "players", "playerAttachmentName",
                  "playerProperty"}


def neutral_handovers(gx: GameXml, ctx: Context, turnless: list[str], report: Report
                      ) -> tuple[list[dict[str, Any]], set[str]]:
    """The events handing a turnless neutral over to a power (and those cancelling them),
    and the attachments taken in."""
    steps = {name: (who, step_phase(name, java)) for name, java, who in gx.steps}
    by_name = {a.name: a for a in gx.raw}
    events: list[dict[str, Any]] = []
    taken: set[str] = set()
    neutrals: set[str] = set()
    for hand in gx.raw:
        moved = _hands_over(gx, hand, turnless)
        if moved is None:
            continue
        old, new = moved
        neutrals.add(old)
        for act in [a for a in gx.raw if a.is_trigger and hand.name in _activated(a)]:
            try:
                found = _event(gx, ctx, by_name, act, hand, old, new, steps)
            except (Unmapped, ValueError) as exc:
                report.not_imported.append(f"trigger {act.name} of {act.to} (line {act.line}): {exc}")
                taken.add(act.name)
                continue
            events += found[0]
            taken |= found[1]
            report.mapped.append(
                f"{act.name} with {hand.name}: every territory and unit of {old} passes to {new} "
                f"(politics.events hands_over)"
                + (f"; {', '.join(sorted(found[2]))} turn its switch off for good (cancels)"
                   if found[2] else ""))
    covered = _raise_triggers(gx, neutrals) - taken
    if covered:
        taken |= covered
        shown = ", ".join(sorted(covered)[:3]) + (f" and {len(covered) - 3} more" if len(covered) > 3 else "")
        report.mapped.append(f"{len(covered)} triggers giving a neutral's territories "
                             f"captureUnitOnEnteringBy for the side it turns friendly to ({shown}): "
                             f"politics.raise_on_entry (only a player allied with it raises it)")
    return events, taken


def _hands_over(gx: GameXml, att: RawAttachment, turnless: list[str]) -> tuple[str, str] | None:
    """(neutral, power) when `att` moves every territory of a turnless neutral to a power
    (changeOwnership "territory:old:new:conquered", one per territory)."""
    if not att.is_trigger or {k for k, _, _ in att.options} - HAND_OVER_OPTIONS:
        return None
    moves = [v.split(":") for k, v, _ in att.options if k == "changeOwnership"]
    pairs = {(m[1], m[2]) if len(m) >= 3 else ("", "") for m in moves}
    if len(pairs) != 1 or ("", "") in pairs:
        return None
    old, new = pairs.pop()
    lands = {t for t, o in gx.owners.items() if o == old}
    if old not in turnless or new not in gx.players or {m[0] for m in moves} != lands:
        return None
    return old, new


def _activated(att: RawAttachment) -> list[str]:
    """The triggers `att` fires without testing their conditions (activateTrigger
    "name:times:useUses:testUses:testConditions:testChance" with testConditions false)."""
    out = []
    for k, v, _ in att.options:
        parts = v.split(":")
        if k == "activateTrigger" and len(parts) >= 5 and parts[4] == "false":
            out.append(parts[0])
    return out


def _event(gx: GameXml, ctx: Context, by_name: dict[str, RawAttachment], act: RawAttachment,
           hand: RawAttachment, old: str, new: str, steps: dict[str, tuple[str, str | None]]
           ) -> tuple[list[dict[str, Any]], set[str], set[str]]:
    """The hand-over event of trigger `act` (its relationship changes, `hands_over`), the
    events of the triggers turning off a switch it tests (`cancels`), the names taken and
    the cancelling triggers' names."""
    refs = [r for r in (act.get("conditions") or act.get("trigger") or "").split(":") if r]
    switches = [r for r in refs if r in by_name and by_name[r].get("switch") == "true"]
    plain = [r for r in refs if r not in switches]
    for s in switches:   # a switch's own conditions still hold ("AND")
        sw = by_name[s]
        if (sw.get("conditionType") or "AND").upper() != "AND" or sw.get("invert") == "true":
            raise Unmapped(f"switch {s} with conditionType or invert")
        plain += [r for r in (sw.get("conditions") or "").split(":") if r]
    other = [t for t in _activated(act) if t != hand.name]
    if other and not _raise_triggers(gx, {old}) >= set(other):
        raise Unmapped(f"activateTrigger {', '.join(other)}")
    keep = [(k, v, c) for k, v, c in act.options if k not in ("activateTrigger", "conditions", "trigger")]
    bare = replace(act, options=keep + [("conditions", ":".join(plain), None)])
    name = f"{old} handed over to {new}"
    found = relation_events(ctx, bare, steps)
    for ev in found:
        ev.update(name=name, hands_over={"from": ctx.pids[old], "to": ctx.pids[new]})
    cancelling = [a for a in gx.raw if a.is_trigger and _turns_off(a) in switches]
    for c in cancelling:
        if {k for k, _, _ in c.options} - CANCEL_OPTIONS:
            raise Unmapped(f"{c.name}: options besides the switch it turns off")
        bare_c = replace(c, options=[o for o in c.options if o[0] not in ("players", "playerAttachmentName",
                                                                         "playerProperty")])
        for ev in relation_events(ctx, bare_c, steps):
            found.append({**ev, "name": f"{old} no longer handed over to {new}", "cancels": [name]})
    names = {act.name, hand.name} | set(other) | {c.name for c in cancelling} | set(switches)
    return found, names, {c.name for c in cancelling}


def _turns_off(att: RawAttachment) -> str:
    """The condition whose switch trigger `att` sets to false ('' when none)."""
    name = next((c for k, v, c in att.options if k == "playerAttachmentName" and v == "RulesAttachment"), None)
    value = next((c for k, v, c in att.options if k == "playerProperty" and v == "switch"), None)
    return name or "" if (value or "").lower() == "false" else ""


def _raise_triggers(gx: GameXml, neutrals: set[str]) -> set[str]:
    """Triggers setting captureUnitOnEnteringBy on territories of these neutrals (for the
    side they turn friendly to), and the triggers whose only action is to fire them."""
    setting = set()
    for a in gx.raw:
        if not a.is_trigger or a.get("territoryProperty") != "captureUnitOnEnteringBy":
            continue
        lands = set((a.get("territories") or "").split(":"))
        if lands and {gx.owners.get(t) for t in lands} <= neutrals:
            setting.add(a.name)
    firing = {a.name for a in gx.raw if a.is_trigger and _activated(a)
              and set(_activated(a)) <= setting
              and {k for k, _, _ in a.options} <= {"conditions", "trigger", "when", "uses", "activateTrigger"}}
    return setting | firing


__all__ = ["neutral_handovers"]
