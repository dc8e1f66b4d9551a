"""The interwar ruleset (seed 000, d12): loading, unit classes, damage states, the
Rule of Three, seed notes, and the battle abilities implemented in this slice.
Each rule test cites the seed (shared/seeds/000_63b3116cdc45b596.txt)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    Casualties,
    Move,
    Purchase,
    RollDice,
    SelectBattle,
    actor,
    apply,
    new_game,
)
from game.rules.errors import IllegalAction, LoadError
from game.rules.ruleset import load_ruleset, load_ruleset_file, load_scenario_file
from game.rules.zone import battle as B

FIXTURES = Path(__file__).parents[1] / "fixtures"
RULESET = Path(__file__).parents[2] / "scenarios" / "rulesets" / "interwar.yaml"


def iw_state(units=(), dice=(), phase="combat_move", player="red", terrain=None, seed=1):
    """The mini map under the interwar ruleset, with these units (space, owner, type, count)."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    spaces = dict(sc.spaces)
    for sid, tags in (terrain or {}).items():
        spaces[sid] = replace(spaces[sid], terrain=tuple(tags))
    sc = replace(sc, start_units=tuple(units), spaces=spaces, ruleset_id="interwar")
    state = new_game(sc, load_ruleset("interwar"), seed, scripted_dice=tuple(dice))
    state.phase_idx = state.ruleset.phases.index(phase)
    state.player_idx = [p.id for p in sc.players].index(player)
    return state


def battle(attack, defend, space="m", dice=(), terrain=None, amphibious=False):
    """Attackers (red) already in `space` against defenders (blue); the battle selected."""
    units = [(space, "red", t, n) for t, n in attack] + [(space, "blue", t, n) for t, n in defend]
    s = iw_state(units, dice, phase="conduct_combat", terrain=terrain)
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True, amphibious=amphibious)
    s.zone.battles = (space,)
    s.zone.origins = {space: ("a2",) if space == "m" else ("s1",)}
    return apply(s, SelectBattle(space))


def vals(s, step=None):
    r = s.zone.battle.rolls[-1]
    assert step is None or r.step == step, r.step
    return sorted((t, v) for t, v, _ in r.dice)


def uids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


# --- loading ---------------------------------------------------------------------
def test_all_49_units_with_seed_values():
    rs = load_ruleset("interwar")
    assert rs.dice == 12 and len(rs.units) == 49
    # seed 000: INFANTRY "Cost: 3 / Attack: 2 / Defense: 3 / Move: 2"
    inf = rs.units["infantry"]
    assert (inf.cost, inf.attack, inf.defense, inf.move) == (3, 2, 3, 2)
    # seed 000: JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice)"
    jg = rs.units["juggernaut"]
    assert jg.hits == 3 and jg.damaged == ((7, 5), (5, 4))
    # "cannot be built", the cruiser's "-" and the supply column's "X": null
    for uid in ("auxiliary", "auxiliary_cruiser", "torpedo_boat_destroyer", "dreadnaught",
                "cruiser", "supply_column"):
        assert rs.units[uid].cost is None, uid
    assert rs.units["coastal_submarine"].cost == 4 and rs.units["coastal_submarine"].has("obsolete")
    assert rs.rule_of_three == 3
    assert "infantry_type" in rs.classes and rs.units["marine"].is_a("infantry_type")
    assert rs.expand("armored") == ("armored_car", "light_armor", "armor", "heavy_armor")


def test_lint_warns_for_each_seed_note_with_unit_and_readings():
    from game.cli import lint_paths
    diags = lint_paths([str(RULESET)])
    assert not [d for d in diags if d.severity == "error"]
    notes = [d for d in diags if "seed contradiction" in d.message]
    text = RULESET.read_text().splitlines()
    by_ref = {d.message.split()[2]: d for d in notes}
    for ref, unit in (("G39", "fighter"), ("G8", "infantry"), ("G35", "aaa"), ("G52", "cruiser"),
                      ("G1", "cavalry"), ("G2", "cavalry")):
        d = by_ref[ref]
        assert unit in d.message and "(1)" in d.message and "(2)" in d.message and "chosen:" in d.message
        assert text[d.line - 1].lstrip().startswith("- unit"), (ref, d.line)
    assert "6/2" in by_ref["G39"].message and "defends at 7" in by_ref["G39"].message


