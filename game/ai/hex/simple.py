"""A simple computer player for hex maps (europa rules).

Movement: each unit, in uid order, moves once towards the nearest objective its
alliance does not hold (or the nearest enemy), keeping a garrison on held
objectives threatened by the enemy; it prefers hexes with good defensive terrain.
Combat: the attack with the best expected outcome at the best available odds,
while its expectation is favourable; advances into vacated objectives.
`level` "random" picks among the legal actions at random (seeded by the game).
"""
from __future__ import annotations

import random

from game.rules.actions import Action, Advance, Airdrop, Attack, EndPhase, Move, hex_legal_actions
from game.rules.hex import (
    airdrop as hexairdrop,
)
from game.rules.hex import (
    combat as hexcombat,
)
from game.rules.hex import (
    crt,
)
from game.rules.hex import (
    grid as hexgrid,
)
from game.rules.hex import (
    move as hexmove,
)
from game.rules.model import GameState, Unit


def choose_hex(state: GameState, level: str = "greedy") -> Action:
    if level == "standard":
        from game.rules.actions import actor

        from . import decide as hexdecide
        chosen = hexdecide.decide(state, actor(state))
        if chosen is None and state.phase == "combat":
            chosen = hexdecide.advance(state)
        if chosen is not None:
            return chosen
    decision = answer_decision(state)
    if decision is not None:
        return decision
    if level == "standard":
        from .plan import choose
        return choose(state)
    if level == "random":
        return random_action(state)
    phase = state.phase
    if phase == "movement":
        fly = fly_action(state)
        if fly is not None:
            return fly
    if phase in ("movement", "exploitation"):
        return _move(state) or EndPhase()
    if phase == "combat":
        return _combat(state)
    return EndPhase()


def random_action(state: GameState) -> Action:
    """A legal random action, seeded by the game: end the phase one time in five, else a
    random unit (each unit equally likely, however many hexes it can reach) to a random
    destination (or air drop target), a random attack, a random advance."""
    rng = random.Random(state.seed * 1_000_003 + state.action_count)
    phase = state.phase
    if phase == "combat":
        ht = hexcombat.turn(state)
        if ht.advance is not None:
            hexid, uids = ht.advance
            opts = [Advance((), hexid)] + [Advance((i,), hexid) for i in uids]
            if uids and hexmove.stack_re(state, hexid, state.player, extra=[state.units[i] for i in uids
                                                                         if i in state.units]) \
                    <= hexmove.stacking_limit(state, hexid) + 1e-9:
                opts.append(Advance(tuple(uids), hexid))
            return rng.choice(opts)
        acts = [a for a in hex_legal_actions(state) if not isinstance(a, EndPhase)]
        return rng.choice(acts) if acts and rng.random() >= 0.2 else EndPhase()
    if phase not in ("movement", "exploitation") or rng.random() < 0.2:
        return EndPhase()
    mine = [u for u in sorted(state.units.values(), key=lambda x: x.uid)
            if u.owner == state.player and hexmove.mp_left(state, u) > 0]
    rng.shuffle(mine)
    for u in mine:
        options: list[Action] = [Move((u.uid,), p) for _, p in sorted(hexmove.reachable(state, (u.uid,)).items())]
        if phase == "movement" and not hexairdrop.group_block(state, (u.uid,)):
            options += [Airdrop((u.uid,), to) for to in hexairdrop.targets(state, (u.uid,))]
        if options:
            return rng.choice(options)
    return EndPhase()


def answer_decision(state: GameState) -> Action | None:
    """A combat result waiting for this player's losses or retreat: the rules' proposal
    (required losses first, cheapest steps; the safest retreat hex)."""
    from game.rules.actions import hex_decision
    return hex_decision(state)


def _axial(hid: str) -> tuple[int, int]:
    return hexgrid.parse_hex_id(hid)


def march_score(state: GameState, player: str, goals: list[tuple[int, int]], hid: str,
                near: dict[str, int] | None = None) -> tuple[float, str]:
    """Greedy's worth of a hex to move to: near its goals, well defended, an enemy
    objective taken (the hex id breaks ties). `near`: the hexes' distances to these goals
    worked out so far (a caller scoring many hexes against the same goals)."""
    d = near.get(hid) if near is not None else None
    if d is None:
        d = min(hexgrid.distance(_axial(hid), g) for g in goals)
        if near is not None:
            near[hid] = d
    v = -3.0 * d + 0.5 * _defense_value(state, hid)
    sp = state.scenario.spaces[hid]
    if sp.victory_city and state.owners.get(hid) != player:
        v += 10
    return (v, hid)


def objective_hexes(state: GameState, player: str) -> list[str]:
    """Objective hexes the alliance does not hold, else hexes of enemy units."""
    vc = [s for s, sp in state.scenario.spaces.items() if sp.victory_city
          and (state.owners.get(s) is None or state.at_war(state.owners[s], player))]
    if vc:
        return vc
    return sorted({u.space for u in state.units.values() if state.at_war(u.owner, player)})


