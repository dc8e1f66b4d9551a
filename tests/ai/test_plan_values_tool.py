"""tools/plan_values.py: a decision's candidate plans valued by rollouts and by whole games."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))

import plan_values  # noqa: E402


def test_a_position_its_candidates_and_their_values():
    state = plan_values.position("hex_tutorial", 165784, 2, "axis", "random")
    assert state.round == 2 and state.player == "germany" and state.phase == "movement"
    plans = plan_values.candidates(state)
    assert len(plans) >= 2 and [] in plans
    for random_enemy in (False, True):
        assert 0.0 <= plan_values.rollout_value(state, plans[0], 2, random_enemy) <= 1.0
    values = plan_values.continuation_values(state, plans[:1], 1, "random")
    assert len(values) == 1 and values[0] in (0.0, 0.5, 1.0)
    assert plan_values.describe([]) == "(no unit moves)"


def test_main_prints_one_line_a_plan_and_refuses_a_round_never_reached(capsys):
    assert plan_values.main(["hex_tutorial", "165784", "2", "axis", "random", "--rollouts", "1",
                             "--games", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("plan |") and len(out) >= 3
    assert plan_values.main(["hex_tutorial", "165784", "9", "axis", "random", "--games", "0"]) == 1
