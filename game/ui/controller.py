"""A game being played in the window: the session, which sides the computer
plays, its pacing, messages for the player, autosave.

Every change goes through `do(action)`; an illegal action becomes a message,
never an exception.
"""
from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules import actions as A
from game.rules import politics
from game.rules.edit import is_edit
from game.rules.errors import IllegalAction
from game.rules.model import GameState
from game.rules.session import Session

logger = logging.getLogger(__name__)

AI_INTERVAL = 0.25  # seconds between computer actions (about 4 per second)
THINK_WAIT = 0.25   # a frame waits this long for the computer's decision; a longer one goes on
#                     on its worker thread while the window keeps drawing


class _Thought:
    """One computer decision made on a worker thread (daemon: closing the window never
    waits for it). The same state gives the same action on any thread."""

    def __init__(self, version: int, state: GameState, level: str, player: Any = None):
        self.version = version
        self.state = state
        self.action: A.Action | None = None
        self.error: Exception | None = None
        self.done = threading.Event()
        threading.Thread(target=self._run, args=(level, player), daemon=True, name="computer-player").start()

    def _run(self, level: str, player: Any) -> None:
        try:
            self.action = _choose_as(player, self.state, level)
        except Exception as exc:  # noqa: BLE001 - reported by the controller, which falls back
            logger.warning("the %s computer player failed (round %s, %s, %s); a fallback plays",
                           level, self.state.round, self.state.player, self.state.phase,
                           exc_info=True)
            self.error = exc
        finally:
            self.done.set()


@dataclass
class Message:
    text: str
    kind: str = "info"  # info | error | good | notice (info that stays longer)
    at: float = 0.0


def _fallback_choice(state: GameState) -> A.Action:
    """Used when game.ai is not available: fight battles, place, then end the phase."""
    acts = A.legal_actions(state)
    if state.phase in ("conduct_combat", "place"):
        for a in acts:
            if not isinstance(a, A.EndPhase):
                return a
    if state.zone.battle is not None:
        for a in acts:
            if isinstance(a, (A.RollDice, A.Casualties)):
                return a
    return A.EndPhase()


def choose(state: GameState, level: str) -> A.Action:
    try:
        from game.ai import choose_action  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return _fallback_choice(state)
    return choose_action(state, level=level)


def _choose_as(player: Any, state: GameState, level: str) -> A.Action:
    """`choose` with this game's computer player of the level deciding (its own plans,
    whichever thread asks), or none (game.ai not available)."""
    if player is None:
        return choose(state, level)
    with player.deciding():
        return choose(state, level)


CHECKING = "Checking the save… (its moves are replayed; the game goes on in a moment)"
PACK_AHEAD_S = 3.0   # after a game opens, its save's big texts are packed ahead (saves.py)


