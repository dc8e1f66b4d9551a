"""The chance that an attack takes the space (issue #44 item 7): it wins with a land unit
left that may capture the territory (find_battles: land units capture, aircraft do not).
A win by aircraft alone takes nothing: the computer threw four fighters and its land
units at Leningrad on a "99 %" and captured nothing."""
import math

from game.odds import battle_odds, odds_for_space
from game.rules.actions import EndPhase, Move, RollDice, SelectBattle, apply, default_casualties

N_BATTLES = 600


def ids(state, space, owner):
    return tuple(sorted(u.uid for u in state.units.values() if u.space == space and u.owner == owner))


def taken(base, space, seed) -> bool:
    """Fight the battle in `space` with default casualties: did the attacker take it?"""
    s = base.copy()
    s.seed = seed
    s = apply(s, SelectBattle(space)) if s.zone.battle is None else s
    while s.zone.battle is not None:
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    return s.owners.get(space) == "red"


def test_a_win_with_aircraft_alone_does_not_take_the_space():
    r = battle_odds("g40", [("infantry", 1), ("fighter", 4)], [("infantry", 3)], "land")
    assert r.method == "exact"
    assert r.attacker_wins > 0.95
    assert r.attacker_takes < 0.3          # the lone infantry is the first loss
    r = battle_odds("g40", [("infantry", 3)], [("infantry", 1)], "land")
    assert r.attacker_takes == r.attacker_wins   # only land units: every win takes it
    assert battle_odds("g40", [("destroyer", 1)], [("submarine", 1)], "sea").attacker_takes is None


def test_exact_chance_to_take_the_space_matches_the_game(mini):
    # the battle engine's own capture (game.rules) against the exact end-state distribution
    s = mini([("a2", "red", "infantry", 2), ("a1", "red", "fighter", 3), ("m", "blue", "infantry", 3)])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = apply(s, Move(ids(s, "a1", "red"), ("a2", "m")))
    odds = odds_for_space(s, "m", "red")
    assert odds.method == "exact" and odds.attacker_takes is not None
    assert odds.attacker_takes < odds.attacker_wins - 0.1
    s = apply(s, EndPhase())
    freq = sum(taken(s, "m", seed) for seed in range(N_BATTLES)) / N_BATTLES
    p = odds.attacker_takes
    assert abs(freq - p) < 4.5 * math.sqrt(p * (1 - p) / N_BATTLES), (freq, p)


def test_the_standard_computer_weighs_an_attack_by_the_chance_to_take_it(mini):
    from game.ai.zone.evaluate import odds
    from game.rules.model import LAND
    s = mini([("a2", "red", "infantry", 1), ("a1", "red", "fighter", 4), ("m", "blue", "infantry", 3)])
    att = [u for u in s.units.values() if u.owner == "red"]
    dfn = [u for u in s.units.values() if u.owner == "blue"]
    p, _held = odds(s, att, dfn, LAND)
    exact = battle_odds("g40", [("infantry", 1), ("fighter", 4)], [("infantry", 3)], "land")
    assert p == exact.attacker_takes


def test_monte_carlo_and_the_battle_simulation_agree_with_the_exact_chance_to_take():
    att, dfn = [("infantry", 2), ("armour", 1), ("fighter", 3)], [("infantry", 3), ("artillery", 1)]
    ex = battle_odds("g40", att, dfn, "land")
    assert ex.method == "exact" and ex.attacker_takes < ex.attacker_wins
    for method, trials in (("mc", 20_000), ("sim", 1_500)):
        r = battle_odds("g40", att, dfn, "land", method=method, trials=trials, seed=5)
        lo, hi = r.ci95["attacker_takes"]
        assert lo - 0.01 <= ex.attacker_takes <= hi + 0.01, (method, ex.attacker_takes, lo, hi)
