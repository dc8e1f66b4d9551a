"""Lint errors on copies of shipped files a user broke (issue #4: every error names
file, line and field): YAML syntax errors and duplicate keys name the field, as
validation errors do; a turn limit under 1 is an error."""
from pathlib import Path

import pytest

from game.rules.errors import LoadError
from game.rules.ruleset import RULESET_DIR, SCENARIO_DIR, load_ruleset_file, load_scenario_file
from game.rules.yamlloc import key_path_at

INTERWAR = (Path(RULESET_DIR) / "interwar.yaml").read_text()


def broken(tmp_path, old, new):
    assert INTERWAR.count(old) >= 1
    p = tmp_path / "interwar.yaml"
    p.write_text(INTERWAR.replace(old, new, 1))
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    d = exc.value.diagnostics[0]
    assert d.path == str(p)
    return d, INTERWAR.replace(old, new, 1).splitlines()


def test_a_key_indented_too_deep_names_its_unit(tmp_path):
    d, lines = broken(tmp_path, "    attack: 2\n    defense: 3\n    move: 2\n    classes: [infantry_type]\n"
                      "    transport_cost: 2\n    abilities:\n      - supported_by: {units: [light_artillery",
                      "    attack: 2\n      defense: 3\n    move: 2\n    classes: [infantry_type]\n"
                      "    transport_cost: 2\n    abilities:\n      - supported_by: {units: [light_artillery")
    assert lines[d.line - 1] == "      defense: 3"
    assert d.message.startswith("units.infantry.defense: YAML syntax") and "indentation" in d.message


def test_a_tab_names_its_field(tmp_path):
    d, lines = broken(tmp_path, "    cost: 19\n", "\tcost: 19\n")
    assert lines[d.line - 1] == "\tcost: 19" and d.message.startswith("units.battleship.cost: YAML syntax")


def test_a_duplicate_key_names_its_field(tmp_path):
    d, lines = broken(tmp_path, "    cost: 19\n", "    cost: 19\n    cost: 20\n")
    assert lines[d.line - 1] == "    cost: 20"
    assert d.message == "units.battleship.cost: duplicate key 'cost'"


def test_key_path_reads_list_items_and_first_children():
    text = "units:\n  infantry:\n    name: Infantry\n    abilities:\n      - blitz: {a: 1}\n      - x: 2\n"
    assert key_path_at(text, 3) == "units.infantry.name"
    assert key_path_at(text, 5) == "units.infantry.abilities[0].blitz"
    assert key_path_at(text, 6) == "units.infantry.abilities[1].x"
    players = "players:\n  - id: a\n    color: red\n  - id: b\n    name: B\n      color: x\n"
    assert key_path_at(players, 3) == "players[0].color"
    assert key_path_at(players, 4) == "players[1].id"
    assert key_path_at(players, 6) == "players[1].color"
    assert key_path_at(text, 1) == "units"
    assert key_path_at("", 1) == ""


@pytest.mark.parametrize("limit", [0, -1])
def test_a_turn_limit_under_one_is_an_error(tmp_path, limit):
    text = (Path(SCENARIO_DIR) / "mediterranean_1940.yaml").read_text()
    assert "\nturn_limit: 8\n" in text
    p = tmp_path / "med.yaml"
    p.write_text(text.replace("\nturn_limit: 8\n", f"\nturn_limit: {limit}\n"))
    with pytest.raises(LoadError) as exc:
        load_scenario_file(p)
    d = exc.value.diagnostics[0]
    assert p.read_text().splitlines()[d.line - 1] == f"turn_limit: {limit}"
    assert d.message.startswith("scenario.turn_limit:")


# --- Global 1940's politics, capitals and turn limit blocks (a user's broken copy) ------
G40 = (Path(SCENARIO_DIR) / "world_war_ii_global_1940.yaml").read_text()


def g40_broken(tmp_path, old, new):
    """Every diagnostic of the g40 scenario with `old` replaced by `new`, and its lines."""
    assert G40.count(old) >= 1
    text = G40.replace(old, new, 1)
    p = tmp_path / "g40.yaml"
    p.write_text(text)
    with pytest.raises(LoadError) as exc:
        load_scenario_file(p)
    assert all(d.path == str(p) for d in exc.value.diagnostics)
    return exc.value.diagnostics, text.splitlines()


