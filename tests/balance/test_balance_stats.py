"""Balance statistics and the sentences that explain a change to a player."""
import math
from dataclasses import replace

import pytest

from game.balance import explain
from game.balance.stats import mean_of, paired_difference, significant, wilson
from game.rules.ruleset import load_ruleset


def test_wilson_interval_matches_the_textbook_value():
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and 0.15 < wilson(0, 20)[1] < 0.17
    assert wilson(0, 0) == (0.0, 1.0)


def test_paired_difference_of_win_rates():
    base = [True] * 5 + [False] * 15
    var = [True] * 15 + [False] * 5
    d = paired_difference(var, base)
    assert d.mean == pytest.approx(0.5) and significant(d)
    lo, hi = d.ci
    assert 0.25 < lo < 0.5 < hi < 0.75
    same = paired_difference(base, base)
    assert same.mean == 0 and not significant(same)
    with pytest.raises(ValueError):
        paired_difference([True], [])


def test_mean_interval():
    m = mean_of([1.0, 2.0, 3.0, 4.0])
    assert m.mean == 2.5 and m.sd == pytest.approx(math.sqrt(5 / 3))
    assert mean_of([]).n == 0


def test_winrate_sentence_reads_like_the_issue():
    s = explain.winrate_sentence("with heavy armor at cost 10", "Germany", 0.58, 0.04, 0.49, 0.04)
    assert s == "With heavy armor at cost 10, Germany wins 58% ± 4% instead of 49% ± 4%."


def test_change_phrase_names_what_the_variant_changes():
    base = load_ruleset("interwar")
    heavy = base.units["heavy_armor"]
    var = replace(base, variant="heavy", units={**base.units, "heavy_armor": replace(heavy, cost=10)})
    assert explain.change_phrase(base, var) == "with heavy armor at cost 10"
    var2 = replace(var, units={**var.units, "infantry": replace(base.units["infantry"], attack=3,
                                                                 abilities=())})
    changes = explain.unit_changes(base, var2)
    assert "infantry at attack 3 (was 2), without supported by" in changes
    assert explain.change_phrase(base, base) == "with the published rules"


def test_change_phrase_names_supplied_rules_switched_off():
    # a variant may switch the supplied interwar rules off (docs/balance.md)
    base = load_ruleset("interwar")
    var = replace(base, variant="no_supply", supply=None, tracks=None)
    assert explain.change_phrase(base, var) == "with no supply lines and no desert tracks"


def test_side_name_is_the_only_player_or_the_alliance():
    from game.rules.ruleset import load_scenario
    sc = load_scenario("europe_1941")
    assert explain.side_name(sc, "axis") == "the Axis"
    assert explain.wins("the Allies") == "the Allies win" and explain.wins("Germany") == "Germany wins"
    s = explain.winrate_sentence("with x", "the Allies", 0.5, 0.1, 0.4, 0.1)
    assert s == "With x, the Allies win 50% ± 10% instead of 40% ± 10%."


def test_battle_sentence_for_the_calculator():
    s = explain.battle_sentence("with armour at cost 4", 0.623, 0.551)
    assert s == "With armour at cost 4, the attacker wins 62.3% instead of 55.1% (+7.2 points)."
    s = explain.battle_sentence("with x", 0.5, 0.5, m_new=0.01, swing_new=2.0, swing_old=-1.0)
    assert "50.0% ± 1.0" in s and "(the same)" in s
    assert s.endswith("The attacker's expected value swing is +2.0 instead of -1.0.")


