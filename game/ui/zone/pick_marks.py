"""How a battle decision view (interception, scramble) marks a unit's counter: chosen, a
frame and what it will do; not chosen, a veil and what it does instead; its number key."""
from __future__ import annotations

import pygame

from .. import theme

PICK = (120, 176, 232)   # a chosen unit (theme.INFO, as a chosen reroll die)


def mark_counter(surface: pygame.Surface, r: pygame.Rect, chosen: bool, chosen_text: str,
                 idle_text: str, k: int) -> None:
    if chosen:
        pygame.draw.rect(surface, PICK, r.inflate(6, 6), width=3, border_radius=6)
        theme.text(surface, chosen_text, (r.right + 6, r.y + 2), 15, PICK, bold=True)
    else:
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        veil.fill((20, 22, 26, 130))
        surface.blit(veil, r.topleft)
        theme.text(surface, idle_text, (r.right + 6, r.y + 2), 15, theme.TEXT_DIM)
    if k <= 9:
        theme.text(surface, f"[{k}]", (r.right + 6, r.bottom - 1), 13, theme.TEXT_DIM, anchor="bottomleft")
