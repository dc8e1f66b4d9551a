"""How a battle decision view (interception, scramble) marks a unit's counter: chosen, a
frame and what it will do; not chosen, a veil and what it does instead; its number key.
And the choice itself: the units picked, kept while the decision is the same."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme

if TYPE_CHECKING:
    from game.rules.model import GameState

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


class UnitPick:
    """Units (uids) picked for a battle decision; a new decision (`state_key`) starts from
    `default`."""

    def __init__(self) -> None:
        self.pick: list[int] = []
        self.key: tuple | None = None

    @staticmethod
    def state_key(state: GameState) -> tuple | None:   # None: no such decision now
        raise NotImplementedError

    def default(self, state: GameState) -> list[int]:
        return []

    def refresh(self, state: GameState) -> None:
        key = self.state_key(state)
        if key != self.key:
            self.key = key
            self.pick = self.default(state) if key is not None else []

    def toggle(self, uid: int) -> None:
        if uid in self.pick:
            self.pick.remove(uid)
        else:
            self.pick.append(uid)
            self.pick.sort()

    def chosen(self) -> tuple[int, ...]:
        return tuple(sorted(self.pick))
