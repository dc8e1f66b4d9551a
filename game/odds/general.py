"""Exact odds tables for unit values that depend on more than the unit type (seed 000).

The vectorised tables of exact.py give every unit of a type the same value (apart from
one-to-one support). This module builds the same tables — hist[c, stage, pool, h, v]
and the eligibility of each hit pool — by evaluating, for every state h of a side
(which units are alive, and the damage of each, for the fixed order of loss), each
unit's value the way `game.rules.zone.battle` does:

- damaged values (capital ships, the juggernaut's three states): `UnitType.value` with
  the unit's damage at h; the defender's units hit by the attacker's ordinary fire fire
  back as they were (kernel._def_fire_key: damage counts after the round), those hit by a
  first strike with their new damage (kernel._def_key);
- support (one-to-one, abilities.support_claim_order over the listed order = the
  game's uid order, Rule of Three per rule) and
  fortifications (`fortifies`: one_to_one / all, Rule of Three);
- value modifiers (abilities.ValueHook: terrain and round values);
- defends_only_against: the unit defends only while the attackers include those domains
  (a context bit), and its hits may only go to units of those domains (a pool);
- fleet_air_defense / gun_director (G53): a defending ship facing attacking aircraft
  fires at -penalty and cannot hit aircraft unless a friendly carrier (or a gun
  director) is still alive after the attacker's hits (a defender "post" feature).

Contexts: a side's context id at state h is the index of the tuple of presence bits
(type sets) that change how the enemy fires or what its hits may reach; the defender's
tables have FD post features each (dist index = enemy context * FD + post feature).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from game.rules.abilities.hooks import (
    ValueHook,
    barred_domains,
    hooked_value,
    hooks,
    only_domains,
    support_claim_order,
    unit_dice,
)
from game.rules.abilities.values import value_context
from game.rules.memo import derived
from game.rules.model import AIR, LAND, Ruleset, UnitType

from .model import BattleSpec

# (excluded domains, from air, only domains, only types, linked special dice)
PoolKey = tuple[tuple[str, ...], bool, tuple[str, ...], tuple[str, ...], bool, bool]   # + chooser
# linked special dice of a step: (ordinary pool, [(special pool, value, special value, dice)])
Links = tuple[int, list[tuple[int, int, int, int]]]


def has_damaged_values(ut: UnitType) -> bool:
    return any(v != (ut.attack, ut.defense) for v in ut.damaged[:max(0, ut.hits - 1)])


def needs_general(spec: BattleSpec) -> bool:
    """Does this battle need the per-unit tables (an ability that says so for this
    battle's terrain, Ability.per_unit_odds, or damage-dependent values)?"""
    from .api import lost_aboard
    rs = spec.ruleset
    if lost_aboard(spec, spec.defender):
        return True   # G58: a carrier listed before its aircraft (exact._cap_map)
    for t in set(spec.attacker) | set(spec.defender):
        ut = rs.units[t]
        if has_damaged_values(ut):
            return True
        if any(ab.per_unit_odds(spec.terrain_tags) for ab in ut.abilities):
            return True
    return False


def _domain_types(rs: Ruleset, domains: tuple[str, ...]) -> frozenset[str]:
    return derived(rs, ("odds.domain_types", domains),
                   lambda: frozenset(t for t, ut in rs.units.items() if ut.domain in domains))


@dataclass
class UnitsAt:
    """One side's alive units at each state: [(listed index, type, damage)]."""
    rows: list[list[tuple[int, str, int]]]

    @staticmethod
    def build(spec: BattleSpec, units: list[str], damage: list[int]) -> UnitsAt:
        rs = spec.ruleset
        N = len(units)
        extra = [max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True)]
        owner = [k for k in range(N) for _ in range(extra[k])]   # extra slots, listed order
        A = len(owner)
        rows: list[list[tuple[int, str, int]]] = []
        for h in range(A + N + 1):
            dmg = list(damage)
            for s in range(min(h, A)):
                dmg[owner[s]] += 1
            first = max(0, h - A)
            rows.append([(k, units[k], dmg[k]) for k in range(first, N)])
        return UnitsAt(rows)

    def present(self, h: int, tset: frozenset[str]) -> bool:
        return any(t in tset for _, t, _ in self.rows[h])


def _matching(rs: Ruleset, ab: Any) -> frozenset[str]:
    """Unit types a value_against hit may go to (its targets, or its domains)."""
    types = set(rs.expand_all(ab.targets)) if ab.targets else set()
    return frozenset(types | set(_domain_types(rs, tuple(ab.domains))))


def count_sets(spec: BattleSpec, enemy: list[str], enemy_role: str) -> list[tuple[frozenset[str], int]]:
    """(type set, cap): counts of a side's units that `enemy`'s conditional special values
    compare with (seed 000 CAVALRY, Charge!: "attackers outnumber targets")."""
    rs = spec.ruleset
    out: list[tuple[frozenset[str], int]] = []
    for t in dict.fromkeys(enemy):
        for ab in rs.units[t].abilities_named("value_against"):
            if ab.condition and (ab.attack if enemy_role == "attack" else ab.defense) > 0:
                key = (_matching(rs, ab), enemy.count(t) + 1)
                if key not in out:
                    out.append(key)
    return out


def feature_sets(spec: BattleSpec, enemy: list[str], enemy_role: str) -> list[frozenset[str]]:
    """Type sets whose presence on a side changes how `enemy` (fighting in enemy_role)
    fires or whom its aircraft may hit."""
    rs = spec.ruleset
    out: list[frozenset[str]] = []

    def add(s: frozenset[str]) -> None:
        if s not in out:
            out.append(s)

    for t in dict.fromkeys(enemy):
        ut = rs.units[t]
        fs = ut.ability("first_strike")
        if fs is not None:
            add(frozenset(rs.expand_all(fs.canceled_by)))
        ev = ut.ability("evades_air")
        if ev is not None:
            add(frozenset(ev.unless_enemy_has))
        ch = ut.ability("chooses_casualty")
        if ch is not None and enemy_role in ch.on:
            add(_domain_types(rs, tuple(ch.domains)))
        if enemy_role == "defense":
            hits_only = only_domains(ut, "defense")
            if hits_only is not None:
                add(_domain_types(rs, hits_only))
            if ut.has("fleet_air_defense"):
                add(_domain_types(rs, (AIR,)))
    return out


def post_sets(spec: BattleSpec) -> list[frozenset[str]]:
    """The defender's own type sets whose presence after the attacker's hits changes its
    fire (G53: a friendly carrier, a gun director), when it matters at all."""
    rs = spec.ruleset
    if not any(rs.units[t].domain == AIR for t in spec.attacker):
        return []
    out: list[frozenset[str]] = []
    fads = [t for t in dict.fromkeys(spec.defender) if rs.units[t].has("fleet_air_defense")]
    for t in fads:
        s = frozenset(rs.expand_all(rs.units[t].ability("fleet_air_defense").unless_friendly))
        if s and s not in out:
            out.append(s)
    if fads:   # each gun director type on its own (their penalties may differ)
        for t in dict.fromkeys(spec.defender):
            if rs.units[t].has("gun_director") and frozenset({t}) not in out:
                out.append(frozenset({t}))
    return out


def contexts(side: UnitsAt, sets: list[frozenset[str]],
             counts: list[tuple[frozenset[str], int]] = ()) -> tuple[np.ndarray, list[tuple[Any, ...]]]:  # type: ignore[assignment]
    """Context id per state and the feature tuple of each id (presence bits, then capped
    counts)."""
    ids: dict[tuple[Any, ...], int] = {}
    ctx = np.zeros(len(side.rows), dtype=np.int64)
    for h in range(len(side.rows)):
        key = tuple(side.present(h, s) for s in sets) + tuple(
            min(cap, sum(1 for _, t, _ in side.rows[h] if t in cs)) for cs, cap in counts)
        ctx[h] = ids.setdefault(key, len(ids))
    return ctx, list(ids)


@dataclass
class Fired:
    """One unit's fire in a step: its value, dice, pool and whether it first-strikes."""
    value: int
    dice: int
    key: PoolKey
    first_strike: bool
    special: tuple[int, PoolKey] | None = None   # value_against: (special value, its pool)
    rerollable: bool = False                     # reconnaissance may reroll its die
    top: int = 0                                 # the value the roll records (battle._classify:
                                                 # with its special values); a miss is above it


