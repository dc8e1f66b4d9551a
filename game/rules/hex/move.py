"""Hex movement: terrain costs per movement column, hexsides, zones of control,
stacking in REs, home-country limits (15.G, 15.S) and the Move action on hex maps.

Conventional rules (seed 003 assumes them; docs/interpretations.md#europa-seed-003):
- A unit pays the terrain cost of the hex entered on its best movement column
  (its `move_class`, plus `terrain_movement` columns; 15.F.3 mountain artillery uses
  `other` where the mountain column is cheaper than `other`, else its own; 15.N mixed
  units use the c/m column), plus the hexside's extra cost. Roads
  (`along` features) cost their own rate between two road hexes, bridges included.
- Entering a hex in an enemy zone of control costs `zoc_cost` extra MPs by movement
  column (15.N mixed units: the c/m cost; static units 15.U: double); moving directly from one enemy ZOC hex to another is prohibited.
- A unit that has not moved may always move one hex (if not prohibited).
- Stacking is checked at the end of each move: the player's REs in a hex (units with
  `no_stacking` excluded) may not exceed the terrain's limit.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import Any

from .. import grammar
from ..errors import IllegalAction
from ..memo import derived
from ..model import GameState, Unit, UnitMap, UnitType
from . import grid as hexgrid
from .model import HexDef, HexRules, TerrainDef

# --- map queries ---------------------------------------------------------------------


def rules(state: GameState) -> HexRules:
    assert state.ruleset.hex is not None, "not a hex ruleset"
    return state.ruleset.hex


def hexdef(state: GameState, hid: str) -> HexDef:
    assert state.scenario.hexmap is not None
    return state.scenario.hexmap.hexes[hid]


def terrains(state: GameState, hid: str) -> tuple[TerrainDef, ...]:
    """The hex's base terrain followed by its features (kept per map and rules)."""
    def compute() -> tuple[TerrainDef, ...]:
        hd = hexdef(state, hid)
        t = rules(state).terrain
        return (t[hd.terrain],) + tuple(t[f] for f in hd.features if f in t)
    return map_memo(state, "terrains", hid, compute)   # type: ignore[no-any-return]


def has_terrain(state: GameState, hid: str, ids: tuple[str, ...] | list[str]) -> bool:
    hd = hexdef(state, hid)
    return hd.terrain in ids or any(f in ids for f in hd.features)


def is_water(state: GameState, hid: str) -> bool:
    return rules(state).terrain[hexdef(state, hid).terrain].water


def side_features(state: GameState, a: str, b: str, ut: UnitType | None = None) -> tuple[str, ...]:
    """Hexside features between a and b, as unit type `ut` treats them (15.E.4 hexside_as)."""
    assert state.scenario.hexmap is not None
    got = state.scenario.hexmap.side(a, b)
    if ut is not None:
        for ab in ut.abilities_named("hexside_as"):
            got = tuple(ab.as_side if s in ab.sides else s for s in got)
    return got


def neighbours(state: GameState, hid: str) -> list[str]:
    return list(state.scenario.spaces[hid].adjacent)


# --- units -------------------------------------------------------------------------------


def re_of(ut: UnitType) -> float:
    return ut.re if ut.re is not None else 1.0


def is_cm(state: GameState, ut: UnitType) -> bool:
    """Combat motorized (15.X.5): moves on a c/m column; mixed units (15.N) are not c/m."""
    return ut.move_class in rules(state).cm_columns


def columns(state: GameState, ut: UnitType) -> list[str]:
    cols = [ut.move_class]
    if ut.has("moves_as_cm"):
        cols = [c for c in rules(state).cm_columns]
    for ab in ut.abilities_named("terrain_movement"):
        cols.extend(c for c in ab.columns if c not in cols)
    return cols


def enemies_at(state: GameState, hid: str, player: str) -> list[Unit]:
    return [u for u in state.units_in(hid) if state.at_war(u.owner, player)]


def friends_at(state: GameState, hid: str, player: str) -> list[Unit]:
    return [u for u in state.units_in(hid) if not state.at_war(u.owner, player)]


