"""A game-independent drag-and-drop controller (pattern of pygame_cards / PySolFC).

The controller is only an input state machine plus two small animations; it knows no game.
It talks to the scene that owns the pieces through the ``DragHost`` protocol:

* ``piece_at(pos)`` -> the piece under ``pos`` that the player may pick up now, or ``None``.
  A piece (``P``) and a target (``T``) are small frozen values of the game's own types (a tile,
  a card in hand; a spot on the bed, a day of a week); the controller only compares them.
* ``home_of(piece)`` -> where the piece rests (the glide-back animation ends there).
* ``rotations(piece)`` -> how many orientations it has (1 = cannot rotate).
* ``legal_targets(piece, rotation)`` -> every target it may legally go to (highlighted).
* ``snap(piece, rotation, pos)`` -> the target under/nearest ``pos`` *legal or not*, or ``None``
  when ``pos`` is off the board.  A target is any hashable that includes whatever the host needs
  (e.g. row, col and rotation).  ``nearest_target`` helps hosts with discrete drop points.
* ``check(piece, target)`` -> ``None`` if legal, else the rules' ``Reason`` (the ghost's verdict).
* ``drop(piece, target)`` -> play the move it makes: ``None`` once played, else the reason the
  rules refused it (the drop is checked there, once).
* ``target_point(target)`` -> centre of the target (for the settle animation).
* ``draw_piece(canvas, piece, rotation, center)`` -> the piece floating at ``center``.
* ``draw_hints(canvas, piece, targets)`` -> highlight the legal targets.
* ``draw_ghost(canvas, piece, target, legal)`` -> the preview at a snapped target; ``legal``
  decides green tick / red cross (never colour alone).
* ``on_pick(piece)`` and ``on_reject(piece, reason)`` -> feedback (sound, reason text).
* ``first_rotation(piece)`` -> how it is turned when taken up (a hint's piece: as it means).

``DragHostBase`` gives defaults for the optional ones.  While a piece is held the host should
not draw it at home (``controller.is_lifted(piece)``) and may mark ``controller.selected``.

Dragging: press on a piece, move, release over a target.  Clicking: press and release on a
piece without moving selects it; the next click on a target places it.  Either way, rotate
with the wheel, right-click or R (intents), cancel with Esc.  A legal drop calls ``apply`` and
shows a short settle ring; an illegal one glides the piece home and keeps ``reason``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Hashable, Iterable, Protocol, Sequence, TypeVar

import pygame

from catgames.core.rules import Reason
from catgames.ui import intents as I
from catgames.ui.art.shadow import draw_lifted
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

CLICK_SLOP = 8.0     #: pointer travel (virtual px) below which a press-release is a click
GLIDE_TIME = 0.22
SETTLE_TIME = 0.3


P = TypeVar("P", bound=Hashable)  #: a piece the player can pick up
T = TypeVar("T", bound=Hashable)  #: a place it can be dropped


class DragHost(Protocol[P, T]):
    def piece_at(self, pos: Point) -> P | None: ...
    def home_of(self, piece: P) -> Point: ...
    def rotations(self, piece: P) -> int: ...
    def legal_targets(self, piece: P, rotation: int) -> Sequence[T]: ...
    def snap(self, piece: P, rotation: int, pos: Point) -> T | None: ...
    def check(self, piece: P, target: T) -> Reason | None: ...
    def drop(self, piece: P, target: T) -> Reason | None: ...
    def target_point(self, target: T) -> Point: ...
    def draw_piece(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None: ...
    def draw_hints(self, canvas: Canvas, piece: P, targets: Sequence[T]) -> None: ...
    def draw_ghost(self, canvas: Canvas, piece: P, target: T, legal: bool) -> None: ...
    def on_pick(self, piece: P) -> None: ...
    def on_reject(self, piece: P, reason: Reason) -> None: ...
    def held_look(self, piece: P, rotation: int, target: T | None) -> Hashable: ...
    def first_rotation(self, piece: P) -> int: ...


class DragHostBase(Generic[P, T]):
    """Defaults for the optional parts of ``DragHost``."""

    def rotations(self, piece: P) -> int:
        return 1

    def draw_hints(self, canvas: Canvas, piece: P, targets: Sequence[T]) -> None:
        pass

    def on_pick(self, piece: P) -> None:
        pass

    def on_reject(self, piece: P, reason: Reason) -> None:
        pass

    def first_rotation(self, piece: P) -> int:
        """How often ``piece`` is turned when taken up (default: not at all)."""
        return 0

    def held_look(self, piece: P, rotation: int, target: T | None) -> Hashable:
        """What else than the piece and its turn decides how ``draw_piece`` paints it while it
        is held (its shadow is kept by that): by default only whether it is over a target."""
        return target is None


def nearest_target(targets: Iterable[T], pos: Point, point_of: Callable[[T], Point],
                   radius: float) -> T | None:
    """The target whose point is closest to ``pos`` within ``radius``, else ``None``."""
    best, best_d = None, radius * radius
    for target in targets:
        x, y = point_of(target)
        d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
        if d <= best_d:
            best, best_d = target, d
    return best


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Motion(Generic[P]):
    """A piece easing from ``start`` to ``end`` over ``duration`` seconds (``piece`` ``None``: the
    settle ring of a drop); tables use it for their own slides too."""

    piece: P | None
    rotation: int
    start: Point
    end: Point
    duration: float
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        return _ease(min(1.0, self.t / self.duration))

    @property
    def pos(self) -> Point:
        k = self.progress
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)


class DragController(Generic[P, T]):
    """Pick up -> highlight legal targets -> snap and preview -> drop (the rules check it once)
    -> settle, or glide back with the reason."""

    def __init__(self, host: DragHost[P, T]) -> None:
        self.host = host
        self.enabled = True
        self.piece: P | None = None
        self.rotation = 0
        self.dragging = False           #: button held since pick-up (else click-selected)
        self.pointer: Point = (0.0, 0.0)
        self.target: T | None = None
        self.target_reason: Reason | None = None
        self.legal: list[T] = []
        self.reason: Reason | None = None  #: why the last drop was refused (until the next pick)
        self._press: Point | None = None
        self._stroke: Point | None = None  #: where a press off any piece began, a piece selected
        self._was_selected = False
        self.anims: list[Motion[P]] = []
        self.dropped_from: Point = (0.0, 0.0)  #: where the last piece placed was let go

    # -- queries ----------------------------------------------------------------------------
    @property
    def holding(self) -> bool:
        return self.piece is not None

    @property
    def selected(self) -> P | None:
        """The click-selected piece (held but not being dragged)."""
        return self.piece if self.piece is not None and not self.dragging else None

    def is_lifted(self, piece: P) -> bool:
        """True while ``piece`` is in the hand or gliding home: do not draw it at home."""
        return (piece == self.piece and self.dragging) or any(a.piece == piece for a in self.anims)

    @property
    def target_legal(self) -> bool:
        return self.target is not None and self.target_reason is None

    # -- actions (also for keyboard play) ----------------------------------------------------
    def pick(self, piece: P, pos: Point | None = None, dragging: bool = False,
             rotation: int | None = None) -> None:
        """Take ``piece`` in hand (keyboard digit keys call this too), turned ``rotation``
        times, by default as the host first offers it (``first_rotation``)."""
        if rotation is None:
            rotation = self.host.first_rotation(piece)
        self.piece, self.rotation, self.dragging = piece, rotation, dragging
        self.pointer = pos if pos is not None else self.host.home_of(piece)
        self.reason = None
        self.host.on_pick(piece)
        self._refresh()

    def point(self, pos: Point) -> None:
        """Move the pointer (the mouse, or a keyboard cursor) and re-snap the held piece."""
        self.pointer = pos
        if self.piece is not None:
            self._resnap()

    def rotate(self, step: int = 1) -> None:
        if self.piece is None:
            return
        self.rotation = (self.rotation + step) % max(1, self.host.rotations(self.piece))
        self._refresh()

    def cancel(self) -> None:
        """Put the held piece back (gliding home if it was being dragged)."""
        if self.piece is not None and self.dragging:
            self._glide_home(self.piece, self.rotation, self.pointer)
        self._release()

    def release(self) -> None:
        """Let go of the held piece at once, without a glide: a move has just changed the table
        it was taken from."""
        self._release()

    def place(self, target: T | None = None) -> bool:
        """Drop the held piece on ``target`` (default: the snapped one); True if it was played.

        The piece leaves the hand first: the move it makes may end the turn."""
        target = self.target if target is None else target
        piece, rotation = self.piece, self.rotation
        if piece is None:
            return False
        if target is None:
            self.cancel()
            return False
        start = self.pointer if self.dragging else self.host.home_of(piece)
        self.dropped_from = start
        self._release()
        reason = self.host.drop(piece, target)
        if reason is None:
            point = self.host.target_point(target)
            self.anims.append(Motion(None, 0, point, point, SETTLE_TIME))
            return True
        self.reason = reason
        self.host.on_reject(piece, reason)
        self._glide_home(piece, rotation, start)
        return False

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Feed one input event; True if the controller used it."""
        if not self.enabled:
            return False
        used = False
        for intent in I.intents_of(event):
            used = self._intent(intent) or used
        return used

    def _intent(self, intent: I.Intent) -> bool:
        kind = intent.kind
        if kind == I.POINT:
            self.point(intent.at)
            return self.dragging
        if kind == I.SELECT:
            return self._press_at(intent.at)
        if kind == I.RELEASE:
            return self._release_at(intent.at)
        if kind == I.ROTATE and self.piece is not None:
            self.rotate(intent.value)
            return True
        if kind == I.BACK and self.piece is not None:
            self.cancel()
            return True
        return False

    def _press_at(self, pos: Point) -> bool:
        self.pointer = pos
        under = self.host.piece_at(pos)
        if self.piece is not None:  # a piece is selected: place it, or switch, or put it back
            if under is None:  # it goes where this press is let go: a click places it here
                self._stroke = pos
                return self.host.snap(self.piece, self.rotation, pos) is not None
            self._was_selected = under == self.piece
            if not self._was_selected:
                self._release()
        if under is None:
            return False
        if self.piece is None:
            self.pick(under, pos, dragging=True)
        else:
            self.dragging = True
        self._press = pos
        self._resnap()
        return True

    def _release_at(self, pos: Point) -> bool:
        stroke, self._stroke = self._stroke, None
        if self.piece is not None and not self.dragging and stroke is not None:
            return self._end_stroke(stroke, pos)
        if self.piece is None or not self.dragging:
            return False
        self.pointer = pos
        press, self._press = self._press, None
        # a piece turned while held was dropped on purpose, even back where it was picked up
        moved = (press is None or self.rotation != 0
                 or (pos[0] - press[0]) ** 2 + (pos[1] - press[1]) ** 2 > CLICK_SLOP ** 2)
        if moved:
            self._resnap()
            self.place()
        elif self._was_selected:  # clicked the selected piece again: put it down
            self._release()
        else:
            self.dragging = False  # a click: the piece stays selected for click-to-place
        self._was_selected = False
        return True

    def _end_stroke(self, start: Point, pos: Point) -> bool:
        """A selected piece and a press off any piece, let go: a click places it on the target
        under the press, a drag on the target where it ends (refused there: the reason shows);
        let go over no target, it stays selected."""
        moved = (pos[0] - start[0]) ** 2 + (pos[1] - start[1]) ** 2 > CLICK_SLOP ** 2
        self.point(pos if moved else start)
        if self.target is None:
            return False
        self.place()
        return True

    # -- internals ---------------------------------------------------------------------------
    def _refresh(self) -> None:
        if self.piece is not None:
            self.legal = list(self.host.legal_targets(self.piece, self.rotation))
        self._resnap()

    def _resnap(self) -> None:
        if self.piece is None:
            return
        target = self.host.snap(self.piece, self.rotation, self.pointer)
        if target != self.target:
            self.target = target
            self.target_reason = None if target is None else self.host.check(self.piece, target)

    def _glide_home(self, piece: P, rotation: int, start: Point) -> None:
        self.anims.append(Motion(piece, rotation, start, self.host.home_of(piece), GLIDE_TIME))

    def _release(self) -> None:
        self.piece, self.dragging, self.target, self.target_reason = None, False, None, None
        self.legal, self._press, self._was_selected = [], None, False

    def animating(self) -> bool:
        """A piece glides home or a drop's ring settles (a held piece moves only with input)."""
        return bool(self.anims)

    def update(self, dt: float) -> None:
        for anim in self.anims:
            anim.t += dt
        self.anims = [a for a in self.anims if not a.done]

    def draw(self, canvas: Canvas) -> None:
        """Hints, then the ghost, then the piece in hand and any gliding pieces, on top."""
        piece = self.piece
        if piece is not None:
            self.host.draw_hints(canvas, piece, self.legal)
            if self.target is not None:
                self.host.draw_ghost(canvas, piece, self.target, self.target_reason is None)
            if self.dragging:
                self._draw_lifted(canvas, piece, self.rotation, self.pointer)
        for anim in self.anims:
            if anim.piece is not None:
                self._draw_lifted(canvas, anim.piece, anim.rotation, anim.pos)
            else:
                radius = 14 + 40 * anim.progress
                canvas.circle(palette().ok, anim.pos, radius, width=max(1, 5 * (1 - anim.progress)))

    def _draw_lifted(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None:
        """A piece off the table (in the hand, or gliding home), over its larger shadow (a
        host may draw a piece otherwise, or not at all, over a target: its shadow follows)."""
        look = self.host.held_look(piece, rotation, self.target)
        draw_lifted(canvas, (type(self.host).__name__, piece, rotation, look, canvas.text_scale), center,
                    lambda c, at: self.host.draw_piece(c, piece, rotation, at))
