"""The command-line contracts on hex scenarios (europa ruleset, seed 003)."""
import json
import subprocess
import sys

import pytest


def run(*args, check=True):
    p = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def test_rules_europa_json_lists_re_and_abilities():
    data = json.loads(run("rules", "europa", "--json").stdout)
    units = {u["id"]: u for u in data["units"]}
    assert data["ruleset"] == "europa" and data["dice"] == 6
    assert units["infantry_division"]["re"] == 3
    assert {"air_droppable": {"by": ["glider"], "penalty": False}} in units["glider"]["abilities"]
    assert all("re" in u and "abilities" in u for u in data["units"])


@pytest.mark.parametrize("scenario", ["crete_1941", "hex_tutorial"])
def test_hex_selfplay_ends_is_deterministic_and_replays(scenario, tmp_path):
    a = json.loads(run("selfplay", scenario, "--seed", "3", "--save", str(tmp_path / "s.json")).stdout)
    b = json.loads(run("selfplay", scenario, "--seed", "3").stdout)
    c = json.loads(run("selfplay", scenario, "--seed", "4").stdout)
    assert a == b and a["state_hash"] != c["state_hash"]
    assert a["winner"] in ("axis", "allies")
    r = run("replay", str(tmp_path / "s.json"), "--verify")
    assert json.loads(r.stdout)["match"] is True


def test_crete_has_150_hexes_and_three_airfield_objectives():
    from game.rules.ruleset import load_ruleset, load_scenario
    sc = load_scenario("crete_1941")
    rs = load_ruleset("europa")
    assert len(sc.spaces) >= 150
    airfields = [h for h in sc.hexmap.hexes.values() if "airfield" in h.features and "Greece" not in h.name]
    assert {h.name for h in airfields} == {"Maleme airfield", "Rethymno airfield", "Heraklion airfield"}
    assert all(sc.spaces[h.id].victory_city for h in airfields)
    assert {u[2] for u in sc.start_units if u[1] == "germany"} >= {"parachute", "glider"}
    assert any(ut == "mountain_infantry" for r in sc.hexmap.reinforcements for ut, _ in r.units)
    assert {h.terrain for h in sc.hexmap.hexes.values()} >= {"clear", "rough", "mountain", "sea"}
    assert any("port" in h.features and h.name == "Suda Bay" for h in sc.hexmap.hexes.values())
    assert rs.hex is not None and sc.hexmap.air_transport["germany"].re == 3


def test_hex_screenshot_does_not_crash(tmp_path):
    out = tmp_path / "h.png"
    run("screenshot", "hex_tutorial", "--out", str(out), "--size", "800x500")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_on_the_europa_crt():
    req = json.dumps({"ruleset": "europa", "attack": 12, "defense": 4, "shifts": [[-1, "woods"]]})
    p = subprocess.run([sys.executable, "-m", "game", "odds", "-"], input=req, capture_output=True, text=True)
    out = json.loads(p.stdout)
    assert (out["odds"], out["column"]) == ("3:1", "2:1")
    assert abs(sum(out["probabilities"].values()) - 1) < 1e-9 and out["probabilities"]["DR"] == 2 / 6
    p = subprocess.run([sys.executable, "-m", "game", "odds", "-"], input='{"ruleset": "europa", "attack": 1}',
                       capture_output=True, text=True)
    assert p.returncode == 2 and "attack" in p.stderr and "Traceback" not in p.stderr
