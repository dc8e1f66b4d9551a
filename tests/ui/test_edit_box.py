"""The edit box (issue #43, a new user's walk-through): it covered the west of the map: it
folds to its title bar and moves to the map's other side; its unit-type picker started at
the ruleset's first unit: it starts at the type (and owner) of the clicked space's first
unit, and keeps the last used type for a space without units."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, key, make_game  # noqa: E402


def editing():
    app, game = make_game()
    game.auto_overlays = False
    app.reset(game)
    frame(app)
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    return app, game


def spot(game, tip: str):
    return next(h for h in reversed(game.spots.items) if h.tooltip.startswith(tip))


def box_rect(game) -> pygame.Rect:
    return game.edit.box


def test_the_type_starts_at_the_clicked_spaces_first_unit_then_the_last_used():
    app, game = editing()
    game.click_space("a1")                         # one Redland fighter
    frame(app)
    assert game.edit.unit_type() == "fighter" and game.edit.owner() == "red"
    game.click_space("m")                          # one Blueland infantry
    assert game.edit.unit_type() == "infantry" and game.edit.owner() == "blue"
    click(app, spot(game, "the unit type to add").rect.center)   # "<": another type
    chosen = game.edit.unit_type()
    assert chosen != "infantry"
    game.click_space("b2")                         # no units: the last used type stays
    frame(app)
    assert game.edit.unit_type() == chosen


def test_the_box_folds_and_moves_to_the_east(tmp_path):
    app, game = editing()
    view = pygame.Rect(game.cam.view)
    tall = box_rect(game)
    assert tall.x < view.centerx
    click(app, spot(game, "Fold this box").rect.center)
    assert game.edit.collapsed and box_rect(game).h < 60
    assert not [h for h in game.spots.items if h.tooltip.startswith("the unit type")]
    click(app, spot(game, "Open this box").rect.center)
    assert box_rect(game).h == tall.h
    click(app, spot(game, "Move this box to the east").rect.center)
    assert box_rect(game).right > view.centerx and box_rect(game).right <= view.right
    game.click_space("a2")
    frame(app)
    out = os.environ.get("WARBOARD_SHOTS_DIR")
    pygame.image.save(app.surface, os.path.join(out, "edit-box-east.png") if out
                      else str(tmp_path / "edit-box-east.png"))
    click(app, spot(game, "Fold this box").rect.center)
    pygame.image.save(app.surface, os.path.join(out, "edit-box-folded.png") if out
                      else str(tmp_path / "edit-box-folded.png"))
