"""Zone battles as a strip of ordered fire steps.

Each round: AA fire and shore bombardment (first round only), the attacker's
and the defender's first strike (simultaneous: units sunk by the attacker's
first strike still strike back, then both sides' casualties are removed),
attacker fire, defender fire, then removal of the defender's casualties (which
fired back). The steps are classes in `steps/`, walked in the order of
`steps.STEPS` by `settle` and `advance` here. Hits wait in `Pool`s for a
casualty choice; the default order of loss fills them when a player does not
choose. Every function here works on a state copy given by `actions.apply`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from ... import dice, grammar
from ...abilities import values as ability_values
from ...abilities.hooks import (
    ValueContext,
    ValueHook,
    barred_domains,
    hooked_value,
    hooks,
    only_domains,
    support_claim_order,
    unit_dice,
)
from ...abilities.values import SupportedBy
from ...errors import IllegalAction
from ...memo import derived
from ...model import (
    AIR,
    LAND,
    SEA,
    Battle,
    BattleResult,
    GameState,
    Pool,
    Roll,
    Unit,
    UnitMap,
    unit_replace,
)
from .. import raids, scramble, supply
from .steps import STEPS, FireStep, Shot, fire_step, step_by_name, step_index

# a pseudo-domain in Pool.only_domains: attackers that flew in by self_airlift (AA hits)
AIRBORNE = "airborne"

# the steps of a round: classes in .steps, walked in the order of steps.STEPS


# --- who is in the battle ------------------------------------------------------
def is_cargo(state: GameState, u: Unit) -> bool:
    """Units aboard a transport (by sea or air) do not fight (aircraft on carriers do,
    except aboard a damaged carrier with grounded_when_damaged: seed 001)."""
    if u.carried_by is None:
        return False
    carrier = state.units.get(u.carried_by)
    if carrier is None:
        return False
    ct = state.utype(carrier)
    return ct.has("transport") or ct.has("air_transport") or (
        state.utype(u).domain == AIR and carrier.damage > 0 and ct.has("grounded_when_damaged"))


def _remembered(state: GameState, key: tuple[Any, ...], find: Callable[[], list[Unit]]) -> list[Unit]:
    """find(), remembered until the units change (UnitMap.memo): a battle step asks for
    the sides many times. `find` may read only the units, the ruleset, the scenario and
    what `key` holds."""
    units = state.units
    if type(units) is not UnitMap:
        return find()
    memo = units.memo()
    got = memo.get(key)
    if got is not None and got[0] is state.ruleset and got[1] is state.scenario:
        return list(got[2])
    out = find()
    memo[key] = (state.ruleset, state.scenario, tuple(out))
    return out


def attackers(state: GameState, b: Battle) -> list[Unit]:
    """The attacking side: not cargo; a `noncombatant` (air transport) only while its
    airdrop is still to be intercepted (Battle.drops). Raiders (raids.py) fight only
    their raid."""
    if b.raid:
        return raids.raiders(state, b.space, b.attacker)

    def find() -> list[Unit]:
        noncombatant = state.ruleset.types_with("noncombatant")
        return [u for u in state.units_in(b.space)
                if u.owner == b.attacker and (u.carried_by is None or not is_cargo(state, u))
                and (u.uid in b.drops or u.type not in noncombatant)
                and u.uid not in b.submerged and u.uid not in state.zone.raids]
    return _remembered(state, ("attackers", b.space, b.attacker, b.drops, b.submerged), find)


def defenders(state: GameState, b: Battle) -> list[Unit]:
    """The defending side: not cargo, not the fighters that intercepted an airdrop (G42).
    In a raid: the interceptors."""
    if b.raid:
        return [state.units[uid] for uid in b.interceptors or () if uid in state.units]

    def find() -> list[Unit]:
        out = [u for u in state.units_in(b.space)
               if state.at_war(u.owner, b.attacker) and (u.carried_by is None or not is_cargo(state, u))
               and u.uid not in b.submerged]
        if b.interceptors:
            out = [u for u in out if u.uid not in b.interceptors]
        return out
    return _remembered(state, ("defenders", b.space, b.attacker, b.submerged, b.interceptors), find)


def alive(state: GameState, units: list[Unit]) -> list[Unit]:
    """Units not yet marked destroyed (marked casualties have damage >= hits)."""
    types = state.ruleset.units   # (state.utype, without a call per unit)
    return [u for u in units if u.damage < types[u.type].hits]


def side_units(state: GameState, b: Battle, side: str) -> list[Unit]:
    return attackers(state, b) if side == "attacker" else defenders(state, b)


# --- values ---------------------------------------------------------------------
def _ro3_cap(state: GameState, ab: object) -> int | None:
    """The Rule of Three's limit for an ability marked `rule_of_three`, else None."""
    return state.ruleset.rule_of_three if getattr(ab, "rule_of_three", False) else None


def ro3_rule(unit_type: str, ab: object) -> tuple[str, object]:
    """The rule whose Rule of Three budget an ability uses: each ability of each unit
    profile is a rule of its own (seed 000 SELF-PROPELLED GUN: "Support Motorized
    Infantry" and "Support Light Armor", each "subject to the Rule of Three", have a
    budget each), not one budget per ability name."""
    return unit_type, ab


def support_bonus(state: GameState, units: list[Unit], role: str) -> dict[int, int]:
    """Value bonuses among one side's units in a role: one-to-one support (each
    supporter lifts one supported unit, in abilities.support_claim_order: the unit rolling
    the most dice, then the lowest uid, first; references name unit ids or
    classes, ids and class members taken in ruleset order) and fortifications
    (defending units; one_to_one or all). With `rule_of_three`, at most the ruleset's
    Rule of Three number of units of the side get bonuses from each rule (ro3_rule)."""
    rs = state.ruleset
    free: dict[str, int] = Counter(u.type for u in units)
    bonus: dict[int, int] = {}
    ro3_used: Counter[tuple[str, object]] = Counter()
    ordered = sorted(units, key=lambda x: x.uid)
    for u in support_claim_order(ordered, state.utype):
        ut = state.utype(u)
        for ab in ut.abilities:
            if not isinstance(ab, SupportedBy) or role not in ab.on:
                continue
            if u.amphibious and "amphibious" in ab.not_in and not ut.has("no_amphibious_penalty"):
                continue
            if u.airborne and "airborne" in ab.not_in:
                continue
            cap = _ro3_cap(state, ab)
            rule = ro3_rule(u.type, ab)
            if cap is not None and ro3_used[rule] >= cap:
                continue
            done = False
            for ref in ab.units:
                for sup in rs.expand(ref):
                    if free.get(sup, 0) > 0:
                        free[sup] -= 1
                        bonus[u.uid] = bonus.get(u.uid, 0) + ab.bonus
                        if cap is not None:
                            ro3_used[rule] += 1
                        done = True
                        break
                if done:
                    break
    # fortifications: each fortifying type grants its bonus once per recipient
    fort_types = [t for t in dict.fromkeys(u.type for u in ordered) if rs.units[t].has("fortifies")]
    for t in fort_types:
        n_fort = sum(1 for u in units if u.type == t)
        for ab in rs.units[t].abilities_named("fortifies"):
            if role not in ab.on:
                continue
            cap = _ro3_cap(state, ab)
            rule = ro3_rule(t, ab)
            left = n_fort if ab.pairing == "one_to_one" else len(ordered)
            for u in ordered:
                ut = state.utype(u)
                if left <= 0 or (cap is not None and ro3_used[rule] >= cap):
                    break
                if not ut.matches(ab.units) or ut.has("no_fortification_bonus"):
                    continue
                bonus[u.uid] = bonus.get(u.uid, 0) + ab.bonus
                left -= 1
                if cap is not None:
                    ro3_used[rule] += 1
    return bonus


