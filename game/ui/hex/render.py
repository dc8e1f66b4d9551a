"""Drawing a hex map the way a wargame map looks: terrain fills with patterns
(hatching for rough, trees for woods, marsh tufts, mountain peaks), city blocks,
airfield and port symbols, roads, rivers and coasts on the hexsides, the hex grid,
place names; then per frame the movement and combat overlays and Europa-style
counter stacks.

The static map is cut into square tiles rendered per zoom level and kept in a
bounded LRU cache, so panning only blits; tiles missing after a zoom are drawn
within a time budget per frame and filled meanwhile from a low-resolution
overview of the whole map.
"""
from __future__ import annotations

import math
import random
import time
import zlib
from collections import OrderedDict
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import pygame

from game.rules.hex import grid as hexgrid
from game.rules.model import GameState, Ruleset, Scenario, SpaceDef

from .. import palette, theme
from ..camera import Camera
from ..counters import draw_spread
from ..maprender import MapRenderer
from ..palette import draw_marker
from . import counters as hexcounters

ZOC_HATCH = (25, 25, 25, 110)   # enemy zones of control: dark hatching (red is for attacks)
TILE = 256             # tile side in screen pixels
MAX_TILES = 240        # cached tiles (256 KB each): memory stays bounded at any zoom
BUDGET_MS = 2.0        # time per frame spent rendering new tiles (at least one tile in view)
OVERVIEW_PIXELS = 2.5e6

SEA_DEFAULT = (43, 77, 110)


@dataclass
class HexOverlay:
    """What the hex play layer wants highlighted this frame."""
    selected: str | None = None
    hover: str | None = None
    dests: dict[str, str] = field(default_factory=dict)      # hex -> label (MP cost)
    path: tuple[str, ...] = ()                               # the path to the hovered destination
    zoc: AbstractSet[str] = field(default_factory=frozenset)               # enemy ZOC of the selected units
    targets: set[str] = field(default_factory=set)           # hexes that can be attacked
    target: str | None = None                                # the attack being prepared
    attackers: set[str] = field(default_factory=set)         # hexes of the chosen attackers
    advance: str | None = None                               # hex to advance into
    picked: set[int] = field(default_factory=set)            # chosen unit uids
    drops: set[str] = field(default_factory=set)             # hexes the chosen units can fly to
    bad: str | None = None                                   # a hex the last click could not use
    retreats: set[str] = field(default_factory=set)          # hexes the chosen units may retreat to
    retreat_default: str | None = None                       # the rules' proposal among them
    retreat_from: str | None = None                          # the hex the retreating units leave
    losses: set[str] = field(default_factory=set)            # hex of a stack choosing its losses


def make_renderer(scenario: Scenario, ruleset: Ruleset) -> MapRenderer:
    """The map renderer for a scenario: hex maps get the hex renderer."""
    if scenario.hexmap is not None and ruleset.hex is not None:
        return HexRenderer(scenario, ruleset)
    return MapRenderer(scenario)


ICON = 0.3   # feature symbols: size in hex radii


def icon_slots(c: tuple[float, float], rs: float, n: int) -> list[tuple[float, float]]:
    """Centres of n symbol slots in a row across the top of a hex (slot 0: the
    objective star, drawn per frame; then the features)."""
    s = rs * ICON
    gap = s * 1.2
    x0 = c[0] - gap * (n - 1) / 2
    return [(x0 + k * gap, c[1] - rs * 0.7) for k in range(n)]


def _rng(*parts: object) -> random.Random:
    return random.Random(zlib.crc32("|".join(map(str, parts)).encode()))


