"""Reconnaissance rerolls in the battle window (seed 000: armored car, airship).

When the battle awaits "reroll" the rolling side has seen its dice and may reroll some:
the dice the rules allow (`battle.reroll_eligible`), at most `battle.reroll_limit`, one
per unit. The window shows the roll's dice big enough to click; the default choice
(`battle.default_reroll`, what the computer does) is pre-selected; clicking a die adds
or removes it (a full choice swaps its newest die); R / Enter rerolls the chosen dice
(none chosen = keep), K keeps them all, D restores the default, 1-9 toggle the
allowed dice in order. Nothing here decides a rule: an illegal choice is refused by
the Reroll action, whose reason the window shows.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules import grammar
from game.rules.model import Battle
from game.rules.zone import battle as B

from .. import theme, widgets
from ..counters import draw_counter

if TYPE_CHECKING:
    from .battle_window import BattleWindow

PICK = (120, 176, 232)   # a die chosen for a reroll (theme.INFO)


class RerollChoice:
    """The dice the player has chosen to reroll (indices into the last roll)."""

    def __init__(self) -> None:
        self.pick: list[int] = []
        self.key: tuple | None = None

    @staticmethod
    def state_key(state) -> tuple | None:
        b = state.zone.battle
        if b is None or b.awaiting != "reroll" or not b.rolls:
            return None
        return (b.space, b.round, b.step, len(b.rolls), state.action_count)

    def refresh(self, state) -> None:
        key = self.state_key(state)
        if key != self.key:
            self.key = key
            self.pick = list(B.default_reroll(state)) if key is not None else []

    def toggle(self, state, i: int) -> str:
        """Add or remove die i; returns an error in words ("" when fine)."""
        b = state.zone.battle
        if b is None or b.awaiting != "reroll":
            return ""
        roll = b.rolls[-1]
        if i in self.pick:
            self.pick.remove(i)
            return ""
        if i not in B.reroll_eligible(state, b):
            types = B.reroll_allowance(state, b, roll.side)[1]
            names = ", ".join(state.ruleset.units[t].name for t in types if t in state.ruleset.units)
            return f"That die cannot be rerolled: reconnaissance rerolls only dice of {names or 'no unit here'}."
        same = [j for j in self.pick if roll.uids[j] == roll.uids[i]]
        for j in same:  # one reroll per unit: its other die gives way
            self.pick.remove(j)
        limit = B.reroll_limit(state)
        if len(self.pick) >= limit:
            if not self.pick:
                return "No rerolls left this round."
            self.pick.pop()
        self.pick.append(i)
        return ""

    def action(self) -> A.Action:
        return A.Reroll(tuple(sorted(self.pick))) if self.pick else A.KeepDice()


def allowance_text(state, b: Battle) -> str:
    """'1 reroll (Armored Car): dice of Artillery, Heavy Artillery'."""
    roll = b.rolls[-1]
    left, types = B.reroll_allowance(state, b, roll.side)
    recon = sorted({state.utype(u).name for u in B.side_units(state, b, roll.side)
                    if state.utype(u).has("reconnaissance") and u.damage < state.utype(u).hits})
    names = ", ".join(state.ruleset.units[t].name for t in types if t in state.ruleset.units)
    by = f" ({', '.join(recon)})" if recon else ""
    return f"{left} reroll{'s' if left != 1 else ''}{by}: dice of {names}"


def status(win: BattleWindow, b: Battle) -> str:
    state = win.state
    ctl = win.game.ctl
    who = win.side_name(b, b.rolls[-1].side)
    if ctl.is_ai(ctl.actor()):
        return f"Reconnaissance: {who} (computer) decides on its rerolls."
    n = B.reroll_limit(state)
    return f"Reconnaissance: {who} may reroll {n} di{'ce' if n != 1 else 'e'}: click dice, then R reroll or K keep."


def draw(win: BattleWindow, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
    """The last roll's dice, the allowed ones clickable, the chosen ones marked."""
    state = win.state
    choice = win.reroll
    roll = b.rolls[-1]
    elig = set(B.reroll_eligible(state, b))
    limit = B.reroll_limit(state)
    mine = win.my_move()
    pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
    pygame.draw.rect(surface, PICK, box, width=1, border_radius=8)
    who = win.side_name(b, roll.side)
    head = (f"{who} {B.step_name(roll.step, grammar.name_plural(state.scenario, who))}: {B.hits_text(roll.hits, roll.void)}"
            f" · {len(choice.pick)} of {limit} chosen · {allowance_text(state, b)}")
    theme.text(surface, theme.elide(head, box.w - 20, 18, bold=True), (box.x + 10, box.y + 6), 18, theme.TEXT,
               bold=True)
    keys = "click dice · 1-9 · R reroll · K keep · D default"
    theme.text(surface, keys, (box.right - 10, box.bottom - 6), 15, theme.TEXT_DIM, anchor="bottomright")
    # groups of dice by unit type, each behind a small counter (as the list view's dice)
    order: list[str] = []
    for t, _n, _f in roll.dice:
        if t not in order:
            order.append(t)
    n_dice = len(roll.dice)
    area = pygame.Rect(box.x + 10, box.y + 30, box.w - 20, box.h - 36)
    die = 30
    while die > 16 and (len(order) * (die + 12) + n_dice * (die + 10)) > area.w * max(1, area.h // (die + 18)):
        die -= 2
    x, y = area.x, area.y
    eligible_order = [i for i in range(n_dice) if i in elig]
    for t in order:
        idx = [i for i, (tt, _n, _f) in enumerate(roll.dice) if tt == t]
        ut = state.ruleset.units.get(t)
        if x + die * 2 > area.right and x > area.x:
            x, y = area.x, y + die + 18
        if y + die > area.bottom + 2:
            break
        draw_counter(surface, (x, y + 3), ut or t, ut.domain if ut else "land", (110, 116, 128), die - 6, anchor="topleft")
        x += die
        for i in idx:
            if x + die > area.right:
                x, y = area.x + die, y + die + 18
                if y + die > area.bottom + 2:
                    break
            _t, need, face = roll.dice[i]
            r = pygame.Rect(x, y, die, die)
            _draw_die(surface, r, face, face <= need, state.ruleset.dice)
            name = ut.name if ut else t
            tip = [f"{name}: needs {need} or less, rolled {face} — {'hit' if face <= need else 'miss'}"]
            chosen = i in choice.pick
            if i in elig:
                k = eligible_order.index(i) + 1
                if chosen:  # tinted blue, a thick ring and 'reroll' under it
                    tint = pygame.Surface(r.size, pygame.SRCALPHA)
                    tint.fill((*PICK, 90))
                    surface.blit(tint, r.topleft)
                    pygame.draw.rect(surface, PICK, r.inflate(6, 6), width=3, border_radius=6)
                    theme.text(surface, "reroll", (r.centerx, r.bottom + 3), 12, PICK, anchor="midtop", bold=True)
                else:
                    if mine:
                        pygame.draw.rect(surface, theme.darken(PICK, 0.2), r.inflate(4, 4), width=1, border_radius=6)
                    if k <= 9:
                        theme.text(surface, f"[{k}]", (r.centerx, r.bottom + 3), 12, theme.TEXT_DIM, anchor="midtop")
                tip.append("chosen for a reroll — click to keep it" if chosen else
                           f"click to reroll it (key {k})" if k <= 9 else "click to reroll it")
            else:
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((20, 22, 26, 130))
                surface.blit(veil, r.topleft)
                tip.append("cannot be rerolled (reconnaissance rerolls only some units' dice, once per unit)")
            win.spots.add(r.inflate(4, 4), partial(win.toggle_reroll, i) if mine and i in elig else None,
                          tooltip="\n".join(tip), data=("reroll_die", i))
            x += die + 10
        x += 12


def _draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, hit: bool, dice: int) -> None:
    from .strip import draw_strip_die
    draw_strip_die(surface, rect, face, hit, dice)


def draw_buttons(win: BattleWindow, surface: pygame.Surface, bar: pygame.Rect) -> int:
    """Reroll / Keep / Default; returns the x after them."""
    mine = win.my_move()
    n = len(win.reroll.pick)
    x = bar.x
    label = f"Reroll {n} di{'ce' if n != 1 else 'e'}  (R)" if n else "Keep dice  (R)"
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 210, bar.h), label, win.do_reroll, enabled=mine,
                   primary=True, tooltip="Reroll the chosen dice; the new faces count  (R / Enter)")
    x += 220
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 150, bar.h), "Keep dice  (K)", win.keep_dice,
                   enabled=mine, tooltip="No reroll: the hits are counted on the dice as rolled  (K)")
    x += 160
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 120, bar.h), "Default", win.default_reroll,
                   enabled=mine, size=19, tooltip="Choose the misses worth rerolling again  (D)\n"
                   "(what the computer does: the missed dice that needed the most)")
    return x + 130
