"""Purchase, placement, income and victory."""
import pytest

from game.rules.actions import EndPhase, Place, Purchase, apply
from game.rules.errors import IllegalAction
from game.rules.zone import production


def test_purchase_spends_and_refunds(mini):
    s = mini([], phase="purchase")
    s = apply(s, Purchase("armour", 2))
    assert s.resources["red"] == 30 - 12
    s = apply(s, Purchase("armour", -1))
    assert s.resources["red"] == 24 and production.unplaced(s, "red") == {"armour": 1}
    with pytest.raises(IllegalAction, match="cost 40; you have 24"):
        apply(s, Purchase("fighter", 4))
    with pytest.raises(IllegalAction, match="Purchase phase"):
        apply(mini([], phase="place"), Purchase("infantry", 1))


def test_place_at_factory_within_capacity(mini):
    s = mini([], phase="place")
    s.zone.purchased = {"red|infantry": 12, "red|destroyer": 1}
    with pytest.raises(IllegalAction, match="no factory"):
        apply(s, Place("infantry", "a2"))
    s = apply(s, Place("infantry", "a1", 10))  # a1 is worth 10: ten units per turn
    with pytest.raises(IllegalAction, match="placed all it can"):
        apply(s, Place("infantry", "a1"))
    with pytest.raises(IllegalAction, match="No factory of yours with room"):
        apply(s, Place("destroyer", "s1"))
    assert sum(1 for u in s.units.values() if u.space == "a1") == 10


def test_ships_are_placed_in_a_sea_zone_next_to_the_factory(mini):
    s = mini([], phase="place")
    s.zone.purchased = {"red|destroyer": 1}
    with pytest.raises(IllegalAction, match="sea zone"):
        apply(s, Place("destroyer", "a1"))
    s = apply(s, Place("destroyer", "s1"))
    assert [u.type for u in s.units.values() if u.space == "s1"] == ["destroyer"]


def test_income_is_sum_of_territory_values(mini):
    s = mini([], phase="collect_income")
    s = apply(s, EndPhase())
    assert s.resources["red"] == 30 + 12
    assert s.player == "blue" and s.phase == "purchase"


def test_no_income_without_capital(mini):
    s = mini([], phase="collect_income", player="blue")
    s.owners["b1"] = "red"
    s = apply(s, EndPhase())
    assert s.resources["blue"] == 30


def test_victory_by_capitals_ends_the_game(mini):
    s = mini([], phase="collect_income")
    s.owners["b1"] = "red"
    s.owners["c"] = "red"
    s = apply(s, EndPhase())
    assert s.over and s.winner == "axis"
    with pytest.raises(IllegalAction, match="over"):
        apply(s, EndPhase())


def test_turn_limit_ends_with_victory_city_count(mini):
    s = mini([], phase="collect_income", player="green")
    s.round = s.scenario.turn_limit
    s = apply(s, EndPhase())
    assert s.over and s.winner == "allies"  # allies hold 2 of 3 victory cities


def test_a_player_with_nothing_left_is_skipped(mini):
    s = mini([("b1", "blue", "infantry", 1)], phase="collect_income", player="red")
    s.owners["c"] = "blue"  # green has no territory and no units
    s = apply(s, EndPhase())
    assert s.player == "blue"
    s.phase_idx = s.ruleset.phases.index("collect_income")
    s = apply(s, EndPhase())
    assert s.player == "red" and s.round == 2
    assert any("Greenland has nothing left" in line for line in s.log())


def test_units_waiting_from_an_earlier_turn_are_not_refunded(mini):
    s = mini([], phase="purchase")
    s.zone.purchased = {"red|armour": 1}  # left over from last turn
    with pytest.raises(IllegalAction, match="not refunded"):
        apply(s, Purchase("armour", -1))
    s = apply(s, Purchase("armour", 1))
    s = apply(s, Purchase("armour", -1))
    assert s.resources["red"] == 30 and production.unplaced(s, "red") == {"armour": 1}


def test_purchases_are_logged(mini):
    s = mini([], phase="purchase")
    s = apply(s, Purchase("infantry", 2))
    s = apply(s, EndPhase())
    assert "Redland buys 2 Infantry." in s.log()
