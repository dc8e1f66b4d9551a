"""The history browser (issue #43 item 1): H (or the map's History button) opens the game's
history as a tree over the side panel: rounds, players, phases, and in them the moves,
purchases, placements and battles (a battle opens on its steps: dice, casualties).
Selecting a node shows the map as it stood then, read-only, with the spaces of that step
marked (a move's path as an arrow); H, Esc or 'Back to the present' returns to the live game,
untouched. Computer players wait while it is open.

Positions come from game.history.Timeline (a kept position every few dozen actions), so
selecting any node takes a few milliseconds even on the longest game.
"""
from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import history
from game.rules import actions as A
from game.rules.model import GameState
from game.rules.session import Session

from . import theme, widgets
from .panel import PANEL_W
from .scene import Scene

if TYPE_CHECKING:
    from .game_scene import GameScene

ROW_H = 24
ROW_SIZE = 17
DETAIL_H = 210
PAST = (156, 120, 220)   # the banner and marks of a past position
DRAG_THRESHOLD = 5


def button_rect(scene: GameScene) -> pygame.Rect:
    view = pygame.Rect(scene.cam.view)
    return pygame.Rect(view.x + 10, view.y + 8, 112, 30)


def draw_button(scene: GameScene, surface: pygame.Surface) -> None:
    """The map's 'History' button (top left), for the game scene's draw."""
    widgets.button(surface, scene.spots, button_rect(scene), "History  (H)", scene.open_history, size=18,
                   tooltip="The game's history: every round, turn, phase, move and battle;\n"
                           "select one to see the map as it stood then  (H)")


_LAST: list[tuple[Session, history.Timeline, history.Node]] = []   # the last history built


def history_of(session: Session) -> tuple[history.Timeline, history.Node]:
    """The timeline and tree of the session's game: the last ones again while no action
    was played or undone since (reopening the history of a long game costs nothing)."""
    if _LAST:
        s, tl, root = _LAST[0]
        if s is session and len(tl.actions) == len(session.actions) and \
                (not tl.actions or tl.actions[-1] is session.actions[-1]) and tl.final is session.state:
            return tl, root
    tl = history.Timeline(session)
    root = history.build(session, tl)
    _LAST[:] = [(session, tl, root)]
    return tl, root


