"""The map's static layer drawn as cached tiles (game/ui/tiles.py): tiles join into
exactly the whole layer, memory stays bounded while zooming, zooming shows the old
level's tiles until the new ones are rendered; multi-part spaces; the TripleA dialog."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.ruleset import load_ruleset, load_scenario, scenario_files
from game.rules.session import Session
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.maprender import MapRenderer

HAS_V3 = any(p.stem == "world_war_ii_v3_1941" for p in scenario_files())
V3_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "triplea" / "world_war_ii_v3"


def state_of(name: str):
    sc = load_scenario(name)
    return Session(sc, load_ruleset(sc.ruleset_id), 1).state


@pytest.mark.parametrize("scale", [0.55, 1.3])
def test_tiles_join_into_the_whole_layer(scale):
    st = state_of("europe_1941")
    r = MapRenderer(st.scenario)
    whole = r.static_layer(st, scale)
    view = pygame.Rect(0, 0, *whole.get_size())
    joined = pygame.Surface(whole.get_size())
    r.tiles.draw(joined, view, (0, 0), scale, whole.get_size(), st, 1, sync=True)
    a = pygame.surfarray.array3d(whole)
    b = pygame.surfarray.array3d(joined)
    differ = (a != b).any(axis=2).sum()
    assert differ <= a.shape[0] * a.shape[1] * 0.0005, differ   # a few anti-aliased text pixels at most


def test_memory_stays_bounded_while_zooming():
    st = state_of("world_war_ii_v3_1941" if HAS_V3 else "europe_1941")
    r = MapRenderer(st.scenario)
    r.tiles.max_bytes = 8 * 1024 * 1024
    surf = pygame.Surface((1280, 800))
    cam = Camera(r.world_size, (0, 0, 1000, 800))
    peak = 0
    for i in range(40):
        cam.zoom(1.15 if (i // 10) % 2 == 0 else 1 / 1.15)
        cam.pan(37, 11)
        r.draw(surf, cam, st)
        peak = max(peak, r.tiles.nbytes)
    assert peak <= r.tiles.max_bytes


def test_zooming_refines_progressively():
    st = state_of("europe_1941")
    r = MapRenderer(st.scenario)
    surf = pygame.Surface((1280, 800))
    cam = Camera(r.world_size, (0, 0, 1000, 800))
    r.draw(surf, cam, st)                 # first frame: everything rendered at once
    first = r.tiles.rendered
    assert first > 0
    r.tiles.budget_ms = 0.0               # no time to spare: the old level stands in
    cam.zoom(1.3)
    r.draw(surf, cam, st)
    assert r.tiles.rendered - first <= 1
    r.tiles.budget_ms = 1e9
    r.draw(surf, cam, st)
    assert r.tiles.rendered - first > 1   # and the new level arrives


def test_ownership_change_redraws_at_once():
    st = state_of("europe_1941")
    r = MapRenderer(st.scenario)
    surf = pygame.Surface((1280, 800))
    cam = Camera(r.world_size, (0, 0, 1000, 800))
    r.draw(surf, cam, st)
    owners = dict(st.owners)
    owners["poland"] = "soviet_union"
    st2 = st.__class__(**{**{f: getattr(st, f) for f in st.__dataclass_fields__}, "owners": owners})
    r.tiles.budget_ms = 0.0               # even with no time to spare: never a stale owner
    r.draw(surf, cam, st2)
    before = r.tiles.rendered
    whole = MapRenderer(st.scenario).static_layer(st2, cam.scale)
    joined = pygame.Surface(whole.get_size())
    r.tiles.draw(joined, pygame.Rect(0, 0, *whole.get_size()), (0, 0), cam.scale, whole.get_size(),
                 st2, r._okey_gen)
    assert r.tiles.rendered == before     # the frame above rendered every visible tile
    x, y = (int(v * cam.scale) for v in st.scenario.spaces["poland"].polygon[0])
    x, y = x + 3, y + 3
    assert joined.get_at((x, y)) == whole.get_at((x, y))


@pytest.mark.skipif(not HAS_V3, reason="no imported v3 scenario")
def test_multi_part_space_is_hit_on_every_island():
    sc = load_scenario("world_war_ii_v3_1941")
    r = MapRenderer(sc)
    sp = sc.spaces["caroline_islands"]
    for poly in sp.outlines[:5]:
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        inside = next(((x, y) for x in range(int(min(xs)), int(max(xs)) + 1)
                       for y in range(int(min(ys)), int(max(ys)) + 1)
                       if r.space_at(x + 0.5, y + 0.5) == "caroline_islands"), None)
        assert inside is not None


@pytest.mark.skipif(not HAS_V3, reason="no imported v3 scenario")
def test_v3_hotseat_game_draws():
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    scene = app.new_game("world_war_ii_v3_1941", ())
    app.reset(scene)
    app.update(0.0)
    app.draw()
    assert scene.renderer.hits            # counters drawn at the start


@pytest.mark.skipif(not V3_DATA.exists(), reason="../shared TripleA data not present")
def test_import_dialog_imports_and_lists_the_scenario():
    from game.ui.menu import MainMenu
    from game.ui.triplea_dialog import TripleaImportDialog, imported_dir
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    app.main_menu()
    dlg = app.push(TripleaImportDialog(app, str(V3_DATA)))
    assert [g.name for g in dlg.games] == ["WW2v3-1941.xml", "WW2v3-1942.xml"]
    dlg.game_index = 1
    app.draw()
    dlg.run_import()
    assert dlg.written == imported_dir() / "world_war_ii_v3_ww2v3_1942.yaml" and dlg.written.exists()
    assert any(line.startswith("Not imported") for line in dlg.report_lines)
    app.draw()
    dlg.back()
    menu = app.top
    assert isinstance(menu, MainMenu)
    assert menu.current()[0] == str(dlg.written)
    menu.start(False)
    assert app.top.__class__.__name__ in ("GameScene", "HandoffScene")


def test_import_dialog_shows_errors(tmp_path):
    from game.ui.triplea_dialog import TripleaImportDialog
    app = App(pygame.Surface((1280, 800)))
    app.main_menu()
    dlg = app.push(TripleaImportDialog(app, str(tmp_path)))
    dlg.run_import()
    assert "not a TripleA map folder" in dlg.error and dlg.written is None
    app.draw()


def test_wrapping_map_pans_forever_and_draws_copies(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "triplea_import_tests", Path(__file__).resolve().parents[1] / "io" / "test_triplea_import.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from game.io.triplea import import_map
    from game.io.triplea_write import write
    from game.rules.ruleset import load_scenario_file
    out = write(import_map(mod.tiny_map(tmp_path, wrap=True)), tmp_path / "o" / "tiny.yaml")[0]
    sc, _ = load_scenario_file(out)
    st = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    r = MapRenderer(sc)
    surf = pygame.Surface((1280, 800))
    cam = Camera(r.world_size, (0, 0, 1280, 800))
    r.draw(surf, cam, st)
    assert cam.wrap_x and len(r.copies(cam)) >= 2     # the map is narrower than the view
    for _ in range(30):
        cam.pan(-97, 0)
        r.draw(surf, cam, st)
    assert cam.ox <= 0 < cam.ox + r.world_size[0] * cam.scale + 1
    assert r.space_at(50, 50) == r.space_at(50 + r.world_size[0], 50) == "alpha"
    assert any(sid == "alpha" for _, sid, _ in r.hits)


@pytest.mark.skipif(not HAS_V3, reason="no imported v3 scenario")
def test_v3_hotseat_move_by_clicks():
    """A move on the imported map through the interface: select Poland's units, click
    East Poland (an attack)."""
    from game.rules import actions as A
    from game.ui.game_scene import GameScene
    sc = load_scenario("world_war_ii_v3_1941")
    session = Session(sc, load_ruleset(sc.ruleset_id), 2)
    session.do(A.EndPhase())                        # purchase: nothing bought
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    game.cam.zoom(2.5)
    game.cam.center_on(*sc.spaces["poland"].center)
    app.update(0.0)
    app.draw()

    def click(sid):
        sp = sc.spaces[sid]
        x, y = game.cam.to_screen(*sp.center)
        pos = (int(x), int(y))
        assert game.space_at(pos) == sid or game.renderer.counter_at(pos)
        for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.handle(pygame.event.Event(t, pos=pos, button=1))
        app.update(0.0)
        app.draw()

    click("poland")
    assert game.sel.space == "poland"
    assert "east_poland" in game.sel.destinations(game.state, game.ctl.version)
    click("east_poland")
    assert any(u.space == "east_poland" and u.owner == "germans" for u in game.state.units.values())


def test_counters_at_a_new_zoom_are_laid_out_over_frames_within_a_budget():
    # issue #45: laying out every counter of a big map at a new zoom level stalled the zoom
    # step's frame; with a budget (the window's loop) the counters not laid out yet stand
    # where the last zoom put them, and later frames finish the job with the same result
    st = state_of("world_war_ii_v3_1941")
    screen = pygame.Surface((1280, 800))
    r = MapRenderer(st.scenario)
    cam = Camera(r.world_size, (0, 0, 1280, 800))
    r.draw(screen, cam, st)
    assert not r.layout_pending
    cam.zoom(1.25)
    exact = MapRenderer(st.scenario)
    exact.draw(screen, cam, st)
    want = {sid: exact.map_counters(st, sid, cam) for sid in st.scenario.spaces}
    r.layout_budget_ms = 0.0
    r.draw(screen, cam, st)
    assert r.layout_pending   # stand-ins this frame (the budget was spent at once)
    from game.ui.maprender import LAYOUT_STARVE
    for _ in range(LAYOUT_STARVE * (len(st.scenario.spaces) + 1)):   # one at least every few frames
        if not r.layout_pending:
            break
        r.draw(screen, cam, st)
    assert not r.layout_pending
    assert {sid: r.map_counters(st, sid, cam) for sid in st.scenario.spaces} == want


def test_a_zoom_step_scales_the_old_level_once_and_shows_it_where_it_was(monkeypatch):
    # issue #45: the zoom step's frame scaled the old level's tiles piece by piece, one
    # stand-in per missing tile (40-70 ms on the imported Global 1940 map); now one
    # backdrop of the view, scaled once, shows until the new tiles are rendered
    st = state_of("world_war_ii_v3_1941" if HAS_V3 else "europe_1941")
    r = MapRenderer(st.scenario)
    surf = pygame.Surface((1000, 700))
    cam = Camera(r.world_size, (0, 0, 1000, 700))
    cam.zoom(2.0)
    r.draw(surf, cam, st)
    scaled = []
    real = pygame.transform.scale
    monkeypatch.setattr(pygame.transform, "scale", lambda *a, **k: scaled.append(1) or real(*a, **k))
    r.tiles.budget_ms = 0.0
    cam.zoom(1.25)
    before = r.tiles.rendered
    r.draw(surf, cam, st)
    step = surf.copy()
    assert len(scaled) == 1 and r.tiles.rendered == before   # nothing rendered, one scaling
    r.draw(surf, cam, st)
    assert len(scaled) == 1   # the next frames reuse it
    r.tiles.budget_ms = 1e9
    r.draw(surf, cam, st)
    assert r.tiles.rendered > before
    # the backdrop stands where the new level's tiles are: most pixels already the same
    same = sum(step.get_at((x, y)) == surf.get_at((x, y)) for x in range(0, 1000, 10) for y in range(0, 700, 10))
    assert same > 0.6 * 100 * 70


def test_counter_images_are_made_once_per_zoom_not_every_frame(monkeypatch):
    # the imported Global 1940 map shows ~250 counters: building each one's image key every
    # frame cost milliseconds of every panning frame
    from game.ui import maprender
    st = state_of("world_war_ii_v3_1941" if HAS_V3 else "europe_1941")
    r = MapRenderer(st.scenario)
    surf = pygame.Surface((1000, 700))
    cam = Camera(r.world_size, (0, 0, 1000, 700))
    r.draw(surf, cam, st)
    made = []
    real = maprender.counter_surface
    monkeypatch.setattr(maprender, "counter_surface", lambda *a, **k: made.append(1) or real(*a, **k))
    hits = [(rect, sid) for rect, sid, _ in r.hits]
    cam.pan(13, 7)
    r.draw(surf, cam, st)
    assert not made and len(r.hits) == len(hits) > 20
    assert [(rect.move(13, 7), sid) for rect, sid in hits] == [(rect, sid) for rect, sid, _ in r.hits]
    for sid in {sid for _, sid in hits}:   # the hit boxes are where map_counters puts them
        assert [rect for rect, s, _ in r.hits if s == sid] == [rc.inflate(2, 2) for rc, _ in r.map_counters(st, sid, cam)]


@pytest.mark.parametrize("wrap", [False, True])
def test_the_game_screen_paints_every_pixel_without_a_cleared_window(tmp_path, wrap):
    # issue #46 item 9: the window is no longer cleared before the game screen draws (a
    # millisecond of every frame); whatever the zoom and pan, map and panel cover it all
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "triplea_import_tests", Path(__file__).resolve().parents[1] / "io" / "test_triplea_import.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from game.io.triplea import import_map
    from game.io.triplea_write import write
    scenario = str(write(import_map(mod.tiny_map(tmp_path, wrap=wrap)), tmp_path / "o" / "tiny.yaml")[0])
    surf = pygame.Surface((1280, 800))
    app = App(surf)
    app.strict = True
    scene = app.reset(app.new_game(scenario, ()))
    assert scene.paints_all
    cam = scene.cam
    magenta = (255, 0, 255)
    for zoom, dx, dy in [(1.0, 0, 0), (0.3, 0, 0), (6.0, 0, 0), (1.0, 900, 500), (1.0, -2000, -900)]:
        cam.zoom(zoom)
        cam.pan(dx, dy)
        surf.fill(magenta)
        app.draw()
        left = [(x, y) for x in range(0, 1280, 8) for y in range(0, 800, 8) if surf.get_at((x, y))[:3] == magenta]
        assert not left, (zoom, dx, dy, left[:5])


def _window_frames(scenario: str, size=(1280, 800)):
    """A game screen drawn as the window loop draws it (tiles refined within the frame's
    time, counters laid out within a budget, the panel kept while it shows the same)."""
    app = App(pygame.Surface(size))
    app.strict = True
    scene = app.reset(app.new_game(scenario, ()))
    scene.auto_overlays = False
    app.interactive = True   # after the game opened: no collector freeze in the test process

    def frame():
        app.update(0.0)
        app.draw()
        return scene.renderer.tiles.pending or scene.renderer.layout_pending

    return app, scene, frame


def _full_render(scenario: str, cam, size=(1280, 800)) -> pygame.Surface:
    """The same view drawn at once (everything rendered for the frame)."""
    app = App(pygame.Surface(size))
    app.strict = True
    scene = app.reset(app.new_game(scenario, ()))
    scene.auto_overlays = False
    scene.cam.scale, scene.cam.ox, scene.cam.oy = cam.scale, cam.ox, cam.oy
    app.update(0.0)
    app.draw()
    return app.surface


def _differing(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    pa = pygame.surfarray.array3d(a.subsurface(rect))
    pb = pygame.surfarray.array3d(b.subsurface(rect))
    return int((pa != pb).any(axis=2).sum())


@pytest.mark.parametrize("scenario", ["europe_1941", "world_war_ii_v3_1941"])
def test_refined_view_equals_a_full_render_after_the_refine_frames(scenario, monkeypatch):
    # issue #46 item 9: pan and zoom frames show stand-ins (the last zoom's tiles scaled,
    # the overview) and refine a few tiles per frame; once refined, the view is the one a
    # full render draws, pixel for pixel, and no frame meanwhile leaves a hole
    if scenario == "world_war_ii_v3_1941" and not HAS_V3:
        pytest.skip("no imported v3 scenario")
    from game.ui import game_scene
    monkeypatch.setattr(game_scene, "FRAME_BUDGET_MS", 0.0)   # no time left: stand-ins each frame
    app, scene, frame = _window_frames(scenario)
    cam = scene.cam
    frame()
    for _ in range(40):   # the overview (the fitted map) is in before zooming
        if not frame() and scene.renderer.tiles._overview(scene.renderer._okey_gen) is not None:
            break
    stood_in = 0
    magenta = (255, 0, 255)
    view = pygame.Rect(cam.view)
    steps = [(1.25, 0, 0), (1.25, 40, 17), (1 / 1.25, -90, 0), (1.6, 0, 0), (1 / 1.6, 0, 0),
             (1 / 1.25, 0, 0), (1.0, 300, 120)]
    for factor, dx, dy in steps:
        cam.zoom(factor)
        cam.pan(dx, dy)
        app.surface.fill(magenta)
        stood_in += frame()
        holes = [(x, y) for x in range(view.left, view.right, 7) for y in range(view.top, view.bottom, 7)
                 if app.surface.get_at((x, y))[:3] == magenta]
        assert not holes, (factor, dx, dy, holes[:5])
    assert stood_in >= 3   # the frames above did show stand-ins
    for _ in range(400):   # the refine frames (one tile every few frames at least)
        if not frame():
            break
    assert not frame()
    full = _full_render(scenario, cam)
    assert _differing(app.surface, full, view) == 0


def test_zooming_out_shows_the_overview_where_the_last_zoom_has_no_tiles():
    # the view after a zoom out reaches past the old level's tiles: the overview (the
    # fitted map, kept) stands in there; no tile is rendered in that frame
    st = state_of("europe_1941")
    r = MapRenderer(st.scenario)
    surf = pygame.Surface((1000, 700))
    cam = Camera(r.world_size, (0, 0, 1000, 700))
    r.tiles.budget_ms = 1e9
    r.draw(surf, cam, st)                 # the fitted map: the overview's tiles
    assert r.tiles._overview(r._okey_gen) is not None
    cam.zoom(3.0)
    r.draw(surf, cam, st)
    r.tiles.budget_ms = 0.0
    cam.zoom(1 / 1.5)
    before = r.tiles.rendered
    surf.fill((255, 0, 255))
    r.draw(surf, cam, st)
    assert r.tiles.rendered == before and r.tiles.pending
    assert not [(x, y) for x in range(0, 1000, 9) for y in range(0, 700, 9)
                if surf.get_at((x, y))[:3] == (255, 0, 255)]
    while r.tiles.pending:
        r.draw(surf, cam, st)
        r.tiles.refine(float("inf"))
    r.draw(surf, cam, st)
    full = pygame.Surface((1000, 700))
    exact = MapRenderer(st.scenario)
    exact.tiles.budget_ms = 1e9
    exact.draw(full, cam, st)
    assert _differing(surf, full, pygame.Rect(0, 0, 1000, 700)) == 0


def test_the_side_panel_is_drawn_again_only_when_what_it_shows_changes(monkeypatch):
    # issue #46 item 9: the side panel took ~1.5 ms of every panning frame; in the window
    # loop its image is kept while its content is the same, and it is the same image
    from game.ui import panel as panel_mod
    app, scene, frame = _window_frames("europe_1941")
    drawn = []
    real = panel_mod.SidePanel._draw
    monkeypatch.setattr(panel_mod.SidePanel, "_draw", lambda self, *a: drawn.append(1) or real(self, *a))
    frame()
    n = len(drawn)
    spots = len(scene.spots.items)
    scene.cam.pan(30, 10)
    frame()
    assert len(drawn) == n and len(scene.spots.items) == spots   # kept, hotspots too
    rect = pygame.Rect(app.surface.get_width() - panel_mod.PANEL_W, 0, panel_mod.PANEL_W,
                       app.surface.get_height())
    kept = app.surface.copy()
    app.interactive = False
    app.draw()                                                     # drawn afresh
    assert _differing(kept, app.surface, rect) == 0
    app.interactive = True
    sid = next(s for s, sp in scene.state.scenario.spaces.items() if not sp.is_sea)
    scene.click_space(sid)
    frame()
    assert len(drawn) > n    # the selection changed: drawn again


def test_a_polygon_cut_to_a_tile_fills_the_tile_as_the_whole_polygon_does():
    # polyclip: pygame fills a polygon over its whole height whatever the surface, so a
    # tile cuts the big ones to itself (and a margin) first; inside the tile the fill is
    # the same but for pixels on edges that cross the cut (the borders are drawn over them)
    import math

    import numpy as np

    from game.ui.polyclip import clip_to_rect
    n = 400
    pts = np.array([(int(900 + 850 * math.cos(2 * math.pi * i / n) * (1 + 0.2 * math.sin(7 * i / n * 6.28))),
                     int(900 + 850 * math.sin(2 * math.pi * i / n))) for i in range(n)], dtype=np.int32)
    for tile in (pygame.Rect(0, 0, 256, 256), pygame.Rect(768, 40, 256, 256), pygame.Rect(1500, 800, 256, 256)):
        whole = pygame.Surface(tile.size)
        cut = pygame.Surface(tile.size)
        pygame.draw.polygon(whole, (200, 10, 10), (pts - tile.topleft).tolist())
        part = clip_to_rect(pts, tile.left - 4, tile.top - 4, tile.right + 4, tile.bottom + 4)
        if len(part) >= 3:
            pygame.draw.polygon(cut, (200, 10, 10), (part - tile.topleft).tolist())
        a = pygame.surfarray.array3d(whole)
        b = pygame.surfarray.array3d(cut)
        assert (a != b).any(axis=2).sum() <= 2 * 256, tile   # an edge's pixel at most, per row
    assert len(clip_to_rect(pts, 5000, 5000, 5100, 5100)) == 0
    inside = clip_to_rect(pts, -500, -500, 3000, 3000)
    assert inside is pts   # nothing to cut: the polygon as it is


def test_the_map_refines_with_more_of_the_frame_once_the_view_stands_still():
    # a moving view keeps every frame short; a still one lets the stand-ins go sooner
    from game.ui import game_scene
    app, scene, frame = _window_frames("europe_1941")
    frame()
    scene.cam.pan(20, 0)
    app.update(0.0)
    assert scene.frame_budget_ms() == game_scene.FRAME_BUDGET_MS
    app.draw()
    app.update(0.0)
    assert scene.frame_budget_ms() == game_scene.IDLE_BUDGET_MS


def test_a_click_draws_the_side_panel_afresh(monkeypatch):
    # what a click changes without a new game version (an airdrop pick) shows at once
    from game.ui import panel as panel_mod
    app, scene, frame = _window_frames("europe_1941")
    frame()
    drawn = []
    real = panel_mod.SidePanel._draw
    monkeypatch.setattr(panel_mod.SidePanel, "_draw", lambda self, *a: drawn.append(1) or real(self, *a))
    frame()
    assert not drawn
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    frame()
    assert drawn
