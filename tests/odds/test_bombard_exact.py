"""Exact odds of amphibious assaults with shore bombardment (issue #4; seed 000: BATTLESHIP /
DESTROYER "Offshore Bombardment", battle order W1, G63) with per-unit values: fortification,
mountain terrain, support, first strike (preround.pre_round). The battle engine's order: the
ships roll before round one; the defenders they hit are marked casualties: not alive (no
first strike, they cannot be hit again), they fire in round one's ordinary defender fire
(with the support they give and get) unless their own first strike is active, and are then
removed; when no defender is left alive after the first-strike step, they fire back all
the same (issue #41 item 11: casualties behind the strip always fire back). Checked against an independent reference (Fractions over
explicit alive sets, every step of the round as battle.py plays it) and against the game's
own battles (method "sim")."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest

from game.odds import battle_odds

D = 12

# interwar profiles the reference needs: label -> (attack, defence, first strike in round
# one, infantry_type (fortified; supported by artillery in defence))
UNITS = {
    "infantry": (2, 3, False, True),
    "mountain_infantry": (2, 3, False, True),   # +1 in mountains (terrain_bonus), no support
    "artillery": (2, 1, True, False),
    "armor": (4, 3, False, False),
    "fortification": (0, 5, False, False),
}
SHIPS = {"battleship": 5, "destroyer": 2, "cruiser": 3}


def _dist(values: list[int]) -> list[Fraction]:
    """P(k hits) of independent dice at these values."""
    out = [Fraction(1)]
    for v in values:
        q = Fraction(min(D, max(0, v)), D)
        nxt = [Fraction(0)] * (len(out) + 1)
        for k, p in enumerate(out):
            nxt[k] += p * (1 - q)
            nxt[k + 1] += p * q
        out = nxt
    return out


def _def_values(dfn: tuple[str, ...], present: list[int], shooters: list[int], mountain: bool,
                oos: tuple[bool, ...] = ()) -> list[int]:
    """battle.support_bonus over `present` (listed order = uid order): each artillery lifts
    one infantry (not mountain infantry), each fortification one infantry_type unit, the
    lowest listed first; the values of `shooters` (out of supply, G4: -1 before support)."""
    bonus = dict.fromkeys(present, 0)
    n_art = sum(1 for k in present if dfn[k] == "artillery")
    for k in present:
        if n_art and dfn[k] == "infantry":
            bonus[k] += 1
            n_art -= 1
    n_fort = sum(1 for k in present if dfn[k] == "fortification")
    for k in present:
        if n_fort and UNITS[dfn[k]][3]:
            bonus[k] += 1
            n_fort -= 1
    out = []
    for k in shooters:
        v = UNITS[dfn[k]][1] + (1 if mountain and dfn[k] == "mountain_infantry" else 0)
        v = max(0, v - (1 if k < len(oos) and oos[k] else 0)) + bonus[k]
        out.append(min(D, v))
    return out


def reference(att: tuple[str, ...], dfn: tuple[str, ...], ships: tuple[str, ...],
              mountain: bool = False, oos: tuple[bool, ...] = ()) -> tuple[Fraction, Fraction, list[Fraction]]:
    """(P(attacker wins), P(defender wins), P(n attackers left)) of an amphibious assault
    (no attack support) with every unit lost in the listed order. Round one, as
    battle.ROUND_STEPS: bombard (marks), the attacker's first strike (struck), the
    defender's first strike (alive units and the struck ones; its casualties go at once),
    fs_remove (the struck go; no attacker alive, or no defender alive or marked: the round
    ends), att_fire (marks), def_fire
    (every defender in the battle, marked ones too, but first strikers; support over all
    of them), remove. Later rounds: everyone fires at once, casualties fire back."""
    A0 = tuple(range(len(att)))
    D0 = tuple(range(len(dfn)))

    def first(s: tuple[int, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return s[:n], s[n:]

    @cache
    def later(A: tuple[int, ...], Dn: tuple[int, ...]) -> dict:
        if not A or not Dn:
            return {(A, Dn): Fraction(1)}
        pa = _dist([UNITS[att[k]][0] for k in A])
        pd = _dist(_def_values(dfn, list(Dn), list(Dn), mountain, oos))
        loop = Fraction(0)
        acc: dict = {}
        for ha, p in enumerate(pa):
            for hd, q in enumerate(pd):
                nxt = (A[hd:], Dn[ha:])
                if nxt == (A, Dn):
                    loop += p * q
                    continue
                for k, r in later(*nxt).items():
                    acc[k] = acc.get(k, 0) + p * q * r
        return {k: v / (1 - loop) for k, v in acc.items()}

    acc: dict = {}

    def add(A, Dn, w):
        for k, r in later(A, Dn).items():
            acc[k] = acc.get(k, 0) + w * r

    for hb, pb in enumerate(_dist([SHIPS[s] for s in ships])):
        ghosts, alive_d = first(D0, hb)
        fs_a = [k for k in A0 if UNITS[att[k]][2]]
        for h1, p1 in enumerate(_dist([UNITS[att[k]][0] for k in fs_a])):
            struck, left_d = first(alive_d, h1)
            fs_d = [k for k in alive_d if UNITS[dfn[k]][2]]
            for h2, p2 in enumerate(_dist(_def_values(dfn, list(alive_d), fs_d, mountain, oos))):
                _, A = first(A0, h2)
                w = pb * p1 * p2
                if not A or not (left_d or ghosts):     # fs_remove: nobody left to fire
                    add(A, left_d, w)
                    continue
                shooters_a = [k for k in A if not UNITS[att[k]][2]]
                for h3, p3 in enumerate(_dist([UNITS[att[k]][0] for k in shooters_a])):
                    marked, Dn = first(left_d, h3)
                    present = sorted(ghosts + left_d)
                    shooters_d = [k for k in present if not UNITS[dfn[k]][2]]
                    for h4, p4 in enumerate(_dist(_def_values(dfn, present, shooters_d, mountain, oos))):
                        add(A[h4:], Dn, w * p3 * p4)
    aw = sum((v for (A, Dn), v in acc.items() if A and not Dn), Fraction(0))
    dw = sum((v for (A, Dn), v in acc.items() if Dn and not A), Fraction(0))
    left = [Fraction(0)] * (len(att) + 1)
    for (A, _Dn), v in acc.items():
        left[len(A)] += v
    return aw, dw, left


def _odds(att, dfn, ships, mountain=False, **kw):
    return battle_odds("interwar", [(t, 1) for t in att], [(t, 1) for t in dfn],
                       bombard=[(s, 1) for s in ships], amphibious=True,
                       terrain_tags=["mountain"] if mountain else [], **kw)


def _close(r, ref):
    aw, dw, left = ref
    assert r.method == "exact", r.note
    assert r.attacker_wins == pytest.approx(float(aw), abs=1e-9)
    assert r.defender_wins == pytest.approx(float(dw), abs=1e-9)
    assert r.attacker_survivor_distribution == pytest.approx([float(x) for x in left], abs=1e-9)


def test_a_lone_defender_hit_by_the_bombardment_fires_back():
    # seed 000 W1 (and issue #41 item 11: casualties behind the strip always fire back): the
    # battleship hits on 5 before round one; its casualty is marked and, with no defender
    # alive, still fires back in round one's defender fire (battle.settle, fs_remove). Else
    # infantry 2 against infantry 3, one round at a time: the attacking infantry faces the
    # defender's die in round one whatever the bombardment did.
    r = _odds(("infantry",), ("infantry",), ("battleship",), rounds=1)
    p_b, p_a, p_d = Fraction(5, 12), Fraction(2, 12), Fraction(3, 12)
    assert r.method == "exact"
    assert r.attacker_wins == pytest.approx(float((p_b + (1 - p_b) * p_a) * (1 - p_d)), abs=1e-12)
    assert r.attacker_survivors["infantry"] == pytest.approx(float(1 - p_d), abs=1e-12)
    _close(_odds(("infantry",), ("infantry",), ("battleship",)),
           reference(("infantry",), ("infantry",), ("battleship",)))


@pytest.mark.parametrize("att,dfn,ships,mountain", [
    # Tobruk-like: infantry, artillery (first strike in round one) and armor land against
    # infantry in a fortification (+1 to the first infantry, a marked one too)
    (("infantry", "artillery", "armor"), ("infantry", "infantry", "fortification"),
     ("battleship", "battleship"), False),
    # Albania-like: the marked artillery does not fire at all in round one (no first strike:
    # not alive; no ordinary fire: a first striker) but still supports the infantry
    (("infantry", "infantry", "armor"), ("artillery", "infantry", "mountain_infantry"),
     ("destroyer", "destroyer"), True),
    # first strikers on both sides; the attacker's first strike may take every unmarked
    # defender, and then the marked ones fire back alone
    (("artillery", "artillery", "infantry"), ("infantry", "artillery", "mountain_infantry"),
     ("battleship", "cruiser"), True),
])
def test_bombardment_with_per_unit_values_against_the_reference(att, dfn, ships, mountain):
    # seed 000 W1, G63 (marked casualties fire back in round one); FORTIFICATION, MOUNTAIN
    # INFANTRY (terrain), ARTILLERY (first strike in round one; supports infantry)
    _close(_odds(att, dfn, ships, mountain), reference(att, dfn, ships, mountain))


def test_marked_defenders_out_of_supply_against_the_reference():
    # seed 000 G4 beside W1: a marked infantry out of supply fires back at 3 - 1 (+1 from
    # the artillery beside it, support after the penalty); the mountain infantry at 4 - 1
    att, dfn, ships = ("infantry", "infantry", "armor"), ("infantry", "artillery", "mountain_infantry"), \
        ("battleship", "destroyer")
    oos = (True, False, True)
    _close(_odds(att, dfn, ships, True, defender_oos=list(oos)), reference(att, dfn, ships, True, oos))


def _sim_close(ex, sm, n):
    assert ex.method == "exact", ex.note
    for f in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(ex, f)
        tol = 4 * math.sqrt(max(p * (1 - p), 0.01) / n)   # 4 standard errors
        assert abs(p - getattr(sm, f)) < tol, (f, p, getattr(sm, f), tol)
    for a, b in zip(ex.attacker_survivor_distribution, sm.attacker_survivor_distribution, strict=True):
        assert abs(a - b) < 4 * math.sqrt(max(a * (1 - a), 0.01) / n)


@pytest.mark.parametrize("att,dfn,ships,tags", [
    # Tobruk, seed 1 round 3 of mediterranean_1940 (selfplay): fighters, light armor and a
    # supply column beside the fortified infantry
    ([("colonial_infantry", 2), ("infantry", 1), ("fighter", 2), ("light_armor", 1), ("armor", 1)],
     [("infantry", 3), ("fortification", 1), ("supply_column", 1)], [("battleship", 2)], ["port"]),
    # Albania, seed 4 round 6: a dive bomber choosing its casualty (one die a step) against
    # artillery supporting infantry and mountain infantry
    ([("infantry", 1), ("fighter", 2), ("heavy_infantry", 1), ("dive_bomber", 1)],
     [("artillery", 1), ("infantry", 1), ("mountain_infantry", 1)], [("destroyer", 2)], ["mountain", "port"]),
])
def test_the_selfplay_bombardments_match_the_battle_engine(att, dfn, ships, tags):
    # issue #4: the two amphibious assaults of the selfplay check that fell back to "sim"
    n = 1500
    ex = battle_odds("interwar", att, dfn, bombard=ships, amphibious=True, terrain_tags=tags)
    sm = battle_odds("interwar", att, dfn, bombard=ships, amphibious=True, terrain_tags=tags,
                     method="sim", trials=n, seed=11)
    _sim_close(ex, sm, n)


def test_marked_defenders_against_the_battle_engine():
    # seed 000 W1: the marked infantry and artillery fire back (or not) as the engine plays
    # them; a battle where that matters: two ships against three defenders
    n = 3000
    kw = dict(bombard=[("battleship", 1), ("cruiser", 1)], amphibious=True, terrain_tags=["mountain"])
    att = [("infantry", 2), ("artillery", 1)]
    dfn = [("infantry", 1), ("artillery", 1), ("mountain_infantry", 1)]
    ex = battle_odds("interwar", att, dfn, **kw)
    sm = battle_odds("interwar", att, dfn, method="sim", trials=n, seed=5, **kw)
    _sim_close(ex, sm, n)


@pytest.mark.parametrize("ruleset,att,dfn,ships", [
    ("interwar", [("infantry", 3), ("armor", 1)], [("infantry", 2), ("armor", 1)], [("battleship", 1), ("cruiser", 1)]),
    ("g40", [("infantry", 4), ("artillery", 2), ("armour", 2)], [("infantry", 3), ("armour", 1)],
     [("battleship", 1), ("cruiser", 2)]),
])
def test_the_type_tables_bombard_as_the_per_unit_tables_do(ruleset, att, dfn, ships):
    # seed 000 W1: with no first strike and fewer bombardment dice than defenders, the type
    # tables' bombardment (an extra pool of round one whose casualties fire back) is the
    # per-unit tables' (round one from each outcome, the marked units firing back)
    from game.odds.api import _ruleset, summarize
    from game.odds.exact import simple_bombard, solve_branch, solve_branch_general
    from game.odds.model import BattleSpec, expand
    rs = _ruleset(ruleset)
    spec = BattleSpec(rs, expand(rs, att, "a"), expand(rs, dfn, "d"), bombard=expand(rs, ships, "b"),
                      amphibious=True)
    assert simple_bombard(spec)
    fast = summarize(spec, [solve_branch(spec, spec.attacker, 1.0)])
    full = summarize(spec, [solve_branch_general(spec, spec.attacker, 1.0)])
    for f in ("attacker_wins", "defender_wins", "draw", "expected_rounds"):
        assert getattr(fast, f) == pytest.approx(getattr(full, f), abs=1e-10)
    assert fast.attacker_survivor_distribution == pytest.approx(full.attacker_survivor_distribution, abs=1e-10)
    assert fast.defender_survivor_distribution == pytest.approx(full.defender_survivor_distribution, abs=1e-10)


def test_seed_001_bombardment_casualties_fire_back_in_the_odds():
    # seed 001 Offshore Bombardment: "Casualties resulting from the bombardment are moved
    # behind the casualty strip" and fire back, also when the cruiser took every defender
    # (issue #41 item 11). Cruiser 4, infantry 1 against infantry 2, one round (d6).
    r = battle_odds("modern-naval", [("infantry", 1)], [("infantry", 1)], bombard=[("cruiser", 1)],
                    amphibious=True, rounds=1)
    p_b, p_a, p_d = Fraction(4, 6), Fraction(1, 6), Fraction(2, 6)
    assert r.method == "exact", r.note
    assert r.attacker_wins == pytest.approx(float((p_b + (1 - p_b) * p_a) * (1 - p_d)), abs=1e-12)
    assert r.defender_wins == pytest.approx(float((1 - p_b) * (1 - p_a) * p_d), abs=1e-12)
    assert r.attacker_survivors["infantry"] == pytest.approx(float(1 - p_d), abs=1e-12)


@pytest.mark.parametrize("ruleset,att,dfn,ships", [
    # seed 001: a cruiser and a destroyer may take both defenders before they fire
    ("modern-naval", [("infantry", 2)], [("infantry", 2)], [("cruiser", 1), ("destroyer", 1)]),
    # g40: a battleship and a cruiser against a lone infantry beside artillery
    ("g40", [("infantry", 1), ("armour", 1)], [("infantry", 1), ("artillery", 1)],
     [("battleship", 1), ("cruiser", 1)]),
])
def test_bombardment_taking_every_defender_against_the_battle_engine(ruleset, att, dfn, ships):
    # issue #41 item 11: the exact odds play the marked defenders' return fire as the
    # battle engine does (battle.settle, fs_remove)
    n = 3000
    kw = dict(bombard=ships, amphibious=True)
    ex = battle_odds(ruleset, att, dfn, **kw)
    sm = battle_odds(ruleset, att, dfn, method="sim", trials=n, seed=3, **kw)
    _sim_close(ex, sm, n)
