"""The hint on the table, apart from its line's place: its reasons in words (the first few
facts of ``ai.reasons``, each a sentence of ``hint.why``), the piece it means lit where it lies,
and a click on its ghost that takes that piece up ready to drop."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol, Sequence

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

if TYPE_CHECKING:
    from catgames.ai.reasons import Claim

SHOWN = 2  #: sentences the status line has room for beside the move's name


def reasons_text(claims: Sequence[Claim]) -> str:
    """The sentences of the first ``SHOWN`` claims that have words ("": none)."""
    said = [i18n.t(c.string_key, **c.args) for c in claims if i18n.has(c.string_key)]
    return i18n.t("hint.between").join(said[:SHOWN])


RING = 34.0  #: radius of the ring round the piece a hint means (as a tutorial rings it)
GHOST_REACH = 2 * RING  #: how near the ghost's drop point a click takes the piece up


class HintTable(Protocol):
    """What the hint's piece needs of a table (``BaseGameScene``)."""

    drag: Any

    def hinted_drop(self) -> tuple[Any, int, Any] | None: ...
    def piece_at(self, pos: Point) -> Any: ...
    def home_of(self, piece: Any) -> Point: ...
    def rotations(self, piece: Any) -> int: ...
    def snap(self, piece: Any, rotation: int, pos: Point) -> Any: ...
    def target_point(self, target: Any) -> Point: ...


def draw_hinted_piece(table: HintTable, canvas: Canvas) -> None:
    """Light the piece to use where it lies: ringed and joined to where it goes (taken up, it
    comes turned as the hint means: ``BaseGameScene.first_rotation``)."""
    drop = table.hinted_drop()
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
    drop = table.hinted_drop()
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