class GameController:
    def __init__(self, session: Session, ai_sides: tuple[str, ...] = (), ai_level: str = "standard",
                 autosave: bool = True, ai_levels: dict[str, str] | None = None,
                 game: dict[str, str] | None = None, seats: dict[str, str] | None = None,
                 default_losses: bool = False):
        from game.io.saves import new_game_info
        self.session = session
        self.game = dict(game) if game else new_game_info()  # this game's id: its own autosave file
        self.ai_sides = tuple(ai_sides)
        self.ai_level = ai_level          # the level of computer sides not in ai_levels
        self.ai_levels = dict(ai_levels or {})  # side (player or alliance id) -> level
        self._players: dict[str, Any] = {}   # level -> this game's computer player
        self.autosave_enabled = autosave
        if autosave:   # a big map's embedded texts packed meanwhile: no stall at the first
            # autosave; once the game shows (not competing with its first frames for the CPU)
            from game.io.saves import big_sources, prepare_packing
            if big_sources(session):
                ahead = threading.Timer(PACK_AHEAD_S, prepare_packing, args=(session,))
                ahead.daemon = True
                ahead.name = "save-packing"
                ahead.start()
        self.message: Message | None = None
        self.version = 0           # bumps on every state change (scenes refresh caches)
        self.ai_timer = 0.0
        self.fast = False          # Space: computer plays without pauses to the end of the turn
        self.fast_turn: tuple[int, str] | None = None  # (round, player) whose turn Space skips
        self.ai_stuck: str | None = None
        self.last_ai_action: A.Action | None = None
        self.last_ai_version = -1  # self.version right after the computer's last action
        self.last_ai_from: str | None = None  # where the units of its last move or drop stood
        self.saved_version: int | None = None  # self.version when last saved (Ctrl+S or autosave)
        self._thought: _Thought | None = None  # the computer's decision being made (update_ai)
        self.editing = False       # edit mode is on (edit_panel.py): the computer players wait
        # who sits at the screen for each human player (player id -> seat): a hand-off is
        # between seats; None: one seat per player in hotseat, per alliance against the computer
        self.seats = dict(seats) if seats else None
        # "defenders use their default order of loss": a human defender is not asked
        self.default_losses = default_losses
        self._auto_seen: tuple | None = None   # the position play_auto last found nothing to spare in
        # what must run before anything is played: a save shown before its replay ended
        # (App.load_game), run in slices (`pending(until)`: None while some is left, then
        # False when that replaced this game, else True: settle_some, settle)
        self.pending: Callable[[float], bool | None] | None = None

    @property
    def state(self) -> GameState:
        return self.session.state

    # --- sides ---------------------------------------------------------------------
    def is_ai(self, player: str | None) -> bool:
        """The computer plays `player`: a side handed to it, or a neutral power (G40's
        Dutch, Mongolians, neutral blocs take no turn: the computer answers for them
        when they defend, in a hotseat game too, so no 'Pass to Dutch')."""
        if player is None:
            return False
        if player in self.ai_sides or politics.takes_no_turn(self.state, player):
            return True
        try:
            return self.state.alliance_of(player) in self.ai_sides
        except KeyError:
            return False

    def level_of(self, player: str | None) -> str:
        """The computer level playing `player` (its own, its alliance's, or the default)."""
        if player is None:
            return self.ai_level
        if player in self.ai_levels:
            return self.ai_levels[player]
        try:
            return self.ai_levels.get(self.state.alliance_of(player) or "", self.ai_level)
        except KeyError:
            return self.ai_level

    def sides_by_player(self) -> bool:
        """Who plays is chosen per player (True) or per alliance (False), as the game's
        setup chose: a computer side that is a player, or one seat per human player
        (hotseat), is per player; computer alliances, or humans seated by alliance, per
        alliance. The neutral powers, who take no turn, do not count: G40's Dutch
        player and Dutch alliance share one id."""
        sc = self.state.scenario
        players = {p.id for p in sc.turn_players} - set(sc.turn_alliances)
        if any(s in players or s in sc.turn_alliances for s in self.ai_sides):
            return any(s in players for s in self.ai_sides)
        if self.seats:
            return any(self.seats.get(p) == p for p in players)
        return True

    def sides(self) -> list[str]:
        """The rows of 'Computer plays…': player ids in turn order, or alliance ids; the
        neutral powers, who take no turn, are none (the computer answers for them)."""
        if self.sides_by_player() or not self.state.scenario.turn_alliances:
            return [p.id for p in self.state.scenario.turn_players]
        return list(self.state.scenario.turn_alliances)

    def side_is_ai(self, side: str) -> bool:
        """The computer plays `side`: the player, or every player of the alliance."""
        members = [p.id for p in self.state.scenario.players if p.id == side or p.alliance == side]
        return bool(members) and all(self.is_ai(p) for p in members)

    def set_side(self, side: str, computer: bool, level: str | None = None) -> None:
        """Hand `side` (a player or an alliance, as sides() lists them) to the computer at
        `level`, or give it back to a person; at once, from the current position. Who sits
        at the screen for the other human players stays as it was."""
        scenario = self.state.scenario
        by_player = self.sides_by_player()
        members = [p.id for p in scenario.players if p.id == side or p.alliance == side]
        seats = {p.id: self.seat_of(p.id) for p in scenario.players}
        ai = {p.id for p in scenario.players if self.is_ai(p.id)}
        levels = {p.id: self.level_of(p.id) for p in scenario.players}
        for pid in members:
            if computer:
                ai.add(pid)
                levels[pid] = level or levels[pid]
            elif pid in ai:
                ai.discard(pid)
                seats[pid] = pid if by_player else scenario.player(pid).alliance or pid
        if by_player:
            self.ai_sides = tuple(p.id for p in scenario.players if p.id in ai)
            self.ai_levels = {p: levels[p] for p in self.ai_sides}
        else:
            self.ai_sides = tuple(a for a in scenario.alliances
                                  if all(p.id in ai for p in scenario.players if p.alliance == a))
            self.ai_levels = {a: next(levels[p.id] for p in scenario.players if p.alliance == a)
                              for a in self.ai_sides}
        self.seats = {p: seats[p] for p in seats if p not in ai}
        self.ai_stuck, self.fast, self._thought, self._auto_seen = None, False, None, None
        self.version += 1
        who = self.player_name(side) if side in {p.id for p in scenario.players} \
            else side.replace("_", " ").title()
        self.say(f"The computer ({self.level_of(members[0])}) now plays {who}." if computer
                 else f"{who}: played by a person now.", "good")
        self.save_auto()

    def skip_ahead(self) -> bool:
        """Space: the computer plays the rest of the current player's turn without pauses,
        then the next turn is watched at the usual pace again. False when it is not the
        computer's to play."""
        if not self.ai_to_act():
            return False
        self.fast = True
        self.fast_turn = (self.state.round, self.state.player)
        return True

    def human_players(self) -> list[str]:
        return [p.id for p in self.state.scenario.players if not self.is_ai(p.id)]

    def actor(self) -> str:
        return A.actor(self.state)

    def seat_of(self, player: str) -> str:
        """The person at the screen playing `player`: the seat chosen at the start, else the
        player (hotseat: everyone plays one power) or its alliance (against the computer:
        one person plays the human alliance)."""
        if self.seats and player in self.seats:
            return self.seats[player]
        if not self.ai_sides:
            return player
        try:
            return self.state.alliance_of(player) or player
        except KeyError:
            return player

    def shown_ai_action(self) -> A.Action | None:
        """The computer's last action while it is still the latest thing that happened
        (for the map to show it until the next action), else None."""
        if self.last_ai_action is not None and self.version == self.last_ai_version:
            return self.last_ai_action
        return None

    def ai_to_act(self) -> bool:
        return not self.state.over and self.ai_stuck is None and not self.editing \
            and self.is_ai(self.actor())

    def player_name(self, pid: str | None) -> str:
        if pid is None:
            return "Neutral"
        try:
            return self.state.scenario.player(pid).name
        except KeyError:
            return pid

    # --- messages ------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.message = Message(text, kind, time.monotonic())

    # --- actions -------------------------------------------------------------------
    def check_save(self, pending: Callable[[float], bool | None]) -> None:
        """A save shown before its replay: `pending` replays it (settle_some, settle);
        meanwhile the player looks around, told why nothing plays yet."""
        self.pending = pending
        self.say(CHECKING, "notice")

    def settle_some(self, until: float) -> bool | None:
        """Run what the game waits for (`pending`) until time.perf_counter() reaches
        `until`: None while some is left, else as settle()."""
        if self.pending is None:
            return True
        done = self.pending(until)
        if done is None:
            return None
        self.pending = None
        if done and self.message is not None and self.message.text == CHECKING:
            self.message = None
        return done

    def settle(self) -> bool:
        """Run what the game waits for before anything is played (`pending`) to its end;
        False when that replaced this game (a save whose replay differs is opened anew)."""
        done = self.settle_some(math.inf)
        assert done is not None
        return done

    def do(self, action: A.Action, quiet: bool = False) -> bool:
        """Apply an action; on IllegalAction show the reason and return False."""
        if self.pending is not None and not self.settle():
            return False
        try:
            self.session.do(action)
        except IllegalAction as exc:
            if not quiet:
                self.say(str(exc), "error")
            return False
        except Exception as exc:  # noqa: BLE001 - a rules bug must not close the window
            logger.exception("rules error on %r; the action is not played", action)
            self.say(f"Internal error in the rules ({type(exc).__name__}: {exc}).", "error")
            return False
        self.version += 1
        if isinstance(action, A.EndPhase) or is_edit(action):
            self.save_auto()
        return True

    def undo(self) -> bool:
        if self.pending is not None and not self.settle():
            return False
        if not self.session.can_undo():
            self.say("Nothing to undo in this phase (dice rolls and ended phases are final).", "error")
            return False
        try:
            self.session.undo()
        except IllegalAction as exc:
            self.say(str(exc), "error")
            return False
        self.version += 1
        self.say("Undone.")
        return True

    @property
    def saved(self) -> bool:
        """Nothing happened since the game was last saved (by the player or autosave)."""
        return self.saved_version == self.version

    def players_field(self) -> dict[str, str]:
        """Who plays each player, for the save: 'human' or 'computer:<level>'."""
        out = {}
        for p in self.state.scenario.players:
            seat = self.seats.get(p.id) if self.seats else None
            human = f"human:{seat}" if seat and seat != p.id else "human"
            out[p.id] = f"computer:{self.level_of(p.id)}" if self.is_ai(p.id) else human
        return out

    def save_auto(self) -> None:
        if not self.autosave_enabled:
            return
        try:
            from game.io.saves import autosave
            autosave(self.session, players=self.players_field(), game=self.game)
        except Exception as exc:  # noqa: BLE001 - autosave failing must not stop the game
            logger.warning("autosave failed; the game goes on unsaved", exc_info=True)
            self.say(f"Autosave failed: {exc}", "error")
            return
        self.saved_version = self.version

    # --- decisions nobody need make ------------------------------------------------
    def auto_action(self) -> A.Action | None:
        """What a human player is spared deciding now: the casualties of a player away from
        the screen (not the phasing player's person) when the choice has one outcome, a
        defender's losses when defenders use their default order of loss, a collect-income
        phase with nothing to do. None when the player must decide."""
        state = self.state
        actor = self.actor()
        if state.over or self.editing or self.is_ai(actor):
            return None
        b = state.zone.battle
        if b is not None and b.awaiting == "casualties" and b.pools:
            away = self.seat_of(actor) != self.seat_of(state.player)   # would be handed the screen
            forced = A.forced_casualties(state) if away else None
            if forced is not None:
                return forced
            pool = b.pools[0]
            if self.default_losses and (pool.chooser or pool.side) == "defender":
                return A.default_casualties(state)
            return None
        if (state.phase == "collect_income" and b is None and state.hexturn is None
                and all(isinstance(a, A.EndPhase) for a in A.legal_actions(state))):
            return A.EndPhase()
        return None

    def _auto_key(self) -> tuple:
        return (self.version, self.state.action_count, id(self.state), self.default_losses, self.editing)

    def play_auto(self, most: int = 50) -> int:
        """Play the decisions nobody need make (auto_action), one after another; how many.
        A position found to need the player is not looked at again (a frame's cost)."""
        if self._auto_seen == self._auto_key():
            return 0
        n = 0
        while n < most:
            action = self.auto_action()
            if action is None:
                break
            player = self.state.player
            before = self.state.resources.get(player, 0)
            if not self.do(action, quiet=True):
                break
            n += 1
            if isinstance(action, A.EndPhase):   # the income, which nobody clicked to see
                gain = self.state.resources.get(player, 0) - before
                self.say(f"{self.player_name(player)} collected {gain} (income).", "good")
        self._auto_seen = self._auto_key()
        return n

    # --- computer players ----------------------------------------------------------
    def computer_player(self, level: str) -> Any:
        """This game's computer player of `level` (game.ai.ComputerPlayer, its plans kept
        across the worker threads that decide for it); None without game.ai."""
        got = self._players.get(level)
        if got is None:
            try:
                from game.ai import ComputerPlayer
            except ImportError:
                return None
            got = self._players[level] = ComputerPlayer(level)
        return got

    def step_ai(self) -> bool:
        """Let the computer take one action. True if it did."""
        if not self.ai_to_act():
            return False
        state = self.state
        try:
            level = self.level_of(self.actor())
            action = _choose_as(self.computer_player(level), state, level)
        except Exception as exc:  # noqa: BLE001 - _play_ai says so and falls back
            logger.warning("the computer player failed (round %s, %s, %s); a fallback plays",
                           state.round, state.player, state.phase, exc_info=True)
            return self._play_ai(state, None, exc)
        return self._play_ai(state, action)

    @property
    def thinking(self) -> bool:
        """The computer is making a decision that has taken more than a frame."""
        return self._thought is not None and self._thought.version == self.version \
            and not self._thought.done.is_set()

    def _step_ai_threaded(self, wait: float) -> bool | None:
        """step_ai with the decision made on a worker thread: None while it is still being
        made after `wait` seconds (the next frame asks again), else as step_ai."""
        if not self.ai_to_act():
            return False
        t = self._thought
        if t is None or t.version != self.version:   # a new position (or the game changed under it)
            level = self.level_of(self.actor())
            t = self._thought = _Thought(self.version, self.state, level, self.computer_player(level))
        if not t.done.wait(wait):
            return None
        self._thought = None
        return self._play_ai(t.state, t.action, t.error)

    def _play_ai(self, state: GameState, action: A.Action | None, error: Exception | None = None) -> bool:
        if error is not None or action is None:
            self.say(f"Computer player failed ({type(error).__name__}: {error}); using a fallback.", "error")
            action = _fallback_choice(state)
        if self.do(action, quiet=True):
            self._remember(state, action)
            return True
        fb = _fallback_choice(state)
        if fb != action and self.do(fb, quiet=True):
            self._remember(state, fb)
            return True
        self.ai_stuck = f"The computer ({self.player_name(self.actor())}) has no legal action ({action!r})."
        self.say(self.ai_stuck, "error")
        return False

    def _remember(self, before, action: A.Action) -> None:
        """The computer's action just played from state `before`, for the map to show."""
        self.last_ai_action = action
        self.last_ai_version = self.version
        uids = getattr(action, "units", None) or ((action.unit,) if isinstance(action, A.SupplyDrop) else ())
        unit = before.units.get(uids[0]) if uids else None
        self.last_ai_from = unit.space if unit is not None else None

    def update_ai(self, dt: float, budget_s: float = 0.03) -> None:
        if self.pending is not None and not self.settle():
            return
        if self.fast and self.fast_turn is not None and self.fast_turn != (self.state.round, self.state.player):
            self.fast, self.fast_turn = False, None   # Space skipped one turn: the next is watched
        if not self.ai_to_act():
            self.fast = False
            self.ai_timer = 0.0
            return
        if self.fast:
            t0 = time.perf_counter()
            turn = (self.state.round, self.state.player)
            while self.ai_to_act() and time.perf_counter() - t0 < budget_s \
                    and (self.fast_turn is None or turn == (self.state.round, self.state.player)):
                if not self._step_ai_threaded(max(0.005, budget_s - (time.perf_counter() - t0))):
                    break
            return
        self.ai_timer += dt
        if self.ai_timer >= AI_INTERVAL:
            if self._step_ai_threaded(THINK_WAIT) is not None:
                self.ai_timer = 0.0
