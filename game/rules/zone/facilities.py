"""Facilities (Global 1940: industrial complexes, air bases, naval bases; ruleset
`facilities`): where they stand, what they produce, whether they operate, and buying,
placing, repairing, capturing and damaging them.

A facility is a marker of its territory, not a unit: `GameState.facilities` maps
"space|facility id" to its damage markers, and the spaces holding an industrial complex
stay in `GameState.factories` (every placement rule reads them). A ruleset without
`facilities` keeps the scenario's factories and bases as they are: nothing here applies.
"""
from __future__ import annotations

from .. import grammar, objectives
from ..errors import IllegalAction
from ..memo import derived
from ..model import LAND, SEA, FacilityType, GameState, Ruleset

COMPLEX = "industrial_complex"


def enabled(state: GameState) -> bool:
    return bool(state.ruleset.facilities)


def _key(space: str, fid: str) -> str:
    return f"{space}|{fid}"


def start(state: GameState) -> None:
    """A new game: the scenario's factories (`factory: major|minor`) and bases
    (`naval_base`, `air_base`) become the ruleset's facilities, undamaged."""
    fts = state.ruleset.facilities
    if not fts:
        return
    by_size = {ft.size: ft.id for ft in fts.values() if ft.kind == COMPLEX and not ft.is_upgrade}
    by_kind = {ft.kind: ft.id for ft in fts.values() if ft.kind != COMPLEX}
    sc = state.scenario
    for space in sorted(sc.spaces):
        sp = sc.spaces[space]
        fid = by_size.get(sc.factory_size(space)) if space in state.factories else None
        if fid:
            state.facilities[_key(space, fid)] = 0
        for kind, flag in (("air_base", sp.air_base), ("naval_base", sp.naval_base)):
            if flag and kind in by_kind:
                state.facilities[_key(space, by_kind[kind])] = 0


def in_space(state: GameState, space: str) -> list[tuple[FacilityType, int]]:
    """The facilities in a space and their damage, in ruleset order."""
    on_board = state.facilities
    out = []
    for fid, ft in state.ruleset.facilities.items():
        dmg = on_board.get(_key(space, fid))
        if dmg is not None:
            out.append((ft, dmg))
    return out


def of_kind(state: GameState, space: str, kind: str) -> tuple[FacilityType, int] | None:
    """The facility of this kind in a space and its damage. `factories` says where the
    industrial complexes are: one there without an entry (set up by hand) is the
    scenario's size, undamaged."""
    if kind == COMPLEX and space not in state.factories:
        return None
    on_board = state.facilities
    for fid, ft in _of_kind(state.ruleset, kind):   # in_space's first of the kind
        dmg = on_board.get(_key(space, fid))
        if dmg is not None:
            return ft, dmg
    if kind == COMPLEX:
        size = state.scenario.factory_size(space)
        for ft in state.ruleset.facilities.values():
            if ft.kind == COMPLEX and ft.size == size and not ft.is_upgrade:
                return ft, 0
    return None


def _of_kind(rs: Ruleset, kind: str) -> tuple[tuple[str, FacilityType], ...]:
    """The ruleset's facilities of a kind, in ruleset order (asked for every base check)."""
    return derived(rs, ("facilities_of_kind", kind),
                   lambda: tuple((fid, ft) for fid, ft in rs.facilities.items() if ft.kind == kind))


def damage_of(state: GameState, space: str, fid: str) -> int:
    return state.facilities.get(_key(space, fid), 0)


def factory_size(state: GameState, space: str) -> str:
    """The size of the industrial complex in a space (major | minor)."""
    if enabled(state):
        got = of_kind(state, space, COMPLEX)
        if got is not None and got[0].size:
            return got[0].size
    return state.scenario.factory_size(space)


def production(state: GameState, space: str) -> int:
    """How many units the industrial complex in `space` places a turn: its `produces`
    less its damage (G40 2nd ed.: TripleA factory_major canProduceXUnits 10, minor 3; a
    damaged complex produces that much less). A complex placed this turn produces
    nothing yet; one upgraded this turn produces as before the upgrade."""
    got = of_kind(state, space, COMPLEX)
    if got is None:
        return 0
    ft, dmg = got
    fts = state.ruleset.facilities
    for fid, f in fts.items():
        if f.kind == COMPLEX and state.zone.ro3_moves.get(f"built|{_key(space, fid)}"):
            if not f.is_upgrade:
                return 0
            ft = fts[f.replaces]
    produces = ft.produces
    if produces and state.scenario.factory_production == "value":   # TripleA v3: the value
        produces = max(1, state.scenario.spaces[space].value)
    return max(0, produces - dmg)


