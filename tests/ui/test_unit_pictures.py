"""Interwar unit pictures: the seed 000 aircraft (seed 000: 7.0 Unit Profiles, AIRSHIP,
LIGHT BOMBER, HEAVY BOMBER, DIVE BOMBER, TORPEDO BOMBER, TRANSPORT AIRCRAFT) each have
their own picture, no ship is drawn as a land unit, and the roster screenshot view shows
all 49 units."""
from __future__ import annotations

import pygame
import pytest

from game.rules.ruleset import load_ruleset
from game.ui.counters import counter_surface, symbol_kind

AIR = ("airship", "fighter", "light_bomber", "heavy_bomber", "dive_bomber", "torpedo_bomber",
       "transport_aircraft")


def test_interwar_aircraft_have_distinct_pictures():
    rs = load_ruleset("interwar")
    kinds = {u: symbol_kind(u, rs.units[u].domain) for u in AIR}
    assert len(set(kinds.values())) == len(AIR), kinds
    pics = {u: pygame.image.tobytes(counter_surface(u, "air", (120, 110, 60), 40), "RGBA") for u in AIR}
    assert len(set(pics.values())) == len(AIR)


@pytest.mark.parametrize("unit,kind", [
    ("armored_carrier", "carrier"), ("submarine", "submarine"), ("coastal_submarine", "submarine"),
    ("marine", "marine"), ("troopship", "transport"), ("dreadnaught", "battleship"),
    ("juggernaut", "battleship"), ("fortress", "fort"), ("fortification", "fort"),
    ("cavalry", "cavalry"), ("engineer", "engineer"), ("supply_column", "supply")])
def test_interwar_unit_symbols(unit, kind):
    rs = load_ruleset("interwar")
    assert symbol_kind(unit, rs.units[unit].domain) == kind


def test_g40_symbols_unchanged():
    rs = load_ruleset("g40")
    got = {u.id: symbol_kind(u.id, u.domain) for u in rs.units.values()}
    assert got["tactical_bomber"] == "tactical" and got["strategic_bomber"] == "strategic"
    assert got["submarine"] == "submarine" and got["transport"] == "transport"


def test_roster_view_draws_every_unit():
    from game.ui import screenshot
    surf = screenshot.render("scenarios/mediterranean_1940.yaml", "roster", (1600, 900))
    assert surf.get_size() == (1600, 900)
    assert "roster" in screenshot.VIEWS


def test_roster_lists_the_damaged_values(monkeypatch):
    # seed 000 BATTLESHIP "Attack: 8 (4, if damaged) Defense: 7 (3, if damaged)", JUGGERNAUT
    # "11 (7, if damaged once; 5, if damaged twice)" / "8 (5, ...; 4, ...)"
    from game.ui import screenshot, theme
    said: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda surface, s, *a, **k: said.append(s) or real(surface, s, *a, **k))
    screenshot.render("scenarios/mediterranean_1940.yaml", "roster", (1600, 900))
    assert "sea  8-7-2, damaged 4-3" in said
    assert "sea  11-8-3, damaged 7-5, 5-4" in said
    assert "sea  5-4-1" in said   # COASTAL BATTLESHIP: one hit sinks it (G55)
