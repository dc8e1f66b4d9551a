"""Playing a hex map by clicks: select a stack, see where it can go (MP costs,
enemy zones of control), move it; in the combat phase pick an enemy hex, the
units that attack it, see the odds column, every column shift with its reason
and the chance of each result, then attack; advance after combat.

Only the rules decide: destinations come from hexmove.reachable, the preview
from crt.preview, and every change is an Action through the controller (an
illegal one is explained in the words of its IllegalAction or hexmove.explain).
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import actions as A
from game.rules.hex import airdrop as hexairdrop
from game.rules.hex import combat as hexcombat
from game.rules.hex import crt
from game.rules.hex import move as hexmove
from game.rules.hex.phases import PHASE_NAMES

from .. import theme, widgets
from . import counters as hexcounters
from .render import HexOverlay, HexRenderer

if TYPE_CHECKING:
    from ..game_scene import GameScene

MOVING = ("movement", "exploitation")
READABLE_RADIUS = 42   # start zoomed so that hexes are at least this big on screen
ROW_H = 34
COMPACT_ROW_H = 26    # a long choice list: lower rows, then a scroll
SCROLL_BAR_H = 30

# result codes by who they hurt (bar colours in the preview)
GOOD_FOR_ATTACKER = {"DR", "DH", "DE", "HX", "EX"}
BAD_FOR_ATTACKER = {"AE", "AH", "AR"}


class HexPlay:
    def __init__(self, scene: GameScene):
        self.scene = scene
        assert isinstance(scene.renderer, HexRenderer), "hex play needs the hex renderer"
        self.renderer = scene.renderer
        self.sel: str | None = None
        self.picked: set[int] = set()
        self.target: str | None = None
        self.bad: str | None = None
        self.row_scroll = 0
        self._row_max = 0
        self.rows_rect: pygame.Rect | None = None   # the unit list drawn last (wheel)
        self._rows_key: object = None
        self._cache: dict[str, tuple[tuple, object]] = {}
        # choices after a combat result (losses, retreat, advance): what the player has picked,
        # keyed by the state's action count (a new decision starts from the rules' proposal)
        self._choice_key: tuple | None = None
        self.loss_pick: list[int] = []
        self.retreat_pick: tuple[int, ...] = ()
        self.advance_pick: tuple[int, ...] = ()
        self.start_view()

    # --- view -------------------------------------------------------------------------
    def start_view(self) -> None:
        """Zoom in to a readable hex size, centred on the first player's units."""
        cam = self.scene.cam
        r = self.renderer.R
        if cam.scale * r < READABLE_RADIUS:
            cam.scale = min(cam.max_scale(), READABLE_RADIUS / r)
        state = self.scene.state
        mine = [self.renderer.centers[u.space] for u in state.units.values()
                if u.owner == state.player and u.space in self.renderer.centers]
        ww, wh = self.renderer.world_size
        cx, cy = ww / 2, wh / 2
        if mine:
            cx, cy = sum(p[0] for p in mine) / len(mine), sum(p[1] for p in mine) / len(mine)
        self.look_at(cx, cy)

    def look_at(self, cx: float, cy: float) -> None:
        """Centre the view near a world point without showing an empty band past the map's edge."""
        cam = self.scene.cam
        ww, wh = self.renderer.world_size
        hw, hh = cam.view[2] / 2 / cam.scale, cam.view[3] / 2 / cam.scale
        cx = ww / 2 if ww <= 2 * hw else min(max(cx, hw), ww - hw)
        cy = wh / 2 if wh <= 2 * hh else min(max(cy, hh), wh - hh)
        cam.center_on(cx, cy)

    # --- cached rules queries ----------------------------------------------------------------
    def _key(self, *extra: object) -> tuple:
        st = self.scene.state
        return (self.scene.ctl.version, id(st), st.action_count) + extra

    def _cached(self, name: str, key: tuple, fn):
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        val = fn()
        self._cache[name] = (key, val)
        return val

    def group(self) -> list:
        st = self.scene.state
        return [st.units[i] for i in sorted(self.picked) if i in st.units]

    def dests(self) -> dict[str, tuple[str, ...]]:
        st = self.scene.state
        if st.phase not in MOVING or not self.picked or not self.scene.my_turn():
            return {}
        uids = tuple(sorted(self.picked))
        return self._cached("dests", self._key(uids), lambda: hexmove.reachable(st, uids))

    def dest_costs(self) -> dict[str, str]:
        """Destination -> MPs the move costs (the most any unit of the group pays)."""
        st = self.scene.state
        d = self.dests()
        uids = tuple(sorted(self.picked))

        def work() -> dict[str, str]:
            group = self.group()
            out = {}
            for h, path in d.items():
                spent, _why = hexmove.path_costs(st, group, path)
                out[h] = str(max(spent.values())) if spent else ""
            return out
        return self._cached("costs", self._key(uids), work)

    def drops(self) -> set[str]:
        """Hexes the chosen units may fly to (air drop, assault landing, air transport)."""
        st = self.scene.state
        if st.phase != "movement" or not self.picked or not self.scene.my_turn():
            return set()
        uids = tuple(sorted(self.picked))
        if hexairdrop.transport(st, st.player) is None:
            return set()
        return self._cached("drops", self._key(uids), lambda: set(hexairdrop.targets(st, uids)))

    def no_flight_reason(self) -> str:
        """Why the chosen units have no hex to fly to: the commonest reason over the hexes
        in the transport's range (e.g. not air droppable and no airfield held there)."""
        st = self.scene.state
        uids = tuple(sorted(self.picked))

        def work() -> str:
            counts: dict[str, int] = {}
            for h in st.scenario.hexmap.hexes if st.scenario.hexmap else ():
                why = hexairdrop.explain(st, uids, h)
                if why and not why.startswith(("Out of range", "Units land on", "Pick another")):
                    counts[why] = counts.get(why, 0) + 1
            if not counts:
                return "no hex in range to land on."
            return max(counts, key=lambda k: (counts[k], k))
        return self._cached("no_flight", self._key(uids), work)

    def zoc(self) -> AbstractSet[str]:
        st = self.scene.state
        group = self.group()
        if not group or st.phase not in MOVING:
            return frozenset()
        owner = group[0].owner
        return self._cached("zoc", self._key(owner), lambda: hexmove.zoc_hexes(st, owner))

    def targets(self) -> list[str]:
        st = self.scene.state
        ht = hexcombat.turn(st)
        if st.phase != "combat" or not self.scene.my_turn() or ht.advance is not None or ht.pending is not None:
            return []
        return self._cached("targets", self._key(), lambda: hexcombat.attack_targets(st))

    def preview(self) -> crt.CombatPreview | None:
        st = self.scene.state
        if self.target is None or st.phase != "combat":
            return None
        uids = tuple(sorted(self.picked))
        return self._cached("preview", self._key(self.target, uids), lambda: crt.preview(st, self.target, uids))

    def advance(self) -> tuple[str, tuple[int, ...]] | None:
        st = self.scene.state
        if st.phase != "combat" or st.hexturn is None:
            return None
        return st.hexturn.advance

    # --- choices after a combat result ------------------------------------------------------
    def decision(self):
        """The combat result waiting for this human's choice (a PendingCombat), or None."""
        st = self.scene.state
        if st.phase != "combat" or not self.scene.my_turn():
            return None
        return hexcombat.pending(st)

    def _sync_choice(self) -> None:
        """Start each new decision from the rules' proposal."""
        st = self.scene.state
        key = (id(st), st.action_count)
        if self._choice_key == key:
            return
        self._choice_key = key
        self.row_scroll = 0
        ch = hexcombat.loss_choice(st)
        self.loss_pick = list(ch.default) if ch is not None else []
        rt = hexcombat.default_retreat(st)
        self.retreat_pick = rt[0] if rt is not None else ()
        self.advance_pick = hexcombat.default_advance(st)

    def loss_choice(self) -> hexcombat.LossChoice | None:
        st = self.scene.state
        return self._cached("loss_choice", self._key(), lambda: hexcombat.loss_choice(st))

    def losses(self) -> list[int]:
        self._sync_choice()
        return self.loss_pick

    def cycle_loss(self, uid: int) -> None:
        """A click on a unit: one more of its steps lost (a cadre unit: reduced, then
        eliminated), then none again."""
        ch = self.loss_choice()
        if ch is None or uid not in ch.steps:
            return
        pick = self.losses()
        n = pick.count(uid)
        rest = [i for i in pick if i != uid]
        self.loss_pick = rest + [uid] * ((n + 1) % (len(ch.steps[uid]) + 1))

    def reset_choice(self) -> None:
        self._choice_key = None
        self._sync_choice()

    def take_losses(self) -> None:
        sc = self.scene
        if sc.ctl.do(A.HexLosses(tuple(self.losses()))):
            sc.ctl.say("Losses taken.", "info")

    def retreating(self) -> tuple[int, ...]:
        self._sync_choice()
        return self.retreat_pick

    def retreat_opts(self) -> dict[str, tuple[str, ...]]:
        st = self.scene.state
        uids = self.retreating()
        return self._cached("retreat_opts", self._key(uids), lambda: hexcombat.retreat_options(st, uids))

    def retreat_default(self) -> str | None:
        st = self.scene.state
        uids = self.retreating()
        path = self._cached("retreat_best", self._key(uids), lambda: hexcombat.best_retreat(st, uids))
        return path[-1] if path else None

    def toggle_retreat(self, uid: int) -> None:
        st = self.scene.state
        pick = self.retreating()
        if uid in pick:
            self.retreat_pick = tuple(i for i in pick if i != uid)
        elif pick and st.units[pick[0]].space != st.units[uid].space:
            self.retreat_pick = (uid,)    # units retreat together only from one hex
        else:
            self.retreat_pick = tuple(sorted(pick + (uid,)))

    def do_retreat(self, hid: str) -> None:
        sc = self.scene
        uids = self.retreating()
        path = self.retreat_opts().get(hid)
        if path is None:
            why = hexcombat.retreat_explain(sc.state, uids, hid) if uids else "Choose the units that retreat."
            sc.ctl.say(why or "These units cannot retreat there.", "error")
            self.bad = hid
            return
        if sc.ctl.do(A.HexRetreat(uids, path)):
            sc.ctl.say(f"{len(uids)} unit(s) retreat to {sc.state.scenario.spaces[hid].name}.", "info")

    def advancing(self) -> tuple[int, ...]:
        self._sync_choice()
        adv = self.advance()
        allowed = set(adv[1]) if adv else set()
        return tuple(i for i in self.advance_pick if i in allowed)

    def toggle_advance(self, uid: int) -> None:
        pick = self.advancing()
        self.advance_pick = tuple(sorted(set(pick) ^ {uid}))

    def accept(self) -> bool:
        """Enter while a choice waits: take the losses chosen (the proposal unless changed),
        retreat to the proposed hex, advance the chosen units. False if nothing waits."""
        p = self.decision()
        if p is not None:
            if p.stage.endswith("losses"):
                self.take_losses()
            else:
                hid = self.retreat_default()
                if hid is None:
                    self.scene.ctl.say("These units cannot retreat together: choose fewer of them.", "error")
                else:
                    self.do_retreat(hid)
            return True
        st = self.scene.state
        if st.phase == "combat" and self.scene.my_turn() and self.advance() is not None:
            self.do_advance(self.advancing())
            return True
        return False

    # --- state ----------------------------------------------------------------------------
    def clear(self) -> None:
        self.sel = None
        self.picked = set()
        self.target = None
        self.bad = None

    def validate(self) -> None:
        """Drop what no longer exists after a state change (undo, the other side's turn)."""
        st = self.scene.state
        self.picked = {i for i in self.picked if i in st.units and st.units[i].owner == st.player}
        if self.target is not None and (st.phase != "combat" or self.target not in self.targets()):
            self.target = None
            self.picked = set()

    def movable(self, u) -> bool:
        st = self.scene.state
        return u.owner == st.player and hexmove.mp_left(st, u) > 0

    def overlay(self) -> HexOverlay:
        st = self.scene.state
        ov = HexOverlay(selected=self.sel, hover=self.scene.hover, picked=set(self.picked), bad=self.bad)
        if not self.scene.my_turn():
            return ov
        if st.phase in MOVING:
            ov.dests = self.dest_costs()
            ov.zoc = self.zoc()
            ov.drops = self.drops()
            hov = self.scene.hover
            if hov in self.dests():
                ov.path = self.dests()[hov]
        elif st.phase == "combat":
            adv = self.advance()
            p = self.decision()
            if p is not None and p.stage.endswith("losses"):
                choice = self.loss_choice()
                ov.losses = {st.units[i].space for i in choice.units} if choice else set()
            elif p is not None:
                ov.retreats = set(self.retreat_opts())
                ov.retreat_default = self.retreat_default()
                pick = self.retreating()
                ov.retreat_from = st.units[pick[0]].space if pick and pick[0] in st.units else None
            elif adv is not None:
                ov.advance = adv[0]
                ov.attackers = {st.units[i].space for i in self.advancing() if i in st.units}
            else:
                ov.targets = set(self.targets())
                ov.target = self.target
                if self.target:
                    ov.attackers = {st.units[i].space for i in self.picked if i in st.units}
        return ov

    # --- clicks -------------------------------------------------------------------------------
    def click(self, hid: str | None) -> None:
        sc = self.scene
        st = sc.state
        self.bad = None
        if hid is None:
            self.clear()
            return
        if not sc.my_turn():
            self.sel = hid
            return
        if st.phase in MOVING:
            self._click_move(hid)
        elif st.phase == "combat":
            self._click_combat(hid)
        else:
            self.sel = hid

    def _own(self, hid: str) -> list:
        st = self.scene.state
        return sorted((u for u in self.renderer.units_by_hex(st).get(hid, []) if u.owner == st.player),
                      key=lambda u: u.uid)

    def _click_move(self, hid: str) -> None:
        sc = self.scene
        st = sc.state
        dests = self.dests()
        if self.picked and hid in dests and hid != self.sel:
            uids = tuple(sorted(self.picked))
            if sc.ctl.do(A.Move(uids, dests[hid])):
                # the stack stays selected in its new hex: it may go on with the MPs it has left
                self.sel = hid
                self.picked = {i for i in uids if i in sc.state.units and self.movable(sc.state.units[i])}
            return
        if self.picked and hid in self.drops() and hid != self.sel:
            self.fly(hid)
            return
        own = self._own(hid)
        if own:
            self.sel = hid
            self.picked = {u.uid for u in own if self.movable(u)}
            if not self.picked:
                sc.ctl.say(self._why_stuck(own), "info")
            return
        if self.picked and hid != self.sel:
            uids = tuple(sorted(self.picked))
            why = hexmove.explain(st, uids, hid) or "Those units cannot go there."
            if st.phase == "movement" and hexairdrop.transport(st, st.player) is not None \
                    and not hexairdrop.group_block(st, uids):
                why += " By air: " + (hexairdrop.explain(st, uids, hid) or "possible")
            sc.ctl.say(why, "error")
            self.bad = hid
            return
        self.sel = hid
        self.picked = set()

    def fly(self, hid: str) -> None:
        """Air drop, assault landing or air transport of the chosen units to hid."""
        sc = self.scene
        uids = tuple(sorted(self.picked))
        tail = sc.state.log_tail
        if sc.ctl.do(A.Airdrop(uids, hid)):
            st = sc.state
            self.sel = hid
            self.picked = {i for i in uids if i in st.units and self.movable(st.units[i])}
            lost = [i for i in uids if i not in st.units]
            news: list[str] = []
            cell = st.log_tail
            while cell is not None and cell is not tail and len(news) < 6:   # what the flight logged
                news.append(cell.text.strip())
                cell = cell.prev
            sc.ctl.say(" ".join(reversed(news))[:300] if news else f"{len(uids) - len(lost)} unit(s) landed.",
                       "info" if lost else "good")

    def _why_stuck(self, own: list) -> str:
        st = self.scene.state
        if st.phase == "exploitation":
            return "Only combat-motorized (c/m) units move in the exploitation phase; these have no MPs left."
        return "These units have used all their movement points this phase."

    def _click_combat(self, hid: str) -> None:
        sc = self.scene
        st = sc.state
        p = self.decision()
        if p is not None:
            if p.stage.endswith("losses"):
                sc.ctl.say("First choose the losses in the side panel (click a unit to change the choice; "
                           "Enter takes them).", "error")
            elif hid in self.retreat_opts():
                self.do_retreat(hid)
            elif any(st.units[i].space == hid for i in p.retreating if i in st.units):
                self.retreat_pick = tuple(i for i in p.retreating if i in st.units and st.units[i].space == hid)
            else:
                uids = self.retreating()
                why = hexcombat.retreat_explain(st, uids, hid) if uids else "Choose the units that retreat."
                sc.ctl.say(why or "These units cannot retreat there.", "error")
                self.bad = hid
            return
        if hexcombat.pending(st) is not None:
            sc.ctl.say(hexcombat.waiting_text(st), "info")
            return
        adv = self.advance()
        if adv is not None:
            if hid == adv[0]:
                self.do_advance(self.advancing())
            else:
                sc.ctl.say(f"First advance into {st.scenario.spaces[adv[0]].name} or stay (side panel).", "error")
            return
        if hid in self.targets():
            can = {u.uid for u in hexcombat.attackers_for(st, hid)}
            chosen = self.picked & can if self.target is None else set()
            self.target = hid
            self.sel = hid
            self.picked = chosen or can
            return
        own = self._own(hid)
        if self.target is not None and own:
            # a click on one of the attacking hexes adds or removes its units
            can = {u.uid for u in hexcombat.attackers_for(st, self.target)}
            here = {u.uid for u in own} & can
            if here:
                self.picked = self.picked - here if here <= self.picked else self.picked | here
                return
        if own:
            self.sel = hid
            self.target = None
            self.picked = {u.uid for u in own if u.uid not in hexcombat.turn(st).used and st.utype(u).attack > 0}
            return
        if hexmove.enemies_at(st, hid, st.player):
            units = [st.units[i] for i in self.picked if i in st.units] or \
                [u for u in st.units.values() if u.owner == st.player]
            why = hexcombat.attack_block(st, hid, units)
            if not why:
                why = "None of your units that may still attack is next to that hex."
            sc.ctl.say(why, "error")
            self.bad = hid
            return
        self.sel = hid
        self.target = None
        self.picked = set()

    def attack(self) -> None:
        sc = self.scene
        if self.target is None:
            return
        target = self.target
        if sc.ctl.do(A.Attack(target, tuple(sorted(self.picked)))):
            rec = sc.state.hexturn.last if sc.state.hexturn else None
            if rec is not None:
                name = sc.state.ruleset.hex.crt.results[rec.result].name if sc.state.ruleset.hex else rec.result
                sc.ctl.say(f"{rec.column}, roll {rec.roll}: {rec.result} — {name}.",
                           "good" if rec.result in GOOD_FOR_ATTACKER else "info")
            self.target = None
            self.picked = set()
            self.sel = target

    def do_advance(self, uids: tuple[int, ...]) -> None:
        sc = self.scene
        adv = self.advance()
        if adv is None:
            return
        if sc.ctl.do(A.Advance(tuple(uids), adv[0])):
            self.sel = adv[0] if uids else self.sel
            self.picked = set()

    def toggle(self, uid: int) -> None:
        self.picked ^= {uid}

    # --- hover info ------------------------------------------------------------------------------
    def tooltip_lines(self, hid: str) -> list[str]:
        st = self.scene.state
        hr = st.ruleset.hex
        hd = st.scenario.hexmap.hexes.get(hid) if st.scenario.hexmap else None
        if hd is None or hr is None:
            return [hid]
        sp = st.scenario.spaces[hid]
        base = hr.terrain[hd.terrain]
        lines = [f"{hd.name}  ({hid})" if hd.name else f"{base.name} hex {hid}"]
        feats = [hr.terrain[f].name for f in hd.features if f in hr.terrain]
        extra = (" · " + ", ".join(feats)) if feats else ""
        lines.append(f"{base.name}{extra}" + (" · objective" if sp.victory_city else ""))
        if base.water:
            return lines
        owner = st.owners.get(hid)
        lines.append(f"Held by {self.scene.ctl.player_name(owner)}" if owner else "Not held")
        lines.append("Move cost: " + move_cost_text(hr, hd))
        for n in sp.adjacent:
            for s in st.scenario.hexmap.side(hid, n):
                sd = hr.hexsides.get(s)
                if sd is not None and not sd.water:
                    lines.append(f"{sd.name} to {st.scenario.spaces[n].name}: {side_text(sd)}")
        shift = sum(t.shift for t in hexmove.terrains(st, hid))
        if shift:
            lines.append(f"Attacks into it: {shift:+d} column{'s' if abs(shift) != 1 else ''}")
        by_owner: dict[str, list] = {}
        for u in self.renderer.units_by_hex(st).get(hid, []):
            by_owner.setdefault(u.owner, []).append(u)
        lim = hexmove.stacking_limit(st, hid)
        if not by_owner:
            lines.append(f"Stacking limit {lim:g} RE")
        else:
            first = next(iter(by_owner))
            n = sum(len(us) for us in by_owner.values())
            lines.append(f"Stack: {n} unit{'s' if n != 1 else ''}, {hexmove.stack_re(st, hid, first):g} of "
                         f"{lim:g} RE")
        for owner, us in by_owner.items():
            if len(by_owner) > 1:
                lines.append(f" {self.scene.ctl.player_name(owner)}:")
            for u in sorted(us, key=lambda u: u.uid):
                ut = st.utype(u)
                tail = ""
                if u.owner == st.player and st.phase in MOVING:
                    tail = f"  ({hexmove.mp_left(st, u)} MP left)"
                if u.oos:
                    tail += f"  out of supply ({oos_text(u.oos)}; red corner)"
                if u.damage:
                    tail += "  (cadre)"
                lines.append(f"  {hexcounters.factors(ut, u.damage)} {ut.name}{tail}")
        if by_owner:
            lines.append("Right click: unit cards (values and abilities)")
        if self.scene.my_turn():
            if hid in self.zoc():
                lines.append("In an enemy zone of control (extra MPs; no ZOC-to-ZOC moves)")
            costs = self.dest_costs()
            if hid in costs and hid != self.sel:
                lines.append(f"Click: move here ({costs[hid]} MP)")
            elif hid in self.drops() and hid != self.sel:
                modes = {hexairdrop.mode(st, u, hid) for u in self.group()}
                word = {"drop": "air drop (each unit rolls)", "assault": "assault landing (each unit rolls)",
                        "transport": "air transport (no roll)"}
                lines.append("Click: fly here — " + ", ".join(word.get(m, m) for m in sorted(modes) if m))
                aa, _firing = hexairdrop.aa_fire(st, st.player, hid)
                if aa:
                    back, lost = hexairdrop.aa_chances(st, st.player, hid)
                    lines.append(f"Enemy AA: {aa} point(s) fire at each unit: {back * 100:.0f}% turned back, "
                                 f"{lost * 100:.0f}% shot down (15.C)")
            if hid in self.targets() and hid != self.target:
                lines.append("Click: prepare an attack on this hex")
        return lines

    # --- side panel ------------------------------------------------------------------------------
    def panel_need(self) -> int:
        """Height the side panel's phase box asks for: more while a long choice list is up
        (the minimap shrinks or goes for it)."""
        n = 0
        st = self.scene.state
        if st.phase == "combat":
            p = self.decision()
            if p is not None and p.stage.endswith("losses"):
                ch = self.loss_choice()
                n = len(ch.units) if ch is not None else 0
            elif p is not None:
                n = len(p.retreating)
            elif (adv := self.advance()) is not None:
                n = len(adv[1])
        elif st.phase in MOVING and self.sel is not None:
            n = len(self.renderer.units_by_hex(st).get(self.sel, []))
        return 420 + min(8, max(0, n - 5)) * COMPACT_ROW_H

    def draw_panel(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        st = self.scene.state
        self.rows_rect = None
        phase = st.phase
        if phase in MOVING:
            return self._panel_move(surface, box)
        if phase == "combat":
            return self._panel_combat(surface, box)
        y = self._hint(surface, box, box.y, "Reinforcements arrive and supply is checked at the start of the "
                       "player-turn. End the phase to move (Enter).")
        arrived = hexcombat.turn(st).arrived
        if arrived:
            names: dict[str, int] = {}
            for i in arrived:
                if i in st.units:
                    n = f"{st.utype(st.units[i]).name} at {st.scenario.spaces[st.units[i].space].name}"
                    names[n] = names.get(n, 0) + 1
            y = self._hint(surface, box, y, "Arrived: " + "; ".join(f"{k} ×{v}" if v > 1 else k
                                                                     for k, v in names.items()), theme.GOOD)
        if self.scene.my_turn():
            for u in sorted(st.units.values(), key=lambda u: u.uid):
                ab = st.utype(u).ability("airborne_hq")
                if u.owner != st.player or ab is None or y + 34 > box.bottom:
                    continue
                other = st.ruleset.units.get(ab.flips_to[0]) if ab.flips_to else None
                label = f"Flip {short(st.utype(u).name)}" + (f" to {short(other.name)}" if other else "")
                widgets.button(surface, self.scene.spots, pygame.Rect(box.x, y, box.w, 30), label,
                               partial(self.scene.ctl.do, A.Flip(u.uid)), size=17,
                               tooltip=f"At {st.scenario.spaces[u.space].name}: airborne HQ sides (15.A.3)")
                y += 34
        oos = [u for u in st.units.values() if u.owner == st.player and u.oos]
        if oos:
            y = self._hint(surface, box, y, f"{len(oos)} of your units are out of supply (a red corner on "
                           "the counter; attack and movement halved, defense too after a while).", theme.BAD)
        return y

    def _hint(self, surface: pygame.Surface, box: pygame.Rect, y: int, text: str,
              col: tuple[int, ...] = theme.TEXT_DIM, size: int = 18) -> int:
        for line in theme.wrap(text, box.w, size):
            if y + size > box.bottom:
                break
            theme.text(surface, line, (box.x, y), size, col)
            y += size
        return y + 4

    def _title(self, surface: pygame.Surface, box: pygame.Rect, y: int, hid: str) -> int:
        st = self.scene.state
        name = st.scenario.spaces[hid].name
        theme.text(surface, theme.elide(name, box.w - 50, 22, bold=True), (box.x, y), 22, theme.TEXT, bold=True)
        theme.text(surface, hid, (box.right, y + 3), 16, theme.TEXT_DIM, anchor="topright")
        return y + 24

    def _unit_rows(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list, selectable: set[int],
                   what: str, reserve: int = 8) -> int:
        """The units of a hex (click: toggle); a long list is drawn lower, then scrolls."""
        sc = self.scene
        st = sc.state
        row_h, top, fit = self._window(box, y, len(units), reserve, ("units", self.sel, self.target))
        size = 18 if row_h >= ROW_H else 16
        for u in units[top:top + fit]:
            ut = st.utype(u)
            row = pygame.Rect(box.x, y, box.w, row_h - 3)
            chosen = u.uid in self.picked
            fill = theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if chosen else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            col = self.renderer.colors.get(u.owner, theme.NEUTRAL)
            surface.blit(hexcounters.counter_surface(ut, col, row_h - 5, damage=u.damage), (row.x + 2, row.y + 1))
            right = ""
            if st.phase in MOVING and u.owner == st.player:
                right = f"{hexmove.mp_left(st, u)}/{hexmove.movement_allowance(st, u)} MP"
                if u.oos:
                    right = "out of supply · " + right
            elif st.phase == "combat" and u.uid in hexcombat.turn(st).used:
                right = "attacked"
            rw = theme.text_width(right, 16) + 6 if right else 0
            theme.text(surface, theme.elide(ut.name, row.w - row_h - 10 - rw, size), (row.x + row_h + 4, row.centery),
                       size, theme.TEXT if u.uid in selectable or chosen else theme.TEXT_DIM, anchor="midleft")
            if right:
                theme.text(surface, right, (row.right - 4, row.centery), 16, theme.TEXT_DIM, anchor="midright")
            if u.uid in selectable:
                sc.spots.add(row, partial(self.toggle, u.uid),
                             tooltip=f"{hexcounters.factors(ut, u.damage)} {ut.name}: click to {what}")
            y += row_h
        return self._scroll_bar(surface, box, y, units, top, fit, self.picked)

    def _panel_move(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        st = self.scene.state
        y = box.y
        if st.phase == "exploitation":
            text = "Exploitation: combat-motorized units move again with part of their MPs."
        else:
            text = "Click your stack, then a highlighted hex (number: MPs it costs). Dark hatching: enemy zones " \
                   "of control. Right click: deselect."
        y = self._hint(surface, box, y, text)
        if self.sel is None:
            return y
        y = self._title(surface, box, y + 2, self.sel)
        units = sorted(self.renderer.units_by_hex(st).get(self.sel, []), key=lambda u: (u.owner != st.player, u.uid))
        if not units:
            return self._hint(surface, box, y, "No units here.")
        selectable = {u.uid for u in units if self.movable(u)}
        y = self._unit_rows(surface, box, y, units, selectable, "move it or leave it behind", reserve=70)
        if self.picked:
            re = sum(hexmove.re_of(st.utype(u)) for u in self.group())
            n = len(self.dests())
            y = self._hint(surface, box, y, f"{len(self.picked)} unit(s), {re:g} RE selected · "
                           f"{n} hex{'es' if n != 1 else ''} in reach", theme.INFO)
            air = hexairdrop.transport(st, st.player) if st.phase == "movement" else None
            if air is not None:
                left_t, left_g = hexairdrop.capacity_left(st, st.player)
                why = hexairdrop.group_block(st, tuple(sorted(self.picked)))
                if not why and not self.drops():
                    why = self.no_flight_reason()
                text = (f"By air (blue): {len(self.drops())} hexes · transport {left_t:g} RE, gliders {left_g:g} RE "
                        f"left this turn" if not why else f"By air: {why}")
                y = self._hint(surface, box, y, text, (120, 200, 255) if not why else theme.TEXT_DIM, 16)
        return y

    def _panel_combat(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        sc = self.scene
        st = sc.state
        y = box.y
        adv = self.advance()
        last = hexcombat.turn(st).last
        p = hexcombat.pending(st)
        if last is not None and (last.attacker == st.player or p is not None):
            hr = st.ruleset.hex
            res = hr.crt.results[last.result].name if hr and last.result in hr.crt.results else last.result
            y = self._hint(surface, box, y, f"Last attack on {st.scenario.spaces[last.target].name}: {last.column}, "
                           f"roll {last.roll}: {last.result} ({res}).", theme.ACCENT)
        if p is not None:
            if self.decision() is None:
                return self._hint(surface, box, y, hexcombat.waiting_text(st))
            if p.stage.endswith("losses"):
                return self._panel_losses(surface, box, y)
            return self._panel_retreat(surface, box, y)
        if adv is not None:
            return self._panel_advance(surface, box, y, adv)
        if self.target is None:
            n = len(self.targets())
            text = ("Click an enemy stack outlined in red to prepare an attack. Each hex is attacked once, "
                    "each unit attacks once." if n else "No enemy stack can be attacked now. End the phase (Enter).")
            return self._hint(surface, box, y, text)
        y = self._title(surface, box, y, self.target)
        defenders = sorted(hexmove.enemies_at(st, self.target, st.player), key=lambda u: u.uid)
        can = hexcombat.attackers_for(st, self.target)
        pv = self.preview()
        # attackers (toggle), defenders in one line
        dnames: dict[str, int] = {}
        for u in defenders:
            k = f"{hexcounters.factors(st.utype(u), u.damage)} {st.utype(u).name}"
            dnames[k] = dnames.get(k, 0) + 1
        y = self._hint(surface, box, y, "Defending: " + ", ".join(f"{k}" + (f" ×{v}" if v > 1 else "")
                                                                   for k, v in dnames.items()))
        room = max(1, (box.bottom - y - 250) // ROW_H)
        shown = can[:room]
        y = self._unit_rows(surface, box, y, shown, {u.uid for u in can}, "add it to or take it out of the attack")
        if len(can) > len(shown):
            y = self._hint(surface, box, y, f"+{len(can) - len(shown)} more: click their hexes on the map")
        if pv is not None:
            y = self.draw_preview(surface, box, y + 2, pv)
        enabled = pv is not None and not pv.legal
        bw = (box.w - 8) * 2 // 3
        if y + 36 <= box.bottom + 40:
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y + 2, bw, 34), "Attack (roll)", self.attack,
                           enabled=enabled, primary=True, size=20,
                           tooltip=(pv.legal if pv is not None and pv.legal else "Roll the die on this column"))
            widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y + 2, box.w - bw - 8, 34), "Cancel",
                           self.cancel, size=20)
            y += 40
        return y

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """The mouse wheel over a long choice list scrolls it. True if used."""
        if self.rows_rect is not None and self.rows_rect.collidepoint(pos):
            self.scroll_rows(-dy)
            return True
        return False

    def scroll_rows(self, d: int) -> None:
        self.row_scroll = max(0, min(self.row_scroll + d, self._row_max))

    def _window(self, box: pygame.Rect, y: int, n: int, reserve: int, list_key: object) -> tuple[int, int, int]:
        """(row height, first row shown, rows shown) for a list of n rows from y, keeping
        `reserve` px below: lower rows when they do not fit, then a scrolled window (the
        scroll goes back to the top for a new list)."""
        if list_key != self._rows_key:
            self._rows_key = list_key
            self.row_scroll = 0
        avail = max(ROW_H, box.bottom - reserve - y)
        row_h = ROW_H if n * ROW_H <= avail else max(COMPACT_ROW_H, min(ROW_H, avail // max(1, n)))
        fit = max(1, avail // row_h)
        top = 0
        if n > fit:
            fit = max(1, (avail - SCROLL_BAR_H) // row_h)
            self._row_max = n - fit
            top = self.row_scroll = max(0, min(self.row_scroll, self._row_max))
        else:
            self._row_max = 0
            self.row_scroll = 0
        self.rows_rect = pygame.Rect(box.x, y, box.w, min(n, fit) * row_h)
        return row_h, top, fit

    def _scroll_bar(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list, top: int, fit: int,
                    chosen: set[int]) -> int:
        """▲ ▼ and 'k–m of n' under a scrolled list (nothing if it all shows)."""
        sc = self.scene
        n = len(units)
        if n > fit:
            above, below = top, n - top - fit
            bw = 40
            for k, (d, ok, tip) in enumerate(((-(fit - 1) or -1, above > 0, "Scroll the list up (mouse wheel)"),
                                              (fit - 1 or 1, below > 0, "Scroll the list down (mouse wheel)"))):
                r = pygame.Rect(box.x + k * (bw + 6), y + 1, bw, SCROLL_BAR_H - 4)
                widgets.button(surface, sc.spots, r, "", partial(self.scroll_rows, d), enabled=ok, size=14,
                               tooltip=tip)
                cx, cy = r.center
                pts = [(cx - 7, cy + 4), (cx + 7, cy + 4), (cx, cy - 5)] if d < 0 else \
                    [(cx - 7, cy - 4), (cx + 7, cy - 4), (cx, cy + 5)]
                pygame.draw.polygon(surface, theme.TEXT if ok else theme.TEXT_DIM, pts)
            picked_out = sum(1 for u in units[:top] + units[top + fit:] if u.uid in chosen)
            text = f"{top + 1}–{top + fit} of {n}" + (f" · {picked_out} chosen out of view" if picked_out else "")
            theme.text(surface, theme.elide(text, box.w - 2 * bw - 16, 16), (box.x + 2 * bw + 14, y + SCROLL_BAR_H // 2),
                       16, theme.TEXT_DIM, anchor="midleft")
            y += SCROLL_BAR_H
        return y

    def _choice_rows(self, surface: pygame.Surface, box: pygame.Rect, y: int, units: list,
                     marks: dict[int, str], chosen: set[int], on_click, tooltip: str,
                     mark_col: tuple[int, ...] = theme.BAD, reserve: int = 96) -> int:
        """Unit rows for a choice: the chosen ones highlighted, a mark on the right (lost,
        cadre, RL...); a click calls on_click(uid). `reserve`: the height kept below for the
        text and buttons that follow. A long list is drawn with lower rows and, if it still
        does not fit, scrolls (mouse wheel or the ▲ ▼ buttons under it)."""
        sc = self.scene
        st = sc.state
        row_h, top, fit = self._window(box, y, len(units), reserve, ("choice", self._choice_key))
        size = 18 if row_h >= ROW_H else 16
        for u in units[top:top + fit]:
            ut = st.utype(u)
            row = pygame.Rect(box.x, y, box.w, row_h - 3)
            on = u.uid in chosen
            fill = theme.mix(theme.PANEL_2, theme.BAD if marks.get(u.uid, "").startswith(("lost", "reduced"))
                             else theme.ACCENT, 0.35) if on else theme.PANEL_2
            pygame.draw.rect(surface, fill, row, border_radius=5)
            if on:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=5)
            col = self.renderer.colors.get(u.owner, theme.NEUTRAL)
            surface.blit(hexcounters.counter_surface(ut, col, row_h - 5, damage=u.damage), (row.x + 2, row.y + 1))
            right = marks.get(u.uid, "")
            rw = theme.text_width(right, 16) + 6 if right else 0
            theme.text(surface, theme.elide(short(ut.name), row.w - row_h - 10 - rw, size),
                       (row.x + row_h + 4, row.centery), size, theme.TEXT, anchor="midleft")
            if right:
                theme.text(surface, right, (row.right - 4, row.centery), 16,
                           mark_col if on else theme.TEXT_DIM, anchor="midright")
            sc.spots.add(row, partial(on_click, u.uid),
                         tooltip=f"{hexcounters.factors(ut, u.damage)} {ut.name}: {tooltip}")
            y += row_h
        y = self._scroll_bar(surface, box, y, units, top, fit, chosen)
        return y

    def _panel_losses(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        sc = self.scene
        st = sc.state
        ch = self.loss_choice()
        if ch is None:
            return y
        pick = self.losses()
        who = sc.ctl.player_name(ch.chooser)
        total = sum(sum(v) for v in ch.steps.values())
        y = self._hint(surface, box, y, f"{who}: choose the {ch.side}'s losses — at least {ch.need:g} of "
                       f"{total:g} strength points. Click a unit to lose it (a unit with a cadre: once "
                       "reduced, twice eliminated); the rules' proposal is pre-selected.", theme.TEXT)
        if ch.required:
            names = ", ".join(short(st.utype(st.units[i]).name) for i in ch.required)
            y = self._hint(surface, box, y, f"Required losses first (11.O): {names} used a special ability "
                           "in this attack.", theme.INFO, 16)
        marks = {}
        for uid in ch.units:
            n = pick.count(uid)
            steps = ch.steps[uid]
            rl = " · RL" if uid in ch.required else ""
            if n == 0:
                marks[uid] = ("keep" if len(steps) == 1 else f"keep ({steps[0]:g}+{steps[1]:g})") + rl
            elif n < len(steps):
                marks[uid] = f"reduced −{sum(steps[:n]):g}{rl}"
            else:
                marks[uid] = f"lost −{sum(steps):g}{rl}"
        units = [st.units[i] for i in ch.units]
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.cycle_loss,
                              "click to change its loss")
        got = sum(sum(ch.steps[u][:pick.count(u)]) for u in ch.units)
        why = hexcombat.loss_block(st, tuple(pick))
        y = self._hint(surface, box, y + 2, why or f"Chosen: {got:g} strength points lost ({ch.need:g} needed).",
                       theme.BAD if why else theme.GOOD)
        bw = (box.w - 8) * 2 // 3
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, bw, 34), "Take these losses", self.take_losses,
                       enabled=not why, primary=True, size=19,
                       tooltip=why or "Take the chosen losses (Enter)")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y, box.w - bw - 8, 34), "Proposal",
                       self.reset_choice, size=18, tooltip="Back to the rules' proposal")
        return y + 40

    def _panel_retreat(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> int:
        sc = self.scene
        st = sc.state
        p = hexcombat.pending(st)
        assert p is not None
        who = sc.ctl.player_name(p.chooser)
        side = "defending" if p.stage == "defender_retreat" else "attacking"
        hexes = max(1, p.defender_retreat if p.stage == "defender_retreat" else p.attacker_retreat)
        if p.retreating and all(i in p.escape for i in p.retreating):
            side = "supply"   # lost, a supply unit retreats instead (15.W)
            y = self._hint(surface, box, y, "A supply unit is eliminated only if it has no retreat route "
                           "(15.W): it retreats instead.", theme.INFO, 16)
        what = f"{side} unit" if len(p.retreating) == 1 else f"{side} units"
        y = self._hint(surface, box, y, f"{who}: retreat the {what} {hexes} hex"
                       f"{'es' if hexes > 1 else ''}. Choose units below, then "
                       "click an orange hex on the map (white ring: the rules' proposal; Enter retreats there). "
                       "Not into enemy units, nor an enemy zone of control without friends, within stacking; "
                       "a unit with no such hex is eliminated.", theme.TEXT)
        pick = self.retreating()
        units = [st.units[i] for i in p.retreating if i in st.units]
        marks = {u.uid: f"at {st.scenario.spaces[u.space].name}" for u in units}
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.toggle_retreat,
                              "click to retreat it with the others or on its own", (255, 170, 80), reserve=110)
        opts = self.retreat_opts()
        dflt = self.retreat_default()
        if not pick:
            text, col = "Choose the units that retreat.", theme.BAD
        elif not opts:
            text, col = "These units have no hex to retreat to together: choose fewer of them.", theme.BAD
        else:
            names = ", ".join(sorted(st.scenario.spaces[h].name for h in opts))
            text, col = f"{len(pick)} unit(s) may retreat to: {names}.", theme.GOOD
        y = self._hint(surface, box, y + 2, text, col)
        if dflt is not None:
            widgets.button(surface, sc.spots, pygame.Rect(box.x, y, box.w, 34),
                           theme.elide(f"Retreat to {st.scenario.spaces[dflt].name}", box.w - 20, 19),
                           lambda: self.do_retreat(dflt), primary=True, size=19,
                           tooltip="Retreat the chosen units to the proposed hex (Enter)")
            y += 40
        return y

    def _panel_advance(self, surface: pygame.Surface, box: pygame.Rect, y: int,
                       adv: tuple[str, tuple[int, ...]]) -> int:
        sc = self.scene
        st = sc.state
        hid, uids = adv
        y = self._hint(surface, box, y, f"{st.scenario.spaces[hid].name} is empty: your attackers may advance "
                       "into it. Choose who (the proposal is pre-selected), then click the green hex or "
                       "Advance (Enter).", theme.GOOD)
        pick = self.advancing()
        units = [st.units[i] for i in uids if i in st.units]
        marks = {u.uid: ("advances" if u.uid in pick else "stays") for u in units}
        y = self._choice_rows(surface, box, y, units, marks, set(pick), self.toggle_advance,
                              "click to advance it or leave it", theme.GOOD)
        why = hexcombat.advance_explain(st, pick)
        if why:
            y = self._hint(surface, box, y, why, theme.BAD)
        bw = (box.w - 16) // 3
        widgets.button(surface, sc.spots, pygame.Rect(box.x, y, bw, 34), f"Advance ({len(pick)})",
                       lambda: self.do_advance(pick), primary=True, size=18, enabled=not why and bool(pick),
                       tooltip=why or "Move the chosen attackers into the vacated hex (Enter)")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + bw + 8, y, bw, 34), "All",
                       lambda: self.do_advance(tuple(u.uid for u in units)), size=18,
                       tooltip="Move every surviving attacker into the vacated hex")
        widgets.button(surface, sc.spots, pygame.Rect(box.x + 2 * (bw + 8), y, bw, 34), "Stay",
                       lambda: self.do_advance(()), size=18, tooltip="Decline the advance")
        return y + 40

    def cancel(self) -> None:
        self.target = None
        self.picked = set()

    def draw_preview(self, surface: pygame.Surface, box: pygame.Rect, y: int, pv: crt.CombatPreview) -> int:
        """Odds, column shifts with their reasons and the chance of each result."""
        st = self.scene.state
        hr = st.ruleset.hex
        assert hr is not None
        if pv.legal:
            y = self._hint(surface, box, y, pv.legal, theme.BAD)
        theme.text(surface, f"{pv.attack:g} attack : {pv.defense:g} defense  =  {pv.odds}", (box.x, y), 20,
                   theme.TEXT, bold=True)
        y += 22
        base = hr.crt.columns[pv.base_column]
        theme.text(surface, f"Odds column {base}", (box.x, y), 18, theme.TEXT_DIM)
        y += 19
        for s in pv.shifts:
            col = theme.GOOD if s.columns > 0 else theme.BAD if s.columns < 0 else theme.TEXT_DIM
            theme.text(surface, f"{s.columns:+d}", (box.x + 4, y), 18, col, bold=True)
            lines = theme.wrap(s.reason, box.w - 36, 17)
            for line in lines:
                theme.text(surface, line, (box.x + 34, y + 1), 17, theme.TEXT)
                y += 17
            y += 2
        theme.text(surface, f"Final column {pv.column_label}", (box.x, y), 20, theme.ACCENT, bold=True)
        y += 23
        # the results: a bar per result with its chance
        order = [c for c in hr.crt.results if c in pv.probabilities]
        bar_w = max(60, box.w - 230)        # leaves room for the result's name on the right
        name_w = box.w - 32 - bar_w - 46
        for code in order:
            p = pv.probabilities[code]
            col = theme.GOOD if code in GOOD_FOR_ATTACKER else theme.BAD if code in BAD_FOR_ATTACKER \
                else theme.INFO
            theme.text(surface, code, (box.x, y), 17, col, bold=True)
            r = pygame.Rect(box.x + 32, y + 3, bar_w, 11)
            pygame.draw.rect(surface, (26, 30, 36), r, border_radius=3)
            pygame.draw.rect(surface, col, pygame.Rect(r.x, r.y, max(2, int(r.w * p)), r.h), border_radius=3)
            theme.text(surface, f"{p * 100:.0f}%", (r.right + 6, y), 17, theme.TEXT)
            theme.text(surface, theme.elide(pv.results.get(code, code), name_w, 14), (box.right, y + 2), 14,
                       theme.TEXT_DIM, anchor="topright")
            y += 17
        for note in pv.notes:
            y = self._hint(surface, box, y + 2, note, theme.TEXT_DIM, 15)
        return y + 2


