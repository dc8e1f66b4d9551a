"""What a unit's counter shows, read from the unit's data: a picture (a NATO branch
symbol for land units, a silhouette for ships and aircraft), NATO modifiers on the
branch symbol (airborne, mountain, wheeled, tracked, ...) and a short type label
("HVY", "COL", "TB") made from the unit's name.

Everything comes from the unit type (id, name, classes, abilities, domain), so a
house-rule unit gets a counter of its own without a line of Python; the label
tells apart the types whose picture and modifiers agree (Infantry, Colonial
Infantry and Heavy Infantry are all an infantry cross).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pygame

from game.rules.model import UnitType


@dataclass(frozen=True)
class Mark:
    kind: str                   # the picture (see counters.py and draw_nato)
    mods: tuple[str, ...] = ()  # NATO modifiers on a land unit's frame, drawing order
    label: str = ""             # a short type label, "" when none fits


LAND_KINDS = ("infantry", "armour", "artillery", "aa", "anti_tank", "cavalry", "engineer", "supply",
              "hq", "police", "lift", "fort", "factory", "unit")
LAND_MODS = ("tracked", "wheeled", "airborne", "glider", "mountain", "amphibious", "recon", "ski",
             "anti_tank", "engineer", "rocket", "coastal_gun")

_CACHE: dict[tuple, Mark] = {}


def _tokens(ut: UnitType) -> set[str]:
    """The words of the unit's id, name and classes, lower case."""
    words = set(ut.id.lower().split("_")) | set(ut.classes)
    words |= set(re.findall(r"[a-z]+", _plain_name(ut.name).split("/")[0].lower()))
    return words


def _plain_name(name: str) -> str:
    """The name without a rules reference: 'Cavalry brigade (15.H)' -> 'Cavalry brigade'."""
    return re.sub(r"\s*\(.*?\)", "", name).strip()


_BY_TYPE: dict[int, tuple[UnitType, Mark]] = {}   # id(type) -> (type, marks): every frame asks


def mark_of(ut: UnitType) -> Mark:
    """The counter marks of a unit type (cached per type object, then per type's data)."""
    hit_obj = _BY_TYPE.get(id(ut))
    if hit_obj is not None and hit_obj[0] is ut:
        return hit_obj[1]
    if len(_BY_TYPE) > 4000:
        _BY_TYPE.clear()
    mark = _mark_of(ut)
    _BY_TYPE[id(ut)] = (ut, mark)
    return mark


def _mark_of(ut: UnitType) -> Mark:
    key = (ut.id, ut.name, ut.domain, ut.classes, tuple(a.name for a in ut.abilities), ut.move_class)
    hit = _CACHE.get(key)
    if hit is None:
        kind = _kind(ut)
        mods = _land_mods(ut, kind) if ut.domain in ("land", "static") else ()
        hit = _CACHE[key] = Mark(kind, mods, label_of(ut, kind))
    return hit


def _kind(ut: UnitType) -> str:
    from .counters import symbol_kind
    t = _tokens(ut)
    if ut.domain == "air":
        if t & {"helicopter", "heli", "helo", "rotor"}:
            return "helicopter"
        return symbol_kind(ut.id, "air") if ut.id.lower() != "unit" else "fighter"
    if ut.domain == "sea":
        if t & {"frigate", "corvette", "escort"} and not ut.has("carrier"):
            return "frigate"
        if ut.has("transport") and t & {"amphibious", "assault", "landing"}:
            return "amphibious"
        kind = symbol_kind(ut.id, "sea")
        if kind == "ship":   # an unknown id: the role from the abilities
            if ut.has("carrier"):
                return "carrier"
            if ut.has("submersible"):
                return "submarine"
            if ut.has("transport"):
                return "transport"
            if ut.has("capital_ship") or "capital_ship" in ut.classes:
                return "battleship"
            return "destroyer" if ut.attack >= 2 else "ship"
        return kind
    if ut.domain == "static" or ut.has("fortifies"):
        return "fort" if ut.has("fortifies") or t & {"fort", "fortress", "fortification"} else "factory"
    return _land_kind(ut, t)


