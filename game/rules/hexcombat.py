"""Hex combat: who may attack what, resolving an attack on the CRT, required
losses (11.O), retreats and advance after combat.

Conventional rules (docs/interpretations.md#europa-seed-003): each unit attacks
once and each hex is attacked once per combat phase; all attackers must be next
to the defender's hex and able to cross the hexside. Losses are counted in
strength points: "half" = at least half the side's (modified) strength,
"exchange" = the attacker loses at least the defender's lost strength. Losses are
chosen automatically: units that used a special ability first (11.O), then the
weakest. Retreats are automatic, one hex, to the safest hex (not enemy-occupied,
not in an enemy ZOC unless friends are there, within stacking); a unit that
cannot retreat is eliminated.
"""
from __future__ import annotations

from dataclasses import replace

from . import dice, grammar, hexmove
from .crt import CombatPreview, attack_strength, defense_strength, preview
from .errors import IllegalAction
from .hexmodel import CombatRecord, HexTurn
from .model import GameState, Unit


def turn(state: GameState) -> HexTurn:
    return state.hexturn or HexTurn()


def can_attack_across(state: GameState, u: Unit, target: str) -> bool:
    if target not in state.scenario.spaces[u.space].adjacent:
        return False
    return hexmove.enter_cost(state, u, u.space, target) is not None


def attack_block(state: GameState, target: str, attackers: list[Unit]) -> str:
    """Why these units may not attack `target` now ("" if they may)."""
    if state.phase != "combat":
        return "Attacks are made in the combat phase."
    if not attackers:
        return "Select the units that attack."
    if target not in state.scenario.spaces:
        return f"Unknown hex {target}."
    ht = turn(state)
    if ht.advance is not None:
        return "First advance after the last combat, or decline the advance."
    if target in ht.attacked:
        return "That hex has already been attacked this phase."
    player = state.player
    if not hexmove.enemies_at(state, target, player):
        return "There are no enemy units in that hex."
    for u in attackers:
        ut = state.utype(u)
        if u.owner != player:
            return f"That {ut.name} is not yours."
        if u.uid in ht.used:
            return f"{ut.name} has already attacked this phase."
        if u.uid in ht.disrupted:
            return f"{ut.name} was disrupted by its air drop and cannot attack this turn."
        if ut.attack <= 0:
            return f"{ut.name} has no attack strength."
        if not can_attack_across(state, u, target):
            return f"{ut.name} is not next to that hex or cannot attack across that hexside."
    return ""


def attackers_for(state: GameState, target: str, player: str | None = None) -> list[Unit]:
    player = player or state.player
    ht = turn(state)
    out = []
    for n in hexmove.neighbours(state, target):
        for u in hexmove.friends_at(state, n, player):
            if u.owner == player and u.uid not in ht.used and u.uid not in ht.disrupted \
                    and state.utype(u).attack > 0 \
                    and can_attack_across(state, u, target):
                out.append(u)
    return sorted(out, key=lambda u: u.uid)


def attack_targets(state: GameState, player: str | None = None) -> list[str]:
    player = player or state.player
    if state.phase != "combat":
        return []
    ht = turn(state)
    hexes = sorted({u.space for u in state.units.values() if state.at_war(u.owner, player)})
    return [h for h in hexes if h not in ht.attacked and attackers_for(state, h, player)]


# --- losses and retreats ---------------------------------------------------------------


def _steps(state: GameState, u: Unit, value: float, role: str) -> list[float]:
    """The strength each loss step of u takes away: a unit with a cadre side (hits 2,
    `damaged` values) first drops to its cadre, then is eliminated."""
    ut = state.utype(u)
    if u.damage == 0 and ut.hits >= 2 and ut.damaged:
        full = float(ut.value(role, 0)) or 1.0
        cadre = float(ut.value(role, 1))
        ratio = value / full            # the same modifiers (halved, doubled) apply to the cadre
        return [value - cadre * ratio, cadre * ratio]
    return [value]


