"""Words for the hex map's play screen: move costs, hexside effects, supply, names."""
from __future__ import annotations

from game.rules.hex.phases import PHASE_NAMES

MOVING = ("movement", "exploitation")   # the phases in which a player moves stacks


def move_cost_text(hr, hd) -> str:
    """MPs to enter a hex per movement column, e.g. '2 MP (mountain, light 1)'."""
    base = hr.terrain[hd.terrain]
    costs: dict[str, int | None] = {c: base.move.get(c, base.move.get("other")) for c in hr.move_columns}
    for f in hd.features:
        fd = hr.terrain.get(f)
        if fd is None or not fd.move or fd.along:
            continue
        for c in hr.move_columns:
            costs[c] = fd.move.get(c, costs[c])
    groups: dict[str, list[str]] = {}
    for c, v in costs.items():
        groups.setdefault("no entry" if v is None else f"{v}", []).append(c)
    if len(groups) == 1:
        return f"{next(iter(groups))} MP"
    main = max(groups, key=lambda k: len(groups[k]))
    rest = ", ".join(f"{'/'.join(cs)} {k}" for k, cs in groups.items() if k != main)
    road = [hr.terrain[f].name.lower() for f in hd.features if f in hr.terrain and hr.terrain[f].along]
    return f"{main} MP ({rest})" + (f"; {road[0]} 1" if road else "")


def mp_range(extra: set) -> str:
    """A hexside's extra MPs over the movement classes, in words: '+1 MP', '+0 or +1 MP
    by unit class', '+1 to +3 MP by unit class' (not '+0..1', read as a decimal)."""
    vals = sorted(extra)
    if len(vals) == 1:
        return f"+{vals[0]} MP"
    joint = " or " if len(vals) == 2 else " to "
    return f"+{vals[0]}{joint}+{vals[-1]} MP by unit class"


def side_text(sd) -> str:
    parts = []
    if sd.move:
        extra = {v for v in sd.move.values()}
        if None in extra:
            parts.append("no crossing")
        elif extra:
            parts.append(mp_range(extra))
    if sd.shift:
        parts.append(f"{sd.shift:+d} column attacking across")
    return ", ".join(parts) or "no effect"


def oos_text(turns: int) -> str:
    """How long a unit has been out of supply, in words."""
    return "this turn" if turns <= 1 else f"{turns} turns"


def short(name: str) -> str:
    """A unit name without its rule reference: 'Parachute HQ (15.A.3 a)' -> 'Parachute HQ'."""
    return name.split(" (")[0]


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase)
