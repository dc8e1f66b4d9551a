"""`python -m game odds --help` documents every request field a user may type; a
space's terrain typed as "terrain" is pointed to "terrain_tags" (seed 000 MOUNTAIN
INFANTRY, Ski Troops: "+1 when it attacks into or defends mountain spaces")."""
import pytest

from game.cli import main
from game.odds.api import REQUEST_FIELDS, OddsError, compute


def test_help_lists_every_request_field(capsys):
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    out = capsys.readouterr().out
    for field in REQUEST_FIELDS:
        assert f"\n  {field}" in out or f", {field}" in out, field


def test_terrain_typed_as_mountain_points_to_terrain_tags():
    req = {"ruleset": "interwar", "attacker": [["mountain_infantry", 2]],
           "defender": [["infantry", 2]], "terrain": "mountain"}
    with pytest.raises(OddsError, match="terrain_tags"):
        compute(req)


def test_ski_troops_through_terrain_tags_are_exact():
    # seed 000: MOUNTAIN INFANTRY "Ski Troops: This unit's attack and defense values are
    # increased by 1 when it attacks into or defends mountain spaces."
    req = {"ruleset": "interwar", "attacker": [["mountain_infantry", 2]], "defender": [["infantry", 2]]}
    flat = compute(req)
    hills = compute({**req, "terrain_tags": ["mountain"]})
    assert flat["method"] == hills["method"] == "exact"
    assert hills["attacker_wins"] > flat["attacker_wins"] + 0.05


def test_a_unit_of_another_ruleset_names_that_ruleset():
    # the request's ruleset defaults to g40: interwar units there point to "interwar"
    req = {"attacker": [["heavy_infantry", 2]], "defender": [["infantry", 2]]}
    with pytest.raises(OddsError, match="'heavy_infantry' is a unit of ruleset 'interwar'"):
        compute(req)
    with pytest.raises(OddsError, match=r"did you mean 'armour'\?.*ruleset 'interwar'"):
        compute({**req, "attacker": [["armor", 1]]})
