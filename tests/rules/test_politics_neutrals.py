"""True neutrals turning (issue #46 items 4 and 7; game/rules/politics.py events with
`raises`). The reference is TripleA's ww2global40_2nd_edition.xml:
politicalActionAttachment_Axis_To_War_With_TrueNeutrals (Germans:Neutral_True:War and
Neutral_True:British:Friendly_Neutral), then triggerAttachment_British_Friendly_With_TrueNeutrals
(conditions conditionAttachment_British_Friendly_With_TrueNeutrals, when
before:britishPolitics, uses 1, territories Chile:...:Angola, territoryProperty
captureUnitOnEnteringBy Americans:French:British:ANZAC:Chinese:Russians). Rulebook: attacking
a true neutral makes the other true neutrals friendly to the other side, whose units then
take them and their armies."""
from game.rules.actions import DeclareWar, EndPhase, Move, apply
from tests.rules.test_politics import game, scenario, uid_of

TRUE_NEUTRALS_TURN = """
  neutrals: [grey]
  relations:
    - {between: [grey, red], is: neutral}
    - {between: [grey, blue], is: neutral}
    - {between: [grey, green], is: neutral}
  declarations:
    - player: red
      name: To War With TrueNeutrals
      on: [grey]
      sets:
        - {between: [grey, blue], is: allied}
        - {between: [grey, green], is: allied}
  events:
    - name: British Friendly With TrueNeutrals
      player: blue
      phase: politics
      moment: before
      uses: 1
      when: [{relation: [blue, grey], is: allied}]
      raises: {in: [n], by: [blue, green]}
"""


def _blue_turn(st):
    """From red's politics phase to blue's combat move (the event fires as blue's politics
    phase begins)."""
    while not (st.player == "blue" and st.phase == "combat_move"):
        st = apply(st, EndPhase())
    return st


def test_an_attacked_true_neutrals_army_joins_the_other_side(tmp_path):
    # triggerAttachment_British_Friendly_With_TrueNeutrals: after the Axis attacks the true
    # neutrals, the Allies entering one take its army (captureUnitOnEnteringBy)
    sc = scenario(tmp_path, TRUE_NEUTRALS_TURN, grey=True)
    st = game(sc, units=[("m", "blue", "infantry", 1), ("n", "grey", "infantry", 2)])
    st = apply(st, DeclareWar("To War With TrueNeutrals"))
    st = _blue_turn(st)
    assert st.raised_by == {"n": ("blue", "green")}
    assert any("British Friendly With TrueNeutrals" in line for line in st.log())
    st = apply(st, EndPhase())                               # combat move
    while st.phase != "noncombat_move":
        st = apply(st, EndPhase())
    st = apply(st, Move((uid_of(st, "m", "blue"),), ("n",)))
    assert st.owners["n"] == "blue"
    assert sorted(u.owner for u in st.units_in("n")) == ["blue", "blue", "blue"]


def test_a_true_neutral_not_yet_turned_keeps_its_army(tmp_path):
    # before the trigger fires (nobody attacked the true neutrals) no one raises their army:
    # Neutral_True's territories have no captureUnitOnEnteringBy of their own
    sc = scenario(tmp_path, TRUE_NEUTRALS_TURN.replace("is: neutral}\n    - {between: [grey, green]",
                                                       "is: allied}\n    - {between: [grey, green]"),
                  grey=True)
    st = game(sc, units=[("m", "blue", "infantry", 1), ("n", "grey", "infantry", 2)],
              phase="noncombat_move", player="blue")
    assert not st.raised_by
    st = apply(st, Move((uid_of(st, "m", "blue"),), ("n",)))
    assert sorted(u.owner for u in st.units_in("n")) == ["blue", "grey", "grey"]


def test_the_trigger_fires_once_and_only_when_its_condition_holds(tmp_path):
    # conditionAttachment_British_Friendly_With_TrueNeutrals (British:Neutral_True:
    # Friendly_Neutral) is false while nobody attacked: no capture list is set
    sc = scenario(tmp_path, TRUE_NEUTRALS_TURN, grey=True)
    st = game(sc)
    st = _blue_turn(apply(st, EndPhase()))
    assert not st.raised_by
