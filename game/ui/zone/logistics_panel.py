"""Air-transport logistics in the side panel (seed 000 TRANSPORT AIRCRAFT, supplied rules
Supply drops and Ferry operations, game/rules/zone/supply.py): at the start of the combat move
every supply drop the rules allow (`supply.drop_options`) is a button; in the non-combat
move one ferry flight per air-transport stack and ally (`supply.ferry_options`; to the
ally's capital if in reach): it ferries as many IPCs as the transport takes, at most what
the player has. A click applies the action; the result goes
to the log and the message bar."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import actions as A
from game.rules.zone import movement, supply

from .. import theme, widgets

if TYPE_CHECKING:
    from ..panel import SidePanel


def options(panel: SidePanel) -> list[tuple[str, Any]]:
    """("drop"|"ferry", action) for the current (human) player now, cached per state."""
    sc = panel.scene
    state = sc.state
    if not sc.my_turn() or state.phase not in (movement.COMBAT, movement.NONCOMBAT):
        return []
    key = (sc.ctl.version, id(state), state.action_count)
    cached = getattr(panel, "_logistics", None)
    if cached is None or cached[0] != key:
        out: list[tuple[str, Any]] = []
        if state.phase == movement.COMBAT:
            out = [("drop", A.SupplyDrop(uid, to)) for uid, to in supply.drop_options(state)]
        else:
            # the IPCs go to the territory's owner: one button per (transport stack, ally),
            # flying to the ally's capital if it can, else a factory, else the first territory
            best: dict[tuple[str, str | None], tuple[tuple[int, str], int, str]] = {}
            for uid, to in supply.ferry_options(state):
                owner = state.owners.get(to)
                cap_of = state.scenario.player(owner).capital if owner else None
                rank = (0 if to == cap_of else 1 if to in state.factories else 2, to)
                k = (state.units[uid].space, owner)
                if k not in best or rank < best[k][0]:
                    best[k] = (rank, uid, to)
            for _k, (_r, uid, to) in sorted(best.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
                cap = state.utype(state.units[uid]).ability("ferry").ipcs
                out.append(("ferry", A.Ferry(uid, to, min(cap, state.resources.get(state.player, 0)))))
        cached = (key, out)
        panel._logistics = cached  # type: ignore[attr-defined]
    return cached[1]


def describe(state: Any, kind: str, action: Any) -> tuple[str, str]:
    """(button label, tooltip) for one supply drop or ferry flight."""
    sps = state.scenario.spaces
    t = state.units[action.unit]
    start, dest = sps[t.space].name, sps[action.to].name
    if kind == "drop":
        return (f"Supply drop: {start} to {dest}",
                f"An air transport from {start} drops supplies on {dest}: its land units fight in "
                f"supply this turn (no -{state.ruleset.supply.penalty}).\nOnly before any other "
                f"combat move; the transport stays in {dest}.")
    to = state.scenario.player(state.owners[action.to]).name
    return (f"Ferry {action.ipcs} IPCs: {start} to {dest} ({to})",
            f"An air transport flies {action.ipcs} of your IPCs (the resources you buy units with) "
            f"from {start} to {dest}; {to} spends "
            f"them at its next purchase. The transport stays in {dest}.")


def fly(panel: SidePanel, action: Any) -> None:
    sc = panel.scene
    if sc.ctl.do(action):
        last = sc.state.log(1)
        sc.ctl.say(last[-1].strip() if last else "The air transport flew.", "good")


def draw(panel: SidePanel, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
    opts = options(panel)
    if not opts or y + 60 > box.bottom:
        return y
    sc = panel.scene
    title = ("Supply drops (before other combat moves):" if opts[0][0] == "drop"
             else "Ferry flights (air transports):")
    theme.text(surface, title, (box.x, y), 18, theme.TEXT_DIM, bold=True)
    y += 22
    for kind, action in opts[:4]:
        if y + 32 > box.bottom:
            break
        label, tip = describe(sc.state, kind, action)
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 28), theme.elide(label, box.w - 12, 17),
                       partial(fly, panel, action), size=17, tooltip=tip + "\nClick: fly")
        y += 32
    if len(opts) > 4:
        theme.text(surface, f"(+{len(opts) - 4} more)", (box.x, y), 16, theme.TEXT_DIM)
        y += 18
    return y + 4
