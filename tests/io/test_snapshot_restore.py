"""A save's snapshot restores every field of the state (saves load from it when the
action list no longer replays under newer rules code)."""
import dataclasses
import json

import pytest

from game.ai import choose_action
from game.rules import model
from game.rules.hex.model import HexTurn
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import (
    EXACT_FIELDS,
    FAMILY_FIELDS,
    HASHED_FIELDS,
    SESSION_FIELDS,
    ZONE_EXACT_FIELDS,
    ZONE_HASHED_FIELDS,
    exact,
    restore,
    snapshot,
    state_hash,
)

SCENARIOS = ["mediterranean_1940", "world_war_ii_v3_1941", "sarn_gulf_2031", "crete_1941", "hex_tutorial"]


def canonical(x):
    """Every field of a state, generically (dataclasses, dicts in order, tuples)."""
    if isinstance(x, (model.Ruleset, model.Scenario)):
        return x.id
    if isinstance(x, model.LogCell):
        out = []
        while x is not None:
            out.append(x.text)
            x = x.prev
        return out
    if dataclasses.is_dataclass(x):
        return {f.name: canonical(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, dict):
        return [[k, canonical(v)] for k, v in x.items()]
    if isinstance(x, frozenset):
        return sorted(x)
    if isinstance(x, (tuple, list)):
        return [canonical(v) for v in x]
    return x


def through_json(state):
    snap = json.loads(json.dumps({**snapshot(state), "exact": exact(state)}))
    return restore(snap, state.scenario, state.ruleset, state.seed)


def test_every_state_field_is_snapshotted():
    # a field added to GameState must be added to snapshot() or exact() and to restore()
    names = {f.name for f in dataclasses.fields(model.GameState)}
    assert names == set(SESSION_FIELDS) | set(HASHED_FIELDS) | set(EXACT_FIELDS) | set(FAMILY_FIELDS)
    zone = {f.name for f in dataclasses.fields(model.ZoneTurn)}
    assert zone == set(ZONE_HASHED_FIELDS) | set(ZONE_EXACT_FIELDS)
    # a unit with no field at its default survives to_json / from_json
    u = model.Unit(1, "infantry", "p", "s", 1, 2, 3, True, True, True, True, True, 4, 5)
    assert [f.name for f in dataclasses.fields(u) if getattr(u, f.name) == f.default] == []
    assert model.Unit.from_json(json.loads(json.dumps(u.to_json()))) == u
    # a hex turn with every field set survives too
    from game.rules.hex.model import CombatRecord, PendingCombat, Shift
    rec = CombatRecord("0,1", "p", 3.0, 1.5, "2:1", "2:1", (Shift(-1, "river"),), 4, "DR", (1,), ((2, "0,2"),), (3,))
    pend = PendingCombat("defender_retreat", "q", "0,1", "DH", (1, 2), (3,), ((1, 3.0), (3, 1.5)), (2,), "half",
                         1, 1, 2.5, (3,), (3,), (1,), True)
    assert [f.name for f in dataclasses.fields(pend) if getattr(pend, f.name) == f.default] == []
    ht = HexTurn(("0,1",), (1,), ("0,1", (2,)), rec, (4,), (1.0, 0.5), (5,), pend, (1, 2), ("0,3",))
    assert [f.name for f in dataclasses.fields(ht) if getattr(ht, f.name) == f.default] == []
    from game.rules.snapshot import _restore_hexturn
    assert _restore_hexturn(json.loads(json.dumps(ht.to_json()))) == ht


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_selfplay_states_restore_exactly(scenario):
    sc = load_scenario(scenario)
    s = Session(sc, load_ruleset(sc.ruleset_id), 7)
    seen_battle = False
    for i in range(400):
        st = s.state
        if st.over:
            break
        waiting = st.hexturn is not None and (st.hexturn.pending is not None   # hex: losses/retreat to choose
                                              or st.hexturn.advance is not None)   # or an advance after combat
        if i % 9 == 0 or waiting or st.zone.battle is not None and (not seen_battle or i % 3 == 0):
            seen_battle = seen_battle or st.zone.battle is not None or waiting
            back = through_json(st)
            assert canonical(back) == canonical(st), f"action {i}"
            assert state_hash(back) == state_hash(st)
        s.do(choose_action(st, "greedy"))
    assert seen_battle


def test_battle_fields_round_trip():
    # every Battle field, at a value other than its default (drops, interceptors, submerged...)
    sc = load_scenario("mediterranean_1940")
    st = Session(sc, load_ruleset(sc.ruleset_id), 1).state.copy()
    sp = next(iter(sc.spaces))
    roll = model.Roll("attack", "attacker", (("infantry", 1, 3),), 0, uids=(5,), rerolled=(0,), first=(6,))
    pool = model.Pool("defender", 2, ("air",), True, True, ("land",), ("infantry",), "attacker")
    st.zone.battle = model.Battle(space=sp, attacker=st.player, defenders=("x",), round=2, step=3, pools=(pool,),
                             marked=(1,), struck=(2,), origins=(sp,), rolls=(roll,), awaiting="casualties",
                             bombard=(3,), recon_used=(("attacker", 5),), prizes=("t",), att_start=("a",),
                             def_start=("b",), drops=(7,), interceptors=(8, 9), submerged=(10,),
                             hurt=((11, 0),), raid=True, kamikaze=(12, 12))
    defaults = {f.name for f in dataclasses.fields(model.Battle)
                if getattr(st.zone.battle, f.name) == f.default}
    assert defaults <= {"space", "attacker", "defenders"} or not defaults, defaults
    assert canonical(through_json(st)) == canonical(st)


def test_legacy_snapshot_without_exact_part_restores_the_hashed_state():
    sc = load_scenario("mediterranean_1940")
    s = Session(sc, load_ruleset(sc.ruleset_id), 3)
    for _ in range(120):
        s.do(choose_action(s.state, "greedy"))
    snap = json.loads(json.dumps(snapshot(s.state)))
    back = restore(snap, sc, s.ruleset, s.seed)
    assert state_hash(back) == state_hash(s.state)
    assert back.player == s.state.player and back.phase == s.state.phase


def test_snapshot_that_does_not_fit_the_map_is_refused():
    sc = load_scenario("mediterranean_1940")
    s = Session(sc, load_ruleset(sc.ruleset_id), 3)
    snap = json.loads(json.dumps(snapshot(s.state)))
    snap["units"][0][3] = "atlantis"
    with pytest.raises(ValueError, match="atlantis"):
        restore(snap, sc, s.ruleset, s.seed)
