"""Airdrops: one `Airdrop(units, to)` action, two configurations chosen by the units.

Self-airlift (seed 002, `self_airlift`): paratroopers that have not moved this turn,
starting together in one land territory, fly up to `air_move` spaces (+
`air_base_bonus` from a friendly territory with an air base) over any spaces (sea
zones with enemy ships, enemy territory: nothing stops or intercepts them) and land:
- in the combat move, in a hostile territory (an airborne attack: `Unit.airborne`),
  never in a capital listed by `airdrop_forbidden`;
- in the non-combat move, only where `self_airlift.noncombat` allows (g40: a friendly
  capital).
The move uses all their movement. Airborne attackers are fired at by defending AAA
(battle.aa_shots), fight with their round-one `modifier`, get no `supported_by … not_in: [airborne]`
support and cannot retreat (battle.retreat).

Air transports (seed 000, `air_transport`): transport aircraft and the units they carry
(`capacity` each, every transport loaded), all unmoved in one territory friendly since
the start of the turn, fly up to the transports' movement:
- in the combat move into an enemy territory (an airdrop): the cargo must be
  `airdroppable` (with `requires_air_base`, the start needs an air base) and the
  transports must be able to reach a landing place afterwards. The cargo stays aboard
  until the battle's interception step (battle.py: after shore bombardment, W1), where
  defending AAA and interceptors fire; lost transports lose their cargo, the rest drop
  it (airborne: their round-one `modifier`, no retreat) and leave the battle. Into an enemy territory
  holding no enemy unit the cargo drops at once.
- in the non-combat move to a territory friendly since the start of the turn (a cargo
  flight); the cargo is unloaded there, at the end of the transport's move.
Seed 001 helicopters (`air_transport.ships`, helilift.py) also work with amphibious
assault ships at sea: they lift units off the player's ships in their starting sea zone
or on the way (`via`: the sea zone where the empty helicopters pick the cargo up), and
set them aboard the player's ships in a sea zone they fly to (a "ship" mission).
A flight may cross hostile territory (`flight_routes`: the route through the fewest
defended enemy territories, then the shortest); the AAA and fighters of each enemy
territory it passes through get their free attack on the way (`intercept_en_route`,
G14, docs/interpretations.md). `options(state)` lists every legal drop for the UI and
the computer players, with the chance each transport survives the free attacks on the
way and the interception at the target.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from math import comb
from typing import TYPE_CHECKING

from ..board import distances
from ..errors import IllegalAction
from ..model import LAND, SEA, GameState, Unit
from . import facilities, helilift
from .movement import (
    COMBAT,
    NONCOMBAT,
    can_reach_landing,
    enemies_in,
    is_enemy_land,
    is_friendly_land,
    is_hostile,
)

if TYPE_CHECKING:
    from ..actions import Airdrop


def air_range(state: GameState, group: list[Unit]) -> int:
    """How far the group may fly: each unit's air_move (+air_base_bonus from a friendly
    territory with an air base); the smallest of the group."""
    out = 99
    for u in group:
        sa = state.utype(u).ability("self_airlift")
        bonus = sa.air_base_bonus if facilities.operative(state, u.space, "air_base") \
            and is_friendly_land(state, u.space, u.owner) else 0
        out = min(out, sa.air_move + bonus)
    return out


def forbidden_capital(state: GameState, group: list[Unit], dest: str) -> str:
    """airdrop_forbidden: the power whose capital `dest` is, when the group may not drop there."""
    for u in group:
        for ab in state.utype(u).abilities_named("airdrop_forbidden"):
            for p in state.scenario.players:
                if p.capital == dest and state.power_of(p.id) in ab.capitals_of:
                    return state.power_of(p.id) or ""
    return ""


def grounded(state: GameState, group: list[Unit]) -> str:
    """Why the group cannot take off now, in the player's words ("" if it can): the
    checks every flight shares, whatever its destination (for the interface)."""
    try:
        _check_group(state, group)
    except IllegalAction as exc:
        return str(exc)
    return ""


def flyers(state: GameState, space: str | None = None) -> dict[str, list[Unit]]:
    """The current player's units that may take off now, by the land territory they are
    in (only `space` when given); units by uid."""
    out: dict[str, list[Unit]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != state.player or (space is not None and u.space != space):
            continue
        if state.utype(u).has("self_airlift") and not grounded(state, [u]):
            out.setdefault(u.space, []).append(u)
    return out


def _check_group(state: GameState, group: list[Unit]) -> None:
    if state.phase not in (COMBAT, NONCOMBAT):
        raise IllegalAction("Paratroopers fly only in the combat and non-combat move phases.")
    if not group:
        raise IllegalAction("Select paratroopers to fly.")
    for u in group:
        ut = state.utype(u)
        if u.owner != state.player:
            raise IllegalAction(f"That {ut.name} is not yours.")
        if not ut.has("self_airlift"):
            raise IllegalAction(f"{ut.name} cannot move by air on its own; only paratroopers can.")
        if u.carried_by is not None:
            raise IllegalAction(f"{ut.name} is aboard a transport: a paratrooper must begin its "
                                f"flight on land.")
        if u.moved or u.in_combat or u.marched:
            raise IllegalAction(f"{ut.name} has already moved this turn; a flight is its whole move.")
    if len({u.space for u in group}) != 1:
        raise IllegalAction("Paratroopers flying together must start in the same territory.")
    if state.scenario.spaces[group[0].space].kind != LAND:
        raise IllegalAction("A paratrooper must begin its flight on land.")


def explain(state: GameState, group: list[Unit], dest: str, via: str = "") -> str:
    """Why the group may not airdrop into `dest` now ("" if it may); `via`: the sea zone
    where air transports pick their cargo up on the way (helilift.py)."""
    if uses_air_transport(state, group):
        return _explain_transport(state, group, dest, via=via)
    if via:
        return "Only helicopters pick units up on the way."
    try:
        _check_group(state, group)
    except IllegalAction as exc:
        return str(exc)
    sps = state.scenario.spaces
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    start = group[0].space
    if dest == start:
        return "Choose another territory."
    if sp.kind != LAND:
        return f"A paratrooper must end its flight on land; {sp.name} is a sea zone."
    if sp.impassable or state.owners.get(dest) is None:
        return f"{sp.name} is neutral and cannot be entered."
    rng = air_range(state, group)
    dist = distances(state.scenario)[start].get(dest, 10**6)
    if dist > rng:
        return f"{sp.name} is {dist} spaces away; paratroopers fly at most {rng} from {sps[start].name}."
    player = state.player
    hostile = is_hostile(state, dest, player)
    if state.phase == COMBAT:
        if not hostile:
            return (f"In the combat move paratroopers fly only into an attack; fly to {sp.name} "
                    f"in the non-combat move (friendly capitals only).")
        power = forbidden_capital(state, group, dest)
        if power:
            return (f"{sp.name} is the capital of {power.replace('_', ' ').title()}: paratroopers "
                    f"may not attack it from the air (attack it by land or from a transport).")
        return ""
    # non-combat move
    if hostile or not is_friendly_land(state, dest, player):
        return f"{sp.name} is not friendly: paratroopers attack by air only in the combat move."
    for u in group:
        sa = state.utype(u).ability("self_airlift")
        if sa.noncombat == "none":
            return f"{state.utype(u).name} flies only to attack."
        if sa.noncombat == "friendly_capital" and not any(p.capital == dest for p in state.scenario.players):
            return (f"In the non-combat move paratroopers fly only into a friendly capital; "
                    f"{sp.name} is not a capital.")
    from .production import space_limit_block
    return space_limit_block(state, [u.type for u in group], player, dest,
                             leaving=tuple(u.uid for u in group))


def targets(state: GameState, group: list[Unit], via: str = "") -> list[str]:
    """Every space the group may airdrop into now (sorted): territories, and for
    helicopters sea zones where their cargo goes aboard ships."""
    if uses_air_transport(state, group):
        return _transport_targets(state, group, via)
    if via:
        return []
    try:
        _check_group(state, group)
    except IllegalAction:
        return []
    start = group[0].space
    rng = air_range(state, group)
    dist = distances(state.scenario)[start]
    return sorted(s for s, d in dist.items() if 0 < d <= rng and not explain(state, group, s))


def airdrop(state: GameState, uids: tuple[int, ...], dest: str, en_route: bool = True,
            via: str = "") -> None:
    """Apply an airdrop (state is the reducer's copy). `en_route=False` leaves out the
    free attacks on an air transport's way (for the interface's what-if copies only);
    `via`: the sea zone where helicopters pick their cargo up on the way."""
    for uid in uids:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    group = [state.units[uid] for uid in uids]
    why = explain(state, group, dest, via)
    if why:
        raise IllegalAction(why)
    if uses_air_transport(state, group):
        _fly_transports(state, group, dest, en_route, via)
        return
    player = state.player
    attack = state.phase == COMBAT
    start = group[0].space
    for u in group:
        state.units[u.uid] = replace(u, space=dest, moved=max(state.utype(u).move, u.moved),
                                     in_combat=attack, airborne=attack)
    if attack:
        state.zone.origins.setdefault(dest, ())  # no way back: airborne units cannot retreat
    names = state.scenario.spaces
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} "
                  f"{state.utype(group[0]).name}{'s' if len(group) != 1 else ''} fly from "
                  f"{names[start].name} to {names[dest].name}"
                  f"{' (airborne attack)' if attack else ''}.")


# --- air transports (seed 000: TRANSPORT AIRCRAFT, PARATROOPERS) -------------------------
AIRDROP, CARGO, SHIP, SELF_AIRLIFT = "airdrop", "cargo", "ship", "self_airlift"


def uses_air_transport(state: GameState, group: list[Unit]) -> bool:
    """Is this group an air-transport flight (it holds a unit with `air_transport`)?"""
    return any(state.utype(u).has("air_transport") for u in group)


def split(state: GameState, group: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    """(transports, cargo) of a group, each by uid."""
    key = lambda u: u.uid  # noqa: E731
    tr = sorted((u for u in group if state.utype(u).has("air_transport")), key=key)
    return tr, sorted((u for u in group if not state.utype(u).has("air_transport")), key=key)


def interceptors_in(state: GameState, space: str, player: str) -> list[Unit]:
    """Enemy units in `space` that would fire at the player's air transports: AAA with
    `per_air_transport` and units that `intercept` (not cargo)."""
    out = []
    for u in enemies_in(state, space, player):
        ut = state.utype(u)
        aa = ut.ability("anti_aircraft")
        if u.carried_by is None and (ut.has("intercepts") or (aa is not None and aa.per_air_transport)):
            out.append(u)
    return out


def defended(state: GameState, space: str, player: str) -> bool:
    """An enemy territory whose AAA or fighters would intercept an air transport."""
    return is_enemy_land(state, space, player) and bool(interceptors_in(state, space, player))


def defended_spaces(state: GameState, player: str) -> set[str]:
    """Every enemy territory whose AAA or fighters would intercept the player's air transports."""
    out: set[str] = set()
    for u in state.units.values():
        if u.carried_by is None and u.space not in out and state.at_war(u.owner, player):
            ut = state.utype(u)
            aa = ut.ability("anti_aircraft")
            if (ut.has("intercepts") or (aa is not None and aa.per_air_transport)) \
                    and is_enemy_land(state, u.space, player):
                out.add(u.space)
    return out


