"""Abilities that make a supply source for the supply rule: supply drops by transport
aircraft and supply dumps."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability, register


@register
@dataclass(frozen=True)
class SupplyDrop(Ability):
    """Seed 000 transport aircraft, Supply Drop (G4, with the ruleset's `supply` rule): at the
    start of the combat move, before any other combat movement, an unmoved transport
    (from an air base with `requires_air_base`) flies to a friendly territory (an ally's
    with `allied`) whose land units would be out of supply: that territory is a supply
    source for its alliance this turn (game/rules/zone/supply.py)."""
    name: ClassVar[str] = "supply_drop"
    odds: ClassVar[str] = "none"
    requires_air_base: bool = True
    allied: bool = True


@register
@dataclass(frozen=True)
class SupplyDump(Ability):
    """Seed 000 supply column, Supply Dump (G28, read for the supply rule): the territory
    where it stands, and land territories up to `radius` away held by its alliance, are
    supply sources for its alliance."""
    name: ClassVar[str] = "supply_dump"
    odds: ClassVar[str] = "none"
    radius: int = 1
