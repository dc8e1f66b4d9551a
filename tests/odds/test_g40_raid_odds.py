"""Exact odds of a g40 bombing raid (issue #46 item 2): the distribution of facility damage
and raider losses, checked by hand on small raids and against the rules core's own raids
(game/rules/zone/raids.py) played many times."""
import math
from dataclasses import replace
from pathlib import Path

import pytest

from game.odds.raid import Raider, raid_odds, raid_odds_for_space
from game.rules.actions import (
    EndPhase,
    Raid,
    RollDice,
    SelectBattle,
    apply,
    default_casualties,
    new_game,
)
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parents[1] / "fixtures"
MAJOR = "major_industrial_complex"


def test_one_strategic_bomber_without_interceptors():
    # G40 2nd ed. (TripleA): AA 1 on a d6, then d6+2 damage: 1/6 no damage, 5/36 each of 3..8
    r = raid_odds([Raider(air=1, target="f", aa=1, bonus=2)], [], {"f": 20})
    d = r.damage["f"]
    assert d[0] == pytest.approx(1 / 6)
    assert all(d[k] == pytest.approx(5 / 36) for k in range(3, 9))
    assert r.expected_damage("f") == pytest.approx(5 / 6 * 5.5)
    assert r.raiders_lost == pytest.approx((5 / 6, 1 / 6))


def test_damage_is_capped_at_the_room_left():
    # TripleA factory_minor maxDamage 6: a minor complex with 2 damage takes at most 4
    r = raid_odds([Raider(air=1, target="f", aa=1, bonus=2)], [], {"f": 4})
    assert len(r.damage["f"]) == 5
    assert r.damage["f"][3] == pytest.approx(5 / 36) and r.damage["f"][4] == pytest.approx(25 / 36)


def test_an_escort_is_lost_first_in_the_air_battle():
    # one interceptor at 1 against an escort and a bomber (escort first in the order of
    # loss): the bomber is never lost in the air battle
    r = raid_odds([Raider(air=1), Raider(air=1, target="f", aa=0, bonus=0)], [1], {"f": 20})
    assert r.bombers_lost == pytest.approx((1.0,))
    assert r.raiders_lost == pytest.approx((5 / 6, 1 / 6))
    assert r.interceptors_lost == pytest.approx((25 / 36, 11 / 36))


def _raid_state(units, facilities=None):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = new_game(replace(sc, start_units=tuple(units)), load_ruleset("g40"), 1)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    if facilities:
        s.facilities.update(facilities)
    return s


def _uids(s, space, owner):
    return tuple(sorted(u.uid for u in s.units.values() if u.space == space and u.owner == owner))


def _play(base, seed):
    s = base.copy()
    s.seed = seed
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("b1"))
    while s.zone.battle is not None:   # RollDice at the interception: every fighter rises
        s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
    return s.facilities["b1|" + MAJOR], 3 - len(_uids(s, "b1", "red"))


def test_the_odds_agree_with_the_game():
    # two strategic bombers and an escort against two interceptors, on a major complex
    # with 15 damage (room 5): air battle, AA and the cap all matter
    s = _raid_state([("a2", "red", "strategic_bomber", 2), ("b2", "red", "fighter", 1),
                     ("b1", "blue", "fighter", 2)], {"b1|" + MAJOR: 15})
    s = apply(s, Raid(_uids(s, "a2", "red"), ("m", "b2", "b1"), MAJOR))
    s = apply(s, Raid(_uids(s, "b2", "red"), ("b1",), MAJOR))
    odds = raid_odds_for_space(s, "b1")
    exp_damage = 15 + odds.expected_damage(MAJOR)
    exp_lost = odds.expected(odds.raiders_lost)
    n = 1500
    games = [_play(s, seed) for seed in range(n)]
    mean_damage = sum(d for d, _ in games) / n
    mean_lost = sum(k for _, k in games) / n
    sd_damage = math.sqrt(sum((d - exp_damage) ** 2 for d, _ in games) / n)
    assert abs(mean_damage - exp_damage) < 4 * sd_damage / math.sqrt(n) + 1e-9
    assert abs(mean_lost - exp_lost) < 4 * 1.0 / math.sqrt(n)
    # the whole distribution of damage: each value within 4 standard errors
    for k, p in enumerate(odds.damage[MAJOR]):
        seen = sum(1 for d, _ in games if d - 15 == k) / n
        assert abs(seen - p) < 4 * math.sqrt(p * (1 - p) / n) + 2 / n, (k, seen, p)


def test_the_odds_are_the_games_exactly_over_every_roll():
    # a strategic bomber and an escort against one interceptor, a minor complex with 2
    # damage (room 4): every sequence of five dice (air battle 3, AA 1, damage 1), each
    # equally likely, played by the rules core, gives the exact distribution
    import itertools
    minor = "minor_industrial_complex"
    fac = {"a1|" + MAJOR: 0, "b1|" + minor: 2}
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    seen_damage: dict[int, float] = {}
    seen_lost: dict[int, float] = {}
    base = new_game(replace(sc, start_units=(("a2", "red", "strategic_bomber", 1), ("b2", "red", "fighter", 1),
                                             ("b1", "blue", "fighter", 1))), load_ruleset("g40"), 1)
    base.phase_idx = base.ruleset.phases.index("combat_move")
    base.facilities = dict(fac)
    base = apply(base, Raid(_uids(base, "a2", "red"), ("m", "b2", "b1"), minor))
    base = apply(base, Raid(_uids(base, "b2", "red"), ("b1",), minor))
    odds = raid_odds_for_space(base, "b1")
    base = apply(base, EndPhase())
    for dice in itertools.product(range(1, 7), repeat=5):
        s = base.copy()
        s.scripted_dice = dice
        s = apply(s, SelectBattle("b1"))
        while s.zone.battle is not None:
            s = apply(s, default_casualties(s) if s.zone.battle.awaiting == "casualties" else RollDice())
        d = s.facilities["b1|" + minor] - 2
        lost = 2 - len(_uids(s, "b1", "red"))
        seen_damage[d] = seen_damage.get(d, 0.0) + 6 ** -5
        seen_lost[lost] = seen_lost.get(lost, 0.0) + 6 ** -5
    assert {k: p for k, p in enumerate(odds.damage[minor]) if p} == pytest.approx(seen_damage)
    assert {k: p for k, p in enumerate(odds.raiders_lost) if p} == pytest.approx(seen_lost)


def test_the_odds_command_computes_a_raid():
    # `python -m game odds`: attacker = raiders in order of loss, defender = interceptors
    from game.odds import compute
    out = compute({"ruleset": "g40", "attacker": [["strategic_bomber", 1]], "defender": [],
                   "raid": {"target": "minor_industrial_complex", "damage": 2}})
    assert out["kind"] == "raid" and out["method"] == "exact"
    assert out["damage"] == pytest.approx([1 / 6, 0, 0, 5 / 36, 25 / 36])
    with pytest.raises(Exception, match="neither raid"):
        compute({"ruleset": "g40", "attacker": [["tactical_bomber", 1]],
                 "raid": {"target": "major_industrial_complex"}})
