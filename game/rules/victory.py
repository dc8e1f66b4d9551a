"""Victory and the passing of turns, the same on both kinds of map: victory cities,
enemy capitals, the scenario's own victory conditions, the turn limit, the next player,
the end of the game.

A scenario may say how each alliance wins (Global 1940: TripleA's victory triggers,
ww2global40_2nd_edition.xml triggerAttachmentAxisVictory1 / AlliedVictory1):

    victory:
      conditions:
        - alliance: axis
          name: Axis victory
          player: germans          # the conditions' point of view (default: the
                                   # alliance's first player)
          hold: round              # held until every other player has had a turn
          when:                    # the national objectives grammar (objectives.py)
            - any:
                - {owned: [united_kingdom, russia, ...], of: allied, count: 8}
                - {owned: [western_united_states, ...], of: allied, count: 6}
            - {owned: [germany, southern_italy, japan], of: allied, count: 1}

Such conditions are checked at the end of every turn, on both kinds of map, and replace
the capitals rule (an alliance holding every enemy capital wins at once); `victory_cities`
and the turn limit still apply.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import grammar
from .model import GameState, PlayerDef, Scenario, VictoryCondition


def parse(vnode: Any, players: list[PlayerDef], alliances: list[str], conditions: Any,
          chk: Any) -> tuple[VictoryCondition, ...]:
    """The scenario's `victory.conditions` (conditions: the objectives grammar's parser)."""
    node = chk.get(vnode, "conditions", list, "victory", default=[]) if vnode is not None else []
    out: list[VictoryCondition] = []
    for i, c in enumerate(node or []):
        w = f"victory.conditions[{i}]"
        if not isinstance(c, dict):
            chk.error(node, i, f"{w}: expected {{alliance, name, player, hold, when}}")
            continue
        chk.unknown_keys(c, ("alliance", "name", "player", "hold", "when"), w)
        ally = chk.get(c, "alliance", str, w)
        if ally not in alliances:
            chk.error(c, "alliance", f"{w}.alliance: unknown alliance '{ally}'")
            continue
        player = chk.get(c, "player", str, w, default=None, allow_none=True)
        members = [p.id for p in players if p.alliance == ally]
        if player is None:
            player = members[0]
        elif player not in [p.id for p in players]:
            chk.error(c, "player", f"{w}.player: unknown player '{player}'")
            continue
        hold = chk.get(c, "hold", str, w, default="turn")
        if hold not in ("turn", "round"):
            chk.error(c, "hold", f"{w}.hold: 'turn' (won when met at the end of a turn) or "
                      f"'round' (held for a complete round)")
        when = conditions(c, "when", w)
        if not when:
            chk.error(c, "when", f"{w}.when: expected at least one condition")
            continue
        name = str(chk.get(c, "name", str, w, default="") or f"{ally.title()} victory")
        out.append(VictoryCondition(alliance=ally, name=name, player=player, when=when,
                                    hold_round=hold == "round"))
    return tuple(out)


def victory_cities(state: GameState) -> dict[str, int]:
    counts = {a: 0 for a in state.scenario.alliances}
    for s, sp in state.scenario.spaces.items():
        if sp.victory_city and state.owners.get(s) is not None:
            a = state.alliance_of(state.owners[s])
            if a is not None:
                counts[a] += 1
    return counts


def standing_in_words(state: GameState) -> list[str]:
    """How each side stands towards victory, for the side panel: the victory cities each
    alliance that takes turns holds, the number that wins (scenario `victory_cities`),
    and each of the scenario's victory conditions with whether it holds now."""
    from . import objectives
    sc = state.scenario
    counts = victory_cities(state)
    lines = [f"{a.replace('_', ' ').title()}: {counts.get(a, 0)} victory cities"
             + (f" (wins with {sc.victory_cities[a]})" if sc.victory_cities.get(a) else "")
             for a in sc.turn_alliances]
    for vc in sc.victory_conditions:
        lines.append(f"{vc.name}: {'holds now' if met(state, vc) else 'not met'}"
                     + (" (must hold for a complete round)" if vc.hold_round else ""))
        lines += [f"    {objectives.describe(c, sc, vc.player)}" for c in vc.when]
    return lines


