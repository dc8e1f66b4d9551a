"""Battle specification for the odds calculator, read from a loaded ruleset.

A side is a list of unit type ids in order of loss. Its *track* is the order in
which hits are taken: first one slot per extra hit point of each multi-hit unit
(listed order), then one slot per unit (listed order). A side's state is the
number of track slots consumed, h in 0..T: the units alive at h are
`units[max(0, h - A):]` (A = number of extra hit points), damage does not
change a unit's value. A unit already damaged (`attacker_damage`/`defender_damage`,
hits taken per listed unit, e.g. from an earlier round) has that many fewer extra
slots. This is exactly the rules core's default order of loss
when the list is given in that order (see `battle.default_casualties`).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from game.rules.abilities.base import REGISTRY
from game.rules.abilities.hooks import (
    ValueHook,
    barred_domains,
    hooked_value,
    hooks,
    only_domains,
    unit_dice,
)
from game.rules.abilities.values import SupportedBy, value_context
from game.rules.memo import derived
from game.rules.model import AIR, LAND, Ruleset, UnitType


# What the odds model, as each ability declares it (`Ability.odds`, game/rules/abilities/base.py):
# the exact DP (per-unit tables in general.py, airdrops in intercept.py), the vectorised
# Monte Carlo (g40's set: no Rule of Three, first strike every round), no battle effect.
# A new ability is "sim" until its class says otherwise; `unmodelled` checks parameters.
def _declaring(*kinds: str) -> frozenset[str]:
    return frozenset(n for n, cls in REGISTRY.items() if cls.odds in kinds)


EXACT_ABILITIES = _declaring("exact_mc", "exact")
MC_ABILITIES = _declaring("exact_mc")
NO_BATTLE_EFFECT = _declaring("none")
# seed 000 G53: abilities that only act when the attacker has aircraft ("sim" then)
AIR_DEFENSE_ABILITIES = frozenset(n for n, cls in REGISTRY.items() if cls.air_defense)


def unmodelled(ut: UnitType, method: str, tags: tuple[str, ...] | list[str] = ()) -> list[str]:
    """Why the `exact` or `mc` model cannot play this unit type exactly (empty: it can).
    Every ability must declare the method (its class's `odds`: the sets above), with
    parameters it models (`odds_gap`); anything else is resolved by the real-battle
    simulation (method "sim"). An ability idle in this battle's terrain does not count."""
    known = ("exact", "exact_mc") if method == "exact" else ("exact_mc",)
    out: list[str] = []
    ab: Any
    for ab in ut.abilities:
        if ab.odds == "none" or ab.idle_in(tags):
            continue
        if ab.odds not in known:
            out.append(f"{ut.id}: {ab.name}")
        elif gap := ab.odds_gap("exact" if method == "exact" else "mc"):
            out.append(f"{ut.id}: {gap}")
    if method != "exact" and any(v != (ut.attack, ut.defense) for v in ut.damaged[:max(0, ut.hits - 1)]):
        out.append(f"{ut.id}: damaged values")   # (exact: general.py's per-unit tables)
    return out



def can_fly_in(ut: UnitType) -> bool:
    """Can this attacker have come by air (an `airborne` flag means something for it)?"""
    return ut.has("self_airlift") or ut.has("airdroppable")


class OddsError(ValueError):
    """A request the odds calculator cannot answer (unknown ruleset, unit, bad field)."""


def did_you_mean(word: str, options: list[str]) -> str:
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def unit_cost(ut: UnitType) -> float:
    """TUV of one unit: its cost; side-dependent costs use the cheapest; unbuildable 0."""
    if isinstance(ut.cost, int):
        return float(ut.cost)
    if isinstance(ut.cost, dict) and ut.cost:
        return float(min(ut.cost.values()))
    return 0.0


@dataclass(frozen=True)
class TypeInfo:
    """What the odds need to know about one unit type (all from the ruleset)."""
    id: str
    domain: str
    hits: int
    cost: float
    attack: int
    defense: int
    ndice: int
    fs_cancel: tuple[str, ...] | None     # first_strike: cancelled by these enemy types
    cannot_hit: tuple[str, ...]           # domains its hits cannot be assigned to
    evades: tuple[str, ...] | None        # evades_air unless the enemy has one of these
    defenseless: bool
    supports: tuple[SupportedBy, ...]
    aa_value: int | None                  # anti_aircraft value (defending), None if not AA
    aa_shots: int
    bombard_value: int | None             # shore bombardment value, None if it cannot bombard
    fs_rounds: tuple[int, ...] = ()       # first_strike rounds (empty: every round)
    fs_on: tuple[str, ...] = ("attack", "defense")
    amph_ok: bool = False                 # no_amphibious_penalty
    support_units: tuple[tuple[str, ...], ...] = ()   # per support ability: unit ids it names
    value_hooks: tuple[Any, ...] = ()     # abilities.ValueHook abilities (modifier)
    aa_exposed: bool = False              # self_airlift with aa_exposed: AA fires when airborne
    doa: tuple[str, ...] | None = None    # defends_only_against domains

    def fs_stage(self, role: str, round1: bool) -> bool:
        """Does this type fire in the first-strike step in this role (round one or later)?"""
        if self.fs_cancel is None or role not in self.fs_on:
            return False
        return not self.fs_rounds or (1 in self.fs_rounds if round1 else
                                      any(r > 1 for r in self.fs_rounds))

    @staticmethod
    def of(ut: UnitType, rs: Ruleset | None = None) -> TypeInfo:
        fs = ut.ability("first_strike")
        ev = ut.ability("evades_air")
        aa = ut.ability("anti_aircraft")
        bo = ut.ability("bombard")
        return TypeInfo(
            id=ut.id, domain=ut.domain, hits=max(1, ut.hits), cost=unit_cost(ut),
            attack=ut.attack, defense=ut.defense, ndice=unit_dice(ut),
            fs_cancel=((rs.expand_all(fs.canceled_by) if rs is not None else tuple(fs.canceled_by))
                       if fs is not None else None),
            cannot_hit=barred_domains(ut),
            evades=tuple(ev.unless_enemy_has) if ev is not None else None,
            defenseless=ut.has("defenseless"),
            supports=tuple(a for a in ut.abilities if isinstance(a, SupportedBy)),
            aa_value=aa.value if aa is not None else None,
            aa_shots=aa.shots if aa is not None else 0,
            bombard_value=(bo.value or ut.attack) if bo is not None else None,
            fs_rounds=tuple(fs.rounds) if fs is not None else (),
            fs_on=tuple(fs.on) if fs is not None else ("attack", "defense"),
            amph_ok=ut.has("no_amphibious_penalty"),
            support_units=tuple((rs.expand_all(a.units) if rs is not None else tuple(a.units))
                                for a in ut.abilities if isinstance(a, SupportedBy)),
            value_hooks=hooks(ut, ValueHook),
            aa_exposed=bool(ut.has("self_airlift") and ut.ability("self_airlift").aa_exposed),
            doa=only_domains(ut, "defense"),
        )

    def pool_key(self) -> tuple[tuple[str, ...], bool]:
        """Hits are grouped like `battle._fire`: (excluded domains, scored by aircraft)."""
        return (self.cannot_hit, self.domain == AIR)


@dataclass
class BattleSpec:
    ruleset: Ruleset
    attacker: list[str]                  # expanded, order of loss
    defender: list[str]
    terrain: str = "land"
    rounds: int | None = None
    bombard: list[str] = field(default_factory=list)
    amphibious: bool = False
    attacker_damage: list[int] = field(default_factory=list)   # hits already taken, per unit
    aa_fire: bool = True              # anti-aircraft fire before round one (not once it has fired)
    defender_damage: list[int] = field(default_factory=list)
    terrain_tags: list[str] = field(default_factory=list)   # space terrain (mountain, ...)
    # seed 002: attackers that flew in by self_airlift, per listed attacker (missing: False)
    attacker_airborne: list[bool] = field(default_factory=list)
    # seed 000 supply (G4): listed units out of supply, which fight at -1 (missing: supplied)
    attacker_oos: list[bool] = field(default_factory=list)
    defender_oos: list[bool] = field(default_factory=list)
    # seed 000 airdrops (intercept.py): per listed defender, already hit by the shore
    # bombardment (a marked casualty: not alive, cannot be hit again, no first strike; it
    # fires in round one's ordinary defender fire, then is removed; preround.pre_round)
    defender_marked: list[bool] = field(default_factory=list)
    # seed 000: per listed attacker, landed from the sea this turn (Unit.amphibious; the
    # engine's not_in: [amphibious] restrictions are per unit). Empty: `amphibious` for all
    attacker_landed: list[bool] = field(default_factory=list)

    def landed(self) -> list[bool]:
        """Per listed attacker: did it land from the sea (attacker_landed, else amphibious)?"""
        fl = self.attacker_landed
        if not fl:
            return [self.amphibious] * len(self.attacker)
        return [bool(fl[k]) if k < len(fl) else False for k in range(len(self.attacker))]

    def mixed_landed(self) -> bool:
        """Did some attacking land units land from the sea and others come overland (a
        per-unit amphibious restriction: the per-unit tables)?"""
        if not self.attacker_landed:   # one flag for the side
            return False
        land = {f for t, f in zip(self.attacker, self.landed(), strict=True)
                if self.ruleset.units[t].domain == "land"}
        return len(land) > 1

    def marked(self, k: int) -> bool:
        """Is listed defender k a marked casualty of the shore bombardment (defender_marked)?"""
        return k < len(self.defender_marked) and bool(self.defender_marked[k])

    @property
    def dice(self) -> int:
        return self.ruleset.dice

    def info(self, tid: str) -> TypeInfo:
        return type_infos(self.ruleset)[tid]

    def can_capture(self, tid: str) -> bool:
        """Can an attacker of type `tid` left after the battle take the space (find_battles:
        a land unit without cannot_capture)? A land battle only."""
        ut = self.ruleset.units[tid]
        return self.terrain == LAND and ut.domain == LAND and not ut.has("cannot_capture")

    def airborne(self) -> list[bool]:
        """Per listed attacker: did it fly in (self_airlift, or dropped by an air transport)?
        Only units that can (`can_fly_in`)."""
        fl = self.attacker_airborne
        return [bool(fl[k]) if k < len(fl) else False for k in range(len(self.attacker))]

    def out_of_supply(self) -> bool:
        """Does any listed unit fight out of supply (at -penalty: supply_penalties)?"""
        if not any(self.attacker_oos) and not any(self.defender_oos):
            return False
        return any(self.supply_penalties("attacker")) or any(self.supply_penalties("defender"))

    def supply_penalties(self, side: str) -> list[int]:
        """seed 000 supply (G4), per listed unit of a side: what it loses out of supply
        (battle.unit_value: a land unit without no_supply_penalty, flagged out of supply,
        under a ruleset with the supply rule; supply.penalised), else 0."""
        units = self.attacker if side == "attacker" else self.defender
        flags = self.attacker_oos if side == "attacker" else self.defender_oos
        rule = self.ruleset.supply
        out: list[int] = []
        for k, t in enumerate(units):
            ut = self.ruleset.units[t]
            cut = rule is not None and k < len(flags) and bool(flags[k]) and ut.domain == LAND \
                and not ut.has("no_supply_penalty")
            out.append(int(rule.penalty) if cut and rule is not None else 0)
        return out

    def hooked(self, ti: TypeInfo, role: str, round1: bool, airborne: bool) -> int:
        """battle.unit_value's value before support for the exact DP: the printed value
        after the type's value hooks in round one or a later round, judged on the sides as
        listed (the battle as it begins)."""
        printed = ti.attack if role == "attack" else ti.defense
        if not ti.value_hooks:
            return printed
        ut = self.ruleset.units[ti.id]
        side = self.attacker if role == "attack" else self.defender
        ctx = value_context(ut, role, round_=1 if round1 else 2, terrain=tuple(self.terrain_tags),
                            airborne=airborne, landed=role == "attack" and self.amphibious and ti.domain == LAND,
                            side_at_start=tuple(side), expand=self.ruleset.expand_all)
        return hooked_value(ut, ctx, printed)

    def damage(self, side: str) -> list[int]:
        """Hits already taken by each listed unit of a side (0 where not given)."""
        units = self.attacker if side == "attacker" else self.defender
        dmg = self.attacker_damage if side == "attacker" else self.defender_damage
        return [int(dmg[k]) if k < len(dmg) else 0 for k in range(len(units))]


class _TypeInfos(dict[str, TypeInfo]):
    """A ruleset's TypeInfo per unit type id, each made when first asked for."""

    def __init__(self, rs: Ruleset) -> None:
        super().__init__()
        self.rs = rs

    def __missing__(self, tid: str) -> TypeInfo:
        got = self[tid] = TypeInfo.of(self.rs.units[tid], self.rs)
        return got


def type_infos(rs: Ruleset) -> dict[str, TypeInfo]:
    """The ruleset's TypeInfo by unit type id (one look-up per call for the hot loops:
    issue #45, a small battle's cost is its fixed Python cost)."""
    return derived(rs, "odds.TypeInfos", lambda: _TypeInfos(rs))


def type_info(rs: Ruleset, tid: str) -> TypeInfo:
    return type_infos(rs)[tid]


def expand(rs: Ruleset, entries: Any, what: str) -> list[str]:
    """[[type, count], ...] -> [type, type, ...] with unit ids checked."""
    return _entries(rs, entries, what, damage=False)[0]


def expand_damaged(rs: Ruleset, entries: Any, what: str,
                   limit: int | None = None) -> tuple[list[str], list[int]]:
    """[[type, count], [type, count, hits taken], ...] -> the types and, per unit, the hits
    it has already taken (a damaged capital ship: ["battleship", 1, 1]; seed 000 BATTLESHIP
    "Attack: 8 (4, if damaged)"). Damage is checked against hits by normalise_with_damage.
    `limit`: at most that many units (checked before any list is built)."""
    return _entries(rs, entries, what, damage=True, limit=limit)


def _entries(rs: Ruleset, entries: Any, what: str, damage: bool,
             limit: int | None = None) -> tuple[list[str], list[int]]:
    shape = "[unit, count] or [unit, count, hits taken]" if damage else "[unit, count]"
    if not isinstance(entries, (list, tuple)):
        raise OddsError(f"'{what}' must be a list of {shape} entries")
    out: list[str] = []
    hits: list[Any] = []
    for e in entries:
        if isinstance(e, str):
            tid, n, d = e, 1, 0
        elif isinstance(e, (list, tuple)) and (len(e) == 2 or (damage and len(e) == 3)):
            tid, n, d = (*e, 0) if len(e) == 2 else e
        else:
            raise OddsError(f"'{what}': expected {shape}, got {e!r}")
        if not isinstance(tid, str) or tid not in rs.units:
            raise OddsError(f"unknown unit '{tid}' in ruleset '{rs.id}'"
                            f"{did_you_mean(str(tid), list(rs.units))}{_elsewhere(str(tid), rs.id)}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise OddsError(f"'{what}': count for '{tid}' must be a whole number >= 0")
        if limit is not None and len(out) + n > limit:
            raise OddsError(f"'{what}': {len(out) + n} units or more; the odds take at most {limit} a side")
        out.extend([tid] * n)
        hits.extend([d] * n)
    return out, hits


def _elsewhere(tid: str, rid: str) -> str:
    """' ('armor' is a unit of ruleset 'interwar': set "ruleset")' when another ruleset has
    the unit: the request's ruleset defaults to g40, so a forgotten "ruleset" is common."""
    from game.rules.errors import LoadError
    from game.rules.ruleset import RULESET_DIR, load_ruleset
    for path in sorted(RULESET_DIR.glob("*.yaml")):
        if path.stem == rid:
            continue
        try:
            if tid in load_ruleset(path.stem).units:
                return f" ('{tid}' is a unit of ruleset '{path.stem}': set \"ruleset\": \"{path.stem}\")"
        except LoadError:
            continue
    return ""


def loss_group(rs: Ruleset, t: str) -> int:
    """The rules core's groups of the order of loss (battle.default_casualties,
    check_casualties): 0 combat units, 1 noncombatants (seed 000 TRANSPORT AIRCRAFT: "may
    not be selected as casualties until all accompanying friendly fighters have been
    lost"; the game's default takes them after every combat unit), 2 defenceless units."""
    return _loss_groups(rs)[t]


class _LossGroups(dict[str, int]):
    """A ruleset's loss_group per unit type id, each found when first asked for."""

    def __init__(self, rs: Ruleset) -> None:
        super().__init__()
        self.rs = rs

    def __missing__(self, t: str) -> int:
        got = self[t] = (2 if type_info(self.rs, t).defenseless
                         else 1 if self.rs.units[t].has("noncombatant") else 0)
        return got


def _loss_groups(rs: Ruleset) -> dict[str, int]:
    return derived(rs, "odds.loss_groups", lambda: _LossGroups(rs))


def sturdy_defending_noncombatants(spec: BattleSpec) -> bool:
    """Does a defending noncombatant (seed 000 air transport) have several hit points left?
    The game's battles (sim._listed_casualties) take every extra hit point of the combat
    units before theirs; the DP's track (and the Monte Carlo's) every extra hit point
    first: then only the simulation plays them (api.moot, intercept.handles)."""
    rs = spec.ruleset
    ddm = spec.damage("defender")
    return any(rs.units[t].has("noncombatant") and rs.units[t].hits - ddm[k] > 1
               for k, t in enumerate(spec.defender))


def normalise_order(rs: Ruleset, units: list[str]) -> list[str]:
    """Defenceless units are lost only after every other unit, noncombatants (air
    transports) after the combat units (rules core); else the listed order."""
    group = _loss_groups(rs)
    return sorted(units, key=group.__getitem__)


def _in_order(group: dict[str, int], units: list[str]) -> bool:
    """Are the units in their groups' order already (the sort would keep them as listed)?"""
    if len({group[t] for t in set(units)}) < 2:   # one group (the common case)
        return True
    return all(group[a] <= group[b] for a, b in zip(units, units[1:], strict=False))


def normalise_flags(rs: Ruleset, units: list[str], flags: list[bool]) -> list[bool]:
    """Per-unit flags reordered as normalise_order reorders the units."""
    if not any(flags):   # nothing flagged: nothing to reorder
        return [False] * len(units)
    fl = [bool(flags[k]) if k < len(flags) else False for k in range(len(units))]
    group = _loss_groups(rs)
    if _in_order(group, units):
        return fl
    pairs = sorted(zip(units, fl, strict=True), key=lambda p: group[p[0]])
    return [f for _, f in pairs]


def normalise_with_damage(rs: Ruleset, units: list[str],
                          damage: list[int]) -> tuple[list[str], list[int]]:
    """normalise_order, carrying each unit's damage along; damage is checked against hits."""
    group = _loss_groups(rs)
    if not damage and _in_order(group, units):   # the common case: nothing to check or move
        return list(units), [0] * len(units)
    dmg = [damage[k] if k < len(damage) else 0 for k in range(len(units))]
    hits = {t: type_info(rs, t).hits for t in set(units)}
    for t, d in zip(units, dmg, strict=True):
        if d == 0 and type(d) is int:
            continue
        if hits[t] == 1:
            raise OddsError(f"'{t}' is destroyed by one hit: it cannot enter the battle damaged")
        if isinstance(d, bool) or not isinstance(d, int) or d < 0 or d >= hits[t]:
            raise OddsError(f"damage {d!r} for '{t}' must be a whole number from 0 to "
                            f"{type_info(rs, t).hits - 1}")
    pairs = sorted(zip(units, dmg, strict=True), key=lambda p: group[p[0]])
    return [t for t, _ in pairs], [d for _, d in pairs]
