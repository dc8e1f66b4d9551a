"""Unit-type predicates for the europa ruleset (seed 003 section 15) and the Flip
action of two-sided airborne HQs (15.A.3)."""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction
from ..model import GameState, UnitType
from . import supply as hexsupply


def air_droppable(ut: UnitType) -> bool:
    """15.A, 15.X.1."""
    return ut.has("air_droppable")


def assault_transportable(ut: UnitType) -> bool:
    """15.X.2 (glider, parachute, parachute infantry, air landing, commando, mountain)."""
    return ut.has("assault_transportable")


def air_transportable(ut: UnitType) -> bool:
    """15.B: every air droppable type, the listed types (air landing, mountain, light,
    special forces) and, 15.X.3, every unit without heavy equipment."""
    return (air_droppable(ut) or ut.has("air_transportable") or ut.has("assault_transportable")
            or not ut.has("heavy_equipment"))


def is_light_infantry(ut: UnitType) -> bool:
    """15.M.4: light infantry symbol, or parachute, glider, ski, commando or mountain."""
    return ut.is_a("light")


def flip(state: GameState, uid: int) -> None:
    """15.A.3: in his initial phase a player may convert an unmoved airborne HQ in full
    supply between its parachute and airborne sides (state is a copy)."""
    if state.phase != "initial":
        raise IllegalAction("An airborne HQ converts in its owner's initial phase (15.A.3).")
    u = state.units.get(uid)
    if u is None:
        raise IllegalAction(f"No unit {uid}.")
    ut = state.utype(u)
    ab = ut.ability("airborne_hq")
    if ab is None:
        raise IllegalAction(f"{ut.name} has no other side to convert to.")
    if u.owner != state.player:
        raise IllegalAction(f"That {ut.name} is not yours.")
    if u.moved:
        raise IllegalAction(f"{ut.name} has moved.")
    if u.oos or u.space not in hexsupply.in_supply(state, u.owner):
        raise IllegalAction(f"{ut.name} must be in full supply to convert (15.A.3).")
    new_type = ab.flips_to[0]
    state.units[uid] = replace(u, type=new_type)
    state.add_log(f"{state.scenario.player(u.owner).name}: {ut.name} converts to "
                  f"{state.ruleset.units[new_type].name}.")
