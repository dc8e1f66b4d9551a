"""Abilities that change who fires in a battle, when, and at whom: first strike,
anti-aircraft, target limits, casualty choice, rerolls, leaving a battle, coastal fire."""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import ClassVar

from .base import Ability, register
from .hooks import TargetHook


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
class Defenseless(Ability):
    """Cannot fire; chosen as casualty only when nothing else can be; lost when
    alone against an enemy that can hit."""
    name: ClassVar[str] = "defenseless"
    odds: ClassVar[str] = "exact_mc"


@register
@dataclass(frozen=True)
class Bombard(Ability):
    """In an amphibious assault from its sea zone, fires once at `value` in the first round."""
    name: ClassVar[str] = "bombard"
    odds: ClassVar[str] = "exact_mc"
    value: int = 0  # 0 = use the unit's attack


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
class CombatAirPatrol(Ability):
    """Aircraft embarked on this carrier fight as ordinary units; with
    `lost_with_carrier`, those still aboard when it is destroyed are lost with it."""
    name: ClassVar[str] = "combat_air_patrol"
    odds: ClassVar[str] = "exact"
    lost_with_carrier: bool = True


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
