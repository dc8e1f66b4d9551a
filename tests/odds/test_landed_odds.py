"""An assault by units landed from the sea beside units that came overland (seed 000:
INFANTRY, "Supported by Artillery ... not in amphibious assaults"): the engine applies
the restriction per unit (battle.support_bonus: Unit.amphibious), so the odds do too."""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from game.odds.api import battle_odds, odds_for_space
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.variant import ruleset_for

ATT = [("infantry", 2), ("artillery", 2)]
DFN = [("infantry", 10)]


def test_only_the_landed_infantry_loses_its_artillery_support():
    # seed 000: INFANTRY attacks at 2, +1 with artillery (one to one, not in amphibious
    # assaults); ARTILLERY attacks at 2. One infantry landed, the other walked in with two
    # artillery: one round gives 3/12 + 2/12 + 2 x 2/12 = 9/12 expected hits (ten
    # defenders, so no hit is wasted); all landed would be 8/12, all overland 10/12.
    want = {(True, False): Fraction(9, 12), (True, True): Fraction(8, 12), (False, False): Fraction(10, 12)}
    for (a, b), hits in want.items():
        r = battle_odds("interwar", ATT, DFN, rounds=1, amphibious=[a, b, False, False])
        assert r.method == "exact", r.note
        assert abs(10 - r.defender_survivors["infantry"] - float(hits)) < 1e-9, (a, b, r.defender_survivors)


def test_mixed_landing_exact_odds_match_the_battle_engine():
    n = 3000
    att, dfn = [("infantry", 2), ("artillery", 2)], [("infantry", 3)]
    landed = [True, False, False, False]
    ex = battle_odds("interwar", att, dfn, amphibious=landed, bombard=[("battleship", 1)])
    assert ex.method == "exact", ex.note
    sm = battle_odds("interwar", att, dfn, amphibious=landed, bombard=[("battleship", 1)], method="sim",
                     trials=n, seed=3)
    p = ex.attacker_wins
    assert abs(p - sm.attacker_wins) < 4 * math.sqrt(p * (1 - p) / n), (p, sm.attacker_wins)
    # the Monte Carlo works on types: the engine plays it
    mc = battle_odds("interwar", att, dfn, amphibious=landed, method="mc", trials=100)
    assert mc.method == "sim" and "overland" in (mc.note or "")


def test_board_odds_pass_each_units_landing():
    sc = load_scenario("scenarios/mediterranean_1940.yaml")
    st = Session(sc, ruleset_for(sc, None), 1).state.copy()
    target = next(s for s in sorted(sc.spaces) if sc.spaces[s].kind == "land"
                  and any(u.type == "infantry" and st.at_war(u.owner, st.player) for u in st.units_in(s)))
    inf = [u for u in st.units.values() if u.owner == st.player and u.type == "infantry"][:2]
    art = [u for u in st.units.values() if u.owner == st.player and u.type == "artillery"][:1]
    assert len(inf) == 2 and len(art) == 1
    art.append(replace(art[0], uid=9_999))
    st.units[9_999] = art[1]
    for u in inf + art:
        st.units[u.uid] = replace(u, space=target)
    for u in list(st.units.values()):   # the defenders: ten infantry, so no hit is wasted
        if u.space == target and u.owner != st.player:
            del st.units[u.uid]
    enemy = next(u for u in st.units.values() if u.type == "infantry" and st.at_war(u.owner, st.player))
    for k in range(10):
        st.units[10_000 + k] = replace(enemy, uid=10_000 + k, space=target)
    overland = odds_for_space(st, target, rounds=1)
    st.units[inf[0].uid] = replace(st.units[inf[0].uid], amphibious=True)
    mixed = odds_for_space(st, target, rounds=1)
    assert mixed.method == "exact", mixed.note
    # two artillery, two infantry: only the one that walked in is supported, one twelfth
    # fewer expected hits than all overland (the side's flag said "not amphibious": both)
    gap = sum(mixed.defender_survivors.values()) - sum(overland.defender_survivors.values())
    assert abs(gap - 1 / 12) < 1e-9, gap
    st.units[inf[1].uid] = replace(st.units[inf[1].uid], amphibious=True)
    landed = odds_for_space(st, target, rounds=1)
    gap = sum(landed.defender_survivors.values()) - sum(overland.defender_survivors.values())
    assert abs(gap - 2 / 12) < 1e-9, gap
