"""Named, parameterised unit abilities.

A unit type is stats plus a list of abilities. Each ability name maps to one
small frozen dataclass here; its fields are the ability's parameters, checked
at load time. Rules code asks a unit type for an ability by name
(`utype.ability("first_strike")`) and reads the parameters.
Adding a house rule that reuses an ability is a YAML edit; a new kind of
ability is one class here plus the hook where it applies.
"""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

REGISTRY: dict[str, type[Ability]] = {}


class AbilityParamError(ValueError):
    def __init__(self, field: str | None, message: str):
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Ability:
    name: ClassVar[str] = ""
    # parameter names that hold unit ids (validated against the ruleset)
    unit_refs: ClassVar[tuple[str, ...]] = ()
    doc: ClassVar[str] = ""

    @classmethod
    def from_params(cls, params: Any) -> Ability:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise AbilityParamError(None, f"'{cls.name}' takes a mapping of parameters")
        hints = typing.get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in params.items():
            if key not in fields:
                known = ", ".join(fields) or "none"
                raise AbilityParamError(key, f"unknown parameter '{key}' for '{cls.name}' (known: {known})")
            kwargs[key] = _coerce(cls.name, key, hints[key], value)
        for f in fields.values():
            no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            if f.name not in kwargs and no_default:
                raise AbilityParamError(None, f"'{cls.name}' needs parameter '{f.name}'")
        return cls(**kwargs)

    def params(self) -> dict[str, Any]:
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in dataclasses.fields(self)}

    def describe(self) -> dict[str, Any]:
        return {self.name: self.params()} if dataclasses.fields(self) else {self.name: {}}


def _coerce(ability: str, key: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise AbilityParamError(key, f"'{ability}.{key}' must be a list")
        return tuple(str(v) for v in value)
    if hint is bool:
        if not isinstance(value, bool):
            raise AbilityParamError(key, f"'{ability}.{key}' must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise AbilityParamError(key, f"'{ability}.{key}' must be a whole number")
        return value
    if hint is str:
        return str(value)
    return value


def register(cls: type[Ability]) -> type[Ability]:
    REGISTRY[cls.name] = cls
    return cls


@register
@dataclass(frozen=True)
class SupportedBy(Ability):
    """+bonus to this unit's value for each supporter present, paired one to one."""
    name: ClassVar[str] = "supported_by"
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]
    bonus: int = 1
    on: tuple[str, ...] = ("attack",)
    pairing: str = "one_to_one"
    not_in: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Blitz(Ability):
    """May move through an empty enemy territory, capturing it, and go on."""
    name: ClassVar[str] = "blitz"


@register
@dataclass(frozen=True)
class AntiAircraft(Ability):
    """Defending only: before the first round, fires at attacking units of `targets`
    domains, one die per target, at most `shots` dice per unit, hitting on `value`."""
    name: ClassVar[str] = "anti_aircraft"
    value: int = 1
    shots: int = 3
    targets: tuple[str, ...] = ("air",)  # domains it fires at


@register
@dataclass(frozen=True)
class FirstStrike(Ability):
    """Fires before the main fire step; its casualties do not fire back.
    Cancelled when the enemy side has one of `canceled_by`."""
    name: ClassVar[str] = "first_strike"
    unit_refs: ClassVar[tuple[str, ...]] = ("canceled_by",)
    canceled_by: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class CannotHit(Ability):
    """This unit's hits cannot be assigned to units of these domains."""
    name: ClassVar[str] = "cannot_hit"
    domains: tuple[str, ...] = ("air",)


@register
@dataclass(frozen=True)
class EvadesAir(Ability):
    """Hits scored by aircraft cannot be assigned to this unit unless the firing
    side has one of `unless_enemy_has` in the battle."""
    name: ClassVar[str] = "evades_air"
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_enemy_has",)
    unless_enemy_has: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Stealthy(Ability):
    """Moves through sea zones holding enemy ships, unless one of `unless_enemy_has`
    is there; never stops enemy movement."""
    name: ClassVar[str] = "stealthy"
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_enemy_has",)
    unless_enemy_has: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class NonBlocking(Ability):
    """Does not stop enemy movement through its sea zone."""
    name: ClassVar[str] = "non_blocking"


@register
@dataclass(frozen=True)
class Transport(Ability):
    """Carries units of `domains` whose transport_cost adds up to at most capacity."""
    name: ClassVar[str] = "transport"
    capacity: int = 5
    domains: tuple[str, ...] = ("land",)


@register
@dataclass(frozen=True)
class Carrier(Ability):
    """Aircraft with a carrier_cost may land here, up to capacity."""
    name: ClassVar[str] = "carrier"
    capacity: int = 2


@register
@dataclass(frozen=True)
class Defenseless(Ability):
    """Cannot fire; chosen as casualty only when nothing else can be; lost when
    alone against an enemy that can hit."""
    name: ClassVar[str] = "defenseless"


@register
@dataclass(frozen=True)
class ExtraDice(Ability):
    """Rolls `count` dice instead of one."""
    name: ClassVar[str] = "extra_dice"
    count: int = 2


@register
@dataclass(frozen=True)
class Bombard(Ability):
    """In an amphibious assault from its sea zone, fires once at `value` in the first round."""
    name: ClassVar[str] = "bombard"
    value: int = 0  # 0 = use the unit's attack


@register
@dataclass(frozen=True)
class CannotCapture(Ability):
    """Cannot take control of a territory (aircraft do not need this: their domain implies it)."""
    name: ClassVar[str] = "cannot_capture"


def parse_ability(entry: Any) -> tuple[str, Any]:
    """An ability entry is either a bare name or a one-key mapping name -> params."""
    if isinstance(entry, str):
        return entry, {}
    if isinstance(entry, dict) and len(entry) == 1:
        (name, params), = entry.items()
        return str(name), params
    raise AbilityParamError(None, "an ability is a name or a one-key mapping {name: {params}}")
