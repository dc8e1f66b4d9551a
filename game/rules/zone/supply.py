"""Interwar supply and air logistics (seed 000; supplied rules, docs/interpretations.md).

The seed names supply lines (auxiliary, "Living off the Land": "does not suffer an
effectiveness penalty when its supply lines are cut"; transport aircraft, "Supply Drop":
"deliver supplies to friendly units ... that would otherwise be out-of-supply"; supply
column, "Supply Dump") but never defines them (G4, G28). The ruleset's `supply:` block
supplies a rule:

- A land territory is *in supply* for an alliance when a chain of adjacent land
  territories held by that alliance links it to a supply source: a territory of the
  alliance with a factory, a capital of the alliance, or a naval base (`sources`); a
  territory where a `supply_dump` unit of the alliance stands, and its neighbours held
  by the alliance (`radius`); a territory that received a supply drop this turn.
- Supply status is fixed at the start of each combat move, after the mover's supply
  drops ("so that each player may determine the supply status of land units before
  deciding whether or not to move or attack"), for every land unit on the map
  (`Unit.oos` = 1 when out of supply) and holds until the next combat move begins.
- An out-of-supply land unit attacks and defends at -`penalty` (battle.unit_value),
  unless it has `no_supply_penalty` (auxiliaries).

Supply drops (`SupplyDrop`, combat move) and ferry flights (`Ferry`, non-combat move) are
air-transport missions; like every flight they may cross hostile territory, whose AAA
and fighters get their free attack on the way (airdrop.intercept_en_route, G14)."""
from __future__ import annotations

from collections import deque
from dataclasses import replace

from ..errors import IllegalAction
from ..model import LAND, SEA, GameState, Unit

COMBAT, NONCOMBAT = "combat_move", "noncombat_move"
_DROP = "supply_drop|"      # ro3_moves keys: supply-dropped spaces this turn ("supply_drop|space")
_FLOWN = "supply_drop_uid|"  # ... and the transports that flew them


def active(state: GameState) -> bool:
    return state.ruleset.supply is not None and state.scenario.hexmap is None


def _alliance_players(state: GameState, alliance: str) -> set[str]:
    return {p.id for p in state.scenario.players if p.alliance == alliance}


def dropped_spaces(state: GameState, alliance: str | None = None) -> set[str]:
    """Spaces that received a supply drop this turn (of `alliance`'s players, if given)."""
    out = set()
    for key in state.zone.ro3_moves:
        if key.startswith(_DROP):
            space, _, player = key[len(_DROP):].partition("|")
            if alliance is None or state.alliance_of(player) == alliance:
                out.add(space)
    return out


def sources(state: GameState, alliance: str) -> set[str]:
    """The supply sources of an alliance now (territories it holds)."""
    rule = state.ruleset.supply
    if rule is None:
        return set()
    players = _alliance_players(state, alliance)
    sps = state.scenario.spaces
    held = {s for s, o in state.owners.items() if o in players and sps[s].kind == LAND}
    out: set[str] = set()
    if "factory" in rule.sources:
        out |= held & set(state.factories)
    if "capital" in rule.sources:
        out |= {p.capital for p in state.scenario.players if p.capital in held}
    sea = {s for s in held if ("naval_base" in rule.sources and sps[s].naval_base)
           or ("port" in rule.sources and "port" in sps[s].terrain)}
    if sea:
        out |= {s for s in sea if not blockaded(state, s, alliance)}
    for u in state.units.values():
        if u.owner not in players or u.carried_by is not None or u.space not in held:
            continue
        dump = state.utype(u).ability("supply_dump")
        if dump is None:
            continue
        out |= _within(state, u.space, dump.radius, held)
    out |= dropped_spaces(state, alliance) & held
    return out


