"""Ownership, purchase, placement, income and victory."""
from __future__ import annotations

from dataclasses import replace

from .. import capitals, grammar, player_rules
from ..errors import IllegalAction
from ..model import AIR, LAND, SEA, GameState, PlacementRule, Unit
from . import facilities, newcarriers


def pkey(player: str, unit: str) -> str:
    return f"{player}|{unit}"


def unplaced(state: GameState, player: str) -> dict[str, int]:
    """Units the player bought and has not placed yet (facilities: facilities.unplaced)."""
    out = {}
    units = state.ruleset.units
    for key, n in state.zone.purchased.items():
        p, u = key.split("|", 1)
        if p == player and n > 0 and u in units:
            out[u] = n
    return out


def unit_cost(state: GameState, unit: str, player: str) -> int | None:
    """The price of a unit for a player, or None when the player cannot buy it now."""
    ut = state.ruleset.units.get(unit)
    if ut is None or ut.has("obsolete"):
        return None  # obsolete: placed at set-up only, never purchased
    if capitals.purchase_stopped(state, player):
        return None  # capitals.no_purchase: the player's capital is held by the enemy
    if state.scenario.player_rules and player_rules.purchase_block(state, unit, player):
        return None  # player_rules: not this player's unit (now)
    if ut.abilities and purchase_block(state, unit, player):
        return None
    if placement_block(state, unit, player):
        return None
    return ut.cost_for(player, state.alliance_of(player) or "")


def purchase_offer(state: GameState, unit: str, player: str) -> tuple[int, str] | None:
    """A unit as the purchase screen offers it: (its price, why the player cannot buy one
    more now, "" if it can), or None when the player cannot buy it at all this turn. A
    unit at a count limit (per turn, on the board) is offered with that limit as the
    reason: its card and count stay on the screen."""
    ut = state.ruleset.units.get(unit)
    if ut is None or ut.has("obsolete") or placement_block(state, unit, player) \
            or capitals.purchase_stopped(state, player):
        return None
    if state.scenario.player_rules and not player_rules.may_ever_buy(state, unit, player):
        return None   # player_rules: never this player's unit
    if ut.abilities and purchase_block(state, unit, player, count=0):
        return None   # not this player's unit (doctrine, powers, facilities)
    cost = ut.cost_for(player, state.alliance_of(player) or "")
    if cost is None:
        return None
    why = purchase_block(state, unit, player) if ut.abilities else ""
    if not why and state.scenario.player_rules:   # a closed road keeps its card, with the reason
        why = player_rules.purchase_block(state, unit, player)
    return cost, why


def purchase_block(state: GameState, unit: str, player: str, count: int = 1) -> str:
    """Why the player may not buy `count` more of this unit now (requires_doctrine,
    purchase_limit, max_on_board, placed_at), or ""."""
    ut = state.ruleset.units[unit]
    if why := limit_block(state, unit, player, count):
        return why
    doctrines = state.scenario.player(player).doctrines
    for ab in ut.abilities_named("requires_doctrine"):
        if ab.doctrine not in doctrines:
            return f"{ut.name} needs the doctrine {ab.doctrine.replace('_', ' ').title()}."
    for ab in ut.abilities_named("placed_at"):
        owned = [f for f in state.factories if state.owners.get(f) == player]
        for need in ab.requires_owned:
            if not any(_facility_is(state, f, need) for f in owned):
                return f"{ut.name} needs a {_FACILITY_NAMES[need]} of yours."
        if (ab.facilities or ab.coastal or ab.naval_base != "none" or ab.zones
                or ab.capital != "none") \
                and not ab.in_addition and not any(_factory_fits(state, ab, f) for f in owned):
            return f"{ut.name}: {placed_at_text(ab)}; you have none."
    return ""


def placement_block(state: GameState, unit: str, player: str) -> str:
    """Why a unit bought now could never be placed this turn, or "": the player holds no
    factory and its placement rule (scenario `placement`) does not cover the unit.
    Units with placed_at territories (placed without a factory) are left to purchase_block."""
    if any(state.owners.get(f) == player for f in state.factories):
        return ""
    ut = state.ruleset.units[unit]
    if ut.abilities and any(ab.territories for ab in ut.abilities_named("placed_at")):
        return ""
    rule = state.scenario.player(player).placement
    if rule is None:
        return f"{ut.name}: you hold no factory to place it at."
    if ut.domain != LAND or not rule.allows(unit):
        return f"{ut.name}: you hold no factory; {placement_rule_text(state, rule)}."
    return ""