class Valuer:
    """battle.step_shooters / fire_value / _classify for one side, on type lists."""

    def __init__(self, spec: BattleSpec, role: str, units: list[str], flags: list[bool],
                 amph: bool | list[bool], enemy_sets: list[frozenset[str]], own_post: list[frozenset[str]],
                 enemy_counts: list[tuple[frozenset[str], int]] = (),  # type: ignore[assignment]
                 penalty: list[int] | None = None):
        self.spec = spec
        # seed 000 G4: out-of-supply penalty per listed unit (battle.unit_value)
        self.penalty = list(penalty) if penalty else [0] * len(units)
        self.rs = spec.ruleset
        self.role = role
        self.units = units
        self.flags = flags          # airborne per listed unit
        # landed from the sea, per listed unit (not_in: [amphibious] support is per unit)
        self.amphs = [amph] * len(units) if isinstance(amph, bool) else list(amph)
        self.esets = enemy_sets
        self.ecounts = list(enemy_counts)
        self.psets = own_post
        self.D = spec.dice
        # round values "alone" are judged on the side as the battle began (battle.replaced_value:
        # Battle.att_start), before anti-aircraft fire took any aircraft out of `units`
        self.start_types = set(spec.attacker if role == "attack" else spec.defender) | set(units)
        self._memo: dict[tuple[Any, ...], list[Fired]] = {}
        self._unit_memo: dict[tuple[Any, ...], Fired | None] = {}
        self._bonus_memo: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
        recon = [ab for t in dict.fromkeys(units) for ab in self.rs.units[t].abilities_named("reconnaissance")]
        self.recon_types = frozenset(self.rs.expand_all([r for ab in recon for r in ab.dice_of]))
        self.recon_ro3 = any(ab.rule_of_three for ab in recon)
        enemy = spec.defender if role == "attack" else spec.attacker
        self.enemy_domains = frozenset(self.rs.units[t].domain for t in enemy)
        self.enemy_evader = any(self.rs.units[t].has("evades_air") for t in enemy)

    def reaches(self, key: PoolKey) -> bool:
        """May a hit of this pool go to some enemy unit at the start of the battle?"""
        excl, _air, only, types, _l, _c = key
        enemy = self.spec.defender if self.role == "attack" else self.spec.attacker
        return any(not (self.rs.units[t].domain in excl or (only and self.rs.units[t].domain not in only)
                        or (types and t not in types)) for t in enemy)

    def norm(self, key: PoolKey) -> PoolKey:
        """battle._merge_moot_restrictions for the enemy's units at the start: drop the
        restrictions that exclude none of them (they never will: units only go)."""
        excl, from_air, only, types, linked, chooser = key
        if excl and not self.enemy_domains & set(excl):
            excl = ()
        if from_air and not self.enemy_evader:
            from_air = False
        if only and self.enemy_domains <= set(only):
            only = ()
        return (excl, from_air, only, types, linked, chooser)

    def rerolls(self, alive: list[tuple[int, str, int]]) -> int:
        """battle.reroll_allowance at the start of a round: one reroll per reconnaissance
        unit in the battle (Rule of Three cap when marked)."""
        if not self.recon_types:
            return 0
        total = sum(ab.rerolls for _, t, _ in alive for ab in self.rs.units[t].abilities_named("reconnaissance"))
        cap = self.rs.rule_of_three
        return min(total, cap) if self.recon_ro3 and cap is not None else total

    def _enemy_has(self, ebits: tuple[Any, ...], s: frozenset[str]) -> bool:
        return bool(ebits[self.esets.index(s)]) if s in self.esets else False

    def specials(self, alive: list[tuple[int, str, int]], ebits: tuple[Any, ...]) -> dict[int, list[Any]]:
        """battle._specials: listed index -> [(special value, only types, only domains)]."""
        from .exact import NotExact
        rs = self.rs
        out: dict[int, list[Any]] = {}
        used: Counter[tuple[str, object]] = Counter()   # battle.ro3_rule
        for k, t, _ in alive:
            for ab in rs.units[t].abilities_named("value_against"):
                val = min(self.D, ab.attack if self.role == "attack" else ab.defense)
                if val <= 0:
                    continue
                types = rs.expand_all(ab.targets) if ab.targets else ()
                if ab.condition == "attackers_outnumber_targets":
                    if self.role != "attack":
                        raise NotExact("a conditional special value in defence")
                    mine = sum(1 for _, x, _ in alive if x == t)
                    key = (_matching(rs, ab), self.units.count(t) + 1)
                    theirs = ebits[len(self.esets) + self.ecounts.index(key)]
                    if not mine > theirs:
                        continue
                if ab.rule_of_three and rs.rule_of_three is not None:
                    if used[(t, ab)] >= rs.rule_of_three:
                        continue
                    used[(t, ab)] += 1
                if ab.targets and not types:
                    continue
                out.setdefault(k, []).append((val, tuple(types), tuple(ab.domains)))
        return out

    def bonuses(self, alive: list[tuple[int, str, int]]) -> dict[int, int]:
        """battle.support_bonus on (listed index, type) rows (listed order = uid order).
        Memoised on the types, airborne and landed flags in listed order (nothing else counts)."""
        key = tuple([(t, self.flag(k), self.landed(k)) for k, t, _d in alive])
        got = self._bonus_memo.get(key)
        if got is None:
            pos = {k: i for i, (k, _t, _d) in enumerate(alive)}
            got = self._bonus_memo[key] = [(pos[k], b) for k, b in self._bonuses(alive).items()]
        return {alive[i][0]: b for i, b in got}

    def _bonuses(self, alive: list[tuple[int, str, int]]) -> dict[int, int]:
        rs = self.rs
        role = self.role
        free: Counter[str] = Counter(t for _, t, _ in alive)
        bonus: dict[int, int] = {}
        ro3: Counter[tuple[str, object]] = Counter()   # per rule (battle.ro3_rule)
        cap3 = rs.rule_of_three
        for k, t, _ in support_claim_order(alive, lambda r: rs.units[r[1]]):
            ut = rs.units[t]
            for ab in ut.abilities_named("supported_by"):
                if role not in ab.on:
                    continue
                if self.landed(k) and ut.domain == LAND and "amphibious" in ab.not_in \
                        and not ut.has("no_amphibious_penalty"):
                    continue
                if self.flags[k] and "airborne" in ab.not_in:
                    continue
                cap = cap3 if ab.rule_of_three else None
                if cap is not None and ro3[(t, ab)] >= cap:
                    continue
                done = False
                for ref in ab.units:
                    for sup in rs.expand(ref):
                        if free.get(sup, 0) > 0:
                            free[sup] -= 1
                            bonus[k] = bonus.get(k, 0) + ab.bonus
                            if cap is not None:
                                ro3[(t, ab)] += 1
                            done = True
                            break
                    if done:
                        break
        forts = [t for t in dict.fromkeys(t for _, t, _ in alive) if rs.units[t].has("fortifies")]
        for ft in forts:
            n_fort = sum(1 for _, t, _ in alive if t == ft)
            for ab in rs.units[ft].abilities_named("fortifies"):
                if role not in ab.on:
                    continue
                cap = cap3 if ab.rule_of_three else None
                left = n_fort if ab.pairing == "one_to_one" else len(alive)
                for k, t, _ in alive:
                    ut = rs.units[t]
                    if left <= 0 or (cap is not None and ro3[(ft, ab)] >= cap):
                        break
                    if not ut.matches(ab.units) or ut.has("no_fortification_bonus"):
                        continue
                    bonus[k] = bonus.get(k, 0) + ab.bonus
                    left -= 1
                    if cap is not None:
                        ro3[(ft, ab)] += 1
        return bonus

    def flag(self, k: int) -> bool:
        """Did listed unit k fly in (airborne: per unit, exact.airborne_types by default)?"""
        return bool(self.flags[k]) if k < len(self.flags) else False

    def landed(self, k: int) -> bool:
        """Did listed unit k land from the sea (an amphibious assault's landed unit)?"""
        return bool(self.amphs[k]) if k < len(self.amphs) else False

    def pen(self, k: int) -> int:
        """The out-of-supply penalty of listed unit k (0: supplied)."""
        return self.penalty[k] if k < len(self.penalty) else 0

    def hooked(self, ut: UnitType, k: int, dmg: int, round_: int | None) -> int:
        """battle.unit_value before support and supply: listed unit k's printed value for
        its damage after its value hooks, in round `round_` (None: outside a fire step)."""
        printed = ut.value(self.role, dmg)
        if not hooks(ut, ValueHook):
            return printed
        ctx = value_context(ut, self.role, round_=round_, terrain=tuple(self.spec.terrain_tags),
                            airborne=self.flag(k), landed=self.landed(k) and ut.domain == LAND,
                            side_at_start=tuple(self.start_types), expand=self.rs.expand_all)
        return hooked_value(ut, ctx, printed)

    def row_key(self, alive: list[tuple[int, str, int]]) -> tuple[Any, ...]:
        """What the fire of these rows depends on (Valuer.fire's memo)."""
        return tuple([(t, d, self.flag(k), self.pen(k), self.landed(k)) for k, t, d in alive])

    def fire(self, alive: list[tuple[int, str, int]], ebits: tuple[bool, ...],
             pbits: tuple[bool, ...], round1: bool, row_key: tuple[Any, ...] | None = None) -> list[Fired]:
        """Every shooter's fire from these alive rows (damage as given), the enemy's
        presence bits, the own post bits (G53) and the round. Memoised on the rows' types,
        damage, airborne flags and supply penalties in listed order: the fire (a list of
        what each unit fires, with no listed index) depends on nothing else, so states that
        lost different but alike units share it."""
        key = (self.row_key(alive) if row_key is None else row_key, ebits, pbits, round1)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._fire(alive, ebits, pbits, round1)
        return got

    def _fire(self, alive: list[tuple[int, str, int]], ebits: tuple[bool, ...],
              pbits: tuple[bool, ...], round1: bool) -> list[Fired]:
        rs = self.rs
        role = self.role
        bonus = self.bonuses(alive)
        spec_of = self.specials(alive, ebits) if any(
            rs.units[t].has("value_against") for _, t, _ in alive) else {}
        out: list[Fired] = []
        enemy_air = self._enemy_has(ebits, _domain_types(rs, (AIR,))) if role == "defense" else False
        cache = self._unit_memo
        for k, t, dmg in alive:
            b = bonus.get(k, 0)
            sp = spec_of.get(k, [])
            ukey = (t, dmg, b, self.flag(k), self.pen(k), self.landed(k), tuple(sp), ebits, pbits, round1)
            if ukey in cache:
                got = cache[ukey]
            else:
                got = cache[ukey] = self._unit_fire(k, t, dmg, b, sp, ebits, pbits, round1, enemy_air)
            if got is not None:
                out.append(got)
        return out

    def _unit_fire(self, k: int, t: str, dmg: int, b: int, sp: list[Any], ebits: tuple[bool, ...],
                   pbits: tuple[bool, ...], round1: bool, enemy_air: bool) -> Fired | None:
        """Listed unit k's fire (None: it does not fire) given its support bonus `b` and its
        special values in force `sp` (memoised by _fire: units of a type with the same
        damage, bonus, airborne flag, supply penalty and special values fire alike)."""
        rs = self.rs
        role = self.role
        D = self.D
        ut = rs.units[t]
        if ut.has("defenseless"):
            return None
        plain = min(D, max(0, self.hooked(ut, k, dmg, None) - self.pen(k) + b))
        value = plain
        if round1 and hooks(ut, ValueHook):
            value = min(D, max(0, self.hooked(ut, k, dmg, 1) - self.pen(k) + b))
        if plain <= 0 and value <= 0 and not any((ab.attack if role == "attack" else ab.defense) > 0
                                                 for ab in ut.abilities_named("value_against")):
            return None   # battle._fires
        excl = barred_domains(ut)
        only: tuple[str, ...] = ()
        if role == "defense":
            hits_only = only_domains(ut, "defense")
            if hits_only is not None:   # battle.defends_against
                if not self._enemy_has(ebits, _domain_types(rs, hits_only)):
                    return None
                only = hits_only
            fad = ut.ability("fleet_air_defense")
            if fad is not None and enemy_air:
                unless = frozenset(rs.expand_all(fad.unless_friendly))
                if not (unless and pbits[self.psets.index(unless)]):
                    # gun directors still afloat after the attacker's hits (not cumulative)
                    gds = [ab for b, s in enumerate(self.psets) if len(s) == 1 and pbits[b]
                           for x in s for ab in rs.units[x].abilities_named("gun_director")]
                    if gds:
                        pen, air_hits = min(fad.penalty, min(g.penalty for g in gds)), True
                    else:
                        pen, air_hits = fad.penalty, fad.air_hits
                    value = max(0, value - pen)
                    if not air_hits and AIR not in excl:
                        excl = excl + (AIR,)
        chooser = False
        ch = ut.ability("chooses_casualty")
        if ch is not None and role in ch.on and (not ch.terrain or any(
                x in self.spec.terrain_tags for x in ch.terrain)) \
                and self._enemy_has(ebits, _domain_types(rs, tuple(ch.domains))):
            chooser = True   # battle._chooser: the firing side picks its casualties
            only = _restrict(only, tuple(ch.domains))
        fs = ut.ability("first_strike")
        first = False
        if fs is not None and role in fs.on and (not fs.rounds or (1 in fs.rounds if round1 else
                                                                   any(r > 1 for r in fs.rounds))):
            first = not self._enemy_has(ebits, frozenset(rs.expand_all(fs.canceled_by)))
        special = None
        if len(sp) > 1:
            from .exact import NotExact
            raise NotExact("a unit with several special values in force")
        top = max([value] + [x[0] for x in sp])
        if sp and sp[0][0] > value:
            sv, types, doms = sp[0]
            skey = self.norm((excl, ut.domain == AIR, _restrict(only, doms), types, True, chooser))
            if self.reaches(skey):
                special = (sv, skey)
            # else no enemy unit can ever take these special hits: the die is an ordinary
            # one (its special hits are lost), though it still records the special value
        return Fired(value, unit_dice(ut),
                     self.norm((excl, ut.domain == AIR, only, (), False, chooser)),
                     first, special, t in self.recon_types, top)