def flight_routes(state: GameState, start: str, player: str, rng: int) -> dict[str, tuple[str, ...]]:
    """The route an air transport flies from `start` to every space within `rng` spaces.
    It may cross hostile territory, whose AAA and fighters intercept it on the way (seed
    000 PARATROOPERS: "If the air transport enters or moves through a hostile territory,
    AAA and fighters receive one free attack"); the route is the one crossing the fewest
    such defended territories, then the shortest (the last space is not counted: as a
    drop target it intercepts in the battle)."""
    defended_now = defended_spaces(state, player)
    spaces = state.scenario.spaces
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    layer: dict[str, tuple[int, tuple[str, ...]]] = {start: (0, ())}
    for _ in range(rng):   # layer d: the best walk of exactly d spaces to each space
        nxt: dict[str, tuple[int, tuple[str, ...]]] = {}
        for cur, (crossed, path) in layer.items():
            if path and cur in defended_now:
                crossed += 1
            for nb in spaces[cur].adjacent:
                if nb not in nxt or crossed < nxt[nb][0]:
                    nxt[nb] = (crossed, path + (nb,))
        layer = nxt
        for sid, (crossed, path) in layer.items():
            if sid != start and (sid not in best or crossed < best[sid][0]):
                best[sid] = (crossed, path)
    return {sid: path for sid, (_, path) in best.items()}


