"""The `standard` computer player on hex maps (europa rules).

It searches over its own legal actions with the position evaluation of hexeval.py:
- Movement: ground units, one at a time, go to the reachable hex that scores best
  (holding objectives, threat from the enemy's next turn, the attacks they set up for
  this combat phase, supply of both sides, approach); then air drops / air transport,
  each to the target with the best expected score over the drop roll; then a second
  ground pass for units with movement points left. The whole phase is planned at its
  first action and replayed action by action (a cache keyed by the exact position, so
  a game is the same whether or not the cache is warm).
  The last unit with a defense strength in an objective its side holds does not leave
  while an enemy unit is within a move of it (`_may_leave`).
  A side that must attack sends no more units to an objective it holds with HOLD_CAP
  units already: the rest go on toward the objectives it lacks.
- Combat: every available attack's expected score over the six die rolls (each roll
  applied through the reducer, followed by the best advance), with all its attackers, the
  fewest that give the same column, and a garrison kept in each objective of ours the
  attackers would all leave (_garrisoned: an AR would empty it); the best attack whose
  expected gain is positive, until none is. In the last rounds (the last four; on a
  large map the last: hexrollout.combat_enabled) that choice, the next COMBAT_SEARCH
  best attacks (never a long shot, on which no roll hurts the defender: a rollout that
  preferred one was noise) and ending the phase are weighed by rollouts (hexrollout.pick_action):
  whether a late attack pays depends on what the enemy can retake, which the evaluation
  only estimates.
- Advance after combat: the option (none, all, the strongest units within stacking)
  that scores best.
- Exploitation: c/m units move as in movement, without the attack term.
- Near the game's end (the last three rounds, where the budget allows) the
  movement phase is chosen among candidate plans (this plan, no attack pass, the attack
  pass opened on each of the two best other targets, the greedy player's moves; on a
  large map such as Crete this plan and the greedy player's moves only; elsewhere, for
  a side that must attack, before the last round, the plan with a reserve kept for an
  objective we lack: `_reserve`) by rollouts to the game's end (hexrollout.py).
Dice are never peeked at: every simulated roll is scripted (all six are averaged).
"""
from __future__ import annotations

from dataclasses import replace

from game.rules.actions import Action, Advance, Airdrop, Attack, EndPhase, Move, apply
from game.rules.errors import IllegalAction
from game.rules.hex import airdrop as hexairdrop
from game.rules.hex import combat as hexcombat
from game.rules.hex import crt
from game.rules.hex import move as hexmove
from game.rules.model import GameState

from ..config import hex_config
from ..player import active
from . import opening as hexopening
from . import opponent
from . import rollout as hexrollout
from .evaluation import Evaluator, dist, objectives


def _key(state: GameState) -> tuple:
    units = tuple(sorted((u.uid, u.space, u.moved, u.damage, u.oos) for u in state.units.values()))
    ht = state.hexturn
    return (id(state.scenario), state.seed, state.action_count, state.dice_used, state.round,
            state.player_idx, state.phase_idx, units,
            tuple(sorted((k, v) for k, v in state.owners.items() if v is not None)),
            None if ht is None else (ht.attacked, ht.used, ht.advance, ht.airlift, ht.disrupted))


def choose(state: GameState) -> Action:
    cfg = hex_config()
    phase = state.phase
    if phase in ("movement", "exploitation"):
        plans = active().hex_plans   # the deciding player's own plans
        key = _key(state)
        got = plans.pop(key, None)
        if got is not None:
            return got
        plan = hexopening.moves(state) if cfg.openings else None
        if plan is None:
            plan = _plan_search(state) if state.phase == "movement" and hexrollout.enabled(state) \
                else _plan_moves(state)
        if len(plans) > 20_000:
            plans.clear()
        s = state
        first: Action = EndPhase()
        for i, a in enumerate(plan):
            if i == 0:
                first = a
            else:
                plans[_key(s)] = a
            s = apply(s, a)
        if plan:
            plans[_key(s)] = EndPhase()
        return first
    if phase == "combat":
        book = hexopening.attack(state) if cfg.openings else None
        return book if book is not None else _combat(state)
    return EndPhase()


# --- movement ---------------------------------------------------------------------------


