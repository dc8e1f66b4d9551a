"""Zone battles (game.rules.zone.battle): the core (core.py: the walk of the steps, the dice
and the hits, the casualty and reroll actions, the start of a battle) with its parts (sides.py:
who fights; values.py: fire values; casualties.py: which units hits may take; board.py: the
battle record; rerolls.py; interception.py; ending.py: the end of a round and of a battle) and
the steps of a round, one class per step (steps/, walked in the order of `steps.STEPS`). Every
public name of these modules is here, as it was when the battle was one module."""
from __future__ import annotations

from typing import Any

from . import board, casualties, core, ending, interception, rerolls, sides, steps, values  # noqa: F401
from .board import *  # noqa: F403
from .casualties import *  # noqa: F403
from .core import *  # noqa: F403
from .ending import *  # noqa: F403
from .interception import *  # noqa: F403
from .rerolls import *  # noqa: F403
from .sides import *  # noqa: F403
from .steps import FireStep, Step, register, step_by_name, step_index, step_names, unregister  # noqa: F401
from .values import *  # noqa: F403


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

