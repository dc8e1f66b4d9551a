"""The battle strip (columns of the die) and the 'New game vs computer' setup dialog."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.model import Battle, Pool, Roll  # noqa: E402
from game.rules.zone import battle as B  # noqa: E402
from game.ui import controller, odds_view, screenshot  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.menu import MainMenu  # noqa: E402
from game.ui.panel import player_label  # noqa: E402
from game.ui.setup_dialog import NewGameSetup  # noqa: E402
from game.ui.zone import strip
from game.ui.zone.battle_window import BattleWindow, default_view  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MINI = str(FIX / "mini.yaml")
MINI_IW = str(FIX / "mini_interwar.yaml")
SIZE = (1280, 800)
SHOTS = os.environ.get("WARBOARD_UI_SHOTS")  # a folder: tests also write their screens there


@pytest.fixture(autouse=True)
def _no_odds(monkeypatch):
    """These tests are about the strip: the battle window's odds box stays empty (interwar
    odds run the real-battle simulation, seconds per battle; tests/ui/test_odds_ui.py
    covers the box)."""
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)


def open_window(session, size=SIZE):
    app = App(pygame.Surface(size))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    return app, game, win


def draw(app, name=None):
    app.update(0.0)
    app.draw()
    if SHOTS and name:
        os.makedirs(SHOTS, exist_ok=True)
        pygame.image.save(app.surface, os.path.join(SHOTS, f"{name}.png"))


def by_type(cols):
    out = {}
    for v, units in cols.items():
        for u in units:
            out.setdefault(u.type, []).append(v)
    return {t: sorted(vs) for t, vs in out.items()}


def values_from_rules(state, b, side):
    """Each unit's column as the rules core gives it (battle.unit_value with support)."""
    units = B.side_units(state, b, side)
    role = "attack" if side == "attacker" else "defense"
    bonus = B.support_bonus(state, B.alive(state, units), role)
    return {u.uid: B.unit_value(state, u, role, bonus) for u in units}


# --- columns ---------------------------------------------------------------------------
def test_g40_units_land_in_the_columns_of_their_values():
    s = screenshot.battle_session(MINI, {"infantry": 3, "artillery": 1, "armour": 1, "fighter": 1},
                                  {"infantry": 2, "armour": 1, "aaa": 1}, rolls=0)
    state, b = s.state, s.state.zone.battle
    assert b is not None
    att = strip.strip_columns(state, b, "attacker")
    dfn = strip.strip_columns(state, b, "defender")
    assert sorted(att) == list(range(7)) and sorted(dfn) == list(range(7))
    # one infantry supported by the artillery (2), two not (1); armour and fighter 3
    assert by_type(att) == {"infantry": [1, 1, 2], "artillery": [2], "armour": [3], "fighter": [3]}
    # defence: infantry 2, armour 3 (g40 armour defends at 3), AAA does not fire in the rounds: 0
    assert by_type(dfn) == {"infantry": [2, 2], "armour": [3], "aaa": [0]}
    for side, cols in (("attacker", att), ("defender", dfn)):
        rules = values_from_rules(state, b, side)
        for v, units in cols.items():
            for u in units:
                assert rules[u.uid] == v


def test_interwar_units_land_in_the_columns_of_their_values():
    s = screenshot.battle_session(MINI_IW, {"infantry": 3, "artillery": 1, "armor": 1, "anti_tank_gun": 1,
                                            "fighter": 1},
                                  {"infantry": 2, "artillery": 1, "armor": 1, "aaa": 1}, rolls=0)
    state, b = s.state, s.state.zone.battle
    assert b is not None and state.ruleset.dice == 12
    att = strip.strip_columns(state, b, "attacker")
    dfn = strip.strip_columns(state, b, "defender")
    assert sorted(att) == list(range(13))
    rules = values_from_rules(state, b, "attacker")
    got = {u.uid: v for v, us in att.items() for u in us}
    assert got == rules
    inf = by_type(att)["infantry"]
    assert inf == [2, 2, 3]                     # one infantry supported by the artillery
    assert by_type(att)["armor"] == [4]
    assert by_type(att)["anti_tank_gun"] == [1]  # its 3 against armour is a special value
    assert by_type(dfn)["aaa"] == [0]
    assert strip.column_label(4, 12) == "4 · 33%"
    assert strip.column_label(0, 12) == "0 · no fire"
    assert strip.column_label(3, 6) == "3 · 50%"


def test_dice_lie_under_the_units_that_rolled_them():
    cols = {"infantry": {1, 2}, "anti_tank_gun": {1}}
    assert strip.die_column(cols, "infantry", 2, 12) == 2
    assert strip.die_column(cols, "infantry", 1, 12) == 1
    assert strip.die_column(cols, "anti_tank_gun", 3, 12) == 1   # special value: under the gun
    assert strip.die_column(cols, "armor", 4, 12) == 4           # no armour left: its value
    assert strip.die_column({"aaa": {0}}, "aaa", 1, 6) == 1      # AA fire at its own value (the AAA is in 0)


