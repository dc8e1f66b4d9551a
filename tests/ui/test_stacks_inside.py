"""Issue #4 a): at the normal (fit) zoom the counters of a space stay inside it, at the
three usual window sizes, on the start positions and in a mid-game position. A space too
small for even one pile shows its counters beside it with a leader line (Malta, Crete,
the Pacific islands at the world map's fit zoom): then the group lies clear of the space.
"""
from __future__ import annotations

import pytest

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.selfplay import play_out
from game.ui.camera import Camera
from game.ui.game_scene import GameScene
from game.ui.maprender import MapRenderer
from game.ui.polyindex import point_in_polygon

SIZES = ((1024, 640), (1280, 720), (1920, 1080))


def _inside(sp, wx: float, wy: float) -> bool:
    return any(point_in_polygon(wx, wy, poly) for poly in (sp.polygon, *sp.extra_polygons))


def spills(state, size: tuple[int, int]) -> list[str]:
    """Counters (space, screen rect) reaching over their space's border: a 5x5 grid of
    points over each counter, 3 px in from its edges (its rounded corners and a pixel
    of rounding), must lie inside the space's outline."""
    sc = state.scenario
    r = MapRenderer(sc)
    cam = Camera(r.world_size, GameScene.map_view(size))
    bad = []
    for sid, sp in sc.spaces.items():
        placed = r.map_counters(state, sid, cam)
        if not placed:
            continue
        x0, y0, x1, y1 = r.bounds[sid]
        sx0, sy0 = cam.to_screen(x0, y0)
        sx1, sy1 = cam.to_screen(x1, y1)
        group = placed[0][0].unionall([rc for rc, _ in placed[1:]])
        if not group.colliderect((sx0, sy0, sx1 - sx0, sy1 - sy0)):
            continue  # beside the space, with a leader line (a tiny island)
        for rect, it in placed:
            pad = 3.0
            for i in range(5):
                for j in range(5):
                    px = rect.x + pad + (rect.w - 2 * pad) * i / 4
                    py = rect.y + pad + (rect.h - 2 * pad) * j / 4
                    if not _inside(sp, *cam.to_world(px, py)):
                        bad.append(f"{sid} {it.utype}x{it.count} at {tuple(rect)}")
                        break
                else:
                    continue
                break
    return bad


def _start(scenario: str):
    sc = load_scenario(scenario)
    return Session(sc, load_ruleset(sc.ruleset_id), 1).state


@pytest.mark.parametrize("scenario", ["mediterranean_1940", "europe_1941", "world_war_ii_v3_1941",
                                      "sarn_gulf_2031"])
def test_start_stacks_stay_inside_their_spaces(scenario):
    # issue #4: large stacks spilled over their space's borders (North Italy's fighter in the
    # Ligurian Sea, the Alexandria Coast's ships on Egypt, Western Desert's row in Egypt)
    state = _start(scenario)
    for size in SIZES:
        assert spills(state, size) == [], size


@pytest.mark.parametrize("scenario", ["mediterranean_1940", "europe_1941"])
def test_mid_game_stacks_stay_inside_their_spaces(scenario):
    _, session = play_out(scenario, seed=3, turns=3)
    for size in SIZES:
        assert spills(session.state, size) == [], size


def test_ships_keep_off_the_coast_names():
    # issue #4: the Alexandria Coast's seven ship counters covered the names "Alexandria" and
    # "Egypt" (small coastal spaces write their names over the sea): they are piled instead
    state = _start("mediterranean_1940")
    sc = state.scenario
    r = MapRenderer(sc)
    cam = Camera(r.world_size, GameScene.map_view((1280, 720)))
    for name in ("alexandria", "egypt"):
        lx0, ly0, lx1, ly1 = r._label_box(name, cam.scale)
        a, b = cam.to_screen(lx0, ly0), cam.to_screen(lx1, ly1)
        label = (a[0], a[1], b[0] - a[0], b[1] - a[1])
        for rect, it in r.map_counters(state, "alexandria_sea", cam):
            assert not rect.colliderect(label), (name, it)


def test_battle_marker_inside_the_map():
    # a new player's game (issue #8): the Eastern Atlantic's battle marker, left of its name,
    # was cut in half by the window's edge; it goes right of the name there
    sc = load_scenario("mediterranean_1940")
    r = MapRenderer(sc)
    for size in SIZES:
        cam = Camera(r.world_size, GameScene.map_view(size))
        x0, _ = cam.to_screen(0, 0)
        x1, _ = cam.to_screen(r.world_size[0], 0)
        for sid in ("eastern_atlantic", "bay_of_biscay", "morocco", "black_sea", "soviet_union"):
            cx, cy = r.battle_icon_pos(cam, sid)
            assert x0 + 11 <= cx <= x1 - 11, (sid, size)
            assert point_in_polygon(*cam.to_world(cx, cy), sc.spaces[sid].polygon), (sid, size)


def test_a_narrow_sea_keeps_its_pile_inside():
    # issue #4: at 1024x640 the Ligurian Sea's ships do not fit clear of the names; they stood
    # beside it with a leader line onto North Italy; a pile inside the sea, over its name, reads
    # as the sea's
    state = _start("mediterranean_1940")
    sc = state.scenario
    r = MapRenderer(sc)
    cam = Camera(r.world_size, GameScene.map_view((1024, 640)))
    placed = r.map_counters(state, "ligurian_sea", cam)
    assert placed
    for rect, _it in placed:
        assert _inside(sc.spaces["ligurian_sea"], *cam.to_world(*rect.center))
