"""TripleA national objectives -> the scenario's `national_objectives` (game/rules/objectives.py).

TripleA encodes a national objective as a RulesAttachment with an `objectiveValue` (the
bonus), or as a TriggerAttachment giving PUs (`resource`, `resourceCount`) whenever its
conditions hold at the end of the turn; the conditions are RulesAttachment options
(alliedOwnershipTerritories, directOwnershipTerritories, atWarPlayers, relationship, the
exclusion and presence lists with unitPresence, invert, conditions + conditionType). Each
maps onto one condition of Warboard's grammar; an objective with any option the grammar
cannot express is left out and the report names the objective and that option.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .triplea_names import action_title


@dataclass
class RawAttachment:
    name: str
    to: str                                        # the player it is attached to
    java: str                                      # its javaClass (the kind)
    options: list[tuple[str, str, str | None]]     # (name, value, count), in order
    line: int

    def get(self, key: str) -> str | None:
        return next((v for k, v, _ in self.options if k == key), None)

    @property
    def is_rules(self) -> bool:
        return self.java.endswith("RulesAttachment")

    @property
    def is_trigger(self) -> bool:
        return self.java.endswith("TriggerAttachment")


class Unmapped(Exception):
    """A condition option the grammar cannot express (the message says which and why)."""


# RulesAttachment territory lists -> (condition kind, `of`, extra keys)
TERRITORY_LISTS = {
    "alliedOwnershipTerritories": ("owned", "allied", {}),
    "directOwnershipTerritories": ("owned", "self", {}),
    "enemyExclusionTerritories": ("no_units", "enemies", {}),
    "enemySurfaceExclusionTerritories": ("no_units", "enemies", {"surface": True}),
    "alliedExclusionTerritories": ("no_units", "allies", {}),
    "directExclusionTerritories": ("no_units", "self", {}),
    "directPresenceTerritories": ("units", "self", {}),
    "alliedPresenceTerritories": ("units", "allied", {}),
    "enemyPresenceTerritories": ("units", "enemies", {}),
}
GROUP_WORDS = {"original": "original", "controlled": "controlled", "map": "all", "all": "all",
               "controlledNoWater": "controlled"}   # sea zones have no owner in Warboard
RELATION_WORDS = {"anyWar": "war", "anyNeutral": "neutral", "anyAllied": "allied"}
# options that only say how a condition is combined or paid (handled where they belong)
STRUCTURE = {"objectiveValue", "uses", "conditions", "conditionType", "invert", "players",
             "unitPresence"}


@dataclass
class Context:
    ids: dict[str, str]                            # territory -> space id
    pids: dict[str, str]                           # player -> player id
    units: dict[str, str]                          # TripleA unit -> Warboard unit id
    archetypes: dict[str, str]                     # relationship type -> war | neutral | allied
    by_name: dict[str, list[RawAttachment]]
    approximated: list[str]
    properties: dict[str, str] = field(default_factory=dict)   # the game's options
    # relationship types that are their archetype and nothing more (read exactly)
    exact_types: set[str] = field(default_factory=set)
    type_notes: dict[str, str] = field(default_factory=dict)   # type -> how it is read (report)
    # the named relations (politics `types`) -> their base relation (war | neutral | allied)
    named_bases: dict[str, str] = field(default_factory=dict)
    # switch conditions read exactly (triplea_switches.py): condition name -> switch name
    switches: dict[str, str] = field(default_factory=dict)


def _player(ctx: Context, name: str) -> str:
    if name not in ctx.pids:
        raise Unmapped(f"unknown player '{name}'")
    return ctx.pids[name]


def _count(value: str | None, listed: int) -> int | str:
    if value in (None, ""):
        return "all"
    if value == "each":
        return "each"
    try:
        n = int(value)  # type: ignore[arg-type]
    except ValueError:
        raise Unmapped(f"count '{value}'") from None
    return "all" if n == listed and listed > 0 else n


def _territories(ctx: Context, value: str) -> tuple[list[str], str | None]:
    """The spaces of a territory list (and a count written at its head, TripleA style)."""
    names = [n for n in value.split(":") if n]
    head = None
    if names and names[0].isdigit():
        head = names.pop(0)
    out = []
    for n in names:
        if n in GROUP_WORDS:
            out.append(GROUP_WORDS[n])
        elif n in ctx.ids:
            out.append(ctx.ids[n])
        else:
            raise Unmapped(f"territory group or name '{n}'")
    return out, head


def _unit_types(ctx: Context, att: RawAttachment) -> tuple[list[str], int] | None:
    """unitPresence: the unit types (any of them) and how many; None when absent."""
    found = [(v, c) for k, v, c in att.options if k == "unitPresence"]
    if not found:
        return None
    if len(found) > 1:
        raise Unmapped("several unitPresence options")
    value, count = found[0]
    n = int(count) if count and count.isdigit() else 1
    if value == "ANY":
        return [], n
    types = []
    for t in value.split(":"):
        if t not in ctx.units:
            raise Unmapped(f"unitPresence type '{t}' (no Warboard unit: facilities are not units)")
        if ctx.units[t] not in types:
            types.append(ctx.units[t])
    return types, n


def _list_condition(ctx: Context, att: RawAttachment, key: str, value: str, count: str | None,
                    presence: tuple[list[str], int] | None) -> dict[str, Any]:
    kind, of, extra = TERRITORY_LISTS[key]
    spaces, head = _territories(ctx, value)
    c: dict[str, Any] = {kind: spaces}
    players = att.get("players")
    if key == "directOwnershipTerritories" and players:
        c["of"] = [_player(ctx, p) for p in players.split(":")]
    elif of != ("enemies" if kind == "no_units" else "self"):
        c["of"] = of
    n = _count(count or head, len(spaces))
    if n != "all":
        c["count"] = n
    c.update(extra)
    if kind != "owned" and presence is not None:
        types, k = presence
        if types:
            c["types"] = types
        if kind == "units" and k != 1:
            c["at_least"] = k
        if kind == "no_units" and k != 0:
            raise Unmapped(f"{key} with unitPresence count {k} (at most {k} units allowed)")
    return c


def _relation(ctx: Context, pair: list[str], kind: str, rel: str) -> dict[str, Any]:
    """A relationship condition. A plain type (War) whose base a named relation shares
    (Unprovoked) is that type exactly: the base and none of those named relations (G40's
    British:Japanese:War is false after the UK's own, Unprovoked, declaration)."""
    cond = {"relation": pair, "is": rel}
    others = sorted(n for n, base in ctx.named_bases.items() if base == rel)
    if kind in RELATION_WORDS or rel not in ("war", "neutral", "allied") or not others:
        return cond
    return {"all": [cond] + [{"not": {"relation": pair, "is": n}} for n in others]}


def condition(ctx: Context, att: RawAttachment, seen: frozenset[str] = frozenset()) -> dict[str, Any]:
    """One RulesAttachment as one condition of the grammar (its options all hold)."""
    if att.name in seen:
        raise Unmapped(f"condition {att.name} refers to itself")
    parts: list[dict[str, Any]] = []
    presence = _unit_types(ctx, att)
    for key, value, count in att.options:
        if key in STRUCTURE:
            continue
        if key in TERRITORY_LISTS:
            parts.append(_list_condition(ctx, att, key, value, count, presence))
        elif key == "atWarPlayers":
            players = [_player(ctx, p) for p in value.split(":")]
            n = _count(count, len(players))
            parts.append({"at_war": players} | ({} if n == "all" else {"count": n}))
        elif key == "switch" and att.name in ctx.switches:
            parts.append({"switch": ctx.switches[att.name]})   # flipped by politics events
        elif key == "switch":
            # a switch that triggers turn on or off during a game: read at its start value
            on = value.lower() == "true"
            ctx.approximated.append(f"condition {att.name}: switch read as always {value.lower()} "
                                    f"(the triggers that flip it are not imported)")
            parts.append({"rounds": "1+"} if on else {"not": {"rounds": "1+"}})
        elif key == "gameProperty":
            # a game option of the XML: decided at import with its default value
            on = ctx.properties.get(value, "").lower() == "true"
            if not on:
                raise Unmapped(f"its game option '{value}' is off")
            ctx.approximated.append(f"condition {att.name}: game option '{value}' is on "
                                    f"(its default; fixed at import)")
        elif key == "rounds" and re.fullmatch(r"\d+(-(\d+|\+))?", value):
            parts.append({"rounds": value.replace("-+", "+")})
        elif key == "battle":
            parts.append(_battle(ctx, value))
        elif key == "relationship":
            a, b, kind = (value.split(":") + ["", "", ""])[:3]
            rel = RELATION_WORDS.get(kind) or ctx.archetypes.get(kind)
            if rel is None:
                raise Unmapped(f"relationship '{value}'")
            if kind not in RELATION_WORDS and kind not in ctx.exact_types:
                ctx.approximated.append(ctx.type_notes.get(kind) or f"relationship type {kind}: read as "
                                        f"'{rel}' (Warboard has war, neutral and allied only)")
            parts.append(_relation(ctx, [_player(ctx, a), _player(ctx, b)], kind, rel))
        else:
            raise Unmapped(f"option {key}={value}")
    refs = att.get("conditions")
    if refs:
        subs = [condition(ctx, lookup(ctx, r, att.to), seen | {att.name}) for r in refs.split(":")]
        if (att.get("conditionType") or "AND").upper() == "OR":
            parts.append({"any": subs})
        else:
            parts.extend(subs)
        if (att.get("conditionType") or "AND").upper() not in ("AND", "OR"):
            raise Unmapped(f"conditionType {att.get('conditionType')}")
    if not parts:
        parts.append({"rounds": "1+"})   # nothing left to check (a game option that is on)
    whole = parts[0] if len(parts) == 1 else {"all": parts}
    if att.to in ctx.pids and att.is_rules:
        whole = _with_player(whole, ctx.pids[att.to])
    if (att.get("invert") or "").lower() == "true":
        whole = {"not": whole}
    return whole


def _battle(ctx: Context, value: str) -> dict[str, Any]:
    """RulesAttachment `battle` "attacker:defender:type:round:territories" as `attacked`:
    the attacker attacked one of the territories held by the defender. Only "any" battle
    and "currentRound" are read: a trigger testing it at the attacker's battle step sees
    the attacks of that turn (G40: the Mongolia triggers)."""
    attacker, defender, kind, when, *names = value.split(":")
    if kind != "any" or when != "currentRound":
        raise Unmapped(f"battle '{value}' (only any battle of the current round is read)")
    spaces, _ = _territories(ctx, ":".join(names))
    return {"attacked": spaces, "of": [_player(ctx, defender)], "count": 1,
            "player": _player(ctx, attacker)}


def _with_player(c: dict[str, Any], pid: str) -> dict[str, Any]:
    """Every leaf condition takes the point of view of `pid` (unless it has one)."""
    if "all" in c or "any" in c:
        k = "all" if "all" in c else "any"
        return {**c, k: [_with_player(p, pid) for p in c[k]]}
    if "not" in c:
        return {"not": _with_player(c["not"], pid)}
    return c if "player" in c else {**c, "player": pid}


def lookup(ctx: Context, name: str, to: str) -> RawAttachment:
    found = ctx.by_name.get(name)
    if not found:
        raise Unmapped(f"unknown condition '{name}'")
    return next((a for a in found if a.to == to), found[0])


def drop_own_player(c: dict[str, Any], pid: str) -> dict[str, Any]:
    """The objective's own point of view needs no `player:`."""
    if "all" in c or "any" in c:
        k = "all" if "all" in c else "any"
        return {**c, k: [drop_own_player(p, pid) for p in c[k]]}
    if "not" in c:
        return {"not": drop_own_player(c["not"], pid)}
    return {k: v for k, v in c.items() if not (k == "player" and v == pid)}


def trigger_title(name: str, player: str) -> str:
    """objectiveAttachment_Germans_3_Control_Caucasus -> Control Caucasus;
    objectiveAttachment2 -> Objective 2."""
    rest = re.sub(r"^(objective|trigger|condition)Attachment_?", "", name)
    rest = re.sub(rf"^{re.escape(player)}_", "", rest)
    rest = re.sub(r"^\d+_", "", rest)
    if not rest or rest.isdigit():
        return f"Objective {rest or 1}"
    return rest.replace("_", " ").strip()


def _objective(ctx: Context, att: RawAttachment, bonus: int, conds: list[dict[str, Any]]
               ) -> dict[str, Any]:
    pid = _player(ctx, att.to)
    out: dict[str, Any] = {"player": pid, "name": trigger_title(att.name, att.to), "bonus": bonus}
    uses = att.get("uses")
    if uses and uses.isdigit() and int(uses) > 0:
        out["uses"] = int(uses)
    flat: list[dict[str, Any]] = []
    for c in (drop_own_player(c, pid) for c in conds):
        flat.extend(c["all"] if set(c) == {"all"} else [c])   # the objective's list is an "all"
    out["conditions"] = flat
    return out


def objectives(atts: list[RawAttachment], ctx: Context) -> tuple[list[dict[str, Any]], list[str],
                                                                 set[str]]:
    """The national objectives (scenario data), the ones left out (report lines), and the
    names of the attachments taken in (they leave the report's not-imported list)."""
    out: list[dict[str, Any]] = []
    skipped: list[str] = []
    used: set[str] = set()
    for att in atts:
        try:
            if att.is_rules and att.get("objectiveValue"):
                bonus = int(att.get("objectiveValue") or 0)
                out.append(_objective(ctx, att, bonus, [condition(ctx, att)]))
            elif att.is_trigger and att.get("resource") == "PUs" and att.get("resourceCount"):
                out.append(_objective(ctx, att, int(att.get("resourceCount") or 0),
                                      _trigger_conditions(ctx, att)))
            else:
                continue
            used.add(att.name)
            used.update(referenced(ctx, att))
        except (Unmapped, ValueError) as exc:
            skipped.append(f"national objective {att.name} of {att.to} (line {att.line}): {exc}")
            used.add(att.name)   # reported here, not again among the attachments
    return out, skipped, used


def _trigger_conditions(ctx: Context, att: RawAttachment) -> list[dict[str, Any]]:
    odd = [k for k, _, _ in att.options
           if k not in ("trigger", "conditions", "conditionType", "invert", "resource",
                        "resourceCount", "uses")]
    if odd:
        raise Unmapped(f"trigger options {', '.join(odd)}")
    return trigger_conditions(ctx, att)


def trigger_conditions(ctx: Context, att: RawAttachment) -> list[dict[str, Any]]:
    """A trigger's conditions (`trigger` or `conditions`, conditionType, invert)."""
    refs = (att.get("trigger") or att.get("conditions") or "").split(":")
    subs = [condition(ctx, lookup(ctx, r, att.to)) for r in refs if r]
    if not subs:
        raise Unmapped("a trigger without conditions")
    if (att.get("conditionType") or "AND").upper() == "OR":
        subs = [{"any": subs}]
    if (att.get("invert") or "").lower() == "true":
        subs = [{"not": subs[0] if len(subs) == 1 else {"all": subs}}]
    return subs


def referenced(ctx: Context, att: RawAttachment) -> set[str]:
    out: set[str] = set()
    for key in ("conditions", "trigger"):
        for r in (att.get(key) or "").split(":"):
            if r and r not in out and r in ctx.by_name:
                out.add(r)
                for sub in ctx.by_name[r]:
                    out |= referenced(ctx, sub)
    return out


def victories(atts: list[RawAttachment], ctx: Context, alliance_of: dict[str, str]
              ) -> tuple[list[dict[str, Any]], list[str], set[str]]:
    """TripleA's victory triggers (`victory` with the winning `players`; G40:
    triggerAttachmentAxisVictory1) as the scenario's `victory.conditions`, held for a
    complete round (the A&A rule: the G40 rulebook, and the XML's game notes list it as
    player-enforced). Returns the conditions, the ones left out and the attachments taken."""
    out: list[dict[str, Any]] = []
    skipped: list[str] = []
    used: set[str] = set()
    for att in atts:
        if not (att.is_trigger and att.get("victory")):
            continue
        used.add(att.name)
        try:
            odd = [k for k, _, _ in att.options
                   if k not in ("trigger", "conditions", "conditionType", "invert", "victory", "players")]
            if odd:
                raise Unmapped(f"trigger options {', '.join(odd)}")
            winners = [_player(ctx, p) for p in (att.get("players") or att.to).split(":")]
            pid = _player(ctx, att.to)
            flat: list[dict[str, Any]] = []
            for c in (drop_own_player(c, pid) for c in trigger_conditions(ctx, att)):
                flat.extend(c["all"] if set(c) == {"all"} else [c])
            name = re.sub(r"[_ ]?win$", "", att.get("victory") or "", flags=re.I).replace("_", " ")
            out.append({"alliance": alliance_of[winners[0]], "name": f"{name or 'The'} victory",
                        "player": pid, "hold": "round", "when": flat})
            used.update(referenced(ctx, att))
        except (Unmapped, ValueError) as exc:
            skipped.append(f"victory trigger {att.name} of {att.to} (line {att.line}): {exc}")
    return out, skipped, used


def trigger_events(att: RawAttachment, ctx: Context, steps: dict[str, tuple[str, str | None]],
                   **does: Any) -> list[dict[str, Any]]:
    """A trigger as politics events, one per `when` step it fires at, each doing `does`
    (e.g. raises, switches): its conditions, uses and the player whose step it is."""
    if att.to not in ctx.pids:
        raise Unmapped(f"player '{att.to}'")
    conds = trigger_conditions(ctx, att) if (att.get("trigger") or att.get("conditions")) else []
    uses = att.get("uses")
    out = []
    for w in (v for k, v, _ in att.options if k == "when"):
        moment, _, step = w.partition(":")
        who, phase = steps.get(step, ("", None))
        if moment not in ("before", "after") or who not in ctx.pids or phase is None:
            raise Unmapped(f"when '{w}' (a step Warboard has not)")
        ev: dict[str, Any] = {"name": trigger_title(att.name.replace("triggerAttachment", ""), att.to),
                              "player": ctx.pids[who], "phase": phase, "moment": moment,
                              "uses": int(uses) if uses and uses.isdigit() else 0,
                              "sets": [], **does}
        if conds:
            ev["when"] = [drop_own_player(c, ctx.pids[att.to]) for c in conds]
        out.append(ev)
    return out


__all__ = ["Context", "RawAttachment", "Unmapped", "condition", "drop_own_player", "lookup", "objectives",
           "referenced", "relation_events", "trigger_conditions", "trigger_events", "trigger_title",
           "victories"]


# --- politics (relationshipInitialize, politicalActionAttachment) ---------------------------
def _archetype(ctx: Context, kind: str) -> str:
    rel = ctx.archetypes.get(kind)
    if rel is None:
        raise Unmapped(f"relationship type '{kind}'")
    return rel


def politics(atts: list[RawAttachment], ctx: Context, relationships: list[tuple[str, str, str]],
             alliances: dict[str, str], turnless: list[str], raising: list[str],
             steps: dict[str, tuple[str, str | None]] | None = None
             ) -> tuple[dict[str, Any] | None, list[str], set[str]]:
    """The scenario's `politics` (None when the XML's relations are the alliances' default
    and it has no political action), report lines for what is left out, and the names of
    the political actions taken in. `alliances`: player -> the alliance Warboard uses."""
    relations = []
    skipped: list[str] = []
    for a, b, kind in relationships:
        try:
            rel = _archetype(ctx, kind)
            pa, pb = _player(ctx, a), _player(ctx, b)
        except Unmapped as exc:
            skipped.append(f"relationshipInitialize {a}:{b}: {exc}")
            continue
        default = "allied" if alliances.get(a) == alliances.get(b) else "war"
        if rel != default:
            relations.append({"between": [pa, pb], "is": rel})
    declarations = []
    taken: set[str] = set()
    for att in atts:
        if not att.java.endswith("PoliticalActionAttachment"):
            continue
        try:
            sets = []
            for k, v, _ in att.options:
                if k == "relationshipChange":
                    a, b, kind = (v.split(":") + ["", "", ""])[:3]
                    sets.append({"between": [_player(ctx, a), _player(ctx, b)],
                                 "is": _archetype(ctx, kind)})
                elif k not in ("conditions", "conditionType", "text", "attemptsPerTurn",
                               "costPUs", "chance"):
                    raise Unmapped(f"option {k}={v}")
                elif k == "chance" and v not in ("", "6:6"):
                    raise Unmapped(f"chance {v} (a political action that may fail)")
                elif k == "costPUs" and v not in ("", "0"):
                    raise Unmapped(f"costPUs {v}")
            name = trigger_title(att.name.replace("politicalActionAttachment", ""), att.to)
            d: dict[str, Any] = {"player": _player(ctx, att.to), "name": name, "sets": sets}
            if action_title(name) != name:
                d["title"] = action_title(name)
            refs = att.get("conditions")
            if refs:
                subs = [condition(ctx, lookup(ctx, r, att.to)) for r in refs.split(":") if r]
                if (att.get("conditionType") or "AND").upper() == "OR":
                    subs = [{"any": subs}]
                d["when"] = [drop_own_player(c, d["player"]) for c in subs]
            declarations.append(d)
            taken.add(att.name)
            taken.update(referenced(ctx, att))
        except (Unmapped, ValueError) as exc:
            skipped.append(f"political action {att.name} of {att.to} (line {att.line}): {exc}")
            taken.add(att.name)
    events = []
    for att in atts:
        if not att.is_trigger or not any(k == "relationshipChange" for k, _, _ in att.options):
            continue
        try:
            events.extend(relation_events(ctx, att, steps or {}))
            taken.add(att.name)
            taken.update(referenced(ctx, att))
        except (Unmapped, ValueError) as exc:
            skipped.append(f"relationship trigger {att.name} of {att.to} (line {att.line}): {exc}")
            taken.add(att.name)
    if not relations and not declarations and not events:
        return None, skipped, taken
    out: dict[str, Any] = {}
    if turnless:
        out["neutrals"] = [ctx.pids[p] for p in turnless if p in ctx.pids]
    if raising:
        out["raise_on_entry"] = [ctx.pids[p] for p in raising if p in ctx.pids]
    out["relations"] = relations
    out["declarations"] = declarations
    out["events"] = events
    return out, skipped, taken


def step_phase(name: str, java: str) -> str | None:
    """A TripleA sequence step as a Warboard phase (None: a step Warboard has not)."""
    low = (name + " " + java).lower()
    for word, phase in (("politics", "politics"), ("purchase", "purchase"), ("battle", "conduct_combat"),
                        ("place", "place"), ("endturn", "collect_income"), ("noncombat", "noncombat_move"),
                        ("combatmove", "combat_move")):
        if word in low and not ("bid" in low or "airborne" in low):
            return phase
    return None


def relation_events(ctx: Context, att: RawAttachment,
            steps: dict[str, tuple[str, str | None]]) -> list[dict[str, Any]]:
    """A trigger changing relationships, one event per `when` step."""
    odd = [k for k, _, _ in att.options if k not in ("conditions", "trigger", "conditionType", "invert",
                                                    "relationshipChange", "when", "uses", "notification")]
    if odd:
        raise Unmapped(f"trigger options {', '.join(sorted(set(odd)))}")
    whens = [v for k, v, _ in att.options if k == "when"]
    if not whens:
        raise Unmapped("no 'when' (the step it fires at)")
    sets = []
    for k, v, _ in att.options:
        if k != "relationshipChange":
            continue
        a, b, old, new = (v.split(":") + ["", "", "", ""])[:4]
        change: dict[str, Any] = {"between": [_player(ctx, a), _player(ctx, b)], "is": _archetype(ctx, new)}
        frm = RELATION_WORDS.get(old) or ("" if old in ("any", "") else _archetype(ctx, old))
        if frm:
            change["from"] = frm
        sets.append(change)
    return trigger_events(att, ctx, steps, sets=sets)
