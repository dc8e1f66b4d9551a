"""The map's static layer (spaces, borders, names) cut into tiles, cached per zoom
level in a memory-bounded LRU.

Only the tiles on screen are drawn. When the zoom changes, missing tiles are first
shown scaled from the previous zoom level's tiles and rendered a few per frame
(a time budget), so zooming a large map never stalls a frame; panning pre-renders
the ring of tiles around the view. An ownership change re-renders synchronously
(the board must never show a stale owner).
"""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import pygame

TILE = 256
MAX_BYTES = 96 * 1024 * 1024   # ~370 tiles of 256x256 (32-bit)
BUDGET_MS = 1.5                # tile rendering per frame while something else can be shown

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
        self._stand_ins: dict[tuple[float, int, int, int], pygame.Surface] = {}  # this zoom only
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
            self._stand_ins.clear()
            budget = 0.0   # the zoom step's own frame only builds stand-ins (counters re-layout too)
        ox, oy = origin
        t = self.tile
        ntx, nty = (layer[0] + t - 1) // t, (layer[1] + t - 1) // t
        tx0, tx1 = max(0, (view.left - ox) // t), min(ntx - 1, (view.right - 1 - ox) // t)
        ty0, ty1 = max(0, (view.top - oy) // t), min(nty - 1, (view.bottom - 1 - oy) // t)
        cx, cy = view.centerx - ox, view.centery - oy
        todo = [(tx, ty) for ty in range(ty0, ty1 + 1) for tx in range(tx0, tx1 + 1)]
        todo.sort(key=lambda p: abs(p[0] * t + t / 2 - cx) + abs(p[1] * t + t / 2 - cy))
        for tx, ty in todo:
            key = (skey, owner_gen, tx, ty)
            surf = self._tiles.get(key)
            if surf is None:
                late = (time.perf_counter() - t0) * 1000 >= budget
                if late and not sync:
                    stand_in = self._stand_in(tx, ty, skey, owner_gen, self._area(tx, ty, layer).size)
                    if stand_in is not None:
                        surface.blit(stand_in, (ox + tx * t, oy + ty * t))
                        continue
                surf = self.render(state, scale, self._area(tx, ty, layer))
                self.rendered += 1
                self._put(key, surf)
                self._stand_ins.pop(key, None)
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

    def _stand_in(self, tx: int, ty: int, skey: float, owner_gen: int, size: tuple[int, int]
                  ) -> pygame.Surface | None:
        """A stand-in for a missing tile, made once per zoom level: the previous level's
        tiles, scaled. None when none of them is cached (the caller renders the tile)."""
        key = (skey, owner_gen, tx, ty)
        hit = self._stand_ins.get(key)
        if hit is not None:
            return hit
        p = self._prev_scale
        if p is None or p == skey:
            return None
        t = self.tile
        f = p / skey   # new layer px -> old layer px
        bx0, by0 = tx * t * f, ty * t * f
        bx1, by1 = (tx + 1) * t * f, (ty + 1) * t * f
        pieces = []
        for oty in range(int(by0 // t), int((by1 - 1e-9) // t) + 1):
            for otx in range(int(bx0 // t), int((bx1 - 1e-9) // t) + 1):
                old = self._tiles.get((p, owner_gen, otx, oty))
                if old is not None:   # (missing: off the old layer or evicted; a gap for a while)
                    pieces.append((otx, oty, old))
        if not pieces:
            return None
        out = pygame.Surface(size)
        if len(pieces) < (int((by1 - 1e-9) // t) - int(by0 // t) + 1) * (int((bx1 - 1e-9) // t) - int(bx0 // t) + 1):
            out.fill(pieces[0][2].get_at((0, 0)))   # a gap: the colour of the sea, not black
        for otx, oty, old in pieces:
            cr = pygame.Rect(otx * t, oty * t, old.get_width(), old.get_height())
            inter = cr.clip(pygame.Rect(int(bx0), int(by0), int(bx1 - bx0) + 1, int(by1 - by0) + 1))
            if inter.w <= 0 or inter.h <= 0:
                continue
            sub = old.subsurface(inter.move(-cr.x, -cr.y))
            x0, y0 = inter.x / f - tx * t, inter.y / f - ty * t
            w = max(1, round(inter.right / f - tx * t) - round(x0))
            h = max(1, round(inter.bottom / f - ty * t) - round(y0))
            out.blit(pygame.transform.scale(sub, (w, h)), (round(x0), round(y0)))
        self._stand_ins[key] = out
        return out
