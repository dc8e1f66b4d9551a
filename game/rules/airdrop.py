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
(battle.aa_shots), fight with `round_value`, get no `supported_by … not_in: [airborne]`
support and cannot retreat (battle.retreat).

Air transports (seed 000, `air_transport`): transport aircraft and the units they carry
(`capacity` each, every transport loaded), all unmoved in one territory friendly since
the start of the turn, fly up to the transports' movement:
- in the combat move into an enemy territory (an airdrop): the cargo must be
  `airdroppable` (with `requires_air_base`, the start needs an air base) and the
  transports must be able to reach a landing place afterwards. The cargo stays aboard
  until the battle's interception step (battle.py: after shore bombardment, W1), where
  defending AAA and interceptors fire; lost transports lose their cargo, the rest drop
  it (airborne: `round_value`, no retreat) and leave the battle. Into an enemy territory
  holding no enemy unit the cargo drops at once.
- in the non-combat move to a territory friendly since the start of the turn (a cargo
  flight); the cargo lands with the transport.
Flights never cross an enemy territory whose AAA or fighters would intercept (the
engine intercepts only at the target; G14 reading, docs/interpretations.md).
`options(state)` lists every legal drop for the UI and the computer players, with
`interception_survival` (the chance each transport survives the interception).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from math import comb
from typing import TYPE_CHECKING

from .board import distances
from .errors import IllegalAction
from .model import LAND, GameState, Unit
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
    from .actions import Airdrop


def air_range(state: GameState, group: list[Unit]) -> int:
    """How far the group may fly: each unit's air_move (+air_base_bonus from a friendly
    territory with an air base); the smallest of the group."""
    out = 99
    for u in group:
        sa = state.utype(u).ability("self_airlift")
        sp = state.scenario.spaces[u.space]
        bonus = sa.air_base_bonus if sp.air_base and is_friendly_land(state, u.space, u.owner) else 0
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


def explain(state: GameState, group: list[Unit], dest: str) -> str:
    """Why the group may not airdrop into `dest` now ("" if it may)."""
    if uses_air_transport(state, group):
        return _explain_transport(state, group, dest)
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


def targets(state: GameState, group: list[Unit]) -> list[str]:
    """Every territory the group may airdrop into now (sorted)."""
    if uses_air_transport(state, group):
        return _transport_targets(state, group)
    try:
        _check_group(state, group)
    except IllegalAction:
        return []
    start = group[0].space
    rng = air_range(state, group)
    dist = distances(state.scenario)[start]
    return sorted(s for s, d in dist.items() if 0 < d <= rng and not explain(state, group, s))


def airdrop(state: GameState, uids: tuple[int, ...], dest: str) -> None:
    """Apply an airdrop (state is the reducer's copy)."""
    for uid in uids:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    group = [state.units[uid] for uid in uids]
    why = explain(state, group, dest)
    if why:
        raise IllegalAction(why)
    if uses_air_transport(state, group):
        _fly_transports(state, group, dest)
        return
    player = state.player
    attack = state.phase == COMBAT
    start = group[0].space
    for u in group:
        state.units[u.uid] = replace(u, space=dest, moved=max(state.utype(u).move, u.moved),
                                     in_combat=attack, airborne=attack)
    if attack:
        state.origins.setdefault(dest, ())  # no way back: airborne units cannot retreat
    names = state.scenario.spaces
    state.add_log(f"{state.scenario.player(player).name}: {len(group)} "
                  f"{state.utype(group[0]).name}{'s' if len(group) != 1 else ''} fly from "
                  f"{names[start].name} to {names[dest].name}"
                  f"{' (airborne attack)' if attack else ''}.")


# --- air transports (seed 000: TRANSPORT AIRCRAFT, PARATROOPERS) -------------------------
AIRDROP, CARGO, SELF_AIRLIFT = "airdrop", "cargo", "self_airlift"


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


def flight_distances(state: GameState, start: str, player: str) -> dict[str, int]:
    """Spaces an air transport flies from `start` to each space without crossing a defended
    enemy territory (the last space may be defended)."""
    blocked = set()
    for u in state.units.values():
        if u.carried_by is None and state.at_war(u.owner, player) and u.space not in blocked:
            ut = state.utype(u)
            aa = ut.ability("anti_aircraft")
            if (ut.has("intercepts") or (aa is not None and aa.per_air_transport)) \
                    and is_enemy_land(state, u.space, player):
                blocked.add(u.space)
    spaces = state.scenario.spaces
    depth = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in spaces[cur].adjacent:
            if nxt in depth:
                continue
            depth[nxt] = depth[cur] + 1
            if nxt not in blocked:
                queue.append(nxt)
    return depth


def flight_distance(state: GameState, start: str, dest: str, player: str) -> int | None:
    """flight_distances to one space; None when no route avoids defended enemy territory."""
    return flight_distances(state, start, player).get(dest)


def _transport_range(state: GameState, transports: list[Unit]) -> int:
    return min((state.utype(t).move - t.moved for t in transports), default=0)


