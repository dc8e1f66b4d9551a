"""Global 1940 2nd edition: capture and liberation of capitals, convoy disruption.
Scenario data (`capitals`, `convoys`: docs/scenario-format.md), tested on the mini map
(tests/fixtures/mini.yaml): red (axis) against blue and green (allies)."""
from dataclasses import replace

import pytest

from game.rules.actions import EndPhase, Move, Purchase, apply
from game.rules.errors import IllegalAction, LoadError
from game.rules.model import CapitalRules, ConvoyRules, Unit, unit_replace
from game.rules.ruleset import load_scenario_file
from game.rules.zone import production
from tests.conftest import FIXTURES
from tests.rules.test_battle import ids

LIBERATION = CapitalRules(liberation=True, no_purchase=True)


def _blue_capital_taken(mini, **kw):
    """Red holds Beta (blue's capital) and Beta Minor; green, blue's ally, holds Middle
    (blue's, taken back from red while Beta was red's) and moves on Beta."""
    s = mini([("c", "green", "infantry", 1)], player="green", **kw)
    s.owners.update({"b1": "red", "b2": "red", "m": "green"})
    return s


def test_an_ally_liberating_a_capital_gives_it_and_its_territories_back(mini):
    # G40 2nd ed. rulebook, "Liberating a capital": the capital returns to its original
    # controller, with its original territories the liberating power holds
    s = _blue_capital_taken(mini, capitals=LIBERATION)
    s = apply(s, Move(ids(s, "c", "green"), ("b1",)))
    s = apply(s, EndPhase())
    assert s.owners["b1"] == "blue"
    assert s.owners["m"] == "blue", "the liberator's hold on blue's original territory ends"
    assert s.owners["b2"] == "red", "what the enemy still holds stays the enemy's"
    assert any("takes back Middle" in line for line in s.log())


def test_without_the_rule_the_liberator_keeps_the_capital(mini):
    s = _blue_capital_taken(mini)
    s = apply(s, Move(ids(s, "c", "green"), ("b1",)))
    s = apply(s, EndPhase())
    assert s.owners["b1"] == "green" and s.owners["m"] == "green"


def test_a_territory_the_enemy_held_from_the_start_is_liberated_to_its_original_owner(mini):
    # ww2global40_2nd_edition.xml territoryAttachment Kiangsu (and Shantung, Kwangsi,
    # Kiangsi, Jehol, Manchuria): originalOwner Chinese although the Japanese hold it at the
    # start; the rulebook's "Liberating a territory" returns it to its original controller.
    # On the mini map Alpha Minor is red's at the start and green's originally.
    s = mini([("m", "blue", "infantry", 1)], player="blue", original_owners={"a2": "green"})
    s = apply(s, Move(ids(s, "m", "blue"), ("a2",)))
    s = apply(s, EndPhase())                  # the combat move ends: the empty a2 is taken
    assert s.owners["a2"] == "green"
    assert any("Alpha Minor is liberated and returns to Greenland" in line for line in s.log())
    s = mini([("m", "blue", "infantry", 1)], player="blue")
    s = apply(apply(s, Move(ids(s, "m", "blue"), ("a2",))), EndPhase())
    assert s.owners["a2"] == "blue"           # red's originally: blue keeps it


def test_the_shipped_game_marks_the_japanese_held_chinese_territories():
    # the XML's six originalOwner Chinese territories, all Japanese at the start
    from game import api
    sc = api.new_game("world_war_ii_global_1940", seed=1).state.scenario
    six = ("shantung", "kwangsi", "kiangsu", "kiangsi", "jehol", "manchuria")
    assert {s: sc.original_owner(s) for s in six} == dict.fromkeys(six, "chinese")
    assert all(sc.start_owners[s] == "japanese" for s in six)


def _red_without_capital(mini, **kw):
    s = mini([], phase="purchase", **kw)
    s.owners["a1"] = "blue"
    s.factories = frozenset(s.factories | {"a2"})   # red still has a factory to place at
    return s


def test_a_power_whose_capital_is_held_cannot_buy(mini):
    # G40 2nd ed. rulebook, "Capturing and liberating capitals": while its capital is held
    # the power collects no income and cannot purchase units
    s = _red_without_capital(mini, capitals=LIBERATION)
    assert production.unit_cost(s, "infantry", "red") is None
    assert production.purchase_offer(s, "infantry", "red") is None
    assert "capital is in enemy hands" in production.purchase_note(s, "red")
    with pytest.raises(IllegalAction, match="capital is in enemy hands"):
        apply(s, Purchase("infantry", 1))
    s.owners["a1"] = "red"    # liberated: buying again
    apply(s, Purchase("infantry", 1))


def test_without_the_rule_a_power_without_its_capital_may_spend_what_it_has(mini):
    s = _red_without_capital(mini)
    apply(s, Purchase("infantry", 1))


