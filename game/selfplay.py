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
    sc = victory.capped(load_scenario(scenario))   # a scenario with no limit: 10 rounds
    session = Session(sc, ruleset_for(sc, variant, without), seed)
    for _ in range(MAX_ACTIONS):
        st = session.state
        if st.over or (turns is not None and st.round > turns):
            break
        session.do(choose_action(st, level))
    st = session.state
    winner = st.winner if st.over and st.winner != "draw" else None
    rounds = st.round if st.over else st.round - 1
    return {"winner": winner, "turns": rounds, "state_hash": state_hash(st)}, session
