"""Static board queries: neighbours and distances (cached per scenario)."""
from __future__ import annotations

from collections import deque

from .model import Scenario

_DIST: dict[int, dict[str, dict[str, int]]] = {}


def distances(scenario: Scenario) -> dict[str, dict[str, int]]:
    """All-pairs hop counts over every adjacency (what an aircraft flies)."""
    key = id(scenario)
    if key not in _DIST:
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
        _DIST[key] = table
    return _DIST[key]


def distance(scenario: Scenario, a: str, b: str) -> int:
    return distances(scenario)[a].get(b, 10**6)
