"""A scenario's computer opening (`ai_opening:`, game/ai/hex/opening.py, docs/ai.md
"Openings"): played from the scenario's start only, checked by the loader and by lint."""
from pathlib import Path

import pytest

from game.ai import choose_action
from game.rules.actions import Attack, EndPhase, Move, apply
from game.rules.errors import LoadError
from game.rules.ruleset import SCENARIO_DIR, load_ruleset, load_scenario, load_scenario_file
from game.rules.session import Session
from game.tools_lint import scenario_warnings

CRETE = (Path(SCENARIO_DIR) / "crete_1941.yaml").read_text()
BOOK = "      - {from: [4, 5], units: {parachute: 2}, to: [2, 5]}\n"


def crete(seed: int = 1):
    """Crete at the Germans' first movement phase."""
    sc = load_scenario("crete_1941")
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    while s.state.phase != "movement":
        s.do(choose_action(s.state, "standard"))
    return s


def first_turn(s: Session) -> list:
    """The Germans' actions up to the end of their first combat phase."""
    done = []
    while s.state.round == 1 and s.state.player == "germany" and s.state.phase in ("movement", "combat"):
        a = choose_action(s.state, "standard")
        done.append((s.state.phase, a, s.state))
        s.do(a)
    return done


def test_crete_s_german_opening_puts_both_prison_valley_regiments_on_maleme():
    # scenario crete_1941, ai_opening.germany: both regiments in Prison Valley (4,5) move
    # next to Maleme (2,4) and attack it with the gliders; no other attack in round 1
    s = crete(104000)
    done = first_turn(s)
    moves = [(st.units[a.units[0]].space, a.path[-1]) for ph, a, st in done
             if ph == "movement" and isinstance(a, Move)]
    assert moves == [("4,5", "2,5"), ("4,5", "2,5")]
    attacks = [a for _, a, _ in done if isinstance(a, Attack)]
    assert [a.target for a in attacks] == ["2,4"] and len(attacks[0].units) == 4
    assert isinstance(done[-1][1], EndPhase)


def test_the_tutorial_s_germans_hold_their_fire_in_the_first_turn():
    # scenario hex_tutorial, ai_opening.germany: the planner's own first moves and no
    # attack. The lone paratroop regiment's 3:2 on the Hill airstrip, which the rollouts
    # chose about one time in five on noise, cost 27 games in 1,000 against random when
    # always made ("Stop 38" in git history of docs/ai.md)
    sc = load_scenario("hex_tutorial")
    assert sc.hexmap.openings["germany"].no_attacks
    for seed in (161020, 161128):
        s = Session(sc, load_ruleset(sc.ruleset_id), seed)
        while s.state.phase != "movement":
            s.do(choose_action(s.state, "standard"))
        done = first_turn(s)
        moves = [(st.units[a.units[0]].type, a.path[-1]) for ph, a, st in done
                 if ph == "movement" and isinstance(a, Move)]
        assert moves == [("parachute", "4,1"), ("parachute", "3,0"), ("combat_engineer", "1,4"),
                         ("mountain_infantry", "3,0"), ("field_artillery", "2,1"), ("parachute_hq", "2,1")]
        assert not [a for _, a, _ in done if isinstance(a, Attack)]


def test_without_the_opening_the_planner_plays_its_own_first_turn(ai_knobs):
    ai_knobs(openings=False)
    done = first_turn(crete(104000))
    moved = [a for ph, a, _ in done if ph == "movement" and isinstance(a, Move)]
    assert len(moved) != 2 or {a.target for _, a, _ in done if isinstance(a, Attack)} != {"2,4"}


def test_the_opening_is_not_played_from_another_position():
    from game.ai.hex import opening as hexopening
    s = crete()
    st = s.state
    assert hexopening.moves(st) is not None
    para = next(u for u in st.units.values() if u.type == "parachute" and u.space == "4,5")
    from game.rules.hex import move as hexmove
    st2 = apply(st, Move((para.uid,), hexmove.reachable(st, (para.uid,))["3,6"]))
    assert hexopening.moves(st2) is None          # a unit has moved: the planner plays
    # its combat phase: the units that have not attacked stand elsewhere than the opening's
    st3 = apply(st2, EndPhase())
    assert st3.phase == "combat" and hexopening.attack(st3) is None


def broken(tmp_path, old, new):
    assert CRETE.count(old) == 1
    p = tmp_path / "crete_1941.yaml"
    text = CRETE.replace(old, new)
    p.write_text(text)
    with pytest.raises(LoadError) as exc:
        load_scenario_file(p)
    d = exc.value.diagnostics[0]
    assert d.path == str(p)
    return d, text.splitlines()


def test_a_misspelt_unit_in_the_opening_names_file_line_and_field(tmp_path):
    d, lines = broken(tmp_path, BOOK, BOOK.replace("parachute: 2", "parachut: 2"))
    assert "parachut" in lines[d.line - 1]
    assert d.message.startswith("ai_opening.germany.moves[0].units: unknown unit 'parachut'")


