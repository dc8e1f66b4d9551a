"""Audit the interwar ruleset against seed 000 ("7.0 Unit Profiles").

For each of the 49 unit profiles of the seed text this compares the printed cost,
attack, defense, move, hits and damaged values with scenarios/rulesets/interwar.yaml,
and looks for the tests citing each "Unit Characteristics" entry (a test function
whose text, or the comment above it, names the unit and the entry, or the entry's seed
line as ``L<n>``, in a test file citing ``seed 000``).

    python tools/interwar_audit.py            # Markdown table on stdout
    python tools/interwar_audit.py --check    # exit 1 on a number mismatch, an entry
                                              # without a citing test, or one cited only
                                              # by data checks (DATA_TESTS)

The numbers are parsed from the seed text itself (not from the extraction draft), so
a wrong number in the ruleset shows up here; tests/rules/test_interwar_unit_profiles.py runs
the same comparison.
"""
from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED_DIRS = (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds"))

# Headings whose plural / abbreviation differs from the ruleset unit id.
HEADING_IDS = {
    "AUXILIARIES": "auxiliary", "PARATROOPERS": "paratrooper", "MARINES": "marine",
    "ENGINEERS": "engineer", "AAA": "aaa",
}
# Printed lines that are values or footnotes, not Unit Characteristics entries.
VALUE_KEYS = {"Cost", "Attack", "Defense", "Move"}
NOT_ENTRIES = {"Guard/Territorials rule (see"}   # a continuation line of Armor's Blitz
# Unit Characteristics entries printed without a "Name:" label (a footnote, "Charge!",
# a bare sentence), as (pattern at the start of the line, entry name).
UNLABELLED = [
    (r"\*:? ", "Footnote *"),
    (r"Charge!", "Charge!"),
    (r"May build ", "May build"),
    (r"A nation must have at least one Major Industrial Complex", "Major Industrial Complex"),
    (r"This unit is a tactical bomber", "Tactical bomber"),
    (r"This unit is not a warship", "Not a warship"),
    (r"In order to conduct an airdrop", "Airdrop landing"),
    (r"Air transports may be escorted", "Escorted"),
    (r"Escort fighters", "Escort fighters"),
    (r"Air Defense:$", "Air Defense (empty)"),
]

# Unit Characteristics entry -> the abilities that carry it, as (unit, ability) with
# unit None = the profile's own unit. A supporter's text lives on the recipient
# (docs/seeds/000-extraction.md, "Ability catalogue"); worked examples map to no
# ability (they are tested as W1-W3, see docs/seeds/000-status.md).
ENTRY_ABILITIES: dict[str, list[tuple[str | None, str]]] = {
    "Fieldcraft": [(None, "no_move_penalty")],
    "Living off the Land": [(None, "no_supply_penalty")],
    "Skirmishers": [(None, "no_fortification_bonus")],
    "Empire to Arms": [(None, "placed_at")],
    "Supported by Artillery (Defense)": [(None, "supported_by")],
    "Supported by Artillery (Offense/Defense)": [(None, "supported_by")],
    "Ski Troops": [(None, "modifier")],
    "Assault Tactics": [(None, "requires_doctrine")],
    "Airborne Operations": [(None, "requires_doctrine"), (None, "modifier")],
    "Blitz": [(None, "blitz|blitz_with")],
    "Forced March": [(None, "forced_march")],
    "Amphibious Attack": [(None, "no_amphibious_penalty")],
    "Reconnaissance": [(None, "reconnaissance")],
    "Ambush": [(None, "value_against")],
    "First Strike": [(None, "first_strike")],
    "Support Infantry (Offense)": [("infantry", "supported_by")],
    "Support Infantry and Paratroopers (Offense and Defense)": [("infantry", "supported_by"),
                                                                ("colonial_infantry", "supported_by"),
                                                                ("paratrooper", "supported_by")],
    "Spotter": [("armored_car", "reconnaissance")],
    "Supply Dump": [(None, "supply_dump")],
    "Captured": [(None, "capturable")],
    "Move with Artillery": [(None, "tows")],
    "Support from Self-Propelled Artillery": [("light_armor", "supported_by")],
    "Mechanization": [(None, "requires_doctrine")],
    "Combined Arms": [("torpedo_bomber", "supported_by"), ("dive_bomber", "supported_by"),
                      ("motorized_infantry", "blitz_with")],
    "Support Motorized Infantry": [("motorized_infantry", "supported_by")],
    "Support Light Armor": [("light_armor", "supported_by")],
    "Limited Move": [(None, "noncombat_move_only")],
    "No Combat Value": [(None, "anti_aircraft")],
    "Air Defense": [(None, "defends_only_against")],
    "Carry Aircraft": [(None, "carrier")],
    "Combat Aircraft": [(None, "value_against")],
    "Escort": [(None, "intercepts"), (None, "escorts")],
    "Torpedo": [(None, "chooses_casualty")],
    "Tactical Air Support": [(None, "chooses_casualty")],
    "Supply Drop": [(None, "supply_drop")],
    "Ferry Operation": [(None, "ferry")],
    "Cargo": [(None, "air_transport")],
    "Non-combatant": [(None, "noncombatant")],
    "Withdraw": [(None, "withdraws")],
    "Neutral Ports": [(None, "neutral_ports_as_bases")],
    "False Flag": [(None, "stealthy")],
    "Obsolete": [(None, "obsolete")],
    "Shore Bombardment": [(None, "bombard")],
    "Offshore Bombardment": [(None, "bombard")],
    "Coastal Combatant": [(None, "restricted_zones")],
    "Poor Seakeeping Ability": [(None, "restricted_zones")],
    "Lake Combatant": [(None, "restricted_zones")],
    "Oversize": [(None, "cannot_traverse")],
    "Submersible": [(None, "cannot_hit")],
    "Transport": [(None, "transport")],
    "Limited Cargo": [(None, "transport")],
    "Gun Director": [(None, "gun_director")],
    "Capital Ship": [(None, "capital_ship")],
    "Not a Capital Ship": [],            # a number: hits 1 (checked with the numbers)
    "This unit may only be built": [(None, "placed_at")],
    "Combat Air Patrol": [(None, "combat_air_patrol")],
    "Defensive Preparations": [(None, "fortifies")],
    "Coastal Artillery": [(None, "coastal_artillery")],
    "Airdrop": [(None, "airdroppable|air_transport")],
    "Example A": [], "Example B": [],    # worked examples W1-W3
    # unlabelled entries (UNLABELLED)
    "Footnote *": [(None, "modifier|cannot_hit")],   # paratrooper 2 in round 1; bombers' targets
    "Charge!": [(None, "value_against")],
    "May build": [(None, "builds")],
    "Major Industrial Complex": [(None, "placed_at")],
    "Tactical bomber": [],               # the class tactical_bomber (Combined Arms)
    "Not a warship": [],                 # left out of the class warship (G40)
    "Airdrop landing": [(None, "air_transport")],
    "Escorted": [("fighter", "escorts")],
    "Escort fighters": [(None, "escorts")],
    "Air Defense (empty)": [(None, "anti_aircraft")],   # G35
}

# Entries whose printed words tests/rules/test_interwar_unit_profiles.py checks for every
# profile carrying them (test_entry_matches_seed_words).
WORD_CHECKED = {"Offshore Bombardment", "Shore Bombardment", "Capital Ship",
                "Not a Capital Ship", "Air Defense", "Submersible", "Limited Cargo",
                "This unit may only be built"}
WORD_TEST = "tests/rules/test_interwar_unit_profiles.py::test_entry_matches_seed_words"
# Tests that check an entry as data only (a number or a word of the ruleset): an entry
# cited by these alone has no test of what the rule does (--check reports it).
DATA_TESTS = {"test_entry_matches_seed_words", "test_all_49_units_with_seed_values",
              "test_rules_json_lists_classes_and_damaged", "test_numbers_match_the_seed"}


def data_only(tests: dict[tuple[str, str], list[str]]) -> list[tuple[str, str]]:
    """(unit, entry) cited only by DATA_TESTS."""
    return [k for k, ts in tests.items()
            if ts and {t.split("::")[1].split("[")[0] for t in ts} <= DATA_TESTS]


def seed_path() -> Path:
    for d in SEED_DIRS:
        hits = sorted(d.glob("000_*.txt")) if d.is_dir() else []
        if hits:
            return hits[0]
    raise FileNotFoundError("seed 000 text not found (shared/seeds/000_*.txt)")


@dataclass
class Profile:
    heading: str
    unit: str
    line: int
    printed: dict[str, str] = field(default_factory=dict)
    hits: int = 1
    entries: list[tuple[str, int]] = field(default_factory=list)   # (name, line)


def unit_id(heading: str) -> str:
    base = re.sub(r"\s*\(.*\)\s*$", "", heading).strip()
    if base in HEADING_IDS:
        return HEADING_IDS[base]
    return re.sub(r"[^a-z]+", "_", base.lower()).strip("_")


def parse_seed(path: Path | None = None) -> list[Profile]:
    lines = (path or seed_path()).read_text(encoding="utf-8").splitlines()
    heads = [i for i, ln in enumerate(lines)
             if re.fullmatch(r"[A-Z][A-Z0-9 '()&-]+", ln.strip())
             and any(ln2.startswith("Cost:") for ln2 in lines[i + 1:i + 8])]
    out: list[Profile] = []
    for k, i in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        prof = Profile(lines[i].strip(), unit_id(lines[i].strip()), i + 1)
        seen_values = False
        for j in range(i + 1, end):
            ln = lines[j].strip()
            m = re.match(r"([A-Z][A-Za-z!' /()-]{1,60}?)\s*[:.]\s*(.*)$", ln)
            if m and m.group(1) in VALUE_KEYS:
                prof.printed[m.group(1).lower()] = m.group(2).strip()
                seen_values = True
                continue
            h = re.search(r"requires? (\d+|only 1) hits? to destroy", ln)
            if h:
                prof.hits = 1 if h.group(1) == "only 1" else int(h.group(1))
            if (seen_values and m and m.group(1) != "Unit Characteristics"
                    and m.group(1).strip() not in NOT_ENTRIES
                    and not ln.startswith("*") and len(m.group(2)) > 0):
                prof.entries.append((m.group(1).strip(), j + 1))
            elif ln.startswith("This unit may only be built"):
                prof.entries.append(("This unit may only be built", j + 1))
            elif seen_values:
                for pat, name in UNLABELLED:
                    if re.match(pat, ln):
                        prof.entries.append((name, j + 1))
                        break
        if prof.printed:          # COMMANDERS: a heading with no profile of its own
            out.append(prof)
    return out


def base_value(text: str | None) -> int | None:
    """'2 (3 when supported)' -> 2, '6/2' -> 6, '-' -> 0, '1*' -> 1, None/''/'X' -> None."""
    if text is None:
        return None
    m = re.match(r"(\d+)", text)
    if m:
        return int(m.group(1))
    return 0 if text.startswith("-") else None


def damaged_values(att: str | None, dfn: str | None) -> list[tuple[int, int]]:
    def states(t: str | None) -> list[int]:
        return [int(x) for x in re.findall(r"(\d+), if damaged", t or "")]
    a, d = states(att), states(dfn)
    return list(zip(a, d, strict=False))


@dataclass
class Row:
    prof: Profile
    mismatches: list[str]
    tests: dict[str, list[str]]       # entry name -> test ids


def compare(profiles: list[Profile], ruleset) -> dict[str, list[str]]:
    """unit id -> list of mismatch descriptions (empty when every number agrees)."""
    out: dict[str, list[str]] = {}
    for p in profiles:
        ut = ruleset.units.get(p.unit)
        if ut is None:
            out[p.unit] = [f"no unit '{p.unit}' for {p.heading}"]
            continue
        bad: list[str] = []
        # 'cannot be built', 'X', '-' -> no cost (obsolete units keep their printed
        # cost; the `obsolete` ability forbids buying them)
        want_cost = base_value(p.printed.get("cost"))
        if p.printed.get("cost", "").strip() == "-":
            want_cost = None
        if ut.cost != want_cost:
            bad.append(f"cost {ut.cost} vs printed {p.printed.get('cost')!r}")
        for key in ("attack", "defense", "move"):
            want = base_value(p.printed.get(key))
            if want is None:
                want = 0
            pair = re.fullmatch(r"(\d+)/(\d+)", p.printed.get(key, ""))
            if pair:   # fighter '6/2': against air / against ground (G39)
                va = ut.ability("value_against")
                got = (getattr(va, key, None) if va else None, getattr(ut, key))
                if got != (int(pair.group(1)), int(pair.group(2))):
                    bad.append(f"{key} {got} vs printed {p.printed[key]!r}")
                continue
            if getattr(ut, key) != want:
                bad.append(f"{key} {getattr(ut, key)} vs printed {p.printed.get(key)!r}")
        if ut.hits != p.hits:
            bad.append(f"hits {ut.hits} vs seed {p.hits}")
        dmg = damaged_values(p.printed.get("attack"), p.printed.get("defense"))
        if list(ut.damaged) != dmg:
            bad.append(f"damaged {list(ut.damaged)} vs printed {dmg}")
        out[p.unit] = bad
    return out


def _test_chunks() -> list[tuple[str, str]]:
    """(test id, text) of every test function in a file citing seed 000."""
    out: list[tuple[str, str]] = []
    for f in sorted((ROOT / "tests").rglob("test_*.py")):
        src = f.read_text(encoding="utf-8")
        if "seed 000" not in src:
            continue
        lines = src.splitlines()
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
                while start > 0 and lines[start - 1].lstrip().startswith("#"):
                    start -= 1
                text = "\n".join(lines[start:node.end_lineno])
                out.append((f"{f.relative_to(ROOT)}::{node.name}", text))
    return out


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", s.lower()).strip()


def missing_abilities(profiles: list[Profile], ruleset) -> list[str]:
    """Entries whose mapped abilities are absent from the ruleset (or unmapped)."""
    bad: list[str] = []
    for p in profiles:
        for entry, line in p.entries:
            if entry not in ENTRY_ABILITIES:
                bad.append(f"{p.unit}, {entry} (L{line}): no ability mapping in tools/interwar_audit.py")
                continue
            for unit, names in ENTRY_ABILITIES[entry]:
                ut = ruleset.units[unit or p.unit]
                if not any(ut.has(n) for n in names.split("|")):
                    bad.append(f"{p.unit}, {entry} (L{line}): {unit or p.unit} has no {names}")
    return bad


def find_tests(profiles: list[Profile]) -> dict[tuple[str, str], list[str]]:
    """A test cites an entry when it names the profile (heading or id) and the entry,
    or the entry's seed line L<n>."""
    chunks = [(tid, _norm(t), t) for tid, t in _test_chunks()]
    out: dict[tuple[str, str], list[str]] = {}
    for p in profiles:
        names = {_norm(re.sub(r"\s*\(.*\)", "", p.heading)), _norm(p.unit.replace("_", " ")),
                 p.unit}
        for entry, line in p.entries:
            key = _norm(re.sub(r"\s*\(.*\)", "", entry))
            found = []
            for tid, norm, raw in chunks:
                names_ok = any(f" {n} " in f" {norm} " or n in raw for n in names)
                if (names_ok and key in norm) or re.search(rf"\bL{line}\b", raw):
                    found.append(tid)
            if entry in WORD_CHECKED:
                found.append(WORD_TEST)
            out[(p.unit, entry)] = found
    return out


def table(profiles: list[Profile], mism: dict[str, list[str]],
          tests: dict[tuple[str, str], list[str]]) -> str:
    rows = ["| unit (seed line) | numbers (cost/att/def/move/hits/damaged) | entry → citing tests |",
            "|---|---|---|"]
    for p in profiles:
        nums = "ok" if not mism[p.unit] else "; ".join(mism[p.unit])
        ents = []
        for entry, _line in p.entries:
            ts = tests[(p.unit, entry)]
            names = ", ".join(sorted({t.split("::")[1] for t in ts})[:2]) if ts else "**none**"
            more = f" +{len(set(ts)) - 2}" if len(set(ts)) > 2 else ""
            abil = "/".join(n for _u, n in ENTRY_ABILITIES.get(entry, [])) or "—"
            ents.append(f"{entry} (`{abil}`) → {names}{more}")
        rows.append(f"| `{p.unit}` (L{p.line}) | {nums} | {'<br>'.join(ents) or '—'} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from game.rules.ruleset import load_ruleset
    profiles = parse_seed()
    rs = load_ruleset("interwar")
    mism = compare(profiles, rs)
    tests = find_tests(profiles)
    if "--check" in argv:
        bad = [f"{u}: {m}" for u, ms in mism.items() for m in ms] + missing_abilities(profiles, rs)
        bad += [f"{u}, {e}: no citing test" for (u, e), ts in tests.items() if not ts]
        bad += [f"{u}, {e}: only data checks cite it, no test of the rule" for u, e in data_only(tests)]
        print("\n".join(bad) or f"{len(profiles)} profiles: all numbers agree, every entry cited")
        return 1 if bad else 0
    print(table(profiles, mism, tests))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
