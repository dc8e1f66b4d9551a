"""Procedural unit counters: a square chit in the owner's colour with a
NATO-style type symbol, the count in a corner badge and the stats along the bottom.

Symbols are chosen from the unit id (infantry, armour, fighter, ...) and fall
back to the unit's domain, so any ruleset gets sensible counters.
"""
from __future__ import annotations

import math

import pygame

from . import theme

_CACHE: dict[tuple, pygame.Surface] = {}


_AIR_KINDS = ("fighter", "tactical", "strategic", "airlift", "dive", "torpedo", "airship")
_SEA_KINDS = ("battleship", "carrier", "cruiser", "destroyer", "submarine", "transport", "ship")


def symbol_kind(unit_id: str, domain: str) -> str:
    u = unit_id.lower()
    table = (
        ("aaa", "aaa"), ("anti_air", "aaa"), ("flak", "aaa"),
        ("mech", "mech"), ("para", "para"), ("submarine", "submarine"), ("marine", "marine"),
        ("infantry", "infantry"),
        ("militia", "infantry"), ("cavalry", "cavalry"), ("engineer", "engineer"),
        ("supply", "supply"), ("fortress", "fort"), ("fortification", "fort"),
        ("airship", "airship"), ("zeppelin", "airship"), ("carrier", "carrier"),
        ("artillery", "artillery"), ("gun", "artillery"),
        ("armour", "armour"), ("armor", "armour"), ("tank", "armour"),
        ("strategic", "strategic"), ("heavy_bomber", "strategic"), ("tactical", "tactical"),
        ("light_bomber", "tactical"), ("dive_bomber", "dive"), ("torpedo_bomber", "torpedo"),
        ("bomber", "strategic"), ("fighter", "fighter"),
        ("battleship", "battleship"), ("dreadn", "battleship"), ("juggernaut", "battleship"),
        ("coast_defense", "cruiser"), ("cruiser", "cruiser"),
        ("destroyer", "destroyer"), ("submarine", "submarine"), ("sub", "submarine"),
        ("transport", "transport"), ("troopship", "transport"), ("factory", "factory"),
    )
    for key, kind in table:
        if key in u:
            if domain == "air" and kind == "transport":
                # transport aircraft: a twin-engine plane with a parachute, not a ship,
                # and not the same picture as the dive bomber it often flies beside
                return "airlift"
            if domain == "air" and kind not in _AIR_KINDS:
                return "tactical"
            return kind
    return {"land": "land", "sea": "ship", "air": "fighter", "static": "factory"}.get(domain, "land")


