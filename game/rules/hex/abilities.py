"""Abilities of hex (europa, seed 003 section 15) units.

Each is a frozen dataclass registered by name like the zone abilities in
game/rules/abilities/; `hex_terrain_refs` parameters name hex terrain ids (checked
against the ruleset's `hex.terrain` at load). The rules that read them live
in hexmove.py (movement, ZOC, stacking), hexcombat.py/crt.py (combat) and
hexsupply.py. docs/seeds/003-extraction.md maps each 15.x rule to these.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..abilities.base import Ability, register


class HexAbility(Ability):
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ()


@register
@dataclass(frozen=True)
class AirDroppable(HexAbility):
    """15.A, 15.X.1: may be air dropped, by gliders only or by gliders or transports.
    `penalty`: parachute infantry and commandos drop with the 27.B penalties."""
    name: ClassVar[str] = "air_droppable"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"by": ("glider", "transport")}
    by: tuple[str, ...] = ("glider", "transport")
    penalty: bool = False


@register
@dataclass(frozen=True)
class AssaultTransportable(HexAbility):
    """15.X.2: may be assault transported by air (23.G.2.c); `to_enemy_airfield`: air
    landing units (15.M.2) may land on an airfield not friendly at the start of the turn."""
    name: ClassVar[str] = "assault_transportable"
    to_enemy_airfield: bool = False


@register
@dataclass(frozen=True)
class AirTransportable(HexAbility):
    """15.B, 15.X.3: may be air transported (units without heavy equipment are anyway)."""
    name: ClassVar[str] = "air_transportable"


@register
@dataclass(frozen=True)
class HeavyEquipment(HexAbility):
    """15.X.3, 15.L: has heavy equipment (never air transported)."""
    name: ClassVar[str] = "heavy_equipment"


@register
@dataclass(frozen=True)
class AirborneHQ(HexAbility):
    """15.A.3: a two-sided airborne division HQ; in its initial phase an unmoved HQ in
    full supply may flip to `flips_to` (the Flip action)."""
    name: ClassVar[str] = "airborne_hq"
    unit_refs: ClassVar[tuple[str, ...]] = ("flips_to",)
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"side": ("parachute", "airborne")}
    side: str
    flips_to: tuple[str, ...]


@register
@dataclass(frozen=True)
class AA(HexAbility):
    """15.C: anti-aircraft strength. `position`: position AA (15.C.2: combat strength 0,
    ignores stacking, eliminated instead of retreating, each point 1/2 RE for transport).
    `kind: heavy` (15.C.1.b) is not halved attacking a fortress."""
    name: ClassVar[str] = "aa"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"kind": ("light", "heavy")}
    strength: int = 1
    kind: str = "light"
    position: bool = False


@register
@dataclass(frozen=True)
class Aec(HexAbility):
    """15.E, 10: armour effects capability. `share`: how much of the unit's RE counts
    as armour (1 full; "1/3" for mixed units, 15.N)."""
    name: ClassVar[str] = "aec"
    share: float = 1.0


@register
@dataclass(frozen=True)
class AecNeutral(HexAbility):
    """15.H cavalry ("1/2 neutral for AECA calculations"): this share of the unit's REs is
    left out of the attacking REs when the armour proportion (AEC, 1/7) is worked out."""
    name: ClassVar[str] = "aec_neutral"
    share: float = 1.0


@register
@dataclass(frozen=True)
class Atec(HexAbility):
    """15.D, 15.E: anti-tank effects capability: a defender with it cancels the
    attacker's armour shift (AEC)."""
    name: ClassVar[str] = "atec"


@register
@dataclass(frozen=True)
class CombatEngineer(HexAbility):
    """15.J.2 (and 15.E.1 combat engineer armour: `only_against` [major_city, fortress,
    fortified]): each counts `count` engineers reducing a fortification/city shift by one
    each (never past -1 for a major city or any kind of fort, 15.J.2.b.v); self-supporting there."""
    name: ClassVar[str] = "combat_engineer"
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ("only_against",)
    count: int = 1
    only_against: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class AssaultEngineer(HexAbility):
    """15.J.1, 15.E.2: counts as two combat engineers and doubles its combat strength
    attacking or defending a city, fortified area or fortress."""
    name: ClassVar[str] = "assault_engineer"


@register
@dataclass(frozen=True)
class ConstructionEngineer(HexAbility):
    """15.J.4-15.J.11: engineering functions (construction is outside this game's turn:
    recorded for the unit table)."""
    name: ClassVar[str] = "construction_engineer"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "kind": ("construction", "construction_unit", "railroad", "port", "pipeline", "punitive",
                 "divisional")}
    kind: str = "construction"


@register
@dataclass(frozen=True)
class Artillery(HexAbility):
    """15.F: each RE of artillery in a planned attack (every attacker unmoved this turn,
    11.K) gives +1 column. `re_factor` 2: rocket artillery (15.F.4). `siege` (15.F.5):
    attack strength and RE doubled against a fortress/major city, normal against another
    fortification/city, halved elsewhere; supports only when not halved. Other artillery
    attacks a fortress at half strength (15.C.1.b)."""
    name: ClassVar[str] = "artillery"
    re_factor: int = 1
    siege: bool = False


