"""Per-unit fire tables of the exact odds: each state's dice per hit pool (hist) from
general.Valuer, the special dice linked to an ordinary pool (value_against), and the
reconnaissance rerolls folded into the hit distributions."""
from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

import numpy as np

from .general import PoolKey, Tables, UnitsAt, Valuer, sort_keys
from .model import BattleSpec

# linked special dice of a step: (ordinary pool, [(special pool, value, special value, dice)])
Links = tuple[int, list[tuple[int, int, int, int]]]


def fire_hists(spec: BattleSpec, val: Valuer, side: UnitsAt, enemy: Tables, own: Tables,
               keys: list[PoolKey], offset: int, npools: int, round1: bool,
               fs_rows: dict[int, list[tuple[int, str, int]]] | None = None
               ) -> tuple[np.ndarray, np.ndarray, dict[tuple[int, int, int], Links],
                          dict[tuple[int, int, int], tuple[int, int, list[Any], int]]]:
    """hist[c * F + f, stage, pool, h, value] (F: own post features), link[cc, stage, h]
    (linked special dice) and links {(cc, stage, h): (ordinary pool, [(special pool,
    ordinary value, special value, dice)])}. A die of a unit with a special value in force
    is an ordinary hit at its value, else a special hit at its special value: the special
    pool gets those dice at (special - ordinary), the ordinary pool's hits depend on them
    (kernel._pools_linked). Several kinds of special values may share a step.
    fs_rows[h]: row h's first-strike dice are those of these units instead (a row with the
    units the shore bombardment marked, ghost_rows: they fire in the ordinary defender
    fire only, battle.step_shooters)."""
    from .exact import NotExact
    D = spec.dice
    C = len(enemy.bits)
    F = own.F
    H = len(side.rows)
    nb = len(val.psets)
    hist = np.zeros((C * F, 2, npools, H, D + 1), dtype=np.int64)
    link = np.zeros((C * F, 2, H), dtype=np.int64)
    links: dict[tuple[int, int, int], Links] = {}
    recon: dict[tuple[int, int, int], tuple[int, int, list[Any], int]] = {}
    for h in range(H):
        alive = side.rows[h]
        rr = val.rerolls(alive)
        rk = val.row_key(alive)   # once a row, not once a context
        for c in range(C):
            for f in range(F):
                pbits = tuple(bool((f >> b) & 1) for b in range(nb))
                cc = c * F + f
                fired = val.fire(alive, enemy.bits[c], pbits, round1, rk)
                if fs_rows is not None and h in fs_rows:
                    fired = [fi for fi in fired if not fi.first_strike] + [
                        fi for fi in val.fire(fs_rows[h], enemy.bits[c], pbits, round1) if fi.first_strike]
                for fi in fired:
                    st = 0 if fi.first_strike else 1
                    if rr > 0 and fi.rerollable:
                        # reconnaissance: these dice get the default rerolls (reroll_joint); a
                        # die with a special value in force is an ordinary hit, a special hit
                        # or a miss, rerolled alike: the special counts of the rerolled dice
                        # join their special pool's linked dice (cond_table)
                        if fi.dice != 1:
                            raise NotExact("reconnaissance rerolls of units with several dice")
                        po = offset + keys.index(fi.key)
                        got_r = recon.get((cc, st, h))
                        if got_r is not None and got_r[1] != po:
                            raise NotExact("reconnaissance rerolls of dice in different hit pools")
                        vals = got_r[2] if got_r is not None else []
                        ps = got_r[3] if got_r is not None else -1
                        if fi.special is not None:
                            sp = offset + keys.index(fi.special[1])
                            if ps >= 0 and sp != ps:
                                raise NotExact("reconnaissance rerolls of dice with special values "
                                               "against different targets")
                            ps = sp
                            vals.append((fi.value, min(D, fi.special[0]), True))
                            got = links.setdefault((cc, st, h), (po, []))
                            if got[0] != po:
                                raise NotExact("special values (value_against) whose ordinary hits go "
                                               "to different hit pools in one step")
                            link[cc, st, h] += 1
                        else:
                            vals.append((fi.value, max(fi.value, fi.top), False))
                        recon[(cc, st, h)] = (rr, po, vals, ps)
                        continue
                    if fi.special is not None:
                        sv, skey = fi.special
                        po = offset + keys.index(fi.key)
                        ps = offset + keys.index(skey)
                        got = links.setdefault((cc, st, h), (po, []))
                        if got[0] != po:
                            raise NotExact("special values (value_against) whose ordinary hits go to "
                                           "different hit pools in one step")
                        got[1].append((ps, fi.value, sv, fi.dice))
                        link[cc, st, h] += fi.dice
                        hist[cc, st, ps, h, min(D, sv - fi.value)] += fi.dice
                    elif fi.value > 0:
                        hist[cc, st, offset + keys.index(fi.key), h, min(D, fi.value)] += fi.dice
    for (cc, _st, h) in recon:
        if (cc, 0, h) in recon and (cc, 1, h) in recon:
            raise NotExact("reconnaissance rerolls shared by two fire steps of a round")
    for key, (_r, p, _v, _ps) in recon.items():
        if key in links and links[key][0] != p:
            raise NotExact("reconnaissance rerolls of dice in a pool other than the special values' "
                           "ordinary pool")
    return hist, link, links, recon