class HexRenderer(MapRenderer):
    hex_map = True

    def __init__(self, scenario: Scenario, ruleset: Ruleset):
        super().__init__(scenario)
        assert scenario.hexmap is not None and ruleset.hex is not None
        self.ruleset = ruleset
        self.hr = ruleset.hex
        self.hm = scenario.hexmap
        self.R = float(self.hm.hex_size)
        self.origin = self.hm.origin
        self.hexes = self.hm.hexes
        self.water = {h: self.hr.terrain[d.terrain].water if d.terrain in self.hr.terrain else False
                      for h, d in self.hexes.items()}
        self.centers = {h: hexgrid.center(d.axial, self.R, self.origin) for h, d in self.hexes.items()}
        self.sea_col = theme.color(self.hr.terrain["sea"].color if "sea" in self.hr.terrain else None, SEA_DEFAULT)
        self.budget_ms: float | None = BUDGET_MS
        self._tiles: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._overview: tuple[float, pygame.Surface] | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self._by_hex: tuple[tuple, dict[str, list]] = ((), {})
        self.tiles_rendered = 0
        self._edges = self._static_edges()
        self.objectives = [h for h, sp in scenario.spaces.items() if sp.victory_city]
        # hexes bucketed by a coarse world grid: a tile looks at its neighbourhood only
        self._cell = 4 * self.R
        self._buckets: dict[tuple[int, int], list[str]] = {}
        for h, (cx, cy) in self.centers.items():
            self._buckets.setdefault((int(cx // self._cell), int(cy // self._cell)), []).append(h)

    # --- static geometry ------------------------------------------------------------
    def _static_edges(self) -> dict[str, list]:
        """Roads (centre to centre), hexside features and coasts, computed once."""
        roads, sides, coasts = [], [], []
        along = {t for t, d in self.hr.terrain.items() if d.along}
        for h, d in self.hexes.items():
            for k, (dq, dr) in enumerate(hexgrid.DIRECTIONS):
                n = hexgrid.hex_id(d.q + dq, d.r + dr)
                nd = self.hexes.get(n)
                if not self.water[h] and (nd is None or self.water[n]):
                    coasts.append((h, k))
                if nd is None or n < h:
                    continue
                if along and set(d.features) & set(nd.features) & along:
                    road = sorted(set(d.features) & set(nd.features) & along)[0]
                    roads.append((h, n, road))
                for s in self.hm.side(h, n):
                    sd = self.hr.hexsides.get(s)
                    if sd is not None and not sd.water:
                        sides.append((h, k, s))
        return {"roads": roads, "sides": sides, "coasts": coasts}

    def hex_outline(self, hid: str, scale: float, ox: float, oy: float, r: float | None = None
                    ) -> list[tuple[float, float]]:
        cx, cy = self.centers[hid]
        rr = (self.R if r is None else r) * scale
        sx, sy = cx * scale + ox, cy * scale + oy
        return [(sx + rr * math.cos(math.radians(60 * i - 30)), sy + rr * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    # --- queries ------------------------------------------------------------------------
    def space_at(self, wx: float, wy: float) -> str | None:
        q, r = hexgrid.pixel_to_hex(wx, wy, self.R, self.origin)
        hid = hexgrid.hex_id(q, r)
        return hid if hid in self.scenario.spaces else None

    def fill_color(self, state: GameState, sp: SpaceDef) -> tuple[int, int, int]:
        d = self.hexes.get(sp.id)
        if d is None:
            return theme.NEUTRAL
        t = self.hr.terrain.get(d.terrain)
        return theme.color(t.color if t else None, theme.NEUTRAL)

    def _owner_key(self, state: GameState) -> tuple:
        return ()   # the minimap shows terrain: it never changes

    def counter_at(self, pos: tuple[int, int]):
        return None  # a click on a stack is a click on its hex

    # --- patterns ------------------------------------------------------------------------
    def _pattern(self, terrain: str, variant: int, rs: int) -> pygame.Surface | None:
        """A hex-shaped transparent sprite with the terrain's marks (cached per size)."""
        key = ("pat", terrain, variant, rs)
        hit = self._sprites.get(key)
        if hit is not None or key in self._sprites:
            return hit
        w, h = int(math.ceil(hexgrid.SQRT3 * rs)) + 2, 2 * rs + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w / 2, h / 2
        base = self.hr.terrain[terrain].color if terrain in self.hr.terrain else "#c9d89a"
        col = theme.color(base)
        dark = theme.darken(col, 0.45)
        rng = _rng(terrain, variant)
        lw = max(1, rs // 18)
        drawn = terrain in ("rough", "wooded_rough", "woods", "swamp", "mountain")
        if terrain in ("rough", "wooded_rough"):   # sparse diagonal hatching in short strokes
            step = max(4, rs // 4)
            for k in range(-2 * h, 2 * w, step):
                for j in range(0, h, step):
                    if rng.random() < 0.55:
                        x0 = k + j * 0.6
                        pygame.draw.line(surf, (*dark, 190), (x0, j), (x0 + step * 0.45, j - step * 0.45), lw)
        if terrain in ("woods", "wooded_rough"):  # tree crowns (wooded rough: fewer, on the hatching)
            n = max(5, int(rs * rs / (70 if terrain == "woods" else 140)))
            for _ in range(n):
                x, y = rng.uniform(0, w), rng.uniform(0, h)
                rad = max(2, rs * rng.uniform(0.08, 0.13))
                pygame.draw.circle(surf, (*theme.darken(col, 0.3), 255), (x, y), rad)
                pygame.draw.circle(surf, (*theme.darken(col, 0.55), 255), (x, y), rad, width=1)
                pygame.draw.circle(surf, (*theme.lighten(col, 0.25), 200), (x - rad * 0.3, y - rad * 0.3),
                                   max(1, rad * 0.35))
        if terrain == "swamp":  # marsh: short dashes with tufts
            step = max(5, rs // 3)
            for j in range(step // 2, h, step):
                for i in range(0, w, step * 2):
                    x = i + (step if (j // step) % 2 else 0) + rng.uniform(-2, 2)
                    pygame.draw.line(surf, (*dark, 220), (x, j), (x + step * 0.9, j), lw)
                    for t in (0.3, 0.45, 0.6):
                        pygame.draw.line(surf, (*dark, 220), (x + step * t, j), (x + step * (t - 0.08), j - step * 0.35), 1)
        elif terrain == "mountain":  # peaks with a lit and a shaded flank
            peaks = [(-0.35, 0.1, 0.42), (0.3, -0.1, 0.5), (0.0, 0.45, 0.36), (0.45, 0.5, 0.3), (-0.15, -0.5, 0.32)]
            for i, (px, py, ps) in enumerate(peaks):
                if i >= 3 and rs < 20:
                    break
                jx, jy = rng.uniform(-0.06, 0.06), rng.uniform(-0.06, 0.06)
                bx, by = cx + (px + jx) * rs, cy + (py + jy) * rs + ps * rs * 0.35
                s = ps * rs
                top = (bx, by - s * 0.8)
                pygame.draw.polygon(surf, (*theme.lighten(col, 0.25), 255), [(bx - s * 0.55, by), top, (bx, by)])
                pygame.draw.polygon(surf, (*theme.darken(col, 0.35), 255), [(bx, by), top, (bx + s * 0.55, by)])
                pygame.draw.lines(surf, (*theme.darken(col, 0.65), 255), False,
                                  [(bx - s * 0.55, by), top, (bx + s * 0.55, by)], lw)
                cap = [(top[0] - s * 0.12, top[1] + s * 0.18), top, (top[0] + s * 0.12, top[1] + s * 0.18)]
                pygame.draw.polygon(surf, (245, 245, 240, 255), cap)
        if not drawn:
            self._sprites[key] = None  # type: ignore[assignment]
            return None
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pts = [(cx + (rs - 1.5) * math.cos(math.radians(60 * i - 30)),
                cy + (rs - 1.5) * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        self._sprites[key] = surf
        return surf

    def hex_sprite(self, rgba: tuple[int, int, int, int], rs: int, hatch: bool = False) -> pygame.Surface:
        """A translucent hex of screen radius rs (highlights, ZOC), cached."""
        key = ("hl", rgba, rs, hatch)
        hit = self._sprites.get(key)
        if hit is not None:
            return hit
        w, h = int(math.ceil(hexgrid.SQRT3 * rs)) + 2, 2 * rs + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pts = [(w / 2 + (rs - 1) * math.cos(math.radians(60 * i - 30)),
                h / 2 + (rs - 1) * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        if hatch:
            lines = pygame.Surface((w, h), pygame.SRCALPHA)
            step = max(5, rs // 4)
            for k in range(-h, w, step):
                pygame.draw.line(lines, rgba, (k, h), (k + h, 0), max(2, rs // 16))
            mask = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf = lines
        else:
            pygame.draw.polygon(surf, rgba, pts)
        if len(self._sprites) > 600:
            self._sprites.clear()
        self._sprites[key] = surf
        return surf

    def _text(self, s: str, size: int, col: tuple[int, ...], bold: bool = True,
              halo: tuple[int, ...] | None = None) -> pygame.Surface:
        key = (s, size, col, bold, halo)
        hit = self._texts.get(key)
        if hit is not None:
            return hit
        f = theme.font(size, bold)
        img = f.render(s, True, col)
        if halo is not None:
            out = pygame.Surface((img.get_width() + 2, img.get_height() + 2), pygame.SRCALPHA)
            sh = f.render(s, True, halo)
            for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
                out.blit(sh, (dx, dy))
            out.blit(img, (1, 1))
            img = out
        if len(self._texts) > 1500:
            self._texts.clear()
        self._texts[key] = img
        return img

    # --- the static map ------------------------------------------------------------------
    def render_region(self, surf: pygame.Surface, scale: float, ox: float, oy: float) -> None:
        """Draw the static map onto surf, world point (x, y) at (x*scale+ox, y*scale+oy)."""
        sw, sh = surf.get_size()
        rs = self.R * scale
        rsi = max(2, int(round(rs)))
        margin = rs * 1.2 + 90
        surf.fill(self.sea_col)
        wx0, wy0 = (-margin - ox) / scale, (-margin - oy) / scale
        wx1, wy1 = (sw + margin - ox) / scale, (sh + margin - oy) / scale
        cand: list[str] = []
        for i in range(int(wx0 // self._cell), int(wx1 // self._cell) + 1):
            for j in range(int(wy0 // self._cell), int(wy1 // self._cell) + 1):
                cand.extend(self._buckets.get((i, j), ()))
        vis = [h for h in sorted(cand) if wx0 <= self.centers[h][0] <= wx1 and wy0 <= self.centers[h][1] <= wy1]
        if not vis:
            return
        sp = {h: (self.centers[h][0] * scale + ox, self.centers[h][1] * scale + oy) for h in vis}
        corner = [(rs * math.cos(math.radians(60 * i - 30)), rs * math.sin(math.radians(60 * i - 30)))
                  for i in range(6)]
        coastal = {h for h, _k in self._edges["coasts"]}
        # 1. fills
        land_cols: dict[str, tuple[int, int, int]] = {}
        for h in vis:
            d = self.hexes[h]
            t = self.hr.terrain.get(d.terrain)
            col = theme.color(t.color if t else None, theme.NEUTRAL)
            if self.water[h]:
                col = self.sea_col
                if any(not self.water.get(n, True) for n in self.scenario.spaces[h].adjacent):
                    col = theme.mix(col, (120, 170, 200), 0.22)   # shallow coastal water
            land_cols[h] = col
            x, y = sp[h]
            pygame.draw.polygon(surf, col, [(x + a, y + b) for a, b in corner])
        # 2. patterns
        for h in vis:
            if self.water[h]:
                continue
            pat = self._pattern(self.hexes[h].terrain, zlib.crc32(h.encode()) % 3, rsi)
            if pat is not None:
                x, y = sp[h]
                surf.blit(pat, (int(x - pat.get_width() / 2), int(y - pat.get_height() / 2)))
        # 3. grid
        if rs >= 7:
            for h in vis:
                x, y = sp[h]
                col = theme.mix(land_cols[h], (255, 255, 255), 0.12) if self.water[h] else \
                    theme.darken(land_cols[h], 0.42)
                pygame.draw.polygon(surf, col, [(x + a, y + b) for a, b in corner], width=1)
        vset = set(vis)
        # 4. coasts, rivers, roads
        cw = max(1, int(rs / 14))
        for h, k in self._edges["coasts"]:
            if h in vset:
                a, b = hexgrid.edge(self.hexes[h].axial, k, self.R, self.origin)
                pa, pb = (a[0] * scale + ox, a[1] * scale + oy), (b[0] * scale + ox, b[1] * scale + oy)
                pygame.draw.line(surf, (22, 38, 56), pa, pb, cw + 1)
        for h, k, s in self._edges["sides"]:
            if h not in vset:
                continue
            sd = self.hr.hexsides[s]
            a, b = hexgrid.edge(self.hexes[h].axial, k, self.R, self.origin)
            pa, pb = (a[0] * scale + ox, a[1] * scale + oy), (b[0] * scale + ox, b[1] * scale + oy)
            width = max(2, int(round(sd.width * rs / 22)))
            pygame.draw.line(surf, theme.color(sd.color, (58, 127, 208)), pa, pb, width)
            pygame.draw.circle(surf, theme.color(sd.color, (58, 127, 208)), pa, width / 2)
            pygame.draw.circle(surf, theme.color(sd.color, (58, 127, 208)), pb, width / 2)
        rw = max(2, int(rs / 9))
        for a, b, road in self._edges["roads"]:
            if a not in vset and b not in vset:
                continue
            col = theme.color(self.hr.terrain[road].color, (138, 75, 42))
            pa = (self.centers[a][0] * scale + ox, self.centers[a][1] * scale + oy)
            pb = (self.centers[b][0] * scale + ox, self.centers[b][1] * scale + oy)
            pygame.draw.line(surf, theme.darken(col, 0.4), pa, pb, rw + 2)
            pygame.draw.line(surf, col, pa, pb, rw)
        for a, b, road in self._edges["roads"]:   # junction dots over the dark outlines
            for h in (a, b):
                if h in vset:
                    pygame.draw.circle(surf, theme.color(self.hr.terrain[road].color, (138, 75, 42)), sp[h], rw / 2 + 0.5)
        # 5. features
        for h in vis:
            d = self.hexes[h]
            if d.features:
                self._features(surf, d.features, sp[h], rs)
        # 6. names and hex numbers
        name_size = max(10, min(20, int(rs * 0.3)))
        for h in vis:
            d = self.hexes[h]
            x, y = sp[h]
            if d.name and rs >= 9:
                ty = y + rs * 0.52
                for part in self._name_lines(d.name, name_size, rs):
                    img = self._text(part, name_size, (24, 20, 16), True, (250, 246, 230))
                    surf.blit(img, img.get_rect(midtop=(int(x), int(ty))))
                    ty += img.get_height() - 3
            if rs >= 40 and not self.water[h]:
                img = self._text(h, max(8, int(rs * 0.2)), theme.darken(land_cols[h], 0.55), False)
                surf.blit(img, img.get_rect(midtop=(int(x), int(y - rs * 0.93))))
        del coastal

    @staticmethod
    def _name_lines(name: str, size: int, rs: float) -> list[str]:
        """A place name on one line, or two when it is much wider than its hex."""
        if " " not in name or theme.text_width(name, size, True) <= rs * 1.9:
            return [name]
        words = name.split(" ")
        best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
        return [" ".join(words[:best]), " ".join(words[best:])]

    def _features(self, surf: pygame.Surface, features: tuple[str, ...], c: tuple[float, float], rs: float) -> None:
        x, y = c
        t = self.hr.terrain
        for f in features:
            fd = t.get(f)
            if fd is None:
                continue
            if fd.city:   # city blocks (a major city: a bigger built-up area)
                s = rs * (0.2 if fd.major else 0.15)
                blocks = [(-1.0, -0.6), (0.15, -0.9), (-0.5, 0.45), (0.7, 0.2), (0.0, -0.1)]
                if fd.major:
                    blocks += [(-1.4, 0.5), (1.2, -0.6), (0.5, 1.0)]
                col = theme.color(fd.color, (208, 64, 64))
                for bx, by in blocks:
                    r = pygame.Rect(0, 0, s, s)
                    r.center = (int(x + bx * s * 1.05), int(y + by * s * 1.05))
                    pygame.draw.rect(surf, col, r)
                    pygame.draw.rect(surf, theme.darken(col, 0.5), r, width=1)
        # symbols along the top of the hex (they stay visible above a stack)
        icons = [f for f in features if f in t and (t[f].airfield or t[f].port or t[f].fortification)]
        if not icons or rs < 8:
            return
        s = rs * ICON
        for f, (ix, iy) in zip(icons, icon_slots(c, rs, len(icons) + 1)[1:], strict=True):
            fd = t[f]
            col = theme.color(fd.color, (32, 80, 192))
            if fd.airfield:
                self._airfield(surf, (ix, iy), s, col)
            elif fd.port:
                self._anchor(surf, (ix, iy), s, col)
            else:
                self._fort(surf, (ix, iy), s, col, fd.major)

    @staticmethod
    def _airfield(surf: pygame.Surface, c: tuple[float, float], s: float, col: tuple[int, int, int]) -> None:
        """The map symbol of an airfield: a white disc with a plane seen from above."""
        x, y = c
        pygame.draw.circle(surf, (245, 245, 240), (x, y), s * 0.6)
        pygame.draw.circle(surf, col, (x, y), s * 0.6, width=max(1, int(s / 10)))
        k = s * 0.5
        plane = [(0, -0.85), (0.1, -0.6), (0.1, -0.2), (0.9, 0.1), (0.9, 0.25), (0.1, 0.1), (0.08, 0.55),
                 (0.35, 0.72), (0.35, 0.82), (0, 0.75), (-0.35, 0.82), (-0.35, 0.72), (-0.08, 0.55),
                 (-0.1, 0.1), (-0.9, 0.25), (-0.9, 0.1), (-0.1, -0.2), (-0.1, -0.6)]
        pygame.draw.polygon(surf, col, [(x + px * k, y + py * k) for px, py in plane])

    @staticmethod
    def _anchor(surf: pygame.Surface, c: tuple[float, float], s: float, col: tuple[int, int, int]) -> None:
        x, y = c
        lw = max(1, int(s / 9))
        pygame.draw.circle(surf, (245, 245, 240), (x, y), s * 0.55)
        pygame.draw.circle(surf, col, (x, y), s * 0.55, width=1)
        pygame.draw.line(surf, col, (x, y - s * 0.32), (x, y + s * 0.34), lw + 1)
        pygame.draw.line(surf, col, (x - s * 0.18, y - s * 0.18), (x + s * 0.18, y - s * 0.18), lw)
        pygame.draw.circle(surf, col, (x, y - s * 0.36), max(1, s * 0.08), width=1)
        arc = pygame.Rect(0, 0, s * 0.7, s * 0.56)
        arc.midbottom = (int(x), int(y + s * 0.38))
        pygame.draw.arc(surf, col, arc, math.pi, 2 * math.pi, lw + 1)

    @staticmethod
    def _fort(surf: pygame.Surface, c: tuple[float, float], s: float, col: tuple[int, int, int], major: bool) -> None:
        x, y = c
        r = pygame.Rect(0, 0, s * 0.9, s * 0.6)
        r.center = (int(x), int(y + s * 0.1))
        pygame.draw.rect(surf, (245, 245, 240), r.inflate(2, 2))
        pygame.draw.rect(surf, col, r, width=max(1, int(s / 8)))
        for k in range(3 if not major else 4):   # battlements
            bx = r.left + k * r.w / (2 if not major else 3) - (0 if k == 0 else s * 0.08)
            pygame.draw.rect(surf, col, pygame.Rect(bx, r.top - s * 0.18, s * 0.16, s * 0.18))

    # --- tiles ------------------------------------------------------------------------------
    def _tile(self, key: tuple, scale: float) -> pygame.Surface:
        _sk, tx, ty = key
        surf = pygame.Surface((TILE, TILE))
        self.render_region(surf, scale, -tx * TILE, -ty * TILE)
        self._tiles[key] = surf
        self.tiles_rendered += 1
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return surf

    def overview(self) -> tuple[float, pygame.Surface]:
        """The whole map at a low resolution (what a tile shows until it is rendered)."""
        if self._overview is None:
            ww, wh = self.world_size
            s = min(1.0, math.sqrt(OVERVIEW_PIXELS / (ww * wh)))
            surf = pygame.Surface((max(1, int(ww * s)), max(1, int(wh * s))))
            self.render_region(surf, s, 0, 0)
            self._overview = (s, surf)
        return self._overview

    def _fallback(self, surface: pygame.Surface, scale: float, dest: pygame.Rect, tx: int, ty: int) -> None:
        s0, ov = self.overview()
        f = s0 / scale
        src = pygame.Rect(int(tx * TILE * f), int(ty * TILE * f), max(1, int(math.ceil(TILE * f))),
                          max(1, int(math.ceil(TILE * f))))
        src = src.clip(ov.get_rect())
        if src.w <= 0 or src.h <= 0:
            surface.fill(self.sea_col, dest)
            return
        part = pygame.transform.scale(ov.subsurface(src), (max(1, int(src.w / f)), max(1, int(src.h / f))))
        surface.fill(self.sea_col, dest)
        surface.blit(part, dest.topleft)

    def draw_static(self, surface: pygame.Surface, cam: Camera) -> tuple[int, int]:
        """Blit the tiles under the view; returns the integer screen origin used."""
        view = pygame.Rect(cam.view)
        scale = cam.scale
        ox, oy = int(round(cam.ox)), int(round(cam.oy))
        surface.fill(theme.BG, view)
        ww, wh = self.world_size
        ntx, nty = int(math.ceil(ww * scale / TILE)), int(math.ceil(wh * scale / TILE))
        tx0, tx1 = max(0, (view.left - ox) // TILE), min(ntx - 1, (view.right - 1 - ox) // TILE)
        ty0, ty1 = max(0, (view.top - oy) // TILE), min(nty - 1, (view.bottom - 1 - oy) // TILE)
        sk = round(scale, 5)
        start = time.perf_counter()
        made = 0
        world = pygame.Rect(ox, oy, int(ww * scale), int(wh * scale))
        clip = surface.get_clip()
        surface.set_clip(view.clip(world))
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                key = (sk, tx, ty)
                dest = pygame.Rect(ox + tx * TILE, oy + ty * TILE, TILE, TILE)
                tile = self._tiles.get(key)
                if tile is not None:
                    self._tiles.move_to_end(key)
                elif (self.budget_ms is None or made == 0
                      or (time.perf_counter() - start) * 1000 < self.budget_ms):
                    tile = self._tile(key, scale)
                    made += 1
                if tile is not None:
                    surface.blit(tile, dest)
                else:
                    self._fallback(surface, scale, dest, tx, ty)
        surface.set_clip(clip)
        if self.budget_ms is not None and not made:
            # nothing was missing in view: render one tile of the ring around it, so
            # that panning finds its tiles ready
            for ty in range(max(0, ty0 - 1), min(nty - 1, ty1 + 1) + 1):
                for tx in range(max(0, tx0 - 1), min(ntx - 1, tx1 + 1) + 1):
                    if (sk, tx, ty) not in self._tiles:
                        self._tile((sk, tx, ty), scale)
                        return ox, oy
        return ox, oy

    # --- per frame ----------------------------------------------------------------------------
    def units_by_hex(self, state: GameState) -> dict[str, list]:
        key = (id(state), state.action_count, len(state.units))
        if self._by_hex[0] != key:
            out: dict[str, list] = {}
            for u in state.units.values():
                out.setdefault(u.space, []).append(u)
            self._by_hex = (key, out)
        return self._by_hex[1]

    def counter_size(self, cam: Camera) -> int:
        return int(max(12, min(72, self.R * cam.scale * 0.92)))

    def draw(self, surface: pygame.Surface, cam: Camera, state: GameState,  # type: ignore[override]
             overlay: HexOverlay | None = None, *_args) -> None:
        ov = overlay if isinstance(overlay, HexOverlay) else HexOverlay()
        view = pygame.Rect(cam.view)
        ox, oy = self.draw_static(surface, cam)
        scale = cam.scale
        rs = self.R * scale
        rsi = max(2, int(round(rs)))
        clip = surface.get_clip()
        surface.set_clip(view)
        margin = rs * 1.5

        def scr(h: str) -> tuple[float, float]:
            cx, cy = self.centers[h]
            return cx * scale + ox, cy * scale + oy

        def on_screen(h: str) -> bool:
            x, y = scr(h)
            return view.left - margin < x < view.right + margin and view.top - margin < y < view.bottom + margin

        def blit_hex(spr: pygame.Surface, h: str) -> None:
            x, y = scr(h)
            surface.blit(spr, (int(x - spr.get_width() / 2), int(y - spr.get_height() / 2)))

        # highlights: outlines on a dark casing, hatching and markers, never fills that
        # could read as a nation's or a terrain's colour (palette)
        def ring(h: str, col: tuple[int, int, int], width: int, inset: float = 1.5) -> None:
            pts = self.hex_outline(h, scale, ox, oy, self.R - inset)
            pygame.draw.polygon(surface, (15, 15, 15), pts, width=width + 3)
            pygame.draw.polygon(surface, col, pts, width=width)

        def mark(h: str, marker: str, col: tuple[int, int, int]) -> None:
            x, y = scr(h)
            draw_marker(surface, (int(x - rs * 0.5), int(y - rs * 0.62)), marker, col, max(6, int(rs * 0.16)))

        if ov.zoc:   # enemy zones of control: dark hatching
            spr = self.hex_sprite(ZOC_HATCH, rsi, hatch=True)
            for h in ov.zoc:
                if h in self.centers and on_screen(h):
                    blit_hex(spr, h)
        for h in ov.dests:
            if on_screen(h):
                ring(h, palette.MOVE, 2)
        for h in ov.drops:   # air drop / air transport destinations
            if h in self.centers and on_screen(h) and h not in ov.dests:
                ring(h, palette.DROP, 2, 2)
        if len(ov.path) > 0 and ov.selected:
            pts = [scr(ov.selected)] + [scr(h) for h in ov.path]
            pygame.draw.lines(surface, (20, 20, 20), False, pts, max(3, int(rs / 7)) + 2)
            pygame.draw.lines(surface, palette.MOVE, False, pts, max(3, int(rs / 7)))
        for h in ov.targets:
            if on_screen(h):
                blit_hex(self.hex_sprite((*palette.ATTACK, 150), rsi, hatch=True), h)
                ring(h, palette.ATTACK, 2)
        for h in ov.attackers:
            if on_screen(h):
                ring(h, palette.ATTACK, 3, 2)   # the chosen attackers: red, not hatched
        if ov.target and ov.target in self.centers:
            pygame.draw.polygon(surface, (20, 20, 20), self.hex_outline(ov.target, scale, ox, oy), width=6)
            pygame.draw.polygon(surface, palette.ATTACK, self.hex_outline(ov.target, scale, ox, oy), width=4)
            for h in ov.attackers:   # arrows from the attacking stacks
                self._arrow(surface, scr(h), scr(ov.target), rs)
        if ov.retreats:   # retreat choices: orange, the default ringed in white
            for h in ov.retreats:
                if h in self.centers and on_screen(h):
                    ring(h, palette.RETREAT, 2)
            d = ov.retreat_default
            if d and d in self.centers:
                pygame.draw.polygon(surface, (20, 20, 20), self.hex_outline(d, scale, ox, oy, self.R - 1), width=6)
                pygame.draw.polygon(surface, (255, 255, 255), self.hex_outline(d, scale, ox, oy, self.R - 1),
                                    width=3)
        if ov.retreat_from and ov.retreat_from in self.centers:
            pygame.draw.polygon(surface, palette.RETREAT, self.hex_outline(ov.retreat_from, scale, ox, oy), width=4)
            to = ov.hover if ov.hover in ov.retreats else ov.retreat_default
            if to and to in self.centers:
                self._arrow(surface, scr(ov.retreat_from), scr(to), rs)
        for h in ov.losses:
            if h in self.centers and on_screen(h):
                pygame.draw.polygon(surface, (20, 20, 20), self.hex_outline(h, scale, ox, oy), width=6)
                pygame.draw.polygon(surface, theme.BAD, self.hex_outline(h, scale, ox, oy), width=4)
        if ov.advance and ov.advance in self.centers:
            ring(ov.advance, palette.ADVANCE, 3)
        markers = [(h, m, c) for hs, m, c in ((ov.drops - set(ov.dests), "chute", palette.DROP),
                                                       (ov.retreats, "arrow", palette.RETREAT),
                                                       ({ov.advance} if ov.advance else set(), "chevron",
                                                        palette.ADVANCE))
                             for h in hs if h in self.centers and on_screen(h)]
        if ov.hover and ov.hover != ov.selected and ov.hover in self.centers:
            pygame.draw.polygon(surface, (250, 250, 250), self.hex_outline(ov.hover, scale, ox, oy), width=1)
        if ov.selected and ov.selected in self.centers:
            pygame.draw.polygon(surface, (20, 20, 20), self.hex_outline(ov.selected, scale, ox, oy), width=5)
            pygame.draw.polygon(surface, theme.SELECT, self.hex_outline(ov.selected, scale, ox, oy), width=3)
        if ov.bad and ov.bad in self.centers:
            pygame.draw.polygon(surface, theme.BAD, self.hex_outline(ov.bad, scale, ox, oy), width=2)
        self._front(surface, state, scale, ox, oy, view, rs)
        self._objectives(surface, state, scr, on_screen, rs)
        self.draw_stacks(surface, cam, state, scr, on_screen, ov)
        for h, m, c in markers:   # over the counters, like the zone map's
            mark(h, m, c)
        self._last_combat(surface, state, scr, on_screen, rs)
        # MP costs over the counters so they read on occupied hexes too
        if ov.dests and rs >= 12:
            fs = max(10, int(rs * 0.36))
            for h, label in ov.dests.items():
                if label and on_screen(h):
                    x, y = scr(h)
                    img = self._text(label, fs, (20, 20, 20), True, (255, 236, 120))
                    surface.blit(img, img.get_rect(center=(int(x + rs * 0.5), int(y - rs * 0.45))))
        if ov.retreat_default and ov.retreat_default in self.centers and rs >= 12 and on_screen(ov.retreat_default):
            x, y = scr(ov.retreat_default)   # the rules' proposal, under the counters
            img = self._text("proposal", max(10, int(rs * 0.3)), (20, 20, 20), True, (255, 255, 255))
            surface.blit(img, img.get_rect(center=(int(x), int(y + rs * 0.42))))
        surface.set_clip(clip)

    @staticmethod
    def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], rs: float) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        p0 = (a[0] + ux * rs * 0.55, a[1] + uy * rs * 0.55)
        p1 = (b[0] - ux * rs * 0.55, b[1] - uy * rs * 0.55)
        w = max(3, int(rs / 7))
        pygame.draw.line(surface, (20, 20, 20), p0, p1, w + 2)
        pygame.draw.line(surface, (255, 150, 60), p0, p1, w)
        hs = max(6, rs * 0.28)
        head = [(p1[0] + ux * hs * 0.4, p1[1] + uy * hs * 0.4),
                (p1[0] - ux * hs - uy * hs * 0.6, p1[1] - uy * hs + ux * hs * 0.6),
                (p1[0] - ux * hs + uy * hs * 0.6, p1[1] - uy * hs - ux * hs * 0.6)]
        pygame.draw.polygon(surface, (255, 150, 60), head)
        pygame.draw.polygon(surface, (20, 20, 20), head, width=1)

    def front_edges(self, state: GameState) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """World segments between land hexes held by enemies: the front line."""
        key = (id(state), state.action_count)
        hit = getattr(self, "_front_cache", None)
        if hit is not None and hit[0] == key:
            return hit[1]
        out = []
        owners = state.owners
        for h, d in self.hexes.items():
            a = owners.get(h)
            if a is None or self.water[h]:
                continue
            for k, (dq, dr) in enumerate(hexgrid.DIRECTIONS[:3]):   # each side once
                n = hexgrid.hex_id(d.q + dq, d.r + dr)
                b = owners.get(n)
                if b is not None and not self.water.get(n, True) and state.at_war(a, b):
                    out.append(hexgrid.edge(d.axial, k, self.R, self.origin))
        self._front_cache = (key, out)
        return out

    def _front(self, surface, state: GameState, scale: float, ox: int, oy: int, view: pygame.Rect,
               rs: float) -> None:
        """Control: a dashed red line where hexes held by enemies meet."""
        w = max(2, int(rs / 12))
        for (ax, ay), (bx, by) in self.front_edges(state):
            p0 = (ax * scale + ox, ay * scale + oy)
            p1 = (bx * scale + ox, by * scale + oy)
            if not view.collidepoint(p0) and not view.collidepoint(p1):
                continue
            for t0, t1 in ((0.0, 0.3), (0.35, 0.65), (0.7, 1.0)):
                q0 = (p0[0] + (p1[0] - p0[0]) * t0, p0[1] + (p1[1] - p0[1]) * t0)
                q1 = (p0[0] + (p1[0] - p0[0]) * t1, p0[1] + (p1[1] - p0[1]) * t1)
                pygame.draw.line(surface, (200, 30, 30), q0, q1, w)

    def _last_combat(self, surface, state: GameState, scr, on_screen, rs: float) -> None:
        """The result of the last attack of this combat phase, on the attacked hex."""
        ht = state.hexturn
        last = getattr(ht, "last", None) if state.phase == "combat" else None
        if last is None or last.target not in self.centers or not on_screen(last.target):
            return
        x, y = scr(last.target)
        img = self._text(f"{last.result} ({last.roll})", max(11, int(rs * 0.32)), (250, 250, 250), True,
                         (120, 20, 20))
        r = self.result_rect(state, last.target, (x, y), rs, img.get_size())

        pygame.draw.rect(surface, (150, 30, 30), r.inflate(6, 2), border_radius=4)
        surface.blit(img, r)

    def result_rect(self, state: GameState, hid: str, c: tuple[float, float], rs: float,
                    size: tuple[int, int]) -> pygame.Rect:
        """Where the last combat's result label goes: under the stack's counter (over the
        hex name, never over the counter's factors), in the middle of an empty hex."""
        r = pygame.Rect((0, 0), size)
        if self.units_by_hex(state).get(hid):
            r.midtop = (int(c[0]), int(c[1] + rs * 0.52))
        else:
            r.center = (int(c[0]), int(c[1]))
        return r

    def _objectives(self, surface, state: GameState, scr, on_screen, rs: float) -> None:
        """Objective hexes: a star in the colour of the side holding it."""
        for sid in self.objectives:
            if not on_screen(sid):
                continue
            x, y = scr(sid)
            owner = state.owners.get(sid)
            col = self.colors.get(owner, theme.NEUTRAL) if owner else theme.NEUTRAL
            d = self.hexes[sid]
            n = 1 + sum(1 for f in d.features if f in self.hr.terrain and (
                self.hr.terrain[f].airfield or self.hr.terrain[f].port or self.hr.terrain[f].fortification))
            c = icon_slots((x, y), rs, n)[0]
            theme.star(surface, c, max(5, rs * 0.2), theme.ACCENT, edge=(30, 20, 10))
            pygame.draw.circle(surface, col, c, max(2, rs * 0.07))

    def draw_stacks(self, surface, cam: Camera, state: GameState, scr, on_screen, ov: HexOverlay) -> None:
        size = self.counter_size(cam)
        by_hex = self.units_by_hex(state)
        disrupted = set(getattr(state.hexturn, "disrupted", ()) or ())
        for h, units in by_hex.items():
            if h not in self.centers or not on_screen(h):
                continue
            x, y = scr(h)
            # one stack per hex (allies may share it): the strongest unit on top
            order = sorted(units, key=lambda u: (-(state.utype(u).value("attack", u.damage)
                                                   + state.utype(u).value("defense", u.damage)), u.uid))
            top = order[0]
            behind = [self.colors.get(u.owner, theme.NEUTRAL) for u in order[1:4]]
            picked = any(u.uid in ov.picked for u in units)
            hexcounters.draw_stack(surface, (x, y + size * 0.02), state.utype(top),
                                   self.colors.get(top.owner, theme.NEUTRAL), size, len(units),
                                   oos=any(u.oos for u in units), selected=picked, behind_colors=behind,
                                   damage=top.damage, disrupted=top.uid in disrupted)

    def draw_spread(self, surface: pygame.Surface, cam: Camera, state: GameState,
                    sid: str | None) -> pygame.Rect | None:
        """The hovered hex's stack of two or more counters spread out, strongest first, at
        a readable size, above the hex (drawn by the scene, over everything on the map)."""
        units = self.units_by_hex(state).get(sid or "", [])
        if len(units) < 2 or sid not in self.centers:
            return None
        cx, cy = self.centers[sid]
        at = cam.to_screen(cx, cy)
        size = max(40, self.counter_size(cam))
        order = sorted(units, key=lambda u: (-(state.utype(u).value("attack", u.damage)
                                               + state.utype(u).value("defense", u.damage)), u.uid))
        chits = hexcounters.spread_chits([(state.utype(u), self.colors.get(u.owner, theme.NEUTRAL), u.damage)
                                          for u in order], size)
        hexr = pygame.Rect(0, 0, int(self.R * cam.scale * 1.6), int(self.R * cam.scale * 1.6))
        hexr.center = (int(at[0]), int(at[1]))
        return draw_spread(surface, hexr, chits, pygame.Rect(cam.view), f"{len(units)} counters")

    # --- minimap ------------------------------------------------------------------------------
    def draw_minimap(self, surface: pygame.Surface, cam: Camera, state: GameState,
                     area: pygame.Rect | None = None, view_box: bool = True) -> pygame.Rect:
        rect = self.minimap_rect(pygame.Rect(cam.view)) if area is None else self.fit_rect(area)
        if self._mini is None or self._mini_key != rect.size:
            s = rect.w / self.world_size[0]
            mini = pygame.Surface(rect.size)
            self.render_region(mini, s, 0, 0)
            self._mini, self._mini_key = mini, rect.size
        theme.panel(surface, rect.inflate(6, 6), fill=theme.PANEL, radius=4)
        surface.blit(self._mini, rect.topleft)
        s = rect.w / self.world_size[0]
        for u in self.units_by_hex(state):
            if u in self.centers:
                owners = {x.owner for x in self.units_by_hex(state)[u]}
                col = self.colors.get(sorted(owners)[0], theme.NEUTRAL)
                cx, cy = self.centers[u]
                pygame.draw.rect(surface, col, pygame.Rect(rect.x + cx * s - 2, rect.y + cy * s - 2, 5, 5))
                pygame.draw.rect(surface, (10, 10, 10), pygame.Rect(rect.x + cx * s - 2, rect.y + cy * s - 2, 5, 5), 1)
        if view_box:
            self.draw_view_box(surface, cam, rect)
        return rect