def space_terrain(state: GameState, space: str, owner: str | None) -> tuple[str, ...]:
    """The terrain tags of a space as they count for `owner`'s units there: the space's
    own tags, and `port` for a sea zone bordering a territory of `owner`'s alliance that
    is a port or has a naval base (seed 000 TORPEDO BOAT DESTROYER: "when it defends a
    port"; G47: defending in the waters of its own side's port)."""
    sps = state.scenario.spaces
    sp = sps[space]
    tags = sp.terrain
    if sp.kind == SEA and "port" not in tags and owner is not None:
        side = state.alliance_of(owner)
        for adj in sp.adjacent:
            a = sps[adj]
            if a.kind != SEA and ("port" in a.terrain or a.naval_base) \
                    and state.alliance_of(state.owners.get(adj)) == side:
                return tags + ("port",)
    return tags


def value_context(state: GameState, u: Unit, role: str, b: Battle | None = None) -> ValueContext:
    """What a unit's value hooks look at (abilities.ValueHook): in battle `b`'s round when
    given (round-bound hooks), else outside any round (casualty order, previews)."""
    start = () if b is None else (b.att_start if role == "attack" else b.def_start)
    return ability_values.value_context(
        state.utype(u), role, round_=None if b is None else b.round,
        terrain=space_terrain(state, u.space, u.owner), airborne=u.airborne, landed=u.amphibious,
        side_at_start=start, expand=state.ruleset.expand_all)


def unit_value(state: GameState, u: Unit, role: str, bonus: dict[int, int],
               damage: int | None = None, b: Battle | None = None) -> int:
    """A unit's value in a role: printed value for its damage state (`damage`, else its
    own) after its value hooks (in battle `b`'s round when given), plus support and
    fortification bonus, less the supply penalty, within 0..die."""
    ut = state.utype(u)
    base = ut.value(role, u.damage if damage is None else damage)
    if hooks(ut, ValueHook):
        base = hooked_value(ut, value_context(state, u, role, b), base)
    if u.oos and supply.penalised(state, u):   # seed 000 supply (G4): out of supply
        base -= state.ruleset.supply.penalty  # type: ignore[union-attr]
    return min(state.ruleset.dice, max(0, base + bonus.get(u.uid, 0)))


def firing_damage(b: Battle, u: Unit) -> int:
    """The damage a unit fires with: what it had before this round's bombardment and
    attacker fire hit it (seed 000 capital ships: "Don't ... move a defending battleship
    behind the casualty strip unless it takes a second hit": a hit unit fights on this
    round as it was, as casualties fire back; the damaged values count from the next
    round). Hits of a first strike or of the defender's fire count at once."""
    for uid, before in b.hurt:
        if uid == u.uid:
            return before
    return u.damage


def fire_value(state: GameState, b: Battle, u: Unit, role: str, bonus: dict[int, int]) -> int:
    """The value a unit fires at in this battle round: unit_value in the round (its
    round-bound value hooks), less the fleet air defence penalty."""
    ut = state.utype(u)
    fap = fleet_air_penalty(state, b, u, role) if ut.abilities else None
    if fap is not None:
        return max(0, _plain_fire_value(state, b, u, role, bonus) - fap[0])
    return _plain_fire_value(state, b, u, role, bonus)


def _plain_fire_value(state: GameState, b: Battle, u: Unit, role: str, bonus: dict[int, int]) -> int:
    return unit_value(state, u, role, bonus, firing_damage(b, u), b)


def fleet_air_penalty(state: GameState, b: Battle, u: Unit, role: str) -> tuple[int, bool] | None:
    """fleet_air_defense (seed 000 G53): (penalty, hits may go to aircraft) for a
    defending ship facing attacking aircraft with no friendly carrier, or None."""
    fad = state.utype(u).ability("fleet_air_defense") if role == "defense" else None
    if fad is None or not any(state.utype(a).domain == AIR for a in alive(state, attackers(state, b))):
        return None
    mine = alive(state, defenders(state, b))
    if fad.unless_friendly and any(state.utype(d).matches(fad.unless_friendly) for d in mine):
        return None
    gds = [ab for d in mine for ab in state.utype(d).abilities_named("gun_director")]
    if gds:  # not cumulative: one director's reduction, whatever their number
        return min(fad.penalty, min(g.penalty for g in gds)), True
    return fad.penalty, fad.air_hits


def replaced_value(state: GameState, b: Battle, u: Unit, role: str) -> int | None:
    """The value a hook in force sets in place of the printed one in this round (seed 002
    paratroopers: 3 in round one; "alone or together with X only" is judged on the unit
    types the side had when the battle began, Battle.att_start / def_start), or None."""
    ut = state.utype(u)
    setters = [h for h in hooks(ut, ValueHook) if h.replaces]
    if not setters:
        return None
    ctx = value_context(state, u, role, b)
    return next((h.modify(ctx, 0) for h in setters if h.applies(ctx)), None)


def keeps_battle_start(state: GameState, units: list[Unit]) -> bool:
    """Does a unit here have a value hook judged on the sides as the battle began?"""
    return any(h.keeps_battle_start for u in units for h in hooks(state.utype(u), ValueHook))


def n_dice(state: GameState, u: Unit) -> int:
    return unit_dice(state.utype(u))


def first_strike_active(state: GameState, u: Unit, enemy: list[Unit], role: str | None = None,
                        round_: int | None = None) -> bool:
    """Does the unit fire in the first-strike step (in this role and battle round)?"""
    fs = state.utype(u).ability("first_strike")
    if fs is None:
        return False
    if role is not None and role not in fs.on:
        return False
    if round_ is not None and fs.rounds and round_ not in fs.rounds:
        return False
    enemy_types = {e.type for e in enemy}
    return not any(t in enemy_types for t in state.ruleset.expand_all(fs.canceled_by))


def defends_against(state: GameState, u: Unit, enemy: list[Unit]) -> bool:
    """A unit whose defending hits go only to some domains (defends_only_against) defends
    only if the attackers include them."""
    only = only_domains(state.utype(u), "defense")
    return only is None or any(state.utype(e).domain in only for e in enemy)


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


# --- fire steps -------------------------------------------------------------------
PoolKey = tuple[tuple[str, ...], bool, tuple[str, ...], tuple[str, ...], str]


