"""Battle rules: fire steps, casualties, support, AA, submarines, multi-hit units,
retreat and capture (g40 standard rules)."""
import pytest

from game.rules.actions import (
    Casualties,
    EndPhase,
    Move,
    Retreat,
    RollDice,
    SelectBattle,
    apply,
    default_casualties,
)
from game.rules.errors import IllegalAction


def ids(state, space, owner, utype=None):
    return tuple(sorted(u.uid for u in state.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))


def start_battle(state, moves, space):
    for uids, path in moves:
        state = apply(state, Move(uids, path))
    state = apply(state, EndPhase())
    assert space in state.zone.battles
    return apply(state, SelectBattle(space))


def test_artillery_supports_one_infantry_on_attack(mini):
    # g40: artillery gives +1 attack to one infantry (one-to-one)
    s = mini([("a2", "red", "infantry", 2), ("a2", "red", "artillery", 1), ("m", "blue", "infantry", 1)],
             dice=[2, 2, 2, 6])
    s = start_battle(s, [(ids(s, "a2", "red"), ("m",))], "m")
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    values = sorted(v for _, v, _ in roll.dice)
    assert values == [1, 2, 2]  # one infantry supported to 2, one at 1, artillery 2
    assert roll.hits == 2


def test_no_support_on_defense(mini):
    s = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 1), ("m", "blue", "artillery", 1)],
             dice=[6, 3, 3])
    s = start_battle(s, [(ids(s, "a2", "red"), ("m",))], "m")
    s = apply(s, RollDice())  # attacker misses
    s = apply(s, RollDice())  # defender fires
    assert sorted(v for _, v, _ in s.zone.battle.rolls[-1].dice) == [2, 2]  # not 3: attack only


def test_anti_aircraft_fires_first_and_only_at_aircraft(mini):
    # g40: AAA fires one die per attacking aircraft (up to 3), hitting on 1, before battle
    s = mini([("a1", "red", "fighter", 2), ("a2", "red", "infantry", 1),
              ("m", "blue", "aaa", 1), ("m", "blue", "infantry", 1)], dice=[1, 4])
    s = apply(s, Move(ids(s, "a1", "red"), ("a2", "m")))
    s = start_battle(s, [(ids(s, "a2", "red"), ("m",))], "m")
    s = apply(s, RollDice())
    r = s.zone.battle.rolls[-1]
    assert r.step == "aa" and len(r.dice) == 2 and r.hits == 1
    pool = s.zone.battle.pools[0]
    assert pool.side == "attacker" and pool.only_domains == ("air",)
    choice = default_casualties(s)
    assert s.units[choice.units[0]].type == "fighter"
    inf = ids(s, "m", "red", "infantry")
    with pytest.raises(IllegalAction):
        apply(s, Casualties(inf))
    s = apply(s, choice)
    assert len(ids(s, "m", "red", "fighter")) == 1


