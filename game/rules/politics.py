"""Politics (Global 1940, issue #46 item 4): relationships between players as game state,
declarations of war in a politics phase, neutral players.

A scenario switches it on with a `politics:` section; without one every pair of players of
different alliances is at war and players of one alliance are allied, as always:

    politics:
      neutrals: [neutral_true, neutral_axis]   # players that take no turns
      raise_on_entry: [neutral_axis]           # an allied player entering takes the territory
                                               # and the units there (a pro-side neutral)
      types:                                   # named relations: a base relation and what
        friendly_neutral:                      # its units may do in the other's land
          {is: allied, takes_over: true, air_over: false, air_lands: false, combat_move_into: false}
      relations:                               # the pairs that do not start at the default
        - {between: [germans, russians], is: neutral}
        - {between: [germans, neutral_axis], is: friendly_neutral}
      events:                                  # changes the rules make themselves
        - name: The United States enter the war
          player: americans
          phase: place                         # as this player's phase ...
          moment: after                        # ... ends (before: begins)
          when: [{rounds: "3"}]
          sets: [{between: [japanese, americans], is: war, from: neutral}]
          uses: 1                              # at most once (0: every time)
        - name: Mongolia joins the Soviet Union
          player: japanese
          phase: conduct_combat
          when: [{attacked: [amur, buryatia], of: [russians], count: 1}]
          hands_over: {from: mongolians, to: russians}   # its territories and units
        - name: Mongolia stays out
          player: russians
          phase: conduct_combat
          when: [{attacked: [manchuria, korea], of: [japanese], count: 1}]
          cancels: [Mongolia joins the Soviet Union]     # it never happens after this
        - name: The true neutrals side with the Axis
          player: germans
          phase: politics
          moment: before
          when: [{relation: [germans, neutral_true], is: allied}]
          raises: {in: [spain, turkey], by: [germans, italians]}   # their armies join
                                               # these players entering them (from now on)
        - name: Germans Conquer London
          player: germans
          phase: conduct_combat
          moment: after
          uses: 0
          when: [{owned: [united_kingdom], of: allied}]
          switches: {axis_capture_london: true}   # a declared switch turned on
      switches: {axis_capture_london: false}   # named switches (`switch:` conditions)
      declarations:                            # political actions of the politics phase
        - player: japanese
          name: War with the United Kingdom
          on: [british, anzac]                 # at war with each (Japan on UK means ANZAC too)
          sets:                                # other consequences
            - {between: [chinese, british], is: allied}
          when:                                # conditions (objectives grammar)
            - {at_war: [british], count: 0}

Relations are war, neutral or allied, or a named type of `types` with one of those as its
base (TripleA relationshipTypeAttachment): takes_over (entering takes the territory),
land_enters, air_over, air_lands (unset: yes when allied, no when neutral) and
combat_move_into (false: entered in the non-combat move only). Land units enter only
territories of players they are allied with (a friendly territory) or at war with (an
attack), or whose type lets them in; a neutral power's territory is closed (true neutrals
stay impassable until someone is at war with them).
The politics phase comes after the purchase (TripleA's Global 1940 sequence).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .errors import IllegalAction
from .memo import derived
from .model import (
    LAND,
    Declaration,
    GameState,
    Politics,
    PoliticsEvent,
    RelationType,
    Ruleset,
    Scenario,
)

PHASE = "politics"
RELATIONS = ("war", "neutral", "allied")
IN_WORDS = {"war": "at war", "neutral": "neutral", "allied": "allied"}


def key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def current(state: GameState, a: str, b: str) -> str:
    """The relation between two players as the scenario names it: a type of `types`
    (friendly_neutral ...) or war | neutral | allied."""
    return state.relations.get(key(a, b)) or state.relation(a, b)


def holds(state: GameState, a: str, b: str, rel: str) -> bool:
    """The relation is `rel`: that named type, or of that base relation."""
    return rel == current(state, a, b) or rel == state.relation(a, b)


# --- the turn -----------------------------------------------------------------------------
def game_rules(ruleset: Ruleset, scenario: Scenario) -> Ruleset:
    """The rules a game of this scenario plays: with a politics phase after the purchase
    when the scenario has politics (the ruleset itself otherwise)."""
    if scenario.politics is None or PHASE in ruleset.phases or scenario.hexmap is not None:
        return ruleset

    def build() -> Ruleset:
        ph = list(ruleset.phases)
        at = ph.index("purchase") + 1 if "purchase" in ph else 0
        ph.insert(at, PHASE)
        return replace(ruleset, phases=tuple(ph))
    return derived(ruleset, ("politics_phase",), build)


def start(state: GameState) -> None:
    """A new game: the scenario's starting relationships."""
    pol = state.scenario.politics
    if pol is None:
        return
    state.relations = {key(a, b): rel for a, b, rel in pol.relations}
    state.switches = frozenset(name for name, on in pol.switches if on)


