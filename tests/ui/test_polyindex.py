"""The banded edge index answers exactly as the plain loops (issue #45: zoom steps on big
imported maps spent their time in point-in-polygon tests)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.polyindex import PolygonIndex, crosses, point_in_polygon

coord = st.floats(-50, 50, allow_nan=False, allow_infinity=False)
polygons = st.lists(st.tuples(coord, coord), min_size=3, max_size=80).map(tuple)


@settings(max_examples=200, deadline=None)
@given(polygons, st.lists(st.tuples(coord, coord), min_size=1, max_size=30))
def test_contains_is_point_in_polygon(poly, points):
    idx = PolygonIndex(poly)
    # the polygon's own vertices and edge heights are the hard cases
    points = points + list(poly) + [(x + 0.5, y) for x, y in poly]
    for x, y in points:
        assert idx.contains(x, y) == point_in_polygon(x, y, poly)


@settings(max_examples=200, deadline=None)
@given(polygons, st.lists(st.tuples(coord, coord, st.floats(0, 20), st.floats(0, 20)), min_size=1, max_size=20))
def test_crosses_is_the_plain_box_test(poly, boxes):
    idx = PolygonIndex(poly)
    segs = [(*poly[k - 1], *poly[k]) for k in range(len(poly))]
    for x, y, w, h in boxes:
        assert idx.crosses(x, y, x + w, y + h) == crosses(segs, x, y, x + w, y + h)


def test_a_big_outline_agrees_on_a_grid():
    rng = random.Random(45)
    # a star-shaped outline of 600 points, like an imported coast
    import math
    poly = tuple((500 + (200 + rng.uniform(-60, 60)) * math.cos(2 * math.pi * k / 600),
                  400 + (200 + rng.uniform(-60, 60)) * math.sin(2 * math.pi * k / 600)) for k in range(600))
    idx = PolygonIndex(poly)
    for i in range(0, 1000, 7):
        for j in range(0, 800, 7):
            assert idx.contains(i, j) == point_in_polygon(i, j, poly)
