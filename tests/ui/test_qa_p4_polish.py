"""QA P4 polish: air units never get a ship symbol (interwar Transport Aircraft)."""
from __future__ import annotations

import pygame

from game.rules.ruleset import load_ruleset
from game.ui.counters import _AIR_KINDS, counter_surface, symbol_kind


def test_every_air_unit_has_an_aircraft_symbol():
    rs = load_ruleset("interwar")
    air = [u for u in rs.units.values() if u.domain == "air"]
    assert any(u.id == "transport_aircraft" for u in air)
    for u in air:
        assert symbol_kind(u.id, "air") in _AIR_KINDS, u.id
    assert symbol_kind("transport", "sea") == "transport"


def test_transport_aircraft_counter_shot():
    pygame.font.init()
    surf = pygame.Surface((140, 70))
    surf.blit(counter_surface("transport_aircraft", "air", (90, 110, 60), 64), (2, 2))
    surf.blit(counter_surface("transport", "sea", (90, 110, 60), 64), (72, 2))
    from uikit import SHOTS
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(SHOTS / "transport_aircraft_counter.png"))
