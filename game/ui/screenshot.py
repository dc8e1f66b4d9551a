"""Headless screenshots of every screen: `render(scenario, view, size)`.

Views: map, purchase, battle, menu, handoff, gameover, attack (a combat move
with a planned attack: the side panel's odds), calculator (the battle
calculator with a sample battle of the scenario's ruleset), strip (the battle window
in its battle-strip view; tests/fixtures/mini_interwar.yaml gives a mixed interwar
battle), setup (the "New game vs computer" dialog), airdrop (the airdrop step of the
combat move: paratroopers picked, drop spaces outlined in pink, a hovered drop's odds and
anti-aircraft risk), airdrop_battle (the battle strip after an airdrop: anti-aircraft
dice, paratroopers at their first-round value; with air transports, seed 000: the
interception's dice and the first round),  reroll (a reconnaissance reroll choice
on the strip; the interwar ruleset on this map when its own has no reconnaissance), and the
views of screenshot_orders.ORDER_VIEWS (air transports, interception, submerge, withdraw,
coastal artillery, supply drops, ferry flights), roster (every unit of the scenario's ruleset:
its counter, name and values, to check that the pictures tell the units apart), help (the F1
overlay: keys and the current phase's actions), charts (hex maps: its terrain chart and CRT page),
unitcard (the unit card of the first player's first unit type, as a right click opens it),
computerplays (Esc > Computer plays…, the last side handed to the computer), editbox (edit
mode on the first player's first space with units), history (the history after 40 actions of
the greedy computer, the first combat move open and its first step selected), and the
views of tableshots.TABLE_VIEWS (a crowded space at three zooms, a hex stack spread on hover, the
highlight kinds, the map legend). Each is a fresh
game (seed 1) brought to the right moment by real actions, drawn once offscreen.
"""
from __future__ import annotations

import logging
import os
from dataclasses import replace

logger = logging.getLogger(__name__)

VIEWS = ("map", "purchase", "battle", "menu", "handoff", "gameover", "attack", "calculator", "strip", "setup",
         "airdrop", "airdrop_battle", "reroll", "airdrop_transport", "intercept", "intercepted", "submerge",
         "withdraw", "coastal", "supply", "ferry", "move", "losses", "retreat", "advance", "roster",
         "help", "charts", "unitcard", "crowded_fit", "crowded_mid", "crowded_close", "hexstack",
         "highlights", "legend", "computerplays", "editbox", "history")
# crowded_fit … legend: tableshots.TABLE_VIEWS
# move, losses, retreat, advance: hex maps only (a stack selected in the movement phase; the choices
# after a combat result: the loss panel, the retreat hexes, the advance after combat)
HEX_VIEWS = ("move", "losses", "retreat", "advance")
ORDER_VIEWS = ("airdrop_transport", "intercept", "intercepted", "submerge", "withdraw", "coastal", "supply",
               "ferry")


def _init() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    if not pygame.display.get_init():   # never pygame.init(): it opens the audio device
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()


def _session(scenario: str, seed: int = 1, demo: bool = False):
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    if demo and not sc.start_units:
        sc = replace(sc, start_units=demo_units(sc, rs))
    return Session(sc, rs, seed)


def demo_units(sc, rs) -> tuple[tuple[str, str, str, int], ...]:
    """A small front line for scenarios without a setup (test maps): the first
    player faces the first enemy territory next to its own land."""
    land = sorted((u for u in rs.units.values() if u.domain == "land" and isinstance(u.cost, int)),
                  key=lambda u: u.cost)
    air = [u for u in rs.units.values() if u.domain == "air"]
    if not land or len(sc.players) < 2:
        return ()
    first = sc.players[0]
    owners = sc.start_owners
    for sid, sp in sc.spaces.items():
        if owners.get(sid) != first.id or sp.is_sea:
            continue
        for adj in sp.adjacent:
            other = owners.get(adj)
            enemy = next((p for p in sc.players if p.id == other and p.alliance != first.alliance), None)
            if enemy is None or sc.spaces[adj].impassable:
                continue
            units = [(sid, first.id, land[0].id, 3), (adj, enemy.id, land[0].id, 2)]
            if len(land) > 1:
                units += [(sid, first.id, land[1].id, 2), (adj, enemy.id, land[-1].id, 1)]
            if len(land) > 2:
                units.append((sid, first.id, land[-1].id, 1))
            if air:
                units.append((sid, first.id, air[0].id, 1))
            return tuple(units)
    return ()


