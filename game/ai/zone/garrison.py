"""The standard zone player's garrisons: how much defence each victory city, capital
and factory keeps against the enemy that can reach it, which units stay to give it, and
the defence still missing there."""
from __future__ import annotations

from game.rules.board import distances
from game.rules.model import AIR, LAND, GameState

from ..config import zone_config
from .evaluate import (
    defence_at,
    enemy_moves_again,
    final_round,
    hits_land,
    is_capital,
    key_spaces,
    odds,
    still_to_move,
    threat_to,
)


def garrison_needs(state: GameState, player: str) -> dict[str, float]:
    """Defence to keep at home in victory cities, capitals and factories."""
    if not enemy_moves_again(state, player):
        return {}
    needs = {}
    for s, share in key_spaces(state, player).items():
        threat = threat_to(state, s, player, hops=1, air=final_round(state))
        if threat <= 0:
            continue
        need = threat * share
        if share < 1.0 and not is_capital(state, s):
            # a front-line city keeps at most half its defence: the attacks this turn
            # are what thin out the enemy next door
            half = 0.5 * sum(state.utype(u).defense + 0.5 for u in state.units.values()
                             if u.space == s and u.owner == player
                             and state.utype(u).domain == LAND)
            need = min(need, half)
        if is_capital(state, s) and zone_config().capital_loss_chance < 1.0:
            need = max(need, _capital_hold(state, s, player))
        needs[s] = need
    return needs


def _capital_hold(state: GameState, space: str, player: str) -> float:
    """Defence of the fewest home units (best defenders first) that keep the enemy able
    to strike the capital next turn under CAPITAL_LOSS_CHANCE of taking it (exact odds)."""
    dist = distances(state.scenario)[space]
    movers = still_to_move(state, player)
    foes = []
    for u in state.units.values():
        ut = state.utype(u)
        if not state.at_war(u.owner, player) or u.carried_by is not None or ut.attack <= 0 \
                or not hits_land(ut):
            continue
        if movers is not None and u.owner not in movers:
            continue
        d = dist.get(u.space, 99)
        if (ut.domain == LAND and state.scenario.spaces[u.space].kind == LAND and d <= 1) \
                or (ut.domain == AIR and d <= ut.move // 2):
            foes.append(u)
    if not foes:
        return 0.0
    home = sorted((u for u in state.units.values() if u.space == space and u.owner == player
                   and state.utype(u).domain == LAND),
                  key=lambda x: (-state.utype(x).defense, x.uid))
    lo, hi = 0, len(home)
    while lo < hi:
        mid = (lo + hi) // 2
        if odds(state, foes, home[:mid], LAND)[0] <= zone_config().capital_loss_chance:
            hi = mid
        else:
            lo = mid + 1
    return sum(state.utype(u).defense + 0.5 for u in home[:lo])


def deficits(state: GameState, player: str, hops: int = 1) -> dict[str, float]:
    """Defence still missing in each key space (victory city, capital, factory)."""
    cfg = zone_config()
    return {s: threat_to(state, s, player, hops=hops) * min(1.0, cfg.hold_share * share / cfg.garrison_vc)
            - defence_at(state, s, player)
            for s, share in key_spaces(state, player).items()}


def garrison_units(state: GameState, player: str) -> set[int]:
    """The land units that stay home to meet the garrison needs (best defenders first)."""
    needs = garrison_needs(state, player)
    keep: set[int] = set()
    for space, need in needs.items():
        have = 0.0
        for u in sorted((u for u in state.units.values() if u.space == space and u.owner == player
                         and state.utype(u).domain == LAND),
                        key=lambda x: (-state.utype(x).defense, x.uid)):
            if have >= need:
                break
            keep.add(u.uid)
            have += state.utype(u).defense + 0.5
    return keep
