"""Zone battles as a strip of ordered fire steps.

Each round: AA fire and shore bombardment (first round only), the attacker's
and the defender's first strike (simultaneous: units sunk by the attacker's
first strike still strike back, then both sides' casualties are removed),
attacker fire, defender fire, then removal of the defender's casualties (which
fired back). The steps are classes in `steps/`, walked in the order of
`steps.STEPS` by `settle` and `advance` here. Hits wait in `Pool`s for a
casualty choice; the default order of loss fills them when a player does not
choose. Every function here works on a state copy given by `actions.apply`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ... import dice, grammar
from ...abilities.hooks import barred_domains, only_domains, restrict_domains
from ...errors import IllegalAction
from ...model import AIR, Battle, GameState, Pool, Roll, Unit, UnitMap, unit_replace
from .. import scramble
from .board import _replace, remove_casualty
from .casualties import check_casualties, effective_hits, firing_types_of
from .interception import drop_cargo, interceptor_choices
from .rerolls import (
    default_reroll,
    reroll_allowance,
    reroll_eligible,
    reroll_limit,
    ruleset_has_recon,
)
from .sides import (
    alive,
    attackers,
    bombarding_ships,
    defender_ids,
    defender_name,
    defenders,
    side_units,
)
from .steps import STEPS, FireStep, Shot, fire_step, step_by_name, step_index
from .values import (
    can_hurt,
    fleet_air_penalty,
    keeps_battle_start,
    n_dice,
    ro3_cap,
    ro3_rule,
    space_terrain,
)

# the steps of a round: classes in .steps, walked in the order of steps.STEPS


# --- fire steps -------------------------------------------------------------------
PoolKey = tuple[tuple[str, ...], bool, tuple[str, ...], tuple[str, ...], str]


def _specials(state: GameState, b: Battle, side: str, role: str,
              shooters: list[tuple[Unit, int]]) -> dict[int, list[tuple[int, tuple[str, ...], tuple[str, ...]]]]:
    """value_against in force for each shooter: uid -> [(special value, only types, only
    domains)], after the condition and the Rule of Three (lowest uids first)."""
    out: dict[int, list[tuple[int, tuple[str, ...], tuple[str, ...]]]] = {}
    if not any(state.utype(u).has("value_against") for u, _ in shooters):
        return out
    own = alive(state, side_units(state, b, side))
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    used: Counter[tuple[str, object]] = Counter()
    for u, _v in sorted(shooters, key=lambda x: x[0].uid):
        ut = state.utype(u)
        for ab in ut.abilities_named("value_against"):
            val = min(state.ruleset.dice, ab.attack if role == "attack" else ab.defense)
            if val <= 0:
                continue
            types = state.ruleset.expand_all(ab.targets) if ab.targets else ()
            if ab.condition == "attackers_outnumber_targets":
                mine = sum(1 for x in own if x.type == u.type)
                theirs = sum(1 for x in enemy if x.type in types
                             or (ab.domains and state.utype(x).domain in ab.domains))
                if not mine > theirs:
                    continue
            cap = ro3_cap(state, ab)
            if cap is not None:
                if used[ro3_rule(u.type, ab)] >= cap:
                    continue
                used[ro3_rule(u.type, ab)] += 1
            if ab.targets and not types:
                continue
            out.setdefault(u.uid, []).append((val, types, tuple(ab.domains)))
    return out


def _chooser(state: GameState, b: Battle, u: Unit, side: str, role: str) -> tuple[str, tuple[str, ...]]:
    """chooses_casualty: (the firing side, the domains it picks among) when it applies."""
    ch = state.utype(u).ability("chooses_casualty")
    if ch is None or role not in ch.on:
        return "", ()
    if ch.terrain and not any(t in space_terrain(state, b.space, u.owner) for t in ch.terrain):
        return "", ()
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    if not any(state.utype(e).domain in ch.domains for e in enemy):
        return "", ()
    return side, tuple(ch.domains)


def _classify(state: GameState, b: Battle, step: str, side: str, shooters: list[tuple[Unit, int]],
              faces: list[int]) -> tuple[list[tuple[str, int, int]], dict[PoolKey, int]]:
    """The dice of (unit, value) pairs (faces in shooter order): the roll record
    (type, value needed, face) and the hits grouped by target restriction."""
    role = "attack" if side == "attacker" else "defense"
    st = fire_step(step)
    special_steps = st.unit_specials
    specials = _specials(state, b, side, role, shooters) if special_steps else {}
    rolls: list[tuple[str, int, int]] = []
    pools: dict[PoolKey, int] = {}
    k = 0
    drop_types = st.hit_types(state, b)
    shot_domains = st.shot_domains(state, b)
    for n_shot, (u, value) in enumerate(shooters):
        ut = state.utype(u)
        excl = barred_domains(ut)
        fap = fleet_air_penalty(state, b, u, role) if ut.abilities else None
        if fap is not None and not fap[1] and AIR not in excl:
            excl = excl + (AIR,)  # seed 000 G53: a carrierless fleet cannot hit aircraft
        only: tuple[str, ...] = ()
        if shot_domains is not None:
            only = (shot_domains[n_shot],) if n_shot < len(shot_domains) else ("air",)
        chooser = ""
        if special_steps:
            hits_only = only_domains(ut, role)
            if hits_only is not None:
                only = restrict_domains(only, hits_only)
            chooser, cdoms = _chooser(state, b, u, side, role)
            if chooser:
                only = restrict_domains(only, cdoms)
        spec = specials.get(u.uid, [])
        top = max([value] + [v for v, _, _ in spec])
        for _ in range(n_dice(state, u)):
            d = faces[k]
            k += 1
            rolls.append((u.type, top, d))
            pkey: PoolKey | None = None
            if drop_types is not None:
                pkey = ((), False, (), drop_types, "") if d <= value else None
            elif d <= value:
                pkey = (excl, ut.domain == AIR, only, (), chooser)
            else:
                for v, types, doms in spec:
                    if d <= v:
                        pkey = (excl, ut.domain == AIR, restrict_domains(only, doms), types, chooser)
                        break
            if pkey is not None:
                pools[pkey] = pools.get(pkey, 0) + 1
    return rolls, pools


def _roll_step(state: GameState, b: Battle, step: str, side: str,
               shooters: list[tuple[Unit, int]], classify: bool) -> Battle:
    """Roll the step's dice and record them (hits not assigned yet; without `classify`
    the values needed are filled in by `_conclude`)."""
    faces: list[int] = []
    uids: list[int] = []
    for u, _v in shooters:
        k = n_dice(state, u)
        faces.extend(dice.roll(state, k))
        uids.extend([u.uid] * k)
    if classify:
        rolls, pools = _classify(state, b, step, side, shooters, faces)
        roll = Roll(step, side, tuple(rolls), sum(pools.values()), uids=tuple(uids))
    else:
        dl = tuple((state.units[uid].type, 0, d) for uid, d in zip(uids, faces, strict=True))
        roll = Roll(step, side, dl, 0, uids=tuple(uids))
    return _replace(b, rolls=b.rolls + (roll,))


def _conclude(state: GameState, shot: tuple[str, list[tuple[Unit, int]], bool] | None = None) -> None:
    """Count the hits of the last roll (after any reroll) into casualty pools, then go
    on: a casualty choice, or the next step. `shot`: step_shooters of the roll's step
    when the caller has it."""
    b = state.zone.battle
    assert b is not None and b.rolls
    roll = b.rolls[-1]
    side, shooters, immediate = shot or step_shooters(state, b, roll.step)
    faces = [d for _, _, d in roll.dice]
    rolls, pools = _classify(state, b, roll.step, side, shooters, faces)
    target_side = "defender" if side == "attacker" else "attacker"
    pools = _merge_moot_restrictions(state, b, side, target_side, pools)
    total = sum(pools.values())
    order = sorted(pools.items(), key=lambda kv: (not kv[0][4], not kv[0][3], not kv[0][2],
                                                   not kv[0][0], not kv[0][1]))
    new_pools = tuple(Pool(target_side, n, exclude_domains=k[0], from_air=k[1], immediate=immediate,
                           only_domains=k[2], only_types=k[3], chooser=k[4])
                      for k, n in order)
    who = state.scenario.player(b.attacker).name if side == "attacker" else defender_name(state, b)
    void = _void_hits(state, b, new_pools)
    if void and roll.uids and fire_step(roll.step).unit_specials:
        # the dice of a unit that can hit no enemy here show in the strip's "no fire"
        # column, not as hits at its value (seed 000 TORPEDO BOMBER over land)
        enemy = alive(state, side_units(state, b, target_side))
        role = "attack" if side == "attacker" else "defense"
        blind = {uid for uid in set(roll.uids) if not can_hurt(state, [state.units[uid]], enemy, role)}
        rolls = [(t, 0, d) if uid in blind else (t, need, d)
                 for (t, need, d), uid in zip(rolls, roll.uids, strict=True)]
    if rolls:
        hits = hits_text(total, void) if fire_step(roll.step).scores_hits else "rolled"
        if roll.rerolled:
            was = " ".join(str(roll.first[i]) for i in roll.rerolled)
            now = " ".join(str(faces[i]) for i in roll.rerolled)
            state.add_log(f"  {who} rerolls {was} -> {now} (reconnaissance): "
                          f"{' '.join(str(f) for f in faces)} -> {hits}")
        else:
            step = step_name(roll.step, grammar.name_plural(state.scenario, who))
            state.add_log(f"  {who} {step}: {' '.join(str(f) for f in faces)} -> {hits}")
    b = _replace(b, rolls=b.rolls[:-1] + (replace(roll, dice=tuple(rolls), hits=total, void=void),),
                 pools=b.pools + new_pools, awaiting="roll")
    b = _drop_empty_pools(state, b)
    if b.pools:
        state.zone.battle = _replace(b, awaiting="casualties")
        return
    state.zone.battle = b
    settle(state)


def reroll(state: GameState, indices: tuple[int, ...]) -> None:
    """Reroll these dice of the last roll (reconnaissance); () keeps the dice."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "reroll":
        raise IllegalAction("There are no dice to reroll now.")
    roll = b.rolls[-1]
    if indices:
        ok = set(reroll_eligible(state, b))
        limit = reroll_limit(state)
        if len(set(indices)) != len(indices):
            raise IllegalAction("A die can be rerolled only once.")
        bad = [i for i in indices if i not in ok]
        if bad:
            raise IllegalAction(f"Die {bad[0] + 1} cannot be rerolled: only dice of "
                                f"{', '.join(state.ruleset.units[t].name for t in reroll_allowance(state, b, roll.side)[1])}"
                                f" that have had no reroll this round.")
        if len(indices) > limit:
            raise IllegalAction(f"At most {limit} reroll{'s' if limit != 1 else ''} now "
                                f"(one per reconnaissance unit, Rule of Three).")
        owners = [roll.uids[i] for i in indices]
        if len(set(owners)) != len(owners):
            raise IllegalAction("Each unit gets at most one reroll per round (one-to-one).")
        order = sorted(indices)
        new = dice.roll(state, len(order))
        dl = list(roll.dice)
        for i, d in zip(order, new, strict=True):
            t, v, _ = dl[i]
            dl[i] = (t, v, d)
        roll = replace(roll, dice=tuple(dl), rerolled=tuple(order),
                       first=tuple(d for _, _, d in b.rolls[-1].dice))
        b = _replace(b, rolls=b.rolls[:-1] + (roll,),
                     recon_used=b.recon_used + tuple((roll.side, roll.uids[i]) for i in order))
    state.zone.battle = b
    _conclude(state)


