"""Where the per-unit tables' hits land: each pool's eligible slots in a side's order of
loss, the picks of a firer that chooses its casualties (chooses_casualty), and the split
order of loss (one prefix per target class: Layout, Track) with its go tables."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .general import PoolKey, Tables, UnitsAt, Valuer
from .model import BattleSpec


def elig_general(spec: BattleSpec, target_units: list[str], slot_unit: np.ndarray, T: int, H: int,
                 keys: list[PoolKey], firing: Tables, firing_sets: list[frozenset[str]],
                 used: np.ndarray) -> np.ndarray:
    """elig[p, c, h]: slots from h the firing side's pool p may hit when it has context c;
    raises NotExact when a used pool's eligible slots are not a prefix."""
    from .exact import Unordered
    P = len(keys)
    C = len(firing.bits)
    elig = np.zeros((P, C, H), dtype=np.int64)
    for p, key in enumerate(keys):
        for c in range(C):
            ok_u = eligible_units(spec, target_units, key, firing, firing_sets, c)
            e = ok_u[slot_unit] if T else np.zeros(0, np.int64)
            if used[p, c] and T and np.any(e[1:] > e[:-1]):
                raise Unordered("a restricted hit (a special value, aircraft-only defence, a fleet that "
                               "cannot hit aircraft, submarines) would skip a unit earlier in the order "
                               "of loss, so the losses are no longer a prefix")
            elig[p, c, :T] = np.cumsum(e[::-1])[::-1]
    return elig


def slot_units(spec: BattleSpec, units: list[str], damage: list[int]) -> np.ndarray:
    """Listed index of the unit owning each track slot (extra hit points first)."""
    rs = spec.ruleset
    extra = [max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True)]
    own = [k for k in range(len(units)) for _ in range(extra[k])] + list(range(len(units)))
    return np.array(own, dtype=np.int64)


def check_chooser_order(spec: BattleSpec, keys: list[PoolKey], used: np.ndarray, target: UnitsAt,
                        target_units: list[str], slot_unit: np.ndarray, target_role: str,
                        valuer: Valuer) -> None:
    """chooses_casualty: the firing side picks (battle.default_casualties with a chooser:
    units one hit from death first, then the costliest, then the strongest, then the
    lowest uid). The prefix DP is exact only when, from every state, those picks are the
    next slots of the target's track; else Unordered (the split order of loss, Track)."""
    from .exact import Unordered
    rs = spec.ruleset
    D = spec.dice
    T = len(slot_unit)
    for p, (excl, _air, only, types, _lk, chooser) in enumerate(keys):
        if not chooser or not used[p].any():
            continue
        for h in range(T):
            alive = target.rows[h]
            bonus = valuer.bonuses(alive)
            hp: dict[int, int] = {}
            key: dict[int, tuple[int, int, int]] = {}
            for k, t, dmg in alive:
                ut = rs.units[t]
                if ut.domain in excl or (only and ut.domain not in only) or (types and t not in types):
                    continue
                hp[k] = max(1, ut.hits) - dmg
                cost = ut.cost if isinstance(ut.cost, int) else 0
                val = min(D, max(0, valuer.hooked(ut, k, dmg, None) - valuer.pen(k) + bonus.get(k, 0)))
                key[k] = (-cost, -val, k)
            picks: list[int] = []
            while True:
                live = [k for k in hp if hp[k] > 0]
                if not live:
                    break
                k = min(live, key=lambda x: (0 if hp[x] == 1 else 1,) + key[x])
                hp[k] -= 1
                picks.append(k)
            if picks != [int(x) for x in slot_unit[h:h + len(picks)]]:
                raise Unordered("the firing side's choice of casualties (chooses_casualty) is not the "
                                "listed order of loss")


# --- a split order of loss: one prefix per target class --------------------------------
# A hit that may only go to some units (aircraft-only defence, a fleet that cannot hit
# aircraft, a special value against some types) takes the first *eligible* unit in the
# order of loss (battle.default_casualties), so a side's losses are no longer a prefix of
# its order of loss. They are a prefix of each class's subsequence, though, where a class
# is a set of units that every hit pool either may or may not reach: the state of a side
# is then one count per class (flattened, class 0 most significant, so every hit moves
# to a higher index), and a pool's hit takes the earliest eligible slot of the full order.


