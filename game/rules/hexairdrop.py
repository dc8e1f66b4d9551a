"""Air drops and air transport on hex maps (seed 003 15.A, 15.B, 15.M.2, 15.X.1-3; the
cited rule 23.G in a conventional version, docs/interpretations.md#europa-seed-003).

The `Airdrop(units, to)` action in the movement phase: units that have not moved,
in supply, together on an airfield their owner holds outside enemy ZOCs, fly at most `range` hexes (the scenario's
`air_transport` for the player) using its capacity for this player-turn (REs by
transport aircraft, REs by glider; glider units, 15.A.1, only by glider):
- an air drop (`air_droppable`, 15.A/15.X.1) to any land hex without enemy units;
- an air landing (assault transport, `assault_transportable`, 15.X.2 / 15.M.2) on an
  airfield without enemy units, even one the enemy owns;
- air transport (15.B, 15.X.3: air transportable units, no heavy equipment) to a
  friendly airfield: no roll.
Enemy AA (15.C) within the ruleset's `aa_fire.range` of the landing hex (light 1 hex, heavy
2) fires first, once at each unit flown, air transport included: die + AA points (at most
`max`) >= `shot_down`: the unit is lost with its aircraft; >= `abort`: it turns back (it
stays on its airfield, the capacity is spent); `aa_fire(state, player, to)` lists the AA.
Each dropped or assault-landed unit that arrives rolls one die: + the terrain's combat shift of the
hex (rough -1, mountain -2, city -1, ...), -1 in an enemy ZOC, -1 with the 27.B penalty
(`air_droppable {penalty: true}`). A modified roll <= `drop_eliminated` eliminates it,
<= `drop_disrupted` disrupts it (it cannot attack this player-turn). Units that flew
cannot move again this phase.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import replace

from . import dice, hexgrid, hexmove, hexunits
from .errors import IllegalAction
from .hexmodel import AirTransport, HexTurn
from .model import GameState, Unit


def transport(state: GameState, player: str) -> AirTransport | None:
    hm = state.scenario.hexmap
    return hm.air_transport.get(player) if hm is not None else None


def capacity_left(state: GameState, player: str) -> tuple[float, float]:
    """(transport REs, glider REs) still available this player-turn."""
    at = transport(state, player)
    if at is None:
        return (0.0, 0.0)
    used = (state.hexturn or HexTurn()).airlift
    return (round(at.re - used[0], 3), round(at.glider_re - used[1], 3))


def _is_airfield(state: GameState, hid: str) -> bool:
    return hexmove.map_memo(   # type: ignore[no-any-return]
        state, "airfield", hid, lambda: any(t.airfield for t in hexmove.terrains(state, hid)))


def mode(state: GameState, u: Unit, to: str) -> str:
    """How unit u would arrive at `to`: "drop", "assault", "transport" or "" (it cannot)."""
    ut = state.utype(u)
    friendly_af = _is_airfield(state, to) and state.owners.get(to) is not None \
        and not state.at_war(state.owners[to], u.owner)
    if friendly_af and hexunits.air_transportable(ut):
        return "transport"
    if hexunits.air_droppable(ut):
        return "drop"
    if _is_airfield(state, to) and hexunits.assault_transportable(ut):
        return "assault"
    return ""


def _uses_gliders(state: GameState, u: Unit) -> bool:
    ab = state.utype(u).ability("air_droppable")
    return ab is not None and tuple(ab.by) == ("glider",)


def group_block(state: GameState, uids: tuple[int, ...] | list[int]) -> str:
    """Why these units cannot fly at all now ("" if they may)."""
    if state.phase != "movement":
        return "Air drops and air transport are flown in the movement phase."
    group = [state.units[i] for i in uids if i in state.units]
    if not group or len(group) != len(uids):
        return "Select units to fly."
    player = state.player
    at = transport(state, player)
    if at is None:
        return "This side has no air transport in this scenario."
    start = group[0].space
    if any(u.space != start for u in group):
        return "Units flying together must start in the same hex."
    if not _is_airfield(state, start) or state.owners.get(start) != player:
        return "Units fly from an airfield their side holds."
    if start in hexmove.zoc_hexes(state, player):
        return "The airfield is in an enemy zone of control: no flights from it."
    for u in group:
        if u.owner != player:
            return f"That {state.utype(u).name} is not yours."
        if u.moved:
            return f"{state.utype(u).name} has already moved this turn."
        if u.oos:
            return f"{state.utype(u).name} is out of supply and cannot fly."
        ut = state.utype(u)
        if not (hexunits.air_droppable(ut) or hexunits.air_transportable(ut)
                or hexunits.assault_transportable(ut)):
            return f"{ut.name} cannot be flown (heavy equipment, 15.X.3)."
    return ""


def explain(state: GameState, uids: tuple[int, ...] | list[int], to: str) -> str:
    """Why these units cannot fly to `to` ("" if they can)."""
    why = group_block(state, uids)
    if why:
        return why
    return _explain_to(state, [state.units[i] for i in uids], to)


def _explain_to(state: GameState, group: list[Unit], to: str) -> str:
    """explain() for a group that may fly (group_block passed): whether it may fly to `to`."""
    player = state.player
    at = transport(state, player)
    assert at is not None
    start = group[0].space
    if to not in state.scenario.spaces or hexmove.is_water(state, to):
        return "Units land on a land hex."
    if to == start:
        return "Pick another hex."
    if hexgrid.distance(hexgrid.parse_hex_id(start), hexgrid.parse_hex_id(to)) > at.range:
        return f"Out of range: air transport reaches {at.range} hexes."
    if hexmove.enemies_at(state, to, player):
        return "Enemy units hold that hex."
    for u in group:
        if not mode(state, u, to):
            ut = state.utype(u)
            if hexunits.air_transportable(ut) or hexunits.assault_transportable(ut):
                return f"{ut.name} is not air droppable: it lands only on an airfield (15.B, 15.X.2)."
            return f"{ut.name} cannot be flown (heavy equipment, 15.X.3)."
    need_t = sum(hexmove.re_of(state.utype(u)) for u in group if not _uses_gliders(state, u))
    need_g = sum(hexmove.re_of(state.utype(u)) for u in group if _uses_gliders(state, u))
    left_t, left_g = capacity_left(state, player)
    if need_g > left_g + 1e-9:
        return f"Gliders: {need_g:g} REs needed, {max(left_g, 0):g} left this turn (15.A.1)."
    if need_t > left_t + 1e-9:
        return f"Air transport: {need_t:g} REs needed, {max(left_t, 0):g} left this turn."
    have = hexmove.stack_re(state, to, player, extra=group)
    if have > hexmove.stacking_limit(state, to) + 1e-9:
        return f"Stacking: {have:g} REs would exceed the limit in that hex."
    return ""


def targets(state: GameState, uids: tuple[int, ...] | list[int]) -> list[str]:
    """Hexes the group may fly to now: the hexes in range that _explain_to accepts, with
    the checks that do not depend on the hex (capacity, the group's REs) made once."""
    group = [state.units[i] for i in uids if i in state.units]
    if not group:
        return []
    player = state.player
    at = transport(state, player)
    if at is None or group_block(state, uids):
        return []
    need_t = sum(hexmove.re_of(state.utype(u)) for u in group if not _uses_gliders(state, u))
    need_g = sum(hexmove.re_of(state.utype(u)) for u in group if _uses_gliders(state, u))
    left_t, left_g = capacity_left(state, player)
    if need_g > left_g + 1e-9 or need_t > left_t + 1e-9:
        return []
    hm = state.scenario.hexmap
    assert hm is not None
    start_id = group[0].space
    start = hexgrid.parse_hex_id(start_id)
    water = hexmove.water_table(state)
    enemy_hexes, friend_hexes = hexmove.occupied(state, player)
    group_re = hexmove.own_re(state, group)
    # mode() is not "" for a unit: droppable, or transportable to a friendly airfield, or
    # assault transportable to any airfield
    kinds = [(hexunits.air_droppable(ut), hexunits.air_transportable(ut), hexunits.assault_transportable(ut))
             for ut in (state.utype(u) for u in group)]
    all_drop = all(k[0] for k in kinds)
    within = hexmove.static_table(state, "land_within")   # (start, range) -> land hexes in range, sorted
    near = within.get((start_id, at.range))
    if near is None:
        near = within[(start_id, at.range)] = tuple(
            hid for hid, hd in sorted(hm.hexes.items())
            if hid != start_id and not water.get(hid, True) and hexgrid.distance(start, hd.axial) <= at.range)
    out = []
    for hid in near:
        if hid in enemy_hexes:
            continue
        if not all_drop:
            af = _is_airfield(state, hid)
            own = state.owners.get(hid)
            friendly_af = af and own is not None and not state.at_war(own, player)
            if not all(d or (friendly_af and t) or (af and a) for d, t, a in kinds):
                continue
        have = hexmove.stack_re(state, hid, player, extra=group) if hid in friend_hexes else group_re
        if have > hexmove.stacking_limit(state, hid) + 1e-9:
            continue
        out.append(hid)
    return out


def drop_modifier(state: GameState, u: Unit, to: str, zoc: AbstractSet[str]) -> tuple[int, list[str]]:
    mods: list[str] = []
    total = 0
    for t in hexmove.terrains(state, to):
        if t.shift:
            total += t.shift
            mods.append(f"{t.shift:+d} {t.name.lower()}")
    if to in zoc:
        total -= 1
        mods.append("-1 enemy ZOC")
    ab = state.utype(u).ability("air_droppable")
    if ab is not None and ab.penalty:
        total -= 1
        mods.append("-1 parachute infantry/commando (27.B)")
    return total, mods


def aa_fire(state: GameState, player: str, to: str) -> tuple[int, list[tuple[Unit, int]]]:
    """Enemy AA that fires at `player`'s units flying to `to` (15.C, conventional rule 25):
    (AA points counted, at most aa_max; [(unit, its AA points)]). Each AA unit reaches the
    hexes within the range of its kind (light, heavy)."""
    hr = hexmove.rules(state)
    h = hexgrid.parse_hex_id(to)
    firing: list[tuple[Unit, int]] = []
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if not state.at_war(u.owner, player):
            continue
        ab = state.utype(u).ability("aa")
        if ab is None or not ab.strength:
            continue
        reach = hr.aa_range.get(str(ab.kind or ""), 0)
        if hexgrid.distance(h, hexgrid.parse_hex_id(u.space)) <= reach:
            firing.append((u, int(ab.strength)))
    return min(sum(p for _, p in firing), hr.aa_max), firing


def aa_chances(state: GameState, player: str, to: str) -> tuple[float, float]:
    """(chance a unit flown to `to` turns back, chance it is shot down) under the AA there."""
    points, _ = aa_fire(state, player, to)
    if points <= 0:
        return 0.0, 0.0
    hr = hexmove.rules(state)
    die = state.ruleset.dice or 6
    lost = sum(1 for r in range(1, die + 1) if r + points >= hr.aa_shot_down) / die
    back = sum(1 for r in range(1, die + 1) if hr.aa_abort <= r + points < hr.aa_shot_down) / die
    return back, lost


def fly(state: GameState, uids: tuple[int, ...], to: str) -> None:
    """The Airdrop action on a hex map (state is a copy)."""
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    why = explain(state, uids, to)
    if why:
        raise IllegalAction(why)
    player = state.player
    group = [state.units[i] for i in uids]
    zoc = hexmove.zoc_hexes(state, player)
    ht = state.hexturn or HexTurn()
    t_used = sum(hexmove.re_of(state.utype(u)) for u in group if not _uses_gliders(state, u))
    g_used = sum(hexmove.re_of(state.utype(u)) for u in group if _uses_gliders(state, u))
    disrupted = list(ht.disrupted)
    name = state.scenario.spaces[to].name
    hr = hexmove.rules(state)
    aa, firing = aa_fire(state, player, to)
    if aa > 0:
        who = ", ".join(f"{state.utype(f).name} ({p})" for f, p in firing)
        state.add_log(f"  AA fire at the flight to {name}: {who} = {aa} point(s).")
    for u in group:
        how = mode(state, u, to)
        ut = state.utype(u)
        spent = max(hexmove.movement_allowance(state, u), 1)
        if aa > 0:   # 15.C: AA fires at each unit's aircraft before it lands
            roll = dice.roll(state, 1)[0]
            net = roll + aa
            if net >= hr.aa_shot_down:
                del state.units[u.uid]
                state.add_log(f"{state.scenario.player(player).name}: {ut.name} shot down by AA on the way to "
                              f"{name} (roll {roll} + {aa} AA = {net}).")
                continue
            if net >= hr.aa_abort:
                state.units[u.uid] = replace(u, moved=spent)
                state.add_log(f"{state.scenario.player(player).name}: {ut.name} turned back by AA on the way to "
                              f"{name} (roll {roll} + {aa} AA = {net}).")
                continue
        state.units[u.uid] = replace(u, space=to, moved=spent)
        if how == "transport":
            state.add_log(f"{state.scenario.player(player).name}: {ut.name} flown to {name}.")
            continue
        roll = dice.roll(state, 1)[0]
        mod, mods = drop_modifier(state, u, to, zoc)
        net = roll + mod
        verb = "air-dropped" if how == "drop" else "air-landed"
        detail = f"roll {roll}{' ' + ', '.join(mods) if mods else ''} = {net}"
        if net <= hexmove.rules(state).drop_eliminated:
            del state.units[u.uid]
            state.add_log(f"{state.scenario.player(player).name}: {ut.name} {verb} at {name} is lost ({detail}).")
        elif net <= hexmove.rules(state).drop_disrupted:
            disrupted.append(u.uid)
            state.add_log(f"{state.scenario.player(player).name}: {ut.name} {verb} at {name}, disrupted ({detail}).")
        else:
            state.add_log(f"{state.scenario.player(player).name}: {ut.name} {verb} at {name} ({detail}).")
    if any(u.uid in state.units and state.units[u.uid].space == to for u in group):
        hexmove.capture_hex(state, to, player)
    state.hexturn = replace(ht, airlift=(round(ht.airlift[0] + t_used, 3), round(ht.airlift[1] + g_used, 3)),
                            disrupted=tuple(disrupted))