def test_stacks_group_by_type_owner_and_state():
    s = screenshot.battle_session(MINI, {"infantry": 4, "armour": 1}, {"infantry": 1}, rolls=0)
    state, b = s.state, s.state.zone.battle
    sts = strip.stacks(state, strip.strip_columns(state, b, "attacker")[1])
    assert [(st.type, st.count) for st in sts] == [("infantry", 4)]


# --- the window --------------------------------------------------------------------------
@pytest.mark.parametrize("scenario,units", [
    (MINI, ({"infantry": 3, "artillery": 1, "armour": 1, "fighter": 1}, {"infantry": 2, "aaa": 1})),
    (MINI_IW, ({"infantry": 3, "artillery": 1, "armor": 1, "anti_tank_gun": 1, "fighter": 1},
               {"infantry": 2, "anti_tank_gun": 1, "armor": 1})),
])
def test_strip_renders_and_tab_switches_views(scenario, units):
    s = screenshot.battle_session(scenario, *units, rolls=1)
    app, game, win = open_window(s)
    d12 = s.state.ruleset.dice > 6
    assert win.view == ("strip" if d12 else "list") == default_view(s.state.ruleset)
    win.view = "strip"
    draw(app, f"strip_{s.state.ruleset.id}")
    tips = [h.tooltip for h in win.spots.items]
    assert any(t.startswith("Column 1: a die hits on 1 or less") for t in tips)
    # up to the highest value short of a sure hit (d12: columns 1 to 11, issue #4)
    assert any(t.startswith(f"Column {s.state.ruleset.dice - 1}:") for t in tips)
    assert not any(t.startswith(f"Column {s.state.ruleset.dice}:") for t in tips)
    assert any("Infantry ×" in t for t in tips)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert win.view == "list" and game.battle_view == "list"
    draw(app)
    # the next battle window remembers the choice
    assert BattleWindow(app, game).view == "list"


def test_large_battles_fit_at_1280x800():
    s = screenshot.battle_session(MINI_IW, {"infantry": 14, "artillery": 6, "armor": 4, "heavy_armor": 2,
                                            "anti_tank_gun": 3, "fighter": 3, "dive_bomber": 2,
                                            "mountain_infantry": 2, "motorized_infantry": 3},
                                  {"infantry": 24, "artillery": 4, "heavy_artillery": 2, "anti_tank_gun": 3,
                                   "armor": 3, "fighter": 3, "aaa": 1, "engineer": 2}, rolls=2)
    app, game, win = open_window(s)
    draw(app, "strip_interwar_large")
    b = s.state.zone.battle
    columns = {side: strip.strip_columns(s.state, b, side) for side in ("attacker", "defender")}
    lay = strip.layout(s.state, b, pygame.Rect(0, 0, 1020, 460), columns)
    assert lay.icon >= 20
    # every stack is drawn (no '+n more' needed) and has its tooltip
    tips = [h.tooltip for h in win.spots.items]
    n_stacks = sum(len(strip.stacks(s.state, us)) for side in columns.values() for us in side.values() if us)
    assert sum(1 for t in tips if " ×" in t.split("\n")[0] and "(" in t.split("\n")[0]) == n_stacks


def test_clicking_a_stack_marks_and_right_click_unmarks():
    s = screenshot.battle_session(MINI, {"infantry": 6, "artillery": 2, "armour": 2},
                                  {"infantry": 3, "armour": 1}, rolls=1, seed=5)
    for _ in range(10):
        b = s.state.zone.battle
        if b is not None and b.awaiting == "casualties":
            break
        s.do(A.RollDice())
    b = s.state.zone.battle
    if b is None or b.awaiting != "casualties":
        pytest.skip("no casualties with this seed")
    app, game, win = open_window(s)
    win.view = "strip"
    draw(app)
    need = win.needed()
    assert len(win.choice) == need
    side = b.pools[0].side
    cols = strip.strip_columns(s.state, b, side)
    stack = next(st for v in sorted(cols) for st in strip.stacks(s.state, cols[v]) if not st.dead)
    uids = {u.uid for u in stack.units}
    before = sum(1 for x in win.choice if x in uids)
    win.unmark_stack(stack.units)
    win.click_stack(stack.units)
    win.click_stack(stack.units)
    after = sum(1 for x in win.choice if x in uids)
    assert len(win.choice) <= need and after >= min(before, 1)
    win.unmark_stack(stack.units)
    assert sum(1 for x in win.choice if x in uids) == after - 1
    # the stack's hotspot has a right-click action
    hot = [h for h in win.spots.items if h.right is not None]
    assert hot


