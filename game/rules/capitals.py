"""Capturing and liberating capitals (A&A Global 1940 2nd edition rulebook, "Capturing
and liberating capitals"; TripleA ww2global40_2nd_edition.xml: territoryAttachment
`capital`, the engine's capital-capture plunder and liberation).

Every zone ruleset already plays that a captured capital yields its owner's whole
treasury to the conqueror and that the owner collects no income while it is held
(game/rules/zone/production.py). The scenario's `capitals` switches on the rest:

    capitals:
      liberation: true    # an ally retaking the capital gives it back to its owner, with
                          # the owner's original territories the liberator holds
      no_purchase: true   # the owner buys nothing while its capital is held
"""
from __future__ import annotations

from typing import Any

from .model import CapitalRules, GameState


def parse(data: Any, chk: Any) -> CapitalRules:
    node = chk.get(data, "capitals", dict, "scenario", default=None, allow_none=True)
    if node is None:
        return CapitalRules()
    chk.unknown_keys(node, ("liberation", "no_purchase"), "capitals")
    return CapitalRules(liberation=bool(chk.get(node, "liberation", bool, "capitals", default=False)),
                        no_purchase=bool(chk.get(node, "no_purchase", bool, "capitals", default=False)))


def capital_of(state: GameState, space: str) -> str | None:
    """The player whose capital `space` is, or None."""
    for p in state.scenario.players:
        if p.capital == space:
            return p.id
    return None


def purchase_stopped(state: GameState, player: str) -> bool:
    """`no_purchase`: the player's capital is in enemy hands, so it buys nothing."""
    if not state.scenario.capitals.no_purchase:
        return False
    cap = state.scenario.player(player).capital
    return cap is not None and state.owners.get(cap) != player


def liberated_capital_owner(state: GameState, space: str, player: str) -> str | None:
    """`liberation`: the original owner of the capital `space` when `player`, its ally,
    retakes it from the enemy; else None."""
    if not state.scenario.capitals.liberation:
        return None
    owner = capital_of(state, space)
    if owner is None or owner == player or not state.allied(owner, player):
        return None
    return owner if state.owners.get(space) != owner else None


def return_territories(state: GameState, owner: str, liberator: str) -> list[str]:
    """A liberated capital's owner takes back its original territories that the
    liberator holds (the rulebook's liberation of a capital, paraphrased)."""
    back = sorted(s for s, o in state.owners.items()
                  if o == liberator and state.scenario.start_owners.get(s) == owner)
    for s in back:
        state.owners[s] = owner
    return back
