"""Plain data for rulesets, scenarios and the game state.

Static definitions (UnitType, Ruleset, SpaceDef, PlayerDef, Scenario) never
change during a game. The dynamic GameState is replaced, never mutated in
place, by `actions.apply`: it copies the containers it changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, overload

from .abilities.base import Ability
from .hex.model import HexMap, HexRules, HexTurn

LAND, SEA, AIR, STATIC = "land", "sea", "air", "static"
BASE_RELATIONS = ("war", "neutral", "allied")   # politics: what every rule reads
DOMAINS = (LAND, SEA, AIR, STATIC)


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    domain: str
    cost: int | dict[str, int] | None
    attack: int
    defense: int
    move: int
    hits: int = 1
    transport_cost: int | None = None
    carrier_cost: int | None = None
    abilities: tuple[Ability, ...] = ()
    description: str = ""
    classes: tuple[str, ...] = ()                # tags ability parameters may name
    damaged: tuple[tuple[int, int], ...] = ()    # (attack, defense) after 1, 2, ... hits
    re: float | None = None                      # hex rulesets: size in reduction equivalents
    move_class: str = ""                         # hex rulesets: terrain effects chart column

    def is_a(self, ref: str) -> bool:
        """Does a unit reference (a unit id or a class) name this type?"""
        return ref == self.id or ref in self.classes

    def matches(self, refs: tuple[str, ...] | list[str]) -> bool:
        return any(self.is_a(r) for r in refs)

    def value(self, role: str, damage: int = 0) -> int:
        """Printed attack/defense, following the damage state. A unit marked destroyed
        (damage == hits, still firing back) keeps the state of its last hit point;
        the last state listed holds for any further damage."""
        damage = min(damage, self.hits - 1)
        if damage > 0 and self.damaged:
            att, dfn = self.damaged[min(damage, len(self.damaged)) - 1]
            return att if role == "attack" else dfn
        return self.attack if role == "attack" else self.defense

    def value_states(self, role: str) -> str:
        """The printed value and the damaged ones a multi-hit unit reaches, for tables:
        '8/4' (seed 000 BATTLESHIP), '11/7/5' (JUGGERNAUT), '2' (one state)."""
        return "/".join(str(self.value(role, d)) for d in range(self.hits if self.damaged else 1))

    @cached_property
    def _first_ability(self) -> dict[str, Any]:
        """name -> the first ability of that name (has/ability run in every battle step)."""
        out: dict[str, Any] = {}
        for ab in self.abilities:
            out.setdefault(ab.name, ab)
        return out

    @cached_property
    def hook_cache(self) -> dict[type, tuple[Any, ...]]:
        """hook kind -> this type's abilities of that kind (filled by abilities.hooks)."""
        return {}

    def ability(self, name: str) -> Any:
        return self._first_ability.get(name)

    def has(self, name: str) -> bool:
        return name in self._first_ability

    def cost_for(self, player: str, alliance: str) -> int | None:
        if isinstance(self.cost, dict):
            return self.cost.get(player, self.cost.get(alliance))
        return self.cost

    def abilities_named(self, name: str) -> list[Any]:
        got = self._abilities_by_name.get(name)
        return list(got) if got else []

    @cached_property
    def _abilities_by_name(self) -> dict[str, tuple[Any, ...]]:
        """name -> the abilities of that name, in listed order (asked in every move and
        battle step)."""
        out: dict[str, list[Any]] = {}
        for ab in self.abilities:
            out.setdefault(ab.name, []).append(ab)
        return {k: tuple(v) for k, v in out.items()}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "name": self.name, "domain": self.domain, "cost": self.cost,
            "attack": self.attack, "defense": self.defense, "move": self.move,
            "hits": self.hits, "abilities": [a.describe() for a in self.abilities]}
        if self.classes:
            out["classes"] = list(self.classes)
        if self.damaged:
            out["damaged"] = [{"attack": a, "defense": d} for a, d in self.damaged]
        if self.transport_cost is not None:
            out["transport_cost"] = self.transport_cost
        if self.carrier_cost is not None:
            out["carrier_cost"] = self.carrier_cost
        if self.re is not None:
            out["re"] = self.re
            out["move_class"] = self.move_class
        return out


@dataclass(frozen=True)
class SeedNote:
    """A seed contradiction or gap and the reading chosen (lint reports it as a warning)."""
    units: tuple[str, ...]
    ref: str                      # the extraction's gap id, e.g. "G39"
    readings: tuple[str, ...]     # what the seed says, one entry per reading
    chosen: str
    doc: str                      # path#anchor of the interpretation
    line: int = 1
    col: int = 1


@dataclass(frozen=True)
class HomeGuard:
    """Home Guard/Territorials (seed 000 G2, a supplied rule): a blitz through an empty
    home territory still held by its original power raises `count` `unit` there for
    that power and ends the blitz there (a battle); at most `per_turn` raisings per
    defending power per turn."""
    unit: str
    count: int = 1
    per_turn: int = 1


@dataclass(frozen=True)
class SupplyRule:
    """Interwar supply (seed 000 G4, a supplied rule): a land unit whose territory cannot
    trace a path of territories held by its alliance to a supply source fights at
    -`penalty` (attack and defense) in that turn; status is fixed at the start of each
    combat move (after supply drops). `sources`: factory, capital, naval_base, port (the
    last two by sea: cut while every bordering sea zone holds enemy warships)."""
    penalty: int = 1
    sources: tuple[str, ...] = ("factory", "capital", "naval_base", "port")


@dataclass(frozen=True)
class GameOption:
    """A supplied rule the players may switch off for a game (issue #41: the rules a seed
    names but never defines are the players' choice). Off: each ruleset rule in `rules`
    (rule_of_three, home_guard, supply, tracks) is dropped and every unit loses its
    abilities named in `abilities`. Shown in the new-game screen; a save records it."""
    id: str
    name: str
    explain: str                      # one line for the new-game screen
    rules: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrackRule:
    """Tracks (seed 000 G3, a supplied rule): a land move entering a space with one of
    these terrain tags spends `extra_cost` more movement points there, unless every unit
    moving has `no_move_penalty` for it (the auxiliary's Fieldcraft)."""
    terrain: tuple[str, ...] = ("track",)
    extra_cost: int = 1


