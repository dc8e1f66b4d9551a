"""Public entry points: the JSON contract, the Python API and the GameState helper."""
from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import numpy as np

from game.rules.errors import LoadError
from game.rules.memo import derived
from game.rules.model import AIR, LAND, SEA, GameState, Ruleset

from . import intercept
from .exact import Branch, NotExact, solve_exact
from .model import (
    AIR_DEFENSE_ABILITIES,
    BattleSpec,
    OddsError,
    can_fly_in,
    did_you_mean,
    expand,
    expand_damaged,
    normalise_flags,
    normalise_with_damage,
    sturdy_defending_noncombatants,
    type_infos,
    unit_cost,
    unmodelled,
)
from .result import OddsResult, pruned

DEFAULT_TRIALS = 20_000
MAX_TRIALS = 1_000_000   # a request's sampled battles: a million real ones of a big fleet take hours
TERRAINS = (LAND, SEA)
REQUEST_FIELDS = ("ruleset", "attacker", "defender", "terrain", "rounds", "method", "trials", "seed",
                  "bombard", "amphibious", "terrain_tags", "airborne", "raid")
METHODS = ("exact", "mc", "sim")
# units a side in a request: far above any board, below the typo that exhausts memory
# (20,000 infantry: 6 GB, then MemoryError; 1,000: 1.5 s)
MAX_REQUEST_UNITS = 1000


def _ruleset(rs: Ruleset | str) -> Ruleset:
    if isinstance(rs, str):
        from game.rules.ruleset import RULESET_DIR, load_ruleset
        try:
            return load_ruleset(rs)
        except LoadError:
            known = sorted(p.stem for p in RULESET_DIR.glob("*.yaml"))
            raise OddsError(f"unknown ruleset '{rs}'{did_you_mean(rs, known)}") from None
    return rs


def _terrain_tags(tags: Any) -> list[str]:
    from game.rules.ruleset import TERRAIN_TAGS
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise OddsError("'terrain_tags' must be a list of terrain tags")
    for t in tags:
        if t not in TERRAIN_TAGS:
            raise OddsError(f"unknown terrain tag '{t}'{did_you_mean(t, list(TERRAIN_TAGS))}")
    return list(tags)


def _check_terrain(spec: BattleSpec) -> None:
    if spec.terrain not in TERRAINS:
        from game.rules.ruleset import TERRAIN_TAGS
        tag = (f" (a space's terrain goes in 'terrain_tags': [\"{spec.terrain}\"])"
               if spec.terrain in TERRAIN_TAGS else "")
        raise OddsError(f"terrain must be one of {', '.join(TERRAINS)}, not '{spec.terrain}'{tag}"
                        f"{did_you_mean(spec.terrain, list(TERRAINS))}")
    wrong = SEA if spec.terrain == LAND else LAND
    infos = type_infos(spec.ruleset)
    for side, units in (("attacker", spec.attacker), ("defender", spec.defender)):
        bad = sorted({t for t in set(units) if infos[t].domain == wrong})
        if bad:
            raise OddsError(f"{side}: {', '.join(bad)} cannot fight in a {spec.terrain} battle")
    for t in spec.bombard:
        if spec.info(t).bombard_value is None:
            raise OddsError(f"bombard: '{t}' cannot bombard")


def _check_bombard(spec: BattleSpec) -> None:
    """A request's bombardment must be one the game would fire (battle.bombarding_ships:
    ships bombard an amphibious assault, at most one per unit landed from the sea; seed
    000 BATTLESHIP "offshore bombardment during an amphibious assault"): otherwise the
    exact figures would count dice the game, and the "sim" method, never roll."""
    if not spec.bombard:
        return
    if not spec.amphibious:
        raise OddsError("'bombard': ships bombard only an amphibious assault: add \"amphibious\": true")
    landed = sum(1 for t, f in zip(spec.attacker, spec.landed(), strict=True)
                 if f and spec.ruleset.units[t].domain == LAND)
    if len(spec.bombard) > landed:
        n = len(spec.bombard)
        raise OddsError(f"'bombard': {n} ship{'s' * (n != 1)} but {landed} land unit{'s' * (landed != 1)} "
                        f"landing from the sea; at most one ship bombards per unit landed")


