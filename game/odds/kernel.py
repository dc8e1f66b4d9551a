"""The inner loops of the exact odds: hit distributions and the Markov DP.

Written in the subset of Python that numba compiles. The functions below are plain
Python; `kernels()` hands out either them or their numba-compiled copies, which are
prepared off the caller's thread (see "The odds kernel" in docs/architecture.md):
the compiled copies are made by a child process (`_CHILD`)
into numba's on-disk cache, then loaded; until they are, the plain functions answer.
Both run the same code on the same arrays in the same order (no fast-math), so they
give the same numbers (tests/odds/test_kernel_modes.py).

State (i, j): i attacker track slots consumed, j defender track slots consumed
(see model.py). Per-side tables, X in {A, D}:
  dist_X[c, s, p, h, k]  P(pool p of X scores k hits) when X is in state h,
                         the enemy's context id is c, s = 0 first strike, 1 fire
  lo_X/hi_X[c, s, p, h]  range of k worth looking at (hi == 0: no hits possible)
  elig_X[p, c, h]        eligible slots left on X's track from h for the enemy's
                         pool p when the enemy (the firing side) has context c
  ctx_X[h]               X's context id at h (which type sets it has alive)
"""
from __future__ import annotations

import contextlib
import gc
import importlib.util
import logging
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from types import FunctionType, SimpleNamespace
from typing import Any

import numpy as np

logger = logging.getLogger(__name__)

TINY = 1e-16
# products and states of mass below PRUNE are dropped; the mass dropped is reported
# (OddsResult.pruned_mass = 1 - the final mass). At 1e-16, 64 times battle B dropped
# 1.2e-8; at 1e-18, 1.3e-10 for 9 % more work (issue #45: under 1e-9, as documented)
PRUNE = 1e-18


def hit_distributions(hist: Any, dice: int, kmax: int) -> Any:
    """hist[c, s, p, h, v] dice of value v -> (dist[c, s, p, h, k], lo, hi)."""
    C, S, P, H, V = hist.shape
    dist = np.zeros((C, S, P, H, kmax + 1))
    lo = np.zeros((C, S, P, H), dtype=np.int64)
    hi = np.zeros((C, S, P, H), dtype=np.int64)
    buf = np.zeros(kmax + 2)
    for c in range(C):
        for s in range(S):
            for p in range(P):
                for h in range(H):
                    # identical to the previous state's row? reuse it
                    if h > 0:
                        same = True
                        for v in range(V):
                            if hist[c, s, p, h, v] != hist[c, s, p, h - 1, v]:
                                same = False
                                break
                        if same:
                            dist[c, s, p, h, :] = dist[c, s, p, h - 1, :]
                            lo[c, s, p, h] = lo[c, s, p, h - 1]
                            hi[c, s, p, h] = hi[c, s, p, h - 1]
                            continue
                    buf[:] = 0.0
                    buf[0] = 1.0
                    n = 0
                    for v in range(1, V):
                        q = v / dice
                        for _ in range(hist[c, s, p, h, v]):
                            n += 1
                            for k in range(n, 0, -1):
                                buf[k] = buf[k] * (1.0 - q) + buf[k - 1] * q
                            buf[0] = buf[0] * (1.0 - q)
                    a = 0
                    while a < n and buf[a] < TINY:
                        a += 1
                    b = n
                    while b > a and buf[b] < TINY:
                        b -= 1
                    for k in range(n + 1):
                        dist[c, s, p, h, k] = buf[k]
                    lo[c, s, p, h] = a
                    hi[c, s, p, h] = b
    return dist, lo, hi


def _top(g: Any, src: Any, a: int, b: int, u: int) -> int:
    """Highest destination of up to u hits from the nonzero entries of src[a..b]
    (g[h, k]: the state after k hits from h, saturating at g.shape[1] - 1 hits)."""
    Kg = g.shape[1] - 1
    uu = min(u, Kg)
    top = a
    for h in range(a, b + 1):
        if src[h] != 0.0 and g[h, uu] > top:
            top = g[h, uu]
    return top


def _apply(src: Any, dst: Any, a: int, b: int, d: Any, lw: int, u: int, g: Any) -> int:
    """dst += src (over a..b) after one pool of hits with distribution d[lw..u]; g[h, k]
    is the state after k hits from h (hits beyond the eligible units are lost, so g
    saturates); returns the top of dst's range (dst must be zero above b)."""
    Kg = g.shape[1] - 1
    top = a
    for h in range(a, b + 1):
        x = src[h]
        if x == 0.0:
            continue
        for k in range(lw, u + 1):
            dst[g[h, min(k, Kg)]] += x * d[k]
        t = g[h, min(u, Kg)]
        if t > top:
            top = t
    return max(top, b)


