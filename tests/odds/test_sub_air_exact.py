"""Exact odds of sea battles with submarines and aircraft (issue #41 item 17b). The hit
restrictions (g40 and seed 001 "Submarines": submarine hits cannot be taken by aircraft;
hits scored by aircraft cannot be taken by submarines unless the aircraft's side has a
destroyer, a frigate in seed 001; docs/interpretations.md) make a hit skip units earlier
in the order of loss. The type tables cannot say that (their states are prefixes of the
order of loss), so such battles went to Monte Carlo; now the per-unit tables play them
with the order of loss split into the classes the hits tell apart (exact.solve_typed,
lossorder.Track), and agree with the battle engine (method "sim")."""
from __future__ import annotations

import math

import pytest

from game.odds import battle_odds


def test_aircraft_hits_skip_the_submarine_exactly():
    # g40: a fighter (3) attacks a submarine listed before a destroyer (2). Without a
    # destroyer of its own the fighter's hits go past the submarine to the destroyer; the
    # submarine's hits can never take the fighter. Each round: the fighter hits 1/2, the
    # destroyer 1/3 (casualties fire back): both -> the submarine holds; fighter only ->
    # fighter against submarine, neither can hurt the other (a draw); destroyer only ->
    # the defender wins with both ships; neither -> again.
    r = battle_odds("g40", [("fighter", 1)], [("submarine", 1), ("destroyer", 1)], "sea")
    assert r.method == "exact", r.note
    assert r.attacker_wins == pytest.approx(0.0, abs=1e-12)
    assert r.defender_wins == pytest.approx(0.5, abs=1e-12)
    assert r.draw == pytest.approx(0.5, abs=1e-12)
    assert r.defender_survivor_distribution == pytest.approx([0.0, 0.75, 0.25], abs=1e-12)


def _sim_close(ex, sm, n):
    assert ex.method == "exact", ex.note
    for f in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(ex, f)
        tol = 4 * math.sqrt(max(p * (1 - p), 0.01) / n)   # 4 standard errors
        assert abs(p - getattr(sm, f)) < tol, (f, p, getattr(sm, f), tol)
    for dist in ("attacker_survivor_distribution", "defender_survivor_distribution"):
        for a, b in zip(getattr(ex, dist), getattr(sm, dist), strict=True):
            assert abs(a - b) < 4 * math.sqrt(max(a * (1 - a), 0.01) / n), (dist, a, b)


@pytest.mark.parametrize("ruleset,att,dfn", [
    # g40: the attacker's destroyer lets its fighters hit the submarines; the defender's
    # submarines (first strike: no, the destroyer cancels it) cannot hit the fighters
    ("g40", [("destroyer", 1), ("fighter", 2)], [("submarine", 2), ("fighter", 1), ("carrier", 1)]),
    # g40: the defender's destroyer cancels the attacking submarine's first strike; the
    # attacker's fighters cannot hit the submarines (the attacker has no destroyer)
    ("g40", [("fighter", 2), ("submarine", 1)], [("submarine", 2), ("destroyer", 1)]),
    # g40: submarines, fighters and a tactical bomber against a mixed fleet with a carrier
    ("g40", [("submarine", 2), ("fighter", 2), ("tactical_bomber", 1)],
     [("submarine", 1), ("destroyer", 1), ("fighter", 1), ("carrier", 1)]),
    # seed 001: a frigate (not a destroyer) cancels the surprise strike and lets aircraft
    # hit submarines; helicopters are aircraft
    ("modern-naval", [("submarine", 2), ("fighter", 2), ("helicopter", 1)],
     [("frigate", 1), ("submarine", 2), ("cruiser", 1), ("fighter", 1), ("aircraft_carrier", 1)]),
])
def test_submarines_and_aircraft_exact_matches_the_battle_engine(ruleset, att, dfn):
    # g40 "Submarines" / seed 001 SUBMARINE "Cannot Hit Air Units", "Cannot Be Hit by Air
    # Units" (unless a frigate): the exact odds play the restrictions as battle.py does
    n = 3000
    ex = battle_odds(ruleset, att, dfn, "sea")
    sm = battle_odds(ruleset, att, dfn, "sea", method="sim", trials=n, seed=1)
    _sim_close(ex, sm, n)
