"""Hex combat: who may attack what, resolving an attack on the CRT, required
losses (11.O), retreats and advance after combat.

Conventional rules (docs/interpretations.md#europa-seed-003): each unit attacks
once and each hex is attacked once per combat phase; all attackers must be next
to the defender's hex and able to cross the hexside. Losses are counted in
strength points: "half" = at least half the side's (modified) strength,
"exchange" = the attacker loses at least the defender's lost strength. The owning
player chooses which units take the losses (HexLosses: `loss_choice`, `loss_block`,
`default_losses`; required losses 11.O first, no step more than needed) and where
each retreating unit goes (HexRetreat: `retreat_options`, `retreat_explain`,
`default_retreat`; not enemy-occupied, not into an enemy ZOC unless friends are
there, within stacking; a unit with no route is eliminated); the attacker chooses
who advances (Advance: `default_advance`, `advance_explain`). The defaults are the
rules' proposals, which the computer players send.
"""
from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from .. import dice, grammar
from ..errors import IllegalAction
from ..model import GameState, Unit
from . import move as hexmove
from .crt import CombatPreview, attack_strength, defense_strength, preview
from .model import CombatRecord, HexTurn, PendingCombat


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
    if ht.pending is not None:
        return waiting_text(state)
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
        why = hexmove.home_attack_block(state, u)
        if why:
            return why
    return ""


def waiting_text(state: GameState) -> str:
    """What the last combat still waits for, in a player's words ("" if nothing)."""
    p = turn(state).pending
    if p is None:
        return ""
    who = state.scenario.player(p.chooser).name
    what = {"defender_losses": "choose the defender's losses", "attacker_losses": "choose the attacker's losses",
            "defender_retreat": "retreat the defending units", "attacker_retreat": "retreat the attacking units"}
    return f"The last combat is not finished: {who} must first {what.get(p.stage, p.stage)}."


def attackers_for(state: GameState, target: str, player: str | None = None) -> list[Unit]:
    player = player or state.player
    ht = turn(state)
    out = []
    for n in hexmove.neighbours(state, target):
        for u in hexmove.friends_at(state, n, player):
            if u.owner == player and u.uid not in ht.used and u.uid not in ht.disrupted \
                    and state.utype(u).attack > 0 \
                    and can_attack_across(state, u, target) and not hexmove.home_attack_block(state, u):
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


def _retreat_steps(state: GameState, u: Unit, away_from: str, moving: list[Unit],
                   avoid: frozenset[str]) -> Iterator[tuple[str, int]]:
    """The hexes `u` may retreat into next (one hex), with the number of friendly units
    in each, in adjacency order."""
    player = u.owner
    zoc = hexmove.zoc_hexes(state, player)
    enemy = hexmove.occupied(state, player)[0]
    src = u.space
    for n in hexmove.neighbours(state, src):
        if n == away_from or n in avoid or n in enemy or hexmove.is_water(state, n):
            continue
        if hexmove.enter_cost(state, u, src, n) is None:
            continue
        friends = hexmove.friends_at(state, n, player)
        if n in zoc and not friends:
            continue
        if hexmove.stack_re(state, n, player, extra=moving) > hexmove.stacking_limit(state, n) + 1e-9:
            continue
        yield n, len(friends)


def retreat_hex(state: GameState, u: Unit, away_from: str, moving: list[Unit],
                avoid: frozenset[str] = frozenset()) -> str | None:
    """The next hex `u` retreats to (one hex), or None: cannot retreat. `avoid`: hexes
    it may not re-enter (where the retreat began and hexes already crossed)."""
    best: tuple[tuple[int, int, int, str], str] | None = None
    for n, friends in _retreat_steps(state, u, away_from, moving, avoid):
        key = (-friends, -_dist_from_enemies(state, n, u.owner), 0, n)
        if best is None or key < best[0]:
            best = (key, n)
    return best[1] if best else None


def can_retreat(state: GameState, u: Unit, away_from: str, moving: list[Unit]) -> bool:
    """Whether retreat_hex finds a hex (without ranking them)."""
    return next(_retreat_steps(state, u, away_from, moving, frozenset()), None) is not None