def _pools_linked(res: Any, h0: int, T: int, dist: Any, lo: Any, hi: Any, ec: int, s: int,
                  hf: int, go: Any, fc: int, M: int, spools: Any, pO: int, rad: Any, cond: Any) -> Any:
    """_pools with linked special dice (value_against): a linked die is an ordinary hit at
    its value, else a special hit at its special value. Special pool spools[l] holds the
    special hits of its dice (rad[ec, s, hf, l] of them; pools before pO), and the
    ordinary pool pO's hits depend on all those counts (cond[ec, s, hf, r, k] = P(k
    ordinary hits | the special counts of row r)). Row r of buf (mixed radix, the last
    special pool least significant): the mass with those special counts."""
    P = dist.shape[2]
    L = spools.shape[0]
    buf = np.zeros((M, T + 2))
    nxt = np.zeros(T + 2)
    src = np.zeros(T + 2)
    buf[0, h0] = 1.0
    a = h0
    b = h0
    used = 1                      # rows 0..used-1 may hold mass (processed digits only)
    for p in range(pO):
        u = hi[ec, s, p, hf]
        if u == 0:
            continue
        g = go[p, fc]
        Kg = g.shape[1] - 1
        li = -1
        for x in range(L):
            if spools[x] == p:
                li = x
        if li < 0:
            nb = b
            for r in range(used):
                nxt[:] = 0.0
                t = _apply(buf[r], nxt, a, b, dist[ec, s, p, hf], lo[ec, s, p, hf], u, g)
                for h in range(a, t + 1):
                    buf[r, h] = nxt[h]
                nb = max(nb, t)
            b = nb
            continue
        # special pool l: row r (digit l = 0) spreads to r + x * step for x special hits
        n = rad[ec, s, hf, li]
        step = 1
        for x in range(li + 1, L):
            step *= rad[ec, s, hf, x] + 1
        dS = dist[ec, s, p, hf]
        nb = b
        for r in range(used - 1, -1, -1):
            for h in range(a, b + 1):
                src[h] = buf[r, h]
                buf[r, h] = 0.0
            for h in range(a, b + 1):
                w = src[h]
                if w == 0.0:
                    continue
                for x in range(n + 1):
                    y = g[h, min(x, Kg)]
                    buf[r + x * step, y] += w * dS[x]
                    if y > nb:
                        nb = y
        b = nb
        used = M
    # the ordinary hits, given the special ones: back to one distribution
    K = cond.shape[4] - 1
    for h in range(a, T + 1):
        res[h] = 0.0
    nb = b
    for r in range(used):
        nb = max(nb, _apply(buf[r], res, a, b, cond[ec, s, hf, r], 0, K, go[pO, fc]))
    b = nb
    for p in range(pO + 1, P):
        u = hi[ec, s, p, hf]
        if u == 0:
            continue
        nxt[:] = 0.0
        nb = _apply(res, nxt, a, b, dist[ec, s, p, hf], lo[ec, s, p, hf], u, go[p, fc])
        for h in range(a, nb + 1):
            res[h] = nxt[h]
        b = nb
    return a, b


def _cap(res: Any, a: int, b: int, cap: Any) -> Any:
    """Move the mass of each state h in a..b to cap[h] (>= h, a fixed point)."""
    if cap.shape[0] <= 1:
        return a, b
    nb = b
    for h in range(b, a - 1, -1):
        y = cap[h]
        if y != h and res[h] != 0.0:
            res[y] += res[h]
            res[h] = 0.0
            if y > nb:
                nb = y
    return a, nb


def _pools_g(res: Any, tmp: Any, h0: int, T: int, dist: Any, lo: Any, hi: Any, ec: int, s: int,
           hf: int, go: Any, fc: int, link: Any, spools: Any, pO: int, rad: Any, cond: Any,
           cap: Any) -> Any:
    """Apply the firing side's pools (stage s, firing row hf, enemy ctx ec) in order to
    the target's states starting at h0 (go[p, fc, h, k]: the target's state after k hits
    of pool p from h when the firing side has context fc). res must be zero; returns its
    used range. link[ec, s, hf] > 0: that many rows of linked special dice (value_against).
    cap[h] (when longer than 1): the state once the casualties are removed (seed 000 G58:
    aircraft aboard a lost carrier go down with it)."""
    if link[ec, s, hf] > 0:
        a, b = _pools_linked(res, h0, T, dist, lo, hi, ec, s, hf, go, fc, link[ec, s, hf], spools, pO,
                             rad, cond)
        return _cap(res, a, b, cap)
    res[h0] = 1.0
    a = h0
    b = h0
    P = dist.shape[2]
    for p in range(P):
        u = hi[ec, s, p, hf]
        if u == 0:
            continue
        lw = lo[ec, s, p, hf]
        g = go[p, fc]
        nb = _top(g, res, a, b, u)
        for h in range(a, nb + 1):
            tmp[h] = 0.0
        _apply(res, tmp, a, b, dist[ec, s, p, hf], lw, u, g)
        for h in range(a, nb + 1):
            res[h] = tmp[h]
        b = nb
    return _cap(res, a, b, cap)


def _clear(v: Any, a: int, b: int) -> None:
    for h in range(a, b + 1):
        v[h] = 0.0


