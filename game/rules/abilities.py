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


# --- hooks ---------------------------------------------------------------------------
# An ability acts where the engine asks for a kind of hook (`hooks(ut, ValueHook)`), not
# where a rule names it. Each hook kind is a small base class with the method the engine
# calls; an ability class implements the kinds it takes part in.
H = typing.TypeVar("H")


def hooks(ut: Any, kind: type[H]) -> tuple[H, ...]:
    """The abilities of a unit type that implement a hook kind, in their listed order
    (cached on the frozen unit type: battle code asks for every unit in every step)."""
    cache: dict[type, tuple[Any, ...]] = ut.hook_cache
    got = cache.get(kind)
    if got is None:
        got = cache[kind] = tuple(ab for ab in ut.abilities if isinstance(ab, kind))
    return got


def _no_expand(refs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(refs)


@dataclass(frozen=True)
class ValueContext:
    """What a value hook may look at: a unit of `unit_type` valued in `role`. Built by the
    battle engine (battle.values.value_context) and by each odds engine from its own tables."""
    role: str                                  # "attack" or "defense"
    unit_type: str
    round: int | None = None                   # the battle round; None outside a fire step
    terrain: tuple[str, ...] = ()              # the battle space's tags as they count for it
    airborne: bool = False                     # flew into this battle this turn
    landed: bool = False                       # landed from the sea (amphibious), not exempt
    side_at_start: tuple[str, ...] = ()        # its side's unit types as the battle began
    expand: typing.Callable[[tuple[str, ...]], tuple[str, ...]] = _no_expand   # ids of refs


class ValueHook:
    """Changes the value a unit fires at. The value is the printed one (for its damage),
    replaced by the first hook in force that `replaces`, plus every adding hook in force;
    support, fortification and supply then add and the die clamps (battle.values.unit_value)."""

    @property
    def replaces(self) -> bool:
        """Does it replace the printed value (else it adds to the value)?"""
        return False

    def applies(self, ctx: ValueContext) -> bool:
        raise NotImplementedError

    def modify(self, ctx: ValueContext, value: int) -> int:
        raise NotImplementedError

    @property
    def side_bound(self) -> bool:
        """Does it look at its side's unit types as the battle began (ctx.side_at_start)?"""
        return False

    @property
    def keeps_battle_start(self) -> bool:
        """Must the battle keep the sides as it began (Battle.att_start / def_start)?"""
        return self.side_bound


class DiceHook:
    """Changes how many dice a unit rolls (one without such a hook)."""

    def dice(self) -> int:
        raise NotImplementedError


class TargetHook:
    """Limits which enemy units this unit's hits may be assigned to, by their domain."""

    def barred_domains(self) -> tuple[str, ...]:
        """Domains its hits never go to."""
        return ()

    def only_domains(self, role: str) -> tuple[str, ...] | None:
        """In this role, the domains its hits go to only (None: any); it then rolls only
        while the enemy has units of them."""
        return None


def barred_domains(ut: Any) -> tuple[str, ...]:
    """Domains a unit type's hits never go to (its TargetHooks together)."""
    out: tuple[str, ...] = ()
    for h in hooks(ut, TargetHook):
        out += tuple(d for d in h.barred_domains() if d not in out)
    return out


def only_domains(ut: Any, role: str) -> tuple[str, ...] | None:
    """The domains a unit type's hits go to only in this role (its first TargetHook that
    limits them), or None."""
    for h in hooks(ut, TargetHook):
        got = h.only_domains(role)
        if got is not None:
            return got
    return None


def hooked_value(ut: Any, ctx: ValueContext, printed: int) -> int:
    """A unit's value after its value hooks (before support, supply and the die's bounds)."""
    mine = hooks(ut, ValueHook)
    if not mine:
        return printed
    value = printed
    for h in mine:
        if h.replaces and h.applies(ctx):
            value = h.modify(ctx, printed)
            break
    for h in mine:
        if not h.replaces and h.applies(ctx):
            value = h.modify(ctx, value)
    return value


def value_context(ut: Any, role: str, *, round_: int | None = None, terrain: tuple[str, ...] = (),
                  airborne: bool = False, landed: bool = False, side_at_start: tuple[str, ...] = (),
                  expand: typing.Callable[[tuple[str, ...]], tuple[str, ...]] = _no_expand
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


T = typing.TypeVar("T")


def unit_dice(ut: Any) -> int:
    """How many dice a unit type rolls (its first DiceHook: extra_dice; else one)."""
    got = hooks(ut, DiceHook)
    return got[0].dice() if got else 1


def support_claim_order(items: typing.Iterable[T], unit_type: typing.Callable[[T], Any]) -> list[T]:
    """The order in which supported units claim one-to-one supporters: the unit rolling
    the most dice first, since the same +1 is worth a hit chance on each of its dice (seed
    002: Elite Infantry "can be supported by artillery and still use 2 dice"; beside
    infantry sharing one artillery, the elite infantry gets it), then in the given order
    (lowest uid; the odds' listed order). The one pairing rule of the battle engine
    (battle.support_bonus) and of every odds engine (exact, general, mc)."""
    return sorted(items, key=lambda x: -unit_dice(unit_type(x)))


@register
@dataclass(frozen=True)
class Blitz(Ability):
    """May move through an empty enemy territory, capturing it, and go on.
    `max_spaces` > 0: a move that blitzes through a territory is at most that long."""
    name: ClassVar[str] = "blitz"
    odds: ClassVar[str] = "none"
    max_spaces: int = 0


@register
@dataclass(frozen=True)
class AntiAircraft(Ability):
    """Defending only: before the first round, fires at attacking units of `targets`
    domains, one die per target, at most `shots` dice per unit, hitting on `value`."""
    name: ClassVar[str] = "anti_aircraft"
    odds: ClassVar[str] = "exact_mc"
    value: int = 1
    shots: int = 3
    targets: tuple[str, ...] = ("air",)  # domains it fires at
    # seed 000: in the interception step of an airdrop, also one die per `interceptable`
    # air transport (no cap), each AAA separately ("AAA may fire separately for each transport")
    per_air_transport: bool = False


@register
@dataclass(frozen=True)
class FirstStrike(Ability):
    """Fires before the main fire step; its casualties do not fire back.
    Cancelled when the enemy side has one of `canceled_by`. `rounds`: the battle
    rounds it applies in (empty = every round); `on`: attacking and/or defending.
    In other rounds/roles the unit fires in the ordinary fire step."""
    name: ClassVar[str] = "first_strike"
    odds: ClassVar[str] = "exact_mc"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"on": ("attack", "defense")}
    unit_refs: ClassVar[tuple[str, ...]] = ("canceled_by",)
    canceled_by: tuple[str, ...] = ()
    rounds: tuple[int, ...] = ()
    on: tuple[str, ...] = ("attack", "defense")

    def odds_gap(self, method: str) -> str:
        if self.rounds or tuple(self.on) != ("attack", "defense"):
            if method != "exact" or self.rounds not in ((), (1,)):
                return "first_strike rounds/on"
        return ""


@register
@dataclass(frozen=True)
class CannotHit(Ability, TargetHook):
    """This unit's hits cannot be assigned to units of these domains."""
    name: ClassVar[str] = "cannot_hit"
    odds: ClassVar[str] = "exact_mc"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"domains": ("land", "sea", "air", "static")}
    domains: tuple[str, ...] = ("air",)

    def barred_domains(self) -> tuple[str, ...]:
        return tuple(self.domains)


