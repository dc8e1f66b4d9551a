"""Saves record the variant a game is played with, so a replay uses the same rules."""
import json
from pathlib import Path

from game.ai import choose_action
from game.io.saves import load_session, read_save, write_save
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash
from game.rules.variant import ruleset_for

DUEL = str(Path(__file__).parents[1] / "fixtures" / "duel.yaml")


def played(tmp_path, variant_text="extends: g40\nunits:\n  infantry: {cost: 1}\n"):
    vpath = tmp_path / "cheap_infantry.yaml"
    vpath.write_text(variant_text, encoding="utf-8")
    sc = load_scenario(DUEL)
    s = Session(sc, ruleset_for(sc, str(vpath)), 5)
    while s.state.round < 3 and not s.state.over:
        s.do(choose_action(s.state, "greedy"))
    return s, vpath


def test_save_records_and_embeds_the_variant(tmp_path):
    s, vpath = played(tmp_path)
    write_save(tmp_path / "g.json", s)
    data = read_save(tmp_path / "g.json")
    # issue #47: a save names no file of its author's machine
    assert data["variant"]["id"] == "cheap_infantry" and "path" not in data["variant"]
    assert "scenario_path" not in data and str(tmp_path) not in json.dumps(data)
    assert data["embedded"]["variant_yaml"] == vpath.read_text()
    assert "id: g40" in data["embedded"]["ruleset_yaml"]
    back, _ = load_session(tmp_path / "g.json")
    assert back.ruleset.variant == "cheap_infantry" and back.ruleset.units["infantry"].cost == 1
    assert state_hash(back.state) == state_hash(s.state)


def test_replay_uses_the_saved_variant_when_the_file_is_gone_or_changed(tmp_path):
    s, vpath = played(tmp_path)
    write_save(tmp_path / "g.json", s)
    vpath.write_text("extends: g40\nunits:\n  infantry: {cost: 2}\n", encoding="utf-8")
    back, _ = load_session(tmp_path / "g.json")
    assert back.ruleset.units["infantry"].cost == 1  # the rules the game was played with
    assert state_hash(back.state) == state_hash(s.state)
    vpath.unlink()
    back, _ = load_session(tmp_path / "g.json")
    assert back.ruleset.variant == "cheap_infantry" and back.sources is not None
    assert state_hash(back.state) == state_hash(s.state)
    # saving again keeps the embedded copy
    write_save(tmp_path / "h.json", back)
    again, _ = load_session(tmp_path / "h.json")
    assert state_hash(again.state) == state_hash(s.state)


def test_saves_without_variant_are_unchanged(tmp_path):
    sc = load_scenario(DUEL)
    s = Session(sc, ruleset_for(sc), 5)
    write_save(tmp_path / "p.json", s)
    data = json.loads((tmp_path / "p.json").read_text())
    assert "variant" not in data and "variant_yaml" not in data["embedded"]
