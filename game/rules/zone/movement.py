"""Where units may go: land, sea and air movement, blitz, transports, carriers,
submarines, and the fuel rule for aircraft.

A move is made by a group of units of one domain from one space along a path.
`reachable` gives every legal destination with its path; `check_path`
validates a given path; `explain` says in words why a destination is illegal.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import replace

from .. import player_rules, politics
from ..board import distances
from ..errors import IllegalAction
from ..model import AIR, LAND, SEA, GameState, Unit
from . import facilities, newcarriers

COMBAT, NONCOMBAT = "combat_move", "noncombat_move"


def _moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


# --- hostility -------------------------------------------------------------
def enemies_in(state: GameState, space: str, player: str) -> list[Unit]:
    return [u for u in state.units_in(space) if state.at_war(u.owner, player)]


def captured_on_entry(state: GameState, u: Unit) -> bool:
    """capturable (territory_captured): an enemy unit taken over, not fought, by land
    units entering its territory when nothing else of the enemy is there (AAA)."""
    cap = state.utype(u).ability("capturable")
    return cap is not None and "territory_captured" in cap.when


def blocking_enemies(state: GameState, space: str, player: str) -> list[Unit]:
    """Enemy units in a land space that stop land units: all of them, unless every one
    is captured on entry."""
    foes = enemies_in(state, space, player)
    if foes and all(captured_on_entry(state, u) for u in foes):
        return []
    return foes


def group_can_blitz(state: GameState, group: list[Unit]) -> bool:
    """Every unit blitzes: it has `blitz`, or `blitz_with` paired one to one with a
    blitzing leader of the group (leaders taken in group order)."""
    leaders: dict[str, int] = {}
    for u in group:
        ut = state.utype(u)
        if ut.has("blitz"):
            leaders[u.type] = leaders.get(u.type, 0) + 1
        elif not ut.has("blitz_with"):
            return False
    for u in group:
        ut = state.utype(u)
        if ut.has("blitz"):
            continue
        ab = ut.ability("blitz_with")
        lead = next((t for t in state.ruleset.expand_all(ab.units) if leaders.get(t, 0) > 0), None)
        if lead is None:
            return False
        leaders[lead] -= 1
    return True


def zone_allowed(state: GameState, u: Unit, zone: str) -> bool:
    """restricted_zones: may this ship be in this sea zone?"""
    rz = state.utype(u).ability("restricted_zones")
    if rz is None:
        return True
    tags = state.scenario.spaces[zone].terrain
    return any({"coastal_sea": "coastal", "lake": "lake"}[k] in tags for k in rz.allowed)


def is_enemy_land(state: GameState, space: str, player: str) -> bool:
    sp = state.scenario.spaces[space]
    return sp.kind == LAND and state.at_war(state.owners.get(space), player)


def is_friendly_land(state: GameState, space: str, player: str) -> bool:
    sp = state.scenario.spaces[space]
    owner = state.owners.get(space)
    return (sp.kind == LAND and owner is not None and not sp.impassable
            and state.allied(owner, player))


def is_hostile(state: GameState, space: str, player: str) -> bool:
    """A battle (or a capture) happens if the player's units end here in combat move."""
    return is_enemy_land(state, space, player) or bool(enemies_in(state, space, player))


def blocking_ships(state: GameState, space: str, player: str, group: list[Unit]) -> bool:
    """Enemy ships that stop this sea group: not transports/non-blocking ones,
    and stealthy movers (submarines) slip past unless a detector is present."""
    enemies = [u for u in enemies_in(state, space, player) if state.utype(u).domain == SEA]
    if not enemies:
        return False
    enemy_types = {u.type for u in enemies}
    stealth = [state.utype(u).ability("stealthy") for u in group]
    if all(s is not None for s in stealth) and not any(
            t in enemy_types for s in stealth for t in s.unless_enemy_has):
        return False
    return any(not (state.utype(u).has("non_blocking") or state.utype(u).has("stealthy"))
               for u in enemies)


def escorted(state: GameState, zone: str, player: str) -> bool:
    """In the combat move, will a sea battle be fought in `zone` before a landing from it
    (the player's warships or aircraft are there with the enemy's ships)? Then cargo may
    unload from it: the landing goes ahead if that battle is won (landings.py; G40
    rulebook, "Amphibious Assaults")."""
    if state.phase != COMBAT or not enemies_in(state, zone, player):
        return False
    return any(u.owner == player and u.carried_by is None and state.utype(u).attack > 0
               and not state.utype(u).has("transport") and state.utype(u).domain != LAND
               for u in state.units_in(zone))


def group_domain(state: GameState, group: list[Unit]) -> str:
    domains = {state.utype(u).domain for u in group}
    if len(domains) != 1:
        raise IllegalAction("Move land, sea and air units separately.")
    return domains.pop()


def moves_left(state: GameState, unit: Unit) -> int:
    return surface_move(state, unit) - unit.moved


def towing(state: GameState, group: list[Unit]) -> dict[int, int]:
    """tows: uid -> movement allowance (the tow's `move`) for the units of the group
    towed, paired one to one with towing units (lowest uids first), at most the Rule of
    Three's number per territory of departure per turn when the ability is marked."""
    towers = [state.utype(u).ability("tows") for u in sorted(group, key=lambda x: x.uid)
              if state.utype(u).has("tows")]
    if not towers:
        return {}
    out: dict[int, int] = {}
    free = list(towers)
    start = group[0].space
    used = state.zone.ro3_moves.get(f"tows|{start}", 0)
    cap = state.ruleset.rule_of_three
    for u in sorted(group, key=lambda x: x.uid):
        ut = state.utype(u)
        if ut.has("tows"):
            continue
        for ab in free:
            if ut.matches(ab.units) and ab.move > ut.move:
                if ab.rule_of_three and cap is not None and used >= cap:
                    continue
                out[u.uid] = ab.move
                free.remove(ab)
                if ab.rule_of_three:
                    used += 1
                break
    return out


# uid -> base_bonus of an unmoved unit, found once in an action (a move asks it when it
# checks the path and again when it keeps a whole-turn bonus)
BaseBonuses = dict[int, tuple[int, bool]]


