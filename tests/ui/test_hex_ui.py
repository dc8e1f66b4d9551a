"""The hex map interface (issue #6): the Crete map renders like a wargame map, a
stack is selected and moved by clicks, an attack shows its odds, shifts and result
chances before the roll, illegal clicks are explained, and a hotseat game is
played to the end by clicks."""
from __future__ import annotations

import pygame
import uikit

from game.rules import actions as A
from game.rules.hex import combat as hexcombat
from game.rules.hex import crt
from game.rules.hex import move as hexmove
from game.rules.ruleset import load_ruleset, load_scenario
from game.rules.session import Session
from game.ui.app import App
from game.ui.dialogs import HandoffScene
from game.ui.game_scene import GameScene
from game.ui.hex.render import HexRenderer

SIZE = (1600, 900)


def crete(seed: int = 1):
    sc = load_scenario("crete_1941")
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), seed), (), autosave=False)
    game.auto_overlays = False
    game.renderer.budget_ms = None
    app.reset(game)
    uikit.frame(app)
    return app, game


def at(game, hid: str) -> tuple[int, int]:
    """Screen point of a hex centre (the view is moved there first if needed)."""
    x, y = game.cam.to_screen(*game.renderer.centers[hid])
    if not pygame.Rect(game.cam.view).inflate(-60, -60).collidepoint(x, y):
        game.cam.center_on(*game.renderer.centers[hid])
        uikit.frame(game.app)
        x, y = game.cam.to_screen(*game.renderer.centers[hid])
    return int(round(x)), int(round(y))


def to_phase(app, game, phase: str) -> None:
    for _ in range(10):
        if game.state.phase == phase:
            return
        assert game.ctl.do(A.EndPhase())
        uikit.frame(app)
    assert game.state.phase == phase


def german_stack(game) -> str:
    """A German hex whose stack can reach at least two hexes."""
    st = game.state
    for hid in sorted({u.space for u in st.units.values() if u.owner == "germany"}):
        uids = tuple(u.uid for u in st.units.values() if u.space == hid and u.owner == "germany")
        if len(hexmove.reachable(st, uids)) >= 2:
            return hid
    raise AssertionError("no German stack can move")


def test_hex_map_renders_terrain_counters_and_layers():
    app, game = crete()
    assert isinstance(game.renderer, HexRenderer)
    r = game.renderer
    uikit.shot(app, "hex_crete_map")
    # a sea hex shows the sea colour, a mountain hex its own brown, a clear hex its pale green
    st = game.state
    hexes = st.scenario.hexmap.hexes
    kinds = {}
    for hid, hd in hexes.items():
        x, y = game.cam.to_screen(*r.centers[hid])
        if pygame.Rect(game.cam.view).inflate(-80, -80).collidepoint(x, y) and not st.units_in(hid):
            kinds.setdefault(hd.terrain, (int(x), int(y + r.R * game.cam.scale * 0.3)))
    assert {"sea", "clear", "mountain"} <= set(kinds)
    cols = {k: tuple(app.surface.get_at(p))[:3] for k, p in kinds.items()}
    assert len({cols["sea"], cols["clear"]}) == 2
    sea = r.sea_col
    assert max(abs(a - b) for a, b in zip(cols["sea"], sea, strict=True)) < 60
    # the front: hexes held by enemies meet (the German airheads are ringed)
    front = r.front_edges(st)
    assert front and len(front) < len(hexes) * 3
    # the static map is cached in tiles: panning blits, it renders no new tile in view
    before = r.tiles_rendered
    game.cam.pan(3, 0)
    uikit.frame(app)
    game.cam.pan(-3, 0)
    uikit.frame(app)
    assert r.tiles_rendered - before <= 4
    # the cache stays bounded however much the player zooms
    for _ in range(8):
        game.cam.zoom(1.2)
        uikit.frame(app)
    from game.ui.hex import render as hexrender
    assert len(r._tiles) <= hexrender.MAX_TILES


def test_hover_info_names_terrain_costs_and_stack():
    app, game = crete()
    st = game.state
    chania = next(h for h, d in st.scenario.hexmap.hexes.items() if d.name == "Chania")
    lines = game.tooltip_lines(chania)
    text = "\n".join(lines)
    assert "Chania" in lines[0] and "Clear" in text and "City" in text
    assert "Move cost" in text and "RE" in text
    assert "Army HQ" in text or "HQ" in text


