"""The airdrop step of the combat move (seed 002 paratroopers) and the reconnaissance
reroll choice in the battle window (seed 000 armored car), driven by keys and clicks.
Screenshots go to $WARBOARD_SHOTS (default /tmp/warboard-shots)."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import click, frame, key, shot  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.rules.zone import battle as B  # noqa: E402
from game.ui import odds_view, screenshot
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.selection import BOARD, FRIENDLY, HOSTILE, PLACE  # noqa: E402
from game.ui.zone import airdrop_view, strip  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MINI = str(FIX / "mini.yaml")
MINI_IW = str(FIX / "mini_interwar.yaml")
SIZE = (1280, 800)
DROP_UNITS = (("a1", "red", "paratrooper", 3), ("a2", "red", "infantry", 1),
              ("m", "blue", "infantry", 1), ("m", "blue", "aaa", 1), ("b2", "blue", "infantry", 1))


@pytest.fixture(autouse=True)
def _quick_odds(monkeypatch):
    """The odds engine is not under test here: a fixed answer, at once."""
    monkeypatch.setattr(airdrop_view, "drop_odds", lambda *a, **k: None)


def make_game(units=DROP_UNITS, path=MINI, ai=()):
    sc, _ = load_scenario_file(path)
    sc = replace(sc, start_units=tuple(units))
    session = Session(sc, load_ruleset(sc.ruleset_id), 3)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, tuple(ai), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    session.do(A.EndPhase())                   # purchase -> combat move
    game.ctl.version += 1
    frame(app)
    return app, game


def space_pos(game, sid):
    x, y = game.cam.to_screen(*game.state.scenario.spaces[sid].center)
    return int(x), int(y) - 6


def tooltips(game):
    return [h.tooltip for h in game.spots.items]


# --- the airdrop step ------------------------------------------------------------------------
def test_airdrop_button_and_key_start_the_step_with_violet_drop_spaces():
    # seed 002: PARATROOPER, "can move up to 2 spaces by air"; issue #7: the drop is its own
    # step in the combat move
    app, game = make_game()
    assert any("(P)" in t and "Airdrop" in t for t in tooltips(game))   # the button says its key
    key(app, pygame.K_p)
    assert game.drop.active and game.drop.space == "a1"                # the only take-off territory
    assert [u.type for u in game.drop.group(game.state)] == ["paratrooper"] * 3
    hl = game.drop.highlights(game.state, game.ctl.version)
    assert hl == {"m": airdrop_view.DROP}                              # b2 is 3 away; a2 is friendly
    assert airdrop_view.DROP not in (HOSTILE, FRIENDLY, BOARD, PLACE)
    text = " ".join(tooltips(game))
    assert "Cancel" in text or "Esc" in text
    game.hover = "m"
    frame(app)
    shot(app, "airdrop_step")
    assert any("drop here" in line for line in game.tooltip_lines("m"))
    key(app, pygame.K_ESCAPE)                                          # leaves the step, no menu
    assert not game.drop.active and app.top is game


def test_an_illegal_drop_space_is_explained_in_the_rules_words():
    app, game = make_game()
    key(app, pygame.K_p)
    click(app, space_pos(game, "b2"))
    assert game.ctl.message.kind == "error" and "3 spaces away" in game.ctl.message.text
    click(app, space_pos(game, "a2"))
    assert "only into an attack" in game.ctl.message.text           # a2 is red's own
    assert any("only into an attack" in line for line in game.tooltip_lines("a2"))
    assert game.drop.active and not any(u.space != "a1" for u in game.drop.group(game.state))


def test_clicking_a_violet_space_drops_the_chosen_paratroopers():
    app, game = make_game()
    key(app, pygame.K_p)
    game.drop.set_count(game.state, "paratrooper", 2)
    click(app, space_pos(game, "m"))
    dropped = [u for u in game.state.units.values() if u.space == "m" and u.owner == "red"]
    assert len(dropped) == 2 and all(u.airborne for u in dropped)
    assert not game.drop.active and game.ctl.message.kind == "good"
    assert "drop on Middle" in game.ctl.message.text
    key(app, pygame.K_z, pygame.KMOD_CTRL)                            # an airdrop can be undone
    assert not any(u.space == "m" and u.owner == "red" for u in game.state.units.values())


def test_right_click_leaves_the_step_and_p_without_paratroopers_says_why():
    app, game = make_game()
    key(app, pygame.K_p)
    click(app, space_pos(game, "m"), button=3)
    assert not game.drop.active
    app2, game2 = make_game(units=(("a2", "red", "infantry", 1), ("m", "blue", "infantry", 1)))
    assert not any("Airdrop" in t for t in tooltips(game2))         # no button without paratroopers
    key(app2, pygame.K_p)
    assert not game2.drop.active and "no paratroopers" in game2.ctl.message.text


def test_drop_risk_counts_the_anti_aircraft_dice_the_rules_would_roll():
    # seed 002: PARATROOPER, "Paratroopers are exposed to fire from anti-aircraft guns – same
    # rules apply as for air units" (one AAA: up to 3 dice, one per paratrooper, at 1 of 6)
    app, game = make_game()
    group = [u for u in game.state.units.values() if u.type == "paratrooper"]
    risks = airdrop_view.drop_risks(game.state, group, "m")
    assert len(risks) == 1 and "3 dice at 1" in risks[0].text
    assert risks[0].p_safe == pytest.approx(1 - 0.5 / 3)
    assert "all 58%" in risks[0].text                                   # (5/6)^3
    assert airdrop_view.range_text(game.state, group).startswith("Flies up to 2 spaces from Alpha")


def test_dropped_paratroopers_show_their_first_round_value_on_the_strip():
    # seed 002: PARATROOPER, "When a Paratrooper unit attacks by air alone ... the attack
    # factor is "3" ... in the first round of combat. From the second round ... "1"."
    app, game = make_game(units=(("a1", "red", "paratrooper", 2), ("m", "blue", "infantry", 2)))
    key(app, pygame.K_p)
    click(app, space_pos(game, "m"))
    s = game.ctl.session
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    b = game.state.zone.battle
    cols = strip.strip_columns(game.state, b, "attacker")
    assert [u.type for u in cols[3]] == ["paratrooper", "paratrooper"]
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    frame(app)
    shot(app, "airdrop_strip")
    tips = [h.tooltip for h in win.spots.items if h.tooltip.startswith("Paratrooper")]
    assert tips and "3 in round 1" in tips[0] and "airborne" in tips[0]


def test_europe_airdrop_view_renders_with_a_drop_space_hovered():
    if not any(p.stem == "europe_1941" for p in __import__("game.rules.ruleset", fromlist=["x"]).scenario_files()):
        pytest.skip("no europe_1941")
    session, home = screenshot.airdrop_session("europe_1941")
    assert home == "germany"
    group = airdrop_view.AD.flyers(session.state, home)[home]
    assert screenshot.best_drop(session.state, group) in airdrop_view.AD.targets(session.state, group)


# --- reconnaissance rerolls ----------------------------------------------------------------------
@pytest.fixture
def reroll_game(monkeypatch):
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    session = screenshot.reroll_session(MINI_IW)
    b = session.state.zone.battle
    assert b is not None and b.awaiting == "reroll"
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    frame(app)
    return app, game, win


def die_spots(win):
    return [h for h in win.spots.items if isinstance(h.data, tuple) and h.data[0] == "reroll_die"]


def test_reroll_window_preselects_the_default_and_shows_the_allowance(reroll_game):
    # seed 000 (reconnaissance, Helsinki W3): an armored car lets its side reroll one
    # artillery die per round
    app, game, win = reroll_game
    state = game.state
    assert win.reroll.pick == list(B.default_reroll(state))
    status, _col = win.status_text()
    assert "may reroll 1 die" in status
    labels = " ".join(h.tooltip for h in win.spots.items)
    assert "(K)" in labels and "(R" in labels
    assert any("Armored Car" in t for t in [reroll_allowance(state)])
    shot(app, "reroll_choice")


def reroll_allowance(state):
    from game.ui.zone.reroll_view import allowance_text
    return allowance_text(state, state.zone.battle)


def test_clicking_dice_chooses_within_the_allowance_and_r_rerolls_them(reroll_game):
    app, game, win = reroll_game
    state = game.state
    elig = B.reroll_eligible(state)
    assert B.reroll_limit(state) == 1 and len(elig) >= 2
    win.reroll.pick = []
    clickable = [h for h in die_spots(win) if h.action is not None]
    assert len(clickable) == len(elig)
    click(app, clickable[0].rect.center)
    assert win.reroll.pick == [elig[0]]
    click(app, clickable[1].rect.center)                   # a full choice swaps its die
    assert win.reroll.pick == [elig[1]]
    fixed = [h for h in die_spots(win) if h.action is None]
    if fixed:                                              # a die no reconnaissance covers
        assert "cannot be rerolled" in fixed[0].tooltip
    key(app, pygame.K_1)                                   # keys pick the allowed dice in order
    assert win.reroll.pick == [elig[0]]
    before = game.state.zone.battle.rolls[-1]
    key(app, pygame.K_r)
    after_rolls = [r for r in game.state.zone.battle.rolls if r.step == before.step and r.side == before.side] \
        if game.state.zone.battle is not None else []
    assert not after_rolls or after_rolls[-1].rerolled == (elig[0],)
    assert game.state.zone.battle is None or game.state.zone.battle.awaiting != "reroll" \
        or game.state.zone.battle.rolls[-1] is not before


def test_k_keeps_the_dice(reroll_game):
    app, game, win = reroll_game
    faces = [d for _t, _n, d in game.state.zone.battle.rolls[-1].dice]
    key(app, pygame.K_k)
    b = game.state.zone.battle
    assert b is not None and b.awaiting != "reroll"
    roll = [r for r in b.rolls if r.side == "attacker"][-1]
    assert [d for _t, _n, d in roll.dice] == faces and not roll.rerolled


def test_the_computer_decides_its_rerolls_with_the_default(reroll_game):
    app, game, win = reroll_game
    game.ctl.ai_sides = (game.state.zone.battle.attacker,)
    assert not win.my_move()
    frame(app)
    status, _ = win.status_text()
    assert "(computer) decides" in status
    want = B.default_reroll(game.state)
    assert game.ctl.step_ai()
    roll = [r for r in game.state.zone.battle.rolls if r.side == "attacker"][-1]
    assert roll.rerolled == want


def test_interwar_strip_columns_follow_the_rules_values_with_support():
    # the d12 strip: every unit in the column of the value it fires at this round
    s = screenshot.battle_session(MINI_IW, {"infantry": 2, "artillery": 1, "armored_car": 1},
                                  {"infantry": 2, "artillery": 1}, rolls=0)
    state, b = s.state, s.state.zone.battle
    for side in ("attacker", "defender"):
        role = strip.role_of(side)
        units = B.side_units(state, b, side)
        bonus = B.support_bonus(state, B.alive(state, units), role)
        want = {u.uid: B.fire_value(state, b, u, role, bonus) for u in units if strip.fires(state, b, u, side)}
        got = {u.uid: v for u, v in strip.side_values(state, b, side) if strip.fires(state, b, u, side)}
        assert got == want
    att = {u.type: v for u, v in strip.side_values(state, b, "attacker")}
    inf = state.ruleset.units["infantry"]
    assert max(v for u, v in strip.side_values(state, b, "attacker") if u.type == "infantry") == inf.attack + 1
    assert att["artillery"] == state.ruleset.units["artillery"].attack


def test_a_die_the_rules_do_not_allow_is_refused_with_a_reason(reroll_game, monkeypatch):
    app, game, win = reroll_game
    from game.ui.zone import reroll_view
    monkeypatch.setattr(reroll_view.B, "reroll_eligible", lambda state, b=None: [0])
    win.reroll.pick = []
    win.toggle_reroll(1)
    assert win.reroll.pick == [] and "cannot be rerolled" in win.error and "Artillery" in win.error


def test_interwar_strip_puts_a_damaged_ship_in_the_column_of_its_damaged_value(monkeypatch):
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    # the d12 strip shows damage: a battleship hit once fires at its damaged attack
    sc, _ = load_scenario_file(MINI_IW)
    sc = replace(sc, start_units=(("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1),
                                  ("s2", "blue", "destroyer", 2)))
    session = Session(sc, load_ruleset("interwar"), 3)
    session.do(A.EndPhase())
    session.do(A.Move(tuple(u.uid for u in session.state.units.values() if u.owner == "red"), ("s2",)))
    session.do(A.EndPhase())
    session.do(A.SelectBattle("s2"))
    state = session.state
    bs = next(u for u in state.units.values() if u.type == "battleship")
    ut = state.ruleset.units["battleship"]
    assert strip.strip_columns(state, state.zone.battle, "attacker")[ut.attack] == [bs]
    state.units[bs.uid] = replace(bs, damage=1)
    cols = strip.strip_columns(state, state.zone.battle, "attacker")
    assert bs.uid in [u.uid for u in cols[ut.value("attack", 1)]] and ut.value("attack", 1) < ut.attack
    assert not cols[ut.attack]
    app = App(pygame.Surface(SIZE))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    frame(app)
    shot(app, "interwar_damaged_strip")
    tip = next(h.tooltip for h in win.spots.items if h.tooltip.startswith("Battleship"))
    assert f"attack {ut.value('attack', 1)}" in tip


def test_playtest_europe_paratroopers_drop_and_fight_by_keys_and_clicks(monkeypatch):
    # a short playtest on europe_1941: Germany's paratroopers take off with P, drop on a
    # violet space, and the battle is fought in the window with R / Enter
    from game.rules.ruleset import load_scenario, scenario_files
    if not any(p.stem == "europe_1941" for p in scenario_files()):
        pytest.skip("no europe_1941")
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    sc = load_scenario("europe_1941")
    sc = replace(sc, start_units=sc.start_units + (("germany", "germany", "paratrooper", 2),))
    session = Session(sc, load_ruleset("g40"), 5)
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    game = GameScene(app, session, ("allies", "italy"), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    session.do(A.EndPhase())
    game.ctl.version += 1
    frame(app)
    key(app, pygame.K_p)
    assert game.drop.space == "germany"
    targets = game.drop.targets(game.state, game.ctl.version)
    assert targets and "moscow" not in targets
    click(app, space_pos(game, "moscow"))                       # too far: the reason, no drop
    assert "3 spaces away" in game.ctl.message.text and game.drop.active
    dest = min(targets, key=lambda s: (len([u for u in game.state.units_in(s) if u.owner != "germany"]), s))
    game.cam.center_on(*sc.spaces[dest].center)
    frame(app)
    click(app, space_pos(game, dest))
    assert all(u.space == dest and u.airborne for u in game.state.units.values() if u.type == "paratrooper")
    game.enter_block_until = 0.0
    key(app, pygame.K_RETURN)                                   # end the combat move
    assert game.state.phase == "conduct_combat" and dest in game.state.zone.battles
    click(app, space_pos(game, dest))
    assert isinstance(app.top, BattleWindow)
    for _ in range(40):
        b = game.state.zone.battle
        if b is None:
            break
        if game.ctl.ai_to_act():
            game.ctl.step_ai()
            frame(app)
        else:
            key(app, pygame.K_RETURN if b.awaiting == "casualties" else pygame.K_r)
    assert game.state.zone.battle is None
    log = " ".join(game.state.log(30))
    assert "fly from Germany" in log and "(airborne attack)" in log
    shot(app, "playtest_europe_airdrop_done")


def test_the_strip_lane_dice_are_clickable_for_a_reroll_too(reroll_game):
    app, game, win = reroll_game
    win.reroll.pick = []
    frame(app)
    lane = [h for h in win.spots.items if "click: reroll this die" in h.tooltip]
    assert lane and all(h.action is not None for h in lane)
    click(app, lane[0].rect.center)
    assert len(win.reroll.pick) == 1
    assert any("chosen for a reroll" in h.tooltip for h in win.spots.items if h.rect == lane[0].rect)


def test_in_the_noncombat_move_paratroopers_fly_only_into_a_friendly_capital():
    # seed 002: PARATROOPER, "can move into a friendly Capital by air during non-combat movement"
    app, game = make_game(units=(("m", "red", "paratrooper", 1), ("b2", "blue", "infantry", 1)))
    s = game.ctl.session
    game.state.owners["m"] = "red"
    s.do(A.EndPhase())
    s.do(A.EndPhase())                                          # -> non-combat move
    game.ctl.version += 1
    frame(app)
    assert game.state.phase == "noncombat_move"
    assert any("Fly paratroopers" in t or "friendly capital" in t for t in tooltips(game))
    key(app, pygame.K_p)
    assert game.drop.targets(game.state, game.ctl.version) == ["a1"]
    assert airdrop_view.drop_risks(game.state, game.drop.group(game.state), "a1") == []
    assert any("fly here" in line for line in game.tooltip_lines("a1"))
    click(app, space_pos(game, "a2"))
    assert "not a capital" in game.ctl.message.text
