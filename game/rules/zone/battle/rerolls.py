"""Reconnaissance rerolls in a zone battle (seed 000): which dice a side may reroll,
how many, and the default choice. The reroll itself (an action) is in core.py."""
from __future__ import annotations

from ...memo import derived
from ...model import Battle, GameState
from .sides import side_units
from .steps import fire_step


# --- reconnaissance rerolls ------------------------------------------------------
def ruleset_has_recon(state: GameState) -> bool:
    rs = state.ruleset
    return derived(rs, "has_reconnaissance",
                   lambda: any(ut.has("reconnaissance") for ut in rs.units.values()))


def reroll_allowance(state: GameState, b: Battle, side: str) -> tuple[int, tuple[str, ...]]:
    """(rerolls the side has left this round, unit ids whose dice it may reroll):
    `rerolls` per reconnaissance unit in the battle (still there this round), at most
    the Rule of Three's number per round when the ability is marked."""
    total = 0
    ro3 = False
    refs: list[str] = []
    for u in side_units(state, b, side):
        for ab in state.utype(u).abilities_named("reconnaissance"):
            total += ab.rerolls
            ro3 = ro3 or ab.rule_of_three
            refs.extend(r for r in ab.dice_of if r not in refs)
    cap = state.ruleset.rule_of_three
    if ro3 and cap is not None:
        total = min(total, cap)
    used = sum(1 for s, _ in b.recon_used if s == side)
    return max(0, total - used), state.ruleset.expand_all(refs)


def reroll_eligible(state: GameState, b: Battle | None = None) -> list[int]:
    """Indices into the last roll's dice that the rolling side may reroll now: dice of
    `dice_of` units that have not had a reroll this round (empty when none is left)."""
    b = b or state.zone.battle
    if b is None or not b.rolls or not ruleset_has_recon(state):
        return []
    roll = b.rolls[-1]
    if not fire_step(roll.step).recon or roll.rerolled or not roll.uids:
        return []
    left, types = reroll_allowance(state, b, roll.side)
    if left <= 0 or not types:
        return []
    used = {uid for s, uid in b.recon_used if s == roll.side}
    return [i for i, (t, _v, _d) in enumerate(roll.dice) if t in types and roll.uids[i] not in used]


def reroll_limit(state: GameState) -> int:
    """How many dice the side may reroll now (one per reconnaissance unit, Rule of Three)."""
    b = state.zone.battle
    if b is None or not b.rolls:
        return 0
    return reroll_allowance(state, b, b.rolls[-1].side)[0]


def default_reroll(state: GameState) -> tuple[int, ...]:
    """The default choice (computer players, the UI's default button): reroll the
    missed eligible dice of the highest value needed, one per unit, up to the limit."""
    b = state.zone.battle
    if b is None or not b.rolls:
        return ()
    roll = b.rolls[-1]
    misses = [i for i in reroll_eligible(state, b) if roll.dice[i][2] > roll.dice[i][1]]
    misses.sort(key=lambda i: (-roll.dice[i][1], i))
    out: list[int] = []
    seen: set[int] = set()
    for i in misses:
        if len(out) >= reroll_limit(state):
            break
        if roll.uids[i] in seen:
            continue
        seen.add(roll.uids[i])
        out.append(i)
    return tuple(sorted(out))
