"""Abilities of moving units: blitzing, towing, transports and carriers, stealth and
blocking, zone and border limits, base bonuses, capture and repair."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .base import Ability, register


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
class CannotCapture(Ability):
    """Cannot take control of a territory (aircraft do not need this: their domain implies it)."""
    name: ClassVar[str] = "cannot_capture"
    odds: ClassVar[str] = "none"


@register
@dataclass(frozen=True)
class NoncombatMoveOnly(Ability):
    """Moves only in the non-combat move."""
    name: ClassVar[str] = "noncombat_move_only"
    odds: ClassVar[str] = "none"


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
