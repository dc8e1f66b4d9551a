"""Exact odds of big battles (issue #45, "exact odds above 4 M states"): the type tables take
any battle whose estimated memory fits under a cap (exact.memory_cap), decided before the
tables are made; the DP's dropped mass is reported (pruned_mass) and stays under 1e-9."""
import json
from pathlib import Path

import pytest

from game.odds import battle_odds, compute, exact, kernel
from game.odds.model import BattleSpec, expand
from game.rules.ruleset import load_ruleset

# battle B (docs/architecture.md, performance targets; game/bench_odds.py)
B_ATT = [("infantry", 20), ("artillery", 10), ("armour", 10), ("fighter", 5)]
B_DEF = [("infantry", 30), ("armour", 5), ("fighter", 3)]


def scaled(side, k):
    return [(t, n * k) for t, n in side]


def test_the_exact_result_reports_the_mass_it_dropped():
    # issue #45: "pruned mass reported"; docs/architecture.md (Odds): under 1e-9
    r = battle_odds("g40", B_ATT, B_DEF, "land")
    assert r.method == "exact"
    assert r.pruned_mass is not None and 0.0 <= r.pruned_mass < 1e-12
    assert r.pruned_mass == pytest.approx(1.0 - r.attacker_wins - r.defender_wins - r.draw, abs=1e-14)
    out = compute({"ruleset": "g40", "attacker": [["infantry", 3], ["armour", 1]],
                   "defender": [["infantry", 3]], "terrain": "land"})
    assert 0.0 <= out["pruned_mass"] < 1e-12
    mc = compute({"ruleset": "g40", "attacker": [["infantry", 3]], "defender": [["infantry", 3]],
                  "terrain": "land", "method": "mc", "trials": 500})
    assert "pruned_mass" not in mc   # a sampled result drops nothing: it has intervals instead


def test_a_large_battle_drops_under_1e9():
    # 16 times battle B, 440,000 states: 8.5e-10 dropped with products below 1e-16 cut,
    # 9.4e-12 below 1e-18 (kernel.PRUNE)
    r = battle_odds("g40", scaled(B_ATT, 16), scaled(B_DEF, 16), "land")
    assert r.method == "exact"
    assert r.pruned_mass < 1e-10


@pytest.mark.slow
def test_above_4m_states_the_odds_stay_exact():
    # 64 times battle B: 7.0 M states went to Monte Carlo (96 s of CPU, 4.9 GB); exact
    # takes ~11 s and ~0.4 GB, and drops 1.3e-10 (1.2e-8 with products below 1e-16 cut)
    r = battle_odds("g40", scaled(B_ATT, 64), scaled(B_DEF, 64), "land")
    assert r.method == "exact", r.note
    assert r.pruned_mass < 1e-9
    assert r.attacker_wins == pytest.approx(1.0, abs=1e-9)


def test_over_the_memory_cap_the_odds_go_to_monte_carlo_before_any_table(monkeypatch):
    # 4 times battle B: 28,000 states, ~1.5 MB by the estimate, over a cap of 1 MB
    monkeypatch.setenv(exact.MEMORY_CAP_ENV, str(1 << 20))
    calls = []
    monkeypatch.setattr(kernel, "kernels", lambda work=0: calls.append(work))
    r = battle_odds("g40", scaled(B_ATT, 4), scaled(B_DEF, 4), "land", trials=500)
    assert r.method == "mc"
    assert "memory cap" in r.note and exact.MEMORY_CAP_ENV in r.note
    assert calls == []   # decided from the estimate: no hit table, no DP


def test_under_the_cap_the_same_battle_is_exact(monkeypatch):
    monkeypatch.setenv(exact.MEMORY_CAP_ENV, str(64 << 20))
    assert battle_odds("g40", scaled(B_ATT, 4), scaled(B_DEF, 4), "land").method == "exact"
    monkeypatch.setenv(exact.MEMORY_CAP_ENV, "not a number")   # the default then
    assert exact.memory_cap() == exact.MEMORY_CAP


def test_the_memory_estimate_covers_the_tables_and_the_dp(monkeypatch):
    # what the type tables hold (the hit tables, end-of-round tables, ...), the DP's mass and
    # summarize's weighted copy: all under the estimate checked before they are made
    rs = load_ruleset("g40")
    spec = BattleSpec(rs, expand(rs, [list(x) for x in scaled(B_ATT, 2)], "attacker"),
                      expand(rs, [list(x) for x in scaled(B_DEF, 2)], "defender"), "land")
    needs = []
    check = exact.check_memory
    monkeypatch.setattr(exact, "check_memory", lambda need: (needs.append(need), check(need)))
    a, d, args = exact.type_tables(spec, spec.attacker, None)
    arrays = {id(x): x.nbytes for x in args if hasattr(x, "nbytes")}
    held = sum(arrays.values()) + 2 * 8 * a.H * d.H
    assert max(needs) >= held
    assert max(needs) <= 3 * held


# the exact battles tests/odds solved (api.summarize) before kernel.PRUNE went from 1e-16 to
# 1e-18, with that engine's figures: 308 battles of g40, interwar and modern-naval, each
# under 0.2 s (tests/fixtures/odds_exact_before_45.json, recorded from the tests' own runs)
BEFORE = Path(__file__).parents[1] / "fixtures" / "odds_exact_before_45.json"
PROBABILITIES = ("attacker_wins", "defender_wins", "draw")
SCALED = ("expected_rounds", "attacker_cost_lost", "defender_cost_lost")


def _spec(rec):
    rs = load_ruleset(rec["ruleset"])
    terms = dict(rec["terms"])
    for k in ("attacker", "defender", "bombard"):
        terms[k] = [t for t, n in terms.get(k, []) for _ in range(n)]
    return BattleSpec(rs, **terms)


def test_the_odds_agree_with_the_engine_before_to_1e12():
    # issue #45: "the odds agree with the current engine to 1e-12 on every battle the tests
    # cover": results move by at most the mass the old threshold dropped (battle B:
    # 2.7e-13); expected rounds and costs (tens to hundreds) to 1e-12 of their size
    from game.odds.api import summarize
    records = json.loads(BEFORE.read_text(encoding="utf-8"))
    assert len(records) > 300
    for rec in records:
        res = summarize(spec := _spec(rec), exact.solve_exact(spec))
        for f in PROBABILITIES:
            assert getattr(res, f) == pytest.approx(rec["res"][f], abs=1e-12, rel=0), (rec["terms"], f)
        for f in SCALED:
            assert getattr(res, f) == pytest.approx(rec["res"][f], rel=1e-12, abs=1e-12), (rec["terms"], f)
