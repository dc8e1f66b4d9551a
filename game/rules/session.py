"""A game in progress: the initial state, the action log, and undo.

The action list is the truth (it is what a save stores); snapshots are kept
only for the current phase, because undo never crosses a phase and never
takes back a die roll.
"""
from __future__ import annotations

from .actions import (
    Action,
    Attack,
    Casualties,
    CoastalFire,
    EndPhase,
    HexLosses,
    HexRetreat,
    Intercept,
    KeepDice,
    Reroll,
    Retreat,
    RollDice,
    SelectBattle,
    apply,
    hex_decision,
    new_game,
)
from .errors import IllegalAction
from .model import GameState, Ruleset, Scenario

# actions that roll dice or reveal them are final (Intercept, CoastalFire and hex Attack roll)
_NO_UNDO = (RollDice, Casualties, SelectBattle, Retreat, EndPhase, Reroll, KeepDice, Intercept,
            CoastalFire, Attack, HexLosses, HexRetreat)


class Session:
    def __init__(self, scenario: Scenario, ruleset: Ruleset, seed: int, initial: GameState | None = None):
        """`initial`: the first state when made already (states are never changed in place),
        else new_game's."""
        self.scenario = scenario
        self.ruleset = ruleset
        self.seed = seed
        self.initial = new_game(scenario, ruleset, seed) if initial is None else initial
        self.actions: list[Action] = []
        self._undoable: list[GameState] = []  # states before each undoable action this phase
        self.state = self.initial
        # the YAML texts the game was loaded from, when not the shipped files (a save's copy)
        self.sources: dict[str, str] | None = None
        # initial is a save's position the game continued from (not new_game): a save then
        # stores that position and the actions after it
        self.resumed = False

    def do(self, action: Action) -> GameState:
        """Apply an action (IllegalAction leaves the session unchanged)."""
        new = apply(self.state, action)
        if isinstance(action, _NO_UNDO) or new.phase_idx != self.state.phase_idx \
                or new.dice_used != self.state.dice_used:   # never undo past a die roll
            self._undoable.clear()
        else:
            self._undoable.append(self.state)
        self.actions.append(action)
        self.state = new
        return new

    def can_undo(self) -> bool:
        return bool(self._undoable)

    def undo(self) -> GameState:
        if not self._undoable:
            raise IllegalAction("Nothing to undo in this phase (dice rolls and ended phases are final).")
        self.state = self._undoable.pop()
        self.actions.pop()
        return self.state

    def take_replay(self, replayed: Session) -> None:
        """Become `replayed`, the replay of this session's actions from its start: a save
        shown at its recorded position before its replay ended (game.io.saves.open_save)
        goes on from the replayed states, as if it had waited for them."""
        self.initial, self.state, self.actions = replayed.initial, replayed.state, replayed.actions
        self._undoable = replayed._undoable

    def replay_do(self, action: Action) -> GameState:
        """`do` for an action read from a save. Saves from before players chose hex losses and
        retreats (HexLosses, HexRetreat) have none: a choice the rules wait for is then
        made with the rules' proposal, as the game did at the time."""
        if not isinstance(action, (HexLosses, HexRetreat)):
            self.settle_legacy()
        return self.do(action)

    def settle_legacy(self) -> None:
        for _ in range(100):
            ht = self.state.hexturn
            if ht is None or ht.pending is None:
                return
            decision = hex_decision(self.state)
            if decision is None:
                return
            self.do(decision)

    @classmethod
    def replay(cls, scenario: Scenario, ruleset: Ruleset, seed: int,
               actions: list[Action]) -> Session:
        s = cls(scenario, ruleset, seed)
        for a in actions:
            s.replay_do(a)
        return s
