"""Sentences that explain a rules difference in a player's terms, shared by the
balance report and the battle calculator:

    "With heavy armor at cost 10, Germany wins 58% ± 4% instead of 49% ± 4%."

Pure text: no pygame, no matplotlib.
"""
from __future__ import annotations

from typing import Any

from game.rules.model import Ruleset, Scenario, UnitType

STAT_FIELDS = ("cost", "attack", "defense", "move", "hits", "transport_cost", "carrier_cost")
MAX_PHRASES = 3


def _unit_name(ut: UnitType) -> str:
    return ut.name.lower() if ut.name else ut.id.replace("_", " ")


def _value(field: str, v: Any) -> str:
    if v is None:
        return "none" if field != "cost" else "not buildable"
    if isinstance(v, dict):
        return ", ".join(f"{n} for {k.replace('_', ' ').title()}" for k, n in v.items())
    return str(v)


def _ability_text(ab: Any) -> str:
    params = ab.describe().get(ab.name) or {}
    words = ab.name.replace("_", " ")
    if not params:
        return words
    inner = ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, (list, tuple)) else v}"
                      for k, v in params.items() if v not in ((), [], None, "", False))
    return f"{words} ({inner})" if inner else words


def unit_changes(base: Ruleset, variant: Ruleset) -> list[str]:
    """One phrase per changed or new unit: "armour at cost 4", "infantry at attack 2
    (was 1)", "paratrooper gaining first strike", "a new unit, guards (cost 5, 2/3/1)"."""
    out: list[str] = []
    for uid, ut in variant.units.items():
        old = base.units.get(uid)
        name = _unit_name(ut)
        if old is None:
            out.append(f"a new unit, {name} (cost {_value('cost', ut.cost)}, attack "
                       f"{ut.attack}, defense {ut.defense}, move {ut.move})")
            continue
        parts = []
        for f in STAT_FIELDS:
            a, b = getattr(old, f), getattr(ut, f)
            if a != b:
                label = f.replace("_", " ")
                parts.append(f"{label} {_value(f, b)}" if f == "cost" and not isinstance(b, dict)
                             else f"{label} {_value(f, b)} (was {_value(f, a)})")
        old_abs = [a.describe() for a in old.abilities]
        new_abs = [a.describe() for a in ut.abilities]
        gained = [a for a in ut.abilities if a.describe() not in old_abs]
        lost = [a for a in old.abilities if a.describe() not in new_abs]
        bits = [f"at {' and '.join(parts)}"] if parts else []
        if gained:
            bits.append(f"gaining {' and '.join(_ability_text(a) for a in gained)}")
        if lost:
            bits.append(f"without {' and '.join(dict.fromkeys(a.name.replace('_', ' ') for a in lost))}")
        if bits:
            out.append(f"{name} {', '.join(bits)}")
        elif ut.name != old.name:
            out.append(f"{old.name} renamed {ut.name}")
    for uid, old in base.units.items():
        if uid not in variant.units:
            out.append(f"no {_unit_name(old)}")
    return out


RULE_NAMES = {"home_guard": "the Home Guard", "supply": "supply lines", "tracks": "desert tracks"}


def rule_changes(base: Ruleset, variant: Ruleset) -> list[str]:
    """One phrase per supplied ruleset rule a variant switched off or changed (interwar):
    "no supply lines", "supply lines changed"."""
    out: list[str] = []
    for field, name in RULE_NAMES.items():
        a, b = getattr(base, field, None), getattr(variant, field, None)
        if a == b:
            continue
        out.append(f"no {name}" if b is None else f"{name} added" if a is None else f"{name} changed")
    return out


def change_phrase(base: Ruleset, variant: Ruleset) -> str:
    """'with armour at cost 4' (lower-case, for the middle of a sentence)."""
    if not variant.variant and variant is base:
        return "with the published rules"
    changes = unit_changes(base, variant) + rule_changes(base, variant)
    if not changes:
        return f"with {variant.title} (no unit changes)"
    if len(changes) <= MAX_PHRASES:
        return "with " + _join(changes)
    more = len(changes) - 2
    return f"with {variant.title} ({_join(changes[:2])}, and {more} more change{'s' if more > 1 else ''})"


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def side_name(scenario: Scenario, alliance: str) -> str:
    """How a player names a side: its only player ('Germany'), else the alliance ('the Axis')."""
    members = [p for p in scenario.players if p.alliance == alliance]
    if len(members) == 1:
        return members[0].name
    return "the " + alliance.replace("_", " ").title()


def wins(side: str) -> str:
    """'Germany wins', 'the Allies win'."""
    plural = side.startswith("the ") and side.endswith("s") and not side.endswith("ss")
    return f"{side} {'win' if plural else 'wins'}"


def pct(p: float) -> str:
    return f"{p * 100:.0f}%"


def capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def winrate_sentence(phrase: str, side: str, p_new: float, half_new: float, p_old: float,
                     half_old: float) -> str:
    """'With heavy armor at cost 10, Germany wins 58% ± 4% instead of 49% ± 4%.'"""
    return capital(f"{phrase}, {wins(side)} {pct(p_new)} ± {pct(half_new)} instead of "
                   f"{pct(p_old)} ± {pct(half_old)}.")


def difference_sentence(side: str, diff: float, lo: float, hi: float, n: int, p: float) -> str:
    """What the paired difference says: a real change (exact McNemar p < 0.05), or within
    chance."""
    if lo == hi == 0:
        return (f"No game of the {n} paired games ended differently: with these computer "
                f"players the change does not move the result.")
    # every paired game moved the same way (no spread): the normal interval collapses to a
    # point and says nothing; the exact test below is the verdict
    pts = (f"{diff * 100:+.0f} points" if hi - lo < 1e-9 else
           f"{diff * 100:+.0f} points (95% interval {lo * 100:+.0f} to {hi * 100:+.0f})")
    if p < 0.05:
        way = "more" if diff > 0 else "less"
        return capital(f"{wins(side)} {way} often: {pts} over {n} paired games, more than chance "
                       f"(exact McNemar p = {p:.2g}).")
    return (f"The difference for {side}, {pts} over {n} paired games, is within chance "
            f"(exact McNemar p = {p:.2g}): play more games to tell the rules apart.")


def battle_sentence(phrase: str, p_new: float, p_old: float, m_new: float = 0.0,
                    m_old: float = 0.0, who: str = "the attacker",
                    swing_new: float | None = None, swing_old: float | None = None) -> str:
    """The calculator's comparison: 'With armour at cost 4, the attacker wins 62.3%
    instead of 55.1% (+7.2 points).' (± the simulation margin when not exact), and the
    attacker's expected value swing when the costs make it differ."""
    def f(p: float, m: float) -> str:
        return f"{p * 100:.1f}%" + (f" ± {m * 100:.1f}" if m >= 0.0005 else "")
    delta = (p_new - p_old) * 100
    tail = "the same" if abs(delta) < 0.05 else f"{delta:+.1f} points"
    out = capital(f"{phrase}, {who} wins {f(p_new, m_new)} instead of {f(p_old, m_old)} ({tail}).")
    if swing_new is not None and swing_old is not None and abs(swing_new - swing_old) >= 0.05:
        out += (f" The attacker's expected value swing is {swing_new:+.1f} instead of "
                f"{swing_old:+.1f}.")
    return out
