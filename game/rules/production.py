"""Ownership, purchase, placement, income and victory."""
from __future__ import annotations

from dataclasses import replace

from .errors import IllegalAction
from .model import AIR, LAND, SEA, GameState, Unit


def pkey(player: str, unit: str) -> str:
    return f"{player}|{unit}"


def unplaced(state: GameState, player: str) -> dict[str, int]:
    out = {}
    for key, n in state.purchased.items():
        p, u = key.split("|", 1)
        if p == player and n > 0:
            out[u] = n
    return out


def unit_cost(state: GameState, unit: str, player: str) -> int | None:
    ut = state.ruleset.units.get(unit)
    if ut is None or ut.has("obsolete"):
        return None  # obsolete: placed at set-up only, never purchased
    return ut.cost_for(player, state.alliance_of(player) or "")


def purchase(state: GameState, unit: str, count: int) -> None:
    player = state.player
    if unit not in state.ruleset.units:
        raise IllegalAction(f"Unknown unit '{unit}'.")
    cost = unit_cost(state, unit, player)
    name = state.ruleset.units[unit].name
    if cost is None:
        raise IllegalAction(f"{name} cannot be built.")
    if count == 0:
        raise IllegalAction("Buy at least one unit.")
    key = pkey(player, unit)
    if count < 0 and state.bought.get(unit, 0) + count < 0:
        raise IllegalAction(f"You have not bought {-count} {name} this turn "
                            f"(units waiting from an earlier turn are not refunded).")
    if count > 0 and cost * count > state.resources[player]:
        raise IllegalAction(f"{count} {name} cost {cost * count}; you have {state.resources[player]}.")
    state.resources[player] -= cost * count
    state.purchased[key] = state.purchased.get(key, 0) + count
    state.bought[unit] = state.bought.get(unit, 0) + count
    if state.purchased[key] == 0:
        del state.purchased[key]


def factory_capacity(state: GameState, space: str) -> int:
    """A factory places up to its territory's value (at least 1) per turn."""
    return max(1, state.scenario.spaces[space].value) - state.placed.get(space, 0)


def placement_factory(state: GameState, unit: str, space: str, player: str) -> str:
    """The factory that would produce a unit placed in `space`, or IllegalAction."""
    ut = state.ruleset.units[unit]
    sp = state.scenario.spaces[space]

    def usable(f: str) -> bool:
        return (f in state.factories and state.owners.get(f) == player
                and state.turn_owners.get(f) == player)

    if ut.domain == SEA:
        if sp.kind != SEA:
            raise IllegalAction(f"{ut.name} must be placed in a sea zone next to your factory.")
        fs = [f for f in sorted(sp.adjacent) if usable(f) and factory_capacity(state, f) > 0]
        if not fs:
            raise IllegalAction(f"No factory of yours with room borders {sp.name}.")
        return fs[0]
    if sp.kind != LAND:
        raise IllegalAction(f"{ut.name} must be placed on land, at one of your factories.")
    if not usable(space):
        raise IllegalAction(f"{sp.name} has no factory you have held since the start of the turn.")
    if factory_capacity(state, space) <= 0:
        raise IllegalAction(f"The factory in {sp.name} has placed all it can this turn "
                            f"({max(1, sp.value)}).")
    return space


def place(state: GameState, unit: str, space: str, count: int) -> None:
    player = state.player
    key = pkey(player, unit)
    if state.purchased.get(key, 0) < count or count <= 0:
        raise IllegalAction("You have no such unit waiting to be placed.")
    if space not in state.scenario.spaces:
        raise IllegalAction(f"Unknown space '{space}'.")
    for _ in range(count):
        factory = placement_factory(state, unit, space, player)
        state.placed[factory] = state.placed.get(factory, 0) + 1
        uid = state.next_uid
        state.next_uid += 1
        state.units[uid] = Unit(uid, unit, player, space)
    state.purchased[key] -= count
    if state.purchased[key] == 0:
        del state.purchased[key]
    state.add_log(f"{state.scenario.player(player).name} places {count} "
                  f"{state.ruleset.units[unit].name} in {state.scenario.spaces[space].name}.")


