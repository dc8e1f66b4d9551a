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
      liberation_units:   # placed in the capital the first time it is liberated
        french: {infantry: 4}

`liberation_units` is G40's liberation of France (TripleA ww2global40_2nd_edition.xml:
triggerAttachment_{Germans,Italians,Japanese}_Conquer_France record the fall,
triggerAttachment_French_1_Liberation_By_* place 4 French infantry in France once; the
game notes: "12 PUs worth of free units in France the first time France is Liberated").
At the end of every combat phase a capital held by a power not allied with its owner has
fallen; one held by its owner again after it fell is liberated, once a game.
"""
from __future__ import annotations

from typing import Any

from .model import CapitalRules, GameState, Unit


def parse(data: Any, chk: Any, pids: Any = None, ruleset: Any = None) -> CapitalRules:
    node = chk.get(data, "capitals", dict, "scenario", default=None, allow_none=True)
    if node is None:
        return CapitalRules()
    chk.unknown_keys(node, ("liberation", "no_purchase", "liberation_units"), "capitals")
    return CapitalRules(liberation=bool(chk.get(node, "liberation", bool, "capitals", default=False)),
                        no_purchase=bool(chk.get(node, "no_purchase", bool, "capitals", default=False)),
                        liberation_units=_liberation_units(node, chk, pids, ruleset))


def _liberation_units(node: Any, chk: Any, pids: Any, ruleset: Any
                      ) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    where = "capitals.liberation_units"
    given = chk.get(node, "liberation_units", dict, "capitals", default={}) or {}
    out = []
    for player, units in given.items():
        if pids is not None and player not in pids:
            chk.error(given, player, f"{where}: unknown player '{player}'")
            continue
        if not isinstance(units, dict) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in units.values()):
            chk.error(given, player, f"{where}.{player}: a mapping unit -> how many (1 or more)")
            continue
        if ruleset is not None and (odd := [u for u in units if u not in ruleset.units]):
            chk.error(given, player, f"{where}.{player}: unknown unit '{odd[0]}'")
            continue
        out.append((str(player), tuple((str(u), int(n)) for u, n in units.items())))
    return tuple(out)


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
                  if o == liberator and state.scenario.original_owner(s) == owner)
    for s in back:
        state.owners[s] = owner
    return back


# --- the fall and liberation of a capital (`liberation_units`) -------------------------------
def fell_key(player: str) -> str:
    return f"capital_fell|{player}"


def liberated_key(player: str) -> str:
    return f"capital_liberated|{player}"


def after_combat(state: GameState) -> None:
    """The end of a combat phase: record the capitals with `liberation_units` that have
    fallen, and place those units in each one liberated since (once a game)."""
    for player, units in state.scenario.capitals.liberation_units:
        cap = state.scenario.player(player).capital
        if cap is None or state.objective_uses.get(liberated_key(player)):
            continue
        holder = state.owners.get(cap)
        if holder is not None and not state.allied(holder, player):
            if not state.objective_uses.get(fell_key(player)):
                state.objective_uses = {**state.objective_uses, fell_key(player): state.round}
        elif holder == player and state.objective_uses.get(fell_key(player)):
            _place_liberation_units(state, player, cap, units)


def _place_liberation_units(state: GameState, player: str, cap: str,
                            units: tuple[tuple[str, int], ...]) -> None:
    state.objective_uses = {**state.objective_uses, liberated_key(player): state.round}
    for utype, n in units:
        for _ in range(n):
            state.units[state.next_uid] = Unit(state.next_uid, utype, player, cap)
            state.next_uid += 1
    from . import grammar
    what = ", ".join(f"{n} {state.ruleset.units[u].name}" for u, n in units)
    state.add_log(f"{state.scenario.spaces[cap].name} is liberated: "
                  f"{grammar.player_says(state.scenario, player, 'places')} {what} there.")
