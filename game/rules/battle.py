"""Zone battles as a strip of ordered fire steps.

Each round: AA fire and shore bombardment (first round only), the attacker's
and the defender's first strike (simultaneous: units sunk by the attacker's
first strike still strike back, then both sides' casualties are removed),
attacker fire, defender fire, then removal of the defender's casualties (which
fired back). Hits wait in `Pool`s
for a casualty choice; the default order of loss fills them when a player
does not choose. Every function here works on a state copy given by
`actions.apply`.
"""
from __future__ import annotations

from collections import Counter

from . import dice
from .abilities import SupportedBy
from .errors import IllegalAction
from .model import AIR, LAND, SEA, Battle, GameState, Pool, Roll, Unit

ROUND_STEPS = ("aa", "bombard", "att_first_strike", "def_first_strike", "fs_remove", "att_fire",
               "def_fire", "remove")


# --- who is in the battle ------------------------------------------------------
def is_cargo(state: GameState, u: Unit) -> bool:
    """Units aboard a transport do not fight (aircraft on carriers do)."""
    if u.carried_by is None:
        return False
    carrier = state.units.get(u.carried_by)
    return carrier is not None and state.utype(carrier).has("transport")


def attackers(state: GameState, b: Battle) -> list[Unit]:
    return [u for u in state.units.values()
            if u.space == b.space and u.owner == b.attacker and not is_cargo(state, u)]


def defenders(state: GameState, b: Battle) -> list[Unit]:
    return [u for u in state.units.values()
            if u.space == b.space and state.at_war(u.owner, b.attacker) and not is_cargo(state, u)]


def alive(state: GameState, units: list[Unit]) -> list[Unit]:
    """Units not yet marked destroyed (marked casualties have damage >= hits)."""
    return [u for u in units if u.damage < state.utype(u).hits]


def side_units(state: GameState, b: Battle, side: str) -> list[Unit]:
    return attackers(state, b) if side == "attacker" else defenders(state, b)


# --- values ---------------------------------------------------------------------
def support_bonus(state: GameState, units: list[Unit], role: str) -> dict[int, int]:
    """One-to-one support: each supporter lifts one supported unit (lowest uid first)."""
    supporters = Counter(u.type for u in units)
    bonus: dict[int, int] = {}
    for u in sorted(units, key=lambda x: x.uid):
        for ab in state.utype(u).abilities:
            if not isinstance(ab, SupportedBy) or role not in ab.on:
                continue
            if u.amphibious and "amphibious" in ab.not_in:
                continue
            for sup in ab.units:
                if supporters[sup] > 0:
                    supporters[sup] -= 1
                    bonus[u.uid] = bonus.get(u.uid, 0) + ab.bonus
                    break
    return bonus


def unit_value(state: GameState, u: Unit, role: str, bonus: dict[int, int]) -> int:
    ut = state.utype(u)
    base = ut.attack if role == "attack" else ut.defense
    return min(state.ruleset.dice, max(0, base + bonus.get(u.uid, 0)))


def n_dice(state: GameState, u: Unit) -> int:
    extra = state.utype(u).ability("extra_dice")
    return extra.count if extra else 1


def first_strike_active(state: GameState, u: Unit, enemy: list[Unit]) -> bool:
    fs = state.utype(u).ability("first_strike")
    if fs is None:
        return False
    enemy_types = {e.type for e in enemy}
    return not any(t in enemy_types for t in fs.canceled_by)


# --- targets ----------------------------------------------------------------------
def eligible(state: GameState, pool: Pool, targets: list[Unit], firing_types: set[str]) -> list[Unit]:
    out = []
    for u in alive(state, targets):
        ut = state.utype(u)
        if pool.only_domains and ut.domain not in pool.only_domains:
            continue
        if ut.domain in pool.exclude_domains:
            continue
        ev = ut.ability("evades_air")
        if pool.from_air and ev is not None and not any(t in firing_types for t in ev.unless_enemy_has):
            continue
        out.append(u)
    return out


def hit_points(state: GameState, u: Unit) -> int:
    return state.utype(u).hits - u.damage


def effective_hits(state: GameState, pool: Pool, targets: list[Unit], firing_types: set[str]) -> int:
    return min(pool.hits, sum(hit_points(state, u) for u in eligible(state, pool, targets, firing_types)))