def crossed(state: GameState, route: tuple[str, ...], player: str) -> list[str]:
    """The defended enemy territories a flight along `route` passes through (not its end)."""
    return [sid for sid in route[:-1] if defended(state, sid, player)]


def en_route_shooters(state: GameState, space: str, transports: int,
                      player: str) -> list[tuple[Unit, int]]:
    """The free attack of a territory the air transports fly through: each AAA with
    `per_air_transport` one die per transport ("AAA may fire separately for each
    transport"), each unit that `intercepts` one die at its value against aircraft (the
    battle's interception dice, battle.interception_shooters)."""
    from .battle import intercept_value
    out: list[tuple[Unit, int]] = []
    for u in sorted(interceptors_in(state, space, player), key=lambda x: x.uid):
        ut = state.utype(u)
        aa = ut.ability("anti_aircraft")
        if aa is not None and aa.per_air_transport:
            out.extend((u, min(aa.value, state.ruleset.dice)) for _ in range(transports))
        if ut.has("intercepts"):
            out.append((u, intercept_value(state, u)))
    return out


def intercept_en_route(state: GameState, transports: list[Unit], route: tuple[str, ...]) -> list[Unit]:
    """Roll the free attack of every defended enemy territory the flight passes through
    (seed 000 R7), in route order; each hit downs a transport (extra hit points first,
    then the lowest uid; its cargo is lost with it, battle.remove_unit). Returns the
    transports that fly on ("safe")."""
    from .. import dice
    from .battle import remove_unit
    player = transports[0].owner if transports else state.player
    flying = [t.uid for t in transports]
    names = state.scenario.spaces
    for sid in crossed(state, route, player):
        if not flying:
            break
        shots = en_route_shooters(state, sid, len(flying), player)
        faces = dice.roll(state, len(shots))
        hits = sum(1 for (_, v), f in zip(shots, faces, strict=True) if f <= v)
        state.add_log(f"  Interception over {names[sid].name}: {len(shots)} di"
                      f"{'ce' if len(shots) != 1 else 'e'} {' '.join(map(str, faces))}, "
                      f"{hits} hit{'s' if hits != 1 else ''}.")
        for _ in range(hits):
            if not flying:
                break
            units = [state.units[uid] for uid in flying]
            worn = [u for u in units if u.damage < state.utype(u).hits - 1]
            if worn:
                u = worn[0]
                state.units[u.uid] = replace(u, damage=u.damage + 1)
                continue
            u = units[0]
            state.add_log(f"  {state.utype(u).name} shot down over {names[sid].name}.")
            remove_unit(state, u.uid)
            flying.remove(u.uid)
    return [state.units[uid] for uid in flying]


