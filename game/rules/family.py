"""A rule family: the rules of one kind of map, behind one small interface.

Warboard plays two families: zone maps (territories and sea zones, A&A-style battles;
game/rules/zone/) and hex maps (Europa-style terrain, ZOC and CRT; game/rules/hex/).
The reducer (actions.py) asks the game's family once for the handler of an action;
everything else a family does (its phases, its battles, its turn state) stays inside
its package. A new family is a new package with a `FAMILY` that fits `RuleFamily`
and one line in `_FAMILIES`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .action_types import Action
    from .model import GameState, Scenario

# a handler changes the state copy the reducer gives it, or raises IllegalAction
Handler = Callable[["GameState", Any], None]


class RuleFamily(Protocol):
    name: str
    handlers: Mapping[type[Action], Handler]   # the actions this family plays
    refusals: Mapping[str, str]                # why another family's action kind is refused

    def settle(self, state: GameState) -> None:
        """Bring derived positions up to date after units were put on the board outside a
        move (a new game's set-up, an edit): e.g. aircraft at sea board their carriers."""

    def begin(self, state: GameState) -> None:
        """Prepare a new game's first turn (after `settle` and the opening log line)."""

    def chooser(self, state: GameState) -> str | None:
        """The player a pending choice waits for (a battle's defender, a hex loss choice),
        or None: then the current player acts."""

    def legal_actions(self, state: GameState, max_moves: int) -> list[Action]:
        """A finite list of legal actions, for computer players and property tests."""


def family_name(scenario: Scenario) -> str:
    return "hex" if scenario.hexmap is not None else "zone"


def family_of(scenario: Scenario) -> RuleFamily:
    """The rules of the scenario's kind of map."""
    name = family_name(scenario)
    if name not in _FAMILIES:
        _load_families()
    return _FAMILIES[name]


_FAMILIES: dict[str, RuleFamily] = {}


def _load_families() -> None:
    # imported on first use: the families import the rules modules, which import model
    from .hex.family import FAMILY as HEX
    from .zone.family import FAMILY as ZONE
    _FAMILIES.update({ZONE.name: ZONE, HEX.name: HEX})
