"""Global 1940 strategic and tactical bombing raids (issue #46 item 2). Reference: Axis &
Allies Global 1940 2nd edition as TripleA encodes it (shared/data/triplea/
world_war_ii_global/map/games/ww2global40_2nd_edition.xml); readings in
docs/interpretations.md ("g40 bombing raids")."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    Casualties,
    EndPhase,
    Intercept,
    Move,
    Raid,
    RollDice,
    SelectBattle,
    apply,
    default_casualties,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import production, raids

FIXTURES = Path(__file__).parents[1] / "fixtures"
MAJOR = "major_industrial_complex"
MINOR = "minor_industrial_complex"


def g(units, dice=(), facilities=None):
    """The mini map under g40, red's combat move (a1 red major complex; a2 red; m, b2, b1
    blue, b1 a blue major complex; c green)."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units))
    s = new_game(sc, load_ruleset("g40"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index("combat_move")
    if facilities is not None:
        s.facilities = dict(facilities)
    return s


def uids(s, space, owner, utype=None):
    return tuple(sorted(u.uid for u in s.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))


def fly(s, units, to="b1", fid=MAJOR, path=None):
    path = path or {"b1": ("m", "b2", "b1"), "m": ("m",)}[to]
    return apply(s, Raid(tuple(units), path, fid))


def fight(s, space="b1", intercept=None):
    """Conduct the raid with default casualties; `intercept`: the interceptors chosen."""
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle(space))
    while s.zone.battle is not None and s.zone.battle.raid:
        if s.zone.battle.awaiting == "intercept":
            s = apply(s, Intercept(tuple(intercept or ())))
        elif s.zone.battle.awaiting == "casualties":
            s = apply(s, default_casualties(s))
        else:
            s = apply(s, RollDice())
    return s


def test_the_raiders_values_are_tripleas():
    rs = load_ruleset("g40")
    # TripleA bomber: bombingBonus 2, airAttack 1; tactical_bomber: bombingBonus 0,
    # bombingTargets airfield:harbour; fighter: airAttack 1, airDefense 1, canEscort,
    # canIntercept
    sb, tb, f = (rs.units[t] for t in ("strategic_bomber", "tactical_bomber", "fighter"))
    assert sb.ability("bombing_raid").bonus == 2 and not sb.ability("bombing_raid").targets
    assert tb.ability("bombing_raid").bonus == 0
    assert tb.ability("bombing_raid").targets == ("air_base", "naval_base")
    ab = f.ability("air_battle")
    assert (ab.attack, ab.defense, ab.escorts, ab.intercepts) == (1, 1, True, True)


def test_a_strategic_bomber_does_a_die_plus_two_damage():
    # G40 2nd ed. (TripleA bomber bombingMaxDieSides 6, bombingBonus 2): AA 2 misses, die 4
    s = g([("a2", "red", "strategic_bomber", 1)], dice=[2, 4])
    s = fly(s, uids(s, "a2", "red"))
    assert raids.target_of(s, uids(s, "b1", "red")[0]) == ("b1", MAJOR)
    s = fight(s)
    assert s.facilities["b1|" + MAJOR] == 6
    # the battle window's dice line says the damage ("bombs: 6 damage"), not "0 hits"
    assert raids.damage_points(s, s.zone.last_battle.rolls[-1]) == 6
    assert uids(s, "b1", "red", "strategic_bomber") and s.zone.battles == ()
    # production is cut by the damage (b1 places 10 - 6 = 4 on blue's turn)
    assert production.factory_capacity(s, "b1") == 4


def test_the_facility_anti_aircraft_hits_on_a_one():
    # TripleA isAAforBombingThisUnitOnly (Always on AA): one die per raider, 1 on a d6
    s = g([("a2", "red", "strategic_bomber", 2)], dice=[1, 3, 6])
    s = fly(s, uids(s, "a2", "red"))
    s = fight(s)
    assert len(uids(s, "b1", "red")) == 1
    assert s.facilities["b1|" + MAJOR] == 8     # the survivor's 6 + 2


def test_damage_is_capped_at_the_facility_maximum():
    # TripleA factory_minor maxDamage 6
    s = g([("a2", "red", "strategic_bomber", 1)], dice=[2, 6],
          facilities={"a1|" + MAJOR: 0, "b1|" + MINOR: 3})
    s = fly(s, uids(s, "a2", "red"), fid=MINOR)
    s = fight(s)
    assert s.facilities["b1|" + MINOR] == 6
    assert any("at most 6" in line for line in s.log())


def test_a_tactical_bomber_raids_only_bases_for_a_die():
    # TripleA tactical_bomber bombingTargets airfield:harbour, bombingBonus 0
    fac = {"a1|" + MAJOR: 0, "b1|" + MAJOR: 0, "m|air_base": 0}
    s = g([("a2", "red", "tactical_bomber", 1)], dice=[5, 3], facilities=fac)
    with pytest.raises(IllegalAction, match="cannot raid"):
        fly(s, uids(s, "a2", "red"))
    s = fly(s, uids(s, "a2", "red"), to="m", fid="air_base")
    s = fight(s, "m")
    assert s.facilities["m|air_base"] == 3
    from game.rules.zone import facilities
    assert not facilities.operative(s, "m", "air_base")   # more than 2: out of operation


def test_interceptors_and_escorts_fight_one_round_at_one():
    # G40 2nd ed. (TripleA "Raids May Be Preceeded By Air Battles"; airAttack 1, airDefense
    # 1): bomber and escort roll 1 and 4, the interceptor 1; the raider loses its escort
    # (its choice), the interceptor is lost; then AA 2 misses and the bomber rolls 3
    s = g([("a2", "red", "strategic_bomber", 1), ("b2", "red", "fighter", 1),
           ("b1", "blue", "fighter", 1)], dice=[1, 4, 1, 2, 3])
    s = apply(s, Raid(uids(s, "a2", "red") , ("m", "b2", "b1"), MAJOR))
    s = apply(s, Raid(uids(s, "b2", "red"), ("b1",), MAJOR))
    assert raids.target_of(s, uids(s, "b1", "red", "fighter")[0]) == ("b1", "")
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b1"))
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "intercept"
    s = apply(s, Intercept(uids(s, "b1", "blue")))
    rolls = [r for r in s.zone.battle.rolls if r.step == "raid_air_attack"]
    assert [v for _, v, _ in rolls[0].dice] == [1, 1]
    while s.zone.battle is not None:
        if s.zone.battle.awaiting == "casualties":
            s = apply(s, default_casualties(s))
        else:
            s = apply(s, RollDice())
    assert not uids(s, "b1", "blue")
    assert uids(s, "b1", "red") == uids(s, "b1", "red", "strategic_bomber")
    assert s.facilities["b1|" + MAJOR] == 5


def test_a_raids_fire_values_are_its_air_battle_values():
    # TripleA G40 2nd ed.: in the air battle a raider fires at its airAttack 1 and an
    # interceptor at its airDefense 1, whatever its printed attack (bomber 4) or defense
    # (fighter 4): the value the battle window and the strip show is the one the dice use
    from game.rules.zone import battle as B
    s = g([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "fighter", 1)])
    s = fly(s, uids(s, "a2", "red"))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b1"))
    s = apply(s, RollDice())
    s = apply(s, Intercept(uids(s, "b1", "blue")))
    b = s.zone.battle
    bomber = s.units[uids(s, "b1", "red")[0]]
    fighter = s.units[uids(s, "b1", "blue")[0]]
    assert B.fire_value(s, b, bomber, "attack", {}) == 1
    assert B.fire_value(s, b, fighter, "defense", {}) == 1


