"""The shipped Global 1940's national objectives against ww2global40_2nd_edition.xml
(issue #46 items 5 and 7): the conditions of the objectives whose reading turns on a
rule of the engine (relationship types, allied exclusion, surface warships), played
through the rules API on the shipped game."""
from game import api
from game.rules import actions as A
from game.rules import objectives
from game.rules.action_types import DeclareWar
from game.rules.model import Unit


def _at(g, player, phase):
    while not (g.player == player and g.phase == phase):
        g.play(A.EndPhase())


def _objective(st, player, name):
    return next(o for o in st.scenario.objectives if o.player == player and o.name == name)


def _add(st, utype, owner, space):
    st.units[st.next_uid] = Unit(st.next_uid, utype, owner, space)
    st.next_uid += 1


def test_japans_trade_with_america_survives_a_war_the_uk_declared():
    # objectiveAttachment_Japanese_1_Trade_With_America: conditionAttachment_Japanese_1_
    # Not_Attacked_UK is relationship British:Japanese:War inverted, the type War exactly:
    # politicalActionAttachment_British_To_War_With_Japanese sets Unprovoked, so the UK
    # declaring war keeps the 10 (the rulebook: "has not declared war on the UK or ANZAC");
    # Japan's own declaration (Japanese_To_War_With_British_And_ANZAC: War) loses it.
    g = api.new_game("world_war_ii_global_1940", seed=1)
    trade = _objective(g.state, "japanese", "Trade With America")
    assert objectives.payable(g.state, trade) == 10
    _at(g, "british", "politics")
    g.play(DeclareWar("British To War With Japanese"))
    assert g.state.at_war("british", "japanese")
    assert objectives.payable(g.state, trade) == 10
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "japanese", "politics")
    g.play(DeclareWar("Japanese To War With British And ANZAC"))
    assert objectives.payable(g.state, trade) == 0


def test_a_per_territory_objective_says_the_bonus_is_for_each():
    # objectiveAttachment_Germans_2_Control_Novgorod_Or_Volgograd_Or_Russia:
    # directOwnershipTerritories Novgorod:Volgograd:Russia count="each" pays 5 for each
    # one held; the side panel said "Germans holds each of ...", as if all three were needed
    g = api.new_game("world_war_ii_global_1940", seed=1)
    sc = g.state.scenario
    o = next(o for o in sc.objectives if o.player == "germans" and "Novgorod" in o.name)
    text = objectives.describe(o.conditions[0], sc, "germans")
    assert text == "Germans hold any of Novgorod, Volgograd, Russia (the bonus for each)"
