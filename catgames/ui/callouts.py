"""What a table lays over its own board, drawn alike in every game.

A *verdict mark* sits on a drop's ghost: a tick on green or a cross on red, so the verdict never
rests on colour alone.  A *note* is a line or two about the piece in hand (notes and banners wrap
rather than shrink): why its ghost is red
(``error=True``, marked ✗), what it would do (``error=False``, marked ✓), or a plain tip
(``error=None``).  A *banner* is for everyone at the table: a player is out, the last phase
begins.
"""

from __future__ import annotations

import pygame

from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

NOTE_SIZE = 17
BANNER_SIZE = 20


def draw_verdict_mark(canvas: Canvas, centre: Point, radius: float, legal: bool) -> None:
    """A ✓ (legal) or ✗ on a disc of the verdict's colour, ringed white to stand out on a ghost."""
    pal = palette()
    canvas.circle(pal.ok if legal else pal.bad, centre, radius)
    canvas.circle((255, 255, 255), centre, radius, width=2)
    canvas.text("✓" if legal else "✗", centre, radius * 1.4, (255, 255, 255), "center",
                bold=True, fixed=True)


def draw_note(canvas: Canvas, rect: pygame.FRect, text: str, error: bool | None = None) -> None:
    """``text`` centred in ``rect``; a verdict is marked by sign and border, never colour alone."""
    pal = palette()
    canvas.rect(pal.panel, rect, radius=8)
    if error is not None:
        canvas.rect(pal.bad if error else pal.ok, rect, width=2, radius=8)
        text = ("✗ " if error else "✓ ") + text
    canvas.paragraph(text, rect.inflate(-16, -4), NOTE_SIZE, pal.text, align="center", middle=True)


def note_height(canvas: Canvas, text: str, width: float) -> float:
    """How tall a note of ``text`` ``width`` wide is: its wrapped lines, its sign and margins."""
    lines = len(canvas.wrap("✓ " + text, width - 16, NOTE_SIZE))
    return lines * canvas.line_height(NOTE_SIZE) + 14


def draw_banner(canvas: Canvas, rect: pygame.FRect, text: str) -> None:
    pal = palette()
    canvas.rect(pal.panel, rect, radius=12)
    canvas.rect(pal.focus, rect, width=3, radius=12)
    canvas.paragraph(text, rect.inflate(-24, -6), BANNER_SIZE, pal.text, bold=True,
                     align="center", middle=True)