def test_balance_core_needs_no_pygame_and_loads_matplotlib_only_for_charts():
    import subprocess
    import sys
    code = ("import sys\n"
            "import game.balance.runner, game.balance.summary, game.balance.explain, "
            "game.balance.report, game.rules.variant\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
            "assert 'matplotlib' not in sys.modules, 'matplotlib was imported'\n"
            "assert 'ray' not in sys.modules, 'ray was imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_paired_difference_interval_stays_within_possible_values():
    # QA: 6 paired games, 3 flipped to a win: the normal approximation gave
    # "+50 points (95% interval -17 to +117)"; a win-rate change lies in [-100, +100]
    d = paired_difference([True, True, True, True, False, True], [False, False, False, False, True, True])
    lo, hi = d.ci
    assert -1.0 <= lo < 0 < d.mean < hi <= 1.0
    assert hi == 1.0


def test_wilson_keeps_the_rate_inside_its_interval_at_the_extremes():
    # all games won by one side: a bound computed past p by rounding broke the report's
    # error bars (matplotlib refuses negative lengths)
    from game.balance.stats import wilson
    for n in range(1, 80):
        for k in (0, n):
            lo, hi = wilson(k, n)
            assert lo <= k / n <= hi


def test_three_paired_wins_of_four_games_are_within_chance():
    # issue #43: the exact McNemar test on the discordant pairs; 3 of 3 discordant pairs one
    # way is p = 2 * (1/2)^3 = 0.25, "within chance" (the normal interval said otherwise)
    from game.balance.stats import discordant, mcnemar_exact
    variant, base = [True, True, True, False], [False, False, False, False]
    assert discordant(variant, base) == (3, 0)
    assert mcnemar_exact(3, 0) == pytest.approx(0.25)
    assert mcnemar_exact(0, 0) == 1.0 and mcnemar_exact(2, 2) == 1.0
    assert mcnemar_exact(6, 0) == pytest.approx(2 / 64) and mcnemar_exact(6, 0) < 0.05   # 6 of 6
    assert mcnemar_exact(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)   # 0.109


def test_a_four_game_comparison_never_claims_more_than_chance():
    from game.balance import explain
    from game.balance.stats import mcnemar_exact
    diff = paired_difference([True, True, True, False], [False, False, False, False])
    lo, hi = diff.ci
    assert lo > 0   # the normal interval alone would have said "more than chance"
    text = explain.difference_sentence("Blueland", diff.mean, lo, hi, diff.n, mcnemar_exact(3, 0))
    assert "within chance" in text and "p = 0.25" in text


def test_ray_fails_within_seconds_when_no_head_answers(monkeypatch):
    # issue #43: `balance --ray ADDRESS` waited for minutes on an address nobody answers
    import time

    from game.balance import runner
    monkeypatch.setattr(runner, "_ray_module", lambda: object())   # Ray "installed"
    t = time.monotonic()
    with pytest.raises(runner.BalanceError, match="no Ray head answers there"):
        runner.run_study("tests/fixtures/duel.yaml", [], games=1, seed=1, ray_address="127.0.0.1:9")
    assert time.monotonic() - t < 30
    with pytest.raises(runner.BalanceError, match="HOST:PORT"):
        runner.run_study("tests/fixtures/duel.yaml", [], games=1, seed=1, ray_address="nowhere")


def test_the_progress_bar_is_drawn_only_on_a_terminal(monkeypatch, capsys):
    from game.balance import runner
    runner.run_study("tests/fixtures/duel.yaml", [], games=1, seed=1, level="random")
    assert "balance [" not in capsys.readouterr().err   # pytest's stderr is no terminal


def test_the_bar_itself_draws_done_and_total():
    import io

    from game.balance.runner import Progress
    out = io.StringIO()
    bar = Progress(4, stream=out)
    for _ in range(4):
        bar.step()
    bar.close()
    assert "4/4 games" in out.getvalue()


def test_no_interval_is_quoted_when_every_pair_moved_the_same_way():
    # a new user's walk-through: "+100 points (95% interval +100 to +100) ... is within chance"
    from game.balance import explain
    from game.balance.stats import mcnemar_exact
    diff = paired_difference([True] * 4, [False] * 4)
    lo, hi = diff.ci
    text = explain.difference_sentence("the Allies", diff.mean, lo, hi, diff.n, mcnemar_exact(4, 0))
    assert "interval" not in text and "+100 points over 4 paired games" in text and "within chance" in text


def test_ray_workers_get_the_package_when_installed_and_the_checkout_otherwise(tmp_path):
    # issue #43 item 4: `balance --ray` from an installed package (no checkout to ship)
    from pathlib import Path

    from game.balance import runner
    installed = tmp_path / "site" / "game"
    (installed / "content" / "rulesets").mkdir(parents=True)
    env = runner.ray_runtime_env(installed)
    assert env["py_modules"] == [str(installed)] and "working_dir" not in env
    checkout = runner.ray_runtime_env()     # this source tree: game/ beside scenarios/
    assert checkout["working_dir"] == str(Path(runner.__file__).resolve().parents[2])
