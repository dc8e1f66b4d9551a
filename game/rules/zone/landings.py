"""Amphibious assaults through a defended sea zone (Global 1940 2nd ed. rulebook,
"Amphibious Assaults": when enemy surface warships are in the transports' sea zone, a sea
battle is fought there first; the land units offload only if the attacker wins it).

The player's warships or aircraft enter the zone in the combat move, the transports
follow and their cargo unloads at once (`movement.escorted`): the landing is declared
then, as in the board game. The sea battle in the zone must be fought before the land
battle (`order_block`); when the land battle opens (`settle`), the units landed by a
transport sunk since are lost with it, and those whose transport retreated or whose
zone enemy ships still hold go back aboard and never land.

Bookkeeping in `ro3_moves` (cleared each turn): "contested|<uid>|<transport>|<zone>"
for every unit landed from a zone where a sea battle is pending.
"""
from __future__ import annotations

from dataclasses import replace

from ..model import GameState
from . import movement

KEY = "contested"


def record(state: GameState, uid: int, transport: int, zone: str) -> None:
    state.zone.ro3_moves[f"{KEY}|{uid}|{transport}|{zone}"] = 1


def _records(state: GameState) -> list[tuple[int, int, str]]:
    # only the few landing keys are sorted, not the turn's every counter: this is asked
    # for each battle when the legal actions are listed and for the odds shown each frame
    out = []
    for k in sorted(k for k in state.zone.ro3_moves if k.startswith(f"{KEY}|")):
        _, uid, t, zone = k.split("|")
        out.append((int(uid), int(t), zone))
    return out


def landed_from(state: GameState, space: str) -> list[str]:
    """The contested sea zones units landed in `space` from this turn."""
    return sorted({z for uid, _t, z in _records(state)
                   if uid in state.units and state.units[uid].space == space})


def called_back(state: GameState, transport: int) -> str:
    """The zone whose sea battle sent the units `transport` landed back aboard ("" if none)."""
    for uid, t, zone in _records(state):
        u = state.units.get(uid)
        if t == transport and u is not None and u.carried_by == transport:
            return zone
    return ""


def pending_zones(state: GameState, space: str) -> list[str]:
    """The sea zones a landing in `space` came from whose sea battle is still to fight."""
    return [z for z in landed_from(state, space) if z in state.zone.battles]


def order_block(state: GameState, space: str) -> str:
    """Why the battle in `space` may not be fought yet ("" if it may)."""
    zones = pending_zones(state, space)
    if not zones:
        return ""
    sps = state.scenario.spaces
    return (f"Fight the sea battle in {sps[zones[0]].name} first: the landing in "
            f"{sps[space].name} goes ahead only if it is won.")


def settle(state: GameState, space: str) -> None:
    """The land battle in `space` opens: units landed from a contested zone whose
    transport sank are lost; those whose transport left the zone (a retreat) or whose zone
    enemy ships still hold go back aboard."""
    from .battle.board import remove_unit
    sps = state.scenario.spaces
    lost: list[str] = []
    back: list[str] = []
    for uid, t_uid, zone in _records(state):
        u = state.units.get(uid)
        if u is None or u.space != space or not u.amphibious:
            continue
        t = state.units.get(t_uid)
        if t is None:
            lost.append(state.utype(u).name)
            remove_unit(state, uid)
        elif t.space != zone or movement.blocking_ships(state, zone, u.owner, [t]):
            back.append(state.utype(u).name)
            state.units[uid] = replace(u, space=t.space, carried_by=t_uid, in_combat=False,
                                       amphibious=False)
    if lost:
        state.add_log(f"  Their transport sunk, {', '.join(lost)} never land"
                      f"{'s' if len(lost) == 1 else ''} in {sps[space].name}.")
    if back:
        state.add_log(f"  The sea battle not won, {', '.join(back)} stay"
                      f"{'s' if len(back) == 1 else ''} aboard.")