@dataclass(frozen=True)
class ExtraPurchase:
    """Units a player may also buy while every condition holds (the Burma Road)."""
    name: str
    units: tuple[str, ...]
    when: tuple[ObjectiveCondition, ...]


@dataclass(frozen=True)
class PlayerRules:
    """Scenario `player_rules` (game/rules/player_rules.py; Global 1940's China, TripleA
    production frontiers and rulesAttachment movementRestrictionTerritories)."""
    player: str
    buys: tuple[str, ...] = ()                  # the only units it buys (empty: any)
    buys_when: tuple[ExtraPurchase, ...] = ()   # and these while their conditions hold
    moves_within: tuple[str, ...] = ()          # its units enter only these spaces (empty: any)
    keeps_out_of: tuple[str, ...] = ()          # its units end no move in these spaces ...
    keeps_out_until: tuple[ObjectiveCondition, ...] = ()   # ... until these conditions hold
    # industrial complexes in these spaces are destroyed when the player holds them
    # after a battle phase (G40: China captures no factories)
    destroys_complexes_in: tuple[str, ...] = ()
    # minor complexes it holds in these spaces become major once these conditions hold,
    # after its politics phase (G40: the United States' war production)
    upgrades_complexes_in: tuple[str, ...] = ()
    upgrades_when: tuple[ObjectiveCondition, ...] = ()


@dataclass(frozen=True)
class CapitalRules:
    """Scenario `capitals` (game/rules/capitals.py; A&A Global 1940 "Capturing and
    liberating capitals"). Whatever the switches, a captured capital yields its owner's
    treasury and its owner collects no income while it is held."""
    liberation: bool = False     # an ally retaking a capital returns it (and the owner's
                                 # original territories the liberator holds) to its owner
    no_purchase: bool = False    # a player whose capital is held buys nothing
    # player -> ((unit, count), ...) placed in its capital the first time it is liberated
    # after falling (TripleA G40: triggerAttachment_French_1_Liberation_By_*)
    liberation_units: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()


@dataclass(frozen=True)
class ConvoyRules:
    """Scenario `convoys` (game/rules/convoys.py; G40 "Convoy Disruption", TripleA
    blockadeZone / unit `blockade`): at a player's collect income, each enemy raider in
    a convoy zone serving its territories costs it `raiders[type]` PUs (dice: that many
    dice, the faces of those showing `counts_at_most` or less), at most the value of
    those territories per zone."""
    zones: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (sea zone, territories it serves)
    raiders: tuple[tuple[str, int], ...] = ()             # (unit type or class, PUs or dice)
    dice: bool = False
    counts_at_most: int = 6      # with dice: a die costs its face only if it shows this or less
    immune: tuple[str, ...] = ()  # players convoy disruption never touches (TripleA immuneToBlockade)


@dataclass(frozen=True)
class KamikazeRule:
    """Scenario `kamikaze` (game/rules/zone/kamikaze.py; G40 "Kamikaze Strikes", TripleA
    suicideAttackResources, kamikazeZone): `player` has `tokens` strikes for the game, made
    in `zones` against enemy surface warships attacking there, each a die hitting on
    `value` or less."""
    player: str
    tokens: int
    zones: tuple[str, ...]
    value: int = 2


@dataclass(frozen=True)
class ObjectiveCondition:
    """One condition of a national objective (game/rules/objectives.py has the grammar)."""
    kind: str                          # owned | units | no_units | attacked | at_war | relation
                                       # | rounds | not | any | all
    spaces: tuple[str, ...] = ()       # space ids, or original | controlled | all
    of: tuple[str, ...] = ("self",)    # self | allied | allies | enemies | player ids
    count: int | str = "all"           # all | each | how many must qualify
    types: tuple[str, ...] = ()        # units / no_units: only these unit ids or classes
    at_least: int = 1                  # units: per space
    surface: bool = False              # no_units: only surface warships count
    players: tuple[str, ...] = ()      # at_war: the players; relation: the pair
    relation: str = ""                 # relation: war | neutral | allied | a type; rounds: "3+"; switch: its name
    parts: tuple[ObjectiveCondition, ...] = ()   # not / any / all
    player: str = ""                   # whose point of view ("" = the objective's player)


@dataclass(frozen=True)
class Objective:
    """A national objective: `bonus` IPCs at the player's collect income while every
    condition holds (times the qualifying spaces of a `count: each` condition)."""
    id: str
    player: str
    name: str
    bonus: int
    conditions: tuple[ObjectiveCondition, ...]
    text: str = ""
    uses: int = 0                      # paid at most this many times (0: every turn)


@dataclass(frozen=True)
class VictoryCondition:
    """A way for an alliance to win (scenario `victory.conditions`, game/rules/victory.py;
    Global 1940: TripleA's victory triggers): every condition of `when` holds, seen from
    `player`, at the end of a turn; with `hold_round` it must go on holding at the end of
    every turn until every other player has had a turn (the rulebook's "for a complete
    round of play")."""
    alliance: str
    name: str
    player: str
    when: tuple[ObjectiveCondition, ...]
    hold_round: bool = False


@dataclass(frozen=True)
class Declaration:
    """A political action (politics phase): `player` declares it while every condition of
    `when` holds; each (a, b, relation) of `sets` then holds (game/rules/politics.py).
    `name` is its id (saves name it); `title` what a player reads (the name when empty)."""
    player: str
    name: str
    sets: tuple[tuple[str, str, str], ...]
    when: tuple[ObjectiveCondition, ...] = ()
    title: str = ""

    @property
    def shown(self) -> str:
        return self.title or self.name


