"""Edit mode (issue #43): the playtester's changes to a position, as actions.

Each edit is an ordinary action of the reducer (`kind` "edit_*"): it goes into the
action log, the save and the history (its log line starts with "Edit:") and replays like
any other. Edits are legal in any phase and by anyone (they are the playtester's, not a
player's), are never offered by `legal_actions` (the computer never edits) and undo like
a move within the phase. An edit that would make an impossible position is refused with
IllegalAction and a reason a player can read. No edit while a battle is being fought
(the battle's own state would no longer match its units).

- EditUnits(space, owner, unit, delta): add (delta > 0) or remove (delta < 0) units of a
  type and owner in a space; removal takes the newest units first, never a carrier with
  units aboard. Land units never go to sea (no loading by edit), aircraft at sea board a
  carrier of their side with room, and enemies never share a territory (nor are units
  added to a territory an enemy holds). Hex stacking limits are not checked.
- EditOwner(space, owner): a land space's owner ("" = neutral); also its owner at the
  start of the turn, as if it had been held all turn.
- EditResources(player, amount): a player's resources (IPCs) become `amount`.
- EditDamage(unit, damage): a multi-hit unit's damage (0 .. hits - 1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import ACTION_TYPES, SHARED_HANDLERS, Action
from .errors import IllegalAction
from .family import family_of
from .model import AIR, LAND, SEA, STATIC, GameState, Unit, unit_replace

MAX_EDIT_COUNT = 1000     # units added or removed by one edit
MAX_RESOURCES = 1_000_000


@dataclass(frozen=True)
class EditUnits(Action):
    kind: ClassVar[str] = "edit_units"
    space: str
    owner: str
    unit: str
    delta: int = 1


@dataclass(frozen=True)
class EditOwner(Action):
    kind: ClassVar[str] = "edit_owner"
    space: str
    owner: str = ""


@dataclass(frozen=True)
class EditResources(Action):
    kind: ClassVar[str] = "edit_resources"
    player: str
    amount: int


@dataclass(frozen=True)
class EditDamage(Action):
    kind: ClassVar[str] = "edit_damage"
    unit: int
    damage: int


EDIT_TYPES: tuple[type[Action], ...] = (EditUnits, EditOwner, EditResources, EditDamage)


def is_edit(action: Action) -> bool:
    return isinstance(action, EDIT_TYPES)


# --- checks ------------------------------------------------------------------------
def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"Edit refused: {what} must be a whole number, not {value!r}.")
    return value


def _no_battle(state: GameState) -> None:
    if state.zone.battle is not None:
        raise IllegalAction("Edit refused: a battle is being fought; finish it first.")
    ht = state.hexturn
    if ht is not None and (ht.pending is not None or ht.advance is not None):
        raise IllegalAction("Edit refused: a combat result waits for a choice; make it first.")


def _space_name(state: GameState, space: Any) -> str:
    if not isinstance(space, str) or space not in state.scenario.spaces:
        raise IllegalAction(f"Edit refused: there is no space {str(space)[:40]!r} on this map.")
    return state.scenario.spaces[space].name


def _player_name(state: GameState, player: Any) -> str:
    if not isinstance(player, str) or player not in state.scenario.player_map:
        known = ", ".join(p.id for p in state.scenario.players)
        raise IllegalAction(f"Edit refused: there is no player {str(player)[:40]!r} "
                            f"(players: {known}).")
    return state.scenario.player(player).name


def _placement_block(state: GameState, space: str, unit: str) -> str:
    """Why a unit of this type cannot stand in this space ('' = it can)."""
    sp = state.scenario.spaces[space]
    ut = state.ruleset.units[unit]
    if sp.impassable:
        return f"{sp.name} is impassable."
    if ut.domain == SEA and sp.kind != SEA:
        return f"a {ut.name} is a sea unit and {sp.name} is land."
    if ut.domain in (LAND, STATIC) and sp.kind == SEA:
        return (f"a {ut.name} cannot stand in the sea zone {sp.name} without a transport: "
                f"add it on a bordering territory and load it by moving.")
    return ""


def _enemy_block(state: GameState, space: str, owner: str | None, held_too: bool = True) -> str:
    """Why units of `owner` cannot be in this land space beside its owner and the units
    there ('' = they can): enemies never share a territory outside a battle."""
    sp = state.scenario.spaces[space]
    if sp.kind == SEA or owner is None:
        return ""
    held = state.owners.get(space)
    if held_too and held is not None and state.at_war(owner, held):
        return (f"{sp.name} is held by {state.scenario.player(held).name}, an enemy of "
                f"{state.scenario.player(owner).name}; change its owner first.")
    for u in state.units_in(space):
        if state.at_war(owner, u.owner):
            return (f"{sp.name} holds {state.scenario.player(u.owner).name} units, enemies of "
                    f"{state.scenario.player(owner).name}; remove them first.")
    return ""


# --- the handlers ----------------------------------------------------------------------
def _edit_units(state: GameState, a: EditUnits) -> None:
    _no_battle(state)
    where = _space_name(state, a.space)
    who = _player_name(state, a.owner)
    if not isinstance(a.unit, str) or a.unit not in state.ruleset.units:
        raise IllegalAction(f"Edit refused: there is no unit type {str(a.unit)[:40]!r} in "
                            f"{state.ruleset.title}.")
    ut = state.ruleset.units[a.unit]
    delta = _whole(a.delta, "the number of units")
    if delta == 0:
        raise IllegalAction("Edit refused: add or remove at least one unit.")
    if abs(delta) > MAX_EDIT_COUNT:
        raise IllegalAction(f"Edit refused: at most {MAX_EDIT_COUNT} units at a time.")
    if delta > 0:
        why = _placement_block(state, a.space, a.unit) or _enemy_block(state, a.space, a.owner)
        if why:
            raise IllegalAction(f"Edit refused: {why}")
        new = []
        for _ in range(delta):
            new.append(Unit(state.next_uid, a.unit, a.owner, a.space))
            state.next_uid += 1
        for u in new:
            state.units[u.uid] = u
        if ut.domain == AIR and state.scenario.spaces[a.space].kind == SEA:
            family_of(state.scenario).settle(state)   # aircraft at sea board a carrier
            if any(state.units[u.uid].carried_by is None for u in new):
                raise IllegalAction(f"Edit refused: a {ut.name} at sea needs room on a carrier "
                                    f"of its side in {where}; add a carrier first.")
        state.add_log(f"Edit: {delta} {who} {ut.name} added in {where}.")
        return
    mine = [u for u in state.units_in(a.space) if u.owner == a.owner and u.type == a.unit]
    free = sorted((u for u in mine if not state.cargo_of(u.uid)), key=lambda u: -u.uid)
    if len(mine) < -delta:
        raise IllegalAction(f"Edit refused: {where} has {len(mine)} {who} {ut.name}, "
                            f"not {-delta} to remove.")
    if len(free) < -delta:
        raise IllegalAction(f"Edit refused: the other {who} {ut.name} in {where} carry units; "
                            f"remove those first.")
    for u in free[:-delta]:
        del state.units[u.uid]
    state.add_log(f"Edit: {-delta} {who} {ut.name} removed from {where}.")


def _edit_owner(state: GameState, a: EditOwner) -> None:
    _no_battle(state)
    where = _space_name(state, a.space)
    sp = state.scenario.spaces[a.space]
    if sp.kind == SEA:
        raise IllegalAction(f"Edit refused: {where} is a sea zone; sea zones have no owner.")
    if sp.impassable:
        raise IllegalAction(f"Edit refused: {where} is impassable; it has no owner.")
    owner: str | None = a.owner or None
    who = _player_name(state, owner) if owner is not None else "neutral"
    why = _enemy_block(state, a.space, owner, held_too=False)
    if why:
        raise IllegalAction(f"Edit refused: {why}")
    if state.owners.get(a.space) == owner:
        raise IllegalAction(f"Edit refused: {where} is already {who}'s." if owner
                            else f"Edit refused: {where} is already neutral.")
    state.owners[a.space] = owner
    state.turn_owners = {**state.turn_owners, a.space: owner}
    state.add_log(f"Edit: {where} is now {who}'s." if owner else f"Edit: {where} is now neutral.")


def _edit_resources(state: GameState, a: EditResources) -> None:
    who = _player_name(state, a.player)
    amount = _whole(a.amount, "the amount")
    if amount < 0:
        raise IllegalAction(f"Edit refused: resources cannot be negative ({amount}).")
    if amount > MAX_RESOURCES:
        raise IllegalAction(f"Edit refused: at most {MAX_RESOURCES} resources.")
    before = state.resources.get(a.player, 0)
    if amount == before:
        raise IllegalAction(f"Edit refused: {who} already has {amount}.")
    state.resources[a.player] = amount
    state.add_log(f"Edit: {who} resources {before} -> {amount}.")


def _edit_damage(state: GameState, a: EditDamage) -> None:
    _no_battle(state)
    uid = _whole(a.unit, "the unit")
    damage = _whole(a.damage, "the damage")
    u = state.units.get(uid)
    if u is None:
        raise IllegalAction(f"Edit refused: there is no unit {uid}.")
    ut = state.utype(u)
    if damage < 0:
        raise IllegalAction(f"Edit refused: damage cannot be negative ({damage}).")
    if damage >= ut.hits:
        raise IllegalAction(f"Edit refused: a {ut.name} takes {ut.hits} hit(s); damage "
                            f"{damage} would destroy it (at most {ut.hits - 1}; remove it instead).")
    if damage == u.damage:
        raise IllegalAction(f"Edit refused: that {ut.name} already has damage {damage}.")
    state.units[uid] = unit_replace(u, damage=damage)
    state.add_log(f"Edit: {state.scenario.player(u.owner).name} {ut.name} in "
                  f"{state.scenario.spaces[u.space].name} damage {u.damage} -> {damage}.")


def edit_choices(state: GameState, space: str) -> list[str]:
    """The unit types that may be added in a space (for the edit panel)."""
    return [t for t in state.ruleset.units if not _placement_block(state, space, t)]


ACTION_TYPES.update({c.kind: c for c in EDIT_TYPES})
SHARED_HANDLERS.update({EditUnits: _edit_units, EditOwner: _edit_owner,
                  EditResources: _edit_resources, EditDamage: _edit_damage})