def surface_move(state: GameState, u: Unit, bonuses: BaseBonuses | None = None) -> int:
    """A unit's movement allowance: its Move (+ a base's bonus, naval_base_move and
    air_base_move), or for a self_airlift unit its `land_move` (it moves farther only by
    air: airdrop.py). `bonuses`: where the base bonus found is noted (keep_base_bonus)."""
    ut = state.utype(u)
    if not ut.abilities:
        return ut.move
    sa = ut.ability("self_airlift")
    if sa is not None:
        return min(ut.move, sa.land_move)
    if u.moved:
        return ut.move + state.zone.ro3_moves.get(f"base_bonus|{u.uid}", 0)
    bonus = base_bonus(state, u)
    if bonuses is not None:
        bonuses[u.uid] = bonus
    return ut.move + bonus[0]


def base_bonus(state: GameState, u: Unit) -> tuple[int, bool]:
    """(bonus, for the whole turn): the extra movement a base gives the unit where it
    stands now, unmoved (naval_base_move beside an operative naval base of its side,
    air_base_move at an operative air base of its side); 0 without one. A whole-turn
    bonus (G40) comes from a base its side has held since the turn began (TripleA gives
    it when the move phase begins)."""
    ut = state.utype(u)
    nb = ut.ability("naval_base_move")
    if nb is not None:
        bases = friendly_naval_bases(state, u.space, u.owner, neutral_ports=ut.has("neutral_ports_as_bases"))
        if nb.whole_turn:
            bases = [a for a in bases if state.allied(state.turn_owners.get(a), u.owner)]
        if bases:
            return nb.bonus, nb.whole_turn
    ab = ut.ability("air_base_move")
    if ab is not None and at_friendly_air_base(state, u.space, u.owner) \
            and state.allied(state.turn_owners.get(u.space), u.owner):
        return ab.bonus, True
    return 0, False


def keep_base_bonus(state: GameState, u: Unit, known: tuple[int, bool] | None = None) -> None:
    """A unit's first move of the turn: a whole-turn base bonus (G40) is remembered for
    its later moves (`ro3_moves`, cleared each turn). `known`: its base_bonus, when the
    move found it already in this state."""
    if u.moved == 0 and state.utype(u).abilities:
        bonus, whole_turn = known or base_bonus(state, u)
        if bonus and whole_turn:
            state.zone.ro3_moves[f"base_bonus|{u.uid}"] = bonus


def at_friendly_naval_base(state: GameState, space: str, player: str, neutral_ports: bool = False) -> bool:
    """Is this sea zone serviced by an operative naval base of the player's side?"""
    return bool(friendly_naval_bases(state, space, player, neutral_ports))


def friendly_naval_bases(state: GameState, space: str, player: str, neutral_ports: bool = False) -> list[str]:
    """The territories bordering this sea zone with an operative naval base
    (facilities.operative) held by a friendly player, sorted. With `neutral_ports` (seed
    000 auxiliary cruiser, G46) a naval base in an unowned `true_neutral` territory counts
    too."""
    sps = state.scenario.spaces
    if sps[space].kind != SEA:
        return []
    return sorted(a for a in sps[space].adjacent if facilities.operative(state, a, "naval_base") and (
        state.allied(state.owners.get(a), player)
        or (neutral_ports and sps[a].true_neutral and state.owners.get(a) is None)))


def at_friendly_air_base(state: GameState, space: str, player: str) -> bool:
    """Does this territory, held by the player's side, hold an operative air base
    (facilities.operative)?"""
    return state.scenario.spaces[space].kind == LAND and state.allied(state.owners.get(space), player) \
        and facilities.operative(state, space, "air_base")


def group_mp(state: GameState, group: list[Unit], bonuses: BaseBonuses | None = None) -> int:
    """Movement left to the group as a whole (towed units use the tow's allowance);
    `bonuses` as surface_move's."""
    tow = towing(state, group)
    return min((tow[u.uid] if u.uid in tow else surface_move(state, u, bonuses)) - u.moved
               for u in group)


# --- air -------------------------------------------------------------------
def grounded(state: GameState, carrier: Unit) -> bool:
    """A damaged carrier with grounded_when_damaged: no air operations (seed 001)."""
    return carrier.damage > 0 and state.utype(carrier).has("grounded_when_damaged")


def trapped(state: GameState, u: Unit) -> bool:
    """An aircraft aboard a grounded carrier: cargo until the carrier is repaired."""
    if u.carried_by is None:
        return False
    c = state.units.get(u.carried_by)
    return c is not None and state.utype(u).domain == AIR and grounded(state, c)


def _operating_carriers(state: GameState, space: str, player: str) -> list[Unit]:
    return [u for u in state.units_in(space)
            if state.utype(u).has("carrier")
            and state.allied(u.owner, player) and not grounded(state, u)]


def landing_spots(state: GameState, player: str, among: Iterable[str] | None = None) -> set[str]:
    """Where the player's aircraft may end the turn: friendly land held since the
    start of the turn, and sea zones with a friendly carrier. With `among`: only those of
    these spaces (the end of a turn asks only where its aircraft are)."""
    friendly: dict[str | None, bool] = {}   # owner -> aircraft of the player may land there

    def ok(owner: str | None) -> bool:
        got = friendly.get(owner)
        if got is None:
            got = friendly[owner] = state.allied(owner, player) or bool(
                state.relations and owner is not None and politics.air_may_land_with(state, owner, player))
        return got
    owners, turn_owners = state.owners, state.turn_owners
    sps = state.scenario.spaces
    asked = sps.items() if among is None else [(s, sps[s]) for s in set(among)]
    spots = {s for s, sp in asked
             if sp.kind == LAND and not sp.impassable
             and ok(owners.get(s)) and ok(turn_owners.get(s))
             and (not state.relations or politics.air_may_land(state, s, owners.get(s), player))}
    carriers = state.ruleset.types_with("carrier")
    if carriers:
        units = state.units.values() if among is None else \
            [u for s, sp in asked if sp.kind != LAND for u in state.units_in(s)]
        for u in units:
            if u.type in carriers and state.allied(u.owner, player) and not grounded(state, u):
                spots.add(u.space)
    return spots


