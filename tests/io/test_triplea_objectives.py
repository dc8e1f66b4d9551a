"""TripleA national objectives import (game/io/triplea_objectives.py): objectiveAttachment
(RulesAttachment with objectiveValue) and PU triggers of world_war_ii_v3 and
ww2global40_2nd_edition become the scenario's `national_objectives`; what the grammar cannot
express is reported by name and option."""
from pathlib import Path

import pytest

from game.io.triplea import import_map
from game.io.triplea_write import write
from game.rules import objectives
from game.rules.actions import new_game
from game.rules.ruleset import load_ruleset, load_scenario_file

ROOT = Path(__file__).resolve().parents[2]
# ../shared beside the checkout (a worktree sits one level deeper)
DATA = next((p / "shared" / "data" / "triplea" for p in (ROOT.parent, ROOT.parent.parent)
             if (p / "shared" / "data" / "triplea").is_dir()), ROOT.parent / "shared" / "data" / "triplea")
V3 = DATA / "world_war_ii_v3"
G40 = DATA / "world_war_ii_global"
G40_XML = G40 / "map" / "games" / "ww2global40_2nd_edition.xml"
needs_v3 = pytest.mark.skipif(not (V3 / "map" / "games" / "WW2v3-1941.xml").exists(),
                              reason="../shared TripleA data not present")
needs_g40 = pytest.mark.skipif(not G40_XML.exists(), reason="../shared TripleA data not present")


@pytest.fixture(scope="module")
def g40(tmp_path_factory):
    if not G40_XML.exists():
        pytest.skip("../shared TripleA data not present")
    imp = import_map(G40, game="ww2global40_2nd_edition.xml")
    out = tmp_path_factory.mktemp("g40") / "g40.yaml"
    write(imp, out)
    sc, _ = load_scenario_file(out)
    return imp, sc


def by_name(sc, player, name):
    return next(o for o in sc.objectives if o.player == player and o.name == name)


@needs_v3
def test_v3_objectives_import_with_their_counts():
    # WW2v3-1941.xml objectiveAttachment2 of Germans: alliedOwnershipTerritories
    # Baltic States:East Poland:Belorussia:Eastern Ukraine:Ukraine count="3", objectiveValue 5
    imp = import_map(V3, game="WW2v3-1941.xml")
    nos = imp.scenario["national_objectives"]
    assert len(nos) == 17
    ger2 = next(o for o in nos if o["player"] == "germans" and o["name"] == "Objective 2")
    assert ger2["bonus"] == 5
    assert ger2["conditions"] == [{"owned": ["baltic_states", "east_poland", "belorussia",
                                             "eastern_ukraine", "ukraine"], "of": "allied", "count": 3}]
    # Russians objectiveAttachment1: alliedExclusionTerritories "controlled" (no allied units)
    rus1 = next(o for o in nos if o["player"] == "russians" and o["name"] == "Objective 1")
    assert {"no_units": ["controlled"], "of": "allies"} in rus1["conditions"]
    assert not [x for x in imp.report.not_imported if "objective" in x.lower()]


@needs_g40
def test_g40_objectives_all_import(g40):
    # ww2global40_2nd_edition.xml: 22 objectiveValue attachments and 5 PU triggers
    # (Germans_4 Egypt, Germans_5 Swedish iron ore, Russians_1 lend-lease, ANZAC_1, Americans_5)
    imp, sc = g40
    assert len(sc.objectives) == 27
    assert not [x for x in imp.report.not_imported if "objective" in x.lower()]
    assert "game option 'National Objectives'" not in imp.report.text()


@needs_g40
def test_g40_trade_with_russia_is_not_at_war(g40):
    # objectiveAttachment_Germans_1_Trade_with_Russia: atWarPlayers Russians count="0"
    _, sc = g40
    o = by_name(sc, "germans", "Trade with Russia")
    assert o.bonus == 5
    (c,) = o.conditions
    assert (c.kind, c.players, c.count) == ("at_war", ("russians",), 0)


@needs_g40
def test_g40_count_each_pays_per_city(g40):
    # objectiveAttachment_Germans_2: directOwnershipTerritories Novgorod:Volgograd:Russia
    # count="each", objectiveValue 5 (5 IPCs for each)
    _, sc = g40
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    o = by_name(sc, "germans", "Control Novgorod Or Volgograd Or Russia")
    assert objectives.payable(st, o) == 0
    st.owners["novgorod"] = "germans"
    st.owners["volgograd"] = "germans"
    assert objectives.payable(st, o) == 10


