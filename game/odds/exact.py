"""Exact odds: build the per-side tables from the ruleset and run the Markov DP.

See model.py for the state (track slots consumed per side) and kernel.py for
the round transition. Round-one effects: anti-aircraft fire is handled by
splitting the battle on the number of aircraft it shoots down (each branch is
an ordinary battle without those aircraft); shore bombardment: an extra attacker
pool in round one whose casualties fire back when that is exact (simple_bombard), else the
per-unit tables (preround.pre_round: round one starts from each bombardment outcome).
"""
from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.rules.abilities.hooks import support_claim_order
from game.rules.memo import derived
from game.rules.model import AIR, LAND

from . import kernel
from .general import needs_general
from .model import BattleSpec, TypeInfo, type_info, type_infos

# the per-unit tables (general.py) only: their tables are built state by state in Python
MAX_STATES = 4_000_000
# issue #45: the type tables take any battle whose memory, by `memory_estimate`, fits under
# the cap (64 times battle B, 7 M states: ~0.4 GB, 10 s; the Monte Carlo took 96 s and
# 4.9 GB); above it the odds go to Monte Carlo, decided before the tables are made.
# WARBOARD_ODDS_MEMORY_CAP (bytes) overrides the default.
MEMORY_CAP = 1 << 30
MEMORY_CAP_ENV = "WARBOARD_ODDS_MEMORY_CAP"
# bytes per (attacker, defender) state while one battle is solved: the end-of-round tables
# (two int64, one uint8) with end_tables' temporaries, the DP's mass (two arrays when the
# rounds are limited), the weighted copy summarize makes; plus 8 per branch kept to the end
STATE_BYTES = 40


class NotExact(Exception):
    """The DP cannot express this battle exactly; the message says why."""


class OverMemory(NotExact):
    """The exact method would take more memory than the cap (memory_cap)."""


def memory_cap() -> int:
    """Bytes the exact method may take: WARBOARD_ODDS_MEMORY_CAP, else MEMORY_CAP."""
    raw = os.environ.get(MEMORY_CAP_ENV, "").strip()
    try:
        return int(raw) if raw else MEMORY_CAP
    except ValueError:
        return MEMORY_CAP


def memory_estimate(states: int, branches: int, tables: list[tuple[np.ndarray, int]]) -> int:
    """Bytes the type tables' DP takes at its peak: per state (STATE_BYTES, and the final
    mass of each branch), and each distinct hit table: hist[c, s, p, h, v] -> dist[c, s,
    p, h, k] for k up to kmax, with its lo and hi (kernel.hit_distributions)."""
    out = states * (STATE_BYTES + 8 * branches)
    for hist, kmax in tables:
        rows = hist.size // hist.shape[-1]
        out += rows * (kmax + 1 + 2) * 8
    return out


def check_memory(need: int) -> None:
    cap = memory_cap()
    if need > cap:
        raise OverMemory(f"about {need / 2**20:,.0f} MB, over the exact method's memory cap of "
                         f"{cap / 2**20:,.0f} MB ({MEMORY_CAP_ENV})")


class Unordered(NotExact):
    """A restricted hit would skip a unit earlier in the order of loss: the general
    solver retries with a split order of loss (lossorder.Track)."""


class EndsMismatch(NotExact):
    """A chosen casualty is neither end of its two-ended class: retry with a class per
    unit type (lossorder.chooser_split per_type)."""


@dataclass
class MultiSide:
    """Side's figures for a split order of loss (lossorder.Track): states are flattened
    per-class counts, T = the last state (every unit lost)."""
    units: list[str]
    types: list[str]
    info: list[TypeInfo]
    N: int
    T: int
    counts: np.ndarray          # [H, ntypes]
    alive: np.ndarray           # [H]

    @staticmethod
    def build(spec: BattleSpec, units: list[str], rows: list[list[tuple[int, str, int]]]) -> MultiSide:
        rs = spec.ruleset
        order = {t: k for k, t in enumerate(rs.units)}
        types = sorted(set(units), key=order.__getitem__)
        tix = {t: k for k, t in enumerate(types)}
        counts = np.zeros((len(rows), len(types)), dtype=np.int64)
        for s, r in enumerate(rows):
            for _k, t, _d in r:
                counts[s, tix[t]] += 1
        return MultiSide(units, types, [type_info(rs, t) for t in types], len(units), len(rows) - 1,
                         counts, counts.sum(axis=1))

    @property
    def H(self) -> int:
        return self.T + 1

    def alive_n(self) -> np.ndarray:
        return self.alive


def can_hurt(infos: dict[str, TypeInfo], shooters: frozenset[str], targets: frozenset[str],
             role: str) -> bool:
    """battle.can_hurt on type sets."""
    for s in shooters:
        st = infos[s]
        val = st.attack if role == "attack" else st.defense
        if val <= 0 and st.aa_value is None and not st.supports:
            continue
        if st.defenseless:
            continue
        for t in targets:
            tt = infos[t]
            if st.cannot_hit and tt.domain in st.cannot_hit:
                continue
            if role == "defense" and st.doa is not None and tt.domain not in st.doa:
                continue
            if st.domain == AIR and tt.evades is not None and not any(x in shooters for x in tt.evades):
                continue
            if st.aa_value is not None and val <= 0 and tt.domain != AIR:
                continue
            return True
    return False


