"""Issue #4 b): on the d12 battle strip (interwar, seed 000: values up to 11 rolled on a
d12, units in the column of their current value) the anti-aircraft dice lie in the
defender's dice lane, never over the units of their column, at the usual window sizes."""
from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.screenshot import battle_session
from game.ui.zone.battle_window import BattleWindow

SIZES = ((1024, 640), (1280, 720), (1920, 1080))


def dice_over_units(session, size: tuple[int, int]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(die, stack) rectangles that meet on the strip: a stack is its counter with the
    pile peeking out behind it (up to 4 px up and right) and the tags above it."""
    app = App(pygame.Surface(size))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = "strip"
    app.draw()
    dice = [h.rect for h in win.spots.items if "; rolled " in h.tooltip]
    stacks = [h.rect.union(h.rect.move(4, -4)).union(h.rect.move(-3, -9)) for h in win.spots.items
              if " ×" in h.tooltip.split("\n")[0]]
    assert dice and stacks
    return [(d, s) for d in dice for s in stacks if d.colliderect(s)]


@pytest.mark.parametrize("attacker, defender", [
    ({"fighter": 4, "light_bomber": 3, "heavy_bomber": 2, "infantry": 3},
     {"aaa": 3, "infantry": 4, "fortification": 1, "fighter": 1}),
    # many anti-aircraft dice in one column, over a column full of defenders
    ({"fighter": 6, "light_bomber": 6, "heavy_bomber": 6, "infantry": 3},
     {"aaa": 4, "infantry": 4, "mountain_infantry": 3, "artillery": 2, "fighter": 2, "armor": 1}),
])
def test_anti_aircraft_dice_stay_off_the_units(attacker, defender):
    # seed 000: AAA fires at attacking aircraft before the battle; its dice sit under its column
    session = battle_session("scenarios/mediterranean_1940.yaml", attacker, defender, rolls=1)
    assert session.state.zone.battle is not None and session.state.zone.battle.rolls[-1].step == "aa"
    for size in SIZES:
        assert dice_over_units(session, size) == [], size
