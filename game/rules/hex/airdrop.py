"""Air drops and air transport on hex maps (seed 003 15.A, 15.B, 15.M.2, 15.X.1-3; the
cited rule 23.G in a conventional version, docs/interpretations.md#europa-seed-003).

The `Airdrop(units, to)` action in the movement phase: units that have not moved,
in supply, together on an airfield their owner holds outside enemy ZOCs, fly at most `range` hexes (the scenario's
`air_transport` for the player) using its capacity for this player-turn (REs by
transport aircraft, REs by glider: the air drop of a glider unit only by glider, 15.A.1;
a parachute unit's drop by either, transports first, 15.A.2; everything else by transport):
- air transport (15.B, 15.X.3: air transportable units, no heavy equipment) to an
  airfield its side has held since the start of the player-turn: no roll;
- an air drop (`air_droppable`, 15.A/15.X.1) to any land hex without enemy units;
- an air landing (assault transport) on an airfield without enemy units not held since
  the start of the player-turn: air landing units alone (15.M.2, `assault_transportable
  {to_enemy_airfield}`).
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

from .. import dice
from ..errors import IllegalAction
from ..model import GameState, Unit
from . import grid as hexgrid
from . import move as hexmove
from . import units as hexunits
from .model import AirTransport, HexTurn


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


def held_since_turn_start(state: GameState, hid: str, player: str) -> bool:
    """Whether `player`'s side owned `hid` at the start of this player-turn (15.M.2)."""
    own = state.owners.get(hid)
    return own is not None and not state.at_war(own, player) and hid not in turn(state).captured


def turn(state: GameState) -> HexTurn:
    return state.hexturn or HexTurn()


def mode(state: GameState, u: Unit, to: str) -> str:
    """How unit u would arrive at `to`: "drop", "assault", "transport" or "" (it cannot).
    Air transport needs an airfield held since the start of the player-turn; assault
    transport to one not held then is for air landing units alone (15.M.2)."""
    ut = state.utype(u)
    af = _is_airfield(state, to)
    held = af and held_since_turn_start(state, to, u.owner)
    if held and hexunits.air_transportable(ut):
        return "transport"
    if hexunits.air_droppable(ut):
        return "drop"
    ab = ut.ability("assault_transportable")
    if af and not held and ab is not None and ab.to_enemy_airfield:
        return "assault"
    return ""


def demand(state: GameState, group: list[Unit], modes: tuple[str, ...]) -> tuple[float, float, float]:
    """REs the flight needs: (by transport aircraft only, by gliders only, by either). Only
    the air drop of a glider unit needs gliders (15.A.1); a parachute unit drops from either
    (15.A.2); everything else flies in transports."""
    t = g = either = 0.0
    for u, how in zip(group, modes, strict=True):
        ut = state.utype(u)
        re = hexmove.re_of(ut)
        by = ut.ability("air_droppable").by if how == "drop" else ("transport",)
        if "glider" in by and "transport" in by:
            either += re
        elif "glider" in by:
            g += re
        else:
            t += re
    return t, g, either


def capacity_block(need: tuple[float, float, float], left: tuple[float, float]) -> str:
    """Why the capacity left does not carry `need` ("" if it does)."""
    (t, g, either), (left_t, left_g) = need, left
    if g > left_g + 1e-9:
        return f"Gliders: {g:g} REs needed, {max(left_g, 0):g} left this turn (15.A.1)."
    if t > left_t + 1e-9:
        return f"Air transport: {t:g} REs needed, {max(left_t, 0):g} left this turn."
    if t + g + either > left_t + left_g + 1e-9:
        return (f"Air transport and gliders: {t + g + either:g} REs needed, "
                f"{max(left_t, 0) + max(left_g, 0):g} left this turn (15.A.2).")
    return ""


def _usage(need: tuple[float, float, float], left_t: float) -> tuple[float, float]:
    """(transport REs, glider REs) a flight uses: units that may fly in either take the
    transports first, keeping gliders for glider units."""
    t, g, either = need
    in_transports = max(0.0, min(either, left_t - t))
    return t + in_transports, g + either - in_transports


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
            if _is_airfield(state, to) and hexunits.air_transportable(ut):
                return (f"{ut.name} is not an air landing unit: only those land on an airfield not held "
                        "since the start of the turn (15.M.2).")
            if hexunits.air_transportable(ut) or hexunits.assault_transportable(ut):
                return f"{ut.name} is not air droppable: it lands only on an airfield (15.B, 15.X.2)."
            return f"{ut.name} cannot be flown (heavy equipment, 15.X.3)."
    why = capacity_block(demand(state, group, tuple(mode(state, u, to) for u in group)),
                         capacity_left(state, player))
    if why:
        return why
    have = hexmove.stack_re(state, to, player, extra=group)
    if have > hexmove.stacking_limit(state, to) + 1e-9:
        return f"Stacking: {have:g} REs would exceed the limit in that hex."
    return ""


def targets(state: GameState, uids: tuple[int, ...] | list[int]) -> list[str]:
    """Hexes the group may fly to now: the hexes in range that _explain_to accepts, with
    what does not depend on the hex (the group's REs, the capacity per way of arriving)
    worked out once."""
    group = [state.units[i] for i in uids if i in state.units]
    if not group:
        return []
    player = state.player
    at = transport(state, player)
    if at is None or group_block(state, uids):
        return []
    left = capacity_left(state, player)
    hm = state.scenario.hexmap
    assert hm is not None
    start_id = group[0].space
    start = hexgrid.parse_hex_id(start_id)
    water = hexmove.water_table(state)
    enemy_hexes, friend_hexes = hexmove.occupied(state, player)
    group_re = hexmove.own_re(state, group)
    within = hexmove.static_table(state, "land_within")   # (start, range) -> land hexes in range, sorted
    near = within.get((start_id, at.range))
    if near is None:
        near = within[(start_id, at.range)] = tuple(
            hid for hid, hd in sorted(hm.hexes.items())
            if hid != start_id and not water.get(hid, True) and hexgrid.distance(start, hd.axial) <= at.range)
    fits: dict[tuple[str, ...], bool] = {}   # the group's ways of arriving -> within capacity
    out = []
    for hid in near:
        if hid in enemy_hexes:
            continue
        modes = tuple(mode(state, u, hid) for u in group)
        if "" in modes:
            continue
        ok = fits.get(modes)
        if ok is None:
            ok = fits[modes] = not capacity_block(demand(state, group, modes), left)
        if not ok:
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
    modes = tuple(mode(state, u, to) for u in group)
    t_used, g_used = _usage(demand(state, group, modes), capacity_left(state, player)[0])
    disrupted = list(ht.disrupted)
    name = state.scenario.spaces[to].name
    hr = hexmove.rules(state)
    aa, firing = aa_fire(state, player, to)
    if aa > 0:
        who = ", ".join(f"{state.utype(f).name} ({p})" for f, p in firing)
        state.add_log(f"  AA fire at the flight to {name}: {who} = {aa} point(s).")
    for u, how in zip(group, modes, strict=True):
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
    state.hexturn = replace(turn(state), airlift=(round(ht.airlift[0] + t_used, 3),
                                                  round(ht.airlift[1] + g_used, 3)),
                            disrupted=tuple(disrupted))
