"""Plain data for hex maps and the hex (europa) rules; see docs/hex-format.md.

Static: `HexRules` (a ruleset's `hex:` block: terrain effects chart, hexsides,
stacking, zones of control, supply, the CRT) and `HexMap` (a scenario's hexes,
hexsides and reinforcements). Dynamic: `HexTurn` (what happened this phase:
hexes attacked, units that attacked, a pending advance after combat, the last
combat for the log and the UI).
These names are a public contract for the UI: keep them stable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# --- ruleset side --------------------------------------------------------------


@dataclass(frozen=True)
class TerrainDef:
    """One row of the terrain effects chart: a base terrain (one per hex) or a
    feature (any number per hex: city, airfield, fortified, ...)."""
    id: str
    name: str
    kind: str                                   # "base" | "feature"
    # movement point cost per movement column (cm, art, other, cavalry, mountain, light...);
    # None = prohibited. A feature's costs, when given, replace the base terrain's.
    move: dict[str, int | None] = field(default_factory=dict)
    shift: int = 0               # CRT column shift for attacks into the hex (negative helps defender)
    halves_cm: bool = False      # c/m units attack into it at half strength (motorized may dismount)
    stacking: float | None = None  # RE limit per hex in this terrain (None: the ruleset's default)
    fortification: bool = False  # engineers reduce its shift (15.J.2.b)
    city: bool = False           # a city for engineers / siege artillery / depots
    major: bool = False          # a major city or fortress: shift never reduced past -1 (15.J.2.b.v)
    water: bool = False          # sea: land units never enter
    airfield: bool = False
    port: bool = False
    aec: bool = True             # armour effects (AEC) apply when attacking into it
    color: str = "#cccc99"       # for renderers: fill colour of a base terrain, mark of a feature
    symbol: str = ""             # short label for renderers (e.g. "A" airfield, "P" port)
    along: bool = False          # its move costs apply only between two hexes that both have it (roads)


@dataclass(frozen=True)
class HexsideDef:
    id: str
    name: str
    move: dict[str, int | None] = field(default_factory=dict)  # extra MPs per column; None = no crossing
    shift: int = 0               # column shift for an attack across it (applies when ALL attackers cross)
    halves_attack: bool = False  # a unit attacking across it has its strength and REs halved (minor river)
    blocks_zoc: bool = False     # no zone of control across it
    water: bool = False          # a sea hexside: draw as coast; land units cross only if move allows
    color: str = "#3a6ea5"
    width: int = 3


@dataclass(frozen=True)
class CrtResult:
    code: str                    # AE, AH, AR, EX, HX, DR, DH, DE, BR, NE ...
    name: str
    attacker_loss: str = ""      # "" | "all" | "half" | "exchange"
    defender_loss: str = ""      # "" | "all" | "half"
    attacker_retreat: int = 0    # hexes
    defender_retreat: int = 0
    # an "all" loss of the defender takes one step of each unit: a unit with a cadre side is
    # reduced to its cadre (seed 003 15.R Example 1, 15.C.2.b example), the others eliminated
    to_cadre: bool = False


@dataclass(frozen=True)
class Crt:
    columns: tuple[str, ...]                       # odds labels, lowest first: "1:3", ..., "9:1"
    table: dict[int, tuple[str, ...]]              # die roll -> result code per column
    results: dict[str, CrtResult]
    die: int = 6

    @property
    def rolls(self) -> tuple[int, ...]:
        return tuple(sorted(self.table))


@dataclass(frozen=True)
class HexRules:
    terrain: dict[str, TerrainDef]
    hexsides: dict[str, HexsideDef]
    crt: Crt
    move_columns: tuple[str, ...] = ("cm", "art", "other")
    cm_columns: tuple[str, ...] = ("cm",)   # movement classes that are combat-motorized (c/m)
    stacking: float = 9.0                    # RE per hex by default
    zoc_cost: dict[str, int] = field(default_factory=dict)  # extra MPs to enter an enemy ZOC
    supply_range: int = 6                    # hexes from a supply source
    oos_defense_after: int = 2               # turns out of supply before defense is halved
    oos_eliminated_after: int = 0            # 0: never eliminated for lack of supply
    exploitation_fraction: float = 0.5       # c/m units move this share of their MA in exploitation
    drop_eliminated: int = 1                 # air drop: modified roll <= this: eliminated
    drop_disrupted: int = 3                  # <= this: disrupted (no attack, no move this turn)
    aec_shift: int = 1
    # AA fire at air drops and air transport (15.C, rule 25 in a conventional version): enemy AA
    # within aa_range[kind] hexes of the landing hex fires once per unit flown; die + AA points
    # (at most aa_max) >= aa_shot_down: the unit is lost; >= aa_abort: it turns back
    aa_range: dict[str, int] = field(default_factory=lambda: {"light": 1, "heavy": 2})
    aa_max: int = 6
    aa_abort: int = 7
    aa_shot_down: int = 9


# --- scenario side ---------------------------------------------------------------


@dataclass(frozen=True)
class HexDef:
    id: str                       # "q,r"
    q: int
    r: int
    terrain: str                  # a base terrain id
    features: tuple[str, ...] = ()
    name: str = ""                # a place name (towns, airfields)
    home: str = ""                # the country it belongs to (border guards 15.G, reserves 15.S)
    supply: bool = False          # a supply source for its current owner

    @property
    def axial(self) -> tuple[int, int]:
        return (self.q, self.r)


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    player: str
    hex: str
    units: tuple[tuple[str, int], ...]
    if_owned: bool = False        # arrives only while the player owns the hex (else it waits)
    note: str = ""


@dataclass(frozen=True)
class AirTransport:
    """A player's air transport per player-turn (23.G): REs by transport aircraft and by
    gliders, and the range in hexes from the airfield the units fly from."""
    re: float = 0.0
    glider_re: float = 0.0
    range: int = 20


@dataclass(frozen=True)
class OpeningMove:
    """`count` units of type `unit` standing in hex `hex` move to hex `to`."""
    hex: str
    unit: str
    count: int
    to: str
    line: int = field(default=1, compare=False)   # in the scenario file (lint)


@dataclass(frozen=True)
class OpeningAttack:
    """Every unit of the player in `hexes` that can attack `target` attacks it."""
    target: str
    hexes: tuple[str, ...]
    line: int = field(default=1, compare=False)


@dataclass(frozen=True)
class Opening:
    """A player's first turn for the computer (`ai_opening:` in the scenario), played only
    from the scenario's starting position: its moves, then only its attacks, in order
    (`no_attacks`: none at all; no attacks listed: the planner's). The rules never read
    it; game/ai/hex/opening.py does (docs/ai.md, "Openings")."""
    moves: tuple[OpeningMove, ...] = ()
    attacks: tuple[OpeningAttack, ...] = ()
    no_attacks: bool = False
    note: str = ""


@dataclass(frozen=True)
class HexMap:
    hex_size: float                                   # pixel circumradius at zoom 1
    hexes: dict[str, HexDef]
    sides: dict[tuple[str, str], tuple[str, ...]]     # side_key(a, b) -> hexside ids
    reinforcements: tuple[Reinforcement, ...] = ()
    origin: tuple[float, float] = (0.0, 0.0)
    # player -> (column shift for its attacks, last turn it applies or 0 = always, reason):
    # ground support by an air force the scenario does not put on the map
    air_support: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    air_transport: dict[str, AirTransport] = field(default_factory=dict)
    openings: dict[str, Opening] = field(default_factory=dict)   # player -> its computer opening

    def side(self, a: str, b: str) -> tuple[str, ...]:
        return self.sides.get((a, b) if a <= b else (b, a), ())


# --- dynamic ------------------------------------------------------------------------


@dataclass(frozen=True)
class Shift:
    columns: int
    reason: str


@dataclass(frozen=True)
class CombatRecord:
    """One resolved attack (the log line, the UI's last-combat panel)."""
    target: str
    attacker: str
    attack: float
    defense: float
    odds: str
    column: str
    shifts: tuple[Shift, ...]
    roll: int
    result: str
    lost: tuple[int, ...] = ()    # uids eliminated
    retreated: tuple[tuple[int, str], ...] = ()
    reduced: tuple[int, ...] = ()  # uids reduced to their cadre

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "attacker": self.attacker, "attack": self.attack,
                "defense": self.defense, "odds": self.odds, "column": self.column,
                "shifts": [[s.columns, s.reason] for s in self.shifts], "roll": self.roll,
                "result": self.result, "lost": list(self.lost),
                "retreated": [list(x) for x in self.retreated],
                **({"reduced": list(self.reduced)} if self.reduced else {})}


@dataclass(frozen=True)
class PendingCombat:
    """A resolved CRT result waiting for a player's choice (hexcombat.py): the defender's
    losses, the attacker's losses, the defender's retreat, the attacker's retreat, in that
    order. `chooser` decides the current `stage`; stages with nothing to choose are played
    by the rules and skipped."""
    stage: str                                  # defender_losses | attacker_losses | defender_retreat
    #                                             | attacker_retreat
    chooser: str                                # the player who decides now
    target: str
    code: str                                   # the CRT result
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    values: tuple[tuple[int, float], ...]       # uid -> strength at the roll (attack or defense)
    required: tuple[int, ...] = ()              # units that are their side's first losses (11.O)
    attacker_loss: str = ""                     # "" | all | half | exchange
    defender_retreat: int = 0
    attacker_retreat: int = 0
    lost_def: float = 0.0                       # defense strength the defender lost
    retreating: tuple[int, ...] = ()            # units still to retreat in a retreat stage
    escape: tuple[int, ...] = ()                # supply units (15.W) lost: they retreat instead
    stay: tuple[int, ...] = ()                  # units that ignore the retreat (political police, 15.R)
    then_exchange: bool = False                 # 15.R: after the half loss the rest take an exchange

    def value(self, uid: int) -> float:
        return dict(self.values).get(uid, 0.0)

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "chooser": self.chooser, "target": self.target, "code": self.code,
                "attackers": list(self.attackers), "defenders": list(self.defenders),
                "values": [list(v) for v in self.values], "required": list(self.required),
                "attacker_loss": self.attacker_loss, "defender_retreat": self.defender_retreat,
                "attacker_retreat": self.attacker_retreat, "lost_def": self.lost_def,
                "retreating": list(self.retreating), "escape": list(self.escape),
                **({"stay": list(self.stay)} if self.stay else {}),
                **({"then_exchange": True} if self.then_exchange else {})}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PendingCombat:
        return cls(stage=d["stage"], chooser=d["chooser"], target=d["target"], code=d["code"],
                   attackers=tuple(d["attackers"]), defenders=tuple(d["defenders"]),
                   values=tuple((int(u), float(v)) for u, v in d["values"]),
                   required=tuple(d.get("required", ())), attacker_loss=d.get("attacker_loss", ""),
                   defender_retreat=int(d.get("defender_retreat", 0)),
                   attacker_retreat=int(d.get("attacker_retreat", 0)),
                   lost_def=float(d.get("lost_def", 0.0)), retreating=tuple(d.get("retreating", ())),
                   escape=tuple(d.get("escape", ())), stay=tuple(d.get("stay", ())),
                   then_exchange=bool(d.get("then_exchange", False)))


