"""The server address setting is one setting with two places to edit it: Play online's field and
a row of Settings (the issue: "a server address setting for a server someone runs on the
internet").  What one stores the other shows; a malformed address is said in a sentence, in
the player's language, and the setting keeps its last good value (issue 29)."""

from __future__ import annotations

import pygame
import pytest

from catgames.core import storage
from catgames.ui import i18n
from catgames.ui.online.address import AddressRow
from catgames.ui.scenes.online import OnlineScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.text_entry import TextEntry
from tests.ui.helpers import click


def type_into(app, field: TextEntry, text: str) -> None:
    """Click the field, clear it, type ``text`` and press Enter, as a player does."""
    click(app, field.rect.center)
    assert field.editing
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")] * len(field.text))
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert not field.editing


def settings_field(app) -> TextEntry:
    scene = app.push(SettingsScene(app))
    app.run_frames(1)
    [row] = [w for w in scene.widgets.widgets if isinstance(w, AddressRow)]
    assert row.entry in scene.widgets.focusable and row.rect.contains(row.entry.rect)
    return row.entry


def online_field(app) -> TextEntry:
    scene = app.push(OnlineScene(app))
    app.run_frames(1)
    assert scene.address is not None
    return scene.address


@pytest.mark.parametrize("language", ["en", "ru"])
def test_settings_and_play_online_edit_one_server_address(app, language):
    i18n.set_language(language)
    try:
        field = settings_field(app)
        assert field.text == "" and field.placeholder == i18n.t("online.server.this_computer")
        type_into(app, field, "play.example.org:9000")
        assert app.settings.server_address == "play.example.org:9000"
        assert storage.load_settings()[0].server_address == "play.example.org:9000"  # written at once
        app.stack.top.back()
        field = online_field(app)
        assert field.text == "play.example.org:9000"  # the same setting, shown on Play online
        type_into(app, field, "http://play example")
        assert app.toasts.items[-1].text == i18n.t("online.server.not_changed",
                                                   reason=i18n.t("online.error.bad_address"))
        assert app.settings.server_address == "play.example.org:9000"  # the last good one is kept
        assert field.text == "http://play example"  # what was typed stays there to be mended
        type_into(app, field, "")
        assert app.settings.server_address == ""  # empty: this computer's own server
        app.stack.top.back()
        field = settings_field(app)
        assert field.text == ""
        type_into(app, field, "ws://a b")
        assert app.toasts.items[-1].text.startswith(i18n.t("online.error.bad_address"))
        assert app.settings.server_address == ""
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
