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
