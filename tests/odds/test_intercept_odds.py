"""Exact odds of interwar airdrops (issue #4; seed 000: TRANSPORT AIRCRAFT, PARATROOPERS,
FIGHTER "Escort", ANTI-AIRCRAFT ARTILLERY, the Malta example, battle order W1): the AA fire,
the interception and the battle that follows, as a mixture of ordinary battles
(game/odds/intercept.py). Each battle is checked against an independent reference
(Fractions: every die of the AA fire and the interception enumerated, then explicit sets of
alive units, no tracks) and against the game's own battles (method "sim")."""
from __future__ import annotations

import itertools
import math
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from game.odds import battle_odds
from game.odds.api import odds_for_space
from game.rules.actions import Airdrop, EndPhase, apply

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_interwar_airdrop import MALTA, ids, med  # noqa: E402

D = 12

# seed 000 unit profiles, as the reference needs them: label -> (attack in round one when
# airdropped, attack, defence, land unit that may capture, captured on entry)
# PARATROOPERS "attack at 2 during the first round of combat when airdropped", 1/1;
# INFANTRY 2/3; FIGHTER 2/2 (6/5 against air units: no air unit is left to defend once the
# fighters intercept); AAA 0/0, taken over when it is all that is left (capturable).
UNITS = {
    "paratrooper": (2, 1, 1, True, False),
    "paratrooper_walked": (1, 1, 1, True, False),    # not airdropped: 1 in round one too
    "infantry": (2, 2, 3, True, False),
    "fighter": (2, 2, 2, False, False),
    "aaa": (0, 0, 0, False, True),
}


@cache
def _hits(values: tuple[int, ...]) -> dict[int, Fraction]:
    """Distribution of hits of dice at these values, every face of every die enumerated."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, D + 1), repeat=len(values)):
        h = sum(1 for f, v in zip(faces, values, strict=True) if f <= v)
        out[h] = out.get(h, Fraction(0)) + Fraction(1, D ** len(values))
    return out


def battle_reference(att: tuple[str, ...], dfn: tuple[str, ...],
                     ghosts: tuple[str, ...] = ()) -> dict[tuple, Fraction]:
    """The battle after the drop: P(final alive attackers, final alive defenders), as
    index tuples. Every alive unit fires at once (no first strike here); hits go to the
    first listed alive unit; the attacker's round one uses the airdropped value; at the end
    of a round, defenders that are all AAA are taken over when a land unit attacks.
    `ghosts`: defenders the shore bombardment hit, which fire in round one only and cannot
    be hit (marked casualties, removed at the end of the round), also with no other
    defender alive (battle.settle, fs_remove: casualties always fire back)."""

    def rnd(A, Dn, round1):
        va = tuple(sorted(UNITS[att[k]][0 if round1 else 1] for k in A))
        vd = tuple(sorted([UNITS[dfn[k]][2] for k in Dn]
                          + ([UNITS[t][2] for t in ghosts] if round1 else [])))
        out: dict = {}
        for ha, pa in _hits(va).items():
            D2 = Dn[ha:]
            for hd, pd in _hits(vd).items():
                A2 = A[hd:]
                if A2 and D2 and all(UNITS[dfn[k]][4] for k in D2) and any(UNITS[att[k]][3] for k in A2):
                    D2 = ()
                out[(A2, D2)] = out.get((A2, D2), 0) + pa * pd
        return out

    @cache
    def solve(A, Dn):
        if not A or not Dn:
            return {(A, Dn): Fraction(1)}
        loop = Fraction(0)
        acc: dict = {}
        for (A2, D2), p in rnd(A, Dn, False).items():
            if (A2, D2) == (A, Dn):
                loop += p
                continue
            for k, q in solve(A2, D2).items():
                acc[k] = acc.get(k, 0) + p * q
        return {k: v / (1 - loop) for k, v in acc.items()}

    A0, D0 = tuple(range(len(att))), tuple(range(len(dfn)))
    if not A0 or not (D0 or ghosts):   # (no defender alive: the marked ones still fire)
        return {(A0, D0): Fraction(1)}
    acc: dict = {}
    for (A1, D1), p in rnd(A0, D0, True).items():
        for k, q in solve(A1, D1).items():
            acc[k] = acc.get(k, 0) + p * q
    return acc


def airdrop_reference(transports: int, paras: int, escorts: int, others: tuple[str, ...],
                      dfn: tuple[str, ...], escorts_first: bool = False,
                      bombard: tuple[int, ...] = ()) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, draw) of `transports` air transports carrying one
    paratrooper each (paras == transports), `escorts` fighters and `others` (land units
    already there) against `dfn`. Seed 000: AAA fires once per attacking aircraft at the
    escorts (3 shots each), then the interception: each AAA one die per transport at 2,
    each defending fighter one die at 5 (its value against aircraft); hits take the escorts
    first, then the transports, each with its paratrooper. The fighters that intercepted
    are out of the battle: if the attacker takes the territory they are lost, else the
    territory is still held (the attacker's survivors cannot take it: a draw). The battle
    after the drop loses units in the listed order: `others`, the paratroopers, the escorts
    (escorts_first: the escorts, then `others`, then the paratroopers).
    `bombard`: the bombarding ships' values (W1: after the AA fire, before the
    interception); each hit takes the first listed defender not yet hit, which then neither
    fires in the interception nor intercepts, fires in round one and is lost."""
    assert paras == transports
    aw = dw = dr = Fraction(0)
    for k, p_b in _hits(bombard).items():
        hit, rest = dfn[:k], dfn[k:]
        a, d, r = _airdrop_after_bombard(transports, escorts, others, dfn, rest, hit, escorts_first)
        aw, dw, dr = aw + p_b * a, dw + p_b * d, dr + p_b * r
    return aw, dw, dr