CAPITAL_HELD = "Your capital is in enemy hands: you cannot buy units until it is liberated."


def purchase_note(state: GameState, player: str) -> str:
    """The purchase screen's line when the player holds no factory or may not buy
    while its capital is held, or ""."""
    if capitals.purchase_stopped(state, player):
        return CAPITAL_HELD
    if any(state.owners.get(f) == player for f in state.factories):
        return ""
    rule = state.scenario.player(player).placement
    if rule is None:
        return "You hold no factory: units you buy cannot be placed."
    text = placement_rule_text(state, rule)
    return f"No factory: {text}."


def placement_rule_text(state: GameState, rule: PlacementRule) -> str:
    """What a player's placement rule allows, for the purchase screen and errors."""
    names = " and ".join(state.ruleset.units[u].name for u in rule.units
                         if u in state.ruleset.units) or "land units"
    where = "any territory you hold" if rule.captured else "your own territories"
    most = per_territory_limit(state, rule)
    per = f", at most {most} per territory" if most else ""
    return f"you place only {names}, in {where}{per}"


def per_territory_limit(state: GameState, rule: PlacementRule) -> int:
    """The most units a placement rule puts in one territory a turn (0: no limit): the
    scenario's limit, capped by the ruleset's `placement_per_territory` (g40: the
    rulebook's 3 for China, where TripleA's XML sets no limit)."""
    limits = [n for n in (rule.per_territory, state.ruleset.placement_per_territory) if n]
    return min(limits, default=0)


def limit_block(state: GameState, unit: str, player: str, count: int = 1) -> str:
    """purchase_limit and max_on_board (seed 002): who may buy the unit and how many."""
    ut = state.ruleset.units[unit]
    power = state.power_of(player)
    for ab in ut.abilities_named("purchase_limit"):
        if ab.powers and power not in ab.powers:
            return f"{ut.name} can be bought only by {_powers_text(state, ab.powers)}."
        if ab.per_turn and state.zone.bought.get(unit, 0) + count > ab.per_turn:
            return (f"At most {ab.per_turn} {ut.name} per turn "
                    f"({state.zone.bought.get(unit, 0)} bought this turn).")
    for ab in ut.abilities_named("max_on_board"):
        cap = ab.limit_for(power)
        if cap <= 0:
            who = _powers_text(state, tuple(p for p, _ in ab.limits))
            return f"{ut.name} can be bought only by {who}."
        have = sum(1 for u in state.units.values() if u.owner == player and u.type == unit)
        have += state.zone.purchased.get(pkey(player, unit), 0)
        if have + count > cap:
            return (f"At most {cap} {ut.name} on the board for {state.scenario.player(player).name} "
                    f"({have} there or waiting to be placed).")
    return ""


def _powers_text(state: GameState, powers: tuple[str, ...]) -> str:
    return ", ".join(p.replace("_", " ").title() for p in powers)


def is_capital(state: GameState, space: str, kind: str = "any") -> bool:
    """Is `space` a capital of one of the scenario's players (`major_power`: of a player
    who is one of the ruleset's powers)?"""
    for p in state.scenario.players:
        if p.capital == space and (kind != "major_power" or state.power_of(p.id) is not None):
            return True
    return False


def space_limit_block(state: GameState, unit_types: list[str], owner: str, space: str,
                      leaving: tuple[int, ...] = ()) -> str:
    """max_per_space: why these units (types, moving or placed) may not end in `space`."""
    sp = state.scenario.spaces[space]
    if sp.kind != LAND:
        return ""
    rs = state.ruleset
    for t in dict.fromkeys(unit_types):
        for ab in rs.units[t].abilities_named("max_per_space"):
            ally = state.alliance_of(owner)
            there = sum(1 for u in state.units_in(space)
                        if u.type == t and u.uid not in leaving
                        and u.carried_by is None
                        and (u.owner == owner if ab.per == "player" else state.alliance_of(u.owner) == ally))
            if there + unit_types.count(t) > ab.count:
                whose = "nation" if ab.per == "player" else "alliance"
                return (f"At most {ab.count} {rs.units[t].name} of one {whose} in a territory: "
                        f"{sp.name} would have {there + unit_types.count(t)}.")
    return ""


