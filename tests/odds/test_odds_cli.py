"""game/odds/cli.py: the `python -m game odds [FILE|-]` contract (wired by game/cli.py)."""
import io
import json
import os
import subprocess
import sys

from game.odds.cli import main

REQUEST = {"ruleset": "g40", "attacker": [["infantry", 3], ["artillery", 1]],
           "defender": [["infantry", 2]], "terrain": "land"}
KEYS = {"attacker_wins", "defender_wins", "draw", "method", "expected_rounds", "attacker_survivors",
        "defender_survivors", "attacker_cost_lost", "defender_cost_lost",
        "attacker_survivor_distribution", "seconds"}


def test_file_in_json_out(tmp_path, capsys):
    f = tmp_path / "req.json"
    f.write_text(json.dumps(REQUEST))
    assert main([str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert KEYS <= set(out)
    assert out["method"] == "exact"
    assert abs(out["attacker_wins"] + out["defender_wins"] + out["draw"] - 1) < 1e-9
    assert len(out["attacker_survivor_distribution"]) == 5


def test_stdin_and_monte_carlo(monkeypatch, capsys):
    req = dict(REQUEST, method="mc", trials=2000, seed=3)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(req)))
    assert main(["-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"] == "mc" and out["trials"] == 2000
    lo, hi = out["ci95"]["attacker_wins"]
    assert lo <= out["attacker_wins"] <= hi


def test_unknown_unit_exit_2_with_suggestion(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(dict(REQUEST, attacker=[["artilery", 1]]))))
    assert main([]) == 2
    cap = capsys.readouterr()
    assert cap.out == ""
    assert "unknown unit 'artilery'" in cap.err and "did you mean 'artillery'" in cap.err


def test_unknown_ruleset_and_bad_json(tmp_path, capsys):
    f = tmp_path / "req.json"
    f.write_text(json.dumps(dict(REQUEST, ruleset="g04")))
    assert main([str(f)]) == 2
    assert "did you mean 'g40'" in capsys.readouterr().err
    f.write_text("{not json")
    assert main([str(f)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.json")]) == 2


def test_pure_python_fallback_gives_the_same_answer():
    code = ("from game.odds import battle_odds\n"
            "r = battle_odds('g40', [('infantry', 1)], [('infantry', 1)])\n"
            "print(r.attacker_wins)\n")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert abs(float(out) - 0.25) < 1e-12