def _airdrop_after_bombard(transports, escorts, others, dfn, rest, hit, escorts_first):
    n_aaa_aa = dfn.count("aaa")      # the AA fire comes before the bombardment
    n_aaa = rest.count("aaa")
    n_ftr = rest.count("fighter")
    fighting_dfn = tuple(t for t in rest if t != "fighter")
    aw = dw = dr = Fraction(0)
    for aa_hits, p_aa in _hits((2,) * min(3 * n_aaa_aa, escorts)).items():
        esc = escorts - min(aa_hits, escorts)
        for h, p_h in _hits((2,) * (n_aaa * transports) + (5,) * n_ftr).items():
            esc_left = esc - min(h, esc)
            dropped = transports - min(transports, h - (esc - esc_left))
            att = others + ("paratrooper",) * dropped + ("fighter",) * esc_left
            if escorts_first:
                att = ("fighter",) * esc_left + others + ("paratrooper",) * dropped
            for (A, Dn), q in battle_reference(att, fighting_dfn, hit).items():
                w = p_aa * p_h * q
                captor = any(UNITS[att[k]][3] for k in A)
                if A and not Dn and (captor or not n_ftr):
                    aw += w
                elif not A and (Dn or n_ftr):
                    dw += w
                else:
                    dr += w
    return aw, dw, dr


def _close(res, aw, dw, dr=None):
    assert res.method == "exact", res.note
    assert abs(res.attacker_wins - float(aw)) < 1e-9, (res.attacker_wins, float(aw))
    assert abs(res.defender_wins - float(dw)) < 1e-9, (res.defender_wins, float(dw))
    if dr is not None:
        assert abs(res.draw - float(dr)) < 1e-9, (res.draw, float(dr))


def test_a_lone_interceptor_in_closed_form():
    # seed 000 FIGHTER "Escort": a defending fighter gets one free attack on the transport
    # (5 against aircraft, G39) and then does not defend; TRANSPORT AIRCRAFT: a lost transport
    # loses its cargo. The transport survives 7/12: the paratrooper drops into a territory
    # with nothing else to defend it, so the attacker wins and the fighter, with nowhere to
    # land, is lost; else the attacker has nothing left.
    r = battle_odds("interwar", [("transport_aircraft", 1), ("paratrooper", 1)], [("fighter", 1)],
                    airborne=True)
    _close(r, Fraction(7, 12), Fraction(5, 12), 0)
    assert r.attacker_survivors == pytest.approx({"transport_aircraft": 7 / 12, "paratrooper": 7 / 12})
    assert r.defender_survivors == pytest.approx({"fighter": 5 / 12})
    assert r.expected_rounds == pytest.approx(1.0)
    assert r.attacker_cost_lost == pytest.approx(5 / 12 * (7 + 2))
    assert r.defender_cost_lost == pytest.approx(7 / 12 * 10)


