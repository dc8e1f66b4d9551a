"""Seed 000 supply and air logistics in the interface (supplied rules, docs/interpretations.md
Supply (G4), Supply drops, Ferry operations (G36), Tracks (G3)): the out-of-supply badge
and tooltip, the supply-drop and ferry buttons of the move panel, and the reason a move
into the desert is refused."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import click, frame, shot, uids  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.rules.zone import supply  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _quick_odds(monkeypatch):
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)


def make_game(units, owners=(), player="red", phase="combat_move", spaces=None):
    sc, _ = load_scenario_file(FIX / "mini_interwar.yaml")
    sps = dict(sc.spaces)
    sps["a1"] = replace(sps["a1"], air_base=True)
    for k, kw in (spaces or {}).items():
        sps[k] = replace(sps[k], **kw)
    so = dict(sc.start_owners)
    so.update(dict(owners))
    sc = replace(sc, start_units=tuple(units), spaces=sps, start_owners=so)
    session = Session(sc, load_ruleset(sc.ruleset_id), 3)
    session.state.player_idx = [p.id for p in sc.players].index(player)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    while session.state.phase != phase:
        session.do(A.EndPhase())
    game.ctl.version += 1
    frame(app)
    return app, game


def buttons(game, text):
    return [h for h in game.spots.items if h.tooltip and text in h.tooltip]


def test_supply_drop_button_and_out_of_supply_marker():
    # seed 000 TRANSPORT AIRCRAFT, Supply Drop: "announce this at the start of the combat
    # movement phase"; AUXILIARIES: "supply lines are cut" -> the map says where
    units = (("a1", "red", "transport_aircraft", 1), ("m", "red", "infantry", 2))
    app, game = make_game(units, owners={"m": "red", "a2": "blue"})
    assert "m" in supply.unsupplied_spaces(game.state)
    assert any("Out of supply" in line for line in game.tooltip_lines("m"))
    spots = buttons(game, "drops supplies on Middle")
    assert len(spots) == 1
    shot(app, "logistics_supply_drop")
    click(app, spots[0].rect.center)
    state = game.state
    assert "m" not in supply.unsupplied_spaces(state)
    assert all(state.units[u].oos == 0 for u in uids(state, "m", "red", "infantry"))
    assert game.ctl.message.kind == "good" and "drops supplies" in game.ctl.message.text
    assert not any("Out of supply" in line for line in game.tooltip_lines("m"))


def test_ferry_button_sends_ipcs_to_the_ally():
    # seed 000 TRANSPORT AIRCRAFT, Ferry Operation: "up to 5 IPC's ... between nations that
    # are part of the same alliance block"
    app, game = make_game((("b1", "blue", "transport_aircraft", 1),), player="blue", phase="noncombat_move")
    before = dict(game.state.resources)
    spots = buttons(game, "spends them at its next purchase")
    assert len(spots) == 1 and "Greenland" in spots[0].tooltip
    shot(app, "logistics_ferry")
    click(app, spots[0].rect.center)
    assert game.state.resources["green"] == before["green"] + 5
    assert game.state.resources["blue"] == before["blue"] - 5


def test_desert_track_reason_when_a_move_is_refused():
    # seed 000 AUXILIARIES, Fieldcraft (G3 tracks, supplied): the refusal says why
    units = (("b1", "blue", "armor", 1),)
    app, game = make_game(units, player="blue", phase="noncombat_move", spaces={"b2": {"terrain": ("track",)}})
    state = game.state
    game.sel.select_space(state, "b1")
    group = game.sel.group(state)
    assert group
    from game.rules.zone import movement
    assert "tracks" in movement.explain(state, group, "m")
    assert any("Desert tracks" in line for line in game.tooltip_lines("b2"))


def test_odds_count_the_supply_penalty_and_say_how():
    # seed 000 supply (G4): out-of-supply units fight at -1; the odds count it exactly (per
    # unit) and the odds panel shows the exact figure, instead of leaving it out
    from game.odds.api import battle_odds
    r = battle_odds("interwar", [("infantry", 1)], [("infantry", 1)], attacker_oos=[True])
    assert abs(r.attacker_wins - (1 / 12) * (9 / 12) / (1 - (11 / 12) * (9 / 12))) < 1e-9
    v = odds_view.OddsView(result=r)
    lines = odds_view.summary_lines(v, load_ruleset("interwar"))
    assert "Exact (default order of loss)" in lines, lines
    assert "not counted" not in odds_view.win_text(v)


def test_blitz_to_a_friendly_territory_is_highlighted_and_named():
    # seed 000 ARMOR, Blitz: "a 2-space move that can end in a friendly or hostile
    # territory": the friendly end of a blitz is a destination, and the hover says how
    from game.ui.selection import FRIENDLY
    app, game = make_game((("a2", "red", "armor", 1),), owners={"b2": "red"})
    state = game.state
    game.sel.select_space(state, "a2")
    assert game.sel.highlights(state, game.ctl.version).get("b2") == FRIENDLY
    assert any("blitz through Middle to here" in line for line in game.tooltip_lines("b2"))
    game.click_space("b2")
    assert game.state.units_in("b2") and game.state.owners["m"] == "red"
