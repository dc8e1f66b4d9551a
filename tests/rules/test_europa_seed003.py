"""Seed 003 (shared/seeds/003_9be75b975a86110a.txt), section 15 "Special unit types &
abilities": one or more tests per part, 15 (combined types) and 15.A to 15.X, each citing
its section. The map of rules to abilities and the gaps are in
docs/seeds/003-extraction.md; readings in docs/interpretations.md#europa-seed-003."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hexkit import attacked, hexgame, settle, uid_of

from game.rules.actions import Attack, EndPhase, Flip, HexLosses, Move, apply
from game.rules.errors import IllegalAction
from game.rules.hex import (
    combat as hexcombat,
)
from game.rules.hex import (
    crt,
)
from game.rules.hex import (
    move as hexmove,
)
from game.rules.hex import (
    supply as hexsupply,
)
from game.rules.hex import (
    support as hexsupport,
)
from game.rules.hex import (
    units as hexunits,
)
from game.rules.ruleset import load_ruleset

RS = load_ruleset("europa")


def U(uid):
    return RS.units[uid]


def attackers(s, frm=("2,2",)):
    return tuple(u.uid for u in s.units.values() if u.owner == "red" and u.space in frm)


def reasons(pv):
    return [x.reason for x in pv.shifts if x.columns]


# --- 15 (combined unit types) ---------------------------------------------------------------


def test_combined_types_have_the_abilities_of_both():
    # seed 003: 15 "Certain units may be the combination of two different unit type symbols
    # and have the abilities of both" (mountain artillery: artillery and mountain)
    ma = U("mountain_artillery")
    assert ma.is_a("artillery") and ma.is_a("mountain")
    assert ma.has("artillery") and ma.has("terrain_movement")
    # combat engineer armour is armour and engineer (15.E.1)
    cea = U("combat_engineer_armour")
    assert cea.is_a("armour") and cea.is_a("engineer") and cea.has("aec") and cea.has("combat_engineer")


# --- 15.A air droppable ------------------------------------------------------------------------


def test_glider_drops_only_by_glider_parachute_by_either():
    # seed 003: 15.A.1 "A glider unit may only make an air drop if all of its transport are
    # gliders"; 15.A.2 "Parachute units may make an air drop using either gliders or transports"
    assert U("glider").ability("air_droppable").by == ("glider",)
    assert set(U("parachute").ability("air_droppable").by) == {"glider", "transport"}
    for t in ("glider", "parachute"):
        assert hexunits.assault_transportable(U(t)) and U(t).has("required_losses")


def test_airborne_hq_converts_in_the_initial_phase_when_supplied():
    # seed 003: 15.A.3 "During his initial movement phase, a player may freely convert an
    # unmoved HQ in full supply, between its parachute and airborne sides"
    s = hexgame([(0, 2, "red", "parachute_hq"), (1, 2, "red", "airborne_hq")], phase="initial",
                supply=[(0, 2)])
    u = uid_of(s, "0,2", "parachute_hq")
    s2 = apply(s, Flip(u))
    assert s2.units[u].type == "airborne_hq"
    assert apply(s2, Flip(u)).units[u].type == "parachute_hq"
    assert hexunits.air_droppable(U("parachute_hq")) and not hexunits.air_droppable(U("airborne_hq"))
    assert U("parachute_hq").re == 1 and not U("parachute_hq").has("heavy_equipment")
    s.phase_idx = s.ruleset.phases.index("movement")
    with pytest.raises(IllegalAction, match="initial phase"):
        apply(s, Flip(u))
    far = hexgame([(6, 4, "red", "parachute_hq")], phase="initial", supply=[(0, 0)])
    with pytest.raises(IllegalAction, match="full supply"):
        apply(far, Flip(uid_of(far, "6,4", "parachute_hq")))


# --- 15.B air transportable ----------------------------------------------------------------------


def test_air_transportable_types():
    # seed 003: 15.B "All air-droppable unit types are also air transportable. In addition,
    # all air landing, mountain, light, special forces ... are air transportable."
    for t in ("parachute", "glider", "air_landing", "mountain_infantry", "light_infantry", "commando"):
        assert hexunits.air_transportable(U(t)), t
    for t in ("armour_brigade", "field_artillery", "infantry_division", "army_hq"):
        assert not hexunits.air_transportable(U(t)), t


# --- 15.C anti-aircraft -------------------------------------------------------------------------


def test_position_aa_zero_strength_no_stacking_eliminated_instead_of_retreat():
    # seed 003: 15.C.2 a) "combat strength of 0", b) "When required to retreat, they are
    # eliminated instead", c) "the stacking limit does not affect them"
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "garrison_infantry"),
                 (3, 2, "blue", "position_aa_heavy", 3)], phase="combat", dice=(6,))
    aa = [u for u in s.units.values() if u.type == "position_aa_heavy"]
    assert all(crt.defense_strength(s, u) == 0 for u in aa)
    assert hexmove.stack_re(s, "3,2", "blue") == 1
    assert not hexmove.has_zoc(s, aa[0])
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 6 vs 2 = 3:1, roll 6 = DH
    assert s2.hexturn.last.result == "DH"
    assert not [u for u in s2.units.values() if u.type == "position_aa_heavy"]


def test_heavy_aa_has_atec_and_light_aa_does_not():
    # seed 003: 15.C.1.b "Heavy AA may have ATEC (Rule 10.C.3)"; 15.C.1.a light AA
    assert U("heavy_aa").has("atec") and U("heavy_aa").ability("aa").kind == "heavy"
    assert not U("light_aa").has("atec") and U("light_aa").ability("aa").kind == "light"


AIR = 'air_support:\n  red: {shift: 2, until_turn: 0, reason: "Air support"}\n'


def test_aa_in_the_defending_hex_stops_the_air_support_doubling():
    # seed 003: 15.C.1 "If at least 1 point of combat AA (after modifiers) is attacking or
    # defending per hex, enemy air units do not double their TBF"; 15.C.2.g "Two points of
    # position AA are needed"; the scenario's flat air support (+2) then gives half (+1)
    def air(*blue):
        s = hexgame([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")]
                    + [(3, 2, "blue", t, n) for t, n in blue], phase="combat", extra=AIR)
        return [(x.columns, x.reason) for x in crt.preview(s, "3,2", attackers(s)).shifts if "Air" in x.reason]
    assert air() == [(2, "Air support")]
    assert air(("light_aa", 1)) == [(1, "Air support, not doubled: AA in the defending hex (15.C.1)")]
    assert air(("position_aa_light", 1)) == [(2, "Air support")]
    assert [c for c, _ in air(("position_aa_light", 2))] == [1]
    assert any(n.ref == "E15C1" for n in RS.seed_notes)


# --- 15.D anti-tank -----------------------------------------------------------------------------


def test_anti_tank_cancels_the_attackers_armour_effect():
    # seed 003: 15.D "AT units have ATEC (Rule 10.C.3)"; 15.E armour AEC
    s = hexgame([(2, 2, "red", "armour_brigade"), (3, 2, "blue", "infantry_brigade")], phase="combat")
    assert "attacking armour (AEC, 15.E)" in reasons(crt.preview(s, "3,2", attackers(s)))
    s = hexgame([(2, 2, "red", "armour_brigade"), (3, 2, "blue", "infantry_brigade"),
                 (3, 2, "blue", "anti_tank_battalion")], phase="combat")
    pv = crt.preview(s, "3,2", attackers(s))
    assert not reasons(pv) and any("ATEC" in x.reason for x in pv.shifts)


# --- 15.E armour ---------------------------------------------------------------------------------


def test_armour_effects_need_a_seventh_of_the_attacking_res_and_open_terrain():
    # seed 003: 15.E "Armour units have AEC/ATEC values and combat die modifiers (Rule 10)"
    s = hexgame([(2, 2, "red", "light_tank"), (2, 2, "red", "infantry_division", 2),
                 (3, 2, "blue", "infantry_brigade")], phase="combat")
    assert not any("AEC" in r for r in reasons(crt.preview(s, "3,2", attackers(s))))  # 0.5 of 6.5 RE
    s = hexgame([(2, 2, "red", "armour_brigade"), (3, 2, "blue", "infantry_brigade")], phase="combat",
                terrain={(3, 2): "woods"})
    assert not any("AEC" in r for r in reasons(crt.preview(s, "3,2", attackers(s))))
    # defending armour against attackers without AEC/ATEC
    s = hexgame([(2, 2, "red", "infantry_brigade"), (3, 2, "blue", "armour_brigade")], phase="combat")
    assert any("defending armour" in r for r in reasons(crt.preview(s, "3,2", attackers(s))))


def test_combat_engineer_armour_counts_as_engineer_only_against_major_cities_and_forts():
    # seed 003: 15.E.1 "When attacking a major city, fortress, or fort, a combat engineer
    # armour unit is treated in all respects the same as a combat engineer unit"
    units = [(2, 2, "red", "combat_engineer_armour"), (2, 2, "red", "infantry_brigade"),
             (3, 2, "blue", "garrison_infantry")]
    s = hexgame(units, phase="combat", features={(3, 2): ["major_city"]})
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-2, 1] and pv.engineers
    s = hexgame(units, phase="combat", features={(3, 2): ["city"]})
    assert not crt.preview(s, "3,2", attackers(s)).engineers


def test_assault_engineer_tank_counts_as_assault_engineer():
    # seed 003: 15.E.2 "Assault engineer tank units are treated as assault engineers"
    assert U("assault_engineer_tank").has("assault_engineer")


def test_assault_guns_and_mech_infantry_have_aec_and_atec():
    # seed 003: 15.E.3 assault guns/tank destroyers (ATEC); 15.E.5 "Mechanized infantry units
    # have AEC and ATEC"
    for t in ("assault_gun", "mech_infantry"):
        assert U(t).has("aec") and U(t).has("atec") and U(t).is_a("armour")


def test_amphibious_tank_treats_major_rivers_as_minor():
    # seed 003: 15.E.4 1) "Treat lake and major river hexsides as minor river hexsides for
    # movement and combat purposes"
    s = hexgame([(0, 2, "red", "amphibious_tank"), (0, 3, "red", "armour_brigade")],
                sides=[((0, 2), (1, 2), "major_river"), ((0, 3), (1, 3), "major_river")])
    amph = s.units[uid_of(s, "0,2", "amphibious_tank")]
    arm = s.units[uid_of(s, "0,3", "armour_brigade")]
    assert hexmove.enter_cost(s, amph, "0,2", "1,2") == 2       # clear 1 + river 1
    assert hexmove.enter_cost(s, arm, "0,3", "1,3") == 3        # clear 1 + major river 2
    assert U("amphibious_tank").ability("amphibious").landing_table


def test_reconnaissance_and_heavy_armour():
    # seed 003: 15.E.6 reconnaissance "may examine enemy stacks by expending 3MPs" and +2 on
    # the retreat-before-combat success table; 15.E.7 heavy armour counts for heavy effects
    ab = U("light_tank").ability("recon_examine")
    assert (ab.mp, ab.retreat_bonus) == (3, 2)
    assert U("heavy_armour").has("atec") and U("heavy_armour").is_a("armour")


# --- 15.F artillery -------------------------------------------------------------------------------


def test_artillery_supports_a_planned_attack_per_re():
    # seed 003: 15.F "Each RE of artillery allows a +1 main combat die modifier if a
    # 'Planned Attack' is being made (Rule 11.K)"
    s = hexgame([(2, 2, "red", "infantry_brigade"), (2, 2, "red", "field_artillery"),
                 (3, 2, "blue", "infantry_brigade")], phase="combat")
    assert any("planned attack: 1 RE" in r for r in reasons(crt.preview(s, "3,2", attackers(s))))
    moved = s.units[uid_of(s, "2,2", "infantry_brigade")]
    s.units[moved.uid] = replace(moved, moved=1)
    pv = crt.preview(s, "3,2", attackers(s))
    assert not any("artillery" in r for r in reasons(pv)) and any("planned attack" in n for n in pv.notes)


def test_mortars_and_rockets():
    # seed 003: 15.F.2 mortar battalions "do not have heavy equipment"; 15.F.4 "Rocket
    # artillery count double their RE size when making a Planned Attack"
    assert not U("mortar").has("heavy_equipment")
    s = hexgame([(2, 2, "red", "infantry_brigade"), (2, 2, "red", "rocket_artillery"),
                 (3, 2, "blue", "infantry_brigade")], phase="combat")
    assert any("planned attack: 1 RE" in r for r in reasons(crt.preview(s, "3,2", attackers(s))))


def test_mountain_artillery_moves_as_infantry_in_mountains():
    # seed 003: 15.F.3 "In such terrain, the mountain artillery uses the 'Other' column"
    s = hexgame([(0, 2, "red", "mountain_artillery"), (0, 3, "red", "field_artillery")],
                terrain={(1, 2): "mountain", (1, 3): "mountain"})
    assert hexmove.enter_cost(s, s.units[uid_of(s, "0,2", "mountain_artillery")], "0,2", "1,2") == 3
    assert hexmove.enter_cost(s, s.units[uid_of(s, "0,3", "field_artillery")], "0,3", "1,3") == 4


def test_mountain_artillery_pays_artillery_costs_where_mountain_units_gain_nothing():
    # seed 003: 15.F.3 "Mountain artillery moves as artillery except in terrain where a mountain
    # unit would gain a benefit": in swamp the mountain column costs what infantry pays (2),
    # so no benefit: the artillery cost (3); in rough it gains (1 < 2): infantry's 2
    s = hexgame([(0, 2, "red", "mountain_artillery")], terrain={(1, 2): "swamp", (0, 3): "rough"})
    ma = s.units[uid_of(s, "0,2", "mountain_artillery")]
    assert hexmove.enter_cost(s, ma, "0,2", "1,2") == 3
    assert hexmove.enter_cost(s, ma, "0,2", "0,3") == 2


def test_mountain_artillery_counts_as_a_mountain_unit_for_the_attack_bonus():
    # seed 003: 15.M.7 "a mountain artillery unit would be classified as a mountain unit";
    # 15.M.7.a "When at least 1/7 of the REs attacking into rough ... are mountain units"
    s = hexgame([(2, 2, "red", "mountain_artillery"), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], terrain={(3, 2): "rough"}, phase="combat")
    pv = crt.preview(s, "3,2", attackers(s))
    assert "mountain troops (15.M.7.a)" in reasons(pv)   # 0.5 of 1.5 RE
    assert uid_of(s, "2,2", "mountain_artillery") in pv.used and U("mountain_artillery").has("required_losses")


def test_siege_artillery_doubled_against_fortresses_halved_elsewhere():
    # seed 003: 15.F.5 "attack strength ... doubled when attacking a fortress or major city,
    # ... normal against any other fort or city, and is halved against any other type of
    # terrain ... may only support other units when its attack factor is not halved"
    s = hexgame([(2, 2, "red", "siege_artillery"), (3, 2, "blue", "garrison_infantry")], phase="combat",
                features={(3, 2): ["fortress"]})
    u = s.units[uid_of(s, "2,2", "siege_artillery")]
    assert crt.attack_strength(s, u, "3,2") == 8
    s2 = hexgame([(2, 2, "red", "siege_artillery"), (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert crt.attack_strength(s2, s2.units[u.uid], "3,2") == 2
    assert not any("artillery" in r for r in reasons(crt.preview(s2, "3,2", (u.uid,))))


def test_siege_artillery_doubles_its_res_against_fortresses():
    # seed 003: 15.F.5 "Siege artillery has its attack strength and RE size doubled when
    # attacking a fortress or major city"; 15.F "Each RE of artillery allows a +1 main combat
    # die modifier if a Planned Attack is being made"
    s = hexgame([(2, 2, "red", "siege_artillery"), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", features={(3, 2): ["fortress"]})
    siege = s.units[uid_of(s, "2,2", "siege_artillery")]
    assert crt.attack_re(s, siege, "3,2") == 2
    pv = crt.preview(s, "3,2", attackers(s))
    assert any(x.columns == 2 and "planned attack: 2 RE" in x.reason for x in pv.shifts)


def test_other_artillery_is_halved_against_a_fortress_but_not_heavy_aa():
    # seed 003: 15.C.1.b "A heavy AA unit does not have its attack strength halved when
    # attacking a fortress (unlike all other non-siege artillery)"
    s = hexgame([(2, 2, "red", "field_artillery"), (2, 2, "red", "heavy_aa"), (2, 3, "red", "field_artillery"),
                 (3, 2, "blue", "garrison_infantry"), (3, 3, "blue", "garrison_infantry")],
                phase="combat", features={(3, 2): ["fortress"], (3, 3): ["fortified"]})
    art = s.units[uid_of(s, "2,2", "field_artillery")]
    assert crt.attack_strength(s, art, "3,2") == 1                        # 2, halved
    assert crt.attack_strength(s, s.units[uid_of(s, "2,2", "heavy_aa")], "3,2") == 2
    assert crt.attack_strength(s, s.units[uid_of(s, "2,3", "field_artillery")], "3,3") == 2


def test_artillery_gives_one_column_per_re_without_a_cap():
    # seed 003: 15.F "Each RE of artillery allows a +1 main combat die modifier if a 'Planned
    # Attack' is being made" (no maximum)
    s = hexgame([(2, 2, "red", "field_artillery", 3), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "infantry_division")], phase="combat")
    pv = crt.preview(s, "3,2", attackers(s))
    assert any(x.columns == 3 and "planned attack: 3 RE" in x.reason for x in pv.shifts)


# --- 15.G border guards -----------------------------------------------------------------------------


def test_border_guards_stay_near_home_and_self_support_the_first_turn():
    # seed 003: 15.G "classed as self-supporting on the turn that their country is initially
    # attacked"; "may not voluntarily move more than one district from any hex in their
    # home country"
    homes = {(q, r): "red" for q in range(2) for r in range(5)}
    s = hexgame([(1, 2, "red", "border_guard")], homes=homes)
    u = uid_of(s, "1,2", "border_guard")
    assert "2,2" in hexmove.reachable(s, (u,)) and "3,2" not in hexmove.reachable(s, (u,))
    with pytest.raises(IllegalAction, match="home country"):
        apply(s, Move((u,), ("2,2", "3,2")))
    assert hexsupport.self_supported(s, s.units[u], "1,2")
    s.round = 2
    assert not hexsupport.self_supported(s, s.units[u], "1,2")


def test_border_guards_beyond_their_area_may_not_attack():
    # seed 003: 15.G "If forced to retreat beyond this area, such a unit may not attack until
    # it is within one district of any hex of its home country"
    homes = {(q, r): "red" for q in range(2) for r in range(5)}
    s = hexgame([(3, 2, "red", "border_guard"), (2, 3, "red", "border_guard"), (3, 3, "blue", "garrison_infantry")],
                homes=homes, phase="combat")
    far, near = uid_of(s, "3,2", "border_guard"), uid_of(s, "2,3", "border_guard")
    assert "15.G" in hexcombat.attack_block(s, "3,3", [s.units[far]])
    with pytest.raises(IllegalAction, match="15.G"):
        apply(s, Attack("3,3", (far,)))
    assert [u.uid for u in hexcombat.attackers_for(s, "3,3")] == [near]
    assert not hexcombat.attack_block(s, "3,3", [s.units[near]])


# --- 15.H cavalry -------------------------------------------------------------------------------------


def test_cavalry_moves_well_in_woods_and_attacks_into_rough():
    # seed 003: 15.H "Cavalry units have movement advantages in certain types of terrain";
    # "attacking into rough, woods, wooded-rough or swamp hexes use the SPECIAL UNIT COMBAT
    # ABILITY TABLE" (here +1 column)
    s = hexgame([(0, 2, "red", "cavalry_brigade"), (2, 2, "red", "cavalry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], terrain={(1, 2): "woods", (3, 2): "rough"},
                phase="combat")
    assert hexmove.enter_cost(s, s.units[uid_of(s, "0,2", "cavalry_brigade")], "0,2", "1,2") == 1
    assert "cavalry (15.H)" in reasons(crt.preview(s, "3,2", attackers(s)))


def test_cavalry_is_half_neutral_for_armour_effects():
    # seed 003: 15.H "All Cavalry are 1/2 neutral for AECA calculations": half its REs leave the
    # armour proportion. 0.5 RE light tank + 4 cavalry (2 counted) = 1/5 armour: AEC; with
    # 4 infantry brigades instead (4 RE counted) 1/7 is missed
    s = hexgame([(2, 2, "red", "light_tank"), (2, 2, "red", "cavalry_brigade", 4),
                 (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert "attacking armour (AEC, 15.E)" in reasons(crt.preview(s, "3,2", attackers(s)))
    s = hexgame([(2, 2, "red", "light_tank"), (2, 2, "red", "infantry_brigade", 4),
                 (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert "attacking armour (AEC, 15.E)" not in reasons(crt.preview(s, "3,2", attackers(s)))
    # exactly at the edge: 0.5 armour of 0.5 + 6 cavalry counted as 3 = 1/7
    s = hexgame([(2, 2, "red", "light_tank"), (2, 2, "red", "cavalry_brigade", 6),
                 (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert "attacking armour (AEC, 15.E)" in reasons(crt.preview(s, "3,2", attackers(s)))


# --- 15.I depots -------------------------------------------------------------------------------------


def test_depots_are_supply_sources():
    # seed 003: 15.I "Both can be used to carry SPs and SRPs and to trace supply lines"
    s = hexgame([(5, 4, "red", "infantry_brigade"), (6, 2, "red", "minor_depot")])
    assert "5,4" in hexsupply.in_supply(s, "red")
    assert U("major_depot").re == 3 and U("major_depot").has("heavy_equipment")   # 15.I.1.c


# --- 15.J engineers -----------------------------------------------------------------------------------


def test_combat_engineers_reduce_city_and_fort_shifts_never_past_minus_one():
    # seed 003: 15.J.2.b "One attacking combat engineer unit reduces ... the main combat die
    # ... by one"; v) "Any kind of fort or major city may never have its ... modifiers reduced
    # to less than -1"
    s = hexgame([(2, 2, "red", "combat_engineer", 3), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", features={(3, 2): ["fortress"]})
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-3, 2] and len(pv.engineers) == 2


def test_assault_engineers_count_double_and_are_doubled():
    # seed 003: 15.J.1 b) "When attacking or defending a city, fortified zone, or fortress hex,
    # their combat strength is doubled ... and are counted as two engineers"
    s = hexgame([(2, 2, "red", "assault_engineer"), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", features={(3, 2): ["fortress"]})
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-3, 2]
    assert crt.attack_strength(s, s.units[uid_of(s, "2,2", "assault_engineer")], "3,2") == 2


def test_engineers_that_reduced_a_modifier_are_the_first_losses():
    # seed 003: 15.J.2.c "For each die roll modifier ... that is reduced, one combat engineer
    # is taken as required losses if losses are called for"
    s = hexgame([(2, 2, "red", "combat_engineer"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "infantry_brigade")], phase="combat", features={(3, 2): ["city"]},
                dice=(1,))
    eng = uid_of(s, "2,2", "combat_engineer")
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 7 vs 4, city -1 +1 engineer = 3:2; roll 1 = AH
    assert s2.hexturn.last.result == "AH"
    assert eng in s2.hexturn.last.lost


def test_construction_engineer_kinds():
    # seed 003: 15.J.4 construction engineers, 15.J.5 construction units, 15.J.9 port, 15.J.11 railroad
    kinds = {t: U(t).ability("construction_engineer").kind for t in
             ("construction_engineer", "construction_unit", "port_construction_engineer", "railroad_engineer")}
    assert kinds == {"construction_engineer": "construction", "construction_unit": "construction_unit",
                     "port_construction_engineer": "port", "railroad_engineer": "railroad"}


def test_minor_river_halves_the_strength_and_res_of_units_attacking_across_it():
    # seed 003: 15.J.2.b.vi "if two combat engineers were attacking a city across a minor
    # river, they would still modify the main combat die roll by one ... Their total combat
    # strengths and RE values would be halved." (no column shift for the river)
    s = hexgame([(2, 2, "red", "combat_engineer", 2), (3, 2, "blue", "garrison_infantry")], phase="combat",
                features={(3, 2): ["city"]}, sides=[((2, 2), (3, 2), "river")])
    engs = attackers(s)
    pv = crt.preview(s, "3,2", engs)
    assert pv.attack == 1 and [x.columns for x in pv.shifts] == [-1, 1]
    assert all(crt.attack_re(s, s.units[i], "3,2") == 0.25 for i in engs)
    # halved REs count in the 1/7 shares: 1 mountain RE across the river, 6 REs not
    s = hexgame([(2, 2, "red", "mountain_infantry"), (2, 3, "red", "infantry_division", 2),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", terrain={(3, 2): "rough"},
                sides=[((2, 2), (3, 2), "river")])
    pv = crt.preview(s, "3,2", attackers(s, ("2,2", "2,3")))
    assert pv.attack == 1.5 + 14 and not any("mountain" in r for r in reasons(pv))


def test_engineers_never_reduce_a_fortified_area_past_minus_one():
    # seed 003: 15.J.2.b.v "Any kind of fort or major city may never have its AEC and die roll
    # modifiers reduced to less than -1 each"
    s = hexgame([(2, 2, "red", "combat_engineer", 3), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", features={(3, 2): ["fortified"]})
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-2, 1] and len(pv.engineers) == 1


def test_combat_engineer_armour_counts_against_a_fortified_area():
    # seed 003: 15.E.1 "When attacking a major city, fortress, or fort, a combat engineer
    # armour unit is treated in all respects the same as a combat engineer unit"
    s = hexgame([(2, 2, "red", "combat_engineer_armour"), (2, 2, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", features={(3, 2): ["fortified"]})
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-2, 1] and pv.engineers == (uid_of(s, "2,2", "combat_engineer_armour"),)


# --- 15.K fortress units ----------------------------------------------------------------------------


def test_fortress_units_that_advance_get_a_plus_one_mp_marker():
    # seed 003: 15.K "Fortress units that advance after combat ... get an extra '+1 MP' marker
    # placed on them": one more MP in their next movement phase, then the marker goes
    from game.rules.actions import Advance, EndPhase
    from game.rules.model import Unit
    s = hexgame([(2, 2, "red", "fortress_unit", 3), (2, 2, "red", "infantry_brigade", 2),
                 (2, 2, "red", "field_artillery"), (3, 2, "blue", "garrison_infantry")], phase="combat", dice=(6,))
    s2 = attacked(s, Attack("3,2", attackers(s)))    # 11 vs 2 = 5:1 (+1 artillery), roll 6 = DE
    assert s2.hexturn.last.result == "DE"
    fort = uid_of(s2, "2,2", "fortress_unit")
    inf = uid_of(s2, "2,2", "infantry_brigade")
    s3 = apply(s2, Advance((fort, inf), "3,2"))
    assert s3.units[fort].extra_mp == 1 and s3.units[inf].extra_mp == 0
    assert Unit.from_json(s3.units[fort].to_json()) == s3.units[fort]   # saved with the unit
    s3.phase_idx = s3.ruleset.phases.index("movement")
    assert hexmove.movement_allowance(s3, s3.units[fort]) == 3 and hexmove.movement_allowance(s3, s3.units[inf]) == 4
    s4 = apply(s3, EndPhase())
    assert s4.units[fort].extra_mp == 0


def test_fortress_units_doubled_in_fortresses():
    # seed 003: 15.K "Some country's fortress units have their defence strength doubled in
    # fortresses"
    s = hexgame([(3, 2, "blue", "fortress_unit"), (3, 3, "blue", "fortress_unit")],
                features={(3, 2): ["fortress"]})
    assert crt.defense_strength(s, s.units[uid_of(s, "3,2", "fortress_unit")]) == 6
    assert crt.defense_strength(s, s.units[uid_of(s, "3,3", "fortress_unit")]) == 3


def _resolved(s, target, uids, code):
    """Apply CRT result `code` to this attack (the roll does not matter)."""
    hexcombat.apply_result(s, crt.preview(s, target, uids), 1, code)
    return s


def test_defending_machine_guns_and_fortress_units_are_required_losses():
    # seed 003: 15.K "FORTRESS UNITS (RL)", 15.M.5 "MACHINE GUN (RL)"; 15 "Units are subject
    # to required losses (Rule 11.O) if they use their special abilities in combat": doubled
    # on the defence, they are lost before the other defenders
    s = hexgame([(2, 2, "red", "infantry_division", 3), (3, 2, "blue", "fortress_unit"),
                 (3, 2, "blue", "machine_gun"), (3, 2, "blue", "garrison_infantry")],
                phase="combat", features={(3, 2): ["fortress"]})
    fort = uid_of(s, "3,2", "fortress_unit")
    mg = uid_of(s, "3,2", "machine_gun")
    gar = uid_of(s, "3,2", "garrison_infantry")
    assert set(crt.preview(s, "3,2", attackers(s)).defender_used) == {fort, mg}
    s = _resolved(s, "3,2", attackers(s), "DH")          # 6 + 4 + 2: lose 6
    ch = hexcombat.loss_choice(s)
    assert ch.side == "defender" and set(ch.required) == {fort, mg}
    assert "Required losses first" in hexcombat.loss_block(s, (gar, mg))
    assert hexcombat.loss_block(s, (fort,)) == ""
    assert tuple(ch.default) == (fort,)


def test_siege_artillery_need_not_take_required_losses():
    # seed 003: 15.F.5 "A siege artillery unit also counts as a combat engineer when attacking
    # a fortress or major city but need not take required losses"
    s = hexgame([(2, 2, "red", "siege_artillery"), (2, 2, "red", "combat_engineer"),
                 (2, 2, "red", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")],
                phase="combat", features={(3, 2): ["fortress"]})
    siege = uid_of(s, "2,2", "siege_artillery")
    eng = uid_of(s, "2,2", "combat_engineer")
    pv = crt.preview(s, "3,2", attackers(s))
    assert [x.columns for x in pv.shifts][:2] == [-3, 2]      # both count as engineers
    assert pv.engineers == (eng,)                              # one modifier each: the siege's is free
    s = _resolved(s, "3,2", attackers(s), "AH")
    ch = hexcombat.loss_choice(s)
    assert ch.side == "attacker" and siege not in ch.required and eng in ch.required


# --- 15.L headquarters --------------------------------------------------------------------------------


def test_hqs_have_no_zoc_heavy_equipment_and_no_armour_effects():
    # seed 003: 15.L "An HQ unit has heavy equipment, and does not have a ZOC ... HQs have no
    # AEC or ATEC abilities"; 15.L.1 army HQs are part of supply lines
    for t in ("army_hq", "divisional_hq"):
        assert U(t).has("no_zoc") and U(t).has("heavy_equipment") and not U(t).has("aec")
    s = hexgame([(5, 4, "red", "infantry_brigade"), (6, 1, "red", "army_hq"), (6, 0, "red", "major_depot")],
                features={(6, 0): ["city"]})
    assert "5,4" in hexsupply.in_supply(s, "red")


def test_an_army_hq_supplies_only_when_attached_to_a_major_depot():
    # seed 003: 15.L.1 "Army HQs must be attached to a major depot to be used as part of a
    # regular supply line": alone, or with its depot cut off by an enemy ZOC, it supplies
    # nobody; a supply hex (a capital, 15.I.1.a) within range acts as the major depot
    base = [(5, 4, "red", "infantry_brigade"), (6, 1, "red", "army_hq")]
    assert "5,4" not in hexsupply.in_supply(hexgame(base), "red")
    assert "5,4" in hexsupply.in_supply(hexgame(base, supply=[(0, 1)]), "red")       # 6 hexes away
    s = hexgame(base + [(6, 0, "red", "major_depot")], features={(6, 0): ["city"]})
    assert "5,4" in hexsupply.in_supply(s, "red")
    # a depot at the edge, its only line blocked by an enemy ZOC: not attached
    s = hexgame(base + [(0, 0, "red", "major_depot"), (2, 1, "blue", "infantry_brigade"),
                        (2, 0, "blue", "infantry_brigade")], features={(0, 0): ["city"]},
                terrain={(0, 1): "sea", (1, 1): "sea", (0, 2): "sea", (1, 2): "sea"})
    assert "6,1" not in hexsupply.in_supply(s, "red") and "5,4" not in hexsupply.in_supply(s, "red")


def test_a_major_depot_operates_only_in_a_city():
    # seed 003: 15.I.1 "A major depot may only be operational in a city (not a town) hex"
    base = [(5, 4, "red", "infantry_brigade"), (6, 2, "red", "major_depot")]
    assert "5,4" not in hexsupply.in_supply(hexgame(base), "red")
    assert "5,4" in hexsupply.in_supply(hexgame(base, features={(6, 2): ["city"]}), "red")
    assert "5,4" in hexsupply.in_supply(hexgame(base, features={(6, 2): ["major_city"]}), "red")


def _source_hexes(s, player="red"):
    zoc = hexmove.zoc_hexes(s, player)
    enemy, friend = hexmove.occupied(s, player)
    return {h for h, _ in hexsupply._sources(s, player, zoc, enemy, friend)}


def test_a_command_hq_attaches_only_to_a_command_depot_one_per_depot():
    # seed 003: 15.L.1.b command HQs "act in all ways as an army HQ" except iv) "A maximum of
    # one command HQ may be attached to a command depot; no army HQs may be attached";
    # 15.I.1.b iii) likewise; ii) "The maximum supply range of a command HQ is 5 hexes"
    assert U("command_hq").ability("supply_source").range <= 5 and U("command_hq").re == 0.5
    assert U("command_depot").re == 1
    city = {(6, 0): ["city"]}
    s = hexgame([(1, 4, "red", "command_hq"), (6, 0, "red", "command_depot")], features=city)
    assert _source_hexes(s) == {"6,0", "1,4"}
    s = hexgame([(1, 4, "red", "command_hq"), (6, 0, "red", "major_depot")], features=city)
    assert _source_hexes(s) == {"6,0"}                        # a command HQ needs a command depot
    s = hexgame([(1, 4, "red", "army_hq"), (6, 0, "red", "command_depot")], features=city)
    assert _source_hexes(s) == {"6,0"}                        # no army HQ on a command depot
    s = hexgame([(6, 3, "red", "command_hq"), (1, 4, "red", "command_hq"), (6, 0, "red", "command_depot")],
                features=city)
    assert _source_hexes(s) == {"6,0", "6,3"}                 # one HQ per command depot


def test_wagons_are_cm():
    # seed 003: 15.W "A supply unit is a 0-strength c/m unit; trucks are 0-8's and wagons are 0-4's"
    s = hexgame([(0, 2, "red", "wagon")])
    assert hexmove.is_cm(s, U("wagon")) and hexmove.is_cm(s, U("truck"))
    s.phase_idx = s.ruleset.phases.index("exploitation")
    assert hexmove.movement_allowance(s, s.units[uid_of(s, "0,2", "wagon")]) == 2


# --- 15.M infantry --------------------------------------------------------------------------------------


def test_light_infantry_moves_and_attacks_well_in_rough_and_woods():
    # seed 003: 15.M.4 "movement advantages in certain types of terrain"; "attacking in wooded
    # rough and rough use the SPECIAL UNIT COMBAT ABILITY TABLE"
    s = hexgame([(0, 2, "red", "light_infantry"), (2, 2, "red", "light_infantry"),
                 (3, 2, "blue", "garrison_infantry")], terrain={(1, 2): "woods", (3, 2): "rough"},
                phase="combat")
    assert hexmove.enter_cost(s, s.units[uid_of(s, "0,2", "light_infantry")], "0,2", "1,2") == 1
    assert "light infantry (15.M.4)" in reasons(crt.preview(s, "3,2", attackers(s)))
    for t in ("parachute", "glider", "ski", "commando", "mountain_infantry", "parachute_infantry"):
        assert hexunits.is_light_infantry(U(t)), t


@pytest.mark.parametrize("terrain,bonus", [("rough", True), ("wooded_rough", True), ("woods", False)])
@pytest.mark.parametrize("utype", ["light_infantry", "parachute", "parachute_infantry", "glider", "ski"])
def test_light_infantry_bonus_is_for_rough_and_wooded_rough_only(utype, terrain, bonus):
    # seed 003: 15.M.4 "Light infantry units attacking in wooded rough and rough use the SPECIAL
    # UNIT COMBAT ABILITY TABLE" (not plain woods); "parachute, para-infantry, glider ... ski"
    # units are light infantry
    s = hexgame([(2, 2, "red", utype), (3, 2, "blue", "garrison_infantry")], terrain={(3, 2): terrain},
                phase="combat")
    assert ("light infantry (15.M.4)" in reasons(crt.preview(s, "3,2", attackers(s)))) is bonus


def test_mountain_bonus_needs_a_seventh_of_the_res():
    # seed 003: 15.M.7.a "When at least 1/7 of the REs attacking into rough, wooded rough,
    # mountain or ravine terrain are mountain units, the combat resolution die roll is modified"
    base = [(3, 2, "blue", "garrison_infantry")]
    s = hexgame(base + [(2, 2, "red", "mountain_infantry"), (2, 2, "red", "infantry_division")],
                terrain={(3, 2): "mountain"}, phase="combat")
    assert "mountain troops (15.M.7.a)" in reasons(crt.preview(s, "3,2", attackers(s)))   # 1 of 4 RE
    s = hexgame(base + [(2, 2, "red", "high_mountain"), (2, 2, "red", "infantry_division", 2),
                        (2, 3, "red", "infantry_division")], terrain={(3, 2): "mountain"}, phase="combat")
    assert not any("mountain troops" in r for r in reasons(crt.preview(s, "3,2", attackers(s, ("2,2", "2,3")))))


def test_machine_guns_doubled_in_fortifications():
    # seed 003: 15.M.5 "Machine gun units have their defence strengths doubled in
    # fortifications or entrenchments"
    s = hexgame([(3, 2, "blue", "machine_gun")], features={(3, 2): ["fortified"]})
    assert crt.defense_strength(s, s.units[uid_of(s, "3,2", "machine_gun")]) == 4


def test_other_infantry_types():
    # seed 003: 15.M.1 alarm units are infantry; 15.M.2 air landing units may be assault
    # transported to an enemy airfield; 15.M.3 commandos air drop like parachute infantry;
    # 15.M.6 marines are not halved after naval transport (amphibious); 15.M.7.b high
    # mountain units; 15.M.8 naval troops are winterized; 15.M.9 parachute infantry;
    # 15.M.10 ski units
    assert U("alarm").is_a("infantry")
    assert U("air_landing").ability("assault_transportable").to_enemy_airfield
    assert U("commando").ability("air_droppable").penalty
    assert U("marine").has("amphibious")
    assert U("high_mountain").is_a("mountain") and U("high_mountain").has("required_losses")
    assert U("naval_troops").has("winterized")
    assert U("parachute_infantry").ability("air_droppable").penalty
    assert U("ski").has("winterized") and U("ski").is_a("light")


# --- 15.N mixed -----------------------------------------------------------------------------------------


def test_mixed_units_pay_cm_costs_but_are_not_cm():
    # seed 003: 15.N "Mixed units are non-c/m, but use the c/m movement costs when moving ...
    # treat a mixed unit's REs as follows: 1/3 as armour"
    s = hexgame([(0, 2, "red", "mixed")], terrain={(1, 2): "mountain"})
    u = s.units[uid_of(s, "0,2", "mixed")]
    assert hexmove.enter_cost(s, u, "0,2", "1,2") == 6
    assert not hexmove.is_cm(s, U("mixed"))
    assert U("mixed").ability("aec").share == 1 / 3


def test_mixed_units_pay_cm_zoc_costs():
    # seed 003: 15.N mixed units "use the c/m movement costs when moving": entering an enemy
    # ZOC costs the c/m +2, not the infantry +1
    s = hexgame([(1, 2, "red", "mixed"), (1, 3, "red", "infantry_brigade"), (3, 2, "blue", "infantry_brigade")])
    mixed = s.units[uid_of(s, "1,2", "mixed")]
    assert hexmove.move_cost(s, mixed, "1,2", "2,2") == 3
    assert hexmove.move_cost(s, s.units[uid_of(s, "1,3", "infantry_brigade")], "1,3", "2,3") == 2
    s.units[mixed.uid] = replace(mixed, moved=4)      # 2 MPs left: the ZOC hex is out of reach
    assert "2,2" not in hexmove.reachable(s, (mixed.uid,)) and "1,1" in hexmove.reachable(s, (mixed.uid,))


def test_mixed_units_are_exactly_a_third_armour():
    # seed 003: 15.N "treat a mixed unit's REs as follows: 1/3 as armour, 2/3 as infantry".
    # 3 mixed (1 armour RE) with 4 infantry REs: exactly 1/7 armour, the AEC threshold
    s = hexgame([(2, 2, "red", "mixed", 3), (2, 3, "red", "infantry_brigade", 4),
                 (3, 2, "blue", "infantry_division")], phase="combat")
    assert crt._armour_share(s, list(s.units[i] for i in attackers(s, ("2,2", "2,3"))), "attack", "3,2") \
        == pytest.approx(1 / 7, abs=1e-12)
    assert "attacking armour (AEC, 15.E)" in reasons(crt.preview(s, "3,2", attackers(s, ("2,2", "2,3"))))


# --- 15.O movement counters -------------------------------------------------------------------------


def test_movement_counters_ignore_stacking_and_have_no_strength():
    # seed 003: 15.O "It does not count against the stacking limit"; 15.O.1 "During combat,
    # a transport counter is a 0-strength unit"; 15.O.2 LVTs are amphibious
    for t in ("transport_counter", "lvt", "apc"):
        assert U(t).has("no_stacking") and U(t).attack == 0 and U(t).has("movement_counter")
    assert U("transport_counter").ability("movement_counter").capacity == 3
    assert U("lvt").has("amphibious") and U("lvt").has("hexside_as")


# --- 15.P partisans, 15.Q police, 15.T security ----------------------------------------------------------


def test_partisans_section_is_empty_and_police_have_anti_partisan_zocs():
    # seed 003: 15.P PARTISAN UNITS has no text; 15.Q "All police units have anti-partisan
    # ZOCs"; 15.T "Security units have anti-partisan ZOCs"
    assert not [u for u in RS.units if "partisan" in u and u != "anti_partisan"]
    assert any(n.ref == "E15P" for n in RS.seed_notes)
    assert U("police_regiment").has("anti_partisan") and U("security").has("anti_partisan")


# --- 15.R political police ---------------------------------------------------------------------------------


def test_political_police_turn_a_retreat_into_an_exchange():
    # seed 003: 15.R "a combat result of DR becomes an exchange (1X1) for units defending in
    # a hex containing a political police unit"; stacked units "ignore retreats"
    s = hexgame([(2, 2, "red", "infantry_brigade", 3), (3, 2, "blue", "infantry_brigade"),
                 (3, 2, "blue", "political_police")], phase="combat", dice=(5,))
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 9 vs 6 = 3:2, roll 5 = DR -> exchange
    assert s2.hexturn.last.result == "DR"
    assert not hexmove.enemies_at(s2, "3,2", "red")
    assert len([u for u in s2.units.values() if u.owner == "red"]) == 1     # lost >= 6 of 9
    assert not s2.hexturn.last.retreated


def test_political_police_defender_half_loss_then_exchange_on_the_remainder():
    # seed 003: 15.R "If a combat result calls for a partial loss of the defender followed by a
    # retreat, the initial required losses (Rule 11.O) are taken and an exchange result is
    # applied to the remainder. If cadres result, they are not forced to retreat." (Example 3:
    # "The attacker would also suffer the exchange result.")
    s = hexgame([(2, 2, "red", "infantry_division", 3), (2, 3, "red", "infantry_division", 3),
                 (3, 2, "blue", "infantry_division"), (3, 2, "blue", "infantry_brigade", 2),
                 (3, 2, "blue", "political_police")], phase="combat", dice=(6,))
    div = uid_of(s, "3,2", "infantry_division")
    pol = uid_of(s, "3,2", "political_police")
    brigades = tuple(u.uid for u in s.units.values() if u.type == "infantry_brigade")
    red = attackers(s, ("2,2", "2,3"))
    s2 = apply(s, Attack("3,2", red))        # 42 vs 18 = 2:1, roll 6 = DH
    assert s2.hexturn.last.result == "DH"
    assert hexcombat.loss_choice(s2).need == 9
    s3 = settle(apply(s2, HexLosses(brigades + (pol,))))   # the half: 4 + 4 + 2 of 18
    # the remainder (the division) takes the exchange: reduced to its cadre, which stays
    assert s3.units[div].damage == 1 and s3.units[div].space == "3,2"
    assert not s3.hexturn.last.retreated
    red_left = sum(crt.attack_strength(s3, s3.units[i], "3,2") for i in red if i in s3.units)
    assert 42 - red_left >= 5                  # the attacker's exchange: the division's 8 - 3


def test_political_police_no_retreat_follows_the_attacking_units_stacked_with_them():
    # seed 003: 15.R "all units which start the combat phase stacked in a hex with a political
    # police unit ignore retreats arising from any combat result except DE": attacking too,
    # and only those units
    s = hexgame([(2, 2, "red", "political_police"), (2, 2, "red", "infantry_brigade"),
                 (2, 3, "red", "infantry_brigade"), (3, 2, "blue", "infantry_division"),
                 (3, 2, "blue", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")],
                phase="combat", dice=(4,))
    s2 = attacked(s, Attack("3,2", attackers(s, ("2,2", "2,3"))))   # 7 vs 14 = 1:2, roll 4 = AR
    assert s2.hexturn.last.result == "AR"
    assert s2.units[uid_of(s, "2,2", "infantry_brigade")].space == "2,2"
    assert s2.units[uid_of(s, "2,2", "political_police")].space == "2,2"
    assert s2.units[uid_of(s, "2,3", "infantry_brigade")].space != "2,3"


def test_political_police_no_retreat_stays_when_the_police_is_gone():
    # seed 003: 15.R units that "start the combat phase stacked" with political police ignore
    # retreats; Example 2: "the survivors do not retreat from the hex even if the political
    # police unit was taken as a casualty"
    s = hexgame([(2, 2, "red", "infantry_brigade", 3), (3, 2, "blue", "infantry_brigade"),
                 (3, 2, "blue", "political_police")], phase="movement", dice=(4,))
    s = apply(s, EndPhase())                                        # the combat phase starts
    brigade = uid_of(s, "3,2", "infantry_brigade")
    del s.units[uid_of(s, "3,2", "political_police")]               # lost earlier in the phase
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 9 vs 4 = 2:1, roll 4 = DR
    assert s2.hexturn.last.result == "DR"
    assert s2.units[brigade].space == "3,2"


def test_defender_eliminated_leaves_a_division_cadre_that_retreats():
    # seed 003: 15.R Example 1 "The combat result is DE, which eliminates the regiment and
    # reduces the division to cadre. Since the result is DE, the 'no retreat' ability cannot
    # be used and the cadre must retreat."
    s = hexgame([(2, 2, "red", "infantry_division", 3), (2, 3, "red", "infantry_division", 3),
                 (3, 2, "blue", "infantry_division"), (3, 2, "blue", "political_police")],
                phase="combat", dice=(6,))
    div = uid_of(s, "3,2", "infantry_division")
    pol = uid_of(s, "3,2", "political_police")
    s2 = attacked(s, Attack("3,2", attackers(s, ("2,2", "2,3"))))   # 42 vs 10 = 4:1, roll 6 = DE
    assert s2.hexturn.last.result == "DE"
    assert pol not in s2.units
    assert s2.units[div].damage == 1 and s2.units[div].space != "3,2"


def test_exchange_leaves_the_cadre_and_position_aa_in_the_hex():
    # seed 003: 15.C.2.b "if an NKVD unit changes a combat result of defender retreat (DR) to
    # an exchange (X1), and a 2-6 cadre is left in the hex with 6 points of positional AA, none
    # of the units would be required to retreat"
    s = hexgame([(2, 2, "red", "infantry_division", 3), (3, 2, "blue", "infantry_division"),
                 (3, 2, "blue", "political_police"), (3, 2, "blue", "position_aa_heavy")],
                phase="combat", dice=(4,))
    div = uid_of(s, "3,2", "infantry_division")
    aa = uid_of(s, "3,2", "position_aa_heavy")
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 21 vs 10 = 2:1, roll 4 = DR -> exchange
    assert s2.hexturn.last.result == "DR"
    assert uid_of(s, "3,2", "political_police") not in s2.units
    assert s2.units[div].damage == 1 and s2.units[div].space == "3,2"
    assert s2.units[aa].space == "3,2"
    assert not s2.hexturn.last.retreated


# --- 15.S reserves -----------------------------------------------------------------------------------------


def test_reserves_stay_within_two_hexes_of_home():
    # seed 003: 15.S "Reserve units may not voluntarily move more than two hexes from any hex
    # in their home country"
    homes = {(0, r): "red" for r in range(5)}
    s = hexgame([(0, 2, "red", "reserve")], homes=homes)
    reach = hexmove.reachable(s, (uid_of(s, "0,2", "reserve"),))
    assert "2,2" in reach and "3,2" not in reach


# --- 15.T security -------------------------------------------------------------------------------------


def test_security_units_have_anti_partisan_zocs_and_a_normal_zoc():
    # seed 003: 15.T "Security units have anti-partisan ZOCs. They count as fully supported
    # units (Rule 9.A) when attacking partisans."
    assert U("security").has("anti_partisan") and U("security").is_a("police")
    s = hexgame([(3, 2, "blue", "security")])
    assert "2,2" in hexmove.zoc_hexes(s, "red")


# --- 15.U static units -----------------------------------------------------------------------------------


def test_static_units_pay_double_zoc_costs():
    # seed 003: 15.U "Any static or coastal unit that advances must expend double the normal
    # MP cost for enemy ZOCs in all cases"
    s = hexgame([(1, 2, "red", "static_infantry"), (1, 3, "red", "infantry_brigade"),
                 (3, 2, "blue", "infantry_brigade")])
    st_u = s.units[uid_of(s, "1,2", "static_infantry")]
    inf = s.units[uid_of(s, "1,3", "infantry_brigade")]
    assert hexmove.move_cost(s, st_u, "1,2", "2,2") == 3
    assert hexmove.move_cost(s, inf, "1,3", "2,3") == 2


# --- 15.V supply movement points, 15.W supply units ---------------------------------------------------


def test_supply_units_convert_to_smps_per_the_table():
    # seed 003: 15.V.2 conversion table: Truck 36 SMPs, Wagon 18 SMPs
    assert U("truck").ability("supply_movement_points").smp == 36
    assert U("wagon").ability("supply_movement_points").smp == 18
    assert any(n.ref == "E15V" for n in RS.seed_notes)


def test_supply_units_no_zoc_no_stacking_retreat_instead_of_loss():
    # seed 003: 15.W "A supply unit is a 0-strength c/m unit; trucks are 0-8's and wagons are
    # 0-4's. It does not count against stacking and does not have a ZOC. It is only eliminated
    # in combat if it has no retreat route available. ... a 4 RE c/m unit"
    t = U("truck")
    assert (t.attack, t.move, t.re) == (0, 8, 4) and (U("wagon").attack, U("wagon").move) == (0, 4)
    s = hexgame([(2, 2, "red", "armour_brigade", 2), (3, 2, "blue", "garrison_infantry"),
                 (3, 2, "blue", "truck")], phase="combat", dice=(4,))
    truck = uid_of(s, "3,2", "truck")
    assert hexmove.stack_re(s, "3,2", "blue") == 1 and not hexmove.has_zoc(s, s.units[truck])
    s2 = attacked(s, Attack("3,2", attackers(s)))   # 6:1, roll 4 = DE
    assert s2.hexturn.last.result == "DE" and truck in s2.units and s2.units[truck].space != "3,2"
    assert "5,4" in hexsupply.in_supply(hexgame([(5, 4, "red", "truck")]), "red")


# --- 15.X intrinsic abilities ------------------------------------------------------------------------------


def test_intrinsic_air_abilities_and_amphibious():
    # seed 003: 15.X.1 air droppable (glider, parachute); 15.X.2 assault transportable (glider,
    # parachute, parachute infantry, air landing, commando, mountain); 15.X.3 "All units
    # without heavy equipment may be air transported"; 15.X.4 amphibious
    assert {t for t in RS.units if hexunits.air_droppable(U(t))} >= {"glider", "parachute"}
    for t in ("glider", "parachute", "parachute_infantry", "air_landing", "commando", "mountain_infantry"):
        assert hexunits.assault_transportable(U(t)), t
    assert hexunits.air_transportable(U("garrison_infantry"))
    assert U("marine").has("amphibious")


def test_motorized_infantry_may_dismount_into_rough_but_loses_aec():
    # seed 003: 15.X.5 "Motorized infantry may dismount for combat and attack at full strength
    # into terrain that would normally halve c/m units. It is no longer classed as AEC neutral"
    s = hexgame([(2, 2, "red", "motorized_infantry"), (2, 3, "red", "armour_brigade"),
                 (3, 2, "blue", "garrison_infantry")], terrain={(3, 2): "rough"}, phase="combat")
    mot = s.units[uid_of(s, "2,2", "motorized_infantry")]
    arm = s.units[uid_of(s, "2,3", "armour_brigade")]
    assert crt.attack_strength(s, mot, "3,2") == 3 and crt.attack_strength(s, arm, "3,2") == 2.5
    assert hexmove.is_cm(s, U("motorized_infantry"))


def test_training_winterized_and_woodsmanship():
    # seed 003: 15.X.6 training units; 15.X.7 winterization; 15.X.8 "When at least 1/7 of the
    # REs attacking into wooded terrain have the woodsmanship ability, the main combat die
    # roll is modified"
    assert U("training").has("training") and U("naval_troops").has("winterized")
    s = hexgame([(2, 2, "red", "woodsman_infantry"), (3, 2, "blue", "garrison_infantry")],
                terrain={(3, 2): "woods"}, phase="combat")
    assert "woodsmanship (15.X.8)" in reasons(crt.preview(s, "3,2", attackers(s)))


def test_required_losses_units_that_used_an_ability_go_first():
    # seed 003: 15 "Units are subject to required losses (Rule 11.O) if they use their special
    # abilities in combat"; 15.M.7 mountain units are (RL)
    s = hexgame([(2, 2, "red", "mountain_infantry"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")],
                terrain={(3, 2): "rough"}, phase="combat", dice=(1,))
    mtn = uid_of(s, "2,2", "mountain_infantry")
    pv = crt.preview(s, "3,2", attackers(s))
    assert mtn in pv.used
    s2 = attacked(s, Attack("3,2", attackers(s)))
    assert s2.hexturn.last.result in ("AH", "AE") and mtn in s2.hexturn.last.lost


def test_exploitation_is_for_cm_units():
    # seed 003 assumes the Europa turn: exploitation for motorized and armour units (15.X.5)
    s = hexgame([(0, 2, "red", "motorized_infantry"), (0, 3, "red", "mixed")], phase="combat")
    s = apply(s, EndPhase())
    assert hexmove.movement_allowance(s, s.units[uid_of(s, "0,2", "motorized_infantry")]) == 4
    assert hexmove.movement_allowance(s, s.units[uid_of(s, "0,3", "mixed")]) == 0
    assert hexcombat.attack_targets(s) == []


# --- 9.A combat support (cited by 15.A.3, 15.F, 15.G, 15.H, 15.J, 15.L.2) ------------------------------


def test_unsupported_units_attack_at_half_strength_unless_supported():
    # seed 003: 15.F "Artillery units provide support to other units (Rule 9.A)"; 15.L.2 "A
    # divisional HQ unit may be used to support (Rule 9.A) other units"; 15.Q "an unsupported
    # police brigade": 9.A in a conventional version, an unsupported unit attacks at half
    base = [(2, 2, "red", "parachute", 2), (3, 2, "blue", "garrison_infantry")]
    s = hexgame(base, phase="combat")
    pv = crt.preview(s, "3,2", attackers(s))
    assert pv.attack == 3 and any("unsupported (9.A" in n for n in pv.notes)
    s = hexgame(base + [(2, 2, "red", "field_artillery")], phase="combat")       # artillery in the attack
    assert crt.preview(s, "3,2", attackers(s)).attack == 8
    s = hexgame(base + [(1, 2, "red", "divisional_hq")], phase="combat")        # an HQ within one hex
    assert crt.preview(s, "3,2", attackers(s)).attack == 6
    s = hexgame(base + [(0, 2, "red", "divisional_hq")], phase="combat")        # two hexes away: no
    assert crt.preview(s, "3,2", attackers(s)).attack == 3
    # the battle uses the same strengths as the odds (AH: the attacker's losses are asked)
    s = hexgame(base + [(2, 3, "red", "parachute")], phase="combat", dice=(1,))
    uids = attackers(s, ("2,2", "2,3"))
    pv = crt.preview(s, "3,2", uids)
    s2 = apply(s, Attack("3,2", uids))
    p = s2.hexturn.pending
    assert s2.hexturn.last.attack == pv.attack == 4.5
    assert sum(v for u, v in p.values if u in uids) == pytest.approx(pv.attack)


def test_the_parachute_hq_supports_unless_dispersed():
    # seed 003: 15.A.3 a) the parachute HQ "is marked with the self-supported dot ... It cannot
    # provide support (Rule 9.A) at all if dispersed" (disrupted by its drop)
    s = hexgame([(2, 2, "red", "parachute", 2), (2, 2, "red", "parachute_hq"), (3, 2, "blue", "garrison_infantry")],
                phase="combat")
    hq = uid_of(s, "2,2", "parachute_hq")
    paras = tuple(u for u in attackers(s) if u != hq)
    assert crt.preview(s, "3,2", paras).attack == 6
    s.hexturn = replace(s.hexturn, disrupted=(hq,))
    assert crt.preview(s, "3,2", paras).attack == 3
    assert hexsupport.defense_supported(s, s.units[hq])   # self-supported itself


def test_self_supporting_engineers_border_guards_and_siege_artillery():
    # seed 003: 15.J.2.a "A combat engineer is considered self-supporting when attacking into or
    # defending a city (not town) or fortification"; 15.G border guards "self-supporting on the
    # turn that their country is initially attacked" (the scenario's first turn); 15.F.5 siege
    # artillery "may only support other units when its attack factor is not halved ... never
    # support units on the defence"
    s = hexgame([(2, 2, "red", "combat_engineer"), (3, 2, "blue", "garrison_infantry")], phase="combat",
                features={(3, 2): ["city"]})
    assert crt.preview(s, "3,2", attackers(s)).attack == 1
    s = hexgame([(2, 2, "red", "combat_engineer"), (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert crt.preview(s, "3,2", attackers(s)).attack == 0.5
    s = hexgame([(2, 2, "red", "border_guard"), (3, 2, "blue", "garrison_infantry")], phase="combat")
    assert crt.preview(s, "3,2", attackers(s)).attack == 1
    s.round = 2
    assert crt.preview(s, "3,2", attackers(s)).attack == 0.5
    s = hexgame([(2, 2, "red", "siege_artillery"), (2, 2, "red", "parachute"), (3, 2, "blue", "garrison_infantry"),
                 (3, 2, "blue", "siege_artillery")], phase="combat", features={(3, 2): ["city"]})
    assert crt.preview(s, "3,2", attackers(s)).attack == 4 + 3                 # not halved in a city: supports
    assert not hexsupport.defense_supported(s, s.units[uid_of(s, "3,2", "garrison_infantry")])
    s = hexgame([(2, 2, "red", "siege_artillery"), (2, 2, "red", "parachute"), (3, 2, "blue", "garrison_infantry")],
                phase="combat")
    assert crt.preview(s, "3,2", attackers(s)).attack == 2 + 1.5               # halved: no support


def test_self_supporting_is_not_a_supply_exemption():
    # seed 003: 15.G / 15.A.3 "self-supporting" is combat support (9.A), not supply: a border
    # guard without a supply line is out of supply on its first turn too
    s = hexgame([(6, 4, "red", "border_guard"), (6, 4, "red", "parachute_hq")], supply=[(0, 0)])
    s.phase_idx = s.ruleset.phases.index("initial")
    hexsupply.check(s, "red")
    assert all(u.oos == 1 for u in s.units.values())


def test_cavalry_attacking_a_supported_unit_is_a_required_loss():
    # seed 003: 15.H "If a cavalry unit participates in any attack against a supported unit
    # (Rule 9.A), it is counted as having used a special combat ability and must take required
    # losses"
    s = hexgame([(2, 2, "red", "cavalry_brigade"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "garrison_infantry"), (3, 2, "blue", "field_artillery")], phase="combat")
    cav = uid_of(s, "2,2", "cavalry_brigade")
    assert cav in crt.preview(s, "3,2", attackers(s)).used
    s = hexgame([(2, 2, "red", "cavalry_brigade"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", dice=(1,))
    assert cav not in crt.preview(s, "3,2", attackers(s)).used
    s = hexgame([(2, 2, "red", "cavalry_brigade"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "infantry_brigade"), (3, 2, "blue", "garrison_infantry")], phase="combat", dice=(1,))
    s2 = attacked(s, Attack("3,2", attackers(s)))   # defending self-supporting brigade; 7 vs 6, roll 1 = AH
    assert s2.hexturn.last.result == "AH" and cav in s2.hexturn.last.lost