def test_restricted_pool_is_named_in_the_status_line():
    s = screenshot.battle_session(MINI_IW, {"infantry": 2}, {"infantry": 1}, rolls=0)
    state = s.state
    b = state.zone.battle
    names = {"attacker": "Redland", "defender": "Blueland"}
    torp = Battle(space=b.space, attacker=b.attacker, defenders=b.defenders,
                  rolls=(Roll("att_fire", "attacker", (("torpedo_bomber", 6, 2),), 1),))
    pool = Pool("defender", 1, only_domains=("sea",), chooser="attacker", exclude_domains=("land", "air", "static"))
    assert strip.pool_note(state, torp, pool, names.get) == "Torpedo Bomber hits: Redland picks among ships"
    aa = Battle(space=b.space, attacker=b.attacker, defenders=b.defenders,
                rolls=(Roll("aa", "defender", (("aaa", 2, 1),), 1),))
    note = strip.pool_note(state, aa, Pool("attacker", 1, only_domains=("air",), immediate=True), names.get)
    assert note == "Anti-aircraft Artillery hits: Redland picks among aircraft"
    sub = strip.pool_note(state, aa, Pool("attacker", 1, exclude_domains=("air",)), names.get)
    assert sub.endswith("Redland picks among all but aircraft")
    assert strip.pool_note(state, b, Pool("defender", 2), names.get) == ""
    # a plural name takes a plural verb (found playing G40: "Germans picks among ...")
    plural = {"attacker": "Germans", "defender": "British"}
    assert strip.pool_note(state, aa, Pool("attacker", 1, only_domains=("air",), immediate=True),
                           plural.get) == "Anti-aircraft Artillery hits: Germans pick among aircraft"
    # in the window's status line
    app, game, win = open_window(s)
    state.zone.battle = Battle(space=b.space, attacker=b.attacker, defenders=b.defenders, awaiting="casualties",
                          pools=(pool,), rolls=torp.rolls)
    text, _col = win.status_text()
    assert text.startswith("Torpedo Bomber hits: Redland picks among ships")


# --- the setup dialog ------------------------------------------------------------------------
def menu_app():
    app = App(pygame.Surface(SIZE))
    app.strict = True
    menu = app.main_menu(selected=MINI)
    assert isinstance(menu, MainMenu)
    return app, menu


def test_vs_computer_opens_the_setup_dialog_and_starts_with_the_chosen_sides():
    app, menu = menu_app()
    menu.start(True)
    dlg = app.top
    assert isinstance(dlg, NewGameSetup)
    draw(app, "setup_dialog")
    # default: the first alliance human, the others the computer at standard (issue #8)
    assert dlg.choice() == (("allies",), {"allies": "standard"})
    # click 'Computer' for the axis row and 'greedy' for it
    comp = [h for h in dlg.spots.items if h.tooltip == "The computer plays this side"]
    comp[0].action()
    draw(app)
    std = [h for h in dlg.spots.items if h.tooltip.startswith("takes the best-looking") and h.enabled]
    std[0].action()
    ai, levels = dlg.choice()
    assert set(ai) == {"axis", "allies"} and levels == {"axis": "greedy", "allies": "standard"}
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    game = app.top
    assert isinstance(game, GameScene)
    assert game.ctl.is_ai("red") and game.ctl.is_ai("blue") and game.ctl.is_ai("green")
    assert game.ctl.level_of("red") == "greedy" and game.ctl.level_of("blue") == "standard"
    assert player_label(game.ctl, "red") == "Redland — computer (greedy)"
    draw(app)


def test_per_player_choice_and_human_sides():
    app, menu = menu_app()
    menu.start(True)
    dlg = app.top
    dlg.toggle_per_player()
    assert dlg.sides() == ["red", "blue", "green"]
    dlg.set_computer("blue", False)       # Blueland human, Greenland computer
    dlg.set_level("green", "random")
    draw(app, "setup_dialog_players")
    assert dlg.choice() == (("green",), {"green": "random"})
    dlg.start()
    game = app.top
    assert isinstance(game, GameScene)
    assert not game.ctl.is_ai("red") and not game.ctl.is_ai("blue") and game.ctl.is_ai("green")
    assert player_label(game.ctl, "blue") == "Blueland"
    assert player_label(game.ctl, "green") == "Greenland — computer (random)"


def test_escape_cancels_and_hotseat_is_unchanged():
    app, menu = menu_app()
    menu.start(True)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert app.top is menu
    menu.start(False)
    game = app.top
    assert isinstance(game, GameScene) and game.ctl.ai_sides == ()


def test_the_computer_plays_at_its_sides_level(monkeypatch):
    seen = []

    def fake(state, level):
        seen.append((A.actor(state), level))
        return A.EndPhase()

    monkeypatch.setattr(controller, "choose", fake)
    app, menu = menu_app()
    app.new_game(MINI, ("axis", "green"), ai_levels={"axis": "random", "green": "standard"})
    game = app.top
    game.auto_overlays = False
    for _ in range(40):
        game.ctl.step_ai()
    assert ("red", "random") in seen
    assert all(lv == {"red": "random", "green": "standard"}[p] for p, lv in seen if p in ("red", "green"))


@pytest.mark.parametrize("view,scenario", [("strip", MINI_IW), ("strip", MINI), ("setup", MINI_IW)])
def test_screenshot_views(view, scenario):
    surf = screenshot.render(scenario, view, SIZE)
    assert surf.get_size() == SIZE
