"""Two economies of one power (Global 1940 2nd edition rulebook, "United Kingdom": UK
Europe and UK Pacific collect, spend and place separately, the UK moves and fights as one
power; TripleA ww2global40_2nd_edition.xml: player UK_Pacific with playerAttachment
giveUnitControl British, its own steps UK_PacificPurchase / UK_PacificPlace in the
British turn, territoryAttachment whenCapturedByGoesTo British:UK_Pacific on the Pacific
board). On the mini map Blue Pacific (`units_to: blue`) holds Beta Minor with a minor
complex, and what Blue takes of Alpha Minor goes to it."""
from dataclasses import replace

import pytest

from game.rules.actions import EndPhase, Place, Purchase, apply, new_game
from game.rules.errors import IllegalAction, LoadError
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import production
from tests.conftest import FIXTURES

BLUEP = ('  - {id: bluep, name: Blue Pacific, alliance: allies, color: "#3333ab", capital: b2, '
         'resources: 10, units_to: blue}\n')


def _scenario_text(extra_player=BLUEP):
    text = (FIXTURES / "mini.yaml").read_text()
    text = text.replace('capital: b1, resources: 30}\n', 'capital: b1, resources: 30}\n' + extra_player)
    text = text.replace("{id: b2, name: Beta Minor, kind: land, value: 3, owner: blue,",
                        "{id: b2, name: Beta Minor, kind: land, value: 3, owner: bluep, factory: minor,")
    return text.replace("{id: a2, name: Alpha Minor, kind: land, value: 2, owner: red,",
                        "{id: a2, name: Alpha Minor, kind: land, value: 2, owner: red, "
                        "captured_for: {blue: bluep},")


@pytest.fixture
def two_economies(tmp_path):
    p = tmp_path / "uk.yaml"
    p.write_text(_scenario_text())
    sc, _ = load_scenario_file(p)
    sc = replace(sc, start_units=(("b1", "blue", "infantry", 1), ("a1", "red", "infantry", 1)))
    return new_game(sc, load_ruleset("g40"), 1)


def _turn_of(s, player, phase):
    s.player_idx = [p.id for p in s.scenario.players].index(player)
    s.phase_idx = s.ruleset.phases.index(phase)
    s.turn_owners = dict(s.owners)
    return s


def test_uk_pacific_is_read_with_its_economy_rules(two_economies):
    sc = two_economies.scenario
    assert sc.player("bluep").units_to == "blue" and sc.player("bluep").capital == "b2"
    assert sc.spaces["a2"].captured_for == (("blue", "bluep"),)
    # the 2nd edition order: UK Pacific's turn comes right after the British one
    assert [p.id for p in sc.players] == ["red", "blue", "bluep", "green"]


def test_uk_pacific_buys_with_its_own_treasury_and_places_british_units(two_economies):
    # rulebook: UK Pacific's IPCs buy units placed on the Pacific map; TripleA's notes: "all
    # UK_Pacific units turn into British units when placed"
    s = _turn_of(two_economies, "bluep", "purchase")
    s = apply(s, Purchase("infantry", 3))
    assert (s.resources["bluep"], s.resources["blue"]) == (1, 30)
    s.phase_idx = s.ruleset.phases.index("place")
    s = apply(s, Place("infantry", "b2", 2))
    placed = [u for u in s.units_in("b2")]
    assert len(placed) == 2 and {u.owner for u in placed} == {"blue"}
    with pytest.raises(IllegalAction):      # not at the British complex
        apply(s, Place("infantry", "b1", 1))


def test_uk_pacifics_turn_is_purchase_placement_and_income(two_economies):
    # TripleA's sequence gives UK_Pacific only UK_PacificPurchase, UK_PacificPlace and its
    # end of turn: it has no units of its own to move (a turn of its own buys too when it
    # did not buy in the British turn)
    s = _turn_of(two_economies, "bluep", "purchase")
    s = apply(s, EndPhase())
    assert s.phase == "place"
    s = apply(s, EndPhase())
    assert s.phase == "collect_income"