@needs_g40
def test_g40_trigger_objectives_keep_their_conditions(g40):
    # triggerAttachment_Germans_4_Presence_In_Egypt: directPresenceTerritories Egypt with
    # unitPresence infantry:artillery:mech_infantry:armour:aaGun, resourceCount 5
    _, sc = g40
    egypt = by_name(sc, "germans", "Presence In Egypt")
    assert egypt.bonus == 5
    (c,) = egypt.conditions
    assert c.kind == "units" and c.spaces == ("egypt",)
    assert set(c.types) == {"infantry", "artillery", "mech_infantry", "armour", "aaa"}
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    assert objectives.payable(st, egypt) == 0
    from game.rules.model import Unit
    st.units[st.next_uid] = Unit(st.next_uid, "armour", "germans", "egypt")
    assert objectives.payable(st, egypt) == 5
    # conditionAttachment_Russians_1_Convoy_Clear: enemyExclusionTerritories 125 Sea Zone
    # with unitPresence warships count="0" (no enemy warship there)
    lend = by_name(sc, "russians", "Lend Lease")
    assert any(c.kind == "no_units" and c.spaces == ("sea_zone_125",) and "destroyer" in c.types
               for c in lend.conditions)
    # conditionAttachmentJapaneseDoNotControlBurmaRoad: attached to Japanese, inverted
    burma = by_name(sc, "chinese", "Burma Road")
    (c,) = burma.conditions
    assert c.kind == "not" and c.parts[0].player == "japanese"


@needs_g40
def test_an_objective_the_grammar_cannot_express_is_reported_by_name_and_option():
    # ParisianRebalance1940.xml objectiveAttachment_Japanese_6_Home_Islands: gameProperty
    # "Japan Iwo Jima/Okinawa bonus", a game option that is off in that XML ...
    imp = import_map(G40, game="ParisianRebalance1940.xml")
    lines = [x for x in imp.report.not_imported if "Home_Islands" in x]
    assert lines and "game option 'Japan Iwo Jima/Okinawa bonus' is off" in lines[0]
    assert "(line 3795)" in lines[0]
    # ... and on in ww2global40_balanced.xml: imported, the choice reported
    imp = import_map(G40, game="ww2global40_balanced.xml")
    assert any(o["name"] == "Home Islands" for o in imp.scenario["national_objectives"])
    assert any("'Japan Iwo Jima/Okinawa bonus' is on" in x for x in imp.report.approximated)


@needs_g40
def test_g40_politics_import(g40):
    # relationshipInitialize: Germans:Russians Neutrality, Germans:British War;
    # Neutral_True has no steps in the sequence (a neutral country taking no turns)
    imp, sc = g40
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    assert st.relation("germans", "russians") == "neutral"
    assert st.at_war("germans", "british")
    assert st.relation("japanese", "americans") == "neutral"
    assert "neutral_true" in sc.politics.neutrals
    assert "neutral_axis" in sc.politics.raise_on_entry     # territoryAttachment changeUnitOwners
    assert st.ruleset.phases.index("politics") == st.ruleset.phases.index("purchase") + 1
    # politicalActionAttachment_Japanese_To_War_With_British_And_ANZAC: relationshipChange
    # Japanese:British:War, Japanese:UK_Pacific:War, Japanese:ANZAC:War, Chinese:British:Allied
    d = next(d for d in sc.politics.declarations
             if d.player == "japanese" and d.name == "Japanese To War With British And ANZAC")
    assert {("japanese", "british", "war"), ("japanese", "anzac", "war"),
            ("chinese", "british", "allied")} <= set(d.sets)
    assert not [x for x in imp.report.not_imported if "political action" in x]


@needs_g40
def test_g40_declaration_of_war_on_russia(g40):
    # politicalActionAttachment_Axis_To_War_With_Russians (Germans): Germans:Russians:War and
    # Russians:British:Allied (the Soviet Union joins the Allies)
    from game.rules.actions import DeclareWar, EndPhase, apply, legal_actions
    _, sc = g40
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    st = apply(st, EndPhase())
    assert st.phase == "politics"
    assert DeclareWar("Axis To War With Russians") in legal_actions(st)
    st = apply(st, DeclareWar("Axis To War With Russians"))
    assert st.at_war("germans", "russians") and st.allied("russians", "british")
    # the national objective Trade with Russia (atWarPlayers Russians count 0) now fails
    o = by_name(sc, "germans", "Trade with Russia")
    assert objectives.payable(st, o) == 0