def _restrict(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """Both restrictions at once (empty = none); nothing in common -> matches no domain."""
    if not a:
        return b
    if not b:
        return a
    return tuple(x for x in a if x in b) or ("-",)


def _specials(state: GameState, b: Battle, side: str, role: str,
              shooters: list[tuple[Unit, int]]) -> dict[int, list[tuple[int, tuple[str, ...], tuple[str, ...]]]]:
    """value_against in force for each shooter: uid -> [(special value, only types, only
    domains)], after the condition and the Rule of Three (lowest uids first)."""
    out: dict[int, list[tuple[int, tuple[str, ...], tuple[str, ...]]]] = {}
    if not any(state.utype(u).has("value_against") for u, _ in shooters):
        return out
    own = alive(state, side_units(state, b, side))
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    used: Counter[tuple[str, object]] = Counter()
    for u, _v in sorted(shooters, key=lambda x: x[0].uid):
        ut = state.utype(u)
        for ab in ut.abilities_named("value_against"):
            val = min(state.ruleset.dice, ab.attack if role == "attack" else ab.defense)
            if val <= 0:
                continue
            types = state.ruleset.expand_all(ab.targets) if ab.targets else ()
            if ab.condition == "attackers_outnumber_targets":
                mine = sum(1 for x in own if x.type == u.type)
                theirs = sum(1 for x in enemy if x.type in types
                             or (ab.domains and state.utype(x).domain in ab.domains))
                if not mine > theirs:
                    continue
            cap = _ro3_cap(state, ab)
            if cap is not None:
                if used[ro3_rule(u.type, ab)] >= cap:
                    continue
                used[ro3_rule(u.type, ab)] += 1
            if ab.targets and not types:
                continue
            out.setdefault(u.uid, []).append((val, types, tuple(ab.domains)))
    return out


def _chooser(state: GameState, b: Battle, u: Unit, side: str, role: str) -> tuple[str, tuple[str, ...]]:
    """chooses_casualty: (the firing side, the domains it picks among) when it applies."""
    ch = state.utype(u).ability("chooses_casualty")
    if ch is None or role not in ch.on:
        return "", ()
    if ch.terrain and not any(t in space_terrain(state, b.space, u.owner) for t in ch.terrain):
        return "", ()
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    if not any(state.utype(e).domain in ch.domains for e in enemy):
        return "", ()
    return side, tuple(ch.domains)


def _classify(state: GameState, b: Battle, step: str, side: str, shooters: list[tuple[Unit, int]],
              faces: list[int]) -> tuple[list[tuple[str, int, int]], dict[PoolKey, int]]:
    """The dice of (unit, value) pairs (faces in shooter order): the roll record
    (type, value needed, face) and the hits grouped by target restriction."""
    role = "attack" if side == "attacker" else "defense"
    st = fire_step(step)
    special_steps = st.unit_specials
    specials = _specials(state, b, side, role, shooters) if special_steps else {}
    rolls: list[tuple[str, int, int]] = []
    pools: dict[PoolKey, int] = {}
    k = 0
    drop_types = st.hit_types(state, b)
    shot_domains = st.shot_domains(state, b)
    for n_shot, (u, value) in enumerate(shooters):
        ut = state.utype(u)
        excl = barred_domains(ut)
        fap = fleet_air_penalty(state, b, u, role) if ut.abilities else None
        if fap is not None and not fap[1] and AIR not in excl:
            excl = excl + (AIR,)  # seed 000 G53: a carrierless fleet cannot hit aircraft
        only: tuple[str, ...] = ()
        if shot_domains is not None:
            only = (shot_domains[n_shot],) if n_shot < len(shot_domains) else ("air",)
        chooser = ""
        if special_steps:
            hits_only = only_domains(ut, role)
            if hits_only is not None:
                only = _restrict(only, hits_only)
            chooser, cdoms = _chooser(state, b, u, side, role)
            if chooser:
                only = _restrict(only, cdoms)
        spec = specials.get(u.uid, [])
        top = max([value] + [v for v, _, _ in spec])
        for _ in range(n_dice(state, u)):
            d = faces[k]
            k += 1
            rolls.append((u.type, top, d))
            pkey: PoolKey | None = None
            if drop_types is not None:
                pkey = ((), False, (), drop_types, "") if d <= value else None
            elif d <= value:
                pkey = (excl, ut.domain == AIR, only, (), chooser)
            else:
                for v, types, doms in spec:
                    if d <= v:
                        pkey = (excl, ut.domain == AIR, _restrict(only, doms), types, chooser)
                        break
            if pkey is not None:
                pools[pkey] = pools.get(pkey, 0) + 1
    return rolls, pools


def _roll_step(state: GameState, b: Battle, step: str, side: str,
               shooters: list[tuple[Unit, int]], classify: bool) -> Battle:
    """Roll the step's dice and record them (hits not assigned yet; without `classify`
    the values needed are filled in by `_conclude`)."""
    faces: list[int] = []
    uids: list[int] = []
    for u, _v in shooters:
        k = n_dice(state, u)
        faces.extend(dice.roll(state, k))
        uids.extend([u.uid] * k)
    if classify:
        rolls, pools = _classify(state, b, step, side, shooters, faces)
        roll = Roll(step, side, tuple(rolls), sum(pools.values()), uids=tuple(uids))
    else:
        dl = tuple((state.units[uid].type, 0, d) for uid, d in zip(uids, faces, strict=True))
        roll = Roll(step, side, dl, 0, uids=tuple(uids))
    return _replace(b, rolls=b.rolls + (roll,))


def _conclude(state: GameState, shot: tuple[str, list[tuple[Unit, int]], bool] | None = None) -> None:
    """Count the hits of the last roll (after any reroll) into casualty pools, then go
    on: a casualty choice, or the next step. `shot`: step_shooters of the roll's step
    when the caller has it."""
    b = state.zone.battle
    assert b is not None and b.rolls
    roll = b.rolls[-1]
    side, shooters, immediate = shot or step_shooters(state, b, roll.step)
    faces = [d for _, _, d in roll.dice]
    rolls, pools = _classify(state, b, roll.step, side, shooters, faces)
    target_side = "defender" if side == "attacker" else "attacker"
    pools = _merge_moot_restrictions(state, b, side, target_side, pools)
    total = sum(pools.values())
    order = sorted(pools.items(), key=lambda kv: (not kv[0][4], not kv[0][3], not kv[0][2],
                                                   not kv[0][0], not kv[0][1]))
    new_pools = tuple(Pool(target_side, n, exclude_domains=k[0], from_air=k[1], immediate=immediate,
                           only_domains=k[2], only_types=k[3], chooser=k[4])
                      for k, n in order)
    who = state.scenario.player(b.attacker).name if side == "attacker" else defender_name(state, b)
    void = _void_hits(state, b, new_pools)
    if void and roll.uids and fire_step(roll.step).unit_specials:
        # the dice of a unit that can hit no enemy here show in the strip's "no fire"
        # column, not as hits at its value (seed 000 TORPEDO BOMBER over land)
        enemy = alive(state, side_units(state, b, target_side))
        role = "attack" if side == "attacker" else "defense"
        blind = {uid for uid in set(roll.uids) if not can_hurt(state, [state.units[uid]], enemy, role)}
        rolls = [(t, 0, d) if uid in blind else (t, need, d)
                 for (t, need, d), uid in zip(rolls, roll.uids, strict=True)]
    if rolls:
        hits = hits_text(total, void) if fire_step(roll.step).scores_hits else "rolled"
        if roll.rerolled:
            was = " ".join(str(roll.first[i]) for i in roll.rerolled)
            now = " ".join(str(faces[i]) for i in roll.rerolled)
            state.add_log(f"  {who} rerolls {was} -> {now} (reconnaissance): "
                          f"{' '.join(str(f) for f in faces)} -> {hits}")
        else:
            step = step_name(roll.step, grammar.name_plural(state.scenario, who))
            state.add_log(f"  {who} {step}: {' '.join(str(f) for f in faces)} -> {hits}")
    b = _replace(b, rolls=b.rolls[:-1] + (replace(roll, dice=tuple(rolls), hits=total, void=void),),
                 pools=b.pools + new_pools, awaiting="roll")
    b = _drop_empty_pools(state, b)
    if b.pools:
        state.zone.battle = _replace(b, awaiting="casualties")
        return
    state.zone.battle = b
    settle(state)


# --- reconnaissance rerolls ------------------------------------------------------
def _ruleset_has_recon(state: GameState) -> bool:
    rs = state.ruleset
    return derived(rs, "has_reconnaissance",
                   lambda: any(ut.has("reconnaissance") for ut in rs.units.values()))


def reroll_allowance(state: GameState, b: Battle, side: str) -> tuple[int, tuple[str, ...]]:
    """(rerolls the side has left this round, unit ids whose dice it may reroll):
    `rerolls` per reconnaissance unit in the battle (still there this round), at most
    the Rule of Three's number per round when the ability is marked."""
    total = 0
    ro3 = False
    refs: list[str] = []
    for u in side_units(state, b, side):
        for ab in state.utype(u).abilities_named("reconnaissance"):
            total += ab.rerolls
            ro3 = ro3 or ab.rule_of_three
            refs.extend(r for r in ab.dice_of if r not in refs)
    cap = state.ruleset.rule_of_three
    if ro3 and cap is not None:
        total = min(total, cap)
    used = sum(1 for s, _ in b.recon_used if s == side)
    return max(0, total - used), state.ruleset.expand_all(refs)


def reroll_eligible(state: GameState, b: Battle | None = None) -> list[int]:
    """Indices into the last roll's dice that the rolling side may reroll now: dice of
    `dice_of` units that have not had a reroll this round (empty when none is left)."""
    b = b or state.zone.battle
    if b is None or not b.rolls or not _ruleset_has_recon(state):
        return []
    roll = b.rolls[-1]
    if not fire_step(roll.step).recon or roll.rerolled or not roll.uids:
        return []
    left, types = reroll_allowance(state, b, roll.side)
    if left <= 0 or not types:
        return []
    used = {uid for s, uid in b.recon_used if s == roll.side}
    return [i for i, (t, _v, _d) in enumerate(roll.dice) if t in types and roll.uids[i] not in used]


def reroll_limit(state: GameState) -> int:
    """How many dice the side may reroll now (one per reconnaissance unit, Rule of Three)."""
    b = state.zone.battle
    if b is None or not b.rolls:
        return 0
    return reroll_allowance(state, b, b.rolls[-1].side)[0]


def default_reroll(state: GameState) -> tuple[int, ...]:
    """The default choice (computer players, the UI's default button): reroll the
    missed eligible dice of the highest value needed, one per unit, up to the limit."""
    b = state.zone.battle
    if b is None or not b.rolls:
        return ()
    roll = b.rolls[-1]
    misses = [i for i in reroll_eligible(state, b) if roll.dice[i][2] > roll.dice[i][1]]
    misses.sort(key=lambda i: (-roll.dice[i][1], i))
    out: list[int] = []
    seen: set[int] = set()
    for i in misses:
        if len(out) >= reroll_limit(state):
            break
        if roll.uids[i] in seen:
            continue
        seen.add(roll.uids[i])
        out.append(i)
    return tuple(sorted(out))


def reroll(state: GameState, indices: tuple[int, ...]) -> None:
    """Reroll these dice of the last roll (reconnaissance); () keeps the dice."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "reroll":
        raise IllegalAction("There are no dice to reroll now.")
    roll = b.rolls[-1]
    if indices:
        ok = set(reroll_eligible(state, b))
        limit = reroll_limit(state)
        if len(set(indices)) != len(indices):
            raise IllegalAction("A die can be rerolled only once.")
        bad = [i for i in indices if i not in ok]
        if bad:
            raise IllegalAction(f"Die {bad[0] + 1} cannot be rerolled: only dice of "
                                f"{', '.join(state.ruleset.units[t].name for t in reroll_allowance(state, b, roll.side)[1])}"
                                f" that have had no reroll this round.")
        if len(indices) > limit:
            raise IllegalAction(f"At most {limit} reroll{'s' if limit != 1 else ''} now "
                                f"(one per reconnaissance unit, Rule of Three).")
        owners = [roll.uids[i] for i in indices]
        if len(set(owners)) != len(owners):
            raise IllegalAction("Each unit gets at most one reroll per round (one-to-one).")
        order = sorted(indices)
        new = dice.roll(state, len(order))
        dl = list(roll.dice)
        for i, d in zip(order, new, strict=True):
            t, v, _ = dl[i]
            dl[i] = (t, v, d)
        roll = replace(roll, dice=tuple(dl), rerolled=tuple(order),
                       first=tuple(d for _, _, d in b.rolls[-1].dice))
        b = _replace(b, rolls=b.rolls[:-1] + (roll,),
                     recon_used=b.recon_used + tuple((roll.side, roll.uids[i]) for i in order))
    state.zone.battle = b
    _conclude(state)


def _merge_moot_restrictions(state: GameState, b: Battle, side: str, target_side: str,
                             pools: dict[PoolKey, int]) -> dict[PoolKey, int]:
    """Drop target restrictions that exclude none of the units now in the battle
    (say, submarine hits when the enemy has no aircraft), so the player makes one
    casualty choice instead of several that mean the same."""
    targets = alive(state, side_units(state, b, target_side))
    ftypes = {u.type for u in side_units(state, b, side)}
    domains = {state.utype(t).domain for t in targets}

    def evades(t: Unit) -> bool:
        ev = state.utype(t).ability("evades_air")
        return ev is not None and not any(x in ftypes for x in ev.unless_enemy_has)

    any_evader = any(evades(t) for t in targets)
    merged: dict[PoolKey, int] = {}
    for (excl, from_air, only, types, chooser), n in pools.items():
        if excl and not domains & set(excl):
            excl = ()
        if from_air and not any_evader:
            from_air = False
        if only and domains <= set(only):
            only = ()
        key = (excl, from_air, only, types, chooser)
        merged[key] = merged.get(key, 0) + n
    return merged


def step_title(step: str) -> str:
    """The step's display title (its class's `title`; the id of an unknown step)."""
    st = step_by_name(step)
    return st.title if st is not None else step


def step_name(step: str, plural: bool = False) -> str:
    """The title after a subject: 'Germany fires', 'Germans fire', 'Germans first strike'
    (a verb title agrees with the subject, a noun one does not)."""
    st = step_by_name(step)
    if st is None:
        return step
    return grammar.phrase(st.title, plural) if st.verb else st.title


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


def step_shooters(state: GameState, b: Battle, step: str) -> Shot:
    """(firing side, [(unit, value)], casualties removed immediately) for a step."""
    return fire_step(step).shooters(state, b)


def attacker_shots(state: GameState, b: Battle, first_strike: bool) -> Shot:
    """The attacker's first strike or fire: its units alive whose first strike is (or is
    not) in force, at their attack values."""
    att = alive(state, attackers(state, b))
    dfn_alive = alive(state, defenders(state, b))
    bonus = support_bonus(state, att, "attack")
    return "attacker", [(u, fire_value(state, b, u, "attack", bonus)) for u in att
                        if first_strike_active(state, u, dfn_alive, "attack", b.round) == first_strike
                        and _fires(state, b, u, "attack", bonus)
                        and not state.utype(u).has("defenseless")], False


def defender_shots(state: GameState, b: Battle, first_strike: bool) -> Shot:
    """The defender's first strike (with the units the attacker's first strike just
    sank) or fire (with the marked casualties of the round), at defense values."""
    att = alive(state, attackers(state, b))
    dfn = defenders(state, b)  # marked casualties still fire in def_fire
    struck = set(b.struck)
    shooters = [u for u in dfn if u.damage < state.utype(u).hits or u.uid in struck] \
        if first_strike else dfn
    bonus = support_bonus(state, shooters, "defense")
    return "defender", [(u, fire_value(state, b, u, "defense", bonus)) for u in shooters
                        if first_strike_active(state, u, att, "defense", b.round) == first_strike
                        and _fires(state, b, u, "defense", bonus)
                        and defends_against(state, u, att)
                        and not state.utype(u).has("defenseless")], True


def airborne_target(state: GameState, u: Unit) -> bool:
    """An attacker that flew in by self_airlift with `aa_exposed`: AAA fires at it."""
    if not u.airborne:
        return False
    sa = state.utype(u).ability("self_airlift")
    return sa is not None and sa.aa_exposed


def aa_shots(state: GameState, att: list[Unit], dfn_alive: list[Unit]) -> list[tuple[Unit, int, str]]:
    """Anti-aircraft dice: (AAA unit, value, target) with target "air" (one die per
    attacking aircraft, at most `shots` per AAA, never more dice in all than aircraft) and,
    separately and by the same rule, "airborne" (paratroopers that flew in, seed 002)."""
    shots: list[tuple[Unit, int, str]] = []
    budget = None
    n_para = sum(1 for x in att if airborne_target(state, x))
    para_budget = n_para
    for u in dfn_alive:
        aa = state.utype(u).ability("anti_aircraft")
        if aa is None:
            continue
        if budget is None:
            budget = sum(1 for x in att if state.utype(x).domain in aa.targets
                         and not state.utype(x).has("noncombatant"))
        if budget:
            for _ in range(min(aa.shots, budget)):
                shots.append((u, aa.value, "air"))
            budget -= min(aa.shots, budget)
        if para_budget and AIR in aa.targets:
            for _ in range(min(aa.shots, para_budget)):
                shots.append((u, aa.value, AIRBORNE))
            para_budget -= min(aa.shots, para_budget)
    return shots


def _fires(state: GameState, b: Battle, u: Unit, role: str, bonus: dict[int, int]) -> bool:
    """Rolls in this role: an ordinary value, a round value in force (seed 000 PARATROOPERS:
    2 in round one when airdropped, so 1 out of supply although their ordinary 1 - 1 is 0),
    or a special value (value_against)."""
    if unit_value(state, u, role, bonus, firing_damage(b, u)) > 0:
        return True
    if _plain_fire_value(state, b, u, role, bonus) > 0:
        return True
    return any((ab.attack if role == "attack" else ab.defense) > 0
               for ab in state.utype(u).abilities_named("value_against"))


def settle(state: GameState) -> Shot | None:
    """Walk the steps (steps.STEPS) through those that need no dice (skipped steps,
    removals, the end of the round) and stop before the next step that rolls. Returns
    that step's shooters when it stopped there (awaiting "roll"), else None."""
    b = state.zone.battle
    assert b is not None
    while True:
        st = STEPS[b.step]
        if not isinstance(st, FireStep):
            if not st.applies(state, b):
                b = _replace(b, step=b.step + 1)
                continue
            nb = st.run(state, b)
            if nb is None:
                return None
            b = nb
            continue
        # airdropped cargo lands once the interception is over
        if b.drops and b.step > step_index("intercept") and not b.pools:
            b = drop_cargo(state, b)
        if not st.applies(state, b):
            b = _replace(b, step=b.step + 1)
            continue
        b, wait = st.before_roll(state, b)
        if wait:
            return None
        shot = st.shooters(state, b)
        if not shot[1]:
            b = _replace(b, step=b.step + 1)
            continue
        state.zone.battle = _replace(b, awaiting="roll")
        return shot


