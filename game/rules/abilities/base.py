"""What an ability is: the Ability base class, its parameters checked at load time, the
registry of ability names, and reading an ability entry of a ruleset (old names included)."""
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


_HINTS: dict[type, dict[str, Any]] = {}


def _type_hints(cls: type) -> dict[str, Any]:
    """An ability class's field types, resolved once (get_type_hints compiles each string
    annotation anew: a third of the main menu's start with the shipped rulesets, issue #45)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


@dataclass(frozen=True)
class Ability:
    name: ClassVar[str] = ""
    # parameter names that hold unit ids or unit classes (validated against the ruleset)
    unit_refs: ClassVar[tuple[str, ...]] = ()
    # parameter names that hold space terrain tags (validated against ruleset.TERRAIN_TAGS)
    terrain_refs: ClassVar[tuple[str, ...]] = ()
    doc: ClassVar[str] = ""
    # parameter -> allowed values (each item of a list parameter must be one of them)
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}
    # parameter names that hold power ids (validated against the ruleset's `powers`)
    power_refs: ClassVar[tuple[str, ...]] = ()
    # what the odds calculator makes of it (game/odds/model.py builds its sets from these):
    # "exact_mc": the exact DP and the vectorised Monte Carlo play it; "exact": the exact DP
    # only; "none": no effect on a battle once it is fought (movement, purchase, capture);
    # "sim": only the battle code itself (method "sim"). `unmodelled` checks parameters.
    odds: ClassVar[str] = "sim"
    # acts only when the attacker has aircraft (seed 000 G53): without them the odds skip it
    air_defense: ClassVar[bool] = False

    @classmethod
    def from_params(cls, params: Any) -> Ability:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise AbilityParamError(None, f"'{cls.name}' takes a mapping of parameters")
        hints = _type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in params.items():
            if key not in fields:
                known = ", ".join(fields) or "none"
                raise AbilityParamError(key, f"unknown parameter '{key}' for '{cls.name}' (known: {known})")
            kwargs[key] = _coerce(cls.name, key, hints[key], value)
            allowed = cls.choices.get(key)
            if allowed is not None:
                items = kwargs[key] if isinstance(kwargs[key], tuple) else (kwargs[key],)
                for item in items:
                    if item not in allowed:
                        raise AbilityParamError(key, f"'{cls.name}.{key}': '{item}' is not one of "
                                                ", ".join(repr(a) for a in allowed))
        for f in fields.values():
            no_default = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            if f.name not in kwargs and no_default:
                raise AbilityParamError(None, f"'{cls.name}' needs parameter '{f.name}'")
        return cls(**kwargs)

    def params(self) -> dict[str, Any]:
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in dataclasses.fields(self)}

    def odds_gap(self, method: str) -> str:
        """Why the odds `method` ("exact": the DP; "mc": the vectorised Monte Carlo) cannot
        play this ability with these parameters though its `odds` names the method ("": it
        can). odds.model.unmodelled asks it."""
        return ""

    def idle_in(self, terrain: typing.Sequence[str]) -> bool:
        """Has it no effect in a battle in a space with these terrain tags?"""
        return False

    # only the exact odds' per-unit tables (odds/general.py) play it, not the typed ones
    per_unit: ClassVar[bool] = False

    def per_unit_odds(self, terrain: typing.Sequence[str]) -> bool:
        """Does a battle in a space with these terrain tags need the per-unit tables for it?"""
        return self.per_unit

    def describe(self) -> dict[str, Any]:
        return {self.name: self.params()} if dataclasses.fields(self) else {self.name: {}}


def _coerce(ability: str, key: str, hint: Any, value: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, list):
            raise AbilityParamError(key, f"'{ability}.{key}' must be a list")
        if typing.get_args(hint)[:1] == (int,):
            if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
                raise AbilityParamError(key, f"'{ability}.{key}' must be a list of whole numbers")
            return tuple(value)
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
    if hint is float:
        return _number(ability, key, value)
    return value


def _number(ability: str, key: str, value: Any) -> float:
    """A number, or an exact fraction written "1/3" (a share no decimal gives exactly)."""
    if isinstance(value, str) and value.count("/") == 1:
        num, den = value.split("/")
        try:
            n, d = float(num), float(den)
        except ValueError:
            n, d = 0.0, 0.0
        if d > 0:
            return n / d
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AbilityParamError(key, f"'{ability}.{key}' must be a number or a fraction like \"1/3\"")
    return float(value)


def register(cls: type[Ability]) -> type[Ability]:
    REGISTRY[cls.name] = cls
    return cls


# Ability names of earlier rulesets and saves, read as the ability that took them over.
def _terrain_bonus(p: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in p.items() if k not in ("bonus",)}
    out["value"] = f"+{p.get('bonus', 1)}"
    return out


def _round_value(p: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in p.items() if k not in ("airborne", "value")}
    out["value"] = f"set {p.get('value', '')}"
    out.setdefault("on", ["attack"])
    out.setdefault("rounds", [1])
    if p.get("airborne"):
        out["when"] = ["airborne"]
    return out


LEGACY_NAMES: dict[str, tuple[str, typing.Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "terrain_bonus": ("modifier", _terrain_bonus),
    "round_value": ("modifier", _round_value),
}


def parse_ability(entry: Any) -> tuple[str, Any]:
    """An ability entry is either a bare name or a one-key mapping name -> params. A name
    an ability took over (LEGACY_NAMES) reads as that ability."""
    params: Any
    if isinstance(entry, str):
        name, params = entry, {}
    elif isinstance(entry, dict) and len(entry) == 1:
        (name, params), = entry.items()
        name = str(name)
    else:
        raise AbilityParamError(None, "an ability is a name or a one-key mapping {name: {params}}")
    if name in LEGACY_NAMES and isinstance(params or {}, dict):
        name, translate = LEGACY_NAMES[name]
        params = translate(dict(params or {}))
    return name, params
