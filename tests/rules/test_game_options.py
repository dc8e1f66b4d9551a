"""Game options (issue #41, "Supplied rules become game options"): the rules the seeds name
but never define are the players' choice, recorded in the save, switchable in a variant."""
import pytest

from game.rules.errors import LoadError
from game.rules.options import off_summary, with_options
from game.rules.ruleset import Checker, load_ruleset, parse_ruleset
from game.rules.variant import load_variant_file
from game.rules.yamlloc import load_yaml

# seed 000 names these and never defines them: G1 Rule of Three, G2 Home Guard, G3 tracks,
# G4 supply, G53 fleet air defence, G46 neutral ports
SUPPLIED = ["rule_of_three", "home_guard", "supply", "tracks", "fleet_air_defense", "neutral_ports"]


def test_interwar_lists_its_supplied_rules_as_options_all_on():
    rs = load_ruleset("interwar")
    assert [o.id for o in rs.options] == SUPPLIED
    assert all(o.explain for o in rs.options) and not rs.options_off
    assert rs.rule_of_three and rs.home_guard and rs.supply and rs.tracks


def test_an_option_off_drops_its_rule_or_its_ability_from_every_unit():
    rs = load_ruleset("interwar")
    assert rs.types_with("fleet_air_defense")
    off = with_options(rs, ["supply", "rule_of_three", "fleet_air_defense"])
    assert off.supply is None and off.rule_of_three is None and off.home_guard is not None
    assert not off.types_with("fleet_air_defense")
    assert all(ut.has("stealthy") == rs.units[u].has("stealthy") for u, ut in off.units.items())
    assert off.options_off == {"supply", "rule_of_three", "fleet_air_defense"}
    assert off.sha256 != rs.sha256
    assert with_options(rs, ["fleet_air_defense", "supply", "rule_of_three"]) is off  # cached
    assert with_options(rs, []) is rs
    assert off_summary(off) == "without Rule of Three, Supply lines, Fleet air defence"


def test_an_unknown_option_is_refused_naming_the_known_ones():
    with pytest.raises(LoadError, match="no game option 'suply'.*supply"):
        with_options(load_ruleset("interwar"), ["suply"])


def test_a_variant_switches_options_off(tmp_path):
    p = tmp_path / "no_supply.yaml"
    p.write_text("extends: interwar\noptions: {supply: off, tracks: on}\n", encoding="utf-8")
    rs, _ = load_variant_file(p)
    assert rs.options_off == {"supply"} and rs.supply is None and rs.tracks is not None


def test_a_variant_naming_an_unknown_option_gets_file_line_and_field(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("extends: interwar\noptions:\n  suply: off\n", encoding="utf-8")
    with pytest.raises(LoadError) as exc:
        load_variant_file(p)
    (d,) = [d for d in exc.value.diagnostics if d.severity == "error"]
    assert d.line == 3 and "no game option 'suply'" in d.message and "supply" in d.message


def test_a_variant_that_drops_a_rule_shows_that_option_off():
    from game.rules.variant import load_variant
    rs = load_variant("scenarios/variants/interwar_no_supply.yaml")
    assert {"supply", "tracks"} <= rs.options_off


def test_a_malformed_option_is_a_lint_error_with_its_line():
    text = ("format: warboard-ruleset/1\nid: t\ndice: 6\nunits:\n"
            "  inf: {domain: land, cost: 3, attack: 1, defense: 2, move: 1}\n"
            "options:\n  - {id: x, explain: y, rules: [supplies]}\n")
    chk = Checker("<t>")
    parse_ruleset(load_yaml(text, "<t>"), "<t>", chk)
    (d,) = [d for d in chk.diags if d.severity == "error"]
    assert d.line == 7 and "'supplies' is not a rule an option can switch off" in d.message


def test_without_supply_a_cut_off_unit_fights_at_full_value():
    # seed 000 G4 (supply lines named, never defined): the players may play without them
    from test_interwar_systems import mini, of

    from game.rules.zone import battle
    rs = with_options(load_ruleset("interwar"), ["supply"])
    s = mini([("m", "blue", "infantry", 1)], owners={"b2": "red"}, rs=rs)
    inf = of(s, "blue", "infantry")[0]
    assert inf.oos == 0 and battle.unit_value(s, inf, "defense", {}) == s.utype(inf).defense
    s = mini([("m", "blue", "infantry", 1)], owners={"b2": "red"})     # with supply: -1
    inf = of(s, "blue", "infantry")[0]
    assert battle.unit_value(s, inf, "defense", {}) == s.utype(inf).defense - 1


def test_without_fleet_air_defence_a_carrierless_fleet_defends_at_full_value(monkeypatch):
    # seed 000 L721-725, G53: the carrierless fleet's penalty is a supplied rule
    import test_interwar_fleet_air as fa
    assert fa.def_values(fa.sea_battle([("fighter", 1)], [("destroyer", 1)])) == [("destroyer", 2)]
    off = with_options(load_ruleset("interwar"), ["fleet_air_defense"])
    monkeypatch.setattr(fa, "load_ruleset", lambda rid: off)
    s = fa.sea_battle([("fighter", 1)], [("destroyer", 1)])
    assert fa.def_values(s) == [("destroyer", s.ruleset.units["destroyer"].defense)]