def _plan_search(state: GameState) -> list[Action]:
    """Near the game's end: the planner's plan and its alternatives (no attack pass, the
    attack pass opened on another target, the greedy player's moves, a reserve), chosen
    by rollouts (hexrollout.pick). On a large map LARGE_TARGETS other targets and no
    reserve (measured no better): the rollouts there are long, and each candidate more
    takes rollouts from the others within the budget. The plan without the attack pass is
    what keeps an army home when its attack would leave the airfield that supplies it to
    the enemy (Crete, seeds 124104 and 125020: the rollouts see the supply lines cut, the
    evaluation does not)."""
    cfg = hex_config()
    plans = [_plan_moves(state)]
    if not hexrollout.fits(state, plans[0]):
        return plans[0]
    seen = {_positions(state, plans[0])}

    def add(plan: list[Action]) -> None:
        k = _positions(state, plan)
        if k not in seen:
            seen.add(k)
            plans.append(plan)

    large = hexrollout.large(state)
    add(_plan_moves(state, first=""))
    targets = cfg.large_targets if large else cfg.targets
    if targets:
        ev = Evaluator(state, state.alliance_of(state.player) or "")
        for t in _attack_targets(state, ev)[:targets]:
            add(_plan_moves(state, first=t))
    add(_greedy_plan(state))
    for reserve in _reserves(state, plans[0], cfg.reserve if cfg.reserve_large or not large else 0):
        add(reserve)
    return plans[hexrollout.pick(state, plans)]


def _reserves(state: GameState, plan: list[Action], count: int) -> list[list[Action]]:
    """Up to `count` reserve plans (_reserve), each keeping another unit back."""
    out: list[list[Action]] = []
    skip: set[int] = set()
    while len(out) < count:
        got = _reserve(state, plan, skip)
        if not got:
            break
        out.append(got)
        last = got[-1]
        assert isinstance(last, Move)   # the reserve's own move ends its plan
        skip.update(last.units)
    return out


def _reserve(state: GameState, plan: list[Action], skip: set[int] | frozenset[int] = frozenset()) -> list[Action]:
    """For a side that must attack: `plan` with one unit kept out of it (the weakest that
    can serve: an HQ, a unit the attack can spare) and sent where it could walk into an
    objective we lack next turn in the most layouts of the enemy units next to that
    objective (each standing still or stepped to another hex next to it): a reserve for an
    objective the enemy leaves, or screens from the side so that its zone of control
    keeps our attackers out."""
    cfg = hex_config()
    ev = Evaluator(state, state.alliance_of(state.player) or "")
    if not ev.aggressive or (cfg.reserve_last_off and ev.last_round):
        return []   # in the last round there is no next turn to walk in
    player = state.player
    lacking = [o for o in objectives(state) if not ev.is_mine(state, state.owners.get(o))]
    units = sorted((u for u in state.units.values() if u.owner == player and state.utype(u).move > 0
                    and u.uid not in skip and hexmove.mp_left(state, u) > 0 and _may_leave(state, u)),
                   key=lambda u: (state.utype(u).attack, u.uid))
    for u in units[:cfg.reserve_units]:
        mv = state.utype(u).move
        goals = [o for o in lacking if dist(u.space, o) <= 2 * mv + 1]
        if not goals:
            continue
        rest = [a for a in plan if not (isinstance(a, (Move, Airdrop)) and u.uid in a.units)]
        s = state
        try:
            for a in rest:
                s = apply(s, a)
        except IllegalAction:
            continue
        if s.phase != "movement" or s.player != player:
            continue
        options = hexmove.reachable(s, (u.uid,))
        zoc = hexmove.zoc_hexes(s, player)
        best: tuple[float, bool, int, str] | None = None
        for o in goals:
            layouts = _blocker_layouts(s, o)
            if not layouts:
                continue
            for dest in sorted(options):
                if o in options[dest] or dist(dest, o) > mv:
                    continue   # walking into it now is the planner's business
                valid = [lay for lay in layouts if dest not in lay.values()]
                if not valid:
                    continue
                n = sum(1 for lay in valid if o in _next_reach(s, s.units[u.uid], dest, lay)) / len(valid)
                cand = (n, dest not in zoc, -dist(dest, o), dest)   # out of the enemy's reach, near
                if n > 0 and (best is None or cand > best):
                    best = cand
        if best is not None:
            return rest + [Move((u.uid,), options[best[3]])]
    return []


