"""Position evaluation for the `standard` hex player (europa rules, hex maps).

`evaluate(state, alliance, mode)` scores a position for one alliance, in strength
points (an infantry brigade 3-4 is worth about 7):
- objectives held (victory hexes) against the enemy's;
- material: attack + defense of every unit (cadres count their reduced side);
- supply: units that would be out of supply next initial phase count less (ours and
  the enemy's: cutting the enemy's lines is worth something);
- threat: for each hex we hold, the strength the enemy can bring next turn (units
  within reach of an adjacent hex) gives odds on the CRT (terrain, the enemy's air
  support) and the expected loss, an objective's loss counted in full; an empty
  objective an enemy unit can walk into is as good as lost;
- opportunity (mode "move": before our combat phase): the attacks our units next to
  the enemy can make now, allocated greedily (each unit once), at the expected CRT
  result with the odds interpolated between columns (so every strength point added
  to an attack counts); an objective taken counts with the chance that what advances
  holds it against the enemy strength in reach (`_hold_chances`);
- approach: every unit with an attack strength a little closer to the nearest
  enemy-held objective (or enemy unit), in the movement points its type pays over the
  terrain and hexsides (`mp_dist`; artillery in rough terrain is farther than its hexes).
- the objective count: holding what the victory conditions need is worth W_WIN, and
  W_ROUND_END to the round's last player (the count is taken when its turn ends); for
  that player an attack that takes such an objective back is worth as much;
- joint threat: the chance the enemy takes every objective it still needs next turn
  (the chances of the single hexes multiplied);
- tempo: a side that must attack values units less in its last two turns.
Pure functions of the state: the rules core does the arithmetic (crt.preview,
hexsupply.in_supply, hexmove.zoc_hexes); nothing here changes the state.
"""
from __future__ import annotations

import heapq
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from game.rules.hex import crt
from game.rules.hex import grid as hexgrid
from game.rules.hex import move as hexmove
from game.rules.hex import supply as hexsupply
from game.rules.hex.load import odds_value
from game.rules.model import GameState, Unit, UnitType

from ..config import hex_config


@dataclass(frozen=True)
class Outcome:
    """What one CRT result does, for scoring: fractions of each side's strength lost,
    whether the defender leaves the hex (it can be taken) and the attacker retreats."""
    d_loss: float
    a_loss: float
    exchange: bool
    d_leaves: bool
    a_retreats: bool


def outcomes(state: GameState) -> dict[str, Outcome]:
    out: dict[str, Outcome] = {}
    for code, r in hexmove.rules(state).crt.results.items():
        d = {"all": 1.0, "half": 0.5}.get(r.defender_loss or "", 0.0)
        a = {"all": 1.0, "half": 0.5}.get(r.attacker_loss or "", 0.0)
        out[code] = Outcome(d, a, r.attacker_loss == "exchange",
                            r.defender_loss == "all" or bool(r.defender_retreat), bool(r.attacker_retreat))
    return out


def unit_value(state: GameState, u: Unit) -> float:
    ut = state.utype(u)
    v = float(ut.value("attack", u.damage) + ut.value("defense", u.damage))
    if ut.ability("supply_source") is not None and ut.move > 0:
        v += 4.0   # an HQ / supply unit keeps others in supply
    return max(v, 0.5)


def objectives(state: GameState) -> list[str]:
    return [s for s, sp in state.scenario.spaces.items() if sp.victory_city]


@lru_cache(maxsize=1 << 18)
def dist(a: str, b: str) -> int:
    """Hexes between two hex ids (kept: the evaluation asks it hundreds of thousands of times)."""
    return hexgrid.distance(hexgrid.parse_hex_id(a), hexgrid.parse_hex_id(b))


