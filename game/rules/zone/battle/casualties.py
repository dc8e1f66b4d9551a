"""Which units a zone battle's hits may take: the eligible targets of a pool of hits,
the default order of loss, and the check of a player's casualty choice."""
from __future__ import annotations

from collections import Counter

from ...errors import IllegalAction
from ...model import Battle, GameState, Pool, Unit
from .sides import AIRBORNE, airborne_target, alive, side_units
from .values import support_bonus, unit_value


# --- targets ----------------------------------------------------------------------
def eligible(state: GameState, pool: Pool, targets: list[Unit], firing_types: set[str]) -> list[Unit]:
    out = []
    for u in alive(state, targets):
        ut = state.utype(u)
        if pool.only_domains and ut.domain not in pool.only_domains \
                and not (AIRBORNE in pool.only_domains and airborne_target(state, u)):
            continue
        if pool.only_types and u.type not in pool.only_types:
            continue
        if not pool.only_types and pool.side == "attacker" and ut.has("noncombatant"):
            continue  # attacking air transports are hit only by their interception
        if ut.domain in pool.exclude_domains:
            continue
        ev = ut.ability("evades_air")
        if pool.from_air and ev is not None and not any(t in firing_types for t in ev.unless_enemy_has):
            continue
        out.append(u)
    return out


def hit_points(state: GameState, u: Unit) -> int:
    return state.utype(u).hits - u.damage


def effective_hits(state: GameState, pool: Pool, targets: list[Unit], firing_types: set[str]) -> int:
    return min(pool.hits, sum(hit_points(state, u) for u in eligible(state, pool, targets, firing_types)))


def firing_types_of(state: GameState, b: Battle, pool: Pool) -> set[str]:
    other = "defender" if pool.side == "attacker" else "attacker"
    return {u.type for u in side_units(state, b, other)}


def default_casualties(state: GameState, b: Battle, pool: Pool) -> list[int]:
    """Order of loss: multi-hit units absorb hits first, then the weakest
    (by value in this role, then cost); defenceless units last."""
    targets = side_units(state, b, pool.side)
    ftypes = firing_types_of(state, b, pool)
    cands = eligible(state, pool, targets, ftypes)
    role = "attack" if pool.side == "attacker" else "defense"
    bonus = support_bonus(state, alive(state, targets), role)
    hp = {u.uid: hit_points(state, u) for u in cands}
    n = effective_hits(state, pool, targets, ftypes)
    chosen: list[int] = []

    def key(u: Unit) -> tuple[int, int, int, int, int]:
        ut = state.utype(u)
        cost = ut.cost_for(u.owner, state.alliance_of(u.owner) or "") or 0
        absorbs = 0 if hp[u.uid] > 1 else 1
        if pool.chooser:  # the firing side picks: the costliest unit it can destroy
            return (0 if hp[u.uid] == 1 else 1, -cost,
                    -unit_value(state, u, role, bonus), 0, u.uid)
        # defenceless units after every other (check_casualties), non-combatants just before
        return (2 if ut.has("defenseless") else 1 if ut.has("noncombatant") else 0, absorbs,
                unit_value(state, u, role, bonus), cost, u.uid)

    for _ in range(n):
        live = [u for u in cands if hp[u.uid] > 0]
        if not live:
            break
        pick = min(live, key=key)
        hp[pick.uid] -= 1
        chosen.append(pick.uid)
    return chosen


def _casualty_kind(state: GameState, b: Battle, u: Unit) -> tuple:
    """What tells two casualty candidates apart: units of one kind are interchangeable
    as casualties (same type, owner, damage, movement left, cargo, battle marks)."""
    cargo = tuple(sorted(c.type for c in state.cargo_of(u.uid)))
    return (u.type, u.owner, u.damage, u.moved, u.amphibious, u.airborne, u.oos,
            u.carried_by is None, cargo, dict(b.hurt).get(u.uid))


def casualties_forced(state: GameState, b: Battle, pool: Pool) -> bool:
    """The casualty choice of `pool` has one outcome only, so nobody need be asked:
    every candidate is lost (the hits cover them all), or the candidates are all of
    one kind and the hits cannot be spread differently (one hit, or single-hit units)."""
    targets = side_units(state, b, pool.side)
    ftypes = firing_types_of(state, b, pool)
    cands = eligible(state, pool, targets, ftypes)
    if not cands:
        return True
    need = effective_hits(state, pool, targets, ftypes)
    if need >= sum(hit_points(state, u) for u in cands):
        return True
    if len({_casualty_kind(state, b, u) for u in cands}) != 1:
        return False
    return need == 1 or all(hit_points(state, u) == 1 for u in cands)


def check_casualties(state: GameState, b: Battle, pool: Pool, choice: tuple[int, ...]) -> None:
    targets = side_units(state, b, pool.side)
    ftypes = firing_types_of(state, b, pool)
    cands = {u.uid: u for u in eligible(state, pool, targets, ftypes)}
    need = effective_hits(state, pool, targets, ftypes)
    if len(choice) != need:
        raise IllegalAction(f"Choose {need} casualt{'y' if need == 1 else 'ies'} ({len(choice)} chosen).")
    counts = Counter(choice)
    for uid, k in counts.items():
        if uid not in cands:
            u = state.units.get(uid)
            name = state.utype(u).name if u else f"unit {uid}"
            raise IllegalAction(f"{name} cannot take these hits.")
        if k > hit_points(state, cands[uid]):
            raise IllegalAction(f"{state.utype(cands[uid]).name} cannot take {k} hits.")
    if pool.chooser:
        return  # the firing side chooses freely among the eligible units
    sturdy_hp = sum(hit_points(state, u) for u in cands.values() if not state.utype(u).has("defenseless"))
    soft = sum(k for uid, k in counts.items() if state.utype(cands[uid]).has("defenseless"))
    if soft > max(0, need - sturdy_hp):
        raise IllegalAction("Defenceless units (transports) are lost only after every other unit.")
    # seed 000 TRANSPORT AIRCRAFT, Non-combatant: "may not be selected as casualties until all
    # accompanying friendly fighters have been lost" (escorts)
    escort_hp = sum(hit_points(state, u) for u in cands.values() if state.utype(u).has("escorts"))
    shielded = sum(k for uid, k in counts.items() if state.utype(cands[uid]).has("noncombatant"))
    if shielded > max(0, need - escort_hp):
        raise IllegalAction("Air transports are lost only after every escorting fighter.")
