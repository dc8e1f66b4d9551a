"""Kamikaze strikes (game/rules/zone/kamikaze.py, battle/steps/kamikaze.py): Global 1940 2nd
edition rulebook "Kamikaze Strikes" and TripleA ww2global40_2nd_edition.xml (Japanese
playerAttachment suicideAttackResources SuicideAttackTokens count 2, resourceGiven 6
tokens, kamikazeZone sea zones; its notes: "For each attack, a die is rolled, and a 2 or
less is considered a hit. Casualties are removed immediately, and do not participate in
any battles. Kamikaze attacks prevent bombardment as well."). Blue plays Japan on the
mini map, its kamikaze zones Sea Two (and Sea One)."""
import pytest

from game.rules.actions import (
    EndPhase,
    Kamikaze,
    Move,
    RollDice,
    SelectBattle,
    apply,
    legal_actions,
)
from game.rules.errors import IllegalAction
from game.rules.model import KamikazeRule
from game.rules.zone import kamikaze
from game.rules.zone.battle import step_index
from game.rules.zone.family import FAMILY
from tests.rules.test_battle import ids, start_battle

RULE = KamikazeRule(player="blue", tokens=3, zones=("s2",), value=2)
FLEET = [("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1), ("s2", "blue", "cruiser", 1)]


def _red_attacks_sea_two(mini, dice=(), rule=RULE):
    s = mini(FLEET, dice=list(dice), kamikaze=rule)
    return start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")


def test_japan_chooses_its_targets_before_the_battle(mini):
    s = _red_attacks_sea_two(mini)
    assert s.zone.battle.step == step_index("kamikaze")
    s = apply(s, RollDice())                 # Red opens the battle: Japan's choice first
    assert s.zone.battle.awaiting == "kamikaze" and FAMILY.chooser(s) == "blue"
    bb, dd = ids(s, "s2", "red", "battleship")[0], ids(s, "s2", "red", "destroyer")[0]
    assert {u.uid for u in kamikaze.targets(s, s.zone.battle)} == {bb, dd}
    assert Kamikaze(()) in legal_actions(s)


def test_each_token_is_a_die_at_two_against_its_ship(mini):
    # ww2global40_2nd_edition.xml: suicideAttackResources SuicideAttackTokens count 2 (a hit
    # on 2 or less); its notes: "Casualties are removed immediately"
    # two tokens on the battleship (1: hit, 3: miss), one on the destroyer (2: hit, sunk
    # and removed before it can fire); then Red rolls the battle's first fire: a miss
    s = _red_attacks_sea_two(mini, dice=[1, 3, 2, 6])
    s = apply(s, RollDice())
    bb, dd = ids(s, "s2", "red", "battleship")[0], ids(s, "s2", "red", "destroyer")[0]
    s = apply(s, Kamikaze((bb, bb, dd)))
    assert dd not in s.units and s.units[bb].damage == 1
    assert s.kamikaze_spent == 3 and kamikaze.tokens_left(s) == 0
    assert s.zone.battle.awaiting == "roll" and FAMILY.chooser(s) is None   # Red's roll now
    s = apply(s, RollDice())
    strike, fire = s.zone.battle.rolls
    assert strike.step == "kamikaze" and strike.side == "defender" and strike.hits == 2
    assert [d for _, _, d in strike.dice] == [1, 3, 2] and fire.step == "att_fire"
    assert any("strikes with 3 kamikaze tokens: 1 3 2 -> 2 hits" in line for line in s.log(8))


def test_no_more_tokens_than_left_and_only_the_attackers_warships_there(mini):
    # resourceGiven Japanese SuicideAttackTokens 6; the XML's targets (commented
    # suicideAttackTargets battleship:carrier:cruiser:destroyer): surface warships only
    s = apply(_red_attacks_sea_two(mini), RollDice())
    bb = ids(s, "s2", "red", "battleship")[0]
    with pytest.raises(IllegalAction, match="3 kamikaze tokens left"):
        apply(s, Kamikaze((bb,) * 4))
    with pytest.raises(IllegalAction, match="surface warships"):
        apply(s, Kamikaze(ids(s, "s2", "blue")))


def test_the_default_strikes_the_costliest_ships_while_tokens_last(mini):
    s = apply(_red_attacks_sea_two(mini, dice=[6, 6], rule=KamikazeRule("blue", 1, ("s2",))), RollDice())
    assert kamikaze.default_targets(s, s.zone.battle) == ids(s, "s2", "red", "battleship")
    s = apply(s, RollDice())                 # Roll: the default choice
    assert s.kamikaze_spent == 1 and s.zone.battle.rolls[0].step == "kamikaze"


def test_none_spent_the_battle_goes_on(mini):
    s = apply(_red_attacks_sea_two(mini), RollDice())
    s = apply(s, Kamikaze(()))
    assert s.kamikaze_spent == 0 and s.zone.battle.rolls == () and s.zone.battle.awaiting == "roll"
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[0].step == "att_fire"


def test_no_strike_without_japanese_units_there_or_outside_the_zones(mini):
    # only "if the enemy is attacking Japanese units there" and in a kamikaze zone
    s = mini([("s1", "red", "battleship", 1), ("s2", "green", "cruiser", 1)], kamikaze=RULE)
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    assert s.zone.battle.step == 0
    s = mini(FLEET, kamikaze=KamikazeRule("blue", 3, ("s3",)))
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    assert s.zone.battle.step == 0
    s = mini(FLEET, kamikaze=KamikazeRule("blue", 0, ("s2",)))   # no tokens left
    assert start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2").zone.battle.step == 0


def test_an_amphibious_assault_from_a_kamikaze_zone_and_no_bombardment_from_it(mini):
    # "ONLY if the enemy is attacking Japanese units there or is conducting an Amphibious
    # Assault from that sea zone"; "Kamikaze attacks prevent bombardment as well"
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1), ("s2", "red", "cruiser", 1),
              ("m", "blue", "infantry", 1)], dice=[5, 6, 6], kamikaze=RULE)
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    cruiser = ids(s, "s2", "red", "cruiser")
    assert s.zone.battle.bombard == cruiser and s.zone.battle.step == step_index("kamikaze")
    s = apply(s, RollDice())
    assert [u.uid for u in kamikaze.targets(s, s.zone.battle)] == list(cruiser)   # not the transport
    s = apply(s, Kamikaze(cruiser))          # 5: a miss, but the cruiser does not bombard
    assert s.units[cruiser[0]].damage == 0 and s.zone.battle.bombard == ()
    s = apply(s, RollDice())                 # round one opens with the infantry's fire
    assert [r.step for r in s.zone.battle.rolls] == ["kamikaze", "att_fire"]


