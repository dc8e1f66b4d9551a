"""Gulf of Sarn 2031 (modern-naval, seed 001) plays to the end in a hotseat game: every
player is human at one screen; the hand-off screens are passed, the purchase window closed,
and each player's moves are made through the interface's controller (the greedy player
chooses them), until the game-over summary opens."""
from __future__ import annotations

import pygame

from game.ai import choose_action
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui import screenshot
from game.ui.app import App
from game.ui.dialogs import GameOverScene, HandoffScene
from game.ui.game_scene import GameScene
from game.ui.zone.purchase import PurchaseScene

SIZE = (1280, 800)


def test_sarn_gulf_plays_to_the_end_in_hotseat():
    sc = load_scenario("sarn_gulf_2031")
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 2), (), autosave=False)
    app.reset(game)
    app.update(0.0)
    app.draw()
    phase = None
    for _ in range(20000):
        if isinstance(app.top, GameOverScene):
            break
        if isinstance(app.top, HandoffScene):
            app.pop()
        if isinstance(app.top, PurchaseScene):
            app.pop()
        state = game.state
        if not state.over:
            assert game.ctl.do(choose_action(state, "greedy")), game.ctl.message
        if (state.round, state.player, state.phase) != phase or game.state.over:
            phase = (state.round, state.player, state.phase)
            app.update(0.0)
            app.draw()
    assert game.state.over and isinstance(app.top, GameOverScene)


def test_sarn_gulf_map_is_drawn():
    surf = screenshot.render("sarn_gulf_2031", "map", (1024, 640))
    colors = {tuple(surf.get_at((x, y))) for x in range(0, 1024, 37) for y in range(0, 640, 23)}
    assert len(colors) >= 6   # sea, three players' land, the massif, labels
