"""The history browser (issue #43 item 1): H opens the game's history as a tree (rounds,
players, phases, steps); selecting a step shows the map as it stood then, read-only;
H, Esc or 'Back to the present' returns to the live game, which goes on. Zone and hex maps,
a loaded save, and computer players wait while it is open."""
from __future__ import annotations

from collections import Counter

import pygame
import pytest
import uikit

from game.ai import choose_action
from game.io.saves import load_session, write_save
from game.rules import actions as A
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash
from game.ui.app import App
from game.ui.controller import AI_INTERVAL
from game.ui.game_scene import GameScene
from game.ui.history_view import HistoryView, button_rect

SIZE = (1600, 900)


def played(scenario: str, rounds: int, seed: int = 2) -> Session:
    sc = load_scenario(scenario)
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    while not s.state.over and s.state.round <= rounds:
        s.do(choose_action(s.state, "greedy"))
    return s


@pytest.fixture(scope="module")
def med():
    return played("mediterranean_1940", 2)


@pytest.fixture(scope="module")
def crete():
    return played("crete_1941", 1)


def window(session: Session, ai_sides=()):
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, ai_sides, autosave=False)
    game.auto_overlays = False
    game.gameover_dismissed = True
    if game.hexplay is not None:
        game.renderer.budget_ms = None
    app.reset(game)
    uikit.frame(app)
    return app, game


def counts(state) -> Counter:
    return Counter(u.space for u in state.units.values())


def first_move(hv: HistoryView):
    stack = list(hv.root.children)
    while stack:
        n = stack.pop(0)
        if n.kind == "action" and isinstance(hv.timeline.actions[n.at - 1], A.Move):
            return n
        stack = n.children + stack
    raise AssertionError("no move in the history")


def row_pos(hv: HistoryView, node) -> tuple[int, int]:
    hv.keep_visible(node)
    uikit.frame(hv.app)
    for h in hv.spots.items:
        if h.data is node:
            return h.rect.center
    raise AssertionError(f"no row for {node.label}")


def test_h_opens_the_tree_a_past_step_shows_then_back_to_the_present(med):
    session = Session(med.scenario, med.ruleset, med.seed)
    for a in med.actions:
        session.do(a)
    app, game = window(session)
    live, n = game.state, len(session.actions)
    uikit.key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView) and hv.blocks_ai and hv.past is None
    labels = [node.label for node, _ in hv.rows()]
    assert labels[0] == "Round 1" and "Round 2" in labels
    rnd = hv.find("round", "Round 1")
    assert [t.label for t in rnd.children][:2] == ["Germany", "United Kingdom"]
    assert [p.label for p in rnd.children[0].children][:3] == ["purchase", "combat move", "conduct combat"]
    # a click on the round's row opens it: its players are rows
    uikit.click(app, row_pos(hv, rnd))
    assert hv.selected is rnd and "Germany" in [node.label for node, _ in hv.rows()]
    # a move: the map is the position after it, the banner says when, the path is drawn
    move = first_move(hv)
    hv.reveal(move)
    uikit.click(app, row_pos(hv, move))
    assert hv.selected is move and hv.past is not None
    assert counts(hv.past) != counts(live)
    assert state_hash(hv.past) == state_hash(hv.timeline.state(move.at))
    act = hv.timeline.actions[move.at - 1]
    assert hv.trail[-1] == act.path[-1] and len(hv.trail) >= 2
    assert hv.banner_text().startswith("History: round 1, Germany, Combat move")
    assert f"after action {move.at} of {n}" in hv.banner_text()
    # read-only: a click on the map changes nothing and says so
    view = pygame.Rect(game.cam.view)
    uikit.click(app, view.center)
    assert app.top is hv and "Viewing the past" in hv.note[0]
    assert game.state is live and len(session.actions) == n
    # keys walk the tree
    uikit.key(app, pygame.K_DOWN)
    assert hv.selected is not move and hv.past is not None
    uikit.shot(app, "history-zone")
    # back to the present: the live game as it was, and it goes on
    uikit.key(app, pygame.K_h)
    assert app.top is game and game.state is live
    assert game.ctl.do(A.EndPhase()) and len(session.actions) == n + 1


