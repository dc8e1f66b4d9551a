"""The map's static layer (spaces, borders, names) cut into tiles, cached per zoom
level in a memory-bounded LRU, rendered within a frame budget.

Only the tiles on screen are drawn. A tile that is not rendered yet never stalls a
pan or zoom frame (issue #45, #46 item 9); a stand-in shows in its place meanwhile:
- after a zoom step, the backdrop: what the previous zoom level showed under the view
  (its tiles, its own backdrop, its stand-ins), scaled in one piece once (scaling each
  missing tile on its own took 40-70 ms on the imported Global 1940 map);
- elsewhere (a zoom out, a pan to new ground), the overview: the whole map at the
  zoom that fits it in the window, kept (never evicted) once rendered, its part
  under the tile scaled up; until its tiles are in, the renderer's sketch of it
  (no names) made in a frame that renders at once anyway.
The missing tiles are rendered afterwards (`refine`), nearest the view's centre
first, as many as the frame's time left allows (the window loop gives a deadline:
short while the view moves, longer once it stands still), then the ring around the
view (panning finds them ready), then the overview. Only an
ownership change (the board must never show a stale owner) or a map with no stand-in
yet (the first frame) renders synchronously.
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
BUDGET_MS = 1.5                # tile rendering in draw itself (callers without a deadline)
BACKDROP_MARGIN = 32           # layer pixels the backdrop covers around the view
STARVE_FRAMES = 6              # a frame with no time left still renders a tile this often
TILE_SPAN = 1000               # map units a tile spans at most (else half-size tiles: size_at)
OVERVIEW_MAX = 2048            # the overview's widest side, pixels (the fit zoom, at most this)
FIRST_ESTIMATE_MS = 3.0        # a tile's render time before one was measured

Render = Callable[[Any, float, pygame.Rect], pygame.Surface]
Sketch = Callable[[Any, float], pygame.Surface]   # the whole map at a zoom, without its names
Key = tuple[float, int, int, int]   # (zoom, ownership generation, tile x, tile y)


class _Backdrop:
    """The previous zoom level's cached tiles under the view, scaled to this level in one
    piece: `rect` the layer pixels it shows; which old tiles it holds (`found`)."""

    def __init__(self, rect: pygame.Rect, surf: pygame.Surface, factor: float,
                 found: set[tuple[int, int]], tile: int):
        self.rect, self.surf, self.factor, self.found, self.tile = rect, surf, factor, found, tile

    def covers(self, area: pygame.Rect) -> bool:
        """Whether every old tile under `area` (this level's layer pixels) was there."""
        if not self.rect.contains(area):
            return False
        f, t = self.factor, self.tile
        x0, y0 = int(area.left * f) // t, int(area.top * f) // t
        x1, y1 = int(math.ceil(area.right * f) - 1) // t, int(math.ceil(area.bottom * f) - 1) // t
        return all((x, y) in self.found for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


class TileCache:
    def __init__(self, render: Render, tile: int = TILE, max_bytes: int = MAX_BYTES,
                 budget_ms: float = BUDGET_MS, sketch: Sketch | None = None):
        self.render = render
        self.sketch = sketch
        self._sketch: tuple[int, pygame.Surface] | None = None   # (ownership generation, image)
        self.tile = tile
        self.max_bytes = max_bytes
        self.budget_ms = budget_ms
        self._tiles: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._bytes = 0
        self._prev_scale: float | None = None   # the zoom level shown before this one
        self._cur_scale: float | None = None
        self._backdrop: _Backdrop | None = None  # this zoom level's (made on its first frame)
        self._backdrop_gen = -1                 # the ownership the backdrop shows
        self._backdrop_tried = True             # made (or found impossible) at this level
        # the overview: its zoom and layer size, its tiles (never evicted), assembled
        self._ov_scale: float | None = None
        self._ov_layer = (0, 0)
        self._ov_tiles: dict[Key, pygame.Surface] = {}
        self._ov_surf: tuple[int, pygame.Surface] | None = None   # (ownership generation, image)
        self._stand_ins: dict[Key, pygame.Surface] = {}   # overview parts, per missing tile
        # work for refine: the missing tiles in view (centre first), then the ring round it
        self.wanted: dict[Key, tuple[Any, float, pygame.Rect]] = {}
        self.ring: dict[Key, tuple[Any, float, pygame.Rect]] = {}
        self._est_ms = FIRST_ESTIMATE_MS   # a tile's render time, to be safe (_make)
        self._mean_ms, self._dev_ms = FIRST_ESTIMATE_MS, 0.0
        self._starved = 0                  # frames since refine last rendered a wanted tile
        self._stood_in = False             # this frame shows a stand-in somewhere (pending)
        self.rendered = 0                  # tiles rendered so far (tests, bench)
        self._buffers: list[pygame.Surface | None] = [None, None, None]   # _buffer
        self._bd_buffer = 1   # the buffer of the latest backdrop (1 and 2 in turn)
        # the last zoom level's backdrop and stand-ins (what it showed where it had no tile)
        self._prev_shown: tuple[_Backdrop | None, dict[Key, pygame.Surface]] = (None, {})

    @property
    def nbytes(self) -> int:
        return self._bytes

    @property
    def kept_bytes(self) -> int:
        """The tiles held: the LRU's (nbytes, bounded by max_bytes) and the overview's."""
        return self._bytes + sum(t.get_width() * t.get_height() * 4 for t in self._ov_tiles.values())

    @property
    def pending(self) -> bool:
        """Whether the last frame showed a stand-in for a tile in view."""
        return self._stood_in

    def __len__(self) -> int:
        return len(self._tiles)

    def clear(self) -> None:
        self._tiles.clear()
        self._ov_tiles.clear()
        self._ov_surf = None
        self._stand_ins.clear()
        self._bytes = 0

    # --- storage -------------------------------------------------------------------
    def _get(self, key: Key) -> pygame.Surface | None:
        surf = self._tiles.get(key)
        if surf is not None:
            self._tiles.move_to_end(key)
            return surf
        return self._ov_tiles.get(key)

    def _put(self, key: Key, surf: pygame.Surface) -> None:
        if key[0] == self._ov_scale:   # the overview's: kept
            self._ov_tiles[key] = surf
            return
        self._tiles[key] = surf
        self._bytes += surf.get_width() * surf.get_height() * 4
        while self._bytes > self.max_bytes and len(self._tiles) > 1:
            _, old = self._tiles.popitem(last=False)
            self._bytes -= old.get_width() * old.get_height() * 4

    def _make(self, key: Key, state: Any, scale: float, area: pygame.Rect) -> pygame.Surface:
        t = time.perf_counter()
        surf = self.render(state, scale, area)
        ms = (time.perf_counter() - t) * 1000
        # a tile's cost: its mean and spread (tiles differ 5x), so that refine rarely overruns
        self._mean_ms += 0.25 * (ms - self._mean_ms)
        self._dev_ms += 0.25 * (abs(ms - self._mean_ms) - self._dev_ms)
        self._est_ms = self._mean_ms + self._dev_ms
        self.rendered += 1
        self._put(key, surf)
        return surf

    def size_at(self, skey: float) -> int:
        """The tiles' size at a zoom: half size when a tile would span more than TILE_SPAN
        map units (a zoomed-out tile draws that many spaces and names: 5-15 ms on the
        Global 1940 map, more than a frame's time left for refining)."""
        return self.tile if self.tile <= TILE_SPAN * skey else self.tile // 2

    def _area(self, tx: int, ty: int, layer: tuple[int, int], t: int) -> pygame.Rect:
        return pygame.Rect(tx * t, ty * t, min(t, layer[0] - tx * t), min(t, layer[1] - ty * t))

    # --- a frame -------------------------------------------------------------------
    def begin_frame(self) -> None:
        """A new frame: what refine should render is what this frame's draws found missing."""
        self.wanted.clear()
        self.ring.clear()
        self._stood_in = False

    def set_overview(self, scale: float, world: tuple[float, float]) -> None:
        """The overview's zoom (the map fitted in the window; at most OVERVIEW_MAX pixels
        wide or tall) for a map of `world` units."""
        scale = min(scale, OVERVIEW_MAX / max(world))
        skey = round(scale, 5)
        if skey == self._ov_scale:
            return
        for key, surf in list(self._tiles.items()):   # already rendered at that zoom: keep
            if key[0] == skey:
                del self._tiles[key]
                self._bytes -= surf.get_width() * surf.get_height() * 4
                self._ov_tiles[key] = surf
        self._ov_scale = skey
        self._ov_layer = (max(1, math.ceil(world[0] * scale)), max(1, math.ceil(world[1] * scale)))
        self._ov_tiles = {k: v for k, v in self._ov_tiles.items() if k[0] == skey}
        self._ov_surf = None
        self._sketch = None
        self._stand_ins.clear()

    def draw(self, surface: pygame.Surface, view: pygame.Rect, origin: tuple[int, int],
             scale: float, layer: tuple[int, int], state: Any, owner_gen: int,
             sync: bool = False) -> None:
        """Blit the static layer (size `layer`, its top-left at screen `origin`) inside
        `view`. `owner_gen` changes whenever the drawn ownership does. Tiles are rendered
        here only when `sync`, within budget_ms, or when nothing can stand in for them."""
        t0 = time.perf_counter()
        skey = round(scale, 5)   # tiles are rendered at the key's zoom: the same at every visit
        budget = self.budget_ms
        if skey != self._cur_scale:
            self._prev_scale, self._cur_scale = self._cur_scale, skey
            # what the last level showed (its backdrop, stand-ins) makes this level's backdrop
            self._prev_shown = (self._backdrop, self._stand_ins)
            self._backdrop = None
            self._stand_ins = {}
            budget = 0.0   # the zoom step's own frame only builds its backdrop (counters re-layout too)
            self._backdrop_tried = False
        if owner_gen != self._backdrop_gen:   # never a stale owner, not even meanwhile
            self._backdrop_gen = owner_gen
            self._backdrop = None
            self._backdrop_tried = True
            self._stand_ins.clear()
            self._prev_shown = (None, {})
        if self._buffers[1] is None and not sync:   # the backdrop's, before any zoom step needs
            for which in (0, 1, 2):                  # them (a 10-15 ms allocation mid-pan)
                self._buffer(which, (view.w + 2 * BACKDROP_MARGIN, view.h + 2 * BACKDROP_MARGIN))
        ox, oy = origin
        t = self.size_at(skey)
        ntx, nty = (layer[0] + t - 1) // t, (layer[1] + t - 1) // t
        tx0, tx1 = max(0, (view.left - ox) // t), min(ntx - 1, (view.right - 1 - ox) // t)
        ty0, ty1 = max(0, (view.top - oy) // t), min(nty - 1, (view.bottom - 1 - oy) // t)
        cx, cy = view.centerx - ox, view.centery - oy
        todo = [(tx, ty) for ty in range(ty0, ty1 + 1) for tx in range(tx0, tx1 + 1)]
        todo.sort(key=lambda p: abs(p[0] * t + t / 2 - cx) + abs(p[1] * t + t / 2 - cy))
        shown = view.move(-ox, -oy).clip(pygame.Rect(0, 0, *layer))   # the view in layer pixels
        drawn_backdrop = False
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for tx, ty in todo:
            key = (skey, owner_gen, tx, ty)
            surf = self._get(key)
            area = self._area(tx, ty, layer, t)
            if surf is None and not sync and \
                    (time.perf_counter() - t0) * 1000 + self._est_ms > budget:
                if not self._backdrop_tried:   # once per zoom level, when first needed
                    self._backdrop_tried = True
                    self._backdrop = self._make_backdrop(shown, layer, skey, owner_gen)
                backdrop = self._backdrop
                if backdrop is not None and backdrop.covers(area.clip(shown)):
                    if not drawn_backdrop:   # under everything: the tiles in place draw over it
                        surface.blit(backdrop.surf, (ox + backdrop.rect.x, oy + backdrop.rect.y))
                        drawn_backdrop = True
                    self.wanted[key] = (state, skey, area)
                    self._stood_in = True
                    continue
                stand_in = self._stand_in(key, area, skey, owner_gen)
                if stand_in is not None:
                    blits.append((stand_in, (ox + area.x, oy + area.y)))
                    self.wanted[key] = (state, skey, area)
                    self._stood_in = True
                    continue
            if surf is None:   # sync, time to spare, or nothing to show instead
                surf = self._make(key, state, skey, area)
            blits.append((surf, (ox + tx * t, oy + ty * t)))
        surface.blits(blits, doreturn=False)
        # the ring of tiles around the view: rendered when time is left (panning finds them)
        for ty in range(max(0, ty0 - 1), min(nty, ty1 + 2)):
            for tx in range(max(0, tx0 - 1), min(ntx, tx1 + 2)):
                key = (skey, owner_gen, tx, ty)
                if key not in self._tiles and key not in self._ov_tiles and key not in self.wanted:
                    self.ring[key] = (state, skey, self._area(tx, ty, layer, t))
        if self._ov_scale is not None and skey != self._ov_scale:
            self._want_overview(state, owner_gen)
        if self._ov_scale is not None and skey != self._ov_scale and self.sketch is not None \
                and self._overview(owner_gen) is None and (self._sketch is None or self._sketch[0] != owner_gen):
            # no overview yet (the first frame was not the fitted map; a new ownership): its
            # sketch now, in a frame that renders at once anyway (~20 ms on Global 1940); at
            # the fitted zoom the tiles drawn are the overview's own
            self._sketch = (owner_gen, self.sketch(state, self._ov_scale))
        if 0 < budget < math.inf:   # the caller's budget (inf: every tile in view now, no more)
            self.refine(t0 + budget / 1000)

    def refine(self, deadline: float, starve: bool = True) -> int:
        """Render the missing tiles (in view first, then the ring, then the overview's)
        while the time before `deadline` (time.perf_counter()) allows one more; with
        `starve`, a frame with no time left renders one in view every STARVE_FRAMES
        frames anyway (a slow machine gets there too; the window loop: once the view
        stands still). Returns how many were rendered."""
        made = 0
        starved = starve and self._starved >= STARVE_FRAMES - 1
        for work in (self.wanted, self.ring):
            while work:
                if time.perf_counter() * 1000 + self._est_ms > deadline * 1000 and not (
                        starved and work is self.wanted and not made):
                    break
                key, (state, scale, area) = next(iter(work.items()))
                del work[key]
                if self._get(key) is None:
                    self._make(key, state, scale, area)
                    made += 1
        self._starved = 0 if made or not self.wanted else self._starved + 1
        return made

    # --- stand-ins -----------------------------------------------------------------
    def _want_overview(self, state: Any, owner_gen: int) -> None:
        """The overview's missing tiles, after everything else (refine's last work)."""
        if self._ov_surf is not None and self._ov_surf[0] == owner_gen:
            return
        scale = self._ov_scale
        assert scale is not None
        t = self.size_at(scale)
        w, h = self._ov_layer
        for ty in range((h + t - 1) // t):
            for tx in range((w + t - 1) // t):
                key = (scale, owner_gen, tx, ty)
                if key not in self._ov_tiles:
                    self.ring[key] = (state, scale, self._area(tx, ty, self._ov_layer, t))

    def _overview(self, owner_gen: int) -> pygame.Surface | None:
        """The whole map at the overview's zoom, once all its tiles of this ownership are in;
        till then its sketch (no names), if made."""
        if self._ov_surf is not None and self._ov_surf[0] == owner_gen:
            return self._ov_surf[1]
        if self._ov_scale is None:
            return None
        sketch = self._sketch[1] if self._sketch is not None and self._sketch[0] == owner_gen else None
        t = self.size_at(self._ov_scale)
        w, h = self._ov_layer
        keys = [(self._ov_scale, owner_gen, tx, ty) for ty in range((h + t - 1) // t)
                for tx in range((w + t - 1) // t)]
        if any(k not in self._ov_tiles for k in keys):
            return sketch
        surf = pygame.Surface((w, h))
        for k in keys:
            surf.blit(self._ov_tiles[k], (k[2] * t, k[3] * t))
        for k in [k for k in self._ov_tiles if k[1] != owner_gen]:   # an older ownership's
            del self._ov_tiles[k]
        self._ov_surf = (owner_gen, surf)
        return surf

    def _stand_in(self, key: Key, area: pygame.Rect, skey: float, owner_gen: int
                  ) -> pygame.Surface | None:
        """The overview's part under tile `area` (this level's layer pixels), scaled to it;
        None while there is no overview of this ownership."""
        surf = self._stand_ins.get(key)
        if surf is not None:
            return surf
        ov = self._overview(owner_gen)
        if ov is None or self._ov_scale is None:
            return None
        f = self._ov_scale / skey   # this level's layer px -> the overview's
        src = pygame.Rect(int(area.x * f), int(area.y * f), 0, 0)
        src.width = max(1, math.ceil(area.right * f) - src.x)
        src.height = max(1, math.ceil(area.bottom * f) - src.y)
        src = src.clip(ov.get_rect())
        if src.w <= 0 or src.h <= 0:
            return None
        surf = pygame.transform.scale(ov.subsurface(src), area.size)
        if len(self._stand_ins) > 128:
            self._stand_ins.clear()
        self._stand_ins[key] = surf
        return surf

    def _make_backdrop(self, shown: pygame.Rect, layer: tuple[int, int], skey: float, owner_gen: int
                       ) -> _Backdrop | None:
        """The view (`shown`, layer pixels at this zoom, and a margin inside the layer) as
        the previous zoom level showed it, scaled in one piece: its cached tiles, and where
        it had none, its own backdrop and stand-ins (zooming on and on, a level gets few
        tiles rendered: the view stays whole without a stand-in per tile at every step).
        None when that level showed nothing of it."""
        p = self._prev_scale
        if p is None or p == skey or shown.w <= 0 or shown.h <= 0:
            return None
        t = self.size_at(p)   # the previous level's tiles
        f = p / skey   # this level's layer px -> the previous level's
        area = shown.inflate(2 * BACKDROP_MARGIN, 2 * BACKDROP_MARGIN).clip(pygame.Rect(0, 0, *layer))
        x0, y0 = max(0, int(area.left * f)), max(0, int(area.top * f))
        x1, y1 = int(math.ceil(area.right * f)), int(math.ceil(area.bottom * f))
        last, stand_ins = self._prev_shown
        if last is not None and last.rect.w * last.rect.h == 0:
            last = None
        found: dict[tuple[int, int], pygame.Surface | None] = {}   # None: the last backdrop shows it
        for oty in range(y0 // t, (y1 - 1) // t + 1):
            for otx in range(x0 // t, (x1 - 1) // t + 1):
                key = (p, owner_gen, otx, oty)
                tile = self._get(key) or stand_ins.get(key)
                if tile is not None:
                    found[(otx, oty)] = tile
                elif last is not None and last.covers(pygame.Rect(otx * t, oty * t, t, t)):
                    found[(otx, oty)] = None
        if not found:
            return None
        # only the box of what it showed (a zoom out reaches past it: the overview stands in
        # there, and what is where it showed nothing is never shown, see covers())
        x0 = max(x0, min(x for x, _ in found) * t)
        y0 = max(y0, min(y for _, y in found) * t)
        x1 = min(x1, (max(x for x, _ in found) + 1) * t)
        y1 = min(y1, (max(y for _, y in found) + 1) * t)
        old = self._buffer(0, (max(1, x1 - x0), max(1, y1 - y0)))
        if last is not None and None in found.values():
            old.blit(last.surf, (last.rect.x - x0, last.rect.y - y0))
        old.blits([(tile, (otx * t - x0, oty * t - y0)) for (otx, oty), tile in found.items()
                   if tile is not None], doreturn=False)
        # this level's pixels from x0 / f to x1 / f (whole pixels around them: a pixel's
        # stretch at most, for a few frames)
        left, top = int(x0 / f), int(y0 / f)
        rect = pygame.Rect(left, top, max(1, math.ceil(x1 / f) - left), max(1, math.ceil(y1 / f) - top))
        self._bd_buffer = 3 - self._bd_buffer   # 1 or 2: the last backdrop's stays whole meanwhile
        surf = self._buffer(self._bd_buffer, rect.size)
        pygame.transform.scale(old, rect.size, surf)
        return _Backdrop(rect, surf, f, set(found), t)

    def _buffer(self, which: int, size: tuple[int, int]) -> pygame.Surface:
        """A reused surface of `size` (a part of a kept one, grown when too small): the
        backdrop and what it is scaled from are made at every zoom step."""
        buf = self._buffers[which]
        if buf is None or buf.get_width() < size[0] or buf.get_height() < size[1]:
            w = int(max(size[0], buf.get_width() if buf is not None else 0) * 1.25)   # room to grow
            h = int(max(size[1], buf.get_height() if buf is not None else 0) * 1.25)
            screen = pygame.display.get_surface()   # its pixel format: blits without converting
            buf = self._buffers[which] = pygame.Surface((w, h), 0, screen) if screen is not None \
                else pygame.Surface((w, h))
        return buf.subsurface((0, 0, *size))
