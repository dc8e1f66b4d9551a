"""The d12 battle strip reads 1 to 11 (seed 000's values go up to 11; issue #4), and a
ship's damage shows one slash per hit taken (seed 000 JUGGERNAUT: 3 hits, 11/7/5)."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import counters, strip  # noqa: E402

D12 = SimpleNamespace(ruleset=SimpleNamespace(dice=12))


def test_the_sure_hit_column_is_drawn_only_when_used():
    widths = strip.column_widths(D12, 1000, {0, 2, 11}, compress=False)
    assert len(widths) == 13 and widths[12] == 0
    assert all(w > 0 for w in widths[1:12]) and sum(widths) <= 1000
    squeezed = strip.column_widths(D12, 1000, {3, 4}, compress=True)
    assert squeezed[12] == 0 and squeezed[3] > squeezed[5] > 0
    # a value of 12 (a sure hit) still gets its column
    assert strip.column_widths(D12, 1000, {12}, compress=False)[12] > 0


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_a_counter_shows_each_hit_taken():
    # JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice)": once and twice
    # damaged must look different (an armored carrier keeps defense 3 either way)
    pygame.init()
    faces = [pixels(counters.counter_surface("juggernaut", "sea", (40, 40, 160), 36, damaged=d))
             for d in (0, 1, 2)]
    assert len(set(faces)) == 3
    assert pixels(counters.counter_surface("juggernaut", "sea", (40, 40, 160), 36, damaged=True)) == faces[1]
