"""The interwar ruleset: the auxiliary cruiser's Withdraw (G45) and the fortress's
Coastal Artillery (G62). Each rule test quotes seed 000
(shared/seeds/000_63b3116cdc45b596.txt)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    CoastalFire,
    EndPhase,
    RollDice,
    SelectBattle,
    Withdraw,
    action_from_json,
    apply,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B
from game.rules.zone import coastal

FIXTURES = Path(__file__).parents[1] / "fixtures"


def mini(units, dice=(), phase="conduct_combat", player="red"):
    """The mini map (a1 - a2 - m - b2 - b1 - c over s1 - s2 - s3 - s4) under interwar."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), ruleset_id="interwar")
    s = new_game(sc, load_ruleset("interwar"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in sc.players].index(player)
    return s


def sea_battle(attack, defend, dice=()):
    units = [("s2", "red", t, n) for t, n in attack] + [("s2", "blue", t, n) for t, n in defend]
    s = mini(units, dice)
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True)
    s.zone.battles = ("s2",)
    s.zone.origins = {"s2": ("s1",)}
    return apply(s, SelectBattle("s2"))


def ids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


# --- Withdraw (auxiliary cruiser) -----------------------------------------------------
def test_auxiliary_cruiser_withdraws_after_surviving_round_one():
    # seed 000: AUXILIARY CRUISER, Withdraw: "If this unit survives the 1st round of combat,
    # it may withdraw to any adjacent Sea Zone not occupied by an enemy naval unit." (G45:
    # attacking or defending, at the pause after round 1 or any later round)
    s = sea_battle([("destroyer", 1)], [("auxiliary_cruiser", 1), ("destroyer", 1)],
                   dice=(12, 12, 12, 12))
    aux = ids(s, "blue", "auxiliary_cruiser")
    with pytest.raises(IllegalAction):
        apply(s, Withdraw(aux, "s3"))           # not before round 1 is over
    while s.zone.battle.awaiting != "continue":
        s = apply(s, RollDice())
    assert B.withdraw_options(s) == {aux[0]: ["s1", "s3"]}
    assert Withdraw(aux, "s3") in legal_actions(s)
    s = apply(s, Withdraw(aux, "s3"))
    assert s.units[aux[0]].space == "s3" and s.zone.battle is not None   # the battle goes on
    assert action_from_json(Withdraw(aux, "s3").to_json()) == Withdraw(aux, "s3")


def test_withdraw_only_to_a_zone_without_enemy_ships_and_only_that_unit():
    s = sea_battle([("destroyer", 1)], [("auxiliary_cruiser", 1)], dice=(12, 12))
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "continue"
    s.units[99] = replace(s.units[ids(s, "red", "destroyer")[0]], uid=99, space="s3", in_combat=False)
    aux = ids(s, "blue", "auxiliary_cruiser")
    with pytest.raises(IllegalAction, match="free of enemy ships"):
        apply(s, Withdraw(aux, "s3"))
    with pytest.raises(IllegalAction, match="cannot withdraw"):
        apply(s, Withdraw(ids(s, "red", "destroyer")[:1], "s1"))
    s = apply(s, Withdraw(aux, "s1"))          # the last defender leaves: the battle ends
    assert s.zone.battle is None and s.zone.battles == () and s.units[aux[0]].space == "s1"


# --- Coastal Artillery (fortress) -----------------------------------------------------
def test_fortress_fires_three_dice_at_5_once_per_turn_at_adjacent_ships():
    # seed 000: FORTRESS, Coastal Artillery: "A Fortress may roll 3dX each turn at enemy
    # ships in adjacent Sea Zones." (G62: 3 d12 at its Defense 5, in the owner's combat
    # phase, no return fire)
    s = mini([("a2", "red", "fortress", 1), ("s1", "blue", "destroyer", 1),
              ("s1", "blue", "naval_transport", 1), ("s2", "blue", "cruiser", 1)], dice=(5, 6, 12))
    assert coastal.options(s) == [("a2", "s1")]        # s2 does not border a2
    assert CoastalFire("a2", "s1") in legal_actions(s)
    s = apply(s, CoastalFire("a2", "s1"))
    # one hit (5), taken by the destroyer before the defenceless transport
    assert not ids(s, "blue", "destroyer") and ids(s, "blue", "naval_transport")
    assert s.dice_used == 3
    with pytest.raises(IllegalAction, match="already fired"):
        apply(s, CoastalFire("a2", "s1"))
    assert action_from_json(CoastalFire("a2", "s1").to_json()) == CoastalFire("a2", "s1")


def test_coastal_artillery_damages_capital_ships_first_and_resets_each_turn():
    s = mini([("a2", "red", "fortress", 1), ("s1", "blue", "battleship", 1)], dice=(1, 12, 12))
    s = apply(s, CoastalFire("a2", "s1"))
    bb = s.units[ids(s, "blue", "battleship")[0]]
    assert bb.damage == 1
    with pytest.raises(IllegalAction, match="conduct-combat"):
        apply(apply(s, EndPhase()), CoastalFire("a2", "s1"))
    assert s.zone.fired == ("a2",)
