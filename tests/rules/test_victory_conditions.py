"""`victory.conditions` (issue #46 item 7): an alliance wins at the end of a round when all
its conditions hold. Global 1940 as TripleA encodes it (ww2global40_2nd_edition.xml
triggerAttachmentAxisVictory1): the Axis win holding 8 of the European or 6 of the Pacific
victory cities while holding one of their capitals (conditionAttachmentAxisVictory0..3)."""
from pathlib import Path

import pytest

from game.rules import victory
from game.rules.actions import new_game
from game.rules.errors import LoadError
from game.rules.ruleset import load_ruleset, load_scenario_file

MINI = (Path(__file__).parents[1] / "fixtures" / "mini.yaml").read_text()
# the mini map's axis (red) wins holding 2 of Middle, Beta Minor, Beta ("one board") or
# Gamma ("the other"), while holding its capital Alpha
AXIS_WINS = """victory:
  victory_cities: {}
  at_turn_limit: victory_cities
  conditions:
    axis:
      - any: [{owned: [m, b2, b1], of: allied, count: 2}, {owned: [c], of: allied}]
      - {owned: [a1], of: allied, count: 1}
"""


def scenario(tmp_path, victory_block=AXIS_WINS):
    text = MINI.split("victory:")[0] + victory_block + "spaces:" + MINI.split("spaces:", 1)[1]
    path = tmp_path / "mini_won.yaml"
    path.write_text(text)
    return load_scenario_file(path)[0]


def test_an_alliance_meeting_its_conditions_wins_at_the_end_of_the_round(tmp_path):
    s = new_game(scenario(tmp_path), load_ruleset("g40"), 1)
    assert victory.round_end_winner(s) is None
    s.owners["m"] = "red"
    assert victory.round_end_winner(s) is None          # 1 of the 3 is not enough
    s.owners["b2"] = "red"
    assert victory.round_end_winner(s) == "axis"        # 2 of 3, capital held
    s.owners["a1"] = "blue"
    assert victory.round_end_winner(s) is None          # "Maintain A Capital"
    s.owners.update(a1="red", m="blue", b2="blue", c="red")
    assert victory.round_end_winner(s) == "axis"        # the other board


def test_conditions_name_known_alliances(tmp_path):
    with pytest.raises(LoadError) as exc:
        scenario(tmp_path, AXIS_WINS.replace("    axis:", "    axsi:"))
    assert "unknown alliance 'axsi'" in str(exc.value)
