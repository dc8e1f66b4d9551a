"""The turn sequence: phases from the ruleset, players in scenario order.

Ending a phase runs that phase's closing rules (battles found, aircraft
landed, income collected) and moves on; after the last player, the round
ends and victory is checked.
"""
from __future__ import annotations

from .. import capitals, convoys, grammar, objectives, politics, victory
from ..errors import IllegalAction
from ..model import AIR, LAND, GameState, unit_replace
from . import facilities, landings, production, raids, scramble, supply
from .movement import blocking_enemies, combat_cargo_pending, enemies_in, is_enemy_land

PHASE_NAMES = {"purchase": "Purchase", "combat_move": "Combat move",
               "conduct_combat": "Conduct combat", "noncombat_move": "Non-combat move",
               "place": "Place units", "collect_income": "Collect income",
               # hex rulesets (hexphases.py)
               "initial": "Initial", "movement": "Movement", "combat": "Combat",
               "exploitation": "Exploitation", "politics": "Politics"}


def find_battles(state: GameState) -> None:
    """After the combat move: empty enemy territories entered by land units are
    taken; every other space the player attacked becomes a pending battle. A space
    with raiders (raids.py) is a battle too: the raid, then any ordinary battle."""
    player = state.player
    battles = []
    for space in sorted(state.zone.origins):
        mine = [u for u in state.units_in(space) if u.owner == player]
        raiding = state.zone.raids and raids.raiders(state, space, player)
        if raiding:
            mine = [u for u in mine if u.uid not in state.zone.raids]
            battles.append(space)
        if not mine:
            continue
        captors = any(state.utype(u).domain == LAND and not state.utype(u).has("cannot_capture")
                      and u.carried_by is None for u in mine)
        foes = enemies_in(state, space, player)
        only_prizes = bool(foes) and captors and not blocking_enemies(state, space, player) \
            and not any(state.utype(u).domain == AIR for u in mine)
        if foes and not only_prizes:
            if not raiding:
                battles.append(space)
        elif landings.landed_from(state, space):
            battles.append(space)   # taken only if the sea battle before the landing is won
        elif is_enemy_land(state, space, player) and captors:
            production.take_without_a_fight(state, space, player)
    if state.zone.raids:   # G40 2nd ed. (and TripleA): bombing raids are fought before other battles
        battles.sort(key=lambda s: not raids.raiders(state, s, player))
    state.zone.battles = tuple(battles)


# the phases of a separate economy's turn (a player with `units_to`, G40's UK Pacific:
# TripleA's UK_PacificPurchase, UK_PacificPlace, UK_PacificEndTurn); it moves no units
ECONOMY_PHASES = ("purchase", "place", "collect_income")


def _economy_skips(state: GameState) -> bool:
    if state.scenario.player(state.player).units_to is None:
        return False
    return state.phase not in ECONOMY_PHASES or (
        state.phase == "purchase" and state.objective_uses.get(_bought_key(state.player)) == state.round)


# --- a separate economy buys in its power's turn -------------------------------------------
# TripleA's G40 sequence: britishPurchase, UK_PacificPurchase, britishPolitics, ...,
# britishEndTurn, UK_PacificPlace, UK_PacificEndTurn. An economy listed right after its
# power buys when the power's purchase ends, then the power plays on; the economy's own
# turn (after the power's) places and collects.
def _bought_key(player: str) -> str:
    return f"economy_bought|{player}"   # the round it last bought in its power's turn


def _buying_key(player: str) -> str:
    return f"economy_buying|{player}"   # it is buying in its power's turn now


def _economy_buying_next(state: GameState) -> str | None:
    """The separate economy that buys now, the current player's purchase ending (None:
    none does)."""
    players = state.scenario.players
    nxt = players[state.player_idx + 1] if state.player_idx + 1 < len(players) else None
    if state.phase != "purchase" or nxt is None or nxt.units_to != state.player \
            or politics.takes_no_turn(state, nxt.id) or is_out(state, nxt.id):
        return None
    return nxt.id


def _to_economy_purchase(state: GameState) -> bool:
    economy = _economy_buying_next(state)
    if economy is None:
        return False
    state.player_idx += 1
    state.zone.bought = {}   # the power's purchase is closed; the economy's starts
    state.objective_uses = {**state.objective_uses, _bought_key(economy): state.round,
                            _buying_key(economy): 1}
    state.add_log(f"— {state.scenario.player(economy).name}: purchase —")
    if state.scenario.politics is not None:
        politics.run_events(state, "before")
    return True


def _back_from_economy_purchase(state: GameState) -> None:
    """The economy's purchase in its power's turn ended: the power plays on."""
    if not state.objective_uses.get(_buying_key(state.player)):
        return
    state.objective_uses = {k: v for k, v in state.objective_uses.items() if k != _buying_key(state.player)}
    state.player_idx -= 1
    state.zone.bought = {}


