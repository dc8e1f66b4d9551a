"""Rules decisions with their own controls: interwar air transports in the airdrop step,
the defender's interception choice, the auxiliary cruiser's withdrawal, fortress coastal
fire (seed 000) and submarines submerging (seed 001), driven by keys and clicks, and
the same decisions taken by the computer. Screenshots go to $WARBOARD_SHOTS."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from uikit import click, frame, key, shot, uids  # noqa: E402

from game.rules import actions as A  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402
from game.rules.session import Session  # noqa: E402
from game.rules.zone import airdrop as AD  # noqa: E402
from game.rules.zone import battle as B  # noqa: E402
from game.ui import odds_view
from game.ui.app import App  # noqa: E402
from game.ui.game_scene import GameScene  # noqa: E402
from game.ui.zone import airdrop_view, battle_orders, intercept_view, strip  # noqa: E402
from game.ui.zone.battle_window import BattleWindow  # noqa: E402

FIX = Path(__file__).resolve().parents[1] / "fixtures"
MINI_IW = str(FIX / "mini_interwar.yaml")
MINI_NAVAL = str(FIX / "mini_naval.yaml")
SIZE = (1280, 800)
# Redland's air transports and paratroopers in Alpha (an air base), Middle defended by
# infantry, an AAA and a fighter (seed 000: TRANSPORT AIRCRAFT, FIGHTER "Escort")
DROP = (("a1", "red", "transport_aircraft", 2), ("a1", "red", "paratrooper", 2),
        ("m", "blue", "infantry", 1), ("m", "blue", "aaa", 1), ("m", "blue", "fighter", 1),
        ("b1", "blue", "infantry", 1))


@pytest.fixture(autouse=True)
def _quick_odds(monkeypatch):
    """The odds engine is not under test here: no odds, at once."""
    monkeypatch.setattr(airdrop_view, "drop_odds", lambda *a, **k: None)
    monkeypatch.setattr(odds_view, "space_odds", lambda *a, **k: None)


def make_game(units, path=MINI_IW, ai=(), air_base="a1", dice=()):
    sc, _ = load_scenario_file(path)
    spaces = dict(sc.spaces)
    if air_base:
        spaces[air_base] = replace(spaces[air_base], air_base=True)
    sc = replace(sc, start_units=tuple(units), spaces=spaces)
    session = Session(sc, load_ruleset(sc.ruleset_id), 3)
    if dice:
        session.state.scripted_dice = tuple(dice)
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, tuple(ai), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    session.do(A.EndPhase())                   # purchase -> combat move
    game.ctl.version += 1
    frame(app)
    return app, game


def space_pos(game, sid):
    x, y = game.cam.to_screen(*game.state.scenario.spaces[sid].center)
    return int(x), int(y) - 6


def tooltips(spots):
    return [h.tooltip for h in spots.items]


def to_battle(app, game, space):
    """End the combat move and open the battle in `space` in the battle window."""
    game.ctl.do(A.EndPhase())
    game.ctl.do(A.SelectBattle(space))
    game.open_battle()
    frame(app)
    win = app.top
    assert isinstance(win, BattleWindow)
    win.view = "strip"
    frame(app)
    return win


# --- 1. air transports in the airdrop step -------------------------------------------------
def test_p_starts_the_step_with_loaded_air_transports_and_the_interception_odds():
    # seed 000 TRANSPORT AIRCRAFT: "Each transport may carry 1 infantry or paratrooper";
    # issue #7: choose carriers and troops, see the range and the interception odds
    app, game = make_game(DROP)
    key(app, pygame.K_p)
    state = game.state
    assert game.drop.active and game.drop.space == "a1" and game.drop.carried(state)
    assert game.drop.counts == {"transport_aircraft": 2, "paratrooper": 2}
    legs = game.drop.legs(state)
    assert [(leg.carrier.type, [c.type for c in leg.cargo]) for leg in legs] == \
        [("transport_aircraft", ["paratrooper"])] * 2
    assert "m" in game.drop.targets(state, game.ctl.version)
    game.hover = "m"
    frame(app)
    shot(app, "orders_airdrop_transport")
    risks = airdrop_view.drop_risks(state, game.drop.group(state), "m")
    each = AD.interception_survival(state, "m", 2)
    assert f"each transport survives with {airdrop_view.pct(each)}" in risks[0].text
    assert abs(risks[0].p_safe - each) < 1e-9
    assert any("escort" in r.text.lower() for r in risks)   # fighters could escort (G43)


def test_escorting_fighters_moved_in_first_raise_the_transports_chance():
    # seed 000 FIGHTER (Escort, G43): transports "may not be selected as casualties until all
    # accompanying friendly fighters have been lost"
    app, game = make_game(DROP + (("a1", "red", "fighter", 1),))
    state = game.state
    game.ctl.do(A.Move(uids(state, "a1", "red", "fighter"), ("a2", "m")))
    key(app, pygame.K_p)
    state = game.state
    group = game.drop.group(state)
    assert [u.type for u in group].count("fighter") == 0
    risks = airdrop_view.drop_risks(state, group, "m")
    each = AD.interception_survival(state, "m", 2, escorts=1)
    assert each > AD.interception_survival(state, "m", 2)
    assert f"survives with {airdrop_view.pct(each)}" in risks[0].text
    assert risks[1].text.startswith("1 escorting fighter")


def test_fewer_transports_fly_with_fewer_paratroopers():
    # "may not join an attack unless conducting an air- or supply drop": every transport
    # on the flight carries a unit, so the counts follow each other
    app, game = make_game(DROP)
    key(app, pygame.K_p)
    state = game.state
    game.drop.set_count(state, "transport_aircraft", 1)
    assert game.drop.counts == {"transport_aircraft": 1, "paratrooper": 1}
    game.drop.set_count(state, "paratrooper", 2)
    assert game.drop.counts == {"transport_aircraft": 2, "paratrooper": 2}
    game.drop.set_count(state, "paratrooper", 0)
    assert game.drop.counts == {"transport_aircraft": 0, "paratrooper": 0}
    assert "air transports" in game.drop.why_not(state, "m")


def test_clicking_the_drop_space_flies_the_transports_with_their_cargo_aboard():
    app, game = make_game(DROP)
    key(app, pygame.K_p)
    click(app, space_pos(game, "a2"))                  # friendly: the rules say why not
    assert game.ctl.message.kind == "error"
    assert game.ctl.message.text == AD.explain(game.state, game.drop.group(game.state), "a2")
    click(app, space_pos(game, "m"))
    state = game.state
    assert not game.drop.active
    paras = [state.units[u] for u in uids(state, "m", "red", "paratrooper")]
    assert len(paras) == 2 and all(p.carried_by is not None for p in paras)   # intercepted in the battle
    assert "intercepted" in game.ctl.message.text
    assert game.ctl.message.text.startswith("2 air transports carrying 2 Paratroopers drop on Middle")


def test_the_noncombat_cargo_flight_lands_infantry_in_a_friendly_territory():
    # seed 000 TRANSPORT AIRCRAFT, Cargo: "must end in a friendly space controlled since the
    # beginning of the player's turn"
    units = (("a1", "red", "transport_aircraft", 1), ("a1", "red", "infantry", 1), ("m", "blue", "infantry", 1))
    app, game = make_game(units)
    game.ctl.do(A.EndPhase())           # combat move -> conduct combat
    game.ctl.do(A.EndPhase())           # -> non-combat move
    frame(app)
    assert game.state.phase == "noncombat_move"
    key(app, pygame.K_p)
    assert game.drop.active and game.drop.carried(game.state)
    assert game.drop.targets(game.state, game.ctl.version) == ["a2"]
    click(app, space_pos(game, "a2"))
    assert uids(game.state, "a2", "red", "infantry") and uids(game.state, "a2", "red", "transport_aircraft")


# --- 2. the interception decision ---------------------------------------------------------
def intercept_window(ai=(), dice=()):
    app, game = make_game(DROP, ai=ai, dice=dice)
    state = game.state
    game.ctl.do(A.Airdrop(uids(state, "a1", "red"), "m"))
    win = to_battle(app, game, "m")
    key(app, pygame.K_r)             # the attacker rolls on: the interception step asks the defender
    return app, game, win


def test_the_defender_chooses_interceptors_and_the_top_bar_says_so():
    # seed 000 FIGHTER "Escort"; G42: the defender chooses which fighters intercept
    app, game, win = intercept_window()
    state = game.state
    assert state.zone.battle.awaiting == "intercept"
    fighter = B.interceptor_choices(state)
    assert win.intercept.pick == fighter                       # the default: all of them
    assert "United Kingdom" not in win.status_text()[0]
    assert "chooses which fighters intercept" in win.status_text()[0]
    from game.ui.game_scene import actor_task
    assert actor_task(state) == "chooses which fighters intercept"
    shot(app, "orders_intercept_choice")
    key(app, pygame.K_1)                                       # keep the fighter back
    assert win.intercept.pick == []
    key(app, pygame.K_a)
    assert win.intercept.pick == fighter
    key(app, pygame.K_1)
    key(app, pygame.K_r)
    b = game.state.zone.battle
    assert b is None or b.interceptors == ()                   # nobody intercepted
    assert any("interception" in line for line in game.state.log(8))   # the AAA fired anyway


def test_interception_dice_lie_at_the_values_they_need_and_losses_show():
    # seed 000: AAA fire at 2 once per transport (G35); the fighter at 5 against aircraft (G39)
    app, game, win = intercept_window(dice=(1, 12, 12))
    key(app, pygame.K_r)                                       # everyone intercepts
    state = game.state
    b = state.zone.battle
    roll = strip.last_roll(b, "defender")
    assert roll.step == "intercept"
    laid = strip.dice_by_column(state, b, "defender")
    assert sorted((v, t) for v, ds in laid.items() for t, _n, _f in ds) == \
        [(2, "aaa"), (2, "aaa"), (5, "fighter")]
    assert b.awaiting == "casualties" and b.pools[0].side == "attacker"
    assert win.pool_note().startswith("Interception hits")
    texts = " ".join(tooltips(win.spots))
    assert "carrying 2 Paratrooper" in texts or "carrying 1 Paratrooper" in texts
    assert "intercepted the airdrop" in texts.lower()          # the fighter sits out (gutter)
    shot(app, "orders_intercepted")
    key(app, pygame.K_RETURN)                                  # lose a transport and its cargo
    state = game.state
    assert len(uids(state, "m", "red", "transport_aircraft")) == 1
    assert len(uids(state, "m", "red", "paratrooper")) == 1


def test_the_computer_defender_intercepts_with_every_fighter():
    # the rules' default (RollDice = all), what game.ai plays
    app, game, win = intercept_window(ai=("allies",))
    fighters = B.interceptor_choices(game.state)
    assert game.ctl.ai_to_act()
    assert "computer" in intercept_view.status(win, game.state.zone.battle)
    assert game.ctl.step_ai()
    assert game.state.zone.battle is None or game.state.zone.battle.interceptors == tuple(fighters)


def test_intercepting_cannot_be_undone():
    # the interception rolls dice: undo never goes past a die roll
    app, game, win = intercept_window()
    key(app, pygame.K_r)
    assert not game.ctl.session.can_undo()


# --- 3. the auxiliary cruiser withdraws ------------------------------------------------------
def withdraw_game(ai=()):
    units = (("s1", "red", "auxiliary_cruiser", 1), ("s1", "red", "destroyer", 1), ("s2", "blue", "destroyer", 1))
    app, game = make_game(units, ai=ai, air_base=None, dice=(12,) * 20)
    state = game.state
    game.ctl.do(A.Move(uids(state, "s1", "red"), ("s2",)))
    win = to_battle(app, game, "s2")
    key(app, pygame.K_r)
    key(app, pygame.K_r)            # round 1: every die misses
    return app, game, win


def test_the_withdraw_buttons_send_the_auxiliary_cruiser_to_a_free_zone():
    # seed 000 AUXILIARY CRUISER: "If this unit survives the 1st round of combat, it may
    # withdraw to any adjacent Sea Zone not occupied by an enemy naval unit" (G45)
    app, game, win = withdraw_game()
    state = game.state
    assert state.zone.battle.awaiting == "continue"
    orders = battle_orders.withdraw_orders(win)
    zones = B.withdraw_options(state)
    (uid,) = zones
    assert [o.action for o in orders] == [A.Withdraw((uid,), z) for z in zones[uid]]
    assert any("Withdraw to" in t for t in tooltips(win.spots) if t) or \
        any(o.label.startswith("Withdraw to") for o in orders)
    shot(app, "orders_withdraw")
    key(app, pygame.K_w)
    assert game.state.units[uid].space == zones[uid][0]


def test_before_round_one_ends_the_withdrawal_is_disabled_with_the_rules_reason():
    units = (("s1", "red", "auxiliary_cruiser", 1), ("s2", "blue", "destroyer", 1))
    app, game = make_game(units, air_base=None, dice=(12,) * 20)
    game.ctl.do(A.Move(uids(game.state, "s1", "red"), ("s2",)))
    win = to_battle(app, game, "s2")
    (order,) = battle_orders.withdraw_orders(win)
    assert order.action is None and order.reason == "Units withdraw between rounds."   # the rules' words
    key(app, pygame.K_w)
    assert win.error == order.reason


# --- 4. coastal artillery --------------------------------------------------------------------
def test_coastal_fire_is_listed_with_the_battles_and_its_result_goes_to_the_log():
    # seed 000 FORTRESS: "A Fortress may roll 3dX each turn at enemy ships in adjacent Sea
    # Zones" (G62)
    units = (("a1", "red", "fortress", 1), ("s1", "blue", "destroyer", 2), ("m", "blue", "infantry", 1))
    app, game = make_game(units, air_base=None, dice=(1, 12, 12))
    game.ctl.do(A.EndPhase())                                  # -> conduct combat
    frame(app)
    spots = [h for h in game.spots.items if h.tooltip and "Coastal artillery of Alpha" in h.tooltip]
    assert len(spots) == 1 and "3 dice at 5" in spots[0].tooltip
    shot(app, "orders_coastal")
    click(app, spots[0].rect.center)
    state = game.state
    assert "a1" in state.zone.fired
    assert "coastal artillery of Alpha fires at Sea One" in state.log(1)[-1]
    assert len(uids(state, "s1", "blue")) == 1
    assert game.ctl.message.kind == "good" and "1 hit" in game.ctl.message.text
    frame(app)
    assert not [h for h in game.spots.items if h.tooltip and "Coastal artillery of Alpha" in h.tooltip]
    assert not game.ctl.session.can_undo()                     # dice were rolled


# --- 5. submarines submerge -------------------------------------------------------------------
def naval_window(red, blue, ai=()):
    units = tuple(("s2", "red", t, n) for t, n in red.items()) + tuple(("s3", "blue", t, n) for t, n in blue.items())
    app, game = make_game(units, path=MINI_NAVAL, ai=ai, air_base=None)
    game.ctl.do(A.Move(uids(game.state, "s2", "red"), ("s3",)))
    return app, game, to_battle(app, game, "s3")


def test_s_submerges_the_attackers_submarines():
    # seed 001 SUBMARINE: submerging takes it out of the battle
    app, game, win = naval_window({"submarine": 2, "destroyer": 1}, {"destroyer": 1, "submarine": 1})
    orders = battle_orders.submerge_orders(win)
    assert [o.side for o in orders] == ["attacker", "defender"]
    assert all(o.action is not None for o in orders)            # hotseat: both sides decide
    subs = uids(game.state, "s3", "red", "submarine")
    key(app, pygame.K_s)
    assert set(subs) <= set(game.state.zone.battle.submerged)
    key(app, pygame.K_s, mod=pygame.KMOD_SHIFT)                 # the defender's, Shift+S
    assert set(uids(game.state, "s3", "blue", "submarine")) <= set(game.state.zone.battle.submerged)


def test_an_enemy_frigate_disables_submerging_with_the_reason_shown():
    # seed 001: submarines may not submerge while an enemy frigate is in the battle
    app, game, win = naval_window({"submarine": 2, "destroyer": 1}, {"frigate": 1, "submarine": 1})
    att, dfn = battle_orders.submerge_orders(win)
    sub = game.state.units[uids(game.state, "s3", "red", "submarine")[0]]
    assert att.action is None and att.reason == B.can_submerge(game.state, sub) and "Frigate" in att.reason
    assert dfn.action is not None
    assert any(t and "Not now: " + att.reason in t for t in tooltips(win.spots))
    shot(app, "orders_submerge")
    key(app, pygame.K_s)
    assert win.error == att.reason and not game.state.zone.battle.submerged


def test_a_human_defender_gets_its_turn_before_the_computer_rolls_on():
    app, game, win = naval_window({"destroyer": 1}, {"submarine": 1, "destroyer": 1}, ai=("opfor",))
    assert game.ctl.ai_to_act() and win.blocks_ai                # the computer waits
    assert "fight on" in win.status_text()[0]
    assert not battle_orders.submerge_orders(win)[0].side == "attacker"
    key(app, pygame.K_f)                                         # let it roll on this round
    assert not win.blocks_ai
    assert game.ctl.step_ai()


def test_computer_sides_never_submerge_and_their_buttons_say_why():
    app, game, win = naval_window({"submarine": 1, "destroyer": 1}, {"destroyer": 1}, ai=("opfor",))
    (order,) = battle_orders.submerge_orders(win)
    assert order.action is None and "computer" in order.reason
    assert not win.blocks_ai                                     # no human defender decision


def test_before_the_interception_the_status_says_what_comes():
    app, game = make_game(DROP)
    game.ctl.do(A.Airdrop(uids(game.state, "a1", "red"), "m"))
    win = to_battle(app, game, "m")
    assert "chooses which fighters intercept" in win.status_text()[0]


def test_playtest_mediterranean_italy_drops_on_malta_by_keys_and_clicks():
    # the brief's example: Italy can drop on Malta from Sicily in its first turn (seed 000
    # W1 on the scenario map); the United Kingdom is the computer and intercepts
    from game.rules.ruleset import find_scenario
    sc, _ = load_scenario_file(find_scenario("mediterranean_1940"))
    session = Session(sc, load_ruleset(sc.ruleset_id), 1)
    while not (session.state.phase == "combat_move" and session.state.player == "italy"):
        session.do(A.EndPhase())
    app = App(pygame.Surface((1600, 900)))
    app.strict = True
    game = GameScene(app, session, ("allies",), autosave=False)
    app.reset(game)
    game.auto_overlays = False
    frame(app)
    key(app, pygame.K_p)
    assert game.drop.space == "sicily" and game.drop.carried(game.state)
    assert "malta" in game.drop.targets(game.state, game.ctl.version)
    game.cam.center_on(*sc.spaces["malta"].center)
    frame(app)
    click(app, space_pos(game, "malta"))
    state = game.state
    assert len([u for u in state.units.values() if u.space == "malta" and u.type == "paratrooper"]) == 2
    game.enter_block_until = 0.0
    key(app, pygame.K_RETURN)                                   # end the combat move
    assert game.state.phase == "conduct_combat" and "malta" in game.state.zone.battles
    click(app, space_pos(game, "malta"))
    win = app.top
    assert isinstance(win, BattleWindow)
    seen = set()
    for _ in range(60):
        b = game.state.zone.battle
        if b is None:
            break
        seen.add(b.awaiting)
        if game.ctl.ai_to_act():
            assert b.awaiting != "intercept" or "computer" in win.status_text()[0]
            game.ctl.step_ai()
            frame(app)
        else:
            key(app, pygame.K_RETURN if b.awaiting == "casualties" else pygame.K_r)
    assert game.state.zone.battle is None and "intercept" in seen
    log = " ".join(game.state.log(40))
    assert "interception" in log and "(airdrop)" in log
    shot(app, "playtest_mediterranean_malta_drop_done")


def test_the_defenders_gutter_with_interceptors_stays_inside_its_row(monkeypatch):
    # QA (mediterranean_1940, Malta): with "+1 intercepted" the defender's last gutter line
    # ("~0.8 hits/roll") ran out of the strip into the dice summary below
    rows = {}
    draw = strip._draw_gutter

    def spy(win, surface, lay, b, side):
        rows[side] = lay.rows[side]
        draw(win, surface, lay, b, side)
    monkeypatch.setattr(strip, "_draw_gutter", spy)
    app, game, win = intercept_window(dice=(1, 12, 12))
    key(app, pygame.K_r)
    row = rows["defender"]
    assert row.h >= 96                                          # the tall gutter
    lines = [h.rect for h in win.spots.items if h.tooltip and
             (" hits on average" in h.tooltip or "Intercepted the airdrop" in h.tooltip)
             and h.rect.y >= row.y - 4]
    assert len(lines) == 2
    assert all(row.y <= r.y and r.bottom <= row.bottom for r in lines)
    assert not lines[0].colliderect(lines[1])
