#!/usr/bin/env python3
"""Generate scenarios/mediterranean_1940.yaml (zone map of the Mediterranean,
June 1940, interwar ruleset).

Authoring-time tool only: needs shapely >= 2.2 (coverage_clean,
coverage_simplify), which the game itself does not use.

    /work/venv/bin/pip install shapely
    python tools/build_mediterranean_1940.py     # writes scenarios/mediterranean_1940.yaml

The output is deterministic; edit this script (coasts, seeds, forces), not
the YAML.  Exit status 1 means a consistency check failed (printed as WARNING).

The map is made by tools/mapgen.py, as Europe 1941's at a larger scale: the
MAINLAND ring (with the BLACK_SEA hole) and ISLANDS are projected
equirectangularly (true to scale at about 38.5N) to a 1860x1010 world
(10.5W..38.5E, 28.6N..49.4N); small islands (Malta, Rhodes) are exaggerated
blobs so that they can be seen and clicked (MIN_ISLAND checks their size);
Gibraltar is carved out of Spain as a disc and the Sahara (impassable) out of
North Africa as a hand-drawn polygon.

Scenario fields beyond docs/scenario-format.md (agreed with the rules side for
seed 000): space `terrain` (incl. `track`), `factory: major|minor`, `naval_base: true`,
`home: true` (metropolitan territory), `true_neutral: true`, player `doctrines: [...]`.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import geo_coasts as coasts  # noqa: E402
import mapgen  # noqa: E402
from mapgen import Frame, blob, build_map  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "scenarios" / "mediterranean_1940.yaml"

W, H = 1860, 1010
LON0, LON1 = -10.5, 38.5
LAT0, LAT1 = 28.6, 49.4          # bottom, top
WIGGLE = 5.0                     # amplitude (world units) of meandering land borders
SIMPLIFY = 1.4                   # coverage_simplify tolerance (world units)
MIN_SHARED = 3.0                 # shared boundary length that makes an adjacency
MIN_ISLAND = 700.0               # smallest area (world units^2) of a playable space


# --------------------------------------------------------------------------
# Coastlines, (lon, lat).  Points outside the map are fine (clipped).
# --------------------------------------------------------------------------
MAINLAND = [
    # Normandy and Brittany, then on from Brest to Morocco
    (1.1, 49.93), (0.1, 49.5), (-0.3, 49.45), (-1.1, 49.45),
    (-1.25, 49.7), (-1.9, 49.7), (-1.6, 49.2), (-1.55, 48.8), (-2.0, 48.7),
    (-2.8, 48.68), (-3.5, 48.8), (-4.5, 48.66),
    *coasts.BREST_TO_MOROCCO,
    # close round the outside of the map
    (-13.0, 27.0), (40.0, 27.0), (40.0, 50.5), (1.1, 50.5),
]

BLACK_SEA = [
    *coasts.BLACK_SEA_WEST,
    # (the Sea of Azov is off the playing area: drawn as land)
    *coasts.BLACK_SEA_EAST,
]

ISLANDS = {
    "sicily": coasts.SICILY,
    "sardinia": coasts.SARDINIA,
    "corsica": coasts.CORSICA,
    "crete": [
        (23.5, 35.32), (24.0, 35.55), (24.5, 35.42), (25.15, 35.38), (25.75, 35.33),
        (26.1, 35.25), (26.3, 35.28), (26.2, 34.98), (25.75, 34.97), (25.0, 34.92),
        (24.7, 35.02), (24.0, 35.17), (23.55, 35.18),
    ],
    "cyprus": coasts.CYPRUS,
    "mallorca": [
        (2.3, 39.58), (2.75, 39.88), (3.15, 39.98), (3.48, 39.72), (3.3, 39.33),
        (2.95, 39.3), (2.72, 39.5), (2.5, 39.47),
    ],
    # Malta (with Gozo) and Rhodes, exaggerated so that they can be seen and clicked
    "malta": blob(14.45, 35.66, 0.62, 0.37, seed=1),
    "rhodes": blob(28.0, 35.98, 0.5, 0.36, seed=2),
}

# The Sahara, carved out of North Africa as an impassable space (seed 000:
# ferry missions "may cross ... the Sahara Desert", so it is otherwise closed).
SAHARA = [
    (-3.6, 27.0), (-3.6, 29.5), (-2.3, 31.4), (0.0, 32.5), (3.0, 32.9), (6.0, 33.1),
    (8.2, 32.8), (9.5, 31.9), (10.6, 30.9), (12.5, 30.25), (15.5, 29.95),
    (18.0, 29.65), (20.0, 29.55), (22.5, 29.6), (25.0, 29.6), (25.0, 27.0),
]

# --------------------------------------------------------------------------
# Territories.  seeds: (lon, lat); first seed sits in the "heart" of the space.
# label: optional (lon, lat) for the label/counter position (default: the
# pole of inaccessibility of the polygon).
# Extra fields written to the YAML: terrain, factory (major|minor),
# naval_base, home, vc, impassable.
# --------------------------------------------------------------------------
GER, UK, ITA, FRA = "germany", "united_kingdom", "italy", "france"
UNIT_CLASSES = mapgen.UnitClasses(
    land=frozenset({"infantry", "colonial_infantry", "mountain_infantry", "paratrooper", "artillery",
                    "light_armor", "armor", "mechanized_infantry", "aaa", "fortification",
                    "fortress", "supply_column"}),
    air=frozenset({"fighter", "dive_bomber", "torpedo_bomber", "transport_aircraft"}),
    sea=frozenset({"battleship", "carrier", "cruiser", "destroyer", "submarine", "naval_transport",
                   "auxiliary_cruiser"}),
    carrier_planes=frozenset({"fighter", "dive_bomber", "torpedo_bomber"}),
)

LAND = [
    # ---- Germany ------------------------------------------------------------
    dict(id="germany", name="Germany", owner=GER, value=10, factory="major", home=True, vc=False,
         air_base=True,
         seeds=[(12.5, 48.0), (15.0, 47.9), (10.0, 48.1), (13.6, 47.2), (16.2, 48.3),
                (8.6, 48.3), (11.3, 47.6)],
         label=(12.8, 48.0),
         units={GER: dict(infantry=2, armor=1, aaa=1, fighter=1, dive_bomber=1,
                          transport_aircraft=2, paratrooper=2)}),
    # metropolitan France: home, so that Germany cannot raise colonial infantry here
    dict(id="occupied_france", name="Occupied France", owner=GER, value=3, factory="minor", vc=True,
         home=True,
         seeds=[(2.3, 47.9), (4.5, 47.6), (-0.5, 47.8), (6.6, 48.0), (-3.0, 48.1), (0.8, 47.1)],
         label=(2.0, 47.9),
         units={GER: dict(infantry=4, artillery=1, light_armor=1, fighter=1)}),
    # ---- France ---------------------------------------------------------------
    dict(id="southern_france", name="Southern France", owner=FRA, value=4, factory="major",
         home=True, vc=True, terrain=["port"],
         seeds=[(1.5, 44.4), (-0.6, 44.8), (2.8, 45.7), (4.6, 45.7), (3.0, 43.6), (0.5, 46.0)],
         label=(2.3, 44.9),
         units={FRA: dict(infantry=6, colonial_infantry=1, artillery=2, armor=1, aaa=1, fighter=2)}),
    dict(id="provence", name="Provence", owner=FRA, value=2, factory="minor", naval_base=True,
         home=True, vc=True, terrain=["port"],
         seeds=[(5.9, 43.55), (4.9, 43.9), (6.8, 43.8)],
         units={FRA: dict(infantry=2, artillery=1, aaa=1)}),
    dict(id="french_alps", name="French Alps", owner=FRA, value=1, home=True, terrain=["mountain"],
         seeds=[(6.2, 45.3), (6.4, 44.5), (5.6, 46.2)],
         units={FRA: dict(mountain_infantry=2, fortification=1)}),
    dict(id="corsica", name="Corsica", owner=FRA, value=0, home=True, terrain=["mountain", "port"],
         seeds=[(9.05, 42.15)],
         units={FRA: dict(infantry=1)}),
    dict(id="algeria", name="Algeria", owner=FRA, value=2, factory="minor", naval_base=True, vc=True,
         terrain=["port"],
         seeds=[(3.0, 36.2), (0.0, 35.2), (5.8, 35.9), (3.5, 34.3), (-1.0, 33.6), (7.2, 34.5)],
         units={FRA: dict(colonial_infantry=3, infantry=1, artillery=1, fighter=1)}),
    dict(id="tunisia", name="Tunisia", owner=FRA, value=1, naval_base=True, vc=True, terrain=["port"],
         seeds=[(9.7, 36.3), (9.6, 34.6), (10.0, 33.2), (8.6, 35.6)],
         units={FRA: dict(colonial_infantry=2, infantry=2, artillery=1, fortification=1)}),
    dict(id="morocco", name="Morocco", owner=FRA, value=1, terrain=["mountain", "port"],
         seeds=[(-6.3, 33.0), (-8.5, 30.5), (-4.5, 34.3), (-5.5, 31.5), (-3.0, 33.0)],
         units={FRA: dict(colonial_infantry=2, infantry=1)}),
    dict(id="syria_lebanon", name="Syria-Lebanon", owner=FRA, value=1, terrain=["port"],
         seeds=[(36.5, 34.6), (36.8, 35.6), (37.0, 33.5), (38.0, 34.6)],
         label=(36.9, 34.6),
         units={FRA: dict(colonial_infantry=2, infantry=1)}),
    # ---- Italy ----------------------------------------------------------------
    dict(id="north_italy", name="North Italy", owner=ITA, value=5, factory="major", naval_base=True,
         home=True, vc=True, terrain=["port"],
         seeds=[(9.4, 45.3), (11.4, 45.4), (7.6, 45.0), (12.3, 46.2), (10.3, 44.6), (8.3, 44.4),
                (13.2, 45.9)],
         label=(10.2, 45.2),
         units={ITA: dict(infantry=3, mountain_infantry=2, artillery=2, light_armor=1, aaa=1,
                          fighter=1)}),
    dict(id="central_italy", name="Central Italy", owner=ITA, value=3, factory="minor", home=True,
         vc=True, terrain=["mountain"],
         seeds=[(12.5, 42.2), (11.2, 43.3), (13.4, 42.6), (12.9, 43.6), (11.6, 42.6)],
         label=(12.4, 42.6),
         units={ITA: dict(infantry=2, artillery=1, aaa=1, fighter=1)}),
    dict(id="south_italy", name="South Italy", owner=ITA, value=3, factory="minor", naval_base=True,
         home=True, vc=True, terrain=["port"],
         seeds=[(15.0, 40.9), (16.4, 40.9), (16.3, 39.1), (17.9, 40.4), (15.6, 41.6), (14.3, 41.4)],
         label=(15.6, 40.9),
         units={ITA: dict(infantry=2, artillery=1, aaa=1, dive_bomber=1, torpedo_bomber=1)}),
    dict(id="sicily", name="Sicily", owner=ITA, value=1, naval_base=True, air_base=True, home=True, vc=True,
         terrain=["port"], seeds=[(14.1, 37.6)],
         units={ITA: dict(infantry=2, fighter=1, transport_aircraft=2, paratrooper=2)}),
    dict(id="sardinia", name="Sardinia", owner=ITA, value=1, home=True, terrain=["port"],
         seeds=[(9.0, 40.1)],
         units={ITA: dict(infantry=1, torpedo_bomber=1)}),
    dict(id="albania", name="Albania", owner=ITA, value=1, vc=True, terrain=["mountain", "port"],
         seeds=[(20.0, 41.3), (20.1, 40.4)],
         units={ITA: dict(infantry=3, mountain_infantry=1, artillery=1)}),
    dict(id="dodecanese", name="Rhodes", owner=ITA, value=0, naval_base=True, terrain=["port"],
         seeds=[(28.0, 35.98)],
         units={ITA: dict(infantry=1, fighter=1)}),
    dict(id="tripolitania", name="Tripolitania", owner=ITA, value=1, naval_base=True, vc=True,
         terrain=["port"],
         seeds=[(13.0, 32.3), (11.5, 31.5), (15.0, 31.3), (17.2, 30.6)],
         label=(13.2, 31.6),
         units={ITA: dict(colonial_infantry=3, infantry=3, artillery=1)}),
    # desert tracks (seed 000 auxiliary "Fieldcraft", the interwar `tracks` rule): land
    # units entering Cyrenaica or the Western Desert stop there; the Italian supply
    # column (Supply Dump) keeps Cyrenaica and its neighbours in supply
    dict(id="cyrenaica", name="Cyrenaica", owner=ITA, value=1, terrain=["port", "track"],
         seeds=[(20.7, 32.3), (21.6, 31.0), (20.3, 30.1)],
         label=(21.0, 31.3),
         units={ITA: dict(infantry=2, colonial_infantry=1, artillery=1, light_armor=1, fighter=1,
                          supply_column=1)}),
    dict(id="tobruk", name="Tobruk", owner=ITA, value=1, naval_base=True, vc=True, terrain=["port"],
         seeds=[(23.9, 31.6), (24.0, 30.5)],
         units={ITA: dict(infantry=3, colonial_infantry=1, artillery=1, light_armor=1, fortification=1)}),
    # ---- United Kingdom (Greece fights at its side) -------------------------------
    dict(id="egypt", name="Egypt", owner=UK, value=3, factory="major", vc=True, terrain=["riverine"],
         seeds=[(31.2, 30.2), (30.9, 29.2), (31.5, 31.0)],
         label=(31.7, 29.9),        # its markers row clear of Alexandria's name
         units={UK: dict(infantry=2, colonial_infantry=2, artillery=1, armor=1, aaa=1, fighter=1)}),
    dict(id="alexandria", name="Alexandria", owner=UK, value=2, naval_base=True, vc=True,
         terrain=["port"],
         seeds=[(29.5, 30.8), (28.7, 30.5)], label=(29.0, 30.5),
         units={UK: dict(infantry=1, aaa=1, fighter=1)}),
    dict(id="western_desert", name="Western Desert", owner=UK, value=0, terrain=["track"],
         seeds=[(26.6, 30.9), (26.6, 29.4), (27.8, 30.2)], label=(26.5, 29.45),
         units={UK: dict(infantry=1, colonial_infantry=1, artillery=1, light_armor=1)}),
    dict(id="suez", name="Suez", owner=UK, value=2, terrain=["port"],
         seeds=[(33.1, 30.5), (33.6, 29.3)],
         units={UK: dict(infantry=1, aaa=1)}),
    dict(id="palestine", name="Palestine", owner=UK, value=1, naval_base=True, terrain=["port"],
         seeds=[(35.1, 31.6), (35.9, 30.3), (36.6, 32.0), (37.8, 30.8)],
         units={UK: dict(infantry=1, colonial_infantry=1)}),
    dict(id="cyprus", name="Cyprus", owner=UK, value=0, terrain=["port"],
         seeds=[(33.2, 35.05)],
         units={UK: dict(infantry=1)}),
    dict(id="malta", name="Malta", owner=UK, value=1, naval_base=True, vc=True, terrain=["port"],
         seeds=[(14.45, 35.66)],
         units={UK: dict(infantry=1, aaa=1, fighter=1, fortification=1)}),
    dict(id="gibraltar", name="Gibraltar", owner=UK, value=1, naval_base=True, vc=True,
         terrain=["port"],
         carve=((-5.3, 36.55), 23.0, "spain"),
         units={UK: dict(infantry=1, aaa=1, fortress=1)}),
    dict(id="epirus", name="Epirus", owner=UK, value=1, terrain=["mountain"],
         seeds=[(20.9, 39.6), (21.4, 40.3)],
         units={UK: dict(mountain_infantry=2, infantry=1)}),
    dict(id="macedonia", name="Macedonia", owner=UK, value=1,
         seeds=[(22.9, 40.7), (24.3, 41.1), (25.4, 41.0)],
         units={UK: dict(infantry=1)}),
    dict(id="greece", name="Greece", owner=UK, value=2, naval_base=True, vc=True,
         terrain=["mountain", "port"],
         seeds=[(22.2, 37.5), (23.5, 38.3), (22.2, 38.9)],
         units={UK: dict(infantry=2, artillery=1)}),
    dict(id="crete", name="Crete", owner=UK, value=0, terrain=["mountain", "port"],
         seeds=[(24.8, 35.25)],
         units={UK: dict(infantry=1)}),
    # ---- Neutrals (impassable) ---------------------------------------------------
    # true-neutral ports (seed 000 auxiliary cruiser "Neutral Ports", G46): friendly naval
    # bases for the auxiliary cruiser only
    dict(id="spain", name="Spain", impassable=True, true_neutral=True, naval_base=True,
         seeds=[(-3.7, 40.3), (-5.8, 42.5), (-7.8, 43.0), (-5.5, 38.0), (-2.5, 37.8),
                (-1.0, 41.8), (1.2, 41.8), (-4.4, 37.0)],
         label=(-3.7, 40.0)),
    dict(id="portugal", name="Portugal", impassable=True, true_neutral=True, naval_base=True,
         seeds=[(-8.2, 40.8), (-8.1, 38.3)]),
    dict(id="balearics", name="Balearics", impassable=True, seeds=[(2.9, 39.6)]),
    dict(id="switzerland", name="Switzerland", impassable=True, seeds=[(8.0, 46.8), (9.6, 46.7)],
         label=(8.9, 46.75)),     # clear of the French Alps' name
    dict(id="yugoslavia", name="Yugoslavia", impassable=True,
         seeds=[(18.5, 44.2), (15.0, 45.9), (20.8, 44.0), (21.6, 41.9), (19.3, 42.9), (16.5, 43.8),
                (17.5, 45.4)],
         label=(18.3, 44.3)),
    dict(id="hungary", name="Hungary", impassable=True,
         seeds=[(19.0, 47.4), (17.6, 46.9), (21.3, 47.4)]),
    dict(id="romania", name="Romania", impassable=True,
         seeds=[(24.5, 46.3), (26.0, 44.6), (23.0, 45.3), (27.0, 47.4), (22.5, 47.6), (28.3, 44.5)]),
    dict(id="bulgaria", name="Bulgaria", impassable=True,
         seeds=[(25.0, 42.7), (27.0, 43.0), (23.8, 42.0)]),
    dict(id="soviet_union", name="Soviet Union", impassable=True,
         seeds=[(31.0, 47.6), (34.5, 47.6), (34.2, 45.2), (36.5, 46.9)]),
    dict(id="turkey", name="Turkey", impassable=True, true_neutral=True, naval_base=True,
         seeds=[(32.5, 39.0), (27.4, 41.4), (29.5, 39.5), (35.5, 38.5), (29.0, 37.5),
                (33.0, 37.3), (35.5, 40.8), (36.3, 37.0), (38.0, 37.6)],
         label=(32.5, 39.0)),
    dict(id="sahara", name="Sahara", impassable=True, region=SAHARA, seeds=[],
         label=(12.0, 29.3)),
]

SEA = [
    dict(id="bay_of_biscay", name="Bay of Biscay",
         seeds=[(-5.0, 45.8), (-8.5, 44.8), (-3.8, 47.3)]),
    dict(id="eastern_atlantic", name="Eastern Atlantic",
         seeds=[(-10.0, 39.5), (-9.9, 34.0), (-10.3, 30.0), (-6.8, 36.3), (-10.2, 42.4)],
         units={GER: dict(auxiliary_cruiser=1)}),   # a commerce raider off neutral Iberia
    dict(id="alboran_sea", name="Alboran Sea", terrain=["coastal"],
         seeds=[(-3.6, 36.1), (-2.0, 35.7)],
         units={UK: dict(battleship=1, carrier=1, destroyer=1, fighter=1, torpedo_bomber=1)}),
    dict(id="balearic_sea", name="Balearic Sea",
         seeds=[(1.0, 40.1), (4.3, 40.2), (1.2, 38.6), (2.2, 40.3)], label=(5.0, 40.8)),
    dict(id="western_med", name="Western Mediterranean",
         seeds=[(3.5, 37.7), (6.3, 37.9), (0.2, 36.6), (3.6, 38.9), (7.3, 39.6)],
         units={FRA: dict(battleship=2, destroyer=1)}),
    dict(id="gulf_of_lion", name="Gulf of Lion", terrain=["coastal"],
         seeds=[(4.6, 42.7), (6.4, 42.6)], label=(4.4, 42.3),
         units={FRA: dict(cruiser=2, destroyer=1, submarine=1)}),
    dict(id="ligurian_sea", name="Ligurian Sea", terrain=["coastal"],
         seeds=[(8.6, 43.8), (9.9, 43.5), (7.5, 43.25)], label=(7.2, 42.75),
         units={ITA: dict(cruiser=1, destroyer=1)}),
    dict(id="tyrrhenian_sea", name="Tyrrhenian Sea",
         seeds=[(12.0, 40.4), (13.8, 39.4), (10.9, 41.8), (14.7, 38.7), (8.6, 41.3)],
         units={ITA: dict(battleship=1, cruiser=1, destroyer=1)}),
    dict(id="sicilian_channel", name="Sicilian Channel", terrain=["coastal"],
         seeds=[(10.3, 37.7), (11.9, 37.1), (9.5, 37.9)],
         units={FRA: dict(destroyer=1, submarine=1)}),
    dict(id="malta_channel", name="Malta Channel", terrain=["coastal"],
         seeds=[(13.9, 36.3), (15.4, 36.35), (16.1, 36.0)], label=(16.1, 36.3),
         units={ITA: dict(submarine=1)}),
    dict(id="central_med", name="Central Mediterranean",
         seeds=[(14.95, 35.45), (13.0, 34.8), (16.5, 34.2)]),
    dict(id="gulf_of_sidra", name="Gulf of Sidra", terrain=["coastal"],
         seeds=[(18.0, 31.9), (15.5, 33.0), (12.2, 33.9)],
         units={ITA: dict(naval_transport=2, destroyer=1)}),
    dict(id="ionian_sea", name="Ionian Sea",
         seeds=[(18.5, 37.8), (17.6, 35.8), (20.2, 37.2), (17.3, 39.7), (16.1, 37.3)],
         units={ITA: dict(battleship=2, cruiser=1, destroyer=1)}),
    dict(id="adriatic_sea", name="Adriatic Sea", terrain=["coastal"],
         seeds=[(15.5, 43.0), (13.3, 44.6), (18.3, 41.6), (17.0, 42.4)]),
    dict(id="aegean_sea", name="Aegean Sea", terrain=["coastal"],
         seeds=[(25.0, 38.6), (25.2, 36.5), (24.4, 40.3), (26.0, 39.6), (27.3, 36.55)]),
    dict(id="libyan_sea", name="Libyan Sea",
         seeds=[(23.5, 33.6), (21.0, 33.8), (25.5, 34.2)],
         units={UK: dict(submarine=1)}),
    dict(id="eastern_med", name="Eastern Mediterranean",
         seeds=[(28.7, 35.5), (29.0, 34.2), (31.3, 34.0), (29.8, 35.9), (32.2, 36.0)]),
    dict(id="alexandria_sea", name="Alexandria Coast", terrain=["coastal"],
         seeds=[(29.6, 32.0), (31.7, 31.9), (27.6, 31.9)], label=(30.2, 32.9),
         units={UK: dict(battleship=2, carrier=1, cruiser=1, destroyer=2, torpedo_bomber=1),
                FRA: dict(battleship=1, cruiser=1)}),
    dict(id="levant", name="Levant", terrain=["coastal"],
         seeds=[(34.3, 32.6), (35.3, 34.9)]),
    dict(id="black_sea", name="Black Sea", impassable=True,
         seeds=[(31.5, 43.5), (35.0, 43.3)]),
]

PLAYERS = [
    dict(id=GER, name="Germany", alliance="axis", color="#6b6b6b", capital="germany",
         doctrines=["airborne_operations", "mechanization"]),
    dict(id=UK, name="United Kingdom", alliance="allies", color="#c4955a", capital="egypt",
         doctrines=["mechanization"]),
    dict(id=ITA, name="Italy", alliance="axis", color="#8f8a3c", capital="central_italy",
         doctrines=["assault_tactics", "airborne_operations"]),
    dict(id=FRA, name="France", alliance="allies", color="#8a5fb5",
         color_note="violet: a blue France would read as sea", capital="algeria",
         doctrines=[]),
]

DESCRIPTION = (
    "June 1940. Paris has fallen and Italy has entered the war, but France fights on from "
    "the Midi and North Africa beside a Royal Navy that holds Gibraltar, Malta and "
    "Alexandria. Italy must seize Malta and drive from Libya (Tripolitania and Cyrenaica) on "
    "Egypt and Suez while Germany breaks the French in "
    "the south; the Allies must keep the sea lanes open and roll back Italy's African empire. "
    "Turn order: Germany, United Kingdom, Italy, France; victory at {axis} (Axis) or {allies} "
    "(Allies) of the {n} victory cities, or after round {t} to the side holding more."
)
VICTORY = {"axis": 12, "allies": 13}
TURN_LIMIT = 8
BACKGROUND = "#2b5a7e"

# Extra adjacencies that geometry cannot show.
# (the Ligurian Sea's third seed, which makes room for its name west of Corsica, cuts the
# Gulf of Lion off the Strait of Bonifacio: the crossing the map always had is kept)
EXTRA_ADJ: list[tuple[str, str]] = [("gulf_of_lion", "tyrrhenian_sea")]

# --------------------------------------------------------------------------
FRAME = Frame(W, H, LON0, LON1, LAT0, LAT1)

MUST_ADJ = [("gibraltar", "alboran_sea"), ("gibraltar", "eastern_atlantic"),
            ("malta", "malta_channel"), ("sicily", "malta_channel"), ("sicily", "tyrrhenian_sea"),
            ("sicily", "sicilian_channel"), ("south_italy", "ionian_sea"),
            ("south_italy", "tyrrhenian_sea"), ("south_italy", "adriatic_sea"),
            ("north_italy", "ligurian_sea"), ("provence", "gulf_of_lion"),
            ("alexandria", "alexandria_sea"), ("tripolitania", "gulf_of_sidra"),
            ("central_med", "gulf_of_sidra"), ("malta", "central_med"), ("sicily", "ionian_sea"),
            ("epirus", "macedonia"), ("macedonia", "aegean_sea"), ("greece", "macedonia"), ("malta_channel", "ionian_sea"),
            ("tunisia", "sicilian_channel"), ("algeria", "western_med"),
            ("albania", "epirus"), ("albania", "adriatic_sea"), ("greece", "aegean_sea"),
            ("tobruk", "western_desert"), ("western_desert", "alexandria"),
            ("alexandria", "egypt"), ("egypt", "suez"), ("suez", "palestine"),
            ("palestine", "syria_lebanon"), ("tripolitania", "tunisia"),
            ("north_italy", "french_alps"), ("north_italy", "provence"),
            ("germany", "north_italy"), ("germany", "occupied_france"),
            ("occupied_france", "southern_france"), ("dodecanese", "aegean_sea"),
            ("dodecanese", "eastern_med"), ("crete", "aegean_sea"), ("crete", "libyan_sea"),
            ("cyprus", "levant"), ("corsica", "ligurian_sea"), ("sardinia", "tyrrhenian_sea"),
            ("tobruk", "libyan_sea"), ("cyrenaica", "gulf_of_sidra")]
MUST_NOT_ADJ = [("sicily", "south_italy"), ("aegean_sea", "black_sea"), ("spain", "morocco"),
                ("corsica", "sardinia"), ("malta", "sicily"), ("gulf_of_lion", "sicilian_channel"), ("epirus", "turkey")]


SPEC = {t["id"]: t for t in LAND + SEA}


def build():
    m = build_map(FRAME, MAINLAND, LAND, SEA, holes=[BLACK_SEA], islands=ISLANDS,
                  extra_adj=EXTRA_ADJ, wiggle=WIGGLE, simplify=SIMPLIFY, min_shared=MIN_SHARED,
                  keep_sea_labels=True)
    # sea names keep off the islands and their names (Corsica, Malta, Crete, Rhodes...)
    mapgen.clear_sea_labels(m, SPEC)
    return m


def check(m):
    # (checked where a name always fits; at the fit zoom of a small window the estimate is
    # conservative and the Ligurian Sea, Gulf of Sidra... are tight: look at a screenshot)
    clashes = [f"the name of {i} covers an island or another name at zoom {s}"
               for i, s in mapgen.label_clashes(m, SPEC, scales=(1.3,))]
    return clashes + mapgen.scenario_problems(m, LAND, SEA, PLAYERS, UNIT_CLASSES, VICTORY, MUST_ADJ,
                                              MUST_NOT_ADJ, min_area=MIN_ISLAND)


def main():
    m = build()
    problems = check(m)
    resources = mapgen.income(LAND, PLAYERS)
    vcs = [t["id"] for t in LAND if t.get("vc")]
    description = DESCRIPTION.format(axis=VICTORY["axis"], allies=VICTORY["allies"], n=len(vcs),
                                     t=TURN_LIMIT)
    mapgen.write_scenario(OUT, mapgen.scenario_lines(
        m, LAND, SEA, PLAYERS, script="tools/build_mediterranean_1940.py",
        scenario_id="mediterranean_1940", title="Mediterranean 1940", ruleset="interwar",
        description=description, turn_limit=TURN_LIMIT, victory=VICTORY, resources=resources,
        size=(W, H), background=BACKGROUND,
        turn_order="Germany, United Kingdom, Italy, France (each side's powers alternate)"))
    nland = sum(1 for i in m.ids if m.kind[i] == "land")
    nplay = sum(1 for t in LAND if not t.get("impassable"))
    print(f"wrote {OUT}: {nland} land ({nplay} playable), {len(m.ids) - nland} sea spaces")
    print("income:", resources, "| victory cities:", len(vcs), vcs)
    start = {a: 0 for a in VICTORY}
    al = {p["id"]: p["alliance"] for p in PLAYERS}
    for t in LAND:
        if t.get("vc"):
            start[al[t["owner"]]] += 1
    print("victory cities held at start:", start, "needed:", VICTORY)
    npts = sorted((len(m.polys[i][0]), i) for i in m.ids)
    print("points per polygon: min", npts[0], "max", npts[-1])
    small = sorted((round(m.polys[i][1].area), i) for i in m.ids)[:6]
    print("smallest spaces:", small)
    return mapgen.report(problems)


if __name__ == "__main__":
    sys.exit(main())
