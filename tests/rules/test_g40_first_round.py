"""A first round of Global 1940 on the shipped map (issue #46, Done when): Germany bombs
the United Kingdom's industrial complex, attacks a British sea zone that a British fighter
scrambles into, collects its national objectives; Japan declares war on the British and
ANZAC. The rules cited: the G40 2nd edition rulebook ("Strategic Bombing Raids",
"Scramble", "National Objectives", "Political Situation") as TripleA encodes them in
ww2global40_2nd_edition.xml (bomber bombingBonus, airfield maxScrambleCount, the
objectiveValue and relationship-change political actions). The other decisions are the
computer's, so the round is one game: seed 1, the same every time."""
import pytest

from game import api
from game.rules import actions as A
from game.rules.action_types import DeclareWar, Raid, Scramble


@pytest.fixture(scope="module")
def game():
    return api.new_game("world_war_ii_global_1940", seed=1)


def test_germany_and_japan_play_a_first_round(game):
    g = game
    assert (g.player, g.phase) == ("germans", "purchase")
    while g.phase != "combat_move":
        g.play(A.EndPhase())
    legal = g.legal_actions(max_moves=5000)
    # a strategic bomber from Germany raids London's major complex
    raid = next(a for a in legal if isinstance(a, Raid) and a.units == (326,)
                and a.path[-1] == "united_kingdom" and a.facility == "major_industrial_complex")
    g.play(raid)
    # a U-boat attacks the destroyer and transport in 109 Sea Zone, beside Scotland's air base
    g.play(next(a for a in legal if isinstance(a, A.Move) and a.units == (431,)
                and a.path[-1] == "sea_zone_109"))
    g.play(A.EndPhase())
    assert set(g.state.zone.battles) == {"united_kingdom", "sea_zone_109"}
    scrambled = ()
    while g.phase == "conduct_combat" and g.player == "germans":
        b = g.state.zone.battle
        if b is not None and b.awaiting == "scramble":   # the British player's choice
            choice = max((a for a in g.legal_actions() if isinstance(a, Scramble)), key=lambda a: len(a.units))
            scrambled = choice.units
            g.play(choice)
        else:
            g.play(g.computer_move("standard"))
    # the raid damaged the complex (a die + 2 per bomber that got through the AA fire);
    # United Kingdom's own fighters were busy with the raid: Scotland's scrambled
    assert g.state.facilities["united_kingdom|major_industrial_complex"] > 0
    assert scrambled and all(g.state.scenario.spaces[g.state.units[u].space].kind == "land"
                             for u in scrambled if u in g.state.units)   # back at base after combat
    assert any("scrambles from Scotland to defend 109 Sea Zone" in line for line in g.log())
    while g.player == "germans":
        g.play(g.computer_move("standard"))
    assert any(line.startswith("Germans collect 5 for the national objective") for line in g.log())
    # Japan, in its politics phase, declares war on the British and ANZAC
    while g.player != "japanese":
        g.play(g.computer_move("standard"))
    while g.phase != "politics":
        g.play(A.EndPhase())
    assert g.state.relations.get("british|japanese") != "war"
    g.play(DeclareWar("Japanese To War With British And ANZAC"))
    assert g.state.relations["british|japanese"] == "war"
    assert g.state.relations["anzac|japanese"] == "war"
