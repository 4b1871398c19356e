"""Cathood's final scoring walked through before the end screen (steps of ``ui.table.stage``):
a score sheet laid over the neighbourhood fills in category by category, in the end screen's
column order — buildings, parks, each toy type, cubes left, the reserved card — each row lit
while every cat's points for it count up (with what they were counted from: ``×2`` cards,
toys or cubes), then the totals, the winners ticked.  The side panel's points count up with
it (``FinalWalk.tally``), so the end screen, which shows the same columns, counts nothing again.

Pure drawing from the rules' own scoring (``scoring.SeatScore``, as the outcome sums it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from catgames.games.cathood.components import CathoodData
from catgames.games.cathood.scoring import Boards, SeatScore
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.panels import name_text
from catgames.ui import i18n
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.motion import Tween, ease_in_out, ease_out
from catgames.ui.table.stage import in_turn
from catgames.ui.theme import palette

ROW_TIME = 0.9      #: one category counted for every cat
TOTAL_TIME = 1.6    #: the totals, to be read
SHEET = pygame.FRect(L.NEIGHBOURHOOD.inflate(-16, -16))
TEXT = 17.0
STAGGER = 0.8       #: the second line of staggered names, under the first (in rows)
Draw = Callable[[Canvas, Point, float], None]


@dataclass(frozen=True)
class Row:
    """One category of the sheet: its name, and per cat its points and what they count."""

    key: str                         #: the end screen's column (``buildings``, a toy type…)
    points: tuple[int, ...]
    counts: tuple[int | None, ...]   #: cards, toys or cubes counted (``None``: nothing to say)


def sheet_rows(data: CathoodData, boards: Boards, scores: Sequence[SeatScore]) -> list[Row]:
    """The categories in the end screen's order, each cat's points as the rules score them
    (``boards``: the cards they were counted from)."""
    seats = range(len(scores))
    rows = [Row("buildings", tuple(s.buildings for s in scores), tuple(len(boards.buildings[s]) for s in seats)),
            Row("parks", tuple(s.parks for s in scores), tuple(len(boards.parks[s]) for s in seats))]
    rows += [Row(toy, tuple(s.toys[k] for s in scores), tuple(s.toy_counts[k] for s in scores))
             for k, toy in enumerate(data.toy_types)]
    rows += [Row("cubes", tuple(s.cubes for s in scores), tuple(s.cube_count for s in scores)),
             Row("reserved", tuple(s.reserve for s in scores), tuple(None for _ in scores))]
    return rows


@dataclass
class FinalWalk:
    """The walkthrough of the final scoring: a step per category, then the totals."""

    data: CathoodData
    boards: Boards                   #: the final position (the cards counted)
    scores: Sequence[SeatScore]
    names: Sequence[str]
    winners: Sequence[int]
    rows: list[Row] = field(default_factory=list)
    steps: list[Tween] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rows = sheet_rows(self.data, self.boards, self.scores)
        self.steps.append(Tween(self._sheet, [SHEET.center], duration=0.5, ease=ease_out))
        for i, row in enumerate(self.rows):
            self.steps.append(Tween(self._row(i, row), [SHEET.center], duration=ROW_TIME, ease=ease_out))
        self.steps.append(Tween(self._totals, [SHEET.center], duration=TOTAL_TIME, ease=ease_out))
        in_turn(self.steps)

    def tally(self) -> list[int]:
        """Each cat's points so far: the rows begun, at their progress."""
        got = [0] * len(self.scores)
        for row, step in zip(self.rows, self.steps[1:]):
            if step.t >= step.delay:
                for seat, points in enumerate(row.points):
                    got[seat] += round(points * ease_in_out(step.progress))
        return got

    # -- where things go ------------------------------------------------------------------
    def _line(self, canvas: Canvas) -> float:
        """A row's height: room for the text at the player's size, the sheet's height shared."""
        heading = STAGGER if self._staggered(canvas) else 0.0
        return min(canvas.line_height(TEXT, bold=True) * 1.7, (SHEET.h - 20) / (len(self.rows) + 4.2 + heading))

    def _row_y(self, canvas: Canvas, i: int) -> float:
        """The middle of row ``i`` (-1: the heading of names, its upper line when staggered;
        ``len(rows)``: the totals)."""
        line = self._line(canvas)
        heading = STAGGER if i >= 0 and self._staggered(canvas) else 0.0
        return SHEET.y + 10 + line * (i + 2.5 + heading) + (line * 0.3 if i >= len(self.rows) else 0)

    def _name_span(self, canvas: Canvas, x: float) -> tuple[float, float]:
        """Where a name over the column at ``x`` may go: the column, or when the names are
        staggered its neighbours' halves too (they are on the other line), inside the sheet."""
        half = self._each(self._columns(canvas)[0]) * (1.0 if self._staggered(canvas) else 0.5)
        return max(SHEET.x + 10, x - half), min(SHEET.right - 10, x + half)

    def _staggered(self, canvas: Canvas) -> bool:
        """Whether a name does not fit over its column whole: then every other name goes on a
        second line, each with two columns' room (four cats at a large text size)."""
        each = self._each(self._columns(canvas)[0]) - 34
        return len(self.names) > 2 and any(canvas.text_size(name, 16, bold=True)[0] > each for name in self.names)

    def _columns(self, canvas: Canvas) -> tuple[float, list[float]]:
        """The labels' width and the middle of each cat's column (``_each`` wide)."""
        label = min(SHEET.w * 0.34, max(canvas.text_size(_label(r.key), TEXT)[0] for r in self.rows) + 24)
        each = self._each(label)
        return label, [SHEET.x + label + each * (seat + 0.5) for seat in range(len(self.scores))]

    def _each(self, label: float) -> float:
        """A cat's column, beside the labels ``label`` wide."""
        return (SHEET.w - label - 12) / len(self.scores)

    # -- the steps ------------------------------------------------------------------------
    def _sheet(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """The sheet with its title, the cats' names over their columns and the labels."""
        pal = palette()
        line = self._line(canvas)
        bottom = self._row_y(canvas, len(self.rows)) + line * 1.4  # the totals, then how to skip
        sheet = pygame.FRect(SHEET.topleft, (SHEET.w, min(SHEET.h, bottom - SHEET.y)))
        canvas.rect((*pal.panel, round(255 * min(1.0, 0.4 + progress))), sheet, radius=14)
        canvas.rect(pal.focus, sheet, width=3, radius=14)
        canvas.text(i18n.t("cathood.stage.final"), (SHEET.centerx, SHEET.y + 10 + line * 0.6), TEXT + 2, pal.text,
                    "center", bold=True, max_width=SHEET.w - 24)
        canvas.text(i18n.t("stage.skip"), (SHEET.centerx, sheet.bottom - line * 0.45), 13, pal.text_dim, "center",
                    max_width=SHEET.w - 24)
        label, xs = self._columns(canvas)
        staggered = self._staggered(canvas)
        for seat, x in enumerate(xs):
            y = self._row_y(canvas, -1) + (line * STAGGER if staggered and seat % 2 else 0.0)
            lo, hi = self._name_span(canvas, x)
            room = hi - lo - 28
            wide = min(room, canvas.text_size(self.names[seat], 16, bold=True)[0])
            left = x - (wide + 24) / 2  # the swatch and the name centred over the column together
            left = max(lo, min(left, hi - wide - 24))
            draw_seat_swatch(canvas, seat, pygame.FRect(0, 0, 18, 18).move_to(midleft=(left, y)))
            name_text(canvas, self.names[seat], (left + 24, y), room)
        for i, row in enumerate(self.rows):
            canvas.text(_label(row.key), (SHEET.x + 14, self._row_y(canvas, i)), TEXT, pal.text_dim, "midleft",
                        max_width=label - 18)
        canvas.text(i18n.t("over.total"), (SHEET.x + 14, self._row_y(canvas, len(self.rows))), TEXT, pal.text,
                    "midleft", bold=True, max_width=label - 18)

    def _row(self, i: int, row: Row) -> Draw:
        """One category lit while each cat's points for it count up."""
        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            pal = palette()
            y = self._row_y(canvas, i)
            line = self._line(canvas)
            if progress < 1:
                canvas.rect((*pal.focus, 60), pygame.FRect(SHEET.x + 6, y - line / 2, SHEET.w - 12, line), radius=6)
            label, xs = self._columns(canvas)
            for seat, x in enumerate(xs):
                shown = round(row.points[seat] * ease_in_out(progress))
                said = str(shown) if row.counts[seat] is None else f"×{row.counts[seat]} → {shown}"
                canvas.text(said, (x, y), TEXT, pal.text, "center", bold=progress < 1, max_width=self._each(label) - 8)
        return draw

    def _totals(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """Every cat's total, the winners ticked (the tie-break decided them, as the end says)."""
        pal = palette()
        y = self._row_y(canvas, len(self.rows))
        line = self._line(canvas)
        canvas.line(pal.text_dim, (SHEET.x + 10, y - line * 0.65), (SHEET.right - 10, y - line * 0.65), 2)
        _, xs = self._columns(canvas)
        for seat, x in enumerate(xs):
            end = canvas.text(str(self.scores[seat].total), (x, y), TEXT + 3, pal.text, "center", bold=True)
            if seat in self.winners:
                draw_verdict_mark(canvas, (end.right + 16, y), 11 * min(1.0, 0.3 + progress), True)


def _label(key: str) -> str:
    """A category's name, as the end screen's column heads it."""
    return i18n.t(f"cathood.col.{key}")