def _land_kind(ut: UnitType, t: set[str]) -> str:
    abil = {a.name for a in ut.abilities}
    if "hq" in t:
        return "hq"
    if t & {"supply", "depot", "truck", "wagon"} or abil & {"supply_source", "supply_dump"}:
        return "supply"
    if "movement_counter" in abil:
        return "lift"
    if t & {"aa", "aaa", "flak"} or "anti_aircraft" in abil or "aa" in abil:
        return "aa"
    armoured = bool(t & {"armour", "armor", "armored", "armoured", "tank", "tanks"} - {"anti"})
    if "anti_tank" in t or ("anti" in t and "tank" in t):
        if not armoured or "anti" in t and not t & {"armour", "armor", "armored", "armoured"}:
            return "anti_tank"
    if t & {"artillery", "mortar", "towed_artillery", "gun", "howitzer"} and "machine" not in t:
        return "artillery"
    if "infantry" in t and not t & {"tank", "tanks"}:
        return "infantry"   # mechanized infantry: the cross, tracked
    if armoured or "lav" in t:
        return "armour"
    if "engineer" in t or "builds" in abil:
        return "engineer"
    if "cavalry" in t:
        return "cavalry"
    if "police" in t:
        return "police"
    if t & {"infantry", "infantry_type", "militia", "marine", "paratrooper", "para", "commando", "troops",
            "forces", "guard", "auxiliary", "garrison", "reserve", "ski", "alarm", "regiment"}:
        return "infantry"
    return "infantry" if ut.attack + ut.defense > 0 else "unit"


def _land_mods(ut: UnitType, kind: str) -> tuple[str, ...]:
    t = _tokens(ut)
    abil = {a.name for a in ut.abilities}
    mods: list[str] = []
    wheeled = bool(t & {"motorized", "motorised", "truck", "wagon", "lav"} or "tows" in abil)
    if kind in ("infantry", "artillery", "engineer", "cavalry", "hq") and (
            t & {"mech", "mechanized", "armour", "armor", "self", "propelled"}
            or ("blitz_with" in abil and not wheeled)):
        mods.append("tracked")
    elif kind not in ("armour", "lift") and wheeled:
        mods.append("wheeled")
    elif kind == "armour" and t & {"car", "lav", "wheeled"}:
        mods.append("wheeled")
    if "glider" in t:
        mods.append("glider")
    elif t & {"para", "paratrooper", "parachute", "airborne"} or abil & {"airdroppable", "air_droppable",
                                                                          "self_airlift"}:
        mods.append("airborne")
    if "mountain" in t:
        mods.append("mountain")
    if t & {"marine", "marines", "amphibious", "lvt"} or abil & {"no_amphibious_penalty", "amphibious"}:
        mods.append("amphibious")
    if kind not in ("cavalry",) and (t & {"recon", "reconnaissance"} or abil & {"reconnaissance", "recon_examine"}):
        mods.append("recon")
    if "ski" in t:
        mods.append("ski")
    if kind == "armour" and ("anti_tank" in t or "destroyer" in t):
        mods.append("anti_tank")
    if kind in ("armour", "artillery") and "engineer" in t:
        mods.append("engineer")
    if "rocket" in t:
        mods.append("rocket")
    if kind == "fort" and "coastal_artillery" in abil:
        mods.append("coastal_gun")
    return tuple(mods)


