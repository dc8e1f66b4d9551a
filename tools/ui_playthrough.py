"""Play a scenario to the end through the hotseat interface, headless: the computer
chooses every action (greedy), the interface draws each step (purchase window, battle
windows, hand-off screens, game over) and a screenshot is saved at every new phase,
battle, finished battle and hand-off. Used for the mediterranean_1940 QA pass
(docs/seeds/000-status.md, "QA playthrough").

    SDL_VIDEODRIVER=dummy PYTHONPATH=. python tools/ui_playthrough.py [SCENARIO] [ROUNDS] [SEED]
    ... tools/ui_playthrough.py --vs-computer [SCENARIO] [ROUNDS] [--side K] [--careless]
        [--size WxH] [--seed N] [--debug]

Screenshots go to $WARBOARD_SHOTS (default /tmp/warboard-shots)/playthrough.
--vs-computer starts the game from the main menu as a player does ("New game vs computer",
the dialog's default sides: the first alliance human, the others the computer at standard),
lets the computer play its turns in the interface's own time steps and the greedy player take
the human's (--careless: a new player who only ends phases and takes the default losses;
--side K: the human plays the K-th alliance); screenshots at every new scene, phase and battle
go to .../vs_computer/SCENARIO_sideK, and a summary (the computer's actions, moves, battles,
the spaces the human lost, error messages) is printed.
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


def _options(argv: list[str]) -> tuple[list[str], dict[str, str]]:
    """Positional arguments and --name value options."""
    pos, opts, it = [], {}, iter(argv)
    for a in it:
        if a.startswith("--"):
            name, _, val = a[2:].partition("=")
            opts[name] = val if val else (next(it, "") if name not in ("careless", "debug") else "1")
        else:
            pos.append(a)
    return pos, opts


def careless_action(state):
    """A new player's careless move: end the phase; a decision the game waits for (the
    losses of a battle the computer started, a retreat) gets the default answer."""
    from game.rules import actions as A
    from game.rules.errors import IllegalAction
    b = state.battle
    if b is not None and b.awaiting == "casualties":
        try:
            return A.default_casualties(state)
        except (IllegalAction, AttributeError):
            pass
    legal = A.legal_actions(state, max_moves=50)
    if any(isinstance(a, A.EndPhase) for a in legal):
        return A.EndPhase()
    return choose_action(state, "random")


def vs_computer(argv: list[str]) -> int:
    """Options: --side K (the human plays the K-th alliance, default 0), --careless (the
    human only ends phases and takes the default losses), --size WxH (default 1600x900),
    --seed N (the game's seed), --shots all|phases (default phases)."""
    import random
    import time

    from game.rules import actions as A
    args, opts = _options(argv)
    scenario = args[0] if args else "mediterranean_1940"
    rounds = int(args[1]) if len(args) > 1 else 2
    side = int(opts.get("side", "0") or 0)
    careless = "careless" in opts
    size = tuple(int(v) for v in opts.get("size", "1600x900").split("x"))
    random.seed(int(opts.get("seed", "1")))
    pygame.init()
    uikit.SHOTS = uikit.SHOTS / "vs_computer" / f"{scenario.replace('/', '_')}_side{side}"
    app = App(pygame.Surface(size))
    menu = app.main_menu(selected=scenario)
    uikit.frame(app)
    uikit.shot(app, "menu")
    menu.start(True)                                   # type: ignore[attr-defined]
    uikit.frame(app)
    setup = app.top
    alliances = setup.sides()                          # type: ignore[attr-defined]
    for k, a in enumerate(alliances):                  # as a click on Human / Computer does
        setup.set_computer(a, k != side)               # type: ignore[attr-defined]
    uikit.frame(app)
    uikit.shot(app, "setup")
    uikit.key(app, pygame.K_RETURN)                    # Start game
    game = app.top if isinstance(app.top, GameScene) else getattr(app.top, "game", None)
    assert isinstance(game, GameScene), app.top
    print(f"{scenario}: human plays {alliances[side]}, seed {game.ctl.session.seed}")
    last, n, stale = None, 0, 0
    stats = {"ai_actions": 0, "ai_moves": 0, "ai_battles": 0, "ai_captures": 0, "human_actions": 0, "ai_time": 0.0}
    owners0 = dict(game.state.owners)
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
            before = game.ctl.version
            t0 = time.perf_counter()
            app.update(0.25)                           # the computer plays in the interface's time
            stats["ai_time"] += time.perf_counter() - t0
            app.draw()
            if game.ctl.version != before:
                stats["ai_actions"] += 1
                act = game.ctl.last_ai_action
                stats["ai_moves"] += isinstance(act, A.Move)
                stats["ai_battles"] += isinstance(act, A.SelectBattle)
                if "debug" in opts:
                    print(f"computer r{st.round} {st.player} {st.phase}: {act!r}"[:200])
            if game.ctl.ai_stuck:
                print("COMPUTER STUCK:", game.ctl.ai_stuck)
                break
            stale = 0 if game.ctl.version != before else stale + 1
            if stale == 8 and isinstance(app.top, BattleWindow):
                # the window waits for the human (a defender's submerge / withdraw offer while
                # the computer attacker waits): the careless player fights on
                print(f"r{st.round} {st.phase}: the window waits for the human; pressing F (fight on)")
                uikit.key(app, pygame.K_f)
            elif stale > 40:
                print(f"STALLED r{st.round} {st.player} {st.phase}: the computer is to act and does not")
                uikit.shot(app, "stalled")
                break
        elif isinstance(top, HandoffScene):
            uikit.key(app, pygame.K_RETURN)
        else:
            if isinstance(top, BattleWindow) and st.battle is None:
                uikit.key(app, pygame.K_RETURN)        # the human closes a finished battle
                continue
            stats["human_actions"] += 1
            action = careless_action(st) if careless else choose_action(st, "greedy")
            if "debug" in opts:
                print(f"human r{st.round} {st.phase} {type(top).__name__}: {action!r}"[:200])
            if not game.ctl.do(action):
                print("HUMAN ACTION REFUSED:", action, game.ctl.message)
                game.ctl.do(choose_action(st, "random"))
            uikit.frame(app)
        msg = game.ctl.message
        if msg is not None and msg.kind == "error":
            print(f"ERROR MESSAGE r{st.round} {st.player} {st.phase}: {msg.text}")
            game.ctl.message = None
    uikit.frame(app)
    uikit.shot(app, "final")
    st = game.state
    human = {p.id for p in st.scenario.players if not game.ctl.is_ai(p.id)}
    if owners0:
        lost = [s for s, o in owners0.items() if o in human and st.owners.get(s) not in human]
        stats["ai_captures"] = len(lost)
        stats["human_spaces_lost"] = lost[:12]
    print(f"round {st.round}, over {st.over}, winner {st.winner}; {n} shots in {uikit.SHOTS}")
    print("stats:", {k: (round(v, 1) if isinstance(v, float) else v) for k, v in stats.items()})
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--vs-computer" in args:
        raise SystemExit(vs_computer([a for a in args if a != "--vs-computer"]))
    raise SystemExit(main(args))
