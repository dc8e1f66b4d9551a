"""The scene stack: each screen is a Scene; overlays sit on top of the map."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True      # covers the whole window: scenes below are not drawn
    # draws every pixel of the window each frame, so the window is not cleared first (a
    # full-window fill is a millisecond of every frame at 1920x1080)
    paints_all = False
    blocks_ai = False  # while on top, computer players wait (menus, hand-off)

    def __init__(self, app: App):
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds (every scene in the stack, bottom first)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto surface (its full size)."""