def carrier_room(state: GameState, space: str, player: str, exclude: Iterable[int] = ()) -> int:
    """Free carrier capacity for this player's side in a sea zone."""
    excluded = set(exclude)
    cap = sum(state.utype(u).ability("carrier").capacity for u in _operating_carriers(state, space, player))
    used = sum(state.utype(u).carrier_cost or 0 for u in state.units_in(space)
               if state.utype(u).domain == AIR and u.uid not in excluded
               and state.allied(u.owner, player) and not trapped(state, u))
    return cap - used


def carrier_accepts(state: GameState, space: str, player: str, group: list[Unit]) -> bool:
    """Carriers with a `units` list take only those aircraft: is there a friendly
    carrier in `space` for every aircraft type of the group?"""
    carriers = [state.utype(u).ability("carrier") for u in _operating_carriers(state, space, player)]
    for u in group:
        ut = state.utype(u)
        if not any(not c.units or ut.matches(c.units) for c in carriers):
            return False
    return True


def _unlandable(state: GameState, player: str) -> list[Unit]:
    """The player's aircraft that could not reach a landing space with the movement they
    have left: friendly land (any number) or carrier room (shared out greedily, aircraft
    with the fewest choices first)."""
    sps = state.scenario.spaces
    planes = [u for u in state.units.values() if u.owner == player
              and state.utype(u).domain == AIR and not trapped(state, u)]
    if not planes:
        return []
    spots = landing_spots(state, player)
    new = newcarriers.zones(state, player) if player == state.player else set()   # as land
    dist = distances(state.scenario)
    mine = {u.uid for u in planes}
    room = {z: carrier_room(state, z, player, exclude=mine) for z in spots if sps[z].kind == SEA}
    choices: list[tuple[Unit, list[str]]] = []
    for u in planes:
        reach = {s for s, d in dist[u.space].items() if d <= moves_left(state, u) and (s in spots or s in new)}
        if any(sps[s].kind == LAND or s in new for s in reach):
            continue
        choices.append((u, sorted(z for z in reach if z in room)))
    out = []
    for u, zones in sorted(choices, key=lambda c: (len(c[1]), c[0].uid)):
        cost = state.utype(u).carrier_cost
        fits = [z for z in zones if cost is not None and room[z] >= cost
                and carrier_accepts(state, z, player, [u])]
        if not fits:
            out.append(u)
            continue
        best = max(fits, key=lambda z: (room[z], z == u.space))
        room[best] -= cost or 0
    return out


def strands_aircraft(state: GameState, group: list[Unit], dest: str) -> str:
    """seed 001: "a carrier must move if it's able, or remain in place, in order to provide
    a landing space for an air unit that would not otherwise have one": why moving this
    group to `dest` takes the last landing space of one of the player's aircraft, or ""."""
    if not any(state.utype(u).has("carrier") for u in group):
        return ""
    player = group[0].owner
    before = {u.uid for u in _unlandable(state, player)}
    after = _unlandable(_moved_copy(state, group, dest), player)
    if len(after) <= len(before):
        return ""
    u = next((x for x in after if x.uid not in before), after[0])
    return (f"The {state.utype(u).name} in {state.scenario.spaces[u.space].name} would have no "
            f"other landing space: the carrier must stay within its reach.")


def _moved_copy(state: GameState, group: list[Unit], dest: str) -> GameState:
    """The state after the sea group moves to `dest`, as far as landing spaces go: ships and
    their cargo move, the mover's own aircraft launch from carriers with own_aircraft_launch
    (as actions._move does)."""
    alt = state.copy()
    for u in group:
        alt.units[u.uid] = replace(alt.units[u.uid], space=dest)
        carrier = state.utype(u).ability("carrier")
        for c in state.cargo_of(u.uid):
            launch = (carrier is not None and carrier.own_aircraft_launch and c.owner == u.owner
                      and state.utype(c).domain == AIR and not trapped(state, c))
            alt.units[c.uid] = replace(c, carried_by=None) if launch else replace(c, space=dest)
    return alt


def can_reach_landing(state: GameState, player: str, start: str, mp: int) -> bool:
    """Fuel rule: a landing space within `mp`, counting sea zones where a carrier the
    player still has to place could go (seed 001: newcarriers)."""
    dist = distances(state.scenario)[start]
    if landing_spots(state, player, among=[s for s, d in dist.items() if d <= mp]):
        return True
    return player == state.player and any(dist.get(s, 99) <= mp for s in newcarriers.zones(state, player))


# --- path search -------------------------------------------------------------
def _enter_ok(state: GameState, group: list[Unit], domain: str, player: str, phase: str,
              space: str) -> tuple[bool, bool, str]:
    """Can the group enter `space`? Returns (allowed, must_stop, reason)."""
    sp = state.scenario.spaces[space]
    if state.scenario.player_rules and (kept := player_rules.entry_block(state, space, player)):
        return False, True, kept   # G40 China: Chinese units stay in China
    if domain == AIR:
        closed = politics.closed_to_air(state, space, player) if state.relations else ""
        return (False, True, closed) if closed else (True, False, "")
    if domain == LAND:
        if sp.kind == SEA:
            return False, True, "Land units need a transport to enter a sea zone."
        if sp.impassable or state.owners.get(space) is None:
            return False, True, f"{sp.name} is neutral and cannot be entered."
        hostile = is_hostile(state, space, player)
        if not hostile:
            closed = politics.closed_to(state, space, player)   # a power not at war
            if not closed and phase == COMBAT and state.relations:
                closed = politics.closed_in_combat_move(state, space, player)
            if closed:
                return False, True, closed
            if state.relations and politics.ends_move_on_entry(state, space, player):
                if not any(not state.utype(u).has("cannot_capture") for u in group):
                    return False, True, (f"{sp.name} is a friendly neutral: only units that "
                                         f"can take a territory enter it.")
                return True, True, ""   # taken on entry: the move ends there
            return True, False, ""
        if phase != COMBAT:
            return False, True, f"{sp.name} is hostile: enter it in the combat move."
        empty = not blocking_enemies(state, space, player)
        if empty and group_can_blitz(state, group):
            return True, False, ""  # blitz through
        return True, True, ""
    # sea
    if sp.kind != SEA:
        return False, True, "Ships stay at sea."
    for u in group:
        if not zone_allowed(state, u, space):
            allowed = state.utype(u).ability("restricted_zones").allowed
            return False, True, (f"{state.utype(u).name} may only enter "
                                 f"{' or '.join(a.replace('_', ' ') for a in allowed)} zones; "
                                 f"{sp.name} is not one.")
    if blocking_ships(state, space, player, group):
        if phase != COMBAT:
            if _stops_at_detector(state, group):
                return True, True, ""  # seed 001: a submarine entering a frigate's zone stops
            return False, True, f"Enemy ships hold {sp.name}: attack them in the combat move."
        return True, True, ""
    return True, False, ""


