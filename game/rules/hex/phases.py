"""The Europa-style player-turn on hex maps: initial (reinforcements arrive,
supply is checked), movement, combat, exploitation (c/m units move again).
Players take their player-turns in scenario order; after the last one the game
turn ends and victory is checked (objective hexes, the turn limit, or an
alliance with no units left).
"""
from __future__ import annotations

from dataclasses import replace

from .. import victory
from ..errors import IllegalAction
from ..model import GameState, Unit
from . import move as hexmove
from . import supply as hexsupply
from .model import HexTurn

PHASE_NAMES = {"initial": "Initial", "movement": "Movement", "combat": "Combat",
               "exploitation": "Exploitation"}


def begin_player_turn(state: GameState) -> None:
    """Start of the phasing player's initial phase (state is a copy)."""
    player = state.player
    state.hexturn = HexTurn()
    for uid, u in state.units.items():
        if u.moved:
            state.units[uid] = replace(u, moved=0)
    arrived = reinforce(state, player)
    hexsupply.check(state, player)
    state.hexturn = HexTurn(arrived=tuple(arrived))


def reinforce(state: GameState, player: str) -> list[int]:
    """Reinforcements due this turn (or earlier and waiting: for their hex to be held, free
    of enemy units, or to have room within the stacking limit)."""
    assert state.scenario.hexmap is not None
    out: list[int] = []
    for i, r in enumerate(state.scenario.hexmap.reinforcements):
        if r.player != player or r.turn > state.round or i in state.reinforced:
            continue
        if r.if_owned and state.owners.get(r.hex) != player:
            continue
        if hexmove.enemies_at(state, r.hex, player):
            continue
        size = sum(hexmove.re_of(state.ruleset.units[ut]) * n for ut, n in r.units
                   if not state.ruleset.units[ut].has("no_stacking"))
        if hexmove.stack_re(state, r.hex, player) + size > hexmove.stacking_limit(state, r.hex) + 1e-9:
            state.add_log(f"  Reinforcements for {state.scenario.spaces[r.hex].name} wait: the hex is full.")
            continue
        for ut, n in r.units:
            for _ in range(n):
                state.units[state.next_uid] = Unit(state.next_uid, ut, player, r.hex)
                out.append(state.next_uid)
                state.next_uid += 1
        state.reinforced = state.reinforced | {i}
        what = ", ".join(f"{n} {state.ruleset.units[ut].name}" for ut, n in r.units)
        state.add_log(f"  Reinforcements: {what} at {state.scenario.spaces[r.hex].name}"
                      f"{' — ' + r.note if r.note else ''}.")
    return out


def end_phase(state: GameState) -> None:
    phase = state.phase
    ht = state.hexturn or HexTurn()
    if ht.pending is not None:
        from .combat import waiting_text
        raise IllegalAction(waiting_text(state))
    if phase == "combat" and ht.advance is not None:
        state.hexturn = replace(ht, advance=None)   # ending the phase declines the advance
    if phase in ("combat", "exploitation") or phase == "movement":
        state.hexturn = replace(state.hexturn or HexTurn(), attacked=(), used=(), advance=None)
    if phase == "movement":
        hexmove.clear_markers(state, state.player)   # 15.K: spent or not, the marker goes
    if phase == "combat":
        for uid, u in state.units.items():
            if u.moved:
                state.units[uid] = replace(u, moved=0)   # exploitation MPs are fresh
    if phase == "combat":
        state.hexturn = replace(state.hexturn or HexTurn(), police=None)
    if state.phase_idx + 1 < len(state.ruleset.phases):
        state.phase_idx += 1
        state.add_log(f"  {PHASE_NAMES.get(state.phase, state.phase)} phase.")
        if state.phase == "combat":
            from .combat import stacked_with_police
            # (None when no unit is stacked with political police: saves stay as they were)
            state.hexturn = replace(state.hexturn or HexTurn(), police=stacked_with_police(state) or None)
        return
    end_player_turn(state)


def alliance_units(state: GameState) -> dict[str, int]:
    out = {a: 0 for a in state.scenario.alliances}
    for u in state.units.values():
        if state.utype(u).attack > 0 or state.utype(u).defense > 0:
            a = state.alliance_of(u.owner)
            if a is not None:
                out[a] += 1
    return out


def _pending_reinforcements(state: GameState, alliance: str) -> bool:
    assert state.scenario.hexmap is not None
    return any(state.alliance_of(r.player) == alliance and i not in state.reinforced
               for i, r in enumerate(state.scenario.hexmap.reinforcements))


def end_player_turn(state: GameState) -> None:
    last = state.player_idx + 1 >= len(state.scenario.players)
    alive = alliance_units(state)
    gone = [a for a, n in alive.items() if n == 0 and not _pending_reinforcements(state, a)]
    if len(gone) == 1:
        winner = next(a for a in alive if a not in gone)
        victory.finish_game(state, winner, "the enemy has no units left")
        return
    won = victory.conditions_result(state)
    if won is not None:
        victory.finish_game(state, *won)
        return
    if last:
        held = victory.round_end_winner(state)
        if held is not None:
            victory.finish_game(state, held, "holds its objectives")
            return
    if not victory.next_player(state, last):
        return
    state.phase_idx = 0
    state.turn_owners = dict(state.owners)
    state.add_log(f"— Turn {state.round}: {state.scenario.player(state.player).name} —")
    begin_player_turn(state)


def need_phase(state: GameState, *names: str) -> None:
    if state.phase not in names:
        wanted = " or ".join(PHASE_NAMES.get(n, n) for n in names)
        raise IllegalAction(f"That is done in the {wanted} phase; now it is "
                            f"{PHASE_NAMES.get(state.phase, state.phase)}.")
