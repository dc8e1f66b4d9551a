"""Victory and the passing of turns, the same on both kinds of map: victory cities,
enemy capitals, the turn limit, the next player, the end of the game."""
from __future__ import annotations

from . import grammar
from .model import GameState


def victory_cities(state: GameState) -> dict[str, int]:
    counts = {a: 0 for a in state.scenario.alliances}
    for s, sp in state.scenario.spaces.items():
        if sp.victory_city and state.owners.get(s) is not None:
            a = state.alliance_of(state.owners[s])
            if a is not None:
                counts[a] += 1
    return counts


def capitals_winner(state: GameState) -> str | None:
    """An alliance that holds every enemy capital wins at once."""
    for ally in state.scenario.alliances:
        caps = [p.capital for p in state.scenario.players if p.alliance != ally and p.capital]
        if caps and all(state.alliance_of(state.owners.get(c)) == ally for c in caps):
            return ally
    return None


def conditions_winner(state: GameState) -> str | None:
    """The alliance whose `victory.conditions` are all met (G40: TripleA's victory
    triggers), each from its condition's `player`, else the alliance's first player."""
    from . import objectives
    for ally, conds in state.scenario.victory_conditions.items():
        pov = next((p.id for p in state.scenario.players if p.alliance == ally), "")
        if conds and all(objectives.times(state, c, pov) for c in conds):
            return ally
    return None


def round_end_winner(state: GameState) -> str | None:
    won = conditions_winner(state)
    if won is not None:
        return won
    counts = victory_cities(state)
    for ally, need in state.scenario.victory_cities.items():
        if counts.get(ally, 0) >= need:
            return ally
    return None


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
        if state.round >= state.scenario.turn_limit:
            finish_game(state, limit_winner(state), "turn limit reached")
            return False
        state.round += 1
        state.player_idx = 0
    else:
        state.player_idx += 1
    return True


def finish_game(state: GameState, winner: str, why: str) -> None:
    state.over = True
    state.winner = winner
    if winner == "draw":
        state.add_log(f"Game over ({why}): a draw.")
    else:
        state.add_log(f"Game over: {grammar.says(winner.title(), 'wins')} ({why}).")
