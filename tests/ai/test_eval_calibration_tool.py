"""tools/eval_calibration.py: the evaluation's terms fitted to game outcomes (docs/ai.md)."""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))

import eval_calibration  # noqa: E402
from hexkit import hexgame  # noqa: E402


def test_the_fit_recovers_known_weights():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4000, 2))
    y = (rng.random(4000) < 1 / (1 + np.exp(-(0.5 + 2.0 * x[:, 0] - 1.0 * x[:, 1])))).astype(float)
    w, loss = eval_calibration.fit(x, y, ridge=0.0)
    assert np.allclose(w, [0.5, 2.0, -1.0], atol=0.15)
    assert loss < eval_calibration.log_loss(np.zeros(len(y)), y)


def test_components_count_objectives_and_material_for_one_side():
    s = hexgame([(2, 2, "red", "infantry_brigade"), (5, 2, "blue", "infantry_brigade", 2)],
                victory=[(2, 2), (5, 2)])
    c = eval_calibration.components(s, "axis")
    assert c["objectives"] == 1.0 and c["ours"] * 2 == c["theirs"] > 0
    assert set(eval_calibration.TERMS) <= set(c) and "score" in c


def test_the_report_names_each_rounds_worth_and_skips_one_sided_rounds():
    rng = np.random.default_rng(2)
    rows = []
    for g in range(60):
        won = float(g % 3 != 0)
        for rnd in (1, 2):
            rows.append({"objectives": won + rng.random(), "ours": 10 + rng.random(), "theirs": 10.0,
                         "risk": rng.random(), "unit_risk": rng.random(), "supply": 0.0,
                         "score": won + rng.random(), "round": rnd, "turn": 0,
                         "won": won if rnd == 1 else 1.0, "seed": g})
    lines = eval_calibration.report(rows)
    assert lines[0] == "60 games, 120 positions"
    assert len(lines) == 2 and lines[1].startswith("round 1 turn 0: 60 games") and "supply -" in lines[1]
