"""Seed 000 systems the unit profiles name but never define, given supplied rules
(docs/interpretations.md: Supply (G4), Supply drops, Ferry operations (G36), Tracks (G3),
Neutral ports (G46), Canals, Supply column (G28)); game/rules/zone/supply.py, movement.py."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.odds.model import unmodelled
from game.rules.actions import EndPhase, Ferry, Move, SupplyDrop, apply, legal_actions, new_game
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import SupplyRule, TrackRule
from game.rules.ruleset import load_ruleset, load_scenario, load_scenario_file
from game.rules.variant import ruleset_for
from game.rules.zone import battle, movement, supply

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROOT = Path(__file__).parents[2]


def mini(units, owners=None, spaces=None, phase="combat_move", player="red", rs=None, canals=None):
    """The mini map on interwar; `owners` overrides territory owners, `spaces` SpaceDef
    fields per space. Starts at purchase and ends it, so the combat move begins as in play."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sp = dict(sc.spaces)
    for k, kw in (spaces or {}).items():
        sp[k] = replace(sp[k], **kw)
    so = dict(sc.start_owners)
    so.update(owners or {})
    sc = replace(sc, start_units=tuple(units), spaces=sp, start_owners=so, ruleset_id="interwar",
                 canals=canals or {})
    s = new_game(sc, rs or load_ruleset("interwar"), 1)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.phase_idx = 0
    while s.phase != phase:
        s = apply(s, EndPhase())
    return s


def of(s, owner, utype):
    return [u for u in sorted(s.units.values(), key=lambda u: u.uid) if u.owner == owner and u.type == utype]


# --- supply (G4) ------------------------------------------------------------------
def test_interwar_defines_supply_and_tracks():
    # seed 000 AUXILIARIES: "does not suffer an effectiveness penalty when its supply lines
    # are cut" / "does not suffer movement penalties when using tracks": supplied rules, on
    rs = load_ruleset("interwar")
    assert rs.supply == SupplyRule(penalty=1, sources=("factory", "capital", "naval_base", "port"))
    assert rs.tracks == TrackRule(terrain=("track",), extra_cost=1)
    aux = rs.units["auxiliary"]
    assert aux.has("no_supply_penalty") and aux.ability("no_move_penalty").terrain == ("track",)


def test_cut_off_units_fight_at_minus_one_and_auxiliaries_do_not():
    # seed 000 AUXILIARIES, Living off the Land: "This unit does not suffer an effectiveness
    # penalty when its supply lines are cut." Blue's Middle is cut off from Beta (b2 red).
    s = mini([("m", "blue", "infantry", 1), ("m", "blue", "auxiliary", 1), ("b1", "blue", "infantry", 1)],
             owners={"b2": "red"})
    inf, aux = of(s, "blue", "infantry")[0], of(s, "blue", "auxiliary")[0]
    home = of(s, "blue", "infantry")[1]
    assert inf.oos == 1 and aux.oos == 1 and home.oos == 0
    assert battle.unit_value(s, inf, "defense", {}) == s.utype(inf).defense - 1
    assert battle.unit_value(s, aux, "defense", {}) == s.utype(aux).defense   # exempt
    assert battle.unit_value(s, home, "defense", {}) == s.utype(home).defense
    assert "m" in supply.unsupplied_spaces(s) and "b1" not in supply.unsupplied_spaces(s)
    assert any("Out of supply" in line and "Middle" in line for line in s.log())


def test_supply_traced_through_friendly_chain_and_switched_off_by_variant():
    # seed 000 TRANSPORT AIRCRAFT: "determine the supply status of land units before
    # deciding whether or not to move or attack": status fixed as the combat move begins
    s = mini([("m", "blue", "infantry", 1)])   # m - b2 - b1 (factory): in supply
    assert of(s, "blue", "infantry")[0].oos == 0
    rs = ruleset_for(load_scenario("mediterranean_1940"), str(ROOT / "scenarios/variants/interwar_no_supply.yaml"))
    assert rs.supply is None and rs.tracks is None
    s = mini([("m", "blue", "infantry", 1)], owners={"b2": "red"}, rs=rs)
    inf = of(s, "blue", "infantry")[0]
    assert inf.oos == 0 and battle.unit_value(s, inf, "defense", {}) == s.utype(inf).defense


