"""The side panel shows the current player's national objectives and which are met now
(issue #46 item 5; TripleA's world_war_ii_v3 objectives, imported into the shipped
world_war_ii_v3_1941 scenario)."""
from __future__ import annotations

import pygame

from game.rules.actions import EndPhase
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene


def scene_at_collect_income():
    sc = load_scenario("world_war_ii_v3_1941")
    app = App(pygame.Surface((1600, 1000)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    while game.state.phase != "collect_income":
        assert game.ctl.do(EndPhase()), game.ctl.message
    return app, game


def test_panel_lists_the_objectives_met_now():
    # WW2v3-1941.xml objectiveAttachment1 of Germans: the six home territories (met at the
    # start); 2 and 3 (eastern territories) are not
    app, game = scene_at_collect_income()
    surface = pygame.Surface((1600, 1000))
    game.draw(surface)
    tips = [h.tooltip for h in game.spots.items]
    summary = [t for t in tips if t.startswith("National objectives (paid at collect income)")]
    assert summary, tips
    assert "Objective 1: met  +5" in summary[0]
    assert "Objective 2: not met" in summary[0]


def test_politics_phase_offers_the_declarations(tmp_path):
    # TripleA's politics step (germansPolitics): the player's political actions as buttons
    from pathlib import Path

    from game.rules.ruleset import load_scenario_file
    text = (Path(__file__).parents[1] / "fixtures" / "mini.yaml").read_text() + """politics:
  relations:
    - {between: [red, blue], is: neutral}
  declarations:
    - {player: red, name: War on Blueland, on: [blue]}
"""
    (tmp_path / "p.yaml").write_text(text)
    sc, _ = load_scenario_file(tmp_path / "p.yaml")
    app = App(pygame.Surface((1600, 1000)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    assert game.ctl.do(EndPhase())              # purchase -> politics
    assert game.state.phase == "politics"
    game.draw(pygame.Surface((1600, 1000)))
    button = next(h for h in game.spots.items if "Blueland: at war" in h.tooltip)
    button.action()
    # issue 46: a declaration cannot be taken back in the board game, so it is asked first
    from game.ui.dialogs import ConfirmDialog
    ask = app.top
    assert isinstance(ask, ConfirmDialog) and not game.state.at_war("red", "blue")
    assert ask.title == "Declare war on Blueland?"
    assert "It makes Redland and Blueland: at war." in ask.lines
    ask.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))   # Escape cancels
    assert app.top is game and not game.state.at_war("red", "blue")
    button.action()
    app.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y))
    assert game.state.at_war("red", "blue")
    assert game.ctl.undo() and not game.state.at_war("red", "blue")   # undone as any action
