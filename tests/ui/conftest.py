"""Shared set-up for the interface tests: headless pygame, saves in a temp folder."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    """Saves and autosaves go to a temporary folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