def _blocker_layouts(s: GameState, o: str) -> list[dict[int, str]]:
    """The layouts of the enemy units in or next to objective `o` that leave it empty:
    as they stand ({}) when it is empty, and each of them stepped alone to another empty
    land hex next to `o` (uid -> hex), when that leaves `o` empty."""
    player = s.player
    near = [e for e in s.units.values() if s.at_war(e.owner, player) and dist(e.space, o) <= 1]
    inside = [e for e in near if e.space == o]
    occupied = {x.space for x in s.units.values()}
    out: list[dict[int, str]] = [] if inside else [{}]
    for e in sorted(near, key=lambda x: x.uid):
        if (inside and inside != [e]) or not (hexmove.has_zoc(s, e) or e.space == o):
            continue
        for b in sorted(hexmove.neighbours(s, o)):
            if b not in occupied and not hexmove.is_water(s, b):
                out.append({e.uid: b})
    return out


def _next_reach(s: GameState, u, dest: str, layout: dict[int, str]) -> frozenset[str]:
    """The hexes unit `u` could reach in the next movement phase from `dest` (full
    movement points), the enemy units moved as `layout` says."""
    fs = s.copy()
    fs.units = s.units.copy()
    fs.units[u.uid] = replace(u, space=dest, moved=0)
    for uid, h in layout.items():
        fs.units[uid] = replace(fs.units[uid], space=h)
    return frozenset(hexmove.reachable(fs, (u.uid,)))


def _positions(state: GameState, plan: list[Action]) -> tuple:
    s = hexrollout.start(state, plan, hexrollout.rollout_seed(state, 0))
    return tuple(sorted((u.uid, u.space) for u in s.units.values()))


def _greedy_plan(state: GameState) -> list[Action]:
    plan: list[Action] = []
    s = state
    for _ in range(40):
        acts = hexrollout.fast_policy(s)
        for a in acts:
            if isinstance(a, EndPhase):
                return plan
            try:
                s = apply(s, a)
            except IllegalAction:
                return plan
            plan.append(a)
            if s.phase != state.phase or s.player != state.player:
                return plan
    return plan


def _attack_targets(s: GameState, ev: Evaluator) -> list[str]:
    """Enemy hexes our units could concentrate on, best first (by the evaluation after
    the concentration)."""
    player = s.player
    out = []
    for t in sorted({u.space for u in s.units.values() if s.at_war(u.owner, player)}):
        if not any(dist(u.space, t) <= max(2, state_move(s, u) + 1) for u in s.units.values()
                   if u.owner == player and hexmove.mp_left(s, u) > 0):
            continue
        s2, acts = _concentrate(s, t)
        if acts:
            out.append((-ev.evaluate(s2, "move"), t))
    return [t for _, t in sorted(out)]


def _plan_moves(state: GameState, first: str | None = None) -> list[Action]:
    """`first`: None, the attack pass as it scores; "" no attack pass; a hex id: the
    attack pass opens with a concentration on that enemy hex."""
    ev = Evaluator(state, state.alliance_of(state.player) or "")
    mode = "move" if state.phase == "movement" else "hold"
    plan: list[Action] = []
    s = state
    if state.phase == "movement" and first is not None and first != "":
        s2, acts = _concentrate(s, first)
        plan.extend(acts)
        s = s2
    if state.phase == "movement" and first != "":
        s = _attack_pass(s, ev, plan)
    s = _ground_pass(s, ev, mode, plan)
    if state.phase == "movement":
        s = _air_pass(s, ev, mode, plan)
        s = _ground_pass(s, ev, mode, plan, second=True)
    return plan


def _order(state: GameState, ev: Evaluator) -> list[int]:
    """Units nearest the enemy first (they set up the attacks), then the rest."""
    player = state.player
    enemies = [u.space for u in state.units.values() if state.at_war(u.owner, player)]
    out = []
    for u in state.units.values():
        if u.owner != player or hexmove.mp_left(state, u) <= 0 or state.utype(u).move <= 0:
            continue
        d = min((dist(u.space, e) for e in enemies), default=99)
        out.append((d, u.uid))
    return [uid for _, uid in sorted(out)]


