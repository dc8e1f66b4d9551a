"""Global 1940's politics on the shipped map (issue #46 items 4 and 7). The true
neutrals: the Axis attack them (politicalActionAttachment_Axis_To_War_With_TrueNeutrals)
and the other true neutrals turn to the Allies, whose units entering them take their
armies (triggerAttachment_British_Friendly_With_TrueNeutrals and the other
*_Friendly_With_TrueNeutrals triggers of ww2global40_2nd_edition.xml: territoryProperty
captureUnitOnEnteringBy). The switches and Unprovoked: when the United States may
declare war early (conditionAttachment_Americans_May_Declare_War_On_Axis_Early)."""
import pytest

from game import api
from game.rules import actions as A
from game.rules import politics
from game.rules.action_types import DeclareWar

ALLIES = ("americans", "french", "british", "anzac", "chinese", "russians")


@pytest.fixture(scope="module")
def turned():
    g = api.new_game("world_war_ii_global_1940", seed=1)
    while g.phase != "politics":
        g.play(A.EndPhase())
    g.play(DeclareWar("Axis To War With TrueNeutrals"))
    while not (g.player == "british" and g.phase == "combat_move"):
        g.play(A.EndPhase())
    return g


def test_the_true_neutrals_armies_join_the_allies_after_the_axis_attack(turned):
    st = turned.state
    assert st.at_war("germans", "neutral_true") and st.allied("british", "neutral_true")
    # the trigger's 12 territories (those with an army), for the six Allied powers listed
    assert st.raised_by["spain"] == ALLIES and st.raised_by["turkey"] == ALLIES
    assert "colombia" not in st.raised_by
    assert politics.raises_on_entry(st, "spain", "british")
    assert not politics.raises_on_entry(st, "spain", "germans")   # at war: a battle instead
    # the first Allied power to play after the attack fires it (Russians: before:russiansPolitics)
    assert any(line.startswith("Russians Friendly With TrueNeutrals: the armies of 12")
               for line in turned.log())


def test_no_true_neutrals_army_joins_anyone_before_an_attack():
    st = api.new_game("world_war_ii_global_1940", seed=1).state
    assert not st.raised_by
    assert not politics.raises_on_entry(st, "spain", "british")


def _at(g, player, phase):
    while not (g.player == player and g.phase == phase):
        g.play(A.EndPhase())


def test_the_axis_taking_london_lets_the_united_states_declare_war_early():
    # triggerAttachment_Germans_Conquer_London (after:germansBattle) sets
    # conditionAttachment_Axis_Capture_London_Switch; Americans_May_Declare_War_On_Axis_Early
    # holds with it even in round 1
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "americans", "politics")
    assert "Americans To War With Germans" not in [d.name for d in politics.options(g.state)]
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "germans", "conduct_combat")
    g.state.owners["united_kingdom"] = "germans"
    _at(g, "americans", "politics")
    assert "axis_capture_london" in g.state.switches
    assert "Americans To War With Germans" in [d.name for d in politics.options(g.state)]


def test_only_a_war_japan_started_on_the_uk_lets_the_united_states_in():
    # conditionAttachment_British_Provoked_War_With_Japan: at war with Japan and not
    # British:Japanese:Unprovoked (politicalActionAttachment_British_To_War_With_Japanese
    # sets Unprovoked; Japan's own declaration sets War)
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "british", "politics")
    g.play(DeclareWar("British To War With Japanese"))
    assert g.state.relations["british|japanese"] == "unprovoked" and g.state.at_war("british", "japanese")
    _at(g, "americans", "politics")
    assert "Americans To War With Germans" not in [d.name for d in politics.options(g.state)]
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "japanese", "politics")
    g.play(DeclareWar("Japanese To War With British And ANZAC"))
    _at(g, "americans", "politics")
    assert "Americans To War With Germans" in [d.name for d in politics.options(g.state)]
