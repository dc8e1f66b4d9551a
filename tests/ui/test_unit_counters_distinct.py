"""Every unit type has its own counter (issue #44 item 2): no two unit types of a
shipped ruleset draw the same counter image, and the marks come from the unit's data,
so a house-rule unit gets a counter of its own too."""
from __future__ import annotations

import dataclasses
import hashlib

import pygame
import pytest

from game.rules.model import UnitType
from game.rules.ruleset import load_ruleset
from game.ui import counters, unitmarks
from game.ui.hex import counters as hexcounters

GREY = (110, 116, 128)


def _digest(surf: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surf, "RGBA")).hexdigest()


def _zone_counter(ut: UnitType, size: int = 42) -> pygame.Surface:
    return counters.counter_surface(ut, ut.domain, GREY, size)


def _hex_counter(ut: UnitType, size: int = 44) -> pygame.Surface:
    # the printed factors would tell units apart on their own: make them all alike, so
    # that only the picture, the modifiers, the size marker and the type label differ
    same = dataclasses.replace(ut, attack=1, defense=1, move=1, damaged=())
    return hexcounters.counter_surface(same, GREY, size)


@pytest.mark.parametrize("ruleset", ["interwar", "modern-naval", "g40", "europa"])
def test_no_two_unit_types_share_a_counter(ruleset):
    # issue #44: "five interwar infantry kinds share one symbol ... about 25 Europa types
    # are blank boxes"; the roster of every ruleset must show no two alike
    rs = load_ruleset(ruleset)
    draw = _hex_counter if ruleset == "europa" else _zone_counter
    seen: dict[str, list[str]] = {}
    for ut in rs.units.values():
        seen.setdefault(_digest(draw(ut)), []).append(ut.id)
    alike = [ids for ids in seen.values() if len(ids) > 1]
    assert not alike, alike


@pytest.mark.parametrize("ruleset", ["interwar", "modern-naval", "g40", "europa"])
def test_no_two_unit_types_share_their_marks(ruleset):
    rs = load_ruleset(ruleset)
    marks: dict[tuple, list[str]] = {}
    for ut in rs.units.values():
        m = unitmarks.mark_of(ut)
        extra = hexcounters.size_marker(ut) if ruleset == "europa" else ""
        marks.setdefault((m, extra), []).append(ut.id)
    assert all(len(ids) == 1 for ids in marks.values()), [i for i in marks.values() if len(i) > 1]


def test_europa_units_are_not_blank_boxes():
    # issue #44: "about 25 Europa types are blank boxes"
    rs = load_ruleset("europa")
    blank = [u.id for u in rs.units.values() if unitmarks.mark_of(u).kind == "unit"]
    assert not blank


@pytest.mark.parametrize("unit,kind,mods,label", [
    ("heavy_infantry", "infantry", (), "HVY"),
    ("colonial_infantry", "infantry", (), "COL"),
    ("mountain_infantry", "infantry", ("mountain",), "MTN"),
    ("paratrooper", "infantry", ("airborne",), "PARA"),
    ("marine", "infantry", ("amphibious",), "MAR"),
    ("mechanized_infantry", "infantry", ("tracked",), "MECH"),
    ("motorized_infantry", "infantry", ("wheeled",), "MOT"),
    ("armored_car", "armour", ("wheeled", "recon"), "CAR"),
    ("self_propelled_gun", "artillery", ("tracked",), "SP"),
    ("anti_tank_gun", "anti_tank", (), "AT"),
    ("torpedo_boat_destroyer", "destroyer", (), "TB"),
    ("fortress", "fort", ("coastal_gun",), "FORT"),
])
def test_interwar_marks_from_the_data(unit, kind, mods, label):
    m = unitmarks.mark_of(load_ruleset("interwar").units[unit])
    assert (m.kind, m.mods, m.label) == (kind, mods, label)


def test_modern_naval_look_alikes_are_told_apart():
    # issue #44: "fighter and helicopter, special forces and LAV, artillery and AA gun look
    # alike and all ships share one silhouette"
    u = load_ruleset("modern-naval").units
    kinds = {k: unitmarks.mark_of(u[k]).kind for k in u}
    assert kinds["fighter"] != kinds["helicopter"] == "helicopter"
    assert kinds["special_forces"] != kinds["lav"]
    assert kinds["artillery"] != kinds["aa_gun"]
    ships = [kinds[k] for k, t in u.items() if t.domain == "sea"]
    assert len(set(ships)) == len(ships), ships


def test_a_house_rule_unit_gets_a_counter_of_its_own():
    rs = load_ruleset("interwar")
    ski = UnitType("ski_troops", "Ski Troops", "land", 3, 2, 2, 2, classes=("infantry_type",))
    m = unitmarks.mark_of(ski)
    assert m.kind == "infantry" and "ski" in m.mods and m.label
    mine = _digest(_zone_counter(ski))
    assert mine not in {_digest(_zone_counter(u)) for u in rs.units.values()}


def test_the_count_badge_stays_out_of_the_symbol():
    # issue #44 item 1: "count badges never cover the symbol"
    for size in (18, 24, 30, 40, 56):
        for count in (2, 12):
            _band, sym = counters.layout(size, True)
            assert not counters.badge_rect(size, count).colliderect(sym), (size, count)


def test_a_hex_stack_count_sits_outside_its_top_counter():
    # issue #44 item 1: "on hex maps a stack shows how many counters it holds"; the
    # badge must not cover the chit's size marker, label, symbol or factors
    for size in (16, 30, 44, 72):
        chit = pygame.Rect(100, 100, size, size)
        for depth in (2, 9, 12):
            assert not hexcounters.depth_badge(chit, depth).colliderect(chit)


def test_a_hovered_hex_stack_spreads_out():
    from game.ui import screenshot
    from game.ui.app import App
    from game.ui.game_scene import GameScene
    screenshot._init()
    session = screenshot._session("crete_1941")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    app.draw()
    by_hex = game.renderer.units_by_hex(session.state)
    deep = next(h for h, us in sorted(by_hex.items()) if len(us) >= 2)
    single = next(h for h, us in sorted(by_hex.items()) if len(us) == 1)
    surf = app.surface
    tray = game.renderer.draw_spread(surf, game.cam, session.state, deep)
    assert tray is not None and tray.w >= 2 * 40   # a readable chit per counter
    assert game.renderer.draw_spread(surf, game.cam, session.state, single) is None


def test_a_hovered_pile_spreads_out_per_unit_type():
    # issue #44 item 1: at the fit view a crowded space is a pile; hovering it shows each
    # unit type with its count at a readable size
    from game.rules.ruleset import load_scenario
    from game.rules.session import Session
    from game.ui import screenshot
    from game.ui.app import App
    from game.ui.game_scene import GameScene
    from game.ui.maprender import SPREAD_SIZE
    from game.ui.tableshots import crowded_units
    screenshot._init()
    sc = load_scenario("mediterranean_1940")
    rs = load_ruleset(sc.ruleset_id)
    home, extra = crowded_units(sc, rs)
    session = Session(dataclasses.replace(sc, start_units=sc.start_units + extra), rs, 1)
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, session, (), autosave=False)
    game.renderer.layout_budget_ms = None
    app.reset(game)
    game.cam.fit()
    app.draw()
    tray = game.renderer.draw_spread(app.surface, game.cam, session.state, home)
    types = len(game.renderer.stacks(session.state, home))
    assert tray is not None
    per_row = min(types, 8)
    assert tray.w >= per_row * SPREAD_SIZE and tray.h >= ((types + 7) // 8) * SPREAD_SIZE
