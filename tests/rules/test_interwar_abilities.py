"""The interwar ruleset, slice 2: reconnaissance rerolls (a player decision in the battle
strip), purchase and placement from scenario data (factory sizes, naval bases, home
territories, doctrines), movement abilities (blitz_with, tows, forced_march,
restricted_zones, capturable), capital ship repair and combat air patrol. Each rule test
cites the seed (shared/seeds/000_63b3116cdc45b596.txt)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    Casualties,
    EndPhase,
    KeepDice,
    Move,
    Place,
    Purchase,
    Reroll,
    RollDice,
    SelectBattle,
    action_from_json,
    actor,
    apply,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction, LoadError
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B
from game.rules.zone import production

FIXTURES = Path(__file__).parents[1] / "fixtures"


def iw_state(units=(), dice=(), phase="combat_move", player="red", terrain=None, spaces=None,
             factory_sizes=None, doctrines=None, seed=1):
    """The mini map under the interwar ruleset, with these units (space, owner, type, count).
    `spaces`: space id -> SpaceDef fields to change (naval_base, home, ...);
    `doctrines`: player id -> doctrines."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sps = dict(sc.spaces)
    for sid, tags in (terrain or {}).items():
        sps[sid] = replace(sps[sid], terrain=tuple(tags))
    for sid, kw in (spaces or {}).items():
        sps[sid] = replace(sps[sid], **kw)
    players = tuple(replace(p, doctrines=tuple((doctrines or {}).get(p.id, ()))) for p in sc.players)
    sc = replace(sc, start_units=tuple(units), spaces=sps, ruleset_id="interwar", players=players,
                 factory_sizes=dict(factory_sizes or {}))
    state = new_game(sc, load_ruleset("interwar"), seed, scripted_dice=tuple(dice))
    state.phase_idx = state.ruleset.phases.index(phase)
    state.player_idx = [p.id for p in sc.players].index(player)
    return state


def battle(attack, defend, space="m", dice=(), **kw):
    """Attackers (red) already in `space` against defenders (blue); the battle selected."""
    units = [(space, "red", t, n) for t, n in attack] + [(space, "blue", t, n) for t, n in defend]
    s = iw_state(units, dice, phase="conduct_combat", **kw)
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True)
    s.zone.battles = (space,)
    s.zone.origins = {space: ("a2",) if space == "m" else ("s1",)}
    return apply(s, SelectBattle(space))


def uids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


def faces(s):
    return [d for _, _, d in s.zone.battle.rolls[-1].dice]


# --- reconnaissance: Helsinki (W3) -----------------------------------------------
def test_helsinki_w3_literal_force_gets_no_reroll_g23():
    # seed 000: ARMORED CAR, Example A: "The Finns are defending Helsinki from the Russians
    # with 2 armored cars and 2 infantry. When rolling on defense, they roll a 5, 6, 7, and 1.
    # The defending player may then reroll 2 dice." -- but Reconnaissance rerolls only "an
    # artillery, heavy artillery, or self-propelled gun" die (G23: rule text chosen), so the
    # example's own force gets no reroll and scores one hit.
    s = battle([("infantry", 2)], [("armored_car", 2), ("infantry", 2)], dice=[12, 12, 5, 6, 7, 1])
    s = apply(s, RollDice())                      # the Russians fire: two misses
    s = apply(s, RollDice())                      # the Finns: 5, 6, 7, 1
    assert faces(s) == [5, 6, 7, 1]
    assert s.zone.battle.awaiting == "casualties"       # no reroll decision
    assert B.reroll_eligible(s) == [] and s.zone.battle.rolls[-1].hits == 1
    assert s.zone.battle.pools[0].hits == 1


