"""Screenshot views of the battle decisions and air transports (screenshot.py's
ORDER_VIEWS), each a fresh game (seed 1) brought to the moment by real actions:

- airdrop_transport: the airdrop step with air transports (seed 000): the first player
  whose combat move has a loaded air transport (mediterranean_1940: Italy in Sicily),
  the drop space with the most interceptors hovered (Malta): carrier → cargo lines and
  the interception line;
- intercept: that drop made and its battle opened: the defender chooses interceptors;
- intercepted: the same after the interception roll (every fighter intercepts);
- submerge: a sea battle with submarines on both sides and a frigate with the defender
  (seed 001): the attacker's Submerge disabled with the reason, the defender's enabled;
- withdraw: an auxiliary cruiser (seed 000) after round 1: Withdraw buttons;
- coastal: the conduct-combat phase of the first player with coastal artillery in range
  of enemy ships: the side panel's coastal fire buttons;
- supply: the first combat move with Albania blockaded by two enemy destroyers (out of
  supply: the orange S badge) and the supply-drop buttons of the air transports;
- ferry: the first player's non-combat move: the ferry-flight buttons (hovered).
A scenario without the units falls back on mediterranean_1940 (seed 000 views) or
sarn_gulf_2031 (submerge)."""
from __future__ import annotations

from dataclasses import replace

INTERWAR = "mediterranean_1940"
NAVAL = "sarn_gulf_2031"


def _load(scenario: str):
    from game.rules.ruleset import load_ruleset, load_scenario
    sc = load_scenario(scenario)
    return sc, load_ruleset(sc.ruleset_id)


def _has(rs, ability: str) -> bool:
    return any(u.has(ability) for u in rs.units.values())


def transport_session(scenario: str, prefer: str = "malta", seed: int = 1):
    """(session, start, drop space): the first round's combat move whose air-transport drop
    is the most telling: a drop space with interceptors, as few defenders as possible
    (mediterranean_1940: Italy from Sicily on Malta); prefer="weakest": the drop space
    with anti-aircraft guns or fighters and the fewest defenders (Italy on Suez), the
    drop worth showing in the airdrop views."""
    from game.rules import actions as A
    from game.rules.session import Session
    from game.rules.zone import airdrop as AD
    sc, rs = _load(scenario)
    if not _has(rs, "air_transport"):
        sc, rs = _load(INTERWAR)

    def fresh() -> Session:
        return Session(sc, rs, seed)

    session = fresh()
    best: tuple | None = None
    for step in range(len(sc.players) * len(rs.phases)):
        st = session.state
        if st.phase == "combat_move":
            for o in AD.options(st, self_airlift=False):
                if o.mission != AD.AIRDROP:
                    continue
                foes = AD.enemies_in(st, o.to, st.player)
                icpt = AD.interceptors_in(st, o.to, st.player)
                fighters = [u for u in icpt if st.utype(u).has("intercepts")]
                if prefer == "weakest":
                    key = (not icpt, len(foes), False, 0, step, o.start, o.to)
                else:
                    key = (o.to != "malta", not icpt, not fighters, len(foes), step, o.start, o.to)  # W1 first
                if best is None or key < best:
                    best = key
        if st.phase == "conduct_combat" and st.zone.battles:
            break
        session.do(A.EndPhase())
    if best is None:
        return fresh(), None, None
    session = fresh()
    for _ in range(best[4]):
        session.do(A.EndPhase())
    return session, best[5], best[6]


def _drop_and_open(session, start: str, dest: str) -> None:
    """Fly transport_session's drop from start to dest, end the combat move and open its battle."""
    from game.rules import actions as A
    from game.rules.zone import airdrop as AD
    (opt,) = [o for o in AD.options(session.state, self_airlift=False) if o.start == start and o.to == dest]
    session.do(opt.action())
    session.do(A.EndPhase())
    if dest in session.state.zone.battles:
        session.do(A.SelectBattle(dest))


def intercept_session(scenario: str, roll: bool = False, prefer: str = "malta", seed: int = 1):
    """The drop of transport_session made and its battle opened, at the interceptor choice
    (`roll`: after the interception's dice, every fighter intercepting)."""
    from game.rules import actions as A
    session, start, dest = transport_session(scenario, prefer, seed)
    if dest is None:
        return session
    _drop_and_open(session, start, dest)
    for _ in range(8):
        b = session.state.zone.battle
        if b is None or b.awaiting == "intercept":
            break
        session.do(A.default_casualties(session.state) if b.awaiting == "casualties" else A.RollDice())
    if roll and session.state.zone.battle is not None and session.state.zone.battle.awaiting == "intercept":
        session.do(A.RollDice())
    return session


