"""The opponent model of the hex rollouts ("Stop 34" in git history of docs/ai.md).

The rollouts play every side with the greedy player's policy: a sound opponent's
replies. An opponent that has made a long shot, an attack in which no roll of the die
could cost the defender anything (1:3 or worse on the europa CRT, after the column
shifts), plays no sound policy: greedy never makes one (its value of such an attack is
below zero). The rollouts then play that side as the random player, the way it has shown
it plays: a position a random mover cannot exploit is not lost to it. Read from the game
log, so the same game always gives the same model. Until an enemy has made one,
hexrollout.pick weighs each plan against both models, greedy and random, and keeps its
worse result (`hexrollout.MAXIMIN`, "Stop 39" in git history of docs/ai.md).
"""
from __future__ import annotations

import re

from game.rules import grammar
from game.rules.hex import move as hexmove
from game.rules.model import GameState

from ..config import hex_config

_COLUMN = re.compile(r" column (\S+), roll \d+: ")


def long_shot_columns(state: GameState) -> frozenset[str]:
    """The CRT columns on which the defender loses nothing and never retreats alone:
    every roll (all but DEFENDER_ROLLS of them) is an attacker loss, an attacker retreat
    or both retreating."""
    crt = hexmove.rules(state).crt
    out = set()
    for i, label in enumerate(crt.columns):
        results = [crt.results[crt.table[r][i]] for r in crt.rolls]
        hurt = sum(1 for r in results if r.defender_loss or (r.defender_retreat and not r.attacker_retreat))
        if hurt <= hex_config().defender_rolls:
            out.add(label)
    return frozenset(out)


def random_sides(state: GameState, alliance: str) -> frozenset[str]:
    """The enemy alliances (of `alliance`) that have made a long shot this game."""
    if state.scenario.hexmap is None:
        return frozenset()
    shots = long_shot_columns(state)
    if not shots:
        return frozenset()
    says = {grammar.player_says(state.scenario, p.id, "attacks") + " ": state.alliance_of(p.id)
            for p in state.scenario.players if state.alliance_of(p.id) != alliance}
    found: set[str] = set()
    for line in state.log():
        for prefix, side in says.items():
            if side is None or side in found or not line.startswith(prefix):
                continue
            m = _COLUMN.search(line)
            if m is not None and m.group(1) in shots:
                found.add(side)
    return frozenset(found)
