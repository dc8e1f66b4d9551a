"""Politics (issue #46 item 4; game/rules/politics.py): relationships between players as
game state, declarations of war in a politics phase, neutral players.

The reference is TripleA's Global 1940 2nd edition (ww2global40_2nd_edition.xml):
relationshipInitialize (Germans:Russians Neutrality, ...), the politics step after the
purchase (germansPolitics), politicalActionAttachment with relationshipChange (e.g.
politicalActionAttachment_Japanese_To_War_With_British_And_ANZAC: Japanese:British:War,
Japanese:UK_Pacific:War, Japanese:ANZAC:War), Neutral_True / Neutral_Axis players with no
steps in the sequence, and the rulebook's "you cannot attack a power you are not at war
with" and pro-side neutrals joining the power that enters them."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import DeclareWar, EndPhase, Move, apply, legal_actions, new_game
from game.rules.errors import IllegalAction
from game.rules.model import Unit
from game.rules.ruleset import load_ruleset, load_scenario_file

FIXTURES = Path(__file__).parent.parent / "fixtures"

# a fourth player, grey, owns Neutralia (n) and takes no turns
GREY = """  - {id: grey, name: Greyland, alliance: neutrals, color: "#999999", capital: null, resources: 0}
"""


def scenario(tmp_path, politics_yaml: str, grey: bool = False):
    text = (FIXTURES / "mini.yaml").read_text()
    if grey:
        text = text.replace("victory:\n", GREY + "victory:\n", 1)
        text = text.replace("{id: n, name: Neutralia, kind: land, value: 0, impassable: true,",
                            "{id: n, name: Neutralia, kind: land, value: 2, owner: grey,")
    text += "politics:\n" + politics_yaml
    p = tmp_path / "mini_politics.yaml"
    p.write_text(text)
    sc, _ = load_scenario_file(p)
    return sc


def game(sc, units=(), phase="politics", player="red"):
    sc = replace(sc, start_units=tuple(units))
    st = new_game(sc, load_ruleset("g40"), 1)
    st.phase_idx = st.ruleset.phases.index(phase)
    st.player_idx = [p.id for p in sc.players].index(player)
    return st


NEUTRAL_RED_BLUE = """
  relations:
    - {between: [red, blue], is: neutral}
  declarations:
    - player: red
      name: War on Blueland and Greenland
      on: [blue, green]
"""


def uid_of(st, space, owner, utype="infantry"):
    return next(u.uid for u in st.units_in(space) if u.owner == owner and u.type == utype)


def test_relations_start_from_the_scenario(tmp_path):
    # relationshipInitialize: Germans:Russians Neutrality; the other pairs at war/allied
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE))
    assert st.relation("red", "blue") == "neutral"
    assert not st.at_war("red", "blue") and not st.allied("red", "blue")
    assert st.at_war("red", "green") and st.allied("blue", "green")


def test_a_politics_phase_follows_the_purchase(tmp_path):
    # TripleA sequence: germansPurchase, germansPolitics, germansCombatMove
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE))
    ph = st.ruleset.phases
    assert ph[ph.index("purchase") + 1] == "politics"
    assert "politics" not in load_ruleset("g40").phases    # only where the scenario has politics


def test_no_entry_into_a_power_one_is_not_at_war_with(tmp_path):
    # rulebook: a power may not attack or enter the territory of a power it is not at war with
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE), units=[("a2", "red", "infantry", 1)],
              phase="combat_move")
    with pytest.raises(IllegalAction, match="not at war"):
        apply(st, Move((uid_of(st, "a2", "red"),), ("m",)))
    st.phase_idx = st.ruleset.phases.index("noncombat_move")
    with pytest.raises(IllegalAction, match="not at war"):
        apply(st, Move((uid_of(st, "a2", "red"),), ("m",)))


def test_a_declaration_of_war_opens_the_attack(tmp_path):
    # politicalActionAttachment_Japanese_To_War_With_British_And_ANZAC: one declaration
    # puts Japan at war with the UK and ANZAC (here: red with blue and green)
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE), units=[("a2", "red", "infantry", 1),
                                                           ("m", "blue", "infantry", 1)])
    assert DeclareWar("War on Blueland and Greenland") in legal_actions(st)
    st = apply(st, DeclareWar("War on Blueland and Greenland"))
    assert st.at_war("red", "blue") and st.at_war("red", "green")
    assert any("declares" in line for line in st.log())
    assert DeclareWar("War on Blueland and Greenland") not in legal_actions(st)   # done
    st = apply(st, EndPhase())
    assert st.phase == "combat_move"
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("m",)))
    assert st.units[uid_of(st, "m", "red")].in_combat


def test_a_declaration_waits_for_its_conditions(tmp_path):
    # conditionAttachmentTurn4OrHigher (rounds 4-+): the US may declare war from round 4
    sc = scenario(tmp_path, """
  relations:
    - {between: [red, blue], is: neutral}
  declarations:
    - player: red
      name: Late war
      on: [blue]
      when:
        - rounds: "2+"
