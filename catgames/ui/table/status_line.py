"""The status line under the board: why a move was refused, the hint (its move and why, on two
lines where it needs them), End turn's prompt while a turn waits, else what the player may do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from catgames.core.seats import SeatUpdate
from catgames.ui import end_turn
from catgames.ui.canvas import Canvas
from catgames.ui.table.hint_view import draw_hint_lines, hint_line
from catgames.ui.table.layout import HINT_RECT, STATUS_RECT
from catgames.ui.table.spinner import draw_spinner
from catgames.ui.theme import palette

if TYPE_CHECKING:
    from catgames.ui.table.hint import TableHint


class StatusHost(Protocol):
    """What the status line needs of the table."""

    status: str
    status_error: bool
    hints: TableHint

    @property
    def public(self) -> SeatUpdate: ...
    def human_can_act(self) -> bool: ...
    def status_hint(self) -> str: ...


def draw_status_line(table: StatusHost, canvas: Canvas, time: float) -> None:
    """The line for the table as it is now (``time`` turns the spinner)."""
    pal = palette()
    status, hints = table.status, table.hints
    if table.public.awaiting and not status:
        end_turn.draw_prompt(canvas, HINT_RECT)
        return
    hinting = (hints.shown is not None or hints.thinking) and table.human_can_act()
    if not status and not hinting:
        if table.human_can_act():  # wrapped, so a larger text size takes two lines
            canvas.paragraph(table.status_hint(), STATUS_RECT, 17, pal.text_dim)
        return
    lines = hint_line(hints.shown).split("\n") if hints.shown is not None and not status else []
    box = HINT_RECT if len(lines) > 1 else STATUS_RECT
    canvas.rect(pal.panel, box, radius=10)
    if table.status_error or (hinting and not status):
        canvas.rect(pal.bad if table.status_error else pal.focus, box, width=3, radius=10)
    if lines:  # the move, then its why: a line each
        draw_hint_lines(canvas, lines, box)
        return
    text = status or hint_line(hints.shown)
    mark = "✗ " if table.status_error else ""
    room = STATUS_RECT.w - 32
    if hints.spinning():  # the spinner says it is being thought
        draw_spinner(canvas, (STATUS_RECT.right - 26, STATUS_RECT.centery), time)
        room -= 40
    canvas.text(mark + text, (STATUS_RECT.x + 16, STATUS_RECT.centery), 20, pal.text,
                "midleft", max_width=room)