def _enemy_hexes(state: GameState, player: str) -> tuple[tuple[int, int], ...]:
    """Where `player`'s enemies are (each hex once), kept in the units' memo."""
    from . import grid as hexgrid
    return hexmove.units_memo(   # type: ignore[no-any-return]
        state, ("enemy_axials", player),
        lambda: tuple(hexgrid.parse_hex_id(h) for h in sorted(hexmove.occupied(state, player)[0])))


def _dist_from_enemies(state: GameState, hid: str, player: str) -> int:
    from . import grid as hexgrid
    h = hexgrid.parse_hex_id(hid)
    enemies = _enemy_hexes(state, player)
    return min(hexgrid.distance(h, e) for e in enemies) if enemies else 99


def _eliminate(state: GameState, u: Unit, why: str, record: dict[str, list]) -> None:
    if u.uid not in state.units:
        return
    del state.units[u.uid]
    record["lost"].append(u.uid)
    state.add_log(f"  {state.scenario.player(u.owner).name} {state.utype(u).name} eliminated ({why}).")


def _lose(state: GameState, units: list[Unit], lost: list[int], why: str, record: dict[str, list],
          away_from: str) -> list[int]:
    """Take the loss steps `lost` (a uid once: reduced to cadre if it has one, else
    eliminated; twice: eliminated). Supply units (15.W) are only eliminated if they have no
    retreat route: they are returned, to retreat in their side's retreat stage (its owner
    chooses where; `_trap` eliminates them when no hex is left)."""
    counts: dict[int, int] = {}
    escape: list[int] = []
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
            escape.append(uid)
            state.add_log(f"  {state.scenario.player(u.owner).name} {ut.name} must retreat instead of being "
                          "eliminated (15.W).")
            continue
        _eliminate(state, u, why, record)
    return escape


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
    """Log the result and apply it: the parts nobody chooses at once, then each choice in
    turn (`HexTurn.pending`: the defender's losses, the attacker's losses, the defender's
    retreat, the attacker's retreat); an advance after combat is offered at the end."""
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
    defender_loss, attacker_loss = res.defender_loss, res.attacker_loss
    defender_retreat, attacker_retreat = res.defender_retreat, res.attacker_retreat
    to_cadre, then_exchange = res.to_cadre, False
    # 15.R political police in the defending hex: a DR becomes an exchange; a partial loss
    # followed by a retreat takes the loss, then an exchange on the remainder
    is_dr = not defender_loss and not attacker_loss and not attacker_retreat
    if defender_retreat and (is_dr or defender_loss == "half") and \
            any(state.utype(u).has("political_police") for u in defenders):
        if is_dr:
            defender_loss, attacker_loss, to_cadre = "all", "exchange", True
            state.add_log("  Political police in the hex: the retreat becomes an exchange (15.R).")
        elif defender_loss == "half":
            attacker_loss, then_exchange = "exchange", True
            state.add_log("  Political police in the hex: after the half loss the rest take an exchange "
                          "instead of retreating (15.R).")
        defender_retreat = 0
    # units that started the combat phase stacked with political police ignore retreats,
    # from any result except DE (15.R), whoever attacks
    stay = ignore_retreats(state, attackers)
    if res.defender_loss != "all":
        stay += ignore_retreats(state, defenders)
    values = tuple((u.uid, defense_strength(state, u)) for u in defenders) + \
        tuple((u.uid, attack_strength(state, u, target, group=attackers)) for u in attackers)
    # 11.O required losses: engineers that reduced a modifier first (15.J.2.c), then any
    # unit whose special ability was used, if it has the RL marking; the defender's too
    required = tuple(pv.engineers) + tuple(
        i for i in pv.used + pv.defender_used
        if state.utype(state.units[i]).has("required_losses") and i not in pv.engineers)
    ht = turn(state)
    rec = CombatRecord(target=target, attacker=player, attack=pv.attack, defense=pv.defense,
                       odds=pv.odds, column=pv.column_label, shifts=pv.shifts, roll=roll, result=code)
    state.hexturn = replace(ht, attacked=ht.attacked + (target,), used=ht.used + tuple(pv.attackers),
                            advance=None, last=rec, pending=None)
    p = PendingCombat(stage="defender_losses", chooser=_defending_player(state, target, defenders),
                      target=target, code=code, attackers=pv.attackers, defenders=pv.defenders,
                      values=values, required=required, attacker_loss=attacker_loss,
                      defender_retreat=defender_retreat, attacker_retreat=attacker_retreat,
                      stay=stay, then_exchange=then_exchange)
    if defender_loss == "all":
        # every unit is lost; with `to_cadre` a unit with a cadre side keeps its cadre and
        # position AA is lost only if it must retreat (15.C.2.b and its example, 15.R Example 1)
        lost = [u.uid for u in defenders if not (to_cadre and state.utype(u).has("eliminated_if_retreat"))
                for _ in range(1 if to_cadre else state.utype(u).hits - u.damage)]
        p = _apply_losses(state, p, "defender", lost)
        p = replace(p, lost_def=_steps_value(state, defenders, dict(values), lost, "defense"),
                    stage="attacker_losses")
    elif defender_loss != "half":
        p = replace(p, stage="attacker_losses")
    _run(state, p)
    last = turn(state).last
    assert last is not None
    return last


