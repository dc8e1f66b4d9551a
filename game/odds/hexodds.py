"""Odds on a hex ruleset's CRT for `python -m game odds` (no map needed):
in  {"ruleset": "europa", "attack": 12, "defense": 4, "shifts": [[-1, "woods"], [1, "AEC"]]}
out {"ruleset", "attack", "defense", "odds", "base_column", "column", "shifts",
     "probabilities": {code: p}, "results": {code: name}, "method": "exact"}.
Map-aware odds (terrain, abilities, supply) come from game.rules.hex.crt.preview."""
from __future__ import annotations

from typing import Any

from game.rules.errors import LoadError
from game.rules.ruleset import load_ruleset

from .model import OddsError


def is_hex_request(request: Any) -> bool:
    if not isinstance(request, dict) or not isinstance(request.get("ruleset"), str):
        return False
    try:
        return load_ruleset(request["ruleset"]).hex is not None
    except LoadError:
        return False


def hex_odds(request: dict[str, Any]) -> dict[str, Any]:
    from game.rules.hex.crt import odds_column, probabilities  # hex only: zone odds stay quick
    rs = load_ruleset(request["ruleset"])
    assert rs.hex is not None
    crt = rs.hex.crt
    try:
        att = float(request["attack"])
        dfn = float(request["defense"])
    except (KeyError, TypeError, ValueError) as exc:
        raise OddsError("a hex odds request needs numbers 'attack' and 'defense'") from exc
    if att < 0 or dfn < 0:
        raise OddsError("'attack' and 'defense' must not be negative")
    shifts = request.get("shifts", [])
    if not isinstance(shifts, list) or not all(
            isinstance(s, list) and len(s) == 2 and isinstance(s[0], int) for s in shifts):
        raise OddsError("'shifts' must be a list of [columns, reason]")
    odds, base = odds_column(crt, att, dfn)
    col = max(0, min(len(crt.columns) - 1, base + sum(s[0] for s in shifts)))
    return {"ruleset": rs.id, "attack": att, "defense": dfn, "odds": odds,
            "base_column": crt.columns[base], "column": crt.columns[col],
            "shifts": shifts, "probabilities": probabilities(crt, col),
            "results": {k: r.name for k, r in crt.results.items()}, "method": "exact"}