def eligible_units(spec: BattleSpec, target_units: list[str], key: PoolKey, firing: Tables,
                    firing_sets: list[frozenset[str]], c: int) -> np.ndarray:
    rs = spec.ruleset
    excl, from_air, only, types, _linked, _chooser = key
    ok_u = np.ones(len(target_units), dtype=np.int64)
    for k, t in enumerate(target_units):
        ut = rs.units[t]
        if ut.domain in excl or (only and ut.domain not in only) or (types and t not in types):
            ok_u[k] = 0
        elif from_air:
            ev = ut.ability("evades_air")
            if ev is not None:
                s = frozenset(ev.unless_enemy_has)
                if not (s in firing_sets and firing.bits[c][firing_sets.index(s)]):
                    ok_u[k] = 0
    return ok_u


def chooser_classes(spec: BattleSpec, target_units: list[str], cls: list[int],
                    keys: list[PoolKey]) -> frozenset[int]:
    """Classes some choosing pool (chooses_casualty) may reach: two-ended (Track)."""
    rs = spec.ruleset
    out: set[int] = set()
    for excl, _air, only, types, _l, chooser in keys:
        if not chooser:
            continue
        for k, t in enumerate(target_units):
            ut = rs.units[t]
            if not (ut.domain in excl or (only and ut.domain not in only) or (types and t not in types)):
                out.add(cls[k])
    return frozenset(out)


def chooser_split(spec: BattleSpec, units: list[str], damage: list[int], keys: list[PoolKey],
                  per_type: bool = False) -> tuple[list[int], frozenset[int]]:
    """Classes of `units` (unit_classes) and the two-ended ones: the classes a choosing
    pool reaches, with each unit that still has extra hit points in a class of its own
    (one-ended: the chooser hits it, then finishes it first, battle.default_casualties:
    units one hit from death first). per_type: the classes a chooser reaches are split by
    unit type instead (one-ended: the chooser picks the first of a type left, the game's
    tie-break being the lowest uid; Track.go checks that it is the class's front)."""
    rs = spec.ruleset
    cls = unit_classes(spec, units, keys)
    two = chooser_classes(spec, units, cls, keys)
    nxt = max(cls) + 1 if cls else 0
    solo: set[int] = set()
    by_type: dict[tuple[int, str], int] = {}
    for k, t in enumerate(units):
        if cls[k] in two and max(1, rs.units[t].hits) - damage[k] > 1:
            cls[k] = nxt
            solo.add(nxt)
            nxt += 1
        elif cls[k] in two and per_type:
            key = (cls[k], t)
            if key not in by_type:
                by_type[key] = nxt
                solo.add(nxt)
                nxt += 1
            cls[k] = by_type[key]
    ids: dict[int, int] = {}
    cls = [ids.setdefault(c, len(ids)) for c in cls]
    two = frozenset(ids[c] for c in ids if c in two and c not in solo) if two else frozenset()
    return cls, two


def aboard_split(cls: list[int], two: frozenset[int], pairs: list[tuple[int, int]]
                 ) -> tuple[list[int], frozenset[int]]:
    """Seed 000 G58: the aircraft aboard each carrier (combat air patrol; `pairs`:
    (aircraft, carrier) listed indices, api.aboard) become a class of their own within
    their class, so the carrier's loss takes them all at once (exact._cap_map): a state
    of the split order of loss. A finer class is still lost in the listed order, and a
    hit still takes the earliest eligible unit of all (Track.go)."""
    if not pairs:
        return cls, two
    carrier_of = dict(pairs)
    ids: dict[tuple[int, int], int] = {}
    out = [ids.setdefault((c, carrier_of.get(k, -1)), len(ids)) for k, c in enumerate(cls)]
    return out, frozenset(v for (c, _k), v in ids.items() if c in two)


def unit_classes(spec: BattleSpec, target_units: list[str], keys: list[PoolKey]) -> list[int]:
    """Class id per listed unit: units that no pool of `keys` tells apart (whatever the
    firing side's context) share a class; ids in order of first appearance."""
    rs = spec.ruleset
    ids: dict[tuple[Any, ...], int] = {}
    out: list[int] = []
    for t in target_units:
        ut = rs.units[t]
        sig = []
        for excl, from_air, only, types, _l, _c in keys:
            base = not (ut.domain in excl or (only and ut.domain not in only) or (types and t not in types))
            ev = ut.ability("evades_air") if from_air else None
            sig.append((base, frozenset(ev.unless_enemy_has) if (base and ev is not None) else None))
        out.append(ids.setdefault(tuple(sig), len(ids)))
    return out


