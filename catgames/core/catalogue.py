"""How a game's rules, heuristics and table are found from its id, through its manifest
(``core.manifest``, which also lists the games).

It lives in ``core`` so that a saved match can name its game without core reaching up into the
games; the games are imported lazily, by module name, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from catgames.core.manifest import (  # the names callers know the catalogue by
    Manifest, UnknownGame, add, available_ids, manifest, manifests, remove,
)
from catgames.core.rules import Game

__all__ = ["Manifest", "UnknownGame", "add", "available_ids", "load_game", "load_heuristics", "load_table",
           "manifest", "manifests", "remove"]


def _attribute(module_name: str, name: str) -> Any:
    """``module_name.name``; a manifest naming a module without it is a packaging bug, said so."""
    module = importlib.import_module(module_name)
    if not hasattr(module, name):
        raise ImportError(f"{module_name} defines no {name}")
    return getattr(module, name)


def load_game(game_id: str) -> Game:
    """The ``Game`` object of a game (``GAME`` of its manifest's rules module)."""
    game: Game = _attribute(manifest(game_id).rules, "GAME")
    return game


def load_heuristics(game_id: str) -> Any:
    """The game's ``HEURISTICS``, or ``None`` when its manifest names no AI module."""
    module = manifest(game_id).ai
    return None if module is None else _attribute(module, "HEURISTICS")


def load_table(game_id: str) -> Any:
    """The game's table class (``SCENE`` of its manifest's table module)."""
    return _attribute(manifest(game_id).table, "SCENE")