def stacked_with_police(state: GameState) -> tuple[int, ...]:
    """Units in a hex with a political police unit of their side, the police included (15.R);
    recorded when the combat phase starts (`HexTurn.police`)."""
    hexes: dict[str, list[Unit]] = {}
    for u in state.units.values():
        hexes.setdefault(u.space, []).append(u)
    out: list[int] = []
    for units in hexes.values():
        sides = {state.alliance_of(u.owner) or u.owner for u in units if state.utype(u).has("political_police")}
        if sides:
            out.extend(u.uid for u in units if (state.alliance_of(u.owner) or u.owner) in sides)
    return tuple(sorted(out))


def ignore_retreats(state: GameState, units: list[Unit]) -> tuple[int, ...]:
    """Which of `units` ignore retreats: those that started this combat phase stacked with a
    political police unit (15.R), even if the police unit has been lost since (Example 2)."""
    police = turn(state).police
    if police is None:
        police = stacked_with_police(state)
    return tuple(u.uid for u in units if u.uid in police)


def _after_defender_losses(state: GameState, p: PendingCombat) -> PendingCombat:
    """15.R: after the half loss of a stack with political police, the defenders left take an
    exchange instead of retreating: each loses a step (a division keeps its cadre, which stays)
    and the attacker's exchange is counted on what they lost."""
    if not p.then_exchange:
        return p
    units = [u for u in _alive(state, p.defenders)
             if u.space == p.target and not state.utype(u).has("eliminated_if_retreat")]
    lost_def = sum(_steps(state, u, defense_strength(state, u), "defense")[0] for u in units)
    p = _apply_losses(state, p, "defender", [u.uid for u in units])
    return replace(p, lost_def=lost_def, then_exchange=False)


def _defending_player(state: GameState, target: str, defenders: list[Unit]) -> str:
    """Who chooses for the defending stack: the hex's owner if it defends, else the owner of
    the first defending unit."""
    owners = [u.owner for u in sorted(defenders, key=lambda u: u.uid)]
    owner = state.owners.get(target)
    if owner in owners:
        return owner
    return owners[0] if owners else state.player


STAGES = ("defender_losses", "attacker_losses", "defender_retreat", "attacker_retreat", "done")


def _alive(state: GameState, uids: tuple[int, ...]) -> list[Unit]:
    return [state.units[i] for i in uids if i in state.units]


