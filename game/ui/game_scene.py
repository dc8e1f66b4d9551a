"""The map view: pan/zoom board, selection and moves, side panel, message bar;
opens the purchase screen, battle window, hand-off and game-over overlays."""
from __future__ import annotations

import gc
import logging
import math
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.rules import actions as A
from game.rules.model import Declaration, SpaceDef
from game.rules.session import Session
from game.rules.zone import facilities, movement, supply

from . import history_view, legend, maprender, odds_view, theme, widgets
from .camera import Camera
from .controller import GameController
from .edit_panel import EditMode
from .hex.render import make_renderer
from .panel import PANEL_W, SidePanel
from .scene import Scene
from .selection import Selection, raid_choices
from .zone import airdrop_view

logger = logging.getLogger(__name__)

DRAG_THRESHOLD = 5
ENTER_DEBOUNCE_S = 0.6  # after a phase change or a window closes, Enter on the map waits this long
PAN_SPEED = 700  # pixels per second for arrow keys / WASD
SPREAD_DELAY_S = 0.35  # a hovered stack spreads out after the mouse rests this long (VASSAL-like)
COUNTER_LAYOUT_MS = 1.0  # counter layouts per frame at a new zoom, the view moving (layout_budget_ms)
FRAME_BUDGET_MS = 5.0    # a frame's work before the map's missing tiles wait for the next (tiles.refine)
IDLE_BUDGET_MS = 12.0    # the same while the view stands still (no motion to judder: refine faster)
CHECK_SLICE_MS = 12.0    # a loaded save's replay (ctl.pending) per frame, from the frame's start


