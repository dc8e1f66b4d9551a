"""The states a split order of loss can reach (lossorder.Track; issue #4, large fleets).

Restricted hits split a side's order of loss into classes (seed 000 SUBMARINE: "This
unit may not hit aircraft"; TORPEDO BOMBER and DIVE BOMBER: hits on units of the firer's
choice; a carrier's aircraft lost with it), a digit per class. Every combination of
digits is the product of the classes' sizes (8748 states for 13 ships and aircraft), but
ordinary hits take the earliest eligible slot of the listed order and the choosers pick
by a fixed rule (lossorder.chooser_pick), so few are ever met. grow_tracks walks from the
start, one hit of any enemy pool in any context the enemy can be in at a time, and
keeps the states it meets (8748 -> 360); the two sides grow together, since the
contexts one side fires in are those of the states the other side has reached."""
from __future__ import annotations

from typing import Any

import numpy as np

from .general import PoolKey, UnitsAt, Valuer, side_tables
from .lossorder import Layout, Track, chooser_pick, eligible_units
from .model import BattleSpec

State = tuple[tuple[int, int], ...]
BLANK: PoolKey = ((), False, (), (), False, False)


class Grower:
    """One side's reached states and the moves tried from them."""

    def __init__(self, spec: BattleSpec, lay: Layout, target: Valuer,
                 cap: dict[int, list[int]] | None = None) -> None:
        self.spec = spec
        self.lay = lay
        self.target = target
        self.cap = cap or {}            # carrier (listed index) -> the classes aboard it
        self.cls_of = {lay.slot_unit[pos]: c for c, sl in enumerate(lay.cls_slots) for pos in sl}
        start: State = tuple((0, 0) for _ in lay.n)
        self.states: dict[State, list[tuple[int, str, int]]] = {}
        self.tried: set[tuple[State, Any]] = set()
        for st in (start, self.canon(tuple((0, m) if tw else (m, 0) for m, tw in zip(lay.n, lay.two, strict=True)))):
            self.add(st)

    def add(self, st: State) -> None:
        if st not in self.states:
            self.states[st] = self.lay.row(st)

    def canon(self, st: State) -> State:
        """A two-ended class left empty reads (0, n) (Track.canon)."""
        return tuple((0, m) if tw and x + b >= m else (x, b)
                     for (x, b), m, tw in zip(st, self.lay.n, self.lay.two, strict=True))

    def hit(self, st: State, chooser: bool, ok_u: np.ndarray) -> State:
        """The state after one hit (Track.step for one state)."""
        lay = self.lay
        if chooser:
            got = chooser_pick(self.spec, self.target, self.states[st], ok_u, strict=False)
            if got is None:
                return st
            c = self.cls_of[got]
            x, b = st[c]
            sl = lay.cls_slots[c]
            if got == lay.slot_unit[sl[x]]:
                x += 1
            elif lay.two[c] and got == lay.slot_unit[sl[len(sl) - 1 - b]]:
                b += 1
            else:
                from .exact import EndsMismatch
                raise EndsMismatch("the firing side's choice of casualties (chooses_casualty) "
                                   "is neither end of the order of loss")
        else:
            heads = [(sl[x], c) for c, (sl, (x, b)) in enumerate(zip(lay.cls_slots, st, strict=True))
                     if x + b < len(sl) and ok_u[lay.slot_unit[sl[0]]]]
            if not heads:
                return st
            c = min(heads)[1]
            x, b = st[c]
            x += 1
        return self.canon(st[:c] + ((x, b),) + st[c + 1:])

    def lost_aboard(self, st: State) -> State:
        """Seed 000 G58: the aircraft aboard each carrier lost at st are lost with it."""
        alive = {k for k, _t, _d in self.states[st]}
        out = list(st)
        for carrier, classes in self.cap.items():
            if carrier not in alive:
                for c in classes:
                    out[c] = (0, self.lay.n[c]) if self.lay.two[c] else (self.lay.n[c], 0)
        return tuple(out)

    def grow(self, keys: list[PoolKey], firing: Any, firing_sets: list[frozenset[str]], limit: int) -> bool:
        """Reach every state the enemy's pools (in the enemy's contexts `firing`) lead to;
        True when a state was added. NotExact past `limit` states."""
        from .exact import NotExact
        moves: dict[Any, tuple[bool, np.ndarray]] = {}
        for key in keys or [BLANK]:
            for c in range(len(firing.bits)):
                ok_u = eligible_units(self.spec, self.lay.units, key, firing, firing_sets, c)
                moves.setdefault((key[5], ok_u.tobytes()), (key[5], ok_u))
        before = len(self.states)
        queue = list(self.states)
        while queue:
            st = queue.pop()
            nxt = [self.lost_aboard(st)] if self.cap else []
            for m, (chooser, ok_u) in moves.items():
                if (st, m) not in self.tried:
                    self.tried.add((st, m))
                    nxt.append(self.hit(st, chooser, ok_u))
            for s2 in nxt:
                if s2 not in self.states:
                    self.add(s2)
                    queue.append(s2)
            if len(self.states) > limit:
                raise NotExact(f"more than {limit} reachable states a side (order of loss split by the "
                               "restricted hits) is too many for the exact method")
        return len(self.states) > before

    def rows(self) -> list[list[tuple[int, str, int]]]:
        return list(self.states.values())

    def track(self) -> Track:
        return Track.of_states(self.lay, list(self.states))


