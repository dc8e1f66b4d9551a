"""Seed 000 ("7.0 Unit Profiles") entries checked a second time, as a rules lawyer
reads them: behaviour tests for entries that were only checked as data (a number or a
word of the ruleset), and for what the Mediterranean playthrough showed.
Seed: shared/seeds/000_63b3116cdc45b596.txt (line numbers L<n>)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import Casualties, EndPhase, Move, RollDice, SelectBattle, apply, new_game
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.snapshot import snapshot
from game.rules.zone import battle as B

FIXTURES = Path(__file__).parents[1] / "fixtures"
RS = load_ruleset("interwar")


def iw_state(units=(), dice=(), phase="combat_move"):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), ruleset_id="interwar")
    s = new_game(sc, RS, 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = 0
    return s


def battle(attack, defend, space="m", dice=()):
    units = [(space, "red", t, n) for t, n in attack] + [(space, "blue", t, n) for t, n in defend]
    s = iw_state(units, dice, phase="conduct_combat")
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True)
    s.zone.battles = (space,)
    s.zone.origins = {space: ("a2",) if space == "m" else ("s1",)}
    return apply(s, SelectBattle(space))


def uids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


# --- hits that nothing can take ------------------------------------------------------
def test_torpedo_bomber_hits_over_land_are_void_and_said_so():
    # seed 000: TORPEDO BOMBER L533 "* This unit may only damage naval targets." Over a
    # land battle its dice at 6 or less are no hits at all: the log and the battle window
    # said "Italy fires: 4 5 -> 2 hits" while nothing was lost (playthrough, Epirus).
    s = battle([("torpedo_bomber", 2)], [("infantry", 2)], dice=[4, 5, 12, 12])
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert (roll.hits, roll.void) == (2, 2)
    assert B.hits_text(roll.hits, roll.void) == "0 hits (2 with no target)"
    assert any("4 5 -> 0 hits (2 with no target)" in line for line in s.log())
    assert not s.zone.battle.pools and len(uids(s, "blue", "infantry")) == 2
    assert all(u.damage == 0 for u in s.units.values() if u.owner == "blue")


def test_hits_that_can_be_taken_are_not_void():
    # seed 000: INFANTRY (L45) attack 2: a die of 2 is a hit an infantry takes.
    s = battle([("infantry", 1), ("torpedo_bomber", 1)], [("infantry", 2)], dice=[2, 3, 12, 12])
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert (roll.hits, roll.void) == (2, 1)     # the torpedo bomber's 3 hits no infantry
    assert B.hits_text(roll.hits, roll.void) == "1 hit (1 with no target)"
    assert s.zone.battle.awaiting == "casualties"


def test_void_is_left_out_of_snapshots_at_zero():
    # older saves keep verifying: a roll without void hits snapshots as before
    s = battle([("infantry", 1)], [("infantry", 1)], dice=[1, 12])
    s = apply(s, RollDice())
    assert "void" not in snapshot(s)["battle"]["rolls"][-1]
    s2 = battle([("torpedo_bomber", 1)], [("infantry", 1)], dice=[1, 12])
    s2 = apply(s2, RollDice())
    assert snapshot(s2)["battle"]["rolls"][-1]["void"] == 1


def test_dice_of_a_unit_that_can_hit_nothing_here_need_nothing():
    # seed 000: TORPEDO BOMBER (L519) "* This unit may only damage naval targets.": its dice
    # over land are recorded as needing 0 (the strip's "no fire" column), the infantry's at 2
    s = battle([("infantry", 1), ("torpedo_bomber", 1)], [("infantry", 2)], dice=[2, 3, 12, 12])
    s = apply(s, RollDice())
    assert sorted((t, need) for t, need, _d in s.zone.battle.rolls[-1].dice) == [
        ("infantry", 2), ("torpedo_bomber", 0)]


def ids(s, space, owner, utype=None):
    return tuple(sorted(u.uid for u in s.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))


def assault(ships, cargo=(("infantry", 1), ("armor", 1)), dice=()):
    """Red lands `cargo` from a naval transport in s2 on m (blue infantry), with `ships`
    in s2; the battle selected."""
    units = [("a1", "red", t, n) for t, n in cargo] + [("s1", "red", "naval_transport", 1)]
    units += [("s2", "red", t, n) for t, n in ships] + [("m", "blue", "infantry", 2)]
    s = iw_state(units, dice)
    land = ids(s, "a1", "red")
    s = apply(s, Move(land, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "naval_transport"), ("s2",)))
    s = apply(s, Move(land, ("m",)))
    s = apply(s, EndPhase())
    return apply(s, SelectBattle("m"))


BOMBARD = [("destroyer", 2), ("cruiser", 3), ("dreadnaught", 4), ("coast_defense_ship", 4),
           ("coastal_battleship", 4), ("battlecruiser", 5), ("battleship", 5),
           ("fast_battleship", 5), ("juggernaut", 6)]


# seed 000 Offshore Bombardment of the destroyer ("Shore Bombardment"), cruiser,
# dreadnaught, coast defense ship, coastal battleship, battlecruiser, battleship, fast
# battleship and juggernaut: the printed values (L643 destroyer "hits on a 2 or less",
# cruiser L725 "3 or less", dreadnaught L747 and the coast defense ship and coastal
# battleship "4 or less", battlecruiser, battleship and fast battleship "5 or less",
# juggernaut L863 "6")
@pytest.mark.parametrize("ship,value", BOMBARD)
def test_bombardment_hits_at_the_printed_value_not_the_attack(ship, value):
    # seed 000: "Offshore Bombardment: ... can conduct offshore bombardment during an
    # amphibious assault. They hit at a N or less." (destroyer: "Shore Bombardment")
    s = assault([(ship, 1)], dice=[value, 12, 12])
    b = s.zone.battle
    assert len(b.bombard) == 1
    _side, shooters, _imm = B.step_shooters(s, b, "bombard")
    assert [(u.type, v) for u, v in shooters] == [(ship, value)]
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert roll.step == "bombard" and roll.hits - roll.void == 1   # a die of N hits
    s2 = assault([(ship, 1)], dice=[value + 1, 12, 12])
    s2 = apply(s2, RollDice())
    assert s2.zone.battle.rolls[-1].step == "bombard" and s2.zone.battle.rolls[-1].hits == 0  # N+1 misses


# --- cargo -----------------------------------------------------------------------------
def test_naval_transport_carries_one_infantry_and_one_other_ground_unit():
    # seed 000: NAVAL TRANSPORT (L683) "Transport. This unit may carry 1 infantry and 1
    # other ground unit." Two tanks do not fit; an infantry and a tank do (G51: two
    # infantry do too, the A&A reading of "other")
    s = iw_state([("a1", "red", "armor", 2), ("s1", "red", "naval_transport", 1)])
    with pytest.raises(IllegalAction):
        apply(s, Move(ids(s, "a1", "red", "armor"), ("s1",)))
    for pair in ((("infantry", 1), ("armor", 1)), (("infantry", 2),), (("infantry", 1), ("cavalry", 1))):
        s = iw_state([("a1", "red", t, n) for t, n in pair] + [("s1", "red", "naval_transport", 1)])
        s = apply(s, Move(ids(s, "a1", "red"), ("s1",)))
        assert len(ids(s, "s1", "red")) == 3
    s = iw_state([("a1", "red", "infantry", 3), ("s1", "red", "naval_transport", 1)])
    with pytest.raises(IllegalAction):
        apply(s, Move(ids(s, "a1", "red"), ("s1",)))


# --- submersible ---------------------------------------------------------------------
@pytest.mark.parametrize("sub", ["submarine", "coastal_submarine"])
def test_submarine_hits_cannot_be_given_to_aircraft(sub):
    # seed 000: SUBMARINE (L667) / COASTAL SUBMARINE "Submersible. This unit may not hit aircraft."
    s = battle([(sub, 1)], [("fighter", 1), ("naval_transport", 1)], space="s2", dice=[1, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert "air" in pool.exclude_domains
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "blue", "fighter")))
    s = apply(s, Casualties(uids(s, "blue", "naval_transport")))
    # a submarine against aircraft alone hits nothing
    s = battle([(sub, 1)], [("fighter", 1)], space="s2", dice=[1, 12])
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert roll.hits == 1 and roll.void == 1 and not s.zone.battle.pools


# --- capital ships ---------------------------------------------------------------------
# seed 000: "Capital Ship: ... require 2 hits to destroy" (dreadnaught L741, battleship, fast
# battleship, carrier) / "3 hits" (juggernaut, armored carrier); values "(N, if damaged)".
CAPITALS = [("dreadnaught", 2, [(3, 2)]), ("battleship", 2, [(4, 3)]), ("fast_battleship", 2, [(5, 4)]),
            ("juggernaut", 3, [(7, 5), (5, 4)]), ("carrier", 2, [(0, 2)]), ("armored_carrier", 3, [(0, 3), (0, 3)])]


@pytest.mark.parametrize("ship,hits,damaged", CAPITALS)
def test_capital_ship_survives_until_its_last_hit_at_its_damaged_values(ship, hits, damaged):
    # Capital Ship of the dreadnaught, battleship, fast battleship, juggernaut, carrier and
    # armored carrier: "Don't remove an attacking <ship> from play ... unless it takes a
    # second [third] hit."
    # Carriers print no damaged values and keep theirs (G59).
    s = battle([("destroyer", 1)], [(ship, 1)], space="s2")
    (uid,) = uids(s, "blue", ship)
    for k in range(1, hits):
        s.units[uid] = replace(s.units[uid], damage=k)
        u = s.units[uid]
        assert B.alive(s, [u]) == [u]
        side = B.alive(s, B.defenders(s, s.zone.battle))
        assert (s.utype(u).value("attack", k), B.unit_value(s, u, "defense", B.support_bonus(s, side, "defense"))) \
            == damaged[k - 1]
    s.units[uid] = replace(s.units[uid], damage=hits)
    assert B.alive(s, [s.units[uid]]) == []


# --- entries printed without a "Name:" label (tools/interwar_audit.py UNLABELLED) -----
def _values(s, owner, utype, role):
    side = B.alive(s, B.attackers(s, s.zone.battle) if role == "attack" else B.defenders(s, s.zone.battle))
    bonus = B.support_bonus(s, side, role)
    return sorted(B.unit_value(s, u, role, bonus) for u in side if u.type == utype and u.owner == owner)


def test_paratrooper_footnote_two_in_round_one_only_when_airdropped():
    # seed 000: PARATROOPERS L107 "*: Paratroopers attack at 2 during the first round of
    # combat when airdropped." (Attack "1*")
    s = battle([("paratrooper", 2)], [("infantry", 1)])
    (p1, p2) = uids(s, "red", "paratrooper")
    s.units[p1] = replace(s.units[p1], airborne=True)
    fire = {u.uid: v for u, v in B.step_shooters(s, s.zone.battle, "att_fire")[1]}
    assert (fire[p1], fire[p2]) == (2, 1)
    s.zone.battle = replace(s.zone.battle, round=2)
    fire = {u.uid: v for u, v in B.step_shooters(s, s.zone.battle, "att_fire")[1]}
    assert (fire[p1], fire[p2]) == (1, 1)


@pytest.mark.parametrize("gun", ["artillery", "heavy_artillery"])
def test_artillery_supports_infantry_types_as_its_entry_lists(gun):
    # seed 000: ARTILLERY L249 / HEAVY ARTILLERY L269 "Support Infantry and Paratroopers
    # (Offense and Defense): This unit may enhance the offensive values of Infantry and
    # Heavy Infantry by 1 when paired on a 1:1 basis. It may enhance the defensive values of
    # Colonial Infantry, Infantry, and Paratroopers when paired on a 1:1 basis."
    # Offense: infantry 2->3, heavy infantry 3->4; not colonial infantry, paratroopers.
    s = battle([(gun, 4), ("infantry", 1), ("heavy_infantry", 1), ("colonial_infantry", 1), ("paratrooper", 1)],
               [("infantry", 1)])
    assert [_values(s, "red", t, "attack") for t in ("infantry", "heavy_infantry", "colonial_infantry",
                                                      "paratrooper")] == [[3], [4], [1], [1]]
    # Defense: colonial infantry 2->3, infantry 3->4, paratrooper 1->2 (and heavy infantry 4->5, G10)
    s = battle([("infantry", 1)], [(gun, 4), ("infantry", 1), ("colonial_infantry", 1), ("paratrooper", 1),
                                   ("heavy_infantry", 1)])
    assert [_values(s, "blue", t, "defense") for t in ("colonial_infantry", "infantry", "paratrooper",
                                                       "heavy_infantry")] == [[3], [4], [2], [5]]
    # 1:1: one gun lifts one of two infantry
    s = battle([(gun, 1), ("infantry", 2)], [("infantry", 1)])
    assert _values(s, "red", "infantry", "attack") == [2, 3]


def test_aaa_empty_air_defense_fires_at_two_at_aircraft_only():
    # seed 000: AAA L435 "Air Defense:" (nothing follows; G35: hits on 2 of a d12, one die
    # per attacking aircraft, at most 3 per AAA)
    s = battle([("fighter", 1), ("infantry", 1)], [("aaa", 1), ("infantry", 1)], dice=[2])
    side, shooters, _imm = B.step_shooters(s, s.zone.battle, "aa")
    assert side == "defender" and [(u.type, v) for u, v in shooters] == [("aaa", 2)]
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert roll.step == "aa" and roll.hits == 1
    assert s.zone.battle.pools[0].only_domains == ("air",)
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "red", "infantry")))
    s = battle([("fighter", 4)], [("aaa", 1), ("infantry", 1)], dice=[3, 3, 3])
    assert sum(B.n_dice(s, u) for u, _v in B.step_shooters(s, s.zone.battle, "aa")[1]) == 3
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].hits == 0          # a 3 misses


# --- docs and lint: every gap has a reading, every contradiction a warning -----------
DOCS = Path(__file__).parents[2] / "docs"


def _gaps():
    import re
    text = (DOCS / "seeds" / "000-extraction.md").read_text(encoding="utf-8")
    return re.findall(r"^\*\*(G\d+) [⚠ ]*\[([CTUA])\]", text, flags=re.M)


def test_every_seed_contradiction_is_a_lint_warning():
    # seed 000 contradictions ([C] in docs/seeds/000-extraction.md) are each reported by
    # `python -m game lint` (a seed_notes entry naming the unit and both readings)
    noted = {n.ref for n in RS.seed_notes}
    contradictions = {g for g, kind in _gaps() if kind == "C"}
    assert len(contradictions) >= 13
    assert contradictions <= noted, sorted(contradictions - noted)


def test_every_seed_gap_has_a_reading_in_interpretations():
    import re
    text = (DOCS / "interpretations.md").read_text(encoding="utf-8")
    gaps = [g for g, _k in _gaps()]
    assert len(gaps) >= 60
    missing = [g for g in gaps if not re.search(rf"\b{g}\b", text)]
    assert not missing, missing


# --- torpedo boat destroyer: "when it defends a port" ----------------------------------
def _tbd_battle(port_owner="blue", base=False, dice=()):
    """Red destroyer attacks a blue torpedo boat destroyer in s2 (which borders m); m is a
    `port` held by `port_owner` (or, with base, only a naval base)."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sps = dict(sc.spaces)
    sps["m"] = replace(sps["m"], terrain=() if base else ("port",), naval_base=base)
    units = (("s2", "red", "destroyer", 1), ("s2", "blue", "torpedo_boat_destroyer", 1),
             ("s2", "blue", "naval_transport", 1))
    sc = replace(sc, start_units=units, spaces=sps, ruleset_id="interwar")
    s = new_game(sc, RS, 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index("conduct_combat")
    s.player_idx = 0
    s.owners["m"] = port_owner
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True)
    s.zone.battles = ("s2",)
    s.zone.origins = {"s2": ("s1",)}
    return apply(s, SelectBattle("s2"))