def _restrict(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """battle._restrict: both restrictions at once (empty = none)."""
    if not a:
        return b
    if not b:
        return a
    return tuple(x for x in a if x in b) or ("-",)


def sort_keys(keys: list[PoolKey]) -> list[PoolKey]:
    """battle._conclude's pool order: restricted to types first, then to domains, then
    excluding domains, then scored by aircraft (linked special dice just before the
    other dice of their pool: same eligible slots, so the same capped total)."""
    return sorted(dict.fromkeys(keys), key=lambda k: (not k[5], not k[3], not k[2], not k[0], not k[1],
                                                      not k[4]))


@dataclass
class Tables:
    ctx: np.ndarray               # context id per state
    bits: list[tuple[Any, ...]]   # presence bits (then counts) per context id
    post: np.ndarray              # own post feature per state (defender), else zeros
    F: int


def side_tables(side: UnitsAt, sets: list[frozenset[str]], psets: list[frozenset[str]],
                counts: list[tuple[frozenset[str], int]] = ()) -> Tables:  # type: ignore[assignment]
    ctx, bits = contexts(side, sets, counts)
    post = np.zeros(len(side.rows), dtype=np.int64)
    for h in range(len(side.rows)):
        v = 0
        for b, s in enumerate(psets):
            if side.present(h, s):
                v |= 1 << b
        post[h] = v
    return Tables(ctx, bits, post, 1 << len(psets))


def fire_hists(spec: BattleSpec, val: Valuer, side: UnitsAt, enemy: Tables, own: Tables,
               keys: list[PoolKey], offset: int, npools: int, round1: bool,
               fs_rows: dict[int, list[tuple[int, str, int]]] | None = None
               ) -> tuple[np.ndarray, np.ndarray, dict[tuple[int, int, int], Links],
                          dict[tuple[int, int, int], tuple[int, int, list[Any], int]]]:
    """hist[c * F + f, stage, pool, h, value] (F: own post features), link[cc, stage, h]
    (linked special dice) and links {(cc, stage, h): (ordinary pool, [(special pool,
    ordinary value, special value, dice)])}. A die of a unit with a special value in force
    is an ordinary hit at its value, else a special hit at its special value: the special
    pool gets those dice at (special - ordinary), the ordinary pool's hits depend on them
    (kernel._pools_linked). Several kinds of special values may share a step.
    fs_rows[h]: row h's first-strike dice are those of these units instead (a row with the
    units the shore bombardment marked, ghost_rows: they fire in the ordinary defender
    fire only, battle.step_shooters)."""
    from .exact import NotExact
    D = spec.dice
    C = len(enemy.bits)
    F = own.F
    H = len(side.rows)
    nb = len(val.psets)
    hist = np.zeros((C * F, 2, npools, H, D + 1), dtype=np.int64)
    link = np.zeros((C * F, 2, H), dtype=np.int64)
    links: dict[tuple[int, int, int], Links] = {}
    recon: dict[tuple[int, int, int], tuple[int, int, list[Any], int]] = {}
    for h in range(H):
        alive = side.rows[h]
        rr = val.rerolls(alive)
        rk = val.row_key(alive)   # once a row, not once a context
        for c in range(C):
            for f in range(F):
                pbits = tuple(bool((f >> b) & 1) for b in range(nb))
                cc = c * F + f
                fired = val.fire(alive, enemy.bits[c], pbits, round1, rk)
                if fs_rows is not None and h in fs_rows:
                    fired = [fi for fi in fired if not fi.first_strike] + [
                        fi for fi in val.fire(fs_rows[h], enemy.bits[c], pbits, round1) if fi.first_strike]
                for fi in fired:
                    st = 0 if fi.first_strike else 1
                    if rr > 0 and fi.rerollable:
                        # reconnaissance: these dice get the default rerolls (reroll_joint); a
                        # die with a special value in force is an ordinary hit, a special hit
                        # or a miss, rerolled alike: the special counts of the rerolled dice
                        # join their special pool's linked dice (cond_table)
                        if fi.dice != 1:
                            raise NotExact("reconnaissance rerolls of units with several dice")
                        po = offset + keys.index(fi.key)
                        got_r = recon.get((cc, st, h))
                        if got_r is not None and got_r[1] != po:
                            raise NotExact("reconnaissance rerolls of dice in different hit pools")
                        vals = got_r[2] if got_r is not None else []
                        ps = got_r[3] if got_r is not None else -1
                        if fi.special is not None:
                            sp = offset + keys.index(fi.special[1])
                            if ps >= 0 and sp != ps:
                                raise NotExact("reconnaissance rerolls of dice with special values "
                                               "against different targets")
                            ps = sp
                            vals.append((fi.value, min(D, fi.special[0]), True))
                            got = links.setdefault((cc, st, h), (po, []))
                            if got[0] != po:
                                raise NotExact("special values (value_against) whose ordinary hits go "
                                               "to different hit pools in one step")
                            link[cc, st, h] += 1
                        else:
                            vals.append((fi.value, max(fi.value, fi.top), False))
                        recon[(cc, st, h)] = (rr, po, vals, ps)
                        continue
                    if fi.special is not None:
                        sv, skey = fi.special
                        po = offset + keys.index(fi.key)
                        ps = offset + keys.index(skey)
                        got = links.setdefault((cc, st, h), (po, []))
                        if got[0] != po:
                            raise NotExact("special values (value_against) whose ordinary hits go to "
                                           "different hit pools in one step")
                        got[1].append((ps, fi.value, sv, fi.dice))
                        link[cc, st, h] += fi.dice
                        hist[cc, st, ps, h, min(D, sv - fi.value)] += fi.dice
                    elif fi.value > 0:
                        hist[cc, st, offset + keys.index(fi.key), h, min(D, fi.value)] += fi.dice
    for (cc, _st, h) in recon:
        if (cc, 0, h) in recon and (cc, 1, h) in recon:
            raise NotExact("reconnaissance rerolls shared by two fire steps of a round")
    for key, (_r, p, _v, _ps) in recon.items():
        if key in links and links[key][0] != p:
            raise NotExact("reconnaissance rerolls of dice in a pool other than the special values' "
                           "ordinary pool")
    return hist, link, links, recon


def reroll_dist(values: list[Any], r: int, D: int) -> np.ndarray:
    """Ordinary hits of these dice when the side may reroll r of them (reroll_joint)."""
    return reroll_joint(values, r, D).sum(axis=0)


def reroll_joint(values: list[Any], r: int, D: int) -> np.ndarray:
    """J[m, o]: P(m special hits and o ordinary hits) of these dice (one per unit) when the
    side may reroll r of them: battle.default_reroll rerolls the misses of the highest
    value first (the value the roll records, with the special value), one per unit. A die
    is v, (v, top) or (v, top, special): a roll <= v is an ordinary hit, a roll above top a
    miss (may be rerolled); a roll in between is a special hit when `special` (its pool may
    reach some enemy unit), else a special hit no unit can take (lost, not rerolled:
    battle._classify records top). A rerolled die is rolled once more, alike."""
    from .exact import NotExact
    dice = []
    for x in values:
        if isinstance(x, int):
            dice.append((x, x, False))
        else:
            v, top = int(x[0]), int(x[1])
            dice.append((v, max(v, top), bool(x[2]) if len(x) > 2 else False))
    groups = sorted(Counter(dice).items(), key=lambda kv: (-kv[0][1], -kv[0][0], kv[0][2]))
    tops = [t for (_v, t, _s), _n in groups]
    if len(set(tops)) != len(tops):
        raise NotExact("reconnaissance rerolls of dice that need the same roll for different hits")
    NM = sum(n for (_v, _t, sp), n in groups if sp)
    NO = len(dice)
    start = np.zeros((NO + 1, NO + 1))   # (trimmed to NM + 1 special counts at the end)
    start[0, 0] = 1.0
    dist: dict[int, np.ndarray] = {r: start}     # rerolls left -> J so far
    for (v, top, sp), n in groups:
        v = max(0, min(D, v))
        top = max(v, min(D, top))
        q = v / D
        s_ = (top - v) / D if sp else 0.0
        lq = 0.0 if sp else (top - v) / D
        mq = 1.0 - top / D
        # a rerolled die: ordinary q, special s_, else nothing
        again: dict[int, np.ndarray] = {}
        for k in range(n + 1):
            a = np.zeros((k + 1, k + 1))
            for j1 in range(k + 1):
                for j2 in range(k - j1 + 1):
                    a[j2, j1] = comb(k, j1) * comb(k - j1, j2) * q ** j1 * s_ ** j2 \
                        * (1.0 - q - s_) ** (k - j1 - j2)
            again[k] = a
        nxt: dict[int, np.ndarray] = {}
        for left, J in dist.items():
            for x in range(n + 1):
                for z in range(n - x + 1):
                    for y in range(n - x - z + 1):
                        lost = n - x - z - y
                        pr = comb(n, x) * comb(n - x, z) * comb(n - x - z, y) \
                            * q ** x * s_ ** z * mq ** y * lq ** lost
                        if pr == 0.0:
                            continue
                        k = min(y, left)          # misses rerolled
                        add = pr * again[k]       # [special, ordinary] of the rerolled dice
                        cur = nxt.get(left - k)
                        if cur is None:
                            cur = nxt[left - k] = np.zeros_like(start)
                        for m0, o0 in zip(*np.nonzero(J), strict=True):
                            cur[m0 + z:m0 + z + k + 1, o0 + x:o0 + x + k + 1] += J[m0, o0] * add
        dist = nxt
    total = np.zeros_like(start)
    for J in dist.values():
        total += J
    return total[:NM + 1]


def conv2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The distribution of the sum of two independent [m, o] count pairs."""
    out = np.zeros((a.shape[0] + b.shape[0] - 1, a.shape[1] + b.shape[1] - 1))
    for m0, o0 in zip(*np.nonzero(b), strict=True):
        out[m0:m0 + a.shape[0], o0:o0 + a.shape[1]] += b[m0, o0] * a
    return out


def apply_recon(dist: np.ndarray, lo: np.ndarray, hi: np.ndarray,
                recon: dict[tuple[int, int, int], Any], D: int) -> None:
    """Fold the rerolled dice into their pools' hit distributions (in place): the
    ordinary hits into their pool, the special hits (if any) into their special pool."""
    K = dist.shape[-1] - 1
    for (cc, st, h), (r, p, vals, ps) in recon.items():
        J = reroll_joint(vals, r, D)
        for pool, marg in ((p, J.sum(axis=0)), (ps, J.sum(axis=1))):
            if pool < 0:
                continue
            full = np.convolve(dist[cc, st, pool, h, :hi[cc, st, pool, h] + 1], marg)[:K + 1]
            dist[cc, st, pool, h, :] = 0.0
            dist[cc, st, pool, h, :len(full)] = full
            nz = np.nonzero(full >= 1e-16)[0]
            lo[cc, st, pool, h] = int(nz[0]) if len(nz) else 0
            hi[cc, st, pool, h] = int(nz[-1]) if len(nz) else 0


def linked_pools(keys: list[PoolKey], links: list[dict[tuple[int, int, int], Links]],
                 recons: list[dict[tuple[int, int, int], Any]] = ()  # type: ignore[assignment]
                 ) -> tuple[np.ndarray, int]:
    """(special pools, ordinary pool) of the side's linked dice (with the rerolled dice's
    special pools), or (empty, -1)."""
    from .exact import NotExact
    pos = {v[0] for lk in links for v in lk.values()}
    if not pos:
        return np.zeros(0, dtype=np.int64), -1
    if len(pos) != 1:
        raise NotExact("special values (value_against) whose ordinary hits go to different hit pools")
    pO = pos.pop()
    sp = sorted({d[0] for lk in links for v in lk.values() for d in v[1]}
                | {v[3] for rc in recons for v in rc.values() if v[3] >= 0})
    if sp[-1] >= pO:
        raise NotExact("a special value's hits would be assigned after its ordinary hits")
    return np.array(sp, dtype=np.int64), pO


def link_radix(link: np.ndarray, links: dict[tuple[int, int, int], Links], spools: np.ndarray,
               recon: dict[tuple[int, int, int], Any] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """rows[cc, stage, h] (kernel link: joint special-count rows, 0 = no linked dice) and
    rad[cc, stage, h, l] (linked dice of special pool spools[l], rerolled ones included)."""
    L = len(spools)
    rows = np.zeros(link.shape, dtype=np.int64)
    rad = np.zeros(link.shape + (max(L, 1),), dtype=np.int64)
    recon = recon or {}
    for (cc, st, h), (_po, dice) in links.items():
        m = 1
        rc = recon.get((cc, st, h))
        for li, ps in enumerate(spools):
            n = sum(x[3] for x in dice if x[0] == ps)
            if rc is not None and rc[3] == ps:
                n += sum(1 for x in rc[2] if len(x) > 2 and x[2])
            rad[cc, st, h, li] = n
            m *= n + 1
        rows[cc, st, h] = m
    return rows, rad


def cond_table(hist: np.ndarray, rows: np.ndarray, rad: np.ndarray,
               links: dict[tuple[int, int, int], Links], spools: np.ndarray, D: int,
               recon: dict[tuple[int, int, int], Any] | None = None) -> np.ndarray:
    """cond[cc, stage, h, r, k]: P(k ordinary hits | the special counts of row r) for the
    linked dice (kernel._pools_linked): the independent dice of the ordinary pool, and per
    special pool the ordinary hits of its linked dice given how many were special (a die:
    ordinary hit with probability v / D, special (sv - v) / D, else a miss)."""
    if not links:
        return np.zeros((1, 1, 1, 1, 1))
    M = int(rows.max())
    K = 0
    recon = recon or {}
    for (cc, st, h), (po, dice) in links.items():
        nr = len(recon[(cc, st, h)][2]) if (cc, st, h) in recon else 0
        K = max(K, int(hist[cc, st, po, h, 1:].sum()) + sum(x[3] for x in dice) + nr)
    cond = np.zeros(rows.shape + (M, K + 1))
    L = len(spools)
    done: dict[tuple[Any, ...], tuple[int, int, int]] = {}   # same dice: same rows
    for (cc, st, h), (po, dice) in links.items():
        rc = recon.get((cc, st, h))
        ckey = (hist[cc, st, po, h].tobytes(), tuple(map(tuple, dice)),
                None if rc is None else (rc[0], tuple(map(tuple, rc[2])), rc[3]),
                rad[cc, st, h].tobytes(), int(rows[cc, st, h]))
        seen = done.get(ckey)
        if seen is not None:
            cond[cc, st, h] = cond[seen]
            continue
        done[ckey] = (cc, st, h)
        base = np.array([1.0])
        for val in range(1, D + 1):
            q = val / D
            for _ in range(int(hist[cc, st, po, h, val])):
                base = np.convolve(base, [1.0 - q, q])
        J = None
        if rc is not None:   # rerolled dice (reconnaissance) of the ordinary pool
            r, _p, vals, rps = rc
            J = reroll_joint(vals, r, D)
            if rps < 0:
                base = np.convolve(base, J.sum(axis=0))
        per: list[np.ndarray] = []      # per special pool: P(k | m) [m, k]
        for ps in spools:
            joint = np.array([[1.0]])
            for _ps, v, sv, n in (x for x in dice if x[0] == ps):
                po_, pS_ = v / D, (sv - v) / D
                for _ in range(n):
                    nj = np.zeros((joint.shape[0] + 1, joint.shape[1] + 1))
                    nj[:-1, :-1] += joint * (1.0 - po_ - pS_)
                    nj[:-1, 1:] += joint * po_
                    nj[1:, :-1] += joint * pS_
                    joint = nj
            if rc is not None and J is not None and rc[3] == ps:
                joint = conv2(joint, J)   # the rerolled dice: special and ordinary hits together
            tot = joint.sum(axis=1, keepdims=True)
            per.append(np.divide(joint, tot, out=np.zeros_like(joint), where=tot > 0))
        nrow = int(rows[cc, st, h])
        for r in range(nrow):
            dist = base
            rr = r
            digits = []
            for li in range(L - 1, -1, -1):
                digits.append(rr % (rad[cc, st, h, li] + 1))
                rr //= rad[cc, st, h, li] + 1
            digits.reverse()
            for li in range(L):
                dist = np.convolve(dist, per[li][digits[li]])
            dist = dist[:K + 1]
            cond[cc, st, h, r, :len(dist)] = dist
    return cond


def all_keys(val: Valuer, side: UnitsAt, enemy: Tables, own: Tables) -> list[PoolKey]:
    keys: list[PoolKey] = []
    nb = len(val.psets)
    seen: set[tuple[tuple[str, int], ...]] = set()
    for h in range(len(side.rows)):
        # a row's pools depend on which units (type, damage) are alive, not on their order
        sig = tuple(sorted((t, d) for _k, t, d in side.rows[h]))
        if sig in seen:
            continue
        seen.add(sig)
        for c in range(len(enemy.bits)):
            for f in range(own.F):
                pbits = tuple(bool((f >> b) & 1) for b in range(nb))
                for r1 in (True, False):
                    for fi in val.fire(side.rows[h], enemy.bits[c], pbits, r1):
                        keys.append(fi.key)
                        if fi.special is not None:
                            keys.append(fi.special[1])
    return sort_keys(keys)


def elig_general(spec: BattleSpec, target_units: list[str], slot_unit: np.ndarray, T: int, H: int,
                 keys: list[PoolKey], firing: Tables, firing_sets: list[frozenset[str]],
                 used: np.ndarray) -> np.ndarray:
    """elig[p, c, h]: slots from h the firing side's pool p may hit when it has context c;
    raises NotExact when a used pool's eligible slots are not a prefix."""
    from .exact import Unordered
    P = len(keys)
    C = len(firing.bits)
    elig = np.zeros((P, C, H), dtype=np.int64)
    for p, key in enumerate(keys):
        for c in range(C):
            ok_u = eligible_units(spec, target_units, key, firing, firing_sets, c)
            e = ok_u[slot_unit] if T else np.zeros(0, np.int64)
            if used[p, c] and T and np.any(e[1:] > e[:-1]):
                raise Unordered("a restricted hit (a special value, aircraft-only defence, a fleet that "
                               "cannot hit aircraft, submarines) would skip a unit earlier in the order "
                               "of loss, so the losses are no longer a prefix")
            elig[p, c, :T] = np.cumsum(e[::-1])[::-1]
    return elig


