"""Europa combat results chosen by the players (issue #6): the owning player chooses which
units take a half or exchange loss (required losses first, 11.O / seed 003 section 15 RL)
and where each unit retreats; the attacker chooses who advances. The rules' automatic
choice is the default proposal. Procedure: docs/interpretations.md, Europa (seed 003),
"Losses, retreats and advance chosen by the players"."""
from __future__ import annotations

import pytest
from hexkit import attacked, hexgame, settle, uid_of

from game.rules.actions import (
    Advance,
    Attack,
    EndPhase,
    HexLosses,
    HexRetreat,
    action_from_json,
    actor,
    apply,
    hex_decision,
    hex_legal_actions,
)
from game.rules.errors import IllegalAction
from game.rules.hex import combat as hexcombat
from game.rules.hex import move as hexmove
from game.rules.session import Session
from game.rules.snapshot import restore, snapshot, state_hash


def reds(s, *hexes):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == "red" and u.space in hexes))


def dh_game(roll=6):
    """35 vs 10 = 3:1 (roll 6: DH, roll 2: HX); blue holds 3,2 with a brigade, two garrison
    regiments and an alarm unit."""
    return hexgame([(2, 2, "red", "infantry_division", 3), (2, 3, "red", "infantry_division", 2),
                    (3, 2, "blue", "infantry_brigade"), (3, 2, "blue", "garrison_infantry", 2),
                    (3, 2, "blue", "alarm")], phase="combat", dice=(roll,))


def test_the_defender_chooses_its_half_losses():
    # supplied rule (Europa, seed 003 assumes it): DH = the defender loses at least half its
    # defense strength, units of its own choice, no unit more than needed
    s = dh_game()
    s2 = apply(s, Attack("3,2", reds(s, "2,2", "2,3")))
    assert s2.hexturn.last.result == "DH"
    p = s2.hexturn.pending
    assert p is not None and p.stage == "defender_losses" and actor(s2) == "blue"
    ch = hexcombat.loss_choice(s2)
    assert ch.side == "defender" and ch.need == 4.5 and len(ch.units) == 4
    inf = uid_of(s, "3,2", "infantry_brigade")
    g1, g2 = sorted(u.uid for u in s.units.values() if u.type == "garrison_infantry")
    alarm = uid_of(s, "3,2", "alarm")
    assert hexcombat.default_losses(s2) == [alarm, g1, g2]        # cheapest first: 1+2+2 = 5
    assert not hexcombat.loss_block(s2, ch.default)
    assert "Not enough losses" in hexcombat.loss_block(s2, (g1, g2))           # 4 < 4.5
    assert "not needed" in hexcombat.loss_block(s2, (inf, g1, alarm))          # the alarm unit is spare
    with pytest.raises(IllegalAction, match="Not enough"):
        apply(s2, HexLosses((g1, g2)))
    # nothing else happens until the choice is made
    with pytest.raises(IllegalAction, match="not finished"):
        apply(s2, EndPhase())
    assert hex_legal_actions(s2) == [HexLosses(tuple(ch.default))]
    s3 = apply(s2, HexLosses((inf, alarm)))                                    # 4 + 1 = 5: keep the garrisons
    assert inf not in s3.units and alarm not in s3.units and g1 in s3.units and g2 in s3.units
    assert set(s3.hexturn.last.lost) == {inf, alarm}


def test_the_defender_chooses_each_retreat_hex():
    # supplied rule: each retreating unit goes one hex, not into enemy units or an enemy ZOC
    # without friends, within stacking; the owner picks the hex (units may split up)
    s = dh_game()
    s1 = apply(s, Attack("3,2", reds(s, "2,2", "2,3")))
    s2 = apply(s1, HexLosses(tuple(hexcombat.default_losses(s1))))   # the alarm unit and both garrisons
    p = s2.hexturn.pending
    assert p.stage == "defender_retreat" and actor(s2) == "blue"
    inf = uid_of(s, "3,2", "infantry_brigade")
    assert p.retreating == (inf,)
    opts = hexcombat.retreat_options(s2, (inf,))
    assert set(opts) == {"4,1", "4,2"}                       # 3,1 and 3,3 are in red's ZOC
    assert "zone of control" in hexcombat.retreat_explain(s2, (inf,), "3,1")
    assert "enemy units" in hexcombat.retreat_explain(s2, (inf,), "2,2")
    assert hexcombat.default_retreat(s2) == ((inf,), ("4,1",))
    with pytest.raises(IllegalAction, match="zone of control"):
        apply(s2, HexRetreat((inf,), ("3,1",)))
    s3 = apply(s2, HexRetreat((inf,), ("4,2",)))
    assert s3.units[inf].space == "4,2" and s3.hexturn.pending is None
    assert (inf, "4,2") in s3.hexturn.last.retreated
    assert s3.hexturn.advance is not None and actor(s3) == "red"