def _run(state: GameState, p: PendingCombat) -> None:
    """Play the stages of a combat result from `p.stage` on until one needs a player's
    choice (it is left in `HexTurn.pending`) or all are done (the advance is offered)."""
    while p.stage != "done":
        nxt = STAGES[STAGES.index(p.stage) + 1]
        if p.stage == "defender_losses":
            units = _alive(state, p.defenders)
            if len(units) > 1 and _loss_need(state, p) > 1e-9:
                _wait(state, p)
                return
            if units:
                lost = default_losses(state, p)
                p = _apply_losses(state, p, "defender", lost)
                p = replace(p, lost_def=p.lost_def + _steps_value(state, units, dict(p.values), lost, "defense"))
            p = replace(_after_defender_losses(state, p), stage=nxt)
        elif p.stage == "attacker_losses":
            units = _alive(state, p.attackers)
            if p.attacker_loss and units:
                if p.attacker_loss == "all":
                    p = _apply_losses(state, p, "attacker",
                                      [u.uid for u in units for _ in range(state.utype(u).hits - u.damage)])
                elif _loss_need(state, p) > 1e-9:
                    total = sum(p.value(u.uid) for u in units)
                    if len(units) > 1 and total > _loss_need(state, p) + 1e-9:   # else: everything, no choice
                        _wait(state, replace(p, stage="attacker_losses", chooser=state.player))
                        return
                    p = _apply_losses(state, p, "attacker", default_losses(state, p))
            p = replace(p, stage=nxt)
            if _retreats(p, "defender"):
                p = _start_retreat(state, p, "defender")
        elif p.stage in ("defender_retreat", "attacker_retreat"):
            p = _trap(state, p)
            if p.retreating:
                _wait(state, p)
                return
            p = replace(p, stage=nxt)
            if nxt == "attacker_retreat" and _retreats(p, "attacker"):
                p = _start_retreat(state, p, "attacker")
    _finish(state, p)


def _wait(state: GameState, p: PendingCombat) -> None:
    state.hexturn = replace(turn(state), pending=p)


def _record(state: GameState, record: dict[str, list]) -> None:
    """Add what a stage did to the last combat's record."""
    ht = turn(state)
    last = ht.last
    if last is None:
        return
    last = replace(last, lost=last.lost + tuple(record.get("lost", ())),
                   retreated=last.retreated + tuple(record.get("retreated", ())),
                   reduced=tuple(u for u in last.reduced + tuple(record.get("reduced", ())) if u in state.units))
    state.hexturn = replace(ht, last=last)


def _apply_losses(state: GameState, p: PendingCombat, side: str, lost: list[int]) -> PendingCombat:
    """Take a side's losses; supply units among them (15.W) are noted to retreat instead."""
    units = _alive(state, p.defenders if side == "defender" else p.attackers)
    record: dict[str, list] = {"lost": [], "retreated": [], "reduced": []}
    escape = _lose(state, units, lost, p.code, record, p.target)
    _record(state, record)
    return replace(p, escape=p.escape + tuple(escape)) if escape else p


def _retreats(p: PendingCombat, side: str) -> bool:
    """Whether a side has a retreat stage: the result retreats it, or a supply unit of it
    was lost (15.W)."""
    own = p.defenders if side == "defender" else p.attackers
    n = p.defender_retreat if side == "defender" else p.attacker_retreat
    return bool(n) or any(i in own for i in p.escape)


def _start_retreat(state: GameState, p: PendingCombat, side: str) -> PendingCombat:
    """Enter a retreat stage: position AA is eliminated (15.C.2.b), the others must retreat."""
    units = _alive(state, p.defenders if side == "defender" else p.attackers)
    if side == "defender":
        units = [u for u in units if u.space == p.target]
    if not (p.defender_retreat if side == "defender" else p.attacker_retreat):
        units = [u for u in units if u.uid in p.escape]        # only the supply units lost (15.W)
    if any(u.uid in p.stay for u in units):
        state.add_log(f"  {sum(u.uid in p.stay for u in units)} unit(s) stacked with political police "
                      "ignore the retreat (15.R).")
        units = [u for u in units if u.uid not in p.stay]
    record: dict[str, list] = {"lost": [], "retreated": [], "reduced": []}
    moving = []
    for u in units:
        if state.utype(u).has("eliminated_if_retreat"):
            _eliminate(state, u, "cannot retreat (position AA, 15.C.2.b)", record)
        else:
            moving.append(u.uid)
    _record(state, record)
    chooser = p.chooser if side == "defender" else state.player
    if side == "defender":
        chooser = _defending_player(state, p.target, [state.units[i] for i in moving]) if moving else p.chooser
    return replace(p, stage=f"{side}_retreat", chooser=chooser, retreating=tuple(moving))


