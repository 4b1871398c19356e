"""Join a table: the invite code a friend gave, and their server's address (empty: the server
address setting, else this computer's own server).  The tables hosted on the local network are
listed as they are heard (``net.discovery.LanBrowser``, through the interface
``net.hosting.lan_interface`` names, never one it picks itself); choosing one fills in its
address.  A joined table is kept (``net.kept``) and opened at once.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from catgames.net.discovery import DiscoveryError, Host, LanBrowser
from catgames.net.hosting import lan_interface
from catgames.net.kept import KeptTable
from catgames.net.links import TableLink
from catgames.net.lobby import LobbyError, invite_code, join_table
from catgames.net.protocol import PROTOCOL
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import heading
from catgames.ui.scenes.online_common import CallingScene, ServerCall, error_text, keep_table, shown_address
from catgames.ui.text_entry import TextEntry
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel

FORM = pygame.FRect(170, 160, 940, 240)
LAN = pygame.FRect(170, 420, 940, 240)
PAD, LABEL_W, FIELD_H = 30, 300, 48
LAN_ROWS = 3  #: tables of the local network listed at once
LISTEN_EVERY_S = 0.5  #: how often the heard tables are looked at


class JoinScene(CallingScene[TableLink]):
    def __init__(self, app: Any, browse: bool = True) -> None:
        super().__init__(app)
        self.address_text = ""
        self.code_text = ""
        self.browser: LanBrowser | None = None
        self.lan_problem = ""  #: why the local network's tables cannot be listed
        self.hosts: list[Host] = []
        self.fields: list[TextEntry] = []
        self._listen_in = 0.0
        self._browse = browse

    def enter(self) -> None:
        if self._browse:
            self.start_browsing()
        super().enter()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def start_browsing(self) -> None:
        interface = lan_interface()
        if interface is None:
            self.lan_problem = i18n.t("online.lan.no_network")
            return
        try:
            self.browser = LanBrowser([interface])
            self.browser.start()
        except (DiscoveryError, OSError):
            self.browser = None
            self.lan_problem = i18n.t("online.lan.cannot_listen")

    def build(self) -> None:
        self.widgets.add(Panel(FORM))
        placeholder = self.app.settings.server_address.strip() or i18n.t("online.server.this_computer")
        x = FORM.x + PAD + LABEL_W
        address = TextEntry((x, FORM.y + PAD, FORM.right - PAD - x, FIELD_H), self.address_text, placeholder,
                            partial(setattr, self, "address_text"), 200, tooltip=i18n.t("online.join_screen.address_tip"))
        code = TextEntry((x, FORM.y + PAD + FIELD_H + 16, 300, FIELD_H), self.code_text,
                         i18n.t("online.join_screen.code_example"),
                         partial(setattr, self, "code_text"), 20, tooltip=i18n.t("online.join_screen.code_tip"),
                         on_enter=self.join)  # the code typed, Enter joins (as the Join button)
        self.fields = [address, code]
        for field in self.fields:
            self.widgets.add(field)
        join = self.widgets.add(Button((FORM.right - PAD - 300, FORM.bottom - 24 - 58, 300, 58),
                                       i18n.t("online.join_screen.join"), self.join, primary=True))
        join.enabled = self.call is None
        self.widgets.add(Panel(LAN, i18n.t("online.lan.title")))
        row_h = max(50.0, self.app.canvas.line_height(18, True) + 16)
        for i, host in enumerate(self.hosts[:LAN_ROWS]):
            label = i18n.t("online.lan.host", name=host.name, address=shown_address(host.url))
            if host.protocol != PROTOCOL:
                label = i18n.t("online.lan.other_version", name=host.name)
            self.widgets.add(Button((LAN.x + PAD, LAN.y + 60 + i * (row_h + 8), LAN.w - 2 * PAD, row_h), label,
                                    partial(self.choose, host), size=18))
        self.widgets.add(Button((FORM.x, 690, 220, 58), i18n.t("common.back"), self.back))
        self.widgets.focus(code if self.address_text or not self.hosts else address)

    def choose(self, host: Host) -> None:
        """A table of the local network: its address goes in the field, the code comes next."""
        self.address_text = shown_address(host.url)
        self.rebuild()
        self.fields[1].start()

    def join(self) -> None:
        for field in self.fields:
            field.finish()
        if self.call is not None:
            return
        try:
            code = invite_code(self.code_text)
        except LobbyError as exc:
            self.app.toasts.show(error_text(exc), error=True)
            return
        self.call = ServerCall(self.app, lambda url: join_table(url, code), self.address_text)
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._listen_in -= dt
        if self.browser is not None and self._listen_in <= 0:
            self._listen_in = LISTEN_EVERY_S
            heard = self.browser.hosts()
            if heard != self.hosts:
                self.hosts = heard
                self.rebuild()
                self.app.invalidate()

    def succeeded(self, call: ServerCall[TableLink]) -> None:
        """Keep the seat and open its table."""
        assert call.result is not None
        keep_table(self.app, KeptTable(call.result, hosted=call.own))
        self.app.stack.pop()
        self.app.screens.online_table(call.result)

    def handle(self, event: pygame.event.Event) -> bool:
        editing = next((f for f in self.fields if f.editing), None)
        if editing is not None and editing.take(event):
            return True
        return super().handle(event)

    def draw_content(self, canvas: Canvas) -> None:
        title = heading(canvas, i18n.t("online.join_screen.title"), 30, 44)
        words = "online.join_screen.working" if self.call is not None else "online.join_screen.intro"
        canvas.paragraph(i18n.t(words), (90, title.bottom + 2, 1100, FORM.y - title.bottom - 8), 20,
                         palette().text_dim, align="center")

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal = palette()  # over the panels
        for field, key in zip(self.fields, ("online.join_screen.address", "online.join_screen.code")):
            canvas.paragraph(i18n.t(key), (FORM.x + PAD, field.rect.y - 6, LABEL_W - 20, field.rect.h + 12), 20,
                             pal.text, middle=True)
        if not self.hosts:
            words = self.lan_problem or i18n.t("online.lan.listening")
            canvas.paragraph(words, (LAN.x + PAD, LAN.y + 60, LAN.w - 2 * PAD, LAN.h - 80), 18, pal.text_dim)
