"""Issue #4 c): two adjacent spaces share a border a player can see at the fit zoom of the
usual windows. On mediterranean_1940 the Gulf of Lion and the Tyrrhenian Sea met at one
point west of the Strait of Bonifacio (1 world unit: half a pixel below 1440 px wide), and
Gibraltar's Atlantic coast was 2 px long; the map's sea seeds now give each a border.

The generated maps (tools/mapgen.py) share their borders' vertices exactly, so a shared
border is the set of edges both outlines have."""
from __future__ import annotations

import math

import pytest

from game.rules.ruleset import load_scenario
from game.ui.camera import Camera
from game.ui.game_scene import GameScene
from game.ui.maprender import MapRenderer

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
MIN_CONTACT_PX = 4.0   # a border shorter than this on screen cannot be seen as one


def _edges(sp) -> dict[frozenset, float]:
    out = {}
    for poly in (sp.polygon, *sp.extra_polygons):
        for k in range(len(poly)):
            a, b = tuple(poly[k - 1]), tuple(poly[k])
            out[frozenset((a, b))] = math.dist(a, b)
    return out


def contacts(sc) -> list[tuple[float, str, str]]:
    """(shared border length in world units, a, b) of every adjacent pair, shortest first."""
    edges = {sid: _edges(sp) for sid, sp in sc.spaces.items()}
    out = []
    for sid, sp in sc.spaces.items():
        for a in sp.adjacent:
            if a in sc.spaces and sid < a:
                out.append((sum(edges[sid][e] for e in edges[sid].keys() & edges[a].keys()), sid, a))
    return sorted(out)


@pytest.mark.parametrize("scenario", ["mediterranean_1940"])
def test_adjacent_spaces_share_a_visible_border(scenario):
    sc = load_scenario(scenario)
    r = MapRenderer(sc)
    pairs = contacts(sc)
    for size in SIZES:
        scale = Camera(r.world_size, GameScene.map_view(size)).scale
        short = [(round(length * scale, 1), a, b) for length, a, b in pairs if length * scale < MIN_CONTACT_PX]
        assert short == [], size


def test_bonifacio_and_gibraltar_contacts():
    # the two contacts issue #4 found too short, and the adjacencies kept as they were
    sc = load_scenario("mediterranean_1940")
    by_pair = {(a, b): length for length, a, b in contacts(sc)}
    assert by_pair[("gulf_of_lion", "tyrrhenian_sea")] > 15
    assert by_pair[("eastern_atlantic", "gibraltar")] > 15
    assert "gulf_of_lion" not in sc.spaces["corsica"].adjacent
    assert "sardinia" not in sc.spaces["corsica"].adjacent
    assert "western_med" in sc.spaces["tyrrhenian_sea"].adjacent
