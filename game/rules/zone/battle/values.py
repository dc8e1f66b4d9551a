"""What a unit fires at in a zone battle: support bonuses, terrain and value hooks, fire
values and dice, first strike, and the shooters (with their values) of the attacker's,
the defender's and the AA fire."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

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
from ...model import AIR, SEA, Battle, GameState, Unit
from .. import supply
from .sides import AIRBORNE, airborne_target, alive, attackers, defenders

if TYPE_CHECKING:
    from .steps import Shot


# --- values ---------------------------------------------------------------------
def ro3_cap(state: GameState, ab: object) -> int | None:
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
    types = rs.units
    free: dict[str, int] = {}
    for u in units:
        free[u.type] = free.get(u.type, 0) + 1
    bonus: dict[int, int] = {}
    ro3_used: Counter[tuple[str, object]] = Counter()
    ordered = sorted(units, key=lambda x: x.uid)
    # (only units with a supported_by ability claim supporters: the others are skipped
    # before the claim order, which keeps its order among those left)
    claimants = [u for u in ordered if hooks(types[u.type], SupportedBy)]
    for u in support_claim_order(claimants, state.utype) if claimants else ():
        ut = types[u.type]
        for ab in hooks(ut, SupportedBy):
            if role not in ab.on:
                continue
            if u.amphibious and "amphibious" in ab.not_in and not ut.has("no_amphibious_penalty"):
                continue
            if u.airborne and "airborne" in ab.not_in:
                continue
            cap = ro3_cap(state, ab)
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
            cap = ro3_cap(state, ab)
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
    round-bound value hooks), less the fleet air defence penalty. In a bombing raid
    (G40) the one round of air combat is fought at the air battle values."""
    if b.raid:
        from ..raids import air_value
        return air_value(state, u, role)
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
