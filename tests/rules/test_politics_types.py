"""Named relations (politics `types`; issue #46 items 4 and 7): TripleA's relationship
types that are more than their archetype, with the properties the movement and conquest
rules check. The reference is ww2global40_2nd_edition.xml's relationshipTypeAttachments:
Friendly_Neutral (archeType allied, canTakeOverOwnedTerritory true,
canMoveLandUnitsOverOwnedLand true, canMoveAirUnitsOverOwnedLand false,
canLandAirUnitsOnOwnedLand false, canMoveIntoDuringCombatMove false), Custodianship
(allied, canTakeOverOwnedTerritory true: British and Dutch) and Concordant (neutral,
canMoveLandUnitsOverOwnedLand, canMoveAirUnitsOverOwnedLand, canLandAirUnitsOnOwnedLand
true: China and UK Pacific)."""
import pytest

from game.rules import objectives
from game.rules.actions import EndPhase, Move, apply
from game.rules.errors import IllegalAction
from game.rules.model import ObjectiveCondition
from game.rules.zone import movement
from tests.rules.test_politics import game, scenario, uid_of

TYPES = """
  neutrals: [grey]
  types:
    friendly_neutral: {is: allied, takes_over: true, land_enters: true, air_over: false,
                       air_lands: false, combat_move_into: false}
    custodianship: {is: allied, takes_over: true}
    concordant: {is: neutral, land_enters: true, air_over: true, air_lands: true}
  relations:
    - {between: [grey, red], is: %s}
    - {between: [grey, blue], is: neutral}
    - {between: [grey, green], is: neutral}
"""


def typed(tmp_path, kind):
    return scenario(tmp_path, TYPES % kind, grey=True)


def test_a_named_relation_is_its_base_relation_for_every_rule(tmp_path):
    st = game(typed(tmp_path, "friendly_neutral"))
    assert st.relation("red", "grey") == "allied" and st.allied("red", "grey")
    st = game(typed(tmp_path, "concordant"))
    assert st.relation("red", "grey") == "neutral" and not st.allied("red", "grey")


def test_entering_a_friendly_neutral_takes_it(tmp_path):
    # Friendly_Neutral canTakeOverOwnedTerritory true: the territory becomes the mover's
    # (no captureUnitOnEnteringBy here: Greyland's army stays Greyland's)
    st = game(typed(tmp_path, "friendly_neutral"),
              units=[("a2", "red", "infantry", 1), ("n", "grey", "infantry", 1)], phase="noncombat_move")
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))
    assert st.owners["n"] == "red"
    assert sorted(u.owner for u in st.units_in("n")) == ["grey", "red"]


def test_a_friendly_neutral_is_not_crossed_in_the_combat_move(tmp_path):
    # Friendly_Neutral canMoveIntoDuringCombatMove false: not even on the way to an attack
    st = game(typed(tmp_path, "friendly_neutral"), units=[("a2", "red", "armour", 1)],
              phase="combat_move")
    with pytest.raises(IllegalAction, match="non-combat move"):
        apply(st, Move((uid_of(st, "a2", "red", "armour"),), ("n", "m")))
    st = game(typed(tmp_path, "custodianship"), units=[("a2", "red", "armour", 1)],
              phase="combat_move")
    st = apply(st, Move((uid_of(st, "a2", "red", "armour"),), ("n", "m")))   # Custodianship: it may
    assert st.owners["n"] == "red"                                          # (and takes it)


def test_a_friendly_neutral_ends_the_move_of_the_units_taking_it(tmp_path):
    # ww2global40_2nd_edition.xml, relationshipTypeAttachment Friendly_Neutral, "How
    # Friendly Neutrals work": "They can not be moved through, or blitzed" (a TODO of
    # TripleA's engine, which conquers the route's middle steps)
    st = game(typed(tmp_path, "friendly_neutral"), units=[("a2", "red", "armour", 1)],
              phase="noncombat_move")
    st.owners["m"] = st.turn_owners["m"] = "red"      # beyond Neutralia, red's own land
    tank = st.units[uid_of(st, "a2", "red", "armour")]
    assert "n" in movement.reachable(st, [tank])
    with pytest.raises(IllegalAction, match="must stop in"):
        apply(st, Move((tank.uid,), ("n", "m")))


