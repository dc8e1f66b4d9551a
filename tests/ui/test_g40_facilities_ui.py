"""Issue #46 item 1: the purchase window offers g40 facilities and repairs, and the place
panel places a bought facility on a highlighted territory."""
from __future__ import annotations

import pygame
import uikit

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import facilities
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.selection import place_targets
from game.ui.zone.purchase import PurchaseScene


def _game():
    sc = load_scenario("europe_1941")
    app = App(pygame.Surface((1280, 800)))
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    return app, game


def test_purchase_window_buys_a_facility_and_repairs_one():
    app, game = _game()
    state = game.state
    player = state.player
    home = sorted(f for f in state.factories if state.owners.get(f) == player)[0]
    key = f"{home}|major_industrial_complex"
    state.facilities[key] = 4
    uikit.frame(app)
    game.open_purchase()
    scene = app.top
    assert isinstance(scene, PurchaseScene)
    uikit.frame(app)
    assert "air_base" in [u for u, _ in scene.buildable()]
    money = game.state.resources[player]
    scene.repair(home, "major_industrial_complex", 4)
    assert game.state.facilities[key] == 0 and game.state.resources[player] == money - 4
    scene.buy("air_base", 1)
    assert game.state.zone.bought["air_base"] == 1
    uikit.frame(app)
    uikit.shot(app, "g40_facility_purchase")


def test_a_bought_facility_is_placed_from_the_panel():
    app, game = _game()
    state = game.state
    state.zone.purchased[f"{state.player}|air_base"] = 1
    state.phase_idx = state.ruleset.phases.index("place")
    uikit.frame(app)
    targets = place_targets(game.state, "air_base")
    assert targets
    game.sel.place_unit = "air_base"
    game.click_space(targets[0])
    assert facilities.operative(game.state, targets[0], "air_base")
    assert not facilities.unplaced(game.state, game.state.player)
