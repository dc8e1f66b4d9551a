"""Victory conditions as scenario data (`victory.conditions`, game/rules/victory.py):
Global 1940 2nd edition, "Victory Conditions" (the rulebook and the game notes of
ww2global40_2nd_edition.xml: "a side must maintain it for a complete round of play"),
encoded by TripleA as the victory triggers triggerAttachmentAxisVictory1 and
triggerAttachmentAlliedVictory1. Red (axis) plays against Blue and Green on the mini map."""
import re

import pytest

from game.rules.actions import EndPhase, apply
from game.rules.errors import LoadError
from game.rules.model import ObjectiveCondition, VictoryCondition
from game.rules.ruleset import load_scenario_file
from tests.conftest import FIXTURES

# "8 of the Europe victory cities ... where at least one is an Axis capital", in small:
# the Axis (seen from Red) hold Middle and Beta Minor, and one of their own capitals
HOLD = (ObjectiveCondition(kind="owned", spaces=("m", "b2"), of=("allied",), count=2),
        ObjectiveCondition(kind="owned", spaces=("a1",), of=("allied",), count=1))
AXIS_ROUND = VictoryCondition("axis", "Axis victory", "red", HOLD, hold_round=True)
UNITS = [("a1", "red", "infantry", 1), ("b1", "blue", "infantry", 1), ("c", "green", "infantry", 1)]


def _end_turn(s):
    who = s.player
    while s.player == who and not s.over:
        s = apply(s, EndPhase())
    return s


def _red_holds_the_cities(mini, vc=AXIS_ROUND):
    s = mini(UNITS, phase="collect_income", player="red", victory_conditions=(vc,))
    s.owners.update(m="red", b2="red")
    return s


def test_the_axis_win_after_holding_their_cities_for_a_complete_round(mini):
    # G40 rulebook: the victory cities must be held "for a complete round of play": the
    # Axis, having taken them in Red's turn, win when Blue and Green have had their turns
    s = _end_turn(_red_holds_the_cities(mini))
    assert not s.over and s.player == "blue" and s.victory_held == {"axis|Axis victory": 3}
    s = _end_turn(s)
    assert not s.over and s.player == "green"
    s = _end_turn(s)
    assert s.over and s.winner == "axis"
    assert "Axis victory, held for a complete round" in s.log(1)[0]


def test_a_victory_city_retaken_within_the_round_stops_the_count(mini):
    s = _end_turn(_red_holds_the_cities(mini))
    s.owners["b2"] = "blue"                 # Blue takes Beta Minor back in its turn
    s = _end_turn(s)
    assert s.victory_held == {}
    s.owners["b2"] = "red"                  # held again at the end of Green's turn:
    s = _end_turn(s)                        # the round starts over
    assert not s.over and s.player == "red"
    s = _end_turn(s)                        # Red's turn: not yet
    assert not s.over
    s = _end_turn(s)                        # and Blue's: every other player has had a turn
    assert s.over and s.winner == "axis"


def test_without_hold_the_condition_wins_at_the_end_of_the_turn(mini):
    s = _end_turn(_red_holds_the_cities(mini, VictoryCondition("axis", "Quick", "red", HOLD)))
    assert s.over and s.winner == "axis"


def test_the_own_capital_clause(mini):
    # "... where at least one is Rome/Berlin/Japan" (an Axis capital held)
    s = _red_holds_the_cities(mini)
    s.owners["a1"] = "blue"
    for _ in range(3):
        s = _end_turn(s)
    assert not s.over and s.victory_held == {}


def test_conditions_replace_the_capitals_rule(mini):
    # the rulebook's Allies win on Berlin, Rome and Tokyo held for a round, not at once on
    # every enemy capital: with conditions, holding every enemy capital is no victory
    s = mini(UNITS, phase="collect_income", player="red", victory_conditions=(AXIS_ROUND,))
    s.owners.update(b1="red", c="red")
    s = _end_turn(s)
    assert not s.over
    s = mini(UNITS, phase="collect_income", player="red")   # as before without them
    s.owners.update(b1="red", c="red")
    s = _end_turn(s)
    assert s.over and s.winner == "axis"