class GameScene(Scene):
    def __init__(self, app, session: Session, ai_sides: tuple[str, ...] = (), ai_level: str = "standard",
                 autosave: bool = True, ai_levels: dict[str, str] | None = None,
                 game: dict[str, str] | None = None, seats: dict[str, str] | None = None):
        super().__init__(app)
        self.ctl = GameController(session, ai_sides, ai_level, autosave=autosave, ai_levels=ai_levels,
                                  game=game, seats=seats, default_losses=getattr(app, "default_losses", False))
        self.renderer = make_renderer(session.scenario, session.state.ruleset)
        self.sel = Selection()
        self.drop = airdrop_view.DropPlan()  # the airdrop step (P): paratroopers picked, drop spaces
        self.spots = widgets.Hotspots()
        self.panel = SidePanel(self)
        w, h = app.surface.get_size()
        self.cam = Camera(self.renderer.world_size, self.map_view((w, h)))
        self.hover: str | None = None
        self.hover_since = 0.0
        self.mouse_pos = (0, 0)
        self.drag_start: tuple[int, int] | None = None
        self.drag_button = 0
        self.dragging = False
        self.minimap_drag = False
        self.minimap_rect = pygame.Rect(0, 0, 0, 0)
        self.last_human: str | None = None
        self.last_human_turn: tuple[int, str] | None = None   # (round, player) when last_human acted
        self.purchase_opened: tuple[int, str] | None = None
        self.seen_version = -1
        self.battle_hidden: str | None = None
        self.battle_view: str | None = None  # "strip" | "list": the battle window's last view
        self.gameover_dismissed = False
        self.legend_on = False     # the map legend (key L)
        self.auto_overlays = True  # hand-off, purchase and battle windows open by themselves
        self.odds = odds_view.OddsCache()
        self._attack_odds: tuple[tuple, list[tuple[str, odds_view.OddsView | None]]] = ((), [])
        self._raid_odds: tuple[tuple, list[tuple[str, Any]]] = ((), [])
        self._move_odds: tuple[tuple, odds_view.OddsView | None] = ((), None)
        self.covered = False              # a window was above the map in the last frame
        self.enter_armed = True           # Enter was released on the map since then
        self.enter_block_until = 0.0
        self.seen_phase: tuple | None = None
        from .hex.play import HexPlay
        self.hexplay = HexPlay(self) if getattr(self.renderer, "hex_map", False) else None  # hex maps
        self.edit = EditMode(self)   # edit mode for playtesting (Ctrl+E; edit_panel.py)
        self.open_view()
        self.shown = False           # a frame was drawn (a save's replay waits for it: ctl.pending)
        self._cam_at: tuple[float, float, float] | None = None   # frame_budget_ms: the view's
        self._cam_moved = 0.0                                     # place, the frame it moved in
        if app.interactive:
            freeze_long_lived()


    # --- layout ---------------------------------------------------------------------
    @staticmethod
    def map_view(size: tuple[int, int]) -> tuple[int, int, int, int]:
        w, h = size
        return (0, 0, max(100, w - PANEL_W), h)

    @property
    def paints_all(self) -> bool:   # type: ignore[override]
        """The zone map and the side panel cover the window (tiles or background)."""
        return self.hexplay is None

    @property
    def state(self):
        return self.ctl.state

    def my_turn(self) -> bool:
        """A human may act now (not the computer, not game over)."""
        return not self.state.over and not self.ctl.is_ai(self.ctl.actor())

    # --- overlays -------------------------------------------------------------------
    def overlay_open(self, cls: type) -> bool:
        return any(isinstance(s, cls) for s in self.app.above(self))

    def open_purchase(self) -> None:
        from .zone.purchase import PurchaseScene
        if self.state.phase != "purchase" or not self.my_turn():
            self.ctl.say("Units are bought in the purchase phase.", "error")
            return
        if not self.overlay_open(PurchaseScene):
            self.app.push(PurchaseScene(self.app, self))

    def open_battle(self) -> None:
        from .zone.battle_window import BattleWindow
        self.battle_hidden = None
        if not self.overlay_open(BattleWindow):
            self.app.push(BattleWindow(self.app, self))

    def open_calculator(self) -> None:
        from .calculator import CalculatorScene
        if not self.overlay_open(CalculatorScene):
            self.app.push(CalculatorScene.from_game(self.app, self))

    def open_history(self) -> None:
        from .history_view import HistoryView
        if not self.overlay_open(HistoryView):
            self.app.push(HistoryView(self.app, self))

    def open_help(self) -> None:
        from .help import HelpOverlay
        if not self.overlay_open(HelpOverlay):
            self.app.push(HelpOverlay(self.app, self))

    def open_unit_card(self, pos: tuple[int, int]) -> bool:
        """A right click: the unit card of the counter under `pos` (zone maps), or of the
        stack in the hex under it (hex maps). False when there is no counter there."""
        from .help import UnitCard
        state = self.state
        if not pygame.Rect(self.cam.view).collidepoint(pos):
            return False
        hit = self.renderer.counter_at(pos)
        if hit is not None:
            sid, item = hit
            n = sum(1 for u in state.units_in(sid) if u.type == item.utype and u.owner == item.owner)
            self.app.push(UnitCard(self.app, self, [(item.utype, item.owner, max(1, n))]))
            return True
        if self.hexplay is None:
            return False
        hex_id = self.space_at(pos)
        kinds: dict[tuple[str, str], int] = {}
        for u in (state.units_in(hex_id) if hex_id else ()):
            kinds[(u.type, u.owner)] = kinds.get((u.type, u.owner), 0) + 1
        if not kinds:
            return False
        self.app.push(UnitCard(self.app, self, [(t, o, n) for (t, o), n in kinds.items()]))
        return True

    def open_menu(self) -> None:
        from .dialogs import EscMenu
        if not self.overlay_open(EscMenu):
            self.app.push(EscMenu(self.app, self))

    def show_summary(self) -> None:
        from .dialogs import GameOverScene
        if self.state.over and not self.overlay_open(GameOverScene):
            self.app.push(GameOverScene(self.app, self))

    def save_game(self) -> None:
        from game.io.saves import write_save

        from .app import saves_dir
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = saves_dir() / f"{self.state.scenario.id}-{stamp}.json"
        try:
            write_save(path, self.ctl.session, players=self.ctl.players_field(), game=self.ctl.game)
        except OSError as exc:
            self.ctl.say(f"Could not save: {exc}", "error")
            return
        self.ctl.saved_version = self.ctl.version
        self.ctl.say(f"Saved to {path}", "good")

    def check_overlays(self) -> None:
        """Open the windows the game state calls for (only when nothing else is on top)."""
        from .dialogs import GameOverScene, HandoffScene
        from .zone.battle_window import BattleWindow
        from .zone.purchase import PurchaseScene
        above = self.app.above(self)
        if any(not isinstance(s, BattleWindow) for s in above):
            return
        state = self.state
        if state.over:
            if not self.overlay_open(GameOverScene) and not self.gameover_dismissed:
                self.app.push(GameOverScene(self.app, self))
            return
        actor = self.ctl.actor()
        if not self.ctl.is_ai(actor) and not self.hex_midcombat_choice(actor):
            humans = self.ctl.human_players()
            turn = (state.round, state.player)
            if actor != self.last_human:
                prev, prev_turn = self.last_human, self.last_human_turn
                self.last_human, self.last_human_turn = actor, turn
                if len(humans) > 1 and self.auto_overlays and prev != actor \
                        and self.needs_handoff(prev, actor, passing_back=prev_turn == turn and actor == state.player):
                    self.app.push(HandoffScene(self.app, self, actor))
                    return
        if (state.zone.battle is not None and not above and self.auto_overlays
                and (state.zone.battle.space != self.battle_hidden or self.ctl.ai_to_act())):
            self.open_battle()
            return
        if (self.auto_overlays and not above and state.phase == "purchase" and self.my_turn()
                and self.purchase_opened != (state.round, state.player)):
            self.purchase_opened = (state.round, state.player)
            self.app.push(PurchaseScene(self.app, self))

    def hex_midcombat_choice(self, actor: str) -> bool:
        """A hex map's loss or retreat choice made by the other side in the middle of the
        phasing player's combat: no hand-off screen (Europa has no hidden information; the
        banner and the side panel say who chooses), and the screen stays with the phasing
        player, so that no hand-off follows when the choice is made either."""
        ht = self.state.hexturn
        return (self.hexplay is not None and ht is not None and ht.pending is not None
                and actor != self.state.player)

    def needs_handoff(self, prev: str | None, actor: str, passing_back: bool = False) -> bool:
        """'Pass to …' between different people (seats: controller.seat_of): in a hotseat
        game every player is one, against the computer the human alliance is one unless
        its players were given to different people. None when `passing_back`: the screen
        goes back to the phasing player in its own turn after a defender's choice (the
        hand-off to the defender said to pass back; nothing on the board is hidden)."""
        ctl = self.ctl
        seats = {ctl.seat_of(h) for h in ctl.human_players()}
        if len(seats) <= 1 or passing_back:
            return False
        return prev is None or ctl.seat_of(prev) != ctl.seat_of(actor)

    # --- odds --------------------------------------------------------------------------
    def attack_odds(self) -> list[tuple[str, odds_view.OddsView | None]]:
        """[(space, odds or None when nobody defends it)] for every attack the current
        player has planned this combat move; worked out once per game-state version."""
        state = self.state
        if state.phase != movement.COMBAT or state.over:
            return []
        version = (self.ctl.version, state.action_count, id(state), self.odds.generation)
        if self._attack_odds[0] != version:
            out: list[tuple[str, odds_view.OddsView | None]] = []
            for sid in odds_view.planned_attacks(state):
                if odds_view.has_defenders(state, sid, state.player):
                    out.append((sid, odds_view.space_odds(self.odds, state, sid)))
                else:
                    out.append((sid, None))
            self._attack_odds = (version, out)
        return self._attack_odds[1]

    def raid_odds(self) -> list[tuple[str, Any]]:
        """[(territory, its raid's exact odds or None)] for every bombing raid the current
        player has declared this combat move; worked out once per game-state version."""
        state = self.state
        if state.phase != movement.COMBAT or state.over:
            return []
        version = (self.ctl.version, state.action_count, id(state))
        if self._raid_odds[0] != version:
            from game.odds.raid import raid_odds_for_space
            out: list[tuple[str, Any]] = []
            for sid in odds_view.planned_raids(state):
                try:
                    out.append((sid, raid_odds_for_space(state, sid)))
                except Exception:  # noqa: BLE001 - the raid is listed without odds
                    logger.debug("no raid odds for %s", sid, exc_info=True)
                    out.append((sid, None))
            self._raid_odds = (version, out)
        return self._raid_odds[1]

    def move_odds(self, dest: str | None) -> odds_view.OddsView | None:
        """The odds if the selected group attacked `dest` (a hostile destination), else None."""
        state = self.state
        if dest is None or state.phase != movement.COMBAT or not self.my_turn():
            return None
        group = self.sel.group(state)
        if not group or dest == self.sel.space:
            return None
        key = (self.ctl.version, state.action_count, id(state), dest, tuple(u.uid for u in group),
               self.odds.generation)
        if self._move_odds[0] == key:
            return self._move_odds[1]
        v = None
        dests = self.sel.destinations(state, self.ctl.version)
        if odds_view.has_defenders(state, dest, state.player) and dest in dests:
            v = odds_view.hypothetical_odds(self.odds, state, group, dest, dests[dest])
        self._move_odds = (key, v)
        return v

    # --- actions -----------------------------------------------------------------------
    def end_phase(self) -> None:
        """End the phase; when the rules warn of a cost (aircraft lost, units not placed)
        ask first, in a dialog that Enter cannot confirm."""
        if not self.my_turn():
            return
        if self.state.zone.battle is not None:
            self.open_battle()
            self.ctl.say("Finish the current battle first.", "error")
            return
        try:
            from game.rules.zone.warnings import end_phase_warnings
            warnings = end_phase_warnings(self.state)
        except Exception as exc:  # noqa: BLE001 - ask anyway when the check itself fails
            logger.warning("end-of-phase check failed; asking anyway", exc_info=True)
            warnings = [f"Could not check what ending the phase costs ({type(exc).__name__}: {exc})."]
        if warnings:
            from .dialogs import ConfirmDialog
            if not self.overlay_open(ConfirmDialog):
                self.app.push(ConfirmDialog(self.app, f"End {theme_phase(self.state).lower()}?", warnings,
                                            "End phase  (Y)", self.end_phase_now))
            return
        self.end_phase_now()

    def ask_declare(self, d: Declaration) -> None:
        """A declaration cannot be taken back in the board game: ask first, naming what it
        changes (undo stays as for any action)."""
        from game.rules import politics

        from .dialogs import ConfirmDialog
        if self.overlay_open(ConfirmDialog):
            return
        names = self.state.scenario.player_map
        foes = [names[p].name for p in politics.new_foes(self.state, d)]
        title = f"Declare war on {', '.join(foes)}?" if foes else f"{d.shown}?"
        lines = [f"{d.shown}. A declaration cannot be taken back.",
                 "It makes " + "; ".join(politics.consequences(self.state, d)) + "."]
        self.app.push(ConfirmDialog(self.app, title, lines, "Declare  (Y)",
                                    lambda: self.ctl.do(A.DeclareWar(d.name))))

    def end_phase_now(self) -> None:
        if not self.my_turn():
            return
        if self.ctl.do(A.EndPhase()):
            self.sel.clear()
            self.sel.place_unit = None
            if self.hexplay is not None:
                self.hexplay.clear()
            self.enter_block_until = time.monotonic() + ENTER_DEBOUNCE_S

    def enter_key(self) -> None:
        """Enter on the map ends the phase, but only when pressed deliberately: never as
        a key repeat (one held Enter ends one phase at most), never as the echo of an
        Enter that closed a window, and not in the first ENTER_DEBOUNCE_S after a phase
        began or a window closed (the player must press it again)."""
        repeat = self.app.enter_repeat
        if self.state.over:
            return
        if not self.my_turn():   # the computer's turn: Enter ends nothing, and says so
            who = self.ctl.player_name(self.ctl.actor())
            self.ctl.say(f"The computer is playing {who}: Enter waits for your turn (Space: the rest of its turn at once).",
                         "info")
            return
        if not repeat and self.hexplay is not None and self.my_turn() and self.hexplay.accept():
            return   # hex maps: Enter takes the proposed losses / retreat / advance
        if repeat or not self.enter_armed or time.monotonic() < self.enter_block_until:
            if not repeat:
                self.enter_armed = True
            self.ctl.say(f"Press Enter again to end {theme_phase(self.state).lower()}.", "info")
            return
        self.end_phase()

    def undo(self) -> None:
        if self.my_turn():
            self.ctl.undo()
            self.sel.validate(self.state)
            if self.hexplay is not None:
                self.hexplay.validate()

    # --- airdrop step ----------------------------------------------------------------
    def can_airdrop(self) -> str:
        """Why the airdrop step cannot start now ("" if it can)."""
        state = self.state
        if not self.my_turn():
            return "Wait for your turn."
        if state.phase not in (movement.COMBAT, movement.NONCOMBAT):
            return "Paratroopers fly in the combat move (to attack) and the non-combat move."
        if not airdrop_view.ready_spaces(state):
            if airdrop_view.has_air_transports(state):
                return ("None of your air transports can fly loaded now: they carry unmoved units from a "
                        "territory friendly since the start of the turn"
                        + (", paratroopers into an attack." if state.phase == movement.COMBAT else "."))
            if not any(state.utype(u).has("self_airlift") for u in state.units.values() if u.owner == state.player):
                return "You have no paratroopers."
            return "None of your paratroopers can take off now (a flight is a paratrooper's whole move)."
        return ""

    def toggle_airdrop(self) -> None:
        """P / the Airdrop button: start the airdrop step (or leave it)."""
        if self.drop.active:
            self.drop.stop()
            self.ctl.say("Airdrop cancelled: back to moving units.")
            return
        if self.hexplay is not None:  # hex maps fly from the unit's own move highlights
            self.ctl.say("On a hex map, select an air-droppable unit on an airfield in the movement "
                         "phase: its drop hexes are outlined in pink.", "error")
            return
        why = self.can_airdrop()
        if why:
            self.ctl.say(why, "error")
            return
        state = self.state
        self.drop.active = True
        ready = airdrop_view.ready_spaces(state)
        start = self.sel.space if any(s == self.sel.space for s, _n in ready) else \
            (ready[0][0] if len(ready) == 1 else None)
        self.drop.pick(state, start)
        self.sel.counts = {}
        self.sel._dest_cache = None
        self.sel.space = self.drop.space
        if self.drop.space is None:
            what = "air transports" if airdrop_view.has_air_transports(state) else "paratroopers"
            self.ctl.say(f"Airdrop: choose the territory your {what} take off from.")

    def _click_drop(self, sid: str) -> None:
        """A click on the map in the airdrop step: drop on a space outlined in pink, pick the
        paratroopers of another territory, or hear why that space is no drop space."""
        state = self.state
        drop = self.drop
        group = drop.group(state)
        if group and sid in drop.targets(state, self.ctl.version):
            n, name = len(group), state.scenario.spaces[sid].name
            what = f"{n} {state.utype(group[0]).name}{'s' if n != 1 else ''}"
            if drop.carried(state):
                legs = drop.legs(state)
                kinds: dict[str, int] = {}
                for leg in legs:
                    for c in leg.cargo:
                        kinds[state.utype(c).name] = kinds.get(state.utype(c).name, 0) + 1
                cargo = ", ".join(f"{k} {name}{'s' if k != 1 else ''}" for name, k in kinds.items())
                what = f"{len(legs)} air transport{'s' if len(legs) != 1 else ''} carrying {cargo}"
            if self.ctl.do(drop.action(state, sid)):
                attack = state.phase == movement.COMBAT
                drop.stop()
                self.sel.space = sid
                self.sel.counts = {}
                self.sel._dest_cache = None
                more = "  P: another airdrop." if airdrop_view.ready_spaces(self.state) else ""
                how = " (airborne attack: fought in Conduct combat)"
                if attack and any(self.state.units[u.uid].carried_by is not None for u in group
                                  if u.uid in self.state.units):
                    how = " (airdrop: intercepted, then fought in Conduct combat)"
                aboard = state.scenario.spaces[sid].kind == "sea"   # seed 001 helicopters
                verb = "drop on" if attack and not aboard else "fly to"
                tail = " (the cargo goes aboard your ships)" if aboard else how if attack else ""
                self.ctl.say(f"{what} {verb} {name}{tail}.{more}", "good")
            return
        if sid != drop.space and drop.pick(state, sid):
            self.sel.space = sid
            return
        if sid == drop.space:
            return
        why = drop.why_not(state, sid) or "Paratroopers cannot drop there."
        self.ctl.say(why, "error")

    def click_space(self, sid: str | None) -> None:
        if self.edit.on:   # edit mode: a click picks the space to edit
            self.edit.pick_space(sid)
            self.sel.space = sid
            return
        if self.hexplay is not None:
            self.hexplay.click(sid)
            return
        state = self.state
        if self.drop.active and state.phase in (movement.COMBAT, movement.NONCOMBAT) and self.my_turn():
            if sid is not None:
                self._click_drop(sid)
            return
        if sid is None:
            self.sel.clear()
            return
        if not self.my_turn():
            self.sel.space = sid
            return
        phase = state.phase
        if phase in (movement.COMBAT, movement.NONCOMBAT):
            self._click_move(sid)
        elif phase == "place":
            if self.sel.place_unit:
                self.ctl.do(A.Place(self.sel.place_unit, sid, 1))
                self.sel.validate(self.state)
            self.sel.space = sid
        elif phase == "conduct_combat":
            if sid in state.zone.battles and state.zone.battle is None:
                if self.ctl.do(A.SelectBattle(sid)):
                    self.open_battle()
            elif state.zone.battle is not None:
                self.open_battle()
            self.sel.space = sid
        else:
            self.sel.space = sid

    @staticmethod
    def adding() -> bool:
        """Shift or Ctrl (Cmd) is held: a click adds to the unit selection."""
        if not pygame.display.get_init():
            return False
        return bool(pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_META))

    def _click_move(self, sid: str) -> None:
        state = self.state
        group = self.sel.group(state)
        dests = self.sel.destinations(state, self.ctl.version) if group else {}
        if group and self.adding() and sid in dests and sid != self.sel.space:
            self.add_waypoint(sid)
            return
        if group and (sid != self.sel.space or sid in dests):   # the start: a blitz back
            if sid in dests and raid_choices(state, group, sid):
                self.ask_raid(group, sid)
                return
            if sid in dests:
                if self.ctl.do(A.Move(tuple(u.uid for u in group), dests[sid])):
                    # the destination stays selected with no units picked: the next click
                    # never moves units the player did not choose
                    self.sel.space = sid
                    self.sel.counts = {}
                    self.sel._dest_cache = None
                return
            if any(u.owner == state.player for u in state.units_in(sid)):
                self.sel.select_space(state, sid)  # not a destination: pick your units there
                return
            reason = movement.explain(state, group, sid) or "Those units cannot go there."
            self.ctl.say(reason + self._airdrop_hint(group, sid), "error")
            return
        self.sel.select_space(state, sid)

    def ask_raid(self, group: list, sid: str) -> None:
        """Bombers sent to a territory with enemy facilities (g40): raid one of them, or
        attack as usual when there is a battle to join."""
        from .dialogs import ChoiceDialog
        state = self.state
        uids = tuple(u.uid for u in group)
        name = state.scenario.spaces[sid].name
        raid_path = movement.reachable(state, group, raid=True).get(sid)
        choices: list[tuple[str, Callable[[], None]]] = []
        for fid in raid_choices(state, group, sid):
            ft = state.ruleset.facilities[fid]
            raid = A.Raid(tuple(uids), tuple(raid_path or (sid,)), fid)
            choices.append((f"Bombing raid on the {ft.name}", partial(self._send, sid, raid)))
        normal = movement.reachable(state, group).get(sid)
        if normal:
            choices.append(("Attack (join the battle)", partial(self._send, sid, A.Move(tuple(uids), normal))))
        self.app.push(ChoiceDialog(self.app, f"Aircraft to {name}",
                                   ["Raid a facility (air battle with any interceptors, its "
                                    "anti-aircraft fire, then damage), or attack as usual?"], choices))

    def _send(self, sid: str, action: A.Action) -> None:
        """Send a move (or raid) chosen in a dialog; select its destination if it went."""
        self._moved(sid, self.ctl.do(action))

    def _moved(self, sid: str, ok: bool) -> None:
        if ok:
            self.sel.space = sid
            self.sel.counts = {}
            self.sel._dest_cache = None

    def add_waypoint(self, sid: str) -> None:
        """Shift+click on a destination: the move goes through it and on; the next click
        picks where it ends (TripleA's waypoints). A blitz back to its start or into a
        friendly territory is chosen so (seed 000 R3)."""
        state = self.state
        name = state.scenario.spaces[sid].name
        if not self.sel.add_waypoint(state, self.ctl.version, sid):
            self.ctl.say(f"No move goes on from {name}: click it to move there.", "info")
            return
        ends = self.sel.destinations(state, self.ctl.version)
        start = self.sel.space
        back = " (back here included)" if start in ends else ""
        blitz = state.phase == movement.COMBAT and movement.is_enemy_land(state, sid, state.player)
        what = "Blitz through" if blitz else "Through"
        self.ctl.say(f"{what} {name}: click where the move ends{back}. "
                     f"Right click: drop the waypoint.", "info")

    def ends_text(self, sid: str, most: int = 3) -> str:
        """Where a move through waypoint `sid` may end, for the hover: "Beta Minor or back
        to Alpha Minor"."""
        state, start = self.state, self.sel.space or ""
        ends = self.sel.onward(state, self.ctl.version, sid)
        names = [state.scenario.spaces[d].name for d in ends if d != start]
        if len(names) > most:
            names = [*names[:most], "…"]
        if start in ends:
            names.append(f"back to {state.scenario.spaces[start].name}")
        return " or ".join(names)

    def drop_waypoints(self) -> bool:
        """Right click or Esc with waypoints chosen: forget them, keep the units picked."""
        if not self.sel.via:
            return False
        self.sel.via = ()
        self.ctl.say("Waypoint dropped.", "info")
        return True

    def deselect(self) -> bool:
        """Esc with something selected (a space, a unit to place, a hex stack): drop the
        selection first; True if there was one (the next Esc opens the menu)."""
        had = self.sel.space is not None or self.sel.place_unit is not None \
            or (self.hexplay is not None and self.hexplay.sel is not None)
        if had:
            self.sel.clear()
            self.sel.place_unit = None
            if self.hexplay is not None:
                self.hexplay.clear()
        return had

    def _airdrop_hint(self, group, sid: str) -> str:
        """" Airdrop (P) flies them there." when the refused move is one the airdrop step can
        make: paratroopers (or air-transport cargo) of this space that can fly to `sid`."""
        from game.rules.zone import airdrop as AD
        state = self.state
        if self.hexplay is not None or self.can_airdrop():
            return ""
        uids = {u.uid for u in group}
        for o in AD.options(state):
            if o.start == self.sel.space and o.to == sid and uids & (set(o.cargo) | set(o.transports)):
                return " Airdrop (P) can fly them there."
        return ""

    def click_counter(self, sid: str, item) -> bool:
        """A click on one of your counters in a move phase selects that stack (all of its
        units that can move), unless the selected group may move to that space: then the
        click is a move like any click on the space. Shift / Ctrl + click on a counter in
        the selected space adds that stack to the selection. True if the click was used."""
        state = self.state
        if self.edit.on:
            return False
        if (not self.my_turn() or state.phase not in (movement.COMBAT, movement.NONCOMBAT)
                or item.owner != state.player or self.drop.active):
            return False
        group = self.sel.group(state)
        adding = self.adding() and sid == self.sel.space and bool(group)
        if group and not adding and sid in self.sel.destinations(state, self.ctl.version):
            return False
        if not adding:
            self.sel.select_space(state, sid)
            if item.pile:
                return True
            self.sel.counts = {}
            self.sel._dest_cache = None
        elif item.pile:
            return True
        stacks = [(k, u) for k, u in self.sel.stacks(state) if k[0] == item.utype]
        movable = [(k, u) for k, u in stacks if self.sel.can_move(state, u)]
        if not movable:
            name = state.ruleset.units[item.utype].name if item.utype in state.ruleset.units else item.utype
            why = self.panel.why_not(stacks[0][1]) if stacks else ""
            where = state.scenario.spaces[sid].name
            if why.startswith("not all together"):
                self.ctl.say(f"{name} in {where} cannot all move together: pick fewer with − in the side panel.",
                             "info")
            else:
                self.ctl.say(f"{name} in {where} cannot move now" + (f": {why}" if why else "."), "info")
            return True
        from .selection import stack_class
        cls = stack_class(state, movable[0][0])
        before = self.panel._domains()
        for k, u in movable:
            if stack_class(state, k) == cls:
                self.sel.set_count(state, k, len(u))
        if adding:
            self.panel._domain_note(before)
        return True

    # --- events ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        # (a save's replay still running: the player looks around; an action waits for it, ctl.do)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP):
            self.panel.forget()   # a click or a key may change what the panel shows (its key aside)
        if self.covered:  # the first event after a window closed
            self.covered = False
            now = time.monotonic()
            self.enter_block_until = max(self.enter_block_until, now + ENTER_DEBOUNCE_S)
            if now - self.app.enter_closed_at < 0.6:
                # it was closed with Enter: that Enter (held, repeated) must not go on to End phase
                self.enter_armed = not self.app.enter_held
        if event.type == pygame.KEYUP and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter_armed = True
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            if self.minimap_drag:
                self.cam.center_on(*self.renderer.minimap_to_world(self.minimap_rect, event.pos))
                return
            if self.drag_start is not None:
                dx = event.pos[0] - self.drag_start[0]
                dy = event.pos[1] - self.drag_start[1]
                if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                    self.dragging = True
                    self.cam.pan(event.rel[0], event.rel[1])
            self.update_hover(event.pos)
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = self.mouse_pos
            if pos[0] >= self.cam.view[2]:
                self.panel.wheel(pos, event.y)   # the list under the mouse, if any
            else:
                self.cam.zoom(1.15 ** event.y, pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_pos = event.pos
            if event.button in (4, 5):
                return
            if self.minimap_rect.collidepoint(event.pos) and event.button == 1:
                self.minimap_drag = True
                self.cam.center_on(*self.renderer.minimap_to_world(self.minimap_rect, event.pos))
                return
            if self.spots.click(event):
                return
            if event.pos[0] >= self.cam.view[2]:
                return
            self.drag_start = event.pos
            self.drag_button = event.button
            self.dragging = False
            return
        if event.type == pygame.MOUSEBUTTONUP:
            if self.minimap_drag:
                self.minimap_drag = False
                return
            if self.drag_start is None or event.button != self.drag_button:
                return
            was_drag = self.dragging
            self.drag_start = None
            self.dragging = False
            if was_drag:
                return
            if event.button == 1:
                hit = self.renderer.counter_at(event.pos) if pygame.Rect(self.cam.view).collidepoint(event.pos) \
                    else None
                if hit is not None and self.click_counter(*hit):
                    return
                self.click_space(self.space_at(event.pos))
            elif event.button == 3:
                if not self.edit.on and self.open_unit_card(event.pos):
                    return
                if self.drop.active:
                    self.toggle_airdrop()
                    return
                if self.drop_waypoints():
                    return
                self.sel.clear()
                self.sel.place_unit = None
                if self.hexplay is not None:
                    self.hexplay.clear()

    def handle_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        key = event.key
        if key == pygame.K_ESCAPE and self.drop.active:
            self.toggle_airdrop()
        elif key == pygame.K_ESCAPE and self.drop_waypoints():
            pass
        elif key == pygame.K_ESCAPE and self.deselect():
            pass
        elif key == pygame.K_ESCAPE:
            self.open_menu()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter_key()
        elif key == pygame.K_F1:
            self.open_help()
        elif key == pygame.K_z and ctrl:
            self.undo()
        elif key == pygame.K_e and ctrl:
            self.edit.toggle()
        elif key == pygame.K_s and ctrl and event.mod & pygame.KMOD_SHIFT:
            self.edit.save_as_scenario()
        elif key == pygame.K_s and ctrl:
            self.save_game()
        elif key == pygame.K_b and ctrl:
            self.open_calculator()
        elif key == pygame.K_SPACE:
            self.ctl.skip_ahead()
        elif key == pygame.K_b and self.state.phase == "purchase":
            self.open_purchase()
        elif key == pygame.K_h and not ctrl:
            self.open_history()
        elif key == pygame.K_p and not ctrl:
            self.toggle_airdrop()
        elif key == pygame.K_l and not ctrl:
            self.legend_on = not self.legend_on
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.cam.zoom(1.25)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cam.zoom(1 / 1.25)
        elif key == pygame.K_HOME:
            self.cam.fit()
        elif key == pygame.K_c and self.state.phase == "conduct_combat" and self.state.zone.battle is not None:
            self.open_battle()

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The space under a screen point; a counter counts for the space it belongs to
        (counters of small spaces may stick out over their neighbours)."""
        if not pygame.Rect(self.cam.view).collidepoint(pos):
            return None
        hit = self.renderer.counter_at(pos)
        if hit is not None:
            return hit[0]
        return self.renderer.space_at(*self.cam.to_world(*pos))

    def update_hover(self, pos: tuple[int, int]) -> None:
        sid = self.space_at(pos)
        if sid != self.hover:
            self.hover = sid
            self.hover_since = time.monotonic()

    # --- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.ctl.pending is not None and not self.check_loaded_save(dt):
            return
        if self.app.above(self):
            self.covered = True
            self.hover_since = time.monotonic()  # no tooltip pops up the moment a window closes
            m = self.ctl.message
            if m is not None and m.kind == "notice":
                m.at = time.monotonic()  # a notice's time starts when the map is seen
        phase_key = (self.state.round, self.state.player, self.state.phase)
        if phase_key != self.seen_phase:
            if self.seen_phase is not None and self.ctl.message is not None and self.ctl.message.kind == "error":
                self.ctl.message = None  # an error toast from the last phase no longer applies
            if self.seen_phase is not None:  # a new phase: Enter must be pressed anew to end it
                self.enter_block_until = time.monotonic() + ENTER_DEBOUNCE_S
                if self.seen_phase[1] != self.state.player and self.my_turn():
                    self.show_capital()
            self.seen_phase = phase_key
            self.drop.stop()
        blocked = any(s.blocks_ai for s in self.app.above(self))
        if not blocked:
            self.ctl.update_ai(dt)
            self.ctl.play_auto()   # nobody is asked what has one answer (forced losses, income)
        if self.ctl.version != self.seen_version:
            self.seen_version = self.ctl.version
            self.sel.validate(self.state)
            self.drop.validate(self.state)
            if self.hexplay is not None:
                self.hexplay.validate()
            if self.state.phase in (movement.COMBAT, "conduct_combat"):
                odds_view.warm_up()  # odds are coming: load the engine in the background
            if self.ctl.last_ai_version == self.ctl.version and not self.ctl.fast:
                self.follow_ai_move()
        self.check_overlays()
        self.pan_by_keys(dt)

    def check_loaded_save(self, dt: float) -> bool:
        """A save shown before its replay (ctl.pending): once its first frame is drawn (or
        at once when a window above may keep this scene from being drawn), the replay runs,
        in the window loop a slice per frame (CHECK_SLICE_MS) while the map can be looked
        at; True when it has confirmed the position and the game goes on this frame."""
        if not self.shown and not self.app.above(self):
            return False
        if not self.app.interactive:
            return self.ctl.settle()
        done = self.ctl.settle_some(self.app.frame_start + CHECK_SLICE_MS / 1000)
        if done is None:
            self.pan_by_keys(dt)
            return False
        if done:
            self.panel.forget()   # (undo is there now)
        return done

    def pan_by_keys(self, dt: float) -> None:
        if self.app.top is self and pygame.display.get_init() and pygame.key.get_focused():
            keys = pygame.key.get_pressed()
            dx = (keys[pygame.K_LEFT] or keys[pygame.K_a]) - (keys[pygame.K_RIGHT] or keys[pygame.K_d])
            dy = (keys[pygame.K_UP] or keys[pygame.K_w]) - (keys[pygame.K_DOWN] or keys[pygame.K_s])
            if (dx or dy) and not (pygame.key.get_mods() & pygame.KMOD_CTRL):
                self.cam.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        self.cam.set_view(self.map_view(size))
        self.spots.clear()
        state = self.state
        if self.drop.active and self.my_turn():
            highlights = self.drop.highlights(state, self.ctl.version)
        else:
            highlights = self.sel.highlights(state, self.ctl.version) if self.my_turn() else {}
        battles = state.zone.battles if state.phase == "conduct_combat" else ()
        if self.hexplay is not None:
            self.hexplay.renderer.draw(surface, self.cam, state, self.hexplay.overlay())
        else:
            # counter layouts: COUNTER_LAYOUT_MS (moving) or what is left of the frame's budget
            budget = self.frame_budget_ms()
            left = budget - (time.perf_counter() - self.app.frame_start) * 1000
            moving = budget == FRAME_BUDGET_MS
            limit = COUNTER_LAYOUT_MS if moving else left
            self.renderer.layout_budget_ms = max(0.0, min(limit, left)) if self.app.interactive else None
            # while the view moves, no layout past the budget: the last zoom's stand in till it stops
            self.renderer.layout_starve = 10**9 if moving and self.app.interactive else maprender.LAYOUT_STARVE
            # the window loop: tiles not rendered yet show a stand-in, refined after the frame
            # is drawn (below); single frames (tests, screenshots) are complete
            self.renderer.tiles.budget_ms = 0.0 if self.app.interactive else math.inf
            self.renderer.draw(surface, self.cam, state, highlights, self.sel.space, self.hover, battles)
        if self.drop.active:
            self.draw_flight(surface)
        self.draw_trail(surface, self.planned_route(), theme.TEXT, bend=0.18, marks=self.sel.via)
        self.draw_ai_move(surface)
        self.draw_banner(surface)
        rested = not self.app.interactive or time.monotonic() - self.hover_since >= SPREAD_DELAY_S
        if self.app.top is self and rested:   # a hovered stack spread out (never under a window)
            self.renderer.draw_spread(surface, self.cam, state, self.hover)
        if self.legend_on:
            legend.draw(surface, pygame.Rect(self.cam.view), state, self.hexplay is not None)
        history_view.draw_button(self, surface)
        self.edit.draw(surface)
        self.draw_message(surface)
        self.panel.draw(surface, pygame.Rect(size[0] - PANEL_W, 0, PANEL_W, size[1]))
        if self.app.top is self:
            self.draw_map_tooltip(surface)
            widgets.hover_tooltip(surface, self.spots)
        self.shown = True
        if self.hexplay is None and self.app.interactive:   # the frame's time left: missing tiles
            budget = self.frame_budget_ms()   # moving: no tile past it (stand-ins till it stops)
            self.renderer.tiles.refine(self.app.frame_start + budget / 1000, starve=budget != FRAME_BUDGET_MS)

    def frame_budget_ms(self) -> float:
        """The frame's time for deferred map work (tile refining, counter layouts): short
        while the view moves (every frame must be quick), longer once it stands still
        (the stand-ins go sooner; a still picture does not judder)."""
        at = (self.cam.scale, self.cam.ox, self.cam.oy)
        if at != self._cam_at:
            self._cam_at, self._cam_moved = at, self.app.frame_start
        return FRAME_BUDGET_MS if self._cam_moved == self.app.frame_start else IDLE_BUDGET_MS

    def ai_trail(self) -> tuple[str, ...]:
        """The spaces of the computer's last action while nothing happened since: a
        move's path (start to end), or the one space it placed units in or dropped them
        on; () otherwise. The map draws it so that a player watching sees where each
        computer move went, not only the log line."""
        act = self.ctl.shown_ai_action()
        start = (self.ctl.last_ai_from,) if self.ctl.last_ai_from else ()
        if isinstance(act, A.Move) and act.path:
            return start + tuple(act.path)
        if isinstance(act, (A.Airdrop, A.SupplyDrop)):
            return start + (act.to,)
        if isinstance(act, A.Place):
            return (act.space,)
        return ()

    def follow_ai_move(self) -> None:
        """Watching the computer: where its move ends (or it places units) out of the view,
        the view goes there at the same zoom, so that on a map larger than the window
        (Global 1940) each move is seen, not only its log line."""
        trail = self.ai_trail()
        end = self.space_centers().get(trail[-1]) if trail else None
        if end is None:
            return
        x, y, w, h = self.cam.view
        if self.cam.world_w * self.cam.scale <= w and self.cam.world_h * self.cam.scale <= h:
            return   # the whole map is in view
        sx, sy = self.cam.to_screen(*end)
        margin = min(60, w // 6, h // 6)
        # a map that wraps east-west shows the space again one map width either side
        span = self.cam.world_w * self.cam.scale if self.cam.wrap_x else 0.0
        seen = any(x + margin <= sx + k * span <= x + w - margin for k in ((-1, 0, 1) if span else (0,)))
        if not (seen and y + margin <= sy <= y + h - margin):
            self.cam.show(*end)   # no empty band above or below the map

    def open_view(self) -> None:
        """The view a game opens with: a map too big to read whole opens at a readable zoom
        on the capital of the player to move (Camera.open_on); a small map opens whole."""
        if self.hexplay is not None:
            return
        self.cam.wrap_x = self.state.scenario.wrap_x
        sp = self.capital_space()
        self.cam.open_on(self.renderer.readable_scale(), sp.center if sp is not None else None)

    def capital_space(self) -> SpaceDef | None:
        """The space of the capital of the player to move, if it has one."""
        try:
            capital = self.state.scenario.player(self.state.player).capital
        except KeyError:
            return None
        return self.state.scenario.spaces.get(capital or "")

    def show_capital(self) -> None:
        """A human player's turn begins: when the map is zoomed in away from the player's
        capital, bring it to the middle (on G40's world map Japan's turn opened on Europe,
        where Germany had left the view)."""
        if self.hexplay is not None:
            return
        sp = self.capital_space()
        if sp is None:
            return
        x, y, w, h = self.cam.view
        sx, sy = self.cam.to_screen(*sp.center)
        span = self.cam.world_w * self.cam.scale
        copies = (sx - span, sx, sx + span) if self.cam.wrap_x else (sx,)
        if not any(x <= cx <= x + w for cx in copies) or not y <= sy <= y + h:
            self.cam.show(*sp.center)

    def space_centers(self) -> dict[str, tuple[float, float]]:
        """World centre of every space (zone maps) or hex (hex maps)."""
        if self.hexplay is not None:
            return dict(self.hexplay.renderer.centers)
        return {sid: sp.center for sid, sp in self.state.scenario.spaces.items()}

    def draw_ai_move(self, surface: pygame.Surface) -> None:
        """The computer's last move as a gold arrow along its path (a ring on the
        space where it placed or dropped units), until its next action."""
        self.draw_trail(surface, self.ai_trail(), theme.ACCENT)

    def planned_route(self) -> tuple[str, ...]:
        """The route of the move a click would make: start, waypoints and the hovered
        destination (or only the waypoints chosen so far); () when there is none."""
        if not self.my_turn() or self.drop.active or self.hexplay is not None or self.sel.space is None:
            return ()
        state = self.state
        if not self.sel.group(state):
            return ()
        dests = self.sel.destinations(state, self.ctl.version)
        if self.hover in dests and len(dests[self.hover]) > 1:   # a one-space move needs no arrow
            return (self.sel.space, *dests[self.hover])
        return (self.sel.space, *self.sel.via) if self.sel.via else ()

    def draw_trail(self, surface: pygame.Surface, trail: tuple[str, ...], col, bend: float = 0.0,
                   marks: tuple[str, ...] = ()) -> None:
        """An arrow along `trail` (space ids), a ring when it is one space. `bend` curves
        each leg to its right (so a move out and back shows two legs); `marks` get a ring
        (the waypoints)."""
        if not trail:
            return
        centers = self.space_centers()
        pts = [self.cam.to_screen(*centers[s]) for s in trail if s in centers]
        if not pts:
            return
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.cam.view))
        if len(pts) == 1:
            c = (int(pts[0][0]), int(pts[0][1]))
            pygame.draw.circle(surface, (20, 20, 20), c, 17, 6)
            pygame.draw.circle(surface, col, c, 16, 3)
            surface.set_clip(clip)
            return
        legs = [_bent_leg(a, b, bend) for a, b in zip(pts, pts[1:], strict=False)]
        for leg in legs:
            pygame.draw.lines(surface, (20, 20, 20), False, leg, 7)
        for leg in legs:
            pygame.draw.lines(surface, col, False, leg, 3)
        for sid in marks:
            if sid in centers:
                wx, wy = self.cam.to_screen(*centers[sid])
                pygame.draw.circle(surface, (20, 20, 20), (int(wx), int(wy)), 10, 5)
                pygame.draw.circle(surface, col, (int(wx), int(wy)), 9, 3)
        pygame.draw.circle(surface, (20, 20, 20), (int(pts[0][0]), int(pts[0][1])), 7)
        pygame.draw.circle(surface, col, (int(pts[0][0]), int(pts[0][1])), 5)
        (ax, ay), (bx, by) = legs[-1][-2], legs[-1][-1]
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d, (by - ay) / d
        hs = 16.0
        head = [(bx, by), (bx - ux * hs - uy * hs * 0.6, by - uy * hs + ux * hs * 0.6),
                (bx - ux * hs + uy * hs * 0.6, by - uy * hs - ux * hs * 0.6)]
        pygame.draw.polygon(surface, (20, 20, 20), head, 0)
        pygame.draw.polygon(surface, col, head, 0)
        pygame.draw.polygon(surface, (20, 20, 20), head, 2)
        surface.set_clip(clip)

    def draw_flight(self, surface: pygame.Surface) -> None:
        """The airdrop step: a dashed pink arc from the take-off territory to the hovered
        drop space."""
        state = self.state
        start, dest = self.drop.space, self.hover
        if start is None or dest is None or dest not in self.drop.targets(state, self.ctl.version):
            return
        a = self.cam.to_screen(*state.scenario.spaces[start].center)
        b = self.cam.to_screen(*state.scenario.spaces[dest].center)
        lift = max(30.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 * 0.25)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - lift)
        pts = []
        for i in range(25):
            t = i / 24
            pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * mid[0] + t * t * b[0],
                        (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * mid[1] + t * t * b[1]))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.cam.view))
        for i in range(0, len(pts) - 1, 2):
            pygame.draw.line(surface, (30, 20, 50), pts[i], pts[i + 1], 6)
            pygame.draw.line(surface, airdrop_view.DROP, pts[i], pts[i + 1], 3)
        pygame.draw.circle(surface, airdrop_view.DROP, (int(b[0]), int(b[1])), 9, 3)
        surface.set_clip(clip)

    def draw_banner(self, surface: pygame.Surface) -> None:
        view = pygame.Rect(self.cam.view)
        if self.state.over:
            return
        if self.ctl.ai_to_act():
            who = self.ctl.player_name(self.ctl.actor())
            msg = f"Computer is playing {who}" + ("  (thinking…)" if self.ctl.thinking else "") \
                + ("  (skipping to the end of its turn…)" if self.ctl.fast else "  —  Space: skip its turn")
            col = theme.INFO
        else:
            msg = f"{theme_phase(self.state)}  —  {self.ctl.player_name(self.state.player)}"
            if self.drop.active:
                msg = f"Airdrop  —  {self.ctl.player_name(self.state.player)}  (P / Esc: back to moves)"
            if self.ctl.actor() != self.state.player:
                who = self.ctl.player_name(self.ctl.actor())
                plural = grammar_plural(self.state, who)
                msg += f"  ({who} {actor_task(self.state, plural)})"
            col = theme.ACCENT
        w = theme.text_width(msg, 22) + 28
        rect = pygame.Rect(0, 0, w, 30)
        rect.midtop = (view.centerx, 8)
        theme.panel(surface, rect, fill=(28, 32, 40), radius=14)
        theme.text(surface, msg, rect.center, 22, col, anchor="center")

    def draw_message(self, surface: pygame.Surface) -> None:
        m = self.ctl.message
        if m is None:
            return
        age = time.monotonic() - m.at
        life = {"error": 9.0, "notice": 20.0}.get(m.kind, 5.0)
        if age > life:
            return
        view = pygame.Rect(self.cam.view)
        lines = theme.wrap(m.text, min(760, view.w - 280), 22)
        lh = theme.font(22).get_linesize()
        h = lh * len(lines) + 16
        w = max(theme.text_width(s, 22) for s in lines) + 40
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (view.centerx + 60, view.bottom - 12)
        col = {"error": theme.BAD, "good": theme.GOOD}.get(m.kind, theme.INFO)
        theme.panel(surface, rect, fill=theme.mix((26, 28, 34), col, 0.18), edge=col, radius=8)
        pygame.draw.rect(surface, col, pygame.Rect(rect.x, rect.y, 6, rect.h), border_radius=3)
        for i, line in enumerate(lines):
            theme.text(surface, line, (rect.x + 18, rect.y + 8 + i * lh), 22, theme.TEXT)

    def tooltip_lines(self, sid: str) -> list[str]:
        if self.hexplay is not None:
            return self.hexplay.tooltip_lines(sid)
        state = self.state
        sp = state.scenario.spaces[sid]
        lines = [sp.name]
        if sp.is_sea:
            lines.append("Sea zone")
        elif sp.impassable:
            lines.append("Impassable (neutral)" + (", true-neutral port: a naval base for auxiliary cruisers"
                                                   if sp.true_neutral and sp.naval_base else ""))
        else:
            owner = state.owners.get(sid)
            extra = []
            if sp.victory_city:
                extra.append("victory city")
            if sid in state.factories:
                extra.append("factory")
            if sid in self.renderer.capitals:
                extra.append("capital")
            lines.append(f"{self.ctl.player_name(owner)} · value {sp.value}"
                         + (f" · {', '.join(extra)}" if extra else ""))
            if state.facilities:   # g40: each facility with its damage and production
                lines.extend(f"  {line}" for line in facilities.describe(state, sid))
            if movement.track_terrain(state, sid):
                cost = state.ruleset.tracks.extra_cost if state.ruleset.tracks else 0
                lines.append(f"Desert tracks: land units pay {cost} more movement to enter "
                             f"(auxiliaries excepted)")
        for owner, utype, n, damaged in self.renderer.stacks(state, sid):
            name = state.ruleset.units[utype].name if utype in state.ruleset.units else utype
            lines.append(f"  {self.ctl.player_name(owner)}: {n} {name}" + (" (damaged)" if damaged else ""))
        if sid in supply.unsupplied_spaces(state):
            pen = state.ruleset.supply.penalty if state.ruleset.supply else 0
            lines.append(f"Out of supply: land units here fight at -{pen} this turn (no chain of friendly "
                         f"territories to a factory, capital, port or supply column)")
        if self.drop.active and self.my_turn():
            return lines + self.drop_tooltip(sid)
        dests = self.sel.destinations(state, self.ctl.version) if self.my_turn() else {}
        if sid in dests and self.sel.group(state):
            path = dests[sid]
            through = [state.scenario.spaces[s].name for s in path[:-1]
                       if state.phase == movement.COMBAT and movement.is_enemy_land(state, s, state.player)]
            here = "and back here" if sid == self.sel.space else "to here"
            how = f"blitz through {', '.join(through)} {here}" if through else "move here"
            lines.append(f"Click: {how} ({len(path)} step{'s' if len(path) != 1 else ''})")
            if sid != self.sel.space and self.sel.blitz_waypoint(state, self.ctl.version, sid):
                lines.append("Shift+click: blitz through here, then click where to end "
                             f"({self.ends_text(sid)})")
            v = self.move_odds(sid)
            if v is not None:
                lines.append("Attack with these units: " + odds_view.win_text(v))
        for asid, av in self.attack_odds():
            if asid == sid and av is not None:
                lines.append("Planned attack: " + odds_view.win_text(av))
        return lines

    def drop_tooltip(self, sid: str) -> list[str]:
        """The airdrop step's lines for a hovered space: what a click does there, the
        odds and the anti-aircraft risk, or why the paratroopers cannot drop there."""
        state = self.state
        drop = self.drop
        group = drop.group(state)
        if sid == drop.space:
            return ["Taking off from here"]
        if not group:
            n = dict(airdrop_view.ready_spaces(state)).get(sid, 0)
            return [f"Click: take off from here ({n} ready)"] if n else ["Choose where your flight takes off"]
        if sid in drop.targets(state, self.ctl.version):
            attack = state.phase == movement.COMBAT
            n = len(group)
            what = f"{n} unit{'s' if n != 1 else ''}"
            if drop.carried(state):
                legs = drop.legs(state)
                what = (f"{len(legs)} transport{'s' if len(legs) != 1 else ''} carrying "
                        f"{sum(len(leg.cargo) for leg in legs)}")
            aboard = state.scenario.spaces[sid].kind == "sea"   # seed 001 helicopters: onto ships
            out = [f"Click: {'drop here (airborne attack)' if attack and not aboard else 'fly here'} with {what}"]
            v = airdrop_view.drop_odds(self.odds, state, group, sid)
            if v is not None:
                out.append("Chance to win: " + odds_view.win_text(v).removeprefix("win "))
            elif attack and not aboard:
                out.append("No defenders: the paratroopers take it.")
            out += [r.text for r in airdrop_view.drop_risks(state, group, sid)]
            return out
        if sid in dict(airdrop_view.ready_spaces(state)):
            return ["Click: take off from here instead"]
        why = drop.why_not(state, sid)
        return ["Cannot drop here:"] + theme.wrap(why, 420, 19) if why else []

    def draw_map_tooltip(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.dragging or not pygame.display.get_init():
            return
        pos = pygame.mouse.get_pos()
        if self.space_at(pos) != self.hover:  # moved while a window was open: not stale
            self.update_hover(pos)
            return
        if time.monotonic() - self.hover_since < 0.35:
            return
        if self.spots.at(pos) is not None:
            return
        widgets.tooltip(surface, self.tooltip_lines(self.hover) + self.counter_tooltip(pos), pos)

    def counter_tooltip(self, pos: tuple[int, int]) -> list[str]:
        """The hovered counter's unit in sentences (unit_text), for the map tooltip."""
        hit = self.renderer.counter_at(pos)
        if hit is None:
            return []
        from .unit_text import unit_tooltip
        ut = self.state.ruleset.units.get(hit[1].utype)
        if ut is None:
            return []
        return ["", f"{ut.name}:"] + unit_tooltip(self.state.ruleset, ut)[1:] + ["Right click: unit card"]