def _pick_losses(state: GameState, units: list[Unit], values: dict[int, float], need: float,
                 first: tuple[int, ...], role: str) -> list[int]:
    """Loss steps (uids, a uid listed twice = reduced then eliminated) whose strength reaches
    `need`: units in `first` (required losses) lead, then the cheapest steps; a unit's cadre
    step comes before its elimination."""
    lost: list[int] = []
    got = 0.0
    pending = {u.uid: _steps(state, u, values[u.uid], role) for u in units}
    while got < need - 1e-9:
        options = [(uid not in first, steps[0], uid) for uid, steps in pending.items() if steps]
        if not options:
            break
        _, pts, uid = min(options)
        lost.append(uid)
        got += pts
        pending[uid] = pending[uid][1:]
    return lost


def retreat_hex(state: GameState, u: Unit, away_from: str, moving: list[Unit],
                avoid: frozenset[str] = frozenset()) -> str | None:
    """The next hex `u` retreats to (one hex), or None: cannot retreat. `avoid`: hexes
    it may not re-enter (where the retreat began and hexes already crossed)."""
    player = u.owner
    zoc = hexmove.zoc_hexes(state, player)
    best: tuple[tuple[int, int, int, str], str] | None = None
    src = u.space
    for n in hexmove.neighbours(state, src):
        if n == away_from or n in avoid or hexmove.is_water(state, n) or hexmove.enemies_at(state, n, player):
            continue
        if hexmove.enter_cost(state, u, src, n) is None:
            continue
        friends = hexmove.friends_at(state, n, player)
        if n in zoc and not friends:
            continue
        if hexmove.stack_re(state, n, player, extra=moving) > hexmove.stacking_limit(state, n) + 1e-9:
            continue
        key = (-len(friends), -_dist_from_enemies(state, n, player), 0, n)
        if best is None or key < best[0]:
            best = (key, n)
    return best[1] if best else None


def _dist_from_enemies(state: GameState, hid: str, player: str) -> int:
    from . import hexgrid
    h = hexgrid.parse_hex_id(hid)
    ds = [hexgrid.distance(h, hexgrid.parse_hex_id(e.space)) for e in state.units.values()
          if state.at_war(e.owner, player)]
    return min(ds) if ds else 99


def _retreat(state: GameState, units: list[Unit], away_from: str, record: dict[str, list],
             hexes: int = 1) -> None:
    """Retreat a hex's units together `hexes` hexes, never back into a hex already left;
    political police (15.R) handled by the caller, position AA (15.C.2.b) eliminated."""
    units = [state.units[u.uid] for u in units if u.uid in state.units]
    if not units:
        return
    moving = [u for u in units if not state.utype(u).has("eliminated_if_retreat")]
    for u in units:
        if state.utype(u).has("eliminated_if_retreat"):
            _eliminate(state, u, "cannot retreat (position AA, 15.C.2.b)", record)
    if not moving:
        return
    visited = {moving[0].space}
    dest: str | None = moving[0].space
    for _ in range(max(1, hexes)):
        lead = state.units[moving[0].uid]
        step = retreat_hex(state, lead, away_from, moving, frozenset(visited))
        if step is None:
            dest = None
            break
        for u in moving:
            state.units[u.uid] = replace(state.units[u.uid], space=step)
        moving = [state.units[u.uid] for u in moving]
        visited.add(step)
        dest = step
    for u in moving:
        if dest is None:
            _eliminate(state, u, "has no retreat route", record)
        else:
            record["retreated"].append((u.uid, dest))
    if dest is not None:
        state.add_log(f"  {len(moving)} unit(s) retreat to {state.scenario.spaces[dest].name}.")


def _eliminate(state: GameState, u: Unit, why: str, record: dict[str, list]) -> None:
    if u.uid not in state.units:
        return
    del state.units[u.uid]
    record["lost"].append(u.uid)
    state.add_log(f"  {state.scenario.player(u.owner).name} {state.utype(u).name} eliminated ({why}).")


