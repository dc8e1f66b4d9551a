"""Caches keyed by an object's id() must not answer for another object that reuses the id
once the first is gone (an intermittent KeyError in a UI test: board.distances answered
for an earlier test's map)."""
from __future__ import annotations

from dataclasses import replace

from game.odds.model import type_info
from game.rules.board import distances
from game.rules.ruleset import load_ruleset, load_scenario


def test_distances_follow_the_scenario_object_not_its_id():
    base = load_scenario("scenarios/world_war_ii_v3_1941.yaml")
    for i in range(40):
        # a new map each time; the previous one is freed, so CPython often reuses its id
        spaces = {f"{k}#{i}": replace(v, adjacent=tuple(f"{a}#{i}" for a in v.adjacent))
                  for k, v in base.spaces.items()}
        table = distances(replace(base, spaces=spaces))   # the map is freed at once
        start = next(iter(spaces))   # (rows are made when asked: board._Rows)
        assert table[start][start] == 0 and set(table[start]) <= set(spaces)


def test_unit_info_follows_the_ruleset_object():
    rs = load_ruleset("interwar")
    for i in range(40):
        units = dict(rs.units)
        units["infantry"] = replace(units["infantry"], attack=1 + i % 5)
        assert type_info(replace(rs, units=units), "infantry").attack == 1 + i % 5   # freed at once
