"""The exact odds' summary (api.summarize) gives the same figures whichever way it counts
a side's survivor distribution: the one-hot columns of a small side or the bincount of a
big one (issue #45: the fixed cost of a small battle's call)."""
from __future__ import annotations

import pytest

from game.odds import api, battle_odds
from game.rules.ruleset import load_ruleset

BATTLES = [
    # anti-aircraft branches and a land battle the attacker may take
    ([("infantry", 3), ("armour", 1), ("fighter", 2)], [("infantry", 2), ("aaa", 1), ("fighter", 1)], "land"),
    # multi-hit battleships (extra track slots) at sea
    ([("destroyer", 3), ("cruiser", 2), ("battleship", 2)], [("destroyer", 4), ("cruiser", 2), ("battleship", 1)],
     "sea"),
]


def _figures(res: api.OddsResult) -> dict[str, object]:
    out = res.to_json()
    out.pop("seconds")
    return out


@pytest.mark.parametrize("att,dfn,terrain", BATTLES)
def test_bincount_and_one_hot_agree(att, dfn, terrain, monkeypatch):
    rs = load_ruleset("g40")
    one_hot = _figures(battle_odds(rs, att, dfn, terrain))
    monkeypatch.setattr(api, "ONE_HOT_MAX", 0)
    rs.__dict__.pop("_derived", None)   # the sides' figures are kept on the cached tables
    counted = _figures(battle_odds(rs, att, dfn, terrain))
    rs.__dict__.pop("_derived", None)
    assert one_hot.keys() == counted.keys()
    for key, v in one_hot.items():
        w = counted[key]
        if isinstance(v, list):
            assert w == pytest.approx(v, abs=1e-12), key
        elif isinstance(v, dict):
            assert v.keys() == w.keys() and all(abs(v[t] - w[t]) < 1e-12 for t in v), key
        elif isinstance(v, float):
            assert abs(v - w) < 1e-12, key
        else:
            assert v == w, key


@pytest.mark.parametrize("att,dfn", [
    ([("fighter", 1)], [("infantry", 1), ("aaa", 1)]),              # AA may down the whole force
    ([("fighter", 2), ("strategic_bomber", 1)], [("infantry", 2), ("aaa", 1)]),
    ([("infantry", 3), ("armour", 1), ("fighter", 2)], [("infantry", 2), ("aaa", 1), ("fighter", 1)]),
])
def test_cost_lost_is_the_force_less_what_survives(att, dfn):
    # the expected cost lost is the force's cost less the expected cost of its survivors, in
    # every anti-aircraft branch: one where the guns down every aircraft of a force of
    # aircraft loses all of it (it counted none: a fighter against AA and one infantry read
    # 4.17 lost where the game's own battles, the "sim" method, lose 5.83)
    rs = load_ruleset("g40")
    costs = api._unit_costs(rs)
    res = battle_odds(rs, att, dfn, "land")
    force = sum(costs[t] * n for t, n in att)
    kept = sum(costs[t] * p for t, p in res.attacker_survivors.items())
    assert res.attacker_cost_lost == pytest.approx(force - kept, abs=1e-9)
