"""Amphibious assaults through a defended sea zone (game/rules/zone/landings.py).

G40 rulebook (2nd ed.), "Amphibious Assaults": when enemy surface warships are in the
sea zone from which the land units will be offloaded, a sea battle is fought there first;
the land units offload only if the attacker wins it (TripleA: a transport that dies
kills the units it unloaded; a retreating transport takes them with it)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import EndPhase, Move, SelectBattle
from game.rules.errors import IllegalAction
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import movement

FIX = Path(__file__).parents[1] / "fixtures" / "contested_landing.yaml"


def _combat_move():
    sc = load_scenario(str(FIX))
    s = Session(sc, load_ruleset(sc.ruleset_id), 1)
    s.do(EndPhase())  # no purchase
    assert s.state.phase == movement.COMBAT
    return s


def _uids(s, type_, space, owner="red"):
    return tuple(sorted(u.uid for u in s.state.units.values()
                        if u.type == type_ and u.space == space and u.owner == owner))


def _land_two_infantry(s):
    """Warships into s2, the transport loads two infantry, sails in, they unload into b."""
    ships = _uids(s, "battleship", "s1") + _uids(s, "cruiser", "s1") + _uids(s, "destroyer", "s1")
    s.do(Move(ships, ("s2",)))
    inf = _uids(s, "infantry", "h")[:2]
    s.do(Move(inf, ("s1",)))
    s.do(Move(_uids(s, "transport", "s1"), ("s2",)))
    s.do(Move(inf, ("b",)))
    return inf


def test_cargo_unloads_from_a_defended_zone_only_with_an_escort():
    # before the warships enter s2 no sea battle is fought there: troops loaded in the
    # combat move could not offload, so they may not board
    s = _combat_move()
    with pytest.raises(IllegalAction, match="must be offloaded"):
        s.do(Move(_uids(s, "infantry", "h")[:2], ("s1",)))
    inf = _land_two_infantry(s)
    assert all(s.state.units[u].space == "b" and s.state.units[u].amphibious for u in inf)


def test_the_sea_battle_comes_before_the_landing():
    s = _combat_move()
    _land_two_infantry(s)
    s.do(EndPhase())
    assert s.state.zone.battles == ("b", "s2")
    with pytest.raises(IllegalAction, match="sea battle"):
        s.do(SelectBattle("b"))
    s.do(SelectBattle("s2"))


def _after_sea_battle(s, transport_fate):
    """Play to the end of the sea battle in s2, then set its outcome by hand."""
    inf = _land_two_infantry(s)
    s.do(EndPhase())
    st = s.state
    st.zone.battles = tuple(b for b in st.zone.battles if b != "s2")   # fought: the destroyer won
    for u in _uids(s, "battleship", "s2") + _uids(s, "cruiser", "s2") + _uids(s, "destroyer", "s2"):
        del st.units[u]
    t = _uids(s, "transport", "s2")[0]
    transport_fate(st, t)
    return inf


def test_units_landed_by_a_sunk_transport_are_lost():
    s = _combat_move()
    inf = _after_sea_battle(s, lambda st, t: st.units.pop(t))
    s.do(SelectBattle("b"))
    assert not any(u in s.state.units for u in inf)
    assert "b" not in s.state.zone.battles and s.state.owners["b"] == "blue"


def test_a_transport_that_retreats_takes_its_troops_back():
    s = _combat_move()
    inf = _after_sea_battle(s, lambda st, t: st.units.__setitem__(t, replace(st.units[t], space="s1")))
    t = _uids(s, "transport", "s1")[0]
    s.do(SelectBattle("b"))
    assert all(s.state.units[u].carried_by == t and s.state.units[u].space == "s1" for u in inf)
    assert "b" not in s.state.zone.battles and s.state.owners["b"] == "blue"


def test_the_landings_odds_say_the_sea_battle_decides_it():
    # G40 rulebook, "Amphibious Assaults": the land units offload only if the sea battle
    # is won; the land battle's odds count them, and say so while that battle is ahead
    from game.rules.ruleset import load_ruleset as _rs
    from game.ui import odds_view
    s = _combat_move()
    _land_two_infantry(s)
    s.do(EndPhase())
    v = odds_view.space_odds(odds_view.OddsCache(sync=True), s.state, "b", "red")
    lines = odds_view.summary_lines(v, _rs(s.state.scenario.ruleset_id))
    sea = s.state.scenario.spaces["s2"].name
    assert any(f"sea battle in {sea} (fought first)" in line for line in lines)


def _fight(s, space):
    from game.rules.zone.family import legal_actions
    s.do(SelectBattle(space))
    while s.state.zone.battle is not None:
        s.do(legal_actions(s.state)[0])


def test_an_assault_ship_offloads_only_once_the_hostile_zone_is_cleared():
    # seed 001, Amphibious Assault Ships: "cannot load or offload while in a hostile sea
    # zone" (l.105); it offloads into a hostile territory in the amphibious assault step
    # of Conduct Combat (l.113), after sea combat, where it may instead retreat (l.117).
    # The landing is declared in the combat move; the land battle waits for the sea battle
    sc = load_scenario(str(FIX.with_name("contested_landing_naval.yaml")))
    s = Session(sc, load_ruleset(sc.ruleset_id), 1)
    s.do(EndPhase())
    s.do(Move(_uids(s, "cruiser", "s1") + _uids(s, "destroyer", "s1"), ("s2",)))
    inf = _uids(s, "infantry", "h")[:2]
    s.do(Move(inf, ("s1",)))
    s.do(Move(_uids(s, "amphibious_assault_ship", "s1"), ("s2",)))
    s.do(Move(inf, ("b",)))
    s.do(EndPhase())
    with pytest.raises(IllegalAction, match="sea battle"):
        s.do(SelectBattle("b"))
    _fight(s, "s2")
    assert s.state.zone.last_battle.outcome == "attacker"   # two cruisers and a destroyer win
    _fight(s, "b")
    assert s.state.owners["b"] == "red"


def test_a_transport_that_took_its_troops_back_says_so_when_asked_to_unload():
    # G40 rulebook, "Amphibious Assaults": land units of a transport that retreats stay
    # aboard; it offloads no more that turn (seed 001 l.105: "If an amphibious assault ship
    # retreats, it cannot offload that turn") - the refusal names why
    s = _combat_move()
    inf = _after_sea_battle(s, lambda st, t: st.units.__setitem__(t, replace(st.units[t], space="s1")))
    s.do(SelectBattle("b"))
    while s.state.phase != movement.NONCOMBAT:
        s.do(EndPhase())
    with pytest.raises(IllegalAction, match="took its troops back aboard after the sea battle"):
        s.do(Move(inf, ("h",)))
