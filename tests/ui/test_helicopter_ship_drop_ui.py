"""The airdrop step offers seed 001 helicopters a sea zone: their cargo goes aboard the
player's amphibious assault ship there ("Marine transport by helicopters": "... into a
territory and/or sea zones (fleet)")."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
from uikit import frame, shot

from game.rules import actions as A
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _game():
    """Mini naval map, red's non-combat move: a helicopter and special forces in Alpha
    Minor; red's amphibious assault ship and carrier in Sea Three."""
    sc, _ = load_scenario_file(FIXTURES / "mini_naval.yaml")
    sc = replace(sc, start_units=(("a2", "red", "helicopter", 1), ("a2", "red", "special_forces", 1),
                                  ("s3", "red", "amphibious_assault_ship", 1),
                                  ("s3", "red", "aircraft_carrier", 1), ("b2", "blue", "infantry", 1)))
    session = Session(sc, load_ruleset("modern-naval"), 1)
    while session.state.phase != "noncombat_move":
        session.do(A.EndPhase())
    app = App(pygame.Surface((1280, 720)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    return app, game


def test_helicopter_flies_its_cargo_aboard_a_ship_from_the_airdrop_step():
    # seed 001: Marine transport by helicopters, "into a territory and/or sea zones (fleet)"
    app, game = _game()
    frame(app)
    game.sel.space = "a2"
    game.toggle_airdrop()
    assert game.drop.space == "a2"
    assert "s3" in game.drop.targets(game.state, game.ctl.version)
    game.update(0.0)
    game.hover = "s3"                                    # after update: the mouse is elsewhere
    app.draw()
    lines = game.drop_tooltip("s3")
    assert lines[0].startswith("Click: fly here")
    assert any("aboard your Amphibious Assault Ship in Sea Three" in t for t in lines)
    shot(app, "helicopter_ship_drop")
    game.click_space("s3")
    st = game.state
    sf = next(u for u in st.units.values() if u.type == "special_forces")
    assert sf.space == "s3" and st.utype(st.units[sf.carried_by]).id == "amphibious_assault_ship"
    assert "goes aboard your ships" in game.ctl.message.text


def test_the_airdrop_step_offers_a_take_off_from_ships_at_sea():
    # seed 001: "A helicopter can load and offload a unit from amphibious assault ships before
    # ... it moves": a helicopter on its carrier lifts the unit off the ship in its zone
    from game.rules.actions import new_game
    from game.ui.zone import airdrop_view
    sc, _ = load_scenario_file(FIXTURES / "mini_naval.yaml")
    sc = replace(sc, start_units=(("s2", "red", "aircraft_carrier", 1), ("s2", "red", "helicopter", 1),
                                  ("s2", "red", "amphibious_assault_ship", 1), ("s2", "red", "lav", 1)))
    s = new_game(sc, load_ruleset("modern-naval"), 1)
    while s.phase != "noncombat_move":
        s = A.apply(s, A.EndPhase())
    s.units[4] = replace(s.units[4], carried_by=3)          # the LAV aboard since an earlier turn
    assert s.units[2].carried_by == 1                       # the helicopter on its carrier
    assert dict(airdrop_view.ready_spaces(s)) == {"s2": 1}
    plan = airdrop_view.DropPlan(active=True)
    assert plan.pick(s, "s2") and [u.uid for u in plan.group(s)] == [2, 4]
    assert "a2" in plan.targets(s, 0)
    t = A.apply(s, plan.action(s, "a2"))
    assert t.units[4].space == "a2" and t.units[4].carried_by is None
