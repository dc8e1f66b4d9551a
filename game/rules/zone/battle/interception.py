"""Interception of airdrops in a zone battle (seed 000: TRANSPORT AIRCRAFT,
PARATROOPERS, FIGHTER, W1): the targets, the defender's interceptors and their values,
the cargo the surviving transports drop, and where the interceptors go afterwards."""
from __future__ import annotations

from dataclasses import replace

from ...model import AIR, Battle, GameState, Unit
from .. import raids
from .board import _replace, remove_unit
from .sides import alive, attackers, defenders

# --- interception of airdrops (seed 000: TRANSPORT AIRCRAFT, PARATROOPERS, FIGHTER, W1) ---


def intercept_targets(state: GameState, b: Battle) -> tuple[str, ...]:
    """Unit types an interception hit may be taken by: the air transports of the drop and
    the attackers escorting them (`escorts` naming them)."""
    drops = [state.units[uid] for uid in b.drops if uid in state.units]
    types = {u.type for u in drops}
    for u in attackers(state, b):
        es = state.utype(u).ability("escorts")
        if es is not None and any(t in state.ruleset.expand_all(es.units) for t in types):
            types.add(u.type)
    return tuple(sorted(types))


def interceptor_choices(state: GameState, b: Battle | None = None) -> list[int]:
    """Defending units that may intercept this battle's airdrop (`intercepts`, in the
    territory, not cargo), lowest uid first; empty when there is no drop to intercept."""
    b = b or state.zone.battle
    if b is not None and b.raid:
        return raids.interceptor_choices(state, b)
    if b is None or not b.drops or b.round > 1:
        return []
    return sorted(u.uid for u in alive(state, defenders(state, replace(b, interceptors=())))
                  if state.utype(u).has("intercepts"))


def await_interceptors(state: GameState, b: Battle) -> tuple[Battle, bool]:
    """Before an interception step rolls: when a unit may intercept, the battle waits for the
    defender's choice (True); else it goes on with no interceptors (False)."""
    if interceptor_choices(state, b):
        state.zone.battle = _replace(b, awaiting="intercept")
        return b, True
    return _replace(b, interceptors=()), False


def intercept_value(state: GameState, u: Unit, target_domain: str = AIR) -> int:
    """An interceptor's value: its defense, or its `value_against` defense value for the
    transports' domain when higher (the fighter: 5 against aircraft, G39)."""
    ut = state.utype(u)
    best = ut.value("defense", u.damage)
    for ab in ut.abilities_named("value_against"):
        if target_domain in ab.domains:
            best = max(best, ab.defense)
    return min(state.ruleset.dice, best)


def interception_shooters(state: GameState, b: Battle) -> list[tuple[Unit, int]]:
    """The interception's dice: each defending AAA with `per_air_transport` one die per
    air transport of the drop (seed 000: "AAA may fire separately for each transport"),
    each chosen interceptor one die ("one free attack"). Units hit by the bombardment
    (marked casualties) do not fire (W1: bombard comes first, G63)."""
    n = sum(1 for uid in b.drops if uid in state.units)
    if not n or b.round > 1:
        return []
    out: list[tuple[Unit, int]] = []
    dfn = alive(state, defenders(state, b))
    for u in sorted(dfn, key=lambda x: x.uid):
        aa = state.utype(u).ability("anti_aircraft")
        if aa is not None and aa.per_air_transport:
            out.extend((u, aa.value) for _ in range(n))
    chosen = set(b.interceptors or ())
    for uid in sorted(chosen):
        f = state.units.get(uid)
        if f is not None and f.space == b.space and f.damage < state.utype(f).hits:
            out.append((f, intercept_value(state, f)))
    return out


def drop_cargo(state: GameState, b: Battle) -> Battle:
    """The surviving air transports are "safe": their cargo joins the attack (airborne)
    and the transports leave the battle (they stay in the space, out of the fight, and
    fly on in the non-combat move: G14, G67)."""
    landed = 0
    for uid in b.drops:
        for c in state.cargo_of(uid):
            state.units[c.uid] = replace(c, carried_by=None, in_combat=True, airborne=True)
            landed += 1
    if landed:
        state.add_log(f"  {landed} unit{'s' if landed != 1 else ''} dropped into "
                      f"{state.scenario.spaces[b.space].name}.")
    return _replace(b, drops=())


def rehome_interceptors(state: GameState, b: Battle) -> None:
    """Interceptors (out of the battle) left in a territory the attacker took fly to a
    bordering friendly territory, or are lost."""
    from ..movement import is_friendly_land
    for u in sorted((x for x in state.units_in(b.space)
                     if state.at_war(x.owner, b.attacker)), key=lambda x: x.uid):
        land = sorted(s for s in state.scenario.spaces[b.space].adjacent
                      if is_friendly_land(state, s, u.owner))
        if land:
            state.units[u.uid] = replace(u, space=land[0])
            state.add_log(f"  {state.utype(u).name} flies to {state.scenario.spaces[land[0]].name}")
        else:
            remove_unit(state, u.uid)
            state.add_log(f"  {state.utype(u).name} has nowhere to land and is lost")