def reroll_dist(values: list[Any], r: int, D: int) -> np.ndarray:
    """Ordinary hits of these dice when the side may reroll r of them (reroll_joint)."""
    return reroll_joint(values, r, D).sum(axis=0)


def reroll_joint(values: list[Any], r: int, D: int) -> np.ndarray:
    """J[m, o]: P(m special hits and o ordinary hits) of these dice (one per unit) when the
    side may reroll r of them: battle.default_reroll rerolls the misses of the highest
    value first (the value the roll records, with the special value), one per unit. A die
    is v, (v, top) or (v, top, special): a roll <= v is an ordinary hit, a roll above top a
    miss (may be rerolled); a roll in between is a special hit when `special` (its pool may
    reach some enemy unit), else a special hit no unit can take (lost, not rerolled:
    battle._classify records top). A rerolled die is rolled once more, alike."""
    from .exact import NotExact
    dice = []
    for x in values:
        if isinstance(x, int):
            dice.append((x, x, False))
        else:
            v, top = int(x[0]), int(x[1])
            dice.append((v, max(v, top), bool(x[2]) if len(x) > 2 else False))
    groups = sorted(Counter(dice).items(), key=lambda kv: (-kv[0][1], -kv[0][0], kv[0][2]))
    tops = [t for (_v, t, _s), _n in groups]
    if len(set(tops)) != len(tops):
        raise NotExact("reconnaissance rerolls of dice that need the same roll for different hits")
    NM = sum(n for (_v, _t, sp), n in groups if sp)
    NO = len(dice)
    start = np.zeros((NO + 1, NO + 1))   # (trimmed to NM + 1 special counts at the end)
    start[0, 0] = 1.0
    dist: dict[int, np.ndarray] = {r: start}     # rerolls left -> J so far
    for (v, top, sp), n in groups:
        v = max(0, min(D, v))
        top = max(v, min(D, top))
        q = v / D
        s_ = (top - v) / D if sp else 0.0
        lq = 0.0 if sp else (top - v) / D
        mq = 1.0 - top / D
        # a rerolled die: ordinary q, special s_, else nothing
        again: dict[int, np.ndarray] = {}
        for k in range(n + 1):
            a = np.zeros((k + 1, k + 1))
            for j1 in range(k + 1):
                for j2 in range(k - j1 + 1):
                    a[j2, j1] = comb(k, j1) * comb(k - j1, j2) * q ** j1 * s_ ** j2 \
                        * (1.0 - q - s_) ** (k - j1 - j2)
            again[k] = a
        nxt: dict[int, np.ndarray] = {}
        for left, J in dist.items():
            for x in range(n + 1):
                for z in range(n - x + 1):
                    for y in range(n - x - z + 1):
                        lost = n - x - z - y
                        pr = comb(n, x) * comb(n - x, z) * comb(n - x - z, y) \
                            * q ** x * s_ ** z * mq ** y * lq ** lost
                        if pr == 0.0:
                            continue
                        k = min(y, left)          # misses rerolled
                        add = pr * again[k]       # [special, ordinary] of the rerolled dice
                        cur = nxt.get(left - k)
                        if cur is None:
                            cur = nxt[left - k] = np.zeros_like(start)
                        for m0, o0 in zip(*np.nonzero(J), strict=True):
                            cur[m0 + z:m0 + z + k + 1, o0 + x:o0 + x + k + 1] += J[m0, o0] * add
        dist = nxt
    total = np.zeros_like(start)
    for J in dist.values():
        total += J
    return total[:NM + 1]