def _trap(state: GameState, p: PendingCombat) -> PendingCombat:
    """Units still to retreat of which none has a route are eliminated (no choice left)."""
    left = [u for u in _alive(state, p.retreating)]
    if not left:
        return replace(p, retreating=())
    zoc = hexmove.zoc_hexes(state, left[0].owner)
    if any(_retreat_options(state, p, (u.uid,), zoc) for u in left):
        return replace(p, retreating=tuple(u.uid for u in left))
    record: dict[str, list] = {"lost": [], "retreated": [], "reduced": []}
    for u in left:
        _eliminate(state, u, "has no retreat route", record)
    _record(state, record)
    return replace(p, retreating=())


def _finish(state: GameState, p: PendingCombat) -> None:
    ht = turn(state)
    player = state.player
    last = ht.last
    retreated = set(last.retreated) if last is not None else set()
    survivors = tuple(u.uid for u in _alive(state, p.attackers)
                      if u.space != p.target and (u.uid, u.space) not in retreated)
    vacated = not hexmove.enemies_at(state, p.target, player)
    advance = (p.target, survivors) if vacated and survivors and not p.attacker_retreat else None
    state.hexturn = replace(ht, advance=advance, pending=None)


# --- the choices: losses ----------------------------------------------------------------


def pending(state: GameState) -> PendingCombat | None:
    return state.hexturn.pending if state.hexturn is not None else None


def _loss_side(p: PendingCombat) -> tuple[tuple[int, ...], str]:
    return (p.defenders, "defense") if p.stage == "defender_losses" else (p.attackers, "attack")


def _loss_need(state: GameState, p: PendingCombat) -> float:
    """Strength the side choosing losses must lose: half its strength, or for an exchange
    the defense strength the defender lost."""
    uids, _role = _loss_side(p)
    total = sum(p.value(i) for i in uids)
    if p.stage == "defender_losses":
        return total / 2
    return {"all": total, "half": total / 2, "exchange": p.lost_def}.get(p.attacker_loss, 0.0)


@dataclass(frozen=True)
class LossChoice:
    """What the side taking losses chooses from (`loss_choice(state)`): `steps` per uid (the
    strength each loss step takes away: a unit with a cadre has two), `need` (strength to
    lose), `required` (11.O: lost before any other unit), `default` (the rules' proposal)."""
    side: str                                   # "defender" | "attacker"
    chooser: str
    code: str
    units: tuple[int, ...]
    steps: dict[int, tuple[float, ...]]
    need: float
    required: tuple[int, ...]
    default: tuple[int, ...]


def loss_choice(state: GameState) -> LossChoice | None:
    p = pending(state)
    if p is None or p.stage not in ("defender_losses", "attacker_losses"):
        return None
    uids, role = _loss_side(p)
    units = _alive(state, uids)
    steps = {u.uid: tuple(_steps(state, u, p.value(u.uid), role)) for u in units}
    return LossChoice(side=p.stage.split("_")[0], chooser=p.chooser, code=p.code,
                      units=tuple(u.uid for u in units), steps=steps, need=_loss_need(state, p),
                      required=tuple(i for i in p.required if i in steps),
                      default=tuple(default_losses(state, p)))


def _loss_ok(steps: dict[int, tuple[float, ...]], counts: dict[int, int], need: float,
             required: tuple[int, ...]) -> bool:
    """Enough strength (or every step when the side has less) and 11.O: no other unit's
    step before every step of the required losses."""
    total = sum(sum(v) for v in steps.values())
    got = sum(sum(steps[u][:n]) for u, n in counts.items())
    if got < min(need, total) - 1e-9:
        return False
    others = any(n for u, n in counts.items() if u not in required)
    return not others or all(counts.get(u, 0) >= len(steps[u]) for u in required)


