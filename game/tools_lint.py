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
    out.extend(opening_warnings(sc))
    return out


def opening_warnings(sc: Scenario) -> list[Diagnostic]:
    """Each `ai_opening` played from the scenario's start (the players before it moving
    nothing): a move that is not legal or an attack nobody can make is reported, since the
    computer would then ignore the whole opening."""
    from game.ai.hex.opening import plan_moves
    from game.rules.actions import EndPhase, apply
    from game.rules.hex import combat as hexcombat
    from game.rules.ruleset import load_ruleset
    from game.rules.session import Session
    out: list[Diagnostic] = []
    assert sc.hexmap is not None
    for pid, book in sc.hexmap.openings.items():
        def warn(msg: str, line: int = 1, pid: str = pid) -> None:
            out.append(Diagnostic(sc.path, line, 1, "warning", f"ai_opening.{pid}: {msg}"))
        st = Session(sc, load_ruleset(sc.ruleset_id), 1).state
        while not st.over and st.round == 1 and not (st.player == pid and st.phase == "movement"):
            st = apply(st, EndPhase())
        if st.over or st.round != 1:
            warn("the player has no movement phase in round 1")
            continue
        plan, problem, line = plan_moves(st, book)
        if problem:
            warn(f"{problem} (the computer ignores this opening)", line)
            continue
        for a in plan:
            st = apply(st, a)
        st = apply(st, EndPhase())
        targets = hexcombat.attack_targets(st) if st.phase == "combat" else []
        for i, atk in enumerate(book.attacks):
            if atk.target not in targets or not any(u.space in atk.hexes
                                                    for u in hexcombat.attackers_for(st, atk.target)):
                warn(f"attacks[{i}]: no unit in {', '.join(atk.hexes)} can attack {atk.target}"
                     f" after the opening's moves", atk.line)
    return out