def _ground_pass(s: GameState, ev: Evaluator, mode: str, plan: list[Action], second: bool = False) -> GameState:
    cfg = hex_config()
    for uid in _order(s, ev):
        u = s.units.get(uid)
        if u is None or hexmove.mp_left(s, u) <= 0:
            continue
        if second and u.moved == 0:
            continue   # it already chose to stay
        if not _may_leave(s, u):
            continue
        options = hexmove.reachable(s, (uid,))
        if not options:
            continue
        here = ev.evaluate(s, mode)
        best: tuple[float, str] | None = None
        for dest, path in sorted(options.items()):
            if cfg.hold_cap and ev.aggressive and dest != u.space and _held_by(s, dest, u.owner) >= cfg.hold_cap:
                continue
            try:
                s2 = apply(s, Move((uid,), path))
            except IllegalAction:
                continue
            v = ev.evaluate(s2, mode)
            if best is None or v > best[0]:
                best = (v, dest)
        if best is not None and best[0] > here + cfg.plan_margin:
            a = Move((uid,), options[best[1]])
            plan.append(a)
            s = apply(s, a)
    return s


def _attack_pass(s: GameState, ev: Evaluator, plan: list[Action]) -> GameState:
    """Concentrate for attacks: for each enemy hex, every unit that can reach a hex next
    to it moves there (best attacking hexside, defensive terrain); the target whose
    whole concentration scores best is taken, and so on while it gains."""
    player = s.player
    for _ in range(8):
        here = ev.evaluate(s, "move")
        targets = sorted({u.space for u in s.units.values() if s.at_war(u.owner, player)})
        best: tuple[float, str, list[Action], GameState] | None = None
        for t in targets:
            if not any(dist(u.space, t) <= max(2, state_move(s, u) + 1) for u in s.units.values()
                       if u.owner == player and hexmove.mp_left(s, u) > 0):
                continue
            s2, acts = _concentrate(s, t)
            if not acts:
                continue
            v = ev.evaluate(s2, "move")
            if best is None or (v, t) > (best[0], best[1]):
                best = (v, t, acts, s2)
        if best is None or best[0] <= here + hex_config().plan_margin:
            break
        plan.extend(best[2])
        s = best[3]
    return s


def _held_by(s: GameState, hid: str, player: str) -> int:
    """Units with a defense strength of `player` in an objective it holds (else 0)."""
    if not s.scenario.spaces[hid].victory_city or s.owners.get(hid) != player:
        return 0
    return sum(1 for x in s.units.values() if x.space == hid and x.owner == player and s.utype(x).defense > 0)


def _may_leave(s: GameState, u) -> bool:
    """False for the last unit with a defense strength in an objective its side holds
    while an enemy unit could reach the hex next turn: an empty objective is lost to
    any unit that walks in."""
    if not s.scenario.spaces[u.space].victory_city or s.owners.get(u.space) != u.owner \
            or s.utype(u).defense <= 0:
        return True
    if any(x.uid != u.uid and x.space == u.space and x.owner == u.owner and s.utype(x).defense > 0
           for x in s.units.values()):
        return True
    return not any(s.at_war(e.owner, u.owner) and s.utype(e).move > 0
                   and dist(e.space, u.space) <= s.utype(e).move + 1 for e in s.units.values())


def state_move(s: GameState, u) -> int:
    return s.utype(u).move


def _concentrate(s: GameState, target: str) -> tuple[GameState, list[Action]]:
    player = s.player
    adj = set(hexmove.neighbours(s, target))
    acts: list[Action] = []
    movers = sorted((u for u in s.units.values() if u.owner == player and u.space not in adj
                     and s.utype(u).attack > 0 and hexmove.mp_left(s, u) > 0),
                    key=lambda u: (-s.utype(u).attack, u.uid))
    for u in movers:
        u = s.units[u.uid]
        if dist(u.space, target) > s.utype(u).move + 1 or not _may_leave(s, u):
            continue
        options = hexmove.reachable(s, (u.uid,))
        spots = [h for h in options if h in adj]
        if not spots:
            continue
        u2 = s.units[u.uid]

        def spot_score(h: str, u2=u2, s=s) -> tuple[float, str]:
            sc = -float(sum(t.shift for t in hexmove.terrains(s, h)))
            probe = replace(u2, space=h)
            if hexmove.enter_cost(s, probe, h, target) is None:
                return (-99.0, h)
            if hexmove.side_features(s, h, target):
                sc -= 2
            sc += 0.5 * len(hexmove.friends_at(s, h, player))
            return (sc, h)

        h = max(spots, key=spot_score)
        if spot_score(h)[0] <= -99:
            continue
        a = Move((u.uid,), options[h])
        try:
            s = apply(s, a)
        except IllegalAction:
            continue
        acts.append(a)
    return s, acts