def units_memo(state: GameState, key: Any, compute: Callable[[], Any]) -> Any:
    """compute(), kept under `key` in the units' memo until the units change (answers that
    depend only on the units, asked again and again by movement and supply searches)."""
    units = state.units
    if type(units) is not UnitMap:
        return compute()
    memo = units.memo()
    got = memo.get(key)
    if got is None:
        got = memo[key] = compute()
    return got


def occupied(state: GameState, player: str) -> tuple[frozenset[str], frozenset[str]]:
    """(hexes with units at war with `player`, hexes with units not at war with it: its
    own and its allies'), kept in the units' memo."""
    def compute() -> tuple[frozenset[str], frozenset[str]]:
        enemy: set[str] = set()
        friend: set[str] = set()
        for u in state.units.values():
            (enemy if state.at_war(u.owner, player) else friend).add(u.space)
        return frozenset(enemy), frozenset(friend)
    return units_memo(state, ("occupied", player), compute)   # type: ignore[no-any-return]


def stack_re(state: GameState, hid: str, player: str, extra: list[Unit] | None = None,
             exclude: set[int] | None = None) -> float:
    """REs of the player's side in a hex that count against stacking."""
    total = 0.0
    units = friends_at(state, hid, player) + list(extra or [])
    seen: set[int] = set()
    for u in units:
        if u.uid in seen or (exclude and u.uid in exclude):
            continue
        seen.add(u.uid)
        ut = state.utype(u)
        if not ut.has("no_stacking"):
            total += re_of(ut)
    return round(total, 3)


def own_re(state: GameState, group: list[Unit]) -> float:
    """The group's REs that count against stacking: stack_re in a hex without friends."""
    total = 0.0
    for u in group:   # in the order stack_re adds them
        ut = state.utype(u)
        if not ut.has("no_stacking"):
            total += re_of(ut)
    return round(total, 3)


def stacking_limit(state: GameState, hid: str) -> float:
    def compute() -> float:
        lims = [t.stacking for t in terrains(state, hid) if t.stacking is not None]
        return min(lims) if lims else rules(state).stacking
    return map_memo(state, "stacking_limit", hid, compute)   # type: ignore[no-any-return]


def has_zoc(state: GameState, u: Unit) -> bool:
    ut = state.utype(u)
    return ut.attack > 0 and not ut.has("no_zoc")


def static_table(state: GameState, name: str) -> dict[Any, Any]:
    """A dict for answers that depend only on the map and the rules (not on the units
    or owners), kept on the scenario per ruleset; callers fill it as they go."""
    rs = state.ruleset
    per_rules: dict[int, tuple[Any, dict[str, dict[Any, Any]]]] = derived(state.scenario, "hexmove", dict)
    got = per_rules.get(id(rs))
    if got is None or got[0] is not rs:   # the entry holds the ruleset: its id is not reused
        got = per_rules[id(rs)] = (rs, {})
    tables = got[1]
    table = tables.get(name)
    if table is None:
        table = tables[name] = {}
    return table


def map_memo(state: GameState, name: str, key: Any, compute: Callable[[], Any]) -> Any:
    """compute(), kept under `key` in the static table `name` (an answer that depends
    only on the map and the rules)."""
    table = static_table(state, name)
    got = table.get(key)
    if got is None:
        got = table[key] = compute()
    return got


def land_steps(state: GameState, hid: str, table_name: str, side_blocks: str) -> tuple[str, ...]:
    """The land neighbours of `hid` not across a hexside whose rule has `side_blocks` set
    (in adjacency order), worked out once per map and rules."""
    table = static_table(state, table_name)
    got = table.get(hid)
    if got is None:
        hr = rules(state)
        hm = state.scenario.hexmap
        assert hm is not None
        steps = []
        for n in state.scenario.spaces[hid].adjacent:
            if n in hm.hexes and hr.terrain[hm.hexes[n].terrain].water:
                continue
            sides = hm.side(hid, n)
            if sides and any(getattr(hr.hexsides[s], side_blocks) for s in sides if s in hr.hexsides):
                continue
            steps.append(n)
        got = table[hid] = tuple(steps)
    return got


def _zoc_reach(state: GameState, hid: str) -> tuple[str, ...]:
    """The neighbours a zone of control in `hid` reaches: land hexes, not across a
    hexside that blocks ZOC (in adjacency order)."""
    return land_steps(state, hid, "zoc_reach", "blocks_zoc")