def takes_no_turn(state: GameState, player: str) -> bool:
    pol = state.scenario.politics
    return pol is not None and player in pol.neutrals


def in_words(state: GameState, rel: str) -> str:
    t = state.scenario.politics.type_named(rel) if state.scenario.politics else None
    return IN_WORDS.get(rel) or (f"{rel.replace('_', ' ')} ({IN_WORDS[t.base]})" if t else rel)


# --- declarations -----------------------------------------------------------------------------
def declaration(state: GameState, name: str) -> Declaration:
    pol = state.scenario.politics
    for d in pol.declarations if pol else ():
        if d.player == state.player and d.name == name:
            return d
    raise IllegalAction(f"{state.scenario.player(state.player).name} has no political action "
                        f"'{name}'.")


def explain(state: GameState, d: Declaration) -> str:
    """Why the current player cannot make declaration `d` now ('' when it can)."""
    from . import objectives
    if state.phase != PHASE:
        return "Declarations are made in the politics phase."
    if all(current(state, a, b) == rel for a, b, rel in d.sets):
        return f"{d.shown}: nothing would change."
    for c in d.when:
        if not objectives.times(state, c, d.player):
            return f"{d.shown}: not now (needs {objectives.describe(c, state.scenario, d.player)})."
    return ""


def options(state: GameState) -> list[Declaration]:
    """The declarations the current player can make now."""
    pol = state.scenario.politics
    if pol is None or state.phase != PHASE:
        return []
    return [d for d in pol.declarations if d.player == state.player and not explain(state, d)]


def base_of(state: GameState, rel: str) -> str:
    """war | neutral | allied: a named relation type's base, else the relation itself."""
    t = state.scenario.politics.type_named(rel) if state.scenario.politics else None
    return t.base if t else rel


def changes(state: GameState, d: Declaration) -> list[tuple[str, str, str]]:
    """The (a, b, relation) of `d` that differ from the relations now."""
    return [(a, b, rel) for a, b, rel in d.sets if current(state, a, b) != rel]


def consequences(state: GameState, d: Declaration) -> list[str]:
    """What declaring `d` changes, a line a relation: "Germans and True neutrals: at war"."""
    names = state.scenario.player_map
    return [f"{names[a].name} and {names[b].name}: {in_words(state, rel)}" for a, b, rel in changes(state, d)]


def new_foes(state: GameState, d: Declaration) -> list[str]:
    """The players the declaring player goes to war with by `d`."""
    return [b if a == d.player else a for a, b, rel in changes(state, d)
            if d.player in (a, b) and base_of(state, rel) == "war"]


def declare(state: GameState, name: str) -> None:
    d = declaration(state, name)
    if why := explain(state, d):
        raise IllegalAction(why)
    from . import grammar
    state.add_log(f"{grammar.player_says(state.scenario, d.player, 'declares')}: {d.shown}.")
    lines = consequences(state, d)
    relations = dict(state.relations)
    for (a, b, rel), line in zip(changes(state, d), lines, strict=True):
        relations[key(a, b)] = rel
        state.add_log(f"  {line}.")
    state.relations = relations


