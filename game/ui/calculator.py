"""The battle calculator (Ctrl+B, or the Esc menu): pick the ruleset's units for
an attacker and a defender with − / + (Shift or right click: 5 at a time), on
land or at sea, and see the exact odds: win / lose / draw, expected rounds,
expected survivors, TUV lost per side and the attacker's survivor distribution.
"Compare" puts the same battle under other rules (the published ruleset or a
house-rules variant of it) and says the difference in a sentence
(game/balance/explain.py, shared with the balance report).

Each side loses units in the chosen order: cheapest first (then the weaker in
its role) or as listed, top first; multi-hit units absorb hits first and
defenceless units go last, as in the rules core.
"""
from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.model import AIR, LAND, SEA, Ruleset

from . import odds_view as OV
from . import theme, widgets
from .counters import draw_counter
from .scene import Scene

if TYPE_CHECKING:
    from .game_scene import GameScene

ROW_H = 32
SIDES = ("attacker", "defender")
ROUND_CHOICES = (None, 1, 2, 3)
ORDERS = ("cheapest", "listed")
SIDE_COL = {"attacker": OV.ATT_COL, "defender": OV.DEF_COL}


def _cost(ut: Any) -> float:
    if isinstance(ut.cost, int):
        return float(ut.cost)
    if isinstance(ut.cost, dict) and ut.cost:
        return float(min(ut.cost.values()))
    return 0.0


def method_note(rs, method: str, note: str) -> str:
    """The odds note in words: which method was used and the units whose abilities the
    faster methods leave out, by name (the raw note, with ability ids, is the tooltip)."""
    names = [ut.name for uid, ut in rs.units.items() if f"{uid}:" in note]
    how = {"sim": "Simulated battle by battle with the full rules",
           "mc": "Monte Carlo with the battle rules", "exact": "Exact"}.get(method, method)
    if not names:
        return f"{how}."
    return f"{how}: {', '.join(names)} have abilities the faster methods leave out."


