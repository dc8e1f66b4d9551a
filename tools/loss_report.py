"""Which objectives decide the games standard loses? (docs/ai.md, "Stop 31")

Plays the same games as tools/paired_runs.py (seeds S, S+2, ..., standard on SIDE against
OPPONENT) and records, for SIDE, the objectives held at the start of each of its turns and
at the end. Prints one line per lost game (seed, the counts turn by turn, the objectives
held at the end), then, per objective, in how many won and lost games SIDE held it at the
end: an objective held in most wins and few losses is where the losses are decided.
Then it counts won and lost games by the result of SIDE's first attack (docs/ai.md,
"Stop 33": the tutorial's Germans against random lost 3 of 190 games after their first
attack, on the Hill airstrip, came back AR or BR, 10 of 190 after it took the airstrip
with DR and 12 of 103 after an AH cost the attacking regiment). And by the round of SIDE's
first attack on each objective (0: never attacked), and by whether two or more of SIDE's
units were out of supply at once from round 2 on ("Stop 36": the tutorial's Germans lost 4
of the 8 games in which Kastelli was first attacked in round 4, and 10 % of the games with
their supply line cut, against 1.6 % of the others).

    python tools/loss_report.py crete_1941 axis 118000 60 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def held_by(state: Any, side: str) -> list[str]:
    """The objectives (victory hexes) owned by players of `side`, sorted."""
    return sorted(h for h, owner in state.owners.items()
                  if owner is not None and state.scenario.spaces[h].victory_city
                  and state.alliance_of(owner) == side)


def one(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game: its seed, whether SIDE won, the objective count at the start of each of
    SIDE's first player's turns, and the objectives SIDE held at the end."""
    from game import arena
    from game.rules.ruleset import load_scenario
    scenario, side, opponent, seed = job
    if opponent == "passive":
        from paired_runs import passive_opponent  # tools/ is on the path of a tool run
        passive_opponent()
    sc = load_scenario(scenario)
    first = next(p.id for p in sc.players if p.alliance == side)
    other = next(a for a in sc.alliances if a != side)
    counts: list[int] = []
    last: list[Any] = []
    opened: list[str] = []   # the result and target of SIDE's first attack
    first_on: dict[str, int] = {}   # objective -> the round SIDE first attacked it
    cut = [0]                       # the most SIDE units out of supply at once, round 2 on
    goals = {h for h, sp in sc.spaces.items() if sp.victory_city}

    def observe(st: Any) -> None:
        last[:] = [st]
        rec = st.hexturn.last if st.hexturn is not None else None
        if rec is not None and st.alliance_of(rec.attacker) == side:
            if not opened:
                opened.append(f"{rec.result} {st.scenario.spaces[rec.target].name}")
            if rec.target in goals:
                first_on.setdefault(rec.target, st.round)
        if st.player == first and len(counts) < st.round:
            counts.append(len(held_by(st, side)))
        if st.round >= 2:
            cut[0] = max(cut[0], sum(1 for u in st.units.values()
                                     if u.oos and st.alliance_of(u.owner) == side))

    r = arena.play_match(scenario, {side: "standard", other: opponent}, seed, observe=observe)
    end = held_by(last[0], side) if last else []
    start = {h for h in goals if sc.start_owners.get(h) and sc.player(sc.start_owners[h]).alliance == side}
    return {"seed": seed, "won": r["winner"] == side, "turns": counts, "end": end,
            "first": opened[0] if opened else "none",
            "first_on": {h: first_on.get(h, 0) for h in sorted(goals - start)}, "cut": cut[0]}


def report(games: list[dict[str, Any]], objectives: list[str]) -> dict[str, dict[str, int]]:
    """Per objective: the won and lost games in which it was held at the end."""
    out = {o: {"won": 0, "lost": 0} for o in objectives}
    for g in games:
        for o in g["end"]:
            if o in out:
                out[o]["won" if g["won"] else "lost"] += 1
    return out


def by_first_attack(games: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per result of SIDE's first attack ("DR Hill airstrip", "none"): won and lost games."""
    out: dict[str, dict[str, int]] = {}
    for g in sorted(games, key=lambda g: g["first"]):
        row = out.setdefault(g["first"], {"won": 0, "lost": 0})
        row["won" if g["won"] else "lost"] += 1
    return out


def by_round_of_first_attack(games: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, int]]]:
    """Per objective SIDE lacked at the start: per round of its first attack on it (0:
    never attacked), won and lost games."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for g in games:
        for h, rnd in sorted(g["first_on"].items()):
            row = out.setdefault(h, {}).setdefault(str(rnd), {"won": 0, "lost": 0})
            row["won" if g["won"] else "lost"] += 1
    return {h: dict(sorted(v.items())) for h, v in out.items()}


def by_supply(games: list[dict[str, Any]], units: int = 2) -> dict[str, dict[str, int]]:
    """Won and lost games with `units` or more of SIDE's units out of supply at once from
    round 2 on ("cut"), and the others."""
    out = {"cut": {"won": 0, "lost": 0}, "supplied": {"won": 0, "lost": 0}}
    for g in games:
        out["cut" if g["cut"] >= units else "supplied"]["won" if g["won"] else "lost"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("side")
    p.add_argument("start", type=int)
    p.add_argument("games", type=int)
    p.add_argument("--opponent", default="greedy")
    p.add_argument("--jobs", type=int, default=1)
    ns = p.parse_args(argv)
    from game.rules.ruleset import load_scenario
    sc = load_scenario(ns.scenario)
    if ns.side not in sc.alliances:
        p.error(f"side {ns.side!r}: the scenario's alliances are {', '.join(sc.alliances)}")
    work = [(ns.scenario, ns.side, ns.opponent, ns.start + 2 * i) for i in range(ns.games)]
    if ns.jobs <= 1:
        games = [one(w) for w in work]
    else:
        with ProcessPoolExecutor(ns.jobs) as ex:
            games = list(ex.map(one, work))
    names = {h: (s.name or h) for h, s in sc.spaces.items() if s.victory_city}
    for g in games:
        if not g["won"]:
            print(g["seed"], "lost; held at each turn's start", g["turns"], "at the end",
                  [names[h] for h in g["end"]], "first attack", g["first"], "first attack on",
                  {names[h]: r for h, r in g["first_on"].items()}, "most out of supply", g["cut"])
    won = sum(1 for g in games if g["won"])
    print(f"{won}/{len(games)} won; held at the end (won games, lost games):")
    print(json.dumps({names[o]: v for o, v in report(games, sorted(names)).items()}))
    print("by the first attack's result (won games, lost games):")
    print(json.dumps(by_first_attack(games)))
    print("by the round of the first attack on each objective (0: never):")
    print(json.dumps({names[h]: v for h, v in by_round_of_first_attack(games).items()}))
    print("out of supply, two units or more at once from round 2 on:")
    print(json.dumps(by_supply(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
