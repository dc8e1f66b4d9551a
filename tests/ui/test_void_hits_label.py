"""Torpedo bombers over a land battle (seed 000 TORPEDO BOMBER: "* This unit may only
damage naval targets."): the battle window said "Italy fires: 2 hits" and the strip
"2 hits" while nothing could take them (mediterranean_1940 playthrough, Epirus). Now it
says "0 hits (2 with no target)", and the strip's lane "0 hits" with a tooltip why."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.ui.app import App
from game.ui.battle_window import BattleWindow
from game.ui.game_scene import GameScene
from game.ui.screenshot import battle_session


def _rolled(seed):
    session = battle_session("scenarios/mediterranean_1940.yaml", {"torpedo_bomber": 2},
                             {"infantry": 2}, seed=seed, rolls=0)
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    session.do(A.RollDice())
    game.ctl.version += 1
    app.update(0.0)
    app.draw()
    return session, app, win


def test_strip_and_list_say_hits_with_no_target():
    for seed in range(1, 30):
        session, app, win = _rolled(seed)
        roll = session.state.battle.rolls[-1]
        if roll.side == "attacker" and roll.hits:
            break
    else:
        raise AssertionError("no torpedo bomber hit in 29 seeds")
    assert roll.void == roll.hits
    tips = [h.tooltip for h in win.spots.items]
    assert any("no enemy unit here can take those hits" in t for t in tips), tips
    assert any(f"-> 0 hits ({roll.hits} with no target)" in line for line in session.state.log())
    assert not session.state.battle.pools          # nothing to choose, nothing lost
    win.view = "list"
    app.draw()                      # the list view draws the same roll without error