def move_cost_text(hr, hd) -> str:
    """MPs to enter a hex per movement column, e.g. '2 MP (mountain, light 1)'."""
    base = hr.terrain[hd.terrain]
    costs: dict[str, int | None] = {c: base.move.get(c, base.move.get("other")) for c in hr.move_columns}
    for f in hd.features:
        fd = hr.terrain.get(f)
        if fd is None or not fd.move or fd.along:
            continue
        for c in hr.move_columns:
            costs[c] = fd.move.get(c, costs[c])
    groups: dict[str, list[str]] = {}
    for c, v in costs.items():
        groups.setdefault("no entry" if v is None else f"{v}", []).append(c)
    if len(groups) == 1:
        return f"{next(iter(groups))} MP"
    main = max(groups, key=lambda k: len(groups[k]))
    rest = ", ".join(f"{'/'.join(cs)} {k}" for k, cs in groups.items() if k != main)
    road = [hr.terrain[f].name.lower() for f in hd.features if f in hr.terrain and hr.terrain[f].along]
    return f"{main} MP ({rest})" + (f"; {road[0]} 1" if road else "")


def mp_range(extra: set) -> str:
    """A hexside's extra MPs over the movement classes, in words: '+1 MP', '+0 or +1 MP
    by unit class', '+1 to +3 MP by unit class' (not '+0..1', read as a decimal)."""
    vals = sorted(extra)
    if len(vals) == 1:
        return f"+{vals[0]} MP"
    joint = " or " if len(vals) == 2 else " to "
    return f"+{vals[0]}{joint}+{vals[-1]} MP by unit class"


def side_text(sd) -> str:
    parts = []
    if sd.move:
        extra = {v for v in sd.move.values()}
        if None in extra:
            parts.append("no crossing")
        elif extra:
            parts.append(mp_range(extra))
    if sd.shift:
        parts.append(f"{sd.shift:+d} column attacking across")
    return ", ".join(parts) or "no effect"


def oos_text(turns: int) -> str:
    """How long a unit has been out of supply, in words."""
    return "this turn" if turns <= 1 else f"{turns} turns"


def short(name: str) -> str:
    """A unit name without its rule reference: 'Parachute HQ (15.A.3 a)' -> 'Parachute HQ'."""
    return name.split(" (")[0]


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase)