def route_survivors(state: GameState, route: tuple[str, ...], transports: int,
                    player: str | None = None) -> list[float]:
    """Distribution of the transports left (index = survivors) after the free attacks on
    the way along `route` (intercept_en_route, exactly)."""
    player = player or state.player
    n_die = state.ruleset.dice
    dist = [0.0] * transports + [1.0]
    for sid in crossed(state, route, player):
        out = [0.0] * (transports + 1)
        for k, p in enumerate(dist):
            if not p:
                continue
            if k == 0:
                out[0] += p
                continue
            hits = [1.0]
            for _, v in en_route_shooters(state, sid, k, player):
                hits = _convolve(hits, _binomial(1, v / n_die))
            for h, q in enumerate(hits):
                out[max(0, k - h)] += p * q
        dist = out
    return dist


def _transport_range(state: GameState, transports: list[Unit]) -> int:
    return min((state.utype(t).move - t.moved for t in transports), default=0)


def _check_transport_group(state: GameState, group: list[Unit], via: str = "") -> str:
    """Why this group cannot fly as air transports with cargo at all now ("" if it can);
    with `via` the cargo waits aboard ships in that sea zone (helilift.pickup_block)."""
    if state.phase not in (COMBAT, NONCOMBAT):
        return "Air transports fly only in the combat and non-combat move phases."
    transports, cargo = split(state, group)
    for u in group:
        ut = state.utype(u)
        if u.owner != state.player:
            return f"That {ut.name} is not yours."
        # seed 001: helicopters on carriers, cargo on the player's ships at sea (helilift.py)
        why = helilift.aboard_block(state, u, transports)
        if why:
            return why
        # seed 000 TRANSPORT AIRCRAFT, Airdrop (C): "neither the air transport nor the
        # paratrooper have already moved that turn"
        if u.moved or u.in_combat or u.marched:
            return f"{ut.name} has already moved this turn: air transports load only unmoved units."
    if len({u.space for u in (transports if via else group)}) != 1:
        return ("The air transports must start together." if via else
                "The air transports and their cargo must start in the same territory.")
    if via and (why := helilift.pickup_block(state, transports, cargo, via)):
        return why
    start = transports[0].space
    sp = state.scenario.spaces[start]
    # (A) "both ... occupy the same friendly territory at the start of your turn"; seed 001
    # helicopters also lift units off ships in a sea zone without enemy ships (helilift.py)
    if sp.kind != LAND:
        from .movement import blocking_ships
        if blocking_ships(state, start, state.player, transports):
            return f"Enemy ships hold {sp.name}: no unit is lifted off a ship there."
    elif not is_friendly_land(state, start, state.player) \
            or state.at_war(state.turn_owners.get(start), state.player):
        return f"Air transports load only in a territory friendly since the start of the turn; {sp.name} is not."
    if not cargo:
        return "Choose units for the air transports to carry."
    room = sum(state.utype(t).ability("air_transport").capacity for t in transports)
    if len(cargo) > room:
        return f"{len(transports)} air transport{'s' if len(transports) != 1 else ''} carry at most {room} unit{'s' if room != 1 else ''}."
    if len(cargo) < len(transports):
        # "Air transports may not join an attack unless conducting an air- or supply drop"
        return "Every air transport on the flight must carry a unit."
    for c in cargo:
        ct = state.utype(c)
        if not all(ct.matches(state.utype(t).ability("air_transport").units) for t in transports):
            return f"{ct.name} cannot be carried by air transports."
    return ""


