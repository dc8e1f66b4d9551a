"""The statistics of a balance study: 95% intervals for rates, means and paired
differences. Plain Python: a study has hundreds of games, not millions."""
from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.96


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (good near 0% and 100%)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    # min/max keep p inside its interval where rounding puts a bound past it (k=0 or k=n)
    return (max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half)))


@dataclass(frozen=True)
class Rate:
    """k of n, with its Wilson 95% interval."""
    k: int
    n: int

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    @property
    def half_width(self) -> float:
        lo, hi = self.ci
        return (hi - lo) / 2

    def to_json(self) -> dict[str, float | int | list[float]]:
        return {"k": self.k, "n": self.n, "p": self.p, "ci95": list(self.ci)}


@dataclass(frozen=True)
class Mean:
    """A sample mean with a normal-approximation 95% interval."""
    mean: float
    sd: float
    n: int
    # the values a mean can take (a difference of win rates lies in [-1, 1]): the
    # normal approximation's interval is cut there, never "-17 to +117 points"
    bounds: tuple[float, float] = (-math.inf, math.inf)

    @property
    def half_width(self) -> float:
        return Z95 * self.sd / math.sqrt(self.n) if self.n > 1 else float("inf")

    @property
    def ci(self) -> tuple[float, float]:
        h = self.half_width
        return (max(self.bounds[0], self.mean - h), min(self.bounds[1], self.mean + h))

    def to_json(self) -> dict[str, float | int | list[float | None]]:
        lo, hi = self.ci
        return {"mean": self.mean, "sd": self.sd, "n": self.n,
                "ci95": [lo if math.isfinite(lo) else None, hi if math.isfinite(hi) else None]}


def mean_of(xs: list[float]) -> Mean:
    n = len(xs)
    if n == 0:
        return Mean(0.0, 0.0, 0)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return Mean(m, math.sqrt(var), n)


def paired_difference(variant: list[bool], base: list[bool]) -> Mean:
    """Difference of two win rates measured on the same seeds (common random numbers):
    the mean of per-game differences, whose interval is narrower than comparing two
    independent rates when the games are alike."""
    if len(variant) != len(base):
        raise ValueError("paired samples must have the same length")
    m = mean_of([float(v) - float(b) for v, b in zip(variant, base, strict=True)])
    return Mean(m.mean, m.sd, m.n, bounds=(-1.0, 1.0))


def significant(diff: Mean) -> bool:
    """Does the 95% interval of a difference exclude zero? (A description of the interval;
    the verdict on a paired comparison is `mcnemar_exact`'s.)"""
    lo, hi = diff.ci
    return diff.n > 1 and (lo > 0 or hi < 0)


ALPHA = 0.05
PAIRED_TEST = "exact McNemar test (two-sided sign test on the discordant pairs)"


def discordant(variant: list[bool], base: list[bool]) -> tuple[int, int]:
    """(games won with the variant only, games won with the base rules only) of the pairs."""
    if len(variant) != len(base):
        raise ValueError("paired samples must have the same length")
    return (sum(1 for v, b in zip(variant, base, strict=True) if v and not b),
            sum(1 for v, b in zip(variant, base, strict=True) if b and not v))


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact p-value of McNemar's test: under "the change does nothing" each of
    the b + c discordant pairs goes either way with chance 1/2. 3 of 3 discordant pairs one
    way is p = 0.25 (within chance); no discordant pair is p = 1."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2 ** n)
