"""Home Guard/Territorials (seed 000 L135, L187, L361-363, G2): the seed cites the rule
("By blitzing, the cavalry and any accompanying units trigger the Home
Guard/Territorials rule (see: §7.0) and must establish control of the first territory
before it moves to the next") but never prints it; interwar supplies one
(docs/interpretations.md#home-guard-g2, `home_guard:` in interwar.yaml)."""
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules.actions import EndPhase, Move, apply, new_game
from game.rules.errors import LoadError
from game.rules.model import HomeGuard
from game.rules.ruleset import load_ruleset, load_ruleset_file, load_scenario_file

FIXTURES = Path(__file__).parents[1] / "fixtures"
RULESET = Path(__file__).parents[2] / "scenarios" / "rulesets" / "interwar.yaml"


def hg_state(units, home=("m",), home_guard="default"):
    """The mini map (interwar), red to combat-move; `home` spaces are home territories."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    spaces = {k: (replace(v, home=True) if k in home else v) for k, v in sc.spaces.items()}
    sc = replace(sc, start_units=tuple(units), spaces=spaces, ruleset_id="interwar")
    rs = load_ruleset("interwar")
    if home_guard != "default":
        rs = replace(rs, home_guard=home_guard)
    s = new_game(sc, rs, 1)
    s.phase_idx = s.ruleset.phases.index("combat_move")
    s.player_idx = [p.id for p in sc.players].index("red")
    return s


def ids(s, owner, utype):
    return tuple(sorted(u.uid for u in s.units.values() if u.owner == owner and u.type == utype))


def test_interwar_defines_home_guard_g2():
    # seed 000 L135: the rule is cited, so the ruleset supplies it (on by default)
    assert load_ruleset("interwar").home_guard == HomeGuard(unit="auxiliary", count=1, per_turn=1)


def test_blitz_through_home_territory_raises_guard_and_stops():
    # seed 000 L135 (CAVALRY, Blitz): blitzing triggers the Home Guard and the cavalry
    # "must establish control of the first territory before it moves to the next"
    s = hg_state([("a2", "red", "cavalry", 1)])
    cav = ids(s, "red", "cavalry")
    s = apply(s, Move(cav, ("m", "b2")))
    guard = ids(s, "blue", "auxiliary")
    assert len(guard) == 1 and s.units[guard[0]].space == "m"
    assert s.units[cav[0]].space == "m" and s.units[cav[0]].in_combat
    assert s.owners["m"] == "blue" and s.owners["b2"] == "blue"   # nothing taken on the way
    s = apply(s, EndPhase())
    assert s.phase == "conduct_combat" and "m" in s.zone.battles   # the guard must be fought


def test_accompanying_units_stop_with_the_blitzer():
    # seed 000 L361-363 (ARMOR): "the tank and any accompanying units trigger" the rule;
    # motorized infantry blitzing with it (blitz_with) stops with it
    s = hg_state([("a2", "red", "armor", 1), ("a2", "red", "motorized_infantry", 1)])
    grp = ids(s, "red", "armor") + ids(s, "red", "motorized_infantry")
    s = apply(s, Move(grp, ("m", "b2")))
    assert {s.units[u].space for u in grp} == {"m"}


def test_non_home_territory_is_blitzed_freely():
    # seed 000 L187 (ARMORED CAR): the guard rises in home territories only (G2 reading)
    s = hg_state([("a2", "red", "armored_car", 1)], home=())
    car = ids(s, "red", "armored_car")
    s = apply(s, Move(car, ("m", "b2")))
    assert s.units[car[0]].space == "b2" and s.owners["m"] == "red"
    assert not ids(s, "blue", "auxiliary")


def test_one_raising_per_defending_power_a_turn():
    # G2 reading: per_turn 1 -- a second blitz the same turn goes through
    s = hg_state([("a2", "red", "cavalry", 2)])
    c1, c2 = ids(s, "red", "cavalry")
    s = apply(s, Move((c1,), ("m", "b2")))
    assert len(ids(s, "blue", "auxiliary")) == 1
    s.units = {k: v for k, v in s.units.items() if not (v.owner == "blue" and v.type == "auxiliary")}
    s = apply(s, Move((c2,), ("m", "b2")))
    assert s.units[c2].space == "b2" and len(ids(s, "blue", "auxiliary")) == 0


def test_lost_home_territory_raises_no_guard():
    # G2 reading: only the original power still holding its home territory raises a guard
    s = hg_state([("a2", "red", "cavalry", 1)])
    s.owners["m"] = "green"
    cav = ids(s, "red", "cavalry")
    s = apply(s, Move(cav, ("m", "b2")))
    assert s.units[cav[0]].space == "b2"


def test_home_guard_off_blitzes_through():
    # without the block the blitz takes the empty territory and goes on (L135 alone)
    s = hg_state([("a2", "red", "cavalry", 1)], home_guard=None)
    cav = ids(s, "red", "cavalry")
    s = apply(s, Move(cav, ("m", "b2")))
    assert s.units[cav[0]].space == "b2" and s.owners["m"] == "red"


def test_bad_home_guard_unit_is_a_load_error(tmp_path):
    text = RULESET.read_text().replace("home_guard: {unit: auxiliary,", "home_guard: {unit: auxilary,")
    p = tmp_path / "iw.yaml"
    p.write_text(text)
    with pytest.raises(LoadError, match="home_guard.unit: unknown unit 'auxilary'"):
        load_ruleset_file(p)