def advance(state: GameState) -> None:
    """Roll the dice of the next step that has shooters, then settle (or wait for the
    rolling side's reroll decision, `awaiting == "reroll"`)."""
    shot = settle(state)
    b = state.zone.battle
    if b is None or b.awaiting != "roll":
        return
    st = STEPS[b.step]
    assert isinstance(st, FireStep)
    if shot is None:
        shot = st.shooters(state, b)
    side, shooters, _immediate = shot
    recon = st.recon and _ruleset_has_recon(state) and any(
        state.utype(u).has("reconnaissance") for u in side_units(state, b, side))
    state.zone.battle = _roll_step(state, _replace(b, step=b.step + 1), st.name, side, shooters, recon)
    if recon and default_reroll(state):  # a miss worth rerolling: the side decides
        b = state.zone.battle
        roll = b.rolls[-1]
        who = state.scenario.player(b.attacker).name if side == "attacker" else defender_name(state, b)
        state.add_log(f"  {who} {st.title}: {' '.join(str(d) for _, _, d in roll.dice)} "
                      f"-> {roll.hits} hit{'s' if roll.hits != 1 else ''}; may reroll "
                      f"{reroll_limit(state)} (reconnaissance)")
        state.zone.battle = _replace(b, awaiting="reroll")
        return
    _conclude(state, shot)


