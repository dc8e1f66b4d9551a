"""Coastal artillery in the side panel (seed 000 FORTRESS, reading G62): in the
conduct-combat phase, outside a battle, every (territory, sea zone) the rules allow
(`coastal.options`) is a button under the battles; a click fires (`CoastalFire`), the
result goes to the log and the message bar. Computer players never fire it."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.zone import coastal

from .. import theme, widgets

if TYPE_CHECKING:
    from ..panel import SidePanel


def options(panel: SidePanel) -> list[tuple[str, str]]:
    """The coastal fire the current (human) player may order now, cached per state."""
    sc = panel.scene
    state = sc.state
    if not sc.my_turn() or state.phase != "conduct_combat" or state.zone.battle is not None:
        return []
    key = (sc.ctl.version, id(state), state.action_count)
    cached = getattr(panel, "_coastal", None)
    if cached is None or cached[0] != key:
        cached = (key, coastal.options(state))
        panel._coastal = cached  # type: ignore[attr-defined]
    return cached[1]


def describe(state, space: str, zone: str) -> tuple[str, str]:
    """(button label, tooltip) for one coastal fire."""
    sps = state.scenario.spaces
    guns = coastal.guns(state, space, state.player)
    dice = 0
    vals = set()
    for g in guns:
        ab = state.utype(g).ability("coastal_artillery")
        dice += ab.dice
        vals.add(min(state.ruleset.dice, ab.value or state.utype(g).defense))
    ships = coastal.targets_in(state, zone, state.player)
    kinds: dict[str, int] = {}
    for u in ships:
        kinds[state.utype(u).name] = kinds.get(state.utype(u).name, 0) + 1
    at = "/".join(str(v) for v in sorted(vals))
    label = f"{sps[space].name} at {sps[zone].name}: {dice} dice at {at}"
    tip = (f"Coastal artillery of {sps[space].name} fires {dice} dice at {at} (of {state.ruleset.dice}) at the "
           f"enemy ships in {sps[zone].name}:\n" + "\n".join(f"  {n} {k}" for k, n in kinds.items())
           + "\nOnce this turn; nobody fires back; hits follow the default order of loss.")
    return label, tip


def fire(panel: SidePanel, space: str, zone: str) -> None:
    sc = panel.scene
    if sc.ctl.do(A.CoastalFire(space, zone)):
        last = sc.state.log(1)
        sc.ctl.say(last[-1].strip() if last else "Coastal artillery fired.", "good")


def draw(panel: SidePanel, surface: pygame.Surface, box: pygame.Rect, y: int,
         opts: list[tuple[str, str]]) -> int:
    if not opts or y + 60 > box.bottom:
        return y
    sc = panel.scene
    y += 4
    theme.text(surface, "Coastal artillery (once a turn):", (box.x, y), 18, theme.TEXT_DIM, bold=True)
    y += 22
    for space, zone in opts:
        if y + 32 > box.bottom:
            break
        label, tip = describe(sc.state, space, zone)
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 28), label,
                       partial(fire, panel, space, zone), size=17, tooltip=tip + "\nClick: fire")
        y += 32
    return y