def test_port_supplies_by_sea_unless_blockaded():
    # supplied rule (G4): a port is a source by sea unless every bordering zone holds enemy warships
    ports = {"m": {"terrain": ("port",)}}
    s = mini([("m", "blue", "infantry", 1)], owners={"b2": "red"}, spaces=ports)
    assert of(s, "blue", "infantry")[0].oos == 0
    s = mini([("m", "blue", "infantry", 1), ("s2", "red", "destroyer", 1)], owners={"b2": "red"},
             spaces=ports)
    assert of(s, "blue", "infantry")[0].oos == 1
    # a transport (defenseless) blockades nothing
    s = mini([("m", "blue", "infantry", 1), ("s2", "red", "naval_transport", 1)], owners={"b2": "red"},
             spaces=ports)
    assert of(s, "blue", "infantry")[0].oos == 0


def test_an_auxiliary_cruiser_blockades_nothing():
    # seed 000: AUXILIARY CRUISER (L609) "This unit is not a warship." (G40): the supply
    # rule's blockade needs enemy warships, so a raider alone leaves the port in supply
    ports = {"m": {"terrain": ("port",)}}
    s = mini([("m", "blue", "infantry", 1), ("s2", "red", "auxiliary_cruiser", 1)], owners={"b2": "red"},
             spaces=ports)
    assert of(s, "blue", "infantry")[0].oos == 0
    s = mini([("m", "blue", "infantry", 1), ("s2", "red", "torpedo_boat_destroyer", 1)], owners={"b2": "red"},
             spaces=ports)
    assert of(s, "blue", "infantry")[0].oos == 1


def test_supply_column_supplies_its_territory_and_neighbours():
    # seed 000 SUPPLY COLUMN, Supply Dump (G28, read for the supply rule): its stack and
    # the adjacent territories held by its alliance are in supply
    rs = load_ruleset("interwar")
    assert rs.units["supply_column"].ability("supply_dump").radius == 1
    s = mini([("m", "blue", "infantry", 1), ("b2", "blue", "supply_column", 1)],
             owners={"b1": "red", "c": "red"})   # b2's own chain to a factory is gone
    assert of(s, "blue", "infantry")[0].oos == 0
    s = mini([("m", "blue", "infantry", 1)], owners={"b1": "red", "c": "red"})
    assert of(s, "blue", "infantry")[0].oos == 1


# --- supply drops -------------------------------------------------------------------
def drop_state(air_base=True, **kw):
    """Red's infantry hold Middle (m), cut off by blue's Alpha Minor (a2); a red air
    transport waits at Alpha (a1, an air base when `air_base`)."""
    return mini([("a1", "red", "transport_aircraft", 1), ("m", "red", "infantry", 2),
                 ("a1", "red", "armor", 1)],
                owners={"m": "red", "a2": "blue"}, spaces={"a1": {"air_base": air_base}}, **kw)


def test_supply_drop_puts_a_cut_off_territory_in_supply():
    # seed 000 TRANSPORT AIRCRAFT, Supply Drop: "Air transports beginning their movement
    # from an air base may deliver supplies to friendly units ... that would otherwise be
    # out-of-supply ... Supply drops are resolved before all other combat movement"
    s = drop_state()
    t = of(s, "red", "transport_aircraft")[0]
    inf = of(s, "red", "infantry")
    assert all(u.oos == 1 for u in inf)
    assert supply.drop_targets(s, t.uid) == ["m"]
    assert SupplyDrop(t.uid, "m") in legal_actions(s)
    s2 = apply(s, SupplyDrop(t.uid, "m"))
    assert all(s2.units[u.uid].oos == 0 for u in inf)
    assert battle.unit_value(s2, s2.units[inf[0].uid], "attack", {}) == s2.utype("infantry").attack
    assert s2.units[t.uid].space == "m" and s2.units[t.uid].moved == 2
    assert "m" in supply.supplied_spaces(s2, "axis")
    assert any("drops supplies on Middle" in line for line in s2.log())
    # the drop lasts the turn: gone at the next combat move
    while s2.player == "red":
        s2 = apply(s2, EndPhase())
    assert "m" not in supply.dropped_spaces(s2)