def _outer(out: Any, w: float, wA: Any, a1: int, b1: int, wD: Any, a2: int, b2: int) -> None:
    """out[x, y] += w * wD[x] * wA[y], dropping products below PRUNE."""
    mA = 0.0
    for y in range(a1, b1 + 1):
        mA = max(mA, wA[y])
    mD = 0.0
    for x in range(a2, b2 + 1):
        mD = max(mD, wD[x])
    if w * mA * mD < PRUNE:
        return
    thr = PRUNE / (w * mD)
    c1 = a1
    while c1 < b1 and wA[c1] < thr:
        c1 += 1
    d1 = b1
    while d1 > c1 and wA[d1] < thr:
        d1 -= 1
    for x in range(a2, b2 + 1):
        fx = w * wD[x]
        if fx * mA < PRUNE:
            continue
        for y in range(c1, d1 + 1):
            out[x, y] += fx * wA[y]


def _def_key(j1: int, j2: int, AD: int, defrow: Any, postD: Any, FD: int, c: int) -> Any:
    """The defender's firing state and dist context when it fires from j1 and has been hit
    down to j2 by a first strike: units hit fire back with their new damage (values depend
    on the damage while extra hit points are being taken, j1 < AD) and the own-side
    features after the hits (postD: e.g. a friendly carrier still afloat, seed 000 G53)."""
    hf = j1
    if AD == -2:   # split order of loss (lossorder.Track): a table of firing rows
        hf = defrow[j1, j2]
    elif AD >= 0 and j1 < AD:
        hf = min(j2, AD)
    return hf, c * FD + postD[j2]


def _def_fire_key(j1: int, j2: int, AD: int, defrow: Any, postD: Any, FD: int, c: int) -> Any:
    """_def_key for the defender's ordinary fire after the attacker's hit it down to j2:
    units hit fire back as they were at j1 (seed 000: damaged values count after the
    round, battle.firing_damage), the own-side features after the hits."""
    hf = _def_key(j1, j1, AD, defrow, postD, FD, c)[0]
    return hf, c * FD + postD[j2]


def _round_g(i: int, j: int, m: float, out: Any, loop_only: bool, renorm: bool,
           TA: int, TD: int, ctxA: Any, ctxD: Any,
           distA: Any, loA: Any, hiA: Any, distD: Any, loD: Any, hiD: Any,
           goA: Any, goD: Any, sv: Any, AD: int, defrow: Any, postD: Any, FD: int, lk: Any) -> float:
    """One battle round from (i, j). loop_only: return P(back to (i, j)) and scatter
    nothing; else add m * P(i', j') to out[i', j'] for every outcome (self included).
    renorm (no first strike here): scatter m / (1 - loop) at once and return loop.
    AD >= 0 or FD > 1: the defender's fire depends on the hits it takes (_def_key)."""
    vj = sv[0]
    vi = sv[1]
    wA = sv[2]
    wD = sv[3]
    tmp = sv[4]
    cA = ctxA[i]
    cD = ctxD[j]
    loop = 0.0
    simple = AD == -1 and FD == 1
    lkA, pSA, pOA, rdA, cdA, cpD, lkD, pSD, pOD, rdD, cdD, cpA = lk
    no_fs = True
    for p in range(hiA.shape[2]):
        if hiA[cD, 0, p, i] > 0:
            no_fs = False
    for p in range(hiD.shape[2]):
        if hiD[cA, 0, p, j] > 0:
            no_fs = False
    if renorm and not (no_fs and simple):
        return -1.0
    if no_fs and renorm:
        # one pass: the self-loop probability is known before scattering
        a1, b1 = _pools_g(wA, tmp, j, TD, distA, loA, hiA, cD, 1, i, goD, cA, lkA, pSA, pOA, rdA, cdA, cpD)
        a2, b2 = _pools_g(wD, tmp, i, TA, distD, loD, hiD, cA, 1, j, goA, cD, lkD, pSD, pOD, rdD, cdD, cpA)
        loop = wA[j] * wD[i]
        if loop < 1.0 - 1e-13:
            _outer(out, m / (1.0 - loop), wA, a1, b1, wD, a2, b2)
        _clear(wA, a1, b1)
        _clear(wD, a2, b2)
        return loop
    # surprise strikes are simultaneous: the attacker's first strike (from i, at the
    # defender's ctx cD) and the defender's (from j: units it sinks still strike back, at
    # the attacker's ctx cA) are independent; both sides' casualties go before main fire
    rj0, rj1 = _pools_g(vj, tmp, j, TD, distA, loA, hiA, cD, 0, i, goD, cA, lkA, pSA, pOA, rdA, cdA, cpD)
    ri0 = i
    ri1 = i
    kh = -1
    kc = -1
    aj, bj = (j, j) if loop_only else (rj0, rj1)
    for j1 in range(aj, bj + 1):
        pj = vj[j1]
        if pj < TINY:
            continue
        cD1 = ctxD[j1]
        # the defender's first strike (units struck by the attacker's still fire)
        hf0, ec0 = _def_key(j, j1, AD, defrow, postD, FD, cA)
        if hf0 != kh or ec0 != kc:
            _clear(vi, ri0, ri1)
            ri0, ri1 = _pools_g(vi, tmp, i, TA, distD, loD, hiD, ec0, 0, hf0, goA, cD, lkD, pSD, pOD, rdD, cdD, cpA)
            kh = hf0
            kc = ec0
        ai, bi = (i, i) if loop_only else (ri0, ri1)
        for i1 in range(ai, bi + 1):
            pi = vi[i1]
            if pi < TINY:
                continue
            w = m * pj * pi
            if w < PRUNE:
                continue
            cA1 = ctxA[i1]
            # attacker fire (casualties fire back), defender fire
            a1, b1 = _pools_g(wA, tmp, j1, TD, distA, loA, hiA, cD1, 1, i1, goD, cA1, lkA, pSA, pOA, rdA, cdA, cpD)
            if simple:
                a2, b2 = _pools_g(wD, tmp, i1, TA, distD, loD, hiD, cA1, 1, j1, goA, cD1, lkD, pSD, pOD, rdD, cdD, cpA)
                if loop_only:
                    loop += pj * pi * wA[j] * wD[i]
                else:
                    _outer(out, w, wA, a1, b1, wD, a2, b2)
                _clear(wD, a2, b2)
            else:  # group the defender's states after the hits by how it fires back
                y = a1
                while y <= b1:
                    hf, ec = _def_fire_key(j1, y, AD, defrow, postD, FD, cA1)
                    z = y
                    while z < b1:
                        hf2, ec2 = _def_fire_key(j1, z + 1, AD, defrow, postD, FD, cA1)
                        if hf2 != hf or ec2 != ec:
                            break
                        z += 1
                    if not loop_only or (y <= j and j <= z):
                        a2, b2 = _pools_g(wD, tmp, i1, TA, distD, loD, hiD, ec, 1, hf, goA, cD1, lkD, pSD, pOD, rdD, cdD, cpA)
                        if loop_only:
                            loop += pj * pi * wA[j] * wD[i]
                        else:
                            _outer(out, w, wA, y, z, wD, a2, b2)
                        _clear(wD, a2, b2)
                    y = z + 1
            _clear(wA, a1, b1)
    _clear(vi, ri0, ri1)
    _clear(vj, rj0, rj1)
    return loop


