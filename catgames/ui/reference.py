"""Hover references: rest the pointer on a component of a table (or hold a press on it, for
touch) and its name and rules text show beside it, never over it.

A table answers ``component_at(pos) -> Reference | None`` from its own layout; ``HoverReference``
does the rest for every game: it watches the pointer, runs the delay (the scene's
``animating()`` asks it), keeps quiet while a piece is dragged, and draws the reference with
the shared tooltip look (``widgets.draw_tooltip``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from catgames.ui.canvas import Canvas, Point, RectLike
from catgames.ui.drag import CLICK_SLOP
from catgames.ui.i18n import capitalised
from catgames.ui.theme import palette
from catgames.ui.widgets import TOOLTIP_DELAY, draw_tooltip

LONG_PRESS = 0.5        #: a press held this long without moving shows the reference too (touch)
REFERENCE_WIDTH = 400.0  #: a reference's lines wrap at this width (at 100 % text)
REFERENCE_LAYER = 100    #: its text floats above the table's: the layout check sees it apart


@dataclass(frozen=True)
class Reference:
    """What a component is: its name, its rules text, and where it is (the tip stays clear);
    ``mark``: the part of it the text is about, outlined while the tip shows (a tile's side)."""

    title: str
    body: str
    rect: pygame.FRect
    mark: pygame.FRect | None = None

    @classmethod
    def of(cls, title: str, body: str, rect: RectLike, mark: RectLike | None = None) -> "Reference":
        """A reference whose title opens with a capital (``i18n.capitalised``)."""
        return cls(capitalised(title), body, pygame.FRect(rect), None if mark is None else pygame.FRect(mark))


Finder = Callable[[Point], "Reference | None"]


class HoverReference:
    """The pointer's rest (or a press held still) on a component, and its reference once the
    delay has run.  It only watches input: every event still goes on to the table."""

    def __init__(self, find: Finder) -> None:
        self.find = find
        self.pointer: Point | None = None  #: unknown until the pointer moves over the table
        self.rest = 0.0                    #: seconds the pointer has stayed on ``_under``
        self._under: Reference | None = None
        self._press: Point | None = None   #: where the button went down, while it is held
        self._moved = False                #: the held button has travelled: a drag, no tip
        self._hushed = False               #: a click or drop just ended: no tip until the pointer moves

    def observe(self, event: pygame.event.Event) -> None:
        """Follow the pointer; a press restarts the wait (a long press), a drag silences it."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer, self._hushed = event.pos, False
            if self._press is not None:
                dx, dy = event.pos[0] - self._press[0], event.pos[1] - self._press[1]
                self._moved = self._moved or dx * dx + dy * dy > CLICK_SLOP ** 2
            under = self.find(event.pos)
            if under != self._under:
                self._under, self.rest = under, 0.0
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer, self._press, self._moved = event.pos, event.pos, False
            self._under, self.rest = self.find(event.pos), 0.0
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:  # a dropped piece's tip
            self._press, self._moved, self.rest, self._hushed = None, False, 0.0, True  # would cover the board
        elif event.type in (pygame.KEYDOWN, pygame.WINDOWLEAVE):
            self._under, self.rest = None, 0.0

    @property
    def pressed_still(self) -> bool:
        """The button is held where it went down (a long press in the making)."""
        return self._press is not None and not self._moved

    def quiet(self, holding: bool) -> bool:
        """No reference now: while a held button travels (a drag, a pan), or a piece is carried
        (``holding``) other than by a press that has not moved, or after a click or a drop until
        the pointer moves on."""
        return self._moved or self._hushed or (holding and not self.pressed_still)

    def _delay(self) -> float:
        return LONG_PRESS if self._press is not None else TOOLTIP_DELAY

    def update(self, dt: float) -> None:
        self.rest += dt

    def animating(self, holding: bool) -> bool:
        """The delay runs towards a reference that will show."""
        return self._under is not None and self.rest < self._delay() and not self.quiet(holding)

    def shown(self, holding: bool) -> Reference | None:
        """The reference to draw now: the delay has run on the component still under the pointer."""
        if self.pointer is None or self._under is None or self.quiet(holding) \
                or self.rest < self._delay():
            return None
        return self._under

    def _recheck(self) -> None:
        """The table may have changed under a resting pointer (a move, a pan, a zoom): another
        component there waits its own delay."""
        if self.pointer is not None:
            under = self.find(self.pointer)
            if under != self._under:
                self._under, self.rest = under, 0.0

    def draw(self, canvas: Canvas, holding: bool) -> None:
        """Drawn only when something changed, so that is when the pointer's component is re-read."""
        self._recheck()
        ref = self.shown(holding)
        if ref is None:
            return
        if ref.mark is not None:
            canvas.rect(palette().focus, ref.mark.inflate(4, 4), width=3, radius=5)
        with canvas.apart(REFERENCE_LAYER):
            draw_tooltip(canvas, ref.body, ref.rect.center, ref.title, beside=ref.rect,
                         room=REFERENCE_WIDTH * canvas.text_scale)
