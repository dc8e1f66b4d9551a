"""The standard computer player's defence of its capital and victory cities on zone
maps (game/ai/zone/garrison.py, attack.py, noncombat.py)."""
from pathlib import Path

from unit_helpers import add_unit

from game.ai.config import zone_config
from game.ai.zone import attack, evaluate, garrison, noncombat
from game.rules.actions import apply
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session

FIX = Path(__file__).parents[1] / "fixtures"
BASTION = str(FIX / "bastion.yaml")


def _at(path, phase, seed=1):
    sc = load_scenario(path)
    st = Session(sc, load_ruleset(sc.ruleset_id), seed).state
    st.phase_idx = st.ruleset.phases.index(phase)
    return st


def _play(st, actions):
    for a in actions:
        st = apply(st, a)  # an illegal action would raise
    return st


def test_a_fighter_stays_to_defend_a_threatened_capital():
    # bastion.yaml: four infantry and a fighter in Redland's capital, four infantry and
    # four tanks next door. The old player flew the fighter to the safe rear (europe_1941
    # seeds 320 and 333: Germany's and the Soviet Union's fighters left their capitals,
    # which fell); the fighter's defence belongs in the capital (seed 000: FIGHTER defends
    # at 4)
    st = _at(BASTION, "noncombat_move")
    fighter = next(u.uid for u in st.units.values() if u.type == "fighter")
    assert noncombat.air_defence_moves(st, "red") == [(fighter, "a1")]
    after = _play(st, noncombat.plan_noncombat(st))
    assert after.units[fighter].space == "a1"


def test_a_fighter_flies_home_to_a_threatened_capital():
    # the same fighter in the rear comes back to the capital (the old player left it
    # where no enemy could reach it)
    st = _at(BASTION, "noncombat_move")
    import dataclasses
    fighter = next(u for u in st.units.values() if u.type == "fighter")
    st.units[fighter.uid] = dataclasses.replace(fighter, space="r2")
    after = _play(st, noncombat.plan_noncombat(st))
    assert after.units[fighter.uid].space == "a1"


def test_no_fighter_for_an_unthreatened_capital():
    st = _at(BASTION, "noncombat_move")
    for u in [u for u in st.units.values() if u.space == "e"]:
        del st.units[u.uid]
    assert noncombat.air_defence_moves(st, "red") == []


def test_troops_across_the_sea_threaten_only_as_far_as_transports_bring_them():
    # bastion.yaml: Xland is two hops from Redland's capital, across Sea One. Tanks there
    # cannot walk over (seed 000: land units cross the sea only aboard TRANSPORTS); the
    # old threat counted all six (europe_1941 seed 928: the British army on its island
    # "threatened" Germany, which kept its fighters home while Poland fell)
    st = _at(BASTION, "noncombat_move")
    for u in [u for u in st.units.values() if u.space == "e"]:
        del st.units[u.uid]
    for _ in range(6):
        add_unit(st, "armour", "blue", "x")
    assert evaluate.threat_to(st, "a1", "red") == 0
    add_unit(st, "transport", "blue", "s1")
    # one transport: two tanks (attack 3 each, +0.5 as every threat counts)
    assert evaluate.threat_to(st, "a1", "red") == 2 * 3.5
    # and a walk over land still counts in full
    for _ in range(3):
        add_unit(st, "armour", "blue", "e")
    assert evaluate.threat_to(st, "a1", "red") == 5 * 3.5


def test_last_round_behind_on_cities_attacks_a_city_at_middling_odds():
    # twin.yaml in its last round (turn limit 4): Blueland holds Alpha Two and Beta, Redland
    # only its capital. Six Redland infantry against four in Alpha Two win about 55 %
    # (under the usual 65 % minimum), but the units are worth nothing after this round and
    # the city decides the game (seed 000 / scenario: at the turn limit the side holding
    # more victory cities wins). europe_1941 seed 339: the Soviet Union left Leningrad
    # in German hands in round 10 and lost 5-6.
    from game.rules.actions import Move
    st = _at(str(FIX / "twin.yaml"), "combat_move")
    st.round = st.scenario.turn_limit
    for u in list(st.units.values()):
        del st.units[u.uid]
    st.owners["a2"] = "blue"
    red = [add_unit(st, "infantry", "red", "a1") for _ in range(6)]
    blue = [st.units[add_unit(st, "infantry", "blue", "a2")] for _ in range(4)]
    add_unit(st, "infantry", "blue", "b")
    assert not evaluate.ahead(st, "red")
    p = evaluate.odds(st, [st.units[u] for u in red], blue, "land")[0]
    assert zone_config().last_chance_minimum < p < zone_config().win_minimum
    plan = attack.plan_combat_move(st)
    assert any(isinstance(a, Move) and a.path[-1] == "a2" for a in plan)
    _play(st, plan)


