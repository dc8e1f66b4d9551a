"""The standard computer's navy (game/ai/zone/navy.py, purchase.py): warships bought by need, naval
attacks at good odds, escorts for transports, and only units that can hurt the enemy
sent into a battle."""
from pathlib import Path

from unit_helpers import add_unit

from game.ai import choose_action
from game.ai.zone import navy
from game.rules.actions import EndPhase, Move, Purchase, apply
from game.rules.model import Unit
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash

FIX = Path(__file__).parents[1] / "fixtures"
SEA_LANE = str(FIX / "sea_lane.yaml")
MINI_INTERWAR = str(FIX / "mini_interwar.yaml")


def _session(path, seed=1):
    sc = load_scenario(path)
    return Session(sc, load_ruleset(sc.ruleset_id), seed)


def _plan(st):
    """The actions the standard player plays through the current phase."""
    out = []
    phase, player = st.phase, st.player
    while st.phase == phase and st.player == player and not st.over:
        a = choose_action(st, "standard")
        out.append(a)
        st = apply(st, a)  # an illegal action would raise
    return out, st


def test_buys_a_warship_when_an_enemy_fleet_blocks_its_only_sea_route():
    # sea_lane: Blueland's destroyers sit in the only zone between Redland and the
    # enemy islands; Redland needs ships that can fight, not only transports
    st = _session(SEA_LANE).state
    assert navy.naval_gap(st, "red") > 0
    acts, _ = _plan(st)
    bought = [a.unit for a in acts if isinstance(a, Purchase)]
    ships = [u for u in bought if st.ruleset.units[u].domain == "sea"
             and not st.ruleset.units[u].has("transport")]
    assert ships
    assert sum(st.ruleset.units[u].cost for u in ships) <= 20  # half the treasury at most


def test_buys_no_warship_without_an_enemy_fleet():
    st = _session(SEA_LANE).state
    for u in [u for u in st.units.values() if u.owner == "blue" and u.space == "s2"]:
        del st.units[u.uid]
    assert navy.naval_gap(st, "red") == 0
    acts, _ = _plan(st)
    assert not [a for a in acts if isinstance(a, Purchase)
                and st.ruleset.units[a.unit].domain == "sea"
                and not st.ruleset.units[a.unit].has("transport")]


def test_attacks_an_enemy_fleet_at_good_odds_and_not_at_bad():
    s = _session(SEA_LANE)
    s.do(EndPhase())  # no purchase
    st = s.state
    bb = add_unit(st, "battleship", "red", "s1")
    cr = add_unit(st, "cruiser", "red", "s1")
    acts, after = _plan(st)
    attack = [a for a in acts if isinstance(a, Move) and a.path[-1] == "s2"]
    assert {u for a in attack for u in a.units} >= {bb, cr}
    assert after.units[bb].space == "s2"
    # one destroyer against two: no attack
    s = _session(SEA_LANE)
    s.do(EndPhase())
    st = s.state
    dd = add_unit(st, "destroyer", "red", "s1")
    acts, _ = _plan(st)
    assert not [a for a in acts if isinstance(a, Move) and dd in a.units]


def test_does_not_send_torpedo_bombers_into_a_land_only_battle():
    # seed 000 7.0 Torpedo Bomber: "This unit may only damage naval targets" (interwar
    # cannot_hit land, air, static): it must not join an attack on a territory
    s = _session(MINI_INTERWAR)
    s.do(EndPhase())
    st = s.state
    tbs = [add_unit(st, "torpedo_bomber", "red", "a2") for _ in range(2)]
    dbs = [add_unit(st, "dive_bomber", "red", "a2") for _ in range(2)]
    for _ in range(2):  # Middle needs more than the land units: aircraft join
        add_unit(st, "infantry", "blue", "m")
    acts, _ = _plan(st)
    moved = {u for a in acts if isinstance(a, Move) for u in a.units}
    assert moved & set(dbs)  # the dive bombers (attack 5) do join the attack on Middle
    assert not moved & set(tbs)  # the torpedo bombers (attack 6) do not


def test_torpedo_bombers_strike_ships():
    # ... but it does fly against a fleet it can hurt (seed 000 7.0: naval targets)
    s = _session(MINI_INTERWAR)
    s.do(EndPhase())
    st = s.state
    tbs = [add_unit(st, "torpedo_bomber", "red", "a2") for _ in range(3)]
    add_unit(st, "naval_transport", "blue", "s2")
    add_unit(st, "destroyer", "blue", "s2")
    acts, _ = _plan(st)
    to_sea = {u for a in acts if isinstance(a, Move) and a.path and a.path[-1] == "s2"
              for u in a.units}
    assert to_sea & set(tbs)


def test_escorts_transports_through_a_zone_enemy_warships_can_strike():
    s = _session(SEA_LANE)
    st = s.state
    for u in [u for u in st.units.values() if u.owner == "blue" and u.space == "s2"]:
        del st.units[u.uid]
    add_unit(st, "destroyer", "blue", "s3")        # can reach s1 and s2 next turn
    t = next(u for u in st.units.values() if u.type == "transport")
    st.units[t.uid] = Unit(t.uid, "transport", "red", "s2")
    cr = add_unit(st, "cruiser", "red", "s1")
    while st.phase != "noncombat_move":
        st = apply(st, EndPhase())
    moves = navy.escort_moves(st, "red")
    assert Move((cr,), ("s2",)) in moves
    apply(st, moves[0])  # legal


def test_navy_games_are_legal_and_deterministic():
    hashes = []
    for _ in range(2):
        s = _session(SEA_LANE, 5)
        for _ in range(3000):
            if s.state.over:
                break
            s.do(choose_action(s.state, "standard"))  # IllegalAction would fail
        assert s.state.over
        hashes.append(state_hash(s.state))
    assert hashes[0] == hashes[1]