@dataclass
class Side:
    """One side's track and its alive-type counts per state."""
    units: list[str]
    types: list[str]            # distinct types, ruleset order
    info: list[TypeInfo]
    N: int
    A: int                      # extra hit points (absorbed first)
    T: int
    counts: np.ndarray          # [H, ntypes] alive units per type at each state
    slot_type: np.ndarray       # [T] type index of each track slot

    @staticmethod
    def build(spec: BattleSpec, units: list[str], damage: list[int] | None = None) -> Side:
        rs = spec.ruleset
        order = {t: k for k, t in enumerate(rs.units)}
        types = sorted(set(units), key=order.__getitem__)
        tix = {t: k for k, t in enumerate(types)}
        info = [type_info(rs, t) for t in types]
        ut = np.array([tix[t] for t in units], dtype=np.int64)
        N = len(units)
        dmg = damage or [0] * N
        extra = (np.array([max(0, info[k].hits - 1 - d) for k, d in zip(ut, dmg, strict=True)],
                          dtype=np.int64) if N else np.zeros(0, np.int64))
        A = int(extra.sum())
        slot_type = np.concatenate([np.repeat(ut, extra), ut]) if N else np.zeros(0, np.int64)
        onehot = np.zeros((N + 1, len(types)), dtype=np.int64)
        if N:
            onehot[np.arange(N), ut] = 1
        alive_from = np.cumsum(onehot[::-1], axis=0)[::-1]   # alive_from[k] = units[k:]
        k_of_h = np.maximum(0, np.arange(A + N + 1) - A)
        counts = alive_from[k_of_h]
        return Side(units, types, info, N, A, A + N, counts, slot_type)

    @property
    def H(self) -> int:
        return self.T + 1

    def alive_n(self) -> np.ndarray:
        return self.N - np.maximum(0, np.arange(self.H) - self.A)

    def present(self, tset: frozenset[str]) -> np.ndarray:
        idx = [k for k, t in enumerate(self.types) if t in tset]
        if not idx:
            return np.zeros(self.H, dtype=bool)
        return self.counts[:, idx].sum(axis=1) > 0


def ctx_sets(enemy: Side) -> list[frozenset[str]]:
    """Type sets whose presence on a side changes how the enemy fights or is hit."""
    out: list[frozenset[str]] = []
    for ti in enemy.info:
        for s in (ti.fs_cancel, ti.evades):
            if s is not None and frozenset(s) not in out:
                out.append(frozenset(s))
    return out


def side_ctx(side: Side, sets: list[frozenset[str]]) -> np.ndarray:
    ctx = np.zeros(side.H, dtype=np.int64)
    for b, s in enumerate(sets):
        ctx |= side.present(s).astype(np.int64) << b
    return ctx


def pool_keys(side: Side, extra: list[TypeInfo] = ()) -> list[tuple[tuple[str, ...], bool]]:  # type: ignore[assignment]
    keys: list[tuple[tuple[str, ...], bool]] = []
    for ti in list(side.info) + list(extra):
        if not ti.defenseless and ti.pool_key() not in keys:
            keys.append(ti.pool_key())
    keys.sort(key=lambda k: (not k[0], not k[1]))
    return keys


def fire_hist(spec: BattleSpec, side: Side, role: str, enemy_sets: list[frozenset[str]],
              keys: list[tuple[tuple[str, ...], bool]], offset: int, npools: int,
              round1: bool = False) -> np.ndarray:
    """hist[c, stage, pool, h, value]: dice rolled at each value (round one, or a later
    round: first strike limited to some rounds)."""
    D = spec.dice
    C = 1 << len(enemy_sets)
    hist = np.zeros((C, 2, npools, side.H, D + 1), dtype=np.int64)
    H = side.H
    # one-to-one support: supported types claim in abilities.support_claim_order (the
    # engine's rule; types with as many dice in the side's order, see README in __init__)
    rem: dict[str, np.ndarray] = {t: side.counts[:, k].copy() for k, t in enumerate(side.types)}
    ro3 = spec.ruleset.rule_of_three   # a budget per rule: per ability of a type (battle.ro3_rule)
    rs = spec.ruleset
    for k, ti in support_claim_order(enumerate(side.info), lambda e: rs.units[e[1].id]):
        if ti.defenseless:
            continue
        n_t = side.counts[:, k]
        flown = role == "attack" and ti.id in airborne_types(spec)
        base = spec.hooked(ti, role, round1, flown)
        given: list[tuple[np.ndarray, int]] = []
        for ab, refs in zip(ti.supports, ti.support_units, strict=True):
            if role not in ab.on:
                continue
            if role == "attack" and spec.amphibious and "amphibious" in ab.not_in and not ti.amph_ok:
                continue
            if flown and "airborne" in ab.not_in:
                continue
            need = n_t.copy()
            if ab.rule_of_three and ro3 is not None:
                need = np.minimum(need, ro3)
            got = np.zeros(H, dtype=np.int64)
            for sup in refs:
                if sup not in rem:
                    continue
                g = np.minimum(need, rem[sup])
                rem[sup] = rem[sup] - g
                need = need - g
                got = got + g
            given.append((got, ab.bonus))
        segments: list[tuple[np.ndarray, Any]] = []
        if not given:
            segments.append((n_t, np.full(H, base)))
        elif len(given) == 1:
            g, bonus = given[0]
            segments.append((g, np.full(H, base + bonus)))
            segments.append((n_t - g, np.full(H, base)))
        else:  # several support abilities: unit r gets every bonus whose count exceeds r
            for h in range(H):
                cuts = sorted({0, int(n_t[h])} | {int(g[h]) for g, _ in given})
                for lo_, hi_ in zip(cuts, cuts[1:], strict=False):
                    v = base + sum(b for g, b in given if g[h] > lo_)
                    cnt = np.zeros(H, dtype=np.int64)
                    cnt[h] = hi_ - lo_
                    segments.append((cnt, np.full(H, v)))
        p = offset + keys.index(ti.pool_key())
        for c in range(C):
            stage = 1
            if ti.fs_stage(role, round1):
                b = enemy_sets.index(frozenset(ti.fs_cancel or ()))
                stage = 1 if (c >> b) & 1 else 0
            for cnt, vals in segments:
                v = np.clip(vals, 0, D)
                ok = (v > 0) & (cnt > 0)
                if ok.any():
                    hs = np.nonzero(ok)[0]
                    np.add.at(hist, (c, stage, p, hs, v[hs]),  # type: ignore[arg-type]
                              cnt[hs] * ti.ndice)
    return hist