def test_submarine_first_strike_kills_before_return_fire(mini):
    # g40: submarines fire first; their casualties do not fire back (no enemy destroyer)
    s = mini([("s1", "red", "submarine", 1), ("s2", "blue", "cruiser", 1)], dice=[1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_first_strike"
    s = apply(s, default_casualties(s))
    assert not ids(s, "s2", "blue")
    assert s.zone.battle is None and ids(s, "s2", "red")


def test_destroyer_cancels_first_strike(mini):
    s = mini([("s1", "red", "submarine", 1), ("s2", "blue", "destroyer", 1)], dice=[1, 1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_fire"
    s = apply(s, default_casualties(s))  # destroyer marked, still fires back
    s = apply(s, RollDice())
    assert s.zone.battle is not None or not ids(s, "s2", "red")
    if s.zone.battle is not None and s.zone.battle.awaiting == "casualties":
        s = apply(s, default_casualties(s))
    assert not ids(s, "s2", "red") and not ids(s, "s2", "blue")


def test_submarine_hits_cannot_be_assigned_to_aircraft(mini):
    # g40: submarines cannot hit air units
    s = mini([("a1", "red", "fighter", 1), ("s1", "red", "destroyer", 1),
              ("s2", "blue", "submarine", 1)], dice=[6, 6, 1])
    s = apply(s, Move(ids(s, "a1", "red"), ("s1", "s2")))
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())  # attackers miss (6, 6)
    s = apply(s, RollDice())  # submarine hits (1); destroyer present so no first strike
    pool = s.zone.battle.pools[0]
    assert pool.exclude_domains == ("air",)
    with pytest.raises(IllegalAction):
        apply(s, Casualties(ids(s, "s2", "red", "fighter")))
    s = apply(s, Casualties(ids(s, "s2", "red", "destroyer")))
    assert ids(s, "s2", "red", "fighter")


def test_aircraft_alone_cannot_hit_submarines(mini):
    # g40: without a friendly destroyer, aircraft cannot hit submarines; nor subs aircraft
    s = mini([("a1", "red", "fighter", 1), ("s2", "blue", "submarine", 1)], dice=[1, 1])
    s = apply(s, Move(ids(s, "a1", "red"), ("s1", "s2")))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("s2"))
    s = apply(s, RollDice())  # fighter hits, but no eligible target: no casualty step
    while s.zone.battle is not None:
        s = apply(s, RollDice())
    assert ids(s, "s2", "blue") and ids(s, "s2", "red")
    assert any("Neither side can hurt" in line for line in s.log())


def test_battleship_absorbs_first_hit(mini):
    # g40: battleships and carriers take two hits; the default order of loss damages them first
    s = mini([("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1),
              ("s2", "blue", "cruiser", 1)], dice=[6, 6, 1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    choice = default_casualties(s)
    assert s.units[choice.units[0]].type == "battleship"
    s = apply(s, choice)
    bb = s.units[ids(s, "s2", "red", "battleship")[0]]
    assert bb.damage == 1


def test_player_may_override_order_of_loss(mini):
    s = mini([("s1", "red", "battleship", 1), ("s1", "red", "destroyer", 1),
              ("s2", "blue", "cruiser", 1)], dice=[6, 6, 1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    s = apply(s, Casualties(ids(s, "s2", "red", "destroyer")))
    assert not ids(s, "s2", "red", "destroyer")


def test_transports_are_lost_last_and_alone_are_destroyed(mini):
    s = mini([("s1", "red", "cruiser", 1), ("s2", "blue", "transport", 1), ("s2", "blue", "destroyer", 1)],
             dice=[1, 6])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    with pytest.raises(IllegalAction, match="Defenceless"):
        apply(s, Casualties(ids(s, "s2", "blue", "transport")))
    s = apply(s, default_casualties(s))
    s = apply(s, RollDice())  # destroyer fires back (6, miss); then transport is alone
    assert not ids(s, "s2", "blue")
    assert s.zone.battle is None


def test_retreat_to_where_attackers_came_from(mini):
    s = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 3)], dice=[6, 6, 6, 6])
    s = start_battle(s, [(ids(s, "a2", "red"), ("m",))], "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "continue" and s.zone.battle.origins == ("a2",)
    with pytest.raises(IllegalAction, match="came from"):
        apply(s, Retreat("b2"))
    s = apply(s, Retreat("a2"))
    assert ids(s, "a2", "red") and s.zone.battle is None


def test_amphibious_units_cannot_retreat(mini):
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1), ("m", "blue", "infantry", 1)],
             dice=[6, 6])
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    with pytest.raises(IllegalAction):
        apply(s, Retreat("s2"))


def test_capture_and_capital_treasury(mini):
    # the attacker takes the territory; taking a capital seizes its owner's resources
    s = mini([("b2", "red", "armour", 2), ("b1", "blue", "infantry", 1)], dice=[1, 1, 6])
    s.resources["blue"] = 17
    s = start_battle(s, [(ids(s, "b2", "red"), ("b1",))], "b1")
    s = apply(s, RollDice())
    s = apply(s, default_casualties(s))
    s = apply(s, RollDice())  # blue's marked infantry fires back (6): misses; removal
    assert s.zone.battle is None and s.owners["b1"] == "red"
    assert s.resources["blue"] == 0 and s.resources["red"] == 30 + 17


def test_aircraft_cannot_capture(mini):
    s = mini([("a1", "red", "fighter", 1), ("m", "blue", "infantry", 1)], dice=[1, 6])
    s = start_battle(s, [(ids(s, "a1", "red"), ("a2", "m"))], "m")
    s = apply(s, RollDice())
    s = apply(s, default_casualties(s))
    s = apply(s, RollDice())
    assert s.owners["m"] == "blue"


def test_liberation_returns_ally_territory(mini):
    s = mini([("b2", "blue", "infantry", 1)], player="blue")
    s.owners["m"] = "red"
    s = apply(s, Move(ids(s, "b2", "blue"), ("m",)))
    s = apply(s, EndPhase())
    assert s.owners["m"] == "blue"
    s2 = mini([("b2", "green", "infantry", 1)], player="green")
    s2.owners["m"] = "red"
    s2 = apply(s2, Move(ids(s2, "b2", "green"), ("m",)))
    s2 = apply(s2, EndPhase())
    assert s2.owners["m"] == "blue", "an ally's original territory goes back to it"


def test_shore_bombardment_in_amphibious_assault(mini):
    # g40: cruisers and battleships in the sea zone bombard in the first round of an amphibious assault
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1), ("s2", "red", "cruiser", 1),
              ("m", "blue", "infantry", 1)], dice=[3, 6, 6])
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "bombard" and s.zone.battle.rolls[-1].hits == 1


