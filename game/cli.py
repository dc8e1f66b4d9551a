"""The command line (see docs/architecture.md: these are stable contracts)."""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from game.rules.errors import Diagnostic, LoadError

logger = logging.getLogger(__name__)


def version() -> str:
    """The installed version; from pyproject.toml when run from a checkout not installed."""
    from importlib import metadata
    try:
        return metadata.version("warboard")
    except metadata.PackageNotFoundError:
        pass
    import tomllib
    try:
        with open(Path(__file__).resolve().parents[1] / "pyproject.toml", "rb") as fh:
            return str(tomllib.load(fh)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


def _rounds(text: str) -> int:
    """A turn limit on the command line: a whole number of rounds, or none (0)."""
    if text.lower() == "none":
        return 0
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}': a number of rounds or none") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{text}': at least 1 round (or none)")
    return n


def _fail(message: str) -> int:
    # load errors already read 'file:line:col: error: ...'; don't say "error" twice
    print(message if ": error: " in message.split("\n")[0] else f"error: {message}", file=sys.stderr)
    return 2


def cmd_scenarios(args: argparse.Namespace) -> int:
    from game.rules.ruleset import SCENARIO_DIR, load_scenario_file, scenario_files
    files = scenario_files()
    if not files:   # a broken install: say so rather than list nothing
        return _fail(f"no scenarios found (looked in {SCENARIO_DIR} and the imported folder)")
    for path in files:
        try:
            sc, _ = load_scenario_file(path)
        except LoadError as exc:
            print(f"{path}: cannot load ({exc.diagnostics[0].message})", file=sys.stderr)
            continue
        print(f"{sc.id}\t{sc.ruleset_id}\t{sc.title}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from game.rules.ruleset import load_ruleset
    try:
        rs = load_ruleset(args.ruleset)
        if args.variant:
            from game.rules.variant import find_variant, load_variant
            rs = load_variant(find_variant(args.variant))
            if rs.id != args.ruleset:
                return _fail(f"variant '{rs.variant}' extends '{rs.id}', not '{args.ruleset}'")
    except LoadError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps({"ruleset": rs.id, "dice": rs.dice,
                          "units": [u.to_json() for u in rs.units.values()]}, indent=1))
        return 0
    print(f"{rs.name} (d{rs.dice})" + (f" with house rules: {rs.title}" if rs.variant else ""))
    costs = {u.id: "-" if u.cost is None else str(u.cost) if isinstance(u.cost, int) else
             "/".join(f"{k}:{v}" for k, v in u.cost.items()) for u in rs.units.values()}
    cw = max(5, *map(len, costs.values()))   # side-dependent costs (modern-naval) are wide
    iw = max(22, *map(len, costs))
    print(f"{'unit':{iw}} {'cost':>{cw}} {'att':>7} {'def':>7} {'mov':>4} {'hits':>4}  abilities")
    for u in rs.units.values():
        abil = ", ".join(a.name for a in u.abilities)
        att, dfn = u.value_states("attack"), u.value_states("defense")
        print(f"{u.id:{iw}} {costs[u.id]:>{cw}} {att:>7} {dfn:>7} {u.move:>4} {u.hits:>4}  {abil}")
    if any(u.hits > 1 and u.damaged for u in rs.units.values()):
        print("att/def a/b(/c): undamaged / after one hit (/ after two)")
    return 0


def lint_paths(paths: list[str]) -> list[Diagnostic]:
    from game.rules.ruleset import RULESET_DIR, SCENARIO_DIR, load_ruleset_file, load_scenario_file
    from game.rules.yamlloc import load_yaml_file
    from game.tools_lint import scenario_warnings
    files: list[Path] = []
    from game.rules.variant import VARIANT_DIR, is_variant, load_variant_file
    for p in paths or [str(RULESET_DIR), str(SCENARIO_DIR), str(VARIANT_DIR)]:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(path.glob("*.yaml")))
        else:
            files.append(path)
    diags: list[Diagnostic] = []
    for f in files:
        try:
            data = load_yaml_file(str(f))
            if is_variant(data):
                _, d = load_variant_file(f)
            elif isinstance(data, dict) and "units" in data and "spaces" not in data:
                _, d = load_ruleset_file(f)
            else:
                sc, d = load_scenario_file(f)
                d = d + scenario_warnings(sc)
            diags.extend(d)
        except LoadError as exc:
            diags.extend(exc.diagnostics)
    return diags


