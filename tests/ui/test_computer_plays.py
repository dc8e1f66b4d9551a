"""'Computer plays…' (issue #43, a new user's walk-through): in a running or loaded game the
Esc menu hands a player (or an alliance, as the game's setup chose) to the computer at a
level, or takes it back, at once; the save keeps it; the computer plays on from the
current position. Space lets the computer play the rest of the current turn, not the game."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, key, make_game, mini_session  # noqa: E402

from game.io.saves import players_of, read_save, write_save  # noqa: E402
from game.rules import actions as A  # noqa: E402
from game.ui.controller import AI_INTERVAL  # noqa: E402
from game.ui.dialogs import ComputerPlaysDialog, EscMenu  # noqa: E402


def on_the_map(ai_sides=()):
    app, game = make_game(mini_session(), ai_sides)
    game.auto_overlays = False
    frame(app)
    return app, game


def open_dialog(app, game) -> ComputerPlaysDialog:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, EscMenu)
    item = next(h for h in app.top.spots.items if h.tooltip.startswith("Hand players"))
    click(app, item.rect.center)
    assert isinstance(app.top, ComputerPlaysDialog)
    return app.top


def button(dialog, tip: str):
    return next(h for h in dialog.spots.items if h.tooltip.startswith(tip))


def test_a_hotseat_player_is_handed_to_the_computer_and_back_per_player():
    app, game = on_the_map()
    dlg = open_dialog(app, game)
    assert game.ctl.sides() == ["red", "blue", "green"]     # hotseat: one row per player
    click(app, button(dlg, "The computer plays Blueland").rect.center)
    assert game.ctl.is_ai("blue") and not game.ctl.is_ai("green") and not game.ctl.is_ai("red")
    click(app, button(dlg, "The computer plays at level 'greedy'").rect.center)   # Redland's row
    assert game.ctl.is_ai("red") and game.ctl.level_of("red") == "greedy"
    assert game.ctl.players_field() == {"red": "computer:greedy", "blue": "computer:standard",
                                        "green": "human"}
    click(app, button(dlg, "Redland is played by a person").rect.center)
    assert not game.ctl.is_ai("red") and game.ctl.seat_of("red") == "red"
    assert game.ctl.seat_of("green") == "green"     # still a seat of its own: hand-offs go on


def test_per_alliance_when_the_setup_chose_alliances():
    app, game = on_the_map(ai_sides=("allies",))
    assert game.ctl.sides() == ["axis", "allies"]
    game.ctl.set_side("allies", False)
    assert game.ctl.human_players() == ["red", "blue", "green"] and game.ctl.ai_sides == ()
    assert game.ctl.seat_of("blue") == game.ctl.seat_of("green") == "allies"   # one person, as before
    game.ctl.set_side("axis", True, "random")
    assert game.ctl.ai_sides == ("axis",) and game.ctl.level_of("red") == "random"
    assert game.ctl.sides() == ["axis", "allies"]


def test_the_computer_plays_on_from_the_current_position_and_the_save_keeps_it(tmp_path):
    app, game = on_the_map()
    s = game.ctl.session
    s.do(A.EndPhase())                 # Redland's purchase: a position the computer takes over
    game.ctl.version += 1
    n = len(s.actions)
    dlg = open_dialog(app, game)
    click(app, button(dlg, "The computer plays Redland").rect.center)
    assert len(s.actions) == n         # the window stops the computer until it closes
    key(app, pygame.K_ESCAPE)          # the dialog, and the menu under it: back to the game
    assert app.top is game and game.ctl.ai_to_act()
    for _ in range(200):
        frame(app, AI_INTERVAL * 1.5)
        if len(s.actions) > n:
            break
    assert len(s.actions) > n and game.ctl.last_ai_action is s.actions[-1]
    path = tmp_path / "g.json"
    write_save(path, s, players=game.ctl.players_field(), game=game.ctl.game)
    assert players_of(read_save(path))["red"] == "computer:standard"


def test_space_skips_to_the_end_of_the_current_turn_not_the_game():
    # the whole game is the computer's: Space used to run it to its end
    app, game = on_the_map(ai_sides=("axis", "allies"))
    game.ctl.ai_level = "greedy"   # quick decisions
    assert game.ctl.ai_to_act() and game.state.player == "red"
    key(app, pygame.K_SPACE)
    assert game.ctl.fast
    for _ in range(2000):
        frame(app, 0.01)
        if game.state.player != "red":
            break
    frame(app, 0.01)
    assert game.state.player == "blue" and not game.state.over
    assert not game.ctl.fast           # Blueland's turn is watched at the usual pace
    v = game.ctl.version
    frame(app, AI_INTERVAL * 0.5)
    assert game.ctl.version == v


def test_screenshot_of_computer_plays(tmp_path):
    app, game = on_the_map(ai_sides=("blue",))
    open_dialog(app, game)
    out = os.environ.get("WARBOARD_SHOTS_DIR")
    pygame.image.save(app.surface, os.path.join(out, "computer-plays.png") if out
                      else str(tmp_path / "computer-plays.png"))
