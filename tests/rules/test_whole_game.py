"""A whole game played by scripted actions to a win, and rule-core invariants
under random legal play (hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.actions import (
    Casualties,
    EndPhase,
    Move,
    Place,
    Purchase,
    Retreat,
    RollDice,
    SelectBattle,
    apply,
    legal_actions,
)
from game.rules.model import SEA


def ids(state, space, owner):
    return tuple(sorted(u.uid for u in state.units.values() if u.space == space and u.owner == owner))


def end_turn(s):
    while True:
        player = s.player
        s = apply(s, EndPhase())
        if s.player != player or s.over:
            return s


def test_scripted_game_to_a_capital_victory(mini):
    s = mini([("b2", "red", "armour", 3), ("b1", "blue", "infantry", 1), ("c", "green", "infantry", 1)],
             phase="purchase", dice=[1, 1, 1, 6] + [1, 1, 1, 6])
    s = apply(s, Purchase("infantry", 2))
    s = apply(s, EndPhase())                      # -> combat move
    s = apply(s, Move(ids(s, "b2", "red"), ("b1",)))
    s = apply(s, EndPhase())                      # -> conduct combat
    s = apply(s, SelectBattle("b1"))
    s = apply(s, RollDice())                      # 3 armour roll 1 1 1: three hits, one needed
    s = apply(s, Casualties(ids(s, "b1", "blue")))
    s = apply(s, RollDice())                      # blue's infantry fires back: 6 misses
    assert s.owners["b1"] == "red" and s.zone.battle is None
    s = apply(s, EndPhase())                      # -> non-combat move
    s = apply(s, EndPhase())                      # -> place
    s = apply(s, Place("infantry", "a1", 2))
    s = apply(s, EndPhase())                      # -> collect income
    s = apply(s, EndPhase())
    assert s.player == "blue" and not s.over
    s = end_turn(s)                               # blue has nothing
    s = end_turn(s)                               # green passes
    assert s.round == 2 and s.player == "red"
    s = apply(s, EndPhase())
    s = apply(s, Move(ids(s, "b1", "red"), ("c",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("c"))
    s = apply(s, RollDice())
    s = apply(s, Casualties(ids(s, "c", "green")))
    s = apply(s, RollDice())
    assert s.owners["c"] == "red"
    s = end_turn(s)
    assert s.over and s.winner == "axis"
    assert "Axis wins" in s.log()[-1]


BATTLE_ACTIONS = (RollDice, Casualties, Retreat)


def check_invariants(before, action, after):
    old, new = set(before.units), set(after.units)
    created, lost = new - old, old - new
    if isinstance(action, Place):   # a facility (g40) is a marker of its territory, not a unit
        made = 0 if action.unit in before.ruleset.facilities else action.count
        assert len(created) == made and not lost
    else:
        assert not created, f"{action} created units"
    if isinstance(action, SelectBattle):
        # the one loss a battle's start may bring (g40 scramble into the zone an amphibious
        # assault came from, TripleA "Scramble To Any Amphibious Assault"): units a transport
        # landed, the transport sunk by the scrambled aircraft (zone/scramble.lose_stranded)
        # and units landed through a defended zone whose transport sank in the sea battle
        # fought first (G40 rulebook, "Amphibious Assaults"; zone/landings.settle)
        stranded = {int(k.split("|")[1]) for k in before.zone.ro3_moves
                    if k.startswith(("landed|", "contested|")) and int(k.split("|")[2]) not in before.units}
        assert lost <= stranded, f"{action} lost units"
    if isinstance(action, (Move, Purchase)):
        assert not lost, f"{action} lost units"
    if isinstance(action, EndPhase):
        assert all(before.utype(before.units[u]).domain == "air" for u in lost) or \
            before.phase == "conduct_combat"
    if isinstance(action, BATTLE_ACTIONS):
        space = before.zone.battle.space
        assert all(before.units[u].space == space for u in lost)
    for u in after.units.values():
        sp = after.scenario.spaces[u.space]
        dom = after.utype(u).domain
        if dom == "land" and sp.kind == SEA:
            assert u.carried_by is not None, "land unit at sea without transport"
        if dom == "sea":
            assert sp.kind == SEA
    assert all(v >= 0 for v in after.resources.values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=50, max_size=250), st.integers(0, 99))
def test_random_legal_play_keeps_invariants(mini, choices, seed):
    s = mini([("a1", "red", "infantry", 3), ("a1", "red", "armour", 2), ("a1", "red", "fighter", 1),
              ("s1", "red", "transport", 1), ("s1", "red", "submarine", 1),
              ("b1", "blue", "infantry", 3), ("b2", "blue", "aaa", 1), ("s3", "blue", "destroyer", 1),
              ("s3", "blue", "carrier", 1), ("s3", "blue", "fighter", 1), ("c", "green", "infantry", 2)],
             seed=seed, phase="purchase")
    for c in choices:
        acts = legal_actions(s)
        if not acts:
            break
        a = acts[c % len(acts)]
        new = apply(s, a)
        check_invariants(s, a, new)
        s = new