def firing_types_of(state: GameState, b: Battle, pool: Pool) -> set[str]:
    other = "defender" if pool.side == "attacker" else "attacker"
    return {u.type for u in side_units(state, b, other)}


def default_casualties(state: GameState, b: Battle, pool: Pool) -> list[int]:
    """Order of loss: multi-hit units absorb hits first, then the weakest
    (by value in this role, then cost); defenceless units last."""
    targets = side_units(state, b, pool.side)
    ftypes = firing_types_of(state, b, pool)
    cands = eligible(state, pool, targets, ftypes)
    role = "attack" if pool.side == "attacker" else "defense"
    bonus = support_bonus(state, alive(state, targets), role)
    hp = {u.uid: hit_points(state, u) for u in cands}
    n = effective_hits(state, pool, targets, ftypes)
    chosen: list[int] = []

    def key(u: Unit) -> tuple[int, int, int, int, int]:
        ut = state.utype(u)
        cost = ut.cost if isinstance(ut.cost, int) else 0
        absorbs = 0 if hp[u.uid] > 1 else 1
        return (1 if ut.has("defenseless") else 0, absorbs,
                unit_value(state, u, role, bonus), cost, u.uid)

    for _ in range(n):
        live = [u for u in cands if hp[u.uid] > 0]
        if not live:
            break
        pick = min(live, key=key)
        hp[pick.uid] -= 1
        chosen.append(pick.uid)
    return chosen


def check_casualties(state: GameState, b: Battle, pool: Pool, choice: tuple[int, ...]) -> None:
    targets = side_units(state, b, pool.side)
    ftypes = firing_types_of(state, b, pool)
    cands = {u.uid: u for u in eligible(state, pool, targets, ftypes)}
    need = effective_hits(state, pool, targets, ftypes)
    if len(choice) != need:
        raise IllegalAction(f"Choose {need} casualt{'y' if need == 1 else 'ies'} ({len(choice)} chosen).")
    counts = Counter(choice)
    for uid, k in counts.items():
        if uid not in cands:
            u = state.units.get(uid)
            name = state.utype(u).name if u else f"unit {uid}"
            raise IllegalAction(f"{name} cannot take these hits.")
        if k > hit_points(state, cands[uid]):
            raise IllegalAction(f"{state.utype(cands[uid]).name} cannot take {k} hits.")
    sturdy_hp = sum(hit_points(state, u) for u in cands.values() if not state.utype(u).has("defenseless"))
    soft = sum(k for uid, k in counts.items() if state.utype(cands[uid]).has("defenseless"))
    if soft > max(0, need - sturdy_hp):
        raise IllegalAction("Defenceless units (transports) are lost only after every other unit.")


# --- fire steps -------------------------------------------------------------------
def _fire(state: GameState, b: Battle, step: str, side: str, shooters: list[tuple[Unit, int]],
          immediate: bool) -> Battle:
    """Roll for (unit, value) pairs; group hits into pools by target restriction."""
    target_side = "defender" if side == "attacker" else "attacker"
    rolls: list[tuple[str, int, int]] = []
    pools: dict[tuple[tuple[str, ...], bool], int] = {}
    for u, value in shooters:
        ut = state.utype(u)
        for d in dice.roll(state, n_dice(state, u)):
            rolls.append((u.type, value, d))
            if d <= value:
                ch = ut.ability("cannot_hit")
                pkey = (tuple(ch.domains) if ch else (), ut.domain == AIR)
                pools[pkey] = pools.get(pkey, 0) + 1
    total = sum(pools.values())
    only = ("air",) if step == "aa" else ()
    new_pools = tuple(Pool(target_side, n, exclude_domains=k[0], from_air=k[1], immediate=immediate,
                           only_domains=only)
                      for k, n in sorted(pools.items(), key=lambda kv: (not kv[0][0], not kv[0][1])))
    who = state.scenario.player(b.attacker).name if side == "attacker" else "Defender"
    if rolls:
        faces = " ".join(str(r[2]) for r in rolls)
        state.add_log(f"  {who} {STEP_NAMES[step]}: {faces} -> {total} hit{'s' if total != 1 else ''}")
    return _replace(b, rolls=b.rolls + (Roll(step, side, tuple(rolls), total),),
                    pools=b.pools + new_pools)


