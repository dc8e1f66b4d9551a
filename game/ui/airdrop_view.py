"""The airdrop step of the move phases: what the player is planning and what the rules
say about it. Nothing here decides a rule: flyers, range, legal drop spaces and the
reasons a space is not one come from `game.rules.airdrop`; the anti-aircraft dice from
`game.rules.battle.aa_shots`; the odds from the odds engine on a copy of the state
with the drop made by the rules.

A plan is a take-off territory, the units chosen there and the legs of the flight:
each leg a carrier and its cargo. Seed 002 paratroopers fly themselves (one leg with
no carrier); carrier aircraft (seed 000 transport aircraft) add legs with a carrier,
and their interception adds lines to `drop_risks` ("each transport survives
interception with p%"), so the panel and the tooltips need no new layout for them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules import actions as A
from game.rules import airdrop as AD
from game.rules import battle as B
from game.rules.model import GameState, Unit

from . import odds_view

DROP = (186, 126, 255)   # drop spaces on the map: violet, apart from moves, attacks, boarding, placing
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
    def stacks(self, state: GameState) -> list[tuple[str, list[Unit]]]:
        """(unit type, units) that may take off from the chosen territory, ruleset order."""
        if self.space is None:
            return []
        units = AD.flyers(state, self.space).get(self.space, [])
        by: dict[str, list[Unit]] = {}
        for u in units:
            by.setdefault(u.type, []).append(u)
        order = {t: i for i, t in enumerate(state.ruleset.units)}
        return sorted(by.items(), key=lambda kv: order.get(kv[0], TYPE_ORDER_MISSING))

    def pick(self, state: GameState, space: str | None) -> bool:
        """Take off from `space` with everything that may fly there. False if nothing may."""
        if space is None or not AD.flyers(state, space):
            return False
        self.space = space
        self.counts = {t: len(us) for t, us in self.stacks(state)}
        self._cache = ()
        return True

    def set_count(self, state: GameState, utype: str, n: int) -> None:
        avail = dict(self.stacks(state)).get(utype, [])
        self.counts[utype] = max(0, min(n, len(avail)))
        self._cache = ()

    def group(self, state: GameState) -> list[Unit]:
        out: list[Unit] = []
        for t, us in self.stacks(state):
            out.extend(us[:self.counts.get(t, 0)])
        return out

    def legs(self, state: GameState) -> list[Leg]:
        """The flight's aircraft and their cargo (self-airlift: one leg without a carrier)."""
        group = self.group(state)
        return [Leg(None, tuple(group))] if group else []

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
            return "Choose how many paratroopers fly first (+ in the side panel)."
        return AD.explain(state, group, dest) or ""

    def action(self, state: GameState, dest: str) -> A.Airdrop:
        return A.Airdrop(tuple(u.uid for u in self.group(state)), dest)


# --- what the rules say about a drop --------------------------------------------------
def ready_spaces(state: GameState) -> list[tuple[str, int]]:
    """(territory, units that may take off there) for the current player, by name."""
    fl = AD.flyers(state)
    names = state.scenario.spaces
    return sorted(((s, len(us)) for s, us in fl.items()), key=lambda t: names[t[0]].name)


def range_text(state: GameState, group: list[Unit]) -> str:
    """'Flies up to 2 spaces from Germany (3 from an air base).'"""
    if not group:
        return ""
    rng = AD.air_range(state, group)
    start = state.scenario.spaces[group[0].space]
    abilities = [state.utype(u).ability("self_airlift") for u in group]
    base = min(getattr(a, "air_move", rng) for a in abilities)
    bonus = max(getattr(a, "air_base_bonus", 0) for a in abilities)
    text = f"Flies up to {rng} space{'s' if rng != 1 else ''} from {start.name}"
    if rng > base:
        text += " (+1 from its air base)" if rng - base == 1 else f" (+{rng - base} from its air base)"
    elif bonus:
        text += f" ({base + bonus} from an air base)"
    return text + "."


def dropped_state(state: GameState, group: list[Unit], dest: str) -> GameState:
    """A copy of the state with the drop made by the rules (raises IllegalAction)."""
    return A.apply(state, A.Airdrop(tuple(u.uid for u in group), dest))


def drop_risks(state: GameState, group: list[Unit], dest: str) -> list[Risk]:
    """The dangers of dropping the group on `dest`: anti-aircraft fire at airborne units
    (seed 002: 'Paratroopers are exposed to fire from anti-aircraft guns'), as the rules
    would roll it. Interception of carriers adds its lines here."""
    if not group or state.phase != "combat_move":
        return []
    try:
        trial = dropped_state(state, group, dest)
    except Exception:  # noqa: BLE001 - not a legal drop: no risks to show
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
