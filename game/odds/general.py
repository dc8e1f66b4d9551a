"""Unit values for the exact odds' per-unit tables (seed 000): values that depend on more
than the unit type, and the contexts (presence bits) they depend on.

The vectorised tables of exact.py give every unit of a type the same value (apart from
one-to-one support). The per-unit tables — hist[c, stage, pool, h, v] (firetables.py)
and the eligibility of each hit pool (lossorder.py; round one's starts: preround.py) —
are built from this module's Valuer, which evaluates, for every state h of a side
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
from typing import Any

import numpy as np

from game.rules.abilities.hooks import (
    ValueHook,
    barred_domains,
    hooked_value,
    hooks,
    only_domains,
    restrict_domains,
    support_claim_order,
    unit_dice,
)
from game.rules.abilities.values import value_context
from game.rules.memo import derived
from game.rules.model import AIR, LAND, SEA, Ruleset, UnitType

from .model import BattleSpec

# (excluded domains, from air, only domains, only types, linked special dice)
PoolKey = tuple[tuple[str, ...], bool, tuple[str, ...], tuple[str, ...], bool, bool]   # + chooser


def has_damaged_values(ut: UnitType) -> bool:
    return any(v != (ut.attack, ut.defense) for v in ut.damaged[:max(0, ut.hits - 1)])


def needs_general(spec: BattleSpec) -> bool:
    """Does this battle need the per-unit tables (an ability that says so for this
    battle's terrain, Ability.per_unit_odds, or damage-dependent values)?"""
    rs = spec.ruleset
    if spec.terrain == SEA and any(rs.units[t].has("carrier") for t in set(spec.defender)):
        from .api import lost_aboard
        if lost_aboard(spec, spec.defender):
            return True   # G58: a carrier listed before its aircraft (exact._cap_map)
    per_unit = _per_unit_types(rs, tuple(spec.terrain_tags))
    return any(per_unit[t] for t in set(spec.attacker) | set(spec.defender))


class _PerUnitTypes(dict[str, bool]):
    """Per unit type: does it need the per-unit tables in this terrain (an ability that
    says so, or damage-dependent values)? Found when first asked for."""

    def __init__(self, rs: Ruleset, tags: tuple[str, ...]) -> None:
        super().__init__()
        self.rs, self.tags = rs, tags

    def __missing__(self, t: str) -> bool:
        ut = self.rs.units[t]
        got = self[t] = has_damaged_values(ut) or any(ab.per_unit_odds(self.tags) for ab in ut.abilities)
        return got


def _per_unit_types(rs: Ruleset, tags: tuple[str, ...]) -> dict[str, bool]:
    return derived(rs, ("odds.per_unit_types", tags), lambda: _PerUnitTypes(rs, tags))


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
            only = restrict_domains(only, tuple(ch.domains))
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
            skey = self.norm((excl, ut.domain == AIR, restrict_domains(only, doms), types, True, chooser))
            if self.reaches(skey):
                special = (sv, skey)
            # else no enemy unit can ever take these special hits: the die is an ordinary
            # one (its special hits are lost), though it still records the special value
        return Fired(value, unit_dice(ut),
                     self.norm((excl, ut.domain == AIR, only, (), False, chooser)),
                     first, special, t in self.recon_types, top)




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


def defender_damage_bound(spec: BattleSpec, units: list[str], damage: list[int]) -> int:
    """kernel AD: the defender's extra hit points when some of its units change value with
    damage (they fire back with their new damage), else -1."""
    rs = spec.ruleset
    if not any(has_damaged_values(rs.units[t]) for t in units):
        return -1
    return sum(max(0, max(1, rs.units[t].hits) - 1 - d) for t, d in zip(units, damage, strict=True))


def describe(x: Any) -> str:  # pragma: no cover - debugging aid
    return repr(x)
