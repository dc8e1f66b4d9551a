"""Procedural unit counters: a square chit in the owner's colour with a
NATO-style type symbol, the count in a corner badge and the stats along the bottom.

Symbols are chosen from the unit id (infantry, armour, fighter, ...) and fall
back to the unit's domain, so any ruleset gets sensible counters.
"""
from __future__ import annotations

import math

import pygame

from game.rules.model import UnitType

from . import theme, unitmarks
from .unitmarks import Mark

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
    if kind == "helicopter":
        _helicopter(s, r, col)
        return
    if kind == "airlift":
        lw = max(1, int(r.w / 16))
        canopy = pygame.Rect(0, 0, r.w * 0.42, r.h * 0.5)
        canopy.midtop = (int(r.right - r.w * 0.21), int(r.top))
        rx, ry = canopy.w / 2, canopy.h / 2
        dome = [(canopy.centerx + rx * math.cos(a / 10 * math.pi),
                 canopy.centery - ry * math.sin(a / 10 * math.pi)) for a in range(11)]
        pygame.draw.polygon(s, col, dome)                    # a filled canopy
        tip = (canopy.centerx, canopy.bottom + r.h * 0.08)
        for edge_x in (canopy.left, canopy.right):           # shroud lines
            pygame.draw.line(s, col, (edge_x, canopy.centery), tip, lw)
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


def _helicopter(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...]) -> None:
    """A helicopter from the side: a rounded cabin, a thin tail boom with a tail rotor,
    and the main rotor's blade across the top."""
    w, h = r.w, r.h
    lw = max(1, int(w / 16))
    cabin = pygame.Rect(0, 0, w * 0.42, h * 0.36)
    cabin.midleft = (int(r.left + w * 0.06), int(r.top + h * 0.56))
    pygame.draw.ellipse(s, col, cabin)
    y = cabin.centery - cabin.h * 0.15
    pygame.draw.line(s, col, (cabin.right - 2, y), (r.right - w * 0.08, y - h * 0.06), lw + 1)
    pygame.draw.circle(s, col, (int(r.right - w * 0.08), int(y - h * 0.06)), max(2, int(h * 0.1)), width=lw)
    mast_x = cabin.centerx
    pygame.draw.line(s, col, (mast_x, cabin.top), (mast_x, r.top + h * 0.18), lw)
    pygame.draw.line(s, col, (r.left + w * 0.02, r.top + h * 0.18), (r.right - w * 0.18, r.top + h * 0.18), lw + 1)
    pygame.draw.line(s, col, (cabin.left + cabin.w * 0.1, cabin.bottom + h * 0.08),
                     (cabin.right, cabin.bottom + h * 0.08), lw)   # the skids


def _hull(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...], kind: str) -> None:
    w, h = r.w, r.h
    base_y = r.top + h * 0.62
    length = {"battleship": 1.0, "carrier": 1.0, "cruiser": 0.9, "destroyer": 0.78, "frigate": 0.66,
              "transport": 0.86, "amphibious": 0.96, "submarine": 0.9, "ship": 0.9}.get(kind, 0.9)
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
    elif kind == "amphibious":   # a flat deck, the island amidships, a stern gate
        pygame.draw.rect(s, col, pygame.Rect(x0, base_y - h * 0.08, (x1 - x0) * 0.78, h * 0.09))
        pygame.draw.rect(s, col, pygame.Rect(r.centerx - w * 0.05, base_y - h * 0.3, w * 0.12, h * 0.23))
        pygame.draw.line(s, col, (x0 + w * 0.04, base_y - h * 0.14), (x0 + w * 0.16, base_y - h * 0.14),
                         max(1, int(w * 0.04)))   # the well deck's stern gate
    elif kind == "frigate":   # a small hull, one gun forward, a tall mast
        pygame.draw.rect(s, col, pygame.Rect(r.centerx - w * 0.08, base_y - h * 0.2, w * 0.2, h * 0.21))
        pygame.draw.line(s, col, (r.centerx + w * 0.02, base_y - h * 0.2), (r.centerx + w * 0.02, base_y - h * 0.46),
                         max(1, int(w * 0.04)))
        pygame.draw.line(s, col, (r.centerx - w * 0.06, base_y - h * 0.38), (r.centerx + w * 0.1, base_y - h * 0.38),
                         max(1, int(w * 0.03)))
        pygame.draw.rect(s, col, pygame.Rect(x1 - w * 0.16, base_y - h * 0.1, w * 0.08, h * 0.11))
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