def _settle(mass: Any, redA: Any, redD: Any) -> None:
    """End-of-round rules: defenceless units alone are lost (mass moves to a terminal)."""
    HA, HD = mass.shape
    for i in range(HA):
        for j in range(HD):
            x = mass[i, j]
            if x != 0.0 and (redA[i, j] != i or redD[i, j] != j):
                mass[i, j] = 0.0
                mass[redA[i, j], redD[i, j]] += x


def solve_g(TA: int, TD: int, ctxA: Any, ctxD: Any,
          distA: Any, loA: Any, hiA: Any, distA1: Any, loA1: Any, hiA1: Any,
          distD: Any, loD: Any, hiD: Any, distD1: Any, loD1: Any, hiD1: Any,
          goA: Any, goD: Any, redA: Any, redD: Any, term: Any, max_rounds: int,
          AD: int, defrow: Any, postD: Any, FD: int, lk: Any, lk1: Any,
          starts: Any, start_w: Any, AD1: Any, dsel: Any, defrow1: Any) -> Any:
    """Final distribution over states and expected rounds.

    Round 1 starts from (0, starts[s]) with probability start_w[s] (the defender's state
    after the shore bombardment, seed 000 W1; [0] and [1.0] without one) and uses the
    tables distA1/distD1 (first strike limited to round one) and, for the defender's
    firing rows, AD1[s] and defrow1[dsel[s]] (the units the bombardment marked fire back
    in round one's defender fire: general.ghost_rows); later rounds distA/distD, AD, defrow.
    max_rounds <= 0: until the battle ends (self-loops renormalised);
    otherwise the mass still fighting after max_rounds stays where it is."""
    HA = TA + 1
    HD = TD + 1
    n = max(HA, HD) + 2
    sv = np.zeros((5, n))
    rounds = 0.0
    if max_rounds > 0:
        cur = np.zeros((HA, HD))
        for r in range(max_rounds):
            nxt = np.zeros((HA, HD))
            if r == 0:
                for s in range(starts.shape[0]):
                    m = start_w[s]
                    if m == 0.0:
                        continue
                    rounds += m
                    _round_g(0, starts[s], m, nxt, False, False, TA, TD, ctxA, ctxD, distA1, loA1, hiA1,
                             distD1, loD1, hiD1, goA, goD, sv, AD1[s], defrow1[dsel[s]], postD, FD, lk1)
            else:
                for i in range(HA):
                    for j in range(HD):
                        m = cur[i, j]
                        if m == 0.0:
                            continue
                        if term[i, j]:
                            nxt[i, j] += m
                            continue
                        if m < PRUNE:
                            continue
                        rounds += m
                        _round_g(i, j, m, nxt, False, False, TA, TD, ctxA, ctxD, distA, loA, hiA,
                                 distD, loD, hiD, goA, goD, sv, AD, defrow, postD, FD, lk)
            _settle(nxt, redA, redD)
            cur = nxt
        return cur, rounds
    mass = np.zeros((HA, HD))
    rounds = 1.0
    for s in range(starts.shape[0]):
        if start_w[s] == 0.0:
            continue
        _round_g(0, starts[s], start_w[s], mass, False, False, TA, TD, ctxA, ctxD, distA1, loA1, hiA1,
                 distD1, loD1, hiD1, goA, goD, sv, AD1[s], defrow1[dsel[s]], postD, FD, lk1)
    _settle(mass, redA, redD)
    for i in range(HA):
        for j in range(HD):
            m = mass[i, j]
            if m == 0.0 or term[i, j]:
                continue
            if redA[i, j] != i or redD[i, j] != j:
                mass[i, j] = 0.0
                mass[redA[i, j], redD[i, j]] += m
                continue
            if m < PRUNE:
                mass[i, j] = 0.0
                continue
            mass[i, j] = 0.0
            loop = _round_g(i, j, m, mass, False, True, TA, TD, ctxA, ctxD, distA, loA, hiA,
                          distD, loD, hiD, goA, goD, sv, AD, defrow, postD, FD, lk)
            if loop < 0.0:  # first strike here: find the self-loop first, then scatter
                loop = _round_g(i, j, 1.0, mass, True, False, TA, TD, ctxA, ctxD, distA, loA, hiA,
                              distD, loD, hiD, goA, goD, sv, AD, defrow, postD, FD, lk)
                if loop < 1.0 - 1e-13:
                    _round_g(i, j, m / (1.0 - loop), mass, False, False, TA, TD, ctxA, ctxD,
                           distA, loA, hiA, distD, loD, hiD, goA, goD, sv, AD, defrow, postD, FD, lk)
            if loop > 1.0 - 1e-13:
                mass[i, j] = m  # no progress is possible: the battle stalls here (a draw)
                continue
            rounds += m / (1.0 - loop)
            mass[i, j] = 0.0
    return mass, rounds


