"""The odds result and its JSON form (the `odds` command contract)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class OddsResult:
    attacker_wins: float
    defender_wins: float
    draw: float
    method: str                                   # "exact" | "mc"
    expected_rounds: float
    attacker_survivors: dict[str, float]          # type -> expected count left
    defender_survivors: dict[str, float]
    attacker_cost_lost: float                     # expected TUV lost
    defender_cost_lost: float
    attacker_survivor_distribution: list[float]   # p(0 left), p(1 left), ...
    defender_survivor_distribution: list[float]
    seconds: float = 0.0
    ci95: dict[str, list[float]] | None = None    # Monte Carlo only
    trials: int | None = None                     # Monte Carlo only
    note: str | None = None                       # why the exact method was not used
    extra: dict[str, Any] = field(default_factory=dict)
    # the chance the attack takes the space: it wins with a land unit left that may
    # capture (a win by aircraft alone takes nothing); None where the method cannot say
    attacker_takes: float | None = None
    # exact only: the probability mass the DP dropped (states and products below
    # kernel.PRUNE), 1 - the mass it ends with; under 1e-9 (docs/architecture.md, Odds)
    pruned_mass: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "attacker_wins": self.attacker_wins,
            "defender_wins": self.defender_wins,
            "draw": self.draw,
            "method": self.method,
            "expected_rounds": self.expected_rounds,
            "attacker_survivors": self.attacker_survivors,
            "defender_survivors": self.defender_survivors,
            "attacker_cost_lost": self.attacker_cost_lost,
            "defender_cost_lost": self.defender_cost_lost,
            "attacker_survivor_distribution": self.attacker_survivor_distribution,
            "defender_survivor_distribution": self.defender_survivor_distribution,
            "seconds": self.seconds,
        }
        if self.ci95 is not None:
            out["ci95"] = self.ci95
        if self.trials is not None:
            out["trials"] = self.trials
        if self.note:
            out["note"] = self.note
        if self.attacker_takes is not None:
            out["attacker_takes"] = self.attacker_takes
        if self.pruned_mass is not None:
            out["pruned_mass"] = self.pruned_mass
        out.update(self.extra)
        return out


def pruned(mass: float) -> float:
    """The mass the exact DP dropped, from the mass it ends with (float sums of millions of
    states land a few ulps either side of 1: never below 0)."""
    return max(0.0, 1.0 - mass)