def _void_hits(state: GameState, b: Battle, pools: tuple[Pool, ...]) -> int:
    """Hits of a roll that no enemy unit in the battle could take: a torpedo bomber's
    over a land battle ("This unit may only damage naval targets", seed 000 TORPEDO
    BOMBER), a submarine's against aircraft only. They are lost; the log and the battle
    window say so instead of showing hits that remove nothing."""
    void = 0
    for p in pools:
        targets = alive(state, side_units(state, b, p.side))
        if effective_hits(state, p, targets, firing_types_of(state, b, p)) == 0:
            void += p.hits
    return void


def hits_text(total: int, void: int = 0) -> str:
    """'2 hits'; '0 hits (2 with no target)' when some hits can hit no enemy unit."""
    n = total - void
    text = f"{n} hit{'s' if n != 1 else ''}"
    return f"{text} ({void} with no target)" if void else text


def _drop_empty_pools(state: GameState, b: Battle) -> Battle:
    pools = list(b.pools)
    while pools:
        targets = side_units(state, b, pools[0].side)
        ftypes = firing_types_of(state, b, pools[0])
        if effective_hits(state, pools[0], targets, ftypes) > 0:
            break
        pools.pop(0)
    return _replace(b, pools=tuple(pools))


def take_casualties(state: GameState, choice: tuple[int, ...]) -> None:
    b = state.zone.battle
    assert b is not None and b.pools
    pool = b.pools[0]
    check_casualties(state, b, pool, choice)
    lost: list[str] = []
    marked = list(b.marked)
    struck = list(b.struck)
    hurt = dict(b.hurt)
    fired = STEPS[b.step - 1] if b.step > 0 else None
    held = isinstance(fired, FireStep) and fired.holds_struck  # removed after the enemy's reply
    for uid in choice:
        u = state.units[uid]
        if not pool.immediate and not held:
            hurt.setdefault(uid, u.damage)   # fires back this round as it was (firing_damage)
        u2 = _damaged(u)
        state.units[uid] = u2
        if u.damage == 0 and u2.damage < state.utype(u2).hits and state.utype(u2).has("grounded_when_damaged"):
            _launch_fighting_aircraft(state, b, u2)
        if u2.damage >= state.utype(u2).hits:
            lost.append(state.utype(u2).name)
            if pool.immediate:
                b = _remove_casualty(state, b, uid)
            elif held:
                struck.append(uid)  # removed after the defender's first strike
            else:
                marked.append(uid)
        else:
            lost.append(f"{state.utype(u2).name} (damaged)")
    if lost:
        side_name = (state.scenario.player(b.attacker).name if pool.side == "attacker"
                     else defender_name(state, b))
        state.add_log(f"  {side_name} loses: {', '.join(lost)}")
    b = _replace(b, pools=b.pools[1:], marked=tuple(marked), struck=tuple(struck), hurt=tuple(hurt.items()))
    b = _drop_empty_pools(state, b)
    if b.pools:
        state.zone.battle = _replace(b, awaiting="casualties")
        return
    if pool.immediate and not b.raid and not _both_sides_alive(state, b):
        b = _replace(b, step=step_index("remove"))  # a side is gone: end the round
    state.zone.battle = _replace(b, awaiting="roll")
    settle(state)


