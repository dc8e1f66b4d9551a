"""tools/loss_report.py: the objectives held in won and lost games ("Stop 31" in git history of docs/ai.md)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))

import loss_report  # noqa: E402

from game import arena  # noqa: E402


def test_a_game_records_the_objectives_held_and_the_result():
    g = loss_report.one(("hex_tutorial", "axis", "random", 3))
    r = arena.play_match("hex_tutorial", {"axis": "standard", "allies": "random"}, 3)
    assert g["won"] == (r["winner"] == "axis") and g["seed"] == 3
    assert 1 <= len(g["turns"]) <= r["rounds"] and all(n >= 0 for n in g["turns"])
    assert g["end"] == sorted(g["end"])
    assert g["first"] == "none" or g["first"].split()[0] in ("AE", "AH", "AR", "BR", "EX", "HX", "DR", "DH", "DE")


def test_the_first_attack_is_the_sides_own_and_its_result_is_logged():
    # seed 3: the Germans' first attack in the game's log, as the report names it
    log: list[str] = []
    r = arena.play_match("hex_tutorial", {"axis": "standard", "allies": "random"}, 3,
                         observe=lambda st: log.__setitem__(slice(None), st.log()))
    g = loss_report.one(("hex_tutorial", "axis", "random", 3))
    first = next(line for line in log if line.startswith("Germany attacks"))
    code, target = g["first"].split(" ", 1)
    assert first.startswith(f"Germany attacks {target}:") and f": {code} (" in first
    assert g["won"] == (r["winner"] == "axis")


def test_games_are_counted_by_the_first_attacks_result():
    games = [{"won": True, "first": "DR x"}, {"won": False, "first": "DR x"}, {"won": True, "first": "none"}]
    assert loss_report.by_first_attack(games) == {"DR x": {"won": 1, "lost": 1}, "none": {"won": 1, "lost": 0}}


def test_the_report_counts_each_objective_in_won_and_lost_games():
    games = [{"won": True, "end": ["a", "b"]}, {"won": False, "end": ["a"]}, {"won": True, "end": []}]
    assert loss_report.report(games, ["a", "b", "c"]) == {
        "a": {"won": 1, "lost": 1}, "b": {"won": 1, "lost": 0}, "c": {"won": 0, "lost": 0}}


def test_the_command_prints_the_lost_games_and_the_summary(capsys):
    assert loss_report.main(["hex_tutorial", "axis", "3", "2", "--opponent", "random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "/2 won; held at the end" in out[-8]
    assert out[-7].startswith("{") and out[-6].startswith("by the first attack")
    assert out[-5].startswith("{") and out[-4].startswith("by the round of the first attack")
    assert '"Kastelli"' in out[-3] and out[-2].startswith("out of supply")
    assert out[-1].startswith('{"cut"')


def test_the_round_of_the_first_attack_on_each_objective_is_the_logs():
    # seed 3: the objectives the Germans lack at the start, each with the round of their
    # first attack on it in the game's log (0 if none); "Stop 36" in git history of docs/ai.md
    log: list[str] = []
    arena.play_match("hex_tutorial", {"axis": "standard", "allies": "random"}, 3,
                     observe=lambda st: log.__setitem__(slice(None), st.log()))
    g = loss_report.one(("hex_tutorial", "axis", "random", 3))
    assert sorted(g["first_on"]) == ["5,0", "5,2"] and g["cut"] >= 0
    names = {"5,0": "Hill airstrip", "5,2": "Kastelli"}
    for h, rnd in g["first_on"].items():
        seen, at = 0, 0
        for line in log:
            if "— Round " in line or "— Turn " in line:
                seen = int(line.split(": ")[0].split()[-1])
            if line.startswith(f"Germany attacks {names[h]}:"):
                at = seen
                break
        assert rnd == at


def test_games_are_counted_by_the_round_of_the_first_attack_and_by_supply():
    games = [{"won": True, "first_on": {"a": 2, "b": 0}, "cut": 0},
             {"won": False, "first_on": {"a": 4, "b": 0}, "cut": 3},
             {"won": True, "first_on": {"a": 2, "b": 3}, "cut": 2}]
    assert loss_report.by_round_of_first_attack(games) == {
        "a": {"2": {"won": 2, "lost": 0}, "4": {"won": 0, "lost": 1}},
        "b": {"0": {"won": 1, "lost": 1}, "3": {"won": 1, "lost": 0}}}
    assert loss_report.by_supply(games) == {"cut": {"won": 1, "lost": 1}, "supplied": {"won": 1, "lost": 0}}