# --- the plain tables (no per-unit links, no defender post features): g40's path, kept
# separate so the general kernel's extra work never slows it down ---------------------
def _pools(res: Any, tmp: Any, h0: int, T: int, dist: Any, lo: Any, hi: Any, ec: int, s: int,
           hf: int, elig: Any, fc: int) -> Any:
    """Apply the firing side's pools (stage s, firing state hf, enemy ctx ec) in order to
    the target track starting at h0. res must be zero; returns its used range."""
    res[h0] = 1.0
    a = h0
    b = h0
    P = dist.shape[2]
    for p in range(P):
        u = hi[ec, s, p, hf]
        if u == 0:
            continue
        lw = lo[ec, s, p, hf]
        nb = min(b + u, T)
        for h in range(a, nb + 1):
            tmp[h] = 0.0
        d = dist[ec, s, p, hf]
        e = elig[p, fc]
        for h in range(a, b + 1):
            x = res[h]
            if x == 0.0:
                continue
            cap = e[h]
            top = min(u, cap - 1)
            for k in range(lw, top + 1):
                tmp[h + k] += x * d[k]
            if cap <= u:  # hits beyond the eligible slots are lost: all land on h + cap
                acc = 0.0
                for k in range(max(lw, cap), u + 1):
                    acc += d[k]
                tmp[h + cap] += x * acc
        for h in range(a, nb + 1):
            res[h] = tmp[h]
        b = nb
    return a, b


