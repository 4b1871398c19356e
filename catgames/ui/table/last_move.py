"""The opponents' last moves stay marked on the board until the player here acts.

When a seat not played by the person now at the table has moved — the AI, a remote player, a
tutorial's script, or in hot-seat the player before — the table marks where that move landed,
in the mover's seat colour with the seat's symbol beside it (never colour alone): every move
since the player here last acted that landed on the board, one mark a place (at a table of
computers only, where nobody acts, each seat's latest move).  The marks go once
the player here acts (a press the table takes while they may act: a piece taken up, a button, a
click or key on the board), on their own move, and on undo, restart or a new position.  A
replay's table marks nothing: each of its steps is a position shown, not a move seen being
played, and the replay's own move list says which move it was.

Where a move landed is found with what the table already knows for the hint: the drop that
makes it (``Gestures.drops``, as ``drop_for`` searches them), in the position just before the
move, while the mover's pieces are still where the drop takes them from (``before_move``, from
``MoveAnimation.keep``).  The mark is a ring round that drop's ``target_point``, or an outline
round its card or slot where the game's pieces give its area (``Outlines``), the mover's
symbol at its upper right corner or where the pieces say (``BadgePlaces``: a corner holding
a card's value).  Pieces that cannot
see the mover's (a hidden hand), or whose moves are their own targets, give the target from the
move itself (``Lands``); a move no drop makes (a button's) may be given one too (``ButtonLands``).  A move whose choice the screen may not read (a veiled log line) is
never marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import pygame

from catgames.core.feed import TableFeed
from catgames.core.moves import Move
from catgames.core.redaction import veiled_kind
from catgames.core.rules import Game, Seat, State
from catgames.core.seats import SeatUpdate
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Timeline
from catgames.ui.table.gestures import Gestures
from catgames.ui.theme import palette

RING = 32.0  #: the mark's radius round the landing point (virtual px)
BADGE = 13.0  #: the radius of the disc that carries the mover's symbol


@runtime_checkable
class Lands(Protocol):
    """A game's pieces that know where ``seat``'s move lands from the move itself: a target of
    theirs (``None``: not a move that lands anywhere on the board)."""

    def landing(self, seat: Seat, move: Move) -> Any | None: ...


@runtime_checkable
class ButtonLands(Protocol):
    """A game's pieces whose moves made with a button (no drop to find) still land somewhere
    on the board: a target of theirs for ``seat``'s ``move`` (``None``: nowhere)."""

    def button_landing(self, seat: Seat, move: Move) -> Any | None: ...


@runtime_checkable
class Outlines(Protocol):
    """A game's pieces whose landing is a card or a slot: the mark goes round its area (a ring
    across its middle would hide its words); ``None``: a ring round the target's point."""

    def landing_area(self, target: Any) -> pygame.FRect | None: ...


@runtime_checkable
class BadgePlaces(Protocol):
    """Outlined pieces whose outline's corner holds something to read (a card's stars): where
    the mover's symbol goes beside ``area``, the outline of ``target``, instead."""

    def badge_point(self, target: Any, area: pygame.FRect) -> Point: ...


@dataclass(frozen=True)
class Mark:
    """Where ``seat``'s last move landed: a target of the game's pieces."""

    seat: Seat
    target: Any


class MarkHost(Protocol):
    """What the marks need of the table."""

    feed: TableFeed
    read_only: bool
    rules: Game
    pieces: Any
    gestures: Gestures[Any, Any]
    motion: Timeline
    board_rect: pygame.FRect

    @property
    def public(self) -> SeatUpdate: ...
    @property
    def observed(self) -> State: ...
    def plays_here(self, seat: int) -> bool: ...
    def target_point(self, target: Any) -> Point: ...


