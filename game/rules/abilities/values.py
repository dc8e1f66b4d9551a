"""Abilities that change the value a unit fires at in a battle: support, fortification,
modifiers, special values against some targets, extra dice, fleet air defense."""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from .base import Ability, AbilityParamError, register
from .hooks import DiceHook, ValueContext, ValueHook, no_expand


def value_context(ut: Any, role: str, *, round_: int | None = None, terrain: tuple[str, ...] = (),
                  airborne: bool = False, landed: bool = False, side_at_start: tuple[str, ...] = (),
                  expand: typing.Callable[[tuple[str, ...]], tuple[str, ...]] = no_expand
                  ) -> ValueContext:
    """A ValueContext for one unit (a `no_amphibious_penalty` unit never counts as landed)."""
    landed = landed and not any(isinstance(ab, NoAmphibiousPenalty) for ab in ut.abilities)
    return ValueContext(role, ut.id, round_, tuple(terrain), airborne, landed, tuple(side_at_start), expand)


@register
@dataclass(frozen=True)
class SupportedBy(Ability):
    """+bonus to this unit's value for each supporter present, paired one to one; a
    supporter goes first to the unit rolling the most dice (where it helps most).
    `not_in`: not for units landed from the sea (`amphibious`) or dropped from the air
    (`airborne`: a self_airlift attack) this turn."""
    name: ClassVar[str] = "supported_by"
    odds: ClassVar[str] = "exact_mc"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"on": ("attack", "defense"), "pairing": ("one_to_one",),
                                                     "not_in": ("amphibious", "airborne")}
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]
    bonus: int = 1
    on: tuple[str, ...] = ("attack",)
    pairing: str = "one_to_one"
    not_in: tuple[str, ...] = ()
    rule_of_three: bool = False

    def odds_gap(self, method: str) -> str:
        return "supported_by rule_of_three" if self.rule_of_three and method != "exact" else ""


@register
@dataclass(frozen=True)
class ExtraDice(Ability, DiceHook):
    """Rolls `count` dice instead of one."""
    name: ClassVar[str] = "extra_dice"
    odds: ClassVar[str] = "exact_mc"
    count: int = 2

    def dice(self) -> int:
        return self.count


@register
@dataclass(frozen=True)
class ValueAgainst(Ability):
    """A special value against some targets, as a split hit pool: a roll at or under
    the unit's ordinary value is an ordinary hit; a roll above it but at or under the
    special value of the role (`attack`/`defense`, 0 = none) is a hit that can only be
    assigned to enemy units matching `targets` (ids or classes) or `domains`.
    `condition: attackers_outnumber_targets`: only while the side has more units of
    this type than the enemy has matching units (checked at each fire step)."""
    name: ClassVar[str] = "value_against"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"domains": ("land", "sea", "air", "static"),
                                                     "condition": ("", "attackers_outnumber_targets")}
    unit_refs: ClassVar[tuple[str, ...]] = ("targets",)
    targets: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    attack: int = 0
    defense: int = 0
    condition: str = ""
    rule_of_three: bool = False


@register
@dataclass(frozen=True)
class Modifier(Ability, ValueHook):
    """Changes this unit's value in the roles `on` while its conditions hold: `value` "+n"
    (or n) adds n, "-n" takes n off, "set n" replaces the printed value (the first such
    modifier in force wins; adding ones still add, as do support and fortification).
    Conditions (each empty: none): `terrain`, the battle space has one of these tags;
    `rounds`, in these battle rounds only; `when`, only for units that came `airborne`
    (self_airlift, or dropped from an air transport) or landed from the sea
    (`amphibious`) this turn; `not_in`, not for them; `only_with`, every unit its side
    had when the battle began is of its own type or one of these (ids or classes)."""
    name: ClassVar[str] = "modifier"
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"on": ("attack", "defense"),
                                                     "when": ("airborne", "amphibious"),
                                                     "not_in": ("airborne", "amphibious")}
    unit_refs: ClassVar[tuple[str, ...]] = ("only_with",)
    terrain_refs: ClassVar[tuple[str, ...]] = ("terrain",)
    value: str
    on: tuple[str, ...] = ("attack", "defense")
    terrain: tuple[str, ...] = ()
    rounds: tuple[int, ...] = ()
    when: tuple[str, ...] = ()
    not_in: tuple[str, ...] = ()
    only_with: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _modifier_value(self.value))

    @property
    def replaces(self) -> bool:
        return self.value.startswith("set ")

    @property
    def amount(self) -> int:
        return int(self.value.removeprefix("set "))

    @property
    def side_bound(self) -> bool:
        return bool(self.only_with)

    @property
    def keeps_battle_start(self) -> bool:
        # a round-bound one too (as round values always did: the battle's state records it)
        return bool(self.rounds or self.only_with)

    def applies(self, ctx: ValueContext) -> bool:
        if ctx.role not in self.on:
            return False
        if self.rounds and ctx.round not in self.rounds:
            return False
        if self.terrain and not any(t in ctx.terrain for t in self.terrain):
            return False
        flags = {"airborne": ctx.airborne, "amphibious": ctx.landed}
        if any(not flags[w] for w in self.when) or any(flags[w] for w in self.not_in):
            return False
        if self.only_with:
            allowed = set(ctx.expand(self.only_with)) | {ctx.unit_type}
            if any(t not in allowed for t in ctx.side_at_start):
                return False
        return True

    def modify(self, ctx: ValueContext, value: int) -> int:
        return self.amount if self.replaces else value + self.amount

    def per_unit_odds(self, terrain: typing.Sequence[str]) -> bool:
        # the typed tables add no terrain (as terrain bonuses always went to the per-unit ones)
        return bool(self.terrain) and not self.idle_in(terrain)

    def odds_gap(self, method: str) -> str:
        # the exact DP tells round one from the later rounds only
        return "modifier rounds" if self.rounds not in ((), (1,)) else ""

    def idle_in(self, terrain: typing.Sequence[str]) -> bool:
        return bool(self.terrain) and not any(t in terrain for t in self.terrain)


