"""Seed 000 Unit Characteristics entries that no other test cited by name (found by
tools/interwar_audit.py): each test quotes the entry it checks.
Seed: shared/seeds/000_63b3116cdc45b596.txt."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import Casualties, Move, RollDice, SelectBattle, apply, new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B

FIXTURES = Path(__file__).parents[1] / "fixtures"
RS = load_ruleset("interwar")


def iw_state(units=(), dice=(), phase="combat_move", terrain=None):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sps = dict(sc.spaces)
    for sid, tags in (terrain or {}).items():
        sps[sid] = replace(sps[sid], terrain=tuple(tags))
    sc = replace(sc, start_units=tuple(units), spaces=sps, ruleset_id="interwar")
    s = new_game(sc, RS, 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = 0
    return s


def battle(attack, defend, space="m", dice=(), amphibious=False):
    units = [(space, "red", t, n) for t, n in attack] + [(space, "blue", t, n) for t, n in defend]
    s = iw_state(units, dice, phase="conduct_combat")
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True, amphibious=amphibious)
    s.zone.battles = (space,)
    s.zone.origins = {space: ("a2",) if space == "m" else ("s1",)}
    return apply(s, SelectBattle(space))


def uids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


def values(s, owner, utype, role):
    side = B.attackers(s, s.zone.battle) if role == "attack" else B.defenders(s, s.zone.battle)
    side = B.alive(s, side)
    bonus = B.support_bonus(s, side, role)
    return sorted(B.unit_value(s, u, role, bonus) for u in side if u.type == utype)


def test_colonial_infantry_supported_by_artillery_on_defense_only():
    # seed 000: COLONIAL INFANTRY, Supported by Artillery (Defense): "When this unit defends
    # along with an artillery, the its defense value increases by 1. Each Colonial Infantry
    # must be matched 1:1 with a supporting artillery"
    s = battle([("infantry", 1)], [("colonial_infantry", 2), ("artillery", 1)])
    assert values(s, "blue", "colonial_infantry", "defense") == [2, 3]
    s = battle([("colonial_infantry", 1), ("artillery", 1)], [("infantry", 1)])
    assert values(s, "red", "colonial_infantry", "attack") == [1]


def test_heavy_infantry_supported_by_artillery_offense_defense():
    # seed 000: HEAVY INFANTRY, Supported by Artillery (Offense/Defense): "Attack: 3 (4 when
    # supported by artillery)", "Defense: 4 (5 when supported by artillery)", 1:1;
    # "This advantage is not gained during amphibious assaults."
    s = battle([("heavy_infantry", 2), ("artillery", 1)], [("heavy_infantry", 2), ("artillery", 1)])
    assert values(s, "red", "heavy_infantry", "attack") == [3, 4]
    assert values(s, "blue", "heavy_infantry", "defense") == [4, 5]
    s = battle([("heavy_infantry", 1), ("artillery", 1)], [("infantry", 1)], amphibious=True)
    assert values(s, "red", "heavy_infantry", "attack") == [3]


def test_light_artillery_supports_infantry_on_offense_not_defense():
    # seed 000: LIGHT ARTILLERY, Support Infantry (Offense): "may enhance the offensive values
    # of Infantry and Heavy Infantry by 1 when paired on a 1:1 basis"
    s = battle([("infantry", 1), ("heavy_infantry", 1), ("light_artillery", 1)],
               [("infantry", 1), ("light_artillery", 1)])
    assert values(s, "red", "infantry", "attack") + values(s, "red", "heavy_infantry", "attack") \
        in ([3, 3], [2, 4])
    assert values(s, "blue", "infantry", "defense") == [3]    # offense only


def test_marine_amphibious_attack_at_no_penalty():
    # seed 000: MARINES, Amphibious Attack: "This unit may make amphibious attacks at no
    # penalty." (infantry lose their artillery support in an amphibious assault)
    s = battle([("marine", 1), ("infantry", 1), ("artillery", 2)], [("infantry", 1)],
               amphibious=True)
    assert values(s, "red", "marine", "attack") == [2]
    assert values(s, "red", "infantry", "attack") == [2]     # no support from the sea
    assert RS.units["marine"].has("no_amphibious_penalty")


@pytest.mark.parametrize("gun", ["anti_tank_gun", "light_artillery", "coastal_submarine"])
def test_first_strike_in_round_one(gun):
    # seed 000: ANTI-TANK GUN / LIGHT ARTILLERY, First Strike: "During the first round of
    # combat, this unit rolls its attack before other units."; COASTAL SUBMARINE, First
    # Strike (as the submarine's: unless the opponent has a destroyer)
    space, target = ("s2", "cruiser") if gun == "coastal_submarine" else ("m", "infantry")
    s = battle([(gun, 1)], [(target, 1)], space=space, dice=[12, 12, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_first_strike"


@pytest.mark.parametrize("gun", ["artillery", "heavy_artillery", "self_propelled_gun"])
def test_spotter_rerolls_a_gun_die_paired_with_an_armored_car(gun):
    # seed 000: ARTILLERY / HEAVY ARTILLERY / SELF-PROPELLED GUN, Spotter: "This unit may
    # reroll one die on attack or defense if paired with an armored car."
    s = battle([(gun, 1), ("armored_car", 1)], [("infantry", 1)], dice=[12, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "reroll" and B.reroll_limit(s) == 1
    s = battle([(gun, 1)], [("infantry", 1)], dice=[12, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting != "reroll"


def test_self_propelled_gun_supports_motorized_infantry_and_light_armor():
    # seed 000: SELF-PROPELLED GUN, Support Motorized Infantry: "the motorized infantry's attack
    # increases to 2"; Support Light Armor: "the light armor's attack increases to 4";
    # "matched one-for-one"
    s = battle([("motorized_infantry", 1), ("light_armor", 2), ("self_propelled_gun", 2)],
               [("infantry", 1)])
    assert values(s, "red", "motorized_infantry", "attack") + values(s, "red", "light_armor",
                                                                       "attack") in ([2, 3, 4], [1, 4, 4])
    s = battle([("motorized_infantry", 1), ("light_armor", 1), ("self_propelled_gun", 2)],
               [("infantry", 1)])
    assert values(s, "red", "motorized_infantry", "attack") == [2]
    assert values(s, "red", "light_armor", "attack") == [4]


def test_heavy_armor_combined_arms_with_tactical_bombers():
    # seed 000: HEAVY ARMOR, Combined Arms: "Combining a tank and a tactical bomber increases
    # the tactical bomber's attack" (+1, G33)
    s = battle([("dive_bomber", 2), ("heavy_armor", 1)], [("infantry", 1)])
    assert values(s, "red", "dive_bomber", "attack") == [5, 6]


def test_mechanized_infantry_blitz_with_armor():
    # seed 000: MECHANIZED INFANTRY, Blitz: "may blitz when paired with Armor" (1:1)
    s = iw_state([("a2", "red", "armor", 1), ("a2", "red", "mechanized_infantry", 2)])
    arm, mech = uids(s, "red", "armor"), uids(s, "red", "mechanized_infantry")
    s.units.update({u: replace(s.units[u], owner="red") for u in arm})
    s2 = apply(s, Move(arm + mech[:1], ("m", "b2")))     # through m (empty, hostile)
    assert all(s2.units[u].space == "b2" for u in arm + mech[:1])
    with pytest.raises(IllegalAction):
        apply(s, Move(mech[:1], ("m", "b2")))            # alone it cannot blitz


def test_aaa_no_combat_value():
    # seed 000: AAA, No Combat Value: "AAA are not considered normal combat units. They
    # defend against air attack according to special conditions"
    s = battle([("infantry", 1)], [("aaa", 1), ("infantry", 1)], dice=[12, 12, 12])
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    fired = [t for r in s.zone.battle.rolls for t, _v, _f in r.dice]
    assert "aaa" not in fired


@pytest.mark.parametrize("unit,capacity,carries", [
    ("airship", 1, ["fighter"]),
    ("escort_carrier", 1, ["fighter", "torpedo_bomber", "dive_bomber"]),
    ("carrier", 2, ["fighter", "torpedo_bomber", "dive_bomber"]),
    ("armored_carrier", 2, ["fighter", "torpedo_bomber", "dive_bomber"]),
])
def test_carry_aircraft(unit, capacity, carries):
    # seed 000: AIRSHIP, Carry Aircraft: "This unit may embark 1 Fighter."; ESCORT CARRIER:
    # "1 Fighter or Tactical Bomber"; CARRIER / ARMORED CARRIER: "2 Fighters, Dive Bombers,
    # or Torpedo Bombers" (the carriers' texts say "Escort Carriers", G57)
    ab = RS.units[unit].ability("carrier")
    assert ab.capacity == capacity
    assert sorted(u for u in RS.units if RS.units[u].matches(ab.units)) == sorted(carries)
    assert not RS.units["light_bomber"].matches(ab.units)


def test_fighter_combat_aircraft_values():
    # seed 000: FIGHTER, Combat Aircraft: "A Fighter attacks at 2 and defenses at 2 against
    # ground units." (against air: the stat line's 6/5, G39)
    s = battle([("fighter", 1)], [("infantry", 1)], dice=[3, 12])
    s = apply(s, RollDice())
    assert not s.zone.battle.pools                              # 3 > 2 against ground
    s = battle([("fighter", 1)], [("fighter", 1)], dice=[6, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.pools                                  # 6 hits aircraft


def test_dive_bomber_tactical_air_support_attacker_chooses():
    # seed 000: DIVE BOMBER, Tactical Air Support: "If this unit hits, you may assign the hit
    # to a defending ground unit of your choice."
    s = battle([("dive_bomber", 1)], [("infantry", 1), ("armor", 1)], dice=[1, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert pool.chooser == "attacker"
    s = apply(s, Casualties(uids(s, "blue", "armor")))     # not the default (infantry)
    assert s.units[uids(s, "blue", "armor")[0]].damage == 1


def test_auxiliary_cruiser_false_flag_moves_through_enemy_ships():
    # seed 000: AUXILIARY CRUISER, False Flag: "This unit may move through Sea Zones occupied
    # by enemy naval units."
    units = [("s1", "red", "auxiliary_cruiser", 1), ("s1", "red", "destroyer", 1),
             ("s2", "blue", "destroyer", 1)]
    s = iw_state(units, phase="noncombat_move")
    apply(s, Move(uids(s, "red", "auxiliary_cruiser"), ("s2", "s3")))
    with pytest.raises(IllegalAction):
        apply(s, Move(uids(s, "red", "destroyer"), ("s2", "s3")))


def test_coast_defense_ship_poor_seakeeping():
    # seed 000: COAST DEFENSE SHIP, Poor Seakeeping Ability: "may occupy only coastal Sea
    # Zones or Lake Zones." (names the coastal battleship, G56)
    s = iw_state([("s1", "red", "coast_defense_ship", 1)], phase="noncombat_move",
                 terrain={"s1": ["coastal"], "s2": ["coastal"]})
    ship = uids(s, "red", "coast_defense_ship")
    apply(s, Move(ship, ("s2",)))
    s = iw_state([("s2", "red", "coast_defense_ship", 1)], phase="noncombat_move",
                 terrain={"s2": ["coastal"]})
    with pytest.raises(IllegalAction):
        apply(s, Move(ship, ("s3",)))


def test_armored_carrier_combat_air_patrol():
    # seed 000: ARMORED CARRIER, Combat Air Patrol: aircraft aboard are lost with it (G58)
    s = battle([("battleship", 1)], [("armored_carrier", 1), ("fighter", 1)], space="s2",
               dice=[1, 12, 1, 12])
    fighter = uids(s, "blue", "fighter")
    assert s.units[fighter[0]].carried_by == uids(s, "blue", "armored_carrier")[0]
    assert RS.units["armored_carrier"].hits == 3
    assert RS.units["armored_carrier"].ability("combat_air_patrol").lost_with_carrier
