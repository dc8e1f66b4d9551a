"""`python -m game history SAVE [--json]` and `screenshot SAVE --at N` (issue #43 item 2)."""
import json

import pytest

from game import api
from game.cli import main


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    game = api.new_game("mediterranean_1940", seed=1)
    while game.round < 2 and not game.over:
        game.play(game.computer_move("greedy"))
    path = tmp_path_factory.mktemp("h") / "med.json"
    game.save(path)
    return path, game


def test_the_tree_has_rounds_turns_phases_battles_with_dice(saved, capsys):
    path, game = saved
    assert main(["history", str(path), "--json"]) == 0
    tree = json.loads(capsys.readouterr().out)
    rnd = tree["children"][0]
    assert rnd["label"] == "Round 1" and rnd["children"][0]["label"] == "Germany"
    phases = [p["label"] for p in rnd["children"][0]["children"]]
    assert phases[:3] == ["purchase", "combat move", "conduct combat"]
    battles = [b for p in rnd["children"][0]["children"] for b in p.get("children", [])
               if b["kind"] == "battle"]
    assert battles and battles[0]["label"].startswith("Battle in ")
    steps = [line for s in battles[0]["children"] for line in s.get("lines", [])]
    assert any("fires:" in x for x in steps) and any("loses:" in x for x in steps)
    # every action appears once, in order, and its `at` is the position after it
    ats = []

    def walk(n):
        if n["kind"] == "action":
            ats.append(n["at"])
        for c in n.get("children", []):
            walk(c)
    walk(tree)
    assert ats == list(range(1, len(game.actions) + 1))


def test_text_form_and_a_position_in_the_past(saved, capsys, tmp_path):
    path, game = saved
    assert main(["history", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[1].strip() == "Round 1" and "[1]" in text
    tree = api.load_game(path).history()
    battle = next(n for r in tree.children for t in r.children for p in t.children for n in p.children
                  if n.kind == "battle")
    past = api.load_game(path).position(battle.at)
    assert past.round == 1 and past.phase == "conduct_combat" and past.zone.battle is None
    out = tmp_path / "past.png"
    assert main(["screenshot", str(path), "--at", str(battle.at + 1), "--out", str(out)]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_bad_positions_and_files_are_refused(saved, tmp_path, capsys):
    path, game = saved
    assert main(["screenshot", str(path), "--at", str(len(game.actions) + 1),
                 "--out", str(tmp_path / "x.png")]) == 2
    assert f"the game has {len(game.actions)} actions" in capsys.readouterr().err
    assert main(["screenshot", "mediterranean_1940", "--at", "3", "--out", str(tmp_path / "x.png")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["history", str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err


def test_a_hex_game_has_its_history_too(tmp_path):
    game = api.new_game("hex_tutorial", seed=2)
    while not game.over:
        game.play(game.computer_move("greedy"))
    tree = game.history()
    assert [r.label for r in tree.children][:2] == ["Round 1", "Round 2"]
    assert any("attack" in a.label.lower() or "combat" in p.label
               for r in tree.children for t in r.children for p in t.children for a in p.children)
