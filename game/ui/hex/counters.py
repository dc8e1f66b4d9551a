"""Europa-style counters for hex maps: a square chit in the owner's colour with
the unit-size marker (XX, X, III, II) over a NATO symbol box and the
attack-defense-move factors along the bottom; a stack shows its depth as chits
peeking out behind the top one and a count badge.

The symbol is read from the unit's classes (infantry, armour, artillery, ...),
then its id, so any hex ruleset gets sensible counters.
"""
from __future__ import annotations

import math

import pygame

from game.rules.model import UnitType

from .. import theme

_CACHE: dict[tuple, pygame.Surface] = {}


def symbol_of(ut: UnitType) -> str:
    """The NATO branch symbol for a unit type."""
    c = set(ut.classes)
    i = ut.id
    if "hq" in c or i.endswith("_hq"):
        return "hq"
    if "supply" in c or "depot" in i or i in ("truck", "wagon"):
        return "supply"
    if "engineer" in c and "armour" not in c:
        return "engineer"
    if "aa" in c or "_aa" in i:
        return "aa"
    if "anti_tank" in c:
        return "anti_tank"
    if "artillery" in c or "artillery" in i or "mortar" in i:
        return "mountain_artillery" if "mountain" in i else "artillery"
    if "armour" in c:
        return "armour"
    if "cavalry" in c:
        return "cavalry"
    if "police" in c:
        return "police"
    if "airborne" in c:
        return "glider" if "glider" in i else "para"
    if "mountain" in c:
        return "mountain"
    if "motorized" in c and "infantry" in c:
        return "motorized"
    if "infantry" in c:
        return "infantry"
    return "unit"


def size_marker(ut: UnitType) -> str:
    """The unit-size marker above the symbol, from the unit's name or RE size."""
    n = ut.name.lower()
    for word, mark in (("army", "XXXX"), ("corps", "XXX"), ("division", "XX"), ("brigade", "X"),
                       ("regiment", "III"), ("battalion", "II"), ("company", "I")):
        if word in n:
            return mark
    re = ut.re if ut.re is not None else 1.0
    return "XX" if re >= 3 else "X" if re >= 1 else "II"


def factors(ut: UnitType, damage: int = 0) -> str:
    """'3-3-4': attack-defense-move, on the cadre side when reduced (damage 1)."""
    return f"{ut.value('attack', damage)}-{ut.value('defense', damage)}-{ut.move}"


def _symbol(s: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int], kind: str, lw: int) -> None:
    inner = box.inflate(-lw, -lw)
    cx, cy = inner.center
    if kind in ("infantry", "motorized", "para", "glider", "mountain", "police"):
        pygame.draw.line(s, ink, inner.topleft, inner.bottomright, lw)
        pygame.draw.line(s, ink, inner.bottomleft, inner.topright, lw)
    if kind == "motorized":
        pygame.draw.line(s, ink, (inner.left, inner.bottom - lw), (inner.right, inner.bottom - lw), lw)
    if kind in ("armour", "motorized"):
        e = pygame.Rect(0, 0, inner.w * 0.72, inner.h * 0.6)
        e.center = (cx, cy)
        pygame.draw.ellipse(s, ink, e, width=lw)
    if kind == "para":   # canopy over the cross
        arc = pygame.Rect(0, 0, inner.w * 0.55, inner.h * 0.55)
        arc.midtop = (cx, inner.top + 1)
        pygame.draw.arc(s, ink, arc, 0, math.pi, lw)
    if kind == "glider":
        pygame.draw.line(s, ink, (inner.left + inner.w * 0.2, inner.top + inner.h * 0.2),
                         (inner.right - inner.w * 0.2, inner.top + inner.h * 0.2), lw)
    if kind == "mountain":  # a peak at the bottom
        pts = [(cx - inner.w * 0.18, inner.bottom), (cx, inner.bottom - inner.h * 0.42),
               (cx + inner.w * 0.18, inner.bottom)]
        pygame.draw.polygon(s, ink, pts)
    if kind in ("artillery", "mountain_artillery"):
        pygame.draw.circle(s, ink, (cx, cy), max(2, int(inner.h * 0.2)))
        if kind == "mountain_artillery":
            pts = [(cx - inner.w * 0.16, inner.bottom), (cx, inner.bottom - inner.h * 0.3),
                   (cx + inner.w * 0.16, inner.bottom)]
            pygame.draw.polygon(s, ink, pts)
    if kind == "aa":
        arc = pygame.Rect(0, 0, inner.w * 0.8, inner.h * 1.3)
        arc.midtop = (cx, inner.top + inner.h * 0.4)
        pygame.draw.arc(s, ink, arc, 0, math.pi, lw)
        pygame.draw.circle(s, ink, (cx, int(inner.bottom - inner.h * 0.25)), max(1, int(inner.h * 0.14)))
    if kind == "anti_tank":
        pygame.draw.line(s, ink, inner.bottomleft, (cx, inner.top), lw)
        pygame.draw.line(s, ink, (cx, inner.top), inner.bottomright, lw)
    if kind == "cavalry":
        pygame.draw.line(s, ink, inner.bottomleft, inner.topright, lw)
    if kind == "engineer":  # the bridge-like 'E' symbol
        y0 = cy - inner.h * 0.18
        y1 = cy + inner.h * 0.18
        x0, x1 = inner.left + inner.w * 0.18, inner.right - inner.w * 0.18
        pygame.draw.line(s, ink, (x0, y0), (x1, y0), lw)
        for x in (x0, cx, x1):
            pygame.draw.line(s, ink, (x, y0), (x, y1), lw)
    if kind == "hq":
        pygame.draw.line(s, ink, (inner.left, cy), (inner.right, cy), lw)
        theme.text(s, "HQ", (cx, cy - inner.h * 0.25), max(8, int(inner.h * 0.5)), ink, anchor="center", bold=True)
    if kind == "supply":
        pygame.draw.line(s, ink, (inner.left, inner.bottom - inner.h * 0.3),
                         (inner.right, inner.bottom - inner.h * 0.3), lw)
    if kind == "police":
        theme.text(s, "P", (inner.right - inner.w * 0.12, inner.top + inner.h * 0.3),
                   max(8, int(inner.h * 0.5)), ink, anchor="center", bold=True)