@needs_g40
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_the_computer_gets_through_the_g40_politics_phases(g40, level):
    # every power's politics step for two rounds (the other phases just end)
    from game.ai import choose_action
    from game.rules.actions import EndPhase, apply
    _, sc = g40
    st = new_game(sc, load_ruleset(sc.ruleset_id), 2)
    seen = set()
    while st.round <= 2 and not st.over:
        if st.phase == "politics":
            seen.add(st.player)
            st = apply(st, choose_action(st, level))
        else:
            st = apply(st, EndPhase())
    assert "germans" in seen and "neutral_true" not in seen


@needs_g40
def test_g40_united_states_enter_the_war_at_their_third_turn(g40):
    # triggerAttachment_Americans_War_Japanese: when after:americansPlace, conditions
    # conditionAttachmentAmericansNotYetAtWarWithAllAndTurn3 (rounds 3), relationshipChange
    # Japanese:Americans:anyNeutral:War
    from game.rules.actions import EndPhase, apply
    _, sc = g40
    ev = next(e for e in sc.politics.events if e.name == "Americans War Japanese")
    assert (ev.player, ev.phase, ev.moment) == ("americans", "place", "after")
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    st.player_idx = [p.id for p in sc.players].index("americans")
    st.phase_idx = st.ruleset.phases.index("place")
    st.round = 2
    assert not apply(st, EndPhase()).at_war("americans", "japanese")
    st.round = 3
    after = apply(st, EndPhase())
    assert after.at_war("americans", "japanese") and after.allied("americans", "british")


@needs_g40
def test_g40_convoy_zones_and_capitals_import(g40):
    # ww2global40_2nd_edition.xml: territoryAttachment blockadeZone (34 sea zones), unit
    # `blockade` (submarine 2, fighter 2, tactical_bomber 2, surface warships 1, carrier 0),
    # "Convoy Blockades Roll Dice For Cost" true (rolls of 3 or less count: the game notes),
    # playerAttachment Chinese immuneToBlockade
    imp, sc = g40
    cv = sc.convoys
    assert cv is not None and cv.dice and cv.counts_at_most == 3
    assert dict(cv.raiders) == {"submarine": 2, "fighter": 2, "tactical_bomber": 2,
                                "destroyer": 1, "cruiser": 1, "battleship": 1}
    assert len(cv.zones) == 34 and cv.immune == ("chinese",)
    zone, served = next(z for z in cv.zones if z[0] == "sea_zone_106")
    assert served == tuple(sorted(a for a in sc.spaces[zone].adjacent if sc.spaces[a].kind == "land"))
    assert sc.capitals.liberation and sc.capitals.no_purchase
    text = imp.report.text()
    assert "blockade" not in text and "immuneToBlockade" not in text


@needs_g40
def test_g40_china_imports_its_frontiers_and_its_borders(g40):
    # ww2global40_2nd_edition.xml: triggerAttachment_Chinese_Artillery_Supplies switches the
    # frontier productionChinese_Burma_Road_Open (infantry, artillery) on the condition
    # objectiveAttachment_Chinese_1_Burma_Road; rulesAttachment Chinese
    # movementRestrictionTerritories (20 territories), movementRestrictionType allowed
    imp, sc = g40
    china = sc.player_rules["chinese"]
    assert china.buys == ("infantry",)
    (road,) = china.buys_when
    assert road.name == "Burma Road" and road.units == ("artillery",)
    assert len(china.moves_within) == 20 and "yunnan" in china.moves_within
    assert "india" not in china.moves_within
    text = imp.report.text()
    assert "Artillery_Supplies" not in text and "movementRestrictionTerritories" not in text.split(
        "player Chinese rules:")[-1].splitlines()[0]
    s = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    from game.rules import player_rules
    assert not player_rules.purchase_block(s, "artillery", "chinese")   # the road is open in 1940
    s.owners["burma"] = "japanese"
    assert "Burma Road" in player_rules.purchase_block(s, "artillery", "chinese")


EUROPE_VCS = ["united_kingdom", "russia", "germany", "poland", "france", "southern_italy",
              "novgorod", "volgograd", "ontario", "egypt", "eastern_united_states"]


def _turns_until(st, player):
    """End whole turns (phase by phase) until `player`'s turn begins."""
    from game.rules.actions import EndPhase, apply
    while st.player != player and not st.over:
        st = apply(st, EndPhase())
    return st