# --- events (relationship changes the rules make themselves) ----------------------------------
def run_events(state: GameState, moment: str) -> None:
    """The events of the current player's current phase at this moment (before: the phase
    begins; after: it ends)."""
    pol = state.scenario.politics
    if pol is None or not pol.events:
        return
    from . import objectives
    for ev in pol.events:
        if ev.player != state.player or ev.phase != state.phase or ev.moment != moment:
            continue
        tag = f"event|{ev.player}|{ev.name}"
        if ev.uses and state.objective_uses.get(tag, 0) >= ev.uses or cancelled(state, ev.name):
            continue
        if not all(objectives.times(state, c, ev.player) for c in ev.when):
            continue
        state.objective_uses = {**state.objective_uses, tag: state.objective_uses.get(tag, 0) + 1}
        froms = ev.only_from or ("",) * len(ev.sets)
        changes = {key(a, b): rel for (a, b, rel), old in zip(ev.sets, froms, strict=True)
                   if current(state, a, b) != rel and (not old or holds(state, a, b, old))}
        if changes or ev.hands_over or ev.cancels:
            state.add_log(f"{ev.name}.")
        if changes:
            state.relations = {**state.relations, **changes}
        _hand_over_and_cancel(state, ev)
        if ev.raise_in:
            _raise_by(state, ev)
        if ev.switches:
            _switch(state, ev)


def cancelled(state: GameState, name: str) -> bool:
    """An event another one cancelled (TripleA: a trigger turning off a switch another
    trigger's conditions test)."""
    return bool(state.objective_uses.get(f"cancelled|{name}"))


def _hand_over_and_cancel(state: GameState, ev: PoliticsEvent) -> None:
    if ev.cancels:
        state.objective_uses = {**state.objective_uses, **{f"cancelled|{n}": 1 for n in ev.cancels}}
    if ev.hands_over is not None:
        hand_over(state, *ev.hands_over)


def hand_over(state: GameState, neutral: str, power: str) -> None:
    """Every territory and unit of `neutral` becomes `power`'s (G40: "all Mongolian
    territories and units are transferred to Russia", the XML's game notes)."""
    from .model import unit_replace
    lands = sorted(s for s, o in state.owners.items() if o == neutral)
    for s in lands:
        state.owners[s] = power
    army = [u for u in state.units.values() if u.owner == neutral]
    for u in army:
        state.units[u.uid] = unit_replace(u, owner=power)
    names = state.scenario.player_map
    state.add_log(f"  {names[neutral].name} hand over {len(lands)} territories and {len(army)} "
                  f"units to {names[power].name}.")


def _switch(state: GameState, ev: PoliticsEvent) -> None:
    """Turn the event's switches on or off (TripleA: a trigger setting a rulesAttachment's
    switch; G40 triggerAttachment_Germans_Conquer_London)."""
    on = {n for n, v in ev.switches if v}
    now = (state.switches | on) - {n for n, v in ev.switches if not v}
    if now != state.switches:
        state.add_log(f"{ev.name}: " + ", ".join(f"{n.replace('_', ' ')} {'on' if v else 'off'}"
                                                 for n, v in ev.switches) + ".")
        state.switches = frozenset(now)


def _raise_by(state: GameState, ev: PoliticsEvent) -> None:
    """From now on the armies of `ev.raise_in` join the players of `ev.raise_by` entering
    them (TripleA territoryProperty captureUnitOnEnteringBy: the list is replaced)."""
    now = {**state.raised_by, **{s: ev.raise_by for s in ev.raise_in}}
    if now == state.raised_by:
        return
    state.raised_by = now
    names = state.scenario.player_map
    state.add_log(f"{ev.name}: the armies of {len(ev.raise_in)} neutral territories join "
                  f"{', '.join(names[p].name for p in ev.raise_by)} when they enter them.")


# --- neutrals and named relations -----------------------------------------------------------
def _name(state: GameState, p: str) -> str:
    return state.scenario.player_map[p].name