def test_kamikaze_is_read_and_checked(tmp_path):
    from game.rules.errors import LoadError
    from game.rules.ruleset import load_scenario_file
    from tests.conftest import FIXTURES
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "k.yaml"
    p.write_text(text + "kamikaze: {player: blue, tokens: 3, value: 2, zones: [s2]}\n")
    sc, _ = load_scenario_file(p)
    assert sc.kamikaze == RULE
    p.write_text(text + "kamikaze: {player: blue, tokens: 3, zones: [a1]}\n")
    with pytest.raises(LoadError, match="'a1' is not a sea zone"):
        load_scenario_file(p)


def test_an_attack_the_strike_sinks_entirely_is_over(mini):
    s = mini([("s1", "red", "destroyer", 1), ("s2", "blue", "cruiser", 1)], dice=[1], kamikaze=RULE)
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    s = apply(s, Kamikaze(ids(s, "s2", "red")))
    assert not ids(s, "s2", "red") and s.zone.battle is None and ids(s, "s2", "blue")
    assert "s2" not in s.zone.battles


@pytest.mark.parametrize("level", ["random", "greedy", "standard"])
def test_the_computer_decides_its_strikes(mini, level):
    from game.ai import choose_action
    s = apply(_red_attacks_sea_two(mini), RollDice())
    act = choose_action(s, level)
    assert isinstance(act, (Kamikaze, RollDice))
    s = apply(s, act)
    assert s.zone.battle is None or s.zone.battle.awaiting != "kamikaze"