@register
@dataclass(frozen=True)
class EvadesAir(Ability):
    """Hits scored by aircraft cannot be assigned to this unit unless the firing
    side has one of `unless_enemy_has` in the battle."""
    name: ClassVar[str] = "evades_air"
    odds: ClassVar[str] = "exact_mc"
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_enemy_has",)
    unless_enemy_has: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Stealthy(Ability):
    """Moves through sea zones holding enemy ships, unless one of `unless_enemy_has`
    is there; never stops enemy movement. With `noncombat_coexist` (seed 001): in the
    non-combat move enemy ships may end their move in a zone where this side has only
    such units, and these units may enter a zone holding one of `unless_enemy_has`
    (they must stop there)."""
    name: ClassVar[str] = "stealthy"
    odds: ClassVar[str] = "none"
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_enemy_has",)
    unless_enemy_has: tuple[str, ...] = ()
    noncombat_coexist: bool = False


@register
@dataclass(frozen=True)
class Submersible(Ability):
    """Seed 001: in a battle, whenever it could otherwise roll (before a step rolls, or
    between rounds) its owner may submerge it: it leaves the battle (no more fire, no
    more hits) and stays in the sea zone. Not while the enemy has one of
    `unless_enemy_has` in the battle."""
    name: ClassVar[str] = "submersible"
    odds: ClassVar[str] = "none"   # submerging is a choice the odds never make (they show the fight to the end)
    unit_refs: ClassVar[tuple[str, ...]] = ("unless_enemy_has",)
    unless_enemy_has: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class NavalBaseMove(Ability):
    """Seed 001: a ship that starts a move, not having moved this turn, in a sea zone
    bordering a territory with an operative naval base held by its side moves `bonus`
    zones farther in that move. With `whole_turn` (G40 2nd ed., TripleA harbour
    givesMovement): farther in the whole turn, however many moves it makes."""
    name: ClassVar[str] = "naval_base_move"
    odds: ClassVar[str] = "none"
    bonus: int = 1
    whole_turn: bool = False