_FACILITY_NAMES = {"industrial_complex": "industrial complex",
                   "major_industrial_complex": "major industrial complex"}


def _facility_is(state: GameState, space: str, facility: str) -> bool:
    if facility == "major_industrial_complex":
        return facilities.factory_size(state, space) == "major"
    return True  # industrial_complex: any size


def is_coastal(state: GameState, space: str) -> bool:
    sps = state.scenario.spaces
    return any(sps[a].kind == SEA for a in sps[space].adjacent)


def _zone_fits(state: GameState, ab: object, zone: str) -> bool:
    """placed_at.zones / restricted_zones.allowed: the sea zone's tags fit."""
    kinds = getattr(ab, "zones", ()) or getattr(ab, "allowed", ())
    tags = state.scenario.spaces[zone].terrain
    return not kinds or any(_ZONE_TAG[k] in tags for k in kinds)


_ZONE_TAG = {"coastal_sea": "coastal", "lake": "lake"}


def _factory_fits(state: GameState, ab: object, factory: str) -> bool:
    """Does this complex satisfy placed_at's facility, coastal and naval base conditions
    (and, with `zones`, border a fitting sea zone)?"""
    facilities = getattr(ab, "facilities", ())
    if facilities and not any(_facility_is(state, factory, f) for f in facilities):
        return False
    if getattr(ab, "coastal", False) and not is_coastal(state, factory):
        return False
    if getattr(ab, "naval_base", "none") == "operative" and not state.scenario.spaces[factory].naval_base:
        return False
    if getattr(ab, "capital", "none") != "none" and not is_capital(state, factory, ab.capital):  # type: ignore[attr-defined]
        return False
    if getattr(ab, "zones", ()):
        sps = state.scenario.spaces
        return any(sps[z].kind == SEA and _zone_fits(state, ab, z) for z in sps[factory].adjacent)
    return True


def placed_at_text(ab: object) -> str:
    """placed_at in words, for messages."""
    facilities = getattr(ab, "facilities", ())
    what = ("a major industrial complex" if facilities == ("major_industrial_complex",)
            else "an industrial complex")
    cap = getattr(ab, "capital", "none")
    if cap != "none":
        what += " in a capital" if cap == "any" else " in a major power's capital"
    if getattr(ab, "coastal", False):
        what += " in a coastal territory"
    if getattr(ab, "naval_base", "none") == "operative":
        what += " with an operative naval base"
    zones = getattr(ab, "zones", ())
    if zones:
        what += " bordering a " + " or ".join(z.replace("_", " ") for z in zones) + " zone"
    return "placed only at " + what


def purchase(state: GameState, unit: str, count: int) -> None:
    player = state.player
    if unit in state.ruleset.facilities:
        _purchase_facility(state, unit, count)
        return
    if unit not in state.ruleset.units:
        raise IllegalAction(f"Unknown unit '{unit}'.")
    if count > 0 and capitals.purchase_stopped(state, player):
        raise IllegalAction(CAPITAL_HELD)
    if count > 0 and state.scenario.player_rules and (why := player_rules.purchase_block(state, unit, player)):
        raise IllegalAction(why)
    cost = unit_cost(state, unit, player)
    name = state.ruleset.units[unit].name
    if cost is None and count > 0 and (why := purchase_block(state, unit, player)
                                       or placement_block(state, unit, player)):
        raise IllegalAction(why)
    if cost is None and count < 0:  # a refund of this turn's purchase stays possible
        cost = state.ruleset.units[unit].cost_for(player, state.alliance_of(player) or "")
    if cost is None:
        raise IllegalAction(f"{name} cannot be built.")
    if count == 0:
        raise IllegalAction("Buy at least one unit.")
    if count > 0 and (why := limit_block(state, unit, player, count)):
        raise IllegalAction(why)
    key = pkey(player, unit)
    if count < 0 and state.zone.bought.get(unit, 0) + count < 0:
        raise IllegalAction(f"You have not bought {-count} {name} this turn "
                            f"(units waiting from an earlier turn are not refunded).")
    if count > 0 and cost * count > state.resources[player]:
        raise IllegalAction(f"{count} {name} cost {cost * count}; you have {state.resources[player]}.")
    state.resources[player] -= cost * count
    state.zone.purchased[key] = state.zone.purchased.get(key, 0) + count
    state.zone.bought[unit] = state.zone.bought.get(unit, 0) + count
    if state.zone.purchased[key] == 0:
        del state.zone.purchased[key]