@needs_g40
def test_g40_victory_conditions_import_and_need_a_complete_round(g40):
    # ww2global40_2nd_edition.xml triggerAttachmentAxisVictory1: conditionAttachmentAxisVictory0
    # (8 of the 11 Europe victory cities OR 6 of the 8 Pacific ones, alliedOwnership) and
    # AxisVictory3 (one of Germany, Southern Italy, Japan); triggerAttachmentAlliedVictory1:
    # Berlin, Rome and Tokyo and one of London, Moscow, Paris, Washington. The 2nd edition
    # rulebook ("Victory Conditions") and the XML's notes: held "for a complete round of play"
    from game.rules.actions import EndPhase, apply
    imp, sc = g40
    axis, allies = sc.victory_conditions
    assert (axis.alliance, axis.player, axis.hold_round) == ("axis", "germans", True)
    assert (allies.alliance, allies.hold_round) == ("allies", True)
    assert sc.victory_cities == {}
    assert "conditionAttachmentAxisVictory" not in imp.report.text()
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    st.phase_idx = st.ruleset.phases.index("collect_income")
    taken = ["united_kingdom", "russia", "france", "novgorod", "volgograd"]
    for s in taken:              # with Germany, Poland, Southern Italy: 8 Europe cities
        st.owners[s] = "germans"
    assert sum(st.alliance_of(st.owners[s]) == "axis" for s in EUROPE_VCS) == 8
    st = apply(st, EndPhase())   # the end of Germany's turn: met, not yet won
    assert not st.over and st.victory_held
    st = _turns_until(st, "italians")
    assert not st.over           # the Allies have not all had their turn yet
    st = _turns_until(st, "germans")
    assert st.over and st.winner == "axis"


@needs_g40
def test_g40_axis_capitals_alone_do_not_win_at_once(g40):
    # the Allies need Berlin, Rome and Tokyo for a complete round (not TripleA's capitals rule)
    from game.rules.actions import EndPhase, apply
    _, sc = g40
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    st.player_idx = [p.id for p in sc.players].index("british")
    st.phase_idx = st.ruleset.phases.index("collect_income")
    for s in ("germany", "southern_italy", "japan"):
        st.owners[s] = "british"
    st = apply(st, EndPhase())
    assert not st.over
    st = _turns_until(st, "british")
    assert st.over and st.winner == "allies"


@needs_g40
def test_g40_uk_pacific_is_a_separate_economy_of_the_british(g40):
    # ww2global40_2nd_edition.xml: playerAttachment UK_Pacific giveUnitControl British;
    # territoryAttachment (Burma, ...) whenCapturedByGoesTo British:UK_Pacific; <sequence>:
    # Germans, Russians, Japanese, Americans, Chinese, British (UK_PacificPurchase,
    # UK_PacificPlace within), Italians, ANZAC, French (the 2nd edition rulebook's order)
    from game.rules.actions import EndPhase, Place, Purchase, apply
    imp, sc = g40
    order = [p.id for p in sc.players if not (sc.politics and p.id in sc.politics.neutrals)]
    assert order == ["germans", "russians", "japanese", "americans", "chinese", "british",
                     "uk_pacific", "italians", "anzac", "french"]
    ukp = sc.player("uk_pacific")
    assert (ukp.units_to, ukp.capital, ukp.resources) == ("british", "india", 17)
    assert sc.spaces["burma"].captured_for == (("british", "uk_pacific"),)
    assert sc.spaces["egypt"].captured_for == ()
    assert "Burma options" not in imp.report.text()
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    assert st.power_of("uk_pacific") == "united_kingdom"
    st.player_idx = [p.id for p in sc.players].index("uk_pacific")
    st.turn_owners = dict(st.owners)
    st = apply(st, Purchase("infantry", 2))
    assert (st.resources["uk_pacific"], st.resources["british"]) == (11, 28)
    while st.phase != "place":
        st = apply(st, EndPhase())
    before = sum(1 for u in st.units_in("india") if u.owner == "british")
    st = apply(st, Place("infantry", "india", 2))
    assert sum(1 for u in st.units_in("india") if u.owner == "british") == before + 2
    assert not any(u.owner == "uk_pacific" and u.type == "infantry" for u in st.units.values())


@needs_g40
def test_g40_kamikaze_imports(g40):
    # ww2global40_2nd_edition.xml: Japanese playerAttachment suicideAttackResources
    # SuicideAttackTokens count 2; resourceGiven 6 SuicideAttackTokens to the Japanese;
    # triggerAttachment_Japanese_Recruit_Kamikaze_Pilots_alpha sets kamikazeZone on sea zones
    # 6, 17, 19, 20, 22, 35; "Use Kamikaze Suicide Attacks" true
    imp, sc = g40
    k = sc.kamikaze
    assert (k.player, k.tokens, k.value) == ("japanese", 6, 2)
    assert sorted(k.zones) == sorted(f"sea_zone_{n}" for n in (6, 17, 19, 20, 22, 35))
    text = imp.report.text()
    assert "Recruit_Kamikaze" not in text
    assert not any("suicideAttack" in row for row in imp.report.not_imported)