""")
    st = game(sc)
    assert DeclareWar("Late war") not in legal_actions(st)
    with pytest.raises(IllegalAction, match="not now"):
        apply(st, DeclareWar("Late war"))
    st.round = 2
    assert st.at_war("red", "blue") is False
    assert apply(st, DeclareWar("Late war")).at_war("red", "blue")


def test_declarations_only_in_the_politics_phase(tmp_path):
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE), phase="combat_move")
    with pytest.raises(IllegalAction, match="Politics"):
        apply(st, DeclareWar("War on Blueland and Greenland"))


def test_neutral_units_at_sea_are_no_enemies(tmp_path):
    # not at war: ships of both share a sea zone without a battle
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE),
              units=[("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1)],
              phase="combat_move")
    st = apply(st, Move((uid_of(st, "s1", "red", "destroyer"),), ("s2",)))
    st = apply(st, EndPhase())
    assert st.zone.battles == ()


TRUE_NEUTRAL = """
  neutrals: [grey]
  raise_on_entry: [grey]
  relations:
    - {between: [grey, red], is: neutral}
    - {between: [grey, blue], is: neutral}
    - {between: [grey, green], is: neutral}
  declarations:
    - player: red
      name: Invade Neutralia
      on: [grey]
      sets:
        - {between: [grey, blue], is: allied}
        - {between: [grey, green], is: allied}
"""


def test_a_true_neutral_is_closed_until_attacked_and_then_joins_the_other_side(tmp_path):
    # politicalActionAttachment_Axis_To_War_With_TrueNeutrals: Germans:Neutral_True:War and
    # Neutral_True:British:Friendly_Neutral (the true neutrals turn to the other side)
    sc = scenario(tmp_path, TRUE_NEUTRAL, grey=True)
    units = [("a2", "red", "infantry", 2), ("n", "grey", "infantry", 1), ("m", "blue", "infantry", 1)]
    st = game(sc, units=units, phase="combat_move")
    with pytest.raises(IllegalAction, match="not at war"):
        apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))
    st = game(sc, units=units)
    st = apply(st, DeclareWar("Invade Neutralia"))
    assert st.at_war("red", "grey") and st.allied("blue", "grey")
    st = apply(st, EndPhase())
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))
    st = apply(st, EndPhase())
    assert st.zone.battles == ("n",)                     # Greyland's army defends


def test_entering_a_friendly_neutral_raises_its_army(tmp_path):
    # territoryAttachment changeUnitOwners / captureUnitOnEnteringBy (pro-Axis neutrals):
    # the power entering a friendly neutral takes it and its units
    sc = scenario(tmp_path, """
  neutrals: [grey]
  raise_on_entry: [grey]
  relations:
    - {between: [grey, red], is: allied}
    - {between: [grey, blue], is: neutral}
    - {between: [grey, green], is: neutral}
