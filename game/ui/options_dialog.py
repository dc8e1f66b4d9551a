"""'Game options': switch the ruleset's supplied rules on or off before a game starts
(game/rules/options.py). Each option is a row with its one-line explanation; an option the
chosen house rules already switched off is shown as such and cannot be switched on."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.rules.model import Ruleset

from . import theme, widgets
from .scene import Scene


class GameOptionsDialog(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, ruleset: Ruleset, without: frozenset[str],
                 done: Callable[[frozenset[str]], None]):
        super().__init__(app)
        self.ruleset = ruleset
        self.without = set(without) - ruleset.options_off
        self.done = done
        self.spots = widgets.Hotspots()

    def fixed_off(self, oid: str) -> bool:
        """Off in the chosen rules themselves (a house-rules variant)."""
        return oid in self.ruleset.options_off

    def is_on(self, oid: str) -> bool:
        return not self.fixed_off(oid) and oid not in self.without

    def toggle(self, oid: str) -> None:
        if self.fixed_off(oid):
            return
        self.without ^= {oid}

    def close(self) -> None:
        self.done(frozenset(self.without))
        self.app.pop()

    def all_on(self) -> None:
        self.without.clear()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_o):
                self.close()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                k = event.key - pygame.K_1
                if k < len(self.ruleset.options):
                    self.toggle(self.ruleset.options[k].id)
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        opts = self.ruleset.options
        row_h = 62
        rect = widgets.titled_dialog(surface, 900, 190 + row_h * len(opts), "Game options")
        theme.text(surface, theme.elide(f"{self.ruleset.title}: rules the seed names but never defines; "
                                        f"on, Warboard plays its version of each", rect.w - 40, 19),
                   (rect.x + 20, rect.y + 58), 19, theme.TEXT_DIM)
        y = rect.y + 92
        for k, o in enumerate(opts):
            row = pygame.Rect(rect.x + 14, y, rect.w - 28, row_h - 8)
            pygame.draw.rect(surface, theme.PANEL_2, row, border_radius=6)
            on, fixed = self.is_on(o.id), self.fixed_off(o.id)
            label = "off (house rules)" if fixed else ("On" if on else "Off")
            tip = (f"Switched off by the house rules {self.ruleset.title}" if fixed
                   else f"Switch {o.name} {'off' if on else 'on'}  ({k + 1})")
            widgets.button(surface, self.spots, pygame.Rect(row.x + 8, row.y + 8, 150, row.h - 16), label,
                           partial(self.toggle, o.id), enabled=not fixed, selected=on,
                           size=19, tooltip=tip)
            tx = row.x + 172
            theme.text(surface, theme.elide(o.name, row.right - tx - 10, 21, bold=True), (tx, row.y + 5), 21,
                       theme.TEXT if on else theme.TEXT_DIM, bold=True)
            theme.text(surface, theme.elide(o.explain, row.right - tx - 10, 18), (tx, row.y + 29), 18,
                       theme.TEXT_DIM)
            y += row_h
        by = rect.bottom - 58
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 20, by, 150, 42), "All on", self.all_on,
                       tooltip="Play every supplied rule")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 200, by, 180, 42), "Done", self.close,
                       primary=True, tooltip="Enter")
        widgets.hover_tooltip(surface, self.spots)
