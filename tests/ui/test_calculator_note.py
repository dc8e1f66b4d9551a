"""The battle calculator says in words why it simulated a battle: the units whose
abilities the faster methods leave out, by name (seed 000: AIRSHIP, ANTI-TANK GUN
abilities), not ability ids; the raw note stays in the tooltip."""
from __future__ import annotations

from game.rules.ruleset import load_ruleset
from game.ui.calculator import method_note


def test_note_names_units_not_ability_ids():
    rs = load_ruleset("interwar")
    raw = ("exact method does not model transport_aircraft: air_transport, airship: bombard; "
           "Monte Carlo does not model paratrooper: airdroppable")
    text = method_note(rs, "sim", raw)
    assert text.startswith("Simulated battle by battle")
    assert "Transport Aircraft" in text and "Airship" in text and "Paratrooper" in text
    assert ":" not in text.split(":", 1)[1]          # no 'unit: ability' pairs left
    assert "air_transport" not in text


def test_note_without_units():
    assert method_note(load_ruleset("interwar"), "mc", "exact method not applicable: too big") == \
        "Monte Carlo with the battle rules."
