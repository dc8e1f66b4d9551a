"""Split orders of loss on the reachable states only (reach.grow_tracks, issue #4:
exact odds of large interwar fleets).

Restricted hits split a side's order of loss into classes (seed 000 SUBMARINE:
"Submersible. This unit may not hit aircraft."; TORPEDO BOMBER: "Torpedo Air Support" and
DIVE BOMBER: "Tactical Air Support", hits assigned to units of the firer's choice; CARRIER:
its aircraft go down with it). The exact DP tracked the product of the classes' sizes;
ordinary hits follow the listed order and the choosers a fixed pick, so most of it is
out of reach. Dropping those states must change no figure."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from game.odds import battle_odds, exact
from game.odds import lossorder as LO

sys.path.insert(0, str(Path(__file__).parent))
from test_intercept_odds import _sim_close  # noqa: E402

FLEET = [("submarine", 1), ("destroyer", 2), ("cruiser", 1), ("carrier", 1), ("battleship", 1), ("fighter", 1),
         ("torpedo_bomber", 1)]
FLEET_D = [("submarine", 1), ("destroyer", 2), ("cruiser", 1), ("carrier", 1), ("battleship", 1), ("fighter", 1),
           ("dive_bomber", 1)]


def _figures(r):
    return ([r.attacker_wins, r.defender_wins, r.draw, r.expected_rounds, r.attacker_cost_lost, r.defender_cost_lost]
            + list(r.attacker_survivors.values()) + list(r.defender_survivors.values())
            + list(r.attacker_survivor_distribution) + list(r.defender_survivor_distribution))


@pytest.mark.parametrize("att,dfn", [
    (FLEET, FLEET_D),
    # two torpedo bombers and a dive bomber choosing among battleships with two hits
    ([("destroyer", 2), ("torpedo_bomber", 2), ("dive_bomber", 1), ("fighter", 1)],
     [("destroyer", 2), ("cruiser", 1), ("battleship", 2), ("carrier", 1), ("fighter", 1)]),
])
def test_reachable_states_give_the_same_figures(att, dfn, monkeypatch):
    kept = battle_odds("interwar", att, dfn, "sea")
    assert kept.method == "exact", kept.note
    sizes = {}
    orig = exact._split_tracks

    def record(spec, layA, layD, *args):
        out = orig(spec, layA, layD, *args)
        sizes["kept"] = (out[0].S, out[1].S)
        return out

    def everything(spec, layA, layD, *args):
        # every combination of digits (the DP before the pruning)
        tracks = [LO.Track.of_states(lay, lay.all_states()) for lay in (layA, layD)]
        sizes["full"] = (tracks[0].S, tracks[1].S)
        return tuple(tracks)
    monkeypatch.setattr(exact, "_split_tracks", record)
    battle_odds("interwar", att, dfn, "sea")
    monkeypatch.setattr(exact, "_split_tracks", everything)
    monkeypatch.setattr(exact, "MAX_SPLIT_STATES", 10**6)
    monkeypatch.setattr(exact, "MAX_SPLIT_PAIRS", 10**9)
    whole = battle_odds("interwar", att, dfn, "sea")
    assert whole.method == "exact", whole.note
    assert sizes["kept"][1] < sizes["full"][1] / 2   # the defender's product is mostly out of reach
    np.testing.assert_allclose(_figures(kept), _figures(whole), rtol=0, atol=1e-12)


def test_a_track_on_some_states_maps_the_others_to_minus_one():
    # destroyer, fighter, destroyer: the fighter a class of its own (submarines may not
    # hit it): 3 x 2 states; a track on the first and the last maps the others to -1
    from game.odds.model import BattleSpec
    from game.rules.ruleset import load_ruleset
    units = ["destroyer", "fighter", "destroyer"]
    spec = BattleSpec(load_ruleset("interwar"), ["submarine"], units, "sea")
    lay = LO.Layout.of(spec, units, [0, 0, 0], [0, 1, 0])
    every = lay.all_states()
    assert len(every) == 6 and LO.Track.of_states(lay, every).S == 6
    small = LO.Track.of_states(lay, [every[-1], every[0]])
    assert small.S == 2 and small.rows[0] == [(0, "destroyer", 0), (1, "fighter", 0), (2, "destroyer", 0)]
    assert small.rows[-1] == []
    assert list(small.at(np.array([0, 3, 5, -1]))) == [0, -1, 1, -1]


def test_a_large_fleet_is_exact_and_agrees_with_the_game():
    # 13 against 13 with every restricted hit: 56 x 5832 states before, too many for the
    # exact method (it fell back to the simulation); 56 x 576 reachable
    att = [("submarine", 2), ("destroyer", 3), ("cruiser", 2), ("carrier", 1), ("battleship", 2), ("fighter", 2),
           ("torpedo_bomber", 1)]
    dfn = [(t, n) for t, n in att if t != "torpedo_bomber"] + [("dive_bomber", 1)]
    ex = battle_odds("interwar", att, dfn, "sea")
    assert ex.method == "exact", ex.note
    sm = battle_odds("interwar", att, dfn, "sea", method="sim", trials=600, seed=11)
    _sim_close(ex, sm, 600, survivors_tol=0.2)


def test_an_airdrop_after_a_bombardment_starts_from_the_marked_state():
    # seed 000 W1 (the bombardment's hits are marked casualties) beside an airdrop (G42)
    # and a dive bomber's chosen casualties (a split order of loss): the walk starts from
    # the state with the marked defender gone (reach.marked_state); agrees with the game
    att = [("infantry", 2), ("transport_aircraft", 1), ("paratrooper", 1), ("dive_bomber", 1)]
    dfn = [("infantry", 2), ("artillery", 1), ("aaa", 1)]
    kw = dict(bombard=[("battleship", 1)], amphibious=[True, True, False, False, False],
              airborne=[False, False, True, True, False])
    ex = battle_odds("interwar", att, dfn, **kw)
    assert ex.method == "exact", ex.note
    sm = battle_odds("interwar", att, dfn, method="sim", trials=1000, seed=2, **kw)
    _sim_close(ex, sm, 1000, survivors_tol=0.12)
