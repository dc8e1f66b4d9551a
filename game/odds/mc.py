"""Monte Carlo battle odds, vectorised over trials with numpy (seeded).

Follows the rules core's round (battle.py) step by step: anti-aircraft fire and
shore bombardment in round one, the attacker's and the defender's first strike
(simultaneous: units sunk by the attacker's still strike back, then both sides'
first-strike casualties go), attacker fire (its casualties still fire back),
defender fire, removal, then the end-of-round rules (defenceless units alone are
lost; a battle where neither side can hurt the other ends). Hits go to units in the
given order of loss (extra hit points of multi-hit units first), skipping units the
hits may not be assigned to.
"""
from __future__ import annotations

import math

import numpy as np

from game.rules.abilities.hooks import support_claim_order
from game.rules.model import AIR, LAND

from .model import BattleSpec, TypeInfo
from .result import OddsResult

MAX_ROUNDS = 10_000


class _Side:
    def __init__(self, spec: BattleSpec, units: list[str], trials: int,
                 damage: list[int] | None = None):
        rs = spec.ruleset
        order = {t: k for k, t in enumerate(rs.units)}
        self.units = units
        self.types = sorted(set(units), key=order.__getitem__)
        self.info = [spec.info(t) for t in self.types]
        tix = {t: k for k, t in enumerate(self.types)}
        self.ut = np.array([tix[t] for t in units], dtype=np.int64)
        self.N = len(units)
        ui = [self.info[k] for k in self.ut]
        self.hp = np.array([ti.hits for ti in ui], dtype=np.int64)
        self.air = np.array([ti.domain == AIR for ti in ui], dtype=bool)
        self.soft = np.array([ti.defenseless for ti in ui], dtype=bool)
        self.ndice = np.array([ti.ndice for ti in ui], dtype=np.int64)
        self.cost = np.array([ti.cost for ti in ui], dtype=float)
        self.alive = np.ones((trials, self.N), dtype=bool)
        self.present = np.ones((trials, self.N), dtype=bool)
        self.dmg = np.zeros((trials, self.N), dtype=np.int64)
        if damage:
            self.dmg[:] = np.minimum(np.array(damage, dtype=np.int64), self.hp - 1)
        keys: list[tuple[tuple[str, ...], bool]] = []
        for ti in self.info:
            if not ti.defenseless and ti.pool_key() not in keys:
                keys.append(ti.pool_key())
        keys.sort(key=lambda k: (not k[0], not k[1]))
        self.keys = keys
        self.pool = np.array([keys.index(ti.pool_key()) if not ti.defenseless else -1 for ti in ui],
                             dtype=np.int64)

    def type_present(self, mask: np.ndarray) -> np.ndarray:
        """[trials, ntypes] whether each type has a unit in mask."""
        out = np.zeros((mask.shape[0], len(self.types)), dtype=bool)
        for k in range(len(self.types)):
            out[:, k] = (mask & (self.ut == k)).any(axis=1)
        return out

    def has_any(self, mask: np.ndarray, names: tuple[str, ...]) -> np.ndarray:
        sel = np.isin(self.ut, [k for k, t in enumerate(self.types) if t in names])
        out = np.asarray((mask & sel).any(axis=1))
        return out


def _values(spec: BattleSpec, s: _Side, mask: np.ndarray, role: str) -> np.ndarray:
    """Per-unit value with one-to-one support among the units in mask."""
    base = np.array([(ti.attack if role == "attack" else ti.defense) for ti in
                     (s.info[k] for k in s.ut)], dtype=np.int64)
    val = np.broadcast_to(base, mask.shape).copy()
    rem = {t: (mask & (s.ut == k)).sum(axis=1) for k, t in enumerate(s.types)}
    rs = spec.ruleset
    # supported types claim in the battle engine's order (abilities.support_claim_order)
    for k, ti in support_claim_order(enumerate(s.info), lambda e: rs.units[e[1].id]):
        mine = mask & (s.ut == k)
        n_t = mine.sum(axis=1)
        rank = np.cumsum(mine, axis=1)
        for ab, refs in zip(ti.supports, ti.support_units, strict=True):
            if role not in ab.on or ti.defenseless:
                continue
            if role == "attack" and spec.amphibious and "amphibious" in ab.not_in and not ti.amph_ok:
                continue
            need = n_t.copy()
            got = np.zeros_like(need)
            for sup in refs:
                if sup not in rem:
                    continue
                g = np.minimum(need, rem[sup])
                rem[sup] = rem[sup] - g
                need -= g
                got += g
            val += np.where(mine & (rank <= got[:, None]), ab.bonus, 0)
    return np.clip(val, 0, spec.dice)


def _roll(rng: np.random.Generator, spec: BattleSpec, val: np.ndarray, shooters: np.ndarray,
          ndice: np.ndarray) -> np.ndarray:
    """Hits per unit [trials, N]."""
    q = np.where(shooters, val / spec.dice, 0.0)
    nd = np.where(shooters, ndice, 0)
    if nd.size == 0:
        return np.zeros(shooters.shape, dtype=np.int64)
    return rng.binomial(nd, q)


