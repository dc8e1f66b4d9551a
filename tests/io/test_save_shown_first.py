"""A save is shown at its recorded position before its replay (issue #45, #46 item 9:
"loading a save under 1 s"); the replay still runs, and still decides, before anything is
played: the same actions give the same game, and the save's hash is checked."""
import json
from pathlib import Path

from test_snapshot_restore import canonical

from game.ai import choose_action
from game.io import saves
from game.io.saves import RESUMED_NOTICE, load_session, open_save, write_save
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

SHIPPED = "mediterranean_1940"   # a save of a shipped map replays with the current rules


def played(n=120, seed=4):
    sc = load_scenario(SHIPPED)
    s = Session(sc, load_ruleset(sc.ruleset_id), seed)
    for _ in range(n):
        if s.state.over:
            break
        s.do(choose_action(s.state))
    return s


def counting_replays(monkeypatch):
    calls = []
    real = saves._replaying   # (every replay of a save: all at once or in slices)
    monkeypatch.setattr(saves, "_replaying", lambda *a: calls.append(1) or real(*a))
    return calls


def test_a_save_opens_at_its_recorded_position_and_replays_after(tmp_path, monkeypatch):
    s = played()
    assert s.can_undo()        # a move of this phase: undo reaches it after the replay
    path = tmp_path / "g.json"
    write_save(path, s)
    calls = counting_replays(monkeypatch)
    shown, data, finish = open_save(path)
    assert finish is not None and not calls                    # nothing replayed yet
    assert canonical(shown.state) == canonical(s.state) and shown.actions == s.actions
    assert finish() and len(calls) == 1
    waited, _ = load_session(path)                               # what waiting for it gives
    assert canonical(shown.state) == canonical(waited.state)
    assert state_hash(shown.initial) == state_hash(waited.initial)
    assert shown.can_undo() == waited.can_undo() == s.can_undo()
    for _ in range(30):                                          # and the game goes on alike
        a = choose_action(waited.state)
        shown.do(a)
        waited.do(a)
    assert canonical(shown.state) == canonical(waited.state)


def test_a_save_whose_replay_ends_elsewhere_is_not_taken(tmp_path):
    s = played()
    path = tmp_path / "g.json"
    write_save(path, s)
    data = json.loads(Path(path).read_text())
    data["actions"].pop()      # replays, to another position than the recorded one
    Path(path).write_text(json.dumps(data))
    shown, _, finish = open_save(path)
    assert finish is not None and not finish()
    assert canonical(shown.state) == canonical(s.state)          # left at the recorded position
    _, loaded = load_session(path)
    assert loaded["notice"] == RESUMED_NOTICE                    # load_session says why


def test_a_save_without_current_rules_replays_first(tmp_path):
    # the fixture map is no shipped scenario: its saved copy replays, as before
    mini = str(Path(__file__).parents[1] / "fixtures" / "mini.yaml")
    sc = load_scenario(mini)
    s = Session(sc, load_ruleset(sc.ruleset_id), 3)
    for _ in range(40):
        s.do(choose_action(s.state))
    path = tmp_path / "m.json"
    write_save(path, s)
    shown, _, finish = open_save(path)
    assert finish is None and canonical(shown.state) == canonical(s.state) and shown.can_undo() == s.can_undo()
