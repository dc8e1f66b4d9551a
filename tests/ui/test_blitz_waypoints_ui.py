"""Issue #41, seed 000 blitz (R3) in the game window: a blitz "can end in a friendly or
hostile territory ... or even the space the [unit] came from". The player picks the empty
enemy territory as a waypoint with Shift+click (TripleA's convention), then clicks where
the move ends: back at the start, a friendly territory or beyond. The hover and the side
panel say so; right click drops the waypoint."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import click, frame, shot  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.selection import FRIENDLY, HOSTILE  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _quick_odds(monkeypatch):
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)


@pytest.fixture(autouse=True)
def _no_modifiers():
    pygame.key.set_mods(0)
    yield
    pygame.key.set_mods(0)


MOUSE = [(0, 0)]


@pytest.fixture(autouse=True)
def _mouse(monkeypatch):
    """The headless mouse stays at (0, 0): the map's tooltip asks where the last motion was."""
    MOUSE[0] = (0, 0)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: MOUSE[0])


def make_game(units, owners=(), player="red", phase="combat_move"):
    """The mini map (a1 - a2 - m - b2 - b1 - c) on interwar with only `units`."""
    sc, _ = load_scenario_file(FIX / "mini_interwar.yaml")
    so = dict(sc.start_owners)
    so.update(dict(owners))
    sc = replace(sc, start_units=tuple(units), start_owners=so)
    session = Session(sc, load_ruleset(sc.ruleset_id), 3)
    session.state.player_idx = [p.id for p in sc.players].index(player)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    while session.state.phase != phase:
        session.do(A.EndPhase())
    game.ctl.version += 1
    frame(app)
    return app, game


def at(game, sid):
    """Screen point of a space: its centre, below the counters (the click is on the space)."""
    x, y = game.cam.to_screen(*game.state.scenario.spaces[sid].center)
    return int(x), int(y) + 30


def hover(app, game, sid):
    pos = at(game, sid)
    MOUSE[0] = pos
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    game.hover_since = 0.0   # the tooltip shows at once
    frame(app)
    assert game.hover == sid
    return pos


def shift_click(app, pos):
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    click(app, pos)
    pygame.key.set_mods(0)


def armor_of(state):
    return next(u for u in state.units.values() if u.owner == "red" and u.type == "armor")


def test_blitz_out_and_back_to_the_start_by_clicks():
    # seed 000: Cavalry/Armored car "Blitz" (and ARMOR): "The second territory can be
    # friendly or hostile, or even the space the tank came from."
    app, game = make_game((("a2", "red", "armor", 1),))
    click(app, at(game, "a2"))
    assert game.sel.group(game.state) and game.sel.space == "a2"
    assert "Shift+click an empty enemy territory" in game.panel.waypoint_hint()
    lines = game.tooltip_lines("m")
    assert ("Shift+click: blitz through here, then click where to end "
            "(Beta Minor or back to Alpha Minor)") in lines, lines
    shift_click(app, at(game, "m"))                     # the waypoint: nothing moves yet
    assert game.sel.via == ("m",)
    assert game.state.owners["m"] == "blue" and armor_of(game.state).space == "a2"
    assert game.sel.highlights(game.state, game.ctl.version).get("a2") == FRIENDLY
    assert "Blitz through Middle: click where the move ends (back here included)" in game.ctl.message.text
    hover(app, game, "a2")
    assert "Click: blitz through Middle and back here (2 steps)" in game.tooltip_lines("a2")
    assert game.planned_route() == ("a2", "m", "a2")
    click(app, at(game, "a2"))                          # the end: back where it started
    arm = armor_of(game.state)
    assert arm.space == "a2" and game.state.owners["m"] == "red"
    assert not game.state.zone.battles
    assert isinstance(game.ctl.session.actions[-1], A.Move) and game.ctl.session.actions[-1].path == ("m", "a2")


def test_blitz_to_a_friendly_territory_through_a_waypoint():
    # seed 000: Cavalry/Armored car "Blitz": "a 2-space move that can end in a friendly or
    # hostile territory"
    app, game = make_game((("a2", "red", "armor", 1),), owners={"b2": "red"})
    click(app, at(game, "a2"))
    lines = game.tooltip_lines("m")
    assert ("Shift+click: blitz through here, then click where to end "
            "(Beta Minor or back to Alpha Minor)") in lines, lines
    shift_click(app, at(game, "m"))
    assert game.sel.via == ("m",)
    hl = game.sel.highlights(game.state, game.ctl.version)
    assert hl.get("b2") == FRIENDLY and hl.get("a2") == FRIENDLY and hl.get("m") == HOSTILE
    hover(app, game, "b2")
    assert "Click: blitz through Middle to here (2 steps)" in game.tooltip_lines("b2")
    click(app, at(game, "b2"))
    assert armor_of(game.state).space == "b2" and game.state.owners["m"] == "red"


def test_right_click_drops_the_waypoint_and_keeps_the_units():
    # seed 000: Cavalry/Armored car "Blitz": the blitz back is only offered through a waypoint
    app, game = make_game((("a2", "red", "armor", 1),))
    click(app, at(game, "a2"))
    shift_click(app, at(game, "m"))
    assert "a2" in game.sel.destinations(game.state, game.ctl.version)
    click(app, at(game, "m"), button=3)
    assert game.sel.via == () and game.sel.group(game.state)
    assert "a2" not in game.sel.destinations(game.state, game.ctl.version)
    shift_click(app, at(game, "m"))
    click(app, at(game, "m"))                           # the waypoint itself: move there and stop
    assert armor_of(game.state).space == "m"


def test_no_blitz_waypoint_through_a_defended_territory():
    # seed 000: Cavalry/Armored car "Blitz" goes through an *empty* enemy territory only
    app, game = make_game((("a2", "red", "armor", 1), ("m", "blue", "infantry", 1)))
    click(app, at(game, "a2"))
    assert not any("Shift+click" in line for line in game.tooltip_lines("m"))
    shift_click(app, at(game, "m"))
    assert game.sel.via == () and armor_of(game.state).space == "a2"
    assert "No move goes on from Middle" in game.ctl.message.text


def test_screenshot_of_the_blitz_back_offered():
    # seed 000: Cavalry/Armored car "Blitz": what the player sees before the click
    app, game = make_game((("a2", "red", "armor", 1), ("a2", "red", "infantry", 2)), owners={"b2": "red"})
    click(app, at(game, "a2"))
    hits = {it.utype: rect for rect, sid, it in game.renderer.hits if sid == "a2"}
    click(app, hits["armor"].center)                    # only the armor blitzes
    hover(app, game, "m")
    shot(app, "blitz_waypoint_1_hover")
    shift_click(app, at(game, "m"))
    hover(app, game, "a2")
    shot(app, "blitz_waypoint_2_back")
    assert game.planned_route() == ("a2", "m", "a2")
