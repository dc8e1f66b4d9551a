"""A canonical, JSON-ready view of the dynamic game state, and its hash.

Used by saves (to verify replays), by selfplay output and by tests of
determinism: the same scenario, seed and actions give the same hash.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from .hex.model import CombatRecord, HexTurn, PendingCombat, Shift
from .model import Battle, BattleResult, GameState, LogCell, Pool, Roll, Ruleset, Scenario, Unit


def snapshot(state: GameState) -> dict[str, Any]:
    b = state.zone.battle
    return {
        "round": state.round,
        "player": state.player,
        "phase": state.phase,
        "units": [u.to_json() for u in sorted(state.units.values(), key=lambda u: u.uid)],
        "owners": dict(sorted((k, v) for k, v in state.owners.items() if v is not None)),
        "factories": sorted(state.factories),
        **({"facilities": dict(sorted(state.facilities.items()))} if state.facilities else {}),
        **({"raids": {str(k): v for k, v in sorted(state.zone.raids.items())}} if state.zone.raids else {}),
        "resources": dict(sorted(state.resources.items())),
        "purchased": dict(sorted(state.zone.purchased.items())),
        "bought": dict(sorted(state.zone.bought.items())),
        "battles": list(state.zone.battles),
        "origins": {k: list(v) for k, v in sorted(state.zone.origins.items())},
        "landings": {k: list(v) for k, v in sorted(state.zone.landings.items())},
        **({"ro3_moves": dict(sorted(state.zone.ro3_moves.items()))} if state.zone.ro3_moves else {}),
        **({"fired": list(state.zone.fired)} if state.zone.fired else {}),
        "battle": _battle(b) if b is not None else None,
        "dice_used": state.dice_used,
        "next_uid": state.next_uid,
        "winner": state.winner,
        "over": state.over,
        **({"hexturn": state.hexturn.to_json()} if state.hexturn is not None else {}),
        **({"reinforced": sorted(state.reinforced)} if state.reinforced else {}),
        **({"objective_uses": dict(sorted(state.objective_uses.items()))}
           if state.objective_uses else {}),
        **({"relations": dict(sorted(state.relations.items()))} if state.relations else {}),
        **({"raised_by": {k: list(v) for k, v in sorted(state.raised_by.items())}}
           if state.raised_by else {}),
        **({"switches": sorted(state.switches)} if state.switches else {}),
        **({"victory_held": dict(sorted(state.victory_held.items()))} if state.victory_held else {}),
        **({"kamikaze_spent": state.kamikaze_spent} if state.kamikaze_spent else {}),
    }


# fields added after saves existed: left out at their default, so older saves verify
_NEW_BATTLE_FIELDS = {"recon_used": (), "prizes": (), "att_start": (), "def_start": (),
                      "drops": (), "interceptors": None, "submerged": (),
                      "hurt": (), "raid": False, "kamikaze": None}
_NEW_ROLL_FIELDS: dict[str, object] = {"uids": (), "rerolled": (), "first": (), "void": 0}


def _battle(b: Battle) -> dict[str, Any]:
    out = dataclasses.asdict(b)
    for k, default in _NEW_BATTLE_FIELDS.items():
        if out.get(k) == default:
            del out[k]
    for r in out["rolls"]:
        for k, rdefault in _NEW_ROLL_FIELDS.items():
            if k in r and r[k] == rdefault:
                del r[k]
        r.pop("uids", None)  # who rolled which die is implied by the state and the actions
    return out


def state_hash(state: GameState) -> str:
    text = json.dumps(snapshot(state), sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- restoring a state from a save's snapshot ----------------------------------------
# Every GameState field is either in snapshot() (hashed), in exact() (kept for an exact
# restore, not hashed so older saves still verify) or given by the session. A test checks
# this list against the dataclass, so a field added without snapshot support fails it.
SESSION_FIELDS = ("ruleset", "scenario", "seed")
HASHED_FIELDS = ("round", "units", "owners", "factories", "facilities", "resources", "dice_used",
                 "next_uid", "winner", "over", "hexturn", "reinforced", "objective_uses",
                 "relations", "raised_by", "switches", "victory_held", "kamikaze_spent")
EXACT_FIELDS = ("player_idx", "phase_idx", "turn_owners", "scripted_dice", "log_tail",
                "log_len", "action_count")
# GameState.zone (the zone family's turn state), field by field, in the same flat keys
ZONE_HASHED_FIELDS = ("raids", "purchased", "bought", "battles", "origins", "landings", "ro3_moves",
                      "fired", "battle")
ZONE_EXACT_FIELDS = ("placed", "last_battle")
FAMILY_FIELDS = ("zone",)


_ORDERED = ("resources", "purchased", "bought", "origins", "landings", "ro3_moves", "facilities")


def _holder(state: GameState, key: str) -> Any:
    """The object holding an _ORDERED dict: the state, or its zone turn state."""
    return state.zone if key in ZONE_HASHED_FIELDS else state


def exact(state: GameState) -> dict[str, Any]:
    """What snapshot() leaves out, so restore() gives back exactly this state."""
    b = state.zone.battle
    out: dict[str, Any] = {
        "player_idx": state.player_idx, "phase_idx": state.phase_idx,
        "owners": [[k, v] for k, v in state.owners.items()],  # with neutral spaces, in order
        "unit_order": list(state.units),
        "turn_owners": [[k, v] for k, v in state.turn_owners.items()],
        "placed": dict(state.zone.placed),
        "log": state.log(), "log_len": state.log_len,
        "action_count": state.action_count,
    }
    orders = {k: list(getattr(_holder(state, k), k)) for k in _ORDERED
              if list(getattr(_holder(state, k), k)) != sorted(getattr(_holder(state, k), k))}
    if orders:  # dict order is iteration order in the rules: keep it
        out["orders"] = orders
    if state.scripted_dice:
        out["scripted_dice"] = list(state.scripted_dice)
    if b is not None:
        out["roll_uids"] = [list(r.uids) for r in b.rolls]
    lb = state.zone.last_battle
    if lb is not None:  # the interface's battle result text
        out["last_battle"] = [lb.space, lb.attacker, list(lb.defenders), lb.outcome, lb.retreat_to]
        if lb.rolls or lb.raid:   # its last dice (older saves have none), then whether a raid
            out["last_battle"].append([dataclasses.asdict(r) for r in lb.rolls])
        if lb.raid:
            out["last_battle"].append(True)
    return out


def _tuples(x: Any) -> Any:
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x


def _restore_battle(d: dict[str, Any], roll_uids: list[list[int]] | None) -> Battle:
    d = dict(d)
    pools = tuple(Pool(**{k: _tuples(v) for k, v in p.items()}) for p in d.pop("pools", []))
    rolls = []
    for i, r in enumerate(d.pop("rolls", [])):
        r = {k: _tuples(v) for k, v in r.items()}
        if roll_uids is not None and i < len(roll_uids):
            r["uids"] = tuple(roll_uids[i])
        rolls.append(Roll(**r))
    return Battle(pools=pools, rolls=tuple(rolls), **{k: _tuples(v) for k, v in d.items()})


def _restore_hexturn(d: dict[str, Any]) -> HexTurn:
    last = d.get("last")
    rec = None
    if last is not None:
        rec = CombatRecord(
            target=last["target"], attacker=last["attacker"], attack=last["attack"],
            defense=last["defense"], odds=last["odds"], column=last["column"],
            shifts=tuple(Shift(c, r) for c, r in last["shifts"]), roll=last["roll"],
            result=last["result"], lost=tuple(last["lost"]),
            retreated=tuple((u, s) for u, s in last["retreated"]), reduced=tuple(last.get("reduced", ())))
    adv = d.get("advance")
    return HexTurn(attacked=tuple(d["attacked"]), used=tuple(d["used"]),
                   advance=None if adv is None else (adv[0], tuple(adv[1])), last=rec,
                   arrived=tuple(d.get("arrived", ())),
                   airlift=(float(d.get("airlift", (0.0, 0.0))[0]), float(d.get("airlift", (0.0, 0.0))[1])),
                   disrupted=tuple(d.get("disrupted", ())),
                   pending=None if d.get("pending") is None else PendingCombat.from_json(d["pending"]),
                   police=None if d.get("police") is None else tuple(d["police"]),
                   captured=tuple(d.get("captured", ())))


def restore(snap: dict[str, Any], scenario: Scenario, ruleset: Ruleset, seed: int) -> GameState:
    """The state a save's snapshot describes (with its "exact" part, if present: older
    saves lack it and get turn-start owners, placements and the log approximated).
    Raises ValueError or KeyError when the snapshot does not fit these rules and map."""
    ex = snap.get("exact") or {}
    players = [p.id for p in scenario.players]
    units = [Unit.from_json(u) for u in snap["units"]]
    for u in units:
        if u.type not in ruleset.units or u.space not in scenario.spaces or u.owner not in players:
            raise ValueError(f"unit {u.uid} ({u.type} of {u.owner} in {u.space}) does not fit the rules and map")
    by_uid = {u.uid: u for u in units}
    order = ex.get("unit_order") or sorted(by_uid)
    owners = {k: v for k, v in ex["owners"]} if "owners" in ex else \
        {**{k: None for k in scenario.start_owners}, **snap["owners"]}
    from .politics import game_rules
    ruleset = game_rules(ruleset, scenario)   # a politics phase when the scenario has politics
    st = GameState(ruleset=ruleset, scenario=scenario, seed=seed)
    st.round = int(snap["round"])
    st.player_idx = int(ex.get("player_idx", players.index(snap["player"])))
    st.phase_idx = int(ex.get("phase_idx", ruleset.phases.index(snap["phase"])))
    st.units = {uid: by_uid[uid] for uid in order}
    st.owners = owners
    st.turn_owners = {k: v for k, v in ex["turn_owners"]} if "turn_owners" in ex else dict(owners)
    st.factories = frozenset(snap["factories"])
    st.facilities = dict(snap.get("facilities", {}))
    if "facilities" not in snap and ruleset.facilities:
        from .zone import facilities  # a save from before facilities: the scenario's, undamaged
        facilities.start(st)
    st.zone.raids = {int(k): v for k, v in snap.get("raids", {}).items()}
    st.resources = dict(snap["resources"])
    st.zone.purchased = dict(snap["purchased"])
    st.zone.bought = dict(snap["bought"])
    st.zone.placed = dict(ex.get("placed", {}))
    st.zone.origins = {k: tuple(v) for k, v in snap["origins"].items()}
    st.zone.landings = {k: tuple(v) for k, v in snap["landings"].items()}
    st.zone.ro3_moves = dict(snap.get("ro3_moves", {}))
    st.zone.fired = tuple(snap.get("fired", ()))
    st.zone.battles = tuple(snap["battles"])
    st.zone.battle = None if snap.get("battle") is None else _restore_battle(snap["battle"], ex.get("roll_uids"))
    st.next_uid = int(snap["next_uid"])
    st.dice_used = int(snap["dice_used"])
    st.scripted_dice = tuple(ex.get("scripted_dice", ()))
    if ex.get("last_battle"):
        space, attacker, defenders, outcome, retreat_to, *more = ex["last_battle"]
        rolls = tuple(Roll(**{k: _tuples(v) for k, v in r.items()}) for r in (more[0] if more else ()))
        st.zone.last_battle = BattleResult(space, attacker, tuple(defenders), outcome, retreat_to, rolls,
                                           raid=len(more) > 1 and bool(more[1]))
    for line in ex.get("log", ()):
        st.log_tail = LogCell(line, st.log_tail)
    st.log_len = int(ex.get("log_len", len(ex.get("log", ()))))
    st.winner = snap.get("winner")
    st.over = bool(snap["over"])
    st.action_count = int(ex.get("action_count", 0))
    for k, keys in ex.get("orders", {}).items():
        if k in _ORDERED:
            d = getattr(_holder(st, k), k)
            setattr(_holder(st, k), k, {key: d[key] for key in keys if key in d} | d)
    st.hexturn = _restore_hexturn(snap["hexturn"]) if snap.get("hexturn") is not None else None
    st.reinforced = frozenset(snap.get("reinforced", ()))
    st.objective_uses = dict(snap.get("objective_uses", {}))
    st.relations = dict(snap.get("relations", {}))
    st.raised_by = {k: tuple(v) for k, v in snap.get("raised_by", {}).items()}
    st.switches = frozenset(snap.get("switches", ()))
    st.victory_held = {k: int(v) for k, v in snap.get("victory_held", {}).items()}
    st.kamikaze_spent = int(snap.get("kamikaze_spent", 0))
    return st
