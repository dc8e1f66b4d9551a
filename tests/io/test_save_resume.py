"""Saves that no longer replay under newer rules code continue from their saved
position; one autosave file per game, kept bounded."""
import json
import os
from pathlib import Path

import pytest
from test_snapshot_restore import canonical

from game.ai import choose_action
from game.io import saves
from game.io.saves import RESUMED_NOTICE, SaveError, load_session, read_save, write_save
from game.rules.actions import EndPhase
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

MINI = str(Path(__file__).parents[1] / "fixtures" / "mini.yaml")


def played(n=150, seed=3, scenario=MINI, until=None):
    sc = load_scenario(scenario)
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    for _ in range(n):
        if s.state.over or (until and until(s.state)):
            break
        s.do(choose_action(s.state))
    return s


def rewrite(path, change):
    data = json.loads(Path(path).read_text())
    change(data)
    Path(path).write_text(json.dumps(data))


def break_first_action(data):
    # what a rules-code fix does to an old action list: one of its moves is now illegal
    data["actions"].insert(0, {"kind": "purchase", "unit": "battleship", "count": 50})


def test_a_save_whose_moves_no_longer_replay_continues_from_its_position(tmp_path):
    s = played(60)
    path = tmp_path / "old.json"
    write_save(path, s)
    rewrite(path, break_first_action)
    before = path.read_bytes()
    loaded, data = load_session(path)
    assert data["notice"] == RESUMED_NOTICE
    assert canonical(loaded.state) == canonical(s.state)  # restored exactly, log included
    assert loaded.actions == [] and not loaded.can_undo()  # history and undo start here
    assert path.read_bytes() == before                     # the old save is left as it was
    # play on, save, load: the new save replays from that position (no notice)
    for _ in range(15):
        loaded.do(choose_action(loaded.state))
    again = tmp_path / "again.json.gz"
    write_save(again, loaded)
    assert read_save(again)["version"] == 2 and read_save(again)["base"]
    back, data2 = load_session(again)
    assert "notice" not in data2 and len(back.actions) == 15
    assert canonical(back.state) == canonical(loaded.state)


def test_a_replay_that_ends_elsewhere_continues_from_the_snapshot(tmp_path):
    s = played(until=lambda st: st.round == 2 and st.phase == "combat_move")
    s.do(EndPhase())
    path = tmp_path / "differs.json"
    write_save(path, s)
    rewrite(path, lambda d: d["actions"].pop())  # replays fine, ends in another state
    loaded, data = load_session(path)
    assert data["notice"] == RESUMED_NOTICE and state_hash(loaded.state) == data["snapshot"]["state_hash"]
    replayed, _ = load_session(path, from_snapshot=False)   # what `replay --verify` checks
    assert state_hash(replayed.state) != data["snapshot"]["state_hash"]


def test_mid_battle_save_resumes_in_the_battle(tmp_path):
    s = played(400, seed=5, scenario="mediterranean_1940",
               until=lambda st: st.zone.battle is not None and st.zone.battle.rolls)
    assert s.state.zone.battle is not None
    path = tmp_path / "battle.json"
    write_save(path, s)
    rewrite(path, break_first_action)
    loaded, data = load_session(path)
    assert data["notice"] and canonical(loaded.state) == canonical(s.state)
    for _ in range(20):  # and the game goes on exactly as the original would
        a = choose_action(s.state)
        s.do(a)
        loaded.do(a)
    assert canonical(loaded.state) == canonical(s.state)


def test_old_save_without_exact_part_still_resumes(tmp_path):
    s = played()
    path = tmp_path / "morning.json"
    write_save(path, s)
    rewrite(path, lambda d: (break_first_action(d), d["snapshot"].pop("exact")))
    loaded, data = load_session(path)
    assert data["notice"] and state_hash(loaded.state) == state_hash(s.state)


