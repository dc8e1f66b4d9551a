"""Issue #46 item 2: sending bombers to a territory with an enemy facility asks "raid or
attack?", and the battle window walks the raid (interceptors' choice, air battle,
anti-aircraft fire, damage) like any battle."""
from __future__ import annotations

import pygame

from game.rules import actions as A
from game.rules.model import Unit
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.dialogs import ChoiceDialog
from game.ui.game_scene import GameScene
from game.ui.zone.battle_window import BattleWindow


def _game():
    sc = load_scenario("europe_1941")
    app = App(pygame.Surface((1600, 900)))
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    st = game.state
    st.phase_idx = st.ruleset.phases.index("combat_move")
    for owner, space, t in (("germany", "france", "strategic_bomber"),
                            ("united_kingdom", "united_kingdom", "fighter")):
        st.units[st.next_uid] = Unit(st.next_uid, t, owner, space)
        st.next_uid += 1
    return app, game


def _texts(app):
    """The strings drawn in the next frame."""
    from game.ui import theme
    seen = []
    real = theme.text

    def spy(surface, s, *args, **kw):
        seen.append(s)
        return real(surface, s, *args, **kw)
    theme.text = spy
    try:
        app.draw()
    finally:
        theme.text = real
    return seen


def test_bombers_ask_raid_or_attack_and_the_window_plays_the_raid():
    app, game = _game()
    st = game.state
    bomber = max(u.uid for u in st.units.values() if u.type == "strategic_bomber" and u.space == "france")
    game.sel.select_space(st, "france")
    game.sel.counts = {("strategic_bomber", False, 0): 1}   # just the bomber
    assert [u.uid for u in game.sel.group(st)] == [bomber]
    game.click_space("united_kingdom")
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog)
    labels = [label for label, _ in dialog.choices]
    assert labels[0] == "Bombing raid on the Major Industrial Complex"
    assert any(label.startswith("Attack") for label in labels)   # a UK fighter is there
    app.draw()
    dialog.choose(0)
    assert game.state.zone.raids[bomber] == "united_kingdom|major_industrial_complex"
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle("united_kingdom"))
    win = app.push(BattleWindow(app, game))
    app.update(0.0)
    app.draw()
    assert win._raid_odds is not None   # the raid's exact odds (game/odds/raid.py) in the box
    # playtest: before the interceptors are chosen the defender's box said only "0 units"
    assert any(t.startswith("3 aircraft here may intercept") for t in _texts(app))   # 2 + the one added
    assert win._raid_odds.damage["major_industrial_complex"]
    for _ in range(30):
        b = game.state.zone.battle
        if b is None:
            break
        if b.awaiting == "intercept":
            game.ctl.do(A.Intercept(()))
        elif b.awaiting == "casualties":
            game.ctl.do(A.default_casualties(game.state))
        else:
            game.ctl.do(A.RollDice())
        game.ctl.version += 1
        app.update(0.0)
        app.draw()
    assert game.state.zone.battle is None and win.finished
    # playtest: the window said "Germany wins the battle in United Kingdom" for a raid
    status, _ = win.status_text()
    assert status.startswith("The raid on United Kingdom ") and ("damage" in status or "turned back" in status)
    assert any(r.step == "raid_damage" for r in game.state.zone.last_battle.rolls) or \
        not any(u.uid == bomber for u in game.state.units.values())


