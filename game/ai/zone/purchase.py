"""The standard zone player's purchase phase: facilities and repairs (build.py), a
transport and warships where the sea needs them, then greedy's tried mix or a mix chosen
from the ruleset's units by value for money, traded up when the factories' room limits it."""
from __future__ import annotations

import logging
from typing import Any

from game.rules.actions import Action, EndPhase, Purchase, apply
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState
from game.rules.zone import production

from ..config import zone_config
from . import amphib, build, greedy
from .evaluate import (
    after,
    defence_at,
    only_legal,
    threat_to,
)
from .navy import naval_gap

logger = logging.getLogger(__name__)


def _buyable(state: GameState, player: str, money: int) -> dict[str, int]:
    out = {}
    for t, ut in state.ruleset.units.items():
        if ut.domain not in (LAND, AIR) or ut.attack + ut.defense <= 0:
            continue
        if ut.has("self_airlift") or ut.move <= 0:
            continue  # paratroopers and fixed works are bought by hand
        try:
            c = production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            c = None
        if c is None or c <= 0 or c > money:
            continue
        out[t] = c
    return out


def _best(state: GameState, prices: dict[str, int], score: Any) -> str | None:
    if not prices:
        return None
    return max(sorted(prices), key=lambda t: (score(state.ruleset.units[t], prices[t]), -prices[t]))


def _has_greedy_units(state: GameState) -> bool:
    return all(u in state.ruleset.units for u in zone_config().buy_pattern)


def _paratroopers(state: GameState) -> list[Action]:
    """One self-airlifting unit (seed 002 paratrooper) while the player has fewer than two
    and money to spare: the airdrop planner then has something to drop."""
    from game.rules.actions import apply
    player = state.player
    money = state.resources[player]
    for t, ut in sorted(state.ruleset.units.items()):
        if not ut.has("self_airlift"):
            continue
        have = sum(1 for u in state.units.values() if u.owner == player and u.type == t)
        have += production.unplaced(state, player).get(t, 0)
        price = production.unit_cost(state, t, player)
        if have >= 2 or price is None or money < price + 12:
            continue
        try:
            apply(state, Purchase(t, 1))
        except IllegalAction:
            continue
        return [Purchase(t, 1)]
    return []


def _greedy_buys(state: GameState) -> list[Action]:
    """The purchases the greedy player would make now, in order."""
    out: list[Action] = []
    s = state
    for _ in range(80):
        a = greedy._purchase(s)
        if not isinstance(a, Purchase):
            break
        try:
            s = apply(s, a)
        except IllegalAction:
            break
        out.append(a)
    return out


def _upgrade(state: GameState, buys: list[Action]) -> list[Action]:
    """When the factories' room, not money, limits the purchase, spend what is left:
    replace the cheapest units bought with stronger ones (attack plus defence, hit
    points) of the same kind of use (land for land, air for air), while the money lasts."""
    player = state.player
    counts: dict[str, int] = {}
    for a in buys:
        if isinstance(a, Purchase):
            counts[a.unit] = counts.get(a.unit, 0) + a.count
    if not counts:
        return buys

    def price(t: str) -> int | None:
        try:
            return production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            return None

    def power(t: str) -> float:
        ut = state.ruleset.units[t]
        return (ut.attack + ut.defense) * ut.hits

    spent = sum((price(t) or 0) * n for t, n in counts.items())
    left = state.resources[player] - spent
    rs = state.ruleset.units
    options = sorted((t for t, ut in rs.items() if ut.domain in (LAND, AIR) and ut.move > 0
                      and not ut.has("self_airlift") and ut.attack > 0
                      and (price(t) or 0) > 0),
                     key=lambda t: (-power(t), t))
    for _ in range(40):
        low = min((t for t in counts if rs[t].domain in (LAND, AIR)), default=None,
                  key=lambda t: ((price(t) or 0), t))
        if low is None or left <= 0:
            break
        lp = price(low) or 0
        pick = next((t for t in options if rs[t].domain == rs[low].domain
                     and power(t) > power(low) and 0 < (price(t) or 0) - lp <= left), None)
        if pick is None:
            break
        trial = dict(counts)
        trial[low] -= 1
        if not trial[low]:
            del trial[low]
        trial[pick] = trial.get(pick, 0) + 1
        acts: list[Action] = [Purchase(t, n) for t, n in sorted(trial.items())]
        try:
            after(state, acts)
        except IllegalAction:
            options.remove(pick)
            continue
        counts = trial
        left -= (price(pick) or 0) - lp
    return [Purchase(t, n) for t, n in sorted(counts.items())]