def test_units_of_a_stack_may_retreat_to_different_hexes():
    # supplied rule: retreats are chosen unit by unit (a stack may split)
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "garrison_infantry", 2)],
                phase="combat", dice=(5,))
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))            # 6 vs 4 = 3:2, roll 5 = DR
    assert s2.hexturn.last.result == "DR"
    g1, g2 = sorted(u.uid for u in s.units.values() if u.owner == "blue")
    assert set(s2.hexturn.pending.retreating) == {g1, g2}
    s3 = apply(s2, HexRetreat((g1,), ("4,2",)))
    assert s3.hexturn.pending.retreating == (g2,) and actor(s3) == "blue"
    assert "4,2" in hexcombat.retreat_options(s3, (g2,))
    s4 = apply(s3, HexRetreat((g2,), ("4,1",)))
    assert s4.units[g1].space == "4,2" and s4.units[g2].space == "4,1"
    assert s4.hexturn.pending is None


def test_required_losses_come_first_in_the_attackers_choice():
    # seed 003: 15 (RL) / 15.J.2.c: a combat engineer that reduced a modifier is among the
    # first losses; the attacker may not lose other units instead
    s = hexgame([(2, 2, "red", "combat_engineer"), (2, 2, "red", "infantry_brigade", 2),
                 (3, 2, "blue", "infantry_brigade")], phase="combat", features={(3, 2): ["city"]},
                dice=(1,))
    eng = uid_of(s, "2,2", "combat_engineer")
    i1, i2 = sorted(u.uid for u in s.units.values() if u.type == "infantry_brigade" and u.owner == "red")
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))             # 3:2 after the shifts, roll 1 = AH
    assert s2.hexturn.last.result == "AH"
    ch = hexcombat.loss_choice(s2)
    assert ch.side == "attacker" and actor(s2) == "red" and ch.required == (eng,) and ch.need == 3.5
    assert "Required losses first" in hexcombat.loss_block(s2, (i1, i2))
    assert "not needed" in hexcombat.loss_block(s2, (eng, i1, i2))
    assert not hexcombat.loss_block(s2, (eng, i2))
    s3 = apply(s2, HexLosses((eng, i2)))
    assert eng not in s3.units and i2 not in s3.units and i1 in s3.units


def test_an_exchange_takes_what_the_defender_chose_to_lose_and_cadres_count():
    # supplied rule: HX = the defender loses half, then the attacker at least the defense
    # strength the defender lost; a division may drop to its cadre (a loss step)
    s = dh_game(roll=2)
    s2 = apply(s, Attack("3,2", reds(s, "2,2", "2,3")))
    assert s2.hexturn.last.result == "HX"
    inf = uid_of(s, "3,2", "infantry_brigade")
    g1 = min(u.uid for u in s.units.values() if u.type == "garrison_infantry")
    s3 = apply(s2, HexLosses((inf, g1)))                     # 4 + 2 = 6 defense lost
    ch = hexcombat.loss_choice(s3)
    assert ch.side == "attacker" and ch.need == 6 and actor(s3) == "red"
    a, b = ch.units[:2]
    assert ch.steps[a] == (4.0, 3.0)                         # 7 -> cadre 3: 4 points, then 3
    assert hexcombat.default_losses(s3) == [a, a]            # the rules eliminate one division
    assert not hexcombat.loss_block(s3, (a, b))              # ... the player may reduce two instead
    s4 = apply(s3, HexLosses((a, b)))
    assert s4.units[a].damage == 1 and s4.units[b].damage == 1
    assert set(s4.hexturn.last.reduced) == {a, b}


def test_advance_after_combat_is_the_attackers_choice():
    # supplied rule: survivors of the attack may advance into the vacated hex, within stacking
    s = hexgame([(2, 2, "red", "infantry_division", 3), (2, 3, "red", "infantry_division", 2),
                 (3, 2, "blue", "garrison_infantry")], phase="combat", dice=(6,))
    s2 = settle(apply(s, Attack("3,2", reds(s, "2,2", "2,3"))))
    assert s2.hexturn.advance is not None
    hexid, allowed = s2.hexturn.advance
    assert len(allowed) == 5
    assert "Stacking" in hexcombat.advance_explain(s2, allowed[:4])     # 12 RE > 9
    default = hexcombat.default_advance(s2)
    assert len(default) == 2 and not hexcombat.advance_explain(s2, default)
    s3 = apply(s2, Advance(allowed[:3], hexid))
    assert all(s3.units[i].space == "3,2" for i in allowed[:3])


