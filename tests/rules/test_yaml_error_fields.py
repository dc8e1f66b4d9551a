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
