"""Actions and the one reducer: `apply(state, action) -> new state`.

Every change to a game goes through here: the UI turns clicks into actions,
the computer players choose actions, tests and saves are action lists.
`apply` never mutates its input; an illegal action raises IllegalAction with
a reason a player can read.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from . import (
    airdrop,
    battle,
    coastal,
    facilities,
    hexairdrop,
    hexcombat,
    hexmove,
    hexphases,
    hexunits,
    homeguard,
    movement,
    phases,
    production,
    raids,
    supply,
)
from .errors import IllegalAction
from .model import AIR, LAND, SEA, GameState, Ruleset, Scenario, Unit, UnitMap, unit_replace


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
    """Seed 000 transport aircraft, Supply Drop (supplied supply rule, game/rules/supply.py):
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
class Raid(Action):
    """Combat move (ruleset facilities): `units` (bombers, with escorts) fly along `path`
    to raid the enemy `facility` in its last space (raids.py); the raid is fought as a
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
    Raid, Repair, EndPhase, Purchase, Move, Place, SelectBattle, RollDice, Casualties, Retreat, Reroll, KeepDice,
    Airdrop, Intercept, Withdraw, CoastalFire, Submerge, Attack, Advance, Flip, SupplyDrop, Ferry,
    HexLosses, HexRetreat)}


def action_from_json(data: dict[str, Any]) -> Action:
    if not isinstance(data, dict) or data.get("kind") not in ACTION_TYPES:
        raise ValueError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["kind"]]
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            v = data[f.name]
            kwargs[f.name] = tuple(v) if isinstance(v, list) else v
    return cls(**kwargs)


# --- game creation -------------------------------------------------------------
def new_game(scenario: Scenario, ruleset: Ruleset, seed: int,
             scripted_dice: tuple[int, ...] = ()) -> GameState:
    state = GameState(ruleset=ruleset, scenario=scenario, seed=seed, scripted_dice=scripted_dice)
    state.owners = dict(scenario.start_owners)
    state.turn_owners = dict(scenario.start_owners)
    state.factories = scenario.start_factories
    facilities.start(state)
    state.resources = {p.id: p.resources for p in scenario.players}
    start: list[Unit] = []
    for space, owner, utype, count in scenario.start_units:
        for _ in range(count):
            start.append(Unit(state.next_uid, utype, owner, space))
            state.next_uid += 1
    if isinstance(state.units, UnitMap):
        state.units.add_new(start)
    else:
        state.units.update((u.uid, u) for u in start)
    production.assign_carriers(state)
    state.add_log(f"{scenario.title}. — Round 1: {scenario.players[0].name} —")
    if scenario.hexmap is not None:
        hexphases.begin_player_turn(state)
    return state


# --- the reducer -------------------------------------------------------------------
def actor(state: GameState) -> str:
    """The player who must act next (a defender chooses its own casualties and decides
    its own rerolls; hits of a unit with chooses_casualty are assigned by the firing side)."""
    ht = state.hexturn
    if ht is not None and ht.pending is not None:   # hex maps: losses and retreats after a CRT result
        return ht.pending.chooser
    b = state.battle
    if b is not None and ((b.awaiting == "casualties" and b.pools and
                           (b.pools[0].chooser or b.pools[0].side) == "defender")
                          or (b.awaiting == "reroll" and b.rolls and b.rolls[-1].side == "defender")
                          or b.awaiting == "intercept"):
        owner = state.owners.get(b.space)
        if owner in b.defenders:
            return owner
        return b.defenders[0] if b.defenders else state.player
    return state.player


def apply(state: GameState, action: Action) -> GameState:
    if state.over:
        raise IllegalAction("The game is over.")
    new = state.copy()
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"Unknown action {action!r}.")
    handler(new, action)
    new.action_count += 1
    return new


def _need_phase(state: GameState, *names: str) -> None:
    if state.phase not in names:
        wanted = " or ".join(phases.PHASE_NAMES.get(n, n) for n in names)
        raise IllegalAction(f"That is done in the {wanted} phase; now it is "
                            f"{phases.PHASE_NAMES.get(state.phase, state.phase)}.")


def _end_phase(state: GameState, a: EndPhase) -> None:
    if state.scenario.hexmap is not None:
        hexphases.end_phase(state)
        return
    phases.end_phase(state)


def _purchase(state: GameState, a: Purchase) -> None:
    _need_phase(state, "purchase")
    production.purchase(state, a.unit, a.count)


def _raid(state: GameState, a: Raid) -> None:
    _need_phase(state, movement.COMBAT)
    raids.check_target(state, a.facility)
    if not a.path:
        raise IllegalAction("A raid needs a path.")
    group = [state.units[uid] for uid in a.units if uid in state.units]
    if len(group) != len(set(a.units)) or not group:
        raise IllegalAction("Unknown unit.")
    if why := raids.raid_block(state, group, a.path[-1], a.facility):
        raise IllegalAction(why)
    _move(state, Move(a.units, a.path), raid=True)
    raids.declare(state, [state.units[uid] for uid in a.units], a.path[-1], a.facility)


def _repair(state: GameState, a: Repair) -> None:
    _need_phase(state, "purchase")
    facilities.repair(state, a.space, a.facility, _whole(a.points, "points"))


def _place(state: GameState, a: Place) -> None:
    _need_phase(state, "place")
    production.place(state, a.unit, a.space, a.count)


def _move(state: GameState, a: Move, raid: bool = False) -> None:
    if state.scenario.hexmap is not None:
        hexphases.need_phase(state, "movement", "exploitation")
        hexmove.move(state, tuple(a.units), tuple(a.path))
        return
    _need_phase(state, movement.COMBAT, movement.NONCOMBAT)
    if not a.units:
        raise IllegalAction("Select units to move.")
    if len(set(a.units)) != len(a.units):
        raise IllegalAction("A unit is listed twice.")
    for uid in a.units:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    for s in a.path:
        if s not in state.scenario.spaces:
            raise IllegalAction(f"Unknown space '{s}'.")
    group = [state.units[uid] for uid in a.units]
    player = state.player
    for u in group:
        if u.owner != player:
            raise IllegalAction(f"That {state.utype(u).name} is not yours.")
    names = state.scenario.spaces
    # unloading cargo onto land
    if all(u.carried_by is not None and state.utype(u).domain == LAND for u in group):
        why = movement.allied_cargo_block(state, group)
        if why:
            raise IllegalAction(why)
        for t_uid in sorted({u.carried_by for u in group if u.carried_by in state.units}):
            why = movement.offload_block(state, state.units[t_uid], a.path[-1]) if a.path else ""
            if why:
                raise IllegalAction(why)
        if len(a.path) != 1 or a.path[0] not in movement.unload_targets(state, group):
            dest = names[a.path[-1]].name if a.path else "?"
            raise IllegalAction(f"Cargo can only unload into a bordering territory: "
                                f"{dest} is not one now (hostile in combat move, friendly otherwise; "
                                f"enemy warships block unloading).")
        dest = a.path[0]
        hostile = movement.is_hostile(state, dest, player)
        for u in group:
            t = state.units[u.carried_by]  # type: ignore[index]
            state.units[t.uid] = replace(t, unloaded=True)
            state.ro3_moves[f"offload|{t.uid}|{dest}"] = state.ro3_moves.get(f"offload|{t.uid}|{dest}", 0) + 1
            state.units[u.uid] = replace(u, space=dest, carried_by=None, moved=state.utype(u).move,
                                         in_combat=hostile, amphibious=hostile)
        if hostile:
            state.origins.setdefault(dest, ())
            sea_from = group[0].space
            state.landings[dest] = tuple(sorted(set(state.landings.get(dest, ())) | {sea_from}))
        state.add_log(f"{state.scenario.player(player).name}: {len(group)} unit(s) unload from "
                      f"{names[group[0].space].name} into {names[dest].name}"
                      f"{' (amphibious assault)' if hostile else ''}.")
        return
    # loading onto a transport
    domain = movement.group_domain(state, group)
    if (domain == LAND and len(a.path) == 1 and names[a.path[0]].kind == SEA):
        sea = a.path[0]
        if sea not in names[group[0].space].adjacent:
            raise IllegalAction(f"{names[sea].name} does not border {names[group[0].space].name}.")
        if any(movement.moves_left(state, u) <= 0 or u.in_combat for u in group):
            raise IllegalAction("Those units have no movement left to board.")
        if any(u.moved for u in group):
            raise IllegalAction("Loading is a land unit's entire move: units that have moved "
                                "this turn cannot board.")
        if state.phase == movement.COMBAT:
            for u in group:
                if state.utype(u).has("noncombat_move_only"):
                    raise IllegalAction(f"{state.utype(u).name} moves only in the non-combat move.")
        if len({u.space for u in group}) != 1:
            raise IllegalAction("Units moving together must start in the same space.")
        assignment = movement.pick_transports(state, group, sea, player)
        if state.phase == movement.COMBAT and (why := movement.combat_loading_block(state, assignment)):
            raise IllegalAction(why)
        for u in group:
            state.units[u.uid] = replace(u, space=sea, carried_by=assignment[u.uid],
                                         moved=state.utype(u).move)
            if state.units[assignment[u.uid]].owner != player:
                state.ro3_moves[f"loaded_allied|{u.uid}"] = 1
            if state.phase == movement.COMBAT:
                state.ro3_moves[f"combat_loaded|{u.uid}"] = 1   # must be offloaded this turn
        state.add_log(f"{state.scenario.player(player).name}: {len(group)} unit(s) board a "
                      f"transport in {names[sea].name}.")
        return
    if movement.is_forced_march(state, group, a.path):
        _forced_march(state, group, a.path)
        return
    movement.check_path(state, group, a.path, raid=raid)
    dest = a.path[-1]
    hostile = movement.is_hostile(state, dest, player)
    # towing: the Rule of Three counts towed units per territory of departure
    tow = movement.towing(state, group) if domain == LAND else {}
    spent = movement.path_cost(state, group, a.path)
    needed = [uid for uid in tow if movement.moves_left(state, state.units[uid]) < spent]
    if needed and any(ab.rule_of_three for u in group for ab in state.utype(u).abilities_named("tows")):
        key = f"tows|{group[0].space}"
        state.ro3_moves[key] = state.ro3_moves.get(key, 0) + len(needed)
    # blitz: empty enemy territories passed through are taken on the way, unless a
    # Home Guard rises there (seed 000 G2): then the move ends there, as an attack
    path = a.path
    if domain == LAND and state.phase == movement.COMBAT:
        for i, s in enumerate(a.path[:-1]):
            if movement.is_enemy_land(state, s, player) and (d := homeguard.defender_if_raised(state, s)):
                homeguard.raise_guard(state, s, d)
                path = a.path[:i + 1]
                break
    if path != a.path:
        a = dataclasses.replace(a, path=path)
        dest = a.path[-1]
        hostile = True
    # seed 000 R3: a blitz is the unit's "complete move" even when it ends in a friendly
    # territory (or back where it started): no movement is left for the non-combat move
    whole_move = (domain == LAND and state.phase == movement.COMBAT and not hostile
                  and movement.blitzes(state, tuple(a.path), player))
    if domain == LAND:
        for s in a.path[:-1]:
            if movement.is_enemy_land(state, s, player):
                production.capture(state, s, player)
                production.capture_units(state, s, player)
                state.add_log(f"  (blitz through {names[s].name})")
    spent = movement.path_cost(state, group, a.path)   # the path may have been cut short
    for u in group:
        upd: dict[str, Any] = {"space": dest, "moved": u.moved + spent}
        if whole_move:
            upd["moved"] = max(upd["moved"], state.utype(u).move)
        if hostile and state.phase == movement.COMBAT:
            upd["in_combat"] = True
        if domain == SEA and state.phase == movement.COMBAT:
            state.ro3_moves[f"combat_moved|{u.uid}"] = 1   # no non-combat move after it
        if state.utype(u).domain == AIR:
            upd["carried_by"] = None
        state.units[u.uid] = unit_replace(u, **upd)
        carrier = state.utype(u).ability("carrier")
        for c in movement.cargo_of(state, u.uid):
            if carrier is not None and carrier.own_aircraft_launch and c.owner == player \
                    and state.utype(c).domain == AIR and not movement.trapped(state, c):
                state.units[c.uid] = unit_replace(c, carried_by=None)  # launched: stays, flies on its own
            elif state.utype(u).has("transport") or c.owner != player or state.utype(c).domain == AIR:
                state.units[c.uid] = unit_replace(c, space=dest)
    if hostile and state.phase == movement.COMBAT:
        came_from = a.path[-2] if len(a.path) > 1 else group[0].space
        if domain != AIR:
            state.origins[dest] = tuple(sorted(set(state.origins.get(dest, ())) | {came_from}))
        else:
            state.origins.setdefault(dest, ())
    counts: dict[str, int] = {}
    for u in group:
        counts[state.utype(u).name] = counts.get(state.utype(u).name, 0) + 1
    what = ", ".join(f"{n} {k}" for k, n in counts.items())
    state.add_log(f"{state.scenario.player(player).name}: {what} -> {names[dest].name}"
                  f"{' (attack)' if hostile and state.phase == movement.COMBAT else ''}.")


def _forced_march(state: GameState, group: list[Unit], path: tuple[str, ...]) -> None:
    """forced_march: a move under the non-combat rules inside the combat move; movement
    is then renewed (the units keep `moved` 0 and are marked as having marched)."""
    player = state.player
    movement.check_path(state, group, path, phase=movement.NONCOMBAT)
    start = group[0].space
    key = f"forced_march|{start}"
    cap = state.ruleset.rule_of_three
    ro3 = any(ab.rule_of_three for u in group for ab in state.utype(u).abilities_named("forced_march"))
    if ro3 and cap is not None and state.ro3_moves.get(key, 0) + len(group) > cap:
        left = max(0, cap - state.ro3_moves.get(key, 0))
        raise IllegalAction(f"Rule of Three: at most {cap} units may force-march from "
                            f"{state.scenario.spaces[start].name} this turn ({left} left).")
    if ro3:
        state.ro3_moves[key] = state.ro3_moves.get(key, 0) + len(group)
    for u in group:
        state.units[u.uid] = replace(u, space=path[-1], marched=True)
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} "
                  f"{state.utype(group[0]).name} force-march to "
                  f"{state.scenario.spaces[path[-1]].name} (movement renewed).")


def _airdrop(state: GameState, a: Airdrop) -> None:
    if state.scenario.hexmap is not None:   # Europa air drops / air transport (hexairdrop.py)
        hexphases.need_phase(state, "movement")
        if a.via:
            raise IllegalAction("On a hex map units are not picked up on the way.")
        hexairdrop.fly(state, tuple(a.units), a.to)
        return
    _need_phase(state, movement.COMBAT, movement.NONCOMBAT)
    airdrop.airdrop(state, tuple(a.units), a.to, via=a.via)


def _select_battle(state: GameState, a: SelectBattle) -> None:
    _need_phase(state, "conduct_combat")
    if state.battle is not None:
        raise IllegalAction("Finish the current battle first.")
    if a.space not in state.battles:
        raise IllegalAction("There is no battle to fight there.")
    if state.raids and (why := raids.order_block(state, a.space)):
        raise IllegalAction(why)
    if state.raids and raids.raiders(state, a.space, state.player):
        if raids.pending(state, a.space):
            raids.start(state, a.space)   # the raid first; then any ordinary battle there
            return
        if not raids.needs_battle(state, a.space):
            state.add_log(f"No raid on {state.scenario.spaces[a.space].name}: "
                          "nothing of the enemy's to raid there now.")
            state.battles = tuple(s for s in state.battles if s != a.space)
            return
    battle.start(state, a.space)


def _roll(state: GameState, a: RollDice) -> None:
    _need_phase(state, "conduct_combat")
    b = state.battle
    if b is None:
        raise IllegalAction("Choose a battle first.")
    if b.awaiting == "casualties":
        raise IllegalAction("Choose casualties first.")
    if b.awaiting == "reroll":  # the default button: reroll the misses (battle.default_reroll)
        battle.reroll(state, battle.default_reroll(state))
        return
    if b.awaiting == "intercept":  # the default: every fighter that may intercepts
        battle.choose_interceptors(state, None)
        return
    if b.awaiting == "continue":
        state.battle = replace(b, awaiting="roll", rolls=())
        state.add_log(f"  Round {b.round}.")
    battle.advance(state)


def _need_awaiting(state: GameState, awaiting: str, reason: str) -> None:
    """In the conduct combat phase, the current battle must wait for `awaiting`;
    otherwise the action is illegal for `reason`."""
    _need_phase(state, "conduct_combat")
    if state.battle is None or state.battle.awaiting != awaiting:
        raise IllegalAction(reason)


def _casualties(state: GameState, a: Casualties) -> None:
    _need_awaiting(state, "casualties", "No casualties to choose now.")
    battle.take_casualties(state, tuple(a.units))


def _reroll(state: GameState, a: Reroll) -> None:
    _need_awaiting(state, "reroll", "There are no dice to reroll now.")
    battle.reroll(state, tuple(a.dice))


def _keep_dice(state: GameState, a: KeepDice) -> None:
    _need_awaiting(state, "reroll", "There are no dice to keep or reroll now.")
    battle.reroll(state, ())


def _intercept(state: GameState, a: Intercept) -> None:
    _need_awaiting(state, "intercept", "There is no airdrop to intercept now.")
    battle.choose_interceptors(state, tuple(a.units))


def _withdraw(state: GameState, a: Withdraw) -> None:
    _need_phase(state, "conduct_combat")
    if state.battle is None:
        raise IllegalAction("There is no battle to withdraw from.")
    battle.withdraw(state, tuple(a.units), a.to)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{what} must be a whole number, not {value!r}.")
    return value


def _supply_drop(state: GameState, a: SupplyDrop) -> None:
    _need_phase(state, movement.COMBAT)
    supply.supply_drop(state, _whole(a.unit, "unit"), str(a.to))


def _ferry(state: GameState, a: Ferry) -> None:
    _need_phase(state, movement.NONCOMBAT)
    supply.ferry(state, _whole(a.unit, "unit"), str(a.to), _whole(a.ipcs, "ipcs"))


def _coastal_fire(state: GameState, a: CoastalFire) -> None:
    coastal.fire(state, a.space, a.zone)


def _retreat(state: GameState, a: Retreat) -> None:
    _need_phase(state, "conduct_combat")
    if state.battle is None:
        raise IllegalAction("There is no battle to retreat from.")
    battle.retreat(state, a.to)


def _submerge(state: GameState, a: Submerge) -> None:
    _need_phase(state, "conduct_combat")
    battle.submerge(state, tuple(a.units))


def _attack(state: GameState, a: Attack) -> None:
    if state.scenario.hexmap is None:
        raise IllegalAction("Attack is for hex maps; on zone maps move into the territory.")
    hexphases.need_phase(state, "combat")
    hexcombat.resolve(state, a.target, tuple(a.units))


def _advance(state: GameState, a: Advance) -> None:
    if state.scenario.hexmap is None:
        raise IllegalAction("Advance after combat is for hex maps.")
    hexphases.need_phase(state, "combat")
    hexcombat.advance(state, tuple(a.units), a.to)


def _hex_losses(state: GameState, a: HexLosses) -> None:
    if state.scenario.hexmap is None:
        raise IllegalAction("HexLosses is for hex maps; zone battles choose Casualties.")
    hexphases.need_phase(state, "combat")
    hexcombat.choose_losses(state, tuple(a.units))


def _hex_retreat(state: GameState, a: HexRetreat) -> None:
    if state.scenario.hexmap is None:
        raise IllegalAction("HexRetreat is for hex maps.")
    hexphases.need_phase(state, "combat")
    hexcombat.choose_retreat(state, tuple(a.units), tuple(a.path))


def hex_decision(state: GameState) -> Action | None:
    """Hex maps: the rules' proposal for the choice a combat result waits for (losses,
    retreat), None when nothing waits. Computer players send it."""
    ch = hexcombat.loss_choice(state)
    if ch is not None:
        return HexLosses(ch.default)
    rt = hexcombat.default_retreat(state)
    if rt is not None:
        return HexRetreat(rt[0], rt[1])
    return None


def _flip(state: GameState, a: Flip) -> None:
    if state.scenario.hexmap is None:
        raise IllegalAction("Flip is for hex maps.")
    hexunits.flip(state, a.unit)


_HANDLERS: dict[type[Action], Any] = {
    Attack: _attack, Advance: _advance, Flip: _flip, HexLosses: _hex_losses, HexRetreat: _hex_retreat,
    EndPhase: _end_phase, Purchase: _purchase, Place: _place, Move: _move, Repair: _repair,
    Raid: _raid,
    SelectBattle: _select_battle, RollDice: _roll, Casualties: _casualties, Retreat: _retreat,
    Reroll: _reroll, KeepDice: _keep_dice, Airdrop: _airdrop, Intercept: _intercept,
    Withdraw: _withdraw, CoastalFire: _coastal_fire, Submerge: _submerge,
    SupplyDrop: _supply_drop, Ferry: _ferry,
}


# --- legal actions (UI highlighting, computer players, property tests) ----------
def default_casualties(state: GameState) -> Casualties:
    b = state.battle
    assert b is not None and b.pools
    return Casualties(tuple(battle.default_casualties(state, b, b.pools[0])))


def stacks(state: GameState, player: str) -> dict[tuple[str, str, bool, int], list[Unit]]:
    """The player's movable units grouped by (space, type, aboard, moved)."""
    out: dict[tuple[str, str, bool, int], list[Unit]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner == player:
            out.setdefault((u.space, u.type, u.carried_by is not None, u.moved), []).append(u)
    return out


def legal_actions(state: GameState, max_moves: int = 400) -> list[Action]:
    """A finite list of legal actions (single-unit moves; one default casualty
    choice). Enough for random and greedy players and for property tests."""
    if state.over:
        return []
    if state.scenario.hexmap is not None:
        return hex_legal_actions(state, max_moves)
    out: list[Action] = []
    phase = state.phase
    player = state.player
    if phase == "purchase":
        for uid_ in state.ruleset.units:
            cost = production.unit_cost(state, uid_, player)
            if cost is not None and cost <= state.resources[player]:
                out.append(Purchase(uid_, 1))
        for fid in state.ruleset.facilities:
            fcost = production.facility_cost(state, fid, player)
            if fcost is not None and fcost <= state.resources[player]:
                out.append(Purchase(fid, 1))
        for space, fid, _dmg in facilities.repairable(state, player):
            if state.ruleset.facilities[fid].repair_cost <= state.resources[player]:
                out.append(Repair(space, fid, 1))
        out.append(EndPhase())
    elif phase in (movement.COMBAT, movement.NONCOMBAT):
        # air transports (listed first, so the cap never hides them): one transport with
        # one unit per option
        out.extend(opt.action(1) for opt in airdrop.options(state, self_airlift=False))
        out.extend(SupplyDrop(uid, to) for uid, to in supply.drop_options(state))
        out.extend(Ferry(uid, to, 1) for uid, to in supply.ferry_options(state))
        for (_space, _t, aboard, _m), units in stacks(state, player).items():
            u = units[0]
            if aboard and state.utype(u).domain == LAND:
                for land in movement.unload_targets(state, [u]):
                    out.append(Move((u.uid,), (land,)))
                continue
            for path in movement.reachable(state, [u]).values():
                out.append(Move((u.uid,), path))
            if phase == movement.COMBAT and state.ruleset.facilities and raids.is_bomber(state, u) \
                    and u.uid not in state.raids:
                for path in movement.reachable(state, [u], raid=True).values():
                    out.extend(Raid((u.uid,), path, fid) for fid in raids.targets(state, path[-1], player)
                               if raids.can_bomb(state, u, fid))
            if phase == movement.COMBAT and movement.is_forced_march(state, [u], (u.space,)) \
                    and movement.forced_march_room(state, u) > 0:
                for dest, path in movement.reachable(state, [u], phase=movement.NONCOMBAT).items():
                    if not movement.is_hostile(state, dest, player):
                        out.append(Move((u.uid,), path))
            if state.utype(u).domain == LAND:
                for sea in movement.load_targets(state, [u]):
                    out.append(Move((u.uid,), (sea,)))
                if state.utype(u).has("self_airlift"):
                    out.extend(Airdrop((u.uid,), dest) for dest in airdrop.targets(state, [u]))
            if len(out) >= max_moves:
                break
        if phase != movement.COMBAT or not movement.combat_cargo_pending(state, player):
            out.append(EndPhase())
    elif phase == "conduct_combat":
        b = state.battle
        if b is None:
            out.extend(CoastalFire(s, z) for s, z in coastal.options(state))
            out.extend(SelectBattle(s) for s in state.battles
                       if not state.raids or not raids.order_block(state, s))
            if not state.battles:
                out.append(EndPhase())
        elif b.awaiting == "casualties":
            out.append(default_casualties(state))
        elif b.awaiting == "reroll":
            out.append(Reroll(battle.default_reroll(state)))
            out.append(KeepDice())
        elif b.awaiting == "intercept":
            out.append(Intercept(tuple(battle.interceptor_choices(state))))
            out.append(Intercept(()))
        else:
            out.append(RollDice())
            if b.awaiting == "continue" and not battle.retreat_blocker(state, b):
                out.extend(Retreat(s) for s in b.origins)
            if b.awaiting == "continue":
                out.extend(Withdraw((uid,), z) for uid, zones in battle.withdraw_options(state).items()
                           for z in zones)
            out.extend(Submerge((u.uid,)) for u in battle.attackers(state, b)
                       if state.utype(u).has("submersible") and not battle.can_submerge(state, u))
    elif phase == "place":
        for unit, _n in sorted(production.unplaced(state, player).items()):
            ut = state.ruleset.units[unit]
            for s, sp in state.scenario.spaces.items():
                if (sp.kind == SEA) != (ut.domain == SEA):
                    continue
                try:
                    production.placement_factory(state, unit, s, player)
                except IllegalAction:
                    continue
                out.append(Place(unit, s, 1))
        for fid in sorted(facilities.unplaced(state, player)):
            out.extend(Place(fid, s, 1) for s in facilities.build_spaces(state, fid, player))
        if not production.awaited_carrier_block(state, player):
            out.append(EndPhase())
    else:
        out.append(EndPhase())
    return out


def is_air(state: GameState, u: Unit) -> bool:
    return state.utype(u).domain == AIR


def hex_legal_actions(state: GameState, max_moves: int = 400) -> list[Action]:
    """Hex maps: single-unit moves, every attack with all available attackers, advances."""
    out: list[Action] = []
    player = state.player
    phase = state.phase
    if phase in ("movement", "exploitation"):
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.owner != player or hexmove.mp_left(state, u) <= 0:
                continue
            for _dest, path in sorted(hexmove.reachable(state, (u.uid,)).items()):
                out.append(Move((u.uid,), path))
            if phase == "movement":
                out.extend(Airdrop((u.uid,), to) for to in hexairdrop.targets(state, (u.uid,)))
            if len(out) >= max_moves:
                break
    elif phase == "combat":
        ht = hexcombat.turn(state)
        decision = hex_decision(state)
        if decision is not None:
            return [decision]
        if ht.advance is not None:
            hexid, uids = ht.advance
            out.append(Advance(tuple(uids), hexid))
            out.append(Advance((), hexid))
            return out
        for target in hexcombat.attack_targets(state, player):
            units = tuple(u.uid for u in hexcombat.attackers_for(state, target, player))
            out.append(Attack(target, units))
    out.append(EndPhase())
    return out


from . import edit as _edit  # noqa: E402,F401  (registers the edit actions: edit.py)
