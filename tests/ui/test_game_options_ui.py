"""Game options in the main menu (issue #41): the supplied rules listed with a line each,
switched off for one game, carried into hotseat and vs-computer games."""
import pygame
from uikit import click, frame, key, shot

from game.ui.app import App
from game.ui.options_dialog import GameOptionsDialog
from game.ui.setup_dialog import NewGameSetup

SIZE = (1280, 800)


def menu_app(selected="mediterranean_1940"):
    app = App(pygame.Surface(SIZE))
    app.strict = True
    menu = app.main_menu(selected=selected)
    frame(app)
    return app, menu


def options_button(menu):
    return next(h for h in menu.spots.items if "supplied rules" in h.tooltip)


def test_the_menu_lists_the_options_and_a_hotseat_game_is_played_without_the_ones_off():
    app, menu = menu_app()
    click(app, options_button(menu).rect.center)
    dialog = app.top
    assert isinstance(dialog, GameOptionsDialog)
    assert [o.id for o in dialog.ruleset.options][:4] == ["rule_of_three", "home_guard", "supply",
                                                          "tracks"]
    key(app, pygame.K_3)                               # 3: Supply lines off
    supply_button = next(h for h in dialog.spots.items if "Switch Supply lines on" in h.tooltip)
    shot(app, "game_options")
    click(app, supply_button.rect.center)              # on again ...
    key(app, pygame.K_3)                               # ... and off
    key(app, pygame.K_RETURN)
    assert app.top is menu and menu.chosen_without() == {"supply"}
    frame(app)
    assert options_button(menu).rect and "5 of 6 on" in _labels(menu)
    shot(app, "game_options_menu")
    key(app, pygame.K_RETURN)                          # hotseat
    rs = app.stack[0].state.ruleset
    assert rs.options_off == {"supply"} and rs.supply is None


def test_the_vs_computer_setup_carries_the_options():
    app, menu = menu_app()
    key(app, pygame.K_o)
    key(app, pygame.K_1)                               # Rule of Three off
    key(app, pygame.K_ESCAPE)
    menu.start(True)
    frame(app)
    setup = app.top
    assert isinstance(setup, NewGameSetup) and setup.without == {"rule_of_three"}
    setup.start()
    assert app.stack[0].state.ruleset.rule_of_three is None


def test_a_scenario_whose_rules_have_no_options_shows_no_options_row():
    app, menu = menu_app("sarn_gulf_2031")   # modern-naval has no options (g40 has since #46)
    assert not [h for h in menu.spots.items if "supplied rules" in h.tooltip]
    key(app, pygame.K_o)
    assert app.top is menu


def _labels(menu):
    return " ".join(menu.options_label(rs) for rs in [menu.chosen_ruleset()] if rs)