def test_selecting_a_stack_highlights_its_moves_with_mp_costs():
    app, game = crete()
    to_phase(app, game, "movement")
    hid = german_stack(game)
    uikit.click(app, at(game, hid))
    play = game.hexplay
    st = game.state
    uids = tuple(sorted(u.uid for u in st.units.values() if u.space == hid and u.owner == "germany"))
    assert play.sel == hid and tuple(sorted(play.picked)) == uids
    ov = play.overlay()
    assert set(ov.dests) == set(hexmove.reachable(st, uids))
    assert all(label.isdigit() for label in ov.dests.values())
    assert ov.zoc == hexmove.zoc_hexes(st, "germany")
    uikit.shot(app, "hex_selected")


def test_a_move_by_click():
    app, game = crete()
    to_phase(app, game, "movement")
    hid = german_stack(game)
    uikit.click(app, at(game, hid))
    play = game.hexplay
    dests = play.dests()
    dest = sorted(dests, key=lambda h: (len(dests[h]), h))[-1]
    uids = set(play.picked)
    uikit.click(app, at(game, dest))
    st = game.state
    assert all(st.units[i].space == dest for i in uids)
    assert play.sel == dest
    # undo puts the stack back (the same Move action went through the reducer)
    game.undo()
    uikit.frame(app)
    assert all(game.state.units[i].space == hid for i in uids)


def test_an_attack_preview_shows_odds_shifts_and_result_chances():
    app, game = crete()
    to_phase(app, game, "combat")
    st = game.state
    target = hexcombat.attack_targets(st)[0]
    uikit.click(app, at(game, target))
    play = game.hexplay
    pv = play.preview()
    assert play.target == target and pv is not None and not pv.legal
    want = crt.preview(st, target, tuple(sorted(u.uid for u in hexcombat.attackers_for(st, target))))
    assert pv.shifts == want.shifts and pv.column == want.column
    assert any("Luftwaffe" in s.reason for s in pv.shifts)
    assert abs(sum(pv.probabilities.values()) - 1) < 1e-4
    uikit.shot(app, "hex_attack_preview")
    # the Attack button rolls on that column
    button = next(h for h in game.spots.items if h.tooltip == "Roll the die on this column")
    uikit.click(app, button.rect.center)
    last = game.state.hexturn.last
    assert last is not None and last.target == target and last.column == want.column_label
    assert play.target is None


def test_illegal_clicks_are_explained():
    app, game = crete()
    to_phase(app, game, "movement")
    hid = german_stack(game)
    uikit.click(app, at(game, hid))
    play = game.hexplay
    st = game.state
    uids = tuple(sorted(play.picked))
    far = next(h for h, d in st.scenario.hexmap.hexes.items()
               if not hexmove.is_water(st, h) and h not in play.dests() and h != hid
               and not any(u.owner == "germany" for u in st.units_in(h)))
    uikit.click(app, at(game, far))
    assert game.ctl.message is not None and game.ctl.message.kind == "error"
    assert game.ctl.message.text == hexmove.explain(st, uids, far)
    assert play.bad == far
    # combat: an enemy stack nobody can reach is explained, not attacked
    to_phase(app, game, "combat")
    st = game.state
    targets = set(hexcombat.attack_targets(st))
    lone = next(u.space for u in st.units.values() if u.owner != "germany" and u.space not in targets)
    uikit.click(app, at(game, lone))
    assert game.ctl.message.kind == "error"
    assert "next to" in game.ctl.message.text or "attack" in game.ctl.message.text.lower()
    assert st.hexturn.last is None


def click_spot(app, game, tooltip: str) -> bool:
    spot = next((h for h in game.spots.items if h.tooltip.startswith(tooltip) and h.enabled), None)
    if spot is None:
        return False
    uikit.click(app, spot.rect.center)
    return True