def _merge_moot_restrictions(state: GameState, b: Battle, side: str, target_side: str,
                             pools: dict[PoolKey, int]) -> dict[PoolKey, int]:
    """Drop target restrictions that exclude none of the units now in the battle
    (say, submarine hits when the enemy has no aircraft), so the player makes one
    casualty choice instead of several that mean the same."""
    targets = alive(state, side_units(state, b, target_side))
    ftypes = {u.type for u in side_units(state, b, side)}
    domains = {state.utype(t).domain for t in targets}

    def evades(t: Unit) -> bool:
        ev = state.utype(t).ability("evades_air")
        return ev is not None and not any(x in ftypes for x in ev.unless_enemy_has)

    any_evader = any(evades(t) for t in targets)
    merged: dict[PoolKey, int] = {}
    for (excl, from_air, only, types, chooser), n in pools.items():
        if excl and not domains & set(excl):
            excl = ()
        if from_air and not any_evader:
            from_air = False
        if only and domains <= set(only):
            only = ()
        key = (excl, from_air, only, types, chooser)
        merged[key] = merged.get(key, 0) + n
    return merged


def step_title(step: str) -> str:
    """The step's display title (its class's `title`; the id of an unknown step)."""
    st = step_by_name(step)
    return st.title if st is not None else step


