"""Point-in-polygon and box-crossing tests on a space's outline, fast on big maps.

An imported Global 1940 map has outlines of hundreds of points, and laying out its
counters at a new zoom level asks thousands of such questions: testing every edge each
time made a zoom step take 400 ms (issue #45). A `PolygonIndex` sorts the edges into
horizontal bands once; a question reads only the edges of the bands it touches. The
answers are exactly those of the plain loops (`point_in_polygon`, `crosses`): the same
edges that can matter, the same arithmetic on each.
"""
from __future__ import annotations

import math

Point = tuple[float, float]
Segment = tuple[float, float, float, float]


def point_in_polygon(x: float, y: float, poly: tuple[Point, ...]) -> bool:
    """Even-odd rule: does (x, y) lie inside `poly`?"""
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            inside = not inside
        j = i
    return inside


def crosses(segs: list[Segment] | tuple[Segment, ...], x0: float, y0: float, x1: float, y1: float) -> bool:
    """Does any segment (ax, ay, bx, by) meet the box x0..x1, y0..y1?"""
    for ax, ay, bx, by in segs:
        if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
            continue
        if x0 <= ax <= x1 and y0 <= ay <= y1:
            return True
        # the segment's line against the box's corners: all on one side -> no crossing
        dx, dy = bx - ax, by - ay
        sides = [dx * (cy - ay) - dy * (cx - ax) for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        if min(sides) <= 0 <= max(sides):
            return True
    return False


class PolygonIndex:
    """The edges of one polygon in horizontal bands. Edge k joins poly[k-1] to poly[k]
    (as `point_in_polygon` walks them); an edge is listed in every band its y-range meets,
    so the edges a horizontal line at y can cross are all in y's band."""
    __slots__ = ("_y0", "_y1", "_h", "_n", "_bands")

    def __init__(self, poly: tuple[Point, ...]):
        ys = [p[1] for p in poly] or [0.0]
        self._y0, self._y1 = min(ys), max(ys)
        nb = self._n = max(1, min(256, len(poly) // 4))
        self._h = (self._y1 - self._y0) / nb or 1.0
        bands: list[list[Segment]] = [[] for _ in range(nb)]
        for k in range(len(poly)):
            (xj, yj), (xi, yi) = poly[k - 1], poly[k]
            for b in range(self._band(min(yi, yj)), self._band(max(yi, yj)) + 1):
                bands[b].append((xj, yj, xi, yi))   # as `crosses` takes them: from poly[k-1]
        self._bands = [tuple(b) for b in bands]

    def _band(self, y: float) -> int:
        # monotonic in y, so an edge's bands run from its lower end's band to its upper's
        return max(0, min(self._n - 1, math.floor((y - self._y0) / self._h)))

    def contains(self, x: float, y: float) -> bool:
        """point_in_polygon(x, y, poly), reading one band."""
        if y < self._y0 or y >= self._y1:
            return False   # no edge has min(y) <= y < max(y)
        inside = False
        for xj, yj, xi, yi in self._bands[self._band(y)]:
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
                inside = not inside
        return inside

    def crosses(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """crosses(the polygon's edges, box), reading the bands the box spans."""
        if y1 < self._y0 or y0 > self._y1:
            return False
        for b in range(self._band(y0), self._band(y1) + 1):
            # an edge in several bands may be tested twice: the answer is the same
            if crosses(self._bands[b], x0, y0, x1, y1):
                return True
        return False