def _round(i: int, j: int, m: float, out: Any, loop_only: bool, renorm: bool,
           TA: int, TD: int, ctxA: Any, ctxD: Any,
           distA: Any, loA: Any, hiA: Any, distD: Any, loD: Any, hiD: Any,
           eligA: Any, eligD: Any, sv: Any) -> float:
    """One battle round from (i, j). loop_only: return P(back to (i, j)) and scatter
    nothing; else add m * P(i', j') to out[i', j'] for every outcome (self included).
    renorm (no first strike here): scatter m / (1 - loop) at once and return loop."""
    vj = sv[0]
    vi = sv[1]
    wA = sv[2]
    wD = sv[3]
    tmp = sv[4]
    cA = ctxA[i]
    cD = ctxD[j]
    loop = 0.0
    no_fs = True
    for p in range(hiA.shape[2]):
        if hiA[cD, 0, p, i] > 0:
            no_fs = False
    for p in range(hiD.shape[2]):
        if hiD[cA, 0, p, j] > 0:
            no_fs = False
    if renorm and not no_fs:
        return -1.0
    if no_fs and renorm:
        # one pass: the self-loop probability is known before scattering
        a1, b1 = _pools(wA, tmp, j, TD, distA, loA, hiA, cD, 1, i, eligD, cA)
        a2, b2 = _pools(wD, tmp, i, TA, distD, loD, hiD, cA, 1, j, eligA, cD)
        loop = wA[j] * wD[i]
        if loop < 1.0 - 1e-13:
            _outer(out, m / (1.0 - loop), wA, a1, b1, wD, a2, b2)
        _clear(wA, a1, b1)
        _clear(wD, a2, b2)
        return loop
    # surprise strikes are simultaneous: the attacker's first strike (from i, at the
    # defender's ctx cD) and the defender's (from j: units it sinks still strike back, at
    # the attacker's ctx cA) are independent; both sides' casualties go before main fire
    rj0, rj1 = _pools(vj, tmp, j, TD, distA, loA, hiA, cD, 0, i, eligD, cA)
    ri0, ri1 = _pools(vi, tmp, i, TA, distD, loD, hiD, cA, 0, j, eligA, cD)
    aj, bj = (j, j) if loop_only else (rj0, rj1)
    ai, bi = (i, i) if loop_only else (ri0, ri1)
    for j1 in range(aj, bj + 1):
        pj = vj[j1]
        if pj < TINY:
            continue
        cD1 = ctxD[j1]
        for i1 in range(ai, bi + 1):
            pi = vi[i1]
            if pi < TINY:
                continue
            w = m * pj * pi
            if w < PRUNE:
                continue
            cA1 = ctxA[i1]
            # attacker fire (casualties fire back), defender fire
            a1, b1 = _pools(wA, tmp, j1, TD, distA, loA, hiA, cD1, 1, i1, eligD, cA1)
            a2, b2 = _pools(wD, tmp, i1, TA, distD, loD, hiD, cA1, 1, j1, eligA, cD1)
            if loop_only:
                loop += pj * pi * wA[j] * wD[i]
            else:
                _outer(out, w, wA, a1, b1, wD, a2, b2)
            _clear(wA, a1, b1)
            _clear(wD, a2, b2)
    _clear(vi, ri0, ri1)
    _clear(vj, rj0, rj1)
    return loop


def solve(TA: int, TD: int, ctxA: Any, ctxD: Any,
          distA: Any, loA: Any, hiA: Any, distA1: Any, loA1: Any, hiA1: Any,
          distD: Any, loD: Any, hiD: Any, distD1: Any, loD1: Any, hiD1: Any,
          eligA: Any, eligD: Any, redA: Any, redD: Any, term: Any, max_rounds: int) -> Any:
    """Final distribution over states and expected rounds, from (0, 0).

    Round 1 uses the tables distA1/distD1 (shore bombardment, first strike limited to
    round one); later rounds distA/distD.
    max_rounds <= 0: until the battle ends (self-loops renormalised);
    otherwise the mass still fighting after max_rounds stays where it is."""
    HA = TA + 1
    HD = TD + 1
    n = max(HA, HD) + 2
    sv = np.zeros((5, n))
    rounds = 0.0
    if max_rounds > 0:
        cur = np.zeros((HA, HD))
        cur[0, 0] = 1.0
        for r in range(max_rounds):
            nxt = np.zeros((HA, HD))
            for i in range(HA):
                for j in range(HD):
                    m = cur[i, j]
                    if m == 0.0:
                        continue
                    if term[i, j] and r > 0:
                        nxt[i, j] += m
                        continue
                    if m < PRUNE:
                        continue
                    rounds += m
                    if r == 0:
                        _round(i, j, m, nxt, False, False, TA, TD, ctxA, ctxD, distA1, loA1, hiA1,
                               distD1, loD1, hiD1, eligA, eligD, sv)
                    else:
                        _round(i, j, m, nxt, False, False, TA, TD, ctxA, ctxD, distA, loA, hiA,
                               distD, loD, hiD, eligA, eligD, sv)
            _settle(nxt, redA, redD)
            cur = nxt
        return cur, rounds
    mass = np.zeros((HA, HD))
    rounds = 1.0
    _round(0, 0, 1.0, mass, False, False, TA, TD, ctxA, ctxD, distA1, loA1, hiA1,
           distD1, loD1, hiD1, eligA, eligD, sv)
    _settle(mass, redA, redD)
    for i in range(HA):
        for j in range(HD):
            m = mass[i, j]
            if m == 0.0 or term[i, j]:
                continue
            if redA[i, j] != i or redD[i, j] != j:
                mass[i, j] = 0.0
                mass[redA[i, j], redD[i, j]] += m
                continue
            if m < PRUNE:
                mass[i, j] = 0.0
                continue
            mass[i, j] = 0.0
            loop = _round(i, j, m, mass, False, True, TA, TD, ctxA, ctxD, distA, loA, hiA,
                          distD, loD, hiD, eligA, eligD, sv)
            if loop < 0.0:  # first strike here: find the self-loop first, then scatter
                loop = _round(i, j, 1.0, mass, True, False, TA, TD, ctxA, ctxD, distA, loA, hiA,
                              distD, loD, hiD, eligA, eligD, sv)
                if loop < 1.0 - 1e-13:
                    _round(i, j, m / (1.0 - loop), mass, False, False, TA, TD, ctxA, ctxD,
                           distA, loA, hiA, distD, loD, hiD, eligA, eligD, sv)
            if loop > 1.0 - 1e-13:
                mass[i, j] = m  # no progress is possible: the battle stalls here (a draw)
                continue
            rounds += m / (1.0 - loop)
            mass[i, j] = 0.0
    return mass, rounds


