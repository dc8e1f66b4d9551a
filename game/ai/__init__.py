"""Computer players. They see the state and return one legal action at a time.

`ComputerPlayer(level, config)` (game/ai/player.py) is a player with a frozen config
(game/ai/config.py) and its own caches; `choose_action(state, level)` plays this
thread's default player of that level.
"""
from __future__ import annotations

from game.rules.actions import Action
from game.rules.model import GameState

from .config import AIConfig, HexConfig, ZoneConfig
from .player import LEVELS, ComputerPlayer, default_player, player_for

__all__ = ["LEVELS", "AIConfig", "ComputerPlayer", "HexConfig", "ZoneConfig", "choose_action",
           "default_player"]


def choose_action(state: GameState, level: str = "standard") -> Action:
    return player_for(level).choose(state)
