"""Short animations of a move: each piece the move carried flies (or walks) along its path over
the table, then the table shows it where it landed.

A game says, from a move's events, which pieces go from where to where (``Tween``: a path, a
way to draw the piece at a point, and the rect it lands in); ``BaseGameScene`` owns the
``Timeline``, starts it after each move and finishes it at once on any click or key, on undo and
on the next move, and never when the player chose "Reduce motion".

Nothing shows twice: the table is drawn as it is after the move, where the moving pieces have
left their starting places, and each tween's landing rect shows the board as it was before the
move (``still``, a picture the scene takes just before playing it) until the piece arrives.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Sequence, TypeVar

import pygame

from catgames.ui.canvas import Canvas, Point, RectLike

MOVE_TIME = 0.32   #: seconds a piece takes to fly to its place
STAGGER = 0.06     #: seconds between pieces of one move leaving (a deal, cubes one by one)
LONGEST = 0.45     #: no tween of a move ends later than this (a long walk goes faster)
#: a debugging aid, never a setting: stretches every animation (screenshots of one mid-way)
SLOW_ENV = "CATGAMES_MOTION_SLOW"

DrawAt = Callable[[Canvas, Point, float], None]  #: draws a piece at a point, given the progress


def ease_out(t: float) -> float:
    """Fast start, gentle landing: a piece thrown to its place."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Gentle start and landing: a cat walking its route."""
    return t * t * (3 - 2 * t)


def slowdown() -> float:
    try:
        return max(1.0, float(os.environ.get(SLOW_ENV, "1")))
    except ValueError:
        return 1.0