def cmd_lint(args: argparse.Namespace) -> int:
    diags = lint_paths(args.paths)
    for d in diags:
        print(d)
    errors = sum(1 for d in diags if d.severity == "error")
    warnings = len(diags) - errors
    print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if errors else 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from game.selfplay import play_out
    try:
        result, session = play_out(args.scenario, args.seed, args.turns, args.level,
                                   variant=args.variant, without=tuple(args.without or ()))
    except LoadError as exc:
        return _fail(str(exc))
    if args.save:
        from game.io.saves import write_save
        write_save(args.save, session)
    print(json.dumps(result))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from game.history import build
    from game.io.saves import SaveError, load_session
    try:
        session, _ = load_session(args.save, from_snapshot=False)
    except SaveError as exc:
        return _fail(str(exc))
    tree = build(session)
    print(json.dumps(tree.to_json(), indent=1) if args.json else "\n".join(tree.text()))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from game.io.saves import SaveError, load_session
    from game.rules.snapshot import state_hash
    try:  # the actions only: a save that no longer replays must not verify from its snapshot
        session, data = load_session(args.save, from_snapshot=False)
    except SaveError as exc:
        return _fail(str(exc))
    got = state_hash(session.state)
    want = (data.get("snapshot") or {}).get("state_hash")
    print(json.dumps({"actions": len(session.actions), "state_hash": got, "recorded": want,
                      "match": got == want}))
    if args.verify and got != want:
        print("error: replay differs from the recorded final state", file=sys.stderr)
        return 1
    return 0


def cmd_position(args: argparse.Namespace) -> int:
    """A saved game's position as a new scenario file (game/io/position.py)."""
    from game.io.position import PositionError, write_from_save
    from game.io.saves import SaveError
    try:
        path, sid = write_from_save(args.save, args.out, args.id)
    except (PositionError, SaveError, LoadError) as exc:
        return _fail(str(exc))
    diags = lint_paths([str(path)])
    for d in diags:
        print(d, file=sys.stderr)
    print(f"wrote {path} (scenario id {sid})")
    return 1 if any(d.severity == "error" for d in diags) else 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    from game.ui import screenshot
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        return _fail(f"--size must look like 1600x900, not {args.size!r}")
    from game.io.saves import SaveError, read_save
    is_save = os.path.isfile(args.scenario) and not args.scenario.endswith((".yaml", ".yml"))
    if args.at is not None and not is_save:
        return _fail(f"--at needs a saved game, not {args.scenario!r}")
    try:
        if is_save:
            read_save(args.scenario)   # a broken save: its reason, before any window work
            screenshot.save_position(args.scenario, args.at, args.out, (w, h))
        else:
            screenshot.save(args.scenario, args.out, (w, h), args.view)
    except (LoadError, SaveError, ValueError) as exc:
        return _fail(str(exc))
    print(args.out)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if not args.load:   # an unknown scenario: say so here, not in a window (with --load it
        # only matters when the save cannot be opened: the menu then says why)
        from game.rules.ruleset import find_scenario
        try:
            find_scenario(args.scenario)
        except LoadError as exc:
            return _fail(str(exc))
    from game.ui import app
    app.run(scenario=args.scenario, ai_sides=tuple(args.ai or ()), load=args.load,
            ai_level=args.level, variant=args.variant, without=tuple(args.without or ()))
    return 0