def zoc_hexes(state: GameState, player: str) -> frozenset[str]:
    """Hexes in an enemy zone of control for `player` (ZOC reaches the six
    neighbouring land hexes, not across hexsides that block ZOC). Kept in the units'
    memo (movement searches and supply traces ask it again and again)."""
    def compute() -> frozenset[str]:
        out: set[str] = set()
        done: set[str] = set()
        for u in state.units.values():
            if u.space in done or not state.at_war(u.owner, player) or not has_zoc(state, u):
                continue
            done.add(u.space)
            out.update(_zoc_reach(state, u.space))
        return frozenset(out)
    return units_memo(state, ("zoc_hexes", player), compute)   # type: ignore[no-any-return]


def movement_allowance(state: GameState, u: Unit, phase: str | None = None) -> int:
    """MPs in `phase` (this phase if None): full in the movement phase, a share for c/m
    units in exploitation; halved while out of supply (docs/interpretations.md#europa-seed-003)."""
    ut = state.utype(u)
    ma = ut.move
    phase = state.phase if phase is None else phase
    if phase == "exploitation":
        if not is_cm(state, ut):
            return 0
        ma = int(ma * rules(state).exploitation_fraction)
    elif phase != "movement":
        return 0
    if u.oos > 0:
        ma //= 2
    if phase == "movement":
        ma += u.extra_mp   # 15.K "+1 MP" markers
    return ma


def mark_advance(state: GameState, uids: tuple[int, ...] | list[int]) -> None:
    """15.K: units with `advance_marker` that advanced after combat get their "+1 MP"
    marker (state is a copy)."""
    for uid in uids:
        u = state.units[uid]
        ab = state.utype(u).ability("advance_marker")
        if ab is not None:
            state.units[uid] = replace(u, extra_mp=u.extra_mp + ab.mp)
            state.add_log(f"  {state.utype(u).name} gets a +{ab.mp} MP marker (15.K).")


def clear_markers(state: GameState, player: str) -> None:
    """The end of `player`'s movement phase: its "+1 MP" markers are spent (15.K)."""
    for uid, u in list(state.units.items()):
        if u.owner == player and u.extra_mp:
            state.units[uid] = replace(u, extra_mp=0)


def mp_left(state: GameState, u: Unit) -> int:
    return movement_allowance(state, u) - u.moved


def _terrain_cost(state: GameState, ut: UnitType, frm: str, to: str, col: str) -> int | None:
    hr = rules(state)
    to_hd, frm_hd = hexdef(state, to), hexdef(state, frm)
    base = hr.terrain[to_hd.terrain]
    cost = base.move.get(col, base.move.get("other")) if base.move else 1
    for f in to_hd.features:
        fd = hr.terrain.get(f)
        if fd is None or not fd.move or fd.along:
            continue
        cost = fd.move.get(col, cost)
    if cost is None:
        return None
    for f in to_hd.features:
        fd = hr.terrain.get(f)
        if fd is not None and fd.along and f in frm_hd.features:
            road = fd.move.get(col)
            if road is not None:
                return min(cost, road)   # along a road: no hexside cost (bridges)
    extra = 0
    for s in side_features(state, frm, to, ut):
        sd = hr.hexsides.get(s)
        if sd is None:
            continue
        if sd.move:
            e = sd.move.get(col, sd.move.get("other", 0))
            if e is None:
                return None
            extra += e
    return cost + extra


_NO_COST = -1   # enter_cost's table: prohibited


def enter_cost(state: GameState, u: Unit, frm: str, to: str) -> int | None:
    """MPs for unit `u` to move from hex frm into the adjacent hex to, before ZOC costs;
    None when prohibited. It reads only the map and the unit's type, so each answer is
    kept per map and rules (movement searches ask it a hundred thousand times a game)."""
    table = static_table(state, "enter_cost")
    key = (u.type, frm, to)
    got = table.get(key)
    if got is None:
        c = _enter_cost(state, state.utype(u), frm, to)
        table[key] = got = _NO_COST if c is None else c
    return None if got == _NO_COST else got


