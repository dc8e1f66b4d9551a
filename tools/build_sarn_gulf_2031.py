#!/usr/bin/env python3
"""Generate scenarios/sarn_gulf_2031.yaml: a modern littoral crisis on a fictional
gulf, for the `modern-naval` ruleset (seed 001).

Authoring-time tool only: needs shapely >= 2.2 (see tools/mapgen.py).

    python tools/build_sarn_gulf_2031.py        # writes scenarios/sarn_gulf_2031.yaml

The output is deterministic; edit this script, not the YAML. Exit status 1 means a
consistency check failed (printed as WARNING).

The map: the Gulf of Sarn opens to the southern ocean. Opfor (the Varkesh Republic)
holds the western shore, Meridia the eastern one; the Sarn Massif between them in
the north is impassable, so the war is fought at sea and for the islands. The
Coalition task force comes from Calloway in the south-east. Coordinates are
fictional "degrees" (50 world units each) in a 32 x 20 frame; small islands are
blobs (MIN_ISLAND checks they can be clicked).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mapgen  # noqa: E402
from mapgen import Frame, blob, build_map  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "scenarios" / "sarn_gulf_2031.yaml"

W, H = 1600, 1000
FRAME = Frame(W, H, 0.0, 32.0, 0.0, 20.0)
WIGGLE = 4.0                     # amplitude (world units) of meandering land borders
SIMPLIFY = 1.4                   # coverage_simplify tolerance (world units)
MIN_SHARED = 3.0                 # shared boundary length that makes an adjacency
MIN_ISLAND = 1500.0              # smallest area (world units^2) of a playable space

# The shores around the gulf, clockwise from the north-west corner (outside the frame).
MAINLAND = [
    (-1, 21), (33, 21), (33, 3.2),
    # Meridia's coast, south to north; Cape Meridia points west at about 5N
    (30.0, 3.0), (29.0, 4.2), (27.8, 4.6), (25.6, 4.9), (25.0, 5.5), (25.7, 6.1),
    (28.0, 6.6), (28.6, 8.0), (27.6, 9.4), (27.9, 11.0), (26.8, 12.4), (26.2, 13.9),
    (24.6, 15.0),
    # the northern shore under the Sarn Massif, east to west
    (22.3, 15.6), (20.0, 15.2), (18.0, 16.0), (16.0, 15.5), (14.0, 16.2), (12.0, 15.5),
    (10.0, 15.9), (8.2, 14.6),
    # Varkesh's coast, north to south; the Korr peninsula points east at about 8N
    (7.0, 13.0), (5.6, 12.4), (6.1, 11.0), (5.2, 9.6), (5.9, 8.6), (8.6, 8.4),
    (9.4, 7.7), (8.4, 7.1), (5.6, 7.3), (4.6, 6.4), (5.1, 5.0), (3.9, 3.5), (3.1, 1.6),
    (3.3, -1), (-1, -1),
]

ISLANDS = {
    "kestria": [(13.0, 10.4), (14.2, 11.5), (15.8, 11.9), (17.6, 11.6), (19.3, 10.4),
                (19.2, 8.6), (18.2, 7.2), (16.6, 6.6), (14.8, 7.0), (13.4, 8.2)],
    "thessa": blob(10.6, 12.8, 1.05, 0.75, seed=3),
    "arden": blob(22.6, 12.4, 1.15, 0.8, seed=4),
    "tamsin": blob(22.8, 8.3, 0.9, 0.75, seed=5),
    "lys": blob(9.2, 4.1, 1.1, 0.8, seed=6),
    "corvo": blob(17.4, 3.6, 1.0, 0.75, seed=7),
    "calloway": blob(27.4, 1.35, 1.8, 0.95, seed=8),
}

OPF, MER, COA = "varkesh", "meridia", "coalition"
UNIT_CLASSES = mapgen.UnitClasses(
    land=frozenset({"infantry", "special_forces", "lav", "artillery", "tank", "aa_gun"}),
    air=frozenset({"fighter", "helicopter", "strategic_bomber"}),
    sea=frozenset({"aircraft_carrier", "amphibious_assault_ship", "cruiser", "destroyer", "frigate",
                   "submarine"}),
    carrier_planes=frozenset({"fighter", "helicopter"}),
    carrier="aircraft_carrier",
)

LAND = [
    # ---- the Varkesh Republic (Opfor), the western shore ------------------------
    dict(id="varkesh", name="Varkesh", owner=OPF, value=12, factory="major", naval_base=True, vc=True,
         seeds=[(3.0, 10.8), (2.0, 12.5), (4.3, 9.2)]),
    dict(id="north_march", name="North March", owner=OPF, value=5,
         seeds=[(3.5, 15.5), (6.5, 17.0), (9.5, 17.6)]),
    dict(id="korr", name="Korr Peninsula", owner=OPF, value=4, naval_base=True,
         seeds=[(7.6, 7.9), (5.0, 7.8)]),
    dict(id="south_varkesh", name="South Varkesh", owner=OPF, value=6, factory="minor",
         seeds=[(2.0, 4.5), (3.6, 5.6), (1.5, 1.5)]),
    # ---- the Sarn Massif (impassable) on the gulf, crossed by one pass in the north ----
    dict(id="sarn_massif", name="Sarn Massif", impassable=True,
         seeds=[(13.0, 16.9), (16.2, 16.7), (19.5, 16.7)]),
    dict(id="sarn_pass", name="Sarn Pass", owner=MER, value=1,
         seeds=[(16.0, 19.2), (12.5, 19.3), (20.0, 19.2)]),
    # ---- Meridia (Allies), the eastern shore -----------------------------------------
    dict(id="meridia", name="Meridia", owner=MER, value=10, factory="major", naval_base=True, vc=True,
         seeds=[(29.5, 10.5), (30.5, 12.0), (29.0, 8.6)]),
    dict(id="east_highlands", name="East Highlands", owner=MER, value=4,
         seeds=[(27.5, 16.5), (24.0, 17.6), (30.5, 17.5)]),
    dict(id="south_meridia", name="South Meridia", owner=MER, value=4,
         seeds=[(31.0, 5.5), (30.5, 7.2)]),
    dict(id="cape_meridia", name="Cape Meridia", owner=COA, value=3, naval_base=True,
         seeds=[(26.6, 5.5)]),
    # ---- islands ------------------------------------------------------------------------
    dict(id="kestria_north", name="Port Kestria", owner=MER, value=4, naval_base=True, vc=True,
         seeds=[(16.0, 10.8), (14.2, 10.2), (18.3, 10.2)], label=(16.2, 10.2)),
    dict(id="kestria_south", name="South Kestria", owner=MER, value=2, vc=True,
         seeds=[(16.0, 7.6), (14.5, 8.0), (18.3, 8.0)]),
    dict(id="thessa", name="Thessa", owner=OPF, value=2, naval_base=True, vc=True,
         seeds=[(10.6, 12.8)]),
    dict(id="lys", name="Lys Islands", owner=OPF, value=2, vc=True, seeds=[(9.2, 4.1)]),
    dict(id="arden", name="Arden Isle", owner=MER, value=2, vc=True, seeds=[(22.6, 12.4)]),
    dict(id="tamsin", name="Tamsin Rock", owner=MER, value=1, vc=True, seeds=[(22.8, 8.3)]),
    dict(id="corvo", name="Corvo", owner=MER, value=1, vc=True, seeds=[(17.4, 3.6)]),
    dict(id="calloway", name="Calloway", owner=COA, value=10, factory="major", naval_base=True, vc=True,
         seeds=[(27.4, 1.35)]),
]

SEA = [
    dict(id="thessa_strait", name="Thessa Strait", seeds=[(9.0, 14.0), (11.8, 14.3)]),
    dict(id="north_gulf", name="North Gulf", seeds=[(15.5, 13.6), (13.0, 12.5)]),
    dict(id="arden_sound", name="Arden Sound", seeds=[(20.2, 13.6), (22.8, 14.4)]),
    dict(id="meridia_bight", name="Meridia Bight", seeds=[(25.0, 12.6)]),
    dict(id="varkesh_roads", name="Varkesh Roads", seeds=[(7.0, 11.2), (8.0, 9.6)]),
    dict(id="kestria_channel", name="Kestria Channel", seeds=[(11.3, 9.4)]),
    dict(id="central_gulf", name="Central Gulf", seeds=[(20.8, 10.8)]),
    dict(id="tamsin_deep", name="Tamsin Deep", seeds=[(24.6, 9.3)]),
    dict(id="meridia_roads", name="Meridia Roads", seeds=[(26.7, 10.5)]),
    dict(id="korr_sound", name="Korr Sound", seeds=[(6.8, 5.8)]),
    dict(id="lys_passage", name="Lys Passage", seeds=[(11.3, 6.2)]),
    dict(id="kestria_shoals", name="Kestria Shoals", seeds=[(15.5, 5.4)]),
    dict(id="kestria_east", name="Kestria East", seeds=[(20.4, 7.6)]),
    dict(id="corvo_bank", name="Corvo Bank", seeds=[(19.8, 4.6)]),
    dict(id="cape_waters", name="Cape Waters", seeds=[(23.2, 5.6)]),
    dict(id="southwest_approaches", name="Southwest Approaches", seeds=[(5.2, 1.5)]),
    dict(id="lys_outer", name="Lys Outer Waters", seeds=[(10.8, 1.8)]),
    dict(id="southern_ocean", name="Southern Ocean", seeds=[(15.5, 1.2)]),
    dict(id="corvo_south", name="Corvo South", seeds=[(20.5, 1.5)]),
    dict(id="calloway_roads", name="Calloway Roads", seeds=[(24.2, 2.8)]),
    dict(id="eastern_approaches", name="Eastern Approaches", seeds=[(31.0, 1.5)]),
    dict(id="meridia_narrows", name="Meridia Narrows", seeds=[(28.2, 3.4)]),
]

UNITS = {
    # Opfor: a fleet in being and invasion forces ready at home
    "varkesh": {OPF: dict(infantry=4, artillery=2, tank=2, aa_gun=1, fighter=2, strategic_bomber=1)},
    "north_march": {OPF: dict(infantry=2, lav=1)},
    "korr": {OPF: dict(infantry=2, tank=1, special_forces=1)},
    "south_varkesh": {OPF: dict(infantry=2, artillery=1)},
    "thessa": {OPF: dict(infantry=2)},
    "lys": {OPF: dict(infantry=2)},
    "varkesh_roads": {OPF: dict(cruiser=1, destroyer=2, amphibious_assault_ship=2, frigate=1)},
    "korr_sound": {OPF: dict(destroyer=1, amphibious_assault_ship=1, submarine=2)},
    "thessa_strait": {OPF: dict(aircraft_carrier=1, fighter=1, helicopter=1, frigate=1)},
    "lys_passage": {OPF: dict(submarine=2)},
    # Meridia: garrisons on the islands, a small navy
    "meridia": {MER: dict(infantry=4, artillery=1, tank=1, aa_gun=1, fighter=1)},
    "east_highlands": {MER: dict(infantry=2)},
    "sarn_pass": {MER: dict(infantry=2)},
    "south_meridia": {MER: dict(infantry=2)},
    "kestria_north": {MER: dict(infantry=3, artillery=1)},
    "kestria_south": {MER: dict(infantry=2)},
    "arden": {MER: dict(infantry=1)},
    "tamsin": {MER: dict(infantry=1)},
    "corvo": {MER: dict(infantry=1)},
    "meridia_roads": {MER: dict(destroyer=1, frigate=2)},
    "arden_sound": {MER: dict(cruiser=1, submarine=1)},
    # the Coalition task force at Calloway
    "calloway": {COA: dict(infantry=2, fighter=1, strategic_bomber=1)},
    "cape_meridia": {COA: dict(infantry=2, aa_gun=1)},
    "calloway_roads": {COA: dict(aircraft_carrier=1, fighter=2, cruiser=1, destroyer=2,
                                 amphibious_assault_ship=2)},
    "cape_waters": {COA: dict(frigate=1, submarine=2)},
}

PLAYERS = [
    dict(id=OPF, name="Varkesh Republic", alliance="opfor", color="#a23b3b", capital="varkesh",
         resources=30),
    dict(id=MER, name="Meridia", alliance="allies", color="#3f7d4e", capital="meridia",
         resources=30),
    dict(id=COA, name="Coalition", alliance="allies", color="#c9a227", capital="calloway",
         resources=40),
]

DESCRIPTION = (
    "2031. The Varkesh Republic moves on the islands of the Gulf of Sarn while the "
    "Coalition task force steams north from Calloway to help Meridia. One narrow pass "
    "crosses the Sarn Massif; every island is won by an amphibious assault, and submarines, "
    "frigates and carriers decide who can land. Victory goes to Opfor with {opfor} and "
    "to the Allies with {allies} of the {n} victory cities (all islands, capitals and "
    "Calloway); after round {t} the side holding more of them wins."
)
VICTORY = {"opfor": 6, "allies": 9}
TURN_LIMIT = 10
BACKGROUND = "#24506e"
EXTRA_ADJ: list[tuple[str, str]] = []


def build():
    for t in LAND + SEA:
        t.setdefault("units", UNITS.get(t["id"]))
    m = build_map(FRAME, MAINLAND, LAND, SEA, islands=ISLANDS, extra_adj=EXTRA_ADJ, wiggle=WIGGLE,
                  simplify=SIMPLIFY, min_shared=MIN_SHARED, keep_sea_labels=False)
    return m


MUST_ADJ = [("varkesh", "varkesh_roads"), ("korr", "korr_sound"), ("korr", "varkesh_roads"),
            ("thessa", "thessa_strait"), ("kestria_north", "north_gulf"),
            ("kestria_south", "kestria_shoals"), ("kestria_north", "kestria_south"),
            ("meridia", "meridia_roads"), ("arden", "arden_sound"), ("tamsin", "tamsin_deep"),
            ("corvo", "corvo_bank"), ("lys", "lys_passage"), ("calloway", "calloway_roads"),
            ("cape_meridia", "cape_waters"), ("cape_meridia", "meridia_narrows"),
            ("south_meridia", "meridia_narrows"), ("varkesh", "korr"),
            ("north_march", "sarn_pass"), ("sarn_pass", "east_highlands")]
MUST_NOT_ADJ = [("varkesh", "meridia"), ("north_march", "east_highlands"),
                ("sarn_pass", "north_gulf"), ("kestria_north", "thessa")]
INLAND = ("north_march", "sarn_pass")     # playable land without a coast


def check(m):
    spec = {t["id"]: t for t in LAND + SEA}
    problems = mapgen.scenario_problems(m, LAND, SEA, PLAYERS, UNIT_CLASSES, VICTORY, MUST_ADJ,
                                         MUST_NOT_ADJ, min_area=MIN_ISLAND)
    for i in m.ids:
        if m.kind[i] == "land" and not spec[i].get("impassable") and i not in INLAND \
                and not any(m.kind[j] == "sea" for j in m.adj[i]):
            problems.append(f"{i} has no coast")
    return problems


def main():
    m = build()
    problems = check(m)
    vcs = [t["id"] for t in LAND if t.get("vc")]
    description = DESCRIPTION.format(opfor=VICTORY["opfor"], allies=VICTORY["allies"], n=len(vcs),
                                     t=TURN_LIMIT)
    mapgen.write_scenario(OUT, mapgen.scenario_lines(
        m, LAND, SEA, PLAYERS, script="tools/build_sarn_gulf_2031.py", scenario_id="sarn_gulf_2031",
        title="Gulf of Sarn 2031", ruleset="modern-naval", description=description,
        turn_limit=TURN_LIMIT, victory=VICTORY, resources={p["id"]: p["resources"] for p in PLAYERS},
        size=(W, H), background=BACKGROUND,
        turn_order="Varkesh (Opfor), Meridia, Coalition (Allies)"))
    nland = sum(1 for i in m.ids if m.kind[i] == "land")
    print(f"wrote {OUT}: {nland} land, {len(m.ids) - nland} sea spaces; {len(vcs)} victory cities")
    print("income:", mapgen.income(LAND, PLAYERS))
    print("smallest spaces:", sorted((round(m.polys[i][1].area), i) for i in m.ids)[:5])
    return mapgen.report(problems)


if __name__ == "__main__":
    sys.exit(main())
