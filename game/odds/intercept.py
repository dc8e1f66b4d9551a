"""Exact odds of an airdrop (seed 000: TRANSPORT AIRCRAFT, PARATROOPERS, FIGHTER "Escort",
ANTI-AIRCRAFT ARTILLERY; the Malta example; battle order W1): a mixture of ordinary battles.

The battle engine (game.rules.zone.battle, the odds' "sim" loads the transports the same way,
sim._load_air_transports) plays an airdrop's first round as:
1. anti-aircraft fire (step "aa") at the attacking combat aircraft (escorting fighters,
   bombers; never the air transports, which are noncombatant): the hits take the extra
   hit points of multi-hit aircraft first, then the first listed aircraft, one per hit;
2. the interception (step "intercept"): each defending AAA with `per_air_transport` rolls
   one die per air transport of the drop at its value, every defending fighter that
   `intercepts` one die at its value against aircraft (battle.intercept_value; by
   default every one intercepts). Hits go to the escorts first (seed 000: transports "may
   not be selected as casualties until all accompanying friendly fighters have been
   lost": every hit point of theirs, extra ones first), then to the air transports in
   the listed order (extra hit points first; a damaged transport still drops its cargo);
   a lost transport loses its cargo (battle.remove_unit);
3. the surviving transports drop their cargo (airborne: their round-one `modifier`) and leave the battle;
   the interceptors leave it too (G42: they do not defend). The battle goes on from the
   first-strike step of round one, without anti-aircraft fire.
Shore bombardment (step "bombard", between 1 and 2; seed 000 Example A, W1, G63) is the
mixture's outer layer: its hits take the defenders in the listed order of loss; they are
marked casualties, so they neither fire in the interception nor intercept, fire back in
round one's defender fire (BattleSpec.defender_marked, preround.pre_round: unless no other
defender is left alive then) and are then removed.
So the odds are the mixture, over the exact distribution of the bombardment, AA and
interception outcomes, of ordinary battles (exact.solve_exact with aa_fire off), each solved once
(outcomes that leave the same forces share a solve). The figures count every unit of the
request: air transports that dropped their cargo (or carried none) survive out of the
fight; lost cargo is lost. Interceptors are out of the battle: as in the "sim" method's
two-space board, they are lost when the attacker takes the territory (no friendly
territory to land in, battle.rehome_interceptors), and while they are left the territory
is not cleared (an attack whose survivors cannot capture it is a draw; an attack that
loses everything, a defender win)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from game.rules.abilities.hooks import ValueHook, hooks
from game.rules.model import AIR, LAND

from .exact import Branch, NotExact, Side, aa_hits_taken, aa_kills, solve_exact
from .model import BattleSpec, sturdy_defending_noncombatants
from .result import OddsResult, pruned

# the abilities this mixture plays (with anti_aircraft's per_air_transport)
HANDLED = frozenset({"air_transport", "interceptable", "noncombatant", "intercepts", "escorts"})


def applies(spec: BattleSpec) -> bool:
    """Does the attacker bring air transports or other noncombatants (this module's battle)?"""
    rs = spec.ruleset
    return any(rs.units[t].has("air_transport") or rs.units[t].has("noncombatant")
               or rs.units[t].has("interceptable") for t in set(spec.attacker))


def handles(spec: BattleSpec, reason: str) -> bool:
    """Is this not_modelled entry ("unit: ability") played by the mixture? The attacker's air
    transports and the fighters' intercepts / escorts are (air transports on the defending
    side are plain units of no value, api.moot, unless one has several hit points left:
    the entry may then be the defender's)."""
    tid, _, ab = reason.partition(": ")
    if ab not in HANDLED:
        return False
    return not (tid in spec.defender and ab in ("air_transport", "interceptable", "noncombatant")
                and sturdy_defending_noncombatants(spec))


@dataclass
class Plan:
    """How the battle engine sets the airdrop up (listed indices)."""
    fighting: list[int]             # attackers in the fight from the start (no cargo, no transports)
    bystanders: list[int]           # noncombatants never in the fight (transports without cargo)
    drops: list[int]                # air transports with cargo, listed order
    cargo: dict[int, list[int]]     # drop transport -> the attackers aboard
    interceptors: list[int]         # defenders that intercept (leave the battle)
    escorts: list[int]              # fighting attackers that may take interception hits first


def plan(spec: BattleSpec) -> Plan:
    """sim._load_air_transports + battle.start / intercept_targets / interceptor_choices."""
    rs = spec.ruleset
    att = spec.attacker
    flown = spec.airborne()
    transports = [k for k, t in enumerate(att) if rs.units[t].has("air_transport")]
    slots = [k for k in transports for _ in range(rs.units[att[k]].ability("air_transport").capacity)]
    cargo: dict[int, list[int]] = {}
    aboard: set[int] = set()
    for k, t in enumerate(att):
        if slots and flown[k] and rs.units[t].has("airdroppable"):
            s = slots.pop(0)
            cargo.setdefault(s, []).append(k)
            aboard.add(k)
    drops = [k for k in transports if k in cargo]
    for k in drops:
        if not rs.units[att[k]].has("interceptable"):
            raise NotExact("air transports that cannot be intercepted keep their cargo aboard")
    drop_types = {att[k] for k in drops}
    fighting = [k for k, t in enumerate(att) if k not in aboard and k not in drops
                and not rs.units[t].has("noncombatant")]
    bystanders = [k for k, t in enumerate(att) if k not in aboard and k not in drops
                  and rs.units[t].has("noncombatant")]
    escorts: list[int] = []
    interceptors: list[int] = []
    if drops:
        for k in fighting:
            es = rs.units[att[k]].ability("escorts")
            if es is not None and any(t in rs.expand_all(es.units) for t in drop_types):
                escorts.append(k)
        # every attacker of an escorting type may take the hits (battle.intercept_targets)
        etypes = {att[k] for k in escorts}
        escorts = [k for k in fighting if att[k] in etypes]
        interceptors = [k for k, t in enumerate(spec.defender) if rs.units[t].has("intercepts")]
    return Plan(fighting, bystanders, drops, cargo, interceptors, escorts)


def _check(spec: BattleSpec, p: Plan) -> None:
    rs = spec.ruleset
    if not p.drops:
        return
    if spec.terrain != LAND:
        raise NotExact("an airdrop outside a land battle")
    for t in set(spec.attacker) | set(spec.defender):
        if any(h.side_bound for h in hooks(rs.units[t], ValueHook)):
            raise NotExact("round values judged on the sides as an airdrop battle begins")
        sa = rs.units[t].ability("self_airlift")
        if sa is not None and sa.aa_exposed:
            raise NotExact("anti-aircraft fire at paratroopers beside an airdrop")


def _aa_outcomes(spec: BattleSpec, p: Plan) -> list[tuple[float, frozenset[int], list[int]]]:
    """Step "aa" (battle.aa_shots): (probability, attackers lost, every attacker's damage
    after it). One die per combat aircraft, at most `shots` per AAA; the hits take the
    extra hit points of multi-hit aircraft first, then the first listed aircraft
    (exact.aa_hits_taken)."""
    adm = spec.damage("attacker")
    if not spec.aa_fire:
        return [(1.0, frozenset(), adm)]
    air = [k for k in p.fighting if spec.info(spec.attacker[k]).domain == AIR]
    aa = [spec.info(t) for t in spec.defender if spec.info(t).aa_value is not None]
    if not air or not aa:
        return [(1.0, frozenset(), adm)]
    kills = aa_kills(spec, aa, len(air))
    out = []
    for n, q in enumerate(kills):
        if q > 0.0:
            dmg, lost = aa_hits_taken(spec, air, adm, n)
            out.append((float(q), frozenset(lost), dmg))
    return out


def interception_taken(spec: BattleSpec, p: Plan, escorts: list[int], dmg: list[int],
                       hits: int) -> tuple[list[int], set[int]]:
    """The interception's hits on the escorts left and the drop's transports (battle
    intercept_targets): the escorts first, every extra hit point of theirs, then the
    escorts in the listed order (seed 000 TRANSPORT AIRCRAFT: transports "may not be
    selected as casualties until all accompanying friendly fighters have been lost",
    battle.check_casualties), then the transports alike (extra hit points first: a
    damaged transport still drops its cargo). (Every attacker's damage, the listed
    indices lost.)"""
    out = list(dmg)
    lost: set[int] = set()
    left = hits
    hp = [spec.info(t).hits for t in spec.attacker]
    for group in (escorts, p.drops):
        for k in group:
            while left and hp[k] - out[k] > 1:
                out[k] += 1
                left -= 1
        for k in group:
            if left and hp[k] - out[k] > 0:
                out[k] += 1
                lost.add(k)
                left -= 1
    return out, lost


def interception_hits(spec: BattleSpec, p: Plan, hit: frozenset[int] = frozenset()) -> np.ndarray:
    """Distribution of the interception's hits (battle.interception_shooters: AAA with
    per_air_transport one die per drop transport, each interceptor one die at
    battle.intercept_value). `hit`: defenders the shore bombardment hit (marked casualties:
    they neither fire nor intercept)."""
    rs = spec.ruleset
    D = spec.dice
    n = len(p.drops)
    dist = np.array([1.0])
    ddm = spec.damage("defender")
    for k, t in enumerate(spec.defender):
        aa = rs.units[t].ability("anti_aircraft")
        if aa is not None and aa.per_air_transport and k not in hit:
            q = min(D, max(0, aa.value)) / D
            for _ in range(n):
                dist = np.convolve(dist, [1.0 - q, q])
    for k in p.interceptors:
        if k in hit:
            continue
        ut = rs.units[spec.defender[k]]
        best = ut.value("defense", ddm[k])
        for ab in ut.abilities_named("value_against"):
            if AIR in ab.domains:
                best = max(best, ab.defense)
        q = min(D, max(0, best)) / D
        dist = np.convolve(dist, [1.0 - q, q])
    return dist


@dataclass
class Outcome:
    weight: float
    att: list[int]                  # listed indices of the attackers fighting on
    dropped: frozenset[int]         # of those, the cargo dropped (airborne)
    safe: list[int]                 # attackers alive out of the fight (transports)
    dfn: list[int]                  # defenders fighting
    out: list[int]                  # defenders out of the fight (interceptors)
    aa_done: bool = True            # the AA fire is in the outcome (else the battle's own)
    ghosts: list[int] = field(default_factory=list)   # hit by the bombardment: fire in round one, lost
    adm: list[int] | None = None    # every attacker's damage after the AA fire and interception


def outcomes(spec: BattleSpec) -> list[Outcome]:
    """The battles an airdrop's first steps leave, with their probabilities."""
    p = plan(spec)
    _check(spec, p)
    if not p.drops:   # no interception: the noncombatants just stand by
        return [Outcome(1.0, list(p.fighting), frozenset(), list(p.bystanders),
                        list(range(len(spec.defender))), [], aa_done=False)]
    out: list[Outcome] = []
    for w_b, hit in _bombard_outcomes(spec):
        hits = interception_hits(spec, p, hit)
        icpt = [k for k in p.interceptors if k not in hit]
        dfn = [k for k in range(len(spec.defender)) if k not in icpt and k not in hit]
        for w_aa, shot, dmg in _aa_outcomes(spec, p):
            escorts = [k for k in p.escorts if k not in shot]
            for h, w_h in enumerate(hits):
                w = w_b * w_aa * float(w_h)
                if w <= 0.0:
                    continue
                dmg_i, lost = interception_taken(spec, p, escorts, dmg, h)
                kept_t = [k for k in p.drops if k not in lost]
                dropped = frozenset(c for k in kept_t for c in p.cargo[k])
                att = sorted(k for k in list(p.fighting) + list(dropped) if k not in shot and k not in lost)
                out.append(Outcome(w, att, dropped, sorted(p.bystanders + kept_t), dfn, icpt,
                                   ghosts=sorted(hit), adm=dmg_i))
    return out


def _bombard_outcomes(spec: BattleSpec) -> list[tuple[float, frozenset[int]]]:
    """Step "bombard" (after "aa", before "intercept"; battle.step_shooters): each
    bombarding ship rolls its dice at its bombard value; the hits are one pool (the
    ships' cannot_hit) on the defenders, taken in the listed order of loss (sim's
    _listed_casualties: defenceless units last). They are marked casualties
    (battle.take_casualties, not immediate): they neither fire in the interception nor
    intercept (battle.interception_shooters, interceptor_choices: alive units), and
    still fire in round one's defender fire (not its first strike), then are removed.
    (probability, listed indices of the defenders hit)."""
    if not spec.bombard:
        return [(1.0, frozenset())]
    rs = spec.ruleset
    D = spec.dice
    ships = [spec.info(t) for t in spec.bombard]
    if len({ti.cannot_hit for ti in ships}) > 1:
        raise NotExact("bombarding ships whose hits go to different units")
    dist = np.array([1.0])
    for ti in ships:
        q = min(D, max(0, ti.bombard_value or 0)) / D
        for _ in range(ti.ndice):
            dist = np.convolve(dist, [1.0 - q, q])
    excl = ships[0].cannot_hit
    ddm = spec.damage("defender")
    cands = [k for k, t in enumerate(spec.defender) if rs.units[t].domain not in excl]
    order = ([k for k in cands if not rs.units[spec.defender[k]].has("defenseless")]
             + [k for k in cands if rs.units[spec.defender[k]].has("defenseless")])
    merged: dict[frozenset[int], float] = {}   # (more hits than targets: all of them hit)
    for h, w in enumerate(dist):
        if w <= 0.0:
            continue
        if any(rs.units[spec.defender[k]].hits - ddm[k] > 1 for k in order[:h]):
            raise NotExact("shore bombardment of defenders with several hit points before an airdrop")
        key = frozenset(order[:h])
        merged[key] = merged.get(key, 0.0) + float(w)
    return [(w, hit) for hit, w in merged.items()]


def sub_spec(spec: BattleSpec, o: Outcome) -> BattleSpec:
    """The ordinary battle an outcome leaves (round one goes on without AA fire)."""
    adm, ddm = o.adm if o.adm is not None else spec.damage("attacker"), spec.damage("defender")
    flown = spec.airborne()
    landed = spec.landed()
    aoos = [bool(spec.attacker_oos[k]) if k < len(spec.attacker_oos) else False for k in range(len(spec.attacker))]
    doos = [bool(spec.defender_oos[k]) if k < len(spec.defender_oos) else False for k in range(len(spec.defender))]
    # the units the bombardment hit stay in their listed places, marked (preround.pre_round:
    # they fire in round one's defender fire, and support as listed); with no attacker left
    # the round has no fire: they are just removed
    dfn = sorted(o.dfn + o.ghosts) if o.att else list(o.dfn)
    return replace(spec, attacker=[spec.attacker[k] for k in o.att], defender=[spec.defender[k] for k in dfn],
                   attacker_damage=[adm[k] for k in o.att], defender_damage=[ddm[k] for k in dfn],
                   attacker_airborne=[flown[k] or k in o.dropped for k in o.att],
                   attacker_oos=[aoos[k] for k in o.att], defender_oos=[doos[k] for k in dfn],
                   attacker_landed=[landed[k] for k in o.att] if spec.attacker_landed else [],
                   aa_fire=spec.aa_fire and not o.aa_done, bombard=[] if o.aa_done else list(spec.bombard),
                   defender_marked=[k in o.ghosts for k in dfn])


def _key(s: BattleSpec) -> tuple[Any, ...]:
    return (tuple(s.attacker), tuple(s.defender), tuple(s.attacker_damage), tuple(s.defender_damage),
            tuple(s.airborne()), tuple(s.supply_penalties("attacker")), tuple(s.supply_penalties("defender")),
            s.aa_fire, tuple(s.bombard), tuple(s.defender_marked), tuple(s.landed()))


def _solve(s: BattleSpec) -> tuple[list[Branch], bool]:
    """solve_exact, or the one state of a battle with a side empty (the round is played:
    the interception was its first step)."""
    if s.attacker and s.defender:
        return solve_exact(s), False
    a, d = Side.build(s, s.attacker), Side.build(s, s.defender)
    final = np.zeros((a.H, d.H))
    final[0, 0] = 1.0
    return [Branch(1.0, a, d, final, 1.0)], True


def solve(spec: BattleSpec) -> OddsResult:
    """The exact odds of a battle with attacking air transports (seed 000 airdrops)."""
    rs = spec.ruleset
    outs = outcomes(spec)
    cache: dict[tuple[Any, ...], tuple[list[Branch], bool]] = {}
    NA, ND = len(spec.attacker), len(spec.defender)
    cost_a = [spec.info(t).cost for t in spec.attacker]
    cost_d = [spec.info(t).cost for t in spec.defender]
    a_surv = {t: 0.0 for t in dict.fromkeys(spec.attacker)}
    d_surv = {t: 0.0 for t in dict.fromkeys(spec.defender)}
    a_dist = np.zeros(NA + 1)
    d_dist = np.zeros(ND + 1)
    aw = dw = dr = rounds = a_kept = d_kept = 0.0
    for o in outs:
        s = sub_spec(spec, o)
        key = _key(s)
        if key not in cache:
            cache[key] = _solve(s)
        branches, _trivial = cache[key]
        n_out = len(o.out)
        safe_cost = sum(cost_a[k] for k in o.safe)
        out_cost = sum(cost_d[k] for k in o.out)
        for b in branches:
            W = o.weight * b.weight
            F = b.final * W
            a_n = np.asarray(b.a.alive_n())
            d_n = np.asarray(b.d.alive_n())
            a_cost = b.a.counts @ np.array([ti.cost for ti in b.a.info]) if b.a.info else np.zeros(len(a_n))
            d_cost = b.d.counts @ np.array([ti.cost for ti in b.d.info]) if b.d.info else np.zeros(len(d_n))
            captor = (b.a.counts @ np.array([1 if ti.domain == LAND and not rs.units[ti.id].has("cannot_capture")
                                              else 0 for ti in b.a.info]) > 0) if b.a.info \
                else np.zeros(len(a_n), dtype=bool)
            A = np.broadcast_to((a_n > 0)[:, None], F.shape)
            Dn = np.broadcast_to((d_n > 0)[None, :], F.shape)
            cleared = A & ~Dn
            if n_out:   # interceptors stay unless the territory is taken
                won = cleared & captor[:, None]
                lost = ~A
            else:
                won = cleared
                lost = ~A & Dn
            p_won = float(F[won].sum())
            aw += p_won
            dw += float(F[lost].sum())
            dr += float(F.sum()) - p_won - float(F[lost].sum())
            rounds += W * b.rounds
            fA, fD = F.sum(axis=1), F.sum(axis=0)
            np.add.at(a_dist, a_n + len(o.safe), fA)
            if n_out:
                fD_won = np.where(won, F, 0.0).sum(axis=0)
                np.add.at(d_dist, d_n, fD_won)
                np.add.at(d_dist, d_n + n_out, fD - fD_won)
            else:
                np.add.at(d_dist, d_n, fD)
            for side, f, surv in ((b.a, fA, a_surv), (b.d, fD, d_surv)):
                exp = f @ side.counts
                for j, t in enumerate(side.types):
                    surv[t] += float(exp[j])
            for k in o.safe:
                a_surv[spec.attacker[k]] += W
            for k in o.out:
                d_surv[spec.defender[k]] += W - p_won
            a_kept += float(fA @ a_cost) + W * safe_cost
            d_kept += float(fD @ d_cost) + (W - p_won) * out_cost
    return OddsResult(
        attacker_wins=aw, defender_wins=dw, draw=max(0.0, dr), method="exact",
        expected_rounds=rounds, attacker_survivors=a_surv, defender_survivors=d_surv,
        attacker_cost_lost=sum(cost_a) - a_kept, defender_cost_lost=sum(cost_d) - d_kept,
        attacker_survivor_distribution=[float(x) for x in a_dist],
        defender_survivor_distribution=[float(x) for x in d_dist], pruned_mass=pruned(aw + dw + dr))
