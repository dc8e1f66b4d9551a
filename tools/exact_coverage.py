"""How many random mixed `interwar` battles the exact odds solve (issue #4).

Builds 60 random forces (30 land, 30 sea; ~25% aircraft; each side listed cheapest
first, the usual order of loss) and counts results with method == "exact". Prints a
JSON summary with the fallback reasons (the "exact method not applicable: ..." part of
each note). Fallbacks run the simulation with --trials trials (default 1: only the
method and the note matter here, so they cost next to nothing).

    python tools/exact_coverage.py [--seed 5] [--trials 1] [--cases]
    python tools/exact_coverage.py --rare     # the rare interwar forces (RARE) instead
    python tools/exact_coverage.py --large    # big land and sea battles (LARGE) instead

--rare plays RARE: hand-built battles, one or more for each rarer reason the exact odds
used to fall back (airdrops with escorts, AA fire at multi-hit aircraft, defending air
transports...). Stock interwar has no aircraft with several hit points: those cases use
the test variant tests/fixtures/variants/interwar_sturdy_air.yaml (2-hit fighters, heavy
bombers, airships and air transports); the reasons no shipped ruleset meets use
interwar_rare_mix.yaml (abilities of g40 and others mixed in).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from game.odds import api
from game.rules.ruleset import load_ruleset

VARIANTS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "variants"
STURDY_AIR = VARIANTS / "interwar_sturdy_air.yaml"
RARE_MIX = VARIANTS / "interwar_rare_mix.yaml"

# (reason aimed at, ruleset: "interwar", "sturdy" (STURDY_AIR) or "mix" (RARE_MIX), attacker,
# defender, battle_odds keywords)
RARE: list[tuple[str, str, list[tuple[str, int]], list[tuple[str, int]], dict[str, Any]]] = [
    ("interception hits on units with several hit points", "sturdy",
     [("transport_aircraft", 2), ("paratrooper", 2), ("fighter", 1)],
     [("infantry", 1), ("aaa", 1), ("fighter", 1)], {"airborne": True}),
    ("interception hits on units with several hit points", "sturdy",
     [("infantry", 1), ("transport_aircraft", 1), ("paratrooper", 1), ("fighter", 2)],
     [("infantry", 2), ("fighter", 1)], {"airborne": [False, True, True, False, False]}),
    ("interception hits on units with several hit points", "sturdy",
     [("transport_aircraft", 1), ("paratrooper", 1), ("infantry", 2)],
     [("infantry", 1), ("aaa", 1)], {"airborne": [True, True, False, False]}),
    ("anti-aircraft fire at multi-hit aircraft", "sturdy",
     [("infantry", 2), ("heavy_bomber", 1)], [("infantry", 2), ("aaa", 1)], {}),
    ("anti-aircraft fire at multi-hit aircraft", "sturdy",
     [("armor", 1), ("airship", 1), ("heavy_bomber", 1), ("dive_bomber", 1)],
     [("infantry", 3), ("aaa", 1)], {}),
    ("anti-aircraft fire at multi-hit aircraft", "sturdy",
     [("transport_aircraft", 1), ("paratrooper", 1), ("heavy_bomber", 1), ("infantry", 1)],
     [("infantry", 2), ("aaa", 1)], {"airborne": [True, True, False, False]}),
    ("defending air transports", "interwar",
     [("infantry", 3)], [("infantry", 1), ("transport_aircraft", 1)], {}),
    ("defending air transports", "interwar",
     [("infantry", 3), ("armor", 1)], [("transport_aircraft", 1), ("infantry", 1), ("fighter", 1)], {}),
    ("defending air transports", "interwar",
     [("fighter", 2), ("armor", 2)], [("transport_aircraft", 2), ("infantry", 1), ("aaa", 1)], {}),
    # interwar_rare_mix: abilities of other rulesets (no shipped ruleset meets these)
    ("round values judged on the sides as an airdrop battle begins", "mix",
     [("transport_aircraft", 1), ("paratrooper", 1), ("infantry", 1)], [("mountain_infantry", 2), ("fighter", 1)],
     {"airborne": [True, True, False]}),
    ("anti-aircraft fire at paratroopers beside an airdrop", "mix",
     [("transport_aircraft", 1), ("paratrooper", 1), ("marine", 1)], [("infantry", 2), ("aaa", 1)],
     {"airborne": True}),
    ("air transports that cannot be intercepted keep their cargo aboard", "mix",
     [("glider_tug", 1), ("paratrooper", 1), ("infantry", 1)], [("infantry", 2)],
     {"airborne": [True, True, False]}),
    ("reconnaissance rerolls of units with several dice", "mix",
     [("artillery", 2), ("armored_car", 2), ("infantry", 1)], [("infantry", 3)], {}),
    ("a unit with several special values in force", "mix",
     [("fighter", 2), ("infantry", 1)], [("armor", 1), ("fighter", 1), ("infantry", 1)], {}),
    ("chosen casualties (chooses_casualty) among units with several hits", "interwar",
     [("torpedo_bomber", 2), ("cruiser", 1)], [("destroyer", 1), ("battleship", 1), ("carrier", 1)],
     {"terrain": "sea"}),
    ("reconnaissance rerolls of units with several dice", "interwar",
     [("artillery", 2), ("armored_car", 2), ("airship", 1)], [("infantry", 3)], {}),
    ("a unit with several special values in force", "interwar",
     [("cavalry", 3), ("fighter", 1)], [("infantry", 1), ("fighter", 1)], {}),
]

# (terrain, attacker, defender): battles larger than the random ones, each side listed
# cheapest first. Land battles of 50+ units are exact in about a second; sea battles
# whose restricted hits (submarines, torpedo and dive bombers choosing their ships,
# carriers' aircraft) split the order of loss into many classes are exact on their
# reachable states (docs/interpretations.md, "Large fleets").
LARGE: list[tuple[str, list[tuple[str, int]], list[tuple[str, int]]]] = [
    ("land", [("infantry", 15), ("artillery", 6), ("armor", 6), ("fighter", 4), ("heavy_bomber", 2)],
     [("infantry", 12), ("artillery", 4), ("aaa", 2), ("fortification", 1), ("fighter", 2)]),
    ("land", [("infantry", 30), ("artillery", 10), ("armor", 10), ("fighter", 6)],
     [("infantry", 25), ("artillery", 6), ("armor", 4), ("fighter", 3)]),
    ("land", [("infantry", 8), ("mountain_infantry", 4), ("heavy_artillery", 3), ("armor", 4), ("dive_bomber", 2)],
     [("infantry", 6), ("anti_tank_gun", 2), ("fortress", 1), ("aaa", 1)]),
    ("sea", [("destroyer", 6), ("cruiser", 4), ("battleship", 3), ("fighter", 2)],
     [("destroyer", 5), ("cruiser", 3), ("battleship", 3)]),
    ("sea", [("destroyer", 4), ("cruiser", 2), ("battleship", 2), ("carrier", 1), ("fighter", 2),
             ("torpedo_bomber", 1)],
     [("destroyer", 3), ("cruiser", 2), ("battleship", 1), ("carrier", 1), ("fighter", 1)]),
    ("sea", [("submarine", 1), ("destroyer", 3), ("cruiser", 2), ("carrier", 1), ("battleship", 2), ("fighter", 2),
             ("torpedo_bomber", 1), ("dive_bomber", 1)],
     [("destroyer", 2), ("cruiser", 2), ("battleship", 1), ("carrier", 1), ("fighter", 1)]),
    ("sea", [("submarine", 2), ("destroyer", 6), ("cruiser", 4), ("carrier", 1), ("battleship", 4), ("fighter", 4),
             ("torpedo_bomber", 2), ("dive_bomber", 2)],
     [("destroyer", 4), ("cruiser", 4), ("battleship", 2), ("carrier", 1), ("fighter", 2)]),
    ("sea", [("submarine", 3), ("destroyer", 6), ("cruiser", 4), ("carrier", 2), ("battleship", 4),
             ("battlecruiser", 2), ("fighter", 3), ("torpedo_bomber", 2), ("dive_bomber", 1)],
     [("destroyer", 4), ("cruiser", 3), ("battleship", 2), ("carrier", 2), ("fighter", 2)]),
]

LAND = ['infantry', 'artillery', 'armor', 'light_armor', 'cavalry', 'anti_tank_gun', 'heavy_artillery',
        'motorized_infantry', 'mechanized_infantry', 'armored_car', 'mountain_infantry', 'engineer',
        'light_artillery', 'heavy_infantry', 'colonial_infantry', 'marine', 'auxiliary']
AIR = ['fighter', 'dive_bomber', 'light_bomber', 'heavy_bomber', 'torpedo_bomber', 'airship']
SEA = ['destroyer', 'cruiser', 'battleship', 'submarine', 'carrier', 'battlecruiser', 'dreadnaught',
       'torpedo_boat_destroyer', 'escort_carrier', 'fast_battleship']


def force(rs: Any, pool: list[str], airpool: list[str], n: int, rng: random.Random) -> list[list[Any]]:
    d: dict[str, int] = {}
    for _ in range(n):
        t = rng.choice(airpool) if airpool and rng.random() < 0.25 else rng.choice(pool)
        d[t] = d.get(t, 0) + 1
    items = sorted(d.items(), key=lambda kv: (rs.units[kv[0]].cost or 0))   # cheapest first
    return [[k, v] for k, v in items]


def battles(seed: int) -> list[tuple[str, list[list[Any]], list[list[Any]]]]:
    rs = load_ruleset('interwar')
    rng = random.Random(seed)
    out = []
    for i in range(60):
        kind = 'land' if i % 2 == 0 else 'sea'
        if kind == 'land':
            a = force(rs, LAND, AIR, rng.randint(3, 12), rng)
            d = force(rs, LAND + ['fortification'], ['fighter'], rng.randint(2, 10), rng)
        else:
            a = force(rs, SEA, AIR, rng.randint(2, 8), rng)
            d = force(rs, SEA, ['fighter'], rng.randint(2, 8), rng)
        out.append((kind, a, d))
    return out


def reason(note: str | None) -> str:
    if not note:
        return "(no note)"
    head = "exact method not applicable: "
    if note.startswith(head):
        return note[len(head):].split("; ")[0]
    return note.split("; ")[0]


def _names(force: list[tuple[str, int]]) -> str:
    return ", ".join(f"{t} x{n}" for t, n in force)


def rare(trials: int) -> dict[str, Any]:
    """Play RARE: per reason aimed at, how many are exact, and every fallback's reason."""
    from game.odds import battle_odds
    from game.rules.variant import load_variant
    rulesets = {"interwar": "interwar", "sturdy": load_variant(STURDY_AIR), "mix": load_variant(RARE_MIX)}
    per: dict[str, list[int]] = {}
    fallbacks = []
    for aim, rsid, a, d, kw in RARE:
        kw = dict(kw)
        terrain = kw.pop("terrain", "land")
        r = battle_odds(rulesets[rsid], a, d, terrain, trials=trials, **kw)
        got = per.setdefault(aim, [0, 0])
        got[0] += r.method == "exact"
        got[1] += 1
        if r.method != "exact":
            fallbacks.append(f"{rsid}: {_names(a)} vs {_names(d)}: {reason(r.note)}")
    return {"rare": {k: {"exact": v[0], "total": v[1]} for k, v in per.items()},
            "exact": sum(v[0] for v in per.values()), "total": len(RARE), "fallbacks": fallbacks}


