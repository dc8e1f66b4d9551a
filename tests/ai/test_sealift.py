"""The standard computer's sea lift (game/ai/zone/amphib.py): amphibious assaults, ferrying
troops cut off by the sea, staging empty transports and buying them."""
from pathlib import Path

from game.ai import choose_action
from game.ai.zone import amphib
from game.rules.actions import EndPhase, Move, apply
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.snapshot import state_hash
from game.rules.zone import movement

FIX = Path(__file__).parents[1] / "fixtures"
ISLAND = str(FIX / "island.yaml")
FERRY = str(FIX / "ferry.yaml")


def _session(path, seed=1):
    sc = load_scenario(path)
    return Session(sc, load_ruleset(sc.ruleset_id), seed)


def _play_phase(s, level="standard"):
    """Play the current phase to its end; return the actions played."""
    phase, player, out = s.state.phase, s.state.player, []
    while s.state.phase == phase and s.state.player == player and not s.state.over:
        a = choose_action(s.state, level)
        out.append(a)
        s.do(a)  # an illegal action would raise
    return out


def test_standard_loads_sails_and_lands_an_amphibious_assault():
    # g40 transports (seed 002 builds on the 1940 rules): land units board a transport as
    # their whole move, the transport sails, the cargo unloads into the enemy island in
    # the combat move (an amphibious assault); the island is reachable no other way
    s = _session(ISLAND)
    s.do(EndPhase())  # no purchase
    acts = _play_phase(s)
    moves = [a for a in acts if isinstance(a, Move)]
    st = s.state
    loads = [m for m in moves if m.path == ("s1",) and st.units[m.units[0]].type != "transport"]
    sails = [m for m in moves if st.units[m.units[0]].type == "transport"]
    lands = [m for m in moves if m.path == ("i",)]
    assert loads and sails and lands
    assert {st.units[u].space for u in lands[0].units} == {"i"}
    assert all(st.units[u].amphibious for u in lands[0].units)
    _play_phase(s)  # conduct combat
    assert s.state.owners["i"] == "red"


def test_standard_ferries_stranded_troops_to_the_front():
    # troops on an island with no land route to the enemy sail in the non-combat move to
    # the friendly coast nearest the front (unloading into friendly land)
    s = _session(FERRY)
    for _ in range(3):  # purchase, combat move, conduct combat
        _play_phase(s)
    assert s.state.phase == "noncombat_move"
    before = sum(1 for u in s.state.units.values() if u.owner == "red" and u.space == "f")
    _play_phase(s)
    after = sum(1 for u in s.state.units.values() if u.owner == "red" and u.space == "f"
                and s.state.utype(u).domain == "land")
    assert after > before


def test_standard_stages_an_empty_transport_by_its_troops():
    # the transport left by the island assault sails home in the non-combat move, to the
    # zone next to its factory, from where the next assault can load
    s = _session(ISLAND)
    s.do(EndPhase())
    _play_phase(s)
    _play_phase(s)
    st = s.state
    t = next(u for u in st.units.values() if u.type == "transport" and u.owner == "red")
    t_uid = t.uid
    # a transport that unloaded may not sail on this turn: staging waits for an unused one
    st.units[t_uid] = type(t)(t_uid, "transport", "red", "s2")
    st.zone.ro3_moves = {k: v for k, v in st.zone.ro3_moves.items()
                    if not k.startswith(("offload|", "combat_moved|"))}   # nor moved in the combat move
    moves = amphib.staging_moves(st, "red")
    assert moves == [Move((t_uid,), ("s1",))]
    apply(st, moves[0])  # legal


def test_transport_purchase_when_the_enemy_lies_across_the_sea():
    s = _session(ISLAND)
    st = s.state
    assert amphib.sea_only_share(st, "red") == 1.0
    st.resources["red"] = 40
    assert amphib.transport_purchase(st, "red", 24) == "transport"
    # five troops wait for one transport that lifts two: another, even on 5 income
    assert amphib.transport_purchase(st, "red", 5) == "transport"
    for uid in [u.uid for u in st.units.values() if u.space == "a1"][2:]:
        del st.units[uid]
    assert amphib.transport_purchase(st, "red", 5) is None       # two fit: one is enough
    st.resources["red"] = 9
    assert amphib.transport_purchase(st, "red", 24) is None      # keeps money for troops
    eu = _session("europe_1941").state
    assert amphib.transport_purchase(eu, "germany", 35) is None  # Russia is over land


def test_lift_never_sails_through_enemy_ships():
    from game.rules.model import Unit
    s = _session(ISLAND)
    st = apply(s.state, EndPhase())
    uid = st.next_uid
    st.units[uid] = Unit(uid, "destroyer", "blue", "s2")
    st.next_uid += 1
    stacks = amphib.transport_stacks(st, "red", set())
    assert amphib.lifts_to(st, "red", "i", stacks, set(st.units), "combat_move") == []


def test_standard_sea_games_are_legal_and_deterministic():
    for path in (ISLAND, FERRY):
        hashes = []
        for _ in range(2):
            s = _session(path, 3)
            for _ in range(3000):
                if s.state.over:
                    break
                s.do(choose_action(s.state, "standard"))  # IllegalAction would fail
            assert s.state.over
            hashes.append(state_hash(s.state))
        assert hashes[0] == hashes[1]


def test_standard_takes_islands_in_the_gulf_of_sarn():
    # sarn_gulf_2031: every island falls only to an amphibious assault; the Varkesh
    # computer lands on one in the first two rounds
    s = _session("sarn_gulf_2031", 1)
    landed = 0
    while s.state.round <= 2 and not s.state.over:
        st = s.state
        a = choose_action(st, "standard")
        if isinstance(a, Move) and st.player == "varkesh" and st.phase == "combat_move" \
                and st.units[a.units[0]].carried_by is not None:
            landed += 1
        s.do(a)
    assert landed >= 1