@pytest.mark.parametrize("base", [False, True])
def test_torpedo_boat_destroyer_defends_its_own_port_at_three_and_picks_the_casualty(base):
    # seed 000: TORPEDO BOAT DESTROYER L631 "Torpedo: This unit's defense value increases by
    # 1 when it defends a port or operates in a riverine space. If this unit hits when
    # defending a port or on a riverine space, it may select casualties." "A port" (G47):
    # the sea zone bordering a port or naval base of its own side; no map tags sea zones.
    s = _tbd_battle(base=base, dice=[12, 3])
    (tbd,) = uids(s, "blue", "torpedo_boat_destroyer")
    side = B.alive(s, B.defenders(s, s.zone.battle))
    assert B.unit_value(s, s.units[tbd], "defense", B.support_bonus(s, side, "defense")) == 3
    assert "port" in B.space_terrain(s, "s2", "blue") and "port" not in B.space_terrain(s, "s2", "red")
    s = apply(s, RollDice())            # red fires: 12 misses
    s = apply(s, RollDice())            # blue's torpedo boat destroyer: 3 hits (at 3)
    assert s.zone.battle.rolls[-1].hits == 1
    assert s.zone.battle.pools[0].chooser == "defender"     # the firer selects the casualty


def test_torpedo_boat_destroyer_gets_nothing_off_an_enemy_port():
    s = _tbd_battle(port_owner="red", dice=[12, 3])
    (tbd,) = uids(s, "blue", "torpedo_boat_destroyer")
    side = B.alive(s, B.defenders(s, s.zone.battle))
    assert B.unit_value(s, s.units[tbd], "defense", B.support_bonus(s, side, "defense")) == 2
    s = apply(s, RollDice())
    s = apply(s, RollDice())            # a 3 misses at 2
    assert s.zone.battle.rolls[-1].hits == 0


