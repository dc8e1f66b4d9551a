"""Odds under the interwar ruleset (d12): the exact DP where it models every ability
(support, first strike in round one, Rule of Three support), the real-battle
simulation ("sim") for everything else — never an ability silently ignored."""
import json
import subprocess
import sys

import pytest

from game.odds import battle_odds, compute
from game.odds.api import not_modelled
from game.odds.model import EXACT_ABILITIES, MC_ABILITIES, NO_BATTLE_EFFECT, unmodelled
from game.rules.ruleset import load_ruleset


def within(p, res, slack=0.02):
    lo, hi = res.ci95["attacker_wins"]
    return lo - slack <= p <= hi + slack


def test_d12_support_and_round_one_first_strike_are_exact_and_match_the_game():
    # seed 000: INFANTRY supported 1:1 by artillery; ARTILLERY first strike in round 1 only
    att, dfn = [("infantry", 3), ("artillery", 2)], [("infantry", 3), ("artillery", 1)]
    ex = battle_odds("interwar", att, dfn)
    assert ex.method == "exact", ex.note
    assert abs(ex.attacker_wins + ex.defender_wins + ex.draw - 1) < 1e-9
    sim = battle_odds("interwar", att, dfn, method="sim", trials=1500, seed=3)
    assert sim.method == "sim" and sim.ci95 is not None
    assert within(ex.attacker_wins, sim)


def test_rule_of_three_support_is_exact_and_matches_the_game():
    # seed 000: LIGHT ARMOR, Support from Self-Propelled Artillery: subject to the Rule of Three
    att, dfn = [("light_armor", 4), ("self_propelled_gun", 4)], [("infantry", 6)]
    ex = battle_odds("interwar", att, dfn)
    assert ex.method == "exact", ex.note
    sim = battle_odds("interwar", att, dfn, method="sim", trials=1500, seed=5)
    assert within(ex.attacker_wins, sim)


def test_submarine_surprise_strike_exact_matches_the_game():
    # seed 000: SUBMARINE First Strike "If the opposing side does not have a destroyer"
    att, dfn = [("submarine", 3)], [("cruiser", 1), ("destroyer", 1)]
    ex = battle_odds("interwar", att, dfn, terrain="sea")
    assert ex.method == "exact", ex.note
    sim = battle_odds("interwar", att, dfn, terrain="sea", method="sim", trials=1500, seed=7)
    assert within(ex.attacker_wins, sim)


@pytest.mark.parametrize("att,dfn,terrain", [
    # seed 000 ARMORED CAR Reconnaissance rerolls heavy artillery's dice, whose 4 against the
    # fortification an enemy unit can take (HEAVY ARTILLERY "Attack: 3 (4 against
    # fortifications)")
    ([("artillery", 1), ("heavy_artillery", 1), ("armored_car", 2)], [("infantry", 3), ("fortification", 1)],
     "land"),
    # seed 000 ESCORT CARRIER Combat Air Patrol: the fighter aboard is lost with the carrier
    # listed before it
    ([("destroyer", 2)], [("escort_carrier", 1), ("fighter", 1)], "sea"),
])
def test_once_simulated_battles_are_exact_and_match_the_game(att, dfn, terrain):
    ex = battle_odds("interwar", att, dfn, terrain)
    assert ex.method == "exact", ex.note
    sim = battle_odds("interwar", att, dfn, terrain, method="sim", trials=1500, seed=1)
    assert within(ex.attacker_wins, sim)


def test_unmodelled_abilities_use_the_real_battle_simulation():
    # seed 000 TRANSPORT AIRCRAFT (Non-combatant): air transports on the defending side are
    # lost after every other unit; with two hit points (a test variant) the game takes the
    # combat units' extra hit points first, which the DP's track does not: the real battle
    from pathlib import Path

    from game.rules.variant import load_variant
    sturdy = load_variant(Path(__file__).parents[1] / "fixtures" / "variants" / "interwar_sturdy_air.yaml")
    res = battle_odds(sturdy, [("transport_aircraft", 1), ("paratrooper", 1), ("infantry", 1)],
                      [("infantry", 1), ("transport_aircraft", 1)], trials=300, seed=1, airborne=True)
    assert res.method == "sim" and res.ci95 is not None and res.trials == 300
    assert "transport_aircraft: noncombatant" in (res.note or "")
    assert abs(res.attacker_wins + res.defender_wins + res.draw - 1) < 1e-9


def test_sim_is_seeded():
    a = battle_odds("interwar", [("armor", 2)], [("anti_tank_gun", 2)], trials=200, seed=9)
    b = battle_odds("interwar", [("armor", 2)], [("anti_tank_gun", 2)], trials=200, seed=9)
    assert a.attacker_wins == b.attacker_wins


