"""'New game vs computer': who plays each side (Human / Computer) and at which
computer level, per alliance or per player, then start."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.errors import LoadError
from game.rules.model import Scenario

from . import palette, theme, widgets
from .scene import Scene

DEFAULT_LEVEL = "standard"
LEVEL_HINTS = {"random": "random legal moves: for learning the controls",
               "greedy": "takes the best-looking attack each move",
               "standard": "plans attacks with exact battle odds, sea landings and defence "
                           "(the default)"}


def levels() -> tuple[str, ...]:
    try:
        from game.ai import LEVELS
        return tuple(LEVELS)
    except ImportError:  # pragma: no cover - the computer players are part of the game
        return (DEFAULT_LEVEL,)


def title_of(alliance: str) -> str:
    return alliance.replace("_", " ").title()


class NewGameSetup(Scene):
    """Per side: Human or Computer, and the computer's level. By default the first
    alliance is human and every other alliance is the computer at `standard`."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, path: str, scenario: Scenario, level: str | None = None,
                 variant: str | None = None, rules_title: str = "", notice: str = "",
                 without: frozenset[str] = frozenset()):
        super().__init__(app)
        self.notice = notice            # why this opened (e.g. `play X --load` of a broken save)
        self.path = path
        self.variant = variant          # house-rules variant file chosen in the menu
        self.without = without          # game options switched off in the menu
        self.rules_title = rules_title
        self.scenario = scenario
        self.spots = widgets.Hotspots()
        self.levels = levels()
        default = level if level in self.levels else (DEFAULT_LEVEL if DEFAULT_LEVEL in self.levels
                                                       else self.levels[0])
        self.per_player = False
        alliances = list(scenario.alliances)
        self.computer: dict[str, bool] = {}
        self.level: dict[str, str] = {}
        for i, a in enumerate(alliances):
            self.computer[a] = i > 0
            self.level[a] = default
        for p in scenario.players:
            self.computer[p.id] = p.alliance != alliances[0] if alliances else False
            self.level[p.id] = default
        self.error = ""

    # --- the choice ----------------------------------------------------------------
    def sides(self) -> list[str]:
        """The rows: alliance ids, or player ids in turn order; not the neutral countries
        that take no turns (G40's Dutch, Mongolians, the neutrals): nobody plays them."""
        if self.per_player:
            return [p.id for p in self.scenario.turn_players]
        return list(self.scenario.turn_alliances)

    def idle_sides(self) -> list[str]:
        """The alliances (or players) of the players that take no turns (politics
        `neutrals`); the computer answers for them (a defence's casualties)."""
        turn = {p.id for p in self.scenario.turn_players}
        if self.per_player:
            return [p.id for p in self.scenario.players if p.id not in turn]
        return [a for a in self.scenario.alliances if a not in self.scenario.turn_alliances]

    def set_computer(self, side: str, on: bool) -> None:
        self.computer[side] = on
        if not self.per_player:  # the alliance's players follow it
            for p in self.scenario.players:
                if p.alliance == side:
                    self.computer[p.id] = on

    def set_level(self, side: str, level: str) -> None:
        self.level[side] = level
        if not self.per_player:
            for p in self.scenario.players:
                if p.alliance == side:
                    self.level[p.id] = level

    def toggle_per_player(self) -> None:
        if self.per_player:
            # back to alliances: an alliance is the computer if all its players are
            for a in self.scenario.alliances:
                members = [p.id for p in self.scenario.players if p.alliance == a]
                self.computer[a] = bool(members) and all(self.computer[m] for m in members)
                if members:
                    self.level[a] = self.level[members[0]]
        self.per_player = not self.per_player

    def by_alliance(self) -> None:
        if self.per_player:
            self.toggle_per_player()

    def by_player(self) -> None:
        if not self.per_player:
            self.toggle_per_player()

    def choice(self) -> tuple[tuple[str, ...], dict[str, str]]:
        """(ai_sides, ai_levels) for App.new_game: the sides chosen for the computer, and
        the neutral countries, which take no turns (the computer defends them)."""
        ai = tuple(s for s in self.sides() if self.computer[s]) + tuple(self.idle_sides())
        return ai, {s: self.level[s] for s in ai}

    def seats(self) -> dict[str, str]:
        """Who sits at the screen: chosen per player, each human player is a person of
        their own (hand-offs between them); per alliance, one person plays the alliance."""
        humans = [p for p in self.scenario.turn_players if not self.computer[p.id]]
        if self.per_player:
            return {p.id: p.id for p in humans}
        return {p.id: p.alliance for p in humans}

    def seats_note(self) -> str:
        """Who is handed the screen, when more than one human player plays (issue #44)."""
        seats = self.seats()
        if len(seats) < 2 or not set(self.choice()[0]) - set(self.idle_sides()):
            return ""
        if len(set(seats.values())) == len(seats):
            return " Each human player is handed the screen in turn."
        return " One person plays each human alliance (choose per player for one person each)."

    def start(self) -> None:
        ai, lv = self.choice()
        try:
            self.app.new_game(self.path, ai, ai_levels=lv, variant=self.variant,
                              without=self.without, seats=self.seats())
        except (LoadError, OSError) as exc:
            self.error = f"Cannot start: {exc}"

    def cancel(self) -> None:
        self.app.pop(self)

    # --- events ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_p:
                self.toggle_per_player()
            return
        self.spots.click(event)

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 170)
        sw, sh = surface.get_size()
        sides = self.sides()
        row_h = 58
        rw = min(860, sw - 60)
        notice = theme.wrap(self.notice, rw - 40, 19)[:3] if self.notice else []
        h = min(sh - 40, 200 + row_h * len(sides) + 90 + (21 * len(notice) + 8 if notice else 0)
                + (21 if self.idle_sides() else 0))   # the line on the neutral countries
        rect = pygame.Rect(0, 0, rw, h)
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        sc = self.scenario
        theme.text(surface, "New game vs computer", (rect.x + 20, rect.y + 16), 34, theme.ACCENT, bold=True)
        sub = sc.title + (f"  ·  house rules: {self.rules_title}" if self.variant else "")
        if self.without:
            sub += f"  ·  without {', '.join(sorted(self.without)).replace('_', ' ')}"
        theme.text(surface, theme.elide(sub, rect.w - 40, 21), (rect.x + 20, rect.y + 58), 21, theme.TEXT_DIM)
        # per alliance / per player
        y = rect.y + 92
        for line in notice:
            theme.text(surface, line, (rect.x + 20, y - 4), 19, theme.BAD)
            y += 21
        y += 8 if notice else 0
        theme.text(surface, "Who plays each", (rect.x + 20, y + 9), 20, theme.TEXT)
        bx = rect.x + 20 + theme.text_width("Who plays each", 20) + 12
        widgets.button(surface, self.spots, pygame.Rect(bx, y, 120, 36), "alliance",
                       self.by_alliance, selected=not self.per_player, size=19,
                       tooltip="One choice per alliance  (P)")
        widgets.button(surface, self.spots, pygame.Rect(bx + 126, y, 120, 36), "player",
                       self.by_player, selected=self.per_player, size=19,
                       tooltip="One choice per player  (P)")
        y += 52
        lx = rect.x + 20
        hx = rect.x + rect.w - 20 - 3 * 112 - 12 - 2 * 112
        theme.text(surface, "Side", (lx, y), 17, theme.TEXT_DIM, bold=True)
        theme.text(surface, "Played by", (hx, y), 17, theme.TEXT_DIM, bold=True)
        theme.text(surface, "Computer level", (hx + 2 * 112 + 12, y), 17, theme.TEXT_DIM, bold=True)
        y += 24
        for side in sides:
            row = pygame.Rect(rect.x + 14, y, rect.w - 28, row_h - 8)
            pygame.draw.rect(surface, theme.PANEL_2, row,
                             border_radius=6)
            self.draw_side_label(surface, side, pygame.Rect(lx, row.y, hx - lx - 12, row.h))
            comp = self.computer[side]
            by = row.y + (row.h - 36) // 2
            widgets.button(surface, self.spots, pygame.Rect(hx, by, 108, 36), "Human",
                           self._setter(side, False), selected=not comp, size=19,
                           tooltip="A player at this computer")
            widgets.button(surface, self.spots, pygame.Rect(hx + 112, by, 108, 36), "Computer",
                           self._setter(side, True), selected=comp, size=19,
                           tooltip="The computer plays this side")
            for k, lv in enumerate(self.levels):
                widgets.button(surface, self.spots, pygame.Rect(hx + 2 * 112 + 12 + k * 112, by, 108, 36), lv,
                               self._leveller(side, lv), enabled=comp,
                               selected=comp and self.level[side] == lv, size=19,
                               tooltip=LEVEL_HINTS.get(lv, lv))
            y += row_h
        # summary
        ai, chosen = self.choice()
        ai = tuple(s for s in ai if s in sides)   # the neutral countries take no turns
        if not ai:
            note = "Nobody is the computer: this is a hotseat game."
        elif len(ai) == len(sides):
            note = "The computer plays every side: watch it play (Space skips ahead)."
        else:
            note = "The computer plays " + ", ".join(f"{self.side_title(s)} ({chosen[s]})" for s in ai) + "."
        note += self.seats_note()
        idle = self.idle_sides()
        if idle:
            note += (f" Neutral countries take no turns ({', '.join(self.side_title(s) for s in idle)}): "
                     "the computer defends them.")
        y += 4
        for line in theme.wrap(note, rect.w - 40, 19)[:3]:
            theme.text(surface, line, (rect.x + 20, y), 19, theme.INFO)
            y += 21
        if self.error:
            theme.text(surface, theme.elide(self.error, rect.w - 40, 19), (rect.x + 20, y), 19, theme.BAD)
        by = rect.bottom - 58
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 360, by, 150, 42), "Cancel", self.cancel,
                       tooltip="Back to the scenarios  (Esc)")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 200, by, 180, 42), "Start game", self.start,
                       primary=True, tooltip="Enter")
        widgets.hover_tooltip(surface, self.spots)

    def _setter(self, side: str, on: bool) -> Callable[[], None]:
        return lambda: self.set_computer(side, on)

    def _leveller(self, side: str, level: str) -> Callable[[], None]:
        return lambda: self.set_level(side, level)

    def side_title(self, side: str) -> str:
        for p in self.scenario.players:
            if p.id == side:
                return p.name
        return title_of(side)

    def draw_side_label(self, surface: pygame.Surface, side: str, box: pygame.Rect) -> None:
        sc = self.scenario
        if self.per_player:
            p = next(p for p in sc.players if p.id == side)
            theme.swatch(surface, pygame.Rect(box.x, box.centery - 9, 18, 18), palette.nation_color(sc, p.id))
            theme.text(surface, theme.elide(p.name, box.w - 30, 22, bold=True), (box.x + 26, box.centery - 1), 22, theme.TEXT,
                       anchor="bottomleft", bold=True)
            theme.text(surface, theme.elide(title_of(p.alliance), box.w - 30, 16), (box.x + 26, box.centery + 1), 16,
                       theme.TEXT_DIM)
            return
        members = [p for p in sc.players if p.alliance == side]
        theme.text(surface, theme.elide(title_of(side), box.w, 22, bold=True), (box.x, box.centery - 1), 22, theme.TEXT,
                   anchor="bottomleft", bold=True)
        x = box.x
        for p in members:
            if x + 40 > box.right:
                theme.text(surface, "…", (x, box.centery + 2), 16, theme.TEXT_DIM)
                break
            theme.swatch(surface, pygame.Rect(x, box.centery + 4, 12, 12), palette.nation_color(sc, p.id))
            r = theme.text(surface, theme.elide(p.name, box.right - x - 16, 16), (x + 15, box.centery + 1), 16,
                           theme.TEXT_DIM)
            x = r.right + 10
