"""UI figures for `python -m game bench`: frame time while panning, start-up."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def frame_p95_ms(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240) -> float:
    """p95 of update+draw time while panning (and zooming now and then) the map."""
    return pan_frames(scenario, size, frames)[0]


def pan_frames(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240
               ) -> tuple[float, float]:
    """frame_p95_ms, and the p95 of the frames' CPU milliseconds (this thread's: what a
    loaded machine distorts least)."""
    import pygame

    from . import theme
    from .app import App
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()  # fonts of an earlier pygame session are invalid
    screen = pygame.display.set_mode(size)
    app = App(screen)
    app.interactive = True   # frames as the window loop draws them
    scene = app.new_game(scenario, seed=1)
    # the map itself: no hand-off screen over it (it would open at the first update and
    # stay, nobody clicking it away), nor a purchase window; warm the caches
    scene.auto_overlays = False  # type: ignore[attr-defined]
    app.reset(scene)
    cam = scene.cam  # type: ignore[attr-defined]
    cam.fit()   # from the whole map, as ever (a big map opens zoomed in on a capital)
    cam.zoom(2.0)
    app.draw()
    times, cpu = [], []
    for i in range(frames):
        t, c = time.perf_counter(), time.thread_time()
        cam.pan(7 if (i // 60) % 2 == 0 else -7, 3 if (i // 30) % 2 == 0 else -3)
        if i % 80 == 79:
            cam.zoom(1.1 if (i // 80) % 2 == 0 else 1 / 1.1)
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    pygame.quit()
    return _p95(times), _p95(cpu)


def zoom_frames(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240
                ) -> tuple[float, float]:
    """(p95 frame ms, peak MB of the map's tile cache) while wheel-zooming in and out
    (a step every 6 frames) and panning: the large-map figures."""
    got = zoom_step_frames(scenario, size, frames)
    return got["p95"], got["peak_mb"]


def zoom_step_frames(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240
                     ) -> dict[str, float]:
    """zoom_frames ("p95", "peak_mb"), the p95 of the zoom steps' own frames ("step_p95",
    issue #45: a zoom step), and the CPU milliseconds of both ("cpu_p95", "step_cpu_p95")."""
    import pygame

    from . import theme
    from .app import App
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()   # another figure may have quit pygame in this process
    screen = pygame.display.set_mode(size)
    app = App(screen)
    app.interactive = True   # frames as the window loop draws them (work spread over frames)
    scene = app.new_game(scenario, seed=1)
    scene.auto_overlays = False  # type: ignore[attr-defined]   # the map, no hand-off over it
    app.reset(scene)
    cam = scene.cam  # type: ignore[attr-defined]
    cam.fit()   # from the whole map, as ever (a big map opens zoomed in on a capital)
    tiles = scene.renderer.tiles  # type: ignore[attr-defined]
    app.draw()
    times, steps, cpu, step_cpu, peak = [], [], [], [], 0
    for i in range(frames):
        t, c = time.perf_counter(), time.thread_time()
        cam.pan(5 if (i // 50) % 2 == 0 else -5, 2)
        if i % 6 == 5:
            cam.zoom(1.1 if (i // 60) % 2 == 0 else 1 / 1.1)
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
        if i % 6 == 5:
            steps.append(times[-1])
            step_cpu.append(cpu[-1])
        peak = max(peak, getattr(tiles, "kept_bytes", tiles.nbytes))   # the overview's too
    settle_frames, settle_ms = _settle(app, scene)
    pygame.quit()
    return {"p95": _p95(times), "peak_mb": peak / 1e6, "step_p95": _p95(steps),
            "cpu_p95": _p95(cpu), "step_cpu_p95": _p95(step_cpu),
            "settle_frames": settle_frames, "settle_ms": settle_ms}


def _settle(app, scene, most: int = 1200) -> tuple[float, float]:
    """Frames, and milliseconds, from the camera's last move until the view is the full
    render (every tile in view rendered, every counter laid out at this zoom): the frame
    budget spreads that work over frames, and these say how long stand-ins show."""
    import pygame
    renderer = scene.renderer
    t = time.perf_counter()
    for n in range(most):
        if not (renderer.tiles.pending or renderer.layout_pending):
            return float(n), (time.perf_counter() - t) * 1000
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
    return float("nan"), float("nan")


def _p95(times: list[float]) -> float:
    times = sorted(times)
    return times[int(0.95 * (len(times) - 1))]


def hex_frame_p95_ms(size: tuple[int, int] = (1920, 1080), frames: int = 240) -> float:
    """frame_p95_ms on a generated 1000-hex map (game/ui/hex/bench.py)."""
    import tempfile

    from .hex.bench import write_map
    with tempfile.TemporaryDirectory() as tmp:
        return frame_p95_ms(str(write_map(os.path.join(tmp, "hex_bench_1000.yaml"))), size, frames)


def first_frame() -> None:
    """Open the window on the main menu and draw one frame (start-up benchmark)."""
    import pygame

    from .app import App, open_window
    app = App(open_window())
    app.main_menu()
    app.draw()
    pygame.display.flip()
    pygame.quit()


def calculator_first_odds(ruleset: str, attacker: dict[str, int], defender: dict[str, int],
                          terrain: str = "land", until_s: float = 60.0,
                          size: tuple[int, int] = (1280, 800)) -> dict[str, float]:
    """Open the battle calculator on a battle and draw frames as the window loop would:
    seconds until its first result shows, then on until the compiled odds kernels are in
    (at most until_s): the slowest frame and how many took over 100 ms (issue #45: the
    first odds after a fresh install; run it with an empty NUMBA_CACHE_DIR); `*_cpu`: the
    same of the CPU the process spent in each frame, all its threads (what a frame waits
    for on an idle machine: the GIL runs one thread at a time; a loaded machine's waits
    are not in it)."""
    import pygame

    from game.rules.ruleset import load_ruleset
    from game.ui import theme  # absolute: bench_odds runs this on other checkouts too
    from game.ui.app import App
    from game.ui.calculator import CalculatorScene
    pygame.init()
    theme.reset_fonts()
    app = App(pygame.display.set_mode(size))
    app.interactive = True
    start = time.perf_counter()
    calc = app.reset(CalculatorScene(app, load_ruleset(ruleset), attacker=attacker, defender=defender,
                                     terrain=terrain))
    first = ready = float("nan")
    times: list[float] = []
    cpu: list[float] = []   # the process's CPU in each frame: every thread's, which the GIL serialises
    while time.perf_counter() - start < until_s:
        t, c = time.perf_counter(), time.process_time()
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        v = calc.odds()  # type: ignore[attr-defined]
        if first != first and v is not None and v.ok:
            first = time.perf_counter() - start
        if ready != ready and _kernels_ready():
            ready = time.perf_counter() - start
        if first == first and ready == ready:
            break
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t)))
    pygame.quit()
    return {"first_s": first, "kernels_s": ready, "frame_max_ms": max(times),
            "frame_p50_ms": sorted(times)[len(times) // 2],
            "frames_over_100ms": float(sum(x > 100 for x in times)), "frames": float(len(times)),
            "frame_max_cpu_ms": max(cpu), "frames_over_100ms_cpu": float(sum(x > 100 for x in cpu))}


def _kernels_ready() -> bool:
    import sys
    kernel = sys.modules.get("game.odds.kernel")
    k = getattr(kernel, "KERNELS", None)
    if k is None:   # before issue #45 (numba compiled on the asking thread): warm once used
        return kernel is not None and bool(getattr(getattr(kernel, "solve", None), "signatures", ()))
    return k.compiled is not None or bool(k.failed)


def _window(size: tuple[int, int] = (1920, 1080)):
    """An App on a fresh headless window (the figures below time what follows)."""
    import pygame

    from . import theme
    from .app import App
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    app = App(pygame.display.set_mode(size))
    app.interactive = True   # as the window loop runs it (work spread over frames)
    return app


def _first_frame(app) -> None:
    import pygame
    app.draw()
    pygame.display.flip()


def menu_s(pick_title: str = "") -> tuple[float, float]:
    """(wall, CPU) seconds from the main menu's creation to its first frame, then (when
    `pick_title` names one) to the frame showing that scenario picked (its preview drawn)."""
    app = _window()
    t, cpu = time.perf_counter(), time.process_time()
    menu = app.main_menu()
    _first_frame(app)
    for i, (_path, sc, _err) in enumerate(menu.entries):  # type: ignore[attr-defined]
        if pick_title and sc is not None and pick_title.lower() in sc.title.lower():
            menu.index = i  # type: ignore[attr-defined]
            _first_frame(app)
            break
    return time.perf_counter() - t, time.process_time() - cpu


def open_game_s(scenario: str) -> tuple[float, float]:
    """(wall, CPU) seconds to start a hotseat game of `scenario` (as the menu's button
    does) and draw its first frame as the window does (interactive)."""
    app = _window()
    t, cpu = time.perf_counter(), time.process_time()
    app.new_game(scenario, seed=1)
    _first_frame(app)
    return time.perf_counter() - t, time.process_time() - cpu


def load_game_s(save: str, ready: bool = False) -> tuple[float, float]:
    """(wall, CPU) seconds to open a save (as the load dialog does) and draw its first
    frame as the window does (interactive); `ready`: then until the game may be played
    (its replay has confirmed the position: a slice per frame after the first frame,
    GameScene.check_loaded_save, the frames paced as the window loop paces them)."""
    return _load_game(save, ready)[:2]


def load_frame_max_ms(save: str) -> tuple[float, float]:
    """(ms, CPU ms) of the longest frame after a loaded save's first frame until its
    replay has confirmed the position: the longest the window takes no input meanwhile."""
    return _load_game(save, True)[2:]


def _load_game(save: str, ready: bool) -> tuple[float, float, float, float]:
    import pygame

    from .app import FPS
    app = _window()
    t, cpu = time.perf_counter(), time.process_time()
    app.load_game(save)
    _first_frame(app)
    game, clock = app.stack[0], pygame.time.Clock()
    longest = longest_cpu = 0.0
    while ready and game.ctl.pending is not None:   # type: ignore[attr-defined]
        clock.tick(FPS)
        f, c = time.perf_counter(), time.thread_time()
        pygame.event.get()
        app.update(1 / FPS)
        _first_frame(app)
        longest = max(longest, (time.perf_counter() - f) * 1000)
        longest_cpu = max(longest_cpu, (time.thread_time() - c) * 1000)
    return time.perf_counter() - t, time.process_time() - cpu, longest, longest_cpu


def from_menu_s(pick_title: str, save: str = "") -> tuple[float, float]:
    """(wall, CPU) seconds from the main menu (shown, `pick_title` picked) to a new game of
    that scenario, or to `save` opened, and its first frame: the player's way in."""
    app = _window()
    menu = app.main_menu()
    _first_frame(app)
    path = next(p for p, sc, _ in menu.entries  # type: ignore[attr-defined]
                if sc is not None and pick_title.lower() in sc.title.lower())
    t, cpu = time.perf_counter(), time.process_time()
    if save:
        app.load_game(save)
    else:
        app.new_game(path, seed=1)
    _first_frame(app)
    return time.perf_counter() - t, time.process_time() - cpu