@dataclass
class Layout:
    """A side's split order of loss before its states (Track): the slots (extra hit
    points first, then the units, listed order), each class's slots, which classes are
    two-ended, each class's digit count and stride in the mixed radix."""
    units: list[str]
    damage: list[int]
    slot_unit: list[int]
    A: int
    cls_slots: list[list[int]]
    two: list[bool]
    n: list[int]
    stride: list[int]
    last: list[int]

    @staticmethod
    def of(spec: BattleSpec, units: list[str], damage: list[int], cls: list[int],
           two_ended: frozenset[int] = frozenset()) -> Layout:
        from .exact import NotExact
        rs = spec.ruleset
        N = len(units)
        extra = [max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True)]
        owner = [k for k in range(N) for _ in range(extra[k])]
        slot_unit = owner + list(range(N))
        A = len(owner)
        ncls = max(cls) + 1 if cls else 1
        cls_slots = [[pos for pos, k in enumerate(slot_unit) if cls[k] == c] for c in range(ncls)]
        two = [c in two_ended for c in range(ncls)]
        for c in range(ncls):
            if two[c] and any(pos < A for pos in cls_slots[c]):
                raise NotExact("chosen casualties (chooses_casualty) among units with several hits")
        n = [len(sl) for sl in cls_slots]
        dims = [(m + 1) * (m + 2) // 2 if tw else m + 1 for m, tw in zip(n, two, strict=True)]
        stride = [int(np.prod(dims[c + 1:], dtype=object)) for c in range(ncls)]
        if stride[0] * dims[0] >= 1 << 62:
            raise NotExact("too many classes in the order of loss for the exact method")
        last = [d + e for d, e in zip(damage, extra, strict=True)]
        return Layout(list(units), list(damage), slot_unit, A, cls_slots, two, n, stride, last)

    def all_states(self) -> list[tuple[tuple[int, int], ...]]:
        """Every combination of the classes' digits, in mixed-radix order (the exact DP's
        states before reach.grow_tracks kept only the reachable ones)."""
        from itertools import product

        from .exact import NotExact
        pairs = [[(t - b, b) for t in range(n + 1) for b in range(t + 1)] if two else [(x, 0) for x in range(n + 1)]
                 for n, two in zip(self.n, self.two, strict=True)]
        if int(np.prod([len(p) for p in pairs], dtype=object)) > 200_000:
            raise NotExact("too many states for one side for the exact method")
        return list(product(*pairs))

    def digit(self, c: int, x: int, b: int) -> int:
        if self.two[c]:
            t = x + b
            return t * (t + 1) // 2 + b
        return x

    def index(self, st: tuple[tuple[int, int], ...]) -> int:
        return sum(self.digit(c, x, b) * self.stride[c] for c, (x, b) in enumerate(st))

    def row(self, st: tuple[tuple[int, int], ...]) -> list[tuple[int, str, int]]:
        """Alive (listed index, type, damage) at state st."""
        dmg = list(self.damage)
        dead: set[int] = set()
        for c, (x, b) in enumerate(st):
            sl = self.cls_slots[c]
            for pos in sl[:x] + (sl[len(sl) - b:] if b else []):
                if pos < self.A:
                    dmg[self.slot_unit[pos]] += 1
                else:
                    dead.add(self.slot_unit[pos])
        return [(k, t, dmg[k]) for k, t in enumerate(self.units) if k not in dead]


@dataclass
class Track:
    """A side's split order of loss. slot_unit: the full order's slots (extra hit points
    first, then the units, listed order); cls_slots[c]: positions of class c's slots;
    xs[s] / bs[s]: slots of each class consumed at state s from its front (the order of
    loss) and from its back (a two-ended class: the enemy's chosen casualties, seed 000
    DIVE BOMBER / TORPEDO BOMBER, take its costliest units first); rows[s]: alive (listed
    index, type, damage) at s. A class's digit: x (one-ended), or (t(t+1)/2 + b) with
    t = x + b (two-ended), so every hit moves to a higher state index. full[s]: state s's
    index in that mixed radix, ascending: a track holds the states a battle reaches
    (reach.grow_tracks), or any other set of them (Layout.all_states)."""
    units: list[str]
    slot_unit: np.ndarray
    A: int
    cls_slots: list[list[int]]
    stride: np.ndarray
    xs: np.ndarray
    bs: np.ndarray
    two: list[bool]
    rows: list[list[tuple[int, str, int]]]
    last: list[int]             # each unit's damage when it is lost (all extra hit points)
    full: np.ndarray

    @staticmethod
    def of_states(lay: Layout, states: list[tuple[tuple[int, int], ...]]) -> Track:
        """The track on these states ((x, b) per class), in mixed-radix order."""
        full = [lay.index(st) for st in states]
        order = sorted(range(len(states)), key=full.__getitem__)
        ncls = len(lay.n)
        xs = np.array([[states[i][c][0] for c in range(ncls)] for i in order], dtype=np.int64).reshape(-1, ncls)
        bs = np.array([[states[i][c][1] for c in range(ncls)] for i in order], dtype=np.int64).reshape(-1, ncls)
        return Track(lay.units, np.array(lay.slot_unit, dtype=np.int64), lay.A, lay.cls_slots,
                     np.array(lay.stride, dtype=np.int64), xs, bs, lay.two,
                     [lay.row(states[i]) for i in order], lay.last,
                     np.array([full[i] for i in order], dtype=np.int64))

    def at(self, full: np.ndarray) -> np.ndarray:
        """Mixed-radix indices -> this track's states (-1 stays -1; a state not held: -1)."""
        i = np.minimum(np.searchsorted(self.full, np.maximum(full, 0)), len(self.full) - 1)
        return np.where((full >= 0) & (self.full[i] == full), i, -1)

    @property
    def S(self) -> int:
        return len(self.xs)

    def _digit(self, c: int, x: np.ndarray, b: np.ndarray) -> np.ndarray:
        if self.two[c]:
            t = x + b
            return t * (t + 1) // 2 + b
        return x

    def canon(self) -> np.ndarray:
        """A two-ended class whose units are all lost (front + back = n) reads (0, n), its
        highest digit, whichever end took the last one: one state per alive set, and the
        state with every unit lost is the last one (T)."""
        out = self.full.copy()
        for c in range(len(self.cls_slots)):
            if not self.two[c]:
                continue
            n = len(self.cls_slots[c])
            x, b = self.xs[:, c], self.bs[:, c]
            full = x + b >= n
            top = n * (n + 1) // 2 + n
            out = out + np.where(full, (top - self._digit(c, x, b)) * self.stride[c], 0)
        got = self.at(out)
        # a kept state whose canonical twin is not (a start found by its rows, marked_start)
        return np.where(got >= 0, got, np.arange(self.S, dtype=np.int64))

    def _moves(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(head position of each class's front, next state taking the front, taking the
        back) per state and class; -1 / big when the class is empty."""
        S = self.S
        ncls = len(self.cls_slots)
        big = len(self.slot_unit) + 1
        head = np.full((S, ncls), big, dtype=np.int64)
        nf = np.full((S, ncls), -1, dtype=np.int64)
        nb = np.full((S, ncls), -1, dtype=np.int64)
        idx = self.full
        for c in range(ncls):
            n = len(self.cls_slots[c])
            x, b = self.xs[:, c], self.bs[:, c]
            left = x + b < n
            pos = np.array(self.cls_slots[c] + [big], dtype=np.int64)
            head[:, c] = np.where(left, pos[np.minimum(x, n)], big)
            d0 = self._digit(c, x, b)
            # a two-ended class left empty reads its highest digit (canon): a track
            # holds only that one of its empty states
            top = n * (n + 1) // 2 + n
            d1 = np.where(x + 1 + b >= n, top, self._digit(c, x + 1, b)) if self.two[c] else x + 1
            nf[:, c] = self.at(np.where(left, idx + (d1 - d0) * self.stride[c], -1))
            if self.two[c]:
                d2 = np.where(x + b + 1 >= n, top, self._digit(c, x, b + 1))
                nb[:, c] = self.at(np.where(left, idx + (d2 - d0) * self.stride[c], -1))
        return head, nf, nb

    def go(self, spec: BattleSpec, keys: list[PoolKey], firing: Tables,
           firing_sets: list[frozenset[str]], target: Valuer | None = None,
           single: frozenset[int] = frozenset()) -> np.ndarray:
        """go[p, c, s, k]: the state after k hits of the enemy's pool p from s when the
        enemy has context c (Track.step, k times). single: choosing pools that score at
        most one hit a step (the pick is made with the values of the state it is made
        from, support bonuses included: chooser_pick)."""
        S = self.S
        NS = len(self.slot_unit)
        C = len(firing.bits)
        moves = self._moves() + (self.canon(),)
        go = np.zeros((len(keys), C, S, NS + 1), dtype=np.int64)
        for p, key in enumerate(keys):
            for c in range(C):
                nxt = self.step(spec, key, firing, firing_sets, c, target, p not in single, moves)
                g = np.arange(S, dtype=np.int64)
                go[p, c, :, 0] = g
                for k in range(1, NS + 1):
                    g = nxt[g]
                    go[p, c, :, k] = g
        return go

    def step(self, spec: BattleSpec, key: PoolKey, firing: Tables, firing_sets: list[frozenset[str]],
             c: int, target: Valuer | None, strict: bool,
             moves: tuple[np.ndarray, ...] | None = None) -> np.ndarray:
        """The state after one hit of the enemy's pool `key` from each state, the enemy in
        context c: the hit takes the earliest eligible slot left, or, for a pool whose
        firer chooses (chooses_casualty), the unit battle.default_casualties picks for it
        (`target`: the valuer of this side, for the values it compares; strict: see
        chooser_pick)."""
        from .exact import NotExact
        S = self.S
        big = len(self.slot_unit) + 1
        head, nf, nb, canon = moves if moves is not None else self._moves() + (self.canon(),)
        idx = np.arange(S)
        ok_u = eligible_units(spec, self.units, key, firing, firing_sets, c)
        if key[5]:
            nxt = self._chosen(spec, target, ok_u, strict, nf, nb)
        else:
            ok_c = np.array([bool(ok_u[self.slot_unit[sl[0]]]) if sl else False
                             for sl in self.cls_slots], dtype=bool)
            hh = np.where(ok_c[None, :], head, big)
            best = np.argmin(hh, axis=1)
            can = hh[idx, best] < big
            nxt = np.where(can, nf[idx, best], idx)
        if (nxt < 0).any():
            raise NotExact("a hit leads out of the reachable states (reach.grow_tracks)")
        return canon[nxt]

    def _chosen(self, spec: BattleSpec, target: Valuer | None, ok_u: np.ndarray, strict: bool,
                nf: np.ndarray, nb: np.ndarray) -> np.ndarray:
        """Track.step for a choosing pool: the state after losing the unit picked."""
        from .exact import EndsMismatch, NotExact
        if target is None:
            raise NotExact("chosen casualties with no valuer")
        cls_of = np.zeros(len(self.units), dtype=np.int64)
        for c, sl in enumerate(self.cls_slots):
            for pos in sl:
                cls_of[self.slot_unit[pos]] = c
        nxt = np.arange(self.S, dtype=np.int64)
        picks: dict[tuple[Any, ...], int | None] = {}
        for s in range(self.S):
            row = self.rows[s]
            # the pick depends on the rows' types and damage in listed order and on which
            # of them the pool may hit (by type): memoised as a position
            pkey = tuple([(t, d, int(ok_u[k])) for k, t, d in row])
            if pkey in picks:
                i = picks[pkey]
            else:
                got = chooser_pick(spec, target, row, ok_u, strict=strict)
                i = picks[pkey] = None if got is None else [r[0] for r in row].index(got)
            if i is None:
                continue
            k = row[i][0]
            cc = int(cls_of[k])
            sl = self.cls_slots[cc]
            n = len(sl)
            # the very unit picked, not one of its type: a class's slots are interleaved
            # with other classes' in the full order, so losing its front or its back leaves
            # different units to the next listed hit (two torpedo boat destroyers around an
            # armored carrier: the chooser sinks the first, listed before the carrier)
            back = int(self.slot_unit[sl[n - 1 - self.bs[s, cc]]])
            front = int(self.slot_unit[sl[self.xs[s, cc]]])
            if k == front:
                nxt[s] = nf[s, cc]
            elif self.two[cc] and k == back:
                nxt[s] = nb[s, cc]
            else:
                raise EndsMismatch("the firing side's choice of casualties (chooses_casualty) "
                                   "is neither end of the order of loss")
        return nxt

    def fire_rows(self, with_damage: bool) -> tuple[list[list[tuple[int, str, int]]], np.ndarray]:
        """The defender's firing rows and defrow[j1, j2] (kernel._def_key): units alive at
        j1 fire with their damage at j2 (seed 000: casualties of a first strike fire back
        in it with the damage it did; the ordinary fire reads defrow[j1, j1]). Rows past
        the states are those mixtures."""
        S = self.S
        rows = list(self.rows)
        defrow = np.tile(np.arange(S, dtype=np.int64)[:, None], (1, S))
        if not with_damage or self.A == 0:
            return rows, defrow
        multi = sorted({int(self.slot_unit[pos]) for pos in range(self.A)})   # units with extra hit points
        dm = np.zeros((S, len(multi)), dtype=np.int64)      # their damage at each state (lost: all)
        for s, r in enumerate(self.rows):
            d = {k: x for k, _t, x in r}
            for i, k in enumerate(multi):
                dm[s, i] = d.get(k, self.last[k])
        idx: dict[tuple[tuple[int, str, int], ...], int] = {tuple(r): s for s, r in enumerate(rows)}
        extra_cls = [sum(1 for pos in sl if pos < self.A) for sl in self.cls_slots]
        n_c = np.array([len(sl) for sl in self.cls_slots], dtype=np.int64)[None, :]
        dm_u, code = np.unique(dm, axis=0, return_inverse=True)   # damage rows, coded once
        code = np.asarray(code).reshape(-1)
        full = self.xs + self.bs >= n_c
        for j1 in range(S):
            if not any(self.xs[j1, c] < extra_cls[c] for c in range(len(extra_cls))):
                continue   # no extra hit point left: nobody's damage changes before dying
            ge = np.nonzero(np.all(((self.xs >= self.xs[j1][None, :]) & (self.bs >= self.bs[j1][None, :]))
                                   | full, axis=1))[0]
            ucode, inv = np.unique(code[ge], return_inverse=True)
            uniq = dm_u[ucode]
            got_u = np.zeros(len(uniq), dtype=np.int64)
            for u in range(len(uniq)):
                new = {k: int(uniq[u, i]) for i, k in enumerate(multi)}
                key = tuple((k, t, new.get(k, d)) for k, t, d in self.rows[j1])
                got = idx.get(key)
                if got is None:
                    got = idx[key] = len(rows)
                    rows.append(list(key))
                got_u[u] = got
            defrow[j1, ge] = got_u[np.asarray(inv).reshape(-1)]
        return rows, defrow


def chooser_pick(spec: BattleSpec, valuer: Valuer, alive: list[tuple[int, str, int]],
                 ok_u: np.ndarray, strict: bool = True) -> int | None:
    """battle.default_casualties' pick for a choosing firer (units one hit from death first,
    then the costliest, then the strongest, then the lowest uid = listed index), with the
    values of this state; None when no unit is eligible. strict: NotExact when the pick
    would differ without the support bonuses (the game compares values from the start of
    the pool, so a second hit of the pool may not follow the bonuses of the state after
    the first); a pool of one hit a step (not strict) picks with this state's bonuses."""
    from .exact import NotExact
    rs = spec.ruleset
    D = spec.dice
    picks = []
    for bonus in (valuer.bonuses(alive), {}):
        best: tuple[tuple[int, int, int, int], int] | None = None
        for k, t, dmg in alive:
            if not ok_u[k]:
                continue
            ut = rs.units[t]
            hp = max(1, ut.hits) - dmg
            cost = ut.cost if isinstance(ut.cost, int) else 0
            val = min(D, max(0, valuer.hooked(ut, k, dmg, None) - valuer.pen(k) + bonus.get(k, 0)))
            key = (0 if hp == 1 else 1, -cost, -val, k)
            if best is None or key < best[0]:
                best = (key, k)
        picks.append(None if best is None else rs.units[alive[[r[0] for r in alive].index(best[1])][1]].id)
        if len(picks) == 1:
            first = None if best is None else best[1]
    if strict and picks[0] != picks[1]:
        raise NotExact("the firing side's choice of casualties depends on support bonuses")
    return first


def go_linear(elig: np.ndarray, T: int) -> np.ndarray:
    """go[p, c, h, k] = h + min(k, elig[p, c, h]): a prefix track's go table."""
    k = np.arange(T + 1, dtype=np.int64)
    h = np.arange(elig.shape[2], dtype=np.int64)
    return h[None, None, :, None] + np.minimum(k[None, None, None, :], elig[:, :, :, None])
