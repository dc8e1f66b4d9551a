"""Answers kept on frozen objects instead of module caches keyed by id() (issue #42)."""
import pickle
from dataclasses import replace

from game.rules import board
from game.rules.memo import ATTR, derived
from game.rules.ruleset import load_ruleset, load_scenario


def test_a_derived_answer_is_kept_on_its_object_and_a_changed_copy_starts_empty():
    sc = load_scenario("mediterranean_1940")
    calls = []
    assert derived(sc, "k", lambda: calls.append(1) or 41) == 41
    assert derived(sc, "k", lambda: calls.append(1) or 99) == 41 and calls == [1]
    copy = replace(sc, title="changed")
    assert derived(copy, "k", lambda: 7) == 7          # not the original's answer


def test_map_tables_follow_the_map_not_an_id():
    sc = load_scenario("mediterranean_1940")
    d = board.distances(sc)
    some = next(iter(sc.spaces))
    cut = replace(sc, spaces={some: replace(sc.spaces[some], adjacent=())})
    assert board.distances(cut)[some] == {some: 0} != d[some]


def test_pickles_leave_the_answers_behind():
    sc = load_scenario("mediterranean_1940")
    rs = load_ruleset(sc.ruleset_id)
    board.distances(sc)
    derived(rs, "k", lambda: 1)
    assert ATTR in sc.__dict__ and ATTR in rs.__dict__
    for obj in (sc, rs):
        back = pickle.loads(pickle.dumps(obj))
        assert ATTR not in back.__dict__ and back == obj


def test_the_distance_table_makes_a_row_when_asked_and_as_the_whole_table_did():
    # a big map's all-pairs table is ~110,000 entries: a replay asks a few rows
    from collections import deque
    sc = replace(load_scenario("world_war_ii_v3_1941"))   # a copy: no rows made by other tests
    table = board.distances(sc)
    some = sorted(sc.spaces)[::17]
    for start in some:
        want = {start: 0}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for nxt in sc.spaces[cur].adjacent:
                if nxt not in want:
                    want[nxt] = want[cur] + 1
                    queue.append(nxt)
        assert table[start] == want and list(table[start]) == list(want)
    assert len(table) == len(some) < len(sc.spaces)
    assert board.distance(sc, some[0], some[1]) == table[some[0]][some[1]]


def test_hops_to_the_nearest_of_some_spaces_are_the_table_s_minimum():
    # one search backwards from all the targets (the computer's front line), where it
    # took the minimum of a table row per space
    sc = load_scenario("world_war_ii_v3_1941")
    table = board.distances(sc)
    for targets in (sorted(sc.spaces)[::23], sorted(sc.spaces)[5:6], []):
        near = board.hops_to_nearest(sc, targets)
        for s in sc.spaces:
            want = min((table[s].get(t, 99) for t in targets), default=99)
            assert near.get(s, 99) == want