def test_only_units_that_can_take_a_territory_enter_a_friendly_neutral(tmp_path):
    # the same notes: "May only capture with units that have attack power (no aa guns)"
    st = game(typed(tmp_path, "friendly_neutral"), units=[("a2", "red", "aaa", 1)],
              phase="noncombat_move")
    with pytest.raises(IllegalAction, match="only units that can take a territory"):
        apply(st, Move((uid_of(st, "a2", "red", "aaa"),), ("n",)))


def test_aircraft_neither_cross_nor_land_in_a_friendly_neutral(tmp_path):
    # Friendly_Neutral canMoveAirUnitsOverOwnedLand and canLandAirUnitsOnOwnedLand false
    st = game(typed(tmp_path, "friendly_neutral"), units=[("a2", "red", "fighter", 1)],
              phase="noncombat_move")
    fighter = st.units[uid_of(st, "a2", "red", "fighter")]
    assert "n" not in movement.reachable(st, [fighter])
    assert "n" not in movement.landing_spots(st, "red")
    # Custodianship keeps the allied defaults: aircraft fly over and land
    st = game(typed(tmp_path, "custodianship"), units=[("a2", "red", "fighter", 1)],
              phase="noncombat_move")
    assert "n" in movement.landing_spots(st, "red")


def test_concordant_powers_enter_and_land_in_each_others_land(tmp_path):
    # Concordant: neutral, yet canMoveLandUnitsOverOwnedLand and canLandAirUnitsOnOwnedLand
    # true (G40: China's units in UK Pacific's Burma); no conquest (canTakeOverOwnedTerritory
    # false)
    st = game(typed(tmp_path, "concordant"),
              units=[("a2", "red", "infantry", 1), ("a2", "red", "fighter", 1)], phase="noncombat_move")
    assert "n" in movement.landing_spots(st, "red")
    st = apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))
    assert st.owners["n"] == "grey"
    st = game(typed(tmp_path, "neutral"), units=[("a2", "red", "infantry", 1)], phase="noncombat_move")
    with pytest.raises(IllegalAction, match="not at war"):
        apply(st, Move((uid_of(st, "a2", "red"),), ("n",)))


def test_a_condition_may_name_the_relation(tmp_path):
    # conditionAttachment_Germans_Friendly_With_TrueNeutrals: relationship
    # Germans:Neutral_True:Friendly_Neutral (that type, not any allied one)
    cond = ObjectiveCondition("relation", players=("red", "grey"), relation="friendly_neutral")
    assert objectives.times(game(typed(tmp_path, "friendly_neutral")), cond, "red") == 1
    assert objectives.times(game(typed(tmp_path, "custodianship")), cond, "red") == 0
    allied = ObjectiveCondition("relation", players=("red", "grey"), relation="allied")
    assert objectives.times(game(typed(tmp_path, "custodianship")), allied, "red") == 1


def test_an_event_may_set_a_named_relation(tmp_path):
    # triggerAttachment_Russians_Friendly_TrueNeutral: relationshipChange
    # Russians:Neutral_True:anyNeutral:Friendly_Neutral
    sc = scenario(tmp_path, TYPES % "neutral" + """
  events:
    - name: Red Friendly TrueNeutral
      player: red
      phase: politics
      moment: after
      sets: [{between: [red, grey], is: friendly_neutral, from: neutral}]
""", grey=True)
    st = apply(game(sc), EndPhase())
    assert st.relations["grey|red"] == "friendly_neutral" and st.allied("red", "grey")
