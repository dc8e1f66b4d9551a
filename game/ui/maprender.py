"""Drawing the board: a cached static layer (spaces, borders, names, markers)
per zoom level and ownership, then counters and highlights on top each frame,
and a minimap.
"""
from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pygame

from game.rules.model import GameState, Scenario, SpaceDef
from game.rules.zone import supply

from . import palette, theme
from .camera import Camera
from .counters import LABEL_MIN, counter_surface, draw_spread
from .palette import draw_marker
from .polyclip import clip_to_rect
from .polyindex import PolygonIndex
from .tiles import TileCache

OUT_OF_SUPPLY = (240, 150, 40)  # the out-of-supply badge (seed 000 supply rule)
MIN_COUNTER = 13  # smallest counter (pixels) before the counters of a space become piles
SPREAD_SIZE = 40  # counters of a hovered pile, spread out
MAX_COUNTER = 48  # counters at the closest zooms
FILL_MARGIN = 4  # pixels around a tile its polygons are cut to before filling
LAYOUT_STARVE = 4   # frames with no time left for counter layouts before one is made anyway
CLIP_WORTH = 60_000   # a polygon's height (px) x vertices from which cutting it is cheaper
MIN_PILE = 10    # smallest pile, when even one counter per owner does not fit at MIN_COUNTER


@dataclass(frozen=True)
class MapCounter:
    """One counter on the map: an owner's units of a type, or a pile of several types."""
    owner: str
    utype: str          # the type shown on top
    count: int
    damaged: bool
    types: tuple[str, ...]

    @property
    def pile(self) -> bool:
        return len(self.types) > 1


def _overlaps(pts: list[tuple[float, float]], s: float, box: tuple[float, float, float, float]) -> bool:
    bx0, by0, bx1, by1 = box
    return any(x < bx1 and x + s > bx0 and y < by1 and y + s > by0 for x, y in pts)


@dataclass
class _SpaceSprites:
    """A space's counters as draw_counters blits them (MapRenderer._sprites_of)."""
    placed: list          # the placement they show (world units)
    scale: float          # the zoom of the layer pixels below
    images: list[tuple[pygame.Surface, int]]      # per counter: image, rise above its top
    blits: list[tuple[pygame.Surface, int, int]]  # image and its top-left, layer pixels
    rects: list[tuple[pygame.Rect, MapCounter]]   # each counter's box, layer pixels
    beside: bool          # a leader line may be needed
    extent: tuple[float, float, float, float, int]   # the counters' min/max x, y (world), size (px)


PILE_RISE = 4   # a pile's two back chits stand 2 and 4 pixels up and right of its top chit
_PILES: dict[tuple[pygame.Surface, tuple[int, int, int], int], pygame.Surface] = {}