def operative(state: GameState, space: str, kind: str) -> bool:
    """Does `space` hold an operative facility of this kind (air_base, naval_base)? A base
    with more damage than its `operational_damage` is out of operation (G40 2nd ed.:
    TripleA airfield/harbour maxOperationalDamage 2). Without ruleset facilities: the
    scenario's base flag."""
    if not enabled(state):
        sp = state.scenario.spaces[space]
        return bool(getattr(sp, kind, False))
    got = of_kind(state, space, kind)
    if got is None:
        return False
    ft, dmg = got
    return ft.operational_damage is None or dmg <= ft.operational_damage


def is_island(state: GameState, space: str) -> bool:
    """A land territory with no land neighbour."""
    sps = state.scenario.spaces
    return sps[space].kind == LAND and not any(sps[a].kind == LAND for a in sps[space].adjacent)


# --- buying and placing ------------------------------------------------------------------
def unplaced(state: GameState, player: str) -> dict[str, int]:
    """Facilities the player bought and has not placed yet."""
    fts = state.ruleset.facilities
    out = {}
    for key, n in state.zone.purchased.items():
        p, f = key.split("|", 1)
        if p == player and n > 0 and f in fts:
            out[f] = n
    return out


def cost(state: GameState, fid: str) -> int | None:
    return state.ruleset.facilities[fid].cost


def build_block(state: GameState, fid: str, space: str, player: str) -> str:
    """Why the player may not place this facility in `space` now, or ""."""
    ft = state.ruleset.facilities[fid]
    sc = state.scenario
    sp = sc.spaces.get(space)
    if sp is None or sp.kind != LAND:
        return f"{ft.name}: placed on land."
    if state.owners.get(space) != player or state.turn_owners.get(space) != player:
        return f"{sp.name} has not been yours since the start of the turn."
    if ft.original_territory and sc.original_owner(space) != player:
        return f"{ft.name}: placed only in your original territories."
    if sp.value < ft.min_value:
        return f"{ft.name}: needs a territory worth {ft.min_value} or more ({sp.name}: {sp.value})."
    if ft.no_islands and is_island(state, space):
        return f"{ft.name}: cannot be placed on an island."
    if ft.coastal and not any(sc.spaces[a].kind == SEA for a in sp.adjacent):
        return f"{ft.name}: needs a coastal territory."
    kind = state.ruleset.facilities[ft.becomes].kind if ft.is_upgrade else ft.kind
    if any(state.zone.ro3_moves.get(f"built|{_key(space, f)}") for f, t in state.ruleset.facilities.items()
           if (state.ruleset.facilities[t.becomes].kind if t.is_upgrade else t.kind) == kind):
        return f"{sp.name} already received a facility of this kind this turn."
    if ft.is_upgrade:
        if _key(space, ft.replaces) not in state.facilities:
            return f"{sp.name} has no {state.ruleset.facilities[ft.replaces].name} to upgrade."
        if state.facilities[_key(space, ft.replaces)]:
            return f"Repair the {state.ruleset.facilities[ft.replaces].name} in {sp.name} first."
        return ""
    if of_kind(state, space, kind) is not None:
        return f"{sp.name} already has a facility of this kind (one per territory)."
    return ""


def place(state: GameState, fid: str, space: str, player: str) -> None:
    """Place one bought facility (or upgrade) in `space`."""
    if why := build_block(state, fid, space, player):
        raise IllegalAction(why)
    ft = state.ruleset.facilities[fid]
    state.zone.ro3_moves[f"built|{_key(space, fid)}"] = 1
    if ft.is_upgrade:
        del state.facilities[_key(space, ft.replaces)]
        _add(state, space, ft.becomes, 0)
    else:
        _add(state, space, fid, 0)
    what = f"an upgrade of the {state.ruleset.facilities[ft.replaces].name}" if ft.is_upgrade \
        else f"{'an' if ft.name[:1] in 'AEIOU' else 'a'} {ft.name}"
    state.add_log(f"{grammar.player_says(state.scenario, player, 'places')} {what} in "
                  f"{state.scenario.spaces[space].name}.")


def _add(state: GameState, space: str, fid: str, damage: int) -> None:
    ft = state.ruleset.facilities[fid]
    state.facilities[_key(space, fid)] = min(damage, ft.max_damage)
    if ft.kind == COMPLEX:
        state.factories = state.factories | {space}


def build_spaces(state: GameState, fid: str, player: str) -> list[str]:
    """Where the player may place this facility now."""
    return [s for s in sorted(state.scenario.spaces) if not build_block(state, fid, s, player)]