def _assign(t: _Side, rows: np.ndarray, elig: np.ndarray, hits: np.ndarray, immediate: bool) -> None:
    """Give `hits` [k] to side t's units on trial rows, in order of loss (absorb first)."""
    alive = t.alive[rows]
    dmg = t.dmg[rows]
    ok = elig & alive
    cap = np.where(ok, np.maximum(t.hp - 1 - dmg, 0), 0)
    cum = np.cumsum(cap, axis=1)
    take = np.clip(hits[:, None] - (cum - cap), 0, cap)
    dmg = dmg + take
    left = hits - take.sum(axis=1)
    rank = np.cumsum(ok, axis=1)
    kill = ok & (rank <= left[:, None])
    dmg = np.where(kill, t.hp, dmg)
    t.dmg[rows] = dmg
    t.alive[rows] = alive & ~kill
    if immediate:
        t.present[rows] = t.present[rows] & ~kill


def _elig(target: _Side, key: tuple[tuple[str, ...], bool], firing: _Side,
          firing_mask: np.ndarray) -> np.ndarray:
    excl, from_air = key
    rows = firing_mask.shape[0]
    el = np.ones((rows, target.N), dtype=bool)
    for k, ti in enumerate(target.info):
        col = target.ut == k
        if ti.domain in excl:
            el[:, col] = False
        elif from_air and ti.evades is not None:
            has = firing.has_any(firing_mask, ti.evades)
            el[:, col] &= has[:, None]
    return el


def _fs_active(s: _Side, enemy: _Side, enemy_mask: np.ndarray) -> np.ndarray:
    out = np.zeros(enemy_mask.shape[:1] + (s.N,), dtype=bool)
    for k, ti in enumerate(s.info):
        if ti.fs_cancel is None:
            continue
        col = s.ut == k
        out[:, col] = ~enemy.has_any(enemy_mask, ti.fs_cancel)[:, None]
    return out


def _fire(rng: np.random.Generator, spec: BattleSpec, f: _Side, t: _Side, rows: np.ndarray,
          fire_mask: np.ndarray, want_fs: bool, role: str, immediate: bool) -> None:
    """A fire step of side f at side t on the given trial rows."""
    if f.N == 0 or t.N == 0:
        return
    val = _values(spec, f, fire_mask, role)
    fs = _fs_active(f, t, t.alive[rows])
    shooters = fire_mask & (fs == want_fs) & (val > 0) & ~f.soft
    if not shooters.any():
        return
    hits = _roll(rng, spec, val, shooters, f.ndice)
    for p, key in enumerate(f.keys):
        hp = (hits * (f.pool == p)).sum(axis=1)
        if not hp.any():
            continue
        _assign(t, rows, _elig(t, key, f, fire_mask), hp, immediate)


def _can_hurt(spec: BattleSpec, s: _Side, smask: np.ndarray, t: _Side, tmask: np.ndarray,
              role: str) -> np.ndarray:
    sp = s.type_present(smask)
    tp = t.type_present(tmask)
    out = np.zeros(smask.shape[0], dtype=bool)
    for a, st in enumerate(s.info):
        val = st.attack if role == "attack" else st.defense
        if (val <= 0 and st.aa_value is None and not st.supports) or st.defenseless:
            continue
        for b, tt in enumerate(t.info):
            if st.cannot_hit and tt.domain in st.cannot_hit:
                continue
            if st.aa_value is not None and val <= 0 and tt.domain != AIR:
                continue
            cond = sp[:, a] & tp[:, b]
            if st.domain == AIR and tt.evades is not None:
                idx = [k for k, n in enumerate(s.types) if n in tt.evades]
                cond &= sp[:, idx].any(axis=1) if idx else False
            out |= cond
    return out


