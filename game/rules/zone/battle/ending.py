"""The end of a zone battle: the end of a round, the result (the attacker won, lost or
retreated), the aircraft that must land elsewhere, retreat, and the withdrawal of single
units between rounds (seed 000 AUXILIARY CRUISER, G45)."""
from __future__ import annotations

from dataclasses import replace

from ... import grammar
from ...errors import IllegalAction
from ...model import AIR, LAND, SEA, Battle, BattleResult, GameState, Unit
from .. import scramble
from .board import _replace, remove_casualty, remove_unit
from .interception import drop_cargo, rehome_interceptors
from .sides import alive, attackers, defender_ids, defenders
from .values import can_hurt


def end_round(state: GameState) -> None:
    b = state.zone.battle
    assert b is not None
    if b.drops:
        b = drop_cargo(state, b)
    for uid in b.marked + b.struck:
        b = remove_casualty(state, b, uid)
    b = _replace(b, marked=(), struck=(), pools=(), step=0, recon_used=(), hurt=())
    state.zone.battle = b
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if not att or not dfn:
        finish(state)
        return
    # defenceless units alone against an enemy that can hit them are lost
    for side_units_, enemy, role in ((att, dfn, "defense"), (dfn, att, "attack")):
        if all(state.utype(u).has("defenseless") for u in side_units_) and can_hurt(state, enemy, side_units_, role):
            for u in side_units_:
                b = remove_casualty(state, b, u.uid)
            state.add_log(f"  {len(side_units_)} defenceless unit(s) lost")
    state.zone.battle = b
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if dfn and att and _captured_defenders(state, b, att, dfn):
        return
    if not att or not dfn:
        finish(state)
        return
    if not can_hurt(state, att, dfn, "attack") and not can_hurt(state, dfn, att, "defense"):
        state.add_log("  Neither side can hurt the other: the battle ends.")
        finish(state, stalemate=True)
        return
    state.zone.battle = _replace(b, round=b.round + 1, awaiting="continue")


