"""The small turning wheel that says the computer is thinking (the AI's move, a hint)."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

REACH = 14  #: virtual px from the centre the dots cover (radius 10, dots 3, a pixel to spare)


class Hinting(Protocol):
    def spinning(self) -> bool: ...


class SpinnerHost(Protocol):
    """What ``spinning`` and ``turning_alone`` need of a table."""

    spinners_aside: bool  #: ``animating()`` leaves the spinners out while set

    @property
    def thinking(self) -> bool: ...
    @property
    def hints(self) -> Hinting: ...
    def animating(self) -> bool: ...


def spinning(table: SpinnerHost) -> bool:
    """A spinner turns on the table: the AI thinks (header), a hint is being found (status line)."""
    return table.thinking or table.hints.spinning()


def turning_alone(table: SpinnerHost, canvas: Canvas) -> list[pygame.FRect] | None:
    """Where the spinners turn, if they are all of ``table`` that moves (its ``moving_parts``):
    the rects the last frame drew them in; ``None`` when anything else animates too."""
    if not spinning(table) or not canvas.turning:
        return None
    table.spinners_aside = True
    try:
        others = table.animating()
    finally:
        table.spinners_aside = False
    return None if others else list(canvas.turning)


def draw_spinner(canvas: Canvas, center: Point, time: float) -> None:
    """Eight dots round ``center``, the brightest leading, turned by ``time`` (seconds); the
    canvas keeps where (``Canvas.turning``)."""
    pal = palette()
    canvas.turning.append(pygame.FRect(center[0] - REACH, center[1] - REACH, 2 * REACH, 2 * REACH))
    for i in range(8):
        angle = time * 6 + i * math.pi / 4
        fade = (i + 1) / 8
        color = tuple(round(a * fade + b * (1 - fade)) for a, b in zip(pal.accent, pal.panel))
        canvas.circle(color, (center[0] + 10 * math.cos(angle), center[1] + 10 * math.sin(angle)), 3)
