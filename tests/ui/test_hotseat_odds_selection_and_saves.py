"""Fixes from the second QA playtest: odds off the interface thread, a side panel that
keeps the unit stacks in view, no auto-selection after a move, the odds line with the
percentage first, deliberate Enter, waiting units in the purchase screen, clearer
labels, tiny islands, and the computer sides kept in saves. Screenshots go to
$WARBOARD_SHOTS (default /tmp/warboard-shots)."""
from __future__ import annotations

import os
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import SHOTS, click, frame, key, shot, uids, wheel  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario, load_scenario_file, scenario_files  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.dialogs import ConfirmDialog, EscMenu, HandoffScene  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402
from game.ui.zone.purchase import PurchaseScene  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MINI = str(FIX / "mini.yaml")
MINI_IW = str(FIX / "mini_interwar.yaml")
SIZE = (1280, 800)
HAS_EUROPE = any(p.stem == "europe_1941" for p in scenario_files())


def make_game(units=None, path=MINI, seed=3, ai=(), size=SIZE):
    sc, _ = load_scenario_file(path)
    if units is not None:
        sc = replace(sc, start_units=tuple(units))
    session = Session(sc, load_ruleset(sc.ruleset_id), seed)
    app = App(pygame.Surface(size))
    app.strict = True
    game = GameScene(app, session, tuple(ai), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    return app, game


def stack_rows(game):
    names = {ut.name: uid for uid, ut in game.state.ruleset.units.items()}
    out = []
    for h in game.spots.items:
        head = h.tooltip.split(":")[0]
        if head in names and ": attack " in h.tooltip and h.rect.colliderect(game.panel.stack_rect):
            out.append((names[head], h))
    return out


# --- 1. odds never block a frame ---------------------------------------------------------------
def test_interwar_battle_window_draws_at_once_while_the_odds_compute(monkeypatch):
    import game.odds as odds_pkg
    real = odds_pkg.odds_for_space
    asked: list[dict] = []

    release = threading.Event()

    def slow(*a, **k):
        asked.append(k)
        release.wait(60)   # held until the frames below are drawn (a window that waited
        return real(*a, **k)   # for the odds would find them done: not pending)

    monkeypatch.setattr(odds_pkg, "odds_for_space", slow)
    app, game = make_game(path=MINI_IW)
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    game.open_battle()
    win = app.top
    assert isinstance(win, BattleWindow)
    for _ in range(3):                                 # frames draw while the odds compute
        app.update(0.016)
        app.draw()
    v, title, _ = win.odds()
    assert v is not None and v.pending and title == "Odds before round 1"
    shot(app, "qa2_battle_computing")
    release.set()
    assert odds_view.settle(120)
    app.update(0.0)
    app.draw()
    v, _, _ = win.odds()
    assert v.ok and asked and asked[0].get("trials") == odds_view.UI_TRIALS
    if v.result.method != "exact":                     # sampled: shown with its 95% interval
        assert "±" in odds_view.pct_ci(v.result)
        assert any("±" in line for line in odds_view.summary_lines(v, game.state.ruleset))
    shot(app, "qa2_battle_odds_ci")


def test_planned_attack_and_hover_odds_do_not_block_either(monkeypatch):
    import game.odds as odds_pkg
    real = odds_pkg.odds_for_space

    release = threading.Event()

    def slow(*a, **k):
        release.wait(60)   # held until the frame is drawn: a blocking frame finds it done
        return real(*a, **k)

    monkeypatch.setattr(odds_pkg, "odds_for_space", slow)
    app, game = make_game((("a2", "red", "infantry", 3), ("a2", "red", "armour", 1), ("m", "blue", "infantry", 2)))
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red", "infantry"), ("m",)))
    game.sel.select_space(game.state, "a2")
    game.hover = "m"
    app.update(0.0)
    app.draw()
    (sid, v), = game.attack_odds()
    assert v.pending
    assert any("computing odds" in line for line in game.tooltip_lines("m"))
    release.set()
    assert odds_view.settle(120)
    app.update(0.0)
    app.draw()
    (sid, v), = game.attack_odds()
    assert v.ok


# --- 2. the side panel keeps the stacks in view ------------------------------------------------
PANEL_UNITS = (("a2", "red", "infantry", 3), ("a2", "red", "artillery", 1), ("a2", "red", "armour", 1),
               ("a1", "red", "infantry", 4), ("a1", "red", "fighter", 1), ("a1", "red", "artillery", 1),
               ("s1", "red", "transport", 1), ("s1", "red", "destroyer", 1),
               ("m", "blue", "infantry", 1), ("b2", "blue", "infantry", 1), ("s2", "blue", "submarine", 1))


def test_stack_list_has_priority_over_planned_attacks_and_the_wheel_scrolls_what_is_under_it():
    app, game = make_game(PANEL_UNITS)
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red", "infantry")[:1], ("m",)))
    s.do(A.Move(uids(s.state, "a2", "red", "infantry")[:1], ("m",)))
    s.do(A.Move(uids(s.state, "s1", "red", "destroyer"), ("s2",)))
    frame(app)
    assert len(game.attack_odds()) == 2
    game.sel.select_space(game.state, "a1")
    frame(app)
    assert [t for t, _h in stack_rows(game)] == ["infantry", "artillery", "fighter"]   # all three rows
    shot(app, "qa2_panel_stacks_and_attacks")
    # the wheel over the log scrolls the log, over the stack list the list
    log = game.panel.log_rect
    before = game.panel.log_scroll
    wheel(app, (log.centerx, log.bottom - 10), 1)
    assert game.panel.log_scroll >= before
    assert game.panel.attack_rect.h > 0
    at = game.panel.attack_rect.center
    wheel(app, at, -1)                                # nothing to scroll: harmless
    assert game.panel.attack_scroll == 0


def test_small_window_stack_list_scrolls_by_wheel_over_its_header():
    app, game = make_game(PANEL_UNITS, size=(960, 600))
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red", "infantry")[:1], ("m",)))
    game.sel.select_space(game.state, "a1")
    frame(app)
    rows = stack_rows(game)
    if len(rows) < 3:                                  # a short window: the list scrolls
        r = game.panel.stack_rect
        before = game.panel.stack_scroll
        wheel(app, (r.x + 20, r.y + 4), -1)            # over the header line
        assert game.panel.stack_scroll == before + 1
    assert len(rows) >= 2


def test_shift_click_adds_a_stack_and_plain_click_replaces():
    app, game = make_game(PANEL_UNITS)
    game.ctl.session.do(A.EndPhase())
    game.sel.select_space(game.state, "a1")
    frame(app)
    click(app, dict(stack_rows(game))["infantry"].rect.midleft)
    assert [k[0] for k, n in game.sel.counts.items() if n] == ["infantry"]
    click(app, dict(stack_rows(game))["artillery"].rect.midleft)   # plain click: only the artillery
    assert [k[0] for k, n in game.sel.counts.items() if n] == ["artillery"]
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    click(app, dict(stack_rows(game))["infantry"].rect.midleft)   # Shift: add the infantry
    assert sorted(k[0] for k, n in game.sel.counts.items() if n) == ["artillery", "infantry"]
    click(app, dict(stack_rows(game))["infantry"].rect.midleft)   # Shift again: take it out
    assert [k[0] for k, n in game.sel.counts.items() if n] == ["artillery"]
    pygame.key.set_mods(0)
    # on the map: a plain click on a counter picks that stack, Ctrl+click adds one
    game.sel.select_space(game.state, "a2")
    frame(app)
    hits = {it.utype: rect for rect, sid, it in game.renderer.hits if sid == "a2"}
    click(app, hits["armour"].center)
    assert [k[0] for k, n in game.sel.counts.items() if n] == ["armour"]
    pygame.key.set_mods(pygame.KMOD_CTRL)
    click(app, hits["infantry"].center)
    assert sorted(k[0] for k, n in game.sel.counts.items() if n) == ["armour", "infantry"]
    pygame.key.set_mods(0)
    click(app, hits["infantry"].center)                # plain click: just that stack
    assert [k[0] for k, n in game.sel.counts.items() if n] == ["infantry"]


# --- 3. no auto-selection after a move ----------------------------------------------------------
def test_after_a_move_nothing_is_selected_at_the_destination():
    app, game = make_game(PANEL_UNITS)
    s = game.ctl.session
    s.do(A.EndPhase())
    game.sel.select_space(game.state, "a2")           # a2's infantry attack Middle; its armour stays
    game.sel.counts = {}
    game.sel.set_count(game.state, ("infantry", False, 0), 1)
    game._click_move("m")
    assert any(u.space == "m" and u.owner == "red" for u in game.state.units.values())
    assert game.sel.space == "m"
    assert not game.sel.group(game.state)
    assert not game.sel.highlights(game.state, game.ctl.version)


# --- 4. the odds line: the percentage first ------------------------------------------------------
def drawn_texts(monkeypatch, fn):
    """The strings `fn` draws with theme.text."""
    import game.ui.theme as theme
    orig = theme.text
    seen: list[str] = []

    def spy(surface, s, *a, **k):
        seen.append(s)
        return orig(surface, s, *a, **k)

    monkeypatch.setattr(theme, "text", spy)
    try:
        fn()
    finally:
        monkeypatch.setattr(theme, "text", orig)
    return seen


def test_hover_odds_line_starts_with_the_percentage(monkeypatch):
    app, game = make_game(PANEL_UNITS, size=(960, 600))
    game.ctl.session.do(A.EndPhase())
    game.sel.select_space(game.state, "a2")
    frame(app)
    sx, sy = game.cam.to_screen(*game.state.scenario.spaces["m"].center)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (int(sx), int(sy) - 4))   # over Middle
    game.update_hover((int(sx), int(sy) - 4))
    frame(app)
    assert game.hover == "m"
    texts = drawn_texts(monkeypatch, app.draw)
    lines = [t for t in texts if "to win" in t]
    assert lines and lines[0].split()[0].rstrip("%").lstrip("<>").isdigit(), lines
    assert "to win if you attack Middle" in " ".join(texts)
    shot(app, "qa2_hover_odds_line")


