"""Buttons and click regions.

Scenes lay out their widgets while drawing (immediate mode): `draw` rebuilds a
`Hotspots` list, `handle` hit-tests the list from the last frame. So layouts
follow the window size with no extra bookkeeping.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import theme


@dataclass
class Hotspot:
    rect: pygame.Rect
    action: Callable[[], Any] | None
    tooltip: str = ""
    enabled: bool = True
    right: Callable[[], Any] | None = None  # right-click action
    data: Any = None


@dataclass
class Hotspots:
    items: list[Hotspot] = field(default_factory=list)

    def clear(self) -> None:
        self.items.clear()

    def add(self, rect: pygame.Rect, action: Callable[[], Any] | None, tooltip: str = "",
            enabled: bool = True, right: Callable[[], Any] | None = None, data: Any = None) -> Hotspot:
        h = Hotspot(pygame.Rect(rect), action, tooltip, enabled, right, data)
        self.items.append(h)
        return h

    def at(self, pos: tuple[int, int]) -> Hotspot | None:
        for h in reversed(self.items):
            if h.rect.collidepoint(pos):
                return h
        return None

    def click(self, event: pygame.event.Event) -> bool:
        """Run the hotspot under a mouse-button-down event; True if one was hit."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return False
        h = self.at(event.pos)
        if h is None:
            return False
        if not h.enabled:
            return True
        fn = h.action if event.button == 1 else h.right
        if fn is not None:
            fn()
        return True


def button(surface: pygame.Surface, spots: Hotspots, rect: pygame.Rect, label: str,
           action: Callable[[], Any] | None, enabled: bool = True, primary: bool = False,
           tooltip: str = "", size: int = 22, selected: bool = False) -> Hotspot:
    """Draw a button and register its hotspot."""
    rect = pygame.Rect(rect)
    mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
    hover = enabled and rect.collidepoint(mouse)
    if not enabled:
        fill = theme.BUTTON_DISABLED
    elif primary:
        fill = theme.BUTTON_PRIMARY_HOVER if hover else theme.BUTTON_PRIMARY
    else:
        fill = theme.BUTTON_HOVER if hover else theme.BUTTON
    if selected:
        fill = theme.mix(fill, theme.ACCENT, 0.45)
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    edge = theme.ACCENT if selected else theme.lighten(fill, 0.18)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=6)
    col = theme.TEXT if enabled else theme.TEXT_DIM
    label = theme.elide(label, rect.w - 10, size)
    theme.text(surface, label, rect.center, size, col, anchor="center")
    return spots.add(rect, action, tooltip, enabled)


TOOLTIP_W = 760   # the widest a tooltip grows before its lines wrap


def fit_tooltip(lines: list[str], window: tuple[int, int], size: int = 19) -> tuple[list[str], int]:
    """(lines, title rows): a line wider than the box may be (TOOLTIP_W, or the window)
    wraps, never cut off at the screen's edge, and lines beyond the window's height end
    in '…'; the title (the first line) may take rows."""
    sw, sh = window
    room = min(TOOLTIP_W, sw - 8) - 16
    wrapped: list[str] = []
    title_rows = 1
    for i, s in enumerate(lines):
        bold = i == 0
        wrapped += (theme.wrap(s, room, size, bold) or [""]) if theme.text_width(s, size, bold=bold) > room else [s]
        if bold:
            title_rows = len(wrapped)
    fit = max(1, (sh - 18) // theme.font(size).get_linesize())
    if len(wrapped) > fit:
        wrapped = wrapped[:fit - 1] + ["…"]
    return wrapped, min(title_rows, len(wrapped))


def tooltip(surface: pygame.Surface, lines: list[str], pos: tuple[int, int], size: int = 19,
            title_col: tuple[int, ...] = theme.ACCENT) -> pygame.Rect | None:
    """A box of text lines near pos, kept inside the surface (fit_tooltip); its rect."""
    if not lines:
        return None
    sw, sh = surface.get_size()
    lh = theme.font(size).get_linesize()
    lines, title_rows = fit_tooltip(lines, (sw, sh), size)
    w = max(theme.text_width(s, size, bold=(i < title_rows)) for i, s in enumerate(lines)) + 16
    h = lh * len(lines) + 10
    x, y = pos[0] + 16, pos[1] + 18
    if x + w > sw - 4:
        x = pos[0] - w - 10
    if y + h > sh - 4:
        y = pos[1] - h - 10
    x, y = max(4, x), max(4, y)
    rect = pygame.Rect(x, y, w, h)
    theme.panel(surface, rect, fill=(26, 29, 35), radius=6)
    for i, s in enumerate(lines):
        theme.text(surface, s, (x + 8, y + 5 + i * lh), size,
                   title_col if i < title_rows else theme.TEXT, bold=(i < title_rows))
    return rect


def hover_tooltip(surface: pygame.Surface, spots: Hotspots) -> None:
    if not pygame.display.get_init() or not pygame.mouse.get_focused():
        return
    pos = pygame.mouse.get_pos()
    h = spots.at(pos)
    if h is not None and h.tooltip:
        tooltip(surface, h.tooltip.split("\n"), pos)


def titled_dialog(surface: pygame.Surface, width: int, height: int, title: str) -> pygame.Rect:
    """A centred modal panel over the dimmed screen, with its title; returns the panel."""
    theme.dim(surface, 170)
    sw, sh = surface.get_size()
    rect = pygame.Rect(0, 0, min(width, sw - 60), min(height, sh - 60))
    rect.center = (sw // 2, sh // 2)
    theme.panel(surface, rect, radius=10)
    theme.text(surface, title, (rect.x + 20, rect.y + 16), 34, theme.ACCENT, bold=True)
    return rect


def clipboard_text() -> str:
    """The clipboard's text for a Ctrl+V into a text field ("" when there is none)."""
    try:
        return (pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else "") or ""
    except pygame.error:
        return ""
