"""The battle calculator's frames do no heavy work on the interface thread (issue #45: "no
UI frame over 100 ms while odds are prepared"; the bench's calculator_frames_* keys). Its
first frame used to wait for the odds engine's import (held by the warm-up thread: an
import lock) and to parse every house-rules variant for the Compare button."""
from __future__ import annotations

import builtins
import os
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import frame  # noqa: E402

from game.rules import variant  # noqa: E402
from game.rules.ruleset import load_ruleset  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.calculator import CalculatorScene  # noqa: E402

SIZE = (1280, 800)


def calculator() -> tuple[App, CalculatorScene]:
    app = App(pygame.Surface(SIZE))
    calc = CalculatorScene(app, load_ruleset("g40"), None, "land", {"infantry": 4, "armour": 3},
                           {"infantry": 5})
    app.reset(calc)
    return app, calc


def test_the_interface_thread_never_imports_the_odds_engine(monkeypatch):
    # an import of a module another thread is importing waits for the whole import
    main = threading.main_thread()
    on_main: list[str] = []
    real = builtins.__import__

    def spy(name, *args, **kwargs):
        if threading.current_thread() is main and name.startswith("game.odds"):
            on_main.append(name)
        return real(name, *args, **kwargs)
    app, calc = calculator()
    monkeypatch.setattr(builtins, "__import__", spy)
    frame(app)
    assert calc.odds() is not None   # asked for: computed on the worker
    monkeypatch.setattr(builtins, "__import__", real)
    assert odds_view.settle()
    assert on_main == []
    assert calc.odds().ok


def test_the_house_rules_to_compare_load_off_the_interface_thread(monkeypatch):
    main = threading.main_thread()
    on_main: list[str] = []
    real = variant.load_variant

    def spy(path, *args, **kwargs):
        if threading.current_thread() is main:
            on_main.append(str(path))
        return real(path, *args, **kwargs)
    monkeypatch.setattr(variant, "load_variant", spy)
    app, calc = calculator()
    frame(app)
    assert on_main == []
    assert odds_view.settle()
    frame(app)   # the odds in: the variants load
    assert calc._choosing is not None
    calc._choosing.join(60)
    frame(app)   # the Compare button shows once they are in
    assert any(s.tooltip.startswith("The same battle under other rules") for s in calc.spots.items)
    assert "Veteran infantry" in [rs.title for rs in calc.compare_choices()]


def test_fonts_come_from_the_default_font_read_once(monkeypatch):
    # the same glyphs as pygame's Font(None, size), without finding and reading the file
    # again for each size (a disk wait in the frame that first shows a size)
    import pygame.pkgdata

    from game.ui import theme
    pygame.font.init()
    theme.reset_fonts()
    for size in (6, 13, 20, 38):
        ours, pygames = theme.font(size), pygame.font.Font(None, size)
        assert ours.get_linesize() == pygames.get_linesize()
        a = ours.render("Battle calculator 42", True, (255, 255, 255))
        b = pygames.render("Battle calculator 42", True, (255, 255, 255))
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
    opened: list[object] = []
    real = pygame.pkgdata.getResource
    monkeypatch.setattr(pygame.pkgdata, "getResource", lambda *a, **k: opened.append(a) or real(*a, **k))
    theme.font(27), theme.font(29, bold=True)
    assert opened == []