def _enter_cost(state: GameState, ut: UnitType, frm: str, to: str) -> int | None:
    if is_water(state, to):
        return None
    best: int | None = None
    cols = columns(state, ut)
    for col in cols:
        c = _terrain_cost(state, ut, frm, to, col)
        if c is not None and (best is None or c < best):
            best = c
    if ut.has("moves_as_infantry_where_mountain"):
        # 15.F.3: in terrain where a mountain unit gains (its column is cheaper than the
        # infantry's "other" one) mountain artillery moves as infantry; elsewhere as artillery
        mtn = _terrain_cost(state, ut, frm, to, "mountain")
        inf = _terrain_cost(state, ut, frm, to, "other")
        gains = mtn is not None and (inf is None or mtn < inf)
        best = inf if gains else _terrain_cost(state, ut, frm, to, ut.move_class)
    return best


def move_cost(state: GameState, u: Unit, frm: str, to: str, zoc: AbstractSet[str] | None = None) -> int | None:
    """Enter cost plus the enemy-ZOC cost (15.U static units pay it `factor` times)."""
    c = enter_cost(state, u, frm, to)
    if c is None:
        return None
    if zoc is None:
        zoc = zoc_hexes(state, u.owner)
    if to in zoc:
        c += zoc_entry_cost(state, state.utype(u))
    return c


def zoc_entry_cost(state: GameState, ut: UnitType) -> int:
    """Extra MPs to enter an enemy ZOC: the cost of the unit's movement column (15.N mixed
    units pay the c/m cost), `factor` times for static units (15.U)."""
    col = rules(state).cm_columns[0] if ut.has("moves_as_cm") else ut.move_class
    st = ut.ability("static_zoc_cost")
    return rules(state).zoc_cost.get(col, 1) * (st.factor if st is not None else 1)


def _near_home(state: GameState, u: Unit, hid: str) -> bool:
    """Whether `hid` is within the unit's home_bound distance of its country (True for units
    without one, or on maps without the country's hexes)."""
    ab = state.utype(u).ability("home_bound")
    if ab is None or state.scenario.hexmap is None:
        return True
    country = ab.country or u.owner
    homes = [hd.axial for hd in state.scenario.hexmap.hexes.values() if hd.home == country]
    if not homes:
        return True
    here = hexgrid.parse_hex_id(hid)
    return any(hexgrid.distance(here, h) <= ab.hexes for h in homes)


def home_ok(state: GameState, u: Unit, to: str) -> str:
    """15.G/15.S: "" if `to` is within the unit's home_bound distance of its country."""
    if _near_home(state, u, to):
        return ""
    ut = state.utype(u)
    return (f"{ut.name} may not move more than {ut.ability('home_bound').hexes} hex(es) from its home "
            f"country (seed 003 15.G/15.S).")


def home_attack_block(state: GameState, u: Unit) -> str:
    """15.G: a border guard retreated beyond its area may not attack until it is back within
    it ("" if it may attack)."""
    ab = state.utype(u).ability("home_bound")
    if ab is None or not ab.attack_within or _near_home(state, u, u.space):
        return ""
    return (f"{state.utype(u).name} is more than {ab.hexes} hex(es) from its home country and may not "
            f"attack until it is back within that distance (15.G).")


# --- paths ------------------------------------------------------------------------------------


def _step_block(state: GameState, group: list[Unit], frm: str, to: str, zoc: AbstractSet[str],
                player: str, enemy_hexes: set[str] | None = None) -> str:
    """Why the group may not step from frm to to ("" if it may); `enemy_hexes`, the hexes
    with enemy units, when the caller has worked them out."""
    if to not in state.scenario.spaces or to not in state.scenario.spaces[frm].adjacent:
        return f"{to} is not next to {frm}."
    if is_water(state, to):
        return "Land units cannot enter sea hexes."
    if (to in enemy_hexes) if enemy_hexes is not None else enemies_at(state, to, player):
        return "An enemy unit is in that hex (attack it in the combat phase)."
    if frm in zoc and to in zoc and not friends_at(state, to, player):
        return "A unit may not move directly from one enemy zone of control to another."
    for u in group:
        if enter_cost(state, u, frm, to) is None:
            return f"{state.utype(u).name} cannot enter or cross into that hex."
    return ""


