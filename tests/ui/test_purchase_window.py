"""QA: every buildable unit can be bought from the purchase window.

Mediterranean 1940 (interwar) offers 35 units to Germany; the window showed the
first 16 and cut the rest (ships, aircraft, heavy armor could not be bought)."""
from __future__ import annotations

import pygame
import uikit

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.zone.purchase import PurchaseScene


def _buy_tooltips(scene) -> set[str]:
    return {h.tooltip.split(" for ")[0].removeprefix("Buy one ") for h in scene.spots.items
            if h.tooltip.startswith(("Buy one ", "Cannot buy "))}


def test_wheel_reaches_every_buildable_unit():
    sc = load_scenario("mediterranean_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    uikit.frame(app)
    game.open_purchase()
    scene = app.top
    assert isinstance(scene, PurchaseScene)
    uikit.frame(app)
    names = {game.state.ruleset.units[u].name for u, _ in scene.buildable()}
    seen = set()
    for _ in range(20):
        seen |= {n.removeprefix("Cannot buy ").split(":")[0] for n in _buy_tooltips(scene)}
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        uikit.frame(app)
    assert len(names) > 16
    assert seen == names
    for _ in range(3):
        uikit.key(app, pygame.K_PAGEUP)
    assert scene.row == 0


def test_long_unit_names_fit_their_card():
    # QA (mediterranean_1940): "Motorized Infantry", "Self-Propelled Gun", "Anti-aircraft
    # Artillery", "Transport Aircraft" were cut to "Motorized Infan..."; a smaller font fits them
    from game.ui import theme
    from game.ui.zone.purchase import fit_size
    rs = load_ruleset("interwar")
    for ut in rs.units.values():
        size = fit_size(ut.name, 230 - 72, 22, 15)
        assert theme.text_width(ut.name, size, bold=True) <= 230 - 72, ut.name
    assert fit_size("Infantry", 158, 22, 15) == 22


def test_purchase_window_closes_when_the_phase_moves_on():
    # QA: a purchase window left open after the phase ended elsewhere showed stale buttons
    from game.rules.actions import EndPhase
    sc = load_scenario("mediterranean_1940")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    uikit.frame(app)
    game.open_purchase()
    assert isinstance(app.top, PurchaseScene)
    game.ctl.session.do(EndPhase())
    uikit.frame(app)
    assert not isinstance(app.top, PurchaseScene)


def test_colonial_infantry_placement_says_why_more_spaces_light_up(monkeypatch):
    # seed 000: COLONIAL INFANTRY, Empire to Arms: "Colonial infantry may be placed in any of
    # your national territories outside home territories." QA: the side panel said only
    # "your factories", while Tunisia, Morocco and Syria-Lebanon lit up too
    from game.rules import actions as A
    from game.ui import odds_view
    from game.ui.panel import SidePanel
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    hints: list[str] = []
    hint = SidePanel.hint

    def spy(self, surface, box, text, y=None):
        hints.append(text)
        return hint(self, surface, box, text, y)
    monkeypatch.setattr(SidePanel, "hint", spy)
    sc = load_scenario("mediterranean_1940")
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    while session.state.player != "france":
        session.do(A.EndPhase())
    session.do(A.Purchase("colonial_infantry", 1))
    while session.state.phase != "place":
        session.do(A.EndPhase())
    game.ctl.version += 1
    uikit.frame(app)
    row = next(h for h in game.spots.items if h.tooltip == "Place Colonial Infantry")
    hints.clear()
    uikit.click(app, row.rect.center)
    assert any("Empire to Arms" in t for t in hints)
    x, y = game.cam.to_screen(*sc.spaces["tunisia"].center)       # no factory: Empire to Arms
    uikit.click(app, (int(x), int(y)))
    assert any(u.space == "tunisia" and u.type == "colonial_infantry"
               for u in game.state.units.values())


def test_purchase_card_shows_special_values_in_brackets():
    # seed 000: FIGHTER "Attack: 6/2", "Defense: 5/2" (against air / against ground, G39);
    # ANTI-TANK GUN "Attack: 1 (3 against armor)". QA: the card read "A 2 D 2" for the fighter
    from game.ui import theme
    from game.ui.zone.purchase import stat_line
    rs = load_ruleset("interwar")
    assert stat_line(rs.units["fighter"]) == "A 2 (6)  D 2 (5)  M 4"
    assert stat_line(rs.units["anti_tank_gun"]) == "A 1 (3)  D 1 (2)  M 2"
    assert stat_line(rs.units["infantry"]) == "A 2   D 3   M 2"
    assert stat_line(rs.units["battleship"]) == "A 8   D 7   M 2   hits 2"
    for ut in rs.units.values():
        assert theme.text_width(stat_line(ut), 19) <= 230 - 72, ut.id


def test_purchase_card_shows_a_units_extra_dice():
    # seed 002 §6 Elite Infantry: "Attack: 1 (2 dice)", "Defense: 2 (2 dice)" (ability
    # extra_dice); issue 46 playthrough: the card read "A 1   D 2   M 1"
    from game.ui import theme
    from game.ui.zone.purchase import stat_line
    rs = load_ruleset("g40")
    assert stat_line(rs.units["elite_infantry"]) == "A 1×2   D 2×2   M 1"
    assert stat_line(rs.units["infantry"]) == "A 1   D 2   M 1"
    for ut in rs.units.values():
        assert theme.text_width(stat_line(ut), 19) <= 230 - 72, ut.id


def test_a_unit_at_its_per_turn_limit_keeps_its_card_and_counts_in_spent():
    # seed 002 §6 Elite Infantry: "a maximum of 1 ... per turn". Issue #44 item 6: the card
    # vanished once one was bought (the next click on its place bought a paratrooper) and
    # "Spent" left it out; now it stays, its + disabled with the limit as the reason
    from game.rules import actions as A
    sc = load_scenario("europe_1941")
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    uikit.frame(app)
    assert game.state.player == "germany"
    game.open_purchase()
    scene = app.top
    before = [u for u, _ in scene.buildable()]
    assert "elite_infantry" in before
    assert game.ctl.do(A.Purchase("elite_infantry", 1))
    uikit.frame(app)
    assert [u for u, _ in scene.buildable()] == before          # nothing moved, nothing vanished
    cost, why = scene.offers()["elite_infantry"]
    assert cost == 3 and "At most 1 Elite Infantry per turn" in why
    plus = [h for h in scene.spots.items if h.tooltip == why]
    assert plus and not any(h.enabled for h in plus)
    from game.ui.zone.purchase import unit_price
    spent = sum(unit_price(game.state, u) * n for u, n in game.state.zone.bought.items())
    assert spent == 3


def test_a_long_unit_name_wraps_on_its_card_instead_of_losing_its_end():
    # issue #44 item 8: "long unit names wrap" (a house-rule unit's name was elided)
    from game.ui import theme
    from game.ui.zone.purchase import name_lines
    name = "Heavy Self-Propelled Anti-Tank Gun Battalion"
    lines, size = name_lines(name, 158)
    assert len(lines) == 2 and " ".join(lines) == name and size >= 13
    assert all(theme.text_width(x, size, bold=True) <= 158 for x in lines)
    assert name_lines("Infantry", 158) == (["Infantry"], 22)


def test_the_scroll_hint_says_where_the_hidden_cards_are():
    # found playing G40 (19 cards): scrolled to the end it read "Units 5–19 of 19 (4 more)"
    from game.ui.zone.purchase import scroll_hint
    assert scroll_hint(0, 16, 19).startswith("Units 1–16 of 19 (3 below)")
    assert scroll_hint(4, 15, 19).startswith("Units 5–19 of 19 (4 above)")
    assert scroll_hint(2, 12, 19).startswith("Units 3–14 of 19 (2 above, 5 below)")
