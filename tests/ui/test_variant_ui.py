"""House-rules variants in the interface: chosen in the new-game menu, and compared
in the battle calculator with a sentence."""
from pathlib import Path

import pygame
from uikit import click, frame, key

from game.rules.ruleset import load_ruleset
from game.ui.app import App
from game.ui.calculator import CalculatorScene
from game.ui.setup_dialog import NewGameSetup

DUEL = str(Path(__file__).resolve().parents[1] / "fixtures" / "duel.yaml")
SIZE = (1280, 800)


def menu_app(selected="europe_1941"):
    app = App(pygame.Surface(SIZE))
    app.strict = True
    menu = app.main_menu(selected=selected)
    frame(app)
    return app, menu


def test_menu_offers_the_variants_of_the_scenario_ruleset_and_starts_with_one():
    app, menu = menu_app()
    titles = [t for _, t, _ in menu.rule_options(menu.current()[1])]
    assert titles[0] == "published rules" and "Cheap armour" in titles
    button = next(h for h in menu.spots.items if "house-rules variant" in h.tooltip)
    while menu.chosen_rules()[1] != "Cheap armour":
        click(app, button.rect.center)
    assert "armour at cost 4" in menu.chosen_rules()[2]
    key(app, pygame.K_RETURN)                          # hotseat game with the variant
    state = app.stack[0].state
    assert state.ruleset.variant == "cheap_armour" and state.ruleset.units["armour"].cost == 4


def test_vs_computer_setup_carries_the_variant():
    app, menu = menu_app()
    key(app, pygame.K_h)                               # H cycles the house rules
    variant = menu.chosen_rules()[0]
    assert variant is not None
    menu.start(True)
    setup = app.top
    assert isinstance(setup, NewGameSetup) and setup.variant == variant
    setup.start()
    assert app.stack[0].state.ruleset.path == variant


def test_published_rules_by_default():
    app, menu = menu_app()
    assert menu.chosen_rules()[0] is None
    key(app, pygame.K_RETURN)
    assert app.stack[0].state.ruleset.variant == ""


def test_calculator_compares_the_battle_under_a_variant():
    app = App(pygame.Surface(SIZE))
    app.strict = True
    calc = CalculatorScene(app, load_ruleset("g40"), None, "land",
                           {"infantry": 4, "armour": 3}, {"infantry": 5})
    app.reset(calc)
    frame(app)
    assert calc.comparison_text() == ""
    names = [rs.title for rs in calc.compare_choices()]
    assert "Veteran infantry" in names
    while calc.compare is None or calc.compare.title != "Veteran infantry":
        key(app, pygame.K_c)
    frame(app)
    text = calc.comparison_text()
    assert text.startswith("With infantry at cost 4 and attack 2 (was 1), without supported by, "
                           "the attacker wins ")
    assert "instead of" in text and "points)" in text
    here, there = calc.odds(), calc.odds(calc.compare)
    assert there.result.attacker_wins > here.result.attacker_wins  # stronger attacking infantry
    assert f"{there.result.attacker_wins * 100:.1f}%" in text


def test_calculator_in_a_variant_game_compares_with_the_published_rules():
    app = App(pygame.Surface(SIZE))
    app.strict = True
    app.new_game(DUEL, (), seed=1, variant="cheap_armour")
    game = app.stack[0]
    game.open_calculator()
    calc = app.top
    assert isinstance(calc, CalculatorScene) and calc.rs.variant == "cheap_armour"
    assert calc.compare_choices()[0].variant == ""     # the published ruleset first
    calc.counts = {"attacker": {"armour": 2}, "defender": {"infantry": 2}}
    calc.cycle_compare()
    frame(app)
    text = calc.comparison_text()
    assert text.startswith("With armour at cost 6, the attacker wins")
    assert "(the same)" in text and "expected value swing" in text
