"""National objectives (Global 1940, issue #46 item 5): bonuses paid at collect income
while a power meets its objectives' conditions, all of them data in the scenario:

    national_objectives:
      - player: germans
        name: Control Caucasus
        text: 5 IPCs if an Axis power controls Caucasus.
        bonus: 5
        conditions:
          - owned: [caucasus]
            of: allied
            count: 1

One generic function (`times`) evaluates every condition kind of the grammar:

- `owned: <spaces>`: the spaces owned by `of` (default self);
- `units: <spaces>`: spaces holding at least `at_least` (default 1) units of `of`
  (default self), of `types` if given (unit ids or classes);
- `no_units: <spaces>`: spaces free of units of `of` (default enemies), of `types` if
  given, or only of surface warships (`surface: true`: not submarines, not transports);
- `at_war: <players>`: the player at war with them;
- `relation: [a, b]` with `is: war | neutral | allied`, or a named relation of the
  scenario's politics `types` (that relation exactly);
- `attacked: <spaces>`: the spaces the player attacked this turn (moved into as an attack
  in its combat move, won or lost) that `of` (default enemies) held as the turn began;
  only the player whose turn it is has attacked (TripleA's `battle` condition, G40's
  Mongolia triggers);
- `rounds: "3+"` (round 3 and later; also "3" or "2-5");
- `switch: <name>`: a switch of the scenario's politics is on (events turn them on/off);
- `not: <condition>`, `any: [conditions]`, `all: [conditions]`.

`of` is self | allied (the player and its allies) | allies (its allies only) | enemies |
a list of player ids. Spaces are ids or one of `original` (the player's original
territories: its starting ones and those whose `original_owner` it is), `controlled` (held now), `all` (the whole map). `count` is how many of the
listed spaces (players for at_war) must qualify: `all` (the default), a number (0 for
at_war: at war with none of them), or `each`: the bonus is paid once per qualifying
space. Every condition may name the `player` whose point of view it takes (default the
objective's player). `uses: N` pays an objective at most N times in a game.

Switched off by the game option `national_objectives` (ruleset rule of that name).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import grammar
from .model import SEA, GameState, Objective, ObjectiveCondition, Scenario

KINDS = ("owned", "units", "no_units", "attacked", "at_war", "relation", "rounds", "switch", "not", "any", "all")
SPACE_WORDS = ("original", "controlled", "all")
WHO_WORDS = ("self", "allied", "allies", "enemies")
RELATIONS = ("war", "neutral", "allied")


def enabled(state: GameState) -> bool:
    return bool(state.scenario.objectives) and state.ruleset.national_objectives is not None


def of_player(state: GameState, player: str) -> tuple[Objective, ...]:
    return tuple(o for o in state.scenario.objectives if o.player == player)


# --- evaluation -------------------------------------------------------------------------
def _spaces(state: GameState, refs: tuple[str, ...], pov: str) -> list[str]:
    out: list[str] = []
    for ref in refs:
        if ref == "original":
            out += [s for s in state.scenario.start_owners if state.scenario.original_owner(s) == pov]
        elif ref == "controlled":
            out += [s for s, o in state.owners.items() if o == pov]
        elif ref == "all":
            out += list(state.scenario.spaces)
        else:
            out.append(ref)
    return out


def _who(state: GameState, who: tuple[str, ...], pov: str, owner: str | None) -> bool:
    """Is `owner` one of `who`, seen from `pov`?"""
    if owner is None:
        return False
    word = who[0] if len(who) == 1 else ""
    if word == "self":
        return owner == pov
    if word == "allied":
        return state.allied(owner, pov)
    if word == "allies":
        return owner != pov and state.allied(owner, pov)
    if word == "enemies":
        return state.at_war(owner, pov)
    return owner in who


def _needed(count: int | str, listed: int) -> int:
    return listed if count in ("all", "each") else int(count)


def _counted(met: int, listed: int, count: int | str) -> int:
    """0 when not enough qualify, else 1 (or the number qualifying for `each`)."""
    if count == "each":
        return met
    need = _needed(count, listed)
    return 1 if met >= need else 0


def _is_surface_warship(state: GameState, utype: str) -> bool:
    ut = state.utype(utype)
    return ut.domain == SEA and not ut.has("stealthy") and not ut.has("transport")


def _units_of(state: GameState, c: ObjectiveCondition, space: str, pov: str) -> list[Any]:
    types = state.ruleset.expand_all(c.types) if c.types else ()
    return [u for u in state.units_in(space) if _who(state, c.of, pov, u.owner)
            and (not types or u.type in types)
            and (not c.surface or _is_surface_warship(state, u.type))]


def times(state: GameState, c: ObjectiveCondition, player: str) -> int:
    """How many times a condition is met for `player` (0: not met; 1, or for
    `count: each` the number of qualifying spaces)."""
    pov = c.player or player
    if c.kind == "not":
        return 0 if times(state, c.parts[0], player) else 1
    if c.kind == "all":
        out = 1
        for p in c.parts:
            out *= times(state, p, player)
            if not out:
                return 0
        return out
    if c.kind == "any":
        return max((times(state, p, player) for p in c.parts), default=0)
    if c.kind == "at_war":
        n = sum(1 for p in c.players if state.at_war(pov, p))
        if c.count == 0:
            return 1 if n == 0 else 0
        return _counted(n, len(c.players), c.count)
    if c.kind == "relation":
        a, b = c.players
        if c.relation not in RELATIONS:   # a named relation (politics types: friendly_neutral)
            from . import politics
            return 1 if politics.current(state, a, b) == c.relation else 0
        return 1 if relation(state, a, b) == c.relation else 0
    if c.kind == "switch":
        return 1 if c.relation in state.switches else 0
    if c.kind == "rounds":
        first, last = _round_range(c.relation)
        return 1 if first <= state.round and (last is None or state.round <= last) else 0
    spaces = _spaces(state, c.spaces, pov)
    if c.kind == "owned":
        met = sum(1 for s in spaces if _who(state, c.of, pov, state.owners.get(s)))
    elif c.kind == "units":
        met = sum(1 for s in spaces if len(_units_of(state, c, s, pov)) >= c.at_least)
    elif c.kind == "attacked":
        met = sum(1 for s in _attacked(state, pov) if s in spaces
                  and _who(state, c.of, pov, state.turn_owners.get(s)))
    else:   # no_units
        met = sum(1 for s in spaces if not _units_of(state, c, s, pov))
    return _counted(met, len(spaces), c.count)


def _attacked(state: GameState, pov: str) -> list[str]:
    """The spaces `pov` attacked this turn (none when it is another player's turn)."""
    return sorted(state.zone.origins) if state.player == pov else []


def _round_range(text: str) -> tuple[int, int | None]:
    """"3+" -> (3, None); "3" -> (3, 3); "2-5" -> (2, 5) (ValueError otherwise)."""
    text = text.strip().replace("-+", "+")
    if text.endswith("+"):
        return int(text[:-1]), None
    if "-" in text:
        a, b = text.split("-", 1)
        return int(a), int(b)
    return int(text), int(text)


def relation(state: GameState, a: str, b: str) -> str:
    """war | allied | neutral between two players (a player is allied with itself)."""
    if state.at_war(a, b):
        return "war"
    return "allied" if state.allied(a, b) else "neutral"


def payable(state: GameState, o: Objective) -> int:
    """The IPCs objective `o` pays its player now (0: not met, or its uses are spent)."""
    if o.uses and state.objective_uses.get(o.id, 0) >= o.uses:
        return 0
    n = 1
    for c in o.conditions:
        n *= times(state, c, o.player)
        if not n:
            return 0
    return o.bonus * n


def status(state: GameState, player: str) -> list[tuple[Objective, int]]:
    """The player's objectives with what each would pay now (the side panel)."""
    return [(o, payable(state, o)) for o in of_player(state, player)]


def collect(state: GameState, player: str) -> int:
    """Collect income: the bonuses of the objectives met, logged one by one."""
    if not enabled(state):
        return 0
    from . import grammar
    total = 0
    for o, gain in status(state, player):
        if gain <= 0:
            continue
        total += gain
        if o.uses:
            state.objective_uses = {**state.objective_uses, o.id: state.objective_uses.get(o.id, 0) + 1}
        state.add_log(f"{grammar.player_says(state.scenario, player, 'collects')} {gain} for the "
                      f"national objective {o.name}.")
    return total


# --- parsing (the scenario's `national_objectives`) -----------------------------------
@dataclass
class _Ctx:
    chk: Any
    spaces: Iterable[str]
    pids: list[str]
    ruleset: Any
    # the scenario's named relations (politics types) and switches; None: that politics
    # field is malformed (reported there), so the names used are not checked against it
    relations: tuple[str, ...] | None = RELATIONS
    switches: tuple[str, ...] | None = ()


def _politics_names(data: Any, key: str) -> tuple[str, ...] | None:
    """The names the scenario's politics declares under `key` (types, switches); None
    when that field is there but not a mapping."""
    pol = data.get("politics") if isinstance(data, dict) else None
    got = pol.get(key) if isinstance(pol, dict) else None
    if got is None:
        return ()
    return tuple(str(t) for t in got) if isinstance(got, dict) else None


def _relation_names(data: Any) -> tuple[str, ...] | None:
    types = _politics_names(data, "types")
    return None if types is None else RELATIONS + types


def parse(data: Any, spaces: dict[str, Any], pids: list[str], ruleset: Any, chk: Any
          ) -> tuple[Objective, ...]:
    from .yamlloc import LocList
    node = chk.get(data, "national_objectives", list, "scenario", default=LocList())
    ctx = _Ctx(chk, spaces, pids, ruleset, _relation_names(data), _politics_names(data, "switches"))
    out: list[Objective] = []
    for i, o in enumerate(node or []):
        w = f"national_objectives[{i}]"
        if not isinstance(o, dict):
            chk.error(node, i, f"{w}: expected {{player, name, bonus, conditions}}")
            continue
        chk.unknown_keys(o, ("id", "player", "name", "text", "bonus", "uses", "conditions"), w)
        player = chk.get(o, "player", str, w)
        if player is not None and player not in pids:
            chk.error(o, "player", f"{w}.player: unknown player '{player}'")
            player = None
        name = chk.get(o, "name", str, w)
        bonus = chk.get(o, "bonus", int, w)
        uses = chk.get(o, "uses", int, w, default=0)
        cnode = chk.get(o, "conditions", list, w, default=LocList())
        conds = [c for j in range(len(cnode or []))
                 if (c := _condition(ctx, cnode, j, f"{w}.conditions[{j}]"))]
        if player is None or name is None or bonus is None:
            continue
        oid = chk.get(o, "id", str, w, default=f"{player}:{name}")
        if any(x.id == oid for x in out):
            chk.error(o, None, f"{w}: objective '{oid}' is listed twice")
        out.append(Objective(id=oid, player=player, name=name, bonus=bonus,
                             conditions=tuple(conds), text=chk.get(o, "text", str, w, default=""),
                             uses=uses or 0))
    return tuple(out)


def conditions_parser(spaces: dict[str, Any], pids: list[str], ruleset: Any, chk: Any,
                      data: Any = None) -> Any:
    """A parser of condition lists (`when:` of a declaration): (node, key, where) -> tuple."""
    from .yamlloc import LocList
    ctx = _Ctx(chk, spaces, pids, ruleset, _relation_names(data), _politics_names(data, "switches"))

    def parse_list(node: Any, k: str, where: str) -> tuple[ObjectiveCondition, ...]:
        lst = chk.get(node, k, list, where, default=LocList())
        return tuple(c for j in range(len(lst or []))
                     if (c := _condition(ctx, lst, j, f"{where}.{k}[{j}]")))
    return parse_list


def _strs(ctx: _Ctx, node: Any, key: Any, where: str) -> tuple[str, ...]:
    v = node[key]
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        ctx.chk.error(node, key, f"{where}: expected a name or a list of names")
        return ()
    return tuple(v)


def _condition(ctx: _Ctx, parent: Any, idx: Any, where: str) -> ObjectiveCondition | None:
    chk = ctx.chk
    c = parent[idx]
    if not isinstance(c, dict):
        chk.error(parent, idx, f"{where}: expected a mapping with one of {', '.join(KINDS)}")
        return None
    kinds = [k for k in KINDS if k in c]
    if len(kinds) != 1:
        chk.error(parent, idx, f"{where}: needs exactly one of {', '.join(KINDS)}")
        return None
    kind = kinds[0]
    chk.unknown_keys(c, (kind, "of", "count", "types", "at_least", "surface", "is", "player"), where)
    player = chk.get(c, "player", str, where, default="")
    if player and player not in ctx.pids:
        chk.error(c, "player", f"{where}.player: unknown player '{player}'")
    if kind == "not":
        inner = _condition(ctx, c, "not", f"{where}.not")
        return ObjectiveCondition("not", parts=(inner,), player=player) if inner else None
    if kind in ("any", "all"):
        sub = c[kind]
        if not isinstance(sub, list) or not sub:
            chk.error(c, kind, f"{where}.{kind}: expected a list of conditions")
            return None
        parts = [q for j in range(len(sub)) if (q := _condition(ctx, sub, j, f"{where}.{kind}[{j}]"))]
        return ObjectiveCondition(kind, parts=tuple(parts), player=player)
    count = c.get("count", "all")
    if not (count in ("all", "each") or (isinstance(count, int) and not isinstance(count, bool)
                                         and count >= 0)):
        chk.error(c, "count", f"{where}.count: all, each or a whole number, not {count!r}")
        count = "all"
    if kind == "switch":
        name = str(c["switch"])
        if ctx.switches is not None and name not in ctx.switches:
            chk.error(c, "switch", f"{where}.switch: unknown switch '{name}' (declare it in "
                      f"politics.switches)")
            return None
        return ObjectiveCondition("switch", relation=name, player=player)
    if kind == "rounds":
        text = str(c["rounds"])
        try:
            _round_range(text)
        except ValueError:
            chk.error(c, "rounds", f"{where}.rounds: '3+', '3' or '2-5', not {text!r}")
            return None
        return ObjectiveCondition("rounds", relation=text, player=player)
    if kind in ("at_war", "relation"):
        players = _strs(ctx, c, kind, f"{where}.{kind}")
        for p in players:
            if p not in ctx.pids:
                chk.error(c, kind, f"{where}.{kind}: unknown player '{p}'")
        rel = ""
        if kind == "relation":
            rel = str(c.get("is", ""))
            names = RELATIONS if ctx.relations is None else ctx.relations
            if len(players) != 2 or ctx.relations is not None and rel not in names:
                chk.error(c, kind, f"{where}: relation: [player, player] with is: {' | '.join(names)}")
        return ObjectiveCondition(kind, players=players, count=count, relation=rel, player=player)
    spaces = _strs(ctx, c, kind, f"{where}.{kind}")
    for s in spaces:
        if s not in ctx.spaces and s not in SPACE_WORDS:
            chk.error(c, kind, f"{where}.{kind}: unknown space '{s}'")
    of = _strs(ctx, c, "of", f"{where}.of") if "of" in c else (
        ("enemies",) if kind in ("no_units", "attacked") else ("self",))
    if not (len(of) == 1 and of[0] in WHO_WORDS) and any(p not in ctx.pids for p in of):
        chk.error(c, "of", f"{where}.of: {' | '.join(WHO_WORDS)} or a list of player ids")
    types = _strs(ctx, c, "types", f"{where}.types") if "types" in c else ()
    if ctx.ruleset is not None:
        for t in types:
            if not ctx.ruleset.expand(t):
                chk.error(c, "types", f"{where}.types: unknown unit '{t}'")
    if kind in ("owned", "attacked") and (types or "surface" in c or "at_least" in c):
        chk.error(c, None, f"{where}: {kind} takes no types, surface or at_least")
    return ObjectiveCondition(kind, spaces=spaces, of=of, count=count, types=types,
                              at_least=int(c.get("at_least", 1) or 1),
                              surface=c.get("surface") is True, player=player)


def describe(c: ObjectiveCondition, sc: Scenario | None = None, player: str = "") -> str:
    """A condition in words (the side panel's tooltip, reasons): names from the scenario
    when given, else ids."""
    pov = c.player or player

    def pname(p: str) -> str:
        return sc.player_map[p].name if sc is not None and p in sc.player_map else p

    def spaces() -> str:
        words = {"original": "its original territories", "controlled": "its territories",
                 "all": "the whole map"}
        names = [words.get(s) or (sc.spaces[s].name if sc is not None and s in sc.spaces else s)
                 for s in c.spaces]
        shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        if len(names) == 1:
            return shown
        if c.count == "each":   # TripleA count="each": the bonus once per space held
            return f"any of {shown} (the bonus for each)"
        return {"all": "all of "}.get(str(c.count), f"{c.count} of ") + shown

    def who() -> str:
        word = c.of[0] if len(c.of) == 1 else ""
        return {"self": pname(pov), "allied": f"{pname(pov)} or an ally", "allies": "an ally",
                "enemies": "an enemy"}.get(word) or " / ".join(pname(p) for p in c.of)
    if c.kind == "not":
        return f"not: {describe(c.parts[0], sc, player)}"
    if c.kind in ("any", "all"):
        inner = [describe(p, sc, player) for p in c.parts]
        return ("one of: " if c.kind == "any" else "") + "; ".join(inner)
    if c.kind == "at_war":
        foes = ", ".join(pname(p) for p in c.players)
        if c.count == 0:
            return f"{pname(pov)} at war with none of {foes}"
        return f"{pname(pov)} at war with {'' if c.count == 'all' else f'{c.count} of '}{foes}"
    if c.kind == "relation":
        rel = {"war": "at war", "neutral": "neutral to each other"}.get(c.relation, c.relation.replace("_", " "))
        return f"{pname(c.players[0])} and {pname(c.players[1])} {rel}"
    if c.kind == "switch":
        return f"{c.relation.replace('_', ' ')} (switched on)"
    if c.kind == "rounds":
        return f"round {c.relation}"
    kinds = f" ({', '.join(c.types)})" if c.types else (" (surface warships)" if c.surface else "")
    if c.kind == "owned":
        holds = "hold" if c.of == ("self",) and sc is not None and pov in sc.player_map \
            and grammar.player_plural(sc.player_map[pov]) else "holds"
        return f"{who()} {holds} {spaces()}"
    if c.kind == "attacked":
        return f"{pname(pov)} attacks {spaces()} (held by {who()}) this turn"
    if c.kind == "units":
        return f"units{kinds} of {who()} in {spaces()}"
    return f"no units{kinds} of {who()} in {spaces()}"


def explain(sc: Scenario, o: Objective) -> str:
    """An objective in words: its text, else its conditions."""
    return o.text or "; ".join(describe(c, sc, o.player) for c in o.conditions)


__all__ = ["KINDS", "collect", "describe", "enabled", "explain", "of_player", "parse", "payable",
           "relation", "status", "times"]