# --- 5. Enter ends a phase only when pressed deliberately ----------------------------------------
def test_enter_right_after_a_phase_change_asks_again_and_held_enter_ends_one_phase_at_most():
    app, game = make_game(PANEL_UNITS)
    frame(app)
    game.enter_block_until = 0.0
    key(app, pygame.K_RETURN, up=False)                # purchase: confirm dialog (nothing bought)
    if isinstance(app.top, ConfirmDialog):
        key(app, pygame.K_y)
    assert game.state.phase == "combat_move"
    key(app, pygame.K_RETURN, up=False)                # the same Enter, repeating
    key(app, pygame.K_RETURN, up=False)
    assert game.state.phase == "combat_move"
    key(app, pygame.K_RETURN)                          # a new press at once: too soon
    assert game.state.phase == "combat_move"
    assert "Enter again to end combat move" in game.ctl.message.text
    game.enter_block_until = time.monotonic() - 1     # a moment later
    key(app, pygame.K_RETURN)
    if isinstance(app.top, ConfirmDialog):
        key(app, pygame.K_y)
    assert game.state.phase != "combat_move"


# --- 6. purchase: units waiting from last turn ---------------------------------------------------
def test_purchase_shows_waiting_units_apart_from_this_turns():
    app, game = make_game(PANEL_UNITS)
    state = game.ctl.session.state
    key_ = "red|infantry"
    state.zone.purchased[key_] = 2                          # left unplaced last turn
    state.zone.bought.clear()
    app.push(PurchaseScene(app, game))
    frame(app)
    top = app.top
    tips = [h.tooltip for h in top.spots.items]
    assert any("not placed yet" in t for t in tips)
    minus = [h for h in top.spots.items if h.tooltip.startswith("Return one Infantry")]
    assert minus and not minus[0].enabled              # nothing of this turn to return
    shot(app, "qa2_purchase_waiting")
    from game.ui.zone.purchase import bought_now, waiting_units
    assert waiting_units(state) == {"infantry": 2} and bought_now(state) == {}


