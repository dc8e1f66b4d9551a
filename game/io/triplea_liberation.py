"""TripleA triggers placing units in a capital the first time it is liberated after it
fell, read as the scenario's `capitals.liberation_units` (game/rules/capitals.py).

G40 (ww2global40_2nd_edition.xml) encodes the liberation of France with two switches:
triggerAttachment_{Germans,Italians,Japanese}_Conquer_France set
conditionAttachment_French_1_Liberation_Switch once the Axis hold France
(conditionAttachment_French_1_Lose_France: alliedOwnershipTerritories France), and
triggerAttachment_French_1_Liberation_By_* place 4 French infantry in France once French
hold it again after a battle phase (directOwnershipTerritories France, that switch, and
conditionAttachment_French_1_Can_Be_Liberated_Switch, which the first of them turns off).
"""
from __future__ import annotations

from .triplea_game import GameXml
from .triplea_objectives import RawAttachment
from .triplea_report import Report

# the options of a liberation trigger: when it fires, what it places, the switch it turns off
LIBERATION_OPTIONS = {"trigger", "conditions", "uses", "when", "placement", "players",
                      "playerAttachmentName", "playerProperty"}


def liberation_units(gx: GameXml, pids: dict[str, str], unit_map: dict[str, str],
                     capitals: dict[str, str], report: Report) -> tuple[dict[str, dict[str, int]], set[str]]:
    """player id -> the units placed in its capital when it is first liberated, and the
    attachments taken in (the fall and liberation triggers and their conditions)."""
    rules = {a.name: a for a in gx.raw if a.is_rules}
    out: dict[str, dict[str, int]] = {}
    taken: set[str] = set()
    for player, cap in capitals.items():
        found = _liberation(gx, rules, player, cap, unit_map)
        if found is None:
            continue
        units, freeing, falling, conditions = found
        out[pids[player]] = units
        taken |= {a.name for a in freeing + falling} | conditions
        what = ", ".join(f"{n} {u}" for u, n in units.items())
        more = f" and {len(freeing) - 1} more" if len(freeing) > 1 else ""
        report.mapped.append(
            f"player {player}: {len(falling)} triggers recording the fall of {cap} "
            f"({', '.join(a.name for a in falling)}) and {len(freeing)} placing {what} there once "
            f"{player} hold it again ({freeing[0].name}{more}): the first "
            f"liberation of a fallen capital, checked after every battle phase "
            f"(scenario capitals.liberation_units)")
    return out, taken


def _liberation(gx: GameXml, rules: dict[str, RawAttachment], player: str, cap: str,
                unit_map: dict[str, str]
                ) -> tuple[dict[str, int], list[RawAttachment], list[RawAttachment], set[str]] | None:
    """The liberation triggers of `player` (placing units in its capital `cap`, once, when a
    switch set at the fall holds), the fall triggers and the conditions, or None."""
    freeing = [a for a in gx.raw if a.is_trigger and a.to == player and _places_in(a, cap)]
    if not freeing:
        return None
    placed = {a.get("placement") for a in freeing}
    conds = {a.get("trigger") or a.get("conditions") for a in freeing}
    if len(placed) != 1 or len(conds) != 1:
        return None
    held = rules.get(conds.pop() or "")
    if held is None or held.get("directOwnershipTerritories") != cap \
            or (held.get("switch") or "").lower() != "false":
        return None
    # the switch the first liberation turns off, so that the others never fire
    switches = {_switch_set(a) for a in freeing}
    guard, value = switches.pop() if len(switches) == 1 else ("", "")
    guards = {r for r in (held.get("conditions") or "").split(":") if r}
    start = rules[guard].get("switch") if guard in guards and guard in rules else None
    if value != "false" or (start or "").lower() != "true":
        return None
    falling = [a for a in gx.raw if a.is_trigger and _switch_set(a) == (held.name, "true")]
    lost = [rules.get(a.get("trigger") or a.get("conditions") or "") for a in falling]
    if not falling or any(c is None or c.get("alliedOwnershipTerritories") != cap
                          or _allied(gx, c.to, player) for c in lost):
        return None
    units: dict[str, int] = {}
    for u in (placed.pop() or "").split(":")[1:]:
        if u not in unit_map:
            return None
        units[unit_map[u]] = units.get(unit_map[u], 0) + 1
    conditions = {held.name} | guards | {c.name for c in lost if c is not None}
    return units, freeing, falling, conditions


def _places_in(a: RawAttachment, cap: str) -> bool:
    opts = {k for k, _, _ in a.options}
    return ("placement" in opts and opts <= LIBERATION_OPTIONS and a.get("uses") == "1"
            and (a.get("placement") or "").split(":")[0] == cap)


def _switch_set(a: RawAttachment) -> tuple[str, str]:
    """(condition, value) of the switch a trigger sets (playerAttachmentName RulesAttachment
    with playerProperty switch), or ("", "")."""
    name = next((c for k, v, c in a.options if k == "playerAttachmentName" and v == "RulesAttachment"), None)
    value = next((c for k, v, c in a.options if k == "playerProperty" and v == "switch"), None)
    return (name, value.lower()) if name and value else ("", "")


def _allied(gx: GameXml, a: str, b: str) -> bool:
    return bool(set(gx.alliances.get(a) or [a]) & set(gx.alliances.get(b) or [b]))


__all__ = ["liberation_units"]
