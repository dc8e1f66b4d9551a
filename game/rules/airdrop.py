"""Paratroop self-airlift (seed 002, `self_airlift`): a paratrooper flies itself.

An airdrop is the `Airdrop(units, to)` action: paratroopers that have not moved this
turn, starting together in one land territory, fly up to `air_move` spaces (+
`air_base_bonus` from a friendly territory with an air base) over any spaces (sea
zones with enemy ships, enemy territory: nothing stops or intercepts them) and land:
- in the combat move, in a hostile territory (an airborne attack: `Unit.airborne`),
  never in a capital listed by `airdrop_forbidden`;
- in the non-combat move, only where `self_airlift.noncombat` allows (g40: a friendly
  capital).
The move uses all their movement. Airborne attackers are fired at by defending AAA
(battle.aa_shots), fight with `round_value`, get no `supported_by … not_in: [airborne]`
support and cannot retreat (battle.retreat).
"""
from __future__ import annotations

from dataclasses import replace

from .board import distances
from .errors import IllegalAction
from .model import LAND, GameState, Unit
from .movement import COMBAT, NONCOMBAT, is_friendly_land, is_hostile


def air_range(state: GameState, group: list[Unit]) -> int:
    """How far the group may fly: each unit's air_move (+air_base_bonus from a friendly
    territory with an air base); the smallest of the group."""
    out = 99
    for u in group:
        sa = state.utype(u).ability("self_airlift")
        sp = state.scenario.spaces[u.space]
        bonus = sa.air_base_bonus if sp.air_base and is_friendly_land(state, u.space, u.owner) else 0
        out = min(out, sa.air_move + bonus)
    return out


def forbidden_capital(state: GameState, group: list[Unit], dest: str) -> str:
    """airdrop_forbidden: the power whose capital `dest` is, when the group may not drop there."""
    for u in group:
        for ab in state.utype(u).abilities_named("airdrop_forbidden"):
            for p in state.scenario.players:
                if p.capital == dest and state.power_of(p.id) in ab.capitals_of:
                    return state.power_of(p.id) or ""
    return ""


def grounded(state: GameState, group: list[Unit]) -> str:
    """Why the group cannot take off now, in the player's words ("" if it can): the
    checks every flight shares, whatever its destination (for the interface)."""
    try:
        _check_group(state, group)
    except IllegalAction as exc:
        return str(exc)
    return ""


def flyers(state: GameState, space: str | None = None) -> dict[str, list[Unit]]:
    """The current player's units that may take off now, by the land territory they are
    in (only `space` when given); units by uid."""
    out: dict[str, list[Unit]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != state.player or (space is not None and u.space != space):
            continue
        if state.utype(u).has("self_airlift") and not grounded(state, [u]):
            out.setdefault(u.space, []).append(u)
    return out


def _check_group(state: GameState, group: list[Unit]) -> None:
    if state.phase not in (COMBAT, NONCOMBAT):
        raise IllegalAction("Paratroopers fly only in the combat and non-combat move phases.")
    if not group:
        raise IllegalAction("Select paratroopers to fly.")
    for u in group:
        ut = state.utype(u)
        if u.owner != state.player:
            raise IllegalAction(f"That {ut.name} is not yours.")
        if not ut.has("self_airlift"):
            raise IllegalAction(f"{ut.name} cannot move by air on its own; only paratroopers can.")
        if u.carried_by is not None:
            raise IllegalAction(f"{ut.name} is aboard a transport: a paratrooper must begin its "
                                f"flight on land.")
        if u.moved or u.in_combat or u.marched:
            raise IllegalAction(f"{ut.name} has already moved this turn; a flight is its whole move.")
    if len({u.space for u in group}) != 1:
        raise IllegalAction("Paratroopers flying together must start in the same territory.")
    if state.scenario.spaces[group[0].space].kind != LAND:
        raise IllegalAction("A paratrooper must begin its flight on land.")


def explain(state: GameState, group: list[Unit], dest: str) -> str:
    """Why the group may not airdrop into `dest` now ("" if it may)."""
    try:
        _check_group(state, group)
    except IllegalAction as exc:
        return str(exc)
    sps = state.scenario.spaces
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    start = group[0].space
    if dest == start:
        return "Choose another territory."
    if sp.kind != LAND:
        return f"A paratrooper must end its flight on land; {sp.name} is a sea zone."
    if sp.impassable or state.owners.get(dest) is None:
        return f"{sp.name} is neutral and cannot be entered."
    rng = air_range(state, group)
    dist = distances(state.scenario)[start].get(dest, 10**6)
    if dist > rng:
        return f"{sp.name} is {dist} spaces away; paratroopers fly at most {rng} from {sps[start].name}."
    player = state.player
    hostile = is_hostile(state, dest, player)
    if state.phase == COMBAT:
        if not hostile:
            return (f"In the combat move paratroopers fly only into an attack; fly to {sp.name} "
                    f"in the non-combat move (friendly capitals only).")
        power = forbidden_capital(state, group, dest)
        if power:
            return (f"{sp.name} is the capital of {power.replace('_', ' ').title()}: paratroopers "
                    f"may not attack it from the air (attack it by land or from a transport).")
        return ""
    # non-combat move
    if hostile or not is_friendly_land(state, dest, player):
        return f"{sp.name} is not friendly: paratroopers attack by air only in the combat move."
    for u in group:
        sa = state.utype(u).ability("self_airlift")
        if sa.noncombat == "none":
            return f"{state.utype(u).name} flies only to attack."
        if sa.noncombat == "friendly_capital" and not any(p.capital == dest for p in state.scenario.players):
            return (f"In the non-combat move paratroopers fly only into a friendly capital; "
                    f"{sp.name} is not a capital.")
    from .production import space_limit_block
    return space_limit_block(state, [u.type for u in group], player, dest,
                             leaving=tuple(u.uid for u in group))


def targets(state: GameState, group: list[Unit]) -> list[str]:
    """Every territory the group may airdrop into now (sorted)."""
    try:
        _check_group(state, group)
    except IllegalAction:
        return []
    start = group[0].space
    rng = air_range(state, group)
    dist = distances(state.scenario)[start]
    return sorted(s for s, d in dist.items() if 0 < d <= rng and not explain(state, group, s))


def airdrop(state: GameState, uids: tuple[int, ...], dest: str) -> None:
    """Apply an airdrop (state is the reducer's copy)."""
    for uid in uids:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    group = [state.units[uid] for uid in uids]
    why = explain(state, group, dest)
    if why:
        raise IllegalAction(why)
    player = state.player
    attack = state.phase == COMBAT
    start = group[0].space
    for u in group:
        state.units[u.uid] = replace(u, space=dest, moved=max(state.utype(u).move, u.moved),
                                     in_combat=attack, airborne=attack)
    if attack:
        state.origins.setdefault(dest, ())  # no way back: airborne units cannot retreat
    names = state.scenario.spaces
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} "
                  f"{state.utype(group[0]).name}{'s' if len(group) != 1 else ''} fly from "
                  f"{names[start].name} to {names[dest].name}"
                  f"{' (airborne attack)' if attack else ''}.")