""", grey=True)
    st = game(sc, units=[("a2", "red", "infantry", 1), ("n", "grey", "infantry", 2)],
              phase="noncombat_move")
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))
    assert st.owners["n"] == "red"
    assert sorted(u.owner for u in st.units_in("n")) == ["red", "red", "red"]
    assert any("friendly neutral" in line for line in st.log())


def test_a_neutral_player_takes_no_turns(tmp_path):
    # Neutral_True has no steps in the TripleA sequence
    sc = scenario(tmp_path, TRUE_NEUTRAL, grey=True)
    st = game(sc, phase="collect_income", player="green")
    st = apply(st, EndPhase())
    assert st.player == "red" and st.round == 2


def test_unknown_players_in_politics_are_load_errors(tmp_path):
    from game.rules.errors import LoadError
    with pytest.raises(LoadError, match="unknown player 'purple'"):
        scenario(tmp_path, """
  relations:
    - {between: [red, purple], is: neutral}
""")


@pytest.mark.parametrize("level", ["random", "greedy", "standard"])
def test_computer_players_get_through_the_politics_phase(tmp_path, level):
    # the computer players end the politics phase (random may declare); no crash
    from game.ai import choose_action
    sc = scenario(tmp_path, NEUTRAL_RED_BLUE)
    st = new_game(sc, load_ruleset("g40"), 3)
    for _ in range(400):
        if st.round > 1 or st.over:
            break
        st = apply(st, choose_action(st, level))
    assert st.round > 1 or st.over


def test_a_friendly_neutral_is_entered_in_the_noncombat_move_only(tmp_path):
    # relationshipTypeAttachment Friendly_Neutral: canMoveIntoDuringCombatMove false
    sc = scenario(tmp_path, """
  neutrals: [grey]
  raise_on_entry: [grey]
  relations:
    - {between: [grey, red], is: allied}
""", grey=True)
    st = game(sc, units=[("a2", "red", "infantry", 1), ("n", "grey", "infantry", 1)],
              phase="combat_move")
    with pytest.raises(IllegalAction, match="non-combat move"):
        apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))


def test_an_event_changes_relations_by_itself(tmp_path):
    # triggerAttachment_Americans_War_Japanese: when after:americansPlace, on round 3
    # (conditionAttachmentAmericansNotYetAtWarWithAllAndTurn3), relationshipChange
    # Americans:Japanese:War ... (the United States enter the war at their third turn)
    sc = scenario(tmp_path, """
  relations:
    - {between: [red, blue], is: neutral}
  events:
    - name: Blueland enters the war
      player: blue
      phase: place
      moment: after
      when:
        - rounds: "3"
      sets:
        - {between: [red, blue], is: war}
