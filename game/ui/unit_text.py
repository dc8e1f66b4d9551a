"""A unit type in sentences, for tooltips and the unit card (issue #44 item 5): "Attacks
at 1, defends at 2, moves 1. Rolls 2 dice. Attacks at 2 with artillery beside it (one
artillery each)." Generated from the unit's values and abilities (ruleset data), so a
house-rules unit reads as well as a shipped one: an ability without a sentence of its own
is told by the first sentence of its definition's docstring."""
from __future__ import annotations

import inspect
from typing import Any

from game.rules.model import Ruleset, UnitType


def names(rs: Ruleset, refs: Any, plural: bool = False) -> str:
    """Unit ids or classes as words: 'artillery', 'infantry or armor'."""
    out = []
    for r in refs or ():
        ut = rs.units.get(r)
        word = ut.name.lower() if ut is not None else str(r).replace("_", " ")
        out.append(word + ("s" if plural and ut is not None and not word.endswith(("s", "y", "or", "our")) else ""))
    if len(out) > 1:
        return ", ".join(out[:-1]) + " or " + out[-1]
    return out[0] if out else ""


def _roles(on: Any) -> str:
    on = tuple(on or ())
    if set(on) >= {"attack", "defense"}:
        return "attacks and defends"
    return "defends" if on == ("defense",) else "attacks"


def _words(items: Any) -> str:
    return " or ".join(str(x).replace("_", " ") for x in items or ())


def _rounds(rounds: Any) -> str:
    rounds = tuple(rounds or ())
    if not rounds:
        return ""
    return " in round " + " and ".join(str(r) for r in rounds)


def base_sentence(ut: UnitType) -> str:
    """'Attacks at 1, defends at 2, moves 1.' (a static unit: no move)."""
    parts = []
    parts.append(f"attacks at {ut.attack}" if ut.attack else "does not attack")
    parts.append(f"defends at {ut.defense}" if ut.defense else "does not defend")
    if ut.move:
        parts.append(f"moves {ut.move}")
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + "."


