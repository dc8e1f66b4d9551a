"""Time the `standard` player's whole turns in hex games (docs/ai.md, hex maps).

Every `choose_action` of the standard player is timed and summed per turn (round and
player); prints, per game, the winner, the worst turn and the mean turn, and with
`--rounds` the worst turn of each round. The bench's hex_ai_turn_s only covers round 2;
late turns (rollouts, the set-up turn) are measured here. `--set` overrides module
constants as tools/paired_runs.py does (a trial's time before its paired runs).

    python tools/hex_turns.py crete_1941 100 axis greedy   # SCENARIO SEED STANDARD_ALLIANCE OPPONENT
    python tools/hex_turns.py crete_1941 62003,62008 axis greedy --rounds --set '{"hexrollout.LARGE_ROLLOUTS": 40}'
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time

from game.ai import choose_action
from game.rules.actions import actor
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session


def turns(scenario: str, seed: int, side: str, opponent: str) -> tuple[str | None, dict[tuple[int, str], float]]:
    sc = load_scenario(scenario)
    levels = {a: ("standard" if a == side else opponent) for a in sc.alliances}
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    spent: dict[tuple[int, str], float] = collections.defaultdict(float)
    while not s.state.over:
        st = s.state
        level = levels[st.alliance_of(actor(st)) or ""]
        t = time.perf_counter()
        a = choose_action(st, level)
        if level == "standard":
            spent[(st.round, st.player)] += time.perf_counter() - t
        s.do(a)
    return s.state.winner, dict(spent)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("seeds", help="a seed or seeds separated by commas")
    p.add_argument("side")
    p.add_argument("opponent")
    p.add_argument("--rounds", action="store_true", help="also the worst turn of each round")
    p.add_argument("--set", default="{}", help="JSON object of module constants to override")
    ns = p.parse_args(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from paired_runs import _apply
    _apply(json.loads(ns.set))
    for seed in (int(x) for x in ns.seeds.split(",")):
        winner, spent = turns(ns.scenario, seed, ns.side, ns.opponent)
        worst = max(spent.items(), key=lambda kv: kv[1])
        line = (f"{ns.scenario} seed {seed}, standard as {ns.side} against {ns.opponent}: winner {winner}; "
                f"worst turn {worst[1]:.2f} s (round {worst[0][0]}, {worst[0][1]}), "
                f"mean {sum(spent.values()) / len(spent):.2f} s")
        if ns.rounds:
            by_round: dict[int, float] = {}
            for (r, _), t in spent.items():
                by_round[r] = max(by_round.get(r, 0.0), t)
            line += "; by round " + " ".join(f"{r}:{t:.2f}" for r, t in sorted(by_round.items()))
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