def closed_to(state: GameState, space: str, player: str) -> str:
    """Why land units of `player` may not enter this territory ('' when they may): it is
    held by a player they are neither allied with nor at war with, unless their relation
    lets land units in (canMoveLandUnitsOverOwnedLand: G40 Concordant, China and UK
    Pacific), or an allied one that keeps them out."""
    if not state.relations:
        return ""
    owner = state.owners.get(space)
    if owner is None or owner == player or state.at_war(owner, player):
        return ""
    t = state.relation_type(owner, player)
    if (t.allows("land_enters") if t is not None else state.allied(owner, player)):
        return ""
    return (f"{state.scenario.spaces[space].name} belongs to {_name(state, owner)}, with whom "
            f"{_name(state, player)} is not at war: declare war first (politics phase).")


def closed_in_combat_move(state: GameState, space: str, player: str) -> str:
    """Why units of `player` may not enter this territory in the combat move ('' when they
    may): their relation with its owner forbids it (canMoveIntoDuringCombatMove false:
    a friendly neutral is entered in the non-combat move, never attacked)."""
    owner = state.owners.get(space)
    t = state.relation_type(owner, player) if owner is not None and owner != player else None
    if t is None or t.combat_move_into:
        return ""
    return (f"{state.scenario.spaces[space].name} is a friendly neutral: enter it in the "
            f"non-combat move.")


def closed_to_air(state: GameState, space: str, player: str) -> str:
    """Why aircraft of `player` may not fly over or land in this territory ('' when they
    may): a power not at war with it whose relation keeps aircraft out (TripleA
    canMoveAirUnitsOverOwnedLand false: Neutrality, Friendly_Neutral)."""
    if not state.relations:
        return ""
    owner = state.owners.get(space)
    if owner is None or owner == player or state.scenario.spaces[space].kind != LAND \
            or state.at_war(owner, player):
        return ""
    t = state.relation_type(owner, player)
    if t is not None:
        return "" if t.allows("air_over") else (
            f"{state.scenario.spaces[space].name} belongs to {_name(state, owner)} ({in_words(state, t.name)}): "
            f"aircraft may not fly over it or land there.")
    if why := closed_to(state, space, player):
        return why
    if raises_on_entry(state, space, player):   # a pro-side neutral of a plain `allied`
        return (f"{state.scenario.spaces[space].name} is a friendly neutral: aircraft may not fly "
                f"over it or land there until land units enter it.")
    return ""


def air_may_land_with(state: GameState, owner: str, player: str) -> bool:
    """Aircraft of `player` may land in land of `owner`: an ally, or a power whose relation
    lets them (canLandAirUnitsOnOwnedLand: true for G40 Concordant, false for
    Friendly_Neutral)."""
    t = state.relation_type(owner, player) if owner != player else None
    if t is not None:
        return not state.at_war(owner, player) and t.allows("air_lands")
    return state.allied(owner, player)


def air_may_land(state: GameState, space: str, owner: str | None, player: str) -> bool:
    """... in this territory held by `owner` (without a named relation: not a friendly
    neutral not yet entered)."""
    if owner is None or not air_may_land_with(state, owner, player):
        return False
    return owner == player or state.relation_type(owner, player) is not None \
        or not raises_on_entry(state, space, player)


def takes_over(state: GameState, space: str, player: str) -> bool:
    """Land units of `player` entering this territory take it (canTakeOverOwnedTerritory:
    G40 Friendly_Neutral, Custodianship); without a named relation, a pro-side neutral
    that raises its army."""
    owner = state.owners.get(space)
    if owner is None or owner == player or state.scenario.spaces[space].kind != LAND \
            or state.scenario.politics is None or not state.allied(owner, player):
        return False
    t = state.relation_type(owner, player)
    return t.takes_over if t is not None else _raisers(state, space, owner, player)


def ends_move_on_entry(state: GameState, space: str, player: str) -> bool:
    """Land units of `player` taking a friendly neutral on entry stop there: they may not
    move through it or blitz it (ww2global40_2nd_edition.xml, Friendly_Neutral: "They can
    not be moved through, or blitzed"; an entry its engine leaves as a TODO). Custodianship
    (the Dutch lands the British take) is no neutral: units move on."""
    if not takes_over(state, space, player):
        return False
    owner = state.owners.get(space)
    t = state.relation_type(owner, player) if owner is not None else None
    if t is not None:
        return not t.combat_move_into
    return owner is not None and _raisers(state, space, owner, player)


