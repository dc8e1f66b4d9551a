"""Screenshot set-ups for hex maps (`python -m game screenshot SCENARIO --view ...`):
`move` (a stack selected in the movement phase, a destination hovered),
`attack` (the combat phase with an attack prepared: odds, shifts, results), and the
choices after a combat result: `losses` (the loss panel), `retreat` (the retreat hexes)
and `advance` (advance after combat); for these the computer plays the game until such a
choice comes up."""
from __future__ import annotations

import sys

from game.rules import actions as A
from game.rules.hex import combat as hexcombat
from game.rules.hex import move as hexmove


def to_phase(session, phase: str) -> None:
    for _ in range(12):
        if session.state.phase == phase or session.state.over:
            return
        session.do(A.EndPhase())


def prepare(game, view: str) -> None:
    """Bring a fresh hex game (GameScene) to the moment `view` shows."""
    session = game.ctl.session
    play = game.hexplay
    if view == "move":
        to_phase(session, "movement")
        game.ctl.version += 1
        state = session.state
        for u in sorted(state.units.values(), key=lambda u: u.uid):
            if u.owner != state.player:
                continue
            dests = hexmove.reachable(state, (u.uid,))
            if len(dests) >= 3:
                play.click(u.space)
                group = play.dests()
                if group:
                    game.hover = max(group, key=lambda h: (len(group[h]), h))
                center(game, u.space)
                return
    elif view == "attack":
        to_phase(session, "combat")
        game.ctl.version += 1
        targets = hexcombat.attack_targets(session.state)
        if targets:
            play.click(targets[0])
            center(game, targets[0])


    elif view in ("losses", "retreat", "advance"):
        found = find_choice(session, view)
        for seed in range(2, 12):   # this seed's game never offered it: try the next game
            if found:
                break
            from game.rules.session import Session
            st0 = session.state
            alt = Session(st0.scenario, st0.ruleset, seed)
            if find_choice(alt, view):
                game.ctl.session = session = alt
                found = True
        if not found:
            print(f"warning: no {view} choice came up while the computer played this scenario; "
                  "the picture shows where the game stopped.", file=sys.stderr)
        else:
            game.ctl.version += 1
            st = session.state
            p = hexcombat.pending(st)
            hid = p.target if p is not None else st.hexturn.advance[0]
            if view == "retreat" and p is not None:
                opts = hexcombat.retreat_options(st, play.retreating())
                others = sorted(h for h in opts if h != play.retreat_default())
                if others:
                    game.hover = others[0]
            center(game, hid)


def find_choice(session, view: str, max_actions: int = 4000) -> bool:
    """Let the computer play until a choice of this kind waits (a loss choice with more than
    one unit, a retreat with a choice of hexes, an advance). False if none came up."""
    from game.ai import choose_action
    for _ in range(max_actions):
        st = session.state
        if st.over:
            return False
        p = hexcombat.pending(st)
        if view == "losses" and p is not None and p.stage.endswith("losses"):
            return True
        if view == "retreat" and p is not None and p.stage.endswith("retreat"):
            rt = hexcombat.default_retreat(st)
            if rt is not None and len(hexcombat.retreat_options(st, rt[0])) > 1:
                return True
        if view == "advance" and st.hexturn is not None and st.hexturn.advance is not None:
            return True
        session.do(choose_action(st, "greedy"))
    return False


def center(game, hid: str) -> None:
    game.hexplay.look_at(*game.renderer.centers[hid])