""")
    st = game(sc, phase="place", player="blue")
    st.round = 2
    assert not apply(st, EndPhase()).at_war("red", "blue")
    st.round = 3
    after = apply(st, EndPhase())
    assert after.at_war("red", "blue")
    assert "Blueland enters the war." in after.log()
    assert after.objective_uses == {"event|blue|Blueland enters the war": 1}


def test_relations_survive_a_save_and_a_position(tmp_path):
    # saves are action logs: the declaration replays; a snapshot restores the relations;
    # "save as scenario" writes the relations of the position
    from game.io.position import scenario_yaml
    from game.rules.snapshot import exact, restore, snapshot, state_hash
    sc = scenario(tmp_path, NEUTRAL_RED_BLUE)
    st = game(sc)
    st = apply(st, DeclareWar("War on Blueland and Greenland"))
    snap = snapshot(st)
    snap["exact"] = exact(st)
    again = restore(snap, st.scenario, load_ruleset("g40"), st.seed)
    assert again.phase == "politics" and again.relations == st.relations
    assert state_hash(again) == state_hash(st)
    text = scenario_yaml(st, "mini_after_war")
    assert "is: war" in text and "is: neutral" not in text


def test_a_saved_game_with_a_declaration_replays(tmp_path):
    from game.io.saves import load_session, write_save
    from game.rules.session import Session
    from game.rules.snapshot import state_hash
    sc = scenario(tmp_path, NEUTRAL_RED_BLUE)
    session = Session(sc, load_ruleset("g40"), 1)
    session.do(EndPhase())                                   # purchase
    session.do(DeclareWar("War on Blueland and Greenland"))
    session.do(EndPhase())
    write_save(tmp_path / "g.json", session)
    again, _ = load_session(tmp_path / "g.json", from_snapshot=False)
    assert again.state.at_war("red", "blue")
    assert state_hash(again.state) == state_hash(session.state)


def test_no_landing_from_the_sea_in_a_power_not_at_war(tmp_path):
    # rulebook: no entry into the territory of a power one is not at war with, by sea too
    from game.rules.zone import movement
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE),
              units=[("a2", "red", "infantry", 1), ("s1", "red", "transport", 1)],
              phase="noncombat_move")
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("s1",)))
    inf = st.units[uid_of(st, "s1", "red")]
    st = apply(st, Move((st.units[inf.carried_by].uid,), ("s2",)))
    inf = st.units[inf.uid]
    assert "m" not in movement.unload_targets(st, [inf])
    assert "b2" not in movement.unload_targets(st, [inf])


def test_aircraft_keep_out_of_neutral_territory(tmp_path):
    # relationshipTypeAttachment Neutrality / Friendly_Neutral: canMoveAirUnitsOverOwnedLand
    # and canLandAirUnitsOnOwnedLand false (no flying over or landing in a neutral)
    from game.rules.zone import movement
    st = game(scenario(tmp_path, NEUTRAL_RED_BLUE), units=[("a2", "red", "fighter", 1)],
              phase="noncombat_move")
    fighter = st.units[uid_of(st, "a2", "red", "fighter")]
    assert "m" not in movement.reachable(st, [fighter])
    sc = scenario(tmp_path, """
  neutrals: [grey]
  raise_on_entry: [grey]
  relations:
    - {between: [grey, red], is: allied}
""", grey=True)
    st = game(sc, units=[("a2", "red", "fighter", 1)], phase="noncombat_move")
    fighter = st.units[uid_of(st, "a2", "red", "fighter")]
    assert "n" not in movement.reachable(st, [fighter])
    assert "n" not in movement.landing_spots(st, "red")


# --- a neutral handed over (G40 Mongolia) ------------------------------------------------
# ww2global40_2nd_edition.xml: triggerAttachment_Japanese_Conquer_Russians_Territory_By_Mongolia_1
# (after japaneseBattle, once: conditionAttachment_Japanese_Conquer_Russians_Territory_By_Mongolia,
# battle "Japanese:Russians:any:currentRound:Timguska:Yenisey:Yakut S.S.R.:Buryatia:Amur", and
# conditionAttachment_Mongolia_May_Change_To_Russians_Control_Switch) activates ..._2, whose
# changeOwnership "Olgiy:Mongolians:Russians:true" ... hands Mongolia to the Soviets;
# triggerAttachment_Russians_Conquer_Japanese_Territory_By_Mongolia (after russiansBattle, the
# Soviets attacking Japan in Manchuria, Jehol, Chahar, Suiyuyan, Kansu or Korea) turns that
# switch off. Game notes: "If Japan attacks a Russian territory next to Mongolia, all Mongolian
# territories and units are transferred to Russia. This does not occur if Russia previously
# attacked Korea or any Japan-controlled territory bordering Mongolia."
MONGOLIA = """
  neutrals: [grey]
  raise_on_entry: [grey]
  relations:
    - {between: [grey, red], is: neutral}
    - {between: [grey, blue], is: neutral}
    - {between: [grey, green], is: neutral}
  events:
    - name: Greyland joins Blueland
      player: red
      phase: conduct_combat
      when:
        - {attacked: [m], of: [blue], count: 1}
        - {not: {relation: [green, grey], is: war}}
      sets: [{between: [blue, grey], is: allied, from: neutral}]
      hands_over: {from: grey, to: blue}
    - name: Greyland stays out
      player: blue
      phase: conduct_combat
      when: [{attacked: [a2], of: [red], count: 1}]
      cancels: [Greyland joins Blueland]