def _raisers(state: GameState, space: str, owner: str, player: str) -> bool:
    pol = state.scenario.politics
    return pol is not None and (owner in pol.raise_on_entry or player in state.raised_by.get(space, ()))


def raises_on_entry(state: GameState, space: str, player: str) -> bool:
    """Land units of `player` entering this territory take it and its owner's army there:
    a friendly neutral of `raise_on_entry`, or a space an event opened to the player
    (`raises`; G40 triggerAttachment_British_Friendly_With_TrueNeutrals)."""
    owner = state.owners.get(space)
    return owner is not None and takes_over(state, space, player) and _raisers(state, space, owner, player)


def enter(state: GameState, space: str, player: str) -> None:
    """Land units of `player` entered `space`: a territory their relation lets them take
    becomes the player's; a friendly neutral's army there joins them."""
    owner = state.owners.get(space)
    if owner is None or not takes_over(state, space, player):
        return
    from . import grammar
    from .model import unit_replace
    army = [u for u in state.units_in(space) if u.owner == owner] \
        if _raisers(state, space, owner, player) else []
    state.owners[space] = player
    for u in army:
        state.units[u.uid] = unit_replace(u, owner=player)
    raised = f"; {len(army)} unit{'s' if len(army) != 1 else ''} join" if army else ""
    what = "a friendly neutral" if owner in _neutrals(state) else f"held by {_name(state, owner)}"
    state.add_log(f"{grammar.player_says(state.scenario, player, 'enters')} "
                  f"{state.scenario.spaces[space].name} ({what}){raised}.")


def _neutrals(state: GameState) -> tuple[str, ...]:
    pol = state.scenario.politics
    return pol.neutrals if pol is not None else ()


# --- parsing (the scenario's `politics`) ------------------------------------------------------
TYPE_FLAGS = ("takes_over", "land_enters", "air_over", "air_lands", "combat_move_into")


def _types(node: Any, w: str, chk: Any) -> tuple[RelationType, ...]:
    """`types: {name: {is: war|neutral|allied, takes_over: true, ...}}`: named relations."""
    raw = node.get("types") or {}
    if not isinstance(raw, dict):
        chk.error(node, "types", f"{w}.types: expected a mapping of names to {{is: ..., flags}}")
        return ()
    out = []
    for name, t in raw.items():
        where = f"{w}.types.{name}"
        if not isinstance(t, dict) or t.get("is") not in RELATIONS or name in RELATIONS:
            chk.error(raw, name, f"{where}: a new name with is: {' | '.join(RELATIONS)}")
            continue
        chk.unknown_keys(t, ("is",) + TYPE_FLAGS, where)
        flags = {k: t[k] for k in TYPE_FLAGS if k in t}
        if any(not isinstance(v, bool) for v in flags.values()):
            chk.error(raw, name, f"{where}: {', '.join(TYPE_FLAGS)} are true or false")
            continue
        out.append(RelationType(name=str(name), base=str(t["is"]), **flags))
    return tuple(out)


def _switches(node: Any, k: str, where: str, known: tuple[str, ...] | None, chk: Any
              ) -> tuple[tuple[str, bool], ...]:
    """`switches: {name: true | false}` (the politics section declares them with their
    starting values; an event names declared ones with the value it sets)."""
    raw = node.get(k) or {}
    if not isinstance(raw, dict) or any(not isinstance(v, bool) for v in raw.values()):
        chk.error(node, k, f"{where}.{k}: a mapping of switch names to true or false")
        return ()
    unknown = [n for n in raw if known is not None and n not in known]
    if unknown:
        chk.error(node, k, f"{where}.{k}: unknown switch '{unknown[0]}' (declare it in politics.switches)")
        return ()
    return tuple((str(n), bool(v)) for n, v in raw.items())