def elig_table(side: Side, enemy_keys: list[tuple[tuple[str, ...], bool]],
               sets: list[frozenset[str]], used: np.ndarray) -> np.ndarray:
    """elig[p, c, h]: slots of `side` left from h that the enemy's pool p may hit when the
    enemy has context c (bits over `sets`, the sets of this side's evaders)."""
    P = len(enemy_keys)
    C = 1 << len(sets)
    elig = np.zeros((P, C, side.H), dtype=np.int64)
    for p, (excl, from_air) in enumerate(enemy_keys):
        for c in range(C):
            ok_t = np.ones(len(side.types), dtype=np.int64)
            for k, ti in enumerate(side.info):
                if ti.domain in excl:
                    ok_t[k] = 0
                elif from_air and ti.evades is not None:
                    b = sets.index(frozenset(ti.evades))
                    if not (c >> b) & 1:
                        ok_t[k] = 0
            e = ok_t[side.slot_type] if side.T else np.zeros(0, np.int64)
            if used[p, c] and side.T and np.any(e[1:] > e[:-1]):
                raise Unordered("a restricted hit (e.g. submarine or aircraft hits) would skip a unit "
                               "earlier in the order of loss, so the losses are no longer a prefix")
            elig[p, c, :side.T] = np.cumsum(e[::-1])[::-1]
    return elig


def merge_pools(hists: list[np.ndarray], elig: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Adjacent pools whose hits may go to the same slots in every state act as one pool
    (eligible slots form a prefix, so capping the sum equals capping in turn)."""
    groups: list[list[int]] = []
    for p in range(elig.shape[0]):
        if groups and np.array_equal(elig[groups[-1][0]], elig[p]):
            groups[-1].append(p)
        else:
            groups.append([p])
    if len(groups) == elig.shape[0]:
        return hists, elig
    out = [np.stack([h[:, :, g, :, :].sum(axis=2) for g in groups], axis=2) for h in hists]
    return out, np.ascontiguousarray(elig[[g[0] for g in groups]])


def pools_used(hist: np.ndarray, ctx_self: np.ndarray, C_self: int) -> np.ndarray:
    """used[p, c]: pool p scores hits in some state where the firing side has context c."""
    P = hist.shape[2]
    any_dice = hist[..., 1:].sum(axis=(0, 1, 4)) > 0   # [P, H]
    used = np.zeros((P, C_self), dtype=bool)
    for c in range(C_self):
        sel = ctx_self == c
        if sel.any():
            used[:, c] = any_dice[:, sel].any(axis=1)
    return used


def end_tables(spec: BattleSpec, a: Side, d: Side) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """redA, redD (end-of-round destinations) and term (absorbing states)."""
    infos = {t: spec.info(t) for t in set(a.types) | set(d.types)}
    rs = spec.ruleset

    def captured(t: str) -> bool:
        cap = rs.units[t].ability("capturable")
        return cap is not None and "territory_captured" in cap.when

    def sigs(s: Side) -> tuple[np.ndarray, list[frozenset[str]]]:
        pres = s.counts > 0
        keys: dict[bytes, int] = {}
        idx = np.zeros(s.H, dtype=np.int64)
        sets: list[frozenset[str]] = []
        for h in range(s.H):
            kb = pres[h].tobytes()
            if kb not in keys:
                keys[kb] = len(sets)
                sets.append(frozenset(t for t, on in zip(s.types, pres[h], strict=True) if on))
            idx[h] = keys[kb]
        return idx, sets

    ia, sa = sigs(a)
    id_, sd = sigs(d)
    colA = np.zeros((len(sa), len(sd)), dtype=bool)
    colD = np.zeros((len(sa), len(sd)), dtype=bool)
    stale = np.zeros((len(sa), len(sd)), dtype=bool)
    for x, at in enumerate(sa):
        for y, dt in enumerate(sd):
            if not at or not dt:
                continue
            ca = all(infos[t].defenseless for t in at) and can_hurt(infos, dt, at, "defense")
            cd = all(infos[t].defenseless for t in dt) and can_hurt(infos, at, dt, "attack")
            # battle._captured_defenders: defenders left that are all captured on entry
            # (AAA, capturable: territory_captured) switch sides when a land unit that may
            # capture attacks a territory: the attacker wins at the end of the round
            cd = cd or (not ca and spec.terrain == LAND and all(captured(t) for t in dt)
                        and any(infos[t].domain == LAND and not rs.units[t].has("cannot_capture")
                                for t in at))
            colA[x, y] = ca
            colD[x, y] = cd
            if not ca and not cd:
                stale[x, y] = (not can_hurt(infos, at, dt, "attack")
                               and not can_hurt(infos, dt, at, "defense"))
    ii = np.arange(a.H)[:, None]
    jj = np.arange(d.H)[None, :]
    cA = colA[ia[:, None], id_[None, :]]
    cD = colD[ia[:, None], id_[None, :]]
    redA = np.where(cA, a.T, np.broadcast_to(ii, cA.shape)).astype(np.int64)
    redD = np.where(cD, d.T, np.broadcast_to(jj, cD.shape)).astype(np.int64)
    term = (ii == a.T) | (jj == d.T) | stale[ia[:, None], id_[None, :]]
    return redA, redD, term.astype(np.uint8)


@dataclass
class Branch:
    """A solved battle (one anti-aircraft branch): final mass over states."""
    weight: float
    a: Side | MultiSide
    d: Side | MultiSide
    final: np.ndarray
    rounds: float


def solve_branch(spec: BattleSpec, att: list[str], weight: float,
                 att_damage: list[int] | None = None, branches: int = 1) -> Branch:
    """The battle on the type tables (kernel.solve). The tables depend on the units and
    the battle's terms only: a battle fought again (the computer players ask the same
    odds many times) takes them from the ruleset's table cache (issue #45: the small
    battles' cost was the Python building them, not the DP)."""
    key = ("typed", tuple(att), tuple(att_damage or ())) + spec_key(spec)
    a, d, args = cached_tables(spec, key, lambda: type_tables(spec, att, att_damage, branches))
    final, rounds = kernel.kernels((a.T + 1) * (d.T + 1)).solve(a.T, d.T, *args)
    return Branch(weight, a, d, final, float(rounds))


TABLE_CACHE = 256           # battles whose tables a ruleset keeps (least recently used out)
TABLE_CACHE_STATES = 20_000  # ... of at most this many states: above, the DP dwarfs the tables


def spec_key(spec: BattleSpec) -> tuple[Any, ...]:
    """Every term of a battle but its ruleset, hashable (the table cache's key)."""
    return tuple([tuple(v) if isinstance(v, list) else v
                  for f, v in vars(spec).items() if f != "ruleset"])