def _nato(s: pygame.Surface, r: pygame.Rect, col: tuple[int, ...], mark: Mark) -> None:
    """A NATO unit frame (rectangle) with the branch symbol and its modifiers inside;
    wheels go under the frame, so a wheeled unit's frame sits a little higher."""
    wheels = "wheeled" in mark.mods or mark.kind == "lift"
    box = pygame.Rect(0, 0, r.w * 0.9, min(r.h * (0.7 if wheels else 0.8), r.w * 0.64))
    box.center = (r.centerx, r.centery - (int(r.h * 0.12) if wheels else 0))
    lw = max(1, int(r.w / 14))
    if mark.kind != "factory":
        pygame.draw.rect(s, col, box, width=lw)
    mods = mark.mods + (("wheeled",) if mark.kind == "lift" and "wheeled" not in mark.mods else ())
    unitmarks.draw_nato(s, box, col, mark.kind, mods, lw)


def outline(fill: tuple[int, ...], size: int) -> tuple[tuple[int, int, int], int]:
    """The counter's outer edge: dark, or light and thicker when the owner's colour is
    close to the sea's (v3 Italians' blue counters vanished on blue sea zones)."""
    dist = sum((a - b) ** 2 for a, b in zip(fill[:3], theme.SEA, strict=True)) ** 0.5
    if dist < SEA_CONTRAST:
        return theme.lighten(fill, 0.7), 2 if size >= 16 else 1
    return theme.darken(fill, 0.55), 1


SEA_CONTRAST = 90  # RGB distance under which a counter needs a light edge on the sea


LABEL_MIN = 28   # smallest counter (pixels) that shows its type label


def mark_for(unit: str | UnitType, domain: str) -> Mark:
    """The marks of a unit type; a bare id (a type the ruleset does not know) gets the
    picture its id suggests, without modifiers or label."""
    if isinstance(unit, UnitType):
        return unitmarks.mark_of(unit)
    return Mark(symbol_kind(unit, domain))