def _plane(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...], kind: str) -> None:
    """Aircraft seen from above, nose up: a small single-engine fighter with swept wings,
    a twin-engine tactical bomber with straight wings and two nacelles, a large
    four-engine strategic bomber with wings across the whole counter; an air transport
    ("airlift") is the twin-engine plane, smaller, under a parachute canopy."""
    if kind == "airlift":
        lw = max(1, int(r.w / 16))
        canopy = pygame.Rect(0, 0, r.w * 0.42, r.h * 0.5)
        canopy.midtop = (int(r.right - r.w * 0.21), int(r.top))
        rx, ry = canopy.w / 2, canopy.h / 2
        dome = [(canopy.centerx + rx * math.cos(a / 10 * math.pi),
                 canopy.centery - ry * math.sin(a / 10 * math.pi)) for a in range(11)]
        pygame.draw.polygon(s, col, dome)                    # a filled canopy
        tip = (canopy.centerx, canopy.bottom + r.h * 0.08)
        for x0 in (canopy.left, canopy.right):               # shroud lines
            pygame.draw.line(s, col, (x0, canopy.centery), tip, lw)
        r = pygame.Rect(r.x, int(r.y + r.h * 0.2), int(r.w * 0.68), int(r.h * 0.8))
        kind = "tactical"
    elif kind == "airship":
        # a cigar-shaped envelope seen from the side, with a gondola and tail fins
        env = pygame.Rect(0, 0, r.w * 0.9, r.h * 0.42)
        env.center = (r.centerx, int(r.centery - r.h * 0.06))
        pygame.draw.ellipse(s, col, env)
        x0, x1 = env.right - env.w * 0.3, env.right - env.w * 0.06
        for y_edge, out in ((env.top + env.h * 0.12, -r.h * 0.14), (env.bottom - env.h * 0.12, r.h * 0.14)):
            pygame.draw.polygon(s, col, [(x0, y_edge), (x1, y_edge), (x1, y_edge + out),
                                         (x1 - env.w * 0.1, y_edge + out)])
        gondola = pygame.Rect(0, 0, r.w * 0.2, r.h * 0.12)
        gondola.midtop = (int(env.centerx - env.w * 0.08), int(env.bottom - 1))
        pygame.draw.rect(s, col, gondola, border_radius=max(1, gondola.h // 2))
        return
    elif kind in ("dive", "torpedo"):
        # a single-engine bomber with straight wings, in the upper part of the symbol, and
        # what it does below it: a torpedo (a long cigar), or a dive (a steep arrow)
        lw = max(1, int(r.w / 16))
        if kind == "torpedo":
            t = pygame.Rect(0, 0, r.w * 0.62, max(3, r.h * 0.13))
            t.midbottom = (r.centerx, r.bottom)
            pygame.draw.ellipse(s, col, t)
            pygame.draw.polygon(s, col, [(t.left + t.w * 0.1, t.centery), (t.left - r.w * 0.06, t.top - r.h * 0.05),
                                         (t.left - r.w * 0.06, t.bottom + r.h * 0.05)])
            r = pygame.Rect(r.x, r.y, r.w, int(r.h * 0.8))
        else:
            ax = r.right - r.w * 0.1
            pygame.draw.line(s, col, (ax, r.top + r.h * 0.2), (ax, r.bottom - r.h * 0.08), lw + 1)
            pygame.draw.polygon(s, col, [(ax - r.w * 0.09, r.bottom - r.h * 0.22), (ax + r.w * 0.09, r.bottom - r.h * 0.22),
                                         (ax, r.bottom)])
            r = pygame.Rect(r.x, r.y, int(r.w * 0.8), r.h)
        kind = "single"
    cx, cy = r.centerx, r.centery
    w, h = r.w, r.h
    if kind == "strategic":
        body_w, span, wing_y, chord = 0.09, 0.5, -0.04, 0.2
        nose, tail, tail_span = 0.0, 1.0, 0.2
    elif kind == "tactical":
        body_w, span, wing_y, chord = 0.065, 0.34, 0.0, 0.13
        nose, tail, tail_span = 0.08, 0.92, 0.15
    elif kind == "single":  # a single-engine bomber: straight wings, a longer body
        body_w, span, wing_y, chord = 0.07, 0.4, -0.04, 0.14
        nose, tail, tail_span = 0.04, 0.96, 0.15
    else:  # fighter: smaller, swept
        body_w, span, wing_y, chord = 0.06, 0.36, 0.02, 0.14
        nose, tail, tail_span = 0.1, 0.88, 0.13
    top = r.top + h * nose
    bot = r.top + h * tail
    pygame.draw.ellipse(s, col, pygame.Rect(cx - w * body_w, top, w * body_w * 2, bot - top))
    wy = cy + h * wing_y
    if kind == "fighter":  # swept back wings
        wing = [(cx - w * 0.05, wy - h * 0.1), (cx + w * 0.05, wy - h * 0.1), (cx + w * span, wy + h * 0.12),
                (cx + w * span, wy + h * 0.2), (cx - w * span, wy + h * 0.2), (cx - w * span, wy + h * 0.12)]
        pygame.draw.polygon(s, col, wing)
    else:  # straight wings
        pygame.draw.rect(s, col, pygame.Rect(cx - w * span, wy - h * chord / 2, w * span * 2, h * chord),
                         border_radius=max(1, int(h * chord / 3)))
    ty = bot - h * 0.1
    pygame.draw.rect(s, col, pygame.Rect(cx - w * tail_span, ty - h * 0.05, w * tail_span * 2, h * 0.09),
                     border_radius=1)
    engines = {"tactical": (-0.22, 0.22), "strategic": (-0.36, -0.18, 0.18, 0.36)}.get(kind, ())
    for dx in engines:
        ex = cx + w * dx
        er = pygame.Rect(0, 0, max(2, w * 0.08), max(3, h * (0.3 if kind == "tactical" else 0.22)))
        er.midtop = (int(ex), int(wy - h * chord / 2 - h * 0.08))
        pygame.draw.rect(s, col, er, border_radius=max(1, er.w // 2))


def _hull(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...], kind: str) -> None:
    w, h = r.w, r.h
    base_y = r.top + h * 0.62
    length = {"battleship": 1.0, "carrier": 1.0, "cruiser": 0.9, "destroyer": 0.78,
              "transport": 0.86, "submarine": 0.9, "ship": 0.9}.get(kind, 0.9)
    x0 = r.centerx - w * length / 2
    x1 = r.centerx + w * length / 2
    if kind == "submarine":
        pygame.draw.ellipse(s, col, pygame.Rect(x0, base_y - h * 0.12, x1 - x0, h * 0.26))
        pygame.draw.rect(s, col, pygame.Rect(r.centerx - w * 0.06, base_y - h * 0.3, w * 0.14, h * 0.2))
        return
    hull = [(x0, base_y), (x1, base_y), (x1 - w * 0.1, base_y + h * 0.22), (x0 + w * 0.06, base_y + h * 0.22)]
    pygame.draw.polygon(s, col, hull)
    if kind == "carrier":
        pygame.draw.rect(s, col, pygame.Rect(x0 - w * 0.02, base_y - h * 0.08, (x1 - x0) * 1.04, h * 0.09))
        pygame.draw.rect(s, col, pygame.Rect(x1 - w * 0.3, base_y - h * 0.26, w * 0.1, h * 0.2))
    elif kind == "transport":
        pygame.draw.rect(s, col, pygame.Rect(x0 + w * 0.08, base_y - h * 0.24, w * 0.46, h * 0.25))
        pygame.draw.rect(s, col, pygame.Rect(x1 - w * 0.24, base_y - h * 0.34, w * 0.1, h * 0.35))
    else:
        turrets = {"battleship": 3, "cruiser": 2, "destroyer": 1}.get(kind, 1)
        pygame.draw.rect(s, col, pygame.Rect(r.centerx - w * 0.1, base_y - h * 0.28, w * 0.2, h * 0.29))
        for i in range(turrets):
            tx = x0 + w * 0.12 + i * w * 0.18 if i < 2 else x1 - w * 0.2
            pygame.draw.rect(s, col, pygame.Rect(tx, base_y - h * 0.12, w * 0.12, h * 0.13))
            pygame.draw.line(s, col, (tx + w * 0.06, base_y - h * 0.08),
                             (tx + w * 0.06 + (w * 0.12 if i < 2 else -w * 0.12), base_y - h * 0.14),
                             max(1, int(w * 0.04)))


def _nato(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...], kind: str) -> None:
    """A NATO unit frame (rectangle) with the branch symbol inside."""
    box = pygame.Rect(0, 0, r.w * 0.86, r.h * 0.6)
    box.center = (r.centerx, r.centery)
    lw = max(1, int(r.w / 14))
    pygame.draw.rect(s, col, box, width=lw)
    inner = box.inflate(-lw * 2, -lw * 2)
    if kind in ("infantry", "mech", "para", "marine"):
        pygame.draw.line(s, col, inner.topleft, inner.bottomright, lw)
        pygame.draw.line(s, col, inner.bottomleft, inner.topright, lw)
    if kind == "mech":
        e = pygame.Rect(0, 0, inner.w * 0.7, inner.h * 0.55)
        e.center = inner.center
        pygame.draw.ellipse(s, col, e, width=lw)
    if kind == "para":
        arc = pygame.Rect(0, 0, inner.w * 0.5, inner.h * 0.5)
        arc.midbottom = (inner.centerx, inner.top + inner.h * 0.25)
        pygame.draw.arc(s, col, arc.move(0, inner.h * 0.2), 0, math.pi, lw)
    if kind == "armour":
        e = pygame.Rect(0, 0, inner.w * 0.78, inner.h * 0.62)
        e.center = inner.center
        pygame.draw.ellipse(s, col, e, width=lw)
    if kind == "artillery":
        pygame.draw.circle(s, col, inner.center, max(2, inner.h * 0.22))
    if kind == "aaa":
        pygame.draw.circle(s, col, (inner.centerx, inner.bottom - inner.h * 0.28), max(2, inner.h * 0.16))
        pygame.draw.arc(s, col, inner.inflate(-inner.w * 0.2, 0).move(0, inner.h * 0.35), 0, math.pi, lw)
    if kind == "marine":  # infantry coming ashore: a wave under the cross
        y = inner.bottom - inner.h * 0.12
        pts = [(inner.left + inner.w * k / 8, y + (inner.h * 0.1 if k % 2 else 0)) for k in range(9)]
        pygame.draw.lines(s, col, False, pts, lw)
    if kind == "cavalry":
        pygame.draw.line(s, col, inner.bottomleft, inner.topright, lw)
    if kind == "engineer":  # the NATO engineer's bridge
        e = inner.inflate(-inner.w * 0.4, -inner.h * 0.4)
        pygame.draw.lines(s, col, False, [e.bottomleft, e.topleft, e.topright, e.bottomright], lw)
        pygame.draw.line(s, col, (e.centerx, e.top), (e.centerx, e.bottom), lw)
    if kind == "supply":
        y = inner.bottom - inner.h * 0.22
        pygame.draw.line(s, col, (inner.left, y), (inner.right, y), lw)
    if kind == "fort":  # a crenellated wall
        base = inner.bottom - inner.h * 0.1
        top = inner.top + inner.h * 0.3
        x0, x1 = inner.left + inner.w * 0.12, inner.right - inner.w * 0.12
        pts = [(x0, base), (x0, inner.top + inner.h * 0.12)]
        n = 5
        for k in range(n):
            xa = x0 + (x1 - x0) * k / n
            xb = x0 + (x1 - x0) * (k + 1) / n
            y = inner.top + inner.h * 0.12 if k % 2 == 0 else top
            pts += [(xa, y), (xb, y)]
        pts += [(x1, inner.top + inner.h * 0.12), (x1, base)]
        pygame.draw.polygon(s, col, pts)
    if kind == "land":
        pygame.draw.line(s, col, (inner.left, inner.centery), (inner.right, inner.centery), lw)
    if kind == "factory":
        pts = [(inner.left, inner.bottom), (inner.left, inner.centery), (inner.centerx - inner.w * 0.15, inner.top + inner.h * 0.3),
               (inner.centerx - inner.w * 0.15, inner.centery), (inner.centerx + inner.w * 0.15, inner.top + inner.h * 0.3),
               (inner.centerx + inner.w * 0.15, inner.centery), (inner.right, inner.top), (inner.right, inner.bottom)]
        pygame.draw.polygon(s, col, pts)


def outline(fill: tuple[int, ...], size: int) -> tuple[tuple[int, int, int], int]:
    """The counter's outer edge: dark, or light and thicker when the owner's colour is
    close to the sea's (v3 Italians' blue counters vanished on blue sea zones)."""
    dist = sum((a - b) ** 2 for a, b in zip(fill[:3], theme.SEA, strict=True)) ** 0.5
    if dist < SEA_CONTRAST:
        return theme.lighten(fill, 0.7), 2 if size >= 16 else 1
    return theme.darken(fill, 0.55), 1


SEA_CONTRAST = 90  # RGB distance under which a counter needs a light edge on the sea


def counter_surface(unit_id: str, domain: str, owner_color: tuple[int, ...], size: int,
                    count: int = 1, stats: str = "", damaged: bool | int = False) -> pygame.Surface:
    """A counter chit of size x size pixels (cached). damaged: hits taken (True = 1), one
    red slash each, so a juggernaut hit twice (seed 000: 3 hits) differs from one hit once."""
    size = max(10, int(size))
    key = (unit_id, domain, tuple(owner_color), size, count, stats, int(damaged))
    surf = _CACHE.get(key)
    if surf is not None:
        return surf
    if len(_CACHE) > 3000:
        _CACHE.clear()
    surf = pygame.Surface((size + 3, size + 3), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, size, size)
    radius = max(2, size // 7)
    pygame.draw.rect(surf, (0, 0, 0, 110), body.move(2, 2), border_radius=radius)
    fill = theme.color(owner_color)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    pygame.draw.rect(surf, theme.lighten(fill, 0.35), body.inflate(-2, -2), width=1, border_radius=radius)
    edge, edge_w = outline(fill, size)
    pygame.draw.rect(surf, edge, body, width=edge_w, border_radius=radius)
    ink = theme.text_on(fill)
    sym = pygame.Rect(0, 0, size * 0.8, size * 0.62)
    sym.midtop = (size // 2, int(size * (0.08 if stats and size >= 30 else 0.18)))
    kind = symbol_kind(unit_id, domain)
    if kind in _AIR_KINDS:
        _plane(surf, sym.inflate(-size * 0.04, size * 0.06), ink, kind)
    elif kind in _SEA_KINDS:
        _hull(surf, sym, ink, kind)
    else:
        _nato(surf, sym, ink, kind)
    if stats and size >= 30:
        theme.text(surf, stats, (size // 2, size - 2), max(10, size // 3), ink, anchor="midbottom")
    width, n = max(2, size // 12), int(damaged)
    for k in range(n):  # parallel slashes centred on the diagonal
        d = int((k - (n - 1) / 2) * (width + 3))
        pygame.draw.line(surf, theme.BAD, (2 + d, size - 3 + d), (size - 3 + d, 2 + d), width)
    if count > 1 or count == 0:
        label = str(count)
        fs = max(11, int(size * 0.48))
        img = theme.font(fs, bold=True).render(label, True, (250, 250, 250))
        bw = max(img.get_width() + 6, img.get_height())
        badge = pygame.Rect(0, 0, bw, img.get_height())
        badge.topright = (size + 2, -1)
        badge.right = min(badge.right, size + 2)
        pygame.draw.rect(surf, (20, 20, 24), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surf, (240, 240, 240), badge, width=1, border_radius=badge.h // 2)
        surf.blit(img, img.get_rect(center=badge.center))
    _CACHE[key] = surf
    return surf


def draw_counter(surface: pygame.Surface, pos: tuple[float, float], unit_id: str, domain: str,
                 owner_color: tuple[int, ...], size: int, count: int = 1, stats: str = "",
                 damaged: bool | int = False, anchor: str = "center") -> pygame.Rect:
    img = counter_surface(unit_id, domain, owner_color, size, count, stats, damaged)
    rect = pygame.Rect(0, 0, size, size)
    setattr(rect, anchor, (int(pos[0]), int(pos[1])))
    surface.blit(img, rect.topleft)
    return rect