def answer_by_clicks(app, game, chosen: dict[str, int]) -> bool:
    """A combat result waits for this human's losses or retreat: the first time, a choice
    other than the rules' proposal where one is legal (clicks on the unit rows / the map),
    then the confirm button. True if something was clicked."""
    play = game.hexplay
    st = game.state
    p = play.decision()
    if p is None:
        return False
    if p.stage.endswith("losses"):
        ch = hexcombat.loss_choice(st)
        if not chosen.get("losses"):
            # a click on a row changes that unit's loss; try one or two clicks for another legal choice
            def row(uid):   # the panel lists the units in loss_choice order
                return rows_of(game)[ch.units.index(uid)]
            tries = [(a,) for a in ch.units] + [(a, b) for a in ch.units for b in ch.units if a != b]
            for clicks in tries:
                play.reset_choice()
                uikit.frame(app)
                for uid in clicks:
                    uikit.click(app, row(uid).rect.center)
                if sorted(play.losses()) != sorted(ch.default) and not hexcombat.loss_block(st, tuple(play.losses())):
                    chosen["losses"] = 1
                    break
            else:
                play.reset_choice()
            uikit.frame(app)
        if hexcombat.loss_block(st, tuple(play.losses())):
            play.reset_choice()
            uikit.frame(app)
        assert click_spot(app, game, "Take the chosen losses")
        return True
    opts = play.retreat_opts()
    dflt = play.retreat_default()
    others = sorted(h for h in opts if h != dflt)
    if not chosen.get("retreat") and others:
        before = play.retreating()
        uikit.click(app, at(game, others[0]))
        assert game.state is not st and all(game.state.units[i].space == others[0]
                                            for i in before if i in game.state.units)
        chosen["retreat"] = 1
        return True
    if opts:
        assert click_spot(app, game, "Retreat the chosen units to the proposed hex")
    else:
        # no hex holds them all together: one unit at a time
        uid = p.retreating[0]
        play.retreat_pick = (uid,)
        uikit.frame(app)
        assert click_spot(app, game, "Retreat the chosen units to the proposed hex")
    return True


def rows_of(game):
    return [h for h in game.spots.items if h.tooltip.endswith("click to change its loss")]


def test_crete_plays_to_the_end_in_hotseat_by_clicks():
    """Every side human: each attack that the preview puts at 2:1 or better is made by
    clicks; losses and retreats chosen by clicks (at least one of each differs from the
    rules' proposal), advances taken, phases ended with the End phase button. (Seed 1 brings a
    half loss with a choice and a retreat with two hexes.)"""
    app, game = crete(seed=1)
    game.auto_overlays = True
    attacks = 0
    chosen: dict[str, int] = {}
    for _ in range(900):
        if game.state.over:
            break
        if isinstance(app.top, HandoffScene):
            uikit.click(app, (10, 10))
            continue
        if app.top is not game:
            break
        st = game.state
        if answer_by_clicks(app, game, chosen):
            continue
        if st.phase == "combat" and game.hexplay.advance() is not None:
            assert click_spot(app, game, "Move the chosen attackers")
            continue
        if st.phase == "combat":
            good = [t for t in hexcombat.attack_targets(st)
                    if crt.preview(st, t, tuple(u.uid for u in hexcombat.attackers_for(st, t))).column
                    >= st.ruleset.hex.crt.columns.index("2:1")]
            if good:
                uikit.click(app, at(game, good[0]))
                assert click_spot(app, game, "Roll the die")
                attacks += 1
                continue
        assert click_spot(app, game, "End this phase")
    assert game.state.over, "the game did not end"
    assert attacks > 0
    assert chosen == {"losses": 1, "retreat": 1}, chosen
    uikit.shot(app, "hex_game_over")