def cached_tables(spec: BattleSpec, key: tuple[Any, ...], make: Any) -> Any:
    """make() -> (a, d, kernel arguments), kept per ruleset for TABLE_CACHE battles (the
    arrays are never written to: kernels only read their tables)."""
    cache: OrderedDict[tuple[Any, ...], Any] = derived(spec.ruleset, "odds.tables", OrderedDict)
    got = cache.get(key)
    if got is not None:
        cache.move_to_end(key)
        return got
    got = make()
    if (got[0].T + 1) * (got[1].T + 1) <= TABLE_CACHE_STATES:
        cache[key] = got
        while len(cache) > TABLE_CACHE:
            cache.popitem(last=False)
    return got


def type_tables(spec: BattleSpec, att: list[str], att_damage: list[int] | None,
                branches: int = 1) -> tuple[Any, ...]:
    """(a, d, args): the two sides and kernel.solve's arguments after the track lengths.
    OverMemory before the big tables are made when the battle (`branches` anti-aircraft
    branches of at most this size) would take more than the memory cap."""
    a = Side.build(spec, att, att_damage)
    d = Side.build(spec, spec.defender, spec.damage("defender"))
    check_memory(a.H * d.H * (STATE_BYTES + 8 * branches))   # before any table of states
    D = spec.dice
    setsA = ctx_sets(d)        # attacker presence that matters to the defender
    setsD = ctx_sets(a)
    ctxA = side_ctx(a, setsA)
    ctxD = side_ctx(d, setsD)
    if not simple_bombard(spec):
        raise NotExact("shore bombardment outside the per-unit tables")   # (solve_exact: never)
    # a shore bombardment with no first strike (W1): its dice join the attacker's first
    # pool of round one, and the units it hits fire back in round one's defender fire
    # (from state 0: every unit), as the marked units do
    bomb = [spec.info(t) for t in spec.bombard]
    bkeys: list[tuple[tuple[str, ...], bool]] = []
    for ti in bomb:
        if ti.pool_key() not in bkeys:
            bkeys.append(ti.pool_key())
    bkeys.sort(key=lambda k: (not k[0], not k[1]))
    akeys = pool_keys(a)
    dkeys = pool_keys(d)
    PA = len(bkeys) + len(akeys)
    histA = fire_hist(spec, a, "attack", setsD, akeys, len(bkeys), max(PA, 1))
    histD = fire_hist(spec, d, "defense", setsA, dkeys, 0, max(len(dkeys), 1))
    histA1 = fire_hist(spec, a, "attack", setsD, akeys, len(bkeys), max(PA, 1), round1=True)
    histD1 = fire_hist(spec, d, "defense", setsA, dkeys, 0, max(len(dkeys), 1), round1=True)
    for ti in bomb:
        v = min(D, max(0, ti.bombard_value or 0))
        if v > 0:
            histA1[:, 1, bkeys.index(ti.pool_key()), :, v] += ti.ndice
    all_akeys = bkeys + akeys
    usedA = pools_used(histA1, ctxA, 1 << len(setsA)) | pools_used(histA, ctxA, 1 << len(setsA))
    usedD = pools_used(histD1, ctxD, 1 << len(setsD)) | pools_used(histD, ctxD, 1 << len(setsD))
    eligD = elig_table(d, all_akeys or [((), False)], setsA, usedA)
    eligA = elig_table(a, dkeys or [((), False)], setsD, usedD)
    (histA, histA1), eligD = merge_pools([histA, histA1], eligD)
    (histD, histD1), eligA = merge_pools([histD, histD1], eligA)
    kA = int(histA1[..., 1:].sum(axis=-1).max(initial=0))
    kD = int(histD1[..., 1:].sum(axis=-1).max(initial=0))
    hists = [(histA, kA), (histD, kD)] + [(h, k) for h, h0, k in ((histA1, histA, kA), (histD1, histD, kD))
                                         if not np.array_equal(h, h0)]
    check_memory(memory_estimate(a.H * d.H, branches, hists))
    K = kernel.kernels((a.T + 1) * (d.T + 1))   # plain until the compiled ones are in
    distA, loA, hiA = K.hit_distributions(histA, D, kA)
    if not np.array_equal(histA1, histA):
        distA1, loA1, hiA1 = K.hit_distributions(histA1, D, kA)
    else:
        distA1, loA1, hiA1 = distA, loA, hiA
    distD, loD, hiD = K.hit_distributions(histD, D, kD)
    if not np.array_equal(histD1, histD):
        distD1, loD1, hiD1 = K.hit_distributions(histD1, D, kD)
    else:
        distD1, loD1, hiD1 = distD, loD, hiD
    redA, redD, term = end_tables(spec, a, d)
    return a, d, (ctxA, ctxD, distA, loA, hiA, distA1, loA1, hiA1, distD, loD, hiD, distD1, loD1, hiD1,
                  eligA, eligD, redA, redD, term, int(spec.rounds or 0))


def simple_bombard(spec: BattleSpec) -> bool:
    """Can the type tables (solve_branch) play this battle's shore bombardment (seed 000
    W1)? Only when nothing tells the marked units apart from the others in round one: no
    first strike on either side (marked units have none, and do not cancel the enemy's);
    the units it hits fire back in round one's defender fire, also when it takes them all
    (battle.settle, fs_remove), as an ordinary pool's casualties do. Else the per-unit
    tables (preround.pre_round). No bombardment: True."""
    if any(spec.defender_marked[:len(spec.defender)]):   # spec.marked(k) of some defender
        return False
    if not spec.bombard:
        return True
    return not any(spec.info(t).fs_cancel is not None for t in set(spec.attacker) | set(spec.defender))


def no_links(C: int, H: int) -> tuple[Any, ...]:
    """kernel link arguments for a side without linked special dice."""
    return (np.zeros((C, 2, H), dtype=np.int64), np.zeros(0, dtype=np.int64), -1,
            np.zeros((1, 1, 1, 1), dtype=np.int64), np.zeros((1, 1, 1, 1, 1)))