def summarize(spec: BattleSpec, branches: list[Branch]) -> OddsResult:
    """Fold the solved branches into the contract's figures. Each branch takes a few numpy
    calls (issue #45: a small battle's cost is its fixed cost): the final mass summed per
    state of each side, times the side's figures per state (_side_figures)."""
    aw = dw = rounds = mass = takes = a_lost = d_lost = 0.0
    a_surv: dict[str, float] = {t: 0.0 for t in spec.attacker}
    d_surv: dict[str, float] = {t: 0.0 for t in spec.defender}
    a_dist = [0.0] * (len(spec.attacker) + 1)
    d_dist = [0.0] * (len(spec.defender) + 1)
    costs = _unit_costs(spec.ruleset)
    a_cost0 = sum(costs[t] for t in spec.attacker)
    d_cost0 = sum(costs[t] for t in spec.defender)
    land = spec.terrain == LAND
    for b in branches:
        F = b.final * b.weight if b.weight != 1.0 else b.final
        TA, TD = b.a.T, b.d.T
        both = float(F[TA, TD])   # both sides gone: a draw
        fA = F.sum(axis=1)
        fD = F.sum(axis=0)
        ea = (fA @ _side_figures(b.a)).tolist()
        ed = (fD @ _side_figures(b.d)).tolist()
        aw += float(fD[TD]) - both
        dw += float(fA[TA]) - both
        mass += ea[len(b.a.types) + 1]
        rounds += b.weight * b.rounds
        if land:   # wins with a land unit left that may capture the space
            holds = _captor_states(spec, b.a)
            if holds is not None:
                takes += float(F[:TA, TD] @ holds)
        a_lost += _side_sums(b.a, fA, ea, a_surv, a_dist, a_cost0)
        d_lost += _side_sums(b.d, fD, ed, d_surv, d_dist, d_cost0)
    # float sums of many branches can pass 1 by a few ulps (1000 infantry: 1.00000000000003)
    return OddsResult(
        attacker_wins=min(1.0, aw), defender_wins=min(1.0, dw), draw=max(0.0, mass - aw - dw),
        method="exact", expected_rounds=rounds, attacker_survivors=a_surv, defender_survivors=d_surv,
        attacker_cost_lost=a_lost, defender_cost_lost=d_lost,
        attacker_survivor_distribution=a_dist, defender_survivor_distribution=d_dist,
        attacker_takes=min(1.0, takes) if land else None,
        pruned_mass=pruned(mass))


def _side_sums(side: Any, f: np.ndarray, e: list[float], surv: dict[str, float], dist: list[float],
               cost0: float) -> float:
    """Add a branch's side figures (f: its mass per state of the side, e: f times
    _side_figures) to the survivors and the distribution; the cost it lost (all of it
    in a branch where anti-aircraft fire left the side no unit)."""
    nt = len(side.types)
    for k, t in enumerate(side.types):
        surv[t] += e[k]
    alive = (e[nt + 2:] if side.N <= ONE_HOT_MAX
             else np.bincount(side.alive_n(), weights=f, minlength=side.N + 1).tolist())
    for n in range(side.N + 1):
        dist[n] += alive[n]
    return cost0 * e[nt + 1] - e[nt] if side.info else cost0 * float(f.sum())


def _unit_costs(rs: Ruleset) -> dict[str, float]:
    """TypeInfo.cost of every unit type of the ruleset (model.unit_cost)."""
    return derived(rs, "odds.unit_costs", lambda: {t: unit_cost(ut) for t, ut in rs.units.items()})


# sides of at most this many units have their survivor distribution in _side_figures
# (a one-hot of H x (N + 1) floats: under 70 KB at 64 units); bigger ones bincount it
ONE_HOT_MAX = 64


