"""Edit mode in the window (issue #43): Ctrl+E or the Edit button toggles it (off by
default). While it is on, a red banner warns that changes are recorded as edits, the
computer players wait, a click on the map picks the space to edit (the unit type and owner
start at its first unit's) and the edit box (foldable with its "-", moved to the map's other
side with its ">") offers:
+/- a unit of the chosen type and owner, cycle the space's owner, +/- resources of the
player to move, +/- damage of the chosen multi-hit unit, and "Save as scenario"
(Ctrl+Shift+S: the position as a new scenario in the imported scenarios folder).
Every click sends one edit action (game/rules/edit.py) through the controller, so it is
logged, autosaved and undoable (Ctrl+Z) like a move.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.rules import edit as E
from game.rules.model import SEA

from . import theme, widgets

BANNER = "EDIT MODE: changes are recorded as edits"
BOX_W = 330
RED = (196, 40, 36)
GAME_OVER_SCENARIO = ("Not saved as a scenario: the game is over, so nobody has a move left in this "
                      "position. Load a save from before the end (Esc > Load game…), then Ctrl+Shift+S; "
                      "Ctrl+S saves this finished game.")


class EditMode:
    def __init__(self, scene: Any):
        self.scene = scene
        self.on = False
        self.space: str | None = None
        self.owner_idx = 0
        self.type_id: str | None = None  # the unit type to add or remove (the last used)
        self.unit: int | None = None     # the unit whose damage the box edits
        self.collapsed = False           # the box folded to its title bar
        self.east = False                # the box on the map's east side (else its west)
        self.box = pygame.Rect(0, 0, 0, 0)  # where the box was last drawn

    @property
    def ctl(self) -> Any:
        return self.scene.ctl

    @property
    def state(self) -> Any:
        return self.scene.ctl.state

    def toggle(self) -> None:
        self.on = not self.on
        self.ctl.editing = self.on
        if self.on:
            self.space = self.space or self.scene.sel.space
            self.ctl.say("Edit mode on: the computer players wait; every change is an edit "
                         "in the log (Ctrl+E: off).", "notice")
        else:
            self.ctl.say("Edit mode off.")

    # --- choices -------------------------------------------------------------------
    def players(self) -> list[str]:
        return [p.id for p in self.state.scenario.players]

    def owner(self) -> str:
        ps = self.players()
        return ps[self.owner_idx % len(ps)]

    def types(self) -> list[str]:
        if self.space is None:
            return list(self.state.ruleset.units)
        return E.edit_choices(self.state, self.space)

    def unit_type(self) -> str | None:
        ts = self.types()
        if not ts:
            return None
        return self.type_id if self.type_id in ts else ts[0]

    def turn_type(self, step: int) -> None:
        ts = self.types()
        if ts:
            cur = self.unit_type()
            self.type_id = ts[(ts.index(cur) + step) % len(ts) if cur in ts else 0]

    def pick_space(self, sid: str | None) -> None:
        """A click on the map in edit mode: the space to edit; the type and owner start at
        its first unit's (a space without units keeps the last used)."""
        self.space = sid
        units = self.state.units_in(sid) if sid is not None else []
        if units:
            first = units[0]
            self.type_id = first.type
            if first.owner in self.players():
                self.owner_idx = self.players().index(first.owner)

    def damageable(self) -> list[Any]:
        if self.space is None:
            return []
        return [u for u in self.state.units_in(self.space) if self.state.utype(u).hits > 1]

    # --- the edits -------------------------------------------------------------------
    def send(self, action: Any) -> None:
        if self.ctl.do(action):
            self.ctl.say(self.state.log(1)[0], "good")

    def add(self, delta: int) -> None:
        t = self.unit_type()
        if self.space is not None and t is not None:
            self.type_id = t
            self.send(E.EditUnits(self.space, self.owner(), t, delta))

    def cycle_owner(self) -> None:
        if self.space is None:
            return
        order: list[str | None] = [*self.players(), None]
        cur = self.state.owners.get(self.space)
        nxt = order[(order.index(cur) + 1) % len(order)] if cur in order else order[0]
        self.send(E.EditOwner(self.space, nxt or ""))

    def resources(self, delta: int) -> None:
        p = self.state.player
        self.send(E.EditResources(p, self.state.resources.get(p, 0) + delta))

    def damage(self, delta: int) -> None:
        units = self.damageable()
        u = next((x for x in units if x.uid == self.unit), units[0] if units else None)
        if u is None:
            self.ctl.say("No unit here takes more than one hit.", "error")
            return
        self.unit = u.uid
        self.send(E.EditDamage(u.uid, u.damage + delta))

    def next_unit(self) -> None:
        units = self.damageable()
        if units:
            uids = [u.uid for u in units]
            i = uids.index(self.unit) + 1 if self.unit in uids else 0
            self.unit = uids[i % len(uids)]

    def save_as_scenario(self) -> None:
        from game.io.position import PositionError, write_scenario
        from game.rules.ruleset import imported_dir
        if self.state.over:
            self.ctl.say(GAME_OVER_SCENARIO, "error")
            return
        try:
            path = write_scenario(self.state, imported_dir(), sources=self.ctl.session.sources)
        except (PositionError, OSError) as exc:
            self.ctl.say(f"Not saved as a scenario: {exc}", "error")
            return
        self.ctl.say(f"Saved as scenario {path.stem} ({path}); balance and arena can start "
                     f"from it.", "good")

    def fold(self) -> None:
        self.collapsed = not self.collapsed

    def switch_side(self) -> None:
        self.east = not self.east

    # --- drawing ---------------------------------------------------------------------
    def draw_toggle(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        rect = pygame.Rect(view.x + 10, view.bottom - 44, 86, 32)
        widgets.button(surface, self.scene.spots, rect, "Edit" if not self.on else "Edit: on",
                       self.toggle, selected=self.on, size=19,
                       tooltip="Edit mode for playtesting (Ctrl+E)")

    def draw(self, surface: pygame.Surface) -> None:
        view = pygame.Rect(self.scene.cam.view)
        self.draw_toggle(surface, view)
        if not self.on:
            return
        pygame.draw.rect(surface, RED, view, width=4)
        w = theme.font(22, True).size(BANNER)[0] + 36
        rect = pygame.Rect(0, 0, w, 32)
        rect.midtop = (view.centerx, 44)
        pygame.draw.rect(surface, RED, rect, border_radius=8)
        theme.text(surface, BANNER, rect.center, 22, theme.TEXT, anchor="center", bold=True)
        self.draw_box(surface, view)

    def draw_box(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        st = self.state
        box = pygame.Rect(0, view.y + 90, 240 if self.collapsed else BOX_W, 44 if self.collapsed else 330)
        if self.east:
            box.right = view.right - 10
        else:
            box.x = view.x + 10
        self.box = box
        theme.panel(surface, box, fill=(40, 26, 28), edge=RED)
        x, y = box.x + 12, box.y + 10
        spots = self.scene.spots
        spots.add(box, None)   # clicks inside the box never reach the map
        theme.text(surface, "Edit position", (x, y), 22, theme.TEXT, bold=True)
        widgets.button(surface, spots, pygame.Rect(box.right - 76, box.y + 8, 30, 28),
                       "<" if self.east else ">", self.switch_side, size=19,
                       tooltip="Move this box to the " + ("west" if self.east else "east") + " of the map")
        widgets.button(surface, spots, pygame.Rect(box.right - 40, box.y + 8, 30, 28),
                       "+" if self.collapsed else "-", self.fold, size=19,
                       tooltip="Open this box" if self.collapsed else "Fold this box to its title (the map shows)")
        if self.collapsed:
            return
        y += 30
        if self.space is None:
            theme.text(surface, "Click a space on the map.", (x, y), 20, theme.TEXT_DIM)
        else:
            sp = st.scenario.spaces[self.space]
            owner = self.ctl.player_name(st.owners.get(self.space)) if sp.kind != SEA else "sea zone"
            theme.text(surface, theme.elide(f"{sp.name} ({owner})", BOX_W - 24, 20), (x, y), 20,
                       theme.ACCENT)
        y += 28

        def row(label: str, value: str, minus: Any, plus: Any, tip: str = "") -> None:
            nonlocal y
            theme.text(surface, label, (x, y + 6), 19, theme.TEXT_DIM)
            widgets.button(surface, spots, pygame.Rect(x + 78, y, 28, 28), "<" if label in
                           ("Owner", "Type", "Unit") else "-", minus, size=19, tooltip=tip)
            theme.text(surface, theme.elide(value, 150, 19), (x + 190, y + 14), 19, theme.TEXT,
                       anchor="center")
            widgets.button(surface, spots, pygame.Rect(x + 274, y, 28, 28), ">" if label in
                           ("Owner", "Type", "Unit") else "+", plus, size=19, tooltip=tip)
            y += 34

        def turn(attr: str, step: int) -> Any:
            return lambda: setattr(self, attr, getattr(self, attr) + step)

        t = self.unit_type()
        row("Owner", self.ctl.player_name(self.owner()), turn("owner_idx", -1), turn("owner_idx", 1),
            "the owner of the units to add or remove")
        row("Type", st.ruleset.units[t].name if t else "-", lambda: self.turn_type(-1),
            lambda: self.turn_type(1), "the unit type to add or remove")
        have = sum(1 for u in st.units_in(self.space) if u.owner == self.owner() and u.type == t) \
            if self.space and t else 0
        row("Units", f"{have} here", lambda: self.add(-1), lambda: self.add(1),
            "remove / add one unit of this type and owner in the space")
        p = st.player
        row("IPCs", f"{self.ctl.player_name(p)} {st.resources.get(p, 0)}", lambda: self.resources(-1),
            lambda: self.resources(1), "the resources of the player to move")
        units = self.damageable()
        u = next((x for x in units if x.uid == self.unit), units[0] if units else None)
        row("Unit", f"{st.utype(u).name} #{u.uid}" if u else "none with hits > 1",
            self.next_unit, self.next_unit, "the multi-hit unit whose damage you edit")
        row("Damage", f"{u.damage} of {st.utype(u).hits - 1}" if u else "-",
            lambda: self.damage(-1), lambda: self.damage(1), "repair / damage the unit")
        widgets.button(surface, spots, pygame.Rect(x, y + 4, 140, 30), "Cycle owner",
                       self.cycle_owner, enabled=self.space is not None, size=19,
                       tooltip="the space's owner: each player, then neutral")
        widgets.button(surface, spots, pygame.Rect(x + 150, y + 4, 152, 30), "Save as scenario",
                       self.save_as_scenario, size=19,
                       tooltip="this position as a new scenario (Ctrl+Shift+S)")