def _lose(state: GameState, units: list[Unit], lost: list[int], why: str, record: dict[str, list],
          away_from: str) -> None:
    """Take the loss steps `lost` (a uid once: reduced to cadre if it has one, else
    eliminated; twice: eliminated); supply units (15.W) retreat instead while they have a
    route."""
    counts: dict[int, int] = {}
    for uid in lost:
        counts[uid] = counts.get(uid, 0) + 1
    for uid, n in counts.items():
        u = state.units.get(uid)
        if u is None:
            continue
        ut = state.utype(u)
        if u.damage + n < ut.hits and ut.damaged:
            state.units[uid] = replace(u, damage=u.damage + n)
            record["reduced"].append(uid)
            state.add_log(f"  {state.scenario.player(u.owner).name} {ut.name} reduced to its cadre ({why}).")
            continue
        if state.utype(u).has("eliminated_only_if_trapped"):
            dest = retreat_hex(state, u, away_from, [u])
            if dest is not None:
                state.units[uid] = replace(u, space=dest)
                record["retreated"].append((uid, dest))
                continue
        _eliminate(state, u, why, record)


def _steps_value(state: GameState, units: list[Unit], values: dict[int, float], lost: list[int],
                 role: str) -> float:
    """Strength the loss steps `lost` took away."""
    total = 0.0
    for u in units:
        n = lost.count(u.uid)
        total += sum(_steps(state, u, values[u.uid], role)[:n])
    return total


# --- resolution --------------------------------------------------------------------------


def resolve(state: GameState, target: str, uids: tuple[int, ...]) -> CombatRecord:
    """The Attack action (state is a copy): roll, look up, apply the result."""
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    for uid in uids:
        if uid not in state.units:
            raise IllegalAction(f"No unit {uid}.")
    pv = preview(state, target, uids)
    if pv.legal:
        raise IllegalAction(pv.legal)
    crt = hexmove.rules(state).crt
    roll = dice.roll(state, 1)[0]
    code = crt.table[roll][pv.column]
    return apply_result(state, pv, roll, code)


