"""The modern-naval ruleset (seed 001: shared/seeds/001_37d6fae90ae806a5.txt): side
costs, capital ships, carriers, amphibious assault ships, bombardment, frigates and
submarines, sea movement and naval bases. Each test cites the seed sentence it checks;
readings are in docs/interpretations.md ("modern-naval") and the extraction in
docs/seeds/001-extraction.md."""
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import (
    Casualties,
    EndPhase,
    Move,
    Place,
    Purchase,
    RollDice,
    SelectBattle,
    Submerge,
    action_from_json,
    apply,
    default_casualties,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.model import Pool
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B
from game.rules.zone import movement, production

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROOT = Path(__file__).parents[2]
SIX = ("aircraft_carrier", "amphibious_assault_ship", "cruiser", "destroyer", "frigate", "submarine")


def nv_state(units=(), dice=(), phase="combat_move", player="red", seed=1):
    """The mini naval map (tests/fixtures/mini_naval.yaml) with exactly these units
    (space, owner, type, count); red is Opfor, blue and green the Allies."""
    sc, _ = load_scenario_file(FIXTURES / "mini_naval.yaml")
    sc = replace(sc, start_units=tuple(units))
    state = new_game(sc, load_ruleset("modern-naval"), seed, scripted_dice=tuple(dice))
    state.phase_idx = state.ruleset.phases.index(phase)
    state.player_idx = [p.id for p in sc.players].index(player)
    return state


def sea_battle(attack, defend, space="s3", dice=(), attacker="red", defender="blue", extra=()):
    """Attackers already in `space` against defenders; the battle selected."""
    units = [(space, attacker, t, n) for t, n in attack] + [(space, defender, t, n) for t, n in defend]
    s = nv_state(units + list(extra), dice, phase="conduct_combat", player=attacker)
    for uid, u in list(s.units.items()):
        if u.owner == attacker and u.space == space:
            s.units[uid] = replace(u, in_combat=True)
    s.zone.battles = (space,)
    s.zone.origins = {space: ("s2",)}
    return apply(s, SelectBattle(space))


def ids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


def roll_until(s, step):
    """Roll until the last roll is of `step` (casualties by default order)."""
    for _ in range(20):
        if s.zone.battle is None:
            return s
        if s.zone.battle.awaiting == "casualties":
            s = apply(s, Casualties(tuple(B.default_casualties(s, s.zone.battle, s.zone.battle.pools[0]))))
            continue
        if s.zone.battle.rolls and s.zone.battle.rolls[-1].step == step:
            return s
        s = apply(s, RollDice())
    raise AssertionError("step never rolled")


# --- costs and the unit table ------------------------------------------------------------
COSTS = {"aircraft_carrier": (30, 12), "amphibious_assault_ship": (10, 6), "cruiser": (14, 8),
         "destroyer": (12, 6), "frigate": (10, 6), "submarine": (18, 9)}
STATS = {"aircraft_carrier": (1, 4, 2, 2), "amphibious_assault_ship": (0, 1, 2, 1),
         "cruiser": (4, 4, 2, 2), "destroyer": (3, 3, 2, 1), "frigate": (2, 2, 2, 1),
         "submarine": (2, 2, 2, 1)}


def test_rules_json_lists_six_units_with_side_costs_and_two_hit_capital_ships():
    # seed 001: "Cost: Allies: 30+ Opfor: 12+" ... "Capital Ship: Aircraft carriers require 2
    # hits to destroy" / "Cruisers require 2 hits to destroy" (N1: the number is the price)
    out = subprocess.run([sys.executable, "-m", "game", "rules", "modern-naval", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    units = {u["id"]: u for u in json.loads(out)["units"]}
    for uid in SIX:
        allies, opfor = COSTS[uid]
        assert units[uid]["cost"] == {"allies": allies, "opfor": opfor}
        assert (units[uid]["attack"], units[uid]["defense"], units[uid]["move"],
                units[uid]["hits"]) == STATS[uid]


@pytest.mark.parametrize("unit", SIX)
def test_purchase_charges_the_buyers_side_price(unit):
    # seed 001: each unit's "Cost: Allies: N+ Opfor: M+" -- the buyer's side pays its price
    allies, opfor = COSTS[unit]
    red = nv_state(phase="purchase", player="red")
    assert red.resources["red"] - apply(red, Purchase(unit)).resources["red"] == opfor
    blue = nv_state(phase="purchase", player="blue")
    assert blue.resources["blue"] - apply(blue, Purchase(unit)).resources["blue"] == allies


def test_surface_warship_classes():
    # seed 001: "the following are surface warships: cruisers, carriers, frigates, destroyers
    # and amphibious assault ships. Submarines are warships, but they are not surface warships."
    rs = load_ruleset("modern-naval")
    assert set(rs.expand("surface_warship")) == set(SIX) - {"submarine"}
    assert set(rs.expand("warship")) == set(SIX)
    assert set(rs.expand("capital_ship")) == {"aircraft_carrier", "cruiser"}


# --- sea movement ----------------------------------------------------------------------------
def test_sea_units_move_two_zones_and_never_into_territories():
    # seed 001: "All sea units can normally move up to two sea zones." ... "They cannot move
    # into territories."
    s = nv_state([("s3", "red", "destroyer", 1)], phase="noncombat_move")
    reach = movement.reachable(s, [s.units[1]])
    assert set(reach) == {"s1", "s2", "s4", "s5"}
    with pytest.raises(IllegalAction, match="Ships stay at sea"):
        apply(s, Move((1,), ("m",)))


def test_three_zones_when_departing_an_operative_friendly_naval_base():
    # seed 001: "ships in a sea zone that is serviced by an operative friendly naval base.
    # You can move these ships 3 sea zones when departing from the naval base location"
    s = nv_state([("s1", "red", "cruiser", 1)], phase="noncombat_move")
    assert "s4" in movement.reachable(s, [s.units[1]])        # a1 (red) has a naval base
    s = apply(s, Move((1,), ("s2", "s3", "s4")))
    assert s.units[1].space == "s4"
    # without a friendly base: two zones (s2 borders no base)
    s = nv_state([("s2", "red", "cruiser", 1)], phase="noncombat_move")
    assert "s5" not in movement.reachable(s, [s.units[1]])
    # an enemy naval base gives nothing: b1 (blue) services s4 and s5
    s = nv_state([("s5", "red", "cruiser", 1)], phase="noncombat_move")
    assert "s2" not in movement.reachable(s, [s.units[1]])
    s = nv_state([("s5", "blue", "cruiser", 1)], phase="noncombat_move", player="blue")
    assert "s2" in movement.reachable(s, [s.units[1]])


def test_naval_base_bonus_only_for_a_move_that_starts_there_unmoved():
    # seed 001: "3 sea zones when departing from the naval base location" (N8: the extra
    # zone counts in a move that starts there before the ship has moved)
    s = nv_state([("s1", "red", "frigate", 1)], phase="noncombat_move")
    s = apply(s, Move((1,), ("s2",)))
    assert movement.moves_left(s, s.units[1]) == 1


def test_hostile_sea_zones_stop_movement_and_start_combat():
    # seed 001: "They cannot move through hostile sea zones. If enemy units other than
    # submarines occupy a sea zone, the sea zone is hostile and your sea units end their
    # movement and enter combat."
    units = [("s2", "red", "cruiser", 1), ("s3", "blue", "frigate", 1)]
    s = nv_state(units)
    reach = movement.reachable(s, [s.units[1]])
    assert "s3" in reach and "s4" not in reach
    s = apply(s, Move((1,), ("s3",)))
    assert s.units[1].in_combat
    s = apply(s, EndPhase())
    assert s.zone.battles == ("s3",)
    # in the non-combat move the zone cannot be entered at all
    s = nv_state(units, phase="noncombat_move")
    with pytest.raises(IllegalAction):
        apply(s, Move((1,), ("s3",)))


# --- submarines ------------------------------------------------------------------------------
def test_submarines_pass_through_hostile_zones():
    # seed 001: "Submarines are an exception: They can pass through a hostile sea zone
    # without stopping" / "Treat Hostile Sea Zones as Friendly: A submarine can move through a
    # sea zone that contains enemy units, either in combat or noncombat movement."
    units = [("s2", "red", "submarine", 1), ("s3", "blue", "destroyer", 1)]
    for phase in ("combat_move", "noncombat_move"):
        s = nv_state(units, phase=phase)
        assert "s4" in movement.reachable(s, [s.units[1]])


def test_frigate_stops_submarines_entering_its_zone():
    # seed 001: "unless there is an enemy frigate present" / "A frigate cancels the Treat
    # Hostile Sea Zones as Friendly unit characteristic of any enemy submarine that moves into
    # the sea zone with it. This means that the submarine must immediately end its movement,
    # whether combat or noncombat, upon entering the sea zone. If a submarine ends its combat
    # movement in a sea zone with an enemy frigate, combat will result."
    units = [("s2", "red", "submarine", 1), ("s3", "blue", "frigate", 1)]
    s = nv_state(units)
    reach = movement.reachable(s, [s.units[1]])
    assert "s3" in reach and "s4" not in reach
    s = apply(apply(s, Move((1,), ("s3",))), EndPhase())
    assert s.zone.battles == ("s3",)
    # non-combat: it may enter and must stop (N3); no battle
    s = nv_state(units, phase="noncombat_move")
    reach = movement.reachable(s, [s.units[1]])
    assert "s3" in reach and "s4" not in reach
    s = apply(s, Move((1,), ("s3",)))
    assert s.units[1].space == "s3"


def test_submarine_may_not_end_noncombat_move_among_enemy_ships_without_a_frigate():
    # seed 001: hostile sea zones; only a frigate forces the stop (N3)
    s = nv_state([("s2", "red", "submarine", 1), ("s3", "blue", "destroyer", 1)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="Enemy units"):
        apply(s, Move((1,), ("s3",)))


def test_submarines_do_not_block_enemy_movement():
    # seed 001: "Does Not Block Enemy Movement: ... Any sea zone that contains only enemy
    # submarines does not stop the movement of a sea unit. ... Sea units can also end their
    # noncombat movement in a sea zone containing only enemy submarines."
    units = [("s2", "red", "cruiser", 1), ("s3", "blue", "submarine", 2)]
    s = nv_state(units)
    assert "s4" in movement.reachable(s, [s.units[1]])
    s = nv_state(units, phase="noncombat_move")
    s = apply(s, Move((1,), ("s3",)))
    assert s.units[1].space == "s3"


def test_ending_combat_move_with_only_enemy_submarines_is_an_attack():
    # seed 001: "Sea units ending their combat movement in a sea zone containing only enemy
    # submarines may choose to attack them or not." (N4: ending the combat move there attacks)
    s = nv_state([("s2", "red", "cruiser", 1), ("s3", "blue", "submarine", 1)])
    s = apply(apply(s, Move((1,), ("s3",))), EndPhase())
    assert s.zone.battles == ("s3",)


def test_surprise_strike_fires_first_and_its_casualties_do_not_fire_back():
    # seed 001: "Surprise Strike: Both attacking and defending submarines can make a Surprise
    # Strike by firing before any other units fire in a sea battle."
    s = sea_battle([("submarine", 1)], [("destroyer", 1)], dice=(1,))
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[0].step == "att_first_strike"
    s = apply(s, Casualties(ids(s, "blue", "destroyer")))
    assert s.zone.battle is None and not ids(s, "blue", "destroyer")   # sunk before it could fire
    assert ids(s, "red", "submarine")
    assert not any("Blueland fires" in line for line in s.log())


def test_defending_submarines_surprise_strike_too():
    # seed 001: "Both attacking and defending submarines can make a Surprise Strike"
    s = sea_battle([("destroyer", 1)], [("submarine", 1)], dice=(1,))
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "def_first_strike"


def test_frigate_cancels_surprise_strike():
    # seed 001: "If a frigate is in a battle, it cancels the following unit characteristics of
    # all enemy submarines in that battle: Surprise Strike, ..." / "submarines make their rolls
    # before any other units, unless an enemy frigate is present."
    s = sea_battle([("submarine", 1)], [("frigate", 1)], dice=(6, 6))
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_fire"


def test_allied_frigate_not_in_the_battle_cancels_nothing():
    # seed 001: "frigates belonging to a power friendly to the attacker that happen to be in the
    # same sea zone as the battle don't actually participate in it, therefore they don't cancel
    # any of these abilities of defending submarines."
    s = sea_battle([("destroyer", 1)], [("submarine", 1)], attacker="blue", defender="red",
                   extra=[("s3", "green", "frigate", 1)], dice=(6,))
    assert ids(s, "green", "frigate")[0] not in {u.uid for u in B.attackers(s, s.zone.battle)}
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "def_first_strike"


def test_submarine_submerges_and_leaves_the_battle():
    # seed 001: "Submersible: A submarine has the option of submerging. It can do this anytime
    # it would otherwise roll the die to fire. When a submarine submerges, it is removed from
    # the battle strip and placed back on the map. As a result, it can no longer fire or take
    # hits in that combat."
    s = sea_battle([("destroyer", 1)], [("submarine", 1), ("cruiser", 1)])
    sub = ids(s, "blue", "submarine")[0]
    s = apply(s, Submerge((sub,)))
    assert sub not in {u.uid for u in B.defenders(s, s.zone.battle)}
    assert s.units[sub].space == "s3"
    assert action_from_json(Submerge((sub,)).to_json()) == Submerge((sub,))


def test_submerging_ends_the_battle_when_nothing_else_is_left():
    # seed 001: Submersible -- "it can no longer fire or take hits in that combat"
    s = sea_battle([("destroyer", 1)], [("submarine", 2)])
    s = apply(s, Submerge(ids(s, "blue", "submarine")))
    assert s.zone.battle is None and s.zone.battles == ()
    assert len(ids(s, "blue", "submarine")) == 2 and len(ids(s, "red", "destroyer")) == 1


def test_no_submerging_with_an_enemy_frigate_in_the_battle():
    # seed 001: "However, a submarine cannot submerge if an enemy frigate is present in the battle."
    s = sea_battle([("frigate", 1)], [("submarine", 1)])
    with pytest.raises(IllegalAction, match="Frigate"):
        apply(s, Submerge(ids(s, "blue", "submarine")))


def test_submarines_cannot_hit_air_units():
    # seed 001: "Cannot Hit Air Units: When attacking or defending, submarines cannot hit air units."
    s = sea_battle([("submarine", 1)], [("aircraft_carrier", 1), ("fighter", 2)], dice=(1,))
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    targets = B.eligible(s, pool, B.defenders(s, s.zone.battle), B.firing_types_of(s, s.zone.battle, pool))
    assert {u.type for u in targets} == {"aircraft_carrier"}


def test_air_units_cannot_hit_submarines_unless_a_friendly_frigate_is_in_the_battle():
    # seed 001: "Cannot Be Hit by Air Units: When attacking or defending, hits scored by air
    # units cannot be assigned to submarines unless there is a frigate that is friendly to the
    # air units in the battle."
    base = [("s3", "blue", "aircraft_carrier", 1), ("s3", "blue", "fighter", 2)]
    s = sea_battle([("submarine", 1)], [], extra=base)
    sub = B.attackers(s, s.zone.battle)[0]
    pool = replace(Pool("attacker", 1), from_air=True)
    assert B.eligible(s, pool, [sub], {"fighter"}) == []
    assert B.eligible(s, pool, [sub], {"fighter", "frigate"}) == [sub]


# --- capital ships ---------------------------------------------------------------------------
def test_capital_ship_takes_two_hits_and_fights_on_damaged():
    # seed 001: "Cruisers require 2 hits to destroy. If an undamaged cruiser is hit once, even
    # by a submarine's Surprise Strike, turn it on its side to mark its damaged status. In the
    # case of a defending cruiser, do not move it behind the casualty strip unless it takes a
    # second hit."
    s = sea_battle([("submarine", 1)], [("cruiser", 1)], dice=(1, 1))
    s = apply(s, RollDice())            # surprise strike: one hit
    cru = ids(s, "blue", "cruiser")[0]
    if s.zone.battle.awaiting == "casualties":
        s = apply(s, Casualties((cru,)))
    assert s.units[cru].damage == 1
    assert cru in {u.uid for u in B.alive(s, B.defenders(s, s.zone.battle))}
    s = apply(s, RollDice())            # the damaged cruiser fires back at 4: a 1 hits
    assert s.zone.battle.rolls[-1].step == "def_fire"
    s = apply(s, Casualties(ids(s, "red", "submarine")))
    assert not ids(s, "red", "submarine") and s.units[cru].damage == 1


def test_damaged_capital_ship_repaired_at_operative_friendly_naval_base():
    # seed 001: "If a cruiser survives a combat having taken one hit, it can be repaired by a
    # visit to an operative friendly naval base (see Naval Bases)."
    s = nv_state([("s4", "blue", "cruiser", 1), ("s3", "blue", "aircraft_carrier", 1)],
                 phase="collect_income", player="red")
    s.units[1] = replace(s.units[1], damage=1)
    s.units[2] = replace(s.units[2], damage=1)
    s = apply(s, EndPhase())            # blue's turn begins
    assert s.player == "blue"
    assert s.units[1].damage == 0       # s4 borders b1's naval base
    assert s.units[2].damage == 1       # s3 borders none


# --- carriers --------------------------------------------------------------------------------
def test_carrier_takes_two_fighters_or_helicopters_never_strategic_bombers():
    # seed 001: "Aircraft carriers can carry fighters and/or helicopters, but never strategic
    # bombers." / "An aircraft carrier can carry up to two air units"
    units = [("s2", "red", "aircraft_carrier", 1), ("a2", "red", "fighter", 1),
             ("a2", "red", "helicopter", 2), ("a2", "red", "strategic_bomber", 1)]
    s = nv_state(units, phase="noncombat_move")
    fighter, helis, bomber = ids(s, "red", "fighter")[0], ids(s, "red", "helicopter"), ids(s, "red", "strategic_bomber")[0]
    s2 = apply(s, Move((fighter, helis[0]), ("s2",)))
    with pytest.raises(IllegalAction, match="carrier room"):
        apply(s2, Move((helis[1],), ("s2",)))
    with pytest.raises(IllegalAction, match="No carrier"):
        apply(s, Move((bomber,), ("s2",)))


def test_carrier_aircraft_defend_and_may_be_chosen_as_casualties():
    # seed 001: "Air Defense: Whenever an undamaged carrier is attacked, its aircraft (even those
    # belonging to friendly powers) are considered to be defending in the air and can be chosen
    # as casualties rather than the carrier."
    s = sea_battle([("cruiser", 1)], [("aircraft_carrier", 1)], extra=[("s3", "green", "fighter", 1)],
                   dice=(1,))
    fighter = ids(s, "green", "fighter")[0]
    assert s.units[fighter].carried_by == ids(s, "blue", "aircraft_carrier")[0]
    assert fighter in {u.uid for u in B.defenders(s, s.zone.battle)}
    s = apply(s, RollDice())
    s = apply(s, Casualties((fighter,)))
    assert fighter not in s.units or s.units[fighter].damage == 1


def test_damaged_carrier_cannot_launch_or_take_aircraft():
    # seed 001: "A damaged carrier cannot conduct air operations, which means that no air units
    # may take off from or land on it. Any guest air units that were on board the carrier as
    # cargo at the time when it was damaged are trapped onboard and cannot leave, attack, or
    # defend until the carrier is repaired."
    units = [("s2", "red", "aircraft_carrier", 1), ("s2", "red", "fighter", 1), ("a2", "red", "helicopter", 1)]
    s = nv_state(units, phase="noncombat_move")
    carrier, fighter, heli = 1, 2, 3
    assert s.units[fighter].carried_by == carrier
    s.units[carrier] = replace(s.units[carrier], damage=1)
    with pytest.raises(IllegalAction, match="trapped"):
        apply(s, Move((fighter,), ("a2",)))
    with pytest.raises(IllegalAction):
        apply(s, Move((heli,), ("s2",)))
    assert "s2" not in movement.landing_spots(s, "red")


def test_aircraft_on_a_damaged_carrier_are_cargo_and_lost_with_it():
    # seed 001: "When a damaged carrier is attacked, any air units on board are considered cargo
    # and cannot defend. If the carrier is lost, they are lost along with it."
    s = nv_state([("s3", "blue", "aircraft_carrier", 1), ("s3", "blue", "fighter", 2),
                  ("s3", "red", "cruiser", 1)], dice=(1,), phase="conduct_combat")
    s.units[1] = replace(s.units[1], damage=1)
    s.units[4] = replace(s.units[4], in_combat=True)
    s.zone.battles, s.zone.origins = ("s3",), {"s3": ("s2",)}
    s = apply(s, SelectBattle("s3"))
    assert [u.type for u in B.defenders(s, s.zone.battle)] == ["aircraft_carrier"]
    s = apply(s, RollDice())            # the cruiser sinks the damaged carrier
    if s.zone.battle is not None and s.zone.battle.awaiting == "casualties":
        s = apply(s, Casualties((1,)))
    s = roll_until(s, "def_fire")
    assert not ids(s, "blue", "aircraft_carrier") and not ids(s, "blue", "fighter")


def test_defending_carrier_damaged_in_battle_launches_its_aircraft():
    # seed 001: "Air units based on a defending carrier must land on the same carrier if possible
    # after the battle. If that carrier is destroyed or damaged in combat, they must try to land
    # on a different friendly carrier in the same sea zone, move one space to a friendly carrier
    # or territory, or be destroyed." (N5)
    s = sea_battle([("cruiser", 1)], [("aircraft_carrier", 1), ("fighter", 1)], space="s4",
                   dice=(1, 6, 6))
    carrier, fighter = ids(s, "blue", "aircraft_carrier")[0], ids(s, "blue", "fighter")[0]
    s = apply(s, RollDice())
    s = apply(s, Casualties((carrier,)))
    assert s.units[carrier].damage == 1 and s.units[fighter].carried_by is None
    assert fighter in {u.uid for u in B.defenders(s, s.zone.battle)}   # it still defends this battle
    s = apply(s, RollDice())            # blue misses (6, 6)
    assert s.zone.battle.awaiting == "continue"
    # the attacker retreats: the fighter must land elsewhere (a bordering friendly territory)
    from game.rules.actions import Retreat
    s = apply(s, Retreat("s2"))
    assert s.units[fighter].space in ("b2", "b1", "i")


# --- amphibious assault ships ------------------------------------------------------------------
def _loaded(units, *, phase="combat_move"):
    return nv_state(units, phase=phase)


def test_amphibious_assault_ship_carries_one_land_unit_plus_one_infantry():
    # seed 001: "Its capacity is any one land unit, plus one additional infantry. Thus, a full
    # amphibious assault ship may carry either a tank, APC, LAV, artillery, hovercraft,
    # antiaircraft gun or missile plus an infantry, or two infantry."
    ship = [("s2", "red", "amphibious_assault_ship", 1)]
    s = _loaded(ship + [("a2", "red", "tank", 1), ("a2", "red", "infantry", 1)], phase="noncombat_move")
    s = apply(s, Move((2, 3), ("s2",)))
    assert s.units[2].carried_by == 1 and s.units[3].carried_by == 1
    s = _loaded(ship + [("a2", "red", "infantry", 2)], phase="noncombat_move")
    s = apply(s, Move((2, 3), ("s2",)))
    assert s.units[3].carried_by == 1
    s = _loaded(ship + [("a2", "red", "tank", 1), ("a2", "red", "artillery", 1)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="transport room"):
        apply(s, Move((2, 3), ("s2",)))


def test_amphibious_assault_ship_carries_only_land_units():
    # seed 001: "Amphibious assault ships can carry only land units."
    s = _loaded([("s2", "red", "amphibious_assault_ship", 1)])
    assert s.utype(s.units[1]).ability("transport").domains == ("land",)
    assert s.utype("fighter").transport_cost is None


def test_amphibious_assault_ship_never_fires_when_attacking_and_defends_at_one():
    # seed 001: "it has a defensive combat value of 1. This means that an amphibious assault
    # ship cannot fire in the attacking units' fire steps, only in the defending units' fire step."
    s = sea_battle([("amphibious_assault_ship", 1), ("destroyer", 1)], [("amphibious_assault_ship", 1)])
    _, shooters, _ = B.step_shooters(s, s.zone.battle, "att_fire")
    assert [u.type for u, _ in shooters] == ["destroyer"]
    _, shooters, _ = B.step_shooters(s, s.zone.battle, "def_fire")
    assert [(u.type, v) for u, v in shooters] == [("amphibious_assault_ship", 1)]


def test_cargo_is_destroyed_with_its_ship():
    # seed 001: "Land units on a transport are cargo; they cannot attack or defend while at sea
    # and are destroyed if their amphibious assault ship is destroyed."
    s = nv_state([("s3", "blue", "amphibious_assault_ship", 1), ("m", "blue", "infantry", 1),
                  ("s2", "red", "destroyer", 1)], phase="noncombat_move", player="blue")
    s = apply(s, Move((2,), ("s3",)))
    assert s.units[2].carried_by == 1
    s.phase_idx = s.ruleset.phases.index("conduct_combat")
    s.player_idx = 0
    s.units[3] = replace(s.units[3], in_combat=True, space="s3")
    s.zone.battles, s.zone.origins, s.scripted_dice = ("s3",), {"s3": ("s2",)}, (1, 6)
    s = apply(s, SelectBattle("s3"))
    assert [u.type for u in B.defenders(s, s.zone.battle)] == ["amphibious_assault_ship"]
    s = roll_until(s, "def_fire")
    assert 2 not in s.units


def test_no_loading_or_offloading_in_a_hostile_sea_zone_submarines_ignored():
    # seed 001: "An amphibious assault ship cannot load or offload while in a hostile sea zone.
    # Remember that hostile sea zones contain enemy units, but that for purposes of determining
    # the status of a sea zone, submarines are ignored."
    base = [("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 1)]
    s = nv_state(base + [("s2", "blue", "destroyer", 1)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="no loading"):
        apply(s, Move((2,), ("s2",)))
    s = nv_state(base + [("s2", "blue", "submarine", 1)], phase="noncombat_move")
    s = apply(s, Move((2,), ("s2",)))
    assert s.units[2].carried_by == 1


def test_bridging_and_no_move_after_offloading():
    # seed 001: "An amphibious assault ship can load and offload units without moving from the
    # friendly sea zone it is in (this is known as "bridging"). ... once it offloads, it cannot
    # move, load, or offload again that turn." / "Whenever an amphibious assault ship offloads,
    # it cannot move again that turn."
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 1)],
                 phase="noncombat_move")
    s = apply(s, Move((2,), ("s2",)))
    s.units[2] = replace(s.units[2], moved=0)
    s = apply(s, Move((2,), ("a2",)))           # offload straight back: a bridge
    assert s.units[2].space == "a2" and s.units[1].unloaded
    with pytest.raises(IllegalAction, match="unloaded"):
        apply(s, Move((1,), ("s1",)))


def test_loading_is_a_land_units_entire_move():
    # seed 001: "Loading onto and/or offloading from a transport counts as a land unit's entire
    # move; it cannot move before loading or after offloading."
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a1", "red", "tank", 1)],
                 phase="noncombat_move")
    s = apply(s, Move((2,), ("a2",)))
    with pytest.raises(IllegalAction):
        apply(s, Move((2,), ("s2",)))


def test_amphibious_assault_only_way_into_hostile_territory_and_no_retreat():
    # seed 001: "An amphibious assault ship can take part in an amphibious assault step of the
    # Conduct Combat phase. That is the only time an amphibious assault ship can offload into a
    # hostile territory." (landed units cannot retreat)
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 2)])
    s = apply(s, Move((2, 3), ("s2",)))
    s = apply(s, Move((2, 3), ("m",)))
    assert s.units[2].amphibious and s.units[2].in_combat
    assert s.zone.landings["m"] == ("s2",)


# --- shore bombardment -------------------------------------------------------------------------
def _assault(ships, landed=1, fought=False):
    units = [("s2", "red", t, n) for t, n in ships] + [("s2", "red", "amphibious_assault_ship", 1),
                                                        ("a2", "red", "infantry", landed),
                                                        ("m", "blue", "infantry", 2)]
    s = nv_state(units)
    ship_ids = ids(s, "red", "amphibious_assault_ship")
    inf = ids(s, "red", "infantry")
    s = apply(s, Move(inf, ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    if fought:
        for t, _ in ships:
            for uid in ids(s, "red", t):
                s.units[uid] = replace(s.units[uid], in_combat=True)
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    return s, ship_ids


def test_cruisers_bombard_at_four_and_destroyers_at_three():
    # seed 001: "When bombarding, cruisers hit with a die roll of "4" or less." / "When
    # bombarding, destroyers hit with a die roll of 3 or less."
    s, _ = _assault([("cruiser", 1), ("destroyer", 1)], landed=2)
    _, shooters, _ = B.step_shooters(s, s.zone.battle, "bombard")
    assert sorted((u.type, v) for u, v in shooters) == [("cruiser", 4), ("destroyer", 3)]


def test_bombardment_limited_to_one_ship_per_land_unit_offloaded():
    # seed 001: "The number of cruisers and destroyers that can bombard during an amphibious
    # assault is limited to one ship per land unit being offloaded from the amphibious assault
    # ships in that coastal territory."
    s, _ = _assault([("cruiser", 1), ("destroyer", 2)], landed=1)
    assert len(s.zone.battle.bombard) == 1


def test_no_bombardment_after_a_sea_combat():
    # seed 001: "Cruisers and destroyers cannot conduct offshore bombardment if they were
    # involved in a sea combat prior to the amphibious assault."
    s, _ = _assault([("cruiser", 1)], landed=1, fought=True)
    assert s.zone.battle.bombard == ()


def test_bombardment_casualties_fire_back():
    # seed 001: "Casualties resulting from the bombardment are moved behind the casualty strip."
    # (they still fire back in the defenders' step: docs/interpretations.md)
    s, _ = _assault([("cruiser", 1)], landed=1)
    s = replace(s, scripted_dice=(1,) + (6,) * 10)
    s = apply(s, RollDice())
    pool = s.zone.battle.pools[0]
    assert not pool.immediate


def test_bombardment_casualties_fire_back_when_it_takes_every_defender():
    # seed 001: "Casualties resulting from the bombardment are moved behind the casualty
    # strip." Units behind the strip fire back, also when the bombardment took them all
    # (issue #41 item 11): the two infantry fire in the defenders' step, then the attacker wins
    s, _ = _assault([("cruiser", 1), ("destroyer", 1)], landed=2)
    s = replace(s, scripted_dice=(1, 1, 2, 6))
    s = apply(s, RollDice())                      # cruiser 1, destroyer 1: two hits
    s = apply(s, default_casualties(s))
    assert s.zone.battle is not None
    s = apply(s, RollDice())                      # the marked infantry fire: 2 (hit), 6
    roll = s.zone.battle.rolls[-1]
    assert roll.step == "def_fire" and roll.side == "defender" and roll.hits == 1
    s = apply(s, default_casualties(s))
    assert s.zone.battle is None and s.zone.last_battle.outcome == "attacker"
    assert len(ids(s, "red", "infantry")) == 1


# --- whole game, lint, odds ----------------------------------------------------------------------
def test_lint_warns_on_seed_001_contradictions():
    # seed 001 contradictions N1-N9 are lint warnings (docs/interpretations.md)
    from game.rules.ruleset import load_ruleset_file
    _, diags = load_ruleset_file(ROOT / "scenarios" / "rulesets" / "modern-naval.yaml")
    refs = {d.message.split(" for unit")[0].split()[-1] for d in diags if "seed contradiction" in d.message}
    assert refs == {f"N{k}" for k in range(1, 10)}
    assert not [d for d in diags if d.severity == "error"]


def test_odds_for_modern_naval_forces():
    # odds: frigates cancel submarine abilities in the calculator as in the game
    from game.odds.api import battle_odds
    r = battle_odds("modern-naval", [("submarine", 2)], [("frigate", 1), ("aircraft_carrier", 1),
                                                          ("fighter", 2)], terrain="sea",
                    method="sim", trials=200, seed=1)
    assert 0.0 <= r.attacker_wins <= 1.0 and r.defender_wins > 0.5


def test_sarn_gulf_plays_to_the_end():
    from game.selfplay import play_out
    out, session = play_out("sarn_gulf_2031", 1)
    # play_out reports a draw as winner None
    assert session.state.over and out["winner"] in ("opfor", "allies", None) and out["turns"] >= 1


def test_sarn_gulf_scenario_shape():
    # issue 5: 20+ sea zones, islands, coasts, naval bases, amphibious objectives
    from game.rules.ruleset import load_scenario
    sc = load_scenario("sarn_gulf_2031")
    seas = [s for s in sc.spaces.values() if s.is_sea]
    assert len(seas) >= 20
    assert sum(1 for s in sc.spaces.values() if s.naval_base) >= 4
    islands = [s for s in sc.spaces.values() if not s.is_sea
               and all(sc.spaces[a].is_sea for a in s.adjacent)]
    assert len(islands) >= 5 and all(s.victory_city for s in islands)
    assert {p.alliance for p in sc.players} == {"opfor", "allies"}
    _ = production  # (imported for the placement helpers used by other tests)


def test_offload_into_one_territory_a_turn_and_not_after_retreating():
    # seed 001: "An amphibious assault ship cannot offload in two territories during a single
    # turn" / "If an amphibious assault ship retreats, it cannot offload that turn."
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 2)],
                 phase="noncombat_move")
    s = apply(s, Move((2, 3), ("s2",)))
    s = apply(s, Move((2,), ("a2",)))
    s = apply(s, Move((3,), ("a2",)))             # the same territory again: allowed
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 2)],
                 phase="noncombat_move")
    s = apply(s, Move((2, 3), ("s2",)))
    s.owners["m"] = "red"
    s = apply(s, Move((2,), ("a2",)))
    with pytest.raises(IllegalAction, match="two territories"):
        apply(s, Move((3,), ("m",)))
    # retreated: no offloading
    s = sea_battle([("amphibious_assault_ship", 1), ("destroyer", 1)], [("frigate", 1)],
                   extra=[("s3", "red", "infantry", 1)], dice=(6, 6, 6))
    ship, inf = ids(s, "red", "amphibious_assault_ship")[0], ids(s, "red", "infantry")[0]
    s.units[inf] = replace(s.units[inf], carried_by=ship)
    while s.zone.battle.awaiting != "continue":
        s = apply(s, RollDice())
    from game.rules.actions import Retreat
    s = apply(s, Retreat("s2"))
    s.phase_idx = s.ruleset.phases.index("noncombat_move")
    with pytest.raises(IllegalAction, match="retreated"):
        apply(s, Move((inf,), ("a2",)))