def solve_branch_general(spec: BattleSpec, att: list[str], weight: float,
                         att_damage: list[int] | None = None,
                         att_penalty: list[int] | None = None,
                         att_flown: list[bool] | None = None,
                         att_landed: list[bool] | None = None) -> Branch:
    """solve_branch with per-unit values (general.py): damaged values, fortifications,
    defends_only_against, fleet air defence, terrain bonus. When a restricted hit would
    skip a unit earlier in the order of loss, each side's order of loss is split into
    classes of units the hits tell apart (lossorder.Track). att_penalty: the out-of-supply
    penalty of each unit of `att` (seed 000 G4; the defender's: from the spec); att_flown:
    which units of `att` flew in (default: by type, airborne_types); att_landed: which
    landed from the sea (default: spec.amphibious for all)."""
    from .api import lost_aboard
    pens = (list(att_penalty) if att_penalty else [0] * len(att), spec.supply_penalties("defender"))
    memo: dict[str, Any] = {}   # the valuers' fire, shared by the attempts (same units)
    kw: dict[str, Any] = dict(pens=pens, flags=att_flown, memo=memo, landed=att_landed)
    if not lost_aboard(spec, spec.defender):   # (else a carrier may go before its aircraft)
        try:
            return _solve_general(spec, att, weight, att_damage, split=False, **kw)
        except Unordered:
            pass
    try:
        return _solve_general(spec, att, weight, att_damage, split=True, **kw)
    except EndsMismatch:
        return _solve_general(spec, att, weight, att_damage, split=True, per_type=True, **kw)


MAX_SPLIT_STATES = 3000   # per side: go tables and the defender's firing rows grow with it
MAX_SPLIT_PAIRS = 500_000   # the DP's work: ~30 us a pair of states in big fleets (~15 s)


def _split_tracks(spec: BattleSpec, layA: Any, layD: Any, akeys: list[Any], dkeys: list[Any],
                  setsA: list[frozenset[str]], setsD: list[frozenset[str]], valA: Any, valD: Any,
                  cntA: Any, cntD: Any, psets: Any, cap: dict[int, list[int]], marked: bool) -> tuple[Any, Any]:
    """Both split tracks, on the states the battle can reach (reach.grow_tracks)."""
    from .reach import grow_tracks
    return grow_tracks(spec, layA, layD, akeys, dkeys, setsA, setsD, valA, valD, cntA, cntD, psets, cap,
                       marked, MAX_SPLIT_STATES)


def _aboard_classes(pairs: list[tuple[int, int]], cl: list[int]) -> dict[int, list[int]]:
    """Seed 000 G58: carrier (listed index) -> the classes of the aircraft aboard it."""
    by_carrier: dict[int, list[int]] = {}
    for k, c in pairs:
        if cl[k] not in by_carrier.setdefault(c, []):
            by_carrier[c].append(cl[k])
    return by_carrier


