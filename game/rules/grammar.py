"""Subject-verb agreement for names in log and interface texts.

TripleA scenarios name players in the plural ("Germans", "Russians") and alliances too
("Allies"): "Germans win the battle", not "Germans wins". A player's scenario field
`plural: true/false` overrides the guess made from the name."""
from __future__ import annotations

from .model import PlayerDef, Scenario

# country names that end like plurals but take a singular verb
_SINGULAR_NAMES = {"united states", "united states of america", "netherlands", "philippines",
                   "bahamas", "soviet socialist republics"}
_SINGULAR_ENDINGS = tuple(f" {n}" for n in sorted(_SINGULAR_NAMES))   # "... United States"
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}


def is_plural(name: str) -> bool:
    """A guess from the name: 'Germans', 'Allies', 'Chinese', 'Germans and Italians' are plural;
    'Germany', 'Axis', 'United States' are not."""
    low = name.strip().lower()
    if " and " in low:
        return True
    if not low or low in _SINGULAR_NAMES or low.endswith(_SINGULAR_ENDINGS):
        return False
    if " " not in low and low.endswith(("ese", "ish", "ench", "utch")):
        return True  # nationality nouns: Chinese, Japanese, British, French, Dutch
    return low.endswith("s") and not low.endswith(("ss", "us", "is", "os"))


def verb(third_singular: str, plural: bool) -> str:
    """'wins' -> 'win' for a plural subject; unchanged for a singular one."""
    if not plural:
        return third_singular
    if third_singular in _IRREGULAR:
        return _IRREGULAR[third_singular]
    if third_singular.endswith("ies") and len(third_singular) > 4:
        return third_singular[:-3] + "y"
    if third_singular.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return third_singular[:-2]
    return third_singular[:-1] if third_singular.endswith("s") else third_singular


def says(name: str, third_singular: str, plural: bool | None = None) -> str:
    """'Germans win', 'Germany wins' (plural None: guessed from the name)."""
    return f"{name} {verb(third_singular, is_plural(name) if plural is None else plural)}"


def player_plural(p: PlayerDef) -> bool:
    return is_plural(p.name) if p.plural is None else p.plural


def player_says(scenario: Scenario, pid: str, third_singular: str) -> str:
    """The player's name and the verb agreeing with it: 'Russians take'."""
    p = scenario.player(pid)
    return f"{p.name} {verb(third_singular, player_plural(p))}"


def name_plural(scenario: Scenario, name: str) -> bool:
    """Whether a displayed name takes a plural verb: a player's (its `plural` field or
    the guess), several joined with ', ' or ' and ', or a guess from the text."""
    for p in scenario.players:
        if p.name == name:
            return player_plural(p)
    return ", " in name or is_plural(name)


def phrase(text: str, plural: bool) -> str:
    """A verb phrase agreeing with its subject: 'fires' -> 'fire', 'chooses casualties'
    -> 'choose casualties'."""
    first, _, rest = text.partition(" ")
    return verb(first, plural) + (f" {rest}" if rest else "")


def names_say(scenario: Scenario, pids: list[str] | tuple[str, ...], third_singular: str,
              default: str = "Defender") -> str:
    """Several players joined with 'and' (plural), or one: 'Germans and Italians hold'."""
    if len(pids) == 1:
        return player_says(scenario, pids[0], third_singular)
    name = " and ".join(scenario.player(p).name for p in pids) or default
    return f"{name} {verb(third_singular, len(pids) > 1)}"