def large(trials: int, seed: int) -> dict[str, Any]:
    """Play LARGE and 20 random fleets of 10-20 ships and aircraft against 8-16 (seeded):
    each battle's size, method, seconds and (fallbacks) reason."""
    from game.odds import battle_odds
    rs = load_ruleset('interwar')
    rng = random.Random(seed)
    fleets = [("sea", [(t, n) for t, n in force(rs, SEA, AIR, rng.randint(10, 20), rng)],
               [(t, n) for t, n in force(rs, SEA, ['fighter'], rng.randint(8, 16), rng)]) for _ in range(20)]
    out = []
    for terrain, a, d in LARGE + fleets:
        t0 = time.perf_counter()
        r = battle_odds("interwar", a, d, terrain, trials=trials)
        out.append({"terrain": terrain, "units": [sum(n for _, n in a), sum(n for _, n in d)],
                    "attacker": _names(a), "defender": _names(d), "method": r.method,
                    "seconds": round(time.perf_counter() - t0, 2),
                    "reason": None if r.method == "exact" else reason(r.note)})
    return {"large": out, "exact": sum(c["method"] == "exact" for c in out), "total": len(out),
            "max_exact_seconds": max((c["seconds"] for c in out if c["method"] == "exact"), default=0.0)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--trials", type=int, default=1, help="simulation trials of a fallback")
    ap.add_argument("--cases", action="store_true", help="list every battle with its method")
    ap.add_argument("--rare", action="store_true", help="the rare interwar forces (RARE) instead")
    ap.add_argument("--large", action="store_true", help="the large battles (LARGE) instead")
    args = ap.parse_args()
    if args.large:
        print(json.dumps(large(args.trials, args.seed), indent=1))
        return
    if args.rare:
        print(json.dumps(rare(args.trials), indent=1))
        return
    stats = {'land': [0, 0], 'sea': [0, 0]}
    reasons: dict[str, int] = {}
    cases = []
    exact_s: list[float] = []
    for kind, a, d in battles(args.seed):
        t0 = time.perf_counter()
        r = api.compute({"ruleset": "interwar", "attacker": a, "defender": d, "terrain": kind,
                         "trials": args.trials})
        dt = time.perf_counter() - t0
        exact = r['method'] == 'exact'
        stats[kind][0] += exact
        stats[kind][1] += 1
        if exact:
            exact_s.append(dt)
        else:
            k = reason(r.get('note'))
            reasons[k] = reasons.get(k, 0) + 1
        if args.cases:
            cases.append({"kind": kind, "attacker": a, "defender": d, "method": r['method'],
                          "seconds": round(dt, 3), "reason": None if exact else reason(r.get('note'))})
    out: dict[str, Any] = {
        "seed": args.seed,
        "land": {"exact": stats['land'][0], "total": stats['land'][1]},
        "sea": {"exact": stats['sea'][0], "total": stats['sea'][1]},
        "fallback_reasons": dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
        "exact_seconds": {"max": round(max(exact_s, default=0.0), 3),
                          "total": round(sum(exact_s), 3)},
    }
    if args.cases:
        out["cases"] = cases
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
