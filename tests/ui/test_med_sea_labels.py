"""Mediterranean 1940: a sea zone's name never covers an island or the island's name
(Corsica under "Ligurian Sea", Malta under "Malta Channel" were unreadable). The map's
generator, tools/build_mediterranean_1940.py, moves sea names clear (mapgen.clear_sea_labels);
this checks the result as the game's renderer lays it out."""
from __future__ import annotations

import pytest

from game.rules.ruleset import load_scenario
from game.ui.maprender import MapRenderer


def _overlap(a, b, slack: float) -> bool:
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@pytest.mark.parametrize("window_w", [1600, 2400])   # the default window and a large one
def test_sea_names_keep_off_islands_and_their_names(window_w):
    r = MapRenderer(load_scenario("mediterranean_1940"))
    scale = (window_w - 390) * 0.96 / r.world_size[0]     # the map fitted beside the side panel
    slack = 2 / scale                                      # name boxes have 2 px of padding
    islands = {i for sid, sp in r.scenario.spaces.items() if sp.is_sea for i in r.islands(sid)}
    assert {"corsica", "malta", "crete", "sicily"} <= islands
    bad = []
    for sid, sp in r.scenario.spaces.items():
        if not sp.is_sea:
            continue
        x0, y0, x1, y1 = name = r._label_box(sid, scale)
        probe = [(x0 + (x1 - x0) * k / 8, y) for k in range(9) for y in (y0, (y0 + y1) / 2, y1)]
        for other in islands:
            poly = [p for ring in r.scenario.spaces[other].outlines for p in ring]
            if _overlap(name, r._label_box(other, scale), slack) or any(_inside(p, poly) for p in probe):
                bad.append((sid, other))
    assert not bad, f"sea names over islands at scale {scale:.2f}: {bad}"


@pytest.mark.parametrize("window_w", [1600, 2400])
def test_no_two_names_overlap(window_w):
    # "French Alps" ran into "Switzerland", "Alexandria" into "Western Desert" (the
    # generator places their labels: tools/build_mediterranean_1940.py `label=`)
    r = MapRenderer(load_scenario("mediterranean_1940"))
    scale = (window_w - 390) * 0.96 / r.world_size[0]
    slack = 3 / scale
    ids = list(r.scenario.spaces)
    boxes = {i: r._label_box(i, scale) for i in ids}
    bad = [(a, b) for k, a in enumerate(ids) for b in ids[k + 1:] if _overlap(boxes[a], boxes[b], slack)]
    assert not bad, f"names overlap at scale {scale:.2f}: {bad}"
