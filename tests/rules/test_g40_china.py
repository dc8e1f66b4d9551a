"""Global 1940's China as scenario data (`player_rules`): what it may buy, the Burma Road,
its units staying in China. Green plays China on the mini map (tests/fixtures/mini.yaml)."""
import pytest

from game.rules import player_rules
from game.rules.actions import EndPhase, Move, Purchase, apply
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import ExtraPurchase, ObjectiveCondition, PlayerRules
from game.rules.ruleset import load_scenario_file
from game.rules.zone import movement, production
from tests.conftest import FIXTURES
from tests.rules.test_battle import ids

# ww2global40_2nd_edition.xml: objectiveAttachment_Chinese_1_Burma_Road (allied ownership of
# India, Burma, Yunnan, Szechwan) switches the frontier productionChinese_Burma_Road_Open
# (infantry, artillery) / _Closed (infantry); here the road is Middle and Beta Minor
ROAD = ExtraPurchase("Burma Road", ("artillery",),
                     (ObjectiveCondition(kind="owned", spaces=("m", "b2"), of=("allied",)),))
CHINA = {"green": PlayerRules("green", buys=("infantry",), buys_when=(ROAD,), moves_within=("c",))}


def _china(mini, units=(), phase="purchase", **owners):
    s = mini(list(units), phase=phase, player="green", player_rules=CHINA)
    s.owners.update(owners)
    return s


def test_china_buys_only_infantry(mini):
    # G40 2nd ed. rulebook, China: China may purchase only infantry (artillery with the Burma Road)
    s = _china(mini, m="red")
    assert production.unit_cost(s, "infantry", "green") == 3
    assert production.purchase_offer(s, "fighter", "green") is None
    with pytest.raises(IllegalAction, match="cannot buy Fighter"):
        apply(s, Purchase("fighter", 1))
    apply(s, Purchase("infantry", 1))


def test_artillery_while_the_burma_road_is_open(mini):
    # ww2global40_2nd_edition.xml triggerAttachment_Chinese_Artillery_Supplies /
    # _Chinese_Loses_Burma_Road: productionChinese_Burma_Road_Open while
    # objectiveAttachment_Chinese_1_Burma_Road holds (the Axis hold none of its territories)
    # the Burma Road: open while the Allies hold all of its territories
    s = _china(mini, m="red")
    cost, why = production.purchase_offer(s, "artillery", "green")
    assert cost == 4 and "Burma Road" in why
    with pytest.raises(IllegalAction, match="needs the Burma Road open"):
        apply(s, Purchase("artillery", 1))
    s.owners["m"] = "blue"          # an ally's: open again
    assert production.purchase_offer(s, "artillery", "green") == (4, "")
    s = apply(s, Purchase("artillery", 1))
    assert s.zone.bought == {"artillery": 1}


def test_chinese_units_may_not_leave_china(mini):
    # rulebook, China: Chinese units may not leave China (TripleA rulesAttachment Chinese:
    # movementRestrictionTerritories, movementRestrictionType allowed)
    s = _china(mini, [("c", "green", "infantry", 1)], phase="noncombat_move")
    inf = ids(s, "c", "green")
    assert "b1" not in movement.reachable(s, [s.units[inf[0]]])
    with pytest.raises(IllegalAction, match="may not leave Gamma"):
        apply(s, Move(inf, ("b1",)))
    blue = mini([("b2", "blue", "infantry", 1)], phase="noncombat_move", player="blue",
                player_rules=CHINA)
    apply(blue, Move(ids(blue, "b2", "blue"), ("b1",)))   # the others move as before
    assert not player_rules.entry_block(s, "c", "green")


def test_without_player_rules_green_buys_and_moves_freely(mini):
    s = mini([("c", "green", "infantry", 1)], phase="purchase", player="green")
    s = apply(s, Purchase("artillery", 1))
    while s.phase != "noncombat_move":
        s = apply(s, EndPhase())
    apply(s, Move(ids(s, "c", "green"), ("b1",)))


def test_player_rules_are_read_and_checked(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "c.yaml"
    p.write_text(text + "player_rules:\n  - player: green\n    buys: [infantry]\n"
                 "    buys_when:\n      - {name: Burma Road, units: [artillery], "
                 "when: [{owned: [m, b2], of: allied}]}\n    moves_within: [c]\n")
    sc, _ = load_scenario_file(p)
    assert sc.player_rules == CHINA
    p.write_text(text + "player_rules:\n  - {player: pink, buys: [infantry]}\n"
                 "  - {player: green, buys: [infantri], moves_within: [zz]}\n")
    with pytest.raises(LoadError) as e:
        load_scenario_file(p)
    for part in ("unknown player 'pink'", "unknown unit 'infantri'", "unknown space 'zz'"):
        assert part in str(e.value)


def test_china_places_at_most_three_per_territory_whatever_the_scenario_says(mini):
    # G40 2nd ed. rulebook, China: new units go in any territory China controls, "no more
    # than 3" in one; ww2global40_2nd_edition.xml says placementPerTerritory 9999999: the
    # ruleset's placement_per_territory (3) caps the scenario's rule
    from dataclasses import replace

    from game.rules.model import PlacementRule
    s = mini(phase="place", player="green")
    rule = PlacementRule(anywhere_owned=True, captured=True, per_territory=9999999)
    players = tuple(replace(p, placement=rule) if p.id == "green" else p for p in s.scenario.players)
    s.scenario = replace(s.scenario, players=players)
    s.owners["b2"] = s.turn_owners["b2"] = "green"   # held, no complex
    s.zone.purchased[production.pkey("green", "infantry")] = 4
    assert s.ruleset.placement_per_territory == 3
    assert production.per_territory_limit(s, rule) == 3
    production.place(s, "infantry", "b2", 3)
    with pytest.raises(IllegalAction, match="received 3 units this turn"):
        production.place(s, "infantry", "b2", 1)
    s.ruleset = replace(s.ruleset, placement_per_territory=0)   # a variant without the cap
    production.place(s, "infantry", "b2", 1)