# --- anti-tank gun on defense -------------------------------------------------------------
def test_anti_tank_gun_defends_at_two_against_armor_first_and_the_tank_does_not_fire_back():
    # seed 000: ANTI-TANK GUN L197 "Defense: 1 (2 against armor)"; Ambush "on a 2 or less
    # when defending against armor"; First Strike "During the first round of combat, this
    # unit rolls its attack before other units. Casualties are selected and removed without
    # returning fire." (G25: first strike attacking and defending)
    s = battle([("armor", 1), ("infantry", 1)], [("anti_tank_gun", 1), ("infantry", 1)], dice=[2, 12, 12, 12])
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert roll.step == "def_first_strike" and roll.side == "defender" and roll.hits == 1
    assert "armor" in s.zone.battle.pools[0].only_types
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "red", "infantry")))
    (armor,) = uids(s, "red", "armor")
    s = apply(s, Casualties((armor,)))
    s = apply(s, RollDice())                       # the attackers fire: the tank is gone
    fired = [t for t, _need, _d in s.zone.battle.rolls[-1].dice]
    assert s.zone.battle.rolls[-1].step == "att_fire" and fired == ["infantry"]
    # a 3 misses on defense (3 is the attacking value against armor)
    s = battle([("armor", 1)], [("anti_tank_gun", 1)], dice=[3, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "def_first_strike" and s.zone.battle.rolls[-1].hits == 0


@pytest.mark.parametrize("ship", ["coast_defense_ship", "coastal_battleship", "battlecruiser", "escort_carrier"])
def test_not_a_capital_ship_sinks_at_the_first_hit(ship):
    # seed 000: COAST DEFENSE SHIP, COASTAL BATTLESHIP, BATTLECRUISER, ESCORT CARRIER "Not a
    # Capital Ship: This unit is not a capital ship. It requires only 1 hit to destroy." (G55)
    s = battle([("destroyer", 1)], [(ship, 1)], space="s2", dice=[1, 12])
    s = apply(s, RollDice())
    (uid,) = uids(s, "blue", ship)
    s = apply(s, Casualties((uid,)))
    assert RS.units[ship].hits == 1
    assert uid not in s.units or B.alive(s, [s.units[uid]]) == []   # sunk (removed with the round)


AIR_DEFENSE = [("airship", "m", True), ("light_bomber", "m", True), ("heavy_bomber", "m", True),
               ("torpedo_bomber", "m", False), ("dive_bomber", "m", False), ("armored_carrier", "s2", True)]


# seed 000: Air Defense of the airship, light bomber, heavy bomber, torpedo bomber, dive
# bomber, armored carrier: "This unit defends only against attack aircraft." (G37; "-"
# never rolls, G44)
@pytest.mark.parametrize("unit,space,rolls", AIR_DEFENSE)
def test_air_defense_rolls_only_against_attacking_aircraft(unit, space, rolls):
    ground = "destroyer" if space == "s2" else "infantry"
    s = battle([(ground, 1)], [(unit, 1)], space=space, dice=[12, 12, 12])
    s = apply(s, RollDice())
    assert all(t != unit for r in s.zone.battle.rolls for t, _n, _d in r.dice)
    s = battle([(ground, 1), ("fighter", 1)], [(unit, 1)], space=space, dice=[12, 12, 1, 1])
    s = apply(s, RollDice())
    if s.zone.battle.rolls[-1].side == "attacker":
        s = apply(s, RollDice())
    fired = [t for t, _n, _d in s.zone.battle.rolls[-1].dice]
    assert (unit in fired) == rolls
    if rolls:
        assert s.zone.battle.pools and s.zone.battle.pools[0].only_domains == ("air",)
