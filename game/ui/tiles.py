"""The map's static layer (spaces, borders, names) cut into tiles, cached per zoom
level in a memory-bounded LRU.

Only the tiles on screen are drawn. When the zoom changes, the view is first shown
as a backdrop: the previous zoom level's tiles under it, scaled in one piece (one
scaling of the view, where scaling each missing tile took 40-70 ms on the imported
Global 1940 map, issue #45); the new level's tiles are rendered a few per frame (a
time budget) and drawn over it, so zooming a large map never stalls a frame; panning
pre-renders the ring of tiles around the view. An ownership change re-renders
synchronously (the board must never show a stale owner).
"""
from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

TILE = 256
MAX_BYTES = 96 * 1024 * 1024   # ~370 tiles of 256x256 (32-bit)
BUDGET_MS = 1.5                # tile rendering per frame while something else can be shown
BACKDROPS = 2                  # scaled views kept per zoom level (a wrapping map draws copies)

Render = Callable[[Any, float, pygame.Rect], pygame.Surface]


class TileCache:
    def __init__(self, render: Render, tile: int = TILE, max_bytes: int = MAX_BYTES,
                 budget_ms: float = BUDGET_MS):
        self.render = render
        self.tile = tile
        self.max_bytes = max_bytes
        self.budget_ms = budget_ms
        self._tiles: OrderedDict[tuple[float, int, int, int], pygame.Surface] = OrderedDict()
        self._bytes = 0
        self._prev_scale: float | None = None   # the zoom level shown before this one
        self._cur_scale: float | None = None
        self._backdrop_gen = -1                 # the ownership the backdrops show
        # this zoom level's backdrops: (the layer pixels they show, the previous level scaled)
        self._backdrops: list[tuple[pygame.Rect, pygame.Surface]] = []
        self.rendered = 0                       # tiles rendered so far (tests, bench)

    @property
    def nbytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._tiles)

    def clear(self) -> None:
        self._tiles.clear()
        self._bytes = 0

    def _put(self, key: tuple[float, int, int, int], surf: pygame.Surface) -> None:
        self._tiles[key] = surf
        self._bytes += surf.get_width() * surf.get_height() * 4
        while self._bytes > self.max_bytes and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self._bytes -= old.get_width() * old.get_height() * 4

    def _area(self, tx: int, ty: int, layer: tuple[int, int]) -> pygame.Rect:
        t = self.tile
        return pygame.Rect(tx * t, ty * t, min(t, layer[0] - tx * t), min(t, layer[1] - ty * t))

    def draw(self, surface: pygame.Surface, view: pygame.Rect, origin: tuple[int, int],
             scale: float, layer: tuple[int, int], state: Any, owner_gen: int,
             sync: bool = False) -> None:
        """Blit the static layer (size `layer`, its top-left at screen `origin`) inside
        `view`. `owner_gen` changes whenever the drawn ownership does."""
        t0 = time.perf_counter()
        skey = round(scale, 5)
        budget = self.budget_ms
        if skey != self._cur_scale:
            self._prev_scale, self._cur_scale = self._cur_scale, skey
            self._backdrops.clear()
            budget = 0.0   # the zoom step's own frame only builds its backdrop (counters re-layout too)
        if owner_gen != self._backdrop_gen:   # never a stale owner, not even meanwhile
            self._backdrop_gen = owner_gen
            self._backdrops.clear()
        ox, oy = origin
        t = self.tile
        ntx, nty = (layer[0] + t - 1) // t, (layer[1] + t - 1) // t
        tx0, tx1 = max(0, (view.left - ox) // t), min(ntx - 1, (view.right - 1 - ox) // t)
        ty0, ty1 = max(0, (view.top - oy) // t), min(nty - 1, (view.bottom - 1 - oy) // t)
        cx, cy = view.centerx - ox, view.centery - oy
        todo = [(tx, ty) for ty in range(ty0, ty1 + 1) for tx in range(tx0, tx1 + 1)]
        todo.sort(key=lambda p: abs(p[0] * t + t / 2 - cx) + abs(p[1] * t + t / 2 - cy))
        shown = view.move(-ox, -oy).clip(pygame.Rect(0, 0, *layer))   # the view in layer pixels
        backdrop = None
        if not sync and any(
                (skey, owner_gen, tx, ty) not in self._tiles for tx, ty in todo):
            backdrop = self._backdrop(shown, skey, owner_gen)
            if backdrop is not None:
                surface.blit(backdrop[1], (ox + backdrop[0].x, oy + backdrop[0].y))
        for tx, ty in todo:
            key = (skey, owner_gen, tx, ty)
            surf = self._tiles.get(key)
            if surf is None:
                late = (time.perf_counter() - t0) * 1000 >= budget
                if late and backdrop is not None and backdrop[0].contains(
                        self._area(tx, ty, layer).clip(shown)):
                    continue   # the backdrop shows it meanwhile
                surf = self.render(state, scale, self._area(tx, ty, layer))
                self.rendered += 1
                self._put(key, surf)
            else:
                self._tiles.move_to_end(key)
            surface.blit(surf, (ox + tx * t, oy + ty * t))
        # spare time: the ring of tiles around the view (panning finds them ready)
        for ty in range(max(0, ty0 - 1), min(nty, ty1 + 2)):
            for tx in range(max(0, tx0 - 1), min(ntx, tx1 + 2)):
                if (time.perf_counter() - t0) * 1000 >= budget:
                    return
                key = (skey, owner_gen, tx, ty)
                if key not in self._tiles:
                    self._put(key, self.render(state, scale, self._area(tx, ty, layer)))
                    self.rendered += 1

    def _backdrop(self, shown: pygame.Rect, skey: float, owner_gen: int
                  ) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The view (`shown`, layer pixels at this zoom) made of the previous zoom level's
        tiles, scaled in one piece; made once per zoom level and place (None when none of
        those tiles is cached: the caller renders)."""
        for rect, surf in self._backdrops:
            if rect.contains(shown):
                return rect, surf
        p = self._prev_scale
        if p is None or p == skey or shown.w <= 0 or shown.h <= 0:
            return None
        t = self.tile
        f = p / skey   # this level's layer px -> the previous level's
        area = shown.inflate(2 * t, 2 * t)   # a tile's margin: a pan stays on the backdrop a while
        x0, y0 = max(0, int(area.left * f)), max(0, int(area.top * f))
        x1, y1 = int(math.ceil(area.right * f)), int(math.ceil(area.bottom * f))
        old = pygame.Surface((max(1, x1 - x0), max(1, y1 - y0)))
        found = False
        for oty in range(y0 // t, (y1 - 1) // t + 1):
            for otx in range(x0 // t, (x1 - 1) // t + 1):
                tile = self._tiles.get((p, owner_gen, otx, oty))
                if tile is None:   # off the old layer or evicted: a gap for a while
                    continue
                if not found:
                    old.fill(tile.get_at((0, 0)))   # gaps in the colour of the sea, not black
                    found = True
                old.blit(tile, (otx * t - x0, oty * t - y0))
        if not found:
            return None
        # this level's pixels from x0 / f to x1 / f (whole pixels around them: a pixel's
        # stretch at most, for a few frames)
        left, top = int(x0 / f), int(y0 / f)
        rect = pygame.Rect(left, top, max(1, math.ceil(x1 / f) - left), max(1, math.ceil(y1 / f) - top))
        surf = pygame.transform.scale(old, rect.size)
        if len(self._backdrops) >= BACKDROPS:
            self._backdrops.pop(0)
        self._backdrops.append((rect, surf))
        return rect, surf