def facility_cost(state: GameState, fid: str, player: str) -> int | None:
    """A facility's price for the player, or None when it cannot buy one: a player placing
    by a `placement` rule that names its units (v3 Chinese: infantry only) builds none."""
    rule = state.scenario.player(player).placement
    if rule is not None and rule.units and fid not in rule.units:
        return None
    return state.ruleset.facilities[fid].cost


def _purchase_facility(state: GameState, fid: str, count: int) -> None:
    """Buy (count > 0) or give back (count < 0, this turn's) facilities, like units."""
    player = state.player
    ft = state.ruleset.facilities[fid]
    price = facility_cost(state, fid, player)
    if price is None:
        if count > 0 or ft.cost is None:
            raise IllegalAction(f"{ft.name} cannot be built.")
        price = ft.cost   # a refund of this turn's purchase
    if count == 0:
        raise IllegalAction("Buy at least one.")
    if count < 0 and state.zone.bought.get(fid, 0) + count < 0:
        raise IllegalAction(f"You have not bought {-count} {ft.name} this turn.")
    if count > 0 and price * count > state.resources[player]:
        raise IllegalAction(f"{count} {ft.name} cost {price * count}; you have {state.resources[player]}.")
    key = pkey(player, fid)
    state.resources[player] -= price * count
    state.zone.purchased[key] = state.zone.purchased.get(key, 0) + count
    state.zone.bought[fid] = state.zone.bought.get(fid, 0) + count
    if state.zone.purchased[key] == 0:
        del state.zone.purchased[key]


def thing_name(state: GameState, item: str) -> str:
    """A unit's or a facility's name (purchases hold both)."""
    if item in state.ruleset.units:
        return state.ruleset.units[item].name
    return state.ruleset.facilities[item].name


def factory_capacity(state: GameState, space: str) -> int:
    """What a factory may still place this turn: its territory's value (at least 1) per
    turn, or with ruleset facilities its complex's production less damage."""
    if facilities.enabled(state):
        return facilities.production(state, space) - state.zone.placed.get(space, 0)
    return max(1, state.scenario.spaces[space].value) - state.zone.placed.get(space, 0)


def sea_factories(state: GameState, unit: str, zone: str, player: str) -> list[str]:
    """The player's factories (held since the start of the turn) bordering sea zone
    `zone` that could place this ship there, whatever room they have left this turn."""
    ut = state.ruleset.units[unit]
    sp = state.scenario.spaces[zone]
    rules = ut.abilities_named("placed_at") if ut.abilities else []
    if sp.kind != SEA or not all(_zone_fits(state, ab, zone)
                                 for ab in rules + ut.abilities_named("restricted_zones")):
        return []
    return [f for f in sorted(sp.adjacent)
            if f in state.factories and state.owners.get(f) == player
            and state.turn_owners.get(f) == player
            and all(_factory_fits(state, ab, f) for ab in rules if not ab.in_addition)]


def placement_factory(state: GameState, unit: str, space: str, player: str) -> str:
    """The factory that would produce a unit placed in `space`, or IllegalAction.
    "" when the unit is placed without a factory (placed_at territories). A placement
    that would take the carrier aircraft wait for (newcarriers) is refused."""
    if why := per_turn_placement_block(state, unit):
        raise IllegalAction(why)
    factory = _placement_factory(state, unit, space, player)
    if state.zone.ro3_moves and (why := newcarriers.placement_block(state, unit, space, player, factory)):
        raise IllegalAction(why)
    return factory