def _side_figures(side: Any) -> np.ndarray:
    """Per state of a side of a solved battle, as columns: its alive units of each type
    (side.types), their cost, 1 (the mass), then, up to ONE_HOT_MAX units, a one-hot of
    the number of units alive (0..N). Kept on the side (sides come from the table cache,
    exact.cached_tables)."""
    got = side.__dict__.get("_figures")
    if got is None:
        nt = len(side.types)
        got = np.zeros((side.H, nt + 2 + (side.N + 1 if side.N <= ONE_HOT_MAX else 0)))
        got[:, :nt] = side.counts
        if side.info:
            got[:, nt] = side.counts @ np.array([ti.cost for ti in side.info])
        got[:, nt + 1] = 1.0
        if side.N <= ONE_HOT_MAX:
            got[np.arange(side.H), nt + 2 + np.asarray(side.alive_n())] = 1.0
        side.__dict__["_figures"] = got
    return got  # type: ignore[no-any-return]


def _captor_states(spec: BattleSpec, side: Any) -> np.ndarray | None:
    """1.0 at each state but the last of an attacking side of a land battle where a unit
    that may capture the space is alive, else 0.0; None when it has no such unit. Kept on
    the side, as _side_figures."""
    if "_captors" not in side.__dict__:
        captors = np.array([spec.can_capture(t) for t in side.types], dtype=bool)
        side.__dict__["_captors"] = ((side.counts[:side.T][:, captors] > 0).any(axis=1).astype(float)
                                     if captors.any() else None)
    return side.__dict__["_captors"]  # type: ignore[no-any-return]


def _trivial(spec: BattleSpec) -> OddsResult:
    a, d = bool(spec.attacker), bool(spec.defender)
    return OddsResult(
        attacker_wins=float(a and not d), defender_wins=float(d and not a),
        draw=float(a == d), method="exact", expected_rounds=0.0,
        attacker_survivors={t: float(spec.attacker.count(t)) for t in dict.fromkeys(spec.attacker)},
        defender_survivors={t: float(spec.defender.count(t)) for t in dict.fromkeys(spec.defender)},
        attacker_cost_lost=0.0, defender_cost_lost=0.0,
        attacker_survivor_distribution=[0.0] * len(spec.attacker) + [1.0],
        defender_survivor_distribution=[0.0] * len(spec.defender) + [1.0], pruned_mass=0.0)


def not_modelled(spec: BattleSpec, method: str) -> list[str]:
    """Abilities (unit: ability) of this battle that `method` does not model exactly."""
    out: list[str] = []
    rs = spec.ruleset
    reasons = _unmodelled_by_type(rs, method, tuple(spec.terrain_tags))
    types = set(spec.attacker) | set(spec.defender) | set(spec.bombard)
    if not any(reasons[t] for t in types):   # the common case: every type modelled
        return out
    # seed 000 G53: fleet air defence only acts against attacking aircraft
    air_attack = any(rs.units[t].domain == AIR for t in spec.attacker)
    for side, t in dict.fromkeys([("a", t) for t in spec.attacker] + [("d", t) for t in spec.defender]
                                 + [("b", t) for t in spec.bombard]):
        for r in reasons[t]:
            ab = r.split(": ", 1)[-1]
            if not air_attack and ab in AIR_DEFENSE_ABILITIES:
                continue
            if side != "b" and moot(spec, rs.units[t], ab, spec.defender if side == "a" else spec.attacker,
                                    spec.attacker if side == "a" else spec.defender, attacking=side == "a"):
                continue
            if r not in out:
                out.append(r)
    return out


class _Unmodelled(dict[str, tuple[str, ...]]):
    """model.unmodelled of each unit type, for one method and terrain (found when first
    asked for: it depends on the type's abilities only)."""

    def __init__(self, rs: Ruleset, method: str, tags: tuple[str, ...]) -> None:
        super().__init__()
        self.rs, self.method, self.tags = rs, method, tags

    def __missing__(self, t: str) -> tuple[str, ...]:
        got = self[t] = tuple(unmodelled(self.rs.units[t], self.method, self.tags))
        return got


