"""Kamikaze strikes (A&A Global 1940 2nd edition rulebook, "Kamikaze Strikes"; TripleA
ww2global40_2nd_edition.xml: Japanese playerAttachment suicideAttackResources
SuicideAttackTokens count 2, resourceGiven 6 SuicideAttackTokens, the kamikazeZone sea
zones 6, 17, 19, 20, 22, 35, "Kamikaze Suicide Attacks Only Where Battles Are").

    kamikaze:
      player: japanese
      tokens: 6                # for the whole game
      value: 2                 # a token's die hits on 2 or less
      zones: [sea_zone_6, ...]

Before a battle of a player at war with `player` where it attacks `player`'s units in a
kamikaze zone, or lands troops from one for an amphibious assault on `player`, `player`
may spend tokens: each is one die against a surface warship of the attacker in that zone
that it chooses (several tokens may strike one ship). A hit damages the ship (a second
one sinks a battleship or carrier); ships sunk are removed at once and take no part in
the battle. Ships in a zone the strike came to do not bombard (the XML's notes:
"Kamikaze attacks prevent bombardment as well"). The step is battle/steps/kamikaze.py.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import dice, grammar
from ..errors import IllegalAction
from ..model import SEA, Battle, GameState, KamikazeRule, Roll, Unit


def parse(data: Any, spaces: dict[str, Any], pids: list[str], chk: Any) -> KamikazeRule | None:
    node = chk.get(data, "kamikaze", dict, "scenario", default=None, allow_none=True)
    if node is None:
        return None
    chk.unknown_keys(node, ("player", "tokens", "value", "zones"), "kamikaze")
    player = chk.get(node, "player", str, "kamikaze")
    if player not in pids:
        chk.error(node, "player", f"kamikaze.player: unknown player '{player}'")
        return None
    tokens = chk.get(node, "tokens", int, "kamikaze", default=0)
    value = chk.get(node, "value", int, "kamikaze", default=2)
    if not isinstance(tokens, int) or tokens < 0 or not isinstance(value, int) or value < 1:
        chk.error(node, "tokens", "kamikaze: tokens 0 or more, value 1 or more")
        return None
    zones = chk.get(node, "zones", list, "kamikaze", default=[])
    for i, z in enumerate(zones or []):
        if not isinstance(z, str) or z not in spaces or spaces[z].kind != SEA:
            chk.error(zones, i, f"kamikaze.zones: '{z}' is not a sea zone")
    return KamikazeRule(player=player, tokens=tokens, value=value,
                        zones=tuple(str(z) for z in zones or [] if isinstance(z, str)))


def tokens_left(state: GameState) -> int:
    rule = state.scenario.kamikaze
    return 0 if rule is None else max(0, rule.tokens - state.kamikaze_spent)


def is_surface_warship(state: GameState, u: Unit) -> bool:
    ut = state.utype(u)
    return ut.domain == SEA and not ut.has("stealthy") and not ut.has("transport")


def strike_zones(state: GameState, b: Battle) -> list[str]:
    """The kamikaze zones a strike may reach in this battle: the battle's own zone when the
    attacker attacks the kamikaze player's units there, or the zones an amphibious assault
    on the kamikaze player came from."""
    rule = state.scenario.kamikaze
    if rule is None or b.raid or not state.at_war(rule.player, b.attacker):
        return []
    if b.space in rule.zones:
        return [b.space] if any(u.owner == rule.player for u in state.units_in(b.space)) else []
    if state.owners.get(b.space) != rule.player and rule.player not in b.defenders:
        return []
    return sorted(z for z in state.zone.landings.get(b.space, ()) if z in rule.zones)


def targets(state: GameState, b: Battle) -> list[Unit]:
    """The attacker's surface warships a token may strike, in uid order."""
    if not tokens_left(state):
        return []
    zones = strike_zones(state, b)
    return sorted((u for z in zones for u in state.units_in(z)
                   if u.owner == b.attacker and is_surface_warship(state, u)
                   and u.damage < state.utype(u).hits), key=lambda u: u.uid)


def default_targets(state: GameState, b: Battle) -> tuple[int, ...]:
    """The simple choice (the computer's, and Roll's): one token on each target, the
    costliest ships first, while tokens last."""
    def cost(u: Unit) -> int:
        c = state.utype(u).cost
        return c if isinstance(c, int) else 0
    ships = sorted(targets(state, b), key=lambda u: (-cost(u), u.uid))
    return tuple(sorted(u.uid for u in ships[:tokens_left(state)]))


def check(state: GameState, b: Battle, chosen: tuple[int, ...]) -> None:
    allowed = {u.uid for u in targets(state, b)}
    rule = state.scenario.kamikaze
    if rule is not None and len(chosen) > tokens_left(state):
        raise IllegalAction(f"{state.scenario.player(rule.player).name} "
                            f"has {tokens_left(state)} kamikaze tokens left.")
    bad = [uid for uid in chosen if uid not in allowed]
    if bad:
        raise IllegalAction("Kamikaze strikes only hit the attacker's surface warships in a "
                            "kamikaze zone of this battle.")


def strike(state: GameState, b: Battle) -> Battle:
    """Roll a die for each chosen token and damage or sink its target (sunk ships leave at
    once); record the roll for the battle window; ships in a struck zone do not bombard."""
    from .battle import board
    rule = state.scenario.kamikaze
    chosen = b.kamikaze or ()
    if rule is None or not chosen:
        return b
    state.kamikaze_spent += len(chosen)
    faces = dice.roll(state, len(chosen))
    hits = sum(1 for f in faces if f <= rule.value)
    state.add_log(f"  {grammar.player_says(state.scenario, rule.player, 'strikes')} with "
                  f"{len(chosen)} kamikaze token{'s' if len(chosen) != 1 else ''}: "
                  f"{' '.join(str(f) for f in faces)} -> {hits} hit{'s' if hits != 1 else ''}")
    lost: list[str] = []
    struck_zones = set()
    record = tuple((state.units[uid].type, rule.value, face) for uid, face in zip(chosen, faces, strict=True))
    for uid, face in zip(chosen, faces, strict=True):
        u = state.units.get(uid)
        if u is None:   # sunk by an earlier token
            continue
        struck_zones.add(u.space)
        if face > rule.value:
            continue
        u2 = replace(u, damage=u.damage + 1)
        state.units[uid] = u2
        if u2.damage >= state.utype(u2).hits:
            lost.append(state.utype(u2).name)
            board.remove_unit(state, uid)
        else:
            lost.append(f"{state.utype(u2).name} (damaged)")
    if lost:
        state.add_log(f"  {state.scenario.player(b.attacker).name} loses: {', '.join(lost)}")
    bombard = tuple(uid for uid in b.bombard
                    if uid in state.units and state.units[uid].space not in struck_zones)
    roll = Roll("kamikaze", "defender", record, hits, uids=chosen)
    return board._replace(b, bombard=bombard, rolls=b.rolls + (roll,))


def choose(state: GameState, uids: tuple[int, ...] | None) -> None:
    """The kamikaze player's choice while the battle awaits "kamikaze": a target for each
    token it spends (None: the default choice, () none); then the strike is rolled and
    the battle waits for the attacker's first roll (who sees what is left, and its odds)."""
    from .battle import board
    from .battle import core as C
    b = state.zone.battle
    if b is None or b.awaiting != "kamikaze":
        raise IllegalAction("There is no kamikaze strike to make now.")
    chosen = default_targets(state, b) if uids is None else tuple(uids)
    check(state, b, chosen)
    state.zone.battle = board._replace(b, kamikaze=chosen, awaiting="roll")
    C.settle(state)
