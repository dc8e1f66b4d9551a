"""Highlights never look like a nation, and the legend names every mark (issue #44
item 3): destinations, attacks, boarding, placing and drops are outlines, hatching and
markers in colours far from every nation's; nations keep apart from the sea and from
each other; key L opens a legend of every mark."""
from __future__ import annotations

import glob
import itertools

import pygame
import pytest

from game.rules.ruleset import load_scenario
from game.ui import legend, palette, theme

SCENARIOS = sorted(glob.glob("scenarios/*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS)
def test_highlight_colours_are_far_from_every_nation(path):
    # issue #44: "violet drops on violet France, brown placement on Soviet land, the
    # yellow wash of non-combat moves"
    sc = load_scenario(path)
    nations = palette.nation_colors(sc)
    for pid, col in nations.items():
        for hl in palette.HIGHLIGHTS:
            assert palette.distance(col, hl) >= palette.HIGHLIGHT_MIN, (pid, col, hl)


@pytest.mark.parametrize("path", SCENARIOS)
def test_nations_keep_apart_from_the_sea_and_each_other(path):
    # issue #44: "the imported maps' slate blue beside the sea"
    sc = load_scenario(path)
    nations = palette.nation_colors(sc)
    seas = (theme.SEA, theme.color(sc.background, theme.SEA))
    for pid, col in nations.items():
        assert all(palette.distance(col, s) >= palette.SEA_MIN for s in seas), (pid, col)
    for (a, ca), (b, cb) in itertools.combinations(nations.items(), 2):
        assert palette.distance(ca, cb) >= palette.NATION_MIN, (a, b)


def test_v3_italians_slate_blue_moves_off_the_sea():
    sc = load_scenario("scenarios/world_war_ii_v3_1941.yaml")
    raw = theme.color(next(p.color for p in sc.players if p.id == "italians"))
    assert palette.distance(raw, theme.color(sc.background)) < palette.SEA_MIN   # the bug
    assert palette.nation_color(sc, "italians") != raw


def test_highlight_colours_are_told_apart():
    for a, b in itertools.combinations(palette.HIGHLIGHTS, 2):
        assert palette.distance(a, b) >= 100, (a, b)


def _game(scenario: str):
    from game.ui import screenshot
    from game.ui.app import App
    from game.ui.game_scene import GameScene
    screenshot._init()
    session = screenshot._session(scenario)
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    return app, game


@pytest.mark.parametrize("col", [palette.MOVE, palette.BOARD, palette.PLACE, palette.DROP])
def test_a_highlight_is_never_a_fill(col):
    app, game = _game("mediterranean_1940")
    r = game.renderer
    sid = "germany" if "germany" in game.state.scenario.spaces else next(iter(game.state.scenario.spaces))
    cx, cy = game.state.scenario.spaces[sid].center
    game.cam.center_on(cx, cy)
    app.draw()
    surf = app.surface
    sx, sy = game.cam.to_screen(cx, cy)
    inside = [(int(sx) + dx, int(sy) + dy) for dx, dy in ((-6, 0), (0, 0), (6, 4))]
    assert r.space_at(*game.cam.to_world(*inside[1])) == sid
    before = [surf.get_at(p) for p in inside]
    r.draw_highlight(surf, game.cam, sid, col)
    assert [surf.get_at(p) for p in inside] == before


@pytest.mark.parametrize("scenario,hexmap", [("mediterranean_1940", False), ("crete_1941", True)])
def test_the_legend_names_every_mark(scenario, hexmap):
    app, game = _game(scenario)
    state = game.state
    items = legend.entries(state, hexmap)
    names = [t for _s, t in items]
    assert len(names) == len(set(names))
    text = " ".join(names).lower()
    for word in ("move", "attack", "drop", "selected"):
        assert word in text
    for word in (("retreat", "advance", "zone of control", "objective", "front") if hexmap else
                 ("board", "place", "battle", "capital", "victory city", "impassable", "damaged")):
        assert word in text, word
    for p in state.scenario.players:   # the nations, in their map colours
        assert p.name in names
    # key L shows it over the map and hides it again
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")
    game.handle_key(down)
    assert game.legend_on
    app.draw()
    rect = legend.rect_for(len(items), pygame.Rect(game.cam.view))
    assert pygame.Rect(game.cam.view).contains(rect)
    game.handle_key(down)
    assert not game.legend_on
