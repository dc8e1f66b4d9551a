"""Round one's starts for the per-unit tables: the shore bombardment before round one
(its hit pool and hits, the marked defenders' ghost firing rows) and the defender's
firing-row table of the later rounds (base_defrow)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .general import PoolKey, Valuer
from .model import BattleSpec

# --- shore bombardment before round one (seed 000 W1, G63) ------------------------------
# battle.step_shooters "bombard": the ships the assault came with roll before round one
# (their bombard value, extra dice); the hits are one pool on the defenders in the order of
# loss (extra hit points first), not removed at once (battle.take_casualties: a unit whose
# last hit point goes is marked). A marked unit does not count as alive: it neither fires
# in the first-strike step nor cancels the enemy's first strike; it fires in round one's
# ordinary defender fire (def_fire shoots with every defender, marked ones too, and its
# support bonuses count them) unless its own first strike is active then (def_fire skips
# first strikers), and it is removed at the end of the round. When no defender is alive
# after the first-strike step (the bombardment, or it and the attacker's first strike, took
# them all), battle.settle goes straight to the defender's fire: the marked units fire back
# alone (issue #41 item 11: casualties behind the strip always fire back).


@dataclass
class PreRound:
    """Round one's starts (kernel.solve_g): the defender's state after the bombardment
    (starts, start_w), the defender's firing rows for round one (AD1, dsel, defrow1) and
    the extra firing rows (ghost rows) with their first-strike rows."""
    starts: np.ndarray
    start_w: np.ndarray
    AD1: np.ndarray
    dsel: np.ndarray
    defrow1: np.ndarray
    rows: list[list[tuple[int, str, int]]]        # every firing row (base rows first)
    fs_rows: dict[int, list[tuple[int, str, int]]]
    n_base: int


def bombard_key(spec: BattleSpec, valA: Valuer) -> PoolKey | None:
    """The bombardment's hit pool (battle._classify, step "bombard": no special values, no
    chooser; the ships' cannot_hit), or None without a bombardment."""
    from .exact import NotExact
    if not spec.bombard:
        return None
    keys = {valA.norm((tuple(spec.info(t).cannot_hit), False, (), (), False, False)) for t in spec.bombard}
    if len(keys) > 1:
        raise NotExact("bombarding ships whose hits go to different units")
    return keys.pop()


def bombard_hits(spec: BattleSpec) -> np.ndarray:
    """P(k hits) of the bombarding ships' dice (bombard value, extra dice)."""
    D = spec.dice
    dist = np.array([1.0])
    for t in spec.bombard:
        ti = spec.info(t)
        q = min(D, max(0, ti.bombard_value or 0)) / D
        for _ in range(ti.ndice):
            dist = np.convolve(dist, [1.0 - q, q])
    return dist


def marked_start(spec: BattleSpec, rows: list[list[tuple[int, str, int]]]) -> int | None:
    """The state whose alive units are exactly the unmarked defenders with their damage
    (BattleSpec.defender_marked: the shore bombardment before an airdrop hit them), or None
    when the order of loss never leaves them."""
    dmg = spec.damage("defender")
    want = [(k, t, dmg[k]) for k, t in enumerate(spec.defender) if not spec.marked(k)]
    for s, r in enumerate(rows):
        if r == want:
            return s
    return None


def pre_round(spec: BattleSpec, starts: dict[int, float], state_rows: list[list[tuple[int, str, int]]],
              fire_rows: list[list[tuple[int, str, int]]], base: np.ndarray, AD: int,
              defrow: np.ndarray) -> PreRound:
    """Round one's starts and ghost rows. starts: defender state -> probability; base[x, y]:
    the firing row of the defender alive at x, hit down to y (kernel._def_key); AD, defrow:
    the kernel's later-round arguments. A start whose state lost units (marked) fires in
    round one from ghost rows: the base row with the marked units added, its first-strike
    dice those of the base row alone; an empty base row (no defender alive) gets them too:
    the marked units fire back alone (battle.settle, fs_remove)."""
    from .exact import NotExact
    before = spec.damage("defender")
    rows = list(fire_rows)
    n_base = len(rows)
    fs_rows: dict[int, list[tuple[int, str, int]]] = {}
    first = {k for k, _t, _d in state_rows[0]}
    tables = [defrow if AD == -2 else base]
    st, sw, ad1, dsel = [], [], [], []
    for s, w in sorted(starts.items()):
        gone = sorted(first - {k for k, _t, _d in state_rows[s]})
        st.append(s)
        sw.append(w)
        if not gone:
            ad1.append(AD)
            dsel.append(0)
            continue
        # marked units fire back with their damage from before the hits (battle.firing_damage)
        ghosts = [(k, spec.defender[k], before[k]) for k in gone]
        gset = set(gone)
        amap = np.arange(n_base, dtype=np.int64)
        made: dict[tuple[tuple[int, str, int], ...], int] = {}
        for r in range(n_base):
            row = rows[r]
            if any(k in gset for k, _t, _d in row):
                continue
            key = tuple(sorted(row + ghosts))
            got = made.get(key)
            if got is None:
                got = made[key] = len(rows)
                rows.append(list(key))
                fs_rows[got] = row
            amap[r] = got
        if (len(tables) + 1) * base.size > 16_000_000:
            raise NotExact("too many firing rows for the units the shore bombardment hit")
        ad1.append(-2)
        dsel.append(len(tables))
        tables.append(amap[base])
    stack = tables[0][None] if len(tables) == 1 else np.stack(tables)
    return PreRound(np.array(st, dtype=np.int64), np.array(sw, dtype=np.float64),
                    np.array(ad1, dtype=np.int64), np.array(dsel, dtype=np.int64), stack,
                    rows, fs_rows, n_base)


def base_defrow(H: int, AD: int) -> np.ndarray:
    """kernel._def_key's firing row for AD >= -1 as a table: the defender alive at j1 fires
    from j1, or, while extra hit points are being taken (j1 < AD), from min(j2, AD)."""
    j1 = np.arange(H, dtype=np.int64)[:, None]
    j2 = np.arange(H, dtype=np.int64)[None, :]
    if AD >= 0:
        return np.where(j1 < AD, np.minimum(j2, AD), j1).astype(np.int64)
    return np.broadcast_to(j1, (H, H)).astype(np.int64).copy()
