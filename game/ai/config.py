"""The computer players' knobs, as frozen configs.

Every tuning constant of `game/ai/` is a field here, its default the value played.
A computer player (`game.ai.player.ComputerPlayer`) is built with an `AIConfig` and
makes its decisions under it: the planners read their knobs through `hex_config()` and
`zone_config()`, which answer the config of the player deciding now (a context
variable, so each thread, the interface's computer-player worker among them, sees its
own). Tools, experiments and tests build a player with another config
(`ComputerPlayer("standard", AIConfig().replace(rounds=0))`), or run default players
within `using(config)`, instead of setting module attributes. The fields are the
module constants the docs (docs/ai.md, "Knobs") name, in lower case; `hexplan.MARGIN`
and `hexrollout.MARGIN` are `plan_margin` and `rollout_margin`.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class HexConfig:
    """The hex planner family: evaluation (hexeval), planner (hexplan), rollouts
    (hexrollout), choices after a combat result (hexdecide), opponent model (opponent)."""
    # hexeval.py
    w_objective: float = 12.0                                 # an objective hex, in strength points
    w_threat: float = 0.45                                    # share of the enemy's expected gain against us that counts now
    w_opportunity: float = 0.8                                # share of our expected attack results that counts before combat
    w_approach: float = 0.25                                  # per movement point (a clear hex) to the nearest goal, per attacking unit
    w_supply: float = 0.3                                     # share of a unit's value lost out of supply
    w_supply_hex: float = 3.0                                 # a supply source hex held
    w_win: float = 12.0                                       # holding the objectives that win at the end of the turn
    w_joint: float = 36.0                                     # the chance the enemy takes all the objectives it still needs next turn
    push_last: float = 1.0                                    # share of W_ROUND_END for the round end's outcome, moving before its last player: last round
    push_early: float = 0.0                                   # ... earlier rounds
    w_setup: float = 100.0                                    # the turn before the last: the chance to take the missing objectives next turn
    empty_take: float = 0.8                                   # an empty enemy objective we can reach next turn: the chance to take it then
    empty_into: bool = True                                   # an empty objective counts as takeable next turn only if a unit can reach the hex itself
    new_risk: float = 0.3                                     # the chance the enemy retakes an objective we take this turn
    w_round_end: float = 400.0                                # ... when the round ends with this player's turn (the result is final)
    material_last: tuple[tuple[int, float], ...] = ((0, 0.15), (1, 0.6))  # share of unit values for a side that must attack, by turns left
    obj_early: float = 0.6                                    # objectives are worth this share of W_OBJECTIVE in the first turn (all at the limit)
    w_hex_risk: float = 0.45                                  # share of the expected loss of held objectives that counts now (fitted by tools/eval_calibration.py, in git history)
    empty_risk: float = 0.8                                   # an empty objective of ours an enemy unit can reach: chance it is lost
    empty_adj: float = 1.0                                    # ... an enemy unit next to it: it walks in (never safer than a weak garrison)
    empty_mp: bool = True                                     # ... an enemy unit counts as reaching an empty objective within its movement allowance
                                                              # in movement points (terrain, roads; not ZOC), not only within half its move in hexes
    hold_after: bool = True                                   # an objective taken in an attack counts with the chance what advances holds it (attack_ev)
    mp_approach: bool = True                                  # approach measured in movement points for the unit's type (terrain, hexsides), not hexes
    approach_rel: bool = True                                 # approach counted from where each unit stood when the decision began
    agg_threat: float = 0.6                                   # a side that must attack: threat weight factor,
    agg_approach: float = 1.0                                 # approach weight factor,
    agg_opportunity: float = 1.25                             # opportunity weight factor
    # hexplan.py
    plan_margin: float = 0.05                                 # a move must gain at least this much to be made
    hold_cap: int = 2                                         # a side that must attack sends no more units to an objective it holds with this many
    attack_margin: float = 0.25                               # an attack must be expected to gain at least this much
    reserve: int = 1                                          # rollout candidates: the plan and a reserve for an objective we lack (_reserve)
    reserve_units: int = 3                                    # ... tried on the weakest units, at most this many
    reserve_last_off: bool = True                             # ... not in the last round
    reserve_large: bool = False                               # ... on a large map too (hexrollout.large; Crete 38 -> 37 of 60 with it)
    garrison: bool = True                                     # also weigh each attack with a garrison kept in every objective it would empty
    combat_search: int = 2                                    # near the end: the planner's attack against this many next best and holding back, by rollouts
    no_long_shots: bool = True                                # ... never an attack on which no roll hurts the defender (opponent.long_shot_columns)
    openings: bool = True                                     # play a scenario's ai_opening from its starting position (hexopening)
    air_candidates: int = 14                                  # air targets scored in full per unit (after a cheap pre-score)
    large_targets: int = 0                                    # other attack-pass targets tried on a large map (TARGETS elsewhere; "Stop 32" in git history of docs/ai.md)
    # hexrollout.py
    rounds: int = 3                                           # the last rounds in which plans are chosen by rollouts
    rollouts: int = 24                                        # rollouts per candidate at most
    budget: int = 24000                                       # per decision, all candidates together: rollout actions x units on the map x map size / REF_HEXES
    ref_hexes: int = 35                                       # a map of this many hexes (the tutorial's) counts once
    min_rollouts: int = 8                                     # fewer rollouts per candidate than this within the budget: the planner's plan
    targets: int = 2                                          # alternative attack-pass targets tried
    rollout_margin: float = 0.0                               # an alternative must beat the planner's own plan by this win rate
    maximin: bool = True                                      # before an enemy has made a long shot a plan is worth the lower of its win rates
                                                              # with the enemy played as greedy and as random (twice the rollouts; not on a large map)
    opponent_model: bool = True                               # an enemy that made a long shot is played out as the random player (opponent.py)
    max_rollout_actions: int = 400                            # a single rollout stops here (scored as a draw)
    combat_rounds: int = 4                                    # the last rounds in which each attack is weighed by rollouts (hexplan._combat;
                                                              # every round of the tutorial: "Stop 35" in git history of docs/ai.md)
    combat_rounds_large: int = 1                              # ... on a large map
    combat_rollouts: int = 16                                 # ... rollouts per option at most
    min_actions: int = 10                                     # the shortest rollout expected (for the check before any plan is made)
    large_map: int = 4                                        # a map this many times REF_HEXES: only the cheap candidates (hexplan._plan_search)
    large_rollouts: int = 24                                  # rollouts per candidate there (Crete's Germans 285 -> 292/420 against 8, docs/ai.md)
    large_budget: int = 120000                                # ... within this budget (BUDGET's units; about 1 s of rollouts on Crete, three candidates)
    size_cost: bool = False                                   # count the map's size in a rollout's cost (a rollout action costs the same per unit on any map)
    # hexdecide.py
    tie: float = 1e-6                                         # an option must beat the rules' proposal by this much
    max_options: int = 64                                     # options scored per choice (the rules' proposal always among them)
    losses: bool = True                                       # score loss choices (else the rules' proposal)
    retreats: bool = False                                    # score retreat choices (for a side not forced to attack; off: neutral, docs/ai.md)
    advance: bool = True                                      # score every advance subset (else hexplan's advance)
    advance_search: int = 2                                   # near the end: the scored advance against this many plain ones, by rollouts
    advance_margin: float = 1.0                               # an advance other than none / the strongest defenders must gain this much
    # opponent.py
    defender_rolls: int = 0                                   # a long shot: at most this many rolls cost the defender anything (1 adds europa's
                                                              # 1:2, lost only on an EX: measured no better, "Stop 35" in git history of docs/ai.md)

    def material_share(self, turns_left: int) -> float:
        """The share of unit values for a side that must attack, `turns_left` turns before
        the end (`material_last`; 1.0 further away)."""
        return dict(self.material_last).get(turns_left, 1.0)


@dataclass(frozen=True)
class ZoneConfig:
    """The zone-map players: standard (standard, its sea lift), greedy, the quick odds."""
    # standard.py and its planners (evaluate.py, garrison.py, attack.py, noncombat.py, ...)
    win_target: float = 0.80                                  # add units to an attack until it wins this often
    win_minimum: float = 0.65                                 # attack only at least this likely to win
    last_chance_minimum: float = 0.25                         # ... unless no enemy moves again before the game ends
    retreat_below: float = 0.30                               # retreat when the odds of the battle fall under this
    hold_ratio: float = 0.5                                   # survivors should hold against this share of the counter-attack
    vc_worth: int = 12                                        # a victory city is worth this much beyond its income
    capital_worth: int = 8
    garrison_capital: float = 0.6                             # share of the neighbouring threat a capital keeps at home
    garrison_vc: float = 0.4                                  # ... a victory city
    garrison_factory: float = 0.3                             # ... a factory
    hold_share: float = 0.8                                   # after the moves, a victory city should hold against this share
    trade_rounds_left: int = 99                               # behind on cities: trade units for them this close to the end
    upgrade_greedy_mix: float = 0.33                          # greedy's mix is traded up only when it leaves this share of the money
    capital_loss_chance: float = 1.0                          # keep at home what holds the capital to this chance of loss (1: off)
    sea_lift_units: int = 2                                   # land units one transport brings (g40 and its kin: two)
    sea_lift_reach: int = 3                                   # hops from a transport to the target it could land troops in
    # greedy.py
    buy_pattern: tuple[str, ...] = ("infantry", "infantry", "armour", "artillery", "infantry", "fighter")
    attack_ratio: float = 1.4
    # quickodds.py
    trials: int = 400
    max_rounds: int = 40


@dataclass(frozen=True)
class AIConfig:
    """A computer player's whole config: the hex family and the zone family."""
    hex: HexConfig = field(default_factory=HexConfig)
    zone: ZoneConfig = field(default_factory=ZoneConfig)

    def replace_hex(self, **changes: Any) -> AIConfig:
        """This config with hex knobs changed (unknown names raise TypeError)."""
        return dataclasses.replace(self, hex=dataclasses.replace(self.hex, **changes))

    def replace_zone(self, **changes: Any) -> AIConfig:
        """This config with zone knobs changed (unknown names raise TypeError)."""
        return dataclasses.replace(self, zone=dataclasses.replace(self.zone, **changes))

    def replace(self, **changes: Any) -> AIConfig:
        """This config with knobs of either family changed, by field name (the two
        families share no name; an unknown name raises TypeError)."""
        hexf = {k: v for k, v in changes.items() if k in _HEX_FIELDS}
        zonef = {k: v for k, v in changes.items() if k not in _HEX_FIELDS}
        return dataclasses.replace(self, hex=dataclasses.replace(self.hex, **hexf),
                                   zone=dataclasses.replace(self.zone, **zonef))


_HEX_FIELDS = frozenset(f.name for f in dataclasses.fields(HexConfig))
assert not _HEX_FIELDS & {f.name for f in dataclasses.fields(ZoneConfig)}
DEFAULT = AIConfig()

_ACTIVE: ContextVar[AIConfig] = ContextVar("warboard_ai_config", default=DEFAULT)


def current() -> AIConfig:
    """The config of the computer player deciding now (DEFAULT outside any player)."""
    return _ACTIVE.get()


def hex_config() -> HexConfig:
    return _ACTIVE.get().hex


def zone_config() -> ZoneConfig:
    return _ACTIVE.get().zone


@contextmanager
def using(config: AIConfig) -> Iterator[AIConfig]:
    """Decide under `config` within the block: the default players (`choose_action`) and
    planner functions called directly read it. A `ComputerPlayer` built with its own
    config uses that one."""
    token = _ACTIVE.set(config)
    try:
        yield config
    finally:
        _ACTIVE.reset(token)
