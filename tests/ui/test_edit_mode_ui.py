"""Edit mode in the window (issue #43): Ctrl+E and the Edit button toggle it, a red banner
shows while it is on, the computer waits, the edit box sends edit actions through the
controller (logged, undoable), and "Save as scenario" writes into the imported folder."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, key, make_game, mini_session  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.edit import EditUnits, is_edit  # noqa: E402
from game.rules.ruleset import imported_dir  # noqa: E402
from game.ui.controller import AI_INTERVAL  # noqa: E402
from game.ui.edit_panel import BANNER  # noqa: E402


def on_the_map(session=None, ai_sides=()):
    app, game = make_game(session, ai_sides)
    game.auto_overlays = False   # no hand-off or purchase window over the map
    app.reset(game)
    frame(app)
    return app, game


def spot(game, tip: str):
    return next(h for h in reversed(game.spots.items) if h.tooltip.startswith(tip))


def test_edit_mode_is_off_by_default_and_ctrl_e_toggles_it():
    app, game = on_the_map()
    assert not game.edit.on and not game.ctl.editing
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    assert game.edit.on and game.ctl.editing
    click(app, spot(game, "Edit mode").rect.center)
    assert not game.edit.on


def test_the_edit_box_sends_edits_that_are_logged_and_undoable():
    app, game = on_the_map()
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    game.click_space("m")          # Blueland's, one Blueland infantry
    frame(app)
    assert game.edit.space == "m"
    assert game.edit.owner() == "blue"   # the owner (and type) start at the space's first unit
    minus = [h for h in game.spots.items if h.tooltip.startswith("remove / add")][0]
    click(app, minus.rect.center)
    assert isinstance(game.ctl.session.actions[-1], EditUnits)
    assert game.state.log(1)[0] == "Edit: 1 Blueland Infantry removed from Middle."
    n = len(game.ctl.session.actions)
    click(app, minus.rect.center)   # none left to remove: refused with the reason
    assert len(game.ctl.session.actions) == n and game.ctl.message.kind == "error"
    click(app, spot(game, "the space's owner").rect.center)
    assert game.state.owners["m"] != "blue"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.state.owners["m"] == "blue"


def test_the_computer_waits_while_edit_mode_is_on():
    app, game = on_the_map(mini_session(), ai_sides=("allies",))
    s = game.ctl.session
    while s.state.player == "red" and not s.state.over:
        s.do(A.EndPhase())
    game.ctl.version += 1
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    n = len(s.actions)
    for _ in range(5):
        frame(app, AI_INTERVAL * 1.5)
    assert len(s.actions) == n and not game.ctl.ai_to_act()
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    assert game.ctl.ai_to_act()


def test_save_as_scenario_writes_into_the_imported_folder():
    app, game = on_the_map()
    key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    files = list(imported_dir().glob("mini_*.yaml"))
    assert len(files) == 1 and game.ctl.message.kind == "good"


def test_screenshot_of_edit_mode(tmp_path):
    app, game = on_the_map()
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    game.click_space("a2")
    for _ in range(2):
        plus = [h for h in game.spots.items if h.tooltip.startswith("remove / add")][-1]
        click(app, plus.rect.center)
    frame(app)
    assert all(is_edit(a) for a in game.ctl.session.actions)
    out = os.environ.get("WARBOARD_EDIT_SHOT") or str(tmp_path / "edit-mode.png")
    pygame.image.save(app.surface, out)
    assert BANNER.startswith("EDIT MODE")


def test_the_game_menu_saves_as_scenario():
    from game.ui.dialogs import EscMenu
    app, game = on_the_map()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, EscMenu)
    item = next(h for h in app.top.spots.items if h.tooltip.startswith("This position"))
    click(app, item.rect.center)
    assert app.top is game and list(imported_dir().glob("mini_*.yaml"))
