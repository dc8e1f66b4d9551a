"""Switches (politics `switches`, `switch:` conditions; issue #46 items 4 and 7). The
reference is ww2global40_2nd_edition.xml: conditionAttachment_Axis_Capture_London_Switch
(switch false) is set true by triggerAttachment_Germans_Conquer_London (when
after:germansBattle, conditions conditionAttachment_Axis_Capture_London: the Axis hold the
United Kingdom; playerProperty switch true) and stays true; the United States' and the
Soviet Union's political actions test it (conditionAttachment_Americans_May_Declare_War_On_Axis_Early,
conditionAttachment_Russians_May_Declare_War_On_European_Axis)."""
import pytest

from game.rules import politics
from game.rules.actions import DeclareWar, EndPhase, apply
from game.rules.errors import IllegalAction, LoadError
from tests.rules.test_politics import game, scenario

SWITCHED = """
  switches: {red_took_beta: false}
  relations:
    - {between: [red, green], is: neutral}
  declarations:
    - player: green
      name: Early war
      on: [red]
      when: [{switch: red_took_beta}]
  events:
    - name: Red Conquer Beta
      player: red
      phase: conduct_combat
      moment: after
      uses: 0
      when: [{owned: [b1]}]
      switches: {red_took_beta: true}
"""


def test_a_switch_starts_off_and_an_event_turns_it_on_for_good(tmp_path):
    st = game(scenario(tmp_path, SWITCHED), phase="conduct_combat")
    assert not st.switches
    st = apply(st, EndPhase())                          # red does not hold Beta: stays off
    assert not st.switches
    st = game(scenario(tmp_path, SWITCHED), phase="conduct_combat")
    st.owners["b1"] = "red"
    st = apply(st, EndPhase())
    assert st.switches == frozenset({"red_took_beta"})
    st.owners["b1"] = "blue"                            # London retaken: the switch stays on
    assert st.switches == frozenset({"red_took_beta"})


def test_a_declaration_may_wait_for_a_switch(tmp_path):
    # conditionAttachment_Americans_May_Declare_War_On_Axis_Early: ... OR
    # conditionAttachment_Axis_Capture_London_Switch
    st = game(scenario(tmp_path, SWITCHED), player="green")
    with pytest.raises(IllegalAction, match="not now"):
        apply(st, DeclareWar("Early war"))
    st.switches = frozenset({"red_took_beta"})
    assert apply(st, DeclareWar("Early war")).at_war("green", "red")
    assert politics.options(st)


def test_unknown_switches_are_load_errors(tmp_path):
    with pytest.raises(LoadError, match="unknown switch 'nope'"):
        scenario(tmp_path, SWITCHED.replace("when: [{switch: red_took_beta}]", "when: [{switch: nope}]"))


def test_a_saved_position_keeps_the_switches(tmp_path):
    # "save as scenario": the switches on now start on in the new scenario
    from game.io.position import scenario_yaml
    st = game(scenario(tmp_path, SWITCHED), player="green")
    st.switches = frozenset({"red_took_beta"})
    assert "switches: {red_took_beta: true}" in scenario_yaml(st, "mini_switched").replace('"', "")
