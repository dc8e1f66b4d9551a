"""The hex map's side panel: what the phase asks of the player (the stack to move
and its options, the attack being prepared with its odds preview, the losses,
retreat and advance choices after a combat result), drawn from `HexPlay`'s
selection; its buttons call HexPlay, which sends the actions."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.hex import airdrop as hexairdrop
from game.rules.hex import combat as hexcombat
from game.rules.hex import crt
from game.rules.hex import move as hexmove

from .. import theme, widgets
from . import counters as hexcounters
from .texts import MOVING, short

if TYPE_CHECKING:
    from .play import HexPlay

ROW_H = 34
COMPACT_ROW_H = 26    # a long choice list: lower rows, then a scroll
SCROLL_BAR_H = 30

# result codes by who they hurt (bar colours in the preview)
GOOD_FOR_ATTACKER = {"DR", "DH", "DE", "HX", "EX"}
BAD_FOR_ATTACKER = {"AE", "AH", "AR"}


class HexPanel:
    def __init__(self, play: HexPlay):
        self.play = play
        self.scene = play.scene
        self.renderer = play.renderer
        self.row_scroll = 0
        self._row_max = 0
        self.rows_rect: pygame.Rect | None = None   # the unit list drawn last (wheel)
        self._rows_key: object = None

    def panel_need(self) -> int:
        """Height the side panel's phase box asks for: more while a long choice list is up
        (the minimap shrinks or goes for it)."""
        n = 0
        st = self.scene.state
        if st.phase == "combat":
            p = self.play.decision()
            if p is not None and p.stage.endswith("losses"):
                ch = self.play.loss_choice()
                n = len(ch.units) if ch is not None else 0
            elif p is not None:
                n = len(p.retreating)
            elif (adv := self.play.advance()) is not None:
                n = len(adv[1])
        elif st.phase in MOVING and self.play.sel is not None:
            n = len(self.renderer.units_by_hex(st).get(self.play.sel, []))
        return 420 + min(8, max(0, n - 5)) * COMPACT_ROW_H

    def draw_panel(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        st = self.scene.state
        self.rows_rect = None
        phase = st.phase
        if phase in MOVING:
            return self._panel_move(surface, box)
        if phase == "combat":
            return self._panel_combat(surface, box)
        y = self._hint(surface, box, box.y, "Reinforcements arrive and supply is checked at the start of the "
                       "player-turn. End the phase to move (Enter).")
        arrived = hexcombat.turn(st).arrived
        if arrived:
            names: dict[str, int] = {}
            for i in arrived:
                if i in st.units:
                    n = f"{st.utype(st.units[i]).name} at {st.scenario.spaces[st.units[i].space].name}"
                    names[n] = names.get(n, 0) + 1
            y = self._hint(surface, box, y, "Arrived: " + "; ".join(f"{k} ×{v}" if v > 1 else k
                                                                     for k, v in names.items()), theme.GOOD)
        if self.scene.my_turn():
            for u in sorted(st.units.values(), key=lambda u: u.uid):
                ab = st.utype(u).ability("airborne_hq")
                if u.owner != st.player or ab is None or y + 34 > box.bottom:
                    continue
                other = st.ruleset.units.get(ab.flips_to[0]) if ab.flips_to else None
                label = f"Flip {short(st.utype(u).name)}" + (f" to {short(other.name)}" if other else "")
                widgets.button(surface, self.scene.spots, pygame.Rect(box.x, y, box.w, 30), label,
                               partial(self.scene.ctl.do, A.Flip(u.uid)), size=17,
                               tooltip=f"At {st.scenario.spaces[u.space].name}: airborne HQ sides (15.A.3)")
                y += 34
        oos = [u for u in st.units.values() if u.owner == st.player and u.oos]
        if oos:
            y = self._hint(surface, box, y, f"{len(oos)} of your units are out of supply (a red corner on "
                           "the counter; attack and movement halved, defense too after a while).", theme.BAD)
        return y

    def _hint(self, surface: pygame.Surface, box: pygame.Rect, y: int, text: str,
              col: tuple[int, ...] = theme.TEXT_DIM, size: int = 18) -> int:
        for line in theme.wrap(text, box.w, size):
            if y + size > box.bottom:
                break
            theme.text(surface, line, (box.x, y), size, col)
            y += size
        return y + 4

    def _title(self, surface: pygame.Surface, box: pygame.Rect, y: int, hid: str) -> int:
        st = self.scene.state
        name = st.scenario.spaces[hid].name
        theme.text(surface, theme.elide(name, box.w - 50, 22, bold=True), (box.x, y), 22, theme.TEXT, bold=True)
        theme.text(surface, hid, (box.right, y + 3), 16, theme.TEXT_DIM, anchor="topright")
        return y + 24

    def _unit_rows(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list, selectable: set[int],
                   what: str, reserve: int = 8) -> int:
        """The units of a hex (click: toggle); a long list is drawn lower, then scrolls."""
        sc = self.scene
        st = sc.state
        row_h, top, fit = self._window(box, y, len(units), reserve, ("units", self.play.sel, self.play.target))
        size = 18 if row_h >= ROW_H else 16
        for u in units[top:top + fit]:
            ut = st.utype(u)
            row = pygame.Rect(box.x, y, box.w, row_h - 3)
            chosen = u.uid in self.play.picked
            fill = theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if chosen else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            col = self.renderer.colors.get(u.owner, theme.NEUTRAL)
            surface.blit(hexcounters.counter_surface(ut, col, row_h - 5, damage=u.damage), (row.x + 2, row.y + 1))
            right = ""
            if st.phase in MOVING and u.owner == st.player:
                right = f"{hexmove.mp_left(st, u)}/{hexmove.movement_allowance(st, u)} MP"
                if u.oos:
                    right = "out of supply · " + right
            elif st.phase == "combat" and u.uid in hexcombat.turn(st).used:
                right = "attacked"
            rw = theme.text_width(right, 16) + 6 if right else 0
            theme.text(surface, theme.elide(ut.name, row.w - row_h - 10 - rw, size), (row.x + row_h + 4, row.centery),
                       size, theme.TEXT if u.uid in selectable or chosen else theme.TEXT_DIM, anchor="midleft")
            if right:
                theme.text(surface, right, (row.right - 4, row.centery), 16, theme.TEXT_DIM, anchor="midright")
            if u.uid in selectable:
                sc.spots.add(row, partial(self.play.toggle, u.uid),
                             tooltip=f"{hexcounters.factors(ut, u.damage)} {ut.name}: click to {what}")
            y += row_h
        return self._scroll_bar(surface, box, y, units, top, fit, self.play.picked)

    def _panel_move(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        st = self.scene.state
        y = box.y
        if st.phase == "exploitation":
            text = "Exploitation: combat-motorized units move again with part of their MPs."
        else:
            text = "Click your stack, then a highlighted hex (number: MPs it costs). Dark hatching: enemy zones " \
                   "of control. Right click: deselect."
        y = self._hint(surface, box, y, text)
        if self.play.sel is None:
            return y
        y = self._title(surface, box, y + 2, self.play.sel)
        units = sorted(self.renderer.units_by_hex(st).get(self.play.sel, []), key=lambda u: (u.owner != st.player, u.uid))
        if not units:
            return self._hint(surface, box, y, "No units here.")
        selectable = {u.uid for u in units if self.play.movable(u)}
        y = self._unit_rows(surface, box, y, units, selectable, "move it or leave it behind", reserve=70)
        if self.play.picked:
            re = sum(hexmove.re_of(st.utype(u)) for u in self.play.group())
            n = len(self.play.dests())
            y = self._hint(surface, box, y, f"{len(self.play.picked)} unit(s), {re:g} RE selected · "
                           f"{n} hex{'es' if n != 1 else ''} in reach", theme.INFO)
            air = hexairdrop.transport(st, st.player) if st.phase == "movement" else None
            if air is not None:
                left_t, left_g = hexairdrop.capacity_left(st, st.player)
                why = hexairdrop.group_block(st, tuple(sorted(self.play.picked)))
                if not why and not self.play.drops():
                    why = self.play.no_flight_reason()
                text = (f"By air (blue): {len(self.play.drops())} hexes · transport {left_t:g} RE, gliders {left_g:g} RE "
                        f"left this turn" if not why else f"By air: {why}")
                y = self._hint(surface, box, y, text, (120, 200, 255) if not why else theme.TEXT_DIM, 16)
        return y

    def _panel_combat(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        st = sc.state
        y = box.y
        adv = self.play.advance()
        last = hexcombat.turn(st).last
        p = hexcombat.pending(st)
        if last is not None and (last.attacker == st.player or p is not None):
            hr = st.ruleset.hex
            res = hr.crt.results[last.result].name if hr and last.result in hr.crt.results else last.result
            y = self._hint(surface, box, y, f"Last attack on {st.scenario.spaces[last.target].name}: {last.column}, "
                           f"roll {last.roll}: {last.result} ({res}).", theme.ACCENT)
        if p is not None:
            if self.play.decision() is None:
                return self._hint(surface, box, y, hexcombat.waiting_text(st))
            if p.stage.endswith("losses"):
                return self._panel_losses(surface, box, y)
            return self._panel_retreat(surface, box, y)
        if adv is not None:
            return self._panel_advance(surface, box, y, adv)
        if self.play.target is None:
            n = len(self.play.targets())
            text = ("Click an enemy stack outlined in red to prepare an attack. Each hex is attacked once, "
                    "each unit attacks once." if n else "No enemy stack can be attacked now. End the phase (Enter).")
            return self._hint(surface, box, y, text)
        y = self._title(surface, box, y, self.play.target)
        defenders = sorted(hexmove.enemies_at(st, self.play.target, st.player), key=lambda u: u.uid)
        can = hexcombat.attackers_for(st, self.play.target)
        pv = self.play.preview()
        # attackers (toggle), defenders in one line
        dnames: dict[str, int] = {}
        for u in defenders:
            k = f"{hexcounters.factors(st.utype(u), u.damage)} {st.utype(u).name}"
            dnames[k] = dnames.get(k, 0) + 1
        y = self._hint(surface, box, y, "Defending: " + ", ".join(f"{k}" + (f" ×{v}" if v > 1 else "")
                                                                   for k, v in dnames.items()))
        room = max(1, (box.bottom - y - 250) // ROW_H)
        shown = can[:room]
        y = self._unit_rows(surface, box, y, shown, {u.uid for u in can}, "add it to or take it out of the attack")
        if len(can) > len(shown):
            y = self._hint(surface, box, y, f"+{len(can) - len(shown)} more: click their hexes on the map")
        if pv is not None:
            y = self.draw_preview(surface, box, y + 2, pv)
        enabled = pv is not None and not pv.legal
        bw = (box.w - 8) * 2 // 3
        if y + 36 <= box.bottom + 40:
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y + 2, bw, 34), "Attack (roll)", self.play.attack,
                           enabled=enabled, primary=True, size=20,
                           tooltip=(pv.legal if pv is not None and pv.legal else "Roll the die on this column"))
            widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y + 2, box.w - bw - 8, 34), "Cancel",
                           self.play.cancel, size=20)
            y += 40
        return y

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel over a long choice list scrolls it. True if used."""
        if self.rows_rect is not None and self.rows_rect.collidepoint(pos):
            self.scroll_rows(-dy)
            return True
        return False

    def scroll_rows(self, d: int) -> None:
        self.row_scroll = max(0, min(self.row_scroll + d, self._row_max))

    def _window(self, box: pygame.Rect, y: int, n: int, reserve: int, list_key: object) -> tuple[int, int, int]:
        """(row height, first row shown, rows shown) for a list of n rows from y, keeping
        `reserve` px below: lower rows when they do not fit, then a scrolled window (the
        scroll goes back to the top for a new list)."""
        if list_key != self._rows_key:
            self._rows_key = list_key
            self.row_scroll = 0
        avail = max(ROW_H, box.bottom - reserve - y)
        row_h = ROW_H if n * ROW_H <= avail else max(COMPACT_ROW_H, min(ROW_H, avail // max(1, n)))
        fit = max(1, avail // row_h)
        top = 0
        if n > fit:
            fit = max(1, (avail - SCROLL_BAR_H) // row_h)
            self._row_max = n - fit
            top = self.row_scroll = max(0, min(self.row_scroll, self._row_max))
        else:
            self._row_max = 0
            self.row_scroll = 0
        self.rows_rect = pygame.Rect(box.x, y, box.w, min(n, fit) * row_h)
        return row_h, top, fit

    def _scroll_bar(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list, top: int, fit: int,
                    chosen: set[int]) -> int:
        """▲ ▼ and 'k–m of n' under a scrolled list (nothing if it all shows)."""
        sc = self.scene
        n = len(units)
        if n > fit:
            above, below = top, n - top - fit
            bw = 40
            for k, (d, ok, tip) in enumerate(((-(fit - 1) or -1, above > 0, "Scroll the list up (mouse wheel)"),
                                              (fit - 1 or 1, below > 0, "Scroll the list down (mouse wheel)"))):
                r = pygame.Rect(box.x + k * (bw + 6), y + 1, bw, SCROLL_BAR_H - 4)
                widgets.button(surface, sc.spots, r, "", partial(self.scroll_rows, d), enabled=ok, size=14,
                               tooltip=tip)
                cx, cy = r.center
                pts = [(cx - 7, cy + 4), (cx + 7, cy + 4), (cx, cy - 5)] if d < 0 else \
                    [(cx - 7, cy - 4), (cx + 7, cy - 4), (cx, cy + 5)]
                pygame.draw.polygon(surface, theme.TEXT if ok else theme.TEXT_DIM, pts)
            picked_out = sum(1 for u in units[:top] + units[top + fit:] if u.uid in chosen)
            text = f"{top + 1}–{top + fit} of {n}" + (f" · {picked_out} chosen out of view" if picked_out else "")
            theme.text(surface, theme.elide(text, box.w - 2 * bw - 16, 16), (box.x + 2 * bw + 14, y + SCROLL_BAR_H // 2),
                       16, theme.TEXT_DIM, anchor="midleft")
            y += SCROLL_BAR_H
        return y

    def _choice_rows(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list,
                     marks: dict[int, str], chosen: set[int], on_click, tooltip: str,
                     mark_col: tuple[int, ...] = theme.BAD, reserve: int = 96) -> int:
        """Unit rows for a choice: the chosen ones highlighted, a mark on the right (lost,
        cadre, RL...); a click calls on_click(uid). `reserve`: the height kept below for the
        text and buttons that follow. A long list is drawn with lower rows and, if it still
        does not fit, scrolls (mouse wheel or the ▲ ▼ buttons under it)."""
        sc = self.scene
        st = sc.state
        row_h, top, fit = self._window(box, y, len(units), reserve, ("choice", self.play._choice_key))
        size = 18 if row_h >= ROW_H else 16
        for u in units[top:top + fit]:
            ut = st.utype(u)
            row = pygame.Rect(box.x, y, box.w, row_h - 3)
            on = u.uid in chosen
            fill = theme.mix(theme.PANEL_2, theme.BAD if marks.get(u.uid, "").startswith(("lost", "reduced"))
                             else theme.ACCENT, 0.35) if on else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if on:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            col = self.renderer.colors.get(u.owner, theme.NEUTRAL)
            surface.blit(hexcounters.counter_surface(ut, col, row_h - 5, damage=u.damage), (row.x + 2, row.y + 1))
            right = marks.get(u.uid, "")
            rw = theme.text_width(right, 16) + 6 if right else 0
            theme.text(surface, theme.elide(short(ut.name), row.w - row_h - 10 - rw, size),
                       (row.x + row_h + 4, row.centery), size, theme.TEXT, anchor="midleft")
            if right:
                theme.text(surface, right, (row.right - 4, row.centery), 16,
                           mark_col if on else theme.TEXT_DIM, anchor="midright")
            sc.spots.add(row, partial(on_click, u.uid),
                         tooltip=f"{hexcounters.factors(ut, u.damage)} {ut.name}: {tooltip}")
            y += row_h
        y = self._scroll_bar(surface, box, y, units, top, fit, chosen)
        return y

    def _panel_losses(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        sc = self.scene
        st = sc.state
        ch = self.play.loss_choice()
        if ch is None:
            return y
        pick = self.play.losses()
        who = sc.ctl.player_name(ch.chooser)
        total = sum(sum(v) for v in ch.steps.values())
        y = self._hint(surface, box, y, f"{who}: choose the {ch.side}'s losses — at least {ch.need:g} of "
                       f"{total:g} strength points. Click a unit to lose it (a unit with a cadre: once "
                       "reduced, twice eliminated); the rules' proposal is pre-selected.", theme.TEXT)
        if ch.required:
            names = ", ".join(short(st.utype(st.units[i]).name) for i in ch.required)
            y = self._hint(surface, box, y, f"Required losses first (11.O): {names} used a special ability "
                           "in this attack.", theme.INFO, 16)
        marks = {}
        for uid in ch.units:
            n = pick.count(uid)
            steps = ch.steps[uid]
            rl = " · RL" if uid in ch.required else ""
            if n == 0:
                marks[uid] = ("keep" if len(steps) == 1 else f"keep ({steps[0]:g}+{steps[1]:g})") + rl
            elif n < len(steps):
                marks[uid] = f"reduced −{sum(steps[:n]):g}{rl}"
            else:
                marks[uid] = f"lost −{sum(steps):g}{rl}"
        units = [st.units[i] for i in ch.units]
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.play.cycle_loss,
                              "click to change its loss")
        got = sum(sum(ch.steps[u][:pick.count(u)]) for u in ch.units)
        why = hexcombat.loss_block(st, tuple(pick))
        y = self._hint(surface, box, y + 2, why or f"Chosen: {got:g} strength points lost ({ch.need:g} needed).",
                       theme.BAD if why else theme.GOOD)
        bw = (box.w - 8) * 2 // 3
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, bw, 34), "Take these losses", self.play.take_losses,
                       enabled=not why, primary=True, size=19,
                       tooltip=why or "Take the chosen losses (Enter)")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y, box.w - bw - 8, 34), "Proposal",
                       self.play.reset_choice, size=18, tooltip="Back to the rules' proposal")
        return y + 40

    def _panel_retreat(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        sc = self.scene
        st = sc.state
        p = hexcombat.pending(st)
        assert p is not None
        who = sc.ctl.player_name(p.chooser)
        side = "defending" if p.stage == "defender_retreat" else "attacking"
        hexes = max(1, p.defender_retreat if p.stage == "defender_retreat" else p.attacker_retreat)
        if p.retreating and all(i in p.escape for i in p.retreating):
            side = "supply"   # lost, a supply unit retreats instead (15.W)
            y = self._hint(surface, box, y, "A supply unit is eliminated only if it has no retreat route "
                           "(15.W): it retreats instead.", theme.INFO, 16)
        what = f"{side} unit" if len(p.retreating) == 1 else f"{side} units"
        y = self._hint(surface, box, y, f"{who}: retreat the {what} {hexes} hex"
                       f"{'es' if hexes > 1 else ''}. Choose units below, then "
                       "click an orange hex on the map (white ring: the rules' proposal; Enter retreats there). "
                       "Not into enemy units, nor an enemy zone of control without friends, within stacking; "
                       "a unit with no such hex is eliminated.", theme.TEXT)
        pick = self.play.retreating()
        units = [st.units[i] for i in p.retreating if i in st.units]
        marks = {u.uid: f"at {st.scenario.spaces[u.space].name}" for u in units}
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.play.toggle_retreat,
                              "click to retreat it with the others or on its own", (255, 170, 80), reserve=110)
        opts = self.play.retreat_opts()
        dflt = self.play.retreat_default()
        if not pick:
            text, col = "Choose the units that retreat.", theme.BAD
        elif not opts:
            text, col = "These units have no hex to retreat to together: choose fewer of them.", theme.BAD
        else:
            names = ", ".join(sorted(st.scenario.spaces[h].name for h in opts))
            text, col = f"{len(pick)} unit(s) may retreat to: {names}.", theme.GOOD
        y = self._hint(surface, box, y + 2, text, col)
        if dflt is not None:
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 34),
                           theme.elide(f"Retreat to {st.scenario.spaces[dflt].name}", box.w - 20, 19),
                           lambda: self.play.do_retreat(dflt), primary=True, size=19,
                           tooltip="Retreat the chosen units to the proposed hex (Enter)")
            y += 40
        return y

    def _panel_advance(self, surface: pygame.Surface, box: pygame.Rect, y: int,
                       adv: tuple[str, tuple[int, ...]]) -> int:
        sc = self.scene
        st = sc.state
        hid, uids = adv
        y = self._hint(surface, box, y, f"{st.scenario.spaces[hid].name} is empty: your attackers may advance "
                       "into it. Choose who (the proposal is pre-selected), then click the green hex or "
                       "Advance (Enter).", theme.GOOD)
        pick = self.play.advancing()
        units = [st.units[i] for i in uids if i in st.units]
        marks = {u.uid: ("advances" if u.uid in pick else "stays") for u in units}
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.play.toggle_advance,
                              "click to advance it or leave it", theme.GOOD)
        why = hexcombat.advance_explain(st, pick)
        if why:
            y = self._hint(surface, box, y, why, theme.BAD)
        bw = (box.w - 16) // 3
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, bw, 34), f"Advance ({len(pick)})",
                       lambda: self.play.do_advance(pick), primary=True, size=18, enabled=not why and bool(pick),
                       tooltip=why or "Move the chosen attackers into the vacated hex (Enter)")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y, bw, 34), "All",
                       lambda: self.play.do_advance(tuple(u.uid for u in units)), size=18,
                       tooltip="Move every surviving attacker into the vacated hex")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + 2 * (bw + 8), y, bw, 34), "Stay",
                       lambda: self.play.do_advance(()), size=18, tooltip="Decline the advance")
        return y + 40


    def draw_preview(self, surface: pygame.Surface, box: pygame.Rect, y: int, pv: crt.CombatPreview) -> int:
        """Odds, column shifts with their reasons and the chance of each result."""
        st = self.scene.state
        hr = st.ruleset.hex
        assert hr is not None
        if pv.legal:
            y = self._hint(surface, box, y, pv.legal, theme.BAD)
        theme.text(surface, f"{pv.attack:g} attack : {pv.defense:g} defense  =  {pv.odds}", (box.x, y), 20,
                   theme.TEXT, bold=True)
        y += 22
        base = hr.crt.columns[pv.base_column]
        theme.text(surface, f"Odds column {base}", (box.x, y), 18, theme.TEXT_DIM)
        y += 19
        for s in pv.shifts:
            col = theme.GOOD if s.columns > 0 else theme.BAD if s.columns < 0 else theme.TEXT_DIM
            theme.text(surface, f"{s.columns:+d}", (box.x + 4, y), 18, col, bold=True)
            lines = theme.wrap(s.reason, box.w - 36, 17)
            for line in lines:
                theme.text(surface, line, (box.x + 34, y + 1), 17, theme.TEXT)
                y += 17
            y += 2
        theme.text(surface, f"Final column {pv.column_label}", (box.x, y), 20, theme.ACCENT, bold=True)
        y += 23
        # the results: a bar per result with its chance
        order = [c for c in hr.crt.results if c in pv.probabilities]
        bar_w = max(60, box.w - 230)        # leaves room for the result's name on the right
        name_w = box.w - 32 - bar_w - 46
        for code in order:
            p = pv.probabilities[code]
            col = theme.GOOD if code in GOOD_FOR_ATTACKER else theme.BAD if code in BAD_FOR_ATTACKER \
                else theme.INFO
            theme.text(surface, code, (box.x, y), 17, col, bold=True)
            r = pygame.Rect(box.x + 32, y + 3, bar_w, 11)
            pygame.draw.rect(surface, (26, 30, 36), r, border_radius=3)
            pygame.draw.rect(surface, col, pygame.Rect(r.x, r.y, max(2, int(r.w * p)), r.h), border_radius=3)
            theme.text(surface, f"{p * 100:.0f}%", (r.right + 6, y), 17, theme.TEXT)
            theme.text(surface, theme.elide(pv.results.get(code, code), name_w, 14), (box.right, y + 2), 14,
                       theme.TEXT_DIM, anchor="topright")
            y += 17
        for note in pv.notes:
            y = self._hint(surface, box, y + 2, note, theme.TEXT_DIM, 15)
        return y + 2
