#!/usr/bin/env python3
"""Generate scenarios/europe_1941.yaml (zone map of Europe, June 1941, g40 ruleset).

Authoring-time tool only: needs shapely >= 2.2 (coverage_clean,
coverage_simplify), which the game itself does not use.

    /work/venv/bin/pip install shapely
    python tools/build_europe_1941.py            # writes scenarios/europe_1941.yaml

The output is deterministic; edit this script (coasts, seeds, forces), not
the YAML.  Exit status 1 means a consistency check failed (printed as WARNING).

The map is made by tools/mapgen.py: the MAINLAND ring (with the BLACK_SEA and
CASPIAN holes) and ISLANDS are projected equirectangularly to a 1600x1000
world (12W..60E, 28N..71N); Gibraltar is carved out of Spain as a small disc.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import geo_coasts as coasts  # noqa: E402
import mapgen  # noqa: E402
from mapgen import Frame, build_map  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "scenarios" / "europe_1941.yaml"

W, H = 1600, 1000
LON0, LON1 = -12.0, 60.0
LAT0, LAT1 = 28.0, 71.0          # bottom, top
WIGGLE = 5.0                     # amplitude (world units) of meandering land borders
SIMPLIFY = 1.6                   # coverage_simplify tolerance (world units)
MIN_SHARED = 3.0                 # shared boundary length that makes an adjacency


# --------------------------------------------------------------------------
# Coastlines, (lon, lat).  Points outside the map are fine (clipped).
# --------------------------------------------------------------------------
MAINLAND = [
    # Arctic coast of Russia, east to west
    (61.5, 71.5), (61.5, 69.6), (60.3, 69.6), (59.0, 68.6), (58.0, 68.9),
    (56.5, 68.6), (54.5, 68.2), (53.5, 68.8), (52.5, 68.4), (51.0, 68.5),
    (50.0, 68.3), (48.8, 67.9), (48.0, 67.4), (47.0, 66.85), (46.3, 67.2),
    (45.8, 67.8), (45.5, 68.35), (44.2, 68.55), (43.3, 68.65), (43.8, 67.9),
    (44.1, 67.1), (44.3, 66.5), (44.0, 66.0),
    # White Sea
    (43.0, 66.0), (41.8, 66.0), (40.8, 65.5), (40.4, 64.9), (40.5, 64.55),
    (39.5, 64.6), (38.5, 64.8), (37.5, 64.3), (37.0, 63.9), (35.8, 64.2),
    (34.8, 64.5), (34.6, 64.9), (34.5, 65.5), (33.8, 66.3), (32.5, 67.1),
    (34.5, 66.6), (36.5, 66.2), (38.5, 66.1), (40.0, 66.3), (41.0, 66.8),
    (41.2, 67.2),
    # Kola north coast, Petsamo, Finnmark
    (40.0, 68.1), (38.0, 68.6), (36.0, 69.1), (34.5, 69.25), (33.0, 69.4),
    (32.0, 69.75), (30.9, 69.75), (29.6, 69.95), (30.3, 70.15), (31.1, 70.35),
    (30.3, 70.6), (29.0, 70.75), (27.7, 70.9), (26.5, 70.75), (25.6, 70.9),
    (24.0, 70.6), (22.8, 70.35), (21.5, 70.2), (20.2, 69.95), (19.0, 69.75),
    # Norway, west coast
    (18.0, 69.45), (17.0, 69.1), (16.0, 68.75), (15.3, 68.3), (14.5, 67.6),
    (14.0, 67.2), (13.3, 66.6), (12.8, 66.0), (12.3, 65.4), (11.5, 64.8),
    (10.6, 64.4), (9.8, 63.9), (8.7, 63.5), (7.6, 63.1), (6.5, 62.7),
    (5.5, 62.3), (5.0, 61.8), (4.9, 61.0), (5.0, 60.4), (5.3, 59.6),
    (5.6, 58.9), (5.6, 58.4), (6.5, 58.1), (7.5, 58.0), (8.6, 58.3),
    (9.5, 58.9), (10.3, 59.0), (10.6, 59.7), (11.0, 59.1),
    # Sweden, west and south coast, then up the Baltic to Haparanda
    (11.5, 58.3), (11.9, 57.7), (12.4, 56.9), (12.75, 56.3), (12.95, 55.75),
    (13.3, 55.35), (14.3, 55.45), (14.2, 56.0), (15.5, 56.15), (16.3, 56.6),
    (16.5, 57.4), (16.7, 58.0), (16.8, 58.6), (18.0, 59.0), (18.8, 59.5),
    (18.6, 60.2), (17.3, 60.7), (17.3, 61.5), (17.4, 62.4), (18.5, 63.0),
    (20.3, 63.8), (21.3, 64.4), (21.5, 65.3), (22.4, 65.7), (24.1, 65.8),
    # Finland
    (25.4, 65.0), (24.6, 64.2), (23.0, 63.8), (21.5, 63.2), (21.4, 62.3),
    (21.4, 61.5), (21.4, 60.7), (22.2, 60.4), (23.0, 59.9), (24.9, 60.15),
    (26.5, 60.4), (28.5, 60.55), (29.8, 60.2), (30.3, 59.95),
    # Gulf of Finland south shore, Baltic states
    (29.0, 59.9), (28.0, 59.5), (26.5, 59.5), (24.8, 59.45), (23.5, 59.2),
    (23.4, 58.6), (24.4, 58.3), (24.4, 57.3), (24.1, 57.0), (23.6, 57.0),
    (22.6, 57.75), (21.5, 57.3), (21.0, 56.5), (21.1, 55.7), (20.5, 54.95),
    (19.9, 54.6), (19.4, 54.4), (18.6, 54.4), (18.3, 54.8), (17.0, 54.7),
    (16.0, 54.25), (14.6, 53.95), (13.8, 54.1), (13.4, 54.6), (12.5, 54.45),
    (12.1, 54.18), (11.5, 54.0), (10.9, 54.0),
    # Denmark: Fehmarn, Lolland-Falster, Zealand (belts closed), Funen, Jutland
    (11.1, 54.45), (11.5, 54.65), (12.1, 54.6), (12.5, 54.95), (12.4, 55.3),
    (12.55, 55.65), (12.45, 56.05), (11.8, 55.98), (11.3, 55.95), (11.1, 55.65),
    (10.6, 55.55), (10.0, 55.7), (10.3, 56.2), (10.65, 56.35), (10.3, 56.7),
    (10.5, 57.2), (10.6, 57.75), (9.9, 57.55), (8.6, 57.1), (8.15, 56.55),
    (8.1, 55.6), (8.6, 55.0), (8.7, 54.5),
    # German and Dutch North Sea coast, Belgium, France
    (9.0, 53.9), (8.7, 53.85), (8.1, 53.55), (7.2, 53.65), (6.9, 53.4),
    (6.3, 53.45), (5.2, 53.3), (4.75, 52.95), (4.5, 52.4), (4.1, 52.0),
    (3.6, 51.5), (3.2, 51.35), (2.55, 51.1), (1.85, 50.95), (1.6, 50.7),
    (1.55, 50.25), (1.1, 49.93), (0.1, 49.5), (-0.3, 49.3), (-1.1, 49.4),
    (-1.25, 49.7), (-1.9, 49.7), (-1.6, 49.2), (-1.55, 48.8), (-2.0, 48.65),
    (-2.8, 48.5), (-3.5, 48.8), (-4.5, 48.6),
    # from Brest round Iberia, the Mediterranean and North Africa to Morocco
    *coasts.BREST_TO_MOROCCO,
    # close round the outside of the map
    (-13.0, 27.0), (62.0, 27.0), (62.0, 71.5),
]

BLACK_SEA = [
    *coasts.BLACK_SEA_WEST,
    (36.6, 45.35),
    # Sea of Azov (with the Sivash)
    (36.0, 45.45), (35.4, 45.35), (34.6, 45.45), (34.15, 45.85), (34.4, 46.1),
    (34.8, 46.2), (35.4, 46.6),
    (36.8, 46.75), (37.5, 47.1), (38.9, 47.2), (39.3, 47.2), (38.3, 46.7),
    (38.15, 46.05), (37.8, 45.6), (37.35, 45.3), (36.8, 45.3),
    *coasts.BLACK_SEA_EAST,
]

CASPIAN = [
    (49.0, 46.4), (50.5, 46.9), (51.8, 47.0), (53.0, 46.8), (53.2, 46.0),
    (52.5, 45.3), (51.2, 44.5), (50.5, 44.4), (51.15, 43.65), (52.5, 42.0),
    (53.0, 41.3), (52.9, 40.0), (53.8, 39.0), (53.9, 37.6), (54.0, 36.9),
    (53.0, 36.7), (51.5, 36.75), (50.3, 37.1), (49.5, 37.45), (48.85, 38.4),
    (48.85, 38.75), (49.4, 39.4), (50.3, 40.4), (49.6, 40.5), (49.2, 41.0),
    (48.3, 42.05), (47.5, 43.0), (47.55, 43.8), (47.2, 44.5), (47.4, 45.4),
    (48.0, 45.8),
]

ISLANDS = {
    "great_britain": [
        (1.4, 51.15), (1.45, 51.35), (0.9, 51.55), (1.3, 51.95), (1.75, 52.5),
        (1.7, 52.8), (1.3, 52.95), (0.5, 52.95), (0.2, 53.1), (0.35, 53.4),
        (0.1, 53.6), (-0.1, 54.1), (-0.4, 54.3), (-0.6, 54.5), (-1.2, 54.7),
        (-1.45, 55.0), (-1.6, 55.6), (-2.0, 55.75), (-2.5, 56.0), (-3.0, 56.05),
        (-2.6, 56.28), (-2.8, 56.45), (-2.2, 56.85), (-2.1, 57.15), (-1.8, 57.5),
        (-2.0, 57.7), (-3.0, 57.7), (-4.2, 57.5), (-3.8, 57.85), (-3.1, 58.4),
        (-3.0, 58.65), (-3.35, 58.67), (-5.0, 58.62), (-5.3, 58.3), (-5.7, 57.9),
        (-5.7, 57.3), (-5.8, 57.0), (-6.2, 56.7), (-5.6, 56.4), (-5.5, 55.9),
        (-5.75, 55.3), (-5.0, 55.8), (-4.8, 55.9), (-4.9, 55.4), (-5.15, 54.85),
        (-4.4, 54.8), (-3.6, 54.95), (-3.2, 54.95), (-3.6, 54.5), (-3.1, 54.1),
        (-3.0, 53.75), (-3.1, 53.4), (-3.9, 53.3), (-4.6, 53.3), (-4.7, 52.8),
        (-4.1, 52.4), (-4.7, 52.1), (-5.3, 51.85), (-5.0, 51.6), (-4.2, 51.6),
        (-3.2, 51.4), (-2.7, 51.5), (-3.3, 51.2), (-4.2, 51.2), (-4.6, 51.0),
        (-5.0, 50.55), (-5.7, 50.05), (-5.2, 49.96), (-4.2, 50.35), (-3.5, 50.6),
        (-2.45, 50.55), (-1.9, 50.7), (-1.3, 50.78), (-0.8, 50.75), (0.25, 50.75),
        (0.97, 50.91),
    ],
    "ireland": [
        (-6.1, 53.35), (-6.0, 52.95), (-6.35, 52.25), (-7.0, 52.1), (-8.3, 51.8),
        (-9.8, 51.45), (-10.4, 52.1), (-9.9, 52.55), (-9.0, 53.2), (-10.2, 53.55),
        (-10.2, 54.0), (-10.0, 54.3), (-8.6, 54.3), (-8.8, 54.7), (-8.3, 55.15),
        (-7.35, 55.38), (-6.15, 55.22), (-5.7, 54.7), (-5.45, 54.5), (-5.7, 54.1),
        (-6.1, 54.0), (-6.25, 53.7),
    ],
    "sicily": coasts.SICILY,
    "sardinia": coasts.SARDINIA,
    "corsica": coasts.CORSICA,
    "crete": [
        (23.5, 35.3), (24.0, 35.5), (24.5, 35.37), (25.15, 35.34), (25.75, 35.3),
        (26.1, 35.2), (26.3, 35.25), (26.2, 35.0), (25.75, 35.0), (25.0, 34.95),
        (24.7, 35.05), (24.0, 35.2), (23.6, 35.2),
    ],
    "cyprus": coasts.CYPRUS,
    # Malta (with Gozo), exaggerated so it can be seen and clicked
    "malta": [(14.5 + 0.36 * math.cos(a * math.pi / 4), 35.9 + 0.24 * math.sin(a * math.pi / 4))
              for a in range(8)],
}

# --------------------------------------------------------------------------
# Territories.  seeds: (lon, lat); first seed sits in the "heart" of the space.
# label: optional (lon, lat) for the label/counter position (default: the
# pole of inaccessibility of the polygon).
# --------------------------------------------------------------------------
GER, USSR, ITA, UK = "germany", "soviet_union", "italy", "united_kingdom"
UNIT_CLASSES = mapgen.UnitClasses(
    land=frozenset({"infantry", "artillery", "mech_infantry", "armour", "aaa"}),
    air=frozenset({"fighter", "tactical_bomber", "strategic_bomber"}),
    sea=frozenset({"battleship", "carrier", "cruiser", "destroyer", "submarine", "transport"}),
    carrier_planes=frozenset({"fighter", "tactical_bomber"}),
)

LAND = [
    # ---- Germany and its conquests / satellites -------------------------
    dict(id="germany", name="Germany", owner=GER, value=10, factory=True, vc=True,
         seeds=[(12.5, 51.5), (13.4, 52.5), (10.0, 51.0), (8.3, 50.4), (9.5, 53.3),
                (9.0, 48.7), (11.8, 48.8), (14.0, 47.6), (11.5, 47.3), (16.2, 48.2),
                (14.8, 49.8), (17.2, 49.6), (16.5, 52.3), (17.8, 53.9), (20.8, 54.2),
                (13.0, 50.8), (7.5, 51.6)],
         label=(11.2, 51.3),
         units={GER: dict(infantry=4, artillery=1, armour=1, aaa=1, fighter=2,
                          tactical_bomber=1, strategic_bomber=1)}),
    dict(id="poland", name="Poland", owner=GER, value=2, vc=True,
         seeds=[(21.0, 51.8), (19.5, 51.8), (21.5, 52.6), (21.0, 50.2)],
         units={GER: dict(infantry=6, artillery=2, mech_infantry=2, armour=3, fighter=1)}),
    dict(id="holland_belgium", name="Holland-Belgium", owner=GER, value=2,
         seeds=[(5.2, 51.6), (5.6, 52.4), (4.6, 50.8)],
         units={GER: dict(infantry=1)}),
    dict(id="france", name="France", owner=GER, value=5, factory=True, vc=True,
         seeds=[(2.4, 48.6), (3.2, 49.6), (-2.5, 48.1), (0.2, 47.3), (-0.8, 45.2),
                (-0.9, 44.0), (5.5, 48.4)],
         units={GER: dict(infantry=3, artillery=1, armour=1, aaa=1, fighter=1)}),
    dict(id="vichy_france", name="Vichy France", owner=GER, value=1,
         seeds=[(2.8, 45.4), (4.8, 44.0), (1.8, 43.5), (6.2, 45.5)]),
    dict(id="denmark", name="Denmark", owner=GER, value=1,
         seeds=[(9.2, 56.2), (11.8, 55.5)],
         units={GER: dict(infantry=1)}),
    dict(id="norway", name="Norway", owner=GER, value=2,
         seeds=[(9.0, 60.8), (10.5, 63.2), (13.5, 66.3), (16.0, 68.2), (18.5, 69.2),
                (21.0, 69.8), (24.5, 70.2), (28.5, 70.3)],
         label=(9.3, 61.0),
         units={GER: dict(infantry=2, fighter=1)}),
    dict(id="finland", name="Finland", owner=GER, value=1,
         seeds=[(26.0, 62.3), (27.0, 64.8), (26.0, 67.5)],
         units={GER: dict(infantry=3, artillery=1)}),
    dict(id="slovakia_hungary", name="Slovakia-Hungary", owner=GER, value=2,
         seeds=[(19.3, 47.3), (21.5, 48.5), (19.5, 48.8)],
         units={GER: dict(infantry=2)}),
    dict(id="romania", name="Romania", owner=GER, value=2,
         seeds=[(25.3, 45.3), (27.5, 44.6), (23.0, 45.6), (24.8, 46.6)],
         units={GER: dict(infantry=4, artillery=1, armour=1)}),
    dict(id="bulgaria", name="Bulgaria", owner=GER, value=1,
         seeds=[(25.2, 42.7), (27.0, 43.0)],
         units={GER: dict(infantry=1)}),
    dict(id="yugoslavia", name="Yugoslavia", owner=GER, value=2,
         seeds=[(18.5, 44.2), (16.0, 45.4), (20.8, 44.2), (21.6, 41.8), (19.3, 42.9)],
         units={GER: dict(infantry=2)}),
    dict(id="crete", name="Crete", owner=GER, value=0,
         seeds=[(24.8, 35.25)],
         units={GER: dict(infantry=1)}),
    dict(id="corsica", name="Corsica", owner=GER, value=0,
         seeds=[(9.1, 42.1)]),
    dict(id="tunisia", name="Tunisia", owner=GER, value=1,
         seeds=[(9.6, 35.3), (9.2, 33.0)]),
    dict(id="algeria", name="Algeria", owner=GER, value=1,
         seeds=[(3.0, 34.5), (5.5, 35.8), (5.0, 31.0), (0.0, 34.8), (-2.0, 30.0)]),
    dict(id="morocco", name="Morocco", owner=GER, value=1,
         seeds=[(-6.3, 32.7), (-8.7, 30.2), (-4.5, 34.4)]),
    dict(id="syria", name="Syria", owner=GER, value=1,
         seeds=[(38.2, 35.3), (36.6, 34.2)]),
    # ---- Italy ---------------------------------------------------------------
    dict(id="italy", name="Italy", owner=ITA, value=6, factory=True, vc=True,
         seeds=[(12.6, 42.4), (11.0, 45.4), (9.2, 45.4), (8.0, 44.6), (13.4, 46.1),
                (15.3, 41.0), (16.4, 39.2), (14.5, 41.8)],
         label=(12.6, 42.4),
         units={ITA: dict(infantry=4, artillery=1, armour=1, aaa=1, fighter=1)}),
    dict(id="sicily", name="Sicily", owner=ITA, value=1, seeds=[(14.1, 37.6)],
         units={ITA: dict(infantry=1, fighter=1)}),
    dict(id="sardinia", name="Sardinia", owner=ITA, value=1, seeds=[(9.0, 40.0)],
         units={ITA: dict(infantry=1)}),
    dict(id="albania", name="Albania", owner=ITA, value=1,
         seeds=[(20.0, 41.2), (20.1, 40.3)],
         units={ITA: dict(infantry=2)}),
    dict(id="greece", name="Greece", owner=ITA, value=2, vc=True,
         seeds=[(22.0, 39.3), (22.2, 37.5), (23.8, 40.9), (23.6, 38.3)],
         units={ITA: dict(infantry=2), GER: dict(infantry=1)}),
    dict(id="tripolitania", name="Tripolitania", owner=ITA, value=1,
         seeds=[(13.5, 30.8), (12.0, 29.0), (16.0, 29.0)],
         units={ITA: dict(infantry=2)}),
    dict(id="libya", name="Libya", owner=ITA, value=1,
         seeds=[(22.0, 31.2), (19.5, 29.3), (23.0, 29.0)],
         units={ITA: dict(infantry=3, artillery=1),
                GER: dict(mech_infantry=1, armour=1)}),
    # ---- United Kingdom --------------------------------------------------------
    dict(id="united_kingdom", name="United Kingdom", owner=UK, value=8, factory=True, vc=True,
         seeds=[(-1.2, 52.2), (-2.0, 53.7), (-3.8, 52.0), (-4.3, 50.5), (0.5, 51.3)],
         label=(-1.6, 52.4),
         units={UK: dict(infantry=3, artillery=1, armour=1, aaa=1, fighter=2,
                         strategic_bomber=1)}),
    dict(id="scotland", name="Scotland", owner=UK, value=2,
         seeds=[(-4.0, 56.8), (-4.5, 58.0)],
         units={UK: dict(infantry=1, fighter=1)}),
    dict(id="gibraltar", name="Gibraltar", owner=UK, value=0,
         carve=((-5.5, 36.3), 11.0, "spain"),
         units={UK: dict(infantry=1)}),
    dict(id="malta", name="Malta", owner=UK, value=0, seeds=[(14.5, 35.9)],
         units={UK: dict(infantry=1, fighter=1)}),
    dict(id="cyprus", name="Cyprus", owner=UK, value=0, seeds=[(33.3, 35.05)],
         units={UK: dict(infantry=1)}),
    dict(id="egypt", name="Egypt", owner=UK, value=2, factory=True, vc=True,
         seeds=[(30.0, 29.6), (27.0, 29.6), (32.5, 29.6), (29.0, 30.5)],
         label=(29.8, 30.0),
         units={UK: dict(infantry=3, artillery=1, mech_infantry=1, armour=2, fighter=1)}),
    dict(id="palestine", name="Palestine", owner=UK, value=1,
         seeds=[(35.2, 31.6), (36.5, 30.6)],
         units={UK: dict(infantry=1)}),
    dict(id="iraq", name="Iraq", owner=UK, value=2,
         seeds=[(43.5, 33.5), (46.0, 31.0), (44.0, 36.0)],
         units={UK: dict(infantry=1)}),
    # ---- Soviet Union ------------------------------------------------------------
    dict(id="karelia", name="Karelia", owner=USSR, value=1,
         seeds=[(33.0, 64.5), (34.0, 68.0), (32.0, 62.5), (37.5, 67.8)],
         units={USSR: dict(infantry=3)}),
    dict(id="archangel", name="Archangel", owner=USSR, value=1,
         seeds=[(44.0, 63.5), (47.0, 66.0), (44.5, 61.0)],
         units={USSR: dict(infantry=1)}),
    dict(id="leningrad", name="Leningrad", owner=USSR, value=2, vc=True,
         seeds=[(31.0, 59.2), (33.5, 60.5)],
         units={USSR: dict(infantry=5, artillery=1, aaa=1, fighter=1)}),
    dict(id="baltic_states", name="Baltic States", owner=USSR, value=1,
         seeds=[(24.2, 55.6), (25.5, 57.7), (23.0, 56.8)],
         units={USSR: dict(infantry=4, artillery=1)}),
    dict(id="belarus", name="Belarus", owner=USSR, value=2,
         seeds=[(27.5, 53.6), (25.5, 52.5), (28.5, 55.5)],
         units={USSR: dict(infantry=6, artillery=1, armour=1)}),
    dict(id="smolensk", name="Smolensk", owner=USSR, value=1,
         seeds=[(33.0, 54.8), (34.5, 53.3)],
         units={USSR: dict(infantry=3)}),
    dict(id="moscow", name="Moscow", owner=USSR, value=8, factory=True, vc=True,
         seeds=[(38.5, 55.8), (40.5, 57.6), (37.0, 58.0)],
         units={USSR: dict(infantry=8, artillery=1, armour=1, aaa=1, fighter=1, tactical_bomber=1)}),
    dict(id="voronezh", name="Voronezh", owner=USSR, value=1,
         seeds=[(39.2, 51.7), (42.0, 52.5)],
         units={USSR: dict(infantry=2)}),
    dict(id="kuibyshev", name="Kuibyshev", owner=USSR, value=2,
         seeds=[(49.5, 53.5), (47.5, 56.0)],
         units={USSR: dict(infantry=1)}),
    dict(id="urals", name="Urals", owner=USSR, value=3, factory=True,
         seeds=[(56.0, 58.0), (55.0, 63.5), (57.0, 54.5)],
         units={USSR: dict(infantry=1)}),
    dict(id="ukraine", name="Ukraine", owner=USSR, value=3,
         seeds=[(29.0, 49.8), (25.3, 49.5), (31.5, 50.5), (29.5, 47.0)],
         label=(29.5, 49.6),
         units={USSR: dict(infantry=7, artillery=1, armour=2, fighter=1)}),
    dict(id="eastern_ukraine", name="Eastern Ukraine", owner=USSR, value=2,
         seeds=[(36.0, 49.0), (34.3, 45.3), (34.0, 47.5), (38.5, 47.8)],
         units={USSR: dict(infantry=3)}),
    dict(id="stalingrad", name="Stalingrad", owner=USSR, value=2, vc=True,
         seeds=[(44.3, 48.7), (42.0, 48.8)],
         units={USSR: dict(infantry=3)}),
    dict(id="caucasus", name="Caucasus", owner=USSR, value=3, factory=True, vc=True,
         seeds=[(43.5, 43.6), (40.0, 45.0), (46.5, 40.5), (43.5, 41.2)],
         units={USSR: dict(infantry=2, armour=1)}),
    dict(id="kazakhstan", name="Kazakhstan", owner=USSR, value=2,
         seeds=[(55.0, 48.0), (51.5, 49.8)],
         units={USSR: dict(infantry=1)}),
    dict(id="turkmenistan", name="Turkmenistan", owner=USSR, value=1,
         seeds=[(57.5, 40.0), (54.8, 39.3)]),
    # ---- Neutrals (impassable) -------------------------------------------------
    dict(id="ireland", name="Ireland", impassable=True, seeds=[(-8.0, 53.2)]),
    dict(id="sweden", name="Sweden", impassable=True,
         seeds=[(15.0, 59.5), (14.5, 58.0), (14.0, 61.0), (16.0, 63.8), (18.0, 66.0),
                (20.5, 67.3)],
         label=(15.2, 60.5)),
    dict(id="spain", name="Spain", impassable=True,
         seeds=[(-3.7, 40.3), (-5.8, 42.5), (-7.8, 43.0), (-5.5, 38.0), (-2.5, 37.8),
                (-1.0, 41.8), (1.2, 41.8)]),
    dict(id="portugal", name="Portugal", impassable=True,
         seeds=[(-8.2, 40.8), (-8.1, 38.3)]),
    dict(id="switzerland", name="Switzerland", impassable=True, seeds=[(8.2, 46.8)]),
    dict(id="turkey", name="Turkey", impassable=True,
         seeds=[(33.0, 39.0), (27.5, 41.3), (29.5, 39.3), (37.0, 38.8), (40.5, 39.3),
                (35.0, 40.8)]),
    dict(id="persia", name="Persia", impassable=True,
         seeds=[(53.0, 33.0), (48.0, 34.5), (51.0, 31.5), (55.0, 35.5), (57.0, 30.0),
                (47.5, 37.2)]),
    dict(id="saudi_arabia", name="Saudi Arabia", impassable=True,
         seeds=[(41.0, 29.3), (45.5, 28.6), (38.5, 29.0)]),
]

SEA = [
    dict(id="barents_sea", name="Barents Sea",
         seeds=[(40.0, 70.2), (50.0, 69.8), (57.0, 70.2), (38.5, 65.5)],
         units={USSR: dict(destroyer=1, submarine=1)}),
    dict(id="norwegian_sea", name="Norwegian Sea",
         seeds=[(3.0, 66.0), (14.0, 70.3), (-6.0, 66.0)],
         units={GER: dict(battleship=1, destroyer=1)}),
    dict(id="north_atlantic", name="North Atlantic",
         seeds=[(-9.0, 59.5), (-11.0, 56.0), (-5.0, 53.8)],
         units={GER: dict(submarine=2)}),
    dict(id="north_sea", name="North Sea",
         seeds=[(3.0, 56.5), (2.5, 53.0), (11.3, 57.2)],
         units={UK: dict(battleship=1, cruiser=1, destroyer=2, transport=1)}),
    dict(id="english_channel", name="English Channel",
         seeds=[(-2.5, 49.9), (0.5, 50.2)],
         units={UK: dict(destroyer=1, transport=1)}),
    dict(id="baltic_sea", name="Baltic Sea",
         seeds=[(18.0, 55.5), (19.8, 58.0), (20.5, 62.0), (23.5, 64.5), (13.8, 55.0)],
         units={GER: dict(cruiser=1, transport=1)}),
    dict(id="bay_of_biscay", name="Bay of Biscay",
         seeds=[(-5.5, 46.0), (-8.0, 49.6), (-10.5, 45.0)],
         units={GER: dict(cruiser=1, submarine=1)}),
    dict(id="eastern_atlantic", name="Eastern Atlantic",
         seeds=[(-11.0, 38.5), (-11.0, 32.0), (-7.4, 36.3)]),
    dict(id="western_med", name="Western Mediterranean",
         seeds=[(4.5, 39.5), (-3.4, 36.2), (6.0, 41.5), (1.0, 37.5)],
         units={UK: dict(battleship=1, carrier=1, cruiser=1, fighter=1)}),
    dict(id="tyrrhenian_sea", name="Tyrrhenian Sea",
         seeds=[(12.0, 40.0), (12.4, 41.3)],
         units={ITA: dict(battleship=1, cruiser=1, transport=1)}),
    dict(id="central_med", name="Central Mediterranean",
         seeds=[(12.5, 35.3), (14.0, 33.8)],
         units={ITA: dict(destroyer=1, submarine=1)}),
    dict(id="ionian_sea", name="Ionian Sea",
         seeds=[(18.5, 37.5), (16.2, 35.6), (18.5, 32.0)],
         units={ITA: dict(battleship=1, cruiser=1, destroyer=1)}),
    dict(id="adriatic_sea", name="Adriatic Sea",
         seeds=[(15.5, 43.0), (13.3, 44.6), (18.3, 41.7)]),
    dict(id="aegean_sea", name="Aegean Sea",
         seeds=[(25.0, 38.5), (25.0, 36.4), (24.5, 40.3)]),
    dict(id="eastern_med", name="Eastern Mediterranean",
         seeds=[(27.5, 33.5), (23.5, 33.5), (31.0, 33.0), (29.8, 35.5)],
         units={UK: dict(battleship=1, cruiser=1, destroyer=1, transport=1)}),
    dict(id="levant", name="Levant",
         seeds=[(34.6, 33.6), (34.5, 36.3)]),
    dict(id="black_sea", name="Black Sea",
         seeds=[(34.0, 43.3)],
         units={USSR: dict(cruiser=1, destroyer=1, submarine=1)}),
    dict(id="caspian_sea", name="Caspian Sea", seeds=[(50.7, 42.5)]),
]

PLAYERS = [
    dict(id=GER, name="Germany", alliance="axis", color="#6b6b6b", capital="germany"),
    dict(id=USSR, name="Soviet Union", alliance="allies", color="#9e2a2b", capital="moscow"),
    # turn order as in Global 1940: the United Kingdom moves before Italy
    dict(id=UK, name="United Kingdom", alliance="allies", color="#c4955a", capital="united_kingdom"),
    dict(id=ITA, name="Italy", alliance="axis", color="#8f8a3c", capital="italy"),
]

DESCRIPTION = (
    "June 1941. Germany and Italy, masters of western Europe and the Balkans, "
    "turn on the Soviet Union while Britain clings to the Mediterranean from "
    "Gibraltar, Malta and Egypt. The Axis must break the Red Army before it "
    "recovers and before the Royal Navy strangles North Africa. Victory goes to "
    "the alliance holding 8 of the 11 victory cities; after round 10 the side "
    "holding more of them wins."
)
VICTORY = {"axis": 8, "allies": 8}
TURN_LIMIT = 10
BACKGROUND = "#2b4d6e"

# Extra adjacencies that geometry cannot show (none needed so far).
EXTRA_ADJ: list[tuple[str, str]] = []


# --------------------------------------------------------------------------
FRAME = Frame(W, H, LON0, LON1, LAT0, LAT1)

MUST_ADJ = [("germany", "north_sea"), ("germany", "baltic_sea"), ("gibraltar", "western_med"),
            ("gibraltar", "eastern_atlantic"), ("egypt", "eastern_med"), ("italy", "tyrrhenian_sea"),
            ("italy", "adriatic_sea"), ("leningrad", "baltic_sea"), ("kazakhstan", "caspian_sea"),
            ("north_sea", "baltic_sea"), ("norwegian_sea", "barents_sea"),
            ("western_med", "eastern_atlantic"), ("united_kingdom", "english_channel"),
            ("france", "english_channel"), ("denmark", "north_sea"), ("denmark", "baltic_sea"),
            ("malta", "central_med"), ("archangel", "barents_sea"), ("karelia", "barents_sea")]
MUST_NOT_ADJ = [("aegean_sea", "black_sea"), ("united_kingdom", "france"), ("sicily", "italy"),
                ("sweden", "denmark"), ("spain", "morocco")]


def build():
    return build_map(FRAME, MAINLAND, LAND, SEA, holes=[BLACK_SEA, CASPIAN], islands=ISLANDS,
                     extra_adj=EXTRA_ADJ, wiggle=WIGGLE, simplify=SIMPLIFY, min_shared=MIN_SHARED)


def check(m):
    return mapgen.scenario_problems(m, LAND, SEA, PLAYERS, UNIT_CLASSES, VICTORY, MUST_ADJ,
                                    MUST_NOT_ADJ)


def main():
    m = build()
    problems = check(m)
    resources = mapgen.income(LAND, PLAYERS)
    mapgen.write_scenario(OUT, mapgen.scenario_lines(
        m, LAND, SEA, PLAYERS, script="tools/build_europe_1941.py", scenario_id="europe_1941",
        title="Europe 1941", ruleset="g40", description=DESCRIPTION, width=78,
        turn_limit=TURN_LIMIT, victory=VICTORY, resources=resources, size=(W, H),
        background=BACKGROUND))
    vcs = [t["id"] for t in LAND if t.get("vc")]
    nland = sum(1 for i in m.ids if m.kind[i] == "land")
    print(f"wrote {OUT}: {nland} land, {len(m.ids) - nland} sea spaces")
    print("income:", resources, "| victory cities:", len(vcs), vcs)
    npts = sorted((len(m.polys[i][0]), i) for i in m.ids)
    print("points per polygon: min", npts[0], "max", npts[-1])
    return mapgen.report(problems)


if __name__ == "__main__":
    sys.exit(main())
