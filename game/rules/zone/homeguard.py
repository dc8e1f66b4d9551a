"""Home Guard/Territorials (seed 000 L135, L187, L361-363; G2): the seed cites the rule
but never prints it, so the ruleset supplies one (`home_guard:`,
docs/interpretations.md#home-guard-g2). A blitz through an empty home territory that
its original power still holds raises home-guard units there; the blitzing group must
then "establish control of the first territory" by battle, so its move ends there."""
from __future__ import annotations

from ..model import GameState, Unit


def _key(defender: str) -> str:
    return f"home_guard|{defender}"


def defender_if_raised(state: GameState, space: str) -> str | None:
    """The power that raises a home guard when `space` is blitzed through now, or None."""
    hg = state.ruleset.home_guard
    sp = state.scenario.spaces[space]
    if hg is None or not sp.home:
        return None
    owner = state.owners.get(space)
    if owner is None or owner != state.scenario.start_owners.get(space):
        return None  # a home territory already lost: no one left to raise a guard
    if state.zone.ro3_moves.get(_key(owner), 0) >= hg.per_turn:
        return None
    return owner


def raise_guard(state: GameState, space: str, defender: str) -> list[int]:
    """Place the home guard for `defender` in `space`; returns the new unit ids."""
    hg = state.ruleset.home_guard
    assert hg is not None
    out: list[int] = []
    for _ in range(hg.count):
        uid = state.next_uid
        state.next_uid += 1
        state.units[uid] = Unit(uid, hg.unit, defender, space)
        out.append(uid)
    state.zone.ro3_moves[_key(defender)] = state.zone.ro3_moves.get(_key(defender), 0) + 1
    name = state.ruleset.units[hg.unit].name
    state.add_log(f"  Home Guard: {state.scenario.player(defender).name} raises {hg.count} "
                  f"{name} in {state.scenario.spaces[space].name}; the blitz stops there.")
    return out