def test_guest_aircraft_are_cargo_on_the_carrier_owners_turn_and_move_with_it():
    # seed 001: "Air units on a friendly power's carrier are always treated as cargo on the
    # carrier owner's turn." / "They move along with the carrier on its turn if they belong to
    # different powers."
    s = nv_state([("s4", "blue", "aircraft_carrier", 1), ("s4", "green", "fighter", 1),
                  ("s3", "red", "destroyer", 1)], player="blue")
    s = apply(s, Move((1,), ("s3",)))
    assert s.units[2].space == "s3"
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s3"))
    assert [u.type for u in B.attackers(s, s.zone.battle)] == ["aircraft_carrier"]


def test_aircraft_without_a_landing_space_after_noncombat_are_destroyed():
    # seed 001: "Any air units that are not in an eligible landing space by the end of the
    # Noncombat Move phase are destroyed"
    s = nv_state([("s3", "red", "fighter", 1), ("a1", "red", "infantry", 1)], phase="noncombat_move")
    s = apply(s, EndPhase())
    assert 1 not in s.units


def test_ship_picks_up_cargo_on_the_way():
    # seed 001: "An amphibious assault ship can pick up cargo, move one sea zone, pick up more
    # cargo, move one more sea zone, and offload the cargo at the end of its movement."
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 1),
                  ("a1", "red", "infantry", 1)], phase="noncombat_move")
    s = apply(s, Move((2,), ("s2",)))
    s = apply(s, Move((1,), ("s1",)))
    s = apply(s, Move((3,), ("s1",)))
    s = apply(s, Move((1,), ("s2",)))
    assert s.units[2].carried_by == 1 and s.units[3].carried_by == 1
    s = apply(s, Move((2, 3), ("a2",)))
    assert s.units[2].space == s.units[3].space == "a2"


