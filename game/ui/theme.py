"""Colours, fonts and small drawing helpers shared by every scene."""
from __future__ import annotations

import functools
import io

import pygame

# --- palette ---------------------------------------------------------------------
BG = (24, 28, 34)
PANEL = (34, 39, 47)
PANEL_2 = (44, 50, 60)
PANEL_EDGE = (70, 78, 92)
TEXT = (232, 232, 226)
TEXT_DIM = (160, 166, 176)
TEXT_DARK = (20, 22, 26)
ACCENT = (226, 182, 76)
GOOD = (96, 196, 110)
BAD = (226, 92, 80)
INFO = (120, 176, 232)
BUTTON = (62, 72, 88)
BUTTON_HOVER = (84, 98, 120)
BUTTON_PRIMARY = (150, 112, 40)
BUTTON_PRIMARY_HOVER = (182, 138, 54)
BUTTON_DISABLED = (48, 52, 60)
SEA = (58, 104, 150)
SEA_EDGE = (98, 146, 190)
NEUTRAL = (196, 184, 150)
IMPASSABLE = (212, 205, 180)  # pale parchment: never mistaken for a grey player
BORDER = (28, 30, 30)
HIGHLIGHT = (255, 226, 96)
SELECT = (255, 255, 255)
SHADOW = (0, 0, 0, 120)


def color(value: str | tuple[int, int, int] | None, default: tuple[int, int, int] = NEUTRAL
          ) -> tuple[int, int, int]:
    """A '#rrggbb' string (or a pygame colour name) as an RGB tuple."""
    if value is None:
        return default
    if isinstance(value, tuple):
        return value
    try:
        c = pygame.Color(value)
    except (ValueError, TypeError):
        return default
    return (c.r, c.g, c.b)


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def lighten(c: tuple[int, ...], t: float = 0.3) -> tuple[int, int, int]:
    return mix(c, (255, 255, 255), t)


def darken(c: tuple[int, ...], t: float = 0.3) -> tuple[int, int, int]:
    return mix(c, (0, 0, 0), t)


def luminance(c: tuple[int, ...]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def text_on(c: tuple[int, ...]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on colour c."""
    return TEXT_DARK if luminance(c) > 150 else (250, 250, 250)


# --- fonts -----------------------------------------------------------------------
_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


# rendered lines of text: an immediate-mode screen draws the same lines every frame (the
# side panel: some 25 a frame, a millisecond at 1920x1080 on a big map, issue #46 item 9)
_TEXTS: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}
_TEXTS_KEPT = 2000


def reset_fonts() -> None:
    """Forget cached fonts (after pygame.quit() they are invalid) and the text they drew."""
    _FONTS.clear()
    _TEXTS.clear()


def _rendered(s: str, size: int, bold: bool, col: tuple[int, ...]) -> pygame.Surface:
    key = (s, size, bold, tuple(col))
    img = _TEXTS.get(key)
    if img is None:
        if len(_TEXTS) >= _TEXTS_KEPT:
            _TEXTS.clear()
        img = _TEXTS[key] = font(size, bold).render(s, True, col)
    return img


@functools.cache
def _default_font_data() -> bytes:
    """pygame's default font file, read once: Font(None, size) finds and reads it for each
    size, a disk wait in the frame that first shows that size (issue #45: 11 sizes, up to
    90 ms of the battle calculator's first frame on a busy disk)."""
    import pygame.pkgdata
    with pygame.pkgdata.getResource(pygame.font.get_default_font()) as fh:
        return fh.read()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(6, int(size))
    if not pygame.font.get_init():
        pygame.font.init()
        _FONTS.clear()
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        try:
            # Font(None, size) scales the default font by 0.6875 (pygame-ce's font.c)
            f = pygame.font.Font(io.BytesIO(_default_font_data()), max(1, int(size * 0.6875)))
        except (OSError, pygame.error):  # pragma: no cover - fallback for odd builds
            f = pygame.font.SysFont("sans", size)
        if bold:
            f.set_bold(True)
        _FONTS[key] = f
    return f


def text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int = 20,
         col: tuple[int, ...] = TEXT, anchor: str = "topleft", bold: bool = False,
         shadow: tuple[int, ...] | None = None) -> pygame.Rect:
    """Draw a line of text; anchor is any pygame.Rect attribute name."""
    img = _rendered(s, size, bold, col)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow is not None:
        surface.blit(_rendered(s, size, bold, shadow), rect.move(1, 1))
    surface.blit(img, rect)
    return rect


def text_width(s: str, size: int = 20, bold: bool = False) -> int:
    return font(size, bold).size(s)[0]


def wrap(s: str, width: int, size: int = 20, bold: bool = False) -> list[str]:
    """Split text into lines no wider than width pixels."""
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else line + " " + w
            if f.size(cand)[0] <= width or not line:
                line = cand
            else:
                out.append(line)
                line = w
        out.append(line)
    return out


def elide(s: str, width: int, size: int = 20, bold: bool = False) -> str:
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = PANEL,
          edge: tuple[int, ...] = PANEL_EDGE, radius: int = 8, shadow: bool = True) -> None:
    if shadow:
        sh = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=radius + 4)
        surface.blit(sh, (rect.x - 2, rect.y + 2))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 10, 14, alpha))
    surface.blit(veil, (0, 0))


def swatch(surface: pygame.Surface, rect: pygame.Rect, col: tuple[int, ...]) -> None:
    pygame.draw.rect(surface, col, rect, border_radius=3)
    pygame.draw.rect(surface, darken(col, 0.5), rect, width=1, border_radius=3)


def star(surface: pygame.Surface, center: tuple[float, float], r: float,
         col: tuple[int, ...], edge: tuple[int, ...] = (40, 30, 10)) -> None:
    import math
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((center[0] + rr * math.cos(ang), center[1] + rr * math.sin(ang)))
    pygame.draw.polygon(surface, col, pts)
    pygame.draw.polygon(surface, edge, pts, width=1)
