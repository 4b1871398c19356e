"""Which scene class plays which game.

Each built game provides ``catgames/games/<id>/scene.py`` defining ``SCENE``, a subclass of
``BaseGameScene``; it is imported only when that game is started.  ``register`` lets tests
(or plug-ins) supply a scene class directly.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from catgames.games import UnknownGame, entry
from catgames.ui import i18n

if TYPE_CHECKING:
    from catgames.core.session import Match
    from catgames.ui.game_scene import BaseGameScene
    from catgames.ui.scene import SceneHost

_registered: dict[str, type["BaseGameScene"]] = {}


def register(game_id: str, scene_class: type["BaseGameScene"]) -> None:
    _registered[game_id] = scene_class


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)


def has_table(game_id: str) -> bool:
    """Whether ``game_id`` can be played in the window yet (its rules may exist without a table)."""
    if game_id in _registered:
        return True
    module = entry(game_id).module
    return module is not None and importlib.util.find_spec(f"{module}.scene") is not None


def scene_class(game_id: str) -> type["BaseGameScene"]:
    """The scene class for ``game_id`` (``UnknownGame`` if unknown or not built)."""
    if game_id in _registered:
        return _registered[game_id]
    module = entry(game_id).module
    if module is None:
        raise UnknownGame(f"{game_id} is not built yet")
    scene_module = importlib.import_module(f"{module}.scene")
    if not hasattr(scene_module, "SCENE"):
        raise ImportError(f"{module}.scene defines no SCENE (its BaseGameScene subclass)")
    return scene_module.SCENE


def start_game(app: "SceneHost", match: "Match") -> None:
    """Open the table for ``match`` (its game's scene class comes from the registry)."""
    try:
        table = scene_class(match.game_id)
    except (UnknownGame, ImportError) as exc:
        app.toasts.show(i18n.t("title.cannot_start", error=exc), error=True)
        return
    app.push(table(app, match))
