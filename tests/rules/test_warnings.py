"""Warnings before ending a phase: the rules say what would be lost."""
from game.rules.zone.warnings import end_phase_warnings


def test_stranded_aircraft_are_announced(mini):
    s = mini([("m", "red", "fighter", 1)], phase="noncombat_move")
    s.units[1] = s.units[1].__class__(1, "fighter", "red", "m", moved=4)
    w = end_phase_warnings(s)
    assert len(w) == 1 and "1 aircraft not landed will be lost" in w[0] and "Middle" in w[0]
    assert 1 in s.units, "asking must not change the state"


def test_unplaced_units_are_announced(mini):
    s = mini([], phase="place")
    s.zone.purchased = {"red|infantry": 2}
    assert "2 Infantry" in end_phase_warnings(s)[0]


def test_nothing_to_warn(mini):
    assert end_phase_warnings(mini([], phase="combat_move")) == []
