"""`python -m game balance`: the runner, the statistical effect of a variant, the report."""
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.balance import runner
from game.balance.report import write_report
from game.balance.runner import BalanceError, run_study
from game.balance.summary import summarize
from game.rules.errors import LoadError

ROOT = Path(__file__).parents[2]
DUEL = str(ROOT / "tests" / "fixtures" / "duel.yaml")
LEVY = str(ROOT / "tests" / "fixtures" / "variants" / "allied_levy.yaml")


@pytest.fixture(scope="module")
def levy_study():
    # Infantry at 1 for the Allies and 3 for the Axis obviously favours the Allies. With
    # the same seeds for both rule sets (common random numbers), 60 games per set are
    # enough for the paired 95% interval to exclude zero (measured: +25 points, +14 to +36).
    return run_study(DUEL, [LEVY], games=60, seed=1, level="standard", progress=False)


def test_a_variant_that_favours_one_side_moves_the_win_rate_that_way(levy_study):
    s = summarize(levy_study)
    comp = s["comparisons"][0]
    allies = comp["sides"]["allies"]
    assert allies["variant"]["p"] > allies["base"]["p"]
    assert allies["significant"] and allies["difference_ci95"][0] > 0
    assert comp["sides"]["axis"]["difference"] <= 0
    assert comp["headline"].startswith("With infantry at cost 3 for Axis, 1 for Allies (was 3), "
                                       "Blueland wins ")
    assert "more than chance" in comp["verdict"]


def test_common_random_numbers_same_seed_same_game(levy_study):
    base, var = levy_study.records
    assert [r["seed"] for r in base] == [r["seed"] for r in var] == list(range(1, 61))
    again = run_study(DUEL, [], games=3, seed=1, level="standard", progress=False)
    assert again.records[0] == base[:3]


def test_records_hold_what_the_report_needs(levy_study):
    r = levy_study.records[1][0]
    assert set(r) >= {"winner", "rounds", "bought", "lost", "income", "battles"}
    assert r["bought"]["allies"].get("infantry", 0) > 0
    assert all(len(v) >= 1 for v in r["income"].values())
    s = summarize(levy_study)
    assert s["rules"][1]["bought"]["allies"]["infantry"] > s["rules"][0]["bought"]["allies"]["infantry"]
    assert any(x["lost"] for x in s["rules"])


def test_report_renders(levy_study, tmp_path):
    page = write_report(summarize(levy_study), tmp_path / "rep", command="python -m game balance ...")
    text = page.read_text()
    assert "Blueland wins" in text and "allied_levy" in text and "95%" in text
    png = tmp_path / "rep" / "compare_allied_levy.png"
    assert f"src='{png.name}'" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000
    assert (tmp_path / "rep" / "report.json").exists()


def test_broken_variant_is_refused_before_any_game(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: g40\nunits:\n  armour: {cots: 4}\n", encoding="utf-8")
    with pytest.raises(LoadError):
        run_study(DUEL, [str(bad)], games=2, seed=1, progress=False)
    p = subprocess.run([sys.executable, "-m", "game", "balance", DUEL, "--variant", str(bad),
                        "--games", "2", "--out", str(tmp_path / "r")], capture_output=True, text=True,
                       cwd=ROOT)
    assert p.returncode == 2
    assert f"{bad}:3:12: error: units.armour: unknown field 'cots' (did you mean 'cost'?)" in p.stderr
    assert "Traceback" not in p.stderr and not (tmp_path / "r").exists()


def test_command_line_with_processes_progress_and_report(tmp_path):
    p = subprocess.run([sys.executable, "-m", "game", "balance", DUEL, "--variant", "cheap_armour",
                        "--games", "4", "--seed", "3", "--jobs", "2", "--out", str(tmp_path / "r")],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "games" not in p.stderr   # the progress bar is drawn only on a terminal (#43)
    assert "With armour at cost 4, " in p.stdout
    assert (tmp_path / "r" / "index.html").exists()
    assert (tmp_path / "r" / "compare_cheap_armour.png").exists()


def test_bad_arguments_are_refused():
    with pytest.raises(BalanceError):
        run_study(DUEL, [], games=0, seed=1, progress=False)
    with pytest.raises(BalanceError):
        run_study(DUEL, [], games=1, seed=1, level="genius", progress=False)


def test_ray_missing_gives_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(BalanceError, match=r"pip install 'warboard\[ray\]'"):
        run_study(DUEL, [], games=1, seed=1, ray_address="auto", progress=False)


def test_ray_runner_submits_every_game(monkeypatch):
    """The Ray path against a stand-in module with the same calls (Ray itself is an
    optional extra, not installed in CI)."""
    calls = {}

    class Ref:
        def __init__(self, value):
            self.value = value

    def remote(fn):
        return types.SimpleNamespace(remote=lambda spec: Ref(fn(spec)))

    def wait(pending, num_returns=1):
        return pending[:num_returns], pending[num_returns:]

    fake = types.SimpleNamespace(init=lambda **kw: calls.setdefault("init", kw), remote=remote,
                                 wait=wait, get=lambda ref: ref.value)
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(runner, "_check_reachable", lambda address: None)   # no head here
    study = run_study(DUEL, [LEVY], games=2, seed=1, ray_address="ray://head:10001", progress=False)
    assert calls["init"]["address"] == "ray://head:10001"
    assert study.where == "ray ray://head:10001"
    assert all(r and "winner" in r for rs in study.records for r in rs)
    local = run_study(DUEL, [LEVY], games=2, seed=1, progress=False)
    assert study.records == local.records
    assert runner.LEVELS == ("random", "greedy", "standard")


def test_a_game_of_the_study_replays_with_selfplay(levy_study):
    from game.selfplay import play_out
    rec = next(r for r in levy_study.records[1] if r["winner"])
    result, _ = play_out(DUEL, rec["seed"], level="standard", variant=LEVY)
    assert result["winner"] == rec["winner"] and result["turns"] == rec["rounds"]


def test_each_rule_sets_own_result_is_plotted_without_a_variant(tmp_path):
    # issue #43: "Each rule set's own result (win rates with intervals, game lengths) is
    # plotted even when no variant is given"
    study = run_study(DUEL, [], games=3, seed=1, level="random", progress=False)
    page = write_report(summarize(study), tmp_path / "rep")
    png = tmp_path / "rep" / "rules.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "src='rules.png'" in page.read_text()
