"""Battle odds in the interface: planned attacks in the side panel, the battle
window's odds box and the battle calculator (Ctrl+B). Screenshots go to
$WARBOARD_SHOTS (default /tmp/warboard-shots) for a person to look at."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import click, frame, key, shot, uids  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.calculator import CalculatorScene  # noqa: E402
from game.ui.dialogs import EscMenu  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402
from game.ui.zone.purchase import PurchaseScene  # noqa: E402

MINI = str(Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml")
SIZE = (1280, 800)


UNITS = (("a2", "red", "infantry", 3), ("a2", "red", "artillery", 2), ("a2", "red", "armour", 1),
         ("a1", "red", "fighter", 1), ("m", "blue", "infantry", 3), ("m", "blue", "armour", 1))


def game_at_combat_move(units=UNITS, seed=3):
    sc, _ = load_scenario_file(MINI)
    sc = replace(sc, start_units=tuple(units))
    session = Session(sc, load_ruleset("g40"), seed)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    session.do(A.EndPhase())                           # purchase -> combat move
    return app, game


def tips(spots):
    return [h.tooltip for h in spots.items if h.tooltip]


# --- side panel: planned attacks --------------------------------------------------------
def test_panel_shows_the_planned_attacks_win_chance_and_caches_it():
    app, game = game_at_combat_move()
    s = game.ctl.session
    s.do(A.Move(uids(s.state, "a2", "red", "infantry"), ("m",)))
    frame(app)
    attacks = game.attack_odds()
    assert [sid for sid, _ in attacks] == ["m"]
    v = attacks[0][1]
    assert v is not None and v.ok, v and v.error
    pct = odds_view.pct(v.result.attacker_wins)
    assert pct.endswith("%")
    panel_tips = [t for t in tips(game.spots) if t.startswith("Attack on Middle")]
    assert panel_tips and "Attacker wins " + pct in panel_tips[0]
    computed = game.odds.computed
    for _ in range(5):                                 # no recomputation while nothing changes
        frame(app)
    assert game.odds.computed == computed
    before = v.result.attacker_wins
    game.ctl.do(A.Move(uids(s.state, "a2", "red", "artillery"), ("m",)))   # more attackers
    frame(app)
    after = game.attack_odds()[0][1]
    assert game.odds.computed == computed + 1
    assert after.ok and after.result.attacker_wins > before
    game.undo()                                        # back to the first plan: cached
    frame(app)
    assert game.attack_odds()[0][1].result.attacker_wins == pytest.approx(before)
    assert game.odds.computed == computed + 1
    shot(app, "panel_planned_attack")


def test_odds_for_the_hovered_destination_of_a_selected_group():
    app, game = game_at_combat_move()
    game.sel.select_space(game.state, "a2")
    assert game.sel.group(game.state)
    game.hover = "m"
    frame(app)
    v = game.move_odds("m")
    assert v is not None and v.ok
    lines = game.tooltip_lines("m")
    assert any(line.startswith("Attack with these units: win ") for line in lines)
    assert game.move_odds("a1") is None               # not hostile: nothing to show
    shot(app, "panel_hover_destination")


def test_undefended_target_and_odds_errors_never_crash(monkeypatch):
    import game.odds as odds_pkg

    def broken(*a, **k):
        raise RuntimeError("numba exploded")

    monkeypatch.setattr(odds_pkg, "odds_for_space", broken)
    app, game = game_at_combat_move()
    s = game.ctl.session
    s.do(A.Move(uids(s.state, "a2", "red", "infantry"), ("m",)))
    frame(app)
    (sid, v), = game.attack_odds()
    assert not v.ok and "numba exploded" in v.error
    assert any("Odds unavailable: numba exploded" in t for t in tips(game.spots))
    game.sel.select_space(game.state, "a2")
    game.hover = "m"
    frame(app)
    assert "odds unavailable (numba exploded)" in game.tooltip_lines("m")[-1]
    shot(app, "panel_odds_unavailable")


# --- battle window -----------------------------------------------------------------------
def test_battle_window_shows_the_odds_each_round():
    app, game = game_at_combat_move()
    s = game.ctl.session
    s.do(A.Move(uids(s.state, "a2", "red"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    game.open_battle()
    frame(app)
    win = app.top
    assert isinstance(win, BattleWindow)
    v, title, _ = win.odds()
    assert title == "Odds before round 1" and v is not None and v.ok
    tip = [t for t in tips(win.spots) if t.startswith("Odds before round 1")]
    assert tip and "Attacker wins" in tip[0]
    shot(app, "battle_round1")
    seen = {1}
    for _ in range(60):
        b = game.state.zone.battle
        if b is None:
            break
        if b.awaiting == "casualties":
            s.do(A.default_casualties(s.state))
        else:
            if b.awaiting == "continue" and b.round not in seen:
                seen.add(b.round)
                frame(app)
                v2, title2, _ = win.odds()
                assert title2 == f"Odds before round {b.round}" and v2.ok
                shot(app, f"battle_round{b.round}")
            s.do(A.RollDice())
        frame(app)
        assert win.odds()[0] is not None
    frame(app)                                         # finished: the last odds stay


def test_battle_window_odds_with_a_damaged_battleship():
    units = (("s1", "red", "battleship", 1), ("s1", "red", "submarine", 2),
             ("s2", "blue", "submarine", 2), ("s2", "blue", "cruiser", 1))
    app, game = game_at_combat_move(units)
    s = game.ctl.session
    (bs,) = uids(s.state, "s1", "red", "battleship")
    s.state.units[bs] = replace(s.state.units[bs], damage=1)
    s.do(A.Move(uids(s.state, "s1", "red"), ("s2",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("s2"))
    game.open_battle()
    frame(app)
    v, _, _ = app.top.odds()
    assert v.ok and v.result.method == "exact"
    from game.odds import battle_odds
    ref = battle_odds("g40", [("submarine", 2), ("battleship", 1)], [("submarine", 2), ("cruiser", 1)],
                      "sea", attacker_damage=[0, 0, 1])
    assert v.result.attacker_wins == pytest.approx(ref.attacker_wins, abs=1e-12)
    shot(app, "battle_sea_damaged")


# --- calculator ----------------------------------------------------------------------------
def plus_button(calc, side_idx, name):
    hs = [h for h in calc.spots.items if h.tooltip.startswith(f"One {name} more")]
    hs.sort(key=lambda h: h.rect.x)
    return hs[side_idx]


def test_calculator_by_keyboard_and_clicks():
    app, game = game_at_combat_move()
    frame(app)
    key(app, pygame.K_b, pygame.KMOD_CTRL)
    calc = app.top
    assert isinstance(calc, CalculatorScene)
    assert calc.odds() is None                         # nothing chosen yet: a hint, no odds
    for _ in range(4):
        click(app, plus_button(calc, 0, "Infantry").rect.center)
    click(app, plus_button(calc, 0, "Armour").rect.center)
    click(app, plus_button(calc, 1, "Infantry").rect.center, button=3)   # right click: 5
    assert calc.counts == {"attacker": {"infantry": 4, "armour": 1}, "defender": {"infantry": 5}}
    v = calc.odds()
    assert v is not None and v.ok and v.result.method == "exact"
    r = v.result
    assert r.attacker_wins + r.defender_wins + r.draw == pytest.approx(1.0)
    assert len(r.attacker_survivor_distribution) == 6
    from game.odds import battle_odds
    ref = battle_odds("g40", [("infantry", 4), ("armour", 1)], [("infantry", 5)])
    assert r.attacker_wins == pytest.approx(ref.attacker_wins)
    computed = calc.cache.computed
    frame(app)
    frame(app)
    assert calc.cache.computed == computed            # cached between frames
    shot(app, "calculator_land")
    key(app, pygame.K_s)                               # sea: land units are dropped
    assert calc.terrain == "sea" and calc.counts == {"attacker": {}, "defender": {}}
    for name, side, n in (("Submarine", 0, 2), ("Cruiser", 0, 1), ("Submarine", 1, 2), ("Aircraft Carrier", 1, 1)):
        for _ in range(n):
            click(app, plus_button(calc, side, name).rect.center)
    v = calc.odds()
    assert v.ok and 0 < v.result.attacker_wins < 1
    shot(app, "calculator_sea")
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_calculator_from_the_esc_menu_prefilled_with_the_battle():
    app, game = game_at_combat_move()
    s = game.ctl.session
    s.do(A.Move(uids(s.state, "a2", "red"), ("m",)))
    s.do(A.EndPhase())
    s.do(A.SelectBattle("m"))
    frame(app)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, EscMenu)
    (item,) = [h for h in menu.spots.items if h.tooltip.startswith("Exact odds")]
    click(app, item.rect.center)
    calc = app.top
    assert isinstance(calc, CalculatorScene)
    assert calc.counts["attacker"] == {"infantry": 3, "artillery": 2, "armour": 1}
    assert calc.counts["defender"] == {"infantry": 3, "armour": 1}
    v = calc.odds()
    assert v is not None and v.ok
    shot(app, "calculator_from_battle")
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_ctrl_b_in_the_purchase_phase_opens_the_calculator_not_the_shop():
    sc, _ = load_scenario_file(MINI)
    session = Session(replace(sc, start_units=UNITS), load_ruleset("g40"), 1)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    frame(app)
    assert game.state.phase == "purchase"
    key(app, pygame.K_b, pygame.KMOD_CTRL)
    assert isinstance(app.top, CalculatorScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_b)
    assert isinstance(app.top, PurchaseScene)


def test_calculator_errors_show_a_reason(monkeypatch):
    import game.odds as odds_pkg
    monkeypatch.setattr(odds_pkg, "battle_odds", lambda *a, **k: (_ for _ in ()).throw(ValueError("too big")))
    app = App(pygame.Surface((960, 600)))
    app.strict = True
    calc = CalculatorScene(app, load_ruleset("g40"), None, "land", {"infantry": 2}, {"infantry": 1})
    app.reset(calc)
    frame(app)
    v = calc.odds()
    assert not v.ok and v.error == "too big"
    shot(app, "calculator_error")


def test_odds_say_the_chance_to_take_the_space_beside_the_chance_to_win(monkeypatch):
    # issue #44 item 7: a "99 %" win with aircraft alone takes nothing; the calculator,
    # tooltips and odds box say the chance that a land unit is left to take the space
    import game.ui.theme as theme
    from game.odds import battle_odds
    r = battle_odds("g40", [("infantry", 1), ("fighter", 4)], [("infantry", 3)], "land")
    v = odds_view.OddsView(r)
    assert odds_view.win_text(v) == f"win {odds_view.pct(r.attacker_wins)}, take it {odds_view.pct(r.attacker_takes)}"
    assert any(line.startswith("Attacker takes the territory") for line in odds_view.summary_lines(v, load_ruleset("g40")))
    same = odds_view.OddsView(battle_odds("g40", [("infantry", 4)], [("infantry", 1)], "land"))
    assert ", take it" not in odds_view.win_text(same)     # only land units: the same chance
    app = App(pygame.Surface(SIZE))
    calc = CalculatorScene(app, load_ruleset("g40"), None, "land", {"infantry": 1, "fighter": 4}, {"infantry": 3})
    app.reset(calc)
    seen: list[str] = []
    orig = theme.text
    monkeypatch.setattr(theme, "text", lambda surface, s, *a, **k: seen.append(s) or orig(surface, s, *a, **k))
    frame(app)
    assert "… and takes the territory" in seen