def test_choices_are_saved_replayed_and_restored():
    s = dh_game()
    sess = Session(s.scenario, s.ruleset, s.seed)
    sess.initial = s
    sess.state = s
    sess.do(Attack("3,2", reds(s, "2,2", "2,3")))
    inf = uid_of(s, "3,2", "infantry_brigade")
    alarm = uid_of(s, "3,2", "alarm")
    sess.do(HexLosses((inf, alarm)))
    mid = sess.state
    assert mid.hexturn.pending.stage == "defender_retreat"
    # a state waiting for a retreat survives the save's snapshot
    back = restore(snapshot(mid), mid.scenario, mid.ruleset, mid.seed)
    assert back.hexturn.pending == mid.hexturn.pending and state_hash(back) == state_hash(mid)
    g1 = min(u.uid for u in s.units.values() if u.type == "garrison_infantry")
    sess.do(HexRetreat((g1,), ("4,2",)))
    assert not sess.can_undo()                               # choices after a roll are final
    # the actions survive JSON and replay to the same state
    acts = [action_from_json(a.to_json()) for a in sess.actions]
    assert acts == sess.actions
    st = s
    for a in acts:
        st = apply(st, a)
    assert state_hash(st) == state_hash(sess.state)


def test_the_default_decision_is_what_the_automatic_rules_did():
    # the computer players send hex_decision: required losses, cheapest steps, safest hex
    s = dh_game()
    s2 = attacked(s, Attack("3,2", reds(s, "2,2", "2,3")))
    assert s2.hexturn.pending is None and hex_decision(s2) is None
    inf = uid_of(s, "3,2", "infantry_brigade")
    assert s2.units[inf].space == "4,1"
    assert len(s2.hexturn.last.lost) == 3
    assert not hexmove.enemies_at(s2, "3,2", "red")


def test_saves_from_before_the_choices_replay_with_the_proposals():
    # an action list from before HexLosses/HexRetreat existed: Attack, then the next action;
    # replay answers the waiting choices with the rules' proposal, as the game did then
    s = dh_game()
    sess = Session(s.scenario, s.ruleset, s.seed)
    sess.initial = sess.state = s
    for a in (Attack("3,2", reds(s, "2,2", "2,3")), EndPhase()):
        sess.replay_do(a)
    want = apply(attacked(s, Attack("3,2", reds(s, "2,2", "2,3"))), EndPhase())
    assert state_hash(sess.state) == state_hash(want)
    assert [type(a).__name__ for a in sess.actions] == ["Attack", "HexLosses", "HexRetreat", "EndPhase"]


def test_an_exchange_that_takes_every_attacker_is_not_asked():
    # supplied rule: EX where the defender lost at least the attackers' whole strength leaves
    # no choice: every attacker is lost without asking
    s = hexgame([(2, 2, "red", "garrison_infantry", 2), (1, 2, "red", "divisional_hq"),   # HQ: support (9.A)
                 (3, 2, "blue", "infantry_brigade")], phase="combat", dice=(6,))
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))      # 2 vs 4 = 1:2, roll 6 = EX: 4 to lose, 2 there
    assert s2.hexturn.last.result == "EX" and s2.hexturn.pending is None
    assert not [u for u in s2.units.values() if u.owner == "red" and u.space == "2,2"]


def test_malformed_choices_are_refused_with_a_reason():
    # bad input (a hand-edited save) gets a clear message, never a crash
    s = dh_game()
    s2 = apply(s, Attack("3,2", reds(s, "2,2", "2,3")))
    with pytest.raises(IllegalAction, match="by number"):
        apply(s2, HexLosses(("x",)))
    with pytest.raises(IllegalAction, match="not one of the units"):
        apply(s2, HexLosses((999,)))
    with pytest.raises(IllegalAction, match="no retreat to choose"):
        apply(s2, HexRetreat((1,), ("4,2",)))
    s3 = apply(s2, HexLosses(tuple(hexcombat.default_losses(s2))))
    inf = s3.hexturn.pending.retreating[0]
    with pytest.raises(IllegalAction, match="by number"):
        apply(s3, HexRetreat((inf,), (["4", "2"],)))
    with pytest.raises(IllegalAction, match="Unknown hex"):
        apply(s3, HexRetreat((inf,), ("99,99",)))
    with pytest.raises(IllegalAction, match="does not retreat now"):
        apply(s3, HexRetreat((reds(s, "2,2")[0],), ("1,2",)))


def truck_de_game():
    """6:1, roll 4 = DE on a garrison with a truck (15.W) at 3,2."""
    return hexgame([(2, 2, "red", "armour_brigade", 2), (3, 2, "blue", "garrison_infantry"),
                    (3, 2, "blue", "truck")], phase="combat", dice=(4,))