STEP_NAMES = {"aa": "anti-aircraft fire", "bombard": "shore bombardment",
              "att_first_strike": "first strike", "def_first_strike": "first strike",
              "fs_remove": "removes first-strike casualties",
              "att_fire": "fires", "def_fire": "fires", "remove": "removes casualties"}


def _replace(b: Battle, **kw: object) -> Battle:
    from dataclasses import replace
    return replace(b, **kw)  # type: ignore[arg-type]


def step_shooters(state: GameState, b: Battle, step: str) -> tuple[str, list[tuple[Unit, int]], bool]:
    """(firing side, [(unit, value)], casualties removed immediately) for a step."""
    att = alive(state, attackers(state, b))
    dfn = defenders(state, b)  # marked casualties still fire in def_fire
    dfn_alive = alive(state, dfn)
    if step == "aa":
        shots: list[tuple[Unit, int]] = []
        budget = None
        for u in dfn_alive:
            aa = state.utype(u).ability("anti_aircraft")
            if aa is None:
                continue
            if budget is None:
                budget = sum(1 for x in att if state.utype(x).domain in aa.targets)
            if budget:
                for _ in range(min(aa.shots, budget)):
                    shots.append((u, aa.value))
                budget -= min(aa.shots, budget)
        return "defender", shots, True
    if step == "bombard":
        ships = [state.units[uid] for uid in b.bombard if uid in state.units]
        vals = []
        for s in ships:
            bo = state.utype(s).ability("bombard")
            vals.append((s, bo.value or state.utype(s).attack))
        return "attacker", vals, False
    if step in ("att_first_strike", "att_fire"):
        bonus = support_bonus(state, att, "attack")
        want_fs = step == "att_first_strike"
        return "attacker", [(u, unit_value(state, u, "attack", bonus)) for u in att
                            if first_strike_active(state, u, dfn_alive) == want_fs
                            and unit_value(state, u, "attack", bonus) > 0
                            and not state.utype(u).has("defenseless")], False
    if step in ("def_first_strike", "def_fire"):
        struck = set(b.struck)
        shooters = [u for u in dfn if u.damage < state.utype(u).hits or u.uid in struck] \
            if step == "def_first_strike" else dfn
        bonus = support_bonus(state, shooters, "defense")
        want_fs = step == "def_first_strike"
        return "defender", [(u, unit_value(state, u, "defense", bonus)) for u in shooters
                            if first_strike_active(state, u, att) == want_fs
                            and unit_value(state, u, "defense", bonus) > 0
                            and not state.utype(u).has("defenseless")], True
    return "", [], True


def settle(state: GameState) -> None:
    """Go through the steps that need no dice (skipped steps, removals, the end
    of the round) and stop before the next step that rolls."""
    b = state.battle
    assert b is not None
    while True:
        step = ROUND_STEPS[b.step]
        if step == "remove":
            state.battle = b
            end_round(state)
            return
        if step == "fs_remove":
            for uid in b.struck:
                if uid in state.units:
                    remove_unit(state, uid)
            b = _replace(b, struck=(), step=b.step + 1)
            if not _both_sides_alive(state, b):
                b = _replace(b, step=ROUND_STEPS.index("remove"))
            continue
        if step in ("aa", "bombard") and b.round > 1:
            b = _replace(b, step=b.step + 1)
            continue
        if not step_shooters(state, b, step)[1]:
            b = _replace(b, step=b.step + 1)
            continue
        state.battle = _replace(b, awaiting="roll")
        return


def advance(state: GameState) -> None:
    """Roll the dice of the next step that has shooters, then settle."""
    settle(state)
    b = state.battle
    if b is None or b.awaiting != "roll":
        return
    step = ROUND_STEPS[b.step]
    side, shooters, immediate = step_shooters(state, b, step)
    b = _fire(state, b, step, side, shooters, immediate)
    b = _drop_empty_pools(state, _replace(b, step=b.step + 1))
    if b.pools:
        state.battle = _replace(b, awaiting="casualties")
        return
    state.battle = b
    settle(state)


