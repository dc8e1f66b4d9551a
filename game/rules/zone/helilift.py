"""Helicopters and amphibious assault ships (seed 001, "Marine transport by helicopters":
"A helicopter can load and offload a unit from amphibious assault ships before, during,
and after it moves. Each of your helicopters can act as a transport for up to one
special force unit, or one light armored vehicle (LAV) unit, or one artillery unit into
a territory and/or sea zones (fleet)").

An air transport whose `air_transport` lists `ships` works with those ships at sea:
- before it moves: an `Airdrop` starting in a sea zone takes the helicopters off the
  carriers they are aboard and the cargo off the player's own ships there;
- during its move: an `Airdrop` with `via` flies the (empty) helicopters to the sea
  zone `via`, lifts the cargo off the player's own ships there and flies on;
- after it moves: an `Airdrop` to a sea zone sets the cargo aboard the player's own
  ships there (room permitting); the helicopters end their move in that zone and land
  on a carrier there by the end of the non-combat move, as every aircraft does.
No ship loads or offloads in a zone held by enemy ships, and no cargo is set down in a
zone holding enemy units (no battle at sea for land units). The cargo must not have
moved this turn: loading is a land unit's whole move. airdrop.py calls these checks;
the reducer (`actions._airdrop`) is the only caller that changes the state.
"""
from __future__ import annotations

from dataclasses import replace

from ..model import AIR, SEA, GameState, Unit
from .movement import (
    COMBAT,
    NONCOMBAT,
    blocking_ships,
    carrier_landing_block,
    combat_loading_block,
    enemies_in,
    transport_room,
    trapped,
)


def ship_types(state: GameState, transports: list[Unit]) -> tuple[str, ...]:
    """The ships (ids or classes) every one of these air transports works with at sea."""
    out: tuple[str, ...] | None = None
    for t in transports:
        ships = state.utype(t).ability("air_transport").ships
        out = ships if out is None else tuple(s for s in out if s in ships)
    return out or ()


def aboard_block(state: GameState, u: Unit, transports: list[Unit]) -> str:
    """Why `u`, aboard a ship or carrier, cannot join this air-transport flight from
    where it is ("" if it may: a helicopter on a carrier, cargo on the player's own ship
    of `ships`, in a sea zone not held by enemy ships)."""
    if u.carried_by is None:
        return ""
    ut = state.utype(u)
    host = state.units.get(u.carried_by)
    ships = ship_types(state, transports)
    sp = state.scenario.spaces[u.space]
    if host is None or sp.kind != SEA or not ships:
        return f"{ut.name} is already aboard a transport."
    ht = state.utype(host)
    if host.owner != state.player:
        return (f"{ut.name} is aboard a friendly power's {ht.name}: it leaves it on its own "
                f"controller's turn.")
    if ut.domain == AIR:
        if not ht.has("carrier"):
            return f"{ut.name} cannot take off from a {ht.name}."
        if trapped(state, u):
            return f"{ut.name} is trapped aboard a damaged carrier until it is repaired."
    elif not ht.matches(ships):
        return f"{ut.name} cannot be lifted off a {ht.name}; helicopters lift units off {_names(state, ships)}."
    if blocking_ships(state, u.space, state.player, transports):
        return f"Enemy ships hold {sp.name}: no unit is lifted off a ship there."
    return ""


def release(state: GameState, group: list[Unit]) -> list[Unit]:
    """Take the flight's helicopters off their carriers and its cargo off its ships
    (state is the reducer's copy; checked by the caller); the group as it now is."""
    for u in group:
        if u.carried_by is not None:
            state.units[u.uid] = replace(u, carried_by=None)
    return [state.units[u.uid] for u in group]


def ships_with_room(state: GameState, zone: str, ships: tuple[str, ...]) -> list[Unit]:
    """The player's own ships of `ships` in `zone` that may take cargo now (not after
    offloading this turn), fullest first then by uid (as movement.pick_transports)."""
    own = [u for u in state.units_in(zone) if u.owner == state.player and u.carried_by is None
           and state.utype(u).matches(ships) and state.utype(u).has("transport") and not u.unloaded]
    return sorted(own, key=lambda t: (transport_room(state, t), t.uid))


