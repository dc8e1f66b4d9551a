"""What the player has picked on the map: a space, unit stacks with counts,
the legal destinations of that group (asked from game.rules.zone.movement), and the
unit type being placed in the place phase."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import actions as A
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState, Unit
from game.rules.zone import facilities, movement, production, raids

from . import palette

StackKey = tuple[str, bool, int]  # (unit type, aboard a transport, movement spent)

HOSTILE = palette.ATTACK     # highlight colours: outlines, hatching and markers (palette)
FRIENDLY = palette.MOVE
BOARD = palette.BOARD
PLACE = palette.PLACE


def stack_class(state: GameState, key: StackKey) -> str:
    """Units of different classes cannot move together (land/sea/air; cargo unloads alone)."""
    ut = state.ruleset.units[key[0]]
    if key[1] and ut.domain == LAND:
        return "cargo"
    return ut.domain


@dataclass
class Selection:
    space: str | None = None
    counts: dict[StackKey, int] = field(default_factory=dict)
    place_unit: str | None = None
    # waypoints (Shift+click): the path the move takes first, e.g. through the empty enemy
    # territory a blitz takes; the destinations are then the ends of paths that begin so
    via: tuple[str, ...] = ()
    _dest_cache: tuple | None = None
    _dests: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _onward: dict[tuple, dict[str, tuple[str, ...]]] = field(default_factory=dict)

    def clear(self) -> None:
        self.space = None
        self.counts = {}
        self.via = ()
        self._dest_cache = None

    # --- stacks -----------------------------------------------------------------
    def stacks(self, state: GameState) -> list[tuple[StackKey, list[Unit]]]:
        """The current player's unit stacks in the selected space."""
        if self.space is None:
            return []
        out = []
        for (space, utype, aboard, moved), units in A.stacks(state, state.player).items():
            if space == self.space:
                out.append(((utype, aboard, moved), units))
        dorder = {LAND: 0, AIR: 1, SEA: 2}
        utypes = list(state.ruleset.units)
        out.sort(key=lambda kv: (dorder.get(state.ruleset.units[kv[0][0]].domain, 3), kv[0][1],
                                 utypes.index(kv[0][0]) if kv[0][0] in utypes else 99, kv[0][2]))
        return out

    def group(self, state: GameState) -> list[Unit]:
        chosen: list[Unit] = []
        for key, units in self.stacks(state):
            n = self.counts.get(key, 0)
            chosen.extend(units[:n])
        return chosen

    def can_move(self, state: GameState, units: list[Unit]) -> bool:
        return bool(self.destinations_for(state, units))

    def select_space(self, state: GameState, space: str | None) -> None:
        """Pick a space; preselect the first stack that can move somewhere."""
        self.space = space
        self.counts = {}
        self.via = ()
        self._dest_cache = None
        if space is None or state.phase not in (movement.COMBAT, movement.NONCOMBAT):
            return
        for key, units in self.stacks(state):
            if self.can_move(state, units):
                self.counts[key] = len(units)
                return

    def set_count(self, state: GameState, key: StackKey, n: int) -> None:
        stacks = dict(self.stacks(state))
        if key not in stacks:
            return
        n = max(0, min(n, len(stacks[key])))
        if n > 0:
            cls = stack_class(state, key)
            for other in list(self.counts):
                if other != key and stack_class(state, other) != cls:
                    self.counts[other] = 0
        self.counts[key] = n
        self.via = ()
        self._dest_cache = None

    def toggle(self, state: GameState, key: StackKey) -> None:
        stacks = dict(self.stacks(state))
        if key not in stacks:
            return
        self.set_count(state, key, 0 if self.counts.get(key, 0) else len(stacks[key]))

    def validate(self, state: GameState) -> None:
        """Drop counts that no longer match the state (after a move or undo), and the
        waypoints: they were chosen for the state before."""
        self.via = ()
        self._dest_cache = None
        stacks = dict(self.stacks(state))
        for key in list(self.counts):
            if key not in stacks:
                del self.counts[key]
            else:
                self.counts[key] = min(self.counts[key], len(stacks[key]))
        if self.place_unit and state.phase != "place":
            self.place_unit = None
        if self.place_unit and production.unplaced(state, state.player).get(self.place_unit, 0) <= 0 \
                and facilities.unplaced(state, state.player).get(self.place_unit, 0) <= 0:
            self.place_unit = None

    # --- destinations ---------------------------------------------------------------
    @staticmethod
    def destinations_for(state: GameState, group: list[Unit],
                         via: tuple[str, ...] = ()) -> dict[str, tuple[str, ...]]:
        if not group or state.phase not in (movement.COMBAT, movement.NONCOMBAT):
            return {}
        if via:
            return dict(movement.reachable(state, group, via=via))
        if all(u.carried_by is not None and state.utype(u).domain == LAND for u in group):
            return {d: (d,) for d in movement.unload_targets(state, group)}
        dests = dict(movement.reachable(state, group))
        if raid_group(state, group):   # g40 bombers: enemy facilities to raid are destinations too
            for d, p in movement.reachable(state, group, raid=True).items():
                dests.setdefault(d, p)
        domains = {state.utype(u).domain for u in group}
        if domains == {LAND}:
            for sea in movement.load_targets(state, group):
                dests.setdefault(sea, (sea,))
        return dests

    def destinations(self, state: GameState, version: int) -> dict[str, tuple[str, ...]]:
        key = (version, self.space, tuple(sorted(self.counts.items())), self.via)
        if self._dest_cache != key:
            self._dests = self.destinations_for(state, self.group(state), self.via)
            self._dest_cache = key
            self._onward = {}
        return self._dests

    def onward(self, state: GameState, version: int, sid: str) -> dict[str, tuple[str, ...]]:
        """Where the group could end if `sid` became a waypoint: the destinations of the
        paths through it that end elsewhere ({} when `sid` is no destination)."""
        path = self.destinations(state, version).get(sid)
        if path is None or state.scenario.spaces[sid].kind == SEA:
            return {}   # a land group's sea destination boards a transport: no waypoint
        if path not in self._onward:
            dests = movement.reachable(state, self.group(state), via=path)
            self._onward[path] = {d: p for d, p in dests.items() if d != sid}
        return self._onward[path]

    def blitz_waypoint(self, state: GameState, version: int, sid: str) -> bool:
        """Is `sid` an empty enemy territory the group may blitz through, ending beyond it
        (in a friendly territory, back at the start, or further on)? (seed 000 R3)"""
        group = self.group(state)
        return (state.phase == movement.COMBAT and bool(group)
                and all(state.utype(u).domain == LAND for u in group)
                and movement.is_enemy_land(state, sid, state.player)
                and not movement.blocking_enemies(state, sid, state.player)
                and bool(self.onward(state, version, sid)))

    def add_waypoint(self, state: GameState, version: int, sid: str) -> bool:
        """Make the path to `sid` the start of the move (Shift+click); False when no move
        goes on from there."""
        if not self.onward(state, version, sid):
            return False
        self.via = self.destinations(state, version)[sid]
        return True

    def highlights(self, state: GameState, version: int) -> dict[str, tuple[int, int, int]]:
        if state.phase == "place" and self.place_unit:
            return {s: PLACE for s in place_targets(state, self.place_unit)}
        out = {}
        player = state.player
        for dest in self.destinations(state, version):
            sp = state.scenario.spaces[dest]
            group = self.group(state)
            if sp.kind == SEA and group and all(state.utype(u).domain == LAND for u in group):
                out[dest] = BOARD
            elif state.phase == movement.COMBAT and movement.is_hostile(state, dest, player):
                out[dest] = HOSTILE
            else:
                out[dest] = FRIENDLY
        return out