def test_victory_conditions_are_read_and_checked(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    extra = ("  conditions:\n"
             "    - alliance: axis\n      name: Axis victory\n      player: red\n      hold: round\n"
             "      when:\n        - {owned: [m, b2], of: allied, count: 2}\n"
             "        - {owned: [a1], of: allied, count: 1}\n")
    p = tmp_path / "v.yaml"
    p.write_text(text.replace("  at_turn_limit: victory_cities\n",
                              "  at_turn_limit: victory_cities\n" + extra))
    sc, _ = load_scenario_file(p)
    assert sc.victory_conditions == (AXIS_ROUND,)
    p.write_text(text.replace("  at_turn_limit: victory_cities\n", "  at_turn_limit: victory_cities\n"
                              + extra.replace("alliance: axis", "alliance: reds")))
    with pytest.raises(LoadError, match="unknown alliance 'reds'"):
        load_scenario_file(p)


@pytest.mark.parametrize("taken, winner", [
    ((), "allies"),                                   # France alone: the Axis fell short
    (("novgorod", "egypt", "kwangtung", "philippines"), "axis"),   # 10 of the 19
])
def test_global_1940_at_the_turn_limit_the_side_with_more_victory_cities_wins(taken, winner):
    # TripleA has no turn limit; ours (10 rounds) goes to the alliance holding more of
    # the 19 victory cities, as TripleA's own victory-city victories count them (one
    # number for both sides, not cities gained since the start): the Axis, who start
    # with 5, must hold 10, about what their victory condition asks (8 of the 11
    # European cities or 6 of the 8 Pacific ones: with their cities on the other map,
    # 10 or 9 in all), before the Allies' economy tells. Counting gains instead gave the Axis every game for Paris, taken in the
    # first turn (docs/interpretations.md, Global 1940: "The turn limit")
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    from game.rules.victory import capped
    sc = capped(load_scenario("world_war_ii_global_1940"))    # the computer-only games' end
    s = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    s.round, s.player_idx = sc.turn_limit, len(sc.players) - 1
    s.phase_idx = s.ruleset.phases.index("collect_income")
    for space in ("france",) + taken:
        s.owners[space] = "italians"
    s = _end_turn(s)
    assert s.over and s.winner == winner and "turn limit reached" in s.log(1)[0]


def _last_turn_of_round(sc, rnd):
    from game.rules.ruleset import load_ruleset
    from game.rules.session import Session
    s = Session(sc, load_ruleset(sc.ruleset_id), 1).state
    s.round, s.player_idx = rnd, len(sc.players) - 1
    s.phase_idx = s.ruleset.phases.index("collect_income")
    return s


def test_global_1940_has_no_turn_limit():
    # TripleA's ww2global40_2nd_edition.xml has no turn limit and the rulebook plays until an
    # alliance's victory conditions hold: round 10 ends and round 11 begins
    from game.rules.ruleset import load_scenario
    sc = load_scenario("world_war_ii_global_1940")
    assert sc.turn_limit == 0
    s = _end_turn(_last_turn_of_round(sc, 10))
    assert not s.over and s.round == 11 and s.player_idx == 0


def test_computer_only_games_of_a_scenario_with_no_limit_end_after_round_10():
    from game.rules.ruleset import load_scenario
    from game.rules.victory import MACHINE_ROUNDS, capped
    sc = load_scenario("world_war_ii_global_1940")
    assert capped(sc).turn_limit == MACHINE_ROUNDS == 10
    assert capped(capped(sc, 4)) == capped(sc, 4)          # a limit it has is kept
    s = _end_turn(_last_turn_of_round(capped(sc), 10))
    assert s.over and "turn limit reached" in s.log(1)[0]


def test_turn_limit_none_needs_victory_conditions(tmp_path):
    # a game with no limit and nothing else to end it would never end: refused
    text = (FIXTURES / "mini.yaml").read_text(encoding="utf-8")
    assert "turn_limit: " in text
    p = tmp_path / "endless.yaml"
    p.write_text(re.sub(r"(?m)^turn_limit: .*$", "turn_limit: none", text), encoding="utf-8")
    with pytest.raises(LoadError, match="turn_limit: none, but the scenario has no victory.conditions"):
        load_scenario_file(p)


def test_selfplay_of_a_game_with_no_limit_stops_and_judges_it_and_its_save_plays_on(tmp_path, monkeypatch):
    # a computer-only game of a scenario with no turn limit stops after victory.MACHINE_ROUNDS
    # and is judged as at a limit (docs/interpretations.md, Global 1940: "No turn limit");
    # the game itself is unlimited, so its save replays to a game in progress
    from game.io.saves import load_session, write_save
    from game.rules import victory
    from game.selfplay import play_out
    text = (FIXTURES / "mini.yaml").read_text(encoding="utf-8")
    conds = ("  conditions:\n"
             "    - alliance: axis\n      name: Axis victory\n      player: red\n      hold: round\n"
             "      when:\n        - {owned: [b1, b2, c], of: allied, count: 3}\n")
    p = tmp_path / "endless_mini.yaml"
    p.write_text(re.sub(r"(?m)^turn_limit: .*$", "turn_limit: none", text)
                 .replace("  at_turn_limit: victory_cities\n", "  at_turn_limit: victory_cities\n" + conds),
                 encoding="utf-8")
    monkeypatch.setattr(victory, "MACHINE_ROUNDS", 2)
    result, session = play_out(str(p), 1, level="greedy")
    st = session.state
    assert result["turns"] == 2 and (st.over or st.round == 3)
    if not st.over:
        assert result["winner"] in (None, *st.scenario.alliances)
        write_save(tmp_path / "g.json", session)
        again, _ = load_session(tmp_path / "g.json")
        assert again.state.round == 3 and not again.state.over


def test_a_turn_limit_that_is_neither_rounds_nor_none_is_named(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text(encoding="utf-8")
    p = tmp_path / "bad.yaml"
    p.write_text(re.sub(r"(?m)^turn_limit: .*$", "turn_limit: banana", text), encoding="utf-8")
    with pytest.raises(LoadError, match=r"bad.yaml:\d+.*turn_limit: 'banana': a whole number of rounds, or none"):
        load_scenario_file(p)
