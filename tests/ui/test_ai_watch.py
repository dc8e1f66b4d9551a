"""Watching the computer play (issue #8): its last move is drawn on the map as an arrow
from where the units stood along its path, until its next action; the side panel names
a computer player without cutting off its level mid-word."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import frame, make_game, mini_session  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.controller import AI_INTERVAL  # noqa: E402
from game.ui.panel import player_label  # noqa: E402


def _computer_turn():
    # Blueland's army two spaces from a weakly held Redland territory: it moves this turn
    session = mini_session(units=(("a2", "red", "infantry", 1), ("a1", "red", "infantry", 1),
                                  ("b2", "blue", "infantry", 4), ("b2", "blue", "armour", 2)))
    app, game = make_game(session, ai_sides=("allies",))
    game.auto_overlays = False
    frame(app)
    s = game.ctl.session
    while s.state.player == "red" and not s.state.over:
        s.do(A.EndPhase())
    game.ctl.version += 1
    assert game.ctl.ai_to_act()
    return app, game


def test_the_computers_last_move_is_drawn_from_its_start_along_its_path():
    app, game = _computer_turn()
    move = None
    for _ in range(400):                       # one computer action per AI_INTERVAL
        before = game.state
        frame(app, AI_INTERVAL * 1.01)
        act = game.ctl.last_ai_action
        if isinstance(act, A.Move) and game.ctl.shown_ai_action() is act:
            move, start = act, before.units[act.units[0]].space
            break
        if not game.ctl.ai_to_act():
            break
    assert move is not None, "the computer made no move in its turn"
    trail = game.ai_trail()
    assert trail == (start,) + tuple(move.path)
    # the arrow is on the map: the middle of its first leg is drawn in the accent colour
    spaces = game.state.scenario.spaces
    a = game.cam.to_screen(*spaces[trail[0]].center)
    b = game.cam.to_screen(*spaces[trail[1]].center)
    mid = (int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2))
    assert pygame.Rect(game.cam.view).collidepoint(mid)
    assert tuple(app.surface.get_at(mid))[:3] == tuple(theme.ACCENT)[:3]
    # anything that happens next (the player's action, an undo) takes the arrow away
    game.ctl.version += 1
    assert game.ai_trail() == ()


def test_a_human_move_draws_no_computer_arrow():
    app, game = make_game(ai_sides=("allies",))
    frame(app)
    assert game.ai_trail() == ()


def test_the_side_panel_shortens_a_computer_players_label_to_fit():
    app, game = make_game(ai_sides=("allies",))
    frame(app)
    pid = next(p.id for p in game.state.scenario.players if game.ctl.is_ai(p.id))
    name = game.ctl.player_name(pid)
    full = player_label(game.ctl, pid)
    assert full == f"{name} — computer ({game.ctl.level_of(pid)})"
    assert player_label(game.ctl, pid, 2000) == full
    short = f"{name} — computer"
    assert player_label(game.ctl, pid, theme.text_width(short, 24, bold=True)) == short
    assert player_label(game.ctl, pid, 10) == name
    human = next(p.id for p in game.state.scenario.players if not game.ctl.is_ai(p.id))
    assert player_label(game.ctl, human, 10) == game.ctl.player_name(human)
    pygame.event.pump()


def _ended(ai_sides, winner):
    from dataclasses import replace

    from game.ui.dialogs import GameOverScene
    app, game = make_game(ai_sides=ai_sides)
    game.ctl.session.state = replace(game.state, over=True, winner=winner)
    scene = GameOverScene(app, game)
    app.push(scene)
    frame(app)
    return scene


def test_the_end_screen_tells_the_player_whether_they_won_against_the_computer():
    # the human plays Redland (axis); the computer plays the allies
    assert _ended(("allies",), "allies").verdict() == "You lost"
    assert _ended(("allies",), "axis").verdict() == "You won"
    assert _ended(("allies",), "draw").verdict() == "A draw"
    assert _ended((), "axis").verdict() == ""                     # hotseat: no 'you'
    assert _ended(("axis", "allies"), "axis").verdict() == ""     # the computer against itself


def test_the_end_screen_of_a_hex_map_counts_objectives():
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    from game.ui.app import App
    from game.ui.dialogs import GameOverScene
    from game.ui.game_scene import GameScene
    assert _ended(("allies",), "axis").held_label() == "Victory cities held:"
    sc = load_scenario("hex_tutorial")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), ("allies",), autosave=False)
    app.reset(game)
    scene = GameOverScene(app, game)
    assert scene.held_label() == "Objectives held:"


def test_the_end_screen_title_agrees_with_the_alliance():
    from game.ui.dialogs import GameOverScene
    assert GameOverScene.winner_title("allies") == "Allies win"
    assert GameOverScene.winner_title("axis") == "Axis wins"        # was 'Axis win'
    assert GameOverScene.winner_title("commonwealth") == "Commonwealth wins"


def test_on_a_hex_map_the_computers_move_is_drawn_from_hex_to_hex():
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    from game.ui.app import App
    from game.ui.game_scene import GameScene
    sc = load_scenario("hex_tutorial")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (sc.alliances[0],), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    move = None
    for _ in range(200):
        before = game.state
        frame(app, AI_INTERVAL * 1.01)
        act = game.ctl.shown_ai_action()
        if isinstance(act, A.Move):
            move, start = act, before.units[act.units[0]].space
            break
    assert move is not None
    assert game.ai_trail() == (start,) + tuple(move.path)
    a, b = (game.cam.to_screen(*game.renderer.centers[h]) for h in game.ai_trail()[:2])
    mid = (int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2))
    assert tuple(app.surface.get_at(mid))[:3] == tuple(theme.ACCENT)[:3]


def _wait_for(cond, seconds: float = 10.0) -> None:
    """Until `cond()` holds (a worker thread's first step), at most `seconds`."""
    import time
    end = time.monotonic() + seconds
    while not cond() and time.monotonic() < end:
        time.sleep(0.005)


def _slow_choice(monkeypatch):
    """The computer's decisions wait for `gate` (a decision that takes seconds)."""
    import threading

    from game.ui import controller
    gate = threading.Event()
    asked: list[int] = []
    real = controller.choose

    def slow(state, level):
        asked.append(state.action_count)
        gate.wait(10)
        return real(state, level)
    monkeypatch.setattr(controller, "choose", slow)
    monkeypatch.setattr(controller, "THINK_WAIT", 0.01)
    return gate, asked


def test_a_long_decision_is_made_while_the_window_keeps_drawing(monkeypatch):
    # issue #8: the computer thinks on a worker thread; a frame never waits for it longer
    # than THINK_WAIT, and the banner says it is thinking
    app, game = _computer_turn()
    gate, asked = _slow_choice(monkeypatch)
    v0 = game.ctl.version
    for _ in range(3):
        frame(app, AI_INTERVAL * 1.01)
    _wait_for(lambda: len(asked) >= 1)       # (the worker thread may start late under load)
    assert game.ctl.version == v0 and game.ctl.thinking and len(asked) == 1   # one decision, asked once
    gate.set()
    for _ in range(50):
        frame(app, AI_INTERVAL * 1.01)
        if game.ctl.version != v0:
            break
    assert game.ctl.version == v0 + 1 and not game.ctl.thinking


def test_a_decision_for_a_position_that_changed_meanwhile_is_not_played(monkeypatch):
    app, game = _computer_turn()
    gate, asked = _slow_choice(monkeypatch)
    frame(app, AI_INTERVAL * 1.01)
    assert game.ctl.thinking
    game.ctl.version += 1                    # the game changed under it (a load, an undo)
    gate.set()
    frame(app, AI_INTERVAL * 1.01)           # the old decision is dropped; the new one asked
    _wait_for(lambda: len(asked) == 2)       # (its worker thread may start after the frame)
    assert len(asked) == 2


def test_a_decision_that_fails_on_its_thread_falls_back_with_a_message(monkeypatch):
    from game.ui import controller
    app, game = _computer_turn()

    def broken(state, level):
        raise RuntimeError("no plan")
    monkeypatch.setattr(controller, "choose", broken)
    v0 = game.ctl.version
    frame(app, AI_INTERVAL * 1.01)
    assert game.ctl.version == v0 + 1       # the fallback action was played
    assert game.ctl.message is not None and "no plan" in game.ctl.message.text


def test_the_game_keeps_its_computer_players_plans_across_worker_threads():
    # issue #42: the computer's plans belong to this game's player (game.ai.ComputerPlayer),
    # not to a module shared with other games, nor to the worker thread that asked
    from game.ai.player import default_player
    app, game = _computer_turn()
    ctl = game.ctl
    player = ctl.computer_player(ctl.level_of(ctl.actor()))
    assert player is ctl.computer_player(ctl.level_of(ctl.actor()))
    shared = dict(default_player(player.level).zone_plans)
    for _ in range(3):
        assert ctl._step_ai_threaded(10.0) is True
    assert player.zone_plans and default_player(player.level).zone_plans == shared


def test_the_view_follows_a_computer_move_out_of_sight():
    # playtest (issue #46, solo Global 1940): the computer's moves happened off the window
    # while the view stayed where the player left it; zoomed in far from them, the view now
    # goes to where each move ends (at the same zoom)
    app, game = _computer_turn()
    spaces = game.state.scenario.spaces
    game.cam.zoom(6.0)
    game.cam.center_on(*spaces["a1"].center)
    scale = game.cam.scale
    for _ in range(400):
        frame(app, AI_INTERVAL * 1.01)
        act = game.ctl.last_ai_action
        if isinstance(act, A.Move) and game.ctl.shown_ai_action() is act:
            break
        if not game.ctl.ai_to_act():
            break
    trail = game.ai_trail()
    assert trail, "the computer made no move in its turn"
    assert pygame.Rect(game.cam.view).collidepoint(game.cam.to_screen(*spaces[trail[-1]].center))
    assert game.cam.scale == scale


def test_the_whole_map_in_view_is_not_moved_to_follow_the_computer():
    # at the fit zoom every space is in view: a wrapping map (G40) is not turned round
    # to put the computer's move in the middle
    app, game = _computer_turn()
    game.cam.wrap_x = True
    game.cam.fit()
    frame(app, 0.0)
    at = (game.cam.ox, game.cam.oy)
    for _ in range(400):
        frame(app, AI_INTERVAL * 1.01)
        if game.ai_trail() or not game.ctl.ai_to_act():
            break
    assert game.ai_trail() and (game.cam.ox, game.cam.oy) == at


def test_the_log_panel_counts_a_run_of_the_same_line():
    # playtest (issue #46, solo G40): the computer's turn filled the log with the same line
    # six times ("Japanese: 1 Infantry -> Jehol."), one per unit it moved
    from game.ui.panel import collapse_repeats
    lines = ["— Round 1: Japanese —"] + ["Japanese: 1 Infantry -> Jehol."] * 6 + ["Japanese collect 29."]
    assert collapse_repeats(lines) == ["— Round 1: Japanese —", "Japanese: 1 Infantry -> Jehol. (×6)",
                                       "Japanese collect 29."]
    assert collapse_repeats(["a", "b", "a"]) == ["a", "b", "a"] and collapse_repeats([]) == []
