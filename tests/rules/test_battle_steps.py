"""Battle steps as classes (#42 item 2): the registry walks the seed/A&A order, every
step has a unique name and a title, and a new step is one new class registered where
the rules say it happens, with no other file touched."""
from contextlib import contextmanager

import pytest

from game.rules.actions import EndPhase, Move, RollDice, SelectBattle, apply, default_casualties
from game.rules.zone import battle as B
from game.rules.zone.battle import steps

SEED_ORDER = ("aa", "bombard", "intercept", "att_first_strike", "def_first_strike", "fs_remove",
              "att_fire", "def_fire", "remove")
# a bombing raid (g40, #46) walks its own steps, after the round's (saves keep the indices
# of the round's steps)
RAID_ORDER = ("raid_intercept", "raid_air_attack", "raid_air_defense", "raid_air_remove", "raid_aa",
              "raid_damage", "raid_end")
# G40 kamikaze strikes (#46): a battle where they may come starts there, then goes to "aa";
# a sea battle aircraft may scramble into (g40, #46 item 3) opens at its own step, then goes
# to the kamikaze strikes or the round's first step
ALL_ORDER = SEED_ORDER + RAID_ORDER + ("kamikaze", "scramble")


def ids(state, space, owner):
    return tuple(sorted(u.uid for u in state.units.values() if u.space == space and u.owner == owner))


def log(state):
    return state.log()  # oldest first


@contextmanager
def registered(step, **where):
    steps.register(step, **where)
    try:
        yield step
    finally:
        steps.unregister(step.name)


def test_the_registry_walks_the_seed_order():
    # AA fire, shore bombardment, interception (round one), first strikes, their
    # removal, attacker fire, defender fire, removal: Battle.step indexes this order,
    # so saves and snapshots depend on it
    assert B.step_names() == ALL_ORDER
    assert B.ROUND_STEPS == ALL_ORDER
    assert [B.step_index(n) for n in ALL_ORDER] == list(range(len(ALL_ORDER)))
    assert [s.name for s in steps.STEPS if s.first_round_only] == ["aa", "bombard", "intercept", "kamikaze",
                                                                    "scramble"]


def test_every_step_has_a_unique_name_a_title_and_its_own_module():
    names = [s.name for s in steps.STEPS]
    assert len(set(names)) == len(names)
    for s in steps.STEPS:
        assert isinstance(s, B.Step) and s.name and s.title, s
        assert type(s).__module__ == f"game.rules.zone.battle.steps.{s.name}"
        assert B.step_by_name(s.name) is s
        assert B.step_title(s.name) == s.title == B.STEP_NAMES[s.name]
    # fire steps roll, the others run
    assert [s.name for s in steps.STEPS if not isinstance(s, B.FireStep)] == ["fs_remove", "remove",
                                                                              "raid_air_remove", "raid_end",
                                                                              "kamikaze", "scramble"]
    assert B.step_name("att_fire", True) == "fire" and B.step_name("aa", True) == "anti-aircraft fire"


def test_a_name_is_registered_once():
    with pytest.raises(ValueError):
        steps.register(type("Again", (B.FireStep,), {"name": "aa", "title": "again"})())
    assert B.step_names() == ALL_ORDER


class Toll(B.Step):
    """A toy step without dice: it logs the round at its place."""
    name = "toll"
    title = "tolls the bell"
    verb = True

    def run(self, state, b):
        state.add_log(f"  toll: round {b.round}")
        return super().run(state, b)


def test_a_new_step_runs_at_its_place_each_round(mini):
    s = mini([("a2", "red", "infantry", 1), ("m", "blue", "infantry", 1)], dice=[6, 6, 6, 6])
    with registered(Toll(), after="def_fire"):
        at = B.step_index("def_fire")
        assert B.step_names()[at:at + 3] == ("def_fire", "toll", "remove")
        s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
        s = apply(s, EndPhase())
        s = apply(s, SelectBattle("m"))
        s = apply(s, RollDice())   # attacker fires: 6, a miss
        assert not any("toll" in line for line in log(s))
        s = apply(s, RollDice())   # defender fires: 6, a miss; the toll, then the round ends
        lines = log(s)
        fired = max(i for i, line in enumerate(lines) if " fires: " in line)
        assert [line for line in lines if "toll" in line] == ["  toll: round 1"]
        assert lines.index("  toll: round 1") > fired
        assert s.zone.battle.awaiting == "continue" and s.zone.battle.round == 2
        s = apply(s, RollDice())
        s = apply(s, RollDice())
        assert [line for line in log(s) if "toll" in line] == ["  toll: round 1", "  toll: round 2"]
    assert B.step_names() == ALL_ORDER


class Flak(B.FireStep):
    """A toy fire step before the battle (round one): every defending infantry fires at 1."""
    name = "flak"
    title = "flak"
    first_round_only = True
    unit_specials = False

    def shooters(self, state, b):
        return "defender", [(u, 1) for u in B.alive(state, B.defenders(state, b))
                            if u.type == "infantry"], True


def test_a_new_fire_step_rolls_first_and_only_in_round_one(mini):
    s = mini([("a2", "red", "infantry", 2), ("m", "blue", "infantry", 1)], dice=[1, 6, 6, 6, 6, 6, 6])
    with registered(Flak(), before="aa"):
        s = apply(s, Move(ids(s, "a2", "red"), ("m",)))
        s = apply(s, EndPhase())
        s = apply(s, SelectBattle("m"))
        s = apply(s, RollDice())
        roll = s.zone.battle.rolls[-1]
        assert (roll.step, roll.side, roll.hits) == ("flak", "defender", 1)
        assert any(" flak: 1 -> 1 hit" in line for line in log(s))
        s = apply(s, default_casualties(s))
        assert len(B.alive(s, B.attackers(s, s.zone.battle))) == 1   # removed at once
        s = apply(s, RollDice())   # attacker fires
        s = apply(s, RollDice())   # defender fires
        assert s.zone.battle.round == 2
        s = apply(s, RollDice())
        assert s.zone.battle.rolls[-1].step == "att_fire"   # no flak in round two
    assert B.step_names() == ALL_ORDER