def test_last_round_ahead_on_cities_keeps_the_usual_minimum():
    # the same attack when Redland is not behind (Beta is Redland's too): no gamble
    from game.rules.actions import Move
    st = _at(str(FIX / "twin.yaml"), "combat_move")
    st.round = st.scenario.turn_limit
    for u in list(st.units.values()):
        del st.units[u.uid]
    st.owners["a2"] = "blue"
    st.owners["b"] = "red"
    for _ in range(6):
        add_unit(st, "infantry", "red", "a1")
    for _ in range(4):
        add_unit(st, "infantry", "blue", "a2")
    assert evaluate.ahead(st, "red")
    plan = attack.plan_combat_move(st)
    assert not any(isinstance(a, Move) and a.path[-1] == "a2" for a in plan)


def test_fighters_in_a_city_taken_this_turn_do_not_count_as_its_defence():
    # bastion.yaml: Redland took Beta (Blueland's capital) this turn with one infantry
    # and three fighters; Blueland's army next door in Eastmark. The fighters cannot stay
    # (seed 000 / g40 landing rule, game/rules/zone/movement.py: aircraft cannot land in a
    # territory captured this turn), so Beta's defence is the infantry alone. The old
    # count gave it 3 x 4.5 more: europe_1941 seed 7021, the Soviet Union retook
    # Leningrad in round 10, sent one infantry for the "missing" defence, its fighters
    # flew home and Italy took the city back and the game
    st = _at(BASTION, "noncombat_move")
    st.round = st.scenario.turn_limit
    for u in [u for u in st.units.values() if u.space == "b"]:
        del st.units[u.uid]
    st.owners["b"] = "red"                 # taken this turn: Blueland's at the turn's start
    assert st.turn_owners["b"] == "blue"
    add_unit(st, "infantry", "red", "b")
    fighters = [add_unit(st, "fighter", "red", "b") for _ in range(3)]
    assert evaluate.defence_at(st, "b", "red") == 2 + 0.5          # the infantry only
    assert garrison.deficits(st, "red")["b"] > 0                   # so Beta needs defenders
    # a space Redland held at the turn's start keeps its aircraft's defence
    add_unit(st, "fighter", "red", "a1")
    assert evaluate.defence_at(st, "a1", "red") == 4 * 2.5 + 2 * 4.5
    # and the plan flies them out: the rules refuse them a landing in Beta
    after = _play(st, noncombat.plan_noncombat(st))
    assert all(after.units[f].space != "b" for f in fighters if f in after.units)


def test_last_round_an_ally_lands_its_fighters_in_a_threatened_allied_city():
    # mini_red_last.yaml (Redland moves after Blueland and Greenland) in its last round,
    # Greenland's non-combat move: Redland's four tanks in
    # Beta Minor threaten Beta, Blueland's victory city, held by one infantry. At the turn
    # limit the alliance holding more victory cities wins (seed 000 / scenario victory),
    # so Beta counts for Greenland as much as its own Gamma; the old player guarded only
    # its own cities (europe_1941 seed 7021: four British fighters stayed in Moscow while
    # Italy retook the Soviet Union's Leningrad in round 10 and won 6-5)
    st = _at(str(FIX / "mini_red_last.yaml"), "noncombat_move")
    st.round = st.scenario.turn_limit
    st.player_idx = [p.id for p in st.scenario.players].index("green")
    for u in list(st.units.values()):
        del st.units[u.uid]
    st.owners["b2"] = "red"
    st.turn_owners["b2"] = "red"
    for _ in range(4):
        add_unit(st, "armour", "red", "b2")
    add_unit(st, "infantry", "blue", "b1")
    fighters = [add_unit(st, "fighter", "green", "c") for _ in range(2)]
    assert "b1" in evaluate.key_spaces(st, "green") and "a1" not in evaluate.key_spaces(st, "green")
    assert sorted(noncombat.air_defence_moves(st, "green")) == [(f, "b1") for f in fighters]
    # before the last round a player guards its own cities only
    st.round = 1
    assert "b1" not in evaluate.key_spaces(st, "green")


def test_the_march_goes_toward_the_enemy_victory_city():
    # fork.yaml: three infantry at the hub; one road leads to worthless enemy land (two
    # steps), the other to the enemy's victory city (three). Greedy's march took the
    # nearest enemy land (Global 1940 seed 9102: Japan's armies walked into Siberia while
    # India, a victory city, stood with four defenders); victory cities win the game
    # (docs/interpretations.md: Victory), so the army marches on the city
    st = _at(str(FIX / "fork.yaml"), "noncombat_move")
    hub = [u.uid for u in st.units.values() if u.space == "h"]
    after = _play(st, noncombat.plan_noncombat(st))
    assert [after.units[uid].space for uid in hub] == ["v1"] * 3
    assert noncombat.city_distance(st, "red")["h"] == 3
