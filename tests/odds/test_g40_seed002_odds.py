"""Odds for seed 002's units (g40): elite infantry's two dice, paratroopers' round-one
values and anti-aircraft fire at airborne paratroopers are exact (the DP), and agree with
the real-battle simulation; no seed 002 ability is ignored."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.odds import battle_odds, compute
from game.odds.api import odds_for_space
from game.odds.model import EXACT_ABILITIES, MC_ABILITIES, NO_BATTLE_EFFECT, unmodelled
from game.rules.actions import Airdrop, Move, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parents[1] / "fixtures"


def agrees(att, dfn, trials=1500, seed=3, **kw):
    ex = battle_odds("g40", att, dfn, **kw)
    assert ex.method == "exact", ex.note
    sim = battle_odds("g40", att, dfn, method="sim", trials=trials, seed=seed, **kw)
    lo, hi = sim.ci95["attacker_wins"]
    assert lo - 0.02 <= ex.attacker_wins <= hi + 0.02, (ex.attacker_wins, sim.ci95)
    return ex, sim


def test_every_seed_002_ability_is_modelled_or_has_no_battle_effect():
    rs = load_ruleset("g40")
    for uid in ("elite_infantry", "paratrooper"):
        for ab in rs.units[uid].abilities:
            assert ab.name in EXACT_ABILITIES | NO_BATTLE_EFFECT, ab.name
        assert unmodelled(rs.units[uid], "exact") == []
    # the vectorised Monte Carlo does not model them: never chosen silently
    assert unmodelled(rs.units["paratrooper"], "mc")
    assert "round_value" not in MC_ABILITIES and "self_airlift" not in MC_ABILITIES


def test_elite_infantry_two_dice_exact_matches_the_game():
    # seed 002: ELITE INFANTRY, "An EI unit uses 2 dice in attack and defence." and
    # "EI can be supported by artillery and still use 2 dice in the attack at "2"."
    ex, _ = agrees([("elite_infantry", 3), ("artillery", 2)], [("infantry", 4), ("elite_infantry", 1)])
    plain = battle_odds("g40", [("infantry", 3), ("artillery", 2)], [("infantry", 4), ("elite_infantry", 1)])
    assert ex.attacker_wins > plain.attacker_wins


def _hits(values, dice=6):
    """P(k hits) of independent dice at these values."""
    out = [1.0]
    for v in values:
        q = v / dice
        out = [(out[k] if k < len(out) else 0.0) * (1 - q) + (out[k - 1] * q if k else 0.0)
               for k in range(len(out) + 1)]
    return out


def test_shared_artillery_supports_the_elite_infantry_in_every_odds_engine():
    # seed 002: ELITE INFANTRY, "EI can be supported by artillery and still use 2 dice in
    # the attack at "2"": one artillery, an infantry and an elite infantry: the elite's two
    # dice at 2, the infantry's at 1 (abilities.support_claim_order, issue #41 item 16).
    # One round against four infantry: the defender's losses are the hits of 2, 2, 2, 1.
    att, dfn = [("infantry", 1), ("elite_infantry", 1), ("artillery", 1)], [("infantry", 4)]
    want = _hits([2, 2, 2, 1])
    ex = battle_odds("g40", att, dfn, rounds=1)
    assert ex.method == "exact", ex.note
    lost = ex.defender_survivor_distribution[::-1]   # index: defenders lost
    assert lost[:len(want)] == pytest.approx(want, abs=1e-12)
    # the per-unit tables (general.Valuer: out-of-supply units, mixed airdrops) pair alike
    from game.odds.api import _ruleset, summarize
    from game.odds.exact import solve_branch_general
    from game.odds.model import BattleSpec, expand
    rs = _ruleset("g40")
    spec = BattleSpec(rs, expand(rs, att, "a"), expand(rs, dfn, "d"), rounds=1)
    full = summarize(spec, [solve_branch_general(spec, spec.attacker, 1.0)])
    assert full.defender_survivor_distribution[::-1][:len(want)] == pytest.approx(want, abs=1e-12)
    mc = battle_odds("g40", att, dfn, rounds=1, method="mc", trials=200_000, seed=2)
    assert mc.method == "mc"
    assert mc.defender_survivor_distribution[::-1][:len(want)] == pytest.approx(want, abs=0.005)


def test_shared_artillery_pairing_exact_matches_the_battle_engine():
    # issue #41 item 16: the exact odds and the battle engine pair the artillery alike, in
    # any listed order (the board's uids put the infantry first or last)
    for att in ([("infantry", 2), ("elite_infantry", 1), ("artillery", 1)],
                [("elite_infantry", 1), ("artillery", 1), ("infantry", 2)]):
        ex = battle_odds("g40", att, [("infantry", 3)], rounds=1)
        sim = battle_odds("g40", att, [("infantry", 3)], rounds=1, method="sim", trials=4000, seed=7)
        for a, b in zip(ex.defender_survivor_distribution, sim.defender_survivor_distribution, strict=True):
            assert abs(a - b) < 4 * (max(a * (1 - a), 0.01) / 4000) ** 0.5, (att, ex.defender_survivor_distribution,
                                                                             sim.defender_survivor_distribution)


def test_airborne_paratroopers_round_one_value_exact_matches_the_game():
    # seed 002: PARATROOPER, "When a Paratrooper unit attacks by air alone ... the attack
    # factor is "3" ... in the first round of combat. From the second round ... "1"."
    ex, _ = agrees([("paratrooper", 4)], [("infantry", 3)], airborne=True)
    by_land = battle_odds("g40", [("paratrooper", 4)], [("infantry", 3)])
    assert ex.attacker_wins > by_land.attacker_wins + 0.05


def test_airborne_with_other_units_and_aaa_exact_matches_the_game():
    # seed 002: PARATROOPER, "If Paratroopers attack by air and are supported by units other
    # than Paratroopers, the Paratroopers attack at "1"." and "any defending AAA must fire at
    # the Paratroopers and the air units separately."
    agrees([("paratrooper", 3), ("fighter", 2)], [("infantry", 3), ("aaa", 1)], airborne=True, seed=5)
    agrees([("paratrooper", 3), ("artillery", 2)], [("infantry", 4)], airborne=True, seed=6)


def test_defending_paratroopers_with_aaa_exact_matches_the_game():
    # seed 002: PARATROOPER, "Paratroopers can defend together with AAA and still defend at
    # "3" in the first round of combat."
    agrees([("infantry", 4), ("armour", 1)], [("paratrooper", 3), ("aaa", 1)], seed=7)
    agrees([("infantry", 4)], [("paratrooper", 2), ("infantry", 1)], seed=8)


def test_request_field_airborne_and_mixed_flags_are_exact():
    req = {"ruleset": "g40", "attacker": [["paratrooper", 3]], "defender": [["infantry", 2]]}
    a = compute({**req, "airborne": True})
    b = compute(req)
    assert a["method"] == b["method"] == "exact" and a["attacker_wins"] > b["attacker_wins"]
    # flags per unit: one paratrooper flew in (3 in round one, alone), one walked (1)
    ex, _ = agrees([("paratrooper", 2)], [("infantry", 2)], airborne=[True, False])
    one = battle_odds("g40", [("paratrooper", 2)], [("infantry", 2)], airborne=[True, False], rounds=1)
    assert abs(sum(one.defender_survivors.values()) - (2.0 - (3 / 6 + 1 / 6))) < 1e-9


def test_paratroopers_alone_is_judged_before_the_aa_fire():
    # seed 002 PARATROOPER: 3 in the first round "alone" (only_with paratroopers), judged on
    # the side as the battle begins (battle.round_value: Battle.att_start); the AAA shooting
    # the fighter down does not make the paratroopers alone. Round one: AAA 1 die at the
    # fighter, 1 at the paratrooper that flew in (aa_exposed); then the walked paratrooper
    # 1, the flown one (if alive) 1, the fighter (if alive) 3, on a d6.
    r = battle_odds("g40", [("paratrooper", 2), ("fighter", 1)], [("infantry", 2), ("aaa", 1)],
                    airborne=[True, False, False], rounds=1)
    assert r.method == "exact", r.note
    hits = 1 / 6 + 5 / 6 * 1 / 6 + 5 / 6 * 3 / 6
    assert abs(sum(r.defender_survivors.values()) - (3 - hits)) < 1e-9


def test_odds_for_space_sees_airborne_units():
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    players = tuple(replace(p, power={"red": "germany", "blue": "russia"}.get(p.id)) for p in sc.players)
    sc = replace(sc, players=players, start_units=(("a1", "red", "paratrooper", 3), ("a2", "red", "paratrooper", 3),
                                                   ("m", "blue", "infantry", 3)))
    s = new_game(sc, load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    by_air = apply(s, Airdrop((1, 2, 3), "m"))
    by_land = apply(s, Move((4, 5, 6), ("m",)))
    assert odds_for_space(by_air, "m").attacker_wins > odds_for_space(by_land, "m").attacker_wins
