"""Seed 000 ("7.0 Unit Profiles") entries checked a second time, as a rules lawyer
reads them: behaviour tests for entries that were only checked as data (a number or a
word of the ruleset), and for what the Mediterranean playthrough showed.
Seed: shared/seeds/000_63b3116cdc45b596.txt (line numbers L<n>)."""
from dataclasses import replace
from pathlib import Path

from game.rules import battle as B
from game.rules.actions import RollDice, SelectBattle, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.snapshot import snapshot

FIXTURES = Path(__file__).parents[1] / "fixtures"
RS = load_ruleset("interwar")


def iw_state(units=(), dice=(), phase="combat_move"):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), ruleset_id="interwar")
    s = new_game(sc, RS, 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = 0
    return s


def battle(attack, defend, space="m", dice=()):
    units = [(space, "red", t, n) for t, n in attack] + [(space, "blue", t, n) for t, n in defend]
    s = iw_state(units, dice, phase="conduct_combat")
    for uid, u in list(s.units.items()):
        if u.owner == "red":
            s.units[uid] = replace(u, in_combat=True)
    s.battles = (space,)
    s.origins = {space: ("a2",) if space == "m" else ("s1",)}
    return apply(s, SelectBattle(space))


def uids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


# --- hits that nothing can take ------------------------------------------------------
def test_torpedo_bomber_hits_over_land_are_void_and_said_so():
    # seed 000: TORPEDO BOMBER (L519) "* This unit may only damage naval targets." Over a
    # land battle its dice at 6 or less are no hits at all: the log and the battle window
    # said "Italy fires: 4 5 -> 2 hits" while nothing was lost (playthrough, Epirus).
    s = battle([("torpedo_bomber", 2)], [("infantry", 2)], dice=[4, 5, 12, 12])
    s = apply(s, RollDice())
    roll = s.battle.rolls[-1]
    assert (roll.hits, roll.void) == (2, 2)
    assert B.hits_text(roll.hits, roll.void) == "0 hits (2 with no target)"
    assert any("4 5 -> 0 hits (2 with no target)" in line for line in s.log())
    assert not s.battle.pools and len(uids(s, "blue", "infantry")) == 2
    assert all(u.damage == 0 for u in s.units.values() if u.owner == "blue")


def test_hits_that_can_be_taken_are_not_void():
    # seed 000: INFANTRY (L45) attack 2: a die of 2 is a hit an infantry takes.
    s = battle([("infantry", 1), ("torpedo_bomber", 1)], [("infantry", 2)], dice=[2, 3, 12, 12])
    s = apply(s, RollDice())
    roll = s.battle.rolls[-1]
    assert (roll.hits, roll.void) == (2, 1)     # the torpedo bomber's 3 hits no infantry
    assert B.hits_text(roll.hits, roll.void) == "1 hit (1 with no target)"
    assert s.battle.awaiting == "casualties"


def test_void_is_left_out_of_snapshots_at_zero():
    # older saves keep verifying: a roll without void hits snapshots as before
    s = battle([("infantry", 1)], [("infantry", 1)], dice=[1, 12])
    s = apply(s, RollDice())
    assert "void" not in snapshot(s)["battle"]["rolls"][-1]
    s2 = battle([("torpedo_bomber", 1)], [("infantry", 1)], dice=[1, 12])
    s2 = apply(s2, RollDice())
    assert snapshot(s2)["battle"]["rolls"][-1]["void"] == 1


def test_dice_of_a_unit_that_can_hit_nothing_here_need_nothing():
    # seed 000: TORPEDO BOMBER (L519) "* This unit may only damage naval targets.": its dice
    # over land are recorded as needing 0 (the strip's "no fire" column), the infantry's at 2
    s = battle([("infantry", 1), ("torpedo_bomber", 1)], [("infantry", 2)], dice=[2, 3, 12, 12])
    s = apply(s, RollDice())
    assert sorted((t, need) for t, need, _d in s.battle.rolls[-1].dice) == [
        ("infantry", 2), ("torpedo_bomber", 0)]