@dataclass(frozen=True)
class PoliticsEvent:
    """A relationship change the rules make themselves (TripleA triggers with
    relationshipChange): when `player`'s `phase` begins (moment before) or ends (after)
    and every condition of `when` holds, each (a, b, relation) of `sets` holds; at most
    `uses` times (0: every time)."""
    name: str
    player: str
    phase: str
    moment: str                          # before | after
    sets: tuple[tuple[str, str, str], ...]
    when: tuple[ObjectiveCondition, ...] = ()
    uses: int = 1
    # per change of `sets`: the relation it changes from ("" any; TripleA's anyNeutral ...)
    only_from: tuple[str, ...] = ()
    # (neutral, power): the neutral's territories and units become the power's (G40 Mongolia)
    hands_over: tuple[str, str] | None = None
    cancels: tuple[str, ...] = ()        # events (by name) that never happen after this one
    # the armies of these spaces join these players when they enter (TripleA trigger
    # setting territoryAttachment captureUnitOnEnteringBy: G40's true neutrals turning)
    raise_in: tuple[str, ...] = ()
    raise_by: tuple[str, ...] = ()
    switches: tuple[tuple[str, bool], ...] = ()   # switches it turns on (true) or off


@dataclass(frozen=True)
class RelationType:
    """A named kind of relationship (TripleA relationshipTypeAttachment): its base relation
    (war | neutral | allied, what every rule reads) and what it lets land units, aircraft
    and conquest do in the other's territories. None: the base relation's default (allied:
    yes, neutral: no)."""
    name: str
    base: str
    takes_over: bool = False                # canTakeOverOwnedTerritory: entering takes it
    land_enters: bool | None = None         # canMoveLandUnitsOverOwnedLand
    air_over: bool | None = None            # canMoveAirUnitsOverOwnedLand
    air_lands: bool | None = None           # canLandAirUnitsOnOwnedLand
    combat_move_into: bool = True           # canMoveIntoDuringCombatMove

    def allows(self, what: str) -> bool:
        """land_enters | air_over | air_lands, with the base relation's default."""
        got = getattr(self, what)
        return self.base == "allied" if got is None else bool(got)


@dataclass(frozen=True)
class Politics:
    """Relationships between players (Global 1940): the pairs whose starting relation is
    not the default (different alliances at war, one alliance allied), the declarations
    players may make, and the neutral players (no turns; `raise_on_entry`: an allied
    player entering one of their territories takes it and the units there)."""
    relations: tuple[tuple[str, str, str], ...] = ()
    declarations: tuple[Declaration, ...] = ()
    neutrals: tuple[str, ...] = ()
    raise_on_entry: tuple[str, ...] = ()
    events: tuple[PoliticsEvent, ...] = ()
    types: tuple[RelationType, ...] = ()     # named relations (`is:` may name one)
    # named switches and their starting values (events flip them; `switch:` conditions
    # read them: TripleA rulesAttachment switch set by triggers)
    switches: tuple[tuple[str, bool], ...] = ()

    def type_named(self, name: str) -> RelationType | None:
        from .memo import derived
        return derived(self, "types", lambda: {t.name: t for t in self.types}).get(name)


