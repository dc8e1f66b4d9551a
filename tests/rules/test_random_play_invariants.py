"""Global 1940 played with random legal actions (declarations of war at random times
included), the rules' invariants checked after every action:

- no player's PUs below 0;
- every unit on a space of the map, owned by a player; land and static units on land
  (at sea only aboard a transport in that zone), ships at sea;
- relationships kept under their one key ("a|b", a < b), between two players, each a
  base relation or one of the scenario's named types (so a|b and b|a always agree);
- a player whose capital another holds collects nothing (TripleA ww2global40_2nd_edition:
  a player without its capital collects no income; rulebook "Capturing capitals");
- a save of the game loads to the same state (replayed, and shown at its recorded
  position then replayed).

The short run is part of the suite; the long one is marked slow (`-m slow`).
"""
from __future__ import annotations

import random

import pytest

from game.io.saves import load_session, open_save, write_save
from game.rules.actions import DeclareWar, EndPhase, legal_actions
from game.rules.edit import EditOwner, EditUnits
from game.rules.errors import IllegalAction
from game.rules.model import BASE_RELATIONS, LAND, SEA, STATIC
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash
from game.rules.variant import ruleset_for
from game.rules.zone import production

SCENARIO = "world_war_ii_global_1940"


def step(session: Session, rng: random.Random, end_bias: float, declare_bias: float):
    """One random legal action: the phase's end with chance `end_bias` when the rules
    allow it (tried first: listing a Global 1940 move phase's moves takes a while), in
    the politics phase a declaration with chance `declare_bias` when one is allowed, else
    one of `legal_actions`. The action and the state after it."""
    if session.state.phase != "politics" and rng.random() < end_bias:
        try:
            return EndPhase(), session.do(EndPhase())
        except IllegalAction:
            pass   # e.g. battles still to fight
    acts = legal_actions(session.state)
    declarations = [a for a in acts if isinstance(a, DeclareWar)]
    others = [a for a in acts if not isinstance(a, (EndPhase, DeclareWar))]
    if declarations and rng.random() < declare_bias:
        action = rng.choice(declarations)
    elif others and (session.state.phase != "politics" or not declarations):
        action = rng.choice(others)
    else:
        action = next(a for a in acts if isinstance(a, EndPhase))
    return action, session.do(action)


def check_invariants(state) -> None:
    sc = state.scenario
    players = set(sc.player_map)
    for p, pus in state.resources.items():
        assert pus >= 0, f"{p} has {pus} PUs"
    for u in state.units.values():
        assert u.owner in players and u.space in sc.spaces, u
        domain = state.ruleset.units[u.type].domain
        kind = sc.spaces[u.space].kind
        if domain in (LAND, STATIC) and kind == SEA:
            carrier = state.units.get(u.carried_by) if u.carried_by is not None else None
            assert carrier is not None and carrier.space == u.space, f"{u} at sea, not aboard"
        if domain == SEA:
            assert kind == SEA, f"{u} on land"
    names = set(BASE_RELATIONS) | ({t.name for t in sc.politics.types} if sc.politics else set())
    for k, rel in state.relations.items():
        a, _, b = k.partition("|")
        assert a < b and {a, b} <= players, f"relation key {k!r}"
        assert rel in names, f"{k}: {rel!r}"


def check_income(before, after, action) -> bool:
    """The end of a collect-income phase: a player whose capital another holds gains
    nothing. True when the check applied."""
    if not isinstance(action, EndPhase) or before.phase != "collect_income":
        return False
    p = before.player
    if not production.capital_lost(before, p):
        return False
    assert after.resources[p] <= before.resources[p], \
        f"{p} collected {after.resources[p] - before.resources[p]} without its capital"
    return True


def check_save_round_trip(session, tmp_path) -> None:
    want = state_hash(session.state)
    path = tmp_path / f"random-{session.state.seed}.json"
    write_save(path, session)
    loaded, data = load_session(path)
    assert "notice" not in data and state_hash(loaded.state) == want   # replayed, not resumed
    shown, _, finish = open_save(path)
    assert finish is not None and state_hash(shown.state) == want      # its recorded position
    assert finish() and state_hash(shown.state) == want                # then replayed to it


def play(seed: int, actions: int, tmp_path, end_bias: float = 0.5, declare_bias: float = 0.3,
         rounds: int | None = None, edits: tuple = ()) -> tuple[Session, int]:
    """A random game of `actions` actions at most (or `rounds`), after the playtester's
    `edits`; the session and how many times a player collected without its capital."""
    sc = load_scenario(SCENARIO)
    session = Session(sc, ruleset_for(sc), seed)
    for e in edits:
        session.do(e)
    rng = random.Random(seed)
    check_invariants(session.state)
    no_capital = 0
    for _ in range(actions):
        if session.state.over or (rounds is not None and session.state.round > rounds):
            break
        before = session.state
        action, after = step(session, rng, end_bias, declare_bias)
        check_invariants(after)
        no_capital += check_income(before, after, action)
    check_save_round_trip(session, tmp_path)
    return session, no_capital


def test_a_short_random_game_keeps_the_invariants(tmp_path):
    # mostly phase ends: a few seconds reach two players' politics, combat and income;
    # Russia is edited into German hands so the Russians collect without their capital
    s, no_capital = play(seed=5, actions=30, tmp_path=tmp_path, end_bias=0.7, declare_bias=0.5,
                         edits=(EditOwner("russia", "germans"),))
    assert s.state.player_idx >= 2 and no_capital == 1   # the Russians collected nothing
    assert any(isinstance(a, DeclareWar) for a in s.actions)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 9))
def test_random_games_of_a_few_rounds_keep_the_invariants(tmp_path, seed):
    play(seed=seed, actions=4000, tmp_path=tmp_path, end_bias=0.35, declare_bias=0.25, rounds=3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 4))
def test_random_games_without_capitals_keep_the_invariants(tmp_path, seed):
    # London and Paris taken by the playtester (their defenders removed): the British
    # and the French collect nothing while the Germans hold them
    edits = tuple(EditUnits(space, owner, unit, -n) for space, owner, unit, n in _defenders()) + (
        EditOwner("united_kingdom", "germans"), EditOwner("france", "germans"))
    _, no_capital = play(seed=seed, actions=2000, tmp_path=tmp_path, end_bias=0.5, declare_bias=0.25,
                         rounds=2, edits=edits)
    assert no_capital >= 1


def _defenders() -> list[tuple[str, str, str, int]]:
    """(space, owner, unit type, count) of every unit in London and Paris at the start."""
    from collections import Counter
    sc = load_scenario(SCENARIO)
    s = Session(sc, ruleset_for(sc), 1)
    n = Counter((u.space, u.owner, u.type) for u in s.state.units.values()
                if u.space in ("united_kingdom", "france"))
    return [(*k, c) for k, c in sorted(n.items())]
