"""The side panel's planned-attack chips read '36%±5', not '36%±±5' (a sampled result's
interval was printed with its sign twice)."""
from __future__ import annotations

from game.ui import odds_view, panel, screenshot


def test_planned_attack_chip_has_one_plus_minus(monkeypatch):
    drawn: list[str] = []
    real = panel.theme.text

    def spy(surface, s, *a, **k):
        drawn.append(s)
        return real(surface, s, *a, **k)
    monkeypatch.setattr(panel.theme, "text", spy)
    # every result reads as sampled: the exact odds now cover these attacks, and the chip
    # must still print a sampled result's interval with one sign
    monkeypatch.setattr(odds_view, "margin", lambda r, field="attacker_wins": 0.05)
    screenshot.render("scenarios/mediterranean_1940.yaml", "attack", (1600, 900))
    chips = [s for s in drawn if "%" in s and "±" in s]
    assert chips, drawn[:30]
    assert not any("±±" in s for s in drawn), chips