def freeze_long_lived() -> None:
    """Keep the objects of the game just opened (scenario, rules, positions: they live as
    long as the game) out of the garbage collector's full passes, which walked them all:
    40-130 ms pauses in the middle of panning the Global 1940 map. The last game's, frozen
    when it opened, are collected once first (the window loop only: tests open hundreds)."""
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
    gc.freeze()


def _bent_leg(a: tuple[float, float], b: tuple[float, float], bend: float) -> list[tuple[float, float]]:
    """Points of the leg a -> b, bowed to its right by `bend` times its length."""
    if not bend:
        return [a, b]
    (ax, ay), (bx, by) = a, b
    mx, my = (ax + bx) / 2 - (by - ay) * bend, (ay + by) / 2 + (bx - ax) * bend
    pts = []
    for i in range(13):   # a quadratic Bezier through the bowed midpoint's control point
        t = i / 12
        u = 1 - t
        pts.append((u * u * ax + 2 * u * t * mx + t * t * bx, u * u * ay + 2 * u * t * my + t * t * by))
    return pts


def actor_task(state, plural: bool = False) -> str:
    """What the player acting out of turn is deciding: 'chooses casualties', 'decides on
    rerolls', 'chooses interceptors', 'chooses which aircraft scramble' (the verb agreeing
    with a plural name)."""
    from game.rules import grammar
    ht = state.hexturn
    if ht is not None and ht.pending is not None:   # hex maps: after a CRT result
        return grammar.phrase("chooses losses" if ht.pending.stage.endswith("losses") else "chooses the retreat",
                              plural)
    b = state.zone.battle
    if b is not None and b.awaiting == "intercept":
        return grammar.phrase("chooses which fighters intercept", plural)
    if b is not None and b.awaiting == "kamikaze":
        return grammar.phrase("chooses its kamikaze strikes", plural)
    if b is not None and b.awaiting == "scramble":
        return grammar.phrase("chooses which aircraft scramble", plural)
    if b is not None and b.awaiting == "reroll":
        return grammar.phrase("decides on rerolls", plural)
    return grammar.phrase("chooses casualties", plural)


def grammar_plural(state, name: str) -> bool:
    from game.rules import grammar
    return grammar.name_plural(state.scenario, name)


def theme_phase(state) -> str:
    from game.rules.zone.phases import PHASE_NAMES
    return PHASE_NAMES.get(state.phase, state.phase.replace("_", " ").capitalize())