# --- the short type label ----------------------------------------------------------------
ABBR = {
    "infantry": "INF", "heavy": "HVY", "light": "LT", "medium": "MED", "mountain": "MTN", "colonial": "COL",
    "auxiliary": "AUX", "paratrooper": "PARA", "paratroopers": "PARA", "parachute": "PARA", "marine": "MAR",
    "marines": "MAR", "engineer": "ENG", "engineers": "ENG", "cavalry": "CAV", "armor": "ARM", "armour": "ARM",
    "armored": "ARM", "armoured": "ARM", "motorized": "MOT", "motorised": "MOT", "mechanized": "MECH",
    "mechanised": "MECH", "mech": "MECH", "artillery": "ART", "anti-tank": "AT", "antitank": "AT",
    "anti-aircraft": "AA", "self-propelled": "SP", "supply": "SUP", "column": "CLM", "fighter": "FTR",
    "bomber": "BMR", "torpedo": "TORP", "dive": "DIVE", "strategic": "STRAT", "tactical": "TAC",
    "transport": "TPT", "airship": "AIRSHIP", "battleship": "BB", "dreadnaught": "DN", "dreadnought": "DN",
    "battlecruiser": "BC", "cruiser": "CR", "destroyer": "DD", "frigate": "FF", "submarine": "SUB",
    "carrier": "CV", "escort": "ESC", "coastal": "CST", "coast": "CST", "fast": "FAST", "defense": "DEF",
    "defence": "DEF", "fortification": "FORT", "fortress": "FORT", "helicopter": "HELO", "special": "SPEC",
    "forces": "F", "garrison": "GAR", "alarm": "ALRM", "training": "TRG", "reserve": "RES", "police": "POL",
    "political": "POLIT", "security": "SEC", "depot": "DEP", "major": "MAJ", "minor": "MIN", "command": "CMD",
    "divisional": "DIV", "army": "ARMY", "construction": "CONST", "railroad": "RR", "railway": "RR",
    "port": "PORT", "assault": "ASLT", "combat": "CBT", "siege": "SIEGE", "rocket": "RKT", "field": "FLD",
    "mortar": "MORT", "machine": "MG", "ski": "SKI", "naval": "NAV", "troops": "TPS", "woodsman": "WOOD",
    "static": "STAT", "mixed": "MIX", "truck": "TRUCK", "wagon": "WAGON", "glider": "GLDR", "commando": "CDO",
    "border": "BDR", "guard": "GD", "high": "HI", "elite": "ELITE", "militia": "MIL", "position": "POS",
    "amphibious": "AMPH", "tank": "TK", "tanks": "TK", "gun": "GUN", "troopship": "TRP", "boat": "BOAT",
    "aircraft": "AC", "air": "AIR", "landing": "LDG", "airborne": "ABN", "factory": "IC", "aa": "AA",
    "aaa": "AAA", "car": "CAR", "lav": "LAV", "hq": "HQ", "apc": "APC", "lvt": "LVT", "counter": "",
}
# words the picture already says, dropped from the label when others remain
_SHOWN = {
    "infantry": {"infantry"}, "armour": {"armor", "armour", "armored", "armoured", "tank", "tanks"},
    "artillery": {"artillery", "gun"}, "aa": {"aa", "aaa", "anti-aircraft", "artillery", "gun"},
    "anti_tank": {"anti-tank", "gun"}, "cavalry": {"cavalry"}, "engineer": {"engineer", "engineers"},
    "supply": {"supply", "depot"}, "hq": {"hq"}, "police": {"police"}, "fort": set(),
    "fighter": {"fighter"}, "tactical": {"bomber"}, "strategic": {"bomber"}, "dive": {"bomber"},
    "torpedo": {"bomber"}, "airlift": {"transport", "aircraft"}, "helicopter": {"helicopter"},
    "battleship": {"battleship"}, "cruiser": {"cruiser"}, "destroyer": {"destroyer"},
    "submarine": {"submarine"}, "carrier": {"carrier", "aircraft"}, "transport": {"transport"},
    "frigate": {"frigate"}, "amphibious": {"ship"}, "ship": {"ship"},
}
_FILLER = {"unit", "units", "counter", "regiment", "battalion", "brigade", "division", "company", "of", "the",
           "and", "ship"}
LABEL_MAX = 7   # characters: what fits on a counter at the roster's size


# phrases with a label of their own (checked before single words)
PHRASES = {"amphibious assault": "LHA", "torpedo boat": "TB", "special forces": "SF", "coast defense": "CD",
           "light armored vehicle": "LAV", "light armoured vehicle": "LAV", "self-propelled": "SP",
           "machine gun": "MG", "aircraft carrier": "CV", "escort carrier": "CVE", "fast battleship": "FBB",
           "construction unit": "CU"}


def label_of(ut: UnitType, kind: str = "") -> str:
    """A short type label from the unit's name: the words the picture does not show,
    abbreviated ('Heavy Infantry' -> 'HVY', 'Torpedo Boat Destroyer' -> 'TB'), or the
    name's first word abbreviated when the picture says it all ('Infantry' -> 'INF',
    'Anti-aircraft Artillery' -> 'AA')."""
    name = _plain_name(ut.name).split("/")[0].lower()
    for phrase, short in PHRASES.items():
        name = name.replace(phrase, f"={short.lower()}")
    words = [w for w in re.findall(r"=?[a-z0-9][a-z0-9-]*", name)]
    shown = _SHOWN.get(kind or _kind(ut), set())
    rest = [w for w in words if w not in shown and w not in _FILLER]
    if not rest:
        rest = [w for w in words if w not in _FILLER][:1] or words[:1]
    parts = [p for p in (_abbr(w) for w in rest) if p]
    label = " ".join(parts)
    if len(label) > LABEL_MAX:
        label = "".join(p[0] for p in parts)
    return label[:LABEL_MAX]