def step_name(step: str, plural: bool = False) -> str:
    """The title after a subject: 'Germany fires', 'Germans fire', 'Germans first strike'
    (a verb title agrees with the subject, a noun one does not)."""
    st = step_by_name(step)
    if st is None:
        return step
    return grammar.phrase(st.title, plural) if st.verb else st.title


def step_shooters(state: GameState, b: Battle, step: str) -> Shot:
    """(firing side, [(unit, value)], casualties removed immediately) for a step."""
    return fire_step(step).shooters(state, b)


def settle(state: GameState) -> Shot | None:
    """Walk the steps (steps.STEPS) through those that need no dice (skipped steps,
    removals, the end of the round) and stop before the next step that rolls. Returns
    that step's shooters when it stopped there (awaiting "roll"), else None."""
    b = state.zone.battle
    assert b is not None
    while True:
        st = STEPS[b.step]
        if not isinstance(st, FireStep):
            if not st.applies(state, b):
                b = _replace(b, step=b.step + 1)
                continue
            nb = st.run(state, b)
            if nb is None:
                return None
            b = nb
            continue
        # airdropped cargo lands once the interception is over
        if b.drops and b.step > step_index("intercept") and not b.pools:
            b = drop_cargo(state, b)
        if not st.applies(state, b):
            b = _replace(b, step=b.step + 1)
            continue
        b, wait = st.before_roll(state, b)
        if wait:
            return None
        shot = _kept_shot(state, b) or st.shooters(state, b)
        if not shot[1]:
            b = _replace(b, step=b.step + 1)
            continue
        state.zone.battle = _replace(b, awaiting="roll")
        _keep_shot(state, state.zone.battle, shot)
        return shot


