"""The popup pinned over the Woof Days / Cat Days table, and what clicks do with it: a click on
the discard pile or on a day opens that pile or the day's whole stack to read; a drop on a day
where several cards of its stack may be chosen opens the stack as a chooser, whose lit cards
play when clicked.  Any other click, or Esc, closes it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from catgames.games.days.components import Choose, Move, Play
from catgames.games.days.table.board import Look
from catgames.games.days.table.popups import Inspect, draw_inspect, inspect_layout
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point


class Inspector:
    """The pinned popup (``shown``, ``None`` when there is none); ``play`` plays a chosen move."""

    def __init__(self, play: Callable[[Move], object]) -> None:
        self.shown: Inspect | None = None
        self._play = play

    def choose(self, seat: int, day: int, moves: Sequence[Play | Choose]) -> None:
        """One move for that day: play it; several (cards of one stack): let the player pick."""
        if len(moves) == 1:
            self._play(moves[0])
        elif moves:
            self.shown = Inspect("day", seat, day, {m.pos: m for m in moves})

    def open_at(self, look: Look, pos: Point) -> bool:
        """Clicks that only look: the discard pile, or a day's whole stack."""
        if look.side.discard.collidepoint(pos):
            self.shown = Inspect("discard")
            return True
        spot = look.layout.day_at(pos)
        if spot is not None and look.facts.view.weeks[spot[0]][spot[1]]:
            self.shown = Inspect("day", *spot)
            return True
        return False

    def handle(self, event: pygame.event.Event, look: Look, measure: Canvas) -> bool:
        """While a popup is pinned: a click on a pickable card plays it; any other click or Esc
        closes it."""
        assert self.shown is not None
        intent = I.first(event, I.SELECT, I.BACK)
        if intent is None:
            return False
        picks = self.shown.picks
        if intent.pos is not None and picks:
            for pos, rect in self.cards(look, measure):
                if rect.collidepoint(intent.pos) and pos in picks:
                    self.shown = None
                    self._play(picks[pos])
                    return True
        self.shown = None
        return True

    def cards(self, look: Look, measure: Canvas) -> list[tuple[int, pygame.FRect]]:
        """The cards of the pinned stack popup as (stack position, rect), for clicks."""
        if self.shown is None or self.shown.kind != "day":
            return []
        return list(enumerate(inspect_layout(measure, look, self.shown)[1]))

    def draw(self, canvas: Canvas, look: Look, spot: str) -> None:
        """The pinned popup; ``spot`` names its day in words."""
        if self.shown is not None:
            draw_inspect(canvas, look, self.shown, spot)
