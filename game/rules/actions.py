"""The one reducer: `apply(state, action) -> new state`.

Every change to a game goes through here: the UI turns clicks into actions,
the computer players choose actions, tests and saves are action lists.
`apply` never mutates its input; an illegal action raises IllegalAction with
a reason a player can read. The game's rule family (family.py: zone or hex)
handles each action; the edit actions (edit.py) are shared by both.
The action types themselves are in action_types.py (re-exported here).
"""
from __future__ import annotations

from . import politics
from .action_types import (  # noqa: F401  (the actions' public home stays game.rules.actions)
    ACTION_TYPES,
    Action,
    Advance,
    Airdrop,
    Attack,
    Casualties,
    CoastalFire,
    DeclareWar,
    EndPhase,
    Ferry,
    Flip,
    HexLosses,
    HexRetreat,
    Intercept,
    Kamikaze,
    KeepDice,
    Move,
    Place,
    Purchase,
    Raid,
    Repair,
    Reroll,
    Retreat,
    RollDice,
    Scramble,
    SelectBattle,
    Submerge,
    SupplyDrop,
    Withdraw,
    action_from_json,
)
from .errors import IllegalAction
from .family import Handler, family_of
from .hex.family import hex_decision, hex_legal_actions  # noqa: F401
from .model import GameState, Ruleset, Scenario, Unit, UnitMap
from .zone.family import default_casualties, forced_casualties, stacks  # noqa: F401

# actions every family plays (edit.py registers the edit actions here)
SHARED_HANDLERS: dict[type[Action], Handler] = {}


# --- game creation -------------------------------------------------------------
def new_game(scenario: Scenario, ruleset: Ruleset, seed: int,
             scripted_dice: tuple[int, ...] = ()) -> GameState:
    ruleset = politics.game_rules(ruleset, scenario)   # a politics phase when the scenario has one
    state = GameState(ruleset=ruleset, scenario=scenario, seed=seed, scripted_dice=scripted_dice)
    state.owners = dict(scenario.start_owners)
    state.turn_owners = dict(scenario.start_owners)
    state.factories = scenario.start_factories
    state.resources = {p.id: p.resources for p in scenario.players}
    start: list[Unit] = []
    for space, owner, utype, count in scenario.start_units:
        for _ in range(count):
            start.append(Unit(state.next_uid, utype, owner, space))
            state.next_uid += 1
    if isinstance(state.units, UnitMap):
        state.units.add_new(start)
    else:
        state.units.update((u.uid, u) for u in start)
    family = family_of(scenario)
    family.settle(state)
    politics.start(state)
    state.add_log(f"{scenario.title}. — Round 1: {scenario.players[0].name} —")
    politics.run_events(state, "before")   # the first phase begins
    family.begin(state)
    return state


# --- the reducer -------------------------------------------------------------------
def actor(state: GameState) -> str:
    """The player who must act next (a defender chooses its own casualties and decides
    its own rerolls; hits of a unit with chooses_casualty are assigned by the firing side)."""
    return family_of(state.scenario).chooser(state) or state.player


def apply(state: GameState, action: Action) -> GameState:
    if state.over:
        raise IllegalAction("The game is over.")
    new = state.copy()
    family = family_of(state.scenario)
    handler = family.handlers.get(type(action)) or SHARED_HANDLERS.get(type(action))
    if handler is None:
        if type(action) in ACTION_TYPES.values():
            raise IllegalAction(family.refusals.get(action.kind)
                                or f"{action.kind} is not an action of {family.name} maps.")
        raise IllegalAction(f"Unknown action {action!r}.")
    handler(new, action)
    new.action_count += 1
    return new



def legal_actions(state: GameState, max_moves: int = 400) -> list[Action]:
    """A finite list of legal actions (single-unit moves; one default casualty
    choice). Enough for random and greedy players and for property tests."""
    if state.over:
        return []
    return family_of(state.scenario).legal_actions(state, max_moves)


from . import edit as _edit  # noqa: E402,F401  (registers the edit actions: edit.py)
