"""The view a game opens with. Found by a new player of Global 1940: the window opened at
1280x800 with the whole world map (332 territories, wrapping east-west) fitted to its width,
wide empty bands above and below, and clicking a territory was guesswork (aiming for Russia
hit Vologda). As TripleA opens at a readable scale on the first player's area, a map too big
to read whole opens at least at the zoom where names fit their spaces, on the capital of the
player to move, filling the height; a small map still opens whole."""
from __future__ import annotations

import pygame
import pytest
from uikit import frame, key, wheel

from game.ui.app import App
from game.ui.camera import Camera


def open_game(scenario, size):
    app = App(pygame.Surface(size))
    game = app.new_game(scenario, seed=1)
    game.auto_overlays = False
    app.reset(game)
    frame(app)
    return app, game


def in_view(cam, wx, wy):
    x, y, w, h = cam.view
    sx, sy = cam.to_screen(wx, wy)
    span = cam.world_w * cam.scale
    return any(x <= cx <= x + w for cx in (sx - span, sx, sx + span)) and y <= sy <= y + h


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_global_1940_opens_readable_on_the_first_players_capital_filling_the_height(size):
    app, game = open_game("world_war_ii_global_1940", size)
    cam = game.cam
    assert cam.scale >= game.renderer.readable_scale() and cam.scale > cam.fit_scale()
    capital = game.state.scenario.player(game.state.player).capital   # Germany's
    assert in_view(cam, *game.state.scenario.spaces[capital].center)
    x, y, w, h = cam.view
    assert cam.oy <= y and cam.oy + cam.world_h * cam.scale >= y + h   # no empty band


@pytest.mark.parametrize("scenario", ["world_war_ii_v3_1941", "europe_1941"])
def test_a_map_readable_whole_opens_whole(scenario):
    app, game = open_game(scenario, (1280, 800))
    cam = game.cam
    assert cam.scale == pytest.approx(cam.fit_scale())
    x, y, w, h = cam.view
    assert cam.ox >= x and cam.ox + cam.world_w * cam.scale <= x + w


def test_the_whole_map_is_still_a_zoom_out_away():
    app, game = open_game("world_war_ii_global_1940", (1280, 800))
    cam = game.cam
    for _ in range(12):
        wheel(app, (400, 400), -1)
    assert cam.scale <= cam.fit_scale()
    key(app, pygame.K_EQUALS)
    key(app, pygame.K_HOME)
    assert cam.scale == pytest.approx(cam.fit_scale())


def test_a_wrapping_map_fills_the_height_and_a_flat_one_opens_at_the_readable_zoom():
    wrap = Camera((8000, 3000), (0, 0, 1000, 800))
    wrap.wrap_x = True
    wrap.open_on(0.15, (4000, 100))
    assert wrap.scale == pytest.approx(800 / 3000) and wrap.oy == 0   # clamped at the top
    flat = Camera((8000, 3000), (0, 0, 1000, 800))
    flat.open_on(0.15, (7900, 2900))
    assert flat.scale == pytest.approx(0.15)
    assert flat.ox + 8000 * 0.15 == pytest.approx(1000)   # the east edge at the view's
    small = Camera((1000, 800), (0, 0, 1000, 800))
    small.open_on(0.15, (10, 10))
    assert small.scale == pytest.approx(small.fit_scale())


def test_a_window_resized_before_the_view_moved_opens_it_anew():
    # opened at 1280x800, then maximised: still readable, on the capital, filling the height
    cam = Camera((8000, 3000), (0, 0, 940, 800))
    cam.wrap_x = True
    cam.open_on(0.15, (4000, 1500))
    cam.set_view((0, 0, 1580, 1080))
    assert cam.scale == pytest.approx(1080 / 3000)
    assert cam.to_screen(4000, 1500) == pytest.approx((790, 540))
    cam.pan(40, 0)                    # moved by the player: a resize keeps the zoom
    cam.set_view((0, 0, 940, 800))
    assert cam.scale == pytest.approx(1080 / 3000)
