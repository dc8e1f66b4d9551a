"""A canonical, JSON-ready view of the dynamic game state, and its hash.

Used by saves (to verify replays), by selfplay output and by tests of
determinism: the same scenario, seed and actions give the same hash.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from .model import Battle, GameState


def snapshot(state: GameState) -> dict[str, Any]:
    b = state.battle
    return {
        "round": state.round,
        "player": state.player,
        "phase": state.phase,
        "units": [u.to_json() for u in sorted(state.units.values(), key=lambda u: u.uid)],
        "owners": dict(sorted((k, v) for k, v in state.owners.items() if v is not None)),
        "factories": sorted(state.factories),
        "resources": dict(sorted(state.resources.items())),
        "purchased": dict(sorted(state.purchased.items())),
        "bought": dict(sorted(state.bought.items())),
        "battles": list(state.battles),
        "origins": {k: list(v) for k, v in sorted(state.origins.items())},
        "landings": {k: list(v) for k, v in sorted(state.landings.items())},
        **({"ro3_moves": dict(sorted(state.ro3_moves.items()))} if state.ro3_moves else {}),
        "battle": _battle(b) if b is not None else None,
        "dice_used": state.dice_used,
        "next_uid": state.next_uid,
        "winner": state.winner,
        "over": state.over,
        **({"hexturn": state.hexturn.to_json()} if state.hexturn is not None else {}),
        **({"reinforced": sorted(state.reinforced)} if state.reinforced else {}),
    }


# fields added after saves existed: left out at their default, so older saves verify
_NEW_BATTLE_FIELDS = {"recon_used": (), "prizes": (), "att_start": (), "def_start": ()}
_NEW_ROLL_FIELDS = {"uids": (), "rerolled": (), "first": ()}


def _battle(b: Battle) -> dict[str, Any]:
    out = dataclasses.asdict(b)
    for k, default in _NEW_BATTLE_FIELDS.items():
        if out.get(k) == default:
            del out[k]
    for r in out["rolls"]:
        for k, default in _NEW_ROLL_FIELDS.items():
            if k in r and r[k] == default:
                del r[k]
        r.pop("uids", None)  # who rolled which die is implied by the state and the actions
    return out


def state_hash(state: GameState) -> str:
    text = json.dumps(snapshot(state), sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
