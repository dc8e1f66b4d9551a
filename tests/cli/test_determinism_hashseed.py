"""Determinism across processes (issue #47, 6): the same scenario, seed and choices give
the same game whatever Python's string hashing (PYTHONHASHSEED) is, and a save written by
one process replays exactly in another."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("sarn_gulf_2031", 3), ("mediterranean_1940", 5), ("hex_tutorial", 7), ("europe_1941", 11)]


def _run(args, hashseed):
    env = dict(os.environ, PYTHONHASHSEED=str(hashseed), SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_games_and_replays_do_not_depend_on_the_hash_seed(tmp_path):
    for scenario, seed in GAMES:
        save = tmp_path / f"{scenario}.json"
        a = _run(["selfplay", scenario, "--seed", str(seed), "--turns", "2", "--level", "greedy",
                  "--save", str(save)], 0)
        b = _run(["selfplay", scenario, "--seed", str(seed), "--turns", "2", "--level", "greedy"],
                 98765)
        assert a["state_hash"] == b["state_hash"], scenario
        replay = _run(["replay", str(save), "--verify"], 4242)
        assert replay["match"] and replay["state_hash"] == a["state_hash"], scenario
