"""The two messages a table lays over its own board, drawn alike in every game.

A *note* is one line about the piece in hand: why its ghost is red (``error=True``, marked ✗),
what it would do (``error=False``, marked ✓), or a plain tip (``error=None``).  A *banner* is
for everyone at the table: a player is out, the last phase begins.
"""

from __future__ import annotations

import pygame

from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

NOTE_SIZE = 17
BANNER_SIZE = 20


def draw_note(canvas: Canvas, rect: pygame.FRect, text: str, error: bool | None = None) -> None:
    """``text`` centred in ``rect``; a verdict is marked by sign and border, never colour alone."""
    pal = palette()
    canvas.rect(pal.panel, rect, radius=8)
    if error is not None:
        canvas.rect(pal.bad if error else pal.ok, rect, width=2, radius=8)
        text = ("✗ " if error else "✓ ") + text
    canvas.text(text, rect.center, NOTE_SIZE, pal.text, "center", max_width=rect.w - 16)


def draw_banner(canvas: Canvas, rect: pygame.FRect, text: str) -> None:
    pal = palette()
    canvas.rect(pal.panel, rect, radius=12)
    canvas.rect(pal.focus, rect, width=3, radius=12)
    canvas.text(text, rect.center, BANNER_SIZE, pal.text, "center", bold=True,
                max_width=rect.w - 24)
