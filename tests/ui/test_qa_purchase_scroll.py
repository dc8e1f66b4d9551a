"""QA: every buildable unit can be bought from the purchase window.

Mediterranean 1940 (interwar) offers 35 units to Germany; the window showed the
first 16 and cut the rest (ships, aircraft, heavy armor could not be bought)."""
from __future__ import annotations

import pygame
import uikit

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.purchase import PurchaseScene


def _buy_tooltips(scene) -> set[str]:
    return {h.tooltip.split(" for ")[0].removeprefix("Buy one ") for h in scene.spots.items
            if h.tooltip.startswith(("Buy one ", "Cannot buy "))}


def test_wheel_reaches_every_buildable_unit():
    sc = load_scenario("mediterranean_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    uikit.frame(app)
    game.open_purchase()
    scene = app.top
    assert isinstance(scene, PurchaseScene)
    uikit.frame(app)
    names = {game.state.ruleset.units[u].name for u, _ in scene.buildable()}
    seen = set()
    for _ in range(20):
        seen |= {n.removeprefix("Cannot buy ").split(":")[0] for n in _buy_tooltips(scene)}
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        uikit.frame(app)
    assert len(names) > 16
    assert seen == names
    for _ in range(3):
        uikit.key(app, pygame.K_PAGEUP)
    assert scene.row == 0