def _unmodelled_by_type(rs: Ruleset, method: str, tags: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return derived(rs, ("odds.unmodelled", method, tags), lambda: _Unmodelled(rs, method, tags))


def moot(spec: BattleSpec, ut: Any, ability: str, enemy: list[str], own: list[str],
         attacking: bool = False) -> bool:
    """An ability with no effect in this battle, given the units of both sides:
    - value_against with no enemy unit it could hit at its special value (seed 000:
      fighters 6/5 "against air units" only; the anti-tank gun against armored units);
    - intercepts / escorts with no air transport attacking (seed 000 G42, G43: they act
      only in an airdrop's interception);
    - reconnaissance with no unit of its side whose dice it may reroll (seed 000: dice of
      artillery, heavy artillery and self-propelled guns, G23);
    - combat_air_patrol when no aircraft aboard can outlive its carrier in the order of
      loss (G58: aircraft aboard are lost with the carrier; `lost_aboard`), and always on
      the attacking side (its aircraft flew in: none is aboard, `aboard`);
    - air_transport / interceptable / noncombatant on the defending side (seed 000
      TRANSPORT AIRCRAFT): air transports there are neither intercepted nor carry cargo
      into the battle; they are units of no defence value the attacker must destroy, lost
      after the combat units (model.normalise_order, battle.check_casualties); unless one
      has several hit points left (model.sturdy_defending_noncombatants)."""
    rs = spec.ruleset
    if not attacking and ability in ("air_transport", "interceptable", "noncombatant"):
        return not sturdy_defending_noncombatants(spec)
    if ability == "value_against":
        for ab in ut.abilities_named("value_against"):
            types = set(rs.expand_all(ab.targets)) if ab.targets else set()
            if any(t in types or rs.units[t].domain in ab.domains for t in enemy):
                return False
        return True
    if ability in ("intercepts", "escorts"):
        return not any(rs.units[t].has("interceptable") or rs.units[t].has("air_transport")
                       or rs.units[t].has("noncombatant") for t in spec.attacker)
    if ability == "reconnaissance":   # no die it may reroll on its side
        refs = set(rs.expand_all([r for ab in ut.abilities_named("reconnaissance") for r in ab.dice_of]))
        return not any(t in refs for t in own)
    if ability == "combat_air_patrol":
        return attacking or not lost_aboard(spec, own)
    return False


def aboard(spec: BattleSpec, own: list[str]) -> list[tuple[int, int]]:
    """(aircraft, carrier) listed indices of the defender's aircraft riding a carrier with
    combat_air_patrol that loses them with it (production.assign_carriers, seed 000 G58).
    Only the defender's: the attacking aircraft flew in (the real battle, sim._base_state,
    has them in the air, carried_by None), so a lost carrier takes none of them down;
    `own` is the defender's list."""
    rs = spec.ruleset
    out: list[tuple[int, int]] = []
    if spec.terrain != SEA or not any(rs.units[t].has("carrier") for t in set(own)):
        return out
    room = {k: rs.units[t].ability("carrier").capacity for k, t in enumerate(own) if rs.units[t].has("carrier")}
    for k, t in enumerate(own):
        ut = rs.units[t]
        if ut.domain != AIR:
            continue
        cost = ut.carrier_cost or 99
        for c in sorted(room):
            allowed = rs.units[own[c]].ability("carrier").units
            if allowed and not ut.matches(allowed):
                continue
            if room[c] >= cost:
                room[c] -= cost
                cap = rs.units[own[c]].ability("combat_air_patrol")
                if cap is not None and cap.lost_with_carrier:
                    out.append((k, c))
                break
    return out


def lost_aboard(spec: BattleSpec, own: list[str]) -> bool:
    """Could a carrier with combat_air_patrol take aircraft down with it? In a sea battle
    the aircraft of a side ride its carriers (production.assign_carriers: listed order,
    first carrier with room); aircraft listed before their carrier are lost before it in
    the order of loss, so only an aircraft aboard a carrier listed earlier can be lost
    with it (seed 000 G58)."""
    return any(c < k for k, c in aboard(spec, own))


def run(spec: BattleSpec, method: str = "exact", trials: int | None = None,
        seed: int = 0) -> OddsResult:
    """Odds for a checked spec: exact where the DP expresses the battle, else Monte Carlo
    where its model covers every ability, else the real-battle simulation ("sim").
    No ability is ever ignored: a unit with an ability outside a method's set goes to
    the next method, and the result's `note` says why."""
    t0 = time.perf_counter()
    if method not in METHODS:
        raise OddsError(f"method must be one of {', '.join(METHODS)}, not '{method}'")
    note = None
    res: OddsResult | None = None
    if not spec.attacker or not spec.defender:
        res = _trivial(spec)
    elif method == "exact":
        # seed 000 airdrops: air transports and their interception (intercept.py)
        drop = intercept.applies(spec)
        missing = [r for r in not_modelled(spec, "exact") if not (drop and intercept.handles(spec, r))]
        if missing:
            note = f"exact method does not model {', '.join(missing)}"
        else:
            try:
                res = intercept.solve(spec) if drop else summarize(spec, solve_exact(spec))
            except NotExact as exc:
                note = f"exact method not applicable: {exc}"
    if res is None and method != "sim":
        # seed 000 G4: the Monte Carlo works on unit types; a per-unit -1 (out of supply) or
        # per-unit amphibious restriction is played by the real battle engine
        missing = not_modelled(spec, "mc") + (["out-of-supply units (-1)"] if spec.out_of_supply() else []) \
            + (["units landed beside units that came overland"] if spec.mixed_landed() else [])
        if not missing:
            from . import mc  # imported when needed: the odds command stays quick
            res = mc.simulate(spec, trials or DEFAULT_TRIALS, seed)
            if note:
                note += "; Monte Carlo used"
        else:
            why = f"Monte Carlo does not model {', '.join(missing)}"
            note = f"{note}; {why}" if note else why
    if res is None:
        from . import sim  # the rules core's battle code: imported when needed
        res = sim.simulate(spec, trials or sim.DEFAULT_SIM_TRIALS, seed)
        if note:
            note += "; real-battle simulation used"
    res.note = note if res.method != "exact" else None
    res.seconds = time.perf_counter() - t0
    return res


def compute(request: dict[str, Any]) -> dict[str, Any]:
    """The `odds` command contract: request JSON (dict) -> result JSON (dict).
    Raises OddsError for an unknown ruleset or unit id or a malformed request."""
    if not isinstance(request, dict):
        raise OddsError("the request must be a JSON object")
    for key in request:
        if key not in REQUEST_FIELDS:
            raise OddsError(f"unknown field '{key}'{did_you_mean(key, list(REQUEST_FIELDS))}")
    rs = _ruleset(request.get("ruleset", "g40"))
    rounds = request.get("rounds")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
        raise OddsError("'rounds' must be a whole number >= 1 (or absent for no limit)")
    trials = request.get("trials")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or not 1 <= trials <= MAX_TRIALS):
        raise OddsError(f"'trials' must be a whole number from 1 to {MAX_TRIALS:,}")
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OddsError("'seed' must be a whole number")
    airborne = request.get("airborne", False)
    if not isinstance(airborne, bool):
        raise OddsError("'airborne' must be true or false (attacking paratroopers flew in)")
    if "raid" in request:   # a bombing raid (g40): exact, game/odds/raid.py
        from .raid import raid_request
        try:
            return raid_request(rs, expand(rs, request.get("attacker", []), "attacker"),
                                expand(rs, request.get("defender", []), "defender"), request["raid"])
        except ValueError as exc:
            raise OddsError(str(exc)) from exc
    # a third entry per unit line: hits already taken (a damaged battleship)
    attackers, att_dmg = normalise_with_damage(
        rs, *expand_damaged(rs, request.get("attacker", []), "attacker", MAX_REQUEST_UNITS))
    defenders, dfn_dmg = normalise_with_damage(
        rs, *expand_damaged(rs, request.get("defender", []), "defender", MAX_REQUEST_UNITS))
    spec = BattleSpec(
        ruleset=rs,
        attacker=attackers,
        defender=defenders,
        attacker_damage=att_dmg,
        defender_damage=dfn_dmg,
        terrain=str(request.get("terrain", LAND)),
        rounds=rounds,
        bombard=expand(rs, request.get("bombard", []), "bombard"),
        amphibious=bool(request.get("amphibious", False)),
        terrain_tags=_terrain_tags(request.get("terrain_tags", [])),
        attacker_airborne=[airborne and can_fly_in(rs.units[t]) for t in attackers],
    )
    _check_terrain(spec)
    _check_bombard(spec)
    return run(spec, str(request.get("method", "exact")), trials, seed).to_json()