def transport_routes(state: GameState, transports: list[Unit], via: str = "") -> dict[str, tuple[str, ...]]:
    """The route these air transports fly to every space in their range (flight_routes);
    with `via`, by way of that sea zone (where they pick their cargo up)."""
    start = transports[0].space
    rng = _transport_range(state, transports)
    if not via:
        return flight_routes(state, start, state.player, rng)
    first = flight_routes(state, start, state.player, rng).get(via)
    if first is None:
        return {}
    return {sid: first + rest for sid, rest in flight_routes(state, via, state.player, rng - len(first)).items()}


def _explain_transport(state: GameState, group: list[Unit], dest: str,
                       routes: dict[str, tuple[str, ...]] | None = None, via: str = "") -> str:
    why = _check_transport_group(state, group, via)
    if why:
        return why
    sps = state.scenario.spaces
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    transports, cargo = split(state, group)
    start = transports[0].space
    player = state.player
    if dest == (via or start):
        return "Choose another space."
    at_sea = sp.kind == SEA and bool(helilift.ship_types(state, transports))
    if not at_sea and (sp.kind != LAND or sp.impassable or state.owners.get(dest) is None):
        return f"Air transports set their cargo down only in a territory; {sp.name} is not one they can enter."
    rng = _transport_range(state, transports)
    route = (routes if routes is not None else transport_routes(state, transports, via)).get(dest)
    if route is None:
        far = distances(state.scenario)
        dist = far[start].get(via, 10**6) + far[via].get(dest, 10**6) if via else far[start].get(dest, 10**6)
        return (f"{sp.name} is {dist} spaces away{f' by way of {sps[via].name}' if via else ''}; "
                f"the air transports fly at most {rng}.")
    dist = len(route)
    if at_sea:   # seed 001: "into ... sea zones (fleet)": aboard the player's ships there
        return helilift.sea_drop_block(state, transports, cargo, dest, rng - dist)
    if state.phase == COMBAT:
        if not is_enemy_land(state, dest, player):
            return (f"In the combat move air transports fly only an airdrop into enemy territory; "
                    f"fly to {sp.name} in the non-combat move.")
        for c in cargo:
            ad = state.utype(c).ability("airdroppable")
            if ad is None:
                return (f"{state.utype(c).name} cannot be airdropped: only paratroopers drop into an "
                        f"attack (infantry fly in the non-combat move).")
            # (B) "that friendly territory contains an air base"
            if ad.requires_air_base and not facilities.operative(state, c.space, "air_base"):
                return f"An airdrop starts from a territory with an air base; {sps[c.space].name} has none."
        # "a friendly transport must be able to end its movement in a territory under
        # friendly control since the beginning of the turn"
        if not can_reach_landing(state, player, dest, rng - dist):
            return (f"After the drop the air transports could not reach a territory friendly since "
                    f"the start of the turn ({rng - dist} moves left).")
        return ""
    # Cargo: "must end in a friendly space controlled since the beginning of the player's turn"
    if not is_friendly_land(state, dest, player) or state.at_war(state.turn_owners.get(dest), player) \
            or state.turn_owners.get(dest) is None:
        return f"A cargo flight ends in a territory friendly since the start of the turn; {sp.name} is not."
    from .production import space_limit_block
    return space_limit_block(state, [u.type for u in cargo], player, dest,
                             leaving=tuple(u.uid for u in cargo))


