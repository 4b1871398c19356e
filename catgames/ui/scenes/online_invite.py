"""A table just hosted: the address and the invite code to give each friend, the spectators'
code, and the way to the table.  Codes are shown in two groups of four (``K7M2-XQ9P``), as a
person reads them aloud; the Join screen takes them with or without the dash."""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

import pygame

from catgames.core.catalogue import load_game
from catgames.net.lobby import Hosted
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.scenes.online_common import seat_words, shown_address
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel

PANEL = pygame.FRect(170, 150, 940, 520)
PAD = 30
LABEL_SIZE, CODE_SIZE, NOTE_SIZE = 20, 28, 17


def spaced(code: str) -> str:
    """``K7M2XQ9P`` as ``K7M2-XQ9P``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if code else ""


def only_here(url: str) -> bool:
    """The address reaches only this computer (a loopback server)."""
    try:
        return ipaddress.ip_address(urlsplit(url).hostname or "").is_loopback
    except ValueError:
        return urlsplit(url).hostname == "localhost"


class InviteScene(MenuScene):
    def __init__(self, app: Any, hosted: Hosted, own: bool) -> None:
        super().__init__(app)
        self.hosted, self.own = hosted, own

    def build(self) -> None:
        y = PANEL.bottom + 20
        self.widgets.add(Panel(PANEL))
        self.widgets.add(Button((PANEL.x, y, 360, 58), i18n.t("online.invite.back"), self.back))
        table = self.widgets.add(Button((PANEL.right - 360, y, 360, 58), i18n.t("online.invite.open"),
                                        self.open, primary=True))
        self.widgets.focus(table)

    def open(self) -> None:
        self.app.stack.pop()
        self.app.screens.online_table(self.hosted.link)

    def lines(self) -> list[tuple[str, str]]:
        """What to give, as (label, value) pairs: the address, each invite, the watch code."""
        link = self.hosted.link
        names = seat_words(link.game_id, max([load_game(link.game_id).min_players, *(s + 1 for s in link.tokens),
                                                *(s + 1 for s in self.hosted.invites)]))
        found = [(i18n.t("online.invite.address"), shown_address(link.url))]
        found += [(i18n.t("online.invite.code_for", seat=names[seat]), spaced(code))
                  for seat, code in sorted(self.hosted.invites.items())]
        if link.watch_code:
            found.append((i18n.t("online.invite.watch"), spaced(link.watch_code)))
        return found

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        title = heading(canvas, i18n.t("online.invite.title"), 30, 44)
        link = self.hosted.link
        intro = "online.invite.intro" if self.hosted.invites else "online.invite.no_friends"
        canvas.paragraph(i18n.t(intro, game=i18n.game_title(link.game_id)),
                         (90, title.bottom + 4, 1100, PANEL.y - title.bottom - 10), 20, pal.text_dim, align="center")

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal, link = palette(), self.hosted.link  # over the panel
        y = PANEL.y + PAD - 6
        label_w = (PANEL.w - 2 * PAD) * 0.45
        value_x = PANEL.x + PAD + label_w + 20
        row_h = canvas.line_height(CODE_SIZE, True) + 8
        for label, value in self.lines():
            canvas.paragraph(label, (PANEL.x + PAD, y, label_w, row_h), LABEL_SIZE, pal.text, middle=True)
            canvas.text(value, (value_x, y + row_h / 2), CODE_SIZE, pal.text, "midleft", bold=True,
                        max_width=PANEL.right - PAD - value_x)
            y += row_h
        if not self.own:
            notes = [i18n.t("online.invite.anywhere")]
        else:
            notes = [i18n.t("online.invite.only_here" if only_here(link.url) else "online.invite.same_network"),
                     i18n.t("online.invite.keep_open")]
        canvas.paragraph("\n".join(notes), (PANEL.x + PAD, y + 10, PANEL.w - 2 * PAD, PANEL.bottom - y - 20),
                         NOTE_SIZE, pal.text_dim)
