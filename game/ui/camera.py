"""World (scenario) coordinates <-> screen pixels, with pan and zoom."""
from __future__ import annotations

import math


class Camera:
    def __init__(self, world_size: tuple[float, float], view: tuple[int, int, int, int]):
        self.world_w, self.world_h = max(1.0, world_size[0]), max(1.0, world_size[1])
        self.view = view  # x, y, w, h of the map area on screen
        self.scale = 1.0
        self.ox = 0.0  # screen x of world x=0
        self.oy = 0.0
        self.wrap_x = False  # the map wraps east-west: pan forever, x is taken modulo the width
        # open_on's arguments while the view is as it opened (a resize opens it anew)
        self.opening: tuple[float, tuple[float, float] | None] | None = None
        self.fit()

    # --- limits ------------------------------------------------------------------
    def fit_scale(self) -> float:
        _, _, w, h = self.view
        return min(w / self.world_w, h / self.world_h) * 0.96

    def min_scale(self) -> float:
        return self.fit_scale() * 0.6

    def max_scale(self) -> float:
        # the cached map layer stays under ~20 megapixels
        cap = math.sqrt(20e6 / (self.world_w * self.world_h))
        return max(self.fit_scale() * 1.2, min(self.fit_scale() * 8, cap))

    # --- transforms -----------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale + self.ox, y * self.scale + self.oy

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.ox) / self.scale, (sy - self.oy) / self.scale

    # --- operations -----------------------------------------------------------------
    def set_view(self, view: tuple[int, int, int, int]) -> None:
        if view == self.view:
            return
        if self.opening is not None:   # nobody moved the view yet: open it at the new size
            self.view = view
            self.open_on(*self.opening)
            return
        fitted = abs(self.scale - self.fit_scale()) <= 1e-3 * self.fit_scale()
        cx, cy = self.to_world(self.view[0] + self.view[2] / 2, self.view[1] + self.view[3] / 2)
        self.view = view
        if fitted:   # the whole map was shown: after a resize it is fitted to the new window
            self.fit()
            return
        self.scale = min(max(self.scale, self.min_scale()), self.max_scale())
        self.center_on(cx, cy)

    def fit(self) -> None:
        self.scale = self.fit_scale()
        self.center_on(self.world_w / 2, self.world_h / 2)

    def open_scale(self, readable: float) -> float:
        """The zoom a game opens at: the whole map when it shows at least at `readable`
        (the zoom where names fit their spaces), else `readable`; a map wrapping east-west
        opens at least filling the view's height (its east and west edges join: fitting
        its width only left empty bands above and below)."""
        scale = self.fit_scale() if self.fit_scale() >= readable else readable
        if self.wrap_x:
            scale = max(scale, self.view[3] / self.world_h)
        return min(scale, self.max_scale())

    def open_on(self, readable: float, focus: tuple[float, float] | None) -> None:
        """Open the view: the whole map when it is readable so (see open_scale), else at
        open_scale centred on `focus` (the capital of the player to move; else the map's
        middle), with no empty band where the map is larger than the view. TripleA opens
        on the first player's area at a readable scale; G40's world map fitted to 1280x800
        was guesswork to click (aiming for Russia hit Vologda)."""
        scale = self.open_scale(readable)
        if scale <= self.fit_scale() * 1.001:
            self.fit()
        else:
            self.scale = scale
            self.show(*(focus or (self.world_w / 2, self.world_h / 2)))
        self.opening = (readable, focus)

    def show(self, wx: float, wy: float) -> None:
        """center_on, then no empty band where the map is larger than the view: the map's
        edge stays at the view's edge (a capital near the top of the map comes as near the
        middle as that allows)."""
        self.center_on(wx, wy)
        x, y, w, h = self.view
        mw, mh = self.world_w * self.scale, self.world_h * self.scale
        if mh >= h:
            self.oy = min(max(self.oy, y + h - mh), y)
        if mw >= w and not self.wrap_x:
            self.ox = min(max(self.ox, x + w - mw), x)

    def center_on(self, wx: float, wy: float) -> None:
        """Bring a world point to the middle of the view; along an axis where the whole map
        fits in the view the map stays centred instead (at the fit zoom, centring on a
        corner space pushed the map half out of the view and left the rest empty)."""
        self.opening = None
        x, y, w, h = self.view
        mw, mh = self.world_w * self.scale, self.world_h * self.scale
        self.ox = x + (w - mw) / 2 if mw <= w and not self.wrap_x else x + w / 2 - wx * self.scale
        self.oy = y + (h - mh) / 2 if mh <= h else y + h / 2 - wy * self.scale
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.opening = None
        self.ox += dx
        self.oy += dy
        self.clamp()

    def zoom(self, factor: float, at: tuple[float, float] | None = None) -> None:
        x, y, w, h = self.view
        self.opening = None
        if at is None:
            at = (x + w / 2, y + h / 2)
        wx, wy = self.to_world(*at)
        new = min(max(self.scale * factor, self.min_scale()), self.max_scale())
        self.scale = new
        self.ox = at[0] - wx * new
        self.oy = at[1] - wy * new
        self.clamp()

    def clamp(self) -> None:
        """Keep at least part of the map on screen: never pan it out of sight."""
        x, y, w, h = self.view
        mw, mh = self.world_w * self.scale, self.world_h * self.scale
        margin_x, margin_y = w * 0.5, h * 0.5
        if self.wrap_x:   # any x: keep the origin within one map width left of the view
            self.ox = x - ((x - self.ox) % mw)
        elif mw + 2 * 0 <= w:
            lo_x, hi_x = x - mw + margin_x, x + w - margin_x
        else:
            lo_x, hi_x = x + w - mw - margin_x, x + margin_x
        if mh <= h:
            lo_y, hi_y = y - mh + margin_y, y + h - margin_y
        else:
            lo_y, hi_y = y + h - mh - margin_y, y + margin_y
        if not self.wrap_x:
            self.ox = min(max(self.ox, min(lo_x, hi_x)), max(lo_x, hi_x))
        self.oy = min(max(self.oy, min(lo_y, hi_y)), max(lo_y, hi_y))
