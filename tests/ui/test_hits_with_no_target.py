"""QA of the interwar audit (mediterranean_1940 hotseat, headless).

Torpedo bombers over a land battle (seed 000 TORPEDO BOMBER: "* This unit may only
damage naval targets."): the battle window said "Italy fires: 2 hits" and the strip
"2 hits" while nothing could take them (mediterranean_1940 playthrough, Epirus). Now it
says "0 hits (2 with no target)", and the strip's lane "0 hits" with a tooltip why."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.screenshot import battle_session
from game.ui.zone.battle_window import BattleWindow


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
        roll = session.state.zone.battle.rolls[-1]
        if roll.side == "attacker" and roll.hits:
            break
    else:
        raise AssertionError("no torpedo bomber hit in 29 seeds")
    assert roll.void == roll.hits
    tips = [h.tooltip for h in win.spots.items]
    assert any("no enemy unit here can take those hits" in t for t in tips), tips
    assert any(f"-> 0 hits ({roll.hits} with no target)" in line for line in session.state.log())
    assert not session.state.zone.battle.pools          # nothing to choose, nothing lost
    win.view = "list"
    app.draw()                      # the list view draws the same roll without error


def test_cargo_lost_with_an_intercepted_transport_counts_as_lost():
    # seed 000: PARATROOPERS, Example A (Malta): "The Italian player takes one transport as
    # a casualty. One paratrooper is also removed as a casualty because it was carried as
    # cargo aboard that transport." The finished window said "2 lost" for a transport and
    # two paratroopers (the one aboard was never counted).
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    from game.rules.zone import airdrop as AD
    sc = load_scenario("mediterranean_1940")
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    while not (session.state.phase == "combat_move" and session.state.player == "italy"):
        session.do(A.EndPhase())
    (drop,) = [o for o in AD.options(session.state) if o.to == "malta"]
    session.do(drop.action())
    session.do(A.EndPhase())
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    session.do(A.SelectBattle("malta"))
    win = app.push(BattleWindow(app, game))
    # no bombardment; interception: AAA misses both transports (3, 3), the fighter hits (1)
    session.state.scripted_dice = (3, 3, 1) + (12,) * 40
    for _ in range(60):
        st = session.state
        if st.zone.battle is None:
            break
        game.ctl.version += 1
        app.update(0.0)
        app.draw()
        session.do(A.default_casualties(st) if st.zone.battle.awaiting == "casualties"
                   else A.legal_actions(st)[0])
    game.ctl.version += 1
    app.update(0.0)
    app.draw()
    assert win.finished
    lost = sorted(u.type for u in win.lost("attacker"))
    assert lost.count("transport_aircraft") == 1 and lost.count("paratrooper") >= 1
    aboard = [ln for ln in session.state.log() if "aboard is lost" in ln]
    assert aboard and lost.count("paratrooper") == 1 + sum(
        1 for ln in session.state.log() if "Italy loses:" in ln and "Paratrooper" in ln)
