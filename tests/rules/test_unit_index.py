"""GameState.units keeps indexes of the units in each space and aboard each unit
(model.UnitMap): whatever changes the dict, `units_in` and `cargo_of` answer exactly as a
scan of the dict would."""
import copy
import pickle
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.model import Unit, UnitMap

SPACES = ("a", "b", "c", "d")


def scan(units, space):
    return [u for u in units.values() if u.space == space]


def check(m: UnitMap) -> None:
    for s in SPACES:
        assert m.in_space(s) == scan(m, s)
    for c in range(-1, 32):
        assert m.aboard(c) == [u for u in m.values() if u.carried_by == c]
    assert {u.space for u in m.values()} >= set(m._at)
    assert {u.carried_by for u in m.values()} >= set(m._aboard)


ops = st.lists(st.tuples(st.sampled_from(["new", "move", "set", "del", "pop", "old_uid", "copy", "board",
                                          "update", "setdefault", "popitem", "add_new"]),
                         st.integers(0, 30), st.sampled_from(SPACES)), max_size=60)


@settings(max_examples=150, deadline=None)
@given(ops)
def test_index_matches_a_scan(seq):
    m = UnitMap({i: Unit(i, "inf", "red", SPACES[i % 4]) for i in range(1, 6)})
    nxt = 6
    for op, n, space in seq:
        uids = list(m)
        if op == "new":
            m[nxt] = Unit(nxt, "inf", "red", space)
            nxt += 1
        elif op == "add_new":   # new_game's bulk start (issue #47: linear in the units)
            m.add_new([Unit(nxt + k, "inf", "red", SPACES[(n + k) % 4],
                            carried_by=nxt - 1 if k == 1 and nxt > 1 and nxt - 1 in m else None)
                       for k in range(n % 4)])
            nxt += n % 4
        elif op == "old_uid":   # an uid below the largest: dict order is no longer uid order
            if n not in m:
                m[n] = Unit(n, "inf", "blue", space)
        elif not uids:
            continue
        elif op == "move":
            uid = uids[n % len(uids)]
            m[uid] = replace(m[uid], space=space)
        elif op == "board":     # aboard another unit (n), or no longer aboard
            uid = uids[n % len(uids)]
            m[uid] = replace(m[uid], carried_by=None if n % 3 == 0 else uids[(n // 3) % len(uids)])
        elif op == "set":
            uid = uids[n % len(uids)]
            m[uid] = replace(m[uid], damage=1)
        elif op == "del":
            del m[uids[n % len(uids)]]
        elif op == "pop":
            m.pop(uids[n % len(uids)])
            assert m.pop(-1, None) is None
        elif op == "popitem":
            m.popitem()
        elif op == "copy":
            old = m
            m = m.copy()
            m[uids[0]] = replace(m[uids[0]], space=space)
            check(old)
        elif op == "update":
            uid = uids[n % len(uids)]
            m.update({uid: replace(m[uid], space=space)})
        elif op == "setdefault":
            m.setdefault(uids[n % len(uids)], Unit(0, "x", "x", "a"))
        check(m)
    for other in (copy.copy(m), pickle.loads(pickle.dumps(m)), UnitMap(m)):
        assert type(other) is UnitMap and other == m and list(other) == list(m)
        check(other)


def test_a_state_copy_keeps_its_own_index():
    from game.rules.actions import new_game
    from game.rules.ruleset import load_ruleset, load_scenario
    sc = load_scenario("mediterranean_1940")
    s0 = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    s0.units = dict(s0.units)            # a plain dict (tests and old code assign them): scans
    s1 = s0.copy()
    assert type(s1.units) is UnitMap
    u = next(iter(s1.units.values()))
    s1.units[u.uid] = replace(u, space=next(s for s in sc.spaces if s != u.space))
    for space in sc.spaces:
        assert s0.units_in(space) == scan(s0.units, space)
        assert s1.units_in(space) == scan(s1.units, space)
    for uid in s0.units:
        assert s0.cargo_of(uid) == [u for u in s0.units.values() if u.carried_by == uid]
        assert s1.cargo_of(uid) == [u for u in s1.units.values() if u.carried_by == uid]