def track_terrain(state: GameState, space: str) -> str:
    """The track terrain of a space under the ruleset's `tracks` rule (seed 000 G3), or ""."""
    tr = state.ruleset.tracks
    if tr is None:
        return ""
    return next((t for t in state.scenario.spaces[space].terrain if t in tr.terrain), "")


def track_cost(state: GameState, group: list[Unit], space: str) -> int:
    """Tracks (seed 000 G3, a supplied rule): the extra movement points a land group
    spends entering a space with track terrain, unless every unit of the group has
    `no_move_penalty` for it (the auxiliary's Fieldcraft: "does not suffer movement
    penalties when using tracks")."""
    tag = track_terrain(state, space)
    if not tag:
        return 0
    for u in group:
        nmp = state.utype(u).ability("no_move_penalty")
        if nmp is None or tag not in nmp.terrain:
            return state.ruleset.tracks.extra_cost  # type: ignore[union-attr]
    return 0


def path_cost(state: GameState, group: list[Unit], path: Iterable[str]) -> int:
    """Movement points a group spends along `path`: one a space, plus the tracks' extra
    cost for a land group."""
    path = tuple(path)
    if state.ruleset.tracks is None or group_domain(state, group) != LAND:
        return len(path)
    return sum(1 + track_cost(state, group, s) for s in path)


def canal_block(state: GameState, group: list[Unit], a: str, b: str) -> str:
    """Why the group may not cross the border a-b (a canal, seed 000 juggernaut "Oversize"),
    or ""."""
    name = state.scenario.canal(a, b)
    if name is None:
        return ""
    for u in group:
        ct = state.utype(u).ability("cannot_traverse")
        if ct is not None and "canal" in ct.features:
            return f"{state.utype(u).name} cannot pass the {name} (too big for canals)."
    control = state.scenario.canal_control.get(name)
    if control is None or not group:
        return ""
    barred = [u for u in group if not state.utype(u).matches(control.open_to)]
    side = state.alliance_of(group[0].owner)
    # G40 2nd ed. (TripleA canalAttachment landTerritories): held by the mover's side since
    # the start of its turn (turn_owners); a neutral or enemy holder closes it
    lost = [t for t in control.held if state.alliance_of(state.turn_owners.get(t)) != side]
    if barred and lost:
        names = " and ".join(state.scenario.spaces[t].name for t in lost)
        return (f"The {name} is closed: your side has not held {names} since the start "
                f"of the turn.")
    return ""


def _coexists(state: GameState, u: Unit) -> bool:
    st = state.utype(u).ability("stealthy")
    return st is not None and st.noncombat_coexist


def _detected(state: GameState, group: list[Unit], foes: list[Unit]) -> bool:
    """Is one of the group's `unless_enemy_has` units (a frigate) among these enemies?"""
    refs = [r for u in group for r in state.utype(u).ability("stealthy").unless_enemy_has]
    kinds = set(state.ruleset.expand_all(refs))
    return any(f.type in kinds for f in foes)


def _stops_at_detector(state: GameState, group: list[Unit]) -> bool:
    """stealthy noncombat_coexist: the group may enter (and stop in) a zone it cannot
    slip through in the non-combat move."""
    return all(_coexists(state, u) for u in group)


def blitzes(state: GameState, path: tuple[str, ...], player: str) -> bool:
    """Does a land move along `path` blitz: pass through an enemy territory (empty, or
    holding only units captured on entry) before its last space?"""
    return any(is_enemy_land(state, s, player) for s in path[:-1])


def _dest_ok(state: GameState, group: list[Unit], domain: str, player: str, phase: str,
             space: str, path_len: int, blitzed: bool = False, raid: bool = False) -> tuple[bool, str]:
    sp = state.scenario.spaces[space]
    if state.scenario.player_rules and (kept := player_rules.end_block(state, space, player)):
        return False, kept   # G40: Japanese and American waters closed before war
    if domain == LAND:
        # seed 000 R3 (and A&A): a blitz is "a 2-space move that can end in a friendly or
        # hostile territory ... or even the space the [unit] came from"
        if phase == COMBAT and not blitzed and not is_hostile(state, space, player):
            if group_can_blitz(state, group):
                return False, (f"In the combat move land units may only move into enemy territory, "
                               f"or blitz through an empty one to a friendly territory; no blitz "
                               f"reaches {sp.name}: move there in the non-combat move.")
            return False, f"In the combat move land units may only move into enemy territory; move to {sp.name} in the non-combat move."
        return True, ""
    if domain == SEA:
        foes = enemies_in(state, space, player) if phase == NONCOMBAT else []
        if foes and not all(_coexists(state, u) for u in foes) \
                and not (_stops_at_detector(state, group) and _detected(state, group, foes)):
            return False, f"Enemy units are in {sp.name}."
        if why := strands_aircraft(state, group, space):
            return False, why
        if phase == COMBAT and (why := combat_cargo_block(state, group, space)):
            return False, why
        return True, ""
    # air
    if phase == COMBAT:
        if any(state.utype(u).has("noncombatant") for u in group):
            return False, (f"{state.utype(group[0]).name} joins an attack only to drop its cargo "
                           f"(an airdrop), never on its own.")
        if raid:
            from .raids import targets
            if not targets(state, space, player):
                return False, f"{sp.name} has no enemy facility to raid."
        elif not enemies_in(state, space, player):
            return False, (f"In the combat move aircraft may only fly to a battle; {sp.name} holds "
                           f"no enemy units (aircraft cannot take territory).")
        left = min(moves_left(state, u) for u in group) - path_len
        if not can_reach_landing(state, player, space, left):
            return False, f"No friendly landing place is within {_moves(left)} of {sp.name} (fuel rule)."
        return True, ""
    if sp.kind == LAND:
        if not is_friendly_land(state, space, player):
            return False, f"Aircraft must land in friendly territory; {sp.name} is not."
        if state.at_war(state.turn_owners.get(space), player):
            return False, f"{sp.name} was captured this turn: aircraft cannot land there yet."
        return True, ""
    why = carrier_landing_block(state, group, space, phase, player)
    return not why, why


