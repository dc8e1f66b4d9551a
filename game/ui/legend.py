"""The map legend (key L): every mark the map draws, each beside a sample drawn by the
same code as the map, and the nations in their map colours (issue #44 item 3)."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.model import GameState

from . import counters, palette, theme

Sample = Callable[[pygame.Surface, pygame.Rect], None]
ROW_H = 30
SAMPLE_W = 44
COL_W = 420


def _space(col: tuple[int, int, int], width: int = 3, hatch: bool = False, marker: str = "",
           fill: tuple[int, int, int] = (150, 140, 110)) -> Sample:
    """A sample space: a land-coloured box with the highlight drawn as on the map."""
    def draw(s: pygame.Surface, r: pygame.Rect) -> None:
        box = r.inflate(-4, -6)
        pygame.draw.rect(s, fill, box)
        if hatch:
            clip = s.get_clip()
            s.set_clip(box)
            for k in range(box.left - box.h, box.right, 7):
                pygame.draw.line(s, col, (k, box.bottom), (k + box.h, box.top), 2)
            s.set_clip(clip)
        pygame.draw.rect(s, (15, 15, 15), box, width=width + 3)
        pygame.draw.rect(s, col, box.inflate(-1, -1), width=width)
        if marker:
            palette.draw_marker(s, (box.left + 9, box.centery), marker, col, 7)
    return draw


def _icon(kind: str) -> Sample:
    def draw(s: pygame.Surface, r: pygame.Rect) -> None:
        c = r.center
        if kind == "star":
            theme.star(s, c, 8, theme.ACCENT)
        elif kind == "capital":
            pygame.draw.circle(s, (250, 250, 250), c, 8)
            pygame.draw.circle(s, (200, 60, 60), c, 6)
            pygame.draw.circle(s, (250, 250, 250), c, 3)
        elif kind == "value":
            b = pygame.Rect(0, 0, 20, 14)
            b.center = c
            pygame.draw.rect(s, (250, 246, 228), b, border_radius=7)
            theme.text(s, "3", b.center, 13, (40, 32, 20), anchor="center", bold=True)
        elif kind == "supply":
            pygame.draw.circle(s, (240, 150, 40), c, 9)
            theme.text(s, "S", (c[0], c[1] + 1), 16, (20, 20, 20), anchor="center", bold=True)
        elif kind == "battle":
            box = r.inflate(-4, -6)
            pygame.draw.rect(s, (150, 140, 110), box)
            pygame.draw.rect(s, theme.BAD, box, width=3)
            pygame.draw.circle(s, theme.BAD, box.center, 8)
            for d in (-1, 1):
                pygame.draw.line(s, (255, 255, 255), (c[0] - 4 * d, c[1] - 4), (c[0] + 4 * d, c[1] + 4), 2)
        elif kind == "impassable":
            box = r.inflate(-4, -6)
            pygame.draw.rect(s, theme.IMPASSABLE, box)
            clip = s.get_clip()
            s.set_clip(box)
            for k in range(box.left - box.h, box.right, 9):
                pygame.draw.line(s, theme.darken(theme.IMPASSABLE, 0.25), (k, box.bottom), (k + box.h, box.top), 2)
            s.set_clip(clip)
        elif kind == "factory":
            from .maprender import MapRenderer
            MapRenderer._factory_icon(s, c, 14)
        elif kind == "front":
            for t0 in range(r.left + 4, r.right - 4, 12):
                pygame.draw.line(s, (200, 30, 30), (t0, c[1]), (min(t0 + 8, r.right - 4), c[1]), 3)
        elif kind in ("airfield", "port"):
            from .hex.render import HexRenderer
            draw_icon = HexRenderer._airfield if kind == "airfield" else HexRenderer._anchor
            draw_icon(s, c, 18, (32, 80, 192))
        elif kind == "hover":
            box = r.inflate(-4, -6)
            pygame.draw.rect(s, (150, 140, 110), box)
            pygame.draw.rect(s, (240, 240, 240), box, width=1)
    return draw


def _counter(state: GameState, count: int = 1, damaged: int = 0) -> Sample:
    """A sample counter of the ruleset's first land unit, at the size that shows labels."""
    ut = next((u for u in state.ruleset.units.values() if u.domain == "land"), None)

    def draw(s: pygame.Surface, r: pygame.Rect) -> None:
        size = counters.LABEL_MIN
        img = counters.counter_surface(ut or "infantry", "land", (110, 116, 128), size, count, damaged=damaged)
        s.blit(img, (r.centerx - size // 2, r.centery - size // 2))
    return draw


def _swatch(col: tuple[int, int, int]) -> Sample:
    def draw(s: pygame.Surface, r: pygame.Rect) -> None:
        theme.swatch(s, r.inflate(-8, -8), col)
    return draw


def entries(state: GameState, hexmap: bool) -> list[tuple[Sample, str]]:
    """(sample, what it means) for every mark of this kind of map, then the nations."""
    out: list[tuple[Sample, str]] = [
        (_space(palette.MOVE, 2), "Can move there (white outline)"),
        (_space(palette.ATTACK, 2, hatch=True), "Attack: enemy space or hex (red hatching)"),
    ]
    if hexmap:
        out += [
            (_space(palette.ATTACK, 3), "Chosen attacker (red outline)"),
            (_space(palette.DROP, 2, marker="chute"), "Air drop / air transport destination"),
            (_space(palette.RETREAT, 2, marker="arrow"), "Retreat choice (white ring: the rules' proposal)"),
            (_space(palette.ADVANCE, 3, marker="chevron"), "Advance after combat"),
            (_space((25, 25, 25), 1, hatch=True), "Enemy zone of control (dark hatching)"),
            (_space(theme.BAD, 4), "Stack choosing its losses"),
            (_space(theme.SELECT, 3), "Selected hex"),
            (_icon("star"), "Objective hex"),
            (_icon("front"), "Front: where hexes of enemies meet (dashed red)"),
            (_icon("airfield"), "Airfield"),
            (_icon("port"), "Port"),
            (_hex_chit(depth=3), "Stack: the count left of the top counter; hover spreads it"),
            (_hex_chit(oos=True), "Out of supply (red corner)"),
            (_hex_chit(disrupted=True), "Disrupted after an air drop (D)"),
            (_hex_chit(damage=1), "Reduced: cadre side (white band)"),
        ]
    else:
        out += [
            (_space(palette.BOARD, 3, marker="anchor"), "Sea zone to board a transport"),
            (_space(palette.PLACE, 3, marker="plus"), "Place new units here"),
            (_space(palette.DROP, 3, marker="chute"), "Air drop destination"),
            (_space(theme.SELECT, 4), "Selected space"),
            (_icon("hover"), "Space under the mouse"),
            (_icon("battle"), "Battle to fight (red outline, crossed swords)"),
            (_icon("value"), "Income of the territory"),
            (_icon("star"), "Victory city"),
            (_icon("factory"), "Factory (units are placed here)"),
            (_icon("capital"), "Capital (in its owner's colour)"),
            (_icon("impassable"), "Impassable (pale, hatched)"),
            (_counter(state), "Counter: type label, NATO symbol or silhouette"),
            (_counter(state, count=4), "Count of units of that type (hover a pile to spread it)"),
            (_counter(state, damaged=1), "Damaged (one red slash per hit)"),
        ]
        if state.ruleset.supply is not None:
            out.append((_icon("supply"), "Out of supply"))
    for p in state.scenario.players:
        out.append((_swatch(palette.nation_color(state.scenario, p.id)), p.name))
    return out


def _hex_chit(depth: int = 1, oos: bool = False, disrupted: bool = False, damage: int = 0) -> Sample:
    def draw(s: pygame.Surface, r: pygame.Rect) -> None:
        from .hex import counters as hexcounters
        ut = _sample_unit()
        chit = pygame.Rect(0, 0, 26, 26)
        chit.center = (r.centerx + 8, r.centery)
        hexcounters.draw_stack(s, chit.center, ut, (110, 116, 128), 26, depth, oos=oos,
                               damage=damage, disrupted=disrupted)
    return draw


def _sample_unit():
    from game.rules.model import UnitType
    return UnitType("infantry", "Infantry division", "land", 1, 3, 4, 4, hits=2, damaged=((1, 2),),
                    classes=("infantry",), re=3.0)


def rect_for(n: int, view: pygame.Rect) -> pygame.Rect:
    """The legend panel: top left of the map view, in two columns when long."""
    cols = 1 if n * ROW_H + 50 <= view.h - 120 else 2
    rows = (n + cols - 1) // cols
    rect = pygame.Rect(0, 0, cols * COL_W + 20, rows * ROW_H + 46)
    rect.topleft = (view.x + 12, view.y + 48)
    return rect


def draw(surface: pygame.Surface, view: pygame.Rect, state: GameState, hexmap: bool) -> pygame.Rect:
    """The legend panel over the map; returns its rect."""
    items = entries(state, hexmap)
    rect = rect_for(len(items), view)
    theme.panel(surface, rect, radius=8)
    theme.text(surface, "Map legend", (rect.x + 12, rect.y + 10), 22, theme.ACCENT, bold=True)
    theme.text(surface, "L: close", (rect.right - 12, rect.y + 14), 16, theme.TEXT_DIM, anchor="topright")
    cols = 1 if rect.w < 2 * COL_W else 2
    rows = (len(items) + cols - 1) // cols
    for k, (sample, text) in enumerate(items):
        c, r = divmod(k, rows)
        x, y = rect.x + 12 + c * COL_W, rect.y + 40 + r * ROW_H
        sample(surface, pygame.Rect(x, y, SAMPLE_W, ROW_H - 2))
        theme.text(surface, theme.elide(text, COL_W - SAMPLE_W - 20, 17), (x + SAMPLE_W + 8, y + ROW_H // 2 - 1), 17, theme.TEXT,
                   anchor="midleft")
    return rect
