"""What ending the current phase would cost the player, said before it happens.

The UI asks for confirmation when this list is not empty; the rules decide
what the consequences are (by running the phase-end rules on a copy).
"""
from __future__ import annotations

from ..model import GameState
from . import production


def end_phase_warnings(state: GameState) -> list[str]:
    out: list[str] = []
    player = state.player
    if state.phase == "noncombat_move":
        trial = state.copy()
        production.land_aircraft(trial, player)
        lost = [state.units[uid] for uid in state.units if uid not in trial.units]
        if lost:
            names = ", ".join(f"{state.utype(u).name} in {state.scenario.spaces[u.space].name}"
                              for u in lost)
            # "cannot land" read as "has nowhere to land" when the plane only had not moved yet
            out.append(f"{len(lost)} aircraft not landed will be lost: {names}. "
                       "Move aircraft to a space where they may land first.")
    if state.phase == "place":
        left = production.unplaced(state, player)
        if left:
            what = ", ".join(f"{n} {state.ruleset.units[u].name}" for u, n in sorted(left.items()))
            out.append(f"Not placed yet: {what}. They will wait for your next turn.")
    if state.phase == "purchase" and not production.unplaced(state, player):
        cheapest = min((c for u in state.ruleset.units
                        if (c := production.unit_cost(state, u, player)) is not None), default=None)
        if cheapest is not None and state.resources[player] >= cheapest:
            out.append(f"You have bought nothing ({state.resources[player]} to spend).")
    return out
