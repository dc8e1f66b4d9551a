"""The rules core never imports pygame."""
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).parents[1] / "game" / "rules"


def test_rules_sources_do_not_mention_pygame():
    for f in RULES.rglob("*.py"):  # battle/ and its steps/ too
        text = f.read_text()
        assert "import pygame" not in text and "from pygame" not in text, f


def test_importing_the_rules_core_loads_no_pygame():
    code = ("import sys, pkgutil, importlib, game.rules as r\n"
            "for m in pkgutil.iter_modules(r.__path__): importlib.import_module('game.rules.' + m.name)\n"
            "import game.ai, game.io.saves, game.selfplay\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


GAME = Path(__file__).parents[1] / "game"


def _imported_modules(path: Path, package: str) -> set[str]:
    """Absolute names of the game modules `path` imports (module level and in functions)."""
    import ast
    tree = ast.parse(path.read_text())
    parts = package.split(".")
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = parts[:len(parts) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.startswith("game.")}


def test_a_rule_family_never_imports_the_other_family():
    # issue #42: the zone and hex families share the core, never each other's modules
    for layer in ("rules", "ai", "ui"):
        for family, other in (("zone", "hex"), ("hex", "zone")):
            folder = GAME / layer / family
            for f in folder.rglob("*.py"):
                package = ".".join(("game", layer) + f.relative_to(GAME / layer).parent.parts)
                bad = {m for m in _imported_modules(f, package)
                       if m.startswith(f"game.{layer}.{other}") or m.startswith(f"game.rules.{other}")}
                assert not bad, f"{f.relative_to(GAME)} imports {sorted(bad)}"