def test_an_air_drop_by_click():
    """A parachute regiment on a held airfield: its air-drop hexes are offered (sky
    blue) and a click on one flies it there through the Airdrop action."""
    from dataclasses import replace
    sc = load_scenario("crete_1941")
    af = next(h for h, d in sc.hexmap.hexes.items() if "airfield" in d.features and d.name.startswith("Heraklion"))
    near = {af} | set(sc.spaces[af].adjacent)   # no enemy ZOC on the airfield
    units = tuple(u for u in sc.start_units if u[0] not in near) + ((af, "germany", "parachute", 1),)
    sc = replace(sc, start_units=units, start_owners={**sc.start_owners, af: "germany"})
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 2), (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    to_phase(app, game, "movement")
    uikit.click(app, at(game, af))
    play = game.hexplay
    drops = play.drops()
    assert drops and play.overlay().drops == drops
    uikit.shot(app, "hex_airdrop_targets")
    far = max((h for h in drops if h not in play.dests()), key=lambda h: (h.count("-"), h))
    uid = next(iter(play.picked))
    uikit.click(app, at(game, far))
    st = game.state
    assert uid not in st.units or st.units[uid].space == far
    assert st.hexturn.airlift != (0.0, 0.0)
    assert game.ctl.message is not None and game.ctl.message.kind in ("good", "info")


def test_exploitation_moves_only_cm_units_and_says_why():
    app, game = crete()
    to_phase(app, game, "exploitation")
    st = game.state
    hid = next(u.space for u in st.units.values() if u.owner == "germany" and not hexmove.is_cm(st, st.utype(u)))
    uikit.click(app, at(game, hid))
    assert not game.hexplay.picked
    assert "c/m" in game.ctl.message.text
    assert game.hexplay.overlay().dests == {}


def test_a_whole_game_of_moves_attacks_and_advances_by_clicks():
    """Hotseat, every phase by clicks: a few stacks move to a highlighted hex (air
    drops included), attacks at the best odds are rolled, advances taken. The
    interface never fails (app.strict) and the game ends."""
    import random
    rng = random.Random(11)
    app, game = crete(seed=11)
    game.auto_overlays = True
    play = game.hexplay
    moved: set[tuple[int, str, int]] = set()
    for _ in range(900):
        if game.state.over:
            break
        if isinstance(app.top, HandoffScene):
            uikit.click(app, (10, 10))
            continue
        if app.top is not game:
            break
        st = game.state
        key = (st.round, st.player, st.phase)
        if st.phase in ("movement", "exploitation") and sum(1 for k in moved if k[:3] == key) < 3:
            stacks = sorted({u.space for u in st.units.values() if u.owner == st.player
                             and hexmove.mp_left(st, u) > 0})
            rng.shuffle(stacks)
            went = False
            for hid in stacks[:4]:
                uikit.click(app, at(game, hid))
                options = sorted(set(play.dests()) | play.drops())
                if options:
                    uikit.click(app, at(game, rng.choice(options)))
                    went = True
                    break
            moved.add(key + (len(moved),))
            if went:
                continue
        if answer_by_clicks(app, game, {"losses": 1, "retreat": 1}):
            continue
        if st.phase == "combat" and play.advance() is not None:
            assert click_spot(app, game, "Move every surviving attacker") or \
                click_spot(app, game, "Move the chosen attackers")
            continue
        if st.phase == "combat":
            targets = hexcombat.attack_targets(st)
            if targets:
                best = max(targets, key=lambda t: crt.preview(
                    st, t, tuple(u.uid for u in hexcombat.attackers_for(st, t))).column)
                uikit.click(app, at(game, best))
                if click_spot(app, game, "Roll the die"):
                    continue
        assert click_spot(app, game, "End this phase")
    assert game.state.over, "the game did not end"
    uikit.shot(app, "hex_whole_game")


def test_zone_airdrop_key_on_a_hex_map_explains_instead_of_starting():
    # the zone maps' airdrop step (P) does not apply on hex maps: air drops there start
    # from the unit's own move highlights; the key says so and changes nothing
    app, game = crete()
    before = game.state
    uikit.key(app, pygame.K_p)
    assert not game.drop.active
    assert game.state is before
    assert "hex map" in game.ctl.message.text.lower()


def test_loss_and_retreat_choices_show_in_the_panel_and_on_the_map_and_enter_takes_the_proposal():
    """After a roll the side that chooses sees the loss panel (proposal pre-selected, an illegal
    change explained), then the retreat hexes on the map (the proposal ringed); Enter takes
    the proposal; a click on a hex no unit may retreat to says why."""
    from game.ui.hex import shots as hexshots
    app, game = crete(seed=1)
    assert hexshots.find_choice(game.ctl.session, "losses")
    game.ctl.version += 1
    uikit.frame(app)
    play = game.hexplay
    st = game.state
    ch = hexcombat.loss_choice(st)
    assert play.decision() is not None and sorted(play.losses()) == sorted(ch.default)
    assert any(h.tooltip.startswith("Take the chosen losses") and h.enabled for h in game.spots.items)
    rows = rows_of(game)
    assert len(rows) == len(ch.units)
    # lose nothing: refused with the reason in the panel, the button disabled
    play.loss_pick = []
    uikit.frame(app)
    assert not any(h.tooltip.startswith("Take the chosen losses") and h.enabled for h in game.spots.items)
    assert "Not enough losses" in hexcombat.loss_block(st, ())
    uikit.shot(app, "hex_loss_choice")
    play.reset_choice()
    uikit.frame(app)
    gone = set(st.hexturn.last.lost) | set(st.hexturn.last.reduced)   # (before the choice)
    uikit.key(app, pygame.K_RETURN)
    nxt = hexcombat.loss_choice(game.state)
    assert game.state is not st and (nxt is None or nxt.side != ch.side)   # (an exchange: the attacker's turn)
    assert (set(game.state.hexturn.last.lost) | set(game.state.hexturn.last.reduced)) - gone == set(ch.default)
    # on to a retreat with a choice of hexes
    assert hexshots.find_choice(game.ctl.session, "retreat")
    game.ctl.version += 1
    uikit.frame(app)
    st = game.state
    ov = play.overlay()
    opts = hexcombat.retreat_options(st, play.retreating())
    assert ov.retreats == set(opts) and ov.retreat_default in opts and len(opts) > 1
    uikit.shot(app, "hex_retreat_choice")
    far = next(h for h in st.scenario.hexmap.hexes if not hexmove.is_water(st, h) and h not in opts
               and h not in st.scenario.spaces[ov.retreat_from].adjacent and h != ov.retreat_from)
    uikit.click(app, at(game, far))
    assert game.state is st and game.ctl.message.kind == "error" and "adjacent" in game.ctl.message.text
    moving = play.retreating()
    dflt = ov.retreat_default
    uikit.key(app, pygame.K_RETURN)
    assert all(game.state.units[i].space == dflt for i in moving if i in game.state.units)


def test_against_the_computer_each_side_answers_its_own_choices():
    """The computer attacks (axis); the human defender is asked for its losses and retreats
    (the computer waits), and the computer makes its own choices at once."""
    sc = load_scenario("crete_1941")
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, Session(sc, load_ruleset(sc.ruleset_id), 1), ("axis",), autosave=False)
    game.auto_overlays = False
    game.renderer.budget_ms = None
    app.reset(game)
    uikit.frame(app)
    asked = 0
    for _ in range(3000):
        st = game.state
        if st.over or st.round > 2:
            break
        p = hexcombat.pending(st)
        if game.ctl.ai_to_act():
            assert p is None or p.chooser == "germany"   # the computer answers its own choices
            assert game.ctl.step_ai()
            continue
        if p is not None:
            # the human side is asked; the computer waits
            assert p.chooser == "commonwealth" and game.my_turn() and game.hexplay.decision() is p
            uikit.frame(app)
            before = st
            uikit.key(app, pygame.K_RETURN)
            assert game.state is not before
            asked += 1
            continue
        assert game.ctl.do(A.EndPhase())
    assert asked > 0