@dataclass
class Tween:
    """One piece moving along ``path`` (two points or more, each leg the same time), drawn by
    ``draw``; ``cover`` is where it lands, shown as before the move until it gets there, or
    ``hides`` names the piece for a table that leaves it out itself while it moves
    (``Timeline.hidden``), where the board before the move would not do.  A leg in ``jumps`` is
    hopped at its middle rather than slid along (a secret passage)."""

    draw: DrawAt
    path: Sequence[Point]
    cover: RectLike | None = None
    hides: tuple[Any, ...] | None = None  #: e.g. ``("hand", 2)``
    duration: float = MOVE_TIME
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out
    jumps: frozenset[int] = frozenset()
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 before it leaves, 1 once it landed, eased between."""
        return self.ease(min(1.0, max(0.0, (self.t - self.delay) / self.duration)))

    @property
    def pos(self) -> Point:
        legs = len(self.path) - 1
        if legs < 1:
            return self.path[0]
        at = self.progress * legs
        i = min(legs - 1, int(at))
        k = at - i
        a, b = self.path[i], self.path[i + 1]
        if i in self.jumps:
            return a if k < 0.5 else b
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def sprite(size: Point, draw: Callable[[Canvas, Point], None],
           grow: Callable[[float], float] | None = None,
           turn: Callable[[float], float] | None = None) -> DrawAt:
    """A piece that looks the same all the way (a card, a cat, a cube): drawn once, centred in a
    picture ``size`` large, then only moved (scaled by ``grow(progress)`` and turned by
    ``turn(progress)`` degrees anticlockwise, if given), so a frame costs one blit."""
    pictures: dict[tuple[float, float], pygame.Surface] = {}

    def draw_at(canvas: Canvas, pos: Point, progress: float) -> None:
        w, h = size
        key = (canvas.scale, canvas.text_scale)
        picture = pictures.get(key)
        if picture is None:
            picture = pygame.Surface((canvas.length(w) + 2, canvas.length(h) + 2), pygame.SRCALPHA)
            with canvas.unrecorded(), canvas.offscreen(picture):
                draw(canvas, (w / 2, h / 2))
            pictures[key] = picture
        k = grow(progress) if grow is not None else 1.0
        angle = turn(progress) if turn is not None else 0.0
        if angle:
            picture = pygame.transform.rotozoom(picture, angle, k)
        elif k != 1.0:
            real = (max(1, round(picture.get_width() * k)), max(1, round(picture.get_height() * k)))
            picture = pygame.transform.smoothscale(picture, real)
        centre = canvas.to_real(pos)
        canvas.surface.blit(picture, picture.get_rect(center=centre))
    return draw_at


def fit(tweens: list[Tween]) -> list[Tween]:
    """Squeeze a move's tweens so the last lands by ``LONGEST`` (a deal of many cards, a long
    walk), then stretch them all under the debugging aid."""
    end = max((tw.delay + tw.duration for tw in tweens), default=0.0)
    squeeze = min(1.0, LONGEST / end) if end else 1.0
    slow = slowdown()
    for tw in tweens:
        tw.delay *= squeeze * slow
        tw.duration *= squeeze * slow
    return tweens


def staggered(tweens: list[Tween], gap: float = STAGGER) -> list[Tween]:
    """The pieces leave one after another (cards dealt, cubes handed over)."""
    for i, tw in enumerate(tweens):
        tw.delay += i * gap
    return tweens


class Timeline:
    """The animations of the last move: advanced each frame, finished at once on request."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self._still: pygame.Surface | None = None
        self._still_at: tuple[pygame.Rect, float] | None = None

    def start(self, tweens: list[Tween], still: pygame.Surface | None = None,
              still_rect: pygame.Rect | None = None, scale: float = 1.0) -> None:
        """Run ``tweens`` (the previous move's are over); ``still`` is the board before the move,
        a picture of the real-pixel ``still_rect`` at the canvas ``scale``, for the covers."""
        self.tweens = fit([tw for tw in tweens if len(tw.path) >= 1])
        self._still = still if self.tweens else None
        self._still_at = (still_rect, scale) if still is not None and still_rect is not None else None

    def animating(self) -> bool:
        return bool(self.tweens)

    def left(self) -> float:
        """Seconds until the last piece lands (a staged moment waits for it)."""
        return max((tw.delay + tw.duration - tw.t for tw in self.tweens), default=0.0)

    def hidden(self) -> frozenset[tuple[Any, ...]]:
        """The pieces on their way that the table leaves out (``Tween.hides``)."""
        return frozenset(tw.hides for tw in self.tweens if tw.hides is not None)

    def finish(self) -> None:
        """Every piece where it lands, now."""
        self.tweens, self._still, self._still_at = [], None, None

    def update(self, dt: float) -> None:
        for tw in self.tweens:
            tw.t += dt
        self.tweens = [tw for tw in self.tweens if not tw.done]
        if not self.tweens:
            self.finish()

    def draw(self, canvas: Canvas) -> None:
        """Each piece on its way (over everything: it may fly to or from a side panel); one whose
        turn has not come stays where it is (on the deck, with the cat) until it leaves."""
        for tw in self.tweens:
            if tw.t >= tw.delay:
                tw.draw(canvas, tw.pos, tw.progress)

    def draw_covers(self, canvas: Canvas) -> None:
        """The landing places as they were before the move (drawn just over the board)."""
        if self._still is None or self._still_at is None:
            return
        rect, scale = self._still_at
        if scale != canvas.scale:  # the window changed size: the picture no longer lines up
            return
        for tw in self.tweens:
            if tw.cover is None:
                continue
            real = canvas.real_rect(tw.cover).clip(rect)
            if real.w > 0 and real.h > 0:
                canvas.surface.blit(self._still, real.topleft, real.move(-rect.x, -rect.y))


T = TypeVar("T")


def counted_down(shown: tuple[T, float] | None, dt: float) -> tuple[T, float] | None:
    """A thing shown for a while (a flash, a banner), ``dt`` later: ``None`` once its time is up."""
    return None if shown is None or shown[1] <= dt else (shown[0], shown[1] - dt)