def blockaded(state: GameState, space: str, alliance: str) -> bool:
    """Supply by sea is cut when every sea zone the territory borders holds enemy
    warships: sea units of the enemy that are not `defenseless`, and, where the ruleset
    declares a `warship` class, members of it (seed 000 AUXILIARY CRUISER: "This unit is
    not a warship.", G40)."""
    sps = state.scenario.spaces
    by_class = "warship" in state.ruleset.classes
    zones = [z for z in sps[space].adjacent if sps[z].kind == SEA]
    if not zones:
        return True
    foes: set[str] = set()
    for u in state.units.values():
        if u.space in zones and u.carried_by is None and state.alliance_of(u.owner) != alliance:
            ut = state.utype(u)
            if ut.domain == SEA and not ut.has("defenseless") and (not by_class or "warship" in ut.classes):
                foes.add(u.space)
    return all(z in foes for z in zones)


def _within(state: GameState, start: str, radius: int, held: set[str]) -> set[str]:
    depth = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if depth[cur] >= radius:
            continue
        for nxt in state.scenario.spaces[cur].adjacent:
            if nxt in held and nxt not in depth:
                depth[nxt] = depth[cur] + 1
                queue.append(nxt)
    return set(depth)


def supplied_spaces(state: GameState, alliance: str) -> set[str]:
    """Land territories held by `alliance` that trace a path of its territories to a source."""
    players = _alliance_players(state, alliance)
    sps = state.scenario.spaces
    held = {s for s, o in state.owners.items() if o in players and sps[s].kind == LAND}
    seen = sources(state, alliance)
    queue = deque(seen)
    while queue:
        cur = queue.popleft()
        for nxt in sps[cur].adjacent:
            if nxt in held and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def penalised(state: GameState, u: Unit) -> bool:
    """Does this land unit suffer the out-of-supply penalty in battle now?"""
    if not u.oos or not active(state):
        return False
    ut = state.utype(u)
    return ut.domain == LAND and not ut.has("no_supply_penalty")


def update(state: GameState) -> None:
    """Fix the supply status of every land unit on the map (start of a combat move)."""
    if not active(state):
        return
    cache: dict[str, set[str]] = {}
    out_of: dict[str, set[str]] = {}
    for uid, u in state.units.items():
        if state.utype(u).domain != LAND:
            continue
        oos = 0
        if u.carried_by is None:
            al = state.alliance_of(u.owner) or ""
            if al not in cache:
                cache[al] = supplied_spaces(state, al)
            oos = 0 if u.space in cache[al] else 1
        if oos != u.oos:
            state.units[uid] = replace(u, oos=oos)
        if oos and not state.utype(u).has("no_supply_penalty"):
            out_of.setdefault(u.space, set()).add(u.owner)
    if out_of:
        # whose units: the line is logged in every player's turn ("Corsica (France)")
        names = state.scenario.spaces

        def who(pids: set[str]) -> str:
            return ", ".join(sorted(state.scenario.player(p).name for p in pids))
        where = ", ".join(f"{names[s].name} ({who(out_of[s])})"
                          for s in sorted(out_of, key=lambda s: names[s].name))
        state.add_log(f"  Out of supply (fight at -{state.ruleset.supply.penalty}): {where}.")  # type: ignore[union-attr]


def unsupplied_spaces(state: GameState) -> set[str]:
    """Spaces holding land units that fight out of supply now (for the map marker)."""
    return {u.space for u in state.units.values() if u.oos and u.carried_by is None and penalised(state, u)}


# --- supply drops --------------------------------------------------------------
def _combat_movement_started(state: GameState) -> bool:
    flown = {int(k[len(_FLOWN):]) for k in state.zone.ro3_moves if k.startswith(_FLOWN)}
    return any(u.owner == state.player and (u.moved or u.in_combat or u.marched) and u.uid not in flown
               for u in state.units.values())


def flight(state: GameState, t: Unit, dest: str) -> tuple[str, ...] | None:
    """The route air transport `t` flies to `dest` (airdrop.flight_routes: it may cross
    hostile territory, under interception), None when out of its range."""
    from .airdrop import flight_routes
    return flight_routes(state, t.space, t.owner, state.utype(t).move - t.moved).get(dest)


