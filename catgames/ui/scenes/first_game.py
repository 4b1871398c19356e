"""A game's first play: before its set-up, the question whether the player would rather learn
it with its tutorial (asked once; remembered in ``storage.introduced_path``)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from catgames.core import stats, storage
from catgames.core.tutorial import has_tutorial
from catgames.ui import i18n
from catgames.ui.file_notices import file_notice
from catgames.ui.scene import Scene, SceneHost
from catgames.ui.scenes.confirm import ConfirmScene


def remember(app: SceneHost, game_id: str) -> None:
    """Note that the player has met ``game_id`` (its first-game offer is not made again)."""
    try:
        storage.mark_introduced(game_id)
    except OSError as exc:
        app.toasts.show(i18n.t("save.write_failed", error=exc), error=True)


def offer_first_game(app: SceneHost, game_id: str) -> None:
    """Start setting up ``game_id``, asking first, on the game's first play, whether the player
    would rather learn it with its tutorial (asked once)."""
    loaded = storage.load_introduced()
    if loaded.problem is not None:
        app.toasts.show(file_notice("introduced", loaded.problem), error=True)
    set_up = partial(app.screens.new_game, game_id)
    if not has_tutorial(game_id) or game_id in (loaded.value or ()) or _finished_one(game_id):
        set_up()
        return
    remember(app, game_id)
    app.push(offer_dialog(app, game_id, set_up))


def _finished_one(game_id: str) -> bool:
    """The player has finished a game of ``game_id`` already (before tutorials were offered,
    nothing marked it met): no first-game question then.  An unreadable statistics file counts
    as none (its own screen tells of it)."""
    records = stats.load_records().value
    return records is not None and any(record.game == game_id for record in records.games)


def offer_dialog(app: SceneHost, game_id: str, set_up: Callable[[], Any]) -> Scene:
    """The question of a game's first play: its tutorial, set-up (``set_up``), or back."""
    name = i18n.game_title(game_id)
    return ConfirmScene(app, i18n.t("tutorial.offer_title", game=name),
                        i18n.t("tutorial.offer_text", game=name),
                        [(i18n.t("tutorial.offer_yes"), lambda: app.screens.tutorial(game_id)),
                         (i18n.t("tutorial.offer_set_up"), set_up),
                         (i18n.t("common.back"), lambda: None)])