def ability_sentence(rs: Ruleset, ut: UnitType, ab: Any) -> str:
    """One ability as a sentence ('' for one the values already say)."""
    n = ab.name
    p = ab.params() if hasattr(ab, "params") else {}
    if n == "supported_by":
        value = ut.attack if "attack" in ab.on and "defense" not in ab.on else ut.defense
        return (f"{_roles(ab.on).capitalize()} at {value + ab.bonus} with {names(rs, ab.units)} "
                f"beside it (one {names(rs, ab.units)} each).")
    if n == "extra_dice":
        return f"Rolls {ab.count} dice."
    if n == "first_strike":
        unless = f" unless the enemy has a {names(rs, ab.canceled_by)}" if ab.canceled_by else ""
        return f"Fires first{_rounds(ab.rounds)}: its casualties do not fire back{unless}."
    if n == "anti_aircraft":
        return (f"Defending, fires at up to {ab.shots} attacking {_words(ab.targets)} units "
                f"before the battle, hitting at {ab.value}.")
    if n == "cannot_hit":
        return f"Its hits cannot be taken by {_words(ab.domains)} units."
    if n == "evades_air":
        unless = f" unless they have a {names(rs, ab.unless_enemy_has)}" if ab.unless_enemy_has else ""
        return f"Aircraft cannot hit it{unless}."
    if n == "blitz":
        return "May move through an empty enemy territory, taking it, and go on (blitz)."
    if n == "transport":
        what = names(rs, ab.units, plural=True) or f"{_words(ab.domains)} units"
        return f"Carries {what} (capacity {ab.capacity})."
    if n == "carrier":
        return f"Aircraft may land on it (capacity {ab.capacity})."
    if n == "defenseless":
        return "Cannot fire; lost only when nothing else can be, and when left alone."
    if n == "bombard":
        return f"Bombards the shore in an amphibious assault, at {ab.value or ut.attack}."
    if n == "cannot_capture":
        return "Cannot take a territory."
    if n == "value_against":
        what = names(rs, ab.targets) or f"{_words(ab.domains)} units"
        parts = [f"{'attacks' if r == 'attack' else 'defends'} at {v}"
                 for r, v in (("attack", ab.attack), ("defense", ab.defense)) if v]
        return (" and ".join(parts).capitalize() + f" against {what}.") if parts else ""
    if n == "modifier":
        return modifier_sentence(rs, ab)
    if n == "purchase_limit":
        return f"At most {ab.per_turn} bought per turn." if ab.per_turn else ""
    if n == "max_per_space":
        return f"At most {ab.count} in a territory (per {ab.per})."
    if n == "submersible":
        return "May submerge, leaving the battle, whenever it could roll."
    if n == "chooses_casualty":
        return f"Its hits are assigned by its owner, to {_words(ab.domains)} units."
    if n in FIXED:
        return FIXED[n]
    if n == "placed_at":
        from game.rules.zone.production import placed_at_text
        return placed_at_text(ab).capitalize() + "."
    if n == "requires_doctrine":
        return f"Bought only with the doctrine {ab.doctrine.replace('_', ' ').title()}."
    if n == "self_airlift":
        return f"Flies itself into an attack (paratrooper): {ab.air_move} spaces by air."
    if n == "max_on_board":
        return "At most " + ", ".join(f"{k} for {pw.replace('_', ' ').title()}" for pw, k in ab.limits) \
            + " on the board."
    if n == "fortifies":
        return f"Gives defending {names(rs, ab.units, plural=True)} +{ab.bonus}."
    if n == "withdraws":
        return f"May withdraw from a battle after round {ab.after_round}."
    if n == "escorts":
        return f"Escorts {names(rs, ab.units, plural=True)}: they are hit only after it."
    if n == "air_transport":
        return f"Flies {names(rs, ab.units, plural=True)} (capacity {ab.capacity})."
    if n == "defends_only_against":
        return f"Defends only against {_words(ab.domains)} units."
    if n == "tows":
        return f"Tows {names(rs, ab.units)} moving with it: {ab.move} spaces (one each)."
    if n == "blitz_with":
        return f"Blitzes together with {names(rs, ab.units, plural=True)} (one each)."
    if n == "coastal_artillery":
        return (f"Once a turn fires {ab.dice} dice at enemy ships in a bordering sea zone, "
                f"hitting at {ab.value or ut.defense}.")
    if n == "reconnaissance":
        return f"Lets its side reroll {ab.rerolls} die of its {names(rs, ab.dice_of, plural=True)} each round."
    if n == "fleet_air_defense":
        return (f"Defending against aircraft with no {names(rs, ab.unless_friendly) or 'carrier'} beside it, "
                f"defends at -{ab.penalty}.")
    if n == "gun_director":
        return f"In a fleet without a carrier, the fleet defends against aircraft at -{ab.penalty} only."
    if n == "interceptable":
        return "Enemy anti-aircraft guns and fighters fire at it on its flight."
    if n == "bombing_raid":
        what = " or ".join(rs.facilities[t].name for t in ab.targets if t in rs.facilities) \
            or "facility (an industrial complex or a base)"
        return (f"May raid an enemy {what} instead of attacking: past the air battle and the "
                f"facility's anti-aircraft fire, it does a die{f' + {ab.bonus}' if ab.bonus else ''} damage.")
    if n == "air_battle":
        parts = [f"fires at {ab.attack} as a raider" + (" or an escort" if ab.escorts else "")] if ab.attack else []
        if ab.intercepts and ab.defense:
            parts.append(f"at {ab.defense} intercepting a raid on its territory")
        return ("In the air battle before a bombing raid it " + " and ".join(parts) + ".") if parts else ""
    return _from_doc(n, ab, p)


def modifier_sentence(rs: Ruleset, ab: Any) -> str:
    """'Attacks and defends at +1 in mountain.', 'Attacks at 2 in round 1 when airborne.'"""
    value = str(ab.amount) if ab.replaces else ab.value
    where = f" in {_words(ab.terrain)}" if ab.terrain else ""
    when = f" when {_words(ab.when)}" if ab.when else ""
    unless = f" unless {_words(ab.not_in)}" if ab.not_in else ""
    alone = (f"{' and' if when else ' when'} only {names(rs, ab.only_with, plural=True)} fight beside it"
             if ab.only_with else "")
    return f"{_roles(ab.on).capitalize()} at {value}{where}{_rounds(ab.rounds)}{when}{unless}{alone}."


