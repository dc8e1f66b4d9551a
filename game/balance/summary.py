"""From game records to the figures of a balance report: win rates per side with
95% intervals, the paired difference against the base rules, game length, units
bought and lost per game by type, income per round, and the decisive battles."""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from . import explain
from .record import decisive_battle
from .runner import Study
from .stats import ALPHA, PAIRED_TEST, Rate, discordant, mcnemar_exact, mean_of, paired_difference


def _per_game(records: list[dict[str, Any]], key: str) -> dict[str, dict[str, float]]:
    """Mean count per game, by side and unit type."""
    tot: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in records:
        for side, units in r[key].items():
            for unit, n in units.items():
                tot[side][unit] += n
    n = max(1, len(records))
    return {side: {u: v / n for u, v in sorted(units.items())} for side, units in tot.items()}


def _income_curve(records: list[dict[str, Any]], alliances: tuple[str, ...]) -> dict[str, list[float]]:
    """Mean income per round of each side, over the games still running that round."""
    out: dict[str, list[float]] = {}
    for a in alliances:
        series = [r["income"].get(a, []) for r in records]
        longest = max((len(s) for s in series), default=0)
        out[a] = []
        for k in range(longest):
            vals = [s[k] for s in series if len(s) > k]
            out[a].append(sum(vals) / len(vals))
    return out


def _decisive(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Where the decisive battles were: per space and winner, how many games, mean gain."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        d = decisive_battle(r)
        if d is not None:
            groups[(d["name"], d["attacker"])].append({**d, "seed": r["seed"], "winner": r["winner"]})
    out = []
    for (name, attacker), ds in groups.items():
        rounds = Counter(d["round"] for d in ds)
        out.append({"space": name, "attacker": attacker, "games": len(ds),
                    "mean_gain": sum(d["gain"] for d in ds) / len(ds),
                    "winner_attacked": sum(1 for d in ds if d["winner"] == attacker),
                    "usual_round": rounds.most_common(1)[0][0],
                    "seeds": sorted(d["seed"] for d in ds)[:5]})
    out.sort(key=lambda x: (-x["games"], -x["mean_gain"], x["space"]))
    return out


def summarize_rules(study: Study, k: int) -> dict[str, Any]:
    records = study.records[k]
    sc = study.scenario
    n = len(records)
    wins = {a: Rate(sum(1 for r in records if r["winner"] == a), n) for a in sc.alliances}
    draws = Rate(sum(1 for r in records if not r["winner"]), n)
    length = mean_of([float(r["rounds"]) for r in records])
    rs = study.rulesets[k]
    return {
        "label": rs.variant or "base",
        "title": rs.title if rs.variant else f"published rules ({rs.id})", "games": n,
        "wins": {a: w.to_json() for a, w in wins.items()}, "draws": draws.to_json(),
        "length": length.to_json(),
        "length_hist": dict(sorted(Counter(r["rounds"] for r in records).items())),
        "bought": _per_game(records, "bought"), "lost": _per_game(records, "lost"),
        "income": _income_curve(records, sc.alliances),
        "decisive": _decisive(records),
        "battles_per_game": sum(len(r["battles"]) for r in records) / max(1, n),
    }


def compare(study: Study, k: int) -> dict[str, Any]:
    """Variant k against the base rules: per side the paired difference of win rates,
    and the sentences a player reads."""
    sc = study.scenario
    base, var = study.records[0], study.records[k]
    phrase = explain.change_phrase(study.rulesets[0], study.rulesets[k])
    sides = {}
    for a in sc.alliances:
        pb = Rate(sum(1 for r in base if r["winner"] == a), len(base))
        pv = Rate(sum(1 for r in var if r["winner"] == a), len(var))
        won_v, won_b = [r["winner"] == a for r in var], [r["winner"] == a for r in base]
        d = paired_difference(won_v, won_b)
        lo, hi = d.ci
        only_v, only_b = discordant(won_v, won_b)
        p = mcnemar_exact(only_v, only_b)
        name = explain.side_name(sc, a)
        sides[a] = {"name": name, "base": pb.to_json(), "variant": pv.to_json(),
                    "difference": d.mean, "difference_ci95": [lo, hi],
                    "discordant": {"variant_only": only_v, "base_only": only_b},
                    "p_value": p, "test": PAIRED_TEST, "significant": p < ALPHA,
                    "sentence": explain.winrate_sentence(phrase, name, pv.p, pv.half_width, pb.p,
                                                         pb.half_width),
                    "verdict": explain.difference_sentence(name, d.mean, lo, hi, d.n, p)}
    # the headline: the side the change helps most (the first alliance when nothing moves)
    lead = max(sc.alliances, key=lambda a: (sides[a]["difference"], -sc.alliances.index(a)))
    changed = sum(1 for b, v in zip(base, var, strict=True) if b["winner"] != v["winner"])
    lb, lv = mean_of([float(r["rounds"]) for r in base]), mean_of([float(r["rounds"]) for r in var])
    return {"label": study.rulesets[k].variant, "phrase": phrase,
            "changes": explain.unit_changes(study.rulesets[0], study.rulesets[k]),
            "sides": sides, "headline": sides[lead]["sentence"], "verdict": sides[lead]["verdict"],
            "games_changed": changed,
            "length_sentence": explain.capital(
                f"{phrase}, games last {lv.mean:.1f} rounds on average instead of {lb.mean:.1f}.")}


def summarize(study: Study) -> dict[str, Any]:
    return {
        "scenario": {"id": study.scenario.id, "title": study.scenario.title,
                     "alliances": {a: explain.side_name(study.scenario, a)
                                   for a in study.scenario.alliances}},
        "games": study.games, "seed": study.seed, "level": study.level, "where": study.where,
        "seconds": study.seconds,
        "rules": [summarize_rules(study, k) for k in range(len(study.rulesets))],
        "comparisons": [compare(study, k) for k in range(1, len(study.rulesets))],
    }
