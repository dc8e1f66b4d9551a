"""Smaller table-top fixes (issue #44 item 8): the battle calculator from the main menu,
the key that opens a window types nothing into it, Esc first deselects, the map re-fits
after a resize, hexside costs read as a range, no audio device opened at start-up."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, make_game, space_pos  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.calculator import CalculatorScene  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.dialogs import EscMenu  # noqa: E402
from game.ui.menu import LoadDialog, MainMenu  # noqa: E402
from game.ui.triplea_dialog import TripleaImportDialog  # noqa: E402


def press(app, k, text=""):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def test_the_battle_calculator_opens_from_the_main_menu():
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    menu = app.main_menu(selected="europe_1941")
    assert isinstance(menu, MainMenu)
    press(app, pygame.K_c, "c")
    assert isinstance(app.top, CalculatorScene) and app.top.rs.id == "g40"


def test_the_key_that_opens_a_path_box_types_nothing_into_it():
    app = App(pygame.Surface((1600, 900)))
    app.main_menu()
    press(app, pygame.K_t, "t")
    dialog = app.top
    assert isinstance(dialog, TripleaImportDialog) and dialog.path_text == ""
    press(app, pygame.K_a, "a")                  # typing goes on as usual
    assert dialog.path_text == "a"
    app.pop()
    press(app, pygame.K_l, "l")
    assert isinstance(app.top, LoadDialog) and app.top.path_text == ""


def test_esc_first_deselects_then_opens_the_menu():
    app, game = make_game()
    game.auto_overlays = False
    frame(app)
    click(app, space_pos(game, "a2"))
    assert game.sel.space == "a2"
    press(app, pygame.K_ESCAPE)
    assert game.sel.space is None and app.top is game
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, EscMenu)


def test_the_map_refits_after_a_resize():
    cam = Camera((1860, 1010), (0, 0, 1000, 700))
    cam.set_view((0, 0, 1500, 1000))
    assert abs(cam.scale - cam.fit_scale()) < 1e-9     # the whole map, at the new size
    cam.zoom(2.0)
    zoomed = cam.scale
    cam.set_view((0, 0, 1400, 950))                     # zoomed in: the zoom is kept
    assert cam.scale == zoomed


def test_hexside_costs_read_as_words_not_a_decimal():
    from game.ui.hex.texts import mp_range
    assert mp_range({0, 1}) == "+0 or +1 MP by unit class"
    assert mp_range({1, 2, 3}) == "+1 to +3 MP by unit class"
    assert mp_range({2}) == "+2 MP"


def test_the_window_opens_no_audio_device(monkeypatch):
    # pygame.init() opens the audio device too (ALSA noise on machines without sound);
    # the window needs the display and fonts only
    from game.ui.app import open_window
    called = []
    monkeypatch.setattr(pygame, "init", lambda: called.append("init") or (6, 0))
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: called.append("mixer"))
    open_window((960, 600))
    assert called == []
    assert pygame.display.get_init() and pygame.font.get_init()
