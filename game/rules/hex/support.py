"""Combat support (rule 9.A in a conventional version; seed 003 cites it for artillery
15.F, border guards 15.G, the parachute HQ 15.A.3, engineers 15.J, divisional HQs 15.L.2
and cavalry 15.H without printing it; docs/interpretations.md#europa-seed-003).

A unit is supported when it is a supporting unit (`support`), self-supporting
(`self_supporting`, where and when its conditions hold) or supported by a supporting unit
of its side: attacking, one that takes part in the same attack (siege artillery only
where it is not halved, 15.F.5) or one within its `range` that need not attack to
support (an HQ); defending, one within its `range` (its own hex for range 0) that
supports on the defence. A parachute HQ disrupted
by its drop ("dispersed") supports no one (15.A.3.a). An unsupported unit attacks at
half strength (crt.attack_strength); defending, being supported matters for 15.H.
"""
from __future__ import annotations

from typing import cast

from ..model import GameState, Unit
from . import grid as hexgrid
from . import move as hexmove
from .abilities import Support


def self_supported(state: GameState, u: Unit, hid: str) -> bool:
    """Whether u is self-supporting attacking into / defending in hex `hid`."""
    ab = state.utype(u).ability("self_supporting")
    if ab is None:
        return False
    if ab.first_turns and state.round > ab.first_turns:
        return False
    return not ab.only_in or hexmove.has_terrain(state, hid, ab.only_in)


def _support(state: GameState, s: Unit, target: str | None) -> Support | None:
    """s's `support` ability if it can support now (attacking `target`, or defending when
    target is None), else None."""
    ab = state.utype(s).ability("support")
    if ab is None:
        return None
    if target is None and not ab.defense:
        return None
    ht = state.hexturn
    if ht is not None and s.uid in ht.disrupted:
        return None   # 15.A.3.a: no support at all if dispersed
    art = state.utype(s).ability("artillery")
    if target is not None and art is not None and art.siege and \
            not any(t.city or t.fortification for t in hexmove.terrains(state, target)):
        return None   # 15.F.5: supports only when its attack is not halved
    return cast(Support, ab)


def _in_range(state: GameState, s: Unit, rng: int, hid: str) -> bool:
    if rng == 0:
        return s.space == hid
    return hexgrid.distance(hexgrid.parse_hex_id(s.space), hexgrid.parse_hex_id(hid)) <= rng


def _friends(state: GameState, u: Unit) -> list[Unit]:
    return [s for s in state.units.values() if not state.at_war(s.owner, u.owner)
            and state.utype(s).has("support")]


def attack_supported(state: GameState, u: Unit, attackers: list[Unit], target: str) -> bool:
    """Whether u, attacking `target` with `attackers`, is supported (9.A)."""
    if state.utype(u).has("support") or self_supported(state, u, target):
        return True
    if any(_support(state, a, target) is not None for a in attackers):
        return True
    for s in _friends(state, u):
        ab = _support(state, s, target)
        if ab is not None and not ab.must_attack and _in_range(state, s, ab.range, u.space):
            return True
    return False


def defense_supported(state: GameState, u: Unit) -> bool:
    """Whether u, defending in its hex, is supported (9.A)."""
    if state.utype(u).has("support") or self_supported(state, u, u.space):
        return True
    for s in _friends(state, u):
        ab = _support(state, s, None)
        if ab is not None and _in_range(state, s, ab.range, u.space):
            return True
    return False
