"""End turn on the table: a finished turn waiting for its player (``Match.awaiting``).

While it waits, the status line under the board — where the player's eyes are after a move —
says that the turn is done, that Enter passes it on and that Undo still takes a step back, and
its right end holds the End turn button.  The header keeps naming the player whose turn it is.
Kept apart from ``game_scene``, which only asks for the button and the line.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from catgames.core.rules import Seat
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

LABEL_SIZE = 18  #: the button's words, as the header's buttons
PROMPT_SIZE = 18  #: the status line's words (wrapped to two lines at a large text size)
GAP = 12  #: between the line's words and the button


def button_width(canvas: Canvas) -> float:
    """As wide as "End turn" needs in the player's language and text size, within reason."""
    return min(320.0, max(140.0, canvas.text_size(i18n.t("game.end_turn"), LABEL_SIZE, bold=True)[0] + 40))


def end_turn_button(canvas: Canvas, status: pygame.FRect, on_click: Callable[[], None]) -> Button:
    """The End turn button at the right end of the status line ``status``."""
    w = button_width(canvas)
    return Button((status.right - w, status.y, w, status.h), i18n.t("game.end_turn"), on_click,
                  primary=True, tooltip=i18n.t("game.end_turn_tip"), size=LABEL_SIZE)


def draw_prompt(canvas: Canvas, status: pygame.FRect) -> None:
    """The status line while the turn waits: what is done and what the player may do now."""
    pal = palette()
    room = pygame.FRect(status.x, status.y, status.w - button_width(canvas) - GAP, status.h)
    canvas.rect(pal.panel, room, radius=10)
    canvas.rect(pal.focus, room, width=3, radius=10)
    canvas.paragraph(i18n.t("game.end_turn_prompt"), room.inflate(-24, -4), PROMPT_SIZE, pal.text,
                     middle=True)


def waiting_words(names: Sequence[str], done: Seat, to_move: Seat) -> tuple[str, str]:
    """A title and a sentence for a table's own panel while the turn waits: whose turn is done
    (``Match.turn_shown``), and who plays once it is passed on (the shown position's mover)."""
    return (i18n.t("game.end_turn_header", seat=names[done]),
            i18n.t("game.end_turn_next", seat=names[to_move]))