# The walk stops before a step that rolls (awaiting "roll") once it has found the step's
# shooters; the next action, the roll, walks to the same step and would find them again.
# So they are kept (UnitMap.kept_memo: shared by the copies of unchanged units) with
# what else they were found from: the very battle record (the same object: nothing in it
# changed), the ruleset, scenario and relations (replaced, never changed in place), and
# the owners and raids (values a shooter reads: ports, raid targets), compared by value.
_SHOT = "battle shot"


def _keep_shot(state: GameState, b: Battle, shot: Shot) -> None:
    units = state.units
    if type(units) is UnitMap:
        units.kept_memo()[_SHOT] = (b, state.ruleset, state.scenario, state.relations,
                                    dict(state.owners), dict(state.zone.raids), shot)


def _kept_shot(state: GameState, b: Battle) -> Shot | None:
    """The shot kept by `_keep_shot` for this very battle record, if nothing else it was
    found from has changed since."""
    units = state.units
    if type(units) is not UnitMap:
        return None
    got = units.kept_memo().get(_SHOT)
    if got is None or got[0] is not b or got[1] is not state.ruleset or got[2] is not state.scenario \
            or got[3] is not state.relations or got[4] != state.owners or got[5] != state.zone.raids:
        return None
    side, shooters, immediate = got[6]
    return side, list(shooters), immediate


def advance(state: GameState) -> None:
    """Roll the dice of the next step that has shooters, then settle (or wait for the
    rolling side's reroll decision, `awaiting == "reroll"`)."""
    shot = settle(state)
    b = state.zone.battle
    if b is None or b.awaiting != "roll":
        return
    st = STEPS[b.step]
    assert isinstance(st, FireStep)
    if shot is None:
        shot = st.shooters(state, b)
    side, shooters, _immediate = shot
    recon = st.recon and ruleset_has_recon(state) and any(
        state.utype(u).has("reconnaissance") for u in side_units(state, b, side))
    state.zone.battle = _roll_step(state, _replace(b, step=b.step + 1), st.name, side, shooters, recon)
    if recon and default_reroll(state):  # a miss worth rerolling: the side decides
        b = state.zone.battle
        roll = b.rolls[-1]
        who = state.scenario.player(b.attacker).name if side == "attacker" else defender_name(state, b)
        state.add_log(f"  {who} {st.title}: {' '.join(str(d) for _, _, d in roll.dice)} "
                      f"-> {roll.hits} hit{'s' if roll.hits != 1 else ''}; may reroll "
                      f"{reroll_limit(state)} (reconnaissance)")
        state.zone.battle = _replace(b, awaiting="reroll")
        return
    _conclude(state, shot)


def _void_hits(state: GameState, b: Battle, pools: tuple[Pool, ...]) -> int:
    """Hits of a roll that no enemy unit in the battle could take: a torpedo bomber's
    over a land battle ("This unit may only damage naval targets", seed 000 TORPEDO
    BOMBER), a submarine's against aircraft only. They are lost; the log and the battle
    window say so instead of showing hits that remove nothing."""
    void = 0
    for p in pools:
        targets = alive(state, side_units(state, b, p.side))
        if effective_hits(state, p, targets, firing_types_of(state, b, p)) == 0:
            void += p.hits
    return void


