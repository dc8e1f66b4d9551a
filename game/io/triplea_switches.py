"""TripleA switches that triggers flip, as the scenario's politics switches
(game/rules/politics.py): a RulesAttachment whose only option is `switch` (its starting
value), and the triggers that set it (playerAttachmentName RulesAttachment / <that
condition>, playerProperty switch / true|false) become politics events with `switches`;
conditions testing it read `switch: <name>`. G40:

    conditionAttachment_Axis_Capture_London_Switch (switch false), set true by
    triggerAttachment_Germans_Conquer_London and triggerAttachment_Italians_Conquer_London
    (after germansBattle / italiansBattle, once the Axis hold the United Kingdom);
    tested by conditionAttachment_Americans_May_Declare_War_On_Axis_Early and
    conditionAttachment_Russians_May_Declare_War_On_European_Axis (political actions).

Switches that a trigger chain (activateTrigger) reads, and triggers that do more than
flip one switch, are left to the rest of the import.
"""
from __future__ import annotations

import re
from typing import Any

from .triplea_names import slug
from .triplea_objectives import (
    Context,
    RawAttachment,
    Unmapped,
    referenced,
    trigger_events,
)

SETTER_OPTIONS = {"conditions", "trigger", "conditionType", "invert", "when", "uses", "players",
                  "playerAttachmentName", "playerProperty"}


def switch_name(condition: str) -> str:
    """conditionAttachment_Axis_Capture_London_Switch -> axis_capture_london"""
    rest = re.sub(r"^conditionAttachment_?", "", condition)
    return slug(re.sub(r"_?Switch$", "", rest))


def _set_switch(att: RawAttachment) -> tuple[str, bool] | None:
    """(condition, value) when the trigger only flips one rulesAttachment switch."""
    if not att.is_trigger or {k for k, _, _ in att.options} - SETTER_OPTIONS:
        return None
    names = [c for k, v, c in att.options if k == "playerAttachmentName" and v == "RulesAttachment"]
    props = [(v, c) for k, v, c in att.options if k == "playerProperty"]
    if len(names) != 1 or len(props) != 1 or props[0][0] != "switch" \
            or (props[0][1] or "").lower() not in ("true", "false") or not att.get("when"):
        return None
    return names[0] or "", (props[0][1] or "").lower() == "true"


def imported_switches(atts: list[RawAttachment]) -> dict[str, str]:
    """Condition name -> switch name, for the switches read exactly: a condition whose only
    option is `switch`, flipped by setter triggers only, and read by no trigger chain."""
    by_name = {a.name: a for a in atts}
    setters = {s[0] for a in atts if (s := _set_switch(a))}
    chained = {r for a in atts if a.is_trigger and a.get("activateTrigger")
               for k in ("conditions", "trigger") for r in (a.get(k) or "").split(":")}
    other_setters = {c for a in atts if a.is_trigger and not _set_switch(a)
                     for k, v, c in a.options if k == "playerAttachmentName"}
    return {c: switch_name(c) for c in setters
            if c in by_name and [k for k, _, _ in by_name[c].options] == ["switch"]
            and c not in chained and c not in other_setters}


def switch_starts(atts: list[RawAttachment], switches: dict[str, str]) -> dict[str, bool]:
    """The scenario's `politics.switches`: each switch's starting value."""
    by_name = {a.name: a for a in atts}
    return {name: (by_name[c].get("switch") or "").lower() == "true" for c, name in sorted(switches.items())}


def switch_events(atts: list[RawAttachment], ctx: Context, steps: dict[str, tuple[str, str | None]],
                  switches: dict[str, str]) -> tuple[list[dict[str, Any]], list[str], set[str]]:
    """The setter triggers of the imported switches as politics events, report lines for
    those left out, and the attachments taken in (the switch conditions too)."""
    events: list[dict[str, Any]] = []
    skipped: list[str] = []
    taken: set[str] = set(switches)
    for att in atts:
        got = _set_switch(att)
        if got is None or got[0] not in switches:
            continue
        taken.add(att.name)
        try:
            events.extend(_events(att, ctx, steps, switches[got[0]], got[1]))
            taken |= referenced(ctx, att)
        except (Unmapped, ValueError) as exc:
            skipped.append(f"switch trigger {att.name} of {att.to} (line {att.line}): {exc}")
    return events, skipped, taken


def _events(att: RawAttachment, ctx: Context, steps: dict[str, tuple[str, str | None]],
            name: str, value: bool) -> list[dict[str, Any]]:
    return trigger_events(att, ctx, steps, switches={name: value})


__all__ = ["imported_switches", "switch_events", "switch_name", "switch_starts"]