def battle_session(scenario: str, attacker: dict[str, int], defender: dict[str, int], seed: int = 1,
                   rolls: int = 1, ruleset: str | None = None):
    """A fresh game of `scenario` with only these units, on the first front between the
    first player and an enemy (as demo_units finds it), the battle opened and `rolls`
    rolls made (casualties by the default order of loss). For screenshots and tests."""
    from game.rules.ruleset import load_ruleset, load_scenario
    sc = load_scenario(scenario)
    return battle_session_on(sc, load_ruleset(ruleset or sc.ruleset_id), attacker, defender, seed, rolls)


def battle_session_on(sc, rs, attacker: dict[str, int], defender: dict[str, int], seed: int = 1,
                      rolls: int = 1):
    """battle_session on a loaded scenario and ruleset."""
    from game.rules import actions as A
    from game.rules.session import Session
    front = demo_units(replace(sc, start_units=()), rs)
    if not front:
        raise ValueError(f"{sc.id}: no land front between the first player and an enemy")
    (home, me, _t, _n), (there, foe, _t2, _n2) = front[0], front[1]
    units = tuple((home, me, t, n) for t, n in attacker.items()) + tuple((there, foe, t, n) for t, n in defender.items())
    session = Session(replace(sc, start_units=units), rs, seed)
    to_combat_move(session)
    st = session.state
    mine = sorted((u for u in st.units.values() if u.space == home and u.owner == me), key=lambda u: u.uid)
    for dom in ("land", "air"):
        group = tuple(u.uid for u in mine if st.utype(u).domain == dom)
        if group:
            session.do(A.Move(group, (there,)))
    session.do(A.EndPhase())
    if there in session.state.zone.battles:
        session.do(A.SelectBattle(there))
    for _ in range(rolls):
        b = session.state.zone.battle
        if b is None:
            break
        while b is not None and b.awaiting == "casualties":
            session.do(A.default_casualties(session.state))
            b = session.state.zone.battle
        if b is None:
            break
        session.do(A.RollDice())
    return session


def plan_attack(session, keep_back: int = 0) -> str | None:
    """In the current player's combat move, move every stack that can reach the first
    enemy-held space found into it (except `keep_back` stacks); returns that space."""
    from game.rules import actions as A
    from game.rules.errors import IllegalAction
    from game.rules.zone import movement
    state = session.state
    target = None
    for a in A.legal_actions(state, max_moves=2000):
        if isinstance(a, A.Move) and movement.enemies_in(state, a.path[-1], state.player):
            target = a.path[-1]
            break
    if target is None:
        return None
    kept = 0
    for (_sp, _t, aboard, _m), units in A.stacks(state, state.player).items():
        if aboard:
            continue
        st = session.state
        live = [st.units[u.uid] for u in units if u.uid in st.units]
        dests = movement.reachable(st, live) if live else {}
        if target in dests:
            if kept < keep_back:
                kept += 1
                continue
            try:
                session.do(A.Move(tuple(u.uid for u in live), dests[target]))
            except IllegalAction:
                pass
    return target


def to_combat_move(session) -> None:
    from game.rules import actions as A
    from game.rules.zone import movement
    while session.state.phase != movement.COMBAT and not session.state.over:
        session.do(A.EndPhase())


def setup_battle(session) -> bool:
    """Drive a fresh game to an opened battle with one roll made. True on success."""
    from game.rules import actions as A
    from game.rules.errors import IllegalAction
    for _ in range(len(session.state.scenario.players)):
        to_combat_move(session)
        target = plan_attack(session)
        if target is not None:
            session.do(A.EndPhase())
            if target in session.state.zone.battles:
                session.do(A.SelectBattle(target))
                session.do(A.RollDice())
                return True
        # no attack for this player: finish the turn
        start_player = session.state.player_idx
        guard = 0
        while session.state.player_idx == start_player and not session.state.over and guard < 20:
            guard += 1
            try:
                session.do(A.EndPhase())
            except IllegalAction:
                return False
    return False


