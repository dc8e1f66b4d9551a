"""Player `placement` rule (TripleA placementAnyTerritory / placementCapturedTerritory /
placementPerTerritory; v3 Chinese): place without a factory, only the listed units."""
from dataclasses import replace

import pytest

from game.rules.errors import IllegalAction, LoadError
from game.rules.ruleset import ROOT, load_ruleset, load_scenario, load_scenario_file
from game.rules.session import Session
from game.rules.zone import production

V3 = ROOT / "scenarios" / "world_war_ii_v3_1941.yaml"


def chinese_turn():
    sc = load_scenario("world_war_ii_v3_1941")
    state = Session(sc, load_ruleset(sc.ruleset_id), 1).state.copy()
    state.player_idx = [p.id for p in sc.players].index("chinese")
    state.resources["chinese"] = 20
    state.turn_owners = dict(state.owners)
    return state


def test_v3_chinese_have_the_imported_rule():
    rule = load_scenario("world_war_ii_v3_1941").player("chinese").placement
    assert rule is not None and rule.anywhere_owned and rule.captured
    assert rule.per_territory == 3 and rule.units == ("infantry",)


def test_chinese_buy_only_what_they_can_place():
    state = chinese_turn()
    assert production.unit_cost(state, "infantry", "chinese") == 3
    assert production.unit_cost(state, "armour", "chinese") is None
    with pytest.raises(IllegalAction, match="no factory; you place only Infantry"):
        production.purchase(state, "armour", 1)
    production.purchase(state, "infantry", 4)
    assert state.resources["chinese"] == 8


def test_chinese_place_infantry_in_any_territory_they_hold_three_at_most():
    state = chinese_turn()
    production.purchase(state, "infantry", 4)
    home = next(s for s, o in state.owners.items() if o == "chinese")
    production.place(state, "infantry", home, 3)
    with pytest.raises(IllegalAction, match="most per territory"):
        production.place(state, "infantry", home, 1)
    foreign = next(s for s, o in state.owners.items() if o == "germans")
    with pytest.raises(IllegalAction):
        production.place(state, "infantry", foreign, 1)
    other = next(s for s, o in state.owners.items() if o == "chinese" and s != home)
    production.place(state, "infantry", other, 1)
    assert production.unplaced(state, "chinese") == {}


def test_a_player_without_factory_or_rule_cannot_buy():
    state = chinese_turn()
    players = tuple(replace(p, placement=None) if p.id == "chinese" else p for p in state.scenario.players)
    state.scenario = replace(state.scenario, players=players)
    assert production.unit_cost(state, "infantry", "chinese") is None
    assert "no factory" in production.placement_block(state, "infantry", "chinese")


@pytest.mark.parametrize("bad, msg", [
    ("placement: {anywhere_owned: true, per_territory: 3, units: [\"infantry\"]}",
     None),
    ("placement: {anywhere: true}", "players[6].placement: unknown field 'anywhere'"),
    ("placement: {units: [\"tank\"]}", "placement.units: unknown unit 'tank'"),
    ("placement: {units: [\"fighter\"]}", "'fighter' is not a land unit"),
    ("placement: {per_territory: -1}", "per_territory: expected 0"),
])
def test_placement_field_errors_name_file_and_line(tmp_path, bad, msg):
    text = V3.read_text(encoding="utf-8")
    old = ('placement: {anywhere_owned: true, captured: true, per_territory: 3, '
           'units: ["infantry"]}')
    assert old in text
    f = tmp_path / "world_war_ii_v3_1941.yaml"
    f.write_text(text.replace(old, bad), encoding="utf-8")
    if msg is None:
        load_scenario_file(f)
        return
    with pytest.raises(LoadError) as e:
        load_scenario_file(f)
    assert msg in str(e.value) and f"{f.name}:" in str(e.value)
