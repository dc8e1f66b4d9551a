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


def test_names_stay_inside_the_map_when_zoomed_out():
    from game.rules.ruleset import load_scenario
    from game.ui.maprender import MapRenderer
    pygame.font.init()
    r = MapRenderer(load_scenario("world_war_ii_v3_1941"))
    ww = r.world_size[0]
    for scale in (0.12, 0.17):
        for sid in r.scenario.spaces:
            x0, _, x1, _ = r._label_box(sid, scale)
            assert x0 >= 0 and x1 <= ww, (sid, scale, x0, x1)   # "astern Canada"


def test_counters_close_to_the_sea_colour_get_a_light_edge():
    from game.ui import theme
    from game.ui.counters import outline
    italians = theme.color("#394d86")
    edge, width = outline(italians, 24)
    assert width == 2 and theme.luminance(edge) > theme.luminance(italians) + 60
    red = theme.color("#c03a3a")
    assert outline(red, 24)[1] == 1


def test_battle_screenshot_waits_for_the_odds():
    from game.ui import odds_view
    from game.ui.screenshot import render
    render("sarn_gulf_2031", "battle", (1024, 640))
    assert odds_view.WORKER.idle()   # drawn again with the odds, not "computing…"


def test_transport_aircraft_and_tactical_bombers_have_different_symbols():
    # QA (mediterranean_1940 battle window): the transport aircraft and the dive bomber
    # beside it were drawn as the same twin-engine plane
    pygame.font.init()
    assert symbol_kind("transport_aircraft", "air") == "airlift"
    assert symbol_kind("dive_bomber", "air") == "dive"   # a single-engine plane and a dive arrow
    a = counter_surface("transport_aircraft", "air", (90, 110, 60), 48)
    b = counter_surface("dive_bomber", "air", (90, 110, 60), 48)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
