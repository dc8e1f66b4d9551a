"""QA P3: in a narrow sea (sarn_gulf_2031 Thessa Strait) the counters that do not fit under
the name form a block near it, not a column along the border of the next zone."""
from __future__ import annotations

from game.rules.ruleset import load_scenario
from game.ui.maprender import MapRenderer


def test_thessa_strait_counters_are_a_block_near_the_name():
    r = MapRenderer(load_scenario("sarn_gulf_2031"))
    scale = 655 / r.world_size[0]          # the map at a 1024x640 window
    base = int(min(40, max(18, 26 * scale)))
    size, pts = r.counter_layout("thessa_strait", 4, base, scale, strict=True)
    assert len(pts) == 4
    xs, ys = {round(x) for x, _ in pts}, {round(y) for _, y in pts}
    assert len(xs) >= 2 and len(ys) <= 2, f"a column: {pts}"
    lx0, ly0, lx1, ly1 = r._label_box("thessa_strait", scale)
    sw = size / scale
    gap = min(abs(x + sw - lx0) for x, _ in pts)
    assert gap < 4 * sw, "the block stands away from the strait's name"
