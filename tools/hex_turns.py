"""Time the `standard` player's whole turns in one game (docs/ai.md, hex maps).

Every `choose_action` of the standard player is timed and summed per turn (round and
player); prints the winner, the worst turn and the mean turn. The bench's hex_ai_turn_s
only covers round 2; late turns (rollouts, the set-up turn) are measured here.

    python tools/hex_turns.py crete_1941 100 axis greedy   # SCENARIO SEED STANDARD_ALLIANCE OPPONENT
"""
from __future__ import annotations

import collections
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
    scenario, seed, side, opponent = argv[0], int(argv[1]), argv[2], argv[3]
    winner, spent = turns(scenario, seed, side, opponent)
    worst = max(spent.items(), key=lambda kv: kv[1])
    print(f"{scenario} seed {seed}, standard as {side} against {opponent}: winner {winner}; "
          f"worst turn {worst[1]:.2f} s (round {worst[0][0]}, {worst[0][1]}), "
          f"mean {sum(spent.values()) / len(spent):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
