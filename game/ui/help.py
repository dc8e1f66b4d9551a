"""Help where the player is (issue #44 item 5): F1 shows the keys and what can be done in
the current phase; on hex maps Tab turns to the terrain effects chart and the CRT (from
the ruleset's data); a right click on a counter opens the unit card (every value and
ability, in sentences: unit_text.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import theme, widgets
from .scene import Scene
from .unit_text import unit_sentences

if TYPE_CHECKING:
    from .game_scene import GameScene

KEYS = (
    ("F1", "this help (again or Esc: close)"),
    ("Enter", "end the phase"),
    ("Esc", "drop a waypoint or selection, else the menu"),
    ("Right click", "deselect; on a counter: its unit card"),
    ("Ctrl+Z", "undo (within the phase; dice are final)"),
    ("Ctrl+S", "save the game"),
    ("Ctrl+B", "battle calculator"),
    ("H", "the game's history"),
    ("L", "the map legend: every mark and the nations"),
    ("B", "buy units (purchase phase)"),
    ("P", "airdrop step (paratroopers, air transports)"),
    ("C", "reopen the battle window"),
    ("Space", "the computer plays the rest of its turn at once"),
    ("+ / − / wheel", "zoom;  Home: fit the map"),
    ("Arrows / WASD / drag", "pan the map"),
    ("Ctrl+E", "edit mode (playtesting)"),
)

# what the player does in each phase, in the order of the turn
PHASE_HELP: dict[str, tuple[str, ...]] = {
    "purchase": ("The purchase screen opens by itself (B reopens it): + buys, − returns (Shift: 5).",
                 "A unit at its limit keeps its card; its + says why it is disabled.",
                 "Done — end phase (Enter) when you have bought what you want."),
    "combat_move": ("Click a space with your units; pick stacks in the side panel (− / + splits them).",
                    "Click a destination: an attack, a move, or boarding a transport; hover it for the odds.",
                    "Shift+click a destination to go through it (blitz); right click drops the waypoint.",
                    "P: the airdrop step. Ctrl+Z undoes a move. Enter ends the combat move."),
    "conduct_combat": ("Click a battle in the side panel (or its space on the map).",
                       "R rolls; the default order of loss is pre-selected: click units to change it, "
                       "Enter confirms.",
                       "After each round: Retreat to a listed space, or roll on.",
                       "A loss with only one outcome is taken without asking."),
    "noncombat_move": ("Move units into friendly spaces; aircraft must end where they can land.",
                       "P flies paratroopers or air transports. Enter ends the move."),
    "place": ("Pick a bought unit in the side panel, then click a highlighted space.",
              "Ships go into a sea zone beside a factory. Enter ends the phase."),
    "collect_income": ("Income is collected by itself when there is nothing to decide.",),
    # hex maps
    "initial": ("Reinforcements arrive and supply is checked; Enter goes on to movement.",),
    "movement": ("Click your stack, then a highlighted hex: the number is what it costs in MPs.",
                 "Hatched red hexes are enemy zones of control; sky-blue hexes can be reached by air.",
                 "Click a unit row in the side panel to leave it behind. Enter ends the phase."),
    "combat": ("Click an enemy stack outlined in red: the panel shows attackers, odds and each shift.",
               "Attack (roll); then the losses, retreats and advance are chosen (Enter: the proposal).",
               "Tab in this help shows the terrain chart and the CRT."),
    "exploitation": ("Armour and motorized units move again (part of their MA). Enter ends the turn.",),
}


def phase_help(phase: str) -> tuple[str, ...]:
    return PHASE_HELP.get(phase, ("Enter ends the phase.",))


class HelpOverlay(Scene):
    """F1: the keys and the current phase's actions; on hex maps Tab turns the page to
    the terrain effects chart and the combat results table."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.page = "keys"
        self.spots = widgets.Hotspots()

    def has_charts(self) -> bool:
        return getattr(self.game.state.ruleset, "hex", None) is not None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.pop(self)
            elif event.key == pygame.K_TAB and self.has_charts():
                self.page = "charts" if self.page == "keys" else "keys"
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.app.pop(self)
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        if self.page == "charts":
            self.draw_charts(surface)
        else:
            self.draw_keys(surface)
        widgets.hover_tooltip(surface, self.spots)

    def draw_keys(self, surface: pygame.Surface) -> None:
        from .game_scene import theme_phase
        state = self.game.state
        rect = widgets.titled_dialog(surface, 1100, 140 + 25 * len(KEYS), "Help")
        tail = "F1 / Esc: close" + ("   ·   Tab: terrain and CRT" if self.has_charts() else "")
        theme.text(surface, tail, (rect.right - 20, rect.y + 26), 19, theme.TEXT_DIM, anchor="topright")
        col_w = (rect.w - 60) // 2
        x, y = rect.x + 20, rect.y + 70
        theme.text(surface, "Keys and mouse", (x, y), 22, theme.TEXT, bold=True)
        y += 32
        for k, what in KEYS:
            if y + 24 > rect.bottom - 10:
                break
            theme.text(surface, k, (x, y), 19, theme.ACCENT, bold=True)
            theme.text(surface, theme.elide(what, col_w - 190, 19), (x + 190, y), 19, theme.TEXT)
            y += 25
        x = rect.x + 40 + col_w
        y = rect.y + 70
        who = self.game.ctl.player_name(state.player)
        theme.text(surface, theme.elide(f"Now: {theme_phase(state)} — {who}", col_w, 22, bold=True), (x, y), 22,
                   theme.TEXT, bold=True)
        y += 32
        for line in phase_help(state.phase):
            for i, part in enumerate(theme.wrap(line, col_w - 16, 19)):
                if y + 24 > rect.bottom - 10:
                    break
                theme.text(surface, part, (x + (16 if i else 0), y), 19, theme.TEXT)   # continuation: indented
                y += 23
            y += 6
        y += 10
        theme.text(surface, "The turn", (x, y), 22, theme.TEXT, bold=True)
        y += 30
        from game.rules.zone.phases import PHASE_NAMES
        for ph in state.ruleset.phases:
            mark = "> " if ph == state.phase else "   "
            theme.text(surface, mark + PHASE_NAMES.get(ph, ph.replace("_", " ").capitalize()), (x, y), 19,
                       theme.ACCENT if ph == state.phase else theme.TEXT_DIM, bold=ph == state.phase)
            y += 23

    def draw_charts(self, surface: pygame.Surface) -> None:
        hr = self.game.state.ruleset.hex
        rect = widgets.titled_dialog(surface, 1200, 700, "Terrain effects and combat results")
        theme.text(surface, "Tab: keys   ·   F1 / Esc: close", (rect.right - 20, rect.y + 26), 19,
                   theme.TEXT_DIM, anchor="topright")
        x, y = rect.x + 20, rect.y + 66
        cols = list(hr.move_columns)
        heads = ["Terrain (MPs to enter)", *cols, "Shift", "Notes"]
        widths = [220, *[78] * len(cols), 60, rect.w - 40 - 220 - 78 * len(cols) - 60]
        y = _table_row(surface, x, y, heads, widths, theme.TEXT_DIM, bold=True)
        rows = sorted(hr.terrain.values(), key=lambda t: (t.kind != "base", t.name))
        for t in rows:
            if y + 21 > rect.y + 66 + 330:
                break
            notes = [n for n, on in (("halves c/m attacks", t.halves_cm), ("fortified", t.fortification),
                                     ("city", t.city), ("airfield", t.airfield), ("port", t.port),
                                     ("road", t.along), ("sea", t.water)) if on]
            if t.stacking is not None:
                notes.append(f"stacking {t.stacking:g} RE")
            cells = [t.name + ("" if t.kind == "base" else " (feature)")]
            cells += ["—" if t.move.get(c, 0) is None else str(t.move.get(c, "")) for c in cols]
            cells += [f"{t.shift:+d}" if t.shift else "", ", ".join(notes)]
            y = _table_row(surface, x, y, cells, widths, theme.TEXT)
        y += 6
        sides = "  ·  ".join(f"{h.name}: {_side_text(h)}" for h in hr.hexsides.values())
        for line in theme.wrap("Hexsides — " + sides, rect.w - 40, 17)[:3]:
            theme.text(surface, line, (x, y), 17, theme.TEXT_DIM)
            y += 19
        y += 10
        crt = hr.crt
        theme.text(surface, f"Combat results table (d{crt.die})", (x, y), 21, theme.TEXT, bold=True)
        y += 28
        cw = max(44, min(70, (rect.w - 100) // max(1, len(crt.columns))))
        y = _table_row(surface, x, y, ["Roll", *crt.columns], [60] + [cw] * len(crt.columns), theme.TEXT_DIM,
                       bold=True)
        for roll in crt.rolls:
            y = _table_row(surface, x, y, [str(roll), *crt.table[roll]], [60] + [cw] * len(crt.columns),
                           theme.TEXT)
        y += 6
        legend = ";  ".join(f"{code} {r.name}" for code, r in crt.results.items())
        for line in theme.wrap(legend, rect.w - 40, 17):
            if y + 19 > rect.bottom - 8:
                break
            theme.text(surface, line, (x, y), 17, theme.TEXT_DIM)
            y += 19


def _side_text(h) -> str:
    """A hexside's effects: '+1 MP for cm, art (others +0), attack halved'."""
    parts = []
    by_cost: dict[object, list[str]] = {}
    for col, v in h.move.items():
        by_cost.setdefault(v, []).append(col)
    if len(by_cost) == 1:
        (v, _cols), = by_cost.items()
        parts.append("no crossing" if v is None else f"+{v} MP")
    elif by_cost:
        parts.append("; ".join(("no crossing" if v is None else f"+{v} MP") + " for " + ", ".join(cols)
                               for v, cols in by_cost.items()))
    if h.shift:
        parts.append(f"{h.shift:+d} shift")
    if h.halves_attack:
        parts.append("attack halved")
    if h.blocks_zoc:
        parts.append("no ZOC across")
    return ", ".join(parts) or "no effect"


def _table_row(surface: pygame.Surface, x: int, y: int, cells: list[str], widths: list[int], col,
               bold: bool = False) -> int:
    for cell, w in zip(cells, widths, strict=False):
        theme.text(surface, theme.elide(cell, w - 6, 17, bold=bold), (x, y), 17, col, bold=bold)
        x += w
    return y + 21


class UnitCard(Scene):
    """A right click on a counter: the unit's card with all its values and abilities in
    sentences (unit_text). Any key or click closes it."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene, kinds: list[tuple[str, str, int]]):
        super().__init__(app)
        self.game = game
        self.kinds = kinds[:4]   # (unit type, owner, count)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def lines(self, utype: str, owner: str) -> list[str]:
        state = self.game.state
        ut = state.ruleset.units[utype]
        cost = ut.cost_for(owner, state.alliance_of(owner) or "") if owner else None
        out = unit_sentences(state.ruleset, ut, cost if isinstance(cost, int) else None)
        if ut.re is not None:
            out.append(f"Size {ut.re:g} RE" + (f", moves as {ut.move_class}" if ut.move_class else "") + ".")
        if ut.transport_cost:
            out.append(f"Takes {ut.transport_cost} transport space{'s' if ut.transport_cost != 1 else ''}.")
        if ut.description:
            out.append(ut.description)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        from .counters import draw_counter
        state = self.game.state
        w = 620
        blocks = []
        for utype, owner, n in self.kinds:
            if utype not in state.ruleset.units:
                continue
            body = [part for line in self.lines(utype, owner) for part in theme.wrap(line, w - 110, 19)]
            blocks.append((utype, owner, n, body))
        h = 40 + sum(70 + 22 * len(b[3]) for b in blocks)
        rect = widgets.titled_dialog(surface, w, h + 40, "Unit card" if len(blocks) == 1 else "Unit cards")
        y = rect.y + 64
        for utype, owner, n, body in blocks:
            ut = state.ruleset.units[utype]
            try:
                p = state.scenario.player(owner)
                col, who = theme.color(p.color), p.name
            except KeyError:
                col, who = theme.NEUTRAL, ""
            draw_counter(surface, (rect.x + 20, y), utype, ut.domain, col, 56, anchor="topleft", stats="")
            title = ut.name + (f" ×{n}" if n > 1 else "") + (f"  ·  {who}" if who else "")
            theme.text(surface, theme.elide(title, w - 110, 24, bold=True), (rect.x + 90, y), 24, theme.ACCENT,
                       bold=True)
            y += 32
            for line in body:
                if y + 22 > rect.bottom - 8:
                    break
                theme.text(surface, line, (rect.x + 90, y), 19, theme.TEXT)
                y += 22
            y += 38
