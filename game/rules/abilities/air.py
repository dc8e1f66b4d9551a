"""Abilities of air operations outside the ordinary battle: airdrops and air transport,
interception and escorts, ferry flights, scrambling, and bombing raids with their air battle."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability, register


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
class Scrambles(Ability):
    """G40 2nd ed. (TripleA canScramble, maxScrambleDistance 1): when an enemy attacks a
    sea zone, or launches an amphibious assault from it, it may scramble from a territory
    bordering it that holds an operative air base of its side (up to the base's
    `scramble` number of aircraft) to defend there; it flies back to its base when the
    conduct combat phase ends."""
    name: ClassVar[str] = "scrambles"
    odds: ClassVar[str] = "none"   # scrambled aircraft defend as ordinary units


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
