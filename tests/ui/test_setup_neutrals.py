"""Global 1940's neutral countries take no turns (TripleA: players without steps in the
turn sequence; politics `neutrals`): the new-game setup offers no choice for them (found
playing the shipped game: Dutch, Mongolians and three neutral 'sides' to choose for), the
computer answers for them, and the menu lists them on one line inside its panel."""
from __future__ import annotations

import pygame

from game.rules.ruleset import load_scenario
from game.ui.app import App
from game.ui.setup_dialog import NewGameSetup

NEUTRAL = {"dutch", "mongolians", "neutral_axis", "neutral_allies", "neutral_true"}


def test_the_neutral_countries_are_no_sides_to_choose_and_the_computer_defends_them():
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    setup = NewGameSetup(app, "world_war_ii_global_1940", sc)
    assert setup.sides() == ["axis", "allies"]
    setup.set_computer("allies", False)            # everyone at the screen
    ai, _levels = setup.choice()
    assert set(ai) == NEUTRAL and setup.seats_note() == ""
    setup.by_player()
    assert not NEUTRAL & set(setup.sides()) and "germans" in setup.sides()
    assert NEUTRAL <= set(setup.choice()[0])
    assert all(p not in NEUTRAL for p in setup.seats())
    setup.draw(app.surface)


def test_the_menu_lists_the_sides_inside_its_panel():
    from game.ui.menu import MainMenu
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    menu = MainMenu(app)
    box = pygame.Rect(500, 400, 600, 300)
    bottom = menu.draw_sides(app.surface, sc, box)
    assert bottom < box.bottom
