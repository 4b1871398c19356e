"""A small painter for the procedural pictures: shapes in design units, anti-aliased.

A ``Pen`` paints on a picture ``size`` real pixels big whose width is ``width`` design units
(its height in units, ``h``, follows the picture's shape), at ``SUPERSAMPLE`` times the size,
then smooths it down: pygame's own shapes have jagged edges.  A ``Figure`` is a list of shapes
painted as one sticker: first all of them grown by the outline's width in the outline colour,
then each in its own colour, so overlapping parts share one clean outline (the house style).
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Iterator, Sequence, Union

import pygame

SUPERSAMPLE = 2
GRADIENT_STEPS = 24  #: bands of a gradient, smoothed into one another when stretched
Color = Sequence[int]
UPoint = tuple[float, float]


class Ellipse(tuple):
    """``Ellipse((cx, cy, rx, ry))``: a filled ellipse."""


class Poly(tuple):
    """``Poly(points)``: a filled polygon with round corners once outlined."""


class Stroke(tuple):
    """``Stroke((points, r))``: a round brush of radius ``r`` along ``points`` (tails, legs)."""


Shape = Union[Ellipse, Poly, Stroke]
Figure = Sequence[tuple[Shape, Color]]
Parts = list[tuple[Shape, Color]]  #: a figure being put together


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """``a`` moved a share ``t`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def curve(p0: UPoint, p1: UPoint, p2: UPoint, steps: int = 14) -> list[UPoint]:
    """Points along the quadratic Bézier curve from ``p0`` to ``p2`` pulled towards ``p1``."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def for_screen(picture: pygame.Surface) -> pygame.Surface:
    """``picture`` in the window's own pixel format, so blitting it each frame is quick (as it
    is, before a window is open)."""
    if pygame.display.get_surface() is None:
        return picture
    return picture.convert_alpha() if picture.get_flags() & pygame.SRCALPHA else picture.convert()


class Pen:
    """Paints in design units; ``picture()`` gives the finished, smoothed surface."""

    def __init__(self, size: tuple[int, int], width: float = 200.0, least_height: float = 0.0,
                 supersample: int = SUPERSAMPLE) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        self.ss = supersample
        self.k = supersample * min(self.size[0] / width, self.size[1] / max(1.0, least_height)
                                   if least_height else self.size[0] / width)
        self.w = width
        self.h = self.size[1] * supersample / self.k
        #: a picture too wide for ``least_height`` shows ``width`` in its middle, more either side
        self.left = (width - self.size[0] * supersample / self.k) / 2
        self.right = width - self.left
        self.surface = pygame.Surface((self.size[0] * supersample, self.size[1] * supersample),
                                      pygame.SRCALPHA)

    def picture(self) -> pygame.Surface:
        if self.ss == 1:
            return self.surface
        return pygame.transform.smoothscale(self.surface, self.size)

    # -- units -------------------------------------------------------------------------------
    def p(self, x: float, y: float) -> tuple[int, int]:
        return round((x - self.left) * self.k), round(y * self.k)

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    # -- shapes ------------------------------------------------------------------------------
    def fill(self, color: Color) -> None:
        self.surface.fill(color)

    def rect(self, color: Color, x: float, y: float, w: float, h: float, r: float = 0) -> None:
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        pygame.draw.rect(self.surface, color, (x0, y0, x1 - x0, y1 - y0),
                         border_radius=round(r * self.k))

    def band(self, color: Color, y: float, h: float) -> None:
        """A strip across the whole picture, ``h`` units tall from ``y`` (walls, floors)."""
        self.rect(color, self.left - 1, y, self.right - self.left + 2, h)

    def ellipse(self, color: Color, cx: float, cy: float, rx: float, ry: float) -> None:
        x0, y0 = self.p(cx - rx, cy - ry)
        x1, y1 = self.p(cx + rx, cy + ry)
        pygame.draw.ellipse(self.surface, color, (x0, y0, max(1, x1 - x0), max(1, y1 - y0)))

    def circle(self, color: Color, cx: float, cy: float, r: float) -> None:
        self.ellipse(color, cx, cy, r, r)

    def poly(self, color: Color, points: Sequence[UPoint]) -> None:
        pygame.draw.polygon(self.surface, color, [self.p(*q) for q in points])

    def lines(self, color: Color, points: Sequence[UPoint], w: float) -> None:
        """A plain polyline ``w`` units wide: quicker than ``stroke`` for fine texture lines."""
        pygame.draw.lines(self.surface, color, False, [self.p(*q) for q in points], self.n(w))

    def stroke(self, color: Color, points: Sequence[UPoint], r: float) -> None:
        """A round brush of radius ``r`` along ``points``: a band round each segment, a dab at
        each joint and end."""
        rad = r * self.k
        real = [(x * self.k - self.left * self.k, y * self.k) for x, y in points]
        for (ax, ay), (bx, by) in zip(real, real[1:]):
            length = math.hypot(bx - ax, by - ay)
            if length:
                nx, ny = -(by - ay) / length * rad, (bx - ax) / length * rad
                pygame.draw.polygon(self.surface, color, [(ax + nx, ay + ny), (bx + nx, by + ny),
                                                          (bx - nx, by - ny), (ax - nx, ay - ny)])
        for x, y in real:
            pygame.draw.circle(self.surface, color, (x, y), max(1.0, rad))

    def line(self, color: Color, a: UPoint, b: UPoint, w: float) -> None:
        self.stroke(color, (a, b), w / 2)

    def shape(self, shape: Shape, color: Color, grow: float = 0.0) -> None:
        """One shape of a figure, grown by ``grow`` units all round (its outline pass)."""
        if isinstance(shape, Ellipse):
            cx, cy, rx, ry = shape
            self.ellipse(color, cx, cy, rx + grow, ry + grow)
        elif isinstance(shape, Stroke):
            points, r = shape
            self.stroke(color, points, r + grow)
        else:
            self.poly(color, shape)
            if grow:
                self.stroke(color, list(shape) + [shape[0]], grow)

    def figure(self, parts: Figure, outline: Color, width: float) -> None:
        """``parts`` as one outlined sticker (see the module docstring)."""
        for shape, _ in parts:
            self.shape(shape, outline, width)
        for shape, color in parts:
            self.shape(shape, color)

    def gradient(self, top: Color, bottom: Color, y0: float = 0.0, y1: float | None = None) -> None:
        """Bands across the whole picture from ``top`` at ``y0`` to ``bottom`` at ``y1`` (default:
        the foot)."""
        y1 = self.h if y1 is None else y1
        a, b = self.p(0, y0)[1], self.p(0, y1)[1]
        strip = pygame.Surface((2, GRADIENT_STEPS))
        for i in range(GRADIENT_STEPS):
            strip.fill(mix(top, bottom, i / (GRADIENT_STEPS - 1)), (0, i, 2, 1))
        self.surface.blit(pygame.transform.smoothscale(strip, (self.surface.get_width(), max(1, b - a))), (0, a))

    @contextmanager
    def glaze(self, alpha: int) -> Iterator[None]:
        """Paint the block's shapes see-through (``alpha`` of 255), as one layer."""
        below = self.surface
        self.surface = pygame.Surface(below.get_size(), pygame.SRCALPHA)
        try:
            yield
        finally:
            layer, self.surface = self.surface, below
            layer.set_alpha(alpha)
            below.blit(layer, (0, 0))
