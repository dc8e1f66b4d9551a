"""Declarations of war on the shipped Global 1940 (issue #46 item 4) against the
politicalActionAttachments of ww2global40_2nd_edition.xml: the Soviet-Japanese pact, Japan
against the UK and ANZAC, the Soviet Union against the European Axis. Played through the
rules API (the politics phase's DeclareWar)."""
from game import api
from game.rules import actions as A
from game.rules import politics
from game.rules.action_types import DeclareWar


def _at(g, player, phase):
    while not (g.player == player and g.phase == phase):
        g.play(A.EndPhase())


def _can(g, name):
    return name in [d.name for d in politics.options(g.state)]


def test_either_side_of_the_soviet_japanese_pact_may_break_it_from_the_first_round():
    # politicalActionAttachment_Japanese_To_War_With_Russians and _Russians_To_War_With_
    # Japanese, both on conditionAttachmentPacificAxisNotYetAtWarWithRussians (atWarPlayers
    # Japanese count 0): no round limit; the war makes the Soviets allies of China, ANZAC and
    # UK Pacific (relationshipChange Russians:Chinese:Allied, ...:ANZAC, ...:UK_Pacific)
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "russians", "politics")
    assert g.state.round == 1 and _can(g, "Russians To War With Japanese")
    _at(g, "japanese", "politics")
    assert not g.state.at_war("japanese", "russians")
    g.play(DeclareWar("Japanese To War With Russians"))
    st = g.state
    assert st.at_war("japanese", "russians")
    assert all(st.allied("russians", p) for p in ("chinese", "anzac", "uk_pacific"))
    assert not st.at_war("germans", "russians")   # the pact is Pacific only
    assert not _can(g, "Japanese To War With Russians")


def test_japan_declaring_on_the_uk_is_at_war_with_anzac_too():
    # politicalActionAttachment_Japanese_To_War_With_British_And_ANZAC: Japanese:British:War,
    # Japanese:UK_Pacific:War, Japanese:ANZAC:War, Japanese:Dutch:War; Chinese allied with them
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "japanese", "politics")
    assert not g.state.at_war("japanese", "anzac")
    g.play(DeclareWar("Japanese To War With British And ANZAC"))
    st = g.state
    assert all(st.at_war("japanese", p) for p in ("british", "uk_pacific", "anzac", "dutch"))
    assert st.allied("chinese", "british") and st.allied("chinese", "anzac")
    assert not st.at_war("japanese", "americans")   # the United States stay out


def test_the_soviets_declare_on_the_european_axis_from_round_four():
    # politicalActionAttachment_Russians_To_War_With_Germans: conditionAttachment_Russians_
    # May_Declare_War_On_European_Axis = London taken (switch) OR conditionAttachment
    # Turn4OrHigher (rounds 4-+) OR already at war in Europe
    g = api.new_game("world_war_ii_global_1940", seed=1)
    _at(g, "russians", "politics")
    assert not _can(g, "Russians To War With Germans")
    g.state.round = 4
    assert _can(g, "Russians To War With Germans")
    g.play(DeclareWar("Russians To War With Germans"))
    assert g.state.at_war("germans", "russians") and g.state.allied("russians", "british")