def _captured_defenders(state: GameState, b: Battle, att: list[Unit], dfn: list[Unit]) -> bool:
    """capturable (territory_captured): defenders left that are all such units (AAA) in a
    land territory the attacker can take switch sides; the attacker wins."""
    from ..movement import captured_on_entry
    if state.scenario.spaces[b.space].kind != LAND or not all(captured_on_entry(state, u) for u in dfn):
        return False
    if not any(state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture") for u in att):
        return False
    for u in dfn:
        state.units[u.uid] = replace(u, owner=b.attacker)
    finish(state)
    owner = state.owners.get(b.space) or b.attacker
    for u in dfn:
        state.units[u.uid] = replace(state.units[u.uid], owner=owner, moved=state.utype(u).move)
        state.add_log(f"  {state.utype(u).name} in {state.scenario.spaces[b.space].name} is captured.")
    return True


def finish(state: GameState, stalemate: bool = False) -> None:
    from .. import production  # capture rules live with ownership/income
    b = state.zone.battle
    assert b is not None
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    sp = state.scenario.spaces[b.space]
    if stalemate:
        pass
    elif att and not dfn:
        captors = [u for u in att if state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture")]
        if sp.kind == LAND and captors:
            production.capture(state, b.space, b.attacker)
            rehome_interceptors(state, b)
            owner = state.owners.get(b.space) or b.attacker
            for t in b.prizes:  # capturable defenders lost: they change sides
                uid = state.next_uid
                state.next_uid += 1
                state.units[uid] = Unit(uid, t, owner, b.space, moved=state.utype(t).move,
                                        in_combat=True)
                state.add_log(f"  {state.utype(t).name} is captured.")
    outcome = ("stalemate" if stalemate else "attacker" if att and not dfn
               else "defender" if dfn and not att else "both_destroyed")
    state.zone.last_battle = BattleResult(b.space, b.attacker, defender_ids(state, b), outcome, rolls=b.rolls)
    if not stalemate:
        state.add_log(result_text(state, state.zone.last_battle))
    if sp.kind == SEA:
        rehome_aircraft(state, b.space)
    state.zone.battles = tuple(s for s in state.zone.battles if s != b.space)
    state.zone.battle = None


def rehome_aircraft(state: GameState, space: str) -> None:
    """After a sea battle, defending aircraft beyond carrier room fly one space to a
    friendly territory, else to a friendly carrier with room in a bordering sea zone
    (seed 001: "move one space to a friendly carrier or territory"), or are lost."""
    from dataclasses import replace

    from ..movement import carrier_room, is_friendly_land
    flown = scramble.scrambled(state)   # they fly back to their bases later
    for pid in sorted({u.owner for u in state.units_in(space)}):
        if pid == state.player:
            continue  # the attacker's aircraft land in the non-combat move
        air = sorted((u for u in state.units.values() if u.space == space and u.owner == pid
                      and state.utype(u).domain == AIR and u.uid not in flown), key=lambda u: -u.uid)
        for u in air:
            if carrier_room(state, space, pid, exclude=flown) >= 0:
                break
            land = [s for s in state.scenario.spaces[space].adjacent if is_friendly_land(state, s, pid)]
            if land:
                state.units[u.uid] = replace(u, space=sorted(land)[0], carried_by=None)
                state.add_log(f"  {state.utype(u).name} flies to {state.scenario.spaces[sorted(land)[0]].name}")
            elif (c := carrier_next_door(state, u, space)) is not None:
                state.units[u.uid] = replace(u, space=c.space, carried_by=c.uid)
                state.add_log(f"  {state.utype(u).name} flies to a carrier in {state.scenario.spaces[c.space].name}")
            else:
                remove_unit(state, u.uid)
                state.add_log(f"  {state.utype(u).name} has nowhere to land and is lost")


def stays_in_retreat(u: Unit) -> bool:
    """Airdropped (airborne) units stay when their side retreats (seed 000 PARATROOPERS,
    Airdrop: "Paratroopers may not withdraw from combat when airdropped")."""
    return u.airborne


def retreat_blocker(state: GameState, b: Battle) -> str:
    """Why the attacker cannot retreat now ("": it can, to one of `b.origins`). Units
    landed from the sea bar the whole retreat; airdropped units only stay behind, so
    they bar it only when nothing else is left to retreat."""
    if b.awaiting != "continue":
        return "Retreat is decided between rounds."
    att = alive(state, attackers(state, b))
    if any(u.amphibious for u in att):
        return "Units that landed from the sea cannot retreat."
    if att and all(stays_in_retreat(u) for u in att):
        return "Paratroopers that attacked from the air cannot retreat."
    return ""


def carrier_next_door(state: GameState, u: Unit, space: str) -> Unit | None:
    """A friendly carrier with room for `u` in a sea zone bordering `space` that holds no
    enemy units (the lowest zone, then the lowest carrier id), or None."""
    from ..movement import carrier_room, enemies_in, grounded
    cost = state.utype(u).carrier_cost
    if cost is None:
        return None
    sps = state.scenario.spaces
    for zone in sorted(z for z in sps[space].adjacent if sps[z].kind == SEA):
        if enemies_in(state, zone, u.owner) or carrier_room(state, zone, u.owner) < cost:
            continue
        for c in state.units_in(zone):
            ab = state.utype(c).ability("carrier")
            if ab is None or state.at_war(c.owner, u.owner) or grounded(state, c):
                continue
            if ab.units and not state.utype(u).matches(ab.units):
                continue
            used = sum(state.utype(x).carrier_cost or 0 for x in state.cargo_of(c.uid))
            if ab.capacity - used >= cost:
                return c
    return None


def retreat(state: GameState, to: str) -> None:
    """All attackers leave to `to`, except airdropped units (a partial retreat): they
    fight on alone, and the battle goes on to its next round."""
    from dataclasses import replace
    b = state.zone.battle
    assert b is not None
    why = retreat_blocker(state, b)
    if why:
        raise IllegalAction(why)
    if to not in b.origins:
        names = ", ".join(state.scenario.spaces[s].name for s in b.origins) or "nowhere"
        raise IllegalAction(f"Attackers may retreat only to a space they came from: {names}.")
    att = attackers(state, b)
    staying = [u for u in alive(state, att) if stays_in_retreat(u)]
    att = [u for u in att if not stays_in_retreat(u)]
    for u in att:
        # a transport that retreats cannot offload this turn (movement.offload_block)
        state.units[u.uid] = replace(u, space=to, unloaded=u.unloaded or state.utype(u).has("transport"))
        for c in state.cargo_of(u.uid):
            state.units[c.uid] = replace(c, space=to)
    if staying:
        names = ", ".join(sorted({state.utype(u).name for u in att})) or "no unit"
        state.add_log(f"  {names} retreat to {state.scenario.spaces[to].name}; "
                      f"{len(staying)} airdropped unit(s) fight on.")
        return
    state.zone.last_battle = BattleResult(b.space, b.attacker, defender_ids(state, b), "retreat", to)
    state.add_log(result_text(state, state.zone.last_battle))
    if state.scenario.spaces[b.space].kind == SEA:
        rehome_aircraft(state, b.space)  # defenders whose carrier was sunk or damaged
    state.zone.battles = tuple(s for s in state.zone.battles if s != b.space)
    state.zone.battle = None


def result_text(state: GameState, r: BattleResult, past: bool = False) -> str:
    """The sentence for a battle's end, its verb agreeing with the names ('Germans win')."""
    sc = state.scenario
    name = sc.spaces[r.space].name
    if r.outcome == "attacker":
        won = f"{grammar.player_says(sc, r.attacker, 'wins')} the battle in {name}"
        owner = state.owners.get(r.space)
        if sc.spaces[r.space].kind == LAND and owner is not None and not state.allied(owner, r.attacker):
            return f"{won}; {name} is not taken: no unit that may capture it is left."   # aircraft alone
        return won + "."
    if r.outcome == "defender":
        return f"{grammar.names_say(sc, r.defenders, 'holds')} {name}."
    if r.outcome == "retreat":
        to = sc.spaces[r.retreat_to].name if r.retreat_to else "where they came from"
        if past:
            return f"{sc.player(r.attacker).name} retreated to {to}."
        return f"{grammar.player_says(sc, r.attacker, 'retreats')} to {to}."
    if r.outcome == "stalemate":
        return f"Neither side can hurt the other: the battle in {name} ends."
    return f"Both sides are destroyed in {name}."


# --- withdrawal of single units (seed 000 AUXILIARY CRUISER, G45) ------------------------
def withdraw_options(state: GameState) -> dict[int, list[str]]:
    """Units that may withdraw now (between rounds, `withdraws`, having survived round
    `after_round`), attacking or defending, with the bordering sea zones holding no enemy
    ship they may go to: uid -> zones (sorted)."""
    b = state.zone.battle
    if b is None or b.awaiting != "continue" or state.scenario.spaces[b.space].kind != SEA:
        return {}
    out: dict[int, list[str]] = {}
    for u in alive(state, attackers(state, b)) + alive(state, defenders(state, b)):
        wd = state.utype(u).ability("withdraws")
        if wd is None or b.round - 1 < wd.after_round:
            continue
        zones = sorted(z for z in state.scenario.spaces[b.space].adjacent
                       if state.scenario.spaces[z].kind == SEA
                       and not any(state.at_war(e.owner, u.owner) and state.utype(e).domain == SEA
                                   for e in state.units_in(z)))
        if zones:
            out[u.uid] = zones
    return out


def withdraw(state: GameState, uids: tuple[int, ...], to: str) -> None:
    """Withdraw these units (all of one side) to `to`; the battle ends if a side is gone."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "continue":
        raise IllegalAction("Units withdraw between rounds.")
    allowed = withdraw_options(state)
    if not uids:
        raise IllegalAction("Choose the units to withdraw.")
    for uid in uids:
        u = state.units.get(uid)
        if uid not in allowed:
            name = state.utype(u).name if u else f"unit {uid}"
            raise IllegalAction(f"{name} cannot withdraw now: only units that may withdraw "
                                f"(auxiliary cruisers), after surviving the first round.")
        if to not in allowed[uid]:
            raise IllegalAction(f"{state.scenario.spaces[to].name if to in state.scenario.spaces else to}"
                                f" is not a bordering sea zone free of enemy ships.")
    if len({state.units[uid].owner for uid in uids}) != 1:
        raise IllegalAction("Withdraw one side's units at a time.")
    for uid in uids:
        u = state.units[uid]
        state.units[uid] = replace(u, space=to)
        for c in state.cargo_of(uid):
            state.units[c.uid] = replace(c, space=to)
    names = ", ".join(state.utype(state.units[uid]).name for uid in uids)
    state.add_log(f"  {names} withdraw{'s' if len(uids) == 1 else ''} to {state.scenario.spaces[to].name}.")
    if not alive(state, attackers(state, b)) or not alive(state, defenders(state, b)):
        finish(state)
