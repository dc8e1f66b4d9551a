"""Strategic and tactical bombing raids (ruleset facilities; Global 1940 2nd edition as
TripleA encodes it: isStrategicBomber, bombingBonus, bombingTargets, canEscort,
canIntercept, airAttack/airDefense, the facilities' built-in anti-aircraft fire,
"Raids May Be Preceeded By Air Battles").

In the combat move the `Raid` action sends bombers (units with `bombing_raid`), with
escorts (`air_battle: {escorts: true}`) if the player likes, to a territory to raid one of
its facilities; `GameState.zone.raids` remembers each raider's target ("space|facility";
escorts: "space|"). In the conduct-combat phase the raid is a battle of its own
(`Battle.raid`), walked through the raid steps of game/rules/zone/battle/steps/ (raid_*.py):
the defender chooses interceptors, one round of air combat, the facilities'
anti-aircraft fire at each bomber, the bombers' damage rolls. Raiders take no part in an
ordinary battle in the same territory (fought after the raid).
"""
from __future__ import annotations

from typing import Any

from ..errors import IllegalAction
from ..model import AIR, LAND, Battle, GameState, Unit
from . import facilities

# per-turn keys in zone.ro3_moves (scramble.py reads them): an aircraft that intercepted a
# raid, a territory that was raided and not attacked otherwise
INTERCEPTED = "intercepted"
RAID_ONLY = "raid_only"


def intercepted(state: GameState, uid: int) -> bool:
    """Did this aircraft intercept a bombing raid this turn?"""
    return bool(state.zone.ro3_moves.get(f"{INTERCEPTED}|{uid}"))


def only_raided(state: GameState, space: str) -> bool:
    """Was `space` raided this turn with no battle of other units there?"""
    return bool(state.zone.ro3_moves.get(f"{RAID_ONLY}|{space}"))


def _raid(state: GameState, u: Unit) -> Any:
    return state.utype(u).ability("bombing_raid")


def _air(state: GameState, u: Unit) -> Any:
    return state.utype(u).ability("air_battle")


def is_bomber(state: GameState, u: Unit) -> bool:
    return _raid(state, u) is not None


def can_bomb(state: GameState, u: Unit, fid: str) -> bool:
    """May this unit raid facility `fid` (a facility that takes damage, among the unit's
    `targets` when it names some: the tactical bomber only air and naval bases)?"""
    ab = _raid(state, u)
    ft = state.ruleset.facilities.get(fid)
    return ab is not None and ft is not None and ft.max_damage > 0 and (not ab.targets or fid in ab.targets)


def is_escort(state: GameState, u: Unit) -> bool:
    ab = _air(state, u)
    return ab is not None and ab.escorts


def target_of(state: GameState, uid: int) -> tuple[str, str] | None:
    """(space, facility id; "" for an escort) of a raider, or None."""
    t = state.zone.raids.get(uid)
    if t is None:
        return None
    space, fid = t.split("|", 1)
    return space, fid


def targets(state: GameState, space: str, player: str) -> list[str]:
    """The facilities of `space` the player's bombers could raid (an enemy territory)."""
    owner = state.owners.get(space)
    if state.scenario.spaces[space].kind != LAND or not state.at_war(owner, player):
        return []
    return [ft.id for ft, _dmg in facilities.in_space(state, space) if ft.max_damage > 0]


def raid_block(state: GameState, units: list[Unit], dest: str, fid: str) -> str:
    """Why these units may not raid facility `fid` in `dest`, or "" (movement itself is
    checked by the move)."""
    if state.phase != "combat_move":
        return "Bombing raids are declared in the combat move."
    if fid not in targets(state, dest, state.player):
        return f"There is no enemy facility '{fid}' to raid in {state.scenario.spaces[dest].name}."
    name = state.ruleset.facilities[fid].name
    for u in units:
        ut = state.utype(u)
        if ut.domain != AIR or u.owner != state.player:
            return f"{ut.name} cannot take part in a bombing raid."
        if not is_bomber(state, u) and not is_escort(state, u):
            return f"{ut.name} cannot escort a bombing raid."
        if is_bomber(state, u) and not can_bomb(state, u, fid):
            return f"{ut.name} cannot raid a {name}."
        if u.uid in state.zone.raids:
            return f"{ut.name} is already on a raid."
    flying = any(target_of(state, uid) == (dest, fid) for uid in state.zone.raids)
    if not any(is_bomber(state, u) for u in units) and not flying:
        return "A raid needs a bomber (escorts join bombers already flying to raid)."
    return ""


