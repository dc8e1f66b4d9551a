"""Global 1940's politics as the importer reads ww2global40_2nd_edition.xml (issue #46
item 7): the relationship types with more than an archetype become named relations
(relationshipTypeAttachment Friendly_Neutral, Custodianship, Concordant), and the
*_Friendly_With_TrueNeutrals triggers politics events opening the true neutrals' armies."""
from tests.io.test_triplea_g40 import g40, needs_g40  # noqa: F401  (the module's fixture)

ALLIES = ["americans", "french", "british", "anzac", "chinese", "russians"]


@needs_g40
def test_the_relationship_types_are_read_exactly(g40):  # noqa: F811
    text = g40.report.text()
    assert "relationship type" not in "\n".join(g40.report.approximated), text
    pol = g40.scenario["politics"]
    assert pol["types"]["friendly_neutral"] == {
        "is": "allied", "takes_over": True, "land_enters": True, "air_over": False,
        "air_lands": False, "combat_move_into": False}
    assert pol["types"]["custodianship"] == {"is": "allied", "takes_over": True}
    assert pol["types"]["concordant"] == {"is": "neutral", "land_enters": True, "air_over": True,
                                          "air_lands": True}
    rel = {tuple(r["between"]): r["is"] for r in pol["relations"]}
    assert rel[("chinese", "uk_pacific")] == "concordant" and rel[("british", "dutch")] == "custodianship"
    assert rel[("germans", "neutral_axis")] == "friendly_neutral"


@needs_g40
def test_the_true_neutrals_triggers_are_events(g40):  # noqa: F811
    events = {e["name"]: e for e in g40.scenario["politics"]["events"]}
    # triggerAttachment_British_Friendly_With_TrueNeutrals: before:britishPolitics, uses 1,
    # conditionAttachment_British_Friendly_With_TrueNeutrals (British:Neutral_True:Friendly_Neutral)
    e = events["British Friendly With TrueNeutrals"]
    assert (e["player"], e["phase"], e["moment"], e["uses"]) == ("british", "politics", "before", 1)
    assert e["when"] == [{"relation": ["british", "neutral_true"], "is": "friendly_neutral"}]
    assert e["raises"]["by"] == ALLIES and len(e["raises"]["in"]) == 12 and "spain" in e["raises"]["in"]
    assert events["Germans Friendly With TrueNeutrals"]["raises"]["by"] == ["germans", "italians", "japanese"]
    assert "TrueNeutrals" not in "\n".join(g40.report.not_imported)


@needs_g40
def test_the_switches_and_their_triggers_are_read(g40):  # noqa: F811
    # conditionAttachment_Axis_Capture_London_Switch / _Axis_Land_In_North_America_Switch
    # (switch false) and the five triggers setting them true after an Axis battle step
    assert "switch read as always" not in "\n".join(g40.report.approximated)
    pol = g40.scenario["politics"]
    assert pol["switches"] == {"axis_capture_london": False, "axis_land_in_north_america": False}
    london = [e for e in pol["events"] if e.get("switches") == {"axis_capture_london": True}]
    assert [(e["player"], e["phase"], e["moment"]) for e in london] == [
        ("germans", "conduct_combat", "after"), ("italians", "conduct_combat", "after")]
    assert london[0]["when"] == [{"owned": ["united_kingdom"], "of": "allied"}]
    # Unprovoked (a war the British started) is told apart from War by name
    assert pol["types"]["unprovoked"] == {"is": "war"}


@needs_g40
def test_players_and_political_actions_get_readable_names_and_keep_their_ids(g40):  # noqa: F811
    # issue 46 (new-user playthrough): TripleA's UK_Pacific and Neutral_* read as a player of
    # the board game says them; the ids (what saves name) stay TripleA's
    names = {p["id"]: p["name"] for p in g40.scenario["players"]}
    assert names["uk_pacific"] == "UK Pacific"
    assert (names["neutral_axis"], names["neutral_allies"], names["neutral_true"]) == (
        "Pro-Axis neutrals", "Pro-Allied neutrals", "True neutrals")
    decl = {(d["player"], d["name"]): d for d in g40.scenario["politics"]["declarations"]}
    # politicalActionAttachment_Axis_To_War_With_TrueNeutrals: still its id, a sentence shown
    assert decl[("germans", "Axis To War With TrueNeutrals")]["title"] == "Axis to war with the true neutrals"
    assert decl[("japanese", "Japanese To War With British And ANZAC")]["title"] == (
        "Japanese to war with British and ANZAC")