def _sea_pair(sc) -> tuple[str, str]:
    for sid, sp in sorted(sc.spaces.items()):
        if sp.is_sea:
            for adj in sorted(sp.adjacent):
                if sc.spaces[adj].is_sea:
                    return sid, adj
    raise ValueError(f"{sc.id}: no two bordering sea zones")


def sea_battle_session(scenario: str, mine: dict[str, int], theirs: dict[str, int], rolls: int = 0,
                       dice: tuple[int, ...] = ()):
    """The first player's ships in one sea zone attack an enemy's in the next."""
    from game.rules import actions as A
    from game.rules.session import Session

    from ..screenshot import to_combat_move
    sc, rs = _load(scenario)
    me = sc.players[0]
    foe = next(p for p in sc.players if p.alliance != me.alliance)
    here, there = _sea_pair(sc)
    units = tuple((here, me.id, t, n) for t, n in mine.items()) + tuple((there, foe.id, t, n) for t, n in theirs.items())
    session = Session(replace(sc, start_units=units), rs, 1)
    if dice:
        session.state.scripted_dice = tuple(dice)
    to_combat_move(session)
    st = session.state
    group = tuple(sorted(u.uid for u in st.units.values() if u.space == here and u.owner == me.id))
    session.do(A.Move(group, (there,)))
    session.do(A.EndPhase())
    session.do(A.SelectBattle(there))
    for _ in range(rolls):
        b = session.state.zone.battle
        if b is None:
            break
        session.do(A.default_casualties(session.state) if b.awaiting == "casualties" else A.RollDice())
    return session


def submerge_session(scenario: str):
    sc, rs = _load(scenario)
    if not _has(rs, "submersible"):
        scenario = NAVAL
        sc, rs = _load(NAVAL)
    sub = next(u for u in rs.units.values() if u.has("submersible"))
    frig = next(iter(rs.expand_all(sub.ability("submersible").unless_enemy_has)))
    ship = next(u.id for u in rs.units.values() if u.domain == "sea" and u.id not in (sub.id, frig)
                and not u.has("transport") and u.attack)
    return sea_battle_session(scenario, {sub.id: 2, ship: 1}, {sub.id: 1, frig: 1, ship: 1})


def withdraw_session(scenario: str):
    sc, rs = _load(scenario)
    if not _has(rs, "withdraws"):
        scenario = INTERWAR
        sc, rs = _load(INTERWAR)
    aux = next(u.id for u in rs.units.values() if u.has("withdraws"))
    ship = "destroyer" if "destroyer" in rs.units else next(u.id for u in rs.units.values() if u.domain == "sea")
    # every die misses (the highest face): both sides come through round 1
    return sea_battle_session(scenario, {aux: 1, ship: 1}, {ship: 1}, rolls=2, dice=(rs.dice,) * 40)


def coastal_session(scenario: str):
    """The conduct-combat phase of the owner of the first coastal artillery, with two enemy
    ships added in the sea zone next to it."""
    from game.rules import actions as A
    from game.rules.session import Session
    sc, rs = _load(scenario)
    if not _has(rs, "coastal_artillery"):
        sc, rs = _load(INTERWAR)
    gun = next(u.id for u in rs.units.values() if u.has("coastal_artillery"))
    placed = [(sp, owner) for sp, owner, t, _n in sc.start_units if t == gun and sc.spaces[sp].kind == "land"]
    if not placed:
        return Session(sc, rs, 1)
    space, owner = placed[0]
    zone = next(z for z in sorted(sc.spaces[space].adjacent) if sc.spaces[z].is_sea)
    mine = next(p for p in sc.players if p.id == owner)
    foe = next(p for p in sc.players if p.alliance != mine.alliance)
    ship = "destroyer" if "destroyer" in rs.units else next(u.id for u in rs.units.values() if u.domain == "sea")
    session = Session(replace(sc, start_units=sc.start_units + ((zone, foe.id, ship, 2),)), rs, 1)
    for _ in range(len(sc.players) * len(rs.phases)):
        st = session.state
        if st.phase == "conduct_combat" and st.player == owner:
            break
        session.do(A.EndPhase())
    return session


