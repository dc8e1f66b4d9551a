"""Hex geometry in axial coordinates (q, r), pointy-top layout.

A hex is named by its id "q,r" (e.g. "3,-1") everywhere a space id is used
(unit positions, owners, paths). Offset coordinates (col, row) appear only at
import/export (`from_offset`, `to_offset`: odd rows shifted right).
"""
from __future__ import annotations

import math

Hex = tuple[int, int]

# the six neighbours, clockwise from east (pointy-top): E, SE, SW, W, NW, NE
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
SQRT3 = math.sqrt(3.0)


def hex_id(q: int, r: int) -> str:
    return f"{q},{r}"


_PARSED: dict[str, Hex] = {}


def parse_hex_id(text: str) -> Hex:
    """'q,r' -> (q, r); ValueError if it is not one. Answers are kept (a few thousand
    hexes; the AI asks for them a hundred thousand times a game)."""
    kept = type(text) is str
    got = _PARSED.get(text) if kept else None
    if got is not None:
        return got
    parts = str(text).split(",")
    if len(parts) != 2:
        raise ValueError(f"not a hex id 'q,r': {text!r}")
    got = int(parts[0]), int(parts[1])
    if kept and len(_PARSED) < 100_000:
        _PARSED[text] = got
    return got


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(a: Hex, b: Hex) -> int | None:
    """Index into DIRECTIONS of b seen from a, if they are adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def side_key(a: str, b: str) -> tuple[str, str]:
    """The hexside between two adjacent hexes, independent of the order given."""
    return (a, b) if a <= b else (b, a)


def center(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Pixel centre of a pointy-top hex of circumradius `size`."""
    q, r = h
    return (origin[0] + size * SQRT3 * (q + r / 2.0), origin[1] + size * 1.5 * r)


def corners(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)
            ) -> tuple[tuple[float, float], ...]:
    cx, cy = center(h, size, origin)
    out = []
    for i in range(6):
        ang = math.radians(60 * i - 30)
        out.append((round(cx + size * math.cos(ang), 2), round(cy + size * math.sin(ang), 2)))
    return tuple(out)


def edge(h: Hex, d: int, size: float, origin: tuple[float, float] = (0.0, 0.0)
         ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of hex h's side facing direction d (for drawing hexsides)."""
    cs = corners(h, size, origin)
    # corner i sits at angle 60*i-30; the side towards direction d (angle 60*d) is
    # between corners d and d+1
    return cs[d % 6], cs[(d + 1) % 6]


def pixel_to_hex(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The hex under a pixel (for map clicks)."""
    px, py = x - origin[0], y - origin[1]
    qf = (SQRT3 / 3 * px - py / 3) / size
    rf = (2.0 / 3 * py) / size
    return axial_round(qf, rf)


def axial_round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def from_offset(col: int, row: int) -> Hex:
    """Offset (odd rows shifted right, 'odd-r') to axial."""
    return col - (row - (row & 1)) // 2, row


def to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return q + (r - (r & 1)) // 2, r