def carrier_landing_block(state: GameState, group: list[Unit], space: str, phase: str,
                          player: str | None = None) -> str:
    """Why these aircraft may not end their move in the sea zone `space` ("" if they
    may): a friendly carrier there must take them, or (non-combat move) a carrier the
    player will place there (seed 001: newcarriers)."""
    player = player or state.player
    name = state.scenario.spaces[space].name
    need = sum(state.utype(u).carrier_cost or 99 for u in group)
    room = carrier_room(state, space, player, exclude=[u.uid for u in group])
    if (need > room or not carrier_accepts(state, space, player, group)) \
            and phase == NONCOMBAT and newcarriers.covers(state, player, space, group):
        return ""   # seed 001: a carrier will be placed here in the place phase
    if not carrier_accepts(state, space, player, group):
        return f"No carrier in {name} can take these aircraft."
    if need > room:
        return f"Not enough carrier room in {name} ({max(room, 0)} free)."
    return ""


def is_forced_march(state: GameState, group: list[Unit], path: tuple[str, ...]) -> bool:
    """A combat-move Move that is a forced march: land units that all have
    `forced_march`, have not moved or marched this turn, going to a space that is not
    hostile (a move the combat move does not otherwise allow)."""
    if state.phase != COMBAT or not path or not group:
        return False
    if blitzes(state, path, state.player):
        return False  # through enemy territory: a blitz, never a move under non-combat rules
    if any(not state.utype(u).has("forced_march") or u.marched or u.moved or u.in_combat
           or u.carried_by is not None for u in group):
        return False
    return not is_hostile(state, path[-1], state.player)


def forced_march_room(state: GameState, u: Unit) -> int:
    """How many more units may force-march with `u` from its space this turn (Rule of Three)."""
    cap = state.ruleset.rule_of_three
    fm = state.utype(u).ability("forced_march")
    if cap is None or fm is None or not fm.rule_of_three:
        return 99
    return cap - state.zone.ro3_moves.get(f"forced_march|{u.space}", 0)


def _movable(state: GameState, group: list[Unit], player: str, phase: str) -> None:
    if phase not in (COMBAT, NONCOMBAT):
        raise IllegalAction("Units move only in the combat and non-combat move phases.")
    for u in group:
        if u.owner != player:
            raise IllegalAction(f"That {state.utype(u).name} belongs to {state.scenario.player(u.owner).name}.")
        ut = state.utype(u)
        if phase == NONCOMBAT and u.in_combat and ut.domain != AIR:
            raise IllegalAction(f"{ut.name} fought this turn and cannot move again.")
        if phase == NONCOMBAT and ut.domain == SEA and moved_in_combat_move(state, u):
            raise IllegalAction(f"{ut.name} moved in the combat move: ships do not move again "
                                f"in the non-combat move.")
        if phase == COMBAT and u.in_combat:
            raise IllegalAction(f"{ut.name} has moved into a battle in "
                                f"{state.scenario.spaces[u.space].name} and must stay there.")
        if phase == COMBAT and ut.has("noncombat_move_only"):
            raise IllegalAction(f"{ut.name} moves only in the non-combat move.")
        if u.unloaded:
            raise IllegalAction("A transport that has unloaded cannot move further this turn.")
        if ut.domain == AIR and trapped(state, u):
            raise IllegalAction(f"{ut.name} is trapped aboard a damaged carrier until it is repaired.")
        if u.carried_by is not None and ut.domain != AIR:
            raise IllegalAction(f"{ut.name} is aboard a transport: unload it onto land.")
    if len({u.space for u in group}) != 1:
        raise IllegalAction("Units moving together must start in the same space.")


def moved_in_combat_move(state: GameState, u: Unit) -> bool:
    """Did this ship move in this turn's combat move? (seed 001: a carrier moves in the
    non-combat move "providing that they did not move during combat movement or participate
    in combat" -- the usual A&A rule, applied to every ship; set by actions._move.)"""
    return bool(state.zone.ro3_moves.get(f"combat_moved|{u.uid}"))


