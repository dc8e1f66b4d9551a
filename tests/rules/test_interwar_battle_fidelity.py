"""The interwar ruleset's battle rules checked against seed 000's text (issue #41):
partial retreat with airdropped paratroopers, damaged values after the round, the Rule of
Three per rule. Each test cites the seed (shared/seeds/000_63b3116cdc45b596.txt)."""
import pytest
from test_interwar_airdrop import ids, med

from game.rules import battle as B
from game.rules.actions import (
    Airdrop,
    EndPhase,
    Move,
    Retreat,
    RollDice,
    SelectBattle,
    apply,
    legal_actions,
)
from game.rules.errors import IllegalAction

MISS = 12   # a d12 face that hits nothing


# --- item 3: only airdropped paratroopers stay ---------------------------------------
def _drop_and_walk_into_libya(n_dice=40):
    """Two paratroopers airdropped into Libya and an infantry that walked in from Tunisia,
    against two British infantry; every die misses. Waits after round one."""
    s = med([("sicily", "italy", "transport_aircraft", 2), ("sicily", "italy", "paratrooper", 2),
             ("tunisia", "italy", "infantry", 1), ("libya", "uk", "infantry", 2)], dice=(MISS,) * n_dice)
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "libya"))
    s = apply(s, Move(ids(s, "italy", "infantry"), ("libya",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("libya"))
    while s.battle.awaiting != "continue":
        s = apply(s, RollDice())
    return s


def test_walked_in_units_retreat_and_airdropped_paratroopers_fight_on():
    # seed 000: PARATROOPERS, Airdrop: "Paratroopers may not withdraw from combat when
    # airdropped." Only they stay: the infantry that walked in may retreat.
    s = _drop_and_walk_into_libya()
    inf, para = ids(s, "italy", "infantry"), ids(s, "italy", "paratrooper")
    assert all(s.units[p].airborne for p in para)
    assert Retreat("tunisia") in legal_actions(s)
    s = apply(s, Retreat("tunisia"))
    assert s.units[inf[0]].space == "tunisia"
    assert all(s.units[p].space == "libya" for p in para)
    # the battle goes on: the paratroopers fight alone
    assert s.battle is not None and s.battle.awaiting == "continue"
    assert sorted(u.uid for u in B.alive(s, B.attackers(s, s.battle))) == list(para)
    s = apply(s, RollDice())
    fire = [r for r in s.battle.rolls if r.step == "att_fire"][-1]
    assert sorted(t for t, _v, _d in fire.dice) == ["paratrooper", "paratrooper"]


def test_airdropped_paratroopers_alone_cannot_retreat():
    # seed 000: PARATROOPERS, Airdrop: "Paratroopers may not withdraw from combat when airdropped."
    s = _drop_and_walk_into_libya()
    s = apply(s, Retreat("tunisia"))
    with pytest.raises(IllegalAction, match="from the air cannot retreat"):
        apply(s, Retreat("tunisia"))
    assert not any(isinstance(a, Retreat) for a in legal_actions(s))
