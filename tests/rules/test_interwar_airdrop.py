"""The interwar ruleset: air transports, airdrops, interception and escorts (seed 000:
TRANSPORT AIRCRAFT, PARATROOPERS, FIGHTER, AAA; worked example W1 "Malta"). Each rule
test quotes the seed (shared/seeds/000_63b3116cdc45b596.txt); readings are the gap ids
of docs/seeds/000-extraction.md."""
from dataclasses import replace

import pytest

from game.rules.actions import (
    Airdrop,
    Casualties,
    EndPhase,
    Intercept,
    Move,
    Retreat,
    RollDice,
    SelectBattle,
    action_from_json,
    actor,
    apply,
    legal_actions,
    new_game,
)
from game.rules.errors import IllegalAction
from game.rules.model import LAND, SEA, PlayerDef, Scenario, SpaceDef
from game.rules.ruleset import load_ruleset
from game.rules.zone import airdrop as AD
from game.rules.zone import battle as B

_SQ = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
# Sicily (air base) - Malta Channel (sea) - Malta; Sicily - Tunisia (Italian, no air
# base) ; Malta - Libya (British) ; Libya - Egypt (British, far)
_ADJ = {"sicily": ("mc", "tunisia"), "mc": ("sicily", "malta", "tunisia"),
        "malta": ("mc", "libya"), "tunisia": ("sicily", "mc", "libya"),
        "libya": ("malta", "tunisia", "egypt"), "egypt": ("libya",)}
_OWN = {"sicily": "italy", "malta": "uk", "tunisia": "italy", "libya": "uk", "egypt": "uk", "mc": None}


def med(units, dice=(), phase="combat_move", player="italy", air_bases=("sicily",), owners=None):
    """A six-space Mediterranean under the interwar ruleset, with these units
    (space, owner, type, count)."""
    spaces = {sid: SpaceDef(sid, sid.title(), SEA if sid == "mc" else LAND, 1, adj,
                            (0.0, 0.0), _SQ, air_base=sid in air_bases)
              for sid, adj in _ADJ.items()}
    players = (PlayerDef("italy", "Italy", "axis", "#00aa00", "sicily", 10),
               PlayerDef("uk", "United Kingdom", "allies", "#aa0000", "egypt", 10))
    own = dict(_OWN, **(owners or {}))
    sc = Scenario(id="med", title="Med", ruleset_id="interwar", description="", turn_limit=9,
                  size=(10, 10), background="#000000", players=players, spaces=spaces,
                  start_owners=own, start_factories=frozenset(), start_units=tuple(units),
                  victory_cities={}, at_turn_limit="draw")
    s = new_game(sc, load_ruleset("interwar"), 1, scripted_dice=tuple(dice))
    s.phase_idx = s.ruleset.phases.index(phase)
    s.player_idx = [p.id for p in players].index(player)
    return s


def ids(s, owner, utype, space=None):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype
                        and (space is None or u.space == space)))


def roll_of(s, step):
    return [r for r in s.zone.battle.rolls if r.step == step]


MALTA = [("sicily", "italy", "transport_aircraft", 2), ("sicily", "italy", "paratrooper", 2),
         ("sicily", "italy", "infantry", 1), ("sicily", "italy", "artillery", 1),
         ("mc", "italy", "battleship", 1), ("mc", "italy", "naval_transport", 1),
         ("malta", "uk", "infantry", 1), ("malta", "uk", "aaa", 1), ("malta", "uk", "fighter", 1)]


def malta_combat_move(dice=()):
    """W1's combat move: two air transports with two paratroopers from Sicily to Malta, a
    naval transport landing one infantry and one artillery, the battleship bombarding."""
    s = med(MALTA, dice)
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "malta"))
    land = ids(s, "italy", "infantry") + ids(s, "italy", "artillery")
    s = apply(s, Move(land, ("mc",)))
    s = apply(s, Move(land, ("malta",)))
    return apply(s, EndPhase())


