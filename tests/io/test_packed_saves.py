"""Big saves pack their bulky fields (save version 4, issue #45): the same game, a
fraction of the size; damaged packing is refused; older plain saves still load."""
import json
from pathlib import Path

import pytest

from game.ai import choose_action
from game.io import saves
from game.io.saves import SaveError, load_session, read_save, write_save
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

MINI = str(Path(__file__).parents[1] / "fixtures" / "mini.yaml")
ROOT = Path(__file__).resolve().parents[2]
G40 = next((p / "shared" / "data" / "triplea" / "world_war_ii_global" for p in (ROOT.parent, ROOT.parent.parent)
            if (p / "shared").is_dir()), ROOT.parent / "shared" / "data" / "triplea" / "world_war_ii_global")
G40_XML = G40 / "map" / "games" / "ww2global40_2nd_edition.xml"


def played(scenario=MINI, ruleset="g40", n=150, seed=3):
    sc = load_scenario(scenario)
    s = Session(sc, load_ruleset(ruleset), seed)
    for _ in range(n):
        if s.state.over:
            break
        s.do(choose_action(s.state, "greedy"))
    return s


@pytest.fixture
def pack_all(monkeypatch):
    monkeypatch.setattr(saves, "PACK_ABOVE", 0)   # the mini map's saves are small


def test_a_packed_save_replays_the_same_game(tmp_path, pack_all):
    s = played()
    path = tmp_path / "g.json"
    write_save(path, s)
    raw = json.loads(path.read_text())
    assert raw["version"] == saves.PACKED_VERSION and raw["actions"]["packed"] == "zlib"
    assert raw["embedded"]["scenario_yaml"]["packed"] == "xz"
    # the load dialog's summary stays in the clear
    assert raw["snapshot"]["round"] == s.state.round and raw["snapshot"]["phase"] == s.state.phase
    loaded, data = load_session(path, from_snapshot=False)
    assert state_hash(loaded.state) == state_hash(s.state) == data["snapshot"]["state_hash"]
    assert data["embedded"]["scenario_yaml"] == Path(MINI).read_text()
    assert "notice" not in data and len(loaded.actions) == len(s.actions)


def test_a_packed_save_continues_from_its_packed_snapshot(tmp_path, pack_all, monkeypatch):
    # neither rules replay it (as after a rules fix): the saved position is restored
    s = played()
    path = tmp_path / "g.json"
    write_save(path, s)
    monkeypatch.setattr(saves, "_replay", lambda *a: (_ for _ in ()).throw(ValueError("no replay")))
    loaded, data = load_session(path)
    assert data["notice"] == saves.RESUMED_NOTICE and state_hash(loaded.state) == state_hash(s.state)


def test_small_saves_stay_plain():
    s = played(n=30)
    doc = saves.to_json(s)
    assert len(json.dumps(doc)) < saves.PACK_ABOVE and doc["version"] < saves.PACKED_VERSION


@pytest.mark.parametrize("damage", [
    lambda d: d["actions"].update(data=d["actions"]["data"][:-9]),        # cut short
    lambda d: d["actions"].update(data="~~~~" + d["actions"]["data"]),     # not base85
    lambda d: d["actions"].update(packed="bz9"),                           # unknown codec
    lambda d: d["embedded"]["scenario_yaml"].update(data=d["actions"]["data"]),  # wrong codec
])
def test_damaged_packing_is_refused_and_the_file_untouched(tmp_path, pack_all, damage):
    s = played(n=40)
    path = tmp_path / "g.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    damage(data)
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError, match="corrupt"):
        load_session(path)
    assert path.read_bytes() == before


def test_a_packed_bomb_stops_at_the_size_limit(tmp_path, pack_all, monkeypatch):
    import base64
    import zlib
    s = played(n=40)
    path = tmp_path / "g.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    bomb = zlib.compress(b"[" + b"0," * 3_000_000 + b"0]", 9)
    data["actions"]["data"] = base64.b85encode(bomb).decode()
    path.write_text(json.dumps(data))
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1_000_000)
    with pytest.raises(SaveError, match="bytes unpacked"):
        read_save(path)


def test_a_future_packed_save_is_refused(tmp_path, pack_all):
    s = played(n=40)
    path = tmp_path / "g.json"
    write_save(path, s)
    data = json.loads(path.read_text())
    data["version"] = saves.VERSION + 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer Warboard"):
        load_session(path)


def test_the_load_dialog_summarises_a_packed_save(tmp_path, pack_all):
    from game.ui.menu import save_info
    s = played()
    path = tmp_path / "g.json"
    write_save(path, s)
    info = save_info(path)
    assert info.startswith(s.scenario.title) and f"Round {s.state.round}" in info


@pytest.mark.skipif(not G40_XML.exists(), reason="../shared TripleA data not present")
def test_a_global_1940_save_is_under_300_kb(tmp_path):
    # issue #45: a 10-round Global 1940 game saved 1.08 MB of JSON, 57 % of it the
    # embedded map (bench: save_g40_10_rounds_kb); a round here, the map is the bulk
    from game.io.triplea import import_map
    from game.io.triplea_write import write
    files = write(import_map(G40, game=G40_XML.name, scenario_id="g40"), tmp_path / "g40.yaml")
    s = played(str(files[0]), "g40_g40", n=400)
    path = tmp_path / "g.json"
    write_save(path, s)
    assert len(json.dumps(saves.to_json(s))) > 600_000      # what a plain save would be
    assert path.stat().st_size < 300_000
    loaded, data = load_session(path, from_snapshot=False)
    assert state_hash(loaded.state) == state_hash(s.state) and "notice" not in data


def test_a_big_games_texts_are_packed_ahead_of_its_first_save(monkeypatch):
    # packing an imported Global 1940 map takes a second: done in a thread once the game
    # shows (GameController), so that the first autosave does not stall the window
    s = played(n=10)
    assert not saves.big_sources(s)            # the mini map: nothing to pack ahead
    monkeypatch.setattr(saves, "PACK_ABOVE", 0)
    assert saves.big_sources(s)
    saves._pack_text.cache_clear()
    saves.prepare_packing(s)
    assert saves._pack_text.cache_info().currsize == 2   # the ruleset's text and the map's
    saves.pack(saves.to_json(s))
    assert saves._pack_text.cache_info().hits == 2       # the save found them made