def test_supply_drops_and_ferries_fly_through_hostile_territory_under_fire():
    # seed 000 TRANSPORT AIRCRAFT, Supply Drop: "If the air transport enters an
    # enemy-controlled territory, AAA and fighters located in that territory receive one free
    # attack ... Transports that survive ... may deposit their cargoes"; Ferry Operation: "air
    # transports may cross enemy-controlled territories"
    ut = load_ruleset("interwar").units["transport_aircraft"]
    rs = load_ruleset("interwar")
    rs = replace(rs, units={**rs.units, "transport_aircraft": replace(ut, move=2)})
    s = mini([("a1", "red", "transport_aircraft", 1), ("m", "red", "infantry", 2), ("a2", "blue", "aaa", 1)],
             owners={"m": "red", "a2": "blue"}, spaces={"a1": {"air_base": True}}, rs=rs)
    t = of(s, "red", "transport_aircraft")[0]
    assert supply.drop_targets(s, t.uid) == ["m"]            # only over blue's Alpha Minor
    s.scripted_dice = (12,)
    hit = replace(s, scripted_dice=(1,))
    s2 = apply(s, SupplyDrop(t.uid, "m"))
    assert s2.units[t.uid].space == "m" and "m" in supply.supplied_spaces(s2, "axis")
    s3 = apply(hit, SupplyDrop(t.uid, "m"))                  # shot down: no supplies
    assert t.uid not in s3.units and "m" not in supply.supplied_spaces(s3, "axis")
    assert any("shot down" in line for line in s3.log())
    # a ferry shot down loses its IPCs
    f = mini([("c", "green", "transport_aircraft", 1), ("b1", "red", "aaa", 1)], player="green",
             phase="noncombat_move", owners={"b1": "red", "b2": "blue"}, rs=rs)
    tf = of(f, "green", "transport_aircraft")[0]
    assert not supply.explain_ferry(f, tf.uid, "b2", 3)
    before = dict(f.resources)
    f.scripted_dice = (1,)
    f2 = apply(f, Ferry(tf.uid, "b2", 3))
    assert tf.uid not in f2.units and f2.resources["green"] == before["green"] - 3
    assert f2.resources["blue"] == before["blue"]


def test_supply_drop_refusals():
    # seed 000: "beginning their movement from an air base"; "announce this at the start
    # of the combat movement phase"; "resolved before all other combat movement"
    s = drop_state(air_base=False)
    t = of(s, "red", "transport_aircraft")[0]
    assert "air base" in supply.explain_drop(s, t.uid, "m")
    s = drop_state()
    assert "friendly territory" in supply.explain_drop(s, t.uid, "b2")
    assert "in supply already" in supply.explain_drop(s, t.uid, "a1")
    for bad in (SupplyDrop(t.uid, "b2"), SupplyDrop(t.uid, "nowhere"), SupplyDrop("1", "m"), SupplyDrop(99, "m")):
        with pytest.raises(IllegalAction):
            apply(s, bad)
    arm = of(s, "red", "armor")[0]
    s = apply(s, Move((arm.uid,), ("a2",)))
    assert "before all other combat movement" in supply.explain_drop(s, t.uid, "m")
    assert not supply.drop_options(s)
    ns = drop_state(phase="noncombat_move")
    assert "start of the combat move" in supply.explain_drop(ns, t.uid, "m")
    empty = mini([("a1", "red", "transport_aircraft", 1)], spaces={"a1": {"air_base": True}})
    assert "No friendly land units" in supply.explain_drop(empty, of(empty, "red", "transport_aircraft")[0].uid, "a2")