def loss_block(state: GameState, lost: tuple[int, ...] | list[int]) -> str:
    """Why the loss steps `lost` (a uid once: one step; twice: cadre then eliminated) are not
    a legal choice now ("" if they are)."""
    ch = loss_choice(state)
    if ch is None:
        return "There are no losses to choose now."
    counts: dict[int, int] = {}
    for uid in lost:
        if not isinstance(uid, int) or isinstance(uid, bool):
            return f"Losses name units by number, not {uid!r}."
        if uid not in ch.steps:
            return f"Unit {uid} is not one of the units that take this loss."
        counts[uid] = counts.get(uid, 0) + 1
        if counts[uid] > len(ch.steps[uid]):
            return f"The {state.utype(state.units[uid]).name} has only {len(ch.steps[uid])} step(s) to lose."
    total = sum(sum(v) for v in ch.steps.values())
    got = sum(sum(ch.steps[u][:n]) for u, n in counts.items())
    if got < min(ch.need, total) - 1e-9:
        return f"Not enough losses: {got:g} of the {ch.need:g} strength points this result takes."
    if not _loss_ok(ch.steps, counts, ch.need, ch.required):
        names = ", ".join(state.utype(state.units[u]).name for u in ch.required
                          if counts.get(u, 0) < len(ch.steps[u]))
        return f"Required losses first (11.O, seed 003 section 15 RL): {names} used a special ability " \
               "in this attack and must be lost before other units."
    for u in counts:
        fewer = dict(counts)
        fewer[u] -= 1
        if _loss_ok(ch.steps, fewer, ch.need, ch.required):
            return f"More than the result takes: the {state.utype(state.units[u]).name}'s " \
                   f"{'last ' if counts[u] > 1 else ''}step is not needed ({got:g} lost, {ch.need:g} needed)."
    return ""


def default_losses(state: GameState, p: PendingCombat | None = None) -> list[int]:
    """The rules' proposal: required losses first (11.O), then the cheapest steps; then any
    step not needed is given back (the most expensive first)."""
    p = p or pending(state)
    if p is None:
        return []
    uids, role = _loss_side(p)
    units = _alive(state, uids)
    need = _loss_need(state, p)
    required = tuple(i for i in p.required if i in {u.uid for u in units})
    vals = dict(p.values)
    lost = _pick_losses(state, units, vals, need, required, role)
    steps = {u.uid: tuple(_steps(state, u, vals[u.uid], role)) for u in units}
    counts: dict[int, int] = {}
    for uid in lost:
        counts[uid] = counts.get(uid, 0) + 1
    changed = True
    while changed:
        changed = False
        for u in sorted(counts, key=lambda x: (-steps[x][counts[x] - 1], -x)):
            if counts[u] == 0:
                continue
            fewer = dict(counts)
            fewer[u] -= 1
            if _loss_ok(steps, fewer, need, required):
                counts = fewer
                changed = True
                break
    return [uid for uid in lost if _take(counts, uid)]


def _take(counts: dict[int, int], uid: int) -> bool:
    if counts.get(uid, 0) > 0:
        counts[uid] -= 1
        return True
    return False


def choose_losses(state: GameState, lost: tuple[int, ...]) -> None:
    """The HexLosses action: the side taking losses loses these steps."""
    why = loss_block(state, lost)
    if why:
        raise IllegalAction(why)
    p = pending(state)
    assert p is not None
    side = p.stage.split("_")[0]
    units = _alive(state, _loss_side(p)[0])
    vals = dict(p.values)
    p = _apply_losses(state, p, side, list(lost))
    if side == "defender":
        p = replace(p, lost_def=p.lost_def + _steps_value(state, units, vals, list(lost), "defense"))
        p = _after_defender_losses(state, p)
    p = replace(p, stage=STAGES[STAGES.index(p.stage) + 1])
    if p.stage == "attacker_losses":
        p = replace(p, chooser=state.player)
    elif p.stage == "defender_retreat":
        p = _start_retreat(state, p, "defender") if _retreats(p, "defender") else p
    state.hexturn = replace(turn(state), pending=None)
    _run(state, p)


# --- the choices: retreats ----------------------------------------------------------------


def _retreat_length(p: PendingCombat) -> int:
    return max(1, p.defender_retreat if p.stage == "defender_retreat" else p.attacker_retreat)


def _away(p: PendingCombat) -> str:
    return "" if p.stage == "defender_retreat" else p.target


