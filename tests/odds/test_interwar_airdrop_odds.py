"""Odds for interwar forces with the airdrop abilities (seed 000: TRANSPORT AIRCRAFT,
PARATROOPERS, FIGHTER, AAA): airdropped paratroopers keep the exact method; air
transports and interception go to the real-battle simulation."""
import sys
from pathlib import Path

import pytest

from game.odds import battle_odds
from game.odds.api import odds_for_space
from game.odds.model import unmodelled
from game.rules.actions import Airdrop, EndPhase, apply
from game.rules.ruleset import load_ruleset

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_interwar_airdrop import MALTA, ids, med  # noqa: E402


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


def test_air_transports_and_fighters_go_to_the_simulation():
    rs = load_ruleset("interwar")
    assert "transport_aircraft: noncombatant" in unmodelled(rs.units["transport_aircraft"], "exact")
    r = battle_odds(rs, [("transport_aircraft", 2), ("paratrooper", 2)],
                    [("infantry", 1), ("aaa", 1), ("fighter", 1)], airborne=True, method="sim",
                    trials=200)
    assert r.method == "sim" and 0.0 <= r.attacker_wins <= 1.0
    # the interception costs transports: fewer than 2 survive on average
    assert r.attacker_survivors["transport_aircraft"] < 2.0
    assert abs(r.attacker_wins + r.defender_wins + r.draw - 1.0) < 1e-9


def test_odds_for_a_planned_airdrop_include_the_cargo():
    s = med(MALTA)
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "malta"))
    s = apply(s, EndPhase())
    r = odds_for_space(s, "malta", method="sim", trials=100)
    assert set(r.attacker_survivors) == {"transport_aircraft", "paratrooper"}
    assert r.attacker_wins > 0.0