def test_lint_warns_when_a_side_has_no_price(tmp_path):
    # seed 001: costs are given for the Allies and Opfor only; a scenario side named otherwise
    # could buy none of the six units
    from game.rules.ruleset import load_scenario_file
    bad = tmp_path / "bad.yaml"
    bad.write_text((FIXTURES / "mini_naval.yaml").read_text().replace(
        "alliance: opfor", "alliance: red_side").replace("opfor: 3", "red_side: 3"))
    _, diags = load_scenario_file(bad)
    assert any("no price for aircraft_carrier" in d.message and d.severity == "warning" for d in diags)


def test_trapped_aircraft_stay_aboard_and_no_aircraft_board_a_damaged_carrier():
    # seed 001: "A damaged carrier cannot conduct air operations, which means that no air units
    # may take off from or land on it." (aircraft are put aboard carriers after the non-combat move)
    s = nv_state([("s2", "red", "aircraft_carrier", 2), ("s2", "red", "fighter", 1),
                  ("a2", "red", "fighter", 1)], phase="noncombat_move")
    s.units[1] = replace(s.units[1], damage=1)
    s.units[3] = replace(s.units[3], carried_by=1)          # trapped aboard the damaged carrier
    s = apply(s, Move((4,), ("s2",)))
    s = apply(s, EndPhase())
    assert s.units[3].carried_by == 1 and s.units[4].carried_by == 2