def per_turn_placement_block(state: GameState, unit: str) -> str:
    """purchase_limit.per_turn (seed 002, elite infantry: "a maximum of 1 ... per turn"):
    at most that many come into play a turn, units bought on earlier turns included;
    `placed|<unit>` counts this turn's (set by place)."""
    ut = state.ruleset.units[unit]
    if not ut.abilities:
        return ""
    done = state.zone.ro3_moves.get(f"placed|{unit}", 0)
    for ab in ut.abilities_named("purchase_limit"):
        if ab.per_turn and done >= ab.per_turn:
            return f"At most {ab.per_turn} {ut.name} placed per turn ({done} placed this turn)."
    return ""


def _placement_factory(state: GameState, unit: str, space: str, player: str) -> str:
    ut = state.ruleset.units[unit]
    sp = state.scenario.spaces[space]
    rules = ut.abilities_named("placed_at") if ut.abilities else []

    def usable(f: str) -> bool:
        return (f in state.factories and state.owners.get(f) == player
                and state.turn_owners.get(f) == player)

    def fits(f: str) -> bool:
        return all(_factory_fits(state, ab, f) for ab in rules if not ab.in_addition)

    if _empire_to_arms(state, unit, space, player):
        return ""  # Empire to Arms: no factory needed
    if engineer_room(state, unit, space, player) > 0:
        return ""  # seed 000 G22: built by an engineer there
    if any(ab.territories and not ab.in_addition for ab in rules):
        raise IllegalAction(f"{ut.name} is placed only in your national territories outside "
                            f"home territories, held since the start of the turn.")
    if ut.domain == SEA:
        if sp.kind != SEA:
            raise IllegalAction(f"{ut.name} must be placed in a sea zone next to your factory.")
        for ab in rules + ut.abilities_named("restricted_zones"):
            if not _zone_fits(state, ab, space):
                raise IllegalAction(f"{ut.name} can only be placed in a "
                                    f"{' or '.join(z.replace('_', ' ') for z in getattr(ab, 'zones', ()) or ab.allowed)}"
                                    f" zone; {sp.name} is not one.")
        fs = [f for f in sorted(sp.adjacent) if usable(f) and factory_capacity(state, f) > 0]
        if not fs:
            raise IllegalAction(f"No factory of yours with room borders {sp.name}.")
        good = [f for f in fs if fits(f)]
        if not good:
            why = "; ".join(placed_at_text(ab) for ab in rules if not ab.in_addition)
            raise IllegalAction(f"{ut.name}: {why}; no such factory borders {sp.name}.")
        return good[0]
    if sp.kind != LAND:
        raise IllegalAction(f"{ut.name} must be placed on land, at one of your factories.")
    if ut.abilities and (why := space_limit_block(state, [unit], player, space)):
        raise IllegalAction(why)
    rule = state.scenario.player(player).placement
    if not usable(space) and rule is not None and rule.anywhere_owned and rule.allows(unit) \
            and not rules:
        return _rule_space(state, rule, space, player)
    if not usable(space):
        raise IllegalAction(f"{sp.name} has no factory you have held since the start of the turn.")
    if not fits(space):
        why = "; ".join(placed_at_text(ab) for ab in rules if not ab.in_addition)
        raise IllegalAction(f"{ut.name}: {why}; the factory in {sp.name} is not one "
                            f"({state.scenario.factory_size(space)}).")
    if factory_capacity(state, space) <= 0:
        room = factory_capacity(state, space) + state.zone.placed.get(space, 0)
        raise IllegalAction(f"The factory in {sp.name} has placed all it can this turn ({room}).")
    return space


def _empire_to_arms(state: GameState, unit: str, space: str, player: str) -> bool:
    ut = state.ruleset.units[unit]
    return any(ab.territories for ab in ut.abilities_named("placed_at")) \
        and _national_non_home(state, space, player)


def engineer_room(state: GameState, unit: str, space: str, player: str) -> int:
    """builds (seed 000 ENGINEER, G22): how many more `unit` the player's builders in
    `space` may place there this turn (a land territory held since the start of the turn)."""
    sp = state.scenario.spaces[space]
    if not state.ruleset.types_with("builds") or sp.kind != LAND \
            or state.owners.get(space) != player or state.turn_owners.get(space) != player:
        return 0
    ut = state.ruleset.units[unit]
    cap = sum(ab.per_turn for u in state.units_in(space) if u.owner == player
              and u.carried_by is None for ab in state.utype(u).abilities_named("builds")
              if ut.matches(ab.units))
    return cap - state.zone.ro3_moves.get(f"builds|{space}", 0)


