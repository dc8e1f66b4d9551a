"""Every scene renders headless; clicks and keys drive a game through the UI."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file, scenario_files  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.rules.zone import production  # noqa: E402
from game.ui import screenshot  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.dialogs import ConfirmDialog, EscMenu, GameOverScene, HandoffScene  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.menu import LoadDialog, MainMenu  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402
from game.ui.zone.purchase import PurchaseScene  # noqa: E402

MINI = str(Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml")
SCENARIOS = [MINI] + (["europe_1941"] if any(p.stem == "europe_1941" for p in scenario_files()) else [])
SIZE = (1280, 800)


def mini_session(units=(("a2", "red", "infantry", 3), ("a2", "red", "armour", 1),
                        ("a1", "red", "fighter", 1), ("m", "blue", "infantry", 1)), seed=3):
    sc, _ = load_scenario_file(MINI)
    sc = replace(sc, start_units=tuple(units))
    return Session(sc, load_ruleset("g40"), seed)


def make_game(session=None, ai_sides=()):
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session or mini_session(), ai_sides, autosave=False)
    app.reset(game)
    return app, game


def frame(app, dt=0.0):
    app.update(dt)
    app.draw()


def click(app, pos, button=1):
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frame(app)


def pass_handoff(app):
    if isinstance(app.top, HandoffScene):
        click(app, (10, 10))


def key(app, k, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frame(app)


def later(app):
    """A moment passes: Enter on the map is taken again (it is ignored for a short while
    after a phase begins or a window closes)."""
    for scene in app.stack:
        if isinstance(scene, GameScene):
            scene.enter_block_until = 0.0


def end_phase(app):
    """Enter on the map (a moment after the phase began); confirm with Y when the rules
    warn (e.g. nothing bought)."""
    later(app)
    key(app, pygame.K_RETURN)
    if isinstance(app.top, ConfirmDialog):
        key(app, pygame.K_y)


def space_pos(game, sid):
    sp = game.state.scenario.spaces[sid]
    x, y = game.cam.to_screen(*sp.center)
    return int(x), int(y) - 6  # just above the counters: on the name


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("view", screenshot.VIEWS)
def test_every_view_renders(scenario, view):
    surf = screenshot.render(scenario, view, (1024, 640))
    assert surf.get_size() == (1024, 640)
    # something was drawn: not a single flat colour
    colors = {tuple(surf.get_at((x, y))) for x in range(0, 1024, 97) for y in range(0, 640, 61)}
    assert len(colors) >= 2


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_screenshot_writes_png(tmp_path, scenario):
    out = tmp_path / "shot.png"
    screenshot.save(scenario, str(out), (800, 500), "map")
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 500)


def test_all_scenes_draw_at_small_and_large_sizes():
    for size in ((960, 600), (1920, 1080)):
        app = App(pygame.Surface(size))
        app.strict = True
        game = GameScene(app, mini_session(), autosave=False)
        for scene in (MainMenu(app), LoadDialog(app), game, PurchaseScene(app, game), EscMenu(app, game),
                      HandoffScene(app, game, "blue"), GameOverScene(app, game), BattleWindow(app, game)):
            app.reset(game)
            if scene is not game:
                app.push(scene)
            frame(app)


def test_select_move_and_end_phase_by_clicks():
    app, game = make_game()
    game.auto_overlays = False
    frame(app)
    end_phase(app)                                  # end purchase (confirm: nothing bought)
    assert game.state.phase == "combat_move"
    click(app, space_pos(game, "a2"))               # select the stack in Alpha Minor
    assert game.sel.space == "a2"
    group = game.sel.group(game.state)
    assert group and all(u.space == "a2" for u in group)
    dests = game.sel.destinations(game.state, game.ctl.version)
    assert "m" in dests                              # attack Middle
    click(app, space_pos(game, "m"))
    assert any(u.space == "m" and u.owner == "red" for u in game.state.units.values())
    assert game.ctl.session.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL)          # undo the move
    assert not any(u.space == "m" and u.owner == "red" for u in game.state.units.values())
    click(app, space_pos(game, "a2"))
    click(app, space_pos(game, "m"))
    later(app)
    key(app, pygame.K_RETURN)                       # end combat move -> battle
    assert game.state.phase == "conduct_combat"
    assert "m" in game.state.zone.battles


def test_illegal_destination_shows_reason():
    app, game = make_game()
    game.auto_overlays = False
    frame(app)
    end_phase(app)
    click(app, space_pos(game, "a2"))
    click(app, space_pos(game, "b1"))               # two spaces away for infantry
    assert game.ctl.message is not None and game.ctl.message.kind == "error"
    assert game.ctl.message.text
    click(app, space_pos(game, "a2"), button=3)     # right click deselects
    assert game.sel.space is None


def test_battle_window_roll_and_casualties():
    session = mini_session(units=(("a2", "red", "infantry", 4), ("a2", "red", "armour", 2),
                                  ("m", "blue", "infantry", 2)))
    app, game = make_game(session)
    game.auto_overlays = False
    s = game.ctl.session
    s.do(A.EndPhase())
    state = s.state
    uids = tuple(u.uid for u in state.units.values() if u.space == "a2" and u.type == "infantry")
    s.do(A.Move(uids, ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    game.auto_overlays = True
    game.last_human = "red"
    frame(app)
    win = app.top
    assert isinstance(win, BattleWindow)
    handoffs = 0
    for _ in range(80):
        if isinstance(app.top, HandoffScene):     # hotseat: the defender chooses its losses
            handoffs += 1
            click(app, (10, 10))
            continue
        assert app.top is win
        b = game.state.zone.battle
        if b is None:
            break
        if b.awaiting == "casualties":
            # a wrong choice gives a message, never an exception
            win.choice = []
            win.confirm()
            assert win.error
            win.reset_choice()
            key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_r)
    assert game.state.zone.battle is None
    assert win.finished
    key(app, pygame.K_RETURN)                       # close
    assert app.top is game


def test_purchase_screen_buttons():
    app, game = make_game()
    frame(app)
    assert isinstance(app.top, HandoffScene)        # hotseat: "Pass to Redland" first
    pass_handoff(app)
    assert isinstance(app.top, PurchaseScene)       # then the purchase screen opens by itself
    plus = [h for h in app.top.spots.items if h.tooltip.startswith("Buy one Infantry")]
    assert plus
    click(app, plus[0].rect.center)
    assert production.unplaced(game.state, "red").get("infantry") == 1
    key(app, pygame.K_RETURN)                       # done: ends the phase
    assert game.state.phase == "combat_move"


def test_hotseat_handoff_and_esc_menu():
    app, game = make_game()
    frame(app)
    pass_handoff(app)
    # first the purchase screen for red; closing it and ending turns leads to a hand-off
    assert isinstance(app.top, PurchaseScene)
    key(app, pygame.K_ESCAPE)
    for _ in range(6):
        end_phase(app)
        if isinstance(app.top, HandoffScene):
            break
    assert isinstance(app.top, HandoffScene)
    click(app, (100, 100))
    assert not isinstance(app.top, HandoffScene)
    while app.top is not game:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, EscMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_computer_plays_its_side():
    app, game = make_game(ai_sides=("allies",))
    game.auto_overlays = False
    frame(app)
    s = game.ctl.session
    while s.state.player == "red" and not s.state.over:
        s.do(A.EndPhase())
    assert game.ctl.ai_to_act()
    game.ctl.fast = True
    for _ in range(200):
        frame(app, 0.05)
        if not game.ctl.ai_to_act():
            break
    assert game.state.player == "red" or game.state.over


def test_random_clicks_never_crash():
    import random
    rnd = random.Random(7)
    app, game = make_game()
    frame(app)
    for _ in range(300):
        pos = (rnd.randrange(SIZE[0]), rnd.randrange(SIZE[1]))
        r = rnd.random()
        if r < 0.7:
            click(app, pos, button=rnd.choice((1, 1, 1, 3)))
        elif r < 0.85:
            key(app, rnd.choice((pygame.K_RETURN, pygame.K_r, pygame.K_SPACE, pygame.K_b, pygame.K_c)))
        else:
            app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice((-1, 1)), flipped=False))
            frame(app)
        if not app.stack:
            break
    assert app.stack


def test_computer_moves_at_a_watchable_pace_and_space_skips():
    # issue #8: a new player watches the computer's moves one by one (one action per
    # AI_INTERVAL, each written in the log); Space skips the rest of the computer's turn
    # (issue #43: it ran on to the player's next decision, the game's end when there was none)
    from game.ui.controller import AI_INTERVAL
    app, game = make_game(ai_sides=("allies",))
    game.auto_overlays = False
    frame(app)
    s = game.ctl.session
    while s.state.player == "red" and not s.state.over:
        s.do(A.EndPhase())
    assert game.ctl.ai_to_act()
    v0 = game.ctl.version
    frame(app, AI_INTERVAL * 0.5)
    assert game.ctl.version == v0                  # not yet: the last move stays in view
    frame(app, AI_INTERVAL * 0.6)
    assert game.ctl.version == v0 + 1              # one action, not the whole turn
    assert game.ctl.ai_to_act()
    key(app, pygame.K_SPACE)
    assert game.ctl.fast
    for _ in range(400):
        frame(app, 0.01)
        if game.state.player != "blue":
            break
    frame(app, 0.01)
    assert game.state.player != "blue"
    assert not game.ctl.fast                       # the next computer turn is watched again
