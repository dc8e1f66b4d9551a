"""Zone battles (game.rules.zone.battle): the core (core.py: the walk of the steps, the dice
and the hits, the casualty and reroll actions, the start of a battle) with its parts (sides.py:
who fights; values.py: fire values; casualties.py: which units hits may take; board.py: the
battle record; rerolls.py; interception.py; ending.py: the end of a round and of a battle) and
the steps of a round, one class per step (steps/, walked in the order of `steps.STEPS`).

The package's public names are listed below, module by module (the public functions of the
modules, as they were when the battle was one module); callers use `battle.<name>`."""
from __future__ import annotations

from typing import Any

from . import board, casualties, core, ending, interception, rerolls, sides, steps, values
from .board import remove_casualty, remove_unit
from .casualties import (
    casualties_forced,
    check_casualties,
    default_casualties,
    effective_hits,
    eligible,
    firing_types_of,
    hit_points,
)
from .core import (
    PoolKey,
    advance,
    can_submerge,
    choose_interceptors,
    hits_text,
    reroll,
    roll_result,
    settle,
    start,
    state_origins,
    step_name,
    step_shooters,
    step_title,
    submerge,
    take_casualties,
)
from .ending import (
    carrier_next_door,
    end_round,
    finish,
    rehome_aircraft,
    result_text,
    retreat,
    retreat_blocker,
    stays_in_retreat,
    withdraw,
    withdraw_options,
)
from .interception import (
    drop_cargo,
    intercept_targets,
    intercept_value,
    interception_shooters,
    interceptor_choices,
    rehome_interceptors,
)
from .rerolls import (
    default_reroll,
    reroll_allowance,
    reroll_eligible,
    reroll_limit,
    ruleset_has_recon,
)
from .sides import (
    AIRBORNE,
    airborne_target,
    alive,
    attackers,
    bombarding_ships,
    defender_ids,
    defender_name,
    defenders,
    is_cargo,
    side_units,
)
from .steps import (
    FireStep,
    Step,
    fire_step,
    register,
    step_by_name,
    step_index,
    step_names,
    unregister,
)
from .values import (
    aa_shots,
    attacker_shots,
    can_hurt,
    defender_shots,
    defends_against,
    fire_value,
    firing_damage,
    first_strike_active,
    fleet_air_penalty,
    keeps_battle_start,
    n_dice,
    replaced_value,
    ro3_cap,
    ro3_rule,
    space_terrain,
    support_bonus,
    unit_value,
    value_context,
)

__all__ = [
    # the modules
    "board", "casualties", "core", "ending", "interception", "rerolls", "sides", "steps",
    "values",
    # board.py: the battle record
    "remove_casualty", "remove_unit",
    # casualties.py: which units hits may take
    "casualties_forced", "check_casualties", "default_casualties", "effective_hits", "eligible",
    "firing_types_of", "hit_points",
    # core.py: the walk of the steps, the dice, the actions, the start
    "PoolKey", "advance", "can_submerge", "choose_interceptors", "hits_text", "reroll", "roll_result",
    "settle",
    "start", "state_origins", "step_name", "step_shooters", "step_title", "submerge",
    "take_casualties",
    # ending.py: the end of a round and of a battle, retreats and withdrawals
    "carrier_next_door", "end_round", "finish", "rehome_aircraft", "result_text", "retreat",
    "retreat_blocker", "stays_in_retreat", "withdraw", "withdraw_options",
    # interception.py
    "drop_cargo", "intercept_targets", "intercept_value", "interception_shooters",
    "interceptor_choices", "rehome_interceptors",
    # rerolls.py
    "default_reroll", "reroll_allowance", "reroll_eligible", "reroll_limit", "ruleset_has_recon",
    # sides.py: who fights
    "AIRBORNE", "airborne_target", "alive", "attackers", "bombarding_ships", "defender_ids",
    "defender_name", "defenders", "is_cargo", "side_units",
    # steps/: the step classes and their order
    "FireStep", "Step", "fire_step", "register", "step_by_name", "step_index", "step_names",
    "unregister",
    # values.py: fire values and dice
    "aa_shots", "attacker_shots", "can_hurt", "defender_shots", "defends_against", "fire_value",
    "firing_damage", "first_strike_active", "fleet_air_penalty", "keeps_battle_start", "n_dice",
    "replaced_value", "ro3_cap", "ro3_rule", "space_terrain", "support_bonus", "unit_value",
    "value_context",
]


def __getattr__(name: str) -> Any:
    """The old step tables, read off the registered step classes."""
    if name == "ROUND_STEPS":
        return step_names()
    if name == "STEP_NAMES":
        return {s.name: s.title for s in steps.STEPS}
    if name == "RECON_STEPS":
        return tuple(s.name for s in steps.STEPS if isinstance(s, FireStep) and s.recon)
    if name == "INTERCEPT_STEP":
        return step_index("intercept")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
