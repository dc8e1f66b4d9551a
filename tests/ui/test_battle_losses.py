"""A finished battle window says what each side lost: the defenders were removed from the
board with the battle, so a side wiped out read "Defender: …, 0 units" with nothing under
it (found playing solo as a new user)."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.ui.app import App
from game.ui.battle_window import BattleWindow
from game.ui.game_scene import GameScene
from game.ui.screenshot import battle_session


def _finish(view: str, seed: int = 1):
    session = battle_session("scenarios/mediterranean_1940.yaml", {"infantry": 6, "artillery": 2},
                             {"infantry": 2}, seed=seed, rolls=0)
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = view
    assert win.lost("defender") == []          # nothing is "lost" while the battle is fought
    for _ in range(60):
        b = session.state.battle
        if b is None:
            break
        session.do(A.default_casualties(session.state) if b.awaiting == "casualties" else A.RollDice())
        game.ctl.version += 1
        app.update(0.0)
        app.draw()
    return session.state, win, app


def test_a_wiped_out_side_lists_its_losses():
    for seed in range(1, 20):
        st, win, app = _finish("strip", seed)
        if st.last_battle is not None and st.last_battle.outcome == "attacker":
            break
    else:
        raise AssertionError("no battle the attacker won")
    assert win.finished
    assert [u.type for u in win.lost("defender")] == ["infantry", "infantry"]
    assert win.lost_names("defender") == "Infantry ×2"
    # the attacker's losses are the units gone from the board, survivors are not listed
    for u in win.lost("attacker"):
        assert u.uid not in st.units
    # both views draw the finished battle with its losses
    for view in ("strip", "list"):
        win.view = view
        app.draw()