def _transport_targets(state: GameState, group: list[Unit], via: str = "") -> list[str]:
    if _check_transport_group(state, group, via):
        return []
    transports, _ = split(state, group)
    routes = transport_routes(state, transports, via)
    attack = state.phase == COMBAT
    at_sea = bool(helilift.ship_types(state, transports))
    sps = state.scenario.spaces
    return sorted(s for s in routes
                  if (at_sea and sps[s].kind == SEA
                      or (is_enemy_land(state, s, state.player) if attack
                          else is_friendly_land(state, s, state.player)))
                  and not _explain_transport(state, group, s, routes, via))


def _fly_transports(state: GameState, group: list[Unit], dest: str, en_route: bool = True,
                    via: str = "") -> None:
    """Apply an air-transport flight (checked by the caller). Cargo rides in the
    transports (one unit per capacity, lowest uids first) through the free attacks on
    the way (`en_route`; off only for the interface's what-if copies). Seed 001
    helicopters leave their carriers and lift their cargo off its ships first
    (helilift.release), and set it aboard ships when `dest` is a sea zone."""
    route = transport_routes(state, split(state, group)[0], via)[dest]
    transports, cargo = split(state, helilift.release(state, group))
    player = state.player
    start = transports[0].space
    attack = state.phase == COMBAT
    names = state.scenario.spaces
    at_sea = names[dest].kind == SEA
    what = ", ".join(f"{n} {k}" for k, n in _counts(state, cargo).items())
    how = " (aboard ships)" if at_sea else " (airdrop)" if attack else ""
    state.add_log(f"{state.scenario.player(player).name}: {len(transports)} "
                  f"{state.utype(transports[0]).name} "
                  + (f"fly from {names[start].name} to {names[via].name}, pick up {what} and fly on to "
                     if via else f"carrying {what} fly from {names[start].name} to ")
                  + f"{names[dest].name}{how}.")
    slots = [t.uid for t in transports for _ in range(state.utype(t).ability("air_transport").capacity)]
    for c, t_uid in zip(cargo, slots, strict=False):
        state.units[c.uid] = replace(c, carried_by=t_uid, moved=max(state.utype(c).move, c.moved))
    if en_route and any(state.utype(t).has("interceptable") for t in transports):
        transports = intercept_en_route(state, transports, route)
    if not transports:
        return
    if at_sea:
        _set_aboard(state, transports, dest, len(route))
        return
    # an enemy territory with no enemy unit, or transports nothing intercepts (seed 001
    # helicopters): the cargo drops at once; a cargo flight unloads "at the conclusion of
    # an air transport's movement" (Cargo): it is the transport's whole move
    at_once = not attack or not enemies_in(state, dest, player) \
        or not any(state.utype(t).has("interceptable") for t in transports)
    for t in transports:
        moved = t.moved + len(route) if attack else max(t.moved + len(route), state.utype(t).move)
        state.units[t.uid] = replace(t, space=dest, moved=moved, in_combat=attack)
        for c in state.cargo_of(t.uid):
            state.units[c.uid] = replace(c, space=dest, carried_by=None if at_once else t.uid,
                                         in_combat=attack, airborne=attack)
    if attack:
        state.zone.origins.setdefault(dest, ())  # no way back: dropped units cannot retreat