def _damaged(u: Unit) -> Unit:
    return unit_replace(u, damage=u.damage + 1)


def _launch_fighting_aircraft(state: GameState, b: Battle, carrier: Unit) -> None:
    """A carrier with grounded_when_damaged is damaged in a battle: the aircraft from it
    that fight in this battle are in the air and must land elsewhere later; aircraft
    aboard as cargo (an allied power's, on the attacker's carrier) are trapped aboard."""
    for c in state.cargo_of(carrier.uid):
        if c.owner == b.attacker or state.at_war(c.owner, b.attacker):
            state.units[c.uid] = replace(c, carried_by=None)


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


def can_submerge(state: GameState, u: Unit) -> str:
    """Why this unit cannot submerge now ("" if it can): seed 001, Submersible."""
    b = state.zone.battle
    ut = state.utype(u)
    sub = ut.ability("submersible")
    if b is None or sub is None:
        return f"{ut.name} cannot submerge."
    if b.awaiting not in ("roll", "continue"):
        return "Submarines submerge only when they could otherwise roll."
    side = "attacker" if u.owner == b.attacker else "defender"
    if u.uid not in {x.uid for x in alive(state, side_units(state, b, side))}:
        return f"{ut.name} is not in this battle."
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    kinds = set(state.ruleset.expand_all(sub.unless_enemy_has))
    if any(e.type in kinds for e in enemy):
        names = ", ".join(sorted({state.utype(e).name for e in enemy if e.type in kinds}))
        return f"{ut.name} cannot submerge: an enemy {names} is in the battle."
    return ""


def submerge(state: GameState, uids: tuple[int, ...]) -> None:
    """Submerge these submarines: they leave the battle and stay in the sea zone."""
    b = state.zone.battle
    if b is None:
        raise IllegalAction("There is no battle.")
    if not uids:
        raise IllegalAction("Choose submarines to submerge.")
    owners = set()
    for uid in uids:
        u = state.units.get(uid)
        if u is None:
            raise IllegalAction(f"No unit {uid}.")
        why = can_submerge(state, u)
        if why:
            raise IllegalAction(why)
        owners.add(u.owner)
    if len(owners) != 1:
        raise IllegalAction("Submerge one player's submarines at a time.")
    b = _replace(b, submerged=b.submerged + tuple(uids))
    who = state.scenario.player(owners.pop()).name
    state.add_log(f"  {who}: {len(uids)} submarine(s) submerge.")
    if not _both_sides_alive(state, b):
        state.zone.battle = _replace(b, step=step_index("remove"), awaiting="roll")
        settle(state)
        return
    state.zone.battle = b


def _remove_casualty(state: GameState, b: Battle, uid: int) -> Battle:
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


def _marked_fire_back(state: GameState, b: Battle) -> bool:
    """Are attackers left for the defender's marked casualties (hit by the shore
    bombardment) to fire back at, though no defender is alive?"""
    return bool(b.marked) and bool(alive(state, attackers(state, b))) \
        and any(uid in state.units for uid in b.marked)


def _both_sides_alive(state: GameState, b: Battle) -> bool:
    return bool(alive(state, attackers(state, b))) and bool(alive(state, defenders(state, b)))


def can_hurt(state: GameState, shooters: list[Unit], targets: list[Unit], role: str) -> bool:
    """Could any shooter ever assign a hit to any target?"""
    ttypes = {u.type for u in shooters}
    for s in shooters:
        st = state.utype(s)
        val = st.value(role, s.damage)
        if val <= 0 and not st.has("supported_by") and not st.has("value_against") \
                and not hooks(st, ValueHook):
            continue  # (anti-aircraft fire happens only before the first round)
        if st.has("defenseless"):
            continue
        barred, only = barred_domains(st), only_domains(st, role)
        for t in targets:
            tt = state.utype(t)
            if tt.domain in barred or (only is not None and tt.domain not in only):
                continue
            ev = tt.ability("evades_air")
            if st.domain == AIR and ev is not None and not any(x in ttypes for x in ev.unless_enemy_has):
                continue
            return True
    return False


def end_round(state: GameState) -> None:
    b = state.zone.battle
    assert b is not None
    if b.drops:
        b = drop_cargo(state, b)
    for uid in b.marked + b.struck:
        b = _remove_casualty(state, b, uid)
    b = _replace(b, marked=(), struck=(), pools=(), step=0, recon_used=(), hurt=())
    state.zone.battle = b
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if not att or not dfn:
        finish(state)
        return
    # defenceless units alone against an enemy that can hit them are lost
    for side_units_, enemy, role in ((att, dfn, "defense"), (dfn, att, "attack")):
        if all(state.utype(u).has("defenseless") for u in side_units_) and can_hurt(state, enemy, side_units_, role):
            for u in side_units_:
                b = _remove_casualty(state, b, u.uid)
            state.add_log(f"  {len(side_units_)} defenceless unit(s) lost")
    state.zone.battle = b
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if dfn and att and _captured_defenders(state, b, att, dfn):
        return
    if not att or not dfn:
        finish(state)
        return
    if not can_hurt(state, att, dfn, "attack") and not can_hurt(state, dfn, att, "defense"):
        state.add_log("  Neither side can hurt the other: the battle ends.")
        finish(state, stalemate=True)
        return
    state.zone.battle = _replace(b, round=b.round + 1, awaiting="continue")


