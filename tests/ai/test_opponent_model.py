"""The rollouts' opponent model (game/ai/hex/opponent.py): a side that has made a long shot is
played out as the random player."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))

from hexkit import hexgame, settle, uid_of  # noqa: E402

from game.ai.hex import opponent
from game.ai.hex import rollout as hexrollout
from game.ai.hex import simple as hexplayer  # noqa: E402
from game.rules.actions import Attack, Move, apply  # noqa: E402
from game.rules.hex import move as hexmove  # noqa: E402


def test_long_shots_are_the_columns_where_the_defender_cannot_lose():
    # seed 003: the europa CRT; 1:4 is AE AE AE AH AR AR, 1:3 AE AE AH AR AR BR (both
    # retreat: the defender only leaves with the attacker); 1:2 has an EX on a 6
    s = hexgame()
    assert opponent.long_shot_columns(s) == {"1:4", "1:3"}


def test_defender_rolls_widens_the_long_shots_by_the_rolls_the_defender_may_lose(ai_knobs):
    # 1:2 (AE AH AR AR BR EX) costs the defender only on the 6; 1:1 (AH AR AR BR EX DR) on two
    ai_knobs(defender_rolls=1)
    assert opponent.long_shot_columns(hexgame()) == {"1:4", "1:3", "1:2"}


def _blue_attacks(attacker: str, roll: int):
    """Blue (allies) attacks red's brigade at 2,1 from 3,1 with `attacker`."""
    s = hexgame([(2, 1, "red", "infantry_brigade"), (3, 1, "blue", attacker)],
                phase="combat", player="blue", dice=(roll,))
    s = settle(apply(s, Attack("2,1", (uid_of(s, "3,1", attacker),))))
    return s


def test_an_enemy_long_shot_marks_its_side_random():
    s = _blue_attacks("garrison_infantry", 5)       # 1 against 4: 1:4
    assert any("column 1:4" in line for line in s.log())
    assert opponent.random_sides(s, "axis") == {"allies"}
    assert opponent.random_sides(s, "allies") == frozenset()   # one's own attacks never count


def test_a_sound_attack_marks_nothing():
    s = _blue_attacks("infantry_division", 5)       # 7 against 4: 3:2
    assert not any("column 1:" in line for line in s.log())
    assert opponent.random_sides(s, "axis") == frozenset()


def test_rollouts_play_a_random_side_with_the_random_player(monkeypatch):
    s = hexgame([(2, 1, "red", "infantry_brigade"), (6, 4, "blue", "garrison_infantry")],
                victory=[(3, 0)], turn_limit=3,
                victory_block="victory: {victory_cities: {axis: 1}, at_turn_limit: allies}")
    asked: list[str] = []
    played = hexplayer.random_action

    def spy(state):
        asked.append(state.player)
        return played(state)
    monkeypatch.setattr(hexplayer, "random_action", spy)
    seed = hexrollout.rollout_seed(s, 0)
    hexrollout.playout(hexrollout.start(s, [], seed), "axis", None)
    assert asked == []
    hexrollout.playout(hexrollout.start(s, [], seed), "axis", None, random_sides=frozenset({"allies"}))
    assert asked and set(asked) <= {"blue", "green"}   # the allies; red (axis) played as before


def test_the_model_follows_the_log(ai_knobs):
    # hexrollout asks the model of the decision's position; switched off, never
    s = _blue_attacks("garrison_infantry", 5)
    assert hexrollout._random_sides(s, "axis") == {"allies"}
    ai_knobs(opponent_model=False)
    assert hexrollout._random_sides(s, "axis") == frozenset()


def _three_plans():
    """Red's brigade at 2,1 (axis, to move) stays (plan A) or steps to 3,1 (B) or 1,1 (C)."""
    s = hexgame([(2, 1, "red", "infantry_brigade"), (6, 4, "blue", "garrison_infantry")],
                victory=[(3, 0)], turn_limit=3,
                victory_block="victory: {victory_cities: {axis: 1}, at_turn_limit: allies}")
    u = uid_of(s, "2,1", "infantry_brigade")
    reach = hexmove.reachable(s, (u,))
    return s, u, [[], [Move((u,), reach["3,1"])], [Move((u,), reach["1,1"])]]


def _valued(monkeypatch, u, worth):
    """Rollouts that score each plan by where the brigade ended: worth[hex] = (win rate with
    the enemy played as greedy, as random)."""
    def playout(state, alliance, seed, limit=0, random_sides=frozenset()):
        greedy, rand = worth[state.units[u].space]
        return (rand if random_sides else greedy), 10
    monkeypatch.setattr(hexrollout, "playout", playout)


def test_before_the_enemy_shows_itself_a_plan_is_worth_its_worse_model(monkeypatch, ai_knobs):
    # A wins only if the enemy plays soundly, C only if it moves at random, B either way
    # half the time: until the enemy has made a long shot the rollouts cannot tell which
    # it is, so the plan must hold against both ("Stop 39" in git history of docs/ai.md)
    s, u, plans = _three_plans()
    _valued(monkeypatch, u, {"2,1": (0.9, 0.1), "3,1": (0.5, 0.5), "1,1": (0.1, 0.9)})
    assert hexrollout.pick(s, plans) == 1
    ai_knobs(maximin=False)            # the greedy model alone
    assert hexrollout.pick(s, plans) == 0


def test_an_enemy_known_random_is_played_as_random_only(monkeypatch):
    s, u, plans = _three_plans()
    _valued(monkeypatch, u, {"2,1": (0.9, 0.1), "3,1": (0.5, 0.5), "1,1": (0.1, 0.9)})
    monkeypatch.setattr(hexrollout, "_random_sides", lambda state, alliance: frozenset({"allies"}))
    assert hexrollout.pick(s, plans) == 2


def test_on_a_large_map_the_enemy_is_played_as_greedy_alone(monkeypatch):
    # the second model doubles the rollouts: not within Crete's time (hexrollout.large)
    s, u, plans = _three_plans()
    _valued(monkeypatch, u, {"2,1": (0.9, 0.1), "3,1": (0.5, 0.5), "1,1": (0.1, 0.9)})
    monkeypatch.setattr(hexrollout, "large", lambda state: True)
    assert hexrollout.pick(s, plans) == 0
