"""A battle that ends on a roll (the defender's last shots, seed 000 d12 dice) keeps that
roll on the finished battle window: the strip showed the defender's lane as "no dice yet"
and "Dice this round" left the defender's roll out."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.screenshot import battle_session
from game.ui.zone import strip
from game.ui.zone.battle_window import BattleWindow


def _play(seed, before=None):
    """Fight a Mediterranean battle to its end in the battle window (strip view), the
    window drawn after every action; `before(win)` runs once the window is open."""
    session = battle_session("scenarios/mediterranean_1940.yaml", {"infantry": 6, "artillery": 2},
                             {"infantry": 2}, seed=seed, rolls=0)
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    if before is not None:
        before(win)
    for _ in range(40):
        b = session.state.zone.battle
        if b is None:
            break
        session.do(A.default_casualties(session.state) if b.awaiting == "casualties" else A.RollDice())
        game.ctl.version += 1
        app.update(0.0)
        app.draw()
    return session.state, win


def test_the_roll_that_ends_a_battle_stays_on_the_window():
    for seed in range(1, 40):
        st, win = _play(seed)
        r = st.zone.last_battle
        # the defenders, all hit, fire back and miss: that roll itself ends the battle
        if st.zone.battle is None and r is not None and r.rolls and r.rolls[-1].side == "defender" \
                and r.rolls[-1].hits == 0 and r.outcome == "attacker":
            break
    else:
        raise AssertionError("no battle ended on the defender's roll")
    assert win.finished and win.last is not None
    assert win.last.rolls == r.rolls
    assert strip.last_roll(win.last, "defender") is r.rolls[-1]