def _raises(e: Any, where: str, players: Any, spaces: Any, chk: Any
            ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An event's `raises: {in: [spaces], by: [players]}` (empty when absent)."""
    node = e.get("raises")
    if node is None:
        return (), ()
    if not isinstance(node, dict):
        chk.error(e, "raises", f"{where}: expected {{in: [spaces], by: [players]}}")
        return (), ()
    chk.unknown_keys(node, ("in", "by"), where)
    inside = node.get("in", [])
    if not isinstance(inside, list) or not inside or any(not isinstance(s, str) or s not in spaces for s in inside):
        chk.error(node, "in", f"{where}.in: a list of known space ids")
        return (), ()
    return tuple(inside), players(node, "by", where)


def parse(data: Any, pids: list[str], ctx_objectives: Any, chk: Any,
          spaces: Any = ()) -> Politics | None:
    """`politics:` of a scenario (None when absent). `ctx_objectives` parses conditions."""
    node = data.get("politics") if isinstance(data, dict) else None
    if node is None:
        return None
    w = "politics"
    if not isinstance(node, dict):
        chk.error(data, "politics", f"{w}: expected a mapping")
        return None
    chk.unknown_keys(node, ("relations", "declarations", "neutrals", "raise_on_entry", "events", "types",
                            "switches"), w)
    switches = _switches(node, "switches", w, None, chk)
    raw_switches = node.get("switches") or {}
    switch_names = tuple(str(n) for n in raw_switches) if isinstance(raw_switches, dict) else None
    types = _types(node, w, chk)
    # a type reported malformed is still a name the relations may use (one error, not one
    # per use); a `types` that is no mapping at all leaves the names unchecked
    raw_types = node.get("types") or {}
    names = RELATIONS + tuple(str(t) for t in raw_types) if isinstance(raw_types, dict) else None

    def players(n: Any, k: str, where: str) -> tuple[str, ...]:
        v = n.get(k, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            chk.error(n, k, f"{where}.{k}: expected a list of player ids")
            return ()
        for x in v:
            if x not in pids:
                chk.error(n, k, f"{where}.{k}: unknown player '{x}'")
        return tuple(x for x in v if x in pids)

    def pair(n: Any, where: str, keys: tuple[str, ...] = ("between", "is")) -> tuple[str, str, str] | None:
        if not isinstance(n, dict):
            chk.error(n, None, f"{where}: expected {{between: [a, b], is: war|neutral|allied}}")
            return None
        chk.unknown_keys(n, keys, where)
        ab = players(n, "between", where)
        rel = n.get("is")
        known = names or RELATIONS
        if len(ab) != 2 or ab[0] == ab[1] or not isinstance(rel, str) or names and rel not in names:
            chk.error(n, None, f"{where}: between two different players, is: {' | '.join(known)}")
            return None
        return ab[0], ab[1], str(rel)

    relations = tuple(p for i, r in enumerate(node.get("relations") or [])
                      if (p := pair(r, f"{w}.relations[{i}]")))
    decls: list[Declaration] = []
    for i, d in enumerate(node.get("declarations") or []):
        where = f"{w}.declarations[{i}]"
        if not isinstance(d, dict):
            chk.error(node, "declarations", f"{where}: expected a mapping")
            continue
        chk.unknown_keys(d, ("player", "name", "title", "on", "sets", "when"), where)
        who = d.get("player")
        name = d.get("name")
        if who not in pids or not isinstance(name, str):
            chk.error(d, None, f"{where}: needs a known player and a name")
            continue
        sets = [(who, t, "war") for t in players(d, "on", where)]
        sets += [p for j, s in enumerate(d.get("sets") or []) if (p := pair(s, f"{where}.sets[{j}]"))]
        if not sets:
            chk.error(d, None, f"{where}: declares nothing (give on: or sets:)")
        when = ctx_objectives(d, "when", where)
        title = d.get("title")
        decls.append(Declaration(player=who, name=name, sets=tuple(sets), when=when,
                                 title=title if isinstance(title, str) else ""))
    events: list[PoliticsEvent] = []
    event_nodes: list[tuple[Any, str]] = []   # each parsed event's node and field path
    for i, e in enumerate(node.get("events") or []):
        where = f"{w}.events[{i}]"
        if not isinstance(e, dict):
            chk.error(node, "events", f"{where}: expected a mapping")
            continue
        chk.unknown_keys(e, ("name", "player", "phase", "moment", "sets", "when", "uses", "hands_over",
                             "cancels", "raises", "switches"), where)
        who, name, phase = e.get("player"), e.get("name"), e.get("phase")
        moment = e.get("moment", "after")
        from .ruleset import KNOWN_PHASES
        if who not in pids or not isinstance(name, str) or phase not in KNOWN_PHASES \
                or moment not in ("before", "after"):
            chk.error(e, None, f"{where}: needs a known player, a name, a phase "
                      f"({', '.join(KNOWN_PHASES)}) and moment before or after")
            continue
        raw_sets = e.get("sets") or []
        sets = [p for j, s in enumerate(raw_sets)
                if (p := pair(s, f"{where}.sets[{j}]", ("between", "is", "from")))]
        froms = tuple(str(s.get("from", "")) for s in raw_sets if isinstance(s, dict))
        if names and any(f not in ("",) + names for f in froms) or len(froms) != len(sets):
            chk.error(e, "sets", f"{where}.sets: from: {' | '.join(names or RELATIONS)}")
            froms = ()
        uses = e.get("uses", 1)
        if not isinstance(uses, int) or isinstance(uses, bool) or uses < 0:
            chk.error(e, "uses", f"{where}.uses: a whole number (0: every time)")
            uses = 1
        raise_in, raise_by = _raises(e, f"{where}.raises", players, spaces, chk)
        events.append(PoliticsEvent(name=name, player=who, phase=str(phase), moment=str(moment),
                                    sets=tuple(sets), when=ctx_objectives(e, "when", where),
                                    uses=uses, only_from=froms if any(froms) else (),
                                    hands_over=_parse_hand_over(e, pids, where, chk),
                                    cancels=_parse_cancels(e, where, chk),
                                    raise_in=raise_in, raise_by=raise_by,
                                    switches=_switches(e, "switches", where, switch_names, chk)))
        event_nodes.append((e, where))
    _check_cancels(event_nodes, events, chk)
    return Politics(relations=relations, declarations=tuple(decls),
                    neutrals=players(node, "neutrals", w),
                    raise_on_entry=players(node, "raise_on_entry", w), events=tuple(events),
                    types=types, switches=switches)


def _parse_hand_over(e: Any, pids: list[str], where: str, chk: Any) -> tuple[str, str] | None:
    node = e.get("hands_over")
    if node is None:
        return None
    if not isinstance(node, dict) or node.get("from") not in pids or node.get("to") not in pids \
            or node.get("from") == node.get("to"):
        chk.error(e, "hands_over", f"{where}.hands_over: {{from: <player>, to: <another player>}}")
        return None
    chk.unknown_keys(node, ("from", "to"), f"{where}.hands_over")
    return str(node["from"]), str(node["to"])


def _parse_cancels(e: Any, where: str, chk: Any) -> tuple[str, ...]:
    names = e.get("cancels", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        chk.error(e, "cancels", f"{where}.cancels: a list of event names")
        return ()
    return tuple(names)


def _check_cancels(nodes: list[tuple[Any, str]], events: list[PoliticsEvent], chk: Any) -> None:
    """Every name an event cancels is an event's, reported at that event's `cancels`."""
    known = {ev.name for ev in events}
    for (e, where), ev in zip(nodes, events, strict=True):
        for n in ev.cancels:
            if n not in known:
                chk.error(e, "cancels", f"{where}.cancels: unknown event '{n}'")


__all__ = ["PHASE", "air_may_land", "air_may_land_with", "base_of", "cancelled", "changes", "closed_in_combat_move",
           "closed_to", "closed_to_air", "consequences", "current", "declare", "enter", "explain", "game_rules",
           "hand_over", "holds", "in_words", "key", "new_foes", "options", "parse", "raises_on_entry", "run_events", "start", "takes_no_turn",
           "takes_over"]
