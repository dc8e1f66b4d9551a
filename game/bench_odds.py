"""Odds benchmarks (docs/architecture.md performance targets): warm, in-process, median of runs."""
from __future__ import annotations

import statistics
import time
from typing import Any

BATTLE_B_ATTACKER = [("infantry", 20), ("artillery", 10), ("armour", 10), ("fighter", 5)]
BATTLE_B_DEFENDER = [("infantry", 30), ("armour", 5), ("fighter", 3)]


def _scaled(side: list[tuple[str, int]], k: int) -> list[tuple[str, int]]:
    return [(t, n * k) for t, n in side]


def _median_ms(fn: Any, runs: int) -> float:
    fn()  # warm: compile / load the numba cache, load the ruleset
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def bench(runs: int = 15) -> dict[str, float]:
    """{"odds_battle_b_ms": ..., "odds_battle_4b_ms": ...}: exact odds, warm, median."""
    from game.odds import battle_odds
    from game.rules.ruleset import load_ruleset
    rs = load_ruleset("g40")

    def b() -> None:
        battle_odds(rs, BATTLE_B_ATTACKER, BATTLE_B_DEFENDER, "land")

    def b4() -> None:
        battle_odds(rs, _scaled(BATTLE_B_ATTACKER, 4), _scaled(BATTLE_B_DEFENDER, 4), "land")

    return {"odds_battle_b_ms": round(_median_ms(b, runs), 3),
            "odds_battle_4b_ms": round(_median_ms(b4, max(3, runs // 3)), 3)}


if __name__ == "__main__":  # pragma: no cover
    import json
    print(json.dumps(bench()))