def hits_text(total: int, void: int = 0) -> str:
    """'2 hits'; '0 hits (2 with no target)' when some hits can hit no enemy unit."""
    n = total - void
    text = f"{n} hit{'s' if n != 1 else ''}"
    return f"{text} ({void} with no target)" if void else text


def roll_result(state: GameState, roll: Roll) -> str:
    """What a fire step's dice did: '2 hits'; '15 damage' for a raid's damage roll (its
    dice count damage, not hits)."""
    if fire_step(roll.step).scores_hits:
        return hits_text(roll.hits, roll.void)
    if roll.step == "raid_damage":
        from .. import raids
        return f"{raids.damage_points(state, roll)} damage"
    return "rolled"


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
    b = state.zone.battle
    assert b is not None and b.pools
    pool = b.pools[0]
    check_casualties(state, b, pool, choice)
    lost: list[str] = []
    marked = list(b.marked)
    struck = list(b.struck)
    hurt = dict(b.hurt)
    fired = STEPS[b.step - 1] if b.step > 0 else None
    held = isinstance(fired, FireStep) and fired.holds_struck  # removed after the enemy's reply
    for uid in choice:
        u = state.units[uid]
        if not pool.immediate and not held:
            hurt.setdefault(uid, u.damage)   # fires back this round as it was (firing_damage)
        u2 = _damaged(u)
        state.units[uid] = u2
        if u.damage == 0 and u2.damage < state.utype(u2).hits and state.utype(u2).has("grounded_when_damaged"):
            _launch_fighting_aircraft(state, b, u2)
        if u2.damage >= state.utype(u2).hits:
            lost.append(state.utype(u2).name)
            if pool.immediate:
                b = remove_casualty(state, b, uid)
            elif held:
                struck.append(uid)  # removed after the defender's first strike
            else:
                marked.append(uid)
        else:
            lost.append(f"{state.utype(u2).name} (damaged)")
    if lost:
        side_name = (state.scenario.player(b.attacker).name if pool.side == "attacker"
                     else defender_name(state, b))
        state.add_log(f"  {side_name} loses: {', '.join(lost)}")
    b = _replace(b, pools=b.pools[1:], marked=tuple(marked), struck=tuple(struck), hurt=tuple(hurt.items()))
    b = _drop_empty_pools(state, b)
    if b.pools:
        state.zone.battle = _replace(b, awaiting="casualties")
        return
    if pool.immediate and not b.raid and not _both_sides_alive(state, b):
        b = _replace(b, step=step_index("remove"))  # a side is gone: end the round
    state.zone.battle = _replace(b, awaiting="roll")
    settle(state)


def _damaged(u: Unit) -> Unit:
    return unit_replace(u, damage=u.damage + 1)


def _launch_fighting_aircraft(state: GameState, b: Battle, carrier: Unit) -> None:
    """A carrier with grounded_when_damaged is damaged in a battle: the aircraft from it
    that fight in this battle are in the air and must land elsewhere later; aircraft
    aboard as cargo (an allied power's, on the attacker's carrier) are trapped aboard."""
    for c in state.cargo_of(carrier.uid):
        if c.owner == b.attacker or state.at_war(c.owner, b.attacker):
            state.units[c.uid] = replace(c, carried_by=None)


def can_submerge(state: GameState, u: Unit) -> str:
    """Why this unit cannot submerge now ("" if it can): seed 001, Submersible."""
    b = state.zone.battle
    ut = state.utype(u)
    sub = ut.ability("submersible")
    if b is None or sub is None:
        return f"{ut.name} cannot submerge."
    if b.awaiting not in ("roll", "continue"):
        return "Submarines submerge only when they could otherwise roll."
    side = "attacker" if u.owner == b.attacker else "defender"
    if u.uid not in {x.uid for x in alive(state, side_units(state, b, side))}:
        return f"{ut.name} is not in this battle."
    enemy = alive(state, side_units(state, b, "defender" if side == "attacker" else "attacker"))
    kinds = set(state.ruleset.expand_all(sub.unless_enemy_has))
    if any(e.type in kinds for e in enemy):
        names = ", ".join(sorted({state.utype(e).name for e in enemy if e.type in kinds}))
        return f"{ut.name} cannot submerge: an enemy {names} is in the battle."
    return ""


