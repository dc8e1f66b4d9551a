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
from typing import TYPE_CHECKING

from game.rules import actions as A
from game.rules.hex import airdrop as hexairdrop
from game.rules.hex import combat as hexcombat
from game.rules.hex import crt
from game.rules.hex import move as hexmove

from . import counters as hexcounters
from .play_panel import GOOD_FOR_ATTACKER, HexPanel
from .render import HexOverlay, HexRenderer
from .texts import MOVING, move_cost_text, oos_text, side_text

if TYPE_CHECKING:
    from ..game_scene import GameScene

READABLE_RADIUS = 42   # start zoomed so that hexes are at least this big on screen


class HexPlay:
    def __init__(self, scene: GameScene):
        self.scene = scene
        assert isinstance(scene.renderer, HexRenderer), "hex play needs the hex renderer"
        self.renderer = scene.renderer
        self.sel: str | None = None
        self.picked: set[int] = set()
        self.target: str | None = None
        self.bad: str | None = None
        self._cache: dict[str, tuple[tuple, object]] = {}
        # choices after a combat result (losses, retreat, advance): what the player has picked,
        # keyed by the state's action count (a new decision starts from the rules' proposal)
        self._choice_key: tuple | None = None
        self.loss_pick: list[int] = []
        self.retreat_pick: tuple[int, ...] = ()
        self.advance_pick: tuple[int, ...] = ()
        self.panel = HexPanel(self)   # the side panel's phase box
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
        self.panel.row_scroll = 0
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

    def cancel(self) -> None:
        self.target = None
        self.picked = set()
