"""Woof / Cat Days' weeks tallied on the board before the end screen (the steps of
``ui.table.stage``): each seat's week in the end screen's order, day by day from Monday, its
scoring card (or a Cat Tree's cats) lit and its points counting up over it, then the week's
total; the week's label counts up with it (``WeekTally.tally``).  Pure drawing from the final
position, scored by the rules' own ``scoring``."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from catgames.games.days.components import DAYS
from catgames.games.days.scoring import day_points
from catgames.games.days.table.board import Look
from catgames.games.days.table.view import draw_count_badge
from catgames.ui import i18n
from catgames.ui.callouts import draw_banner
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import DrawAt, Tween, ease_in_out, ease_out
from catgames.ui.table.stage import draw_pill, in_turn
from catgames.ui.theme import palette

DAY_TIME = 0.55     #: a day counted, when there are few
DAYS_TIME = 9.0     #: the days of all weeks take no longer than this in all
SHORTEST = 0.3      #: however many days, each is counted at least this long
TOTAL_TIME = 1.2    #: a week's total
CAPTION = 17        #: what is happening and how to skip, where the prompt was
COUNTING = 26       #: the points of the day being counted, over its card (``fixed``)


@dataclass
class WeekTally:
    """The walkthrough of the final weeks: its steps, and the points each step gives a seat."""

    look: Look
    steps: list[Tween] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)  #: (seat, points) per step
    days: list[tuple[int, int, int]] = field(default_factory=list)  #: (seat, day, points) counted, in turn

    def __post_init__(self) -> None:
        state = self.look.facts.view
        for seat in range(state.players):
            for day in range(DAYS):
                stack = state.weeks[seat][day]
                if stack:
                    self.days.append((seat, day, day_points(state.data, stack, bool(state.trees[seat] >> day & 1))))
        each = max(SHORTEST, min(DAY_TIME, DAYS_TIME / max(1, len(self.days))))
        for seat in range(state.players):
            for counted in (entry for entry in self.days if entry[0] == seat):
                self._add(self._day(*counted), each, (seat, counted[2]))
            total = sum(points for who, _, points in self.days if who == seat)
            self._add(self._total(seat, total), TOTAL_TIME, (seat, 0))
        in_turn(self.steps)
        end = self.steps[-1].delay + self.steps[-1].duration
        self.steps.append(Tween(self._caption, [self.look.layout.banner.center], duration=end, ease=lambda t: t))

    def tally(self) -> tuple[int, ...]:
        """Each seat's points so far: the steps begun, at their progress."""
        got = [0] * self.look.facts.view.players
        for step, (seat, gain) in zip(self.steps, self.points):
            if step.t >= step.delay:
                got[seat] += round(gain * step.progress)
        return tuple(got)

    # -- the steps ------------------------------------------------------------------------
    def _add(self, draw: DrawAt, duration: float, gain: tuple[int, int]) -> None:
        self.steps.append(Tween(draw, [self.look.layout.board.center], duration=duration, ease=ease_out))
        self.points.append(gain)

    def _day(self, seat: int, day: int, points: int) -> DrawAt:
        rect = self.look.layout.card_rect(seat, day)

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            pal = palette()
            shown = f"+{round(points * ease_in_out(progress))}"
            if progress < 1:  # being counted: the card lit, its points large over it
                canvas.rect(pal.focus, rect.inflate(8, 8), width=4, radius=10)
                draw_pill(canvas, rect.center, shown, canvas.piece_size(COUNTING), pal.focus, pal.text_on_accent)
            else:  # counted: its points stay over its top
                draw_count_badge(canvas, (rect.centerx, rect.y + 2), shown, pal.panel, pal.text)
        return draw

    def _total(self, seat: int, total: int) -> DrawAt:
        lay = self.look.layout
        row = lay.rows[seat].rect
        days = pygame.FRect(lay.x0, row.y, lay.slot_w * DAYS, row.h)
        text = i18n.plural("days.tally_total", total, seat=self.look.names[seat])

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if progress >= 1:
                return  # the label keeps the total
            canvas.rect(palette().focus, row.inflate(6, 4), width=4, radius=10)
            banner = pygame.FRect(0, 0, min(days.w * 0.8, 520), min(row.h - 8, 64)).move_to(center=days.center)
            draw_banner(canvas, banner, text)
        return draw

    def _caption(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """What is happening and how to skip it, where the prompt was."""
        if progress >= 1:
            return
        pal = palette()
        banner = self.look.layout.banner
        canvas.rect(pal.panel, banner, radius=10)
        canvas.rect(pal.focus, banner, width=3, radius=10)
        words = f"{i18n.t('days.tally_caption')}  ·  {i18n.t('stage.skip')}"
        canvas.paragraph(words, banner.inflate(-24, -6), CAPTION, pal.text, bold=True, align="center", middle=True)
