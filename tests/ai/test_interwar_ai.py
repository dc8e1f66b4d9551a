"""The standard computer on the interwar ruleset (seed 000): supply drops for cut-off
troops and air transports kept at air bases."""
import sys
from pathlib import Path

from game.ai.zone import attack, evaluate, noncombat, place
from game.rules.actions import Move, SupplyDrop, apply

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_interwar_airdrop import ids, med  # noqa: E402  (the small interwar map)
from unit_helpers import add_unit


def test_drops_supplies_on_cut_off_front_line_troops():
    # supplied supply rule (seed 000 G4, game/rules/zone/supply.py): Libya is cut off from
    # Italy's sources, its troops would fight at -1; the air transport at Sicily's air
    # base drops supplies there before the combat move
    s = med([("sicily", "italy", "transport_aircraft", 1), ("libya", "italy", "infantry", 3),
             ("libya", "italy", "artillery", 1), ("egypt", "uk", "infantry", 1)],
            owners={"libya": "italy", "tunisia": "uk"})
    plan = attack.plan_combat_move(s)
    t = ids(s, "italy", "transport_aircraft")[0]
    assert plan[0] == SupplyDrop(t, "libya")
    s2 = s
    for a in plan:
        s2 = apply(s2, a)  # the whole plan is legal


def test_no_supply_drop_for_troops_in_supply():
    s = med([("sicily", "italy", "transport_aircraft", 1), ("tunisia", "italy", "infantry", 3)])
    assert not [a for a in attack.plan_combat_move(s) if isinstance(a, SupplyDrop)]


def test_air_transports_land_at_an_air_base():
    # seed 000 TRANSPORT AIRCRAFT, Airdrop (B): drops start from a territory with an air
    # base; an air transport left at Tunisia (none) flies back to Sicily's
    s = med([("tunisia", "italy", "transport_aircraft", 1), ("tunisia", "italy", "infantry", 1),
             ("sicily", "italy", "infantry", 1)], phase="noncombat_move")
    t = ids(s, "italy", "transport_aircraft")[0]
    moves = [a for a in noncombat.plan_noncombat(s) if isinstance(a, Move) and t in a.units]
    assert moves and moves[0].path[-1] == "sicily"


def _mini_combat_move():
    """tests/fixtures/mini_interwar.yaml at Redland's combat move (no purchase)."""
    from game.rules.actions import EndPhase
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario(str(Path(__file__).parents[1] / "fixtures" / "mini_interwar.yaml"))
    s = Session(sc, load_ruleset(sc.ruleset_id), 1)
    s.do(EndPhase())
    return s.state


def test_greedy_sends_no_torpedo_bombers_over_land():
    # seed 000: TORPEDO BOMBER "* This unit may only damage naval targets." The greedy
    # level counted them as attack strength and flew them against Epirus and Tobruk
    # (mediterranean_1940, seeds 1-2 against standard: 0 hits possible)
    from game.ai.zone import greedy
    from game.rules.errors import IllegalAction
    st = _mini_combat_move()
    tbs = {add_unit(st, "torpedo_bomber", "red", "a2") for _ in range(2)}
    for _ in range(2):  # Middle holds against the land army and fighter alone
        add_unit(st, "infantry", "blue", "m")
    moved: set[int] = set()
    for _ in range(60):
        a = greedy.choose_greedy(st)
        if not isinstance(a, Move):
            break
        moved.update(a.units)
        try:
            st = apply(st, a)
        except IllegalAction:
            break
    assert not moved & tbs


def test_torpedo_bombers_are_no_threat_to_a_territory():
    # seed 000 TORPEDO BOMBER: "* This unit may only damage naval targets." threat_to
    # counted each at its attack 6 against a territory (garrisons, defenders and safe
    # landing places were planned against an enemy that cannot hurt land units)
    s = med([("tunisia", "italy", "infantry", 1), ("libya", "uk", "torpedo_bomber", 3)])
    assert evaluate.threat_to(s, "tunisia", "italy") == 0
    s = med([("tunisia", "italy", "infantry", 1), ("libya", "uk", "dive_bomber", 1)])
    assert evaluate.threat_to(s, "tunisia", "italy") > 0   # a dive bomber does hit land


