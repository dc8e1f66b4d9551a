"""Scrambling (Global 1940 2nd ed., "Scramble"; TripleA canScramble, airfield
maxScrambleCount, "Scramble Rules In Effect", "Scramble To Sea Only", "Scramble From
Island Only" false, "Scrambled Units Return To Base").

When an enemy attacks a sea zone, before the battle's first round the defending side may
scramble aircraft (`scrambles`: fighters and tactical bombers) from the bordering land
territories of its side that hold an operative air base, up to the base's `scramble`
number from each territory. They fly into the sea zone and defend there as ordinary
units; once the conduct combat phase ends the survivors fly back to their base (or, if
it was lost, to a friendly territory or carrier next to the zone).

An amphibious assault launched from a sea zone where no battle is fought may be met the
same way ("Scramble To Any Amphibious Assault" true): when the attacker opens the land
battle, the defender may first scramble into the zone the assault came from; if it does,
that sea battle is fought first, the attacker's ships there fight it (and bombard no
more), and the units landed by a transport sunk there are lost with it.

Per-turn bookkeeping is in `ro3_moves` (cleared each turn): "scrambled|<uid>|<base>",
"scramble_zone|<zone>" (the defender was asked about the zone), "landed|<uid>|<transport>"
(which transport landed a unit this turn, kept while an air base is on the board).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction
from ..model import LAND, SEA, Battle, GameState, Unit
from . import facilities, raids

KEY = "scrambled"


def _key(uid: int, base: str) -> str:
    return f"{KEY}|{uid}|{base}"


def scrambled(state: GameState) -> dict[int, str]:
    """uid -> the base territory it scrambled from, this turn."""
    out = {}
    for k in state.zone.ro3_moves:
        if k.startswith(KEY + "|"):
            _, uid, base = k.split("|", 2)
            out[int(uid)] = base
    return out


def limit(state: GameState, space: str) -> int:
    """How many more aircraft may scramble from `space` this turn: its operative air
    base's `scramble` less those that scrambled from it already (TripleA lowers the
    airfield's maxScrambleCount as its aircraft scramble and resets it each turn)."""
    got = facilities.of_kind(state, space, "air_base")
    if got is None or not facilities.operative(state, space, "air_base"):
        return 0
    gone = sum(1 for base in scrambled(state).values() if base == space)
    return max(0, got[0].scramble - gone)


def bases(state: GameState, b: Battle) -> dict[str, list[int]]:
    """The territories aircraft may scramble from into this battle, each with its
    aircraft that may (lowest uid first): land bordering the attacked sea zone, held by a
    player at war with the attacker, with an operative air base (TripleA: the territory
    is the attacker's enemy's; "Scramble From Island Only" false: any such territory).
    Not in a raid nor after round one; not from a territory whose own battle was fought
    this turn (its aircraft defended there: scrambling happens before combat); not an
    aircraft that scrambled already this turn. A territory only raided (raids are fought
    first) still scrambles the aircraft that did not intercept the raid: in the rulebook
    each aircraft either scrambles or stays home to intercept."""
    rs = state.ruleset
    types = rs.types_with("scrambles")
    sps = state.scenario.spaces
    if not types or b.raid or b.round > 1 or sps[b.space].kind != SEA:
        return {}
    done = scrambled(state)
    out: dict[str, list[int]] = {}
    for t in sorted(sps[b.space].adjacent):
        if sps[t].kind != LAND or not state.at_war(state.owners.get(t), b.attacker) or not limit(state, t):
            continue
        if t in state.zone.origins and t not in state.zone.battles and not raids.only_raided(state, t):
            continue   # attacked and fought already
        planes = sorted(u.uid for u in state.units_in(t)
                        if u.type in types and u.carried_by is None and u.uid not in done
                        and state.at_war(u.owner, b.attacker) and not raids.intercepted(state, u.uid))
        if planes:
            out[t] = planes
    return out


def choices(state: GameState, b: Battle | None = None) -> list[int]:
    """Every aircraft that may scramble into the battle, lowest uid first."""
    b = b or state.zone.battle
    if b is None:
        return []
    return sorted(uid for planes in bases(state, b).values() for uid in planes)


