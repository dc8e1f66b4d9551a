"""Exact odds of mixed `interwar` forces (issue #4): restricted hits that skip units earlier
in the order of loss (the order of loss split by target class, general.Track) and several
kinds of special values (value_against) in one step. Each battle is checked against an
independent reference (Fractions, over explicit sets of alive units: no tracks, no
prefixes) and against the game's own battles (method "sim")."""
from fractions import Fraction
from functools import cache

import pytest

from game.odds import battle_odds

D = 12


# A unit of the reference: (label, tags, attack dice, defence dice). A dice entry is
# (value, special value, special tag or None, first strike in round one). Tags name what
# a special value is against (seed 000: FIGHTER 6/2, "6" against air units; HEAVY
# ARTILLERY "4 against fortifications").
def reference(att: list, dfn: list) -> tuple[Fraction, Fraction]:
    """P(attacker wins), P(defender wins). Every die: a roll <= value is an ordinary hit,
    value < roll <= special value a special hit (only units tagged with its tag may take
    it). Hits are assigned pool by pool, special pools first (battle._conclude), each hit to
    the first alive eligible unit in the listed order of loss (battle.default_casualties).
    Round one: first-strike dice fire first and their casualties do not fire back; then
    everyone left fires at once (casualties of that step fire back). Support: +1 to the
    first listed infantry alive, one per supporter alive (one-to-one)."""

    def support(units, alive, role):
        bonus: dict = {}
        for sup in SUPPORT[role]:
            n = sum(1 for k in alive if units[k][0] in sup)
            for k in alive:
                if n and units[k][0] == "infantry":
                    if bonus.get((k, sup)) is None:
                        bonus[(k, sup)] = 1
                        n -= 1
        out: dict = {}
        for (k, _s), b in bonus.items():
            out[k] = out.get(k, 0) + b
        return out

    def dice(units, alive, role, round1, stage, bonus):
        out = []
        for k in alive:
            for v, sv, tag, fs in units[k][2 if role == "a" else 3]:
                first = fs and round1
                if (stage == 0) != first:
                    continue
                b = bonus.get(k, 0)
                out.append((min(D, v + b), min(D, max(v + b, sv)), tag))
        return out

    def outcomes(ds):
        """{(ordinary hits, ((tag, special hits), ...)): P}."""
        dist = {(0, ()): Fraction(1)}
        for v, sv, tag in ds:
            po, ps = Fraction(v, D), Fraction(sv - v, D)
            nxt: dict = {}
            for (o, sp), p in dist.items():
                spd = dict(sp)
                for key, q in (((o, sp), 1 - po - ps), ((o + 1, sp), po)):
                    if q:
                        nxt[key] = nxt.get(key, 0) + p * q
                if ps:
                    spd2 = dict(spd)
                    spd2[tag] = spd2.get(tag, 0) + 1
                    key = (o, tuple(sorted(spd2.items())))
                    nxt[key] = nxt.get(key, 0) + p * ps
            dist = nxt
        return dist

    def assign(units, alive, o, sp):
        left = list(alive)
        for tag, n in sp:       # special pools first (their tags are disjoint here)
            for _ in range(n):
                cand = [k for k in left if tag in units[k][1]]
                if cand:
                    left.remove(cand[0])
        for _ in range(o):
            if left:
                left.pop(0)
        return tuple(left)

    def step(A, Dn, round1, stage):
        bd = support(dfn, Dn, "d")
        da = outcomes(dice(att, A, "a", round1, stage, support(att, A, "a")))
        dd = outcomes(dice(dfn, Dn, "d", round1, stage, bd))
        out: dict = {}
        for (oa, spa), pa in da.items():
            D2 = assign(dfn, Dn, oa, spa)
            for (od, spd), pd in dd.items():
                A2 = assign(att, A, od, spd)
                out[(A2, D2)] = out.get((A2, D2), 0) + pa * pd
        return out

    def rnd(A, Dn, round1):
        out: dict = {}
        for (A1, D1), p in step(A, Dn, round1, 0).items():
            for key, q in step(A1, D1, round1, 1).items():
                out[key] = out.get(key, 0) + p * q
        return out

    @cache
    def solve(A, Dn):
        if not Dn:
            return (Fraction(1 if A else 0), Fraction(0))
        if not A:
            return (Fraction(0), Fraction(1))
        aw = dw = loop = Fraction(0)
        for (A2, D2), p in rnd(A, Dn, False).items():
            if (A2, D2) == (A, Dn):
                loop += p
                continue
            x, y = solve(A2, D2)
            aw += p * x
            dw += p * y
        return aw / (1 - loop), dw / (1 - loop)

    A0, D0 = tuple(range(len(att))), tuple(range(len(dfn)))
    aw = dw = Fraction(0)
    for (A1, D1), p in rnd(A0, D0, True).items():
        x, y = solve(A1, D1)
        aw += p * x
        dw += p * y
    return aw, dw