def reachable(state: GameState, group: list[Unit], player: str | None = None,
              phase: str | None = None, via: tuple[str, ...] = (),
              raid: bool = False) -> dict[str, tuple[str, ...]]:
    """Every legal destination for the group, with a shortest legal path (`raid`: of a
    bombing raid: aircraft fly to enemy facilities, enemy units there or not).

    `via` (waypoints the player chose, a path from the start) keeps only the paths that
    begin with it; those may end at via's last space or back at the start (a blitz out
    and back, seed 000 R3), which the search without waypoints leaves out."""
    player = player or state.player
    phase = phase or state.phase
    try:
        _movable(state, group, player, phase)
        domain = group_domain(state, group)
    except IllegalAction:
        return {}
    mp = group_mp(state, group)
    start = group[0].space
    # a node is (space, blitzed): blitzed once the path has passed through an enemy
    # territory (a blitz), which lets a combat move end in a friendly space (seed 000 R3).
    # Cheapest paths first (tracks cost extra, G3); equal costs keep the first found.
    track_blitz = domain == LAND and phase == COMBAT
    tracks = domain == LAND and state.ruleset.tracks is not None
    root = (start, False)
    spent0, stop_at_end = 0, False
    if via:
        passable, stop_at_end = _via_passable(state, group, domain, player, phase, via, mp)
        if not passable:
            return {}
        root = (via[-1], track_blitz and blitzes(state, via, player))
        spent0 = path_cost(state, group, via)
    parent: dict[tuple[str, bool], tuple[str, bool] | None] = {root: None}
    cost = {root: spent0}
    heap = [(spent0, 0, root)]
    done: set[tuple[str, bool]] = set()
    stops: set[tuple[str, bool]] = {root} if stop_at_end else set()
    order: list[tuple[str, bool]] = []
    seq = 0
    while heap:
        spent, _, node = heapq.heappop(heap)
        if spent != cost[node] or node in done:
            continue
        done.add(node)
        order.append(node)
        cur, flag = node
        if node in stops:
            continue
        passing = flag or (track_blitz and cur != start and is_enemy_land(state, cur, player))
        for nxt in state.scenario.spaces[cur].adjacent:
            key = (nxt, passing)
            if key in done or (nxt == start and not passing):
                continue
            step = 1 + (track_cost(state, group, nxt) if tracks else 0)
            if spent + step > mp or (key in cost and cost[key] <= spent + step):
                continue
            if domain == SEA and state.scenario.canals and canal_block(state, group, cur, nxt):
                continue
            ok, stop, _ = _enter_ok(state, group, domain, player, phase, nxt)
            if not ok:
                continue
            parent[key] = node
            cost[key] = spent + step
            if stop:
                stops.add(key)
            else:
                stops.discard(key)
            seq += 1
            heapq.heappush(heap, (spent + step, seq, key))
    out: dict[str, tuple[str, ...]] = {}
    for key in order:   # cheapest first: the first legal path to a space is kept
        dest, flag = key
        if (dest == start and not via) or dest in out:
            continue
        path: list[str] = []
        at: tuple[str, bool] | None = key
        while at is not None and at != root:
            path.append(at[0])
            at = parent[at]
        path = [*via, *reversed(path)]
        if not path:
            continue
        if domain == LAND and _blitz_len_ok(state, group, tuple(path), player):
            continue
        if domain == LAND and _space_limited(state, group) and _space_limit(state, group, dest):
            continue
        if _dest_ok(state, group, domain, player, phase, dest, len(path), blitzed=flag, raid=raid)[0]:
            out[dest] = tuple(path)
    return out


def _via_passable(state: GameState, group: list[Unit], domain: str, player: str, phase: str,
                  via: tuple[str, ...], mp: int) -> tuple[bool, bool]:
    """Can the group move along the waypoint path `via`, and must it stop at its last
    space? Only the last space may be one where units must stop."""
    if path_cost(state, group, via) > mp:
        return False, False
    stop = False
    cur = group[0].space
    for i, nxt in enumerate(via):
        if nxt not in state.scenario.spaces[cur].adjacent:
            return False, False
        if domain == SEA and state.scenario.canals and canal_block(state, group, cur, nxt):
            return False, False
        ok, stop, _ = _enter_ok(state, group, domain, player, phase, nxt)
        if not ok or (stop and i != len(via) - 1):
            return False, False
        cur = nxt
    return True, stop


def _blitz_len_ok(state: GameState, group: list[Unit], path: tuple[str, ...], player: str) -> str:
    """blitz.max_spaces: a move that blitzes through enemy territory is at most that long.
    Returns a reason when the move is too long, else ""."""
    if not any(is_enemy_land(state, s, player) for s in path[:-1]):
        return ""
    for u in group:
        bl = state.utype(u).ability("blitz")
        if bl is not None and bl.max_spaces and len(path) > bl.max_spaces:
            return (f"{state.utype(u).name} blitzes at most {bl.max_spaces} spaces "
                    f"({len(path)} in this move).")
    return ""


def check_path(state: GameState, group: list[Unit], path: tuple[str, ...],
               phase: str | None = None, raid: bool = False, bonuses: BaseBonuses | None = None) -> None:
    """Raise IllegalAction with a reason if the group may not move along path
    (under the rules of `phase`, by default the current phase; `raid`: a bombing raid's
    flight, which may end over an enemy territory without enemy units). `bonuses`: where
    the base bonuses of the group's unmoved units are noted (surface_move)."""
    player, phase = state.player, phase or state.phase
    _movable(state, group, player, phase)
    domain = group_domain(state, group)
    if not path:
        raise IllegalAction("Choose a destination.")
    mp = group_mp(state, group, bonuses)
    if len(path) > mp:
        sa = [state.utype(u) for u in group if state.utype(u).has("self_airlift")]
        if sa and len(path) <= min(ut.ability("self_airlift").air_move for ut in sa):
            raise IllegalAction(f"{sa[0].name} moves {sa[0].ability('self_airlift').land_move} space "
                                f"on land; to go farther it must move by air (airdrop).")
        raise IllegalAction(f"Not enough movement: {len(path)} needed, {mp} left.")
    need = path_cost(state, group, path)
    if need > mp:   # seed 000 G3 (supplied): a track space costs extra to enter
        raise IllegalAction(f"Not enough movement: {need} needed ({need - len(path)} more for desert "
                            f"tracks; auxiliaries pay nothing extra), {mp} left.")
    cur = group[0].space
    for i, nxt in enumerate(path):
        if nxt not in state.scenario.spaces[cur].adjacent:
            raise IllegalAction(f"{state.scenario.spaces[nxt].name} does not border "
                                f"{state.scenario.spaces[cur].name}.")
        if domain == SEA and (why := canal_block(state, group, cur, nxt)):
            raise IllegalAction(why)
        ok, stop, reason = _enter_ok(state, group, domain, player, phase, nxt)
        if not ok:
            raise IllegalAction(reason)
        if stop and i != len(path) - 1:
            raise IllegalAction(f"Units must stop in {state.scenario.spaces[nxt].name}.")
        cur = nxt
    ok, reason = _dest_ok(state, group, domain, player, phase, path[-1], len(path),
                          blitzed=domain == LAND and blitzes(state, path, player), raid=raid)
    if not ok:
        raise IllegalAction(reason)
    if domain == LAND and (why := _blitz_len_ok(state, group, path, player)):
        raise IllegalAction(why)
    if domain == LAND and _space_limited(state, group) and (why := _space_limit(state, group, path[-1])):
        raise IllegalAction(why)