def apply_result(state: GameState, pv: CombatPreview, roll: int, code: str) -> CombatRecord:
    crt = hexmove.rules(state).crt
    res = crt.results[code]
    target = pv.target
    attackers = [state.units[i] for i in pv.attackers]
    defenders = [state.units[i] for i in pv.defenders]
    player = state.player
    shifts = " ".join(f"{s.columns:+d} {s.reason};" for s in pv.shifts if s.columns)
    state.add_log(f"{grammar.player_says(state.scenario, player, 'attacks')} {state.scenario.spaces[target].name}: "
                  f"{pv.attack:g} vs {pv.defense:g} = {pv.odds}{' ' + shifts if shifts else ''} "
                  f"column {pv.column_label}, roll {roll}: {code} ({res.name}).")
    record: dict[str, list] = {"lost": [], "retreated": [], "reduced": []}
    # 15.R political police: units stacked with it ignore retreats except from DE;
    # defending, DR becomes an exchange
    police_def = any(state.utype(u).has("political_police") for u in defenders)
    police_att = any(state.utype(u).has("political_police") for u in attackers)
    defender_loss, attacker_loss = res.defender_loss, res.attacker_loss
    defender_retreat, attacker_retreat = res.defender_retreat, res.attacker_retreat
    if police_def and code == "DR":
        defender_loss, attacker_loss, defender_retreat = "all", "exchange", 0
        state.add_log("  Political police in the hex: the retreat becomes an exchange (15.R).")
    if police_def and defender_loss != "all":
        defender_retreat = 0
    if police_att:
        attacker_retreat = 0
    dvals = {u.uid: defense_strength(state, u) for u in defenders}
    avals = {u.uid: attack_strength(state, u, target) for u in attackers}
    lost_def_strength = 0.0
    if defender_loss == "all":
        lost = [u.uid for u in defenders for _ in range(state.utype(u).hits - u.damage)]
        lost_def_strength = sum(dvals.values())
        _lose(state, defenders, lost, code, record, target)
    elif defender_loss == "half":
        need = sum(dvals.values()) / 2
        lost = _pick_losses(state, defenders, dvals, need, (), "defense")
        lost_def_strength = _steps_value(state, defenders, dvals, lost, "defense")
        _lose(state, defenders, lost, code, record, target)
    if attacker_loss:
        total = sum(avals.values())
        need = {"all": total, "half": total / 2, "exchange": lost_def_strength}[attacker_loss]
        # 11.O required losses: engineers that reduced a modifier first (15.J.2.c), then
        # any unit whose special ability was used, if it has the RL marking
        first = tuple(pv.engineers) + tuple(
            i for i in pv.used if state.utype(state.units[i]).has("required_losses") and i not in pv.engineers)
        lost = [u.uid for u in attackers for _ in range(state.utype(u).hits - u.damage)] \
            if attacker_loss == "all" else \
            _pick_losses(state, attackers, avals, need, first, "attack")
        if attacker_loss == "exchange" and need <= 0:
            lost = []
        _lose(state, attackers, lost, code, record, target)
    if defender_retreat:
        left = [u for u in defenders if u.uid in state.units]
        _retreat(state, left, "", record, defender_retreat)
    if attacker_retreat:
        by_hex: dict[str, list[Unit]] = {}
        for u in attackers:
            if u.uid in state.units:
                by_hex.setdefault(state.units[u.uid].space, []).append(state.units[u.uid])
        for units in by_hex.values():
            _retreat(state, units, target, record, attacker_retreat)
    ht = turn(state)
    survivors = tuple(u.uid for u in attackers if u.uid in state.units
                      and state.units[u.uid].space != target
                      and (u.uid, state.units[u.uid].space) not in record["retreated"])
    vacated = not hexmove.enemies_at(state, target, player)
    advance = (target, survivors) if vacated and survivors and not attacker_retreat else None
    rec = CombatRecord(target=target, attacker=player, attack=pv.attack, defense=pv.defense,
                       odds=pv.odds, column=pv.column_label, shifts=pv.shifts, roll=roll, result=code,
                       lost=tuple(record["lost"]), retreated=tuple(record["retreated"]),
                       reduced=tuple(u for u in record["reduced"] if u in state.units))
    state.hexturn = replace(ht, attacked=ht.attacked + (target,),
                            used=ht.used + tuple(pv.attackers), advance=advance, last=rec)
    return rec


def advance(state: GameState, uids: tuple[int, ...], to: str) -> None:
    """Advance after combat into the vacated hex (no MP cost, ZOC ignored); `uids`
    empty declines the advance."""
    ht = turn(state)
    if ht.advance is None:
        raise IllegalAction("There is no advance after combat to make now.")
    hexid, allowed = ht.advance
    if uids and to != hexid:
        raise IllegalAction(f"Units may advance only into {state.scenario.spaces[hexid].name}.")
    for uid in uids:
        if uid not in allowed or uid not in state.units:
            raise IllegalAction("Only units that took part in that attack may advance.")
    group = [state.units[i] for i in uids]
    if group:
        have = hexmove.stack_re(state, hexid, state.player, extra=group)
        if have > hexmove.stacking_limit(state, hexid) + 1e-9:
            raise IllegalAction(f"Stacking: {have:g} REs would exceed the limit in that hex.")
        for u in group:
            state.units[u.uid] = replace(u, space=hexid)
        hexmove.capture_hex(state, hexid, state.player)
        state.add_log(f"  {len(group)} unit(s) advance into {state.scenario.spaces[hexid].name}.")
    state.hexturn = replace(ht, advance=None)