def set_down_plan(state: GameState, transports: list[Unit], cargo: list[Unit],
                  zone: str) -> tuple[dict[int, int], str]:
    """Where the flight's cargo goes aboard in the sea zone `zone`: (cargo uid -> ship
    uid, "") or ({}, why not)."""
    name = state.scenario.spaces[zone].name
    ships = ship_types(state, transports)
    if not ships:
        return {}, f"Air transports set their cargo down only in a territory; {name} is a sea zone."
    foes = enemies_in(state, zone, state.player)
    if foes:
        return {}, (f"Enemy units are in {name}: cargo is set aboard a ship only in a zone "
                    f"without enemy units.")
    candidates = ships_with_room(state, zone, ships)
    if not candidates:
        return {}, f"No {_names(state, ships)} of yours is in {name} to take the cargo."
    room = {t.uid: transport_room(state, t) for t in candidates}
    plan: dict[int, int] = {}
    for c in sorted(cargo, key=lambda x: -(state.utype(x).transport_cost or 99)):
        size = state.utype(c).transport_cost
        for t in candidates:
            allowed = state.utype(t).ability("transport").units
            if size is not None and room[t.uid] >= size and (not allowed or state.utype(c).matches(allowed)):
                room[t.uid] -= size
                plan[c.uid] = t.uid
                break
        else:
            return {}, (f"No {_names(state, ships)} of yours in {name} has room for the "
                        f"{state.utype(c).name}.")
    return plan, ""


def sea_drop_block(state: GameState, transports: list[Unit], cargo: list[Unit], zone: str,
                   moves_left: int) -> str:
    """Why the flight may not set its cargo aboard ships in the sea zone `zone` now,
    with `moves_left` moves left to the helicopters once there ("" if it may)."""
    plan, why = set_down_plan(state, transports, cargo, zone)
    if why:
        return why
    if state.phase == COMBAT:
        # units set aboard in the combat move join an amphibious assault that turn, as
        # units boarding a ship in the combat move do (movement.combat_loading_block)
        why = combat_loading_block(state, plan)
        if why:
            return why
        from .movement import can_reach_landing
        if not can_reach_landing(state, state.player, zone, moves_left):
            return (f"After setting the cargo down the helicopters could not reach a landing "
                    f"space ({moves_left} moves left).")
        return ""
    # the non-combat move: the helicopters end their move here, on a carrier
    return carrier_landing_block(state, transports, zone, NONCOMBAT)


def set_down(state: GameState, transports: list[Unit], cargo: list[Unit], zone: str) -> None:
    """Put the cargo aboard the ships in `zone` (state is the reducer's copy; checked)."""
    plan, _ = set_down_plan(state, transports, cargo, zone)
    for c in cargo:
        state.units[c.uid] = replace(state.units[c.uid], space=zone, carried_by=plan[c.uid],
                                     in_combat=False, airborne=False)
        if state.phase == COMBAT:
            state.zone.ro3_moves[f"combat_loaded|{c.uid}"] = 1   # must be offloaded this turn


def pickup_block(state: GameState, transports: list[Unit], cargo: list[Unit], via: str) -> str:
    """Why the helicopters may not pick this cargo up on their way, in the sea zone
    `via` ("" if they may): it waits there aboard the player's own ships, unmoved."""
    sps = state.scenario.spaces
    if via not in sps:
        return f"Unknown space '{via}'."
    if sps[via].kind != SEA:
        return f"Helicopters pick units up on the way only off ships at sea; {sps[via].name} is land."
    if not ship_types(state, transports):
        return "These air transports pick up no units on the way."
    for t in transports:
        if t.space == via:
            return (f"The {state.utype(t).name} is already in {sps[via].name}: it takes off with "
                    f"its cargo from there.")
    for c in cargo:
        ct = state.utype(c)
        if c.space != via or c.carried_by is None:
            return f"The {ct.name} is not aboard a ship in {sps[via].name}."
        if c.moved or c.in_combat or c.marched:
            return f"{ct.name} has already moved this turn: helicopters load only unmoved units."
        why = aboard_block(state, c, transports)
        if why:
            return why
    return ""


def _names(state: GameState, refs: tuple[str, ...]) -> str:
    """'amphibious assault ship' for the ship refs (ids or classes) of `ships`."""
    out = [state.ruleset.units[r].name if r in state.ruleset.units else r.replace("_", " ") for r in refs]
    return " or ".join(out) or "ship"
