"""Text blocks of the bed table laid out by line height: the score lines of the side panel and
the breakdown of the end screen.  Each block is drawn at one size that fits its room, so a larger
text size (or a longer language) wraps its lines rather than running them into what follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from catgames.ui.canvas import Canvas

SWATCH = 22  #: a seat swatch before a line
INDENT = 32  #: where a line's text starts when it has a swatch (or lines up with those that do)

SwatchDrawer = Callable[[Canvas, int, pygame.FRect], None]


@dataclass(frozen=True)
class Line:
    """One entry of a block: a text wrapped to the block's width, after a seat swatch or an
    indent, and the gap that follows it."""

    text: str
    color: Sequence[int]
    seat: int | None = None
    indent: float = 0
    gap: float = 4


def _lines_of(canvas: Canvas, line: Line, width: float, size: float) -> list[str]:
    return canvas.wrap(line.text, width - line.indent, size)


def _height(canvas: Canvas, line: Line, width: float, size: float) -> float:
    text = len(_lines_of(canvas, line, width, size)) * canvas.line_height(size)
    return max(text, SWATCH + 2 if line.seat is not None else 0) + line.gap


def block_size(canvas: Canvas, lines: Sequence[Line], width: float, room: float, size: float) -> float:
    """The one size, steady as the text size rises, at which ``lines`` fit ``width`` x ``room``."""
    def fits(s: float) -> bool:
        wide = all(canvas.text_size(part, s)[0] <= width - line.indent
                   for line in lines for part in _lines_of(canvas, line, width, s))
        return wide and sum(_height(canvas, line, width, s) for line in lines) <= room
    return canvas.steady(size, fits)


def draw_block(canvas: Canvas, rect: pygame.FRect, lines: Sequence[Line], size: float,
               swatch: SwatchDrawer) -> float:
    """``lines`` stacked from the top of ``rect`` at one size that fits it; returns the bottom."""
    size = block_size(canvas, lines, rect.w, rect.h, size)
    step = canvas.line_height(size)
    y = rect.y
    for line in lines:
        height = _height(canvas, line, rect.w, size)
        if line.seat is not None:
            swatch(canvas, line.seat, pygame.FRect(rect.x, y + max(0.0, (step - SWATCH) / 2), SWATCH, SWATCH))
        text_h = len(_lines_of(canvas, line, rect.w, size)) * step
        canvas.paragraph(line.text, (rect.x + line.indent, y, rect.w - line.indent, text_h), size, line.color)
        y += height
    return y
