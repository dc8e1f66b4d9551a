"""The computer defender's scramble choice (G40; game/rules/zone/scramble.py): every
aircraft that may go (up to each air base's limit) scrambles when the battle's odds with
them are better for the defender (the attacker wins less often and gains less in unit
value), except from a territory that is under attack itself (its aircraft stay to
defend it). `candidates` and `outcome` also foresee a scramble still to come (the
interception choice of a raid, intercept.py)."""
from __future__ import annotations

import logging
from collections.abc import Collection

from game.rules.action_types import Scramble
from game.rules.model import Battle, GameState
from game.rules.zone import battle
from game.rules.zone import scramble as rules

logger = logging.getLogger(__name__)


def candidates(state: GameState, b: Battle, raided: str | None = None,
               staying: Collection[int] = ()) -> list[int]:
    """What would scramble: the first aircraft of each base up to its limit, from bases
    whose territory is not about to be attacked. Foreseen during the raid on `raided`
    (only raided: once it is over its aircraft may scramble), without the aircraft
    `staying` there to intercept."""
    out: list[int] = []
    for base, planes in rules.bases(state, b).items():
        if base == raided:
            planes = [uid for uid in planes if uid not in staying]
        elif base in state.zone.battles:
            continue
        out.extend(planes[:rules.limit(state, base)])
    return sorted(out)


def outcome(state: GameState, b: Battle, planes: list[int]) -> tuple[bool, float, float]:
    """(does the computer scramble `planes` into the battle, the attacker's expected swing
    in unit value (defender's loss less its own) with them, without them), by the exact
    odds; raises when there are none."""
    from .evaluate import sea_odds  # exact odds (game.odds loads its kernels on first use)
    att = battle.alive(state, battle.attackers(state, b))
    dfn = battle.alive(state, battle.defenders(state, b))
    p_without, swing_without = sea_odds(state, att, dfn)
    if not planes:
        return False, swing_without, swing_without
    p_with, swing_with = sea_odds(state, att, dfn + [state.units[u] for u in planes])
    return p_with < p_without and swing_with <= swing_without, swing_with, swing_without


def choose_scramble(state: GameState, b: Battle) -> Scramble:
    chosen = candidates(state, b)
    if not chosen:
        return Scramble(())
    try:
        go, _, _ = outcome(state, b, chosen)
    except Exception:  # noqa: BLE001 - no odds: keep the aircraft at home
        logger.debug("no odds for a scramble into %s", b.space, exc_info=True)
        return Scramble(())
    return Scramble(tuple(chosen) if go else ())
