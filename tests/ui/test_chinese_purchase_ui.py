"""QA P2: the v3 Chinese (no factory, TripleA placementAnyTerritory) are offered only the
units they can place, and the purchase window says why."""
from __future__ import annotations

import pygame
import uikit

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import production
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.zone.purchase import PurchaseScene


def test_chinese_purchase_window_offers_infantry_and_says_why():
    sc = load_scenario("world_war_ii_v3_1941")
    app = App(pygame.Surface((1280, 800)))
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    state = game.state
    state.player_idx = [p.id for p in sc.players].index("chinese")
    state.resources["chinese"] = 12
    uikit.frame(app)
    game.open_purchase()
    scene = app.top
    assert isinstance(scene, PurchaseScene)
    uikit.frame(app)
    assert [u for u, _ in scene.buildable()] == ["infantry"]
    note = production.purchase_note(state, "chinese")
    assert note.startswith("No factory: you place only Infantry")
    uikit.shot(app, "chinese_purchase")
