"""The map's colours that must never be mistaken for one another: nations, the sea and
the highlights (issue #44 item 3).

Highlights are drawn as outlines, hatching and markers, never as fills, in colours kept
far from every nation's; a nation's colour too close to the sea or to another nation's
(an imported map's slate blue beside the sea) is moved away, lighter or darker, for
the whole interface (`nation_color`).
"""
from __future__ import annotations

import math

import pygame

from game.rules.model import Scenario

from . import theme

RGB = tuple[int, int, int]

# highlight colours: none of them a nation's (checked by nation_colors and by a test)
MOVE = (250, 250, 250)      # a destination: white dashed outline
ATTACK = (255, 40, 40)      # an attack: red outline and red hatching
BOARD = (110, 214, 236)     # a sea zone to board: cyan outline, an anchor
PLACE = (170, 255, 60)      # a placement space: lime outline, a plus
DROP = (255, 80, 220)       # an air drop: pink outline, a parachute
RETREAT = (255, 150, 40)    # hex maps: a retreat hex (orange outline, arrow)
ADVANCE = (90, 255, 160)    # hex maps: advance after combat (mint outline, chevron)
HIGHLIGHTS = (MOVE, ATTACK, BOARD, PLACE, DROP, RETREAT, ADVANCE)
# the marker beside a highlighted space's name, for the kinds an outline alone does not name
MARKERS = {BOARD: "anchor", PLACE: "plus", DROP: "chute", RETREAT: "arrow", ADVANCE: "chevron"}

SEA_MIN = 80        # redmean distance a nation keeps from the sea
NATION_MIN = 70     # ... from every other nation
HIGHLIGHT_MIN = 120  # ... from every highlight colour


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The 'redmean' colour distance: RGB weighted the way the eye weighs it (0..~765)."""
    r = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return float(((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db) ** 0.5)


_CACHE: dict[tuple, dict[str, RGB]] = {}


def nation_colors(scenario: Scenario) -> dict[str, RGB]:
    """Every player's map colour, in turn order: its own, or, when that is too close to
    the sea, to a nation before it or to a highlight, the first lighter (else darker)
    shade that is not (the one farthest from them all when none is)."""
    key = (scenario.background, tuple((p.id, p.color) for p in scenario.players))
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    seas = [theme.SEA, theme.color(scenario.background, theme.SEA)]
    out: dict[str, RGB] = {}
    for p in scenario.players:
        base = theme.color(p.color)
        out[p.id] = _separate(base, seas, list(out.values()))
    _CACHE[key] = out
    return out


def nation_color(scenario: Scenario, player: str) -> RGB:
    """A player's map colour (nation_colors); a player the scenario lacks: neutral grey."""
    return nation_colors(scenario).get(player, theme.NEUTRAL)


def _separate(base: RGB, seas: list[RGB], others: list[RGB]) -> RGB:
    def margin(c: RGB) -> float:
        """How far c is inside every limit (negative: it breaks one)."""
        return min([distance(c, s) - SEA_MIN for s in seas] + [distance(c, o) - NATION_MIN for o in others]
                   + [distance(c, h) - HIGHLIGHT_MIN for h in HIGHLIGHTS])
    if margin(base) >= 0:
        return base
    # lighter shades first (land reads lighter than the sea), then darker ones
    shades = [theme.lighten(base, t / 10) for t in range(1, 7)] + [theme.darken(base, t / 10) for t in range(1, 6)]
    for c in shades:
        if margin(c) >= 0:
            return c
    # a crowded map (Global 1940: 15 players, five neutral kinds in pale tones): tint the
    # colour toward another hue, the least tint that keeps every limit
    tinted = [theme.mix(base, hue, t / 10) for t in range(2, 6) for hue in _TINTS]
    for c in tinted:
        if margin(c) >= 0:
            return c
    return max(shades + tinted, key=margin)


_TINTS: tuple[RGB, ...] = ((200, 60, 60), (60, 160, 80), (70, 90, 200), (200, 170, 40), (150, 70, 170),
                           (40, 170, 170))


def draw_marker(surface: pygame.Surface, center: tuple[int, int], marker: str, col: tuple[int, ...],
                r: int = 9) -> None:
    """A round dark marker with a glyph in the highlight's colour: anchor (board a ship),
    plus (place), chute (air drop), arrow (retreat), chevron (advance), hatch (attack),
    ring (destination)."""
    x, y = center
    pygame.draw.circle(surface, (15, 15, 15), center, r + 1)
    pygame.draw.circle(surface, col, center, r + 1, width=1)
    w = max(2, r // 4)
    if marker == "anchor":
        pygame.draw.line(surface, col, (x, y - r * 0.6), (x, y + r * 0.55), w)
        pygame.draw.line(surface, col, (x - r * 0.35, y - r * 0.3), (x + r * 0.35, y - r * 0.3), w)
        pygame.draw.arc(surface, col, pygame.Rect(x - r * 0.6, y - r * 0.3, r * 1.2, r * 0.9), math.pi, 2 * math.pi, w)
    elif marker == "plus":
        pygame.draw.line(surface, col, (x - r * 0.55, y), (x + r * 0.55, y), w + 1)
        pygame.draw.line(surface, col, (x, y - r * 0.55), (x, y + r * 0.55), w + 1)
    elif marker == "chute":
        canopy = pygame.Rect(x - r * 0.6, y - r * 0.65, r * 1.2, r * 0.9)
        pygame.draw.arc(surface, col, canopy, 0, math.pi, w)
        for dx in (-0.55, 0.55):
            pygame.draw.line(surface, col, (x + r * dx, y - r * 0.2), (x, y + r * 0.55), 1)
        pygame.draw.circle(surface, col, (x, int(y + r * 0.55)), max(1, r // 5))
    elif marker == "arrow":
        pygame.draw.line(surface, col, (x + r * 0.5, y), (x - r * 0.3, y), w)
        pygame.draw.polygon(surface, col, [(x - r * 0.6, y), (x - r * 0.15, y - r * 0.4), (x - r * 0.15, y + r * 0.4)])
    elif marker == "chevron":
        pygame.draw.lines(surface, col, False, [(x - r * 0.45, y + r * 0.35), (x, y - r * 0.25),
                                                (x + r * 0.45, y + r * 0.35)], w + 1)
    elif marker == "hatch":
        for k in (-1, 0, 1):
            pygame.draw.line(surface, col, (x - r * 0.5 + k * r * 0.45, y + r * 0.5),
                             (x + r * 0.5 + k * r * 0.45, y - r * 0.5), 1)
    elif marker == "ring":
        pygame.draw.circle(surface, col, center, int(r * 0.55), width=w)