def slot_units(spec: BattleSpec, units: list[str], damage: list[int]) -> np.ndarray:
    """Listed index of the unit owning each track slot (extra hit points first)."""
    rs = spec.ruleset
    extra = [max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True)]
    own = [k for k in range(len(units)) for _ in range(extra[k])] + list(range(len(units)))
    return np.array(own, dtype=np.int64)


def used_pools(hist: np.ndarray, ctx_self: np.ndarray, C_self: int, F: int) -> np.ndarray:
    """used[p, c]: pool p scores hits in some state where the firing side has context c."""
    P = hist.shape[2]
    any_dice = hist[..., 1:].sum(axis=(0, 1, 4)) > 0   # [P, H]
    used = np.zeros((P, C_self), dtype=bool)
    for c in range(C_self):
        sel = ctx_self == c
        if sel.any():
            used[:, c] = any_dice[:, sel].any(axis=1)
    return used


def defender_damage_bound(spec: BattleSpec, units: list[str], damage: list[int]) -> int:
    """kernel AD: the defender's extra hit points when some of its units change value with
    damage (they fire back with their new damage), else -1."""
    rs = spec.ruleset
    if not any(has_damaged_values(rs.units[t]) for t in units):
        return -1
    return sum(max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True))


def describe(x: Any) -> str:  # pragma: no cover - debugging aid
    return repr(x)