def _captured_defenders(state: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> bool:
    """capturable (territory_captured): defenders left that are all such units (AAA) in a
    land territory the attacker can take switch sides; the attacker wins."""
    from ..movement import captured_on_entry
    if state.scenario.spaces[b.space].kind != LAND or not all(captured_on_entry(state, u) for u in dfn):
        return False
    if not any(state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture") for u in att):
        return False
    for u in dfn:
        state.units[u.uid] = replace(u, owner=b.attacker)
    finish(state)
    owner = state.owners.get(b.space) or b.attacker
    for u in dfn:
        state.units[u.uid] = replace(state.units[u.uid], owner=owner, moved=state.utype(u).move)
        state.add_log(f"  {state.utype(u).name} in {state.scenario.spaces[b.space].name} is captured.")
    return True


def finish(state: GameState, stalemate: bool = False) -> None:
    from .. import production  # capture rules live with ownership/income
    b = state.zone.battle
    assert b is not None
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    sp = state.scenario.spaces[b.space]
    if stalemate:
        pass
    elif att and not dfn:
        captors = [u for u in att if state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture")]
        if sp.kind == LAND and captors:
            production.capture(state, b.space, b.attacker)
            rehome_interceptors(state, b)
            owner = state.owners.get(b.space) or b.attacker
            for t in b.prizes:  # capturable defenders lost: they change sides
                uid = state.next_uid
                state.next_uid += 1
                state.units[uid] = Unit(uid, t, owner, b.space, moved=state.utype(t).move,
                                        in_combat=True)
                state.add_log(f"  {state.utype(t).name} is captured.")
    outcome = ("stalemate" if stalemate else "attacker" if att and not dfn
               else "defender" if dfn and not att else "both_destroyed")
    state.zone.last_battle = BattleResult(b.space, b.attacker, defender_ids(state, b), outcome, rolls=b.rolls)
    if not stalemate:
        state.add_log(result_text(state, state.zone.last_battle))
    if sp.kind == SEA:
        rehome_aircraft(state, b.space)
    state.zone.battles = tuple(s for s in state.zone.battles if s != b.space)
    state.zone.battle = None


def rehome_aircraft(state: GameState, space: str) -> None:
    """After a sea battle, defending aircraft beyond carrier room fly one space to a
    friendly territory, else to a friendly carrier with room in a bordering sea zone
    (seed 001: "move one space to a friendly carrier or territory"), or are lost."""
    from dataclasses import replace

    from ..movement import carrier_room, is_friendly_land
    flown = scramble.scrambled(state)   # they fly back to their bases later
    for pid in sorted({u.owner for u in state.units_in(space)}):
        if pid == state.player:
            continue  # the attacker's aircraft land in the non-combat move
        air = sorted((u for u in state.units.values() if u.space == space and u.owner == pid
                      and state.utype(u).domain == AIR and u.uid not in flown), key=lambda u: -u.uid)
        for u in air:
            if carrier_room(state, space, pid, exclude=flown) >= 0:
                break
            land = [s for s in state.scenario.spaces[space].adjacent if is_friendly_land(state, s, pid)]
            if land:
                state.units[u.uid] = replace(u, space=sorted(land)[0], carried_by=None)
                state.add_log(f"  {state.utype(u).name} flies to {state.scenario.spaces[sorted(land)[0]].name}")
            elif (c := _carrier_next_door(state, u, space)) is not None:
                state.units[u.uid] = replace(u, space=c.space, carried_by=c.uid)
                state.add_log(f"  {state.utype(u).name} flies to a carrier in {state.scenario.spaces[c.space].name}")
            else:
                remove_unit(state, u.uid)
                state.add_log(f"  {state.utype(u).name} has nowhere to land and is lost")


def stays_in_retreat(u: Unit) -> bool:
    """Airdropped (airborne) units stay when their side retreats (seed 000 PARATROOPERS,
    Airdrop: "Paratroopers may not withdraw from combat when airdropped")."""
    return u.airborne


def retreat_blocker(state: GameState, b: Battle) -> str:
    """Why the attacker cannot retreat now ("": it can, to one of `b.origins`). Units
    landed from the sea bar the whole retreat; airdropped units only stay behind, so
    they bar it only when nothing else is left to retreat."""
    if b.awaiting != "continue":
        return "Retreat is decided between rounds."
    att = alive(state, attackers(state, b))
    if any(u.amphibious for u in att):
        return "Units that landed from the sea cannot retreat."
    if att and all(stays_in_retreat(u) for u in att):
        return "Paratroopers that attacked from the air cannot retreat."
    return ""


def _carrier_next_door(state: GameState, u: Unit, space: str) -> Unit | None:
    """A friendly carrier with room for `u` in a sea zone bordering `space` that holds no
    enemy units (the lowest zone, then the lowest carrier id), or None."""
    from ..movement import carrier_room, enemies_in, grounded
    cost = state.utype(u).carrier_cost
    if cost is None:
        return None
    sps = state.scenario.spaces
    for zone in sorted(z for z in sps[space].adjacent if sps[z].kind == SEA):
        if enemies_in(state, zone, u.owner) or carrier_room(state, zone, u.owner) < cost:
            continue
        for c in state.units_in(zone):
            ab = state.utype(c).ability("carrier")
            if ab is None or state.at_war(c.owner, u.owner) or grounded(state, c):
                continue
            if ab.units and not state.utype(u).matches(ab.units):
                continue
            used = sum(state.utype(x).carrier_cost or 0 for x in state.cargo_of(c.uid))
            if ab.capacity - used >= cost:
                return c
    return None


def retreat(state: GameState, to: str) -> None:
    """All attackers leave to `to`, except airdropped units (a partial retreat): they
    fight on alone, and the battle goes on to its next round."""
    from dataclasses import replace
    b = state.zone.battle
    assert b is not None
    why = retreat_blocker(state, b)
    if why:
        raise IllegalAction(why)
    if to not in b.origins:
        names = ", ".join(state.scenario.spaces[s].name for s in b.origins) or "nowhere"
        raise IllegalAction(f"Attackers may retreat only to a space they came from: {names}.")
    att = attackers(state, b)
    staying = [u for u in alive(state, att) if stays_in_retreat(u)]
    att = [u for u in att if not stays_in_retreat(u)]
    for u in att:
        # a transport that retreats cannot offload this turn (movement.offload_block)
        state.units[u.uid] = replace(u, space=to, unloaded=u.unloaded or state.utype(u).has("transport"))
        for c in state.cargo_of(u.uid):
            state.units[c.uid] = replace(c, space=to)
    if staying:
        names = ", ".join(sorted({state.utype(u).name for u in att})) or "no unit"
        state.add_log(f"  {names} retreat to {state.scenario.spaces[to].name}; "
                      f"{len(staying)} airdropped unit(s) fight on.")
        return
    state.zone.last_battle = BattleResult(b.space, b.attacker, defender_ids(state, b), "retreat", to)
    state.add_log(result_text(state, state.zone.last_battle))
    if state.scenario.spaces[b.space].kind == SEA:
        rehome_aircraft(state, b.space)  # defenders whose carrier was sunk or damaged
    state.zone.battles = tuple(s for s in state.zone.battles if s != b.space)
    state.zone.battle = None


def start(state: GameState, space: str) -> None:
    """Open the battle in `space`; the first Roll fires its first step."""
    from dataclasses import replace
    player = state.player
    if state.zone.landings.get(space):
        scramble.lose_stranded(state, space)
    foes = sorted({u.owner for u in state.units_in(space)
                   if state.at_war(u.owner, player)})
    origins = tuple(sorted(state_origins(state).get(space, ())))
    bombard: list[int] = []
    for ship in bombarding_ships(state, space, player):
        bombard.append(ship.uid)
        state.units[ship.uid] = replace(ship, in_combat=True)
    drops = tuple(sorted(u.uid for u in state.units_in(space)
                         if u.owner == player and state.utype(u).has("interceptable")
                         and state.cargo_of(u.uid)))
    b = Battle(space=space, attacker=player, defenders=tuple(foes), origins=origins,
               bombard=tuple(bombard), drops=drops)
    if state.scenario.kamikaze is not None:
        from .. import kamikaze
        if kamikaze.targets(state, b):   # G40: kamikaze strikes come first
            b = replace(b, step=step_index("kamikaze"))
    att, dfn = attackers(state, b), defenders(state, b)
    if keeps_battle_start(state, att) or keeps_battle_start(state, dfn):
        b = replace(b, att_start=tuple(sorted({u.type for u in att})),
                    def_start=tuple(sorted({u.type for u in dfn})))
    state.zone.battle = scramble.begin(state, b)   # G40: a scramble comes before everything
    state.add_log(f"Battle in {state.scenario.spaces[space].name}.")


def bombarding_ships(state: GameState, space: str, player: str) -> list[Unit]:
    """Ships that would bombard an amphibious assault on `space`: the player's
    bombard-capable ships in a sea zone the assault came from, that fought no sea
    battle this turn, at most one per unit landed from the sea."""
    amph = [u for u in state.units_in(space) if u.owner == player and u.amphibious]
    if not amph or state.scenario.spaces[space].kind != LAND:
        return []
    zones = set(state.zone.landings.get(space, ()))
    ships = sorted((u for u in state.units.values()
                    if u.owner == player and state.utype(u).has("bombard") and not u.in_combat
                    and u.space in zones), key=lambda u: u.uid)
    return ships[:len(amph)]


def defender_ids(state: GameState, b: Battle) -> tuple[str, ...]:
    """The defending side as players say it: the territory's owner, or the fleets' owners."""
    owner = state.owners.get(b.space)
    return (owner,) if owner is not None and owner in b.defenders else tuple(b.defenders)


def defender_name(state: GameState, b: Battle) -> str:
    return " and ".join(state.scenario.player(p).name for p in defender_ids(state, b)) or "Defender"


def result_text(state: GameState, r: BattleResult, past: bool = False) -> str:
    """The sentence for a battle's end, its verb agreeing with the names ('Germans win')."""
    sc = state.scenario
    name = sc.spaces[r.space].name
    if r.outcome == "attacker":
        return f"{grammar.player_says(sc, r.attacker, 'wins')} the battle in {name}."
    if r.outcome == "defender":
        return f"{grammar.names_say(sc, r.defenders, 'holds')} {name}."
    if r.outcome == "retreat":
        to = sc.spaces[r.retreat_to].name if r.retreat_to else "where they came from"
        if past:
            return f"{sc.player(r.attacker).name} retreated to {to}."
        return f"{grammar.player_says(sc, r.attacker, 'retreats')} to {to}."
    if r.outcome == "stalemate":
        return f"Neither side can hurt the other: the battle in {name} ends."
    return f"Both sides are destroyed in {name}."


def state_origins(state: GameState) -> dict[str, tuple[str, ...]]:
    return state.zone.origins


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


def choose_interceptors(state: GameState, uids: tuple[int, ...] | None) -> None:
    """The defender's choice (`awaiting == "intercept"`): these fighters intercept (None:
    every one that may, the default); then the interception is rolled."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "intercept":
        raise IllegalAction("There is nothing to intercept now.")
    allowed = interceptor_choices(state, b)
    chosen = tuple(allowed) if uids is None else tuple(sorted(set(uids)))
    bad = [uid for uid in chosen if uid not in allowed]
    if bad:
        u = state.units.get(bad[0])
        name = state.utype(u).name if u else f"unit {bad[0]}"
        raise IllegalAction(f"{name} cannot intercept here: only defending fighters based in "
                            f"{state.scenario.spaces[b.space].name} can.")
    if chosen:
        names = ", ".join(state.utype(state.units[uid]).name for uid in chosen)
        why = "" if b.raid else " (they will not defend)"
        state.add_log(f"  {defender_name(state, b)} intercepts with {names}{why}.")
    state.zone.battle = _replace(b, interceptors=chosen, awaiting="roll")
    advance(state)


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


# --- withdrawal of single units (seed 000 AUXILIARY CRUISER, G45) ------------------------
def withdraw_options(state: GameState) -> dict[int, list[str]]:
    """Units that may withdraw now (between rounds, `withdraws`, having survived round
    `after_round`), attacking or defending, with the bordering sea zones holding no enemy
    ship they may go to: uid -> zones (sorted)."""
    b = state.zone.battle
    if b is None or b.awaiting != "continue" or state.scenario.spaces[b.space].kind != SEA:
        return {}
    out: dict[int, list[str]] = {}
    for u in alive(state, attackers(state, b)) + alive(state, defenders(state, b)):
        wd = state.utype(u).ability("withdraws")
        if wd is None or b.round - 1 < wd.after_round:
            continue
        zones = sorted(z for z in state.scenario.spaces[b.space].adjacent
                       if state.scenario.spaces[z].kind == SEA
                       and not any(state.at_war(e.owner, u.owner) and state.utype(e).domain == SEA
                                   for e in state.units_in(z)))
        if zones:
            out[u.uid] = zones
    return out


def withdraw(state: GameState, uids: tuple[int, ...], to: str) -> None:
    """Withdraw these units (all of one side) to `to`; the battle ends if a side is gone."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "continue":
        raise IllegalAction("Units withdraw between rounds.")
    allowed = withdraw_options(state)
    if not uids:
        raise IllegalAction("Choose the units to withdraw.")
    for uid in uids:
        u = state.units.get(uid)
        if uid not in allowed:
            name = state.utype(u).name if u else f"unit {uid}"
            raise IllegalAction(f"{name} cannot withdraw now: only units that may withdraw "
                                f"(auxiliary cruisers), after surviving the first round.")
        if to not in allowed[uid]:
            raise IllegalAction(f"{state.scenario.spaces[to].name if to in state.scenario.spaces else to}"
                                f" is not a bordering sea zone free of enemy ships.")
    if len({state.units[uid].owner for uid in uids}) != 1:
        raise IllegalAction("Withdraw one side's units at a time.")
    for uid in uids:
        u = state.units[uid]
        state.units[uid] = replace(u, space=to)
        for c in state.cargo_of(uid):
            state.units[c.uid] = replace(c, space=to)
    names = ", ".join(state.utype(state.units[uid]).name for uid in uids)
    state.add_log(f"  {names} withdraw{'s' if len(uids) == 1 else ''} to {state.scenario.spaces[to].name}.")
    if not alive(state, attackers(state, b)) or not alive(state, defenders(state, b)):
        finish(state)