def _rule_space(state: GameState, rule: PlacementRule, space: str, player: str) -> str:
    """Placement by the player's `placement` rule (TripleA placementAnyTerritory,
    placementCapturedTerritory, placementPerTerritory): the space counts what it received."""
    sp = state.scenario.spaces[space]
    if state.owners.get(space) != player or state.turn_owners.get(space) != player:
        raise IllegalAction(f"{sp.name} has not been yours since the start of the turn.")
    if not rule.captured and state.scenario.start_owners.get(space) != player:
        raise IllegalAction(f"You place only in your own territories; {sp.name} was captured.")
    most = per_territory_limit(state, rule)
    if most and state.zone.placed.get(space, 0) >= most:
        raise IllegalAction(f"{sp.name} has received {most} units this turn, "
                            f"the most per territory.")
    return space


def _national_non_home(state: GameState, space: str, player: str) -> bool:
    """Empire to Arms (G20): a territory that was the player's at the start of the game,
    held since the start of this turn, and not one of its home territories."""
    sp = state.scenario.spaces[space]
    return (sp.kind == LAND and not sp.home and state.scenario.start_owners.get(space) == player
            and state.owners.get(space) == player and state.turn_owners.get(space) == player)


def place(state: GameState, unit: str, space: str, count: int) -> None:
    player = state.player
    key = pkey(player, unit)
    if state.zone.purchased.get(key, 0) < count or count <= 0:
        raise IllegalAction("You have no such unit waiting to be placed.")
    if space not in state.scenario.spaces:
        raise IllegalAction(f"Unknown space '{space}'.")
    if unit in state.ruleset.facilities:
        if count != 1:
            raise IllegalAction("Place one facility at a time.")
        facilities.place(state, unit, space, player)
        state.zone.purchased[key] -= 1
        if state.zone.purchased[key] == 0:
            del state.zone.purchased[key]
        return
    ut = state.ruleset.units[unit]
    ut_limited = bool(ut.abilities) and any(ab.per_turn for ab in ut.abilities_named("purchase_limit"))
    owner = state.scenario.player(player).units_to or player   # G40 UK Pacific: British units
    for _ in range(count):
        factory = placement_factory(state, unit, space, player)
        if factory:
            state.zone.placed[factory] = state.zone.placed.get(factory, 0) + 1
        elif not _empire_to_arms(state, unit, space, player):  # built by an engineer (G22)
            state.zone.ro3_moves[f"builds|{space}"] = state.zone.ro3_moves.get(f"builds|{space}", 0) + 1
        uid = state.next_uid
        state.next_uid += 1
        state.units[uid] = Unit(uid, unit, owner, space)
        newcarriers.placed(state, unit, space)
        if ut_limited:
            state.zone.ro3_moves[f"placed|{unit}"] = state.zone.ro3_moves.get(f"placed|{unit}", 0) + 1
    state.zone.purchased[key] -= count
    if state.zone.purchased[key] == 0:
        del state.zone.purchased[key]
    state.add_log(f"{grammar.player_says(state.scenario, player, 'places')} {count} "
                  f"{state.ruleset.units[unit].name} in {state.scenario.spaces[space].name}.")