"""


def _attack(st, frm, owner, to):
    st.player_idx = [p.id for p in st.scenario.players].index(owner)
    st.phase_idx = st.ruleset.phases.index("combat_move")
    st.zone.origins = {}            # a new turn
    st = apply(st, Move(tuple(u.uid for u in st.units_in(frm) if u.owner == owner), (to,)))
    st = apply(st, EndPhase())      # the empty territory is taken
    return apply(st, EndPhase())    # the battle phase ends: the events after it


def test_attacking_next_to_a_neutral_hands_it_over(tmp_path):
    sc = scenario(tmp_path, MONGOLIA, grey=True)
    st = game(sc, units=[("a2", "red", "infantry", 1), ("n", "grey", "infantry", 2)],
              phase="combat_move")
    st = _attack(st, "a2", "red", "m")
    assert st.owners["m"] == "red"
    assert st.owners["n"] == "blue"
    assert [u.owner for u in st.units_in("n")] == ["blue", "blue"]
    assert st.relation("blue", "grey") == "allied"
    assert any("Greyland hand over 1 territories and 2 units to Blueland" in line for line in st.log())


def test_no_hand_over_once_the_other_side_attacked_first(tmp_path):
    sc = scenario(tmp_path, MONGOLIA, grey=True)
    st = game(sc, units=[("m", "blue", "infantry", 1), ("n", "grey", "infantry", 2)],
              phase="combat_move", player="blue")
    st = _attack(st, "m", "blue", "a2")     # the Soviets attack a Japanese border territory
    assert any("Greyland stays out" in line for line in st.log())
    for u in st.units_in("a2"):             # Japan takes it back (off the board)
        del st.units[u.uid]
    st.owners["a2"] = "red"
    st.units[st.next_uid] = Unit(st.next_uid, "infantry", "red", "a2")
    st.next_uid += 1
    st = _attack(st, "a2", "red", "m")
    assert st.owners["m"] == "red" and st.owners["n"] == "grey"
    assert all(u.owner == "grey" for u in st.units_in("n"))


def test_attacked_reads_this_turns_attacks_of_the_player_whose_turn_it_is(tmp_path):
    # TripleA's battle condition "Japanese:Russians:any:currentRound:...", tested at the
    # attacker's battle step: the attacks of its turn, against the territory's owner then
    from game.rules import objectives
    from game.rules.model import ObjectiveCondition
    sc = scenario(tmp_path, MONGOLIA, grey=True)
    st = game(sc, phase="conduct_combat", player="red")
    cond = ObjectiveCondition("attacked", spaces=("m", "b2"), of=("blue",), count=1)
    assert objectives.times(st, cond, "red") == 0
    st.zone.origins = {"m": ("a2",)}
    st.owners["m"] = "red"                  # taken: still blue's as the turn began
    assert objectives.times(st, cond, "red") == 1
    assert objectives.times(st, cond, "blue") == 0      # not blue's turn: it attacked nothing
    assert objectives.times(st, replace(cond, of=("green",)), "red") == 0
    assert "Redland attacks 1 of Middle, Beta Minor (held by Blueland) this turn" == \
        objectives.describe(cond, sc, "red")


@pytest.mark.parametrize("bad, err", [
    ("hands_over: {from: grey, to: purple}", "hands_over: {from: <player>, to: <another player>}"),
    ("cancels: [Nothing like it]", "cancels: unknown event 'Nothing like it'"),
])
def test_hand_over_and_cancels_are_checked(tmp_path, bad, err):
    from game.rules.errors import LoadError
    with pytest.raises(LoadError, match=err.replace("{", r"\{").replace("}", r"\}")):
        scenario(tmp_path, f"""
  neutrals: [grey]
  events:
    - name: Odd
      player: red
      phase: conduct_combat
      {bad}
""", grey=True)
