"""The computer defender's interception choice in a bombing raid (G40; raids.py).

Raids are fought first, and an aircraft that intercepts over its territory scrambles no
more this turn (raids.intercepted). So when a sea battle still to be fought borders the
raided territory and its air base could scramble into it, each fighter is worth weighing:
intercepting cuts the raid's damage (a die at 1 against the bombers), scrambled it
defends the fleet (at 4). The choice keeps back from 0 up to the base's scramble limit
of the fighters and takes the one where the defender expects to lose least in PU: the
raid's damage (each point costs its repair), less the raiders shot down, plus the
interceptors lost (exact raid odds, game/odds/raid.py); plus, in the sea battle where the
kept fighters count most, the attacker's expected swing with what would scramble then
(exact battle odds; nothing scrambles if the computer's scramble choice would not send
it, or if the raid may put the air base out of operation). With no such battle every
fighter that may intercepts (the rules' default)."""
from __future__ import annotations

import logging

from game.odds.raid import RaidOdds, raid_odds_for_space
from game.rules.action_types import Intercept
from game.rules.model import LAND, SEA, Battle, GameState
from game.rules.zone import facilities, raids
from game.rules.zone import scramble as scramble_rules

from . import scramble
from .bombing import expected_loss

logger = logging.getLogger(__name__)


def choose_interceptors(state: GameState, b: Battle) -> Intercept:
    allowed = raids.interceptor_choices(state, b)
    zones = sea_battles_beside(state, b)
    if not allowed or not zones:
        return Intercept(tuple(allowed))
    most = min(len(allowed), scramble_rules.limit(state, b.space))
    try:
        baselines = {zb.space: _swing_without_home(state, b, zb) for zb in zones}
        # keep back the last k (the lowest uids intercept, as the default picks them)
        losses = [(_loss(state, b, allowed[:len(allowed) - k], zones, baselines), k)
                  for k in range(most + 1)]
    except Exception:  # noqa: BLE001 - no odds: the default, every fighter intercepts
        logger.debug("no odds for the interception over %s", b.space, exc_info=True)
        return Intercept(tuple(allowed))
    _, keep = min(losses)   # a tie: the fewest kept back
    return Intercept(tuple(allowed[:len(allowed) - keep]))


def sea_battles_beside(state: GameState, b: Battle) -> list[Battle]:
    """The sea battles still to be fought this turn next to the raided territory that its
    aircraft could scramble into once the raid is over (the territory only raided)."""
    sps = state.scenario.spaces
    if sps[b.space].kind != LAND or raids.needs_battle(state, b.space):
        return []
    out = []
    for z in sorted(sps[b.space].adjacent):
        if sps[z].kind != SEA or z not in state.zone.battles:
            continue
        zb = Battle(space=z, attacker=b.attacker, defenders=())
        if b.space in scramble_rules.bases(state, zb):
            out.append(zb)
    return out


def _home_planes(state: GameState, b: Battle, zb: Battle, staying: list[int]) -> tuple[list[int], list[int]]:
    """(what would scramble into `zb`, those of them from the raided territory)."""
    planes = scramble.candidates(state, zb, raided=b.space, staying=staying)
    return planes, [uid for uid in planes if state.units[uid].space == b.space]


def _swing_without_home(state: GameState, b: Battle, zb: Battle) -> float:
    """The attacker's expected swing in `zb` if nothing scrambles from the raided
    territory (other bases scramble as the computer would)."""
    planes, home = _home_planes(state, b, zb, [])
    go, swing_with, swing_none = scramble.outcome(state, zb, [uid for uid in planes if uid not in home])
    return swing_with if go else swing_none


def _loss(state: GameState, b: Battle, interceptors: list[int], zones: list[Battle],
          baselines: dict[str, float]) -> float:
    """What the defender expects to lose (PU) with these interceptors."""
    odds = raid_odds_for_space(state, b.space, b.attacker, interceptors)
    return _raid_loss(state, b, interceptors, odds) + _sea_loss(state, b, interceptors, zones, baselines, odds)


def _raid_loss(state: GameState, b: Battle, interceptors: list[int], odds: RaidOdds) -> float:
    """The raid's damage (at the repair cost) less the raiders shot down plus the
    interceptors lost."""
    fts = state.ruleset.facilities
    damage = sum(odds.expected_damage(fid) * fts[fid].repair_cost for fid in odds.damage)
    shot_down = expected_loss(state, raids.raiders(state, b.space, b.attacker), odds.raiders_lost)
    lost = expected_loss(state, [state.units[uid] for uid in interceptors], odds.interceptors_lost)
    return damage - shot_down + lost


def _sea_loss(state: GameState, b: Battle, interceptors: list[int], zones: list[Battle],
              baselines: dict[str, float], odds: RaidOdds) -> float:
    """The change in the attacker's expected swing that the aircraft scrambling from the
    raided territory make, in the sea battle where they count most (weighted by the
    chance its air base stays operative); 0 or less."""
    operative = _base_stays_operative(state, b.space, odds)
    best = 0.0
    for zb in zones:
        planes, home = _home_planes(state, b, zb, interceptors)
        if not home:
            continue
        go, swing_with, _ = scramble.outcome(state, zb, planes)
        if go:
            best = min(best, operative * (swing_with - baselines[zb.space]))
    return best


def _base_stays_operative(state: GameState, space: str, odds: RaidOdds) -> float:
    """The chance the territory's air base is still operative after the raid (it is now)."""
    got = facilities.of_kind(state, space, "air_base")
    if got is None:
        return 0.0
    ft, dmg = got
    dist = odds.damage.get(ft.id)
    if dist is None or ft.operational_damage is None:
        return 1.0
    return sum(p for k, p in enumerate(dist) if dmg + k <= ft.operational_damage)
