"""The standard computer's purchase and garrisons: money left when the factories are
full buys stronger units; a player whose factories are all on islands buys transports;
big garrisons spare tokens for empty cities; the odds-based capital garrison."""
from pathlib import Path

from game.ai.zone import amphib, evaluate, garrison, noncombat, place, purchase
from game.rules.actions import Purchase, apply
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import production

FIX = Path(__file__).parents[1] / "fixtures"


def _session(path, seed=1):
    sc = load_scenario(path)
    return Session(sc, load_ruleset(sc.ruleset_id), seed)


def _spend(st, acts):
    return sum(production.unit_cost(st, a.unit, st.player) * a.count for a in acts
               if isinstance(a, Purchase))


def test_money_left_when_the_factories_are_full_buys_stronger_units():
    st = _session(str(FIX / "mini.yaml")).state
    st.resources["red"] = 200
    cap = sum(production.factory_capacity(st, f) for f in st.factories if st.owners.get(f) == "red")
    plain = purchase._greedy_buys(st)
    assert sum(a.count for a in plain) == cap and _spend(st, plain) < 200 - 20
    acts = purchase.plan_purchase(st)
    bought = [a for a in acts if isinstance(a, Purchase)]
    assert sum(a.count for a in bought) == cap          # no more units than room
    assert _spend(st, bought) > _spend(st, plain) + 10  # but better ones
    s = st
    for a in acts:
        s = apply(s, a)  # legal


def test_upgrade_spends_only_the_money_left_and_keeps_the_unit_count():
    st = _session(str(FIX / "mini.yaml")).state
    buys = purchase._greedy_buys(st)
    up = purchase._upgrade(st, buys)
    assert sum(a.count for a in up) == sum(a.count for a in buys)
    assert _spend(st, buys) <= _spend(st, up) <= st.resources["red"]


def test_transports_for_a_player_whose_factories_are_all_on_islands():
    # ferry.yaml: Redland's only factory is on its home island; the enemy's city is
    # over land from the foothold, but every new unit needs a ship to reach it
    st = _session(str(FIX / "ferry.yaml")).state
    # the enemy city is a walk from the foothold, not from the factory: the new troops need
    # ships to reach it (Global 1940, seed 202: the United States, holding Korea, counted
    # Berlin as a walk from Washington)
    assert amphib.sea_only_share(st, "red") == 1.0
    st.resources["red"] = 40
    assert amphib.transport_purchase(st, "red", 24) == "transport"
    # six infantry wait on the island for a transport that lifts two: another one, even
    # on 11 income (Global 1940, seed 9101 against greedy: two dozen Japanese troops sat
    # in Japan beside three transports from round 3 to the end)
    assert amphib.transport_purchase(st, "red", 11) == "transport"
    for uid in [u.uid for u in st.units.values() if u.space == "h"][2:]:
        del st.units[uid]
    assert amphib.transport_purchase(st, "red", 11) is None   # two fit: one is enough


def test_a_big_garrison_spares_a_token_for_an_empty_city():
    # twin.yaml: Alpha Two (a victory city) is empty with a Blueland tank next door; the
    # capital's six infantry are a key garrison, but one of them steps over
    from game.rules.actions import Move
    st = _session(str(FIX / "twin.yaml")).state
    st.phase_idx = st.ruleset.phases.index("noncombat_move")
    acts = noncombat.plan_noncombat(st)
    moves = [a for a in acts if isinstance(a, Move) and a.path[-1] == "a2"]
    assert moves and st.units[moves[0].units[0]].space == "a1"


def test_capital_hold_keeps_enough_home_to_make_the_enemy_attack_unlikely(ai_knobs):
    # twin.yaml: a tank and seven infantry next to Redland's capital (six infantry)
    st = _session(str(FIX / "twin.yaml")).state
    ai_knobs(capital_loss_chance=0.25)
    keep = garrison._capital_hold(st, "a1", "red")
    assert 0 < keep <= 6 * 2.5
    home = sorted((u for u in st.units.values() if u.space == "a1"), key=lambda u: u.uid)
    foes = [u for u in st.units.values() if u.space == "e"]
    n = round(keep / 2.5)
    assert evaluate.odds(st, foes, home[:n], "land")[0] <= 0.25 or n == 6
    assert n == 0 or evaluate.odds(st, foes, home[:n - 1], "land")[0] > 0.25
    assert garrison.garrison_needs(st, "red")["a1"] >= keep


def _germany_holding_provence():
    """mediterranean_1940 at Germany's purchase as seed 5 against greedy played it:
    Provence (a minor factory and naval base, room 2) German, Occupied France (the
    other coastal factory) French, both since before the turn."""
    st = _session("mediterranean_1940").state
    for u in [u for u in st.units.values() if u.space in ("provence", "occupied_france")]:
        del st.units[u.uid]
    st.owners["provence"] = st.turn_owners["provence"] = "germany"
    st.owners["occupied_france"] = st.turn_owners["occupied_france"] = "france"
    return st


def test_a_ship_bought_is_placed_before_land_units_fill_its_only_factory():
    # seed 000 (naval units are placed in a sea zone next to the factory that builds
    # them): Germany's one coastal factory is Provence (room 2); the infantry, more
    # threatened there, took both places and the troopship stayed unplaced every round
    st = _germany_holding_provence()
    st.resources["germany"] = 60
    for a in (Purchase("troopship", 1), Purchase("infantry", 6)):
        st = apply(st, a)
    st.phase_idx = st.ruleset.phases.index("place")
    plan = place.plan_place(st)
    s = st
    for a in plan:
        s = apply(s, a)  # legal
    assert not production.unplaced(s, "germany")



def test_a_ship_is_placed_first_when_its_factory_has_the_least_room():
    # ... and when the ship's zone also borders a factory captured this turn (Southern
    # France: it builds nothing yet), the infantry took Occupied France's three places
    # first (mediterranean_1940 seed 23, standard against itself, round 2)
    st = _session("mediterranean_1940").state
    for u in [u for u in st.units.values() if u.space in ("southern_france", "occupied_france")]:
        del st.units[u.uid]   # Occupied France empty: the most threatened factory
    st.owners["southern_france"] = "germany"
    st.resources["germany"] = 60
    for a in (Purchase("troopship", 1), Purchase("infantry", 3)):
        st = apply(st, a)
    st.phase_idx = st.ruleset.phases.index("place")
    s = st
    for a in place.plan_place(st):
        s = apply(s, a)  # legal
    assert not production.unplaced(s, "germany")