@register
@dataclass(frozen=True)
class AirBaseMove(Ability):
    """G40 2nd ed. (TripleA airfield givesMovement 1:fighter, 1:bomber, 1:tactical_bomber):
    an aircraft that starts its turn's movement in a territory of its side with an
    operative air base moves `bonus` spaces farther that turn."""
    name: ClassVar[str] = "air_base_move"
    odds: ClassVar[str] = "none"
    bonus: int = 1


@register
@dataclass(frozen=True)
class GroundedWhenDamaged(Ability):
    """Seed 001 (carriers): while damaged, no aircraft may take off from or land on it;
    aircraft aboard when a battle begins are cargo there (they neither fire nor take
    hits) and go down with it; aircraft flying from it when it is damaged in a battle
    must land elsewhere."""
    name: ClassVar[str] = "grounded_when_damaged"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class NonBlocking(Ability):
    """Does not stop enemy movement through its sea zone."""
    name: ClassVar[str] = "non_blocking"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class Transport(Ability):
    """Carries units of `domains` whose transport_cost adds up to at most capacity;
    with `units` (ids or classes) only those units."""
    name: ClassVar[str] = "transport"
    odds: ClassVar[str] = "none"
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    capacity: int = 5
    domains: tuple[str, ...] = ("land",)
    units: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Carrier(Ability):
    """Aircraft with a carrier_cost may land here, up to capacity; with `units`
    (ids or classes) only those aircraft. With `own_aircraft_launch` (seed 001), the
    moving player's own aircraft aboard launch before the carrier moves (they stay and
    move on their own); other players' aircraft aboard move with it as cargo."""
    name: ClassVar[str] = "carrier"
    odds: ClassVar[str] = "none"
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    capacity: int = 2
    units: tuple[str, ...] = ()
    own_aircraft_launch: bool = False