# seed 000 INFANTRY: supported one-to-one by artillery (attack: also light artillery; defence:
# artillery and heavy artillery); FORTIFICATION: infantry paired one-to-one defends at +1
SUPPORT = {"a": [frozenset({"light_artillery", "artillery", "heavy_artillery"})],
           "d": [frozenset({"artillery", "heavy_artillery"}), frozenset({"fortification"})]}

# seed 000 unit profiles (Cost / Attack / Defense lines)
INF = ("infantry", {"infantry_type", "land"}, [(2, 2, None, False)], [(3, 3, None, False)])
ART = ("artillery", {"land"}, [(2, 2, None, True)], [(1, 1, None, True)])        # First Strike
FTR = ("fighter", {"air"}, [(2, 6, "air", False)], [(2, 5, "air", False)])      # 6/2, 5/2
HART = ("heavy_artillery", {"land"}, [(3, 4, "fort", True)], [(1, 1, None, True)])
FORT = ("fortification", {"fort"}, [], [(5, 5, None, False)])


def _check(res, aw, dw):
    assert res.method == "exact", res.note
    assert abs(res.attacker_wins - float(aw)) < 1e-9, (res.attacker_wins, float(aw))
    assert abs(res.defender_wins - float(dw)) < 1e-9, (res.defender_wins, float(dw))


def test_reference_of_a_plain_battle():
    # the reference itself, on a battle the prefix DP always solved
    aw, dw = reference([INF, INF], [INF])
    _check(battle_odds("interwar", [("infantry", 2)], [("infantry", 1)]), aw, dw)


def test_fighter_special_hits_skip_to_the_aircraft_last_in_the_order_of_loss():
    # seed 000 FIGHTER "Attack: 6/2 Defense: 5/2": 6 (5) against air units, else 2. The
    # defending fighter is listed last (costliest), so the attacker's special hits skip the
    # infantry and artillery listed before it: the defender's losses are no prefix.
    aw, dw = reference([INF, INF, FTR], [INF, ART, FTR])
    res = battle_odds("interwar", [("infantry", 2), ("fighter", 1)],
                      [("infantry", 1), ("artillery", 1), ("fighter", 1)])
    _check(res, aw, dw)


def test_two_kinds_of_special_values_in_one_step():
    # seed 000 HEAVY ARTILLERY "Attack: 3 (4 against fortifications)" (first strike in round
    # one) and FIGHTER "6/2" against air units fire in the same step from round two on;
    # FORTIFICATION: infantry paired one-to-one defends at +1; heavy artillery supports infantry
    aw, dw = reference([INF, HART, FTR], [INF, FORT, FTR])
    res = battle_odds("interwar", [("infantry", 1), ("heavy_artillery", 1), ("fighter", 1)],
                      [("infantry", 1), ("fortification", 1), ("fighter", 1)])
    _check(res, aw, dw)


def test_several_special_dice_of_each_kind():
    # two fighters on each side (5/2 in defence), infantry listed first on both sides
    aw, dw = reference([INF, FTR, FTR], [INF, INF, FTR, FTR])
    res = battle_odds("interwar", [("infantry", 1), ("fighter", 2)], [("infantry", 2), ("fighter", 2)])
    _check(res, aw, dw)


@pytest.mark.parametrize("att,dfn,terrain", [
    ([("infantry", 2), ("fighter", 1)], [("infantry", 1), ("artillery", 1), ("fighter", 1)], "land"),
    ([("infantry", 1), ("heavy_artillery", 2), ("fighter", 1)],
     [("infantry", 2), ("fortification", 1), ("fighter", 1)], "land"),
    ([("anti_tank_gun", 1), ("armor", 1), ("fighter", 2)], [("infantry", 1), ("anti_tank_gun", 1), ("armor", 1),
                                                             ("fighter", 1)], "land"),
    # seed 000 G53: a fleet without a carrier cannot hit attacking aircraft; aircraft listed
    # between the ships
    ([("destroyer", 1), ("fighter", 1), ("cruiser", 1)], [("destroyer", 2), ("fighter", 1)], "sea"),
    ([("submarine", 1), ("dive_bomber", 1), ("battleship", 1)], [("destroyer", 1), ("cruiser", 1)], "sea"),
])
def test_mixed_forces_agree_with_the_game(att, dfn, terrain):
    # the game's own battle code (method "sim") plays the same battles
    ex = battle_odds("interwar", att, dfn, terrain)
    assert ex.method == "exact", ex.note
    assert ex.attacker_wins + ex.defender_wins + ex.draw == pytest.approx(1.0, abs=1e-9)
    sim = battle_odds("interwar", att, dfn, terrain, method="sim", trials=2500, seed=29)
    for key in ("attacker_wins", "defender_wins"):
        lo, hi = sim.ci95[key]
        assert lo - 0.01 <= getattr(ex, key) <= hi + 0.01, (key, getattr(ex, key), sim.ci95)