def declare(state: GameState, units: list[Unit], dest: str, fid: str) -> None:
    """Mark the units (moved to `dest` already) as raiders of facility `fid`."""
    for u in units:
        state.zone.raids[u.uid] = f"{dest}|{fid if is_bomber(state, u) else ''}"
    n = sum(1 for u in units if is_bomber(state, u))
    state.add_log(f"  {n} bomber{'s' if n != 1 else ''} will raid the "
                  f"{state.ruleset.facilities[fid].name} in {state.scenario.spaces[dest].name}.")


def raiders(state: GameState, space: str, player: str) -> list[Unit]:
    """The player's raiders over `space`."""
    return [u for u in state.units_in(space) if u.owner == player and u.uid in state.zone.raids
            and state.zone.raids[u.uid].startswith(space + "|")]


def pending(state: GameState, space: str) -> bool:
    """Is a raid on `space` still to be flown this turn?"""
    return bool(raiders(state, space, state.player)) and not state.zone.ro3_moves.get(f"raided|{space}") \
        and bool(targets(state, space, state.player))


def order_block(state: GameState, space: str) -> str:
    """Why the battle in `space` may not be fought yet: a bombing raid elsewhere is still
    to be flown (G40 2nd ed., conduct combat: raids first; TripleA fights them first)."""
    if pending(state, space):
        return ""
    waiting = [s for s in state.zone.battles if s != space and pending(state, s)]
    if not waiting:
        return ""
    return (f"Fly the bombing raids first: {', '.join(state.scenario.spaces[s].name for s in waiting)}.")


def ordinary_attackers(state: GameState, space: str, player: str) -> list[Unit]:
    """The player's units in `space` that are not raiders (they fight an ordinary battle)."""
    return [u for u in state.units_in(space) if u.owner == player and u.uid not in state.zone.raids]


# --- the raid as a battle ------------------------------------------------------------------
def start(state: GameState, space: str) -> None:
    """Open the raid on `space` (the first raid step: the interceptors' choice)."""
    from .battle import step_index
    owner = state.owners.get(space)
    b = Battle(space=space, attacker=state.player, defenders=(owner,) if owner else (),
               raid=True, step=step_index("raid_intercept"))
    state.zone.battle = b
    names = ", ".join(sorted({state.ruleset.facilities[t[1]].name for u in raiders(state, space, state.player)
                              if (t := target_of(state, u.uid)) and t[1]}))
    state.add_log(f"Bombing raid on {state.scenario.spaces[space].name} ({names}).")


def interceptor_choices(state: GameState, b: Battle) -> list[int]:
    """The defender's units in the raided territory that may intercept (air_battle with
    `intercepts`: the g40 fighter), lowest uid first."""
    from .battle.sides import is_cargo
    return sorted(u.uid for u in state.units_in(b.space)
                  if state.at_war(u.owner, b.attacker) and (u.carried_by is None or not is_cargo(state, u))
                  and (ab := _air(state, u)) is not None and ab.intercepts
                  and u.damage < state.utype(u).hits)


def air_value(state: GameState, u: Unit, role: str) -> int:
    """The unit's value in a raid's air battle (`role`: attack or defense; 0 without
    `air_battle`), at most the die's sides."""
    ab = _air(state, u)
    return min(state.ruleset.dice, getattr(ab, role, 0)) if ab is not None else 0


def air_battle_shooters(state: GameState, b: Battle, side: str) -> list[tuple[Unit, int]]:
    """The air battle's dice: every raider at its air_battle attack, every interceptor at
    its air_battle defense (none without interceptors)."""
    if not b.interceptors:
        return []
    from .battle.sides import alive, attackers, defenders
    # interceptors hit by the raiders still fire: the air battle is simultaneous
    units = alive(state, attackers(state, b)) if side == "attacker" else defenders(state, b)
    role = "attack" if side == "attacker" else "defense"
    return [(u, value) for u in units if (value := air_value(state, u, role)) > 0]


def surviving_bombers(state: GameState, b: Battle) -> list[Unit]:
    from .battle.sides import alive, attackers
    return [u for u in alive(state, attackers(state, b)) if is_bomber(state, u)
            and (t := target_of(state, u.uid)) is not None and t[1]]