def _space_limited(state: GameState, group: list[Unit]) -> bool:
    return any(state.utype(u).has("max_per_space") for u in group)


def _space_limit(state: GameState, group: list[Unit], dest: str) -> str:
    """max_per_space (seed 002, elite infantry): why the group may not end in dest."""
    from .production import space_limit_block
    return space_limit_block(state, [u.type for u in group], group[0].owner, dest,
                             leaving=tuple(u.uid for u in group))


# --- transports --------------------------------------------------------------
def cargo_of(state: GameState, carrier_uid: int) -> list[Unit]:
    return state.cargo_of(carrier_uid)


def transport_room(state: GameState, transport: Unit) -> int:
    cap = state.utype(transport).ability("transport").capacity
    return cap - sum(state.utype(c).transport_cost or 0 for c in cargo_of(state, transport.uid))


def pick_transports(state: GameState, group: list[Unit], sea: str, player: str) -> dict[int, int]:
    """Assign each land unit to a transport in `sea`: the player's own first, then a
    friendly power's (seed 001: allied land units load on their controller's turn and are
    carried on the ship owner's turn); partly loaded ones first. Returns unit uid ->
    transport uid, or raises IllegalAction."""
    if blocking_ships(state, sea, player, group):
        raise IllegalAction(f"Enemy ships hold {state.scenario.spaces[sea].name}: no loading there.")
    transports = sorted((u for u in state.units_in(sea)
                         if state.allied(u.owner, player)
                         and state.utype(u).has("transport") and not u.unloaded),
                        key=lambda t: (t.owner != player, transport_room(state, t), t.uid))
    if not transports:
        raise IllegalAction(f"No transport of yours or of a friendly power is in {state.scenario.spaces[sea].name}.")
    room = {t.uid: transport_room(state, t) for t in transports}
    out: dict[int, int] = {}
    for u in sorted(group, key=lambda x: -(state.utype(x).transport_cost or 99)):
        size = state.utype(u).transport_cost
        if size is None:
            raise IllegalAction(f"{state.utype(u).name} cannot be transported.")
        for t in transports:
            allowed = state.utype(t).ability("transport").units
            if allowed and not state.utype(u).matches(allowed):
                continue
            if room[t.uid] >= size:
                room[t.uid] -= size
                out[u.uid] = t.uid
                break
        else:
            raise IllegalAction("Not enough transport room for those units.")
    return out


def load_targets(state: GameState, group: list[Unit], player: str | None = None) -> list[str]:
    """Sea zones where this land group could board a transport now."""
    player = player or state.player
    if not group or any(state.utype(u).domain != LAND or u.carried_by is not None
                        or u.moved or u.in_combat or moves_left(state, u) <= 0 for u in group):
        return []  # loading is a land unit's entire move: not after moving, not without one
    if len({u.space for u in group}) != 1 or state.phase not in (COMBAT, NONCOMBAT):
        return []
    if state.phase == COMBAT and any(state.utype(u).has("noncombat_move_only") for u in group):
        return []
    out = []
    for sea in state.scenario.spaces[group[0].space].adjacent:
        if state.scenario.spaces[sea].kind != SEA:
            continue
        try:
            assignment = pick_transports(state, group, sea, player)
        except IllegalAction:
            continue
        if state.phase == COMBAT and combat_loading_block(state, assignment):
            continue
        out.append(sea)
    return out


def unload_targets(state: GameState, group: list[Unit], player: str | None = None) -> list[str]:
    """Land spaces this cargo group may unload into now."""
    player = player or state.player
    phase = state.phase
    if not group or any(u.carried_by is None or u.owner != player for u in group):
        return []
    sea = group[0].space
    if any(u.space != sea for u in group) or phase not in (COMBAT, NONCOMBAT):
        return []
    if state.scenario.spaces[sea].kind != SEA:
        return []  # aboard an air transport: its cargo lands by airdrop.py
    if phase == COMBAT and any(state.utype(u).has("noncombat_move_only") for u in group):
        return []
    if (blocking_ships(state, sea, player, group) and not escorted(state, sea, player)) \
            or allied_cargo_block(state, group):
        return []
    carriers = sorted({u.carried_by for u in group if u.carried_by in state.units})
    out = []
    for land in state.scenario.spaces[sea].adjacent:
        sp = state.scenario.spaces[land]
        if sp.kind != LAND or sp.impassable or state.owners.get(land) is None:
            continue
        hostile = is_hostile(state, land, player)
        if not hostile and politics.closed_to(state, land, player):
            continue   # a power not at war with the player
        if any(offload_block(state, state.units[t], land) for t in carriers):
            continue
        if (phase == COMBAT) == hostile:
            if _space_limited(state, group) and _space_limit(state, group, land):
                continue
            out.append(land)
    return out


# seed 001, Amphibious Assault Ships: cargo loaded in the combat move "must" be offloaded
# that turn (or the ship retreat from its sea battle); cargo loaded earlier, or in the
# non-combat move, may stay aboard. `combat_loaded|<uid>` is set by actions._move.
def combat_cargo(state: GameState, transport: Unit) -> list[Unit]:
    """The cargo aboard `transport` that boarded it in this turn's combat move."""
    return [c for c in cargo_of(state, transport.uid) if state.zone.ro3_moves.get(f"combat_loaded|{c.uid}")]