def capitals_winner(state: GameState) -> str | None:
    """An alliance that holds every enemy capital wins at once (unless the scenario has
    its own victory conditions)."""
    if state.scenario.victory_conditions:
        return None
    for ally in state.scenario.alliances:
        caps = [p.capital for p in state.scenario.players if p.alliance != ally and p.capital]
        if caps and all(state.alliance_of(state.owners.get(c)) == ally for c in caps):
            return ally
    return None


def round_end_winner(state: GameState) -> str | None:
    counts = victory_cities(state)
    for ally, need in state.scenario.victory_cities.items():
        if counts.get(ally, 0) >= need:
            return ally
    return None


def met(state: GameState, vc: VictoryCondition) -> bool:
    """Does every condition of `vc` hold now (not counting `hold_round`)?"""
    from . import objectives
    return all(objectives.times(state, c, vc.player) for c in vc.when)


def condition_winner(state: GameState) -> VictoryCondition | None:
    """The scenario's victory condition that wins now, checked at the end of each turn
    (the current player's): one met now, or with `hold_round` met at the end of every
    turn since every other player last had its turn. Remembers when each was first met
    (`state.victory_held`) and forgets a condition no longer met."""
    n = len(state.scenario.players)
    now = state.round * n + state.player_idx
    held = dict(state.victory_held)
    won = None
    for vc in state.scenario.victory_conditions:
        key = f"{vc.alliance}|{vc.name}"
        if not met(state, vc):
            held.pop(key, None)
            continue
        since = held.setdefault(key, now)
        if won is None and (not vc.hold_round or now - since >= n - 1):
            won = vc
    if held != state.victory_held:
        state.victory_held = held
    return won


def conditions_result(state: GameState) -> tuple[str, str] | None:
    """(winning alliance, why) by the scenario's victory conditions at the end of this
    turn, or None; both families call it as a player's turn ends."""
    won = condition_winner(state) if state.scenario.victory_conditions else None
    if won is None:
        return None
    return won.alliance, won.name + (", held for a complete round" if won.hold_round else "")


def limit_winner(state: GameState) -> str:
    if state.scenario.at_turn_limit == "draw":
        return "draw"
    if state.scenario.at_turn_limit in state.scenario.alliances:  # e.g. the defender holds out
        return state.scenario.at_turn_limit
    counts = victory_cities(state)
    best = max(counts.values())
    leaders = [a for a, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else "draw"


def next_player(state: GameState, last: bool) -> bool:
    """Play passes to the next player; after the `last` one a new round begins, unless
    the turn limit is reached: then the game ends and this returns False."""
    if last:
        if state.scenario.turn_limit and state.round >= state.scenario.turn_limit:
            finish_game(state, limit_winner(state), "turn limit reached")
            return False
        state.round += 1
        state.player_idx = 0
    else:
        state.player_idx += 1
    return True


MACHINE_ROUNDS = 10   # the rounds a computer-only game of a scenario with no limit lasts


def capped(scenario: Scenario, rounds: int = MACHINE_ROUNDS) -> Scenario:
    """The scenario with a turn limit, for games of computer players only that are not
    saved (arena, balance runs; the players know the horizon): a scenario with none (the
    board game's Global 1940) ends after `rounds` and is judged as at any turn limit
    (`victory.at_turn_limit`). selfplay stops such a game after `rounds` instead, so
    that its save stays a game of the scenario as written."""
    return scenario if scenario.turn_limit else replace(scenario, turn_limit=rounds)


def finish_game(state: GameState, winner: str, why: str) -> None:
    state.over = True
    state.winner = winner
    if winner == "draw":
        state.add_log(f"Game over ({why}): a draw.")
    else:
        state.add_log(f"Game over: {grammar.says(winner.title(), 'wins')} ({why}).")