def capture(state: GameState, space: str, player: str) -> None:
    """Take a territory. An ally's original territory is liberated back to it
    while that ally holds its capital; a captured capital yields its owner's treasury."""
    prev = state.owners.get(space)
    new_owner = player
    original = state.scenario.original_owner(space)
    if original and original != player and state.allied(original, player):
        cap = state.scenario.player(original).capital
        if cap is None or state.owners.get(cap) == original:
            new_owner = original
    freed = capitals.liberated_capital_owner(state, space, player)
    if freed is not None:
        new_owner = freed
    taker = new_owner
    if new_owner == player:   # taken for another economy (G40: UK Pacific's board)
        new_owner = dict(state.scenario.spaces[space].captured_for).get(player, player)
    state.owners[space] = new_owner
    facilities.capture(state, space)
    name = state.scenario.spaces[space].name
    if taker != new_owner:
        state.add_log(f"{grammar.player_says(state.scenario, player, 'captures')} {name} for "
                      f"{state.scenario.player(new_owner).name}.")
    elif new_owner != player:
        state.add_log(f"{name} is liberated and returns to {state.scenario.player(new_owner).name}.")
        if freed is not None:
            _return_liberated_territories(state, freed, player)
    else:
        state.add_log(f"{grammar.player_says(state.scenario, player, 'captures')} {name}.")
    # the treasury goes to the economy the capital is taken for (TripleA's G40 notes: "If UK
    # Pacific captures Japan, the money should go to UK Pacific")
    gainer = new_owner if taker != new_owner else player
    if prev is not None:
        for p in state.scenario.players:
            if p.id == prev and p.capital == space and state.resources.get(prev, 0) > 0:
                loot = state.resources[prev]
                state.resources[prev] = 0
                state.resources[gainer] += loot
                state.add_log(f"{grammar.player_says(state.scenario, gainer, 'seizes')} {loot} from "
                              f"{p.name}'s treasury.")


def _return_liberated_territories(state: GameState, owner: str, liberator: str) -> None:
    back = capitals.return_territories(state, owner, liberator)
    if back:
        names = ", ".join(state.scenario.spaces[s].name for s in back)
        state.add_log(f"With its capital, {state.scenario.player(owner).name} takes back {names}.")


def take_without_a_fight(state: GameState, space: str, player: str) -> None:
    """An enemy territory entered where no battle is fought (empty, or only prizes left,
    or a contested landing whose defenders are gone): taken, with what may be captured."""
    state.add_log(f"{state.scenario.spaces[space].name} is taken without a fight.")
    capture(state, space, player)
    capture_units(state, space, player)


def capture_units(state: GameState, space: str, player: str) -> None:
    """capturable units of the enemy left in a territory the player takes switch sides
    (to the territory's new owner: a liberated ally gets them)."""
    from .movement import captured_on_entry
    new_owner = state.owners.get(space) or player
    new_owner = state.scenario.player(new_owner).units_to or new_owner   # UK Pacific's: British
    for u in sorted(state.units_in(space), key=lambda x: x.uid):
        if state.at_war(u.owner, player) and captured_on_entry(state, u):
            state.units[u.uid] = replace(u, owner=new_owner, moved=state.utype(u).move)
            state.add_log(f"  {state.utype(u).name} in {state.scenario.spaces[space].name} is captured.")


def repair_capital_ships(state: GameState, player: str) -> None:
    """capital_ship (G54; G40 2nd ed., TripleA harbour repairsUnits battleship:carrier,
    "Units Repair Hits Start Turn"): at the start of its owner's turn, a damaged unit in a
    sea zone bordering a territory with an operative naval base held by its side is fully
    repaired (facilities.operative: without ruleset facilities every scenario base is)."""
    from .movement import friendly_naval_bases
    sps = state.scenario.spaces
    capital = state.ruleset.types_with("capital_ship")
    for u in sorted((x for x in state.units.values() if x.owner == player and x.damage and x.type in capital),
                    key=lambda x: x.uid):
        neutral = state.utype(u).has("neutral_ports_as_bases")   # seed 000 G46
        bases = friendly_naval_bases(state, u.space, player, neutral_ports=neutral)
        if bases:
            state.units[u.uid] = replace(u, damage=0)
            state.add_log(f"{state.utype(u).name} of {state.scenario.player(player).name} is repaired "
                          f"at the naval base in {sps[bases[0]].name}.")


def capital_lost(state: GameState, player: str) -> bool:
    cap = state.scenario.player(player).capital
    return cap is not None and state.owners.get(cap) != player


def income(state: GameState, player: str) -> int:
    if capital_lost(state, player):
        return 0  # no income while the capital is in enemy hands
    return sum(sp.value for s, sp in state.scenario.spaces.items()
               if sp.kind == LAND and state.owners.get(s) == player)


