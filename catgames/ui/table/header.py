"""The table's header: the game's title and whose turn it is (the seat's key and name, the
turn's words, a spinner while an AI thinks), left of the header's buttons."""

from __future__ import annotations

from typing import Protocol

import pygame

from catgames.core.seats import REMOTE, SeatUpdate
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.table.layout import HEADER
from catgames.ui.table.spinner import draw_spinner
from catgames.ui.theme import palette


class HeaderHost(Protocol):
    """What the header needs of the table."""

    header_left: float  #: where the header's buttons begin: the turn's words end before it

    @property
    def public(self) -> SeatUpdate: ...
    @property
    def seat_names(self) -> list[str]: ...
    @property
    def thinking(self) -> bool: ...
    def turn_key(self) -> str: ...
    def turn_seat(self) -> int: ...
    def draw_seat_swatch(self, canvas: Canvas, seat: int, rect: pygame.FRect) -> None: ...


TITLE_X, TITLE_SIZE, TITLE_W = 20.0, 26, 360.0  #: the game's title in the header: where, how large, widest


def turn_left(canvas: Canvas, game_id: str) -> float:
    """Where the turn's words begin: right of the game's title, as far left as it allows."""
    title_w = min(TITLE_W, canvas.text_size(i18n.game_title(game_id), TITLE_SIZE, bold=True)[0])
    return min(400.0, TITLE_X + title_w + 32)


def draw_header(table: HeaderHost, canvas: Canvas, time: float) -> None:
    """The header's band, the game's title, then the turn as far right as the title allows
    (``time``: the table's seconds, which turn the spinner)."""
    pal = palette()
    canvas.rect(pal.panel, HEADER)
    game_id = table.public.game_id
    canvas.text(i18n.game_title(game_id), (TITLE_X, 32), TITLE_SIZE, pal.text, "midleft", bold=True,
                max_width=TITLE_W)
    draw_turn(table, canvas, (turn_left(canvas, game_id), 32), time)  # the more room for the turn


def turn_words_key(table: HeaderHost, seat: int, awaiting: bool) -> str:
    """The words of the turn: a machine thinks, a friend online plays (nobody here thinks for
    them), a turn waits for its End turn, or the game's own words of the turn."""
    if table.thinking:
        return "online_table.waiting_for" if table.public.seats[seat] == REMOTE else "game.thinking"
    return "game.end_turn_header" if awaiting else table.turn_key()


def draw_turn(table: HeaderHost, canvas: Canvas, pos: Point, time: float) -> None:
    """Whose turn it is (with the seat's colour, pattern and symbol) or that an AI thinks."""
    pal = palette()
    public = table.public
    if public.outcome is not None:
        canvas.text(i18n.t("game.over"), pos, 22, pal.text, "midleft", bold=True)
        return
    awaiting, seat = public.awaiting, table.turn_seat()
    if seat < 0:
        return
    table.draw_seat_swatch(canvas, seat, pygame.FRect(pos[0], pos[1] - 14, 28, 28))
    name, thinking = table.seat_names[seat], table.thinking
    key = turn_words_key(table, seat, awaiting)
    room = min(500.0, table.header_left - 12 - (pos[0] + 40) - (34 if thinking else 0))
    rect = canvas.text(i18n.t(key, seat=name), (pos[0] + 40, pos[1]), 22, pal.text, "midleft",
                       max_width=room)
    if thinking:
        draw_spinner(canvas, (rect.right + 22, pos[1]), time)
