"""The airdrop and airdrop_battle screenshot views on the interwar map: paratroopers fly in
transport aircraft there (seed 000: TRANSPORT AIRCRAFT, "Airdrops"; PARATROOPER), so the
views show the air-transport drop step and a drop's battle, not a plain map."""
from __future__ import annotations

import pygame

from game.rules.zone import airdrop as AD
from game.ui import screenshot
from game.ui.zone.screenshot_orders import drop_battle_session, transport_session

MED = "scenarios/mediterranean_1940.yaml"


def test_drop_step_picks_a_defended_drop():
    # seed 000: TRANSPORT AIRCRAFT - interception by AAA and fighters on the way in
    session, start, dest = transport_session(MED, prefer="weakest")
    assert start is not None and dest is not None
    st = session.state
    assert st.phase == "combat_move"
    assert AD.interceptors_in(st, dest, st.player)


def test_drop_battle_is_on_after_the_first_roll():
    # seed 000: PARATROOPER dropped by transport aircraft fights the battle it lands in
    b = drop_battle_session(MED).state.zone.battle
    assert b is not None
    steps = [r.step for r in b.rolls]
    assert any(s not in ("intercept", "aa") for s in steps), steps


def test_views_are_not_the_plain_map():
    shots = {v: pygame.image.tobytes(screenshot.render(MED, v, (1024, 640)), "RGB")
             for v in ("map", "airdrop", "airdrop_battle")}
    assert shots["airdrop"] != shots["map"]
    assert shots["airdrop_battle"] != shots["map"]
    assert shots["airdrop"] != shots["airdrop_battle"]
