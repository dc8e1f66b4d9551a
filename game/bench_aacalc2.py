"""The odds bench's battles in aacalc2 beside ours, in the same run (issue #45).

aacalc2 (https://github.com/mshih01/aacalc2, TypeScript, the Axis & Allies 1942 Online
profile) is the exact calculator the issue's ratios compare with. `WARBOARD_AACALC2` names
a built checkout of it (`npm ci && npm run build`); bench_aacalc2.mjs, run by node as a
child process, times each battle inside node, after warm-up calls. Its units' values
(checked against the g40 ruleset's: `profile_mismatch`) are those of Global 1940 2nd
edition for every unit the battles use (not its carrier: the 1942 one, left out); the
order of loss is passed as ours (the listed order), a battleship's extra hit taken first
by both, artillery supporting the infantry lost last.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from game.odds.result import OddsResult

ENV = "WARBOARD_AACALC2"
NOT_INSTALLED = f"not installed (set {ENV} to a built aacalc2 checkout)"
DRIVER = Path(__file__).with_name("bench_aacalc2.mjs")
# g40 unit id -> aacalc2's
UNITS = {"infantry": "inf", "artillery": "art", "armour": "arm", "fighter": "fig",
         "strategic_bomber": "bom", "submarine": "sub", "destroyer": "des", "cruiser": "cru",
         "battleship": "bat", "carrier": "acc", "transport": "tra"}
# aacalc2 drops states below 1e-12 (prune_threshold: ~1e-9 of the mass in 8B), ours below
# 1e-18: win chances agree when they differ by no more than the mass the two dropped, and
# this (rounding)
AGREE = 1e-12
# (warm-up calls, timed calls) per battle: aacalc2 takes ~10 ms, 0.3 s, 3 s for B, 4B, 8B
CALLS = {"small_naval": (50, 300), "battle_b": (5, 15), "battle_4b": (2, 5), "battle_8b": (1, 3)}

Side = list[tuple[str, int]]


def battle(name: str, attacker: Side, defender: Side, terrain: str) -> dict[str, Any]:
    """One battle for the driver: our sides, in order of loss, as aacalc2's armies."""
    warmup, runs = CALLS.get(name, (1, 3))
    return {"name": name, "attack": {UNITS[t]: n for t, n in attacker},
            "defense": {UNITS[t]: n for t, n in defender},
            "att_ool": [UNITS[t] for t, _ in attacker], "def_ool": [UNITS[t] for t, _ in defender],
            "naval": terrain == "sea", "warmup": warmup, "runs": runs}


def run(battles: list[dict[str, Any]], root: str | Path) -> dict[str, Any]:
    """The driver's answer for `battles` with aacalc2 at `root` (OSError if it fails)."""
    node = shutil.which("node")
    if node is None:
        raise OSError("node is not on PATH")
    p = subprocess.run([node, str(DRIVER), str(root)], input=json.dumps(battles),
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise OSError((p.stderr.strip().splitlines() or ["node failed"])[-1])
    out: dict[str, Any] = json.loads(p.stdout.strip().splitlines()[-1])
    return out


def profile_mismatch(rs: Any, units: dict[str, Any], used: set[str]) -> list[str]:
    """The `used` units whose attack, defence or hits differ between the ruleset and
    aacalc2 (`units`: its stats). Its carrier is the 1942 one (attack 1, one hit)."""
    bad = []
    for ours in sorted(used):
        u, s = rs.units.get(ours), units.get(UNITS[ours])
        if u is None or s is None:
            continue
        if (u.attack, u.defense, u.hits) != (s["att"], s["def"], s["hits"]):
            bad.append(f"{ours}: {u.attack}/{u.defense}/{u.hits} hits, "
                       f"aacalc2 {s['att']}/{s['def']}/{s['hits']}")
    return bad


def compare(rs: Any, ours: dict[str, tuple[float, OddsResult]],
            sides: dict[str, tuple[Side, Side, str]]) -> dict[str, Any]:
    """aacalc2's figures beside ours: `ours` maps a battle name to our median ms and
    result, `sides` to its sides and terrain. Keys odds_<name>_aacalc2_ms, _ratio (aacalc2's
    time over ours: above 1 ours is faster), _diff (the largest difference of the win
    chances), _pruned (the mass aacalc2 dropped), odds_aacalc2_disagree (battles whose
    chances differ by more than the two dropped), odds_aacalc2_profile_mismatch."""
    root = os.environ.get(ENV)
    if not root:
        return {"odds_aacalc2": NOT_INSTALLED}
    try:
        res = run([battle(n, *sides[n]) for n in ours], root)
    except (OSError, ValueError) as e:
        return {"odds_aacalc2": f"failed: {e}"}
    out: dict[str, Any] = {"odds_aacalc2": str(root)}
    disagree = {}
    for name, (ms, r) in ours.items():
        a = res["battles"][name]
        out[f"odds_{name}_aacalc2_ms"] = round(a["ms"], 4)
        out[f"odds_{name}_aacalc2_ratio"] = round(a["ms"] / ms, 2) if ms else None
        diff = max(abs(a["attacker_wins"] - r.attacker_wins), abs(a["defender_wins"] - r.defender_wins))
        pruned = max(0.0, 1.0 - a["mass"])
        out[f"odds_{name}_aacalc2_diff"] = float(f"{diff:.2g}")
        out[f"odds_{name}_aacalc2_pruned"] = float(f"{pruned:.2g}")
        if diff > pruned + (r.pruned_mass or 0.0) + AGREE:
            disagree[name] = {"ours": [r.attacker_wins, r.defender_wins],
                              "aacalc2": [a["attacker_wins"], a["defender_wins"]]}
    out["odds_aacalc2_disagree"] = disagree
    used = {t for n in ours for side in sides[n][:2] for t, _ in side}
    out["odds_aacalc2_profile_mismatch"] = profile_mismatch(rs, res["units"], used)
    return out