def land_aircraft(state: GameState, player: str) -> None:
    """End of the non-combat move: the player's aircraft must be on friendly
    land or carriers, or at sea where a carrier still to be placed will take them
    (seed 001: newcarriers); the rest are lost. Aircraft at sea board carriers."""
    from .movement import carrier_room, landing_spots
    air = _air_types(state)
    aircraft = sorted((x for x in state.units.values() if x.owner == player and x.type in air),
                      key=lambda x: x.uid)
    spots = landing_spots(state, player, among=[u.space for u in aircraft])
    given, _ = newcarriers.allocate(state, player, newcarriers.needs(state, player))
    newcarriers.record(state, given)
    coming: dict[str, int] = {}
    for (zone, t), n in given.items():
        coming[zone] = coming.get(zone, 0) + n * newcarriers.capacity(state, t)
    for u in aircraft:
        sp = state.scenario.spaces[u.space]
        if sp.kind == LAND and u.space in spots:
            continue
        if sp.kind == SEA and (u.space in spots or u.space in coming) \
                and carrier_room(state, u.space, player) + coming.get(u.space, 0) >= 0:
            continue  # (with too many aircraft for the carriers, the lowest ids go first)
        _lose_aircraft(state, u)
    if given:
        where = ", ".join(f"{state.scenario.spaces[z].name}" for z in sorted({z for z, _ in given}))
        state.add_log(f"{grammar.player_says(state.scenario, player, 'keeps')} aircraft at sea "
                      f"for carriers to be placed in {where}.")
    assign_carriers(state)


def _lose_aircraft(state: GameState, u: Unit) -> None:
    state.units.pop(u.uid)
    state.add_log(f"{state.utype(u).name} of {state.scenario.player(u.owner).name} could not land "
                  f"and is lost.")


def awaited_carrier_block(state: GameState, player: str) -> str:
    """Why the place phase may not end yet: a carrier that aircraft wait for can still be
    placed where they are (seed 001: newcarriers; TripleA requires it), or ""."""
    for (zone, t), _n in sorted(newcarriers.awaited(state).items()):
        try:
            placement_factory(state, t, zone, player)
        except IllegalAction:
            continue
        return (f"Aircraft in {state.scenario.spaces[zone].name} wait for the "
                f"{state.ruleset.units[t].name} you bought: place it there first.")
    return ""


def land_awaiting_aircraft(state: GameState, player: str) -> None:
    """End of the place phase: aircraft that waited at sea for a new carrier and still
    have no carrier room are lost; the others board (seed 001: newcarriers)."""
    from .movement import carrier_room
    zones = newcarriers.awaited_zones(state)
    if not zones:
        return
    for zone in zones:
        for u in sorted((x for x in state.units_in(zone) if x.owner == player and x.carried_by is None
                         and state.utype(x).domain == AIR), key=lambda x: x.uid):
            if carrier_room(state, zone, player) < 0:
                _lose_aircraft(state, u)
    newcarriers.forget(state)
    assign_carriers(state)


def _air_types(state: GameState) -> set[str]:
    return {t for t, ut in state.ruleset.units.items() if ut.domain == AIR}


def assign_carriers(state: GameState) -> None:
    """Aircraft in sea zones ride on friendly carriers (so they move with them)."""
    from .movement import grounded, trapped
    types = state.ruleset.types_with("carrier")
    carriers = sorted((u for u in state.units.values() if u.type in types
                       and not grounded(state, u)), key=lambda u: u.uid)
    if not carriers:
        return
    room = {c.uid: state.utype(c).ability("carrier").capacity for c in carriers}
    for c in carriers:
        for u in state.cargo_of(c.uid):
            room[c.uid] -= state.utype(u).carrier_cost or 0
    air, sps = _air_types(state), state.scenario.spaces
    for u in sorted((x for x in state.units.values() if x.type in air and sps[x.space].kind == SEA),
                    key=lambda x: x.uid):
        if u.carried_by in room or trapped(state, u):
            continue  # (aboard a damaged carrier: trapped until it is repaired)
        cost = state.utype(u).carrier_cost or 99
        for c in carriers:
            allowed = state.utype(c).ability("carrier").units
            if allowed and not state.utype(u).matches(allowed):
                continue
            if c.space == u.space and state.allied(c.owner, u.owner) and room[c.uid] >= cost:
                room[c.uid] -= cost
                state.units[u.uid] = replace(u, carried_by=c.uid)
                break


def is_land_domain(domain: str) -> bool:
    return domain in (LAND, AIR)