def battle_odds(ruleset: Ruleset | str, attackers: Iterable[tuple[str, int]],
                defenders: Iterable[tuple[str, int]], terrain: str = LAND,
                rounds: int | None = None, *, method: str = "exact", trials: int | None = None,
                seed: int = 0, bombard: Iterable[tuple[str, int]] = (),
                amphibious: bool | Iterable[bool] = False, attacker_damage: Iterable[int] = (),
                defender_damage: Iterable[int] = (), aa_fire: bool = True,
                terrain_tags: Iterable[str] = (),
                airborne: bool | Iterable[bool] = False, attacker_oos: Iterable[bool] = (),
                defender_oos: Iterable[bool] = ()) -> OddsResult:
    """Odds of a battle; each side is [(unit type id, count), ...] in order of loss.
    attacker_damage/defender_damage: hits each listed unit has already taken (one entry
    per unit, in the listed order; missing entries are 0), e.g. a damaged battleship.
    aa_fire=False: the defender's anti-aircraft guns have already fired (a battle in
    progress), so round one has no anti-aircraft fire.
    airborne (seed 002, seed 000): True = every attacking paratrooper flew in (self_airlift)
    or is dropped by an air transport; or one flag per listed attacker. Attacking air
    transports (seed 000) carry the airborne airdroppable attackers, one each, and the
    battle begins with their interception (exact: intercept.py).
    amphibious: True = the attackers landed from the sea, or one flag per listed attacker
    (an assault by units landed beside units that came overland: per-unit restrictions).
    attacker_oos/defender_oos (seed 000 supply, G4): one flag per listed unit, True = out of
    supply (a land unit without no_supply_penalty fights at -1; exact, per unit)."""
    rs = _ruleset(ruleset)
    att_raw = expand(rs, [list(x) for x in attackers], "attacker")
    if airborne is False:   # the common case: nobody flew in
        flags = [False] * len(att_raw)
    else:
        flags = ([bool(airborne)] * len(att_raw) if isinstance(airborne, bool)
                 else [bool(f) for f in airborne])
        flags = [f and can_fly_in(rs.units[t]) for t, f in
                 zip(att_raw, flags + [False] * (len(att_raw) - len(flags)), strict=False)]
        flags = normalise_flags(rs, att_raw, flags)
    att_oos = normalise_flags(rs, att_raw, list(attacker_oos))
    landed: list[bool] = []
    if not isinstance(amphibious, bool):
        landed = normalise_flags(rs, att_raw, [bool(f) for f in amphibious])
        land = {f for t, f in zip(att_raw, landed, strict=False) if rs.units[t].domain == LAND}
        amphibious = land == {True}
        if len(land) < 2:
            landed = []   # the same for every land unit: the side's flag says it
    dfn_raw = expand(rs, [list(x) for x in defenders], "defender")
    dfn_oos = normalise_flags(rs, dfn_raw, list(defender_oos))
    att, att_dmg = normalise_with_damage(rs, att_raw, list(attacker_damage))
    dfn, dfn_dmg = normalise_with_damage(rs, dfn_raw, list(defender_damage))
    spec = BattleSpec(rs, att, dfn, terrain, rounds, expand(rs, [list(x) for x in bombard], "bombard"),
                      amphibious, attacker_damage=att_dmg, defender_damage=dfn_dmg, aa_fire=aa_fire,
                      terrain_tags=list(terrain_tags), attacker_airborne=flags,
                      attacker_oos=att_oos, defender_oos=dfn_oos, attacker_landed=landed)
    _check_terrain(spec)
    return run(spec, method, trials, seed)