@register
@dataclass(frozen=True)
class MovesAsInfantryWhereMountain(HexAbility):
    """15.F.3: mountain artillery moves on the `other` column in terrain where a mountain
    unit gains a movement benefit."""
    name: ClassVar[str] = "moves_as_infantry_where_mountain"


@register
@dataclass(frozen=True)
class TerrainMovement(HexAbility):
    """15.H, 15.M.4, 15.M.7: may use these extra movement columns (the cheaper cost wins)."""
    name: ClassVar[str] = "terrain_movement"
    columns: tuple[str, ...]


@register
@dataclass(frozen=True)
class TerrainAttackBonus(HexAbility):
    """15.M.7.a mountain, 15.M.4 light infantry, 15.H cavalry, 15.X.8 woodsmanship: when at
    least 1/`share` of the attacking REs have it and the defender's hex is one of
    `terrain`, +`shift` columns (the SPECIAL UNIT COMBAT ABILITY TABLE is not printed)."""
    name: ClassVar[str] = "terrain_attack_bonus"
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ("terrain",)
    terrain: tuple[str, ...]
    shift: int = 1
    share: int = 7
    reason: str = ""


@register
@dataclass(frozen=True)
class RequiredLosses(HexAbility):
    """11.O (RL): when this unit's special ability worked in a combat (shifted the attack,
    doubled its defence, cancelled armour effects) and its side takes losses, it is lost
    before the side's other units."""
    name: ClassVar[str] = "required_losses"


@register
@dataclass(frozen=True)
class HomeBound(HexAbility):
    """15.G border guards (1), 15.S reserves (2): may not voluntarily move more than
    `hexes` hexes from a hex of its home country (hexes with `home:` its owner's country).
    `attack_within`: beyond that area (forced there by a retreat) it may not attack (15.G)."""
    name: ClassVar[str] = "home_bound"
    hexes: int = 1
    country: str = ""
    attack_within: bool = False


@register
@dataclass(frozen=True)
class SupplySource(HexAbility):
    """15.I depots, 15.L.1 army HQs, 15.W supply units: friendly units within `range` hexes
    trace supply to it as to a supply source.
    `depot`: it is a major (15.I.1) or command (15.I.1.b) depot that HQs attach to.
    `operational_in`: it works only in a hex with one of these terrains (15.I.1: a major
    depot only in a city).
    `attaches_to`: an HQ that supplies only while attached to a depot of that kind (15.L.1
    army HQs: major; 15.L.1.b command HQs: command), i.e. while a supply line within the
    depot's range joins them; a `supply: true` hex acts as a major depot (15.I.1.a capitals).
    `max_attached`: how many such HQs one depot takes (0: any; 15.I.1.b.iii: one)."""
    name: ClassVar[str] = "supply_source"
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ("operational_in",)
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"depot": ("", "major", "command"),
                                                     "attaches_to": ("", "major", "command")}
    range: int = 4
    depot: str = ""
    operational_in: tuple[str, ...] = ()
    attaches_to: str = ""
    max_attached: int = 0


@register
@dataclass(frozen=True)
class NoZoc(HexAbility):
    """15.L HQs, 15.W supply units, 0-strength units: exerts no zone of control."""
    name: ClassVar[str] = "no_zoc"


@register
@dataclass(frozen=True)
class NoStacking(HexAbility):
    """15.C.2.c position AA, 15.O movement counters, 15.W supply units: does not count
    against the stacking limit."""
    name: ClassVar[str] = "no_stacking"


@register
@dataclass(frozen=True)
class EliminatedIfRetreat(HexAbility):
    """15.C.2.b: eliminated instead of retreating; retreats only if all other units of
    the hex must."""
    name: ClassVar[str] = "eliminated_if_retreat"


@register
@dataclass(frozen=True)
class EliminatedOnlyIfTrapped(HexAbility):
    """15.W: a supply unit is eliminated in combat only when it has no retreat route;
    otherwise it retreats with (or ahead of) the losses."""
    name: ClassVar[str] = "eliminated_only_if_trapped"


@register
@dataclass(frozen=True)
class DefenseDoubledIn(HexAbility):
    """15.K fortress units, 15.M.5 machine guns: defense doubled in these terrains."""
    name: ClassVar[str] = "defense_doubled_in"
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ("terrain",)
    terrain: tuple[str, ...]


@register
@dataclass(frozen=True)
class HexsideAs(HexAbility):
    """15.E.4, 15.O.2, 15.X.4: treats hexsides of `sides` as `as_side` for movement and combat
    (amphibious tanks and LVTs: major river as minor river)."""
    name: ClassVar[str] = "hexside_as"
    sides: tuple[str, ...]
    as_side: str


