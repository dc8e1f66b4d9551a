"""The airdrop step of the move phases: what the player is planning and what the rules
say about it. Nothing here decides a rule: flyers, range, legal drop spaces and the
reasons a space is not one come from `game.rules.zone.airdrop`; the anti-aircraft dice from
`game.rules.zone.battle.aa_shots`; the odds from the odds engine on a copy of the state
with the drop made by the rules.

A plan is a take-off territory, the units chosen there and the legs of the flight:
each leg a carrier and its cargo. Seed 002 paratroopers fly themselves (one leg with
no carrier); carrier aircraft (seed 000 transport aircraft) add legs with a carrier,
and their interception adds lines to `drop_risks` ("each transport survives
interception with p%"), so the panel and the tooltips need no new layout for them.
"""
from __future__ import annotations

import logging
import weakref
from dataclasses import dataclass, field
from typing import Any

from game.rules import actions as A
from game.rules.model import GameState, Unit
from game.rules.zone import airdrop as AD
from game.rules.zone import battle as B
from game.rules.zone.movement import enemies_in

from .. import odds_view, palette

logger = logging.getLogger(__name__)

DROP = palette.DROP   # drop spaces on the map: pink outline and a parachute marker (palette)
TYPE_ORDER_MISSING = 999


@dataclass(frozen=True)
class Leg:
    """One aircraft of the flight and what it carries; `carrier` None = the cargo flies
    itself (seed 002 paratroopers)."""
    carrier: Unit | None
    cargo: tuple[Unit, ...]


@dataclass(frozen=True)
class Risk:
    """A danger on the way down, in words, with the chance every unit it threatens
    comes through (None when it cannot be put as one number)."""
    text: str
    p_safe: float | None = None
    tooltip: str = ""