def _where(s):
    return s.player, s.phase


def test_uk_pacific_buys_right_after_the_british_purchase(two_economies):
    # TripleA ww2global40_2nd_edition.xml <sequence>: britishPurchase, UK_PacificPurchase,
    # britishPolitics, britishCombatMove, ..., britishEndTurn, UK_PacificPlace,
    # UK_PacificEndTurn
    s = _turn_of(two_economies, "blue", "purchase")
    s = apply(s, Purchase("infantry", 1))
    s = apply(s, EndPhase())
    assert _where(s) == ("bluep", "purchase")
    assert any("— Blue Pacific: purchase —" in line for line in s.log())
    s = apply(s, Purchase("infantry", 2))
    assert s.resources["bluep"] == 4
    s = apply(s, EndPhase())
    assert _where(s) == ("blue", "combat_move")           # the British play on
    assert any("Blue Pacific buys 2 Infantry" in line for line in s.log())
    while s.player == "blue":
        s = apply(s, EndPhase())
    assert _where(s) == ("bluep", "place")                # it bought already this round
    s = apply(s, Place("infantry", "b2", 2))
    s = apply(s, EndPhase())
    assert _where(s) == ("bluep", "collect_income")
    s = apply(s, EndPhase())
    assert s.player == "green"


def test_each_economy_collects_from_its_own_territories(two_economies):
    s = _turn_of(two_economies, "bluep", "collect_income")
    assert production.income(s, "bluep") == 3          # Beta Minor
    assert production.income(s, "blue") == 11          # Beta and Middle, not Beta Minor
    s = apply(s, EndPhase())
    assert s.resources["bluep"] == 13 and s.resources["blue"] == 30


def test_a_british_capture_on_the_pacific_board_goes_to_uk_pacific(two_economies):
    # TripleA territoryAttachment whenCapturedByGoesTo British:UK_Pacific
    s = _turn_of(two_economies, "blue", "conduct_combat")
    production.capture(s, "a2", "blue")
    assert s.owners["a2"] == "bluep"
    assert "Blueland captures Alpha Minor for Blue Pacific." in s.log(1)[0]
    production.capture(s, "a1", "blue")                # not on that board: Blue's own
    assert s.owners["a1"] == "blue"


def test_a_capital_taken_for_uk_pacific_yields_its_treasury_to_uk_pacific(tmp_path):
    # TripleA's G40 notes: "If UK Pacific captures Japan, the money should go to UK Pacific"
    p = tmp_path / "uk.yaml"
    p.write_text(_scenario_text().replace("{id: a1, name: Alpha, kind: land, value: 10, owner: red,",
                                          "{id: a1, name: Alpha, kind: land, value: 10, owner: red, "
                                          "captured_for: {blue: bluep},"))
    sc, _ = load_scenario_file(p)
    s = _turn_of(new_game(sc, load_ruleset("g40"), 1), "blue", "conduct_combat")
    production.capture(s, "a1", "blue")
    assert s.owners["a1"] == "bluep" and s.resources["bluep"] == 40 and s.resources["red"] == 0


def test_uk_pacific_is_the_british_power(two_economies):
    # seed 002's limits per power count both economies as the United Kingdom
    sc = two_economies.scenario
    players = tuple(replace(p, power="united_kingdom") if p.id == "blue" else p for p in sc.players)
    two_economies.scenario = replace(sc, players=players)
    assert two_economies.power_of("bluep") == "united_kingdom"


@pytest.mark.parametrize("player, err", [
    (BLUEP.replace("units_to: blue", "units_to: red"), "is not another player of alliance 'allies'"),
    (BLUEP.replace("units_to: blue", "units_to: nobody"), "units_to: 'nobody'"),
])
def test_units_to_is_checked(tmp_path, player, err):
    p = tmp_path / "uk.yaml"
    p.write_text(_scenario_text(player))
    with pytest.raises(LoadError, match=err):
        load_scenario_file(p)
