"""The hint on the table: its reasons in words (the first few facts of ``ai.reasons``, each a
sentence of ``hint.why``), its lines in the status line, its ghost, the button it means ringed
or the piece it means lit where it lies, a click on its ghost that takes that piece up ready to
drop, and the header's Hint button."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from catgames.ai.reasons import Claim
    from catgames.ui.drag import DragController
    from catgames.ui.table.hint import Hint

SHOWN = 2  #: sentences the status line has room for beside the move's name
LEAST = 14.0  #: the hint's words are never drawn smaller (virtual px); the why gives way first
RING = 34.0  #: radius of the ring round the piece a hint means (as a tutorial rings it)
GHOST_REACH = 2 * RING  #: how near the ghost's drop point a click takes the piece up


def reasons_text(claims: Sequence[Claim]) -> str:
    """The sentences of the first ``SHOWN`` claims that have words ("": none)."""
    said = [i18n.t(c.string_key, **c.args) for c in claims if i18n.has(c.string_key)]
    return i18n.t("hint.between").join(said[:SHOWN])


def hint_line(hint: Hint | None) -> str:
    """The status line while a hint is asked for (``None``) or shown: the move and its why,
    in words."""
    if hint is None:
        return i18n.t("hint.thinking")
    why = reasons_text(hint.claims)
    if hint.said:
        return (i18n.t("hint.move.no_why", move=hint.said) if not why
                else i18n.t("hint.move.line", move=hint.said, why=why))
    return i18n.t("hint.no_why") if not why else i18n.t("hint.line", why=why)


def hint_fits(canvas: Canvas, lines: list[str], room: pygame.FRect, size: float) -> bool:
    """``lines``, each wrapped to ``room``'s width at ``size``, stand in its height."""
    count = sum(len(canvas.wrap(line, room.w, size)) for line in lines)
    return count * canvas.line_height(size) <= room.h


def hint_lines_in(canvas: Canvas, lines: list[str], room: pygame.FRect) -> list[str]:
    """As many of the hint's lines, first first, as fit ``room`` at ``LEAST`` pixels (the
    move's words, then the why)."""
    least = LEAST / canvas.text_scale  # the size that the text setting draws that large
    for keep in range(len(lines), 1, -1):
        if hint_fits(canvas, lines[:keep], room, least):
            return lines[:keep]
    return lines[:1]


def draw_hint_lines(canvas: Canvas, lines: list[str], box: pygame.FRect) -> None:
    """The hint's lines in ``box``, wrapped, as large as its height lets them all be; where
    even ``LEAST`` cannot hold them, the why gives way, never the move's words."""
    room = box.inflate(-32, -6)
    shown = hint_lines_in(canvas, lines, room)
    size = canvas.steady(20, lambda s: hint_fits(canvas, shown, room, s), least=LEAST)
    wrapped = [part for line in shown for part in canvas.wrap(line, room.w, size)]
    step = canvas.line_height(size)
    top = room.centery - step * len(wrapped) / 2
    for i, line in enumerate(wrapped):
        canvas.text(line, (room.x, top + i * step), size, palette().text, max_width=room.w)


class HintButton(Button):
    """The header's Hint button: a light bulb, the same width in every language (the turn's
    words need the header's room), named by its tooltip."""

    WIDTH = 52

    def __init__(self, rect: Any, on_click: Callable[[], Any], tooltip: str) -> None:
        super().__init__(rect, "", on_click, tooltip=tooltip)

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal = palette()
        ink = pal.panel if not self.enabled else pal.text_on_accent if self.hovered else pal.text
        x, y = self.rect.centerx, self.rect.centery - 3
        canvas.circle(ink, (x, y), 8)
        canvas.rect(ink, (x - 4, y + 7, 8, 6), radius=2)
        for dx, dy in ((-13, -6), (0, -14), (13, -6)):  # its light
            canvas.line(ink, (x + dx * 0.75, y + dy * 0.75), (x + dx, y + dy), width=2)


class HintTable(Protocol):
    """What the hint's marks need of a table (``BaseGameScene``)."""

    drag: DragController[Any, Any]

    @property
    def hint(self) -> Hint | None: ...
    def human_can_act(self) -> bool: ...
    def button_for(self, move: Any) -> Widget | None: ...
    def piece_at(self, pos: Point) -> Any: ...
    def home_of(self, piece: Any) -> Point: ...
    def rotations(self, piece: Any) -> int: ...
    def snap(self, piece: Any, rotation: int, pos: Point) -> Any: ...
    def target_point(self, target: Any) -> Point: ...
    def draw_hint_ghost(self, canvas: Canvas, piece: Any, target: Any) -> None: ...
    def draw_hint_move(self, canvas: Canvas, move: Any) -> None: ...


def hint_on_table(table: HintTable) -> Hint | None:
    """The hint whose move shows on the table now (not while a piece is held: its own ghost
    shows), so a game can word it off the board too."""
    hint = table.hint
    return None if hint is None or table.drag.holding or not table.human_can_act() else hint


def draw_hint_ghost(table: HintTable, canvas: Canvas) -> None:
    """The suggested move on the table (not while a piece is held: its own ghost shows)."""
    hint = hint_on_table(table)
    if hint is None:
        return
    under, canvas.layer = canvas.layer, canvas.layer + 1  # floats over the table, as a drag
    if hint.spot is not None:
        table.draw_hint_ghost(canvas, *hint.spot)
    elif table.button_for(hint.move) is None:
        table.draw_hint_move(canvas, hint.move)
    canvas.layer = under


def draw_hint_marks(table: HintTable, canvas: Canvas) -> None:
    """The hint's button ringed, or the piece its drop takes lit where it lies."""
    hint = table.hint
    if hint is None or not table.human_can_act():
        return
    button = None if hint.spot is not None else table.button_for(hint.move)
    if button is not None:
        canvas.rect(palette().focus, button.rect.inflate(10, 10), width=4, radius=14)
    draw_hinted_piece(table, canvas)


def draw_hinted_piece(table: HintTable, canvas: Canvas) -> None:
    """Light the piece to use where it lies: ringed and joined to where it goes (taken up, it
    comes turned as the hint means: ``BaseGameScene.first_rotation``)."""
    drop = None if table.hint is None else table.hint.drop
    if drop is None or table.drag.holding:
        return
    piece, _, target = drop
    home = table.home_of(piece)
    if table.piece_at(home) != piece:  # not a piece lying ready (a card under a chosen one)
        return
    focus = palette().focus
    canvas.line(focus, home, table.target_point(target), 3)
    canvas.circle(focus, home, RING, width=4)


def take_from_ghost(table: HintTable, event: pygame.event.Event) -> bool:
    """A click on the hint's ghost takes its piece up, turned as the hint means and over its
    target, so the next click (or Enter) drops it there."""
    drop = None if table.hint is None else table.hint.drop
    intent = I.first(event, I.SELECT)
    if drop is None or intent is None or intent.pos is None or table.drag.holding:
        return False
    piece, rotation, target = drop
    point = table.target_point(target)
    on_ghost = table.snap(piece, rotation, intent.pos) == target or math.dist(point, intent.pos) <= GHOST_REACH
    if not on_ghost or table.piece_at(intent.pos) is not None:
        return False
    turns = max(1, table.rotations(piece))
    fitting = [r for r in (rotation, *range(turns)) if table.snap(piece, r, point) == target]
    table.drag.pick(piece, point, rotation=fitting[0] if fitting else rotation)
    return True
