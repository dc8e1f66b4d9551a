"""Exact odds of mixed `interwar` forces (issue #4): restricted hits that skip units earlier
in the order of loss (the order of loss split by target class, lossorder.Track) and several
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
def reference(att: list, dfn: list, aboard: dict | None = None) -> tuple[Fraction, Fraction]:
    """P(attacker wins), P(defender wins). Every die: a roll <= value is an ordinary hit,
    value < roll <= special value a special hit (only units tagged with its tag may take
    it). Hits are assigned pool by pool, special pools first (battle._conclude), each hit to
    the first alive eligible unit in the listed order of loss (battle.default_casualties).
    Round one: first-strike dice fire first and their casualties do not fire back; then
    everyone left fires at once (casualties of that step fire back). Support: +1 to the
    first listed infantry alive, one per supporter alive (one-to-one). `aboard`: the
    defender's aircraft (index) riding a carrier (index) with combat air patrol: when the
    carrier is lost, they are removed with it at the end of the step (seed 000 G58)."""
    aboard = aboard or {}

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
            for v, sv, tag, fs, *flags in units[k][2 if role == "a" else 3]:
                first = fs and round1
                if (stage == 0) != first:
                    continue
                b = bonus.get(k, 0)
                out.append((min(D, v + b), min(D, max(v + b, sv)), tag, set(flags[0]) if flags else set()))
        return out

    def outcomes(ds, budget):
        """{(ordinary hits, chosen hits, ((tag, special hits), ...)): P}. Reconnaissance:
        `budget` misses (rolls above the special value, highest value first) are rerolled."""
        ds = sorted(ds, key=lambda d: ("recon" not in d[3], -d[1]))
        dist = {(0, 0, (), budget): Fraction(1)}
        for v, sv, tag, flags in ds:
            po, ps, pm = Fraction(v, D), Fraction(sv - v, D), 1 - Fraction(sv, D)
            nxt: dict = {}

            def add(key, q, nxt=nxt):
                if q:
                    nxt[key] = nxt.get(key, 0) + q

            for (o, oc, sp, bud), p in dist.items():
                for again in (False, True):
                    if again and not ("recon" in flags and bud > 0):
                        continue
                    w = p * pm if again else p
                    b2 = bud - 1 if again else bud
                    if "choose" in flags:
                        add((o, oc + 1, sp, b2), w * po)
                    else:
                        add((o + 1, oc, sp, b2), w * po)
                    if ps:
                        spd = dict(sp)
                        spd[tag] = spd.get(tag, 0) + 1
                        add((o, oc, tuple(sorted(spd.items())), b2), w * ps)
                    if not ("recon" in flags and bud > 0) or again:
                        add((o, oc, sp, b2), w * pm)
            dist = nxt
        out: dict = {}
        for (o, oc, sp, _b), p in dist.items():
            out[(o, oc, sp)] = out.get((o, oc, sp), 0) + p
        return out

    def assign(units, alive, o, oc, sp, bonus):
        left = list(alive)
        for _ in range(oc):     # the firer chooses (seed 000 DIVE BOMBER): costliest land unit,
            cand = [k for k in left if "land" in units[k][1]]    # then strongest, then first
            if cand:
                left.remove(min(cand, key=lambda k: (-units[k][4], -(units[k][3][0][0] + bonus.get(k, 0))
                                                     if units[k][3] else 0, k)))
        for tag, n in sp:       # special pools (their tags are disjoint here)
            for _ in range(n):
                cand = [k for k in left if tag in units[k][1]]
                if cand:
                    left.remove(cand[0])
        for _ in range(o):
            if left:
                left.pop(0)
        return tuple(left)

    def recon(units, alive):
        return min(3, sum(1 for k in alive if units[k][0] == "armored_car"))

    def step(A, Dn, round1, stage, ra, rd):
        ba, bd = support(att, A, "a"), support(dfn, Dn, "d")
        da = outcomes(dice(att, A, "a", round1, stage, ba), ra)
        dd = outcomes(dice(dfn, Dn, "d", round1, stage, bd), rd)
        out: dict = {}
        for (oa, oca, spa), pa in da.items():
            D2 = assign(dfn, Dn, oa, oca, spa, bd)
            D2 = tuple(k for k in D2 if aboard.get(k, k) in D2)    # lost with their carrier
            for (od, ocd, spd), pd in dd.items():
                A2 = assign(att, A, od, ocd, spd, ba)
                out[(A2, D2)] = out.get((A2, D2), 0) + pa * pd
        return out

    def rnd(A, Dn, round1):
        out: dict = {}
        ra, rd = recon(att, A), recon(dfn, Dn)     # one reroll per armored car, each round
        for (A1, D1), p in step(A, Dn, round1, 0, ra, rd).items():
            for key, q in step(A1, D1, round1, 1, ra, rd).items():
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

# seed 000 unit profiles (Cost / Attack / Defense lines): label, tags, attack dice, defence
# dice, cost
INF = ("infantry", {"infantry_type", "land"}, [(2, 2, None, False)], [(3, 3, None, False)], 3)
ART = ("artillery", {"land"}, [(2, 2, None, True)], [(1, 1, None, True)], 3)        # First Strike
FTR = ("fighter", {"air"}, [(2, 6, "air", False)], [(2, 5, "air", False)], 10)      # 6/2, 5/2
HART = ("heavy_artillery", {"land"}, [(3, 4, "fort", True, {"recon"})], [(1, 1, None, True, {"recon"})], 5)
FORT = ("fortification", {"fort"}, [], [(5, 5, None, False)], 10)
ARM = ("armor", {"land"}, [(4, 4, None, False)], [(3, 3, None, False)], 9)
ACAR = ("armored_car", {"land"}, [(1, 1, None, False)], [(2, 2, None, False)], 3)
ATG = ("anti_tank_gun", {"land"}, [(1, 3, "armored", True)], [(1, 2, "armored", True)], 3)
# DIVE BOMBER "Attack: 5*", defends only against aircraft; the attacker chooses its casualties
DIVE = ("dive_bomber", {"air"}, [(5, 5, None, False, {"choose"})], [], 11)
# reconnaissance rerolls artillery's dice too (ARMORED CAR: "an artillery, heavy artillery,
# or self-propelled gun")
ARTR = ("artillery", {"land"}, [(2, 2, None, True, {"recon"})], [(1, 1, None, True, {"recon"})], 3)
# sea, with no attacking aircraft (so G53's fleet air defence never acts): SUBMARINE 3/1,
# first strike in round one (no enemy destroyer here), cannot hit air units (a die that
# hits only ships); DESTROYER 4/4; ESCORT CARRIER 0/0, carries one fighter (Combat Air Patrol)
SUB = ("submarine", {"ship"}, [(0, 3, "ship", True)], [(1, 1, None, False)], 6)
DD = ("destroyer", {"ship"}, [(4, 4, None, False)], [(4, 4, None, False)], 7)
ESC = ("escort_carrier", {"ship"}, [], [], 14)


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


def test_dive_bomber_chooses_the_costliest_land_unit_while_fighters_pick_out_aircraft():
    # seed 000 DIVE BOMBER: the attacker selects the casualties of its hits (land units): the
    # armor (9) before the infantry listed first; the defending fighter's 5 against air
    # units goes to the dive bomber listed after the infantry
    aw, dw = reference([INF, DIVE], [INF, INF, ARM, FTR])
    res = battle_odds("interwar", [("infantry", 1), ("dive_bomber", 1)],
                      [("infantry", 2), ("armor", 1), ("fighter", 1)])
    _check(res, aw, dw)


def test_dive_bomber_picks_from_the_middle_of_equal_costs():
    # three units of cost 3: the chooser takes the strongest first (infantry, defence 3),
    # listed between the artillery and the anti-tank gun: neither end of the order of loss,
    # so each type is a class of its own (units of a type are alike)
    aw, dw = reference([INF, DIVE], [ART, INF, ATG])
    res = battle_odds("interwar", [("infantry", 1), ("dive_bomber", 1)],
                      [("artillery", 1), ("infantry", 1), ("anti_tank_gun", 1)])
    _check(res, aw, dw)


def test_a_lone_dive_bomber_picks_with_the_support_bonuses_of_the_state():
    # seed 000 DIVE BOMBER (the attacker selects its casualties: costliest, then strongest)
    # against artillery supporting the infantry (4) and mountain infantry in mountains (3 +
    # 1): all cost 3, the supported infantry ties the mountain infantry and goes first
    # (lowest uid); without the bonus the mountain infantry would. One die a step, so the
    # pick is made from each state's values (Albania, selfplay seed 4: it was simulated)
    minf = ("mountain_infantry", {"infantry_type", "land"}, [(2, 2, None, False)], [(4, 4, None, False)], 3)
    aw, dw = reference([INF, DIVE], [ART, INF, minf])
    res = battle_odds("interwar", [("infantry", 1), ("dive_bomber", 1)],
                      [("artillery", 1), ("infantry", 1), ("mountain_infantry", 1)], terrain_tags=["mountain"])
    _check(res, aw, dw)


def test_reconnaissance_rerolls_heavy_artillery_beside_a_fighters_special_value():
    # seed 000 ARMORED CAR Reconnaissance: "you may re-roll one die during each combat cycle
    # for an artillery, heavy artillery, or self-propelled gun in that force"; HEAVY
    # ARTILLERY "Attack: 3 (4 against fortifications)" (no fortification here: a 4 is no
    # hit, and no miss to reroll either); its dice share the ordinary hits of the FIGHTER's
    # 6/2 dice from round two on
    aw, dw = reference([INF, ACAR, HART, FTR], [INF, INF, FTR])
    res = battle_odds("interwar", [("infantry", 1), ("armored_car", 1), ("heavy_artillery", 1), ("fighter", 1)],
                      [("infantry", 2), ("fighter", 1)])
    _check(res, aw, dw)


def test_reconnaissance_rerolls_heavy_artillery_whose_special_value_the_fortification_takes():
    # seed 000 ARMORED CAR Reconnaissance (one reroll per armored car and combat cycle, for
    # artillery, heavy artillery or self-propelled guns; Helsinki Example A: the misses are
    # rerolled) and HEAVY ARTILLERY "Attack: 3 (4 against fortifications)": a 4 is a hit
    # only the fortification can take, a roll above 4 a miss that may be rerolled (into an
    # ordinary or a special hit again); the special hits go to the fortification listed
    # after the infantry
    aw, dw = reference([INF, ACAR, HART, HART], [INF, FORT])
    res = battle_odds("interwar", [("infantry", 1), ("armored_car", 1), ("heavy_artillery", 2)],
                      [("infantry", 1), ("fortification", 1)])
    _check(res, aw, dw)


def test_reconnaissance_budget_shared_by_heavy_artillery_specials_and_artillery():
    # two armored cars reroll two misses: the heavy artillery's first (it needs the higher
    # roll, battle.default_reroll), then the artillery's; the fighter's 6 against aircraft
    # is a second kind of special value in the step (seed 000 FIGHTER 6/2)
    aw, dw = reference([ACAR, ACAR, ARTR, HART, FTR], [INF, FORT, FTR])
    res = battle_odds("interwar", [("armored_car", 2), ("artillery", 1), ("heavy_artillery", 1), ("fighter", 1)],
                      [("infantry", 1), ("fortification", 1), ("fighter", 1)])
    _check(res, aw, dw)


def test_fighters_lost_with_escort_carriers_listed_before_them():
    # seed 000 ESCORT CARRIER, Combat Air Patrol (G58): "When an Escort Carrier is lost, any
    # air unit aboard is considered cargo and is lost along with it". Each defending fighter
    # rides the first escort carrier with room (production.assign_carriers: fighter 1 on
    # carrier 0, fighter 3 on carrier 2). The submarines' hits skip the fighters (SUBMARINE
    # cannot hit air units), so either carrier may go first: two carriers in a split order
    aw, dw = reference([SUB, SUB, DD], [ESC, FTR, ESC, FTR], aboard={1: 0, 3: 2})
    res = battle_odds("interwar", [("submarine", 2), ("destroyer", 1)],
                      [("escort_carrier", 1), ("fighter", 1), ("escort_carrier", 1), ("fighter", 1)], "sea")
    _check(res, aw, dw)


def test_fighters_listed_before_their_escort_carriers_still_go_down_with_them():
    # the fighters are listed first (lost first to ordinary hits), but the submarines' hits
    # skip them and may sink a carrier first: its fighter is lost with it (G58)
    aw, dw = reference([SUB, DD], [FTR, ESC, FTR, ESC], aboard={0: 1, 2: 3})
    res = battle_odds("interwar", [("submarine", 1), ("destroyer", 1)],
                      [("fighter", 1), ("escort_carrier", 1), ("fighter", 1), ("escort_carrier", 1)], "sea")
    _check(res, aw, dw)


def test_attacking_aircraft_flew_in_and_outlive_their_carrier():
    # the attacker's fighter flew in (the game's battle has it in the air, not aboard): the
    # escort carrier listed first is lost alone, and the fighter fights on. Seed 000 G53:
    # the carrierless destroyer defends at -2 and cannot hit aircraft, so the fighter always
    # wins in the end (were it lost with the carrier, the destroyer would win sometimes)
    aw, dw = reference([ESC, ("fighter", {"air"}, [(2, 6, "air", False)], [], 10)],
                       [("destroyer", {"ship"}, [], [(0, 2, "ship", False)], 7)])
    assert aw == 1
    att, dfn = [("escort_carrier", 1), ("fighter", 1)], [("destroyer", 1)]
    _check(battle_odds("interwar", att, dfn, "sea"), aw, dw)
    assert battle_odds("interwar", att, dfn, "sea", method="sim", trials=300, seed=3).attacker_wins == 1.0


@pytest.mark.parametrize("att,dfn,terrain", [
    ([("infantry", 1), ("dive_bomber", 2)], [("infantry", 2), ("armor", 1), ("fighter", 1)], "land"),
    ([("infantry", 2), ("dive_bomber", 1)], [("artillery", 1), ("infantry", 2), ("anti_tank_gun", 1)], "land"),
    ([("infantry", 1), ("armored_car", 1), ("heavy_artillery", 1), ("fighter", 1)],
     [("infantry", 2), ("fighter", 1)], "land"),
    ([("infantry", 2), ("fighter", 1)], [("infantry", 1), ("artillery", 1), ("fighter", 1)], "land"),
    ([("infantry", 1), ("heavy_artillery", 2), ("fighter", 1)],
     [("infantry", 2), ("fortification", 1), ("fighter", 1)], "land"),
    ([("anti_tank_gun", 1), ("armor", 1), ("fighter", 2)], [("infantry", 1), ("anti_tank_gun", 1), ("armor", 1),
                                                             ("fighter", 1)], "land"),
    # seed 000 G53: a fleet without a carrier cannot hit attacking aircraft; aircraft listed
    # between the ships
    ([("destroyer", 1), ("fighter", 1), ("cruiser", 1)], [("destroyer", 2), ("fighter", 1)], "sea"),
    ([("submarine", 1), ("dive_bomber", 1), ("battleship", 1)], [("destroyer", 1), ("cruiser", 1)], "sea"),
    # seed 000 G58 combat air patrol: the defending fighter rides the carrier and is lost with
    # it, though the order of loss is split (the fighters' 6 against aircraft pick it out)
    ([("destroyer", 1), ("torpedo_bomber", 1)], [("cruiser", 1), ("fighter", 1), ("battlecruiser", 1), ("carrier", 1)],
     "sea"),
    ([("destroyer", 1), ("torpedo_bomber", 1), ("escort_carrier", 1)],
     [("fighter", 1), ("battlecruiser", 1), ("carrier", 1)], "sea"),
    # several carriers (escort, plain with two hits, armored with three) each taking its
    # own fighters down, carriers listed before their aircraft
    ([("submarine", 2), ("destroyer", 1), ("fighter", 1)],
     [("escort_carrier", 1), ("carrier", 1), ("fighter", 3), ("destroyer", 1)], "sea"),
    ([("submarine", 1), ("dive_bomber", 1), ("battleship", 1)],
     [("armored_carrier", 1), ("escort_carrier", 1), ("fighter", 3), ("cruiser", 1)], "sea"),
    ([("destroyer", 2), ("torpedo_bomber", 2)], [("carrier", 2), ("fighter", 2), ("torpedo_bomber", 1)], "sea"),
    # reconnaissance rerolls of heavy artillery beside the fortification (G23)
    ([("infantry", 2), ("armored_car", 2), ("heavy_artillery", 2), ("artillery", 1)],
     [("infantry", 2), ("fortification", 1), ("fighter", 1)], "land"),
    ([("armored_car", 1), ("heavy_artillery", 2), ("armor", 1)], [("infantry", 1), ("armor", 1), ("fortification", 1)],
     "land"),
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