def _knobs(pairs: list[str]) -> Any:
    """An AIConfig with the knobs NAME=VALUE changed (values read as Python literals);
    ValueError names a malformed or unknown knob."""
    import ast

    from game.ai import AIConfig
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--knob {pair!r}: write NAME=VALUE")
        try:
            changes[name.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            changes[name.strip()] = value.strip()
    try:
        return AIConfig().replace(**changes)
    except TypeError as exc:
        raise ValueError(f"--knob: unknown knob ({exc}); the knobs are in docs/ai.md") from exc


def cmd_arena(args: argparse.Namespace) -> int:
    from game.arena import ArenaError, arena
    try:
        config_a = _knobs(args.knob) if args.knob else None
    except ValueError as exc:
        return _fail(str(exc))
    try:
        print(json.dumps(arena(args.scenario, args.a, args.b, args.games, args.seed, args.jobs,
                               config_a=config_a)))
    except (LoadError, ArenaError) as exc:
        return _fail(str(exc))
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """AI-vs-AI games for the base rules and each variant; writes the report."""
    from game.balance.runner import BalanceError, run_study
    try:
        study = run_study(args.scenario, list(args.variant or []), args.games, args.seed,
                          jobs=args.jobs, level=args.level, ray_address=args.ray)
    except LoadError as exc:
        print(str(exc), file=sys.stderr)
        return _fail("the study was not run: fix the errors above")
    except BalanceError as exc:
        return _fail(str(exc))
    from game.balance.report import text_summary, write_report
    from game.balance.summary import summarize
    summary = summarize(study)
    out = Path(args.out or f"balance-report-{study.scenario.id}")
    try:
        page = write_report(summary, out, command=" ".join(["python -m game balance"] + sys.argv[2:]))
    except ImportError:
        return _fail("the report's charts need matplotlib: pip install 'matplotlib>=3.8,<4'")
    print(text_summary(summary))
    print(f"\nreport: {page}")
    return 0


ODDS_EPILOG = """\
request fields (only ruleset, attacker and defender are needed):
  ruleset       "g40", "interwar", "modern-naval", ... (default g40)
  attacker      [["infantry", 3], ["artillery", 1]]: unit ids and counts, in order of loss;
                a third number is the hits each already took: ["battleship", 1, 1]
                is a damaged battleship, ["juggernaut", 1, 2] one hit from sinking
  defender      the same for the defender (at most 1000 units a side)
  terrain       "land" (default) or "sea"
  terrain_tags  the space's terrain, e.g. ["mountain"] (mountain infantry +1), ["port"]
                (one of mountain, port, riverine, coastal, lake, track)
  bombard       [["battleship", 1]]: ships bombarding in round 1 (an amphibious assault:
                needs "amphibious": true, at most one ship per land unit)
  amphibious    true: the attackers landed from the sea (no artillery support on attack)
  airborne      true: the attacking paratroopers were airdropped (2 in round 1)
  raid          g40 bombing raid: {"target": "major_industrial_complex", "damage": 0};
                attacker = bombers and escorts, defender = interceptors (exact damage
                and loss distributions)
  rounds        stop after this many rounds (default: to the end)
  method        "exact" (default; falls back to a simulation, with a note, when a
                rule is not modelled exactly), "mc" or "sim"
  trials, seed  for "mc" and "sim"
example:
  echo '{"ruleset": "interwar", "attacker": [["mountain_infantry", 2]],
         "defender": [["infantry", 2]], "terrain_tags": ["mountain"]}' | python -m game odds -
"""


def cmd_odds(args: argparse.Namespace) -> int:
    from game.odds.cli import main as odds_main
    return odds_main([args.file])


def cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import GROUPS, run_all
    only = tuple(g for g in (args.only or "").split(",") if g)
    unknown = [g for g in only if g not in GROUPS]
    if unknown:
        return _fail(f"bench: unknown group '{unknown[0]}' (known: {', '.join(GROUPS)})")
    figures = run_all(only, args.g40, slow=args.slow)
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            small = isinstance(v, float) and 0 < abs(v) < 1e-3   # a mass dropped, a difference
            print(f"{k:24} {v:.2g}" if small else f"{k:24} {v:.3f}" if isinstance(v, float) else f"{k:24} {v}")
    return 0


def cmd_import_triplea(args: argparse.Namespace) -> int:
    """Import a TripleA map folder as a scenario; print the import report."""
    from game.io.triplea import import_map
    from game.io.triplea_files import TripleaError
    from game.io.triplea_write import write
    out = Path(args.out)
    try:
        imported = import_map(args.map_dir, game=args.game, scenario_id=args.id or out.stem,
                              turn_limit=args.turn_limit, frontier_units=args.frontier_units,
                              variant_of=args.variant_of)
    except TripleaError as exc:
        return _fail(str(exc))
    files = write(imported, out)
    print(imported.report.text())
    diags = lint_paths([str(out)])
    for d in diags:
        print(d, file=sys.stderr)
    print("wrote " + ", ".join(str(f) for f in files))
    return 1 if any(d.severity == "error" for d in diags) else 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Seeded mutants of every input kind; prints the counts; exit 1 on a crash, a hang or an unnamed refusal."""
    from game.fuzz import KINDS, fuzz
    kinds = tuple(k for k in (args.kinds or ",".join(KINDS)).split(",") if k)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        return _fail(f"unknown input kind(s) {', '.join(unknown)}; known: {', '.join(KINDS)}")
    tally = fuzz(cases=args.cases, minutes=args.minutes if args.cases is None else None,
                 seed=args.seed, kinds=kinds, keep=Path(args.keep) if args.keep else None,
                 scenario=args.scenario, triplea_game=args.triplea_game,
                 **({"triplea_map": Path(args.triplea_map)} if args.triplea_map else {}))
    print(json.dumps(tally.to_json(), indent=1))
    return 1 if tally.total("crash") or tally.total("hang") or tally.total("unnamed") else 0


def _log_level(text: str) -> str:
    from game.log import LEVELS
    if text.lower() not in LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(LEVELS)}")
    return text.lower()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="warboard", description="Warboard: play and playtest board wargames.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    log_help = ("what is logged to stderr: debug, info, warning (default) or error; the log "
                "file in the user log folder gets info and above")
    p.add_argument("--log-level", type=_log_level, default="warning", metavar="LEVEL", help=log_help)
    # also after the command (`play X --log-level debug`); SUPPRESS keeps the one given before it
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--log-level", type=_log_level, default=argparse.SUPPRESS, metavar="LEVEL",
                        help=log_help)
    sub = p.add_subparsers(dest="command", parser_class=_subparser(common))
    s = sub.add_parser("play", help="play a scenario (hotseat, or solo with --ai)")
    s.add_argument("scenario")
    s.add_argument("--ai", action="append", metavar="SIDE", help="alliance or player the computer plays")
    s.add_argument("--load", metavar="SAVE")
    s.add_argument("--level", default="standard", choices=("random", "greedy", "standard"))
    s.add_argument("--variant", metavar="FILE", help="house rules: a variant of the scenario's ruleset")
    s.add_argument("--without", action="append", metavar="OPTION",
                   help="play without a game option of the ruleset (e.g. supply); repeatable")
    s.set_defaults(func=cmd_play)
    s = sub.add_parser("scenarios", help="list scenarios")
    s.set_defaults(func=cmd_scenarios)
    s = sub.add_parser("rules", help="show a ruleset's unit table")
    s.add_argument("ruleset")
    s.add_argument("--json", action="store_true")
    s.add_argument("--variant", metavar="FILE", help="the unit table with a house-rules variant applied")
    s.set_defaults(func=cmd_rules)
    s = sub.add_parser("lint", help="validate rulesets and scenarios")
    s.add_argument("paths", nargs="*")
    s.set_defaults(func=cmd_lint)
    s = sub.add_parser("selfplay", help="the computer plays every side")
    s.add_argument("scenario")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--turns", type=int, default=None)
    s.add_argument("--save")
    s.add_argument("--level", default="standard", choices=("random", "greedy", "standard"))
    s.add_argument("--variant", metavar="FILE", help="house rules: a variant of the scenario's ruleset")
    s.add_argument("--without", action="append", metavar="OPTION",
                   help="play without a game option of the ruleset (e.g. supply); repeatable")
    s.set_defaults(func=cmd_selfplay)
    s = sub.add_parser("fuzz", help="feed mutated scenarios, saves and TripleA maps to the loaders")
    s.add_argument("--minutes", type=float, default=1.0)
    s.add_argument("--cases", type=int, default=None, help="this many cases instead of --minutes")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--kinds", help="comma-separated input kinds: yaml, save, triplea (default: all)")
    s.add_argument("--keep", metavar="DIR", help="copy the inputs of each crash or hang here")
    s.add_argument("--triplea-map", metavar="DIR",
                   help="the TripleA world_war_ii_v3 map folder to mutate (default: "
                        "$WARBOARD_TRIPLEA_MAP, else ../shared/data/triplea/world_war_ii_v3 of a checkout)")
    s.add_argument("--triplea-game", metavar="NAME",
                   help="the game XML of that map to import and mutate (default: WW2v3-1941.xml, "
                        "else the map's first games/*.xml)")
    s.add_argument("--scenario", metavar="ID",
                   help="mutate this scenario, its rulesets and their variants only, and save "
                        "a short game of it for the save mutants (default: every shipped file; "
                        "the saves of a Sarn Gulf game)")
    s.set_defaults(func=cmd_fuzz)
    s = sub.add_parser("replay", help="replay a save")
    s.add_argument("save")
    s.add_argument("--verify", action="store_true")
    s.set_defaults(func=cmd_replay)
    s = sub.add_parser("history", help="a saved game's history: rounds, turns, phases, actions")
    s.add_argument("save")
    s.add_argument("--json", action="store_true", help="the tree as JSON (for tools)")
    s.set_defaults(func=cmd_history)
    s = sub.add_parser("position", help="a saved game's position as a new scenario file "
                       "(balance and arena can start from it)")
    s.add_argument("save")
    s.add_argument("--out", help="the scenario file (default: the imported scenarios folder)")
    s.add_argument("--id", help="the new scenario's id (default: the file name)")
    s.set_defaults(func=cmd_position)
    s = sub.add_parser("screenshot", help="render a view headless to a PNG (or a saved game "
                       "as it stood after action N: SAVE --at N)")
    s.add_argument("scenario", help="a scenario id or file, or a saved game")
    s.add_argument("--at", type=int, default=None, help="with a saved game: after this many actions")
    s.add_argument("--out", required=True)
    s.add_argument("--size", default="1600x900")
    s.add_argument("--view", default="map")
    s.set_defaults(func=cmd_screenshot)
    s = sub.add_parser("arena", help="computer against computer: win rates of two levels")
    s.add_argument("scenario")
    s.add_argument("--a", default="standard", choices=("random", "greedy", "standard"))
    s.add_argument("--b", default="greedy", choices=("random", "greedy", "standard"))
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", type=int, default=1)
    s.add_argument("--knob", action="append", metavar="NAME=VALUE",
                   help="level A plays with this knob changed (docs/ai.md, Knobs); repeatable")
    s.set_defaults(func=cmd_arena)
    s = sub.add_parser("balance", help="house rules: AI-vs-AI games for the rules and variants, "
                                       "and a report with intervals")
    s.add_argument("scenario")
    s.add_argument("--variant", action="extend", nargs="+", metavar="FILE",
                   help="a variant YAML file (or the id of one in scenarios/variants/); repeatable")
    s.add_argument("--games", type=int, default=100, help="games per set of rules")
    s.add_argument("--seed", type=int, default=1, help="game i uses seed S+i, for every set of rules")
    s.add_argument("--jobs", type=int, default=1, help="processes (0: every core)")
    s.add_argument("--level", default="greedy", choices=("random", "greedy", "standard"))
    s.add_argument("--out", metavar="DIR", help="report folder (default balance-report-SCENARIO)")
    s.add_argument("--ray", metavar="ADDRESS", help="run the games on a Ray cluster (pip install "
                                                    "'warboard[ray]')")
    s.set_defaults(func=cmd_balance)
    s = sub.add_parser("odds", help="battle odds: JSON request in, JSON result out",
                       description="Battle odds: reads one JSON request (a file, or - for standard "
                                   "input) and prints the result as JSON.",
                       epilog=ODDS_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("file", nargs="?", default="-", metavar="FILE|-")
    s.set_defaults(func=cmd_odds)
    s = sub.add_parser("import-triplea", help="import a TripleA map folder as a scenario")
    s.add_argument("map_dir", metavar="MAP_DIR")
    s.add_argument("--game", metavar="FILE.xml", help="which game XML of the folder (default: the first)")
    s.add_argument("--out", required=True, metavar="scenarios/NAME.yaml")
    s.add_argument("--id", help="scenario id (default: the output file's name)")
    s.add_argument("--turn-limit", type=_rounds, default=None, metavar="ROUNDS|none",
                   help="rounds a game lasts (default: none when the game has TripleA victory "
                        "triggers, as TripleA plays it; else 10)")
    s.add_argument("--frontier-units", action="store_true",
                   help="build only the units the XML's production frontiers sell (a derived ruleset)")
    s.add_argument("--variant-of", metavar="SCENARIO",
                   help="another XML of a shipped game's map: play it with that scenario's ruleset")
    s.set_defaults(func=cmd_import_triplea)
    s = sub.add_parser("bench", help="measure the performance figures")
    s.add_argument("--json", action="store_true")
    s.add_argument("--slow", action="store_true", help="also the slow figures (odds of 64 times battle B)")
    s.add_argument("--only", metavar="GROUP,...", help="only these figures: odds, zone, hex, g40")
    s.add_argument("--g40", metavar="FILE.yaml",
                   help="the Global 1940 scenario for the g40 figures (default: $WARBOARD_G40, "
                        "else a shipped or imported scenario titled Global 1940)")
    s.set_defaults(func=cmd_bench)
    return p


def _subparser(common: argparse.ArgumentParser) -> type[argparse.ArgumentParser]:
    """The parser class of the commands: each also takes the options of `common`."""
    class Sub(argparse.ArgumentParser):
        def __init__(self, *a, **kw) -> None:
            kw["parents"] = [*kw.get("parents", ()), common]
            super().__init__(*a, **kw)
    return Sub


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from game import log
    path = log.setup(args.log_level)
    logger.info("warboard %s: %s (log file %s)", version(),
                " ".join(sys.argv[1:] if argv is None else argv) or "menu", path)
    logger.debug("options: %s", {k: v for k, v in vars(args).items() if k != "func"})
    if args.command is None:
        from game.ui import app
        app.run()
        return 0
    try:
        return int(args.func(args))
    except BrokenPipeError:   # `python -m game rules interwar | head`: the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
