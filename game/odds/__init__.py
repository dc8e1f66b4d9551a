"""Battle odds for zone battles: exact Markov DP with a Monte Carlo fallback.

Entry points:
- `compute(request) -> dict`: the `python -m game odds` JSON contract (docs/architecture.md).
- `battle_odds(ruleset, attackers, defenders, terrain, rounds) -> OddsResult`.
- `odds_for_space(state, space, attacker_player) -> OddsResult`: the battle a player
  would fight in a space now, default order of loss.

Model (exact method): each side loses units in the listed order; extra hit points of
multi-hit units are taken first. A side's state is how many hits it has taken, so
the DP runs over (attacker hits taken, defender hits taken) with the rules core's
round: AA fire and shore bombardment in round one, first strikes (simultaneous, as
in Global 1940: units sunk by the attacker's first strike still fire in the
defender's, then both sides' casualties go), attacker fire (its casualties fire
back), defender fire, end-of-round rules. One-to-one support is recomputed for the
survivors; supported units claim supporters in `abilities.support_claim_order`, the
rules core's own rule (most dice first: seed 002 elite infantry; then the listed order,
which is the core's uid order; the type tables take a type's units together, which only
differs when two supported types with different values compete for the same supporter). Restricted hits (submarines cannot hit aircraft,
aircraft cannot hit submarines without a destroyer) are exact in the type tables when
the eligible units come first in the remaining order of loss; otherwise the per-unit
tables split the order of loss into the classes the hits tell apart (lossorder.Track);
a battle whose tables would take more memory than the cap (exact.memory_cap), or with
too many reachable states for the per-unit tables, goes to Monte Carlo and the result
says so (`method`, `note`). Products and states below 1e-18 (kernel.PRUNE) are dropped;
the result reports the mass dropped (`pruned_mass`, under 1e-9).

No ability is ever ignored: each unit type's abilities are checked against the set
each method models (`model.unmodelled`); a battle with any other ability (special
values, chosen casualties, fortifications, damage-dependent values, ...) is resolved
by `sim.py`, which plays the rules core's own battle code (method "sim", seeded, with
a 95% interval). First strike limited to round one is exact (round-one tables).
Per-unit values (seed 000: damaged values, fortifications, defends only against, fleet
air defence, terrain bonus, special values as linked hit pools, reconnaissance rerolls
under the default policy) are built state by state in `general.py`; abilities with no
effect in a battle (a special value with no target, a reconnaissance with no die to
reroll, ...) are ignored as moot (`api.moot`).
"""
from .api import battle_odds, compute, odds_for_space, run
from .model import OddsError
from .result import OddsResult

__all__ = ["OddsError", "OddsResult", "battle_odds", "compute", "odds_for_space", "run"]
