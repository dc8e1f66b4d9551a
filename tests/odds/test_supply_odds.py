"""Out-of-supply units in the odds (seed 000 supply, G4: out-of-supply land units fight at
-1; auxiliaries are exempt). The exact and Monte Carlo models work on unit types, so a
battle with such units is played by the real battle engine ("sim"), which applies the -1."""
from __future__ import annotations

from dataclasses import replace

from game.odds.api import battle_odds, odds_for_space
from game.rules import supply
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session


def _duel(p: float, q: float) -> float:
    """One unit against one, to the end: the attacker wins when it hits and is not hit."""
    return p * (1 - q) / (1 - (1 - p) * (1 - q))


def test_an_out_of_supply_attacker_fires_one_lower():
    # seed 000 G4: infantry attacks at 2 on a d12, at 1 out of supply; the defender at 3
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], attacker_oos=[True], trials=5000, seed=1)
    assert r.method == "sim" and "out-of-supply" in (r.note or "")
    assert abs(r.attacker_wins - _duel(1 / 12, 3 / 12)) < 0.022
    supplied = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)])
    assert supplied.method == "exact" and abs(supplied.attacker_wins - _duel(2 / 12, 3 / 12)) < 1e-9


def test_an_out_of_supply_defender_fires_one_lower_and_auxiliaries_do_not():
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], defender_oos=[True], trials=5000, seed=2)
    assert abs(r.attacker_wins - _duel(2 / 12, 2 / 12)) < 0.022
    # seed 000 AUXILIARY: no supply penalty, so the flag changes nothing
    aux = battle_odds("interwar", [("infantry", 1)], [("auxiliary", 1)], defender_oos=[True], trials=5000, seed=2)
    assert abs(aux.attacker_wins - _duel(2 / 12, 1 / 12)) < 0.022


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
    fed = odds_for_space(st, target, trials=2000, seed=5)
    for u in mine:
        st.units[u.uid] = replace(st.units[u.uid], oos=1)
    cut = odds_for_space(st, target, trials=2000, seed=5)
    assert cut.method == "sim" and "out-of-supply" in (cut.note or "")
    assert cut.attacker_wins < fed.attacker_wins - 0.03
