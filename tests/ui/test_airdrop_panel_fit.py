"""The airdrop step's side panel in a small window (1024x640): the hovered drop's odds and
interception risk (seed 000: TRANSPORT AIRCRAFT, interception by AAA and fighters) are
shown whole; the general hints above them give way (the interception line was cut
mid-sentence)."""
from __future__ import annotations

import pygame

from game.rules.zone import airdrop as AD
from game.ui import odds_view
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.zone import airdrop_panel, airdrop_view
from game.ui.zone.screenshot_orders import transport_session


def test_drop_risks_fit_a_small_window(monkeypatch):
    session, start, dest = transport_session("scenarios/mediterranean_1940.yaml", prefer="weakest")
    app = App(pygame.Surface((1024, 640)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.update(0.0)
    game.sel.select_space(session.state, start)
    game.toggle_airdrop()
    game.hover = dest
    app.draw()
    odds_view.settle(60)
    game.update(0.0)
    game.hover = dest
    drawn: list[str] = []
    real = airdrop_panel.theme.text

    def spy(surface, s, *a, **k):
        drawn.append(s)
        return real(surface, s, *a, **k)
    monkeypatch.setattr(airdrop_panel.theme, "text", spy)
    app.draw()
    st = session.state
    risks = airdrop_view.drop_risks(st, game.drop.group(st), dest)
    assert risks and AD.interceptors_in(st, dest, st.player)
    text = " ".join(drawn)
    for r in risks:
        assert r.text.split()[-1] in text, (r.text, drawn)
    assert not any(line.endswith("…") for line in drawn)