def render(scenario: str, view: str = "map", size: tuple[int, int] = (1600, 900)):
    """Draw one representative frame of a screen offscreen; returns the Surface."""
    _init()
    import pygame

    from game.rules import actions as A

    from .app import App
    from .dialogs import GameOverScene, HandoffScene
    from .game_scene import GameScene
    from .zone.battle_window import BattleWindow
    from .zone.purchase import PurchaseScene
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}'; choose one of: {', '.join(VIEWS)}")
    surface = pygame.Surface(size)
    app = App(surface)
    if view in ("menu", "setup"):
        menu = app.main_menu(selected=scenario)
        if view == "setup":
            menu.start(True)  # type: ignore[attr-defined]
        app.draw()
        return surface
    if view in ("airdrop", "airdrop_battle") and _transport_drops(scenario):
        from .zone.screenshot_orders import render_transport_drop
        return render_transport_drop(app, scenario, view)
    if view in ("airdrop", "airdrop_battle", "reroll"):
        return _render_rules_view(app, scenario, view)
    if view == "roster":
        return render_roster(surface, scenario)
    from .tableshots import TABLE_VIEWS, render_table_view
    if view in TABLE_VIEWS:
        return render_table_view(app, scenario, view)
    if view in ORDER_VIEWS:
        from .zone.screenshot_orders import render_order_view
        return render_order_view(app, scenario, view)
    session = _session(scenario, demo=(view in ("battle", "attack", "strip")))
    if session.state.scenario.hexmap is not None and view in ("attack",) + HEX_VIEWS:
        return _hex_view(app, session, surface, view)
    if view in ("battle", "strip"):
        if not setup_battle(session):
            session = _session(scenario, seed=1, demo=True)
            setup_battle(session)
    target = None
    if view == "attack":
        to_combat_move(session)
        target = plan_attack(session, keep_back=1)
    if view == "gameover":
        for _ in range(20000):
            if session.state.over:
                break
            try:
                session.do(A.EndPhase())
            except Exception:  # noqa: BLE001 - a phase that cannot end: stop here
                logger.debug("screenshot: the phase cannot end; stopping here", exc_info=True)
                break
    if view == "history":
        from game.ai import choose_action
        for _ in range(40):
            if session.state.over:
                break
            session.do(choose_action(session.state, "greedy"))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    if game.hexplay is not None:
        game.renderer.budget_ms = None  # type: ignore[attr-defined]  # every tile, at once
    app.reset(game)
    if view == "purchase":
        state = session.state
        for uid, ut in state.ruleset.units.items():
            if ut.domain == "land" and isinstance(ut.cost, int) and ut.cost * 2 <= state.resources[state.player]:
                game.ctl.do(A.Purchase(uid, 2))
                break
        app.push(PurchaseScene(app, game))
    elif view in ("battle", "strip"):
        if session.state.zone.battle is not None:
            win = app.push(BattleWindow(app, game))
            if view == "strip":
                win.view = "strip"  # type: ignore[attr-defined]
    elif view == "handoff":
        app.push(HandoffScene(app, game, session.state.player))
    elif view == "gameover":
        app.push(GameOverScene(app, game))
    elif view == "attack":
        _select_for_attack(game, target)
    elif view == "calculator":
        app.push(sample_calculator(app, game))
    elif view in ("help", "charts"):
        from .help import HelpOverlay
        overlay = app.push(HelpOverlay(app, game))
        if view == "charts" and overlay.has_charts():  # type: ignore[attr-defined]
            overlay.page = "charts"  # type: ignore[attr-defined]
    elif view in ("computerplays", "editbox", "history"):
        _loop_view(app, game, view)
    elif view == "unitcard":
        from .help import UnitCard
        state = session.state
        mine = sorted((u for u in state.units.values() if u.owner == state.player), key=lambda u: u.uid)
        kind = mine[0].type if mine else next(iter(state.ruleset.units))
        app.push(UnitCard(app, game, [(kind, state.player, 1)]))
    game.update(0.0)
    app.draw()
    _settle_odds(app)
    return surface


