"""Decisions a side may take in the middle of a battle besides rolling and retreating:
submarines submerging (seed 001 SUBMARINE, `Submerge`) and an auxiliary cruiser
withdrawing between rounds (seed 000, G45, `Withdraw`). The battle window shows them as
a row of buttons above its bottom bar, for the attacker and the defender alike; an
order the rules do not allow now is shown disabled with the rules' reason
(`battle.can_submerge`, the Withdraw action's IllegalAction).

Either side decides for its own units: in a hotseat game both players sit at the
screen; against the computer, a human defender's order holds the computer's next roll
until the defender acts or presses Fight on (F) (once per round). Computer players
never submerge or withdraw (the rules' default: fight on).

Keys: S the attacker's submarines, Shift+S the defender's, W the first withdrawal,
F fight on.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.errors import IllegalAction
from game.rules.zone import battle as B

from .. import theme, widgets

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .battle_window import BattleWindow


@dataclass
class Order:
    label: str
    side: str                      # attacker | defender
    owner: str                     # the player deciding
    action: A.Action | None        # None: the rules do not allow it now
    reason: str = ""               # why not (the rules' words)
    tooltip: str = ""
    key: str = ""                  # S | Shift+S | W
    run: Callable[[], None] | None = None   # for orders that are not rules actions (fight on)


def _decides(win: BattleWindow, owner: str) -> bool:
    """A person (not the computer) decides for this player's units now."""
    return not win.state.over and not win.game.ctl.is_ai(owner)


def submerge_orders(win: BattleWindow) -> list[Order]:
    """One order per side and owner holding submarines in the battle."""
    state = win.state
    b = state.zone.battle
    if b is None:
        return []
    out = []
    for side in ("attacker", "defender"):
        subs = [u for u in B.alive(state, B.side_units(state, b, side)) if state.utype(u).has("submersible")]
        for owner in sorted({u.owner for u in subs}):
            mine = [u for u in subs if u.owner == owner]
            reasons = {u.uid: B.can_submerge(state, u) for u in mine}
            ok = tuple(sorted(uid for uid, why in reasons.items() if not why))
            name = state.utype(mine[0]).name
            n = len(ok) or len(mine)
            what = f"{n} {name}{'s' if n != 1 else ''}"
            who = win.game.ctl.player_name(owner)
            key = "S" if side == "attacker" else "Shift+S"
            label = f"Submerge {what}  ({key})" if side == "attacker" else f"{who}: submerge {n}  ({key})"
            reason = "" if ok else next(why for why in reasons.values() if why)
            if ok and not _decides(win, owner):
                reason = f"{who} is played by the computer (it fights on)."
            tip = (f"{who}: {what} leave the battle and stay in the sea zone (neither fire nor are hit)"
                   + ("; they may not move again this turn" if side == "attacker" else ""))
            out.append(Order(label, side, owner, A.Submerge(ok) if ok and not reason else None, reason,
                             tip, key))
    return out


def withdraw_orders(win: BattleWindow) -> list[Order]:
    """One order per unit and sea zone it may withdraw to; units that withdraw but may not
    now get one disabled order with the reason."""
    state = win.state
    b = state.zone.battle
    if b is None:
        return []
    names = state.scenario.spaces
    opts = B.withdraw_options(state)
    out = []
    units = B.alive(state, B.attackers(state, b)) + B.alive(state, B.defenders(state, b))
    for u in sorted((x for x in units if state.utype(x).has("withdraws")), key=lambda x: x.uid):
        side = "attacker" if u.owner == b.attacker else "defender"
        ut = state.utype(u)
        who = win.game.ctl.player_name(u.owner)
        zones = opts.get(u.uid, [])
        prefix = "" if side == "attacker" else f"{who}: "
        alone = sum(1 for x in units if state.utype(x).has("withdraws") and x.owner == u.owner) == 1
        for z in zones:
            reason = "" if _decides(win, u.owner) else f"{who} is played by the computer (it fights on)."
            what = "Withdraw" if alone else ut.name
            out.append(Order(f"{prefix}{what} to {names[z].name}  (W)", side, u.owner,
                             None if reason else A.Withdraw((u.uid,), z), reason,
                             f"{who}: the {ut.name} withdraws alone to {names[z].name} (a bordering sea "
                             f"zone free of enemy ships); the battle goes on without it", "W"))
        if not zones:
            reason = _why_not_withdraw(state, u)
            out.append(Order(f"{prefix}Withdraw {ut.name}", side, u.owner, None, reason,
                             f"{ut.name}: may withdraw to a bordering sea zone free of enemy ships "
                             f"between rounds, once it has survived the first round", "W"))
    return out