def raid_group(state: GameState, group: list[Unit]) -> bool:
    """Could this group fly a bombing raid now (combat move, aircraft with a bomber)?"""
    return (state.phase == movement.COMBAT and bool(state.ruleset.facilities) and bool(group)
            and all(state.utype(u).domain == AIR for u in group)
            and any(raids.is_bomber(state, u) for u in group))


def raid_choices(state: GameState, group: list[Unit], sid: str) -> list[str]:
    """The facilities in `sid` every bomber of the group may raid."""
    if not raid_group(state, group):
        return []
    bombers = [u for u in group if raids.is_bomber(state, u)]
    return [f for f in raids.targets(state, sid, state.player)
            if all(raids.can_bomb(state, u, f) for u in bombers)]


def place_targets(state: GameState, unit: str) -> list[str]:
    """Spaces where one `unit` (or facility) may be placed now (asked from the rules)."""
    if unit in state.ruleset.facilities:
        return facilities.build_spaces(state, unit, state.player)
    ut = state.ruleset.units.get(unit)
    if ut is None:
        return []
    out = []
    for sid, sp in state.scenario.spaces.items():
        if (sp.kind == SEA) != (ut.domain == SEA):
            continue
        try:
            production.placement_factory(state, unit, sid, state.player)
        except IllegalAction:
            continue
        except (KeyError, AttributeError):
            continue
        out.append(sid)
    return out
