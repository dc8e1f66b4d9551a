"""Headless screenshots of every screen: `render(scenario, view, size)`.

Views: map, purchase, battle, menu, handoff, gameover. Each is a fresh game
(seed 1) brought to the right moment by real actions, drawn once offscreen.
"""
from __future__ import annotations

import os
from dataclasses import replace

VIEWS = ("map", "purchase", "battle", "menu", "handoff", "gameover")


def _init() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    if not pygame.get_init():
        pygame.init()
    if not pygame.font.get_init():
        pygame.font.init()


def _session(scenario: str, seed: int = 1, demo: bool = False):
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    if demo and not sc.start_units:
        sc = replace(sc, start_units=demo_units(sc, rs))
    return Session(sc, rs, seed)


def demo_units(sc, rs) -> tuple[tuple[str, str, str, int], ...]:
    """A small front line for scenarios without a setup (test maps): the first
    player faces the first enemy territory next to its own land."""
    land = sorted((u for u in rs.units.values() if u.domain == "land" and isinstance(u.cost, int)),
                  key=lambda u: u.cost)
    air = [u for u in rs.units.values() if u.domain == "air"]
    if not land or len(sc.players) < 2:
        return ()
    first = sc.players[0]
    owners = sc.start_owners
    for sid, sp in sc.spaces.items():
        if owners.get(sid) != first.id or sp.is_sea:
            continue
        for adj in sp.adjacent:
            other = owners.get(adj)
            enemy = next((p for p in sc.players if p.id == other and p.alliance != first.alliance), None)
            if enemy is None or sc.spaces[adj].impassable:
                continue
            units = [(sid, first.id, land[0].id, 3), (adj, enemy.id, land[0].id, 2)]
            if len(land) > 1:
                units += [(sid, first.id, land[1].id, 2), (adj, enemy.id, land[-1].id, 1)]
            if len(land) > 2:
                units.append((sid, first.id, land[-1].id, 1))
            if air:
                units.append((sid, first.id, air[0].id, 1))
            return tuple(units)
    return ()


def setup_battle(session) -> bool:
    """Drive a fresh game to an opened battle with one roll made. True on success."""
    from game.rules import actions as A
    from game.rules import movement
    from game.rules.errors import IllegalAction
    for _ in range(len(session.state.scenario.players)):
        state = session.state
        while state.phase != movement.COMBAT and not state.over:
            session.do(A.EndPhase())
            state = session.state
        target = None
        for a in A.legal_actions(state, max_moves=2000):
            if isinstance(a, A.Move) and movement.enemies_in(state, a.path[-1], state.player):
                target = a.path[-1]
                break
        if target is not None:
            for (_sp, _t, aboard, _m), units in A.stacks(state, state.player).items():
                if aboard:
                    continue
                st = session.state
                live = [st.units[u.uid] for u in units if u.uid in st.units]
                dests = movement.reachable(st, live) if live else {}
                if target in dests:
                    try:
                        session.do(A.Move(tuple(u.uid for u in live), dests[target]))
                    except IllegalAction:
                        pass
            session.do(A.EndPhase())
            if target in session.state.battles:
                session.do(A.SelectBattle(target))
                session.do(A.RollDice())
                return True
        # no attack for this player: finish the turn
        start_player = session.state.player_idx
        guard = 0
        while session.state.player_idx == start_player and not session.state.over and guard < 20:
            guard += 1
            try:
                session.do(A.EndPhase())
            except IllegalAction:
                return False
    return False


def render(scenario: str, view: str = "map", size: tuple[int, int] = (1600, 900)):
    """Draw one representative frame of a screen offscreen; returns the Surface."""
    _init()
    import pygame

    from game.rules import actions as A

    from .app import App
    from .battle_window import BattleWindow
    from .dialogs import GameOverScene, HandoffScene
    from .game_scene import GameScene
    from .purchase import PurchaseScene
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}'; choose one of: {', '.join(VIEWS)}")
    surface = pygame.Surface(size)
    app = App(surface)
    if view == "menu":
        app.main_menu(selected=scenario)
        app.draw()
        return surface
    session = _session(scenario, demo=(view == "battle"))
    if view == "battle":
        if not setup_battle(session):
            session = _session(scenario, seed=1, demo=True)
            setup_battle(session)
    if view == "gameover":
        for _ in range(20000):
            if session.state.over:
                break
            try:
                session.do(A.EndPhase())
            except Exception:  # noqa: BLE001 - a phase that cannot end: stop here
                break
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    if view == "purchase":
        state = session.state
        for uid, ut in state.ruleset.units.items():
            if ut.domain == "land" and isinstance(ut.cost, int) and ut.cost * 2 <= state.resources[state.player]:
                game.ctl.do(A.Purchase(uid, 2))
                break
        app.push(PurchaseScene(app, game))
    elif view == "battle":
        if session.state.battle is not None:
            app.push(BattleWindow(app, game))
    elif view == "handoff":
        app.push(HandoffScene(app, game, session.state.player))
    elif view == "gameover":
        app.push(GameOverScene(app, game))
    game.update(0.0)
    app.draw()
    return surface


def save(scenario: str, out: str, size: tuple[int, int] = (1600, 900), view: str = "map") -> str:
    """Render a view and write it as a PNG; returns the path."""
    import pygame
    surface = render(scenario, view, size)
    folder = os.path.dirname(os.path.abspath(out))
    os.makedirs(folder, exist_ok=True)
    pygame.image.save(surface, out)
    return out