def capture(state: GameState, space: str, player: str) -> None:
    """Take a territory. An ally's original territory is liberated back to it
    while that ally holds its capital; a captured capital yields its owner's treasury."""
    prev = state.owners.get(space)
    new_owner = player
    original = state.scenario.start_owners.get(space)
    if original and original != player and not state.at_war(original, player):
        cap = state.scenario.player(original).capital
        if cap is None or state.owners.get(cap) == original:
            new_owner = original
    state.owners[space] = new_owner
    name = state.scenario.spaces[space].name
    if new_owner != player:
        state.add_log(f"{name} is liberated and returns to {state.scenario.player(new_owner).name}.")
    else:
        state.add_log(f"{state.scenario.player(player).name} captures {name}.")
    if prev is not None:
        for p in state.scenario.players:
            if p.id == prev and p.capital == space and state.resources.get(prev, 0) > 0:
                loot = state.resources[prev]
                state.resources[prev] = 0
                state.resources[player] += loot
                state.add_log(f"{state.scenario.player(player).name} seizes {loot} from "
                              f"{p.name}'s treasury.")


def income(state: GameState, player: str) -> int:
    cap = state.scenario.player(player).capital
    if cap is not None and state.owners.get(cap) != player:
        return 0  # no income while the capital is in enemy hands
    return sum(sp.value for s, sp in state.scenario.spaces.items()
               if sp.kind == LAND and state.owners.get(s) == player)


def victory_cities(state: GameState) -> dict[str, int]:
    counts = {a: 0 for a in state.scenario.alliances}
    for s, sp in state.scenario.spaces.items():
        if sp.victory_city and state.owners.get(s) is not None:
            a = state.alliance_of(state.owners[s])
            if a is not None:
                counts[a] += 1
    return counts


def capitals_winner(state: GameState) -> str | None:
    """An alliance that holds every enemy capital wins at once."""
    for ally in state.scenario.alliances:
        caps = [p.capital for p in state.scenario.players if p.alliance != ally and p.capital]
        if caps and all(state.alliance_of(state.owners.get(c)) == ally for c in caps):
            return ally
    return None


def round_end_winner(state: GameState) -> str | None:
    counts = victory_cities(state)
    for ally, need in state.scenario.victory_cities.items():
        if counts.get(ally, 0) >= need:
            return ally
    return None


def limit_winner(state: GameState) -> str:
    if state.scenario.at_turn_limit == "draw":
        return "draw"
    counts = victory_cities(state)
    best = max(counts.values())
    leaders = [a for a, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else "draw"


def land_aircraft(state: GameState, player: str) -> None:
    """End of the non-combat move: the player's aircraft must be on friendly
    land or carriers; the rest are lost. Aircraft at sea board carriers."""
    from .movement import carrier_room, landing_spots
    spots = landing_spots(state, player)
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.owner != player or state.utype(u).domain != AIR:
            continue
        sp = state.scenario.spaces[u.space]
        if sp.kind == LAND and u.space in spots:
            continue
        if sp.kind == SEA and u.space in spots and carrier_room(state, u.space, player) >= 0:
            continue  # (with too many aircraft for the carriers, the lowest ids go first)
        state.units.pop(u.uid)
        state.add_log(f"{state.utype(u).name} of {state.scenario.player(player).name} could not land "
                      f"and is lost.")
    assign_carriers(state)


def assign_carriers(state: GameState) -> None:
    """Aircraft in sea zones ride on friendly carriers (so they move with them)."""
    carriers = sorted((u for u in state.units.values() if state.utype(u).has("carrier")),
                      key=lambda u: u.uid)
    room = {c.uid: state.utype(c).ability("carrier").capacity for c in carriers}
    for u in state.units.values():
        if u.carried_by in room:
            room[u.carried_by] -= state.utype(u).carrier_cost or 0
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if state.utype(u).domain != AIR or state.scenario.spaces[u.space].kind != SEA:
            continue
        if u.carried_by in room:
            continue
        cost = state.utype(u).carrier_cost or 99
        for c in carriers:
            allowed = state.utype(c).ability("carrier").units
            if allowed and not state.utype(u).matches(allowed):
                continue
            if c.space == u.space and not state.at_war(c.owner, u.owner) and room[c.uid] >= cost:
                room[c.uid] -= cost
                state.units[u.uid] = replace(u, carried_by=c.uid)
                break


def is_land_domain(domain: str) -> bool:
    return domain in (LAND, AIR)
