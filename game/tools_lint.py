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
        if sc.hexmap is None and not any(f for f in sc.start_factories if sc.start_owners.get(f) == p.id):
            warn(f"players.{p.id}: has no factory and can never place units")
    for s in sc.spaces.values():
        if s.kind == LAND and not s.adjacent:
            warn(f"spaces.{s.id}: borders nothing")
    return out
