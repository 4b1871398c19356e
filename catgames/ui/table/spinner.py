"""The small turning wheel that says the computer is thinking (the AI's move, a hint)."""

from __future__ import annotations

import math

from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette


def draw_spinner(canvas: Canvas, center: Point, time: float) -> None:
    """Eight dots round ``center``, the brightest leading, turned by ``time`` (seconds)."""
    pal = palette()
    for i in range(8):
        angle = time * 6 + i * math.pi / 4
        fade = (i + 1) / 8
        color = tuple(round(a * fade + b * (1 - fade)) for a, b in zip(pal.accent, pal.panel))
        canvas.circle(color, (center[0] + 10 * math.cos(angle), center[1] + 10 * math.sin(angle)), 3)