def supply_session(scenario: str):
    """The first player's combat move with an allied territory blockaded out of supply
    (mediterranean_1940: Albania, enemy destroyers in the Adriatic and Ionian seas)."""
    from game.rules import actions as A
    from game.rules.session import Session
    sc, rs = _load(scenario)
    if rs.supply is None or not _has(rs, "supply_drop"):
        sc, rs = _load(INTERWAR)
    first = sc.players[0]
    foe = next(p for p in sc.players if p.alliance != first.alliance)
    extra: tuple = ()
    if "albania" in sc.spaces:
        extra = tuple((z, foe.id, "destroyer", 1) for z in sc.spaces["albania"].adjacent
                      if sc.spaces[z].is_sea)
    session = Session(replace(sc, start_units=sc.start_units + extra), rs, 1)
    while session.state.phase != "combat_move":
        session.do(A.EndPhase())
    return session


def ferry_session(scenario: str):
    from game.rules import actions as A
    from game.rules.session import Session
    sc, rs = _load(scenario)
    if not _has(rs, "ferry"):
        sc, rs = _load(INTERWAR)
    session = Session(sc, rs, 1)
    while session.state.phase != "noncombat_move":
        session.do(A.EndPhase())
    return session


def drop_battle_session(scenario: str):
    """The interwar airdrop battle: transport_session's weakest drop made, the
    interception rolled, its hits taken (default choice) and the first round rolled, so
    the strip shows the paratroopers that landed firing and the interception's result;
    seeds are tried until the battle is still on after that roll."""
    from game.rules import actions as A
    session = None
    for seed in range(1, 41):
        session, start, dest = transport_session(scenario, "weakest", seed)
        if dest is None:
            return session
        _drop_and_open(session, start, dest)
        fought = False
        for _ in range(8):
            b = session.state.zone.battle
            fought = b is not None and any(r.step not in ("intercept", "aa") for r in b.rolls)
            if b is None or fought:
                break
            if b.awaiting == "casualties":
                session.do(A.default_casualties(session.state))
            else:
                session.do(A.RollDice())
        if fought and session.state.zone.battle is not None:
            return session
    return session


def render_transport_drop(app, scenario: str, view: str):
    """The airdrop and airdrop_battle views for a ruleset whose paratroopers fly in air
    transports (seed 000): the drop step with the weakest defended drop space that has
    anti-aircraft guns or fighters hovered, and that drop's battle after the first roll."""
    from .. import odds_view
    from ..game_scene import GameScene
    from .battle_window import BattleWindow
    start = dest = None
    if view == "airdrop":
        session, start, dest = transport_session(scenario, prefer="weakest")
    else:
        session = drop_battle_session(scenario)
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.update(0.0)
    state = session.state
    if start is not None and dest is not None:
        game.sel.select_space(state, start)
        game.toggle_airdrop()
        game.hover = dest
    elif state.zone.battle is not None:
        win = app.push(BattleWindow(app, game))
        win.view = "strip"
    app.draw()
    odds_view.settle(60)
    game.update(0.0)
    if dest is not None:
        game.hover = dest
    app.draw()
    return app.surface


def render_order_view(app, scenario: str, view: str):
    from .. import odds_view
    from ..game_scene import GameScene
    from .battle_window import BattleWindow
    start = dest = None
    if view == "airdrop_transport":
        session, start, dest = transport_session(scenario)
    elif view in ("intercept", "intercepted"):
        session = intercept_session(scenario, roll=view == "intercepted")
    elif view == "submerge":
        session = submerge_session(scenario)
    elif view == "withdraw":
        session = withdraw_session(scenario)
    elif view == "supply":
        session = supply_session(scenario)
    elif view == "ferry":
        session = ferry_session(scenario)
    else:
        session = coastal_session(scenario)
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    app.reset(game)
    game.update(0.0)
    state = session.state
    if view == "airdrop_transport" and start is not None:
        game.sel.select_space(state, start)
        game.toggle_airdrop()
        game.hover = dest
    elif view not in ("coastal", "supply", "ferry") and state.zone.battle is not None:
        win = app.push(BattleWindow(app, game))
        win.view = "strip"
    app.draw()
    odds_view.settle(60)
    game.update(0.0)
    game.hover = dest if view == "airdrop_transport" else game.hover
    app.draw()
    return app.surface
