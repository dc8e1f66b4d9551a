"""The standard hex player's choices after a CRT result (game/ai/hex/decide.py): loss
steps, retreats and the advance after combat scored with the evaluation; and the
set-up turn's chance at an empty objective (hexeval._take_chance)."""
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))

from hexkit import hexgame, uid_of  # noqa: E402

from game.ai import choose_action, config  # noqa: E402
from game.ai.config import hex_config
from game.ai.hex import decide as hexdecide
from game.ai.hex import evaluation as hexeval
from game.rules.actions import Advance, Attack, HexLosses, HexRetreat, apply, hex_decision  # noqa: E402
from game.rules.hex import combat as hexcombat  # noqa: E402
from game.rules.hex.model import HexTurn  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario  # noqa: E402


def tutorial(places, player, phase, round_, dice=(), owners=None):
    """hex_tutorial with only the units in `places` (uid -> hex), at this round and phase."""
    sc = load_scenario("hex_tutorial")
    from game.rules.actions import new_game
    st = new_game(sc, load_ruleset(sc.ruleset_id), 1, scripted_dice=tuple(dice))
    for uid in list(st.units):
        if uid in places:
            st.units[uid] = replace(st.units[uid], space=places[uid], oos=0)
        else:
            del st.units[uid]
    for h, o in (owners or {}).items():
        st.owners[h] = o
    st.round = round_
    st.player_idx = [p.id for p in sc.players].index(player)
    st.phase_idx = st.ruleset.phases.index(phase)
    st.hexturn = HexTurn()
    return st


# hex_tutorial's units: 1 garrison (hill airstrip), 6 garrison and 7 field artillery
# (Kastelli), 10 infantry brigade: Commonwealth; 2, 8 parachute, 3 parachute HQ,
# 4 mountain infantry, 5 field artillery, 9 combat engineer: Germany


def kastelli_advance():
    # hex_tutorial, seed 3001 against greedy, round 2: all four Commonwealth units in
    # Kastelli destroy the German engineer next to it (7:1 +1, roll 6: DE)
    s = tutorial({3: "3,2", 5: "3,2", 4: "4,3", 8: "4,3", 2: "5,0", 9: "4,2",
                  1: "5,2", 6: "5,2", 7: "5,2", 10: "5,2"}, "commonwealth", "combat", 2,
                 dice=(6,), owners={"5,0": "germany"})
    s = apply(s, Attack("4,2", (1, 6, 7, 10)))
    assert s.hexturn.advance == ("4,2", (1, 6, 7, 10))
    return s


def test_standard_advances_the_battery_alone_and_keeps_the_objective_garrisoned():
    # seed 003 advance after combat (docs/interpretations.md#europa-seed-003): any
    # attackers may advance into the vacated hex. docs/ai.md (hexdecide): every subset is
    # scored; the battery out in front keeps the infantry on the objective, and a stack that
    # is not the side's only one cannot end the game in one exchange. hexplan's options
    # (none, the strongest defenders first) do not include it.
    s = kastelli_advance()
    a = choose_action(s, "standard")
    assert isinstance(a, Advance) and a.to == "4,2" and a.units == (7,)
    assert (7,) not in hexdecide.plain_advances(s)
    assert not hexcombat.advance_explain(s, a.units)


def test_an_advance_outside_the_plain_options_must_gain_the_margin(ai_knobs):
    # the scored advance alone (round 2 of 4 is weighed by rollouts too: "Stop 35" in git history of docs/ai.md)
    ai_knobs(combat_rounds=2)
    s = kastelli_advance()
    with config.using(config.current().replace(advance_margin=50.0)):
        assert choose_action(s, "standard").units == ()


def test_every_advance_option_is_legal():
    s = kastelli_advance()
    opts = hexdecide.advance_options(s)
    assert len(opts) == len(set(opts)) == 16   # none and the 15 other subsets: all four fit in the hex
    for o in opts:
        apply(s, Advance(o, "4,2"))           # IllegalAction would fail the test