def test_own_carrier_aircraft_launch_before_the_carrier_moves():
    # seed 001: "Carrier aircraft move independently of the carrier on their own turn. ... On
    # the air units' turn, they launch before the carrier moves, even if they are not leaving
    # the sea zone themselves. It's possible for the carrier to make a combat movement while
    # leaving its aircraft behind to make a noncombat movement later."
    s = nv_state([("s4", "blue", "aircraft_carrier", 1), ("s4", "blue", "fighter", 1),
                  ("s4", "green", "helicopter", 1), ("s2", "red", "destroyer", 1)], player="blue")
    s = apply(s, Move((1,), ("s3", "s2")))
    assert s.units[2].space == "s4" and s.units[2].carried_by is None   # blue's own fighter stays
    assert s.units[3].space == "s2"                                        # green's rides along
    assert movement.moves_left(s, s.units[2]) == 4


def test_friendly_powers_land_units_ride_allied_ships():
    # seed 001: "An amphibious assault ship can carry land units belonging to you or to friendly
    # powers." / "Land units belonging to friendly powers must load on their controller's turn,
    # be carried on your turn, and offload on a later turn of their controller. This is true
    # even if the amphibious assault ship remains in the same sea zone."
    s = nv_state([("s5", "blue", "amphibious_assault_ship", 1), ("c", "green", "infantry", 1)],
                 phase="noncombat_move", player="green")
    s = apply(s, Move((2,), ("s5",)))
    assert s.units[2].carried_by == 1
    with pytest.raises(IllegalAction, match="later turn"):
        apply(s, Move((2,), ("c",)))              # not on the turn it boarded, even in place
    # blue's turn: the ship carries green's infantry; blue cannot offload it
    s.zone.ro3_moves, s.player_idx = {}, 1
    s.units[2] = replace(s.units[2], moved=0)
    s = apply(s, Move((1,), ("s4",)))
    assert s.units[2].space == "s4"
    with pytest.raises(IllegalAction, match="not yours"):
        apply(s, Move((2,), ("b2",)))
    # green's next turn: it offloads
    s.zone.ro3_moves, s.player_idx = {}, 2
    s.units[1] = replace(s.units[1], moved=0)
    s = apply(s, Move((2,), ("b2",)))
    assert s.units[2].space == "b2"


