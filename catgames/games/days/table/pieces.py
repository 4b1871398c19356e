"""Woof Days / Cat Days' pieces on its table (``ui.table.parts.Pieces``): the cards of the hand
on the screen, dropped on a day or the discard pile; what a drop means is the rules side's
(``games.days.gestures``), where the cards go ``drops``'."""

from __future__ import annotations

from typing import Protocol, Sequence

import pygame

from catgames.core.rules import Reason
from catgames.games.days import gestures
from catgames.games.days.components import Card, Discard, Move, Play
from catgames.games.days.gestures import DISCARD, DayTarget, HandCard, Target
from catgames.games.days.rules import DaysState
from catgames.games.days.table import drops, view
from catgames.games.days.table.board import Look
from catgames.games.days.table.layout import Layout
from catgames.ui.callouts import draw_note
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController


class DaysTable(Protocol):
    """What the cards need of their table (``DaysScene``)."""

    drag: DragController[HandCard, Target]

    @property
    def days(self) -> DaysState: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def look(self) -> Look: ...
    @property
    def edition(self) -> str: ...
    def hand(self) -> list[int]: ...
    def shows_hand(self) -> bool: ...
    def hand_rects(self) -> list[pygame.FRect]: ...
    def card(self, index: int) -> Card: ...
    def reason_words(self, reason: Reason) -> str: ...


class DaysPieces:
    """The hand's cards on ``table``."""

    def __init__(self, table: DaysTable) -> None:
        self.table = table

    # -- what a drop means --------------------------------------------------------------------
    def move_for(self, piece: HandCard, target: Target) -> Move:
        return gestures.move_for(self.table.days, piece, target)

    def targets_for(self, piece: HandCard, rotation: int) -> list[Target]:
        return gestures.targets(self.table.days)

    def movable_pieces(self) -> list[HandCard]:
        table = self.table
        if table.days.pending is not None or not table.shows_hand():
            return []
        return [HandCard(i, card) for i, card in enumerate(table.hand())]

    def landing(self, seat: int, move: Move) -> Target | None:
        """Where a move landed (``ui.table.last_move``): the day a play names, or the pile a
        discard goes to; another seat's hand is not on the screen to search."""
        if isinstance(move, Play):
            return DayTarget(move.seat, move.day)
        return DISCARD if isinstance(move, Discard) else None

    # -- where things are ---------------------------------------------------------------------
    def piece_at(self, pos: Point) -> HandCard | None:
        table = self.table
        if table.days.pending is not None or not table.shows_hand():
            return None
        hand, rects = table.hand(), table.hand_rects()
        i = next((i for i in range(len(hand) - 1, -1, -1) if rects[i].collidepoint(pos)), None)
        return None if i is None else HandCard(i, hand[i])

    def home_of(self, piece: HandCard) -> Point:
        rects = self.table.hand_rects()
        return rects[piece.index].center if piece.index < len(rects) else self.table.layout.hand.center

    def rotations(self, piece: HandCard) -> int:
        return 1

    def snap(self, piece: HandCard, rotation: int, pos: Point) -> Target | None:
        return drops.snap(self.table.look, pos)

    def target_point(self, target: Target) -> Point:
        return drops.target_point(self.table.look, target)

    def landing_area(self, target: Target) -> pygame.FRect:
        """The card or pile a move landed on, for its mark (``ui.table.last_move``)."""
        return drops.target_rect(self.table.look, target)

    # -- how they look --------------------------------------------------------------------------
    def draw_piece(self, canvas: Canvas, piece: HandCard, rotation: int, center: Point) -> None:
        table = self.table
        if table.drag.dragging and table.drag.target == DISCARD:
            return  # over the small pile the ghost is the preview; the card would hide it
        w, h = table.layout.hand_rects(1)[0].size
        rect = pygame.FRect(0, 0, w * 0.85, h * 0.85).move_to(center=center)
        view.draw_card(canvas, rect, table.card(piece.card), table.edition)

    def draw_hints(self, canvas: Canvas, piece: HandCard, targets: Sequence[Target]) -> None:
        drops.draw_targets(canvas, self.table.look, targets)

    def draw_ghost(self, canvas: Canvas, piece: HandCard, target: Target, legal: bool) -> None:
        table = self.table
        drops.draw_ghost(canvas, table.look, target, legal)
        reason = table.drag.target_reason
        if not legal and reason is not None:
            draw_note(canvas, table.layout.banner, table.reason_words(reason), error=True)
