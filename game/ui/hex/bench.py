"""A generated 1000-hex map for the hex frame-time benchmark (`python -m game
bench`: hex_frame_p95_ms): 40 x 25 hexes of mixed terrain with towns, roads, a
river, and two fronts of counters."""
from __future__ import annotations

import random
from pathlib import Path

from game.rules.hex import grid as hexgrid

COLS, ROWS = 40, 25


def write_map(path: str | Path, seed: int = 7) -> Path:
    rng = random.Random(seed)
    lines = ["format: warboard-scenario/1", "id: hex_bench_1000", "title: Hex benchmark (1000 hexes)",
             "ruleset: europa", "turn_limit: 4", "map: {kind: hex, hex_size: 40}",
             "players:",
             '  - {id: germany, name: Germany, alliance: axis, color: "#6b6b6b", capital: null}',
             '  - {id: commonwealth, name: Commonwealth, alliance: allies, color: "#b08a4a", capital: null}',
             "victory: {at_turn_limit: allies}", "hexes:"]
    units = {"germany": ["infantry_brigade", "parachute", "mountain_infantry", "field_artillery"],
             "commonwealth": ["infantry_brigade", "garrison_infantry", "heavy_armour"]}
    ids = []
    for row in range(ROWS):
        for col in range(COLS):
            q, r = hexgrid.from_offset(col, row)
            edge = col in (0, COLS - 1) or row in (0, ROWS - 1)
            terrain = "sea" if edge or (col + row * 3) % 97 == 0 else rng.choice(
                ["clear"] * 5 + ["rough"] * 3 + ["woods"] * 2 + ["mountain", "swamp"])
            fields = [f"at: [{q}, {r}]", f"terrain: {terrain}"]
            if terrain != "sea":
                feats = []
                if row == ROWS // 2:
                    feats.append("road")
                if col % 9 == 4 and row % 6 == 3:
                    feats += ["city"] if col % 2 else ["airfield"]
                    fields.append(f"name: Town {col}-{row}")
                    fields.append("supply: true")
                if feats:
                    fields.append(f"features: [{', '.join(dict.fromkeys(feats))}]")
                side = "germany" if col < COLS // 2 else "commonwealth"
                fields.append(f"owner: {side}")
                if col in (COLS // 2 - 2, COLS // 2 + 1) and row % 2 == 1:
                    fields.append(f"units: {{{side}: {{{rng.choice(units[side])}: {rng.randint(1, 3)}}}}}")
                ids.append((q, r))
            lines.append("  - {" + ", ".join(fields) + "}")
    lines.append("hexsides:")
    for row in range(2, ROWS - 2):   # a river down the middle
        q, r = hexgrid.from_offset(COLS // 2 + 5, row)
        lines.append(f"  - {{between: [[{q}, {r}], [{q + 1}, {r}]], kind: river}}")
    path = Path(path)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