def in_reach(e: Unit, et: UnitType, hid: str) -> bool:
    """Whether enemy unit e can attack hex `hid` next turn, as the threat counts it: half
    its move and one hex more (one less out of supply)."""
    reach = max(1, (et.move + 1) // 2) + 1
    if e.oos:
        reach = max(1, reach - 1)
    return dist(e.space, hid) <= reach


def strike(e: Unit, et: UnitType) -> float:
    """Unit e's attack strength (halved out of supply)."""
    a = float(et.value("attack", e.damage))
    return a / 2 if e.oos else a


def exchange_share(pv: crt.CombatPreview, oc: Outcome) -> float:
    """The share of the attack an exchange costs: at least the defender's lost strength."""
    return min(1.0, pv.defense * oc.d_loss / max(pv.attack, 0.1))


def air_shift(state: GameState, player: str, round_: int, defenders: list[Unit]) -> int:
    """The scenario's air support for `player` attacking these defenders (the rules' shift:
    halved by AA in the hex, 15.C.1)."""
    sup = crt.air_support(state, player, defenders, round_)
    return sup.columns if sup is not None else 0


def column_probs(state: GameState, column: float) -> dict[str, float]:
    """Result probabilities at a fractional column (interpolated between two columns)."""
    table = hexmove.rules(state).crt
    n = len(table.columns)
    c = max(0.0, min(n - 1.0, column))
    lo = int(c)
    f = c - lo
    p = crt.probabilities(table, lo)
    if f > 1e-9 and lo + 1 < n:
        q = crt.probabilities(table, lo + 1)
        out = {k: v * (1 - f) for k, v in p.items()}
        for k, v in q.items():
            out[k] = out.get(k, 0.0) + v * f
        return out
    return p


def fractional_column(state: GameState, attack: float, defense: float, shift: int) -> float:
    table = hexmove.rules(state).crt
    cols = [odds_value(c) for c in table.columns]
    if defense <= 0:
        return len(cols) - 1.0
    r = attack / defense
    idx = 0
    for i, v in enumerate(cols):
        if r + 1e-9 >= v:
            idx = i
    frac = 0.0
    if idx + 1 < len(cols) and r >= cols[0]:
        frac = max(0.0, min(0.999, (r - cols[idx]) / (cols[idx + 1] - cols[idx])))
    elif r < cols[0]:
        frac = -min(3.0, (cols[0] - r) / cols[0] * 2)   # far below the first column: worse
    return idx + frac + shift


class Evaluator:
    """Evaluation for one alliance; caches what does not change within a decision."""

    def __init__(self, state: GameState, alliance: str) -> None:
        self.cfg = hex_config()   # the knobs of the player deciding now
        self.alliance = alliance
        self.objs = objectives(state)
        self._zstate: GameState | None = None
        vc = state.scenario.victory_cities
        self.need_mine = vc.get(alliance, 0)
        self.need_enemy = max((n for a, n in vc.items() if a != alliance), default=0)
        self._zocs: dict[str, AbstractSet[str]] = {}
        self._decisive = 0.0   # set by opportunity(): an objective taken this turn decides the game
        # what holding a hex is worth: objectives, and (less) supply sources on the map
        hm = state.scenario.hexmap
        limit = max(1, state.scenario.turn_limit)
        w_obj = self.cfg.w_objective * (self.cfg.obj_early + (1 - self.cfg.obj_early) * min(1.0, state.round / limit))
        self.hex_weight = {o: w_obj for o in self.objs}
        if hm is not None:
            for hid, hd in hm.hexes.items():
                if hd.supply and hid not in self.hex_weight:
                    self.hex_weight[hid] = self.cfg.w_supply_hex
        self.outcomes = outcomes(state)
        players = state.scenario.players
        self.mine = [p.id for p in players if p.alliance == alliance]
        self.enemy = [p.id for p in players if p.alliance != alliance]
        # a side that would lose at the turn limit as things stand must attack: threats
        # count less and getting at the objectives more, the more so as turns run out
        self.aggressive = not self.winning_at_limit(state)
        left = max(0, state.scenario.turn_limit - state.round)
        urgency = 1.0 / (1.0 + left) if self.aggressive else 0.0
        self.w_threat = self.cfg.w_threat * (self.cfg.agg_threat * (1 - 0.5 * urgency) if self.aggressive else 1.0)
        self.w_approach = self.cfg.w_approach * (self.cfg.agg_approach * (1 + urgency) if self.aggressive else 1.0)
        self.w_opportunity = self.cfg.w_opportunity * (self.cfg.agg_opportunity if self.aggressive else 1.0)
        # tempo: for a side that must attack, units are worth less as the turns run out (in
        # its last turn only the objectives count)
        self.w_material = 1.0
        if self.aggressive:
            self.w_material = self.cfg.material_share(left)
        # the objective count at this round's end, for a player of ours moving before the
        # round's last player: the chance of a won (lost) count through the enemy's reply
        self.last_round = state.round >= state.scenario.turn_limit > 0
        self.at_limit = state.scenario.at_turn_limit
        self.alliances = list(state.scenario.alliances)
        self.push = (self.cfg.push_last if self.last_round else self.cfg.push_early) * self.cfg.w_round_end \
            if self.is_mine(state, state.player) and state.player_idx + 1 < len(players) else 0.0
        self._ptake: dict[str, float] = {}
        # the turn before the last: the chance to take the objectives still missing next turn
        self.setup = self.cfg.w_setup if self.aggressive and left == 1 and self.is_mine(state, state.player) else 0.0
        n_obj = len(self.objs)
        self.need_final = self.need_mine or n_obj
        if self.at_limit not in self.alliances and self.at_limit != "draw":
            self.need_final = min(self.need_final, n_obj // 2 + 1)
        self._reach: dict[tuple, frozenset[str]] = {}   # hexes a unit could reach next turn
        self._counts = (0, 0)
        self._base = state
        self._appr_base: dict[int, float] | None = None

    def outcome(self, mine_n: int, theirs_n: int) -> int:
        """+1 / -1 / 0: the game won / lost / going on (or drawn) when the round ends with
        these objective counts (victory.round_end_winner, limit_winner in the last round)."""
        if self.need_mine and mine_n >= self.need_mine:
            return 1
        if self.need_enemy and theirs_n >= self.need_enemy:
            return -1
        if not self.last_round or self.at_limit == "draw":
            return 0
        if self.at_limit in self.alliances:
            return 1 if self.at_limit == self.alliance else -1
        return (mine_n > theirs_n) - (theirs_n > mine_n)

    def reply_value(self, mine_n: int, theirs_n: int, risks: list[float]) -> float:
        """Expected outcome (+1 won .. -1 lost) of the round end when the enemy, moving
        before it, retakes each of our objectives with these chances (independently)."""
        dist_k = [1.0]
        for q in risks:
            nxt = [0.0] * (len(dist_k) + 1)
            for k, pk in enumerate(dist_k):
                nxt[k] += pk * (1 - q)
                nxt[k + 1] += pk * q
            dist_k = nxt
        return sum(pk * self.outcome(mine_n - k, theirs_n + k) for k, pk in enumerate(dist_k))

    def winning_at_limit(self, state: GameState) -> bool:
        """Would the game go this alliance's way if it ended now (victory.limit_winner)? A
        limit that is a draw whatever happens counts as holding out."""
        from game.rules import victory
        return state.scenario.at_turn_limit == "draw" or victory.limit_winner(state) == self.alliance

    # --- components --------------------------------------------------------------------

    def zoc(self, state: GameState, player: str) -> AbstractSet[str]:
        """hexmove.zoc_hexes, kept while the same state is being evaluated."""
        if self._zstate is not state:
            self._zstate, self._zocs = state, {}
        side = "mine" if self.is_mine(state, player) else "enemy"
        if side not in self._zocs:
            self._zocs[side] = hexmove.zoc_hexes(state, player)
        return self._zocs[side]

    def trapped(self, state: GameState, u: Unit, target: str) -> bool:
        return _no_retreat(state, u, target, self.zoc(state, u.owner))

    def is_mine(self, state: GameState, player: str | None) -> bool:
        return player is not None and state.alliance_of(player) == self.alliance

    def evaluate(self, state: GameState, mode: str = "hold") -> float:
        if state.over:
            if state.winner == self.alliance:
                return 10_000.0
            if state.winner in (None, "draw"):
                return 0.0
            return -10_000.0
        mine = [u for u in state.units.values() if self.is_mine(state, u.owner)]
        theirs = [u for u in state.units.values() if not self.is_mine(state, u.owner)]
        # an alliance with no unit with a strength left (and none to come) loses when the
        # turn ends (hexphases.end_player_turn): final already
        # (as much as the round end's count for its last player, W_ROUND_END; the rest of
        # the score still breaks ties, e.g. advancing into a vacated objective)
        score = 0.0
        if not self._fighting(state, mine) and not self._to_come(state, True):
            score -= self.cfg.w_round_end
        elif not self._fighting(state, theirs) and not self._to_come(state, False):
            score += self.cfg.w_round_end
        held = {True: 0, False: 0}
        for o, w in self.hex_weight.items():
            owner = state.owners.get(o)
            if owner is None:
                continue
            score += w if self.is_mine(state, owner) else -w
            if o in self.objs:
                held[self.is_mine(state, owner)] += 1
        # holding enough objectives to win at the end of the turn is worth more than their sum
        # the objectives are counted when the round's last player ends its turn: for that
        # player they decide the game now
        round_last = state.player_idx + 1 >= len(state.scenario.players) and self.is_mine(state, state.player)
        if round_last and self.last_round:
            score += self.cfg.w_round_end * self.outcome(held[True], held[False])
        elif not self.push:
            final = self.cfg.w_round_end if round_last else self.cfg.w_win
            if self.need_mine and held[True] >= self.need_mine:
                score += final
            if self.need_enemy and held[False] >= self.need_enemy:
                score -= final
        vals = {u.uid: self.w_material * unit_value(state, u) for u in state.units.values()}
        score += sum(vals[u.uid] for u in mine) - sum(vals[u.uid] for u in theirs)
        score += self._supply(state, mine, theirs, vals)
        unit_risk, hex_risk = self._threat(state, mine, theirs, vals)
        score -= self.w_threat * unit_risk + self.cfg.w_hex_risk * hex_risk
        if self.push:
            self._counts = (held[True], held[False])
            score += self.push * self.reply_value(held[True], held[False], self._risks(state))
        if mode == "move":
            score += self.w_opportunity * self.opportunity(state, vals)
        if self.setup:
            score += self.setup * self._next_take(state, held[True])
        score -= self.w_approach * self._approach(state, mine, theirs)
        return score

    def _next_take(self, state: GameState, held_mine: int) -> float:
        """The chance to take the objectives still missing next turn (the best ones, as if
        independent) with the units that can reach a hex next to them then; the enemy
        standing still."""
        short = self.need_final - held_mine
        if short <= 0:
            return 1.0
        chances = sorted((self._take_chance(state, o) for o in self.objs
                          if not self.is_mine(state, state.owners.get(o))), reverse=True)
        if len(chances) < short:
            return 0.0
        p = 1.0
        for q in chances[:short]:
            p *= q
        return p

    def _take_chance(self, state: GameState, target: str) -> float:
        defenders = [u for u in state.units.values() if u.space == target and not self.is_mine(state, u.owner)]
        adj = [h for h in hexmove.neighbours(state, target) if not hexmove.is_water(state, h)]
        if not defenders and self.cfg.empty_into:
            adj = [target]   # an empty objective is taken by walking into it, not attacked from next door
        enemy_sig = tuple(sorted((u.uid, u.space) for u in state.units.values() if not self.is_mine(state, u.owner)))
        strike = 0.0
        for u in state.units.values():
            if not self.is_mine(state, u.owner):
                continue
            ut = state.utype(u)
            if ut.attack <= 0 or ut.move <= 0 or dist(u.space, target) > ut.move + 1:
                continue
            a = float(ut.value("attack", u.damage)) / (2 if u.oos else 1)
            if dist(u.space, target) == 1:
                strike += a
                continue
            # one reachable set per unit, hex and enemy layout serves every objective
            key = (u.uid, u.space, enemy_sig)
            got = self._reach.get(key)
            if got is None:
                got = self._reach[key] = self._reachable(state, u)
            if any(h in got for h in adj):
                strike += a
        if strike <= 0:
            return 0.0
        if not defenders:
            return self.cfg.empty_take
        dfn = sum(crt.defense_strength(state, u) for u in defenders)
        shift = sum(t.shift for t in hexmove.terrains(state, target)) \
            + max((air_shift(state, p, state.round + 1, defenders) for p in self.mine), default=0)
        probs = column_probs(state, fractional_column(state, strike, dfn, shift))
        out = 0.0
        for code, p in probs.items():
            oc = self.outcomes[code]
            if oc.d_leaves and not oc.a_retreats and (not oc.exchange or strike > dfn * oc.d_loss):
                out += p
        return out

    def _reachable(self, state: GameState, u: Unit) -> frozenset[str]:
        """The hexes the unit could reach in a movement phase now (full movement points,
        enemy units where they are)."""
        from dataclasses import replace
        fs = state.copy()
        fs.units = state.units.copy()
        fs.units[u.uid] = replace(u, moved=0)
        fs.phase_idx = state.ruleset.phases.index("movement")
        fs.player_idx = next(i for i, p in enumerate(state.scenario.players) if p.id == u.owner)
        return frozenset(hexmove.reachable(fs, (u.uid,)))

    def push_gain(self, state: GameState, target: str) -> float:
        """For a side moving before the round's last player: what taking the objective
        `target` now adds to the round end's expected outcome. The enemy's reply is
        scored without the target's defenders (destroyed or pushed back when it falls);
        the target itself is retaken with NEW_RISK."""
        got = self._push_gain.get(target)
        if got is None:
            m, t = self._counts
            before = self.reply_value(m, t, self._risks(state))
            saved = self._ptake
            mine = [u for u in state.units.values() if self.is_mine(state, u.owner)]
            rest = [u for u in state.units.values() if not self.is_mine(state, u.owner) and u.space != target]
            vals = {u.uid: unit_value(state, u) for u in state.units.values()}
            self._threat(state, mine, rest, vals)
            after = self.reply_value(m + 1, t - 1, self._risks(state, self.cfg.new_risk))
            self._ptake = saved
            got = self._push_gain[target] = max(0.0, self.push * (after - before))
        return got

    def _risks(self, state: GameState, extra: float | None = None) -> list[float]:
        """The chance the enemy retakes each objective of ours next turn (_threat's)."""
        out = [self._ptake.get(o, 0.0) for o in self.objs if self.is_mine(state, state.owners.get(o))]
        if extra is not None:
            out.append(extra)
        return out

    def _fighting(self, state: GameState, units: list[Unit]) -> bool:
        return any(state.utype(u).attack > 0 or state.utype(u).defense > 0 for u in units)

    def _to_come(self, state: GameState, mine: bool) -> bool:
        hm = state.scenario.hexmap
        return hm is not None and any(self.is_mine(state, r.player) == mine and i not in state.reinforced
                                      for i, r in enumerate(hm.reinforcements))

    def _supply(self, state: GameState, mine: list[Unit], theirs: list[Unit], vals: dict[int, float]) -> float:
        out = 0.0
        for group, sign, players in ((mine, -1.0, self.mine), (theirs, 1.0, self.enemy)):
            if not group:
                continue
            ok = in_supply(state, players[0])
            for u in group:
                if u.space in ok:
                    continue
                out += sign * self.cfg.w_supply * vals[u.uid] * (1.5 if u.oos else 1.0)
        return out

    def _threat(self, state: GameState, mine: list[Unit], theirs: list[Unit],
                vals: dict[int, float]) -> tuple[float, float]:
        """Expected losses from the enemy's next turn: (strength, hexes held)."""
        attackers = [(u, state.utype(u)) for u in theirs if state.utype(u).attack > 0]
        movers = [u for u in theirs if state.utype(u).move > 0 and state.utype(u).defense + state.utype(u).attack > 0]
        stacks: dict[str, list[Unit]] = {}
        for u in mine:
            stacks.setdefault(u.space, []).append(u)
        total = 0.0
        hexes = 0.0
        ptake: dict[str, float] = {}   # objectives of ours: chance the enemy takes each next turn
        for hid, units in stacks.items():
            dfn = sum(crt.defense_strength(state, u) for u in units)
            pot = 0.0
            for e, et in attackers:
                if in_reach(e, et, hid):
                    pot += strike(e, et)
            if pot <= 0:
                continue
            worth = self.hex_weight.get(hid, 0.0) if self.is_mine(state, state.owners.get(hid)) else 0.0
            if dfn <= 0:
                risk = self._empty_risk(hid, movers)
                hexes += 2 * worth * risk
                total += sum(vals[u.uid] for u in units) * 0.7
                if worth and hid in self.objs:
                    ptake[hid] = risk
                continue
            air = max((air_shift(state, p, state.round + 1, units) for p in self.enemy), default=0)
            shift = air + sum(t.shift for t in hexmove.terrains(state, hid))
            col = fractional_column(state, pot, dfn, shift)
            probs = column_probs(state, col)
            value = sum(vals[u.uid] for u in units)
            trapped = self.trapped(state, units[0], "")   # a retreat would eliminate it
            loss = 0.0
            taken = 0.0
            for code, p in probs.items():
                oc = self.outcomes[code]
                lost = oc.d_loss * value + (0.1 * value if oc.d_leaves else 0.0)
                if trapped and oc.d_leaves:
                    lost = value
                if worth and oc.d_leaves and not oc.a_retreats:
                    taken += p * 2 * worth
                loss += p * lost
            likely = 0.4 if col < 3 else 1.0   # the enemy is unlikely to attack below 1:1
            total += loss * likely
            hexes += taken * likely
            if worth and hid in self.objs:
                ptake[hid] = taken * likely / (2 * worth)
        # empty objectives of ours the enemy can walk into
        held = set(stacks)
        for o, w in self.hex_weight.items():
            if o in held or not self.is_mine(state, state.owners.get(o)):
                continue
            if any(dist(e.space, o) <= max(1, state.utype(e).move // 2 + 1)
                   or (self.cfg.empty_mp and o in self.objs and mp_dist(state, e, o) <= next_allowance(state, e))
                   for e in movers):
                risk = self._empty_risk(o, movers)
                hexes += 2 * w * risk
                if o in self.objs:
                    ptake[o] = risk
        # the enemy taking every objective it still needs wins (or nearly): the chance of
        # that, as if the attacks were independent
        if self.need_enemy:
            theirs_held = sum(1 for o in self.objs if state.owners.get(o) is not None
                              and not self.is_mine(state, state.owners[o]))
            short = self.need_enemy - theirs_held
            if 0 < short <= len(ptake):
                p = 1.0
                for q in sorted(ptake.values(), reverse=True)[:short]:
                    p *= q
                hexes += self.cfg.w_joint * p
        self._ptake = ptake
        return total, hexes

    def _empty_risk(self, hid: str, movers: list[Unit]) -> float:
        """The chance an empty hex of ours is lost next turn: certain with an enemy unit
        next to it (else it would count as safer than the weakest garrison, whose risk the
        CRT puts near 1, and a last defender would gain by attacking out at any odds)."""
        if any(dist(e.space, hid) <= 1 for e in movers):
            return max(self.cfg.empty_risk, self.cfg.empty_adj)
        return self.cfg.empty_risk

    def attack_ev(self, state: GameState, target: str, uids: tuple[int, ...],
                  vals: dict[int, float]) -> float:
        """Expected strength/objective swing of `uids` attacking `target` now (odds
        interpolated between columns)."""
        if not uids:
            return 0.0
        pv = crt.preview(state, target, uids)
        col = fractional_column(state, pv.attack, pv.defense, sum(s.columns for s in pv.shifts))
        probs = column_probs(state, col)
        dval = sum(vals.get(i, 0.0) for i in pv.defenders)
        aval = sum(vals.get(i, 0.0) for i in pv.attackers)
        worth = 0.0 if self.is_mine(state, state.owners.get(target)) else self.hex_weight.get(target, 0.0)
        lead: dict[str, Unit] = {}
        for i in pv.attackers:
            lead.setdefault(state.units[i].space, state.units[i])
        trapped = any(self.trapped(state, u, target) for u in lead.values())
        cornered = bool(pv.defenders) and self.trapped(state, state.units[pv.defenders[0]], "")
        hold = self._hold_chances(state, target, pv) if self.cfg.hold_after and worth and target in self.objs else None
        ev = 0.0
        for code, p in probs.items():
            oc = self.outcomes[code]
            g = dval if cornered and oc.d_leaves else oc.d_loss * dval
            a_lost = oc.a_loss * aval
            if oc.exchange:
                a_lost = aval * exchange_share(pv, oc)
            if oc.a_retreats and trapped:
                a_lost = aval
            g -= a_lost
            if oc.d_leaves and not oc.a_retreats:
                g += 0.5 + 2 * worth * (1.0 - self.cfg.w_hex_risk * hold[code] if hold is not None else 1.0)
                if target in self.objs and worth:
                    g += self.push_gain(state, target) if self.push else self._decisive
            if oc.a_retreats:
                g -= 0.5
            ev += p * g
        return ev

    def _hold_chances(self, state: GameState, target: str, pv: crt.CombatPreview) -> dict[str, float]:
        """For each CRT result that takes `target`: the chance the enemy retakes it next turn
        from the attackers that survive and advance (their defense, less an exchange's
        loss), against the enemy strength in reach (as _threat counts it; the target's
        defenders too when they only retreat)."""
        rest = 0.0
        back = 0.0
        for e in state.units.values():
            if self.is_mine(state, e.owner):
                continue
            et = state.utype(e)
            if et.attack <= 0:
                continue
            if e.space == target:
                back += strike(e, et)
            elif in_reach(e, et, target):
                rest += strike(e, et)
        holders = [state.units[i] for i in pv.attackers if i in state.units]
        dfn = sum(crt.defense_strength(state, u) for u in holders)
        air = max((air_shift(state, p, state.round + 1, holders) for p in self.enemy), default=0)
        shift = air + sum(t.shift for t in hexmove.terrains(state, target))
        out: dict[str, float] = {}
        for code, oc in self.outcomes.items():
            if not oc.d_leaves or oc.a_retreats:
                continue
            lost = exchange_share(pv, oc) if oc.exchange else oc.a_loss
            left = dfn * (1.0 - lost)
            pot = rest + back * (1.0 - oc.d_loss)
            if pot <= 0:
                out[code] = 0.0
                continue
            if left <= 0:
                out[code] = 1.0
                continue
            col = fractional_column(state, pot, left, shift)
            take = sum(q for c2, q in column_probs(state, col).items()
                       if self.outcomes[c2].d_leaves and not self.outcomes[c2].a_retreats)
            out[code] = take * (0.4 if col < 3 else 1.0)
        return out

    def opportunity(self, state: GameState, vals: dict[int, float]) -> float:
        """Our attacks available now, allocated greedily (each unit in one attack)."""
        from game.rules.hex import combat as hexcombat
        player = state.player
        if not self.is_mine(state, player):
            return 0.0
        ht = hexcombat.turn(state)
        self._decisive = 0.0
        if state.player_idx + 1 >= len(state.scenario.players):
            # the round ends with our turn: taking an objective back that the enemy needs,
            # or the one we still need, decides the game
            held = {True: 0, False: 0}
            for o in self.objs:
                if state.owners.get(o) is not None:
                    held[self.is_mine(state, state.owners[o])] += 1
            if (self.need_enemy and held[False] >= self.need_enemy) or \
                    (self.need_mine and held[True] + 1 >= self.need_mine):
                self._decisive = 0.5 * self.cfg.w_round_end
        self._push_gain: dict[str, float] = {}
        cands: dict[str, list[int]] = {}
        targets = sorted({u.space for u in state.units.values() if not self.is_mine(state, u.owner)})
        for t in targets:
            if t in ht.attacked:
                continue
            us = [u.uid for u in hexcombat.attackers_for(state, t, player)]
            if us:
                cands[t] = us
        total = 0.0
        used: set[int] = set()
        while cands:
            best: tuple[float, str] | None = None
            for t, us in cands.items():
                free = tuple(i for i in us if i not in used)
                if not free:
                    continue
                ev = self.attack_ev(state, t, free, vals)
                if best is None or (ev, t) > best:
                    best = (ev, t)
            if best is None or best[0] <= 0:
                break
            total += best[0]
            used.update(cands.pop(best[1]))
        return total

    def _approach(self, state: GameState, mine: list[Unit], theirs: list[Unit]) -> float:
        """Movement points to the nearest goal summed over our attacking units, each
        counted from where it stood when this evaluator was made (`APPROACH_REL`): the
        same differences between positions of the same units, but a unit lost no longer
        counts as a unit brought nearer (late in the game, with material worth little,
        a far unit's approach cost outweighed its value and losing it scored as a gain)."""
        dists = self._approach_dists(state, mine, theirs)
        if not self.cfg.approach_rel:
            return sum(dists.values())
        if self._appr_base is None:
            base = self._base
            self._appr_base = self._approach_dists(
                base, [u for u in base.units.values() if self.is_mine(base, u.owner)],
                [u for u in base.units.values() if not self.is_mine(base, u.owner)])
        return sum(d - self._appr_base.get(uid, 0.0) for uid, d in dists.items())

    def _approach_dists(self, state: GameState, mine: list[Unit], theirs: list[Unit]) -> dict[int, float]:
        goals = [o for o in self.objs if not self.is_mine(state, state.owners.get(o))]
        if not goals:
            goals = sorted({u.space for u in theirs})
        out: dict[int, float] = {}
        if not goals:
            return out
        for u in mine:
            ut = state.utype(u)
            if ut.attack <= 0 or ut.move <= 0:
                continue
            if self.cfg.mp_approach:
                out[u.uid] = min(mp_dist(state, u, g) for g in goals)
            else:
                out[u.uid] = float(min(dist(u.space, g) for g in goals))
        return out


def in_supply(state: GameState, player: str) -> frozenset[str]:
    """`hexsupply.in_supply`, kept per layout: the supply lines depend only on where each
    unit type of each owner stands and who owns the supply hexes (the evaluation asks it
    for both sides of every position it scores, and most positions repeat a layout). Kept
    with the map's other tables (`hexmove.static_table`: per scenario object, not by id)."""
    table = hexmove.static_table(state, "supply_layouts")
    key = (player, frozenset((u.space, u.owner, u.type) for u in state.units.values()),
           tuple(state.owners.get(h) for h in hexsupply.supply_hexes(state)))
    got = table.get(key)
    if got is None:
        if len(table) > 20_000:
            table.clear()
        got = table[key] = frozenset(hexsupply.in_supply(state, player))
    return got


def next_allowance(state: GameState, u: Unit) -> int:
    """Unit u's movement points in its own next movement phase (halved out of supply).
    Not hexmove.movement_allowance, which is this phase's: 0 in a combat phase, so the
    evaluation of an attack or an advance saw no enemy unit walk into an empty objective
    (Crete, seed 126006: the last round's advance into Chania declined, Rethymno airfield
    left empty and walked into)."""
    return hexmove.movement_allowance(state, u, "movement")


def mp_dist(state: GameState, u: Unit, goal: str) -> float:
    """The movement points unit `u`'s type needs from its hex to `goal` over the map's
    terrain and hexsides (no units, no zones of control); twice the hex distance where no
    land route exists. Worked out once per unit type and goal on a map."""
    table = hexmove.static_table(state, "mp_dist")
    key = (u.type, goal)
    got = table.get(key)
    if got is None:
        got = table[key] = {goal: 0}
        heap = [(0, goal)]
        while heap:
            d, c = heapq.heappop(heap)
            if d > got.get(c, 1 << 30):
                continue
            for n in hexmove.neighbours(state, c):
                if hexmove.is_water(state, n):
                    continue
                cost = hexmove.enter_cost(state, u, n, c)   # from n into c
                if cost is None:
                    continue
                nd = d + cost
                if nd < got.get(n, 1 << 30):
                    got[n] = nd
                    heapq.heappush(heap, (nd, n))
    v = got.get(u.space)
    return float(v) if v is not None else 2.0 * dist(u.space, goal)


def _no_retreat(state: GameState, u: Unit, target: str, zoc: AbstractSet[str] | None = None) -> bool:
    """True when the unit's stack has no hex to retreat to (a retreat would eliminate it):
    every neighbour is sea, enemy-held, the attacked hex, or in an enemy ZOC without
    friends (hexcombat.retreat_hex's conditions, without its stacking check)."""
    player = u.owner
    if zoc is None:
        zoc = hexmove.zoc_hexes(state, player)
    enemy, friend = hexmove.occupied(state, player)
    for n in state.scenario.spaces[u.space].adjacent:
        if n == target or hexmove.is_water(state, n) or n in enemy:
            continue
        if n in zoc and n not in friend:
            continue
        if hexmove.enter_cost(state, u, u.space, n) is None:
            continue
        return False
    return True