def _set_aboard(state: GameState, transports: list[Unit], zone: str, flown: int) -> None:
    """Seed 001 helicopters end their move in the sea zone `zone` (in the combat move
    with the moves they have left, otherwise their whole move) and set their cargo
    aboard the player's ships there (helilift.set_down)."""
    cargo = [c for t in transports for c in state.cargo_of(t.uid)]
    for t in transports:
        moved = t.moved + flown if state.phase == COMBAT else max(t.moved + flown, state.utype(t).move)
        state.units[t.uid] = replace(t, space=zone, moved=moved)
    helilift.set_down(state, transports, cargo, zone)


def _counts(state: GameState, units: list[Unit]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[state.utype(u).name] = out.get(state.utype(u).name, 0) + 1
    return out


# --- options and odds for the UI and the computer players -------------------------------
@dataclass(frozen=True)
class DropOption:
    """One airdrop (or cargo flight, or self-airlift) a player can make now: from `start`
    to `to`, with up to len(transports) transports carrying units of `cargo` (one each;
    self-airlift: `transports` is empty and `cargo` are the paratroopers). `survival`: the
    chance each transport survives the free attacks on the way and the interception at
    `to` if all of them fly (1.0 when nothing intercepts). `start` may be a sea zone
    (seed 001 helicopters on carriers lifting cargo off ships there); a "ship" mission
    sets the cargo aboard ships in the sea zone `to`."""
    mission: str                  # airdrop | cargo | ship | self_airlift
    start: str
    to: str
    transports: tuple[int, ...]
    cargo: tuple[int, ...]
    survival: float = 1.0

    def action(self, n: int | None = None) -> Airdrop:
        """The Airdrop action for `n` transports with one unit each (all: None)."""
        from ..action_types import Airdrop as _Airdrop
        if not self.transports:
            return _Airdrop(self.cargo[:n] if n else self.cargo, self.to)
        k = min(len(self.transports), len(self.cargo)) if n is None else n
        return _Airdrop(tuple(sorted(self.transports[:k] + self.cargo[:k])), self.to)


def options(state: GameState, player: str | None = None,
            self_airlift: bool = True) -> list[DropOption]:
    """Every airdrop, cargo flight and (with `self_airlift`) self-airlift the player (the
    current player: moves are only ever legal for them) can make now, by start space.
    Pure: reads the state only."""
    player = player or state.player
    if player != state.player or state.phase not in (COMBAT, NONCOMBAT):
        return []
    out: list[DropOption] = []
    by_space: dict[str, list[Unit]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner == player and not (u.moved or u.in_combat or u.marched):
            by_space.setdefault(u.space, []).append(u)
    for space, units in sorted(by_space.items()):
        # seed 001: helicopters take off from carriers and lift cargo off ships at sea
        transports = [u for u in units if state.utype(u).has("air_transport")
                      and not helilift.aboard_block(state, u, [u])]
        units = [u for u in units if u.carried_by is None
                 or (transports and not helilift.aboard_block(state, u, transports))]
        paras = [u for u in units if state.utype(u).has("self_airlift") and u.carried_by is None]
        if paras and self_airlift:
            for dest in targets(state, paras[:1]):
                out.append(DropOption(SELF_AIRLIFT, space, dest, (), tuple(p.uid for p in paras)))
        if not transports:
            continue
        tt = state.utype(transports[0]).ability("air_transport")
        carried = [u for u in units if not state.utype(u).has("air_transport")
                   and state.utype(u).matches(tt.units)]
        if state.phase == COMBAT:
            carried = [u for u in carried if state.utype(u).has("airdroppable")]
        if not carried:
            continue
        pair = [transports[0], carried[0]]
        routes = flight_routes(state, space, player, _transport_range(state, transports[:1]))
        for dest in _transport_targets(state, pair):
            n = min(len(transports), len(carried))
            surv = flight_survival(state, routes[dest], n, player=player) \
                if state.utype(transports[0]).has("interceptable") else 1.0
            mission = SHIP if state.scenario.spaces[dest].kind == SEA \
                else AIRDROP if state.phase == COMBAT else CARGO
            out.append(DropOption(mission, space, dest, tuple(t.uid for t in transports),
                                  tuple(c.uid for c in carried), surv))
    return out


def _binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def _convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def interception_hits(state: GameState, dest: str, transports: int,
                      player: str | None = None) -> list[float]:
    """Distribution of the interception's hits (index = hits) if `transports` air
    transports drop into `dest` now: each defending AAA with `per_air_transport` rolls one
    die per transport at its value, each interceptor one die at its interception value
    (all of them intercept, the default). Bombardment casualties are not foreseen."""
    from .battle import intercept_value
    player = player or state.player
    dist = [1.0]
    n_die = state.ruleset.dice
    for u in interceptors_in(state, dest, player):
        ut = state.utype(u)
        aa = ut.ability("anti_aircraft")
        if aa is not None and aa.per_air_transport:
            dist = _convolve(dist, _binomial(transports, min(aa.value, n_die) / n_die))
        if ut.has("intercepts"):
            dist = _convolve(dist, _binomial(1, intercept_value(state, u) / n_die))
    return dist


def interception_survival(state: GameState, dest: str, transports: int, escorts: int = 0,
                          player: str | None = None) -> float:
    """The chance that each of `transports` air transports survives the interception
    at `dest` (expected survivors / transports), `escorts` escorting fighters taking hits
    first (seed 000: transports "may not be selected as casualties until all accompanying
    friendly fighters have been lost"). 1.0 when nothing intercepts."""
    if transports <= 0:
        return 1.0
    lost = 0.0
    for hits, p in enumerate(interception_hits(state, dest, transports, player)):
        lost += p * min(transports, max(0, hits - escorts))
    return 1.0 - lost / transports


def flight_route(state: GameState, group: list[Unit], dest: str) -> tuple[str, ...] | None:
    """The route this air-transport group would fly to `dest` now (None: out of range)."""
    transports, _ = split(state, group)
    if not transports:
        return None
    return flight_routes(state, group[0].space, state.player, _transport_range(state, transports)).get(dest)


def flight_survival(state: GameState, route: tuple[str, ...], transports: int, escorts: int = 0,
                    player: str | None = None) -> float:
    """The chance that each of `transports` air transports flying along `route` survives
    the free attacks on the way (route_survivors) and then the interception at its end
    (interception_survival, `escorts` there taking hits first). 1.0 when nothing fires."""
    if transports <= 0 or not route:
        return 1.0
    expected = 0.0
    for k, p in enumerate(route_survivors(state, route, transports, player)):
        if k and p:
            expected += p * k * interception_survival(state, route[-1], k, escorts, player)
    return expected / transports
