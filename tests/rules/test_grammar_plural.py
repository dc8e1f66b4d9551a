"""QA P3: verbs agree with plural player and alliance names (TripleA: 'Germans',
'Russians', 'Allies'); the battle window reads the battle result, not the log text."""
from dataclasses import replace

import pytest

from game.rules import grammar, victory
from game.rules.model import Battle, Unit
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import battle as B


@pytest.mark.parametrize("name, plural", [
    ("Germans", True), ("Russians", True), ("Allies", True), ("Chinese", True),
    ("British", True), ("Germans and Italians", True), ("Germany", False), ("Axis", False),
    ("United States", False), ("Soviet Union", False), ("Redland", False),
])
def test_plural_is_guessed_from_the_name(name, plural):
    assert grammar.is_plural(name) is plural


@pytest.mark.parametrize("verb, plural_form", [
    ("wins", "win"), ("takes", "take"), ("has", "have"), ("is", "are"), ("seizes", "seize"),
    ("chooses", "choose"), ("carries", "carry"), ("reaches", "reach"), ("holds", "hold"),
])
def test_verb_agrees(verb, plural_form):
    assert grammar.verb(verb, True) == plural_form
    assert grammar.verb(verb, False) == verb


def v3_state():
    sc = load_scenario("world_war_ii_v3_1941")
    return Session(sc, load_ruleset(sc.ruleset_id), 1).state.copy()


def test_plural_player_wins_the_battle_and_the_result_is_structured():
    state = v3_state()
    space = next(s for s, o in state.owners.items() if o == "russians")
    for u in [u for u in state.units.values() if u.space == space]:
        del state.units[u.uid]
    uid = state.next_uid
    state.next_uid += 1
    state.units[uid] = Unit(uid, "infantry", "germans", space)
    state.zone.battle = Battle(space, "germans", ("russians",))
    B.finish(state)
    name = state.scenario.spaces[space].name
    assert state.log()[-1] == f"Germans win the battle in {name}."
    r = state.zone.last_battle
    assert r is not None and (r.space, r.attacker, r.outcome) == (space, "germans", "attacker")
    assert B.result_text(state, r, past=True) == f"Germans win the battle in {name}."


def test_explicit_plural_field_overrides_the_guess():
    state = v3_state()
    players = tuple(replace(p, plural=False) if p.id == "germans" else p for p in state.scenario.players)
    state.scenario = replace(state.scenario, players=players)
    assert grammar.player_says(state.scenario, "germans", "wins") == "Germans wins"
    assert grammar.player_says(state.scenario, "russians", "takes") == "Russians take"


def test_game_over_with_a_plural_alliance():
    state = v3_state()
    victory.finish_game(state, "allies", "victory cities")
    assert state.log()[-1] == "Game over: Allies win (victory cities)."


def test_plural_field_loads(tmp_path):
    from game.rules.ruleset import ROOT, load_scenario_file
    text = (ROOT / "scenarios" / "world_war_ii_v3_1941.yaml").read_text(encoding="utf-8")
    text = text.replace('name: "Germans",', 'name: "Germans", plural: false,', 1)
    f = tmp_path / "world_war_ii_v3_1941.yaml"
    f.write_text(text, encoding="utf-8")
    sc = load_scenario_file(f)
    sc = sc[0] if isinstance(sc, tuple) else sc
    assert sc.player("germans").plural is False


def test_fire_steps_and_tasks_agree_with_the_name():
    state = v3_state()
    assert B.step_name("att_fire", grammar.name_plural(state.scenario, "Germans")) == "fire"
    assert B.step_name("remove", True) == "remove casualties"
    assert B.step_name("att_fire", False) == "fires"
    assert B.step_name("aa", True) == "anti-aircraft fire"
    assert grammar.name_plural(state.scenario, "Germans, Italians")
    assert grammar.phrase("chooses casualties", True) == "choose casualties"


def test_a_win_with_aircraft_alone_says_the_territory_is_not_taken():
    # playtest (issue #46, solo G40): Germany's attack on France left only tactical
    # bombers; the window and log said "Germans win the battle in France" while France
    # stayed French (aircraft take no territory: A&A rulebook, "Conduct Combat")
    state = v3_state()
    space = next(s for s, o in state.owners.items() if o == "russians" and state.scenario.spaces[s].kind == "land")
    for u in [u for u in state.units.values() if u.space == space]:
        del state.units[u.uid]
    uid = state.next_uid
    state.next_uid += 1
    state.units[uid] = Unit(uid, "fighter", "germans", space)
    state.zone.battle = Battle(space, "germans", ("russians",))
    B.finish(state)
    name = state.scenario.spaces[space].name
    assert state.owners[space] == "russians"
    assert state.log()[-1] == f"Germans win the battle in {name}; {name} is not taken: no unit that may capture it is left."
