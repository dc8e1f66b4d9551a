"""A fast, rough battle estimate for planning when the odds calculator would need its
real-battle simulation (abilities the exact and Monte Carlo models do not cover, such
as the interwar ruleset's). Plain dice: each unit hits on its attack (or defence) value
or less, losses in the listed order, extra hit points absorbed first. Seeded, so the
computer player stays deterministic; accurate enough to rank plans, never shown."""
from __future__ import annotations

import numpy as np

from game.rules.model import Ruleset

from ..config import zone_config


def _track(rs: Ruleset, types: list[str], role: str) -> tuple[np.ndarray, int]:
    probs = np.array([min(1.0, max(0.0, (rs.units[t].attack if role == "attack"
                                         else rs.units[t].defense) / rs.dice)) for t in types])
    extra = sum(max(0, rs.units[t].hits - 1) for t in types)
    return probs, extra


def quick_odds(rs: Ruleset, attackers: list[str], defenders: list[str]
               ) -> tuple[float, dict[str, float]]:
    """(attacker win chance, expected attacker survivors by type)."""
    cfg = zone_config()
    if not defenders:
        return 1.0, {t: float(attackers.count(t)) for t in dict.fromkeys(attackers)}
    if not attackers:
        return 0.0, {}
    rng = np.random.default_rng(len(attackers) * 7919 + len(defenders))
    pa, ea = _track(rs, attackers, "attack")
    pd, ed = _track(rs, defenders, "defense")
    na, nd = len(attackers), len(defenders)
    ha = np.zeros(cfg.trials, dtype=np.int64)   # track slots consumed
    hd = np.zeros(cfg.trials, dtype=np.int64)
    ia, id_ = np.arange(na), np.arange(nd)
    for _ in range(cfg.max_rounds):
        alive_a = ia[None, :] >= np.maximum(0, ha - ea)[:, None]
        alive_d = id_[None, :] >= np.maximum(0, hd - ed)[:, None]
        live = alive_a.any(axis=1) & alive_d.any(axis=1)
        if not live.any():
            break
        hits_a = ((rng.random((cfg.trials, na)) < pa[None, :]) & alive_a).sum(axis=1)
        hits_d = ((rng.random((cfg.trials, nd)) < pd[None, :]) & alive_d).sum(axis=1)
        hd = np.where(live, np.minimum(hd + hits_a, nd + ed), hd)
        ha = np.where(live, np.minimum(ha + hits_d, na + ea), ha)
    a_left = ha < na + ea
    d_left = hd < nd + ed
    win = float(np.mean(a_left & ~d_left))
    first = np.maximum(0, ha - ea)
    surv: dict[str, float] = {}
    for j, t in enumerate(attackers):
        surv[t] = surv.get(t, 0.0) + float(np.mean(first <= j))
    return win, surv