@register
@dataclass(frozen=True)
class Defenseless(Ability):
    """Cannot fire; chosen as casualty only when nothing else can be; lost when
    alone against an enemy that can hit."""
    name: ClassVar[str] = "defenseless"
    odds: ClassVar[str] = "exact_mc"


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
class Bombard(Ability):
    """In an amphibious assault from its sea zone, fires once at `value` in the first round."""
    name: ClassVar[str] = "bombard"
    odds: ClassVar[str] = "exact_mc"
    value: int = 0  # 0 = use the unit's attack


@register
@dataclass(frozen=True)
class CannotCapture(Ability):
    """Cannot take control of a territory (aircraft do not need this: their domain implies it)."""
    name: ClassVar[str] = "cannot_capture"
    odds: ClassVar[str] = "none"


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
class DefendsOnlyAgainst(Ability, TargetHook):
    """When defending, rolls only if the attackers include units of `domains`, and its
    hits can be assigned only to them."""
    name: ClassVar[str] = "defends_only_against"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"domains": ("land", "sea", "air", "static")}
    domains: tuple[str, ...] = ("air",)

    def only_domains(self, role: str) -> tuple[str, ...] | None:
        return tuple(self.domains) if role == "defense" else None


@register
@dataclass(frozen=True)
class ChoosesCasualty(Ability):
    """Hits scored by this unit (in the roles `on`, in spaces with one of `terrain`,
    empty = anywhere) are assigned by the firing side to enemy units of `domains`."""
    name: ClassVar[str] = "chooses_casualty"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"domains": ("land", "sea", "air", "static"), "on": ("attack", "defense")}
    terrain_refs: ClassVar[tuple[str, ...]] = ("terrain",)
    domains: tuple[str, ...]
    on: tuple[str, ...] = ("attack",)
    terrain: tuple[str, ...] = ()

    def idle_in(self, terrain: typing.Sequence[str]) -> bool:
        return bool(self.terrain) and not any(t in terrain for t in self.terrain)


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
class Obsolete(Ability):
    """Placed at set-up only; can never be purchased (whatever its printed cost)."""
    name: ClassVar[str] = "obsolete"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class NoncombatMoveOnly(Ability):
    """Moves only in the non-combat move."""
    name: ClassVar[str] = "noncombat_move_only"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class Reconnaissance(Ability):
    """In each round of a battle (first strike and main fire together) the owner may
    reroll, after seeing a roll of its side, up to `rerolls` dice per unit with this
    ability, only dice rolled by `dice_of` units (ids or classes), each such unit
    receiving at most one reroll per round (1:1); with `rule_of_three` at most the
    Rule of Three's number of rerolls per side per round. A die is rerolled once; the
    new die replaces it. Attacking and defending."""
    name: ClassVar[str] = "reconnaissance"
    per_unit: ClassVar[bool] = True
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"per": ("combat_round",), "pairing": ("one_to_one",)}
    unit_refs: ClassVar[tuple[str, ...]] = ("dice_of",)
    dice_of: tuple[str, ...]
    rerolls: int = 1
    per: str = "combat_round"
    pairing: str = "one_to_one"
    rule_of_three: bool = False


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
class BlitzWith(Ability):
    """May blitz when it moves together with a blitzing unit of `units` (ids or
    classes), paired one to one, along the same path (same start and end)."""
    name: ClassVar[str] = "blitz_with"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"pairing": ("one_to_one",)}
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]
    pairing: str = "one_to_one"


@register
@dataclass(frozen=True)
class Tows(Ability):
    """A unit of `units` (ids or classes) moving in the same group (same start, same
    path) has movement `move`, paired one to one with units of this ability. A group
    that blitzes never tows (towed units cannot blitz). With `rule_of_three`, at most
    the Rule of Three's number of towed units per territory of departure per turn."""
    name: ClassVar[str] = "tows"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"pairing": ("one_to_one",)}
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]
    move: int = 3
    pairing: str = "one_to_one"
    not_when_blitzing: bool = True
    rule_of_three: bool = False


