"""Abilities declare what the odds calculator makes of them (issue #42 item 3): the odds
model's sets come from the registry, and an ability that declares nothing goes to "sim"."""
from dataclasses import dataclass, replace
from typing import ClassVar

from game.odds import model
from game.rules.abilities.base import REGISTRY, Ability
from game.rules.ruleset import load_ruleset

KINDS = {"exact_mc", "exact", "none", "sim"}


def test_every_ability_declares_a_known_kind():
    assert {cls.odds for cls in REGISTRY.values()} <= KINDS
    assert model.MC_ABILITIES <= model.EXACT_ABILITIES
    assert not model.EXACT_ABILITIES & model.NO_BATTLE_EFFECT
    assert model.AIR_DEFENSE_ABILITIES == {"fleet_air_defense", "gun_director"}


def test_the_sets_are_the_declarations():
    for name, cls in REGISTRY.items():
        assert (name in model.EXACT_ABILITIES) == (cls.odds in ("exact", "exact_mc")), name
        assert (name in model.MC_ABILITIES) == (cls.odds == "exact_mc"), name
        assert (name in model.NO_BATTLE_EFFECT) == (cls.odds == "none"), name


def test_an_ability_that_declares_nothing_is_left_to_the_battle_code():
    @dataclass(frozen=True)
    class Toy(Ability):   # not registered: a house rule's new ability, as the odds see it
        name: ClassVar[str] = "toy_rule"
    assert Toy.odds == "sim"
    ut = load_ruleset("g40").units["infantry"]
    toy = replace(ut, abilities=ut.abilities + (Toy(),))
    assert model.unmodelled(toy, "exact") == ["infantry: toy_rule"]
    assert model.unmodelled(ut, "exact") == []