def check_chooser_order(spec: BattleSpec, keys: list[PoolKey], used: np.ndarray, target: UnitsAt,
                        target_units: list[str], slot_unit: np.ndarray, target_role: str,
                        valuer: Valuer) -> None:
    """chooses_casualty: the firing side picks (battle.default_casualties with a chooser:
    units one hit from death first, then the costliest, then the strongest, then the
    lowest uid). The prefix DP is exact only when, from every state, those picks are the
    next slots of the target's track; else Unordered (the split order of loss, Track)."""
    from .exact import Unordered
    rs = spec.ruleset
    D = spec.dice
    T = len(slot_unit)
    for p, (excl, _air, only, types, _lk, chooser) in enumerate(keys):
        if not chooser or not used[p].any():
            continue
        for h in range(T):
            alive = target.rows[h]
            bonus = valuer.bonuses(alive)
            hp: dict[int, int] = {}
            key: dict[int, tuple[int, int, int]] = {}
            for k, t, dmg in alive:
                ut = rs.units[t]
                if ut.domain in excl or (only and ut.domain not in only) or (types and t not in types):
                    continue
                hp[k] = max(1, ut.hits) - dmg
                cost = ut.cost if isinstance(ut.cost, int) else 0
                val = min(D, max(0, valuer.hooked(ut, k, dmg, None) - valuer.pen(k) + bonus.get(k, 0)))
                key[k] = (-cost, -val, k)
            picks: list[int] = []
            while True:
                live = [k for k in hp if hp[k] > 0]
                if not live:
                    break
                k = min(live, key=lambda x: (0 if hp[x] == 1 else 1,) + key[x])
                hp[k] -= 1
                picks.append(k)
            if picks != [int(x) for x in slot_unit[h:h + len(picks)]]:
                raise Unordered("the firing side's choice of casualties (chooses_casualty) is not the "
                                "listed order of loss")


# --- a split order of loss: one prefix per target class --------------------------------
# A hit that may only go to some units (aircraft-only defence, a fleet that cannot hit
# aircraft, a special value against some types) takes the first *eligible* unit in the
# order of loss (battle.default_casualties), so a side's losses are no longer a prefix of
# its order of loss. They are a prefix of each class's subsequence, though, where a class
# is a set of units that every hit pool either may or may not reach: the state of a side
# is then one count per class (flattened, class 0 most significant, so every hit moves
# to a higher index), and a pool's hit takes the earliest eligible slot of the full order.