def test_helsinki_w3_numbers_under_the_rule_text():
    # seed 000: ARMORED CAR, Reconnaissance: "you may re-roll one die during each combat cycle
    # for an artillery, heavy artillery, or self-propelled gun in that force. Units receiving
    # this bonus must be matched one-for-one with an armored car." -- W3's numbers with the two
    # rerolled dice belonging to artillery: 5, 6, 7, 1 -> reroll 2 dice -> 2, 4, 7, 1: "two hits
    # rather than just one". (Artillery defends at 1, so the roll is the attacker's: artillery
    # attack 2, armored cars 1, in round 2 where artillery fires with the others.)
    s = battle([("artillery", 2), ("armored_car", 2)], [("infantry", 3)],
               dice=[12, 12, 12, 12, 12, 12, 12, 5, 6, 7, 1, 2, 4])
    s = apply(s, RollDice())                      # round 1: the artillery's first strike
    assert s.zone.battle.awaiting == "reroll" and actor(s) == "red"
    s = apply(s, KeepDice())                      # decline
    assert s.zone.battle.rolls[-1].hits == 0 and s.zone.battle.awaiting == "roll"
    s = apply(s, RollDice())                      # armored cars: not eligible, no decision
    assert s.zone.battle.rolls[-1].step == "att_fire" and s.zone.battle.awaiting == "roll"
    s = apply(s, RollDice())                      # the defenders miss
    assert s.zone.battle.awaiting == "continue"
    s = apply(s, RollDice())                      # round 2: 5, 6, 7, 1
    assert faces(s) == [5, 6, 7, 1] and s.zone.battle.rolls[-1].hits == 1
    assert s.zone.battle.awaiting == "reroll"
    assert B.reroll_eligible(s) == [0, 1] and B.reroll_limit(s) == 2
    assert B.default_reroll(s) == (0, 1)
    s = apply(s, Reroll((0, 1)))
    assert faces(s) == [2, 4, 7, 1]
    roll = s.zone.battle.rolls[-1]
    assert roll.hits == 2 and roll.rerolled == (0, 1) and roll.first == (5, 6, 7, 1)
    assert s.zone.battle.awaiting == "casualties" and s.zone.battle.pools[0].hits == 2
    assert any("rerolls 5 6 -> 2 4" in line for line in s.log())


def test_defender_rerolls_and_allowance_returns_each_round():
    # seed 000: ARMORED CAR, Example A: the defending player rerolls; "Each armored car again
    # grants the defender one reroll during a full cycle of combat." (G24: a combat cycle is a
    # battle round; the allowance covers first strike and fire together)
    s = battle([("infantry", 3)], [("artillery", 2), ("armored_car", 2)],
               dice=[12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 5, 6, 7, 1, 1, 4])
    s = apply(s, RollDice())                      # round 1: the defending artillery's first strike
    assert s.zone.battle.rolls[-1].step == "def_first_strike" and s.zone.battle.awaiting == "reroll"
    assert actor(s) == "blue"                     # the defender decides its rerolls
    s = apply(s, Reroll((0,)))                    # one reroll used in round 1 (12 -> 12)
    assert B.reroll_limit(s) == 1 and s.zone.battle.recon_used
    s = apply(s, RollDice())                      # attackers miss
    s = apply(s, RollDice())                      # armored cars miss: round over
    assert s.zone.battle.awaiting == "continue" and s.zone.battle.recon_used == ()
    s = apply(s, RollDice())                      # round 2: attackers miss
    s = apply(s, RollDice())                      # defenders 5, 6, 7, 1: one hit
    assert faces(s) == [5, 6, 7, 1] and s.zone.battle.awaiting == "reroll"
    assert B.reroll_limit(s) == 2                 # restored for the new round
    s = apply(s, Reroll((0, 1)))                  # 5 -> 1, 6 -> 4: artillery defends at 1
    assert faces(s) == [1, 4, 7, 1] and s.zone.battle.rolls[-1].hits == 2


