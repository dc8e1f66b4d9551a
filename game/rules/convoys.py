"""Convoy zones and convoy disruption (A&A Global 1940 2nd edition rulebook, "Convoy
Disruption"; TripleA ww2global40_2nd_edition.xml: territoryAttachment `blockadeZone`,
unitAttachment `blockade`, property "Convoy Blockades Roll Dice For Cost").

At the start of a player's collect income, every convoy zone serving its territories
that holds raiders of a player at war with it costs it PUs: each raider unit is worth
its `raiders` value (the rulebook: a submarine 2, another warship 1) in PUs or, with
`dice: true`, in dice, each die showing `counts_at_most` or less costing its face
(TripleA's 2nd edition: submarines and aircraft 2 dice, surface warships 1, carriers
and transports 0; rolls of 3 or less count). A zone costs at most the value of the
player's territories it serves; the whole loss at most the income being collected.
Players listed in `immune` (TripleA immuneToBlockade: China) lose nothing.

    convoys:
      dice: true
      counts_at_most: 3
      raiders: {submarine: 2, fighter: 2, tactical_bomber: 2, destroyer: 1, cruiser: 1,
                battleship: 1}
      immune: [china]
      zones:
        - sz_106                                 # serves the land territories next to it
        - {zone: sz_125, serves: [karelia, archangel]}
"""
from __future__ import annotations

from typing import Any

from . import dice as dice_rules
from . import grammar
from .model import LAND, SEA, ConvoyRules, GameState


def parse(data: Any, spaces: dict[str, Any], pids: list[str], ruleset: Any, chk: Any
          ) -> ConvoyRules | None:
    node = chk.get(data, "convoys", dict, "scenario", default=None, allow_none=True)
    if node is None:
        return None
    chk.unknown_keys(node, ("dice", "counts_at_most", "raiders", "immune", "zones"), "convoys")
    raiders = _raiders(node, ruleset, chk)
    zones: list[tuple[str, tuple[str, ...]]] = []
    znode = chk.get(node, "zones", list, "convoys", default=[])
    for i, z in enumerate(znode or []):
        entry = _zone(znode, i, z, spaces, chk)
        if entry is not None:
            zones.append(entry)
    at_most = chk.get(node, "counts_at_most", int, "convoys", default=6)
    if at_most is not None and at_most < 1:
        chk.error(node, "counts_at_most", "convoys.counts_at_most: 1 or more")
    immune = chk.get(node, "immune", list, "convoys", default=[])
    for i, p in enumerate(immune or []):
        if p not in pids:
            chk.error(immune, i, f"convoys.immune: unknown player '{p}'")
    return ConvoyRules(zones=tuple(zones), raiders=raiders,
                       dice=bool(chk.get(node, "dice", bool, "convoys", default=False)),
                       counts_at_most=at_most or 6, immune=tuple(str(p) for p in immune or []))


def _raiders(node: Any, ruleset: Any, chk: Any) -> tuple[tuple[str, int], ...]:
    rnode = chk.get(node, "raiders", dict, "convoys", default={})
    out: list[tuple[str, int]] = []
    known = set(ruleset.units) | set(ruleset.classes) if ruleset is not None else None
    for t, n in (rnode or {}).items():
        if known is not None and t not in known:
            chk.error(rnode, t, f"convoys.raiders: unknown unit '{t}'")
        elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
            chk.error(rnode, t, f"convoys.raiders.{t}: expected a whole number, 0 or more")
        else:
            out.append((str(t), n))
    return tuple(out)


def _zone(znode: Any, i: int, z: Any, spaces: dict[str, Any], chk: Any
          ) -> tuple[str, tuple[str, ...]] | None:
    where = f"convoys.zones[{i}]"
    if isinstance(z, dict):
        chk.unknown_keys(z, ("zone", "serves"), where)
        zid = chk.get(z, "zone", str, where)
        serves = chk.get(z, "serves", list, where, default=None)
    else:
        zid, serves = (str(z), None) if isinstance(z, str) else (None, None)
        if zid is None:
            chk.error(znode, i, f"{where}: a sea zone id or {{zone, serves}}")
    if zid is None:
        return None
    if zid not in spaces or spaces[zid].kind != SEA:
        chk.error(znode, i, f"{where}: '{zid}' is not a sea zone of the map")
        return None
    if serves is None:
        # (an unknown neighbour is the map's error, reported where the space lists it)
        served = tuple(sorted(a for a in spaces[zid].adjacent if a in spaces and spaces[a].kind == LAND))
    else:
        bad = [s for s in serves if not isinstance(s, str) or s not in spaces or spaces[s].kind != LAND]
        if bad:
            chk.error(z, "serves", f"{where}.serves: not land territories: {', '.join(map(str, bad))}")
        served = tuple(str(s) for s in serves if s not in bad)
    return zid, served


def _raider_value(state: GameState, rules: ConvoyRules, utype: str) -> int:
    ut = state.ruleset.units[utype]
    return max((n for t, n in rules.raiders if ut.is_a(t)), default=0)


def zone_losses(state: GameState, player: str) -> list[tuple[str, int, int]]:
    """(zone, raider value, cap) of each convoy zone serving the player's territories
    that holds enemy raiders; the cap is the value of the territories it serves."""
    rules = state.scenario.convoys
    if rules is None or player in rules.immune:
        return []
    spaces = state.scenario.spaces
    out = []
    for zone, served in rules.zones:
        cap = sum(spaces[s].value for s in served if state.owners.get(s) == player)
        if cap <= 0:
            continue
        value = sum(_raider_value(state, rules, u.type) for u in state.units_in(zone)
                    if u.owner != player and state.at_war(u.owner, player))
        if value > 0:
            out.append((zone, value, cap))
    return out


def disruption(state: GameState, player: str, income: int) -> int:
    """The PUs the player loses to convoy disruption at this collect income (rolled when
    `dice`), each zone logged; at most `income`."""
    rules = state.scenario.convoys
    total = 0
    for zone, value, cap in zone_losses(state, player):
        name = state.scenario.spaces[zone].name
        if rules is not None and rules.dice:
            faces = dice_rules.roll(state, value)
            raw = sum(f for f in faces if f <= rules.counts_at_most)
            how = f"rolls {', '.join(map(str, faces))}"
        else:
            raw, how = value, "costs"
        loss = min(raw, cap)
        state.add_log(f"Convoy disruption in {name} {how}: "
                      f"{grammar.player_says(state.scenario, player, 'loses')} {loss} PU{'' if loss == 1 else 's'}"
                      f"{f' (at most {cap})' if raw > cap else ''}.")
        total += loss
    return min(total, income)
