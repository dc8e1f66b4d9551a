"""One computer-vs-computer game, with what a balance report needs: the winner,
the length, units bought and lost by type, income per round, and every battle
with the value each side lost."""
from __future__ import annotations

from typing import Any

from game.ai import choose_action
from game.rules import victory
from game.rules.actions import Place, Purchase, actor, apply, new_game
from game.rules.model import GameState, Ruleset, Scenario
from game.rules.zone import production

MAX_ACTIONS = 200_000


def unit_value(state: GameState, uid: int) -> float:
    """What a unit cost its owner (0 when it cannot be bought)."""
    u = state.units[uid]
    c = state.utype(u).cost_for(u.owner, state.alliance_of(u.owner) or "")
    if c is None and isinstance(state.utype(u).cost, dict):
        c = min(state.utype(u).cost.values())  # type: ignore[union-attr]
    return float(c or 0)


def _count(d: dict[str, dict[str, int]], side: str, unit: str, n: int) -> None:
    side_d = d.setdefault(side, {})
    side_d[unit] = side_d.get(unit, 0) + n


def _alive_by_type(state: GameState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for u in state.units.values():
        _count(out, state.alliance_of(u.owner) or "", u.type, 1)
    return out


def _income(state: GameState) -> dict[str, int]:
    out = {a: 0 for a in state.scenario.alliances}
    for p in state.scenario.players:
        out[p.alliance] += production.income(state, p.id)
    return out


def _battle_start(state: GameState) -> dict[str, Any]:
    b = state.zone.battle
    assert b is not None
    att_ally = state.alliance_of(b.attacker) or ""
    att: dict[int, float] = {}
    dfn: dict[int, float] = {}
    for u in state.units_in(b.space):
        side = att if state.alliance_of(u.owner) == att_ally else dfn
        side[u.uid] = unit_value(state, u.uid)
    return {"space": b.space, "name": state.scenario.spaces[b.space].name, "round": state.round,
            "attacker": att_ally, "owner_before": state.owners.get(b.space), "_att": att,
            "_def": dfn}


def _battle_end(state: GameState, rec: dict[str, Any]) -> dict[str, Any]:
    att, dfn = rec.pop("_att"), rec.pop("_def")
    rec["attacker_lost"] = sum(v for uid, v in att.items() if uid not in state.units)
    rec["defender_lost"] = sum(v for uid, v in dfn.items() if uid not in state.units)
    owner = state.owners.get(rec["space"])
    rec["captured"] = owner != rec.pop("owner_before") and state.alliance_of(owner) == rec["attacker"]
    rec["value"] = state.scenario.spaces[rec["space"]].value
    # the attacker's gain: enemy value destroyed minus its own losses
    rec["swing"] = rec["defender_lost"] - rec["attacker_lost"]
    return rec


def play_recorded(scenario: Scenario, ruleset: Ruleset, seed: int, level: str = "greedy"
                  ) -> dict[str, Any]:
    """Play one game (every side at `level`) and return its record (JSON-able)."""
    state = new_game(victory.capped(scenario), ruleset, seed)   # no limit: 10 rounds
    start = _alive_by_type(state)
    bought: dict[str, dict[str, int]] = {}
    placed: dict[str, dict[str, int]] = {}
    income = {a: [v] for a, v in _income(state).items()}
    battles: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    rnd = state.round
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        action = choose_action(state, level)
        side = state.alliance_of(actor(state)) or ""
        new = apply(state, action)
        if isinstance(action, Purchase):
            _count(bought, side, action.unit, action.count)
        elif isinstance(action, Place):
            _count(placed, side, action.unit, action.count)
        if current is not None and (new.zone.battle is None or new.zone.battle.space != current["space"]):
            battles.append(_battle_end(new, current))
            current = None
        if new.zone.battle is not None and current is None:
            current = _battle_start(new)
        state = new
        if state.round != rnd and not state.over:
            rnd = state.round
            for a, v in _income(state).items():
                income[a].append(v)
    if current is not None:
        battles.append(_battle_end(state, current))
    end = _alive_by_type(state)
    lost: dict[str, dict[str, int]] = {}
    for side in set(start) | set(placed) | set(end):
        for unit in set(start.get(side, {})) | set(placed.get(side, {})) | set(end.get(side, {})):
            n = (start.get(side, {}).get(unit, 0) + placed.get(side, {}).get(unit, 0)
                 - end.get(side, {}).get(unit, 0))
            if n > 0:
                _count(lost, side, unit, n)
    winner = state.winner if state.over and state.winner != "draw" else None
    return {"seed": seed, "winner": winner, "rounds": state.round, "over": state.over,
            "bought": bought, "lost": lost, "income": income, "battles": battles,
            "actions": state.action_count}


def decisive_battle(record: dict[str, Any]) -> dict[str, Any] | None:
    """The battle that swung the most value toward the game's winner (None: a draw, or
    the winner never gained from a battle)."""
    w = record.get("winner")
    if not w:
        return None
    best, gain = None, 0.0
    for b in record["battles"]:
        g = b["swing"] if b["attacker"] == w else -b["swing"]
        g += b["value"] if b["captured"] and b["attacker"] == w else 0
        if g > gain:
            best, gain = b, g
    return None if best is None else {**best, "gain": gain}
