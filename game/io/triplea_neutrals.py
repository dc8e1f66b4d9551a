"""TripleA triggers that open neutral territories' armies to one side (G40's true neutrals
turning): a trigger setting the territoryAttachment property captureUnitOnEnteringBy of a
list of territories, fired at a step once its conditions hold, becomes a politics event
with `raises` (game/rules/politics.py): from then on the armies there join those players
entering them.

    triggerAttachment_British_Friendly_With_TrueNeutrals (attached to British):
      conditions conditionAttachment_British_Friendly_With_TrueNeutrals
      when before:britishPolitics, uses 1
      territories Chile:Argentina:...:Angola
      territoryAttachmentName TerritoryAttachment / territoryAttachment
      territoryProperty captureUnitOnEnteringBy / Americans:French:British:ANZAC:Chinese:Russians
"""
from __future__ import annotations

from typing import Any

from .triplea_objectives import (
    Context,
    RawAttachment,
    Unmapped,
    referenced,
    trigger_events,
)

# the options such a trigger may have (anything else: not this kind of trigger)
CAPTURE_TRIGGER_OPTIONS = {"conditions", "trigger", "conditionType", "invert", "when", "uses",
                           "territories", "territoryAttachmentName", "territoryProperty"}


def is_capture_trigger(att: RawAttachment) -> bool:
    props = [(v, c) for k, v, c in att.options if k == "territoryProperty"]
    return (att.is_trigger and {k for k, _, _ in att.options} <= CAPTURE_TRIGGER_OPTIONS
            and len(props) == 1 and props[0][0] == "captureUnitOnEnteringBy"
            and att.get("when") is not None)


def capture_events(atts: list[RawAttachment], ctx: Context, steps: dict[str, tuple[str, str | None]]
                   ) -> tuple[list[dict[str, Any]], list[str], set[str]]:
    """The capture triggers as politics events (one per `when` step), report lines for those
    left out, and the attachments taken in."""
    events: list[dict[str, Any]] = []
    skipped: list[str] = []
    taken: set[str] = set()
    activated = {v.split(":")[0] for a in atts for k, v, _ in a.options if k == "activateTrigger"}
    for att in atts:
        if not is_capture_trigger(att) or att.name in activated:
            continue   # one another trigger fires (activateTrigger): read with that one
        taken.add(att.name)
        try:
            events.extend(_events(att, ctx, steps))
            taken |= referenced(ctx, att)
        except (Unmapped, ValueError) as exc:
            skipped.append(f"capture trigger {att.name} of {att.to} (line {att.line}): {exc}")
    return events, skipped, taken


def _events(att: RawAttachment, ctx: Context, steps: dict[str, tuple[str, str | None]]
            ) -> list[dict[str, Any]]:
    by = next(c for k, _, c in att.options if k == "territoryProperty") or ""
    players = [ctx.pids[p] for p in by.split(":") if p]
    if not players or any(p not in ctx.pids for p in by.split(":") if p):
        raise Unmapped(f"captureUnitOnEnteringBy '{by}'")
    spaces = [ctx.ids[t] for t in (att.get("territories") or "").split(":") if t]
    if not spaces or any(t not in ctx.ids for t in (att.get("territories") or "").split(":") if t):
        raise Unmapped(f"territories '{att.get('territories')}'")
    return trigger_events(att, ctx, steps, raises={"in": spaces, "by": players})


__all__ = ["capture_events", "is_capture_trigger"]