def test_a_lost_supply_unit_retreats_where_its_owner_chooses():
    # seed 003: 15.W "It is only eliminated in combat if it has no retreat route available":
    # a supply unit lost with its stack retreats instead, and (like any retreat, docs/
    # interpretations.md "Losses, retreats and advance chosen by the players") its owner
    # chooses the hex
    s = truck_de_game()
    truck = uid_of(s, "3,2", "truck")
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))
    assert s2.hexturn.last.result == "DE"
    p = s2.hexturn.pending
    assert p is not None and p.stage == "defender_retreat" and p.retreating == (truck,)
    assert actor(s2) == "blue" and s2.units[truck].space == "3,2"     # not moved by the rules
    opts = hexcombat.retreat_options(s2, (truck,))
    assert len(opts) > 1
    proposal = hex_decision(s2)
    other = next(h for h in sorted(opts) if h != proposal.path[-1])
    s3 = apply(s2, HexRetreat((truck,), opts[other]))
    assert s3.units[truck].space == other and s3.hexturn.pending is None
    assert s3.hexturn.advance is not None and s3.hexturn.advance[0] == "3,2"   # the hex is vacated
    # saved and restored mid-choice, the supply unit is still to retreat
    assert restore(snapshot(s2), s2.scenario, s2.ruleset, s2.seed).hexturn.pending.escape == (truck,)


def test_a_lost_supply_unit_without_a_retreat_route_is_eliminated():
    # seed 003: 15.W "only eliminated in combat if it has no retreat route available"
    from dataclasses import replace as _r
    s = truck_de_game()
    truck = uid_of(s, "3,2", "truck")
    for h in sorted(set(s.scenario.spaces["3,2"].adjacent) - {"2,2"}):   # every other neighbour: red
        uid = max(s.units) + 1
        s.units[uid] = _r(s.units[reds(s, "2,2")[0]], uid=uid, space=h)
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))
    assert s2.hexturn.last.result == "DE" and s2.hexturn.pending is None
    assert truck not in s2.units and truck in s2.hexturn.last.lost


def test_a_lost_supply_units_choice_is_checked_like_any_retreat():
    # seed 003: 15.W: the supply unit lost in combat retreats instead (its owner chooses the
    # hex), but only along a retreat route: not into enemy units, not into an enemy ZOC
    # without friends; a refused choice leaves the retreat waiting
    s = truck_de_game()
    truck = uid_of(s, "3,2", "truck")
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))
    assert s2.hexturn.pending.retreating == (truck,)
    opts = hexcombat.retreat_options(s2, (truck,))
    assert "3,1" not in opts and "2,3" not in opts            # next to the red armour: red ZOC
    assert "2,2" not in opts                                   # the attackers' hex
    assert hex_decision(s2).path[-1] in opts                   # the rules' proposal is a legal one
    with pytest.raises(IllegalAction, match="zone of control"):
        apply(s2, HexRetreat((truck,), ("3,1",)))
    with pytest.raises(IllegalAction, match="enemy units"):
        apply(s2, HexRetreat((truck,), ("2,2",)))
    assert actor(s2) == "blue" and s2.units[truck].space == "3,2"


def test_a_unit_that_must_retreat_with_no_legal_hex_is_eliminated():
    # seed 003: 15.W (no retreat route: eliminated) and the supplied retreat rule: a unit
    # forced to retreat whose every neighbour is enemy-held or in an enemy ZOC without
    # friends is eliminated, without a choice being asked
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (5, 1, "red", "infantry_brigade"),
                 (3, 4, "red", "infantry_brigade"), (3, 2, "blue", "garrison_infantry", 2)],
                phase="combat", dice=(5,))
    blues = sorted(u.uid for u in s.units.values() if u.owner == "blue")
    s2 = apply(s, Attack("3,2", reds(s, "2,2")))            # 6 vs 4 = 3:2, roll 5 = DR
    assert s2.hexturn.last.result == "DR"
    assert s2.hexturn.pending is None and hex_decision(s2) is None
    assert not any(b in s2.units for b in blues)
    assert set(blues) <= set(s2.hexturn.last.lost)
    assert s2.hexturn.advance is not None and s2.hexturn.advance[0] == "3,2"
    # the same attack with one neighbour left free: the retreat is asked for
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (5, 1, "red", "infantry_brigade"),
                 (3, 2, "blue", "garrison_infantry", 2)], phase="combat", dice=(5,))
    s3 = apply(s, Attack("3,2", reds(s, "2,2")))
    assert s3.hexturn.pending is not None and s3.hexturn.pending.stage == "defender_retreat"
    assert set(hexcombat.retreat_options(s3, (s3.hexturn.pending.retreating[0],))) == {"3,3"}
