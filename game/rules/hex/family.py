"""The hex family's entry for the reducer: which actions it handles, how, and which are legal."""
from __future__ import annotations

from collections.abc import Mapping

from ..action_types import (
    Action,
    Advance,
    Airdrop,
    Attack,
    EndPhase,
    Flip,
    HexLosses,
    HexRetreat,
    Move,
)
from ..errors import IllegalAction
from ..family import Handler
from ..model import GameState
from . import airdrop as hexairdrop
from . import combat as hexcombat
from . import move as hexmove
from . import phases as hexphases
from . import units as hexunits


def _end_phase(state: GameState, a: EndPhase) -> None:
    hexphases.end_phase(state)


def _move(state: GameState, a: Move) -> None:
    hexphases.need_phase(state, "movement", "exploitation")
    hexmove.move(state, tuple(a.units), tuple(a.path))


def _airdrop(state: GameState, a: Airdrop) -> None:
    """Europa air drops and air transport (airdrop.py)."""
    hexphases.need_phase(state, "movement")
    if a.via:
        raise IllegalAction("On a hex map units are not picked up on the way.")
    hexairdrop.fly(state, tuple(a.units), a.to)


def _attack(state: GameState, a: Attack) -> None:
    hexphases.need_phase(state, "combat")
    hexcombat.resolve(state, a.target, tuple(a.units))


def _advance(state: GameState, a: Advance) -> None:
    hexphases.need_phase(state, "combat")
    hexcombat.advance(state, tuple(a.units), a.to)


def _hex_losses(state: GameState, a: HexLosses) -> None:
    hexphases.need_phase(state, "combat")
    hexcombat.choose_losses(state, tuple(a.units))


def _hex_retreat(state: GameState, a: HexRetreat) -> None:
    hexphases.need_phase(state, "combat")
    hexcombat.choose_retreat(state, tuple(a.units), tuple(a.path))


def hex_decision(state: GameState) -> Action | None:
    """Hex maps: the rules' proposal for the choice a combat result waits for (losses,
    retreat), None when nothing waits. Computer players send it."""
    ch = hexcombat.loss_choice(state)
    if ch is not None:
        return HexLosses(ch.default)
    rt = hexcombat.default_retreat(state)
    if rt is not None:
        return HexRetreat(rt[0], rt[1])
    return None


def _flip(state: GameState, a: Flip) -> None:
    hexunits.flip(state, a.unit)


HANDLERS: dict[type[Action], Handler] = {
    EndPhase: _end_phase, Move: _move, Airdrop: _airdrop, Attack: _attack, Advance: _advance,
    HexLosses: _hex_losses, HexRetreat: _hex_retreat, Flip: _flip,
}

# what a player is told who sends a zone action on a hex map
REFUSALS: dict[str, str] = {
    "purchase": "Hex scenarios have no purchase: reinforcements arrive by the scenario's schedule.",
    "place": "Hex scenarios have no placement: reinforcements arrive by the scenario's schedule.",
    "casualties": "Hex combat results are taken with HexLosses, not Casualties.",
    "retreat": "Hex retreats are chosen with HexRetreat.",
}


def hex_legal_actions(state: GameState, max_moves: int = 400) -> list[Action]:
    """Hex maps: single-unit moves, every attack with all available attackers, advances."""
    out: list[Action] = []
    player = state.player
    phase = state.phase
    if phase in ("movement", "exploitation"):
        for u in sorted(state.units.values(), key=lambda x: x.uid):
            if u.owner != player or hexmove.mp_left(state, u) <= 0:
                continue
            for _dest, path in sorted(hexmove.reachable(state, (u.uid,)).items()):
                out.append(Move((u.uid,), path))
            if phase == "movement":
                out.extend(Airdrop((u.uid,), to) for to in hexairdrop.targets(state, (u.uid,)))
            if len(out) >= max_moves:
                break
    elif phase == "combat":
        ht = hexcombat.turn(state)
        decision = hex_decision(state)
        if decision is not None:
            return [decision]
        if ht.advance is not None:
            hexid, uids = ht.advance
            out.append(Advance(tuple(uids), hexid))
            out.append(Advance((), hexid))
            return out
        for target in hexcombat.attack_targets(state, player):
            units = tuple(u.uid for u in hexcombat.attackers_for(state, target, player))
            out.append(Attack(target, units))
    out.append(EndPhase())
    return out


class HexFamily:
    """Europa-style hex maps: terrain, zones of control, the odds-ratio CRT."""
    name = "hex"
    handlers: Mapping[type[Action], Handler] = HANDLERS
    refusals: Mapping[str, str] = REFUSALS

    def settle(self, state: GameState) -> None:
        """Nothing to settle: hex maps have no carriers or cargo."""

    def begin(self, state: GameState) -> None:
        """The first player-turn starts at once (reinforcements arrive, supply is checked)."""
        hexphases.begin_player_turn(state)

    def chooser(self, state: GameState) -> str | None:
        """Losses and retreats after a CRT result are chosen by their owner."""
        ht = state.hexturn
        return ht.pending.chooser if ht is not None and ht.pending is not None else None

    def legal_actions(self, state: GameState, max_moves: int) -> list[Action]:
        return hex_legal_actions(state, max_moves)


FAMILY = HexFamily()
