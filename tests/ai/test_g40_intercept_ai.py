"""The computer defender weighs a raid's interception against a scramble (issue #46 item
8, "scrambles"; game/ai/zone/intercept.py). G40 2nd ed. rulebook: scrambles are decided
before combat, so each fighter either scrambles into an attacked sea zone or stays home
to intercept a bombing raid (docs/interpretations.md: raids are fought first, the
fighters that did not intercept may still scramble). TripleA: fighter canIntercept
(airDefense 1) and canScramble; airfield maxScrambleCount 3; "Raids May Be Preceeded By
Air Battles". Mini map: b1 (blue's capital, a major complex) borders s3 and b2; red's
bombers fly a2 - m - b2 - b1, its ships s1 - s2 - s3."""
from dataclasses import replace
from pathlib import Path

from game.ai.zone import choose
from game.ai.zone.intercept import choose_interceptors
from game.ai.zone.scramble import choose_scramble
from game.rules.action_types import (
    EndPhase,
    Intercept,
    Move,
    Raid,
    RollDice,
    Scramble,
    SelectBattle,
)
from game.rules.actions import apply, default_casualties, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import raids, scramble

FIXTURES = Path(__file__).parents[1] / "fixtures"
MAJOR = "major_industrial_complex"


def g(units, dice=()):
    """Red's combat move on the mini map under g40, an air base in b1."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units))
    s = new_game(sc, load_ruleset("g40"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index("combat_move")
    s.facilities["b1|air_base"] = 0
    return s


def of(s, space, utype, owner):
    return tuple(sorted(u.uid for u in s.units.values()
                        if u.space == space and u.type == utype and u.owner == owner))


def raid_on_b1(fleet=(), blue_fleet=(), dice=()):
    """Red's bomber raids b1's complex (three blue fighters there); red's `fleet` in s1
    attacks blue's `blue_fleet` in s3. Conduct combat, the raid selected: blue's choice
    of interceptors."""
    s = g([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "fighter", 3),
           *[("s1", "red", t, n) for t, n in fleet], *[("s3", "blue", t, n) for t, n in blue_fleet]], dice)
    if fleet:
        ships = tuple(u.uid for u in s.units.values() if u.space == "s1")
        s = apply(s, Move(ships, ("s2", "s3")))
    s = apply(s, Raid(of(s, "a2", "strategic_bomber", "red"), ("m", "b2", "b1"), MAJOR))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b1"))
    s = apply(s, RollDice())   # the raid's first step asks for the interceptors
    assert s.zone.battle.raid and s.zone.battle.awaiting == "intercept"
    return s


# red's cruisers and destroyer sink blue's lone destroyer unless b1's fighters (defence 4)
# scramble: with them the attack is a likely loss
FLEET = (("cruiser", 2), ("destroyer", 1))
BLUE_FLEET = (("destroyer", 1),)


def test_the_computer_keeps_its_fighters_for_the_sea_battle_beside_the_raid():
    s = raid_on_b1(FLEET, BLUE_FLEET)
    a = choose_interceptors(s, s.zone.battle)
    assert a == Intercept(())   # all three kept back: they save the fleet, worth far more
    assert choose(s, "standard") == a and choose(s, "greedy") == a


def test_the_kept_fighters_scramble_when_the_sea_battle_comes():
    s = raid_on_b1(FLEET, BLUE_FLEET)
    fighters = of(s, "b1", "fighter", "blue")
    while s.zone.battle is not None:   # the raid: blue as the computer decides
        b = s.zone.battle
        s = apply(s, choose(s, "standard") if b.awaiting == "intercept"
                  else default_casualties(s) if b.awaiting == "casualties" else RollDice())
    assert not any(raids.intercepted(s, f) for f in fighters)
    s = apply(s, SelectBattle("s3"))
    assert s.zone.battle.awaiting == "scramble" and sorted(scramble.choices(s)) == list(fighters)
    assert choose(s, "standard") == Scramble(fighters)


def test_a_raid_alone_is_intercepted_by_every_fighter():
    # no sea battle beside b1: nothing to keep the fighters for
    s = raid_on_b1()
    assert choose_interceptors(s, s.zone.battle) == Intercept(of(s, "b1", "fighter", "blue"))
    assert choose(s, "standard") == Intercept(of(s, "b1", "fighter", "blue"))


def test_fighters_that_could_not_save_the_fleet_intercept():
    # eight battleships sink the destroyer whatever scrambles: the fighters would only die
    s = raid_on_b1((("battleship", 8),), BLUE_FLEET)
    assert choose_interceptors(s, s.zone.battle) == Intercept(of(s, "b1", "fighter", "blue"))


def test_the_computer_scrambles_into_a_close_battle_not_into_a_lost_one():
    # the scramble decision itself (game/ai/zone/scramble.py): two cruisers and a
    # destroyer against a destroyer: three fighters turn it; eight battleships: they die
    for fleet, go in ((FLEET, True), ((("battleship", 8),), False)):
        s = g([("b1", "blue", "fighter", 3), *[("s1", "red", t, n) for t, n in fleet],
               ("s3", "blue", "destroyer", 1)])
        s = apply(s, Move(tuple(u.uid for u in s.units.values() if u.space == "s1"), ("s2", "s3")))
        s = apply(s, EndPhase())
        s = apply(s, SelectBattle("s3"))
        fighters = of(s, "b1", "fighter", "blue")
        assert choose_scramble(s, s.zone.battle) == Scramble(fighters if go else ()), fleet