# --- repair, capture, damage -------------------------------------------------------------
def repair(state: GameState, space: str, fid: str, points: int) -> None:
    """Remove `points` damage markers from the player's facility, paying its repair cost
    each (G40 2nd ed.: repaired in the purchase phase, 1 IPC a marker; TripleA repairRule)."""
    player = state.player
    ft = state.ruleset.facilities.get(fid)
    key = _key(space, fid)
    if ft is None or key not in state.facilities:
        raise IllegalAction(f"There is no such facility in {space}.")
    name = state.scenario.spaces[space].name
    if state.owners.get(space) != player:
        raise IllegalAction(f"The {ft.name} in {name} is not yours.")
    if points <= 0 or points > state.facilities[key]:
        raise IllegalAction(f"The {ft.name} in {name} has {state.facilities[key]} damage.")
    price = points * ft.repair_cost
    if price > state.resources[player]:
        raise IllegalAction(f"Repairing {points} damage costs {price}; you have {state.resources[player]}.")
    state.resources[player] -= price
    state.facilities[key] -= points
    state.add_log(f"{grammar.player_says(state.scenario, player, 'repairs')} {points} damage of the "
                  f"{ft.name} in {name} for {price}.")


def repairable(state: GameState, player: str) -> list[tuple[str, str, int]]:
    """(space, facility id, damage) of the player's damaged facilities."""
    out = []
    for key, dmg in sorted(state.facilities.items()):
        space, fid = key.split("|", 1)
        if dmg > 0 and state.owners.get(space) == player:
            out.append((space, fid, dmg))
    return out


def capture(state: GameState, space: str) -> None:
    """A captured territory's facilities change hands with their damage; one with
    `captured_as` becomes that facility, its damage cut to the new maximum (G40 2nd ed.:
    a captured major complex becomes a minor one; TripleA whenCapturedChangesInto)."""
    for ft, dmg in in_space(state, space):
        if ft.captured_as:
            del state.facilities[_key(space, ft.id)]
            _add(state, space, ft.captured_as, dmg)


def destroy_complex(state: GameState, space: str) -> bool:
    """Remove a space's industrial complex (G40: one China takes is destroyed). Returns
    whether there was one."""
    if space not in state.factories:
        return False
    for ft, _ in in_space(state, space):
        if ft.kind == COMPLEX:
            del state.facilities[_key(space, ft.id)]
    state.factories = state.factories - {space}
    return True


def destroy_held_complexes(state: GameState) -> None:
    """After a battle phase: industrial complexes in a player's `destroys_complexes_in`
    spaces (scenario player_rules) that it holds are destroyed (TripleA
    ww2global40_2nd_edition.xml: triggerAttachment_Chinese_Destroy_Factories_*, after each
    Allied battle step)."""
    for rules in state.scenario.player_rules.values():
        for space in rules.destroys_complexes_in:
            if state.owners.get(space) == rules.player and destroy_complex(state, space):
                state.add_log(f"The industrial complex in {state.scenario.spaces[space].name} is "
                              f"destroyed: {state.scenario.player(rules.player).name} cannot hold one.")


def war_production(state: GameState, player: str) -> None:
    """After the player's politics phase: its minor complexes in `upgrades_complexes_in`
    spaces become major ones (undamaged) once its `upgrades_when` conditions hold (TripleA
    ww2global40_2nd_edition.xml triggerAttachment_Americans_War_Production_*: removeUnits
    factory_minor, placement factory_major, after americansPolitics, once at war)."""
    rules = state.scenario.player_rules.get(player)
    if rules is None or not rules.upgrades_complexes_in or not all(
            objectives.times(state, c, player) for c in rules.upgrades_when):
        return
    upgrades = {ft.replaces: ft.becomes for ft in state.ruleset.facilities.values() if ft.is_upgrade}
    for space in rules.upgrades_complexes_in:
        for ft, _ in in_space(state, space):
            if state.owners.get(space) == player and ft.id in upgrades:
                del state.facilities[_key(space, ft.id)]
                _add(state, space, upgrades[ft.id], 0)
                state.add_log(f"War production: the {ft.name} in {state.scenario.spaces[space].name} "
                              f"becomes a {state.ruleset.facilities[upgrades[ft.id]].name}.")


def add_damage(state: GameState, space: str, fid: str, points: int) -> int:
    """Put up to `points` damage markers on a facility (never beyond its max_damage);
    returns how many it took."""
    ft = state.ruleset.facilities[fid]
    key = _key(space, fid)
    before = state.facilities[key]
    state.facilities[key] = min(ft.max_damage, before + points)
    return state.facilities[key] - before


def describe(state: GameState, space: str) -> list[str]:
    """The facilities of a space for the interface: 'Air Base (damage 3, out of operation)'."""
    out = []
    for ft, dmg in in_space(state, space):
        text = ft.name
        notes = []
        if dmg:
            notes.append(f"damage {dmg}/{ft.max_damage}")
        if ft.produces:
            notes.append(f"produces {production(state, space)}")
        if ft.operational_damage is not None and dmg > ft.operational_damage:
            notes.append("out of operation")
        if notes:
            text += " (" + ", ".join(notes) + ")"
        out.append(text)
    return out
