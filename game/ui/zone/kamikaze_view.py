"""The kamikaze player's choice in the battle window (G40 2nd ed. "Kamikaze Strikes";
game/rules/zone/kamikaze.py).

When the battle awaits "kamikaze" the attacker's surface warships in a kamikaze zone may
be struck before the battle: the kamikaze player gives each ship tokens (each one die at
the rule's value; hits are taken at once). The rules' default (one token on each ship,
the costliest first, what Roll and the computer do) is pre-chosen; clicking a ship, or
keys 1-9, adds a token to it (past the tokens left, back to none); R / Enter strikes, N
strikes with none, D chooses the default again. The Kamikaze action refuses an illegal
choice; nothing here decides a rule.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.model import Battle, GameState
from game.rules.zone import kamikaze

from .. import palette, theme, widgets
from ..counters import draw_counter

if TYPE_CHECKING:
    from .battle_window import BattleWindow

PICK = (232, 120, 96)   # a ship with tokens on it


class KamikazeChoice:
    """The target of each token the kamikaze player means to spend (uids, repeats allowed)."""

    def __init__(self) -> None:
        self.pick: list[int] = []
        self.key: tuple | None = None

    def refresh(self, state: GameState) -> None:
        b = state.zone.battle
        key = None if b is None or b.awaiting != "kamikaze" else (b.space, state.action_count)
        if key != self.key:
            self.key = key
            self.pick = list(kamikaze.default_targets(state, b)) if b is not None and key else []

    def add(self, state: GameState, uid: int) -> None:
        """One more token on the ship; past the tokens left, the ship gets none again."""
        if len(self.pick) < kamikaze.tokens_left(state):
            self.pick.append(uid)
            self.pick.sort()
        else:
            self.pick = [u for u in self.pick if u != uid]

    def action(self) -> A.Kamikaze:
        return A.Kamikaze(tuple(self.pick))


def status(win: BattleWindow, b: Battle) -> str:
    rule = win.state.scenario.kamikaze
    if rule is None:
        return ""
    ctl = win.game.ctl
    who = ctl.player_name(rule.player)
    left = kamikaze.tokens_left(win.state)
    if ctl.is_ai(ctl.actor()):
        return f"Kamikaze: {who} (computer) chooses its strikes ({left} tokens left)."
    return (f"Kamikaze: {who} may strike the attacking warships before the battle ({left} tokens "
            f"left; click ships, R strike, N none).")


def draw(win: BattleWindow, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
    """The ships that may be struck, with the tokens on each (clickable)."""
    state = win.state
    rule = state.scenario.kamikaze
    if rule is None:
        return
    mine = win.my_move()
    pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
    pygame.draw.rect(surface, PICK, box, width=1, border_radius=8)
    ships = kamikaze.targets(state, b)
    pick = win.kamikaze.pick
    head = f"Kamikaze strikes: {len(pick)} of {kamikaze.tokens_left(state)} tokens"
    how = (f"each token a die at {rule.value} against its ship · hits taken at once · "
           "no bombardment from a struck zone")
    theme.text(surface, head, (box.x + 10, box.y + 6), 18, theme.TEXT, bold=True)
    theme.text(surface, theme.elide(how, box.w - 20, 15), (box.x + 10, box.y + 27), 15, theme.TEXT_DIM)
    theme.text(surface, "click ships · 1-9 · R strike · N none · D default", (box.right - 10, box.bottom - 6),
               15, theme.TEXT_DIM, anchor="bottomright")
    x, y = box.x + 10, box.y + 46
    icon = 30
    for k, u in enumerate(ships, start=1):
        ut = state.utype(u)
        n = pick.count(u.uid)
        col = palette.nation_color(state.scenario, u.owner)
        r = draw_counter(surface, (x, y), ut, ut.domain, col, icon, anchor="topleft")
        if n:
            pygame.draw.rect(surface, PICK, r.inflate(6, 6), width=3, border_radius=6)
        theme.text(surface, f"{n} token{'s' if n != 1 else ''}" if n else "spared", (r.right + 6, r.y + 2), 15,
                   PICK if n else theme.TEXT_DIM, bold=bool(n))
        if k <= 9:
            theme.text(surface, f"[{k}]", (r.right + 6, r.bottom - 1), 13, theme.TEXT_DIM, anchor="bottomleft")
        tip = [f"{ut.name} ({win.game.ctl.player_name(u.owner)}) in {state.scenario.spaces[u.space].name}",
               f"{n} kamikaze token{'s' if n != 1 else ''} on it" if n else "no token on it"]
        if mine:
            tip.append("click to add a token" + (f" (key {k})" if k <= 9 else ""))
        win.spots.add(r.union(pygame.Rect(r.right, r.y, 90, r.h)),
                      partial(win.add_kamikaze_token, u.uid) if mine else None,
                      tooltip="\n".join(tip), data=("kamikaze", u.uid))
        x += icon + 100
        if x + icon + 90 > box.right:
            x, y = box.x + 10, y + icon + 8


def draw_buttons(win: BattleWindow, surface: pygame.Surface, bar: pygame.Rect) -> int:
    """Strike / None / Default; returns the x after them."""
    mine = win.my_move()
    n = len(win.kamikaze.pick)
    x = bar.x
    label = f"Strike with {n}  (R)" if n else "No strike  (R)"
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 230, bar.h), label, win.do_kamikaze, enabled=mine,
                   primary=True, tooltip="Each token rolls a die against its ship before the battle  (R / Enter)")
    x += 240
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 110, bar.h), "None  (N)", win.no_kamikaze,
                   enabled=mine, size=19, tooltip="Keep every token  (N)")
    x += 120
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 130, bar.h), "Default  (D)", win.default_kamikaze,
                   enabled=mine, size=19, tooltip="One token on each ship, the costliest first (what the "
                   "computer does)  (D)")
    return x + 140
