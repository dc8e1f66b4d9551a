"""What a TripleA import returns: `Imported` (the scenario as plain data and the derived
ruleset, if any) and its `Report`: every TripleA rule mapped onto a Warboard rule,
approximated or not imported, so that nothing is dropped silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Report:
    """What the import did: counts, approximations, and what it could not import."""
    source: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    approximated: list[str] = field(default_factory=list)
    not_imported: list[str] = field(default_factory=list)
    # TripleA rules read exactly as a Warboard rule (grouped; listed so nothing is silent)
    mapped: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"TripleA import of {self.source}"]
        lines += [f"  {k}: {v}" for k, v in self.counts.items()]
        if self.mapped:
            lines.append(f"Mapped onto Warboard rules ({len(self.mapped)}):")
            lines += [f"  - {m}" for m in self.mapped]
        approximated = list(dict.fromkeys(self.approximated))   # a row once, however often met
        lines.append(f"Approximated ({len(approximated)}):")
        lines += [f"  - {a}" for a in approximated] or ["  (nothing)"]
        lines.append(f"Not imported ({len(self.not_imported)}):")
        lines += [f"  - {a}" for a in self.not_imported] or ["  (nothing)"]
        return "\n".join(lines)


@dataclass
class Imported:
    scenario: dict[str, Any]
    ruleset: dict[str, Any] | None    # a derived ruleset (g40 + custom units), or None
    report: Report
