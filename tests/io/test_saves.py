"""Saves: round trip, atomic writes, refusal of corrupt and future files."""
import gzip
import json
from pathlib import Path

import pytest

from game.ai import choose_action
from game.io.saves import SaveError, load_session, read_save, write_save
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

MINI = str(Path(__file__).parents[1] / "fixtures" / "mini.yaml")


def played(n=150, seed=3):
    sc = load_scenario(MINI)
    s = Session(sc, load_ruleset("g40"), seed)
    for _ in range(n):
        if s.state.over:
            break
        s.do(choose_action(s.state))
    return s


@pytest.mark.parametrize("name", ["game.json", "game.json.gz"])
def test_round_trip(tmp_path, name):
    s = played()
    path = tmp_path / name
    write_save(path, s)
    loaded, data = load_session(path)
    assert state_hash(loaded.state) == state_hash(s.state) == data["snapshot"]["state_hash"]
    assert len(loaded.actions) == len(s.actions)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".warboard-")], "temp file left"


def test_corrupt_save_is_refused_and_untouched(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": "warboard-save", "version": 1, "actions": [')
    before = path.read_bytes()
    with pytest.raises(SaveError, match="corrupt"):
        read_save(path)
    assert path.read_bytes() == before


def test_truncated_gzip_is_refused(tmp_path):
    path = tmp_path / "bad.json.gz"
    path.write_bytes(gzip.compress(b'{"format": "warboard-save"}')[:15])
    with pytest.raises(SaveError):
        read_save(path)


def test_future_version_is_refused(tmp_path):
    s = played(20)
    path = tmp_path / "future.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer Warboard"):
        load_session(path)


def test_illegal_action_in_save_is_refused(tmp_path):
    s = played(20)
    path = tmp_path / "tampered.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    data["actions"].insert(0, {"kind": "purchase", "unit": "battleship", "count": 50})
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="cannot be replayed"):
        load_session(path, from_snapshot=False)
    # a player's load continues from the saved position instead (see test_save_resume.py)
    loaded, data = load_session(path)
    assert state_hash(loaded.state) == state_hash(s.state) and data["notice"]


def test_undo_within_phase_never_past_a_roll(mini):
    from game.rules.actions import EndPhase, Purchase
    sc = load_scenario(MINI)
    s = Session(sc, load_ruleset("g40"), 1)
    s.do(Purchase("infantry", 1))
    s.do(Purchase("armour", 1))
    s.undo()
    assert s.state.resources["red"] == 27 and len(s.actions) == 1
    s.do(EndPhase())
    assert not s.can_undo()


def test_save_replays_after_the_scenario_file_changes(tmp_path):
    # a save carries the rules and map it was played with
    import shutil
    src = Path(MINI)
    mine = tmp_path / "mini_copy.yaml"
    shutil.copy(src, mine)
    sc = load_scenario(str(mine))
    s = Session(sc, load_ruleset("g40"), 3)
    for _ in range(150):
        if s.state.over:
            break
        s.do(choose_action(s.state))
    path = tmp_path / "g.json.gz"
    write_save(path, s)
    # the map changes afterwards: Redland now starts with far more money
    mine.write_text(mine.read_text().replace("capital: a1, resources: 30", "capital: a1, resources: 90"))
    loaded, data = load_session(path)
    assert state_hash(loaded.state) == data["snapshot"]["state_hash"]
    mine.unlink()
    loaded, _ = load_session(path)
    assert state_hash(loaded.state) == data["snapshot"]["state_hash"]
    again = tmp_path / "again.json"
    write_save(again, loaded)
    reloaded, _ = load_session(again)
    assert state_hash(reloaded.state) == data["snapshot"]["state_hash"]


@pytest.mark.parametrize("key,value", [("snapshot", "x"), ("embedded", [1]), ("actions", {"a": 1})])
def test_damaged_fields_are_refused_with_a_message(tmp_path, key, value):
    # QA: a save whose "snapshot" was a string crashed `replay --verify` with a traceback
    s = played(20)
    path = tmp_path / "damaged.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    data[key] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=f"damaged: '{key}'"):
        load_session(path)