def _step_block(state: GameState, units: list[Unit], src: str, n: str, away_from: str,
                visited: set[str], zoc: AbstractSet[str], last: bool) -> str:
    sp = state.scenario.spaces
    name = sp[n].name if n in sp else n
    if n == away_from:
        return "Retreating units never move into the hex they attacked."
    if n in visited:
        return "A retreat never re-enters a hex it has left."
    if hexmove.is_water(state, n):
        return f"{name} is sea."
    owner = units[0].owner
    if hexmove.enemies_at(state, n, owner):
        return f"{name} holds enemy units."
    for u in units:
        if hexmove.enter_cost(state, u, src, n) is None:
            return f"The {state.utype(u).name} cannot enter {name} from there."
    friends = [f for f in hexmove.friends_at(state, n, owner) if f.uid not in {u.uid for u in units}]
    if n in zoc and not friends:
        return f"{name} is in an enemy zone of control with no friendly units in it."
    if last and hexmove.stack_re(state, n, owner, extra=units) > hexmove.stacking_limit(state, n) + 1e-9:
        return f"Stacking: {name} has no room for {'these units' if len(units) > 1 else 'this unit'}."
    return ""


def retreat_options(state: GameState, uids: tuple[int, ...] | list[int]) -> dict[str, tuple[str, ...]]:
    """Where these units (still to retreat, in one hex) may retreat together: destination hex
    -> path (the hexes after their own, as long as the result says)."""
    return _retreat_options(state, pending(state), uids)


def _retreat_options(state: GameState, p: PendingCombat | None, uids: tuple[int, ...] | list[int],
                     zoc: AbstractSet[str] | None = None) -> dict[str, tuple[str, ...]]:
    if p is None or p.stage not in ("defender_retreat", "attacker_retreat"):
        return {}
    units = [state.units[i] for i in uids if i in state.units and i in p.retreating]
    if not units or len(units) != len(uids) or len({u.space for u in units}) != 1:
        return {}
    if zoc is None:
        zoc = hexmove.zoc_hexes(state, units[0].owner)
    length = _retreat_length(p)
    out: dict[str, tuple[str, ...]] = {}

    def walk(src: str, path: tuple[str, ...], visited: set[str]) -> None:
        last = len(path) + 1 == length
        for n in hexmove.neighbours(state, src):
            if _step_block(state, units, src, n, _away(p), visited, zoc, last):
                continue
            if last:
                out.setdefault(n, path + (n,))
            else:
                walk(n, path + (n,), visited | {n})
    walk(units[0].space, (), {units[0].space})
    return out


def retreat_explain(state: GameState, uids: tuple[int, ...] | list[int], to: str) -> str:
    """Why these units may not retreat to `to` ("" if they may)."""
    p = pending(state)
    if p is None or p.stage not in ("defender_retreat", "attacker_retreat"):
        return "There is no retreat to choose now."
    units = [state.units[i] for i in uids if i in state.units]
    if not units:
        return "Choose the units that retreat."
    for u in units:
        if u.uid not in p.retreating:
            return f"The {state.utype(u).name} does not retreat now."
    if len({u.space for u in units}) != 1:
        return "Units retreat together only from one hex."
    if to in retreat_options(state, uids):
        return ""
    if to not in state.scenario.spaces:
        return f"Unknown hex {to}."
    if _retreat_length(p) == 1:
        if to not in hexmove.neighbours(state, units[0].space):
            return "A retreat of one hex goes to an adjacent hex."
        why = _step_block(state, units, units[0].space, to, _away(p), {units[0].space},
                          hexmove.zoc_hexes(state, units[0].owner), True)
        return why or "These units cannot retreat there."
    return f"No retreat route of {_retreat_length(p)} hexes ends there."


def best_retreat(state: GameState, uids: tuple[int, ...] | list[int]) -> tuple[str, ...] | None:
    """The rules' retreat path for these units: to the hex with most friends, farthest from
    the enemy (None: no route)."""
    opts = retreat_options(state, uids)
    if not opts:
        return None
    owner = state.units[uids[0]].owner
    best = min(opts, key=lambda h: (-len(hexmove.friends_at(state, h, owner)),
                                    -_dist_from_enemies(state, h, owner), h))
    return opts[best]


