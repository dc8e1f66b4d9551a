"""Warboard's public Python API: load a scenario, play a game, save it, load it back.

Scripts, notebooks, bots and tests outside the package use this module; the layout of
the package behind it may change. A game is a scenario, its rules, a seed and the list
of actions played: the same three and the same actions give the same game, always.

    from game import api
    game = api.new_game("mediterranean_1940", seed=1)
    while not game.over:
        game.play(game.computer_move("greedy"))
    print(game.winner, game.round, game.log()[-1])

Actions are the rules' own action objects (`game.rules.actions`); `legal_actions` lists a
finite sample of them (every decision; moves one unit at a time), `Game.play` explains an
illegal one by raising `IllegalAction` with the reason.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

from game.history import Node
from game.rules.actions import Action, action_from_json, legal_actions
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import GameState, Ruleset, Scenario
from game.rules.session import Session

__all__ = ["Action", "Game", "IllegalAction", "LoadError", "ScenarioInfo", "action_from_json",
           "load_game", "load_rules", "new_game", "scenarios"]

PathLike = str | os.PathLike[str]


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario Warboard can start: shipped, or imported by the user."""
    id: str
    ruleset: str
    title: str
    path: str


def scenarios() -> list[ScenarioInfo]:
    """Every scenario that loads (files that do not are left out; `python -m game lint`
    names their errors)."""
    from game.rules.ruleset import load_scenario_file, scenario_files
    out = []
    for path in scenario_files():
        try:
            sc, _ = load_scenario_file(path)
        except LoadError:
            continue
        out.append(ScenarioInfo(sc.id, sc.ruleset_id, sc.title, str(path)))
    return out


def load_rules(scenario: str, variant: PathLike | None = None,
               without: Iterable[str] = ()) -> tuple[Scenario, Ruleset]:
    """A scenario (its id or a YAML file) and the rules it is played with: its ruleset, or a
    `variant` of it (a file or a shipped variant's id), less the game options `without`.
    Raises LoadError (file, line and reason) for a file that does not load."""
    from game.rules.ruleset import load_scenario
    from game.rules.variant import ruleset_for
    sc = load_scenario(scenario)
    return sc, ruleset_for(sc, variant, tuple(without))


def new_game(scenario: str, seed: int = 0, variant: PathLike | None = None,
             without: Iterable[str] = ()) -> Game:
    """A new game of `scenario` (an id or a YAML file) with dice seeded by `seed`."""
    sc, rs = load_rules(scenario, variant, without)
    return Game(Session(sc, rs, seed))


def load_game(path: PathLike) -> Game:
    """A saved game, replayed from its actions. Raises game.io.saves.SaveError (with the
    reason) for a corrupt, forged or newer-version save."""
    from game.io.saves import load_session
    session, _ = load_session(path)
    return Game(session)


class Game:
    """A game in progress. `state` is read-only: `play` is the only way it changes."""

    def __init__(self, session: Session):
        self._session = session

    # --- what the game is ------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self._session.scenario

    @property
    def ruleset(self) -> Ruleset:
        return self._session.ruleset

    @property
    def seed(self) -> int:
        return self._session.seed

    # --- where it stands -------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current position (do not change it: states are shared with the history)."""
        return self._session.state

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> str | None:
        """The winning alliance's id, "draw", or None while the game goes on."""
        return self.state.winner if self.state.over else None

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def player(self) -> str:
        """The player whose turn it is."""
        return self.state.player

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action played so far, in order (what a save stores)."""
        return tuple(self._session.actions)

    def log(self, limit: int | None = None) -> list[str]:
        """The game's log, oldest line first (the last `limit` lines)."""
        return self.state.log(limit)

    def history(self) -> Node:
        """The game's history as a tree: rounds, turns, phases, actions and battles, each
        node with `at`, the number of actions played at that point (game.history)."""
        from game.history import build
        return build(self._session)

    def position(self, at: int) -> GameState:
        """The position after the first `at` actions (read-only)."""
        from game.history import state_at
        return state_at(self._session, at)

    def state_hash(self) -> str:
        """A short hash of the position (equal positions, equal hashes)."""
        from game.rules.snapshot import state_hash
        return state_hash(self.state)

    # --- playing ---------------------------------------------------------------
    def legal_actions(self, max_moves: int = 400) -> list[Action]:
        """A finite list of legal actions now: every decision, moves one unit at a time
        (at most `max_moves` of them)."""
        return legal_actions(self.state, max_moves)

    def computer_move(self, level: str = "standard") -> Action:
        """The action the computer player of `level` (random, greedy, standard) would play."""
        from game.ai import choose_action
        return choose_action(self.state, level)

    def play(self, action: Action) -> None:
        """Play `action`; an illegal one raises IllegalAction and changes nothing."""
        self._session.do(action)

    def can_undo(self) -> bool:
        return self._session.can_undo()

    def undo(self) -> None:
        """Take back the last action of this phase (never a die roll or an ended phase)."""
        self._session.undo()

    def save(self, path: PathLike) -> None:
        """Write the game to `path` (JSON, gzip if it ends in .gz), safely (a crash
        mid-write leaves the old file)."""
        from game.io.saves import write_save
        write_save(path, self._session)