def _route_reason(state: GameState, t: Unit, dest: str, name: str) -> str:
    """Why the air transport `t` cannot fly to `dest` now ("" if it can): its range."""
    if flight(state, t, dest) is None:
        from ..board import distances
        dist = distances(state.scenario)[t.space].get(dest, 10**6)
        return f"{name} is {dist} spaces away; the air transport flies at most {state.utype(t).move - t.moved}."
    return ""


def _fly(state: GameState, t: Unit, dest: str) -> bool:
    """Fly transport `t` to `dest` through the free attacks on the way (seed 000 TRANSPORT
    AIRCRAFT, Supply Drop / Ferry Operation: "If the air transport enters an
    enemy-controlled territory, AAA and fighters located in that territory receive one
    free attack"). Survivors "may continue their movement". False when it is shot down."""
    from .airdrop import intercept_en_route
    route = flight(state, t, dest) or (dest,)
    if not intercept_en_route(state, [t], route):
        return False
    state.units[t.uid] = replace(t, space=dest, moved=t.moved + len(route))
    return True


def _check_transport(state: GameState, uid: int, ability: str) -> tuple[Unit, str]:
    t = state.units.get(uid)
    if t is None:
        return Unit(0, "", "", ""), "No such unit."
    ut = state.utype(t)
    if not ut.has(ability):
        return t, f"{ut.name} cannot fly a {ability.replace('_', ' ')}."
    if t.owner != state.player:
        return t, f"That {ut.name} is not yours."
    if t.moved or t.in_combat or t.carried_by is not None:
        return t, f"{ut.name} has already moved this turn."
    if state.cargo_of(uid):
        return t, f"{ut.name} carries a unit: a supply or ferry flight carries no troops."
    from .movement import is_friendly_land
    if not is_friendly_land(state, t.space, t.owner) or state.at_war(state.turn_owners.get(t.space), t.owner):
        return t, f"{ut.name} must start in a territory friendly since the start of the turn."
    return t, ""


def explain_drop(state: GameState, uid: int, dest: str) -> str:
    """Why transport `uid` may not make a supply drop on `dest` now ("" if it may)."""
    if not active(state):
        return "These rules have no supply lines (no supply drops)."
    if state.phase != COMBAT:
        return "Supply drops are announced at the start of the combat move."
    t, why = _check_transport(state, uid, "supply_drop")
    if why:
        return why
    ab = state.utype(t).ability("supply_drop")
    sps = state.scenario.spaces
    if _combat_movement_started(state):
        return "Supply drops come before all other combat movement; units have already moved."
    if ab.requires_air_base and not sps[t.space].air_base:
        return f"A supply drop starts from a territory with an air base; {sps[t.space].name} has none."
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    owner = state.owners.get(dest)
    if sp.kind != LAND or owner is None or state.at_war(owner, t.owner):
        return f"Supplies are dropped on a friendly territory; {sp.name} is not one."
    if owner != t.owner and not ab.allied:
        return f"{state.utype(t).name} drops supplies only on its own territories."
    al = state.alliance_of(t.owner) or ""
    if f"{_DROP}{dest}|{t.owner}" in state.zone.ro3_moves:
        return f"{sp.name} has already received a supply drop this turn."
    needy = [u for u in state.units_in(dest) if u.carried_by is None
             and state.alliance_of(u.owner) == al and state.utype(u).domain == LAND
             and not state.utype(u).has("no_supply_penalty")]
    if not needy:
        return f"No friendly land units in {sp.name} need supplies."
    if dest in supplied_spaces(state, al):
        return f"{sp.name} is in supply already."
    return _route_reason(state, t, dest, sp.name)


def drop_targets(state: GameState, uid: int) -> list[str]:
    """The territories transport `uid` may drop supplies on now."""
    if not active(state) or state.phase != COMBAT or _check_transport(state, uid, "supply_drop")[1]:
        return []
    return sorted(s for s, sp in state.scenario.spaces.items()
                  if sp.kind == LAND and not explain_drop(state, uid, s))