@register
@dataclass(frozen=True)
class ForcedMarch(Ability):
    """In the combat move, before moving to attack, the unit may make one move under
    the non-combat rules (to friendly territory); its movement is then renewed. With
    `rule_of_three`, at most the Rule of Three's number of units per territory of
    departure per turn."""
    name: ClassVar[str] = "forced_march"
    odds: ClassVar[str] = "none"
    rule_of_three: bool = False


@register
@dataclass(frozen=True)
class RestrictedZones(Ability):
    """May only enter, occupy and be placed in sea zones of these kinds
    (`coastal_sea`: sea zones tagged `coastal`; `lake`: tagged `lake`)."""
    name: ClassVar[str] = "restricted_zones"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"allowed": ("coastal_sea", "lake")}
    allowed: tuple[str, ...]


@register
@dataclass(frozen=True)
class Capturable(Ability):
    """Changes owner instead of being destroyed. `territory_captured`: when only such
    units are left of the enemies in a land territory that land units enter (or blitz
    through), or that remain after a battle, they switch to the captor.
    `destroyed_defending_attacker_wins`: when lost as a defender in a battle the
    attacker wins, it is placed there under the attacker's control."""
    name: ClassVar[str] = "capturable"
    odds: ClassVar[str] = "none"   # who owns a unit after the battle, not who wins it
    choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "when": ("territory_captured", "destroyed_defending_attacker_wins")}
    when: tuple[str, ...] = ("territory_captured",)


@register
@dataclass(frozen=True)
class CapitalShip(Ability):
    """A damaged unit is fully repaired at the start of its owner's turn in a sea zone
    bordering a territory with an operative naval base held by its side."""
    name: ClassVar[str] = "capital_ship"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"repair_at": ("operative_friendly_naval_base",)}
    repair_at: str = "operative_friendly_naval_base"


@register
@dataclass(frozen=True)
class CombatAirPatrol(Ability):
    """Aircraft embarked on this carrier fight as ordinary units; with
    `lost_with_carrier`, those still aboard when it is destroyed are lost with it."""
    name: ClassVar[str] = "combat_air_patrol"
    odds: ClassVar[str] = "exact"
    lost_with_carrier: bool = True


@register
@dataclass(frozen=True)
class SelfAirlift(Ability):
    """Paratroopers (seed 002): a land unit that carries itself by air. By land it moves
    at most `land_move` spaces; by air (an Airdrop action) it flies up to `air_move`
    spaces (+`air_base_bonus` when it takes off from a friendly territory with an air
    base) over any space, from land to land, without having moved this turn: in the
    combat move into a hostile territory (an airborne attack), in the non-combat move
    only as `noncombat` allows (`friendly_capital`: into a friendly capital; `none`:
    never; `friendly`: any friendly territory). With `aa_exposed`, defending
    anti-aircraft guns fire at the airborne units as at aircraft, separately."""
    name: ClassVar[str] = "self_airlift"
    odds: ClassVar[str] = "exact"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"noncombat": ("friendly_capital", "friendly", "none")}
    air_move: int = 2
    land_move: int = 1
    air_base_bonus: int = 1
    noncombat: str = "friendly_capital"
    aa_exposed: bool = True


@register
@dataclass(frozen=True)
class AirdropForbidden(Ability):
    """May not attack by air (self_airlift) a territory that is the capital of a player
    who is one of these powers; it may still attack it by land or from a transport."""
    name: ClassVar[str] = "airdrop_forbidden"
    odds: ClassVar[str] = "none"
    power_refs: ClassVar[tuple[str, ...]] = ("capitals_of",)
    capitals_of: tuple[str, ...]


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