def _modifier_value(value: Any) -> str:
    """'+n', '-n' or 'set n' from a YAML value (a bare number adds)."""
    text = str(value).strip()
    body = text.removeprefix("set ").strip()
    sign = body[:1] if body[:1] in "+-" else ""
    digits = body[len(sign):]
    if isinstance(value, bool) or not digits.isdigit() or (text.startswith("set ") and sign):
        raise AbilityParamError("value", f"'modifier.value' must be \"+n\", \"-n\" or \"set n\", not {value!r}")
    if text.startswith("set "):
        return f"set {int(digits)}"
    return f"{'-' if sign == '-' else '+'}{int(digits)}"


@register
@dataclass(frozen=True)
class FleetAirDefense(Ability):
    """Seed 000 G53 (a supplied rule): this ship, defending against attacking aircraft
    with no friendly `unless_friendly` unit (a carrier) in the battle, defends at
    -`penalty` and (unless `air_hits`) its hits cannot be assigned to aircraft; a
    friendly `gun_director` replaces both (docs/interpretations.md#gun-director-g53)."""
    name: ClassVar[str] = "fleet_air_defense"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    air_defense: ClassVar[bool] = True
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_friendly",)
    penalty: int = 2
    unless_friendly: tuple[str, ...] = ()
    air_hits: bool = False


@register
@dataclass(frozen=True)
class GunDirector(Ability):
    """Seed 000 CRUISER, Gun Director: with this unit in a carrierless fleet the
    fleet_air_defense penalty is `penalty` and hits may go to aircraft; several add
    nothing ("This advantage is not cumulative")."""
    name: ClassVar[str] = "gun_director"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    air_defense: ClassVar[bool] = True
    penalty: int = 1


@register
@dataclass(frozen=True)
class Fortifies(Ability):
    """Defending units of `units` (ids or classes) get +bonus: one per fortifying unit
    (`pairing: one_to_one`) or every such unit (`pairing: all`; at most the Rule of
    Three's number with `rule_of_three`). A unit gets one bonus per fortifying type;
    the bonus adds to support (cumulative)."""
    name: ClassVar[str] = "fortifies"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"on": ("attack", "defense"), "pairing": ("one_to_one", "all")}
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]
    bonus: int = 1
    pairing: str = "one_to_one"
    on: tuple[str, ...] = ("defense",)
    rule_of_three: bool = False


@register
@dataclass(frozen=True)
class NoFortificationBonus(Ability):
    """Never receives `fortifies` bonuses."""
    name: ClassVar[str] = "no_fortification_bonus"
    odds: ClassVar[str] = "exact_mc"


@register
@dataclass(frozen=True)
class NoAmphibiousPenalty(Ability):
    """Exempt from `not_in: [amphibious]` restrictions (its bonuses apply in amphibious assaults)."""
    name: ClassVar[str] = "no_amphibious_penalty"
    odds: ClassVar[str] = "exact_mc"


@register
@dataclass(frozen=True)
class NoSupplyPenalty(Ability):
    """Seed 000 auxiliary, Living off the Land: never fights at the out-of-supply penalty."""
    name: ClassVar[str] = "no_supply_penalty"
    odds: ClassVar[str] = "none"   # an odds request lists units in supply (board odds: odds_for_space)