def test_legal_actions_offer_submerging():
    # seed 001: Submersible -- an option whenever the submarine could otherwise roll
    from game.rules.actions import legal_actions
    s = sea_battle([("submarine", 1)], [("destroyer", 1)])
    assert Submerge(ids(s, "red", "submarine")) in legal_actions(s)
    s = sea_battle([("submarine", 1)], [("frigate", 1)])
    assert not any(isinstance(a, Submerge) for a in legal_actions(s))


def test_a_sea_zone_where_a_new_carrier_will_be_placed_is_a_landing_space():
    # seed 001: Aircraft Carriers, "Any air units that are not in an eligible landing space by
    # the end of the Noncombat Move phase are destroyed (note that this can include a sea zone
    # in which a new carrier will be placed during the Mobilize New Units phase)."
    s = nv_state([("b2", "blue", "fighter", 3), ("b1", "blue", "infantry", 1)],
                 phase="noncombat_move", player="blue")
    s.zone.purchased = {"blue|aircraft_carrier": 1}
    assert "s4" in movement.reachable(s, [s.units[1]])          # s4 borders blue's factory b1
    s = apply(s, Move((1,), ("s4",)))
    s = apply(s, Move((2,), ("s4",)))
    with pytest.raises(IllegalAction, match="carrier"):          # its room is counted: two
        apply(s, Move((3,), ("s4",)))
    s = apply(s, EndPhase())
    assert s.phase == "place" and s.units[1].space == s.units[2].space == "s4"
    with pytest.raises(IllegalAction, match="wait for the Aircraft Carrier"):
        apply(s, Place("aircraft_carrier", "s5"))              # it must go where they wait
    placed = apply(apply(s, Place("aircraft_carrier", "s4")), EndPhase())
    carrier = ids(placed, "blue", "aircraft_carrier")[0]
    assert placed.units[1].carried_by == placed.units[2].carried_by == carrier
    # the place phase does not end before it is placed there (as TripleA requires)
    with pytest.raises(IllegalAction, match="wait for the Aircraft Carrier"):
        apply(s, EndPhase())
    assert EndPhase() not in legal_actions(s) and Place("aircraft_carrier", "s4") in legal_actions(s)