class HistoryView(Scene):
    """Drawn instead of the game scene while open (opaque): the map of the shown position,
    the tree where the side panel was."""
    opaque = True
    blocks_ai = True

    def __init__(self, app, scene: GameScene):
        super().__init__(app)
        self.scene = scene
        session = scene.ctl.session
        self.timeline, self.root = history_of(session)
        self.names = {p.id: p.name for p in session.scenario.players}
        self.expanded: set[int] = {id(self.root)}
        node = self.root
        while node.children and node.children[-1].kind in ("round", "turn"):   # the current turn open
            node = node.children[-1]
            self.expanded.add(id(node))
        self.selected: history.Node | None = None
        self.past: GameState | None = None
        self.trail: tuple[str, ...] = ()
        self.marks: tuple[str, ...] = ()
        self.scroll = 10 ** 6   # clamped when drawn: the newest rows in view
        self.spots = widgets.Hotspots()
        self.tree_rect = pygame.Rect(0, 0, 0, 0)
        self.note: tuple[str, float] | None = None
        self.drag_start: tuple[int, int] | None = None
        self.dragging = False
        self.mouse = (0, 0)

    # --- the tree ---------------------------------------------------------------------
    def rows(self) -> list[tuple[history.Node, int]]:
        out: list[tuple[history.Node, int]] = []

        def walk(node: history.Node, depth: int) -> None:
            for c in node.children:
                out.append((c, depth))
                if c.children and id(c) in self.expanded:
                    walk(c, depth + 1)
        walk(self.root, 0)
        return out

    def toggle(self, node: history.Node) -> None:
        if node.children:
            self.expanded ^= {id(node)}

    def find(self, kind: str, label: str | None = None, within: history.Node | None = None
             ) -> history.Node | None:
        """The first node of a kind (and label) under `within` (tests, keys)."""
        stack = list(reversed((within or self.root).children))
        while stack:
            n = stack.pop()
            if n.kind == kind and (label is None or n.label == label):
                return n
            stack.extend(reversed(n.children))
        return None

    def reveal(self, node: history.Node) -> None:
        """Open the node's ancestors so that its row is shown."""
        def path(n: history.Node, to: history.Node) -> list[history.Node] | None:
            if n is to:
                return [n]
            for c in n.children:
                p = path(c, to)
                if p is not None:
                    return [n, *p]
            return None
        for n in (path(self.root, node) or [])[:-1]:
            self.expanded.add(id(n))

    def select(self, node: history.Node | None) -> None:
        """Show the position of a node (None: the present)."""
        self.selected = node
        if node is None or node.at is None:
            self.past, self.trail, self.marks = None, (), ()
            return
        self.reveal(node)
        self.past = self.timeline.state(node.at)
        self.trail, self.marks = self.step_spaces(node)
        self.look_at(self.trail or self.marks)

    def look_at(self, spaces: tuple[str, ...]) -> None:
        """Bring the step into view when none of its spaces is on the map view."""
        centers = self.scene.space_centers()
        pts = [centers[s] for s in spaces if s in centers]
        cam = self.scene.cam
        view = pygame.Rect(cam.view).inflate(-80, -80)
        if not pts or any(view.collidepoint(cam.to_screen(*p)) for p in pts):
            return
        cam.center_on(sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def step_spaces(self, node: history.Node) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the arrow of the step: a move's start and path, or one space; the spaces to mark)."""
        acts = self.timeline.actions
        if node.kind == "action" and node.at:
            return self.action_spaces(node.at - 1, acts[node.at - 1])
        if node.kind == "battle" and node.at is not None and node.at < len(acts):
            return self.action_spaces(node.at, acts[node.at])
        marks: list[str] = []   # a phase, turn or round: every space its steps name
        stack = list(node.children)
        while stack and len(marks) < 60:
            n = stack.pop()
            if n.kind == "action" and n.at:
                trail, more = self.action_spaces(n.at - 1, acts[n.at - 1], start=False)
                marks += [s for s in (*trail, *more) if s not in marks]
            stack.extend(n.children)
        return (), tuple(marks)

    def action_spaces(self, i: int, action: A.Action, start: bool = True
                      ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The spaces action i names: (its arrow, other spaces to mark)."""
        if isinstance(action, A.Move) and action.path:
            frm: tuple[str, ...] = ()
            if start:
                before = self.timeline.state(i)
                spaces = {before.units[u].space for u in action.units if u in before.units}
                frm = tuple(sorted(spaces))[:1]
            return frm + tuple(action.path), ()
        if isinstance(action, (A.Airdrop, A.SupplyDrop, A.Advance)) and action.to:
            return (action.to,), ()
        if isinstance(action, A.Attack):
            return (action.target,), ()
        space = getattr(action, "space", None)
        if isinstance(space, str) and space:
            return (space,), ()
        return (), ()

    # --- input ------------------------------------------------------------------------
    def close(self) -> None:
        """Back to the present: the live game as it was."""
        if self.app.top is self:
            self.app.pop()

    def move(self, step: int) -> None:
        rows = [n for n, _ in self.rows()]
        if not rows:
            return
        k = rows.index(self.selected) + step if self.selected in rows else (len(rows) - 1 if step < 0 else 0)
        node = rows[max(0, min(len(rows) - 1, k))]
        self.select(node)
        self.keep_visible(node)

    def keep_visible(self, node: history.Node) -> None:
        rows = [n for n, _ in self.rows()]
        if node not in rows or self.tree_rect.h <= 0:
            return
        k, per = rows.index(node), max(1, self.tree_rect.h // ROW_H)
        if k < self.scroll:
            self.scroll = k
        elif k >= self.scroll + per:
            self.scroll = k - per + 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_h):
                self.close()
            elif key == pygame.K_UP:
                self.move(-1)
            elif key == pygame.K_DOWN:
                self.move(1)
            elif key == pygame.K_PAGEUP:
                self.move(-10)
            elif key == pygame.K_PAGEDOWN:
                self.move(10)
            elif key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.selected is not None and self.selected.children:
                    want = {pygame.K_RIGHT: True, pygame.K_LEFT: False}.get(key, id(self.selected) not in self.expanded)
                    if want != (id(self.selected) in self.expanded):
                        self.toggle(self.selected)
            elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.scene.cam.zoom(1.25)
            elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.scene.cam.zoom(1 / 1.25)
            elif key == pygame.K_HOME:
                self.scene.cam.fit()
            return
        on_map = pygame.Rect(self.scene.cam.view)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag_start is not None:
                dx, dy = event.pos[0] - self.drag_start[0], event.pos[1] - self.drag_start[1]
                if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                    self.dragging = True
                    self.scene.cam.pan(event.rel[0], event.rel[1])
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.tree_rect.collidepoint(self.mouse):
                self.scroll = max(0, self.scroll - 3 * event.y)
            elif on_map.collidepoint(self.mouse):
                self.scene.cam.zoom(1.15 ** event.y, self.mouse)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button in (4, 5) or self.spots.click(event):
                return
            if on_map.collidepoint(event.pos):
                self.drag_start, self.dragging = event.pos, False
            return
        if event.type == pygame.MOUSEBUTTONUP and self.drag_start is not None:
            was_drag = self.dragging
            self.drag_start, self.dragging = None, False
            if not was_drag:
                self.note = ("Viewing the past: press H or Back to the present" if self.past is not None
                             else "The history is open: press H or Back to the present to play", time.monotonic())

    def click_row(self, node: history.Node, arrow_x: int | None = None) -> None:
        """A click on a row: on its arrow (at `arrow_x`), open or close it; on its name,
        select it and open it (a second click on the selected name closes it)."""
        if arrow_x is not None and arrow_x - 4 <= self.mouse[0] <= arrow_x + 13:
            self.toggle(node)
            return
        if node is self.selected or node.at is None or id(node) not in self.expanded:
            self.toggle(node)
        self.select(node)

    # --- drawing ----------------------------------------------------------------------
    def shown(self) -> GameState:
        return self.past if self.past is not None else self.scene.state

    def banner_text(self) -> str:
        if self.past is None or self.selected is None:
            return f"History  —  the present (after action {len(self.timeline)}): select a step on the right"
        st = self.past
        from .game_scene import theme_phase
        at = self.selected.at or 0
        where = {"action": f"after action {at}", "battle": f"as the battle began (after action {at})"}.get(
            self.selected.kind, f"at its start (after action {at})")
        return (f"History: round {st.round}, {self.names.get(st.player, st.player)}, {theme_phase(st)}"
                f"  —  {where} of {len(self.timeline)}")

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        size = surface.get_size()
        sc.cam.set_view(sc.map_view(size))
        self.spots.clear()
        state = self.shown()
        if sc.hexplay is not None:
            from .hex.render import HexOverlay
            ov = HexOverlay(path=self.trail if len(self.trail) > 1 else (),
                            selected=self.trail[0] if self.trail else None, targets=set(self.marks))
            sc.renderer.draw(surface, sc.cam, state, ov)  # type: ignore[arg-type]
        else:
            marks = {s: PAST for s in (*self.trail, *self.marks)}
            sc.renderer.draw(surface, sc.cam, state, marks, None, None, ())
        if self.past is not None:
            sc.draw_trail(surface, self.trail, PAST)
        self.draw_banner(surface)
        self.draw_note(surface)
        self.draw_tree(surface, pygame.Rect(size[0] - PANEL_W, 0, PANEL_W, size[1]))
        widgets.hover_tooltip(surface, self.spots)

    def draw_banner(self, surface: pygame.Surface) -> None:
        view = pygame.Rect(self.scene.cam.view)
        msg = theme.elide(self.banner_text(), view.w - 60, 21, bold=True)
        rect = pygame.Rect(0, 0, theme.text_width(msg, 21, bold=True) + 32, 34)
        rect.midtop = (view.centerx, 8)
        theme.panel(surface, rect, fill=theme.mix((28, 32, 40), PAST, 0.35), edge=PAST, radius=14)
        theme.text(surface, msg, rect.center, 21, theme.TEXT, anchor="center", bold=True)

    def draw_note(self, surface: pygame.Surface) -> None:
        if self.note is None or time.monotonic() - self.note[1] > 5.0:
            return
        view = pygame.Rect(self.scene.cam.view)
        rect = pygame.Rect(0, 0, theme.text_width(self.note[0], 21) + 36, 36)
        rect.midbottom = (view.centerx, view.bottom - 14)
        theme.panel(surface, rect, fill=theme.mix((26, 28, 34), PAST, 0.2), edge=PAST, radius=8)
        theme.text(surface, self.note[0], rect.center, 21, theme.TEXT, anchor="center")

    def draw_tree(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme.panel(surface, rect, radius=0)
        x, w = rect.x + 12, rect.w - 24
        theme.text(surface, "History", (x, rect.y + 10), 26, theme.ACCENT, bold=True)
        theme.text(surface, theme.elide(self.root.label, w, 16), (x, rect.y + 42), 16, theme.TEXT_DIM)
        widgets.button(surface, self.spots, pygame.Rect(x, rect.bottom - 48, w, 38), "Back to the present",
                       self.close, primary=True, size=20, tooltip="Return to the game  (H or Esc)")
        detail = pygame.Rect(x, rect.bottom - 56 - DETAIL_H, w, DETAIL_H)
        tree = pygame.Rect(x, rect.y + 66, w, detail.y - 8 - (rect.y + 66))
        self.tree_rect = tree
        rows = self.rows()
        per = max(1, tree.h // ROW_H)
        self.scroll = max(0, min(self.scroll, len(rows) - per))
        pygame.draw.rect(surface, theme.PANEL_2, tree, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(tree)
        for k, (node, depth) in enumerate(rows[self.scroll:self.scroll + per]):
            r = pygame.Rect(tree.x, tree.y + k * ROW_H, tree.w - 10, ROW_H)
            if node is self.selected:
                pygame.draw.rect(surface, theme.mix(theme.PANEL_2, PAST, 0.45), r, border_radius=4)
            ix = r.x + 6 + depth * 14
            if node.children:
                cy = r.centery
                pts = ([(ix, cy - 5), (ix + 9, cy - 5), (ix + 4.5, cy + 4)] if id(node) in self.expanded
                       else [(ix + 1, cy - 6), (ix + 1, cy + 6), (ix + 9, cy)])
                pygame.draw.polygon(surface, theme.TEXT_DIM, pts)
            col = {"round": theme.ACCENT, "turn": theme.TEXT, "phase": theme.INFO,
                   "battle": theme.BAD}.get(node.kind, theme.TEXT)
            bold = node.kind in ("round", "turn")
            label = node.label if node.kind != "phase" else node.label.capitalize()
            tx = ix + 14
            shown = theme.elide(label, r.right - tx - 4, ROW_SIZE, bold=bold)
            theme.text(surface, shown, (tx, r.y + 3), ROW_SIZE, col, bold=bold)
            self.spots.add(r.clip(tree), partial(self.click_row, node, ix if node.children else None), data=node,
                           tooltip="\n".join(theme.wrap(label, 520, 19)) if shown != label else "")
        surface.set_clip(clip)
        if len(rows) > per:   # the scroll bar
            bar_h = max(20, tree.h * per // len(rows))
            by = tree.y + (tree.h - bar_h) * self.scroll // max(1, len(rows) - per)
            pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(tree.right - 7, by, 5, bar_h), border_radius=2)
        self.draw_detail(surface, detail)

    def draw_detail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL_2, rect, border_radius=6)
        node = self.selected
        if node is None:
            lines = ["Select a round, a turn, a phase or a step:", "the map shows the position then.",
                     "", "Up/Down: step  ·  Right/Left: open/close", "H or Esc: back to the present"]
        else:
            head = node.label.capitalize() if node.kind == "phase" else node.label
            lines = [head] + [s.strip() for s in node.lines[1:]]
            if node.kind == "battle":
                lines += [s.strip() for c in node.children for s in c.lines]
        y, lh = rect.y + 6, theme.font(16).get_linesize()
        for i, line in enumerate(lines):
            for part in theme.wrap(line, rect.w - 14, 16, bold=(i == 0 and node is not None)) or [""]:
                if y + lh > rect.bottom - 4:
                    theme.text(surface, "…", (rect.x + 7, y - 4), 16, theme.TEXT_DIM)
                    return
                theme.text(surface, part, (rect.x + 7, y), 16, theme.ACCENT if i == 0 and node else theme.TEXT,
                           bold=(i == 0 and node is not None))
                y += lh
