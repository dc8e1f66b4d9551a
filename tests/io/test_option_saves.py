"""A save records the game options switched off (issue #41), replays with them, and an
older Warboard (save version 2) refuses it instead of replaying with every option on."""
import pytest

from game.ai import choose_action
from game.io import saves
from game.io.saves import SaveError, load_session, read_save, write_save
from game.rules.ruleset import load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash
from game.rules.variant import ruleset_for


def played(without):
    sc = load_scenario("mediterranean_1940")
    s = Session(sc, ruleset_for(sc, None, without), 3)
    for _ in range(40):
        if s.state.over:
            break
        s.do(choose_action(s.state, "random"))
    return s


def test_a_save_records_the_options_off_and_replays_with_them(tmp_path):
    s = played(("supply", "fleet_air_defense"))
    write_save(tmp_path / "g.json", s)
    data = read_save(tmp_path / "g.json")
    assert data["options_off"] == ["fleet_air_defense", "supply"] and data["version"] == 3
    back, _ = load_session(tmp_path / "g.json", from_snapshot=False)
    assert back.ruleset.options_off == {"supply", "fleet_air_defense"}
    assert back.ruleset.supply is None
    assert state_hash(back.state) == state_hash(s.state)


def test_a_save_with_every_option_on_stays_version_1(tmp_path):
    write_save(tmp_path / "g.json", played(()))
    data = read_save(tmp_path / "g.json")
    assert "options_off" not in data and data["version"] == 1


def test_an_older_reader_refuses_a_save_with_options_off(tmp_path, monkeypatch):
    write_save(tmp_path / "g.json", played(("tracks",)))
    monkeypatch.setattr(saves, "VERSION", 2)
    with pytest.raises(SaveError, match="newer Warboard"):
        read_save(tmp_path / "g.json")


def test_a_save_naming_an_unknown_option_is_refused(tmp_path):
    import json
    write_save(tmp_path / "g.json", played(("tracks",)))
    data = json.loads((tmp_path / "g.json").read_text())
    data["options_off"] = ["no_such_rule"]
    (tmp_path / "g.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="no game option 'no_such_rule'"):
        load_session(tmp_path / "g.json")