def test_terrain_bonus_without_its_terrain_stays_exact():
    res = battle_odds("interwar", [("infantry", 3)], [("mountain_infantry", 2)])
    assert res.method == "exact"


def test_every_interwar_ability_is_modelled_or_simulated():
    """No ability is silently ignored: each is in the exact set, has no battle effect,
    or sends the battle to the simulation."""
    rs = load_ruleset("interwar")
    known = EXACT_ABILITIES | MC_ABILITIES | NO_BATTLE_EFFECT
    for ut in rs.units.values():
        for ab in ut.abilities:
            if ab.name not in known:
                assert any(ab.name in r for r in unmodelled(ut, "exact", ("mountain", "port", "riverine"))), \
                    (ut.id, ab.name)


def test_not_modelled_lists_unit_and_ability():
    from game.odds.model import BattleSpec
    rs = load_ruleset("interwar")
    spec = BattleSpec(rs, ["transport_aircraft"], ["infantry"])
    assert not_modelled(spec, "exact") == ["transport_aircraft: air_transport",
                                           "transport_aircraft: interceptable",
                                           "transport_aircraft: noncombatant"]


def test_odds_json_request_for_interwar():
    out = compute({"ruleset": "interwar", "attacker": [["infantry", 2], ["artillery", 1]],
                   "defender": [["infantry", 2]]})
    assert out["method"] == "exact"
    out = compute({"ruleset": "interwar", "attacker": [["infantry", 2]],
                   "defender": [["mountain_infantry", 1]], "terrain_tags": ["mountain"]})
    assert out["method"] == "exact" and "note" not in out   # terrain_bonus: general.py
    out = compute({"ruleset": "interwar", "attacker": [["torpedo_bomber", 2]],
                   "defender": [["battleship", 1], ["destroyer", 1]], "terrain": "sea"})
    assert out["method"] == "exact" and "note" not in out   # chosen casualties: split order of loss
    out = compute({"ruleset": "interwar", "attacker": [["heavy_artillery", 1], ["armored_car", 1]],
                   "defender": [["infantry", 2], ["fortification", 1]], "trials": 100})
    assert out["method"] == "exact" and "note" not in out   # rerolls of dice with special values
    out = compute({"ruleset": "interwar", "attacker": [["transport_aircraft", 1], ["paratrooper", 1]],
                   "defender": [["infantry", 1], ["fighter", 1]], "airborne": True, "trials": 100})
    assert out["method"] == "exact" and "note" not in out   # an airdrop's interception (G42): a mixture


def test_odds_cli_interwar():
    req = json.dumps({"ruleset": "interwar", "attacker": [["transport_aircraft", 1], ["paratrooper", 1]],
                      "defender": [["infantry", 1], ["fighter", 1]], "airborne": True, "trials": 100})
    p = subprocess.run([sys.executable, "-m", "game", "odds"], input=req, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["method"] == "exact"   # seed 000 G42: the interception as an exact mixture
    sim_req = json.dumps({**json.loads(req), "method": "sim"})
    p = subprocess.run([sys.executable, "-m", "game", "odds"], input=sim_req, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    sim = json.loads(p.stdout)
    assert sim["method"] == "sim" and sim["trials"] == 100
    assert abs(sim["attacker_wins"] - out["attacker_wins"]) < 0.2


def test_g40_still_exact():
    res = battle_odds("g40", [("infantry", 3), ("artillery", 1)], [("infantry", 3)])
    assert res.method == "exact" and res.note is None


def test_reconnaissance_rerolls_in_the_simulation_help_the_attacker():
    # seed 000: ARMORED CAR, Reconnaissance: rerolls of artillery dice (the sim applies the
    # default decision: reroll the misses)
    from dataclasses import replace
    rs = load_ruleset("interwar")
    units = dict(rs.units)
    units["armored_car"] = replace(units["armored_car"], abilities=tuple(
        a for a in units["armored_car"].abilities if a.name != "reconnaissance"))
    plain = replace(rs, units=units, _refs={})
    att, dfn = [("artillery", 3), ("armored_car", 3)], [("infantry", 3)]
    with_recon = battle_odds(rs, att, dfn, method="sim", trials=1500, seed=11)
    without = battle_odds(plain, att, dfn, method="sim", trials=1500, seed=11)
    assert with_recon.method == "sim"
    assert with_recon.attacker_wins > without.attacker_wins + 0.03


def test_movement_and_placement_abilities_keep_exact_odds():
    # blitz_with, tows, requires_doctrine, placed_at, capital_ship, capturable: no effect on
    # a battle once it is fought
    res = battle_odds("interwar", [("motorized_infantry", 2), ("armor", 1)], [("infantry", 2), ("aaa", 1)])
    assert res.method == "exact", res.note
