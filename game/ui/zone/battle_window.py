"""The battle window, modal over the map: the battle strip (columns of the die,
attacker above, defender below, each round's dice under the units that rolled them;
see strip.py) or the list view (attacker and defender columns with each unit's
current value and this round's dice), the casualty choice (the default pre-marked,
click units to change it), Roll / Confirm / Retreat / Close, and the odds for the
forces left, worked out at the start of each round (exact, default order of loss;
hover the box for the details). Tab switches between the strip and the list; the
strip is the default for rulesets rolled on more than six sides (d12)."""
from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import actions as A
from game.rules import grammar
from game.rules.errors import IllegalAction
from game.rules.model import Battle, Unit
from game.rules.zone import battle as B
from game.rules.zone import raids
from game.rules.zone import scramble as scramble_rules
from game.rules.zone.kamikaze import default_targets as kamikaze_targets_default
from game.rules.zone.kamikaze import targets as kamikaze_targets

from .. import odds_view, palette, theme, widgets
from ..counters import draw_counter
from ..scene import Scene
from . import battle_orders, intercept_view, kamikaze_view, reroll_view, scramble_view, strip

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ..game_scene import GameScene

ICON = 34
AUTO_CLOSE_S = 1.4


def _pip_layout(n: int) -> list[tuple[float, float]]:
    c, lo, hi = 0.5, 0.25, 0.75
    return {1: [(c, c)], 2: [(lo, lo), (hi, hi)], 3: [(lo, lo), (c, c), (hi, hi)],
            4: [(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
            5: [(lo, lo), (hi, lo), (c, c), (lo, hi), (hi, hi)],
            6: [(lo, lo), (hi, lo), (lo, c), (hi, c), (lo, hi), (hi, hi)]}.get(n, [])


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: int, hit: bool) -> None:
    fill = (250, 226, 120) if hit else (206, 206, 200)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(1, 2), border_radius=rect.w // 5)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.w // 5)
    pygame.draw.rect(surface, theme.GOOD if hit else (120, 120, 116), rect, width=2, border_radius=rect.w // 5)
    pips = _pip_layout(face)
    if pips:
        for px, py in pips:
            pygame.draw.circle(surface, (30, 30, 30), (rect.x + px * rect.w, rect.y + py * rect.h), max(2, rect.w // 10))
    else:  # dice with more than six faces show the number
        theme.text(surface, str(face), rect.center, int(rect.h * 0.7), (30, 30, 30), anchor="center", bold=True)


def side_owners(state, b: Battle, side: str) -> list[str]:
    if side == "attacker":
        return [b.attacker]
    return sorted({u.owner for u in B.defenders(state, b)}) or list(b.defenders)


def side_name(state, ctl, b: Battle, side: str) -> str:
    return ", ".join(ctl.player_name(o) for o in side_owners(state, b, side)) or "Defender"


def side_plural(state, b: Battle, side: str) -> bool:
    """Whether the side's name takes a plural verb ('Germans take 2 hits')."""
    owners = side_owners(state, b, side)
    if len(owners) != 1:
        return True
    try:
        return grammar.player_plural(state.scenario.player(owners[0]))
    except KeyError:
        return grammar.is_plural(owners[0])


def draw_roll(surface: pygame.Surface | None, spots: widgets.Hotspots | None, state, roll, who: str,
              area: pygame.Rect, die: int = 22) -> int:
    """One fire step: 'Italy fires: 2 hits' (a raid's damage roll: 'Germans bomb: 15
    damage'), then its dice grouped by unit type, each group behind a small counter of
    that type. Returns the y below it; with no surface it only measures."""
    step = B.step_name(roll.step, grammar.name_plural(state.scenario, who))
    result = B.roll_result(state, roll)
    head = f"{who} {step}"
    lw = min(area.w // 3, theme.text_width(f"{head}: {result}", 18) + 12)
    # a long name is cut, never the hits it scored
    label = theme.elide(head, lw - 8 - theme.text_width(f": {result}", 18), 18) + f": {result}"
    if surface is not None:
        theme.text(surface, label, (area.x, area.y + 3), 18,
                   theme.GOOD if roll.hits > roll.void or roll.step == "raid_damage" else theme.TEXT)
    groups: dict[str, list[tuple[int, int]]] = {}
    for utype, need, face in roll.dice:
        groups.setdefault(utype, []).append((need, face))
    scores = B.fire_step(roll.step).scores_hits
    x0 = area.x + lw
    x, y = x0, area.y
    for utype, dice in groups.items():
        ut = state.ruleset.units.get(utype)
        name = ut.name if ut else utype
        width = die + 4 + len(dice) * (die + 3) + 8
        if x + min(width, 3 * die) > area.right and x > x0:
            x = x0
            y += die + 4
        if y + die > area.bottom:
            break
        if surface is not None:
            draw_counter(surface, (x, y), ut or utype, ut.domain if ut else "land", (110, 116, 128), die,
                         anchor="topleft")
        if spots is not None:
            spots.add(pygame.Rect(x, y, die, die), None, tooltip=f"{name}: {len(dice)} dice")
        x += die + 4
        for need, face in dice:
            if x + die > area.right:
                x = x0 + die + 4
                y += die + 4
                if y + die > area.bottom:
                    break
            r = pygame.Rect(x, y, die, die)
            if surface is not None:
                draw_die(surface, r, face, scores and face <= need)
            if spots is not None:
                spots.add(r, None, tooltip=f"{name}\nhits on {need} or less; rolled {face}" if scores
                          else f"{name}\nrolled {face}")
            x += die + 3
        x += 10
    return y + die + 2


def rolls_that_fit(state, rolls, names, width: int, room: int, die: int = 22) -> int:
    """How many of the last fire steps fit in `room` pixels (at least one): the latest
    rolls are shown when a round (a raid: air battle, anti-aircraft fire, damage) has
    more steps than the box holds. `names`: who fired each roll."""
    used, n = 0, 0
    for roll, who in zip(reversed(rolls), reversed(names), strict=True):
        used += draw_roll(None, None, state, roll, who, pygame.Rect(0, 0, width, 1 << 16), die) + 6
        if used - 6 > room and n:   # no gap needed under the last row
            break
        n += 1
    return n


def bombard_units(state, b: Battle) -> list[Unit]:
    """The ships of b.bombard still on the map."""
    return [state.units[uid] for uid in b.bombard if uid in state.units]


def default_view(ruleset) -> str:
    """The battle strip for dice of more than six sides (d12), the list otherwise."""
    return "strip" if getattr(ruleset, "dice", 6) > 6 else "list"


class BattleWindow(Scene):
    opaque = False

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.spots = widgets.Hotspots()
        b = game.state.zone.battle
        self.last: Battle | None = b
        self.finished = b is None
        self.result = ""
        self.finished_for = 0.0
        self.choice: list[int] = []
        self.choice_key: tuple | None = None
        self.reroll = reroll_view.RerollChoice()  # dice chosen for a reconnaissance reroll
        self.intercept = intercept_view.InterceptChoice()  # fighters chosen to intercept an airdrop
        self.kamikaze = kamikaze_view.KamikazeChoice()     # G40: the targets of kamikaze tokens
        self.scramble = scramble_view.ScrambleChoice()  # aircraft chosen to scramble (g40)
        self.passed: set[tuple] = set()  # (space, round) a human defender let the computer roll on
        self.error = ""
        self.icon = ICON
        self.round_odds: dict[tuple[str, int], odds_view.OddsView] = {}
        self._raid_odds: Any = None                    # a bombing raid's exact odds
        self._raid_key: tuple[str, int] | None = None
        self.round_states: dict[tuple[str, int], tuple] = {}   # (state, attacker) at a round's start
        # every unit seen on each side of the battle being shown: once it ends, the ones
        # gone from the board are its losses (a side wiped out still says what it lost)
        self.seen: dict[str, dict[int, Unit]] = {"attacker": {}, "defender": {}}
        self._see(b)
        # the view: the game remembers the player's last choice; else the strip for d12
        chosen = getattr(game, "battle_view", None)
        self.view = chosen if chosen in ("strip", "list") else default_view(game.state.ruleset)

    # --- state -----------------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def blocks_ai(self) -> bool:  # type: ignore[override]
        # let the player see how an AI-fought battle ended before the computer goes on;
        # a human defender with a decision of its own (submerge, withdraw) gets its turn
        if battle_orders.defender_waits(self):
            return True
        return self.finished and self.finished_for < AUTO_CLOSE_S and not self.game.ctl.fast

    def pool_key(self) -> tuple | None:
        b = self.state.zone.battle
        if b is None or b.awaiting != "casualties" or not b.pools:
            return None
        return (b.space, b.round, b.step, len(b.pools), b.pools[0], self.state.action_count)

    def refresh(self) -> None:
        state = self.state
        b = state.zone.battle
        if b is not None:
            if self.last is None or self.last.space != b.space or self.finished:
                self.finished = False
                self.result = ""
                self.finished_for = 0.0
                self.seen = {"attacker": {}, "defender": {}}
            self.last = b
            self._see(b)
        elif not self.finished:
            self.finished = True
            self.finished_for = 0.0
            self.result = self.find_result()
            r = state.zone.last_battle
            if (self.last is not None and r is not None and r.rolls and r.space == self.last.space
                    and r.attacker == self.last.attacker):
                # the roll that ended the battle (the defender's last shots) shows too
                self.last = replace(self.last, rolls=r.rolls)
        key = self.pool_key()
        if key != self.choice_key:
            self.choice_key = key
            self.error = ""
            self.choice = list(A.default_casualties(state).units) if key is not None else []
        self.reroll.refresh(state)
        self.intercept.refresh(state)
        self.kamikaze.refresh(state)
        self.scramble.refresh(state)

    def _see(self, b: Battle | None) -> None:
        if b is None:
            return
        for side in ("attacker", "defender"):
            seen = self.seen[side]
            for u in B.side_units(self.state, b, side):
                seen[u.uid] = u
                for c in self.state.cargo_of(u.uid):   # lost with its carrier (seed 000: a
                    seen[c.uid] = c                     # paratrooper aboard a shot-down transport)

    def lost(self, side: str) -> list[Unit]:
        """The units `side` lost in the finished battle (none while it is fought)."""
        if not self.finished:
            return []
        units = self.state.units
        return [u for uid, u in sorted(self.seen[side].items()) if uid not in units]

    def lost_names(self, side: str) -> str:
        """'Infantry ×3, Armor' for the units `side` lost ('' for none)."""
        kinds: dict[str, int] = {}
        for u in self.lost(side):
            name = self.state.ruleset.units[u.type].name if u.type in self.state.ruleset.units else u.type
            kinds[name] = kinds.get(name, 0) + 1
        return ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in kinds.items())

    def odds(self) -> tuple[odds_view.OddsView | None, str, str]:
        """(odds, title, note) for the box: the odds of the forces left, computed when a
        round starts (before any of its dice) and kept for the rest of that round. The
        computation runs in the background (never in a frame): until it is in, the view
        is pending and the box says 'computing…'."""
        state = self.state
        b = state.zone.battle
        if b is None:
            last = self.last
            if last is None:
                return None, "Odds", ""
            v = self._round_view(last.space, last.round)
            return v, "Odds", f"before round {last.round}" if v is not None else ""
        # a kamikaze strike (G40) comes before round one: its odds are of what is left
        fresh = b.awaiting == "continue" or (b.awaiting == "roll" and not b.marked and not b.struck
                                             and all(r.step == "kamikaze" for r in b.rolls))
        key = (b.space, b.round)
        if fresh:
            self.round_states[key] = (state, b.attacker)
        v = self._round_view(b.space, b.round)
        if v is not None:
            return v, f"Odds before round {b.round}", ""
        # opened in the middle of a round: the forces left now, as fresh rounds
        v = odds_view.space_odds(self.game.odds, state, b.space, b.attacker)
        return v, "Odds", "units left now"

    def raid_odds_now(self) -> bool:
        """A bombing raid is being fought: its exact odds (game/odds/raid.py) are taken
        once, before its first die, and kept for the window."""
        b = self.state.zone.battle
        if b is None or not b.raid:
            return False
        if self._raid_key != (b.space, self.state.round) and not b.rolls:
            from game.odds.raid import raid_odds_for_space
            self._raid_odds = raid_odds_for_space(self.state, b.space, b.attacker)
            self._raid_key = (b.space, self.state.round)
        return True

    def _round_view(self, space: str, rnd: int) -> odds_view.OddsView | None:
        """The odds asked for at the start of that round (pending until computed)."""
        key = (space, rnd)
        v = self.round_odds.get(key)
        if v is not None:
            return v
        got = self.round_states.get(key)
        if got is None:
            return None
        v = odds_view.space_odds(self.game.odds, got[0], space, got[1])
        if v is not None and not v.pending:
            self.round_odds[key] = v
            self.round_states.pop(key, None)   # the result is kept: let the state go
        return v

    def find_result(self) -> str:
        """How the battle ended, from the rules' battle result: '… win(s) the battle in X',
        '… hold(s) X', 'Germany retreated to Poland.'"""
        if self.last is None:
            return ""
        r = self.state.zone.last_battle
        if r is not None and r.space == self.last.space and r.attacker == self.last.attacker:
            if r.raid or getattr(self.last, "raid", False):   # a raid is no battle won or held
                return raids.result_text(self.state, r.rolls, r.space)
            return B.result_text(self.state, r, past=True)
        return f"The battle in {self.state.scenario.spaces[self.last.space].name} is over."

    def update(self, dt: float) -> None:
        self.refresh()
        if self.finished:
            self.finished_for += dt
            if self.last is None:
                self.close()
                return
            ctl = self.game.ctl
            if ctl.is_ai(self.last.attacker) and (self.finished_for >= AUTO_CLOSE_S or ctl.fast):
                self.close()

    def close(self) -> None:
        b = self.state.zone.battle
        if b is not None:
            self.game.battle_hidden = b.space  # do not pop up again until it is reopened
        self.app.pop(self)

    def my_move(self) -> bool:
        return self.game.my_turn()

    # --- actions -----------------------------------------------------------------------
    def roll(self) -> None:
        b = self.state.zone.battle
        if b is None or not self.my_move() or b.awaiting == "casualties":
            return
        if b.awaiting == "reroll":
            self.do_reroll()
            return
        if b.awaiting == "intercept":
            self.do_intercept()
            return
        if b.awaiting == "kamikaze":
            self.do_kamikaze()
            return
        if b.awaiting == "scramble":
            self.do_scramble()
            return
        self.game.ctl.do(A.RollDice())
        self.refresh()

    # the defender's interception decision (intercept_view)
    # a choice the battle waits for from this seat (interception, kamikaze, scramble, rerolls)
    def _awaits_me(self, what: str) -> bool:
        b = self.state.zone.battle
        return b is not None and b.awaiting == what and self.my_move()

    def _send_choice(self, action: A.Action) -> None:
        """Play the choice; a refusal's reason shows in the window."""
        ctl = self.game.ctl
        before = ctl.message
        if ctl.do(action):
            self.error = ""
        else:
            self.error = ctl.message.text if ctl.message is not before and ctl.message else "Not a valid choice."
        self.refresh()

    def intercept_open(self) -> bool:
        return self._awaits_me("intercept")

    def do_intercept(self) -> None:
        """Intercept with the chosen fighters (none chosen: no interception)."""
        if self.intercept_open():
            self._send_choice(self.intercept.action())

    def no_interceptors(self) -> None:
        if self.intercept_open():
            self.intercept.pick = []
            self.do_intercept()

    def all_interceptors(self) -> None:
        if self.intercept_open():
            self.intercept.pick = list(B.interceptor_choices(self.state))

    def toggle_interceptor(self, uid: int) -> None:
        if self.intercept_open():
            self.intercept.toggle(uid)
            self.error = ""

    def toggle_interceptor_key(self, k: int) -> None:
        """Keys 1-9: the k-th fighter that may intercept."""
        if not self.intercept_open():
            return
        allowed = B.interceptor_choices(self.state)
        if 1 <= k <= len(allowed):
            self.toggle_interceptor(allowed[k - 1])

    # the kamikaze player's strikes (kamikaze_view)
    def kamikaze_open(self) -> bool:
        return self._awaits_me("kamikaze")

    def do_kamikaze(self) -> None:
        """Strike with the chosen tokens (none chosen: no strike)."""
        if self.kamikaze_open():
            self._send_choice(self.kamikaze.action())

    # the defender's scramble decision (scramble_view, g40)
    def scramble_open(self) -> bool:
        return self._awaits_me("scramble")

    def do_scramble(self) -> None:
        """Scramble the chosen aircraft (none chosen: none scramble)."""
        if self.scramble_open():
            self._send_choice(self.scramble.action())

    def no_kamikaze(self) -> None:
        if self.kamikaze_open():
            self.kamikaze.pick = []
            self.do_kamikaze()

    def default_kamikaze(self) -> None:
        b = self.state.zone.battle
        if self.kamikaze_open() and b is not None:
            self.kamikaze.pick = list(kamikaze_targets_default(self.state, b))

    def add_kamikaze_token(self, uid: int) -> None:
        if self.kamikaze_open():
            self.kamikaze.add(self.state, uid)
            self.error = ""

    def add_kamikaze_token_key(self, k: int) -> None:
        """Keys 1-9: a token on the k-th ship that may be struck."""
        b = self.state.zone.battle
        if not self.kamikaze_open() or b is None:
            return
        ships = kamikaze_targets(self.state, b)
        if 1 <= k <= len(ships):
            self.add_kamikaze_token(ships[k - 1].uid)

    def no_scramble(self) -> None:
        if self.scramble_open():
            self.scramble.pick = []
            self.do_scramble()

    def most_scramble(self) -> None:
        if self.scramble_open():
            self.scramble.pick = list(scramble_rules.default_choice(self.state))

    def toggle_scramble(self, uid: int) -> None:
        if self.scramble_open():
            self.scramble.toggle(uid)
            self.error = ""

    def toggle_scramble_key(self, k: int) -> None:
        """Keys 1-9: the k-th aircraft that may scramble."""
        if not self.scramble_open():
            return
        allowed = [uid for planes in scramble_rules.bases(self.state, self.state.zone.battle).values() for uid in planes]
        if 1 <= k <= len(allowed):
            self.toggle_scramble(allowed[k - 1])

    # reconnaissance rerolls (reroll_view)
    def reroll_open(self) -> bool:
        return self._awaits_me("reroll")

    def do_reroll(self) -> None:
        """Reroll the chosen dice (none chosen: keep them)."""
        if self.reroll_open():
            self._send_choice(self.reroll.action())

    def keep_dice(self) -> None:
        if self.reroll_open():
            self.game.ctl.do(A.KeepDice())
            self.error = ""
            self.refresh()

    def default_reroll(self) -> None:
        if self.reroll_open():
            self.reroll.pick = list(B.default_reroll(self.state))
            self.error = ""

    def toggle_reroll(self, i: int) -> None:
        if self.reroll_open():
            self.error = self.reroll.toggle(self.state, i)

    def toggle_reroll_key(self, k: int) -> None:
        """Keys 1-9: the k-th die that may be rerolled."""
        b = self.state.zone.battle
        if b is None or not self.reroll_open():
            return
        elig = B.reroll_eligible(self.state, b)
        if 1 <= k <= len(elig):
            self.toggle_reroll(elig[k - 1])

    def confirm(self) -> None:
        b = self.state.zone.battle
        if b is None or b.awaiting != "casualties" or not self.my_move():
            return
        ctl = self.game.ctl
        before = ctl.message
        if ctl.do(A.Casualties(tuple(self.choice))):
            self.error = ""
            self.refresh()
        else:
            self.error = ctl.message.text if ctl.message is not before and ctl.message else "Not a valid choice."

    def reset_choice(self) -> None:
        if self.pool_key() is not None:
            self.choice = list(A.default_casualties(self.state).units)
            self.error = ""

    def retreat(self, to: str) -> None:
        if self.my_move():
            self.game.ctl.do(A.Retreat(to))
            self.refresh()

    def click_unit(self, u: Unit) -> None:
        b = self.state.zone.battle
        if b is None or b.awaiting != "casualties" or not self.my_move():
            return
        pool = b.pools[0]
        side = B.side_units(self.state, b, pool.side)
        if u.uid not in {x.uid for x in side}:
            self.error = "Casualties come from the side that was hit."
            return
        need = self.needed()
        c = self.choice.count(u.uid)
        hp = B.hit_points(self.state, u)
        if c and (c >= hp or len(self.choice) >= need):
            self.choice = [x for x in self.choice if x != u.uid]
        elif len(self.choice) < need:
            self.choice.append(u.uid)
        elif self.choice:
            self.choice[-1] = u.uid
            self.choice = self.choice[:need]
        self.error = ""

    def click_stack(self, units: list[Unit]) -> None:
        """Strip view: a click on a stack marks one more of its units (spreading hits over
        multi-hit units first); a full choice swaps its last mark for this stack; a
        stack fully marked is unmarked one by one."""
        b = self.state.zone.battle
        if b is None or b.awaiting != "casualties" or not self.my_move() or not units:
            return
        pool = b.pools[0]
        side = B.side_units(self.state, b, pool.side)
        if units[0].uid not in {x.uid for x in side}:
            self.error = "Casualties come from the side that was hit."
            return
        elig = {u.uid for u in B.eligible(self.state, pool, side, B.firing_types_of(self.state, b, pool))}
        cands = [u for u in units if u.uid in elig and self.choice.count(u.uid) < B.hit_points(self.state, u)]
        if not [u for u in units if u.uid in elig]:
            self.error = f"{self.state.utype(units[0]).name} cannot take these hits."
            return
        need = self.needed()
        self.error = ""
        if not cands:
            self.unmark_stack(units)
            return
        pick = min(cands, key=lambda u: (self.choice.count(u.uid), u.uid))
        if len(self.choice) < need:
            self.choice.append(pick.uid)
        elif self.choice:
            self.choice[-1] = pick.uid
            self.choice = self.choice[:need]

    def unmark_stack(self, units: list[Unit]) -> None:
        """Strip view, right click: take back one mark from this stack."""
        uids = {u.uid for u in units}
        for i in range(len(self.choice) - 1, -1, -1):
            if self.choice[i] in uids:
                del self.choice[i]
                self.error = ""
                return

    def toggle_view(self) -> None:
        self.view = "list" if self.view == "strip" else "strip"
        self.game.battle_view = self.view

    def needed(self) -> int:
        b = self.state.zone.battle
        if b is None or not b.pools:
            return 0
        pool = b.pools[0]
        targets = B.side_units(self.state, b, pool.side)
        return B.effective_hits(self.state, pool, targets, B.firing_types_of(self.state, b, pool))

    def no_retreat_reason(self) -> str:
        """Why the attacker cannot retreat now, in the rules' words."""
        b = self.state.zone.battle
        if b is None or b.awaiting != "continue":
            return ""
        to = b.origins[0] if b.origins else b.space
        try:
            A.apply(self.state, A.Retreat(to))
        except IllegalAction as exc:
            return str(exc)
        except Exception:  # noqa: BLE001 - no reason to show
            logger.debug("retreat check to %s failed; no reason shown", to, exc_info=True)
            return ""
        return ""

    def retreat_tip(self, name: str) -> str:
        """What the Retreat button does: airdropped units stay and fight on (seed 000)."""
        b = self.state.zone.battle
        staying = [u for u in B.alive(self.state, B.attackers(self.state, b))
                   if B.stays_in_retreat(u)] if b is not None else []
        if not staying:
            return f"All attackers retreat to {name}"
        return (f"The attackers retreat to {name}, except {len(staying)} airdropped unit(s): "
                f"paratroopers may not withdraw, they fight on alone")

    def retreats(self) -> list[str]:
        return [a.to for a in A.legal_actions(self.state) if isinstance(a, A.Retreat)]

    # --- events -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            b = self.state.zone.battle
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_TAB:
                self.toggle_view()
            elif event.key == pygame.K_b and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.game.open_calculator()
            elif event.key == pygame.K_SPACE and self.game.ctl.ai_to_act():
                self.game.ctl.skip_ahead()
            elif b is None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif b is not None and b.awaiting == "casualties" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            elif b is not None and b.awaiting == "reroll" and event.key == pygame.K_k:
                self.keep_dice()
            elif b is not None and b.awaiting == "reroll" and event.key == pygame.K_d:
                self.default_reroll()
            elif b is not None and b.awaiting == "reroll" and pygame.K_1 <= event.key <= pygame.K_9:
                self.toggle_reroll_key(event.key - pygame.K_0)
            elif b is not None and b.awaiting == "intercept" and pygame.K_1 <= event.key <= pygame.K_9:
                self.toggle_interceptor_key(event.key - pygame.K_0)
            elif b is not None and b.awaiting == "intercept" and event.key == pygame.K_n:
                self.no_interceptors()
            elif b is not None and b.awaiting == "intercept" and event.key == pygame.K_a:
                self.all_interceptors()
            elif b is not None and b.awaiting == "kamikaze" and pygame.K_1 <= event.key <= pygame.K_9:
                self.add_kamikaze_token_key(event.key - pygame.K_0)
            elif b is not None and b.awaiting == "kamikaze" and event.key == pygame.K_n:
                self.no_kamikaze()
            elif b is not None and b.awaiting == "kamikaze" and event.key == pygame.K_d:
                self.default_kamikaze()
            elif b is not None and b.awaiting == "scramble" and pygame.K_1 <= event.key <= pygame.K_9:
                self.toggle_scramble_key(event.key - pygame.K_0)
            elif b is not None and b.awaiting == "scramble" and event.key == pygame.K_n:
                self.no_scramble()
            elif b is not None and b.awaiting == "scramble" and event.key == pygame.K_a:
                self.most_scramble()
            elif b is not None and battle_orders.handle_key(self, event):
                pass
            elif b is not None and event.key in (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.roll()
            return
        self.spots.click(event)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        self.spots.clear()
        theme.dim(surface, 140)
        sw, sh = surface.get_size()
        rect = pygame.Rect(0, 0, min(1060, sw - 60), min(720, sh - 40))
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        state = self.state
        b = state.zone.battle or self.last
        if b is None:
            return
        sp = state.scenario.spaces[b.space]
        raid = getattr(b, "raid", False) or any(r.step.startswith("raid_") for r in b.rolls)
        title = f"Bombing raid on {sp.name}" if raid else f"Battle in {sp.name}"
        theme.text(surface, title, (rect.x + 20, rect.y + 14), 36, theme.ACCENT, bold=True)
        theme.text(surface, f"Round {b.round}", (rect.right - 20, rect.y + 18), 28, theme.TEXT, anchor="topright")
        status, scol = self.status_text()
        theme.text(surface, theme.elide(status, rect.w - 40, 22), (rect.x + 20, rect.y + 50), 22, scol)
        # columns
        col_top = rect.y + 84
        dice_h = 132
        orders = battle_orders.orders(self) if state.zone.battle is not None else []
        bottom_bar = 64 + (48 if orders else 0)   # a row for submerge / withdraw / fight on
        if self.view == "strip":
            band = 112 if rect.h >= 600 else 92
            strip_rect = pygame.Rect(rect.x + 20, col_top, rect.w - 40, rect.h - (col_top - rect.y) - band - bottom_bar)
            strip.draw(self, surface, strip_rect, b)
            dice_h = band
            att_rect = strip_rect
            dice_rect = pygame.Rect(rect.x + 20, strip_rect.bottom + 10, rect.w - 40 - 260, dice_h - 16)
            if state.zone.battle is not None and state.zone.battle.awaiting == "reroll":
                reroll_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "intercept":
                intercept_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "kamikaze":
                kamikaze_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "scramble":
                scramble_view.draw(self, surface, dice_rect, b)
            else:
                self.draw_roll_log(surface, dice_rect, b)
        else:
            col_h = rect.h - (col_top - rect.y) - dice_h - bottom_bar
            half = (rect.w - 60) // 2
            att_rect = pygame.Rect(rect.x + 20, col_top, half, col_h)
            def_rect = pygame.Rect(rect.x + 40 + half, col_top, half, col_h)
            self.draw_side(surface, att_rect, b, "attacker")
            self.draw_side(surface, def_rect, b, "defender")
            dice_rect = pygame.Rect(rect.x + 20, att_rect.bottom + 10, rect.w - 40 - 260, dice_h - 16)
            if state.zone.battle is not None and state.zone.battle.awaiting == "reroll":
                reroll_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "intercept":
                intercept_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "kamikaze":
                kamikaze_view.draw(self, surface, dice_rect, b)
            elif state.zone.battle is not None and state.zone.battle.awaiting == "scramble":
                scramble_view.draw(self, surface, dice_rect, b)
            else:
                self.draw_dice(surface, dice_rect, b)
        odds = pygame.Rect(dice_rect.right + 10, dice_rect.y, 250, dice_rect.h)
        if self.raid_odds_now() or (b is not None and any(r.step.startswith("raid_") for r in b.rolls)):
            odds_view.draw_raid_box(surface, odds, self._raid_odds, state.ruleset)
            if self._raid_odds is not None:
                self.spots.add(odds, None, tooltip="\n".join(["Raid odds, as the raid began"]
                                                             + odds_view.raid_lines(self._raid_odds, state.ruleset)))
            v = None
        else:
            v, title, note = self.odds()
        if v is not None:
            odds_view.draw_box(surface, odds, v, title, note)
            tip = [title + (f" ({note})" if note else "")] + odds_view.summary_lines(v, state.ruleset)
            self.spots.add(odds, None, tooltip="\n".join(tip + ["Battle calculator: Ctrl+B"]))
        if orders:
            battle_orders.draw(self, surface, pygame.Rect(rect.x + 20, rect.bottom - bottom_bar + 8, rect.w - 40, 40),
                               orders)
        self.draw_buttons(surface, pygame.Rect(rect.x + 20, rect.bottom - 56, rect.w - 40, 44), b)
        if self.error:
            lines = theme.wrap(self.error, rect.w - 80, 21)
            er = pygame.Rect(0, 0, rect.w - 40, 14 + 21 * len(lines))
            er.midbottom = (rect.centerx, rect.bottom - bottom_bar)
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.BAD, 0.35), er, border_radius=6)
            pygame.draw.rect(surface, theme.BAD, er, width=1, border_radius=6)
            for i, line in enumerate(lines):
                theme.text(surface, line, (er.x + 12, er.y + 7 + i * 21), 21, theme.TEXT)
        widgets.hover_tooltip(surface, self.spots)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        b = state.zone.battle
        ctl = self.game.ctl
        if b is None:
            return (self.result or "The battle is over.") + "  —  Close (Enter)", theme.GOOD
        who = ctl.player_name(ctl.actor())
        comp = " (computer)" if ctl.is_ai(ctl.actor()) else ""
        if b.awaiting == "casualties":
            pool = b.pools[0]
            side = self.side_name(b, pool.side)
            n = self.needed()
            note = self.pool_note()
            if note:
                return (f"{note}{comp} ({n} hit{'s' if n != 1 else ''} on {side}; default marked, "
                        "click to change)."), theme.BAD
            why = self.chooser_note(b, side)
            takes = grammar.verb("takes", side_plural(state, b, pool.side))
            chooses = grammar.verb("chooses", grammar.player_plural(state.scenario.player(ctl.actor())))
            return (f"{side} {takes} {n} hit{'s' if n != 1 else ''}: {who}{why}{comp} {chooses} casualties "
                    "(default marked; click units to change)."), theme.BAD
        if b.awaiting == "reroll" and b.rolls:
            return reroll_view.status(self, b), theme.INFO
        if b.awaiting == "intercept":
            return intercept_view.status(self, b), theme.INFO
        if b.awaiting == "kamikaze":
            return kamikaze_view.status(self, b), theme.INFO
        if b.awaiting == "scramble":
            return scramble_view.status(self, b), theme.INFO
        waiting = battle_orders.waiting_text(self)
        if waiting:
            return waiting, theme.INFO
        if b.awaiting == "roll" and b.drops and b.interceptors is None and B.interceptor_choices(state, b):
            return (f"{who}{comp}: roll (R); the air transports fly in and "
                    f"{self.side_name(b, 'defender')} chooses which fighters intercept."), theme.INFO
        if b.awaiting == "continue":
            if not self.retreats():
                return f"{who}{comp}: fight another round (R); no retreat is possible.", theme.INFO
            return f"{who}{comp}: fight another round (R) or retreat.", theme.INFO
        return f"{who}{comp}: roll the dice (R).", theme.INFO

    def chooser_note(self, b: Battle, side_names: str) -> str:
        """' (holds Libya)' when the player choosing casualties is not among the owners of
        the units hit: the rules let the territory's owner choose for its allies."""
        actor = self.game.ctl.actor()
        name = self.game.ctl.player_name(actor)
        if name in [x.strip() for x in side_names.split(",")]:
            return ""
        if self.state.owners.get(b.space) == actor:
            return f" (holds {self.state.scenario.spaces[b.space].name})"
        return ""

    def pool_note(self) -> str:
        """The current casualty pool's restriction ('Torpedo Bomber hits: Britain picks
        among ships'), '' when the side hit chooses freely."""
        b = self.state.zone.battle
        if b is None or b.awaiting != "casualties" or not b.pools:
            return ""
        return strip.pool_note(self.state, b, b.pools[0], lambda s: self.side_name(b, s))

    def draw_roll_log(self, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
        """Strip view: this round's fire steps as lines of text (the dice lie on the strip)."""
        pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
        live = self.state.zone.battle
        last_round = live is not None and live.awaiting == "continue" and b.rolls
        title = f"Dice of round {b.round - 1}" if last_round else "Dice this round"
        theme.text(surface, title, (box.x + 10, box.y + 6), 18, theme.TEXT_DIM, bold=True)
        theme.text(surface, "Tab: list view", (box.right - 10, box.y + 8), 15, theme.TEXT_DIM, anchor="topright")
        y = box.y + 28
        if not b.rolls:
            theme.text(surface, "No dice rolled yet this round.", (box.x + 10, y), 17, theme.TEXT_DIM)
            return
        rolls = list(b.rolls)
        fit = max(1, (box.bottom - y - 2) // 19)
        if len(rolls) > fit:
            rolls = rolls[-fit:]
        for roll in rolls:
            who = self.roll_who(b, roll)
            hits = B.roll_result(self.state, roll)
            head = f"{who} {B.step_name(roll.step, grammar.name_plural(self.state.scenario, who))}: {hits}"
            r = theme.text(surface, theme.elide(head, box.w // 2, 17), (box.x + 10, y), 17,
                           theme.GOOD if roll.hits > roll.void else theme.TEXT)
            faces = " ".join(str(f) for _t, _n, f in roll.dice)
            theme.text(surface, theme.elide(f"rolled {faces}", box.right - r.right - 24, 16), (r.right + 12, y + 1),
                       16, theme.TEXT_DIM)
            y += 19

    def draw_side(self, surface: pygame.Surface, box: pygame.Rect, b: Battle, side: str) -> None:
        state = self.state
        units = B.attackers(state, b) if side == "attacker" else B.defenders(state, b)
        role = "attack" if side == "attacker" else "defense"
        pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
        if side == "attacker":
            owners = [b.attacker]
        else:
            owners = sorted({u.owner for u in units}) or list(b.defenders)
        names = ", ".join(self.game.ctl.player_name(o) for o in owners) or "—"
        x, y = box.x + 10, box.y + 8
        for o in owners[:3]:
            col = palette.nation_color(state.scenario, o)
            theme.swatch(surface, pygame.Rect(x, y + 2, 16, 16), col)
            x += 20
        theme.text(surface, f"{'Attacker' if side == 'attacker' else 'Defender'}: "
                   + theme.elide(names, box.w - 200, 22, bold=True), (x + 4, y), 22, theme.TEXT, bold=True)
        alive = B.alive(state, units)
        lost = self.lost(side)
        count = f"{len(alive)} unit{'s' if len(alive) != 1 else ''}" + (f" · {len(lost)} lost" if lost else "")
        theme.text(surface, count, (box.right - 10, y + 2), 20, theme.TEXT_DIM, anchor="topright")
        y += 30
        if side == "defender" and b.raid and not alive and not lost:   # the interceptors' choice
            n = len(raids.interceptor_choices(state, b)) if b.interceptors is None and b is state.zone.battle else 0
            note = (f"{n} aircraft here may intercept: the defender chooses at the first roll" if n
                    else "No interceptors: the bombers meet the anti-aircraft fire alone")
            theme.text(surface, theme.elide(note, box.w - 20, 18), (box.x + 10, y), 18, theme.TEXT_DIM)
            y += 24
        if lost:   # the finished battle's losses: a side wiped out has no units left to show
            theme.text(surface, theme.elide("Lost: " + self.lost_names(side), box.w - 20, 18),
                       (box.x + 10, y), 18, theme.BAD)
            y += 24
        bonus = B.support_bonus(state, alive, role)
        pool_side = None
        sb = state.zone.battle
        if sb is not None and sb.awaiting == "casualties" and sb.pools:
            pool_side = sb.pools[0].side
        eligible: set[int] = set()
        if pool_side == side and sb is not None:
            pool = sb.pools[0]
            eligible = {u.uid for u in B.eligible(state, pool, units, B.firing_types_of(state, sb, pool))}
        groups: dict[tuple[str, int], list[Unit]] = {}
        raid = getattr(b, "raid", False)
        for u in sorted(units, key=lambda x: x.uid):
            if raid:   # a raid's only combat is the air battle, at its own values (g40: 1)
                value = raids.air_value(state, u, role)
            else:
                # as on the strip: a unit that cannot fire here (a carrier with no aircraft
                # attacking, torpedo bombers over land) shows 0, not its printed value
                value = B.fire_value(state, b, u, role, bonus) if strip.fires(state, b, u, side) else 0
            groups.setdefault((u.type, value), []).append(u)
        order = list(state.ruleset.units)
        ordered = sorted(groups.items(), key=lambda kv: (order.index(kv[0][0]) if kv[0][0] in order else 99,
                                                         kv[0][1]))
        label_w = 150
        icons_w = box.w - label_w - 16

        def height(icon: int, compact: bool) -> int:
            per_row = max(1, icons_w // (icon + 4))
            floor = icon + 2 if compact else 36
            return sum(max(floor, ((len(us) + per_row - 1) // per_row) * (icon + 4)) + 3 for _, us in ordered)

        modes = [(34, False), (30, False), (30, True), (26, True), (22, True), (18, True), (14, True)]
        icon, compact = next((m for m in modes if height(*m) <= box.bottom - y - 4), modes[-1])
        self.icon = icon
        per_row = max(1, icons_w // (icon + 4))
        scrambled = scramble_rules.scrambled(state) if side == "defender" else {}
        for (utype, value), us in ordered:
            ut = state.ruleset.units[utype]
            rows = (len(us) + per_row - 1) // per_row
            gh = max(icon + 2 if compact else 36, rows * (icon + 4))
            if y + min(gh, icon) > box.bottom:
                theme.text(surface, "…", (box.x + 10, y), 20, theme.TEXT_DIM)
                break
            if compact:
                theme.text(surface, theme.elide(f"{ut.name} ×{len(us)}", label_w - 30, 18),
                           (box.x + 10, y + icon // 2), 18, theme.TEXT, anchor="midleft")
                theme.text(surface, str(value), (box.x + label_w - 6, y + icon // 2), 18, theme.TEXT_DIM,
                           anchor="midright")
            else:
                theme.text(surface, theme.elide(f"{ut.name} ×{len(us)}", label_w - 4, 19), (box.x + 10, y + 2),
                           19, theme.TEXT)
                sub = f"{self.value_word(side)} {value}" + (" · airborne" if any(u.airborne for u in us) else "")
                flown = sum(1 for u in us if u.uid in scrambled)
                if flown:   # g40: aircraft scrambled in from an air base
                    sub += f" · {flown} scrambled"
                ids = {u.uid for u in us}
                aboard = sum(1 for c in state.units.values() if c.carried_by in ids and B.is_cargo(state, c))
                if aboard and ut.has("air_transport"):   # an airdrop still to be intercepted
                    sub += f" · carrying {aboard}"
                theme.text(surface, sub, (box.x + 10, y + 19), 17, theme.TEXT_DIM)
            for k, u in enumerate(us):
                r, c = divmod(k, per_row)
                pos = (box.x + 10 + label_w + c * (icon + 4), y + r * (icon + 4))
                if pos[1] + icon > box.bottom:
                    break
                self.draw_unit(surface, pos, u, value, side, pool_side == side, u.uid in eligible)
            y += gh + 3
        if side == "attacker":
            self.draw_bombard(surface, pygame.Rect(box.x, y, box.w, box.bottom - y), b, label_w)

    def draw_bombard(self, surface: pygame.Surface, box: pygame.Rect, b: Battle, label_w: int) -> None:
        """The ships bombarding the shore (they sit in the sea zone, not in the battle)."""
        ships = bombard_units(self.state, b)
        if not ships or box.h < 20:
            return
        state = self.state
        icon = min(self.icon, 26)
        when = "bombarding" if b.round <= 1 else "bombarded (round 1)"
        theme.text(surface, theme.elide(f"{len(ships)} {when}", label_w - 4, 18), (box.x + 10, box.y + 2), 18,
                   theme.INFO)
        x = box.x + 10 + label_w
        for u in ships:
            if x + icon > box.right - 6:
                break
            ut = state.utype(u)
            col = palette.nation_color(state.scenario, u.owner)
            r = draw_counter(surface, (x, box.y), ut, ut.domain, col, icon, anchor="topleft")
            bo = ut.ability("bombard")
            val = (getattr(bo, "value", None) or ut.attack) if bo is not None else ut.attack
            self.spots.add(r, None, tooltip=f"{ut.name} ({self.game.ctl.player_name(u.owner)})\n"
                           f"bombards the shore at {val} in round 1 (from the sea zone; takes no hits)")
            x += icon + 4

    def draw_unit(self, surface: pygame.Surface, pos: tuple[int, int], u: Unit, value: int, side: str,
                  choosing: bool, eligible: bool) -> None:
        state = self.state
        ut = state.utype(u)
        col = palette.nation_color(state.scenario, u.owner)
        dead = u.damage >= ut.hits
        rect = draw_counter(surface, pos, ut, ut.domain, col, self.icon, stats="", damaged=0 if dead else u.damage,
                            anchor="topleft")
        ts = max(11, self.icon // 2 - 3)
        tag = pygame.Rect(rect.right - ts, rect.bottom - ts, ts + 1, ts + 1)
        pygame.draw.rect(surface, (20, 20, 24), tag, border_radius=3)
        theme.text(surface, str(value), tag.center, ts + 3, (250, 250, 250), anchor="center", bold=True)
        if dead:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((10, 10, 10, 150))
            surface.blit(veil, rect.topleft)
            pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, 3)
        n = self.choice.count(u.uid) if choosing else 0
        if n:
            pygame.draw.rect(surface, theme.BAD, rect.inflate(4, 4), width=3, border_radius=5)
            pygame.draw.line(surface, theme.BAD, (rect.x + 4, rect.y + 4), (rect.right - 4, rect.bottom - 4), 3)
            pygame.draw.line(surface, theme.BAD, (rect.x + 4, rect.bottom - 4), (rect.right - 4, rect.y + 4), 3)
            if n > 1:
                theme.text(surface, f"×{n}", (rect.right, rect.y - 2), 18, theme.BAD, anchor="bottomright", bold=True)
        elif choosing and eligible and self.my_move():
            pygame.draw.rect(surface, theme.lighten(theme.BAD, 0.4), rect.inflate(4, 4), width=1, border_radius=5)
        hp = ut.hits - u.damage
        tip = [f"{ut.name} ({self.game.ctl.player_name(u.owner)})",
               f"{self.value_word(side)} {value}" + (f", {hp} hit(s) left" if ut.hits > 1 else "")]
        if u.airborne:
            tip.append("airborne: dropped from the air (anti-aircraft fired at it); stays if its side retreats")
        base = scramble_rules.scrambled(self.state).get(u.uid)
        if base is not None and u.space != base:
            tip.append(f"scrambled from {self.state.scenario.spaces[base].name}: flies back to its air base "
                       "when combat ends")
        if dead:
            tip.append("destroyed (fires back this round)")
        elif choosing and self.my_move():
            tip.append("click to mark / unmark as a casualty" if eligible else "cannot take these hits")
        self.spots.add(rect, partial(self.click_unit, u) if choosing else None, tooltip="\n".join(tip))

    def value_word(self, side: str) -> str:
        """What the value on a counter is: 'attack' / 'defense', 'air battle' in a raid."""
        b = self.state.zone.battle or self.last
        if b is not None and getattr(b, "raid", False):
            return "air battle"
        return "attack" if side == "attacker" else "defense"

    def side_name(self, b: Battle, side: str) -> str:
        """'Italy' / 'United Kingdom': who fires (the owners of the side, not 'Defender')."""
        return side_name(self.state, self.game.ctl, b, side)

    def roll_who(self, b: Battle, roll: Any) -> str:
        """Who rolled: the side's owners; a raid's anti-aircraft fire is the facility's, its
        territory owner's (not every owner of the interceptors)."""
        owner = self.state.owners.get(b.space)
        if roll.step == "raid_aa" and owner is not None:
            return self.game.ctl.player_name(owner)
        return self.side_name(b, roll.side)

    def draw_dice(self, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
        state = self.state
        pygame.draw.rect(surface, (30, 34, 41), box, border_radius=8)
        live = state.zone.battle
        last_round = live is not None and live.awaiting == "continue" and b.rolls
        title = f"Dice of round {b.round - 1}" if last_round else "Dice this round"
        theme.text(surface, title, (box.x + 10, box.y + 6), 20, theme.TEXT_DIM, bold=True)
        if last_round:
            theme.text(surface, "the next roll starts a new round", (box.right - 10, box.y + 9), 15,
                       theme.TEXT_DIM, anchor="topright")
        y = box.y + 30
        if not b.rolls:
            theme.text(surface, "No dice rolled yet this round.", (box.x + 10, y), 19, theme.TEXT_DIM)
            return
        die = 22
        names = [self.roll_who(b, roll) for roll in b.rolls]
        n = rolls_that_fit(state, b.rolls, names, box.w - 16, box.bottom - y, die)
        if n < len(b.rolls) and not last_round:
            hidden = len(b.rolls) - n
            theme.text(surface, f"{hidden} earlier step{'s' if hidden != 1 else ''} in the log",
                       (box.right - 10, box.y + 9), 15, theme.TEXT_DIM, anchor="topright")
        for roll, who in zip(b.rolls[-n:], names[-n:], strict=True):
            if y + die > box.bottom:
                break
            y = draw_roll(surface, self.spots, state, roll, who,
                          pygame.Rect(box.x + 10, y, box.w - 16, box.bottom - y), die)
            y += 6

    def draw_buttons(self, surface: pygame.Surface, bar: pygame.Rect, b: Battle) -> None:
        state = self.state
        live = state.zone.battle
        mine = self.my_move()
        x = bar.x
        if live is None:
            widgets.button(surface, self.spots, pygame.Rect(bar.right - 160, bar.y, 160, bar.h), "Close",
                           self.close, primary=True, tooltip="Back to the map  (Enter / Esc)")
            self.view_button(surface, bar.move(-40, 0))
            return
        if live.awaiting == "reroll":
            reroll_view.draw_buttons(self, surface, bar)
        elif live.awaiting == "intercept":
            intercept_view.draw_buttons(self, surface, bar)
        elif live.awaiting == "kamikaze":
            kamikaze_view.draw_buttons(self, surface, bar)
        elif live.awaiting == "scramble":
            scramble_view.draw_buttons(self, surface, bar)
        elif live.awaiting == "casualties":
            widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 230, bar.h), "Confirm casualties",
                           self.confirm, enabled=mine, primary=True,
                           tooltip="Remove the marked units  (Enter)")
            x += 240
            widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 170, bar.h), "Default choice",
                           self.reset_choice, enabled=mine, tooltip="Mark the default order of loss again")
            x += 180
            theme.text(surface, f"{len(self.choice)} / {self.needed()} marked", (x + 6, bar.centery), 22,
                       theme.TEXT, anchor="midleft")
        else:
            label = "Next round  (R)" if live.awaiting == "continue" else "Roll  (R)"
            widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 200, bar.h), label, self.roll,
                           enabled=mine, primary=True, tooltip="Roll the next fire step  (R / Enter)")
            x += 210
            if live.awaiting == "continue" and not self.retreats():
                why = self.no_retreat_reason()
                if why:
                    lines = theme.wrap("No retreat: " + why, bar.right - 140 - x, 18)[:2]
                    for i, line in enumerate(lines):
                        theme.text(surface, line, (x, bar.y + 4 + i * 19), 18, theme.TEXT_DIM)
            if live.awaiting == "continue":
                room = max(0, (bar.right - 130 - 10 - 170 - 10 - x) // 230)
                for to in self.retreats()[:min(3, room)]:
                    name = state.scenario.spaces[to].name
                    widgets.button(surface, self.spots, pygame.Rect(x, bar.y, 220, bar.h), f"Retreat to {name}",
                                   partial(self.retreat, to), enabled=mine,
                                   tooltip=self.retreat_tip(name))
                    x += 230
        self.view_button(surface, bar)
        widgets.button(surface, self.spots, pygame.Rect(bar.right - 130, bar.y, 130, bar.h), "Hide",
                       self.close, tooltip="Look at the map; reopen with C  (Esc)")

    def view_button(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        label = "List view" if self.view == "strip" else "Battle strip"
        widgets.button(surface, self.spots, pygame.Rect(bar.right - 130 - 10 - 170, bar.y, 170, bar.h), label,
                       self.toggle_view, size=20,
                       tooltip="Switch between the battle strip (columns of the die) and the list  (Tab)")