def eligible_units(spec: BattleSpec, target_units: list[str], key: PoolKey, firing: Tables,
                    firing_sets: list[frozenset[str]], c: int) -> np.ndarray:
    rs = spec.ruleset
    excl, from_air, only, types, _linked, _chooser = key
    ok_u = np.ones(len(target_units), dtype=np.int64)
    for k, t in enumerate(target_units):
        ut = rs.units[t]
        if ut.domain in excl or (only and ut.domain not in only) or (types and t not in types):
            ok_u[k] = 0
        elif from_air:
            ev = ut.ability("evades_air")
            if ev is not None:
                s = frozenset(ev.unless_enemy_has)
                if not (s in firing_sets and firing.bits[c][firing_sets.index(s)]):
                    ok_u[k] = 0
    return ok_u


def chooser_classes(spec: BattleSpec, target_units: list[str], cls: list[int],
                    keys: list[PoolKey]) -> frozenset[int]:
    """Classes some choosing pool (chooses_casualty) may reach: two-ended (Track)."""
    rs = spec.ruleset
    out: set[int] = set()
    for excl, _air, only, types, _l, chooser in keys:
        if not chooser:
            continue
        for k, t in enumerate(target_units):
            ut = rs.units[t]
            if not (ut.domain in excl or (only and ut.domain not in only) or (types and t not in types)):
                out.add(cls[k])
    return frozenset(out)


def chooser_split(spec: BattleSpec, units: list[str], damage: list[int], keys: list[PoolKey],
                  per_type: bool = False) -> tuple[list[int], frozenset[int]]:
    """Classes of `units` (unit_classes) and the two-ended ones: the classes a choosing
    pool reaches, with each unit that still has extra hit points in a class of its own
    (one-ended: the chooser hits it, then finishes it first, battle.default_casualties:
    units one hit from death first). per_type: the classes a chooser reaches are split by
    unit type instead (one-ended: the chooser picks the first of a type left, the game's
    tie-break being the lowest uid; Track.go checks that it is the class's front)."""
    rs = spec.ruleset
    cls = unit_classes(spec, units, keys)
    two = chooser_classes(spec, units, cls, keys)
    nxt = max(cls) + 1 if cls else 0
    solo: set[int] = set()
    by_type: dict[tuple[int, str], int] = {}
    for k, t in enumerate(units):
        if cls[k] in two and max(1, rs.units[t].hits) - damage[k] > 1:
            cls[k] = nxt
            solo.add(nxt)
            nxt += 1
        elif cls[k] in two and per_type:
            key = (cls[k], t)
            if key not in by_type:
                by_type[key] = nxt
                solo.add(nxt)
                nxt += 1
            cls[k] = by_type[key]
    ids: dict[int, int] = {}
    cls = [ids.setdefault(c, len(ids)) for c in cls]
    two = frozenset(ids[c] for c in ids if c in two and c not in solo) if two else frozenset()
    return cls, two


def aboard_split(cls: list[int], two: frozenset[int], pairs: list[tuple[int, int]]
                 ) -> tuple[list[int], frozenset[int]]:
    """Seed 000 G58: the aircraft aboard each carrier (combat air patrol; `pairs`:
    (aircraft, carrier) listed indices, api.aboard) become a class of their own within
    their class, so the carrier's loss takes them all at once (exact._cap_map): a state
    of the split order of loss. A finer class is still lost in the listed order, and a
    hit still takes the earliest eligible unit of all (Track.go)."""
    if not pairs:
        return cls, two
    carrier_of = dict(pairs)
    ids: dict[tuple[int, int], int] = {}
    out = [ids.setdefault((c, carrier_of.get(k, -1)), len(ids)) for k, c in enumerate(cls)]
    return out, frozenset(v for (c, _k), v in ids.items() if c in two)


def unit_classes(spec: BattleSpec, target_units: list[str], keys: list[PoolKey]) -> list[int]:
    """Class id per listed unit: units that no pool of `keys` tells apart (whatever the
    firing side's context) share a class; ids in order of first appearance."""
    rs = spec.ruleset
    ids: dict[tuple[Any, ...], int] = {}
    out: list[int] = []
    for t in target_units:
        ut = rs.units[t]
        sig = []
        for excl, from_air, only, types, _l, _c in keys:
            base = not (ut.domain in excl or (only and ut.domain not in only) or (types and t not in types))
            ev = ut.ability("evades_air") if from_air else None
            sig.append((base, frozenset(ev.unless_enemy_has) if (base and ev is not None) else None))
        out.append(ids.setdefault(tuple(sig), len(ids)))
    return out


