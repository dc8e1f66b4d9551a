"""The side panel of the map view: turn, player, resources, what the phase
asks for (unit stacks to move, battles, units to place), selected space, log,
and the Undo / End phase buttons."""
from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import objectives, politics, victory
from game.rules.zone import facilities, movement, production, raids
from game.rules.zone.phases import PHASE_NAMES

from . import odds_view, palette, theme, widgets
from .counters import draw_counter
from .zone import airdrop_panel, coastal_panel, logistics_panel

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .game_scene import GameScene

PANEL_W = 340
PAD = 12
MIN_LOG = 96  # the log keeps at least this many pixels (about four lines)
PANEL_REFRESH_S = 2.0    # the kept panel is drawn anew at least this often (a safety net)


@dataclass
class PanelImage:
    """The panel as last drawn, shown again while what it shows is the same (issue #46
    item 9: drawing it took ~1.5 ms of every panning frame on the Global 1940 map)."""
    key: tuple
    image: pygame.Surface
    spots: list            # the hotspots its drawing added (buttons, rows, minimap)
    mini: pygame.Rect | None   # where the minimap is (redrawn each frame: its view box moves)
    under: tuple[pygame.Rect, pygame.Surface] | None   # the minimap, its frame, no view box
    made: float


def player_label(ctl, pid: str, width: int | None = None, size: int = 24) -> str:
    """'Italy' or 'Italy — computer (greedy)'; given a width (bold text of `size`), the
    longest of that, 'Italy — computer' and the name that fits, so that a narrow panel
    says 'Germany — computer' rather than 'Germany — computer (stand...'."""
    name = ctl.player_name(pid)
    if not ctl.is_ai(pid):
        return name
    full = f"{name} — computer ({ctl.level_of(pid)})"
    if width is None:
        return full
    for label in (full, f"{name} — computer"):
        if theme.text_width(label, size, bold=True) <= width:
            return label
    return name


def header_title(state) -> str:
    """The panel's big title: the phase, or "Game over" once the game has ended (the
    turn order has already moved on to the next player's first phase by then)."""
    return "Game over" if state.over else PHASE_NAMES.get(state.phase, state.phase)


