"""Save as scenario (issue #43 item 5): a position (edited or played) becomes a scenario
file that loads, lints clean and starts `arena` and `balance` games."""
from collections import Counter

import pytest

from game.cli import lint_paths, main
from game.io.position import PositionError, scenario_yaml, write_scenario
from game.io.saves import write_save
from game.rules.actions import EndPhase, new_game
from game.rules.edit import EditDamage, EditOwner, EditResources, EditUnits
from game.rules.ruleset import imported_dir, load_ruleset, load_scenario_file
from game.rules.session import Session
from tests.conftest import FIXTURES


def edited():
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    s = Session(sc, load_ruleset("g40"), 3)
    for a in (EditUnits("a1", "red", "infantry", 4), EditUnits("a2", "red", "armour", 2),
              EditUnits("b1", "blue", "infantry", 3), EditUnits("c", "green", "infantry", 2),
              EditUnits("s3", "blue", "destroyer", 1), EditOwner("m", "red"),
              EditOwner("b2", ""), EditResources("red", 12), EditResources("green", 40)):
        s.do(a)
    return s


def units_of(state):
    return Counter((u.space, u.owner, u.type) for u in state.units.values())


def test_the_written_scenario_loads_with_the_position(tmp_path):
    s = edited()
    path = write_scenario(s.state, tmp_path, "mini_edited")
    assert path.name == "mini_edited.yaml"
    assert not [d for d in lint_paths([str(path)]) if d.severity == "error"]
    sc, diags = load_scenario_file(path)
    assert sc.id == "mini_edited" and not diags
    start = new_game(sc, load_ruleset("g40"), 1)
    assert units_of(start) == units_of(s.state)
    assert start.owners == s.state.owners
    assert start.resources == s.state.resources
    assert start.factories == s.state.factories
    assert write_scenario(s.state, tmp_path, "mini_edited").name == "mini_edited_2.yaml"


def test_a_position_the_format_cannot_hold_is_refused():
    s = edited()
    s.do(EditUnits("s2", "blue", "battleship", 1))
    bb = next(u for u in s.state.units_in("s2") if u.type == "battleship")
    s.do(EditDamage(bb.uid, 1))
    with pytest.raises(PositionError, match="damaged Battleship"):
        scenario_yaml(s.state, "x")
    with pytest.raises(PositionError, match="not an id"):
        scenario_yaml(edited().state, "no/slashes")


def test_cli_position_then_arena_and_balance_on_it(tmp_path, capsys):
    s = edited()
    s.do(EndPhase())
    save = tmp_path / "game.json"
    write_save(save, s)
    out = tmp_path / "pos.yaml"
    assert main(["position", str(save), "--out", str(out), "--id", "mini_pos"]) == 0
    assert "scenario id mini_pos" in capsys.readouterr().out
    assert main(["arena", str(out), "--games", "1", "--a", "greedy", "--b", "random"]) == 0
    assert main(["balance", str(out), "--games", "1", "--out", str(tmp_path / "rep")]) == 0
    # without --out: into the imported scenarios folder, where the menu lists it
    assert main(["position", str(save)]) == 0
    assert list(imported_dir().glob("mini_r1_*.yaml"))


def test_a_position_keeps_the_g40_facilities_built_and_refuses_damage(tmp_path):
    # #46 item 1: a complex placed (or a major one captured, now minor) and a base built
    # in the game are the new scenario's; a damaged facility is refused like a damaged unit
    s = edited()
    st = s.state
    st.facilities = {"a1|minor_industrial_complex": 0, "a2|air_base": 0, "b1|major_industrial_complex": 0}
    st.factories = frozenset({"a1", "b1"})
    sc, _ = load_scenario_file(write_scenario(st, tmp_path, "mini_built"))
    start = new_game(sc, load_ruleset("g40"), 1)
    assert start.facilities == st.facilities
    st.facilities["a2|air_base"] = 3
    with pytest.raises(PositionError, match="Air Base in Alpha Minor is damaged"):
        scenario_yaml(st, "mini_damaged")