# --- 7. labels -------------------------------------------------------------------------------------
def test_banner_names_the_current_player_and_who_chooses_casualties(monkeypatch):
    # two kinds of defender: a real choice (a forced loss is taken without asking, #44)
    app, game = make_game((("a2", "red", "infantry", 3), ("m", "blue", "infantry", 2),
                           ("m", "blue", "artillery", 1)), seed=1)
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    for _ in range(30):
        b = s.state.zone.battle
        if b is None or game.ctl.actor() != s.state.player:
            break
        s.do(A.default_casualties(s.state) if b.awaiting == "casualties" else A.RollDice())
    if s.state.zone.battle is None:
        pytest.skip("the attacker missed every roll: nobody else chose casualties")
    frame(app)
    texts = drawn_texts(monkeypatch, lambda: game.draw_banner(app.surface))
    assert any(t.startswith("Conduct combat  —  Redland") and "(Blueland chooses casualties)" in t
               for t in texts), texts


def test_retreat_result_says_where_to():
    app, game = make_game((("a2", "red", "infantry", 2), ("m", "blue", "infantry", 3)))
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    game.open_battle()
    win = app.top
    for _ in range(20):
        b = s.state.zone.battle
        if b is None:
            break
        if b.awaiting == "continue" and any(isinstance(a, A.Retreat) for a in A.legal_actions(s.state)):
            s.do(A.Retreat("a2"))
            break
        s.do(A.default_casualties(s.state) if b.awaiting == "casualties" else A.RollDice())
    frame(app)
    if "retreats to" in " ".join(s.state.log(5)):
        assert win.result == "Redland retreated to Alpha Minor."
        shot(app, "qa2_retreat_result")