def wilson_interval(p: float, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    z = 1.959963984540054
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [max(0.0, mid - half), min(1.0, mid + half)]


def simulate(spec: BattleSpec, trials: int = 20_000, seed: int = 0) -> OddsResult:
    rng = np.random.default_rng(seed)
    a = _Side(spec, list(spec.attacker), trials, spec.damage("attacker"))
    d = _Side(spec, list(spec.defender), trials, spec.damage("defender"))
    bomb_units = list(spec.bombard)
    active = np.ones(trials, dtype=bool)
    if a.N == 0 or d.N == 0:
        active[:] = False
    rounds = np.zeros(trials, dtype=np.int64)
    limit = spec.rounds if spec.rounds else MAX_ROUNDS
    r = 0
    while active.any() and r < limit:
        r += 1
        rows = np.nonzero(active)[0]
        rounds[rows] += 1
        if r == 1:
            if spec.aa_fire:
                _aa_fire(rng, spec, a, d, rows)
            if bomb_units:
                _bombard(rng, spec, bomb_units, a, d, rows)
        # surprise strikes are simultaneous: units struck by the attacker's first strike
        # still fire the defender's, then both sides' first-strike casualties go
        d_before = d.alive[rows].copy()
        _fire(rng, spec, a, d, rows, a.alive[rows], True, "attack", False)
        _fire(rng, spec, d, a, rows, d_before, True, "defense", True)
        d.present[rows] = d.present[rows] & ~(d_before & ~d.alive[rows])
        _fire(rng, spec, a, d, rows, a.alive[rows], False, "attack", False)
        _fire(rng, spec, d, a, rows, d.present[rows], False, "defense", True)
        d.present[rows] = d.alive[rows]
        a.present[rows] = a.alive[rows]
        # end of round
        am, dm = a.alive[rows], d.alive[rows]
        a_any, d_any = am.any(axis=1), dm.any(axis=1)
        soft_a = a_any & ~(am & ~a.soft).any(axis=1)
        soft_d = d_any & ~(dm & ~d.soft).any(axis=1)
        col_a = soft_a & _can_hurt(spec, d, dm, a, am, "defense")
        col_d = soft_d & _can_hurt(spec, a, am, d, dm, "attack")
        if col_a.any():
            a.alive[rows[col_a]] = False
        if col_d.any():
            d.alive[rows[col_d]] = False
        am, dm = a.alive[rows], d.alive[rows]
        a.present[rows] = am
        d.present[rows] = dm
        a_any, d_any = am.any(axis=1), dm.any(axis=1)
        both = a_any & d_any
        stale = both & ~_can_hurt(spec, a, am, d, dm, "attack") & ~_can_hurt(spec, d, dm, a, am, "defense")
        active[rows] = both & ~stale
    return _summary(spec, a, d, rounds, trials)


def _aa_fire(rng: np.random.Generator, spec: BattleSpec, a: _Side, d: _Side, rows: np.ndarray) -> None:
    if a.N == 0 or not a.air.any():
        return
    budget = (a.alive[rows] & a.air).sum(axis=1)
    hits = np.zeros(len(rows), dtype=np.int64)
    for n, t in enumerate(d.units):
        ti = spec.info(t)
        if ti.aa_value is None:
            continue
        shots = np.where(d.alive[rows, n], np.minimum(ti.aa_shots, budget), 0)
        budget = budget - shots
        q = min(spec.dice, max(0, ti.aa_value)) / spec.dice
        hits += rng.binomial(shots * ti.ndice, q)
    if hits.any():
        elig = np.broadcast_to(a.air, (len(rows), a.N))
        _assign(a, rows, elig, hits, True)


def _bombard(rng: np.random.Generator, spec: BattleSpec, ships: list[str], a: _Side, d: _Side,
             rows: np.ndarray) -> None:
    infos: list[TypeInfo] = [spec.info(t) for t in ships]
    keys: list[tuple[tuple[str, ...], bool]] = []
    for ti in infos:
        if ti.pool_key() not in keys:
            keys.append(ti.pool_key())
    keys.sort(key=lambda k: (not k[0], not k[1]))
    for key in keys:
        hits = np.zeros(len(rows), dtype=np.int64)
        for ti in infos:
            if ti.pool_key() != key:
                continue
            q = min(spec.dice, max(0, ti.bombard_value or 0)) / spec.dice
            hits += rng.binomial(ti.ndice, q, size=len(rows))
        if hits.any():
            _assign(d, rows, _elig(d, key, a, a.alive[rows]), hits, False)


def _summary(spec: BattleSpec, a: _Side, d: _Side, rounds: np.ndarray, trials: int) -> OddsResult:
    a_any = a.alive.any(axis=1)
    d_any = d.alive.any(axis=1)
    aw = float((a_any & ~d_any).mean())
    dw = float((d_any & ~a_any).mean())
    draw = 1.0 - aw - dw

    def surv(s: _Side) -> dict[str, float]:
        return {t: float((s.alive & (s.ut == k)).sum(axis=1).mean()) for k, t in enumerate(s.types)}

    def lost(s: _Side) -> float:
        return float((s.cost * ~s.alive).sum(axis=1).mean()) if s.N else 0.0

    def dist(s: _Side) -> list[float]:
        return [float(x) for x in np.bincount(s.alive.sum(axis=1), minlength=s.N + 1) / trials]

    # a win with a land unit left that may take the space (None: not a land battle)
    captors = np.array([spec.can_capture(t) for t in a.units], dtype=bool)
    takes = float(((a.alive & captors).any(axis=1) & ~d_any).mean()) if a.N and spec.terrain == LAND \
        else None

    return OddsResult(
        attacker_wins=aw, defender_wins=dw, draw=draw, method="mc",
        expected_rounds=float(rounds.mean()),
        attacker_survivors=surv(a), defender_survivors=surv(d),
        attacker_cost_lost=lost(a), defender_cost_lost=lost(d),
        attacker_survivor_distribution=dist(a), defender_survivor_distribution=dist(d),
        ci95={"attacker_wins": wilson_interval(aw, trials), "defender_wins": wilson_interval(dw, trials),
              "draw": wilson_interval(draw, trials),
              **({"attacker_takes": wilson_interval(takes, trials)} if takes is not None else {})},
        trials=trials, attacker_takes=takes)