def test_a_finished_raid_says_the_damage_it_did():
    # G40 2nd ed. (TripleA bomber bombingBonus 2): AA 2 misses, die 4 -> 6 damage; the
    # raid's outcome is that damage, its roll counts damage, not hits
    from game.rules.zone import battle
    s = g([("a2", "red", "strategic_bomber", 1)], dice=[2, 4])
    s = fight(fly(s, uids(s, "a2", "red")))
    rolls = s.zone.last_battle.rolls
    assert rolls[-1].step == "raid_damage"
    assert battle.roll_result(s, rolls[-1]) == "6 damage"
    assert battle.roll_result(s, rolls[0]) == "0 hits"       # the anti-aircraft fire
    assert raids.result_text(s, rolls, "b1") == "The raid on Beta does 6 damage: Major Industrial Complex 6/20."


def test_a_raid_shot_down_does_no_damage():
    # TripleA isAAforBombingThisUnitOnly: the facility's AA 1 downs the only bomber
    s = g([("a2", "red", "strategic_bomber", 1)], dice=[1])
    s = fight(fly(s, uids(s, "a2", "red")))
    assert raids.result_text(s, s.zone.last_battle.rolls, "b1") == \
        "The raid on Beta is turned back: no bomber reached its target."


def test_the_air_battle_values_are_the_air_battle_ones():
    # TripleA fighter airAttack 1 / airDefense 1, bomber airAttack 1 (not attack 4/defense 4)
    s = g([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "fighter", 1)])
    bomber = s.units[uids(s, "a2", "red")[0]]
    fighter = s.units[uids(s, "b1", "blue")[0]]
    assert raids.air_value(s, bomber, "attack") == 1 and raids.air_value(s, fighter, "defense") == 1
    assert raids.air_value(s, bomber, "defense") == 0


def test_without_interceptors_there_is_no_air_battle():
    # ww2global40_2nd_edition.xml notes: "If interceptors are launched: a one-round air battle
    # takes place"; none launched, the bombers meet only the facility's AA (here: misses)
    s = g([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "fighter", 1)], dice=[2, 1])
    s = fly(s, uids(s, "a2", "red"))
    s = fight(s, intercept=())
    assert not any(r.step.startswith("raid_air") for r in s.zone.last_battle.rolls)
    assert s.facilities["b1|" + MAJOR] == 3 and uids(s, "b1", "blue")


