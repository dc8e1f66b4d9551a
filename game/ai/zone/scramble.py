"""The computer defender's scramble choice (G40; game/rules/zone/scramble.py): every
aircraft that may go (up to each air base's limit) scrambles when the battle's odds with
them are better for the defender (the attacker wins less often and gains less in unit
value), except from a territory that is under attack itself (its aircraft stay to
defend it)."""
from __future__ import annotations

import logging

from game.rules.action_types import Scramble
from game.rules.model import Battle, GameState
from game.rules.zone import battle
from game.rules.zone import scramble as rules

logger = logging.getLogger(__name__)


def candidates(state: GameState, b: Battle) -> list[int]:
    """What would scramble: the first aircraft of each base up to its limit, from bases
    whose territory is not about to be attacked."""
    out: list[int] = []
    for base, planes in rules.bases(state, b).items():
        if base not in state.zone.battles:
            out.extend(planes[:rules.limit(state, base)])
    return sorted(out)


def choose_scramble(state: GameState, b: Battle) -> Scramble:
    chosen = candidates(state, b)
    if not chosen:
        return Scramble(())
    from .evaluate import sea_odds  # exact odds (game.odds loads its kernels on first use)
    att = battle.alive(state, battle.attackers(state, b))
    dfn = battle.alive(state, battle.defenders(state, b))
    try:
        p_without, swing_without = sea_odds(state, att, dfn)
        p_with, swing_with = sea_odds(state, att, dfn + [state.units[u] for u in chosen])
    except Exception:  # noqa: BLE001 - no odds: keep the aircraft at home
        logger.debug("no odds for a scramble into %s", b.space, exc_info=True)
        return Scramble(())
    if p_with < p_without and swing_with <= swing_without:
        return Scramble(tuple(chosen))
    return Scramble(())