def _scripted(state: GameState, rolls: tuple[int, ...], action: Action) -> GameState:
    """The action with these rolls; any further roll comes from another seed (never the
    game's dice to come), and choices the result waits for (losses, retreats) take the
    rules' proposal."""
    from game.rules.actions import hex_decision
    s = state.copy()
    s.scripted_dice = rolls
    s.seed = (state.seed * 0x9E3779B1 + 0x5BD1E995) & 0xFFFFFFFF
    s = apply(s, action)
    for _ in range(20):
        d = hex_decision(s)
        if d is None:
            break
        s = apply(s, d)
    return s


def _air_pass(s: GameState, ev: Evaluator, mode: str, plan: list[Action]) -> GameState:
    cfg = hex_config()
    player = s.player
    if hexairdrop.transport(s, player) is None:
        return s
    objs = objectives(s)
    for _ in range(20):
        if max(hexairdrop.capacity_left(s, player)) <= 0:
            break
        here = ev.evaluate(s, mode)
        best: tuple[float, int, str] | None = None
        for u in sorted(s.units.values(), key=lambda x: x.uid):
            if u.owner != player or hexairdrop.group_block(s, (u.uid,)):
                continue
            targets = hexairdrop.targets(s, (u.uid,))
            if not targets:
                continue
            goals = [o for o in objs if not ev.is_mine(s, s.owners.get(o))] or \
                sorted({x.space for x in s.units.values() if s.at_war(x.owner, player)})
            zoc = hexmove.zoc_hexes(s, player)

            def pre(to: str, u=u, goals=goals, zoc=zoc, s=s) -> tuple[float, str]:
                d = min((dist(to, g) for g in goals), default=0)
                how = hexairdrop.mode(s, u, to)
                risk = 0 if how == "transport" else hexairdrop.drop_modifier(s, u, to, zoc)[0]
                return (-d + 1.5 * risk + (3 if to in goals else 0)
                        + 0.5 * len(hexmove.friends_at(s, to, player)), to)

            cands = sorted(targets, key=pre, reverse=True)[:cfg.air_candidates]
            for to in cands:
                v = _air_value(s, ev, mode, u.uid, to)
                if best is None or (v, -u.uid, to) > (best[0], -best[1], best[2]):
                    best = (v, u.uid, to)
        if best is None or best[0] <= here + cfg.plan_margin:
            break
        a = Airdrop((best[1],), best[2])
        plan.append(a)
        s = apply(s, a)
    return s


def _air_value(s: GameState, ev: Evaluator, mode: str, uid: int, to: str) -> float:
    u = s.units[uid]
    if hexairdrop.mode(s, u, to) == "transport":
        return ev.evaluate(apply(s, Airdrop((uid,), to)), mode)
    total = 0.0
    seen: dict[str, float] = {}
    for roll in range(1, 7):
        s2 = _scripted(s, (roll,), Airdrop((uid,), to))
        kind = "lost" if uid not in s2.units else ("dis" if uid in (s2.hexturn.disrupted if s2.hexturn else ())
                                                    else "ok")
        if kind not in seen:
            seen[kind] = ev.evaluate(s2, mode)
        total += seen[kind]
    return total / 6


# --- combat -----------------------------------------------------------------------------


def _advance_options(state: GameState) -> list[Advance]:
    ht = hexcombat.turn(state)
    assert ht.advance is not None
    hexid, uids = ht.advance
    units = [state.units[i] for i in uids if i in state.units]
    opts: list[Advance] = [Advance((), hexid)]
    by_def = sorted(units, key=lambda x: (-state.utype(x).defense, x.uid))
    picked: list = []
    for u in by_def:
        if hexmove.stack_re(state, hexid, state.player, extra=picked + [u]) <= \
                hexmove.stacking_limit(state, hexid) + 1e-9:
            picked.append(u)
            opts.append(Advance(tuple(x.uid for x in picked), hexid))
    return opts


def _best_advance(state: GameState, ev: Evaluator) -> tuple[Advance, GameState]:
    best: tuple[float, Advance, GameState] | None = None
    for a in _advance_options(state):
        try:
            s2 = apply(state, a)
        except IllegalAction:
            continue
        v = ev.evaluate(s2, "hold")
        if best is None or v > best[0] + 1e-9:
            best = (v, a, s2)
    assert best is not None
    return best[1], best[2]