def _check_transport_group(state: GameState, group: list[Unit]) -> str:
    """Why this group cannot fly as air transports with cargo at all now ("" if it can)."""
    if state.phase not in (COMBAT, NONCOMBAT):
        return "Air transports fly only in the combat and non-combat move phases."
    transports, cargo = split(state, group)
    for u in group:
        ut = state.utype(u)
        if u.owner != state.player:
            return f"That {ut.name} is not yours."
        if u.carried_by is not None:
            return f"{ut.name} is already aboard a transport."
        # seed 000 TRANSPORT AIRCRAFT, Airdrop (C): "neither the air transport nor the
        # paratrooper have already moved that turn"
        if u.moved or u.in_combat or u.marched:
            return f"{ut.name} has already moved this turn: air transports load only unmoved units."
    if len({u.space for u in group}) != 1:
        return "The air transports and their cargo must start in the same territory."
    start = group[0].space
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


def _explain_transport(state: GameState, group: list[Unit], dest: str,
                       dists: dict[str, int] | None = None) -> str:
    why = _check_transport_group(state, group)
    if why:
        return why
    sps = state.scenario.spaces
    if dest not in sps:
        return f"Unknown space '{dest}'."
    sp = sps[dest]
    transports, cargo = split(state, group)
    start = group[0].space
    player = state.player
    if dest == start:
        return "Choose another territory."
    if sp.kind != LAND or sp.impassable or state.owners.get(dest) is None:
        return f"Air transports set their cargo down only in a territory; {sp.name} is not one they can enter."
    rng = _transport_range(state, transports)
    dist = (dists if dists is not None else flight_distances(state, start, player)).get(dest)
    if dist is None:
        return (f"No route to {sp.name} avoids the enemy territories whose AAA or fighters would "
                f"intercept on the way.")
    if dist > rng:
        return f"{sp.name} is {dist} spaces away; the air transports fly at most {rng}."
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
            if ad.requires_air_base and not sps[start].air_base:
                return f"An airdrop starts from a territory with an air base; {sps[start].name} has none."
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


def _transport_targets(state: GameState, group: list[Unit]) -> list[str]:
    if _check_transport_group(state, group):
        return []
    transports, _ = split(state, group)
    rng = _transport_range(state, transports)
    dists = flight_distances(state, group[0].space, state.player)
    attack = state.phase == COMBAT
    return sorted(s for s, d in dists.items()
                  if 0 < d <= rng and (is_enemy_land(state, s, state.player) if attack
                                       else is_friendly_land(state, s, state.player))
                  and not _explain_transport(state, group, s, dists))


def _fly_transports(state: GameState, group: list[Unit], dest: str) -> None:
    """Apply an air-transport flight (checked by the caller). Cargo rides in the
    transports (one unit per capacity, lowest uids first)."""
    transports, cargo = split(state, group)
    player = state.player
    start = group[0].space
    dist = flight_distance(state, start, dest, player) or 0
    attack = state.phase == COMBAT
    # an enemy territory with no enemy unit, or transports nothing intercepts (seed 001
    # helicopters): the cargo is set down at once
    at_once = not attack or not enemies_in(state, dest, player) \
        or not any(state.utype(t).has("interceptable") for t in transports)
    slots = [t.uid for t in transports for _ in range(state.utype(t).ability("air_transport").capacity)]
    for t in transports:
        state.units[t.uid] = replace(t, space=dest, moved=t.moved + dist, in_combat=attack)
    for c, t_uid in zip(cargo, slots, strict=False):
        state.units[c.uid] = replace(c, space=dest, moved=max(state.utype(c).move, c.moved),
                                     carried_by=None if at_once else t_uid,
                                     in_combat=attack, airborne=attack)
    if attack:
        state.origins.setdefault(dest, ())  # no way back: dropped units cannot retreat
    names = state.scenario.spaces
    what = ", ".join(f"{n} {k}" for k, n in _counts(state, cargo).items())
    state.add_log(f"{state.scenario.player(player).name}: {len(transports)} "
                  f"{state.utype(transports[0]).name} carrying {what} fly from "
                  f"{names[start].name} to {names[dest].name}"
                  f"{' (airdrop)' if attack else ''}.")


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
    chance each transport survives the interception at `to` if all of them fly (1.0 when
    nothing intercepts)."""
    mission: str                  # airdrop | cargo | self_airlift
    start: str
    to: str
    transports: tuple[int, ...]
    cargo: tuple[int, ...]
    survival: float = 1.0

    def action(self, n: int | None = None) -> Airdrop:
        """The Airdrop action for `n` transports with one unit each (all: None)."""
        from .actions import Airdrop as _Airdrop
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
        if u.owner == player and u.carried_by is None and not (u.moved or u.in_combat or u.marched):
            by_space.setdefault(u.space, []).append(u)
    for space, units in sorted(by_space.items()):
        transports = [u for u in units if state.utype(u).has("air_transport")]
        paras = [u for u in units if state.utype(u).has("self_airlift")]
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
        mission = AIRDROP if state.phase == COMBAT else CARGO
        for dest in _transport_targets(state, pair):
            n = min(len(transports), len(carried))
            surv = interception_survival(state, dest, n, player=player) if mission == AIRDROP else 1.0
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
