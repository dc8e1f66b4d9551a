"""Driving the interface in tests: frames, keys, clicks, wheel, screenshots.

Odds are computed on a background thread, so `frame` waits for the odds a frame
asked for and draws again with them. Screenshots go to $WARBOARD_SHOTS
(default /tmp/warboard-shots)."""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.ui import odds_view

SHOTS = Path(os.environ.get("WARBOARD_SHOTS", "/tmp/warboard-shots"))


def frame(app):
    app.update(0.0)
    app.draw()
    for _ in range(3):  # results may ask for more (a hover after a planned attack)
        assert odds_view.settle(120)
        app.update(0.0)
        app.draw()  # always: a fast result may be in before the worker looked idle
        if odds_view.WORKER.idle():
            break


def key(app, k, mod=0, up=True):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    if up:
        app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frame(app)


def click(app, pos, button=1):
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frame(app)


def wheel(app, pos, y):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frame(app)


def shot(app, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(SHOTS / f"{name}.png"))


def uids(state, space, owner, utype=None):
    return tuple(sorted(u.uid for u in state.units.values()
                        if u.space == space and u.owner == owner and (utype is None or u.type == utype)))