def test_the_back_button_and_esc_return(med):
    app, game = window(Session.replay(med.scenario, med.ruleset, med.seed, med.actions[:40]))
    uikit.click(app, button_rect(game).center)   # the map's History button
    hv = app.top
    assert isinstance(hv, HistoryView)
    back = next(h for h in hv.spots.items if h.action == hv.close)
    uikit.click(app, back.rect.center)
    assert app.top is game
    uikit.key(app, pygame.K_h)
    assert isinstance(app.top, HistoryView)
    uikit.key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_computer_players_wait_while_the_history_is_open(med):
    session = Session.replay(med.scenario, med.ruleset, med.seed, med.actions[:10])
    app, game = window(session, ai_sides=("axis", "allies"))
    uikit.key(app, pygame.K_h)
    n = len(session.actions)
    for _ in range(4):
        app.update(AI_INTERVAL * 1.5)
        app.draw()
    assert len(session.actions) == n
    uikit.key(app, pygame.K_h)
    for _ in range(20):
        app.update(AI_INTERVAL * 1.5)
        if len(session.actions) > n:
            break
    assert len(session.actions) > n


def test_a_battle_opens_on_its_dice_and_casualties(med):
    app, game = window(Session.replay(med.scenario, med.ruleset, med.seed, med.actions))
    uikit.key(app, pygame.K_h)
    hv = app.top
    battle = hv.find("battle")
    assert battle is not None
    hv.reveal(battle)
    uikit.click(app, row_pos(hv, battle))   # a click on its name selects and opens it (issue #43)
    rows = [node for node, _ in hv.rows()]
    steps = [c for c in battle.children if c in rows]
    assert steps and any("fires:" in line for c in steps for line in c.lines)
    assert len(hv.trail) == 1 and hv.trail[0] in med.scenario.spaces


def test_a_loaded_save_has_its_history(med, tmp_path):
    path = tmp_path / "med.json"
    write_save(path, Session.replay(med.scenario, med.ruleset, med.seed, med.actions[:60]))
    session, _ = load_session(path)
    app, game = window(session)
    uikit.key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView) and len(hv.timeline) == 60
    hv.select(hv.find("phase"))
    uikit.frame(app)
    assert state_hash(hv.past) == state_hash(session.initial)


def test_hex_map_history(crete):
    session = Session.replay(crete.scenario, crete.ruleset, crete.seed, crete.actions)
    app, game = window(session)
    live = game.state
    uikit.key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView)
    assert [t.label for t in hv.find("round", "Round 1").children][0] == "Germany"
    attack = next(n for n in _actions(hv.root) if isinstance(hv.timeline.actions[n.at - 1], A.Attack))
    hv.reveal(attack)
    uikit.click(app, row_pos(hv, attack))
    assert hv.past is not None and hv.trail == (hv.timeline.actions[attack.at - 1].target,)
    assert state_hash(hv.past) != state_hash(live)
    before = hv.timeline.state(attack.at - 1)
    assert counts(before) != counts(live)
    uikit.shot(app, "history-hex")
    uikit.key(app, pygame.K_ESCAPE)
    assert app.top is game and game.state is live


def _actions(node):
    for c in node.children:
        if c.kind == "action":
            yield c
        yield from _actions(c)



def test_h_on_the_game_over_window_opens_the_whole_history(crete):
    from game.ui.dialogs import GameOverScene
    session = played("crete_1941", 9)
    app, game = window(session)
    game.gameover_dismissed = False
    uikit.frame(app)
    assert session.state.over and isinstance(app.top, GameOverScene)
    uikit.key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView) and hv.find("round", f"Round {session.state.round}") is not None
    uikit.key(app, pygame.K_h)
    assert app.top is game


def test_reopening_reuses_the_history_until_the_game_moves_on(med):
    session = Session.replay(med.scenario, med.ruleset, med.seed, med.actions[:50])
    app, game = window(session)
    uikit.key(app, pygame.K_h)
    first = app.top.timeline
    uikit.key(app, pygame.K_h)
    uikit.key(app, pygame.K_h)
    assert app.top.timeline is first
    uikit.key(app, pygame.K_h)
    assert game.ctl.do(med.actions[50])
    uikit.key(app, pygame.K_h)
    assert app.top.timeline is not first and len(app.top.timeline) == 51


def test_a_new_game_has_an_empty_history(med):
    app, game = window(Session(med.scenario, med.ruleset, med.seed))
    uikit.key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView) and hv.rows() == [] and len(hv.timeline) == 0
    uikit.key(app, pygame.K_DOWN)
    assert hv.selected is None and "the present" in hv.banner_text()
    uikit.key(app, pygame.K_ESCAPE)
    assert app.top is game
