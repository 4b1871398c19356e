"""Which scene class plays which game.

A game's manifest (``data/games.yaml``) names the module defining its ``SCENE``, a subclass of
``BaseGameScene``; it is imported only when that game is started.  ``register`` lets tests
(or plug-ins) supply a scene class directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catgames.core.catalogue import UnknownGame, load_table
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


def scene_class(game_id: str) -> type["BaseGameScene"]:
    """The scene class for ``game_id`` (``UnknownGame`` if the catalogue does not list it)."""
    if game_id in _registered:
        return _registered[game_id]
    table: type["BaseGameScene"] = load_table(game_id)
    return table


def start_game(app: "SceneHost", match: "Match") -> None:
    """Open the table for ``match`` (its game's scene class comes from the registry)."""
    try:
        table = scene_class(match.game_id)
    except (UnknownGame, ImportError) as exc:
        app.toasts.show(i18n.t("title.cannot_start", error=exc), error=True)
        return
    app.push(table(app, match))
