"""A played move seen to happen: the view and the picture of the board as they were just before
it (kept by the table before it submits a move, and by a machine seat's answer before the runner
plays it), the move's sound and animation from the game (``on_events``, ``move_tweens``) once
it is played.  Unless the player asked for less motion, or the table is a replay's."""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import pygame

from catgames.core.moves import Move
from catgames.core.rules import Event
from catgames.core.seats import SeatPlayer, SeatUpdate
from catgames.ui.canvas import Canvas
from catgames.ui.motion import Timeline, Tween
from catgames.ui.scene import SceneHost
from catgames.ui.table.last_move import LastMoves
from catgames.ui.table.layout import BOARD_RECT
from catgames.ui.theme import palette

Still = tuple[pygame.Surface, pygame.Rect, float]  #: a board's picture, the real rect, the scale


class AnimationHost(Protocol):
    """What a move's animation needs of the table."""

    motion: Timeline
    read_only: bool
    last_moves: LastMoves

    app: SceneHost

    @property
    def seen(self) -> Any: ...
    def draw_tabletop(self, canvas: Canvas) -> None: ...
    def on_events(self, seat: int, events: Sequence[Event]) -> None: ...
    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]: ...


class MoveAnimation:
    """The table's memory of the position before the last move, and the move's animation."""

    def __init__(self, table: AnimationHost) -> None:
        self.table = table
        self.before: Any = None  #: the view model before the last move (``None``: no move yet)
        self.hold = False  #: the table holds machine moves back (it shows something first)
        self._kept: tuple[Any, Still | None] | None = None
        self._due = False  #: a machine's move is ready, its picture not yet kept

    def keep(self) -> None:
        """Just before a move may be played: the view as it is, and the board's picture (what
        a landing place shows until its piece arrives), the last move's animation ended."""
        table, self._due = self.table, False
        table.motion.finish()
        table.last_moves.before_move()  # where the move will land, found while it is still to come
        shown = not table.read_only and not table.app.settings.reduce_motion
        self._kept = table.seen, self._still() if shown else None

    def decided(self) -> None:
        """A machine seat's move is ready, and the runner may play it at once: keep the picture
        now, or as soon as the table lets the move be played."""
        if self.hold:
            self._due = True
        else:
            self.keep()

    def step(self, hold: bool) -> None:
        """Before the runner's frame: whether machine moves wait (``hold``)."""
        self.hold = hold
        if self._due and not hold:
            self.keep()

    def forget(self) -> None:
        """The position changed otherwise (undo, a new match): nothing kept stands."""
        self._kept, self._due = None, False

    def played(self, seat: int, events: Sequence[Event]) -> None:
        """The move is played: its sound and animation, from the position kept before it."""
        table = self.table
        before, still = self._kept if self._kept is not None else (table.seen, None)
        self._kept, self.before = None, before
        table.on_events(seat, events)
        if still is not None:
            table.motion.start(table.move_tweens(seat, events), *still)

    def _still(self) -> Still:
        canvas = self.table.app.canvas
        real = canvas.real_rect(BOARD_RECT)
        picture = pygame.Surface(real.size)
        picture.fill(palette().background)
        with canvas.unrecorded(), canvas.offscreen(picture, canvas.to_virtual(real.topleft)):
            self.table.draw_tabletop(canvas)
        return picture, real, canvas.scale


class Watched:
    """A machine seat whose ready move the table hears of (``MoveAnimation.decided``) before
    the runner plays it."""

    def __init__(self, player: SeatPlayer, decided: MoveAnimation) -> None:
        self.player, self.animation = player, decided

    @property
    def listens(self) -> bool:
        return self.player.listens

    def offer(self, update: SeatUpdate) -> None:
        self.player.offer(update)

    def poll(self) -> Move | str | None:
        move = self.player.poll()
        if move is not None:
            self.animation.decided()
        return move

    def cancel(self) -> None:
        self.player.cancel()

    def close(self) -> None:
        self.player.close()
