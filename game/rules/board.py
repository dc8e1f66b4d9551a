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


def hops_to_nearest(scenario: Scenario, targets: list[str]) -> dict[str, int]:
    """For each space from which one of `targets` can be reached: the hops to the nearest
    (min over the targets of table[space][target]), found in one search backwards from
    all of them. Spaces with none in reach are left out."""
    into = derived(scenario, "entered_from", lambda: _entered_from(scenario))
    dist = dict.fromkeys(targets, 0)
    queue = deque(dist)
    while queue:
        cur = queue.popleft()
        for prev in into.get(cur, ()):
            if prev not in dist:
                dist[prev] = dist[cur] + 1
                queue.append(prev)
    return dist


def _entered_from(scenario: Scenario) -> dict[str, list[str]]:
    """space -> the spaces that list it adjacent (adjacency read backwards)."""
    out: dict[str, list[str]] = {}
    for sid, sp in scenario.spaces.items():
        for nxt in sp.adjacent:
            out.setdefault(nxt, []).append(sid)
    return out


def distance(scenario: Scenario, a: str, b: str) -> int:
    return distances(scenario)[a].get(b, 10**6)