def _drop_empty_pools(state: GameState, b: Battle) -> Battle:
    pools = list(b.pools)
    while pools:
        targets = side_units(state, b, pools[0].side)
        ftypes = firing_types_of(state, b, pools[0])
        if effective_hits(state, pools[0], targets, ftypes) > 0:
            break
        pools.pop(0)
    return _replace(b, pools=tuple(pools))


def take_casualties(state: GameState, choice: tuple[int, ...]) -> None:
    b = state.battle
    assert b is not None and b.pools
    pool = b.pools[0]
    check_casualties(state, b, pool, choice)
    lost: list[str] = []
    marked = list(b.marked)
    struck = list(b.struck)
    step_name = ROUND_STEPS[b.step - 1] if b.step > 0 else ""
    for uid in choice:
        u = state.units[uid]
        u2 = _damaged(u)
        state.units[uid] = u2
        if u2.damage >= state.utype(u2).hits:
            lost.append(state.utype(u2).name)
            if pool.immediate:
                remove_unit(state, uid)
            elif step_name == "att_first_strike":
                struck.append(uid)  # removed after the defender's first strike
            else:
                marked.append(uid)
        else:
            lost.append(f"{state.utype(u2).name} (damaged)")
    if lost:
        side_name = (state.scenario.player(b.attacker).name if pool.side == "attacker" else "Defender")
        state.add_log(f"  {side_name} loses: {', '.join(lost)}")
    b = _replace(b, pools=b.pools[1:], marked=tuple(marked), struck=tuple(struck))
    b = _drop_empty_pools(state, b)
    if b.pools:
        state.battle = _replace(b, awaiting="casualties")
        return
    if pool.immediate and not _both_sides_alive(state, b):
        b = _replace(b, step=ROUND_STEPS.index("remove"))  # a side is gone: end the round
    state.battle = _replace(b, awaiting="roll")
    settle(state)


def _damaged(u: Unit) -> Unit:
    from dataclasses import replace
    return replace(u, damage=u.damage + 1)


def remove_unit(state: GameState, uid: int) -> None:
    """Destroy a unit; cargo aboard a transport goes down with it."""
    u = state.units.pop(uid)
    if state.utype(u).has("transport"):
        for c in [c for c in state.units.values() if c.carried_by == uid]:
            state.units.pop(c.uid)
            state.add_log(f"  {state.utype(c).name} aboard is lost")
    else:
        for c in [c for c in state.units.values() if c.carried_by == uid]:
            from dataclasses import replace
            state.units[c.uid] = replace(c, carried_by=None)


def _both_sides_alive(state: GameState, b: Battle) -> bool:
    return bool(alive(state, attackers(state, b))) and bool(alive(state, defenders(state, b)))


def can_hurt(state: GameState, shooters: list[Unit], targets: list[Unit], role: str) -> bool:
    """Could any shooter ever assign a hit to any target?"""
    ttypes = {u.type for u in shooters}
    for s in shooters:
        st = state.utype(s)
        val = st.attack if role == "attack" else st.defense
        if val <= 0 and not st.has("supported_by"):
            continue  # (anti-aircraft fire happens only before the first round)
        if st.has("defenseless"):
            continue
        ch = st.ability("cannot_hit")
        for t in targets:
            tt = state.utype(t)
            if ch and tt.domain in ch.domains:
                continue
            ev = tt.ability("evades_air")
            if st.domain == AIR and ev is not None and not any(x in ttypes for x in ev.unless_enemy_has):
                continue
            return True
    return False


def end_round(state: GameState) -> None:
    b = state.battle
    assert b is not None
    for uid in b.marked + b.struck:
        if uid in state.units:
            remove_unit(state, uid)
    b = _replace(b, marked=(), struck=(), pools=(), step=0)
    state.battle = b
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if not att or not dfn:
        finish(state)
        return
    # defenceless units alone against an enemy that can hit them are lost
    for side_units_, enemy, role in ((att, dfn, "defense"), (dfn, att, "attack")):
        if all(state.utype(u).has("defenseless") for u in side_units_) and can_hurt(state, enemy, side_units_, role):
            for u in side_units_:
                if u.uid in state.units:
                    remove_unit(state, u.uid)
            state.add_log(f"  {len(side_units_)} defenceless unit(s) lost")
    att = alive(state, attackers(state, b))
    dfn = alive(state, defenders(state, b))
    if not att or not dfn:
        finish(state)
        return
    if not can_hurt(state, att, dfn, "attack") and not can_hurt(state, dfn, att, "defense"):
        state.add_log("  Neither side can hurt the other: the battle ends.")
        finish(state, stalemate=True)
        return
    state.battle = _replace(b, round=b.round + 1, awaiting="continue")


