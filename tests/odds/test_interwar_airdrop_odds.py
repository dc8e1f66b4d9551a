"""Odds for interwar forces with the airdrop abilities (seed 000: TRANSPORT AIRCRAFT,
PARATROOPERS, FIGHTER, AAA): airdropped paratroopers keep the exact method; air
transports and their interception are exact too (a mixture of battles, intercept.py;
tests/odds/test_intercept_odds.py checks the figures)."""
import sys
from pathlib import Path

import pytest

from game.odds import battle_odds
from game.odds.model import unmodelled
from game.rules.ruleset import load_ruleset

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))


def test_airdropped_paratroopers_are_exact_at_2_in_round_one():
    # "Paratroopers attack at 2 during the first round of combat when airdropped."
    rs = load_ruleset("interwar")
    assert not unmodelled(rs.units["paratrooper"], "exact")
    one = battle_odds(rs, [("paratrooper", 1)], [("infantry", 1)], rounds=1, airborne=True)
    assert one.method == "exact"
    p_hit = 2 / 12
    assert one.defender_survivors["infantry"] == pytest.approx(1 - p_hit)
    walked = battle_odds(rs, [("paratrooper", 1)], [("infantry", 1)], rounds=1)
    assert walked.defender_survivors["infantry"] == pytest.approx(1 - 1 / 12)


def test_air_transports_and_fighters_are_exact_with_their_interception():
    rs = load_ruleset("interwar")
    # the per-type tables do not play it: the interception mixture does (intercept.py)
    assert "transport_aircraft: noncombatant" in unmodelled(rs.units["transport_aircraft"], "exact")
    r = battle_odds(rs, [("transport_aircraft", 2), ("paratrooper", 2)],
                    [("infantry", 1), ("aaa", 1), ("fighter", 1)], airborne=True)
    assert r.method == "exact" and 0.0 <= r.attacker_wins <= 1.0
    # the interception costs transports: AAA 2 a die per transport, the fighter 5 (seed 000)
    p_hits = [0.0] * 4
    for a in range(3):
        for f in range(2):
            p_hits[a + f] += ([(10 / 12) ** 2, 2 * (2 / 12) * (10 / 12), (2 / 12) ** 2][a]
                              * [7 / 12, 5 / 12][f])
    lost = sum(p * min(2, h) for h, p in enumerate(p_hits))
    assert r.attacker_survivors["transport_aircraft"] == pytest.approx(2.0 - lost)
    assert abs(r.attacker_wins + r.defender_wins + r.draw - 1.0) < 1e-9
