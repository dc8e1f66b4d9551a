"""The step protocol of a zone battle round.

A `Step` is one small class: `name` (the id a `Roll` records and `Battle.step` points
at by its place in the registry, so saves and snapshots depend on both), `title` (what
the log, the strip and the battle window show), `applies` (whether it happens now) and
`run` (what a step without dice does). A `FireStep` rolls instead of running: it names
its `shooters`, and the battle core rolls their dice, counts the hits into casualty
pools and waits for the casualty choice (battle.core.advance / _conclude).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .. import board

if TYPE_CHECKING:
    from game.rules.model import Battle, GameState, Unit

# (firing side, [(unit, value needed)], casualties removed at once): battle.step_shooters
Shot = tuple[str, list[tuple["Unit", int]], bool]


class Step:
    """One step of a battle round, walked in the order of `steps.STEPS`."""
    name: ClassVar[str] = ""            # Roll.step; unchanged once games are saved
    title: ClassVar[str] = ""           # shown after the side's name: "Germany fires"
    verb: ClassVar[bool] = False        # the title is a verb ("fires"), agreeing with the side
    first_round_only: ClassVar[bool] = False
    raid: ClassVar[bool] = False          # a step of a bombing raid (Battle.raid) only

    def applies(self, state: GameState, b: Battle) -> bool:
        """Does the step happen now? (A fire step without shooters is skipped too.)
        A raid walks the raid steps alone; other battles never reach them."""
        return not (self.first_round_only and b.round > 1) and self.raid == b.raid

    def run(self, state: GameState, b: Battle) -> Battle | None:
        """A step without dice: do it and return the battle at the step that comes
        next (usually b.step + 1), or None when it handed the battle on itself (the
        end of the round: `state.zone.battle` is set, the walk stops)."""
        return board._replace(b, step=b.step + 1)


class FireStep(Step):
    """A step that rolls dice. The walk (core.settle) stops before it, awaiting "roll";
    RollDice (core.advance) rolls its `shooters`, pools the hits and asks for the
    casualties. Its `run` is not used."""
    recon: ClassVar[bool] = False          # reconnaissance may reroll its dice
    unit_specials: ClassVar[bool] = True   # the units' own fire: value_against,
    #   defends_only_against, chooses_casualty and blind dice count (False: the step's
    #   values are its own, as AA fire's, and the strip shows no unit columns for it)
    holds_struck: ClassVar[bool] = False   # its casualties wait for the enemy's reply
    #                                         (the attacker's first strike)
    scores_hits: ClassVar[bool] = True     # False: its dice count for something else
    #                                         (a raid's damage rolls)

    def shooters(self, state: GameState, b: Battle) -> Shot:
        """Who rolls and at what value; no shooters: the step is skipped."""
        return "", [], True

    def before_roll(self, state: GameState, b: Battle) -> tuple[Battle, bool]:
        """A decision the step waits for before its dice: (battle, True) after setting
        `state.zone.battle` to await it; else (battle, False) and the dice are rolled."""
        return b, False

    def shot_domains(self, state: GameState, b: Battle) -> list[str] | None:
        """The domain each die may hit, in shooter order (None: no such rule)."""
        return None

    def hit_types(self, state: GameState, b: Battle) -> tuple[str, ...] | None:
        """The unit types every hit of the step must go to (None: no such rule)."""
        return None
