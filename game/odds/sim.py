"""Odds by simulating the real battle resolution of the rules core (method "sim").

Used for every battle with an ability the exact DP or the vectorised Monte Carlo
does not model (see model.unmodelled), so a new ability is automatically
consistent with the game: each trial builds a tiny two-space game (the battle space
with the request's terrain, and a space the attackers came from; a sea zone for
bombarding ships), places the units, and plays SelectBattle / RollDice /
Casualties with `battle.py` until the battle ends; reconnaissance rerolls follow the
rules core's default choice (reroll the misses, `battle.default_reroll`). Casualties follow the listed
order of loss (first listed lost first; extra hit points of multi-hit units first),
among the units each hit may be assigned to; hits the firing side assigns
(chooses_casualty) use the rules core's default choice. Seeded; the result
carries a 95% (Wilson) interval.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.rules.actions import Casualties, Reroll, RollDice, SelectBattle, apply, new_game
from game.rules.model import AIR, LAND, SEA, GameState, PlayerDef, Scenario, SpaceDef
from game.rules.zone import battle as B

from .mc import wilson_interval
from .model import BattleSpec, can_fly_in
from .result import OddsResult

DEFAULT_SIM_TRIALS = 2_000
MAX_ROUNDS = 1_000
_SQUARE = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))


def _scenario(spec: BattleSpec) -> Scenario:
    sea_battle = spec.terrain == SEA
    kind = SEA if sea_battle else LAND
    spaces = {
        "x": SpaceDef("x", "Battle", kind, 0, ("o", "s") if not sea_battle else ("o",), (0.0, 0.0),
                      _SQUARE, terrain=tuple(spec.terrain_tags)),
        "o": SpaceDef("o", "Origin", kind, 0, ("x",) if sea_battle else ("x", "s"), (1.0, 0.0), _SQUARE),
    }
    if not sea_battle:
        spaces["s"] = SpaceDef("s", "Sea", SEA, 0, ("x", "o"), (0.0, 1.0), _SQUARE,
                               terrain=("coastal",))
    else:  # the defender's coast: its aircraft beyond carrier room land there after the
        # battle (battle.rehome_aircraft) instead of being lost, as they survived the battle
        spaces["x"] = replace(spaces["x"], adjacent=("o", "l"))
        spaces["l"] = SpaceDef("l", "Coast", LAND, 0, ("x",), (0.0, 1.0), _SQUARE)
    owners: dict[str, str | None] = {s: None for s in spaces}
    if not sea_battle:
        owners.update(x="def", o="att")
    else:
        owners.update(l="def")
    players = (PlayerDef("att", "Attacker", "a", "#aa3333", None, 0),
               PlayerDef("def", "Defender", "d", "#3333aa", None, 0))
    units: list[tuple[str, str, str, int]] = []
    units += [("x", "att", t, 1) for t in spec.attacker]
    units += [("x", "def", t, 1) for t in spec.defender]
    units += [("s", "att", t, 1) for t in spec.bombard]
    return Scenario(id="odds-sim", title="odds", ruleset_id=spec.ruleset.id, description="",
                    turn_limit=99, size=(10, 10), background="#000000", players=players,
                    spaces=spaces, start_owners=owners, start_factories=frozenset(),
                    start_units=tuple(units), victory_cities={}, at_turn_limit="draw")


def _base_state(spec: BattleSpec) -> GameState:
    rs = spec.ruleset
    state = new_game(_scenario(spec), rs, 0)
    state.phase_idx = rs.phases.index("conduct_combat")
    state.player_idx = 0
    adm = spec.damage("attacker")
    ddm = spec.damage("defender")
    na = len(spec.attacker)
    flown = spec.airborne()
    landed = spec.landed()
    oos = list(spec.attacker_oos) + [False] * (na - len(spec.attacker_oos)) + list(spec.defender_oos)
    for k, uid in enumerate(sorted(state.units)):
        u = state.units[uid]
        cut = int(k < len(oos) and bool(oos[k]))   # seed 000 G4: out of supply this turn
        if k < na:
            dmg = adm[k]
            amph = landed[k] and rs.units[u.type].domain == LAND
            air = flown[k] and can_fly_in(rs.units[u.type])
            state.units[uid] = replace(u, damage=dmg, amphibious=amph, in_combat=True, carried_by=None,
                                       airborne=air, oos=cut)
        elif k < na + len(spec.defender):
            state.units[uid] = replace(u, damage=ddm[k - na], oos=cut)
    _load_air_transports(state)
    state.zone.battles = ("x",)
    state.zone.origins = {"x": ("o",)}
    if spec.bombard and not spec.terrain == SEA:
        # the assault landed from the sea zone "s" (actions: state.zone.landings), so its ships
        # bombard (battle.bombarding_ships)
        state.zone.landings = {"x": ("s",)}
    return state


def _load_air_transports(state: GameState) -> None:
    """seed 000 airdrops: attacking air transports carry the airborne airdroppable attackers
    (one per capacity, listed order), so the battle begins with the interception."""
    slots = [t.uid for t in sorted(state.units.values(), key=lambda x: x.uid)
             if t.owner == "att" and state.utype(t).has("air_transport")
             for _ in range(state.utype(t).ability("air_transport").capacity)]
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if slots and u.owner == "att" and u.airborne and state.utype(u).has("airdroppable"):
            state.units[u.uid] = replace(u, carried_by=slots.pop(0))


def _listed_casualties(state: GameState) -> Casualties:
    """Hits of the current pool in the listed order of loss (lowest uid = listed first),
    extra hit points of multi-hit units first; noncombatants (air transports) after the
    other units, defenceless units last, each group extra hit points first."""
    b = state.zone.battle
    assert b is not None
    pool = b.pools[0]
    if pool.chooser:
        return Casualties(tuple(B.default_casualties(state, b, pool)))
    targets = B.side_units(state, b, pool.side)
    ftypes = B.firing_types_of(state, b, pool)
    cands = sorted(B.eligible(state, pool, targets, ftypes), key=lambda u: u.uid)
    n = B.effective_hits(state, pool, targets, ftypes)
    hp = {u.uid: B.hit_points(state, u) for u in cands}
    soft = [u for u in cands if state.utype(u).has("defenseless")]
    sturdy = [u for u in cands if not state.utype(u).has("defenseless")]
    # seed 000 TRANSPORT AIRCRAFT: air transports are lost only after every escorting
    # fighter (battle.check_casualties), extra hit points and all; the game's default
    # (battle.default_casualties) and the odds' listed order (model.normalise_order) take
    # noncombatants after every other unit, defenceless units last
    shielded = [u for u in sturdy if state.utype(u).has("noncombatant")]
    sturdy = [u for u in sturdy if not state.utype(u).has("noncombatant")]
    out: list[int] = []
    for group in (sturdy, shielded, soft):
        for u in group:            # extra hit points first
            while len(out) < n and hp[u.uid] > 1:
                out.append(u.uid)
                hp[u.uid] -= 1
        for u in group:
            if len(out) < n and hp[u.uid] > 0:
                out.append(u.uid)
                hp[u.uid] -= 1
    return Casualties(tuple(out))


def _play(base: GameState, seed: int, max_rounds: int, aa_fire: bool) -> tuple[GameState, int]:
    s = base.copy()
    s.seed = seed
    s = apply(s, SelectBattle("x"))
    if not aa_fire and s.zone.battle is not None:
        s.zone.battle = replace(s.zone.battle, step=B.step_index("aa") + 1)
    rounds = 1
    while s.zone.battle is not None:
        b = s.zone.battle
        if b.awaiting == "casualties":
            s = apply(s, _listed_casualties(s))
        elif b.awaiting == "reroll":  # reconnaissance: the default policy (reroll the misses)
            s = apply(s, Reroll(B.default_reroll(s)))
        else:
            if b.awaiting == "continue":
                if rounds >= max_rounds:
                    break
                rounds += 1
            s = apply(s, RollDice())
    return s, rounds


def simulate(spec: BattleSpec, trials: int = DEFAULT_SIM_TRIALS, seed: int = 0) -> OddsResult:
    base = _base_state(spec)
    att_uids = [uid for uid, u in base.units.items() if u.owner == "att" and u.space == "x"]
    def_uids = [uid for uid, u in base.units.items() if u.owner == "def"]
    types = {uid: base.units[uid].type for uid in att_uids + def_uids}
    max_rounds = spec.rounds or MAX_ROUNDS
    aw = dw = 0
    rounds_total = 0
    a_surv = {t: 0.0 for t in dict.fromkeys(spec.attacker)}
    d_surv = {t: 0.0 for t in dict.fromkeys(spec.defender)}
    a_dist = np.zeros(len(att_uids) + 1)
    d_dist = np.zeros(len(def_uids) + 1)
    a_lost = d_lost = 0.0
    takes = 0   # wins with a land unit left that may take the space
    cost = {uid: spec.info(t).cost for uid, t in types.items()}
    for trial in range(trials):
        s, rounds = _play(base, (seed * 1_000_003 + trial) & ((1 << 62) - 1), max_rounds, spec.aa_fire)
        rounds_total += rounds
        a_left = [uid for uid in att_uids if uid in s.units and s.units[uid].space == "x"
                  and s.units[uid].damage < s.utype(s.units[uid]).hits]
        fighting = [uid for uid in a_left if not s.utype(s.units[uid]).has("noncombatant")]
        d_left = [uid for uid in def_uids if uid in s.units and s.units[uid].owner == "def"
                  and s.units[uid].damage < s.utype(s.units[uid]).hits]  # (captured: not)
        if spec.terrain == SEA:  # aircraft rehomed after a sea battle still survived it
            d_left = [uid for uid in def_uids if uid in s.units and (
                s.units[uid].space == "x" or s.utype(s.units[uid]).domain == AIR)]
        if fighting and not d_left:   # (air transports that dropped their cargo left the battle)
            aw += 1
            takes += any(spec.can_capture(types[uid]) for uid in a_left)
        elif d_left and not fighting:
            dw += 1
        for uid in a_left:
            a_surv[types[uid]] += 1
        for uid in d_left:
            d_surv[types[uid]] += 1
        a_dist[len(a_left)] += 1
        d_dist[len(d_left)] += 1
        a_lost += sum(cost[u] for u in att_uids if u not in a_left)
        d_lost += sum(cost[u] for u in def_uids if u not in d_left)
    n = float(trials)
    p_a, p_d = aw / n, dw / n
    p_draw = 1.0 - p_a - p_d
    return OddsResult(
        attacker_wins=p_a, defender_wins=p_d, draw=p_draw, method="sim",
        expected_rounds=rounds_total / n,
        attacker_survivors={t: v / n for t, v in a_surv.items()},
        defender_survivors={t: v / n for t, v in d_surv.items()},
        attacker_cost_lost=a_lost / n, defender_cost_lost=d_lost / n,
        attacker_survivor_distribution=[float(x) / n for x in a_dist],
        defender_survivor_distribution=[float(x) / n for x in d_dist],
        ci95={"attacker_wins": wilson_interval(p_a, trials), "defender_wins": wilson_interval(p_d, trials),
              "draw": wilson_interval(p_draw, trials),
              **({"attacker_takes": wilson_interval(takes / n, trials)} if spec.terrain == LAND else {})},
        trials=trials, attacker_takes=takes / n if spec.terrain == LAND else None)