def exchange_on_the_airstrip():
    # hex_tutorial, seed 3022 against greedy, round 3: the Commonwealth garrison and battery
    # attack the German parachute HQ alone in the hill airstrip (3:1 +1, roll 2: EX)
    s = tutorial({6: "4,0", 7: "4,0", 3: "5,0", 5: "4,3", 8: "4,3", 10: "5,2"}, "commonwealth", "combat", 3,
                 dice=(2,), owners={"5,0": "germany"})
    s = apply(s, Attack("5,0", (6, 7)))
    ch = hexcombat.loss_choice(s)
    assert ch is not None and ch.side == "attacker" and ch.code == "EX"
    return s


def test_standard_keeps_the_better_defender_after_an_exchange():
    # seed 003 CRT EX: the attacker loses at least the defense strength the defender lost
    # (1 here); the owner chooses which units. The rules propose the cheapest step (the
    # garrison, attack 1); standard gives up the battery (attack 2, defense 1) and
    # advances the garrison (defense 2) into the airstrip it took.
    s = exchange_on_the_airstrip()
    assert hex_decision(s) == HexLosses((6,))
    assert hexdecide.loss_options(s) == [(6,), (7,)]
    a = choose_action(s, "standard")
    assert a == HexLosses((7,))
    s = apply(s, a)
    adv = choose_action(s, "standard")
    assert isinstance(adv, Advance) and adv.units == (6,) and adv.to == "5,0"


def test_loss_scoring_off_takes_the_rules_proposal():
    s = exchange_on_the_airstrip()
    with config.using(config.current().replace(losses=False)):
        assert choose_action(s, "standard") == HexLosses((6,))


def test_retreat_options_are_legal_and_start_with_the_rules_proposal():
    # seed 003 CRT: 6 vs 4 = 3:2, roll 6: DR, the defender retreats one hex
    s = hexgame([(2, 2, "red", "infantry_brigade", 2), (3, 2, "blue", "infantry_brigade")],
                phase="combat", dice=(6,))
    s = apply(s, Attack("3,2", tuple(sorted(s.units))[:2]))
    p = hexcombat.pending(s)
    assert p is not None and p.stage == "defender_retreat"
    opts = hexdecide.retreat_options(s)
    d = hex_decision(s)
    assert isinstance(d, HexRetreat) and (d.units, d.path) == opts[0]
    assert len(opts) > 1
    for g, path in opts:
        apply(s, HexRetreat(g, path))          # IllegalAction would fail the test
    assert isinstance(choose_action(s, "standard"), HexRetreat)
    with config.using(config.current().replace(retreats=True)):   # scored (blue holds at the turn limit: not forced to attack)
        got = hexdecide.decide(s, "blue")
        assert isinstance(got, HexRetreat) and (got.units, got.path) in opts
        assert hexdecide.decide(s, "blue") == got   # deterministic


def test_an_empty_objective_is_takeable_only_if_a_unit_can_walk_into_it():
    # docs/ai.md (set-up turn): an empty enemy objective cannot be attacked, only entered.
    # Red's mountain infantry, out of supply (half its movement points, seed 003 supply),
    # can reach 5,1 next to the empty objective 5,2 but not 5,2 itself: 5,1 is in the blue
    # garrison's zone of control. Counting a hex next to it (as before) gave 0.8. (hex_tutorial,
    # seed 3142 against random: the German stack stayed in the hill airstrip while
    # Kastelli stood empty.)
    vb = "victory: {victory_cities: {axis: 2}, at_turn_limit: allies}"
    s = hexgame([(5, 0, "red", "mountain_infantry"), (6, 1, "blue", "garrison_infantry")], turn_limit=2,
                victory=[(5, 0), (5, 2)], owners={(5, 0): "red"}, victory_block=vb)
    u = uid_of(s, "5,0", "mountain_infantry")
    ev = hexeval.Evaluator(s, "axis")
    assert ev._take_chance(s, "5,2") == hex_config().empty_take   # in supply it walks in
    s.units[u] = replace(s.units[u], oos=1)
    ev = hexeval.Evaluator(s, "axis")
    assert ev._take_chance(s, "5,2") == 0.0
    with config.using(config.current().replace(empty_into=False)):
        assert hexeval.Evaluator(s, "axis")._take_chance(s, "5,2") == hex_config().empty_take