@register
@dataclass(frozen=True)
class AirTransport(Ability):
    """Seed 000 transport aircraft: carries up to `capacity` land units of `units` (ids or
    classes), one per unit of capacity. An `Airdrop` action flies it with its cargo from
    the territory where both began the turn: in the combat move into an enemy territory
    (an airdrop: only `airdroppable` cargo; intercepted there, airdrop.py), in the
    non-combat move to a territory friendly since the start of the turn (a cargo mission,
    unloaded at the end of the transport's move). Its cargo is lost with it.
    With `ships` (ids or classes; seed 001 helicopters and amphibious assault ships) it
    also works at sea (helilift.py): it lifts units off the player's own such ships in
    its starting sea zone or on its way (`Airdrop.via`), and sets them aboard such ships
    in a sea zone it flies to."""
    name: ClassVar[str] = "air_transport"
    unit_refs: ClassVar[tuple[str, ...]] = ("units", "ships")
    units: tuple[str, ...]
    capacity: int = 1
    ships: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Airdroppable(Ability):
    """May be dropped into an attack from an `air_transport` (seed 000 paratroopers): with
    `requires_air_base`, only from a territory with an air base. Dropped units are
    `airborne` for the battle: they stay when their side retreats (the others leave: a
    partial retreat) and use `modifier … when: [airborne]`."""
    name: ClassVar[str] = "airdroppable"
    odds: ClassVar[str] = "exact"
    requires_air_base: bool = True


@register
@dataclass(frozen=True)
class Interceptable(Ability):
    """Enemy AAA (`anti_aircraft.per_air_transport`) and interceptors (`intercepts`) fire
    at it once in each enemy territory its flight passes through, and on an airdrop in
    the target territory after shore bombardment and before the battle (seed 000 R7, W1,
    G14); survivors drop their cargo there and leave the battle."""
    name: ClassVar[str] = "interceptable"


@register
@dataclass(frozen=True)
class Noncombatant(Ability):
    """Never fights: it joins an attack only to drop its cargo (then leaves the battle) and
    is taken as an interception casualty only after every attacking unit that `escorts`
    it is lost."""
    name: ClassVar[str] = "noncombatant"


@register
@dataclass(frozen=True)
class Intercepts(Ability):
    """Defending in a territory targeted by an airdrop, it may fire once at the incoming
    `interceptable` units, at its value against their domain (`value_against`) or its
    defense; one that does takes no part in that battle (G42)."""
    name: ClassVar[str] = "intercepts"


@register
@dataclass(frozen=True)
class Escorts(Ability):
    """Accompanying an airdrop (an attacker in the same battle), it shields the
    `noncombatant` units of `units` (ids or classes): they are interception casualties only
    after every escort is lost. Escorts do not fire in the interception (G43)."""
    name: ClassVar[str] = "escorts"
    unit_refs: ClassVar[tuple[str, ...]] = ("units",)
    units: tuple[str, ...]


@register
@dataclass(frozen=True)
class Withdraws(Ability):
    """After surviving battle round `after_round` (and each later round), its owner may
    withdraw it alone, attacking or defending, to a bordering sea zone holding no enemy
    ship (seed 000 auxiliary cruiser, G45): the `Withdraw` action."""
    name: ClassVar[str] = "withdraws"
    odds: ClassVar[str] = "none"   # a single unit's withdrawal is a choice the odds never make
    after_round: int = 1


@register
@dataclass(frozen=True)
class CoastalArtillery(Ability):
    """Once in each of its owner's turns (conduct combat, outside a battle) it rolls `dice`
    dice hitting on `value` (0 = its defense) at enemy ships in one bordering sea zone;
    the ships' owner takes the hits, nobody fires back (seed 000 fortress, G62): the
    `CoastalFire` action."""
    name: ClassVar[str] = "coastal_artillery"
    odds: ClassVar[str] = "none"
    dice: int = 3
    value: int = 0


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
class Ferry(Ability):
    """Seed 000 transport aircraft, Ferry Operation (G36, a supplied reading): in the
    non-combat move an unmoved, empty transport flies up to `ipcs` IPCs from its owner
    to a territory of an ally (same alliance, another power), which receives them for its
    next purchase. Lend-Lease certificates are not modelled."""
    name: ClassVar[str] = "ferry"
    odds: ClassVar[str] = "none"
    ipcs: int = 5