def _abbr(word: str) -> str:
    if word.startswith("="):   # a phrase's label
        return word[1:].upper()
    if word in ABBR:
        return ABBR[word]
    if "-" in word:   # 'half-track' -> 'HT'
        return "".join(p[:1] for p in word.split("-") if p).upper()
    return word.upper() if len(word) <= 4 else word[:4].upper()


# --- drawing the NATO branch symbol -------------------------------------------------------
def draw_nato(s: pygame.Surface, box: pygame.Rect, ink: tuple[int, ...], kind: str,
              mods: tuple[str, ...], lw: int) -> None:
    """The branch symbol and its modifiers inside a NATO frame `box` (the frame itself is
    drawn by the caller). Wheels sit just under the frame, so leave room below it."""
    inner = box.inflate(-lw * 2, -lw * 2)
    _branch(s, inner, ink, kind, lw)
    for m in mods:
        _modifier(s, box, inner, ink, m, lw)


def _oval(s: pygame.Surface, inner: pygame.Rect, ink: tuple[int, ...], lw: int, w: float = 0.74,
          h: float = 0.6) -> None:
    e = pygame.Rect(0, 0, inner.w * w, inner.h * h)
    e.center = inner.center
    pygame.draw.ellipse(s, ink, e, width=lw)


def _branch(s: pygame.Surface, inner: pygame.Rect, ink: tuple[int, ...], kind: str, lw: int) -> None:
    cx, cy = inner.center
    if kind == "infantry":
        pygame.draw.line(s, ink, inner.topleft, inner.bottomright, lw)
        pygame.draw.line(s, ink, inner.bottomleft, inner.topright, lw)
    elif kind == "armour":
        _oval(s, inner, ink, lw)
    elif kind == "artillery":
        pygame.draw.circle(s, ink, (cx, cy), max(2, int(inner.h * 0.2)))
    elif kind == "aa":
        arc = pygame.Rect(0, 0, inner.w * 0.8, inner.h * 1.3)
        arc.midtop = (cx, int(inner.top + inner.h * 0.35))
        pygame.draw.arc(s, ink, arc, 0, math.pi, lw)
        pygame.draw.circle(s, ink, (cx, int(inner.bottom - inner.h * 0.25)), max(1, int(inner.h * 0.15)))
    elif kind == "anti_tank":
        _anti_tank(s, inner, ink, lw)
    elif kind == "cavalry":
        pygame.draw.line(s, ink, inner.bottomleft, inner.topright, lw)
    elif kind == "engineer":
        _bridge(s, inner, ink, lw, 1.0)
    elif kind == "supply":
        y = inner.bottom - inner.h * 0.3
        pygame.draw.line(s, ink, (inner.left, y), (inner.right, y), lw)
    elif kind == "hq":
        pygame.draw.line(s, ink, (inner.left, cy), (inner.right, cy), lw)
        _letters(s, "HQ", (cx, inner.top + inner.h * 0.27), inner.h * 0.5, ink)
    elif kind == "police":
        _letters(s, "MP", (cx, cy), inner.h * 0.62, ink)
    elif kind == "lift":   # a movement counter: an empty frame on wheels, a load line
        y = inner.top + inner.h * 0.35
        pygame.draw.line(s, ink, (inner.left + inner.w * 0.15, y), (inner.right - inner.w * 0.15, y), lw)
    elif kind == "fort":
        _wall(s, inner, ink)
    elif kind == "factory":
        pts = [(inner.left, inner.bottom), (inner.left, cy), (cx - inner.w * 0.15, inner.top + inner.h * 0.3),
               (cx - inner.w * 0.15, cy), (cx + inner.w * 0.15, inner.top + inner.h * 0.3),
               (cx + inner.w * 0.15, cy), (inner.right, inner.top), (inner.right, inner.bottom)]
        pygame.draw.polygon(s, ink, pts)


