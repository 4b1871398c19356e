"""The game log beside the board: every line kept, newest at the bottom, scrolled with the wheel
or by dragging (the text or the bar), and the line under the pointer reported, so the table can
light up what it names.

The panel knows lines and which turn of the match each came from; it draws them and follows the
pointer.  What a line refers to on the table is the game scene's business
(``BaseGameScene.draw_log_highlight``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

SIZE = 17          #: the log's text size
BAR_W = 8.0        #: the scroll bar's width (it also takes drags)
INDENT = 14.0      #: how far an event's line (written after two spaces) stands in
WHEEL_ROWS = 3     #: rows one notch of the wheel scrolls


def split_indent(text: str) -> tuple[float, str]:
    """A log line's indent and words: one written after spaces (an event under its move)
    stands in by ``INDENT``."""
    words = text.lstrip(" ")
    return (INDENT if words != text else 0.0), words


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its words, the index of its turn in the match's history, and its
    place among that turn's lines (0: the move itself, then its events)."""

    text: str
    turn: int
    part: int


@dataclass
class _Drag:
    start_y: float
    start_offset: float
    factor: float   #: offset pixels per pointer pixel (1 on the text, negative on the bar)


class LogPanel:
    """The log's box: its lines, how far it is scrolled and what the pointer is over."""

    def __init__(self, rect: pygame.FRect) -> None:
        self.rect = rect
        self.lines: list[LogLine] = []
        self.offset = 0.0          #: pixels scrolled up from the newest line (0: follow it)
        self.pointer: Point | None = None
        self._drag: _Drag | None = None
        self._rows: tuple[tuple, list[tuple[int, float, str]]] | None = None
        self._metrics: tuple[pygame.FRect, float] | None = None  #: body and row height, as drawn
        #: while a staged moment reveals a result, the first turn whose lines wait for its end
        self.held_from: int | None = None
        self._seen_turns: int | None = None  #: the turns whose lines the last drawing showed

    # -- content ---------------------------------------------------------------------------
    def set_lines(self, lines: list[LogLine]) -> None:
        """New content; a log that grew shows its newest line again."""
        grew = len(lines) > len(self.lines)
        self.lines = lines
        if self._seen_turns is None:  # the table's first lines: what it opens on, known already
            self._seen_turns = self._turns()
        self._rows = None
        if grew:
            self.offset = 0.0

    def hold(self, holding: bool) -> None:
        """While ``holding`` (a staged moment reveals a result on the board), the lines of the
        turns not yet shown wait: they would tell the result before the board does.  They come
        when the holding ends."""
        if not holding:
            self.held_from = None
        elif self.held_from is None:
            self.held_from = self._seen_turns or 0

    def _turns(self) -> int:
        """How many turns the lines tell."""
        return max((line.turn + 1 for line in self.lines), default=0)

    @property
    def shown(self) -> list[LogLine]:
        """The lines drawn now: all of them, or those before the held turns (lines come in turn
        order, so these are the first ones)."""
        if self.held_from is None:
            return self.lines
        held = self.held_from
        return self.lines[:next((i for i, line in enumerate(self.lines) if line.turn >= held), len(self.lines))]

    def rows(self, canvas: Canvas, width: float) -> list[tuple[int, float, str]]:
        """Every line shown wrapped to ``width``: (index of its log line, indent, text) per row;
        a line written after spaces (an event under its move) stands in, all its rows."""
        shown = self.shown
        key = (len(shown), tuple(line.text for line in shown[-1:]), width,
               canvas.text_scale, canvas.scale, i18n.current_language())
        if self._rows is None or self._rows[0] != key:
            rows = []
            for i, line in enumerate(shown):
                indent, text = split_indent(line.text)
                rows += [(i, indent, part) for part in canvas.wrap(text, width - indent, SIZE)]
            self._rows = (key, rows)
        return self._rows[1]

    # -- geometry --------------------------------------------------------------------------
    def heading_bottom(self, canvas: Canvas) -> float:
        """Where the log's heading ends and its rows may begin."""
        return self.rect.inflate(-28, -24).y + canvas.line_height(20, True) + 8

    def _layout(self, canvas: Canvas) -> tuple[pygame.FRect, float]:
        inner = self.rect.inflate(-28, -24)
        top = self.heading_bottom(canvas)
        step = canvas.line_height(SIZE)
        whole = max(1, int((inner.bottom - top) // step)) * step   # whole rows only
        return pygame.FRect(inner.x, inner.bottom - whole, inner.w, whole), step

    def room(self, canvas: Canvas) -> tuple[pygame.FRect, float, list[tuple[int, float, str]], float]:
        """The body, row height, rows and the most the log can be scrolled."""
        body, step = self._layout(canvas)
        rows = self.rows(canvas, body.w - BAR_W - 8)
        return body, step, rows, max(0.0, len(rows) * step - body.h)

    def scroll_by(self, canvas: Canvas, pixels: float) -> None:
        """Scroll towards older lines (positive) or newer ones, kept inside the log."""
        most = self.room(canvas)[3]
        self.offset = min(most, max(0.0, self.offset + pixels))

    def line_at(self, canvas: Canvas, pos: Point) -> int | None:
        """The index of the log line drawn at ``pos``, if any."""
        body, step, rows, _ = self.room(canvas)
        if not body.collidepoint(pos) or pos[0] > body.right - BAR_W - 4:
            return None
        top = body.bottom - len(rows) * step + self.offset
        row = int((pos[1] - top) // step)
        return rows[row][0] if 0 <= row < len(rows) else None

    def hovered(self, canvas: Canvas) -> LogLine | None:
        """The line under the pointer (none while the log is being dragged)."""
        if self.pointer is None or self._drag is not None:
            return None
        index = self.line_at(canvas, self.pointer)
        return None if index is None else self.lines[index]

    # -- input -----------------------------------------------------------------------------
    def handle(self, canvas: Canvas, event: pygame.event.Event) -> bool:
        """Wheel and drags over the log; True when the event was the log's."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self._drag is None:
                return False
            drag = self._drag
            self.offset = drag.start_offset
            self.scroll_by(canvas, (event.pos[1] - drag.start_y) * drag.factor)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is None or not self.rect.collidepoint(self.pointer) or not event.y:
                return False
            self.scroll_by(canvas, event.y * WHEEL_ROWS * self._layout(canvas)[1])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            body, step, rows, most = self.room(canvas)
            if not body.collidepoint(event.pos) or most <= 0:
                return self.rect.collidepoint(event.pos)
            on_bar = event.pos[0] > body.right - BAR_W - 4
            factor = -(len(rows) * step) / body.h if on_bar else 1.0
            self._drag = _Drag(event.pos[1], self.offset, factor)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.panel, self.rect, radius=12)
        inner = self.rect.inflate(-28, -24)
        canvas.text(i18n.t("game.log"), inner.topleft, 20, pal.text, bold=True)
        body, step, rows, most = self.room(canvas)
        self.offset = min(self.offset, most)
        if self.held_from is None:
            self._seen_turns = self._turns()
        if not rows:
            canvas.text(i18n.t("game.log_empty"), body.topleft, SIZE, pal.text_dim)
            return
        hovered = self.hovered(canvas)
        lit = None if hovered is None else self.lines.index(hovered)
        newest = len(self.shown) - 1
        top = body.bottom - len(rows) * step + self.offset
        with canvas.clip(body):
            for r, (index, indent, text) in enumerate(rows):
                y = top + r * step
                if y + step < body.y or y > body.bottom:
                    continue
                if index == lit:
                    canvas.rect(pal.table, (body.x - 4, y, body.w - BAR_W - 4, step), radius=4)
                color = pal.text if index in (newest, lit) else pal.text_dim
                canvas.text(text, (body.x + indent, y), SIZE, color,
                            max_width=body.w - BAR_W - 8 - indent)
        if most > 0:
            self._draw_bar(canvas, body, len(rows) * step, most)

    def _draw_bar(self, canvas: Canvas, body: pygame.FRect, total: float, most: float) -> None:
        """Where the shown part lies in the whole log: a thumb on a track at the right."""
        pal = palette()
        track = pygame.FRect(body.right - BAR_W, body.y, BAR_W, body.h)
        canvas.rect(pal.table, track, radius=4)
        thumb_h = max(24.0, body.h * body.h / total)
        y = track.y + (track.h - thumb_h) * (1 - self.offset / most)
        canvas.rect(pal.text_dim, (track.x, y, BAR_W, thumb_h), radius=4)
