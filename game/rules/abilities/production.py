"""Abilities that limit purchase and placement: who may buy a unit, how many, where
it is placed, and units built in the field."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .base import Ability, AbilityParamError, register


@register
@dataclass(frozen=True)
class Builds(Ability):
    """Seed 000 ENGINEER "May build fortifications" (G22, a supplied rule): purchased
    `units` may be placed, without a factory, in a territory held since the start of
    the turn where this unit stands; each such unit builds `per_turn` a turn there."""
    name: ClassVar[str] = "builds"
    odds: ClassVar[str] = "none"
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...] = ()
    per_turn: int = 1


@register
@dataclass(frozen=True)
class Obsolete(Ability):
    """Placed at set-up only; can never be purchased (whatever its printed cost)."""
    name: ClassVar[str] = "obsolete"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class RequiresDoctrine(Ability):
    """May be purchased only by a player whose scenario entry lists the doctrine."""
    name: ClassVar[str] = "requires_doctrine"
    odds: ClassVar[str] = "none"
    doctrine: str


@register
@dataclass(frozen=True)
class PlacedAt(Ability):
    """Purchase and placement limits. `requires_owned`: purchase needs owning such a
    facility somewhere. `facilities`: the placing industrial complex must be one of
    these (`industrial_complex`: any size; `major_industrial_complex`; empty: any).
    `coastal`: the complex's territory borders a sea zone; `naval_base: operative`: it
    has a naval base. `zones`: ships go only into sea zones with these tags
    (`lake`, `coastal_sea`). `territories: [national_non_home]`: may also be placed,
    without a complex, in any territory the player has held since the start of the
    turn that was its own at the start of the game and is not a home territory
    (`in_addition: true`: besides the normal places; false: only there).
    `capital`: the complex must be in a capital: `any` (some scenario player's capital),
    `major_power` (the capital of a player who is one of the ruleset's `powers`)."""
    name: ClassVar[str] = "placed_at"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "requires_owned": ("industrial_complex", "major_industrial_complex"),
        "facilities": ("industrial_complex", "major_industrial_complex"),
        "naval_base": ("none", "operative"), "territories": ("national_non_home",),
        "zones": ("lake", "coastal_sea"), "capital": ("none", "any", "major_power")}
    requires_owned: tuple[str, ...] = ()
    facilities: tuple[str, ...] = ()
    coastal: bool = False
    naval_base: str = "none"
    territories: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    in_addition: bool = False
    capital: str = "none"


@register
@dataclass(frozen=True)
class PurchaseLimit(Ability):
    """Only players who are one of `powers` (empty: any player) may buy it, at most
    `per_turn` units per turn each (0: no limit); at most `per_turn` are placed per turn,
    units bought earlier included."""
    name: ClassVar[str] = "purchase_limit"
    odds: ClassVar[str] = "none"
    power_refs: ClassVar[tuple[str, ...]] = ("powers",)
    per_turn: int = 0
    powers: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class MaxOnBoard(Ability):
    """At most `limits[power]` units of this type per player of that power on the board
    (units waiting to be placed count); players of powers not listed cannot buy it.
    Units lost may be bought again."""
    name: ClassVar[str] = "max_on_board"
    odds: ClassVar[str] = "none"
    power_refs: ClassVar[tuple[str, ...]] = ("limits",)
    limits: tuple[tuple[str, int], ...]

    @classmethod
    def from_params(cls, params: Any) -> Ability:
        if not isinstance(params, dict) or not isinstance(params.get("limits"), dict):
            raise AbilityParamError("limits", "'max_on_board' needs 'limits': a mapping power -> number")
        unknown = [k for k in params if k != "limits"]
        if unknown:
            raise AbilityParamError(unknown[0], f"unknown parameter '{unknown[0]}' for 'max_on_board' "
                                    "(known: limits)")
        pairs = []
        for k, v in params["limits"].items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise AbilityParamError("limits", f"'max_on_board.limits.{k}' must be a whole number")
            pairs.append((str(k), v))
        return cls(limits=tuple(pairs))

    def params(self) -> dict[str, Any]:
        return {"limits": dict(self.limits)}

    def limit_for(self, power: str | None) -> int:
        return dict(self.limits).get(power or "", 0)


@register
@dataclass(frozen=True)
class MaxPerSpace(Ability):
    """At most `count` units of this type of one `per` (`alliance`: all players of an
    alliance together; `player`) in any land territory, after every move, unloading,
    airdrop and placement."""
    name: ClassVar[str] = "max_per_space"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"per": ("alliance", "player")}
    count: int = 1
    per: str = "alliance"