@register
@dataclass(frozen=True)
class SupplyDump(Ability):
    """Seed 000 supply column, Supply Dump (G28, read for the supply rule): the territory
    where it stands, and land territories up to `radius` away held by its alliance, are
    supply sources for its alliance."""
    name: ClassVar[str] = "supply_dump"
    odds: ClassVar[str] = "none"
    radius: int = 1


@register
@dataclass(frozen=True)
class NoSupplyPenalty(Ability):
    """Seed 000 auxiliary, Living off the Land: never fights at the out-of-supply penalty."""
    name: ClassVar[str] = "no_supply_penalty"
    odds: ClassVar[str] = "none"   # an odds request lists units in supply (board odds: odds_for_space)


@register
@dataclass(frozen=True)
class NoMovePenalty(Ability):
    """Seed 000 auxiliary, Fieldcraft: entering spaces with these terrain tags (the
    ruleset's `tracks`) costs it no extra movement."""
    name: ClassVar[str] = "no_move_penalty"
    odds: ClassVar[str] = "none"
    terrain_refs: ClassVar[tuple[str, ...]] = ("terrain",)
    terrain: tuple[str, ...] = ("track",)


@register
@dataclass(frozen=True)
class NeutralPortsAsBases(Ability):
    """Seed 000 auxiliary cruiser, Neutral Ports (G46): a naval base in a `true_neutral`
    territory counts as a friendly naval base for this unit (its naval_base_move, repair)."""
    name: ClassVar[str] = "neutral_ports_as_bases"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class CannotTraverse(Ability):
    """Seed 000 juggernaut, Oversize: cannot cross a border tagged as one of `features`
    (the scenario's `canals`)."""
    name: ClassVar[str] = "cannot_traverse"
    odds: ClassVar[str] = "none"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"features": ("canal",)}
    features: tuple[str, ...] = ("canal",)


@register
@dataclass(frozen=True)
class Scrambles(Ability):
    """G40 2nd ed. (TripleA canScramble, maxScrambleDistance 1): when an enemy attacks a
    sea zone, or launches an amphibious assault from it, it may scramble from a territory
    bordering it that holds an operative air base of its side (up to the base's
    `scramble` number of aircraft) to defend there; it flies back to its base when the
    conduct combat phase ends."""
    name: ClassVar[str] = "scrambles"
    odds: ClassVar[str] = "none"   # scrambled aircraft defend as ordinary units


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


@register
@dataclass(frozen=True)
class AirBattle(Ability):
    """Bombing raids (ruleset facilities, G40): its values in the one-round air battle
    before a raid, `attack` as a raider (a bomber or an escort) and `defense` as an
    interceptor (0: does not fire). `escorts`: may fly with a raid to fight the
    interceptors; `intercepts`: defending in the raided territory, it may rise to meet the
    raid (TripleA canEscort, canIntercept, airAttack, airDefense)."""
    name: ClassVar[str] = "air_battle"
    odds: ClassVar[str] = "none"   # no effect on an ordinary battle (raids: odds/raid.py)
    attack: int = 1
    defense: int = 0
    escorts: bool = False
    intercepts: bool = False


@register
@dataclass(frozen=True)
class BombingRaid(Ability):
    """May raid a facility of an enemy territory in the combat move (ruleset facilities,
    G40): surviving the air battle and the facility's anti-aircraft fire, it rolls a die
    plus `bonus` damage markers onto it (TripleA isStrategicBomber, bombingBonus).
    `targets`: the facility ids it may raid (empty: any that takes damage; TripleA
    bombingTargets)."""
    name: ClassVar[str] = "bombing_raid"
    odds: ClassVar[str] = "none"   # no effect on an ordinary battle (raids: odds/raid.py)
    bonus: int = 0
    targets: tuple[str, ...] = ()
