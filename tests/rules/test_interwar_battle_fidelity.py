"""The interwar ruleset's battle rules checked against seed 000's text (issue #41):
partial retreat with airdropped paratroopers, damaged values after the round, the Rule of
Three per rule. Each test cites the seed (shared/seeds/000_63b3116cdc45b596.txt)."""
from dataclasses import replace
from pathlib import Path

import pytest
from test_interwar_airdrop import ids, med

from game.rules.actions import (
    Airdrop,
    EndPhase,
    Move,
    Retreat,
    RollDice,
    SelectBattle,
    apply,
    default_casualties,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B

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
    while s.zone.battle.awaiting != "continue":
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
    assert s.zone.battle is not None and s.zone.battle.awaiting == "continue"
    assert sorted(u.uid for u in B.alive(s, B.attackers(s, s.zone.battle))) == list(para)
    s = apply(s, RollDice())
    fire = [r for r in s.zone.battle.rolls if r.step == "att_fire"][-1]
    assert sorted(t for t, _v, _d in fire.dice) == ["paratrooper", "paratrooper"]


def test_airdropped_paratroopers_alone_cannot_retreat():
    # seed 000: PARATROOPERS, Airdrop: "Paratroopers may not withdraw from combat when airdropped."
    s = _drop_and_walk_into_libya()
    s = apply(s, Retreat("tunisia"))
    with pytest.raises(IllegalAction, match="from the air cannot retreat"):
        apply(s, Retreat("tunisia"))
    assert not any(isinstance(a, Retreat) for a in legal_actions(s))


# --- item 4: damaged values count after the round --------------------------------------
MINI = Path(__file__).parents[1] / "fixtures" / "mini.yaml"


def sea_battle(units, dice):
    """The mini map under the interwar ruleset: red attacks from s1 into s2 with `units`
    (space, owner, type, count), combat move done, the battle in s2 selected."""
    sc, _ = load_scenario_file(MINI)
    sc = replace(sc, start_units=tuple(units))
    s = new_game(sc, load_ruleset("interwar"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index("combat_move")
    red = tuple(sorted(u.uid for u in s.units.values() if u.owner == "red" and u.space == "s1"))
    s = apply(s, Move(red, ("s2",)))
    s = apply(s, EndPhase())
    return apply(s, SelectBattle("s2"))


def fired(s, step):
    """(type, value) of every die of the last roll of `step`."""
    rolls = s.zone.battle.rolls if s.zone.battle is not None else s.zone.last_battle.rolls   # (ended: the last round)
    roll = [r for r in rolls if r.step == step][-1]
    return [(t, v) for t, v, _d in roll.dice]


def test_capital_ship_hit_this_round_fires_back_at_its_undamaged_value():
    # seed 000: BATTLESHIP "Defense: 7 (3, if damaged)"; "Capital Ship: ... If an undamaged
    # battleship is hit once, place a HIT marker ... Don't ... move a defending battleship
    # behind the casualty strip unless it takes a second hit": casualties fire back, and so
    # does a ship hit once, as it was; its damaged value counts from the next round.
    s = sea_battle([("s1", "red", "destroyer", 1), ("s2", "blue", "battleship", 1)],
                   dice=(1, MISS, MISS, MISS))
    (bb,) = [u.uid for u in s.units.values() if u.type == "battleship"]
    s = apply(s, RollDice())                       # the destroyer hits
    s = apply(s, default_casualties(s))
    assert s.units[bb].damage == 1
    s = apply(s, RollDice())
    assert fired(s, "def_fire") == [("battleship", 7)]    # this round: undamaged
    assert s.zone.battle.awaiting == "continue"
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert fired(s, "def_fire") == [("battleship", 3)]    # next round: damaged


def test_capital_ship_sunk_this_round_fires_back_as_it_was():
    # seed 000: BATTLESHIP (as above): an undamaged battleship taking both hits in one
    # step goes behind the casualty strip and fires back at 7, not at its damaged 3
    s = sea_battle([("s1", "red", "destroyer", 2), ("s2", "blue", "battleship", 1)],
                   dice=(1, 1, MISS))
    s = apply(s, RollDice())
    s = apply(s, default_casualties(s))
    s = apply(s, RollDice())
    assert fired(s, "def_fire") == [("battleship", 7)]


# --- item 5: the Rule of Three per rule ------------------------------------------------
def land_battle(units, dice=()):
    """The mini map under the interwar ruleset: red attacks from a2 into m."""
    sc, _ = load_scenario_file(MINI)
    s = new_game(replace(sc, start_units=tuple(units)), load_ruleset("interwar"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index("combat_move")
    red = tuple(sorted(u.uid for u in s.units.values() if u.owner == "red" and u.space == "a2"))
    s = apply(s, Move(red, ("m",)))
    s = apply(s, EndPhase())
    return apply(s, SelectBattle("m"))


def test_each_self_propelled_gun_support_rule_has_its_own_rule_of_three():
    # seed 000: SELF-PROPELLED GUN "Support Motorized Infantry: ... the motorized
    # infantry's attack increases to 2 ... This rule is subject to the Rule of Three." and
    # "Support Light Armor: ... the light armor's attack increases to 4 ... This rule is
    # subject to the Rule of Three.": two rules, three units each (8 guns for 8 units)
    s = land_battle([("a2", "red", "motorized_infantry", 4), ("a2", "red", "light_armor", 4),
                     ("a2", "red", "self_propelled_gun", 8), ("m", "blue", "infantry", 9)],
                    dice=(MISS,) * 40)
    s = apply(s, RollDice())     # the guns' first strike
    s = apply(s, RollDice())     # the others
    assert sorted(fired(s, "att_fire")) == [("light_armor", 3)] + [("light_armor", 4)] * 3 \
        + [("motorized_infantry", 1)] + [("motorized_infantry", 2)] * 3
