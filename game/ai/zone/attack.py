"""The standard zone player's combat move: supply drops, then for each reachable enemy
territory (victory cities first) the fewest units, walking or lifted by sea, that take it
at good odds and hold it, then sea attacks, airdrops and bombing raids."""
from __future__ import annotations

from game.rules.actions import Action, EndPhase, Move, apply
from game.rules.board import distances
from game.rules.errors import IllegalAction
from game.rules.model import AIR, LAND, SEA, GameState, Unit
from game.rules.zone import movement

from ..config import zone_config
from . import amphib, bombing
from .evaluate import (
    after,
    ahead,
    contributes,
    cost,
    enemy_moves_again,
    final_round,
    is_capital,
    odds3,
    only_legal,
    rounds_left,
    still_to_move,
    threat_to,
    worth,
)
from .garrison import garrison_needs
from .navy import naval_attacks


def _target_rank(state: GameState, s: str, player: str) -> float:
    return worth(state, s) + sum(cost(state, e) for e in movement.enemies_in(state, s, player)) / 3


def _supply_drops(state: GameState) -> list[Action]:
    """Interwar supply (game/rules/zone/supply.py: out-of-supply land units fight at -1): at
    the start of the combat move, air transports drop supplies on the front-line
    territories whose cut-off units would fight (or be attacked) there, most first."""
    from game.rules.actions import SupplyDrop
    from game.rules.zone import supply
    if not supply.active(state):
        return []
    player = state.player
    sps = state.scenario.spaces
    out: list[Action] = []
    s = state
    for _ in range(8):
        best: tuple[float, int, str] | None = None
        for uid, dest in supply.drop_options(s):
            front = any(movement.is_hostile(s, a, player) for a in sps[dest].adjacent
                        if sps[a].kind == LAND) or threat_to(s, dest, player, hops=1) > 0
            if not front:
                continue
            val = sum(s.utype(u).attack + s.utype(u).defense + 0.5 for u in s.units.values()
                      if u.space == dest and u.carried_by is None and not s.at_war(u.owner, player)
                      and s.utype(u).domain == LAND and not s.utype(u).has("no_supply_penalty"))
            if val >= 4 and (best is None or (-val, uid, dest) < (-best[0], best[1], best[2])):
                best = (val, uid, dest)
        if best is None:
            break
        try:
            s = apply(s, SupplyDrop(best[1], best[2]))
        except IllegalAction:
            break
        out.append(SupplyDrop(best[1], best[2]))
    return out