def pile_surface(chit: pygame.Surface, col: tuple[int, int, int], size: int) -> pygame.Surface:
    """A pile's image: `chit` (a counter_surface of `size`) with two darker chits peeking out
    behind it; its top-left is PILE_RISE pixels above the chit's (cached)."""
    key = (chit, col, size)
    surf = _PILES.get(key)
    if surf is not None:
        return surf
    if len(_PILES) > 1000:
        _PILES.clear()
    surf = pygame.Surface((max(size + PILE_RISE, chit.get_width()), PILE_RISE + chit.get_height()),
                          pygame.SRCALPHA)
    radius = max(2, size // 7)
    for k in (2, 1):
        back = pygame.Rect(2 * k, PILE_RISE - 2 * k, size, size)
        pygame.draw.rect(surf, theme.darken(col, 0.15 * k), back, border_radius=radius)
        pygame.draw.rect(surf, (20, 20, 20), back, width=1, border_radius=radius)
    surf.blit(chit, (0, PILE_RISE))
    _PILES[key] = surf
    return surf


def player_colors(scenario: Scenario) -> dict[str, tuple[int, int, int]]:
    """The players' map colours, kept apart from the sea, each other and the highlights."""
    return dict(palette.nation_colors(scenario))


class MapRenderer:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.colors = player_colors(scenario)
        self.capitals = {p.capital: p.id for p in scenario.players if p.capital}
        self.bounds: dict[str, tuple[float, float, float, float]] = {}
        for sid, sp in scenario.spaces.items():
            xs = [p[0] for poly in sp.outlines for p in poly] or [sp.center[0]]
            ys = [p[1] for poly in sp.outlines for p in poly] or [sp.center[1]]
            self.bounds[sid] = (min(xs), min(ys), max(xs), max(ys))
        # land is tested before sea (sea zones may lie under coasts)
        self.order = sorted(scenario.spaces, key=lambda s: scenario.spaces[s].is_sea)
        self.world_size = self._world_size()
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._mini: pygame.Surface | None = None
        self._mini_key: tuple | None = None
        self._anchor_cache: dict[tuple, list[tuple[float, float]]] = {}
        self._layouts: dict[tuple, tuple[int, list[tuple[float, float]]]] = {}
        self._hatches: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
        self.hits: list[tuple[pygame.Rect, str, MapCounter]] = []  # counters drawn last frame
        self.tiles = TileCache(self._render_tile, sketch=self.sketch)
        self._index: dict[tuple[str, int], PolygonIndex] = {}
        self._stacks_state: GameState | None = None  # stacks() of one state, computed once
        self._stacks_all: dict[str, list[tuple[str, str, int, bool]]] = {}
        self._okey_state: GameState | None = None
        self._okey: tuple = ()
        self._okey_gen = 0   # bumped whenever the drawn ownership changes (tile cache key)
        self._placed_state: GameState | None = None   # map_counters in world units, per state+zoom
        self._placed_key: tuple[float, int] = (0.0, 0)
        self._placed: dict[str, list[tuple[float, float, int, MapCounter]]] = {}
        # counter layouts made per frame at a new zoom level (None: all at once, as tests and
        # screenshots want); the others show their last zoom's placement meanwhile, as the
        # tiles show the last zoom's tiles (a 330-space map takes 100s of ms to lay out)
        self.layout_budget_ms: float | None = None
        self.layout_pending = False   # some counters still stand where the last zoom put them
        self._stale: dict[str, list[tuple[float, float, int, MapCounter]]] = {}
        # per space: (its placement, the images blitted for it, whether a leader may show)
        self._occupied_of: tuple[GameState | None, list[str], np.ndarray] = (None, [], np.zeros((0, 4)))
        self._counter_sprites: dict[str, _SpaceSprites] = {}
        self._deadline: float | None = None
        self._layout_ms = 0.5   # a space's layout, moving average (within layout_budget_ms)
        self._layout_starved = 0   # frames since a layout was made while some were pending
        self.layout_starve = LAYOUT_STARVE   # ... before one is made anyway (the window: when still)
        self._made = 0   # layouts made this frame
        self._poly_scale: float | None = None
        self._poly_px: dict[str, list[np.ndarray]] = {}
        self._zoom_memo: dict[tuple[str, float], dict] = {}   # _per_zoom
        self._poly_world: dict[str, list[np.ndarray]] = {}   # outlines as arrays (world units)
        self._bounds_px: np.ndarray | None = None   # every space's bounds (world), in order
        self._reach: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None   # _label_reach

    def _world_size(self) -> tuple[float, float]:
        sw, sh = self.scenario.size
        w, h = float(sw), float(sh)
        for _x0, _y0, x1, y1 in self.bounds.values():
            w, h = max(w, x1), max(h, y1)
        return w, h

    # --- queries -------------------------------------------------------------------
    def space_at(self, wx: float, wy: float) -> str | None:
        if self.scenario.wrap_x:
            wx %= self.world_size[0]
        for sid in self.order:
            x0, y0, x1, y1 = self.bounds[sid]
            if x0 <= wx <= x1 and y0 <= wy <= y1 and any(
                    self.outline_index(sid, k).contains(wx, wy)
                    for k in range(len(self.scenario.spaces[sid].outlines))):
                return sid
        return None

    def fill_color(self, state: GameState, sp: SpaceDef) -> tuple[int, int, int]:
        if sp.is_sea:
            return theme.SEA
        if sp.impassable:
            return theme.IMPASSABLE
        owner = state.owners.get(sp.id)
        if owner is None:
            return theme.NEUTRAL
        return theme.mix(self.colors.get(owner, theme.NEUTRAL), theme.NEUTRAL, 0.22)

    # --- the static layer -------------------------------------------------------------
    def _owner_key(self, state: GameState) -> tuple:
        if state is not self._okey_state:
            self._okey_state = state
            key = (tuple(sorted((k, v or "") for k, v in state.owners.items())),
                   tuple(sorted(state.factories)))
            if key != self._okey:
                self._okey, self._okey_gen = key, self._okey_gen + 1
        return self._okey

    def static_layer(self, state: GameState, scale: float) -> pygame.Surface:
        key = (round(scale, 5), self._owner_key(state))
        if self._layer is not None and self._layer_key == key:
            return self._layer
        w = max(1, int(math.ceil(self.world_size[0] * scale)))
        h = max(1, int(math.ceil(self.world_size[1] * scale)))
        layer = pygame.Surface((w, h))
        layer.fill(theme.color(self.scenario.background, theme.SEA))
        self._draw_spaces(layer, state, scale)
        self._layer, self._layer_key = layer, key
        return layer

    def _scaled(self, sp: SpaceDef, scale: float, origin: tuple[int, int] = (0, 0)
                ) -> list[list[tuple[int, int]]]:
        """Every outline of a space in layer pixels (whole pixels, so that a tile of the
        layer, drawn with its origin subtracted, matches the whole layer exactly)."""
        key = round(scale, 5)
        if self._poly_scale != key:   # whole-pixel outlines at this zoom, computed once
            self._poly_scale = key
            self._poly_px = {}
        px = self._poly_px.get(sp.id)
        if px is None:
            world = self._poly_world.get(sp.id)
            if world is None:
                world = self._poly_world[sp.id] = [np.asarray(poly, dtype=float)
                                                   for poly in sp.outlines if len(poly) >= 3]
            px = self._poly_px[sp.id] = [np.rint(a * scale).astype(np.int32) for a in world]
        if origin == (0, 0):
            return [a.tolist() for a in px]
        off = np.array(origin, dtype=np.int32)
        return [(a - off).tolist() for a in px]

    def _render_tile(self, state: GameState, scale: float, area: pygame.Rect) -> pygame.Surface:
        """One tile of the static layer: `area` in layer pixels."""
        tile = pygame.Surface(area.size)
        if pygame.display.get_surface() is not None:
            tile = tile.convert()
        tile.fill(theme.color(self.scenario.background, theme.SEA))
        self._draw_spaces(tile, state, scale, area)
        return tile

    def sketch(self, state: GameState, scale: float) -> pygame.Surface:
        """The whole map at `scale` without names, markers or hatching: the tiles' stand-in
        of last resort (tiles.py), quick to draw (~20 ms for Global 1940 at its fitted zoom)."""
        w = max(1, int(math.ceil(self.world_size[0] * scale)))
        h = max(1, int(math.ceil(self.world_size[1] * scale)))
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.fill(theme.color(self.scenario.background, theme.SEA))
        spaces = self.scenario.spaces.values()
        for sp in spaces:
            if sp.is_sea:
                for pts in self._scaled(sp, scale):
                    pygame.draw.polygon(surf, theme.SEA, pts)
                    pygame.draw.polygon(surf, theme.SEA_EDGE, pts, width=1)
        for sp in spaces:
            if not sp.is_sea:
                fill = self.fill_color(state, sp)
                for pts in self._scaled(sp, scale):
                    pygame.draw.polygon(surf, fill, pts)
                    pygame.draw.polygon(surf, theme.BORDER, pts, width=1)
        return surf

    def _draw_spaces(self, layer: pygame.Surface, state: GameState, scale: float,
                     area: pygame.Rect | None = None) -> None:
        """Spaces, borders and names at `scale` onto `layer`, which shows `area` of the whole
        layer (all of it when None); spaces outside the area are skipped."""
        origin = (area.x, area.y) if area is not None else (0, 0)
        seas: list[SpaceDef] = []
        lands: list[SpaceDef] = []
        for sp in self._spaces_near(scale, area, 3):
            (seas if sp.is_sea else lands).append(sp)
        for sp in seas:
            for pts in self._fill_polys(sp, scale, area):
                pygame.draw.polygon(layer, theme.SEA, pts)
        for sp in seas:
            self._draw_outline(layer, sp, scale, area, theme.SEA_EDGE, 1)
        for sp in lands:
            fill = self.fill_color(state, sp)
            for pts in self._fill_polys(sp, scale, area):
                pygame.draw.polygon(layer, fill, pts)
                if sp.impassable:
                    self._hatch(layer, pts, theme.darken(fill, 0.25), origin)
        bw = 2 if scale >= 0.6 else 1
        for sp in lands:
            self._draw_outline(layer, sp, scale, area, theme.BORDER, bw)
        for sp in self._labels_near(scale, area):
            self._draw_labels(layer, state, sp, scale, origin)

    def _spaces_near(self, scale: float, area: pygame.Rect | None, pad: int) -> list[SpaceDef]:
        """The spaces (in the scenario's order) whose bounds at `scale` come within `pad`
        layer pixels of `area` (every space when None): one vectorised test per tile."""
        spaces = self.scenario.spaces
        if area is None:
            return list(spaces.values())
        if self._bounds_px is None:
            self._bounds_px = np.array([self.bounds[sid] for sid in spaces], dtype=float).reshape(-1, 4)
        b = self._bounds_px * scale
        near = ((b[:, 2] + pad >= area.left) & (b[:, 0] - pad <= area.right)
                & (b[:, 3] + pad >= area.top) & (b[:, 1] - pad <= area.bottom))
        ids = list(spaces)
        return [spaces[ids[i]] for i in np.flatnonzero(near)]

    def _fill_polys(self, sp: SpaceDef, scale: float, area: pygame.Rect | None) -> list[list[tuple[int, int]]]:
        """A space's outlines to fill on a tile showing `area` (layer pixels): cut to the
        tile and a margin (polyclip: pygame's fill costs the polygon's whole height times
        its edges), in the tile's pixels. The borders are drawn from the whole outlines,
        so they stay exactly where a whole-layer render puts them."""
        if area is None:
            return self._scaled(sp, scale)
        m = FILL_MARGIN
        self._scaled(sp, scale)   # the whole-pixel outlines at this zoom
        height = (self.bounds[sp.id][3] - self.bounds[sp.id][1]) * scale
        origin = np.array((area.x, area.y), dtype=np.int32)
        out = []
        for px in self._poly_px[sp.id]:
            if height * len(px) > CLIP_WORTH:
                px = clip_to_rect(px, area.left - m, area.top - m, area.right + m, area.bottom + m)
            if len(px) >= 3:
                out.append((px - origin).tolist())
        return out

    def _draw_outline(self, layer: pygame.Surface, sp: SpaceDef, scale: float, area: pygame.Rect | None,
                      col: tuple[int, int, int], width: int) -> None:
        """A space's borders on a tile showing `area` (the whole layer when None), drawn
        from its whole outlines: exactly where a whole-layer render puts them (pygame
        skips an outline's edges off the tile at little cost; leaving them out by hand
        in numpy cost more than it saved)."""
        for pts in self._scaled(sp, scale, (area.x, area.y) if area is not None else (0, 0)):
            pygame.draw.polygon(layer, col, pts, width=width)

    def _labels_near(self, scale: float, area: pygame.Rect | None) -> list[SpaceDef]:
        """The spaces whose name and markers may reach into `area` (all when None): the
        names that can (a bound needing no measuring at this zoom), then those that do."""
        spaces = self.scenario.spaces
        if area is None:
            return list(spaces.values())
        lx, ylo, yhi, half = self._label_reach()
        x = lx * scale
        reach = 2 * half + 64
        near = ((x + reach > area.left) & (x - reach < area.right)
                & (yhi * scale + 30 > area.top) & (ylo * scale - 100 < area.bottom))
        near |= 2 * half >= self.world_size[0] * scale   # a name wider than the map: centred
        ids = list(spaces)
        return [sp for sp in (spaces[ids[i]] for i in np.flatnonzero(near))
                if self._label_rect(sp, scale).colliderect(area)]

    def _label_reach(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per space (scenario order), what bounds its name's place at any zoom: the x of
        its middle (label_x), the world y range its bottom may take (label_bottom), and
        half its width at the largest label size in pixels (label_cx moves it at most
        that far from label_x)."""
        if self._reach is None:
            sps = list(self.scenario.spaces.values())
            lx = np.array([self.label_x(sp) for sp in sps], dtype=float)
            cy = np.array([sp.center[1] for sp in sps], dtype=float)
            ly = np.array([sp.label[1] if sp.label is not None else sp.center[1] for sp in sps], dtype=float)
            top = np.array([self.bounds[sp.id][1] for sp in sps], dtype=float)
            half = np.array([theme.text_width(sp.name, 24, bold=not sp.is_sea) / 2 + 3 for sp in sps],
                            dtype=float)
            self._reach = (lx, np.minimum(np.minimum(cy, ly), top), np.maximum(cy, ly), half)
        return self._reach

    def _label_rect(self, sp: SpaceDef, scale: float) -> pygame.Rect:
        """Layer pixels a space's name and markers may cover (generous); cached per zoom."""
        memo = self._per_zoom("rect", scale)
        rect = memo.get(sp.id)
        if rect is None:
            x0, y0, x1, y1 = self._label_box(sp.id, scale)
            rect = memo[sp.id] = pygame.Rect(int(x0 * scale) - 60, int(y0 * scale) - 40,
                                             int((x1 - x0) * scale) + 120, int((y1 - y0) * scale) + 60)
        return rect

    def _hatch(self, layer: pygame.Surface, pts: list[tuple[int, int]], col: tuple[int, int, int],
               origin: tuple[int, int] = (0, 0)) -> None:
        """Diagonal lines over an impassable space, clipped to the layer; the lines sit at
        fixed places of the whole layer so that tiles join seamlessly."""
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        rect = rect.clip(layer.get_rect())
        if rect.w <= 0 or rect.h <= 0:
            return
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = [(x - rect.x, y - rect.y) for x, y in pts]
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        lines = pygame.Surface(rect.size, pygame.SRCALPHA)
        step = 9
        phase = (rect.x + origin[0] + rect.y + origin[1]) % step  # lines where x + y = 9n
        for k in range(-rect.h - phase, rect.w + step, step):
            pygame.draw.line(lines, (*col, 255), (k, rect.h), (k + rect.h, 0), 2)
        lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        layer.blit(lines, rect.topleft)

    def small_island(self, sp: SpaceDef, scale: float) -> bool:
        """A land space too small for its name: the name goes above it, not on it."""
        if sp.is_sea:
            return False
        x0, y0, x1, y1 = self.bounds[sp.id]
        return max(x1 - x0, y1 - y0) * scale < 72

    def _per_zoom(self, what: str, scale: float) -> dict:
        """A memo of `what` (a label measure) for every space at this zoom: tiles, counter
        layouts and markers ask for the same names' sizes and places thousands of times."""
        key = (what, round(scale, 5))
        memo = self._zoom_memo.get(key)
        if memo is None:
            if len(self._zoom_memo) > 12:   # a few zoom levels of each
                self._zoom_memo.clear()
            memo = self._zoom_memo[key] = {}
        return memo

    def readable_scale(self) -> float:
        """The zoom at which half the land spaces hold their name at the smallest label
        size (12): below it names run over their neighbours and a click is guesswork.
        From the map's own outlines and names, whatever the map."""
        ratios = sorted(theme.text_width(sp.name, 12, bold=True) / max(1.0, self.bounds[sp.id][2] - self.bounds[sp.id][0])
                        for sp in self.scenario.spaces.values() if not sp.is_sea)
        return ratios[len(ratios) // 2] if ratios else 0.0

    def label_size(self, sp: SpaceDef, scale: float) -> int:
        memo = self._per_zoom("size", scale)
        size = memo.get(sp.id)
        if size is None:
            size = memo[sp.id] = self._label_size(sp, scale)
        return size

    def _label_size(self, sp: SpaceDef, scale: float) -> int:
        x0, y0, x1, y1 = self.bounds[sp.id]
        width = (x1 - x0) * scale
        size = int(min(24, max(12, 15 * scale ** 0.5 * 1.2)))
        if self.small_island(sp, scale):
            return min(size, 17)
        while size > 11 and theme.text_width(sp.name, size, bold=not sp.is_sea) > width * 0.95:
            size -= 1
        return size

    def label_bottom(self, sp: SpaceDef, scale: float) -> float:
        """World y of the bottom of a space's name: just above its centre, or above the
        whole island for a tiny one (so the island shows)."""
        if self.small_island(sp, scale):
            return min(sp.center[1], self.bounds[sp.id][1]) - 2 / scale
        if sp.label is not None:
            return sp.label[1]
        return sp.center[1] - 2 / scale

    @staticmethod
    def label_x(sp: SpaceDef) -> float:
        """World x of the middle of a space's name: its `label` point, else its centre."""
        return sp.label[0] if sp.label is not None else sp.center[0]

    def label_cx(self, sp: SpaceDef, scale: float) -> float:
        """label_x kept far enough from the map's left and right edges for the whole name
        to show at this zoom (v3 "Eastern Canada" read "astern Canada" zoomed out)."""
        memo = self._per_zoom("cx", scale)
        cx = memo.get(sp.id)
        if cx is None:
            cx = memo[sp.id] = self._label_cx(sp, scale)
        return cx

    def _label_cx(self, sp: SpaceDef, scale: float) -> float:
        x = self.label_x(sp)
        half = (theme.text_width(sp.name, self.label_size(sp, scale), bold=not sp.is_sea) / 2 + 3) / scale
        ww = self.world_size[0]
        if 2 * half >= ww:
            return ww / 2
        return min(max(x, half), ww - half)

    def _draw_labels(self, layer: pygame.Surface, state: GameState, sp: SpaceDef, scale: float,
                     origin: tuple[int, int] = (0, 0)) -> None:
        # whole layer pixels first, then the tile's origin: tiles join without a seam
        cx = int(self.label_cx(sp, scale) * scale) - origin[0]
        cy = int(self.label_bottom(sp, scale) * scale + 2) - origin[1]
        size = self.label_size(sp, scale)
        if sp.is_sea:
            theme.text(layer, sp.name, (cx, cy - 2), size, theme.lighten(theme.SEA, 0.55), anchor="midbottom")
            return
        fill = self.fill_color(state, sp)
        ink = theme.text_on(fill)
        halo = theme.lighten(fill, 0.35) if ink == theme.TEXT_DARK else theme.darken(fill, 0.45)
        if self.small_island(sp, scale):  # the name stands on the sea above the island
            ink, halo = (244, 244, 240), (16, 22, 34)
        name_rect = theme.text(layer, sp.name, (cx, cy - 2), size, ink, anchor="midbottom", bold=True,
                               shadow=halo)
        # markers row above the name: value, victory city, factory, capital
        icon = max(9, int(size * 0.75))
        marks: list[str] = []
        if sp.value:
            marks.append("value")
        if sp.victory_city:
            marks.append("vc")
        if sp.id in state.factories:
            marks.append("factory")
        if sp.id in self.capitals:
            marks.append("capital")
        if not marks:
            return
        widths = {"value": max(icon, theme.text_width(str(sp.value), icon) + 8)}
        total = sum(widths.get(m, icon) for m in marks) + 4 * (len(marks) - 1)
        x = cx - total / 2
        y = name_rect.top - 2 - icon / 2
        for m in marks:
            w = widths.get(m, icon)
            c = (x + w / 2, y)
            if m == "value":
                r = pygame.Rect(0, 0, w, icon)
                r.center = (int(c[0]), int(c[1]))
                pygame.draw.rect(layer, (250, 246, 228), r, border_radius=icon // 2)
                pygame.draw.rect(layer, (60, 50, 30), r, width=1, border_radius=icon // 2)
                theme.text(layer, str(sp.value), r.center, max(9, icon), (40, 32, 20), anchor="center", bold=True)
            elif m == "vc":
                theme.star(layer, c, icon * 0.62, theme.ACCENT)
            elif m == "factory":
                self._factory_icon(layer, c, icon)
            elif m == "capital":
                owner = self.capitals[sp.id]
                col = self.colors.get(owner, theme.NEUTRAL)
                pygame.draw.circle(layer, (250, 250, 250), c, icon * 0.55)
                pygame.draw.circle(layer, col, c, icon * 0.42)
                pygame.draw.circle(layer, (250, 250, 250), c, icon * 0.18)
                pygame.draw.circle(layer, (20, 20, 20), c, icon * 0.55, width=1)
            x += w + 4

    @staticmethod
    def _factory_icon(layer: pygame.Surface, c: tuple[float, float], s: int) -> None:
        x, y = c[0] - s / 2, c[1] - s / 2
        pts = [(x, y + s), (x, y + s * 0.45), (x + s * 0.33, y + s * 0.25), (x + s * 0.33, y + s * 0.45),
               (x + s * 0.66, y + s * 0.25), (x + s * 0.66, y + s * 0.45), (x + s * 0.8, y + s * 0.45),
               (x + s * 0.8, y), (x + s, y), (x + s, y + s)]
        pygame.draw.polygon(layer, (54, 54, 58), pts)
        pygame.draw.polygon(layer, (230, 230, 230), pts, width=1)

    # --- per frame ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cam: Camera, state: GameState,
             highlights: dict[str, tuple[int, int, int]] | None = None,
             selected: str | None = None, hover: str | None = None,
             battles: Iterable[str] = ()) -> None:
        view = pygame.Rect(cam.view)
        self._owner_key(state)
        if cam.wrap_x != self.scenario.wrap_x:   # a wrapping map pans east-west forever
            cam.wrap_x = self.scenario.wrap_x
            cam.clamp()
        layer_size = (max(1, int(math.ceil(self.world_size[0] * cam.scale))),
                      max(1, int(math.ceil(self.world_size[1] * cam.scale))))
        on_screen = pygame.Rect(int(round(cam.ox)), int(round(cam.oy)), *layer_size)
        # the tiles cover the view when the layer spans it (a wrapping map: its copies side
        # by side span it across, whole pixels without a gap); else the rest is background
        spans_x = self.scenario.wrap_x or (on_screen.left <= view.left and on_screen.right >= view.right)
        if not (spans_x and on_screen.top <= view.top and on_screen.bottom >= view.bottom):
            surface.fill(theme.BG, view)
        clip = surface.get_clip()
        surface.set_clip(view)
        ox = cam.ox
        hits: list[tuple[pygame.Rect, str, MapCounter]] = []
        self.tiles.begin_frame()
        self.tiles.set_overview(cam.fit_scale(), self.world_size)
        for off in self.copies(cam):   # the map once, or side by side copies when it wraps
            cam.ox = ox + off
            self.tiles.draw(surface, view, (int(round(cam.ox)), int(round(cam.oy))), cam.scale,
                            layer_size, state, self._okey_gen)
            self._draw_overlays(surface, cam, state, view, highlights, selected, hover, battles)
            hits += self.hits
        cam.ox = ox
        self.hits = hits
        surface.set_clip(clip)

    def draw_spread(self, surface: pygame.Surface, cam: Camera, state: GameState, sid: str | None
                    ) -> pygame.Rect | None:
        """A hovered space whose counters are piles, or too small for their labels: its
        stacks spread out at a readable size, one counter per owner and unit type with its
        count (VASSAL's stack viewer). None when the space's counters read as they are.
        Drawn by the scene over everything on the map (the phase banner too)."""
        if sid is None:
            return None
        view = pygame.Rect(cam.view)
        shown = [(rect, it) for rect, s, it in self.hits if s == sid]
        if not shown or not any(it.pile or rect.w < LABEL_MIN for rect, it in shown):
            return None
        chits = []
        for owner, utype, count, damaged in self.stacks(state, sid):
            ut = state.ruleset.units.get(utype)
            chits.append(counter_surface(ut or utype, ut.domain if ut else "land",
                                         self.colors.get(owner, theme.NEUTRAL), SPREAD_SIZE, count,
                                         damaged=damaged))
        anchor = shown[0][0].unionall([r for r, _ in shown[1:]])
        n = sum(c for _o, _t, c, _d in self.stacks(state, sid))
        name = self.scenario.spaces[sid].name
        return draw_spread(surface, anchor, chits, view, f"{name}: {n} unit{'s' if n != 1 else ''}")

    def copies(self, cam: Camera) -> list[float]:
        """Screen x offsets at which the map is drawn: [0], or every copy of a wrapping
        map that shows in the view."""
        if not self.scenario.wrap_x:
            return [0.0]
        mw = self.world_size[0] * cam.scale
        x, _, w, _ = cam.view
        out, k = [], 0
        while cam.ox + k * mw < x + w and k < 64:
            if cam.ox + (k + 1) * mw > x:
                out.append(k * mw)
            k += 1
        return out or [0.0]

    def _draw_overlays(self, surface: pygame.Surface, cam: Camera, state: GameState, view: pygame.Rect,
                       highlights: dict[str, tuple[int, int, int]] | None, selected: str | None,
                       hover: str | None, battles: Iterable[str]) -> None:
        battles = list(battles)
        for sid, col in (highlights or {}).items():
            self.draw_highlight(surface, cam, sid, col)
        for sid in battles:
            self.outline(surface, cam, sid, theme.BAD, 3)
        if hover and hover != selected:
            self.outline(surface, cam, hover, (240, 240, 240), 1)
        if selected:
            self.outline(surface, cam, selected, (15, 15, 15), 7)
            self.outline(surface, cam, selected, theme.SELECT, 4)
        self.draw_counters(surface, cam, state, view)
        for sid, col in (highlights or {}).items():   # markers over the counters
            marker = palette.MARKERS.get(col)
            if marker:
                self._marker(surface, cam, sid, col, marker)
        for sid in battles:
            self._battle_icon(surface, cam, sid)
        if state.ruleset.supply is not None:   # seed 000 supply (G4): out-of-supply stacks
            for sid in supply.unsupplied_spaces(state):
                self._supply_icon(surface, cam, sid)

    def draw_highlight(self, surface: pygame.Surface, cam: Camera, sid: str, col: tuple[int, int, int]) -> None:
        """A highlighted space: never a fill (a wash reads as a nation's colour), but an
        outline on a dark casing, hatched inside for an attack (palette)."""
        if col == palette.ATTACK:
            self._hatch_space(surface, cam, sid, col)
        self.outline(surface, cam, sid, (15, 15, 15), 6)
        self.outline(surface, cam, sid, col, 3 if col != palette.MOVE else 2)

    def _hatch_space(self, surface: pygame.Surface, cam: Camera, sid: str, col: tuple[int, int, int]) -> None:
        """Diagonal lines across the space (a sprite cached per zoom, moved with the view)."""
        key = (sid, round(cam.scale, 5), col)
        hit = self._hatches.get(key)
        if hit is None:
            if len(self._hatches) > 200:
                self._hatches.clear()
            polys = [[(x * cam.scale, y * cam.scale) for x, y in poly] for poly in self.scenario.spaces[sid].outlines]
            xs = [x for poly in polys for x, _ in poly]
            ys = [y for poly in polys for _, y in poly]
            rect = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
            if rect.w * rect.h > 4_000_000:   # a space far larger than the screen: outline only
                self._hatches[key] = hit = (pygame.Surface((0, 0)), rect)
                return
            sprite = pygame.Surface(rect.size, pygame.SRCALPHA)
            for poly in polys:
                if len(poly) >= 3:
                    self._hatch(sprite, [(int(x) - rect.x, int(y) - rect.y) for x, y in poly], col,
                                origin=rect.topleft)
            self._hatches[key] = hit = (sprite, rect)
        sprite, rect = hit
        if sprite.get_width():
            surface.blit(sprite, (rect.x + int(round(cam.ox)), rect.y + int(round(cam.oy))))

    def _marker(self, surface: pygame.Surface, cam: Camera, sid: str, col: tuple[int, int, int], marker: str) -> None:
        """A small round marker left of the space's name: what the highlight means."""
        x0, y0, _x1, y1 = self._label_box(sid, cam.scale)
        x, y = cam.to_screen(x0, (y0 + y1) / 2)
        draw_marker(surface, (int(x) - 11, int(y)), marker, col)

    def screen_poly(self, cam: Camera, sid: str) -> list[tuple[float, float]]:
        return [cam.to_screen(x, y) for x, y in self.scenario.spaces[sid].polygon]

    def screen_polys(self, cam: Camera, sid: str) -> list[list[tuple[float, float]]]:
        """Every outline of a space on screen (islands of a multi-part space too)."""
        return [[cam.to_screen(x, y) for x, y in poly] for poly in self.scenario.spaces[sid].outlines]

    def outline(self, surface: pygame.Surface, cam: Camera, sid: str, col: tuple[int, ...], width: int) -> None:
        for pts in self.screen_polys(cam, sid):
            if len(pts) >= 3:
                pygame.draw.polygon(surface, col, pts, width=width)

    def fill_space(self, surface: pygame.Surface, cam: Camera, sid: str, rgba: tuple[int, ...]) -> None:
        for pts in self.screen_polys(cam, sid):
            self._fill_poly(surface, cam, pts, rgba)

    def _fill_poly(self, surface: pygame.Surface, cam: Camera, pts: list[tuple[float, float]],
                   rgba: tuple[int, ...]) -> None:
        if len(pts) < 3:
            return
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        rect = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        rect = rect.clip(pygame.Rect(cam.view))
        if rect.w <= 0 or rect.h <= 0:
            return
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.polygon(tmp, rgba, [(x - rect.x, y - rect.y) for x, y in pts])
        surface.blit(tmp, rect.topleft)

    def battle_icon_pos(self, cam: Camera, sid: str) -> tuple[int, int]:
        """Screen centre of a battle's marker: left of the space's name, or right of it when
        the left side is off the space or the map (the Eastern Atlantic's marker was cut in
        half by the window's edge)."""
        sp = self.scenario.spaces[sid]
        size = self.label_size(sp, cam.scale)
        w = theme.text_width(sp.name, size, bold=not sp.is_sea)
        nx, ny = cam.to_screen(self.label_cx(sp, cam.scale), self.label_bottom(sp, cam.scale))
        cy = int(ny - size / 2)
        ww, _wh = self.world_size
        # left of the name, right of it, above or below its middle
        for cx, y in ((int(nx - w / 2 - 14), cy), (int(nx + w / 2 + 14), cy), (int(nx), cy - size - 6),
                      (int(nx), int(ny + 14))):
            wx, wy = cam.to_world(cx, y)
            if 12 / cam.scale <= wx <= ww - 12 / cam.scale and self.polygon_index(sid).contains(wx, wy):
                return cx, y
        return int(nx - w / 2 - 14), cy

    def _battle_icon(self, surface: pygame.Surface, cam: Camera, sid: str) -> None:
        # at the space's name (its label anchor), just beside it: inside the space, never
        # on a border
        cx, cy = self.battle_icon_pos(cam, sid)
        pygame.draw.circle(surface, theme.BAD, (cx, cy), 11)
        pygame.draw.circle(surface, (20, 20, 20), (cx, cy), 11, width=1)
        for d in (-1, 1):
            pygame.draw.line(surface, (255, 255, 255), (cx - 6 * d, cy - 6), (cx + 6 * d, cy + 6), 3)

    def _supply_icon(self, surface: pygame.Surface, cam: Camera, sid: str) -> None:
        """An orange "S" just right of the space's name: land units here are out of supply."""
        sp = self.scenario.spaces[sid]
        size = self.label_size(sp, cam.scale)
        w = theme.text_width(sp.name, size, bold=not sp.is_sea)
        nx, ny = cam.to_screen(self.label_cx(sp, cam.scale), self.label_bottom(sp, cam.scale))
        cx, cy = int(nx + w / 2 + 13), int(ny - size / 2)
        pygame.draw.circle(surface, OUT_OF_SUPPLY, (cx, cy), 10)
        pygame.draw.circle(surface, (20, 20, 20), (cx, cy), 10, width=1)
        theme.text(surface, "S", (cx, cy + 1), 16, (20, 20, 20), anchor="center", bold=True)

    # --- counters ----------------------------------------------------------------------------
    def counter_size(self, cam: Camera) -> int:
        """Counters grow with the zoom, up to a size where a table-top chit stops growing."""
        return int(min(MAX_COUNTER, max(18, 26 * cam.scale)))

    def stacks(self, state: GameState, sid: str) -> list[tuple[str, str, int, bool]]:
        """(owner, unit type, count, any damaged) in a stable order: turn order, then domain.
        Computed for every space at once, once per state (states never change)."""
        if state is not self._stacks_state:
            by_space: dict[str, list] = {}
            for u in state.units.values():
                by_space.setdefault(u.space, []).append(u)
            self._stacks_all = {s: self._stacks_of(state, us) for s, us in by_space.items()}
            self._stacks_state = state
        return self._stacks_all.get(sid, [])

    def _stacks_of(self, state: GameState, units: list) -> list[tuple[str, str, int, bool]]:
        counts: dict[tuple[str, str], list[int]] = {}
        for u in units:
            c = counts.setdefault((u.owner, u.type), [0, 0])
            c[0] += 1
            c[1] += 1 if u.damage else 0
        porder = {p.id: i for i, p in enumerate(self.scenario.players)}
        dorder = {"land": 0, "air": 1, "sea": 2, "static": 3}
        utypes = list(state.ruleset.units)
        keys = sorted(counts, key=lambda k: (porder.get(k[0], 99),
                                             dorder.get(state.ruleset.units[k[1]].domain, 4)
                                             if k[1] in state.ruleset.units else 5,
                                             utypes.index(k[1]) if k[1] in utypes else 99))
        return [(o, t, counts[(o, t)][0], counts[(o, t)][1] > 0) for o, t in keys]

    def counter_rects(self, cam: Camera, sid: str, n: int) -> list[pygame.Rect]:
        """Screen rects of `n` counters laid out in `sid` (see `counter_layout`)."""
        size, pts = self.counter_layout(sid, n, self.counter_size(cam), cam.scale)
        out = []
        for wx, wy in pts:
            x, y = cam.to_screen(wx, wy)
            out.append(pygame.Rect(int(round(x)), int(round(y)), size, size))
        return out

    def _fits(self, sid: str, pts: list[tuple[float, float]], size_w: float,
              avoid: tuple[tuple[float, float, float, float], ...] = (), px: float = 0.0) -> bool:
        """Every counter (top-left world points, side size_w) sits inside the space and the
        map, clear of the `avoid` boxes (islands in a sea zone and their names)."""
        ww, wh = self.world_size
        if avoid and any(_overlaps(pts, size_w, box) for box in avoid):
            return False
        # the whole counter, but for its rounded corners (2 screen pixels, `px` is a pixel in
        # world units; 0.1 of the side when no pixel is given): its middle inside and no
        # border crossing it. Five points with a 0.22 inset let a counter reach a fifth of its
        # width over the border: ships on the coast's names, stacks across borders (issue #4)
        e = 2 * px if px else 0.1 * size_w
        index = self.polygon_index(sid)
        for x, y in pts:
            if x < 0 or y < 0 or x + size_w > ww or y + size_w > wh:
                return False
            if not index.contains(x + size_w / 2, y + size_w / 2):
                return False
            if index.crosses(x + e, y + e, x + size_w - e, y + size_w - e):
                return False
        return True

    def polygon_index(self, sid: str) -> PolygonIndex:
        """The edge index of a space's outline (`SpaceDef.polygon`), made once."""
        return self.outline_index(sid, -1)

    def outline_index(self, sid: str, k: int) -> PolygonIndex:
        """The edge index of a space's k-th outline (-1: its `polygon`), made once."""
        idx = self._index.get((sid, k))
        if idx is None:
            sp = self.scenario.spaces[sid]
            idx = self._index[(sid, k)] = PolygonIndex(sp.polygon if k < 0 else sp.outlines[k])
        return idx

    def _grid(self, sid: str, n: int, s: float, cols: int, anchor: tuple[float, float],
              centered: bool = False) -> list[tuple[float, float]]:
        """Top-left world points of n counters of world size s in rows of `cols`, the first
        row's top centre at `anchor` (or the whole grid centred on it)."""
        g = s * 0.12
        ax, ay = anchor
        rows = (n + cols - 1) // cols
        if centered:
            ay -= (rows * s + (rows - 1) * g) / 2
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            width = in_row * s + (in_row - 1) * g
            out.append((ax - width / 2 + c * (s + g), ay + r * (s + g)))
        return out

    def _label_box(self, sid: str, scale: float) -> tuple[float, float, float, float]:
        """World box (x0, y0, x1, y1) of a space's name and markers."""
        memo = self._per_zoom("box", scale)
        box = memo.get(sid)
        if box is None:
            box = memo[sid] = self._measure_label_box(sid, scale)
        return box

    def _measure_label_box(self, sid: str, scale: float) -> tuple[float, float, float, float]:
        sp = self.scenario.spaces[sid]
        size = self.label_size(sp, scale)
        w = theme.text_width(sp.name, size, bold=not sp.is_sea) / scale
        h = (size * (2.0 if not sp.is_sea else 1.0) + 2) / scale
        cx = self.label_cx(sp, scale)
        cy = self.label_bottom(sp, scale) + 2 / scale
        return (cx - w / 2, cy - h, cx + w / 2, cy)

    def islands(self, sid: str) -> list[str]:
        """The islands next to a sea zone: land spaces whose neighbours are all sea zones
        (their polygons may lie on top of the sea zone's, so its counters must keep off)."""
        sp = self.scenario.spaces[sid]
        if not sp.is_sea:
            return []
        spaces = self.scenario.spaces
        out = []
        for a in sp.adjacent:
            land = spaces.get(a)
            if land is None or land.is_sea:
                continue
            if all(spaces[b].is_sea for b in land.adjacent if b in spaces):
                out.append(a)
        return out

    def _coast_names(self, sid: str, scale: float) -> tuple[tuple[float, float, float, float], ...]:
        """World boxes of the names (with value and factory markers) of the land next to a
        sea zone that reach into it: small coastal spaces write theirs over the sea, and
        ships covered "Alexandria" and "Egypt" (issue #4). Kept clear when the ships fit."""
        sp = self.scenario.spaces[sid]
        if not sp.is_sea:
            return ()
        bx0, by0, bx1, by1 = self.bounds[sid]
        out = []
        for a in sp.adjacent:
            if a in self.scenario.spaces and not self.scenario.spaces[a].is_sea:
                lb = self._label_box(a, scale)
                if lb[0] < bx1 and lb[2] > bx0 and lb[1] < by1 and lb[3] > by0:
                    out.append(lb)
        return tuple(out)

    def _avoid(self, sid: str, scale: float, base: int) -> tuple[tuple[float, float, float, float], ...]:
        """World boxes the counters of `sid` keep clear of: its islands, their names and,
        for a tiny island, the place beside it where its own counters stand."""
        out = []
        pad = 3 / scale
        for isl in self.islands(sid):
            x0, y0, x1, y1 = self.bounds[isl]
            out.append((x0 - pad, y0 - pad, x1 + pad, y1 + pad))
            out.append(self._label_box(isl, scale))
            if self.tiny(isl, scale, base):
                size = max(MIN_COUNTER, int(base * 0.8))
                pts = self.beside(isl, 2, size, scale)
                if pts:
                    sw = size / scale
                    out.append((min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad,
                                max(p[0] for p in pts) + sw + pad, max(p[1] for p in pts) + sw + pad))
        return tuple(out)

    def tiny(self, sid: str, scale: float, base: int) -> bool:
        """A space too small on screen to hold even one counter inside it (Malta)."""
        x0, y0, x1, y1 = self.bounds[sid]
        return max(x1 - x0, y1 - y0) * scale < 2 * max(MIN_COUNTER, base * 0.8)

    def beside(self, sid: str, n: int, size: int, scale: float) -> list[tuple[float, float]] | None:
        """Top-left world points of n counters placed next to a tiny space, clear of the
        space, its name and the map's edge: right, left, below, then above. The caller
        draws a leader line from the space to them."""
        sw = size / scale
        g = sw * 0.12
        cols = min(n, 3)
        rows = (n + cols - 1) // cols
        gw, gh = cols * sw + (cols - 1) * g, rows * sw + (rows - 1) * g
        x0, y0, x1, y1 = self.bounds[sid]
        lx0, ly0, lx1, ly1 = self._label_box(sid, scale)
        bx0, by0, bx1, by1 = min(x0, lx0), min(y0, ly0), max(x1, lx1), max(y1, ly1)
        cx, cy = self.scenario.spaces[sid].center
        gap = 10 / scale
        ww, wh = self.world_size
        # where the neighbours' names and counters go (their counters sit under their names)
        busy = []
        for a in self.scenario.spaces[sid].adjacent:
            if a not in self.scenario.spaces:
                continue
            ax0, ay0, ax1, ay1 = self._label_box(a, scale)
            half = max((ax1 - ax0) / 2, 1.7 * sw)
            acx = (ax0 + ax1) / 2
            busy.append((acx - half, ay0, acx + half, ay1 + 2.3 * sw))
        best, best_cost = None, None
        cands = ((x1 + gap, cy - gh / 2), (x0 - gap - gw, cy - gh / 2), (cx - gw / 2, by1 + gap),
                 (cx - gw / 2, by0 - gap - gh), (x1 + gap, by1 + gap), (x0 - gap - gw, by1 + gap),
                 (x1 + gap, by0 - gap - gh), (x0 - gap - gw, by0 - gap - gh))
        for k, (ox, oy) in enumerate(cands):
            if ox < 0 or oy < 0 or ox + gw > ww or oy + gh > wh:
                continue
            if ox < bx1 and ox + gw > bx0 and oy < by1 and oy + gh > by0:
                continue
            cost = sum(max(0.0, min(ox + gw, b[2]) - max(ox, b[0])) * max(0.0, min(oy + gh, b[3]) - max(oy, b[1]))
                       for b in busy) + k * 1e-6
            if best_cost is None or cost < best_cost:
                best, best_cost = (ox, oy), cost
        if best is None:
            return None
        return self._grid(sid, n, sw, cols, (best[0] + gw / 2, best[1]))

    def _anchors(self, sid: str, s: float) -> list[tuple[float, float]]:
        """Other places inside a space to centre counters on, nearest to its centre first."""
        key = (sid, round(s, 2))
        hit = self._anchor_cache.get(key)
        if hit is not None:
            return hit
        x0, y0, x1, y1 = self.bounds[sid]
        index = self.polygon_index(sid)
        step = max(s * 0.5, (x1 - x0) / 14, (y1 - y0) / 14)
        cx, cy = self.scenario.spaces[sid].center
        pts = []
        y = y0 + step / 2
        while y < y1:
            x = x0 + step / 2
            while x < x1:
                if index.contains(x, y):
                    pts.append((x, y))
                x += step
            y += step
        pts.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy - s) ** 2)
        self._anchor_cache[key] = pts[:60]
        return pts[:60]

    def counter_layout(self, sid: str, n: int, base: int, scale: float,
                       strict: bool = False, smallest: int = MIN_COUNTER,
                       names: bool | None = None) -> tuple[int, list[tuple[float, float]]]:
        """(counter size in pixels, top-left world points) for n counters in `sid`: a grid
        under the name, else elsewhere inside the space clear of the name, shrunk (down to
        MIN_COUNTER) and reshaped until it fits. When nothing fits: `strict` returns no
        points; otherwise a grid anchored under the name, kept inside the map."""
        key = (sid, n, base, round(scale, 5), strict, smallest, names)
        hit = self._layouts.get(key)
        if hit is not None:
            return hit
        if len(self._layouts) > 4000:
            self._layouts.clear()
            self._anchor_cache.clear()
        sp = self.scenario.spaces[sid]
        if sp.places and n <= len(sp.places):
            placed = self._place_layout(sp, n, base, scale)
            if placed is not None:
                self._layouts[key] = placed
                return placed
        cx, cy = sp.center
        under = (cx, cy + (2 if sp.is_sea else 3) / scale)
        default_cols = min(n, 4 if n > 6 else max(1, min(n, 3 if n > 4 else n)))
        col_options = [default_cols] + [c for c in range(1, n + 1) if c != default_cols]
        # away from the name, a block reads as one stack; a long column in a narrow sea
        # (Thessa Strait) looked like a stack of the neighbouring zone
        compact = [default_cols] + sorted(col_options[1:], key=lambda c: (abs(c - (n + c - 1) // c), -c))
        sizes = [base]
        while sizes[-1] > smallest:
            sizes.append(max(smallest, int(sizes[-1] * 0.85)))
        label = self._label_box(sid, scale)
        plain = self._avoid(sid, scale, base)
        coast = self._coast_names(sid, scale)
        # names: True keeps clear of the coast's names, False may cover them, None tries both
        avoids: tuple[tuple[tuple[float, float, float, float], ...], ...]
        if not coast or names is False:
            avoids = (plain,)
        elif names:
            avoids = (plain + coast,)
        else:
            avoids = (plain + coast, plain)
        result: tuple[int, list[tuple[float, float]]] | None = None
        if not sp.is_sea and self.tiny(sid, scale, base) and (n <= 3 or not strict):
            # an island smaller than its counters: they stand beside it (leader line)
            size = max(MIN_COUNTER, int(base * 0.8))
            side = self.beside(sid, n, size, scale)
            if side is not None:
                sizes = []
                result = (size, side)
        for avoid, size in ((a, z) for a in avoids for z in sizes):
            if result is not None:
                break
            sw = size / scale
            for cols in col_options:
                pts = self._grid(sid, n, sw, cols, under)
                if self._fits(sid, pts, sw, avoid, 1 / scale):
                    result = (size, pts)
                    break
            if result is not None:
                break
            for anchor in self._anchors(sid, sw):
                for cols in compact[:3]:
                    pts = self._grid(sid, n, sw, cols, anchor, centered=True)
                    if not _overlaps(pts, sw, label) and self._fits(sid, pts, sw, avoid, 1 / scale):
                        result = (size, pts)
                        break
                if result is not None:
                    break
        if result is None:
            if strict:
                result = (MIN_COUNTER, [])
            else:
                size = max(MIN_COUNTER, int(base * 0.8))
                # even one pile does not fit clear of the names: inside the space over a name
                # (a sea zone's own, or a coast's) rather than away from it; only a space too
                # small for it (a narrow island, a strait) has its counters beside it with a
                # leader line, rather than over its border
                sw = smallest / scale
                inside = next((pts for anchor in self._anchors(sid, sw) for pts in
                               [self._grid(sid, n, sw, min(n, 3), anchor, centered=True)]
                               if self._fits(sid, pts, sw, px=1 / scale)), None)
                side = None if inside is not None else self.beside(sid, n, size, scale)
                if inside is not None:
                    result = (smallest, inside)
                elif side is not None:  # next to the space, with a leader line: the island shows
                    result = (size, side)
                else:
                    pts = self._grid(sid, n, size / scale, min(n, 4), under)
                    result = (size, self._clamp(pts, size / scale))
        self._layouts[key] = result
        return result

    def _place_layout(self, sp: SpaceDef, n: int, base: int, scale: float
                      ) -> tuple[int, list[tuple[float, float]]] | None:
        """Counters centred on the space's own places (TripleA place.txt), shrunk so
        that neighbours do not overlap; None when they would have to be too small."""
        gap = min((max(abs(a[0] - b[0]), abs(a[1] - b[1]))
                   for i, a in enumerate(sp.places) for b in sp.places[i + 1:]), default=math.inf)
        size = base if gap == math.inf else min(base, int(gap * scale * 0.92))
        if size < MIN_COUNTER:
            return None
        sw = size / scale
        # places under the name (drawn at the zoom's size) are skipped
        x0, y0, x1, y1 = self._label_box(sp.id, scale)
        free = [(x - sw / 2, y - sw / 2) for x, y in sp.places
                if not (x + sw / 2 > x0 and x - sw / 2 < x1 and y + sw / 2 > y0 and y - sw / 2 < y1)]
        # places whose counter would stand over the border are skipped too (TripleA puts an
        # island's places on the sea around it; its counters then go beside it, leader line)
        free = [p for p in free if self._fits(sp.id, [p], sw, px=1 / scale)]
        if len(free) < n:
            return None
        return size, free[:n]

    def _clamp(self, pts: list[tuple[float, float]], size_w: float) -> list[tuple[float, float]]:
        """Shift a group of counters as a whole so that it lies inside the map."""
        if not pts:
            return pts
        ww, wh = self.world_size
        x0 = min(p[0] for p in pts)
        y0 = min(p[1] for p in pts)
        x1 = max(p[0] for p in pts) + size_w
        y1 = max(p[1] for p in pts) + size_w
        dx = -x0 if x0 < 0 else (ww - x1 if x1 > ww else 0.0)
        dy = -y0 if y0 < 0 else (wh - y1 if y1 > wh else 0.0)
        return [(x + dx, y + dy) for x, y in pts]

    def map_counters(self, state: GameState, sid: str, cam: Camera) -> list[tuple[pygame.Rect, MapCounter]]:
        """The counters drawn in a space: one per owner and unit type when they fit inside
        the space, else one pile per owner (count = all its units there)."""
        ox, oy, scale = int(round(cam.ox)), int(round(cam.oy)), cam.scale   # as the tiles stand
        return [(pygame.Rect(int(round(wx * scale)) + ox, int(round(wy * scale)) + oy, sz, sz), it)
                for wx, wy, sz, it in self._placed_in(state, sid, cam)]

    def _placements(self, state: GameState, cam: Camera) -> dict[str, list[tuple[float, float, int, MapCounter]]]:
        """The placements made so far for this state and zoom (_placed_in)."""
        key = (round(cam.scale, 5), self.counter_size(cam))
        if state is not self._placed_state or key != self._placed_key:
            # a new zoom of the same position: the placements made so far stand in
            self._stale = {**self._stale, **self._placed} if state is self._placed_state else {}
            self._placed_state, self._placed_key, self._placed = state, key, {}
        return self._placed

    def _placed_in(self, state: GameState, sid: str, cam: Camera
                   ) -> list[tuple[float, float, int, MapCounter]]:
        """map_counters in world units: (x, y, size in pixels, counter), per state and zoom."""
        placed = self._placements(state, cam).get(sid)
        return self._lay_out(state, sid, cam) if placed is None else placed

    def _lay_out(self, state: GameState, sid: str, cam: Camera) -> list[tuple[float, float, int, MapCounter]]:
        """A space's counters placed at this zoom, or (the frame's layout budget spent) the
        last zoom's placement standing in."""
        stale = self._stale.get(sid)
        if stale is not None and self._deadline is not None and self._made \
                and time.perf_counter() + self._layout_ms / 1000 > self._deadline:   # one a frame at least
            self.layout_pending = True
            return stale
        self._made += 1   # world positions, once per state and zoom (frames only shift them)
        t = time.perf_counter()
        placed = self._placed[sid] = self._place_counters(state, sid, cam)
        self._layout_ms += 0.25 * ((time.perf_counter() - t) * 1000 - self._layout_ms)   # a layout's cost
        return placed

    def _place_counters(self, state: GameState, sid: str, cam: Camera
                        ) -> list[tuple[float, float, int, MapCounter]]:
        stacks = self.stacks(state, sid)
        if not stacks:
            return []
        base = self.counter_size(cam)
        items = [MapCounter(o, t, n, d, (t,)) for o, t, n, d in stacks]
        piles: dict[str, MapCounter] = {}
        for it in items:
            p = piles.get(it.owner)
            if p is None:
                piles[it.owner] = MapCounter(it.owner, it.utype, it.count, it.damaged, (it.utype,))
            else:
                piles[it.owner] = MapCounter(p.owner, p.utype, p.count + it.count, p.damaged or it.damaged,
                                             p.types + (it.utype,))
        pile_items = list(piles.values()) if len(piles) < len(items) else items
        # one counter per type inside the space, else one pile per owner, smaller than a
        # counter may be when needed (a zoomed-out world map: Europe's spaces are a few pixels
        # wide), first clear of the coast's names; beside the space (leader line) or over
        # its border only when not even those fit (issue #4)
        for names in (True, False):
            size, pts = self.counter_layout(sid, len(items), base, cam.scale, strict=True, names=names)
            if pts:
                break
            size, pts = self.counter_layout(sid, len(pile_items), base, cam.scale, strict=True,
                                            smallest=MIN_PILE, names=names)
            if pts:
                items = pile_items
                break
            if not self._coast_names(sid, cam.scale):
                break
        if not pts:
            items = pile_items
            size, pts = self.counter_layout(sid, len(items), base, cam.scale, smallest=MIN_PILE)
        return [(wx, wy, size, it) for (wx, wy), it in zip(pts, items, strict=True)]

    def counter_at(self, pos: tuple[int, int]) -> tuple[str, MapCounter] | None:
        """The counter drawn last frame under a screen point: (space, counter)."""
        for rect, sid, item in reversed(self.hits):
            if rect.collidepoint(pos):
                return sid, item
        return None

    def draw_counters(self, surface: pygame.Surface, cam: Camera, state: GameState, view: pygame.Rect) -> None:
        self.hits = []
        self.layout_pending = False
        # no time left: a layout anyway only every LAYOUT_STARVE frames (a crowded sea zone's
        # takes milliseconds; a slow machine still gets there)
        self._made = 0 if self._layout_starved >= self.layout_starve - 1 else 1
        made_before = self._made
        self._deadline = None if self.layout_budget_ms is None else \
            time.perf_counter() + self.layout_budget_ms / 1000
        scale, ox, oy = cam.scale, int(round(cam.ox)), int(round(cam.oy))   # the tiles' origin
        skey = round(scale, 5)
        hits = self.hits
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        step = self._placed_key
        placements = self._placements(state, cam)
        if self._deadline is not None and step != self._placed_key and self._stale:
            # the zoom step's own frame (its backdrop is its work): the last zoom's stand in
            self._deadline, self._made = time.perf_counter(), 1
        sprites = self._counter_sprites
        for sid in self._occupied_near(state, scale, ox, oy, view):
            placed = placements.get(sid)
            if placed is None:
                placed = self._lay_out(state, sid, cam)
            if not placed:
                continue
            sp = sprites.get(sid)
            if sp is None or sp.placed is not placed or sp.scale != skey:
                sp = self._sprites_of(state, sid, placed, scale)
            if sp.beside:
                self._leader(surface, cam, sid, [(r.move(ox, oy), it) for r, it in sp.rects])
            blits += [(img, (x + ox, y + oy)) for img, x, y in sp.blits]
            hits += [(pygame.Rect(r.x + ox - 1, r.y + oy - 1, r.w + 2, r.h + 2), sid, it) for r, it in sp.rects]
        surface.blits(blits, doreturn=False)   # one call: a big map shows hundreds of counters
        made = self._made > made_before
        self._layout_starved = 0 if made or not self.layout_pending else self._layout_starved + 1
        self._deadline = None   # other callers (hover, hit tests) always get the exact layout

    def _occupied(self, state: GameState) -> list[str]:
        """The spaces holding units, in the scenario's order (the order counters are drawn)."""
        self.stacks(state, "")
        if self._occupied_of[0] is not state:
            sids = [sid for sid in self.scenario.spaces if sid in self._stacks_all]
            bounds = np.array([self.bounds[sid] for sid in sids], dtype=float).reshape(-1, 4)
            self._occupied_of = (state, sids, bounds)
        return self._occupied_of[1]

    def _occupied_near(self, state: GameState, scale: float, ox: int, oy: int, view: pygame.Rect) -> list[str]:
        """The occupied spaces near enough to the view for their counters to show (a margin
        for counters beside a space and piles' rise), in drawing order: one vectorised test."""
        sids = self._occupied(state)
        b = self._occupied_of[2] * scale
        near = ((b[:, 2] + ox >= view.left - 80) & (b[:, 0] + ox <= view.right + 80)
                & (b[:, 3] + oy >= view.top - 80) & (b[:, 1] + oy <= view.bottom + 120))
        return [sids[i] for i in np.flatnonzero(near)]

    def _sprites_of(self, state: GameState, sid: str, placed: list[tuple[float, float, int, MapCounter]],
                    scale: float) -> _SpaceSprites:
        """What draw_counters blits for a space's placed counters: per counter its image
        (a pile with its two chits peeking out behind) and where, in layer pixels (the
        screen adds the map's whole-pixel origin); and whether a leader line may be needed
        (the counters do not clearly overlap the space: _leader decides). The images are
        made once per placement, the places once per placement and zoom."""
        skey = round(scale, 5)
        hit = self._counter_sprites.get(sid)
        if hit is not None and hit.placed is placed and hit.scale == skey:
            return hit
        if hit is not None and hit.placed is placed:   # the last zoom's placement standing in
            images, extent = hit.images, hit.extent
        else:
            images = []
            for _wx, _wy, size, it in placed:
                ut = state.ruleset.units.get(it.utype)
                col = self.colors.get(it.owner, theme.NEUTRAL)
                img = counter_surface(ut or it.utype, ut.domain if ut else "land", col, size, it.count,
                                      damaged=it.damaged)
                images.append((pile_surface(img, col, size), PILE_RISE) if it.pile else (img, 0))
            xs, ys = [p[0] for p in placed], [p[1] for p in placed]
            extent = (min(xs), max(xs), min(ys), max(ys), placed[0][2])   # one size per placement
        rects = [(pygame.Rect(int(round(wx * scale)), int(round(wy * scale)), sz, sz), it)
                 for wx, wy, sz, it in placed]
        blits = [(img, rect.x, rect.y - dy) for (img, dy), (rect, _) in zip(images, rects, strict=True)]
        x0, y0, x1, y1 = self.bounds[sid]
        m = 2 / scale   # two pixels: screen rounding never turns such an overlap into none
        lx, hx, ly, hy, size = extent
        overlap = lx < x1 - m and hx + size / scale > x0 + m and ly < y1 - m and hy + size / scale > y0 + m
        if len(self._counter_sprites) > 4000:
            self._counter_sprites.clear()
        made = self._counter_sprites[sid] = _SpaceSprites(placed, skey, images, blits, rects, not overlap,
                                                          extent)
        return made

    def _leader(self, surface: pygame.Surface, cam: Camera, sid: str,
                placed: list[tuple[pygame.Rect, MapCounter]]) -> None:
        """A line from a tiny space to its counters when they stand beside it."""
        x0, y0, x1, y1 = self.bounds[sid]
        sx0, sy0 = cam.to_screen(x0, y0)
        sx1, sy1 = cam.to_screen(x1, y1)
        space = pygame.Rect(int(sx0), int(sy0), max(1, int(sx1 - sx0)), max(1, int(sy1 - sy0)))
        group = placed[0][0].unionall([r for r, _ in placed[1:]])
        if group.colliderect(space):
            return
        cx, cy = space.center  # the island itself (its name sits above it)
        tx = min(max(cx, group.left), group.right)
        ty = min(max(cy, group.top), group.bottom)
        pygame.draw.line(surface, (20, 20, 20), (cx, cy), (tx, ty), 3)
        pygame.draw.line(surface, (240, 240, 240), (cx, cy), (tx, ty), 1)
        pygame.draw.circle(surface, (240, 240, 240), (int(cx), int(cy)), 3)
        pygame.draw.circle(surface, (20, 20, 20), (int(cx), int(cy)), 3, width=1)

    # --- minimap ----------------------------------------------------------------------------
    def minimap_rect(self, view: pygame.Rect) -> pygame.Rect:
        w = min(220, max(120, view.w // 6))
        h = int(w * self.world_size[1] / self.world_size[0])
        h = min(h, max(60, view.h // 4))
        w = int(h * self.world_size[0] / self.world_size[1])
        return pygame.Rect(view.left + 10, view.bottom - h - 10, w, h)

    def fit_rect(self, area: pygame.Rect) -> pygame.Rect:
        """The largest rect with the map's aspect ratio inside area, centred."""
        ww, wh = self.world_size
        s = min(area.w / ww, area.h / wh)
        rect = pygame.Rect(0, 0, max(1, int(ww * s)), max(1, int(wh * s)))
        rect.center = area.center
        return rect

    def draw_minimap(self, surface: pygame.Surface, cam: Camera, state: GameState,
                     area: pygame.Rect | None = None, view_box: bool = True) -> pygame.Rect:
        rect = self.minimap_rect(pygame.Rect(cam.view)) if area is None else self.fit_rect(area)
        key = (rect.size, self._owner_key(state))
        if self._mini is None or self._mini_key != key:
            s = rect.w / self.world_size[0]
            mini = pygame.Surface(rect.size)
            mini.fill(theme.color(self.scenario.background, theme.SEA))
            for sp in sorted(self.scenario.spaces.values(), key=lambda x: not x.is_sea):
                for poly in sp.outlines:
                    pts = [(x * s, y * s) for x, y in poly]
                    if len(pts) >= 3:
                        pygame.draw.polygon(mini, self.fill_color(state, sp), pts)
                        if not sp.is_sea:
                            pygame.draw.polygon(mini, theme.darken(self.fill_color(state, sp), 0.4), pts, width=1)
            self._mini, self._mini_key = mini, key
        theme.panel(surface, rect.inflate(6, 6), fill=theme.PANEL, radius=4)
        surface.blit(self._mini, rect.topleft)
        if view_box:
            self.draw_view_box(surface, cam, rect)
        return rect

    def draw_view_box(self, surface: pygame.Surface, cam: Camera, rect: pygame.Rect) -> None:
        """The view's outline on the minimap drawn in `rect`."""
        s = rect.w / self.world_size[0]
        vx, vy, vw, vh = cam.view
        wx0, wy0 = cam.to_world(vx, vy)
        wx1, wy1 = cam.to_world(vx + vw, vy + vh)
        vr = pygame.Rect(rect.x + wx0 * s, rect.y + wy0 * s, (wx1 - wx0) * s, (wy1 - wy0) * s).clip(rect)
        if vr.w > 0 and vr.h > 0:
            pygame.draw.rect(surface, (255, 255, 255), vr, width=1)

    def minimap_to_world(self, rect: pygame.Rect, pos: tuple[int, int]) -> tuple[float, float]:
        s = rect.w / self.world_size[0]
        return (pos[0] - rect.x) / s, (pos[1] - rect.y) / s
