"""The battle window's Retreat button with airdropped paratroopers in the battle (seed
000 PARATROOPERS, Airdrop: "Paratroopers may not withdraw from combat when airdropped";
the same partial retreat for seed 002's paratroopers): it says that they stay."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import frame  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui import odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml"


def test_retreat_button_says_the_airdropped_paratroopers_stay(monkeypatch):
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    sc, _ = load_scenario_file(MINI)
    sc = replace(sc, start_units=(("a1", "red", "paratrooper", 1), ("a2", "red", "infantry", 1),
                                  ("m", "blue", "infantry", 2)))
    session = Session(sc, load_ruleset(sc.ruleset_id), 3)
    session.state.scripted_dice = (6,) * 20      # every die misses: the battle goes on
    app = App(pygame.Surface((1280, 800)))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    session.do(A.EndPhase())
    para, inf = (next(u.uid for u in session.state.units.values() if u.type == t)
                 for t in ("paratrooper", "infantry"))
    session.do(A.Airdrop((para,), "m"))
    session.do(A.Move((inf,), ("m",)))
    session.do(A.EndPhase())
    session.do(A.SelectBattle("m"))
    while session.state.zone.battle.awaiting != "continue":
        session.do(A.RollDice())
    game.ctl.version += 1
    win = app.push(BattleWindow(app, game))
    frame(app)
    tips = [h.tooltip for h in win.spots.items if "retreat to" in h.tooltip.lower()]
    assert tips and "except 1 airdropped unit" in tips[0] and "fight on alone" in tips[0]