def test_fighters_may_attack_counting_on_a_carrier_to_be_placed():
    # seed 001: Aircraft Carriers, "... a sea zone in which a new carrier will be placed" is a
    # landing space, so the fuel rule of the combat move counts it too
    s = nv_state([("s4", "red", "fighter", 1), ("s2", "blue", "destroyer", 1)])
    s.owners["a2"] = s.turn_owners["a2"] = "blue"
    s.units[1] = replace(s.units[1], moved=1)                   # 3 left: s2 is 2 away, then
    assert "s2" not in movement.reachable(s, [s.units[1]])      # no landing within 1 of s2 ...
    s.zone.purchased = {"red|aircraft_carrier": 1}
    assert "s2" in movement.reachable(s, [s.units[1]])          # ... but s1, next to a1


# --- issue 41: the non-combat move of ships and carriers ----------------------------------
def test_a_ship_that_moved_in_the_combat_move_does_not_move_in_the_noncombat_move():
    # seed 001: Aircraft Carriers, "Carriers may also move, providing that they did not move
    # during combat movement or participate in combat." -- the usual A&A rule, for every ship
    s = nv_state([("s1", "red", "aircraft_carrier", 1), ("s1", "red", "destroyer", 1),
                  ("s1", "red", "cruiser", 1)])
    s = apply(s, Move((1,), ("s2",)))                       # a carrier moves in the combat move
    s = apply(s, Move((2,), ("s2",)))                       # and a destroyer
    s = apply(s, EndPhase())
    s = apply(s, EndPhase())                                # no battles: to the non-combat move
    assert s.phase == "noncombat_move"
    for uid in (1, 2):
        with pytest.raises(IllegalAction, match="moved in the combat move"):
            apply(s, Move((uid,), ("s3",)))
        assert movement.reachable(s, [s.units[uid]]) == {}
    s = apply(s, Move((3,), ("s2",)))                       # the cruiser stayed: it may move,
    s = apply(s, Move((3,), ("s3",)))                       # even twice within its allowance
    assert s.units[3].space == "s3"


