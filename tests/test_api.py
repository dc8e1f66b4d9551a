"""The public API (game.api, issue #42 item 5): the README's script plays a game to its
end; a game is its scenario, seed and actions."""
import re
from pathlib import Path

import pytest

from game import api
from game.rules.actions import EndPhase

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_script_plays_a_game_to_its_end(tmp_path, monkeypatch, capsys):
    block = re.search(r"## Scripting.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    assert len(block.strip().splitlines()) <= 12
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("winner: ") and (tmp_path / "mediterranean.json").is_file()


def test_same_scenario_seed_and_actions_same_game():
    a = api.new_game("hex_tutorial", seed=3)
    while not a.over:
        a.play(a.computer_move("greedy"))
    b = api.new_game("hex_tutorial", seed=3)
    for action in a.actions:
        b.play(action)
    assert b.over and b.winner == a.winner and b.state_hash() == a.state_hash()


def test_an_illegal_action_is_explained_and_changes_nothing():
    game = api.new_game("mediterranean_1940", seed=1)
    before = game.state_hash()
    with pytest.raises(api.IllegalAction) as exc:
        game.play(api.action_from_json({"kind": "purchase", "unit": "no_such_unit", "count": 1}))
    assert str(exc.value) and game.state_hash() == before and game.actions == ()
    assert EndPhase() in game.legal_actions()


def test_scenarios_and_rules_load_by_id_with_errors_named():
    ids = {s.id: s for s in api.scenarios()}
    assert {"mediterranean_1940", "crete_1941", "sarn_gulf_2031"} <= set(ids)
    sc, rs = api.load_rules("mediterranean_1940", without=["supply"])
    assert sc.id == "mediterranean_1940" and rs.id == "interwar"
    with pytest.raises(api.LoadError, match="no scenario 'atlantis'"):
        api.new_game("atlantis")
