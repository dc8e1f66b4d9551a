"""Screenshot set-ups for hex maps (`python -m game screenshot SCENARIO --view ...`):
`move` (a stack selected in the movement phase, a destination hovered) and
`attack` (the combat phase with an attack prepared: odds, shifts, results)."""
from __future__ import annotations

from game.rules import actions as A
from game.rules import hexcombat, hexmove


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


def center(game, hid: str) -> None:
    game.hexplay.look_at(*game.renderer.centers[hid])
