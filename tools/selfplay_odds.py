"""Are the odds of the battles computer players fight exact? (issue #4)

Plays selfplay games (the `selfplay` command's play loop, `standard` level by default)
and, as each battle opens (round one, before any roll), asks `odds_for_space` for its
odds: counts the battles whose odds are exact, and why the others are not (the note).
Fallbacks run the simulation with --trials trials (default 1: only the method and the
note matter here). Prints a JSON summary; --cases lists every battle.

    python tools/selfplay_odds.py [--scenario scenarios/mediterranean_1940.yaml]
                                  [--seeds 1 2 3] [--turns N] [--cases]
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Any

from exact_coverage import reason  # the fallback reason of a note (tools/ is on the path)

from game.ai import choose_action
from game.odds.api import odds_for_space
from game.rules import supply
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.variant import ruleset_for
from game.selfplay import MAX_ACTIONS


def play(scenario: str, seed: int, turns: int | None, level: str, trials: int) -> list[dict[str, Any]]:
    sc = load_scenario(scenario)
    session = Session(sc, ruleset_for(sc, None), seed)
    out: list[dict[str, Any]] = []
    seen: tuple[str, int, int] | None = None
    for _ in range(MAX_ACTIONS):
        st = session.state
        if st.over or (turns is not None and st.round > turns):
            break
        b = st.battle
        if b is not None and b.round == 1 and b.step == 0 and not b.rolls \
                and (b.space, st.round, st.player_idx) != seen:
            seen = (b.space, st.round, st.player_idx)
            t0 = time.perf_counter()
            r = odds_for_space(st, b.space, trials=trials)
            dt = time.perf_counter() - t0
            here = [u for u in st.units.values() if u.space == b.space]
            out.append({"seed": seed, "round": st.round, "space": b.space, "method": r.method,
                        "note": r.note, "seconds": round(dt, 4),
                        "airdrop": any(st.utype(u).has("air_transport") for u in here
                                       if u.owner == b.attacker),
                        "out_of_supply": any(supply.penalised(st, u) for u in here),
                        "bombard": bool(b.bombard)})
        session.do(choose_action(st, level))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="scenarios/mediterranean_1940.yaml")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--turns", type=int, default=None, help="stop after this many rounds")
    ap.add_argument("--level", default="standard")
    ap.add_argument("--trials", type=int, default=1, help="simulation trials of a fallback")
    ap.add_argument("--cases", action="store_true", help="list every battle")
    args = ap.parse_args()
    cases: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for seed in args.seeds:
        cases += play(args.scenario, seed, args.turns, args.level, args.trials)
    reasons: dict[str, int] = {}
    for c in cases:
        if c["method"] != "exact":
            reasons[reason(c["note"])] = reasons.get(reason(c["note"]), 0) + 1
    exact_s = [c["seconds"] for c in cases if c["method"] == "exact"]
    summary: dict[str, Any] = {
        "scenario": args.scenario, "seeds": args.seeds,
        "battles": len(cases), "exact": sum(1 for c in cases if c["method"] == "exact"),
        "airdrops": {"total": sum(1 for c in cases if c["airdrop"]),
                     "exact": sum(1 for c in cases if c["airdrop"] and c["method"] == "exact")},
        "out_of_supply": {"total": sum(1 for c in cases if c["out_of_supply"]),
                          "exact": sum(1 for c in cases if c["out_of_supply"] and c["method"] == "exact")},
        "fallback_reasons": reasons,
        "exact_seconds": {"max": max(exact_s, default=0.0), "total": round(sum(exact_s), 3)},
        "wall_seconds": round(time.perf_counter() - t0, 1),
    }
    if args.cases:
        summary["cases"] = cases
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
