"""Generate scenarios/crete_1941.yaml: Crete, May 1941, on a hex map (europa rules).

Rough real geography at about 7.5 km per hex: the coastline from approximate
latitudes per longitude, the White Mountains (Lefka Ori), Mount Ida (Psiloritis)
and the Dikti range in the middle, north-coast plains and towns (Kastelli,
Maleme, Chania, Suda, Rethymno, Heraklion) with the airfields at Maleme,
Rethymno and Heraklion, the Tavronitis river west of Maleme, the coast road and
the Suda-Sfakia road. Sea hexes: only those next to land.

Run: python tools/make_crete.py  (writes the scenario; the output is committed)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules.hex import grid as hexgrid  # noqa: E402

LON0, LON_STEP = 23.50, 0.085     # column 0 and degrees of longitude per column
LAT0, LAT_STEP = 35.72, 0.058     # row 0 (north) and degrees of latitude per row
COLS, ROWS = 34, 15

# (longitude, latitude of the north coast, latitude of the south coast)
COAST = [(23.52, 35.58, 35.28), (23.65, 35.52, 35.24), (23.80, 35.54, 35.23), (23.95, 35.52, 35.21),
         (24.08, 35.57, 35.19), (24.20, 35.47, 35.18), (24.35, 35.40, 35.16), (24.50, 35.38, 35.12),
         (24.65, 35.42, 35.07), (24.80, 35.42, 35.02), (24.95, 35.41, 34.96), (25.10, 35.35, 34.94),
         (25.30, 35.34, 34.95), (25.50, 35.31, 34.98), (25.65, 35.26, 35.00), (25.75, 35.19, 35.00),
         (25.90, 35.19, 35.03), (26.05, 35.22, 35.04), (26.20, 35.27, 35.10), (26.31, 35.30, 35.20)]

# mountain ranges: (lon min, lon max, lat min, lat max)
MOUNTAINS = [(23.88, 24.22, 35.22, 35.36), (24.68, 24.95, 35.16, 35.27), (25.38, 25.62, 35.08, 35.18),
             (26.00, 26.15, 35.08, 35.16)]
# plains (clear terrain) besides the north-coast strip
PLAINS = [(24.75, 25.10, 34.98, 35.10)]   # Messara
WOODS = [(23.93, 24.00, 35.45, 35.49), (24.30, 24.40, 35.30, 35.36)]

# named places: (lon, lat) -> fields
PLACES = {
    "kastelli": ((23.65, 35.49), dict(name="Kastelli", features=["city", "port"], owner="greece")),
    "tavronitis": ((23.78, 35.50), dict(name="Tavronitis", owner="germany", supply=True)),
    "maleme": ((23.83, 35.51), dict(name="Maleme airfield", features=["airfield"], victory=True)),
    "platanias": ((23.92, 35.50), dict(name="Platanias")),
    "galatas": ((23.99, 35.49), dict(name="Galatas")),
    "prison_valley": ((23.97, 35.45), dict(name="Prison Valley", owner="germany", supply=True)),
    "chania": ((24.02, 35.53), dict(name="Chania", features=["city"], victory=True)),
    "suda": ((24.10, 35.48), dict(name="Suda Bay", features=["port"], victory=True, supply=True)),
    "georgioupoli": ((24.26, 35.40), dict(name="Georgioupoli")),
    "rethymno": ((24.47, 35.37), dict(name="Rethymno", features=["city", "port"], supply=True)),
    "rethymno_af": ((24.58, 35.38), dict(name="Rethymno airfield", features=["airfield"], victory=True)),
    "rethymno_dz": ((24.66, 35.37), dict(name="Rethymno drop zone", owner="germany", supply=True)),
    "heraklion": ((25.13, 35.33), dict(name="Heraklion", features=["city", "port"], supply=True)),
    "heraklion_af": ((25.19, 35.33), dict(name="Heraklion airfield", features=["airfield"], victory=True)),
    "heraklion_dz": ((25.26, 35.32), dict(name="Heraklion drop zone", owner="germany", supply=True)),
    "sfakia": ((24.14, 35.22), dict(name="Sfakia", features=["port"])),
    "tympaki": ((24.77, 35.07), dict(name="Tympaki")),
    "agios_nikolaos": ((25.72, 35.20), dict(name="Agios Nikolaos", features=["port"])),
    "ierapetra": ((25.74, 35.02), dict(name="Ierapetra", features=["port"])),
    "sitia": ((26.10, 35.21), dict(name="Sitia", features=["port"])),
}
# an off-map box: the German airfields in Greece (a land hex alone in the sea, top left)
GREECE_BOX = (0, 0)

# starting forces, 20 May 1941 after the first wave (player -> {unit: count}) by place
FORCES = {
    "tavronitis": {"germany": {"glider": 2}},
    "prison_valley": {"germany": {"parachute": 2, "parachute_hq": 1}},
    "rethymno_dz": {"germany": {"parachute": 1}},
    "heraklion_dz": {"germany": {"parachute": 2}},
    "kastelli": {"greece": {"garrison_infantry": 1}},
    "maleme": {"commonwealth": {"infantry_brigade": 1}},
    "platanias": {"greece": {"garrison_infantry": 1}},
    "galatas": {"commonwealth": {"infantry_brigade": 1}, "greece": {"garrison_infantry": 1}},
    "chania": {"commonwealth": {"army_hq": 1, "field_artillery": 1}, "greece": {"police_regiment": 1}},
    "suda": {"commonwealth": {"infantry_brigade": 1, "heavy_aa": 1}},
    "georgioupoli": {"commonwealth": {"infantry_brigade": 1}},
    "rethymno": {"greece": {"garrison_infantry": 1, "police_regiment": 1}},
    "rethymno_af": {"commonwealth": {"infantry_brigade": 1}, "greece": {"garrison_infantry": 1}},
    "heraklion": {"commonwealth": {"infantry_brigade": 1}, "greece": {"garrison_infantry": 1}},
    "heraklion_af": {"commonwealth": {"infantry_brigade": 1, "heavy_armour": 1, "light_tank": 1}},
}

REINFORCEMENTS = [
    dict(turn=2, player="germany", place="tavronitis", units={"mountain_infantry": 1},
         note="Ju 52s crash-land mountain troops on the beach west of Maleme"),
    dict(turn=2, player="germany", place="greece", units={"mountain_infantry": 1, "mountain_artillery": 1,
                                                          "parachute": 1},
         note="the 5th Mountain Division and the last parachute battalions wait at the Greek airfields"),
    dict(turn=3, player="germany", place="greece", units={"mountain_infantry": 2, "combat_engineer": 1},
         note="more of the 5th Mountain Division and pioneers"),
    dict(turn=4, player="germany", place="maleme", units={"light_tank": 1},
         note="light tanks landed at Maleme (while the Germans hold it)"),
]

ROAD = ["kastelli", "tavronitis", "maleme", "platanias", "galatas", "chania", "suda", "georgioupoli",
        "rethymno", "rethymno_af", "rethymno_dz", "heraklion", "heraklion_af", "heraklion_dz",
        "agios_nikolaos", "sitia"]
SFAKIA_ROAD = ["suda", "sfakia"]


def to_offset(lon: float, lat: float) -> tuple[int, int]:
    return round((lon - LON0) / LON_STEP), round((LAT0 - lat) / LAT_STEP)


def lonlat(col: int, row: int) -> tuple[float, float]:
    lon = LON0 + (col + (0.5 if row & 1 else 0.0)) * LON_STEP
    return lon, LAT0 - row * LAT_STEP


def coast_at(lon: float) -> tuple[float, float] | None:
    if lon < COAST[0][0] or lon > COAST[-1][0]:
        return None
    for (x0, n0, s0), (x1, n1, s1) in zip(COAST, COAST[1:], strict=False):
        if x0 <= lon <= x1:
            t = (lon - x0) / (x1 - x0)
            return n0 + t * (n1 - n0), s0 + t * (s1 - s0)
    return None


def inside(box: tuple[float, float, float, float], lon: float, lat: float) -> bool:
    return box[0] <= lon <= box[1] and box[2] <= lat <= box[3]


def build() -> str:
    land: dict[tuple[int, int], str] = {}
    for row in range(ROWS):
        for col in range(COLS):
            lon, lat = lonlat(col, row)
            c = coast_at(lon)
            if c is None or not (c[1] - LAT_STEP * 0.4 <= lat <= c[0] + LAT_STEP * 0.4):
                continue
            north_edge = lat >= c[0] - LAT_STEP * 1.2
            if any(inside(b, lon, lat) for b in MOUNTAINS):
                t = "mountain"
            elif any(inside(b, lon, lat) for b in WOODS):
                t = "woods"
            elif north_edge or any(inside(b, lon, lat) for b in PLAINS):
                t = "clear"
            else:
                t = "rough"
            land[(col, row)] = t
    places: dict[tuple[int, int], dict] = {}
    where: dict[str, tuple[int, int]] = {}
    for key, ((lon, lat), fields) in PLACES.items():
        off = to_offset(lon, lat)
        if off not in land:
            off = min(land, key=lambda o: (o[0] - off[0]) ** 2 + (o[1] - off[1]) ** 2)
        if off in places:
            raise SystemExit(f"{key} falls on the hex of {places[off]['name']}")
        places[off] = fields
        where[key] = off
        if land[off] == "mountain" and key != "sfakia":
            land[off] = "clear"
    roads: set[tuple[int, int]] = set()
    for chain in (ROAD, SFAKIA_ROAD):
        for a, b in zip(chain, chain[1:], strict=False):
            roads.update(_line(where[a], where[b], land))
    land[GREECE_BOX] = "clear"
    places[GREECE_BOX] = dict(name="Airfields in Greece (off map)", features=["airfield"], owner="germany",
                              supply=True)
    where["greece"] = GREECE_BOX
    hexes = set(land)
    sea: set[tuple[int, int]] = set()
    for off in land:
        ax = hexgrid.from_offset(*off)
        for n in hexgrid.neighbours(ax):
            noff = hexgrid.to_offset(n)
            if noff not in land:
                sea.add(noff)
    out = [HEADER]
    for off in sorted(hexes | sea, key=lambda o: (o[1], o[0])):
        q, r = hexgrid.from_offset(*off)
        parts = [f"at: [{q}, {r}]"]
        if off in sea:
            parts.append("terrain: sea")
            out.append("  - {" + ", ".join(parts) + "}")
            continue
        parts.append(f"terrain: {land[off]}")
        fields = dict(places.get(off, {}))
        feats = list(fields.get("features", []))
        if off in roads:
            feats.insert(0, "road")
        if feats:
            parts.append("features: [" + ", ".join(feats) + "]")
        if "name" in fields:
            parts.append(f"name: {fields['name']}")
        parts.append(f"owner: {fields.get('owner', 'commonwealth')}")
        if fields.get("victory"):
            parts.append("victory: true")
        if fields.get("supply"):
            parts.append("supply: true")
        parts.append("home: greece")
        key = next((k for k, v in where.items() if v == off), None)
        if key in FORCES:
            units = ", ".join(f"{p}: {{" + ", ".join(f"{u}: {n}" for u, n in d.items()) + "}"
                              for p, d in FORCES[key].items())
            parts.append("units: {" + units + "}")
        out.append("  - {" + ", ".join(parts) + "}")
    # the Tavronitis river: between the Tavronitis hex and Maleme, and the hexes south of it
    out.append("hexsides:")
    a, b = where["tavronitis"], where["maleme"]
    for dr in (0, 1, 2):
        pa = hexgrid.from_offset(a[0], a[1] + dr)
        pb = hexgrid.from_offset(b[0], b[1] + dr)
        if (a[0], a[1] + dr) in land and (b[0], b[1] + dr) in land and hexgrid.distance(pa, pb) == 1:
            out.append(f"  - {{between: [[{pa[0]}, {pa[1]}], [{pb[0]}, {pb[1]}]], kind: river}}")
    out.append("reinforcements:")
    for r in REINFORCEMENTS:
        q, rr = hexgrid.from_offset(*where[r["place"]])
        units = ", ".join(f"{u}: {n}" for u, n in r["units"].items())
        out.append(f"  - {{turn: {r['turn']}, player: {r['player']}, at: [{q}, {rr}], units: {{{units}}}, "
                   f"if_owned: {str(r['place'] == 'maleme').lower()}, note: \"{r['note']}\"}}")
    return "\n".join(out) + "\n"


def _line(a: tuple[int, int], b: tuple[int, int], land: dict[tuple[int, int], str]) -> list[tuple[int, int]]:
    """Hexes on a straight line between two places (axial interpolation), land only."""
    pa, pb = hexgrid.from_offset(*a), hexgrid.from_offset(*b)
    n = max(1, hexgrid.distance(pa, pb))
    out = []
    for i in range(n + 1):
        t = i / n
        h = hexgrid.axial_round(pa[0] + (pb[0] - pa[0]) * t + 1e-6, pa[1] + (pb[1] - pa[1]) * t + 1e-6)
        off = hexgrid.to_offset(h)
        if off in land:
            out.append(off)
    return out


HEADER = '''# Generated by tools/make_crete.py: edit that script, not this file.
format: warboard-scenario/1
id: crete_1941
title: Crete, May 1941 (europa rules)
ruleset: europa
description: >
  Operation Merkur. German parachute and glider regiments have dropped around Maleme,
  Prison Valley, Rethymno and Heraklion; the 5th Mountain Division waits at the airfields
  in Greece (the box at the top left) and flies in, by air transport to a held airfield or
  by assault landing on one, three REs a turn. Commonwealth brigades and Greek regiments defend the north coast.
  The Germans win at once holding four of the five objectives (the three airfields,
  Chania and Suda Bay) at the end of a turn, and at the end by holding more of them.
turn_limit: 6
map:
  kind: hex
  hex_size: 34
  background: "#2b4d6e"
players:
  - {id: germany, name: Germany, alliance: axis, color: "#6b6b6b", capital: null}
  - {id: commonwealth, name: Commonwealth, alliance: allies, color: "#b08a4a", capital: null}
  - {id: greece, name: Greece, alliance: allies, color: "#4a78b0", capital: null}
air_transport:
  germany: {re: 3, glider_re: 1, range: 30}   # Ju 52s and gliders of XI Fliegerkorps per turn
air_support:
  germany: {shift: 2, until_turn: 0, reason: "Luftwaffe ground support (VIII Fliegerkorps)"}
ai_opening:
  germany:
    note: >
      Measured against the planner's own first turn (docs/ai.md, stop 30): both Prison Valley
      regiments join the gliders on Maleme (4:1 with the Luftwaffe, the gliders halved across
      the Tavronitis), no 3:2 gamble on Suda Bay or Rethymno airfield.
    moves:
      - {from: [4, 5], units: {parachute: 2}, to: [2, 5]}
    attacks:
      - {target: [2, 4], from: [[1, 4], [2, 5]]}
victory:
  victory_cities: {axis: 4}
  at_turn_limit: victory_cities
hexes:'''


if __name__ == "__main__":
    path = ROOT / "scenarios" / "crete_1941.yaml"
    path.write_text(build(), encoding="utf-8")
    print(path)