def test_the_ferry_lands_troops_on_the_road_to_the_enemy_victory_city():
    # ferry_fork.yaml: from the home island the transport can land troops on a coast
    # beside worthless enemy land or on one two steps from the enemy's victory city.
    # The ferry took the coast nearest any enemy land (Global 1940, seed 9101 against
    # greedy: Japan's ferries landed troops in the empty Soviet Far East); the city wins
    # the game (docs/interpretations.md: Victory)
    st = _session(str(FIX / "ferry_fork.yaml")).state
    st.phase_idx = st.ruleset.phases.index("noncombat_move")
    blocks = amphib.ferry_moves(st, "red", set())
    assert len(blocks) == 1
    for a in blocks[0]:
        st = apply(st, a)
    landed = [u.space for u in st.units.values() if u.type == "infantry" and u.owner == "red"]
    assert landed.count("f2") == 2 and "f1" not in landed


VOYAGE = str(FIX / "voyage.yaml")


def test_stranded_troops_board_and_sail_toward_a_coast_two_turns_away():
    # voyage.yaml: the only coast with a land route to the enemy is three zones from the
    # home island, the transport sails two (g40). Before, the ferry looked one turn ahead
    # and nothing sailed (Global 1940 seed 202: the United States' troops filled Canada
    # for 30 rounds, ANZAC's 16 transports lay idle).
    s = _session(VOYAGE)
    for _ in range(3):  # purchase, combat move, conduct combat
        _play_phase(s)
    st = s.state
    assert st.phase == "noncombat_move" and st.player == "red"
    t = next(u for u in st.units.values() if u.type == "transport")
    moves = [m for block in amphib.voyage_moves(st, "red", set()) for m in block]
    assert moves[-1] == Move((t.uid,), ("s2", "s3"))
    for m in moves:
        st = apply(st, m)   # legal
    assert st.units[t.uid].space == "s3"
    assert len(movement.cargo_of(st, t.uid)) == 2


def test_a_loaded_transport_sails_on_and_lands_its_troops():
    s = _session(VOYAGE)
    while not (s.state.player == "red" and s.state.phase == "place"):
        s.do(choose_action(s.state, "standard"))
    boarded = [u.uid for u in s.state.units.values() if u.carried_by is not None]
    assert len(boarded) == 2
    while not (s.state.round == 2 and s.state.player == "red" and s.state.phase == "place"):
        s.do(choose_action(s.state, "standard"))
    st = s.state
    assert all(st.units[u].carried_by is None and st.units[u].space in ("f", "e") for u in boarded)


def test_danger_counts_the_reach_a_naval_base_gives():
    # G40 2nd ed. "Naval Bases": ships leaving an operative naval base move 3 (TripleA
    # harbour givesMovement 1): a blue submarine three zones off, beside Gamma's naval base
    from dataclasses import replace

    from game.rules.actions import new_game
    from game.rules.ruleset import load_scenario_file
    sc, _ = load_scenario_file(FIX / "mini.yaml")
    sc = replace(sc, start_units=(("s4", "blue", "submarine", 1),))
    st = new_game(sc, load_ruleset("g40"), 1)
    assert amphib.danger(st, "s1", "red") == 0
    st.facilities["c|naval_base"] = 0
    assert amphib.danger(st, "s1", "red") > 0


def test_troops_sail_toward_an_enemy_island_city_and_storm_it():
    # voyage_island.yaml: Blueland's capital is an island three zones off; only an
    # amphibious assault takes it (a 40-round Global 1940 selfplay, game seed 404: Tokyo held out with 9 infantry
    # for 20 rounds beside 500 American troops in North America)
    s = _session(str(FIX / "voyage_island.yaml"))
    while not (s.state.player == "red" and s.state.phase == "place"):
        s.do(choose_action(s.state, "standard"))
    t = next(u for u in s.state.units.values() if u.type == "transport")
    assert s.state.units[t.uid].space == "s3" and len(movement.cargo_of(s.state, t.uid)) == 2
    while not (s.state.round == 2 and s.state.player == "red" and s.state.phase == "noncombat_move"):
        s.do(choose_action(s.state, "standard"))
    assert s.state.owners["b"] == "red"


def test_standard_lands_through_a_zone_enemy_ships_hold():
    # G40 rulebook, "Amphibious Assaults": with enemy warships in the transports' sea zone
    # the sea battle there is fought first and the troops land if it is won. Redland's
    # fleet attacks the destroyer in s2, the loaded transport sails in with it, the
    # infantry unload into Blueland's island capital b (selfplay game seed 404: Tokyo never fell behind
    # the Japanese fleet in its only sea zone)
    s = _session(str(FIX / "contested_landing.yaml"))
    s.do(EndPhase())  # no purchase
    acts = _play_phase(s)
    st = s.state
    moves = [a for a in acts if isinstance(a, Move)]
    assert any(m.path[-1] == "s2" and st.utype(st.units[m.units[0]]).has("transport") for m in moves)
    landed = [u for u in st.units.values() if u.owner == "red" and u.space == "b"]
    assert landed and all(u.amphibious for u in landed)
    assert s.state.zone.battles == ("b", "s2")
    _play_phase(s)  # conduct combat: the sea battle, then the landing
    assert not any(u.owner == "blue" and u.space == "s2" for u in s.state.units.values())
    assert s.state.owners["b"] == "red"
