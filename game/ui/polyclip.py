"""Polygons cut to a rectangle (Sutherland-Hodgman, vectorised), for drawing map tiles.

pygame fills a polygon scanline by scanline over its whole height, testing every edge
on each line, whatever the surface's size or clip: a 256-pixel tile under a sea zone
a few thousand pixels tall with hundreds of vertices cost milliseconds per polygon.
Cut to a rectangle a little larger than the tile, the same fill inside the tile costs
the tile's height times the few edges that cross it.
"""
from __future__ import annotations

import numpy as np


def clip_to_rect(pts: np.ndarray, left: int, top: int, right: int, bottom: int) -> np.ndarray:
    """The part of polygon `pts` (n x 2) inside [left, right] x [top, bottom], as a
    polygon of whole pixels (k x 2 int32, k == 0 when nothing is inside). The original
    vertices stay where they are; only the points where edges cross the rectangle's
    sides are new (rounded to the nearest pixel)."""
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    if x0 >= left and y0 >= top and x1 <= right and y1 <= bottom:
        return pts
    if x1 < left or y1 < top or x0 > right or y0 > bottom:
        return pts[:0]
    p = pts.astype(np.float64)
    for axis, value, keep_above in ((0, left, True), (0, right, False), (1, top, True), (1, bottom, False)):
        v = p[:, axis]
        inside = v >= value if keep_above else v <= value
        if inside.all():
            continue
        if not inside.any():
            return pts[:0]
        prev = np.concatenate((p[-1:], p[:-1]))
        crossing = inside != np.concatenate((inside[-1:], inside[:-1]))
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (value - prev[:, axis]) / (v - prev[:, axis])
            cut = prev + t[:, None] * (p - prev)
        cut[:, axis] = value
        # per edge prev -> p: the crossing point (when it crosses), then p (when inside)
        both = np.stack([cut, p], axis=1)
        p = both[np.stack([crossing, inside], axis=1)]
    return np.rint(p).astype(np.int32)
