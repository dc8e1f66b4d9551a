"""The game-over window (issue #43, a new user's walk-through): Ctrl+S saves there as on the
map (it was silent), a Save button does too, and Save as scenario (Ctrl+Shift+S) at game
over is refused with why and what to do, shown inside the window."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, key, make_game  # noqa: E402

from game.rules.ruleset import imported_dir  # noqa: E402
from game.ui.app import saves_dir  # noqa: E402
from game.ui.dialogs import GameOverScene  # noqa: E402


def ended():
    app, game = make_game(ai_sides=("allies",))
    game.ctl.session.state = replace(game.state, over=True, winner="axis")
    frame(app)
    assert isinstance(app.top, GameOverScene)
    return app, game


def test_ctrl_s_on_the_game_over_window_saves():
    app, game = ended()
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert list(saves_dir().glob("mini-*.json"))
    assert game.ctl.message.kind == "good" and game.ctl.saved
    assert isinstance(app.top, GameOverScene)          # the summary stays


def test_the_save_button_on_the_game_over_window():
    app, game = ended()
    button = next(h for h in app.top.spots.items if h.tooltip.startswith("Save the finished game"))
    click(app, button.rect.center)
    assert list(saves_dir().glob("mini-*.json"))


def test_save_as_scenario_at_game_over_says_why_and_what_to_do(tmp_path):
    app, game = ended()
    key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    m = game.ctl.message
    assert m.kind == "error" and "the game is over" in m.text and "Load a save from before the end" in m.text
    assert not list(imported_dir().glob("mini_*.yaml"))
    out = os.environ.get("WARBOARD_SHOTS_DIR")
    pygame.image.save(app.surface, os.path.join(out, "game-over-scenario.png") if out
                      else str(tmp_path / "game-over.png"))