# --- from a game state --------------------------------------------------------------
def default_order(state: GameState, units: list[Any], role: str) -> list[str]:
    """The rules core's default order of loss (battle.default_casualties) as a type list:
    repeatedly take the weakest unit (value in this role with support, then cost, then uid),
    defenceless units last. Extra hit points are absorbed first by the odds anyway."""
    return [u.type for u in default_order_units(state, units, role)]


def default_order_units(state: GameState, units: list[Any], role: str) -> list[Any]:
    """default_order, as the units themselves."""
    from game.rules.zone.battle import support_bonus, unit_value
    left = list(units)
    out: list[Any] = []
    while left:
        bonus = support_bonus(state, left, role)

        def key(u: Any, bonus: dict[int, int] = bonus) -> tuple[int, int, float, int]:
            ut = state.utype(u)
            cost = ut.cost if isinstance(ut.cost, int) else 0
            return (1 if ut.has("defenseless") else 0, unit_value(state, u, role, bonus), cost, u.uid)

        pick = min(left, key=key)
        left.remove(pick)
        out.append(pick)
    return out


def loss_runs(types: list[str]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for t in types:
        if out and out[-1][0] == t:
            out[-1] = (t, out[-1][1] + 1)
        else:
            out.append((t, 1))
    return out


def odds_for_space(state: GameState, space: str, attacker_player: str | None = None,
                   rounds: int | None = None, method: str = "exact",
                   trials: int | None = None, seed: int = 0) -> OddsResult:
    """Odds of the battle `attacker_player` (default: the player to move) would fight in
    `space` with the units there now, each side losing units in the default order.
    Units already damaged (multi-hit units with `damage`) count with the hits they have
    left; units marked as casualties are left out. For the battle being fought in
    `space`, anti-aircraft fire and shore bombardment count only before its first roll;
    later it is the odds of fresh rounds with the forces left (exact at the start of a
    round; mid-round, casualties already marked do not fire back)."""
    from game.rules.zone import supply
    from game.rules.zone.battle import is_cargo
    player = attacker_player or state.player
    # seed 000 airdrops: units aboard air transports count (the odds load them again and
    # play the interception); the attacker's air transports count only while they carry
    # cargo; the defender's are units to destroy (battle.defenders), lost last
    carrying = {u.carried_by for u in state.units.values() if u.space == space and u.carried_by}
    here = [u for u in state.units.values() if u.space == space
            and (not is_cargo(state, u) or state.utype(state.units[u.carried_by]).has("air_transport"))  # type: ignore[index]
            and (u.uid in carrying or u.owner != player or not state.utype(u).has("noncombatant"))]
    att = [u for u in here if u.owner == player and u.damage < state.utype(u).hits]
    dfn = [u for u in here if state.at_war(u.owner, player) and u.damage < state.utype(u).hits]
    b = state.zone.battle
    if b is not None and b.space == space and b.interceptors:
        # seed 000 G42: fighters that intercepted this battle's airdrop no longer defend
        dfn = [u for u in dfn if u.uid not in b.interceptors]
    att.sort(key=lambda u: u.uid)
    dfn.sort(key=lambda u: u.uid)
    kind = state.scenario.spaces[space].kind
    bombard: list[tuple[str, int]] = []
    aa_fire = True
    if b is not None and b.space == space:
        fresh = b.round == 1 and b.step == 0 and not b.rolls
        aa_fire = fresh
        if fresh:
            bombard = [(state.units[uid].type, 1) for uid in b.bombard if uid in state.units]
    elif b is None and player == state.player:
        from game.rules.zone.battle import bombarding_ships
        bombard = [(u.type, 1) for u in bombarding_ships(state, space, player)]
    from game.rules.zone.battle import space_terrain  # the defender's port (seed 000 G47)
    att_o = default_order_units(state, att, "attack")
    dfn_o = default_order_units(state, dfn, "defense")
    return battle_odds(state.ruleset, loss_runs([u.type for u in att_o]), loss_runs([u.type for u in dfn_o]),
                       kind, rounds, method=method, trials=trials, seed=seed, bombard=bombard,
                       amphibious=[u.amphibious for u in att_o], attacker_damage=[u.damage for u in att_o],
                       defender_damage=[u.damage for u in dfn_o], aa_fire=aa_fire,
                       terrain_tags=space_terrain(state, space, dfn_o[0].owner if dfn_o else None),
                       airborne=[u.airborne for u in att_o],
                       attacker_oos=[supply.penalised(state, u) for u in att_o],
                       defender_oos=[supply.penalised(state, u) for u in dfn_o])