def _solve_general(spec: BattleSpec, att: list[str], weight: float,
                   att_damage: list[int] | None, split: bool, per_type: bool = False,
                   pens: tuple[list[int], list[int]] | None = None,
                   flags: list[bool] | None = None,
                   memo: dict[str, Any] | None = None,
                   landed: list[bool] | None = None) -> Branch:
    from . import firetables as FT
    from . import general as G
    from . import lossorder as LO
    from . import preround as PR
    from .api import aboard
    penA, penD = pens or ([0] * len(att), [0] * len(spec.defender))
    a: Side | MultiSide = Side.build(spec, att, att_damage)
    adm = list(att_damage) if att_damage else [0] * len(att)
    ddm = spec.damage("defender")
    d: Side | MultiSide = Side.build(spec, spec.defender, ddm)
    if a.H * d.H > MAX_STATES:
        raise NotExact(f"{a.H * d.H} states is too many for the exact method's per-unit tables")
    check_memory(a.H * d.H * STATE_BYTES)
    marked = any(spec.marked(k) for k in range(len(spec.defender)))
    if spec.bombard and marked:
        raise NotExact("a shore bombardment of defenders it has already hit")
    D = spec.dice
    ua = G.UnitsAt.build(spec, att, adm)
    ud = G.UnitsAt.build(spec, spec.defender, ddm)
    setsA = G.feature_sets(spec, spec.defender, "defense")   # attacker presence bits
    setsD = G.feature_sets(spec, att, "attack")
    cntA = G.count_sets(spec, spec.defender, "defense")     # attacker counts (Charge!)
    cntD = G.count_sets(spec, att, "attack")
    psets = G.post_sets(spec)
    tA = G.side_tables(ua, setsA, [], cntA)
    tD = G.side_tables(ud, setsD, psets, cntD)
    if flags is None:
        flown = airborne_types(spec)
        flags = [t in flown for t in att]
    valA = G.Valuer(spec, "attack", att, flags, spec.amphibious if landed is None else landed, setsD, [],
                    cntD, penA)
    valD = G.Valuer(spec, "defense", spec.defender, [False] * len(spec.defender), False, setsA, psets,
                    cntA, penD)
    if memo is not None:
        valA._memo = memo.setdefault("attack", {})
        valD._memo = memo.setdefault("defense", {})
    akeys = FT.all_keys(valA, ua, tD, tA)
    bkey = PR.bombard_key(spec, valA)   # seed 000 W1: the bombardment's pool (a go table)
    if bkey is not None and bkey not in akeys:
        akeys = G.sort_keys(akeys + [bkey])
    dkeys = FT.all_keys(valD, ud, tA, tD)
    AD = G.defender_damage_bound(spec, spec.defender, ddm)
    udF = ud
    defrow = np.zeros((1, 1), dtype=np.int64)
    capA = capD = np.zeros(1, dtype=np.int64)
    trA = trD = None
    if split:
        clA, twA = LO.chooser_split(spec, att, adm, dkeys, per_type)
        clD, twD = LO.chooser_split(spec, spec.defender, ddm, akeys, per_type)
        pairs = aboard(spec, spec.defender)       # G58 (the attacker's aircraft flew in)
        clD, twD = LO.aboard_split(clD, twD, pairs)
        trA, trD = _split_tracks(spec, LO.Layout.of(spec, att, adm, clA, twA),
                                 LO.Layout.of(spec, spec.defender, ddm, clD, twD), akeys, dkeys, setsA, setsD,
                                 valA, valD, cntA, cntD, psets, _aboard_classes(pairs, clD), marked)
        capD = _cap_map(pairs, clD, trD)
        if trA.S * trD.S > MAX_SPLIT_PAIRS or max(trA.S, trD.S) > MAX_SPLIT_STATES:
            raise NotExact(f"{trA.S} x {trD.S} reachable states (order of loss split by the restricted "
                           "hits) is too many for the exact method")
        ua = G.UnitsAt(trA.rows)
        ud = G.UnitsAt(trD.rows)
        tA = G.side_tables(ua, setsA, [], cntA)
        tD = G.side_tables(ud, setsD, psets, cntD)
        if not set(FT.all_keys(valA, ua, tD, tA)) <= set(akeys) \
                or not set(FT.all_keys(valD, ud, tA, tD)) <= set(dkeys):
            raise NotExact("hit pools that only arise with a split order of loss")
        rowsF, defrow = trD.fire_rows(AD >= 0)
        udF = G.UnitsAt(rowsF)
        AD = -2 if AD >= 0 else -1
        a = MultiSide.build(spec, att, trA.rows)
        d = MultiSide.build(spec, spec.defender, trD.rows)
    pre = _pre_round(spec, bkey, marked, ud, udF, trD, tA, setsA, valD, dkeys, tD, AD, defrow, ddm)
    fs_rows = None
    if pre.fs_rows:
        udF = G.UnitsAt(pre.rows)
        fs_rows = pre.fs_rows
    PA, PD = max(len(akeys), 1), max(len(dkeys), 1)
    histA, lkA, lsA, rcA = FT.fire_hists(spec, valA, ua, tD, tA, akeys, 0, PA, False)
    histA1, lkA1, lsA1, rcA1 = FT.fire_hists(spec, valA, ua, tD, tA, akeys, 0, PA, True)
    histD, lkD, lsD, rcD = FT.fire_hists(spec, valD, udF, tA, tD, dkeys, 0, PD, False, fs_rows)
    histD1, lkD1, lsD1, rcD1 = FT.fire_hists(spec, valD, udF, tA, tD, dkeys, 0, PD, True, fs_rows)
    pSA, pOA = FT.linked_pools(akeys, [lsA, lsA1], [rcA, rcA1])
    pSD, pOD = FT.linked_pools(dkeys, [lsD, lsD1], [rcD, rcD1])
    CA, CD = len(tA.bits), len(tD.bits)
    SD = d.H
    usedA = pools_used(histA1, tA.ctx, CA) | pools_used(histA, tA.ctx, CA)
    usedD = pools_used(histD1[:, :, :, :SD], tD.ctx, CD) | pools_used(histD[:, :, :, :SD], tD.ctx, CD)
    if pre.fs_rows:   # the ghost rows' pools (round one): in use whatever the context
        usedD |= (histD1[:, :, :, pre.n_base:, 1:].sum(axis=(0, 1, 3, 4)) > 0)[:, None]
    akeys_ = akeys or [((), False, (), (), False, False)]
    dkeys_ = dkeys or [((), False, (), (), False, False)]
    if trA is not None and trD is not None:
        # chosen casualties: the target's values (one hit a step: this state's bonuses)
        goD = trD.go(spec, akeys_, tA, setsA, valD, _single(akeys, [histA, histA1], [rcA, rcA1]))
        goA = trA.go(spec, dkeys_, tD, setsD, valA, _single(dkeys, [histD, histD1], [rcD, rcD1]))
    else:
        eligD = LO.elig_general(spec, spec.defender, LO.slot_units(spec, spec.defender, ddm), d.T, d.H,
                               akeys_, tA, setsA, usedA)
        eligA = LO.elig_general(spec, att, LO.slot_units(spec, att, adm), a.T, a.H,
                               dkeys_, tD, setsD, usedD)
        # chooses_casualty: the firer's picks must follow the target's order of loss
        LO.check_chooser_order(spec, akeys, usedA, ud, spec.defender, LO.slot_units(spec, spec.defender, ddm),
                              "defense", valD)
        LO.check_chooser_order(spec, dkeys, usedD, ua, att, LO.slot_units(spec, att, adm), "attack", valA)
        goD = LO.go_linear(eligD, d.T)
        goA = LO.go_linear(eligA, a.T)
    if pOA < 0 and not rcA and not rcA1:
        (histA, histA1), goD = merge_pools([histA, histA1], goD)
    if pOD < 0 and not rcD and not rcD1:
        (histD, histD1), goA = merge_pools([histD, histD1], goA)
    nrA = max([len(v[2]) for v in list(rcA.values()) + list(rcA1.values())], default=0)
    nrD = max([len(v[2]) for v in list(rcD.values()) + list(rcD1.values())], default=0)
    kA = nrA + int(max(histA1[..., 1:].sum(axis=-1).max(initial=0), histA[..., 1:].sum(axis=-1).max(initial=0)))
    kD = nrD + int(max(histD1[..., 1:].sum(axis=-1).max(initial=0), histD[..., 1:].sum(axis=-1).max(initial=0)))
    K = kernel.kernels((a.T + 1) * (d.T + 1))
    distA, loA, hiA = K.hit_distributions(histA, D, kA)
    distA1, loA1, hiA1 = ((distA, loA, hiA) if np.array_equal(histA1, histA)
                          else K.hit_distributions(histA1, D, kA))
    distD, loD, hiD = K.hit_distributions(histD, D, kD)
    distD1, loD1, hiD1 = ((distD, loD, hiD) if np.array_equal(histD1, histD)
                          else K.hit_distributions(histD1, D, kD))
    if rcA or rcA1 or rcD or rcD1:   # reconnaissance: the rerolled dice (copies: shared tables)
        distA, loA, hiA = distA.copy(), loA.copy(), hiA.copy()
        distA1, loA1, hiA1 = distA1.copy(), loA1.copy(), hiA1.copy()
        distD, loD, hiD = distD.copy(), loD.copy(), hiD.copy()
        distD1, loD1, hiD1 = distD1.copy(), loD1.copy(), hiD1.copy()
        FT.apply_recon(distA, loA, hiA, rcA, D)
        FT.apply_recon(distA1, loA1, hiA1, rcA1, D)
        FT.apply_recon(distD, loD, hiD, rcD, D)
        FT.apply_recon(distD1, loD1, hiD1, rcD1, D)
    redA, redD, term = end_tables(spec, a, d)  # type: ignore[arg-type]
    final, rounds = K.solve_g(a.T, d.T, tA.ctx, tD.ctx, distA, loA, hiA, distA1, loA1, hiA1,
                                 distD, loD, hiD, distD1, loD1, hiD1, goA, goD, redA, redD,
                                 term, int(spec.rounds or 0), AD, defrow, tD.post, tD.F,
                                 _links(lkA, lsA, histA, pSA, pOA, D, rcA) + (capD,)
                                 + _links(lkD, lsD, histD, pSD, pOD, D, rcD) + (capA,),
                                 _links(lkA1, lsA1, histA1, pSA, pOA, D, rcA1) + (capD,)
                                 + _links(lkD1, lsD1, histD1, pSD, pOD, D, rcD1) + (capA,),
                                 pre.starts, pre.start_w, pre.AD1, pre.dsel, pre.defrow1)
    return Branch(weight, a, d, final, float(rounds))