@dataclass
class DropPlan:
    """The airdrop being planned on the map (GameScene.drop)."""
    active: bool = False
    space: str | None = None                          # take-off territory
    counts: dict[str, int] = field(default_factory=dict)  # unit type -> how many fly
    _cache: tuple = ()
    _targets: list[str] = field(default_factory=list)

    def clear(self) -> None:
        self.space = None
        self.counts = {}
        self._cache = ()

    def stop(self) -> None:
        self.active = False
        self.clear()

    # --- who flies -----------------------------------------------------------------
    def carried(self, state: GameState) -> bool:
        """Does the chosen territory fly air transports with cargo (seed 000), rather than
        paratroopers that fly themselves (seed 002)?"""
        return self.space is not None and self.space in transport_groups(state)

    def stacks(self, state: GameState) -> list[tuple[str, list[Unit]]]:
        """(unit type, units) that may take off from the chosen territory, ruleset order:
        self-airlifting paratroopers, or air transports and the units they may carry."""
        if self.space is None:
            return []
        pair = transport_groups(state).get(self.space)
        units = pair[0] + pair[1] if pair else AD.flyers(state, self.space).get(self.space, [])
        by: dict[str, list[Unit]] = {}
        for u in units:
            by.setdefault(u.type, []).append(u)
        order = {t: i for i, t in enumerate(state.ruleset.units)}
        carriers = {u.type for u in pair[0]} if pair else set()   # the carriers first
        return sorted(by.items(), key=lambda kv: (kv[0] not in carriers, order.get(kv[0], TYPE_ORDER_MISSING)))

    def pick(self, state: GameState, space: str | None) -> bool:
        """Take off from `space` with everything that may fly there (air transports: every
        transport that can be loaded, each with one unit). False if nothing may."""
        if space is None or not (AD.flyers(state, space) or space in transport_groups(state)):
            return False
        self.space = space
        self.counts = {t: len(us) for t, us in self.stacks(state)}
        if self.carried(state):
            self.set_count(state, self.transport_type(state), len(transport_groups(state)[space][0]))
        self._cache = ()
        return True

    def transport_type(self, state: GameState) -> str:
        pair = transport_groups(state).get(self.space or "")
        return pair[0][0].type if pair else ""

    def set_count(self, state: GameState, utype: str, n: int) -> None:
        stacks = dict(self.stacks(state))
        avail = stacks.get(utype, [])
        self.counts[utype] = max(0, min(n, len(avail)))
        if self.carried(state):
            self._balance(state, stacks, utype)
        self._cache = ()

    def _balance(self, state: GameState, stacks: dict[str, list[Unit]], changed: str) -> None:
        """Air transports fly loaded (every one carries a unit, `capacity` at most): the
        other side of the flight follows the count just changed."""
        tt = self.transport_type(state)
        cap = state.ruleset.units[tt].ability("air_transport").capacity
        cargo_types = [t for t in stacks if t != tt]
        n_cargo = sum(self.counts.get(t, 0) for t in cargo_types)
        if changed == tt:   # transports set: load one unit each (up to capacity), in order
            n_t = self.counts.get(tt, 0)
            want = min(max(n_t, n_cargo), n_t * cap)
            want = min(want, sum(len(stacks[t]) for t in cargo_types))
            left = want
            for t in cargo_types:
                keep = min(self.counts.get(t, 0), left)
                self.counts[t] = keep
                left -= keep
            for t in cargo_types:
                extra = min(len(stacks[t]) - self.counts[t], left)
                self.counts[t] += extra
                left -= extra
            if want < n_t:          # not enough cargo: only loaded transports fly
                self.counts[tt] = want
        else:               # cargo set: as many transports as it takes to carry it
            need = -(-n_cargo // cap) if cap else 0
            n_t = self.counts.get(tt, 0)
            if need > n_t or n_cargo < n_t:
                self.counts[tt] = min(len(stacks.get(tt, [])), max(need, min(n_t, n_cargo)))

    def group(self, state: GameState) -> list[Unit]:
        out: list[Unit] = []
        for t, us in self.stacks(state):
            out.extend(us[:self.counts.get(t, 0)])
        return out

    def legs(self, state: GameState) -> list[Leg]:
        """The flight's aircraft and their cargo (self-airlift: one leg without a carrier;
        air transports: one leg per transport, loaded as the rules load them, lowest uids
        first, `capacity` each)."""
        group = self.group(state)
        if not group:
            return []
        if not AD.uses_air_transport(state, group):
            return [Leg(None, tuple(group))]
        transports, cargo = AD.split(state, group)
        out, k = [], 0
        for t in transports:
            cap = state.utype(t).ability("air_transport").capacity
            out.append(Leg(t, tuple(cargo[k:k + cap])))
            k += cap
        return out

    def validate(self, state: GameState) -> None:
        """After a state change (a drop, an undo, a new phase): keep what still holds."""
        if self.space is not None and not self.stacks(state):
            self.clear()
        avail = dict(self.stacks(state))
        self.counts = {t: min(n, len(avail.get(t, []))) for t, n in self.counts.items() if t in avail}
        self._cache = ()

    # --- where to -----------------------------------------------------------------------
    def targets(self, state: GameState, version: int) -> list[str]:
        """The drop spaces the rules allow for the chosen group (cached per version)."""
        group = self.group(state)
        key = (version, id(state), self.space, tuple(u.uid for u in group))
        if self._cache != key:
            self._targets = AD.targets(state, group) if group else []
            self._cache = key
        return self._targets

    def highlights(self, state: GameState, version: int) -> dict[str, tuple[int, int, int]]:
        return {s: DROP for s in self.targets(state, version)}

    def why_not(self, state: GameState, dest: str) -> str:
        """Why the chosen group may not drop on `dest`, in the rules' words."""
        group = self.group(state)
        if not group:
            what = "air transports" if self.carried(state) else "paratroopers"
            return f"Choose how many {what} fly first (+ in the side panel)."
        return AD.explain(state, group, dest) or ""

    def action(self, state: GameState, dest: str) -> A.Airdrop:
        return A.Airdrop(tuple(u.uid for u in self.group(state)), dest)


# --- what the rules say about a drop --------------------------------------------------
_GROUPS: dict[int, tuple[weakref.ref, dict[str, tuple[list[Unit], list[Unit]]]]] = {}


def transport_groups(state: GameState) -> dict[str, tuple[list[Unit], list[Unit]]]:
    """territory -> (air transports, units they may carry) for the current player's
    flights the rules allow now (`airdrop.options`: a drop or cargo flight with at least
    one destination); cached per state."""
    got = _GROUPS.get(id(state))
    if got is not None and got[0]() is state:   # states are never changed in place
        return got[1]
    out: dict[str, tuple[list[Unit], list[Unit]]] = {}
    for opt in AD.options(state, self_airlift=False):
        if opt.start not in out:
            out[opt.start] = ([state.units[u] for u in opt.transports], [state.units[u] for u in opt.cargo])
    if len(_GROUPS) > 16:
        _GROUPS.clear()
    _GROUPS[id(state)] = (weakref.ref(state), out)
    return out


def ready_spaces(state: GameState) -> list[tuple[str, int]]:
    """(territory, units that may take off there) for the current player, by name:
    self-airlifting paratroopers, or air transports (counted) that can fly loaded."""
    fl = {s: len(us) for s, us in AD.flyers(state).items()}
    for s, (tr, _cargo) in transport_groups(state).items():
        fl[s] = fl.get(s, 0) + len(tr)
    names = state.scenario.spaces
    return sorted(fl.items(), key=lambda t: names[t[0]].name)


def has_air_transports(state: GameState) -> bool:
    """Does the current player own air transports (seed 000)?"""
    return any(u.owner == state.player and state.utype(u).has("air_transport") for u in state.units.values())


def range_text(state: GameState, group: list[Unit]) -> str:
    """'Flies up to 2 spaces from Germany (3 from an air base).'"""
    if not group:
        return ""
    if AD.uses_air_transport(state, group):
        transports, _cargo = AD.split(state, group)
        rng = min(state.utype(t).move - t.moved for t in transports)
        start = state.scenario.spaces[group[0].space].name
        return (f"Flies up to {rng} space{'s' if rng != 1 else ''} from {start}, never over enemy "
                f"territory with AAA or fighters.")
    rng = AD.air_range(state, group)
    origin = state.scenario.spaces[group[0].space]
    abilities = [state.utype(u).ability("self_airlift") for u in group]
    base = min(getattr(a, "air_move", rng) for a in abilities)
    bonus = max(getattr(a, "air_base_bonus", 0) for a in abilities)
    text = f"Flies up to {rng} space{'s' if rng != 1 else ''} from {origin.name}"
    if rng > base:
        text += " (+1 from its air base)" if rng - base == 1 else f" (+{rng - base} from its air base)"
    elif bonus:
        text += f" ({base + bonus} from an air base)"
    return text + "."


def dropped_state(state: GameState, group: list[Unit], dest: str) -> GameState:
    """A copy of the state with the drop made by the rules (raises IllegalAction), every
    transport through the free attacks on the way (their risk is interception_risks'):
    the odds of the battle the drop starts, never a preview of the dice."""
    if not AD.uses_air_transport(state, group):
        return A.apply(state, A.Airdrop(tuple(u.uid for u in group), dest))
    trial = state.copy()
    AD.airdrop(trial, tuple(u.uid for u in group), dest, en_route=False)
    return trial


def escorts_in(state: GameState, dest: str, transports: list[Unit]) -> list[Unit]:
    """The player's units already moved into `dest` this turn that escort these air
    transports (`escorts`, seed 000 FIGHTER: they take interception hits first)."""
    types = {t.type for t in transports}
    return [u for u in state.units.values() if u.space == dest and u.owner == state.player and u.in_combat
            and u.carried_by is None and (es := state.utype(u).ability("escorts")) is not None
            and types & set(state.ruleset.expand_all(es.units))]


def can_escort(state: GameState, transports: list[Unit]) -> bool:
    """Has the ruleset units that escort these transports?"""
    types = {t.type for t in transports}
    return any((es := ut.ability("escorts")) is not None and types & set(state.ruleset.expand_all(es.units))
               for ut in state.ruleset.units.values())


def interception_risks(state: GameState, group: list[Unit], dest: str) -> list[Risk]:
    """Seed 000 TRANSPORT AIRCRAFT: the interception at the drop space, as the rules would
    roll it (every AAA one die per transport, every defending fighter one die; the
    defender may hold fighters back, so this is the worst case), escorts absorbing hits
    first; a lost transport loses its cargo."""
    transports, cargo = AD.split(state, group)
    n = len(transports)
    name = state.scenario.spaces[dest].name
    on_way = en_route_risks(state, group, dest)
    if not enemies_in(state, dest, state.player):
        return on_way + [Risk(f"{name} is empty: nothing intercepts, the cargo lands at once.", 1.0)]
    foes = AD.interceptors_in(state, dest, state.player)
    esc = escorts_in(state, dest, transports)
    if not foes:
        return on_way + [Risk(f"No AAA or fighters in {name}: every transport drops its cargo.", 1.0)]
    dice = state.ruleset.dice
    hits = AD.interception_hits(state, dest, n)
    each = AD.interception_survival(state, dest, n, escorts=len(esc))
    p_all = sum(p for k, p in enumerate(hits) if k <= len(esc))
    aaa = [u for u in foes if (aa := state.utype(u).ability("anti_aircraft")) is not None and aa.per_air_transport]
    ftr = [u for u in foes if state.utype(u).has("intercepts")]
    parts = []
    if aaa:
        v = state.utype(aaa[0]).ability("anti_aircraft").value
        parts.append(f"{len(aaa)} AAA × {n} di{'ce' if n != 1 else 'e'} at {v}")
    if ftr:
        vals = sorted({B.intercept_value(state, f) for f in ftr})
        parts.append(f"{len(ftr)} fighter{'s' if len(ftr) != 1 else ''} at {'/'.join(map(str, vals))}")
    lost_cargo = (1 - each) * len(cargo)
    tip = (f"Interception over {name} (of {dice}): {', '.join(parts)}.\n"
           f"A hit downs a transport{' after the escorts' if esc else ''}; its cargo is lost with it.\n"
           f"The defender may keep fighters back: this counts every one.\n"
           f"All transports through: {pct(p_all)}  ·  cargo lost on average {lost_cargo:.1f}")
    out = on_way + [Risk(f"Interception{' there' if on_way else ''}: {', '.join(parts)} — each "
                         f"transport survives with {pct(each)}, all {pct(p_all)}", each, tip)]
    if esc:
        out.append(Risk(f"{len(esc)} escorting fighter{'s' if len(esc) != 1 else ''} take the first "
                        f"hit{'s' if len(esc) != 1 else ''}.", None))
    elif can_escort(state, transports):
        out.append(Risk(f"No escort: fighters moved into {name} first would take the interception's hits.",
                        None))
    return out


def en_route_risks(state: GameState, group: list[Unit], dest: str) -> list[Risk]:
    """Seed 000 PARATROOPERS: "If the air transport enters or moves through a hostile
    territory, AAA and fighters receive one free attack" -- the territories the flight
    crosses on its way to `dest` and the chance each transport gets there."""
    route = AD.flight_route(state, group, dest)
    if not route:
        return []
    over = AD.crossed(state, route, state.player)
    if not over:
        return []
    n = len(AD.split(state, group)[0])
    dist = AD.route_survivors(state, route, n)
    each = sum(k * p for k, p in enumerate(dist)) / n
    names = ", ".join(state.scenario.spaces[s].name for s in over)
    tip = (f"Route: {' - '.join(state.scenario.spaces[s].name for s in route)}.\n"
           f"The AAA (one die per transport) and fighters of {names} fire once on the way;\n"
           f"a transport shot down loses its cargo. All transports get there: {pct(dist[n])}")
    return [Risk(f"On the way over {names}: each transport gets there with {pct(each)}", each, tip)]


def aboard_text(state: GameState, group: list[Unit], dest: str) -> str:
    """Seed 001 helicopters flying to a sea zone: which of the player's ships takes the
    cargo there, in words ("" when `dest` is land or the flight is not allowed)."""
    if state.scenario.spaces[dest].kind != "sea" or not group or not AD.uses_air_transport(state, group):
        return ""
    from game.rules.zone import helilift
    transports, cargo = AD.split(state, group)
    plan, why = helilift.set_down_plan(state, transports, cargo, dest)
    if why:
        return ""
    ships = sorted({state.utype(state.units[s]).name for s in plan.values()})
    name = state.scenario.spaces[dest].name
    n = len(transports)
    then = (" It must go ashore this turn (an amphibious assault)." if state.phase == "combat_move"
            else f" The {state.utype(transports[0]).name.lower()}{'s land' if n != 1 else ' lands'} "
                 f"on a carrier there.")
    return f"The cargo goes aboard your {' and '.join(ships)} in {name}.{then}"


def drop_risks(state: GameState, group: list[Unit], dest: str) -> list[Risk]:
    """The dangers of dropping the group on `dest`: anti-aircraft fire at airborne units
    (seed 002: 'Paratroopers are exposed to fire from anti-aircraft guns'), as the rules
    would roll it; air transports (seed 000): their interception; seed 001 helicopters
    flying to a sea zone: none, their cargo goes aboard a ship."""
    if aboard := aboard_text(state, group, dest):
        return en_route_risks(state, group, dest) + [Risk(aboard, 1.0)]
    if group and AD.uses_air_transport(state, group):
        if state.phase != "combat_move":
            return en_route_risks(state, group, dest)   # a cargo flight
        return interception_risks(state, group, dest)
    if not group or state.phase != "combat_move":
        return []
    try:
        trial = dropped_state(state, group, dest)
    except Exception:  # noqa: BLE001 - not a legal drop: no risks to show
        logger.debug("no trial drop in %s; no risks shown", dest, exc_info=True)
        return []
    player = state.player
    here = [u for u in trial.units.values() if u.space == dest]
    att = [u for u in here if u.owner == player]
    dfn = B.alive(trial, [u for u in here if trial.at_war(u.owner, player)])
    shots = [(u, v) for u, v, target in B.aa_shots(trial, att, dfn) if target == "airborne"]
    flying = sum(1 for u in att if B.airborne_target(trial, u))
    if not flying:
        return []
    name = state.scenario.spaces[dest].name
    if not shots:
        return [Risk(f"No anti-aircraft guns in {name}: every paratrooper lands.", 1.0)]
    dice = state.ruleset.dice
    ps = [max(0, min(v, dice)) / dice for _u, v in shots]
    p_all = 1.0
    for p in ps:
        p_all *= 1 - p
    lost = sum(ps)
    each = 1 - lost / flying
    vals = sorted({v for _u, v in shots})
    at = " / ".join(str(v) for v in vals)
    tip = (f"{len(shots)} anti-aircraft dice at the {flying} paratrooper{'s' if flying != 1 else ''} "
           f"(hits on {at} or less of {dice}); each hit is one paratrooper lost before the battle.\n"
           f"All land: {pct(p_all)}  ·  on average {lost:.1f} lost")
    return [Risk(f"AAA: {len(shots)} di{'ce' if len(shots) != 1 else 'e'} at {at} — each paratrooper "
                 f"lands with {pct(each)}, all {pct(p_all)}", each, tip)]


def pct(p: float) -> str:
    return f"{round(100 * p)}%"


def drop_odds(cache: odds_view.OddsCache, state: GameState, group: list[Unit], dest: str) -> odds_view.OddsView | None:
    """The odds of the battle the drop would start (None: no defenders, or not an attack)."""
    if not group or state.phase != "combat_move" or not odds_view.has_defenders(state, dest, state.player):
        return None
    key = ("drop", dest, state.player, tuple(sorted(u.uid for u in group)), odds_view.units_key(state, dest))

    def run() -> Any:
        from game.odds import odds_for_space
        s = odds_view.battle_state(dropped_state(state, group, dest), dest, state.player)
        return odds_for_space(s, dest, state.player, trials=odds_view.UI_TRIALS)

    return cache.get(key, run)
