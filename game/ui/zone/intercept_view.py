"""The defender's interception decision in the battle window (seed 000: TRANSPORT
AIRCRAFT, FIGHTER "Escort"; reading G42).

When the battle awaits "intercept" an airdrop is coming: the defending player chooses
which of its fighters in the territory (`battle.interceptor_choices`) intercept the air
transports; interceptors roll one die each at their interception value and then take no
part in the battle. Every fighter is pre-chosen (the rules' default, what Roll and the
computer do); clicking a fighter, or keys 1-9, takes it out or puts it back; R / Enter
intercepts with the chosen ones, N with none, A chooses all again. The odds line adds
up the rules' own interception dice (`battle.interception_shooters` for the chosen
fighters): nothing here decides a rule, an illegal choice is refused by the Intercept
action.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.odds.raid import dice_hits
from game.rules import actions as A
from game.rules.model import Battle, GameState
from game.rules.zone import battle as B

from .. import palette, theme, widgets
from ..counters import draw_counter
from .pick_marks import PICK, UnitPick, mark_counter

if TYPE_CHECKING:
    from .battle_window import BattleWindow



class InterceptChoice(UnitPick):
    """The fighters the defender has chosen to intercept (uids); all of them to begin with."""

    @staticmethod
    def state_key(state: GameState) -> tuple | None:
        b = state.zone.battle
        if b is None or b.awaiting != "intercept":
            return None
        return (b.space, b.round, state.action_count)

    def default(self, state: GameState) -> list[int]:
        return list(B.interceptor_choices(state))

    def action(self) -> A.Intercept:
        return A.Intercept(self.chosen())


def hit_distribution(state: GameState, b: Battle, chosen: list[int]) -> list[float]:
    """The chance of 0, 1, 2... interception hits if these fighters intercept: the dice
    the rules would roll (`battle.interception_shooters`), each hitting at its value."""
    shooters = B.interception_shooters(state, replace(b, interceptors=tuple(chosen)))
    return dice_hits([v for _u, v in shooters], state.ruleset.dice)


def expected_losses(state: GameState, b: Battle, chosen: list[int]) -> tuple[float, int, int]:
    """(transports downed on average, transports, escorts): hits fall on the escorts
    first (seed 000: transports "may not be selected as casualties until all accompanying
    friendly fighters have been lost")."""
    drops = [uid for uid in b.drops if uid in state.units]
    types = set(B.intercept_targets(state, b))
    drop_types = {state.units[uid].type for uid in drops}
    escorts = sum(1 for u in B.alive(state, B.attackers(state, b))
                  if u.type in types and u.type not in drop_types)
    n = len(drops)
    lost = sum(p * min(n, max(0, k - escorts)) for k, p in enumerate(hit_distribution(state, b, chosen)))
    return lost, n, escorts


def cargo_of(state: GameState, uid: int) -> list[str]:
    """Names of the units aboard a transport."""
    return [state.utype(c).name for c in state.units.values() if c.carried_by == uid]


def status(win: BattleWindow, b: Battle) -> str:
    ctl = win.game.ctl
    who = win.side_name(b, "defender")
    n = len(b.drops)
    if b.raid:   # g40 bombing raid: the interceptors fight one air battle round
        comp = " (computer)" if ctl.is_ai(ctl.actor()) else ""
        return (f"Bombing raid: {who}{comp} chooses which fighters intercept the raiders "
                f"(one air battle round; click fighters, R intercept, N none).")
    if ctl.is_ai(ctl.actor()):
        return f"Interception: {who} (computer) chooses which fighters intercept {n} air transport(s)."
    return (f"Interception: {who} chooses which fighters intercept {n} air transport"
            f"{'s' if n != 1 else ''} (click fighters, R intercept, N none).")


def draw(win: BattleWindow, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
    """The fighters that may intercept (chosen ones marked, clickable), the AAA that fire
    anyway, and what the choice means for the transports."""
    state = win.state
    choice = win.intercept
    mine = win.my_move()
    pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
    pygame.draw.rect(surface, PICK, box, width=1, border_radius=8)
    allowed = B.interceptor_choices(state, b)
    lost, n, escorts = expected_losses(state, b, choice.pick)
    each = 1 - lost / n if n else 1.0
    raiders = B.alive(state, B.attackers(state, b)) if b.raid else []
    head = (f"Interception of the raid on {state.scenario.spaces[b.space].name}: {len(choice.pick)} of "
            f"{len(allowed)} fighter{'s' if len(allowed) != 1 else ''} chosen · {len(raiders)} "
            f"raider{'s' if len(raiders) != 1 else ''} fire back") if b.raid else (f"Interception over {state.scenario.spaces[b.space].name}: {len(choice.pick)} of {len(allowed)} "
            f"fighter{'s' if len(allowed) != 1 else ''} chosen · each transport survives {round(100 * each)}%"
            + (f" ({escorts} escort{'s' if escorts != 1 else ''} first)" if escorts else ""))
    theme.text(surface, theme.elide(head, box.w - 20, 18, bold=True), (box.x + 10, box.y + 6), 18, theme.TEXT,
               bold=True)
    keys = "click fighters · 1-9 · R intercept · N none · A all"
    theme.text(surface, keys, (box.right - 10, box.bottom - 6), 15, theme.TEXT_DIM, anchor="bottomright")
    x, y = box.x + 10, box.y + 30
    icon = 30
    for k, uid in enumerate(allowed, start=1):
        u = state.units[uid]
        ut = state.utype(u)
        chosen = uid in choice.pick
        col = palette.nation_color(state.scenario, u.owner)
        r = draw_counter(surface, (x, y), ut, ut.domain, col, icon, anchor="topleft")
        val = (ut.ability("air_battle").defense if b.raid else B.intercept_value(state, u))
        mark_counter(surface, r, chosen, f"intercepts at {val}", "defends", k)
        what = ("one die at {val} in the raid's air battle" if b.raid else
                "one die at {val} against the air transports, then out of this battle").format(val=val)
        tip = [f"{ut.name} ({win.game.ctl.player_name(u.owner)})",
               f"intercepts: {what}" if chosen else "stays out of the air battle"]
        if mine:
            tip.append(f"click to {'keep it back' if chosen else 'intercept with it'}" + (f" (key {k})" if k <= 9 else ""))
        win.spots.add(r.union(pygame.Rect(r.right, r.y, 110, r.h)),
                      partial(win.toggle_interceptor, uid) if mine else None,
                      tooltip="\n".join(tip), data=("interceptor", uid))
        x += icon + 130
        if x + icon + 120 > box.right:
            x, y = box.x + 10, y + icon + 8
    # the AAA fire at every transport whatever the choice; the transports and their cargo
    aaa = [u for u in B.alive(state, B.defenders(state, b))
           if (aa := state.utype(u).ability("anti_aircraft")) is not None and aa.per_air_transport]
    drops = [state.units[uid] for uid in b.drops if uid in state.units]
    cargo: dict[str, int] = {}
    for t in drops:
        for name in cargo_of(state, t.uid):
            cargo[name] = cargo.get(name, 0) + 1
    aboard = ", ".join(f"{k} {name}{'s' if k != 1 else ''}" for name, k in cargo.items()) or "nothing"
    parts = [f"{len(drops)} air transport{'s' if len(drops) != 1 else ''} carrying {aboard}"]
    if b.raid:
        parts = ["raiders: " + ", ".join(sorted({state.utype(u).name for u in raiders}))]
    if aaa:
        v = state.utype(aaa[0]).ability("anti_aircraft").value
        parts.append(f"{len(aaa)} AAA fire{'s' if len(aaa) == 1 else ''} anyway ({len(drops)} dice each at {v})")
    if not b.raid:
        parts.append(f"{lost:.1f} transport{'s' if round(lost, 1) != 1 else ''} and cargo lost on average")
    # beside the fighters when there is room, else below them
    tx, ty = (x, box.y + 30) if y == box.y + 30 and box.right - x > 220 else (box.x + 10, y + icon + 8)
    for line in theme.wrap(" · ".join(parts), box.right - 10 - tx, 16):
        if ty + 16 > box.bottom - 18:
            break
        theme.text(surface, line, (tx, ty), 16, theme.TEXT_DIM)
        ty += 17


def draw_buttons(win: BattleWindow, surface: pygame.Surface, bar: pygame.Rect) -> int:
    """Intercept / None / All; returns the x after them."""
    mine = win.my_move()
    n = len(win.intercept.pick)
    x = bar.x
    label = f"Intercept with {n}  (R)" if n else "No interception  (R)"
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 230, bar.h), label, win.do_intercept, enabled=mine,
                   primary=True, tooltip="The chosen fighters intercept (one die each), then sit out the battle; "
                   "AAA fire at every transport anyway  (R / Enter)")
    x += 240
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 110, bar.h), "None  (N)", win.no_interceptors,
                   enabled=mine, size=19, tooltip="Every fighter stays to defend; only the AAA fire  (N)")
    x += 120
    widgets.button(surface, win.spots, pygame.Rect(x, bar.y, 100, bar.h), "All  (A)", win.all_interceptors,
                   enabled=mine, size=19, tooltip="Every fighter intercepts (the default, what the computer does)  (A)")
    return x + 110
