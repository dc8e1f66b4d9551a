"""Exact odds of a bombing raid (g40, game/rules/zone/raids.py): the distribution of the damage
each raided facility takes and of the raiders and interceptors lost.

The raid is short and has no cycles, so it is enumerated outright: the one-round air
battle (every raider and every interceptor one die at its air_battle value; no air
battle without interceptors), the raider's losses in its order of loss; the facilities'
anti-aircraft fire (one die per surviving bomber at its target's value), the bombers'
losses in their order of loss; then each surviving bomber's damage die plus its bonus,
summed per target and capped at what the facility can still take. `raid_odds_for_space`
reads a raid from the game state, with the rules core's default order of loss and every
possible interceptor rising (the default when the defender just rolls) or those chosen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.rules.model import GameState, Ruleset, Unit

Dist = tuple[float, ...]


@dataclass(frozen=True)
class Raider:
    """One raider: its air battle value, and for a bomber its target, the target's
    anti-aircraft value and the bomber's damage bonus (escorts: target "")."""
    air: int
    target: str = ""
    aa: int = 0
    bonus: int = 0

    @property
    def bomber(self) -> bool:
        return bool(self.target)


@dataclass(frozen=True)
class RaidOdds:
    damage: dict[str, Dist]        # target -> P(damage == k), k = 0, 1, ...
    raiders_lost: Dist             # P(k raiders lost), air battle and anti-aircraft fire
    bombers_lost: Dist
    interceptors_lost: Dist
    method: str = "exact"

    def expected_damage(self, target: str) -> float:
        return sum(k * p for k, p in enumerate(self.damage.get(target, (1.0,))))

    def expected(self, dist: Dist) -> float:
        return sum(k * p for k, p in enumerate(dist))


def dice_hits(values: list[int], sides: int) -> list[float]:
    """P(k hits) for one die per value, each hitting at or under its value (the raid's
    air battle and AA; the interception panel's odds)."""
    dist = [1.0]
    for v in values:
        p = max(0, min(v, sides)) / sides
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def _damage(bonuses: list[int], sides: int, room: int) -> list[float]:
    """P(total damage == k) of one die plus bonus per bomber, capped at `room`."""
    dist = [1.0]
    for bonus in bonuses:
        nxt = [0.0] * (len(dist) + sides + bonus)
        for k, q in enumerate(dist):
            if q:
                for face in range(1, sides + 1):
                    nxt[k + face + bonus] += q / sides
        dist = nxt
    capped = [0.0] * (max(0, room) + 1)
    for k, q in enumerate(dist):
        capped[min(k, room)] += q
    return capped


def _add(acc: list[float], k: int, p: float) -> None:
    while len(acc) <= k:
        acc.append(0.0)
    acc[k] += p


def _add_dist(acc: list[float], dist: list[float], p: float) -> None:
    for k, q in enumerate(dist):
        if q:
            _add(acc, k, p * q)


def raid_odds(raiders: list[Raider], interceptors: list[int], room: dict[str, int],
              sides: int = 6, aa_order: list[int] | None = None) -> RaidOdds:
    """The raid of `raiders` (in the raider's order of loss in the air battle) against
    interceptors (their air_battle values); `room`: target -> damage it can still take;
    `aa_order`: the indices of the bombers in their order of loss to anti-aircraft fire
    (default: the air battle order)."""
    n = len(raiders)
    order = aa_order if aa_order is not None else [i for i, r in enumerate(raiders) if r.bomber]
    if interceptors:
        att_hits = dice_hits([r.air for r in raiders], sides)
        def_hits = dice_hits(interceptors, sides)
    else:
        att_hits, def_hits = [1.0], [1.0]
    int_lost: list[float] = []
    for k, p in enumerate(att_hits):
        _add(int_lost, min(k, len(interceptors)), p)
    raiders_lost: list[float] = []
    bombers_lost: list[float] = []
    damage: dict[str, list[float]] = {t: [] for t in room}
    for k, pk in enumerate(def_hits):
        if not pk:
            continue
        gone = set(range(min(k, n)))               # the first k in the order of loss
        bombers = [i for i in order if i not in gone]
        aa = dice_hits([raiders[i].aa for i in bombers], sides)
        for h, ph in enumerate(aa):
            if not ph:
                continue
            p = pk * ph
            shot = min(h, len(bombers))
            survivors = bombers[shot:]
            _add(raiders_lost, len(gone) + shot, p)
            _add(bombers_lost, sum(1 for i in gone if raiders[i].bomber) + shot, p)
            for t in room:
                bonuses = [raiders[i].bonus for i in survivors if raiders[i].target == t]
                _add_dist(damage[t], _damage(bonuses, sides, room[t]), p)
    return RaidOdds(damage={t: tuple(d) for t, d in damage.items()}, raiders_lost=tuple(raiders_lost),
                    bombers_lost=tuple(bombers_lost), interceptors_lost=tuple(int_lost))


