"""National objectives as scenario data (issue #46 item 5; game/rules/objectives.py).

The conditions follow TripleA's rulesAttachment for Global 1940 2nd edition
(ww2global40_2nd_edition.xml, objectiveAttachment_* with objectiveValue): ownership by
the player or its allies, at war / not at war, units present, no enemy units, inverted
and combined conditions; `count="each"` pays per territory. The rulebook pays them in
the Collect Income phase; TripleA's game option "National Objectives" switches them off."""
from pathlib import Path

import pytest

from game.rules import objectives
from game.rules.actions import EndPhase, apply, new_game
from game.rules.errors import LoadError
from game.rules.options import with_options
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parent.parent / "fixtures"


def scenario_with(tmp_path, objectives_yaml: str):
    text = (FIXTURES / "mini.yaml").read_text() + "national_objectives:\n" + objectives_yaml
    p = tmp_path / "mini_no.yaml"
    p.write_text(text)
    sc, _ = load_scenario_file(p)
    return sc


def game(sc, units=(), options_off=(), player="red"):
    from dataclasses import replace
    sc = replace(sc, start_units=tuple(units))
    rs = with_options(load_ruleset("g40"), options_off)
    st = new_game(sc, rs, 1)
    st.player_idx = [p.id for p in sc.players].index(player)
    st.phase_idx = rs.phases.index("collect_income")
    return st


ALPHA = """
  - player: red
    name: Hold Alpha Minor
    bonus: 5
    conditions:
      - owned: [a2]
"""


def test_an_objective_met_pays_its_bonus_at_collect_income(tmp_path):
    # TripleA objectiveAttachment_Germans_3_Control_Caucasus: objectiveValue 5, paid at the
    # end of the turn with the income (rulebook: Collect Income phase)
    st = game(scenario_with(tmp_path, ALPHA))
    before = st.resources["red"]
    after = apply(st, EndPhase())
    assert after.resources["red"] == before + 12 + 5   # a1 10 + a2 2, and the bonus
    assert any("national objective Hold Alpha Minor" in line for line in after.log())


def test_an_objective_not_met_pays_nothing(tmp_path):
    st = game(scenario_with(tmp_path, ALPHA))
    st.owners["a2"] = "blue"
    after = apply(st, EndPhase())
    assert after.resources["red"] == st.resources["red"] + 10
    assert not any("national objective" in line for line in after.log())


def test_the_game_option_switches_objectives_off(tmp_path):
    # TripleA game option "National Objectives" (false: no bonus)
    st = game(scenario_with(tmp_path, ALPHA), options_off=("national_objectives",))
    after = apply(st, EndPhase())
    assert after.resources["red"] == st.resources["red"] + 12


def test_allied_ownership_counts_the_allies_territories(tmp_path):
    # alliedOwnershipTerritories (Japanese_4 Dutch East Indies: count 4 of 4)
    sc = scenario_with(tmp_path, """
  - player: green
    name: Allied west
    bonus: 3
    conditions:
      - owned: [b1, b2, m]
        of: allied
        count: 2
""")
    st = game(sc, player="green")
    o = sc.objectives[0]
    assert objectives.payable(st, o) == 3
    st.owners["b1"] = "red"
    st.owners["b2"] = "red"
    assert objectives.payable(st, o) == 0
    st.owners["b2"] = "green"
    assert objectives.payable(st, o) == 3


def test_count_each_pays_per_territory(tmp_path):
    # directOwnershipTerritories Novgorod:Volgograd:Russia count="each" (Germans_2: 5 each)
    sc = scenario_with(tmp_path, """
  - player: red
    name: Eastward
    bonus: 5
    conditions:
      - owned: [m, b2, b1]
        count: each
""")
    st = game(sc)
    o = sc.objectives[0]
    assert objectives.payable(st, o) == 0
    st.owners["m"] = "red"
    assert objectives.payable(st, o) == 5
    st.owners["b1"] = "red"
    assert objectives.payable(st, o) == 10


def test_not_at_war_and_inverted_conditions(tmp_path):
    # Germans_1 Trade with Russia: atWarPlayers Russians count="0" (at war with none)
    sc = scenario_with(tmp_path, """
  - player: red
    name: Trade
    bonus: 5
    conditions:
      - at_war: [blue]
        count: 0
  - player: red
    name: At war
    bonus: 2
    conditions:
      - at_war: [blue, green]
        count: 1
      - not: {owned: [m], of: enemies}
""")
    st = game(sc)
    trade, war = sc.objectives
    assert objectives.payable(st, trade) == 0       # red and blue are at war (alliances)
    assert objectives.payable(st, war) == 0         # blue holds Middle
    st.owners["m"] = "red"
    assert objectives.payable(st, war) == 2


def test_units_present_and_enemy_exclusion(tmp_path):
    # Germans_4: directPresenceTerritories Egypt with a land unit (unitPresence);
    # Italians_1: enemySurfaceExclusionTerritories (submarines and transports do not count)
    sc = scenario_with(tmp_path, """
  - player: red
    name: Boots in Middle
    bonus: 5
    conditions:
      - units: [m]
        types: [infantry, armour]
  - player: red
    name: Mare nostrum
    bonus: 5
    conditions:
      - no_units: [s1, s2]
        surface: true
""")
    boots, sea = sc.objectives
    st = game(sc, units=[("m", "red", "fighter", 1), ("s2", "blue", "submarine", 1),
                         ("s2", "blue", "transport", 1)])
    assert objectives.payable(st, boots) == 0       # a fighter is not a land unit listed
    assert objectives.payable(st, sea) == 5         # a submarine and a transport only
    st = game(sc, units=[("m", "red", "infantry", 1), ("s1", "blue", "destroyer", 1)])
    assert objectives.payable(st, boots) == 5
    assert objectives.payable(st, sea) == 0


def test_any_of_and_another_players_point_of_view(tmp_path):
    # conditionType OR (Germans_5_Sweden_Axis_Or_ProAxis_Or_Strict); a condition attached
    # to another player (Germans_5_Allies_Do_Not_Control_Sweden is attached to British)
    sc = scenario_with(tmp_path, """
  - player: red
    name: Either
    bonus: 4
    conditions:
      - any:
          - owned: [c]
            of: allied
          - not: {owned: [m], of: allied, player: blue}
""")
    st = game(sc)
    o = sc.objectives[0]
    assert objectives.payable(st, o) == 0
    st.owners["m"] = "red"
    assert objectives.payable(st, o) == 4


def test_uses_limits_the_payments(tmp_path):
    # Russians_3_Berlin: objectiveValue 10, uses 1 (paid once in a game)
    sc = scenario_with(tmp_path, ALPHA.replace("bonus: 5", "bonus: 5\n    uses: 1"))
    st = game(sc)
    st = apply(st, EndPhase())
    assert st.resources["red"] == 30 + 12 + 5
    assert objectives.payable(st, sc.objectives[0]) == 0
    assert st.objective_uses == {"red:Hold Alpha Minor": 1}


def test_no_bonus_while_the_capital_is_lost(tmp_path):
    # rulebook: a power whose capital is held by the enemy collects no income
    st = game(scenario_with(tmp_path, ALPHA))
    st.owners["a1"] = "blue"
    after = apply(st, EndPhase())
    assert after.resources["red"] == st.resources["red"]


def test_a_bad_condition_is_a_load_error(tmp_path):
    with pytest.raises(LoadError) as exc:
        scenario_with(tmp_path, """
  - player: red
    name: Bad
    bonus: 5
    conditions:
      - owned: [atlantis]
""")
    assert "unknown space 'atlantis'" in str(exc.value)