def test_bombarding_ships_are_listed_with_the_attacker():
    units = (("a2", "red", "infantry", 1), ("s1", "red", "transport", 1), ("s1", "red", "battleship", 1),
             ("m", "blue", "infantry", 1))
    app, game = make_game(units)
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.Move(uids(s.state, "a2", "red"), ("s1",)))
    ships = uids(s.state, "s1", "red", "transport") + uids(s.state, "s1", "red", "battleship")
    s.do(A.Move(ships, ("s2",)))
    s.do(A.Move(uids(s.state, "s2", "red", "infantry"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    assert s.state.zone.battle.bombard
    game.battle_view = "list"
    game.open_battle()
    frame(app)
    tips = [h.tooltip for h in app.top.spots.items]
    assert any("bombards the shore" in t for t in tips)
    shot(app, "qa2_bombard_list")
    app.top.toggle_view()
    frame(app)
    assert any(t.startswith("Bombarding the shore") for t in (h.tooltip for h in app.top.spots.items))
    shot(app, "qa2_bombard_strip")


def test_no_handoff_between_the_human_teams_own_powers_vs_computer():
    app, game = make_game(PANEL_UNITS, ai=("allies",))
    game.auto_overlays = True
    game.ctl.ai_sides = ("blue",)                     # red and green human, on different teams
    game.last_human = "red"
    assert game.needs_handoff("red", "green")
    game.ctl.ai_sides = ("allies",)                   # only the axis is human
    assert not game.needs_handoff(None, "red")
    game.ctl.ai_sides = ()
    assert game.needs_handoff("red", "blue")           # hotseat: always
    # vs computer with a one-team human side: no hand-off screen at all
    app, game = make_game(PANEL_UNITS, ai=("allies",))
    game.auto_overlays = True
    frame(app)
    assert not isinstance(app.top, HandoffScene)


def test_quit_right_after_saving_does_not_warn():
    app, game = make_game(PANEL_UNITS)
    frame(app)
    game.ctl.do(A.EndPhase())
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, EscMenu)
    menu.quit_to_menu()
    assert isinstance(app.top, ConfirmDialog)          # unsaved moves: ask
    app.pop()
    game.save_game()
    assert game.ctl.saved
    menu.quit_to_menu()
    assert not isinstance(app.top, (ConfirmDialog, GameScene))


# --- 8. tiny islands --------------------------------------------------------------------------------
@pytest.mark.skipif(not HAS_EUROPE, reason="needs the Europe 1941 scenario")
@pytest.mark.parametrize("zoom", (1.0, 1.6, 2.5))
def test_malta_shows_and_stays_clickable(zoom):
    sc = load_scenario("europe_1941")
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    game.cam.scale = zoom
    game.cam.center_on(*sc.spaces["malta"].center)
    frame(app)
    r = game.renderer
    x0, y0, x1, y1 = r.bounds["malta"]
    sx0, sy0 = game.cam.to_screen(x0, y0)
    sx1, sy1 = game.cam.to_screen(x1, y1)
    island = pygame.Rect(int(sx0), int(sy0), int(sx1 - sx0), int(sy1 - sy0))
    malta_counters = [rect for rect, sid, _it in r.hits if sid == "malta"]
    assert malta_counters
    for rect, sid, _it in r.hits:                      # no counter covers the island
        assert not rect.inflate(-4, -4).colliderect(island.inflate(-2, -2)), (sid, rect, island)
    for rect, sid, _it in r.hits:                      # Central Med keeps off Malta's pile
        if sid == "central_med":
            assert not any(rect.inflate(-4, -4).colliderect(m) for m in malta_counters)
    assert game.space_at(island.center) == "malta"
    assert game.space_at(malta_counters[0].center) == "malta"
    SHOTS.mkdir(parents=True, exist_ok=True)
    view = pygame.Rect(0, 0, 600, 400)
    view.center = island.center
    view = view.clip(pygame.Rect(game.cam.view))
    pygame.image.save(app.surface.subsurface(view), str(SHOTS / f"qa2_malta_{zoom}.png"))


# --- 9. the computer sides are saved ------------------------------------------------------------------
def test_save_keeps_the_computer_sides_and_levels(tmp_path):
    from game.io.saves import load_session, write_save
    app, game = make_game(PANEL_UNITS)
    game.ctl.ai_sides = ("allies",)
    game.ctl.ai_levels = {"allies": "random"}
    path = tmp_path / "g.json"
    write_save(path, game.ctl.session, players=game.ctl.players_field())
    _s, data = load_session(path)
    assert data["players"] == {"red": "human", "blue": "computer:random", "green": "computer:random"}
    app2 = App(pygame.Surface(SIZE))
    app2.strict = True
    g2 = app2.load_game(str(path))
    assert g2.ctl.is_ai("blue") and g2.ctl.is_ai("green") and not g2.ctl.is_ai("red")
    assert g2.ctl.level_of("blue") == "random"
    write_save(path, game.ctl.session)                 # without the field: the caller's choice
    _s, data = load_session(path)
    assert "players" not in data
    g3 = app2.load_game(str(path), ("axis",))
    assert g3.ctl.is_ai("red") and not g3.ctl.is_ai("blue")
