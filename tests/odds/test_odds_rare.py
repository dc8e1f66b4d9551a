"""Exact odds of rarer interwar forces that used to fall back to the simulation (issue #4:
"the odds command gives exact d12 results for interwar forces"): anti-aircraft fire at
aircraft with several hit points, airdrop interceptions hitting escorts or air transports
with several hit points, and air transports on the defending side.

Stock interwar has no aircraft with several hit points; the test variant
tests/fixtures/variants/interwar_sturdy_air.yaml gives fighters, heavy bombers, airships
and air transports two. Each case is checked against a Fraction closed form where one is
short, and against the game's own battles (method "sim")."""
from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from game.odds import battle_odds
from game.rules.variant import load_variant

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_intercept_odds import _sim_close as sim_close  # noqa: E402

STURDY = load_variant(Path(__file__).parents[1] / "fixtures" / "variants" / "interwar_sturdy_air.yaml")


def _sim_close(ex, sm, n):
    """test_intercept_odds._sim_close, the sums checked too; expected survivors per type
    within 4 standard errors of a count of at most 4 units (sd <= 2: 8 / sqrt(n))."""
    assert ex.method == "exact", ex.note
    assert abs(ex.attacker_wins + ex.defender_wins + ex.draw - 1.0) < 1e-9
    sim_close(ex, sm, n, survivors_tol=8 / math.sqrt(n))


# --- anti-aircraft fire at aircraft with several hit points --------------------------
# seed 000 ANTI-AIRCRAFT ARTILLERY (G35: value 2, up to 3 shots, one die per attacking
# aircraft) and the capital ships' "require 2 hits to destroy": an AA hit on a 2-hit
# aircraft damages it; the engine takes every extra hit point first, then the aircraft in
# the listed order (sim._listed_casualties, exact.aa_hits_taken).

def test_an_aa_hit_only_damages_a_two_hit_bomber():
    # one round: the AA hits 2/12 and leaves the bomber one hit point; then only the
    # infantry's 3/12 in the round can finish it: lost 2/12 * 3/12 = 1/24 (if the AA hit
    # destroyed it, 2/12 + 10/12 * 0). The bomber (9) fires at the infantry listed first.
    r = battle_odds(STURDY, [("heavy_bomber", 1)], [("infantry", 1), ("aaa", 1)], rounds=1)
    assert r.method == "exact", r.note
    assert r.attacker_survivors["heavy_bomber"] == pytest.approx(float(1 - Fraction(1, 24)))
    assert r.defender_survivors["infantry"] == pytest.approx(3 / 12)
    assert r.attacker_wins == pytest.approx(0.0)   # the AAA is left: no land unit takes it


def test_aa_hits_take_the_extra_hit_points_before_the_first_listed_aircraft():
    # a 1-hit dive bomber listed before a 2-hit bomber: one AA hit (of two dice) damages
    # the bomber, two hits damage it and destroy the dive bomber. One round against an AAA
    # alone (it does not fire in the round): the dive bomber survives unless both dice hit.
    r = battle_odds(STURDY, [("dive_bomber", 1), ("heavy_bomber", 1)], [("aaa", 1)], rounds=1)
    assert r.method == "exact", r.note
    q = Fraction(2, 12)
    assert r.attacker_survivors["dive_bomber"] == pytest.approx(float(1 - q * q))
    assert r.attacker_survivors["heavy_bomber"] == pytest.approx(1.0)


@pytest.mark.parametrize("att,dfn", [
    ([("infantry", 2), ("heavy_bomber", 1), ("airship", 1)], [("infantry", 3), ("aaa", 1)]),
    ([("dive_bomber", 1), ("heavy_bomber", 2)], [("infantry", 2), ("aaa", 1)]),
])
def test_aa_fire_at_two_hit_aircraft_matches_the_battle_engine(att, dfn):
    n = 2000
    ex = battle_odds(STURDY, att, dfn)
    sm = battle_odds(STURDY, att, dfn, method="sim", trials=n, seed=7)
    _sim_close(ex, sm, n)


