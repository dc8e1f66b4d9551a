"""The odds agree with the game's own battle resolution (game.rules), and with Monte Carlo."""
import math

import pytest

from game.odds import battle_odds, odds_for_space
from game.rules.actions import EndPhase, Move, RollDice, SelectBattle, apply, default_casualties

N_BATTLES = 600


def ids(state, space, owner, utype=None):
    return tuple(sorted(u.uid for u in state.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))


def play(base, space, seed):
    """Fight the battle in `space` with default casualties; return 'attacker'|'defender'|'draw'."""
    s = base.copy()
    s.seed = seed
    if s.battle is None:
        s = apply(s, EndPhase())
        s = apply(s, SelectBattle(space))
    rounds = 0
    while s.battle is not None:
        if s.battle.awaiting == "casualties":
            s = apply(s, default_casualties(s))
        else:
            if s.battle.awaiting == "continue":
                rounds += 1
            s = apply(s, RollDice())
    red = ids(s, space, "red")
    blue = ids(s, space, "blue")
    return ("attacker" if red and not blue else "defender" if blue and not red else "draw"), len(red)


SETUPS = {
    "land_support": ([("a2", "red", "infantry", 3), ("a2", "red", "artillery", 1),
                      ("a2", "red", "armour", 1), ("m", "blue", "infantry", 4),
                      ("m", "blue", "armour", 1)],
                     [("a2", ("m",))], "m"),
    "aa_and_fighters": ([("a2", "red", "infantry", 2), ("a2", "red", "armour", 1),
                         ("a1", "red", "fighter", 2), ("m", "blue", "infantry", 4),
                         ("m", "blue", "aaa", 1)],
                        [("a2", ("m",)), ("a1", ("a2", "m"))], "m"),
    "subs_first_strike": ([("s1", "red", "submarine", 2), ("s1", "red", "destroyer", 1),
                           ("s2", "blue", "cruiser", 1), ("s2", "blue", "submarine", 1)],
                          [("s1", ("s2",))], "s2"),
    "defender_first_strike": ([("s1", "red", "cruiser", 2), ("s2", "blue", "submarine", 2),
                               ("s2", "blue", "destroyer", 1)],
                              [("s1", ("s2",))], "s2"),
    "transports_lost_when_alone": ([("s1", "red", "cruiser", 1), ("s1", "red", "destroyer", 1),
                                    ("s2", "blue", "transport", 2), ("s2", "blue", "destroyer", 1),
                                    ("s2", "blue", "cruiser", 1)],
                                   [("s1", ("s2",))], "s2"),
    "battleship": ([("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1),
                    ("s2", "blue", "cruiser", 2)],
                   [("s1", ("s2",))], "s2"),
}


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_exact_odds_match_the_game(mini, name):
    units, moves, space = SETUPS[name]
    s = mini(units)
    for origin, path in moves:
        s = apply(s, Move(ids(s, origin, "red"), path))
    odds = odds_for_space(s, space, "red")
    assert odds.method == "exact", odds.note
    results = [play(s, space, seed) for seed in range(N_BATTLES)]
    for key, p in (("attacker", odds.attacker_wins), ("defender", odds.defender_wins),
                   ("draw", odds.draw)):
        freq = sum(r == key for r, _ in results) / N_BATTLES
        sd = math.sqrt(max(p * (1 - p), 1e-4) / N_BATTLES)
        assert abs(freq - p) < 4.5 * sd, (key, freq, p)
    mean_left = sum(n for _, n in results) / N_BATTLES
    exp_left = sum(odds.attacker_survivors.values())
    assert abs(mean_left - exp_left) < 0.35, (mean_left, exp_left)


@pytest.mark.parametrize("att,dfn,terrain", [
    ([("infantry", 4), ("artillery", 2), ("armour", 2), ("fighter", 2)],
     [("infantry", 5), ("aaa", 1), ("fighter", 1)], "land"),
    ([("submarine", 2), ("destroyer", 1), ("fighter", 1)],
     [("destroyer", 1), ("carrier", 1), ("submarine", 1)], "sea"),
    ([("destroyer", 2), ("cruiser", 1), ("battleship", 1)],
     [("submarine", 3), ("transport", 2)], "sea"),
])
def test_exact_within_monte_carlo_interval(att, dfn, terrain):
    ex = battle_odds("g40", att, dfn, terrain)
    assert ex.method == "exact", ex.note
    mc = battle_odds("g40", att, dfn, terrain, method="mc", trials=20_000, seed=7)
    assert mc.method == "mc" and mc.ci95 is not None
    for key in ("attacker_wins", "defender_wins"):
        lo, hi = mc.ci95[key]
        slack = 0.004  # a 95% interval misses 1 time in 20: widen it a little
        assert lo - slack <= getattr(ex, key) <= hi + slack, (key, getattr(ex, key), lo, hi)
    assert mc.expected_rounds == pytest.approx(ex.expected_rounds, rel=0.05)


def test_exact_with_rounds_limit_matches_monte_carlo():
    att, dfn = [("infantry", 5), ("armour", 2)], [("infantry", 5)]
    ex = battle_odds("g40", att, dfn, rounds=2)
    mc = battle_odds("g40", att, dfn, rounds=2, method="mc", trials=20_000, seed=3)
    lo, hi = mc.ci95["draw"]
    assert lo - 0.004 <= ex.draw <= hi + 0.004
    assert ex.expected_rounds <= 2.0


def test_falls_back_to_monte_carlo_when_losses_are_not_a_prefix():
    # fighters cannot hit the submarine (no attacking destroyer), which is listed first:
    # their hits skip it, so the defender's losses are no longer a prefix of its order
    r = battle_odds("g40", [("fighter", 2)], [("submarine", 1), ("destroyer", 1)], "sea",
                    trials=4000, seed=1)
    assert r.method == "mc" and r.note and "prefix" in r.note
    assert r.ci95 is not None and r.trials == 4000


def test_monte_carlo_is_seeded():
    a = battle_odds("g40", [("infantry", 3)], [("infantry", 2)], method="mc", trials=2000, seed=5)
    b = battle_odds("g40", [("infantry", 3)], [("infantry", 2)], method="mc", trials=2000, seed=5)
    assert a.attacker_wins == b.attacker_wins


def test_shore_bombardment_matches_the_game(mini):
    s = mini([("a1", "red", "infantry", 2), ("s1", "red", "transport", 1), ("s2", "red", "cruiser", 1),
              ("s2", "red", "battleship", 1), ("m", "blue", "infantry", 3)])
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    assert len(s.battle.bombard) == 2
    odds = odds_for_space(s, "m", "red")
    plain = battle_odds("g40", [("infantry", 2)], [("infantry", 3)])
    assert odds.method == "exact" and odds.attacker_wins > plain.attacker_wins + 0.1
    results = [play(s, "m", seed)[0] for seed in range(N_BATTLES)]
    freq = sum(r == "attacker" for r in results) / N_BATTLES
    sd = math.sqrt(odds.attacker_wins * (1 - odds.attacker_wins) / N_BATTLES)
    assert abs(freq - odds.attacker_wins) < 4.5 * sd, (freq, odds.attacker_wins)


def test_neither_side_can_hurt_the_other_is_a_draw():
    r = battle_odds("g40", [("fighter", 1)], [("submarine", 1)], "sea")
    assert r.method == "exact"
    assert r.draw == 1.0 and r.expected_rounds == 1.0
    assert r.attacker_survivors == {"fighter": 1.0}