def default_retreat(state: GameState) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
    """The rules' proposal: (units, path). Units still to retreat from the first unit's hex go
    together (`best_retreat`); if no hex holds them all, the first unit that has a route
    goes alone."""
    p = pending(state)
    if p is None or p.stage not in ("defender_retreat", "attacker_retreat"):
        return None
    units = _alive(state, p.retreating)
    if not units:
        return None
    first = units[0]
    group = tuple(u.uid for u in units if u.space == first.space)
    for uids in [group] + [(u.uid,) for u in units]:
        path = best_retreat(state, uids)
        if path is not None:
            return uids, path
    return None


def choose_retreat(state: GameState, uids: tuple[int, ...], path: tuple[str, ...]) -> None:
    """The HexRetreat action: these units (still to retreat, from one hex) retreat along path."""
    p = pending(state)
    if p is None or p.stage not in ("defender_retreat", "attacker_retreat"):
        raise IllegalAction("There is no retreat to choose now.")
    if not uids:
        raise IllegalAction("Choose the units that retreat.")
    if not all(isinstance(i, int) for i in uids) or not all(isinstance(h, str) for h in path):
        raise IllegalAction("A retreat names units by number and hexes by id (\"q,r\").")
    if len(set(uids)) != len(uids):
        raise IllegalAction("A unit is listed twice.")
    if not path:
        raise IllegalAction("Choose the hex to retreat to.")
    opts = retreat_options(state, uids)
    if opts.get(path[-1]) != tuple(path):
        why = retreat_explain(state, uids, path[-1])
        if not why and len(path) != _retreat_length(p):
            why = f"This result retreats {_retreat_length(p)} hex(es)."
        raise IllegalAction(why or "That retreat path is not allowed.")
    dest = path[-1]
    record: dict[str, list] = {"lost": [], "retreated": [], "reduced": []}
    for uid in uids:
        state.units[uid] = replace(state.units[uid], space=dest)
        record["retreated"].append((uid, dest))
    state.add_log(f"  {len(uids)} unit(s) retreat to {state.scenario.spaces[dest].name}.")
    _record(state, record)
    p = replace(p, retreating=tuple(i for i in p.retreating if i not in uids))
    state.hexturn = replace(turn(state), pending=None)
    _run(state, p)


def default_advance(state: GameState) -> tuple[int, ...]:
    """The rules' proposal for an advance after combat: the strongest defenders among the
    units allowed, as many as the hex holds (at most two)."""
    ht = turn(state)
    if ht.advance is None:
        return ()
    hexid, uids = ht.advance
    picked: list[Unit] = []
    for u in sorted(_alive(state, uids), key=lambda x: (-state.utype(x).defense, x.uid)):
        if hexmove.stack_re(state, hexid, state.player, extra=picked + [u]) <= \
                hexmove.stacking_limit(state, hexid) + 1e-9:
            picked.append(u)
        if len(picked) >= 2:
            break
    return tuple(sorted(u.uid for u in picked))


def advance_explain(state: GameState, uids: tuple[int, ...]) -> str:
    """Why these units may not advance now ("" if they may)."""
    ht = turn(state)
    if ht.advance is None:
        return "There is no advance after combat to make now."
    hexid, allowed = ht.advance
    for uid in uids:
        if uid not in allowed or uid not in state.units:
            return "Only units that took part in that attack may advance."
    group = [state.units[i] for i in uids]
    if group:
        have = hexmove.stack_re(state, hexid, state.player, extra=group)
        if have > hexmove.stacking_limit(state, hexid) + 1e-9:
            return f"Stacking: {have:g} REs would exceed the limit of {hexmove.stacking_limit(state, hexid):g} " \
                   "in that hex."
    return ""


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
        hexmove.mark_advance(state, uids)   # 15.K
        hexmove.capture_hex(state, hexid, state.player)
        state.add_log(f"  {len(group)} unit(s) advance into {state.scenario.spaces[hexid].name}.")
    state.hexturn = replace(turn(state), advance=None)   # turn(state): with the hex captured