# --- ferry (G36) ---------------------------------------------------------------------
def test_ferry_flies_ipcs_to_an_ally():
    # seed 000 TRANSPORT AIRCRAFT, Ferry Operation: "Air transports may ferry up to 5 IPC's
    # ... between nations that are part of the same alliance block. The recipient receives
    # the IPC's ... and may use them to make purchases."
    s = mini([("b1", "blue", "transport_aircraft", 1)], player="blue", phase="noncombat_move")
    t = of(s, "blue", "transport_aircraft")[0]
    before = dict(s.resources)
    assert Ferry(t.uid, "c", 1) in legal_actions(s)
    s2 = apply(s, Ferry(t.uid, "c", 5))
    assert s2.resources["blue"] == before["blue"] - 5 and s2.resources["green"] == before["green"] + 5
    assert s2.units[t.uid].space == "c"
    landed = apply(s2, EndPhase())     # the transport stays in the ally's territory (it may land there)
    assert landed.units[t.uid].space == "c"
    assert "6 IPCs" not in supply.explain_ferry(s, t.uid, "c", 6) and "1 to 5" in supply.explain_ferry(s, t.uid, "c", 6)
    assert "ally's territory" in supply.explain_ferry(s, t.uid, "b2", 1)      # own territory
    assert "ally's territory" in supply.explain_ferry(s, t.uid, "a1", 1)      # enemy territory
    with pytest.raises(IllegalAction):
        apply(s2, Ferry(t.uid, "c", 1))   # already flown
    for bad in (Ferry(t.uid, "c", "5"), Ferry("x", "c", 1), Ferry(t.uid, "nowhere", 1), Ferry(99, "c", 1)):
        with pytest.raises(IllegalAction):   # bad input: a clear message, never a crash
            apply(s, bad)
    cm = mini([("b1", "blue", "transport_aircraft", 1)], player="blue")
    with pytest.raises(IllegalAction, match="Non-combat"):
        apply(cm, Ferry(of(cm, "blue", "transport_aircraft")[0].uid, "c", 1))


# --- tracks (G3) -----------------------------------------------------------------------
def test_tracks_cost_extra_movement_except_for_auxiliaries():
    # seed 000 AUXILIARIES, Fieldcraft: "This unit does not suffer movement penalties when
    # using tracks." Supplied (G3): entering a `track` space costs 1 more movement point.
    s = mini([("b1", "blue", "armor", 1), ("b1", "blue", "auxiliary", 1), ("b1", "blue", "cavalry", 1)],
             player="blue", phase="noncombat_move", spaces={"b2": {"terrain": ("track",)}})
    arm, cav = of(s, "blue", "armor")[0], of(s, "blue", "cavalry")[0]
    assert "b2" in movement.reachable(s, [arm]) and "m" not in movement.reachable(s, [arm])
    with pytest.raises(IllegalAction, match="tracks"):
        apply(s, Move((arm.uid,), ("b2", "m")))
    assert "tracks" in movement.explain(s, [arm], "m")
    assert movement.reachable(s, [cav])["m"] == ("b2", "m")     # Move 3: 2 + 1
    s2 = apply(s, Move((arm.uid,), ("b2",)))
    assert s2.units[arm.uid].moved == 2
    aux_ut = replace(s.ruleset.units["auxiliary"], move=2)   # a 2-move auxiliary crosses
    s.ruleset = replace(s.ruleset, units={**s.ruleset.units, "auxiliary": aux_ut})
    aux = of(s, "blue", "auxiliary")[0]
    assert "m" in movement.reachable(s, [aux])
    assert "m" not in movement.reachable(s, [aux, arm])   # the group pays the armor's cost
    s.ruleset = replace(s.ruleset, tracks=None)
    assert "m" in movement.reachable(s, [arm])


# --- canals -------------------------------------------------------------------------------
def test_juggernaut_cannot_traverse_canals():
    # seed 000 JUGGERNAUT, Oversize: "A Juggernaut cannot traverse canals."
    lakes = {z: {"terrain": ("lake",)} for z in ("s1", "s2", "s3")}
    s = mini([("s2", "red", "juggernaut", 1), ("s2", "red", "destroyer", 1)], phase="noncombat_move",
             spaces=lakes, canals={("s2", "s3"): "Beta Canal"})
    jg, dd = of(s, "red", "juggernaut")[0], of(s, "red", "destroyer")[0]
    assert "s3" not in movement.reachable(s, [jg]) and "s1" in movement.reachable(s, [jg])
    assert "s3" in movement.reachable(s, [dd])
    with pytest.raises(IllegalAction, match="Beta Canal"):
        apply(s, Move((jg.uid,), ("s3",)))
    assert "Beta Canal" in movement.explain(s, [jg], "s3")