def finish(state: GameState, stalemate: bool = False) -> None:
    from . import production  # capture rules live with ownership/income
    b = state.battle
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
        state.add_log(f"{state.scenario.player(b.attacker).name} wins the battle in {sp.name}.")
    elif dfn and not att:
        state.add_log(f"Defender holds {sp.name}.")
    else:
        state.add_log(f"Both sides are destroyed in {sp.name}.")
    if sp.kind == SEA:
        rehome_aircraft(state, b.space)
    state.battles = tuple(s for s in state.battles if s != b.space)
    state.battle = None


def rehome_aircraft(state: GameState, space: str) -> None:
    """After a sea battle, defending aircraft beyond carrier room fly to an
    adjacent friendly territory, or are lost."""
    from dataclasses import replace

    from .movement import carrier_room, is_friendly_land
    for pid in sorted({u.owner for u in state.units.values() if u.space == space}):
        if pid == state.player:
            continue  # the attacker's aircraft land in the non-combat move
        air = sorted((u for u in state.units.values() if u.space == space and u.owner == pid
                      and state.utype(u).domain == AIR), key=lambda u: -u.uid)
        for u in air:
            if carrier_room(state, space, pid) >= 0:
                break
            land = [s for s in state.scenario.spaces[space].adjacent if is_friendly_land(state, s, pid)]
            if land:
                state.units[u.uid] = replace(u, space=sorted(land)[0], carried_by=None)
                state.add_log(f"  {state.utype(u).name} flies to {state.scenario.spaces[sorted(land)[0]].name}")
            else:
                remove_unit(state, u.uid)
                state.add_log(f"  {state.utype(u).name} has nowhere to land and is lost")


def retreat(state: GameState, to: str) -> None:
    from dataclasses import replace
    b = state.battle
    assert b is not None
    if b.awaiting != "continue":
        raise IllegalAction("Retreat is decided between rounds.")
    if to not in b.origins:
        names = ", ".join(state.scenario.spaces[s].name for s in b.origins) or "nowhere"
        raise IllegalAction(f"Attackers may retreat only to a space they came from: {names}.")
    att = attackers(state, b)
    if any(u.amphibious for u in att):
        raise IllegalAction("Units that landed from the sea cannot retreat.")
    for u in att:
        state.units[u.uid] = replace(u, space=to)
        for c in [c for c in state.units.values() if c.carried_by == u.uid]:
            state.units[c.uid] = replace(c, space=to)
    state.add_log(f"{state.scenario.player(b.attacker).name} retreats to {state.scenario.spaces[to].name}.")
    state.battles = tuple(s for s in state.battles if s != b.space)
    state.battle = None


def start(state: GameState, space: str) -> None:
    """Open the battle in `space`; the first Roll fires its first step."""
    from dataclasses import replace
    player = state.player
    foes = sorted({u.owner for u in state.units.values()
                   if u.space == space and state.at_war(u.owner, player)})
    origins = tuple(sorted(state_origins(state).get(space, ())))
    bombard: list[int] = []
    amph = [u for u in state.units.values() if u.space == space and u.owner == player and u.amphibious]
    if amph and state.scenario.spaces[space].kind == LAND:
        ships = sorted((u for u in state.units.values()
                        if u.owner == player and state.utype(u).has("bombard") and not u.in_combat
                        and u.space in state.scenario.spaces[space].adjacent
                        and state.scenario.spaces[u.space].kind == SEA), key=lambda u: u.uid)
        for s in ships[:len(amph)]:
            bombard.append(s.uid)
            state.units[s.uid] = replace(s, in_combat=True)
    state.battle = Battle(space=space, attacker=player, defenders=tuple(foes), origins=origins,
                          bombard=tuple(bombard))
    state.add_log(f"Battle in {state.scenario.spaces[space].name}.")


def state_origins(state: GameState) -> dict[str, tuple[str, ...]]:
    return state.origins
