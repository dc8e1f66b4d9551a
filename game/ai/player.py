"""A computer player: a level, a frozen config and its own caches.

`ComputerPlayer(level, config).choose(state)` returns one legal action. While it decides,
its config and its caches are the active ones (context variables: each thread sees its
own), so the planners read their knobs through `config.hex_config()` /
`config.zone_config()` and keep their plans in `active().hex_plans` / `zone_plans`
instead of module dictionaries. `game.ai.choose_action(state, level)` plays the player
deciding now if it has that level (the interface runs its own players so), else a
default player per level, one set per thread.
"""
from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action
from game.rules.family import family_name
from game.rules.model import GameState

from . import config as _config
from .config import AIConfig

LEVELS = ("random", "greedy", "standard")


@dataclass(eq=False)
class ComputerPlayer:
    """A computer player of one level, with its config and its caches."""
    level: str = "standard"
    config: AIConfig | None = None   # None: the config in force (`config.using`; DEFAULT)
    # the standard hex planner's plan: position key -> the action planned there (hexplan)
    hex_plans: dict[tuple[Any, ...], Action] = field(default_factory=dict, repr=False)
    # the standard zone planner's phase plans (standard): key -> (scenario, (start, actions))
    zone_plans: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False)
    # land distances per map (evaluate.land_distances): id(scenario) -> (scenario, table)
    land_dist: dict[int, tuple[Any, dict[str, dict[str, int]]]] = field(default_factory=dict, repr=False)
    # counts for measuring: choices scored, proposals overruled (hexdecide)
    stats: dict[str, int] = field(default_factory=dict, repr=False)
    # one decision at a time: an abandoned decision on a worker thread finishes first
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown computer level {self.level!r} (one of {', '.join(LEVELS)})")

    def choose(self, state: GameState) -> Action:
        """One legal action for the player to move in `state`."""
        with self.deciding():
            return _dispatch(state, self.level)

    @contextmanager
    def deciding(self) -> Iterator[ComputerPlayer]:
        """Within the block this player's config and caches are the active ones (for
        planner functions called directly)."""
        with self._lock:
            tok_c = _config._ACTIVE.set(self.config) if self.config is not None else None
            tok_p = _PLAYER.set(self)
            try:
                yield self
            finally:
                _PLAYER.reset(tok_p)
                if tok_c is not None:
                    _config._ACTIVE.reset(tok_c)

    def clear(self) -> None:
        """Forget every cached plan (and the counts)."""
        self.hex_plans.clear()
        self.zone_plans.clear()
        self.land_dist.clear()
        self.stats.clear()


def _dispatch(state: GameState, level: str) -> Action:
    """Each rule family has its own computer players (game/ai/zone/, game/ai/hex/)."""
    family = importlib.import_module(f"{__package__}.{family_name(state.scenario)}")
    choose: Callable[[GameState, str], Action] = family.choose
    return choose(state, level)


_PLAYER: ContextVar[ComputerPlayer | None] = ContextVar("warboard_ai_player", default=None)
_LOCAL = threading.local()


def default_player(level: str = "standard") -> ComputerPlayer:
    """This thread's default player of `level` (it plays the config in force)."""
    players: dict[str, ComputerPlayer] | None = getattr(_LOCAL, "players", None)
    if players is None:
        players = _LOCAL.players = {}
    got = players.get(level)
    if got is None:
        got = players[level] = ComputerPlayer(level)
    return got


def player_for(level: str) -> ComputerPlayer:
    """The player that plays `level` now: the one deciding, if it plays that level (so
    `choose_action` within `player.deciding()` is that player), else this thread's
    default player of the level."""
    got = _PLAYER.get()
    return got if got is not None and got.level == level else default_player(level)


def active() -> ComputerPlayer:
    """The player deciding now; outside any player's decision (a planner function called
    directly) this thread's default standard player."""
    got = _PLAYER.get()
    return got if got is not None else default_player("standard")