def assault_targets(state: GameState, transport: Unit, zone: str) -> list[str]:
    """Hostile territories bordering `zone` that this transport's cargo could be offloaded
    into in the combat move (no enemy ships holding the zone)."""
    if blocking_ships(state, zone, transport.owner, [transport]) \
            and not escorted(state, zone, transport.owner):
        return []
    sps = state.scenario.spaces
    return [land for land in sorted(sps[zone].adjacent)
            if sps[land].kind == LAND and not sps[land].impassable and state.owners.get(land) is not None
            and is_hostile(state, land, transport.owner) and not offload_block(state, transport, land)]


def can_still_offload(state: GameState, transport: Unit) -> bool:
    """Could the transport still offload its combat-move cargo this combat move: from
    where it is, or from a zone it may still move to?"""
    if assault_targets(state, transport, transport.space):
        return True
    return any(assault_targets(state, transport, z) for z in reachable(state, [transport], phase=COMBAT))


def combat_loading_block(state: GameState, assignment: dict[int, int]) -> str:
    """Why land units may not board these transports (unit uid -> transport uid) in the
    combat move: they must be offloaded that turn, so only a ship of the player's that can
    still offload them takes them; or ""."""
    for t_uid in sorted(set(assignment.values())):
        t = state.units[t_uid]
        if t.owner != state.player:
            return (f"Units boarding a friendly power's {state.utype(t).name} offload on a later "
                    f"turn: they board it in the non-combat move.")
        if not can_still_offload(state, t):
            return (f"Units loaded in the combat move must be offloaded this turn, and this "
                    f"{state.utype(t).name} can reach no territory to assault.")
    return ""


def combat_cargo_block(state: GameState, group: list[Unit], dest: str) -> str:
    """Why a combat move of these ships to `dest` is refused: a transport carrying cargo
    loaded in this combat move must end where it can offload it (an amphibious assault;
    no ship offloads in a zone held by enemy ships), or ""."""
    for t in group:
        if combat_cargo(state, t) and not assault_targets(state, t, dest):
            return (f"The {state.utype(t).name} carries units loaded in this combat move: they "
                    f"must be offloaded this turn, and {state.scenario.spaces[dest].name} borders no "
                    f"territory they can assault.")
    return ""


def combat_cargo_pending(state: GameState, player: str) -> str:
    """Why the player may not end the combat move yet: cargo loaded in it is still aboard
    a transport that can offload it, or "" (seed 001)."""
    for t in sorted((u for u in state.units.values() if u.owner == player and state.utype(u).has("transport")),
                    key=lambda u: u.uid):
        if combat_cargo(state, t) and can_still_offload(state, t):
            return (f"Units loaded in this combat move are still aboard the {state.utype(t).name} in "
                    f"{state.scenario.spaces[t.space].name}: offload them (an amphibious assault) first.")
    return ""


def allied_cargo_block(state: GameState, group: list[Unit]) -> str:
    """Land units that boarded a friendly power's ship this turn offload on a later turn of
    their controller (seed 001); `loaded_allied|<uid>` is set by actions._move."""
    for u in group:
        if state.zone.ro3_moves.get(f"loaded_allied|{u.uid}"):
            return (f"{state.utype(u).name} boarded a friendly power's ship this turn: it "
                    f"offloads on a later turn.")
    return ""


def offload_block(state: GameState, t: Unit, dest: str) -> str:
    """Why transport `t` may not offload into `dest` now ("" if it may): a transport
    offloads into one territory a turn, and not after retreating (seed 001, Amphibious
    Assault Ships; the same rule as Global 1940's transports). The per-turn counters
    record where it offloaded (`offload|<uid>|<territory>`, set by actions._move)."""
    done = [k.rsplit("|", 1)[1] for k in state.zone.ro3_moves if k.startswith(f"offload|{t.uid}|")]
    name = state.utype(t).name
    from . import landings  # (landings reads this module)
    if done and (zone := landings.called_back(state, t.uid)):
        return (f"This {name} took its troops back aboard after the sea battle in "
                f"{state.scenario.spaces[zone].name}: it cannot offload again this turn.")
    if done and done[0] != dest:
        return (f"This {name} has offloaded into {state.scenario.spaces[done[0]].name} "
                f"this turn: it cannot offload in two territories.")
    if t.unloaded and not done:
        return f"This {name} retreated this turn: it cannot offload."
    return ""


def explain(state: GameState, group: list[Unit], dest: str) -> str:
    """Why the group cannot go to dest (empty string if it can)."""
    try:
        _movable(state, group, state.player, state.phase)
        domain = group_domain(state, group)
    except IllegalAction as exc:
        return str(exc)
    if dest in reachable(state, group):
        return ""
    if domain == LAND and dest in load_targets(state, group):
        return ""
    if dest in unload_targets(state, group):
        return ""
    sp = state.scenario.spaces[dest]
    ok, _, reason = _enter_ok(state, group, domain, state.player, state.phase, dest)
    if not ok:
        return reason
    mp = group_mp(state, group)
    dist = distances(state.scenario)[group[0].space].get(dest, 99)
    if domain == AIR and dist > mp:
        return f"{sp.name} is {_moves(dist)} away; only {mp} left."
    ok2, reason2 = _dest_ok(state, group, domain, state.player, state.phase, dest, dist)
    if not ok2:
        return reason2
    if dist > mp:
        return f"{sp.name} is {_moves(dist)} away; only {mp} left."
    if domain == LAND and state.ruleset.tracks is not None:
        alt = state.copy()
        alt.ruleset = replace(state.ruleset, tracks=None)
        if dest in reachable(alt, group):   # seed 000 G3: the tracks cost extra movement
            extra = state.ruleset.tracks.extra_cost  # type: ignore[union-attr]
            return (f"Desert tracks on the way to {sp.name} cost {extra} more movement "
                    f"point{'s' if extra != 1 else ''} to enter (auxiliaries pay nothing extra); "
                    f"only {mp} left.")
    if domain == SEA and state.scenario.canals:
        alt = state.copy()
        alt.scenario = replace(state.scenario, canals={})
        if dest in reachable(alt, group):
            blocks = {canal_block(state, group, a, b) for a, b in state.scenario.canals}
            return next((b for b in sorted(blocks) if b), "A canal is in the way.")
    return f"No legal path to {sp.name}: hostile or impassable spaces are in the way."
