"""The `standard` hex player's choices after a CRT result (europa rules, hex maps).

The rules propose a default for every choice a combat result waits for
(`actions.hex_decision`: the cheapest loss steps, the retreat hex with most friends
farthest from the enemy; `hexcombat.default_advance`: the strongest defenders). Here
every legal option is scored with the position evaluation (hexeval.Evaluator, for the
alliance that chooses, mode "hold") after playing the rest of the combat out:
- losses (`HexLosses`): every minimal set of loss steps the result allows (which unit
  absorbs a half or exchange loss: keep the unit that holds the objective, the one with
  the better defense where the threat is, the one that stays in supply);
- retreats (`HexRetreat`): every destination of the units retreating together from one
  hex, and each unit alone when there are several (a retreat into an objective that
  needs a defender, out of the enemy's reach, next to friends); RETREATS is off (measured
  neutral for the side that holds, worse for the attacker: docs/ai.md);
- advance after combat (`Advance`): none and the strongest defenders (hexplan's
  options), and for a side not forced to attack every other subset of the attackers
  allowed that fits the hex, if it gains ADVANCE_MARGIN more (keep the infantry on the
  objective the attack came from, send a unit ahead). Where attacks are weighed by
  rollouts (hexrollout.combat_enabled: the last rounds), the scored advance is weighed
  the same way against none and all that fit (ADVANCE_SEARCH).
The rest of the combat (the other side's choices, the enemy's advance) is played with
the rules' proposals; our own later choices in the same combat too. Ties keep the
rules' proposal. Nothing here decides a rule: every option comes from the rules core
(`hexcombat.loss_choice`, `loss_block`, `retreat_options`, `advance_explain`) and is
applied through the reducer.
"""
from __future__ import annotations

from itertools import combinations, product

from game.rules.actions import Action, Advance, HexLosses, HexRetreat, apply, hex_decision
from game.rules.errors import IllegalAction
from game.rules.hex import combat as hexcombat
from game.rules.model import GameState

from ..config import hex_config
from ..player import active
from . import rollout as hexrollout
from .evaluation import Evaluator


def loss_options(state: GameState) -> list[tuple[int, ...]]:
    """Every legal HexLosses choice now (the rules' proposal first)."""
    ch = hexcombat.loss_choice(state)
    if ch is None:
        return []
    out = [tuple(ch.default)]
    uids = list(ch.units)
    for counts in product(*[range(len(ch.steps[u]) + 1) for u in uids]):
        lost = tuple(u for u, n in zip(uids, counts, strict=True) for _ in range(n))
        if lost == out[0] or not lost:
            continue
        if not hexcombat.loss_block(state, lost):
            out.append(lost)
        if len(out) >= hex_config().max_options:
            break
    return out


def retreat_options(state: GameState) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """Legal HexRetreat choices now: the rules' proposal first, then every destination of
    the units from that hex together, then each of them alone."""
    d = hexcombat.default_retreat(state)
    p = hexcombat.pending(state)
    if d is None or p is None:
        return []
    out = [d]
    src = state.units[d[0][0]].space
    group = tuple(i for i in p.retreating if i in state.units and state.units[i].space == src)
    groups = [group] + ([(i,) for i in group] if len(group) > 1 else [])
    for g in groups:
        for _dest, path in sorted(hexcombat.retreat_options(state, g).items()):
            if (g, path) != d:
                out.append((g, path))
    return out[:hex_config().max_options]


def plain_advances(state: GameState) -> list[tuple[int, ...]]:
    """None, then the strongest defenders within stacking, one more at a time (the options
    hexplan scores when it weighs an attack)."""
    ht = hexcombat.turn(state)
    if ht.advance is None:
        return []
    alive = [i for i in ht.advance[1] if i in state.units]
    out: list[tuple[int, ...]] = [()]
    picked: list[int] = []
    for i in sorted(alive, key=lambda x: (-state.utype(state.units[x]).defense, x)):
        if not hexcombat.advance_explain(state, tuple(sorted(picked + [i]))):
            picked.append(i)
            out.append(tuple(sorted(picked)))
    return out


def advance_options(state: GameState) -> list[tuple[int, ...]]:
    """Legal Advance choices now: `plain_advances`, then every other subset of the allowed
    attackers that fits the hex."""
    ht = hexcombat.turn(state)
    if ht.advance is None:
        return []
    alive = [i for i in ht.advance[1] if i in state.units]
    out = plain_advances(state)
    for k in range(1, len(alive) + 1):
        for sub in combinations(sorted(alive), k):
            if sub not in out and not hexcombat.advance_explain(state, sub):
                out.append(sub)
            if len(out) >= hex_config().max_options:
                return out
    return out


