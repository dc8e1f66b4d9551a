"""Lint checks beyond loading: things that load but are probably mistakes."""
from __future__ import annotations

from game.rules.errors import Diagnostic
from game.rules.model import LAND, Scenario


def scenario_warnings(sc: Scenario) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def warn(msg: str) -> None:
        out.append(Diagnostic(sc.path, 1, 1, "warning", msg))

    vcs = sum(1 for s in sc.spaces.values() if s.victory_city)
    for ally, need in sc.victory_cities.items():
        if need > vcs:
            warn(f"victory.victory_cities.{ally}: needs {need} but the map has only {vcs}")
    for p in sc.players:
        if p.capital and sc.start_owners.get(p.capital) != p.id:
            warn(f"players.{p.id}: capital {p.capital} does not start owned by {p.id}")
        if sc.hexmap is None and p.placement is None and not any(f for f in sc.start_factories if sc.start_owners.get(f) == p.id):
            warn(f"players.{p.id}: has no factory and can never place units")
    for s in sc.spaces.values():
        if s.kind == LAND and not s.adjacent:
            warn(f"spaces.{s.id}: borders nothing")
    if sc.hexmap is not None:
        out.extend(hex_warnings(sc))
    return out


def hex_warnings(sc: Scenario) -> list[Diagnostic]:
    """Hex maps: every alliance needs a supply source (a `supply: true` hex it owns, or a
    unit with `supply_source`), else all its units start out of supply."""
    from game.rules.ruleset import load_ruleset
    out: list[Diagnostic] = []
    assert sc.hexmap is not None
    rs = load_ruleset(sc.ruleset_id)
    owner_ally = {p.id: p.alliance for p in sc.players}
    for ally in sc.alliances:
        hexes = [h for h in sc.hexmap.hexes.values() if h.supply
                 and owner_ally.get(sc.start_owners.get(h.id) or "") == ally]
        units = [u for u in sc.start_units if owner_ally.get(u[1]) == ally
                 and u[2] in rs.units and rs.units[u[2]].has("supply_source")]
        if not hexes and not units:
            out.append(Diagnostic(sc.path, 1, 1, "warning",
                                  f"alliance {ally}: no supply source on the map (hexes with "
                                  f"'supply: true' or units with supply_source)"))
    return out