# --- W1: Malta, step by step ----------------------------------------------------------
def test_malta_w1_end_to_end():
    # seed 000: PARATROOPERS / TRANSPORT AIRCRAFT, Example A (W1): "The coastal bombardment
    # misses and inflicts no casualties. Immediately afterward, the British player rolls for
    # both the AAA and fighter intercept of the air transports. The British player rolls
    # 1d12 for each transport and misses both times. The British player rolls a 4 for the
    # fighter. The Italian player takes one transport as a casualty. One paratrooper is also
    # removed as a casualty because it was carried as cargo aboard that transport. The second
    # transport is considered to have successfully landed its infantry, which joins the
    # attack at a 2 for the first round of combat and a 1 for all subsequent rounds."
    dice = (9,          # bombardment (battleship, hits on 5): misses
            7, 11,      # AAA, one d12 per transport (hits on 2): both miss
            4,          # fighter (5 against aircraft, G39; 7 by the text): hits
            12,         # round 1 first strike: artillery misses
            12, 12,     # round 1: paratrooper, infantry miss
            12,         # British infantry misses
            12, 12, 12,  # round 2: artillery, paratrooper, infantry
            12)         # British infantry
    s = malta_combat_move(dice)
    assert s.zone.battles == ("malta",)
    t1, t2 = ids(s, "italy", "transport_aircraft")
    p1, p2 = ids(s, "italy", "paratrooper")
    assert s.units[p1].carried_by == t1 and s.units[p2].carried_by == t2   # cargo until intercepted
    s = apply(s, SelectBattle("malta"))
    assert s.zone.battle.drops == (t1, t2) and s.zone.battle.bombard == ids(s, "italy", "battleship")
    s = apply(s, RollDice())                        # bombardment first (G63b)
    assert [r.step for r in s.zone.battle.rolls] == ["bombard"]
    assert s.zone.battle.rolls[0].hits == 0
    # "the British player rolls for both the AAA and fighter intercept": the defender decides
    assert s.zone.battle.awaiting == "intercept" and actor(s) == "uk"
    fighter = ids(s, "uk", "fighter")
    assert B.interceptor_choices(s) == list(fighter)
    s = apply(s, Intercept(fighter))
    (icpt,) = roll_of(s, "intercept")
    assert [(t, v, d) for t, v, d in icpt.dice] == [("aaa", 2, 7), ("aaa", 2, 11), ("fighter", 5, 4)]
    assert icpt.hits == 1
    # "The Italian player takes one transport as a casualty"
    assert s.zone.battle.awaiting == "casualties" and actor(s) == "italy"
    with pytest.raises(IllegalAction):
        apply(s, Casualties(ids(s, "italy", "infantry")))     # only the air transports
    s = apply(s, Casualties((t1,)))
    assert t1 not in s.units and p1 not in s.units             # cargo lost with it
    assert s.units[p2].carried_by is None and s.units[p2].airborne   # dropped
    assert s.units[t2].space == "malta" and t2 not in {u.uid for u in B.attackers(s, s.zone.battle)}
    # the fighter intercepted: it takes no part in the battle (G42)
    assert fighter[0] in s.units and fighter[0] not in {u.uid for u in B.defenders(s, s.zone.battle)}
    s = apply(s, RollDice())   # round 1 first strike
    s = apply(s, RollDice())   # attacker fire
    (fire1,) = roll_of(s, "att_fire")
    # paratrooper at 2 in round 1; amphibious infantry gets no artillery support (G63e)
    assert sorted((t, v) for t, v, _ in fire1.dice) == [("infantry", 2), ("paratrooper", 2)]
    assert not roll_of(s, "aa")                                 # transports draw no AA fire
    s = apply(s, RollDice())   # defender fire
    assert s.zone.battle.awaiting == "continue"
    with pytest.raises(IllegalAction):
        apply(s, Retreat("sicily"))    # "Paratroopers may not withdraw from combat when airdropped."
    s = apply(s, RollDice())
    s = apply(s, RollDice())
    (fire2,) = roll_of(s, "att_fire")
    assert sorted((t, v) for t, v, _ in fire2.dice) == [("artillery", 2), ("infantry", 2),
                                                        ("paratrooper", 1)]


