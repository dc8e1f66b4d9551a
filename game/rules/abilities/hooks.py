"""The hook kinds through which the battle engine and the odds ask a unit type's abilities
(value, dice, targets), and the helpers that combine a unit type's hooks."""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

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


def no_expand(refs: tuple[str, ...]) -> tuple[str, ...]:
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
    expand: typing.Callable[[tuple[str, ...]], tuple[str, ...]] = no_expand   # ids of refs


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


def restrict_domains(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """Two restrictions of the domains a hit may go to, at once (empty: none); nothing in
    common -> ("-",), which matches no domain. The battle and the exact odds both use it."""
    if not a:
        return b
    if not b:
        return a
    return tuple(x for x in a if x in b) or ("-",)


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