def test_reroll_limits_one_to_one_and_rule_of_three():
    # seed 000: ARMORED CAR, Reconnaissance: "matched one-for-one with an armored car" and
    # "This rule is subject to the Rule of Three." (G1: at most 3 per side per round)
    s = battle([("artillery", 4), ("armored_car", 4), ("infantry", 1)], [("infantry", 1)],
               dice=[12, 12, 12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "reroll"
    assert B.reroll_eligible(s) == [0, 1, 2, 3] and B.reroll_limit(s) == 3
    with pytest.raises(IllegalAction, match="At most 3"):
        apply(s, Reroll((0, 1, 2, 3)))
    with pytest.raises(IllegalAction, match="only once"):
        apply(s, Reroll((0, 0)))
    with pytest.raises(IllegalAction, match="cannot be rerolled"):
        apply(s, Reroll((7,)))
    assert B.default_reroll(s) == (0, 1, 2)
    s2 = battle([("artillery", 2), ("armored_car", 1)], [("infantry", 1)], dice=[12, 12])
    s2 = apply(s2, RollDice())
    assert B.reroll_limit(s2) == 1
    with pytest.raises(IllegalAction, match="At most 1"):
        apply(s2, Reroll((0, 1)))


def test_roll_button_applies_the_default_and_legal_actions():
    # the default decision (computer players, the UI's Roll button): reroll the misses
    s = battle([("artillery", 1), ("heavy_artillery", 1), ("armored_car", 1)], [("infantry", 1)],
               dice=[12, 12, 1])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "reroll"
    acts = legal_actions(s)
    assert acts == [Reroll((1,)), KeepDice()]     # the heavy artillery (value 3) first
    s = apply(s, RollDice())                      # same as the default Reroll
    assert faces(s) == [12, 1] and s.zone.battle.rolls[-1].rerolled == (1,)
    assert s.zone.battle.awaiting == "casualties"
    assert action_from_json(Reroll((0, 2)).to_json()) == Reroll((0, 2))
    with pytest.raises(IllegalAction):
        apply(s, KeepDice())


def test_no_decision_without_a_miss_or_without_reconnaissance():
    s = battle([("artillery", 1), ("armored_car", 1)], [("infantry", 1)], dice=[1, 12, 12])
    s = apply(s, RollDice())                      # the artillery hits: nothing to reroll
    assert s.zone.battle.awaiting == "casualties"
    s = battle([("artillery", 2)], [("infantry", 1)], dice=[12, 12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting != "reroll"


def test_airship_reconnaissance_g38():
    # seed 000: AIRSHIP, Reconnaissance (copy of the armored car's; paired with the airship, G38)
    s = battle([("artillery", 1), ("airship", 1)], [("infantry", 1)], dice=[12])
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "reroll" and B.reroll_limit(s) == 1


# --- purchase and placement ---------------------------------------------------------
def test_doctrines_gate_purchases_g13():
    # seed 000: HEAVY INFANTRY "A nation must have Doctrine: Assault Tactics to build this unit."
    s = iw_state(phase="purchase")
    assert production.unit_cost(s, "heavy_infantry", "red") is None
    with pytest.raises(IllegalAction, match="Assault Tactics"):
        apply(s, Purchase("heavy_infantry", 1))
    s = iw_state(phase="purchase", doctrines={"red": ["assault_tactics", "mechanization"]})
    s = apply(s, Purchase("heavy_infantry", 1))
    s = apply(s, Purchase("mechanized_infantry", 1))
    with pytest.raises(IllegalAction, match="Airborne Operations"):
        apply(s, Purchase("paratrooper", 1))


def test_armor_needs_a_major_complex_g34():
    # seed 000: ARMOR "A nation must have at least one Major Industrial Complex to build this
    # unit. This unit may be placed at an Industrial Complex of any size."
    s = iw_state(phase="purchase", factory_sizes={"a1": "minor"})
    with pytest.raises(IllegalAction, match="major industrial complex"):
        apply(s, Purchase("armor", 1))
    # with a major complex elsewhere (a2), armor may be placed at the minor one
    s = iw_state(phase="purchase", factory_sizes={"a1": "minor"})
    s.factories = s.factories | {"a2"}
    s = apply(s, Purchase("armor", 1))
    s = apply(s, Purchase("heavy_armor", 1))
    s.phase_idx = s.ruleset.phases.index("place")
    s = apply(s, Place("armor", "a1"))
    # seed 000: HEAVY ARMOR "This unit may be placed only at a Major Industrial Complex."
    with pytest.raises(IllegalAction, match="major industrial complex.*minor"):
        apply(s, Place("heavy_armor", "a1"))
    apply(s, Place("heavy_armor", "a2"))


@pytest.mark.parametrize("ship", ["battleship", "battlecruiser", "fast_battleship", "escort_carrier",
                                  "armored_carrier"])
def test_battleship_needs_a_coastal_major_complex_with_a_naval_base(ship):
    # seed 000: BATTLESHIP, BATTLECRUISER, FAST BATTLESHIP, ESCORT CARRIER, ARMORED CARRIER
    # "This unit may only be built by a Major Factory in a coastal territory containing an
    # operative friendly naval base."
    s = iw_state(phase="purchase")
    with pytest.raises(IllegalAction, match="naval base"):
        apply(s, Purchase(ship, 1))
    s = iw_state(phase="purchase", spaces={"a1": {"naval_base": True}})
    s = apply(s, Purchase(ship, 1))
    s.phase_idx = s.ruleset.phases.index("place")
    s = apply(s, Place(ship, "s1"))
    assert uids(s, "red", ship)
    s = iw_state(phase="purchase", spaces={"a1": {"naval_base": True}}, factory_sizes={"a1": "minor"})
    with pytest.raises(IllegalAction):
        apply(s, Purchase(ship, 1))
    # the plain carrier has no build restriction (G34)
    apply(iw_state(phase="purchase"), Purchase("carrier", 1))


def test_empire_to_arms_g20():
    # seed 000: COLONIAL INFANTRY, Empire to Arms: "Colonial infantry may be placed in any of
    # your national territories outside home territories."
    s = iw_state(phase="place", spaces={"a1": {"home": True}})
    s.zone.purchased = {"red|colonial_infantry": 3}
    s = apply(s, Place("colonial_infantry", "a2"))  # no factory there: national, not home
    assert s.zone.placed == {}                           # no factory capacity used
    s = apply(s, Place("colonial_infantry", "a1"))  # the home factory: normal placement
    assert s.zone.placed == {"a1": 1}
    s2 = iw_state(phase="place", spaces={"a2": {"home": True}})
    s2.zone.purchased = {"red|colonial_infantry": 1}
    with pytest.raises(IllegalAction):
        apply(s2, Place("colonial_infantry", "a2"))  # a home territory without a factory
    s3 = iw_state(phase="place")
    s3.owners["m"] = s3.turn_owners["m"] = "red"     # captured: not national
    s3.zone.purchased = {"red|colonial_infantry": 1}
    with pytest.raises(IllegalAction):
        apply(s3, Place("colonial_infantry", "m"))
    s4 = iw_state(phase="place")
    s4.zone.purchased = {"red|infantry": 1}
    with pytest.raises(IllegalAction):
        apply(s4, Place("infantry", "a2"))           # only colonial infantry may


def test_juggernaut_only_in_lake_zones_g49():
    # seed 000: JUGGERNAUT, Lake Combatant: "A Juggernaut cannot be placed or move outside of
    # Lake Zones."
    s = iw_state(phase="purchase")
    with pytest.raises(IllegalAction, match="lake"):
        apply(s, Purchase("juggernaut", 1))
    s = iw_state(phase="purchase", terrain={"s1": ["lake"]})
    s = apply(s, Purchase("juggernaut", 1))
    s.phase_idx = s.ruleset.phases.index("place")
    s = apply(s, Place("juggernaut", "s1"))
    jg = uids(s, "red", "juggernaut")
    s.phase_idx = s.ruleset.phases.index("noncombat_move")
    with pytest.raises(IllegalAction, match="lake"):
        apply(s, Move(jg, ("s2",)))


# --- scenario fields ------------------------------------------------------------------
def test_scenario_fields_factory_naval_base_home_doctrines(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text().replace("ruleset: g40", "ruleset: interwar")
    text = text.replace("owner: red, factory: true,", "owner: red, factory: minor, naval_base: true, home: true,")
    text = text.replace("capital: a1, resources: 30}", "capital: a1, resources: 30, doctrines: [mechanization]}")
    p = tmp_path / "s.yaml"
    p.write_text(text)
    sc, diags = load_scenario_file(p)
    assert sc.factory_size("a1") == "minor" and sc.factory_size("b1") == "major"  # true = major
    assert sc.spaces["a1"].naval_base and sc.spaces["a1"].home and not sc.spaces["a2"].home
    assert sc.player("red").doctrines == ("mechanization",)
    assert not [d for d in diags if d.severity == "error"]
    p.write_text(text.replace("doctrines: [mechanization]", "doctrines: [mechanisation]"))
    _, diags = load_scenario_file(p)
    assert any("did you mean 'mechanization'" in d.message and d.severity == "warning" for d in diags)
    p.write_text(text.replace("factory: minor", "factory: medium"))
    with pytest.raises(LoadError, match="expected true, major or minor"):
        load_scenario_file(p)
    p.write_text(text.replace("naval_base: true", "naval_base: yes please"))
    with pytest.raises(LoadError, match="naval_base: expected true or false"):
        load_scenario_file(p)


# --- movement ----------------------------------------------------------------------------
def test_motorized_infantry_blitzes_paired_with_armor_g30():
    # seed 000: MOTORIZED INFANTRY, Blitz: "when paired one-for-one with Light Armor and Armor,
    # it can make a blitz movement along with the tank. The movement of both units must start
    # and end in the same territories." (G30: armor only)
    units = [("a2", "red", "armor", 1), ("a2", "red", "motorized_infantry", 2),
             ("a2", "red", "self_propelled_gun", 1), ("a2", "red", "light_armor", 1)]
    s = iw_state(units)
    arm, mot = uids(s, "red", "armor"), uids(s, "red", "motorized_infantry")
    spg = uids(s, "red", "self_propelled_gun")
    with pytest.raises(IllegalAction, match="stop"):
        apply(s, Move(mot[:1], ("m", "b2")))        # alone it stops in enemy territory
    with pytest.raises(IllegalAction, match="stop"):
        apply(s, Move(arm + mot, ("m", "b2")))      # two motorized, one armor
    with pytest.raises(IllegalAction):
        apply(s, Move(uids(s, "red", "light_armor") + mot[:1], ("m", "b2")))  # not light armor
    s2 = apply(s, Move(arm + mot[:1], ("m", "b2")))
    assert s2.owners["m"] == "red" and s2.units[mot[0]].space == "b2"
    s3 = apply(s, Move(arm + spg, ("m", "b2")))    # seed 000: SELF-PROPELLED GUN, Combined Arms
    assert s3.units[spg[0]].space == "b2"


def test_towed_artillery_moves_three_with_motorized_infantry_g26():
    # seed 000: ARTILLERY "Move: 2 (3 when moving with motorized or mechanized infantry)";
    # MOTORIZED INFANTRY, Move with Artillery: "the artillery's movement increases to 3" /
    # "matched one-for-one". The group moves together (same path), so the tower's own Move 2
    # still bounds it: a gun that has moved 1 goes 2 more with an unmoved tow (3 in all).
    s = iw_state([("a1", "red", "artillery", 2), ("a2", "red", "motorized_infantry", 1)],
                 phase="noncombat_move")
    s.owners["m"] = s.turn_owners["m"] = "red"
    art, mot = uids(s, "red", "artillery"), uids(s, "red", "motorized_infantry")
    s = apply(s, Move(art, ("a2",)))                 # the guns move 1 on their own
    with pytest.raises(IllegalAction, match="Not enough movement"):
        apply(s, Move(art[:1], ("m", "a2")))         # 1 left alone
    s2 = apply(s, Move(art[:1] + mot, ("m", "a2")))  # towed: 2 more
    assert s2.units[art[0]].moved == 3 and s2.units[art[0]].space == "a2"
    with pytest.raises(IllegalAction, match="Not enough movement"):
        apply(s, Move(art + mot, ("m", "a2")))       # two guns, one tow
    s3 = iw_state([("a1", "red", "artillery", 1), ("a1", "red", "heavy_artillery", 1),
                   ("a1", "red", "motorized_infantry", 1)], phase="noncombat_move")
    # heavy artillery is not towed (Move 1, no "3 when moving with motorized...")
    with pytest.raises(IllegalAction, match="Not enough movement"):
        apply(s3, Move(uids(s3, "red", "heavy_artillery") + uids(s3, "red", "motorized_infantry"),
                       ("a2", "a1")))


def test_towing_rule_of_three_per_territory_of_departure_g1():
    # seed 000: MOTORIZED INFANTRY, Move with Artillery: "This rule is subject to the Rule of Three."
    units = [("a1", "red", "artillery", 4), ("a1", "red", "motorized_infantry", 4)]
    s = iw_state(units, phase="noncombat_move")
    art, mot = uids(s, "red", "artillery"), uids(s, "red", "motorized_infantry")
    for k in range(4):
        s.units[art[k]] = replace(s.units[art[k]], moved=1)
    s = apply(s, Move(art[:3] + mot[:3], ("a2", "a1")))
    assert s.zone.ro3_moves == {"tows|a1": 3}
    with pytest.raises(IllegalAction, match="Not enough movement"):
        apply(s, Move(art[3:] + mot[3:], ("a2", "a1")))


def test_cavalry_forced_march_g18():
    # seed 000: CAVALRY, Forced March: "May make a non-combat move prior to combat. Movement
    # points are then renewed." / "subject to the Rule of Three."
    s = iw_state([("a1", "red", "cavalry", 4)])
    cav = uids(s, "red", "cavalry")
    s = apply(s, Move(cav[:3], ("a2",)))             # friendly: a forced march in the combat move
    assert all(s.units[u].space == "a2" and s.units[u].moved == 0 and s.units[u].marched
               for u in cav[:3])
    with pytest.raises(IllegalAction, match="Rule of Three"):
        apply(s, Move(cav[3:], ("a2",)))
    with pytest.raises(IllegalAction):
        apply(s, Move(cav[:1], ("a1",)))             # one forced march per turn
    s = apply(s, Move(cav[:1], ("m", "b2")))         # then a full combat move (blitz)
    assert s.units[cav[0]].space == "b2" and s.owners["m"] == "red"
    assert Move((cav[3],), ("a2",)) not in legal_actions(s)
    s2 = iw_state([("a1", "red", "infantry", 1)])
    with pytest.raises(IllegalAction):
        apply(s2, Move(uids(s2, "red", "infantry"), ("a2",)))  # no forced march


def test_coastal_submarine_stays_in_coastal_zones_g49():
    # seed 000: COASTAL SUBMARINE, Coastal Combatant: "This unit can only move into and occupy
    # Coastal Sea Zones."
    s = iw_state([("s1", "red", "coastal_submarine", 1)], phase="noncombat_move",
                 terrain={"s1": ["coastal"], "s2": ["coastal"]})
    sub = uids(s, "red", "coastal_submarine")
    apply(s, Move(sub, ("s2",)))
    s = iw_state([("s2", "red", "coastal_submarine", 1)], phase="noncombat_move",
                 terrain={"s1": ["coastal"], "s2": ["coastal"]})
    with pytest.raises(IllegalAction, match="coastal sea"):
        apply(s, Move(sub, ("s3",)))
    assert "s3" not in __import__("game.rules.zone.movement", fromlist=["reachable"]).reachable(
        s, [s.units[sub[0]]])


def test_aaa_is_captured_by_a_blitz_r3():
    # seed 000: CAVALRY, Blitz: "may blitz through a territory that contains an AAA (the AAA
    # is considered captured and immediately switches sides)"
    s = iw_state([("a2", "red", "armor", 1), ("m", "blue", "aaa", 1)])
    aaa = uids(s, "blue", "aaa")
    s = apply(s, Move(uids(s, "red", "armor"), ("m", "b2")))
    assert s.owners["m"] == "red" and s.units[aaa[0]].owner == "red"


def test_aaa_alone_is_captured_without_a_battle():
    s = iw_state([("a2", "red", "infantry", 1), ("m", "blue", "aaa", 1)])
    aaa = uids(s, "blue", "aaa")
    s = apply(s, Move(uids(s, "red", "infantry"), ("m",)))
    s = apply(s, EndPhase())
    assert s.zone.battles == () and s.owners["m"] == "red" and s.units[aaa[0]].owner == "red"


def test_supply_column_captured_when_the_attacker_wins():
    # seed 000: SUPPLY COLUMN, Captured: "When this unit is destroyed while defending in combat
    # and the attacker is successful, it is considered captured and reverts to the control of
    # the attacker."
    s = battle([("armor", 1)], [("supply_column", 1), ("infantry", 1)], dice=[1, 12])
    s = apply(s, RollDice())
    s = apply(s, Casualties(uids(s, "blue", "infantry")))
    s = apply(s, RollDice())   # the infantry fires back and misses; the column, alone and
    assert s.zone.battle is None    # defenceless, is lost -- and captured: the attacker won
    assert s.owners["m"] == "red" and any("Supply Column is captured" in x for x in s.log())
    assert [u.owner for u in s.units.values() if u.type == "supply_column"] == ["red"]


# --- capital ships, carriers ------------------------------------------------------------
def _end_turns(s, n):
    for _ in range(n):
        while s.player != "red" or s.phase != "purchase":
            s = apply(s, EndPhase())
        if n > 1:
            s = apply(s, EndPhase())
    return s


def test_capital_ship_repaired_at_a_naval_base_g54():
    # seed 000: BATTLESHIP, Capital Ship: "If a battleship survives a combat having taken 1 hit,
    # it can be repaired by a visit to an operative friendly naval base." (G54: at the start
    # of the owner's turn, in a sea zone bordering the base)
    for base, repaired in ((True, True), (False, False)):
        s = iw_state([("s1", "red", "battleship", 1), ("s1", "red", "battlecruiser", 1)],
                     phase="collect_income", spaces={"a2": {"naval_base": base}})
        bb = uids(s, "red", "battleship")
        s.units[bb[0]] = replace(s.units[bb[0]], damage=1)
        s = apply(s, EndPhase())                    # red's turn ends
        assert s.units[bb[0]].damage == 1           # not at the start of another player's turn
        s = _end_turns(s, 1)
        assert s.player == "red" and (s.units[bb[0]].damage == 0) == repaired


def test_g40_unchanged_no_repair_no_carrier_loss(mini):
    # g40 has no capital_ship / combat_air_patrol abilities: nothing changes there
    s = mini([("s1", "red", "battleship", 1)], phase="collect_income")
    sps = dict(s.scenario.spaces)
    sps["a2"] = replace(sps["a2"], naval_base=True)
    s.scenario = replace(s.scenario, spaces=sps)
    bb = uids(s, "red", "battleship")
    s.units[bb[0]] = replace(s.units[bb[0]], damage=1)
    s = _end_turns(s, 1)
    assert s.player == "red" and s.units[bb[0]].damage == 1


def test_aircraft_lost_with_their_carrier_g58():
    # seed 000: ESCORT CARRIER, Combat Air Patrol: "When an Escort Carrier is lost, any air unit
    # aboard is considered cargo and is lost along with it."
    s = battle([("battleship", 1)], [("escort_carrier", 1), ("fighter", 1)], space="s2",
               dice=[1, 12])
    fighter = uids(s, "blue", "fighter")
    assert s.units[fighter[0]].carried_by == uids(s, "blue", "escort_carrier")[0]
    s = apply(s, RollDice())
    s = apply(s, Casualties(uids(s, "blue", "escort_carrier")))
    s = apply(s, RollDice())                       # the fighter still defends this round
    assert s.zone.battle is None or s.zone.battle.awaiting in ("continue", "roll")
    assert fighter[0] not in s.units               # lost with the carrier
    assert any("lost with the carrier" in line for line in s.log())


def test_aaa_left_alone_after_a_round_switches_sides():
    # seed 000: AAA "not considered normal combat units"; Blitz: "the AAA is considered
    # captured and immediately switches sides" (R25): an AAA left alone is taken, not fought
    s = battle([("armor", 1)], [("aaa", 1), ("infantry", 1)], dice=[1, 12])
    s = apply(s, RollDice())
    s = apply(s, Casualties(uids(s, "blue", "infantry")))
    s = apply(s, RollDice())                       # the infantry fires back and misses
    assert s.zone.battle is None and s.owners["m"] == "red"
    assert [u.owner for u in s.units.values() if u.type == "aaa"] == ["red"]


def test_snapshot_and_saves_keep_their_shape():
    # new battle fields are left out of the state hash at their defaults (older saves verify)
    from game.rules.snapshot import snapshot
    s = battle([("infantry", 1)], [("infantry", 1)], dice=[12, 12])
    s = apply(s, RollDice())
    snap = snapshot(s)["battle"]
    assert "recon_used" not in snap and "prizes" not in snap
    assert all(set(r) == {"step", "side", "dice", "hits"} for r in snap["rolls"])
    s = battle([("artillery", 1), ("armored_car", 1)], [("infantry", 1)], dice=[12, 1])
    s = apply(s, RollDice())
    s = apply(s, Reroll((0,)))
    snap = snapshot(s)["battle"]
    assert snap["recon_used"] and tuple(snap["rolls"][-1]["rerolled"]) == (0,)
