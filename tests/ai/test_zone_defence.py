"""The standard computer player's defence of its capital and victory cities on zone
maps (game/ai/standard.py)."""
from pathlib import Path

from game.ai import standard
from game.rules.actions import apply
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session

FIX = Path(__file__).parents[1] / "fixtures"
BASTION = str(FIX / "bastion.yaml")


def _at(path, phase, seed=1):
    sc = load_scenario(path)
    st = Session(sc, load_ruleset(sc.ruleset_id), seed).state
    st.phase_idx = st.ruleset.phases.index(phase)
    return st


def _play(st, actions):
    for a in actions:
        st = apply(st, a)  # an illegal action would raise
    return st


def test_a_fighter_stays_to_defend_a_threatened_capital():
    # bastion.yaml: four infantry and a fighter in Redland's capital, four infantry and
    # four tanks next door. The old player flew the fighter to the safe rear (europe_1941
    # seeds 320 and 333: Germany's and the Soviet Union's fighters left their capitals,
    # which fell); the fighter's defence belongs in the capital (seed 000: FIGHTER defends
    # at 4)
    st = _at(BASTION, "noncombat_move")
    fighter = next(u.uid for u in st.units.values() if u.type == "fighter")
    assert standard.air_defence_moves(st, "red") == [(fighter, "a1")]
    after = _play(st, standard._plan_noncombat(st))
    assert after.units[fighter].space == "a1"


def test_a_fighter_flies_home_to_a_threatened_capital():
    # the same fighter in the rear comes back to the capital (the old player left it
    # where no enemy could reach it)
    st = _at(BASTION, "noncombat_move")
    import dataclasses
    fighter = next(u for u in st.units.values() if u.type == "fighter")
    st.units[fighter.uid] = dataclasses.replace(fighter, space="r2")
    after = _play(st, standard._plan_noncombat(st))
    assert after.units[fighter.uid].space == "a1"


def test_no_fighter_for_an_unthreatened_capital():
    st = _at(BASTION, "noncombat_move")
    for u in [u for u in st.units.values() if u.space == "e"]:
        del st.units[u.uid]
    assert standard.air_defence_moves(st, "red") == []


def _add(st, utype, owner, space):
    from game.rules.model import Unit
    uid = st.next_uid
    st.units[uid] = Unit(uid, utype, owner, space)
    st.next_uid += 1
    return uid


def test_troops_across_the_sea_threaten_only_as_far_as_transports_bring_them():
    # bastion.yaml: Xland is two hops from Redland's capital, across Sea One. Tanks there
    # cannot walk over (seed 000: land units cross the sea only aboard TRANSPORTS); the
    # old threat counted all six (europe_1941 seed 928: the British army on its island
    # "threatened" Germany, which kept its fighters home while Poland fell)
    st = _at(BASTION, "noncombat_move")
    for u in [u for u in st.units.values() if u.space == "e"]:
        del st.units[u.uid]
    for _ in range(6):
        _add(st, "armour", "blue", "x")
    assert standard.threat_to(st, "a1", "red") == 0
    _add(st, "transport", "blue", "s1")
    # one transport: two tanks (attack 3 each, +0.5 as every threat counts)
    assert standard.threat_to(st, "a1", "red") == 2 * 3.5
    # and a walk over land still counts in full
    for _ in range(3):
        _add(st, "armour", "blue", "e")
    assert standard.threat_to(st, "a1", "red") == 5 * 3.5
