"""Which scene class plays which game.

A game's manifest (``data/games.yaml``) names the module defining its ``SCENE``, a subclass of
``BaseGameScene``; it is imported only when that game's table is first wanted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catgames.core.catalogue import load_table

if TYPE_CHECKING:
    from catgames.ui.game_scene import BaseGameScene


def scene_class(game_id: str) -> type["BaseGameScene"]:
    """The scene class for ``game_id`` (``UnknownGame`` if the catalogue does not list it)."""
    table: type["BaseGameScene"] = load_table(game_id)
    return table