class LastMoves:
    """The marks of one table."""

    def __init__(self, table: MarkHost) -> None:
        self.table = table
        self.marks: list[Mark] = []  #: the moves since the player here last acted, oldest first
        self._drops: dict[str, Any] = {}  #: each move's target, as found just before it is played

    def marked(self, seat: Seat) -> bool:
        """A move of ``seat`` is marked: a seat not played here, or in hot-seat (several humans
        here) any seat, since the device goes on to someone else."""
        table = self.table
        if table.read_only:
            return False
        return not table.feed.is_local(seat) or self._people_here() > 1

    def _people_here(self) -> int:
        """The seats played by a person at this table."""
        return sum(self.table.plays_here(s) for s in range(len(self.table.public.seats)))

    def before_move(self) -> None:
        """A move of the seat to move may be played now (the table still shows the position
        before it): the target of every drop its pieces could make, to be found once it is
        played (a game whose pieces say a move's landing needs none of this)."""
        table = self.table
        self._drops = {}
        if isinstance(table.pieces, Lands) or not self.marked(table.public.to_move):
            return
        for _, _, target, move in table.gestures.drops():
            if isinstance(move, Move):
                self._drops.setdefault(str(move), target)

    def played(self, seat: Seat) -> None:
        """``seat`` moved: mark where its move landed, if it is marked and lands on the board (a
        move that lands nowhere, a draw or an End turn, leaves the marks be); the player here
        moving clears them (they acted)."""
        drops, self._drops = self._drops, {}
        if not self.marked(seat):
            self.marks.clear()
            return
        target = self._landing(seat, drops)
        if target is not None:  # one mark a place: the latest move that landed there
            watched = self._people_here() == 0
            self.marks = [m for m in self.marks  # computers watched: nobody acts, one mark a seat
                          if m.target != target and not (watched and m.seat == seat)] + [Mark(seat, target)]

    def _landing(self, seat: Seat, drops: dict[str, Any]) -> Any | None:
        """The target of ``seat``'s latest move that lands, of its last run of moves in the log
        shown here (a move played with the one that lands, say its End turn, lands nowhere)."""
        newest = list(reversed(self.table.public.log))
        first = next((i for i, turn in enumerate(newest) if turn.seat == seat), len(newest))
        for turn in newest[first:]:
            if turn.seat != seat:
                break
            found = self._lands(seat, turn.move, drops)
            if found is not None:
                return found
        return None

    def _lands(self, seat: Seat, text: str, drops: dict[str, Any]) -> Any | None:
        """Where ``seat``'s move ``text`` landed (none if veiled)."""
        if veiled_kind(text) is not None:
            return None
        pieces = self.table.pieces
        if not isinstance(pieces, Lands) and (text in drops or not isinstance(pieces, ButtonLands)):
            return drops.get(text)
        try:
            move = self.table.rules.parse_move(self.table.observed, text)
        except ValueError:
            return None
        return pieces.landing(seat, move) if isinstance(pieces, Lands) else pieces.button_landing(seat, move)

    def clear(self) -> None:
        self.marks.clear()
        self._drops = {}

    def draw(self, canvas: Canvas) -> None:
        """Each mark: a soft ring in the mover's colour, and the mover's symbol on a disc at
        its upper right (not while the move's pieces are still on their way)."""
        if not self.marks or self.table.motion.animating():
            return
        pieces, board = self.table.pieces, self.table.board_rect
        for mark in self.marks:  # one scrolled out of the board's view is not drawn
            area = pieces.landing_area(mark.target) if isinstance(pieces, Outlines) else None
            point = self.table.target_point(mark.target) if area is None else area.center
            badge = (pieces.badge_point(mark.target, area) if area is not None and isinstance(pieces, BadgePlaces)
                     else badge_of(point, area))
            if not (board.collidepoint(point) and board.collidepoint(badge)):
                continue
            if area is None:
                draw_ring(canvas, mark.seat, point)
            else:
                draw_outline(canvas, mark.seat, area, badge)


def badge_of(point: Point, area: pygame.FRect | None) -> Point:
    """Where a mark's symbol goes: at the ring's upper right, or the outline's corner."""
    return (point[0] + RING * 0.75, point[1] - RING * 0.75) if area is None else (area.right + 2, area.top - 2)


def draw_ring(canvas: Canvas, seat: Seat, point: Point) -> None:
    """``seat``'s mark round ``point``: its colour's ring on a pale band edged dark (so it
    stands out on a light board and on a piece of that colour alike), and its symbol."""
    style, pal = palette().seat(seat), palette()
    canvas.circle(pal.text_on_accent, point, RING + 5, width=2)
    canvas.circle(style.light, point, RING + 3, width=6)
    canvas.circle(style.color, point, RING, width=4)
    draw_badge(canvas, seat, badge_of(point, None))


def draw_outline(canvas: Canvas, seat: Seat, area: pygame.FRect, badge: Point | None = None) -> None:
    """``seat``'s mark round ``area`` (a card, a slot), drawn as the ring is; its symbol at
    ``badge`` (default: the outline's upper right corner)."""
    style, pal = palette().seat(seat), palette()
    canvas.rect(pal.text_on_accent, area.inflate(18, 18), width=2, radius=12)
    canvas.rect(style.light, area.inflate(14, 14), width=6, radius=10)
    canvas.rect(style.color, area.inflate(8, 8), width=4, radius=8)
    draw_badge(canvas, seat, badge_of(area.center, area) if badge is None else badge)


def draw_badge(canvas: Canvas, seat: Seat, center: Point) -> None:
    """The mover's symbol on a disc of its colour: the mark never tells seats by colour alone."""
    style, pal = palette().seat(seat), palette()
    canvas.circle(pal.text_on_accent, center, BADGE + 3)
    canvas.circle(style.light, center, BADGE + 1.5)
    canvas.circle(style.color, center, BADGE)
    canvas.text(style.symbol, center, BADGE * 1.3, pal.text_on_accent, "center", fixed=True)