def aa_shooters(state: GameState, b: Battle) -> list[tuple[Unit, int]]:
    """The facilities' anti-aircraft fire: one die at each bomber raiding it, at the
    facility's `anti_aircraft` value (the bomber stands for the die it is fired at)."""
    out = []
    for u in surviving_bombers(state, b):
        t = target_of(state, u.uid)
        assert t is not None
        aa = state.ruleset.facilities[t[1]].anti_aircraft
        if aa > 0:
            out.append((u, min(state.ruleset.dice, aa)))
    return out


def bomber_types(state: GameState, b: Battle) -> tuple[str, ...]:
    return tuple(sorted({u.type for u in surviving_bombers(state, b)}))


def damage_dice(state: GameState, b: Battle) -> list[tuple[Unit, int]]:
    """The bombers' damage rolls (value 0: they score no hits, each die is damage)."""
    return [(u, 0) for u in surviving_bombers(state, b)]


def apply_damage(state: GameState, b: Battle) -> None:
    """Each damage die plus its bomber's bonus goes onto the bomber's target, up to the
    facility's maximum damage."""
    roll = b.rolls[-1] if b.rolls and b.rolls[-1].step == "raid_damage" else None
    if roll is None:
        return
    sp = state.scenario.spaces[b.space].name
    for (_t, _v, die), uid in zip(roll.dice, roll.uids, strict=True):
        t = target_of(state, uid)
        u = state.units.get(uid)
        if t is None or u is None:
            continue
        points = die + _raid(state, u).bonus
        took = facilities.add_damage(state, b.space, t[1], points)
        ft = state.ruleset.facilities[t[1]]
        capped = "" if took == points else f" (it takes {took}: at most {ft.max_damage})"
        state.add_log(f"  {state.utype(u).name} rolls {die}: {points} damage to the {ft.name} "
                      f"in {sp}{capped}.")


def damage_points(state: GameState, roll: Any) -> int:
    """The damage a raid's damage roll does: each die plus its bomber's `bombing_raid`
    bonus (before the facilities' caps)."""
    total = 0
    for utype, _need, face in roll.dice:
        ab = state.ruleset.units[utype].ability("bombing_raid")
        total += face + (ab.bonus if ab is not None else 0)
    return total


def result_text(state: GameState, rolls: tuple[Any, ...], space: str) -> str:
    """How a finished raid ended, for the battle window: the damage done and where the
    raided territory's facilities stand ('The raid on United Kingdom does 15 damage: Major
    Industrial Complex 15/20.'), or that no bomber got through."""
    name = state.scenario.spaces[space].name
    roll = next((r for r in reversed(rolls) if r.step == "raid_damage"), None)
    if roll is None:
        return f"The raid on {name} is turned back: no bomber reached its target."
    dmg = ", ".join(f"{ft.name} {d}/{ft.max_damage}" for ft, d in facilities.in_space(state, space)
                    if ft.max_damage and d)
    return f"The raid on {name} does {damage_points(state, roll)} damage" + (f": {dmg}." if dmg else ".")


def finish(state: GameState) -> None:
    """The raid is over; an ordinary battle in the territory, if any, is fought next."""
    from ..model import BattleResult
    b = state.zone.battle
    assert b is not None
    state.zone.ro3_moves[f"raided|{b.space}"] = 1
    for uid in b.interceptors or ():   # they stayed to intercept: they scramble no more
        state.zone.ro3_moves[f"{INTERCEPTED}|{uid}"] = 1
    if not needs_battle(state, b.space):   # only raided: its other aircraft may scramble
        state.zone.ro3_moves[f"{RAID_ONLY}|{b.space}"] = 1
    left = raiders(state, b.space, b.attacker)
    outcome = "attacker" if any(is_bomber(state, u) for u in left) else "defender"
    state.zone.last_battle = BattleResult(b.space, b.attacker, b.defenders, outcome, rolls=b.rolls, raid=True)
    state.add_log(result_text(state, b.rolls, b.space))
    state.zone.battle = None
    if not needs_battle(state, b.space):
        state.zone.battles = tuple(s for s in state.zone.battles if s != b.space)


def needs_battle(state: GameState, space: str) -> bool:
    """After the raid: do the player's other units in `space` still have a battle there?"""
    from .movement import enemies_in
    return bool(ordinary_attackers(state, space, state.player)) and bool(enemies_in(state, space, state.player))


def check_target(state: GameState, fid: str) -> None:
    if fid not in state.ruleset.facilities:
        raise IllegalAction(f"Unknown facility '{fid}'.")
