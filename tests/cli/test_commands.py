"""The command-line contracts of docs/architecture.md."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

MINI = str(Path(__file__).parents[1] / "fixtures" / "mini.yaml")


def run(*args, check=True):
    p = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def test_scenarios_lists_id_ruleset_title():
    lines = run("scenarios").stdout.strip().splitlines()
    assert lines
    for line in lines:
        assert len(line.split("\t")) == 3


def test_rules_json_shape():
    data = json.loads(run("rules", "g40", "--json").stdout)
    assert data["ruleset"] == "g40" and data["dice"] == 6
    unit = {u["id"]: u for u in data["units"]}["battleship"]
    assert set(unit) >= {"id", "name", "domain", "cost", "attack", "defense", "move", "hits", "abilities"}
    assert unit["hits"] == 2


def test_rules_unknown_ruleset():
    p = run("rules", "g41", check=False)
    assert p.returncode != 0 and "did you mean 'g40'" in p.stderr


def test_lint_is_clean_on_shipped_files():
    p = run("lint")
    assert " error:" not in p.stdout


def test_lint_reports_file_line_and_exits_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\ndice: 6\nunits:\n  inf: {domain: lnd, cost: 3, attack: 1, defense: 2, move: 1}\n")
    p = run("lint", str(bad), check=False)
    assert p.returncode == 1
    assert f"{bad}:4:" in p.stdout and "domain" in p.stdout


@pytest.mark.parametrize("seed", [7])
def test_selfplay_is_deterministic(seed, tmp_path):
    # greedy: on the mini map the default (standard) player fights no battle at all, so
    # its games do not depend on the seed
    lv = ("--level", "greedy")
    a = json.loads(run("selfplay", MINI, "--seed", str(seed), *lv).stdout)
    b = json.loads(run("selfplay", MINI, "--seed", str(seed), *lv, "--save", str(tmp_path / "s.json")).stdout)
    c = json.loads(run("selfplay", MINI, "--seed", str(seed + 1), *lv).stdout)
    assert a == b and a["state_hash"] != c["state_hash"]
    assert set(a) == {"winner", "turns", "state_hash"}
    r = run("replay", str(tmp_path / "s.json"), "--verify")
    assert json.loads(r.stdout)["match"] is True


def test_europe_selfplay_ends_and_is_deterministic():
    a = json.loads(run("selfplay", "europe_1941", "--seed", "7").stdout)
    b = json.loads(run("selfplay", "europe_1941", "--seed", "7").stdout)
    c = json.loads(run("selfplay", "europe_1941", "--seed", "8").stdout)
    assert a == b and a["state_hash"] != c["state_hash"]
    assert a["winner"] in ("axis", "allies") or a["turns"] == 10


def test_screenshot_writes_png(tmp_path):
    out = tmp_path / "m.png"
    run("screenshot", "europe_1941", "--out", str(out), "--size", "800x500")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    p = run("screenshot", "europe_1941", "--out", str(out), "--view", "nonsense", check=False)
    assert p.returncode != 0 and "Traceback" not in p.stderr


def test_mediterranean_interwar_selfplay_is_deterministic():
    a = json.loads(run("selfplay", "mediterranean_1940", "--seed", "7").stdout)
    b = json.loads(run("selfplay", "mediterranean_1940", "--seed", "7").stdout)
    assert a == b and (a["winner"] in ("axis", "allies") or a["turns"] == 8)


def test_interwar_odds_command_is_exact_for_support_and_first_strike():
    req = {"ruleset": "interwar", "attacker": [["infantry", 3], ["artillery", 2]],
           "defender": [["infantry", 3]], "terrain": "land"}
    p = subprocess.run([sys.executable, "-m", "game", "odds", "-"], input=json.dumps(req),
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["method"] == "exact"
    assert abs(out["attacker_wins"] + out["defender_wins"] + out["draw"] - 1) < 1e-9



def test_arena_takes_knobs_for_level_a_and_an_unknown_knob_exits_2():
    # what a knob changes in play: tests/ai/test_players.py (play_match with configs)
    out = json.loads(run("arena", MINI, "--a", "greedy", "--b", "random", "--games", "2", "--seed", "3",
                         "--knob", "attack_ratio=2.5", "--knob", "win_target=0.9").stdout)
    assert out["a_wins"] + out["b_wins"] + out["draws"] == 2
    p = run("arena", MINI, "--games", "1", "--knob", "no_such_knob=1", check=False)
    assert p.returncode == 2 and "no_such_knob" in p.stderr and "docs/ai.md" in p.stderr
    assert run("arena", MINI, "--games", "1", "--knob", "rounds", check=False).returncode == 2
