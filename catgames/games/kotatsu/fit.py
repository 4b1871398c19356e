"""Text sizes for the Kotatsu Cats table that follow the text-size setting as far as their room
allows: a larger setting never draws a text smaller than a smaller setting does, and a text is
shrunk below its 100 % size only when even that does not fit (then alike at every setting).

Text on a piece (a card's letter, an edge's hand label, a count beside an icon) grows only
``PIECE_GROWTH`` as much as other text, since its piece keeps its size.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from catgames.ui.canvas import Canvas, Point, RectLike

PIECE_GROWTH = 0.5   #: a piece's text grows by half the text-size setting's step (150 % → 125 %)
GRID = 24            #: candidate sizes between the 100 % size and the scaled one, per doubling


def piece_size(canvas: Canvas, size: float) -> float:
    """The size (for ``fixed=True``) of a text on a piece at the current text-size setting."""
    return size * piece_growth(canvas)


def piece_growth(canvas: Canvas) -> float:
    """How much larger than at 100 % a piece's text (and the room round it) is drawn."""
    return 1.0 + PIECE_GROWTH * (canvas.text_scale - 1.0)


def steady(canvas: Canvas, size: float, fits: Callable[[float], bool], fixed: bool = False) -> float:
    """The largest size, as ``canvas`` takes it, from the scaled ``size`` down to the 100 % one
    at which ``fits``; the candidates lie on one grid for every setting, so the result never
    falls as the setting rises.  Nothing fits: the 100 % size (the caller may still shrink)."""
    scale = 1.0 if fixed else canvas.text_scale
    top = size * (piece_growth(canvas) if fixed else scale)
    steps = int((top / size - 1.0) * GRID + 1e-9)
    for k in range(steps, 0, -1):
        candidate = size * (1.0 + k / GRID) / scale
        if fits(candidate):
            return candidate
    return size / scale


def line(canvas: Canvas, text: str, pos: Point, size: float, color: Sequence[int], room: float,
         anchor: str = "topleft", bold: bool = False, fixed: bool = False) -> pygame.FRect:
    """One line of ``text`` as large as ``room`` lets it be (see ``steady``)."""
    at = steady(canvas, size, lambda s: canvas.text_size(text, s, bold, fixed)[0] <= room, fixed)
    return canvas.text(text, pos, at, color, anchor, bold=bold, max_width=room, fixed=fixed)


def paragraph(canvas: Canvas, text: str, rect: RectLike, size: float, color: Sequence[int],
              bold: bool = False, align: str = "left") -> float:
    """Wrapped ``text`` in ``rect``, as large as ``rect`` lets it be; returns the height used."""
    at = steady(canvas, size, lambda s: canvas.paragraph_size(text, rect, s, bold) == s)
    return canvas.paragraph(text, rect, at, color, bold, align)