# abilities told the same way whatever their parameters
FIXED = {
    "hits": "",
    "noncombat_move_only": "Moves only in the non-combat move.",
    "stealthy": "Moves through sea zones holding enemy ships; never stops enemy movement.",
    "non_blocking": "Does not stop enemy movement through its sea zone.",
    "no_fortification_bonus": "Gets no bonus from fortifications.",
    "obsolete": "Set-up only: can never be bought.",
    "capital_ship": "Repaired at the start of its owner's turn beside an operative naval base.",
    "intercepts": "May intercept an airdrop into the territory it defends.",
    "airdroppable": "May be dropped into an attack from an air transport.",
    "capturable": "Changes owner instead of being destroyed when its territory is taken.",
    "noncombatant": "Never fights.",
    "naval_base_move": "Moves one zone farther starting beside an operative naval base.",
    "air_base_move": "Flies one space farther starting at an operative air base.",
    "scrambles": "May scramble from an operative air base to defend a bordering sea zone.",
}


def _with_values(text: str, params: dict[str, Any]) -> str:
    """The docstring's parameters where they stand for a value, replaced by this unit's
    ('1/share' -> '1/2', '+shift columns' -> '+1 columns', 'one of terrain' -> 'one of
    rough, woods', 'up to ipcs IPCs' -> 'up to 5 IPCs'); '(ids or classes)' notes dropped."""
    import re
    text = re.sub(r" \(ids or classes[^)]*\)", "", text)
    for k, v in params.items():
        if isinstance(v, bool) or v in ("", None) or v == [] or v == ():
            continue
        if isinstance(v, (list, tuple)):
            if any(isinstance(x, (list, tuple, dict)) for x in v):
                continue
            v = ", ".join(str(x).replace("_", " ") for x in v)
        elif isinstance(v, float) and v.is_integer():
            v = int(v)
        word = str(v).replace("_", " ")
        # a value's places: after / + - (numbers), after 'one of', before its own unit word
        text = re.sub(rf"(?<=[/+-]){re.escape(k)}\b", word, text)
        text = re.sub(rf"\bone of {re.escape(k)}\b", f"one of {word}", text)
        text = re.sub(rf"\bup to {re.escape(k)}\b", f"up to {word}", text)
    return text


def _from_doc(name: str, ab: Any, params: dict[str, Any]) -> str:
    """An ability with no sentence of its own: its name and the first sentence of its
    definition, a leading reference ("Seed 000 G53 (...):", "15.X.3, 15.L:") left out."""
    label = name.replace("_", " ").capitalize()
    doc = " ".join((inspect.getdoc(type(ab)) or "").replace("`", "").split())
    if doc[:1].isdigit() or doc.lower().startswith("seed"):
        head, sep, rest = doc.partition(": ")
        doc = rest if sep and len(head) < 90 else ""
    text = _with_values(doc.split(". ")[0].rstrip(".").strip(), params)
    if not text:
        return label + "."
    if len(text) > 120:
        text = text[:119].rsplit(" ", 1)[0].rstrip(",;:(") + "…"
    return f"{label}: {text[0].lower() + text[1:]}" + ("" if text.endswith("…") else ".")


def unit_sentences(rs: Ruleset, ut: UnitType, cost: int | None = None) -> list[str]:
    """The unit as sentences: values, hits, price, then each ability."""
    out = [base_sentence(ut)]
    if ut.hits > 1:
        out.append(f"Takes {ut.hits} hits to destroy.")
    if cost is not None:
        out.append(f"Costs {cost}.")
    seen = set()
    for ab in ut.abilities:
        s = ability_sentence(rs, ut, ab)
        if s and s not in seen:
            seen.add(s)
            out.append(s)
    return out


def unit_tooltip(rs: Ruleset, ut: UnitType, cost: int | None = None, width: int = 440) -> list[str]:
    """Tooltip lines: the unit's name, then its sentences wrapped to `width` pixels."""
    from . import theme
    out = [ut.name]
    for s in unit_sentences(rs, ut, cost):
        out += theme.wrap(s, width, 19)
    return out
