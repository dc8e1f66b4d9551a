"""The wheel carries the game and its content (issue #42, "Content in the wheel")."""
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_game_is_in_the_wheel():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    packages = set(conf["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert found <= packages, f"add to pyproject's packages: {sorted(found - packages)}"
    assert conf["package-dir"]["game.content"] == "scenarios"
    assert {"game.content", "game.content.rulesets", "game.content.variants", "game.content.parsed"} <= packages
    # issue #45: the shipped parsed-YAML cache travels with the files it is parsed from
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "game.content.parsed"] == ["*.json"]


def test_the_checkout_reads_its_scenarios_folder():
    from game.rules.ruleset import RULESET_DIR, SCENARIO_DIR
    assert SCENARIO_DIR == ROOT / "scenarios" and (RULESET_DIR / "interwar.yaml").is_file()


@pytest.mark.slow
def test_an_installed_wheel_runs_from_another_folder(tmp_path):
    # `pip wheel .` then the wheel alone (no checkout on the path): the commands find the
    # scenarios, rulesets and variants it carries
    wheels, target, cwd = tmp_path / "w", tmp_path / "site", tmp_path / "elsewhere"
    cwd.mkdir()
    pip = [sys.executable, "-m", "pip", "-q"]
    subprocess.run(pip + ["wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True)
    whl = next(wheels.glob("warboard-*.whl"))
    subprocess.run(pip + ["install", "--no-deps", "--target", str(target), str(whl)], check=True)
    env = dict(os.environ, PYTHONPATH=str(target), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"))

    def run(*args, stdin=None):
        p = subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=env, input=stdin,
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr
        return p.stdout

    where = subprocess.run([sys.executable, "-c", "import game; print(game.__file__)"], cwd=cwd,
                           env=env, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(target))
    # issue #45: with the parsed form of every big shipped file (a first start parses none)
    assert len(list((target / "game" / "content" / "parsed").glob("*.json"))) >= 8
    assert "mediterranean_1940\tinterwar" in run("scenarios")
    assert "Infantry" in run("rules", "interwar") or "infantry" in run("rules", "interwar")
    odds = json.loads(run("odds", "-", stdin='{"ruleset": "interwar", "attacker": [["infantry", 3]],'
                                           ' "defender": [["infantry", 2]]}'))
    assert odds["method"] == "exact"
    assert ": error:" not in run("lint")   # exit 0: no errors (warnings are the seed notes)
    assert json.loads(run("selfplay", "hex_tutorial", "--seed", "1", "--level", "greedy").splitlines()[-1])["winner"]
    run("screenshot", "mediterranean_1940", "--out", str(cwd / "shot.png"))
    assert (cwd / "shot.png").stat().st_size > 10_000
    # the README's script on the installed wheel (#42: "a ten-line script ... on the
    # installed wheel too")
    import re
    block = re.search(r"## Scripting.*?```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    p = subprocess.run([sys.executable, "-c", block], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0 and p.stdout.startswith("winner: "), p.stderr