def test_an_opening_hex_off_the_map_is_an_error(tmp_path):
    d, lines = broken(tmp_path, "target: [2, 4]", "target: [99, 4]")
    assert "99, 4" in lines[d.line - 1] and d.message == \
        "ai_opening.germany.attacks[0].target: hex 99,4 is not on the map"


def test_an_opening_s_attacks_neither_a_list_nor_none_is_an_error(tmp_path):
    d, lines = broken(tmp_path, "    attacks:\n      - {target: [2, 4], from: [[1, 4], [2, 5]]}\n", "    attacks: nope\n")
    assert "attacks: nope" in lines[d.line - 1]
    assert d.message == "ai_opening.germany.attacks: expected a list of {target, from} or none, got 'nope'"


def test_an_opening_for_an_unknown_player_is_an_error(tmp_path):
    d, _ = broken(tmp_path, "ai_opening:\n  germany:", "ai_opening:\n  germnay:")
    assert d.message.startswith("ai_opening.germnay: unknown player 'germnay'")


def lint(tmp_path, old, new):
    """The opening's lint warnings, each with the text of the line it names."""
    p = tmp_path / "crete_1941.yaml"
    text = CRETE.replace(old, new)
    p.write_text(text)
    lines = text.splitlines()
    return [(d.message, lines[d.line - 1].strip()) for d in scenario_warnings(load_scenario_file(p)[0])
            if "ai_opening" in d.message]


def test_lint_reports_an_opening_move_the_rules_do_not_allow(tmp_path):
    assert lint(tmp_path, "", "") == []
    msgs = lint(tmp_path, BOOK, BOOK.replace("to: [2, 5]", "to: [9, 9]"))
    assert msgs == [("ai_opening.germany: moves[0]: parachute cannot reach 9,9 from 4,5 "
                     "(the computer ignores this opening)", BOOK.replace("to: [2, 5]", "to: [9, 9]").strip())]
    msgs = lint(tmp_path, BOOK, BOOK.replace("parachute: 2", "parachute: 3"))
    assert len(msgs) == 1 and "2 parachute of germany can move from 4,5, not 3" in msgs[0][0]


def test_lint_reports_an_opening_attack_nobody_can_make(tmp_path):
    msgs = lint(tmp_path, "target: [2, 4]", "target: [5, 4]")
    assert msgs == [("ai_opening.germany: attacks[0]: no unit in 1,4, 2,5 can attack 5,4 after the opening's moves",
                     "- {target: [5, 4], from: [[1, 4], [2, 5]]}")]


def test_an_opening_without_attacks_leaves_them_to_the_planner(monkeypatch):
    from game.ai.hex import opening as hexopening
    from game.rules.hex.model import Opening, OpeningMove
    book = Opening(moves=(OpeningMove("4,5", "parachute", 2, "2,5"),))
    monkeypatch.setattr(hexopening, "opening", lambda st: book if st.round == 1 else None)
    st = crete().state
    plan = hexopening.moves(st)
    assert plan is not None and len(plan) == 2
    for a in plan:
        st = apply(st, a)
    st = apply(st, EndPhase())
    assert st.phase == "combat" and hexopening.attack(st) is None


def test_an_opening_with_attacks_none_makes_no_attack_in_the_first_turn(tmp_path, monkeypatch):
    # docs/hex-format.md: `attacks: none` holds the first turn's fire (the tutorial's
    # Germans, "Stop 38" in git history of docs/ai.md), where no attacks listed leaves them to the planner
    from game.ai.hex import opening as hexopening
    p = tmp_path / "crete_1941.yaml"
    text = CRETE.replace("    attacks:\n      - {target: [2, 4], from: [[1, 4], [2, 5]]}\n", "    attacks: none\n")
    assert "attacks: none" in text
    p.write_text(text)
    sc = load_scenario_file(p)[0]
    book = sc.hexmap.openings["germany"]
    assert book.no_attacks and not book.attacks
    assert not [m for m in scenario_warnings(sc) if "ai_opening" in m.message]
    monkeypatch.setattr(hexopening, "opening", lambda st: book if st.round == 1 else None)
    done = first_turn(crete(104000))
    assert not [a for _, a, _ in done if isinstance(a, Attack)]
    assert [(st.units[a.units[0]].space, a.path[-1]) for ph, a, st in done
            if ph == "movement" and isinstance(a, Move)] == [("4,5", "2,5"), ("4,5", "2,5")]


def test_a_reinforcement_hex_off_the_map_is_an_error_too(tmp_path):
    # the same check (hexload._on_map) as an opening's hexes
    d, lines = broken(tmp_path, "at: [2, 4], units: {light_tank: 1}", "at: [99, 4], units: {light_tank: 1}")
    assert "99, 4" in lines[d.line - 1] and d.message == "reinforcements[3].at: hex 99,4 is not on the map"
