"""Changes to the zone battle record and the board shared by every part of the battle:
a Battle with fields replaced, a unit removed from the board (its cargo with it), and a
casualty taken out of the battle."""
from __future__ import annotations

from dataclasses import fields, replace

from ...model import Battle, GameState

_BATTLE_FIELDS = frozenset(f.name for f in fields(Battle))


def _replace(b: Battle, **kw: object) -> Battle:
    """dataclasses.replace for a Battle, without its generic machinery (a battle step
    replaces the battle many times): the fields copied, then the changed ones set."""
    if type(b) is not Battle or not kw.keys() <= _BATTLE_FIELDS:
        return replace(b, **kw)  # type: ignore[arg-type]
    new = object.__new__(Battle)
    d = new.__dict__
    d.update(b.__dict__)
    d.update(kw)
    return new


def remove_unit(state: GameState, uid: int) -> None:
    """Destroy a unit; cargo aboard a transport goes down with it, and so do aircraft
    aboard a carrier with combat_air_patrol (lost_with_carrier)."""
    u = state.units.pop(uid)
    ut = state.utype(u)
    cap = ut.ability("combat_air_patrol")
    if ut.has("transport") or ut.has("air_transport") or (cap is not None and cap.lost_with_carrier) \
            or (u.damage > 0 and ut.has("grounded_when_damaged")):
        for c in state.cargo_of(uid):
            state.units.pop(c.uid)
            state.add_log(f"  {state.utype(c).name} aboard is lost"
                          f"{' with the carrier' if cap is not None else ''}")
    else:
        for c in state.cargo_of(uid):
            state.units[c.uid] = replace(c, carried_by=None)


def remove_casualty(state: GameState, b: Battle, uid: int) -> Battle:
    """Remove a battle casualty; a capturable defender (destroyed_defending_attacker_wins)
    is kept as a prize the attacker gets if it wins."""
    u = state.units.get(uid)
    if u is None:
        return b
    cap = state.utype(u).ability("capturable")
    if cap is not None and "destroyed_defending_attacker_wins" in cap.when \
            and state.at_war(u.owner, b.attacker):
        b = _replace(b, prizes=b.prizes + (u.type,))
    remove_unit(state, uid)
    return b
