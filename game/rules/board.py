"""Static board queries: neighbours and distances (cached per scenario)."""
from __future__ import annotations

from collections import deque

from .memo import derived
from .model import Scenario


def distances(scenario: Scenario) -> dict[str, dict[str, int]]:
    """All-pairs hop counts over every adjacency (what an aircraft flies), kept on the
    scenario."""
    return derived(scenario, "distances", lambda: _all_pairs(scenario))


def _all_pairs(scenario: Scenario) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for start in scenario.spaces:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for nxt in scenario.spaces[cur].adjacent:
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        table[start] = dist
    return table


def distance(scenario: Scenario, a: str, b: str) -> int:
    return distances(scenario)[a].get(b, 10**6)