@dataclass
class Layout:
    """A side's split order of loss before its states (Track): the slots (extra hit
    points first, then the units, listed order), each class's slots, which classes are
    two-ended, each class's digit count and stride in the mixed radix."""
    units: list[str]
    damage: list[int]
    slot_unit: list[int]
    A: int
    cls_slots: list[list[int]]
    two: list[bool]
    n: list[int]
    stride: list[int]
    last: list[int]

    @staticmethod
    def of(spec: BattleSpec, units: list[str], damage: list[int], cls: list[int],
           two_ended: frozenset[int] = frozenset()) -> Layout:
        from .exact import NotExact
        rs = spec.ruleset
        N = len(units)
        extra = [max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True)]
        owner = [k for k in range(N) for _ in range(extra[k])]
        slot_unit = owner + list(range(N))
        A = len(owner)
        ncls = max(cls) + 1 if cls else 1
        cls_slots = [[pos for pos, k in enumerate(slot_unit) if cls[k] == c] for c in range(ncls)]
        two = [c in two_ended for c in range(ncls)]
        for c in range(ncls):
            if two[c] and any(pos < A for pos in cls_slots[c]):
                raise NotExact("chosen casualties (chooses_casualty) among units with several hits")
        n = [len(sl) for sl in cls_slots]
        dims = [(m + 1) * (m + 2) // 2 if tw else m + 1 for m, tw in zip(n, two, strict=True)]
        stride = [int(np.prod(dims[c + 1:], dtype=object)) for c in range(ncls)]
        if stride[0] * dims[0] >= 1 << 62:
            raise NotExact("too many classes in the order of loss for the exact method")
        last = [d + e for d, e in zip(damage, extra, strict=True)]
        return Layout(list(units), list(damage), slot_unit, A, cls_slots, two, n, stride, last)

    def all_states(self) -> list[tuple[tuple[int, int], ...]]:
        """Every combination of the classes' digits, in mixed-radix order (the exact DP's
        states before reach.grow_tracks kept only the reachable ones)."""
        from itertools import product

        from .exact import NotExact
        pairs = [[(t - b, b) for t in range(n + 1) for b in range(t + 1)] if two else [(x, 0) for x in range(n + 1)]
                 for n, two in zip(self.n, self.two, strict=True)]
        if int(np.prod([len(p) for p in pairs], dtype=object)) > 200_000:
            raise NotExact("too many states for one side for the exact method")
        return list(product(*pairs))

    def digit(self, c: int, x: int, b: int) -> int:
        if self.two[c]:
            t = x + b
            return t * (t + 1) // 2 + b
        return x

    def index(self, st: tuple[tuple[int, int], ...]) -> int:
        return sum(self.digit(c, x, b) * self.stride[c] for c, (x, b) in enumerate(st))

    def row(self, st: tuple[tuple[int, int], ...]) -> list[tuple[int, str, int]]:
        """Alive (listed index, type, damage) at state st."""
        dmg = list(self.damage)
        dead: set[int] = set()
        for c, (x, b) in enumerate(st):
            sl = self.cls_slots[c]
            for pos in sl[:x] + (sl[len(sl) - b:] if b else []):
                if pos < self.A:
                    dmg[self.slot_unit[pos]] += 1
                else:
                    dead.add(self.slot_unit[pos])
        return [(k, t, dmg[k]) for k, t in enumerate(self.units) if k not in dead]


@dataclass
class Track:
    """A side's split order of loss. slot_unit: the full order's slots (extra hit points
    first, then the units, listed order); cls_slots[c]: positions of class c's slots;
    xs[s] / bs[s]: slots of each class consumed at state s from its front (the order of
    loss) and from its back (a two-ended class: the enemy's chosen casualties, seed 000
    DIVE BOMBER / TORPEDO BOMBER, take its costliest units first); rows[s]: alive (listed
    index, type, damage) at s. A class's digit: x (one-ended), or (t(t+1)/2 + b) with
    t = x + b (two-ended), so every hit moves to a higher state index. full[s]: state s's
    index in that mixed radix, ascending: a track holds the states a battle reaches
    (reach.grow_tracks), or any other set of them (Layout.all_states)."""
    units: list[str]
    slot_unit: np.ndarray
    A: int
    cls_slots: list[list[int]]
    stride: np.ndarray
    xs: np.ndarray
    bs: np.ndarray
    two: list[bool]
    rows: list[list[tuple[int, str, int]]]
    last: list[int]             # each unit's damage when it is lost (all extra hit points)
    full: np.ndarray

    @staticmethod
    def of_states(lay: Layout, states: list[tuple[tuple[int, int], ...]]) -> Track:
        """The track on these states ((x, b) per class), in mixed-radix order."""
        full = [lay.index(st) for st in states]
        order = sorted(range(len(states)), key=full.__getitem__)
        ncls = len(lay.n)
        xs = np.array([[states[i][c][0] for c in range(ncls)] for i in order], dtype=np.int64).reshape(-1, ncls)
        bs = np.array([[states[i][c][1] for c in range(ncls)] for i in order], dtype=np.int64).reshape(-1, ncls)
        return Track(lay.units, np.array(lay.slot_unit, dtype=np.int64), lay.A, lay.cls_slots,
                     np.array(lay.stride, dtype=np.int64), xs, bs, lay.two,
                     [lay.row(states[i]) for i in order], lay.last,
                     np.array([full[i] for i in order], dtype=np.int64))

    def at(self, full: np.ndarray) -> np.ndarray:
        """Mixed-radix indices -> this track's states (-1 stays -1; a state not held: -1)."""
        i = np.minimum(np.searchsorted(self.full, np.maximum(full, 0)), len(self.full) - 1)
        return np.where((full >= 0) & (self.full[i] == full), i, -1)

    @property
    def S(self) -> int:
        return len(self.xs)

    def _digit(self, c: int, x: np.ndarray, b: np.ndarray) -> np.ndarray:
        if self.two[c]:
            t = x + b
            return t * (t + 1) // 2 + b
        return x

    def canon(self) -> np.ndarray:
        """A two-ended class whose units are all lost (front + back = n) reads (0, n), its
        highest digit, whichever end took the last one: one state per alive set, and the
        state with every unit lost is the last one (T)."""
        out = self.full.copy()
        for c in range(len(self.cls_slots)):
            if not self.two[c]:
                continue
            n = len(self.cls_slots[c])
            x, b = self.xs[:, c], self.bs[:, c]
            full = x + b >= n
            top = n * (n + 1) // 2 + n
            out = out + np.where(full, (top - self._digit(c, x, b)) * self.stride[c], 0)
        got = self.at(out)
        # a kept state whose canonical twin is not (a start found by its rows, marked_start)
        return np.where(got >= 0, got, np.arange(self.S, dtype=np.int64))

    def _moves(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(head position of each class's front, next state taking the front, taking the
        back) per state and class; -1 / big when the class is empty."""
        S = self.S
        ncls = len(self.cls_slots)
        big = len(self.slot_unit) + 1
        head = np.full((S, ncls), big, dtype=np.int64)
        nf = np.full((S, ncls), -1, dtype=np.int64)
        nb = np.full((S, ncls), -1, dtype=np.int64)
        idx = self.full
        for c in range(ncls):
            n = len(self.cls_slots[c])
            x, b = self.xs[:, c], self.bs[:, c]
            left = x + b < n
            pos = np.array(self.cls_slots[c] + [big], dtype=np.int64)
            head[:, c] = np.where(left, pos[np.minimum(x, n)], big)
            d0 = self._digit(c, x, b)
            # a two-ended class left empty reads its highest digit (canon): a track
            # holds only that one of its empty states
            top = n * (n + 1) // 2 + n
            d1 = np.where(x + 1 + b >= n, top, self._digit(c, x + 1, b)) if self.two[c] else x + 1
            nf[:, c] = self.at(np.where(left, idx + (d1 - d0) * self.stride[c], -1))
            if self.two[c]:
                d2 = np.where(x + b + 1 >= n, top, self._digit(c, x, b + 1))
                nb[:, c] = self.at(np.where(left, idx + (d2 - d0) * self.stride[c], -1))
        return head, nf, nb

    def go(self, spec: BattleSpec, keys: list[PoolKey], firing: Tables,
           firing_sets: list[frozenset[str]], target: Valuer | None = None,
           single: frozenset[int] = frozenset()) -> np.ndarray:
        """go[p, c, s, k]: the state after k hits of the enemy's pool p from s when the
        enemy has context c (Track.step, k times). single: choosing pools that score at
        most one hit a step (the pick is made with the values of the state it is made
        from, support bonuses included: chooser_pick)."""
        S = self.S
        NS = len(self.slot_unit)
        C = len(firing.bits)
        moves = self._moves() + (self.canon(),)
        go = np.zeros((len(keys), C, S, NS + 1), dtype=np.int64)
        for p, key in enumerate(keys):
            for c in range(C):
                nxt = self.step(spec, key, firing, firing_sets, c, target, p not in single, moves)
                g = np.arange(S, dtype=np.int64)
                go[p, c, :, 0] = g
                for k in range(1, NS + 1):
                    g = nxt[g]
                    go[p, c, :, k] = g
        return go

    def step(self, spec: BattleSpec, key: PoolKey, firing: Tables, firing_sets: list[frozenset[str]],
             c: int, target: Valuer | None, strict: bool,
             moves: tuple[np.ndarray, ...] | None = None) -> np.ndarray:
        """The state after one hit of the enemy's pool `key` from each state, the enemy in
        context c: the hit takes the earliest eligible slot left, or, for a pool whose
        firer chooses (chooses_casualty), the unit battle.default_casualties picks for it
        (`target`: the valuer of this side, for the values it compares; strict: see
        chooser_pick)."""
        from .exact import NotExact
        S = self.S
        big = len(self.slot_unit) + 1
        head, nf, nb, canon = moves if moves is not None else self._moves() + (self.canon(),)
        idx = np.arange(S)
        ok_u = eligible_units(spec, self.units, key, firing, firing_sets, c)
        if key[5]:
            nxt = self._chosen(spec, target, ok_u, strict, nf, nb)
        else:
            ok_c = np.array([bool(ok_u[self.slot_unit[sl[0]]]) if sl else False
                             for sl in self.cls_slots], dtype=bool)
            hh = np.where(ok_c[None, :], head, big)
            best = np.argmin(hh, axis=1)
            can = hh[idx, best] < big
            nxt = np.where(can, nf[idx, best], idx)
        if (nxt < 0).any():
            raise NotExact("a hit leads out of the reachable states (reach.grow_tracks)")
        return canon[nxt]

    def _chosen(self, spec: BattleSpec, target: Valuer | None, ok_u: np.ndarray, strict: bool,
                nf: np.ndarray, nb: np.ndarray) -> np.ndarray:
        """Track.step for a choosing pool: the state after losing the unit picked."""
        from .exact import EndsMismatch, NotExact
        if target is None:
            raise NotExact("chosen casualties with no valuer")
        cls_of = np.zeros(len(self.units), dtype=np.int64)
        for c, sl in enumerate(self.cls_slots):
            for pos in sl:
                cls_of[self.slot_unit[pos]] = c
        nxt = np.arange(self.S, dtype=np.int64)
        picks: dict[tuple[Any, ...], int | None] = {}
        for s in range(self.S):
            row = self.rows[s]
            # the pick depends on the rows' types and damage in listed order and on which
            # of them the pool may hit (by type): memoised as a position
            pkey = tuple([(t, d, int(ok_u[k])) for k, t, d in row])
            if pkey in picks:
                i = picks[pkey]
            else:
                got = chooser_pick(spec, target, row, ok_u, strict=strict)
                i = picks[pkey] = None if got is None else [r[0] for r in row].index(got)
            if i is None:
                continue
            k = row[i][0]
            cc = int(cls_of[k])
            sl = self.cls_slots[cc]
            n = len(sl)
            # the very unit picked, not one of its type: a class's slots are interleaved
            # with other classes' in the full order, so losing its front or its back leaves
            # different units to the next listed hit (two torpedo boat destroyers around an
            # armored carrier: the chooser sinks the first, listed before the carrier)
            back = int(self.slot_unit[sl[n - 1 - self.bs[s, cc]]])
            front = int(self.slot_unit[sl[self.xs[s, cc]]])
            if k == front:
                nxt[s] = nf[s, cc]
            elif self.two[cc] and k == back:
                nxt[s] = nb[s, cc]
            else:
                raise EndsMismatch("the firing side's choice of casualties (chooses_casualty) "
                                   "is neither end of the order of loss")
        return nxt

    def fire_rows(self, with_damage: bool) -> tuple[list[list[tuple[int, str, int]]], np.ndarray]:
        """The defender's firing rows and defrow[j1, j2] (kernel._def_key): units alive at
        j1 fire with their damage at j2 (seed 000: casualties of a first strike fire back
        in it with the damage it did; the ordinary fire reads defrow[j1, j1]). Rows past
        the states are those mixtures."""
        S = self.S
        rows = list(self.rows)
        defrow = np.tile(np.arange(S, dtype=np.int64)[:, None], (1, S))
        if not with_damage or self.A == 0:
            return rows, defrow
        multi = sorted({int(self.slot_unit[pos]) for pos in range(self.A)})   # units with extra hit points
        dm = np.zeros((S, len(multi)), dtype=np.int64)      # their damage at each state (lost: all)
        for s, r in enumerate(self.rows):
            d = {k: x for k, _t, x in r}
            for i, k in enumerate(multi):
                dm[s, i] = d.get(k, self.last[k])
        idx: dict[tuple[tuple[int, str, int], ...], int] = {tuple(r): s for s, r in enumerate(rows)}
        extra_cls = [sum(1 for pos in sl if pos < self.A) for sl in self.cls_slots]
        n_c = np.array([len(sl) for sl in self.cls_slots], dtype=np.int64)[None, :]
        dm_u, code = np.unique(dm, axis=0, return_inverse=True)   # damage rows, coded once
        code = np.asarray(code).reshape(-1)
        full = self.xs + self.bs >= n_c
        for j1 in range(S):
            if not any(self.xs[j1, c] < extra_cls[c] for c in range(len(extra_cls))):
                continue   # no extra hit point left: nobody's damage changes before dying
            ge = np.nonzero(np.all(((self.xs >= self.xs[j1][None, :]) & (self.bs >= self.bs[j1][None, :]))
                                   | full, axis=1))[0]
            ucode, inv = np.unique(code[ge], return_inverse=True)
            uniq = dm_u[ucode]
            got_u = np.zeros(len(uniq), dtype=np.int64)
            for u in range(len(uniq)):
                new = {k: int(uniq[u, i]) for i, k in enumerate(multi)}
                key = tuple((k, t, new.get(k, d)) for k, t, d in self.rows[j1])
                got = idx.get(key)
                if got is None:
                    got = idx[key] = len(rows)
                    rows.append(list(key))
                got_u[u] = got
            defrow[j1, ge] = got_u[np.asarray(inv).reshape(-1)]
        return rows, defrow


def chooser_pick(spec: BattleSpec, valuer: Valuer, alive: list[tuple[int, str, int]],
                 ok_u: np.ndarray, strict: bool = True) -> int | None:
    """battle.default_casualties' pick for a choosing firer (units one hit from death first,
    then the costliest, then the strongest, then the lowest uid = listed index), with the
    values of this state; None when no unit is eligible. strict: NotExact when the pick
    would differ without the support bonuses (the game compares values from the start of
    the pool, so a second hit of the pool may not follow the bonuses of the state after
    the first); a pool of one hit a step (not strict) picks with this state's bonuses."""
    from .exact import NotExact
    rs = spec.ruleset
    D = spec.dice
    picks = []
    for bonus in (valuer.bonuses(alive), {}):
        best: tuple[tuple[int, int, int, int], int] | None = None
        for k, t, dmg in alive:
            if not ok_u[k]:
                continue
            ut = rs.units[t]
            hp = max(1, ut.hits) - dmg
            cost = ut.cost if isinstance(ut.cost, int) else 0
            val = min(D, max(0, valuer.hooked(ut, k, dmg, None) - valuer.pen(k) + bonus.get(k, 0)))
            key = (0 if hp == 1 else 1, -cost, -val, k)
            if best is None or key < best[0]:
                best = (key, k)
        picks.append(None if best is None else rs.units[alive[[r[0] for r in alive].index(best[1])][1]].id)
        if len(picks) == 1:
            first = None if best is None else best[1]
    if strict and picks[0] != picks[1]:
        raise NotExact("the firing side's choice of casualties depends on support bonuses")
    return first


def go_linear(elig: np.ndarray, T: int) -> np.ndarray:
    """go[p, c, h, k] = h + min(k, elig[p, c, h]): a prefix track's go table."""
    k = np.arange(T + 1, dtype=np.int64)
    h = np.arange(elig.shape[2], dtype=np.int64)
    return h[None, None, :, None] + np.minimum(k[None, None, None, :], elig[:, :, :, None])


# --- shore bombardment before round one (seed 000 W1, G63) ------------------------------
# battle.step_shooters "bombard": the ships the assault came with roll before round one
# (their bombard value, extra dice); the hits are one pool on the defenders in the order of
# loss (extra hit points first), not removed at once (battle.take_casualties: a unit whose
# last hit point goes is marked). A marked unit does not count as alive: it neither fires
# in the first-strike step nor cancels the enemy's first strike; it fires in round one's
# ordinary defender fire (def_fire shoots with every defender, marked ones too, and its
# support bonuses count them) unless its own first strike is active then (def_fire skips
# first strikers), and it is removed at the end of the round. When no defender is alive
# after the first-strike step (the bombardment, or it and the attacker's first strike, took
# them all), battle.settle goes straight to the defender's fire: the marked units fire back
# alone (issue #41 item 11: casualties behind the strip always fire back).


@dataclass
class PreRound:
    """Round one's starts (kernel.solve_g): the defender's state after the bombardment
    (starts, start_w), the defender's firing rows for round one (AD1, dsel, defrow1) and
    the extra firing rows (ghost rows) with their first-strike rows."""
    starts: np.ndarray
    start_w: np.ndarray
    AD1: np.ndarray
    dsel: np.ndarray
    defrow1: np.ndarray
    rows: list[list[tuple[int, str, int]]]        # every firing row (base rows first)
    fs_rows: dict[int, list[tuple[int, str, int]]]
    n_base: int


def bombard_key(spec: BattleSpec, valA: Valuer) -> PoolKey | None:
    """The bombardment's hit pool (battle._classify, step "bombard": no special values, no
    chooser; the ships' cannot_hit), or None without a bombardment."""
    from .exact import NotExact
    if not spec.bombard:
        return None
    keys = {valA.norm((tuple(spec.info(t).cannot_hit), False, (), (), False, False)) for t in spec.bombard}
    if len(keys) > 1:
        raise NotExact("bombarding ships whose hits go to different units")
    return keys.pop()


def bombard_hits(spec: BattleSpec) -> np.ndarray:
    """P(k hits) of the bombarding ships' dice (bombard value, extra dice)."""
    D = spec.dice
    dist = np.array([1.0])
    for t in spec.bombard:
        ti = spec.info(t)
        q = min(D, max(0, ti.bombard_value or 0)) / D
        for _ in range(ti.ndice):
            dist = np.convolve(dist, [1.0 - q, q])
    return dist


def marked_start(spec: BattleSpec, rows: list[list[tuple[int, str, int]]]) -> int | None:
    """The state whose alive units are exactly the unmarked defenders with their damage
    (BattleSpec.defender_marked: the shore bombardment before an airdrop hit them), or None
    when the order of loss never leaves them."""
    dmg = spec.damage("defender")
    want = [(k, t, dmg[k]) for k, t in enumerate(spec.defender) if not spec.marked(k)]
    for s, r in enumerate(rows):
        if r == want:
            return s
    return None


def pre_round(spec: BattleSpec, starts: dict[int, float], state_rows: list[list[tuple[int, str, int]]],
              fire_rows: list[list[tuple[int, str, int]]], base: np.ndarray, AD: int,
              defrow: np.ndarray) -> PreRound:
    """Round one's starts and ghost rows. starts: defender state -> probability; base[x, y]:
    the firing row of the defender alive at x, hit down to y (kernel._def_key); AD, defrow:
    the kernel's later-round arguments. A start whose state lost units (marked) fires in
    round one from ghost rows: the base row with the marked units added, its first-strike
    dice those of the base row alone; an empty base row (no defender alive) gets them too:
    the marked units fire back alone (battle.settle, fs_remove)."""
    from .exact import NotExact
    before = spec.damage("defender")
    rows = list(fire_rows)
    n_base = len(rows)
    fs_rows: dict[int, list[tuple[int, str, int]]] = {}
    first = {k for k, _t, _d in state_rows[0]}
    tables = [defrow if AD == -2 else base]
    st, sw, ad1, dsel = [], [], [], []
    for s, w in sorted(starts.items()):
        gone = sorted(first - {k for k, _t, _d in state_rows[s]})
        st.append(s)
        sw.append(w)
        if not gone:
            ad1.append(AD)
            dsel.append(0)
            continue
        # marked units fire back with their damage from before the hits (battle.firing_damage)
        ghosts = [(k, spec.defender[k], before[k]) for k in gone]
        gset = set(gone)
        amap = np.arange(n_base, dtype=np.int64)
        made: dict[tuple[tuple[int, str, int], ...], int] = {}
        for r in range(n_base):
            row = rows[r]
            if any(k in gset for k, _t, _d in row):
                continue
            key = tuple(sorted(row + ghosts))
            got = made.get(key)
            if got is None:
                got = made[key] = len(rows)
                rows.append(list(key))
                fs_rows[got] = row
            amap[r] = got
        if (len(tables) + 1) * base.size > 16_000_000:
            raise NotExact("too many firing rows for the units the shore bombardment hit")
        ad1.append(-2)
        dsel.append(len(tables))
        tables.append(amap[base])
    stack = tables[0][None] if len(tables) == 1 else np.stack(tables)
    return PreRound(np.array(st, dtype=np.int64), np.array(sw, dtype=np.float64),
                    np.array(ad1, dtype=np.int64), np.array(dsel, dtype=np.int64), stack,
                    rows, fs_rows, n_base)


def base_defrow(H: int, AD: int) -> np.ndarray:
    """kernel._def_key's firing row for AD >= -1 as a table: the defender alive at j1 fires
    from j1, or, while extra hit points are being taken (j1 < AD), from min(j2, AD)."""
    j1 = np.arange(H, dtype=np.int64)[:, None]
    j2 = np.arange(H, dtype=np.int64)[None, :]
    if AD >= 0:
        return np.where(j1 < AD, np.minimum(j2, AD), j1).astype(np.int64)
    return np.broadcast_to(j1, (H, H)).astype(np.int64).copy()
