"""Issue #46, solo play of Global 1940: the neutral powers (TripleA's optional players
Dutch, Mongolians, Neutral_Axis, Neutral_Allies, Neutral_True; politics `neutrals`) take
no turn, so the new-game setup and 'Computer plays…' offer only the seven alliances'
players; the computer still answers for the neutrals."""
from __future__ import annotations

import pygame

from game.rules.ruleset import load_scenario
from game.ui.app import App
from game.ui.setup_dialog import NewGameSetup

NEUTRALS = {"dutch", "mongolians", "neutral_axis", "neutral_allies", "neutral_true"}


def test_the_setup_offers_the_players_who_take_turns():
    sc = load_scenario("world_war_ii_global_1940")
    assert {p.id for p in sc.players} - {p.id for p in sc.turn_players} == NEUTRALS
    setup = NewGameSetup(App(pygame.Surface((1280, 800))), "world_war_ii_global_1940", sc)
    assert setup.sides() == ["axis", "allies"]
    setup.set_computer("allies", False)
    setup.set_computer("axis", True)
    ai, levels = setup.choice()
    assert set(ai) == {"axis"} | NEUTRALS     # the neutrals stay the computer's
    assert "allies" in {a for a in setup.seats().values()}
    assert not set(setup.seats()) & NEUTRALS
    setup.by_player()
    assert "dutch" not in setup.sides() and "germans" in setup.sides()
    setup.app.push(setup)
    setup.app.draw()


def test_taking_the_axis_back_from_the_computer_keeps_one_person_for_it():
    # playtest: Axis handed to the computer and back in 'Computer plays…' gave each Axis
    # power its own seat ("Pass to Germans" between them) because the Dutch alliance,
    # played by the computer, has the id of a player: the game was set up by alliance
    from game.rules.ruleset import load_ruleset
    from game.rules.session import Session
    from game.ui.game_scene import GameScene
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    setup = NewGameSetup(app, "world_war_ii_global_1940", sc)
    ai, levels = setup.choice()
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), ai, ai_levels=levels,
                     autosave=False, seats=setup.seats())
    ctl = game.ctl
    assert not ctl.sides_by_player() and ctl.sides() == ["axis", "allies"]
    ctl.set_side("axis", True)
    ctl.set_side("axis", False)
    assert {ctl.seat_of(p) for p in ("germans", "japanese", "italians")} == {"axis"}
    assert ctl.is_ai("dutch") and ctl.is_ai("russians") and not ctl.is_ai("germans")


def test_play_with_ai_allies_hands_no_screen_to_a_neutral():
    # playtest: `python -m game play world_war_ii_global_1940 --ai allies` opened on "Pass to
    # Germans": the neutral powers, not the computer's, counted as people at the screen
    from game.rules.ruleset import load_ruleset
    from game.rules.session import Session
    from game.ui.game_scene import GameScene
    sc = load_scenario("world_war_ii_global_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), ("allies",), autosave=False)
    assert set(game.ctl.human_players()) == {"germans", "japanese", "italians"}
    assert not game.needs_handoff(None, "germans")
    hot = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    assert "dutch" not in hot.ctl.human_players() and hot.ctl.is_ai("dutch")
