"""A table just hosted: the address and the invite code to give each friend, the spectators'
code, and the way to the table.  Codes are shown in two groups of four (``K7M2-XQ9P``), as a
person reads them aloud; the Join screen takes them with or without the dash.

While it shows, the host's seats are taken (their lines open), as at the table: a friend
who joins and waits does not see the AI stand in for a host reading the codes (a play-test saw
it play the host's first turn).  Those lines tell each seat's presence, so a seat a friend has
taken says so instead of offering its code again.  Back to Play online leaves the table."""

from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame

from catgames.core.catalogue import load_game
from catgames.net.attendance import OPEN, RECONNECTING, STAND_IN
from catgames.net.links import TableLink
from catgames.net.lobby import Hosted
from catgames.net.remote import RemoteRunner
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.scenes.online_common import only_here, seat_words, shown_address
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel

PANEL = pygame.FRect(170, 150, 940, 520)
PAD = 30
LABEL_SIZE, CODE_SIZE, NOTE_SIZE, INTRO_SIZE = 20, 28, 17, 20
TITLE_Y, TITLE_SIZE = 30, 44
INTRO_LINES = 2  #: the lines the intro may take before it shrinks (the panel moves down for them)
BUTTON_H, BOTTOM = 58, 792  #: the buttons under the panel, and where the screen's room ends
#: a taken seat's words, by its presence (a seat still free shows its code)
TAKEN = {RECONNECTING: "seat_kind.remote_reconnecting", STAND_IN: "seat_kind.remote_stand_in"}


def spaced(code: str) -> str:
    """``K7M2XQ9P`` as ``K7M2-XQ9P``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if code else ""


class Seats(Protocol):
    """The host's seats, taken (their lines open) until ``close``; ``step`` reads the lines,
    ``presence`` is then each seat's (``net.attendance``; empty before the first update)."""

    presence: tuple[str, ...]

    def step(self, dt: float) -> object: ...

    def close(self) -> None: ...


class InviteScene(MenuScene):
    """``take_seats``: how the host's seats are taken while this shows (the layout tests, whose
    tables exist nowhere, take none)."""

    def __init__(self, app: Any, hosted: Hosted, own: bool,
                 take_seats: Callable[[TableLink], Seats] = RemoteRunner) -> None:
        super().__init__(app)
        self.hosted, self.own = hosted, own
        self.panel = PANEL
        self.take_seats = take_seats
        self.seated: Seats | None = None

    def enter(self) -> None:
        super().enter()
        self.seated = self.take_seats(self.hosted.link)

    def exit(self) -> None:
        if self.seated is not None:
            self.seated.close()
            self.seated = None
        super().exit()

    def update(self, dt: float) -> None:
        """The host's lines read: a seat taken (or left) since is shown so."""
        super().update(dt)
        if self.seated is not None:
            before = self.seated.presence
            self.seated.step(dt)
            if self.seated.presence != before:
                self.rebuild()
                self.app.invalidate()

    def build(self) -> None:
        self.panel = self.fitted_panel()
        self.widgets.add(Panel(self.panel))
        y = min(max(PANEL.bottom, self.panel.bottom) + 20, BOTTOM - BUTTON_H)  # where they always were, if room
        self.widgets.add(Button((PANEL.x, y, 360, BUTTON_H), i18n.t("online.invite.back"), self.back))
        table = self.widgets.add(Button((PANEL.right - 360, y, 360, BUTTON_H), i18n.t("online.invite.open"),
                                        self.open, primary=True))
        self.widgets.focus(table)

    def row_height(self) -> float:
        return self.app.canvas.line_height(CODE_SIZE, True) + 8

    def notes(self) -> str:
        link = self.hosted.link
        if not self.own:
            return i18n.t("online.invite.anywhere")
        return "\n".join([i18n.t("online.invite.only_here" if only_here(link.url) else "online.invite.same_network"),
                          i18n.t("online.invite.keep_open")])

    def intro(self) -> str:
        link = self.hosted.link
        key = "online.invite.intro" if self.hosted.invites else "online.invite.no_friends"
        return i18n.t(key, game=i18n.game_title(link.game_id))

    def intro_rect(self) -> pygame.FRect:
        """Under the title, room for the intro's lines at full size (up to ``INTRO_LINES``: a
        long sentence at large text wraps rather than shrinks)."""
        canvas = self.app.canvas
        top = TITLE_Y + canvas.line_height(TITLE_SIZE, True) + 4
        lines = min(INTRO_LINES, len(canvas.wrap(self.intro(), 1100, INTRO_SIZE)))
        return pygame.FRect(90, top, 1100, max(PANEL.y - 10 - top, lines * canvas.line_height(INTRO_SIZE)))

    def fitted_panel(self) -> pygame.FRect:
        """Under the intro, as tall as what it shows (at most ``PANEL``'s height, and the
        buttons under it kept on the screen): the codes, then the notes."""
        canvas = self.app.canvas
        notes = len(canvas.wrap(self.notes(), PANEL.w - 2 * PAD, NOTE_SIZE)) * canvas.line_height(NOTE_SIZE)
        height = min(PANEL.h, 2 * PAD + len(self.lines()) * self.row_height() + 10 + notes)
        top = min(max(PANEL.y, self.intro_rect().bottom + 10), BOTTOM - BUTTON_H - 20 - height)
        return pygame.FRect(PANEL.x, top, PANEL.w, height)

    def open(self) -> None:
        self.app.stack.pop()
        self.app.screens.online_table(self.hosted.link)

    def lines(self) -> list[tuple[str, str]]:
        """What to give, as (label, value) pairs: the address, each invite, the watch code."""
        link = self.hosted.link
        names = seat_words(link.game_id, max([load_game(link.game_id).min_players, *(s + 1 for s in link.tokens),
                                                *(s + 1 for s in self.hosted.invites)]))
        presence = self.seated.presence if self.seated is not None else ()
        found = [(i18n.t("online.invite.address"), shown_address(link.url))]
        for seat, code in sorted(self.hosted.invites.items()):
            state = presence[seat] if seat < len(presence) else OPEN
            if state == OPEN:
                found.append((i18n.t("online.invite.code_for", seat=names[seat]), spaced(code)))
            else:  # taken: its code is no more to give
                found.append((names[seat], i18n.t(TAKEN.get(state, "online.invite.taken"))))
        if link.watch_code:
            found.append((i18n.t("online.invite.watch"), spaced(link.watch_code)))
        return found

    def draw_content(self, canvas: Canvas) -> None:
        heading(canvas, i18n.t("online.invite.title"), TITLE_Y, TITLE_SIZE)
        canvas.paragraph(self.intro(), self.intro_rect(), INTRO_SIZE, palette().text_dim, align="center")

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal = palette()  # over the panel
        y = self.panel.y + PAD - 6
        label_w = (PANEL.w - 2 * PAD) * 0.45
        value_x = PANEL.x + PAD + label_w + 20
        row_h = self.row_height()
        for label, value in self.lines():
            canvas.paragraph(label, (PANEL.x + PAD, y, label_w, row_h), LABEL_SIZE, pal.text, middle=True)
            canvas.text(value, (value_x, y + row_h / 2), CODE_SIZE, pal.text, "midleft", bold=True,
                        max_width=PANEL.right - PAD - value_x)
            y += row_h
        canvas.paragraph(self.notes(), (PANEL.x + PAD, y + 10, PANEL.w - 2 * PAD, self.panel.bottom - y - PAD + 6),
                         NOTE_SIZE, pal.text_dim)