@pytest.mark.parametrize("damage", [
    lambda snap: snap.__setitem__("round", 99),              # does not match its hash
    lambda snap: snap["units"][0].__setitem__(3, "nowhere"),  # does not fit the map
])
def test_unreplayable_save_with_a_damaged_snapshot_is_refused_and_untouched(tmp_path, damage):
    s = played()
    path = tmp_path / "bad.json"
    write_save(path, s)
    rewrite(path, lambda d: (break_first_action(d), damage(d["snapshot"])))
    before = path.read_bytes()
    with pytest.raises(SaveError, match="cannot be replayed: .*nor can it continue from its saved position"):
        load_session(path)
    assert path.read_bytes() == before


def test_a_resumed_save_is_refused_by_a_reader_of_version_1_only(tmp_path, monkeypatch):
    s = played()
    path = tmp_path / "old.json"
    write_save(path, s)
    rewrite(path, break_first_action)
    loaded, _ = load_session(path)
    write_save(tmp_path / "v2.json", loaded)
    monkeypatch.setattr(saves, "VERSION", 1)
    with pytest.raises(SaveError, match="newer Warboard"):
        load_session(tmp_path / "v2.json")


# --- autosave: one file per game ----------------------------------------------------

@pytest.fixture
def autosave_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    return saves.autosave_dir()


def test_two_games_of_one_scenario_have_two_autosaves(autosave_home):
    first, second = played(30, seed=1), played(30, seed=2)
    g1, g2 = saves.new_game_info(), saves.new_game_info()
    p1 = saves.autosave(first, game=g1)
    before = p1.read_bytes()
    p2 = saves.autosave(second, game=g2)
    assert p1 != p2 and p1.read_bytes() == before
    assert p1.name.startswith("mini-") and g1["id"] in p1.name
    assert read_save(p1)["game"] == g1
    assert saves.game_info_of(read_save(p2)) == g2
    assert saves.autosave(second, game=g2) == p2  # the same game keeps its file


def test_autosaves_are_pruned_to_the_most_recent_games_never_the_current(autosave_home):
    s = played(10)
    autosave_home.mkdir(parents=True)
    old = []
    for i in range(14):
        p = autosave_home / f"mini-old{i:02}.json"
        p.write_text('{"format":"warboard-save","version":1}')   # autosaves, not user files
        os.utime(p, (1000 + i, 1000 + i))
        old.append(p)
    current = saves.autosave_path("mini", {"id": "cur"})
    current.write_text("{}")
    os.utime(current, (1, 1))  # the oldest file of all, but it is the current game's
    saves.autosave(s, game={"id": "cur", "started": ""})
    left = sorted(p.name for p in autosave_home.iterdir())
    assert len(left) == saves.AUTOSAVE_KEEP and current.name in left
    assert left == sorted([current.name] + [p.name for p in old[-(saves.AUTOSAVE_KEEP - 1):]])


def test_replay_verify_still_fails_when_the_moves_no_longer_replay(tmp_path, capsys):
    # `replay --verify` checks the action list: it never passes by using the snapshot
    from game.cli import main
    s = played(until=lambda st: st.round == 2 and st.phase == "combat_move")
    s.do(EndPhase())
    path = tmp_path / "differs.json"
    write_save(path, s)
    assert main(["replay", str(path), "--verify"]) == 0
    rewrite(path, lambda d: d["actions"].pop())
    assert main(["replay", str(path), "--verify"]) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["match"] is False
    rewrite(path, break_first_action)
    assert main(["replay", str(path), "--verify"]) == 2
    assert "cannot be replayed" in capsys.readouterr().err


def test_a_move_that_is_no_action_says_so_not_older_warboard(tmp_path):
    from game.io.saves import UNREADABLE_NOTICE
    s = played(60)
    path = tmp_path / "odd.json"
    write_save(path, s)
    rewrite(path, lambda d: d["actions"].insert(3, {"kind": "frobnicate"}))
    before = path.read_bytes()
    loaded, data = load_session(path)
    assert data["notice"] == UNREADABLE_NOTICE and "older" not in data["notice"]
    assert canonical(loaded.state) == canonical(s.state) and path.read_bytes() == before
