"""Baseline player: a random legal action, seeded by the game, so deterministic."""
from __future__ import annotations

import random

from game.rules.actions import Action, EndPhase, legal_actions
from game.rules.model import GameState


def choose_random(state: GameState) -> Action:
    rng = random.Random(state.seed * 1_000_003 + state.action_count)
    acts = legal_actions(state)
    ends = [a for a in acts if isinstance(a, EndPhase)]
    if ends and (len(acts) == 1 or rng.random() < 0.25):
        return ends[0]
    others = [a for a in acts if not isinstance(a, EndPhase)]
    return rng.choice(others or acts)
