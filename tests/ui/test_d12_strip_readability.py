"""The d12 battle strip of the interwar ruleset (seed 000: values up to 11 rolled on a d12)
stays readable: numbered dice keep their size when a column holds many of them (a third
row first), and a column's unit total says "units" where there is room."""
from __future__ import annotations

import pygame

from game.ui.screenshot import battle_session
from game.ui.zone import strip


def _state():
    s = battle_session("scenarios/mediterranean_1940.yaml", {"infantry": 9, "artillery": 2, "armor": 1},
                       {"infantry": 3, "mountain_infantry": 2, "fortification": 1}, rolls=0)
    return s.state


def test_many_d12_dice_in_one_column_stay_big():
    # seed 000: 7.0 Unit Profiles, values rolled on a d12
    state = _state()
    assert state.ruleset.dice == 12
    widths = [44] + [71] * 12                      # a 1600x900 window's strip
    lane = {"attacker": {2: [("infantry", 2, f) for f in (3, 3, 4, 5, 7, 8, 8)]}, "defender": {}}
    _rows, _lanes, _h, die, die_rows = strip._rows(state, pygame.Rect(0, 0, 1020, 460), widths, lane)
    assert die >= 18 and die_rows == 3


def test_column_total_reads_units(monkeypatch):
    texts = []
    real = strip.theme.text

    def spy(surface, s, *a, **k):
        texts.append(s)
        return real(surface, s, *a, **k)
    monkeypatch.setattr(strip.theme, "text", spy)
    from game.ui.app import App
    from game.ui.game_scene import GameScene
    from game.ui.zone.battle_window import BattleWindow
    session = battle_session("scenarios/mediterranean_1940.yaml", {"infantry": 9, "artillery": 2},
                 {"infantry": 3, "mountain_infantry": 2}, rolls=0)
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    app.draw()
    assert any(t.endswith(" units") and t.split()[0].isdigit() for t in texts), texts[:40]
    assert not any(t.startswith("Σ") for t in texts)
