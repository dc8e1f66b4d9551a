"""The odds bench beside aacalc2 (issue #45: the ratios "in the same run"; game/bench_aacalc2.py)."""
import os
import shutil

import pytest

from game import bench_aacalc2 as aa
from game.bench_odds import (
    BATTLE_B_ATTACKER,
    BATTLE_B_DEFENDER,
    SMALL_NAVAL_ATTACKER,
    SMALL_NAVAL_DEFENDER,
)
from game.odds import battle_odds
from game.rules.ruleset import load_ruleset

SIDES = {"battle_b": (BATTLE_B_ATTACKER, BATTLE_B_DEFENDER, "land"),
         "small_naval": (SMALL_NAVAL_ATTACKER, SMALL_NAVAL_DEFENDER, "sea")}


def test_without_aacalc2_the_bench_says_it_is_not_installed(monkeypatch):
    monkeypatch.delenv(aa.ENV, raising=False)
    assert aa.compare(load_ruleset("g40"), {}, SIDES) == {"odds_aacalc2": aa.NOT_INSTALLED}


def test_a_battle_keeps_our_order_of_loss():
    b = aa.battle("battle_b", *SIDES["battle_b"])
    assert b["attack"] == {"inf": 20, "art": 10, "arm": 10, "fig": 5}
    assert b["att_ool"] == ["inf", "art", "arm", "fig"] and b["def_ool"] == ["inf", "arm", "fig"]
    assert not b["naval"] and aa.battle("small_naval", *SIDES["small_naval"])["naval"]


def test_a_unit_valued_otherwise_is_reported():
    rs = load_ruleset("g40")
    stats = {"inf": {"att": 1, "def": 2, "hits": 1}, "acc": {"att": 1, "def": 2, "hits": 1}}
    # aacalc2's carrier is the 1942 one (attack 1, one hit); the g40 one attacks 0, takes 2
    assert aa.profile_mismatch(rs, stats, {"infantry", "carrier"}) == ["carrier: 0/2/2 hits, aacalc2 1/2/1"]
    assert aa.profile_mismatch(rs, stats, {"infantry"}) == []


def test_ratio_and_disagreement_from_the_driver(monkeypatch):
    rs = load_ruleset("g40")
    r = battle_odds(rs, *SIDES["small_naval"])
    monkeypatch.setenv(aa.ENV, "/somewhere")
    answer = {"units": {}, "battles": {"small_naval": {
        "attacker_wins": r.attacker_wins + 1e-6, "defender_wins": r.defender_wins,
        "takes": 0.0, "mass": 1.0 - 1e-9, "ms": 0.5, "runs": 3}}}
    monkeypatch.setattr(aa, "run", lambda battles, root: answer)
    out = aa.compare(rs, {"small_naval": (0.25, r)}, SIDES)
    assert out["odds_small_naval_aacalc2_ms"] == 0.5 and out["odds_small_naval_aacalc2_ratio"] == 2.0
    assert out["odds_small_naval_aacalc2_pruned"] == 1e-9
    assert set(out["odds_aacalc2_disagree"]) == {"small_naval"}   # 1e-6 apart, 1e-9 dropped
    answer["battles"]["small_naval"]["attacker_wins"] = r.attacker_wins + 5e-10
    assert aa.compare(rs, {"small_naval": (0.25, r)}, SIDES)["odds_aacalc2_disagree"] == {}


@pytest.mark.skipif(not os.environ.get(aa.ENV) or shutil.which("node") is None,
                    reason="aacalc2 not installed (WARBOARD_AACALC2)")
def test_aacalc2_agrees_with_our_exact_odds():
    rs = load_ruleset("g40")
    ours = {n: (1.0, battle_odds(rs, *s)) for n, s in SIDES.items()}
    out = aa.compare(rs, ours, SIDES)
    assert out["odds_aacalc2_disagree"] == {} and out["odds_aacalc2_profile_mismatch"] == []
