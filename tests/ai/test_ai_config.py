"""Computer players as objects: a frozen config and their own caches (issue #42, item 4)."""
import ast
import dataclasses
import threading
from pathlib import Path

import pytest

from game.ai import AIConfig, ComputerPlayer, choose_action, default_player
from game.ai.config import DEFAULT, current, hex_config, using, zone_config
from game.ai.player import active
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session

AI = Path(__file__).resolve().parents[2] / "game" / "ai"


def test_a_config_is_frozen_and_changed_by_copies():
    cfg = AIConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.hex.rounds = 0   # type: ignore[misc]
    other = cfg.replace(rounds=0, win_target=0.9)
    assert (other.hex.rounds, other.zone.win_target) == (0, 0.9)
    assert (cfg.hex.rounds, cfg.zone.win_target) == (3, 0.8)
    with pytest.raises(TypeError):
        cfg.replace(no_such_knob=1)


def test_no_tuning_constant_is_left_in_the_ai_modules():
    # every knob is a config field: a module-level UPPER_CASE number or flag would be one
    # more thing tools could patch
    left = []
    for path in sorted(AI.glob("*.py")):
        if path.name == "config.py":
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name) and t.id.isupper() and isinstance(node.value, ast.Constant):
                        left.append(f"{path.name}:{t.id}")
    assert left == []


def test_a_player_decides_under_its_own_config_and_leaves_none_behind():
    seen = []
    player = ComputerPlayer("standard", AIConfig().replace(rounds=0))
    with player.deciding():
        seen.append(hex_config().rounds)
        assert active() is player
    assert seen == [0] and current() is DEFAULT and hex_config().rounds == 3


def test_using_a_config_reaches_the_default_players():
    with using(AIConfig().replace(attack_ratio=9.0)):
        with default_player("greedy").deciding():
            assert zone_config().attack_ratio == 9.0
    assert zone_config().attack_ratio == 1.4


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ComputerPlayer("grandmaster")


def test_each_player_keeps_its_own_plans():
    sc = load_scenario("hex_tutorial")
    s = Session(sc, load_ruleset(sc.ruleset_id), 5)
    while s.state.phase != "movement":
        s.do(choose_action(s.state, "greedy"))
    mine = ComputerPlayer("standard")
    first = mine.choose(s.state)
    assert mine.hex_plans   # the rest of the phase's plan, kept by this player
    other = ComputerPlayer("standard")
    assert not other.hex_plans
    assert other.choose(s.state) == first == choose_action(s.state)
    mine.clear()
    assert not mine.hex_plans


def test_default_players_are_per_thread():
    here = default_player("standard")
    there = []
    t = threading.Thread(target=lambda: there.append(default_player("standard")))
    t.start()
    t.join()
    assert there[0] is not here and default_player("standard") is here
