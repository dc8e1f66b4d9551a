"""A tooltip longer than the screen is wide wraps instead of running off it (found playing
G40: the declaration of war's tooltip lists every relationship it changes on one line)."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui import widgets
from game.ui.app import App
from game.ui.game_scene import GameScene


def test_a_long_tooltip_line_wraps_inside_the_screen():
    surface = pygame.Surface((1280, 800))
    line = "; ".join(f"Japanese–Player{i}: war" for i in range(20))
    rect = widgets.tooltip(surface, ["Japanese To War With British And ANZAC", line], (900, 300))
    assert rect is not None and rect.w <= widgets.TOOLTIP_W
    assert surface.get_rect().contains(rect) and rect.h > 3 * 19   # the line became several


def test_the_declaration_of_war_buttons_tooltips_fit_the_window():
    # issue 46: Japan's politics phase on the shipped Global 1940 map
    sc = load_scenario("world_war_ii_global_1940")
    surface = pygame.Surface((1280, 800))
    app = App(surface)
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.ctl.do(A.EndPhase())          # Germany's purchase -> politics
    assert game.state.phase == "politics"
    app.draw()
    tips = [h.tooltip for h in game.spots.items if ": at war" in h.tooltip]
    assert tips
    for tip in tips:
        rect = widgets.tooltip(surface, tip.split("\n"), (1200, 300))
        assert rect is not None and surface.get_rect().contains(rect)


def test_the_politics_buttons_read_as_sentences_and_relations_in_words():
    # issue 46 (new-user playthrough): no "TrueNeutrals" or "friendly_neutral" on screen
    sc = load_scenario("world_war_ii_global_1940")
    surface = pygame.Surface((1280, 800))
    app = App(surface)
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.ctl.do(A.EndPhase())          # Germany's purchase -> politics
    app.draw()
    tips = "\n".join(h.tooltip for h in game.spots.items if h.tooltip)
    assert "True neutrals and British: friendly neutral (allied)." in tips   # a line a change
    assert "friendly_neutral" not in tips and "TrueNeutrals" not in tips and "UK_Pacific" not in tips
    d = next(d for d in sc.politics.declarations if d.player == "germans" and "TrueNeutrals" in d.name)
    game.ctl.do(A.DeclareWar(d.name))
    assert any("Germans declare: Axis to war with the true neutrals." in line for line in game.state.log())
