"""Who is in a zone battle: the attacking and the defending units (cargo aboard does not
fight), the living ones of a side, the airborne attackers, the bombarding ships, and the
names of the defending powers."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model import AIR, LAND, Battle, GameState, Unit, UnitMap
from .. import raids

# a pseudo-domain in Pool.only_domains: attackers that flew in by self_airlift (AA hits)
AIRBORNE = "airborne"


# --- who is in the battle ------------------------------------------------------
def is_cargo(state: GameState, u: Unit) -> bool:
    """Units aboard a transport (by sea or air) do not fight (aircraft on carriers do,
    except aboard a damaged carrier with grounded_when_damaged: seed 001)."""
    if u.carried_by is None:
        return False
    carrier = state.units.get(u.carried_by)
    if carrier is None:
        return False
    ct = state.utype(carrier)
    return ct.has("transport") or ct.has("air_transport") or (
        state.utype(u).domain == AIR and carrier.damage > 0 and ct.has("grounded_when_damaged"))


def _remembered(state: GameState, key: tuple[Any, ...], find: Callable[[], list[Unit]]) -> list[Unit]:
    """find(), remembered until the units change (UnitMap.kept_memo: also across the
    copies the next actions make): a battle step asks for the sides many times, and the
    next roll asks again. `find` may read only the units, the ruleset, the scenario, the
    relations (replaced, never changed in place) and what `key` holds."""
    units = state.units
    if type(units) is not UnitMap:
        return find()
    memo = units.kept_memo()
    got = memo.get(key)
    if got is not None and got[0] is state.ruleset and got[1] is state.scenario \
            and got[2] is state.relations:
        return list(got[3])
    out = find()
    memo[key] = (state.ruleset, state.scenario, state.relations, tuple(out))
    return out


def attackers(state: GameState, b: Battle) -> list[Unit]:
    """The attacking side: not cargo; a `noncombatant` (air transport) only while its
    airdrop is still to be intercepted (Battle.drops). Raiders (raids.py) fight only
    their raid."""
    if b.raid:
        return raids.raiders(state, b.space, b.attacker)

    def find() -> list[Unit]:
        noncombatant = state.ruleset.types_with("noncombatant")
        return [u for u in state.units_in(b.space)
                if u.owner == b.attacker and (u.carried_by is None or not is_cargo(state, u))
                and (u.uid in b.drops or u.type not in noncombatant)
                and u.uid not in b.submerged and u.uid not in state.zone.raids]
    raiding = tuple(state.zone.raids) if state.zone.raids else ()   # (find reads them)
    return _remembered(state, ("attackers", b.space, b.attacker, b.drops, b.submerged, raiding), find)


def defenders(state: GameState, b: Battle) -> list[Unit]:
    """The defending side: not cargo, not the fighters that intercepted an airdrop (G42).
    In a raid: the interceptors."""
    if b.raid:
        return [state.units[uid] for uid in b.interceptors or () if uid in state.units]

    def find() -> list[Unit]:
        out = [u for u in state.units_in(b.space)
               if state.at_war(u.owner, b.attacker) and (u.carried_by is None or not is_cargo(state, u))
               and u.uid not in b.submerged]
        if b.interceptors:
            out = [u for u in out if u.uid not in b.interceptors]
        return out
    return _remembered(state, ("defenders", b.space, b.attacker, b.submerged, b.interceptors), find)


def alive(state: GameState, units: list[Unit]) -> list[Unit]:
    """Units not yet marked destroyed (marked casualties have damage >= hits)."""
    types = state.ruleset.units   # (state.utype, without a call per unit)
    return [u for u in units if u.damage < types[u.type].hits]


def side_units(state: GameState, b: Battle, side: str) -> list[Unit]:
    return attackers(state, b) if side == "attacker" else defenders(state, b)


def airborne_target(state: GameState, u: Unit) -> bool:
    """An attacker that flew in by self_airlift with `aa_exposed`: AAA fires at it."""
    if not u.airborne:
        return False
    sa = state.utype(u).ability("self_airlift")
    return sa is not None and sa.aa_exposed


def bombarding_ships(state: GameState, space: str, player: str) -> list[Unit]:
    """Ships that would bombard an amphibious assault on `space`: the player's
    bombard-capable ships in a sea zone the assault came from, that fought no sea
    battle this turn, at most one per unit landed from the sea."""
    amph = [u for u in state.units_in(space) if u.owner == player and u.amphibious]
    if not amph or state.scenario.spaces[space].kind != LAND:
        return []
    zones = set(state.zone.landings.get(space, ()))
    ships = sorted((u for u in state.units.values()
                    if u.owner == player and state.utype(u).has("bombard") and not u.in_combat
                    and u.space in zones), key=lambda u: u.uid)
    return ships[:len(amph)]


def defender_ids(state: GameState, b: Battle) -> tuple[str, ...]:
    """The defending side as players say it: the territory's owner, or the fleets' owners."""
    owner = state.owners.get(b.space)
    return (owner,) if owner is not None and owner in b.defenders else tuple(b.defenders)


def defender_name(state: GameState, b: Battle) -> str:
    return " and ".join(state.scenario.player(p).name for p in defender_ids(state, b)) or "Defender"
