"""The steps of a zone battle round, in the order they happen (the seed rules' and
Axis & Allies' order). `Battle.step` is a place in `STEPS`, so the order is part of
every save and snapshot: a new step is a new module with its class, put in the list
below (or `register`ed) where the rules say it happens."""
from __future__ import annotations

from .aa import AntiAircraft
from .att_fire import AttackerFire
from .att_first_strike import AttackerFirstStrike
from .base import FireStep, Shot, Step
from .bombard import Bombard
from .def_fire import DefenderFire
from .def_first_strike import DefenderFirstStrike
from .fs_remove import FirstStrikeRemoval
from .intercept import Intercept
from .kamikaze import KamikazeStrike
from .raid_aa import RaidAntiAircraft
from .raid_air_attack import RaidAirAttack
from .raid_air_defense import RaidAirDefense
from .raid_air_remove import RaidAirRemoval
from .raid_damage import RaidDamage
from .raid_end import RaidEnd
from .raid_intercept import RaidIntercept
from .remove import Removal
from .scramble import Scramble

__all__ = ["STEPS", "FireStep", "Shot", "Step", "fire_step", "register", "step_by_name", "step_index",
           "step_names", "unregister"]

STEPS: list[Step] = [
    AntiAircraft(),          # round one
    Bombard(),               # round one
    Intercept(),             # round one
    AttackerFirstStrike(),
    DefenderFirstStrike(),
    FirstStrikeRemoval(),
    AttackerFire(),
    DefenderFire(),
    Removal(),               # the end of the round
    # a bombing raid (Battle.raid, game/rules/zone/raids.py) starts here and walks these alone;
    # after the round's steps, so the places of the steps above stay as saves have them
    RaidIntercept(),
    RaidAirAttack(),
    RaidAirDefense(),
    RaidAirRemoval(),
    RaidAntiAircraft(),
    RaidDamage(),
    RaidEnd(),
    # G40 kamikaze strikes: a battle where they may come starts here, then goes to step 0
    KamikazeStrike(),
    # a sea battle that aircraft may scramble into opens here (zone/scramble.py), then
    # goes to the round's first step
    Scramble(),
]

_BY_NAME: dict[str, Step] = {}
_INDEX: dict[str, int] = {}
_NO_STEP = FireStep()   # a Roll of a step no longer registered: no shooters, no special rule


def _reindex() -> None:
    names = [s.name for s in STEPS]
    if len(set(names)) != len(names) or not all(names):
        raise ValueError(f"battle steps need unique names: {names}")
    _BY_NAME.clear()
    _BY_NAME.update((s.name, s) for s in STEPS)
    _INDEX.clear()
    _INDEX.update((s.name, i) for i, s in enumerate(STEPS))


_reindex()


def step_names() -> tuple[str, ...]:
    """The names in order (what `battle.ROUND_STEPS` was)."""
    return tuple(s.name for s in STEPS)


def step_by_name(name: str) -> Step | None:
    return _BY_NAME.get(name)


def step_index(name: str) -> int:
    """The step's place in the round (a `Battle.step` value)."""
    return _INDEX[name]


def fire_step(name: str) -> FireStep:
    """The fire step that made a Roll of this name (a plain one if none is registered)."""
    st = _BY_NAME.get(name)
    return st if isinstance(st, FireStep) else _NO_STEP


def register(step: Step, *, before: str | None = None, after: str | None = None) -> Step:
    """Put a step in the round before or after a named one (at the end when neither)."""
    if step.name in _BY_NAME:
        raise ValueError(f"a battle step named {step.name!r} is registered already")
    if before is not None:
        at = _INDEX[before]
    elif after is not None:
        at = _INDEX[after] + 1
    else:
        at = len(STEPS)
    STEPS.insert(at, step)
    _reindex()
    return step


def unregister(name: str) -> None:
    """Take a registered step out of the round."""
    STEPS.remove(_BY_NAME[name])
    _reindex()