def _med_at(player, phase):
    """mediterranean_1940's opening position at `player`'s `phase`."""
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario("mediterranean_1940")
    st = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    st.player_idx = [p.id for p in sc.players].index(player)
    st.phase_idx = st.ruleset.phases.index(phase)
    return st


def _albania_british(st):
    """Albania (a victory city across the Adriatic from Italy) held by two British
    infantry since before the turn."""
    for u in [u for u in st.units.values() if u.space == "albania"]:
        del st.units[u.uid]
    st.owners["albania"] = st.turn_owners["albania"] = "united_kingdom"
    for _ in range(2):
        add_unit(st, "infantry", "united_kingdom", "albania")


def test_no_sea_lift_from_a_zone_enemy_ships_hold():
    # the rules refuse loading where enemy ships are (movement.blocking_ships); the lift
    # planner counted Italy's troopships under two French battleships in the Adriatic
    # as a way to Albania (mediterranean_1940 seed 14, standard against itself, round 8)
    from game.ai.zone import amphib
    from game.rules.zone import movement
    st = _med_at("italy", "combat_move")
    _albania_british(st)
    add_unit(st, "troopship", "italy", "adriatic_sea")
    free = {u.uid for u in st.units.values() if u.owner == "italy"}

    def lifts():
        stacks = amphib.transport_stacks(st, "italy", set())
        return amphib.lifts_to(st, "italy", "albania", {"adriatic_sea": stacks["adriatic_sea"]},
                               free, movement.COMBAT)
    assert lifts()                      # the open sea: a lift
    add_unit(st, "battleship", "france", "adriatic_sea")
    assert not lifts()                  # under the French battleship: none


def test_an_attack_whose_sea_lift_fails_is_dropped_whole(monkeypatch):
    # the lift moves are checked against the rules apart from the rest of the attack;
    # when the rules refused the landing, the fighters planned beside it still flew and
    # attacked Albania alone (mediterranean_1940 seed 14, round 8: two Italian fighters
    # lost against two British infantry; aircraft alone cannot take a territory)
    from game.ai.zone import amphib
    units = [("sicily", "italy", "infantry", 4), ("sicily", "italy", "fighter", 3),
             ("mc", "italy", "troopship", 2), ("malta", "uk", "infantry", 2)]
    s = med(units, owners={"libya": "italy"})
    fighters = set(ids(s, "italy", "fighter"))
    into = [a for a in attack.plan_combat_move(s) if isinstance(a, Move) and a.path[-1] == "malta"]
    assert {u for a in into for u in a.units} & fighters     # the landing and the fighters
    real = amphib.lift_moves

    def refused(state, lift):  # a landing the rules refuse: unload into a far territory
        moves = real(state, lift)
        return moves[:-1] + [Move(moves[-1].units, ("egypt",))]
    monkeypatch.setattr(amphib, "lift_moves", refused)
    s = med(units, owners={"libya": "italy"})
    assert not [a for a in attack.plan_combat_move(s) if isinstance(a, Move)
                and a.path[-1] == "malta"]


def test_ships_are_not_placed_beside_an_enemy_fleet():
    # seed 000: naval units are placed in a sea zone next to the factory that builds
    # them; the zones were tried in alphabetical order, so Italy's new destroyer and
    # troopship went into the Adriatic under a French battleship (mediterranean_1940
    # seed 12, standard against itself, round 3)
    from game.rules.actions import Place, Purchase
    st = _med_at("italy", "purchase")
    st = apply(st, Purchase("troopship", 1))
    st.phase_idx = st.ruleset.phases.index("place")
    add_unit(st, "battleship", "france", "adriatic_sea")
    zones = [a.space for a in place.plan_place(st) if isinstance(a, Place)
             and a.unit == "troopship"]
    assert zones and zones[0] != "adriatic_sea"