# --- plain or compiled: which functions answer now --------------------------------------
# Each entry's arguments, in order: "n" an integer, "iK"/"fK"/"uK" a C-contiguous int64 /
# float64 / uint8 array of K dimensions, "L" a side pair of link arguments (exact._links).
# The compiled entries are made for exactly these types (one signature each, so no battle
# ever meets a fresh compilation); a call of other types is converted to them (`_coerce`).
_LINK = ("i3", "i1", "n", "i4", "f5", "i1") * 2
_TABLES = ("f5", "i4", "i4") * 4
ARGS: dict[str, tuple[Any, ...]] = {
    "hit_distributions": ("i5", "n", "n"),
    "solve": ("n", "n", "i1", "i1") + _TABLES + ("i3", "i3", "i2", "i2", "u2", "n"),
    "solve_g": (("n", "n", "i1", "i1") + _TABLES
                + ("i4", "i4", "i2", "i2", "u2", "n", "n", "i2", "i1", "n", _LINK, _LINK,
                   "i1", "f1", "i1", "i1", "i3")),
}
_HELPERS = ("_top", "_apply", "_pools_linked", "_cap", "_pools_g", "_clear", "_outer", "_def_key",
            "_def_fire_key", "_round_g", "_settle", "_pools", "_round")
_DTYPES = {"i": np.int64, "f": np.float64, "u": np.uint8}

PLAIN = SimpleNamespace(**{name: globals()[name] for name in ARGS})
PURE_WORK = 20_000      # above this many (state, state) pairs plain Python takes seconds
                        # (battle B, 1,800 pairs: 0.3 s): such a battle waits for the
                        # compiled kernels (a one-shot process loads them at once)


def _coerce(spec: Any, x: Any) -> Any:
    if spec == "n":
        return int(x)
    if isinstance(spec, tuple):
        return tuple(_coerce(s, v) for s, v in zip(spec, x, strict=True))
    a = np.ascontiguousarray(x, dtype=_DTYPES[spec[0]])
    if a.ndim != int(spec[1:]):
        raise ValueError(f"kernel argument of {a.ndim} dimensions, expected {spec}")
    return a


def _numba_type(spec: Any) -> Any:
    from numba import types
    if spec == "n":
        return types.int64
    if isinstance(spec, tuple):
        return types.Tuple([_numba_type(s) for s in spec])
    dtype = {"i": types.int64, "f": types.float64, "u": types.uint8}[spec[0]]
    return types.Array(dtype, int(spec[1:]), "C")


def _compile() -> SimpleNamespace:
    """The numba-compiled entries (compiled now, or loaded from numba's on-disk cache when
    it holds them): copies of the plain functions whose globals name compiled copies."""
    from numba import njit
    ns = dict(globals())
    for name in _HELPERS + tuple(ARGS):
        fn = globals()[name]
        copy = FunctionType(fn.__code__, ns, name, fn.__defaults__)
        if name in ARGS:  # eager: one signature, made (or loaded) here
            sig = tuple(_numba_type(s) for s in ARGS[name])
            ns[name] = njit([sig], cache=True, nogil=True)(copy)
        else:
            ns[name] = njit(cache=True, nogil=True)(copy)
    for name in ARGS:
        ns[name].disable_compile()   # a call of other types raises, never compiles anew

    def call(name: str) -> Any:
        disp, spec = ns[name], ARGS[name]

        def entry(*args: Any) -> Any:
            try:
                return disp(*args)
            except TypeError:  # an int32 or a strided table: brought to the signature's types
                return disp(*(_coerce(s, a) for s, a in zip(spec, args, strict=True)))
        return entry

    return SimpleNamespace(**{name: call(name) for name in ARGS})


# the compiling child process: fill numba's cache (a no-op when it holds the kernels), exit;
# niced, so the player's interface keeps the CPU first. One at a time per cache: others
# wait on the lock, then find the kernels in the cache. A child outlives a parent that
# exits first (a short process on a fresh install): it still fills the cache for the next.
_CHILD = ("import os\ntry:\n    os.nice(5)\nexcept OSError:\n    pass\n"
          "from game.odds import kernel\nwith kernel.compile_lock():\n    kernel._compile()\n")


def compile_lock() -> Any:
    """An exclusive lock (a file in the temporary folder) for this kernel file and cache."""
    import contextlib
    import hashlib
    import tempfile
    where = f"{os.path.abspath(__file__)}|{os.environ.get('NUMBA_CACHE_DIR', '')}"
    path = os.path.join(tempfile.gettempdir(),
                        f"warboard-odds-kernel-{hashlib.sha1(where.encode()).hexdigest()[:16]}.lock")

    @contextlib.contextmanager
    def held() -> Any:
        with open(path, "a+b") as fh:
            try:
                import fcntl
            except ImportError:  # pragma: no cover - Windows: numba's own cache locking only
                yield
                return
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)
    return held()


