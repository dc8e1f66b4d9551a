"""The d12 battle strip reads 1 to 11 (seed 000's values go up to 11; issue #4), and a
ship's damage shows one slash per hit taken (seed 000 JUGGERNAUT: 3 hits, 11/7/5)."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.ui import counters, odds_view  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.zone import strip
from game.ui.zone.battle_window import BattleWindow  # noqa: E402

MINI_IW = Path(__file__).resolve().parents[1] / "fixtures" / "mini_interwar.yaml"

D12 = SimpleNamespace(ruleset=SimpleNamespace(dice=12))


def test_the_sure_hit_column_is_drawn_only_when_used():
    widths = strip.column_widths(D12, 1000, {0, 2, 11}, compress=False)
    assert len(widths) == 13 and widths[12] == 0
    assert all(w > 0 for w in widths[1:12]) and sum(widths) <= 1000
    squeezed = strip.column_widths(D12, 1000, {3, 4}, compress=True)
    assert squeezed[12] == 0 and squeezed[3] > squeezed[5] > 0
    # a value of 12 (a sure hit) still gets its column
    assert strip.column_widths(D12, 1000, {12}, compress=False)[12] > 0


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_a_counter_shows_each_hit_taken():
    # JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice)": once and twice
    # damaged must look different (an armored carrier keeps defense 3 either way)
    pygame.init()
    faces = [pixels(counters.counter_surface("juggernaut", "sea", (40, 40, 160), 36, damaged=d))
             for d in (0, 1, 2)]
    assert len(set(faces)) == 3
    assert pixels(counters.counter_surface("juggernaut", "sea", (40, 40, 160), 36, damaged=True)) == faces[1]


def sea_battle(units, damage=()):
    """A battle in sea zone s2 of the mini interwar map: red attacks with `units` marked
    red, blue defends; `damage`: hits taken by red's units in uid order."""
    sc, _ = load_scenario_file(MINI_IW)
    session = Session(replace(sc, start_units=tuple(("s2", *u) for u in units)), load_ruleset("interwar"), 1)
    st = session.state
    reds = sorted(uid for uid, u in st.units.items() if u.owner == "red")
    for k, uid in enumerate(reds):
        st.units[uid] = replace(st.units[uid], in_combat=True, damage=damage[k] if k < len(damage) else 0)
    st.phase_idx = st.ruleset.phases.index("conduct_combat")
    st.zone.battles, st.zone.origins = ("s2",), {"s2": ("a2",)}
    session.do(A.SelectBattle("s2"))
    return session, reds


def tooltips(monkeypatch, session, view, prefix):
    """The tooltips starting with `prefix` in the battle window drawn in `view`."""
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)
    pygame.init()
    app = App(pygame.Surface((1280, 800)))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    win = app.push(BattleWindow(app, game))
    win.view = view
    app.update(0.0)
    app.draw()
    return [h.tooltip for h in win.spots.items if h.tooltip.startswith(prefix)]


def test_a_damaged_juggernaut_sits_at_its_damaged_value_and_says_why(monkeypatch):
    # seed 000 JUGGERNAUT: "Attack: 11 (7, if damaged once; 5, if damaged twice)"
    session, jugs = sea_battle([("red", "juggernaut", 2), ("blue", "destroyer", 1)], damage=(1, 2))
    cols = strip.strip_columns(session.state, session.state.zone.battle, "attacker")
    assert [u.uid for u in cols[7]] == [jugs[0]] and [u.uid for u in cols[5]] == [jugs[1]]
    tips = tooltips(monkeypatch, session, "strip", "Juggernaut")
    assert any("damaged (2 hits): attack 5, 11 undamaged" in t for t in tips)
    assert any("damaged (1 hit): attack 7, 11 undamaged" in t for t in tips)


def test_the_list_view_shows_a_carrier_with_no_aircraft_to_fight_at_0(monkeypatch):
    # seed 000 ARMORED CARRIER: "Defense: 3*", "Air Defense: This unit defends only against
    # attacking aircraft": against ships it does not roll; the strip put it in column 0
    # while the list said "defense 3"
    session, _ = sea_battle([("red", "destroyer", 1), ("blue", "armored_carrier", 1), ("blue", "destroyer", 1)])
    vals = {u.type: v for u, v in strip.side_values(session.state, session.state.zone.battle, "defender")}
    assert vals == {"armored_carrier": 0, "destroyer": 4}
    tips = tooltips(monkeypatch, session, "list", "Armored Carrier")
    assert tips and all("defense 0" in t for t in tips)