def _combat(state: GameState) -> Action:
    cfg = hex_config()
    ev = Evaluator(state, state.alliance_of(state.player) or "")
    ht = hexcombat.turn(state)
    if ht.advance is not None:
        return _best_advance(state, ev)[0]
    here = ev.evaluate(state, "hold")
    best: tuple[float, str, tuple[int, ...]] | None = None
    scored: list[tuple[float, str, tuple[int, ...]]] = []
    for target in hexcombat.attack_targets(state):
        avail = tuple(u.uid for u in hexcombat.attackers_for(state, target))
        for uids in _attacker_sets(state, target, avail):
            total = 0.0
            for roll in range(1, 7):
                try:
                    s2 = _scripted(state, (roll,), Attack(target, uids))
                except IllegalAction:
                    break
                if hexcombat.turn(s2).advance is not None:
                    s2 = _best_advance(s2, ev)[1]
                total += ev.evaluate(s2, "hold")
            else:
                v = total / 6 - here
                scored.append((v, target, uids))
                if best is None or (v, target) > (best[0], best[1]):
                    best = (v, target, uids)
    chosen: Action = Attack(best[1], best[2]) if best is not None and best[0] > cfg.attack_margin else EndPhase()
    if cfg.combat_search and hexrollout.combat_enabled(state) and scored:
        # near the end: the planner's choice against the next best attacks and holding
        # back, by rollouts through the enemy's reply (the evaluation's guess of that
        # reply is what decides a last attack)
        options: list[Action] = [chosen]
        shots = opponent.long_shot_columns(state) if cfg.no_long_shots else frozenset()
        for _, t, uids in sorted(scored, key=lambda x: (-x[0], x[1])):
            if len(options) > cfg.combat_search:
                break
            if shots and crt.preview(state, t, uids).column_label in shots:
                continue   # no roll can hurt the defender: a rollout that prefers it is noise
            a = Attack(t, uids)
            if a not in options:
                options.append(a)
        if not isinstance(chosen, EndPhase):
            options.append(EndPhase())
        return hexrollout.pick_action(state, options)
    return chosen


def _attacker_sets(state: GameState, target: str, avail: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All available attackers, and (when some of them could attack elsewhere) the set
    without units that add nothing to the odds column."""
    from game.rules.hex import crt
    if not avail:
        return []
    out = [avail]
    if len(avail) > 1:
        full = crt.preview(state, target, avail).column
        keep = list(avail)
        for uid in sorted(avail, key=lambda i: state.utype(state.units[i]).attack):
            trial = tuple(i for i in keep if i != uid)
            if trial and crt.preview(state, target, trial).column >= full:
                keep = list(trial)
        if tuple(keep) != avail:
            out.append(tuple(keep))
    if hex_config().garrison:
        kept = _garrisoned(state, avail)
        if kept and kept not in out:
            out.append(kept)
    return out


def _garrisoned(state: GameState, avail: tuple[int, ...]) -> tuple[int, ...]:
    """The attackers without one defender in each objective of ours they would all leave
    on a retreat (the unit with the least attack, then the best defence, stays): an
    attacker-retreat result would otherwise leave the objective empty for any enemy unit
    to walk into (Crete, seeds 1054 and 1490)."""
    from game.rules.hex import crt
    by_hex: dict[str, list[int]] = {}
    for uid in avail:
        by_hex.setdefault(state.units[uid].space, []).append(uid)
    drop: set[int] = set()
    side = state.alliance_of(state.player)
    for hid, uids in by_hex.items():
        sp = state.scenario.spaces[hid]
        if not sp.victory_city or state.alliance_of(state.owners.get(hid)) != side:
            continue
        stay = [u for u in state.units.values() if u.space == hid and u.uid not in uids
                and state.alliance_of(u.owner) == side and crt.defense_strength(state, u) > 0]
        if stay:
            continue
        home = [i for i in uids if crt.defense_strength(state, state.units[i]) > 0]
        if not home:
            continue
        drop.add(min(home, key=lambda i: (state.utype(state.units[i]).attack,
                                          -crt.defense_strength(state, state.units[i]), i)))
    if not drop:
        return ()
    return tuple(i for i in avail if i not in drop)