def end_phase(state: GameState) -> None:
    close_phase(state)
    if state.scenario.politics is not None:
        politics.run_events(state, "after")
    if _to_economy_purchase(state):
        return
    _back_from_economy_purchase(state)
    if state.phase_idx + 1 < len(state.ruleset.phases):
        state.phase_idx += 1
        if _economy_skips(state):   # nothing of its own to move or fight with
            end_phase(state)
            return
        if state.phase == "conduct_combat" and "combat_move" not in state.ruleset.phases:
            find_battles(state)
        if state.phase == "combat_move":
            supply.update(state)   # seed 000 supply (G4): status fixed as the combat move begins
        if state.scenario.politics is not None:
            politics.run_events(state, "before")
        return
    end_turn(state)
    if state.scenario.politics is not None and not state.over:
        politics.run_events(state, "before")
    if _economy_skips(state) and not state.over:   # it bought in its power's turn
        end_phase(state)


def close_phase(state: GameState) -> None:
    """The closing rules of the current phase (battles found, aircraft landed, income)."""
    phase = state.phase
    if phase == "conduct_combat":
        if state.zone.battle is not None:
            raise IllegalAction("Finish the current battle first.")
        if state.zone.battles:
            names = ", ".join(state.scenario.spaces[s].name for s in state.zone.battles)
            raise IllegalAction(f"Battles still to fight: {names}.")
        if state.scenario.player_rules:
            facilities.destroy_held_complexes(state)
        scramble.return_to_base(state)   # G40: scrambled aircraft fly back to their bases
        if state.scenario.capitals.liberation_units:
            capitals.after_combat(state)   # G40: France's fall and liberation
    if phase == "combat_move":
        if why := combat_cargo_pending(state, state.player):
            raise IllegalAction(why)
        enter = "conduct_combat" in state.ruleset.phases
        if enter:
            find_battles(state)
    if phase == "purchase" and state.zone.bought:
        what = ", ".join(f"{n} {production.thing_name(state, u)}" for u, n in sorted(state.zone.bought.items())
                         if n > 0)
        if what:
            state.add_log(f"{grammar.player_says(state.scenario, state.player, 'buys')} {what}.")
    if phase == ("politics" if "politics" in state.ruleset.phases else "purchase") \
            and state.scenario.player_rules:
        facilities.war_production(state, state.player)
    if phase == "noncombat_move":
        production.land_aircraft(state, state.player)
    if phase == "place":
        if why := production.awaited_carrier_block(state, state.player):
            raise IllegalAction(why)
        production.land_awaiting_aircraft(state, state.player)
    if phase == "collect_income":
        gain = production.income(state, state.player)
        if state.scenario.convoys is not None:   # convoy disruption comes off this income
            gain -= convoys.disruption(state, state.player, gain)
        state.resources[state.player] += gain
        state.add_log(f"{grammar.player_says(state.scenario, state.player, 'collects')} {gain}.")
        if not production.capital_lost(state, state.player):   # no income at all without it
            state.resources[state.player] += objectives.collect(state, state.player)


def is_out(state: GameState, player: str) -> bool:
    """A player with no territory, no units and nothing waiting to be placed."""
    return (not any(o == player for o in state.owners.values())
            and not any(u.owner == player for u in state.units.values())
            and not production.unplaced(state, player))


def end_turn(state: GameState) -> None:
    while True:
        winner = victory.capitals_winner(state)
        why = "holds the capitals"
        won = victory.conditions_result(state)
        if winner is None and won is not None:
            winner, why = won
        last = state.player_idx + 1 >= len(state.scenario.players)
        if winner is None and last:
            winner = victory.round_end_winner(state)
            why = "holds enough victory cities"
        if winner is not None:
            victory.finish_game(state, winner, why)
            return
        state.phase_idx = 0
        state.zone.placed = {}
        state.zone.bought = {}
        state.zone.origins = {}
        state.zone.landings = {}
        state.zone.battles = ()
        state.zone.ro3_moves = {}
        state.zone.raids = {}
        state.zone.fired = ()
        for uid, u in state.units.items():
            if u.moved or u.in_combat or u.amphibious or u.unloaded or u.marched or u.airborne:
                state.units[uid] = unit_replace(u, moved=0, in_combat=False, amphibious=False,
                                                unloaded=False, marched=False, airborne=False)
        if not victory.next_player(state, last):
            return
        state.turn_owners = dict(state.owners)
        if politics.takes_no_turn(state, state.player):
            continue   # a neutral country (politics): no turns
        if not is_out(state, state.player):
            break
        state.add_log(f"{grammar.player_says(state.scenario, state.player, 'has')} nothing left and "
                      f"{grammar.verb('is', grammar.player_plural(state.scenario.player(state.player)))} skipped.")
    state.add_log(f"— Round {state.round}: {state.scenario.player(state.player).name} —")
    production.repair_capital_ships(state, state.player)
    if state.phase == "combat_move":
        supply.update(state)
