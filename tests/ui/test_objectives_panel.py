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


def test_a_declarations_tooltip_says_what_changes_a_line_each():
    # playtest (issue #46, solo): Japan's "To War With British And ANZAC" (TripleA
    # politicalActionAttachment) showed every relation it sets on one line wider than the
    # window; now a sentence per relation that changes, wrapped inside the window
    from game.rules import politics
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    st = game.state
    st.player_idx = [p.id for p in sc.players].index("japanese")
    st.phase_idx = st.ruleset.phases.index(politics.PHASE)
    game.draw(pygame.Surface((1280, 800)))
    tip = next(h.tooltip for h in game.spots.items if h.tooltip.startswith("Japanese to war with British and ANZAC:"))
    lines = tip.split("\n")
    assert "Japanese and British: at war." in lines and "Japanese and ANZAC: at war." in lines
    assert not any(st.at_war("japanese", "chinese") and line == "Japanese and Chinese: at war." for line in lines)
    from game.ui import theme, widgets
    long = "; ".join(lines[1:])               # the old one-line tooltip
    fitted, _ = widgets.fit_tooltip([lines[0], long], (1280, 800))
    assert len(fitted) > 2 and all(theme.text_width(line, 19) <= 1280 - 40 for line in fitted)


def test_the_panel_counts_the_victory_cities():
    # playtest (issue #46, solo): the side panel showed income and objectives but not how
    # the sides stand towards victory (G40's 19 victory cities, TripleA's victory triggers)
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    game.draw(pygame.Surface((1280, 800)))
    tip = next(h.tooltip for h in game.spots.items if h.tooltip.startswith("Victory:"))
    assert "Axis: 5 victory cities" in tip and "Allies: 14 victory cities" in tip
    assert "Axis victory: not met (must hold for a complete round)" in tip