def threatened(state: GameState, hid: str, player: str, radius: int = 3) -> bool:
    h = _axial(hid)
    return any(state.at_war(u.owner, player) and hexgrid.distance(h, _axial(u.space)) <= radius
               for u in state.units.values())


def _defense_value(state: GameState, hid: str) -> int:
    return hexmove.map_memo(   # type: ignore[no-any-return]
        state, "defense_value", hid, lambda: -sum(t.shift for t in hexmove.terrains(state, hid)))


def fly_action(state: GameState) -> Action | None:
    """Air drops / air transport: the first unit that can fly goes to the best hex near
    an objective (capturing an empty enemy airfield if it can), avoiding bad drop terrain."""
    player = state.player
    if hexairdrop.transport(state, player) is None or max(hexairdrop.capacity_left(state, player)) <= 0:
        return None
    goals = [_axial(g) for g in objective_hexes(state, player)]
    if not goals:
        return None
    zoc = hexmove.zoc_hexes(state, player)
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != player or u.moved or hexairdrop.group_block(state, (u.uid,)):
            continue
        if not any(t.airfield for t in hexmove.terrains(state, u.space)):
            continue
        best: tuple[float, str] | None = None
        for to in hexairdrop.targets(state, (u.uid,)):
            h = _axial(to)
            d = min(hexgrid.distance(h, g) for g in goals)
            if d > 3:
                continue
            how = hexairdrop.mode(state, u, to)
            risk = 0 if how == "transport" else hexairdrop.drop_modifier(state, u, to, zoc)[0]
            s = -2.0 * d + 2.0 * risk + 0.5 * _defense_value(state, to)
            sp = state.scenario.spaces[to]
            if sp.victory_city and state.owners.get(to) != player:
                s += 6
            s += 1.0 * len(hexmove.friends_at(state, to, player))
            if best is None or (s, to) > best:
                best = (s, to)
        if best is not None:
            return Airdrop((u.uid,), best[1])
    return None


def _move(state: GameState) -> Action | None:
    player = state.player
    goals = [_axial(g) for g in objective_hexes(state, player)]
    if not goals:
        return None
    near: dict[str, int] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != player or u.moved or hexmove.mp_left(state, u) <= 0:
            continue
        ut = state.utype(u)
        if ut.move <= 0:
            continue
        sp = state.scenario.spaces[u.space]
        mine_here = [x for x in state.units.values() if x.space == u.space and x.owner == player
                     and state.utype(x).defense > 0]
        if sp.victory_city and state.owners.get(u.space) == player and threatened(state, u.space, player) \
                and len(mine_here) <= 2:
            continue   # hold the objective
        options = hexmove.reachable(state, (u.uid,))
        if not options:
            continue

        def score(hid: str) -> tuple[float, str]:
            return march_score(state, player, goals, hid, near)

        cur = score(u.space)[0] + 0.4
        best = max(options, key=score)
        if score(best)[0] > cur:
            return Move((u.uid,), options[best])
    return None


def _attack_value(state: GameState, target: str, units: tuple[int, ...], pv: crt.CombatPreview) -> float:
    """Expected strength the defender loses minus what the attacker loses (in units of the
    attack's strength), a little for pushing the defender back, more for taking an objective."""
    trapped = any(not hexcombat.can_retreat(state, u, target, [u])
                  for u in (state.units[i] for i in units))
    results = hexmove.rules(state).crt.results
    att, dfn = max(pv.attack, 0.5), pv.defense
    objective = 1.5 if state.scenario.spaces[target].victory_city else 0.0
    value = 0.0
    for code, p in pv.probabilities.items():
        r = results[code]
        d_lost = {"all": dfn, "half": dfn / 2}.get(r.defender_loss, 0.0)
        a_lost = {"all": att, "half": att / 2, "exchange": min(att, d_lost)}.get(r.attacker_loss, 0.0)
        if r.attacker_retreat and trapped:
            a_lost = att
        v = (d_lost - a_lost) / att
        if r.defender_loss == "all" or r.defender_retreat:
            v += 0.25 + (objective if not r.attacker_retreat else 0.0)
        if r.attacker_retreat:
            v -= 0.15
        value += p * v
    return value


def _combat(state: GameState) -> Action:
    ht = hexcombat.turn(state)
    if ht.advance is not None:
        hexid, uids = ht.advance
        units = [state.units[i] for i in uids if i in state.units]
        picked: list[Unit] = []
        for u in sorted(units, key=lambda x: -state.utype(x).defense):
            if hexmove.stack_re(state, hexid, state.player, extra=picked + [u]) <= \
                    hexmove.stacking_limit(state, hexid):
                picked.append(u)
            if len(picked) >= 2:
                break
        return Advance(tuple(u.uid for u in picked), hexid)
    best: tuple[float, str, tuple[int, ...]] | None = None
    for target in hexcombat.attack_targets(state):
        uids = tuple(u.uid for u in hexcombat.attackers_for(state, target))
        pv = crt.preview(state, target, uids)
        if pv.legal:
            continue
        value = _attack_value(state, target, uids, pv)
        if best is None or value > best[0]:
            best = (value, target, uids)
    if best is not None and best[0] > 0.15:
        return Attack(best[1], best[2])
    return EndPhase()