def submerge(state: GameState, uids: tuple[int, ...]) -> None:
    """Submerge these submarines: they leave the battle and stay in the sea zone."""
    b = state.zone.battle
    if b is None:
        raise IllegalAction("There is no battle.")
    if not uids:
        raise IllegalAction("Choose submarines to submerge.")
    owners = set()
    for uid in uids:
        u = state.units.get(uid)
        if u is None:
            raise IllegalAction(f"No unit {uid}.")
        why = can_submerge(state, u)
        if why:
            raise IllegalAction(why)
        owners.add(u.owner)
    if len(owners) != 1:
        raise IllegalAction("Submerge one player's submarines at a time.")
    b = _replace(b, submerged=b.submerged + tuple(uids))
    who = state.scenario.player(owners.pop()).name
    state.add_log(f"  {who}: {len(uids)} submarine(s) submerge.")
    if not _both_sides_alive(state, b):
        state.zone.battle = _replace(b, step=step_index("remove"), awaiting="roll")
        settle(state)
        return
    state.zone.battle = b


def _marked_fire_back(state: GameState, b: Battle) -> bool:
    """Are attackers left for the defender's marked casualties (hit by the shore
    bombardment) to fire back at, though no defender is alive?"""
    return bool(b.marked) and bool(alive(state, attackers(state, b))) \
        and any(uid in state.units for uid in b.marked)


def _both_sides_alive(state: GameState, b: Battle) -> bool:
    return bool(alive(state, attackers(state, b))) and bool(alive(state, defenders(state, b)))


def start(state: GameState, space: str) -> None:
    """Open the battle in `space`; the first Roll fires its first step."""
    from dataclasses import replace
    player = state.player
    if state.zone.landings.get(space):
        scramble.lose_stranded(state, space)
    foes = sorted({u.owner for u in state.units_in(space)
                   if state.at_war(u.owner, player)})
    origins = tuple(sorted(state_origins(state).get(space, ())))
    bombard: list[int] = []
    for ship in bombarding_ships(state, space, player):
        bombard.append(ship.uid)
        state.units[ship.uid] = replace(ship, in_combat=True)
    drops = tuple(sorted(u.uid for u in state.units_in(space)
                         if u.owner == player and state.utype(u).has("interceptable")
                         and state.cargo_of(u.uid)))
    b = Battle(space=space, attacker=player, defenders=tuple(foes), origins=origins,
               bombard=tuple(bombard), drops=drops)
    if state.scenario.kamikaze is not None:
        from .. import kamikaze
        if kamikaze.targets(state, b):   # G40: kamikaze strikes come first
            b = replace(b, step=step_index("kamikaze"))
    att, dfn = attackers(state, b), defenders(state, b)
    if keeps_battle_start(state, att) or keeps_battle_start(state, dfn):
        b = replace(b, att_start=tuple(sorted({u.type for u in att})),
                    def_start=tuple(sorted({u.type for u in dfn})))
    state.zone.battle = scramble.begin(state, b)   # G40: a scramble comes before everything
    state.add_log(f"Battle in {state.scenario.spaces[space].name}.")


def state_origins(state: GameState) -> dict[str, tuple[str, ...]]:
    return state.zone.origins


def choose_interceptors(state: GameState, uids: tuple[int, ...] | None) -> None:
    """The defender's choice (`awaiting == "intercept"`): these fighters intercept (None:
    every one that may, the default); then the interception is rolled."""
    b = state.zone.battle
    assert b is not None
    if b.awaiting != "intercept":
        raise IllegalAction("There is nothing to intercept now.")
    allowed = interceptor_choices(state, b)
    chosen = tuple(allowed) if uids is None else tuple(sorted(set(uids)))
    bad = [uid for uid in chosen if uid not in allowed]
    if bad:
        u = state.units.get(bad[0])
        name = state.utype(u).name if u else f"unit {bad[0]}"
        raise IllegalAction(f"{name} cannot intercept here: only defending fighters based in "
                            f"{state.scenario.spaces[b.space].name} can.")
    if chosen:
        ids = defender_ids(state, b)
        # an ally's fighter based there intercepts too: named with its owner
        names = ", ".join(state.utype(u).name + ("" if u.owner in ids else f" ({state.scenario.player(u.owner).name})")
                          for u in (state.units[uid] for uid in chosen))
        why = "" if b.raid else " (they will not defend)"
        state.add_log(f"  {grammar.names_say(state.scenario, ids, 'intercepts')} with {names}{why}.")
    state.zone.battle = _replace(b, interceptors=chosen, awaiting="roll")
    advance(state)