def path_costs(state: GameState, group: list[Unit], path: tuple[str, ...]) -> tuple[dict[int, int], str]:
    """Per-unit MPs spent along `path` (hexes after the start), or a reason it is illegal."""
    if not group:
        return {}, "Select units to move."
    player = group[0].owner
    zoc = zoc_hexes(state, player)
    spent = {u.uid: 0 for u in group}
    here = group[0].space
    for to in path:
        why = _step_block(state, group, here, to, zoc, player)
        if why:
            return spent, why
        for u in group:
            c = move_cost(state, u, here, to, zoc)
            assert c is not None
            spent[u.uid] += c
        here = to
    for u in group:
        left = mp_left(state, u)
        one_hex = u.moved == 0 and len(path) == 1 and movement_allowance(state, u) > 0
        if spent[u.uid] > left and not one_hex:
            return spent, (f"{state.utype(u).name} needs {spent[u.uid]} MPs but has {max(left, 0)} "
                           f"left this phase.")
    return spent, ""


def _movable(state: GameState, group: list[Unit]) -> str:
    if state.phase not in ("movement", "exploitation"):
        return "Units move in the movement and exploitation phases."
    player = state.player
    if len({u.space for u in group}) != 1:
        return "Units moving together must start in the same hex."
    for u in group:
        if u.owner != player:
            return f"That {state.utype(u).name} is not yours."
        if movement_allowance(state, u) <= 0:
            if state.phase == "exploitation":
                return f"{state.utype(u).name} is not c/m: only c/m units move in exploitation."
            return f"{state.utype(u).name} cannot move."
    return ""


def water_table(state: GameState) -> dict[str, bool]:
    """Hex id -> whether it is water, worked out once per map and rules."""
    table = static_table(state, "water")
    if not table:
        hm = state.scenario.hexmap
        assert hm is not None
        for hid in state.scenario.spaces:
            table[hid] = hid in hm.hexes and is_water(state, hid)
    return table


def reachable(state: GameState, uids: tuple[int, ...] | list[int]) -> dict[str, tuple[str, ...]]:
    """Hex id -> a legal path (hexes after the start) for the group, cheapest first found.

    The same search as stepping with _step_block and move_cost, with what does not change
    during it worked out once (the hexes with enemy and friendly units, each unit's ZOC
    cost, the map's water): the AI asks it thousands of times a turn."""
    group = [state.units[i] for i in uids if i in state.units]
    if not group or _movable(state, group):
        return {}
    player = group[0].owner
    start = group[0].space
    zoc = zoc_hexes(state, player)
    enemy_hexes, friend_hexes = occupied(state, player)
    spaces = state.scenario.spaces
    water = water_table(state)
    costs_table = static_table(state, "enter_cost")
    types: list[str] = []
    zextra: list[int] = []
    limits: list[int] = []
    for u in group:
        types.append(u.type)
        zextra.append(zoc_entry_cost(state, state.utype(u)))
        limits.append(mp_left(state, u))
    n_units = len(group)
    # a hex without friendly units: stacking is the group's own REs against the limit
    group_re = own_re(state, group)
    simple_dest = not any(state.utype(u).has("home_bound") for u in group)
    first_step_free = all(u.moved == 0 for u in group) and all(movement_allowance(state, u) > 0 for u in group)
    dest_ok: dict[str, bool] = {}
    out: dict[str, tuple[str, ...]] = {}
    best: dict[str, int] = {start: 0}
    heap: list[tuple[int, int, str, tuple[str, ...], tuple[int, ...]]] = [
        (0, 0, start, (), tuple(0 for _ in group))]
    tie = 0
    while heap:
        total, _, here, path, spent = heapq.heappop(heap)
        if best.get(here, 1 << 30) < total:
            continue
        here_zoc = here in zoc
        for to in spaces[here].adjacent:
            if to == start or to not in spaces or water[to] or to in enemy_hexes:
                continue
            to_zoc = to in zoc
            if here_zoc and to_zoc and to not in friend_hexes:
                continue   # ZOC to ZOC
            new_l = []
            ok = True
            for i in range(n_units):
                c = costs_table.get((types[i], here, to))
                if c is None:
                    c = enter_cost(state, group[i], here, to)
                    c = _NO_COST if c is None else c
                if c == _NO_COST:
                    break
                n = spent[i] + c + (zextra[i] if to_zoc else 0)
                new_l.append(n)
                if n > limits[i]:
                    ok = False
            else:
                if not ok and not (first_step_free and not path):
                    continue
                npath = path + (to,)
                if to not in out:
                    good = dest_ok.get(to)
                    if good is None:
                        if simple_dest and to not in friend_hexes:
                            good = group_re <= stacking_limit(state, to) + 1e-9
                        else:
                            good = _dest_ok(state, group, to) == ""
                        dest_ok[to] = good
                    if good:
                        out[to] = npath
                if ok:
                    ntotal = sum(new_l)
                    if ntotal < best.get(to, 1 << 30):
                        best[to] = ntotal
                        tie += 1
                        heapq.heappush(heap, (ntotal, tie, to, npath, tuple(new_l)))
    return out