def conv2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The distribution of the sum of two independent [m, o] count pairs."""
    out = np.zeros((a.shape[0] + b.shape[0] - 1, a.shape[1] + b.shape[1] - 1))
    for m0, o0 in zip(*np.nonzero(b), strict=True):
        out[m0:m0 + a.shape[0], o0:o0 + a.shape[1]] += b[m0, o0] * a
    return out


def apply_recon(dist: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                recon: dict[tuple[int, int, int], Any], D: int) -> None:
    """Fold the rerolled dice into their pools' hit distributions (in place): the
    ordinary hits into their pool, the special hits (if any) into their special pool."""
    K = dist.shape[-1] - 1
    for (cc, st, h), (r, p, vals, ps) in recon.items():
        J = reroll_joint(vals, r, D)
        for pool, marg in ((p, J.sum(axis=0)), (ps, J.sum(axis=1))):
            if pool < 0:
                continue
            full = np.convolve(dist[cc, st, pool, h, :hi[cc, st, pool, h] + 1], marg)[:K + 1]
            dist[cc, st, pool, h, :] = 0.0
            dist[cc, st, pool, h, :len(full)] = full
            nz = np.nonzero(full >= 1e-16)[0]
            lo[cc, st, pool, h] = int(nz[0]) if len(nz) else 0
            hi[cc, st, pool, h] = int(nz[-1]) if len(nz) else 0


def linked_pools(keys: list[PoolKey], links: list[dict[tuple[int, int, int], Links]],
                 recons: list[dict[tuple[int, int, int], Any]] = ()  # type: ignore[assignment]
                 ) -> tuple[np.ndarray, int]:
    """(special pools, ordinary pool) of the side's linked dice (with the rerolled dice's
    special pools), or (empty, -1)."""
    from .exact import NotExact
    pos = {v[0] for lk in links for v in lk.values()}
    if not pos:
        return np.zeros(0, dtype=np.int64), -1
    if len(pos) != 1:
        raise NotExact("special values (value_against) whose ordinary hits go to different hit pools")
    pO = pos.pop()
    sp = sorted({d[0] for lk in links for v in lk.values() for d in v[1]}
                | {v[3] for rc in recons for v in rc.values() if v[3] >= 0})
    if sp[-1] >= pO:
        raise NotExact("a special value's hits would be assigned after its ordinary hits")
    return np.array(sp, dtype=np.int64), pO


def link_radix(link: np.ndarray, links: dict[tuple[int, int, int], Links], spools: np.ndarray,
               recon: dict[tuple[int, int, int], Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """rows[cc, stage, h] (kernel link: joint special-count rows, 0 = no linked dice) and
    rad[cc, stage, h, l] (linked dice of special pool spools[l], rerolled ones included)."""
    L = len(spools)
    rows = np.zeros(link.shape, dtype=np.int64)
    rad = np.zeros(link.shape + (max(L, 1),), dtype=np.int64)
    recon = recon or {}
    for (cc, st, h), (_po, dice) in links.items():
        m = 1
        rc = recon.get((cc, st, h))
        for li, ps in enumerate(spools):
            n = sum(x[3] for x in dice if x[0] == ps)
            if rc is not None and rc[3] == ps:
                n += sum(1 for x in rc[2] if len(x) > 2 and x[2])
            rad[cc, st, h, li] = n
            m *= n + 1
        rows[cc, st, h] = m
    return rows, rad


def cond_table(hist: np.ndarray, rows: np.ndarray, rad: np.ndarray,
               links: dict[tuple[int, int, int], Links], spools: np.ndarray, D: int,
               recon: dict[tuple[int, int, int], Any] | None = None) -> np.ndarray:
    """cond[cc, stage, h, r, k]: P(k ordinary hits | the special counts of row r) for the
    linked dice (kernel._pools_linked): the independent dice of the ordinary pool, and per
    special pool the ordinary hits of its linked dice given how many were special (a die:
    ordinary hit with probability v / D, special (sv - v) / D, else a miss)."""
    if not links:
        return np.zeros((1, 1, 1, 1, 1))
    M = int(rows.max())
    K = 0
    recon = recon or {}
    for (cc, st, h), (po, dice) in links.items():
        nr = len(recon[(cc, st, h)][2]) if (cc, st, h) in recon else 0
        K = max(K, int(hist[cc, st, po, h, 1:].sum()) + sum(x[3] for x in dice) + nr)
    cond = np.zeros(rows.shape + (M, K + 1))
    L = len(spools)
    done: dict[tuple[Any, ...], tuple[int, int, int]] = {}   # same dice: same rows
    for (cc, st, h), (po, dice) in links.items():
        rc = recon.get((cc, st, h))
        ckey = (hist[cc, st, po, h].tobytes(), tuple(map(tuple, dice)),
                None if rc is None else (rc[0], tuple(map(tuple, rc[2])), rc[3]),
                rad[cc, st, h].tobytes(), int(rows[cc, st, h]))
        seen = done.get(ckey)
        if seen is not None:
            cond[cc, st, h] = cond[seen]
            continue
        done[ckey] = (cc, st, h)
        base = np.array([1.0])
        for val in range(1, D + 1):
            q = val / D
            for _ in range(int(hist[cc, st, po, h, val])):
                base = np.convolve(base, [1.0 - q, q])
        J = None
        if rc is not None:   # rerolled dice (reconnaissance) of the ordinary pool
            r, _p, vals, rps = rc
            J = reroll_joint(vals, r, D)
            if rps < 0:
                base = np.convolve(base, J.sum(axis=0))
        per: list[np.ndarray] = []      # per special pool: P(k | m) [m, k]
        for ps in spools:
            joint = np.array([[1.0]])
            for _ps, v, sv, n in (x for x in dice if x[0] == ps):
                po_, pS_ = v / D, (sv - v) / D
                for _ in range(n):
                    nj = np.zeros((joint.shape[0] + 1, joint.shape[1] + 1))
                    nj[:-1, :-1] += joint * (1.0 - po_ - pS_)
                    nj[:-1, 1:] += joint * po_
                    nj[1:, :-1] += joint * pS_
                    joint = nj
            if rc is not None and J is not None and rc[3] == ps:
                joint = conv2(joint, J)   # the rerolled dice: special and ordinary hits together
            tot = joint.sum(axis=1, keepdims=True)
            per.append(np.divide(joint, tot, out=np.zeros_like(joint), where=tot > 0))
        nrow = int(rows[cc, st, h])
        for r in range(nrow):
            dist = base
            rr = r
            digits = []
            for li in range(L - 1, -1, -1):
                digits.append(rr % (rad[cc, st, h, li] + 1))
                rr //= rad[cc, st, h, li] + 1
            digits.reverse()
            for li in range(L):
                dist = np.convolve(dist, per[li][digits[li]])
            dist = dist[:K + 1]
            cond[cc, st, h, r, :len(dist)] = dist
    return cond


def all_keys(val: Valuer, side: UnitsAt, enemy: Tables, own: Tables) -> list[PoolKey]:
    keys: list[PoolKey] = []
    nb = len(val.psets)
    seen: set[tuple[tuple[str, int], ...]] = set()
    for h in range(len(side.rows)):
        # a row's pools depend on which units (type, damage) are alive, not on their order
        sig = tuple(sorted((t, d) for _k, t, d in side.rows[h]))
        if sig in seen:
            continue
        seen.add(sig)
        for c in range(len(enemy.bits)):
            for f in range(own.F):
                pbits = tuple(bool((f >> b) & 1) for b in range(nb))
                for r1 in (True, False):
                    for fi in val.fire(side.rows[h], enemy.bits[c], pbits, r1):
                        keys.append(fi.key)
                        if fi.special is not None:
                            keys.append(fi.special[1])
    return sort_keys(keys)
