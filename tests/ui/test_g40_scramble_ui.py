"""Issue #46 item 3: a sea battle beside an operative air base shows the defender's
scramble choice in the battle window (G40 2nd ed., "Scramble"); the aircraft chosen
there fly in and defend."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.rules.model import Unit
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.rules.zone import scramble
from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.zone.battle_window import BattleWindow


def _game():
    """Germany's cruiser in the North Sea attacks a British destroyer in the English
    Channel; the United Kingdom has an air base and two fighters."""
    sc = load_scenario("europe_1941")
    app = App(pygame.Surface((1600, 900)))
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    st = game.state
    st.phase_idx = st.ruleset.phases.index("combat_move")
    st.facilities["united_kingdom|air_base"] = 0
    for uid in [u.uid for u in st.units.values() if u.space in ("english_channel", "north_sea", "united_kingdom")]:
        del st.units[uid]
    for owner, space, t in (("germany", "north_sea", "cruiser"), ("united_kingdom", "english_channel", "destroyer"),
                            ("united_kingdom", "united_kingdom", "fighter"),
                            ("united_kingdom", "united_kingdom", "fighter"),
                            ("united_kingdom", "united_kingdom", "infantry")):
        st.units[st.next_uid] = Unit(st.next_uid, t, owner, space)
        st.next_uid += 1
    return app, game


def test_the_battle_window_shows_and_takes_the_scramble_choice():
    app, game = _game()
    st = game.state
    cruiser = max(u.uid for u in st.units.values() if u.type == "cruiser")
    assert game.ctl.do(A.Move((cruiser,), ("english_channel",)))
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle("english_channel"))
    assert game.state.zone.battle.awaiting == "scramble"
    win = app.push(BattleWindow(app, game))
    app.update(0.0)
    app.draw()
    status, _ = win.status_text()
    assert status.startswith("Scramble:")
    planes = scramble.choices(game.state)
    assert len(planes) == 2
    spots = [s for s in win.spots.items if getattr(s, "data", None) == ("scramble", planes[0])]
    assert spots   # the aircraft are shown, clickable
    win.toggle_scramble_key(1)
    assert win.scramble.pick == [planes[0]]
    win.roll()   # R: scramble the chosen one
    assert game.state.zone.battle.awaiting == "roll"
    assert game.state.units[planes[0]].space == "english_channel"
    assert game.state.units[planes[1]].space == "united_kingdom"
    win.view = "list"
    app.draw()
    assert any("scrambled from United Kingdom" in (s.tooltip or "") for s in win.spots.items)


def test_the_side_panel_counts_a_bases_extra_move():
    # G40 2nd ed. (TripleA harbour givesMovement): a destroyer beside an operative naval
    # base has 3 moves; the panel and the move preview say so, as for any range
    import uikit

    from game.rules.zone import movement
    sc = load_scenario("europe_1941")
    app = App(pygame.Surface((1600, 900)))
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), (), autosave=False)
    app.reset(game)
    st = game.state
    st.phase_idx = st.ruleset.phases.index("noncombat_move")
    player = st.player
    home = next(s for s in ("germany", "united_kingdom") if st.owners.get(s) == player)
    zone = "north_sea"
    st.facilities[f"{home}|naval_base"] = 0
    for uid in [u.uid for u in st.units.values() if u.space == zone]:
        del st.units[uid]
    st.units[st.next_uid] = Unit(st.next_uid, "destroyer", player, zone)
    d = st.units[st.next_uid]
    st.next_uid += 1
    assert movement.moves_left(st, d) == 3
    game.sel.select_space(st, zone)
    uikit.frame(app)
    assert any("+1 from a base this turn" in h.tooltip for h in game.spots.items)
    far = [z for z, path in movement.reachable(st, [d]).items() if len(path) == 3]
    assert far   # three zones away: the move preview's range


def test_the_planned_attack_odds_count_the_aircraft_that_may_scramble(monkeypatch):
    # issue 46 (new-user playthrough): a lone cruiser against a destroyer beside an air base
    # with two fighters read as a likely win; G40 2nd ed. "Scramble": up to 3 fighters and
    # tactical bombers of an operative air base may defend the adjacent sea zone, so the
    # chip's odds count them (the defender's strongest choice) and say so
    from game.odds import odds_for_space
    from game.ui import odds_view, panel
    app, game = _game()
    st = game.state
    cruiser = max(u.uid for u in st.units.values() if u.type == "cruiser")
    assert game.ctl.do(A.Move((cruiser,), ("english_channel",)))
    game.odds = odds_view.OddsCache(sync=True)
    [(sid, v)] = game.attack_odds()
    assert sid == "english_channel" and v is not None and v.ok
    assert v.scrambles == 2
    alone = odds_for_space(game.state, sid, "germany", trials=2000)   # the zone as it stands
    assert v.result.attacker_wins < alone.attacker_wins - 0.2   # two fighters defend too
    drawn: list[str] = []
    real = panel.theme.text

    def spy(surface, s, *a, **k):
        drawn.append(s)
        return real(surface, s, *a, **k)
    monkeypatch.setattr(panel.theme, "text", spy)
    app.draw()
    assert any("(2 may scramble)" in s for s in drawn), drawn
    tips = "\n".join(h.tooltip for h in game.spots.items if h.tooltip)
    assert "Counts the 2 aircraft that may scramble in" in tips


def test_the_calculator_hand_off_of_a_planned_attack_has_the_scramblers_defending():
    # issue 46: the calculator opened on the planned attack gets the same defenders as the chip
    from game.ui.calculator import CalculatorScene
    app, game = _game()
    st = game.state
    cruiser = max(u.uid for u in st.units.values() if u.type == "cruiser")
    assert game.ctl.do(A.Move((cruiser,), ("english_channel",)))
    game.sel.space = "english_channel"
    calc = CalculatorScene.from_game(app, game)
    assert calc.counts == {"attacker": {"cruiser": 1}, "defender": {"destroyer": 1, "fighter": 2}}
    assert game.state.units_in("united_kingdom")   # the game's own state is untouched
