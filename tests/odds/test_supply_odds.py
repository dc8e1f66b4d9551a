"""Out-of-supply units in the odds (seed 000 supply, G4: out-of-supply land units fight at
-1; auxiliaries are exempt). The exact method carries the -1 per unit (general.Valuer, as
battle.unit_value applies it: printed value + terrain - 1, then support, within 0..12);
each battle is checked against a closed form or an independent reference (Fractions) and
against the game's own battles ("sim")."""
from __future__ import annotations

import math
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from game.odds.api import battle_odds, odds_for_space
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import supply

sys.path.insert(0, str(Path(__file__).parent))
from test_interwar_mixed import ART, INF, reference  # noqa: E402


def _duel(p: float, q: float) -> float:
    """One unit against one, to the end: the attacker wins when it hits and is not hit."""
    return p * (1 - q) / (1 - (1 - p) * (1 - q))


def _cut(unit: tuple) -> tuple:
    """A reference unit out of supply: every value one lower (support still adds to it)."""
    label, tags, att, dfn, cost = unit
    low = [(max(0, v - 1), max(0, sv - 1), tag, fs, *rest) for v, sv, tag, fs, *rest in att]
    lowd = [(max(0, v - 1), max(0, sv - 1), tag, fs, *rest) for v, sv, tag, fs, *rest in dfn]
    return (label, tags, low, lowd, cost)


def test_an_out_of_supply_attacker_fires_one_lower():
    # seed 000 G4: infantry attacks at 2 on a d12, at 1 out of supply; the defender at 3
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], attacker_oos=[True])
    assert r.method == "exact", r.note
    assert abs(r.attacker_wins - _duel(1 / 12, 3 / 12)) < 1e-9
    sm = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], attacker_oos=[True], trials=1500,
                     seed=1, method="sim")
    assert abs(sm.attacker_wins - _duel(1 / 12, 3 / 12)) < 0.04
    supplied = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)])
    assert supplied.method == "exact" and abs(supplied.attacker_wins - _duel(2 / 12, 3 / 12)) < 1e-9


def test_an_out_of_supply_defender_fires_one_lower_and_auxiliaries_do_not():
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], defender_oos=[True])
    assert r.method == "exact" and abs(r.attacker_wins - _duel(2 / 12, 2 / 12)) < 1e-9
    # seed 000 AUXILIARY: no supply penalty, so the flag changes nothing
    aux = battle_odds("interwar", [("infantry", 1)], [("auxiliary", 1)], defender_oos=[True])
    assert aux.method == "exact" and abs(aux.attacker_wins - _duel(2 / 12, 1 / 12)) < 1e-9


def test_supported_units_out_of_supply_against_the_reference():
    # seed 000 INFANTRY, supported one-to-one by artillery: the -1 comes off the printed
    # value and the support is added after it (battle.unit_value), so a cut-off infantry
    # supported by artillery attacks at 2; a cut-off artillery still supports (and fires at
    # 1, first strike, in round one; defends at 0). Flags are per unit: the first infantry
    # listed is cut off, the second is not.
    att = [_cut(INF), INF, _cut(ART)]
    dfn = [_cut(INF), INF, ART]
    aw, dw = reference(att, dfn)
    r = battle_odds("interwar", [("infantry", 2), ("artillery", 1)], [("infantry", 2), ("artillery", 1)],
                    attacker_oos=[True, False, True], defender_oos=[True, False, False])
    assert r.method == "exact", r.note
    assert abs(r.attacker_wins - float(aw)) < 1e-9 and abs(r.defender_wins - float(dw)) < 1e-9
    # the same battle with every flag off is another battle
    fed = battle_odds("interwar", [("infantry", 2), ("artillery", 1)], [("infantry", 2), ("artillery", 1)])
    assert abs(fed.attacker_wins - float(aw)) > 0.01
    assert reference([INF, INF, ART], [INF, INF, ART])[0] == pytest.approx(fed.attacker_wins, abs=1e-9)
    assert isinstance(aw, Fraction)


@pytest.mark.parametrize("att,dfn,a_oos,d_oos,kw", [
    # support and first strike (artillery, round one), a cut-off defender listed first
    ([("infantry", 2), ("artillery", 1)], [("infantry", 2)], [True, False, True], [True, False], {}),
    # armour and a fighter (not a land unit: no penalty) against a fortified line
    ([("infantry", 2), ("armor", 1), ("fighter", 1)], [("infantry", 2), ("fortification", 1)],
     [True, True, True, True], [False, True, False], {}),
    # mountain terrain bonus with the penalty (seed 000 MOUNTAIN INFANTRY)
    ([("infantry", 1), ("mountain_infantry", 2)], [("mountain_infantry", 1), ("infantry", 1)],
     [False, True, False], [True, True], {"terrain_tags": ["mountain"]}),
])
def test_exact_out_of_supply_odds_match_the_battle_engine(att, dfn, a_oos, d_oos, kw):
    n = 1500
    ex = battle_odds("interwar", att, dfn, attacker_oos=a_oos, defender_oos=d_oos, **kw)
    assert ex.method == "exact", ex.note
    sm = battle_odds("interwar", att, dfn, attacker_oos=a_oos, defender_oos=d_oos, method="sim", trials=n,
                     seed=7, **kw)
    for f in ("attacker_wins", "defender_wins"):
        p = getattr(ex, f)
        assert abs(p - getattr(sm, f)) < 4 * math.sqrt(max(p * (1 - p), 0.01) / n), (f, p, getattr(sm, f))
    for t, v in ex.attacker_survivors.items():
        assert abs(v - sm.attacker_survivors[t]) < 0.08


def test_the_monte_carlo_does_not_count_the_penalty():
    # method "mc" works on unit types: a battle with a cut-off unit goes to the engine
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], attacker_oos=[True], method="mc",
                    trials=200)
    assert r.method == "sim" and "out-of-supply" in (r.note or "")


def test_board_odds_count_the_units_cut_off_in_the_space():
    sc = load_scenario("scenarios/mediterranean_1940.yaml")
    st = Session(sc, load_ruleset(sc.ruleset_id), 1).state.copy()
    assert supply.active(st)
    # three of the first player's infantry moved into a space held by enemy infantry
    target = next(s for s in sorted(sc.spaces) if sc.spaces[s].kind == "land"
                  and any(u.type == "infantry" and st.at_war(u.owner, st.player) for u in st.units_in(s)))
    mine = [u for u in st.units.values() if u.owner == st.player and u.type == "infantry"][:3]
    for u in mine:
        st.units[u.uid] = replace(u, space=target)
    fed = odds_for_space(st, target)
    for u in mine:
        st.units[u.uid] = replace(st.units[u.uid], oos=1)
    cut = odds_for_space(st, target)
    assert cut.method == "exact", cut.note
    assert cut.attacker_wins < fed.attacker_wins - 0.03
