"""The history browser's Timeline (issue #43 item 1): any past position is the one a
replay from the start gives (state_at), from a kept position every `every` actions."""
import random

import pytest

from game.history import Timeline, build, state_at
from game.rules.snapshot import state_hash
from game.selfplay import play_out


@pytest.fixture(scope="module")
def session():
    _, s = play_out("mediterranean_1940", 3, turns=2, level="greedy")
    return s


@pytest.mark.parametrize("every", [1, 7, 40])
def test_timeline_positions_are_those_of_a_replay(session, every):
    tl = Timeline(session, every)
    n = len(session.actions)
    rng = random.Random(every)
    probe = [0, 1, n - 1, n, every, every - 1, *rng.sample(range(n + 1), 12)]
    for at in rng.sample(probe, len(probe)):   # any order: kept positions fill as they are passed
        assert state_hash(tl.state(at)) == state_hash(state_at(session, at)), at
    assert tl.state(n) is session.state


def test_build_fills_the_timeline(session):
    tl = Timeline(session, 10)
    build(session, tl)
    assert len(tl._kept) == len(session.actions) // 10 + 1
    assert state_hash(tl.state(len(session.actions) - 1)) == state_hash(state_at(session, len(session.actions) - 1))
    with pytest.raises(ValueError):
        tl.state(len(session.actions) + 1)


def test_the_timeline_keeps_its_actions_while_the_game_goes_on(session):
    from game.rules.session import Session
    s = Session(session.scenario, session.ruleset, session.seed)
    for a in session.actions[:30]:
        s.do(a)
    tl = Timeline(s, 8)
    s.do(session.actions[30])
    assert len(tl) == 30 and tl.state(30) is not s.state
    assert state_hash(tl.state(29)) == state_hash(state_at(session, 29))
