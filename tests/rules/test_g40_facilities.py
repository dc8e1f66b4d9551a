"""Global 1940 facilities (issue #46 item 1): industrial complexes, air bases and naval
bases, bought, placed, damaged, repaired and captured. The reference is Axis & Allies
Global 1940 2nd edition as TripleA encodes it (shared/data/triplea/world_war_ii_global/
map/games/ww2global40_2nd_edition.xml); readings in docs/interpretations.md ("g40
facilities")."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    EndPhase,
    Move,
    Place,
    Purchase,
    Repair,
    apply,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.snapshot import restore, snapshot
from game.rules.variant import variant_from_text
from game.rules.zone import facilities as F
from game.rules.zone import production

FIXTURES = Path(__file__).parents[1] / "fixtures"


def g(units=(), phase="place", player="red", owners=None, spaces=None, facilities=None,
      purchased=None, ruleset=None):
    """The mini map under g40 (a1 red major complex, value 10; a2 red, value 2; m blue,
    value 3; b2 blue, 3; b1 blue major, 8; c green major, 5). `facilities`: "space|id" ->
    damage replacing the start's; `purchased`: unit or facility -> count for `player`."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sps = dict(sc.spaces)
    for sid, kw in (spaces or {}).items():
        sps[sid] = replace(sps[sid], **kw)
    sc = replace(sc, start_units=tuple(units), spaces=sps)
    s = new_game(sc, ruleset or load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.owners.update(owners or {})
    s.turn_owners.update(owners or {})
    if facilities is not None:
        s.facilities = dict(facilities)
        s.factories = frozenset(k.split("|")[0] for k in facilities
                                if s.ruleset.facilities[k.split("|")[1]].kind == F.COMPLEX)
    for what, n in (purchased or {}).items():
        s.zone.purchased[production.pkey(player, what)] = n
    return s


def place_many(s, unit, space, n):
    for _ in range(n):
        s = apply(s, Place(unit, space, 1))
    return s


# --- the facility table -------------------------------------------------------------------
def test_the_g40_facilities_are_tripleas():
    fts = load_ruleset("g40").facilities
    # G40 2nd ed. (TripleA ww2global40_2nd_edition.xml): factory_major canProduceXUnits 10,
    # maxDamage 20, buyFactory_Major 30; factory_minor 3, 6, 12; factory_upgrade 20;
    # airfield and harbour maxDamage 6, maxOperationalDamage 2, 15 each
    major, minor = fts["major_industrial_complex"], fts["minor_industrial_complex"]
    assert (major.produces, major.max_damage, major.cost, major.min_value) == (10, 20, 30, 3)
    assert (minor.produces, minor.max_damage, minor.cost, minor.min_value) == (3, 6, 12, 2)
    assert fts["industrial_complex_upgrade"].cost == 20
    for base in ("air_base", "naval_base"):
        assert (fts[base].max_damage, fts[base].operational_damage, fts[base].cost) == (6, 2, 15)


def test_scenario_factories_and_bases_start_as_facilities():
    s = g(spaces={"a2": {"air_base": True, "naval_base": True}})
    assert s.facilities["a1|major_industrial_complex"] == 0
    assert s.facilities["a2|air_base"] == 0 and s.facilities["a2|naval_base"] == 0


# --- production -----------------------------------------------------------------------------
def test_a_major_complex_places_ten_whatever_the_territory_is_worth():
    # G40 2nd ed. (TripleA factory_major: canProduceXUnits 10): Beta is worth 8
    s = g(player="blue", purchased={"infantry": 11})
    s = place_many(s, "infantry", "b1", 10)
    with pytest.raises(IllegalAction, match="placed all it can"):
        apply(s, Place("infantry", "b1", 1))


def test_with_factory_production_value_a_complex_places_its_territorys_value():
    # TripleA WW2v3-1941.xml: the factory has no canProduceXUnits, so a complex places its
    # territory's value (Beta: 8) less damage; the imported v3 scenario says so
    s = g(player="blue", purchased={"infantry": 11})
    s.scenario = replace(s.scenario, factory_production="value")
    s = place_many(s, "infantry", "b1", 8)
    with pytest.raises(IllegalAction, match="placed all it can"):
        apply(s, Place("infantry", "b1", 1))
    s2 = g(player="blue", facilities={"b1|major_industrial_complex": 3})
    s2.scenario = replace(s2.scenario, factory_production="value")
    assert F.production(s2, "b1") == 5


def test_a_minor_complex_places_three():
    # G40 2nd ed. (TripleA factory_minor: canProduceXUnits 3): Gamma is worth 5
    s = g(player="green", facilities={"c|minor_industrial_complex": 0}, purchased={"infantry": 4})
    s = place_many(s, "infantry", "c", 3)
    with pytest.raises(IllegalAction, match="placed all it can"):
        apply(s, Place("infantry", "c", 1))


def test_damage_reduces_production():
    # G40 2nd ed.: a complex produces its limit less its damage markers
    s = g(facilities={"a1|major_industrial_complex": 7}, purchased={"infantry": 4})
    assert production.factory_capacity(s, "a1") == 3
    s = place_many(s, "infantry", "a1", 3)
    with pytest.raises(IllegalAction):
        apply(s, Place("infantry", "a1", 1))


def test_ships_count_against_the_complex_they_come_from():
    # G40 2nd ed.: a complex's limit counts every unit it places, ships in a bordering sea
    # zone included (TripleA factory_minor canProduceXUnits 3)
    s = g(facilities={"a1|minor_industrial_complex": 0}, purchased={"infantry": 2, "destroyer": 2})
    s = place_many(s, "infantry", "a1", 2)
    s = apply(s, Place("destroyer", "s1", 1))
    with pytest.raises(IllegalAction):
        apply(s, Place("destroyer", "s1", 1))


# --- buying and placing facilities ----------------------------------------------------------
def test_buy_a_minor_complex_and_place_it():
    s = g(phase="purchase")
    s = apply(s, Purchase("minor_industrial_complex", 1))
    assert s.resources["red"] == 30 - 12
    assert Purchase("minor_industrial_complex", 1) in legal_actions(s)
    s.phase_idx = s.ruleset.phases.index("place")
    assert Place("minor_industrial_complex", "a2", 1) in legal_actions(s)
    s = apply(s, Place("minor_industrial_complex", "a2", 1))
    assert "a2" in s.factories and s.facilities["a2|minor_industrial_complex"] == 0
    assert not F.unplaced(s, "red") and not production.unplaced(s, "red")


def test_a_new_complex_produces_from_the_next_turn():
    # G40 2nd ed.: units are placed at complexes that were there as the turn began
    s = g(purchased={"minor_industrial_complex": 1, "infantry": 1})
    s = apply(s, Place("minor_industrial_complex", "a2", 1))
    with pytest.raises(IllegalAction, match="placed all it can"):
        apply(s, Place("infantry", "a2", 1))


def test_a_minor_complex_needs_a_territory_worth_two_held_since_the_turn_began():
    # TripleA factory_minor: canOnlyBePlacedInTerritoryValuedAtX 2; placement needs a
    # territory held since the start of the turn
    s = g(purchased={"minor_industrial_complex": 1}, spaces={"a2": {"value": 1}})
    with pytest.raises(IllegalAction, match="worth 2"):
        apply(s, Place("minor_industrial_complex", "a2", 1))
    s = g(purchased={"minor_industrial_complex": 1})
    s.owners["m"] = "red"            # taken this turn
    with pytest.raises(IllegalAction, match="since the start of the turn"):
        apply(s, Place("minor_industrial_complex", "m", 1))


def test_a_minor_complex_may_go_in_a_captured_territory_a_major_may_not():
    # TripleA: factory_major has canOnlyPlaceInOriginalTerritories, factory_minor not
    s = g(purchased={"minor_industrial_complex": 1, "major_industrial_complex": 1},
          owners={"m": "red"})
    with pytest.raises(IllegalAction, match="original territories"):
        apply(s, Place("major_industrial_complex", "m", 1))
    s = apply(s, Place("minor_industrial_complex", "m", 1))
    assert "m" in s.factories


def test_a_major_complex_only_where_the_player_is_the_original_owner():
    # TripleA canOnlyPlaceInOriginalTerritories reads the originalOwner (G40: Japan holds
    # Kiangsu and Manchuria, worth 3, from the start, but they are originally Chinese)
    s = g(purchased={"major_industrial_complex": 1}, spaces={"a2": {"value": 3}})
    s.scenario = replace(s.scenario, original_owners={"a2": "green"})
    with pytest.raises(IllegalAction, match="original territories"):
        apply(s, Place("major_industrial_complex", "a2", 1))
    s.scenario = replace(s.scenario, original_owners={})
    assert "a2" in apply(s, Place("major_industrial_complex", "a2", 1)).factories


def test_no_complex_on_an_island():
    # TripleA factory_major/factory_minor unitPlacementRestrictions: the islands
    s = g(purchased={"minor_industrial_complex": 1}, spaces={"a2": {"adjacent": ("s1",)}})
    with pytest.raises(IllegalAction, match="island"):
        apply(s, Place("minor_industrial_complex", "a2", 1))


def test_one_facility_of_a_kind_per_territory():
    # TripleA airfield/harbour maxConstructionsPerTypePerTerr 1; one complex per territory
    s = g(purchased={"minor_industrial_complex": 1, "air_base": 2})
    with pytest.raises(IllegalAction, match="already has"):
        apply(s, Place("minor_industrial_complex", "a1", 1))
    s = apply(s, Place("air_base", "a2", 1))
    with pytest.raises(IllegalAction):
        apply(s, Place("air_base", "a2", 1))


def test_a_naval_base_needs_a_coast():
    # G40 2nd ed. rulebook, "Naval Bases": placed in a coastal territory
    s = g(purchased={"naval_base": 1}, spaces={"a2": {"adjacent": ("a1", "m")}})
    with pytest.raises(IllegalAction, match="coastal"):
        apply(s, Place("naval_base", "a2", 1))
    s = apply(s, Place("naval_base", "a1", 1))
    assert F.operative(s, "a1", "naval_base")


def test_upgrade_a_minor_complex_to_a_major_one():
    # TripleA factory_upgrade: 20 PUs, consumesUnits 1:factory_minor, territory worth 3
    s = g(facilities={"a1|minor_industrial_complex": 0}, purchased={"industrial_complex_upgrade": 1,
                                                                    "infantry": 4})
    s = apply(s, Place("industrial_complex_upgrade", "a1", 1))
    assert "a1|major_industrial_complex" in s.facilities
    assert "a1|minor_industrial_complex" not in s.facilities
    # this turn it still produces as the minor complex it was
    s = place_many(s, "infantry", "a1", 3)
    with pytest.raises(IllegalAction):
        apply(s, Place("infantry", "a1", 1))


def test_an_upgrade_needs_an_undamaged_minor_complex():
    # TripleA factory_upgrade consumesUnits 1:factory_minor (a consumed unit must be
    # undamaged); the rulebook: the minor complex is replaced by the major one
    s = g(facilities={"a1|minor_industrial_complex": 2}, purchased={"industrial_complex_upgrade": 1})
    with pytest.raises(IllegalAction, match="Repair"):
        apply(s, Place("industrial_complex_upgrade", "a1", 1))
    s = g(purchased={"industrial_complex_upgrade": 1}, spaces={"a2": {"value": 3}})
    with pytest.raises(IllegalAction, match="no Minor"):
        apply(s, Place("industrial_complex_upgrade", "a2", 1))


# --- bases, damage, repair, capture ----------------------------------------------------------
def test_a_base_with_more_than_two_damage_is_out_of_operation():
    # TripleA airfield/harbour maxOperationalDamage 2
    s = g(facilities={"a1|major_industrial_complex": 0, "a2|air_base": 2})
    assert F.operative(s, "a2", "air_base")
    s.facilities["a2|air_base"] = 3
    assert not F.operative(s, "a2", "air_base")


def test_a_paratroopers_air_base_bonus_needs_an_operative_base():
    # seed 002 §7: "3 spaces if they start from an Air Base"; a base out of operation is none
    from game.rules.zone import airdrop
    s = g(units=[("a2", "red", "paratrooper", 1)], phase="combat_move",
          facilities={"a1|major_industrial_complex": 0, "a2|air_base": 0})
    para = [u for u in s.units.values() if u.type == "paratrooper"]
    assert airdrop.air_range(s, para) == 3
    s.facilities["a2|air_base"] = 3
    assert airdrop.air_range(s, para) == 2


def test_damage_is_capped_at_the_facility_maximum():
    # TripleA factory_major maxDamage 20, factory_minor 6
    s = g()
    assert F.add_damage(s, "a1", "major_industrial_complex", 25) == 20
    assert s.facilities["a1|major_industrial_complex"] == 20


def test_repair_in_the_purchase_phase_at_one_a_marker():
    # G40 2nd ed. (TripleA repairRule repairFactory_Major: 1 PU a damage point)
    s = g(phase="purchase", facilities={"a1|major_industrial_complex": 5})
    assert Repair("a1", "major_industrial_complex", 1) in legal_actions(s)
    s = apply(s, Repair("a1", "major_industrial_complex", 4))
    assert s.facilities["a1|major_industrial_complex"] == 1 and s.resources["red"] == 26
    with pytest.raises(IllegalAction):
        apply(s, Repair("a1", "major_industrial_complex", 2))
    s.phase_idx = s.ruleset.phases.index("place")
    with pytest.raises(IllegalAction, match="Purchase"):
        apply(s, Repair("a1", "major_industrial_complex", 1))


def test_a_captured_major_complex_becomes_a_minor_one_with_its_damage_capped():
    # TripleA factory_major whenCapturedChangesInto any:any:true:factory_minor:1
    s = g(units=[("a2", "blue", "armour", 1)], phase="combat_move", player="blue",
          facilities={"a1|major_industrial_complex": 9})
    s = apply(s, Move(tuple(u.uid for u in s.units.values()), ("a1",)))
    s = apply(s, EndPhase())
    assert s.owners["a1"] == "blue"
    assert s.facilities == {"a1|minor_industrial_complex": 6}
    assert F.factory_size(s, "a1") == "minor"


def test_facilities_survive_a_save():
    s = g(facilities={"a1|major_industrial_complex": 4, "a2|air_base": 1})
    back = restore(snapshot(s), s.scenario, s.ruleset, s.seed)
    assert back.facilities == s.facilities


def test_a_save_from_before_facilities_gets_the_scenarios():
    s = g(spaces={"a2": {"air_base": True}})
    snap = snapshot(s)
    del snap["facilities"]
    back = restore(snap, s.scenario, s.ruleset, s.seed)
    assert back.facilities == s.facilities and F.operative(back, "a2", "air_base")


def test_a_house_rule_edits_the_yaml():
    base = load_ruleset("g40")
    rs = variant_from_text(
        "format: warboard-variant/1\nextends: g40\nid: big_minors\n"
        "facilities:\n  major_industrial_complex: {kind: industrial_complex, size: major, cost: 30, produces: 10}\n"
        "  minor_industrial_complex: {kind: industrial_complex, size: minor, cost: 12, produces: 5}\n"
        "  air_base: {kind: air_base, cost: 15}\n  naval_base: {kind: naval_base, cost: 15}\n",
        "<test>", base)
    s = g(ruleset=rs, facilities={"a1|minor_industrial_complex": 0})
    assert production.factory_capacity(s, "a1") == 5
