"""Abilities declare their hooks (issue #42 item 3): the battle engine and the odds ask
`abilities.hooks(unit type, kind)` instead of naming abilities, and one generic
`modifier` (a conditional value change) took over `terrain_bonus` and `round_value`."""
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest

from game.odds import battle_odds
from game.odds.model import TypeInfo
from game.rules.abilities.base import REGISTRY, Ability, AbilityParamError, parse_ability
from game.rules.abilities.hooks import DiceHook, TargetHook, ValueContext, ValueHook, hooks
from game.rules.abilities.values import Modifier
from game.rules.actions import EndPhase, Move, RollDice, SelectBattle, apply, new_game
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.zone import battle as B

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _ruleset_with(unit, *abilities, **values):
    """g40 with `unit` given these abilities (after its own) and printed values."""
    rs = load_ruleset("g40")
    ut = rs.units[unit]
    return replace(rs, units={**rs.units, unit: replace(ut, abilities=ut.abilities + abilities, **values)})


def _game(rs, units, dice=(), spaces=None):
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sps = dict(sc.spaces)
    for sid, kw in (spaces or {}).items():
        sps[sid] = replace(sps[sid], **kw)
    sc = replace(sc, start_units=tuple(units), spaces=sps)
    s = new_game(sc, rs, 1, scripted_dice=tuple(dice))
    s.phase_idx = rs.phases.index("combat_move")
    s.player_idx = [p.id for p in sc.players].index("red")
    return s


def _ids(s, space, owner):
    return tuple(sorted(u.uid for u in s.units.values() if u.space == space and u.owner == owner))


def _attack(s, origin, space):
    s = apply(s, Move(_ids(s, origin, "red"), (space,)))
    s = apply(s, EndPhase())
    return apply(s, SelectBattle(space))


def _values(s, unit="infantry"):
    return [v for t, v, _ in s.zone.battle.rolls[-1].dice if t == unit]


def test_the_old_names_read_as_the_modifier_that_took_them_over():
    # saves and house rules written before the modifier keep loading: seed 000 MOUNTAIN
    # INFANTRY, Ski Troops ("+1 when it attacks into or defends mountain spaces") and seed
    # 002 PARATROOPER ("the attack factor is "3" ... in the first round of combat")
    name, params = parse_ability({"terrain_bonus": {"terrain": ["mountain"], "bonus": 1}})
    assert REGISTRY[name].from_params(params) == Modifier(value="+1", terrain=("mountain",))
    name, params = parse_ability({"round_value": {"value": 3, "only_with": ["paratrooper"], "airborne": True}})
    assert REGISTRY[name].from_params(params) == Modifier(
        value="set 3", on=("attack",), rounds=(1,), when=("airborne",), only_with=("paratrooper",))
    assert "terrain_bonus" not in REGISTRY and "round_value" not in REGISTRY


def test_a_modifier_value_is_an_addition_or_a_replacement():
    assert Modifier.from_params({"value": 1}).value == "+1"        # YAML `value: +1` is the number 1
    assert Modifier.from_params({"value": "-2"}).amount == -2
    m = Modifier.from_params({"value": "set 3"})
    assert m.replaces and m.amount == 3
    for bad in ("set +3", "three", True, "+"):
        with pytest.raises(AbilityParamError):
            Modifier.from_params({"value": bad})


def test_the_engine_finds_value_and_dice_abilities_by_their_hook():
    rs = load_ruleset("g40")
    assert hooks(rs.units["paratrooper"], ValueHook) == tuple(rs.units["paratrooper"].abilities_named("modifier"))
    assert [h.dice() for h in hooks(rs.units["elite_infantry"], DiceHook)] == [2]
    assert hooks(rs.units["infantry"], ValueHook) == ()


def test_a_round_bound_modifier_changes_the_fire_value_of_that_round_only():
    # a house rule: infantry attacks at +1 in the first round (the round_value shape with "+n")
    rs = _ruleset_with("infantry", Modifier(value="+1", on=("attack",), rounds=(1,)))
    s = _game(rs, [("a2", "red", "infantry", 2), ("m", "blue", "armour", 2)], dice=[6] * 8)
    s = _attack(s, "a2", "m")
    s = apply(s, RollDice())
    assert _values(s) == [2, 2]
    s = apply(s, RollDice())     # the defender misses
    s = apply(s, RollDice())     # round two
    assert _values(s) == [1, 1]


