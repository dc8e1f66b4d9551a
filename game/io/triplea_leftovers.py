"""The attachments no scenario section took, accounted for in the report: territory
options not read into a space, support, player and research attachments, and the
triggers and conditions left over (mapped, named as research, or grouped by what they do).
"""
from __future__ import annotations

from typing import Any

from . import triplea_rules
from .triplea_game import GameXml
from .triplea_names import slug
from .triplea_objectives import RawAttachment
from .triplea_report import Report


def territory_options(odd: dict[str, list[str]], gx: GameXml, pol: dict[str, Any] | None,
                      pending: dict[str, list[str]], report: Report) -> None:
    """Territory options not read into the space, one row per set of options."""
    raising = set((pol or {}).get("raise_on_entry", []))
    for opts, where in odd.items():
        if opts == "captureUnitOnEnteringBy" and all(slug(gx.owners.get(t, "")) in raising for t in where):
            report.mapped.append(f"{len(where)} territories of pro-side neutrals: captureUnitOnEnteringBy "
                                 f"(politics.raise_on_entry): {', '.join(where)}")
        else:
            shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
            report.not_imported.append(f"territory options {opts}: {shown}")


# trigger options that only say when and for whom it fires
TRIGGER_STRUCTURE = {"conditions", "trigger", "conditionType", "invert", "when", "uses", "players",
                     "notification"}


# playerAttachment options read elsewhere: a separate economy's units (`units_to`) and
# kamikaze tokens (`kamikaze`)
PLAYER_OPTIONS_READ = {"immuneToBlockade", "giveUnitControl", "suicideAttackResources", "suicideAttackValue"}


def rule_attachments(gx: GameXml, ids: dict[str, str], pids: dict[str, str], unit_map: dict[str, str],
                     g40_units: dict[str, Any], taken: set[str], research: list[str],
                     pending: dict[str, list[str]], report: Report) -> set[str]:
    """Support attachments, research, player attachments and the conditions and triggers
    left over: mapped, named as research or grouped by what they do. Returns the names
    handled here."""
    done: set[str] = set()
    tech = triplea_rules.research_attachments(gx.raw)
    for a in gx.raw:
        if a.name in tech and a.name not in taken:
            research.append(f"{a.name} of {a.to} (line {a.line})")
    done |= tech
    for name, to, opts, line in gx.supports:
        if name in tech:
            research.append(f"{name} of {to} (line {line})")
        elif triplea_rules.support_is_played(opts, to, g40_units, unit_map):
            report.mapped.append(f"{name}: {to} supports {opts.get('unitType', '').replace(':', ', ')} "
                                 f"(+{opts.get('bonus', '1')} on attack, one to one: g40 supported_by)")
        else:
            continue
        done.add(name)
    for name, to, line in gx.other_attachments:
        if name.startswith("techAbilityAttachment"):
            research.append(f"{name} of {to} (line {line})")
            done.add(name)
    for p, opts in gx.player_options.items():
        rest = {k: v for k, v in opts.items() if k not in PLAYER_OPTIONS_READ}
        if rest and set(rest) <= {"captureUnitOnEnteringBy"} and p in gx.players \
                and not any(p == who for _, _, who in gx.steps):
            report.mapped.append(f"player {p}: captureUnitOnEnteringBy (its army joins the power "
                                 f"entering it: politics.raise_on_entry, or where a trigger set the "
                                 f"territory's list: politics events `raises`)")
        elif rest and set(rest) <= {"shareTechnology", "helpPayTechCost"}:
            research.append(f"playerAttachment of {p}: {', '.join(sorted(rest))}")
        elif rest:
            report.not_imported.append(f"player {p} options: {', '.join(sorted(rest))}")
    done.add("playerAttachment")
    done |= _leftover_triggers(gx, taken | done, report)
    return done


def _leftover_triggers(gx: GameXml, taken: set[str], report: Report) -> set[str]:
    """Triggers not imported, grouped by what they do (with the conditions only they use);
    conditions nothing uses (they do nothing in TripleA either)."""
    by_name = {a.name: a for a in gx.raw}
    used_by: dict[str, set[str]] = {}
    for a in gx.raw:
        for key in ("conditions", "trigger"):
            for r in (a.get(key) or "").split(":"):
                if r:
                    used_by.setdefault(r, set()).add(a.name)
    ctx_refs = {a.name: _refs(a, by_name) for a in gx.raw}
    groups: dict[str, list[str]] = {}
    done: set[str] = set()
    for a in gx.raw:
        if not a.is_trigger or a.name in taken:
            continue
        actions = sorted({k for k, _, _ in a.options} - TRIGGER_STRUCTURE)
        groups.setdefault(", ".join(actions) or "nothing", []).append(f"{a.name} (line {a.line})")
        done.add(a.name)
        done |= {r for r in ctx_refs[a.name] if r not in taken}
    for does, names in groups.items():
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        report.not_imported.append(f"{len(names)} triggers setting {does} (with the conditions they "
                                   f"test): {shown}")
    # conditions of what was imported were imported with it; the rest nothing acting tests
    done |= {r for n in taken if n in ctx_refs for r in ctx_refs[n]}
    acting = [a for a in gx.raw if not (a.is_rules and not a.get("objectiveValue"))]
    reached = {r for a in acting for r in ctx_refs[a.name]}
    unused = [a.name for a in gx.raw if a.is_rules and a.name not in taken | done | reached
              and not a.get("objectiveValue") and a.name != "rulesAttachment"]   # (player rules)
    if unused:
        report.mapped.append(f"{len(unused)} conditions that no trigger, objective or action tests "
                             f"(nothing in TripleA either): {', '.join(unused[:4])}"
                             + (f" and {len(unused) - 4} more" if len(unused) > 4 else ""))
        done |= set(unused)
    return done


def _refs(att: RawAttachment, by_name: dict[str, RawAttachment], seen: frozenset[str] = frozenset()
          ) -> set[str]:
    out: set[str] = set()
    for key in ("conditions", "trigger"):
        for r in (att.get(key) or "").split(":"):
            if r and r in by_name and r not in seen:
                out.add(r)
                out |= _refs(by_name[r], by_name, seen | {r})
    return out