def raid_odds_for_space(state: GameState, space: str, player: str | None = None,
                        interceptors: Sequence[int] | None = None) -> RaidOdds:
    """The odds of the raid the player has declared on `space` (before it is fought),
    with the rules core's default orders of loss and every possible interceptor
    (`interceptors`: these of them only)."""
    from game.rules.model import Battle
    from game.rules.zone import raids
    from game.rules.zone.battle.casualties import hit_points
    from game.rules.zone.battle.sides import alive
    from game.rules.zone.battle.values import support_bonus, unit_value
    player = player or state.player
    b = Battle(space=space, attacker=player, defenders=(), raid=True, interceptors=())
    units = alive(state, raids.raiders(state, space, player))
    bonus = support_bonus(state, units, "attack")

    def key(u: Unit) -> tuple[int, int, int, int, int]:   # battle.default_casualties' order
        ut = state.utype(u)
        cost = ut.cost_for(u.owner, state.alliance_of(u.owner) or "") or 0
        return (2 if ut.has("defenseless") else 1 if ut.has("noncombatant") else 0,
                0 if hit_points(state, u) > 1 else 1, unit_value(state, u, "attack", bonus), cost, u.uid)

    units.sort(key=key)
    specs = []
    for u in units:
        t = raids.target_of(state, u.uid)
        fid = t[1] if t else ""
        ab = state.utype(u).ability("air_battle")
        ft = state.ruleset.facilities.get(fid)
        specs.append(Raider(air=ab.attack if ab else 0, target=fid if raids.is_bomber(state, u) else "",
                            aa=ft.anti_aircraft if ft else 0,
                            bonus=state.utype(u).ability("bombing_raid").bonus if raids.is_bomber(state, u) else 0))
    chosen = tuple(raids.interceptor_choices(state, b))
    if interceptors is not None:
        chosen = tuple(uid for uid in chosen if uid in interceptors)
    values = [min(state.ruleset.dice, state.utype(state.units[uid]).ability("air_battle").defense)
              for uid in chosen]
    from game.rules.zone import facilities
    room = {s.target: state.ruleset.facilities[s.target].max_damage
            - facilities.damage_of(state, space, s.target) for s in specs if s.bomber}
    return raid_odds(specs, values, room, state.ruleset.dice)


def raid_request(rs: Ruleset, attacker: list[str], interceptors: list[str], raid: Any) -> dict[str, Any]:
    """The `odds` command contract for a raid: `attacker` the raiders in order of loss
    (bombers and escorts), `interceptors` the fighters rising, `raid: {target: facility
    id, damage: markers already there}`. Raises ValueError on a malformed raid."""
    if not isinstance(raid, dict) or not isinstance(raid.get("target"), str):
        raise ValueError("'raid' must be {target: facility id, damage: n}")
    fid = raid["target"]
    ft = rs.facilities.get(fid)
    if ft is None or ft.max_damage <= 0:
        raise ValueError(f"'{fid}' is not a facility of {rs.id} that takes damage")
    done = raid.get("damage", 0)
    if isinstance(done, bool) or not isinstance(done, int) or not 0 <= done <= ft.max_damage:
        raise ValueError(f"'damage' must be a whole number from 0 to {ft.max_damage}")
    specs = []
    for t in attacker:
        ut = rs.units[t]
        bomb, air = ut.ability("bombing_raid"), ut.ability("air_battle")
        bomber = bomb is not None and (not bomb.targets or fid in bomb.targets)
        if not bomber and not (air is not None and air.escorts):
            raise ValueError(f"{ut.name} can neither raid a {ft.name} nor escort a raid")
        specs += [Raider(air=air.attack if air else 0, target=fid if bomber else "",
                         aa=ft.anti_aircraft, bonus=bomb.bonus if bomber else 0)]
    values: list[int] = []
    for t in interceptors:
        air = rs.units[t].ability("air_battle")
        if air is None or not air.intercepts:
            raise ValueError(f"{rs.units[t].name} cannot intercept")
        values.append(min(rs.dice, air.defense))
    r = raid_odds(specs, values, {fid: ft.max_damage - done}, rs.dice)
    return {"kind": "raid", "method": r.method, "target": fid, "damage": list(r.damage[fid]),
            "expected_damage": r.expected_damage(fid), "raiders_lost": list(r.raiders_lost),
            "bombers_lost": list(r.bombers_lost), "interceptors_lost": list(r.interceptors_lost)}
