"""The zone family's entry for the reducer: which actions it handles, how, and which are legal.

The handlers check the phase and the battle's state, then call the rules modules of this
package (movement, battle, production, ...); moves.py applies a Move.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .. import politics
from ..action_types import (
    Action,
    Airdrop,
    Casualties,
    CoastalFire,
    DeclareWar,
    EndPhase,
    Ferry,
    Intercept,
    Kamikaze,
    KeepDice,
    Move,
    Place,
    Purchase,
    Raid,
    Repair,
    Reroll,
    Retreat,
    RollDice,
    Scramble,
    SelectBattle,
    Submerge,
    SupplyDrop,
    Withdraw,
)
from ..errors import IllegalAction
from ..family import Handler
from ..model import LAND, SEA, GameState, Unit
from . import (
    airdrop,
    battle,
    coastal,
    facilities,
    kamikaze,
    landings,
    movement,
    phases,
    production,
    raids,
    scramble,
    supply,
)
from .moves import move


def need_phase(state: GameState, *names: str) -> None:
    if state.phase not in names:
        wanted = " or ".join(phases.PHASE_NAMES.get(n, n) for n in names)
        raise IllegalAction(f"That is done in the {wanted} phase; now it is "
                            f"{phases.PHASE_NAMES.get(state.phase, state.phase)}.")




def _end_phase(state: GameState, a: EndPhase) -> None:
    phases.end_phase(state)


def _purchase(state: GameState, a: Purchase) -> None:
    need_phase(state, "purchase")
    production.purchase(state, a.unit, a.count)


def _place(state: GameState, a: Place) -> None:
    need_phase(state, "place")
    production.place(state, a.unit, a.space, a.count)


def _raid(state: GameState, a: Raid) -> None:
    need_phase(state, movement.COMBAT)
    raids.check_target(state, a.facility)
    if not a.path:
        raise IllegalAction("A raid needs a path.")
    group = [state.units[uid] for uid in a.units if uid in state.units]
    if len(group) != len(set(a.units)) or not group:
        raise IllegalAction("Unknown unit.")
    if why := raids.raid_block(state, group, a.path[-1], a.facility):
        raise IllegalAction(why)
    move(state, Move(a.units, a.path), raid=True)
    raids.declare(state, [state.units[uid] for uid in a.units], a.path[-1], a.facility)


def _repair(state: GameState, a: Repair) -> None:
    need_phase(state, "purchase")
    facilities.repair(state, a.space, a.facility, _whole(a.points, "points"))


def _move(state: GameState, a: Move) -> None:
    need_phase(state, movement.COMBAT, movement.NONCOMBAT)
    move(state, a)


def _airdrop(state: GameState, a: Airdrop) -> None:
    need_phase(state, movement.COMBAT, movement.NONCOMBAT)
    airdrop.airdrop(state, tuple(a.units), a.to, via=a.via)


def _select_battle(state: GameState, a: SelectBattle) -> None:
    need_phase(state, "conduct_combat")
    if state.zone.battle is not None:
        raise IllegalAction("Finish the current battle first.")
    if a.space not in state.zone.battles:
        raise IllegalAction("There is no battle to fight there.")
    if state.zone.raids and (why := raids.order_block(state, a.space)):
        raise IllegalAction(why)
    if state.zone.raids and raids.raiders(state, a.space, state.player):
        if raids.pending(state, a.space):
            raids.start(state, a.space)   # the raid first; then any ordinary battle there
            return
        if not raids.needs_battle(state, a.space):
            state.add_log(f"No raid on {state.scenario.spaces[a.space].name}: "
                          "nothing of the enemy's to raid there now.")
            state.zone.battles = tuple(s for s in state.zone.battles if s != a.space)
            return
    if why := landings.order_block(state, a.space):
        raise IllegalAction(why)
    if landings.landed_from(state, a.space):
        landings.settle(state, a.space)   # the sea battle before the landing is over
        if _landing_settled(state, a.space):
            return
    if zone := scramble.assault_zone(state, a.space):
        scramble.open_zone(state, zone, a.space)   # G40: the defender may scramble there first
        return
    battle.start(state, a.space)


def _landing_settled(state: GameState, space: str) -> bool:
    """After a contested landing settles: nothing of the player's left in `space` (the
    landing failed), or no enemy there (taken without a fight)? Then no battle."""
    player = state.player
    mine = [u for u in state.units_in(space) if u.owner == player]
    if mine and movement.enemies_in(state, space, player):
        return False
    state.zone.battles = tuple(s for s in state.zone.battles if s != space)
    if mine and movement.is_enemy_land(state, space, player) and any(
            state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture") for u in mine):
        production.take_without_a_fight(state, space, player)
    return True


def _roll(state: GameState, a: RollDice) -> None:
    need_phase(state, "conduct_combat")
    b = state.zone.battle
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
    if b.awaiting == "kamikaze":   # the default: a token on each target, costliest first
        kamikaze.choose(state, None)
        return
    if b.awaiting == "scramble":  # the default: nothing scrambles
        scramble.scramble(state, ())
        return
    if b.awaiting == "continue":
        state.zone.battle = replace(b, awaiting="roll", rolls=())
        state.add_log(f"  Round {b.round}.")
    battle.advance(state)


def _need_awaiting(state: GameState, awaiting: str, reason: str) -> None:
    """In the conduct combat phase, the current battle must wait for `awaiting`;
    otherwise the action is illegal for `reason`."""
    need_phase(state, "conduct_combat")
    if state.zone.battle is None or state.zone.battle.awaiting != awaiting:
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


def _kamikaze(state: GameState, a: Kamikaze) -> None:
    _need_awaiting(state, "kamikaze", "There is no kamikaze strike to make now.")
    kamikaze.choose(state, tuple(a.targets))


def _scramble(state: GameState, a: Scramble) -> None:
    _need_awaiting(state, "scramble", "There is nothing to scramble to now.")
    scramble.scramble(state, tuple(a.units))


def _withdraw(state: GameState, a: Withdraw) -> None:
    need_phase(state, "conduct_combat")
    if state.zone.battle is None:
        raise IllegalAction("There is no battle to withdraw from.")
    battle.withdraw(state, tuple(a.units), a.to)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{what} must be a whole number, not {value!r}.")
    return value


def _supply_drop(state: GameState, a: SupplyDrop) -> None:
    need_phase(state, movement.COMBAT)
    supply.supply_drop(state, _whole(a.unit, "unit"), str(a.to))


def _ferry(state: GameState, a: Ferry) -> None:
    need_phase(state, movement.NONCOMBAT)
    supply.ferry(state, _whole(a.unit, "unit"), str(a.to), _whole(a.ipcs, "ipcs"))


def _coastal_fire(state: GameState, a: CoastalFire) -> None:
    coastal.fire(state, a.space, a.zone)


def _retreat(state: GameState, a: Retreat) -> None:
    need_phase(state, "conduct_combat")
    if state.zone.battle is None:
        raise IllegalAction("There is no battle to retreat from.")
    battle.retreat(state, a.to)


def _submerge(state: GameState, a: Submerge) -> None:
    need_phase(state, "conduct_combat")
    battle.submerge(state, tuple(a.units))


def _declare_war(state: GameState, a: DeclareWar) -> None:
    need_phase(state, politics.PHASE)
    politics.declare(state, str(a.name))


HANDLERS: dict[type[Action], Handler] = {
    EndPhase: _end_phase, Purchase: _purchase, Place: _place, Move: _move, Repair: _repair,
    Raid: _raid,
    SelectBattle: _select_battle, RollDice: _roll, Casualties: _casualties, Retreat: _retreat,
    Reroll: _reroll, KeepDice: _keep_dice, Airdrop: _airdrop, Intercept: _intercept, Kamikaze: _kamikaze,
    Scramble: _scramble,
    Withdraw: _withdraw, CoastalFire: _coastal_fire, Submerge: _submerge,
    SupplyDrop: _supply_drop, Ferry: _ferry, DeclareWar: _declare_war,
}

# what a player is told who sends another family's action on a zone map
REFUSALS: dict[str, str] = {
    "attack": "Attack is for hex maps; on zone maps move into the territory.",
    "advance": "Advance after combat is for hex maps.",
    "hex_losses": "HexLosses is for hex maps; zone battles choose Casualties.",
    "hex_retreat": "HexRetreat is for hex maps.",
    "flip": "Flip is for hex maps.",
}


# --- legal actions (UI highlighting, computer players, property tests) ----------
def default_casualties(state: GameState) -> Casualties:
    b = state.zone.battle
    assert b is not None and b.pools
    return Casualties(tuple(battle.default_casualties(state, b, b.pools[0])))


def forced_casualties(state: GameState) -> Casualties | None:
    """The casualties awaited now when the choice has one outcome only (the default order
    of loss then gives it), else None: the side must be asked."""
    b = state.zone.battle
    if b is None or b.awaiting != "casualties" or not b.pools:
        return None
    if not battle.casualties_forced(state, b, b.pools[0]):
        return None
    return default_casualties(state)


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
                    and u.uid not in state.zone.raids:
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
        b = state.zone.battle
        if b is None:
            out.extend(CoastalFire(s, z) for s, z in coastal.options(state))
            out.extend(SelectBattle(s) for s in state.zone.battles
                       if (not state.zone.raids or not raids.order_block(state, s))
                       and not landings.order_block(state, s))
            if not state.zone.battles:
                out.append(EndPhase())
        elif b.awaiting == "casualties":
            out.append(default_casualties(state))
        elif b.awaiting == "reroll":
            out.append(Reroll(battle.default_reroll(state)))
            out.append(KeepDice())
        elif b.awaiting == "intercept":
            out.append(Intercept(tuple(battle.interceptor_choices(state))))
            out.append(Intercept(()))
        elif b.awaiting == "kamikaze":
            out.append(Kamikaze(kamikaze.default_targets(state, b)))
            out.append(Kamikaze(()))
        elif b.awaiting == "scramble":
            out.append(Scramble(tuple(scramble.default_choice(state))))
            out.append(Scramble(()))
        else:
            out.append(RollDice())
            if b.awaiting == "continue" and not battle.retreat_blocker(state, b):
                out.extend(Retreat(s) for s in b.origins)
            if b.awaiting == "continue":
                out.extend(Withdraw((uid,), z) for uid, zones in battle.withdraw_options(state).items()
                           for z in zones)
            out.extend(Submerge((u.uid,)) for u in battle.attackers(state, b)
                       if state.utype(u).has("submersible") and not battle.can_submerge(state, u))
    elif phase == politics.PHASE:
        out.extend(DeclareWar(d.name) for d in politics.options(state))
        out.append(EndPhase())
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



class ZoneFamily:
    """Territories and sea zones: interwar, modern-naval, g40."""
    name = "zone"
    handlers: Mapping[type[Action], Handler] = HANDLERS
    refusals: Mapping[str, str] = REFUSALS

    def settle(self, state: GameState) -> None:
        production.assign_carriers(state)

    def begin(self, state: GameState) -> None:
        """The scenario's complexes and bases start as facilities (g40); the first phase
        (purchase) needs nothing else."""
        facilities.start(state)

    def chooser(self, state: GameState) -> str | None:
        """A battle's defender chooses its own casualties, decides its own rerolls, its
        interceptors and what scrambles (G40); the kamikaze player its kamikaze strikes."""
        b = state.zone.battle
        if b is not None and b.awaiting == "kamikaze" and state.scenario.kamikaze is not None:
            return state.scenario.kamikaze.player
        if b is not None and b.awaiting == "scramble":
            return scramble.chooser(state, b)
        if b is not None and ((b.awaiting == "casualties" and b.pools and
                               (b.pools[0].chooser or b.pools[0].side) == "defender")
                              or (b.awaiting == "reroll" and b.rolls and b.rolls[-1].side == "defender")
                              or b.awaiting == "intercept"):
            owner = state.owners.get(b.space)
            if owner in b.defenders:
                return owner
            return b.defenders[0] if b.defenders else state.player
        return None

    def legal_actions(self, state: GameState, max_moves: int) -> list[Action]:
        return legal_actions(state, max_moves)


FAMILY = ZoneFamily()
