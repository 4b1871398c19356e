"""The table's frame: its parts moved on in time, and drawn in the order a player reads them.

Time: the buttons, the drag's glides, a reference's delay, a move's tweens and a staged moment
move on; while a finished game waits to show its result (``ui.table.ending``) nothing else
does; otherwise the hint's answer is read and, at a table that plays, the feed takes its step
(``ui.table.runner_link.step``: the AI's move, the clock).

Drawing, bottom up: the tabletop (the game's board), the covers of the pieces still on their
way, the marks of the opponents' last moves, the hint's ghost and what the log's hovered line
names; the header, the status line, the side panel, the log and the buttons; the hint's marks
on the buttons and pieces, the game's overlay (a held piece, pop-ups), a staged moment, the
pieces in flight, and last the reference under the pointer.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from catgames.ui.canvas import Canvas
from catgames.ui.drag import DragController
from catgames.ui.motion import Timeline
from catgames.ui.reference import HoverReference
from catgames.ui.scene import SceneHost
from catgames.ui.table import game_log
from catgames.ui.table.ending import Ending
from catgames.ui.table.game_log import LogHost
from catgames.ui.table.header import HeaderHost, draw_header
from catgames.ui.table.hint import TableHint
from catgames.ui.table.hint_view import HintTable, draw_hint_ghost, draw_hint_marks
from catgames.ui.table.last_move import LastMoves
from catgames.ui.table.layout import SIDE_RECT
from catgames.ui.table.spinner import SpinnerHost, spinning
from catgames.ui.table.stage import Stage
from catgames.ui.table.status_line import StatusHost, draw_status_line
from catgames.ui.theme import palette
from catgames.ui.widgets import WidgetGroup


class FrameHost(HeaderHost, StatusHost, LogHost, HintTable, SpinnerHost, Protocol):
    """The table's parts a frame moves on and draws, and the game's drawing hooks."""

    app: SceneHost
    read_only: bool
    buttons: WidgetGroup
    drag: DragController[Any, Any]
    reference: HoverReference
    motion: Timeline
    stage: Stage
    game_end: Ending
    hints: TableHint
    last_moves: LastMoves
    _time: float  #: the table's seconds (a spinner's turn, a pulse's phase)

    def _drive_ai(self, dt: float) -> None: ...
    def draw_tabletop(self, canvas: Canvas) -> None: ...
    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None: ...
    def draw_overlay(self, canvas: Canvas) -> None: ...


def skip_staged(table: FrameHost, event: pygame.event.Event) -> bool:
    """A click or key that skips a staged moment, and the move's pieces land with it (one key
    skips all that is being shown); ``False``: none plays, the table takes the event."""
    if not table.stage.swallow(event):
        return False
    table.motion.finish()
    return True


def update(table: FrameHost, dt: float) -> None:
    """``dt`` seconds later."""
    table._time += dt
    table.buttons.update(dt)
    table.drag.update(dt)
    table.reference.update(dt)
    table.motion.update(dt)
    table.stage.update(dt)
    if table.game_end.update(0.0 if table.stage.playing else dt):  # a last move's staged moment first
        return
    table.hints.poll()
    if not table.read_only:
        table._drive_ai(dt)


def animating(table: FrameHost) -> bool:
    """Something on the table moves on by itself, so every frame is drawn: the AI's spinner, a
    hint being thought of (unless ``turning_alone`` asks without them), the wait before the result, the drag's glides, a tooltip's or a
    reference's delay, a move's animation, a staged moment."""
    return ((spinning(table) and not table.spinners_aside) or table.game_end.waiting
            or table.drag.animating() or table.buttons.animating()
            or table.reference.animating(table.drag.holding) or table.motion.animating() or table.stage.playing)


def staging(table: FrameHost) -> bool:
    """A staged moment reveals a result on the board, or the last move waits for the final
    one: the log holds back what it would tell first (``LogPanel.hold``)."""
    settings = table.app.settings
    return table.stage.playing or (table.game_end.waiting and not settings.reduce_motion and not table.read_only)


def draw(table: FrameHost, canvas: Canvas) -> None:
    """The whole table, bottom up."""
    table.draw_tabletop(canvas)
    table.motion.draw_covers(canvas)
    table.last_moves.draw(canvas)
    draw_hint_ghost(table, canvas)
    game_log.draw_hovered(table, canvas)
    draw_header(table, canvas, table._time)
    draw_status_line(table, canvas, table._time)
    canvas.rect(palette().panel, SIDE_RECT, radius=12)
    table.draw_side_panel(canvas, SIDE_RECT.inflate(-28, -24))
    table.log_panel.hold(staging(table))
    table.log_panel.draw(canvas)
    table.buttons.draw(canvas)
    draw_hint_marks(table, canvas)
    table.draw_overlay(canvas)
    table.stage.draw(canvas)
    table.motion.draw(canvas)
    if table.app.stack.top is table:  # a menu over the table takes the pointer
        table.reference.draw(canvas, table.drag.holding)
