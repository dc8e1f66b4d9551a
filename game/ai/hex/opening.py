"""A scenario's opening for the computer (`ai_opening:`, docs/ai.md "Openings").

A hex scenario may give a player a first turn for the standard computer player: moves,
then the only attacks to make (`attacks: none`: no attack at all; an opening without
attacks leaves them to the planner). It is played only from the scenario's starting
position (every unit where the scenario puts it, round 1), so it is always the position
it was measured from; anywhere else, or if one of its moves is not legal there, the
planner plays as usual. Crete's German opening was chosen by measured games ("Stop 30"):
the planner's own first turn spread the attacks, the opening puts all four units in reach
on Maleme and gambles nowhere else. The tutorial's ("Stop 38") is the planner's own first
moves without the lone 3:2 on the airstrip the rollouts chose one time in five on noise.
"""
from __future__ import annotations

from collections import Counter

from game.rules.actions import Action, Attack, EndPhase, Move, apply
from game.rules.errors import IllegalAction
from game.rules.hex import combat as hexcombat
from game.rules.hex import move as hexmove
from game.rules.hex.model import Opening
from game.rules.model import GameState


def opening(state: GameState) -> Opening | None:
    """The player's opening in round 1 (`moves` and `attack` check the position)."""
    hm = state.scenario.hexmap
    book = hm.openings.get(state.player) if hm is not None else None
    if book is None or state.round != 1:
        return None
    return book


def _at_start(state: GameState) -> bool:
    start = Counter({(space, owner, utype): n for space, owner, utype, n in state.scenario.start_units})
    now = Counter((u.space, u.owner, u.type) for u in state.units.values())
    return now == +start


def moves(state: GameState) -> list[Action] | None:
    """The opening's movement phase as legal moves from `state`, or None where it does not
    apply (not the starting position, or a move it lists is not legal here)."""
    book = opening(state)
    if book is None or state.phase != "movement" or not _at_start(state):
        return None
    plan, problem, _ = plan_moves(state, book)
    return None if problem else plan


def plan_moves(state: GameState, book: Opening) -> tuple[list[Action], str, int]:
    """The opening's moves from `state` and, if one is not legal there, why and the move's
    line in the scenario file (else "", 0)."""
    plan: list[Action] = []
    s = state
    for i, m in enumerate(book.moves):
        units = sorted((u for u in s.units.values() if u.owner == s.player and u.space == m.hex
                        and u.type == m.unit and hexmove.mp_left(s, u) > 0), key=lambda u: u.uid)
        if len(units) < m.count:
            return plan, f"moves[{i}]: {len(units)} {m.unit} of {s.player} can move from {m.hex}, not {m.count}", m.line
        for u in units[:m.count]:
            path = hexmove.reachable(s, (u.uid,)).get(m.to)
            if path is None:
                return plan, f"moves[{i}]: {m.unit} cannot reach {m.to} from {m.hex}", m.line
            a = Move((u.uid,), path)
            try:
                s = apply(s, a)
            except IllegalAction as e:
                return plan, f"moves[{i}]: {e}", m.line
            plan.append(a)
    return plan, "", 0


def _after_moves(state: GameState, book: Opening) -> Counter[tuple[str, str]]:
    """Where the player's units stand once the opening's moves are made: (hex, type)."""
    pos = Counter({(space, utype): n for space, owner, utype, n in state.scenario.start_units
                   if owner == state.player})
    for m in book.moves:
        pos[(m.hex, m.unit)] -= m.count
        pos[(m.to, m.unit)] += m.count
    return pos


def attack(state: GameState) -> Action | None:
    """The opening's next attack (EndPhase after the last), or None where it does not apply:
    not round 1's combat phase, or the player's units that have not attacked yet do not
    stand where the opening's moves put them (its movement was not played)."""
    book = opening(state)
    if book is None or state.phase != "combat" or not (book.attacks or book.no_attacks):
        return None
    ht = hexcombat.turn(state)
    if ht.advance is not None or ht.pending is not None:
        return None
    idle = Counter((u.space, u.type) for u in state.units.values()
                   if u.owner == state.player and u.uid not in ht.used)
    if idle - _after_moves(state, book):
        return None
    for a in book.attacks:
        if a.target in ht.attacked or a.target not in hexcombat.attack_targets(state):
            continue
        uids = tuple(u.uid for u in hexcombat.attackers_for(state, a.target) if u.space in a.hexes)
        if uids:
            return Attack(a.target, uids)
    return EndPhase()