@contextlib.contextmanager
def _no_full_collections() -> Iterator[None]:
    """No full garbage collection while numba loads, and none walks its objects after
    (gc.freeze: they stay for the process's life). Loading numba triples a small process's
    objects (30,000 to 110,000), and a full collection holds the GIL while it walks them:
    30-90 ms, a frame the interface waited for, while loading and at each full collection
    after (issue #45). Young collections go on. Cycles among the objects alive at the
    freeze are never collected: a cost bounded by the process's size then, paid once."""
    threshold = gc.get_threshold()
    gc.set_threshold(threshold[0], threshold[1], 1_000_000)
    try:
        yield
    finally:
        gc.freeze()
        gc.set_threshold(*threshold)


class _Kernels:
    """The process's kernels: plain until the compiled ones are ready."""

    def __init__(self) -> None:
        self.compiled: SimpleNamespace | None = None
        self.failed = ""
        self.background = True      # False: a one-shot process (the `odds` command)
        self.lock = threading.Lock()          # held while loading (or compiling) here
        self.start_lock = threading.Lock()    # held while the preparation starts
        self.thread: threading.Thread | None = None
        self.done = threading.Event()
        self.seconds = 0.0          # how long the preparation took (bench)
        self._numba: bool | None = None

    def mode(self) -> str:
        m = os.environ.get("WARBOARD_ODDS_KERNEL", "auto")
        if m not in ("auto", "python", "numba"):
            m = "auto"
        if m != "python" and not self.have_numba():
            return "python"
        return m

    def have_numba(self) -> bool:
        if self._numba is None:   # found once, not imported
            self._numba = importlib.util.find_spec("numba") is not None
        return self._numba

    def get(self, work: int = 0) -> Any:
        if self.compiled is not None:
            return self.compiled
        mode = self.mode()
        if mode == "python" or self.failed:
            return PLAIN
        if mode == "numba" or (not self.background and work > PURE_WORK):
            return self.load() or PLAIN
        if self.background:
            self.prepare()
            if work > PURE_WORK:  # plain Python would take longer than the preparation
                self.done.wait()
                return self.compiled or PLAIN
        return PLAIN

    def prepare(self) -> None:
        """Make the compiled kernels ready off this thread (once): a child process compiles
        them into numba's cache (a no-op when it has them), then this process loads them."""
        if self.thread is not None:   # under way: never wait for the loading lock here
            return
        with self.start_lock:
            if self.thread is not None or self.compiled is not None or self.mode() == "python":
                return
            self.thread = threading.Thread(target=self._prepare, name="odds-kernels", daemon=True)
            self.thread.start()

    def _prepare(self) -> None:
        t = time.perf_counter()
        try:
            child = subprocess.run([sys.executable, "-c", _CHILD], stdin=subprocess.DEVNULL,
                                   capture_output=True, text=True, timeout=900, check=False,
                                   cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
            if child.returncode != 0:
                logger.warning("odds kernels: the compiling process failed (%s); compiling here",
                               child.stderr.strip().splitlines()[-1:] or child.returncode)
            self.load()
        except Exception as exc:  # noqa: BLE001 - the plain kernels still answer
            logger.warning("odds kernels: not compiled; plain Python answers", exc_info=True)
            self.failed = str(exc) or type(exc).__name__
        finally:
            self.seconds = time.perf_counter() - t
            self.done.set()

    def load(self) -> SimpleNamespace | None:
        """The compiled kernels, made or loaded in this thread (blocking)."""
        with self.lock:
            if self.compiled is None and not self.failed:
                try:
                    with _no_full_collections():
                        self.compiled = _compile()
                except Exception as exc:  # noqa: BLE001 - the plain kernels still answer
                    logger.warning("odds kernels: numba failed; plain Python answers", exc_info=True)
                    self.failed = str(exc) or type(exc).__name__
            return self.compiled

    def wait(self, timeout: float | None = None) -> bool:
        """Prepare and wait until the compiled kernels are in (bench, tests)."""
        self.prepare()
        if self.thread is None:
            return self.compiled is not None
        self.done.wait(timeout)
        return self.compiled is not None


KERNELS = _Kernels()


def kernels(work: int = 0) -> Any:
    """The entries to call now (`hit_distributions`, `solve`, `solve_g`): the compiled ones
    when they are ready; else the plain ones, and the compiled ones start being prepared in
    the background. `work`: the battle's (state, state) pairs, for a one-shot process."""
    return KERNELS.get(work)


def prepare() -> None:
    """Start preparing the compiled kernels in the background (the UI calls it early)."""
    if KERNELS.mode() != "python":
        KERNELS.prepare()


def one_shot() -> None:
    """This process answers once and exits (`python -m game odds`): no background
    compilation; plain Python unless the battle is big (PURE_WORK)."""
    KERNELS.background = False

