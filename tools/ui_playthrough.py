"""Play a scenario to the end through the hotseat interface, headless: the computer
chooses every action (greedy), the interface draws each step (purchase window, battle
windows, hand-off screens, game over) and a screenshot is saved at every new phase,
battle, finished battle and hand-off. Used for the mediterranean_1940 QA pass
(docs/seeds/000-status.md, "QA playthrough").

    SDL_VIDEODRIVER=dummy PYTHONPATH=. python tools/ui_playthrough.py [SCENARIO] [ROUNDS] [SEED]
    ... tools/ui_playthrough.py --vs-computer [SCENARIO] [ROUNDS]

Screenshots go to $WARBOARD_SHOTS (default /tmp/warboard-shots)/playthrough.
--vs-computer starts the game from the main menu as a player does ("New game vs computer",
the dialog's default sides: the first alliance human, the others the computer at standard),
lets the computer play its turns in the interface's own time steps and the greedy player take
the human's; screenshots at every new scene, phase and battle go to .../vs_computer.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "ui"))       # uikit: frames, keys, screenshots
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import uikit  # noqa: E402

from game.ai import choose_action  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.battle_window import BattleWindow  # noqa: E402
from game.ui.dialogs import HandoffScene  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402


def main(argv: list[str]) -> int:
    scenario = argv[0] if argv else "mediterranean_1940"
    rounds = int(argv[1]) if len(argv) > 1 else 99
    seed = int(argv[2]) if len(argv) > 2 else 1
    pygame.init()
    uikit.SHOTS = uikit.SHOTS / "playthrough"
    sc = load_scenario(scenario)
    app = App(pygame.Surface((1600, 900)))
    session = Session(sc, load_ruleset(sc.ruleset_id), seed)
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    uikit.frame(app)
    last = None
    n = 0
    while not session.state.over and session.state.round <= rounds and n < 50_000:
        st = session.state
        key = (st.round, st.player, st.phase, st.battle.space if st.battle else None)
        for _ in range(3):                     # the next player takes the screen
            if isinstance(app.top, HandoffScene):
                if key != last:
                    uikit.shot(app, f"r{st.round}_{n:05d}_handoff")
                uikit.key(app, pygame.K_RETURN)
        if key != last:
            battle = f"_battle_{st.battle.space}" if st.battle else ""
            uikit.shot(app, f"r{st.round}_{n:05d}_{st.player}_{st.phase}{battle}")
            last = key
        session.do(choose_action(st, "greedy"))
        game.ctl.version += 1
        uikit.frame(app)
        if isinstance(app.top, BattleWindow) and session.state.battle is None:
            uikit.shot(app, f"r{st.round}_{n:05d}_battle_end")
            uikit.key(app, pygame.K_RETURN)    # the player closes the finished battle
        n += 1
    uikit.frame(app)
    uikit.shot(app, "final")
    st = session.state
    print(f"actions {n}, round {st.round}, over {st.over}, winner {st.winner}; shots in {uikit.SHOTS}")
    return 0


def vs_computer(argv: list[str]) -> int:
    scenario = argv[0] if argv else "mediterranean_1940"
    rounds = int(argv[1]) if len(argv) > 1 else 2
    pygame.init()
    uikit.SHOTS = uikit.SHOTS / "vs_computer"
    app = App(pygame.Surface((1600, 900)))
    menu = app.main_menu(selected=scenario)
    uikit.frame(app)
    uikit.shot(app, "menu")
    menu.start(True)                                   # type: ignore[attr-defined]
    uikit.frame(app)
    uikit.shot(app, "setup")
    uikit.key(app, pygame.K_RETURN)                    # Start game with the default sides
    game = app.top if isinstance(app.top, GameScene) else getattr(app.top, "game", None)
    assert isinstance(game, GameScene), app.top
    last, n = None, 0
    for _ in range(50_000):
        st = game.state
        if st.over or st.round > rounds:
            break
        top = app.top
        key = (type(top).__name__, st.round, st.player, st.phase, st.battle.space if st.battle else None)
        if key != last:
            n += 1
            uikit.shot(app, f"{n:04d}_r{st.round}_{st.player}_{st.phase}_{type(top).__name__}"
                       + (f"_{st.battle.space}" if st.battle else ""))
            last = key
        if game.ctl.ai_to_act():
            app.update(0.25)                           # the computer plays in the interface's time
            app.draw()
        elif isinstance(top, HandoffScene):
            uikit.key(app, pygame.K_RETURN)
        else:
            if isinstance(top, BattleWindow) and st.battle is None:
                uikit.key(app, pygame.K_RETURN)        # the human closes a finished battle
                continue
            game.ctl.do(choose_action(st, "greedy"))
            uikit.frame(app)
    uikit.frame(app)
    uikit.shot(app, "final")
    st = game.state
    print(f"round {st.round}, over {st.over}, winner {st.winner}; {n} shots in {uikit.SHOTS}")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--vs-computer" in args:
        raise SystemExit(vs_computer([a for a in args if a != "--vs-computer"]))
    raise SystemExit(main(args))
