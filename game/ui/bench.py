"""UI figures for `python -m game bench`: frame time while panning, start-up."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def frame_p95_ms(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240) -> float:
    """p95 of update+draw time while panning (and zooming now and then) the map."""
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
    # leave the hand-off screen and warm the caches
    app.reset(scene)
    cam = scene.cam  # type: ignore[attr-defined]
    cam.zoom(2.0)
    app.draw()
    times = []
    for i in range(frames):
        t = time.perf_counter()
        cam.pan(7 if (i // 60) % 2 == 0 else -7, 3 if (i // 30) % 2 == 0 else -3)
        if i % 80 == 79:
            cam.zoom(1.1 if (i // 80) % 2 == 0 else 1 / 1.1)
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    pygame.quit()
    return times[int(0.95 * (len(times) - 1))]


def zoom_frames(scenario: str, size: tuple[int, int] = (1920, 1080), frames: int = 240
                ) -> tuple[float, float]:
    """(p95 frame ms, peak MB of the map's tile cache) while wheel-zooming in and out
    (a step every 6 frames) and panning: the large-map figures."""
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
    app.reset(scene)
    cam = scene.cam  # type: ignore[attr-defined]
    tiles = scene.renderer.tiles  # type: ignore[attr-defined]
    app.draw()
    times, peak = [], 0
    for i in range(frames):
        t = time.perf_counter()
        cam.pan(5 if (i // 50) % 2 == 0 else -5, 2)
        if i % 6 == 5:
            cam.zoom(1.1 if (i // 60) % 2 == 0 else 1 / 1.1)
        app.update(1 / 60)
        app.draw()
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
        peak = max(peak, tiles.nbytes)
    times.sort()
    pygame.quit()
    return times[int(0.95 * (len(times) - 1))], peak / 1e6


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