def _single(keys: list[Any], hists: list[np.ndarray], recons: list[dict[Any, Any]]) -> frozenset[int]:
    """Choosing pools (chooses_casualty) that score at most one hit in any step (battle:
    each pool's casualties are picked with the values from its start; a pool's picks after
    the previous pools' casualties): at most one die in every state, context and step, and
    no die rerolled."""
    if any(recons):
        return frozenset()
    return frozenset(p for p, k in enumerate(keys) if k[5]
                     and max(int(h[:, :, p, :, 1:].sum(axis=-1).max(initial=0)) for h in hists) <= 1)


def _pre_round(spec: BattleSpec, bkey: Any, marked: bool, ud: Any, udF: Any, trD: Any, tA: Any,
               setsA: list[frozenset[str]], valD: Any, dkeys: list[Any], tD: Any, AD: int,
               defrow: np.ndarray, ddm: list[int]) -> Any:
    """Round one's starts after the shore bombardment (seed 000 W1, G63; preround.pre_round):
    the defender's state after the bombardment's hits (taken from the start like any
    pool's, lossorder.Track.go or the prefix), or after the hits an airdrop's bombardment made
    (BattleSpec.defender_marked); none: the battle starts at (0, 0)."""
    from . import firetables as FT
    from . import general as G
    from . import lossorder as LO
    from . import preround as PR
    S = len(ud.rows)
    base = defrow if AD == -2 else PR.base_defrow(S, AD)
    if bkey is None and not marked:
        return PR.PreRound(np.zeros(1, np.int64), np.ones(1), np.array([AD], np.int64),
                          np.zeros(1, np.int64), defrow[None], list(udF.rows), {}, len(udF.rows))
    starts: dict[int, float] = {}
    if marked:
        s0 = PR.marked_start(spec, ud.rows)
        if s0 is None:
            raise (NotExact if trD is not None else Unordered)(
                "the units the shore bombardment hit are not the first in the order of loss")
        starts[s0] = 1.0
    else:
        c0 = int(tA.ctx[0])
        if trD is not None:
            go = trD.go(spec, [bkey], tA, setsA, valD)[0, c0, 0]
        else:
            elig = LO.elig_general(spec, spec.defender, LO.slot_units(spec, spec.defender, ddm), S - 1, S,
                                  [bkey], tA, setsA, np.ones((1, len(tA.bits)), dtype=bool))
            go = LO.go_linear(elig, S - 1)[0, c0, 0]
        for k, w in enumerate(PR.bombard_hits(spec)):
            if w > 0.0:
                s = int(go[min(k, len(go) - 1)])
                starts[s] = starts.get(s, 0.0) + float(w)
    pre = PR.pre_round(spec, starts, ud.rows, udF.rows, base, AD, defrow)
    if pre.fs_rows:
        if valD.recon_types:
            raise NotExact("reconnaissance rerolls beside the units the shore bombardment hit")
        ghosts = G.UnitsAt(pre.rows[pre.n_base:])
        if not set(FT.all_keys(valD, ghosts, tA, tD)) <= set(dkeys):
            raise NotExact("hit pools of the units the shore bombardment hit")
    return pre


def _cap_map(pairs: list[tuple[int, int]], cl: list[int], tr: Any) -> np.ndarray:
    """Seed 000 G58 (combat air patrol): the defender's aircraft aboard a carrier are lost
    with it when the casualties are removed (battle.remove_unit; they still fire back that
    step). The aircraft aboard each carrier are classes of their own (lossorder.aboard_split),
    so cap[s], the state once they are gone, fills those classes of every carrier lost at s
    (else identity; a single zero when no carrier takes aircraft down). Any number of
    carriers, escort carriers and armored carriers, in any order of loss."""
    if not pairs:
        return np.zeros(1, dtype=np.int64)
    by_carrier = _aboard_classes(pairs, cl)
    cap = tr.full.copy()   # mixed-radix indices (the track may keep only reachable states)
    for c, classes in by_carrier.items():
        gone = np.array([all(k != c for k, _t, _d in row) for row in tr.rows])
        for ac in classes:
            n = len(tr.cls_slots[ac])
            full = n * (n + 1) // 2 + n if tr.two[ac] else n
            cur = tr._digit(ac, tr.xs[:, ac], tr.bs[:, ac])
            cap += np.where(gone, (full - cur) * tr.stride[ac], 0)
    out = tr.at(cap)
    if (out < 0).any():
        raise NotExact("a carrier's loss leads out of the reachable states (reach.grow_tracks)")
    return out


def _links(lk: np.ndarray, ls: dict[Any, Any], hist: np.ndarray, spools: np.ndarray, pO: int,
           D: int, rc: dict[Any, Any] | None = None) -> tuple[Any, ...]:
    """kernel link arguments of one side (round one, or later rounds)."""
    from . import firetables as FT
    if pO < 0:
        return no_links(hist.shape[0], hist.shape[3])
    rows, rad = FT.link_radix(lk, ls, spools, rc)
    return (rows, spools, pO, rad, FT.cond_table(hist, rows, rad, ls, spools, D, rc))


def mixed_airborne(spec: BattleSpec) -> bool:
    """Do some but not all attackers of a type fly in (per-unit flags: the general tables)?"""
    if not any(spec.attacker_airborne):
        return False
    by_type: dict[str, set[bool]] = {}
    for t, f in zip(spec.attacker, spec.airborne(), strict=True):
        by_type.setdefault(t, set()).add(f)
    return any(len(v) > 1 for v in by_type.values())