# --- interception hits on units with several hit points ------------------------------
# seed 000 TRANSPORT AIRCRAFT / FIGHTER "Escort": AAA "may fire separately for each
# transport" (value 2), each defending fighter one free attack (5 against aircraft);
# transports "may not be selected as casualties until all accompanying friendly fighters
# have been lost" (battle.check_casualties: every hit point of the escorts first). Each
# group loses its extra hit points first, then its units in the listed order
# (intercept.interception_taken, sim._listed_casualties); a damaged transport still drops
# its cargo.

def test_two_hit_transports_are_damaged_before_either_is_lost():
    # Malta without the infantry: two 2-hit transports, an AAA (one die per transport) and
    # a fighter (5). The first two hits damage both transports; only a third loses the
    # first listed transport and its paratrooper: 2/12 * 2/12 * 5/12 = 5/432. After the
    # drop the AAA alone is taken over at the end of round one (seed 000 AAA): the attack
    # always wins. (Hits taking the first listed transport first would lose one
    # paratrooper with two hits.)
    r = battle_odds(STURDY, [("transport_aircraft", 2), ("paratrooper", 2)], [("aaa", 1), ("fighter", 1)],
                    airborne=True)
    assert r.method == "exact", r.note
    assert r.attacker_wins == pytest.approx(1.0)
    assert r.attacker_survivors["paratrooper"] == pytest.approx(float(2 - Fraction(5, 432)))
    # the transports that dropped their cargo, damaged or not, are safe
    assert r.attacker_survivors["transport_aircraft"] == pytest.approx(float(2 - Fraction(5, 432)))


def test_a_two_hit_escort_takes_every_interception_hit_before_the_transport():
    # a 2-hit escorting fighter: the AAA's anti-aircraft die (2) may damage it first; then
    # the interception (the AAA's die per transport at 2, the fighter's at 5) hits it
    # until it is lost, and only then the (2-hit) transport, which cannot be lost here.
    # Escort lost: 2/12 * P(a hit of two) + 10/12 * P(both hit)
    #            = 2/12 * 74/144 + 10/12 * 10/144 = 31/216.
    r = battle_odds(STURDY, [("transport_aircraft", 1), ("paratrooper", 1), ("fighter", 1)],
                    [("aaa", 1), ("fighter", 1)], airborne=True)
    assert r.method == "exact", r.note
    assert r.attacker_survivors["fighter"] == pytest.approx(float(1 - Fraction(31, 216)))
    assert r.attacker_survivors["paratrooper"] == pytest.approx(1.0)
    assert r.attacker_wins == pytest.approx(1.0)


