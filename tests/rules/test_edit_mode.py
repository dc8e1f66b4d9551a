"""Edit mode (issue #43 item 3): edits are actions, refused with a reason when illegal,
saved, replayed, undone within the phase; the computer plays on from the edited position."""
import pytest

from game.ai import choose_action
from game.history import build
from game.io.saves import load_session, write_save
from game.rules.actions import EndPhase, action_from_json, legal_actions
from game.rules.edit import EditDamage, EditOwner, EditResources, EditUnits, is_edit
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.session import Session
from game.rules.snapshot import state_hash
from tests.conftest import FIXTURES

EDITS = [EditOwner("m", "red"), EditUnits("m", "red", "infantry", 2),
         EditUnits("s2", "blue", "battleship", 1), EditOwner("a2", ""), EditResources("red", 55)]


def session():
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    return Session(sc, load_ruleset("g40"), 7)


def count(state, space, owner, utype):
    return sum(1 for u in state.units_in(space) if u.owner == owner and u.type == utype)


def test_each_edit_changes_the_position_and_logs_an_edit_line():
    s = session()
    s.do(EditOwner("m", "red"))
    assert s.state.owners["m"] == "red" and s.state.turn_owners["m"] == "red"
    before = count(s.state, "m", "red", "infantry")
    s.do(EditUnits("m", "red", "infantry", 2))
    assert count(s.state, "m", "red", "infantry") == before + 2
    assert s.state.log(1)[0] == "Edit: 2 Redland Infantry added in Middle."
    s.do(EditUnits("m", "red", "infantry", -2))
    assert count(s.state, "m", "red", "infantry") == before
    s.do(EditOwner("m", ""))
    assert s.state.owners["m"] is None
    s.do(EditResources("blue", 3))
    assert s.state.resources["blue"] == 3 and s.state.log(1)[0].startswith("Edit: Blueland")
    s.do(EditUnits("s2", "blue", "battleship", 1))
    bb = next(u for u in s.state.units_in("s2") if u.type == "battleship")
    s.do(EditDamage(bb.uid, 1))
    assert s.state.units[bb.uid].damage == 1
    assert all(line.startswith("Edit:") for line in s.state.log(7))


@pytest.mark.parametrize("action, reason", [
    (EditUnits("a2", "red", "battleship", 1), "is a sea unit"),
    (EditUnits("s1", "red", "infantry", 1), "without a transport"),
    (EditUnits("n", "red", "infantry", 1), "impassable"),
    (EditUnits("zz", "red", "infantry", 1), "no space"),
    (EditUnits("m", "purple", "infantry", 1), "no player"),
    (EditUnits("m", "red", "dragon", 1), "no unit type"),
    (EditUnits("a1", "red", "infantry", 0), "at least one"),
    (EditUnits("a1", "red", "infantry", -5), "not 5 to remove"),
    (EditUnits("m", "red", "infantry", 1), "held by Blueland, an enemy"),
    (EditUnits("s1", "red", "fighter", 1), "room on a carrier"),
    (EditUnits("a1", "red", "infantry", "2"), "whole number"),
    (EditOwner("s1", "red"), "sea zones have no owner"),
    (EditOwner("a1", "red"), "already"),
    (EditOwner("a1", "purple"), "no player"),
    (EditOwner("a1", "blue"), "holds Redland units, enemies"),
    (EditResources("red", -1), "cannot be negative"),
    (EditResources("nobody", 5), "no player"),
    (EditDamage(99999, 1), "no unit"),
])
def test_an_illegal_edit_is_refused_with_its_reason(action, reason):
    s = session()
    s.do(EditUnits("a1", "red", "infantry", 1))
    before = state_hash(s.state)
    with pytest.raises(IllegalAction, match=reason):
        s.do(action)
    assert state_hash(s.state) == before and len(s.actions) == 1


def test_damage_beyond_hits_and_negative_damage_are_refused():
    s = session()
    s.do(EditUnits("s2", "blue", "battleship", 1))
    bb = next(u for u in s.state.units_in("s2") if u.type == "battleship")
    with pytest.raises(IllegalAction, match="would destroy it"):
        s.do(EditDamage(bb.uid, 2))
    with pytest.raises(IllegalAction, match="cannot be negative"):
        s.do(EditDamage(bb.uid, -1))
    s.do(EditUnits("a1", "red", "infantry", 1))
    inf = next(u for u in s.state.units.values() if u.type == "infantry")
    with pytest.raises(IllegalAction, match="would destroy it"):
        s.do(EditDamage(inf.uid, 1))


def test_edits_round_trip_json_are_undoable_and_never_offered():
    for a in EDITS:
        assert action_from_json(a.to_json()) == a and is_edit(a) and a.kind.startswith("edit_")
    s = session()
    start = state_hash(s.state)
    s.do(EditUnits("a1", "red", "infantry", 2))
    assert s.can_undo()
    s.undo()
    assert state_hash(s.state) == start
    for a in EDITS:
        s.do(a)
    assert not any(is_edit(a) for a in legal_actions(s.state))


def test_edits_are_legal_in_any_phase():
    s = session()
    for _ in range(3):
        s.do(EndPhase())
        s.do(EditResources(s.state.player, s.state.resources[s.state.player] + 1))


def test_save_load_replay_gives_the_same_state_and_history(tmp_path):
    s = session()
    for a in EDITS:
        s.do(a)
    s.do(EndPhase())
    path = tmp_path / "edited.json"
    write_save(path, s)
    loaded, _ = load_session(path)
    assert loaded.actions == s.actions
    assert state_hash(loaded.state) == state_hash(s.state)
    labels = [line for line in build(loaded).text() if "Edit:" in line]
    assert len(labels) == len(EDITS)


def test_the_computer_plays_on_from_an_edited_position():
    s = session()
    for a in EDITS:
        s.do(a)
    s.do(EditUnits("a1", "red", "armour", 3))
    s.do(EditUnits("s1", "red", "carrier", 1))
    s.do(EditUnits("s1", "red", "fighter", 2))
    assert all(u.carried_by for u in s.state.units_in("s1") if u.type == "fighter")
    for _ in range(3000):
        if s.state.over or s.state.round > 2:
            break
        s.do(choose_action(s.state, "greedy"))
    assert s.state.over or s.state.round > 2
    assert not any(is_edit(a) for a in s.actions[len(EDITS) + 3:])


def test_hex_maps_take_edits_and_the_computer_plays_on():
    from game.rules.ruleset import load_scenario
    sc = load_scenario("hex_tutorial")
    s = Session(sc, load_ruleset(sc.ruleset_id), 1)
    u = min(s.state.units.values(), key=lambda x: x.uid)
    other = next(p.id for p in sc.players if p.id != u.owner)
    s.do(EditUnits(u.space, u.owner, u.type, 1))
    empty = next(h for h, sp in sc.spaces.items() if sp.kind == "land" and not sp.impassable
                 and not s.state.units_in(h) and s.state.owners.get(h) != other)
    s.do(EditOwner(empty, other))
    s.do(EditResources(other, 5))
    assert s.state.owners[empty] == other
    for _ in range(3000):
        if s.state.over or s.state.round > 2:
            break
        s.do(choose_action(s.state, "greedy"))
    assert s.state.over or s.state.round > 2
