"""Ruleset and scenario loading: good files load, bad ones name file, line and field."""
import pytest

from game.rules.errors import LoadError
from game.rules.ruleset import load_ruleset, load_ruleset_file, load_scenario_file


def write(tmp_path, text, name="r.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return p


BASE = """\
id: test
dice: 6
units:
  infantry:
    domain: land
    cost: 3
    attack: 1
    defense: 2
    move: 1
"""


def test_g40_has_the_standard_units():
    rs = load_ruleset("g40")
    expect = {  # id: (cost, attack, defense, move, hits)
        "infantry": (3, 1, 2, 1, 1), "artillery": (4, 2, 2, 1, 1), "mech_infantry": (4, 1, 2, 2, 1),
        "armour": (6, 3, 3, 2, 1), "aaa": (5, 0, 0, 1, 1), "fighter": (10, 3, 4, 4, 1),
        "tactical_bomber": (11, 3, 3, 4, 1), "strategic_bomber": (12, 4, 1, 6, 1),
        "battleship": (20, 4, 4, 2, 2), "carrier": (16, 0, 2, 2, 2), "cruiser": (12, 3, 3, 2, 1),
        "destroyer": (8, 2, 2, 2, 1), "submarine": (6, 2, 1, 2, 1), "transport": (7, 0, 0, 2, 1)}
    # plus seed 002's house units (tests/rules/test_g40_seed002.py)
    assert set(rs.units) == set(expect) | {"elite_infantry", "paratrooper"}
    for uid, stats in expect.items():
        u = rs.units[uid]
        assert (u.cost, u.attack, u.defense, u.move, u.hits) == stats, uid
    assert rs.units["carrier"].ability("carrier").capacity == 2
    assert rs.units["tactical_bomber"].ability("supported_by").units == ("fighter", "armour")


def test_on_is_a_key_not_a_boolean(tmp_path):
    p = write(tmp_path, BASE + "    abilities:\n      - supported_by: {units: [infantry], on: [defense]}\n")
    rs, _ = load_ruleset_file(p)
    assert rs.units["infantry"].ability("supported_by").on == ("defense",)


def test_yaml_syntax_error_names_line(tmp_path):
    p = write(tmp_path, BASE + "    abilities: [blitz\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    d = exc.value.diagnostics[0]
    assert d.path == str(p) and d.line >= 10 and "YAML syntax" in d.message


def test_unknown_ability_suggests(tmp_path):
    p = write(tmp_path, BASE + "    abilities:\n      - blits\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    d = exc.value.diagnostics[0]
    assert (d.line, "unknown ability 'blits'") == (11, d.message.split(" (")[0].split(": ", 1)[1])
    assert "did you mean 'blitz'" in d.message


def test_bad_field_type_names_field_and_line(tmp_path):
    p = write(tmp_path, BASE.replace("attack: 1", "attack: one"))
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    d = exc.value.diagnostics[0]
    assert d.line == 7 and "units.infantry.attack" in d.message


def test_unknown_unit_reference_suggests(tmp_path):
    p = write(tmp_path, BASE + "    abilities:\n      - supported_by: {units: [artilery]}\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    assert "unknown unit 'artilery'" in str(exc.value)


def test_unknown_ability_parameter(tmp_path):
    p = write(tmp_path, BASE + "    abilities:\n      - supported_by: {units: [infantry], bonsu: 2}\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    assert "unknown parameter 'bonsu'" in str(exc.value)
    assert exc.value.diagnostics[0].line == 11


def test_duplicate_key_is_an_error(tmp_path):
    p = write(tmp_path, BASE + "    move: 2\n")
    with pytest.raises(LoadError) as exc:
        load_ruleset_file(p)
    assert "duplicate key 'move'" in str(exc.value)


def test_scenario_unknown_unit_and_asymmetric_adjacency(tmp_path):
    from pathlib import Path
    text = (Path(__file__).parents[1] / "fixtures" / "mini.yaml").read_text()
    text = text.replace("adjacent: [a1, a2, s2]}", "adjacent: [a1, a2]}")
    text = text.replace("adjacent: [a2, s1]}", "adjacent: [a2, s1], units: {red: {infantery: 2}}}")
    p = write(tmp_path, text, "s.yaml")
    with pytest.raises(LoadError) as exc:
        load_scenario_file(p)
    msgs = [d.message for d in exc.value.diagnostics]
    assert any("unknown unit 'infantery'" in m and "did you mean 'infantry'" in m for m in msgs)
    assert any("'s1' does not list 's2' back" in m for m in msgs)
