"""Europa-style counters for hex maps: a square chit in the owner's colour with
the unit-size marker (XX, X, III, II) over a NATO symbol box and the
attack-defense-move factors along the bottom; a stack shows its depth as chits
peeking out behind the top one and a count badge.

The symbol, its modifiers and the type label come from the unit's data (unitmarks),
so any hex ruleset, house rules included, gets counters of its own.
"""
from __future__ import annotations

import pygame

from game.rules.model import UnitType

from .. import theme, unitmarks

_CACHE: dict[tuple, pygame.Surface] = {}


def symbol_of(ut: UnitType) -> str:
    """The NATO branch symbol for a unit type (its modifiers: unitmarks.mark_of)."""
    return unitmarks.mark_of(ut).kind


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


def counter_surface(ut: UnitType, owner_color: tuple[int, int, int], size: int,
                    oos: bool = False, damage: int = 0, disrupted: bool = False) -> pygame.Surface:
    """One Europa-style chit of size x size pixels (cached): a reduced unit (cadre)
    shows its cadre factors under a white band, out of supply a red corner, disrupted
    (after an air drop) a yellow 'D'."""
    size = max(12, int(size))
    key = (unitmarks.mark_of(ut), ut.name, ut.re, ut.attack, ut.defense, ut.move, tuple(owner_color), size, oos,
           damage, disrupted)
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
    bw, bh = int(size * 0.62), int(size * (0.34 if big else 0.36))
    box = pygame.Rect(0, 0, bw, bh)
    box.midtop = (size // 2, int(size * (0.24 if big else 0.14)))
    paper = theme.lighten(fill, 0.55)
    pygame.draw.rect(surf, paper, box)
    box_ink = theme.text_on(paper)   # the symbol reads on the light box, whatever the chit
    pygame.draw.rect(surf, box_ink, box, width=lw)
    mark = unitmarks.mark_of(ut)
    unitmarks.draw_nato(surf, box, box_ink, mark.kind, mark.mods, lw)
    if big:   # the type label on the left, the unit-size marker on the right of the top row
        fs = max(9, int(size * 0.25))
        marker = size_marker(ut)
        theme.text(surf, marker, (size - max(2, size // 12), box.top - 1), fs, ink, anchor="bottomright", bold=True)
        room = size - theme.text_width(marker, fs, bold=True) - max(2, size // 12) - 5
        lab = mark.label
        while lab and theme.text_width(lab, fs, bold=True) > room:
            lab = lab[:-1]
        theme.text(surf, lab, (max(2, size // 12), box.top - 1), fs, ink, anchor="bottomleft", bold=True)
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
        badge = depth_badge(rect, depth)
        img = theme.font(_badge_font(rect.w), bold=True).render(str(depth), True, (250, 250, 250))
        pygame.draw.rect(surface, (20, 20, 24), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, (235, 235, 235), badge, width=1, border_radius=badge.h // 2)
        surface.blit(img, img.get_rect(center=badge.center))
    return rect


def _badge_font(size: int) -> int:
    return max(10, int(size * 0.34))


def depth_badge(chit: pygame.Rect, depth: int) -> pygame.Rect:
    """Where a stack's counter count goes: left of the top chit's top edge, outside the
    chit, so it never covers the size marker, the symbol or the factors."""
    w, h = theme.font(_badge_font(chit.w), bold=True).size(str(depth))
    badge = pygame.Rect(0, 0, max(w + 6, h), h)
    badge.topright = (chit.left - 1, chit.top)
    return badge


def spread_chits(units: list[tuple[UnitType, tuple[int, int, int], int]], size: int) -> list[pygame.Surface]:
    """The counters of a hovered stack, one per unit: (type, owner colour, damage)."""
    return [counter_surface(ut, col, size, damage=dmg) for ut, col, dmg in units]