def test_raiders_do_not_fight_the_ordinary_battle_there():
    # G40 2nd ed.: bombers that raid take no part in the combat in the territory
    s = g([("a2", "red", "strategic_bomber", 1), ("b2", "red", "armour", 1),
           ("b1", "blue", "infantry", 1)], dice=[2, 4, 1, 6])
    s = fly(s, uids(s, "a2", "red", "strategic_bomber"))
    s = apply(s, Move(uids(s, "b2", "red"), ("b1",)))
    s = apply(s, EndPhase())
    assert s.zone.battles == ("b1",)
    s = apply(s, SelectBattle("b1"))
    while s.zone.battle is not None and s.zone.battle.raid:
        s = apply(s, RollDice())
    assert s.facilities["b1|" + MAJOR] == 6 and s.zone.battles == ("b1",)
    s = apply(s, SelectBattle("b1"))
    assert not s.zone.battle.raid
    assert [u.type for u in __import__("game.rules.zone.battle", fromlist=["x"]).attackers(s, s.zone.battle)] == ["armour"]
    s = apply(s, RollDice())                       # armour 1 hits
    s = apply(s, Casualties(uids(s, "b1", "blue")))
    s = apply(s, RollDice())                       # infantry 6 misses
    assert s.owners["b1"] == "red"


def test_a_raid_is_declared_only_on_an_enemy_facility_by_bombers():
    s = g([("a2", "red", "fighter", 1), ("a2", "red", "strategic_bomber", 1)])
    with pytest.raises(IllegalAction, match="needs a bomber"):
        fly(s, uids(s, "a2", "red", "fighter"))
    with pytest.raises(IllegalAction, match="no enemy facility"):
        apply(s, Raid(uids(s, "a2", "red", "strategic_bomber"), ("m",), MAJOR))
    assert Raid(uids(s, "a2", "red", "strategic_bomber"), ("m", "b2", "b1"), MAJOR) in legal_actions(s) or \
        any(isinstance(a, Raid) and a.path[-1] == "b1" for a in legal_actions(s))


def test_raids_are_fought_before_other_battles():
    # G40 2nd ed., conduct combat: strategic and tactical bombing raids come first (TripleA
    # fights them before the other battles)
    s = g([("a2", "red", "strategic_bomber", 1), ("a2", "red", "infantry", 1),
           ("m", "blue", "infantry", 1)], dice=[2, 4])
    s = fly(s, uids(s, "a2", "red", "strategic_bomber"))
    s = apply(s, Move(uids(s, "a2", "red", "infantry"), ("m",)))
    s = apply(s, EndPhase())
    assert s.zone.battles == ("b1", "m")
    with pytest.raises(IllegalAction, match="raids first"):
        apply(s, SelectBattle("m"))
    assert SelectBattle("m") not in legal_actions(s) and SelectBattle("b1") in legal_actions(s)
    s = apply(s, SelectBattle("b1"))
    while s.zone.battle is not None:
        s = apply(s, RollDice())
    assert s.zone.battles == ("m",)
    s = apply(s, SelectBattle("m"))
    assert not s.zone.battle.raid


def test_air_battles_before_raids_is_an_option():
    # TripleA "Raids May Be Preceeded By Air Battles" (editable, on): off, no fighter
    # intercepts or escorts and the bombers go straight to the anti-aircraft fire
    from game.rules.options import with_options
    rs = with_options(load_ruleset("g40"), ["raid_air_battles"])
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = new_game(replace(sc, start_units=(("a2", "red", "strategic_bomber", 1), ("b2", "red", "fighter", 1),
                                          ("b1", "blue", "fighter", 1))), rs, 1, scripted_dice=(2, 4))
    s.phase_idx = s.ruleset.phases.index("combat_move")
    with pytest.raises(IllegalAction, match="cannot escort"):
        apply(s, Raid(uids(s, "b2", "red"), ("b1",), MAJOR))
    s = fly(s, uids(s, "a2", "red"))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b1"))
    s = apply(s, RollDice())          # no interceptors to choose: the AA die at once
    assert s.zone.battle is None or s.zone.battle.awaiting != "intercept"
    while s.zone.battle is not None:
        s = apply(s, RollDice())
    assert s.facilities["b1|" + MAJOR] == 6


def test_a_raids_result_survives_a_snapshot():
    # the battle window reads BattleResult.raid for its closing line; a saved position
    # (snapshot) keeps it
    from game.rules.snapshot import exact, restore, snapshot
    s = g([("a2", "red", "strategic_bomber", 1), ("b1", "blue", "infantry", 1)], dice=[2, 1])
    s = fly(s, uids(s, "a2", "red"))
    s = fight(s, intercept=())
    assert s.zone.last_battle.raid
    snap = {**snapshot(s), "exact": exact(s)}
    assert restore(snap, s.scenario, s.ruleset, 1).zone.last_battle == s.zone.last_battle