def marked_state(lay: Layout, spec: BattleSpec) -> State | None:
    """The first state (mixed-radix order) whose alive units are exactly the unmarked
    defenders with their damage (BattleSpec.defender_marked; preround.marked_start), in
    its canonical form; None when no state leaves them."""
    marked = {k for k in range(len(lay.units)) if spec.marked(k)}
    out = []
    for c, sl in enumerate(lay.cls_slots):
        m = len(sl)
        options = [(t - b, b) for t in range(m + 1) for b in range(t + 1)] if lay.two[c] \
            else [(x, 0) for x in range(m + 1)]
        for x, b in options:   # in digit order: the first valid is the smallest
            taken = sl[:x] + (sl[m - b:] if b else [])
            owners = {lay.slot_unit[pos] for pos in taken}
            dead = {lay.slot_unit[pos] for pos in taken if pos >= lay.A}
            if owners <= marked and {lay.slot_unit[pos] for pos in sl if pos >= lay.A} & marked <= dead:
                out.append((0, m) if lay.two[c] and x + b >= m else (x, b))
                break
        else:
            return None
    return tuple(out)


def grow_tracks(spec: BattleSpec, layA: Layout, layD: Layout, keysA: list[PoolKey], keysD: list[PoolKey],
                setsA: list[frozenset[str]], setsD: list[frozenset[str]], valA: Valuer, valD: Valuer,
                cntA: Any, cntD: Any, psets: list[frozenset[str]], cap: dict[int, list[int]],
                marked: bool, limit: int) -> tuple[Track, Track]:
    """Both sides' tracks on the states the battle can reach. keysA: the attacker's hit
    pools (they move the defender), setsA/cntA: the attacker's presence bits and counts
    the defender's fire depends on (exact._solve_general's names)."""
    from .exact import NotExact
    gA = Grower(spec, layA, valA)
    gD = Grower(spec, layD, valD, cap)
    if marked:
        s0 = marked_state(layD, spec)
        if s0 is None:
            raise NotExact("the units the shore bombardment hit are not the first in the order of loss")
        gD.add(s0)
    grew = True
    while grew:
        tA = side_tables(UnitsAt(gA.rows()), setsA, [], cntA)
        grew = gD.grow(keysA, tA, setsA, limit)
        tD = side_tables(UnitsAt(gD.rows()), setsD, psets, cntD)
        grew = gA.grow(keysD, tD, setsD, limit) or grew
    return gA.track(), gD.track()
