"""The server address setting's field, on Play online and on Settings: one setting
(``settings.server_address``), two places to edit it.

An address is checked as the player finishes typing it (``lobby.server_url``): a malformed one is
said in a sentence and not stored, the field keeping what was typed so it can be mended; an
empty field means this computer's own server.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from catgames.core.storage import MAX_ADDRESS
from catgames.net.lobby import LobbyError, server_url
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.text_entry import TextEntry
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget

LABEL_SIZE = 20


def set_server_address(app: Any, text: str) -> bool:
    """Store ``text`` as the server address (written at once); ``False``, said in a sentence,
    when it is not an address."""
    text = text.strip()
    if text:
        try:
            server_url(text)
        except LobbyError:
            app.toasts.show(i18n.t("online.server.not_changed", reason=i18n.t("online.error.bad_address")),
                            error=True)
            return False
    if text != app.settings.server_address:
        app.settings.server_address = text
        app.save_settings()
    return True


def address_entry(app: Any, rect: RectLike) -> TextEntry:
    """A field showing the setting, storing what is typed into it (``set_server_address``)."""
    return TextEntry(rect, app.settings.server_address, i18n.t("online.server.this_computer"),
                     partial(set_server_address, app), MAX_ADDRESS, tooltip=i18n.t("online.server.tip"))


class AddressRow(Widget):
    """A Settings row: its label, and the field (``entry``, a widget of its own) at its right;
    ``place`` puts the field there once the row is laid out."""

    def __init__(self, app: Any, rect: RectLike, label_width: float) -> None:
        super().__init__(rect, i18n.t("online.server.tip"))
        self.text = i18n.t("settings.server_address")
        self.label_width = label_width
        self.entry = address_entry(app, rect)

    def place(self) -> None:
        r = self.rect
        self.entry.rect.update(r.x + self.label_width, r.y + 6, r.w - self.label_width - 16, r.h - 12)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.table, self.rect, radius=10)
        canvas.paragraph(self.text, (self.rect.x + 16, self.rect.y + 2, self.label_width - 28, self.rect.h - 4),
                         LABEL_SIZE, pal.text, middle=True)
