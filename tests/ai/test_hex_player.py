"""The hex computer player (game/ai/hexplayer.py): legal, finishes games, attacks at
the best available odds."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))

from hexkit import hexgame, uid_of  # noqa: E402

from game.ai import choose_action  # noqa: E402
from game.rules.actions import Attack, EndPhase, apply  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario  # noqa: E402
from game.rules.session import Session  # noqa: E402


def test_random_and_greedy_hex_players_finish_with_legal_actions():
    sc = load_scenario("hex_tutorial")
    for level, seed in (("random", 1), ("random", 2), ("greedy", 5)):
        s = Session(sc, load_ruleset(sc.ruleset_id), seed)
        for _ in range(5000):
            if s.state.over:
                break
            s.do(choose_action(s.state, level))   # IllegalAction would fail the test
        assert s.state.over


def test_greedy_attacks_the_weaker_stack():
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_division"),
                 (3, 1, "blue", "garrison_infantry")], phase="combat")
    a = choose_action(s, "greedy")
    assert isinstance(a, Attack) and a.target == "3,1"


def test_greedy_declines_bad_odds():
    s = hexgame([(2, 2, "red", "garrison_infantry"), (3, 2, "blue", "infantry_division")], phase="combat")
    assert isinstance(choose_action(s, "greedy"), EndPhase)


def test_greedy_moves_towards_objectives():
    s = hexgame([(0, 2, "red", "infantry_brigade"), (6, 4, "blue", "infantry_brigade")],
                victory=[(4, 2)])
    u = uid_of(s, "0,2", "infantry_brigade")
    s2 = apply(s, choose_action(s, "greedy"))
    assert s2.units[u].space != "0,2"