def default_choice(state: GameState, b: Battle | None = None) -> list[int]:
    """As many as may go: the first `limit` aircraft of each base (lowest uids)."""
    b = b or state.zone.battle
    if b is None:
        return []
    return sorted(uid for t, planes in bases(state, b).items() for uid in planes[:limit(state, t)])


def chooser(state: GameState, b: Battle) -> str:
    """Who decides: the owner of the first territory aircraft may scramble from (one
    player of the defending side chooses for all of them)."""
    for t in bases(state, b):
        owner = state.owners.get(t)
        if owner is not None:
            return owner
    return b.defenders[0] if b.defenders else state.player


def begin(state: GameState, b: Battle) -> Battle:
    """A new battle: it waits for the scramble choice when aircraft may scramble."""
    if not choices(state, b):
        return b
    from .battle import step_index
    return replace(b, step=step_index("scramble"), awaiting="scramble")


def check(state: GameState, b: Battle, uids: tuple[int, ...]) -> dict[str, list[int]]:
    """The chosen aircraft by base; IllegalAction when one may not scramble or a base
    sends more than it may."""
    allowed = bases(state, b)
    by_base: dict[str, list[int]] = {}
    where = {uid: t for t, planes in allowed.items() for uid in planes}
    zone = state.scenario.spaces[b.space].name
    for uid in sorted(set(uids)):
        if uid not in where:
            u = state.units.get(uid)
            name = state.utype(u).name if u else f"unit {uid}"
            raise IllegalAction(f"{name} cannot scramble to {zone}: only fighters and tactical bombers "
                                f"at an operative air base of the defending side beside it can.")
        by_base.setdefault(where[uid], []).append(uid)
    for t, planes in by_base.items():
        if len(planes) > limit(state, t):
            base = facilities.of_kind(state, t, "air_base")
            per_turn = base[0].scramble if base else 0
            raise IllegalAction(f"At most {limit(state, t)} aircraft scramble from the air base in "
                                f"{state.scenario.spaces[t].name} now ({per_turn} a turn).")
    return by_base


# --- amphibious assaults from an empty sea zone ------------------------------------------
def record_landing(state: GameState, uid: int, transport: int) -> None:
    """A unit lands from a transport in the combat move: remembered only while an air
    base aircraft may scramble from is on the board (none is placed before combat)."""
    if not state.ruleset.types_with("scrambles"):
        return
    fts = state.ruleset.facilities
    if any(fts[k.split("|", 1)[1]].scramble for k in state.facilities if k.split("|", 1)[1] in fts):
        state.zone.ro3_moves[f"landed|{uid}|{transport}"] = 1


def assault_zone(state: GameState, space: str) -> str | None:
    """A sea zone the amphibious assault on `space` came from, where no battle is fought
    and aircraft may scramble, that the defender has not been asked about yet; or None."""
    if not state.ruleset.types_with("scrambles"):
        return None
    from .landings import landed_from
    fought = landed_from(state, space)   # a sea battle was fought there: its scramble came then
    for zone in sorted(state.zone.landings.get(space, ())):
        if zone in state.zone.battles or zone in fought or state.zone.ro3_moves.get(f"scramble_zone|{zone}"):
            continue
        if choices(state, Battle(space=zone, attacker=state.player, defenders=())):
            return zone
    return None


def open_zone(state: GameState, zone: str, space: str) -> None:
    """Before the landing battle in `space`: a battle in `zone` that waits for the
    defender's scramble (fought only if something scrambles)."""
    from .battle import step_index
    state.zone.ro3_moves[f"scramble_zone|{zone}"] = 1
    b = Battle(space=zone, attacker=state.player, defenders=(), step=step_index("scramble"),
               awaiting="scramble")
    b = replace(b, defenders=(chooser(state, b),))
    state.zone.battle = b
    sps = state.scenario.spaces
    state.add_log(f"Before the landing in {sps[space].name}: aircraft may scramble into {sps[zone].name}.")


