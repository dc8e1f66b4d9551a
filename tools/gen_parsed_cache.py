"""Write scenarios/parsed/: the parsed-YAML cache entries of the shipped content (issue #45).

A fresh install's first start would parse every shipped scenario and ruleset with PyYAML
(the Global 1940 map alone takes seconds); these entries, in the wheel beside the files
they are parsed from, make it a JSON read (game/rules/yamlcache.py). Each is named by the
hash of its text, so an edited file is simply parsed again until this is rerun;
tests/rules/test_yaml_cache.py checks they are fresh.

Usage: python tools/gen_parsed_cache.py    (after changing a shipped scenario or ruleset)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "scenarios"
OUT = CONTENT / "parsed"


def shipped_texts() -> list[Path]:
    """The shipped YAML files the cache keeps (scenarios, rulesets, variants of
    yamlcache.MIN_BYTES or more)."""
    from game.rules import yamlcache
    files = [p for sub in ("", "rulesets", "variants") for p in sorted((CONTENT / sub).glob("*.yaml"))]
    return [p for p in files if len(p.read_text(encoding="utf-8")) >= yamlcache.MIN_BYTES]


def render() -> dict[str, str]:
    """Entry file name -> its text, for every shipped file the cache keeps (each parsed
    by PyYAML here, never read from a cache)."""
    from game.rules import yamlcache
    from game.rules.yamlloc import load_yaml
    was = os.environ.get("WARBOARD_CACHE")
    os.environ["WARBOARD_CACHE"] = "off"
    try:
        out = {}
        for p in shipped_texts():
            text = p.read_text(encoding="utf-8")
            name = yamlcache.entry_name(text)
            out[name] = yamlcache.encoded(load_yaml(text, str(p)), name)
        return out
    finally:
        if was is None:
            del os.environ["WARBOARD_CACHE"]
        else:
            os.environ["WARBOARD_CACHE"] = was


def main() -> int:
    entries = render()
    OUT.mkdir(exist_ok=True)
    for stale in OUT.glob("*.json"):
        if stale.name not in entries:
            stale.unlink()
    for name, text in entries.items():
        path = OUT / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    print(f"{len(entries)} entries in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