def test_aircraft_of_a_damaged_carrier_may_fly_one_space_to_a_friendly_carrier():
    # seed 001: Aircraft Carriers, "If that carrier is destroyed or damaged in combat, they must
    # try to land on a different friendly carrier in the same sea zone, move one space to a
    # friendly carrier or territory, or be destroyed." (no friendly land borders s6 here)
    s = sea_battle([("cruiser", 1)], [("aircraft_carrier", 1), ("fighter", 1)], space="s6",
                   dice=(1, 6, 6), extra=[("s5", "blue", "aircraft_carrier", 1)])
    s.owners["c"] = "red"
    carrier, other = ids(s, "blue", "aircraft_carrier")
    fighter = ids(s, "blue", "fighter")[0]
    if s.units[carrier].space != "s6":
        carrier, other = other, carrier
    s = apply(s, RollDice())
    s = apply(s, Casualties((carrier,)))
    s = apply(s, RollDice())            # blue misses (6, 6)
    from game.rules.actions import Retreat
    s = apply(s, Retreat("s2"))
    assert s.units[fighter].space == "s5" and s.units[fighter].carried_by == other


def test_a_carrier_may_not_leave_aircraft_that_have_no_other_landing_space():
    # seed 001: Aircraft Carriers, "In fact, a carrier must move if it's able, or remain in
    # place, in order to provide a landing space for an air unit that would not otherwise
    # have one."
    s = nv_state([("s4", "red", "aircraft_carrier", 1), ("s4", "red", "fighter", 1)],
                 phase="noncombat_move")
    s.units[2] = replace(s.units[2], moved=4)               # flew in: no movement left
    with pytest.raises(IllegalAction, match="Fighter in Sea Four.*no other landing space"):
        apply(s, Move((1,), ("s5",)))
    assert movement.reachable(s, [s.units[1]]) == {}
    # with one move left to the fighter, the carrier may go one zone (still in its reach)
    s.units[2] = replace(s.units[2], moved=3)
    assert set(movement.reachable(s, [s.units[1]])) == {"s3", "s5"}
    # a second carrier stays with it: the first one may go
    s2 = nv_state([("s4", "red", "aircraft_carrier", 2), ("s4", "red", "fighter", 1)],
                  phase="noncombat_move")
    s2.units[3] = replace(s2.units[3], moved=4)
    assert apply(s2, Move((1,), ("s5",))).units[1].space == "s5"
    # a carrier may always move to give stranded aircraft a landing space
    s3 = nv_state([("s4", "red", "aircraft_carrier", 1), ("s2", "red", "fighter", 1)],
                  phase="noncombat_move")
    s3.units[2] = replace(s3.units[2], moved=4)
    assert apply(s3, Move((1,), ("s3", "s2"))).units[1].space == "s2"


def test_cargo_loaded_in_the_combat_move_must_be_offloaded_earlier_cargo_may_stay():
    # seed 001: Amphibious Assault Ships, "During an amphibious assault, an amphibious assault
    # ship must either offload all units that were loaded during the Combat Move phase or
    # retreat during sea combat. It can also offload any number of units ... already on board
    # at the start of the turn." / "It can also remain at sea with the cargo still aboard (but
    # only if the cargo remaining aboard was loaded in a previous turn or was loaded this turn
    # in the Noncombat Move phase)."
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("a2", "red", "infantry", 1),
                  ("s2", "red", "tank", 1), ("s4", "blue", "destroyer", 1)])
    s.units[3] = replace(s.units[3], carried_by=1)          # the tank came aboard last turn
    s = apply(s, Move((2,), ("s2",)))                       # loaded in the combat move
    with pytest.raises(IllegalAction, match="loaded in this combat move"):
        apply(s, EndPhase())                                # Middle (blue) can be assaulted
    for dest in ("s1", "s4"):                               # nothing to assault / a sea battle
        with pytest.raises(IllegalAction, match="loaded in this combat move"):
            apply(s, Move((1,), (dest,) if dest == "s1" else ("s3", "s4")))
    s = apply(s, Move((1,), ("s3",)))                       # Beta Minor borders Sea Three
    s = apply(s, Move((2,), ("b2",)))                       # the infantry assaults; the tank
    s = apply(s, EndPhase())                                # loaded earlier stays aboard
    assert s.units[3].carried_by == 1 and s.units[2].space == "b2"