def test_canal_scenario_format_is_checked(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "c.yaml"
    p.write_text(text + "canals:\n  - {name: Beta Canal, between: [s2, s3]}\n")
    sc, _ = load_scenario_file(p)
    assert sc.canal("s3", "s2") == "Beta Canal"
    p.write_text(text + "canals:\n  - {name: Bad, between: [s1, s4]}\n")
    with pytest.raises(LoadError, match="do not border"):
        load_scenario_file(p)
    p.write_text(text + "canals:\n  - {name: Bad, between: [a1, s1]}\n")
    with pytest.raises(LoadError, match="two sea zones"):
        load_scenario_file(p)


# --- neutral ports (G46) ---------------------------------------------------------------------
def test_true_neutral_port_is_a_naval_base_for_the_auxiliary_cruiser_only():
    # seed 000 AUXILIARY CRUISER, Neutral Ports: "True Neutral ports count as friendly
    # naval bases." Neutralia (n) is made a coastal true-neutral country with a port.
    sps = {"n": {"true_neutral": True, "naval_base": True, "adjacent": ("a2", "m", "s1")},
           "s1": {"adjacent": ("a1", "a2", "s2", "n")}}
    s = mini([("s1", "blue", "auxiliary_cruiser", 1), ("s1", "blue", "destroyer", 1)], player="blue",
             phase="noncombat_move", spaces=sps)
    ac, dd = of(s, "blue", "auxiliary_cruiser")[0], of(s, "blue", "destroyer")[0]
    assert movement.at_friendly_naval_base(s, "s1", "blue", neutral_ports=True)
    assert not movement.at_friendly_naval_base(s, "s1", "blue")
    assert movement.surface_move(s, ac) == s.utype(ac).move + 1
    assert movement.surface_move(s, dd) == s.utype(dd).move
    # without the true-neutral port: no bonus
    s2 = mini([("s1", "blue", "auxiliary_cruiser", 1)], player="blue", phase="noncombat_move",
              spaces={**sps, "n": {**sps["n"], "true_neutral": False}})
    assert movement.surface_move(s2, of(s2, "blue", "auxiliary_cruiser")[0]) == s2.utype("auxiliary_cruiser").move


# --- the Mediterranean and the odds ------------------------------------------------------------
def test_mediterranean_is_tagged_for_the_supplied_systems():
    sc = load_scenario("mediterranean_1940")
    assert "track" in sc.spaces["western_desert"].terrain and "track" in sc.spaces["cyrenaica"].terrain
    assert all(sc.spaces[s].true_neutral and sc.spaces[s].naval_base for s in ("spain", "portugal", "turkey"))
    kinds = {(space, t) for space, _o, t, _n in sc.start_units}
    assert ("cyrenaica", "supply_column") in kinds and ("eastern_atlantic", "auxiliary_cruiser") in kinds


def test_odds_classify_the_new_abilities():
    # none of them changes a battle fought from an odds request (every unit in supply)
    rs = load_ruleset("interwar")
    for uid in ("auxiliary", "supply_column", "transport_aircraft", "auxiliary_cruiser", "juggernaut"):
        names = {ab.name for ab in rs.units[uid].abilities}
        left = [x for x in unmodelled(rs.units[uid], "exact") if x.split(": ")[1] in
                {"no_move_penalty", "no_supply_penalty", "supply_dump", "supply_drop", "ferry",
                 "neutral_ports_as_bases", "cannot_traverse"}]
        assert not left, (uid, names)


def test_lint_warns_about_each_supplied_reading():
    # the seed names supply, tracks, ferrying and true-neutral ports without defining them:
    # each reading is a seed note, which `python -m game lint` reports as a warning
    refs = {n.ref: n for n in load_ruleset("interwar").seed_notes}
    for ref, unit in (("G3", "auxiliary"), ("G4", "transport_aircraft"), ("G28", "supply_column"),
                      ("G36", "transport_aircraft"), ("G46", "auxiliary_cruiser")):
        assert ref in refs and unit in refs[ref].units, ref
