"""Main menu > "Open TripleA map folder…": type or paste a map folder, choose one of
its games, import it (game/io/triplea.py) into the user's imported-scenarios folder,
read the import report, then play it or go back to the picker (which lists it).
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import pygame

from . import theme, widgets
from .scene import Scene

logger = logging.getLogger(__name__)


def imported_dir() -> Path:
    """Where imported scenarios are written (the picker lists them too)."""
    from game.rules.ruleset import imported_dir as folder
    return folder()


class TripleaImportDialog(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, folder: str = ""):
        super().__init__(app)
        self.spots = widgets.Hotspots()
        self.path_text = folder
        self.games: list[Path] = []
        self.game_index = 0
        self.error = ""
        self.report_lines: list[str] = []
        self.written: Path | None = None
        self.scroll = 0
        if folder:
            self.scan()

    # --- actions ------------------------------------------------------------------
    def folder(self) -> Path:
        return Path(os.path.expanduser(self.path_text.strip()))

    def scan(self) -> None:
        """List the folder's game XMLs (Enter or 'Find games')."""
        from game.io.triplea_files import TripleaError
        from game.io.triplea_game import find_game_files
        self.error, self.games, self.game_index = "", [], 0
        try:
            self.games = find_game_files(self.folder())
            if not self.games:
                self.error = f"{self.folder()}: no game XML (games/*.xml) in this map folder"
        except TripleaError as exc:
            self.error = str(exc)

    def run_import(self) -> None:
        from game.io.triplea import import_map
        from game.io.triplea_files import TripleaError
        from game.io.triplea_names import slug
        from game.io.triplea_write import write
        if not self.games:
            self.scan()
            if not self.games:
                return
        game = self.games[self.game_index]
        sid = slug(f"{self.folder().name} {game.stem}")
        try:
            imp = import_map(self.folder(), game=str(game), scenario_id=sid)
        except TripleaError as exc:
            self.error = str(exc)
            return
        out = imported_dir() / f"{sid}.yaml"
        try:
            write(imp, out)
        except OSError as exc:
            self.error = f"cannot write {out}: {exc.strerror}"
            return
        self.written = out
        self.report_lines = imp.report.text().splitlines() + ["", f"Saved as {out}"]
        self.scroll = 0

    def play(self) -> None:
        if self.written is not None:
            try:
                self.app.new_game(str(self.written), ())
            except Exception as exc:  # noqa: BLE001 - shown to the player, never a traceback
                logger.warning("the imported %s cannot start; said in the dialog", self.written,
                               exc_info=True)
                self.error = f"Cannot start: {exc}"

    def back(self) -> None:
        self.app.main_menu(selected=str(self.written) if self.written else None)

    # --- events -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.written is None:
            self.path_text += event.text
            self.games = []
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back() if self.written else self.app.pop(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.written is not None:
                    self.play()
                elif self.games:
                    self.run_import()
                else:
                    self.scan()
            elif event.key == pygame.K_BACKSPACE and self.written is None:
                self.path_text, self.games = self.path_text[:-1], []
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL and self.written is None:
                self.path_text += widgets.clipboard_text()
            elif event.key == pygame.K_DOWN:
                self.scroll += 1
            elif event.key == pygame.K_UP:
                self.scroll = max(0, self.scroll - 1)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        self.spots.click(event)

    # --- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        rect = widgets.titled_dialog(surface, 900, 640, "Open TripleA map folder")
        y = rect.y + 64
        if self.written is None:
            y = self._draw_picker(surface, rect, y)
        else:
            y = self._draw_report(surface, rect, y)
        if self.error:
            for i, line in enumerate(theme.wrap(self.error, rect.w - 40, 19)[:3]):
                theme.text(surface, line, (rect.x + 20, rect.bottom - 120 + i * 20), 19, theme.BAD)
        by = rect.bottom - 58
        if self.written is None:
            widgets.button(surface, self.spots, pygame.Rect(rect.right - 520, by, 150, 42), "Cancel",
                           lambda: self.app.pop(self), tooltip="Esc")
            widgets.button(surface, self.spots, pygame.Rect(rect.right - 360, by, 160, 42), "Find games",
                           self.scan, enabled=bool(self.path_text.strip()), tooltip="Enter")
            widgets.button(surface, self.spots, pygame.Rect(rect.right - 190, by, 170, 42), "Import",
                           self.run_import, primary=True, enabled=bool(self.games),
                           tooltip="Import the chosen game (Enter)")
        else:
            widgets.button(surface, self.spots, pygame.Rect(rect.right - 420, by, 200, 42), "Back to menu",
                           self.back, tooltip="The picker lists the imported scenario (Esc)")
            widgets.button(surface, self.spots, pygame.Rect(rect.right - 210, by, 190, 42), "Play hotseat",
                           self.play, primary=True, tooltip="Enter")
        widgets.hover_tooltip(surface, self.spots)

    def _draw_picker(self, surface: pygame.Surface, rect: pygame.Rect, y: int) -> int:
        for line in theme.wrap("Type or paste (Ctrl+V) the path of a TripleA map folder: the folder that "
                               "holds polygons.txt, centers.txt and games/*.xml (or its parent).",
                               rect.w - 40, 20):
            theme.text(surface, line, (rect.x + 20, y), 20, theme.TEXT_DIM)
            y += 22
        field = pygame.Rect(rect.x + 20, y + 8, rect.w - 40, 38)
        pygame.draw.rect(surface, (20, 22, 26), field, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, field, width=1, border_radius=5)
        shown = self.path_text
        while shown and theme.text_width(shown, 22) > field.w - 24:
            shown = shown[1:]
        r = theme.text(surface, shown, (field.x + 10, field.centery), 22, theme.TEXT, anchor="midleft")
        if int(time.monotonic() * 2) % 2 == 0:
            pygame.draw.line(surface, theme.TEXT, (r.right + 2, field.y + 8), (r.right + 2, field.bottom - 8), 2)
        y = field.bottom + 16
        if self.games:
            theme.text(surface, "Games in this folder:", (rect.x + 20, y), 21, theme.TEXT_DIM)
            y += 28
            for i, g in enumerate(self.games[:8]):
                row = pygame.Rect(rect.x + 20, y, rect.w - 40, 34)
                sel = i == self.game_index
                pygame.draw.rect(surface, theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if sel else theme.PANEL_2,
                                 row, border_radius=5)
                theme.text(surface, g.name, (row.x + 10, row.centery), 20, theme.TEXT, anchor="midleft")

                def pick(k: int = i) -> None:
                    self.game_index = k

                self.spots.add(row, pick)
                y += 38
        return y

    def _draw_report(self, surface: pygame.Surface, rect: pygame.Rect, y: int) -> int:
        theme.text(surface, "Imported. What was approximated or left out:", (rect.x + 20, y), 21, theme.TEXT_DIM)
        y += 28
        box = pygame.Rect(rect.x + 20, y, rect.w - 40, rect.bottom - 130 - y)
        pygame.draw.rect(surface, (28, 32, 38), box, border_radius=6)
        lines: list[str] = []
        for raw in self.report_lines:
            indent = len(raw) - len(raw.lstrip())
            for j, part in enumerate(theme.wrap(raw.strip(), box.w - 30 - indent * 6, 17)):
                lines.append(" " * (indent + (2 if j else 0)) + part)
        visible = max(1, (box.h - 10) // 19)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        ly = box.y + 6
        for line in lines[self.scroll:self.scroll + visible]:
            col = theme.ACCENT if line.startswith(("Approximated", "Not imported")) else theme.TEXT
            theme.text(surface, line, (box.x + 10, ly), 17, col)
            ly += 19
        if len(lines) > visible:
            theme.text(surface, "wheel / arrows: scroll", (box.right - 8, box.bottom + 4), 15, theme.TEXT_DIM,
                       anchor="topright")
        return box.bottom