class SidePanel:
    def __init__(self, scene: GameScene):
        self.scene = scene
        self.log_scroll = 0  # lines scrolled back from the newest
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.stack_scroll = 0
        self.stack_rect = pygame.Rect(0, 0, 0, 0)
        self.attack_scroll = 0  # lines of the planned-attacks list scrolled
        self.attack_rect = pygame.Rect(0, 0, 0, 0)
        self._attack_lines = 0
        self._attack_fit = 0
        self._stack_space: str | None = None
        self._follow: tuple | None = None
        self._why_key: tuple | None = None
        self._why = ""
        self._place_key: tuple | None = None
        self._place_opts: list[tuple[str, int]] = []
        self._cached: PanelImage | None = None
        self._mini_area: pygame.Rect | None = None
        self._mini_under: tuple[pygame.Rect, pygame.Surface] | None = None

    def scroll_log(self, dy: int) -> None:
        self.log_scroll = max(0, self.log_scroll + dy * 3)

    def scroll_attacks(self, d: int) -> None:
        """Scroll the planned-attacks list by d lines."""
        self.attack_scroll = max(0, min(self.attack_scroll + d, max(0, self._attack_lines - self._attack_fit)))

    def wheel(self, pos: tuple[int, int], y: int) -> bool:
        """The mouse wheel over the panel scrolls the list under the mouse. True if used."""
        if self.stack_rect.collidepoint(pos):
            self.scroll_stacks(-y)
        elif self.attack_rect.collidepoint(pos):
            self.scroll_attacks(-y)
        elif self.scene.hexplay is not None and self.scene.hexplay.panel.wheel(pos, y):
            pass   # a hex map's long choice list (losses, retreat, advance)
        elif self.log_rect.collidepoint(pos):
            self.scroll_log(y)
        else:
            return False
        return True

    # --- the stack list of the move phases --------------------------------------------
    def scroll_stacks(self, d: int) -> None:
        """Scroll the unit stacks of the selected space by d rows (wheel, ▲ / ▼)."""
        self.stack_scroll = max(0, self.stack_scroll + d)

    def stack_top(self, stacks: list, fit: int) -> int:
        """The first stack row shown: reset for a new space, moved so that the selected
        stacks are in view whenever the selection changes (a hidden stack is never the
        only one selected), then clamped."""
        sel = self.scene.sel
        if sel.space != self._stack_space:
            self._stack_space = sel.space
            self.stack_scroll = 0
            self._follow = None
        chosen = [i for i, (key, _u) in enumerate(stacks) if sel.counts.get(key, 0)]
        sig = tuple(chosen)
        if sig != self._follow and chosen:
            first, last = chosen[0], chosen[-1]
            if first < self.stack_scroll or last >= self.stack_scroll + fit:
                self.stack_scroll = first if last - first >= fit else max(0, last - fit + 1)
        self._follow = sig
        self.stack_scroll = max(0, min(self.stack_scroll, len(stacks) - fit))
        return self.stack_scroll

    def toggle_stack(self, key) -> None:
        sc = self.scene
        before = self._domains()
        sc.sel.toggle(sc.state, key)
        self._domain_note(before)

    def click_stack(self, key) -> None:
        """A stack row: a plain click selects only that stack (again on the only selected
        stack: none); Shift / Ctrl + click adds it to (or takes it out of) the selection."""
        sc = self.scene
        if sc.adding():
            self.toggle_stack(key)
            return
        chosen = [k for k, n in sc.sel.counts.items() if n]
        if chosen == [key]:
            sc.sel.set_count(sc.state, key, 0)
            return
        sc.sel.counts = {}
        sc.sel._dest_cache = None
        sc.sel.toggle(sc.state, key)

    def set_stack(self, key, n: int) -> None:
        sc = self.scene
        before = self._domains()
        sc.sel.set_count(sc.state, key, n)
        self._domain_note(before)

    def _domains(self) -> set[str]:
        from .selection import stack_class
        sc = self.scene
        return {stack_class(sc.state, k) for k, n in sc.sel.counts.items() if n}

    def _domain_note(self, before: set[str]) -> None:
        """Picking a stack of another kind drops the others: say so instead of doing it silently."""
        after = self._domains()
        dropped = before - after
        if dropped and after:
            self.scene.ctl.say("Land, sea and air units move separately (and cargo unloads on its own): "
                               "the other selection was cleared.", "info")

    def why_not(self, units) -> str:
        """Why a stack with moves left has no destination now (asked from the rules)."""
        sc = self.scene
        state = sc.state
        key = (sc.ctl.version, tuple(u.uid for u in units))
        if self._why_key == key:
            return self._why
        why = ""
        try:
            if len(units) > 1 and sc.sel.destinations_for(state, units[:1]):
                why = "not all together: use − to move fewer"
            else:
                # Spaces of the stack's own kind first: infantry next to three sea zones
                # should hear why it cannot go by land, not that it needs a transport.
                domain = state.ruleset.units[units[0].type].domain
                reasons: dict[str, int] = {}
                for sid in state.scenario.spaces[units[0].space].adjacent:
                    r = movement.explain(state, units, sid) or ""
                    if r:
                        own = domain == "air" or state.scenario.spaces[sid].kind == domain
                        reasons[r] = reasons.get(r, 0) + (1000 if own else 1)
                if reasons:  # the reason most destinations share
                    why = max(reasons, key=lambda r: reasons[r])
        except Exception:  # noqa: BLE001 - a missing explanation only loses the hint
            logger.debug("no move explanation; no hint shown", exc_info=True)
            why = ""
        self._why_key, self._why = key, why
        return why

    # --- drawing -----------------------------------------------------------------
    def content_key(self, rect: pygame.Rect) -> tuple:
        """What the panel shows depends on: the game (its version), the selection, the
        hovered space, the scroll positions, the mouse over the panel (hovered buttons
        and rows), the keys held (Shift adds to a selection) and the odds that arrived
        (computed in the background). Anything else shows within PANEL_REFRESH_S."""
        sc = self.scene
        sel = sc.sel
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        inside = rect.collidepoint(mouse)
        return (tuple(rect), sc.ctl.version, id(sc.state), sel.space, tuple(sel.counts.items()),
                tuple(sel.via), getattr(sel, "place_unit", None), sc.hover, sc.drop.active, sc.odds.generation,
                sc.app.top is sc, self.log_scroll, self.stack_scroll, self.attack_scroll,
                mouse if inside else None,
                pygame.mouse.get_pressed() if inside and pygame.display.get_init() else (),
                pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL) if pygame.display.get_init() else 0)

    def forget(self) -> None:
        """Draw the panel afresh next frame (a click or key: an airdrop pick, say, changes
        what it shows without a new game version)."""
        self._cached = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel; in the window loop, its last image while content_key is the same
        (the minimap's view box drawn anew over it), else drawn and kept."""
        sc = self.scene
        if not sc.app.interactive or sc.hexplay is not None:   # single frames (tests, screenshots)
            # and hex maps (their own selection and planning are not in the key): always drawn
            self._draw(surface, rect)
            return
        key = self.content_key(rect)
        now = time.monotonic()
        hit = self._cached
        if hit is not None and hit.key == key and now - hit.made < PANEL_REFRESH_S \
                and surface.get_rect().contains(rect):
            surface.blit(hit.image, rect)
            sc.spots.items.extend(hit.spots)
            if hit.mini is not None and hit.under is not None:   # the minimap, its view box anew
                surface.blit(hit.under[1], hit.under[0])
                sc.minimap_rect = sc.renderer.fit_rect(hit.mini)
                sc.renderer.draw_view_box(surface, sc.cam, sc.minimap_rect)
            return
        first = len(sc.spots.items)
        self._mini_area = None
        self._draw(surface, rect)
        self._cached = None
        if surface.get_rect().contains(rect):
            self._cached = PanelImage(key, surface.subsurface(rect).copy(), sc.spots.items[first:],
                                      self._mini_area, self._minimap_base(), now)

    def _minimap_base(self) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The minimap as just drawn without its view box, over what it covers (drawn at
        each frame from the kept panel, the view box then drawn on it)."""
        if self._mini_area is None or self._mini_under is None:
            return None
        where, under = self._mini_under
        base = under.copy()
        self.scene.renderer.draw_minimap(base, self.scene.cam, self.scene.state,
                                         self._mini_area.move(-where.x, -where.y), view_box=False)
        return where, base

    def _under_minimap(self, surface: pygame.Surface, area: pygame.Rect
                       ) -> tuple[pygame.Rect, pygame.Surface] | None:
        """What the minimap in `area` (its frame and translucent shadow, theme.panel) is
        drawn over, to draw it again on the kept panel image (the shadow must not darken
        twice)."""
        if not self.scene.app.interactive or self.scene.hexplay is not None:   # not kept then
            return None
        frame = self.scene.renderer.fit_rect(area).inflate(6, 6)
        under = pygame.Rect(frame.x - 2, frame.y, frame.w + 8, frame.h + 10).clip(surface.get_rect())
        return under, surface.subsurface(under).copy()

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        sc = self.scene
        state = sc.state
        spots = sc.spots
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        x = rect.x + PAD
        w = rect.w - 2 * PAD
        y = rect.y + PAD
        # header: round and phase
        phase = header_title(state)
        limit = state.scenario.turn_limit   # 0: no limit (the victory conditions end the game)
        theme.text(surface, f"Round {state.round}" + (f" of {limit}" if limit else ""), (x, y), 20, theme.TEXT_DIM)
        theme.text(surface, theme.elide(state.scenario.title, w - 120, 18), (rect.right - PAD, y + 1), 18,
                   theme.TEXT_DIM, anchor="topright")
        y += 20
        theme.text(surface, phase, (x, y), 34, theme.ACCENT, bold=True)
        y += 34
        # current player
        p = state.scenario.player(state.player)
        col = palette.nation_color(state.scenario, p.id)
        theme.swatch(surface, pygame.Rect(x, y + 2, 22, 22), col)
        who = player_label(sc.ctl, p.id, w - 30, 24)
        theme.text(surface, theme.elide(who, w - 30, 24, bold=True), (x + 30, y + 3), 24, theme.TEXT, bold=True)
        y += 28
        if sc.hexplay is not None:  # hex maps: no economy
            theme.text(surface, f"{p.alliance.title()}   ·   game turn {state.round}" + (f" of {limit}" if limit else ""),
                       (x, y), 19, theme.TEXT_DIM)
        else:
            res = state.resources.get(p.id, 0)
            inc = production.income(state, p.id)
            theme.text(surface, f"Resources {res}   ·   income +{inc}   ·   {p.alliance.title()}", (x, y), 19,
                       theme.TEXT_DIM)
            y = self.draw_objectives_line(surface, x, y + 22, w) - 22
            y = self.draw_victory_line(surface, x, y + 22, w) - 22
        y += 22
        actor = sc.ctl.actor()
        if actor != state.player and not state.over:
            from .game_scene import actor_task, grammar_plural
            who = sc.ctl.player_name(actor)
            theme.text(surface, theme.elide(f"{who} {actor_task(state, grammar_plural(state, who))}", w, 19),
                       (x, y), 19, theme.INFO)
            y += 20
        y += 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += 8
        # bottom buttons first (fixed), then the log fills what is left
        by = rect.bottom - PAD - 36
        bw = (w - 2 * 8) // 3
        mine = sc.my_turn()
        widgets.button(surface, spots, pygame.Rect(x, by, bw, 36), "Menu", sc.open_menu,
                       tooltip="Game menu: save, load, battle calculator, quit  (Esc)\nSave: Ctrl+S\n"
                               "Battle calculator: Ctrl+B", size=20)
        widgets.button(surface, spots, pygame.Rect(x + bw + 8, by, bw, 36), "Undo", sc.undo,
                       enabled=mine and sc.ctl.session.can_undo(),
                       tooltip="Undo the last move or purchase  (Ctrl+Z)\nNever past a die roll or phase end",
                       size=20)
        waiting = ""
        if state.scenario.hexmap is not None:   # a hex combat result waits for losses / a retreat
            from game.rules.hex.combat import waiting_text
            waiting = waiting_text(state)
        widgets.button(surface, spots, pygame.Rect(x + 2 * (bw + 8), by, w - 2 * (bw + 8), 36), "End phase",
                       sc.end_phase, enabled=mine and not waiting, primary=True,
                       tooltip=waiting or "End this phase  (Enter)", size=20)
        keys = "Ctrl+B calculator  ·  L legend  ·  Esc menu  ·  Ctrl+Z undo"
        hint = theme.text(surface, theme.elide(keys, w, 15), (x, by - 17), 15, theme.TEXT_DIM)
        spots.add(hint, sc.open_calculator, tooltip="Battle calculator: exact odds for any two armies  (Ctrl+B)")
        ww, wh = sc.renderer.world_size
        moving = state.phase in (movement.COMBAT, movement.NONCOMBAT) and sc.my_turn()
        need = self.move_need() if moving else 0
        if sc.hexplay is not None and sc.my_turn():
            moving, need = True, sc.hexplay.panel.panel_need()
        # the stack list comes first: the minimap shrinks (or goes) to make room for it
        free = by - 24 - 10 - y - need - (MIN_LOG if moving else 140)
        mini_h = int(min(190, w * wh / ww, max(0, free)))
        if mini_h >= 56:
            mini_area = self._mini_area = pygame.Rect(x, by - 24 - mini_h, w, mini_h)
            self._mini_under = self._under_minimap(surface, mini_area)
            sc.minimap_rect = sc.renderer.draw_minimap(surface, sc.cam, state, mini_area)
            sc.spots.add(sc.minimap_rect, None, tooltip="Minimap: click or drag to move the view\n"
                         "Pan: drag, arrows, WASD  ·  Zoom: wheel, + / -  ·  Fit: Home")
            bottom = mini_area.y - 10
        else:  # no room: no minimap this frame (drag, arrows and Home still move the view)
            sc.minimap_rect = pygame.Rect(0, 0, 0, 0)
            bottom = by - 24
        self.stack_rect = pygame.Rect(0, 0, 0, 0)
        self.attack_rect = pygame.Rect(0, 0, 0, 0)
        if moving:  # the move box takes what it needs; the log keeps a few lines
            phase_h = bottom - y - MIN_LOG
        else:
            phase_h = int((bottom - y) * 0.58)
        phase_bottom = self.draw_phase_box(surface, pygame.Rect(x, y, w, max(60, phase_h)))
        y = phase_bottom + 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += 6
        self.draw_log(surface, pygame.Rect(x, y, w, bottom - y))

    # --- phase box ---------------------------------------------------------------------
    def draw_phase_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        state = sc.state
        if state.over:
            theme.text(surface, "The game is over.", box.topleft, 22, theme.ACCENT)
            widgets.button(surface, sc.spots, pygame.Rect(box.x, box.y + 28, box.w, 36), "Game summary",
                           sc.show_summary, primary=True)
            return box.y + 70
        if sc.ctl.ai_to_act():
            y = box.y
            for line in theme.wrap(f"The computer is playing {sc.ctl.player_name(sc.ctl.actor())}. "
                                   "Watch the log; press Space to skip ahead.", box.w, 20):
                theme.text(surface, line, (box.x, y), 20, theme.INFO)
                y += 20
            return self.draw_space_details(surface, pygame.Rect(box.x, y + 8, box.w, box.bottom - y - 8))
        if sc.hexplay is not None:
            return sc.hexplay.panel.draw_panel(surface, box)
        phase = state.phase
        if phase in (movement.COMBAT, movement.NONCOMBAT):
            return self.draw_move_box(surface, box)
        if phase == "purchase":
            return self.draw_purchase_box(surface, box)
        if phase == politics.PHASE:
            return self.draw_politics_box(surface, box)
        if phase == "conduct_combat":
            return self.draw_combat_box(surface, box)
        if phase == "place":
            return self.draw_place_box(surface, box)
        if phase == "collect_income":
            inc = production.income(state, state.player)
            bonus = sum(g for _, g in self.objective_status())
            if production.capital_lost(state, state.player):
                bonus = 0
            more = f" and {bonus} for national objectives" if bonus else ""
            y = self.hint(surface, box, f"End the phase to collect {inc}{more} (Enter).")
            y = self.draw_objective_list(surface, pygame.Rect(box.x, y, box.w, box.bottom - y))
            return self.draw_space_details(surface, pygame.Rect(box.x, y + 4, box.w, box.bottom - y - 4))
        y = self.hint(surface, box, "End the phase to continue (Enter).")
        return y

    # --- national objectives (game/rules/objectives.py) --------------------------------
    def objective_status(self) -> list:
        """The current player's objectives and what each pays now (kept per position)."""
        state = self.scene.state
        if not objectives.enabled(state):
            return []
        key = (id(state), state.action_count, state.player)
        if getattr(self, "_objective_key", None) != key:
            self._objective_key = key
            self._objective_cache = objectives.status(state, state.player)
        return self._objective_cache

    def objectives_tooltip(self) -> str:
        lines = ["National objectives (paid at collect income):"]
        for o, gain in self.objective_status():
            mark = f"met  +{gain}" if gain else "not met"
            lines.append(f"{o.name}: {mark} (bonus {o.bonus})")
            lines.append(f"    {objectives.explain(self.scene.state.scenario, o)}")
        return "\n".join(lines)

    def draw_objectives_line(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """'National objectives: 2 of 5 met (+10)' under the resources; hover lists them."""
        status = self.objective_status()
        if not status:
            return y
        met = [g for _, g in status if g]
        text = f"National objectives: {len(met)} of {len(status)} met" + (f" (+{sum(met)})" if met else "")
        r = theme.text(surface, theme.elide(text, w, 18), (x, y), 18, theme.GOOD if met else theme.TEXT_DIM)
        self.scene.spots.add(r, None, tooltip=self.objectives_tooltip())
        return y + 20

    def draw_victory_line(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """'Victory cities: Axis 7 · Allies 12' under the objectives on a map with victory
        cities; hover for the victory conditions and whether they hold."""
        state = self.scene.state
        if not any(sp.victory_city for sp in state.scenario.spaces.values()):
            return y
        counts = victory.victory_cities(state)
        text = "Victory cities: " + "  ·  ".join(f"{a.replace('_', ' ').title()} {counts.get(a, 0)}"
                                                 for a in state.scenario.turn_alliances)
        r = theme.text(surface, theme.elide(text, w, 18), (x, y), 18, theme.TEXT_DIM)
        self.scene.spots.add(r, None, tooltip="\n".join(["Victory:"] + victory.standing_in_words(state)))
        return y + 20

    def draw_objective_list(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Each objective of the current player, met ones first in green."""
        y = box.y
        for o, gain in sorted(self.objective_status(), key=lambda og: og[1] == 0):
            if y + 19 > box.bottom:
                break
            label = f"{'+' + str(gain) if gain else '—'}  {o.name}"
            r = theme.text(surface, theme.elide(label, box.w, 17), (box.x, y), 17,
                           theme.GOOD if gain else theme.TEXT_DIM)
            self.scene.spots.add(r, None, tooltip=f"{o.name} (bonus {o.bonus}): "
                                 f"{objectives.explain(self.scene.state.scenario, o)}")
            y += 19
        return y + 4

    def hint(self, surface: pygame.Surface, box: pygame.Rect, text: str, y: int | None = None) -> int:
        y = box.y if y is None else y
        for line in theme.wrap(text, box.w, 19):
            theme.text(surface, line, (box.x, y), 19, theme.TEXT_DIM)
            y += 19
        return y + 4

    def _stack_metrics(self) -> tuple[list, int, int]:
        """(stacks of the selected space, row height, pixels kept below the rows)."""
        sc = self.scene
        state = sc.state
        stacks = sc.sel.stacks(state) if sc.sel.space is not None else []
        row_h = 34 if len(stacks) <= 3 else 32
        reserve = 22
        if sc.sel.group(state):  # 'n units selected' and, in the combat move, the odds line
            reserve = 44 + (44 if state.phase == movement.COMBAT else 0)
        return stacks, row_h, reserve

    def move_need(self) -> int:
        """Pixels the move box needs to show every stack row (and one line of attacks)."""
        sc = self.scene
        if sc.drop.active:
            return airdrop_panel.box_need(self)
        stacks, row_h, reserve = self._stack_metrics()
        need = 0 if stacks else 62                      # the hint goes once units are listed
        need += airdrop_panel.button_need(self)
        if sc.state.phase == movement.COMBAT and sc.attack_odds():
            need += 48
        if stacks:
            need += 26 + 20 + len(stacks) * row_h + reserve
        elif sc.sel.space is not None:
            need += 26 + 60
        return need

    def draw_move_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        state = sc.state
        spots = sc.spots
        if sc.drop.active:
            return airdrop_panel.draw_box(self, surface, box)
        stacks, row_h, reserve = self._stack_metrics()
        y = airdrop_panel.draw_button(self, surface, box, box.y)
        if not stacks:  # supply drops and ferry flights (seed 000 air transports)
            y = logistics_panel.draw(self, surface, box, y)
        if not stacks:  # how to move; once the player has units listed the room goes to them
            if state.phase == movement.COMBAT:
                text = "Click your units, then a highlighted destination (red = attack). Right click: deselect."
            else:
                text = "Move units that did not fight; aircraft must land. Right click: deselect."
            y = self.hint(surface, box, text, y)
        # the stack list first: the planned attacks get what it leaves (at least one line)
        need = (26 + 20 + len(stacks) * row_h + reserve) if stacks else (26 + 60 if sc.sel.space else 0)
        if state.phase == movement.COMBAT:
            room = box.bottom - y - need
            y = self.draw_attack_odds(surface, box, y, room)
        if sc.sel.space is None:
            return y
        sp = state.scenario.spaces[sc.sel.space]
        theme.text(surface, theme.elide(sp.name, box.w, 24, bold=True), (box.x, y), 24, theme.TEXT, bold=True)
        y += 26
        if not stacks:
            return self.draw_space_details(surface, pygame.Rect(box.x, y, box.w, box.bottom - y), title=False)
        name_fs, stat_fs = (19, 15) if row_h >= 34 else (17, 14)
        fit = max(1, (box.bottom - reserve - (y + 20)) // row_h)
        top = self.stack_top(stacks, fit)
        more = len(stacks) > fit
        head = ("Your units (click: select, Shift+click: add):" if not more
                else f"Your units {top + 1}–{min(len(stacks), top + fit)} of {len(stacks)} (wheel to scroll):")
        theme.text(surface, theme.elide(head, box.w - (60 if more else 0), 18), (box.x, y), 18, theme.TEXT_DIM)
        if more:
            for k, (d, ok, tip) in enumerate(((-1, top > 0, "Show the stacks above"),
                                              (1, top + fit < len(stacks), "Show the stacks below"))):
                r = pygame.Rect(box.right - 56 + 30 * k, y - 2, 26, 20)
                widgets.button(surface, spots, r, "", partial(self.scroll_stacks, d), enabled=ok, size=14,
                               tooltip=tip)
                cx, cy = r.center
                pts = [(cx - 6, cy + 3), (cx + 6, cy + 3), (cx, cy - 4)] if d < 0 else \
                    [(cx - 6, cy - 3), (cx + 6, cy - 3), (cx, cy + 4)]
                pygame.draw.polygon(surface, theme.TEXT if ok else theme.TEXT_DIM, pts)
        # the wheel scrolls the list anywhere over its header and rows
        self.stack_rect = pygame.Rect(box.x, y - 2, box.w, 22 + min(len(stacks), fit) * row_h)
        y += 20
        for key, units in stacks[top:top + fit]:
            utype, aboard, moved = key
            ut = state.ruleset.units[utype]
            n = sc.sel.counts.get(key, 0)
            left = ut.move - moved
            if ut.has("naval_base_move") or ut.has("air_base_move"):   # a base's +1 (g40, seed 001)
                left = min(movement.moves_left(state, u) for u in units)
            movable = sc.sel.can_move(state, units)
            row = pygame.Rect(box.x, y, box.w, row_h - 2)
            fill = theme.mix(theme.PANEL_2, theme.ACCENT, 0.25) if n else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if n:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            icon = row_h - 6
            draw_counter(surface, (row.x + 4, row.y + 2), ut, ut.domain,
                         palette.nation_color(state.scenario, state.player), icon, anchor="topleft")
            label = ut.name + (" (aboard)" if aboard else "")
            col = theme.TEXT if movable else theme.TEXT_DIM
            theme.text(surface, theme.elide(label, box.w - 150, name_fs), (row.x + icon + 10, row.y + 1), name_fs, col)
            status = f"{left} move{'s' if left != 1 else ''} left" if left > 0 else "no moves left"
            why = ""
            if not movable and left > 0:
                why = self.why_not(units)
                status = why or "cannot move now"
            theme.text(surface, theme.elide(status, box.w - 150, stat_fs),
                       (row.x + icon + 10, row.y + row_h - stat_fs - 4), stat_fs, theme.TEXT_DIM)
            tip = f"{ut.name}: attack {ut.attack}, defense {ut.defense}, move {ut.move}"
            if left > ut.move - moved:
                tip += f" (+{left - (ut.move - moved)} from a base this turn)"
            if why:
                tip += "\n" + "\n".join(theme.wrap(why, 420, 19))
            tip += "\nClick: select only this stack · Shift/Ctrl+click: add it to the selection"
            spots.add(row, partial(self.click_stack, key), tooltip=tip)
            bx = row.right - 104
            by = row.y + (row.h - 24) // 2
            widgets.button(surface, spots, pygame.Rect(bx, by, 26, 24), "−",
                           partial(self.set_stack, key, n - 1), enabled=n > 0, size=22)
            theme.text(surface, f"{n}/{len(units)}", (bx + 52, row.centery), 20, theme.TEXT, anchor="center")
            widgets.button(surface, spots, pygame.Rect(bx + 78, by, 26, 24), "+",
                           partial(self.set_stack, key, n + 1),
                           enabled=n < len(units), size=22)
            y += row_h
        group = sc.sel.group(state)
        if group:
            nd = len(sc.sel.destinations(state, sc.ctl.version))
            kinds: dict[str, int] = {}
            for u in group:
                kinds[state.utype(u).name] = kinds.get(state.utype(u).name, 0) + 1
            what = ", ".join(f"{n} {name}" for name, n in kinds.items())
            msg = (f"Selected {what}: {nd} destination{'s' if nd != 1 else ''} highlighted." if nd
                   else f"Selected {what}: no legal destination for this group.")
            y = self.hint(surface, box, msg + self.waypoint_hint(), y + 2)
            y = self.draw_move_odds(surface, box, y, len(group))
        others = [s for s in sc.renderer.stacks(state, sc.sel.space) if s[0] != state.player]
        if others and y + 20 < box.bottom:
            y = self.hint(surface, box, "Others here: " + others_text(state, others, sc.ctl.player_name), y)
        return y

    def waypoint_hint(self) -> str:
        """The waypoint chosen (Shift+click) and how to drop it, or how to blitz through an
        empty enemy territory and end beyond it (seed 000 R3)."""
        sc = self.scene
        state, sel = sc.state, sc.sel
        if sel.via:
            names = ", ".join(state.scenario.spaces[s].name for s in sel.via)
            return f" Through {names}: click where the move ends. Right click: drop the waypoint."
        if any(sel.blitz_waypoint(state, sc.ctl.version, d) for d in sel.destinations(state, sc.ctl.version)):
            return " Shift+click an empty enemy territory to blitz through it and end beyond."
        return ""

    def select_space(self, sid: str) -> None:
        """A planned attack's chip clicked: select its space (in the state of that moment)."""
        self.scene.sel.select_space(self.scene.state, sid)

    def attack_chips(self, attacks: list[tuple[str, odds_view.OddsView | None]], width: int,
                     raids: Sequence[tuple[str, Any]] = ()) -> list[list[tuple[str, Any, str, int]]]:
        """The planned attacks, then the bombing raids, as lines of chips (space, odds,
        text, width); a raid's odds are its RaidOdds ('none' when unavailable)."""
        state = self.scene.state
        lines: list[list[tuple[str, Any, str, int]]] = [[]]
        x = 0
        items: list[tuple[str, Any]] = list(attacks) + [(sid, r if r is not None else "none") for sid, r in raids]
        for sid, v in items:
            name = state.scenario.spaces[sid].name
            if v is not None and not isinstance(v, odds_view.OddsView):
                val = odds_view.raid_chip_text(v) if not isinstance(v, str) else "?"
            elif v is None:
                val = "free"
            elif v.pending:
                val = "…"
            elif not v.ok:
                val = "?"
            else:
                val = odds_view.pct_ci(v.result, sep="")
                take = odds_view.take_pct(v.result)
                if take:
                    val += f" take {take}"
                if v.scrambles:   # the odds count the aircraft the defender may scramble in
                    val += f" ({v.scrambles} may scramble)"
            name = theme.elide(name, max(40, width - theme.text_width(val, 18, True) - 24), 18)
            cw = theme.text_width(name, 18) + 6 + theme.text_width(val, 18, True) + 14
            if x and x + cw > width:
                lines.append([])
                x = 0
            lines[-1].append((sid, v, name + "\t" + val, cw))
            x += cw + 6
        return lines if lines[0] else []

    def draw_attack_odds(self, surface: pygame.Surface, box: pygame.Rect, y: int, room: int = 10**6) -> int:
        """The planned attacks as compact chips: 'Belarus 99%', several to a line; the stack
        list below has priority, so they get `room` pixels (at least one line; the wheel
        scrolls the rest)."""
        sc = self.scene
        state = sc.state
        attacks = sc.attack_odds()
        planned_raids = sc.raid_odds()
        if not (attacks or planned_raids) or y + 40 > box.bottom:
            self._attack_lines = self._attack_fit = 0
            return y
        lines = self.attack_chips(attacks, box.w, planned_raids)
        lh = 24
        fit = max(1, min(len(lines), (room - 22) // lh))
        self._attack_lines, self._attack_fit = len(lines), fit
        self.attack_scroll = max(0, min(self.attack_scroll, len(lines) - fit))
        head = f"Planned attacks ({len(attacks)}): chance to win" if attacks else ""
        if planned_raids:   # a raid's chip gives its expected damage, not a chance to win
            head += (" · " if head else "") + f"bombing raids ({len(planned_raids)}): damage"
        if len(lines) > fit:
            head += f" · wheel: {self.attack_scroll + 1}–{self.attack_scroll + fit} of {len(lines)} lines"
        theme.text(surface, theme.elide(head, box.w, 17, bold=True), (box.x, y), 17, theme.TEXT_DIM, bold=True)
        self.attack_rect = pygame.Rect(box.x, y, box.w, 20 + fit * lh)
        y += 20
        for line in lines[self.attack_scroll:self.attack_scroll + fit]:
            x = box.x
            for sid, v, text, cw in line:
                name, val = text.split("\t")
                chip = pygame.Rect(x, y, cw, lh - 3)
                sel = sid == sc.sel.space
                pygame.draw.rect(surface, theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if sel else theme.PANEL_2,
                                 chip, border_radius=5)
                if isinstance(v, str):   # a bombing raid without odds
                    col, tip = theme.TEXT_DIM, [f"Bombing raid on {name}", "odds unavailable"]
                elif v is not None and not isinstance(v, odds_view.OddsView):   # a raid's odds
                    col = theme.INFO
                    tip = [f"Bombing raid on {name}"] + odds_view.raid_lines(v, state.ruleset)
                elif v is None:
                    col, tip = theme.GOOD, [f"{name}: no defenders", "Your land units take it without a battle."]
                elif v.pending:
                    col, tip = theme.TEXT_DIM, [f"Attack on {name}", "Computing the odds…"]
                elif not v.ok:
                    col, tip = theme.BAD, [name, f"Odds unavailable: {v.error}"]
                else:
                    p = v.result.attacker_wins
                    col = theme.GOOD if p >= 0.7 else theme.ACCENT if p >= 0.4 else theme.BAD
                    tip = [f"Attack on {name}"] + odds_view.summary_lines(v, state.ruleset)
                    pygame.draw.rect(surface, col, pygame.Rect(chip.x, chip.bottom - 3, max(2, int(chip.w * p)), 3),
                                     border_radius=2)
                r = theme.text(surface, name, (chip.x + 6, chip.centery - 1), 18, theme.TEXT, anchor="midleft")
                theme.text(surface, val, (r.right + 6, chip.centery - 1), 18, col, anchor="midleft", bold=True)
                sc.spots.add(chip, partial(self.select_space, sid),
                             tooltip="\n".join(tip + ["Click: select this space"]))
                x += cw + 6
            y += lh
        return y + 4

    def draw_move_odds(self, surface: pygame.Surface, box: pygame.Rect, y: int, n: int) -> int:
        """'73% to win if you attack X with these units' for the hovered hostile destination:
        the percentage first, so it is never cut off."""
        sc = self.scene
        dest = sc.hover
        v = sc.move_odds(dest)
        if v is None or dest is None or y + 20 > box.bottom:
            return y
        state = sc.state
        name = state.scenario.spaces[dest].name
        units = "this unit" if n == 1 else f"these {n} units"
        joining = any(u.owner == state.player for u in state.units_in(dest))
        if v.pending:
            text = f"Computing the odds for {name}…"
            col = theme.TEXT_DIM
        elif v.ok:
            p = odds_view.pct_ci(v.result)
            text = (f"{p} to win if {units} join the attack on {name}" if joining
                    else f"{p} to win if you attack {name} with {units}")
            take = odds_view.take_pct(v.result)
            if take:
                text += f"; {take} to take it (a land unit left)"
            col = theme.ACCENT
        else:
            text = f"{name}: odds unavailable ({v.error})"
            col = theme.BAD
        for line in theme.wrap(text, box.w, 19):
            if y + 19 > box.bottom:
                break
            theme.text(surface, line, (box.x, y), 19, col)
            y += 19
        return y + 4

    def draw_purchase_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        y = self.hint(surface, box, "Buy units now; you place them at your factories at the end of the turn.")
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 38), "Buy units…  (B)", sc.open_purchase,
                       primary=True, tooltip="Open the purchase screen  (B)")
        y += 46
        return self.draw_bought(surface, box, y)

    def draw_politics_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Politics phase: a button per declaration of the player (greyed with the reason
        when it cannot be made now), and who the player is at war with."""
        sc = self.scene
        state = sc.state
        pol = state.scenario.politics
        y = self.hint(surface, box, "Declare war now, or end the phase (Enter).")
        for d in (pol.declarations if pol else ()):
            if d.player != state.player or y + 36 > box.bottom:
                continue
            why = politics.explain(state, d)
            if why.endswith("nothing would change."):
                continue   # already made
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 32), theme.elide(d.shown, box.w - 16, 18),
                           partial(sc.ask_declare, d), enabled=not why and sc.my_turn(),
                           size=18, tooltip=why or "\n".join(
                               [f"{d.shown}:"] + [f"{line}." for line in politics.consequences(state, d)]))
            y += 38
        foes = [p.name for p in state.scenario.players if state.at_war(state.player, p.id)]
        text = f"At war with: {', '.join(foes) if foes else 'no one'}."
        for line in theme.wrap(text, box.w, 17):
            theme.text(surface, line, (box.x, y), 17, theme.TEXT_DIM)
            y += 18
        return y + 4

    def draw_bought(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        from .zone.purchase import bought_now, waiting_units
        state = self.scene.state
        col = palette.nation_color(state.scenario, state.player)
        groups = (("Bought this turn:", bought_now(state)), ("Waiting from last turn:", waiting_units(state)))
        if not any(g for _t, g in groups):
            theme.text(surface, "Nothing bought yet.", (box.x, y), 19, theme.TEXT_DIM)
            return y + 22
        for title, units in groups:
            if not units:
                continue
            theme.text(surface, title, (box.x, y), 19, theme.TEXT_DIM)
            y += 22
            x = box.x
            for unit, n in units.items():
                if unit in state.ruleset.facilities:   # g40 facilities: a line of text
                    y = self.hint(surface, box, f"{n} {state.ruleset.facilities[unit].name}", y)
                    continue
                ut = state.ruleset.units[unit]
                if x + 36 > box.right:
                    x = box.x
                    y += 38
                draw_counter(surface, (x, y), ut, ut.domain, col, 34, n, anchor="topleft")
                self.scene.spots.add(pygame.Rect(x, y, 34, 34), None, tooltip=f"{n} {ut.name}")
                x += 40
            y += 40
        return y

    def draw_combat_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        state = sc.state
        if state.zone.battle is not None:
            name = state.scenario.spaces[state.zone.battle.space].name
            y = self.hint(surface, box, f"Battle in progress: {name}.")
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 36), "Open battle window  (C)",
                           sc.open_battle, primary=True)
            return y + 44
        guns = coastal_panel.options(self)
        if not state.zone.battles:
            text = "No battles left to fight. End the phase (Enter)."
            if guns:
                text = "No battles left to fight. Fire your coastal artillery, or end the phase (Enter)."
            y = self.hint(surface, box, text)
            return coastal_panel.draw(self, surface, box, y, guns)
        y = self.hint(surface, box, "Choose a battle to fight (or click a red-ringed space):")
        for sid in state.zone.battles:
            if y + 36 > box.bottom:
                break
            sp = state.scenario.spaces[sid]
            if raids.pending(state, sid):   # the raid is flown first (its own battle)
                n = sum(1 for u in raids.raiders(state, sid, state.player) if raids.is_bomber(state, u))
                label = f"{sp.name}:  raid, {n} bomber{'s' if n != 1 else ''}"
                tip = (f"Fly the bombing raid on {sp.name}: interceptors, the facilities' "
                       "anti-aircraft fire, then the damage")
            else:
                mine = sum(1 for u in state.units_in(sid) if u.owner == state.player)
                foes = sum(1 for u in state.units_in(sid) if state.at_war(u.owner, state.player))
                label, tip = f"{sp.name}:  {mine} vs {foes}", f"Fight the battle in {sp.name}"
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 32), theme.elide(label, box.w - 16, 20),
                           partial(sc.click_space, sid), tooltip=tip)
            y += 36
        return coastal_panel.draw(self, surface, box, y, guns)

    def draw_place_box(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        state = sc.state
        todo = production.unplaced(state, state.player)
        todo_facilities = facilities.unplaced(state, state.player)
        if not todo and not todo_facilities:
            return self.hint(surface, box, "Everything is placed. End the phase (Enter).")
        y = self.hint(surface, box, "Pick a unit, then click a highlighted space (your factories, or sea "
                      "zones next to them).")
        col = palette.nation_color(state.scenario, state.player)
        for unit, n in todo.items():
            if y + 34 > box.bottom:
                break
            ut = state.ruleset.units[unit]
            row = pygame.Rect(box.x, y, box.w, 32)
            chosen = sc.sel.place_unit == unit
            fill = theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if chosen else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            draw_counter(surface, (row.x + 3, row.y + 2), ut, ut.domain, col, 28, anchor="topleft")
            theme.text(surface, f"{ut.name}  ×{n}", (row.x + 40, row.centery), 20, theme.TEXT, anchor="midleft")

            def pick(u: str = unit) -> None:
                sc.sel.place_unit = None if sc.sel.place_unit == u else u

            sc.spots.add(row, pick, tooltip=f"Place {ut.name}")
            y += 36
        y = self.draw_facility_rows(surface, box, y, todo_facilities)
        caps = self.factory_room()
        if caps and y + 22 < box.bottom:
            text = "Room: " + ", ".join(f"{state.scenario.spaces[f].name} {n}" for f, n in caps)
            y = self.hint(surface, box, text, y)
        placing = sc.sel.place_unit
        if placing and placing in todo:
            name = state.ruleset.units[placing].name
            if any(ab.territories for ab in state.ruleset.units[placing].abilities_named("placed_at")) \
                    and y + 22 < box.bottom:
                # seed 000 COLONIAL INFANTRY, Empire to Arms: the highlighted spaces are not
                # only factories; say why
                y = self.hint(surface, box, f"{name} may also be placed without a factory in any of "
                              "your own territories outside your home territories, held since the "
                              "turn began (Empire to Arms).", y)
            for sid, k in self.place_all_options(placing):
                if y + 32 > box.bottom:
                    break
                where = state.scenario.spaces[sid].name
                widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 28),
                               f"Place {k} {name} in {where}", partial(self.place_all, placing, sid, k),
                               size=18, tooltip=f"Place {k} {name} in {where} at once")
                y += 32
        return y

    def draw_facility_rows(self, surface: pygame.Surface, box: pygame.Rect, y: int,
                           todo: dict[str, int]) -> int:
        """The bought facilities (g40) waiting to be placed: pick one, then a territory."""
        sc = self.scene
        fts = sc.state.ruleset.facilities
        for fid, n in todo.items():
            if y + 34 > box.bottom:
                break
            row = pygame.Rect(box.x, y, box.w, 32)
            chosen = sc.sel.place_unit == fid
            fill = theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if chosen else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            theme.text(surface, f"{fts[fid].name}  ×{n}", (row.x + 10, row.centery), 20, theme.TEXT,
                       anchor="midleft")

            def pick(f: str = fid) -> None:
                sc.sel.place_unit = None if sc.sel.place_unit == f else f

            sc.spots.add(row, pick, tooltip=f"Place {fts[fid].name}: pick it, then a highlighted territory")
            y += 36
        return y

    def factory_room(self) -> list[tuple[str, int]]:
        """(factory, units it can still place this turn) for the player's factories held
        since the start of the turn (a factory captured this turn places nothing yet)."""
        state = self.scene.state
        out = []
        for f in sorted(state.factories):
            if state.owners.get(f) != state.player or state.turn_owners.get(f) != state.player:
                continue
            try:
                out.append((f, production.factory_capacity(state, f)))
            except Exception:  # noqa: BLE001 - the factory is left out of the list
                logger.debug("no capacity for factory %s; not listed", f, exc_info=True)
                continue
        return out

    def place_all_options(self, unit: str) -> list[tuple[str, int]]:
        """(space, how many of `unit` the rules accept there at once), best first; asked by
        trying the Place action on the state (cached per game-state version)."""
        from game.rules import actions as A
        from game.rules.errors import IllegalAction

        from .selection import place_targets
        sc = self.scene
        state = sc.state
        key = (sc.ctl.version, state.action_count, unit)
        if self._place_key == key:
            return self._place_opts
        left = production.unplaced(state, state.player).get(unit, 0)
        out = []
        for sid in place_targets(state, unit):
            for k in range(left, 1, -1):
                try:
                    A.apply(state, A.Place(unit, sid, k))
                except IllegalAction:
                    continue
                except Exception:  # noqa: BLE001 - no option in this space
                    logger.debug("placing %d %s in %s failed; not offered", k, unit, sid,
                                 exc_info=True)
                    break
                out.append((sid, k))
                break
        out.sort(key=lambda t: -t[1])
        self._place_key, self._place_opts = key, out[:4]
        return self._place_opts

    def place_all(self, unit: str, sid: str, n: int) -> None:
        from game.rules import actions as A
        sc = self.scene
        if sc.ctl.do(A.Place(unit, sid, n)):
            sc.sel.validate(sc.state)
            sc.sel.space = sid

    def draw_space_details(self, surface: pygame.Surface, box: pygame.Rect, title: bool = True) -> int:
        sc = self.scene
        sid = sc.sel.space
        if sid is None or box.h < 24:
            return box.y
        lines = sc.tooltip_lines(sid)
        if not title:
            lines = lines[1:]
        y = box.y
        for i, line in enumerate(lines):
            if y + 20 > box.bottom:
                break
            first = title and i == 0
            theme.text(surface, theme.elide(line, box.w, 22 if first else 19, bold=first), (box.x, y), 22 if first else 19,
                       theme.TEXT if first else theme.TEXT_DIM, bold=first)
            y += 24 if first else 20
        return y

    # --- log ------------------------------------------------------------------------------
    def draw_log(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        self.log_rect = box
        state = self.scene.state
        theme.text(surface, "Log", (box.x, box.y), 19, theme.TEXT_DIM, bold=True)
        theme.text(surface, "wheel: scroll", (box.right, box.y + 2), 15, theme.TEXT_DIM, anchor="topright")
        inner = pygame.Rect(box.x, box.y + 20, box.w, box.h - 20)
        if inner.h < 16:
            return
        pygame.draw.rect(surface, (26, 30, 36), inner, border_radius=4)
        size = 17
        lh = theme.font(size).get_linesize()
        rows_fit = max(1, (inner.h - 8) // lh)
        entries = collapse_repeats(state.log(200 + self.log_scroll))
        lines: list[tuple[str, bool]] = []
        for e in entries:
            head = (e.startswith("—") or e.startswith("Battle") or " the battle in " in e
                    or "Game over" in e)  # "wins"/"win the battle" (plural names)
            # continuation lines are indented too: wrap to the width left after the indent
            for k, part in enumerate(theme.wrap(e.strip(), inner.w - 12 - theme.text_width("    ", size), size)):
                lines.append((("    " if (e.startswith("  ") or k > 0) else "") + part, head))
        max_scroll = max(0, len(lines) - rows_fit)
        self.log_scroll = min(self.log_scroll, max_scroll)
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows_fit):end]
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.y + 4
        for text, head in shown:
            theme.text(surface, text, (inner.x + 6, y), size, theme.ACCENT if head else theme.TEXT)
            y += lh
        surface.set_clip(clip)
        if self.log_scroll:
            theme.text(surface, f"scrolled back {self.log_scroll} lines", (inner.right - 4, inner.bottom - 2),
                       15, theme.INFO, anchor="bottomright")


def collapse_repeats(entries: list[str]) -> list[str]:
    """Log lines with a run of the same line shown once, counted: the computer moves its
    units one at a time ('Japanese: 1 Infantry -> Jehol.' six times becomes one line
    ending '(×6)')."""
    out: list[str] = []
    run = 0
    for i, e in enumerate(entries):
        run += 1
        if i + 1 < len(entries) and entries[i + 1] == e:
            continue
        out.append(e if run == 1 else f"{e} (×{run})")
        run = 0
    return out


def others_text(state, stacks, player_name) -> str:
    """'United Kingdom: 4 Infantry, 1 Artillery; France: 2 Infantry' (whose units they are:
    in Libya German and Italian stacks sit together)."""
    by_owner: dict[str, list[str]] = {}
    for owner, t, n, _d in stacks:
        name = state.ruleset.units[t].name if t in state.ruleset.units else t
        by_owner.setdefault(owner, []).append(f"{n} {name}")
    return "; ".join(f"{player_name(o)}: {', '.join(parts)}" for o, parts in by_owner.items())
