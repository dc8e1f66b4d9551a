"""QA: why a stack cannot move names the reason for its own kind of space.

Meridia's infantry (sarn_gulf_2031) borders three friendly land territories and three
sea zones; in the combat move it said "Land units need a transport to enter a sea
zone." (the reason three sea zones share) instead of the real one."""
from __future__ import annotations

import pygame

from game.rules.actions import EndPhase
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import movement
from game.ui.app import App
from game.ui.game_scene import GameScene


def test_land_stack_hears_the_land_reason():
    sc = load_scenario("sarn_gulf_2031")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    while not (game.state.player == "meridia" and game.state.phase == movement.COMBAT):
        assert game.ctl.do(EndPhase()), game.ctl.message
    infantry = [u for u in game.state.units.values() if u.space == "meridia" and u.type == "infantry"]
    why = game.panel.why_not(infantry)
    assert "non-combat move" in why, why
    assert "transport" not in why


def test_other_players_units_are_named_by_owner():
    from game.ui.panel import others_text
    sc = load_scenario("sarn_gulf_2031")
    state = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    stacks = [("meridia", "infantry", 2, False), ("coalition", "infantry", 1, False),
              ("meridia", "tank", 1, False)]
    names = {"meridia": "Meridia", "coalition": "Coalition"}
    assert others_text(state, stacks, names.get) == "Meridia: 2 Infantry, 1 Tank; Coalition: 1 Infantry"


def test_click_on_a_stuck_counter_says_why():
    from game.ui.maprender import MapCounter
    sc = load_scenario("sarn_gulf_2031")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    while not (game.state.player == "meridia" and game.state.phase == movement.COMBAT):
        assert game.ctl.do(EndPhase()), game.ctl.message
    assert game.click_counter("meridia", MapCounter("meridia", "artillery", 1, False, ("artillery",)))
    text = game.ctl.message.text
    assert text.startswith("Artillery in Meridia cannot move now: ") and "non-combat move" in text
