"""The purchase screen: a card per buildable unit with cost and values,
− / + buttons (Shift: 5 at a time), the total spent and what is left."""
from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.abilities.hooks import unit_dice
from game.rules.zone import facilities, production

from .. import palette, theme, widgets
from ..counters import draw_counter
from ..scene import Scene
from ..unit_text import unit_tooltip

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ..game_scene import GameScene


def scroll_hint(first: int, shown: int, total: int) -> str:
    """'Units 5–19 of 19 (4 above)  ·  wheel or Up/Down to scroll': where the cards not
    shown are (at the end of the list '4 more' read as if more came below)."""
    above, below = first, total - first - shown
    where = ", ".join(f"{n} {side}" for n, side in ((above, "above"), (below, "below")) if n)
    return f"Units {first + 1}–{first + shown} of {total} ({where})  ·  wheel or Up/Down to scroll"


class PurchaseScene(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.spots = widgets.Hotspots()
        # first card row shown: interwar has 43 buildable units, more than one screen holds
        self.row = 0
        self._rows = self._fit = 1
        self._turn = (self.state.round, self.state.player)

    def update(self, dt: float) -> None:
        """The window belongs to one player's purchase phase: once the game has moved on
        (the phase ended elsewhere, e.g. by the computer), it closes instead of offering
        buttons that would be refused."""
        st = self.state
        if st.phase != "purchase" or (st.round, st.player) != self._turn or st.over:
            self.close()

    @property
    def state(self):
        return self.game.state

    def buildable(self) -> list[tuple[str, int]]:
        """(unit, price) of every unit the player may buy this turn, those at a limit
        (Elite Infantry after one, seed 002) included: a card never disappears."""
        return [(uid, cost) for uid, (cost, _why) in self.offers().items()]

    def offers(self) -> dict[str, tuple[int, str]]:
        """unit -> (price, why one more cannot be bought now, or "")."""
        state = self.state
        out = {}
        for uid in state.ruleset.units:
            got = production.purchase_offer(state, uid, state.player)
            if got is not None:
                out[uid] = got
        for fid in state.ruleset.facilities:   # g40 facilities, after the units
            cost = production.facility_cost(state, fid, state.player)
            if cost is not None:
                out[fid] = (cost, "")
        return out

    def price(self, item: str) -> int:
        """A unit's or a facility's price for the player (0: not for sale)."""
        if item in self.state.ruleset.facilities:
            return self.state.ruleset.facilities[item].cost or 0
        return unit_price(self.state, item)

    def repair(self, space: str, fid: str, points: int) -> None:
        self.game.ctl.do(A.Repair(space, fid, points))

    def buy(self, unit: str, n: int) -> None:
        mods = pygame.key.get_mods() if pygame.display.get_init() else 0
        if mods & pygame.KMOD_SHIFT:
            n *= 5
        if n < 0:  # only this turn's purchases are refunded
            have = bought_now(self.state).get(unit, 0)
            n = -min(-n, have)
            if n == 0:
                return
        if n > 0:
            cost = self.price(unit)
            res = self.state.resources[self.state.player]
            if cost and n > 1 and cost * n > res:
                n = max(1, res // cost)
        self.game.ctl.do(A.Purchase(unit, n))

    def close(self) -> None:
        self.app.pop(self)

    def done(self) -> None:
        """Close the screen and end the purchase phase."""
        self.close()
        self.game.end_phase()

    def scroll(self, rows: int) -> None:
        self.row = max(0, min(self.row + rows, self._rows - self._fit))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll(1 if event.key == pygame.K_DOWN else self._fit)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll(-1 if event.key == pygame.K_UP else -self._fit)
            elif event.key == pygame.K_ESCAPE or event.key == pygame.K_b:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.done()
            elif event.key == pygame.K_z and ctrl:
                self.game.undo()
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 170)
        state = self.state
        sw, sh = surface.get_size()
        offers = self.offers()
        units = [(uid, cost) for uid, (cost, _why) in offers.items()]
        cols = 4 if sw >= 1100 else 3
        card_w, card_h = 230, 118
        rows = max(1, (len(units) + cols - 1) // cols)
        w = cols * card_w + (cols - 1) * 10 + 40
        h = min(sh - 40, 150 + rows * (card_h + 10) + 70)
        if waiting_units(state):
            h = min(sh - 40, h + 22)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        player = state.scenario.player(state.player)
        pcol = palette.nation_color(state.scenario, player.id)
        theme.text(surface, f"Purchase units — {player.name}", (rect.x + 20, rect.y + 16), 34, theme.ACCENT, bold=True)
        bought = bought_now(state)
        waiting = waiting_units(state)
        spent = sum(self.price(u) * n for u, n in bought.items())
        res = state.resources[state.player]
        theme.text(surface, f"Spent {spent}", (rect.right - 20, rect.y + 14), 24, theme.TEXT, anchor="topright")
        rem = theme.text(surface, f"Remaining {res}", (rect.right - 20, rect.y + 40), 28,
                         theme.GOOD if res > 0 else theme.TEXT_DIM, anchor="topright", bold=True)
        note = production.purchase_note(state, state.player)
        hint = note or ("Click + to buy, − to return (Shift: 5 at a time). Units are placed at the "
                        "end of your turn.")
        theme.text(surface, theme.elide(hint, rem.x - 12 - (rect.x + 20), 19),
                   (rect.x + 20, rect.y + 54), 19, theme.INFO if note else theme.TEXT_DIM)
        top = rect.y + 84
        if waiting:
            names = ", ".join(f"{n} {production.thing_name(state, u)}" for u, n in waiting.items())
            wr = theme.text(surface, theme.elide(f"Waiting from last turn: {names} (placed with this turn's "
                                                 "units; not refundable)", w - 40, 19),
                            (rect.x + 20, rect.y + 78), 19, theme.INFO)
            self.spots.add(wr, None, tooltip="Units bought earlier and not placed yet.\n"
                           "They are placed at the end of this turn with what you buy now.")
            top += 22
        repairs = facilities.repairable(state, state.player)
        if repairs:
            top = self.draw_repairs(surface, rect, top, repairs)
        bottom_limit = rect.bottom - 70
        self._rows = rows
        self._fit = max(1, (bottom_limit - top + 10) // (card_h + 10))
        self.scroll(0)
        first = self.row * cols
        for i, (uid, cost) in enumerate(units[first:first + self._fit * cols]):
            r, c = divmod(i, cols)
            card = pygame.Rect(rect.x + 20 + c * (card_w + 10), top + r * (card_h + 10), card_w, card_h)
            if uid in state.ruleset.facilities:
                self.draw_facility_card(surface, card, uid, cost, bought.get(uid, 0), res, pcol)
                continue
            ut = state.ruleset.units[uid]
            n = bought.get(uid, 0)
            afford = cost <= res
            limit = offers[uid][1]
            fill = theme.mix(theme.PANEL_2, pcol, 0.18) if n else theme.PANEL_2
            pygame.draw.rect(surface, fill, card, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT if n else theme.PANEL_EDGE, card, width=1, border_radius=8)
            draw_counter(surface, (card.x + 10, card.y + 10), ut, ut.domain, pcol, 46, anchor="topleft",
                         stats="")
            lines, name_size = name_lines(ut.name, card_w - 72)
            if len(lines) == 1:
                theme.text(surface, theme.elide(lines[0], card_w - 72, name_size, bold=True),
                           (card.x + 66, card.y + 10 + (22 - name_size) // 2), name_size, theme.TEXT, bold=True)
                cost_y, cost_size, stats_y = card.y + 32, 21, card.y + 52
            else:   # a long name wraps; the cost and values move down and get smaller
                for k, line in enumerate(lines):
                    theme.text(surface, theme.elide(line, card_w - 72, name_size, bold=True),
                               (card.x + 66, card.y + 4 + (name_size + 1) * k), name_size, theme.TEXT, bold=True)
                cost_y, cost_size, stats_y = card.y + 38, 18, card.y + 58
            theme.text(surface, f"Cost {cost}", (card.x + 66, cost_y), cost_size,
                       theme.ACCENT if afford else theme.BAD)
            stats = stat_line(ut)
            theme.text(surface, theme.elide(stats, card_w - 72, 18 if len(lines) > 1 else 19), (card.x + 66, stats_y),
                       18 if len(lines) > 1 else 19, theme.TEXT_DIM)
            by = card.bottom - 38
            widgets.button(surface, self.spots, pygame.Rect(card.x + 10, by, 40, 30), "−",
                           partial(self.buy, uid, -1), enabled=n > 0, size=26,
                           tooltip=f"Return one {ut.name} (Shift: 5)")
            theme.text(surface, str(n), (card.x + 80, by + 15), 28, theme.TEXT if n else theme.TEXT_DIM,
                       anchor="center", bold=True)
            widgets.button(surface, self.spots, pygame.Rect(card.x + 110, by, 40, 30), "+",
                           partial(self.buy, uid, 1), enabled=afford and not limit, size=26,
                           tooltip=(limit or (f"Buy one {ut.name} for {cost} (Shift: 5)" if afford
                                              else f"Cannot buy {ut.name}: needs {cost}, you have {res}")))
            if limit:
                theme.text(surface, "limit", (card.x + 158, by + 15), 17, theme.INFO, anchor="midleft")
            if n:
                theme.text(surface, f"= {n * cost}", (card.right - 10, by + 15), 20, theme.TEXT_DIM,
                           anchor="midright")
            self.spots.add(pygame.Rect(card.x, card.y, card.w, 70), None,
                           tooltip="\n".join(unit_tooltip(state.ruleset, ut)))
        by = rect.bottom - 56
        if rows > self._fit:
            hint = scroll_hint(first, len(units[first:first + self._fit * cols]), len(units))
            room = rect.right - 370 - (rect.x + 190)
            if theme.text_width(hint, 18) > room:
                hint = f"{first + 1}–{first + len(units[first:first + self._fit * cols])} of {len(units)} · wheel: more"
            theme.text(surface, theme.elide(hint, room, 18), (rect.x + 190, by + 20), 18, theme.INFO,
                       anchor="midleft")
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 20, by, 150, 40), "Undo", self.game.undo,
                       enabled=self.game.ctl.session.can_undo(), tooltip="Undo the last purchase (Ctrl+Z)")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 360, by, 160, 40), "Back to map",
                       self.close, tooltip="Close; keep buying later with B  (Esc)")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 190, by, 170, 40), "Done — end phase",
                       self.done, primary=True, tooltip="Finish buying and end the purchase phase  (Enter)")
        self.game.draw_message(surface)
        widgets.hover_tooltip(surface, self.spots)


    def draw_repairs(self, surface: pygame.Surface, rect: pygame.Rect, top: int,
                     repairs: list[tuple[str, str, int]]) -> int:
        """A row of repair buttons for the player's damaged facilities (g40: repaired in the
        purchase phase, each damage marker at the facility's repair cost)."""
        state = self.state
        res = state.resources[state.player]
        x = rect.x + 20
        for space, fid, dmg in repairs[:4]:
            ft = state.ruleset.facilities[fid]
            pts = min(dmg, res // ft.repair_cost) if ft.repair_cost else dmg
            label = f"Repair {state.scenario.spaces[space].name} {ft.name} ({dmg})"
            width = min(280, theme.text_width(label, 17) + 20)
            widgets.button(surface, self.spots, pygame.Rect(x, top, width, 26), label,
                           partial(self.repair, space, fid, pts), enabled=pts > 0, size=17,
                           tooltip=f"Remove {pts} of {dmg} damage for {pts * ft.repair_cost}")
            x += width + 8
        return top + 32

    def draw_facility_card(self, surface: pygame.Surface, card: pygame.Rect, fid: str, cost: int,
                           n: int, res: int, pcol) -> None:
        ft = self.state.ruleset.facilities[fid]
        afford = cost <= res
        fill = theme.mix(theme.PANEL_2, pcol, 0.18) if n else theme.PANEL_2
        pygame.draw.rect(surface, fill, card, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if n else theme.PANEL_EDGE, card, width=1, border_radius=8)
        size = fit_size(ft.name, card.w - 20, 20, 14)
        theme.text(surface, theme.elide(ft.name, card.w - 20, size, bold=True), (card.x + 10, card.y + 10),
                   size, theme.TEXT, bold=True)
        theme.text(surface, f"Cost {cost}", (card.x + 10, card.y + 32), 21, theme.ACCENT if afford else theme.BAD)
        theme.text(surface, theme.elide(facility_line(ft), card.w - 20, 17), (card.x + 10, card.y + 54), 17,
                   theme.TEXT_DIM)
        by = card.bottom - 38
        widgets.button(surface, self.spots, pygame.Rect(card.x + 10, by, 40, 30), "−",
                       partial(self.buy, fid, -1), enabled=n > 0, size=26, tooltip=f"Return one {ft.name}")
        theme.text(surface, str(n), (card.x + 80, by + 15), 28, theme.TEXT if n else theme.TEXT_DIM,
                   anchor="center", bold=True)
        widgets.button(surface, self.spots, pygame.Rect(card.x + 110, by, 40, 30), "+",
                       partial(self.buy, fid, 1), enabled=afford, size=26,
                       tooltip=f"Buy one {ft.name} for {cost}; place it in the place phase")


def facility_line(ft) -> str:
    """A facility's card line: 'produces 3, max damage 6, min value 2'."""
    parts = []
    if ft.produces:
        parts.append(f"produces {ft.produces}")
    if ft.is_upgrade:
        parts.append("upgrade")
    if ft.max_damage:
        parts.append(f"max damage {ft.max_damage}")
    if ft.min_value:
        parts.append(f"worth {ft.min_value}+")
    return ", ".join(parts)


def stat_line(ut) -> str:
    """'A 2   D 3   M 2' for a purchase card; a special value against some targets follows
    in brackets as the seed prints it (seed 000 FIGHTER "Attack: 6/2" -> 'A 2 (6)', ANTI-TANK
    GUN "Attack: 1 (3 against armor)" -> 'A 1 (3)'); the card's tooltip says against what.
    A unit rolling more than one die shows how many (seed 002 Elite Infantry "Attack: 1
    (2 dice)" -> 'A 1×2')."""
    dice = unit_dice(ut)

    def val(role: str, base: int) -> str:
        special = [getattr(ab, role, 0) for ab in ut.abilities_named("value_against")]
        best = max([v for v in special if v and v != base] or [0])
        shown = f"{base}×{dice}" if dice > 1 and base else str(base)
        return f"{shown} ({best})" if best else shown
    gap = "  " if any(ut.abilities_named("value_against")) else "   "
    out = gap.join([f"A {val('attack', ut.attack)}", f"D {val('defense', ut.defense)}", f"M {ut.move}"])
    return out + (f"{gap}hits {ut.hits}" if ut.hits > 1 else "")


def name_lines(name: str, width: int) -> tuple[list[str], int]:
    """A unit's name on its card and its font size: one line (shrunk down to 18 px), else
    two lines at the largest size from 17 px down that holds it (a long house-rule name
    wraps instead of shrinking to nothing or losing its end)."""
    if theme.text_width(name, 18, bold=True) <= width or " " not in name:
        return [name], fit_size(name, width, 22, 15)
    for size in range(17, 12, -1):
        lines = theme.wrap(name, width, size, bold=True)
        if len(lines) <= 2 and all(theme.text_width(x, size, bold=True) <= width for x in lines):
            return lines, size
    return theme.wrap(name, width, 13, bold=True)[:2], 13


def fit_size(s: str, width: int, size: int, smallest: int) -> int:
    """The largest bold font size from `size` down to `smallest` at which `s` fits in
    `width` (long unit names such as "Self-Propelled Gun" are shown whole, not elided)."""
    while size > smallest and theme.text_width(s, size, bold=True) > width:
        size -= 1
    return size


def bought_now(state) -> dict[str, int]:
    """This turn's purchases (refundable): state.zone.bought."""
    return {u: n for u, n in state.zone.bought.items() if n > 0}


def waiting_units(state) -> dict[str, int]:
    """Units bought on an earlier turn and not placed yet (not refundable)."""
    now = bought_now(state)
    out = {}
    for u, n in production.unplaced(state, state.player).items():
        k = n - now.get(u, 0)
        if k > 0:
            out[u] = k
    return out


def unit_price(state, unit: str) -> int:
    """What one `unit` costs the player to move (bought units count in "Spent" even when
    the unit is at its limit and cannot be bought again)."""
    ut = state.ruleset.units.get(unit)
    cost = ut.cost_for(state.player, state.alliance_of(state.player) or "") if ut is not None else None
    return cost or 0
