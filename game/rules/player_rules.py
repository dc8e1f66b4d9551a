"""Per-player purchase and movement limits (scenario `player_rules`): Global 1940's China
(2nd edition rulebook, "China"; TripleA ww2global40_2nd_edition.xml: the Chinese
production frontiers Burma_Road_Open / Burma_Road_Closed switched by the Burma Road
objective, rulesAttachment movementRestrictionTerritories with type allowed) and the
Japanese and American waters closed before war (movementRestrictionType disallowed,
lifted by the triggers *_Unrestricted_Movement).

    player_rules:
      - player: chinese
        buys: [infantry]                       # the only units it may buy
        buys_when:                             # more while the conditions hold
          - name: Burma Road
            units: [artillery]
            when: [{owned: [india, burma, yunnan, szechwan], of: allied}]
        moves_within: [yunnan, szechwan, ...]  # its units never leave these spaces
      - player: japanese
        keeps_out_of: [sea_zone_1, sea_zone_2]  # its units end no move there (may pass)
        keeps_out_until: [{at_war: [americans]}]   # until these conditions hold
      - player: chinese
        destroys_complexes_in: [kiangsu]       # a complex there is destroyed once it holds it
      - player: americans
        upgrades_complexes_in: [central_united_states]   # a minor complex there becomes major
        upgrades_when: [{at_war: [germans, japanese], count: 1}]   # once these hold

Conditions use the national objectives grammar (game/rules/objectives.py). Where China
places (any territory it holds, at most 3 each) is its `placement` (players[]).
"""
from __future__ import annotations

from typing import Any

from . import objectives
from .model import ExtraPurchase, GameState, PlayerRules


def parse(data: Any, spaces: dict[str, Any], pids: list[str], ruleset: Any, conditions: Any,
          chk: Any) -> dict[str, PlayerRules]:
    node = chk.get(data, "player_rules", list, "scenario", default=[])
    out: dict[str, PlayerRules] = {}
    for i, r in enumerate(node or []):
        w = f"player_rules[{i}]"
        if not isinstance(r, dict):
            chk.error(node, i, f"{w}: expected {{player, buys, buys_when, moves_within, keeps_out_of}}")
            continue
        chk.unknown_keys(r, ("player", "buys", "buys_when", "moves_within", "keeps_out_of",
                             "keeps_out_until", "destroys_complexes_in", "upgrades_complexes_in",
                             "upgrades_when"), w)
        player = chk.get(r, "player", str, w)
        if player not in pids:
            chk.error(r, "player", f"{w}.player: unknown player '{player}'")
            continue
        if player in out:
            chk.error(r, "player", f"{w}.player: '{player}' has two entries")
        extra = []
        enode = chk.get(r, "buys_when", list, w, default=[])
        for j, e in enumerate(enode or []):
            ew = f"{w}.buys_when[{j}]"
            chk.unknown_keys(e, ("name", "units", "when"), ew)
            extra.append(ExtraPurchase(name=str(chk.get(e, "name", str, ew, default="") or ""),
                                       units=_units(e, "units", ew, ruleset, chk),
                                       when=conditions(e, "when", ew)))
        within = _ids(r, "moves_within", w, spaces, chk)
        out[player] = PlayerRules(player=player, buys=_units(r, "buys", w, ruleset, chk),
                                  buys_when=tuple(extra), moves_within=within,
                                  keeps_out_of=_ids(r, "keeps_out_of", w, spaces, chk),
                                  keeps_out_until=conditions(r, "keeps_out_until", w),
                                  destroys_complexes_in=_ids(r, "destroys_complexes_in", w, spaces, chk),
                                  upgrades_complexes_in=_ids(r, "upgrades_complexes_in", w, spaces, chk),
                                  upgrades_when=conditions(r, "upgrades_when", w))
    return out


def _units(node: Any, key: str, where: str, ruleset: Any, chk: Any) -> tuple[str, ...]:
    lst = chk.get(node, key, list, where, default=[])
    for j, u in enumerate(lst or []):
        if ruleset is not None and u not in ruleset.units:
            chk.error(lst, j, f"{where}.{key}: unknown unit '{u}'")
    return tuple(str(u) for u in lst or [])


def _ids(node: Any, key: str, where: str, spaces: dict[str, Any], chk: Any) -> tuple[str, ...]:
    lst = chk.get(node, key, list, where, default=[])
    for j, s in enumerate(lst or []):
        if not isinstance(s, str) or s not in spaces:
            chk.error(lst, j, f"{where}.{key}: unknown space '{s}'")
    return tuple(s for s in lst or [] if isinstance(s, str))


def may_ever_buy(state: GameState, unit: str, player: str) -> bool:
    """Is the unit among those the player's rules let it buy, at least sometimes?"""
    rules = state.scenario.player_rules.get(player)
    return (rules is None or not rules.buys or unit in rules.buys
            or any(unit in e.units for e in rules.buys_when))


def purchase_block(state: GameState, unit: str, player: str) -> str:
    """Why the player's rules forbid buying the unit now, or ""."""
    rules = state.scenario.player_rules.get(player)
    if rules is None or not rules.buys or unit in rules.buys:
        return ""
    closed = []
    for e in rules.buys_when:
        if unit in e.units:
            if all(objectives.times(state, c, player) for c in e.when):
                return ""
            closed.append(e.name)
    name = state.ruleset.units[unit].name
    if closed:
        return f"{name} needs the {' or '.join(closed)} open."
    return f"{state.scenario.player(player).name} cannot buy {name}."


def entry_block(state: GameState, space: str, player: str) -> str:
    """Why the player's units may not enter `space` (moves_within), or ""."""
    rules = state.scenario.player_rules.get(player)
    if rules is None or not rules.moves_within or space in rules.moves_within:
        return ""
    return (f"{state.scenario.player(player).name}'s units may not leave "
            f"{'their country' if len(rules.moves_within) > 1 else state.scenario.spaces[rules.moves_within[0]].name}.")


def end_block(state: GameState, space: str, player: str) -> str:
    """Why the player's units may not end a move in `space` (keeps_out_of until its
    conditions hold), or "". They may pass through: the rulebook's "may not end their
    movement in" (ww2global40_2nd_edition.xml's TODO: TripleA bars the whole route)."""
    rules = state.scenario.player_rules.get(player)
    if rules is None or space not in rules.keeps_out_of:
        return ""
    if rules.keeps_out_until and all(objectives.times(state, c, player) for c in rules.keeps_out_until):
        return ""
    return (f"{state.scenario.player(player).name}'s units may not end their move in "
            f"{state.scenario.spaces[space].name} yet.")