def drop_options(state: GameState) -> list[tuple[int, str]]:
    """(transport uid, space) for every supply drop the player may make now."""
    if not active(state) or state.phase != COMBAT or _combat_movement_started(state):
        return []
    out: list[tuple[int, str]] = []
    seen: set[tuple[str, str]] = set()
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != state.player or not state.utype(u).has("supply_drop") or (u.space, u.type) in seen:
            continue
        seen.add((u.space, u.type))   # one transport per stack is enough to list the targets
        out.extend((u.uid, s) for s in drop_targets(state, u.uid))
    return out


def supply_drop(state: GameState, uid: int, dest: str) -> None:
    why = explain_drop(state, uid, dest)
    if why:
        raise IllegalAction(why)
    t = state.units[uid]
    names = state.scenario.spaces
    who = f"{state.scenario.player(t.owner).name}: a {state.utype(t).name}"
    if not _fly(state, t, dest):
        state.add_log(f"{who} flying supplies to {names[dest].name} is shot down; the supplies are lost.")
        return
    state.zone.ro3_moves[f"{_DROP}{dest}|{t.owner}"] = 1
    state.zone.ro3_moves[f"{_FLOWN}{uid}"] = 1
    state.add_log(f"{who} drops supplies on {names[dest].name} (from {names[t.space].name}).")
    update(state)


# --- ferry flights ---------------------------------------------------------------
def explain_ferry(state: GameState, uid: int, dest: str, ipcs: int) -> str:
    """Why transport `uid` may not ferry `ipcs` IPCs to `dest` now ("" if it may)."""
    if state.phase != NONCOMBAT:
        return "Ferry flights fly in the non-combat move."
    t, why = _check_transport(state, uid, "ferry")
    if why:
        return why
    ab = state.utype(t).ability("ferry")
    sps = state.scenario.spaces
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    owner = state.owners.get(dest)
    if sp.kind != LAND or owner is None or owner == t.owner or state.at_war(owner, t.owner):
        return (f"A ferry flight carries IPCs to an ally's territory (another power of the "
                f"alliance); {sp.name} is not one.")
    if state.turn_owners.get(dest) != owner:
        return f"{sp.name} changed hands this turn: the flight must end in a territory held since the turn began."
    if not 1 <= ipcs <= ab.ipcs:
        return f"An air transport ferries 1 to {ab.ipcs} IPCs."
    if ipcs > state.resources.get(t.owner, 0):
        return f"Only {state.resources.get(t.owner, 0)} IPCs to send."
    return _route_reason(state, t, dest, sp.name)


def ferry_options(state: GameState) -> list[tuple[int, str]]:
    """(transport uid, ally territory) for every ferry flight the player may fly now (1 IPC)."""
    if state.phase != NONCOMBAT or state.resources.get(state.player, 0) < 1:
        return []
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != state.player or not state.utype(u).has("ferry") or u.space in seen:
            continue
        seen.add(u.space)
        out.extend((u.uid, s) for s, sp in state.scenario.spaces.items()
                   if sp.kind == LAND and not explain_ferry(state, u.uid, s, 1))
    return out


def ferry(state: GameState, uid: int, dest: str, ipcs: int) -> None:
    why = explain_ferry(state, uid, dest, ipcs)
    if why:
        raise IllegalAction(why)
    t = state.units[uid]
    to = state.owners[dest]
    assert to is not None
    names = state.scenario.spaces
    who = f"{state.scenario.player(t.owner).name}: a {state.utype(t).name}"
    state.resources[t.owner] -= ipcs
    if not _fly(state, t, dest):
        # Cargo: "If an air transport is destroyed while carrying cargo, that cargo is lost."
        state.add_log(f"{who} ferrying {ipcs} IPCs to {names[dest].name} is shot down; the IPCs are lost.")
        return
    state.resources[to] = state.resources.get(to, 0) + ipcs
    state.add_log(f"{who} ferries {ipcs} IPCs from {names[t.space].name} to {names[dest].name} for "
                  f"{state.scenario.player(to).name}'s next purchase.")