def layout(size: int, badge: bool = False) -> tuple[pygame.Rect, pygame.Rect]:
    """(top band, symbol area) of a counter: the band holds the type label on the left
    and the count badge on the right, so a badge never covers the symbol. A counter too
    small for a label has no band unless it shows a count: its symbol fills it."""
    if size >= LABEL_MIN:
        band = pygame.Rect(1, 1, size - 2, int(size * 0.3))
    elif badge:
        band = pygame.Rect(1, 1, size - 2, min(theme.font(_badge_font(size), bold=True).get_height() - 2,
                                               int(size * 0.45)))
    else:
        band = pygame.Rect(1, 1, size - 2, int(size * 0.08))
    sym = pygame.Rect(0, 0, int(size * 0.84), size - band.bottom - max(1, size // 16))
    sym.midtop = (size // 2, band.bottom + 1)
    return band, sym


def badge_rect(size: int, count: int) -> pygame.Rect:
    """Where the count badge of a counter of this size sits (counter coordinates)."""
    band, _ = layout(size, True)
    img_w, img_h = theme.font(_badge_font(size), bold=True).size(str(count))
    badge = pygame.Rect(0, 0, max(img_w + 6, img_h), min(img_h, band.h + 1))
    badge.topright = (size + 1, 0)
    return badge


def _badge_font(size: int) -> int:
    return max(10, int(size * 0.4))


def counter_surface(unit: str | UnitType, domain: str, owner_color: tuple[int, int, int], size: int,
                    count: int = 1, stats: str = "", damaged: bool | int = False) -> pygame.Surface:
    """A counter chit of size x size pixels (cached): the unit's picture (unitmarks), its
    type label from LABEL_MIN pixels up, the count in a badge in the top band. damaged:
    hits taken (True = 1), one red slash each, so a juggernaut hit twice (seed 000: 3 hits)
    differs from one hit once. `unit` is a unit type, or an id when the type is unknown."""
    size = max(10, int(size))
    mark = mark_for(unit, domain)
    key = (mark, domain, tuple(owner_color), size, count, stats, int(damaged))
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
    shows_count = count > 1 or count == 0
    band, sym = layout(size, shows_count)
    if stats and size >= 30:
        sym.h -= size // 3
        theme.text(surf, stats, (size // 2, size - 2), max(10, size // 3), ink, anchor="midbottom")
    _picture(surf, sym, ink, mark, domain)
    badge = badge_rect(size, count) if shows_count else None
    if mark.label and size >= LABEL_MIN:
        room = band.w - 2 - (badge.w if badge is not None else 0)
        _label(surf, mark.label, pygame.Rect(band.x + 2, band.y, room, band.h), ink,
               centred=badge is None)
    width, n = max(2, size // 12), int(damaged)
    for k in range(n):  # parallel slashes centred on the diagonal
        d = int((k - (n - 1) / 2) * (width + 3))
        pygame.draw.line(surf, theme.BAD, (2 + d, size - 3 + d), (size - 3 + d, 2 + d), width)
    if badge is not None:
        img = theme.font(_badge_font(size), bold=True).render(str(count), True, (250, 250, 250))
        pygame.draw.rect(surf, (20, 20, 24), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surf, (240, 240, 240), badge, width=1, border_radius=badge.h // 2)
        surf.blit(img, img.get_rect(center=badge.center))
    _CACHE[key] = surf
    return surf


def _picture(surf: pygame.Surface, sym: pygame.Rect, ink: tuple[int, ...], mark: Mark, domain: str) -> None:
    if mark.kind in _AIR_KINDS or mark.kind == "helicopter":
        _plane(surf, sym.inflate(-sym.w * 0.05, 0), ink, mark.kind)
    elif mark.kind in _SEA_KINDS or mark.kind in ("frigate", "amphibious"):
        _hull(surf, sym.move(0, -sym.h * 0.12), ink, mark.kind)
    else:
        _nato(surf, sym, ink, mark)


def _label(surf: pygame.Surface, label: str, room: pygame.Rect, ink: tuple[int, ...], centred: bool) -> None:
    """The type label in the top band, as large as fits."""
    fs = _label_font(label, room.w, room.h)
    surf.set_clip(room.inflate(2, 2) if not centred else None)
    if centred:
        theme.text(surf, label, (surf.get_width() // 2 - 1, room.centery + 1), fs, ink, anchor="center", bold=True)
    else:
        theme.text(surf, label, (room.left, room.centery + 1), fs, ink, anchor="midleft", bold=True)
    surf.set_clip(None)


_LABEL_FONTS: dict[tuple[str, int, int], int] = {}


def _label_font(label: str, w: int, h: int) -> int:
    """The largest font size (8 at least) at which the label fits w pixels (cached)."""
    key = (label, w, h)
    fs = _LABEL_FONTS.get(key)
    if fs is None:
        fs = max(8, int(h * 1.25))
        while fs > 8 and theme.text_width(label, fs, bold=True) > w:
            fs -= 1
        if len(_LABEL_FONTS) > 5000:
            _LABEL_FONTS.clear()
        _LABEL_FONTS[key] = fs
    return fs


def draw_counter(surface: pygame.Surface, pos: tuple[float, float], unit: str | UnitType, domain: str,
                 owner_color: tuple[int, int, int], size: int, count: int = 1, stats: str = "",
                 damaged: bool | int = False, anchor: str = "center") -> pygame.Rect:
    img = counter_surface(unit, domain, owner_color, size, count, stats, damaged)
    rect = pygame.Rect(0, 0, size, size)
    setattr(rect, anchor, (int(pos[0]), int(pos[1])))
    surface.blit(img, rect.topleft)
    return rect


def draw_spread(surface: pygame.Surface, anchor: pygame.Rect, chits: list[pygame.Surface], view: pygame.Rect,
                caption: str = "") -> pygame.Rect:
    """A hovered stack spread out (as VASSAL's stack viewer does): its counters side by
    side on a dark tray above `anchor` (below it when there is no room above), inside
    `view`, at most eight a row. Returns the tray's rect."""
    if not chits:
        return pygame.Rect(anchor.center, (0, 0))
    gap = 4
    cw = max(c.get_width() for c in chits)
    ch = max(c.get_height() for c in chits)
    per_row = min(len(chits), 8)
    rows = (len(chits) + per_row - 1) // per_row
    cap_h = 16 if caption else 0
    tray = pygame.Rect(0, 0, per_row * (cw + gap) + gap, rows * (ch + gap) + gap + cap_h)
    tray.midbottom = (anchor.centerx, anchor.top - 6)
    if tray.top < view.top:
        tray.midtop = (anchor.centerx, anchor.bottom + 6)
    tray.clamp_ip(view)
    theme.panel(surface, tray, fill=theme.PANEL, radius=6)
    if caption:
        theme.text(surface, caption, (tray.x + gap + 2, tray.y + 2), 14, theme.TEXT_DIM)
    for k, chit in enumerate(chits):
        r, c = divmod(k, per_row)
        surface.blit(chit, (tray.x + gap + c * (cw + gap), tray.y + cap_h + gap + r * (ch + gap)))
    return tray
