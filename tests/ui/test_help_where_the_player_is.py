"""Help where the player is (issue #44 item 5): F1 shows the keys and the current phase's
actions; hex maps have a terrain chart and CRT page; unit tooltips read as sentences
generated from the abilities; a right click on a counter opens the unit card."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_scenes import click, frame, make_game  # noqa: E402

from game.rules.ruleset import load_ruleset, load_scenario  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.help import HelpOverlay, UnitCard, phase_help  # noqa: E402
from game.ui.unit_text import unit_sentences, unit_tooltip  # noqa: E402


def key(app, k):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frame(app)


def test_f1_shows_the_keys_and_this_phases_actions():
    app, game = make_game()
    game.auto_overlays = False
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    assert any("purchase screen" in line for line in phase_help(game.state.phase))
    assert not app.top.has_charts()
    key(app, pygame.K_F1)
    assert app.top is game


def test_hex_maps_have_a_terrain_and_crt_page():
    sc = load_scenario("crete_1941")
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    frame(app)
    key(app, pygame.K_F1)
    overlay = app.top
    assert isinstance(overlay, HelpOverlay) and overlay.has_charts()
    key(app, pygame.K_TAB)
    assert overlay.page == "charts"
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_unit_sentences_are_generated_from_the_abilities():
    # seed 002 §6 Elite Infantry: two dice, supported by artillery, one per turn
    rs = load_ruleset("g40")
    text = " ".join(unit_sentences(rs, rs.units["elite_infantry"]))
    assert "Attacks at 1, defends at 2, moves 1." in text
    assert "Rolls 2 dice." in text
    assert "Attacks at 2 with artillery beside it" in text
    assert "At most 1 bought per turn." in text
    assert "Takes 2 hits" in " ".join(unit_sentences(rs, rs.units["battleship"]))


@pytest.mark.parametrize("rid", ["g40", "interwar", "modern-naval", "europa"])
def test_every_unit_of_every_ruleset_reads_as_sentences(rid):
    rs = load_ruleset(rid)
    for ut in rs.units.values():
        lines = unit_sentences(rs, ut)
        assert lines and all(line.endswith((".", "…", ")")) for line in lines), (ut.id, lines)
        assert not any("`" in line or "_" in line.split(":")[0] for line in lines), (ut.id, lines)


def test_the_purchase_tooltip_reads_as_sentences():
    app, game = make_game()
    game.auto_overlays = False
    game.open_purchase()
    frame(app)
    tips = [h.tooltip for h in app.top.spots.items if h.tooltip.startswith("Infantry\n")]
    assert tips and "Attacks at 2 with artillery beside it" in tips[0].replace("\n", " ")


def test_right_click_on_a_counter_opens_its_unit_card():
    app, game = make_game()
    game.auto_overlays = False
    frame(app)
    rect, sid, item = next((r, s, i) for r, s, i in game.renderer.hits if i.owner == "red")
    assert game.counter_tooltip(rect.center)[-1] == "Right click: unit card"
    click(app, rect.center, button=3)
    card = app.top
    assert isinstance(card, UnitCard)
    assert card.kinds[0][:2] == (item.utype, "red")
    assert any("Attacks at" in line for line in card.lines(item.utype, "red"))
    key(app, pygame.K_ESCAPE)
    assert app.top is game


def test_tooltip_lines_are_wrapped():
    rs = load_ruleset("interwar")
    from game.ui import theme
    for line in unit_tooltip(rs, rs.units["transport_aircraft"], width=300)[1:]:
        assert theme.text_width(line, 19) <= 300


def test_right_click_on_a_hex_stack_opens_its_unit_cards():
    sc = load_scenario("crete_1941")
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    frame(app)
    st = game.state
    chania = next(h for h, d in st.scenario.hexmap.hexes.items() if d.name == "Chania")
    assert any(t.startswith("Right click: unit cards") for t in game.tooltip_lines(chania))
    pos = game.cam.to_screen(*game.renderer.centers[chania])
    click(app, (int(pos[0]), int(pos[1])), button=3)
    card = app.top
    assert isinstance(card, UnitCard)
    here = {(u.type, u.owner) for u in st.units_in(chania)}
    assert {(t, o) for t, o, _n in card.kinds} <= here and card.kinds


def test_g40_bombers_and_fighters_say_their_raid_values_in_words():
    # found playing G40: the bombers' tooltip read "Bombing raid: may raid a facility ...
    # (ruleset facilities, G40): surviving the air battle and..." cut off mid-sentence
    # (TripleA bomber bombingBonus 2, airAttack 1; fighter airDefense 1, canIntercept)
    from game.ui.unit_text import unit_sentences
    rs = load_ruleset("g40")
    bomber = " ".join(unit_sentences(rs, rs.units["strategic_bomber"]))
    assert "does a die + 2 damage" in bomber and "ruleset" not in bomber
    tactical = " ".join(unit_sentences(rs, rs.units["tactical_bomber"]))
    assert "Air Base or Naval Base" in tactical and "does a die damage" in tactical
    fighter = " ".join(unit_sentences(rs, rs.units["fighter"]))
    assert "at 1 intercepting a raid" in fighter