def plan_purchase(state: GameState) -> list[Action]:
    """Greedy's tried mix where the ruleset has those units (it measured better on
    Europe 1941), else a mix chosen from the ruleset's units by value for money."""
    player = state.player
    fac = build.purchases(state)    # repairs and facilities first (g40)
    state = after(state, fac)
    ship = _transport_buy(state, player)
    ship += _warship_buy(after(state, ship), player)
    state = after(state, ship)
    ship = fac + ship
    if _has_greedy_units(state):
        paras = _paratroopers(state)
        state = after(state, paras)
        buys = _greedy_buys(state)
        left = state.resources[player] - sum(
            (production.unit_cost(state, a.unit, player) or 0) * a.count
            for a in buys if isinstance(a, Purchase))
        if left >= zone_config().upgrade_greedy_mix * state.resources[player]:
            # greedy's mix (cheap infantry first) measured better on europe_1941 than
            # trading it up; only money the full factories would leave idle is spent
            buys = _upgrade(state, buys)
        return ship + paras + buys + [EndPhase()]
    factories = [f for f in state.factories if state.owners.get(f) == player]
    if not factories:
        return [EndPhase()]
    cap = sum(production.factory_capacity(state, f) for f in factories)
    cap -= sum(production.unplaced(state, player).values())
    money = state.resources[player]
    danger = 0.0
    for f in factories:
        gap = threat_to(state, f, player, hops=1) - defence_at(state, f, player)
        if gap > 0:
            danger += gap
    prices = _buyable(state, player, money)
    if not prices:
        return [EndPhase()]
    # defensive value for money; attacking value with a body to take ground; a fast
    # hitter; and an aircraft
    def defend(ut: Any, c: int) -> float:
        return (ut.defense + 0.5) * ut.hits / c

    def attack(ut: Any, c: int) -> float:
        return ((ut.attack + 0.5) * ut.hits + 0.3 * ut.defense) / c if ut.domain == LAND else -1

    def mobile(ut: Any, c: int) -> float:
        return (ut.attack + ut.defense) * ut.hits / c if ut.domain == LAND and ut.move >= 2 else -1

    def plane(ut: Any, c: int) -> float:
        return (ut.attack + ut.defense) / c if ut.domain == AIR and ut.defense > 0 else -1

    d_unit, a_unit = _best(state, prices, defend), _best(state, prices, attack)
    m_unit, p_unit = _best(state, prices, mobile), _best(state, prices, plane)
    pattern = [u for u in (d_unit, a_unit, d_unit, m_unit, a_unit, d_unit, m_unit, p_unit) if u]
    if p_unit is not None and mobile(state.ruleset.units[p_unit], prices[p_unit]) < 0 and \
            plane(state.ruleset.units[p_unit], prices[p_unit]) < 0:
        pattern.remove(p_unit)
    s = state
    counts: dict[str, int] = {}
    i = 0
    while cap > 0 and prices:
        if danger > 0 and d_unit in prices:
            unit: str | None = d_unit
        else:
            unit = pattern[i % len(pattern)]
        if unit not in prices or prices[unit] > s.resources[player]:
            cheaper = {t: c for t, c in prices.items() if c <= s.resources[player]}
            unit = _best(state, cheaper, defend)
        if unit is None:
            break
        try:
            s = apply(s, Purchase(unit, 1))
        except IllegalAction:
            del prices[unit]  # a per-turn or board limit: buy something else
            continue
        if danger > 0:
            danger -= state.ruleset.units[unit].defense + 0.5
        counts[unit] = counts.get(unit, 0) + 1
        cap -= 1
        i += 1
    return ship + _upgrade(state, only_legal(state, [Purchase(u, n) for u, n in sorted(counts.items())])) \
        + [EndPhase()]


def _transport_buy(state: GameState, player: str) -> list[Action]:
    """One transport when the enemy's cities lie across the sea (amphib.transport_purchase)."""
    try:
        kind = amphib.transport_purchase(state, player, production.income(state, player))
        if kind is None:
            return []
        apply(state, Purchase(kind, 1))
    except IllegalAction:
        return []
    return [Purchase(kind, 1)]


def _warship_buy(state: GameState, player: str) -> list[Action]:
    """Warships while the enemy's fleet outweighs ours where our lifts must sail (it
    blocks the lane or can sink the transports): the best fighting value for money,
    spending at most half the treasury on ships."""
    gap = naval_gap(state, player)
    if gap <= 0:
        return []
    sps = state.scenario.spaces
    if not any(state.owners.get(f) == player and any(sps[a].kind == SEA for a in sps[f].adjacent)
               for f in state.factories):
        return []
    budget = state.resources[player] // 2
    kinds = {}
    for t, ut in state.ruleset.units.items():
        if ut.domain != SEA or ut.has("transport") or ut.attack <= 0 or ut.move <= 0:
            continue
        try:
            c = production.unit_cost(state, t, player)
        except Exception:  # noqa: BLE001
            logger.debug("no price for %s; not bought", t, exc_info=True)
            c = None
        if c is not None and 0 < c:
            kinds[t] = c
    out: list[Action] = []
    s = state
    while gap > 0:
        afford = {t: c for t, c in kinds.items() if c <= budget}
        pick = _best(state, afford, lambda ut, c: (ut.attack + ut.defense) * ut.hits / c)
        if pick is None:
            break
        try:
            s = apply(s, Purchase(pick, 1))
        except IllegalAction:
            del kinds[pick]
            continue
        out.append(Purchase(pick, 1))
        budget -= kinds[pick]
        ut = state.ruleset.units[pick]
        gap -= (ut.attack + 0.5) * ut.hits
    return out