def test_a_terrain_modifier_needs_the_terrain_and_skips_landed_units_when_told():
    rs = _ruleset_with("infantry", Modifier(value="+2", on=("attack",), terrain=("mountain",),
                                            not_in=("amphibious",)))
    s = _game(rs, [("a2", "red", "infantry", 1), ("m", "blue", "armour", 1)], dice=[6] * 4,
              spaces={"m": {"terrain": ("mountain",)}})
    s = _attack(s, "a2", "m")
    s = apply(s, RollDice())
    assert _values(s) == [3]
    u = s.units[_ids(s, "m", "red")[0]]
    assert B.unit_value(s, replace(u, amphibious=True), "attack", {}) == 1
    plain = _game(rs, [("a2", "red", "infantry", 1), ("m", "blue", "armour", 1)], dice=[6] * 4)
    plain = _attack(plain, "a2", "m")
    plain = apply(plain, RollDice())
    assert _values(plain) == [1]


@pytest.mark.parametrize("modifier, printed, kw", [
    (Modifier(value="+1", on=("attack",), rounds=(1,)), None, {"rounds": 1}),
    (Modifier(value="set 3", on=("attack",), rounds=(1,)), None, {"rounds": 1}),
    (Modifier(value="+2", on=("attack",), terrain=("mountain",)), None, {"terrain_tags": ["mountain"]}),
    (Modifier(value="+1", on=("attack",), not_in=("amphibious",)), 1, {"amphibious": True}),
])
def test_the_exact_odds_play_a_modifier_as_the_value_it_gives(modifier, printed, kw):
    # the odds agree with the engine: a modifier in force is the printed value it gives
    rs = _ruleset_with("infantry", modifier)
    given = {"+1": 2, "set 3": 3, "+2": 3}[modifier.value] if printed is None else printed
    same = _ruleset_with("infantry", attack=given)
    att, dfn = [("infantry", 3)], [("infantry", 2), ("armour", 1)]
    got = battle_odds(rs, att, dfn, **kw)
    want = battle_odds(same, att, dfn, **kw)
    assert got.method == "exact" and want.method == "exact"
    assert got.attacker_wins == pytest.approx(want.attacker_wins, abs=1e-12)
    assert got.defender_wins == pytest.approx(want.defender_wins, abs=1e-12)


def test_the_exact_odds_of_a_modifier_agree_with_the_battle_engine():
    # method "sim" fights the battles with the rules core (game/rules/zone/battle)
    rs = _ruleset_with("infantry", Modifier(value="set 3", on=("attack",), rounds=(1,)))
    att, dfn = [("infantry", 3)], [("infantry", 3)]
    ex = battle_odds(rs, att, dfn)
    sim = battle_odds(rs, att, dfn, method="sim", trials=1500, seed=7)
    assert ex.method == "exact"
    assert abs(ex.attacker_wins - sim.attacker_wins) < 0.05


# --- a new ability is one class: the engine and the odds find it by its hook ------------
@dataclass(frozen=True)
class Veteran(Ability, ValueHook):
    """A house rule: +1 defending (not registered: a test's own ability)."""
    name: ClassVar[str] = "veteran"
    odds: ClassVar[str] = "exact"

    def applies(self, ctx: ValueContext) -> bool:
        return ctx.role == "defense"

    def modify(self, ctx: ValueContext, value: int) -> int:
        return value + 1


@dataclass(frozen=True)
class NoGroundTargets(Ability, TargetHook):
    """A house rule: its hits never go to land units."""
    name: ClassVar[str] = "no_ground_targets"
    odds: ClassVar[str] = "exact"

    def barred_domains(self) -> tuple[str, ...]:
        return ("land",)


def test_a_new_value_ability_is_played_by_the_engine_and_the_odds_alike():
    rs = _ruleset_with("infantry", Veteran())
    s = _game(rs, [("a2", "red", "armour", 1), ("m", "blue", "infantry", 2)], dice=[6, 6, 6])
    s = _attack(s, "a2", "m")
    s = apply(s, RollDice())      # the attacker misses
    s = apply(s, RollDice())
    assert _values(s) == [3, 3]
    same = _ruleset_with("infantry", defense=3)
    att, dfn = [("armour", 2)], [("infantry", 3)]
    assert battle_odds(rs, att, dfn).attacker_wins == pytest.approx(
        battle_odds(same, att, dfn).attacker_wins, abs=1e-12)


def test_a_new_target_ability_is_played_by_the_engine_and_the_odds_alike():
    rs = _ruleset_with("fighter", NoGroundTargets())
    assert TypeInfo.of(rs.units["fighter"], rs).cannot_hit == ("land",)
    s = _game(rs, [("a2", "red", "fighter", 1), ("m", "blue", "infantry", 1)])
    fighter = [u for u in s.units.values() if u.type == "fighter"]
    infantry = [u for u in s.units.values() if u.type == "infantry"]
    assert not B.can_hurt(s, fighter, infantry, "attack")
    assert battle_odds(rs, [("fighter", 2)], [("infantry", 1)]).attacker_wins == 0