def lose_stranded(state: GameState, space: str) -> None:
    """The land battle in `space` begins: units landed there this turn by a transport
    sunk since (in a sea battle scrambled aircraft forced) are lost with it."""
    from .battle.board import remove_unit
    lost = []
    if not any(state.zone.ro3_moves.get(f"scramble_zone|{z}") for z in state.zone.landings.get(space, ())):
        return   # no sea battle was opened where these landings came from: no transport sank there
    for k in sorted(state.zone.ro3_moves):
        if not k.startswith("landed|"):
            continue
        _, uid, t = k.split("|")
        u = state.units.get(int(uid))
        if int(t) not in state.units and u is not None and u.space == space and u.amphibious:
            lost.append(state.utype(u).name)
            remove_unit(state, u.uid)
    if lost:
        state.add_log(f"  Their transport sunk, {', '.join(lost)} never land{'s' if len(lost) == 1 else ''} "
                      f"in {state.scenario.spaces[space].name}.")


def scramble(state: GameState, uids: tuple[int, ...]) -> None:
    """The defender's choice (`awaiting == "scramble"`): these aircraft fly into the sea
    zone and defend it; () scrambles none. The battle then waits for its first roll."""
    from .battle import core, sides
    b = state.zone.battle
    if b is None or b.awaiting != "scramble":
        raise IllegalAction("There is nothing to scramble to now.")
    by_base = check(state, b, uids)
    sps = state.scenario.spaces
    owners = set(b.defenders)
    for t, planes in sorted(by_base.items()):
        for uid in planes:
            u = state.units[uid]
            state.units[uid] = replace(u, space=b.space, carried_by=None)
            state.zone.ro3_moves[_key(uid, t)] = 1
            owners.add(u.owner)
        names = ", ".join(state.utype(state.units[uid]).name for uid in planes)
        state.add_log(f"  {names} scramble{'s' if len(planes) == 1 else ''} from {sps[t].name} "
                      f"to defend {sps[b.space].name}.")
    if not by_base:
        state.add_log(f"  {sides.defender_name(state, b)} scrambles nothing.")
    if b.space not in state.zone.battles:   # the zone of an amphibious assault, with no battle of its own
        if not by_base:
            state.zone.battle = None          # the landing goes on
            return
        for u in sides.attackers(state, b):   # they fight this battle: no bombardment after it
            state.units[u.uid] = replace(u, in_combat=True)
    b = replace(b, defenders=tuple(sorted(owners)), step=0, awaiting="roll")
    state.zone.battle = b
    core.settle(state)


def in_battle(state: GameState, b: Battle) -> list[Unit]:
    """The aircraft that scrambled into this battle's sea zone (for the battle window)."""
    done = scrambled(state)
    return [u for u in state.units_in(b.space) if u.uid in done]


def return_to_base(state: GameState) -> None:
    """The conduct combat phase ends: scrambled aircraft still at sea fly back to their
    base, if their side still holds it; else to a friendly territory bordering the zone,
    else to a friendly carrier with room next to it; else they are lost (TripleA
    "Scrambled Units Return To Base")."""
    from .battle.board import remove_unit
    from .battle.ending import carrier_next_door
    from .movement import is_friendly_land
    sps = state.scenario.spaces
    for uid, base in sorted(scrambled(state).items()):
        u = state.units.get(uid)
        if u is None or sps[u.space].kind != SEA:
            continue
        name = state.utype(u).name
        if is_friendly_land(state, base, u.owner):
            state.units[uid] = replace(u, space=base, carried_by=None)
            state.add_log(f"{name} flies back to its air base in {sps[base].name}.")
            continue
        land = sorted(s for s in sps[u.space].adjacent if is_friendly_land(state, s, u.owner))
        if land:
            state.units[uid] = replace(u, space=land[0], carried_by=None)
            state.add_log(f"{name} cannot return to {sps[base].name} and lands in {sps[land[0]].name}.")
        elif (c := carrier_next_door(state, u, u.space)) is not None:
            state.units[uid] = replace(u, space=c.space, carried_by=c.uid)
            state.add_log(f"{name} cannot return to {sps[base].name} and lands on a carrier in "
                          f"{sps[c.space].name}.")
        else:
            remove_unit(state, uid)
            state.add_log(f"{name} has nowhere to land and is lost.")
