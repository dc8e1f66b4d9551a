"""Screenshot set-ups for what a table-top player sees (issue #44): a crowded zone space at
three zooms (`crowded_fit`, `crowded_mid`, `crowded_close`: the fit view, a counter size
that shows type labels, the closest zoom; the space is hovered, so a pile spreads out),
a hex stack spread on hover (`hexstack`), the highlight kinds (`highlights`: on a zone map
a move, an attack, boarding, placing and an air drop side by side; on a hex map a
stack's moves, an attack, drops, retreats and the advance) and the map legend (`legend`,
key L)."""
from __future__ import annotations

from dataclasses import replace

CROWDED_VIEWS = ("crowded_fit", "crowded_mid", "crowded_close")
TABLE_VIEWS = CROWDED_VIEWS + ("hexstack", "highlights", "legend")


def crowded_units(sc, rs) -> tuple[str, tuple[tuple[str, str, str, int], ...]]:
    """(space, extra start units): ten unit types of the first player in its capital (or
    first land space), one to three of each, beside what the scenario puts there."""
    me = sc.players[0]
    home = me.capital if me.capital in sc.spaces else next(
        s for s, o in sc.start_owners.items() if o == me.id and not sc.spaces[s].is_sea)
    kinds = [u for u in rs.units.values() if u.domain in ("land", "air") and isinstance(u.cost, int)]
    kinds = kinds[:8] + [u for u in kinds if u.domain == "air"][:2]
    return home, tuple((home, me.id, u.id, 1 + k % 3) for k, u in enumerate(kinds))


def render_table_view(app, scenario: str, view: str):
    """Draw one of TABLE_VIEWS offscreen; returns the surface."""
    from game.rules.ruleset import load_ruleset, load_scenario
    from game.rules.session import Session

    from .game_scene import GameScene
    sc = load_scenario(scenario)
    rs = load_ruleset(sc.ruleset_id)
    home: str | None = None   # the space or hex the picture hovers
    if view in CROWDED_VIEWS:
        home, extra = crowded_units(sc, rs)
        sc = replace(sc, start_units=sc.start_units + extra)
    session = Session(sc, rs, 1)
    game = GameScene(app, session, (), autosave=False)
    game.auto_overlays = False
    if game.hexplay is not None:
        game.renderer.budget_ms = None  # type: ignore[attr-defined]  # every tile, at once
    else:
        game.renderer.layout_budget_ms = None
        game.renderer.tiles.budget_ms = float("inf")   # real tiles at once, no stand-ins
    app.reset(game)
    app.draw()   # sets the camera's view
    if view in CROWDED_VIEWS and home is not None:
        _zoom_on(game, home, view)
    elif view == "hexstack":
        home = _hover_biggest_stack(game)
    elif view == "highlights":
        _show_highlights(game)
    elif view == "legend":
        game.legend_on = True
    game.update(0.0)
    for _ in range(3):   # a zoom's first frame draws stand-in tiles: draw until they are real
        if home is not None:
            game.hover = home   # drawing may have moved the hover to the (absent) mouse
        app.draw()
    return app.surface


def _zoom_on(game, sid: str, view: str) -> None:
    cam = game.cam
    cam.fit()
    if view == "crowded_mid":
        while game.renderer.counter_size(cam) < 30 and cam.scale < cam.max_scale():
            cam.zoom(1.15)
    elif view == "crowded_close":
        cam.zoom(cam.max_scale() / cam.scale)
    if view != "crowded_fit":
        cx, cy = game.state.scenario.spaces[sid].center
        cam.center_on(cx, cy)
    game.hover = sid


def _hover_biggest_stack(game) -> str | None:
    """Hover the hex with the most counters, zoomed so that counters read (on a zone map:
    the space with the most units, at the fit view, where it is a pile)."""
    state = game.state
    if game.hexplay is None:
        counts: dict[str, int] = {}
        for u in state.units.values():
            counts[u.space] = counts.get(u.space, 0) + 1
        if not counts:
            return None
        game.cam.fit()
        game.hover = max(sorted(counts), key=lambda k: counts[k])
        return game.hover
    by_hex = game.renderer.units_by_hex(state)
    if not by_hex:
        return None
    h = max(sorted(by_hex), key=lambda k: len(by_hex[k]))
    cam = game.cam
    while game.renderer.counter_size(cam) < 40 and cam.scale < cam.max_scale():
        cam.zoom(1.15)
    cx, cy = game.renderer.centers[h]
    cam.center_on(cx, cy + 40 / cam.scale)
    game.hover = h
    return h


def _show_highlights(game) -> None:
    """Every highlight kind at once. Zone map: the chosen stack's moves and attacks in the
    combat move, with place, drop and board highlights put on free neighbours (in play the
    map shows one kind at a time; here they sit side by side to be compared). Hex map: a
    stack selected in the movement phase."""
    from . import palette
    from .screenshot import to_combat_move
    if game.hexplay is not None:
        from .hex.shots import prepare
        prepare(game, "move")
        return
    session = game.ctl.session
    to_combat_move(session)
    game.ctl.version += 1
    state = session.state
    best: tuple[tuple[int, int], str] | None = None
    for sid in sorted(state.scenario.spaces):
        if state.scenario.spaces[sid].is_sea or not any(u.owner == state.player for u in state.units_in(sid)):
            continue
        game.sel.select_space(state, sid)
        hl = game.sel.highlights(state, game.ctl.version)
        score = (len(set(hl.values())), -abs(len(hl) - 6))   # both kinds, a handful of spaces
        if best is None or score > best[0]:
            best = (score, sid)
    if best is None:
        return
    sid = best[1]
    game.sel.select_space(state, sid)
    shown = dict(game.sel.highlights(state, game.ctl.version))
    near = sorted({n for s in [sid, *shown] for n in state.scenario.spaces[s].adjacent} - set(shown) - {sid})
    lands = [s for s in near if not state.scenario.spaces[s].is_sea and not state.scenario.spaces[s].impassable]
    seas = [s for s in near if state.scenario.spaces[s].is_sea]
    move = [] if palette.MOVE in shown.values() else lands[2:3]
    for col, sp in ((palette.PLACE, lands[:1]), (palette.DROP, lands[1:2]), (palette.BOARD, seas[:1]),
                    (palette.MOVE, move)):
        for s in sp:
            shown[s] = col
    game.sel.highlights = lambda _state, _version: shown   # this picture only
    x, y = state.scenario.spaces[sid].center
    while game.renderer.counter_size(game.cam) < 28 and game.cam.scale < game.cam.max_scale():
        game.cam.zoom(1.15)
    game.cam.center_on(x, y)