def test_a_captured_capital_still_yields_the_treasury_and_stops_income(mini):
    # rulebook: the conqueror takes the loser's unspent PUs; no income while held
    s = mini([("b2", "red", "infantry", 1)], capitals=LIBERATION)
    s.resources["blue"] = 17
    s = apply(s, Move(ids(s, "b2", "red"), ("b1",)))
    s = apply(s, EndPhase())
    assert s.owners["b1"] == "red" and s.resources == {**s.resources, "blue": 0, "red": 47}
    assert production.income(s, "blue") == 0


# --- the fall and liberation of France (capitals.liberation_units) ----------------------
# TripleA ww2global40_2nd_edition.xml: triggerAttachment_Germans_Conquer_France (after
# germansBattle, France held by the Axis: conditionAttachment_French_1_Lose_France) sets
# conditionAttachment_French_1_Liberation_Switch; triggerAttachment_French_1_Liberation_By_British
# (…_By_Russians, _Americans, _French, _ANZAC; after that power's battle) places
# "France:infantry:infantry:infantry:infantry" once French hold France again, and turns off
# conditionAttachment_French_1_Can_Be_Liberated_Switch so that no other fires. Game notes:
# "French 12 PUs worth of free units in France the first time France is Liberated".
FRANCE = CapitalRules(liberation=True, no_purchase=True,
                      liberation_units=(("blue", (("infantry", 4),)),))


def _combat(s, unit_space, owner, to):
    """`owner` moves its units of `unit_space` into `to` (emptied of other powers' units:
    it is taken without a fight) and ends its combat phase."""
    for u in [u for u in s.units_in(to) if u.owner != owner]:
        del s.units[u.uid]
    for u in [u for u in s.units.values() if u.owner == owner]:
        s.units[u.uid] = unit_replace(u, moved=0, in_combat=False)   # its new turn
    s.zone.origins = {}
    s.player_idx = [p.id for p in s.scenario.players].index(owner)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    s = apply(s, Move(ids(s, unit_space, owner), (to,)))
    s = apply(s, EndPhase())        # the empty territory is taken
    return apply(s, EndPhase())     # the end of the battle phase


def _add(s, space, owner):
    s.units[s.next_uid] = Unit(s.next_uid, "infantry", owner, space)
    s.next_uid += 1


def _blue_infantry_in_beta(s):
    return sum(1 for u in s.units_in("b1") if u.owner == "blue" and u.type == "infantry")


def test_a_fallen_capital_liberated_by_an_ally_gets_its_liberation_units(mini):
    s = mini([("b2", "red", "infantry", 1), ("c", "green", "infantry", 1)], capitals=FRANCE)
    s = _combat(s, "b2", "red", "b1")        # Paris falls (…_Germans_Conquer_France)
    assert s.owners["b1"] == "red" and _blue_infantry_in_beta(s) == 0
    s = _combat(s, "c", "green", "b1")       # …_French_1_Liberation_By_British
    assert s.owners["b1"] == "blue"
    assert _blue_infantry_in_beta(s) == 4
    assert any("Beta is liberated" in line and "4 Infantry" in line for line in s.log())


def test_the_liberation_units_come_once_a_game(mini):
    # conditionAttachment_French_1_Can_Be_Liberated_Switch off after the first liberation
    s = mini([("b2", "red", "infantry", 1), ("c", "green", "infantry", 1)], capitals=FRANCE)
    s = _combat(s, "b2", "red", "b1")
    s = _combat(s, "c", "green", "b1")
    _add(s, "b2", "red")
    s = _combat(s, "b2", "red", "b1")      # falls again
    _add(s, "c", "green")
    s = _combat(s, "c", "green", "b1")
    assert s.owners["b1"] == "blue" and _blue_infantry_in_beta(s) == 0


def test_the_owner_retaking_its_capital_gets_them_too(mini):
    # triggerAttachment_French_1_Liberation_By_French (after frenchBattle)
    s = mini([("b2", "red", "infantry", 1), ("m", "blue", "infantry", 1)], capitals=FRANCE)
    s = _combat(s, "b2", "red", "b1")
    s.owners["b2"] = "red"
    s = _combat(s, "m", "blue", "b2")        # not the capital: nothing yet
    assert _blue_infantry_in_beta(s) == 0
    s = _combat(s, "b2", "blue", "b1")
    assert s.owners["b1"] == "blue" and _blue_infantry_in_beta(s) == 1 + 4


def test_a_capital_that_never_fell_gets_nothing(mini):
    s = mini([("b2", "red", "infantry", 1)], capitals=FRANCE)
    s = _combat(s, "b2", "red", "m")         # France held all along
    assert _blue_infantry_in_beta(s) == 0 and not s.objective_uses


