"""Global 1940 bases at work (issue #46 item 3): +1 move from an operative naval or air
base, repair of capital ships at naval bases, scrambling from air bases. Reference: Axis &
Allies Global 1940 2nd edition (rulebook, "Air Bases", "Naval Bases", "Scramble") as
TripleA encodes it (shared/data/triplea/world_war_ii_global/map/games/
ww2global40_2nd_edition.xml); readings in docs/interpretations.md ("g40 bases at work")."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.zone import choose
from game.odds import odds_for_space
from game.rules.actions import (
    EndPhase,
    Intercept,
    Move,
    Raid,
    Retreat,
    RollDice,
    Scramble,
    SelectBattle,
    actor,
    apply,
    default_casualties,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle, movement, scramble

FIXTURES = Path(__file__).parents[1] / "fixtures"
MAJOR = "major_industrial_complex"


def g(units=(), phase="noncombat_move", player="red", owners=None, facilities=None, dice=()):
    """The mini map under g40 (land a1 - a2 - m - b2 - b1 - c, seas s1 - s2 - s3 - s4;
    a1, a2 red; m, b2, b1 blue; c green; s1 borders a1, a2; s2 m, b2; s3 b2, b1; s4 c).
    `facilities`: "space|id" -> damage, added to the start's."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units))
    s = new_game(sc, load_ruleset("g40"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.owners.update(owners or {})
    s.turn_owners.update(owners or {})
    s.facilities.update(facilities or {})
    return s


def uid(s, space, utype, owner=None):
    return min(u.uid for u in s.units.values() if u.space == space and u.type == utype
               and (owner is None or u.owner == owner))


# --- +1 move ----------------------------------------------------------------------------------
def test_g40_ships_and_aircraft_take_the_base_bonus_tripleas_units():
    # TripleA harbour givesMovement 1:transport, submarine, destroyer, cruiser, carrier,
    # battleship; airfield givesMovement 1:fighter, 1:bomber, 1:tactical_bomber
    rs = load_ruleset("g40")
    for t in ("transport", "submarine", "destroyer", "cruiser", "carrier", "battleship"):
        nb = rs.units[t].ability("naval_base_move")
        assert nb is not None and (nb.bonus, nb.whole_turn) == (1, True), t
    for t in ("fighter", "tactical_bomber", "strategic_bomber"):
        assert rs.units[t].ability("air_base_move").bonus == 1, t


def test_a_ship_beside_an_operative_naval_base_moves_three():
    # G40 2nd ed. rulebook, Naval Bases: ships that begin their move in a sea zone
    # serviced by an operative naval base get +1 movement (TripleA harbour givesMovement)
    s = g([("s1", "red", "destroyer", 1)], facilities={"a2|naval_base": 0})
    d = s.units[uid(s, "s1", "destroyer")]
    assert movement.moves_left(s, d) == 3
    assert "s4" in movement.reachable(s, [d])
    s.facilities["a2|naval_base"] = 3   # beyond maxOperationalDamage 2: out of operation
    assert movement.moves_left(s, d) == 2
    assert "s4" not in movement.reachable(s, [d])


def test_an_enemy_naval_base_gives_no_bonus():
    s = g([("s2", "red", "cruiser", 1)], facilities={"b2|naval_base": 0})
    c = s.units[uid(s, "s2", "cruiser")]
    assert movement.moves_left(s, c) == 2


def test_the_naval_base_bonus_lasts_the_whole_turn():
    # G40 2nd ed.: the ship's movement is 3 for the turn, however many moves it makes
    # (TripleA gives the bonus movement once, when the move phase begins)
    s = g([("s1", "red", "destroyer", 1)], facilities={"a2|naval_base": 0})
    d = uid(s, "s1", "destroyer")
    s = apply(s, Move((d,), ("s2",)))
    assert movement.moves_left(s, s.units[d]) == 2
    s = apply(s, Move((d,), ("s3", "s4")))
    assert s.units[d].space == "s4" and movement.moves_left(s, s.units[d]) == 0


def test_an_aircraft_at_an_operative_air_base_flies_one_farther():
    # G40 2nd ed. rulebook, Air Bases: air units beginning their move in a territory with
    # an operative air base get +1 movement (TripleA airfield givesMovement 1:fighter)
    owners = {"a1": "blue", "a2": "blue"}
    s = g([("c", "blue", "fighter", 1)], player="blue", owners=owners,
          facilities={"c|air_base": 0})
    s.owners["c"] = s.turn_owners["c"] = "blue"
    f = s.units[uid(s, "c", "fighter")]
    assert movement.moves_left(s, f) == 5
    assert "a1" in movement.reachable(s, [f])       # five spaces: c b1 b2 m a2 a1
    s.facilities["c|air_base"] = 3
    assert movement.moves_left(s, f) == 4
    assert "a1" not in movement.reachable(s, [f])


def test_the_air_base_bonus_counts_in_the_non_combat_move_too():
    # the +1 is the aircraft's range for the turn: flown partly in the combat move, the
    # rest is left for landing
    s = g([("a1", "red", "fighter", 1), ("m", "blue", "infantry", 1)], phase="combat_move",
          facilities={"a1|air_base": 0})
    f = uid(s, "a1", "fighter")
    s = apply(s, Move((f,), ("a2", "m")))
    assert movement.moves_left(s, s.units[f]) == 3
    s2 = g([("a1", "red", "fighter", 1), ("m", "blue", "infantry", 1)], phase="combat_move")
    s2 = apply(s2, Move((uid(s2, "a1", "fighter"),), ("a2", "m")))
    assert movement.moves_left(s2, s2.units[uid(s2, "m", "fighter")]) == 2


# --- repair of capital ships ------------------------------------------------------------------
def next_turn_of(s, player):
    """End phases until `player`'s next turn begins."""
    s = apply(s, EndPhase())
    while s.player != player or s.phase != "purchase":
        s = apply(s, EndPhase())
    return s


def test_battleships_and_carriers_are_capital_ships():
    # TripleA harbour repairsUnits battleship:carrier
    rs = load_ruleset("g40")
    assert rs.units["battleship"].has("capital_ship") and rs.units["carrier"].has("capital_ship")
    assert not rs.units["cruiser"].has("capital_ship")


def damaged(s, space, utype):
    u = uid(s, space, utype)
    s.units[u] = replace(s.units[u], damage=1)
    return u


def test_a_damaged_battleship_is_repaired_at_an_operative_naval_base():
    # G40 2nd ed. rulebook, Naval Bases: damaged battleships and carriers in a sea zone
    # serviced by an operative friendly naval base are repaired at the start of their
    # owner's turn (TripleA "Units Repair Hits Start Turn" true, "Two HitPoint Units
    # Require Repair Facilities" true, harbour repairsUnits battleship:carrier)
    s = g([("s1", "red", "battleship", 1), ("s1", "red", "carrier", 1)], phase="place",
          facilities={"a2|naval_base": 0})
    bb, cv = damaged(s, "s1", "battleship"), damaged(s, "s1", "carrier")
    s = next_turn_of(s, "red")
    assert s.units[bb].damage == 0 and s.units[cv].damage == 0


def test_no_repair_at_a_base_out_of_operation_or_without_a_base():
    # a naval base with more than 2 damage is out of operation (TripleA harbour
    # maxOperationalDamage 2); a damaged ship stays damaged until it reaches a base
    s = g([("s1", "red", "battleship", 1), ("s3", "red", "battleship", 1)], phase="place",
          facilities={"a2|naval_base": 3})
    bb1, bb3 = damaged(s, "s1", "battleship"), damaged(s, "s3", "battleship")
    s = next_turn_of(s, "red")
    assert s.units[bb1].damage == 1 and s.units[bb3].damage == 1


def test_an_enemy_naval_base_repairs_nothing():
    s = g([("s3", "red", "battleship", 1)], phase="place", facilities={"b1|naval_base": 0})
    bb = damaged(s, "s3", "battleship")
    s = next_turn_of(s, "red")
    assert s.units[bb].damage == 1


# --- scramble ---------------------------------------------------------------------------------
def sea_attack(units, facilities=None, dice=(), extra=()):
    """Red's destroyer in s1 attacks blue's destroyer in s2 (bordering m and b2, blue);
    `units`: blue's aircraft etc. added; conduct combat, the battle in s2 selected."""
    s = g([("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1), *units, *extra],
          phase="combat_move", facilities=facilities if facilities is not None else {"b2|air_base": 0},
          dice=dice)
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, EndPhase())
    return apply(s, SelectBattle("s2"))


def test_the_g40_scramble_values_are_tripleas():
    # TripleA fighter, tactical_bomber canScramble (maxScrambleDistance 1); airfield
    # maxScrambleCount 3; the bomber cannot scramble
    rs = load_ruleset("g40")
    assert rs.units["fighter"].has("scrambles") and rs.units["tactical_bomber"].has("scrambles")
    assert not rs.units["strategic_bomber"].has("scrambles")
    assert rs.facilities["air_base"].scramble == 3


def test_a_sea_battle_beside_an_operative_air_base_waits_for_the_defenders_scramble():
    # G40 2nd ed. rulebook, Scramble: when an enemy attacks a sea zone next to an island or
    # coastal territory with an operative air base, the defender may scramble up to 3
    # fighters and tactical bombers from it before combat ("Scramble Rules In Effect",
    # "Scramble From Island Only" false)
    s = sea_attack([("b2", "blue", "fighter", 2), ("b2", "blue", "tactical_bomber", 1),
                    ("b2", "blue", "strategic_bomber", 1), ("m", "blue", "fighter", 1)])
    assert s.zone.battle.awaiting == "scramble"
    assert actor(s) == "blue"
    planes = scramble.choices(s)
    assert sorted(s.units[u].type for u in planes) == ["fighter", "fighter", "tactical_bomber"]
    assert all(s.units[u].space == "b2" for u in planes)   # m has no air base
    assert Scramble(tuple(planes)) in legal_actions(s) and Scramble(()) in legal_actions(s)


def test_scrambled_aircraft_defend_the_sea_zone():
    s = sea_attack([("b2", "blue", "fighter", 2)])
    f1, f2 = scramble.choices(s)
    s = apply(s, Scramble((f1,)))
    assert s.units[f1].space == "s2" and s.units[f2].space == "b2"
    assert s.zone.battle.awaiting == "roll"
    assert f1 in {u.uid for u in battle.defenders(s, s.zone.battle)}


def test_at_most_three_scramble_from_one_air_base():
    # TripleA airfield maxScrambleCount 3
    s = sea_attack([("b2", "blue", "fighter", 4)])
    planes = scramble.choices(s)
    assert len(planes) == 4 and len(scramble.default_choice(s)) == 3
    with pytest.raises(IllegalAction, match="At most 3"):
        apply(s, Scramble(tuple(planes)))


def test_no_scramble_from_an_air_base_out_of_operation_or_with_no_air_base():
    # an air base with more than 2 damage is out of operation (airfield maxOperationalDamage 2)
    s = sea_attack([("b2", "blue", "fighter", 2)], facilities={"b2|air_base": 3})
    assert s.zone.battle.awaiting == "roll" and not scramble.choices(s)
    s = sea_attack([("b2", "blue", "fighter", 2)], facilities={})
    assert s.zone.battle.awaiting == "roll"


def test_scrambled_aircraft_fly_back_to_their_base_when_combat_ends():
    # TripleA "Scrambled Units Return To Base" true: the survivors go back to the
    # territory they scrambled from, not to any friendly territory by the zone
    s = sea_attack([("b2", "blue", "fighter", 1)], dice=[6, 1, 1])
    f = scramble.choices(s)[0]
    s = apply(s, Scramble((f,)))
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    assert s.units[f].space == "s2"        # still over the sea until combat ends
    s = apply(s, EndPhase())
    assert s.units[f].space == "b2"


def test_aircraft_whose_territory_was_attacked_and_fought_do_not_scramble():
    # scrambling happens before combat: aircraft that defended their own territory in a
    # battle fought first this turn did not scramble
    s = g([("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 1),
           ("a2", "red", "armour", 1), ("m", "red", "infantry", 1)],
          phase="combat_move", facilities={"b2|air_base": 0}, dice=[6, 6, 6, 6])
    s.owners["m"] = s.turn_owners["m"] = "red"
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, Move((uid(s, "a2", "armour"),), ("m", "b2")))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b2"))
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
        if s.zone.battle is not None and s.zone.battle.awaiting == "continue":
            s = apply(s, Retreat(s.zone.battle.origins[0]))
    s = apply(s, SelectBattle("s2"))
    assert s.zone.battle.awaiting == "roll" and not scramble.choices(s)


def test_aircraft_of_a_raided_territory_that_did_not_intercept_may_still_scramble():
    # G40 2nd ed. rulebook: scrambles are decided before any combat, bombing raids
    # included (TripleA asks when the battle phase begins), so an aircraft either
    # scrambles or stays to intercept. Raids are fought first here: the aircraft that
    # intercepted over their territory stay there, the others may scramble afterwards.
    s = g([("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 2),
           ("a2", "red", "tactical_bomber", 1)],
          phase="combat_move", facilities={"b2|air_base": 0}, dice=[6, 6, 6, 1])
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, Raid((uid(s, "a2", "tactical_bomber"),), ("m", "b2"), "air_base"))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b2"))
    f1, f2 = sorted(u.uid for u in s.units_in("b2") if u.type == "fighter")
    while s.zone.battle is not None:
        if s.zone.battle.awaiting == "intercept":
            s = apply(s, Intercept((f1,)))
        else:
            s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    assert s.facilities["b2|air_base"] == 1          # still operative (at most 2 damage)
    s = apply(s, SelectBattle("s2"))
    assert s.zone.battle.awaiting == "scramble" and scramble.choices(s) == [f2]


def test_the_exact_odds_count_scrambled_aircraft_as_defenders():
    # the battle's odds are those of the units in the sea zone once they scrambled: the
    # same as for fighters that were there from the start
    s = sea_attack([("b2", "blue", "fighter", 2)])
    before = odds_for_space(s, "s2", "red")
    s = apply(s, Scramble(tuple(scramble.choices(s))))
    after = odds_for_space(s, "s2", "red")
    there = sea_attack([], extra=[("s2", "blue", "fighter", 2)])
    same = odds_for_space(there, "s2", "red")
    assert after.attacker_wins < before.attacker_wins
    assert (after.attacker_wins, after.defender_wins, after.method) == \
        (same.attacker_wins, same.defender_wins, same.method) and after.method == "exact"


# --- the computer defender's scramble ---------------------------------------------------------
def test_the_computer_scrambles_when_it_turns_the_battle():
    # red's two cruisers against a lone blue destroyer: three fighters (defending at 4)
    # make the attack a likely loss for red
    from game.ai.zone.scramble import choose_scramble
    s = g([("s1", "red", "cruiser", 2), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 3)],
          phase="combat_move", facilities={"b2|air_base": 0})
    s = apply(s, Move(tuple(u.uid for u in s.units.values() if u.type == "cruiser"), ("s2",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    a = choose_scramble(s, s.zone.battle)
    assert sorted(a.units) == sorted(scramble.choices(s))
    assert choose(s, "standard") == a and choose(s, "greedy") == a


def test_the_computer_keeps_aircraft_home_when_their_territory_is_attacked():
    from game.ai.zone.scramble import choose_scramble
    s = g([("s1", "red", "cruiser", 2), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 3),
           ("m", "red", "armour", 1)], phase="combat_move", facilities={"b2|air_base": 0})
    s.owners["m"] = s.turn_owners["m"] = "red"
    s = apply(s, Move(tuple(u.uid for u in s.units.values() if u.type == "cruiser"), ("s2",)))
    s = apply(s, Move((uid(s, "m", "armour"),), ("b2",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    assert scramble.choices(s) and choose_scramble(s, s.zone.battle).units == ()


def test_the_computer_does_not_throw_aircraft_at_a_hopeless_defence():
    # eight battleships against a destroyer: three fighters change nothing but their loss
    from game.ai.zone.scramble import choose_scramble
    s = g([("s1", "red", "battleship", 8), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 3)],
          phase="combat_move", facilities={"b2|air_base": 0})
    s = apply(s, Move(tuple(u.uid for u in s.units.values() if u.type == "battleship"), ("s2",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    assert scramble.choices(s) and choose_scramble(s, s.zone.battle).units == ()


def test_a_naval_base_taken_this_turn_gives_no_bonus_yet():
    # TripleA gives the bonus movement when the move phase begins: a base captured in the
    # combat move does not speed the non-combat move of the ships beside it
    s = g([("s2", "red", "destroyer", 1)], facilities={"m|naval_base": 0}, owners={"m": "blue"})
    s.owners["m"] = "red"   # taken this turn: blue's when the turn began
    d = s.units[uid(s, "s2", "destroyer")]
    assert movement.moves_left(s, d) == 2
    s.turn_owners["m"] = "red"
    assert movement.moves_left(s, d) == 3


def test_computer_games_with_bases_scramble_and_bring_the_aircraft_home():
    # a few short games of the random and greedy players on the mini map with air and
    # naval bases on both sides: scrambles happen, and once combat is over no scrambled
    # aircraft is left at sea off a carrier
    seen = 0
    for seed in range(1, 7):
        s = g([("s1", "red", "destroyer", 2), ("s1", "red", "cruiser", 1), ("a1", "red", "fighter", 2),
               ("s2", "blue", "destroyer", 1), ("s3", "blue", "battleship", 1), ("b2", "blue", "fighter", 3),
               ("b1", "blue", "tactical_bomber", 1), ("c", "green", "fighter", 2)], phase="purchase",
              facilities={"a2|air_base": 0, "a2|naval_base": 0, "b2|air_base": 0, "b2|naval_base": 0,
                          "c|air_base": 0})
        s.seed = seed
        for _ in range(800):
            if s.over:
                break
            a = choose(s, "random" if seed % 2 else "greedy")
            seen += isinstance(a, Scramble) and bool(a.units)
            s = apply(s, a)
            if s.phase != "conduct_combat":
                for uid in scramble.scrambled(s):
                    u = s.units.get(uid)
                    assert u is None or s.scenario.spaces[u.space].kind == "land" or u.carried_by is not None
    assert seen


# --- scramble against an amphibious assault ---------------------------------------------------
def landing(dice=(), fighters=2, escort=False):
    """Red's transport carries two infantry from s1 to s2 and lands them in Middle (blue,
    one infantry); s2 holds no blue ship; blue has an air base and fighters in Beta Minor."""
    units = [("s1", "red", "transport", 1), ("s1", "red", "infantry", 2), ("m", "blue", "infantry", 1),
             ("b2", "blue", "fighter", fighters)] + ([("s1", "red", "cruiser", 1)] if escort else [])
    s = g(units, phase="combat_move", facilities={"b2|air_base": 0}, dice=dice)
    t = uid(s, "s1", "transport")
    for u in [x for x in s.units.values() if x.type == "infantry" and x.owner == "red"]:
        s.units[u.uid] = replace(u, carried_by=t)
    ships = (t,) + ((uid(s, "s1", "cruiser"),) if escort else ())
    s = apply(s, Move(ships, ("s2",)))
    inf = tuple(sorted(u.uid for u in s.units.values() if u.type == "infantry" and u.owner == "red"))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    return s, t, inf


def test_aircraft_may_scramble_into_the_zone_an_amphibious_assault_comes_from():
    # TripleA "Scramble To Any Amphibious Assault" true: the defender may scramble into
    # the sea zone the assault is launched from although no battle is fought there
    s, t, inf = landing()
    assert "s2" not in s.zone.battles
    s = apply(s, SelectBattle("m"))
    assert s.zone.battle.space == "s2" and s.zone.battle.awaiting == "scramble" and actor(s) == "blue"
    assert len(scramble.choices(s)) == 2


def test_nothing_scrambled_the_landing_goes_on():
    s, t, inf = landing()
    s = apply(s, SelectBattle("m"))
    s = apply(s, Scramble(()))
    assert s.zone.battle is None and "m" in s.zone.battles
    s = apply(s, SelectBattle("m"))
    assert s.zone.battle.space == "m" and all(i in s.units for i in inf)


def test_a_transport_sunk_by_scrambled_aircraft_loses_the_units_it_landed():
    # the sea battle comes before the landing; TripleA: units unloaded by a transport
    # destroyed in that battle are lost with it
    s, t, inf = landing(dice=[1, 1])
    s = apply(s, SelectBattle("m"))
    s = apply(s, Scramble(tuple(scramble.choices(s))))
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    assert t not in s.units
    s = apply(s, SelectBattle("m"))
    assert not any(i in s.units for i in inf)
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    assert s.owners["m"] == "blue"


def test_ships_that_fought_the_scrambled_aircraft_do_not_bombard():
    # G40 2nd ed.: sea units that fought a sea battle in the zone cannot bombard
    s, t, inf = landing(escort=True)
    s = apply(s, SelectBattle("m"))
    assert [u.type for u in battle.bombarding_ships(s, "m", "red")] == ["cruiser"]
    s = apply(s, Scramble((scramble.choices(s)[0],)))
    assert s.zone.battle.space == "s2" and not battle.bombarding_ships(s, "m", "red")


def test_the_computer_scrambles_against_an_unescorted_landing():
    s, t, inf = landing()
    s = apply(s, SelectBattle("m"))
    assert choose(s, "standard") == Scramble(tuple(scramble.choices(s)))


def test_scrambled_aircraft_whose_base_fell_land_elsewhere_or_are_lost():
    # the base taken while they were at sea: they may land in a friendly territory or on
    # a carrier next to the zone; with neither they are lost
    s = g([("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1), ("b2", "blue", "fighter", 1),
           ("b2", "blue", "infantry", 1), ("m", "red", "armour", 1)], phase="combat_move",
          owners={"m": "red"}, facilities={"b2|air_base": 0}, dice=[6, 6, 1, 1, 6])
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, Move((uid(s, "m", "armour"),), ("b2",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    f = scramble.choices(s)[0]
    s = apply(s, Scramble((f,)))
    for space in ("s2", "b2"):
        if s.zone.battle is None:
            s = apply(s, SelectBattle(space))
        while s.zone.battle is not None:
            s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    assert s.owners["b2"] == "red" and s.units[f].space == "s2"
    s = apply(s, EndPhase())
    assert f not in s.units


def test_an_air_base_scrambles_at_most_three_a_turn_in_all():
    # TripleA lowers the airfield's maxScrambleCount (3) as its aircraft scramble and
    # resets it each turn: two sea battles beside one base share the three
    s = g([("s1", "red", "destroyer", 1), ("s4", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1),
           ("s3", "blue", "destroyer", 1), ("b2", "blue", "fighter", 5)], phase="combat_move",
          facilities={"b2|air_base": 0}, dice=[1, 6, 6, 6])
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, Move((uid(s, "s4", "destroyer"),), ("s3",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    s = apply(s, Scramble(tuple(scramble.choices(s)[:2])))
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    s = apply(s, SelectBattle("s3"))
    assert len(scramble.choices(s)) == 3 and len(scramble.default_choice(s)) == 1
    with pytest.raises(IllegalAction, match="At most 1"):
        apply(s, Scramble(tuple(scramble.choices(s)[:2])))


def test_scramble_is_a_game_option():
    # TripleA "Scramble Rules In Effect" (editable, on): off, no aircraft scrambles
    from game.rules.options import with_options
    rs = with_options(load_ruleset("g40"), ["scramble"])
    assert not rs.types_with("scrambles")
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = new_game(replace(sc, start_units=(("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1),
                                          ("b2", "blue", "fighter", 2))), rs, 1)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    s.facilities["b2|air_base"] = 0
    s = apply(s, Move((uid(s, "s1", "destroyer"),), ("s2",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    assert s.zone.battle.awaiting == "roll"
