"""The generated rules pages are up to date (run `python tools/gen_rules_doc.py` after
changing a ruleset, an ability or a seed citation)."""
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import gen_rules_doc  # noqa: E402
import gen_rules_index  # noqa: E402

index = lru_cache(maxsize=1)(gen_rules_index.render)
RULESETS = [p.stem for p in sorted((ROOT / "scenarios" / "rulesets").glob("*.yaml"))]


@pytest.mark.parametrize("rid", RULESETS)
def test_ruleset_page_is_fresh(rid):
    assert (ROOT / "docs" / "rules" / f"{rid}.md").read_text() == gen_rules_doc.render(rid), \
        "docs/rules is stale: run python tools/gen_rules_doc.py"


def test_rule_index_is_fresh():
    assert (ROOT / "docs" / "rules" / "index.md").read_text() == index(), \
        "docs/rules/index.md is stale: run python tools/gen_rules_doc.py"


def test_rule_index_finds_a_seed_rule_in_one_hop():
    # seed 003: 15.F.5 and seed 000's TRANSPORT AIRCRAFT each have a row naming code and tests
    text = index()
    row = next(line for line in text.splitlines() if line.startswith("| 15.F.5 |"))
    assert "tests/" in row
    row = next(line for line in text.splitlines() if line.startswith("| Transport Aircraft |"))
    assert "game/" in row and "tests/" in row and "air_transport" in row
