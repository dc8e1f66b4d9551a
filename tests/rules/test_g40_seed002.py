"""Seed 002 house rules on g40: Elite Infantry (§6) and Paratroopers (§7). Each rule test
cites the sentence of shared/seeds/002_1a28fd52530e4f1d.txt it checks; readings in
docs/interpretations.md ("g40 house rules (seed 002)")."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.abilities.values import Fortifies
from game.rules.actions import (
    Airdrop,
    Casualties,
    EndPhase,
    Move,
    Place,
    Purchase,
    Retreat,
    RollDice,
    SelectBattle,
    action_from_json,
    apply,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import UnitType
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.snapshot import snapshot
from game.rules.zone import airdrop as AD
from game.rules.zone import battle as B
from game.rules.zone import movement, production

FIXTURES = Path(__file__).parents[1] / "fixtures"
POWERS = {"red": "germany", "blue": "russia", "green": "united_kingdom"}


def g(units=(), dice=(), phase="combat_move", player="red", powers=None, spaces=None,
      owners=None, factories=None, ruleset=None):
    """The mini map under g40 with players as seed 002 powers (red Germany, blue Russia,
    green UK by default; None = no power). `spaces`: space id -> SpaceDef fields."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    pw = POWERS if powers is None else powers
    players = tuple(replace(p, power=pw.get(p.id)) for p in sc.players)
    sps = dict(sc.spaces)
    for sid, kw in (spaces or {}).items():
        sps[sid] = replace(sps[sid], **kw)
    sc = replace(sc, start_units=tuple(units), players=players, spaces=sps)
    s = new_game(sc, ruleset or load_ruleset("g40"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in sc.players].index(player)
    s.owners.update(owners or {})
    s.turn_owners.update(owners or {})
    if factories is not None:
        s.factories = frozenset(factories)
    return s


def ids(s, space, owner, utype=None):
    return tuple(sorted(u.uid for u in s.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))


def to_battle(s, space):
    s = apply(s, EndPhase())
    assert space in s.zone.battles
    return apply(s, SelectBattle(space))


def last_values(s):
    return sorted(v for _, v, _ in s.zone.battle.rolls[-1].dice)


# --- Elite Infantry (§6) ----------------------------------------------------------------
def test_elite_infantry_stat_line():
    # seed 002: ELITE INFANTRY, "Attack: 1 (2 dice)", "Defense: 2 (2 dice)", "Move: 1", "Cost: 3"
    ut = load_ruleset("g40").units["elite_infantry"]
    assert (ut.attack, ut.defense, ut.move, ut.cost) == (1, 2, 1, 3)
    assert ut.ability("extra_dice").count == 2


def test_elite_infantry_two_dice_at_infantry_values_attacking_and_defending():
    # seed 002: ELITE INFANTRY, "An EI unit uses 2 dice in attack and defence. EI attack and
    # defend with the same dice factor as infantry."
    s = g([("a2", "red", "elite_infantry", 1), ("m", "blue", "elite_infantry", 1),
           ("m", "blue", "infantry", 1)], dice=[6, 6, 3, 2, 2])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert [(t, v) for t, v, _ in s.zone.battle.rolls[-1].dice] == [("elite_infantry", 1)] * 2
    s = apply(s, RollDice())
    dice = s.zone.battle.rolls[-1].dice
    assert sorted((t, v) for t, v, _ in dice) == [("elite_infantry", 2), ("elite_infantry", 2),
                                                   ("infantry", 2)]


def test_elite_infantry_supported_by_artillery_keeps_both_dice_at_2():
    # seed 002: ELITE INFANTRY, "EI can be supported by artillery and still use 2 dice in
    # the attack at "2"."
    s = g([("a2", "red", "elite_infantry", 1), ("a2", "red", "artillery", 1),
           ("m", "blue", "infantry", 3)], dice=[2, 2, 2])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert last_values(s) == [2, 2, 2] and s.zone.battle.rolls[-1].hits == 3


def test_artillery_shared_by_infantry_and_elite_infantry_supports_the_elite():
    # seed 002: ELITE INFANTRY, "EI can be supported by artillery and still use 2 dice in
    # the attack at "2"." With one artillery beside an infantry (the lower uid) and an elite
    # infantry, the +1 goes where it helps most: on both elite dice (issue #41 item 16)
    s = g([("a2", "red", "infantry", 1), ("a2", "red", "elite_infantry", 1), ("a2", "red", "artillery", 1),
           ("m", "blue", "infantry", 4)], dice=[6, 6, 6, 6])
    inf, elite = ids(s, "a2", "red", "infantry")[0], ids(s, "a2", "red", "elite_infantry")[0]
    assert inf < elite
    bonus = B.support_bonus(s, [s.units[u] for u in ids(s, "a2", "red")], "attack")
    assert bonus == {elite: 1}
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    roll = s.zone.battle.rolls[-1]
    assert sorted((t, v) for t, v, _ in roll.dice) == [("artillery", 2), ("elite_infantry", 2),
                                                      ("elite_infantry", 2), ("infantry", 1)]


def test_one_elite_infantry_per_alliance_in_a_territory():
    # seed 002: ELITE INFANTRY, "There can be a maximum of 1 EI from the same Nation or
    # alliance in each territory." (S1: per alliance)
    s = g([("b2", "blue", "elite_infantry", 1), ("b1", "blue", "elite_infantry", 1),
           ("c", "green", "elite_infantry", 1)], phase="noncombat_move", player="blue")
    one = ids(s, "b1", "blue")
    with pytest.raises(IllegalAction, match="At most 1 Elite Infantry"):
        apply(s, Move(one, ("b2",)))
    assert "b2" not in movement.reachable(s, [s.units[one[0]]])
    # an ally's (another nation of the alliance) elite infantry counts too
    s3 = g([("b1", "blue", "elite_infantry", 1), ("c", "green", "elite_infantry", 1)],
           phase="noncombat_move", player="green")
    with pytest.raises(IllegalAction, match="alliance"):
        apply(s3, Move(ids(s3, "c", "green"), ("b1",)))
    # an enemy's elite infantry does not count: red may attack into b2 with its own
    s4 = g([("m", "red", "elite_infantry", 1), ("b2", "blue", "elite_infantry", 1)])
    apply(s4, Move(ids(s4, "m", "red"), ("b2",)))


def test_one_elite_infantry_per_territory_at_placement_and_unloading():
    # seed 002: ELITE INFANTRY, "There can be a maximum of 1 EI from the same Nation or
    # alliance in each territory."
    s = g([("a1", "red", "elite_infantry", 1)], phase="place")
    s.zone.purchased = {"red|elite_infantry": 1}
    with pytest.raises(IllegalAction, match="At most 1 Elite Infantry"):
        apply(s, Place("elite_infantry", "a1"))
    assert not any(isinstance(a, Place) for a in legal_actions(s))
    s = g([("s1", "red", "transport", 1), ("a1", "red", "elite_infantry", 2)],
          phase="noncombat_move")
    # two elite infantry board together (a sea zone is no territory) but cannot land together
    s.units = {uid: (replace(u, space="a2") if u.uid == 3 else u) for uid, u in s.units.items()}
    s = apply(s, Move((2,), ("s1",)))
    assert s.units[2].carried_by == 1
    with pytest.raises(IllegalAction):
        apply(s, Move((2,), ("a2",)))


def test_elite_infantry_at_most_one_per_turn_by_the_five_named_powers_at_3():
    # seed 002: ELITE INFANTRY, "Russia, Germany, United Kingdom, Japan and USA can each
    # produce a maximum of 1 Elite Infantry (EI) unit per turn at a cost of 3 IPC." (S3)
    s = g(phase="purchase")
    s = apply(s, Purchase("elite_infantry", 1))
    assert s.resources["red"] == 27
    with pytest.raises(IllegalAction, match="At most 1 Elite Infantry per turn"):
        apply(s, Purchase("elite_infantry", 1))
    assert not any(a == Purchase("elite_infantry", 1) for a in legal_actions(s))
    s = apply(s, Purchase("elite_infantry", -1))          # a refund gives the allowance back
    with pytest.raises(IllegalAction, match="per turn"):
        apply(s, Purchase("elite_infantry", 2))
    for power in ("italy", None):                       # Italy is not named; nor is a non-power
        s = g(phase="purchase", powers={"red": power})
        with pytest.raises(IllegalAction, match="only by Russia, Germany"):
            apply(s, Purchase("elite_infantry", 1))


def test_elite_infantry_at_most_one_placed_per_turn_counting_units_bought_earlier():
    # seed 002: ELITE INFANTRY, "Russia, Germany, United Kingdom, Japan and USA can each
    # produce a maximum of 1 Elite Infantry (EI) unit per turn" -- one a turn comes into play,
    # also when one bought on an earlier turn still waits to be placed
    s = g(phase="place", owners={"b1": "red"}, factories={"a1", "b1"})
    s.zone.purchased = {"red|elite_infantry": 2}                  # one of them from an earlier turn
    s = apply(s, Place("elite_infantry", "a1"))
    with pytest.raises(IllegalAction, match="At most 1 Elite Infantry placed per turn"):
        apply(s, Place("elite_infantry", "b1"))
    assert not any(isinstance(a, Place) for a in legal_actions(s))
    s = apply(s, EndPhase())
    assert s.zone.purchased == {"red|elite_infantry": 1}           # it waits for the next turn


def test_elite_infantry_fights_and_moves_as_infantry():
    # seed 002: ELITE INFANTRY, "EI will always fight as regular infantry – but using 2 dice."
    # and "EI operates under rules for infantry" (transport cost 2, one space, no blitz)
    rs = load_ruleset("g40")
    ei, inf = rs.units["elite_infantry"], rs.units["infantry"]
    assert (ei.attack, ei.defense, ei.move, ei.transport_cost, ei.domain) == \
        (inf.attack, inf.defense, inf.move, inf.transport_cost, inf.domain)
    assert not ei.has("blitz")
    s = g([("s1", "red", "transport", 1), ("a1", "red", "elite_infantry", 1),
           ("a1", "red", "infantry", 1)], phase="noncombat_move")
    s = apply(s, Move(ids(s, "a1", "red"), ("s1",)))    # 2 + 2 fits a transport (5)
    assert all(s.units[u].carried_by == 1 for u in (2, 3))


def test_elite_infantry_gets_no_fortification_bonus():
    # seed 002: ELITE INFANTRY, "EI operates under rules for infantry but cannot defend in
    # defensive fortifications or be part of a Soviet Army Corps." (S8: no_fortification_bonus;
    # g40 has neither, so a ruleset with a fortifying unit is built for the test)
    rs = load_ruleset("g40")
    assert rs.units["elite_infantry"].has("no_fortification_bonus")
    assert not any(ut.has("fortifies") for ut in rs.units.values())
    bunker = UnitType("bunker", "Bunker", "static", None, 0, 0, 0,
                      abilities=(Fortifies(units=("infantry", "elite_infantry"), pairing="all"),))
    rs2 = replace(rs, units={**rs.units, "bunker": bunker})
    s = g([("m", "blue", "infantry", 1), ("m", "blue", "elite_infantry", 1),
           ("m", "blue", "bunker", 1)], ruleset=rs2)
    dfn = [u for u in s.units.values() if u.space == "m"]
    bonus = B.support_bonus(s, dfn, "defense")
    assert bonus == {ids(s, "m", "blue", "infantry")[0]: 1}


def test_elite_infantry_is_produced_in_a_major_capital():
    # seed 002: ELITE INFANTRY, "EI must be produced in a Major Capital." (S2)
    s = g(phase="place", factories={"a1", "a2", "b1", "c"})
    s.zone.purchased = {"red|elite_infantry": 1}
    with pytest.raises(IllegalAction, match="major power's capital"):
        apply(s, Place("elite_infantry", "a2"))
    s = apply(s, Place("elite_infantry", "a1"))
    assert ids(s, "a1", "red", "elite_infantry")
    # a capital of a player who is none of the seed's powers is not a major capital
    s = g(phase="purchase", powers={"red": "germany"}, owners={"c": "red"},
          factories={"c"})
    with pytest.raises(IllegalAction, match="major power's capital"):
        apply(s, Purchase("elite_infantry", 1))


# --- Paratroopers (§7) ------------------------------------------------------------------
def test_paratrooper_stat_line():
    # seed 002: PARATROOPER, "Attack: 1", "Defense: 2", "Move: 2", "Cost: 4"
    ut = load_ruleset("g40").units["paratrooper"]
    assert (ut.attack, ut.defense, ut.move, ut.cost) == (1, 2, 2, 4)


def test_named_powers_buy_paratroopers_at_4():
    # seed 002: PARATROOPER, "The powers mentioned below can purchase Paratrooper units at a
    # cost of 4 IPC per unit."
    s = apply(g(phase="purchase"), Purchase("paratrooper", 2))
    assert s.resources["red"] == 22
    s = g(phase="purchase", powers={"red": None})
    assert production.unit_cost(s, "paratrooper", "red") is None
    with pytest.raises(IllegalAction, match="only by"):
        apply(s, Purchase("paratrooper", 1))


def test_paratrooper_counts_as_a_tank_aboard_a_transport():
    # seed 002: PARATROOPER, "When loaded on to a Transport the Paratrooper counts as a tank
    # unit towards the Transports capacity."
    rs = load_ruleset("g40")
    assert rs.units["paratrooper"].transport_cost == rs.units["armour"].transport_cost == 3
    s = g([("s1", "red", "transport", 1), ("a1", "red", "paratrooper", 2)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="transport room"):
        apply(s, Move(ids(s, "a1", "red"), ("s1",)))
    s = g([("s1", "red", "transport", 1), ("a1", "red", "paratrooper", 1), ("a1", "red", "infantry", 1)],
          phase="noncombat_move")
    s = apply(s, Move(ids(s, "a1", "red"), ("s1",)))


def _sea_only_map():
    """a2 and m border only through Sea One (a2-m and the neutral n cut)."""
    return {"a2": {"adjacent": ("a1", "s1")}, "m": {"adjacent": ("b2", "s2", "s1")},
            "n": {"adjacent": ()}, "s1": {"adjacent": ("a1", "a2", "s2", "m")}}


def test_paratrooper_flies_two_spaces_over_a_sea_zone_with_enemy_ships():
    # seed 002: PARATROOPER, "A Paratrooper unit is a special infantry unit that can move up
    # to 2 spaces by air (it does not need any airplane ...) – it must begin and end its move
    # on land, which means that a Paratrooper also may cross a sea zone even if this sea zone
    # contains enemy ships."
    s = g([("a2", "red", "paratrooper", 2), ("m", "blue", "infantry", 1),
           ("s1", "blue", "destroyer", 1), ("s1", "blue", "cruiser", 1)], spaces=_sea_only_map())
    para = ids(s, "a2", "red")
    assert AD.targets(s, [s.units[para[0]]]) == ["m"]
    s = apply(s, Airdrop(para, "m"))
    assert all(s.units[u].space == "m" and s.units[u].airborne for u in para)
    s = apply(s, EndPhase())
    assert s.zone.battles == ("m",)                        # nothing happens in the sea zone
    # the flight ends on land only, and not 3 spaces away
    s = g([("a1", "red", "paratrooper", 1), ("b2", "blue", "infantry", 1)])
    assert "land" in AD.explain(s, [s.units[1]], "s1")
    assert "3 spaces away" in AD.explain(s, [s.units[1]], "b2")


def test_paratrooper_moves_one_space_on_land_and_two_only_by_air():
    # seed 002: PARATROOPER, "When a Paratrooper moves on land it moves only 1 space – if the
    # Paratrooper wants to move 2 spaces it must do so by air."
    s = g([("a1", "red", "paratrooper", 1), ("m", "blue", "infantry", 1)])
    with pytest.raises(IllegalAction, match="by air"):
        apply(s, Move((1,), ("a2", "m")))
    s2 = apply(s, Airdrop((1,), "m"))
    assert s2.units[1].space == "m" and s2.units[1].moved == 2
    s3 = g([("a2", "red", "paratrooper", 1), ("m", "blue", "infantry", 1)])
    s3 = apply(s3, Move((1,), ("m",)))
    assert not s3.units[1].airborne
    s4 = apply(g([("a2", "red", "paratrooper", 1)], phase="noncombat_move"), Move((1,), ("a1",)))
    with pytest.raises(IllegalAction, match="already moved"):
        apply(s4, Airdrop((1,), "a1"))


def test_anti_aircraft_fires_at_airborne_paratroopers_as_at_aircraft():
    # seed 002: PARATROOPER, "Paratroopers are exposed to fire from anti-aircraft guns – same
    # rules apply as for air units." (S5: only paratroopers that flew in)
    s = g([("a1", "red", "paratrooper", 4), ("m", "blue", "aaa", 1), ("m", "blue", "infantry", 1)],
          dice=[1, 6, 6])
    s = apply(s, Airdrop(ids(s, "a1", "red"), "m"))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    r = s.zone.battle.rolls[-1]
    assert r.step == "aa" and len(r.dice) == 3 and r.hits == 1   # 3 dice per AAA, hit on 1
    s = apply(s, Casualties(ids(s, "m", "red")[:1]))
    assert len(ids(s, "m", "red")) == 3                            # removed at once
    # by land: no anti-aircraft fire
    s = g([("a2", "red", "paratrooper", 2), ("m", "blue", "aaa", 1), ("m", "blue", "infantry", 1)],
          dice=[6, 6])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert s.zone.battle.rolls[-1].step == "att_fire"


def test_anti_aircraft_fires_separately_at_paratroopers_and_aircraft():
    # seed 002: PARATROOPER, "If Paratroopers attack together with air units any defending AAA
    # must fire at the Paratroopers and the air units separately."
    s = g([("a1", "red", "paratrooper", 2), ("a1", "red", "fighter", 2),
           ("m", "blue", "aaa", 1), ("m", "blue", "infantry", 1)], dice=[6, 6, 1, 6])
    s = apply(s, Airdrop(ids(s, "a1", "red", "paratrooper"), "m"))
    s = apply(s, Move(ids(s, "a1", "red", "fighter"), ("a2", "m")))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    r = s.zone.battle.rolls[-1]
    assert len(r.dice) == 4 and r.hits == 1                    # 2 at aircraft + 2 at paratroopers
    pool = s.zone.battle.pools[0] if s.zone.battle.pools else None
    assert pool is not None and pool.only_domains == (B.AIRBORNE,)
    with pytest.raises(IllegalAction):
        apply(s, Casualties((ids(s, "m", "red", "fighter")[0],)))   # the hit is a paratrooper's
    s = apply(s, Casualties((ids(s, "m", "red", "paratrooper")[0],)))
    assert len(ids(s, "m", "red", "fighter")) == 2


def test_airborne_attack_alone_is_3_in_round_one_then_1():
    # seed 002: PARATROOPER, "When a Paratrooper unit attacks by air alone or together with
    # other Paratrooper units only, the attack factor is "3" for all these Paratroopers in the
    # first round of combat. From the second round of combat the attack factor is "1"."
    s = g([("a1", "red", "paratrooper", 2), ("m", "blue", "infantry", 3)],
          dice=[4, 4, 6, 6, 6, 2, 2])
    s = apply(s, Airdrop(ids(s, "a1", "red"), "m"))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert last_values(s) == [3, 3]
    s = apply(s, RollDice())               # defender misses
    s = apply(s, RollDice())               # round 2
    assert last_values(s) == [1, 1]


def test_airborne_attack_with_other_units_is_1():
    # seed 002: PARATROOPER, "If Paratroopers attack by air and are supported by units other
    # than Paratroopers, the Paratroopers attack at "1"." (and no artillery support)
    s = g([("a1", "red", "paratrooper", 2), ("a2", "red", "artillery", 2),
           ("m", "blue", "infantry", 3)], dice=[6, 6, 6, 6])
    s = apply(s, Airdrop(ids(s, "a1", "red"), "m"))
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert [(t, v) for t, v, _ in s.zone.battle.rolls[-1].dice if t == "paratrooper"] == [("paratrooper", 1)] * 2


def test_paratroopers_defending_alone_are_3_in_round_one_then_2():
    # seed 002: PARATROOPER, "When a Paratrooper unit is defending alone or together with
    # other Paratrooper units only, the defence factor is "3" for all these Paratroopers in
    # the first round of combat. From the second round of combat the defence factor is "2"."
    s = g([("a2", "red", "infantry", 3), ("m", "blue", "paratrooper", 2)],
          dice=[6, 6, 6, 6, 6, 6, 6, 6, 6, 6])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert last_values(s) == [3, 3]
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert last_values(s) == [2, 2]


def test_paratroopers_defending_with_other_units_are_2():
    # seed 002: PARATROOPER, "If Paratroopers are defending together with units other than
    # Paratroopers, the Paratroopers defend at "2"."
    s = g([("a2", "red", "infantry", 3), ("m", "blue", "paratrooper", 1), ("m", "blue", "infantry", 1)],
          dice=[6] * 6)
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert last_values(s) == [2, 2]


def test_paratroopers_defending_with_aaa_are_still_3_in_round_one():
    # seed 002: PARATROOPER, "Exception: Paratroopers can defend together with AAA and still
    # defend at "3" in the first round of combat. From the second round of combat the defence
    # factor is "2"."
    s = g([("a2", "red", "infantry", 3), ("m", "blue", "paratrooper", 2), ("m", "blue", "aaa", 1)],
          dice=[6] * 10)
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert last_values(s) == [3, 3]
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert last_values(s) == [2, 2]


def test_no_airborne_attack_on_the_named_capitals():
    # seed 002: PARATROOPER, "Paratroopers cannot make an attack from the air against these
    # Capitals: Moscow, Berlin, London, Tokyo, Washington & Rome."
    s = g([("m", "red", "paratrooper", 1)], owners={"m": "red"})
    with pytest.raises(IllegalAction, match="capital of Russia"):
        apply(s, Airdrop((1,), "b1"))                 # blue is Russia: b1 is Moscow
    assert "b1" not in AD.targets(s, [s.units[1]])
    s = g([("b2", "red", "paratrooper", 1)], owners={"b2": "red"}, powers={"red": "germany", "green": None})
    assert "c" in AD.targets(s, [s.units[1]])        # a capital of no named power is open


def test_named_capitals_are_attacked_by_land_or_from_a_transport():
    # seed 002: PARATROOPER, "If a Paratrooper unit wants to attack any of these Capitals, it
    # must be in a space that is adjacent to the Capital and attack by land – or it could be
    # onboard a transport and be offloaded into a territory that has a Capital in it."
    s = g([("b2", "red", "paratrooper", 1)], owners={"b2": "red"})
    s = apply(s, Move((1,), ("b1",)))
    assert s.units[1].space == "b1" and s.units[1].in_combat and not s.units[1].airborne
    s = g([("s3", "red", "transport", 1), ("b2", "red", "paratrooper", 1)], owners={"b2": "red"})
    s.units[2] = replace(s.units[2], space="s3", carried_by=1)
    s = apply(s, Move((2,), ("b1",)))
    assert s.units[2].space == "b1" and s.units[2].amphibious


def test_paratrooper_attacking_by_land_is_infantry_supported_by_artillery():
    # seed 002: PARATROOPER, "When a Paratrooper attacks by land, it attacks as a regular
    # infantry unit at "1" – in this case it can also be supported by an artillery unit and
    # thereby attack at "2"."
    s = g([("a2", "red", "paratrooper", 2), ("a2", "red", "artillery", 1), ("m", "blue", "infantry", 3)],
          dice=[6, 6, 6])
    s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    assert sorted((t, v) for t, v, _ in s.zone.battle.rolls[-1].dice) == \
        [("artillery", 2), ("paratrooper", 1), ("paratrooper", 2)]


def test_paratroopers_are_produced_in_a_capital():
    # seed 002: PARATROOPER, "Paratroopers must be produced in a Capital"
    s = g(phase="place", factories={"a1", "a2"})
    s.zone.purchased = {"red|paratrooper": 2}
    with pytest.raises(IllegalAction, match="in a capital"):
        apply(s, Place("paratrooper", "a2"))
    s = apply(s, Place("paratrooper", "a1"))


def test_paratroopers_fly_into_a_friendly_capital_in_the_noncombat_move():
    # seed 002: PARATROOPER, "... and can move into a friendly Capital by air during
    # non-combat movement." (S4: the only non-combat flight)
    s = g([("m", "red", "paratrooper", 1)], phase="noncombat_move", owners={"m": "red"})
    s2 = apply(s, Airdrop((1,), "a1"))
    assert s2.units[1].space == "a1" and not s2.units[1].airborne
    s = g([("b2", "red", "paratrooper", 1)], phase="noncombat_move", owners={"b2": "red", "m": "red"})
    with pytest.raises(IllegalAction, match="not a capital"):
        apply(s, Airdrop((1,), "a2"))


@pytest.mark.parametrize("power,cap", [("russia", 4), ("germany", 8), ("united_kingdom", 6),
                                       ("japan", 4), ("usa", 8), ("italy", 4)])
def test_maximum_paratroopers_on_the_board_per_power(power, cap):
    # seed 002: PARATROOPER, "The maximum Paratroopers each power can have on the game board
    # are: Russia (Moscow): 4, Germany (Berlin): 8, United Kingdom (London): 6, Japan (Tokyo):
    # 4, USA (Washington): 8, Italy (Rome): 4"
    s = g([("a1", "red", "paratrooper", cap - 1)], phase="purchase", powers={"red": power})
    s.resources["red"] = 100
    with pytest.raises(IllegalAction, match=f"At most {cap} Paratrooper"):
        apply(s, Purchase("paratrooper", 2))
    s = apply(s, Purchase("paratrooper", 1))          # waiting units count too
    with pytest.raises(IllegalAction, match=f"At most {cap}"):
        apply(s, Purchase("paratrooper", 1))


def test_paratroopers_are_never_intercepted_in_flight():
    # seed 002: PARATROOPER, "Paratroopers cannot be scrambled by enemy air units." (S7: no
    # scrambling; enemy fighters and ships under the flight do nothing)
    s = g([("a2", "red", "paratrooper", 1), ("m", "blue", "infantry", 1),
           ("s1", "blue", "carrier", 1), ("s1", "blue", "fighter", 2)], spaces=_sea_only_map())
    s = apply(s, Airdrop((1,), "m"))
    s = apply(s, EndPhase())
    assert s.zone.battles == ("m",) and len(s.units) == 5


def test_air_base_gives_one_more_space_of_flight():
    # seed 002: PARATROOPER, "A Paratrooper gets 1 additional movement when it takes off
    # from a territory with an Air Base."
    s = g([("a1", "red", "paratrooper", 1), ("b2", "blue", "infantry", 1)],
          spaces={"a1": {"air_base": True}})
    assert AD.air_range(s, [s.units[1]]) == 3
    assert "b2" in AD.targets(s, [s.units[1]])
    with pytest.raises(IllegalAction):
        apply(s, Move((1,), ("a2", "m")))               # the land move stays 1
    s = g([("a1", "red", "paratrooper", 1), ("b2", "blue", "infantry", 1)])
    assert "b2" not in AD.targets(s, [s.units[1]])


def test_lost_paratroopers_can_be_bought_again():
    # seed 002: PARATROOPER, "Paratroopers lost in combat can be reproduced."
    s = g([("a1", "red", "paratrooper", 8), ("m", "blue", "infantry", 1)], dice=[6, 1])
    s = apply(s, Airdrop(ids(s, "a1", "red")[:1], "m"))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    s = apply(s, Casualties(ids(s, "m", "red")))
    assert s.zone.battle is None and len(ids(s, "a1", "red")) == 7
    s.phase_idx = 0
    s = apply(s, Purchase("paratrooper", 1))


# --- engine: actions, retreat, loader, saves ---------------------------------------------
def test_airborne_attackers_cannot_retreat():
    # interpretation (docs: "Retreat"): airborne paratroopers have no way back; the units
    # that walked in retreat without them (a partial retreat, as seed 000's airdrop)
    s = g([("a1", "red", "paratrooper", 1), ("a2", "red", "infantry", 1), ("m", "blue", "infantry", 2)],
          dice=[6, 6, 6, 6])
    s = apply(s, Airdrop((1,), "m"))
    s = apply(s, Move((2,), ("m",)))
    s = to_battle(s, "m")
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    assert s.zone.battle.awaiting == "continue"
    s = apply(s, Retreat("a2"))
    assert s.units[2].space == "a2" and s.units[1].space == "m" and s.zone.battle is not None
    with pytest.raises(IllegalAction, match="from the air cannot retreat"):
        apply(s, Retreat("a2"))
    assert not any(isinstance(a, Retreat) for a in legal_actions(s))


def test_airdrop_is_a_legal_action_and_round_trips_as_json():
    s = g([("a1", "red", "paratrooper", 1), ("m", "blue", "infantry", 1)])
    drops = [a for a in legal_actions(s) if isinstance(a, Airdrop)]
    assert drops == [Airdrop((1,), "m")]
    assert action_from_json(drops[0].to_json()) == drops[0]
    s = apply(s, drops[0])
    assert s.units[1].to_json()[-1] is True          # airborne is saved
    assert s.units[1].__class__.from_json(s.units[1].to_json()) == s.units[1]
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("m"))
    assert tuple(snapshot(s)["battle"]["att_start"]) == ("paratrooper",)


def test_g40_battles_without_seed_002_units_snapshot_as_before():
    s = g([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 1)])
    s = apply(s, Move((1,), ("m",)))
    s = to_battle(s, "m")
    snap = snapshot(s)
    assert "att_start" not in snap["battle"] and len(snap["units"][0]) == 10


def test_loader_reads_air_bases_and_player_powers(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    text = text.replace("owner: red, factory: true,", "owner: red, factory: true, air_base: true,")
    text = text.replace("capital: a1, resources: 30}", "capital: a1, resources: 30, power: italy}")
    p = tmp_path / "m.yaml"
    p.write_text(text)
    sc, _ = load_scenario_file(p)
    assert sc.spaces["a1"].air_base and sc.player("red").power == "italy"
    p.write_text(text.replace("power: italy", "power: itali"))
    with pytest.raises(LoadError, match="did you mean 'italy'"):
        load_scenario_file(p)
    p.write_text(text.replace("{id: s1, name: Sea One, kind: sea,", "{id: s1, name: Sea One, kind: sea, air_base: true,"))
    with pytest.raises(LoadError, match="air_base: only land"):
        load_scenario_file(p)


def test_lint_warns_about_each_seed_002_reading():
    from game.rules.ruleset import load_ruleset_file, ruleset_path
    _, diags = load_ruleset_file(ruleset_path("g40"))
    refs = {d.message.split(" for unit")[0] for d in diags if d.severity == "warning"}
    assert {f"seed contradiction S{i}" for i in range(1, 9)} <= refs