def plan_combat_move(state: GameState, drops: bool = True, raids: bool = True) -> list[Action]:
    cfg = zone_config()
    if drops:
        supply = _supply_drops(state)
        if supply:
            return supply + plan_combat_move(after(state, supply), drops=False)
    player = state.player
    sc = state.scenario
    last_chance = not enemy_moves_again(state, player)
    # ahead on victory cities: attack only what can be held; behind: trade units too
    trade = not ahead(state, player) and rounds_left(state) <= cfg.trade_rounds_left
    behind_at_end = final_round(state) and not ahead(state, player)
    units = [u for u in state.units.values()
             if u.owner == player and u.carried_by is None and not u.in_combat
             and state.utype(u).domain in (LAND, AIR) and state.utype(u).attack > 0
             and movement.moves_left(state, u) > 0]
    reach = {u.uid: movement.reachable(state, [u]) for u in units}
    needs = garrison_needs(state, player)
    kept: dict[str, float] = {s: 0.0 for s in needs}
    kept_units: dict[str, list[Unit]] = {s: [] for s in needs}
    free: list[Unit] = []
    # keep the defenders that attack worst (infantry before armour)
    for u in sorted(units, key=lambda x: (state.utype(x).attack - state.utype(x).defense,
                                          cost(state, x), x.uid)):
        if u.space in needs and state.utype(u).domain == LAND and kept[u.space] < needs[u.space]:
            kept[u.space] += state.utype(u).defense + 0.5
            kept_units[u.space].append(u)
            continue
        free.append(u)
    dist = distances(sc)
    movers = still_to_move(state, player)

    def released(target: str) -> list[Unit]:
        """Garrison units an attack on `target` frees: destroying the enemy there removes
        its share of the threat to the garrisoned spaces it could have reached."""
        out: list[Unit] = []
        foes = [e for e in movement.enemies_in(state, target, player)
                if state.utype(e).attack > 0 and state.utype(e).domain != SEA
                and (movers is None or e.owner in movers)]
        for space, keepers in kept_units.items():
            if not keepers or not needs.get(space):
                continue
            ratio = needs[space] / max(1e-9, threat_to(state, space, player, hops=1,
                                                       air=final_round(state)))
            d = dist[target].get(space, 99)
            drop = sum(state.utype(e).attack + 0.5 for e in foes
                       if d <= (state.utype(e).move if movers is not None else 1)) * ratio
            for u in reversed(keepers):
                g = state.utype(u).defense + 0.5
                if drop < g:
                    break
                if u.uid not in used and target in reach[u.uid]:
                    out.append(u)
                    drop -= g
        return out
    stacks = amphib.transport_stacks(state, player, set())
    by_sea = amphib.reachable_targets(state, player, stacks) if stacks else set()
    contested = _contested_zones(state, player, stacks)
    by_sea |= {a for z in contested for a in sc.spaces[z].adjacent if sc.spaces[a].kind == LAND}
    targets = sorted(
        (s for s, sp in sc.spaces.items() if sp.kind == LAND and movement.is_hostile(state, s, player)
         and (not last_chance or sp.victory_city)
         and (s in by_sea or any(s in reach[u.uid] for u in units))),
        key=lambda s: (-_target_rank(state, s, player), s))
    free_ids = {u.uid for u in free}
    used: set[int] = set()
    used_transports: set[int] = set()
    moves: list[Action] = []
    lift_blocks: list[tuple[str, list[Action]]] = []
    for target in targets:
        enemy = movement.enemies_in(state, target, player)
        cands = [u for u in free if u.uid not in used and target in reach[u.uid]]
        cands += released(target) if enemy else []
        if enemy:  # only units the rules let hurt someone there (no torpedo bombers on land)
            cands = [u for u in cands if contributes(state, u, enemy)]
        land = sorted((u for u in cands if state.utype(u).domain == LAND),
                      key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        air = sorted((u for u in cands if state.utype(u).domain == AIR),
                     key=lambda u: (-state.utype(u).attack, cost(state, u), u.uid))
        lifts: list[amphib.Lift] = []
        open_stacks: dict[str, list[Unit]] = {}
        if stacks:
            open_stacks = {z: st for z, st in stacks.items()
                           if not any(t.uid in used_transports for t in st)}
            taken: set[int] = set()
            walkers = {u.uid for u in land}
            for lf in amphib.lifts_to(state, player, target, open_stacks,
                                      free_ids - used - walkers, movement.COMBAT):
                lf.pickups = [u for u in lf.pickups if u.uid not in taken]
                if lf.units:
                    taken.update(u.uid for u in lf.units)
                    lifts.append(lf)
        escort: list[Action] = []
        if stacks and not lifts:   # none through clear zones: through one enemy ships hold?
            lifts, escort = _escorted_lifts(
                state, player, target, open_stacks, free_ids - used - {u.uid for u in land},
                contested, used, [u for u in free if state.utype(u).domain == AIR], reach)
            escorts = {uid for m in escort if isinstance(m, Move) for uid in m.units}
            air = [u for u in air if u.uid not in escorts]
        if not land and not lifts:
            continue
        # blocks of units that go together: a walker, a lift's whole cargo, an aircraft
        blocks: list[tuple[list[Unit], amphib.Lift | None]] = [([u], None) for u in land]
        blocks += [(lf.units, lf) for lf in lifts]
        blocks += [([u], None) for u in air]
        # what the enemy could bring against the territory next turn, once it is ours
        counter = 0.0 if last_chance else threat_to(state, target, player, hops=1, air=False) - sum(
            state.utype(e).attack + 0.5 for e in enemy if state.utype(e).domain == LAND)
        important = (sc.spaces[target].victory_city or is_capital(state, target)) and trade
        # the last round, behind on cities: the units are worth nothing after the turn
        # limit, a victory city taken back may decide the game
        all_in = last_chance or (behind_at_end and sc.spaces[target].victory_city)
        target_p = 0.97 if all_in else cfg.win_target
        minimum = cfg.last_chance_minimum if all_in else cfg.win_minimum
        chosen_blocks: list[tuple[list[Unit], amphib.Lift | None]] = []
        if not enemy:
            first = min(blocks[:len(land)] or blocks[len(land):len(land) + len(lifts)][-1:],
                        key=lambda b: (sum(cost(state, u) for u in b[0]), b[0][0].uid))
            chosen_blocks = [first]
            dfn = sum(state.utype(u).defense + 0.5 for u in first[0])
            if counter > 2 * dfn and not important:
                continue
        else:
            chosen: list[Unit] = []
            p, held, swing = 0.0, 0.0, 0.0
            good = False
            for i, blk in enumerate(blocks):
                chosen_blocks.append(blk)
                chosen += blk[0]
                if len(chosen_blocks) % 2 == 0 or blk[1] is not None or i == len(blocks) - 1 \
                        or blocks[i + 1][1] is not None:
                    p, held, swing = odds3(state, chosen, enemy, LAND)
                    good = p >= target_p and (held >= cfg.hold_ratio * counter or important
                                              or (trade and swing > 0))
                    if good:
                        break
            if p < minimum or (held < cfg.hold_ratio * counter and not important
                               and not (trade and swing > 0) and not last_chance):
                continue
        walk = [u for b, lf in chosen_blocks if lf is None for u in b]
        for u in walk:
            used.add(u.uid)
        for _b, blk_lift in chosen_blocks:
            if blk_lift is not None:
                used.update(u.uid for u in blk_lift.units)
                used_transports.update(blk_lift.transports)
                if escort:   # the warships enter first: the rules then let the cargo unload
                    used.update(uid for m in escort if isinstance(m, Move) for uid in m.units)
                    lift_blocks.append((target, escort))
                    escort = []
                lift_blocks.append((target, amphib.lift_moves(state, blk_lift)))
        by_start: dict[tuple[str, str, tuple[str, ...]], list[int]] = {}
        for u in walk:
            path = reach[u.uid][target]
            by_start.setdefault((u.space, u.type, path), []).append(u.uid)
        for (_s, _t, path), uids in sorted(by_start.items()):
            moves.append(Move(tuple(uids), path))
    # the sea lifts first (their cargo must not have moved); a target's lifts all or
    # nothing, and with them the rest of its attack (seed 14: two fighters attacked
    # Albania alone when the rules refused the landing planned beside them)
    lifted: list[Action] = []
    failed: set[str] = set()
    s2 = state
    for target in dict.fromkeys(t for t, _b in lift_blocks):
        block = [a for t, b in lift_blocks if t == target for a in b]
        try:
            s3 = s2
            for a in block:
                s3 = apply(s3, a)
        except IllegalAction:
            failed.add(target)
            continue
        s2 = s3
        lifted += block
    moves = lifted + [m for m in moves if not (isinstance(m, Move) and m.path[-1] in failed)]
    if not last_chance:  # sea battles take no victory city
        moves += naval_attacks(state, player, used, [u for u in free if state.utype(u).domain == AIR],
                               reach)
    moves += _airdrops(state, free, used, moves, last_chance)
    moves = only_legal(state, moves)
    if raids:   # the bombers the attacks left over raid where it pays (bombing.py)
        moves += bombing.raid_moves(after(state, moves))
    return moves + [EndPhase()]


def _contested_zones(state: GameState, player: str, stacks: dict[str, list[Unit]]) -> set[str]:
    """Sea zones enemy ships hold, bordering hostile land, that a transport stack could
    sail into this turn (through clear zones up to the last step)."""
    sps = state.scenario.spaces
    out: set[str] = set()
    for start, stack in stacks.items():
        if movement.blocking_ships(state, start, player, stack):
            continue
        mp = min(movement.moves_left(state, t) for t in stack)
        for z, path in amphib.sea_paths(state, start, mp, player, stack).items():
            if len(path) >= mp:
                continue
            out.update(n for n in sps[z].adjacent if sps[n].kind == SEA
                       and movement.blocking_ships(state, n, player, stack)
                       and any(movement.is_hostile(state, a, player) for a in sps[n].adjacent
                               if sps[a].kind == LAND))
    return out


def _escorted_lifts(state: GameState, player: str, target: str, stacks: dict[str, list[Unit]],
                    free: set[int], contested: set[str], used: set[int], air: list[Unit],
                    reach: dict[int, dict[str, tuple[str, ...]]]
                    ) -> tuple[list[amphib.Lift], list[Action]]:
    """Lifts to `target` through a zone enemy ships hold, with the escort that clears it
    at good odds (the sea battle is fought before the landing, which goes ahead if it is
    won: G40 rulebook, "Amphibious Assaults"; game/rules/zone/landings.py)."""
    from .navy import landing_escort
    for zone in sorted(contested & set(state.scenario.spaces[target].adjacent)):
        moves = landing_escort(state, player, zone, used, air, reach)
        if moves is None:
            continue
        escorts = {uid for m in moves for uid in m.units}
        lifts: list[amphib.Lift] = []
        taken: set[int] = set()
        for lf in amphib.lifts_to(state, player, target, stacks, free - escorts,
                                  movement.COMBAT, through=zone):
            lf.pickups = [u for u in lf.pickups if u.uid not in taken]
            if lf.units:
                taken.update(u.uid for u in lf.units)
                lifts.append(lf)
        if lifts:
            return lifts, list(moves)
    return [], []


def _airdrops(state: GameState, free: list[Unit], used: set[int], moves: list[Action],
              last_chance: bool) -> list[Action]:
    """Paratroopers (self_airlift) not walking into a battle: drop on a planned attack
    they can reach, else on an undefended enemy territory the enemy cannot retake."""
    from game.rules.actions import Airdrop
    from game.rules.zone import airdrop
    planned = [m.path[-1] for m in moves if isinstance(m, Move) and m.path]
    out: list[Action] = []
    player = state.player
    for u in sorted(free, key=lambda x: x.uid):
        if u.uid in used or not state.utype(u).has("self_airlift") or u.moved:
            continue
        dests = airdrop.targets(state, [u])
        if not dests:
            continue
        join = [d for d in planned if d in dests]
        empty = [d for d in dests if state.scenario.spaces[d].kind == LAND
                 and not movement.enemies_in(state, d, player)
                 and movement.is_hostile(state, d, player)
                 and (last_chance or threat_to(state, d, player, hops=1, air=False)
                      <= state.utype(u).defense + 0.5)]
        pick = (min(join, key=lambda d: (-worth(state, d), d)) if join
                else min(empty, key=lambda d: (-worth(state, d), d)) if empty else None)
        if pick is not None:
            used.add(u.uid)
            out.append(Airdrop((u.uid,), pick))
    out += _transport_drops(state, used, planned, last_chance)
    return out


def _transport_drops(state: GameState, used: set[int], planned: list[str],
                     last_chance: bool) -> list[Action]:
    """Air transports with troops (seed 000): drop onto a planned attack, or onto an
    undefended enemy territory the enemy cannot retake, when most transports survive
    the interception (airdrop.options gives the survival chance)."""
    from game.rules.zone import airdrop
    out: list[Action] = []
    player = state.player
    for opt in airdrop.options(state, self_airlift=False):
        if opt.mission != airdrop.AIRDROP or opt.survival < 0.55:
            continue
        if any(uid in used for uid in opt.transports + opt.cargo):
            continue
        to = opt.to
        empty = (not movement.enemies_in(state, to, player) and movement.is_hostile(state, to, player)
                 and (last_chance or threat_to(state, to, player, hops=1, air=False) <= 2.5))
        if to not in planned and not empty:
            continue
        act = opt.action()
        used.update(act.units)
        out.append(act)
    return out
