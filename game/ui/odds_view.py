"""Battle odds in the interface: cached calls into `game.odds` and small drawings.

The odds engine is imported lazily (its compiled kernels are prepared off this thread)
and every call is guarded: any error becomes an `OddsView` whose `error` says
why the odds are unavailable, so a drawing never raises because of the odds.
Results are cached by a key of the units involved, so a frame never recomputes.

Odds are computed off the interface thread: a cache miss queues the computation
for one background worker and returns a *pending* view ("computing…") at once, so
a frame never waits for the odds (interwar battles fall back to the real-battle
simulation, seconds per battle). The newest request is computed first; requests
nobody asked for again in a while are dropped. `OddsCache.generation` changes when
a result arrives, so callers that cache views can refresh.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.rules.model import GameState, Unit
from game.rules.zone import movement

from . import theme

logger = logging.getLogger(__name__)

UI_TRIALS = 400             # sampled trials (Monte Carlo / real-battle simulation) for the
                            # map and the battle window: fast, shown with their 95% interval
CALC_TRIALS = 2000          # the battle calculator asks for more (still off the frame)
STALE_S = 4.0               # a queued request nobody asked for again in this long is dropped
ATT_COL = (214, 120, 72)    # attacker wins
DEF_COL = (96, 150, 214)    # defender wins
DRAW_COL = (150, 150, 150)  # draw / undecided


@dataclass
class OddsView:
    """An odds result, or the reason there is none, or pending (being computed)."""
    result: Any = None      # game.odds.OddsResult
    error: str = ""
    pending: bool = False
    scrambles: int = 0      # aircraft the odds count as scrambled in (G40 air bases)
    after_sea: str = ""     # the sea zone whose battle decides the landing (fought first)

    @property
    def ok(self) -> bool:
        return self.result is not None


PENDING = OddsView(pending=True)


def guarded(fn: Callable[[], Any]) -> OddsView:
    """Run an odds computation; any failure becomes 'odds unavailable: reason'."""
    try:
        return OddsView(fn())
    except Exception as exc:  # noqa: BLE001 - the odds must never take the interface down
        # the calculator's own refusals are expected; anything else is a bug to look at
        from game.odds.model import OddsError
        logger.log(logging.DEBUG if isinstance(exc, OddsError) else logging.WARNING,
                   "odds failed; shown as unavailable", exc_info=True)
        msg = str(exc) or type(exc).__name__
        return OddsView(error=msg.splitlines()[0][:200])


class _Worker:
    """One background thread computing queued odds, newest request first."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.jobs: dict[tuple[int, Hashable], tuple[OddsCache, Hashable, Callable[[], Any], float]] = {}
        self.busy = False
        self.thread: threading.Thread | None = None

    def submit(self, cache: OddsCache, key: Hashable, fn: Callable[[], Any]) -> None:
        with self.cond:
            jk = (id(cache), key)
            old = self.jobs.get(jk)
            self.jobs[jk] = (cache, key, old[2] if old else fn, time.monotonic())
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name="odds-worker", daemon=True)
                self.thread.start()
            self.cond.notify_all()

    def run(self) -> None:
        while True:
            with self.cond:
                while True:
                    now = time.monotonic()
                    stale = [jk for jk, j in self.jobs.items() if now - j[3] > STALE_S]
                    if len(stale) < len(self.jobs):  # the newest request is always computed
                        for jk in stale:
                            cache = self.jobs.pop(jk)[0]
                            cache.pending.discard(jk[1])
                    if self.jobs:
                        break
                    self.cond.wait(timeout=1.0)
                jk = max(self.jobs, key=lambda k: self.jobs[k][3])
                cache, key, fn, _t = self.jobs.pop(jk)
                self.busy = True
            try:
                v = guarded(fn)
            finally:
                with self.cond:
                    cache.store(key, v)
                    self.busy = False
                    self.cond.notify_all()

    def idle(self) -> bool:
        with self.cond:
            return not self.jobs and not self.busy

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until every queued computation is done (tests, scripted screenshots)."""
        end = time.monotonic() + timeout
        with self.cond:
            while self.jobs or self.busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(timeout=min(left, 0.2))
        return True


WORKER = _Worker()


def settle(timeout: float = 120.0) -> bool:
    """Wait until the odds being computed in the background are in."""
    return WORKER.wait(timeout)


class OddsCache:
    """key -> OddsView, least recently used first out. A miss returns PENDING and
    queues the computation on the background worker (or, with sync=True, computes it
    at once: the command-line tools and a few tests)."""

    def __init__(self, size: int = 64, sync: bool = False):
        self.size = size
        self.sync = sync
        self.items: OrderedDict[Hashable, OddsView] = OrderedDict()
        self.pending: set[Hashable] = set()
        self.computed = 0       # how many computations ran (tests check the caching)
        self.generation = 0     # bumps when a result arrives
        self.lock = threading.Lock()

    def store(self, key: Hashable, v: OddsView) -> None:
        with self.lock:
            self.pending.discard(key)
            self.computed += 1
            self.items[key] = v
            while len(self.items) > self.size:
                self.items.popitem(last=False)
            self.generation += 1

    def peek(self, key: Hashable) -> OddsView | None:
        with self.lock:
            return self.items.get(key)

    def get(self, key: Hashable, fn: Callable[[], Any]) -> OddsView:
        with self.lock:
            v = self.items.get(key)
            if v is not None:
                self.items.move_to_end(key)
                return v
        if self.sync:
            v = guarded(fn)
            self.store(key, v)
            return v
        with self.lock:
            self.pending.add(key)
        WORKER.submit(self, key, fn)   # queued, or its request time refreshed
        return PENDING


_WARMING = False


def warm_up() -> None:
    """Start preparing the compiled odds kernels, once, off the interface thread: numba
    compiles them in a child process (game.odds.kernel), so no frame waits; the odds
    asked for meanwhile come from the plain kernels (the same numbers). The odds engine
    is imported here and by the worker, never by the interface thread: a thread importing
    a module meanwhile waits on its import lock until the whole import is done (issue
    #45: the calculator's first frame waited 40-130 ms so)."""
    global _WARMING
    if _WARMING:
        return
    _WARMING = True

    def run() -> None:
        try:
            from game.odds import kernel
            kernel.prepare()
        except Exception:  # noqa: BLE001 - a failed warm-up only leaves the plain kernels
            logger.warning("odds warm-up failed; the plain kernels answer", exc_info=True)

    threading.Thread(target=run, name="odds-warm-up", daemon=True).start()


# --- the battles a state implies --------------------------------------------------------
def units_key(state: GameState, space: str) -> tuple:
    """Everything in a space the odds depend on."""
    return tuple(sorted((u.uid, u.type, u.owner, u.damage, u.amphibious, u.carried_by, u.airborne, u.oos)
                        for u in state.units_in(space)))


def space_key(state: GameState, space: str, player: str) -> tuple:
    b = state.zone.battle
    extra: tuple = ()
    if b is not None and b.space == space:
        extra = (b.round, b.step, b.bombard)
    return (space, player, units_key(state, space), extra)


def has_defenders(state: GameState, space: str, player: str) -> bool:
    return bool(movement.enemies_in(state, space, player))


def planned_attacks(state: GameState, player: str | None = None) -> list[str]:
    """Spaces the player is attacking this combat move (hostile spaces moved into; a
    territory only raided by bombers is a raid, see `planned_raids`)."""
    from game.rules.zone import raids
    player = player or state.player
    out = []
    for sid in sorted(state.zone.origins):
        if sid not in state.scenario.spaces:
            continue
        if not any(u.owner == player for u in raids.ordinary_attackers(state, sid, player)):
            continue
        if movement.is_hostile(state, sid, player):
            out.append(sid)
    return out


def planned_raids(state: GameState, player: str | None = None) -> list[str]:
    """Territories the player's bombers will raid this turn (raids still to be flown)."""
    from game.rules.zone import raids
    player = player or state.player
    spaces = sorted({target.split("|")[0] for target in state.zone.raids.values()})
    return [sid for sid in spaces if sid in state.scenario.spaces and raids.raiders(state, sid, player)
            and not state.zone.ro3_moves.get(f"raided|{sid}")]


def raid_chip_text(r: Any) -> str:
    """'6.9 dmg': a planned raid's expected damage (all its targets together)."""
    return f"{sum(r.expected_damage(fid) for fid in r.damage):.1f} dmg"


def battle_state(state: GameState, space: str, player: str) -> GameState:
    """The state the battle in `space` would be fought from: the open battle as it is,
    else a copy on which the rules open it (`game.rules.zone.battle.start` picks the ships
    that bombard an amphibious assault), so planned, hover and battle-window odds
    all come from the same computation on the same units. Where the defender may
    scramble aircraft into the sea zone (G40 air bases) the copy scrambles every one that
    may: the odds are those of the strongest defence, not of the zone as it stands."""
    b = state.zone.battle
    if b is not None and b.space == space:
        return state
    if b is not None or player != state.player or not movement.enemies_in(state, space, player):
        return state
    from game.rules.zone import battle as B
    trial = state.copy()
    try:
        B.start(trial, space)
    except Exception:  # noqa: BLE001 - fall back to the odds without bombardment
        logger.debug("no trial battle in %s; odds without bombardment", space, exc_info=True)
        return state
    tb = trial.zone.battle
    if tb is not None and tb.awaiting == "scramble":
        from game.rules.zone import scramble
        scramble.scramble(trial, tuple(scramble.default_choice(trial, tb)))
    return trial


def scrambles_in(state: GameState, trial: GameState, space: str) -> int:
    """How many aircraft the trial battle `battle_state` opened has scrambled into `space`
    (0 when it is the state itself)."""
    b = trial.zone.battle
    if trial is state or b is None or b.space != space:
        return 0
    from game.rules.zone import scramble
    return len(scramble.in_battle(trial, b))


def _bombard_key(state: GameState, space: str) -> tuple:
    b = state.zone.battle
    if b is None or b.space != space:
        return ()
    return tuple((uid, state.units[uid].type) for uid in b.bombard if uid in state.units)


def space_odds(cache: OddsCache, state: GameState, space: str, player: str | None = None) -> OddsView:
    """The odds of the battle in `space` with the units there now (cached by those units
    and the ships that would bombard)."""
    player = player or state.player
    try:
        s = battle_state(state, space, player)
    except Exception:  # noqa: BLE001 - the odds of the state as it is
        logger.debug("no battle state for %s; odds of the state as it is", space, exc_info=True)
        s = state

    def run() -> Any:
        from game.odds import odds_for_space  # on the worker thread: see warm_up
        return odds_for_space(s, space, player, trials=UI_TRIALS)
    v = cache.get(("space",) + space_key(s, space, player) + (_bombard_key(s, space),), run)
    n = scrambles_in(state, s, space)
    if n:
        v = replace(v, scrambles=n)
    from game.rules.zone import landings
    zones = landings.pending_zones(state, space)
    return replace(v, after_sea=state.scenario.spaces[zones[0]].name) if zones else v


def moved_state(state: GameState, group: list[Unit], path: tuple[str, ...]) -> GameState:
    """A copy of the state with the group moved along `path` by the rules (cargo unloads
    as an amphibious assault, transports take their cargo along)."""
    from game.rules import actions as A
    return A.apply(state, A.Move(tuple(u.uid for u in group), tuple(path)))


def hypothetical_odds(cache: OddsCache, state: GameState, group: list[Unit], dest: str,
                      path: tuple[str, ...] | None = None) -> OddsView:
    """'If you attack dest with these units': the odds on a copy with the group moved
    there (by the rules when `path` is given), computed exactly like `space_odds`."""
    player = state.player
    uids = {u.uid for u in group}
    key = ("move", dest, player, tuple(sorted(uids)), tuple(path or ()), units_key(state, dest),
           tuple(state.units[uid].oos for uid in sorted(uids) if uid in state.units))

    def run() -> Any:
        from game.odds import odds_for_space
        if path:
            s = moved_state(state, group, path)
        else:
            s = state.copy()
            moving = set(uids) | {c.uid for c in state.units.values() if c.carried_by in uids}
            for uid in moving:
                if uid in s.units:
                    s.units[uid] = replace(s.units[uid], space=dest)
        s = battle_state(s, dest, player)
        return odds_for_space(s, dest, player, trials=UI_TRIALS)

    return cache.get(key, run)


# --- text --------------------------------------------------------------------------------
def sampled(r: Any) -> bool:
    """A sampled result (Monte Carlo or the real-battle simulation) with an interval."""
    return getattr(r, "method", "exact") != "exact" and bool(getattr(r, "ci95", None))


def margin(r: Any, field: str = "attacker_wins") -> float:
    """Half the width of the 95% interval of a sampled probability (0 when exact)."""
    ci = (getattr(r, "ci95", None) or {}).get(field) if sampled(r) else None
    if not ci:
        return 0.0
    return max(0.0, (ci[1] - ci[0]) / 2)


def pct_ci(r: Any, field: str = "attacker_wins", sep: str = " ") -> str:
    """'73%', or '73% ±4' for a sampled result."""
    p = getattr(r, field)
    m = margin(r, field)
    if m >= 0.005:
        return f"{pct(p)}{sep}±{round(m * 100):d}"
    return pct(p)


def win_text(v: OddsView) -> str:
    """'win 73%', 'win 73% ±4', 'win 98%, take it 21%' (a win often left with aircraft
    alone), 'computing odds…' or 'odds unavailable (why)'."""
    if v.pending:
        return "computing odds…"
    if not v.ok:
        return f"odds unavailable ({v.error})"
    take = take_pct(v.result)
    return f"win {pct_ci(v.result)}" + (f", take it {take}" if take else "")


def takes(r: Any) -> float | None:
    """The chance the attack takes the space (wins with a land unit left), when the odds
    know it and it is not simply the chance to win."""
    p = getattr(r, "attacker_takes", None)
    if p is None or pct(p) == pct(r.attacker_wins):
        return None
    return float(p)


def take_pct(r: Any) -> str:
    """takes() as '21%', or '' when it says nothing the chance to win does not."""
    p = takes(r)
    return "" if p is None else pct(p)


def pct(p: float) -> str:
    """A probability for people: 73%, <1%, >99%, 0%, 100%."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{round(p * 100):d}%"


def unit_names(state_or_rs: Any, counts: dict[str, float], digits: int = 1) -> str:
    rs = getattr(state_or_rs, "ruleset", state_or_rs)
    parts = []
    for t, n in counts.items():
        if n < 0.05:
            continue
        name = rs.units[t].name if t in rs.units else t
        parts.append(f"{n:.{digits}f} {name}")
    return ", ".join(parts) or "none"


def summary_lines(v: OddsView, rs: Any) -> list[str]:
    """Tooltip lines with the details of a result."""
    if v.pending:
        return ["Computing the odds…"]
    if not v.ok:
        return [f"Odds unavailable: {v.error}"]
    r = v.result
    take = take_pct(r)
    lines = [f"Attacker wins {pct_ci(r)}, defender wins {pct_ci(r, 'defender_wins')}, "
             f"draw {pct(r.draw)}"]
    if take:
        lines.append(f"Attacker takes the territory {take} (wins with a land unit left to capture it)")
    if v.scrambles:
        lines.append(f"Counts the {v.scrambles} aircraft that may scramble in (the defender chooses)")
    if v.after_sea:
        lines.append(f"Counts every unit landing: they land only if the sea battle in {v.after_sea} "
                     f"(fought first) is won")
    lines += [
             f"Expected rounds {r.expected_rounds:.1f}",
             f"Attacker left: {unit_names(rs, r.attacker_survivors)}",
             f"Defender left: {unit_names(rs, r.defender_survivors)}",
             f"TUV lost: attacker {r.attacker_cost_lost:.1f}, defender {r.defender_cost_lost:.1f}"]
    if r.method != "exact":
        how = "Real-battle simulation" if r.method == "sim" else "Monte Carlo"
        lines.append(f"{how}, {r.trials} trials; ± is the 95% interval" + (f" ({r.note})" if r.note else ""))
    else:
        lines.append("Exact (default order of loss)")
    return lines


# --- drawing -------------------------------------------------------------------------------
def outcome_bar(surface: pygame.Surface, rect: pygame.Rect, r: Any) -> None:
    """Attacker wins | draw | defender wins as one horizontal bar."""
    pygame.draw.rect(surface, (24, 26, 30), rect, border_radius=3)
    x = rect.x
    parts = ((r.attacker_wins, ATT_COL), (r.draw, DRAW_COL), (r.defender_wins, DEF_COL))
    for k, (p, col) in enumerate(parts):
        w = round(rect.w * max(0.0, p)) if k < 2 else rect.right - x
        if w > 0:
            pygame.draw.rect(surface, col, pygame.Rect(x, rect.y, min(w, rect.right - x), rect.h))
        x += w
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=3)


def distribution_chart(surface: pygame.Surface, rect: pygame.Rect, dist: list[float],
                       col: tuple[int, int, int] = ATT_COL, label: str = "") -> None:
    """Bars of P(k units left), k = 0..N, with k under every few bars."""
    pygame.draw.rect(surface, (26, 30, 36), rect, border_radius=4)
    if label:
        theme.text(surface, label, (rect.x + 6, rect.y + 4), 16, theme.TEXT_DIM)
    if not dist:
        return
    top = rect.y + (22 if label else 6)
    base = rect.bottom - 18
    n = len(dist)
    inner = pygame.Rect(rect.x + 6, top, rect.w - 12, max(4, base - top))
    bw = inner.w / n
    peak = max(dist) or 1.0
    step = max(1, int(n / max(1, inner.w // 28) + 0.999))
    for k, p in enumerate(dist):
        h = int(inner.h * p / peak)
        x = inner.x + k * bw
        if h > 0:
            pygame.draw.rect(surface, col if k else theme.mix(col, (90, 90, 90), 0.6),
                             pygame.Rect(int(x) + 1, inner.bottom - h, max(1, int(bw) - 1), h))
        if k % step == 0 or k == n - 1:
            theme.text(surface, str(k), (x + bw / 2, base + 2), 14, theme.TEXT_DIM, anchor="midtop")
    pygame.draw.line(surface, theme.PANEL_EDGE, (inner.x, inner.bottom), (inner.right, inner.bottom))


def raid_lines(r: Any, rs: Any) -> list[str]:
    """A bombing raid's exact odds (game/odds/raid.py) in words."""
    out = []
    for fid, dist in r.damage.items():
        name = rs.facilities[fid].name if fid in rs.facilities else fid
        out.append(f"{name}: {r.expected_damage(fid):.1f} damage on average")
        out.append(f"  no damage {pct(dist[0] if dist else 1.0)}, the most ({len(dist) - 1}) "
                   f"{pct(dist[-1] if dist else 0.0)}")
    out.append(f"Raiders lost: {r.expected(r.raiders_lost):.2f} on average")
    if len(r.interceptors_lost) > 1:
        out.append(f"Interceptors lost: {r.expected(r.interceptors_lost):.2f} on average")
    return out


def draw_raid_box(surface: pygame.Surface, box: pygame.Rect, r: Any, rs: Any) -> None:
    """The battle window's odds box during a bombing raid."""
    pygame.draw.rect(surface, theme.PANEL_2, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=1, border_radius=6)
    x, y = box.x + 10, box.y + 6
    theme.text(surface, "Raid odds (exact)", (x, y), 20, theme.TEXT, bold=True)
    y += 24
    for line in raid_lines(r, rs) if r is not None else ["…"]:
        if y + 16 > box.bottom - 2:
            break
        theme.text(surface, theme.elide(line, box.w - 20, 15), (x, y), 15, theme.TEXT)
        y += 17


def draw_box(surface: pygame.Surface, box: pygame.Rect, v: OddsView | None, title: str = "Odds",
             note: str = "") -> None:
    """The battle window's odds box: title, bar, three percentages, survivors."""
    pygame.draw.rect(surface, theme.PANEL_2, box, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, width=1, border_radius=6)
    x, y = box.x + 10, box.y + 6
    theme.text(surface, title, (x, y), 20, theme.TEXT, bold=True)
    if note:
        theme.text(surface, theme.elide(note, box.w - 30 - theme.text_width(title, 20, True), 15),
                   (box.right - 8, y + 4), 15, theme.TEXT_DIM, anchor="topright")
    y += 21
    w = box.w - 20
    if v is None:
        theme.text(surface, "…", (x, y), 18, theme.TEXT_DIM)
        return
    if v.pending:
        theme.text(surface, "computing…", (x, y), 18, theme.TEXT_DIM)
        return
    if not v.ok:
        for line in theme.wrap(f"Odds unavailable: {v.error}", w, 16)[:max(1, (box.bottom - y) // 17)]:
            theme.text(surface, line, (x, y), 16, theme.BAD)
            y += 17
        return
    r = v.result
    outcome_bar(surface, pygame.Rect(x, y, w, 9), r)
    y += 13
    rows = [("Attacker wins", pct_ci(r), ATT_COL)]
    take = take_pct(r)
    if take:   # beside the chance to win: the chance a land unit is left to take the space
        rows.append(("  takes the territory", take, ATT_COL))
    rows += [("Defender wins", pct_ci(r, "defender_wins"), DEF_COL), ("Draw", pct(r.draw), DRAW_COL)]
    lh = 18 if box.h >= 130 else 16
    for label, val, col in rows:
        if y + lh > box.bottom - 2:
            break
        if not label.startswith(" "):
            pygame.draw.rect(surface, col, pygame.Rect(x, y + (lh - 9) // 2, 9, 9))
        theme.text(surface, label.strip(), (x + 15 + (10 if label.startswith(" ") else 0), y), lh - 1,
                   theme.TEXT)
        theme.text(surface, val, (box.right - 10, y), lh - 1, theme.TEXT, anchor="topright", bold=True)
        y += lh
    if y + 16 <= box.bottom - 2:
        a = sum(r.attacker_survivors.values())
        d = sum(r.defender_survivors.values())
        theme.text(surface, theme.elide(f"Left on average: {a:.1f} vs {d:.1f}", w, 15), (x, y + 1), 15,
                   theme.TEXT_DIM)
