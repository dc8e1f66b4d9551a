"""House-rules variants: a YAML overlay on a ruleset, validated like a ruleset."""
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.errors import LoadError
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.variant import (
    load_variant_file,
    ruleset_for,
    variant_files,
    variants_for,
)

ROOT = Path(__file__).parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini.yaml"


def write(tmp_path, text, name="v.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def errors_of(path):
    with pytest.raises(LoadError) as exc:
        load_variant_file(path)
    return [d for d in exc.value.diagnostics if d.severity == "error"]


def test_three_line_variant_changes_one_value_and_keeps_the_rest(tmp_path):
    p = write(tmp_path, "extends: g40\nunits:\n  armour: {cost: 4}\n")
    rs, diags = load_variant_file(p)
    base = load_ruleset("g40")
    assert diags == []
    assert rs.id == "g40" and rs.variant == "v" and rs.path == str(p)
    assert rs.units["armour"].cost == 4
    assert rs.units["armour"].abilities == base.units["armour"].abilities
    assert {u: t for u, t in rs.units.items() if u != "armour"} == \
        {u: t for u, t in base.units.items() if u != "armour"}
    assert rs.sha256 != base.sha256


def test_add_remove_and_replace_abilities_and_new_units(tmp_path):
    p = write(tmp_path, """\
extends: g40
name: Shock troops
units:
  infantry:
    remove_abilities: [supported_by]
    add_abilities:
      - first_strike: {}
  armour:
    abilities: []
  guards:
    name: Guards
    domain: land
    cost: 5
    attack: 2
    defense: 3
    move: 1
""")
    rs, _ = load_variant_file(p)
    assert rs.title == "Shock troops"
    assert [a.name for a in rs.units["infantry"].abilities] == ["first_strike"]
    assert rs.units["armour"].abilities == ()
    assert rs.units["guards"].cost == 5 and rs.units["guards"].name == "Guards"


def test_broken_variant_is_refused_with_file_line_and_field(tmp_path):
    p = write(tmp_path, """\
extends: g40
nmae: Oops
units:
  armour: {cost: 4, atack: 5}
  infantry:
    remove_abilities: [blitz]
    add_abilities:
      - first_strik: {}
  artillery: {attack: 9}
  guards: {cost: 5}
""")
    errs = errors_of(p)
    got = {(d.line, d.col): d.message for d in errs}
    assert all(d.path == str(p) for d in errs)
    assert "unknown field 'nmae' (did you mean 'name'?)" in got[(2, 1)]
    assert "units.armour: unknown field 'atack' (did you mean 'attack'?)" in got[(4, 21)]
    assert "infantry has no ability 'blitz'" in got[(6, 24)]
    assert "unknown ability 'first_strik' (did you mean 'first_strike'?)" in got[(8, 9)]
    assert "units.artillery.attack: 9 is more than the die (6)" in got[(9, 15)]
    assert "'guards' is not a unit of ruleset 'g40'" in got[(10, 3)]


def test_unknown_base_ruleset_and_yaml_errors(tmp_path):
    errs = errors_of(write(tmp_path, "extends: g41\nunits: {}\n"))
    assert "unknown ruleset 'g41' (did you mean 'g40'?)" in errs[0].message
    errs = errors_of(write(tmp_path, "extends: g40\nunits:\n  armour: {cost: 4\n", "y.yaml"))
    assert errs[0].line == 4 and "YAML syntax" in errs[0].message


def test_cross_references_of_a_replaced_ability_list_are_checked(tmp_path):
    p = write(tmp_path, "extends: g40\nunits:\n  infantry:\n    abilities:\n"
                        "      - supported_by: {units: [artilery], bonus: 1, on: [attack]}\n")
    errs = errors_of(p)
    assert errs[0].path == str(p) and errs[0].line == 5
    assert "unknown unit 'artilery'" in errs[0].message


def test_lint_checks_variants(tmp_path):
    bad = write(tmp_path, "extends: g40\nunits:\n  armour: {cost: four}\n")
    p = subprocess.run([sys.executable, "-m", "game", "lint", str(bad)], capture_output=True, text=True,
                       cwd=ROOT)
    assert p.returncode == 1
    assert f"{bad}:3:12: error: units.armour.cost" in p.stdout


def test_shipped_variants_load_and_are_offered_for_their_ruleset():
    assert variant_files(), "scenarios/variants/ ships examples"
    for f in variant_files():
        load_variant_file(f)
    titles = [t for _, t in variants_for("g40")]
    assert "cheap_armour" in [p.stem for p, _ in variants_for("g40")] and titles


def test_a_variant_must_extend_the_scenario_ruleset(tmp_path):
    sc = load_scenario(str(MINI))  # g40
    p = write(tmp_path, "extends: interwar\nunits:\n  armor: {cost: 4}\n")
    with pytest.raises(LoadError) as exc:
        ruleset_for(sc, str(p))
    assert "extends ruleset 'interwar', but scenario 'mini' is played with 'g40'" in str(exc.value)
    with pytest.raises(LoadError) as exc:
        ruleset_for(sc, "no_such_variant")
    assert "no variant 'no_such_variant'" in str(exc.value)
    assert ruleset_for(sc, "cheap_armour").units["armour"].cost == 4


def test_rules_command_shows_the_variant_table():
    p = subprocess.run([sys.executable, "-m", "game", "rules", "g40", "--variant", "cheap_armour"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "with house rules: Cheap armour" in p.stdout
    assert any(line.split()[:2] == ["armour", "4"] for line in p.stdout.splitlines())
    p = subprocess.run([sys.executable, "-m", "game", "rules", "interwar", "--variant", "cheap_armour"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "extends 'g40', not 'interwar'" in p.stderr