@dataclass(frozen=True)
class HexTurn:
    attacked: tuple[str, ...] = ()             # hexes attacked this combat phase
    used: tuple[int, ...] = ()                 # units that attacked this combat phase
    advance: tuple[str, tuple[int, ...]] | None = None   # (vacated hex, uids that may advance)
    last: CombatRecord | None = None
    arrived: tuple[int, ...] = ()              # reinforcements placed this player-turn
    airlift: tuple[float, float] = (0.0, 0.0)  # REs flown this player-turn: (transports, gliders)
    disrupted: tuple[int, ...] = ()            # dropped units disrupted this player-turn
    pending: PendingCombat | None = None       # a combat result waiting for losses/retreat choices
    # units that started this combat phase stacked with a political police unit (15.R: they
    # ignore retreats); None: not recorded (the units stacked with one now count)
    police: tuple[int, ...] | None = None
    captured: tuple[str, ...] = ()             # hexes the phasing side took this player-turn (15.M.2)

    def to_json(self) -> dict[str, Any]:
        out = {"attacked": list(self.attacked), "used": list(self.used),
               "advance": None if self.advance is None else [self.advance[0], list(self.advance[1])],
               "last": None if self.last is None else self.last.to_json(),
               "arrived": list(self.arrived)}
        if self.airlift != (0.0, 0.0) or self.disrupted:
            out["airlift"] = list(self.airlift)
            out["disrupted"] = list(self.disrupted)
        if self.pending is not None:
            out["pending"] = self.pending.to_json()
        if self.police is not None:
            out["police"] = list(self.police)
        if self.captured:
            out["captured"] = list(self.captured)
        return out