def test_malta_interception_odds_match_the_dice():
    # the figure the UI shows: AAA 2 dice at 2/12 (one per transport) and the fighter one
    # die at 5/12; survival = 1 - E[min(2, hits)] / 2
    s = med(MALTA)
    (opt,) = [o for o in AD.options(s) if o.to == "malta"]
    assert opt.mission == "airdrop" and len(opt.transports) == 2 and len(opt.cargo) == 2
    e_hits = 2 * 2 / 12 + 5 / 12
    p3 = (2 / 12) ** 2 * 5 / 12
    assert opt.survival == pytest.approx(1 - (e_hits - p3) / 2)
    assert AD.interception_survival(s, "malta", 1, escorts=1) == pytest.approx(
        1 - (2 / 12 * 5 / 12))   # one escort absorbs the first hit
    assert AD.interception_survival(s, "libya", 2) == 1.0          # nothing there intercepts


def test_defender_may_keep_its_fighter_out_of_the_interception():
    # seed 000: FIGHTER, Escort: "Any or all defending fighters based in a territory that is
    # the target of an airdrop can participate"
    s = apply(malta_combat_move((9, 7, 11, 12, 12, 12)), SelectBattle("malta"))
    s = apply(s, RollDice())
    s = apply(s, Intercept(()))
    (icpt,) = roll_of(s, "intercept")
    assert [t for t, _, _ in icpt.dice] == ["aaa", "aaa"]
    assert ids(s, "uk", "fighter")[0] in {u.uid for u in B.defenders(s, s.zone.battle)}


def test_roll_is_the_default_interception_with_every_fighter():
    s = apply(malta_combat_move((9, 7, 11, 12)), SelectBattle("malta"))
    s = apply(s, RollDice())
    assert Intercept(ids(s, "uk", "fighter")) in legal_actions(s)
    s = apply(s, RollDice())
    assert [t for t, _, _ in roll_of(s, "intercept")[0].dice] == ["aaa", "aaa", "fighter"]