class CalculatorScene(Scene):
    opaque = True
    blocks_ai = True

    def __init__(self, app, ruleset: Ruleset, game: GameScene | None = None, terrain: str = LAND,
                 attacker: dict[str, int] | None = None, defender: dict[str, int] | None = None):
        super().__init__(app)
        self.rs = ruleset
        self.game = game
        self.terrain = terrain if terrain in (LAND, SEA) else LAND
        self.counts: dict[str, dict[str, int]] = {"attacker": dict(attacker or {}),
                                                  "defender": dict(defender or {})}
        self.order = "cheapest"
        self.rounds: int | None = None
        self.cache = OV.OddsCache(size=32)
        self.compare: Ruleset | None = None       # other rules for the same battle
        self._choices: list[Ruleset] | None = None
        self._choosing: threading.Thread | None = None
        self.spots = widgets.Hotspots()
        OV.warm_up()

    @staticmethod
    def from_game(app, game: GameScene) -> CalculatorScene:
        """Opened from a game: its ruleset, prefilled with the battle being fought or
        the selected planned attack, if any."""
        state = game.state
        space = None
        if state.zone.battle is not None:
            space = state.zone.battle.space
        elif game.sel.space is not None and game.sel.space in OV.planned_attacks(state):
            space = game.sel.space
        calc = CalculatorScene(app, state.ruleset, game)
        if space is not None:
            player = state.zone.battle.attacker if state.zone.battle is not None else state.player
            att: dict[str, int] = {}
            dfn: dict[str, int] = {}
            from game.rules.zone.battle import is_cargo
            src = state   # a planned attack: as it would be fought, scrambled aircraft in
            if state.zone.battle is None:
                src = OV.battle_state(state, space, player)
            for u in src.units_in(space):
                if is_cargo(src, u) or u.damage >= state.utype(u).hits:
                    continue
                if u.owner == player:
                    att[u.type] = att.get(u.type, 0) + 1
                elif state.at_war(u.owner, player):
                    dfn[u.type] = dfn.get(u.type, 0) + 1
            calc.terrain = state.scenario.spaces[space].kind
            calc.counts = {"attacker": att, "defender": dfn}
        return calc

    # --- model ------------------------------------------------------------------------
    def unit_types(self) -> list[str]:
        """Ruleset units that can fight here (the terrain's domain and aircraft)."""
        return [t for t, ut in self.rs.units.items() if ut.domain in (self.terrain, AIR)]

    def add(self, side: str, unit: str, n: int) -> None:
        mods = pygame.key.get_mods() if pygame.display.get_init() else 0
        if mods & pygame.KMOD_SHIFT:
            n *= 5
        c = self.counts[side]
        c[unit] = max(0, min(999, c.get(unit, 0) + n))
        if not c[unit]:
            del c[unit]

    def set_terrain(self, terrain: str) -> None:
        self.terrain = terrain
        ok = set(self.unit_types())
        for side in SIDES:
            self.counts[side] = {t: n for t, n in self.counts[side].items() if t in ok}

    def clear(self) -> None:
        self.counts = {"attacker": {}, "defender": {}}

    def swap(self) -> None:
        self.counts = {"attacker": self.counts["defender"], "defender": self.counts["attacker"]}

    def cycle_rounds(self) -> None:
        i = ROUND_CHOICES.index(self.rounds)
        self.rounds = ROUND_CHOICES[(i + 1) % len(ROUND_CHOICES)]

    def toggle_order(self) -> None:
        self.order = ORDERS[(ORDERS.index(self.order) + 1) % len(ORDERS)]

    def side_list(self, side: str) -> list[tuple[str, int]]:
        """[(type, count)] in order of loss."""
        listed = [t for t in self.unit_types() if self.counts[side].get(t, 0) > 0]
        if self.order == "cheapest":
            role = "attack" if side == "attacker" else "defense"
            pos = {t: k for k, t in enumerate(listed)}
            listed.sort(key=lambda t: (_cost(self.rs.units[t]), getattr(self.rs.units[t], role), pos[t]))
        return [(t, self.counts[side][t]) for t in listed]

    def key(self, rs: Ruleset | None = None) -> tuple:
        rs = rs or self.rs
        return (rs.id, rs.variant, rs.sha256, self.terrain, self.rounds,
                tuple(self.side_list("attacker")), tuple(self.side_list("defender")))

    def odds(self, rs: Ruleset | None = None) -> OV.OddsView | None:
        """The battle's odds under these rules (or under `rs`, for a comparison)."""
        rs = rs or self.rs
        att, dfn = self.side_list("attacker"), self.side_list("defender")
        if not att or not dfn:
            return None
        terrain, rounds = self.terrain, self.rounds

        def run() -> Any:
            from game.odds import battle_odds  # on the worker thread: see OV.warm_up
            return battle_odds(rs, att, dfn, terrain, rounds, trials=OV.CALC_TRIALS)
        return self.cache.get(self.key(rs), run)

    def compare_choices(self) -> list[Ruleset]:
        """Other rules for the same battle: the published ruleset (when playing a
        variant) and the house-rules variants of it in scenarios/variants/ (loaded now
        if the background load has not finished)."""
        if self._choices is None:
            if self._choosing is not None:
                self._choosing.join()
            if self._choices is None:
                self._choices = self._load_choices()
        return self._choices

    def loaded_choices(self) -> list[Ruleset]:
        """compare_choices once they are loaded, else none yet: the toolbar's. Loading the
        variants parses their rules (issue #45: 100 ms of the calculator's first frame),
        so a thread does it, once no odds are being computed (the first odds first)."""
        if self._choices is None and self._choosing is None and OV.WORKER.idle():
            def load() -> None:
                self._choices = self._load_choices()
            self._choosing = threading.Thread(target=load, name="calculator-choices", daemon=True)
            self._choosing.start()
        return self._choices or []

    def _load_choices(self) -> list[Ruleset]:
        from game.rules.errors import LoadError
        from game.rules.variant import base_ruleset_of, load_variant, variants_for
        try:
            base = base_ruleset_of(self.rs)
            out = [] if base is self.rs else [base]
            for path, _ in variants_for(base.id):
                rs = load_variant(path)
                if rs.sha256 != self.rs.sha256:
                    out.append(rs)
        except (LoadError, OSError):
            out = []
        return out

    def cycle_compare(self) -> None:
        options: list[Ruleset | None] = [None, *self.compare_choices()]
        i = options.index(self.compare) if self.compare in options else 0
        self.compare = options[(i + 1) % len(options)]

    def comparison_text(self) -> str:
        """'With armour at cost 4, the attacker wins 62.3% instead of 55.1% (+7.2 points).'"""
        if self.compare is None:
            return ""
        here, there = self.odds(), self.odds(self.compare)
        if here is None or there is None:
            return ""
        if there.pending or here.pending:
            return f"Comparing with {self.compare.title}…"
        if not there.ok:
            return f"Under {self.compare.title} the odds are unavailable: {there.error}"
        if not here.ok:
            return ""
        from game.balance.explain import battle_sentence, change_phrase
        a, b = there.result, here.result
        return battle_sentence(change_phrase(self.rs, self.compare), a.attacker_wins,
                               b.attacker_wins, OV.margin(a), OV.margin(b),
                               swing_new=a.defender_cost_lost - a.attacker_cost_lost,
                               swing_old=b.defender_cost_lost - b.attacker_cost_lost)

    def tuv(self, side: str) -> float:
        return sum(_cost(self.rs.units[t]) * n for t, n in self.counts[side].items())

    # --- events -------------------------------------------------------------------------
    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or (event.key == pygame.K_b and event.mod & pygame.KMOD_CTRL):
                self.close()
            elif event.key == pygame.K_l:
                self.set_terrain(LAND)
            elif event.key == pygame.K_s and not event.mod & pygame.KMOD_CTRL:
                self.set_terrain(SEA)
            elif event.key == pygame.K_c and not event.mod & pygame.KMOD_CTRL:
                self.cycle_compare()
            return
        self.spots.click(event)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        surface.fill(theme.BG)
        sw, sh = surface.get_size()
        pad = 20
        theme.text(surface, "Battle calculator", (pad, 14), 38, theme.ACCENT, bold=True)
        tw = theme.text_width("Battle calculator", 38, True)
        rules = f"ruleset {self.rs.id}" + (f" with house rules {self.rs.title}" if self.rs.variant else "")
        theme.text(surface, f"{rules}  ·  Esc: close", (pad + tw + 14, 26), 19, theme.TEXT_DIM)
        self.draw_toolbar(surface, pygame.Rect(pad, 58, sw - 2 * pad, 34))
        top = 104
        res_w = max(360, min(520, int(sw * 0.38)))
        col_w = (sw - 3 * pad - res_w - 10) // 2
        for k, side in enumerate(SIDES):
            box = pygame.Rect(pad + k * (col_w + 10), top, col_w, sh - top - pad)
            self.draw_side(surface, box, side)
        self.draw_results(surface, pygame.Rect(sw - pad - res_w, top, res_w, sh - top - pad))
        widgets.hover_tooltip(surface, self.spots)

    def draw_toolbar(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        x = bar.x
        for terrain, label, k in ((LAND, "Land battle", "L"), (SEA, "Sea battle", "S")):
            widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 130, bar.h), label,
                           partial(self.set_terrain, terrain), selected=self.terrain == terrain,
                           tooltip=f"Units that fight {'on land' if terrain == LAND else 'at sea'}, "
                                   f"and aircraft  ({k})", size=20)
            x += 136
        x += 14
        order = "cheapest first" if self.order == "cheapest" else "as listed"
        widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 250, bar.h), f"Order of loss: {order}",
                       self.toggle_order, size=20,
                       tooltip="Which units each side loses first: the cheapest (then the weaker),\n"
                               "or top to bottom as listed. Multi-hit units always absorb hits first.")
        x += 256
        rounds = "all rounds" if self.rounds is None else f"{self.rounds} round{'s' if self.rounds > 1 else ''}"
        widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 150, bar.h), rounds, self.cycle_rounds,
                       size=20, tooltip="Fight until one side is gone, or only this many rounds\n"
                                        "(unfinished battles count as draws)")
        x += 156
        widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 90, bar.h), "Swap", self.swap, size=20,
                       tooltip="Swap attacker and defender")
        x += 96
        widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 90, bar.h), "Clear", self.clear, size=20,
                       tooltip="Remove every unit")
        x += 96
        if self.loaded_choices() and bar.right - 130 - x >= 160:
            label = "Compare: " + (self.compare.title if self.compare else "off")
            w = min(300, bar.right - 130 - x)
            widgets.button(surface, self.spots, pygame.Rect(x, bar.y, w, bar.h),
                           theme.elide(label, w - 16, 20), self.cycle_compare, size=20,
                           selected=self.compare is not None,
                           tooltip="The same battle under other rules: the published ruleset or a\n"
                                   "house-rules variant (scenarios/variants/)  (C)")
        widgets.button(surface, self.spots, pygame.Rect(bar.right - 120, bar.y, 120, bar.h), "Close",
                       self.close, primary=True, size=20, tooltip="Back  (Esc)")

    def draw_side(self, surface: pygame.Surface, box: pygame.Rect, side: str) -> None:
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=1, border_radius=8)
        col = SIDE_COL[side]
        x, y = box.x + 10, box.y + 8
        theme.swatch(surface, pygame.Rect(x, y + 3, 16, 16), col)
        theme.text(surface, side.title(), (x + 24, y), 26, theme.TEXT, bold=True)
        n = sum(self.counts[side].values())
        theme.text(surface, f"{n} unit{'s' if n != 1 else ''} · TUV {self.tuv(side):.0f}",
                   (box.right - 10, y + 5), 18, theme.TEXT_DIM, anchor="topright")
        y += 32
        role = "attack" if side == "attacker" else "defense"
        theme.text(surface, f"{role} value · cost", (box.x + 46, y), 15, theme.TEXT_DIM)
        y += 18
        types = self.unit_types()
        row_h = max(22, min(ROW_H, (box.bottom - y - 40) // max(1, len(types))))
        icon = row_h - 4
        for t in types:
            if y + row_h > box.bottom - 36:
                theme.text(surface, "…", (x, y), 18, theme.TEXT_DIM)
                break
            ut = self.rs.units[t]
            cnt = self.counts[side].get(t, 0)
            row = pygame.Rect(box.x + 6, y, box.w - 12, row_h - 2)
            fill = theme.mix(theme.PANEL_2, col, 0.22) if cnt else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            draw_counter(surface, (row.x + 3, row.y + 1), ut, ut.domain, col, icon, anchor="topleft")
            val = ut.attack if side == "attacker" else ut.defense
            stats = f"{val} · {_cost(ut):.0f}"
            name_w = row.w - icon - 10 - 132 - theme.text_width(stats, 16) - 10
            size = 19 if row_h >= 28 else 17
            theme.text(surface, theme.elide(ut.name, name_w, size), (row.x + icon + 10, row.centery), size,
                       theme.TEXT if cnt else theme.TEXT_DIM, anchor="midleft")
            theme.text(surface, stats, (row.right - 120, row.centery), 16, theme.TEXT_DIM, anchor="midright")
            bh = row_h - 8
            minus = pygame.Rect(row.right - 112, row.y + 3, 28, bh)
            plus = pygame.Rect(row.right - 34, row.y + 3, 28, bh)
            h = widgets.button(surface, self.spots, minus, "−", partial(self.add, side, t, -1),
                               enabled=cnt > 0, size=20,
                               tooltip=f"One {ut.name} less  (Shift or right click: 5)")
            h.right = lambda s=side, u=t: self.add(s, u, -5)
            theme.text(surface, str(cnt), ((minus.right + plus.x) // 2, row.centery), 21,
                       theme.TEXT if cnt else theme.TEXT_DIM, anchor="center", bold=bool(cnt))
            h = widgets.button(surface, self.spots, plus, "+", partial(self.add, side, t, 1), size=20,
                               tooltip=f"One {ut.name} more  (Shift or right click: 5)")
            h.right = lambda s=side, u=t: self.add(s, u, 5)
            y += row_h
        order = self.side_list(side)
        text = "Lost first to last: " + (", ".join(self.rs.units[t].name for t, _ in order) or "—")
        theme.text(surface, theme.elide(text, box.w - 20, 16), (box.x + 10, box.bottom - 26), 16,
                   theme.TEXT_DIM)

    def draw_results(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=1, border_radius=8)
        x, y = box.x + 14, box.y + 8
        w = box.w - 28
        theme.text(surface, "Result", (x, y), 26, theme.TEXT, bold=True)
        v = self.odds()
        if v is None:
            y += 40
            for line in theme.wrap("Add units to both sides with + (Shift or right click: 5 at a time).", w, 20):
                theme.text(surface, line, (x, y), 20, theme.TEXT_DIM)
                y += 22
            return
        if v.pending:
            theme.text(surface, "computing…", (x, y + 40), 22, theme.TEXT_DIM)
            return
        if not v.ok:
            y += 40
            for line in theme.wrap(f"Odds unavailable: {v.error}", w, 20):
                theme.text(surface, line, (x, y), 20, theme.BAD)
                y += 22
            return
        r = v.result
        how = ("exact" if r.method == "exact" else
               f"{'simulation' if r.method == 'sim' else 'Monte Carlo'}, {r.trials} trials")
        theme.text(surface, f"{how} · {r.seconds * 1000:.1f} ms", (box.right - 14, y + 6), 16, theme.TEXT_DIM,
                   anchor="topright")
        y += 36
        OV.outcome_bar(surface, pygame.Rect(x, y, w, 16), r)
        y += 24
        for label, p, col, field in (("Attacker wins", r.attacker_wins, OV.ATT_COL, "attacker_wins"),
                                     ("Defender wins", r.defender_wins, OV.DEF_COL, "defender_wins"),
                                     ("Draw", r.draw, OV.DRAW_COL, "draw")):
            pygame.draw.rect(surface, col, pygame.Rect(x, y + 6, 14, 14))
            theme.text(surface, label, (x + 22, y + 2), 24, theme.TEXT)
            m = OV.margin(r, field) if field != "draw" else 0.0
            val = pct_long(p) + (f" ±{m * 100:.1f}" if m >= 0.0005 else "")
            theme.text(surface, val, (box.right - 14, y + 2), 24, theme.TEXT, anchor="topright", bold=True)
            y += 28
            take = OV.takes(r) if field == "attacker_wins" else None
            if take is not None:   # a win left with aircraft alone takes nothing
                theme.text(surface, "… and takes the territory", (x + 22, y + 2), 20, theme.TEXT_DIM)
                theme.text(surface, pct_long(take), (box.right - 14, y + 2), 20, theme.TEXT_DIM,
                           anchor="topright", bold=True)
                y += 26
        if r.note:
            lines = theme.wrap(method_note(self.rs, r.method, r.note), w, 15)
            if len(lines) > 2:
                lines = [lines[0], theme.elide(" ".join(lines[1:]), w, 15)]
            y0 = y
            for line in lines:
                theme.text(surface, line, (x, y), 15, theme.INFO)
                y += 16
            self.spots.add(pygame.Rect(x, y0, w, y - y0), None, tooltip=r.note)
        cmp_text = self.comparison_text()
        if cmp_text:
            for line in theme.wrap(cmp_text, w, 18)[:3]:
                theme.text(surface, line, (x, y), 18, theme.ACCENT)
                y += 20
        y += 6
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + w, y))
        y += 8
        rows = [("Expected rounds", f"{r.expected_rounds:.2f}"),
                ("TUV lost: attacker", f"{r.attacker_cost_lost:.1f}"),
                ("TUV lost: defender", f"{r.defender_cost_lost:.1f}"),
                ("TUV swing (attacker's gain)", f"{r.defender_cost_lost - r.attacker_cost_lost:+.1f}")]
        for label, val in rows:
            theme.text(surface, label, (x, y), 19, theme.TEXT_DIM)
            theme.text(surface, val, (box.right - 14, y), 19, theme.TEXT, anchor="topright")
            y += 21
        y += 4
        for side, surv in (("Attacker", r.attacker_survivors), ("Defender", r.defender_survivors)):
            lines = theme.wrap(f"{side} left: {OV.unit_names(self.rs, surv)}", w, 17)
            for line in lines[:2]:
                theme.text(surface, line, (x, y), 17, theme.TEXT)
                y += 18
        y += 6
        chart = pygame.Rect(x, y, w, max(60, min(190, box.bottom - y - 10)))
        if chart.bottom <= box.bottom - 4:
            OV.distribution_chart(surface, chart, r.attacker_survivor_distribution, OV.ATT_COL,
                                  "Attacker units left (probability)")
            dist = r.attacker_survivor_distribution
            self.spots.add(chart, None, tooltip="\n".join(
                ["Attacker units left"] + [f"{k}: {pct_long(p)}" for k, p in enumerate(dist) if p >= 0.0005][:24]))


def pct_long(p: float) -> str:
    """One decimal where it matters: 73.4%, <0.1%, >99.9%."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995:
        return ">99.9%"
    return f"{p * 100:.1f}%"