@pytest.mark.parametrize("att,dfn,flown", [
    # Malta with a 2-hit escort and 2-hit transports
    ([("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 1)],
     [("infantry", 1), ("aaa", 1), ("fighter", 1)], True),
    # two 2-hit escorts, infantry beside the drop, two interceptors
    ([("infantry", 1), ("transport_aircraft", 1), ("paratrooper", 1), ("fighter", 2)],
     [("infantry", 2), ("fighter", 2)], [False, True, True, False, False]),
    # a 2-hit heavy bomber beside the drop takes the AA fire (no escort)
    ([("transport_aircraft", 1), ("paratrooper", 1), ("heavy_bomber", 1), ("infantry", 1)],
     [("infantry", 2), ("aaa", 1)], [True, True, False, False]),
])
def test_interceptions_of_two_hit_aircraft_match_the_battle_engine(att, dfn, flown):
    n = 2000
    ex = battle_odds(STURDY, att, dfn, airborne=flown)
    sm = battle_odds(STURDY, att, dfn, airborne=flown, method="sim", trials=n, seed=5)
    _sim_close(ex, sm, n)


# --- air transports on the defending side --------------------------------------------
# seed 000 TRANSPORT AIRCRAFT (Attack "-", Defense "-", Non-combatant: "may not be
# selected as casualties until all accompanying friendly fighters have been lost"): on the
# ground in a defended territory they are units of no value the attacker must destroy,
# taken after every combat unit (battle.default_casualties, check_casualties;
# tests/rules/test_interwar_airdrop.py), whatever their listed place
# (model.normalise_order). They used to be simulated.

def test_a_defending_air_transport_is_lost_after_the_infantry():
    # infantry (2) against infantry (3) and an air transport listed first: each round the
    # attacker hits 2/12 and the infantry 3/12 while it lives. The attacker wins when it
    # hits before the infantry does (the transport then cannot fire back):
    # (2/12 * 9/12) / (1 - 10/12 * 9/12) = 1/3; the infantry survives
    # (10/12 * 3/12) / (54/144) = 5/9 (taking the transport first: 1/9 and more).
    r = battle_odds("interwar", [("infantry", 1)], [("transport_aircraft", 1), ("infantry", 1)])
    assert r.method == "exact", r.note
    assert r.attacker_wins == pytest.approx(1 / 3)
    assert r.defender_survivors["infantry"] == pytest.approx(5 / 9)
    assert r.defender_survivors["transport_aircraft"] == pytest.approx(2 / 3)
    assert r.defender_survivor_distribution == pytest.approx([1 / 3, 1 / 9, 5 / 9])


@pytest.mark.parametrize("att,dfn", [
    ([("infantry", 2)], [("transport_aircraft", 1), ("infantry", 1)]),
    # with a defending fighter (the transports' escort): fighters attack them at 6
    ([("infantry", 2), ("fighter", 1)], [("transport_aircraft", 2), ("infantry", 1), ("fighter", 1)]),
    # the AAA fires at the attacking fighters; left alone with the transports it is not
    # taken over (they must be destroyed first)
    ([("fighter", 1), ("armor", 1)], [("transport_aircraft", 1), ("infantry", 1), ("aaa", 1)]),
])
def test_defending_air_transports_match_the_battle_engine(att, dfn):
    n = 2000
    ex = battle_odds("interwar", att, dfn)
    sm = battle_odds("interwar", att, dfn, method="sim", trials=n, seed=9)
    _sim_close(ex, sm, n)


def test_two_hit_defending_air_transports_are_still_simulated():
    # the game takes every extra hit point of the combat units before the transports';
    # the DP's track (and the Monte Carlo's) takes all extra hit points first
    r = battle_odds(STURDY, [("infantry", 2)], [("transport_aircraft", 1), ("infantry", 1)], trials=10)
    assert r.method == "sim" and "transport_aircraft: noncombatant" in (r.note or "")
    # damaged down to one hit point: exact
    r = battle_odds(STURDY, [("infantry", 2)], [("transport_aircraft", 1), ("infantry", 1)],
                    defender_damage=[1, 0])
    assert r.method == "exact", r.note


def test_board_odds_count_the_defenders_air_transports():
    # the board used to leave the defender's air transports out (taken for the attacker's
    # empty ones): the attack must destroy them too. Infantry from Tunisia attacks Libya,
    # held by infantry and an air transport: the figures of the closed form above.
    from test_interwar_airdrop import ids, med

    from game.odds.api import odds_for_space
    from game.rules.actions import EndPhase, Move, apply
    s = med([("tunisia", "italy", "infantry", 1), ("libya", "uk", "transport_aircraft", 1),
             ("libya", "uk", "infantry", 1)])
    s = apply(s, Move(ids(s, "italy", "infantry"), ("libya",)))
    s = apply(s, EndPhase())
    r = odds_for_space(s, "libya")
    assert r.method == "exact", r.note
    assert set(r.defender_survivors) == {"infantry", "transport_aircraft"}
    assert r.attacker_wins == pytest.approx(1 / 3)
