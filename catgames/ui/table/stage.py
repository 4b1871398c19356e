"""Staged moments: a few timed steps a table plays over its board (a final scoring walked through
section by section before the end screen, a resolution's results) so that a player sees on the
board what the log would otherwise have to tell.

Each step is a ``motion.Tween`` (its ``delay`` is when it begins, its ``duration`` how long it
takes, its ``draw`` what it shows at its progress) that stays shown, finished, while the later
ones play: the walkthrough builds up on the board.  Any click or key skips to the end and does
nothing else; under "Reduce motion" nothing is played and what follows comes at once.  A table
owns one ``Stage``; ``play`` starts a walkthrough and says what comes after it.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Tween, slowdown

GAP = 0.12  #: seconds between one step's end and the next one's start
SKIPPING = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)  #: events that skip a stage


def in_turn(steps: Sequence[Tween], gap: float = GAP) -> list[Tween]:
    """``steps`` one after another, each begun once the one before has ended (stretched by the
    debugging aid of ``motion``, as a move's tweens are)."""
    slow, start = slowdown(), 0.0
    for step in steps:
        step.duration *= slow
        step.delay = start
        start += step.duration + gap * slow
    return list(steps)


def draw_pill(canvas: Canvas, centre: Point, text: str, size: float, fill: Sequence[int],
              ink: Sequence[int], edge: Sequence[int] | None = None) -> None:
    """A number or a word a walkthrough puts on the board (a place, the points being counted):
    ``text`` at ``size`` (``fixed``: it is part of the board) in a rounded pill."""
    w, h = canvas.text_size(text, size, True, fixed=True)
    pill = pygame.FRect(0, 0, w + size * 0.9, h + size * 0.2).move_to(center=centre)
    canvas.rect(fill, pill, radius=pill.h / 2)
    canvas.rect(ink if edge is None else edge, pill, width=2, radius=pill.h / 2)
    canvas.text(text, pill.center, size, ink, "center", bold=True, fixed=True)


class Stage:
    """The walkthrough a table plays now (none most of the time)."""

    def __init__(self) -> None:
        self.steps: list[Tween] = []
        self._then: Callable[[], None] | None = None
        self.played = False  #: the last walkthrough asked for was shown (what follows need not count again)

    @property
    def playing(self) -> bool:
        return bool(self.steps)

    def play(self, steps: Sequence[Tween], then: Callable[[], None], reduce_motion: bool) -> None:
        """Play ``steps`` (``in_turn``'s), then call ``then``; at once if there are none or the
        player chose to reduce motion."""
        self.stop()
        self.played = not reduce_motion and bool(steps)
        if not self.played:
            then()
            return
        self.steps, self._then = list(steps), then

    def begun(self) -> int:
        """How many steps have begun (the last of them is the one being shown now)."""
        return sum(1 for step in self.steps if step.t >= step.delay)

    def update(self, dt: float) -> None:
        for step in self.steps:
            step.t += dt
        if self.steps and all(step.done for step in self.steps):
            self._end()

    def skip(self) -> None:
        """Every step shown done, and on to what follows."""
        for step in self.steps:
            step.t = step.delay + step.duration
        self._end()

    def stop(self) -> None:
        """Drop the walkthrough and what was to follow it (the match changed under it)."""
        self.steps, self._then = [], None

    def swallow(self, event: pygame.event.Event) -> bool:
        """A click or key while a stage plays skips it, and is taken for that alone."""
        if not self.steps or event.type not in SKIPPING:
            return False
        self.skip()
        return True

    def draw(self, canvas: Canvas) -> None:
        """Every step begun, at its progress (finished ones at their end)."""
        for step in self.steps:
            if step.t >= step.delay:
                step.draw(canvas, step.pos, step.progress)

    def _end(self) -> None:
        then = self._then
        self.stop()
        if then is not None:
            then()
