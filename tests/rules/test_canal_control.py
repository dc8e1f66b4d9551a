"""Canals and straits held by territories (Global 1940 2nd ed.: Suez, Panama, the Turkish
and Danish straits, Gibraltar; TripleA ww2global40_2nd_edition.xml canalAttachment
`landTerritories`, `excludedUnits`). The rule is scenario data, so it is tested on the
mini map of tests/rules/test_interwar_systems.py."""
from dataclasses import replace

import pytest

from game.rules.actions import Move, apply
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import CanalControl
from game.rules.ruleset import load_scenario_file
from game.rules.zone import movement
from tests.rules.test_interwar_systems import FIXTURES, mini, of

SUEZ = {("s2", "s3"): "Suez Canal"}


def _with_control(s, held=("m",), open_to=()):
    s.scenario = replace(s.scenario, canal_control={"Suez Canal": CanalControl(held, open_to)})
    return s


def test_a_canal_is_closed_to_a_side_that_does_not_hold_its_territory():
    # G40 2nd ed. canals (TripleA canalAttachment Suez: landTerritories Egypt:Trans-Jordan):
    # sea units pass only if their side holds the canal's territories; Middle is blue's
    s = _with_control(mini([("s2", "red", "destroyer", 1)], phase="noncombat_move", canals=SUEZ))
    dd = of(s, "red", "destroyer")[0]
    assert "s3" not in movement.reachable(s, [dd])
    with pytest.raises(IllegalAction, match="Suez Canal is closed"):
        apply(s, Move((dd.uid,), ("s3",)))
    assert "Middle" in movement.explain(s, [dd], "s3")


def test_a_canal_held_by_the_side_since_the_turn_began_is_open():
    # G40 2nd ed. rulebook, "Canals": your side must have controlled the territory since the
    # start of your turn; TripleA canalAttachment landTerritories (Suez: Egypt, Trans-Jordan)
    s = _with_control(mini([("s2", "red", "destroyer", 1)], owners={"m": "red"},
                           phase="noncombat_move", canals=SUEZ))
    dd = of(s, "red", "destroyer")[0]
    assert "s3" in movement.reachable(s, [dd])
    apply(s, Move((dd.uid,), ("s3",)))


def test_a_canal_taken_this_turn_is_not_yet_open():
    # held "since the start of the turn": the owner at the turn's start counts (turn_owners)
    s = _with_control(mini([("s2", "red", "destroyer", 1)], phase="noncombat_move", canals=SUEZ))
    s.owners["m"] = "red"    # captured in this turn's combat
    assert "s3" not in movement.reachable(s, [of(s, "red", "destroyer")[0]])


def test_units_the_canal_is_open_to_pass_whoever_holds_it():
    # TripleA canalAttachment Gibraltar: excludedUnits submarine:...: submarines pass
    s = _with_control(mini([("s2", "red", "submarine", 1), ("s2", "red", "destroyer", 1)],
                           phase="noncombat_move", canals=SUEZ), open_to=("submarine",))
    assert "s3" in movement.reachable(s, [of(s, "red", "submarine")[0]])
    assert "s3" not in movement.reachable(s, [of(s, "red", "destroyer")[0]])


def test_a_neutral_holder_closes_the_canal_to_everyone():
    # TripleA canalAttachment Turkish Straits: landTerritories Turkey, a true neutral's
    # the Turkish Straits: Turkey is neutral (no owner), so no side holds them
    s = _with_control(mini([("s2", "red", "destroyer", 1)], owners={"m": None},
                           phase="noncombat_move", canals=SUEZ))
    assert "s3" not in movement.reachable(s, [of(s, "red", "destroyer")[0]])


def test_canal_control_is_read_and_checked_from_the_scenario(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "c.yaml"
    p.write_text(text + "canals:\n  - {name: Suez Canal, between: [s2, s3], controlled_by: [m],"
                 " open_to: [submarine]}\n")
    sc, _ = load_scenario_file(p)
    assert sc.canal_control["Suez Canal"] == CanalControl(("m",), ("submarine",))
    p.write_text(text + "canals:\n  - {name: Suez Canal, between: [s2, s3], controlled_by: [s1]}\n")
    with pytest.raises(LoadError, match="controlled_by: 's1' is not a land territory"):
        load_scenario_file(p)
    p.write_text(text + "canals:\n  - {name: Suez Canal, between: [s2, s3], controlled_by: [m],"
                 " open_to: [submarne]}\n")
    with pytest.raises(LoadError, match="open_to: 'submarne'"):
        load_scenario_file(p)