@dataclass(frozen=True)
class FacilityType:
    """A facility (Global 1940 industrial complexes, air and naval bases: ruleset
    `facilities`): bought in the purchase phase and placed in the place phase like a unit,
    but a marker of its territory rather than a unit (it never moves or fights; it goes
    with the territory). Bombing raids put damage markers on it.
    An upgrade (`replaces`/`becomes`) is bought like a facility and turns one facility of
    the territory into another."""
    id: str
    name: str
    kind: str                 # industrial_complex | air_base | naval_base
    cost: int | None
    size: str = ""            # industrial complexes: major | minor (scenario `factory:`)
    produces: int = 0         # units placed per turn (minus damage); 0: not a producer
    max_damage: int = 0       # most damage markers (0: cannot be damaged)
    operational_damage: int | None = None   # out of operation with more damage than this
    min_value: int = 0        # only in a territory worth at least this
    original_territory: bool = False   # only in the builder's original territories
    no_islands: bool = False  # not on an island (a land territory with no land neighbour)
    coastal: bool = False     # only in a territory bordering a sea zone
    replaces: str = ""        # an upgrade: the facility it turns into `becomes`
    becomes: str = ""
    captured_as: str = ""     # what it becomes when the territory is captured ("": itself)
    anti_aircraft: int = 0    # built-in fire at each raider (a die at or under it hits)
    repair_cost: int = 1      # IPCs per damage marker repaired
    scramble: int = 0         # an operative air base: aircraft that may scramble from its territory

    @property
    def is_upgrade(self) -> bool:
        return bool(self.becomes)


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    dice: int
    phases: tuple[str, ...]
    units: dict[str, UnitType]
    sha256: str
    path: str = ""
    rule_of_three: int | None = None   # max units per side per battle (None: not defined)
    seed_notes: tuple[SeedNote, ...] = ()
    home_guard: HomeGuard | None = None   # None: a blitz takes empty territories freely
    supply: SupplyRule | None = None      # None: no supply lines (every unit supplied)
    tracks: TrackRule | None = None       # None: no movement penalty for tracks
    classes: tuple[str, ...] = ()      # declared unit classes
    # the seed's named powers (seed 002): power id -> player ids that are that power
    # (a scenario player may also name its power: `power:`)
    powers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # a house-rules variant (game/rules/variant.py): its id and name, and the file of the
    # ruleset it extends (`id` stays the base ruleset's id; `path` is the variant file)
    variant: str = ""
    variant_name: str = ""
    base_path: str = ""
    hex: HexRules | None = None        # hex rulesets (europa): terrain, hexsides, CRT, ...
    options: tuple[GameOption, ...] = ()   # supplied rules the players may switch off
    options_off: frozenset[str] = frozenset()   # the options switched off in these rules
    # the scenario's national objectives are paid (None: switched off, game option)
    national_objectives: bool | None = True
    # facilities (Global 1940): bought and placed; their damage is game state (empty:
    # the scenario's factories and bases alone, never bought nor damaged)
    facilities: dict[str, FacilityType] = field(default_factory=dict)
    # the most units a player placing without a factory (its scenario `placement` rule)
    # puts in one territory a turn, whatever the scenario says (0: the scenario decides)
    placement_per_territory: int = 0
    _refs: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    _with: dict[str, frozenset[str]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:   # pickles leave memo.derived answers behind
        from .memo import without_derived
        return without_derived(self.__dict__)

    @property
    def title(self) -> str:
        """What a player calls these rules: the ruleset's name, or the variant's."""
        if not self.variant:
            return self.name
        return self.variant_name or self.variant.replace("_", " ").capitalize()

    def expand(self, ref: str) -> tuple[str, ...]:
        """The unit ids a reference names: the id itself, or every unit of a class
        (ruleset order)."""
        got = self._refs.get(ref)
        if got is None:
            got = self._refs[ref] = tuple(t for t, ut in self.units.items() if ut.is_a(ref))
        return got

    def types_with(self, ability: str) -> frozenset[str]:
        """The unit ids having an ability (cached: rules scan every unit for carriers,
        builders and the like many times a turn)."""
        got = self._with.get(ability)
        if got is None:
            got = self._with[ability] = frozenset(t for t, ut in self.units.items() if ut.has(ability))
        return got

    def expand_all(self, refs: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        out: list[str] = []
        for r in refs:
            out.extend(t for t in self.expand(r) if t not in out)
        return tuple(out)


@dataclass(frozen=True)
class SpaceDef:
    id: str
    name: str
    kind: str  # land | sea
    value: int
    adjacent: tuple[str, ...]
    center: tuple[float, float]
    polygon: tuple[tuple[float, float], ...]
    impassable: bool = False
    victory_city: bool = False
    terrain: tuple[str, ...] = ()   # tags: mountain, port, ... on land; coastal, lake, ... at sea
    home: bool = False              # a home (metropolitan) territory of its starting owner
    naval_base: bool = False        # holds a naval base (always operative: G34)
    air_base: bool = False          # holds an air base (self_airlift: +1 air move from here)
    true_neutral: bool = False      # a true-neutral country (seed 000 G46): its naval base is
                                    # friendly to units with neutral_ports_as_bases
    extra_polygons: tuple[tuple[tuple[float, float], ...], ...] = ()  # more outlines (islands)
    places: tuple[tuple[float, float], ...] = ()  # counter centres (TripleA place.txt)
    label: tuple[float, float] | None = None  # middle-bottom of the name, when not at the centre
    # (capturer, receiver): taken by the capturer, the territory goes to the receiver
    # (TripleA whenCapturedByGoesTo; G40: British captures on the Pacific board are UK Pacific's)
    captured_for: tuple[tuple[str, str], ...] = ()

    @property
    def outlines(self) -> tuple[tuple[tuple[float, float], ...], ...]:
        """Every outline of the space: `polygon` first, then `extra_polygons`."""
        return (self.polygon,) + self.extra_polygons

    @property
    def is_sea(self) -> bool:
        return self.kind == SEA


@dataclass(frozen=True)
class CanalControl:
    """Who may take sea units through a canal or strait (Global 1940: Suez, Panama, the
    Turkish and Danish straits, Gibraltar): the side that held every territory of `held`
    at the start of its turn. Units matching `open_to` (types or classes, e.g. submarines
    at Gibraltar: TripleA's excludedUnits) pass whoever holds it."""
    held: tuple[str, ...]
    open_to: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlacementRule:
    """A player's placement without factories (TripleA placementAnyTerritory, e.g. v3 Chinese):
    units go on land the player has held since the start of the turn."""
    anywhere_owned: bool = True
    captured: bool = False           # also territories that were not the player's at the start
    per_territory: int = 0           # most units placed in one territory per turn (0: no limit)
    units: tuple[str, ...] = ()      # the unit types it may place this way (empty: any land unit)

    def allows(self, unit: str) -> bool:
        return not self.units or unit in self.units


@dataclass(frozen=True)
class PlayerDef:
    id: str
    name: str
    alliance: str
    color: str
    capital: str | None
    resources: int
    doctrines: tuple[str, ...] = ()   # requires_doctrine: the doctrines this player has
    power: str | None = None          # the ruleset power it is (else found by player id)
    placement: PlacementRule | None = None  # placement away from factories (None: factories only)
    plural: bool | None = None        # the name takes a plural verb (None: guessed from it)
    # a separate economy of another player (G40's UK Pacific, TripleA giveUnitControl): it
    # has its own treasury, territories, capital and turn, but the units it places are
    # that player's, who moves and fights with them
    units_to: str | None = None


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    ruleset_id: str
    description: str
    turn_limit: int                     # rounds; 0: none (the victory conditions end the game)
    size: tuple[int, int]
    background: str
    players: tuple[PlayerDef, ...]
    spaces: dict[str, SpaceDef]
    start_owners: dict[str, str | None]
    start_factories: frozenset[str]
    start_units: tuple[tuple[str, str, str, int], ...]  # (space, owner, type, count)
    victory_cities: dict[str, int]
    at_turn_limit: str
    path: str = ""
    factory_sizes: dict[str, str] = field(default_factory=dict)  # space -> major|minor
    wrap_x: bool = False  # the map wraps east-west (TripleA map.scrollWrapX)
    # what an industrial complex places a turn: "complex" its facility's `produces` (G40),
    # "value" its territory's value (TripleA v3 and earlier), less damage either way
    factory_production: str = "complex"
    hexmap: HexMap | None = None    # hex maps: each hex is also a SpaceDef named "q,r"
    # canals (seed 000 G49): sorted (zone, zone) pair -> canal name; tags a sea-zone border
    canals: dict[tuple[str, str], str] = field(default_factory=dict)
    # canals and straits held by territories (G40 Suez, Panama, Turkish, Danish, Gibraltar)
    canal_control: dict[str, CanalControl] = field(default_factory=dict)   # canal name -> control
    objectives: tuple[Objective, ...] = ()   # national objectives (objectives.py)
    politics: Politics | None = None         # relationships and declarations (politics.py)
    capitals: CapitalRules = field(default_factory=CapitalRules)   # capture and liberation
    convoys: ConvoyRules | None = None       # convoy zones and their disruption (convoys.py)
    player_rules: dict[str, PlayerRules] = field(default_factory=dict)   # player_rules.py
    # the scenario's own ways to win (victory.py); when given, holding every enemy
    # capital no longer wins by itself
    victory_conditions: tuple[VictoryCondition, ...] = ()
    kamikaze: KamikazeRule | None = None     # G40 kamikaze strikes (zone/kamikaze.py)
    # a space's original owner where it is not its owner at the start (`original_owner`:
    # G40's Japanese-held Chinese territories, TripleA territoryAttachment originalOwner)
    original_owners: dict[str, str] = field(default_factory=dict)

    def __getstate__(self) -> dict[str, Any]:   # pickles leave memo.derived answers behind
        from .memo import without_derived
        return without_derived(self.__dict__)

    def canal(self, a: str, b: str) -> str | None:
        """The canal on the border between two spaces, or None."""
        if not self.canals:
            return None
        return self.canals.get((a, b) if a < b else (b, a))

    def original_owner(self, space: str) -> str | None:
        """Who the space originally belongs to (liberation, `original` territories): its
        `original_owner`, else its owner at the start."""
        return self.original_owners.get(space) or self.start_owners.get(space)

    def factory_size(self, space: str) -> str:
        """An industrial complex's size: `factory: minor` in the scenario, else major."""
        return self.factory_sizes.get(space, "major")

    def player(self, pid: str) -> PlayerDef:
        return self.player_map[pid]

    @cached_property
    def player_map(self) -> dict[str, PlayerDef]:
        return {p.id: p for p in self.players}

    @property
    def alliances(self) -> tuple[str, ...]:
        seen: list[str] = []
        for p in self.players:
            if p.alliance not in seen:
                seen.append(p.alliance)
        return tuple(seen)

    @cached_property
    def turn_players(self) -> tuple[PlayerDef, ...]:
        """The players who take turns: every player but the neutral powers of the
        politics (G40's Dutch, Mongolians and neutral blocs own territories and units
        but never move; the computer answers for them when they defend)."""
        neutral = set(self.politics.neutrals) if self.politics else set()
        return tuple(p for p in self.players if p.id not in neutral)

    @property
    def turn_alliances(self) -> tuple[str, ...]:
        """The alliances with a player who takes turns, in turn order."""
        return tuple(dict.fromkeys(p.alliance for p in self.turn_players))


@dataclass(frozen=True, slots=True)
class Unit:
    uid: int
    type: str
    owner: str
    space: str
    damage: int = 0
    moved: int = 0            # movement points spent this turn
    carried_by: int | None = None
    in_combat: bool = False   # moved into a battle this turn (land/sea may not move on)
    amphibious: bool = False  # landed from a transport into a battle this turn
    unloaded: bool = False    # a transport that unloaded this turn (may not move on)
    marched: bool = False     # made its forced march this turn
    airborne: bool = False    # attacked by air (self_airlift, or dropped by an air transport) this turn
    oos: int = 0              # hex maps: consecutive player-turns out of supply (0 = supplied);
                              # zone maps (interwar supply): 1 = out of supply this turn
    extra_mp: int = 0         # hex maps: "+1 MP" markers for its next movement phase (15.K)

    def to_json(self) -> list[Any]:
        out = [self.uid, self.type, self.owner, self.space, self.damage, self.moved,
               self.carried_by, self.in_combat, self.amphibious, self.unloaded]
        extra: list[Any] = [self.marched, self.airborne, self.oos, self.extra_mp]
        while extra and not extra[-1]:   # trailing defaults left out (older saves' hashes hold)
            extra.pop()
        return out + extra

    @staticmethod
    def from_json(data: list[Any]) -> Unit:
        return Unit(*data)


_MISSING: Any = object()
_UNIT_FIELDS = ("uid", "type", "owner", "space", "damage", "moved", "carried_by", "in_combat",
                "amphibious", "unloaded", "marched", "airborne", "oos", "extra_mp")
_UNIT_FIELD_SET = frozenset(_UNIT_FIELDS)
_FAST_UNIT = _UNIT_FIELDS == tuple(f.name for f in fields(Unit))


def unit_replace(u: Unit, **kw: Any) -> Unit:
    """dataclasses.replace(u, **kw) for a Unit, without its generic machinery (units are
    replaced on every move and every hit)."""
    if not _FAST_UNIT or type(u) is not Unit or not kw.keys() <= _UNIT_FIELD_SET:
        return replace(u, **kw)
    g = kw.get
    return Unit(g("uid", u.uid), g("type", u.type), g("owner", u.owner), g("space", u.space),
                g("damage", u.damage), g("moved", u.moved), g("carried_by", u.carried_by),
                g("in_combat", u.in_combat), g("amphibious", u.amphibious),
                g("unloaded", u.unloaded), g("marched", u.marched), g("airborne", u.airborne),
                g("oos", u.oos), g("extra_mp", u.extra_mp))


def _index_add(index: dict[Any, tuple[int, ...]], key: Any, uid: int) -> None:
    t = index.get(key)
    if t is None:
        index[key] = (uid,)
    elif uid > t[-1]:
        index[key] = t + (uid,)
    else:
        index[key] = tuple(sorted(t + (uid,)))


def _index_drop(index: dict[Any, tuple[int, ...]], key: Any, uid: int) -> None:
    t = index[key]
    if len(t) == 1:
        del index[key]
    else:
        i = t.index(uid) if uid in t else -1   # (a uid is in a tuple once)
        if i >= 0:
            index[key] = t[:i] + t[i + 1:]


class UnitMap(dict[int, Unit]):
    """`GameState.units`: uid -> Unit, a dict that also keeps, for each space, the uids of
    the units there, and for each carrier or transport, the uids of the units aboard
    (ascending tuples, shared between copies), so `units_in` and `aboard` do not scan every
    unit. Every way of changing the dict keeps the indexes in step.

    Both must give the units in dict order, as a scan would. Dict order is ascending uid
    order as long as each new uid is larger than every uid added before (the rules only add
    `next_uid`); `_ascending` says it still is. Once it is not, they scan."""
    __slots__ = ("_at", "_aboard", "_last", "_ascending", "_memo", "_kept")
    _at: dict[str, tuple[int, ...]]
    _aboard: dict[int, tuple[int, ...]]
    _last: int
    _ascending: bool
    _memo: dict[Any, Any] | None
    _kept: dict[Any, Any] | None

    def __init__(self, data: Any = ()) -> None:
        dict.__init__(self)
        self._at = {}
        self._aboard = {}
        self._last = 0
        self._ascending = True
        self._memo = self._kept = None
        for uid, u in dict(data).items():
            self[uid] = u

    def __reduce__(self) -> tuple[Any, ...]:   # pickle and copy.copy: the plain items
        return (UnitMap, (dict(self),))

    def copy(self) -> UnitMap:
        new = UnitMap.__new__(UnitMap)
        dict.update(new, self)
        new._at = self._at.copy()   # tuples: shared until a space changes
        new._aboard = self._aboard.copy()
        new._last = self._last
        new._ascending = self._ascending
        new._memo = None
        new._kept = self._kept   # the same units: what was found from them still holds
        return new

    def memo(self) -> dict[Any, Any]:
        """A scratch dict for answers computed from these units (battle sides); emptied
        whenever the units change."""
        m = self._memo
        if m is None:
            m = self._memo = {}
        return m

    def kept_memo(self) -> dict[Any, Any]:
        """Like memo(), but shared with the copies of these units until either side's
        units change (a zone battle's sides are found again by the next action's step).
        Its users check what else their answers read (ruleset, scenario, relations)."""
        m = self._kept
        if m is None:
            m = self._kept = {}
        return m

    def _unindex(self, uid: int, u: Unit) -> None:
        self._memo = self._kept = None
        _index_drop(self._at, u.space, uid)
        if u.carried_by is not None:
            _index_drop(self._aboard, u.carried_by, uid)

    def __setitem__(self, uid: int, u: Unit) -> None:
        old = dict.get(self, uid, _MISSING)
        dict.__setitem__(self, uid, u)
        self._memo = self._kept = None
        if old is _MISSING:
            if self._ascending and isinstance(uid, int) and uid > self._last:
                self._last = uid
            else:
                self._ascending = False
            _index_add(self._at, u.space, uid)
            if u.carried_by is not None:
                _index_add(self._aboard, u.carried_by, uid)
            return
        if old.space != u.space:
            _index_drop(self._at, old.space, uid)
            _index_add(self._at, u.space, uid)
        if old.carried_by != u.carried_by:
            if old.carried_by is not None:
                _index_drop(self._aboard, old.carried_by, uid)
            if u.carried_by is not None:
                _index_add(self._aboard, u.carried_by, uid)

    def __delitem__(self, uid: int) -> None:
        self._unindex(uid, dict.pop(self, uid))

    def add_new(self, units: list[Unit]) -> None:
        """Add units whose uids are new and ascending, indexing each space once (a
        scenario's start: adding them one at a time rebuilds a space's tuple per unit,
        quadratic in the units of one space)."""
        if not units or not self._ascending or units[0].uid <= self._last or \
                any(b.uid <= a.uid for a, b in zip(units, units[1:], strict=False)):
            for u in units:
                self[u.uid] = u
            return
        self._memo = self._kept = None
        at: dict[str, list[int]] = {}
        aboard: dict[int, list[int]] = {}
        for u in units:
            dict.__setitem__(self, u.uid, u)
            at.setdefault(u.space, []).append(u.uid)
            if u.carried_by is not None:
                aboard.setdefault(u.carried_by, []).append(u.uid)
        self._last = units[-1].uid
        for space, uids in at.items():   # new uids are the largest: appended in order
            self._at[space] = self._at.get(space, ()) + tuple(uids)
        for carrier, cargo in aboard.items():
            self._aboard[carrier] = self._aboard.get(carrier, ()) + tuple(cargo)

    def pop(self, uid: int, *default: Any) -> Any:
        if uid not in self:
            return dict.pop(self, uid, *default)
        u = dict.pop(self, uid)
        self._unindex(uid, u)
        return u

    def popitem(self) -> tuple[int, Unit]:
        uid, u = dict.popitem(self)
        self._unindex(uid, u)
        return uid, u

    def clear(self) -> None:
        dict.clear(self)
        self._memo = self._kept = None
        self._at = {}
        self._aboard = {}

    def setdefault(self, uid: int, default: Any = None) -> Any:
        if uid not in self:
            self[uid] = default
        return self[uid]

    def update(self, *args: Any, **kw: Any) -> None:
        for uid, u in dict(*args, **kw).items():
            self[uid] = u

    def __ior__(self, other: Any) -> UnitMap:  # type: ignore[override,misc]
        self.update(other)
        return self

    def in_space(self, space: str) -> list[Unit]:
        """The units in a space, in dict order."""
        if self._ascending:
            get = dict.__getitem__
            return [get(self, uid) for uid in self._at.get(space, ())]
        return [u for u in self.values() if u.space == space]

    def aboard(self, carrier: int) -> list[Unit]:
        """The units whose carried_by is `carrier`, in dict order."""
        if self._ascending:
            get = dict.__getitem__
            return [get(self, uid) for uid in self._aboard.get(carrier, ())]
        return [u for u in self.values() if u.carried_by == carrier]


@dataclass(frozen=True)
class Pool:
    """Hits waiting for a casualty choice: who takes them, how many, from what."""
    side: str             # "attacker" | "defender": the side that loses units
    hits: int
    exclude_domains: tuple[str, ...] = ()   # e.g. submarine hits: ("air",)
    from_air: bool = False                  # hits scored by aircraft (evades_air applies)
    immediate: bool = False                 # removed before they can fire back
    only_domains: tuple[str, ...] = ()      # e.g. AA fire hits only air
    only_types: tuple[str, ...] = ()        # special-value hits (value_against): these type ids
    chooser: str = ""                       # "" = the losing side chooses; else the firing side


@dataclass(frozen=True)
class Roll:
    """One fire step's dice, kept for the battle window and the log."""
    step: str
    side: str
    dice: tuple[tuple[str, int, int], ...]  # (unit type, value needed, die)
    hits: int
    uids: tuple[int, ...] = ()              # the unit that rolled each die
    rerolled: tuple[int, ...] = ()          # indices of dice rerolled (reconnaissance)
    first: tuple[int, ...] = ()             # the faces before any reroll
    void: int = 0                           # hits no enemy unit could take (say, a torpedo
    #                                         bomber's over a land battle: seed 000)


@dataclass(frozen=True)
class Battle:
    space: str
    attacker: str
    defenders: tuple[str, ...]
    round: int = 1
    step: int = 0                       # index into the round's step list
    pools: tuple[Pool, ...] = ()        # pending casualty choices, first is current
    marked: tuple[int, ...] = ()        # defender casualties that still fire this round
    struck: tuple[int, ...] = ()        # sunk by the attacker's first strike; strike back first
    origins: tuple[str, ...] = ()       # spaces the attackers came from (retreat)
    rolls: tuple[Roll, ...] = ()        # this round's dice
    awaiting: str = "roll"              # roll | reroll | casualties | continue | intercept | kamikaze
    bombard: tuple[int, ...] = ()       # uids of ships bombarding this amphibious assault
    recon_used: tuple[tuple[str, int], ...] = ()  # (side, uid): a die rerolled this round
    prizes: tuple[str, ...] = ()        # capturable defenders lost: the attacker's if it wins
    # unit types each side had when the battle began (kept only when a unit there has
    # a value hook that keeps them: a round-bound `modifier`, "attacks alone or together with ... only")
    att_start: tuple[str, ...] = ()
    def_start: tuple[str, ...] = ()
    # seed 000 airdrops: air transports (uids) whose cargo is still to be intercepted and
    # dropped, and the defending fighters that intercept (None: not chosen yet; they take
    # no part in the battle, G42)
    drops: tuple[int, ...] = ()
    interceptors: tuple[int, ...] | None = None
    submerged: tuple[int, ...] = ()     # submarines that submerged: out of the battle (seed 001)
    # (uid, damage before): units hit by this round's bombardment or attacker fire; they
    # fire this round at those values (seed 000 capital ships: damage counts after the round)
    hurt: tuple[tuple[int, int], ...] = ()
    # a bombing raid (game/rules/zone/raids.py): the raiders against the interceptors and the
    # facilities' anti-aircraft fire, walked through the raid steps only
    raid: bool = False
    # G40 kamikaze strikes before the battle (zone/kamikaze.py): the target of each token
    # spent (a ship may take several; None: not chosen yet, or no strike possible)
    kamikaze: tuple[int, ...] | None = None


@dataclass(frozen=True)
class BattleResult:
    """How the last battle ended, for the interface (not hashed: the log says it too)."""
    space: str
    attacker: str
    defenders: tuple[str, ...]
    outcome: str                        # attacker | defender | both_destroyed | stalemate | retreat
    retreat_to: str | None = None
    rolls: tuple[Roll, ...] = ()        # the last round's dice, the roll that ended it included
    raid: bool = False                  # a bombing raid (game/rules/zone/raids.py)


@dataclass(frozen=True)
class LogCell:
    """An immutable linked list node: appending is O(1) and states share history."""
    text: str
    prev: LogCell | None


@dataclass
class ZoneTurn:
    """The zone family's state of the turn in play: purchases not yet placed, the battles
    to fight and the one being fought, and what this turn's moves did that the rules of
    later phases ask about. The hex family's counterpart is `HexTurn` (GameState.hexturn)."""
    purchased: dict[str, int] = field(default_factory=dict)  # "player|unit" -> unplaced count
    bought: dict[str, int] = field(default_factory=dict)     # unit -> bought this turn (refundable)
    placed: dict[str, int] = field(default_factory=dict)     # space -> units placed this turn
    origins: dict[str, tuple[str, ...]] = field(default_factory=dict)  # attacked space -> came from
    landings: dict[str, tuple[str, ...]] = field(default_factory=dict)  # assaulted -> sea zones
    ro3_moves: dict[str, int] = field(default_factory=dict)  # "ability|departure" -> units this turn
    fired: tuple[str, ...] = ()   # territories whose coastal artillery fired this turn
    raids: dict[int, str] = field(default_factory=dict)  # raider uid -> "space|facility" (raids.py)
    battles: tuple[str, ...] = ()   # spaces with a battle still to fight this turn
    battle: Battle | None = None    # the battle being fought
    last_battle: BattleResult | None = None   # the end of the last battle (interface text)

    def copy(self) -> ZoneTurn:
        """A copy whose dicts the reducer may change (tuples and battles are immutable)."""
        new = object.__new__(ZoneTurn)
        d = new.__dict__ = self.__dict__.copy()   # one dict copy: cheaper than update()
        d["purchased"] = self.purchased.copy()
        d["bought"] = self.bought.copy()
        d["placed"] = self.placed.copy()
        d["origins"] = self.origins.copy()
        d["landings"] = self.landings.copy()
        d["ro3_moves"] = self.ro3_moves.copy()
        d["raids"] = self.raids.copy()
        return new


@dataclass
class GameState:
    ruleset: Ruleset
    scenario: Scenario
    seed: int
    round: int = 1
    player_idx: int = 0
    phase_idx: int = 0
    units: dict[int, Unit] = field(default_factory=UnitMap)
    owners: dict[str, str | None] = field(default_factory=dict)
    turn_owners: dict[str, str | None] = field(default_factory=dict)  # owners at turn start
    factories: frozenset[str] = frozenset()
    # rulesets with `facilities`: "space|facility id" -> damage markers, one entry per
    # facility on the board (industrial complexes are also in `factories`)
    facilities: dict[str, int] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    zone: ZoneTurn = field(default_factory=ZoneTurn)  # the zone family's turn state
    next_uid: int = 1
    dice_used: int = 0
    scripted_dice: tuple[int, ...] = ()  # tests: rolls consumed before the seeded stream
    log_tail: LogCell | None = None
    log_len: int = 0
    winner: str | None = None           # alliance id, or "draw"
    over: bool = False
    action_count: int = 0
    hexturn: HexTurn | None = None      # hex maps: this phase's attacks, pending advance
    reinforced: frozenset[int] = frozenset()  # hex maps: indices of reinforcements delivered
    # national objective id (or "event|<player>|<name>", politics) -> times paid (fired)
    objective_uses: dict[str, int] = field(default_factory=dict)
    relations: dict[str, str] = field(default_factory=dict)  # "a|b" (sorted) -> war|neutral|allied
    # space -> the players whose entry raises its neutral army there (politics events)
    raised_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    switches: frozenset[str] = frozenset()   # the politics switches that are on
    # scenario victory conditions met since (victory.py): "alliance|name" -> the turn it
    # was first met, counted as round * players + player index
    victory_held: dict[str, int] = field(default_factory=dict)
    kamikaze_spent: int = 0   # the scenario's kamikaze tokens used so far (zone/kamikaze.py)

    def copy(self) -> GameState:
        new = object.__new__(self.__class__)   # copy.copy, without its generic machinery
        d = new.__dict__ = self.__dict__.copy()   # (one dict copy: cheaper than update())
        units = self.units
        d["units"] = units.copy() if type(units) is UnitMap else UnitMap(units)
        d["owners"] = self.owners.copy()
        d["facilities"] = self.facilities.copy()
        d["resources"] = self.resources.copy()
        d["zone"] = self.zone.copy()
        return new

    # --- convenience queries -------------------------------------------------
    @property
    def player(self) -> str:
        return self.scenario.players[self.player_idx].id

    @property
    def phase(self) -> str:
        return self.ruleset.phases[self.phase_idx]

    def power_of(self, player: str | None) -> str | None:
        """The ruleset power a player is: its scenario `power`, else the power whose
        player ids include it (None: not one of the ruleset's powers)."""
        if player is None:
            return None
        pd = self.scenario.player_map.get(player)
        if pd is not None and pd.power:
            return pd.power
        if pd is not None and pd.units_to:   # a separate economy of a power is that power
            return self.power_of(pd.units_to)
        for power, ids in self.ruleset.powers.items():
            if player in ids:
                return power
        return None

    @overload
    def alliance_of(self, player: str) -> str: ...
    @overload
    def alliance_of(self, player: None) -> None: ...
    @overload
    def alliance_of(self, player: str | None) -> str | None: ...

    def alliance_of(self, player: str | None) -> str | None:
        if player is None:
            return None
        return self.scenario.player_map[player].alliance

    def relation(self, a: str, b: str) -> str:
        """war | neutral | allied between two different players: the game's relationship
        (politics), else at war across alliances and allied within one."""
        if self.relations:
            got = self.relations.get(f"{a}|{b}" if a < b else f"{b}|{a}")
            if got is not None:
                if got in BASE_RELATIONS:
                    return got
                t = self.scenario.politics.type_named(got) if self.scenario.politics else None
                return t.base if t is not None else got
        pm = self.scenario.player_map
        return "war" if pm[a].alliance != pm[b].alliance else "allied"

    def relation_type(self, a: str, b: str) -> RelationType | None:
        """The named relation between two players (politics `types`), None for a plain one."""
        got = self.relations.get(f"{a}|{b}" if a < b else f"{b}|{a}") if self.relations else None
        if got is None or got in BASE_RELATIONS or self.scenario.politics is None:
            return None
        return self.scenario.politics.type_named(got)

    def at_war(self, a: str | None, b: str | None) -> bool:
        if a is None or b is None or a == b:
            return False
        if self.relations:
            return self.relation(a, b) == "war"
        pm = self.scenario.player_map
        return pm[a].alliance != pm[b].alliance

    def allied(self, a: str | None, b: str | None) -> bool:
        """The same player, or allied players (one alliance, unless politics says else)."""
        if a is None or b is None:
            return False
        if a == b:
            return True
        if self.relations:
            return self.relation(a, b) == "allied"
        pm = self.scenario.player_map
        return pm[a].alliance == pm[b].alliance

    def utype(self, unit: Unit | str) -> UnitType:
        return self.ruleset.units[unit if isinstance(unit, str) else unit.type]

    def units_in(self, space: str) -> list[Unit]:
        """The units in a space, in `units` order (as a scan of `units` finds them)."""
        units = self.units
        if type(units) is UnitMap:
            return units.in_space(space)
        return [u for u in units.values() if u.space == space]

    def cargo_of(self, carrier: int) -> list[Unit]:
        """The units aboard a unit (carried_by == carrier), in `units` order."""
        units = self.units
        if type(units) is UnitMap:
            return units.aboard(carrier)
        return [u for u in units.values() if u.carried_by == carrier]

    def log(self, limit: int | None = None) -> list[str]:
        out: list[str] = []
        cell = self.log_tail
        while cell is not None and (limit is None or len(out) < limit):
            out.append(cell.text)
            cell = cell.prev
        out.reverse()
        return out

    def add_log(self, text: str) -> None:
        if text.endswith("..") and not text.endswith("..."):  # a name ending in "S.S.R." ends the line
            text = text[:-1]
        self.log_tail = LogCell(text, self.log_tail)
        self.log_len += 1