def test_escort_takes_the_interception_hit_first():
    # seed 000: TRANSPORT AIRCRAFT L457 "Air transports may be escorted by friendly fighters
    # during airdrops."; L471 "may not be selected as casualties until all accompanying
    # friendly fighters have been lost"; FIGHTER L517 "Escort fighters ... can originate
    # from any territory or sea zone, range permitting" (this one flies from Tunisia)
    units = [("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1),
             ("tunisia", "italy", "fighter", 1), ("malta", "uk", "fighter", 1),
             ("malta", "uk", "infantry", 1)]
    s = med(units, dice=(1,))
    tr, para, esc = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper"), ids(s, "italy", "fighter")
    s = apply(s, Airdrop(tr + para, "malta"))
    s = apply(s, Move(esc, ("mc", "malta")))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    s = apply(s, RollDice())        # no bombardment: straight to the interceptor choice
    assert s.zone.battle.awaiting == "intercept"
    s = apply(s, RollDice())        # RollDice = every fighter intercepts
    assert roll_of(s, "intercept")[0].hits == 1
    with pytest.raises(IllegalAction, match="escort"):
        apply(s, Casualties(tr))
    s2 = apply(s, Casualties(esc))
    assert tr[0] in s2.units and s2.units[para[0]].airborne and s2.units[para[0]].carried_by is None
    assert apply(s, legal_actions(s)[0]).units.get(tr[0]) is not None   # default: the escort


# --- loading and flying ---------------------------------------------------------------
def test_airdrop_needs_an_air_base_at_the_start():
    # seed 000: TRANSPORT AIRCRAFT, Airdrop: "(B) that friendly territory contains an air base"
    s = med([("tunisia", "italy", "transport_aircraft", 1), ("tunisia", "italy", "paratrooper", 1),
             ("malta", "uk", "infantry", 1)])
    g = [s.units[u] for u in ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper")]
    assert "air base" in AD.explain(s, g, "malta")
    assert AD.targets(s, g) == []


def test_airdrop_only_with_unmoved_units():
    # "(C) neither the air transport nor the paratrooper have already moved that turn"
    s = med([("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1),
             ("malta", "uk", "infantry", 1)])
    para = ids(s, "italy", "paratrooper")
    s.units[para[0]] = replace(s.units[para[0]], moved=1)
    with pytest.raises(IllegalAction, match="moved"):
        apply(s, Airdrop(ids(s, "italy", "transport_aircraft") + para, "malta"))


def test_only_paratroopers_are_airdropped_infantry_fly_as_cargo():
    # Airdrop: "may load a friendly paratrooper for an airdrop mission"; Cargo: "Each air
    # transport may carry 1 infantry unit (infantry or paratrooper) ... A cargo mission does
    # *not* require that the air transport begin its turn at an air base ... Infantry are
    # unloaded at the conclusion of an air transport's movement, which must end in a friendly
    # space controlled since the beginning of the player's turn."
    units = [("tunisia", "italy", "transport_aircraft", 1), ("tunisia", "italy", "infantry", 1),
             ("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "infantry", 1),
             ("malta", "uk", "infantry", 1)]
    s = med(units)
    sic = [s.units[u] for u in ids(s, "italy", "transport_aircraft", "sicily") + ids(s, "italy", "infantry", "sicily")]
    assert "paratroopers" in AD.explain(s, sic, "malta")
    s = med(units, phase="noncombat_move")
    tun = ids(s, "italy", "transport_aircraft", "tunisia") + ids(s, "italy", "infantry", "tunisia")
    assert AD.targets(s, [s.units[u] for u in tun]) == ["sicily"]
    s = apply(s, Airdrop(tun, "sicily"))
    inf = s.units[ids(s, "italy", "infantry", "sicily")[0]]
    assert inf.carried_by is None and not inf.airborne
    # the cargo is unloaded at the end of the transport's move: the flight is its whole move
    assert s.units[tun[0]].space == "sicily" and s.units[tun[0]].moved == 6


def test_one_unit_per_air_transport_and_every_transport_loaded():
    # Cargo: "Each air transport may carry 1 infantry unit"; Non-combatant: "Air transports
    # may not join an attack unless conducting an air- or supply drop."
    s = med([("sicily", "italy", "transport_aircraft", 2), ("sicily", "italy", "paratrooper", 3),
             ("malta", "uk", "infantry", 1)])
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    with pytest.raises(IllegalAction, match="at most 2"):
        apply(s, Airdrop(tr + para, "malta"))
    with pytest.raises(IllegalAction, match="must carry"):
        apply(s, Airdrop(tr + para[:1], "malta"))
    with pytest.raises(IllegalAction, match="only to drop"):
        apply(s, Move(tr[:1], ("mc", "malta")))


def test_transports_must_be_able_to_reach_a_landing_place():
    # seed 000: TRANSPORT AIRCRAFT L455 "In order to conduct an airdrop, a friendly transport
    # must be able to end its movement in a territory under friendly control since the
    # beginning of the turn."
    units = [("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1),
             ("egypt", "uk", "infantry", 1)]
    s = med(units)
    g = [s.units[u] for u in ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper")]
    # Sicily -> Tunisia -> Libya -> Egypt: 3 out, 1 back to Tunisia: fits move 6
    assert AD.explain(s, g, "egypt") == ""
    s = med(units, owners={"tunisia": "uk"})
    ut = s.ruleset.units["transport_aircraft"]
    s.ruleset = replace(s.ruleset, units={**s.ruleset.units, "transport_aircraft": replace(ut, move=4)})
    # 3 out, 1 left: Sicily (3 back) is too far
    assert "could not reach" in AD.explain(s, g, "egypt")


def test_flights_cross_defended_enemy_territory_under_fire():
    # Paratroopers, Airdrop: "If the air transport enters or moves through a hostile
    # territory, AAA and fighters receive one free attack" (G14: on the way as well)
    units = [("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1),
             ("egypt", "uk", "infantry", 1)]
    s = med(units + [("libya", "uk", "aaa", 1)], owners={"tunisia": "uk"})
    g = [s.units[u] for u in ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper")]
    assert AD.explain(s, g, "egypt") == "" and "egypt" in AD.targets(s, g)
    assert AD.flight_route(s, g, "egypt") == ("tunisia", "libya", "egypt")
    assert "libya" in AD.targets(s, g)       # the defended territory itself is a target


EN_ROUTE = [("sicily", "italy", "transport_aircraft", 2), ("sicily", "italy", "paratrooper", 2),
            ("egypt", "uk", "infantry", 1), ("libya", "uk", "aaa", 1), ("libya", "uk", "fighter", 1)]


def test_transports_shot_down_on_the_way_lose_their_cargo():
    # Paratroopers, Airdrop: "If the air transport enters or moves through a hostile
    # territory, AAA and fighters receive one free attack. AAA may fire separately for each
    # transport." Libya, on the way to Egypt, fires: AAA 2 dice at 2, the fighter 1 at 5.
    s = med(EN_ROUTE, dice=(1, 12, 12), owners={"tunisia": "uk"})
    tr, para = ids(s, "italy", "transport_aircraft"), ids(s, "italy", "paratrooper")
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "egypt"))
    assert s.dice_used == 3                              # 2 AAA dice + 1 fighter die
    assert tr[0] not in s.units and para[0] not in s.units   # hit: the cargo goes down with it
    survivor = s.units[tr[1]]
    assert survivor.space == "egypt" and survivor.moved == 3    # Tunisia - Libya - Egypt
    assert [c.uid for c in s.cargo_of(tr[1])] == [para[1]]   # to be intercepted in Egypt's battle
    assert any("Interception over Libya" in line for line in s.log())
    # every transport down: nothing reaches Egypt, no battle there
    s = med(EN_ROUTE, dice=(1, 1, 12), owners={"tunisia": "uk"})
    s = apply(s, Airdrop(tuple(sorted(tr + para)), "egypt"))
    assert not [u for u in s.units.values() if u.owner == "italy"]
    assert "egypt" not in s.zone.battles


def test_survival_odds_count_the_free_attacks_on_the_way():
    # the UI's and the computer's figure: P(each transport survives) = the exact mixture of
    # Libya's dice on the way (nothing in Egypt intercepts), checked against the rule's dice
    s = med(EN_ROUTE, owners={"tunisia": "uk"})
    (opt,) = [o for o in AD.options(s) if o.to == "egypt"]
    a, f = 2 / 12, 5 / 12
    # 2 transports: AAA 2 dice at a, fighter 1 die at f; E[lost] = E[min(2, hits)]
    e_hits = 2 * a + f
    p3 = a * a * f
    assert opt.survival == pytest.approx(1 - (e_hits - p3) / 2)
    g = [s.units[u] for u in opt.transports + opt.cargo]
    route = AD.flight_route(s, g, "egypt")
    assert AD.route_survivors(s, route, 1) == pytest.approx([1 - (1 - a) * (1 - f), (1 - a) * (1 - f)])


def test_drop_into_an_empty_enemy_territory_takes_it():
    s = med([("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1)])
    s = apply(s, Airdrop(ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper"), "malta"))
    para = s.units[ids(s, "italy", "paratrooper")[0]]
    assert para.carried_by is None and para.airborne
    s = apply(s, EndPhase())
    assert s.zone.battles == () and s.owners["malta"] == "italy"


def test_interceptors_left_in_a_captured_territory_fly_away():
    # G42: the intercepting fighter does not defend; if the territory falls it flies to a
    # bordering friendly territory
    units = [("sicily", "italy", "transport_aircraft", 1), ("sicily", "italy", "paratrooper", 1),
             ("malta", "uk", "fighter", 1), ("malta", "uk", "aaa", 1)]
    s = med(units, dice=(12, 12, 12))
    s = apply(s, Airdrop(ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper"), "malta"))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    s = apply(s, RollDice())    # to the interceptor choice
    s = apply(s, RollDice())    # all intercept
    for _ in range(5):
        if s.zone.battle is None:
            break
        s = apply(s, legal_actions(s)[0])
    assert s.zone.battle is None and s.owners["malta"] == "italy"
    f = s.units[ids(s, "uk", "fighter")[0]]
    assert f.space == "libya"
    assert s.units[ids(s, "italy", "aaa")[0]].space == "malta"   # the AAA was captured


def test_airdrops_are_legal_actions_and_round_trip_as_json():
    s = med(MALTA)
    drops = [a for a in legal_actions(s) if isinstance(a, Airdrop)]
    assert Airdrop((1, 3), "malta") in drops and {a.to for a in drops} == {"malta", "libya", "egypt"}
    assert action_from_json(drops[0].to_json()) == drops[0]
    assert action_from_json(Intercept((5,)).to_json()) == Intercept((5,))
    s = apply(s, Airdrop((1, 3), "malta"))
    assert s.units[3].carried_by == 1
    assert not [a for a in legal_actions(s) if isinstance(a, Move) and 3 in a.units]


# --- the Mediterranean 1940 scenario: a drop on Malta in Italy's first turn ------------
def test_italy_can_airdrop_on_malta_in_its_first_turn():
    # the scenario puts 2 transport aircraft and 2 paratroopers in Sicily (air base)
    from game.rules.ruleset import find_scenario, load_scenario_file
    sc, _ = load_scenario_file(find_scenario("mediterranean_1940"))
    rs = load_ruleset(sc.ruleset_id)
    s = new_game(sc, rs, 1)
    s.player_idx = [p.id for p in sc.players].index("italy")
    s.phase_idx = rs.phases.index("combat_move")
    drops = [o for o in AD.options(s) if o.to == "malta"]
    assert len(drops) == 1 and drops[0].start == "sicily" and len(drops[0].transports) == 2
    assert 0.0 < drops[0].survival < 1.0          # Malta's AAA and fighter intercept
    s = apply(s, drops[0].action())
    assert sum(1 for u in s.units.values() if u.type == "paratrooper" and u.space == "malta") == 2


def test_air_transports_defending_on_the_ground_are_lost_last():
    # a territory's air transports (Attack "-", Defense "-") are not an attack: as defenders
    # they are taken after every other unit and lost when left alone (like transports, G29)
    s = med([("tunisia", "italy", "fighter", 1), ("malta", "uk", "transport_aircraft", 1),
             ("malta", "uk", "infantry", 1)], dice=(1, 12, 1))
    s = apply(s, Move(ids(s, "italy", "fighter"), ("mc", "malta")))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    for _ in range(12):
        if s.zone.battle is None:
            break
        s = apply(s, legal_actions(s)[0])
    assert s.zone.battle is None and not ids(s, "uk", "transport_aircraft") and not ids(s, "uk", "infantry")


def test_default_losses_take_air_transports_before_supply_columns():
    # the default order of loss must pass check_casualties: defenceless units (seed 000
    # Supply Column, G28) after every other unit, the air transport (non-combatant) included
    s = med([("tunisia", "italy", "fighter", 1), ("malta", "uk", "transport_aircraft", 1),
             ("malta", "uk", "supply_column", 1)], dice=(1, 12, 1, 12))
    s = apply(s, Move(ids(s, "italy", "fighter"), ("mc", "malta")))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    for _ in range(12):
        if s.zone.battle is None:
            break
        s = apply(s, legal_actions(s)[0])  # IllegalAction would fail the test
    assert s.zone.battle is None and not ids(s, "uk", "transport_aircraft")


def test_lint_warns_about_the_airdrop_readings():
    # G14 (two airdrop texts), G63 (Malta's "infantry"), G45 (withdraw) are seed notes
    from pathlib import Path

    from game.cli import lint_paths
    ruleset = Path(__file__).parents[2] / "scenarios" / "rulesets" / "interwar.yaml"
    notes = [d for d in lint_paths([str(ruleset)]) if "seed contradiction" in d.message]
    by_ref = {d.message.split()[2]: d.message for d in notes}
    assert "moves through" in by_ref["G14"] and "landed its infantry" in by_ref["G63"]
    assert "auxiliary_cruiser" in by_ref["G45"] and "per air transport" in by_ref["G35"]


def test_mediterranean_first_turn_assault_on_malta_as_in_w1():
    # the issue: bombardment, airdrops and fleet actions in the first turns. Italy's first
    # combat move repeats W1 on the scenario map: paratroopers by air from Sicily, infantry
    # and artillery by sea from Tripolitania, a battleship from the Ionian Sea bombarding
    from game.rules.ruleset import find_scenario, load_scenario_file
    sc, _ = load_scenario_file(find_scenario("mediterranean_1940"))
    s = new_game(sc, load_ruleset(sc.ruleset_id), 1)
    while not (s.phase == "combat_move" and s.player == "italy"):
        s = apply(s, EndPhase())
    (drop,) = [o for o in AD.options(s) if o.to == "malta"]
    s = apply(s, drop.action())
    land = (ids(s, "italy", "infantry", "tripolitania")[0], ids(s, "italy", "artillery", "tripolitania")[0])
    s = apply(s, Move(land, ("gulf_of_sidra",)))
    transport = s.units[land[0]].carried_by
    s = apply(s, Move((transport,), ("central_med",)))
    s = apply(s, Move(land, ("malta",)))
    s = apply(s, Move(ids(s, "italy", "battleship", "ionian_sea")[:1], ("central_med",)))
    s = apply(s, EndPhase())
    s = apply(s, SelectBattle("malta"))
    assert s.zone.battle.bombard and len(s.zone.battle.drops) == 2
    s = apply(s, RollDice())
    assert [r.step for r in s.zone.battle.rolls] == ["bombard"]
    while s.zone.battle is not None and s.zone.battle.awaiting != "intercept":
        s = apply(s, legal_actions(s)[0])
    assert s.zone.battle is not None and s.zone.battle.awaiting == "intercept"


def test_alexandria_w2_paratrooper_not_airdropped_attacks_at_1_g12():
    # seed 000: PARATROOPERS, Example B (W2): "During a previous turn, the American player
    # successfully landed a paratrooper on Egypt. During the next turn ... the paratrooper
    # attacks into Alexandria. This attack is joined by two artillery units. In this case,
    # the paratrooper would attack at a 2 or less so long as at least one artillery was still
    # attacking alongside it." -- contradicted by "Attack: 1*" and "Supported by Artillery
    # (Defense)" (G12: rule text chosen): 1 in every round, and no airdrop value (it walked in)
    s = med([("libya", "italy", "paratrooper", 1), ("libya", "italy", "artillery", 2),
             ("malta", "uk", "infantry", 1)], dice=(12, 12, 12, 12))
    s = apply(s, Move(ids(s, "italy", "paratrooper") + ids(s, "italy", "artillery"), ("malta",)))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    s = apply(s, RollDice())          # artillery first strike (round 1)
    s = apply(s, RollDice())          # the paratrooper fires
    (fire,) = roll_of(s, "att_fire")
    assert [(t, v) for t, v, _ in fire.dice] == [("paratrooper", 1)]


def test_each_aaa_fires_once_at_each_transport_without_a_cap():
    # seed 000: TRANSPORT AIRCRAFT: "AAA may fire separately for each transport" (G35: one
    # die per transport per AAA, no cap of 3)
    s = med([("sicily", "italy", "transport_aircraft", 4), ("sicily", "italy", "paratrooper", 4),
             ("malta", "uk", "aaa", 2), ("malta", "uk", "infantry", 1)], dice=(12,) * 8)
    s = apply(s, Airdrop(ids(s, "italy", "transport_aircraft") + ids(s, "italy", "paratrooper"), "malta"))
    s = apply(apply(s, EndPhase()), SelectBattle("malta"))
    s = apply(s, RollDice())
    (icpt,) = roll_of(s, "intercept")
    assert len(icpt.dice) == 8 and icpt.hits == 0
    assert len(AD.interception_hits(s, "malta", 4)) == 9      # 0..8 hits


def test_a_saved_airdrop_game_replays_to_the_same_state(tmp_path):
    # determinism: the Mediterranean drop on Malta, intercepted and fought, saved and replayed
    from game.io.saves import load_session, write_save
    from game.rules.ruleset import load_scenario
    from game.rules.session import Session
    from game.rules.snapshot import state_hash
    sc = load_scenario("mediterranean_1940")
    sess = Session(sc, load_ruleset(sc.ruleset_id), 5)
    while not (sess.state.phase == "combat_move" and sess.state.player == "italy"):
        sess.do(EndPhase())
    (drop,) = [o for o in AD.options(sess.state) if o.to == "malta"]
    sess.do(drop.action())
    sess.do(EndPhase())
    sess.do(SelectBattle("malta"))
    sess.do(RollDice())
    sess.do(Intercept(tuple(B.interceptor_choices(sess.state))))
    while sess.state.zone.battle is not None:
        sess.do(legal_actions(sess.state)[0])
    write_save(tmp_path / "g.json", sess)
    loaded, data = load_session(tmp_path / "g.json")
    assert state_hash(loaded.state) == state_hash(sess.state) == data["snapshot"]["state_hash"]
