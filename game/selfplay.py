"""Computer-vs-computer games: the `selfplay` command and tests use this."""
from __future__ import annotations

from typing import Any

from game.ai import choose_action
from game.rules import victory
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

MAX_ACTIONS = 200_000


def play_out(scenario: str, seed: int, turns: int | None = None, level: str = "standard",
             variant: str | None = None, without: tuple[str, ...] = ()
             ) -> tuple[dict[str, Any], Session]:
    """`variant`: a house-rules variant file (or shipped variant id) of the scenario's ruleset;
    `without`: game options switched off."""
    from game.rules.variant import ruleset_for
    sc = load_scenario(scenario)
    session = Session(sc, ruleset_for(sc, variant, without), seed)
    # a scenario with no turn limit (Global 1940) stops after MACHINE_ROUNDS, judged as at a
    # limit; the game itself stays unlimited, so a save of it replays and plays on
    endless = turns is None and not sc.turn_limit
    if endless:
        turns = victory.MACHINE_ROUNDS
    for _ in range(MAX_ACTIONS):
        st = session.state
        if st.over or (turns is not None and st.round > turns):
            break
        session.do(choose_action(st, level))
    st = session.state
    if endless and not st.over:
        judged = victory.limit_winner(st)
        return ({"winner": None if judged == "draw" else judged, "turns": st.round - 1,
                 "state_hash": state_hash(st)}, session)
    winner = st.winner if st.over and st.winner != "draw" else None
    rounds = st.round if st.over else st.round - 1
    return {"winner": winner, "turns": rounds, "state_hash": state_hash(st)}, session