def kit_game(units, dice, target="3,2", phase="combat"):
    """A small hex game (tests/rules/hexkit.py) right after red attacked `target` with all
    its units (target None: no attack), in a hotseat GameScene."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
    from hexkit import hexgame
    s = hexgame(units, phase=phase, dice=dice)
    reds = tuple(sorted(u.uid for u in s.units.values() if u.owner == "red"))
    session = Session(s.scenario, s.ruleset, 1)
    session.state = A.apply(s, A.Attack(target, reds)) if target else s
    app = App(pygame.Surface(SIZE))
    app.strict = True
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    game.renderer.budget_ms = None
    app.reset(game)
    uikit.frame(app)
    return app, game


def big_loss_game(roll: int = 6):
    """A 21-unit defending stack hit by DH (half losses): the defender's loss choice lists
    every unit. (The start set-up is not checked for stacking.)"""
    return kit_game([(2, 2, "red", "infantry_division", 3), (2, 3, "red", "infantry_division", 3),
                     (3, 1, "red", "infantry_division", 3), (3, 2, "blue", "garrison_infantry", 7),
                     (3, 2, "blue", "alarm", 14)], (roll,))


def test_a_long_loss_list_scrolls_and_every_unit_can_be_reached():
    # seed 003 15.x / 11.O: the owning player chooses among all its units; with 13 of them the
    # panel shows lower rows and scrolls instead of cutting the list off
    app, game = big_loss_game()
    st = game.state
    ch = hexcombat.loss_choice(st)
    assert ch is not None and len(ch.units) == 21
    play = game.hexplay
    assert play.panel._row_max > 0                           # too many even for low rows: it scrolls
    take = [h for h in game.spots.items if h.tooltip.startswith("Take the chosen losses")]
    assert take and take[0].rect.bottom <= SIZE[1]        # the button is on screen, below the list
    for _ in range(20):
        rows = rows_of(game)
        assert rows and all(r.rect.bottom <= take[0].rect.top for r in rows)
        if play.panel.row_scroll >= play.panel._row_max:
            break
        uikit.wheel(app, play.panel.rows_rect.center, -1)     # the wheel over the list
    assert play.panel.row_scroll == play.panel._row_max
    shown_last = rows_of(game)
    uikit.shot(app, "hex_loss_choice_long")
    # the last unit of the list can be clicked into the choice
    last = ch.units[-1]
    before = play.losses().count(last)
    uikit.click(app, shown_last[-1].rect.center)
    assert play.losses().count(last) != before


def test_hotseat_loss_choice_of_the_other_side_shows_a_banner_not_a_handoff(monkeypatch):
    # seed 003 (Europa) has no hidden information: the defender's loss choice in the middle of
    # the attacker's combat keeps the shared screen (banner "Commonwealth chooses losses"),
    # and no hand-off follows when the choice is made (docs/interpretations.md)
    from game.ui import theme
    from game.ui.hex import shots as hexshots

    def defender_choice(session):
        for _ in range(40):
            if not hexshots.find_choice(session, "losses"):
                return None
            p = hexcombat.pending(session.state)
            if p.chooser != session.state.player:
                return p
            session.do(A.hex_decision(session.state))
        return None
    for seed in range(1, 9):   # greedy play on some seeds meets no choice of the defender's
        app, game = crete(seed=seed)
        game.auto_overlays = True
        uikit.frame(app)
        if isinstance(app.top, HandoffScene):
            uikit.click(app, (10, 10))
        assert app.top is game
        session = game.ctl.session
        p = defender_choice(session)
        if p is not None:
            break
    assert p is not None
    st = game.state
    assert p.stage == "defender_losses" and p.chooser != st.player
    game.last_human = st.player                              # the computer played up to here
    game.ctl.version += 1
    uikit.frame(app)
    assert app.top is game                                   # no hand-off screen
    assert game.hexplay.decision() is p                      # the defender chooses at this screen
    texts: list[str] = []
    real = theme.text

    def spy(surface, s, *a, **k):
        texts.append(s)
        return real(surface, s, *a, **k)
    monkeypatch.setattr(theme, "text", spy)
    uikit.frame(app)
    monkeypatch.setattr(theme, "text", real)
    who = game.ctl.player_name(p.chooser)
    assert any(f"({who} chooses losses)" in t for t in texts)
    uikit.shot(app, "hex_hotseat_defender_choice")
    for _ in range(5):                                       # the proposal(s), by Enter
        uikit.key(app, pygame.K_RETURN)
        assert app.top is game
        q = hexcombat.pending(game.state)
        if q is None or q.chooser == game.state.player:
            break
    uikit.frame(app)
    assert app.top is game and game.state.player == st.player   # back to the attacker: no hand-off


def test_a_lost_supply_unit_is_retreated_by_its_owner_on_the_map(monkeypatch):
    # seed 003: 15.W a supply unit is only eliminated if it has no retreat route: after DE it
    # waits for its owner's retreat (orange hexes, the panel says why), a click on another
    # orange hex than the proposal moves it there
    app, game = kit_game([(2, 2, "red", "armour_brigade", 2), (3, 2, "blue", "garrison_infantry"),
                          (3, 2, "blue", "truck")], (4,))
    st = game.state
    play = game.hexplay
    p = hexcombat.pending(st)
    assert st.hexturn.last.result == "DE" and p is not None and p.stage == "defender_retreat"
    truck = p.retreating[0]
    assert st.units[truck].type == "truck" and play.decision() is p
    ov = play.overlay()
    assert ov.retreat_from == "3,2" and len(ov.retreats) > 1
    from game.ui import theme
    texts: list[str] = []
    orig = theme.text
    monkeypatch.setattr(theme, "text", lambda surface, t, *a, **k: (texts.append(t), orig(surface, t, *a, **k))[1])
    uikit.frame(app)
    monkeypatch.setattr(theme, "text", orig)
    assert any("15.W" in t for t in texts) and any("1 hex." in t for t in texts)
    uikit.shot(app, "hex_supply_unit_retreat")
    other = sorted(h for h in ov.retreats if h != ov.retreat_default)[0]
    uikit.click(app, at(game, other))
    assert game.state.units[truck].space == other and hexcombat.pending(game.state) is None


def test_the_result_label_leaves_the_counter_readable_and_the_result_names_are_whole(monkeypatch):
    # seed 003 CRT (15.x results): the odds panel names every result in full at 1600x900, and
    # the result label on the map sits under the stack's counter (its factors stay readable),
    # in the middle of a hex left empty
    app, game = crete()
    to_phase(app, game, "combat")
    st = game.state
    target = hexcombat.attack_targets(st)[0]
    uikit.click(app, at(game, target))
    pv = game.hexplay.preview()
    assert pv is not None
    from game.ui import theme
    texts: list[str] = []
    orig = theme.text
    monkeypatch.setattr(theme, "text", lambda surface, t, *a, **k: (texts.append(t), orig(surface, t, *a, **k))[1])
    uikit.frame(app)
    monkeypatch.setattr(theme, "text", orig)
    for code in pv.probabilities:
        assert pv.results[code] in texts, pv.results[code]
    rnd = game.renderer
    cs = rnd.counter_size(game.cam)
    c = game.cam.to_screen(*rnd.centers[target])
    rs = rnd.R * game.cam.scale
    r = rnd.result_rect(st, target, c, rs, (40, 14))
    counter = pygame.Rect(0, 0, cs, cs)
    counter.center = (int(c[0]), int(c[1]))
    factors = pygame.Rect(counter.x, counter.bottom - cs // 3, cs, cs // 3)   # the factors line
    assert not r.colliderect(factors)
    empty = next(h for h in st.scenario.hexmap.hexes if not rnd.units_by_hex(st).get(h))
    assert rnd.result_rect(st, empty, (100, 100), rs, (40, 14)).center == (100, 100)


def test_a_unit_that_cannot_fly_anywhere_is_told_why_in_the_panel(monkeypatch):
    # seed 003: 15.X.1/15.X.2 a mountain regiment is air transportable but not air droppable:
    # from the airfields in Greece with no Cretan airfield held, the panel says so instead of
    # "0 hexes"
    app, game = crete()
    session = game.ctl.session
    for _ in range(60):
        st = session.state
        if st.round == 2 and st.player == "germany" and st.phase == "movement":
            break
        d = A.hex_decision(st)
        if d is None and st.hexturn is not None and st.hexturn.advance is not None:
            d = A.Advance((), st.hexturn.advance[0])
        session.do(d or A.EndPhase())
    st = session.state
    game.ctl.version += 1
    mtn = next(u for u in st.units.values() if u.owner == "germany" and u.type.startswith("mountain")
               and "Greece" in st.scenario.spaces[u.space].name)
    play = game.hexplay
    play.sel, play.picked = mtn.space, {mtn.uid}
    assert not play.drops() and not hexairdrop_block(st, mtn.uid)
    from game.ui import theme
    texts: list[str] = []
    orig = theme.text
    monkeypatch.setattr(theme, "text", lambda surface, t, *a, **k: (texts.append(t), orig(surface, t, *a, **k))[1])
    uikit.frame(app)
    monkeypatch.setattr(theme, "text", orig)
    assert "not air droppable" in " ".join(texts)


def hexairdrop_block(st, uid):
    from game.rules.hex import airdrop as hexairdrop
    return hexairdrop.group_block(st, (uid,))


def test_an_out_of_supply_unit_says_so_in_words():
    # seed 003 assumes Europa supply (docs/interpretations.md, Europa): a unit out of supply is
    # marked on its counter (red corner) and the hover text and the unit row say it in words
    from dataclasses import replace
    app, game = crete()
    to_phase(app, game, "movement")
    session = game.ctl.session
    st = session.state
    u = next(u for u in sorted(st.units.values(), key=lambda u: u.uid)
             if u.owner == "germany" and hexmove.mp_left(st, u) > 0 and "Greece" not in st.scenario.spaces[u.space].name)
    st.units[u.uid] = replace(u, oos=2)
    game.ctl.version += 1
    game.renderer._by_hex = (None, {})        # (the state was changed in place)
    lines = game.hexplay.tooltip_lines(u.space)
    assert any("out of supply (2 turns; red corner)" in t for t in lines), lines
    uikit.click(app, at(game, u.space))
    from game.ui import theme
    from game.ui.hex import texts as hextexts
    texts: list[str] = []
    orig = theme.text
    theme.text = lambda surface, t, *a, **k: (texts.append(t), orig(surface, t, *a, **k))[1]
    try:
        uikit.frame(app)
    finally:
        theme.text = orig
    assert any(t.startswith("out of supply · ") for t in texts)
    assert hextexts.oos_text(1) == "this turn"


def test_log_lines_stay_inside_the_log_box(monkeypatch):
    # long combat lines (seed 003 CRT: odds, every shift, column, roll, result) wrap inside the
    # log box: continuation lines are indented, so they are wrapped to the narrower width
    app, game = crete()
    st = game.state
    for n in range(12):   # lines of many word lengths: some continuation line nearly fills
        st.add_log(f"Germany attacks {n}: " + " ".join("w" * ((i * 7 + n) % 9 + 1) for i in range(30)))
    from game.ui import theme
    drawn: list[tuple[str, int, int]] = []
    orig = theme.text

    def spy(surface, t, pos, size, *a, **k):
        drawn.append((t, pos[0], size))
        return orig(surface, t, pos, size, *a, **k)
    monkeypatch.setattr(theme, "text", spy)
    uikit.frame(app)
    monkeypatch.setattr(theme, "text", orig)
    box = game.panel.log_rect
    mine = [(t, x, s) for t, x, s in drawn if s == 17 and box.x <= x < box.right and "ww" in t]
    assert len(mine) > 12
    for t, x, s in mine:
        assert x + theme.text_width(t, s) <= box.right - 4, (t, x + theme.text_width(t, s) - box.right)


def test_a_choice_screenshot_that_never_comes_up_says_so(monkeypatch, capsys):
    # `python -m game screenshot hex_tutorial --view losses`: when no such choice comes up, the
    # command says so instead of silently showing another picture
    from game.ui.hex import shots as hexshots
    app, game = crete()
    monkeypatch.setattr(hexshots, "find_choice", lambda session, view: False)
    hexshots.prepare(game, "losses")
    assert "no losses choice came up" in capsys.readouterr().err


def test_a_big_stack_in_the_move_panel_scrolls_and_every_unit_can_be_left_behind():
    # seed 003 (Europa) stacks: a hex may hold many units (an off-map airfield collects the
    # reinforcements); the move panel lists them all, lower, then scrolling, never cut off
    app, game = kit_game([(1, 2, "red", "garrison_infantry", 12), (1, 2, "red", "alarm", 10)], (), target=None,
                         phase="movement")
    play = game.hexplay
    uikit.click(app, at(game, "1,2"))
    assert len(play.picked) == 22 and play.panel._row_max > 0
    def rows():
        return [h for h in game.spots.items if h.tooltip.endswith("click to move it or leave it behind")]
    assert all(r.rect.bottom <= game.panel.log_rect.top for r in rows())
    for _ in range(30):
        if play.panel.row_scroll >= play.panel._row_max:
            break
        uikit.wheel(app, play.panel.rows_rect.center, -1)
    assert play.panel.row_scroll == play.panel._row_max
    uikit.shot(app, "hex_big_stack_move")
    last = rows()[-1]
    uikit.click(app, last.rect.center)
    assert len(play.picked) == 21                      # the last unit of the stack stays behind