def _loop_view(app, game, view: str) -> None:
    """The playtester's views (issue #43): 'Computer plays…', the edit box, the history."""
    state = game.state
    if view == "computerplays":
        from .dialogs import ComputerPlaysDialog, EscMenu
        sides = game.ctl.sides()
        game.ctl.set_side(sides[-1], True, "greedy")
        app.push(EscMenu(app, game))
        app.push(ComputerPlaysDialog(app, game))
    elif view == "editbox":
        game.edit.toggle()
        mine = sorted((u for u in state.units.values() if u.owner == state.player), key=lambda u: u.uid)
        if mine:
            game.click_space(mine[0].space)
            game.cam.center_on(*game.space_centers()[mine[0].space])
    else:
        from .history_view import HistoryView
        hv = app.push(HistoryView(app, game))
        phase = hv.find("phase", "combat move") or hv.find("phase")  # type: ignore[attr-defined]
        if phase is not None:
            hv.click_row(phase)  # type: ignore[attr-defined]
            if phase.children:   # its first step: the map as it stood after it, its arrow
                hv.select(phase.children[0])  # type: ignore[attr-defined]


def render_roster(surface, scenario: str):
    """Every unit type of the scenario's ruleset as a counter (in the first player's colour)
    with its name and attack-defense-move, in columns, ruleset order."""
    from game.rules.ruleset import load_ruleset, load_scenario

    from . import palette, theme
    from .counters import draw_counter
    from .hex import counters as hexcounters
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    hexmap = sc.hexmap is not None
    surface.fill(theme.BG)
    theme.text(surface, f"{getattr(rs, 'name', sc.ruleset_id)}: {len(rs.units)} units",
               (16, 10), 20, theme.TEXT, bold=True)
    units = list(rs.units.values())
    w, h = surface.get_size()
    row_h = 50
    rows = max(1, (h - 50) // row_h)
    cols = (len(units) + rows - 1) // rows
    col_w = (w - 16) // max(1, cols)
    colours = list(palette.nation_colors(sc).values()) or [(120, 120, 120)]
    for k, ut in enumerate(units):
        c, r = divmod(k, rows)
        x, y = 16 + c * col_w, 44 + r * row_h
        colour = colours[k % len(colours)]
        if hexmap:   # Europa-style chits, with their factors
            surface.blit(hexcounters.counter_surface(ut, colour, 44), (x, y - 1))
            surface.blit(hexcounters.counter_surface(ut, colour, 22), (x + 50, y + 20))  # map size
        else:
            draw_counter(surface, (x, y), ut, ut.domain, colour, 42, anchor="topleft")
            draw_counter(surface, (x + 50, y + 20), ut, ut.domain, colour, 20, anchor="topleft")  # map size
        theme.text(surface, theme.elide(ut.name, col_w - 58, 15, bold=True), (x + 50, y + 1), 15, theme.TEXT,
                   bold=True)
        hurt = ", ".join(f"{ut.value('attack', d)}-{ut.value('defense', d)}"
                         for d in range(1, ut.hits if ut.damaged else 1))   # seed 000 "(4, if damaged)"
        theme.text(surface, f"{ut.domain}  {ut.attack}-{ut.defense}-{ut.move}" + (f", damaged {hurt}" if hurt else ""),
                   (x + 76, y + 24), 13, theme.TEXT_DIM)
    return surface


def _settle_odds(app) -> None:
    """Odds are computed on a background worker: wait for those the frame asked for and
    draw again, so that a shot shows the odds, not "computing…" (results may ask for more)."""
    from . import odds_view
    for _ in range(3):
        if odds_view.WORKER.idle():
            break
        odds_view.settle(120)
        app.update(0.0)
        app.draw()


def _hex_view(app, session, surface, view: str):
    from .game_scene import GameScene
    from .hex.shots import prepare
    if view == "history":
        from game.ai import choose_action
        for _ in range(40):
            if session.state.over:
                break
            session.do(choose_action(session.state, "greedy"))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    game.renderer.budget_ms = None  # type: ignore[attr-defined]  # every tile, at once
    app.reset(game)
    prepare(game, view)
    game.update(0.0)
    app.draw()
    return surface


def _select_for_attack(game, target: str | None) -> None:
    """Select a stack that stayed back and hover the attacked space, so the panel shows
    the planned attack's odds and 'if you attack ... with these units'."""
    from game.rules.zone import movement
    state = game.state
    if target is None:
        return
    game.sel.select_space(state, target)
    for sid in sorted(state.scenario.spaces[target].adjacent):
        if any(u.owner == state.player for u in state.units_in(sid)):
            game.sel.select_space(state, sid)
            if game.sel.group(state) and target in game.sel.destinations(state, game.ctl.version) \
                    and movement.is_hostile(state, target, state.player):
                break
    else:
        game.sel.select_space(state, target)
    game.hover = target
    cx, cy = state.scenario.spaces[target].center
    game.cam.center_on(cx, cy)


def sample_calculator(app, game):
    """The calculator with a small land battle of the game's ruleset."""
    from .calculator import CalculatorScene
    rs = game.state.ruleset
    special = ("airdroppable", "self_airlift", "air_transport", "noncombatant")   # not a plain battle
    land = sorted((u for u in rs.units.values() if u.domain == "land" and isinstance(u.cost, int)
                   and not any(u.has(a) for a in special)), key=lambda u: (u.cost, u.id))
    air = [u for u in rs.units.values() if u.domain == "air" and u.attack > 0
           and not any(u.has(a) for a in special)]
    att: dict[str, int] = {}
    dfn: dict[str, int] = {}
    for k, u in enumerate(land[:3]):
        att[u.id] = (6, 2, 3)[k]
        dfn[u.id] = (8, 1, 1)[k]
    if air:
        att[air[0].id] = 2
    return CalculatorScene(app, rs, game, "land", att, dfn)


def save(scenario: str, out: str, size: tuple[int, int] = (1600, 900), view: str = "map") -> str:
    """Render a view and write it as a PNG; returns the path."""
    import pygame
    surface = render(scenario, view, size)
    folder = os.path.dirname(os.path.abspath(out))
    os.makedirs(folder, exist_ok=True)
    pygame.image.save(surface, out)
    return out


def save_position(save: str, at: int | None, out: str, size: tuple[int, int] = (1600, 900)) -> str:
    """The map of a saved game as it stood after its first `at` actions (None: at the end),
    read-only (no computer plays, no autosave); writes a PNG, returns its path."""
    _init()
    import pygame

    from game.history import check_at
    from game.io.saves import load_session
    from game.rules.session import Session

    from .app import App
    from .game_scene import GameScene
    session, _ = load_session(save, from_snapshot=False)
    n = len(session.actions) if at is None else at
    check_at(session, n)   # says what range --at has when n is outside it
    past = Session(session.scenario, session.ruleset, session.seed)
    for a in session.actions[:n]:
        past.replay_do(a)
    surface = pygame.Surface(size)
    app = App(surface)
    game = GameScene(app, past, (), autosave=False)
    game.auto_overlays = False
    if game.hexplay is not None:
        game.renderer.budget_ms = None  # type: ignore[attr-defined]  # every tile, at once
    app.reset(game)
    game.ctl.say(f"After action {n} of {len(session.actions)} (round {past.state.round}, "
                 f"{past.state.phase.replace('_', ' ')})", "notice")
    game.update(0.0)
    app.draw()
    folder = os.path.dirname(os.path.abspath(out))
    os.makedirs(folder, exist_ok=True)
    pygame.image.save(surface, out)
    return out


# --- airdrops and reconnaissance rerolls ----------------------------------------------------
def _transport_drops(scenario: str) -> bool:
    """Do this scenario's paratroopers fly in air transports (seed 000), none by themselves?"""
    from game.rules.ruleset import load_ruleset, load_scenario
    rs = load_ruleset(load_scenario(scenario).ruleset_id)
    return flyer_type(rs) is None and any(u.has("air_transport") for u in rs.units.values())


def flyer_type(rs) -> str | None:
    """The ruleset's first unit that flies itself (self_airlift), if any."""
    return next((u.id for u in rs.units.values() if u.has("self_airlift")), None)


def airdrop_session(scenario: str, n: int = 3):
    """A game of `scenario` in the first player's combat move with `n` paratroopers ready
    to fly: added to the scenario's setup in the first player's capital, or (a map
    without a setup) at the first front, facing infantry and an anti-aircraft gun.
    Returns (session, take-off territory) or (session, None) without paratroopers."""
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    para = flyer_type(rs)
    if para is None:
        session = Session(sc, rs, 1)
        to_combat_move(session)
        return session, None
    me = sc.players[0]
    if sc.start_units and me.capital:
        home = me.capital
        units = sc.start_units + ((home, me.id, para, n),)
    else:
        front = demo_units(replace(sc, start_units=()), rs)
        if not front:
            return Session(sc, rs, 1), None
        (home, _me, _t, _n), (there, foe, _t2, _n2) = front[0], front[1]
        aa = next((u.id for u in rs.units.values() if u.has("anti_aircraft") and u.domain == "land"), None)
        units = ((home, me.id, para, n), (there, foe, land_type(rs), 2)) + (((there, foe, aa, 1),) if aa else ())
    session = Session(replace(sc, start_units=units), rs, 1)
    to_combat_move(session)
    return session, home


def land_type(rs) -> str:
    return "infantry" if "infantry" in rs.units else next(u.id for u in rs.units.values() if u.domain == "land")


def best_drop(state, group) -> str | None:
    """A drop space worth showing: one with anti-aircraft guns if any (the risk line),
    else the weakest defended."""
    from game.rules.zone import airdrop as AD
    targets = AD.targets(state, group)
    if not targets:
        return None

    def score(sid: str) -> tuple:
        foes = [u for u in state.units_in(sid) if state.at_war(u.owner, state.player)]
        aa = any(state.utype(u).has("anti_aircraft") for u in foes)
        return (not aa, len(foes), sid)
    return min(targets, key=score)


def reroll_session(scenario: str, tries: int = 60):
    """A battle awaiting a reconnaissance reroll on `scenario`'s map (its ruleset, or the
    interwar ruleset when its own has no reconnaissance unit): artillery and an armored
    car attack infantry; seeds are tried until the first roll has a miss worth rerolling."""
    from game.rules import actions as A
    from game.rules.ruleset import load_ruleset, load_scenario
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    if not any(u.has("reconnaissance") for u in rs.units.values()):
        rs = load_ruleset("interwar")
    recon = next(u.id for u in rs.units.values() if u.has("reconnaissance") and u.domain == "land")
    att = {"infantry": 2, "artillery": 3, recon: 1}
    dfn = {"infantry": 3, "artillery": 1}
    session = None
    for seed in range(1, tries + 1):
        session = battle_session_on(sc, rs, att, dfn, seed=seed, rolls=0)
        for _ in range(4):
            b = session.state.zone.battle
            if b is None or b.awaiting == "reroll":
                break
            if b.awaiting == "casualties":
                session.do(A.default_casualties(session.state))
            else:
                session.do(A.RollDice())
        b = session.state.zone.battle
        if b is not None and b.awaiting == "reroll" and b.rolls[-1].side == "attacker":
            return session
    return session


def _render_rules_view(app, scenario: str, view: str):
    """The airdrop, airdrop_battle and reroll views (see the module docstring)."""
    from game.rules import actions as A
    from game.rules.zone import airdrop as AD

    from . import odds_view
    from .game_scene import GameScene
    from .zone.battle_window import BattleWindow
    if view == "reroll":
        session = reroll_session(scenario)
    else:
        session, home = airdrop_session(scenario)
    if view == "history":
        from game.ai import choose_action
        for _ in range(40):
            if session.state.over:
                break
            session.do(choose_action(session.state, "greedy"))
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.update(0.0)
    state = session.state
    if view == "reroll":
        if state.zone.battle is not None:
            win = app.push(BattleWindow(app, game))
            win.view = "strip"
        app.draw()
        odds_view.settle(60)
        app.draw()
        return app.surface
    group = AD.flyers(state, home).get(home, []) if home else []
    dest = best_drop(state, group) if group else None
    if view == "airdrop_battle" and dest is not None:
        session.do(A.Airdrop(tuple(u.uid for u in group), dest))
        session.do(A.EndPhase())
        if dest in session.state.zone.battles:
            session.do(A.SelectBattle(dest))
            session.do(A.RollDice())
        game.ctl.version += 1
        game.update(0.0)
        if session.state.zone.battle is not None:
            win = app.push(BattleWindow(app, game))
            win.view = "strip"
        app.draw()
        odds_view.settle(60)
        app.draw()
        return app.surface
    if home is not None:
        game.sel.select_space(state, home)
        game.toggle_airdrop()
        if dest is not None:
            sp = state.scenario.spaces
            cx = (sp[home].center[0] + sp[dest].center[0]) / 2
            cy = (sp[home].center[1] + sp[dest].center[1]) / 2
            game.cam.center_on(cx, cy)
    game.hover = dest
    app.draw()
    odds_view.settle(60)
    game.update(0.0)
    game.hover = dest      # drawing may have moved the hover to the (absent) mouse
    app.draw()
    return app.surface
