"""Helicopters lift units off amphibious assault ships (seed 001, "Marine transport by
helicopters": "A helicopter can load and offload a unit from amphibious assault ships
before, during, and after it moves" ... "into a territory").

An `Airdrop` of air transports that starts in a sea zone takes its helicopters off the
carriers they are aboard and its cargo off the player's own ships there; airdrop.py then
checks and flies it as from a territory (the zone must hold no enemy ships: no ship
loads or offloads in a hostile zone). Cargo loaded this turn has no move left to fly.
"""
from __future__ import annotations

from dataclasses import replace

from .errors import IllegalAction
from .model import AIR, SEA, GameState


def take_off(state: GameState, uids: tuple[int, ...]) -> None:
    """Release a sea-zone air-transport flight from the ships and carriers it is aboard
    (state is the reducer's copy), or raise IllegalAction."""
    group = [state.units[u] for u in uids if u in state.units]
    if not group or len({u.space for u in group}) != 1:
        return
    sps = state.scenario.spaces
    if sps[group[0].space].kind != SEA or not any(state.utype(u).has("air_transport") for u in group):
        return
    for u in group:
        if u.carried_by is None:
            continue
        host = state.units[u.carried_by]
        ht, ut = state.utype(host), state.utype(u)
        if host.owner != state.player:
            raise IllegalAction(f"{ut.name} is aboard a friendly power's {ht.name}: it leaves it on "
                                f"its own controller's turn.")
        if ut.domain == AIR and not ht.has("carrier") or ut.domain != AIR and not ht.has("transport"):
            raise IllegalAction(f"{ut.name} cannot be lifted off a {ht.name}.")
        state.units[u.uid] = replace(u, carried_by=None)
