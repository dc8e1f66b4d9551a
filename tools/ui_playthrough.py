"""Play a scenario to the end through the hotseat interface, headless: the computer
chooses every action (greedy), the interface draws each step (purchase window, battle
windows, hand-off screens, game over) and a screenshot is saved at every new phase,
battle, finished battle and hand-off. Used for the mediterranean_1940 QA pass
(docs/seeds/000-status.md, "QA playthrough").

    SDL_VIDEODRIVER=dummy PYTHONPATH=. python tools/ui_playthrough.py [SCENARIO] [ROUNDS] [SEED]

Screenshots go to $WARBOARD_SHOTS (default /tmp/warboard-shots)/playthrough.
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


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