def test_an_unknown_cancelled_event_is_reported_at_its_cancels(tmp_path):
    # the error named the politics.events line, not the event that cancels
    diags, lines = g40_broken(tmp_path, 'cancels: ["Mongolians handed over to Russians"]',
                              'cancels: ["No such event"]')
    (d,) = diags
    assert 'cancels: ["No such event"]' in lines[d.line - 1]
    assert d.message == "politics.events[27].cancels: unknown event 'No such event'"


@pytest.mark.parametrize("field, old, new", [
    ("politics.types", "  types: {unprovoked:", "  types: [1, 2]\n  typo: {unprovoked:"),
    ("politics.switches", "switches: {axis_capture_london: false,", "switches: {axis_capture_london: 3,"),
    ("politics.switches", "switches: {axis_capture_london: false, axis_land_in_north_america: false}",
     "switches: [axis_capture_london]"),
])
def test_a_malformed_types_or_switches_is_one_error_not_one_per_use(tmp_path, field, old, new):
    # a `types` that was no mapping made every relation naming a type an error too (134)
    diags, lines = g40_broken(tmp_path, old, new)
    mine = [d for d in diags if d.message.startswith(field + ":")]
    assert len(mine) == 1 and lines[mine[0].line - 1].startswith("  " + field.split(".")[1] + ":")
    assert all(d.message.startswith(("politics:", field + ":")) for d in diags), diags


@pytest.mark.parametrize("value, shown", [("2.5", "a number (2.5)"), ("[1]", "a list"), ("null", "nothing")])
def test_a_turn_limit_of_another_kind_says_what_it_may_be(tmp_path, value, shown):
    diags, lines = g40_broken(tmp_path, "\nturn_limit: none\n", f"\nturn_limit: {value}\n")
    (d,) = diags
    assert lines[d.line - 1] == f"turn_limit: {value}"
    assert d.message == f"scenario.turn_limit: {shown}: a whole number of rounds, or none (no limit)"


def test_a_field_of_the_wrong_kind_is_named_in_the_authors_words(tmp_path):
    # "expected dict, got LocList" named Python's classes
    diags, lines = g40_broken(tmp_path, "liberation_units: {french: {infantry: 4}}", "liberation_units: [french]")
    (d,) = diags
    assert lines[d.line - 1].endswith("liberation_units: [french]")
    assert d.message == "capitals.liberation_units: expected a mapping, got a list"


@pytest.mark.parametrize("old, new, field", [
    ('zones: ["sea_zone_17",', 'zones: [{is: war},', "kamikaze.zones: '{'is': 'war'}' is not a sea zone"),
    ('keeps_out_of: ["sea_zone_1",', 'keeps_out_of: [[],', "player_rules[0].keeps_out_of: unknown space '[]'"),
    ('controlled_by: ["egypt",', 'controlled_by: [{a: 1},', "canals[0].controlled_by: '{'a': 1}' is not a land territory"),
    ('raises: {in: ["chile",', 'raises: {in: [[],', "politics.events[14].raises.in: a list of known space ids"),
])
def test_a_mapping_or_list_where_a_space_id_belongs_is_an_error_not_a_crash(tmp_path, old, new, field):
    # found by mutating the parsed scenario's nodes: "unhashable type: 'LocDict'" escaped the loader
    diags, lines = g40_broken(tmp_path, old, new)
    (d,) = diags
    assert new in lines[d.line - 1] and d.message == field


def test_a_convoy_zone_beside_an_unknown_space_is_the_maps_error_not_a_crash(tmp_path):
    # found by `fuzz --scenario world_war_ii_global_1940`: the convoy zones read their
    # neighbours' kind before the map's errors stopped the load (KeyError: 'eire')
    old = 'adjacent: ["alaska", "british_columbia", "sea_zone_10",'
    diags, lines = g40_broken(tmp_path, old, old.replace('"alaska"', '"atlantis"'))
    (d,) = [d for d in diags if "atlantis" in d.message]
    assert "atlantis" in lines[d.line - 1] and d.message.startswith("spaces.sea_zone_1.adjacent: unknown space")
