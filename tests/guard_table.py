"""The guard table of issue #42: selfplay state hashes of every shipped scenario, several
seeds and every computer level. A restructure that changes no rule leaves it unchanged.

    python tests/guard_table.py > tests/fixtures/guard_hashes.json   # record (only when a
                                                                      # rule change is meant)
tests/test_guard_table.py compares (the standard level is marked slow)."""
from __future__ import annotations

import json
import sys

SEEDS = (1, 2)
LEVELS = ("random", "greedy", "standard")
TURNS = {"standard": 3}   # the standard level plans with rollouts: three rounds are enough


def scenario_ids() -> list[str]:
    from game.rules.ruleset import SCENARIO_DIR, load_scenario_file
    return sorted(load_scenario_file(p)[0].id for p in SCENARIO_DIR.glob("*.yaml"))


def row(scenario: str, seed: int, level: str) -> dict[str, object]:
    from game.selfplay import play_out
    result, session = play_out(scenario, seed, TURNS.get(level), level)
    return {"scenario": scenario, "seed": seed, "level": level, "actions": len(session.actions),
            "state_hash": result["state_hash"]}


def table(levels: tuple[str, ...] = LEVELS) -> list[dict[str, object]]:
    return [row(s, seed, level) for level in levels for s in scenario_ids() for seed in SEEDS]


if __name__ == "__main__":
    json.dump(table(), sys.stdout, indent=1)
    print()
