"""Issue #46 item 6: the battle window asks the kamikaze player (G40 "Kamikaze Strikes")
which attacking warships its tokens strike before the battle, then shows the strike's dice
with the battle's."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.rules import actions as A
from game.rules.model import KamikazeRule
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.zone.battle_window import BattleWindow
from tests.conftest import FIXTURES


def _key(win, key):
    win.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_the_window_offers_the_strike_and_shows_its_dice():
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, kamikaze=KamikazeRule("blue", 3, ("s2",)),
                 start_units=(("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1),
                              ("s2", "blue", "cruiser", 1)))
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, Session(sc, load_ruleset("g40"), 1), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    st = game.state
    st.phase_idx = st.ruleset.phases.index("combat_move")
    fleet = tuple(sorted(u.uid for u in st.units.values() if u.owner == "red"))
    assert game.ctl.do(A.Move(fleet, ("s2",)))
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle("s2"))
    win = app.push(BattleWindow(app, game))
    app.update(0.0)
    app.draw()
    win.roll()                                   # Red opens the battle: Japan's choice
    app.update(0.0)
    app.draw()
    b = game.state.zone.battle
    assert b.awaiting == "kamikaze" and "Kamikaze" in win.status_text()[0]
    battleship = min(fleet)
    assert win.kamikaze.pick == [battleship, max(fleet)]    # the default: one on each ship
    _key(win, pygame.K_1)                        # a third token on the battleship
    assert sorted(win.kamikaze.pick) == [battleship, battleship, max(fleet)]
    app.draw()
    _key(win, pygame.K_r)
    app.update(0.0)
    app.draw()
    st = game.state
    assert st.kamikaze_spent == 3
    b = st.zone.battle or st.zone.last_battle
    assert b.rolls[0].step == "kamikaze"
    for _ in range(2):                           # both views draw the strike's dice
        win.toggle_view()
        app.draw()