def airborne_types(spec: BattleSpec) -> frozenset[str]:
    """Attacking types that flew in (self_airlift, airdropped). The per-type tables need
    every unit of such a type to have flown in, or none (else NotExact; solve_exact sends
    mixed flags to the per-unit tables, mixed_airborne)."""
    flags = spec.airborne()
    if not any(flags):
        return frozenset()
    by_type: dict[str, set[bool]] = {}
    for t, f in zip(spec.attacker, flags, strict=True):
        by_type.setdefault(t, set()).add(f)
    if any(len(v) > 1 for v in by_type.values()):
        raise NotExact("some but not all units of a type attack from the air")
    return frozenset(t for t, v in by_type.items() if True in v)


def aa_kills(spec: BattleSpec, aa: list[TypeInfo], n_targets: int) -> np.ndarray:
    """Distribution of AA kills among n_targets (one die per target, at most `shots`
    per AAA, never more dice in all than targets)."""
    budget = n_targets
    dist = np.array([1.0])
    for ti in aa:
        shots = min(ti.aa_shots, budget)
        budget -= shots
        q = min(spec.dice, max(0, ti.aa_value or 0)) / spec.dice
        for _ in range(shots * ti.ndice):
            dist = np.convolve(dist, [1.0 - q, q])
    kills = np.zeros(n_targets + 1)
    for h, p in enumerate(dist):
        kills[min(h, n_targets)] += p
    return kills


def aa_branches(spec: BattleSpec) -> list[tuple[float, list[str], list[int], list[int]]]:
    """Anti-aircraft fire before round one: [(probability, attacker list after it, its
    damage, the listed index of each unit kept)]. Aircraft, and separately airborne
    paratroopers (seed 002), lose the first listed of their kind."""
    infos = type_infos(spec.ruleset)
    dmg = spec.damage("attacker")
    if not spec.aa_fire or all(infos[t].aa_value is None for t in set(spec.defender)):
        return [(1.0, list(spec.attacker), dmg, list(range(len(spec.attacker))))]
    air = [k for k, t in enumerate(spec.attacker) if infos[t].domain == AIR]
    flags = spec.airborne()
    aa_all = [infos[t] for t in spec.defender if infos[t].aa_value is not None]
    para = [k for k, t in enumerate(spec.attacker)
            if flags[k] and infos[t].aa_exposed]
    if not air and not para:
        return [(1.0, list(spec.attacker), dmg, list(range(len(spec.attacker))))]
    if any(spec.info(spec.attacker[k]).hits - dmg[k] > 1 for k in para):
        raise NotExact("anti-aircraft fire at multi-hit paratroopers")
    kills_air = aa_kills(spec, aa_all, len(air))
    aa_para = [spec.info(t) for t in spec.defender if spec.info(t).aa_value is not None
               and AIR in (spec.ruleset.units[t].ability("anti_aircraft").targets or ())]
    kills_para = aa_kills(spec, aa_para, len(para)) if para else np.array([1.0])
    out: list[tuple[float, list[str], list[int], list[int]]] = []
    for k, p in enumerate(kills_air):
        for j, q in enumerate(kills_para):
            if p * q <= 0.0:
                continue
            hit, lost = aa_hits_taken(spec, air, dmg, k)
            gone = lost | set(para[:j])
            keep = [n for n in range(len(spec.attacker)) if n not in gone]
            out.append((float(p * q), [spec.attacker[n] for n in keep], [hit[n] for n in keep], keep))
    return out


def aa_hits_taken(spec: BattleSpec, air: list[int], dmg: list[int], hits: int) -> tuple[list[int], set[int]]:
    """k hits of the AA fire on the aircraft `air` (listed indices, listed order): the
    listed order of loss of the game's battles (sim._listed_casualties, the air pool):
    every extra hit point of a multi-hit aircraft first, then the aircraft in the listed
    order. (The damage of every attacker after it, the listed indices lost.)"""
    out = list(dmg)
    left = hits
    for k in air:
        while left and spec.info(spec.attacker[k]).hits - out[k] > 1:
            out[k] += 1
            left -= 1
    lost: set[int] = set()
    for k in air:
        if left and spec.info(spec.attacker[k]).hits - out[k] > 0:
            out[k] += 1
            lost.add(k)
            left -= 1
    return out, lost


def solve_exact(spec: BattleSpec) -> list[Branch]:
    if spec.out_of_supply() or mixed_airborne(spec) or spec.mixed_landed():
        # seed 000 G4 (out of supply), units of a type that flew in beside others that did
        # not, or landed from the sea beside others that came overland: per-unit values,
        # so the per-unit tables (general.Valuer)
        pen = spec.supply_penalties("attacker")
        fl = spec.airborne()
        ld = spec.landed()
        return [solve_branch_general(spec, att, w, dmg, [pen[n] for n in keep], [fl[n] for n in keep],
                                     [ld[n] for n in keep])
                for w, att, dmg, keep in aa_branches(spec)]
    # seed 000 W1: a shore bombardment (or defenders it already hit) plays before round one,
    # in the per-unit tables (preround.pre_round) unless the type tables can (simple_bombard)
    if needs_general(spec) or not simple_bombard(spec):
        return [solve_branch_general(spec, att, w, dmg) for w, att, dmg, _keep in aa_branches(spec)]
    branches = aa_branches(spec)
    return [solve_typed(spec, att, w, dmg, len(branches)) for w, att, dmg, _keep in branches]


def solve_typed(spec: BattleSpec, att: list[str], weight: float, att_damage: list[int] | None = None,
                branches: int = 1) -> Branch:
    """solve_branch; when a restricted hit would skip a unit earlier in the order of loss
    (submarines and aircraft in one sea battle: submarine hits cannot go to aircraft,
    aircraft hits to submarines without a destroyer on their side), the per-unit tables,
    whose order of loss is split into the classes the hits tell apart (lossorder.Track)."""
    try:
        return solve_branch(spec, att, weight, att_damage, branches)
    except Unordered:
        return solve_branch_general(spec, att, weight, att_damage)