def counter_surface(ut: UnitType, owner_color: tuple[int, int, int], size: int,
                    oos: bool = False, damage: int = 0, disrupted: bool = False) -> pygame.Surface:
    """One Europa-style chit of size x size pixels (cached): a reduced unit (cadre)
    shows its cadre factors under a white band, out of supply a red corner, disrupted
    (after an air drop) a yellow 'D'."""
    size = max(12, int(size))
    key = (ut.id, ut.attack, ut.defense, ut.move, tuple(owner_color), size, oos, damage, disrupted)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    if len(_CACHE) > 2000:
        _CACHE.clear()
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size)
    fill = theme.color(owner_color)
    rad = max(1, size // 12)
    pygame.draw.rect(surf, fill, body, border_radius=rad)
    pygame.draw.rect(surf, theme.lighten(fill, 0.3), body.inflate(-2, -2), width=1, border_radius=rad)
    pygame.draw.rect(surf, theme.darken(fill, 0.6), body, width=1, border_radius=rad)
    ink = theme.text_on(fill)
    lw = max(1, size // 22)
    big = size >= 26
    # symbol box: upper middle of the chit
    bw, bh = int(size * 0.62), int(size * 0.36)
    box = pygame.Rect(0, 0, bw, bh)
    box.midtop = (size // 2, int(size * (0.2 if big else 0.14)))
    pygame.draw.rect(surf, theme.lighten(fill, 0.55), box)
    pygame.draw.rect(surf, ink, box, width=lw)
    _symbol(surf, box, ink, symbol_of(ut), lw)
    if big:
        theme.text(surf, size_marker(ut), (size // 2, box.top - 1), max(8, int(size * 0.2)), ink,
                   anchor="midbottom", bold=True)
    fs = max(9, int(size * (0.34 if big else 0.4)))
    txt = factors(ut, damage)
    while fs > 8 and theme.text_width(txt, fs, bold=True) > size - 3:
        fs -= 1
    theme.text(surf, txt, (size // 2, size - max(1, size // 20)), fs, ink, anchor="midbottom", bold=True)
    if damage:  # the cadre side: a band across the top
        pygame.draw.rect(surf, (245, 245, 240), pygame.Rect(1, 1, size - 2, max(2, size // 9)))
    if oos:  # out of supply: a red corner flag
        pygame.draw.polygon(surf, theme.BAD, [(0, 0), (size * 0.3, 0), (0, size * 0.3)])
    if disrupted:
        r = pygame.Rect(0, 0, size * 0.3, size * 0.3)
        r.bottomright = (size - 1, size - 1)
        pygame.draw.rect(surf, (240, 200, 40), r)
        theme.text(surf, "D", r.center, max(8, int(size * 0.26)), (20, 20, 20), anchor="center", bold=True)
    _CACHE[key] = surf
    return surf


def draw_stack(surface: pygame.Surface, center: tuple[float, float], top: UnitType,
               owner_color: tuple[int, int, int], size: int, depth: int, oos: bool = False,
               selected: bool = False, behind_colors: list[tuple[int, int, int]] | None = None,
               damage: int = 0, disrupted: bool = False) -> pygame.Rect:
    """A stack of `depth` units with `top` showing, centred at `center`; returns the
    top chit's rect. Chits behind peek out up and to the right (at most three), in the
    colours of the units under the top one (`behind_colors`, allies may share a hex)."""
    step = max(2, size // 12)
    behind = min(depth - 1, 3)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(center[0] - behind * step / 2), int(center[1] + behind * step / 2))
    fill = theme.color(owner_color)
    shadow = pygame.Rect(rect)
    shadow.topleft = (rect.x + 2, rect.y + 2)
    for k in range(behind, 0, -1):
        back = rect.move(step * k, -step * k)
        col = behind_colors[k - 1] if behind_colors and len(behind_colors) >= k else fill
        pygame.draw.rect(surface, theme.darken(col, 0.08 * k), back, border_radius=max(1, size // 12))
        pygame.draw.rect(surface, (15, 15, 15), back, width=1, border_radius=max(1, size // 12))
    pygame.draw.rect(surface, (0, 0, 0), shadow.move(0, 0), border_radius=max(1, size // 12))
    surface.blit(counter_surface(top, owner_color, size, oos, damage, disrupted), rect.topleft)
    if selected:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=2, border_radius=3)
    if depth > 1:
        fs = max(10, int(size * 0.34))
        img = theme.font(fs, bold=True).render(str(depth), True, (250, 250, 250))
        badge = pygame.Rect(0, 0, max(img.get_width() + 6, img.get_height()), img.get_height())
        badge.center = (rect.left + 1, rect.top + 1)
        pygame.draw.rect(surface, (20, 20, 24), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, (235, 235, 235), badge, width=1, border_radius=badge.h // 2)
        surface.blit(img, img.get_rect(center=badge.center))
    return rect
