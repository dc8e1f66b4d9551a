"""Answers a rule finds once and passes on instead of finding again (replay speed): they
must be what finding them again gives, every time they are used."""
import pytest

from game.rules.actions import apply
from game.rules.zone import movement
from game.rules.zone.battle import core
from game.rules.zone.battle.steps import STEPS
from game.selfplay import play_out


def _shots(shot):
    side, shooters, immediate = shot
    return side, [(u, v) for u, v in shooters], immediate


@pytest.mark.parametrize("scenario", ["mediterranean_1940", "world_war_ii_v3_1941"])
def test_a_kept_shot_and_a_kept_base_bonus_are_what_the_rules_find_anew(scenario, monkeypatch):
    _, session = play_out(scenario, 2, turns=3, level="greedy")
    used = {"shot": 0, "bonus": 0}
    kept_shot, keep_bonus = core._kept_shot, movement.keep_base_bonus

    def checked_shot(state, b):
        got = kept_shot(state, b)
        if got is not None:
            used["shot"] += 1
            assert _shots(got) == _shots(STEPS[b.step].shooters(state, b))
        return got

    def checked_bonus(state, u, known=None):
        if known is not None and u.moved == 0 and state.utype(u).abilities:
            used["bonus"] += 1
            assert known == movement.base_bonus(state, u)
        keep_bonus(state, u, known)

    monkeypatch.setattr(core, "_kept_shot", checked_shot)
    monkeypatch.setattr(movement, "keep_base_bonus", checked_bonus)
    st = session.initial
    for a in session.actions:
        st = apply(st, a)
    assert st.units == session.state.units
    assert used["shot"] > 0 and used["bonus"] > 0
