"""The side panel in the airdrop step (GameScene.drop active): where the paratroopers
take off, how many fly (− / +), the flight's legs (carrier → cargo; paratroopers carry
themselves), the range, and for the hovered drop space the odds and the risks on the
way down. Also the 'Airdrop (P)' button of the ordinary move box."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.zone import movement

from .. import odds_view, palette, theme, widgets
from ..counters import draw_counter
from . import airdrop_view

if TYPE_CHECKING:
    from ..game_scene import GameScene
    from ..panel import SidePanel

KEY_HINT = "P"


def ready(panel: SidePanel) -> list[tuple[str, int]]:
    """The territories with paratroopers ready to fly (cached per game-state version)."""
    sc = panel.scene
    key = (sc.ctl.version, id(sc.state), sc.state.action_count)
    cached = getattr(panel, "_drop_ready", None)
    if cached is None or cached[0] != key:
        got = airdrop_view.ready_spaces(sc.state) if sc.my_turn() else []
        cached = (key, got)
        panel._drop_ready = cached  # type: ignore[attr-defined]
    return cached[1]


def box_need(panel: SidePanel) -> int:
    """Pixels the airdrop box needs: header, hint, take-off chips, one row per unit type,
    the flight, range and (hovering a drop space) the odds and risk lines."""
    sc = panel.scene
    rows = len(sc.drop.stacks(sc.state))
    legs = len({(leg.carrier.type if leg.carrier else "", len(leg.cargo)) for leg in sc.drop.legs(sc.state)})
    risk = 5 if sc.drop.carried(sc.state) else 3   # the interception's lines are longer
    return 30 + 42 + 30 + 36 * rows + 22 * max(1, legs) + 40 + (21 + risk * 19 + 4)


def button_need(panel: SidePanel) -> int:
    return 40 if ready(panel) else 0


def draw_button(panel: SidePanel, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
    """'Airdrop (P)' at the top of the move box when paratroopers can fly."""
    sc = panel.scene
    spaces = ready(panel)
    if not spaces:
        return y
    n = sum(k for _s, k in spaces)
    attack = sc.state.phase == movement.COMBAT
    carriers = any(s in airdrop_view.transport_groups(sc.state) for s, _k in spaces)
    if carriers:
        label = f"Airdrop…  ({KEY_HINT})" if attack else f"Fly air transports…  ({KEY_HINT})"
        tip = ("Airdrop: air transports carry paratroopers into an attack (pink outlines)  (P)" if attack else
               "Cargo flight: air transports carry units to a territory friendly since the start of the turn  (P)")
    else:
        label = f"Airdrop…  ({KEY_HINT})" if attack else f"Fly paratroopers…  ({KEY_HINT})"
        tip = ("Airdrop: paratroopers fly into an attack (pink outlines)  (P)" if attack else
               "Paratroopers fly into a friendly capital  (P)")
    where = ", ".join(f"{sc.state.scenario.spaces[s].name} {k}" for s, k in spaces[:4])
    tip += f"\nReady to take off: {where}"
    widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 32), label, sc.toggle_airdrop, size=19,
                   tooltip=tip)
    theme.text(surface, str(n), (box.right - 12, y + 16), 17, airdrop_view.DROP, anchor="midright", bold=True)
    return y + 40


def _set_count(sc: GameScene, utype: str, n: int) -> None:
    """The −/+ buttons: n of utype fly, checked against the state when clicked."""
    sc.drop.set_count(sc.state, utype, n)


def draw_box(panel: SidePanel, surface: pygame.Surface, box: pygame.Rect) -> int:
    sc = panel.scene
    state = sc.state
    drop = sc.drop
    spots = sc.spots
    attack = state.phase == movement.COMBAT
    y = box.y
    carried = drop.carried(state) or (drop.space is None and airdrop_view.has_air_transports(state))
    title = "Airdrop" if attack else ("Cargo flight" if carried else "Paratroopers fly")
    flyers = "air transports" if carried else "paratroopers"
    theme.text(surface, title, (box.x, y), 24, airdrop_view.DROP, bold=True)
    widgets.button(surface, spots, pygame.Rect(box.right - 118, y - 2, 118, 28), "Cancel  (Esc)",
                   sc.toggle_airdrop, size=17, tooltip="Leave the airdrop step: back to moving units  (Esc / P)")
    y += 30
    group = drop.group(state)
    # 1. where from
    spaces = ready(panel)
    if drop.space is None:
        y = panel.hint(surface, box, f"Choose the territory your {flyers} take off from "
                       "(click it on the map or here):", y)
    else:
        y = panel.hint(surface, box, "Click a space outlined in pink to drop there, or another territory "
                       "to take off from there.", y)
    chips_x = box.x
    for sid, n in spaces:
        name = state.scenario.spaces[sid].name
        text = f"{name}  {n}"
        cw = theme.text_width(text, 17) + 16
        if chips_x + cw > box.right:
            chips_x = box.x
            y += 26
        chip = pygame.Rect(chips_x, y, cw, 23)
        chosen = sid == drop.space
        pygame.draw.rect(surface, theme.mix(theme.PANEL_2, airdrop_view.DROP, 0.35 if chosen else 0.1), chip,
                         border_radius=5)
        if chosen:
            pygame.draw.rect(surface, airdrop_view.DROP, chip, width=1, border_radius=5)
        theme.text(surface, text, (chip.x + 8, chip.centery), 17, theme.TEXT, anchor="midleft")

        def pick(s: str = sid) -> None:
            if drop.pick(sc.state, s):
                sc.sel.space = s

        spots.add(chip, pick, tooltip=f"Take off from {name} ({n} ready)")
        chips_x += cw + 6
    y += 30
    if drop.space is None:
        return y
    # 2. who flies
    col = palette.nation_color(state.scenario, state.player)
    for utype, units in drop.stacks(state):
        if y + 34 > box.bottom:
            break
        ut = state.ruleset.units[utype]
        n = drop.counts.get(utype, 0)
        row = pygame.Rect(box.x, y, box.w, 32)
        pygame.draw.rect(surface, theme.mix(theme.PANEL_2, airdrop_view.DROP, 0.25) if n else theme.PANEL_2, row,
                         border_radius=5)
        draw_counter(surface, (row.x + 3, row.y + 2), ut, ut.domain, col, 28, anchor="topleft")
        theme.text(surface, theme.elide(ut.name, box.w - 150, 19), (row.x + 38, row.centery), 19, theme.TEXT,
                   anchor="midleft")
        bx, by = row.right - 104, row.y + 4
        widgets.button(surface, spots, pygame.Rect(bx, by, 26, 24), "−",
                       partial(_set_count, sc, utype, n - 1), enabled=n > 0, size=22)
        theme.text(surface, f"{n}/{len(units)}", (bx + 52, row.centery), 20, theme.TEXT, anchor="center")
        widgets.button(surface, spots, pygame.Rect(bx + 78, by, 26, 24), "+",
                       partial(_set_count, sc, utype, n + 1), enabled=n < len(units), size=22)
        y += 36
    # 3. the legs of the flight: carrier -> cargo (paratroopers carry themselves); equal
    # legs of air transports on one line ('2 × Transport Aircraft → Paratrooper')
    lines: dict[str, int] = {}
    for leg in drop.legs(state):
        kinds: dict[str, int] = {}
        for u in leg.cargo:
            kinds[state.utype(u).name] = kinds.get(state.utype(u).name, 0) + 1
        cargo = ", ".join(f"{k} {name}{'s' if k != 1 else ''}" for name, k in kinds.items())
        if leg.carrier is not None:
            text = f"{state.utype(leg.carrier).name} carrying {cargo}"
        else:
            text = f"Carrier: none ({cargo} {'flies itself' if len(leg.cargo) == 1 else 'fly themselves'})."
        lines[text] = lines.get(text, 0) + 1
    # the hovered drop's odds and risks come first when the panel is short: the hints
    # above them give way (at 1024x640 the interception line was cut mid-sentence)
    dest = sc.hover   # the hovered drop space, None when the mouse is not over one
    if not group or (dest is not None and dest not in drop.targets(state, sc.ctl.version)):
        dest = None
    reserve = risks_height(sc, box, group, dest) if dest is not None else 0

    def room(text: str) -> bool:
        return y + 19 * len(theme.wrap(text, box.w, 19)) + 4 + reserve <= box.bottom
    for text, k in lines.items():
        text = f"{k} × {text}" if k > 1 else text
        if y + 20 > box.bottom or not room(text):
            break
        y = panel.hint(surface, box, text, y)
    if group:
        nt = len(drop.targets(state, sc.ctl.version))
        seas = sum(1 for t in drop.targets(state, sc.ctl.version) if state.scenario.spaces[t].kind == "sea")
        if carried and not attack:
            land = nt - seas
            msg = (f"{land} landing territor{'ies' if land != 1 else 'y'}"
                   + (f", {seas} sea zone{'s' if seas != 1 else ''} (aboard your ships)" if seas else "")
                   + " in pink." if nt else "No territory friendly since the start of the turn in range.")
        else:
            msg = (f"{nt} drop space{'s' if nt != 1 else ''} in pink." if nt else
                   "No drop space in range" + (" (only hostile territories, no enemy capitals)." if attack else "."))
        text = airdrop_view.range_text(state, group) + " " + msg
        if room(text) or dest is None:
            y = panel.hint(surface, box, text, y)
    # 4. the hovered drop space: odds and risks
    if dest is not None:
        y = draw_risks(panel, surface, box, y, group, dest)
    return y


def risks_height(sc, box: pygame.Rect, group, dest: str) -> int:
    """Pixels draw_risks needs for this drop space."""
    lines = risk_lines(sc, group, dest)
    return 21 + sum(19 * len(theme.wrap(text, box.w, 18)) for text, _c, _t in lines) + 4


def risk_lines(sc, group, dest: str) -> list[tuple[str, tuple[int, int, int], str]]:
    """(text, colour, tooltip) of a drop space's odds and risks."""
    state = sc.state
    v = airdrop_view.drop_odds(sc.odds, state, group, dest)
    lines: list[tuple[str, tuple[int, int, int], str]] = []
    if v is not None:
        if v.pending:
            lines.append(("Computing the odds…", theme.TEXT_DIM, ""))
        elif v.ok:
            pw = v.result.attacker_wins
            wcol = theme.GOOD if pw >= 0.7 else theme.ACCENT if pw >= 0.4 else theme.BAD
            take = odds_view.take_pct(v.result)
            lines.append((f"{odds_view.pct_ci(v.result)} to win the battle"
                          + (f", {take} to take it" if take else ""), wcol,
                          "\n".join(odds_view.summary_lines(v, state.ruleset))))
        else:
            lines.append((f"Odds unavailable ({v.error})", theme.BAD, ""))
    elif state.phase == movement.COMBAT:
        lines.append(("No defenders: taken without a battle", theme.GOOD, ""))
    for r in airdrop_view.drop_risks(state, group, dest):
        p = r.p_safe
        col = theme.GOOD if p is None or p >= 0.85 else theme.ACCENT if p >= 0.6 else theme.BAD
        lines.append((r.text, col, r.tooltip))
    return lines


def draw_risks(panel: SidePanel, surface: pygame.Surface, box: pygame.Rect, y: int, group, dest: str) -> int:
    sc = panel.scene
    state = sc.state
    name = state.scenario.spaces[dest].name
    if y + 20 > box.bottom:
        return y
    verb = "Fly to" if state.scenario.spaces[dest].kind == "sea" else "Drop on"   # seed 001: onto ships
    theme.text(surface, theme.elide(f"{verb} {name}:", box.w, 19, bold=True), (box.x, y), 19, theme.TEXT, bold=True)
    y += 21
    for text, col, tip in risk_lines(sc, group, dest):
        wrapped = theme.wrap(text, box.w, 18)
        for k, line in enumerate(wrapped):
            last = y + 2 * 19 > box.bottom          # no room for another line after this one
            if last and k < len(wrapped) - 1:       # cut: end the line with an ellipsis
                line = theme.elide(line + " " + " ".join(wrapped[k + 1:]), box.w, 18)
            r = theme.text(surface, line, (box.x, y), 18, col)
            sc.spots.add(r, None, tooltip=tip or text)
            y += 19
            if last:
                return y
    return y + 4
