"""The history tree reads as sentences (issue #43, a new user's walk-through): its steps were
labelled like 'Purchase (unit=infantry, count=1)'; they now say 'Buys 1 Infantry', 'Moves 1
Armour from Alpha Minor to Middle (attack)', made from the action and the position before
it. A click on a row's name selects it and opens it; its arrow only opens or closes it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_scenes import click, frame, key, make_game, mini_session  # noqa: E402

from game import history  # noqa: E402
from game.rules import actions as A  # noqa: E402
from game.ui.history_view import HistoryView  # noqa: E402


def played():
    s = mini_session()
    s.do(A.Purchase("infantry", 2))
    s.do(A.Purchase("infantry", -1))
    s.do(A.EndPhase())                                  # purchase -> combat move
    armour = next(u.uid for u in s.state.units_in("a2") if u.type == "armour")
    s.do(A.Move((armour,), ("m",)))
    return s


def action_labels(root: history.Node) -> list[str]:
    out, stack = [], [root]
    while stack:
        n = stack.pop(0)
        if n.kind == "action":
            out.append(n.label)
        stack = n.children + stack
    return out


def test_the_steps_read_as_sentences():
    labels = action_labels(history.build(played()))
    assert labels[:2] == ["Buys 2 Infantry", "Returns 1 Infantry"]      # was 'Purchase (unit=…)'
    assert labels[2].startswith("Redland buys 1 Infantry")              # the phase's own log line
    assert labels[3] == "Moves 1 Armour from Alpha Minor to Middle (attack)"
    assert not any("=" in label for label in labels)


def test_a_click_on_a_rows_name_selects_and_opens_it():
    app, game = make_game(played())
    game.auto_overlays = False
    frame(app)
    key(app, pygame.K_h)
    hv = app.top
    assert isinstance(hv, HistoryView)
    phase = hv.find("phase", "purchase")
    hv.reveal(phase)
    frame(app)
    row = next(h for h in hv.spots.items if h.data is phase)
    click(app, (row.rect.x + 120, row.rect.centery))               # on its name
    assert hv.selected is phase and id(phase) in hv.expanded       # selected and open: steps shown
    assert "Buys 2 Infantry" in [n.label for n, _ in hv.rows()]
    click(app, (row.rect.x + 120, row.rect.centery))               # again: closed, still selected
    assert hv.selected is phase and id(phase) not in hv.expanded
    turn = hv.find("turn", "Redland")
    row = next(h for h in hv.spots.items if h.data is turn)
    depth = 1
    click(app, (row.rect.x + 6 + depth * 14 + 4, row.rect.centery))  # on its arrow: closes only
    assert id(turn) not in hv.expanded and hv.selected is phase