@register
@dataclass(frozen=True)
class Amphibious(HexAbility):
    """15.X.4: intrinsically amphibious (not halved in an amphibious assault; 15.E.4
    amphibious tanks roll on the landing table). Amphibious landings are outside the
    Crete scenario; recorded for the unit table."""
    name: ClassVar[str] = "amphibious"
    landing_table: bool = False


@register
@dataclass(frozen=True)
class MotorizedInfantry(HexAbility):
    """15.X.5: may dismount to attack at full strength into terrain that halves c/m
    attacks; it then gives no armour effects."""
    name: ClassVar[str] = "motorized_infantry"


@register
@dataclass(frozen=True)
class MovesAsCm(HexAbility):
    """15.N mixed units: non-c/m (no exploitation) but pay c/m movement costs."""
    name: ClassVar[str] = "moves_as_cm"


@register
@dataclass(frozen=True)
class StaticZocCost(HexAbility):
    """15.U static/coastal: pays `factor` times the normal MP cost to enter enemy ZOCs."""
    name: ClassVar[str] = "static_zoc_cost"
    factor: int = 2


@register
@dataclass(frozen=True)
class AdvanceMarker(HexAbility):
    """15.K fortress units: a unit that advances after combat gets an extra "+`mp` MP"
    marker: `mp` more MPs in its side's next movement phase (then the marker goes)."""
    name: ClassVar[str] = "advance_marker"
    mp: int = 1


@register
@dataclass(frozen=True)
class PoliticalPolice(HexAbility):
    """15.R: units stacked with it at the start of the combat phase ignore retreats
    except from DE (attacking too); defending, a DR becomes an exchange (EX) and a DH a half
    loss, then an exchange on the remainder (hexcombat.apply_result)."""
    name: ClassVar[str] = "political_police"


@register
@dataclass(frozen=True)
class AntiPartisan(HexAbility):
    """15.Q police, 15.T security: anti-partisan ZOC; fully supported attacking partisans.
    No partisans in this game's scenarios (15.P is empty): recorded for the unit table."""
    name: ClassVar[str] = "anti_partisan"


@register
@dataclass(frozen=True)
class ReconExamine(HexAbility):
    """15.E.6: may examine an enemy stack for 3 MPs (48.A.1); +`retreat_bonus` on the
    retreat-before-combat success table (11.D, not modelled)."""
    name: ClassVar[str] = "recon_examine"
    mp: int = 3
    retreat_bonus: int = 2


@register
@dataclass(frozen=True)
class MovementCounter(HexAbility):
    """15.O: a transport/LVT/APC counter carrying up to `capacity` REs (carrying is not
    modelled; it moves as c/m, has 0 strength and ignores stacking)."""
    name: ClassVar[str] = "movement_counter"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"kind": ("transport", "lvt", "apc")}
    capacity: int = 1
    kind: str = "transport"


@register
@dataclass(frozen=True)
class SupplyMovementPoints(HexAbility):
    """15.V: converts to `smp` supply movement points (the SMP pool is not modelled)."""
    name: ClassVar[str] = "supply_movement_points"
    smp: int = 9


@register
@dataclass(frozen=True)
class Training(HexAbility):
    """15.X.6: a training unit (replacements are outside this game)."""
    name: ClassVar[str] = "training"


@register
@dataclass(frozen=True)
class Winterized(HexAbility):
    """15.X.7, 15.M.8: combat bonus in cold weather (no weather in the shipped scenarios)."""
    name: ClassVar[str] = "winterized"


@register
@dataclass(frozen=True)
class SelfSupporting(HexAbility):
    """9.A (conventional, docs/interpretations.md): a self-supporting unit is supported
    without a supporting unit; it supports no one else. `first_turns`: only while the
    game turn is at most this (15.G border guards: the turn their country is first
    attacked, the scenario's first); `only_in`: only attacking into or defending in these
    terrains (15.J.1 assault engineers, 15.J.2.a combat engineers: cities and fortifications)."""
    name: ClassVar[str] = "self_supporting"
    hex_terrain_refs: ClassVar[tuple[str, ...]] = ("only_in",)
    first_turns: int = 0
    only_in: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Support(HexAbility):
    """9.A (conventional): a supporting unit (15.F artillery, 15.L.2 divisional HQs, 15.A.3
    the parachute HQ unless dispersed, 15.J.7 support divisions). It is supported itself;
    every unit of an attack it takes part in is supported, and so are friendly units within
    `range` hexes of it (0: its own hex), defending and, unless `must_attack` (artillery
    and divisions support an attack by making it), attacking. `defense: false`: never
    supports units on the defence (15.F.5 siege artillery)."""
    name: ClassVar[str] = "support"
    range: int = 0
    defense: bool = True
    must_attack: bool = False


@register
@dataclass(frozen=True)
class RlVsSupported(HexAbility):
    """15.H cavalry: attacking a supported unit (9.A) counts as using a special ability,
    so the unit is a required loss (11.O)."""
    name: ClassVar[str] = "rl_vs_supported"
