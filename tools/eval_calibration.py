"""Is the hex evaluation calibrated? Fit its terms to game outcomes (docs/ai.md, "Stop 26").

Plays standard on SIDE against greedy (the arena's games for that side: seeds S, S+2, ...),
records the evaluation's terms (`components`, for SIDE) at the start of every turn of the
side's first player and of the next player, and fits, per round and turn, a logistic
regression of the game's result on them (`fit`, numpy, a little ridge). Prints, for each
round and turn, what one point of each term is worth in points of our own material (the
evaluation's unit), and the cross-validated log loss of the fitted terms against that of the
evaluation's own score: terms whose fitted worth is far from the evaluation's weight, or
a score that predicts much worse than its own terms refitted, are the places to look.

    python tools/eval_calibration.py crete_1941 axis --seed 60000 --games 200 --jobs 2
"""
from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

TERMS = ("objectives", "ours", "theirs", "risk", "unit_risk", "supply")


def components(state: Any, alliance: str) -> dict[str, float]:
    """The evaluation's main terms for `alliance`, unweighted: objectives held, material
    (ours, theirs), the expected number of our objectives the enemy retakes next turn, the
    strength we expect to lose to it, supply; and the evaluation's score ("hold")."""
    from game.ai.hexeval import Evaluator, unit_value
    ev = Evaluator(state, alliance)
    mine = [u for u in state.units.values() if ev.is_mine(state, u.owner)]
    theirs = [u for u in state.units.values() if not ev.is_mine(state, u.owner)]
    vals = {u.uid: unit_value(state, u) for u in state.units.values()}
    supply = ev._supply(state, mine, theirs, vals)
    unit_risk, _ = ev._threat(state, mine, theirs, vals)
    return {"objectives": float(sum(1 for o in ev.objs if ev.is_mine(state, state.owners.get(o)))),
            "ours": sum(vals[u.uid] for u in mine), "theirs": sum(vals[u.uid] for u in theirs),
            "risk": sum(ev._risks(state)), "unit_risk": unit_risk, "supply": supply,
            "score": ev.evaluate(state, "hold")}


def _game(job: tuple[str, str, int]) -> list[dict[str, Any]]:
    from game import arena
    from game.rules.ruleset import load_scenario
    scenario, side, seed = job
    sc = load_scenario(scenario)
    other = next(a for a in sc.alliances if a != side)
    first = next(i for i, p in enumerate(sc.players) if p.alliance == side)
    turns = (first, (first + 1) % len(sc.players))
    rows: list[dict[str, Any]] = []
    seen: set[tuple[int, int]] = set()

    def record(st: Any) -> None:
        key = (st.round, st.player_idx)
        if key not in seen and st.player_idx in turns:
            seen.add(key)
            rows.append({**components(st, side), "round": st.round, "turn": st.player_idx})

    result = arena.play_match(scenario, {side: "standard", other: "greedy"}, seed, observe=record)
    for r in rows:
        r["won"] = 1.0 if result["winner"] == side else 0.0
        r["seed"] = seed
    return rows


def fit(x: Any, y: Any, ridge: float = 3.0) -> tuple[Any, float]:
    """Logistic regression by Newton's method (an intercept first, then one weight per
    column of `x`); returns the weights and the mean log loss on the data."""
    import numpy as np
    X = np.column_stack([np.ones(len(x)), x])
    w = np.zeros(X.shape[1])
    pen = ridge * np.diag(np.r_[0.0, np.ones(X.shape[1] - 1)])
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (p - y) + pen @ w
        h = (X * (p * (1 - p))[:, None]).T @ X + pen
        w = w - np.linalg.solve(h, g)
    return w, log_loss(X @ w, y)


def log_loss(z: Any, y: Any) -> float:
    import numpy as np
    p = np.clip(1 / (1 + np.exp(-z)), 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def cross_loss(x: Any, y: Any, seeds: list[int]) -> float:
    """Two-fold log loss, the folds by game (a game's rows stay together)."""
    import numpy as np
    order = sorted(set(seeds))
    fold = np.array([order.index(s) % 2 for s in seeds])
    total = 0.0
    for k in (0, 1):
        w, _ = fit(x[fold != k], y[fold != k])
        xt = np.column_stack([np.ones(int((fold == k).sum())), x[fold == k]])
        total += log_loss(xt @ w, y[fold == k]) * int((fold == k).sum())
    return total / len(y)


def report(rows: list[dict[str, Any]]) -> list[str]:
    import numpy as np
    out = [f"{len({r['seed'] for r in rows})} games, {len(rows)} positions"]
    for key in sorted({(r["round"], r["turn"]) for r in rows}):
        sub = [r for r in rows if (r["round"], r["turn"]) == key]
        y = np.array([r["won"] for r in sub])
        if len(sub) < 20 or y.min() == y.max():
            continue
        x = np.array([[r[t] for t in TERMS] for r in sub])
        sd = x.std(0)
        live = sd > 1e-9
        xs = (x[:, live] - x[:, live].mean(0)) / sd[live]
        score = np.array([[r["score"]] for r in sub])
        score = (score - score.mean()) / (score.std() or 1.0)
        seeds = [r["seed"] for r in sub]
        w, _ = fit(xs, y)
        per = dict(zip([t for t, ok in zip(TERMS, live, strict=True) if ok], w[1:] / sd[live], strict=True))
        unit = per.get("ours") or math.nan
        worth = " ".join(f"{t} {per[t] / unit:+.2f}" if t in per else f"{t} -" for t in TERMS)
        out.append(f"round {key[0]} turn {key[1]}: {len(sub)} games, won {y.mean():.2f}; log loss "
                   f"base {log_loss(np.full(len(y), math.log(y.mean() / (1 - y.mean()))), y):.3f}, "
                   f"score {cross_loss(score, y, seeds):.3f}, terms {cross_loss(xs, y, seeds):.3f}; "
                   f"worth in own material: {worth}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("side")
    p.add_argument("--seed", type=int, default=60000)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    work = [(a.scenario, a.side, a.seed + 2 * i) for i in range(a.games)]
    if a.jobs <= 1:
        games = [_game(w) for w in work]
    else:
        with ProcessPoolExecutor(a.jobs) as ex:
            games = list(ex.map(_game, work))
    for line in report([r for g in games for r in g]):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