def _modifier(s: pygame.Surface, box: pygame.Rect, inner: pygame.Rect, ink: tuple[int, ...], m: str,
              lw: int) -> None:
    cx = inner.centerx
    if m == "tracked":
        _oval(s, inner, ink, lw, 0.7, 0.5)
    elif m == "wheeled":   # two wheels under the frame
        r = max(1, int(box.h * 0.1))
        for x in (box.left + box.w * 0.3, box.right - box.w * 0.3):
            pygame.draw.circle(s, ink, (int(x), box.bottom + r + 1), r, width=max(1, lw))
    elif m == "airborne":   # a canopy at the top
        arc = pygame.Rect(0, 0, inner.w * 0.44, inner.h * 0.5)
        arc.midtop = (cx, inner.top + lw)
        pygame.draw.arc(s, ink, arc, 0, math.pi, lw)
    elif m == "glider":   # a wing at the top
        y = inner.top + inner.h * 0.18
        pygame.draw.line(s, ink, (inner.left + inner.w * 0.2, y), (inner.right - inner.w * 0.2, y), lw + 1)
    elif m == "mountain":   # a peak on the bottom edge
        pts = [(cx - inner.w * 0.17, inner.bottom), (cx, inner.bottom - inner.h * 0.42),
               (cx + inner.w * 0.17, inner.bottom)]
        pygame.draw.polygon(s, ink, pts)
    elif m == "amphibious":   # a wave along the bottom
        y = inner.bottom - inner.h * 0.14
        pts = [(inner.left + inner.w * k / 8, y + (inner.h * 0.12 if k % 2 else 0)) for k in range(9)]
        pygame.draw.lines(s, ink, False, pts, lw)
    elif m == "recon":
        pygame.draw.line(s, ink, inner.bottomleft, inner.topright, lw)
    elif m == "ski":   # two skis under the frame's bottom edge, tips up
        for dx in (-0.16, 0.16):
            x0 = cx + inner.w * dx - inner.w * 0.12
            y = inner.bottom - inner.h * 0.1
            pygame.draw.lines(s, ink, False, [(x0, y), (x0 + inner.w * 0.22, y),
                                              (x0 + inner.w * 0.26, y - inner.h * 0.12)], lw)
    elif m == "anti_tank":
        _anti_tank(s, inner, ink, lw)
    elif m == "engineer":
        small = inner.inflate(-inner.w * 0.5, -inner.h * 0.45)
        small.midbottom = (cx, inner.bottom)
        _bridge(s, small, ink, lw, 1.0)
    elif m == "coastal_gun":   # a gun barrel over the wall, pointing out to sea
        pygame.draw.line(s, ink, (cx, inner.top + inner.h * 0.45), (inner.right, inner.top - inner.h * 0.1), lw + 1)
    elif m == "rocket":   # an arrow up beside the gun's dot
        x = inner.right - inner.w * 0.14
        pygame.draw.line(s, ink, (x, inner.bottom - 1), (x, inner.top + inner.h * 0.2), lw)
        pygame.draw.polygon(s, ink, [(x - inner.w * 0.07, inner.top + inner.h * 0.3), (x, inner.top),
                                     (x + inner.w * 0.07, inner.top + inner.h * 0.3)])


def _anti_tank(s: pygame.Surface, inner: pygame.Rect, ink: tuple[int, ...], lw: int) -> None:
    pygame.draw.line(s, ink, inner.bottomleft, (inner.centerx, inner.top), lw)
    pygame.draw.line(s, ink, (inner.centerx, inner.top), inner.bottomright, lw)


def _bridge(s: pygame.Surface, r: pygame.Rect, ink: tuple[int, ...], lw: int, scale: float) -> None:
    """The NATO engineer's mark, an 'E' on its back."""
    e = r.inflate(-r.w * 0.36 * scale, -r.h * 0.4 * scale)
    pygame.draw.lines(s, ink, False, [e.bottomleft, e.topleft, e.topright, e.bottomright], lw)
    pygame.draw.line(s, ink, (e.centerx, e.top), (e.centerx, e.bottom), lw)


def _wall(s: pygame.Surface, inner: pygame.Rect, ink: tuple[int, ...]) -> None:
    """A crenellated wall."""
    base = inner.bottom - inner.h * 0.1
    top = inner.top + inner.h * 0.3
    x0, x1 = inner.left + inner.w * 0.12, inner.right - inner.w * 0.12
    pts = [(x0, base), (x0, inner.top + inner.h * 0.12)]
    n = 5
    for k in range(n):
        xa = x0 + (x1 - x0) * k / n
        xb = x0 + (x1 - x0) * (k + 1) / n
        y = inner.top + inner.h * 0.12 if k % 2 == 0 else top
        pts += [(xa, y), (xb, y)]
    pts += [(x1, inner.top + inner.h * 0.12), (x1, base)]
    pygame.draw.polygon(s, ink, pts)


def _letters(s: pygame.Surface, text: str, center: tuple[float, float], height: float,
             ink: tuple[int, ...]) -> None:
    from . import theme
    theme.text(s, text, center, max(7, int(height)), ink, anchor="center", bold=True)
