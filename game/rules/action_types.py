"""The actions of a game: what a player (or the computer, or a save) asks the rules to do.

Each action is a small frozen dataclass with a `kind` (its name in saves). The reducer
(actions.py) applies them; each rule family (zone/family.py, hex/family.py) says which it
handles. `ACTION_TYPES` maps kinds to classes for loading saves; edit.py adds the edit actions.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True)
class EndPhase(Action):
    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True)
class Purchase(Action):
    kind: ClassVar[str] = "purchase"
    unit: str
    count: int = 1


@dataclass(frozen=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    units: tuple[int, ...]
    path: tuple[str, ...]


@dataclass(frozen=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    unit: str
    space: str
    count: int = 1


@dataclass(frozen=True)
class SelectBattle(Action):
    kind: ClassVar[str] = "select_battle"
    space: str


@dataclass(frozen=True)
class RollDice(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Casualties(Action):
    kind: ClassVar[str] = "casualties"
    units: tuple[int, ...]


@dataclass(frozen=True)
class Retreat(Action):
    kind: ClassVar[str] = "retreat"
    to: str


@dataclass(frozen=True)
class Reroll(Action):
    """Reconnaissance: reroll these dice (indices into the last Roll's dice) while the
    battle awaits "reroll"; `battle.reroll_eligible(state)` lists the indices allowed and
    `battle.reroll_limit(state)` how many. An empty tuple keeps the dice (= KeepDice)."""
    kind: ClassVar[str] = "reroll"
    dice: tuple[int, ...]


@dataclass(frozen=True)
class KeepDice(Action):
    """Reconnaissance: decline the rerolls; the hits are counted on the dice as rolled."""
    kind: ClassVar[str] = "keep_dice"


@dataclass(frozen=True)
class Airdrop(Action):
    """A flight to `to` by one of the two configurations of airdrop.py:
    - self-airlift (seed 002): `units` are paratroopers flying themselves; in the combat
      move an airborne attack on a hostile territory, in the non-combat move into a
      friendly capital;
    - air transports (seed 000): `units` are transport aircraft and the units they carry
      (one each), all starting together; in the combat move an airdrop into an enemy
      territory (intercepted in the battle), in the non-combat move a cargo flight.
    Seed 001 helicopters (helilift.py) also take off from carriers with cargo lifted off
    the player's ships in their sea zone, fly to a sea zone `to` to set their cargo
    aboard the player's ships there, and with `via` (a sea zone; "" = none) fly empty
    to the ships there, pick their cargo up and fly on to `to` (saves without `via` load
    as before).
    `airdrop.targets(state, group, via)` lists the destinations allowed,
    `airdrop.explain(state, group, to, via)` says why one is not, `airdrop.options(state)`
    lists every drop a player can make now (without pick-ups on the way).
    On hex maps (europa): an air drop, assault landing or air transport from a held
    airfield in the movement phase; `hexairdrop.targets` / `hexairdrop.explain`."""
    kind: ClassVar[str] = "airdrop"
    units: tuple[int, ...]
    to: str
    via: str = ""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if not self.via:
            del out["via"]   # written only for a pick-up: saves read the same as before it
        return out


@dataclass(frozen=True)
class Intercept(Action):
    """The defender's choice while the battle awaits "intercept" (an airdrop is coming):
    these defending fighters (`battle.interceptor_choices(state)`) intercept the air
    transports and take no part in the battle; () = none. RollDice = all of them."""
    kind: ClassVar[str] = "intercept"
    units: tuple[int, ...]


@dataclass(frozen=True)
class Kamikaze(Action):
    """The kamikaze player's choice while the battle awaits "kamikaze" (G40): the target
    ship of each token it spends (a ship may be named more than once); () = none.
    RollDice = the default choice (kamikaze.default_targets)."""
    kind: ClassVar[str] = "kamikaze"
    targets: tuple[int, ...]


@dataclass(frozen=True)
class Scramble(Action):
    """The defender's choice while a sea battle awaits "scramble" (G40): these aircraft
    (`scramble.choices(state)`) fly from their air bases into the attacked sea zone and
    defend it; () = none. RollDice = none."""
    kind: ClassVar[str] = "scramble"
    units: tuple[int, ...]


@dataclass(frozen=True)
class Attack(Action):
    """Hex maps, combat phase: `units` attack the enemy stack in hex `target`; resolved at
    once on the CRT (`crt.preview(state, target, units)` shows the odds first)."""
    kind: ClassVar[str] = "attack"
    target: str
    units: tuple[int, ...]


@dataclass(frozen=True)
class Withdraw(Action):
    """Between battle rounds (`awaiting == "continue"`), units with `withdraws` (seed 000
    auxiliary cruiser), attacking or defending, leave the battle alone to the bordering sea
    zone `to` holding no enemy ship; `battle.withdraw_options(state)` lists them."""
    kind: ClassVar[str] = "withdraw"
    units: tuple[int, ...]
    to: str


@dataclass(frozen=True)
class CoastalFire(Action):
    """Coastal artillery (seed 000 fortress) of the territory `space` fires at the enemy
    ships in the bordering sea zone `zone`, once per turn, in the conduct-combat phase
    outside a battle; `coastal.options(state)` lists the (space, zone) pairs."""
    kind: ClassVar[str] = "coastal_fire"
    space: str
    zone: str


@dataclass(frozen=True)
class Submerge(Action):
    """Submarines (submersible, seed 001) of one player leave the current battle and stay
    in the sea zone; allowed whenever they could otherwise roll (the battle awaits a roll
    or the next round), not while an enemy frigate is in the battle
    (`battle.can_submerge(state, unit)` says why not)."""
    kind: ClassVar[str] = "submerge"
    units: tuple[int, ...]


@dataclass(frozen=True)
class Advance(Action):
    """Hex maps: after a combat that vacated `to`, these attackers advance into it;
    no units = decline the advance."""
    kind: ClassVar[str] = "advance"
    units: tuple[int, ...]
    to: str = ""


@dataclass(frozen=True)
class HexLosses(Action):
    """Hex maps, after a CRT result (`hexcombat.loss_choice(state)`): the side taking a half or
    exchange loss loses these steps (a uid once: one step, reduced to its cadre if it has
    one; twice: eliminated). `hexcombat.loss_block` says why a choice is not allowed,
    `hexcombat.default_losses` is the rules' proposal."""
    kind: ClassVar[str] = "hex_losses"
    units: tuple[int, ...]


@dataclass(frozen=True)
class HexRetreat(Action):
    """Hex maps, after a CRT retreat result: these units (still to retreat, from one hex)
    retreat along `path` (`hexcombat.retreat_options(state, units)`: destination -> path;
    `retreat_explain` says why not; `default_retreat` is the rules' proposal)."""
    kind: ClassVar[str] = "hex_retreat"
    units: tuple[int, ...]
    path: tuple[str, ...]


@dataclass(frozen=True)
class Flip(Action):
    """Hex maps, initial phase: convert a two-sided unit (15.A.3 airborne HQ) to its
    other side."""
    kind: ClassVar[str] = "flip"
    unit: int


@dataclass(frozen=True)
class SupplyDrop(Action):
    """Seed 000 transport aircraft, Supply Drop (supplied supply rule, game/rules/zone/supply.py):
    at the start of the combat move, before any other combat movement, the air transport
    `unit` flies to the friendly territory `to` and puts it in supply for this turn;
    `supply.drop_options(state)` lists them, `supply.explain_drop` says why not."""
    kind: ClassVar[str] = "supply_drop"
    unit: int
    to: str


@dataclass(frozen=True)
class Ferry(Action):
    """Seed 000 transport aircraft, Ferry Operation: in the non-combat move the empty air
    transport `unit` flies `ipcs` IPCs (1 to 5) of its owner to the ally's territory `to`;
    the ally spends them at its next purchase (`supply.ferry_options`, `explain_ferry`)."""
    kind: ClassVar[str] = "ferry"
    unit: int
    to: str
    ipcs: int


@dataclass(frozen=True)
class DeclareWar(Action):
    """Politics phase (scenarios with `politics`): the current player makes its political
    action `name` (a declaration of war and its consequences; `politics.options(state)`
    lists those allowed now, `politics.explain` says why one is not)."""
    kind: ClassVar[str] = "declare_war"
    name: str


@dataclass(frozen=True)
class Raid(Action):
    """Combat move (ruleset facilities): `units` (bombers, with escorts) fly along `path`
    to raid the enemy `facility` in its last space (zone/raids.py); the raid is fought as a
    battle of its own. `raids.targets(state, space, player)` lists what may be raided."""
    kind: ClassVar[str] = "raid"
    units: tuple[int, ...]
    path: tuple[str, ...]
    facility: str


@dataclass(frozen=True)
class Repair(Action):
    """Purchase phase (ruleset facilities): remove `points` damage markers from the
    player's `facility` in `space`, paying its repair cost a marker
    (`facilities.repairable(state, player)` lists the damaged ones)."""
    kind: ClassVar[str] = "repair"
    space: str
    facility: str
    points: int = 1


ACTION_TYPES: dict[str, type[Action]] = {c.kind: c for c in (
    Raid, Repair, DeclareWar,
    EndPhase, Purchase, Move, Place, SelectBattle, RollDice, Casualties, Retreat, Reroll, KeepDice,
    Airdrop, Intercept, Kamikaze, Scramble, Withdraw, CoastalFire, Submerge, Attack, Advance, Flip, SupplyDrop, Ferry,
    HexLosses, HexRetreat)}


# each action type's field names, made on first use (dataclasses.fields() builds them
# anew at each call: a save of ~4,800 actions is read before its game shows, issue #45)
_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def action_from_json(data: dict[str, Any]) -> Action:
    if not isinstance(data, dict) or data.get("kind") not in ACTION_TYPES:
        raise ValueError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["kind"]]
    kwargs = {}
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    for name in names:
        if name in data:
            v = data[name]
            kwargs[name] = tuple(v) if isinstance(v, list) else v
    return cls(**kwargs)
