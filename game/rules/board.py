"""Static board queries: neighbours and distances (cached per scenario)."""
from __future__ import annotations

from collections import deque

from .memo import derived
from .model import Scenario


def distances(scenario: Scenario) -> dict[str, dict[str, int]]:
    """Hop counts over every adjacency (what an aircraft flies): table[a][b], kept on the
    scenario; each row is found when first asked (`_Rows`)."""
    return derived(scenario, "distances", lambda: _Rows(scenario))


class _Rows(dict[str, dict[str, int]]):
    """The all-pairs table, a row made when first indexed: on a big map the whole table is
    ~110,000 entries (a tenth of a second), where a replay or the first moves ask a few
    rows. Index it (`table[a]`); `get` and iteration see only the rows made so far."""
    __slots__ = ("_scenario",)

    def __init__(self, scenario: Scenario):
        super().__init__()
        self._scenario = scenario

    def __missing__(self, start: str) -> dict[str, int]:
        row = self[start] = _row(self._scenario, start)
        return row


def _row(scenario: Scenario, start: str) -> dict[str, int]:
    spaces = scenario.spaces
    spaces[start]   # (an unknown space: KeyError, as a missing row)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in spaces[cur].adjacent:
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


def distance(scenario: Scenario, a: str, b: str) -> int:
    return distances(scenario)[a].get(b, 10**6)
