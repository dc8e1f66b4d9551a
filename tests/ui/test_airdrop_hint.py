"""A move the map refuses but the airdrop step can make says so: paratroopers clicked
onto a territory out of their walking range hear that Airdrop (P) flies them there
(seed 000: TRANSPORT AIRCRAFT carries a PARATROOPER, "Airdrops")."""
from __future__ import annotations

import pygame

from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.screenshot import to_combat_move


def _game():
    sc = load_scenario("mediterranean_1940")
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    to_combat_move(session)                       # Germany's combat move
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    return game


def _pick(game, space, utype):
    st = game.state
    game.sel.select_space(st, space)
    game.sel.counts = {}
    for key, units in game.sel.stacks(st):
        if key[0] == utype:
            game.sel.counts[key] = len(units)
    game.sel._dest_cache = None
    assert {u.type for u in game.sel.group(st)} == {utype}


def test_paratroopers_out_of_range_hear_of_the_airdrop():
    game = _game()
    _pick(game, "germany", "paratrooper")
    game.click_space("corsica")
    msg = game.ctl.message.text
    assert "moves away" in msg and "Airdrop (P) can fly them there." in msg


def test_infantry_hear_no_airdrop_hint():
    game = _game()
    _pick(game, "germany", "infantry")
    game.click_space("tunisia")
    msg = game.ctl.message.text
    assert "moves away" in msg and "Airdrop" not in msg
