"""The interwar ruleset against the words of seed 000 ("7.0 Unit Profiles").

The seed text itself is parsed (tools/interwar_audit.py): every printed cost, attack,
defense, move, hit count and damaged value, every Unit Characteristics entry mapped to
its abilities, and the numbers some entries print in their words."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from game.rules.ruleset import load_ruleset

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import interwar_audit as audit  # noqa: E402

try:
    PROFILES = audit.parse_seed()
except FileNotFoundError:   # the seed texts live beside the repository
    PROFILES = []
RS = load_ruleset("interwar")
needs_seed = pytest.mark.skipif(not PROFILES, reason="seed 000 text not found")


def _entry_text(prof: audit.Profile, entry: str) -> str:
    lines = audit.seed_path().read_text(encoding="utf-8").splitlines()
    line = dict(prof.entries)[entry]
    return lines[line - 1]


@needs_seed
def test_seed_has_49_profiles_all_in_the_ruleset():
    # seed 000: "7.0 UNIT PROFILES" - 49 profiles (Commanders is an empty heading)
    assert len(PROFILES) == 49
    assert sorted(p.unit for p in PROFILES) == sorted(RS.units)


@needs_seed
@pytest.mark.parametrize("unit", [p.unit for p in PROFILES] or ["none"])
def test_numbers_match_the_seed(unit):
    # seed 000: each profile's Cost / Attack / Defense / Move, "requires N hits",
    # "(N, if damaged)"; fighter "6/2" read as against air / against ground (G39)
    prof = next(p for p in PROFILES if p.unit == unit)
    assert audit.compare([prof], RS)[unit] == []


@needs_seed
def test_every_entry_maps_to_an_ability():
    # seed 000: every "Unit Characteristics" entry is carried by an ability (on the
    # recipient for a supporter's text; docs/seeds/000-extraction.md)
    assert audit.missing_abilities(PROFILES, RS) == []


@needs_seed
def test_every_entry_has_a_test_of_the_rule_not_only_of_the_data():
    # seed 000: each "Unit Characteristics" entry is cited by a test that plays the rule
    # (a battle, a move, a purchase), not only by the checks of the ruleset's numbers/words
    tests = audit.find_tests(PROFILES)
    assert [k for k, ts in tests.items() if not ts] == []
    assert audit.data_only(tests) == []


WORD_CASES = [(p.unit, e) for p in PROFILES for e, _ in p.entries if e in audit.WORD_CHECKED]


@needs_seed
@pytest.mark.parametrize("unit,entry", WORD_CASES or [("none", "none")])
def test_entry_matches_seed_words(unit, entry):
    # seed 000: Offshore/Shore Bombardment "They hit at a N or less"; Capital Ship
    # "require N hits"; Not a Capital Ship "requires only 1 hit"; Air Defense "defends
    # only against attack aircraft"; Submersible "may not hit aircraft"; Limited Cargo
    # "can carry 1 friendly infantry unit"; "may only be built by a Major Factory in a
    # coastal territory containing an operative friendly naval base"
    prof = next(p for p in PROFILES if p.unit == unit)
    text = _entry_text(prof, entry)
    ut = RS.units[unit]
    if entry in ("Offshore Bombardment", "Shore Bombardment"):
        m = re.search(r"hits? (?:at|on) a (\d+) or less", text)
        assert m and ut.ability("bombard").value == int(m.group(1))
    elif entry == "Capital Ship":
        m = re.search(r"require (\d+) hits", text)
        assert m and ut.hits == int(m.group(1)) and ut.has("capital_ship")
    elif entry == "Not a Capital Ship":
        assert "only 1 hit" in text and ut.hits == 1 and not ut.has("capital_ship")
    elif entry == "Air Defense":
        assert "defends only against" in text
        assert ut.ability("defends_only_against").domains == ("air",)
    elif entry == "Submersible":
        assert "may not hit aircraft" in text and "air" in ut.ability("cannot_hit").domains
    elif entry == "Limited Cargo":
        assert "carry 1 friendly infantry" in text
        tr = ut.ability("transport")
        assert tr.units == ("infantry_type",)
        assert tr.capacity // RS.units["infantry"].transport_cost == 1
    elif entry == "This unit may only be built":
        assert "Major Factory" in text and "naval base" in text
        pa = ut.ability("placed_at")
        assert pa.facilities == ("major_industrial_complex",) and pa.coastal
        assert pa.naval_base == "operative"
    else:  # pragma: no cover
        pytest.fail(f"no check for {entry}")
