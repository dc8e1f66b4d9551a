"""TripleA relationship types that are more than their archetype (relationshipTypeAttachment
options beyond archeType) as the scenario's named relations, politics `types`
(game/rules/politics.py): the base relation every rule reads and the flags the movement
and conquest rules check. G40:

    Friendly_Neutral: archeType allied, canTakeOverOwnedTerritory true,
      canMoveLandUnitsOverOwnedLand true, canMoveAirUnitsOverOwnedLand false,
      canLandAirUnitsOnOwnedLand false, canMoveIntoDuringCombatMove false
      -> friendly_neutral: {is: allied, takes_over: true, land_enters: true, air_over: false,
                            air_lands: false, combat_move_into: false}
    Custodianship: archeType allied, canTakeOverOwnedTerritory true
    Concordant: archeType neutral, canMoveLandUnitsOverOwnedLand, canMoveAirUnitsOverOwnedLand,
      canLandAirUnitsOnOwnedLand true
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .triplea_names import slug

# relationshipTypeAttachment option -> the flag of a politics type
TYPE_FLAGS = {"canTakeOverOwnedTerritory": "takes_over",
              "canMoveLandUnitsOverOwnedLand": "land_enters",
              "canMoveAirUnitsOverOwnedLand": "air_over",
              "canLandAirUnitsOnOwnedLand": "air_lands",
              "canMoveIntoDuringCombatMove": "combat_move_into"}
# options read exactly by the archetype alone (rocketsCanFlyOver: rockets are research)
PLAIN_OPTIONS = {"archeType", "rocketsCanFlyOver"}
BASES = {"war": "war", "allied": "allied", "neutral": "neutral"}


def named_types(options: dict[str, dict[str, str]], tested: Collection[str] = ()
                ) -> dict[str, dict[str, Any]]:
    """TripleA type -> its politics type ({name, is, flags}) for the types whose options are
    archetype, rockets and the flags above (and at least one flag), and for the types a
    condition tests by name that share their archetype with another type (G40: Unprovoked,
    a war the British started, tested by conditionAttachment_British_Not_Provoked)."""
    out: dict[str, dict[str, Any]] = {}
    bases = [BASES.get(o.get("archeType", "")) for o in options.values()]
    for t, opts in options.items():
        base = BASES.get(opts.get("archeType", ""))
        flags = {TYPE_FLAGS[k]: v.lower() == "true" for k, v in opts.items()
                 if k in TYPE_FLAGS and v.lower() in ("true", "false")}
        if base is None or set(opts) - PLAIN_OPTIONS - set(TYPE_FLAGS):
            continue
        if flags or (t in tested and bases.count(base) > 1 and slug(t) not in BASES):
            out[t] = {"name": slug(t), "is": base, **flags}
    return out


def tested_types(atts: list[Any]) -> set[str]:
    """The relationship types conditions name (relationship options: a:b:<type>)."""
    return {v.split(":")[2] for a in atts if a.is_rules for k, v, _ in a.options
            if k == "relationship" and v.count(":") >= 2}


def politics_types(named: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The scenario's `politics.types` mapping (name -> {is, flags})."""
    return {v["name"]: {k: x for k, x in v.items() if k != "name"} for v in named.values()}


__all__ = ["TYPE_FLAGS", "named_types", "politics_types", "tested_types"]
