"""The defender's scramble decision in the battle window (G40 2nd ed., "Scramble";
game/rules/zone/scramble.py).

When a sea battle awaits "scramble", the defending player chooses which fighters and
tactical bombers at the operative air bases beside the sea zone (`scramble.bases`) fly
in to defend it, at most each base's limit. None is pre-chosen (the rules' default, what
Roll does); clicking an aircraft, or keys 1-9, chooses it or takes it back; R / Enter
scrambles the chosen ones, N none, A as many as each base may send. Nothing here decides
a rule: an illegal choice is refused by the Scramble action. Once they scrambled, the
aircraft are ordinary defenders in the zone; the side columns mark them "scrambled".
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules import grammar
from game.rules.errors import IllegalAction
from game.rules.model import Battle, GameState
from game.rules.zone import scramble

from .. import palette, theme, widgets
from ..counters import draw_counter
from .pick_marks import PICK, UnitPick, mark_counter

if TYPE_CHECKING:
    from .battle_window import BattleWindow



class ScrambleChoice(UnitPick):
    """The aircraft the defender has chosen to scramble (uids)."""

    def __init__(self) -> None:
        super().__init__()
        self._after: tuple[tuple, GameState | None] | None = None   # the state once they scrambled

    def after(self, state: GameState) -> GameState | None:
        """The state once the chosen aircraft scrambled (by the rules; None if refused),
        remembered until the choice or the state changes."""
        key = (self.key, tuple(self.pick))
        if self._after is None or self._after[0] != key:
            try:
                got: GameState | None = A.apply(state, self.action())
            except IllegalAction:  # an illegal choice: the action will say why
                got = None
            self._after = (key, got)
        return self._after[1]

    @staticmethod
    def state_key(state: GameState) -> tuple | None:
        b = state.zone.battle
        if b is None or b.awaiting != "scramble":
            return None
        return (b.space, state.action_count)

    def action(self) -> A.Scramble:
        return A.Scramble(self.chosen())


def status(win: BattleWindow, b: Battle) -> str:
    ctl = win.game.ctl
    who = ctl.player_name(ctl.actor())
    chooses = grammar.verb("chooses", grammar.name_plural(win.state.scenario, who))   # "Italians choose"
    zone = win.state.scenario.spaces[b.space].name
    if ctl.is_ai(ctl.actor()):
        return f"Scramble: {who} (computer) {chooses} which aircraft scramble to defend {zone}."
    return (f"Scramble: {who} {chooses} fighters and tactical bombers at the air bases beside {zone} "
            f"to defend it (click aircraft, R scramble, N none, A most).")


def draw(win: BattleWindow, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
    """The aircraft that may scramble, base by base (chosen ones marked, clickable)."""
    state = win.state
    choice = win.scramble
    mine = win.my_move()
    pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
    pygame.draw.rect(surface, PICK, box, width=1, border_radius=8)
    sps = state.scenario.spaces
    by_base = scramble.bases(state, b)
    allowed = [uid for planes in by_base.values() for uid in planes]
    head = (f"Scramble to {sps[b.space].name}: {len(choice.pick)} of {len(allowed)} "
            f"aircraft chosen · they defend the zone, then fly back to their base")
    theme.text(surface, theme.elide(head, box.w - 20, 18, bold=True), (box.x + 10, box.y + 6), 18, theme.TEXT,
               bold=True)
    theme.text(surface, "click aircraft · 1-9 · R scramble · N none · A most", (box.right - 10, box.bottom - 6),
               15, theme.TEXT_DIM, anchor="bottomright")
    x, y = box.x + 10, box.y + 30
    icon = 30
    k = 0
    for base, planes in by_base.items():
        n = sum(1 for uid in planes if uid in choice.pick)
        label = f"{sps[base].name} ({n}/{scramble.limit(state, base)})"
        theme.text(surface, label, (x, y + 8), 15, theme.TEXT_DIM)
        x += theme.text_width(label, 15) + 8
        for uid in planes:
            k += 1
            u = state.units[uid]
            ut = state.utype(u)
            chosen = uid in choice.pick
            col = palette.nation_color(state.scenario, u.owner)
            if x + icon + 90 > box.right:
                x, y = box.x + 10, y + icon + 8
            r = draw_counter(surface, (x, y), ut, ut.domain, col, icon, anchor="topleft")
            mark_counter(surface, r, chosen, f"defends at {ut.defense}", "stays", k)
            tip = [f"{ut.name} ({win.game.ctl.player_name(u.owner)}) at {sps[base].name}",
                   f"scrambles: defends {sps[b.space].name} at {ut.defense}" if chosen else "stays at its base"]
            if mine:
                tip.append(f"click to {'keep it at its base' if chosen else 'scramble it'}"
                           + (f" (key {k})" if k <= 9 else ""))
            win.spots.add(r.union(pygame.Rect(r.right, r.y, 84, r.h)),
                          partial(win.toggle_scramble, uid) if mine else None,
                          tooltip="\n".join(tip), data=("scramble", uid))
            x += icon + 94
        x += 10
    line = odds_line(win, b)
    if line:
        theme.text(surface, line, (box.x + 10, box.bottom - 6), 16, theme.INFO, anchor="bottomleft")


def odds_line(win: BattleWindow, b: Battle) -> str:
    """'Attacker wins 31% with the chosen aircraft (62% without)': the battle's odds on a
    copy of the state where the chosen aircraft scrambled (by the rules), computed in the
    background like the odds box's; "" while pending or unavailable."""
    from .. import odds_view
    state = win.state
    cache = win.game.odds
    after = win.scramble.after(state)
    if after is None:
        return ""
    views = [odds_view.space_odds(cache, s, b.space, b.attacker) for s in (after, state)]
    if any(v is None or not v.ok for v in views):
        return ""
    with_, without = (round(100 * v.result.attacker_wins) for v in views)
    if not win.scramble.pick:
        return f"Attacker wins {without}% if nothing scrambles"
    return f"Attacker wins {with_}% with the chosen aircraft ({without}% without)"


def draw_buttons(win: BattleWindow, surface: pygame.Surface, bar: pygame.Rect) -> int:
    """Scramble / None / Most; returns the x after them."""
    mine = win.my_move()
    n = len(win.scramble.pick)
    x = bar.x
    label = f"Scramble {n}  (R)" if n else "No scramble  (R)"
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 230, bar.h), label, win.do_scramble, enabled=mine,
                   primary=True, tooltip="The chosen aircraft fly into the sea zone and defend it  (R / Enter)")
    x += 240
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 110, bar.h), "None  (N)", win.no_scramble,
                   enabled=mine, size=19, tooltip="Every aircraft stays at its base  (N)")
    x += 120
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 100, bar.h), "Most  (A)", win.most_scramble,
                   enabled=mine, size=19, tooltip="As many as each air base may send  (A)")
    return x + 110