def _why_not_withdraw(state, u) -> str:
    zones = [z for z in state.scenario.spaces[u.space].adjacent if state.scenario.spaces[z].kind == "sea"]
    if not zones:
        return "No bordering sea zone."
    try:
        A.apply(state, A.Withdraw((u.uid,), zones[0]))
    except IllegalAction as exc:
        return str(exc)
    except Exception:  # noqa: BLE001 - a missing reason only loses the hint
        logger.debug("withdraw check failed; no reason shown", exc_info=True)
        return ""
    return "No bordering sea zone free of enemy ships."


def side_orders(win: BattleWindow) -> list[Order]:
    """submerge_orders + withdraw_orders, worked out once per game-state version (the
    window asks every frame)."""
    state = win.state
    key = (state.action_count, win.game.ctl.version)
    cached = getattr(win, "_orders", None)
    if cached is None or cached[0] is not state or cached[1] != key:   # states never change in place
        cached = (state, key, submerge_orders(win) + withdraw_orders(win))
        win._orders = cached  # type: ignore[attr-defined]
    return cached[2]


def defender_waits(win: BattleWindow) -> bool:
    """The computer attacks a human defender who has an order it may give now and has not
    let this round go on yet: the computer's next roll waits."""
    state = win.state
    b = state.zone.battle
    if b is None or b.awaiting not in ("roll", "continue") or not win.game.ctl.is_ai(b.attacker):
        return False
    if (b.space, b.round) in win.passed:
        return False
    return any(o.side == "defender" and o.action is not None for o in side_orders(win))


def fight_on(win: BattleWindow) -> None:
    b = win.state.zone.battle
    if b is not None:
        win.passed.add((b.space, b.round))


def orders(win: BattleWindow) -> list[Order]:
    out = list(side_orders(win))
    if defender_waits(win):
        b = win.state.zone.battle
        assert b is not None
        out.append(Order("Fight on  (F)", "defender", "", None, "", "Let the attacker roll on this round  (F)",
                         "F", run=lambda: fight_on(win)))
    return out


def waiting_text(win: BattleWindow) -> str:
    """The status line while the computer waits for a human defender."""
    if not defender_waits(win):
        return ""
    b = win.state.zone.battle
    assert b is not None
    who = win.side_name(b, "defender")
    return f"{who}: submerge / withdraw now, or fight on (F); the computer attacker waits."


def give(win: BattleWindow, order: Order) -> None:
    if order.run is not None:
        order.run()
        return
    if order.action is None:
        win.error = order.reason or "Not possible now."
        return
    ctl = win.game.ctl
    before = ctl.message
    if ctl.do(order.action):
        win.error = ""
    else:
        win.error = ctl.message.text if ctl.message is not before and ctl.message else "Not possible now."
    win.refresh()


def handle_key(win: BattleWindow, event: pygame.event.Event) -> bool:
    """S / Shift+S / W / F; True if the key was an order's."""
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    want = {pygame.K_s: "Shift+S" if shift else "S", pygame.K_w: "W", pygame.K_f: "F"}.get(event.key)
    if want is None:
        return False
    mine = [o for o in orders(win) if o.key == want]
    if not mine:
        return False
    usable = [o for o in mine if o.action is not None or o.run is not None]
    give(win, usable[0] if usable else mine[0])
    return True


def draw(win: BattleWindow, surface: pygame.Surface, row: pygame.Rect, items: list[Order]) -> None:
    """The orders as buttons (disabled ones with their reason beside them)."""
    x = row.x
    for o in items:
        w = min(300, theme.text_width(o.label, 19) + 28)
        if x + w > row.right:
            break
        enabled = o.action is not None or o.run is not None
        tip = o.tooltip + (f"\nNot now: {o.reason}" if o.reason else "")
        widgets.button(surface, win.spots, pygame.Rect(x, row.y, w, row.h), o.label, partial(give, win, o),
                       enabled=enabled, size=19, tooltip=tip)
        x += w + 8
        if not enabled and o.reason:
            room = min(row.right - x, 330)
            lines = theme.wrap(o.reason, room, 15)[:2]
            for i, line in enumerate(lines):
                theme.text(surface, line, (x, row.y + 3 + i * 17), 15, theme.TEXT_DIM)
            x += max((theme.text_width(line, 15) for line in lines), default=0) + 14