def test_helicopters_carry_one_special_forces_lav_or_artillery_into_a_territory():
    # seed 001: Amphibious Assault Ships, "Marine transport by helicopters (sitrep)": "Each of
    # your helicopters can act as a transport for up to one special force unit, or one light
    # armored vehicle (LAV) unit, or one artillery unit into a territory" (N7)
    from game.rules.actions import Airdrop
    for cargo in ("special_forces", "lav", "artillery"):
        s = nv_state([("a2", "red", "helicopter", 1), ("a2", "red", cargo, 1),
                      ("m", "blue", "infantry", 1)])
        s = apply(s, Airdrop((1, 2), "m"))                  # an air assault in the combat move
        assert s.units[1].space == s.units[2].space == "m"
        assert s.units[2].carried_by is None and s.units[2].in_combat   # it fights at once
        s = apply(s, EndPhase())
        s = apply(s, SelectBattle("m"))
        assert {u.type for u in B.attackers(s, s.zone.battle)} == {"helicopter", cargo}
    s = nv_state([("a2", "red", "helicopter", 1), ("a2", "red", "infantry", 1),
                  ("a2", "red", "special_forces", 2)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="cannot be carried"):
        apply(s, Airdrop((1, 2), "a1"))                     # infantry is not among them
    with pytest.raises(IllegalAction, match="at most 1 unit"):
        apply(s, Airdrop((1, 3, 4), "a1"))                  # one unit per helicopter
    s = apply(s, Airdrop((1, 3), "a1"))                     # a flight in the non-combat move
    assert s.units[1].space == s.units[3].space == "a1"


def test_helicopters_lift_units_off_amphibious_assault_ships_into_a_territory():
    # seed 001: "Marine transport by helicopters (sitrep): In addition to the cargo on board an
    # amphibious assault ship. A helicopter can load and offload a unit from amphibious assault
    # ships before, during, and after it moves." (N7)
    from game.rules.actions import Airdrop
    s = nv_state([("s2", "red", "amphibious_assault_ship", 1), ("s2", "red", "special_forces", 1),
                  ("s2", "red", "aircraft_carrier", 1), ("s2", "red", "helicopter", 1),
                  ("m", "blue", "infantry", 1)])
    s.units[2] = replace(s.units[2], carried_by=1)          # aboard since an earlier turn
    s.units[4] = replace(s.units[4], carried_by=3)          # the helicopter on its carrier
    t = apply(s, Airdrop((2, 4), "m"))                      # ship to shore, an air assault
    assert t.units[2].space == t.units[4].space == "m"
    assert t.units[2].carried_by is None and t.units[4].carried_by is None and t.units[2].in_combat
    assert not t.units[1].unloaded                          # the ship itself did not offload
    hostile = s.copy()
    hostile.units[99] = replace(s.units[1], uid=99, owner="blue", type="destroyer")
    with pytest.raises(IllegalAction, match="Enemy ships hold Sea Two"):
        apply(hostile, Airdrop((2, 4), "m"))
    s.units[2] = replace(s.units[2], moved=1)               # loaded this turn: no move left
    with pytest.raises(IllegalAction, match="already moved"):
        apply(s, Airdrop((2, 4), "m"))


def test_helicopters_set_their_unit_aboard_an_amphibious_assault_ship_at_sea():
    # seed 001: Marine transport by helicopters: "A helicopter can load and offload a unit
    # from amphibious assault ships before, during, and after it moves. Each of your
    # helicopters can act as a transport for up to one special force unit ... into a
    # territory and/or sea zones (fleet)." (N7)
    from game.rules.actions import Airdrop
    units = [("a2", "red", "helicopter", 1), ("a2", "red", "special_forces", 1),
             ("s3", "red", "amphibious_assault_ship", 1), ("s3", "red", "aircraft_carrier", 1)]
    s = nv_state(units, phase="noncombat_move")
    heli, sf, ship, carrier = 1, 2, 3, 4
    t = apply(s, Airdrop((heli, sf), "s3"))
    assert t.units[sf].space == "s3" and t.units[sf].carried_by == ship
    assert t.units[heli].space == "s3" and movement.moves_left(t, t.units[heli]) == 0
    t = apply(t, EndPhase())                                  # the helicopter lands on the carrier
    assert t.units[heli].carried_by == carrier
    # no landing space for the helicopter there: refused, as for any aircraft
    no_carrier = nv_state(units[:3], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="No carrier in Sea Three can take these aircraft"):
        apply(no_carrier, Airdrop((heli, sf), "s3"))
    # no ship of the player's with room: the ship already holds a LAV and an infantry
    full = nv_state(units + [("s3", "red", "lav", 1), ("s3", "red", "infantry", 1)], phase="noncombat_move")
    full.units[5] = replace(full.units[5], carried_by=ship)
    full.units[6] = replace(full.units[6], carried_by=ship)
    with pytest.raises(IllegalAction, match="has room for the Special Forces"):
        apply(full, Airdrop((heli, sf), "s3"))
    # enemy units in the zone: no cargo is set down there (no battle at sea for land units)
    hostile = nv_state(units + [("s3", "blue", "submarine", 1)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="Enemy units are in Sea Three"):
        apply(hostile, Airdrop((heli, sf), "s3"))
    # another power's ship is not the player's amphibious assault ship
    allied = nv_state([("b2", "blue", "helicopter", 1), ("b2", "blue", "lav", 1),
                       ("s4", "green", "amphibious_assault_ship", 1), ("s4", "blue", "aircraft_carrier", 1)],
                      phase="noncombat_move", player="blue")
    with pytest.raises(IllegalAction, match="No Amphibious Assault Ship of yours is in Sea Four"):
        apply(allied, Airdrop((1, 2), "s4"))


def test_helicopters_reinforce_a_ship_in_the_combat_move_for_an_amphibious_assault():
    # seed 001: Marine transport by helicopters, "into a territory and/or sea zones (fleet)";
    # units set aboard in the combat move join that turn's amphibious assault, as units
    # boarding a ship in the combat move do (Amphibious Assault Ships; N7)
    from game.rules.actions import Airdrop
    units = [("a2", "red", "helicopter", 1), ("a2", "red", "lav", 1),
             ("s3", "red", "amphibious_assault_ship", 1), ("s3", "red", "aircraft_carrier", 1),
             ("m", "blue", "infantry", 1)]
    s = nv_state(units)
    heli, lav, ship = 1, 2, 3
    t = apply(s, Airdrop((heli, lav), "s3"))
    assert t.units[lav].carried_by == ship and not t.units[heli].in_combat
    assert "offload them" in movement.combat_cargo_pending(t, "red")   # it must go ashore this turn
    t = apply(t, Move((lav,), ("m",)))                       # the amphibious assault
    assert t.units[lav].space == "m" and t.units[lav].in_combat
    # a ship that can assault nothing this turn takes no cargo in the combat move
    spent = nv_state([("a2", "red", "helicopter", 1), ("a2", "red", "lav", 1),
                      ("s1", "red", "amphibious_assault_ship", 1), ("s1", "red", "aircraft_carrier", 1)])
    spent.units[3] = replace(spent.units[3], moved=2)
    with pytest.raises(IllegalAction, match="can reach no territory to assault"):
        apply(spent, Airdrop((heli, lav), "s1"))


def test_helicopters_pick_a_unit_up_off_a_ship_on_their_way():
    # seed 001: Marine transport by helicopters: "A helicopter can load and offload a unit
    # from amphibious assault ships before, during, and after it moves." (N7)
    from game.rules.actions import Airdrop
    s = nv_state([("a2", "red", "helicopter", 1), ("s2", "red", "amphibious_assault_ship", 1),
                  ("s2", "red", "artillery", 1), ("m", "blue", "infantry", 1)])
    heli, ship, art = 1, 2, 3
    s.units[art] = replace(s.units[art], carried_by=ship)     # aboard since an earlier turn
    act = Airdrop((heli, art), "m", via="s2")                 # Alpha Minor - Sea Two - Middle
    assert action_from_json(json.loads(json.dumps(act.to_json()))) == act
    old = {"kind": "airdrop", "units": [1, 3], "to": "m"}                  # saves before `via`
    assert action_from_json(old).via == "" and action_from_json(old).to_json() == old
    t = apply(s, act)                                         # an air assault from the ship
    assert t.units[heli].space == t.units[art].space == "m"
    assert t.units[art].carried_by is None and t.units[art].in_combat and t.units[heli].in_combat
    with pytest.raises(IllegalAction, match="Artillery is not aboard a ship in Sea Three"):
        apply(s, Airdrop((heli, art), "m", via="s3"))
    with pytest.raises(IllegalAction, match="4 spaces away by way of Sea Two"):
        apply(s, Airdrop((heli, art), "b1", via="s2"))
    moved = s.copy()
    moved.units[art] = replace(s.units[art], moved=1)          # it boarded this turn
    with pytest.raises(IllegalAction, match="already moved this turn"):
        apply(moved, Airdrop((heli, art), "m", via="s2"))
    hostile = s.copy()
    hostile.units[99] = replace(s.units[ship], uid=99, owner="blue", type="destroyer")
    with pytest.raises(IllegalAction, match="Enemy ships hold Sea Two"):
        apply(hostile, Airdrop((heli, art), "m", via="s2"))


def test_airdrop_options_offer_helicopter_flights_from_and_to_ships_at_sea():
    # seed 001: Marine transport by helicopters, "before ... and after it moves": the
    # interface and the computer players are offered ship-to-shore and shore-to-ship lifts
    from game.rules.zone import airdrop
    s = nv_state([("s2", "red", "aircraft_carrier", 1), ("s2", "red", "helicopter", 1),
                  ("s2", "red", "amphibious_assault_ship", 1), ("s2", "red", "special_forces", 1),
                  ("s3", "red", "amphibious_assault_ship", 1), ("s3", "red", "aircraft_carrier", 1)],
                  phase="noncombat_move")
    s.units[2] = replace(s.units[2], carried_by=1)
    s.units[4] = replace(s.units[4], carried_by=3)
    opts = {(o.mission, o.start, o.to) for o in airdrop.options(s)}
    assert ("cargo", "s2", "a2") in opts and ("ship", "s2", "s3") in opts
    t = apply(s, next(o for o in airdrop.options(s) if o.to == "s3").action())
    assert t.units[4].carried_by == 5