def _dest_ok(state: GameState, group: list[Unit], dest: str) -> str:
    player = group[0].owner
    lim = stacking_limit(state, dest)
    have = stack_re(state, dest, player, extra=group)
    if have > lim + 1e-9:
        return f"Stacking: {have:g} REs would exceed the limit of {lim:g} REs in that hex."
    for u in group:
        why = home_ok(state, u, dest)
        if why:
            return why
    return ""


def explain(state: GameState, uids: tuple[int, ...] | list[int], dest: str) -> str:
    """Why the group cannot move to dest ("" if it can)."""
    group = [state.units[i] for i in uids if i in state.units]
    why = _movable(state, group) if group else "Select units to move."
    if why:
        return why
    if dest in reachable(state, uids):
        return ""
    if dest not in state.scenario.spaces:
        return f"Unknown hex {dest}."
    if is_water(state, dest):
        return "Land units cannot enter sea hexes."
    if enemies_at(state, dest, group[0].owner):
        return "An enemy unit is in that hex (attack it in the combat phase)."
    why = _dest_ok(state, group, dest)
    if not why and dest in state.scenario.spaces[group[0].space].adjacent:
        # one step away: the step itself may be what is refused (ZOC to ZOC, a hexside)
        why = _step_block(state, group, group[0].space, dest, zoc_hexes(state, group[0].owner), group[0].owner)
    return why or "Not enough movement points to get there (terrain, rivers and enemy ZOC cost MPs)."


def capture_hex(state: GameState, hid: str, player: str) -> None:
    if state.owners.get(hid) is not None and not state.at_war(state.owners[hid], player):
        return
    if is_water(state, hid):
        return
    prev = state.owners.get(hid)
    state.owners[hid] = player
    if state.hexturn is not None and hid not in state.hexturn.captured:   # not held at the turn's start
        state.hexturn = replace(state.hexturn, captured=state.hexturn.captured + (hid,))
    sp = state.scenario.spaces[hid]
    if prev is not None and (sp.victory_city or hexdef(state, hid).name):
        state.add_log(f"{grammar.player_says(state.scenario, player, 'takes')} {sp.name}.")


def move(state: GameState, uids: tuple[int, ...], path: tuple[str, ...]) -> None:
    """The Move action on a hex map (state is a copy)."""
    if not uids:
        raise IllegalAction("Select units to move.")
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    for uid in uids:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    if not path:
        raise IllegalAction("Give the hexes to move through.")
    for h in path:
        if h not in state.scenario.spaces:
            raise IllegalAction(f"Unknown hex '{h}'.")
    group = [state.units[i] for i in uids]
    why = _movable(state, group)
    if why:
        raise IllegalAction(why)
    spent, why = path_costs(state, group, path)
    if why:
        raise IllegalAction(why)
    why = _dest_ok(state, group, path[-1])
    if why:
        raise IllegalAction(why)
    player = state.player
    for h in path:
        capture_hex(state, h, player)
    for u in group:
        upd: dict[str, Any] = {"space": path[-1], "moved": u.moved + max(spent[u.uid], 0)}
        if u.moved == 0 and len(path) == 1 and spent[u.uid] > mp_left(state, u):
            upd["moved"] = movement_allowance(state, u)   # the one-hex move uses everything
        state.units[u.uid] = replace(u, **upd)
    names: dict[str, int] = {}
    for u in group:
        n = state.utype(u).name
        names[n] = names.get(n, 0) + 1
    what = ", ".join(f"{c} {n}" for n, c in names.items())
    state.add_log(f"{state.scenario.player(player).name}: {what} -> "
                  f"{state.scenario.spaces[path[-1]].name}.")