def test_liberation_units_are_checked_against_players_and_units(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text() + (
        "capitals: {liberation: true, liberation_units: {purple: {infantry: 4}, blue: {zeppelin: 1}}}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(LoadError) as err:
        load_scenario_file(bad)
    assert "unknown player 'purple'" in str(err.value) and "unknown unit 'zeppelin'" in str(err.value)


# --- convoy disruption ------------------------------------------------------------
SEA_TWO = ConvoyRules(zones=(("s2", ("m", "b2")),),
                      raiders=(("submarine", 2), ("destroyer", 1), ("cruiser", 1),
                               ("carrier", 1), ("battleship", 1)))


def _collect(s):
    before = dict(s.resources)
    s = apply(s, EndPhase())
    return s, s.resources["blue"] - before["blue"]


def test_enemy_warships_in_a_convoy_zone_cost_their_value(mini):
    # G40 rulebook, "Convoy Disruption" (1st edition values, TripleA unit `blockade`:
    # submarine 2, other warships 1): blue's Middle and Beta Minor are served by Sea Two
    s = mini([("s2", "red", "submarine", 1), ("s2", "red", "destroyer", 1),
              ("s2", "red", "transport", 1), ("s2", "green", "cruiser", 1)],
             phase="collect_income", player="blue", convoys=SEA_TWO)
    s, gain = _collect(s)
    assert gain == 14 - 3     # Middle 3 + Beta Minor 3 + Beta 8, less 2 + 1
    assert any("Convoy disruption in Sea Two" in line and "loses 3" in line for line in s.log())


def test_the_loss_in_a_zone_is_at_most_the_value_of_the_territories_it_serves(mini):
    s = mini([("s2", "red", "submarine", 4)], phase="collect_income", player="blue", convoys=SEA_TWO)
    s, gain = _collect(s)
    assert gain == 14 - 6     # 8 wanted, Middle + Beta Minor are worth 6
    s = mini([("s2", "red", "submarine", 4)], phase="collect_income", player="blue", convoys=SEA_TWO)
    s.owners["m"] = "red"
    s, gain = _collect(s)
    assert gain == 11 - 3     # only blue's own served territories count


def test_with_dice_each_raider_rolls_its_value_in_dice(mini):
    # TripleA ww2global40_2nd_edition.xml, "Convoy Blockades Roll Dice For Cost": true —
    # a submarine rolls 2 dice, a destroyer 1; the total is the loss (capped)
    rules = replace(SEA_TWO, dice=True)
    s = mini([("s2", "red", "submarine", 1), ("s2", "red", "destroyer", 1)],
             phase="collect_income", player="blue", convoys=rules, dice=(1, 2, 1))
    s, gain = _collect(s)
    assert gain == 14 - 4
    s = mini([("s2", "red", "submarine", 1), ("s2", "red", "destroyer", 1)],
             phase="collect_income", player="blue", convoys=rules, dice=(6, 6, 6))
    s, gain = _collect(s)
    assert gain == 14 - 6


def test_a_die_costs_its_face_only_at_or_below_the_limit(mini):
    # ww2global40_2nd_edition.xml game notes, "Blockade Zones": "For any roll of 3 or less,
    # that amount of PUs will not be collected"
    rules = replace(SEA_TWO, dice=True, counts_at_most=3)
    s = mini([("s2", "red", "submarine", 1), ("s2", "red", "destroyer", 1)],
             phase="collect_income", player="blue", convoys=rules, dice=(1, 2, 5))
    s, gain = _collect(s)
    assert gain == 14 - 3


def test_an_immune_player_loses_nothing(mini):
    # TripleA playerAttachment Chinese: immuneToBlockade
    s = mini([("s2", "red", "submarine", 2)], phase="collect_income", player="blue",
             convoys=replace(SEA_TWO, immune=("blue",)))
    assert _collect(s)[1] == 14


def test_no_convoy_rule_no_loss(mini):
    s = mini([("s2", "red", "submarine", 1)], phase="collect_income", player="blue")
    assert _collect(s)[1] == 14


def test_convoys_are_read_and_checked_from_the_scenario(tmp_path):
    text = (FIXTURES / "mini.yaml").read_text()
    p = tmp_path / "c.yaml"
    p.write_text(text + "capitals: {liberation: true, no_purchase: true}\n"
                 "convoys:\n  dice: true\n  raiders: {submarine: 2, destroyer: 1}\n"
                 "  zones: [s2, {zone: s3, serves: [b1]}]\n")
    sc, _ = load_scenario_file(p)
    assert sc.capitals == CapitalRules(True, True)
    assert sc.convoys == ConvoyRules(zones=(("s2", ("b2", "m")), ("s3", ("b1",))),
                                     raiders=(("submarine", 2), ("destroyer", 1)), dice=True)
    p.write_text(text + "convoys:\n  raiders: {submarne: 2}\n  immune: [pink]\n  zones: [a1]\n")
    with pytest.raises(LoadError, match="unknown unit 'submarne'") as e:
        load_scenario_file(p)
    assert "'a1' is not a sea zone" in str(e.value) and "unknown player 'pink'" in str(e.value)