def test_the_dice_box_ends_with_the_damage_roll():
    # playtest (issue #46, solo G40): the dice box had room for three of the raid's four
    # steps (air battle both ways, anti-aircraft, damage) and showed the first three: the
    # damage roll, the raid's result, was left out, and read "0 hits"
    from game.rules.zone import raids
    app, game = _game()
    st = game.state
    # an ally's fighter in the United Kingdom intercepts too; the anti-aircraft fire stays the UK's
    st.units[st.next_uid] = Unit(st.next_uid, "fighter", "soviet_union", "united_kingdom")
    st.next_uid += 1
    st.scripted_dice = (2, 4, 5, 6, 6, 2, 3)   # bomber misses, 4 interceptors miss, AA misses, damage 3
    game.sel.select_space(st, "france")
    game.sel.counts = {("strategic_bomber", False, 0): 1}
    game.click_space("united_kingdom")
    app.top.choose(0)
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle("united_kingdom"))
    win = app.push(BattleWindow(app, game))
    while game.state.zone.battle is not None:
        b = game.state.zone.battle
        if b.awaiting == "intercept":
            game.ctl.do(A.Intercept(tuple(raids.interceptor_choices(game.state, b))))
        else:
            game.ctl.do(A.RollDice())
        game.ctl.version += 1
        app.update(0.0)
    assert [r.step for r in game.state.zone.last_battle.rolls][-1] == "raid_damage" and win.finished
    texts = _texts(app)
    assert "Germany bombs: 5 damage" in texts
    assert any(t.startswith("United Kingdom facility anti-") for t in texts)   # name elided, not the hits
    assert "  United Kingdom intercepts with Fighter, Fighter, Fighter, Fighter (Soviet Union)." \
        in game.state.log()


def test_planned_raid_is_a_raid_chip_and_its_battle_is_named_a_raid():
    # a territory only bombed has no "chance to win" (a land battle the bombers would lose):
    # the side panel lists the raid with its expected damage, the battle list names it
    from game.ui import odds_view
    app, game = _game()
    st = game.state
    bomber = max(u.uid for u in st.units.values() if u.type == "strategic_bomber" and u.space == "france")
    game.sel.select_space(st, "france")
    game.sel.counts = {("strategic_bomber", False, 0): 1}
    game.click_space("united_kingdom")
    app.top.choose(0)
    assert game.state.zone.raids[bomber] == "united_kingdom|major_industrial_complex"
    assert odds_view.planned_attacks(game.state) == []
    assert odds_view.planned_raids(game.state) == ["united_kingdom"]
    app.draw()
    tips = [h.tooltip for h in game.spots.items]
    assert any(t.startswith("Bombing raid on United Kingdom") and "damage on average" in t for t in tips)
    game.ctl.do(A.EndPhase())
    app.draw()
    assert any(t.startswith("Fly the bombing raid on United Kingdom") for t in
               (h.tooltip for h in game.spots.items))


def test_the_finished_raid_window_shows_the_damage_roll_and_says_the_damage():
    # four fire steps (air battle both ways, the complex's anti-aircraft fire, the damage):
    # the window shows the last ones, the damage roll always, and ends on the damage done
    app, game = _game()
    st = game.state
    game.sel.select_space(st, "france")
    game.sel.counts = {("strategic_bomber", False, 0): 1}
    game.click_space("united_kingdom")
    app.top.choose(0)
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle("united_kingdom"))
    st = game.state
    st.scripted_dice = (1, 6, 6, 4)   # bomber misses, the interceptor misses, AA misses, die 4
    win = app.push(BattleWindow(app, game))
    uk_fighters = tuple(sorted(u.uid for u in st.units_in("united_kingdom") if u.type == "fighter"))[:1]
    for _ in range(30):
        b = game.state.zone.battle
        if b is None:
            break
        if b.awaiting == "intercept":
            game.ctl.do(A.Intercept(uk_fighters))
        elif b.awaiting == "casualties":
            game.ctl.do(A.default_casualties(game.state))
        else:
            game.ctl.do(A.RollDice())
        game.ctl.version += 1
        app.update(0.0)
        app.draw()
        if b.awaiting == "roll" and b.interceptors:
            subs = [h.tooltip for h in win.spots.items if "air battle" in h.tooltip]
            assert subs and all("attack 4" not in t for t in subs)   # TripleA airAttack 1
    assert game.state.zone.battle is None and win.finished
    rolls = game.state.zone.last_battle.rolls
    assert [r.step for r in rolls][-1] == "raid_damage" and len(rolls) >= 3
    app.draw()
    tips = [h.tooltip for h in win.spots.items]
    assert "Strategic Bomber\nrolled 4" in tips          # the damage die is in the window
    assert win.result.startswith("The raid on United Kingdom does 6 damage")
