"""A game's history as a tree (issue #43): rounds, players' turns, phases, and inside them
the actions with the log lines each produced; a zone battle is one node holding its
steps (dice, casualties), a hex combat one action node with its result.

Built by replaying the action log from the game's start (the same actions, the same
game), so it works for any session: hotseat, solo, a loaded save. `state_at(session, n)`
is the position after the first n actions (what `screenshot SAVE --at N` draws); the text
form shows that N after each action as [N].
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, EndPhase, Move, Place, Purchase, SelectBattle, apply
from game.rules.model import GameState
from game.rules.session import Session


@dataclass
class Node:
    """One node of the history. `at`: the position the node shows, as a number of actions
    played (`state_at(session, at)`, `screenshot SAVE --at N`): after the action for an
    action node, where it began for the others."""
    kind: str                   # game | round | turn | phase | battle | action
    label: str
    at: int | None = None
    lines: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "label": self.label}
        if self.at is not None:
            out["at"] = self.at
        if self.lines:
            out["lines"] = self.lines
        if self.children:
            out["children"] = [c.to_json() for c in self.children]
        return out

    def text(self, depth: int = 0) -> list[str]:
        pad = "  " * depth
        at = f"  [{self.at}]" if self.kind == "action" and self.at is not None else ""
        out = [f"{pad}{self.label}{at}"]
        if self.kind == "action":
            out += [f"{pad}  | {line.strip()}" for line in self.lines[1:]]
        for c in self.children:
            out += c.text(depth + 1)
        return out


def check_at(session: Session, n: int) -> None:
    """ValueError saying the range when the game has no position after n actions."""
    if not 0 <= n <= len(session.actions):
        raise ValueError(f"--at {n}: the game has {len(session.actions)} actions (0 to "
                         f"{len(session.actions)})")


def state_at(session: Session, n: int) -> GameState:
    """The position after the first n actions of the session (0: the start)."""
    check_at(session, n)
    state = session.initial
    for a in session.actions[:n]:
        state = apply(state, a)
    return state


KEEP_EVERY = 40   # Timeline keeps one position in this many actions


class Timeline:
    """Any past position of a session, fast: the position after every `every`-th action is
    kept (taken in one replay from the start, the same pass `build` makes), so `state(n)`
    replays fewer than `every` actions from the nearest kept one. A timeline is of the
    actions the session had when it was made (its own copy): the live game may go on."""

    def __init__(self, session: Session, every: int = KEEP_EVERY):
        self.session = session
        self.every = max(1, every)
        self.actions: list[Action] = list(session.actions)
        self.final: GameState = session.state
        self._kept: list[GameState] = [session.initial]   # _kept[k]: after k * every actions

    def __len__(self) -> int:
        return len(self.actions)

    def keep(self, n: int, state: GameState) -> None:
        """Note the position after n actions (kept when n is the next multiple of `every`)."""
        if n == len(self._kept) * self.every:
            self._kept.append(state)

    def fill(self) -> None:
        """Keep every `every`-th position up to the end (a replay from the last one kept)."""
        self.state(len(self.actions) - len(self.actions) % self.every)

    def state(self, n: int) -> GameState:
        """The position after the first n actions (0: the start), as `state_at` gives it."""
        if not 0 <= n <= len(self.actions):
            raise ValueError(f"--at {n}: the game has {len(self.actions)} actions (0 to "
                             f"{len(self.actions)})")
        if n == len(self.actions):
            return self.final
        k = min(n // self.every, len(self._kept) - 1)
        st = self._kept[k]
        for i in range(k * self.every, n):
            st = apply(st, self.actions[i])
            self.keep(i + 1, st)
        return st


def _unit_name(state: GameState, utype: str) -> str:
    ut = state.ruleset.units.get(utype)
    return ut.name if ut is not None else utype.replace("_", " ")


def _space_name(state: GameState, sid: str) -> str:
    sp = state.scenario.spaces.get(sid)
    return sp.name if sp is not None else sid


def _units_text(state: GameState, uids: tuple[int, ...]) -> str:
    """'2 Armour, 1 Infantry' (the log's way of counting: no plural ending)."""
    kinds: dict[str, int] = {}
    for uid in uids:
        u = state.units.get(uid)
        if u is not None:
            name = _unit_name(state, u.type)
            kinds[name] = kinds.get(name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in kinds.items()) or f"{len(uids)} units"


def _move_sentence(action: Move, before: GameState, lines: list[str]) -> str:
    """'Moves 2 Armour from Libya to Egypt through Tobruk (attack)'."""
    starts = sorted({before.units[u].space for u in action.units if u in before.units})
    frm = f" from {_space_name(before, starts[0])}" if starts else ""
    via = [_space_name(before, s) for s in action.path[:-1]]
    text = f"Moves {_units_text(before, action.units)}{frm} to {_space_name(before, action.path[-1])}"
    if via:
        text += " through " + ", ".join(via)
    note = re.search(r"(\([^()]*\))\.?$", lines[0].strip()) if lines else None
    return text + (f" {note.group(1)}" if note else "")


def _describe(action: Action, before: GameState, lines: list[str]) -> str:
    """The action as a sentence, its player left out (the tree's turn node names it):
    'Buys 1 Infantry', 'Moves 2 Armour from X to Y', 'Places 1 Infantry in Z', 'Ends the
    phase'; else the first line the action wrote in the log."""
    if isinstance(action, Purchase):
        verb = "Buys" if action.count >= 0 else "Returns"
        return f"{verb} {abs(action.count)} {_unit_name(before, action.unit)}"
    if isinstance(action, Move) and action.path:
        return _move_sentence(action, before, lines)
    if isinstance(action, Place):
        return f"Places {action.count} {_unit_name(before, action.unit)} in {_space_name(before, action.space)}"
    if lines:
        return lines[0].strip()
    if isinstance(action, EndPhase):
        return "Ends the phase"
    return _words(action, before)


def _words(action: Action, before: GameState) -> str:
    """An action that wrote no log line, in words: its kind, then what it names (units,
    spaces and unit types by their names)."""
    data = action.to_json()
    kind = str(data.pop("kind", type(action).__name__)).replace("_", " ").capitalize()
    parts: list[str] = []
    for key, value in data.items():
        if value in ((), [], None, ""):
            continue
        if key in ("space", "to", "target") and isinstance(value, str):
            parts.append(_space_name(before, value))
        elif key == "unit" and isinstance(value, str):
            parts.append(_unit_name(before, value))
        elif key in ("units", "unit") and isinstance(value, (list, tuple, int)):
            uids = tuple(value) if isinstance(value, (list, tuple)) else (value,)
            parts.append(_units_text(before, tuple(int(u) for u in uids)))
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return kind + (": " + ", ".join(parts) if parts else "")


def build(session: Session, timeline: Timeline | None = None) -> Node:
    """The history tree of the session's game; `timeline`, when given (of the same
    session), keeps the positions it passes (no second replay to fill it)."""
    sc = session.scenario
    names = {p.id: p.name for p in sc.players}
    root = Node("game", f"{sc.title} (seed {session.seed})")
    rnd = turn = phase = battle = None
    state = session.initial
    for i, action in enumerate(session.actions):
        before = state
        state = apply(before, action)
        if timeline is not None:
            timeline.keep(i + 1, state)
        new = state.log_len - before.log_len
        lines = state.log(new) if new > 0 else []
        if rnd is None or rnd.label != f"Round {before.round}":
            rnd = Node("round", f"Round {before.round}", i)
            root.children.append(rnd)
            turn = None
        if turn is None or turn.label != names.get(before.player, before.player):
            turn = Node("turn", names.get(before.player, before.player), i)
            rnd.children.append(turn)
            phase = None
        label = before.phase.replace("_", " ")
        if phase is None or phase.label != label:
            phase = Node("phase", label, i)
            turn.children.append(phase)
            battle = None
        node = Node("action", _describe(action, before, lines), i + 1, lines)
        if isinstance(action, SelectBattle):
            battle = Node("battle", lines[0].strip() if lines else f"Battle in {action.space}", i)
            phase.children.append(battle)
            node = Node("action", "Battle begins", i + 1, lines)
        (battle if battle is not None else phase).children.append(node)
        if battle is not None and state.zone.battle is None:
            battle = None   # the battle ended with this action
    return root
