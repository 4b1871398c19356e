"""Shared test set-up: no real window or audio device, and saves/settings in a temp dir."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture
def catgames_home(tmp_path, monkeypatch):
    """Point ``CATGAMES_HOME`` (saves and settings) at a fresh temporary directory."""
    monkeypatch.setenv("CATGAMES_HOME", str(tmp_path))
    return tmp_path
