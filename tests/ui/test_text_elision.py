"""QA: text cut to fit a box is measured in the font it is drawn in.

A name elided at the regular weight but drawn bold is wider than its box: in the
purchase window of sarn_gulf_2031 "Light Armored Veh…" ran into the next card."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.ui import theme

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def _bold(call: ast.Call) -> bool:
    for k in call.keywords:
        if k.arg == "bold":
            return not (isinstance(k.value, ast.Constant) and k.value.value is False)
    return len(call.args) > 5 and isinstance(call.args[5], ast.Constant) and call.args[5].value is True


def test_bold_text_is_elided_at_bold_weight():
    wrong = []
    for path in sorted(UI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "text"
                    and len(node.args) > 1 and _bold(node)):
                continue
            for sub in ast.walk(node.args[1]):
                if (isinstance(sub, ast.Call) and getattr(sub.func, "attr", "") == "elide"
                        and not any(k.arg == "bold" for k in sub.keywords) and len(sub.args) < 4):
                    wrong.append(f"{path.name}:{sub.lineno}")
    assert not wrong, f"bold text elided at the regular weight: {wrong}"


def test_long_unit_name_fits_its_purchase_card():
    pygame.font.init()
    name = theme.elide("Light Armored Vehicle", 180, 22, bold=True)
    assert name.endswith("…")
    assert theme.text_width(name, 22, True) <= 180
