"""A separate economy's turn (G40's UK_Pacific, `units_to`) in the report: Warboard plays
its purchase right after its power's purchase and its placement and income right after the
power's turn (game/rules/zone/phases.py), which is TripleA's ww2global40_2nd_edition.xml
sequence: britishPurchase, UK_PacificPurchase, britishPolitics, ..., britishEndTurn,
UK_PacificPlace, UK_PacificEndTurn. Another sequence is reported as approximated."""
from __future__ import annotations

from .triplea_game import GameXml
from .triplea_objectives import step_phase
from .triplea_report import Report


def report_economy(gx: GameXml, who: str, to: str, report: Report) -> None:
    if _plays_as_warboard(gx, who, to):
        report.mapped.append(
            f"player {who}: a separate economy of {to} (playerAttachment giveUnitControl; scenario "
            f"`units_to`): it buys right after {to}'s purchase, places and collects income right "
            f"after {to}'s turn (the XML's sequence), and the units it places are {to}'s")
    else:
        report.approximated.append(
            f"player {who}: a separate economy of {to} (playerAttachment giveUnitControl; scenario "
            f"`units_to`): it buys right after {to}'s purchase and places and collects income "
            f"right after {to}'s turn (the XML's sequence has its steps elsewhere), and the "
            f"units it places are {to}'s")


def _plays_as_warboard(gx: GameXml, who: str, to: str) -> bool:
    """The economy's steps are a purchase right after its power's purchase, then a placement
    and an end of turn right after the power's end of turn (research and bids aside)."""
    seq = [(p, ph) for name, java, p in gx.steps if (ph := step_phase(name, java)) is not None]
    mine = [i for i, (p, _) in enumerate(seq) if p == who]
    if [seq[i][1] for i in mine] != ["purchase", "place", "collect_income"]:
        return False
    buy, place, end = mine
    return (buy > 0 and seq[buy - 1] == (to, "purchase") and place > 0
            and seq[place - 1] == (to, "collect_income") and end == place + 1)


__all__ = ["report_economy"]