def test_malta_against_the_reference():
    # seed 000 Malta example: two transports carrying two paratroopers against AAA ("may fire
    # separately for each transport") and a fighter, with infantry defending
    aw, dw, dr = airdrop_reference(2, 2, 0, (), ("infantry", "aaa", "fighter"))
    r = battle_odds("interwar", [("transport_aircraft", 2), ("paratrooper", 2)],
                    [("infantry", 1), ("aaa", 1), ("fighter", 1)], airborne=True)
    _close(r, aw, dw, dr)


def test_escorts_take_the_interception_hits_first_whatever_the_listed_order():
    # seed 000 TRANSPORT AIRCRAFT: transports "may not be selected as casualties until all
    # accompanying friendly fighters have been lost", even listed before them; the escort is
    # fired at by the AAA first (AA fire precedes the interception, W1) and fights on (value
    # 2 against land), lost in its listed place in the battle that follows
    dfn = [("infantry", 1), ("aaa", 1), ("fighter", 1)]
    aw, dw, dr = airdrop_reference(2, 2, 1, (), ("infantry", "aaa", "fighter"))
    assert dr > 0   # the escort alone survives the battle: the territory is not taken
    first = battle_odds("interwar", [("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 1)], dfn,
                        airborne=True)
    _close(first, aw, dw, dr)
    aw, dw, dr = airdrop_reference(2, 2, 1, (), ("infantry", "aaa", "fighter"), escorts_first=True)
    last = battle_odds("interwar", [("fighter", 1), ("transport_aircraft", 2), ("paratrooper", 2)], dfn,
                       airborne=True)
    _close(last, aw, dw, dr)
    # the game's own battles take the escort first too (the simulation used to pick the
    # listed transport and was refused: "Air transports are lost only after every
    # escorting fighter")
    sm = battle_odds("interwar", [("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 1)], dfn,
                     airborne=True, method="sim", trials=50, seed=1)
    assert sm.method == "sim"


def test_an_airdrop_beside_a_land_attack():
    # infantry attacking from a neighbouring territory and two fighters escorting one
    # transport; the AAA has 3 shots at the two fighters
    aw, dw, dr = airdrop_reference(1, 1, 2, ("infantry",), ("infantry", "aaa", "fighter"))
    r = battle_odds("interwar", [("infantry", 1), ("transport_aircraft", 1), ("paratrooper", 1), ("fighter", 2)],
                    [("infantry", 1), ("aaa", 1), ("fighter", 1)], airborne=[False, True, True, False, False])
    _close(r, aw, dw, dr)


def _sim_close(ex, sm, n, survivors_tol=0.08):
    """Exact against the engine: win/draw probabilities within 4 standard errors of n
    battles (binomial, variance floored at 0.01 so rare outcomes get a sane bound);
    expected survivors per type within survivors_tol."""
    for f in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(ex, f)
        tol = 4 * math.sqrt(max(p * (1 - p), 0.01) / n)
        assert abs(p - getattr(sm, f)) < tol, (f, p, getattr(sm, f), tol)
    for side in ("attacker_survivors", "defender_survivors"):
        for t, v in getattr(ex, side).items():
            assert abs(v - getattr(sm, side)[t]) < survivors_tol, (side, t, v, getattr(sm, side)[t])
    scale = max(1.0, ex.attacker_cost_lost, ex.defender_cost_lost)
    assert abs(ex.attacker_cost_lost - sm.attacker_cost_lost) < 0.06 * scale
    assert abs(ex.defender_cost_lost - sm.defender_cost_lost) < 0.06 * scale
    for a, b in zip(ex.attacker_survivor_distribution, sm.attacker_survivor_distribution, strict=True):
        assert abs(a - b) < 0.05
    for a, b in zip(ex.defender_survivor_distribution, sm.defender_survivor_distribution, strict=True):
        assert abs(a - b) < 0.05


@pytest.mark.parametrize("att,dfn,kw", [
    # Malta, with an escort
    ([("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 1)],
     [("infantry", 1), ("aaa", 1), ("fighter", 1)], {}),
    # a transport with no cargo stands by; two fighters intercept; artillery supports the
    # paratroopers' defence only (seed 000 PARATROOPERS)
    ([("infantry", 1), ("transport_aircraft", 3), ("paratrooper", 2)],
     [("infantry", 2), ("artillery", 1), ("fighter", 2)], {}),
    # the AA has fired already (a battle waiting for the interception): only the interception
    ([("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 2)],
     [("infantry", 1), ("aaa", 2)], {"aa_fire": False}),
    # a round limit
    ([("armor", 1), ("transport_aircraft", 2), ("paratrooper", 2)],
     [("infantry", 2), ("aaa", 1), ("fighter", 1)], {"rounds": 2}),
])
def test_exact_airdrops_match_the_battle_engine(att, dfn, kw):
    n = 2500
    ex = battle_odds("interwar", att, dfn, airborne=True, **kw)
    assert ex.method == "exact", ex.note
    assert abs(ex.attacker_wins + ex.defender_wins + ex.draw - 1.0) < 1e-9
    sm = battle_odds("interwar", att, dfn, airborne=True, method="sim", trials=n, seed=11, **kw)
    _sim_close(ex, sm, n)


def test_odds_for_a_planned_airdrop_are_exact():
    # seed 000 Malta example on the board: the odds of the drop planned in the combat move
    s = med(MALTA)
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "malta"))
    s = apply(s, EndPhase())
    r = odds_for_space(s, "malta")
    assert r.method == "exact", r.note
    assert set(r.attacker_survivors) == {"transport_aircraft", "paratrooper"}   # the cargo counts
    assert r.attacker_wins > 0.0
    sm = odds_for_space(s, "malta", method="sim", trials=1500, seed=2)
    _sim_close(r, sm, 1500)


def test_aaa_left_alone_is_taken_over_at_the_end_of_the_round():
    # seed 000 ANTI-AIRCRAFT ARTILLERY: a territory holding only an AAA is taken with it ("the
    # AAA is considered captured and immediately switches sides"; battle._captured_defenders):
    # once the defending infantry (listed first) is gone, the attacker wins at the end of
    # that round. Infantry 2 against infantry 3, one round.
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1), ("aaa", 1)], rounds=1)
    assert r.method == "exact"
    assert r.attacker_wins == pytest.approx(2 / 12 * 9 / 12)
    assert r.defender_wins == pytest.approx(3 / 12)    # the attacker lost: the AAA holds
    alone = battle_odds("interwar", [("infantry", 1)], [("aaa", 1)])
    assert alone.attacker_wins == pytest.approx(1.0) and alone.expected_rounds == pytest.approx(1.0)
    assert alone.defender_cost_lost == pytest.approx(5.0)   # it changes sides
    sm = battle_odds("interwar", [("infantry", 1)], [("aaa", 1)], method="sim", trials=50)
    assert sm.expected_rounds == pytest.approx(1.0) and sm.attacker_wins == 1.0
    # aircraft cannot take a territory: they must shoot the AAA
    air = battle_odds("interwar", [("fighter", 1)], [("aaa", 1)], aa_fire=False)
    assert air.expected_rounds == pytest.approx(6.0)   # 2 in 12 a round


def test_an_airdropped_paratrooper_out_of_supply_rolls_at_one_in_round_one():
    # seed 000 G4 with PARATROOPERS ("attack at 2 during the first round of combat when
    # airdropped"): out of supply that is 2 - 1 = 1, though the ordinary 1 - 1 is 0; the
    # engine rolls the die (battle._fires counts a round value in force) and so do the odds
    kw = dict(airborne=True, attacker_oos=[True], rounds=1)
    ex = battle_odds("interwar", [("paratrooper", 1)], [("infantry", 1)], **kw)
    sm = battle_odds("interwar", [("paratrooper", 1)], [("infantry", 1)], method="sim", trials=600, **kw)
    assert ex.method == "exact"
    assert ex.defender_survivors["infantry"] == pytest.approx(11 / 12)
    assert sm.defender_survivors["infantry"] == pytest.approx(11 / 12, abs=0.06)
    assert sm.defender_survivors["infantry"] < 1.0     # the die was rolled at least once
    # in round two the ordinary 1 - 1 = 0 holds: no more hits than round one's
    two = battle_odds("interwar", [("paratrooper", 1)], [("infantry", 1)], airborne=True,
                      attacker_oos=[True], rounds=2)
    assert two.defender_survivors["infantry"] >= 11 / 12 - 1e-9


def test_board_odds_leave_out_the_fighters_that_intercepted():
    # seed 000 FIGHTER, Escort (G42): a fighter that intercepted "cannot later participate in
    # defensive combat": odds asked in the middle of the battle no longer count it
    from test_interwar_airdrop import malta_combat_move  # noqa: E402

    from game.rules.actions import Casualties, Intercept, RollDice, SelectBattle
    s = apply(malta_combat_move((9, 7, 11, 4) + (12,) * 20), SelectBattle("malta"))
    s = apply(s, RollDice())                                   # bombardment
    s = apply(s, Intercept(ids(s, "uk", "fighter")))           # the fighter intercepts
    s = apply(s, Casualties(ids(s, "italy", "transport_aircraft")[:1]))
    assert s.zone.battle.interceptors == ids(s, "uk", "fighter")
    r = odds_for_space(s, "malta")
    assert set(r.defender_survivors) == {"infantry", "aaa"}
    assert r.method == "exact", r.note


def test_paratroopers_dropped_beside_paratroopers_that_walked_in():
    # seed 000 PARATROOPERS: only the airdropped ones attack at 2 in round one; flags are
    # per unit, so one type may hold both (the per-unit tables)
    A, Dn = ("paratrooper", "paratrooper_walked"), ("infantry",)
    ref = battle_reference(A, Dn)
    aw = sum(p for (a, d), p in ref.items() if a and not d)
    r = battle_odds("interwar", [("paratrooper", 2)], [("infantry", 1)], airborne=[True, False])
    assert r.method == "exact", r.note
    assert abs(r.attacker_wins - float(aw)) < 1e-9
    # a transport drops the second one listed next to one that walked in
    aw, dw, dr = airdrop_reference(1, 1, 0, ("paratrooper_walked",), ("infantry", "aaa", "fighter"))
    r = battle_odds("interwar", [("transport_aircraft", 1), ("paratrooper", 2)],
                    [("infantry", 1), ("aaa", 1), ("fighter", 1)], airborne=[False, False, True])
    _close(r, aw, dw, dr)


def test_air_transports_on_the_defending_side_beside_an_airdrop():
    # defending air transports are never intercepted and are lost after every other unit
    # (battle.default_casualties, check_casualties): plain units of no value in the battle
    # after the drop (tests/odds/test_odds_rare.py has more). The transport drops its
    # paratrooper 1 - 0 (no AAA, no fighter); the paratrooper (2 in round one, then 1)
    # must hit the infantry (3) and then the transport.
    n = 3000
    att, dfn = [("transport_aircraft", 1), ("paratrooper", 1)], [("transport_aircraft", 1), ("infantry", 1)]
    r = battle_odds("interwar", att, dfn, airborne=True)
    assert r.method == "exact", r.note
    sm = battle_odds("interwar", att, dfn, airborne=True, method="sim", trials=n, seed=4)
    _sim_close(r, sm, n)


# --- shore bombardment before the interception ---------------------------------------
# seed 000 Example A (Malta): "The coastal bombardment misses and inflicts no casualties.
# Immediately afterward, the British player rolls for both the AAA and fighter intercept of
# the air transports"; battle order W1 (and G63): bombardment, then the interception; units
# the bombardment hits are marked casualties: they neither fire in the interception nor
# intercept, they fire back in round one and are then removed.
MALTA_DFN = [("infantry", 1), ("aaa", 1), ("fighter", 1)]


@pytest.mark.parametrize("att,dfn,bombard,ref", [
    # Example A's forces without the artillery (the reference has no first strike)
    ([("infantry", 1), ("transport_aircraft", 2), ("paratrooper", 2)], MALTA_DFN, [("battleship", 1)],
     (2, 2, 0, ("infantry",), ("infantry", "aaa", "fighter"), (5,))),
    # two ships: the bombardment may take the AAA (no interception die per transport) and
    # the infantry, leaving no defender alive: the marked ones fire back all the same
    # (fs_remove; issue #41 item 11)
    ([("infantry", 2), ("transport_aircraft", 1), ("paratrooper", 1)],
     [("aaa", 1), ("infantry", 1), ("fighter", 1)], [("battleship", 1), ("cruiser", 1)],
     (1, 1, 0, ("infantry", "infantry"), ("aaa", "infantry", "fighter"), (5, 3))),
    # the bombardment may hit the fighter first: then it does not intercept, defends in
    # round one at 2 and is lost
    ([("infantry", 2), ("transport_aircraft", 2), ("paratrooper", 2)], [("fighter", 1), ("infantry", 1)],
     [("battleship", 1)], (2, 2, 0, ("infantry", "infantry"), ("fighter", "infantry"), (5,))),
])
def test_bombardment_before_the_interception_against_the_reference(att, dfn, bombard, ref):
    # seed 000 Example A (Malta), W1: the bombardment's hits do not intercept
    transports, paras, escorts, others, dfn_ref, ships = ref
    aw, dw, dr = airdrop_reference(transports, paras, escorts, others, dfn_ref, bombard=ships)
    r = battle_odds("interwar", att, dfn, airborne=[t != "infantry" for t, n in att for _ in range(n)],
                    bombard=bombard, amphibious=True)
    _close(r, aw, dw, dr)


@pytest.mark.parametrize("att,dfn,bombard", [
    # seed 000 Example A (Malta) itself: artillery (first strike in round one) lands with
    # the infantry beside the airdrop
    ([("transport_aircraft", 2), ("paratrooper", 2), ("infantry", 1), ("artillery", 1)], MALTA_DFN,
     [("battleship", 1)]),
    # bombardment that can kill the AAA before it fires at the transports
    ([("transport_aircraft", 1), ("paratrooper", 1), ("infantry", 2)],
     [("aaa", 1), ("infantry", 1), ("fighter", 1)], [("battleship", 1), ("cruiser", 1)]),
    # bombardment that can hit the fighter before it intercepts
    ([("transport_aircraft", 2), ("paratrooper", 2), ("infantry", 2)],
     [("fighter", 1), ("infantry", 1)], [("battleship", 1)]),
])
def test_bombardment_before_the_interception_matches_the_battle_engine(att, dfn, bombard):
    # seed 000 Example A (Malta), battle order W1: bombardment, then the interception
    n = 2500
    ex = battle_odds("interwar", att, dfn, airborne=True, bombard=bombard, amphibious=True)
    assert ex.method == "exact", ex.note
    assert abs(ex.attacker_wins + ex.defender_wins + ex.draw - 1.0) < 1e-9
    sm = battle_odds("interwar", att, dfn, airborne=True, bombard=bombard, amphibious=True,
                     method="sim", trials=n, seed=5)
    _sim_close(ex, sm, n)


def test_the_simulation_bombards_a_plain_amphibious_assault():
    # seed 000 W1 (shore bombardment): the "sim" method's ships bombard (state.zone.landings)
    n = 2000
    ex = battle_odds("interwar", [("infantry", 3)], [("infantry", 2)], bombard=[("battleship", 1)],
                     amphibious=True)
    sm = battle_odds("interwar", [("infantry", 3)], [("infantry", 2)], bombard=[("battleship", 1)],
                     amphibious=True, method="sim", trials=n, seed=3)
    assert ex.method == "exact"
    _sim_close(ex, sm, n)


def test_a_bombarded_fighter_facing_escorts_matches_the_battle_engine():
    # seed 000 G39: a fighter hit by the bombardment still fires in round one, at 5 against
    # the escorting fighter (value_against), unless no other defender is left alive (W1:
    # the round's fire is skipped); the per-unit tables play it (preround.pre_round)
    n = 2500
    att = [("transport_aircraft", 1), ("paratrooper", 1), ("infantry", 1), ("fighter", 1)]
    dfn = [("fighter", 1), ("infantry", 1)]
    kw = dict(airborne=True, bombard=[("battleship", 1)], amphibious=True)
    ex = battle_odds("interwar", att, dfn, **kw)
    assert ex.method == "exact", ex.note
    sm = battle_odds("interwar", att, dfn, method="sim", trials=n, seed=9, **kw)
    _sim_close(ex, sm, n)