def _finish(state: GameState, ev: Evaluator) -> GameState:
    """Play the rest of the combat out with the rules' proposals; an advance after it by
    the enemy with the rules' proposal, by us as `best_advance` chooses."""
    s = state
    for _ in range(20):
        d = hex_decision(s)
        if d is None:
            break
        s = apply(s, d)
    ht = hexcombat.turn(s)
    if ht.advance is not None and not s.over:
        if ev.is_mine(s, s.player):
            s = best_advance(s, ev)[1]
        else:
            s = apply(s, Advance(hexcombat.default_advance(s), ht.advance[0]))
    return s


def _score(state: GameState, action: Action, ev: Evaluator) -> float | None:
    try:
        s = apply(state, action)
    except IllegalAction:
        return None
    return ev.evaluate(_finish(s, ev), "hold")


def _pick(state: GameState, actions: list[Action], ev: Evaluator) -> Action | None:
    best: tuple[float, Action] | None = None
    for a in actions:
        v = _score(state, a, ev)
        if v is None:
            continue
        if best is None or v > best[0] + hex_config().tie:
            best = (v, a)
    return best[1] if best else None


def best_advance(state: GameState, ev: Evaluator) -> tuple[Advance, GameState]:
    """The advance after combat that scores best (ties: the first option, none first)."""
    cfg = hex_config()
    ht = hexcombat.turn(state)
    assert ht.advance is not None
    hexid = ht.advance[0]
    best: tuple[float, Advance, GameState] | None = None
    plain = plain_advances(state)
    # a side that must attack keeps its stacks whole for the next attack: hexplan's options
    # only (other subsets cost the Germans on Crete, 16/30 against 21/30; docs/ai.md)
    opts = plain if ev.aggressive else advance_options(state)
    n_plain = len(plain)
    for k, uids in enumerate(opts):
        a = Advance(uids, hexid)
        try:
            s2 = apply(state, a)
        except IllegalAction:
            continue
        v = ev.evaluate(s2, "hold")
        if best is None or v > best[0] + (cfg.tie if k < n_plain else cfg.advance_margin):
            best = (v, a, s2)
    assert best is not None
    return best[1], best[2]


def decide(state: GameState, who: str) -> Action | None:
    """The choice a combat result waits for from `who` (losses, retreat), scored; None when
    nothing waits."""
    cfg = hex_config()
    p = hexcombat.pending(state)
    if p is None:
        return None
    ev = Evaluator(state, state.alliance_of(who) or "")
    losses = p.stage in ("defender_losses", "attacker_losses")
    if not (cfg.losses if losses else cfg.retreats):
        return hex_decision(state)
    if not losses and ev.aggressive:
        return hex_decision(state)   # measured only for the side that holds (docs/ai.md)
    if losses:
        acts: list[Action] = [HexLosses(lost) for lost in loss_options(state)]
    else:
        acts = [HexRetreat(g, path) for g, path in retreat_options(state)]
    if len(acts) <= 1:
        return hex_decision(state)
    got = _pick(state, acts, ev) or acts[0]
    kind = "losses" if losses else "retreat"
    stats = active().stats   # counts for measuring: choices scored, proposals overruled
    stats[kind] = stats.get(kind, 0) + 1
    if got != acts[0]:
        stats[kind + "_changed"] = stats.get(kind + "_changed", 0) + 1
    return got


def advance(state: GameState) -> Action | None:
    """The advance after combat, scored; None when no advance is offered."""
    cfg = hex_config()
    if not cfg.advance or hexcombat.turn(state).advance is None:
        return None
    ev = Evaluator(state, state.alliance_of(state.player) or "")
    got = best_advance(state, ev)[0]
    if cfg.advance_search and hexrollout.combat_enabled(state):
        # near the end, the scored advance against the plain ones (none, as many of the
        # strongest defenders as fit, then fewer) by rollouts through the enemy's reply, as
        # attacks are
        opts: list[Action] = [got]
        plain = plain_advances(state)
        for uids in plain[:1] + plain[-1:] + plain[1:-1]:   # none, all, then the rest
            a = Advance(uids, got.to)
            if len(opts) > cfg.advance_search:
                break
            if sorted(uids) != sorted(got.units):
                opts.append(a)
        chosen = hexrollout.pick_action(state, opts)
        assert isinstance(chosen, Advance)
        got = chosen
    stats = active().stats
    stats["advance"] = stats.get("advance", 0) + 1
    if sorted(got.units) not in ([], sorted(hexcombat.default_advance(state))):
        stats["advance_changed"] = stats.get("advance_changed", 0) + 1
    return got