def test_defenders_the_bombardment_takes_all_still_fire_back(mini):
    # g40 (A&A Global 1940 "Casualties ... may still fire back"; issue #41 item 11): the
    # cruiser hits the only defender; it is a casualty behind the strip and fires back in
    # the first round all the same, sinking the lone attacker: both sides are destroyed
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1), ("s2", "red", "cruiser", 1),
              ("m", "blue", "infantry", 1)], dice=[3, 2])
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    s = apply(s, RollDice())                      # bombardment: 3, a hit
    s = apply(s, default_casualties(s))
    assert s.zone.battle is not None, "the marked infantry has still to fire back"
    s = apply(s, RollDice())                      # its return fire: 2, a hit
    assert s.zone.battle.rolls[-1].step == "def_fire" and s.zone.battle.rolls[-1].hits == 1
    s = apply(s, default_casualties(s))
    assert s.zone.battle is None and s.zone.last_battle.outcome == "both_destroyed"
    assert not ids(s, "m", "red") and not ids(s, "m", "blue") and s.owners["m"] == "blue"


def test_surprise_strikes_are_simultaneous(mini):
    # g40: attacking and defending submarines strike together; a sub sunk by the
    # attacker's surprise strike still fires its own, then both sides' losses go
    s = mini([("s1", "red", "submarine", 1), ("s2", "blue", "submarine", 1)], dice=[1, 1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())                      # attacker's surprise strike: hit
    s = apply(s, default_casualties(s))
    assert ids(s, "s2", "blue"), "struck sub stays until the defender's surprise strike"
    s = apply(s, RollDice())                      # defender's sub strikes back: hit
    assert s.zone.battle.rolls[-1].step == "def_first_strike"
    s = apply(s, default_casualties(s))
    assert not ids(s, "s2", "red") and not ids(s, "s2", "blue")
    assert s.zone.battle is None


def test_only_ships_in_the_assault_zone_bombard(mini):
    # g40: shore bombardment comes from the sea zone the amphibious assault is made from
    s = mini([("a1", "red", "infantry", 1), ("s1", "red", "transport", 1), ("s3", "red", "cruiser", 1),
              ("m", "blue", "infantry", 1)], dice=[6, 6, 6])
    inf = ids(s, "a1", "red")
    s = apply(s, Move(inf, ("s1",)))
    s = apply(s, Move(ids(s, "s1", "red", "transport"), ("s2",)))
    s = apply(s, Move(inf, ("m",)))  # from s2; the cruiser in s3 borders b2, not m
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    assert s.zone.battle.bombard == ()


def test_moot_hit_restrictions_make_one_casualty_choice(mini):
    # submarine hits cannot go to aircraft, but with no aircraft present the
    # defender chooses once for all hits
    s = mini([("s1", "red", "destroyer", 1), ("s1", "red", "submarine", 1), ("s1", "red", "fighter", 0),
              ("s2", "blue", "cruiser", 1), ("s2", "blue", "destroyer", 1)], dice=[1, 1])
    s = start_battle(s, [(ids(s, "s1", "red"), ("s2",))], "s2")
    s = apply(s, RollDice())
    assert len(s.zone.battle.pools) == 1 and s.zone.battle.pools[0].hits == 2


def test_defender_is_named_in_the_log(mini):
    s = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 1)], dice=[6, 1])
    s = start_battle(s, [(ids(s, "a2", "red"), ("m",))], "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    s = apply(s, default_casualties(s))
    assert any("Blueland holds Middle" in line for line in s.log())
