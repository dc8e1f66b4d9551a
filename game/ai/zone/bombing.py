"""Bombing raids for the computer (game/rules/zone/raids.py): after its attacks are
planned, each bomber left over raids the enemy facility where the raid pays most: the
expected damage in PU (each damage marker costs its owner the facility's repair cost)
beats the expected loss of the raiders (their cost), by the exact raid odds
(game/odds/raid.py, every interceptor rising)."""
from __future__ import annotations

from game.odds.raid import raid_odds_for_space
from game.rules.action_types import Action, Raid
from game.rules.actions import apply
from game.rules.errors import IllegalAction
from game.rules.model import GameState, Unit
from game.rules.zone import movement, raids


def raid_moves(state: GameState) -> list[Action]:
    """Raids of the player's unmoved bombers, each legal in order (`state`: after the
    planned attacks)."""
    if not state.ruleset.facilities:
        return []
    player = state.player
    out: list[Action] = []
    s = state
    bombers = [u for u in sorted(state.units.values(), key=lambda x: x.uid)
               if u.owner == player and raids.is_bomber(state, u) and not u.moved and not u.in_combat
               and u.carried_by is None and u.uid not in state.zone.raids]
    for u in bombers:
        best: tuple[float, Raid, GameState] | None = None
        for dest, path in sorted(movement.reachable(s, [s.units[u.uid]], raid=True).items()):
            for fid in raids.targets(s, dest, player):
                if not raids.can_bomb(s, u, fid):
                    continue
                act = Raid((u.uid,), path, fid)
                try:
                    after = apply(s, act)
                except IllegalAction:
                    continue
                gain = raid_value(after, dest, player) - raid_value(s, dest, player)
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, act, after)
        if best is not None:
            out.append(best[1])
            s = best[2]
    return out


def raid_value(state: GameState, space: str, player: str) -> float:
    """Expected damage in PU less the expected cost of the raiders lost, of the raid the
    player has declared on `space` (0: none)."""
    flying = raids.raiders(state, space, player)
    if not flying:
        return 0.0
    odds = raid_odds_for_space(state, space, player)
    fts = state.ruleset.facilities
    damage = sum(odds.expected_damage(fid) * fts[fid].repair_cost for fid in odds.damage)
    return damage - expected_loss(state, flying, odds.raiders_lost)


def expected_loss(state: GameState, flying: list[Unit], lost: tuple[float, ...]) -> float:
    """The expected cost of the raiders lost (the cheapest go first: a fair average)."""
    costs = sorted(_cost(state, u) for u in flying)
    return sum(p * sum(costs[:k]) for k, p in enumerate(lost))


def _cost(state: GameState, u: Unit) -> int:
    c = state.utype(u).cost_for(u.owner, state.alliance_of(u.owner) or "")
    return c if isinstance(c, int) else 10
