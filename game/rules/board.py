"""Static board queries: neighbours and distances (cached per scenario)."""
from __future__ import annotations

from collections import deque

from .model import Scenario

_DIST: dict[int, tuple[Scenario, dict[str, dict[str, int]]]] = {}


def distances(scenario: Scenario) -> dict[str, dict[str, int]]:
    """All-pairs hop counts over every adjacency (what an aircraft flies)."""
    key = id(scenario)
    got = _DIST.get(key)
    # the entry holds the scenario itself: an id is only reused once its object is gone,
    # and a cache keyed by a bare id() answered for another map (a KeyError in a test run)
    if got is None or got[0] is not scenario:
        if len(_DIST) > 64:   # tests and odds simulations make many small scenarios
            _DIST.clear()
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
        got = _DIST[key] = (scenario, table)
    return got[1]


def distance(scenario: Scenario, a: str, b: str) -> int:
    return distances(scenario)[a].get(b, 10**6)