def test_rules_json_lists_classes_and_damaged(capsys):
    import json

    from game.cli import main
    assert main(["rules", "interwar", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["units"]) == 49 and data["dice"] == 12
    bb = next(u for u in data["units"] if u["id"] == "battleship")
    assert bb["damaged"] == [{"attack": 4, "defense": 3}] and "capital_ship" in bb["classes"]


BASE = """\
id: test
dice: 12
classes: {guns: "towed guns"}
units:
  infantry:
    domain: land
    cost: 3
    attack: 2
    defense: 3
    move: 1
    abilities:
      - supported_by: {units: [guns], on: [attack, defense]}
  artillery:
    domain: land
    cost: 3
    attack: 2
    defense: 1
    move: 1
    classes: [guns]
"""


def test_class_references_load_and_bad_ones_are_errors(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text(BASE)
    rs, _ = load_ruleset_file(p)
    assert rs.units["artillery"].classes == ("guns",)
    p.write_text(BASE.replace("units: [guns]", "units: [gunz]"))
    with pytest.raises(LoadError, match="unknown unit 'gunz'.*did you mean 'guns'"):
        load_ruleset_file(p)
    p.write_text(BASE.replace("classes: [guns]", "classes: [cannon]"))
    with pytest.raises(LoadError, match="undeclared class 'cannon'"):
        load_ruleset_file(p)
    p.write_text(BASE.replace("on: [attack, defense]}", "on: [attack], rule_of_three: true}"))
    with pytest.raises(LoadError, match="defines no 'rule_of_three'"):
        load_ruleset_file(p)


def test_seed_note_needs_a_doc_heading(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text(BASE + "seed_notes:\n  - unit: infantry\n    readings: [a, b]\n    chosen: a\n"
                 "    doc: docs/interpretations.md#no-such-heading\n")
    with pytest.raises(LoadError, match="no heading"):
        load_ruleset_file(p)


def test_scenario_terrain_tags(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "s.yaml"
    p.write_text(text.replace("adjacent: [a1, m, n, s1]}", "adjacent: [a1, m, n, s1], terrain: [mountain]}"))
    sc, _ = load_scenario_file(p)
    assert sc.spaces["a2"].terrain == ("mountain",)
    p.write_text(text.replace("adjacent: [a1, m, n, s1]}", "adjacent: [a1, m, n, s1], terrain: [montain]}"))
    with pytest.raises(LoadError, match="unknown terrain 'montain'.*did you mean 'mountain'"):
        load_scenario_file(p)


# --- support ------------------------------------------------------------------------
def test_infantry_supported_by_artillery_on_attack():
    # seed 000: INFANTRY, Supported by Artillery: "+1 ... matched one-for-one"
    s = battle([("infantry", 2), ("artillery", 1)], [("infantry", 1)], dice=[12, 12, 12])
    s = apply(s, RollDice())  # round 1: the artillery's first strike
    assert vals(s, "att_first_strike") == [("artillery", 2)]
    s = apply(s, RollDice())
    assert vals(s, "att_fire") == [("infantry", 2), ("infantry", 3)]


def test_infantry_supported_on_defense_g8():
    # seed 000: INFANTRY "Defense: 3 (4 when supported by artillery)" vs "Infantry cannot
    # be supported with artillery on defense" -> supported (G8, docs/interpretations.md)
    s = battle([("cavalry", 1)], [("infantry", 2), ("artillery", 1)], dice=[12, 12, 12, 12])
    s = apply(s, RollDice())  # cavalry fires (defending artillery's first strike: round 1)
    while s.zone.battle.rolls[-1].step != "def_fire":
        s = apply(s, RollDice())
    assert vals(s) == [("infantry", 3), ("infantry", 4)]


def test_no_support_in_amphibious_assault():
    # seed 000: INFANTRY "This advantage is not gained during amphibious assaults."
    s = battle([("infantry", 1), ("artillery", 1)], [("infantry", 1)], dice=[12, 12, 12],
               amphibious=True)
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert vals(s, "att_fire") == [("infantry", 2)]


def test_rule_of_three_limits_spg_support():
    # seed 000: MOTORIZED INFANTRY, Support from Self-Propelled Artillery: "This rule is
    # subject to the Rule of Three" (G1: at most 3 units per side benefit)
    s = battle([("motorized_infantry", 4), ("self_propelled_gun", 4)], [("infantry", 1)])
    att = B.alive(s, B.attackers(s, s.zone.battle))
    bonus = B.support_bonus(s, att, "attack")
    motor = [u for u in att if u.type == "motorized_infantry"]
    assert sorted(bonus.get(u.uid, 0) for u in motor) == [0, 1, 1, 1]


# --- first strike -----------------------------------------------------------------
def test_artillery_first_strike_only_in_round_one():
    # seed 000: ARTILLERY, First Strike: "During the first round of combat, this unit rolls
    # its attack before other units. Casualties are selected and removed without returning fire."
    s = battle([("artillery", 1)], [("infantry", 2)], dice=[1, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_first_strike"
    s = apply(s, Casualties(uids(s, "blue", "infantry")[:1]))
    s = apply(s, RollDice())              # only one defender left to fire back
    assert vals(s, "def_fire") == [("infantry", 3)]
    s = apply(s, RollDice())              # round 2: artillery fires in the ordinary step
    assert s.zone.battle.rolls[-1].step == "att_fire"


def test_submarine_surprise_strike_cancelled_by_destroyer():
    # seed 000: SUBMARINE, First Strike: "If the opposing side does not have a destroyer ..."
    s = battle([("submarine", 1)], [("cruiser", 1)], space="s2", dice=[12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_first_strike"
    s = battle([("submarine", 1)], [("destroyer", 1)], space="s2", dice=[12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_fire"


# --- special values -----------------------------------------------------------------
def test_anti_tank_gun_special_value_only_hits_armor():
    # seed 000: ANTI-TANK GUN, Ambush: "hits armored units on a 3 or less when attacking armor"
    s = battle([("anti_tank_gun", 1)], [("infantry", 1), ("armor", 1)], dice=[3, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert pool.only_types and "armor" in pool.only_types and "infantry" not in pool.only_types
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "blue", "infantry")))
    s = apply(s, Casualties(uids(s, "blue", "armor")))


def test_anti_tank_special_roll_is_a_miss_without_armor():
    s = battle([("anti_tank_gun", 1)], [("infantry", 1)], dice=[3, 12, 12])
    s = apply(s, RollDice())
    assert not s.zone.battle.pools  # 3 > ordinary value 1 and no armor: no hit


def test_fighter_values_against_air_g39():
    # seed 000: FIGHTER "Attack: 6/2" (stat line chosen over the text, G39)
    s = battle([("fighter", 1)], [("infantry", 1), ("fighter", 1)], dice=[5, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert pool.only_domains == ("air",)
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "blue", "infantry")))
    s = battle([("fighter", 1)], [("infantry", 1), ("fighter", 1)], dice=[2, 12, 12])
    s = apply(s, RollDice())
    assert not s.zone.battle.pools[0].only_domains  # 2 hits anything


def test_cavalry_charge_needs_more_cavalry_than_infantry():
    # seed 000: CAVALRY, Charge!: "If the number of attacking cavalry units is greater than
    # the number of defending infantry units, this unit hits defending infantry on a 3 or less."
    s = battle([("cavalry", 2)], [("infantry", 1), ("armor", 1)], dice=[3, 12, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.pools and s.zone.battle.pools[0].only_types
    assert "armor" not in s.zone.battle.pools[0].only_types
    s = battle([("cavalry", 1)], [("infantry", 1)], dice=[3, 12])
    s = apply(s, RollDice())
    assert not s.zone.battle.pools


def test_heavy_artillery_against_fortifications():
    # seed 000: HEAVY ARTILLERY "Attack: 3 (4 against fortifications)"
    s = battle([("heavy_artillery", 1)], [("infantry", 1), ("fortification", 1)], dice=[4, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.pools[0].only_types == ("fortification", "fortress")


# --- terrain, air defense, chosen casualties ---------------------------------------
def test_mountain_infantry_in_mountains():
    # seed 000: MOUNTAIN INFANTRY, Ski Troops: "+1 when it attacks into or defends mountain spaces"
    s = battle([("cavalry", 1)], [("mountain_infantry", 1)], dice=[12, 12], terrain={"m": ["mountain"]})
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert vals(s, "def_fire") == [("mountain_infantry", 4)]
    s = battle([("cavalry", 1)], [("mountain_infantry", 1)], dice=[12, 12])
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert vals(s, "def_fire") == [("mountain_infantry", 3)]


def test_carrier_defends_only_against_aircraft():
    # seed 000: CARRIER, Air Defense: "This unit defends only against attacking aircraft."
    s = battle([("destroyer", 1)], [("carrier", 1)], space="s2", dice=[12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "continue" or s.zone.battle.rolls[-1].step == "att_fire"
    assert all(r.side == "attacker" for r in s.zone.battle.rolls)
    s = battle([("destroyer", 1), ("fighter", 1)], [("carrier", 1)], space="s2", dice=[12, 12, 1])
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].side == "defender"
    assert s.zone.battle.pools[0].only_domains == ("air",)
    assert s.units[B.default_casualties(s, s.zone.battle, s.zone.battle.pools[0])[0]].type == "fighter"


def test_torpedo_bomber_attacker_chooses_the_ship():
    # seed 000: TORPEDO BOMBER, Torpedo: "If this unit hits, you may assign the hit to a
    # defending naval unit of your choice." (the firing side chooses)
    s = battle([("torpedo_bomber", 1)], [("destroyer", 1), ("battleship", 1), ("naval_transport", 1)],
               space="s2", dice=[1, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert pool.side == "defender" and pool.chooser == "attacker"
    assert actor(s) == "red"
    tr = uids(s, "blue", "naval_transport")
    s = apply(s, Casualties(tr))  # transports need not be chosen last by the firer
    assert s.units[tr[0]].damage == 1  # marked: removed at the end of the round


def test_dive_bomber_cannot_hit_aircraft():
    # seed 000: DIVE BOMBER L561 "* This unit may only damage naval and ground targets."
    s = battle([("dive_bomber", 1)], [("fighter", 1), ("infantry", 1)], dice=[1, 12, 12])
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert pool.chooser == "attacker" and "air" in pool.exclude_domains
    with pytest.raises(IllegalAction):
        apply(s, Casualties(uids(s, "blue", "fighter")))


# --- capital ships, fortifications ------------------------------------------------
def test_juggernaut_values_follow_damage():
    # seed 000: JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice)", 3 hits
    s = battle([("juggernaut", 1)], [("destroyer", 3)], space="s2", dice=[12, 1, 1, 12])
    s = apply(s, RollDice())
    assert vals(s, "att_fire") == [("juggernaut", 11)]
    s = apply(s, RollDice())
    s = apply(s, Casualties(uids(s, "red", "juggernaut") * 2))
    jg = s.units[uids(s, "red", "juggernaut")[0]]
    assert jg.damage == 2
    s = apply(s, RollDice())
    assert vals(s, "att_fire") == [("juggernaut", 5)]
    assert B.unit_value(s, replace(jg, damage=1), "defense", {}) == 5


def test_fortification_and_fortress_bonuses():
    # seed 000: FORTIFICATION, Defensive Preparations "+1 ... paired 1:1"; FORTRESS, Defensive
    # Preparations "+2 to all defending infantry",
    # "subject to the Rule of Three"; AUXILIARIES, Skirmishers: "do not receive bonuses from fortifications"
    s = battle([("armor", 1)], [("infantry", 4), ("artillery", 1), ("fortification", 1), ("fortress", 1),
                                ("auxiliary", 1)])
    dfn = B.defenders(s, s.zone.battle)
    bonus = B.support_bonus(s, dfn, "defense")
    inf = [bonus.get(u.uid, 0) for u in dfn if u.type == "infantry"]
    # the first: artillery +1, fortification +1 (1:1), fortress +2; fortress +2 to three only
    assert inf == [4, 2, 2, 0]
    aux = [u for u in dfn if u.type == "auxiliary"][0]
    assert bonus.get(aux.uid, 0) == 0


# --- purchase and movement ---------------------------------------------------------
def test_obsolete_and_unbuildable_units_cannot_be_bought():
    # seed 000: COASTAL SUBMARINE "Obsolete ... cannot be built during the game"; CRUISER "Cost: -";
    # TORPEDO BOAT DESTROYER and DREADNAUGHT "Obsolete" (and "cannot be built")
    s = iw_state(phase="purchase")
    for unit in ("coastal_submarine", "cruiser", "dreadnaught", "supply_column", "torpedo_boat_destroyer",
                 "auxiliary", "auxiliary_cruiser"):
        with pytest.raises(IllegalAction, match="cannot be built"):
            apply(s, Purchase(unit, 1))
    apply(s, Purchase("infantry", 1))


def test_aaa_moves_only_in_noncombat_move():
    # seed 000: AAA, Limited Move: "AAA may move only during the Noncombat Movement phase."
    s = iw_state([("a2", "red", "aaa", 1)])
    aaa = uids(s, "red", "aaa")
    with pytest.raises(IllegalAction, match="non-combat"):
        apply(s, Move(aaa, ("m",)))
    s2 = iw_state([("a2", "red", "aaa", 1)], phase="noncombat_move")
    apply(s2, Move(aaa, ("a1",)))


def test_troopship_carries_one_infantry_only():
    # seed 000: TROOPSHIP, Limited Cargo: "can carry 1 friendly infantry unit as cargo"
    s = iw_state([("a1", "red", "infantry", 1), ("a1", "red", "artillery", 1), ("s1", "red", "troopship", 1)])
    with pytest.raises(IllegalAction):
        apply(s, Move(uids(s, "red", "artillery"), ("s1",)))
    apply(s, Move(uids(s, "red", "infantry"), ("s1",)))


def test_blitz_is_at_most_two_spaces():
    # seed 000: CAVALRY, Blitz: "as the first part of a 2-space move" (G15)
    s = iw_state([("a2", "red", "cavalry", 1)])
    s.owners["m"] = "blue"
    cav = uids(s, "red", "cavalry")
    with pytest.raises(IllegalAction, match="at most 2"):
        apply(s, Move(cav, ("m", "b2", "b1")))
