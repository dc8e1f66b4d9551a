"""TripleA names onto Warboard ids: the g40 unit, industrial complex, base or power a
TripleA name stands for (looked up by `norm`), and the id a territory, player or unit
name becomes (`slug`). Pure (no pygame).
"""
from __future__ import annotations

import re

# TripleA unit names (lower case, letters and digits only) -> g40 unit id
G40_UNITS = {
    "infantry": "infantry", "inf": "infantry",
    "artillery": "artillery", "art": "artillery",
    "armour": "armour", "armor": "armour", "tank": "armour", "tanks": "armour",
    "mechinfantry": "mech_infantry", "mechanizedinfantry": "mech_infantry", "mechinf": "mech_infantry",
    "fighter": "fighter",
    "tacticalbomber": "tactical_bomber", "tacbomber": "tactical_bomber",
    "bomber": "strategic_bomber", "strategicbomber": "strategic_bomber",
    "transport": "transport",
    "submarine": "submarine", "sub": "submarine",
    "destroyer": "destroyer",
    "cruiser": "cruiser",
    "carrier": "carrier", "aircraftcarrier": "carrier",
    "battleship": "battleship",
    "aagun": "aaa", "aa": "aaa", "aaa": "aaa", "antiaircraft": "aaa",
}
# TripleA unit names that are industrial complexes (a space's `factory`, not a unit)
FACTORIES = {"factory": "major", "factorymajor": "major", "industrialcomplex": "major",
             "factoryminor": "minor", "minorfactory": "minor", "factoryupgrade": "major"}
# TripleA unit names that are G40 bases (a space's `air_base` / `naval_base`, not a unit)
BASES = {"airfield": "air_base", "airbase": "air_base", "harbour": "naval_base",
         "harbor": "naval_base", "navalbase": "naval_base"}
# TripleA nation names -> the g40 power (seed 002 limits)
POWERS = {"germans": "germany", "germany": "germany", "russians": "russia", "russia": "russia",
          "soviets": "russia", "sovietunion": "russia", "ussr": "russia",
          "british": "united_kingdom", "uk": "united_kingdom", "unitedkingdom": "united_kingdom",
          "ukeurope": "united_kingdom", "japanese": "japan", "japan": "japan",
          "americans": "usa", "usa": "usa", "unitedstates": "usa", "italians": "italy",
          "italy": "italy"}


def norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "x"
    m = re.match(r"^(\d+)_(.+)$", s)   # "54 Sea Zone" -> sea_zone_54
    if m:
        s = f"{m.group(2)}_{m.group(1)}"
    if s[0].isdigit():
        s = f"t_{s}"
    return s


# TripleA's G40 neutral "players" -> what a player of the board game calls them
NEUTRAL_TITLES = {"neutralaxis": "Pro-Axis neutrals", "neutralallies": "Pro-Allied neutrals",
                  "neutraltrue": "True neutrals"}
# words of TripleA's political action names that read better otherwise
ACTION_WORDS = {"to": "to", "war": "war", "with": "with", "and": "and",
                "trueneutrals": "the true neutrals", "trueneutral": "the true neutrals"}


def player_title(name: str) -> str:
    """The name a player reads for TripleA player `name`: "UK_Pacific" -> "UK Pacific",
    "Neutral_Axis" -> "Pro-Axis neutrals"."""
    return NEUTRAL_TITLES.get(norm(name)) or name.replace("_", " ").strip()


def action_title(name: str) -> str:
    """A political action's name as a sentence: "Axis To War With TrueNeutrals" ->
    "Axis to war with the true neutrals" (player names keep their capitals)."""
    words = name.replace("_", " ").split()
    return " ".join(ACTION_WORDS.get(norm(w), w) if i else w for i, w in enumerate(words))
